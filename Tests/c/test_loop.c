/*
 * test_loop.c — looping containers (include/snaplayout.h, since 0.2; docs/SNAPPING.md,
 * "Looping"), through the shipped libsnaplayout.so:
 *
 *  1. an orthogonal carousel that loops: its period, rest positions repeating every period,
 *     every copy of a card the viewport shows with its copy number, none twice;
 *  2. flings and slow releases across the seam, maxPagesPerGesture, canonical indices and
 *     progress;
 *  3. navigation and jumps by the shortest way, scroll-to-item in the nearest copy;
 *  4. a million laps: the canonical offset, frames that lose nothing;
 *  5. the fallback when the content is too short, reported by the loop info;
 *  6. a main scroll that loops;
 *  7. right-to-left mirrors every copy; visible-item effects see each copy where it is;
 *  8. bad arguments and configurations.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>

#include "test_support.h"

/* Six 300-pt cards 10 pt apart, insets 16, groupPaging: card k at x 16 + 310·k; the period is
 * 6·300 + 5·10 + 10 = 1860; rest positions 310·k. */
#define CAROUSEL(count, properties)                                                          \
  "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": " #count ", "                    \
  "\"interGroupSpacing\": 10, \"contentInsets\": {\"leading\": 16, \"trailing\": 16}, "      \
  "\"orthogonalScrollingBehavior\": \"groupPaging\", \"orthogonalScrollingProperties\": "    \
  "{\"loop\": true" properties "}, \"group\": " HGROUP(ABS(300), ABS(200)) "}]}"

/* The nearest whole number of `unit`s in `x`, and how far `x` is from it, without libm (the
 * cross and wheel builds of the C tests link only json-c and pthreads). */
static int64_t units_in(double x, double unit) {
  double q = x / unit;
  return (int64_t)(q < 0 ? q - 0.5 : q + 0.5);
}

static double off_unit(double x, double unit) { return x - (double)units_in(x, unit) * unit; }

enum { MAX_ELEMENTS = 20000 };
static sl_element elements[MAX_ELEMENTS];

/* The elements in the viewport-wide rect; returns their count. */
static size_t query(sl_layout *layout, sl_rect rect) {
  size_t count = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, elements, MAX_ELEMENTS, &count),
               SL_OK);
  return count;
}

/* The element of (item, copy) among the cells of the last query, or NULL. */
static const sl_element *find(size_t count, int64_t item, int32_t copy) {
  for (size_t i = 0; i < count; i++)
    if (elements[i].category == SL_ELEMENT_CELL && elements[i].item == item &&
        elements[i].copy == copy)
      return &elements[i];
  return NULL;
}

static void check_unique(size_t count, const char *label) {
  for (size_t i = 0; i < count; i++)
    for (size_t j = i + 1; j < count; j++)
      CHECK(!(elements[i].category == elements[j].category &&
              elements[i].section == elements[j].section &&
              elements[i].item == elements[j].item && elements[i].copy == elements[j].copy),
            "%s: item %" PRId64 " copy %d reported twice", label, elements[i].item,
            (int)elements[i].copy);
}

static sl_snap_result release(sl_layout *layout, int32_t container, double start, double at,
                              double velocity) {
  sl_scroll_release r = make_release(start, at, velocity);
  sl_snap_result result;
  CHECK_STATUS(sl_layout_resolve_scroll(layout, container, &r, &result), SL_OK);
  return result;
}

static sl_snap_result navigate(sl_layout *layout, int32_t action, int64_t argument) {
  sl_snap_result result;
  CHECK_STATUS(sl_layout_navigate(layout, 0, action, argument, NULL, 0, &result), SL_OK);
  return result;
}

static const sl_rect VIEW = {0, 0, 390, 844};

