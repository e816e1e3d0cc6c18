/*
 * scrolling.c — the benchmark's scrolling figures: resolving releases, sampling motions, snap
 * queries and the zooming carousel's frames, each against a floor computed in plain C
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
 * Scrolling: resolving releases, sampling motions, snap queries, the zooming carousel
 * ------------------------------------------------------------------------------------------- */

/*
 * The card carousel (docs/SNAPPING.md, "The card carousel on the main scroll, three ways"), the
 * flow-layout carousel with insets, with `n` cards: a horizontal layout whose main
 * scroll rests on cards of 320 x 744 placed 327 apart (7 pt between them), contentInset 34 on
 * both sides of a 390 x 844 screen, fast deceleration and one card per gesture; with `zoom`,
 * the centred card is drawn at scale 1 and its neighbours at 0.9 (visibleItemEffects).
 */
static void carousel_config(config_text *out, int64_t n, int zoom) {
  int length = snprintf(
      out->text, sizeof out->text,
      "{\"version\": 1,\n"
      " \"configuration\": {\"scrollDirection\": \"horizontal\",\n"
      "   \"scrolling\": {\"contentInset\": {\"leading\": 34, \"trailing\": 34},\n"
      "     \"snapUnit\": \"item\", \"decelerationRate\": \"fast\", \"maxPagesPerGesture\": 1}},\n"
      " \"environment\": {\"container\": {\"width\": 390, \"height\": 844}, \"displayScale\": 3},\n"
      " \"sections\": [{\"itemCount\": %" PRId64 ", \"interGroupSpacing\": 7,\n"
      "   \"group\": {\"group\": \"horizontal\",\n"
      "     \"layoutSize\": {\"widthDimension\": {\"absolute\": 320},"
      " \"heightDimension\": {\"absolute\": 744}},\n"
      "     \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
      " \"heightDimension\": {\"fractionalHeight\": 1}}}]}%s}]}\n",
      n, zoom ? ",\n   \"visibleItemEffects\": {\"scale\": {\"center\": 1, \"edge\": 0.9}}" : "");
  if (length < 0 || (size_t)length >= sizeof out->text) die("config buffer too small");
  out->length = (size_t)length;
}

/* The grid section alone, its main scroll resting on rows (item snapping, unlimited per fling,
   normal deceleration). */
static void snapping_grid_config(config_text *out, int64_t n) {
  char grid[1024];
  int grid_length = snprintf(grid, sizeof grid, grid_section_format, n);
  if (grid_length < 0 || (size_t)grid_length >= sizeof grid) die("config buffer too small");
  int length = snprintf(out->text, sizeof out->text,
                        "{\"version\": 1,\n"
                        " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}},\n"
                        " \"environment\": {\"container\": {\"width\": 390, \"height\": 844}},\n"
                        " \"sections\": [\n%s]}\n",
                        grid);
  if (length < 0 || (size_t)length >= sizeof out->text) die("config buffer too small");
  out->length = (size_t)length;
}

/*
 * A main scroll with evenly spaced rest positions, described for the floors: position j
 * (0 <= j < count) is at clamp(raw0 + j * stride) and holds item (j - lead) * items_per_snap
 * (lead = 1 when the start bound is a rest position of its own, before the first unit). The
 * geometry is read from the library; the settings are the configuration's (and the library's
 * defaults for the rest), checked against the library's decisions before timing.
 */
typedef struct snap_floor {
  double raw0, stride, min, max;
  int64_t count, items_per_snap, item_count, lead;
  /* Settings: deceleration rate per ms, fling threshold (pt/ms), steps per gesture (0 = any),
     positional threshold, settling tolerances and the default spring and landing band. */
  double rate, fling, threshold;
  int max_steps;
  double eps_offset, eps_velocity, omega, landing_min, landing_max;
  /* The landing band as decay constants (1/s), computed once as the library does. */
  double slowest_decay, fastest_decay;
} snap_floor;

static double sf_clamp(const snap_floor *f, double x) {
  return x < f->min ? f->min : x > f->max ? f->max : x;
}

static double sf_offset(const snap_floor *f, int64_t j) {
  return sf_clamp(f, f->raw0 + (double)j * f->stride);
}

/* How many rest positions lie at or before x (strictly before, when `strict`). */
static int64_t sf_rank(const snap_floor *f, double x, int strict) {
  if (strict ? f->max < x : f->max <= x) return f->count;
  if (strict ? x <= f->min : x < f->min) return 0;
  double room = x - f->raw0;
  if (strict ? room <= 0 : room < 0) return 0;
  double ratio = floor(room / f->stride);
  int64_t k = ratio > (double)(f->count - 1) ? f->count - 1 : (int64_t)ratio;
  /* Settle the rounding at the boundary, as the library does. */
  while (k + 1 < f->count &&
         (strict ? (double)(k + 1) * f->stride < room : (double)(k + 1) * f->stride <= room))
    k++;
  while (k >= 0 && !(strict ? (double)k * f->stride < room : (double)k * f->stride <= room)) k--;
  return k + 1;
}

static int64_t sf_nearest(const snap_floor *f, double x) {
  if (f->count <= 1) return 0;
  int64_t after = sf_rank(f, x, 0);
  if (after == 0) return 0;
  if (after >= f->count) return f->count - 1;
  return x - sf_offset(f, after - 1) <= sf_offset(f, after) - x ? after - 1 : after;
}

