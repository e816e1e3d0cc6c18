/*
 * fuzz_api_args.c — fuzz_api's arguments and checks: the hostile and ordinary values drawn from
 * the input, and the checks of the header's promises after each call (the harness is
 * fuzz/fuzz_api.c, the operations fuzz_api_ops.c and fuzz_api_changes.c).
 */
#define FUZZ_PART /* the harness, fuzz_api.c, has main() */
#include "fuzz_api.h"

/* The hostile and ordinary numbers arguments are drawn from. */
static const double NUMBERS[] = {
    NAN, INFINITY, -INFINITY, 0.0, -0.0, -1.0, 1.0, 0.5, 44.0, 100.0, 390.0, 844.0,
    SL_MAX_MEASURED_LENGTH, SL_MAX_MEASURED_LENGTH * 1.0000001, 1e12, 1e15, 1e300, DBL_MAX,
    -DBL_MAX, DBL_MIN, 4.9e-324, -1e12, 1e-9, 9.2233720368547758e18,
};
#define NUMBER_COUNT (sizeof NUMBERS / sizeof NUMBERS[0])

/* --- drawing arguments ---------------------------------------------------------------------- */

double pick_double(run *r) {
  uint8_t k = fuzz_u8(&r->in);
  if (k < NUMBER_COUNT) return NUMBERS[k];
  if (k < 160) return (double)(int16_t)fuzz_bytes(&r->in, 2) / 4.0;
  uint64_t bits = fuzz_bytes(&r->in, 8);
  double value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* A positive length, mostly reasonable. */
double pick_length(run *r) {
  uint8_t k = fuzz_u8(&r->in);
  if (k < 200) return 1.0 + k * 4.0;
  return pick_double(r);
}

int32_t section_count(const run *r) {
  int32_t count = 0;
  if (r->layout != NULL) sl_layout_get_section_count(r->layout, &count);
  return count;
}

int64_t item_count(const run *r, int32_t section) {
  int64_t count = 0;
  if (r->layout != NULL && sl_layout_get_item_count(r->layout, section, &count) != SL_OK)
    count = 0;
  return count;
}

/* n + 1 without overflowing (counts reach INT64_MAX). */
int64_t plus1(int64_t n) { return n < INT64_MAX ? n + 1 : n; }

/* A section index: mostly a valid one, else -1, the count, the int32 limits or any. */
int32_t pick_section(run *r) {
  int32_t n = section_count(r);
  uint8_t k = fuzz_u8(&r->in);
  if (k < 200) return n > 0 ? (int32_t)(k % n) : 0;
  switch (k % 6) {
    case 0: return -1;
    case 1: return n;
    case 2: return INT32_MAX;
    case 3: return INT32_MIN;
    case 4: return -2;
    default: return (int32_t)fuzz_bytes(&r->in, 4);
  }
}

/* A scroll container: mostly the main scroll or a section. */
int32_t pick_container(run *r) {
  if (fuzz_u8(&r->in) < 100) return SL_SCROLL_MAIN;
  return pick_section(r);
}

/* An index among `count` items (or rest positions): near the start or the end, or hostile. */
int64_t pick_index(run *r, int64_t count) {
  uint8_t k = fuzz_u8(&r->in);
  if (k < 100) return count > 0 ? k % count : 0;
  if (k < 180) return count > (k - 100) ? count - 1 - (k - 100) : 0;
  switch (k % 8) {
    case 0: return count;
    case 1: return -1;
    case 2: return INT64_MAX;
    case 3: return INT64_MIN;
    case 4: return count / 2;
    case 5: return plus1(count);
    case 6: return (int64_t)fuzz_bytes(&r->in, 8);
    default: return (int64_t)(int16_t)fuzz_bytes(&r->in, 2);
  }
}

/* A count of things: mostly small. */
int64_t pick_count(run *r) {
  uint8_t k = fuzz_u8(&r->in);
  if (k < 200) return k % 17;
  switch (k % 6) {
    case 0: return -1;
    case 1: return INT64_MAX;
    case 2: return INT64_MIN;
    case 3: return 1000000000000LL;
    case 4: return (int64_t)1 << 26;
    default: return (int64_t)fuzz_bytes(&r->in, 8);
  }
}

/* Whether to pass NULL for an output the call needs (1 in 16). */
int pick_null(run *r) { return (fuzz_u8(&r->in) & 0x0F) == 0; }

/* --- checks ---------------------------------------------------------------------------------- */

/* Whether `size` bytes at `p` still hold the poison. */
int untouched(const void *p, size_t size) {
  const unsigned char *bytes = p;
  for (size_t i = 0; i < size; i++)
    if (bytes[i] != POISON) return 0;
  return 1;
}


void take_snapshot(const run *r, snapshot *s) {
  memset(s, 0, sizeof *s);
  s->sections = section_count(r);
  for (int32_t i = 0; i < 4 && i < s->sections; i++) s->items[i] = item_count(r, i);
  s->content_status = sl_layout_get_content_size(r->layout, &s->content);
  s->main_status = sl_layout_get_scroll_offset(r->layout, SL_SCROLL_MAIN, &s->main_offset);
}

void check_unchanged(const run *r, const char *call, const snapshot *before) {
  snapshot after;
  take_snapshot(r, &after);
  FUZZ_CHECK(after.sections == before->sections, "%s failed but the sections went %d -> %d",
             call, (int)before->sections, (int)after.sections);
  for (int i = 0; i < 4; i++)
    FUZZ_CHECK(after.items[i] == before->items[i],
               "%s failed but section %d's items went %lld -> %lld", call, i,
               (long long)before->items[i], (long long)after.items[i]);
  FUZZ_CHECK(after.content_status == before->content_status &&
                 (after.content_status != SL_OK ||
                  (after.content.width == before->content.width &&
                   after.content.height == before->content.height)),
             "%s failed but the content size went %g x %g -> %g x %g", call,
             before->content.width, before->content.height, after.content.width,
             after.content.height);
  FUZZ_CHECK(after.main_status == before->main_status &&
                 (after.main_status != SL_OK || after.main_offset == before->main_offset),
             "%s failed but the main offset went %g -> %g", call, before->main_offset,
             after.main_offset);
}

void check_report(const char *call, const sl_size_report *report) {
  FUZZ_CHECK(isfinite(report->main_offset_adjustment) &&
                 isfinite(report->section_offset_adjustment),
             "%s: adjustments %g, %g", call, report->main_offset_adjustment,
             report->section_offset_adjustment);
  fuzz_check_size(call, &report->content_size);
}

void check_element(const run *r, const sl_element *e, sl_rect rect) {
  int32_t sections = section_count(r), kinds = 0;
  sl_layout_get_element_kind_count(r->layout, &kinds);
  FUZZ_CHECK(e->category >= SL_ELEMENT_CELL && e->category <= SL_ELEMENT_DECORATION,
             "element category %d", (int)e->category);
  fuzz_check_frame("element", &e->frame);
  FUZZ_CHECK(isfinite(e->transform.a) && isfinite(e->transform.b) && isfinite(e->transform.c) &&
                 isfinite(e->transform.d) && isfinite(e->transform.tx) &&
                 isfinite(e->transform.ty) && e->alpha >= 0 && e->alpha <= 1,
             "element transform or alpha %g", e->alpha);
  FUZZ_CHECK((e->flags & ~(SL_ELEMENT_FLAG_HIDDEN | SL_ELEMENT_FLAG_PINNED)) == 0,
             "element flags 0x%x", (unsigned)e->flags);
  FUZZ_CHECK(fuzz_copy_possible(r->layout, e), "element copy %d outside a loop", (int)e->copy);
  FUZZ_CHECK(e->section >= SL_SECTION_LAYOUT && e->section < sections && e->item >= 0,
             "element (%d, %lld) of %d sections", (int)e->section, (long long)e->item,
             (int)sections);
  if (e->category == SL_ELEMENT_CELL)
    FUZZ_CHECK(e->kind == SL_KIND_CELL && e->section >= 0 && e->item < item_count(r, e->section),
               "cell (%d, %lld) of kind %d", (int)e->section, (long long)e->item, (int)e->kind);
  else
    FUZZ_CHECK(e->kind >= 0 && e->kind < kinds, "element kind %d of %d", (int)e->kind,
               (int)kinds);
  /* It shares area with the rect, or, of zero width or height, has its edge inside it. The
   * slack allows for the rounding of the content coordinates of far-away elements. */
  double slack = 1e-9 * (fabs(rect.x) + fabs(rect.y) + rect.width + rect.height +
                         fabs(e->frame.x) + fabs(e->frame.y) + 1);
  FUZZ_CHECK(e->frame.x <= rect.x + rect.width + slack &&
                 e->frame.x + e->frame.width >= rect.x - slack &&
                 e->frame.y <= rect.y + rect.height + slack &&
                 e->frame.y + e->frame.height >= rect.y - slack,
             "element {%g, %g, %g, %g} (category %d, section %d, item %lld) outside the rect "
             "{%g, %g, %g, %g}",
             e->frame.x, e->frame.y, e->frame.width, e->frame.height, (int)e->category,
             (int)e->section, (long long)e->item, rect.x, rect.y, rect.width, rect.height);
}

/* Checks a motion the library made, sampled at `time`. */
void check_motion(const sl_motion *motion, double time) {
  sl_motion_state state;
  memset(&state, POISON, sizeof state);
  int status = sl_motion_sample(motion, time, &state);
  fuzz_check_status("sl_motion_sample", status, FUZZ_S(SL_EINVAL));
  if (!isfinite(time)) {
    FUZZ_CHECK(status == SL_EINVAL && untouched(&state, sizeof state),
               "sampled at time %g: status %d", time, status);
    return;
  }
  FUZZ_CHECK(status == SL_OK, "a motion the library made, sampled at %g: status %d", time, status);
  if (time < 0 || time > 1e9) return;
  FUZZ_CHECK(isfinite(state.offset) && isfinite(state.velocity) &&
                 (state.settled == 0 || state.settled == 1),
             "motion (kind %d) at %g: offset %g, velocity %g, settled %d", (int)motion->kind,
             time, state.offset, state.velocity, (int)state.settled);
  if (state.settled)
    FUZZ_CHECK(state.offset == motion->target_offset && state.velocity == 0,
               "settled at %g with velocity %g, not at the target %g", state.offset,
               state.velocity, motion->target_offset);
  if (time >= motion->duration)
    FUZZ_CHECK(fabs(state.offset - motion->target_offset) <=
                   motion->epsilon_offset * (1 + 1e-9) + 1e-9 * fabs(motion->target_offset),
               "at %g, past the duration %g, the offset %g is more than %g from the target %g",
               time, motion->duration, state.offset, motion->epsilon_offset,
               motion->target_offset);
}

void check_new_motion(const sl_motion *m) {
  FUZZ_CHECK(m->kind >= SL_MOTION_NONE && m->kind <= SL_MOTION_SPRING &&
                 isfinite(m->start_offset) &&
                 isfinite(m->start_velocity) && isfinite(m->target_offset) &&
                 isfinite(m->duration) && m->duration >= 0,
             "motion kind %d from %g at %g/s to %g in %g s", (int)m->kind, m->start_offset,
             m->start_velocity, m->target_offset, m->duration);
  check_motion(m, 0);
  check_motion(m, m->duration / 2);
  check_motion(m, m->duration);
  check_motion(m, m->duration + 1);
}

double loop_period(const run *r, int32_t container) {
  sl_loop_info loop;
  memset(&loop, 0, sizeof loop);
  if (sl_layout_get_loop_info(r->layout, container, &loop) != SL_OK) return 0;
  return loop.active ? loop.period : 0;
}

sl_scroll_info scroll_info(const run *r, int32_t container, int *status) {
  sl_scroll_info info;
  memset(&info, 0, sizeof info);
  *status = sl_layout_get_scroll_info(r->layout, container, &info);
  return info;
}
