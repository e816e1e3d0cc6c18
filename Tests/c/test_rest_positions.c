/*
 * test_rest_positions.c — the rest positions and releases of docs/SNAPPING.md that issue 17
 * (defects 7 to 14) found wrong from outside, through the shipped libsnaplayout.so:
 *
 *  7. continuousGroupLeadingBoundary decelerates freely at any velocity ("slowRelease");
 *  8. the start of the content is a rest position in every containment (keepSnaps keeps a
 *     bound no unit reaches; `none`'s bounds are its first and last rest positions);
 *  9. rest positions within the merge distance of a bound rest on it ("mergeDistance");
 * 10. sl_layout_get_offset_for_item and sl_layout_resolve_scroll agree in every containment;
 * 11. reference_snap -1 ("none") is accepted back, in any container;
 * 12. content shorter than the viewport names the first unit's item;
 * 13. offsets leave the library as +0, never -0;
 * 14. sl_layout_set_section_offset (deprecated) fails as sl_layout_set_scroll_offset does.
 *
 * And two that review found later (F5, F6): cells measured 0 long leave the rest offsets sorted
 * (grids, orthogonal sections and flows), each an item unit's rest offset its cell's frame to
 * the last bit; and positions that share an offset answer the lowest index, or the one
 * sl_layout_jump_to_snap put the container on. And Embla Carousel's containScroll fixtures, where
 * the library gives Embla's positions and where its documented rules differ.
 *
 * The numbers are worked by hand in the comments (and in docs/SNAPPING.md).
 */
/* It checks the deprecated sl_layout_set_section_offset() on purpose: it keeps working. */
#define SL_NO_DEPRECATED_WARNINGS
#include <inttypes.h>
#include <math.h>
#include <stdint.h>

#include "test_support.h"


/*
 * A vertical layout with one orthogonal section: groups 312 wide (0.8 of 390), 10 apart, section
 * insets 16 (docs/SNAPPING.md, "The six orthogonal behaviors"): content 1954, bounds [0, 1564].
 */
#define ORTHO_JSON(behavior, properties)                                                      \
  "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 6, \"interGroupSpacing\": 10, "   \
  "\"contentInsets\": {\"leading\": 16, \"trailing\": 16}, \"orthogonalScrollingBehavior\": \"" \
  behavior "\"" properties ", \"group\": " HGROUP(FW(0.8), ABS(200)) "}]}"

/*
 * Twenty 100-pt rows below a 100-pt top inset, at 400 x 800, snapping by item: content 2100,
 * content bounds [0, 1300]; row k rests at 100 + 100·k with alignment start.
 */
#define ROWS_JSON(scrolling)                                                                   \
  "{" CONTAINER(400, 800) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"" scrolling \
  "}}, \"sections\": [{\"itemCount\": 20, \"contentInsets\": {\"top\": " "100}, \"group\": "       \
  HGROUP(FW(1), ABS(100)) "}]}"

static sl_snap_result resolve(const sl_layout *layout, int32_t container, sl_scroll_release r) {
  sl_snap_result result;
  memset(&result, 0, sizeof result);
  CHECK_STATUS(sl_layout_resolve_scroll(layout, container, &r, &result), SL_OK);
  return result;
}

static sl_scroll_info scroll_info(const sl_layout *layout, int32_t container) {
  sl_scroll_info info;
  memset(&info, 0, sizeof info);
  CHECK_STATUS(sl_layout_get_scroll_info(layout, container, &info), SL_OK);
  return info;
}

/* Up to `capacity` rest offsets; returns their count. */
static size_t snap_offsets(const sl_layout *layout, int32_t container, double *offsets,
                           size_t capacity) {
  size_t count = 0;
  int status = sl_layout_get_snap_offsets(layout, container, 0, offsets, capacity, &count);
  CHECK(status == SL_OK, "snap offsets of container %d: %d", (int)container, status);
  return count;
}

/* A vertical list of full-width rows `row` pt tall on a `width` x `height` screen, scrolling as
 * `scrolling` (the members of configuration.scrolling) says; `section` adds the section's own
 * members (after itemCount). */
static sl_layout *snapping_rows(int width, int height, const char *scrolling, int count,
                                const char *section, int row) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"environment\": {\"container\": {\"width\": %d, \"height\": %d}}, "
           "\"configuration\": {\"scrolling\": {%s}}, \"sections\": "
           "[{\"itemCount\": %d%s, \"group\": " HGROUP(FW(1), "{\"absolute\": %d}") "}]}",
           width, height, scrolling, count, section, row);
  return create_layout(json);
}

/* ---------------------------------------------------------------------------------------------
 * 7. continuousGroupLeadingBoundary decelerates freely at any velocity
 * ------------------------------------------------------------------------------------------- */

static void test_slow_release(void) {
  /* Positions 0, 322, 644, 966, 1288, 1564. */
  sl_layout *glide = create_layout(ORTHO_JSON("continuousGroupLeadingBoundary", ""));
  sl_layout *positional = create_layout(
      ORTHO_JSON("continuousGroupLeadingBoundary", ", \"orthogonalScrollingProperties\": "
                                                   "{\"slowRelease\": \"positional\"}"));
  sl_layout *paging = create_layout(ORTHO_JSON("groupPaging", ""));
  if (!glide || !positional || !paging) return;
  /* Dragged to 200 (62 % of a group) and released moving back at 120 pt/s: the projection
   * 200 − 0.12·499 = 140.12 is nearest 0, where the content stops; the positional rule would
   * spring forward to 322. */
  sl_snap_result back = resolve(glide, 0, make_release(0, 200, -120));
  CHECK(back.target_offset == 0 && back.snap_index == 0, "back at 120 pt/s: %g (rest %" PRId64 ")",
        back.target_offset, back.snap_index);
  sl_snap_result old = resolve(positional, 0, make_release(0, 200, -120));
  CHECK(old.target_offset == 322, "slowRelease positional: %g", old.target_offset);
  /* At 100, 150 pt/s forward: 100 + 0.15·499 = 174.85, nearest 322; positional stays on 0. */
  sl_snap_result on = resolve(glide, 0, make_release(0, 100, 150));
  CHECK(on.target_offset == 322, "forward at 150 pt/s: %g", on.target_offset);
  CHECK(resolve(positional, 0, make_release(0, 100, 150)).target_offset == 0,
        "slowRelease positional, forward at 150 pt/s");
  /* Still at 200: the nearest, 322. The paging behaviors keep the positional rule. */
  CHECK(resolve(glide, 0, make_release(0, 200, 0)).target_offset == 322, "still at 200");
  CHECK(resolve(paging, 0, make_release(0, 100, 150)).target_offset == 0,
        "groupPaging keeps the positional rule");
  sl_layout_destroy(glide);
  sl_layout_destroy(positional);
  sl_layout_destroy(paging);
}

/* ---------------------------------------------------------------------------------------------
 * 8 and 10. The start is a rest position; items and releases agree, in every containment
 * ------------------------------------------------------------------------------------------- */

static void check_agreement(const sl_layout *layout, const char *name) {
  sl_scroll_info info = scroll_info(layout, SL_SCROLL_MAIN);
  double offsets[64];
  size_t count = snap_offsets(layout, SL_SCROLL_MAIN, offsets, 64);
  CHECK(count > 0 && count <= 64, "%s: %zu rest positions", name, count);
  if (count == 0 || count > 64) return;
  /* The initial offset is min_offset, the first rest position; the bounds are rest positions. */
  CHECK(info.offset == info.min_offset && offsets[0] == info.min_offset &&
            offsets[count - 1] == info.max_offset,
        "%s: offset %g, bounds [%g, %g], rest positions %g … %g", name, info.offset,
        info.min_offset, info.max_offset, offsets[0], offsets[count - 1]);
  /* A tap on the resting content does not move it. */
  sl_snap_result tap = resolve(layout, SL_SCROLL_MAIN, make_release(info.offset, info.offset, 0));
  CHECK(tap.target_offset == info.offset && tap.motion.kind == SL_MOTION_NONE,
        "%s: a tap at %g moves to %g", name, info.offset, tap.target_offset);
  for (int64_t item = 0; item < 20; item++) {
    double offset = -1;
    int64_t snap = -1;
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, item, &offset, &snap),
                 SL_OK);
    CHECK(snap >= 0 && (size_t)snap < count && offsets[snap] == offset &&
              offset >= info.min_offset && offset <= info.max_offset,
          "%s: item %" PRId64 " at %g, rest %" PRId64, name, item, offset, snap);
    /* A release there, still, rests there: gestures and programmatic scrolls agree. */
    sl_snap_result there = resolve(layout, SL_SCROLL_MAIN, make_release(offset, offset, 0));
    CHECK(there.target_offset == offset, "%s: item %" PRId64 " at %g, a release there rests at %g",
          name, item, offset, there.target_offset);
  }
}

