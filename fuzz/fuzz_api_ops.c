/*
 * fuzz_api_ops.c — fuzz_api's operations that read a layout or set its scroll state: container
 * size, offsets, frames, rect queries, section and scroll info, releases, motions and rest
 * positions. One function per API call (or family of calls) draws its arguments from the input,
 * makes the call and checks what the header promises; the harness (fuzz/fuzz_api.c) runs them
 * from its OPERATIONS table, and fuzz/fuzz_api_changes.c holds the operations that change it.
 */
#define FUZZ_PART /* the harness, fuzz_api.c, has main() */
/* It checks the deprecated sl_layout_{set,get}_section_offset() on purpose: they keep working. */
#define SL_NO_DEPRECATED_WARNINGS
#include "fuzz_api.h"

/* --- the operations -------------------------------------------------------------------------- */

void op_set_container_size(run *r) {
  double width = pick_length(r), height = pick_length(r);
  snapshot before;
  take_snapshot(r, &before);
  int status = sl_layout_set_container_size(r->layout, width, height);
  fuzz_check_status("sl_layout_set_container_size", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ECONFIG));
  int bad = !isfinite(width) || !isfinite(height) || width <= 0 || height <= 0;
  FUZZ_CHECK(!bad || status == SL_EINVAL, "size %g x %g: status %d", width, height, status);
  if (status != SL_OK) {
    check_unchanged(r, "sl_layout_set_container_size", &before);
    return;
  }
  sl_size size, content;
  FUZZ_CHECK(sl_layout_get_container_size(r->layout, &size) == SL_OK && size.width == width &&
                 size.height == height,
             "container %g x %g read back as %g x %g", width, height, size.width, size.height);
  FUZZ_CHECK(sl_layout_get_content_size(r->layout, &content) == SL_OK, "no content size");
  fuzz_check_size("sl_layout_get_content_size", &content);
}

void op_scroll_offset(run *r) {
  int32_t container = pick_container(r);
  double offset = pick_double(r);
  snapshot before;
  take_snapshot(r, &before);
  int status = sl_layout_set_scroll_offset(r->layout, container, offset);
  fuzz_check_status("sl_layout_set_scroll_offset", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(isfinite(offset) || status != SL_OK, "offset %g accepted", offset);
  if (status != SL_OK) {
    check_unchanged(r, "sl_layout_set_scroll_offset", &before);
    return;
  }
  double back = POISON;
  status = sl_layout_get_scroll_offset(r->layout, container, &back);
  FUZZ_CHECK(status == SL_OK && back == offset, "offset %g of container %d read back as %g (%d)",
             offset, (int)container, back, status);
  if (container >= 0) {
    FUZZ_CHECK(sl_layout_get_section_offset(r->layout, container, &back) == SL_OK &&
                   back == offset,
               "section %d: scroll offset %g, section offset %g", (int)container, offset, back);
  }
}

void op_section_offset(run *r) {
  int32_t section = pick_section(r);
  double offset = pick_double(r);
  int status = sl_layout_set_section_offset(r->layout, section, offset);
  fuzz_check_status("sl_layout_set_section_offset", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(isfinite(offset) || status != SL_OK, "offset %g accepted", offset);
  double back;
  memset(&back, POISON, sizeof back);
  int read = sl_layout_get_section_offset(r->layout, section, pick_null(r) ? NULL : &back);
  fuzz_check_status("sl_layout_get_section_offset", read, FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE));
  if (read != SL_OK) {
    FUZZ_CHECK(untouched(&back, sizeof back), "offset written on failure");
    return;
  }
  FUZZ_CHECK(isfinite(back), "section offset %g", back);
  if (status == SL_OK) FUZZ_CHECK(back == offset, "offset %g read back as %g", offset, back);
}

void op_item_frame(run *r) {
  int32_t section = pick_section(r);
  int64_t item = pick_index(r, item_count(r, section));
  int null = pick_null(r);
  sl_rect frame;
  memset(&frame, POISON, sizeof frame);
  int status = sl_layout_get_item_frame(r->layout, section, item, null ? NULL : &frame);
  fuzz_check_status("sl_layout_get_item_frame", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(!null || status != SL_OK, "NULL output accepted");
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&frame, sizeof frame), "frame written on failure");
    return;
  }
  fuzz_check_frame("sl_layout_get_item_frame", &frame);
}

