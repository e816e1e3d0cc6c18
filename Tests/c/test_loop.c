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
 *  8. bad arguments and configurations;
 *  9. a looping main scroll's item frames are the copy of the lap its offset is in, as the
 *     rect query frames it (vertical, and horizontal right to left), and offsets for an item
 *     are unchanged by it;
 * 10. a looping main scroll's last row measured past the seam is found in every copy a rect
 *     reaches (docs/SELF-SIZING.md rule 13);
 * 11. a flow of slides of their own widths loops, its longest line its widest slide.
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

/* A carousel of slides of ten widths on a horizontal main scroll (a flow with per-item sizes,
 * one slide a line): its longest line is its widest slide, so it loops (docs/SNAPPING.md,
 * "Looping"; before 2026-11-29 a flow with sizes of its own counted whole and never looped).
 * Embla Carousel's loop fixture: period 1660, centred positions as Embla's. */
static void test_flow_slides_loop(void) {
#define SLIDE(w) "{\"width\": " #w ", \"height\": 190}"
  static const char json[] =
      "{" CONTAINER(1000, 190) ", \"configuration\": {\"scrollDirection\": \"horizontal\", "
      "\"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"center\", \"loop\": true}}, "
      "\"flowLayout\": {\"scrollDirection\": \"horizontal\", \"minimumLineSpacing\": 0, "
      "\"minimumInteritemSpacing\": 0}, \"sections\": [{\"itemCount\": 10, \"itemSizes\": ["
      SLIDE(100) "," SLIDE(200) "," SLIDE(150) "," SLIDE(250) "," SLIDE(130) "," SLIDE(100) ","
      SLIDE(200) "," SLIDE(150) "," SLIDE(250) "," SLIDE(130) "]}]}";
#undef SLIDE
  sl_layout *layout = create_layout(json);
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.requested == 1 && loop.active == 1, "the slides loop (active %d)", loop.active);
  CHECK_NEAR(loop.period, 1660, 0);
  static const double centred[] = {-450, -300, -125, 75, 265, 380, 530, 705, 905, 1095};
  double offsets[10];
  size_t count = 0;
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, offsets, 10, &count), SL_OK);
  CHECK(count == 10, "ten rest positions (got %zu)", count);
  for (size_t i = 0; i < count && i < 10; i++) CHECK_NEAR(offsets[i], centred[i], 0);
  /* Across the seam: the last slides of lap 0 and the first of lap 1. */
  count = query(layout, (sl_rect){1500, 0, 1000, 190});
  check_unique(count, "slides across the seam");
  const sl_element *slide = find(count, 0, 1);
  CHECK(slide != NULL, "slide 0 of lap 1");
  if (slide) CHECK_NEAR(slide->frame.x, 1660, 0);
  slide = find(count, 9, 0);
  if (slide) CHECK_NEAR(slide->frame.x, 1530, 0);
  /* A fling back from slide 0 rests on a slide of the lap before. */
  sl_snap_result back = release(layout, SL_SCROLL_MAIN, -450, -460, -2000);
  CHECK(back.target_offset < -450 && back.section == 0 && back.item >= 0 && back.item < 10,
        "back across the seam: %g, slide %" PRId64, back.target_offset, back.item);
  /* Too short to loop: slides of 300 and 900 in 1000 (period 1200 - 900 < 1000). */
  static const char short_json[] =
      "{" CONTAINER(1000, 190) ", \"configuration\": {\"scrollDirection\": \"horizontal\", "
      "\"scrolling\": {\"snapUnit\": \"item\", \"loop\": true}}, \"flowLayout\": "
      "{\"scrollDirection\": \"horizontal\", \"minimumLineSpacing\": 0}, \"sections\": "
      "[{\"itemCount\": 2, \"itemSizes\": [{\"width\": 300, \"height\": 190}, "
      "{\"width\": 900, \"height\": 190}]}]}";
  sl_layout_destroy(layout);
  layout = create_layout(short_json);
  if (!layout) return;
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.requested == 1 && loop.active == 0, "1200 - 900 < 1000: no loop (active %d)",
        loop.active);
  sl_layout_destroy(layout);
  /* The longest slide follows the sizes given: 900, 400, 400, 400 loops (2100 - 900 >= 1000);
   * the 900 made 400 leaves 1600 - 400, which loops too (with the 900 still counted, it would
   * not: 1600 - 900 < 1000). */
  static const char given_json[] =
      "{" CONTAINER(1000, 190) ", \"configuration\": {\"scrollDirection\": \"horizontal\", "
      "\"scrolling\": {\"snapUnit\": \"item\", \"loop\": true}}, \"flowLayout\": "
      "{\"scrollDirection\": \"horizontal\", \"minimumLineSpacing\": 0}, \"sections\": "
      "[{\"itemCount\": 4, \"itemSizes\": [{\"width\": 900, \"height\": 190}, "
      "{\"width\": 400, \"height\": 190}, {\"width\": 400, \"height\": 190}, "
      "{\"width\": 400, \"height\": 190}]}]}";
  layout = create_layout(given_json);
  if (!layout) return;
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.active == 1 && loop.period == 2100, "900 and three 400s loop: %d, %g", loop.active,
        loop.period);
  const sl_size narrower = {400, 190};
  CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 0, &narrower, 1, NULL), SL_OK);
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.active == 1 && loop.period == 1600, "four 400s loop: %d, %g", loop.active,
        loop.period);
  /* Then 200, 200, 1300, 200: 1900 - 1300 < 1000, no loop (with the 400s' longest still
   * counted it would: 1900 - 400). */
  const sl_size wider = {1300, 190}, narrow[2] = {{200, 190}, {200, 190}};
  CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 2, &wider, 1, NULL), SL_OK);
  CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 0, narrow, 2, NULL), SL_OK);
  CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 3, narrow, 1, NULL), SL_OK);
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.active == 0, "1900 - 1300 < 1000: no loop (%d, %g)", loop.active, loop.period);
  sl_layout_destroy(layout);
  /* Paged by its 120-pt viewport (period 351: pages at 0, 120, 240), an item is shown by its
   * page's copy nearest the container at 0: item 6 starts at 181 (its copy a lap back, -170, is
   * nearer), but its page's copies are 120 and -231, so 120; item 9's page (240) a lap back,
   * -111 (the property test of the Python package found -231 for item 6). */
  static const char paged_json[] =
      "{" CONTAINER(120, 120) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"page\", "
      "\"loop\": true}}, \"flowLayout\": {\"scrollDirection\": \"horizontal\"}, "
      "\"sections\": [{\"itemCount\": 10, \"itemSizes\": [{\"width\": 1, \"height\": 1}, "
      "{\"width\": 1, \"height\": 1}, {\"width\": 1, \"height\": 1}, {\"width\": 1, "
      "\"height\": 1}, {\"width\": 171, \"height\": 8}, {\"width\": 1, \"height\": 50}, "
      "{\"width\": 5.5, \"height\": 1}, {\"width\": 2, \"height\": 2}, {\"width\": 1, "
      "\"height\": 1}, {\"width\": 154.5, \"height\": 260}]}]}";
  layout = create_layout(paged_json);
  if (!layout) return;
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.active == 1 && loop.period == 351, "paged flow loops: %d, %g", loop.active,
        loop.period);
  static const struct { int64_t item; double offset; int64_t snap; } shown[] = {
      {0, 0, 0}, {6, 120, 1}, {9, -111, 2}};
  for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
    double at = NAN;
    int64_t snap = -1;
    CHECK_STATUS(
        sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, shown[i].item, &at, &snap), SL_OK);
    CHECK(at == shown[i].offset && snap == shown[i].snap,
          "item %" PRId64 ": %g (rest position %" PRId64 "), expected %g (%" PRId64 ")",
          shown[i].item, at, snap, shown[i].offset, shown[i].snap);
  }
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