static void test_carousel(void) {
  sl_layout *layout = create_layout(CAROUSEL(6, ""));
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, 0, &loop), SL_OK);
  CHECK(loop.requested == 1 && loop.active == 1, "the carousel loops");
  CHECK_NEAR(loop.period, 1860, 1e-9);
  CHECK_NEAR(loop.start, 0, 0);
  sl_scroll_info info;
  CHECK_STATUS(sl_layout_get_scroll_info(layout, 0, &info), SL_OK);
  CHECK(info.snap_count == 6, "six rest positions a lap (got %" PRId64 ")", info.snap_count);
  CHECK_NEAR(info.min_offset, 0, 0);
  CHECK_NEAR(info.max_offset, 1860, 1e-9);
  CHECK_NEAR(info.offset, 0, 0);

  /* At rest on card 0: the last card's previous copy shows its last 6 pt on the left. */
  size_t count = query(layout, VIEW);
  CHECK(count == 3, "three cells at 0 (got %zu)", count);
  check_unique(count, "offset 0");
  const sl_element *last = find(count, 5, -1), *first = find(count, 0, 0),
                   *second = find(count, 1, 0);
  CHECK(last && first && second, "cards 5 (copy -1), 0 and 1 are shown");
  if (last) CHECK_NEAR(last->frame.x, -294, 1e-9);
  if (first) CHECK_NEAR(first->frame.x, 16, 1e-9);
  if (second) CHECK_NEAR(second->frame.x, 326, 1e-9);

  /* At the seam, half a lap on: cards 5 and 0 of the next lap side by side. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 1705), SL_OK);
  count = query(layout, VIEW);
  check_unique(count, "offset 1705");
  const sl_element *five = find(count, 5, 0), *zero = find(count, 0, 1);
  CHECK(five && zero, "card 5 of lap 0 and card 0 of lap 1 are shown across the seam");
  if (five && zero) CHECK_NEAR(zero->frame.x - (five->frame.x + five->frame.width), 10, 1e-9);
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(layout, 0, 1705, &position), SL_OK);
  CHECK_NEAR(position.progress, 5.5, 1e-12);
  CHECK(position.index == 5 && position.item == 5, "the tie goes to 5 (got %" PRId64 ")",
        position.index);
  CHECK_STATUS(sl_layout_get_snap_position(layout, 0, -155, &position), SL_OK);
  CHECK_NEAR(position.progress, 5.5, 1e-12);

  /* A backward fling from card 0 crosses the seam to card 5, one page (groupPaging). */
  sl_snap_result result = release(layout, 0, 0, -20, -3000);
  CHECK_NEAR(result.target_offset, -310, 1e-9);
  CHECK(result.snap_index == 5 && result.item == 5 && result.section == 0 &&
            result.reference_snap == 0,
        "index %" PRId64 " item %" PRId64 " reference %" PRId64, result.snap_index, result.item,
        result.reference_snap);
  CHECK_NEAR(result.release_progress, 6 - 20.0 / 310, 1e-12);
  sl_motion_state end;
  CHECK_STATUS(sl_motion_sample(&result.motion, result.motion.duration + 1, &end), SL_OK);
  CHECK_NEAR(end.offset, -310, 0);
  /* Forward from card 5: card 0 of the next lap; a given reference names its nearest copy. */
  result = release(layout, 0, 1550, 1570, 3000);
  CHECK_NEAR(result.target_offset, 1860, 1e-9);
  CHECK(result.snap_index == 0 && result.reference_snap == 5, "forward across the seam");
  sl_scroll_release given = make_release(1550, 1570, 3000);
  given.flags = SL_RELEASE_HAS_REFERENCE;
  given.reference_snap = 5;
  CHECK_STATUS(sl_layout_resolve_scroll(layout, 0, &given, &result), SL_OK);
  CHECK_NEAR(result.target_offset, 1860, 1e-9);
  /* A slow drag past half a page across the seam. */
  result = release(layout, 0, 1550, 1720, 10);
  CHECK_NEAR(result.target_offset, 1860, 1e-9);
  CHECK(result.snap_index == 0, "slow release across the seam");
  /* Ten laps away, the same decisions a lap count apart. */
  result = release(layout, 0, 18600, 18580, -3000);
  CHECK_NEAR(result.target_offset, 18290, 1e-9);
  CHECK(result.snap_index == 5, "ten laps on");
  sl_layout_destroy(layout);

  /* Without maxPagesPerGesture a hard fling goes several cards, still modulo the count. */
  layout = create_layout(CAROUSEL(6, ", \"maxPagesPerGesture\": 0"));
  if (!layout) return;
  result = release(layout, 0, 0, -20, -6000);
  CHECK(result.target_offset < -310, "several cards back (got %g)", result.target_offset);
  CHECK_NEAR(off_unit(result.target_offset, 310), 0, 1e-9);
  int64_t expected = units_in(result.target_offset, 310);
  CHECK(result.snap_index == ((expected % 6) + 6) % 6, "index modulo 6 (got %" PRId64 ")",
        result.snap_index);
  sl_layout_destroy(layout);
}