static double sf_progress(const snap_floor *f, double x) {
  if (f->count <= 1) return 0;
  int64_t at = sf_rank(f, x, 0) - 1;
  if (at < 0) return 0;
  if (at >= f->count - 1) return (double)(f->count - 1);
  double low = sf_offset(f, at), high = sf_offset(f, at + 1);
  return high > low ? (double)at + (x - low) / (high - low) : (double)at;
}

/* The motion from `offset` at `velocity` (pt/s) to `target`: an exact-landing decay when the
   release heads there with a rate in the landing band, else the critically damped spring. */
static void sf_plan(const snap_floor *f, double offset, double velocity, double target,
                    sl_motion *m) {
  memset(m, 0, sizeof *m);
  m->kind = SL_MOTION_NONE;
  m->start_offset = offset;
  m->start_velocity = velocity;
  m->target_offset = target;
  m->omega = f->omega;
  m->damping_ratio = 1;
  m->epsilon_offset = f->eps_offset;
  m->epsilon_velocity = f->eps_velocity;
  m->landing_min_rate = f->landing_min;
  m->landing_max_rate = f->landing_max;
  double distance = target - offset;
  if (fabs(distance) <= f->eps_offset && fabs(velocity) <= f->eps_velocity) return;
  if (distance * velocity > 0) {
    double k = velocity / distance;
    if (k >= f->slowest_decay && k <= f->fastest_decay) {
      double ratio = fmax(fabs(distance) / f->eps_offset, fabs(velocity) / f->eps_velocity);
      m->kind = SL_MOTION_DECAY;
      m->decay = k;
      m->duration = ratio > 1 ? log(ratio) / k : 0;
      return;
    }
    /* No overshoot: a critically damped spring is stiffened to |v0| / |distance| if needed. */
    m->omega = fmax(m->omega, fabs(velocity) / fabs(distance));
  }
  /* Critically damped: |a + b t| e^(-beta t) <= eps once e^(-beta t) |a| <= eps / 2 and
     e^(-beta t / 2) <= e beta eps / (4 |b|); both bounds in one logarithm, as the library does. */
  double beta = m->omega, e0 = offset - target, v0 = velocity;
  double b = v0 + beta * e0, d = beta * beta * e0 + beta * v0, e = 2.718281828459045;
  double first = fmax(2 * fabs(e0) / f->eps_offset, 2 * fabs(v0) / f->eps_velocity);
  double second = fmax(4 * fabs(b) / (e * beta * f->eps_offset),
                       4 * fabs(d) / (e * beta * f->eps_velocity));
  double amplitude = fmax(first, second * second);
  double duration = amplitude > 1 ? log(amplitude) / beta : 0;
  m->kind = SL_MOTION_SPRING;
  m->duration = duration;
}

/* SnapLayout's standard rule on even rest positions: the decision of sl_layout_resolve_scroll
   without its motion. */
static int floor_decide(const snap_floor *f, const sl_scroll_release *release,
                        sl_snap_result *out) {
  double v = release->velocity / 1000; /* pt/ms */
  double start = sf_clamp(f, release->start_offset), current = sf_clamp(f, release->release_offset);
  int64_t reference = (release->flags & SL_RELEASE_HAS_REFERENCE) ? release->reference_snap
                                                                   : sf_nearest(f, start);
  int64_t last = f->count - 1, index, steps = f->max_steps;
  if (fabs(v) >= f->fling && v != 0) {
    index = sf_nearest(f, sf_clamp(f, current + v * f->rate / (1 - f->rate)));
    if ((sf_offset(f, index) - current) * v < 0)
      index = v > 0 ? sf_rank(f, current, 0) : sf_rank(f, current, 1) - 1;
    if (steps > 0) {
      if (v > 0) {
        index = index < reference + 1 ? reference + 1 : index;
        index = index > reference + steps ? reference + steps : index;
      } else {
        index = index > reference - 1 ? reference - 1 : index;
        index = index < reference - steps ? reference - steps : index;
      }
    }
  } else {
    int64_t low = sf_rank(f, current, 0) - 1;
    low = low > last ? last : low;
    low = low < 0 ? 0 : low;
    int64_t high = low + 1 > last ? last : low + 1;
    double low_offset = sf_offset(f, low), span = sf_offset(f, high) - low_offset;
    if (high == low || span <= 0) {
      index = low;
    } else {
      double fraction = (current - low_offset) / span;
      double direction = v != 0 ? v : current - start;
      double threshold = direction > 0 ? f->threshold : direction < 0 ? 1 - f->threshold : 0.5;
      index = fraction > threshold ? high : low;
    }
    if (steps > 0) {
      index = index < reference - steps ? reference - steps : index;
      index = index > reference + steps ? reference + steps : index;
    }
  }
  index = index < 0 ? 0 : index > last ? last : index;
  out->target_offset = sf_offset(f, index);
  out->release_progress = sf_progress(f, current);
  out->snap_index = index;
  out->reference_snap = reference;
  out->item = (index > f->lead ? index - f->lead : 0) * f->items_per_snap;
  out->section = 0;
  out->reserved = 0;
  return SL_OK;
}

