/*
 * snaplayout — print the frames of a SnapLayout configuration.
 *
 *   snaplayout                      the built-in App Store layout, as a table
 *   snaplayout layout.json          a configuration file ('-' reads standard input)
 *   snaplayout --size 768x1024 --json --rect 0,0,768,1024 layout.json
 *
 * Run `snaplayout --help` for every option. Exit status: 0 on success, 1 when the library
 * refuses the configuration or a request, 2 for a bad command line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "appstore_json.h" /* snaplayout_default_config, generated from appstore.json */
#include "snaplayout.h"

#define MAX_OFFSETS 64

typedef struct options {
  const char *path; /* NULL: the built-in layout */
  double width, height; /* 0: from the configuration, else 390 x 844 */
  int has_rect;
  sl_rect rect;
  int json;
  int offset_count;
  int32_t offset_sections[MAX_OFFSETS];
  double offsets[MAX_OFFSETS];
} options;

static void usage(FILE *out) {
  fputs(
      "usage: snaplayout [options] [config.json | -]\n"
      "\n"
      "Prints every element of a SnapLayout configuration (cells, headers, footers,\n"
      "badges, backgrounds) with its frame. Without a file it uses the built-in\n"
      "App Store layout: a centred banner carousel, a 3-column grid and a list.\n"
      "\n"
      "options:\n"
      "  --size WxH         container size (default: the configuration's, else 390x844)\n"
      "  --rect X,Y,W,H     only elements intersecting this rect (default: all)\n"
      "  --offset S=X       scroll orthogonal section S to offset X (repeatable)\n"
      "  --json             print JSON (sl_layout_copy_json) instead of a table\n"
      "  --print-default    print the built-in configuration and exit\n"
      "  --version          print the library version and exit\n"
      "  --help             print this help and exit\n",
      out);
}

static int parse_number(const char *text, double *out) {
  char *end;
  errno = 0;
  *out = strtod(text, &end);
  return errno == 0 && end != text && *end == '\0';
}

static int parse_options(int argc, char **argv, options *opts) {
  memset(opts, 0, sizeof *opts);
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(arg, "--help") == 0) {
      usage(stdout);
      exit(0);
    } else if (strcmp(arg, "--version") == 0) {
      printf("snaplayout %s\n", sl_version_string());
      exit(0);
    } else if (strcmp(arg, "--print-default") == 0) {
      fputs(snaplayout_default_config, stdout);
      exit(0);
    } else if (strcmp(arg, "--json") == 0) {
      opts->json = 1;
    } else if (strcmp(arg, "--size") == 0 && value) {
      char *end;
      opts->width = strtod(value, &end);
      if (*end != 'x' || !parse_number(end + 1, &opts->height)) {
        fprintf(stderr, "snaplayout: --size takes WIDTHxHEIGHT, e.g. 390x844\n");
        return 0;
      }
      i++;
    } else if (strcmp(arg, "--rect") == 0 && value) {
      sl_rect *r = &opts->rect;
      char extra;
      if (sscanf(value, "%lf,%lf,%lf,%lf%c", &r->x, &r->y, &r->width, &r->height, &extra) != 4) {
        fprintf(stderr, "snaplayout: --rect takes X,Y,WIDTH,HEIGHT\n");
        return 0;
      }
      opts->has_rect = 1;
      i++;
    } else if (strcmp(arg, "--offset") == 0 && value) {
      int section;
      double offset;
      char extra;
      if (opts->offset_count == MAX_OFFSETS ||
          sscanf(value, "%d=%lf%c", &section, &offset, &extra) != 2) {
        fprintf(stderr, "snaplayout: --offset takes SECTION=OFFSET (at most %d times)\n",
                MAX_OFFSETS);
        return 0;
      }
      opts->offset_sections[opts->offset_count] = section;
      opts->offsets[opts->offset_count++] = offset;
      i++;
    } else if (arg[0] == '-' && arg[1] != '\0') {
      fprintf(stderr, "snaplayout: unknown or incomplete option '%s'\n", arg);
      return 0;
    } else if (opts->path) {
      fprintf(stderr, "snaplayout: only one configuration file, please\n");
      return 0;
    } else {
      opts->path = arg;
    }
  }
  return 1;
}