void op_item_frames(run *r) {
  static sl_rect frames[MAX_FRAMES + 1];
  int32_t section = pick_section(r);
  int64_t items = item_count(r, section);
  int64_t first = pick_index(r, items);
  int64_t count = pick_count(r);
  int null = pick_null(r);
  /* A count beyond the buffer is passed only with a NULL buffer (the call must refuse it). */
  if (!null && (count < 0 || count > MAX_FRAMES)) count %= MAX_FRAMES + 1;
  if (!null && count < 0) count = -count;
  memset(frames, POISON, sizeof frames);
  int status = sl_layout_get_item_frames(r->layout, section, first, count, null ? NULL : frames);
  fuzz_check_status("sl_layout_get_item_frames", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(!null || count == 0 || status != SL_OK, "NULL buffer for %lld frames accepted",
             (long long)count);
  FUZZ_CHECK(count >= 0 || status != SL_OK, "count %lld accepted", (long long)count);
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(frames, sizeof frames), "frames written on failure");
    return;
  }
  FUZZ_CHECK(untouched(&frames[count], sizeof frames[0]), "a frame written past the count");
  for (int64_t i = 0; i < count && !null; i++) {
    fuzz_check_frame("sl_layout_get_item_frames", &frames[i]);
    /* The batch is the single call's answer, item by item. */
    sl_rect one;
    FUZZ_CHECK(sl_layout_get_item_frame(r->layout, section, first + i, &one) == SL_OK &&
                   memcmp(&one, &frames[i], sizeof one) == 0,
               "item %lld: the batch and the single frame differ", (long long)(first + i));
  }
}

/* Whether the layout has few enough items (10,000) that any rect over it is quick to answer. */
int small_layout(const run *r) {
  int64_t total = 0;
  int32_t sections = section_count(r);
  for (int32_t i = 0; i < sections; i++) {
    int64_t n = item_count(r, i);
    if (n > 10000 || (total += n) > 10000) return 0;
  }
  return 1;
}

/* The largest rect extent passed over a layout of more than 10,000 items: a big screen. */
#define MAX_RECT_EXTENT 4096.0

/*
 * A rect for a query: mostly a viewport somewhere in the content, else any four numbers.
 *
 * Over a layout of more than 10,000 items, finite rects are cut to MAX_RECT_EXTENT (also when
 * the container itself is larger, which a fuzzed size can be). The header allows a query to walk
 * up to 2^26 elements, or 2^27 measured cells, before it refuses a rect with SL_ERANGE: 1-2 s for
 * the library, 12-14 s instrumented, past the 10 s timeout; a timeout for work the header allows
 * would stop the fuzzer for nothing. Test_abi and test_numeric time those rects natively.
 */
sl_rect pick_rect(run *r) {
  sl_rect rect;
  sl_size content = {390, 844}, container = {390, 844};
  sl_layout_get_content_size(r->layout, &content);
  sl_layout_get_container_size(r->layout, &container);
  uint8_t k = fuzz_u8(&r->in);
  if (k < 128) {
    double across = (double)fuzz_u8(&r->in) / 255.0, along = (double)fuzz_u8(&r->in) / 255.0;
    rect = (sl_rect){across * content.width, along * content.height, container.width,
                     container.height};
  } else {
    rect.x = pick_double(r);
    rect.y = pick_double(r);
    rect.width = pick_double(r);
    rect.height = pick_double(r);
  }
  if (isfinite(rect.width) && isfinite(rect.height) && !small_layout(r)) {
    if (rect.width > MAX_RECT_EXTENT) rect.width = MAX_RECT_EXTENT;
    if (rect.height > MAX_RECT_EXTENT) rect.height = MAX_RECT_EXTENT;
  }
  return rect;
}