/* The cell (section 0, item) of copy `copy` in a rect query, checked against the frame
 * sl_layout_get_item_frame() and sl_layout_get_item_frames() give, bit for bit. */
static void check_frame_is_queried(sl_layout *layout, sl_rect view, int64_t item, int32_t copy,
                                   const char *label) {
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, item, &frame), SL_OK);
  sl_rect batch[1];
  CHECK_STATUS(sl_layout_get_item_frames(layout, 0, item, 1, batch), SL_OK);
  CHECK(memcmp(&batch[0], &frame, sizeof frame) == 0, "%s: the batch frame is the single one",
        label);
  size_t count = query(layout, view);
  const sl_element *cell = find(count, item, copy);
  CHECK(cell != NULL, "%s: item %" PRId64 " copy %d in the viewport", label, item, (int)copy);
  if (cell)
    CHECK(memcmp(&cell->frame, &frame, sizeof frame) == 0,
          "%s: item frame (%g, %g) is the queried copy's (%g, %g)", label, frame.x, frame.y,
          cell->frame.x, cell->frame.y);
}

static void test_main_scroll_frames(void) {
  /* Forty 50-pt rows: period 2000, no rest positions. */
  static const char json[] =
      "{" CONTAINER(390, 600) ", \"configuration\": {\"scrolling\": {\"loop\": true}}, "
      "\"sections\": [{\"itemCount\": 40, \"group\": " HGROUP(FW(1), ABS(50)) "}]}";
  sl_layout *layout = create_layout(json);
  if (!layout) return;
  const double offsets[] = {100, 2100, -1900, 4100, 2000.0 * 1e6 + 100};
  for (size_t k = 0; k < sizeof offsets / sizeof offsets[0]; k++) {
    double offset = offsets[k];
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, offset), SL_OK);
    double canonical = 0, shift = 0;
    CHECK_STATUS(
        sl_layout_get_canonical_offset(layout, SL_SCROLL_MAIN, offset, &canonical, &shift),
        SL_OK);
    int32_t lap = (int32_t)units_in(shift, 2000);
    sl_rect frame;
    CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 2, &frame), SL_OK);
    CHECK_NEAR(frame.y, 100 + 2000.0 * lap, 0);
    char label[64];
    snprintf(label, sizeof label, "offset %g", offset);
    check_frame_is_queried(layout, (sl_rect){0, offset, 390, 600}, 2, lap, label);
    /* Every frame of the batch is the single one. */
    sl_rect all[40];
    CHECK_STATUS(sl_layout_get_item_frames(layout, 0, 0, 40, all), SL_OK);
    for (int64_t item = 0; item < 40; item++) {
      sl_rect one;
      CHECK_STATUS(sl_layout_get_item_frame(layout, 0, item, &one), SL_OK);
      CHECK(memcmp(&one, &all[item], sizeof one) == 0, "%s: batch frame %" PRId64, label, item);
      CHECK_NEAR(one.y, 50.0 * (double)item + 2000.0 * lap, 0);
    }
    /* Offsets for an item still take its copy nearest the offset, whatever lap the frames
     * are in. */
    double target = 0;
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 2, &target, NULL),
                 SL_OK);
    CHECK_NEAR(target, 100 + 2000.0 * lap, 0);
    CHECK_STATUS(sl_layout_get_offset_to_show_item(layout, SL_SCROLL_MAIN, 0, 2, SL_ALIGN_START,
                                                   &target, NULL),
                 SL_OK);
    CHECK_NEAR(target, 100 + 2000.0 * lap, 0);
  }
  /* Just before 0 the offset is in lap -1: row 39 of that lap ends at 0, the canonical lap's
   * rows follow; an offset for row 2 takes the canonical copy, nearest. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, -1e-9), SL_OK);
  sl_rect before;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 39, &before), SL_OK);
  CHECK_NEAR(before.y, -50, 0);
  check_frame_is_queried(layout, (sl_rect){0, -100, 390, 700}, 39, -1, "offset -1e-9");
  double target = 0;
  CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 2, &target, NULL),
               SL_OK);
  CHECK_NEAR(target, 100, 0);
  sl_layout_destroy(layout);

  /* A horizontal main scroll right to left: the lap moves the frames leftward. */
  static const char rtl[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 600}, "
      "\"layoutDirection\": \"rightToLeft\"}, \"configuration\": {\"scrollDirection\": "
      "\"horizontal\", \"scrolling\": {\"loop\": true}}, \"sections\": [{\"itemCount\": 40, "
      "\"group\": " HGROUP(ABS(50), FH(1)) "}]}";
  layout = create_layout(rtl);
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.active == 1 && loop.period == 2000, "a horizontal loop of 2000 (period %g)",
        loop.period);
  sl_rect canonical_frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 2, &canonical_frame), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 2100), SL_OK);
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 2, &frame), SL_OK);
  CHECK_NEAR(frame.x, canonical_frame.x - 2000, 0);
  CHECK_NEAR(frame.y, canonical_frame.y, 0);
  check_frame_is_queried(layout, (sl_rect){frame.x - 100, 0, 600, 600}, 2, 1, "right to left");
  sl_layout_destroy(layout);
}

