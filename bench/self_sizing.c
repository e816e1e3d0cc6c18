/*
 * self_sizing.c — the benchmark's self-sizing figures: measured sizes reported and queried,
 * the bytes a measured row keeps, and flow layouts' per-item sizes (the harness is bench/bench.c).
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
 * Self-sizing
 * ------------------------------------------------------------------------------------------- */

#define SELF_SIZING_ITEMS 1000000

/* A list of `n` rows estimated at 44 pt whose heights the host measures (also own_sizes.c's). */
void self_sizing_config(config_text *out, int64_t n) {
  int length = snprintf(
      out->text, sizeof out->text,
      "{\"version\": 1,\n"
      " \"environment\": {\"container\": {\"width\": 390, \"height\": 844}},\n"
      " \"sections\": [{\"itemCount\": %" PRId64 ", \"interGroupSpacing\": 1,\n"
      "   \"contentInsets\": {\"top\": 0, \"leading\": 16, \"bottom\": 0, \"trailing\": 16},\n"
      "   \"group\": {\"group\": \"vertical\", \"layoutSize\": {\"widthDimension\": "
      "{\"fractionalWidth\": 1}, \"heightDimension\": {\"estimated\": 44}},\n"
      "     \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
      " \"heightDimension\": {\"estimated\": 44}}}]}}]}\n",
      n);
  if (length < 0 || (size_t)length >= sizeof out->text) die("config buffer too small");
  out->length = (size_t)length;
}

/* A measured height: 20 ... 200 pt in quarter points. */
static double random_height(void) { return 20 + (double)(rng_next() % 721) / 4; }

typedef struct self_sizing_ctx {
  sl_layout *layout;
  sl_element *buffer;
  int64_t items;
  double content_height;
  int flow; /* measured widths vary too (a flow layout's tags) */
} self_sizing_ctx;

/* A measured width: the list's full row, or a flow tag of 40 ... 200 pt. */
static double measured_width(const self_sizing_ctx *ctx) {
  return ctx->flow ? 40 + (double)(rng_next() % 161) : VIEW_W - 32;
}

/* One size report for a random row, then the rect query of a random viewport. */
static double run_report_and_rect(void *vctx, long iters) {
  self_sizing_ctx *ctx = vctx;
  double acc = 0;
  double start = now_ns();
  for (long i = 0; i < iters; i++) {
    int64_t item = (int64_t)(rng_next() % (uint64_t)ctx->items);
    sl_size_report report;
    SL_CHECK(sl_layout_report_item_size(ctx->layout, 0, item, measured_width(ctx),
                                        random_height(), &report));
    sl_rect rect = {0, rng_unit() * (report.content_size.height - VIEW_H), VIEW_W, VIEW_H};
    size_t count = 0;
    SL_CHECK(sl_layout_get_elements_in_rect(ctx->layout, rect, ctx->buffer, QUERY_CAPACITY,
                                            &count));
    acc += (double)count + report.main_offset_adjustment;
  }
  double elapsed = now_ns() - start;
  sink = acc;
  return elapsed;
}

/* The baseline: the same rect query alone. */
static double run_rect_only(void *vctx, long iters) {
  self_sizing_ctx *ctx = vctx;
  double acc = 0;
  double start = now_ns();
  for (long i = 0; i < iters; i++) {
    sl_rect rect = {0, rng_unit() * (ctx->content_height - VIEW_H), VIEW_W, VIEW_H};
    size_t count = 0;
    SL_CHECK(sl_layout_get_elements_in_rect(ctx->layout, rect, ctx->buffer, QUERY_CAPACITY,
                                            &count));
    acc += (double)count;
  }
  double elapsed = now_ns() - start;
  sink = acc;
  return elapsed;
}

/* Measures every row of a fresh list of `n` rows; writes the RSS growth per measured row. */
static void self_sizing_bytes_child(int64_t n, void *out) {
  config_text config;
  self_sizing_config(&config, n);
  sl_layout *layout = make_layout(&config);
  SL_CHECK(sl_layout_report_item_size(layout, 0, 0, VIEW_W - 32, 44, NULL)); /* warm-up */
  SL_CHECK(sl_layout_reset_item_size(layout, 0, 0, NULL));
  double rss0 = rss_bytes();
  for (int64_t item = 0; item < n; item++)
    SL_CHECK(sl_layout_report_item_size(layout, 0, item, VIEW_W - 32, random_height(), NULL));
  *(double *)out = (rss_bytes() - rss0) / (double)n;
  sl_layout_destroy(layout);
}