void op_elements_in_rect(run *r) {
  static sl_element elements[MAX_ELEMENTS + 1];
  sl_rect rect = pick_rect(r);
  size_t capacity = fuzz_u8(&r->in) % (MAX_ELEMENTS + 1);
  int null_buffer = pick_null(r), null_count = pick_null(r);
  size_t count;
  memset(&count, POISON, sizeof count);
  memset(elements, POISON, sizeof elements);
  int status = sl_layout_get_elements_in_rect(r->layout, rect, null_buffer ? NULL : elements,
                                              capacity, null_count ? NULL : &count);
  fuzz_check_status("sl_layout_get_elements_in_rect", status,
                    FUZZ_S(SL_EBUFS) | FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) |
                        FUZZ_S(SL_ESTATE));
  int bad = !fuzz_finite_rect(&rect) || rect.width < 0 || rect.height < 0;
  FUZZ_CHECK(!bad || status == SL_EINVAL || status == SL_ESTATE, "rect {%g, %g, %g, %g}: %d",
             rect.x, rect.y, rect.width, rect.height, status);
  FUZZ_CHECK(!null_count || status == SL_EINVAL || status == SL_ESTATE,
             "NULL out_count: status %d", status);
  if (status == SL_EBUFS) {
    FUZZ_CHECK(!null_buffer && count > capacity, "SL_EBUFS with %zu elements, capacity %zu",
               count, capacity);
  } else if (status == SL_OK) {
    FUZZ_CHECK(null_buffer || count <= capacity, "SL_OK with %zu elements, capacity %zu", count,
               capacity);
  } else {
    if (status != SL_ERANGE)
      FUZZ_CHECK(untouched(&count, sizeof count) && untouched(elements, sizeof elements),
                 "outputs written on failure %d", status);
    return;
  }
  size_t written = null_buffer ? 0 : (count < capacity ? count : capacity);
  FUZZ_CHECK(untouched(&elements[written], sizeof elements[0]), "an element past the count");
  for (size_t i = 0; i < written; i++) check_element(r, &elements[i], rect);
}

void op_section_info(run *r) {
  int32_t section = pick_section(r);
  int null = pick_null(r);
  sl_section_info info;
  memset(&info, POISON, sizeof info);
  int status = sl_layout_get_section_info(r->layout, section, null ? NULL : &info);
  fuzz_check_status("sl_layout_get_section_info", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(!null || status != SL_OK, "NULL output accepted");
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&info, sizeof info), "info written on failure");
    return;
  }
  fuzz_check_frame("sl_layout_get_section_info", &info.frame);
  FUZZ_CHECK(info.item_count == item_count(r, section) && info.group_count >= 0 &&
                 info.items_per_group >= 0 &&
                 info.orthogonal_scrolling_behavior >= SL_ORTHOGONAL_NONE &&
                 info.orthogonal_scrolling_behavior <= SL_ORTHOGONAL_GROUP_PAGING_CENTERED &&
                 isfinite(info.orthogonal_content_length) &&
                 info.orthogonal_content_length >= 0 && isfinite(info.orthogonal_offset),
             "section %d: items %lld, groups %lld, behavior %d, length %g, offset %g",
             (int)section, (long long)info.item_count, (long long)info.group_count,
             (int)info.orthogonal_scrolling_behavior, info.orthogonal_content_length,
             info.orthogonal_offset);
  /* The variant in force (docs/CONFIG.md, "Variants"): -1 or an index below the limit of 16. */
  int32_t variant = INT32_MIN;
  int variant_status = sl_layout_get_section_variant(r->layout, section, &variant);
  fuzz_check_status("sl_layout_get_section_variant", variant_status, 0);
  FUZZ_CHECK(variant_status == SL_OK && variant >= -1 && variant < 16,
             "section %d: variant %d (status %d)", (int)section, (int)variant, variant_status);
}

