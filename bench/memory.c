/*
 * memory.c — the benchmark's memory figures: resident set growth of one and of 100 layouts,
 * each count in a fresh child process, against json-c's tree of the same text
 * (docs/PERFORMANCE.md; the harness is bench/bench.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "bench.h"
#include "snaplayout.h"

/* Page faults served without I/O so far (getrusage): each is a page touched for the first time. */
static double minor_faults(void) {
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) != 0) die("getrusage failed");
  return (double)usage.ru_minflt;
}

/* Memory added by layouts with n items, in bytes. */
typedef struct memory_result {
  double one_rss;     /* resident set growth after creating and sizing one layout */
  double one_faults;  /* minor page faults (fresh pages touched) over the same */
  double hundred_rss; /* resident set growth per layout, over 100 layouts */
} memory_result;

#define MEMORY_LAYOUTS 100

static memory_result memory_for(int64_t n) {
  config_text config;
  memory_result result;
  sl_layout *many[MEMORY_LAYOUTS];
  /* Warm-up: fault in the code pages and pay malloc's and json-c's one-time setup. */
  appstore_config(&config, 10);
  {
    sl_layout *warm = make_layout(&config);
    sl_element elements[QUERY_CAPACITY];
    sl_rect rect = {0, 0, VIEW_W, VIEW_H}, frame;
    size_t count = 0;
    SL_CHECK(sl_layout_get_elements_in_rect(warm, rect, elements, QUERY_CAPACITY, &count));
    SL_CHECK(sl_layout_get_item_frame(warm, SECTION_GRID, 0, &frame));
    sl_layout_destroy(warm);
  }
  appstore_config(&config, n);
  double rss0 = rss_bytes(), faults0 = minor_faults();
  sl_layout *one = make_layout(&config);
  result.one_faults = minor_faults() - faults0;
  result.one_rss = rss_bytes() - rss0;
  double rss1 = rss_bytes();
  for (int i = 0; i < MEMORY_LAYOUTS; i++) many[i] = make_layout(&config);
  result.hundred_rss = (rss_bytes() - rss1) / MEMORY_LAYOUTS;
  for (int i = 0; i < MEMORY_LAYOUTS; i++) sl_layout_destroy(many[i]);
  sl_layout_destroy(one);
  return result;
}

static void memory_for_child(int64_t n, void *out) { *(memory_result *)out = memory_for(n); }

/*
 * The floor of the per-layout memory: json-c's tree of the same configuration, kept alive, with
 * the same warm-up and the same measure (RSS growth over 100 trees / 100). It is the description
 * as C holds it when parsed; the layout holds the same description decoded, and its solution.
 */
static void jsonc_memory_child(int64_t n, void *out) {
  config_text config;
  struct json_object *many[MEMORY_LAYOUTS];
  appstore_config(&config, 10);
  sl_layout *warm = make_layout(&config);
  sl_layout_destroy(warm);
  json_object_put(json_tokener_parse(config.text));
  appstore_config(&config, n);
  double rss1 = rss_bytes();
  for (int i = 0; i < MEMORY_LAYOUTS; i++)
    if (!(many[i] = json_tokener_parse(config.text))) die("json-c cannot parse the configuration");
  *(double *)out = (rss_bytes() - rss1) / MEMORY_LAYOUTS;
  for (int i = 0; i < MEMORY_LAYOUTS; i++) json_object_put(many[i]);
}

static memory_result memory_in_child(int64_t n) {
  memory_result result;
  run_in_child(memory_for_child, n, &result, sizeof result);
  return result;
}

void bench_memory(void) {
  const int64_t ns[2] = {10, 10000000};
  memory_result results[2];
  double trees[2];
  part = PART_MEMORY;
  for (int i = 0; i < 2; i++) {
    results[i] = memory_in_child(ns[i]);
    run_in_child(jsonc_memory_child, ns[i], &trees[i], sizeof trees[i]);
  }
  for (int i = 0; i < 2; i++) {
    stats s = {results[i].one_rss / 1024.0, NAN};
    row *r = add_row("RSS growth: create+size one layout", count_label(ns[i]), s, "KiB");
    if (i == 1) set_target(r, "<= 1024 KiB", s.median <= 1024.0);
  }
  for (int i = 0; i < 2; i++) {
    /* A transient allocation that grows with n would show here even if freed before returning. */
    stats s = {results[i].one_faults, NAN};
    row *r = add_row("page faults: create+size one layout", count_label(ns[i]), s, "faults");
    if (i == 1) {
      double limit = results[0].one_faults + 16;
      char target[32];
      snprintf(target, sizeof target, "<= 10 items + 16 (%.0f)", limit);
      set_target(r, target, s.median <= limit);
    }
  }
  for (int i = 0; i < 2; i++) {
    stats s = {results[i].hundred_rss / 1024.0, NAN};
    row *r = add_row("RSS per layout (mean of 100 layouts)", count_label(ns[i]), s, "KiB");
    r->ratio = results[i].hundred_rss / trees[i];
    if (i == 1) {
      double difference = fabs(results[1].hundred_rss - results[0].hundred_rss);
      set_target(r, "= 10 items (+-4 KiB)", difference <= 4096.0);
    }
  }
  for (int i = 0; i < 2; i++) {
    stats s = {trees[i] / 1024.0, NAN};
    add_row("floor: json-c tree, same text (mean of 100)", count_label(ns[i]), s, "KiB");
  }
}
