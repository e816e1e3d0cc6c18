/*
 * snaplayout — print the frames of a SnapLayout configuration.
 *
 *   snaplayout                      the built-in App Store layout, as a table
 *   snaplayout layout.json          a configuration file ('-' reads standard input)
 *   snaplayout --size 768x1024 --json --rect 0,0,768,1024 layout.json
 *   snaplayout render --content -o layout.svg [layout.json]   a picture (render.c)
 *
 * Run `snaplayout --help` (or `snaplayout render --help`) for every option. Exit status: 0 on
 * success, 1 when the library refuses the configuration or a request, 2 for a bad command line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "appstore_json.h" /* snaplayout_default_config, generated from appstore.json */
#include "render.h"
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

/*
 * Parses an option both commands take (--size, --offset) or the configuration's path.
 * Returns 1 when taken (`*used` = 1 when it took `value` too), 0 for a bad one (after a
 * message), -1 when `arg` is none of them.
 */
static int parse_shared(const char *arg, const char *value, options *opts, int *used) {
  *used = 0;
  if (strcmp(arg, "--size") == 0 && value) {
    char *end;
    opts->width = strtod(value, &end);
    if (*end != 'x' || !parse_number(end + 1, &opts->height)) {
      fprintf(stderr, "snaplayout: --size takes WIDTHxHEIGHT, e.g. 390x844\n");
      return 0;
    }
    *used = 1;
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
    *used = 1;
  } else if (arg[0] == '-' && arg[1] != '\0') {
    return -1;
  } else if (opts->path) {
    fprintf(stderr, "snaplayout: only one configuration file, please\n");
    return 0;
  } else {
    opts->path = arg;
  }
  return 1;
}