/* The floor of sl_layout_resolve_scroll: the decision, then the motion to the target. */
static int floor_resolve(const snap_floor *f, const sl_scroll_release *release,
                         sl_snap_result *out) {
  floor_decide(f, release, out);
  sf_plan(f, release->release_offset, release->velocity, out->target_offset, &out->motion);
  return SL_OK;
}

/* What the two UIKit patterns compute: the card nearest the projected offset, k = round((x + 34) / 327). */
static int floor_rounding_formula(const snap_floor *f, const sl_scroll_release *release,
                                  sl_snap_result *out) {
  double inset = -f->raw0;
  double x = release->release_offset + release->velocity / 1000 * f->rate / (1 - f->rate);
  double k = round((x + inset) / f->stride);
  out->target_offset = sf_clamp(f, k * f->stride - inset);
  return SL_OK;
}

/* The floor of sl_motion_sample, for decays and critically damped springs. */
static int floor_motion_sample(const sl_motion *m, double t, sl_motion_state *out) {
  out->reserved = 0;
  if (m->kind == SL_MOTION_NONE || !(t < m->duration)) {
    out->offset = m->target_offset;
    out->velocity = 0;
    out->settled = 1;
    return SL_OK;
  }
  out->settled = 0;
  if (t <= 0) {
    out->offset = m->start_offset;
    out->velocity = m->start_velocity;
    return SL_OK;
  }
  if (m->kind == SL_MOTION_DECAY) {
    double fade = exp(-m->decay * t);
    out->offset = m->target_offset - (m->target_offset - m->start_offset) * fade;
    out->velocity = m->start_velocity * fade;
    return SL_OK;
  }
  double beta = m->damping_ratio * m->omega, e0 = m->start_offset - m->target_offset;
  double v0 = m->start_velocity, envelope = exp(-beta * t), b = v0 + beta * e0;
  out->offset = m->target_offset + envelope * (e0 + b * t);
  out->velocity = envelope * (v0 - (beta * beta * e0 + beta * v0) * t);
  return SL_OK;
}

/* The floor of sl_layout_get_snap_position. */
static int floor_snap_position(const snap_floor *f, double offset, sl_snap_position *out) {
  out->index = sf_nearest(f, offset);
  out->progress = sf_progress(f, offset);
  out->item = (out->index > f->lead ? out->index - f->lead : 0) * f->items_per_snap;
  out->section = 0;
  out->reserved = 0;
  return SL_OK;
}

/* The floor of sl_layout_get_offset_for_item. */
static int floor_offset_for_item(const snap_floor *f, int64_t item, double *out_offset,
                                 int64_t *out_snap) {
  if (item < 0 || item >= f->item_count) return SL_ERANGE;
  int64_t index = item / f->items_per_snap + f->lead;
  index = index > f->count - 1 ? f->count - 1 : index;
  *out_offset = sf_offset(f, index);
  *out_snap = index;
  return SL_OK;
}

static int (*volatile floor_resolve_fn)(const snap_floor *, const sl_scroll_release *,
                                        sl_snap_result *) = floor_resolve;
static int (*volatile floor_decide_fn)(const snap_floor *, const sl_scroll_release *,
                                       sl_snap_result *) = floor_decide;
static int (*volatile floor_rounding_fn)(const snap_floor *, const sl_scroll_release *,
                                         sl_snap_result *) = floor_rounding_formula;
static int (*volatile floor_sample_fn)(const sl_motion *, double, sl_motion_state *) =
    floor_motion_sample;
static int (*volatile floor_position_fn)(const snap_floor *, double, sl_snap_position *) =
    floor_snap_position;
static int (*volatile floor_item_offset_fn)(const snap_floor *, int64_t, double *, int64_t *) =
    floor_offset_for_item;

/* Reads the rest positions of the main scroll from the library; settings as configured. */
static void read_snap_floor(const sl_layout *layout, int max_steps, snap_floor *f) {
  sl_scroll_info info;
  double offsets[3];
  size_t count = 0;
  sl_snap_position p0, p1, p2;
  memset(f, 0, sizeof *f);
  SL_CHECK(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info));
  if (info.snap_count < 4) die("floor: too few rest positions");
  int status = sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, offsets, 3, &count);
  if (status != SL_OK && status != SL_EBUFS) die_status(status, "sl_layout_get_snap_offsets");
  f->min = info.min_offset;
  f->max = info.max_offset;
  f->count = info.snap_count;
  f->stride = offsets[2] - offsets[1];
  f->raw0 = offsets[1] - f->stride;
  SL_CHECK(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, offsets[0], &p0));
  SL_CHECK(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, offsets[1], &p1));
  SL_CHECK(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, offsets[2], &p2));
  if (p0.item != 0) die("floor: the first rest position does not hold item 0");
  /* A start bound prepended before the first unit also shows item 0. */
  f->lead = p1.item == p0.item ? 1 : 0;
  f->items_per_snap = p2.item - p1.item;
  SL_CHECK(sl_layout_get_item_count(layout, 0, &f->item_count));
  f->rate = info.deceleration_rate;
  f->fling = 0.2;
  f->threshold = 0.5;
  f->max_steps = max_steps;
  if (info.max_pages_per_gesture != max_steps) die("floor: unexpected maxPagesPerGesture");
  f->eps_velocity = 1;
  f->omega = 2 * 3.14159265358979323846 / 0.3;
  /* The default landing band, capped halfway between the container's rate and 1. */
  f->landing_min = 0.990;
  f->landing_max = fmin(0.9985, f->rate + (1 - f->rate) / 2);
  f->landing_min = fmin(f->landing_min, f->landing_max);
  f->slowest_decay = -1000 * log(f->landing_max);
  f->fastest_decay = -1000 * log(f->landing_min);
  /* Half a pixel at the configured display scale (3 for the carousel, 0 = exact: 0.25 pt). */
  {
    sl_scroll_release release = {SL_SCROLL_RELEASE_VERSION, 0, offsets[1], offsets[1] + 50, 0, 0};
    sl_snap_result result;
    SL_CHECK(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &release, &result));
    f->eps_offset = result.motion.epsilon_offset;
  }
}