static void test_containment_bounds(void) {
  /* trimSnaps: 0 (the inset, no unit there), 100 … 1200, 1300 (rows 12 … 19 collapse). */
  sl_layout *trim = create_layout(ROWS_JSON(""));
  /* keepSnaps: 0, then one position per row: 100 … 1200, 1300 eight times. */
  sl_layout *keep = create_layout(ROWS_JSON(", \"containment\": \"keepSnaps\""));
  /* none: the rows as aligned, 100 … 2000, and the bounds are the first and last. */
  sl_layout *none = create_layout(ROWS_JSON(", \"containment\": \"none\""));
  /* none, centred: row k at 100k − 250: bounds [−250, 1650], past the content's [0, 1300]. */
  sl_layout *centred = create_layout(
      ROWS_JSON(", \"containment\": \"none\", \"alignment\": \"center\""));
  if (!trim || !keep || !none || !centred) return;
  double offsets[64];
  size_t count = snap_offsets(keep, SL_SCROLL_MAIN, offsets, 64);
  CHECK(count == 21 && offsets[0] == 0 && offsets[1] == 100 && offsets[12] == 1200 &&
            offsets[13] == 1300 && offsets[20] == 1300,
        "keepSnaps: %zu positions, %g %g … %g %g", count, offsets[0], offsets[1], offsets[12],
        offsets[count - 1]);
  sl_scroll_info info = scroll_info(none, SL_SCROLL_MAIN);
  CHECK(info.min_offset == 100 && info.max_offset == 2000 && info.offset == 100 &&
            info.snap_count == 20,
        "none: bounds [%g, %g], offset %g, %" PRId64 " positions", info.min_offset,
        info.max_offset, info.offset, info.snap_count);
  info = scroll_info(centred, SL_SCROLL_MAIN);
  CHECK(info.min_offset == -250 && info.max_offset == 1650 && info.offset == -250,
        "none, centred: bounds [%g, %g], offset %g", info.min_offset, info.max_offset,
        info.offset);
  /* A fling far past the end rests on the last rest position, as offset_for_item's last. */
  sl_snap_result far = resolve(centred, SL_SCROLL_MAIN, make_release(1500, 1600, 20000));
  CHECK(far.target_offset == 1650 && far.snap_index == 19, "none: a fling to %g (rest %" PRId64 ")",
        far.target_offset, far.snap_index);
  check_agreement(trim, "trimSnaps");
  check_agreement(keep, "keepSnaps");
  check_agreement(none, "none");
  check_agreement(centred, "none, centred");
  sl_layout_destroy(trim);
  sl_layout_destroy(keep);
  sl_layout_destroy(none);
  sl_layout_destroy(centred);
}

/* ---------------------------------------------------------------------------------------------
 * 9. Rest positions within the merge distance of a bound rest on it
 * ------------------------------------------------------------------------------------------- */

/* Rows below a 10-pt top inset: row k rests at 10 + 100·k; content 2010, bounds [0, 1210]. */
#define NEAR_JSON(scrolling)                                                                   \
  "{" CONTAINER(400, 800) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"" scrolling \
  "}}, \"sections\": [{\"itemCount\": 20, \"contentInsets\": {\"top\": 10}, \"group\": "          \
  HGROUP(FW(1), ABS(100)) "}]}"

static void test_merge_distance(void) {
  /* The default, 5 % of the 800-pt snapport (40 pt): row 0 (10) rests on the bound 0, and rows
   * 12 … 19 (1210 …) on 1210, so 0, 110, 210, …, 1110, 1210. */
  sl_layout *merged = create_layout(NEAR_JSON(""));
  /* mergeDistance 5: 0 and 10 are both rest positions. */
  sl_layout *apart = create_layout(NEAR_JSON(", \"mergeDistance\": 5"));
  /* keepSnaps merges as well: row 0 rests on 0, so the start needs no position of its own. */
  sl_layout *keep = create_layout(NEAR_JSON(", \"containment\": \"keepSnaps\""));
  if (!merged || !apart || !keep) return;
  double offsets[64];
  size_t count = snap_offsets(merged, SL_SCROLL_MAIN, offsets, 64);
  CHECK(count == 13 && offsets[0] == 0 && offsets[1] == 110 && offsets[11] == 1110 &&
            offsets[12] == 1210,
        "merged: %zu positions: %g %g … %g", count, offsets[0], offsets[1], offsets[count - 1]);
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(merged, SL_SCROLL_MAIN, 8, &position), SL_OK);
  CHECK(position.index == 0 && position.item == 0, "offset 8: rest %" PRId64 ", item %" PRId64,
        position.index, position.item);
  count = snap_offsets(apart, SL_SCROLL_MAIN, offsets, 64);
  CHECK(count == 14 && offsets[0] == 0 && offsets[1] == 10 && offsets[2] == 110,
        "mergeDistance 5: %zu positions: %g %g %g", count, offsets[0], offsets[1], offsets[2]);
  count = snap_offsets(keep, SL_SCROLL_MAIN, offsets, 64);
  CHECK(count == 20 && offsets[0] == 0 && offsets[1] == 110 && offsets[19] == 1210,
        "keepSnaps merged: %zu positions: %g %g … %g", count, offsets[0], offsets[1],
        offsets[count - 1]);
  sl_layout_destroy(merged);
  sl_layout_destroy(apart);
  sl_layout_destroy(keep);

  /* groupPagingCentered keeps UIKit's worked example: −23, 299, …, 1265, 1587. */
  sl_layout *centred = create_layout(ORTHO_JSON("groupPagingCentered", ""));
  if (!centred) return;
  count = snap_offsets(centred, 0, offsets, 64);
  CHECK(count == 6 && offsets[0] == -23 && offsets[1] == 299 && offsets[5] == 1587,
        "groupPagingCentered: %zu positions: %g %g … %g", count, offsets[0], offsets[1],
        offsets[count - 1]);
  sl_layout_destroy(centred);
}

/* ---------------------------------------------------------------------------------------------
 * 11. reference_snap -1: none
 * ------------------------------------------------------------------------------------------- */

