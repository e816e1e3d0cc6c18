/*
 * snaplayout — computes SnapLayout configurations from the command line.
 *
 *   snaplayout [options] [config.json | -]    every element with its frame, as a table or JSON
 *   snaplayout render [options] [config]      a picture, SVG or PNG (cmd_render.c, render.c)
 *   snaplayout check [options] FILE...        validates configurations (cmd_check.c)
 *   snaplayout resolve [options] [config]     where a released drag comes to rest (cmd_resolve.c)
 *   snaplayout help [COMMAND]                 the help of the tool or of a command
 *
 * Without a file, the built-in App Store layout (examples-c/appstore.json). This file holds the
 * dispatch and the default command; tool.h what the commands share. docs/TOOL.md is the guide,
 * snaplayout.1 the manual page. Exit status: 0 on success, 1 when the library refuses the
 * configuration or a request, 2 for a bad command line (check: see its help).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

/* The default command's options. */
typedef struct print_options {
  tool_layout_options layout; /* --size, --offset, the path */
  int has_rect;
  sl_rect rect;
  int json;
} print_options;

static void usage(FILE *out) {
  fputs(
      "usage: snaplayout [options] [config.json | -]\n"
      "       snaplayout COMMAND [options] ...\n"
      "\n"
      "Computes the layout of a SnapLayout configuration: a JSON file, or '-' for\n"
      "standard input; without one, the built-in App Store layout (a centred banner\n"
      "carousel, a 3-column grid and a list).\n"
      "\n"
      "commands:\n"
      "  (none)           print every element (cells, headers, footers, badges,\n"
      "                   backgrounds) with its frame, as a table or as JSON\n"
      "  render           draw the layout as an SVG or PNG picture\n"
      "  check FILE...    validate configurations; errors as file:line:column\n"
      "  resolve          where a released drag comes to rest, and its motion\n"
      "  help [COMMAND]   print this help, or a command's (as COMMAND --help does)\n"
      "\n"
      "options (of the default command):\n"
      "  --size WxH       container size (default: the configuration's, else 390x844)\n"
      "  --rect X,Y,W,H   only the elements intersecting this rect (default: all,\n"
      "                   each once: a loop's in the lap of its offset)\n"
      "  --offset S=X     scroll orthogonal section S to offset X (repeatable)\n"
      "  --json           output format: JSON (sl_layout_copy_json) instead of a\n"
      "                   table; a switch, it takes no value: the configuration is\n"
      "                   the file operand (snaplayout --json my-layout.json)\n"
      "                   (check and resolve take --json too: see their help)\n"
      "  --print-default  print the built-in configuration and exit\n"
      "  --version        print the library version and exit\n"
      "  --help           print this help and exit\n"
      "\n"
      "Exit status: 0, 1 when the library refuses the configuration or a request,\n"
      "2 for a bad command line. 'snaplayout help COMMAND' for a command's options.\n",
      out);
}

/* X,Y,WIDTH,HEIGHT: finite, the sizes >= 0. Returns 1, or 0. */
static int parse_rect(const char *text, sl_rect *rect) {
  double values[4];
  char buffer[256];
  if (strlen(text) >= sizeof buffer) return 0;
  strcpy(buffer, text);
  char *part = buffer;
  for (int i = 0; i < 4; i++) {
    char *comma = strchr(part, ',');
    if ((i < 3) != (comma != NULL)) return 0;
    if (comma) *comma = '\0';
    if (!tool_parse_number(part, &values[i])) return 0;
    if (comma) part = comma + 1;
  }
  if (values[2] < 0 || values[3] < 0) return 0;
  *rect = (sl_rect){values[0], values[1], values[2], values[3]};
  return 1;
}