static void test_main_scroll_overflow(void) {
  /* Sixty half-width cells in 60-pt rows, estimated 40 high: content and period 1800. Cell 58,
   * in the last row (1740 ... 1800), measured 172 high reaches 1912, past the seam. */
  static const char json[] =
      "{" CONTAINER(390, 844) ", \"configuration\": {\"scrolling\": {\"loop\": true}}, "
      "\"sections\": [{\"itemCount\": 60, \"group\": {\"group\": \"horizontal\", "
      "\"layoutSize\": " SIZE(FW(1), ABS(60)) ", \"subitems\": [{\"layoutSize\": "
      SIZE(FW(0.5), "{\"estimated\": 40}") "}]}}]}";
  sl_layout *layout = create_layout(json);
  if (!layout) return;
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 58, 193, 172, NULL), SL_OK);
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.active == 1 && loop.period == 1800, "the list loops (period %g)", loop.period);
  /* Past the content's end, over the next lap's first rows: copy 0 of cell 58 and copy 1 of
   * the first rows. */
  size_t count = query(layout, (sl_rect){0, 1830, 390, 300});
  check_unique(count, "past the seam");
  const sl_element *cell = find(count, 58, 0);
  CHECK(cell != NULL, "copy 0 of cell 58 reaches past the seam");
  if (cell) CHECK_NEAR(cell->frame.y + cell->frame.height, 1912, 0);
  CHECK(find(count, 0, 1) != NULL, "copy 1 of cell 0");
  CHECK(find(count, 59, 0) == NULL, "cell 59 keeps to its row");
  /* Over the canonical lap's first rows: copy -1 of cell 58, at -60 ... 112. */
  count = query(layout, (sl_rect){0, 20, 390, 80});
  check_unique(count, "the lap before");
  cell = find(count, 58, -1);
  CHECK(cell != NULL, "copy -1 of cell 58 reaches over row 0");
  if (cell) CHECK_NEAR(cell->frame.y, -60, 0);
  /* A lap on, the same: copy 1 of cell 58 over copy 2's first rows, framed where
   * sl_layout_get_item_frame() frames it at an offset in lap 1. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 1800 + 1000), SL_OK);
  count = query(layout, (sl_rect){0, 2 * 1800 + 20, 390, 80});
  cell = find(count, 58, 1);
  CHECK(cell != NULL, "copy 1 of cell 58 reaches over copy 2's row 0");
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 58, &frame), SL_OK);
  CHECK_NEAR(frame.y, 1800 + 1740, 0);
  if (cell) CHECK(memcmp(&cell->frame, &frame, sizeof frame) == 0, "the frame of lap 1");
  sl_layout_destroy(layout);
}

/* The canonical lap is half open: an offset one period past the lap's start, whose remainder
 * rounds an ulp below the period, is the lap's start (found by review: a carousel of 100.74-pt
 * cards answered start + period itself, outside [start, start + period)). Every copy of the
 * start across many laps is the start, shifted by whole periods within rounding. */