static void test_navigation(void) {
  sl_layout *layout = create_layout(CAROUSEL(6, ""));
  if (!layout) return;
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 1550), SL_OK);
  sl_snap_result result = navigate(layout, SL_NAVIGATE_NEXT, 1);
  CHECK_NEAR(result.target_offset, 1860, 1e-9);
  CHECK(result.snap_index == 0 && result.reference_snap == 5, "next from card 5 is card 0");
  result = navigate(layout, SL_NAVIGATE_FIRST, 0);
  CHECK_NEAR(result.target_offset, 1860, 1e-9);
  result = navigate(layout, SL_NAVIGATE_NEXT, 8);
  CHECK_NEAR(result.target_offset, 1550 + 8 * 310, 1e-9);
  CHECK(result.snap_index == 1, "eight on from 5 is 1 (got %" PRId64 ")", result.snap_index);

  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 0), SL_OK);
  result = navigate(layout, SL_NAVIGATE_TO, 5);
  CHECK_NEAR(result.target_offset, -310, 1e-9);
  result = navigate(layout, SL_NAVIGATE_LAST, 0);
  CHECK_NEAR(result.target_offset, -310, 1e-9);
  result = navigate(layout, SL_NAVIGATE_PREVIOUS, 1);
  CHECK_NEAR(result.target_offset, -310, 1e-9);
  CHECK(result.snap_index == 5, "previous from 0 is 5");
  result = navigate(layout, SL_NAVIGATE_TO, 2);
  CHECK_NEAR(result.target_offset, 620, 1e-9);
  int64_t selected = -2;
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, -310), SL_OK);
  CHECK_STATUS(sl_layout_get_selected_snap(layout, 0, NULL, 0, &selected), SL_OK);
  CHECK(selected == 5, "selected 5 at -310 (got %" PRId64 ")", selected);
  sl_snap_result out;
  fill_sentinel(&out, sizeof out);
  CHECK_ERROR(sl_layout_navigate(layout, 0, SL_NAVIGATE_TO, 6, NULL, 0, &out), SL_ERANGE,
              "argument", NULL);
  CHECK_UNTOUCHED(out);

  /* Jumps and scroll-to-item take the copy nearest where the container is. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 3 * 1860), SL_OK);
  double offset = 0;
  int64_t snap = -1;
  CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 2, &offset, &snap), SL_OK);
  CHECK_NEAR(offset, 3 * 1860 + 620, 1e-9);
  CHECK(snap == 2, "item 2 rests at position 2");
  CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 5, &offset, &snap), SL_OK);
  CHECK_NEAR(offset, 3 * 1860 - 310, 1e-9);
  CHECK_STATUS(sl_layout_jump_to_snap(layout, 0, 4), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_NEAR(offset, 3 * 1860 - 2 * 310, 1e-9);
  /* Half a lap either way: the earlier copy. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 3 * 1860), SL_OK);
  CHECK_STATUS(sl_layout_jump_to_snap(layout, 0, 3), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_NEAR(offset, 3 * 1860 - 930, 1e-9);

  /* A wheel notch crosses the seam too. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 1550), SL_OK);
  sl_scroll_input input = {SL_SCROLL_INPUT_VERSION, SL_INPUT_WHEEL, 0, 0, 1, 0};
  sl_scroll_input_result wheel;
  CHECK_STATUS(sl_layout_scroll_input(layout, 0, &input, NULL, 0, &wheel), SL_OK);
  CHECK(wheel.has_motion == 1, "a notch moves");
  CHECK_NEAR(wheel.result.target_offset, 1860, 1e-9);
  sl_layout_destroy(layout);
}

static void test_million_laps(void) {
  sl_layout *layout = create_layout(CAROUSEL(6, ""));
  if (!layout) return;
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 310), SL_OK);
  size_t count = query(layout, VIEW);
  sl_element near[8];
  CHECK(count == 3, "three cells at 310 (got %zu)", count);
  memcpy(near, elements, sizeof near[0] * (count < 8 ? count : 8));

  const double far = 1860.0 * 1e6 + 310;
  double canonical = -1, shift = -1;
  CHECK_STATUS(sl_layout_get_canonical_offset(layout, 0, far, &canonical, &shift), SL_OK);
  CHECK_NEAR(canonical, 310, 0);
  CHECK_NEAR(shift, 1860.0 * 1e6, 0);
  CHECK_STATUS(sl_layout_get_canonical_offset(layout, 0, -1860.0 * 3 + 5, &canonical, NULL),
               SL_OK);
  CHECK_NEAR(canonical, 5, 1e-9);

  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, far), SL_OK);
  size_t far_count = query(layout, VIEW);
  CHECK(far_count == count, "the same cells a million laps on (%zu, %zu)", far_count, count);
  for (size_t i = 0; i < count && i < far_count; i++) {
    CHECK(elements[i].item == near[i].item, "item %zu", i);
    CHECK(elements[i].copy == near[i].copy + 1000000, "copy %d, near %d", (int)elements[i].copy,
          (int)near[i].copy);
    CHECK_NEAR(elements[i].frame.x, near[i].frame.x, 0);
  }
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 1, &frame), SL_OK);
  CHECK_NEAR(frame.x, 16, 0);
  sl_snap_result result = release(layout, 0, far, far - 20, -3000);
  CHECK_NEAR(result.target_offset - 1860.0 * 1e6, 0, 1e-6);
  CHECK(result.snap_index == 0, "a million laps on, back to card 0");
  sl_layout_destroy(layout);
}

static void test_fallback(void) {
  /* Two cards: a period of 620 is less than the viewport and a card (690). */
  sl_layout *layout = create_layout(CAROUSEL(2, ""));
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, 0, &loop), SL_OK);
  CHECK(loop.requested == 1 && loop.active == 0, "two cards do not loop");
  CHECK_NEAR(loop.period, 0, 0);
  sl_scroll_info info;
  CHECK_STATUS(sl_layout_get_scroll_info(layout, 0, &info), SL_OK);
  CHECK_NEAR(info.max_offset, 642 - 390, 1e-9);
  sl_snap_result result = release(layout, 0, 0, -20, -3000);
  CHECK_NEAR(result.target_offset, 0, 0);
  size_t count = query(layout, VIEW);
  CHECK(count == 2, "each card once (got %zu)", count);
  for (size_t i = 0; i < count; i++) CHECK(elements[i].copy == 0, "copy 0 without a loop");
  double canonical = 0, shift = 1;
  CHECK_STATUS(sl_layout_get_canonical_offset(layout, 0, 5000, &canonical, &shift), SL_OK);
  CHECK(canonical == 5000 && shift == 0, "no loop: the offset itself");
  sl_layout_destroy(layout);

  /* Three cards loop (930 >= 690); a new container size that makes them too short stops it. */
  layout = create_layout(CAROUSEL(3, ""));
  if (!layout) return;
  CHECK_STATUS(sl_layout_get_loop_info(layout, 0, &loop), SL_OK);
  CHECK(loop.active == 1, "three cards loop at 390");
  CHECK_STATUS(sl_layout_set_container_size(layout, 700, 844), SL_OK);
  CHECK_STATUS(sl_layout_get_loop_info(layout, 0, &loop), SL_OK);
  CHECK(loop.active == 0 && loop.requested == 1, "not at 700");
  sl_layout_destroy(layout);
}