static int close_to(double a, double b) { return fabs(a - b) <= 1e-9 * (1 + fabs(a) + fabs(b)); }

/* Motion parameters derive from (target - release): far from the origin (offsets near 1e9)
   a last-bit difference in the target moves them by ~1e-8 relative, so compare loosely. */
static int motion_close_to(double a, double b) {
  return fabs(a - b) <= 1e-6 * (1 + fabs(a) + fabs(b));
}

#define RELEASE_COUNT 4096 /* power of two */

typedef struct resolve_ctx {
  const sl_layout *layout;
  const snap_floor *floor;
  sl_scroll_release releases[RELEASE_COUNT];
} resolve_ctx;

/* Random releases: touch-down on a random rest position, a drag of up to `drag` points either
   way, then a quarter slow (|v| < 200 pt/s) and the rest flings of up to `speed` pt/s. */
static void random_releases(resolve_ctx *ctx, double drag, double speed) {
  const snap_floor *f = ctx->floor;
  for (int i = 0; i < RELEASE_COUNT; i++) {
    sl_scroll_release *r = &ctx->releases[i];
    int64_t k = (int64_t)(rng_next() % (uint64_t)f->count);
    double sign = rng_next() & 1 ? 1.0 : -1.0;
    memset(r, 0, sizeof *r);
    r->version = SL_SCROLL_RELEASE_VERSION;
    r->start_offset = sf_offset(f, k);
    r->release_offset = r->start_offset + drag * (2 * rng_unit() - 1);
    r->velocity = rng_unit() < 0.25 ? 199.0 * (2 * rng_unit() - 1)
                                    : sign * (200.0 + (speed - 200.0) * rng_unit());
  }
}

/* Checks that the floor decides every release as the library does; returns the share of
   decays among the motions. */
static double check_resolve_floor(const resolve_ctx *ctx) {
  int decays = 0;
  for (int i = 0; i < RELEASE_COUNT; i++) {
    sl_snap_result lib, mine;
    SL_CHECK(sl_layout_resolve_scroll(ctx->layout, SL_SCROLL_MAIN, &ctx->releases[i], &lib));
    floor_resolve(ctx->floor, &ctx->releases[i], &mine);
    if (lib.snap_index != mine.snap_index || lib.item != mine.item ||
        lib.reference_snap != mine.reference_snap || lib.motion.kind != mine.motion.kind ||
        !close_to(lib.target_offset, mine.target_offset) ||
        !close_to(lib.release_progress, mine.release_progress) ||
        !motion_close_to(lib.motion.duration, mine.motion.duration) ||
        !motion_close_to(lib.motion.decay, mine.motion.decay) ||
        !close_to(lib.motion.epsilon_offset, mine.motion.epsilon_offset)) {
      fprintf(stderr,
              "bench: the resolve floor differs at release %d (%.6f -> %.6f, %.3f pt/s): "
              "library %.9f #%" PRId64 " kind %d %.9f s, floor %.9f #%" PRId64 " kind %d %.9f s\n",
              i, ctx->releases[i].start_offset, ctx->releases[i].release_offset,
              ctx->releases[i].velocity, lib.target_offset, lib.snap_index, (int)lib.motion.kind,
              lib.motion.duration, mine.target_offset, mine.snap_index, (int)mine.motion.kind,
              mine.motion.duration);
      fprintf(stderr,
              "  item %" PRId64 "/%" PRId64 ", reference %" PRId64 "/%" PRId64
              ", progress %.12f/%.12f, decay %.12f/%.12f\n",
              lib.item, mine.item, lib.reference_snap, mine.reference_snap, lib.release_progress,
              mine.release_progress, lib.motion.decay, mine.motion.decay);
      exit(1);
    }
    decays += lib.motion.kind == SL_MOTION_DECAY;
  }
  return (double)decays / RELEASE_COUNT;
}

static double run_resolve(void *vctx, long iters) {
  const resolve_ctx *ctx = vctx;
  sl_snap_result result;
  TIMED_SUM_LOOP(iters,
    int status = sl_layout_resolve_scroll(ctx->layout, SL_SCROLL_MAIN,
                                          &ctx->releases[i & (RELEASE_COUNT - 1)], &result);
    if (status != SL_OK) die_status(status, "sl_layout_resolve_scroll");
    sum += result.target_offset + result.motion.duration;
  );
}