/* Returns 1, or 0 after a message for a bad command line; exits after --help and the like. */
static int parse_options(int argc, char **argv, print_options *opts) {
  memset(opts, 0, sizeof *opts);
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    int used = 0;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      usage(stdout);
      exit(0);
    } else if (strcmp(arg, "--version") == 0) {
      printf("snaplayout %s\n", sl_version_string());
      exit(0);
    } else if (strcmp(arg, "--print-default") == 0) {
      size_t length;
      fputs(tool_default_config(&length), stdout);
      exit(0);
    } else if (strcmp(arg, "--json") == 0) {
      opts->json = 1;
    } else if (strcmp(arg, "--rect") == 0 && value) {
      if (!parse_rect(value, &opts->rect)) {
        fprintf(stderr, "snaplayout: --rect takes X,Y,WIDTH,HEIGHT (finite, sizes >= 0), "
                        "not '%s'\n", value);
        return 0;
      }
      opts->has_rect = 1;
      i++;
    } else {
      int taken = tool_parse_layout_option(arg, value, &opts->layout, &used);
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

static const char *category_name(int32_t category) {
  switch (category) {
    case SL_ELEMENT_CELL: return "cell";
    case SL_ELEMENT_SUPPLEMENTARY: return "supplementary";
    default: return "decoration";
  }
}

/* The lap a looping container's offset is in (docs/SNAPPING.md, "Looping"). */
typedef struct lap {
  int active;    /* the container loops (sl_loop_info.active) */
  double period; /* its period, when it loops */
  double offset; /* its offset, canonical when it loops (its lap's copy is placed from it) */
  int32_t copy;  /* the copy of its content its offset shows: the lap its offset is in */
} lap;

/* Reads `container`'s loop and the lap of its offset. Returns 1, or 0 after a message. */
static int read_lap(sl_layout *layout, int32_t container, lap *out) {
  sl_loop_info loop;
  double offset, canonical, shift;
  memset(out, 0, sizeof *out);
  if (sl_layout_get_loop_info(layout, container, &loop) != SL_OK ||
      sl_layout_get_scroll_offset(layout, container, &offset) != SL_OK) {
    return !tool_report("cannot read a scroll container");
  }
  out->offset = offset;
  if (!loop.active) return 1;
  if (sl_layout_get_canonical_offset(layout, container, offset, &canonical, &shift) != SL_OK) {
    return !tool_report("cannot read a loop's offset");
  }
  out->active = 1;
  out->period = loop.period;
  out->offset = canonical;
  /* A whole number of periods (rounded without libm, which the tool does not link), saturated
     to 32 bits as sl_element.copy is. */
  double laps = shift / loop.period;
  out->copy = laps >= INT32_MAX ? INT32_MAX
              : laps <= INT32_MIN ? INT32_MIN
                                  : (int32_t)(laps < 0 ? laps - 0.5 : laps + 0.5);
  return 1;
}

/* What the table lists without --rect: every element once. */
typedef struct everything_query {
  sl_rect rect;      /* the rect to query */
  int loops;         /* some container loops: keep() decides which copies are listed */
  lap main;          /* the main scroll's loop */
  int32_t sections;  /* the number of sections, and of looping[] */
  int *looping;      /* which sections loop orthogonally */
  int cell_kept;     /* keep(): whether the last cell of a looping section was kept */
} everything_query;

/*
 * Prepares the query of every element. Without a loop it is the rect of everything, orthogonal
 * sections scrolled out of the content included. A looping container repeats its content
 * without end, and a rect query gives each copy it reaches, up to 1,024 laps either side of
 * the offset (a looping carousel in a looping main scroll: millions of elements): the table
 * keeps the copy of the lap each container's offset is in, the elements sl_layout_copy_json
 * writes without a rect, from a query that reaches a few laps. Along the main axis, a looping
 * main scroll's lap and one period either side (elements may overhang it); across it, the
 * content's width and, either side, what an orthogonal section can reach from its offset (its
 * canonical offset when it loops, from which its lap's copy is placed): the offset, twice its
 * content, two periods and the width again, generously. Returns 1, or 0 after a message.
 */
static int prepare_everything(sl_layout *layout, everything_query *q) {
  memset(q, 0, sizeof *q);
  q->rect = (sl_rect){-1e15, -1e15, 2e15, 2e15};
  sl_scroll_info main_info;
  if (!read_lap(layout, SL_SCROLL_MAIN, &q->main)) return 0;
  if (sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &main_info) != SL_OK ||
      sl_layout_get_section_count(layout, &q->sections) != SL_OK) {
    return tool_report("cannot read the layout");
  }
  int vertical = !main_info.horizontal;
  q->loops = q->main.active;
  q->looping = calloc(q->sections ? (size_t)q->sections : 1, sizeof *q->looping);
  if (!q->looping) {
    fprintf(stderr, "snaplayout: out of memory\n");
    return 0;
  }
  sl_size content;
  sl_layout_get_content_size(layout, &content);
  double width = vertical ? content.width : content.height; /* across the main axis */
  double reach = 0; /* how far past the content an orthogonal section's elements may lie */
  for (int32_t s = 0; s < q->sections; s++) {
    sl_section_info info;
    lap own;
    if (sl_layout_get_section_info(layout, s, &info) != SL_OK) {
      return tool_report("cannot read a section");
    }
    if (info.orthogonal_scrolling_behavior == SL_ORTHOGONAL_NONE) continue;
    if (!read_lap(layout, s, &own)) return 0;
    q->looping[s] = own.active;
    q->loops |= own.active;
    double section_reach = (own.offset < 0 ? -own.offset : own.offset) +
                           2 * info.orthogonal_content_length + 2 * own.period + width;
    if (section_reach > reach) reach = section_reach;
  }
  if (!q->loops) return 1;
  double along = -1e15, length = 2e15;
  if (q->main.active) {
    /* The main scroll stays at its initial offset here, in its canonical lap (copy 0), so a
       right-to-left horizontal scroll's laps, which run the other way, need no care. */
    along = (q->main.copy - 1) * q->main.period;
    length = (vertical ? content.height : content.width) + 2 * q->main.period;
  }
  q->rect = vertical ? (sl_rect){-reach, along, width + 2 * reach, length}
                     : (sl_rect){along, -reach, length, width + 2 * reach};
  return 1;
}