static void test_no_reference(void) {
  /* The main scroll of a plain list decelerates freely. */
  sl_layout *free_scroll = create_layout(
      "{" CONTAINER(400, 800) ", \"sections\": [{\"itemCount\": 20, \"group\": "
      HGROUP(FW(1), ABS(100)) "}]}");
  sl_layout *rows = create_layout(ROWS_JSON(""));
  if (!free_scroll || !rows) return;
  int64_t reference = 7;
  CHECK_STATUS(sl_layout_get_reference_snap(free_scroll, SL_SCROLL_MAIN, 100, NULL, 0, &reference),
               SL_OK);
  CHECK(reference == -1, "a free scroll's reference: %" PRId64, reference);
  /* Passed back as the docs say: accepted, and the same as no reference. */
  sl_scroll_release release = make_release(100, 150, 1000);
  release.flags = SL_RELEASE_HAS_REFERENCE;
  release.reference_snap = reference;
  sl_snap_result flagged = resolve(free_scroll, SL_SCROLL_MAIN, release);
  sl_snap_result plain = resolve(free_scroll, SL_SCROLL_MAIN, make_release(100, 150, 1000));
  CHECK(flagged.target_offset == plain.target_offset && flagged.reference_snap == -1,
        "free, reference -1: %g, without: %g", flagged.target_offset, plain.target_offset);
  /* In a container with rest positions, -1 measures from start_offset too. */
  release = make_release(300, 340, 0);
  release.flags = SL_RELEASE_HAS_REFERENCE;
  release.reference_snap = -1;
  flagged = resolve(rows, SL_SCROLL_MAIN, release);
  plain = resolve(rows, SL_SCROLL_MAIN, make_release(300, 340, 0));
  CHECK(flagged.target_offset == plain.target_offset &&
            flagged.reference_snap == plain.reference_snap && plain.reference_snap == 3,
        "rows, reference -1: %g (ref %" PRId64 "), without: %g (ref %" PRId64 ")",
        flagged.target_offset, flagged.reference_snap, plain.target_offset, plain.reference_snap);
  /* Anything else out of range still fails. */
  static const int64_t bad[] = {-2, 0, 1, INT64_MIN};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    sl_snap_result result;
    release = make_release(100, 150, 1000);
    release.flags = SL_RELEASE_HAS_REFERENCE;
    release.reference_snap = bad[i];
    fill_sentinel(&result, sizeof result);
    CHECK_ERROR(sl_layout_resolve_scroll(free_scroll, SL_SCROLL_MAIN, &release, &result),
                SL_ERANGE, "release.reference_snap", "-1: none");
    CHECK_UNTOUCHED(result);
  }
  sl_layout_destroy(free_scroll);
  sl_layout_destroy(rows);
}

/* ---------------------------------------------------------------------------------------------
 * 12. Content shorter than the viewport names the first unit's item
 * ------------------------------------------------------------------------------------------- */

static void test_short_content_item(void) {
  /* Two 100-pt groups in a 390-pt viewport (groupPaging), and three 100-pt rows on an 800-pt
   * screen snapping by item. */
  sl_layout *groups = create_layout(
      "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 2, "
      "\"orthogonalScrollingBehavior\": \"groupPaging\", \"group\": " HGROUP(ABS(100), ABS(100))
      "}]}");
  sl_layout *rows = create_layout(
      "{" CONTAINER(400, 800) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}}, "
      "\"sections\": [{\"itemCount\": 3, \"group\": " HGROUP(FW(1), ABS(100)) "}]}");
  if (!groups || !rows) return;
  struct {
    const sl_layout *layout;
    int32_t container;
  } cases[] = {{groups, 0}, {rows, SL_SCROLL_MAIN}};
  for (size_t i = 0; i < 2; i++) {
    const sl_layout *layout = cases[i].layout;
    int32_t container = cases[i].container;
    CHECK(scroll_info(layout, container).snap_count == 1, "case %zu: one rest position", i);
    sl_snap_result result = resolve(layout, container, make_release(0, 30, 500));
    CHECK(result.target_offset == 0 && result.snap_index == 0 && result.section == 0 &&
              result.item == 0,
          "case %zu: resolve gives %g, rest %" PRId64 ", item (%d, %" PRId64 ")", i,
          result.target_offset, result.snap_index, (int)result.section, result.item);
    sl_snap_position position;
    CHECK_STATUS(sl_layout_get_snap_position(layout, container, 40, &position), SL_OK);
    CHECK(position.index == 0 && position.section == 0 && position.item == 0,
          "case %zu: snap position %" PRId64 ", item (%d, %" PRId64 ")", i, position.index,
          (int)position.section, position.item);
    double offset = -1;
    int64_t snap = -1;
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, container, 0, 1, &offset, &snap), SL_OK);
    CHECK(offset == 0 && snap == 0, "case %zu: item 1 at %g, rest %" PRId64, i, offset, snap);
  }
  sl_layout_destroy(groups);
  sl_layout_destroy(rows);
}

/* ---------------------------------------------------------------------------------------------
 * 13. +0, never -0
 * ------------------------------------------------------------------------------------------- */

#define CHECK_POSITIVE_ZERO(value, what)                                                  \
  do {                                                                                    \
    double zero_ = (value);                                                               \
    CHECK(zero_ == 0 && !signbit(zero_), "%s is %s0", what, signbit(zero_) ? "-" : "+"); \
  } while (0)

static void test_positive_zero(void) {
  /* The main scroll without a contentInset starts at 0 - 0: its bound came out as -0. */
  sl_layout *rows = create_layout(
      "{" CONTAINER(400, 800) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}}, "
      "\"sections\": [{\"itemCount\": 20, \"group\": " HGROUP(FW(1), ABS(100)) "}]}");
  if (!rows) return;
  sl_scroll_info info = scroll_info(rows, SL_SCROLL_MAIN);
  CHECK_POSITIVE_ZERO(info.min_offset, "min_offset");
  CHECK_POSITIVE_ZERO(info.offset, "the initial offset");
  CHECK_POSITIVE_ZERO(info.inset_leading, "inset_leading");
  double offset = -1;
  CHECK_STATUS(sl_layout_get_scroll_offset(rows, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK_POSITIVE_ZERO(offset, "sl_layout_get_scroll_offset");
  double offsets[2];
  size_t count = 0;
  CHECK_STATUS(sl_layout_get_snap_offsets(rows, SL_SCROLL_MAIN, 0, offsets, 1, &count), SL_EBUFS);
  CHECK_POSITIVE_ZERO(offsets[0], "rest offset 0");
  int64_t snap = -1;
  CHECK_STATUS(sl_layout_get_offset_for_item(rows, SL_SCROLL_MAIN, 0, 0, &offset, &snap), SL_OK);
  CHECK_POSITIVE_ZERO(offset, "item 0's offset");
  /* Dragged back past the start and released: the target and the motion's end are +0. */
  sl_snap_result result = resolve(rows, SL_SCROLL_MAIN, make_release(0, -40, -300));
  CHECK_POSITIVE_ZERO(result.target_offset, "the target");
  CHECK_POSITIVE_ZERO(result.motion.target_offset, "the motion's target");
  CHECK_POSITIVE_ZERO(result.release_progress, "the release progress");
  sl_motion_state state;
  CHECK_STATUS(sl_motion_sample(&result.motion, result.motion.duration + 1, &state), SL_OK);
  CHECK_POSITIVE_ZERO(state.offset, "the settled offset");
  CHECK_POSITIVE_ZERO(state.velocity, "the settled velocity");
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(rows, SL_SCROLL_MAIN, -5, &position), SL_OK);
  CHECK_POSITIVE_ZERO(position.progress, "the progress at -5");
  sl_layout_destroy(rows);
}

/* ---------------------------------------------------------------------------------------------
 * 14. The deprecated setter fails as sl_layout_set_scroll_offset does
 * ------------------------------------------------------------------------------------------- */

static void test_setter_statuses(void) {
  static const char json[] =
      "{\"sections\": [{\"itemCount\": 6, \"orthogonalScrollingBehavior\": \"paging\", "
      "\"group\": " HGROUP(FW(0.8), ABS(200)) "}, {\"itemCount\": 3, \"group\": "
      HGROUP(FW(1), ABS(50)) "}]}";
  sl_layout *layout = create_layout(json);
  if (!layout) return;
  /* Before a container size: SL_ESTATE from both. */
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, 0, 10), SL_ESTATE, "layout", NULL);
  CHECK_ERROR(sl_layout_set_section_offset(layout, 0, 10), SL_ESTATE, "layout", NULL);
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  /* A section that does not scroll orthogonally: SL_EINVAL; one that does not exist:
   * SL_ERANGE; a non-finite offset: SL_EINVAL. Each names its own argument. */
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, 1, 10), SL_EINVAL, "container", NULL);
  CHECK_ERROR(sl_layout_set_section_offset(layout, 1, 10), SL_EINVAL, "section", NULL);
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, 2, 10), SL_ERANGE, "container", NULL);
  CHECK_ERROR(sl_layout_set_section_offset(layout, 2, 10), SL_ERANGE, "section", NULL);
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, 0, NAN), SL_EINVAL, "offset", NULL);
  CHECK_ERROR(sl_layout_set_section_offset(layout, 0, NAN), SL_EINVAL, "offset", NULL);
  /* And the same offset. */
  CHECK_STATUS(sl_layout_set_section_offset(layout, 0, 120), SL_OK);
  double offset = -1;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK(offset == 120, "set_section_offset 120, get_scroll_offset %g", offset);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * F5. Cells measured 0 long: rest offsets sorted, each its cell's frame to the last bit
 * ------------------------------------------------------------------------------------------- */