static void test_canonical_half_open(void) {
  sl_layout *layout = create_layout(
      "{" CONTAINER(390, 600) ", \"sections\": [{\"itemCount\": 8, \"contentInsets\": "
      "{\"leading\": 3.3}, \"interGroupSpacing\": 10, \"group\": " HGROUP(ABS(100.74), ABS(50))
      ", \"orthogonalScrollingBehavior\": \"groupPagingCentered\", "
      "\"orthogonalScrollingProperties\": {\"loop\": true}}]}");
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, 0, &loop), SL_OK);
  CHECK(loop.active == 1, "the carousel loops");
  for (int lap = -50; lap <= 50; lap++) {
    double x = loop.start + lap * loop.period, canonical = NAN, shift = NAN;
    CHECK_STATUS(sl_layout_get_canonical_offset(layout, 0, x, &canonical, &shift), SL_OK);
    CHECK(canonical >= loop.start && canonical < loop.start + loop.period,
          "lap %d: canonical(%.17g) = %.17g, outside [%.17g, %.17g)", lap, x, canonical,
          loop.start, loop.start + loop.period);
    CHECK(x - shift == canonical, "lap %d: %.17g - %.17g is not %.17g", lap, x, shift,
          canonical);
    CHECK(fabs(canonical - loop.start) < 1e-9 * loop.period ||
              fabs(canonical - (loop.start + loop.period)) < 1e-9 * loop.period,
          "lap %d: canonical %.17g is not the lap's start", lap, canonical);
  }
  /* Offsets anywhere: the canonical offset is in the lap and is offset - shift to the last bit
   * (the header's promise; review 5 found 1-ulp differences); in the lap, the offset itself. */
  uint64_t state = 88172645463325252u;
  for (int i = 0; i < 20000; i++) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    double scale = (double)(1u << (state % 31));
    double x = ((double)(state >> 11) / 9007199254740992.0 - 0.5) * 2 * scale * loop.period;
    double canonical = NAN, shift = NAN;
    CHECK_STATUS(sl_layout_get_canonical_offset(layout, 0, x, &canonical, &shift), SL_OK);
    CHECK(canonical >= loop.start && canonical < loop.start + loop.period &&
              x - shift == canonical,
          "canonical(%.17g) = %.17g, shift %.17g", x, canonical, shift);
    CHECK(!(x >= loop.start && x < loop.start + loop.period) || (canonical == x && shift == 0),
          "in the lap: canonical(%.17g) = %.17g", x, canonical);
  }
  sl_layout_destroy(layout);
}