static void test_main_scroll(void) {
  /* Thirty 50-pt rows on the main scroll: period 1500. */
  static const char json[] =
      "{" CONTAINER(390, 844) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", "
      "\"loop\": true}}, \"sections\": [{\"itemCount\": 30, \"group\": " HGROUP(FW(1), ABS(50))
      "}]}";
  sl_layout *layout = create_layout(json);
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.active == 1, "the list loops");
  CHECK_NEAR(loop.period, 1500, 0);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 1400), SL_OK);
  size_t count = query(layout, (sl_rect){0, 1400, 390, 844});
  CHECK(count == 17, "rows 28-29 and 0-14 of the next lap (got %zu)", count);
  check_unique(count, "main 1400");
  const sl_element *row = find(count, 0, 1);
  CHECK(row != NULL, "row 0 of lap 1");
  if (row) CHECK_NEAR(row->frame.y, 1500, 0);
  row = find(count, 29, 0);
  if (row) CHECK_NEAR(row->frame.y, 1450, 0);
  sl_snap_result result = release(layout, SL_SCROLL_MAIN, 1400, 1460, 400);
  CHECK_NEAR(off_unit(result.target_offset, 50), 0, 1e-9);
  CHECK(result.snap_index == ((units_in(result.target_offset, 50) % 30) + 30) % 30,
        "index %" PRId64 " for %g", result.snap_index, result.target_offset);
  result = release(layout, SL_SCROLL_MAIN, 0, -30, -400);
  CHECK(result.target_offset < 0, "backward across the seam (got %g)", result.target_offset);
  CHECK(result.item >= 0 && result.item < 30 && result.section == 0, "a row of the list");
  sl_layout_destroy(layout);
}