/*
 * Section 0 one 100-pt row; section 1 `count` rows estimated `estimate` pt, snapping by `unit`,
 * at 390 x 300. Rows `first` ... `first + zeros - 1` of section 1 are measured 0 tall.
 */
static sl_layout *zero_rows_layout(const char *unit, double estimate, int count, int first,
                                   int zeros, int horizontal) {
  char json[2048];
  if (horizontal) {
    /* One orthogonal section of `count` cards estimated `estimate` wide. */
    snprintf(json, sizeof json,
             "{" CONTAINER(390, 300) ", \"sections\": [{\"itemCount\": %d, "
             "\"orthogonalScrollingBehavior\": \"continuous\", \"orthogonalScrollingProperties\": "
             "{\"snapUnit\": \"%s\"}, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
             "{\"widthDimension\": {\"estimated\": %.17g}, \"heightDimension\": {\"absolute\": "
             "100}}, \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"estimated\": "
             "%.17g}, \"heightDimension\": {\"fractionalHeight\": 1}}}]}}]}",
             count, unit, estimate, estimate);
  } else {
    snprintf(json, sizeof json,
             "{" CONTAINER(390, 300) ", \"configuration\": {\"scrolling\": {\"snapUnit\": "
             "\"%s\"}}, \"sections\": [{\"itemCount\": 1, \"group\": " HGROUP(FW(1), ABS(100))
             "}, {\"itemCount\": %d, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
             "{\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimension\": "
             "{\"estimated\": %.17g}}, \"subitems\": [{\"layoutSize\": {\"widthDimension\": "
             "{\"fractionalWidth\": 1}, \"heightDimension\": {\"estimated\": %.17g}}}]}}]}",
             unit, count, estimate, estimate);
  }
  sl_layout *layout = create_layout(json);
  if (!layout) return NULL;
  int32_t section = horizontal ? 0 : 1;
  for (int k = first; k < first + zeros; k++) {
    int status = horizontal ? sl_layout_report_item_size(layout, section, k, 0, 100, NULL)
                            : sl_layout_report_item_size(layout, section, k, 390, 0, NULL);
    CHECK(status == SL_OK, "report (%d, %d) 0 long: %d", (int)section, k, status);
  }
  return layout;
}

/*
 * `origin + n · length` summed exactly and rounded once to the nearest double (ties to even):
 * `origin` a whole number of points from 0 to 100 and `length` from 2^-4 to 2^7, so the sum is
 * a whole number of `length`'s last bits below 2^64.
 */
static double exact_start(double origin, int n, double length) {
  int exponent = 0;
  double fraction = frexp(length, &exponent);
  uint64_t significand = (uint64_t)ldexp(fraction, 53); /* length = significand · 2^scale */
  int scale = exponent - 53;
  uint64_t total = (uint64_t)ldexp(origin, -scale) + (uint64_t)n * significand;
  return ldexp((double)total, scale);
}

/*
 * Rest offsets sorted; with `frames`, rest `lead + k` is where row k starts, the exact sum of
 * the rows before it rounded once (docs/SNAPPING.md, "Rest positions": a cell's frame is three
 * roundings, which rows measured 0 long, one number rounded different ways, can put an ulp
 * before the row before them), and the row's frame is within a few ulps of the longest sum.
 */
static void check_zero_rows(const char *unit, double estimate, int first, int zeros,
                            int horizontal, int frames) {
  enum { COUNT = 24 };
  sl_layout *layout = zero_rows_layout(unit, estimate, COUNT, first, zeros, horizontal);
  if (!layout) return;
  int32_t container = horizontal ? 0 : SL_SCROLL_MAIN;
  int32_t section = horizontal ? 0 : 1;
  int lead = horizontal ? 0 : 1;
  double offsets[64];
  size_t n = snap_offsets(layout, container, offsets, 64);
  for (size_t i = 1; i < n; i++) {
    CHECK(offsets[i] >= offsets[i - 1],
          "%s %s, %g pt, rows %d..%d 0 long: rest %zu %.17g before rest %zu %.17g",
          horizontal ? "orthogonal" : "main", unit, estimate, first, first + zeros - 1, i,
          offsets[i], i - 1, offsets[i - 1]);
  }
  double starts[COUNT];
  for (int k = 0; k < COUNT; k++) {
    sl_rect frame;
    CHECK_STATUS(sl_layout_get_item_frame(layout, section, k, &frame), SL_OK);
    starts[k] = horizontal ? frame.x : frame.y;
  }
  /* Where the bounds do not clamp or merge them (5 % of 300 from the end), rest lead + k is
   * row k's exact start. */
  sl_scroll_info info = scroll_info(layout, container);
  double origin = horizontal ? 0 : 100;
  int measured = 0; /* rows before k not measured 0 long */
  for (int k = 0; frames && k < COUNT && (size_t)(lead + k) < n; k++) {
    if (k > 0 && !(k - 1 >= first && k - 1 < first + zeros)) measured++;
    if (starts[k] > info.max_offset - 16) break;
    double exact = exact_start(origin, measured, estimate);
    CHECK(offsets[lead + k] == exact && fabs(starts[k] - exact) <= 1e-15 * (origin + COUNT * estimate),
          "%s %s, %g pt, rows %d..%d 0 long: rest %d %.17g, item %d starts at %.17g (exactly "
          "%.17g)",
          horizontal ? "orthogonal" : "main", unit, estimate, first, first + zeros - 1,
          lead + k, offsets[lead + k], k, starts[k], exact);
  }
  sl_layout_destroy(layout);
}

static void test_zero_rows_sorted(void) {
  /* The review's case: rows (1,1) and (1,2) 0 tall after a 100-pt row and a 33.3-pt one.
   * Rows 1, 2 and 3 start at 133.3 (133.30000000000001): rest offsets 2, 3 and 4 were 133.3,
   * 133.29999999999998 and 133.3 — out of order, and two of them 1 ulp off their rows. */
  sl_layout *layout = zero_rows_layout("group", 33.3, 40, 1, 2, 0);
  if (layout) {
    double offsets[64];
    size_t n = snap_offsets(layout, SL_SCROLL_MAIN, offsets, 64);
    CHECK(n >= 8, "rest offsets: %zu", n);
    for (int i = 1; i < 6; i++) {
      sl_rect frame;
      CHECK_STATUS(sl_layout_get_item_frame(layout, 1, i - 1, &frame), SL_OK);
      CHECK(offsets[i] == frame.y, "rest %d %.17g, row (1, %d) at %.17g", i, offsets[i], i - 1,
            frame.y);
      CHECK(offsets[i] >= offsets[i - 1], "rest %d %.17g before rest %d %.17g", i, offsets[i],
            i - 1, offsets[i - 1]);
    }
    CHECK(offsets[2] == 133.3 && offsets[3] == 133.3 && offsets[4] == 133.3,
          "rests 2..4 at 133.3: %.17g %.17g %.17g", offsets[2], offsets[3], offsets[4]);
    /* Jumping to rest 2 selects rest 2 (it had selected 4). */
    CHECK_STATUS(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, 2), SL_OK);
    int64_t selected = -1;
    CHECK_STATUS(sl_layout_get_selected_snap(layout, SL_SCROLL_MAIN, NULL, 0, &selected), SL_OK);
    CHECK(selected == 2, "jump_to_snap(2) then selected %" PRId64, selected);
    sl_layout_destroy(layout);
  }
  /* Strides whose multiples round unevenly, runs of 1 to 5 rows 0 long, by group and by item,
   * in the main scroll and an orthogonal section. */
  const double estimates[] = {33.3, 84.8, 93.338, 43.4, 33.092, 17.1, 0.1, 1.0 / 3};
  for (size_t e = 0; e < sizeof estimates / sizeof estimates[0]; e++) {
    for (int zeros = 1; zeros <= 5; zeros++) {
      for (int first = 0; first <= 3; first++) {
        check_zero_rows("group", estimates[e], first, zeros, 0, 1);
        check_zero_rows("item", estimates[e], first, zeros, 0, 1);
        /* Cards 0 wide at the start collapse on the start bound (trimSnaps keeps the last). */
        check_zero_rows("group", estimates[e], first, zeros, 1, first > 0);
        check_zero_rows("item", estimates[e], first, zeros, 1, first > 0);
      }
    }
  }
}