static int parse_options(int argc, char **argv, options *opts) {
  memset(opts, 0, sizeof *opts);
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    int used = 0;
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
    } else if (strcmp(arg, "--rect") == 0 && value) {
      sl_rect *r = &opts->rect;
      char extra;
      if (sscanf(value, "%lf,%lf,%lf,%lf%c", &r->x, &r->y, &r->width, &r->height, &extra) != 4) {
        fprintf(stderr, "snaplayout: --rect takes X,Y,WIDTH,HEIGHT\n");
        return 0;
      }
      opts->has_rect = 1;
      i++;
    } else {
      int taken = parse_shared(arg, value, opts, &used);
      if (taken < 0) {
        fprintf(stderr, "snaplayout: unknown or incomplete option '%s'\n", arg);
        return 0;
      }
      if (taken == 0) return 0;
      i += used;
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

/*
 * Loads the configuration (the built-in one without a path), sizes it and scrolls its
 * orthogonal sections. Returns 0 with the layout in `*out`, or the exit status after a message.
 */
static int load_layout(const options *opts, sl_layout **out) {
  size_t length = strlen(snaplayout_default_config);
  char *text = NULL;
  if (opts->path) {
    text = read_text(opts->path, &length);
    if (!text) {
      fprintf(stderr, "snaplayout: cannot read '%s': %s\n", opts->path, strerror(errno));
      return 1;
    }
  }
  sl_layout *layout = NULL;
  int status = sl_layout_create(text ? text : snaplayout_default_config, length, &layout);
  free(text);
  if (status != SL_OK) {
    const sl_error *error = sl_error_last();
    if (error->line > 0) {
      fprintf(stderr, "snaplayout: %s: %s\n", opts->path ? opts->path : "(built-in)",
              error->message);
      return 1;
    }
    return report("cannot load the configuration");
  }

  int result = 0;
  sl_size size;
  if (opts->width > 0 || sl_layout_get_container_size(layout, &size) != SL_OK) {
    double width = opts->width > 0 ? opts->width : 390;
    double height = opts->height > 0 ? opts->height : 844;
    if (sl_layout_set_container_size(layout, width, height) != SL_OK) {
      result = report("cannot lay out at this size");
    }
  }
  for (int i = 0; result == 0 && i < opts->offset_count; i++) {
    if (sl_layout_set_section_offset(layout, opts->offset_sections[i], opts->offsets[i]) != SL_OK) {
      result = report("cannot set the section offset");
    }
  }
  if (result != 0) {
    sl_layout_destroy(layout);
    return result;
  }
  *out = layout;
  return 0;
}

/* --- snaplayout render ---------------------------------------------------------------------- */

typedef struct render_command {
  options shared;       /* --size, --offset, the path */
  render_options render;
  const char *output;   /* NULL: standard output */
  int png;              /* -1: from the output's name */
  double zoom;
} render_command;

static void render_usage(FILE *out) {
  fputs(
      "usage: snaplayout render [options] [config.json | -]\n"
      "\n"
      "Draws a SnapLayout configuration (without a file, the built-in App Store\n"
      "layout) as an SVG or PNG picture: cells, headers, footers, badges and\n"
      "backgrounds in z order with their scale, each labelled, and the viewport.\n"
      "The SVG is deterministic: the same layout and options give the same bytes.\n"
      "\n"
      "options:\n"
      "  --size WxH           container size (default: the configuration's, else 390x844)\n"
      "  --offset S=X         scroll orthogonal section S to offset X (repeatable)\n"
      "  --scroll Y           set the main scroll offset (default: its initial offset)\n"
      "  --motion C=FROM:VELOCITY@T\n"
      "                       a drag on container C (a section, or 'main') touches down\n"
      "                       at the container's offset and is released at offset FROM\n"
      "                       (or 'touch+D' / 'touch-D': D points from the touch-down)\n"
      "                       with VELOCITY points per second; the scroll is resolved\n"
      "                       and its motion drawn at T seconds, or at T% of its\n"
      "                       duration with 'T%' (repeatable, applied in order)\n"
      "  --viewport           draw what is on screen (the default)\n"
      "  --content            draw the whole content, the viewport outlined\n"
      "  --rect X,Y,W,H       draw this rect of the content, the viewport outlined\n"
      "  --margin M[,V]       room around the drawing in points (M left and right, V\n"
      "                       above and below, default M), where cells clipped by\n"
      "                       the screen show faded (default 16, 24 with --content\n"
      "                       or --rect)\n"
      "  --title TEXT         the title line (default: the configuration's file name)\n"
      "  --no-legend          leave out the legend\n"
      "  --format svg|png     the picture's format (default: png when the output's\n"
      "                       name ends in .png, else svg); png runs rsvg-convert\n"
      "  --zoom Z             PNG pixels per point (default 2)\n"
      "  -o FILE              write the picture to FILE (default: standard output)\n"
      "  --help               print this help and exit\n"
      "\n"
      "Exit status: 0, 1 when the library refuses the configuration or a request\n"
      "(or the picture cannot be written), 2 for a bad command line.\n",
      out);
}

/* A --motion value: C=FROM:VELOCITY@T, FROM a number or touch+D / touch-D, T seconds or T%. */
static int parse_motion(const char *text, render_motion *motion) {
  char buffer[256];
  memset(motion, 0, sizeof *motion);
  if (strlen(text) >= sizeof buffer) return 0;
  strcpy(buffer, text);
  char *equals = strchr(buffer, '='), *at = strrchr(buffer, '@');
  if (!equals || !at || at < equals) return 0;
  *equals = '\0';
  *at = '\0';
  char *colon = strrchr(equals + 1, ':');
  if (!colon) return 0;
  *colon = '\0';
  double container;
  if (strcmp(buffer, "main") == 0) {
    motion->container = SL_SCROLL_MAIN;
  } else if (parse_number(buffer, &container) && container >= 0 && container <= 2147483647.0 &&
             container == (double)(int32_t)container) {
    motion->container = (int32_t)container;
  } else {
    return 0;
  }
  const char *from = equals + 1;
  if (strncmp(from, "touch", 5) == 0) {
    motion->from_touch = 1;
    from += 5;
    if (*from != '+' && *from != '-') return 0;
  }
  if (!parse_number(from, &motion->release) || !parse_number(colon + 1, &motion->velocity))
    return 0;
  size_t n = strlen(at + 1);
  if (n > 0 && at[n] == '%') {
    motion->percent = 1;
    at[n] = '\0';
  }
  return parse_number(at + 1, &motion->time) && motion->time >= 0 &&
         motion->time <= 1e6;
}

/* A number option's value that must be finite and within [low, high]. */
static int parse_bounded(const char *text, double low, double high, double *out) {
  return parse_number(text, out) && *out >= low && *out <= high;
}

static int parse_render_options(int argc, char **argv, render_command *cmd) {
  memset(cmd, 0, sizeof *cmd);
  cmd->render.margin_x = cmd->render.margin_y = -1;
  cmd->png = -1;
  cmd->zoom = 2;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    render_options *r = &cmd->render;
    int used = 1, ok = 1, generic = 0; /* generic: say the value is bad */
    if (strcmp(arg, "--help") == 0) {
      render_usage(stdout);
      exit(0);
    } else if (strcmp(arg, "--content") == 0) {
      r->area = RENDER_CONTENT;
      used = 0;
    } else if (strcmp(arg, "--viewport") == 0) {
      r->area = RENDER_VIEWPORT;
      used = 0;
    } else if (strcmp(arg, "--no-legend") == 0) {
      r->no_legend = 1;
      used = 0;
    } else if (!value && arg[0] == '-' && arg[1] != '\0') {
      ok = -1;
    } else if (strcmp(arg, "--scroll") == 0) {
      r->has_scroll = 1;
      ok = parse_bounded(value, -1e12, 1e12, &r->scroll);
      generic = 1;
    } else if (strcmp(arg, "--motion") == 0) {
      ok = r->motion_count < RENDER_MAX_MOTIONS &&
           parse_motion(value, &r->motions[r->motion_count++]);
      if (!ok)
        fprintf(stderr, "snaplayout: --motion takes CONTAINER=FROM:VELOCITY@TIME, e.g. "
                "0=touch+40:1500@50%% (at most %d times)\n", RENDER_MAX_MOTIONS);
    } else if (strcmp(arg, "--rect") == 0) {
      sl_rect *rect = &r->rect;
      char extra;
      r->area = RENDER_RECT;
      ok = sscanf(value, "%lf,%lf,%lf,%lf%c", &rect->x, &rect->y, &rect->width, &rect->height,
                  &extra) == 4 && rect->width > 0 && rect->height > 0 &&
           rect->width <= 1e6 && rect->height <= 1e6 && rect->x > -1e12 && rect->x < 1e12 &&
           rect->y > -1e12 && rect->y < 1e12;
      if (!ok) fprintf(stderr, "snaplayout: --rect takes X,Y,WIDTH,HEIGHT (sizes > 0)\n");
    } else if (strcmp(arg, "--margin") == 0) {
      char extra;
      int n = sscanf(value, "%lf,%lf%c", &r->margin_x, &r->margin_y, &extra);
      if (n == 1) r->margin_y = r->margin_x;
      ok = (n == 1 || n == 2) && r->margin_x >= 0 && r->margin_x <= 10000 &&
           r->margin_y >= 0 && r->margin_y <= 10000;
      generic = 1;
    } else if (strcmp(arg, "--title") == 0) {
      r->title = value;
    } else if (strcmp(arg, "--format") == 0) {
      ok = strcmp(value, "svg") == 0 || strcmp(value, "png") == 0;
      cmd->png = strcmp(value, "png") == 0;
      generic = 1;
    } else if (strcmp(arg, "--zoom") == 0) {
      ok = parse_bounded(value, 0.05, 32, &cmd->zoom);
      generic = 1;
    } else if (strcmp(arg, "-o") == 0 || strcmp(arg, "--output") == 0) {
      cmd->output = value;
    } else {
      ok = parse_shared(arg, value, &cmd->shared, &used);
    }
    if (ok < 0) {
      fprintf(stderr, "snaplayout: unknown or incomplete option '%s'\n", arg);
      return 0;
    }
    if (!ok) {
      if (generic) fprintf(stderr, "snaplayout: bad value '%s' for %s\n", value, arg);
      return 0;
    }
    i += used;
  }
  if (cmd->png < 0) {
    size_t n = cmd->output ? strlen(cmd->output) : 0;
    cmd->png = n > 4 && strcmp(cmd->output + n - 4, ".png") == 0;
  }
  return 1;
}