static double self_sizing_bytes_per_row(int64_t n) {
  double bytes = NAN;
  run_in_child(self_sizing_bytes_child, n, &bytes, sizeof bytes);
  return bytes;
}

/* Reports a size for every item (the steady state after scrolling through), then times a
 * report plus a rect query against the rect query alone. */
static void measure_reports(self_sizing_ctx *ctx, int measure_all, const char *name,
                            const char *baseline_name, const char *label) {
  double first_reports_ns = NAN;
  if (measure_all && ctx->flow) {
    /* Every tag measured once, in order, as a host measures them while scrolling down: each
     * report shifts the lines of the unmeasured run after it (one block, docs/FLOW-LAYOUT.md). */
    double start = now_ns();
    for (int64_t item = 0; item < ctx->items; item++)
      SL_CHECK(sl_layout_report_item_size(ctx->layout, 0, item, measured_width(ctx),
                                          random_height(), NULL));
    first_reports_ns = (now_ns() - start) / (double)ctx->items;
  } else if (measure_all) {
    for (int64_t item = 0; item < ctx->items; item++)
      SL_CHECK(sl_layout_report_item_size(ctx->layout, 0, item, measured_width(ctx),
                                          random_height(), NULL));
  }
  sl_size content;
  SL_CHECK(sl_layout_get_content_size(ctx->layout, &content));
  ctx->content_height = content.height;
  stats with, baseline;
  measure_pair(run_report_and_rect, ctx, 1, &with, run_rect_only, ctx, 1, &baseline);
  row *r = add_row(name, label, with, "ns/op");
  r->ratio = with.median / baseline.median;
  set_target(r, "<= 5 us", with.median <= 5000);
  add_row(baseline_name, label, baseline, "ns/op");
  if (!isnan(first_reports_ns)) {
    stats first = {first_reports_ns, NAN};
    row *f = add_row("flow: each tag's first report, in order (mean)", label, first, "ns/op");
    f->ratio = first_reports_ns / baseline.median;
    set_target(f, "<= 5 us", first_reports_ns <= 5000);
  }
}

void bench_self_sizing(void) {
  int64_t n = quick ? 100000 : SELF_SIZING_ITEMS;
  const char *label = quick ? "1e5" : "1e6";
  config_text config;
  part = PART_SELF_SIZING;
  self_sizing_config(&config, n);

  stats bytes = {self_sizing_bytes_per_row(n), NAN};
  set_target(add_row("self-sizing: memory per measured row", label, bytes, "B/row"), "<= 16 B",
             bytes.median <= 16);

  self_sizing_ctx ctx = {make_layout(&config), xmalloc(QUERY_CAPACITY * sizeof(sl_element)), n, 0,
                         0};
  measure_reports(&ctx, 0, "report_item_size + rect 390x844, sparse",
                  "baseline: rect 390x844 alone (same layout)", label);
  measure_reports(&ctx, 1, "report_item_size + rect 390x844, all measured",
                  "baseline: rect 390x844 alone, all measured", label);
  free(ctx.buffer);
  sl_layout_destroy(ctx.layout);
}

/* A self-sizing flow layout (tags): 1e6 items of random sizes, measured again to random widths
 * and heights, so lines break again around every report. */
void bench_flow_sizes(void) {
  int64_t n = quick ? 100000 : SELF_SIZING_ITEMS;
  const char *label = quick ? "1e5" : "1e6";
  config_text config;
  part = PART_SELF_SIZING;
  int length = snprintf(config.text, sizeof config.text,
                        "{\"version\": 1,"
                        " \"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
                        " \"flowLayout\": {\"estimatedItemSize\": {\"width\": 100, "
                        "\"height\": 40}, \"sectionInset\": {\"top\": 0, \"left\": 16, "
                        "\"bottom\": 0, \"right\": 16}},"
                        " \"sections\": [{\"itemCount\": %" PRId64 "}]}",
                        n);
  if (length < 0 || (size_t)length >= sizeof config.text) die("config buffer too small");
  config.length = (size_t)length;
  self_sizing_ctx ctx = {make_layout(&config), xmalloc(QUERY_CAPACITY * sizeof(sl_element)), n, 0,
                         1};
  measure_reports(&ctx, 1, "flow: report_item_size (re-breaks lines) + rect",
                  "baseline: flow rect 390x844 alone", label);
  free(ctx.buffer);
  sl_layout_destroy(ctx.layout);
}