/*
 * A flow of full-width items estimated `estimate` tall below a 100-pt inset, items `first` ...
 * `first + zeros - 1` measured 0 tall, lines `spacing` apart, aligned `align`: rest offsets
 * sorted, and at the start each line rests at its items' frame, bit for bit.
 */
static void check_flow_zero_lines(double estimate, int first, int zeros, const char *align,
                                  double spacing) {
  enum { COUNT = 30 };
  char json[1024];
  snprintf(json, sizeof json,
           "{" CONTAINER(390, 300) ", \"configuration\": {\"scrolling\": {\"snapUnit\": "
           "\"item\", \"alignment\": \"%s\"}}, \"flowLayout\": {\"estimatedItemSize\": "
           "{\"width\": 390, \"height\": %.17g}, \"minimumLineSpacing\": %.17g, \"sectionInset\": "
           "{\"top\": 100}}, \"sections\": [{\"itemCount\": %d}]}",
           align, estimate, spacing, COUNT);
  sl_layout *layout = create_layout(json);
  if (!layout) return;
  for (int k = first; k < first + zeros; k++) {
    CHECK_STATUS(sl_layout_report_item_size(layout, 0, k, 390, 0, NULL), SL_OK);
  }
  double offsets[64];
  size_t n = snap_offsets(layout, SL_SCROLL_MAIN, offsets, 64);
  for (size_t i = 1; i < n; i++) {
    CHECK(offsets[i] >= offsets[i - 1],
          "flow, %g pt, %g apart, %s, items %d..%d 0 tall: rest %zu %.17g before rest %zu %.17g",
          estimate, spacing, align, first, first + zeros - 1, i, offsets[i], i - 1,
          offsets[i - 1]);
  }
  sl_scroll_info info = scroll_info(layout, SL_SCROLL_MAIN);
  for (int k = 0; strcmp(align, "start") == 0 && k < COUNT && (size_t)k < n; k++) {
    sl_rect frame;
    CHECK_STATUS(sl_layout_get_item_frame(layout, 0, k, &frame), SL_OK);
    if (frame.y < 16 || frame.y > info.max_offset - 16) continue; /* merged with a bound */
    double offset = -1;
    int64_t snap = -1;
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, k, &offset, &snap),
                 SL_OK);
    CHECK(offset == frame.y, "flow, %g pt, items %d..%d 0 tall: item %d rests at %.17g, at %.17g",
          estimate, first, first + zeros - 1, k, offset, frame.y);
  }
  sl_layout_destroy(layout);
}

static void test_flow_zero_lines(void) {
  /* Aligned at the end, a line's end and the next line's start are one number rounded two
   * ways: 84.8-pt lines rested at 54.400000000000034, the 0-tall line after them at
   * 54.399999999999977. */
  const double estimates[] = {33.3, 84.8, 93.338, 43.4, 33.092, 17.1, 1.0 / 3, 7.77};
  const char *aligns[] = {"start", "center", "end"};
  for (size_t e = 0; e < sizeof estimates / sizeof estimates[0]; e++) {
    for (size_t a = 0; a < 3; a++) {
      for (int zeros = 1; zeros <= 5; zeros++) {
        for (int first = 0; first <= 3; first++) {
          check_flow_zero_lines(estimates[e], first, zeros, aligns[a], 0);
          check_flow_zero_lines(estimates[e], first, zeros, aligns[a], 0.1);
        }
      }
    }
  }
}

/* ---------------------------------------------------------------------------------------------
 * F6. Positions that share an offset: the lowest index, or the one jumped to
 * ------------------------------------------------------------------------------------------- */

static void test_shared_offsets(void) {
  /* 30-pt rows, (1,1) and (1,2) 0 tall: rows 1, 2 and 3 start at 130 exactly, rest positions
   * 2, 3 and 4. */
  sl_layout *layout = zero_rows_layout("group", 30, 40, 1, 2, 0);
  if (!layout) return;
  double offsets[64];
  size_t n = snap_offsets(layout, SL_SCROLL_MAIN, offsets, 64);
  CHECK(n >= 6 && offsets[1] == 100 && offsets[2] == 130 && offsets[3] == 130 &&
            offsets[4] == 130 && offsets[5] == 160,
        "rests 100 130 130 130 160: %g %g %g %g %g", offsets[1], offsets[2], offsets[3],
        offsets[4], offsets[5]);
  /* The nearest rest position, ties to the lower: 2 at and around 130. */
  const double at[] = {130, 130.25, 129.75, 144.9};
  for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
    sl_snap_position position;
    CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, at[i], &position), SL_OK);
    CHECK(position.index == 2 && position.item == 1,
          "snap position at %g: index %" PRId64 " item %" PRId64 ", expected 2 and 1", at[i],
          position.index, position.item);
    /* Exactly on the shared offset the progress is that index too (it was 4, the last). */
    CHECK(at[i] != 130 || position.progress == 2, "progress at 130: %g", position.progress);
  }
  /* A release coming to rest there, and an item's offset, name position 2 too. */
  double offset = -1;
  int64_t snap = -1;
  CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 1, 1, &offset, &snap), SL_OK);
  CHECK(offset == 130 && snap == 2, "offset for item (1,1): %g snap %" PRId64, offset, snap);
  sl_snap_result result = resolve(layout, SL_SCROLL_MAIN, make_release(130, 130, 0));
  CHECK(result.snap_index == 2 && result.target_offset == 130,
        "release at 130: snap %" PRId64 " target %g", result.snap_index, result.target_offset);
  /* Jumping to any of them selects it while the offset stays there (the lowest otherwise);
   * "next" from there goes on to the next position, not back to the same offset. */
  for (int64_t k = 1; k <= 5; k++) {
    CHECK_STATUS(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, k), SL_OK);
    int64_t selected = -1;
    CHECK_STATUS(sl_layout_get_selected_snap(layout, SL_SCROLL_MAIN, NULL, 0, &selected), SL_OK);
    CHECK(selected == k, "jump_to_snap(%" PRId64 ") then selected %" PRId64, k, selected);
    sl_snap_result next;
    memset(&next, 0, sizeof next);
    CHECK_STATUS(
        sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0, &next), SL_OK);
    CHECK(next.reference_snap == k && next.snap_index == k + 1,
          "next after jump_to_snap(%" PRId64 "): from %" PRId64 " to %" PRId64, k,
          next.reference_snap, next.snap_index);
  }
  /* The host moving the container elsewhere and back forgets the choice: the lowest again. */
  CHECK_STATUS(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, 4), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 200), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 130), SL_OK);
  int64_t selected = -1;
  CHECK_STATUS(sl_layout_get_selected_snap(layout, SL_SCROLL_MAIN, NULL, 0, &selected), SL_OK);
  CHECK(selected == 2, "moved away and back: selected %" PRId64, selected);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * Bounds a unit reaches within a point, and a bound beside a long item's range (review 3)
 * ------------------------------------------------------------------------------------------- */

/* Bounds closer than two merge distances: a unit within a point of a bound rests on it, so the
 * bound stays a rest position (six 100-pt rows, 1-pt bottom inset, 580 pt, aligned at the end:
 * the bounds are [0, 21], and the last row rested at 20 with 21 no rest position at all). */