static double run_resolve_floor(void *vctx, long iters) {
  const resolve_ctx *ctx = vctx;
  sl_snap_result result;
  TIMED_SUM_LOOP(iters,
    if (floor_resolve_fn(ctx->floor, &ctx->releases[i & (RELEASE_COUNT - 1)], &result) != SL_OK)
      die("floor_resolve failed");
    sum += result.target_offset + result.motion.duration;
  );
}

static double run_decide_floor(void *vctx, long iters) {
  const resolve_ctx *ctx = vctx;
  sl_snap_result result;
  TIMED_SUM_LOOP(iters,
    if (floor_decide_fn(ctx->floor, &ctx->releases[i & (RELEASE_COUNT - 1)], &result) != SL_OK)
      die("floor_decide failed");
    sum += result.target_offset;
  );
}

static double run_rounding_formula(void *vctx, long iters) {
  const resolve_ctx *ctx = vctx;
  sl_snap_result result;
  TIMED_SUM_LOOP(iters,
    if (floor_rounding_fn(ctx->floor, &ctx->releases[i & (RELEASE_COUNT - 1)], &result) != SL_OK)
      die("floor_rounding_formula failed");
    sum += result.target_offset;
  );
}

typedef struct sample_ctx {
  sl_motion motions[RELEASE_COUNT];
  double times[RELEASE_COUNT];
} sample_ctx;

static double run_sample(void *vctx, long iters) {
  const sample_ctx *ctx = vctx;
  sl_motion_state state;
  TIMED_SUM_LOOP(iters,
    long k = i & (RELEASE_COUNT - 1);
    int status = sl_motion_sample(&ctx->motions[k], ctx->times[k], &state);
    if (status != SL_OK) die_status(status, "sl_motion_sample");
    sum += state.offset;
  );
}

static double run_sample_floor(void *vctx, long iters) {
  const sample_ctx *ctx = vctx;
  sl_motion_state state;
  TIMED_SUM_LOOP(iters,
    long k = i & (RELEASE_COUNT - 1);
    if (floor_sample_fn(&ctx->motions[k], ctx->times[k], &state) != SL_OK)
      die("floor_motion_sample failed");
    sum += state.offset;
  );
}

/* Motions of one kind from random carousel releases, each sampled at a random time before it
   settles; checks the floor against the library at every (motion, time). */
static void collect_motions(const resolve_ctx *carousel, int32_t kind, sample_ctx *ctx) {
  int found = 0;
  resolve_ctx *scratch = xmalloc(sizeof *scratch);
  scratch->layout = carousel->layout;
  scratch->floor = carousel->floor;
  for (int round = 0; found < RELEASE_COUNT; round++) {
    if (round == 64) die("too few motions of one kind among random releases");
    /* Decays come from gentle flings (they land on the next card), springs from the rest. */
    random_releases(scratch, kind == SL_MOTION_DECAY ? 40 : 250,
                    kind == SL_MOTION_DECAY ? 2500 : 10000);
    for (int i = 0; i < RELEASE_COUNT && found < RELEASE_COUNT; i++) {
      sl_snap_result result;
      SL_CHECK(sl_layout_resolve_scroll(scratch->layout, SL_SCROLL_MAIN, &scratch->releases[i],
                                        &result));
      if (result.motion.kind != kind) continue;
      ctx->motions[found] = result.motion;
      ctx->times[found] = result.motion.duration * rng_unit();
      found++;
    }
  }
  free(scratch);
  for (int i = 0; i < RELEASE_COUNT; i++) {
    sl_motion_state lib, mine;
    SL_CHECK(sl_motion_sample(&ctx->motions[i], ctx->times[i], &lib));
    floor_motion_sample(&ctx->motions[i], ctx->times[i], &mine);
    if (lib.settled != mine.settled || !close_to(lib.offset, mine.offset) ||
        fabs(lib.velocity - mine.velocity) > 1e-7 * (1 + fabs(ctx->motions[i].start_velocity)))
      die("floor: sl_motion_sample differs from the floor");
  }
}

typedef struct position_ctx {
  const sl_layout *layout;
  const snap_floor *floor;
  double offsets[RANDOM_COUNT];
  int64_t items[RANDOM_COUNT];
} position_ctx;

static double run_position(void *vctx, long iters) {
  const position_ctx *ctx = vctx;
  sl_snap_position position;
  TIMED_SUM_LOOP(iters,
    int status = sl_layout_get_snap_position(ctx->layout, SL_SCROLL_MAIN,
                                             ctx->offsets[i & (RANDOM_COUNT - 1)], &position);
    if (status != SL_OK) die_status(status, "sl_layout_get_snap_position");
    sum += position.progress;
  );
}

static double run_position_floor(void *vctx, long iters) {
  const position_ctx *ctx = vctx;
  sl_snap_position position;
  TIMED_SUM_LOOP(iters,
    if (floor_position_fn(ctx->floor, ctx->offsets[i & (RANDOM_COUNT - 1)], &position) != SL_OK)
      die("floor_snap_position failed");
    sum += position.progress;
  );
}

static double run_item_offset(void *vctx, long iters) {
  const position_ctx *ctx = vctx;
  double offset, sum = 0;
  int64_t snap;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    int status = sl_layout_get_offset_for_item(ctx->layout, SL_SCROLL_MAIN, 0,
                                               ctx->items[i & (RANDOM_COUNT - 1)], &offset, &snap);
    if (status != SL_OK) die_status(status, "sl_layout_get_offset_for_item");
    sum += offset;
  }
  double elapsed = now_ns() - t0;
  sink = sum;
  return elapsed;
}

