/*
 * fuzz_api_navigation.c — the fuzz_api target's operations for navigation without touch, jumps,
 * the selected rest position, wheels and touchpads (docs/SNAPPING.md, "Navigation without
 * touch", "Wheels and touchpads"): any arguments, a motion made before (or damaged), the
 * statuses the header documents, untouched outputs on failure, and results inside the
 * container's rest positions and bounds.
 */
#define FUZZ_PART /* the harness, fuzz_api.c, has main() */
#include "fuzz_api.h"

/* A result read like a release's: indices among the rest positions, an item that exists, a
 * motion the library may make, going to the target. */
static void check_result(const run *r, int32_t container, const char *call,
                         const sl_snap_result *result, const sl_scroll_info *info) {
  int64_t count = info->snap_count;
  /* A loop has no bounds: its targets run on across laps. */
  int loops = loop_period(r, container) > 0;
  FUZZ_CHECK(isfinite(result->target_offset) && isfinite(result->release_progress),
             "%s: target %g, progress %g", call, result->target_offset, result->release_progress);
  FUZZ_CHECK(count == 0 ? result->snap_index == -1
                        : result->snap_index >= 0 && result->snap_index < count,
             "%s: rest %lld of %lld", call, (long long)result->snap_index, (long long)count);
  FUZZ_CHECK(loops || (result->target_offset >= info->min_offset - 1e-9 * fabs(info->min_offset) - 1e-9 &&
                 result->target_offset <= info->max_offset + 1e-9 * fabs(info->max_offset) + 1e-9),
             "%s: target %g outside [%g, %g]", call, result->target_offset, info->min_offset,
             info->max_offset);
  FUZZ_CHECK((result->item == -1 && result->section == -1) ||
                 (result->section >= 0 && result->section < section_count(r) &&
                  result->item >= 0 && result->item < item_count(r, result->section)),
             "%s: item (%d, %lld)", call, (int)result->section, (long long)result->item);
  FUZZ_CHECK(result->motion.target_offset == result->target_offset,
             "%s: the motion goes to %g, the result says %g", call, result->motion.target_offset,
             result->target_offset);
  check_new_motion(&result->motion);
}

void op_navigate(run *r) {
  int32_t container = pick_container(r);
  uint8_t k = fuzz_u8(&r->in);
  int32_t action = k < 240 ? 1 + k % 5 : (int32_t)fuzz_bytes(&r->in, 4);
  int64_t argument = pick_index(r, 12);
  double time = pick_double(r) / 1000;
  sl_motion scratch;
  int made;
  const sl_motion *motion = pick_motion(r, &scratch, &made);
  int null = pick_null(r);
  sl_snap_result result;
  memset(&result, POISON, sizeof result);
  int status = sl_layout_navigate(r->layout, container, action, argument, motion, time,
                                  null ? NULL : &result);
  fuzz_check_status("sl_layout_navigate", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK((!null && isfinite(time) && action >= 1 && action <= 5) || status != SL_OK,
             "action %d, time %g or NULL accepted", (int)action, time);
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&result, sizeof result), "result written on failure");
    return;
  }
  int info_status;
  sl_scroll_info info = scroll_info(r, container, &info_status);
  FUZZ_CHECK(info_status == SL_OK, "navigate succeeds where get_scroll_info fails");
  check_result(r, container, "sl_layout_navigate", &result, &info);
  r->motion = result.motion;
  r->has_motion = 1;
}

void op_selected_snap(run *r) {
  int32_t container = pick_container(r);
  double time = pick_double(r) / 1000;
  sl_motion scratch;
  int made;
  const sl_motion *motion = pick_motion(r, &scratch, &made);
  int null = pick_null(r);
  int64_t index;
  memset(&index, POISON, sizeof index);
  int status =
      sl_layout_get_selected_snap(r->layout, container, motion, time, null ? NULL : &index);
  fuzz_check_status("sl_layout_get_selected_snap", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&index, sizeof index), "index written on failure");
    return;
  }
  int info_status;
  sl_scroll_info info = scroll_info(r, container, &info_status);
  FUZZ_CHECK(info.snap_count == 0 ? index == -1 : index >= 0 && index < info.snap_count,
             "selected %lld of %lld", (long long)index, (long long)info.snap_count);
}