void op_scroll_info(run *r) {
  int32_t container = pick_container(r);
  int null = pick_null(r);
  sl_scroll_info info;
  memset(&info, POISON, sizeof info);
  int status = sl_layout_get_scroll_info(r->layout, container, null ? NULL : &info);
  fuzz_check_status("sl_layout_get_scroll_info", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(!null || status != SL_OK, "NULL output accepted");
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&info, sizeof info), "info written on failure");
    return;
  }
  FUZZ_CHECK(isfinite(info.viewport_length) && isfinite(info.content_length) &&
                 isfinite(info.inset_leading) && isfinite(info.inset_trailing) &&
                 isfinite(info.min_offset) && isfinite(info.max_offset) &&
                 isfinite(info.offset) && info.min_offset <= info.max_offset &&
                 info.deceleration_rate > 0 && info.deceleration_rate < 1 &&
                 info.snap_count >= 0,
             "container %d: viewport %g, content %g, offsets %g ... %g at %g, rate %g, %lld rests",
             (int)container, info.viewport_length, info.content_length, info.min_offset,
             info.max_offset, info.offset, info.deceleration_rate, (long long)info.snap_count);
  FUZZ_CHECK(info.container == container && (info.horizontal == 0 || info.horizontal == 1) &&
                 info.orthogonal_scrolling_behavior >= SL_ORTHOGONAL_NONE &&
                 info.orthogonal_scrolling_behavior <= SL_ORTHOGONAL_GROUP_PAGING_CENTERED &&
                 info.snap_unit >= SL_SNAP_NONE && info.snap_unit <= SL_SNAP_GROUP &&
                 info.max_pages_per_gesture >= 0 && info.bounce >= SL_BOUNCE_AUTOMATIC &&
                 info.bounce <= SL_BOUNCE_NEVER,
             "container %d: echoed %d, horizontal %d, behavior %d, unit %d, pages %d, bounce %d",
             (int)container, (int)info.container, (int)info.horizontal,
             (int)info.orthogonal_scrolling_behavior, (int)info.snap_unit,
             (int)info.max_pages_per_gesture, (int)info.bounce);
}