static double run_item_offset_floor(void *vctx, long iters) {
  const position_ctx *ctx = vctx;
  double offset, sum = 0;
  int64_t snap;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    if (floor_item_offset_fn(ctx->floor, ctx->items[i & (RANDOM_COUNT - 1)], &offset, &snap) !=
        SL_OK)
      die("floor_offset_for_item failed");
    sum += offset;
  }
  double elapsed = now_ns() - t0;
  sink = sum;
  return elapsed;
}

/* Random offsets across the content (with 5% overscroll) and random items; checks the floors. */
static void random_positions(position_ctx *ctx) {
  const snap_floor *f = ctx->floor;
  double span = f->max - f->min;
  for (int i = 0; i < RANDOM_COUNT; i++) {
    sl_snap_position lib, mine;
    double lib_offset, my_offset;
    int64_t lib_snap, my_snap;
    ctx->offsets[i] = f->min - 0.05 * span + 1.1 * span * rng_unit();
    ctx->items[i] = (int64_t)(rng_next() % (uint64_t)f->item_count);
    SL_CHECK(sl_layout_get_snap_position(ctx->layout, SL_SCROLL_MAIN, ctx->offsets[i], &lib));
    floor_snap_position(f, ctx->offsets[i], &mine);
    if (lib.index != mine.index || lib.item != mine.item || !close_to(lib.progress, mine.progress))
      die("floor: sl_layout_get_snap_position differs from the floor");
    SL_CHECK(sl_layout_get_offset_for_item(ctx->layout, SL_SCROLL_MAIN, 0, ctx->items[i],
                                           &lib_offset, &lib_snap));
    if (floor_offset_for_item(f, ctx->items[i], &my_offset, &my_snap) != SL_OK ||
        lib_snap != my_snap || !close_to(lib_offset, my_offset))
      die("floor: sl_layout_get_offset_for_item differs from the floor");
  }
}

/* One frame of the carousel: set the main offset, then list what the 390x844 screen shows. */
typedef struct frame_query_ctx {
  sl_layout *layout;
  int zoom;
  double card_y, card_w, card_h, stride, snapport_center; /* for the floor */
  int64_t cards;
  double offsets[RECT_COUNT];
  sl_element *buffer;
  size_t capacity;
} frame_query_ctx;

static double run_frame_query(void *vctx, long iters) {
  const frame_query_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    double x = ctx->offsets[i & (RECT_COUNT - 1)];
    sl_rect screen = {x, 0, VIEW_W, VIEW_H};
    int status = sl_layout_set_scroll_offset(ctx->layout, SL_SCROLL_MAIN, x);
    if (status != SL_OK) die_status(status, "sl_layout_set_scroll_offset");
    status = sl_layout_get_elements_in_rect(ctx->layout, screen, ctx->buffer, ctx->capacity,
                                            &count);
    if (status != SL_OK) die_status(status, "sl_layout_get_elements_in_rect");
    total += count;
  }
  double elapsed = now_ns() - t0;
  sink = (double)total + ctx->buffer[0].transform.a;
  return elapsed;
}

/* The floor of a carousel frame: the cards crossing the screen, scaled by their distance from
   the snapport's centre (1 at the centre, 0.9 from one stride on). */
static int floor_carousel_frame(const frame_query_ctx *ctx, double x, sl_element *elements,
                                size_t capacity, size_t *out_count) {
  size_t count = 0;
  sl_rect screen = {x, 0, VIEW_W, VIEW_H};
  double center = x + ctx->snapport_center;
  int64_t first = (int64_t)floor((x - ctx->card_w) / ctx->stride);
  int64_t last = (int64_t)floor((x + VIEW_W) / ctx->stride);
  first = first < 0 ? 0 : first;
  last = last > ctx->cards - 1 ? ctx->cards - 1 : last;
  sl_element cell;
  memset(&cell, 0, sizeof cell);
  cell.alpha = 1;
  cell.category = SL_ELEMENT_CELL;
  cell.kind = SL_KIND_CELL;
  cell.frame.y = ctx->card_y;
  cell.frame.width = ctx->card_w;
  cell.frame.height = ctx->card_h;
  for (int64_t k = first; k <= last; k++) {
    cell.frame.x = (double)k * ctx->stride;
    if (!intersects(&cell.frame, &screen)) continue;
    double scale = 1;
    if (ctx->zoom) {
      double t = fabs((cell.frame.x + ctx->card_w / 2 - center) / ctx->stride);
      scale = 1 + (0.9 - 1) * (t < 1 ? t : 1);
    }
    cell.transform.a = cell.transform.d = scale;
    cell.item = k;
    floor_put(elements, capacity, &count, &cell);
  }
  *out_count = count;
  return count <= capacity ? SL_OK : SL_EBUFS;
}

static int (*volatile floor_frame_fn)(const frame_query_ctx *, double, sl_element *, size_t,
                                      size_t *) = floor_carousel_frame;

static double run_frame_query_floor(void *vctx, long iters) {
  const frame_query_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    if (floor_frame_fn(ctx, ctx->offsets[i & (RECT_COUNT - 1)], ctx->buffer, ctx->capacity,
                       &count) != SL_OK)
      die("floor_carousel_frame failed");
    total += count;
  }
  double elapsed = now_ns() - t0;
  sink = (double)total + ctx->buffer[0].transform.a;
  return elapsed;
}

