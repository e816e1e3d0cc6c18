/*
 * cmd_resolve.c — `snaplayout resolve`: where a released drag comes to rest and how it gets
 * there, from sl_layout_resolve_scroll, as text or JSON, with the motion sampled on request.
 * docs/SNAPPING.md explains the decision; docs/TOOL.md the output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

#define MAX_SAMPLES 100000
/* The offsets the library accepts (snaplayout.h, sl_layout_resolve_scroll). */
#define MAX_OFFSET 1e100

typedef struct resolve_options {
  tool_layout_options layout; /* --size, --offset, the path */
  int32_t container;          /* SL_SCROLL_MAIN or a section */
  int has_touch;              /* else the container's offset */
  double touch;
  int release_from_touch;     /* release = touch + release */
  double release;
  double velocity;
  int has_reference;
  int64_t reference;
  long samples;
  int json;
} resolve_options;

void cmd_resolve_usage(FILE *out) {
  fputs(
      "usage: snaplayout resolve [options] [config.json | -]\n"
      "\n"
      "Resolves a released drag with sl_layout_resolve_scroll: the offset where the\n"
      "scroll comes to rest, the rest position and item it rests on, and the motion\n"
      "that takes it there (decay, spring or none, and its duration). Without a\n"
      "file, the built-in App Store layout, whose section 0 is a carousel.\n"
      "Offsets are logical (0 = the start of the content), velocities in points per\n"
      "second, positive toward the end of the content (docs/SNAPPING.md).\n"
      "\n"
      "options:\n"
      "  --scroll main|S      the scroll container: the main scroll (the default) or\n"
      "                       the orthogonally scrolling section S\n"
      "  --touch X            the offset where the finger touched down (default: the\n"
      "                       container's offset: its initial one, or --offset's)\n"
      "  --release X          the offset where it lifted: a number, or touch+D or\n"
      "                       touch-D, D points from the touch-down (default: touch+0)\n"
      "  --velocity V         the velocity at release, points per second (default 0)\n"
      "  --reference K        measure the gesture from rest position K (the target of\n"
      "                       a motion the finger caught in flight), not from the\n"
      "                       position nearest the touch-down\n"
      "  --samples N          also sample the motion at N times, evenly from 0 to its\n"
      "                       duration (N from 1 to 100000; 1: at 0)\n"
      "  --size WxH           container size (default: the configuration's, else\n"
      "                       390x844)\n"
      "  --offset S=X         scroll orthogonal section S to offset X first\n"
      "                       (repeatable)\n"
      "  --json               output format: JSON instead of text (a switch; it takes\n"
      "                       no value)\n"
      "  --help               print this help and exit\n"
      "\n"
      "Exit status: 0, 1 when the library refuses the configuration or the release\n"
      "(the message names the option), 2 for a bad command line.\n",
      out);
}

/* Parses one option that takes a value. Returns 1, 0 after a message, -1 if unknown. */
static int parse_value_option(const char *arg, const char *value, resolve_options *opts) {
  double number = 0;
  int ok;
  if (strcmp(arg, "--scroll") == 0) {
    char *end;
    long section = strtol(value, &end, 10);
    ok = strcmp(value, "main") == 0 ||
         (*value >= '0' && *value <= '9' && *end == '\0' && section <= INT32_MAX);
    opts->container = strcmp(value, "main") == 0 ? SL_SCROLL_MAIN : (int32_t)section;
    if (!ok) fprintf(stderr, "snaplayout: resolve: --scroll takes 'main' or a section index, "
                             "not '%s'\n", value);
    return ok;
  } else if (strcmp(arg, "--touch") == 0) {
    ok = tool_parse_number(value, &opts->touch) && opts->touch >= -MAX_OFFSET &&
         opts->touch <= MAX_OFFSET;
    opts->has_touch = 1;
  } else if (strcmp(arg, "--release") == 0) {
    opts->release_from_touch = strncmp(value, "touch", 5) == 0;
    const char *number_text = opts->release_from_touch ? value + 5 : value;
    ok = (!opts->release_from_touch || *number_text == '+' || *number_text == '-') &&
         tool_parse_number(number_text, &opts->release) && opts->release >= -MAX_OFFSET &&
         opts->release <= MAX_OFFSET;
    if (!ok) fprintf(stderr, "snaplayout: resolve: --release takes an offset, or touch+D or "
                             "touch-D (within +-1e100), not '%s'\n", value);
    return ok;
  } else if (strcmp(arg, "--velocity") == 0) {
    ok = tool_parse_number(value, &opts->velocity);
  } else if (strcmp(arg, "--reference") == 0) {
    ok = tool_parse_number(value, &number) && number >= 0 && number <= 9e18 &&
         number == (double)(int64_t)number;
    opts->reference = (int64_t)number;
    opts->has_reference = 1;
  } else if (strcmp(arg, "--samples") == 0) {
    ok = tool_parse_number(value, &number) && number >= 1 && number <= MAX_SAMPLES &&
         number == (double)(long)number;
    opts->samples = (long)number;
  } else {
    return -1;
  }
  if (!ok) fprintf(stderr, "snaplayout: resolve: bad value '%s' for %s (%s)\n", value, arg,
                   strcmp(arg, "--touch") == 0 ? "an offset within +-1e100"
                   : strcmp(arg, "--velocity") == 0 ? "a finite number of points per second"
                   : strcmp(arg, "--reference") == 0 ? "a rest position, 0 or more"
                   : "a whole number from 1 to 100000");
  return ok;
}

