/*
 * create.c — the benchmark's creation figures: sl_layout_create against json-c's parse of the
 * same text, sl_layout_destroy, and a re-solve (set_container_size) against creating again
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

/* ---------------------------------------------------------------------------------------------
 * Benchmarks
 * ------------------------------------------------------------------------------------------- */

#define CREATE_BATCH 64

typedef struct create_ctx {
  const config_text *config;
} create_ctx;

static double run_create(void *vctx, long iters) {
  const create_ctx *ctx = vctx;
  sl_layout *batch[CREATE_BATCH];
  double elapsed = 0;
  for (long done = 0; done < iters;) {
    long n = iters - done < CREATE_BATCH ? iters - done : CREATE_BATCH;
    double t0 = now_ns();
    for (long i = 0; i < n; i++) {
      int status = sl_layout_create(ctx->config->text, ctx->config->length, &batch[i]);
      if (status != SL_OK) die_status(status, "sl_layout_create");
    }
    elapsed += now_ns() - t0;
    for (long i = 0; i < n; i++) sl_layout_destroy(batch[i]);
    done += n;
  }
  return elapsed;
}

/* The floor of sl_layout_create: json-c's own parse of the same text, and the freeing of its tree
   (the library frees its json-c tree before create returns). */
static struct json_object *(*volatile jsonc_parse_fn)(const char *) = json_tokener_parse;

static double run_jsonc_parse(void *vctx, long iters) {
  const create_ctx *ctx = vctx;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    struct json_object *root = jsonc_parse_fn(ctx->config->text);
    if (!root) die("json-c cannot parse the configuration");
    json_object_put(root);
  }
  return now_ns() - t0;
}

/* Checks that json-c parses the text the library creates its layout from: a document with as
   many sections as the layout has. */
static void check_jsonc_floor(const config_text *config) {
  sl_layout *layout = NULL;
  int32_t sections = 0;
  SL_CHECK(sl_layout_create(config->text, config->length, &layout));
  SL_CHECK(sl_layout_get_section_count(layout, &sections));
  sl_layout_destroy(layout);
  if (strlen(config->text) != config->length) die("floor: the configuration holds a NUL");
  struct json_object *root = json_tokener_parse(config->text), *list = NULL;
  if (!root || !json_object_object_get_ex(root, "sections", &list) ||
      (int32_t)json_object_array_length(list) != sections)
    die("floor: json-c's document differs from the library's layout");
  json_object_put(root);
}

static double run_destroy(void *vctx, long iters) {
  const create_ctx *ctx = vctx;
  sl_layout *batch[CREATE_BATCH];
  double elapsed = 0;
  for (long done = 0; done < iters;) {
    long n = iters - done < CREATE_BATCH ? iters - done : CREATE_BATCH;
    for (long i = 0; i < n; i++) SL_CHECK(sl_layout_create(ctx->config->text, ctx->config->length,
                                                           &batch[i]));
    double t0 = now_ns();
    for (long i = 0; i < n; i++) sl_layout_destroy(batch[i]);
    elapsed += now_ns() - t0;
    done += n;
  }
  return elapsed;
}

typedef struct resize_ctx {
  sl_layout *layout;
} resize_ctx;

/* Alternates portrait and landscape so that every call really solves again. */
static double run_resize(void *vctx, long iters) {
  resize_ctx *ctx = vctx;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    int status = (i & 1) ? sl_layout_set_container_size(ctx->layout, VIEW_H, VIEW_W)
                         : sl_layout_set_container_size(ctx->layout, VIEW_W, VIEW_H);
    if (status != SL_OK) die_status(status, "sl_layout_set_container_size");
  }
  double elapsed = now_ns() - t0;
  SL_CHECK(sl_layout_set_container_size(ctx->layout, VIEW_W, VIEW_H));
  return elapsed;
}

void bench_create(void) {
  const int64_t ns[2] = {1000, 10000000};
  stats create_stats[2], parse_stats[2];
  part = PART_CREATE;
  for (int i = 0; i < 2; i++) {
    config_text config;
    appstore_config(&config, ns[i]);
    check_jsonc_floor(&config);
    create_ctx ctx = {&config};
    char label[64];
    snprintf(label, sizeof label, "sl_layout_create (%zu B JSON, solves)", config.length);
    measure_pair(run_create, &ctx, 1000, &create_stats[i], run_jsonc_parse, &ctx, 1000,
                 &parse_stats[i]);
    add_row(label, count_label(ns[i]), create_stats[i], "us")->ratio =
        create_stats[i].median / parse_stats[i].median;
  }
  for (int i = 0; i < 2; i++)
    add_row("floor: json-c parse + free, same text", count_label(ns[i]), parse_stats[i], "us");
  for (int i = 0; i < 2; i++) {
    config_text config;
    appstore_config(&config, ns[i]);
    create_ctx ctx = {&config};
    /* 0.2 ms of destroys per repetition (each needs an untimed ~0.2 ms create). */
    add_row("sl_layout_destroy", count_label(ns[i]), measure_short(run_destroy, &ctx, 0.2e6),
            "ns");
  }
  /* A re-solve against what a host without it would do: create the layout again. */
  part = PART_RESIZE;
  stats rebuild[2];
  for (int i = 0; i < 2; i++) {
    config_text config;
    appstore_config(&config, ns[i]);
    resize_ctx ctx = {make_layout(&config)};
    create_ctx create = {&config};
    stats resize;
    measure_pair(run_resize, &ctx, 1, &resize, run_create, &create, 1, &rebuild[i]);
    add_row("set_container_size (390x844 <-> 844x390)", count_label(ns[i]), resize, "ns")->ratio =
        resize.median / rebuild[i].median;
    sl_layout_destroy(ctx.layout);
  }
  for (int i = 0; i < 2; i++)
    add_row("baseline: sl_layout_create again (rebuild)", count_label(ns[i]), rebuild[i], "ns");
}