#define CENTERED(direction, extra)                                                             \
  "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}, "                    \
  "\"layoutDirection\": \"" direction "\"}, \"sections\": [{\"itemCount\": 6, "              \
  "\"interGroupSpacing\": 10, \"orthogonalScrollingBehavior\": \"groupPagingCentered\", "     \
  "\"orthogonalScrollingProperties\": {\"loop\": true}" extra ", "                             \
  "\"group\": " HGROUP(FW(0.8), ABS(200)) "}]}"

static void test_rtl_and_effects(void) {
  sl_layout *ltr = create_layout(CENTERED("leftToRight", ""));
  sl_layout *rtl = create_layout(CENTERED("rightToLeft", ""));
  if (!ltr || !rtl) return;
  sl_scroll_info info;
  CHECK_STATUS(sl_layout_get_scroll_info(ltr, 0, &info), SL_OK);
  CHECK_NEAR(info.min_offset, -39, 1e-9); /* card 0 centred: 312/2 - 195 */
  CHECK_NEAR(info.offset, -39, 1e-9);
  sl_element left[16];
  size_t count = query(ltr, VIEW);
  CHECK(count == 3, "cards 5, 0 and 1 around the centred card 0 (got %zu)", count);
  memcpy(left, elements, sizeof left[0] * (count < 16 ? count : 16));
  size_t mirrored = query(rtl, VIEW);
  CHECK(mirrored == count, "the same cells right-to-left");
  for (size_t i = 0; i < count && i < 16; i++) {
    const sl_element *twin = find(mirrored, left[i].item, left[i].copy);
    CHECK(twin != NULL, "item %" PRId64 " copy %d in both directions", left[i].item,
          (int)left[i].copy);
    if (twin) CHECK_NEAR(twin->frame.x, 390 - left[i].frame.x - left[i].frame.width, 1e-9);
  }
  sl_snap_result result = release(rtl, 0, -39, -60, -3000);
  CHECK_NEAR(result.target_offset, -39 - 322, 1e-9);
  CHECK(result.snap_index == 5, "back across the seam right-to-left");
  sl_layout_destroy(ltr);
  sl_layout_destroy(rtl);

  sl_layout *zoom = create_layout(CENTERED(
      "leftToRight", ", \"visibleItemEffects\": {\"scale\": {\"center\": 1, \"edge\": 0.8}, "
                     "\"distance\": 1}"));
  if (!zoom) return;
  count = query(zoom, VIEW);
  const sl_element *before = find(count, 5, -1), *centre = find(count, 0, 0),
                   *after = find(count, 1, 0);
  CHECK(before && centre && after, "three cards with effects");
  if (before && centre && after) {
    CHECK_NEAR(centre->transform.a, 1, 1e-12);
    CHECK_NEAR(before->transform.a, 0.8, 1e-12);
    CHECK_NEAR(after->transform.a, 0.8, 1e-12);
  }
  double distance = 0;
  CHECK_STATUS(sl_layout_get_item_distance(zoom, 0, 5, &distance), SL_OK);
  CHECK_NEAR(distance, -1, 1e-12);
  sl_layout_destroy(zoom);
}