static int parse_resolve_options(int argc, char **argv, resolve_options *opts) {
  memset(opts, 0, sizeof *opts);
  opts->container = SL_SCROLL_MAIN;
  opts->release_from_touch = 1;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    int used = 0, taken = -1;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      cmd_resolve_usage(stdout);
      exit(0);
    } else if (strcmp(arg, "--json") == 0) {
      opts->json = 1;
      continue;
    }
    if (value) taken = parse_value_option(arg, value, opts);
    if (taken >= 0) {
      used = 1;
    } else {
      taken = tool_parse_layout_option(arg, value, &opts->layout, &used);
    }
    if (taken < 0) {
      fprintf(stderr, "snaplayout: resolve: unknown or incomplete option '%s'\n", arg);
      return 0;
    }
    if (taken == 0) return 0;
    i += used;
  }
  return 1;
}

/* The option a failed call's error path is about: the library names the argument. */
static const char *option_of(const char *path) {
  if (strcmp(path, "release.start_offset") == 0) return "--touch";
  if (strcmp(path, "release.release_offset") == 0) return "--release";
  if (strcmp(path, "release.velocity") == 0) return "--velocity";
  if (strcmp(path, "release.reference_snap") == 0) return "--reference";
  if (strncmp(path, "release", 7) == 0) return "--touch, --release, --velocity";
  return "--scroll";
}

static const char *motion_name(int32_t kind) {
  switch (kind) {
    case SL_MOTION_NONE: return "none";
    case SL_MOTION_DECAY: return "decay";
    case SL_MOTION_SPRING: return "spring";
    default: return "unknown";
  }
}

static const char *unit_name(int32_t unit) {
  switch (unit) {
    case SL_SNAP_PAGE: return "page";
    case SL_SNAP_ITEM: return "item";
    case SL_SNAP_GROUP: return "group";
    default: return "none";
  }
}

static const char *behavior_name(int32_t behavior) {
  switch (behavior) {
    case SL_ORTHOGONAL_CONTINUOUS: return "continuous";
    case SL_ORTHOGONAL_CONTINUOUS_GROUP_LEADING_BOUNDARY: return "continuousGroupLeadingBoundary";
    case SL_ORTHOGONAL_PAGING: return "paging";
    case SL_ORTHOGONAL_GROUP_PAGING: return "groupPaging";
    case SL_ORTHOGONAL_GROUP_PAGING_CENTERED: return "groupPagingCentered";
    default: return "none";
  }
}

/* "name": number, with the separator before it. */
static void json_number(const char *separator, const char *name, double value) {
  printf("%s\"%s\": ", separator, name);
  tool_print_number(stdout, value);
}