/* A looping carousel of eight 300-pt cards (groupPaging, snapping by item, period 2400) with
 * the cards of `zero` (`count` of them) measured 0 wide. */
static sl_layout *zero_wide_carousel(const int *zero, int count) {
  sl_layout *layout = create_layout(
      "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 8, "
      "\"orthogonalScrollingBehavior\": \"groupPaging\", \"orthogonalScrollingProperties\": "
      "{\"loop\": true, \"snapUnit\": \"item\"}, \"group\": {\"group\": \"horizontal\", "
      "\"layoutSize\": " SIZE("{\"estimated\": 300}", ABS(200)) ", \"subitems\": "
      "[{\"layoutSize\": " SIZE("{\"estimated\": 300}", ABS(200)) "}]}}]}");
  for (int i = 0; layout && i < count; i++) {
    CHECK_STATUS(sl_layout_report_item_size(layout, 0, zero[i], 0, 200, NULL), SL_OK);
  }
  return layout;
}

/* A host pressing `action` `presses` times from `at`, running each target: every press moves
 * by `step` (300 one way or the other). */
static void press_through(sl_layout *layout, int32_t action, double at, int presses, double step,
                          const char *what) {
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, at), SL_OK);
  for (int press = 0; press < presses; press++) {
    sl_snap_result r;
    memset(&r, 0, sizeof r);
    CHECK_STATUS(sl_layout_navigate(layout, 0, action, 1, NULL, 0, &r), SL_OK);
    CHECK(r.target_offset == at + step, "%s: press %d from %g goes to %g (%" PRId64 " to %" PRId64
          ")", what, press, at, r.target_offset, r.reference_snap, r.snap_index);
    at = r.target_offset;
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, at), SL_OK);
  }
}

/* Cards 2 and 3 measured 0 wide: positions 2, 3 and 4 share offset 600. A host that presses
 * NEXT and runs the motion it returns goes round and round: every press moves on, over the seam
 * (it stayed on 600 for ever, "from 2 to 3", when NEXT counted from the first of the three;
 * review 5). */
static void test_next_leaves_a_shared_offset(void) {
  const int zero[] = {2, 3};
  sl_layout *layout = zero_wide_carousel(zero, 2);
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, 0, &loop), SL_OK);
  CHECK(loop.active == 1 && loop.period == 1800, "loops, period %g", loop.period);
  /* Six distinct offsets a lap: 0 300 600 900 1200 1500, then 1800 (card 0 again). */
  press_through(layout, SL_NAVIGATE_NEXT, 0, 14, 300, "NEXT");
  press_through(layout, SL_NAVIGATE_PREVIOUS, 0, 14, -300, "PREVIOUS");
  sl_layout_destroy(layout);
}