void op_jump_to_snap(run *r) {
  int32_t container = pick_container(r);
  int info_status;
  sl_scroll_info info = scroll_info(r, container, &info_status);
  int64_t index = pick_index(r, info_status == SL_OK ? info.snap_count : 4);
  snapshot before;
  take_snapshot(r, &before);
  int status = sl_layout_jump_to_snap(r->layout, container, index);
  fuzz_check_status("sl_layout_jump_to_snap", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  if (status != SL_OK) {
    check_unchanged(r, "sl_layout_jump_to_snap", &before);
    return;
  }
  FUZZ_CHECK(index >= 0 && index < info.snap_count, "rest %lld of %lld accepted",
             (long long)index, (long long)info.snap_count);
  double offset = POISON, rest = POISON;
  size_t count = 0;
  FUZZ_CHECK(sl_layout_get_scroll_offset(r->layout, container, &offset) == SL_OK &&
                 (sl_layout_get_snap_offsets(r->layout, container, index, &rest, 1, &count) ==
                      SL_OK ||
                  count > 1) &&
                 (loop_period(r, container) > 0
                      ? fabs(remainder(offset - rest, loop_period(r, container))) <=
                            1e-9 * (fabs(offset) + fabs(rest) + 1)
                      : offset == fmin(fmax(rest, info.min_offset), info.max_offset)),
             "jumped to rest %lld (%g) but the offset is %g", (long long)index, rest, offset);
}

void op_scroll_input(run *r) {
  int32_t container = pick_container(r);
  uint8_t k = fuzz_u8(&r->in);
  sl_scroll_input input;
  memset(&input, 0, sizeof input);
  input.version = k < 250 ? SL_SCROLL_INPUT_VERSION : (uint32_t)fuzz_bytes(&r->in, 4);
  input.device = k < 240 ? 1 + k % 2 : (int32_t)fuzz_bytes(&r->in, 4);
  input.flags = (k & 12) == 4 ? SL_INPUT_END : (k & 12) == 8 ? (uint32_t)fuzz_bytes(&r->in, 4) : 0;
  input.delta = pick_double(r);
  /* Times mostly increase, 10 ms a step, so that gestures form. */
  r->clock += (double)fuzz_u8(&r->in) / 1000;
  input.time = k < 230 ? r->clock : pick_double(r);
  double time = pick_double(r) / 1000;
  sl_motion scratch;
  int made;
  const sl_motion *motion = pick_motion(r, &scratch, &made);
  /* 1: no input, 2: no result. */
  int null = pick_null(r) ? 1 + (fuzz_u8(&r->in) & 1) : 0;
  snapshot before;
  take_snapshot(r, &before);
  sl_scroll_input_result result;
  memset(&result, POISON, sizeof result);
  int status = sl_layout_scroll_input(r->layout, container, null == 1 ? NULL : &input, motion,
                                      time, null == 2 ? NULL : &result);
  fuzz_check_status("sl_layout_scroll_input", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK((!null && isfinite(input.delta) && isfinite(input.time) && isfinite(time)) ||
                 status != SL_OK,
             "delta %g, times %g %g or NULL accepted", input.delta, input.time, time);
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&result, sizeof result), "result written on failure");
    check_unchanged(r, "sl_layout_scroll_input", &before);
    return;
  }
  int info_status;
  sl_scroll_info info = scroll_info(r, container, &info_status);
  FUZZ_CHECK(info_status == SL_OK && result.offset == info.offset,
             "the result's offset %g is not the container's %g", result.offset, info.offset);
  FUZZ_CHECK(result.has_motion == 0 || result.has_motion == 1, "has_motion %d",
             (int)result.has_motion);
  if (result.has_motion) {
    check_result(r, container, "sl_layout_scroll_input", &result.result, &info);
    r->motion = result.result.motion;
    r->has_motion = 1;
  }
}

/* The loop facts and the canonical offset: a period and a lap start for a container that loops,
 * zeros for one that does not; the canonical offset within the lap, a whole number of periods
 * from the offset given, which it is for a container that does not loop. */