static void test_bound_within_a_point(void) {
  const char *containments[] = {"keepSnaps", "trimSnaps"};
  for (int c = 0; c < 2; c++) {
    char scrolling[128];
    snprintf(scrolling, sizeof scrolling,
             "\"snapUnit\": \"item\", \"containment\": \"%s\", \"alignment\": \"end\"",
             containments[c]);
    sl_layout *layout =
        snapping_rows(300, 580, scrolling, 6, ", \"contentInsets\": {\"bottom\": 1}", 100);
    if (!layout) return;
    sl_scroll_info info = scroll_info(layout, SL_SCROLL_MAIN);
    double offsets[16];
    size_t n = snap_offsets(layout, SL_SCROLL_MAIN, offsets, 16);
    CHECK(info.min_offset == 0 && info.max_offset == 21 && n >= 2 && offsets[0] == 0 &&
              offsets[n - 1] == 21,
          "%s: bounds [%g, %g], rest offsets %g ... %g", containments[c], info.min_offset,
          info.max_offset, n ? offsets[0] : NAN, n ? offsets[n - 1] : NAN);
    sl_snap_result at_end =
        resolve(layout, SL_SCROLL_MAIN, make_release(info.max_offset, info.max_offset, 0));
    CHECK(at_end.target_offset == 21, "%s: at rest at the end bound, a release goes to %g",
          containments[c], at_end.target_offset);
    sl_layout_destroy(layout);
  }
  /* Ten 1-pt groups centred in 400 pt: the bounds -199.5 and -190.5 are rest positions, and
   * the container starts on one (a tap does not move it). */
  sl_layout *layout = create_layout(
      "{" CONTAINER(400, 300) ", \"sections\": [{\"itemCount\": 10, \"group\": "
      HGROUP(ABS(1), ABS(50)) ", \"orthogonalScrollingBehavior\": \"groupPagingCentered\"}]}");
  if (!layout) return;
  sl_scroll_info info = scroll_info(layout, 0);
  double offsets[16];
  size_t n = snap_offsets(layout, 0, offsets, 16);
  CHECK(n >= 2 && offsets[0] == info.min_offset && offsets[n - 1] == info.max_offset,
        "tiny centred groups: bounds [%g, %g], rest offsets %g ... %g", info.min_offset,
        info.max_offset, n ? offsets[0] : NAN, n ? offsets[n - 1] : NAN);
  sl_snap_result tap = resolve(layout, 0, make_release(info.offset, info.offset, 0));
  CHECK(tap.target_offset == info.offset, "a tap at %g goes to %g", info.offset,
        tap.target_offset);
  sl_layout_destroy(layout);
}

/* keepSnaps, end-aligned items longer than the snapport (two per page): position 0 is the start
 * bound, and position 1's range reaches back over it. Exactly at 0 the container rests on
 * position 0 (it named 1, and NEXT after jumping to 0 reported "at the end"). */
static void test_bound_beside_a_range(void) {
  sl_layout *layout = create_layout(
      "{" CONTAINER(498, 363) ", \"sections\": [{\"itemCount\": 12, \"interGroupSpacing\": 5, "
      "\"contentInsets\": {\"leading\": 7}, \"group\": {\"group\": \"horizontal\", "
      "\"layoutSize\": " SIZE(FW(0.6), ABS(83)) ", \"subitem\": {\"layoutSize\": "
      SIZE(FW(1), FH(1)) "}, \"count\": 2}, \"orthogonalScrollingBehavior\": \"groupPaging\", "
      "\"orthogonalScrollingProperties\": {\"snapUnit\": \"item\", \"containment\": "
      "\"keepSnaps\", \"alignment\": \"end\", \"groupsPerPage\": 2}}]}");
  if (!layout) return;
  double offsets[16];
  size_t n = snap_offsets(layout, 0, offsets, 16);
  double low = NAN, high = NAN;
  CHECK_STATUS(sl_layout_get_snap_range(layout, 0, 1, &low, &high), SL_OK);
  CHECK(n >= 4 && offsets[0] == 0 && low <= 0 && high > 0,
        "position 0 at %g, position 1's range [%g, %g]", n ? offsets[0] : NAN, low, high);
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(layout, 0, 0, &position), SL_OK);
  CHECK(position.index == 0, "snap position at 0: %" PRId64, position.index);
  CHECK_STATUS(sl_layout_jump_to_snap(layout, 0, 0), SL_OK);
  sl_snap_result next;
  memset(&next, 0, sizeof next);
  CHECK_STATUS(sl_layout_navigate(layout, 0, SL_NAVIGATE_NEXT, 1, NULL, 0, &next), SL_OK);
  CHECK(next.reference_snap == 0 && next.snap_index == 1,
        "NEXT from position 0: from %" PRId64 " to %" PRId64, next.reference_snap,
        next.snap_index);
  sl_snap_result tap = resolve(layout, 0, make_release(0, 0, 0));
  CHECK(tap.snap_index == 0 && tap.target_offset == 0, "a tap at 0: snap %" PRId64 " at %g",
        tap.snap_index, tap.target_offset);
  sl_layout_destroy(layout);
}

/* keepSnaps, rows centred: rows 0 and 1 rest on the start bound and rows 8 and 9 on the end
 * bound. A host that presses NEXT and runs the motion it returns (no jump) leaves the start
 * (it stayed on offset 0 for ever when NEXT counted from position 0, the selected one) and at
 * the end gets snap_index == reference_snap, the documented cue to wrap (review 5). */
static void test_next_leaves_a_shared_offset(void) {
  sl_layout *layout = create_layout(
      "{" CONTAINER(400, 300) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", "
      "\"containment\": \"keepSnaps\", \"alignment\": \"center\"}}, \"sections\": "
      "[{\"itemCount\": 10, \"group\": " HGROUP(FW(1), ABS(100)) "}]}");
  if (!layout) return;
  double offsets[16];
  size_t n = snap_offsets(layout, SL_SCROLL_MAIN, offsets, 16);
  CHECK(n == 10 && offsets[0] == 0 && offsets[1] == 0 && offsets[8] == 700 && offsets[9] == 700,
        "rest offsets: %zu, %g %g ... %g %g", n, offsets[0], offsets[1], offsets[8], offsets[9]);
  double at = 0;
  for (int press = 0; press < 12; press++) {
    sl_snap_result next;
    memset(&next, 0, sizeof next);
    CHECK_STATUS(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0, &next),
                 SL_OK);
    if (next.snap_index == next.reference_snap) {
      CHECK(at == 700 && press == 7, "the end reached at press %d, offset %g", press, at);
      break;
    }
    CHECK(next.target_offset > at, "press %d: NEXT from %g goes to %g", press, at,
          next.target_offset);
    at = next.target_offset;
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, at), SL_OK);
  }
  sl_layout_destroy(layout);
}

/* Row 1 measured 0 tall and row 2 900 tall (600-pt viewport): positions 1 and 2 share offset
 * 300 and position 2 covers [300, 600]. At 300 every query names position 1, the first (the
 * snap position named 2 while a release named 1; review 5). */
static void test_shared_offset_beside_a_range(void) {
  sl_layout *layout = create_layout(
      "{" CONTAINER(400, 600) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", "
      "\"containment\": \"none\"}}, \"sections\": [{\"itemCount\": 20, \"group\": "
      "{\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), "{\"estimated\": 300}")
      ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), "{\"estimated\": 300}") "}]}}]}");
  if (!layout) return;
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 1, 400, 0, NULL), SL_OK);
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 2, 400, 900, NULL), SL_OK);
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, 300, &position), SL_OK);
  CHECK(position.index == 1 && position.progress == 1, "snap position at 300: %" PRId64 " (%g)",
        position.index, position.progress);
  sl_snap_result release = resolve(layout, SL_SCROLL_MAIN, make_release(300, 300, 0));
  CHECK(release.snap_index == 1, "release at 300: %" PRId64, release.snap_index);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 300), SL_OK);
  int64_t selected = -1;
  CHECK_STATUS(sl_layout_get_selected_snap(layout, SL_SCROLL_MAIN, NULL, 0, &selected), SL_OK);
  CHECK(selected == 1, "selected at 300: %" PRId64, selected);
  sl_layout_destroy(layout);
}

/* Containment none with units longer than the snapport at both ends: four 900-pt rows (20-pt top
 * inset, 10 apart) on a 600-pt screen. Each covers a range of 300 (row k from 20 + 910·k), and
 * the bounds are the far edges of the first and last ranges, [20, 3050], in every alignment:
 * the last row can be read to its end, and every range, release and step lies within the bounds
 * (the bounds were the first and last positions' own offsets, [170, 2900] centred, and PREVIOUS
 * from 170 stepped to 20, outside them; review 5). */