/* Reads a file ('-' = standard input) into a malloc'd buffer. */
static char *read_text(const char *path, size_t *out_length) {
  FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!file) return NULL;
  size_t capacity = 1 << 16, length = 0, n;
  char *text = malloc(capacity);
  while (text && (n = fread(text + length, 1, capacity - length, file)) > 0) {
    length += n;
    if (length == capacity) {
      char *bigger = realloc(text, capacity *= 2);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  if (file != stdin) fclose(file);
  *out_length = length;
  return text;
}

/* Prints the calling thread's last error and returns 1. */
static int report(const char *what) {
  const sl_error *error = sl_error_last();
  fprintf(stderr, "snaplayout: %s: %s", what, error->message);
  if (error->path[0]) fprintf(stderr, " (at %s)", error->path);
  fprintf(stderr, " [%s]\n", sl_status_string(error->code));
  return 1;
}

static const char *category_name(int32_t category) {
  switch (category) {
    case SL_ELEMENT_CELL: return "cell";
    case SL_ELEMENT_SUPPLEMENTARY: return "supplementary";
    default: return "decoration";
  }
}

static int print_table(sl_layout *layout, const options *opts) {
  /* Every element, also those of orthogonal sections scrolled out of the content rect. */
  sl_rect everything = {-1e15, -1e15, 2e15, 2e15};
  sl_rect rect = opts->has_rect ? opts->rect : everything;
  size_t count = 0;
  if (sl_layout_get_elements_in_rect(layout, rect, NULL, 0, &count) != SL_OK) {
    return report("cannot list the elements");
  }
  sl_element *elements = calloc(count ? count : 1, sizeof *elements);
  if (!elements) return 1;
  if (sl_layout_get_elements_in_rect(layout, rect, elements, count, &count) != SL_OK) {
    free(elements);
    return report("cannot list the elements");
  }
  sl_size container, content;
  sl_layout_get_container_size(layout, &container);
  sl_layout_get_content_size(layout, &content);
  printf("%s, container %g x %g, content %g x %g, %zu elements\n\n",
         opts->path ? opts->path : "built-in App Store layout", container.width,
         container.height, content.width, content.height, count);
  printf("%-13s %-12s %7s %7s %10s %10s %10s %10s %4s %6s\n", "category", "kind", "section",
         "item", "x", "y", "width", "height", "z", "scale");
  for (size_t i = 0; i < count; i++) {
    const sl_element *e = &elements[i];
    const char *kind = "?";
    sl_layout_get_element_kind_name(layout, e->kind, &kind);
    printf("%-13s %-12.12s %7d %7lld %10.2f %10.2f %10.2f %10.2f %4d %6.3f\n",
           category_name(e->category), kind, e->section, (long long)e->item, e->frame.x,
           e->frame.y, e->frame.width, e->frame.height, e->z_index, e->transform.a);
  }
  free(elements);
  return 0;
}

static int print_json(sl_layout *layout, const options *opts) {
  char *json = NULL;
  size_t length = 0;
  if (sl_layout_copy_json(layout, opts->has_rect ? &opts->rect : NULL, &json, &length) != SL_OK) {
    return report("cannot write JSON");
  }
  fwrite(json, 1, length, stdout);
  sl_free(json);
  return 0;
}

int main(int argc, char **argv) {
  options opts;
  if (!parse_options(argc, argv, &opts)) {
    usage(stderr);
    return 2;
  }
  size_t length = strlen(snaplayout_default_config);
  char *text = NULL;
  if (opts.path) {
    text = read_text(opts.path, &length);
    if (!text) {
      fprintf(stderr, "snaplayout: cannot read '%s': %s\n", opts.path, strerror(errno));
      return 1;
    }
  }
  sl_layout *layout = NULL;
  int status = sl_layout_create(text ? text : snaplayout_default_config, length, &layout);
  free(text);
  if (status != SL_OK) {
    const sl_error *error = sl_error_last();
    if (error->line > 0) {
      fprintf(stderr, "snaplayout: %s: %s\n", opts.path ? opts.path : "(built-in)",
              error->message);
      return 1;
    }
    return report("cannot load the configuration");
  }

  int result = 0;
  sl_size size;
  if (opts.width > 0 || sl_layout_get_container_size(layout, &size) != SL_OK) {
    double width = opts.width > 0 ? opts.width : 390;
    double height = opts.height > 0 ? opts.height : 844;
    if (sl_layout_set_container_size(layout, width, height) != SL_OK) {
      result = report("cannot lay out at this size");
    }
  }
  for (int i = 0; result == 0 && i < opts.offset_count; i++) {
    if (sl_layout_set_section_offset(layout, opts.offset_sections[i], opts.offsets[i]) != SL_OK) {
      result = report("cannot set the section offset");
    }
  }
  if (result == 0) result = opts.json ? print_json(layout, &opts) : print_table(layout, &opts);
  sl_layout_destroy(layout);
  return result;
}