/* A badge: an item's supplementary, which (unlike boundary items) has no measured size. */
static int is_badge(sl_layout *layout, const sl_element *e) {
  sl_size size;
  int measured;
  return e->category == SL_ELEMENT_SUPPLEMENTARY &&
         sl_layout_get_measured_supplementary_size(layout, e->section, e->kind, &size,
                                                   &measured) != SL_OK;
}

/* Whether the element is one of those sl_layout_copy_json lists without a rect (the elements
   come in the query's order: each cell followed by its badges). */
static int keep(sl_layout *layout, everything_query *q, const sl_element *e) {
  if (e->section >= 0 && e->section < q->sections && q->looping[e->section]) {
    /* The cells of a looping orthogonal section count its laps: the copy of its offset's lap,
       in the main scroll's lap, is where sl_layout_get_item_frame puts the cell (the same
       bits, docs/C-API.md "One answer per quantity"); its badges go with it. */
    if (e->category == SL_ELEMENT_CELL) {
      sl_rect frame;
      q->cell_kept = sl_layout_get_item_frame(layout, e->section, e->item, &frame) == SL_OK &&
                     frame.x == e->frame.x && frame.y == e->frame.y &&
                     frame.width == e->frame.width && frame.height == e->frame.height;
      return q->cell_kept;
    }
    if (is_badge(layout, e)) return q->cell_kept;
  }
  /* Everything else counts the main scroll's laps (always copy 0 when it does not loop). */
  return e->copy == q->main.copy;
}

/* The elements the table lists (--rect's, else every element once) in a buffer to free, or NULL
   after a message. */
static sl_element *list_elements(sl_layout *layout, const print_options *opts, size_t *count) {
  everything_query q;
  memset(&q, 0, sizeof q);
  sl_element *elements = NULL;
  int ok = opts->has_rect || prepare_everything(layout, &q);
  sl_rect rect = opts->has_rect ? opts->rect : q.rect;
  *count = 0;
  if (ok && sl_layout_get_elements_in_rect(layout, rect, NULL, 0, count) != SL_OK) {
    ok = !tool_report("cannot list the elements");
  }
  if (ok && !(elements = calloc(*count ? *count : 1, sizeof *elements))) {
    fprintf(stderr, "snaplayout: out of memory\n");
    ok = 0;
  }
  if (ok && sl_layout_get_elements_in_rect(layout, rect, elements, *count, count) != SL_OK) {
    ok = !tool_report("cannot list the elements");
  }
  if (ok && !opts->has_rect && q.loops) {
    size_t kept = 0;
    for (size_t i = 0; i < *count; i++) {
      if (keep(layout, &q, &elements[i])) elements[kept++] = elements[i];
    }
    *count = kept;
  }
  free(q.looping);
  if (!ok) {
    free(elements);
    return NULL;
  }
  return elements;
}