void op_loop(run *r) {
  int32_t container = pick_container(r);
  double offset = pick_double(r);
  int null = pick_null(r);
  sl_loop_info loop;
  memset(&loop, POISON, sizeof loop);
  int status = sl_layout_get_loop_info(r->layout, container, null ? NULL : &loop);
  fuzz_check_status("sl_layout_get_loop_info", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&loop, sizeof loop), "loop info written on failure");
    return;
  }
  FUZZ_CHECK((loop.requested == 0 || loop.requested == 1) && (loop.active == 0 || loop.active == 1) &&
                 (loop.active ? loop.requested == 1 && isfinite(loop.period) && loop.period > 0 &&
                                    isfinite(loop.start)
                              : loop.period == 0 && loop.start == 0),
             "loop info {%d, %d, %g, %g}", (int)loop.requested, (int)loop.active, loop.period,
             loop.start);
  double canonical = POISON, shift = POISON;
  status = sl_layout_get_canonical_offset(r->layout, container, offset, &canonical, &shift);
  fuzz_check_status("sl_layout_get_canonical_offset", status, FUZZ_S(SL_EINVAL));
  FUZZ_CHECK((status == SL_OK) == (isfinite(offset) && fabs(offset) <= 1e100),
             "canonical offset of %g: status %d", offset, status);
  if (status != SL_OK) return;
  if (!loop.active) {
    FUZZ_CHECK(canonical == offset && shift == 0, "no loop: %g gives %g, shift %g", offset,
               canonical, shift);
    return;
  }
  FUZZ_CHECK(canonical >= loop.start && canonical < loop.start + loop.period &&
                 fabs(remainder(shift, loop.period)) <= 1e-9 * (fabs(offset) + loop.period),
             "canonical %g, shift %g of %g in [%g, +%g)", canonical, shift, offset, loop.start,
             loop.period);
}

/* Motion targets and motions carried over changes (docs/SNAPPING.md, "Through layout
 * changes"): set, clear, read, and retarget a motion in flight; refusals change nothing. */
void op_scroll_target(run *r) {
  int32_t container = pick_container(r);
  uint8_t k = fuzz_u8(&r->in);
  snapshot before;
  take_snapshot(r, &before);
  if (k % 4 == 0) {
    double target = pick_double(r);
    int status = sl_layout_set_scroll_target(pick_null(r) ? NULL : r->layout, container, target);
    fuzz_check_status("sl_layout_set_scroll_target", status,
                      FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
    FUZZ_CHECK(status != SL_OK || (isfinite(target) && fabs(target) <= 1e100),
               "target %g accepted", target);
    if (status != SL_OK) {
      check_unchanged(r, "sl_layout_set_scroll_target", &before);
      return;
    }
    double got = POISON;
    int32_t has = -1;
    FUZZ_CHECK(sl_layout_get_scroll_target(r->layout, container, &got, &has) == SL_OK &&
                   has == 1 && got == target,
               "target %g set, read back %g (%d)", target, got, (int)has);
  } else if (k % 4 == 1) {
    int status = sl_layout_clear_scroll_target(r->layout, container);
    fuzz_check_status("sl_layout_clear_scroll_target", status,
                      FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
    if (status != SL_OK) return;
    double got = POISON;
    int32_t has = -1;
    FUZZ_CHECK(sl_layout_get_scroll_target(r->layout, container, &got, &has) == SL_OK && has == 0,
               "a cleared target reads back (%d)", (int)has);
  } else if (k % 4 == 2) {
    double got = POISON;
    int32_t has = -1;
    int status = sl_layout_get_scroll_target(r->layout, container, &got, &has);
    fuzz_check_status("sl_layout_get_scroll_target", status,
                      FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
    FUZZ_CHECK(status != SL_OK || has == 0 || (has == 1 && isfinite(got)),
               "target %g (%d)", got, (int)has);
  } else {
    sl_motion scratch;
    int made;
    const sl_motion *motion = pick_motion(r, &scratch, &made);
    double time = pick_double(r) / 1000;
    sl_motion out;
    memset(&out, POISON, sizeof out);
    int status = sl_layout_retarget_motion(r->layout, container, motion, time, &out);
    fuzz_check_status("sl_layout_retarget_motion", status,
                      FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
    if (status != SL_OK) {
      FUZZ_CHECK(untouched(&out, sizeof out), "out_motion written on failure");
      check_unchanged(r, "sl_layout_retarget_motion", &before);
      return;
    }
    FUZZ_CHECK(motion != NULL && isfinite(time), "NULL or time %g accepted", time);
    check_new_motion(&out);
    double offset = POISON;
    sl_motion_state state;
    FUZZ_CHECK(sl_layout_get_scroll_offset(r->layout, container, &offset) == SL_OK &&
                   sl_motion_sample(&out, 0, &state) == SL_OK &&
                   (out.kind == SL_MOTION_NONE ||
                    fabs(state.offset - offset) <= 1e-9 * (fabs(offset) + 1)),
               "the carried motion starts at %g, the container is at %g", state.offset, offset);
    r->motion = out;
    r->has_motion = 1;
  }
}