/* Sets up a carousel frame context (random offsets over the content) and checks the floor. */
static double setup_frame_query(frame_query_ctx *ctx, sl_layout *layout, int zoom,
                                const snap_floor *f, sl_element *buffer) {
  sl_rect first, second;
  sl_scroll_info info;
  memset(ctx, 0, sizeof *ctx);
  ctx->layout = layout;
  ctx->zoom = zoom;
  ctx->buffer = buffer;
  ctx->capacity = QUERY_CAPACITY;
  SL_CHECK(sl_layout_get_item_frame(layout, 0, 0, &first));
  SL_CHECK(sl_layout_get_item_frame(layout, 0, 1, &second));
  SL_CHECK(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info));
  ctx->card_y = first.y;
  ctx->card_w = first.width;
  ctx->card_h = first.height;
  ctx->stride = second.x - first.x;
  ctx->cards = f->item_count;
  /* The snapport is the screen minus contentInset: its centre is 34 + 322 / 2 from the offset. */
  ctx->snapport_center =
      info.inset_leading + (info.viewport_length - info.inset_leading - info.inset_trailing) / 2;
  double total = 0;
  for (int i = 0; i < RECT_COUNT; i++) {
    sl_element lib[64], mine[64];
    size_t lib_count = 0, my_count = 0;
    double x = f->min + (f->max - f->min) * rng_unit();
    sl_rect screen = {x, 0, VIEW_W, VIEW_H};
    ctx->offsets[i] = x;
    SL_CHECK(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, x));
    SL_CHECK(sl_layout_get_elements_in_rect(layout, screen, lib, 64, &lib_count));
    floor_carousel_frame(ctx, x, mine, 64, &my_count);
    if (lib_count != my_count) die("floor: the carousel frame has another element count");
    for (size_t k = 0; k < lib_count; k++) {
      const sl_element *a = &lib[k], *b = &mine[k];
      if (a->item != b->item || a->category != b->category || a->z_index != b->z_index ||
          !close_to(a->frame.x, b->frame.x) || !close_to(a->frame.y, b->frame.y) ||
          !close_to(a->frame.width, b->frame.width) || !close_to(a->frame.height, b->frame.height) ||
          !close_to(a->transform.a, b->transform.a) || !close_to(a->transform.d, b->transform.d) ||
          a->transform.b != 0 || a->transform.c != 0 || a->transform.tx != 0 ||
          a->transform.ty != 0 || !close_to(a->alpha, b->alpha))
        die("floor: the carousel frame differs from the library's elements");
    }
    total += (double)lib_count;
  }
  return total / RECT_COUNT;
}