static void print_json(const resolve_options *opts, const sl_scroll_info *info,
                       const sl_scroll_release *release, const sl_snap_result *result,
                       const sl_motion_state *states, const double *times) {
  const sl_motion *m = &result->motion;
  fputs("{\n  \"container\": ", stdout);
  if (opts->container == SL_SCROLL_MAIN) fputs("\"main\"", stdout);
  else printf("%d", opts->container);
  printf(",\n  \"orthogonalScrollingBehavior\": \"%s\", \"snapUnit\": \"%s\", "
         "\"snapCount\": %lld,", behavior_name(info->orthogonal_scrolling_behavior),
         unit_name(info->snap_unit), (long long)info->snap_count);
  json_number("\n  ", "minOffset", info->min_offset);
  json_number(", ", "maxOffset", info->max_offset);
  json_number(",\n  \"release\": {", "touch", release->start_offset);
  json_number(", ", "offset", release->release_offset);
  json_number(", ", "velocity", release->velocity);
  if (opts->has_reference) printf(", \"reference\": %lld", (long long)opts->reference);
  json_number("},\n  ", "target", result->target_offset);
  printf(", \"snapIndex\": %lld, \"referenceSnap\": %lld, \"section\": %d, \"item\": %lld",
         (long long)result->snap_index, (long long)result->reference_snap, result->section,
         (long long)result->item);
  json_number(",\n  ", "releaseProgress", result->release_progress);
  printf(",\n  \"motion\": {\"kind\": \"%s\"", motion_name(m->kind));
  json_number(", ", "duration", m->duration);
  json_number(",\n    ", "startOffset", m->start_offset);
  json_number(", ", "startVelocity", m->start_velocity);
  json_number(", ", "targetOffset", m->target_offset);
  json_number(",\n    ", "decay", m->decay);
  json_number(", ", "omega", m->omega);
  json_number(", ", "dampingRatio", m->damping_ratio);
  json_number(",\n    ", "epsilonOffset", m->epsilon_offset);
  json_number(", ", "epsilonVelocity", m->epsilon_velocity);
  fputs("}", stdout);
  if (opts->samples > 0) {
    fputs(",\n  \"samples\": [", stdout);
    for (long i = 0; i < opts->samples; i++) {
      json_number(i ? ",\n    {" : "\n    {", "time", times[i]);
      json_number(", ", "offset", states[i].offset);
      json_number(", ", "velocity", states[i].velocity);
      printf(", \"settled\": %s}", states[i].settled ? "true" : "false");
    }
    fputs("\n  ]", stdout);
  }
  fputs("\n}\n", stdout);
}

static void print_text(const resolve_options *opts, const sl_scroll_info *info,
                       const sl_scroll_release *release, const sl_snap_result *result,
                       const sl_motion_state *states, const double *times) {
  const sl_motion *m = &result->motion;
  if (opts->container == SL_SCROLL_MAIN) printf("container: main scroll");
  else printf("container: section %d (%s)", opts->container,
              behavior_name(info->orthogonal_scrolling_behavior));
  if (info->snap_unit == SL_SNAP_NONE || info->snap_count == 0) {
    fputs(", free deceleration (no rest positions), offsets ", stdout);
  } else {
    printf(", rests on %ss, %lld rest positions, offsets ", unit_name(info->snap_unit),
           (long long)info->snap_count);
  }
  tool_print_number(stdout, info->min_offset);
  fputs(" ... ", stdout);
  tool_print_number(stdout, info->max_offset);
  fputs("\nrelease: touch-down at ", stdout);
  tool_print_number(stdout, release->start_offset);
  fputs(", lifted at ", stdout);
  tool_print_number(stdout, release->release_offset);
  fputs(", ", stdout);
  tool_print_number(stdout, release->velocity);
  fputs(" pt/s\ntarget: ", stdout);
  tool_print_number(stdout, result->target_offset);
  if (result->snap_index >= 0) {
    printf("\nrest position: %lld, measured from %lld%s (%+lld)", (long long)result->snap_index,
           (long long)result->reference_snap, opts->has_reference ? " (--reference)" : "",
           (long long)(result->snap_index - result->reference_snap));
  } else {
    fputs("\nrest position: none (free deceleration)", stdout);
  }
  if (result->item >= 0) {
    printf("\nitem: %lld of section %d", (long long)result->item, result->section);
  } else {
    fputs("\nitem: none (the rest positions are not items)", stdout);
  }
  fputs("\nprogress at release: ", stdout);
  tool_print_number(stdout, result->release_progress);
  printf("\nmotion: %s, ", motion_name(m->kind));
  tool_print_number(stdout, m->duration);
  fputs(" s\n", stdout);
  if (opts->samples > 0) {
    printf("samples:\n  %-22s %-22s %-22s %s\n", "time", "offset", "velocity", "settled");
    for (long i = 0; i < opts->samples; i++) {
      char time[TOOL_NUMBER_SIZE], offset[TOOL_NUMBER_SIZE], velocity[TOOL_NUMBER_SIZE];
      printf("  %-22s %-22s %-22s %s\n", tool_format_number(time, times[i]),
             tool_format_number(offset, states[i].offset),
             tool_format_number(velocity, states[i].velocity), states[i].settled ? "yes" : "no");
    }
  }
}