void op_resolve_scroll(run *r) {
  int32_t container = pick_container(r);
  int info_status;
  sl_scroll_info info = scroll_info(r, container, &info_status);
  sl_scroll_release release;
  uint8_t k = fuzz_u8(&r->in);
  release.version = k < 240 ? SL_SCROLL_RELEASE_VERSION : (uint32_t)fuzz_bytes(&r->in, 4);
  release.flags = (k & 3) == 1 ? SL_RELEASE_HAS_REFERENCE : (k & 3) == 2 ? 0xFFFFFFFFu : 0;
  release.start_offset = info.offset + pick_double(r);
  release.release_offset = release.start_offset + pick_double(r);
  release.velocity = pick_double(r) * 10;
  release.reference_snap = pick_index(r, info.snap_count);
  int null = pick_null(r);
  sl_snap_result result;
  memset(&result, POISON, sizeof result);
  int status = sl_layout_resolve_scroll(r->layout, container, null ? NULL : &release, &result);
  fuzz_check_status("sl_layout_resolve_scroll", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(!null || status != SL_OK, "NULL release accepted");
  /* Bits the header does not define are refused (docs/FUZZING.md, "What was found"). */
  FUZZ_CHECK(null || (release.flags & ~SL_RELEASE_HAS_REFERENCE) == 0 || status == SL_EINVAL,
             "release.flags %#x accepted (status %d)", (unsigned)release.flags, status);
  FUZZ_CHECK(status != SL_OK || info_status == SL_OK,
             "resolve_scroll succeeds where get_scroll_info fails (%d)", info_status);
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&result, sizeof result), "result written on failure");
    return;
  }
  FUZZ_CHECK(fabs(release.start_offset) <= 1e100 && fabs(release.release_offset) <= 1e100 &&
                 isfinite(release.velocity) && release.version == SL_SCROLL_RELEASE_VERSION,
             "release {%g, %g, %g} of version %u accepted", release.start_offset,
             release.release_offset, release.velocity, (unsigned)release.version);
  FUZZ_CHECK(isfinite(result.target_offset) && isfinite(result.release_progress) &&
                 result.snap_index >= -1 &&
                 result.snap_index < info.snap_count + (info.snap_count == 0) &&
                 result.reference_snap >= -1 &&
                 result.reference_snap < info.snap_count + (info.snap_count == 0),
             "result: target %g, progress %g, rest %lld, reference %lld of %lld",
             result.target_offset, result.release_progress, (long long)result.snap_index,
             (long long)result.reference_snap, (long long)info.snap_count);
  FUZZ_CHECK((result.item == -1 && result.section == -1) ||
                 (result.section >= 0 && result.section < section_count(r) && result.item >= 0 &&
                  result.item < item_count(r, result.section)),
             "result item (%d, %lld)", (int)result.section, (long long)result.item);
  FUZZ_CHECK(result.motion.target_offset == result.target_offset,
             "the motion goes to %g, the result says %g", result.motion.target_offset,
             result.target_offset);
  /* Releases beyond ±1e100 are refused (near the largest double a motion's distance to its
   * target overflowed: docs/FUZZING.md, "What was found"); every accepted one is finite. */
  check_new_motion(&result.motion);
  r->motion = result.motion;
  r->has_motion = 1;
}

/* A motion to feed the motion functions: the last one made, one with a field changed (which
 * the library may refuse, but must not crash on), or none. */
const sl_motion *pick_motion(run *r, sl_motion *scratch, int *made) {
  uint8_t k = fuzz_u8(&r->in);
  *made = 0;
  if (!r->has_motion || k < 16) return NULL;
  *scratch = r->motion;
  if (k < 160) {
    *made = 1;
    return scratch;
  }
  double *fields[] = {&scratch->start_offset,  &scratch->start_velocity, &scratch->target_offset,
                      &scratch->duration,      &scratch->decay,          &scratch->omega,
                      &scratch->damping_ratio, &scratch->epsilon_offset, &scratch->epsilon_velocity,
                      &scratch->landing_min_rate, &scratch->landing_max_rate};
  uint8_t which = fuzz_u8(&r->in);
  if (which == 255)
    scratch->kind = (int32_t)fuzz_bytes(&r->in, 4);
  else
    *fields[which % (sizeof fields / sizeof fields[0])] = pick_double(r);
  return scratch;
}

