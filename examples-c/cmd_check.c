/*
 * cmd_check.c — `snaplayout check`: validates configuration files and prints each error where
 * an editor can jump to it, FILE:LINE:COLUMN: POINTER: MESSAGE, as compilers print theirs.
 *
 * A file is valid when sl_layout_create accepts it and it can be laid out in its container:
 * some rules depend on the container's size (a group that cannot fit one item). Syntax errors
 * come with the library's own line and column; a configuration error's JSON Pointer is found
 * again in the text (json_locate.c). docs/TOOL.md describes the output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_locate.h"
#include "tool.h"

#define MAX_SIZES 16

/* Exit statuses. */
#define CHECK_VALID 0
#define CHECK_INVALID 1
#define CHECK_TROUBLE 2 /* a bad command line, a file that cannot be read */

typedef struct check_options {
  int quiet;
  int json;
  int size_count;
  double widths[MAX_SIZES], heights[MAX_SIZES];
  int file_count;
  char **files; /* into argv */
} check_options;

void cmd_check_usage(FILE *out) {
  fputs(
      "usage: snaplayout check [options] FILE...\n"
      "\n"
      "Validates SnapLayout configurations. Each FILE ('-' reads standard input) is\n"
      "created with sl_layout_create, then laid out in a container, which checks the\n"
      "rules that depend on its size. The container is the configuration's own\n"
      "(environment.container) when it states one, else each --size given, else\n"
      "390x844.\n"
      "\n"
      "Each error is one line, as compilers print theirs (editors jump to it):\n"
      "  FILE:LINE:COLUMN: POINTER: MESSAGE\n"
      "LINE and COLUMN are 1-based, the column in bytes: for a syntax error the\n"
      "library's own; otherwise where the text holds what the JSON Pointer names\n"
      "(the key itself for an unknown key, the enclosing object for a missing one).\n"
      "The pointer is left out when it is empty (the whole document, syntax errors).\n"
      "An error of laying out ends with the container, e.g. '(container 390x844)'.\n"
      "A valid file prints 'FILE: ok'. Standard input is named <stdin>.\n"
      "\n"
      "options:\n"
      "  --size WxH     lay out at this container size, for configurations without\n"
      "                 one of their own (repeatable: each size is checked)\n"
      "  -q, --quiet    print nothing for valid files\n"
      "  --json         output format: one JSON object per line for each error,\n"
      "                 {\"file\", \"line\", \"column\", \"pointer\", \"message\",\n"
      "                 \"status\", \"container\"} (a switch; it takes no value)\n"
      "  --             the arguments after it are files, also those starting with '-'\n"
      "  --help         print this help and exit\n"
      "\n"
      "Exit status: 0 when every file is valid, 1 when any is invalid, 2 for a bad\n"
      "command line or a file that cannot be read (then the other files are checked\n"
      "all the same).\n",
      out);
}

static int parse_check_options(int argc, char **argv, check_options *opts) {
  memset(opts, 0, sizeof *opts);
  opts->files = argv + 1;
  int files_only = 0;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (files_only || arg[0] != '-' || strcmp(arg, "-") == 0) {
      opts->files[opts->file_count++] = argv[i];
    } else if (strcmp(arg, "--") == 0) {
      files_only = 1;
    } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      cmd_check_usage(stdout);
      exit(0);
    } else if (strcmp(arg, "-q") == 0 || strcmp(arg, "--quiet") == 0) {
      opts->quiet = 1;
    } else if (strcmp(arg, "--json") == 0) {
      opts->json = 1;
    } else if (strcmp(arg, "--size") == 0 && i + 1 < argc) {
      const char *value = argv[++i];
      if (opts->size_count == MAX_SIZES ||
          !tool_parse_size(value, &opts->widths[opts->size_count],
                           &opts->heights[opts->size_count])) {
        fprintf(stderr, "snaplayout: check: --size takes WIDTHxHEIGHT, e.g. 390x844 (each > 0 "
                        "and at most 1e12; at most %d sizes), not '%s'\n", MAX_SIZES, value);
        return 0;
      }
      opts->size_count++;
    } else {
      fprintf(stderr, "snaplayout: check: unknown or incomplete option '%s'\n", arg);
      return 0;
    }
  }
  if (opts->file_count == 0) {
    fprintf(stderr, "snaplayout: check: no FILE to check ('-' reads standard input)\n");
    return 0;
  }
  return 1;
}