static void test_bad_input(void) {
  sl_layout *layout = create_layout(CAROUSEL(6, ""));
  if (!layout) return;
  double out = 7;
  CHECK_ERROR(sl_layout_get_canonical_offset(layout, 0, NAN, &out, NULL), SL_EINVAL, "offset",
              NULL);
  CHECK_ERROR(sl_layout_get_canonical_offset(layout, 0, 1e101, &out, NULL), SL_EINVAL,
              "offset", NULL);
  CHECK(out == 7, "untouched on failure");
  CHECK_ERROR(sl_layout_get_canonical_offset(layout, 0, 0, NULL, NULL), SL_EINVAL, "out_offset",
              NULL);
  CHECK_ERROR(sl_layout_get_canonical_offset(NULL, 0, 0, &out, NULL), SL_EINVAL, "layout", NULL);
  CHECK_ERROR(sl_layout_get_canonical_offset(layout, 3, 0, &out, NULL), SL_ERANGE, "container",
              NULL);
  sl_loop_info loop;
  fill_sentinel(&loop, sizeof loop);
  CHECK_ERROR(sl_layout_get_loop_info(layout, 0, NULL), SL_EINVAL, "out_info", NULL);
  CHECK_ERROR(sl_layout_get_loop_info(layout, 9, &loop), SL_ERANGE, "container", NULL);
  CHECK_UNTOUCHED(loop);
  /* A rect a trillion points wide is bounded: at most 64 laps either side. */
  size_t count = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, (sl_rect){-1e12, 0, 2e12, 844}, NULL, 0,
                                              &count),
               SL_OK);
  CHECK(count > 6 * 100 && count <= 6 * 130, "64 laps either side (got %zu)", count);
  sl_layout_destroy(layout);

  sl_layout *bad = NULL;
  const char *json = CAROUSEL(6, ", \"loop\": 1");
  CHECK_ERROR(sl_layout_create(json, strlen(json), &bad), SL_ECONFIG,
              "/sections/0/orthogonalScrollingProperties/loop", NULL);
  static const char uikit[] =
      "{" CONTAINER(390, 844) ", \"configuration\": {\"scrolling\": {\"algorithm\": "
      "\"uikitWillEndDragging\", \"loop\": true}}, \"sections\": [{\"itemCount\": 3, "
      "\"group\": " HGROUP(FW(1), ABS(50)) "}]}";
  CHECK_ERROR(sl_layout_create(uikit, strlen(uikit), &bad), SL_ECONFIG,
              "/configuration/scrolling/loop", "standard");
  CHECK(bad == NULL, "no layout from a bad configuration");
}

int main(void) {
  test_carousel();
  test_navigation();
  test_million_laps();
  test_fallback();
  test_main_scroll();
  test_rtl_and_effects();
  test_bad_input();
  return test_finish("test_loop");
}