void op_motion(run *r) {
  sl_motion scratch;
  int made;
  const sl_motion *motion = pick_motion(r, &scratch, &made);
  double time = pick_double(r);
  sl_motion_state state;
  memset(&state, POISON, sizeof state);
  int status = sl_motion_sample(motion, time, &state);
  fuzz_check_status("sl_motion_sample", status, FUZZ_S(SL_EINVAL));
  FUZZ_CHECK(motion != NULL || status == SL_EINVAL, "NULL motion: status %d", status);
  if (status != SL_OK)
    FUZZ_CHECK(untouched(&state, sizeof state), "state written on failure");
  else
    FUZZ_CHECK(state.settled == 0 || state.settled == 1, "settled %d", (int)state.settled);
  if (made) check_motion(motion, time);

  /* Retargeting: continuous in offset and velocity at the time of the change. */
  double target = pick_double(r);
  sl_motion retargeted;
  memset(&retargeted, POISON, sizeof retargeted);
  status = sl_motion_retarget(motion, time, target, &retargeted);
  fuzz_check_status("sl_motion_retarget", status, FUZZ_S(SL_EINVAL));
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&retargeted, sizeof retargeted), "motion written on failure");
    return;
  }
  FUZZ_CHECK(isfinite(time) && isfinite(target), "retarget at %g to %g accepted", time, target);
  if (!made || time < 0 || time > 1e6 || fabs(target) > 1e12) return;
  check_new_motion(&retargeted);
  sl_motion_state before, after;
  if (sl_motion_sample(motion, time, &before) != SL_OK ||
      sl_motion_sample(&retargeted, 0, &after) != SL_OK)
    FUZZ_CHECK(0, "a retargeted motion cannot be sampled");
  double scale = 1 + fabs(before.offset) + fabs(target) + fabs(before.velocity);
  /* A motion already within its tolerances of the new target rests on it at once
   * (SL_MOTION_NONE): a step of at most epsilon_offset, as the header says. */
  double step = retargeted.kind == SL_MOTION_NONE ? retargeted.epsilon_offset : 0;
  FUZZ_CHECK(fabs(after.offset - before.offset) <= 1e-6 * scale + step,
             "retargeted at %g: the offset jumps from %g to %g", time, before.offset,
             after.offset);
  r->motion = retargeted;
}

void op_snap_position(run *r) {
  int32_t container = pick_container(r);
  double offset = pick_double(r);
  int null = pick_null(r);
  int info_status;
  sl_scroll_info info = scroll_info(r, container, &info_status);
  sl_snap_position position;
  memset(&position, POISON, sizeof position);
  int status = sl_layout_get_snap_position(r->layout, container, offset, null ? NULL : &position);
  fuzz_check_status("sl_layout_get_snap_position", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK((!null && isfinite(offset)) || status != SL_OK, "offset %g or NULL accepted",
             offset);
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&position, sizeof position), "position written on failure");
    return;
  }
  FUZZ_CHECK(info_status == SL_OK && isfinite(position.progress) && position.index >= -1 &&
                 position.index < info.snap_count + (info.snap_count == 0) &&
                 (info.snap_count == 0 ||
                  (position.progress >= 0 &&
                  (loop_period(r, container) > 0
                       ? position.progress < (double)info.snap_count /* across the seam */
                       : position.progress <= (double)(info.snap_count - 1)))),
             "position: progress %g, index %lld of %lld", position.progress,
             (long long)position.index, (long long)info.snap_count);
}

void op_snap_offsets(run *r) {
  static double offsets[MAX_SNAPS + 1];
  int32_t container = pick_container(r);
  int info_status;
  sl_scroll_info info = scroll_info(r, container, &info_status);
  int64_t first = pick_index(r, plus1(info.snap_count));
  size_t capacity = fuzz_u8(&r->in) % (MAX_SNAPS + 1);
  int null_buffer = pick_null(r), null_count = pick_null(r);
  size_t count;
  memset(&count, POISON, sizeof count);
  memset(offsets, POISON, sizeof offsets);
  int status = sl_layout_get_snap_offsets(r->layout, container, first,
                                          null_buffer ? NULL : offsets, capacity,
                                          null_count ? NULL : &count);
  fuzz_check_status("sl_layout_get_snap_offsets", status,
                    FUZZ_S(SL_EBUFS) | FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) |
                        FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(!null_count || (status != SL_OK && status != SL_EBUFS), "NULL out_count accepted");
  if (status != SL_OK && status != SL_EBUFS) {
    FUZZ_CHECK(untouched(&count, sizeof count) && untouched(offsets, sizeof offsets),
               "outputs written on failure");
    return;
  }
  FUZZ_CHECK(info_status == SL_OK && first >= 0 && first <= info.snap_count &&
                 count == (size_t)(info.snap_count - first),
             "from %lld of %lld rest positions: count %zu", (long long)first,
             (long long)info.snap_count, count);
  FUZZ_CHECK((status == SL_EBUFS) == (!null_buffer && count > capacity),
             "status %d with %zu offsets, capacity %zu", status, count, capacity);
  size_t written = null_buffer ? 0 : (count < capacity ? count : capacity);
  FUZZ_CHECK(untouched(&offsets[written], sizeof offsets[0]), "an offset past the count");
  for (size_t i = 0; i < written; i++)
    FUZZ_CHECK(isfinite(offsets[i]) && (i == 0 || offsets[i] >= offsets[i - 1]),
               "rest offset %lld is %g after %g", (long long)(first + (int64_t)i), offsets[i],
               i > 0 ? offsets[i - 1] : 0.0);
}