/* Where an error is in the text: 0 when it has no place (no line and column). */
static int error_position(const sl_error *error, const char *text, size_t length, long *line,
                          long *column) {
  if (error->code == SL_EPARSE) {
    *line = error->line;
    *column = error->column;
    return error->line > 0;
  }
  if (error->code != SL_ECONFIG) return 0;
  /* An unknown key is shown at the key; a pointer as long as the library's limit (1,023
     bytes, cut on a character boundary) may have been cut inside its last key. */
  unsigned flags = strncmp(error->message, "unknown key '", 13) == 0 ? JSON_LOCATE_KEY : 0;
  if (strlen(error->path) >= 1020) flags |= JSON_LOCATE_CUT;
  json_location location;
  if (json_locate(text, length, error->path, flags, &location) != 0) return 0;
  *line = location.line;
  *column = location.column;
  return 1;
}

/* Prints the calling thread's last error, of `label`'s text; `size` is the container of a
   layout error, or NULL. */
static void print_error(const check_options *opts, const char *label, const char *text,
                        size_t length, const sl_size *size) {
  const sl_error *error = sl_error_last();
  long line = 0, column = 0;
  int placed = error_position(error, text, length, &line, &column);
  if (opts->json) {
    fputs("{\"file\": ", stdout);
    tool_print_json_string(stdout, label);
    if (placed) printf(", \"line\": %ld, \"column\": %ld", line, column);
    fputs(", \"pointer\": ", stdout);
    tool_print_json_string(stdout, error->path);
    fputs(", \"message\": ", stdout);
    tool_print_json_string(stdout, error->message);
    printf(", \"status\": \"%s\"", tool_status_name(error->code));
    if (size) {
      fputs(", \"container\": {\"width\": ", stdout);
      tool_print_number(stdout, size->width);
      fputs(", \"height\": ", stdout);
      tool_print_number(stdout, size->height);
      fputc('}', stdout);
    }
    fputs("}\n", stdout);
    return;
  }
  tool_print_line_text(stdout, label);
  if (placed) printf(":%ld:%ld", line, column);
  fputs(": ", stdout);
  if (error->path[0]) {
    tool_print_line_text(stdout, error->path);
    fputs(": ", stdout);
  }
  tool_print_line_text(stdout, error->message);
  if (size) {
    fputs(" (container ", stdout);
    tool_print_number(stdout, size->width);
    fputc('x', stdout);
    tool_print_number(stdout, size->height);
    fputc(')', stdout);
  }
  fputc('\n', stdout);
}

/* Checks one file. Returns CHECK_VALID, CHECK_INVALID or CHECK_TROUBLE. */
static int check_file(const check_options *opts, const char *path) {
  const char *label = strcmp(path, "-") == 0 ? "<stdin>" : path;
  size_t length = 0;
  char *text = tool_read_file(path, &length);
  if (!text) {
    int error = errno;
    fputs("snaplayout: ", stderr);
    tool_print_line_text(stderr, label);
    fprintf(stderr, ": cannot read: %s\n", strerror(error));
    return CHECK_TROUBLE;
  }
  sl_layout *layout = NULL;
  int result = CHECK_VALID;
  sl_size own;
  if (sl_layout_create(text, length, &layout) != SL_OK) {
    int code = sl_error_last()->code;
    print_error(opts, label, text, length, NULL);
    result = code == SL_EPARSE || code == SL_ECONFIG ? CHECK_INVALID : CHECK_TROUBLE;
  } else if (sl_layout_get_container_size(layout, &own) != SL_OK) {
    /* No container of its own: each size given, or the default. */
    int count = opts->size_count > 0 ? opts->size_count : 1;
    for (int i = 0; i < count; i++) {
      sl_size size = {TOOL_DEFAULT_WIDTH, TOOL_DEFAULT_HEIGHT};
      if (opts->size_count > 0) size = (sl_size){opts->widths[i], opts->heights[i]};
      if (sl_layout_set_container_size(layout, size.width, size.height) != SL_OK) {
        int code = sl_error_last()->code;
        print_error(opts, label, text, length, &size);
        if (result == CHECK_VALID) result = code == SL_ECONFIG ? CHECK_INVALID : CHECK_TROUBLE;
      }
    }
  }
  if (result == CHECK_VALID && !opts->quiet && !opts->json) {
    tool_print_line_text(stdout, label);
    fputs(": ok\n", stdout);
  }
  sl_layout_destroy(layout);
  free(text);
  return result;
}

int cmd_check_main(int argc, char **argv) {
  check_options opts;
  if (!parse_check_options(argc, argv, &opts)) {
    cmd_check_usage(stderr);
    return CHECK_TROUBLE;
  }
  int worst = CHECK_VALID;
  for (int i = 0; i < opts.file_count; i++) {
    int result = check_file(&opts, opts.files[i]);
    if (result > worst) worst = result;
    fflush(stdout);
  }
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "snaplayout: check: cannot write the report: %s\n", strerror(errno));
    return CHECK_TROUBLE;
  }
  return worst;
}