/* The configuration's file name, without its folders: the default title. */
static const char *default_title(const char *path) {
  if (!path) return "built-in App Store layout";
  if (strcmp(path, "-") == 0) return "standard input";
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

static int render_command_main(int argc, char **argv) {
  render_command cmd;
  if (!parse_render_options(argc, argv, &cmd)) {
    render_usage(stderr);
    return 2;
  }
  if (!cmd.render.title) cmd.render.title = default_title(cmd.shared.path);
  sl_layout *layout = NULL;
  int status = load_layout(&cmd.shared, &layout);
  if (status != 0) return status;

  /* The SVG goes to memory first, so that a failure leaves no half-written picture. */
  char *svg = NULL;
  size_t length = 0;
  const char *failed = NULL;
  FILE *memory = open_memstream(&svg, &length);
  if (!memory) {
    fprintf(stderr, "snaplayout: out of memory\n");
    sl_layout_destroy(layout);
    return 1;
  }
  status = render_svg(layout, &cmd.render, memory, &failed);
  if (fclose(memory) != 0 && status == 0) {
    fprintf(stderr, "snaplayout: out of memory\n");
    status = 1;
  }
  if (status != 0 && failed) report(failed);
  sl_layout_destroy(layout);
  if (status == 0 && cmd.png) {
    status = render_png(svg, length, cmd.output, cmd.zoom);
  } else if (status == 0) {
    int to_stdout = !cmd.output || strcmp(cmd.output, "-") == 0;
    FILE *out = to_stdout ? stdout : fopen(cmd.output, "wb");
    int written = out && fwrite(svg, 1, length, out) == length;
    if (out) written = (to_stdout ? fflush(out) : fclose(out)) == 0 && written;
    if (!written) {
      fprintf(stderr, "snaplayout: cannot write '%s': %s\n", to_stdout ? "-" : cmd.output,
              strerror(errno));
      if (out && !to_stdout) remove(cmd.output);
      status = 1;
    }
  }
  free(svg);
  return status;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "render") == 0) return render_command_main(argc - 1, argv + 1);
  options opts;
  if (!parse_options(argc, argv, &opts)) {
    usage(stderr);
    return 2;
  }
  sl_layout *layout = NULL;
  int result = load_layout(&opts, &layout);
  if (result != 0) return result;
  result = opts.json ? print_json(layout, &opts) : print_table(layout, &opts);
  sl_layout_destroy(layout);
  return result;
}