void op_offset_for_item(run *r) {
  int32_t container = pick_container(r);
  int32_t section = container >= 0 && fuzz_u8(&r->in) < 200 ? container : pick_section(r);
  int64_t item = pick_index(r, item_count(r, section));
  int null_offset = pick_null(r), null_snap = fuzz_u8(&r->in) & 1;
  double offset;
  int64_t snap;
  memset(&offset, POISON, sizeof offset);
  memset(&snap, POISON, sizeof snap);
  int status = sl_layout_get_offset_for_item(r->layout, container, section, item,
                                             null_offset ? NULL : &offset,
                                             null_snap ? NULL : &snap);
  fuzz_check_status("sl_layout_get_offset_for_item", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(!null_offset || status != SL_OK, "NULL out_offset accepted");
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&offset, sizeof offset) && untouched(&snap, sizeof snap),
               "outputs written on failure");
    return;
  }
  int info_status;
  sl_scroll_info info = scroll_info(r, container, &info_status);
  FUZZ_CHECK(isfinite(offset) && (null_snap || (snap >= -1 && snap < info.snap_count +
                                                               (info.snap_count == 0))),
             "item (%d, %lld) in container %d: offset %g, rest %lld of %lld", (int)section,
             (long long)item, (int)container, offset, null_snap ? 0LL : (long long)snap,
             (long long)info.snap_count);
}

void op_reference_snap(run *r) {
  int32_t container = pick_container(r);
  double touch = pick_double(r), time = pick_double(r);
  sl_motion scratch;
  int made;
  const sl_motion *motion = pick_motion(r, &scratch, &made);
  int null = pick_null(r);
  int64_t snap;
  memset(&snap, POISON, sizeof snap);
  int status = sl_layout_get_reference_snap(r->layout, container, touch, motion, time,
                                            null ? NULL : &snap);
  fuzz_check_status("sl_layout_get_reference_snap", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK((!null && isfinite(touch) && isfinite(time)) || status != SL_OK,
             "touch %g, time %g or NULL accepted", touch, time);
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&snap, sizeof snap), "output written on failure");
    return;
  }
  int info_status;
  sl_scroll_info info = scroll_info(r, container, &info_status);
  FUZZ_CHECK(snap >= -1 && snap < info.snap_count + (info.snap_count == 0),
             "reference snap %lld of %lld", (long long)snap, (long long)info.snap_count);
}

void op_item_distance(run *r) {
  int32_t section = pick_section(r);
  int64_t item = pick_index(r, item_count(r, section));
  int null = pick_null(r);
  double distance;
  memset(&distance, POISON, sizeof distance);
  int status = sl_layout_get_item_distance(r->layout, section, item, null ? NULL : &distance);
  fuzz_check_status("sl_layout_get_item_distance", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  FUZZ_CHECK(!null || status != SL_OK, "NULL output accepted");
  if (status != SL_OK)
    FUZZ_CHECK(untouched(&distance, sizeof distance), "distance written on failure");
  else
    FUZZ_CHECK(!isnan(distance), "item (%d, %lld): distance %g", (int)section, (long long)item,
               distance);
}
