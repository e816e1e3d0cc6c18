/*
 * loops.c — the benchmark's looping figures (docs/SNAPPING.md, "Looping"): a viewport query and
 * a release on a looping carousel, each against the same carousel without a loop, measured in
 * the same run. The ratio is what looping itself costs: the copies the viewport reaches, the
 * laps of the offsets and the seam (docs/PERFORMANCE.md; the harness is bench/bench.c).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "snaplayout.h"

/* Twelve centred cards with zoom effects above a list; "loop" is the one difference. */
#define LOOP_CONFIG(loop)                                                                        \
  "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}}, \"sections\": ["      \
  "{\"itemCount\": 12, \"interGroupSpacing\": 10, \"orthogonalScrollingBehavior\": "            \
  "\"groupPagingCentered\", \"orthogonalScrollingProperties\": {\"loop\": " loop "}, "         \
  "\"visibleItemEffects\": {\"scale\": {\"center\": 1, \"edge\": 0.85}}, \"group\": "           \
  "{\"group\": \"horizontal\", \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 0.8}, " \
  "\"heightDimension\": {\"absolute\": 220}}, \"subitems\": [{\"layoutSize\": "                 \
  "{\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimension\": {\"fractionalHeight\": 1}}}]}}," \
  "{\"itemCount\": 1000, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "               \
  "{\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimension\": {\"absolute\": 44}}, "   \
  "\"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1}, "             \
  "\"heightDimension\": {\"fractionalHeight\": 1}}}]}}]}"

enum { OFFSETS = 1024, CAPACITY = 256 };

typedef struct loop_ctx {
  sl_layout *layout;
  double offsets[OFFSETS];
  sl_scroll_release releases[OFFSETS];
  sl_element buffer[CAPACITY];
} loop_ctx;

/* Sets the carousel's offset and asks for the viewport's elements, as a host does each frame. */
static double run_frames(void *vctx, long iters) {
  loop_ctx *ctx = vctx;
  const sl_rect view = {0, 0, 390, 844};
  size_t count = 0, total = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    int status = sl_layout_set_scroll_offset(ctx->layout, 0, ctx->offsets[i & (OFFSETS - 1)]);
    if (status != SL_OK) die_status(status, "sl_layout_set_scroll_offset");
    status = sl_layout_get_elements_in_rect(ctx->layout, view, ctx->buffer, CAPACITY, &count);
    if (status != SL_OK) die_status(status, "sl_layout_get_elements_in_rect");
    total += count;
  }
  double elapsed = now_ns() - t0;
  sink = (double)total + ctx->buffer[0].frame.x;
  return elapsed;
}

static double run_releases(void *vctx, long iters) {
  loop_ctx *ctx = vctx;
  sl_snap_result result;
  double sum = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    int status = sl_layout_resolve_scroll(ctx->layout, 0, &ctx->releases[i & (OFFSETS - 1)], &result);
    if (status != SL_OK) die_status(status, "sl_layout_resolve_scroll");
    sum += result.target_offset;
  }
  double elapsed = now_ns() - t0;
  sink = sum;
  return elapsed;
}

/* Offsets across `span` from `low`, and releases from them: drags of up to ±200 pt at up to
 * ±5000 pt/s. */
static void fill(loop_ctx *ctx, double low, double span) {
  for (int i = 0; i < OFFSETS; i++) {
    double offset = low + span * (double)(rng_next() % 100000) / 100000.0;
    ctx->offsets[i] = offset;
    double drag = (double)(rng_next() % 401) - 200;
    double velocity = (double)(rng_next() % 10001) - 5000;
    ctx->releases[i] = (sl_scroll_release){SL_SCROLL_RELEASE_VERSION, 0, offset, offset + drag,
                                           velocity, 0};
  }
}

static sl_layout *create(const char *json) {
  sl_layout *layout = NULL;
  SL_CHECK(sl_layout_create(json, strlen(json), &layout));
  return layout;
}

void bench_loops(void) {
  static loop_ctx looping, plain;
  looping.layout = create(LOOP_CONFIG("true"));
  plain.layout = create(LOOP_CONFIG("false"));
  sl_loop_info loop;
  SL_CHECK(sl_layout_get_loop_info(looping.layout, 0, &loop));
  if (!loop.active) die("the looping carousel does not loop");
  sl_scroll_info info;
  SL_CHECK(sl_layout_get_scroll_info(plain.layout, 0, &info));
  /* The loop's offsets run across twenty laps; the plain carousel's stay in its bounds. */
  fill(&looping, loop.start - 10 * loop.period, 20 * loop.period);
  fill(&plain, info.min_offset, info.max_offset - info.min_offset);

  stats lib, floor_stats;
  part = PART_RECT;
  measure_pair(run_frames, &looping, 1, &lib, run_frames, &plain, 1, &floor_stats);
  row *r = add_row("offset + rect 390x844, looping carousel", "12", lib, "ns/query");
  r->ratio = lib.median / floor_stats.median;
  set_target(r, "<= 1.5x no loop", r->ratio <= 1.5);
  add_row("floor: offset + rect, same carousel, no loop", "12", floor_stats, "ns/query");

  part = PART_RESOLVE;
  measure_pair(run_releases, &looping, 1, &lib, run_releases, &plain, 1, &floor_stats);
  r = add_row("resolve_scroll, looping carousel", "12", lib, "ns/call");
  r->ratio = lib.median / floor_stats.median;
  set_target(r, "<= 3x no loop", r->ratio <= 3.0);
  add_row("floor: resolve_scroll, same carousel, no loop", "12", floor_stats, "ns/call");

  sl_layout_destroy(looping.layout);
  sl_layout_destroy(plain.layout);
}