/* Samples the motion at `count` times from 0 to its duration. Returns 0, or 1 after a message. */
static int sample_motion(const sl_motion *motion, long count, sl_motion_state *states,
                         double *times) {
  for (long i = 0; i < count; i++) {
    times[i] = count == 1 ? 0 : motion->duration * (double)i / (double)(count - 1);
    if (i == count - 1 && count > 1) times[i] = motion->duration;
    if (sl_motion_sample(motion, times[i], &states[i]) != SL_OK)
      return tool_report("resolve: cannot sample the motion");
  }
  return 0;
}

/* Resolves the release on the loaded layout and prints the outcome. Returns the exit status. */
static int resolve(const resolve_options *opts, const sl_layout *layout) {
  char what[64];
  sl_scroll_info info;
  sl_snap_result result;
  sl_scroll_release release;
  memset(&release, 0, sizeof release);
  release.version = SL_SCROLL_RELEASE_VERSION;
  if (opts->container == SL_SCROLL_MAIN) snprintf(what, sizeof what, "resolve: --scroll main");
  else snprintf(what, sizeof what, "resolve: --scroll %d", opts->container);
  if (sl_layout_get_scroll_info(layout, opts->container, &info) != SL_OK)
    return tool_report(what);
  release.start_offset = opts->has_touch ? opts->touch : info.offset;
  release.release_offset = opts->release + (opts->release_from_touch ? release.start_offset : 0);
  release.velocity = opts->velocity;
  if (!(release.release_offset >= -MAX_OFFSET && release.release_offset <= MAX_OFFSET)) {
    fprintf(stderr, "snaplayout: resolve: --release: touch%+g lands at %g, beyond +-1e100\n",
            opts->release, release.release_offset);
    return 2;
  }
  if (opts->has_reference) {
    release.flags = SL_RELEASE_HAS_REFERENCE;
    release.reference_snap = opts->reference;
  }
  if (sl_layout_resolve_scroll(layout, opts->container, &release, &result) != SL_OK) {
    snprintf(what, sizeof what, "resolve: %s", option_of(sl_error_last()->path));
    return tool_report(what);
  }
  size_t count = opts->samples > 0 ? (size_t)opts->samples : 1;
  sl_motion_state *states = calloc(count, sizeof *states);
  double *times = calloc(count, sizeof *times);
  int status = 1;
  if (!states || !times) {
    fprintf(stderr, "snaplayout: resolve: out of memory\n");
  } else if (sample_motion(&result.motion, opts->samples, states, times) == 0) {
    if (opts->json) print_json(opts, &info, &release, &result, states, times);
    else print_text(opts, &info, &release, &result, states, times);
    status = fflush(stdout) == 0 ? 0 : 1;
    if (status) perror("snaplayout: resolve: cannot write");
  }
  free(states);
  free(times);
  return status;
}

int cmd_resolve_main(int argc, char **argv) {
  resolve_options opts;
  if (!parse_resolve_options(argc, argv, &opts)) {
    cmd_resolve_usage(stderr);
    return 2;
  }
  sl_layout *layout = NULL;
  int status = tool_load_layout(&opts.layout, &layout);
  if (status != 0) return status;
  status = resolve(&opts, layout);
  sl_layout_destroy(layout);
  return status;
}