static void test_none_with_long_ends(void) {
  const char *alignments[] = {"start", "center", "end"};
  for (int a = 0; a < 3; a++) {
    char scrolling[128];
    snprintf(scrolling, sizeof scrolling,
             "\"snapUnit\": \"item\", \"containment\": \"none\", \"alignment\": \"%s\"",
             alignments[a]);
    sl_layout *layout = snapping_rows(
        400, 600, scrolling, 4,
        ", \"interGroupSpacing\": 10, \"contentInsets\": {\"top\": 20, \"bottom\": 30}", 900);
    if (!layout) return;
    sl_scroll_info info = scroll_info(layout, SL_SCROLL_MAIN);
    CHECK(info.min_offset == 20 && info.max_offset == 3050 && info.offset == 20,
          "%s: bounds [%g, %g], at %g", alignments[a], info.min_offset, info.max_offset,
          info.offset);
    for (int64_t k = 0; k < 4; k++) {
      double low = NAN, high = NAN;
      CHECK_STATUS(sl_layout_get_snap_range(layout, SL_SCROLL_MAIN, k, &low, &high), SL_OK);
      CHECK(low == 20 + 910 * (double)k && high == low + 300, "%s: range %" PRId64 " [%g, %g]",
            alignments[a], k, low, high);
    }
    /* At rest inside the last row a release stays; a fling forward stops at the end. */
    sl_snap_result inside = resolve(layout, SL_SCROLL_MAIN, make_release(2900, 2900, 0));
    CHECK(inside.target_offset == 2900, "%s: release at 2900 goes to %g", alignments[a],
          inside.target_offset);
    sl_snap_result fling = resolve(layout, SL_SCROLL_MAIN, make_release(2900, 2900, 5000));
    CHECK(fling.target_offset == 3050, "%s: fling from 2900 goes to %g", alignments[a],
          fling.target_offset);
    /* Flings out from either bound stay on it (from the start bound, below the first rest
     * offset when centred, a fling back looked up rest position -1 and trapped). */
    sl_snap_result back = resolve(layout, SL_SCROLL_MAIN, make_release(20, 20, -5000));
    sl_snap_result on = resolve(layout, SL_SCROLL_MAIN, make_release(3050, 3050, 5000));
    CHECK(back.target_offset == 20 && back.snap_index == 0 && on.target_offset == 3050 &&
              on.snap_index == 3,
          "%s: flings out of the bounds go to %g (%" PRId64 ") and %g (%" PRId64 ")",
          alignments[a], back.target_offset, back.snap_index, on.target_offset, on.snap_index);
    for (double x = info.min_offset; x <= info.max_offset; x += 25) {
      CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, x), SL_OK);
      for (int32_t action = SL_NAVIGATE_NEXT; action <= SL_NAVIGATE_PREVIOUS; action++) {
        sl_snap_result step;
        memset(&step, 0, sizeof step);
        CHECK_STATUS(sl_layout_navigate(layout, SL_SCROLL_MAIN, action, 1, NULL, 0, &step),
                     SL_OK);
        CHECK(step.target_offset >= 20 && step.target_offset <= 3050,
              "%s: navigate %d from %g goes to %g", alignments[a], (int)action, x,
              step.target_offset);
      }
    }
    sl_layout_destroy(layout);
  }
}

/* Snapping by pages, the offset for an item is a page, and a release there stays: the page
 * that holds the item's start, or the next when it shows more of the item. 130-pt rows on
 * 600-pt pages: row 3 (390 ... 520) on page 0 (it answered 390, where a release went on to
 * page 1 at 600, which does not show row 3 at all; review 5), row 9 (1170 ... 1300) on page 2.
 * The same with 250-pt pages (the last page is the end bound, 3300) and in a loop (page k at
 * 600·k in any lap of 3900, the item's copy nearest the container). */
static void test_offset_for_item_by_pages(void) {
  const char *scrolling[] = {"\"snapUnit\": \"page\"",
                             "\"snapUnit\": \"page\", \"pageLength\": 250",
                             "\"snapUnit\": \"page\", \"loop\": true"};
  const double page[] = {600, 250, 600};
  for (int c = 0; c < 3; c++) {
    sl_layout *layout = snapping_rows(400, 600, scrolling[c], 30, "", 130);
    if (!layout) return;
    sl_scroll_info info = scroll_info(layout, SL_SCROLL_MAIN);
    for (int64_t item = 0; item < 30; item++) {
      double offset = NAN;
      int64_t snap = -2;
      CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, item, &offset, &snap),
                   SL_OK);
      double start = 130 * (double)item;
      if (c == 2) {
        /* The loop (period 3900): the item's copy in the lap nearest offset 0. */
        double laps = (offset - start) / 3900;
        start += (double)(int64_t)(laps < 0 ? laps - 0.5 : laps + 0.5) * 3900;
      }
      /* The last page at or before the start (k · page, or the end bound 3300), or the next
       * when it shows more of the row. */
      double lap = c == 2 ? (double)(int64_t)((start + 3900 * 4) / 3900) * 3900 - 3900 * 4 : 0;
      double expected = lap + (double)(int64_t)((start - lap) / page[c]) * page[c];
      double next = expected + page[c];
      if (c != 2 && start >= info.max_offset) expected = info.max_offset;
      if (c != 2 && next > info.max_offset) next = info.max_offset;
      if (c == 2 && next > lap + 3600) next = lap + 3900; /* the lap's last page is 3600 */
      double shown = (start + 130 < expected + 600 ? start + 130 : expected + 600) -
                     (start > expected ? start : expected);
      double shown_next = (start + 130 < next + 600 ? start + 130 : next + 600) -
                          (start > next ? start : next);
      if (next != expected && shown_next > shown) {
        expected = next;
      }
      CHECK(offset == expected,
            "pages %d: item %" PRId64 " at %g: offset %g, expected %g", c, item, start, offset,
            expected);
      sl_snap_result there = resolve(layout, SL_SCROLL_MAIN, make_release(offset, offset, 0));
      CHECK(there.target_offset == offset && there.snap_index == snap,
            "pages %d: item %" PRId64 ": offset %g (page %" PRId64 "), a release there goes "
            "to %g (page %" PRId64 ")", c, item, offset, snap, there.target_offset,
            there.snap_index);
    }
    sl_layout_destroy(layout);
  }
}

/* Posts taller than the screen with the default containment: four 900-pt rows, 10 apart, on a
 * 600-pt screen. Centred, the start bound 0 is a rest position of its own and row 0's range
 * [0, 300] begins there; aligned at the start, the end bound 3030 is one and row 3's range
 * [2730, 3030] ends there. NEXT from the start and PREVIOUS from the end step into the range
 * and on, every press, to the other end (they returned the offset they started from for ever:
 * review 6). At 3030 a tap and a fling name one position, the first there (row 3). */
