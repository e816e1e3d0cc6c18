/*
 * cmd_render.c — `snaplayout render`: draws a layout as an SVG or PNG picture. This file reads
 * the command line; render.c draws. docs/PICTURES.md describes the options and the pictures.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "tool.h"

typedef struct render_command {
  tool_layout_options shared; /* --size, --offset, the path */
  render_options render;
  const char *output;   /* NULL: standard output */
  int png;              /* -1: from the output's name */
  double zoom;
} render_command;

void cmd_render_usage(FILE *out) {
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
  } else if (tool_parse_number(buffer, &container) && container >= 0 &&
             container <= 2147483647.0 && container == (double)(int32_t)container) {
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
  if (!tool_parse_number(from, &motion->release) ||
      !tool_parse_number(colon + 1, &motion->velocity))
    return 0;
  size_t n = strlen(at + 1);
  if (n > 0 && at[n] == '%') {
    motion->percent = 1;
    at[n] = '\0';
  }
  return tool_parse_number(at + 1, &motion->time) && motion->time >= 0 &&
         motion->time <= 1e6;
}

/* A number option's value that must be finite and within [low, high]. */
static int parse_bounded(const char *text, double low, double high, double *out) {
  return tool_parse_number(text, out) && *out >= low && *out <= high;
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
      cmd_render_usage(stdout);
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
      ok = tool_parse_layout_option(arg, value, &cmd->shared, &used);
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

int cmd_render_main(int argc, char **argv) {
  render_command cmd;
  if (!parse_render_options(argc, argv, &cmd)) {
    cmd_render_usage(stderr);
    return 2;
  }
  if (!cmd.render.title) cmd.render.title = default_title(cmd.shared.path);
  sl_layout *layout = NULL;
  int status = tool_load_layout(&cmd.shared, &layout);
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
  if (status != 0 && failed) tool_report(failed);
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