void bench_scrolling(void) {
  static resolve_ctx carousel_releases, grid_releases;
  static sample_ctx decays, springs;
  static position_ctx carousel_positions, grid_positions;
  static frame_query_ctx zoom_on, zoom_off;
  snap_floor floors[COUNT_COUNT], grid_floor;
  stats lib, floor_stats, resolve_floor_1e7, decide_floor, rounding_floor;
  double ratios[COUNT_COUNT], decay_share = 0, grid_decay_share = 0;
  char label[64];
  sl_layout *carousel_1e7 = NULL;
  part = PART_RESOLVE;

  /* Resolving random releases on carousels of 1e3 ... 1e7 cards. */
  for (int k = 0; k < COUNT_COUNT; k++) {
    int64_t n = counts[k];
    config_text config;
    carousel_config(&config, n, 0);
    sl_layout *layout = make_layout(&config);
    read_snap_floor(layout, 1, &floors[k]);
    carousel_releases.layout = layout;
    carousel_releases.floor = &floors[k];
    random_releases(&carousel_releases, 250, 10000);
    decay_share = check_resolve_floor(&carousel_releases);
    measure_pair(run_resolve, &carousel_releases, 1, &lib, run_resolve_floor, &carousel_releases,
                 1, &floor_stats);
    row *r = add_row("resolve_scroll, carousel, random release", count_label(n), lib, "ns/call");
    r->ratio = ratios[k] = lib.median / floor_stats.median;
    if (n == 10000000) {
      set_target(r, "<= 100 ns", lib.median <= 100.0);
      resolve_floor_1e7 = floor_stats;
      measure_pair(run_decide_floor, &carousel_releases, 1, &decide_floor, run_rounding_formula,
                   &carousel_releases, 1, &rounding_floor);
      carousel_1e7 = layout;
    } else {
      sl_layout_destroy(layout);
    }
  }
  snprintf(label, sizeof label, "floor: C standard rule + motion (%.0f%% decay)",
           100 * decay_share);
  add_row(label, "1e7", resolve_floor_1e7, "ns/call");
  add_row("floor: C standard rule, no motion", "1e7", decide_floor, "ns/call");
  add_row("floor: UIKit pattern, round((x+34)/327)", "1e7", rounding_floor, "ns/call");
  add_growth_row("flatness: resolve vs floor, 1e7 / 1e3", ratios);

  /* The main scroll of a 1e7-item grid resting on rows, unlimited rows per fling. */
  {
    config_text config;
    snapping_grid_config(&config, 10000000);
    sl_layout *layout = make_layout(&config);
    read_snap_floor(layout, 0, &grid_floor);
    grid_releases.layout = layout;
    grid_releases.floor = &grid_floor;
    random_releases(&grid_releases, 400, 20000);
    grid_decay_share = check_resolve_floor(&grid_releases);
    measure_pair(run_resolve, &grid_releases, 1, &lib, run_resolve_floor, &grid_releases, 1,
                 &floor_stats);
    row *r = add_row("resolve_scroll, grid main scroll (rows)", "1e7", lib, "ns/call");
    r->ratio = lib.median / floor_stats.median;
    set_target(r, "<= 100 ns", lib.median <= 100.0);
    snprintf(label, sizeof label, "floor: C, grid rows (%.0f%% decay)", 100 * grid_decay_share);
    add_row(label, "1e7", floor_stats, "ns/call");

    grid_positions.layout = layout;
    grid_positions.floor = &grid_floor;
    random_positions(&grid_positions);
    carousel_positions.layout = carousel_1e7;
    carousel_positions.floor = &floors[COUNT_COUNT - 1];
    random_positions(&carousel_positions);

    /* Snap queries on both: the nearest rest position of an offset, the offset of an item. */
    position_ctx *contexts[2] = {&carousel_positions, &grid_positions};
    const char *names[2] = {"carousel", "grid"};
    for (int s = 0; s < 2; s++) {
      measure_pair(run_position, contexts[s], 1, &lib, run_position_floor, contexts[s], 1,
                   &floor_stats);
      snprintf(label, sizeof label, "get_snap_position, %s, random offset", names[s]);
      add_row(label, "1e7", lib, "ns/call")->ratio = lib.median / floor_stats.median;
      snprintf(label, sizeof label, "floor: C snap position, %s", names[s]);
      add_row(label, "1e7", floor_stats, "ns/call");
    }
    for (int s = 0; s < 2; s++) {
      measure_pair(run_item_offset, contexts[s], 1, &lib, run_item_offset_floor, contexts[s], 1,
                   &floor_stats);
      snprintf(label, sizeof label, "get_offset_for_item, %s, random item", names[s]);
      add_row(label, "1e7", lib, "ns/call")->ratio = lib.median / floor_stats.median;
      snprintf(label, sizeof label, "floor: C offset for item, %s", names[s]);
      add_row(label, "1e7", floor_stats, "ns/call");
    }
    sl_layout_destroy(layout);
  }

  /* Sampling motions at random times: exact-landing decays and critically damped springs. */
  part = PART_MOTION;
  carousel_releases.layout = carousel_1e7;
  carousel_releases.floor = &floors[COUNT_COUNT - 1];
  collect_motions(&carousel_releases, SL_MOTION_DECAY, &decays);
  collect_motions(&carousel_releases, SL_MOTION_SPRING, &springs);
  measure_pair(run_sample, &decays, 1, &lib, run_sample_floor, &decays, 1, &floor_stats);
  add_row("motion_sample, decay, random time", "-", lib, "ns/call")->ratio =
      lib.median / floor_stats.median;
  add_row("floor: C decay, exp()", "-", floor_stats, "ns/call");
  measure_pair(run_sample, &springs, 1, &lib, run_sample_floor, &springs, 1, &floor_stats);
  add_row("motion_sample, spring, random time", "-", lib, "ns/call")->ratio =
      lib.median / floor_stats.median;
  add_row("floor: C critically damped spring, exp()", "-", floor_stats, "ns/call");
  sl_layout_destroy(carousel_1e7);

  /* One frame of the zooming carousel (1e7 cards): set the offset, list the screen. */
  {
    config_text on_config, off_config;
    carousel_config(&on_config, 10000000, 1);
    carousel_config(&off_config, 10000000, 0);
    sl_layout *on = make_layout(&on_config), *off = make_layout(&off_config);
    sl_element *buffer = xmalloc(QUERY_CAPACITY * sizeof *buffer);
    stats on_stats, off_stats, on_floor;
    uint64_t saved = rng_state;
    double average = setup_frame_query(&zoom_on, on, 1, &floors[COUNT_COUNT - 1], buffer);
    rng_state = saved; /* the same offsets for both */
    setup_frame_query(&zoom_off, off, 0, &floors[COUNT_COUNT - 1], buffer);
    measure_pair(run_frame_query, &zoom_on, 1, &on_stats, run_frame_query_floor, &zoom_on, 1,
                 &on_floor);
    measure_pair(run_frame_query, &zoom_off, 1, &off_stats, run_frame_query_floor, &zoom_off, 1,
                 &floor_stats);
    add_row("set_offset + rect 390x844, carousel, zoom", "1e7", on_stats, "ns/frame")->ratio =
        on_stats.median / on_floor.median;
    add_row("set_offset + rect 390x844, carousel, no zoom", "1e7", off_stats, "ns/frame")->ratio =
        off_stats.median / floor_stats.median;
    snprintf(label, sizeof label, "floor: C carousel frame, zoom (%.2f cards)", average);
    add_row(label, "1e7", on_floor, "ns/frame");
    stats cost = {on_stats.median / off_stats.median, NAN};
    add_row("zoom cost: frame with zoom / without", "1e7", cost, "x");
    free(buffer);
    sl_layout_destroy(on);
    sl_layout_destroy(off);
  }
}