static void test_navigate_past_a_bound_beside_a_range(void) {
  const char *alignments[] = {"center", "start"};
  for (int a = 0; a < 2; a++) {
    char scrolling[96];
    snprintf(scrolling, sizeof scrolling, "\"snapUnit\": \"item\", \"alignment\": \"%s\"",
             alignments[a]);
    sl_layout *layout = snapping_rows(400, 600, scrolling, 4, ", \"interGroupSpacing\": 10", 900);
    if (!layout) return;
    sl_scroll_info info = scroll_info(layout, SL_SCROLL_MAIN);
    CHECK(info.min_offset == 0 && info.max_offset == 3030, "%s: bounds [%g, %g]", alignments[a],
          info.min_offset, info.max_offset);
    for (int32_t action = SL_NAVIGATE_NEXT; action <= SL_NAVIGATE_PREVIOUS; action++) {
      int forward = action == SL_NAVIGATE_NEXT;
      double at = forward ? info.min_offset : info.max_offset;
      CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, at), SL_OK);
      int press = 0;
      for (; press < 16; press++) {
        sl_snap_result step;
        memset(&step, 0, sizeof step);
        CHECK_STATUS(sl_layout_navigate(layout, SL_SCROLL_MAIN, action, 1, NULL, 0, &step),
                     SL_OK);
        if (step.snap_index == step.reference_snap && step.target_offset == at) break;
        CHECK(forward ? step.target_offset > at : step.target_offset < at,
              "%s: %s press %d from %g goes to %g (%" PRId64 " to %" PRId64 ")", alignments[a],
              forward ? "NEXT" : "PREVIOUS", press, at, step.target_offset, step.reference_snap,
              step.snap_index);
        if (step.target_offset == at) break;
        at = step.target_offset;
        CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, at), SL_OK);
      }
      CHECK(at == (forward ? info.max_offset : info.min_offset) && press < 16,
            "%s: %s ended at %g after %d presses", alignments[a], forward ? "NEXT" : "PREVIOUS",
            at, press);
    }
    if (a == 0) {
      /* Centred, at the start bound: the bound, position 0, first (a fling back from inside
       * row 0's range named row 0 while a tap named the bound). */
      sl_snap_result fling = resolve(layout, SL_SCROLL_MAIN, make_release(200, 200, -3000));
      sl_snap_result tap = resolve(layout, SL_SCROLL_MAIN, make_release(0, 0, 0));
      CHECK(fling.target_offset == 0 && fling.snap_index == 0 && tap.snap_index == 0,
            "at 0: fling %g (%" PRId64 "), tap %" PRId64, fling.target_offset, fling.snap_index,
            tap.snap_index);
    }
    if (a == 1) {
      sl_snap_result fling = resolve(layout, SL_SCROLL_MAIN, make_release(2800, 2800, 3000));
      sl_snap_result tap = resolve(layout, SL_SCROLL_MAIN, make_release(3030, 3030, 0));
      sl_snap_position position;
      CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, 3030, &position), SL_OK);
      CHECK(fling.target_offset == 3030 && fling.snap_index == 3 && tap.snap_index == 3 &&
                position.index == 3,
            "at 3030: fling %g (%" PRId64 "), tap %" PRId64 ", position %" PRId64,
            fling.target_offset, fling.snap_index, tap.snap_index, position.index);
    }
    sl_layout_destroy(layout);
  }
}

/*
 * The containScroll cases of docs/SNAPPING.md ("Against Embla Carousel's own expectations"): ten slides 100, 200, 150, 250, 130, 100, 200, 150, 250 and 130
 * wide in a 1000 x 190 viewport, as a horizontal flow of one slide a column, item units.
 */
#define EMBLA_JSON(scrolling, spacing, inset)                                                     \
  "{" CONTAINER(1000, 190) ", \"configuration\": {\"scrollDirection\": \"horizontal\", "         \
  "\"scrolling\": {\"snapUnit\": \"item\", " scrolling "}}, \"flowLayout\": "                    \
  "{\"scrollDirection\": \"horizontal\", \"minimumLineSpacing\": " #spacing ", "                  \
  "\"minimumInteritemSpacing\": 0, "                                                             \
  "\"sectionInset\": {\"top\": 0, \"left\": " #inset ", \"bottom\": 0, \"right\": " #inset "}}, "  \
  "\"sections\": [{\"itemCount\": 10, \"itemSizes\": [" EMBLA_SLIDES "]}]}"
#define EMBLA_SLIDE(w) "{\"width\": " #w ", \"height\": 190}"
#define EMBLA_SLIDES                                                                              \
  EMBLA_SLIDE(100) "," EMBLA_SLIDE(200) "," EMBLA_SLIDE(150) "," EMBLA_SLIDE(250) ","             \
  EMBLA_SLIDE(130) "," EMBLA_SLIDE(100) "," EMBLA_SLIDE(200) "," EMBLA_SLIDE(150) ","             \
  EMBLA_SLIDE(250) "," EMBLA_SLIDE(130)

static void check_embla(const char *json, const double *expected, size_t count, const char *what) {
  sl_layout *layout = create_layout(json);
  if (!layout) return;
  double offsets[16];
  size_t written = 0;
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, offsets, 16, &written), SL_OK);
  CHECK(written == count, "%s: %zu rest positions, expected %zu", what, written, count);
  for (size_t i = 0; i < written && i < count; i++)
    CHECK(offsets[i] == expected[i], "%s: position %zu at %.17g, expected %g", what, i, offsets[i],
          expected[i]);
  sl_layout_destroy(layout);
}

static void test_embla_contain_scroll(void) {
  /* Embla's expectations, as offsets (Embla's locations negated): content 1660, bound 660. */
  const double start[] = {0, 100, 300, 450, 660};
  const double center[] = {0, 75, 265, 380, 530, 660};
  const double end[] = {0, 130, 280, 530, 660};
  check_embla(EMBLA_JSON("\"alignment\": \"start\"", 0, 0), start, 5, "trimSnaps, start");
  check_embla(EMBLA_JSON("\"alignment\": \"center\"", 0, 0), center, 6, "trimSnaps, center");
  check_embla(EMBLA_JSON("\"alignment\": \"end\"", 0, 0), end, 5, "trimSnaps, end");
  const double kept_start[] = {0, 100, 300, 450, 660, 660, 660, 660, 660, 660};
  const double kept_center[] = {0, 0, 0, 75, 265, 380, 530, 660, 660, 660};
  const double kept_end[] = {0, 0, 0, 0, 0, 0, 130, 280, 530, 660};
  check_embla(EMBLA_JSON("\"alignment\": \"start\", \"containment\": \"keepSnaps\"", 0, 0),
              kept_start, 10, "keepSnaps, start");
  check_embla(EMBLA_JSON("\"alignment\": \"center\", \"containment\": \"keepSnaps\"", 0, 0),
              kept_center, 10, "keepSnaps, center");
  check_embla(EMBLA_JSON("\"alignment\": \"end\", \"containment\": \"keepSnaps\"", 0, 0), kept_end,
              10, "keepSnaps, end");
  /* Slides 20 apart after 10-pt insets (Embla's 10-pt margins): content 1860, bound 860. Embla
   * expects 0, 130, 350, 520, 790, 860 at the start, which the default merge distance (50 pt)
   * gives; centred it expects 0, 145, 355, 490, 660, 855, 860, which mergeDistance 1 gives (the
   * default takes 855 onto the bound); at the end 0, 40, 260, 430, 700, 860, where the default
   * takes 40 onto 0 and mergeDistance 1 keeps the last slide's own 850 beside the bound. */
  const double spaced_start[] = {0, 130, 350, 520, 790, 860};
  check_embla(EMBLA_JSON("\"alignment\": \"start\"", 20, 10), spaced_start, 6, "spaced, start");
  const double spaced_center[] = {0, 145, 355, 490, 660, 855, 860};
  check_embla(EMBLA_JSON("\"alignment\": \"center\", \"mergeDistance\": 1", 20, 10), spaced_center,
              7, "spaced, center, merge 1");
  const double merged_center[] = {0, 145, 355, 490, 660, 860};
  check_embla(EMBLA_JSON("\"alignment\": \"center\"", 20, 10), merged_center, 6,
              "spaced, center, default merge");
  const double merged_end[] = {0, 260, 430, 700, 860};
  check_embla(EMBLA_JSON("\"alignment\": \"end\"", 20, 10), merged_end, 5,
              "spaced, end, default merge");
  const double kept_own_end[] = {0, 40, 260, 430, 700, 850, 860};
  check_embla(EMBLA_JSON("\"alignment\": \"end\", \"mergeDistance\": 1", 20, 10), kept_own_end, 7,
              "spaced, end, merge 1");
}

int main(void) {
  test_slow_release();
  test_containment_bounds();
  test_merge_distance();
  test_no_reference();
  test_short_content_item();
  test_positive_zero();
  test_setter_statuses();
  test_zero_rows_sorted();
  test_flow_zero_lines();
  test_shared_offsets();
  test_bound_within_a_point();
  test_bound_beside_a_range();
  test_next_leaves_a_shared_offset();
  test_shared_offset_beside_a_range();
  test_none_with_long_ends();
  test_offset_for_item_by_pages();
  test_navigate_past_a_bound_beside_a_range();
  test_embla_contain_scroll();
  return test_finish("test_rest_positions");
}