/* The last card measured 0 wide: position 7 rests at 2100, the period, where card 0 of the next
 * lap rests too. PREVIOUS from card 0 returned card 7 at the same offset, for ever (review 6);
 * every press moves now, either way, from any lap's seam. */
static void test_seam_shared_offset(void) {
  const int zero[] = {7};
  sl_layout *layout = zero_wide_carousel(zero, 1);
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, 0, &loop), SL_OK);
  CHECK(loop.active == 1 && loop.period == 2100, "loops, period %g", loop.period);
  const double seams[] = {0, 2100, -2100, 4200};
  for (int i = 0; i < 4; i++) {
    press_through(layout, SL_NAVIGATE_NEXT, seams[i], 9, 300, "NEXT from a seam");
    press_through(layout, SL_NAVIGATE_PREVIOUS, seams[i], 9, -300, "PREVIOUS from a seam");
    /* A tap and a release coming to rest there name one position: the first there, card 7
     * (the tap named card 0 of the next lap, the release card 7). */
    sl_scroll_release tap = make_release(seams[i], seams[i], 0);
    sl_scroll_release fling = make_release(seams[i] - 150, seams[i] - 150, 800);
    sl_snap_result at, to;
    memset(&at, 0, sizeof at);
    memset(&to, 0, sizeof to);
    CHECK_STATUS(sl_layout_resolve_scroll(layout, 0, &tap, &at), SL_OK);
    CHECK_STATUS(sl_layout_resolve_scroll(layout, 0, &fling, &to), SL_OK);
    sl_snap_position position;
    CHECK_STATUS(sl_layout_get_snap_position(layout, 0, seams[i], &position), SL_OK);
    CHECK(at.snap_index == 7 && position.index == 7 &&
              (to.target_offset != seams[i] || to.snap_index == 7),
          "at the seam %g: tap %" PRId64 ", position %" PRId64 ", release to %g names %" PRId64,
          seams[i], at.snap_index, position.index, to.target_offset, to.snap_index);
  }
  sl_layout_destroy(layout);
}

/* A rect over many laps of a looping carousel with measured cells: the copies it holds whole
 * pass the cells a query may examine (2^25), and it is refused at once with the examined
 * bound's message (rect soak, seed 108967: the copies were walked first, seconds a call); a
 * rect over part of a lap is answered. */
static void test_examined_bound_over_copies(void) {
  sl_layout *layout = create_layout(
      "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 1000000,"
      " \"orthogonalScrollingBehavior\": \"continuous\", \"orthogonalScrollingProperties\":"
      " {\"loop\": true}, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE("{\"absolute\": 30}", "{\"estimated\": 50}") ", \"subitems\": [{\"layoutSize\": "
      SIZE(FW(1), "{\"estimated\": 50}") "}]}}]}");
  CHECK(layout != NULL, "examined bound: %s", sl_error_last()->message);
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 0, 30, 61.5, NULL), SL_OK);
  size_t count = 0;
  CHECK_ERROR(sl_layout_get_elements_in_rect(layout, (sl_rect){-1e10, 0, 2e10, 100}, NULL, 0,
                                             &count),
              SL_ERANGE, "rect", "cells of measured sections");
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, (sl_rect){0, 0, 3000, 100}, NULL, 0,
                                              &count),
               SL_OK);
  CHECK(count >= 100 && count <= 102, "examined bound: %zu cells in 3,000 pt of 30 pt cells",
        count);
  sl_layout_destroy(layout);
}

int main(void) {
  test_examined_bound_over_copies();
  test_carousel();
  test_navigation();
  test_million_laps();
  test_fallback();
  test_main_scroll();
  test_rtl_and_effects();
  test_bad_input();
  test_main_scroll_frames();
  test_main_scroll_overflow();
  test_canonical_half_open();
  test_next_leaves_a_shared_offset();
  test_seam_shared_offset();
  test_flow_slides_loop();
  return test_finish("test_loop");
}
