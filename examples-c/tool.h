/*
 * tool.h — what the commands of the `snaplayout` tool share: reading a configuration, option
 * values, loading a layout at a container size, the library's errors, numbers and JSON strings.
 *
 * The tool is snaplayout.c (the command dispatch, `help`, and the default command that prints
 * a layout's elements) and one file per subcommand: cmd_render.c, cmd_check.c, cmd_resolve.c.
 * Each command's main takes its own argv (argv[0] is the command's name) and returns the exit
 * status: 0 on success, 1 when the library refuses the configuration or a request, 2 for a bad
 * command line (`check` uses 1 and 2 as its help says). docs/TOOL.md is the guide.
 */
#ifndef SNAPLAYOUT_TOOL_H
#define SNAPLAYOUT_TOOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "snaplayout.h"

/* The container size used when neither the configuration nor the command line gives one. */
#define TOOL_DEFAULT_WIDTH 390.0
#define TOOL_DEFAULT_HEIGHT 844.0
/* The largest container the library accepts (the header's bound), and --offset's count. */
#define TOOL_MAX_LENGTH 1e12
#define TOOL_MAX_OFFSETS 64

/* What loads a layout: the configuration, its container size and orthogonal offsets. */
typedef struct tool_layout_options {
  const char *path;     /* NULL: the built-in App Store layout; "-": standard input */
  double width, height; /* 0: the configuration's, else TOOL_DEFAULT_WIDTH x _HEIGHT */
  int offset_count;
  int32_t offset_sections[TOOL_MAX_OFFSETS];
  double offsets[TOOL_MAX_OFFSETS];
} tool_layout_options;

/* The built-in configuration (examples-c/appstore.json) and its length. */
const char *tool_default_config(size_t *out_length);

/* Reads a whole file ("-": standard input) into a malloc'd buffer; NULL with errno set. */
char *tool_read_file(const char *path, size_t *out_length);

/* A finite number, the whole of `text`. Returns 1, or 0 when it is not one. */
int tool_parse_number(const char *text, double *out);

/* WIDTHxHEIGHT, each > 0 and at most TOOL_MAX_LENGTH. Returns 1, or 0. */
int tool_parse_size(const char *text, double *width, double *height);

/*
 * Takes an option every layout-loading command has (--size WxH, --offset S=X) or the
 * configuration's path. Returns 1 when taken (`*used` = 1 when it took `value` too), 0 for a
 * bad one (after a message), -1 when `arg` is none of them.
 */
int tool_parse_layout_option(const char *arg, const char *value, tool_layout_options *options,
                             int *used);

/*
 * Loads the configuration (the built-in one without a path), sizes it and scrolls its
 * orthogonal sections. Returns 0 with the layout in `*out`, or the exit status (1) after a
 * message naming what failed.
 */
int tool_load_layout(const tool_layout_options *options, sl_layout **out);

/* Prints "snaplayout: WHAT: <the calling thread's last error> (at PATH) [STATUS]" to standard
   error and returns 1. */
int tool_report(const char *what);

/* The header's name of a status code ("SL_ECONFIG"), "SL_E?" for an unknown one. */
const char *tool_status_name(int status);

/* The shortest text that reads back as `value` ("0.1", "331.6666666666667", "1e+20"; "0" for
   -0), JSON's "null" for NaN and infinities, written to `text` and returned. */
#define TOOL_NUMBER_SIZE 40
const char *tool_format_number(char text[TOOL_NUMBER_SIZE], double value);

/* Writes tool_format_number's text. */
void tool_print_number(FILE *out, double value);

/* Writes `text` as a JSON string: quoted, escaped, ill-formed UTF-8 replaced by U+FFFD. */
void tool_print_json_string(FILE *out, const char *text);

/* Writes `text` on one line: control characters as \n, \t, \r or \xHH. */
void tool_print_line_text(FILE *out, const char *text);

/* The subcommands (cmd_*.c): their main and their help. */
int cmd_render_main(int argc, char **argv);
void cmd_render_usage(FILE *out);
int cmd_check_main(int argc, char **argv);
void cmd_check_usage(FILE *out);
int cmd_resolve_main(int argc, char **argv);
void cmd_resolve_usage(FILE *out);

#endif /* SNAPLAYOUT_TOOL_H */