static int print_table(sl_layout *layout, const print_options *opts) {
  size_t count;
  sl_element *elements = list_elements(layout, opts, &count);
  if (!elements) return 1;
  /* A copy column when a loop shows a copy other than the canonical lap's. */
  int copies = 0;
  for (size_t i = 0; i < count; i++) copies |= elements[i].copy != 0;
  sl_size container, content;
  sl_layout_get_container_size(layout, &container);
  sl_layout_get_content_size(layout, &content);
  printf("%s, container %g x %g, content %g x %g, %zu elements\n",
         opts->layout.path ? opts->layout.path : "built-in App Store layout", container.width,
         container.height, content.width, content.height, count);
  /* The columns in one line (docs/TOOL.md, "Printing a layout"). */
  printf("%s%s\n\n", "frame x, y, width, height in points; section -1: the layout's own; "
                      "z: z index; scale: transform's x",
         copies ? "; copy: lap of a loop's content" : "");
  printf("%-13s %-12s %7s %7s %10s %10s %10s %10s %4s %6s", "category", "kind", "section",
         "item", "x", "y", "width", "height", "z", "scale");
  if (copies) printf(" %5s", "copy");
  putchar('\n');
  for (size_t i = 0; i < count; i++) {
    const sl_element *e = &elements[i];
    const char *kind = "?";
    sl_layout_get_element_kind_name(layout, e->kind, &kind);
    printf("%-13s %-12.12s %7d %7lld %10.2f %10.2f %10.2f %10.2f %4d %6.3f",
           category_name(e->category), kind, e->section, (long long)e->item, e->frame.x,
           e->frame.y, e->frame.width, e->frame.height, e->z_index, e->transform.a);
    if (copies) printf(" %5d", (int)e->copy);
    putchar('\n');
  }
  free(elements);
  return 0;
}

static int print_json(sl_layout *layout, const print_options *opts) {
  char *json = NULL;
  size_t length = 0;
  if (sl_layout_copy_json(layout, opts->has_rect ? &opts->rect : NULL, &json, &length) != SL_OK) {
    return tool_report("cannot write JSON");
  }
  fwrite(json, 1, length, stdout);
  sl_free(json);
  return 0;
}

/* The subcommands, and their help. */
typedef struct command {
  const char *name;
  int (*main)(int argc, char **argv);
  void (*usage)(FILE *out);
} command;

static const command commands[] = {
    {"render", cmd_render_main, cmd_render_usage},
    {"check", cmd_check_main, cmd_check_usage},
    {"resolve", cmd_resolve_main, cmd_resolve_usage},
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static const command *find_command(const char *name) {
  for (size_t i = 0; i < COMMAND_COUNT; i++) {
    if (strcmp(commands[i].name, name) == 0) return &commands[i];
  }
  return NULL;
}

/* snaplayout help [COMMAND] */
static int help_main(int argc, char **argv) {
  if (argc == 1) {
    usage(stdout);
    return 0;
  }
  const command *cmd = argc == 2 ? find_command(argv[1]) : NULL;
  if (cmd) {
    cmd->usage(stdout);
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "help") == 0) {
    usage(stdout);
    return 0;
  }
  fprintf(stderr, "snaplayout: help takes one command: render, check or resolve%s%s%s\n",
          argc == 2 ? " (not '" : "", argc == 2 ? argv[1] : "", argc == 2 ? "')" : "");
  return 2;
}

static int print_main(int argc, char **argv) {
  print_options opts;
  if (!parse_options(argc, argv, &opts)) {
    usage(stderr);
    return 2;
  }
  sl_layout *layout = NULL;
  int result = tool_load_layout(&opts.layout, &layout);
  if (result != 0) return result;
  result = opts.json ? print_json(layout, &opts) : print_table(layout, &opts);
  sl_layout_destroy(layout);
  return result;
}

int main(int argc, char **argv) {
  if (argc > 1) {
    const command *cmd = find_command(argv[1]);
    if (cmd) return cmd->main(argc - 1, argv + 1);
    if (strcmp(argv[1], "help") == 0) return help_main(argc - 1, argv + 1);
  }
  return print_main(argc, argv);
}
