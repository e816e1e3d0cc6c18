/*
 * test_resnap.c — re-snapping through layout changes (docs/SNAPPING.md, "Through layout
 * changes"; include/snaplayout.h, since 0.2), through the shipped libsnaplayout.so:
 *
 *  1. a container at rest on a card stays on that card's rest position after every change
 *     call: container size, measured sizes (one, flow sizes in chunks, boundary items), item
 *     inserts, deletes, moves
 *     and counts, section inserts, deletes, moves and replacements; a deleted card hands over
 *     to the nearest rest position; an offset between rest positions is not re-snapped;
 *  2. the report's adjustment is the move; a resize A -> B -> A gives the offset back, also
 *     where cards merge at a bound in B;
 *  3. an orthogonal carousel and a loop (the copy nearest where it was);
 *  4. a motion in flight keeps its target card through a resize: sl_layout_retarget_motion
 *     continues from the offset and velocity without a jump;
 *  5. a visible-items handler is called once by the query after a change;
 *  6. bad arguments: statuses, paths, untouched outputs, refusals inside a handler;
 *  7. a re-snap keeps the anchoring run: the next change anchors by the item it followed.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>

#include "test_support.h"

/* Cards of 300 x 200, 10 apart, centred in the main scroll (snapUnit item): card k rests at
 * 310k + 150 - width / 2 (clamped at the bounds by trimSnaps). */
#define CARDS(count, extra)                                                                   \
  "{" CONTAINER(390, 400) ", \"configuration\": {\"scrollDirection\": \"horizontal\", "      \
  "\"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"center\"" extra "}}, "            \
  "\"sections\": [{\"itemCount\": " #count ", \"interGroupSpacing\": 10, \"group\": "         \
  HGROUP(ABS(300), ABS(200)) "}, {\"itemCount\": " #count ", \"interGroupSpacing\": 10, "     \
  "\"group\": " HGROUP(ABS(300), ABS(200)) "}]}"

static const char CARDS_JSON[] = CARDS(10, "");
static const char LOOP_JSON[] = CARDS(10, ", \"loop\": true");

/* A list of self-sizing rows (estimated 100) that snaps row by row at the top. */
static const char ROWS_JSON[] =
    "{" CONTAINER(390, 400) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}}, "
    "\"sections\": [{\"itemCount\": 40, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
    SIZE(FW(1), "{\"estimated\": 100}") ", \"subitems\": [{\"layoutSize\": "
    SIZE(FW(1), "{\"estimated\": 100}") "}]}}]}";

/* A list above a centred paging carousel of 80%-wide cards. */
static const char ORTHO_JSON[] =
    "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 3, \"group\": " HGROUP(FW(1), ABS(50))
    "}, {\"itemCount\": 12, \"interGroupSpacing\": 10, \"orthogonalScrollingBehavior\": "
    "\"groupPagingCentered\", \"group\": " HGROUP(FW(0.8), ABS(200)) "}]}";

static const char CAROUSEL_SECTION[] =
    "{\"itemCount\": 5, \"interGroupSpacing\": 20, \"orthogonalScrollingBehavior\": "
    "\"groupPagingCentered\", \"group\": " HGROUP(FW(0.6), ABS(150)) "}";

static const char LIST_SECTIONS[] =
    "[{\"itemCount\": 4, \"interGroupSpacing\": 10, \"group\": " HGROUP(ABS(300), ABS(200)) "}]";

static double offset_of(sl_layout *layout, int32_t container) {
  double offset = NAN;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, container, &offset), SL_OK);
  return offset;
}

/* The rest offset showing an item, and its rest position. */
static double rest_of(sl_layout *layout, int32_t container, int32_t section, int64_t item) {
  double offset = NAN;
  CHECK_STATUS(sl_layout_get_offset_for_item(layout, container, section, item, &offset, NULL),
               SL_OK);
  return offset;
}

/* Puts a container at rest on an item. */
static void rest_on(sl_layout *layout, int32_t container, int32_t section, int64_t item) {
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, container, rest_of(layout, container, section,
                                                                      item)),
               SL_OK);
}

/* Checks that a container rests on an item. */
#define CHECK_ON(layout, container, section, item, what)                                        \
  do {                                                                                          \
    double at_ = offset_of(layout, container), want_ = rest_of(layout, container, section, item); \
    CHECK(at_ == want_, "%s: offset %.17g, the rest position of %d/%" PRId64 " is %.17g", what,  \
          at_, (int)(section), (int64_t)(item), want_);                                         \
  } while (0)

static void test_container_size(void) {
  sl_layout *layout = create_layout(CARDS_JSON);
  if (!layout) return;
  rest_on(layout, SL_SCROLL_MAIN, 0, 3);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 310 * 3 + 150 - 195, 1e-9);
  CHECK_STATUS(sl_layout_set_container_size(layout, 600, 400), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 3, "wider");
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 310 * 3 + 150 - 300, 1e-9);
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 400), SL_OK);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 310 * 3 + 150 - 195, 0);

  /* Rotation: the card stays, the content moves under it; and back. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 844, 390), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 3, "rotated");
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 400), SL_OK);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 310 * 3 + 150 - 195, 0);

  /* An offset half-way between cards is not at rest: it stays as it is. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 1000), SL_OK);
  CHECK_STATUS(sl_layout_set_container_size(layout, 600, 400), SL_OK);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 1000, 0);
  /* Within half a point of a rest position is at rest (a host that rounds to pixels). */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, rest_of(layout, -1, 1, 2) + 0.4),
               SL_OK);
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 400), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 1, 2, "rounded by the host");

  /* The last cards merge at the end bound when the container is wide: the last card but one
   * rests on the bound there, and comes back to its own position after. */
  rest_on(layout, SL_SCROLL_MAIN, 1, 8);
  double before = offset_of(layout, SL_SCROLL_MAIN);
  CHECK_STATUS(sl_layout_set_container_size(layout, 1500, 400), SL_OK);
  sl_scroll_info info;
  CHECK_STATUS(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info), SL_OK);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), info.max_offset, 0);
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 400), SL_OK);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), before, 0);
  sl_layout_destroy(layout);
}

static void test_sizes(void) {
  sl_layout *layout = create_layout(ROWS_JSON);
  if (!layout) return;
  rest_on(layout, SL_SCROLL_MAIN, 0, 10);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 1000, 0);
  sl_size_report report;
  /* A row above grows: the offset follows row 10 (the report says how far). */
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 3, 390, 180, &report), SL_OK);
  CHECK_NEAR(report.main_offset_adjustment, 80, 0);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 10, "a row above measured");
  /* Row 10 itself grows: it still rests at its start. */
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 10, 390, 300, &report), SL_OK);
  CHECK_NEAR(report.main_offset_adjustment, 0, 0);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 10, "the row measured");
  /* Forgotten again: row 10 rests where it did. */
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 3, 390, -1, &report), SL_EINVAL);
  CHECK_STATUS(sl_layout_reset_item_size(layout, 0, 3, &report), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 10, "a size forgotten");
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 1000, 0);
  sl_layout_destroy(layout);
}

/* Flow rows of 60 pt, one item a line, snapping by line, with an estimated header. */
static const char FLOW_JSON[] =
    "{" CONTAINER(390, 400) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}},"
    " \"flowLayout\": {\"itemSize\": {\"width\": 390, \"height\": 60}},"
    " \"sections\": [{\"itemCount\": 40}]}";

static const char HEADED_JSON[] =
    "{" CONTAINER(390, 400) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}},"
    " \"sections\": [{\"itemCount\": 30, \"boundarySupplementaryItems\": [{\"elementKind\":"
    " \"header\", \"alignment\": \"top\", \"layoutSize\": " SIZE(FW(1), "{\"estimated\": 50}")
    "}], \"group\": " HGROUP(FW(1), ABS(80)) "}]}";

static void test_flow_and_boundary_sizes(void) {
  sl_layout *layout = create_layout(FLOW_JSON);
  if (!layout) return;
  sl_size_report report;
  rest_on(layout, SL_SCROLL_MAIN, 0, 12);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 12 * 70, 0); /* lines 10 apart */
  /* Sizes set in a chunk above it: the container follows line 12. */
  sl_size sizes[3] = {{390, 100}, {390, 20}, {390, 90}};
  CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 2, sizes, 3, &report), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 12, "flow sizes set above");
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 12 * 70 + 30, 0);
  CHECK_NEAR(report.main_offset_adjustment, 30, 0);
  sl_layout_destroy(layout);

  layout = create_layout(HEADED_JSON);
  if (!layout) return;
  int32_t header = -1;
  CHECK_STATUS(sl_layout_find_element_kind(layout, "header", &header), SL_OK);
  rest_on(layout, SL_SCROLL_MAIN, 0, 7);
  double before = offset_of(layout, SL_SCROLL_MAIN);
  CHECK_STATUS(sl_layout_report_supplementary_size(layout, 0, header, 390, 170, &report), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 7, "the header measured");
  CHECK_NEAR(report.main_offset_adjustment, 120, 0);
  CHECK_STATUS(sl_layout_reset_supplementary_size(layout, 0, header, &report), SL_OK);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), before, 0);
  sl_layout_destroy(layout);
}

static void test_items(void) {
  sl_layout *layout = create_layout(CARDS_JSON);
  if (!layout) return;
  sl_size_report report;
  rest_on(layout, SL_SCROLL_MAIN, 1, 4);
  double before = offset_of(layout, SL_SCROLL_MAIN);
  CHECK_STATUS(sl_layout_insert_items(layout, 1, 0, 2, &report), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 1, 6, "two cards inserted before");
  CHECK_NEAR(report.main_offset_adjustment, 620, 0);
  CHECK_STATUS(sl_layout_delete_items(layout, 1, 0, 2, &report), SL_OK);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), before, 0);
  /* The card moves: the container follows it. */
  CHECK_STATUS(sl_layout_move_item(layout, 1, 4, 1, 8, &report), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 1, 8, "the card moved");
  /* The card is deleted: the nearest rest position. */
  CHECK_STATUS(sl_layout_delete_items(layout, 1, 8, 1, &report), SL_OK);
  double at = offset_of(layout, SL_SCROLL_MAIN);
  int64_t snap = -1;
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, at, &position), SL_OK);
  CHECK(position.progress == (double)position.index, "at rest after a delete (progress %g)",
        position.progress);
  (void)snap;
  /* The card moves to another section: the container follows it there. */
  rest_on(layout, SL_SCROLL_MAIN, 1, 3);
  CHECK_STATUS(sl_layout_move_item(layout, 1, 3, 0, 2, &report), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 2, "the card moved to another section");
  /* Cards before it in another section go: it stays on its card. */
  rest_on(layout, SL_SCROLL_MAIN, 1, 2);
  CHECK_STATUS(sl_layout_set_item_count(layout, 0, 3, &report), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 1, 2, "a section before shrank");
  sl_layout_destroy(layout);
}

static void test_sections(void) {
  sl_layout *layout = create_layout(CARDS_JSON);
  if (!layout) return;
  sl_size_report report;
  rest_on(layout, SL_SCROLL_MAIN, 1, 3);
  CHECK_STATUS(sl_layout_insert_sections(layout, 0, LIST_SECTIONS, strlen(LIST_SECTIONS), &report),
               SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 2, 3, "a section inserted before");
  CHECK_STATUS(sl_layout_move_section(layout, 2, 0, &report), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 3, "its section moved first");
  CHECK_STATUS(sl_layout_delete_sections(layout, 1, 2, &report), SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 3, "the sections after it deleted");
  /* Replaced by a section with fewer cards: the nearest rest position. */
  CHECK_STATUS(sl_layout_replace_section(layout, 0, LIST_SECTIONS + 1, strlen(LIST_SECTIONS) - 2, &report),
               SL_OK);
  CHECK_ON(layout, SL_SCROLL_MAIN, 0, 3, "replaced, the card still there");
  sl_layout_destroy(layout);
}

static void test_orthogonal(void) {
  sl_layout *layout = create_layout(ORTHO_JSON);
  if (!layout) return;
  sl_size_report report;
  rest_on(layout, 1, 1, 5);
  CHECK_STATUS(sl_layout_set_container_size(layout, 600, 844), SL_OK);
  CHECK_ON(layout, 1, 1, 5, "carousel, wider");
  CHECK_STATUS(sl_layout_insert_items(layout, 1, 0, 1, &report), SL_OK);
  CHECK_ON(layout, 1, 1, 6, "carousel, a card inserted before");
  CHECK(report.section_offset_adjustment != 0, "the report tells the section's move");
  /* Replaced: the same card index, at the new section's rest position. */
  CHECK_STATUS(sl_layout_replace_section(layout, 1, CAROUSEL_SECTION, strlen(CAROUSEL_SECTION),
                                         &report),
               SL_OK);
  double at = offset_of(layout, 1);
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(layout, 1, at, &position), SL_OK);
  CHECK(position.progress == (double)position.index && position.index == 4,
        "replaced with 5 cards: at rest on the last (index %" PRId64 ", progress %g)",
        position.index, position.progress);
  /* A section inserted before it: its offset moves with it. */
  rest_on(layout, 1, 1, 2);
  CHECK_STATUS(sl_layout_insert_sections(layout, 0, LIST_SECTIONS, strlen(LIST_SECTIONS), &report),
               SL_OK);
  CHECK_ON(layout, 2, 2, 2, "carousel moved down a section");
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  CHECK_ON(layout, 2, 2, 2, "and narrower");
  sl_layout_destroy(layout);
}

/* A carousel that rested through a change remembers the card it rests on; when its section then
 * moves (a section inserted or moved before it), that card is still its own: an item move in it
 * afterwards carries the carousel with the card (seed 16, case 105 of the model). */
static void test_orthogonal_card_after_section_move(void) {
  sl_layout *layout = create_layout(ORTHO_JSON);
  if (!layout) return;
  sl_size_report report;
  rest_on(layout, 1, 1, 5);
  /* A change that finds it at rest: it remembers card 5. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  CHECK_ON(layout, 1, 1, 5, "carousel, same size");
  CHECK_STATUS(sl_layout_insert_sections(layout, 0, LIST_SECTIONS, strlen(LIST_SECTIONS), &report),
               SL_OK);
  CHECK_ON(layout, 2, 2, 5, "carousel moved down a section");
  CHECK_STATUS(sl_layout_move_item(layout, 2, 5, 2, 9, &report), SL_OK);
  CHECK_ON(layout, 2, 2, 9, "card 5 moved to 9 after its section moved");
  CHECK_STATUS(sl_layout_move_item(layout, 2, 9, 2, 1, &report), SL_OK);
  CHECK_ON(layout, 2, 2, 1, "and on to 1");
  /* Moved back to index 1 by a section move, then an item inserted before the card. */
  CHECK_STATUS(sl_layout_move_section(layout, 2, 1, &report), SL_OK);
  CHECK_ON(layout, 1, 1, 1, "carousel moved up a section");
  CHECK_STATUS(sl_layout_insert_items(layout, 1, 0, 2, &report), SL_OK);
  CHECK_ON(layout, 1, 1, 3, "two cards inserted before it");
  sl_layout_destroy(layout);
}

/* keepSnaps at 1500 pt: cards 7, 8 and 9 of section 1 all rest on the end bound (7 by the merge
 * distance, 8 and 9 clamped). An offset at that position rests on the first of them, card 7
 * (ties to the lower index, as Embla's nearest snap: docs/SNAPPING.md, "Navigation without
 * touch"), from whichever side within half a point
 * it lies (seed 16, case 652 of the model: an offset an ulp below the bound rested on card 7,
 * one on it on card 9). Narrower, card 7 no longer reaches the bound and the container goes
 * to it. */
static void test_coinciding_from_either_side(void) {
  static const char KEEP_JSON[] = CARDS(10, ", \"containment\": \"keepSnaps\"");
  const double sides[] = {-0.4, -1e-9, 0, 0.4};
  for (size_t k = 0; k < sizeof sides / sizeof sides[0]; k++) {
    sl_layout *layout = create_layout(KEEP_JSON);
    if (!layout) return;
    CHECK_STATUS(sl_layout_set_container_size(layout, 1500, 400), SL_OK);
    sl_scroll_info info;
    CHECK_STATUS(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info), SL_OK);
    CHECK(rest_of(layout, -1, 1, 7) == info.max_offset &&
              rest_of(layout, -1, 1, 9) == info.max_offset,
          "cards 7 and 9 rest on the end bound at 1500 pt");
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, info.max_offset + sides[k]),
                 SL_OK);
    CHECK_STATUS(sl_layout_set_container_size(layout, 390, 400), SL_OK);
    char what[64];
    snprintf(what, sizeof what, "the end bound %+g, narrower", sides[k]);
    CHECK_ON(layout, SL_SCROLL_MAIN, 1, 7, what);
    sl_layout_destroy(layout);
  }
}

static void test_loop(void) {
  sl_layout *layout = create_layout(LOOP_JSON);
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.active == 1, "the cards loop");
  /* Card 3 of section 1, five laps on (its copy nearest the start is a lap back). */
  double before = rest_of(layout, -1, 1, 3) + 5 * loop.period;
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, before), SL_OK);
  CHECK_STATUS(sl_layout_set_container_size(layout, 600, 400), SL_OK);
  double at = offset_of(layout, SL_SCROLL_MAIN), canonical = NAN, shift = NAN;
  CHECK_STATUS(sl_layout_get_canonical_offset(layout, SL_SCROLL_MAIN, at, &canonical, &shift),
               SL_OK);
  /* Centred 105 pt further left in the same lap: card 3 starts at 3090 + 930.  */
  CHECK_NEAR(at, before - 105, 1e-9);
  CHECK_NEAR(canonical, 3090 + 930 + 150 - 300, 1e-9);
  CHECK_ON(layout, SL_SCROLL_MAIN, 1, 3, "looping, wider");
  sl_layout_destroy(layout);
}

/* A looping main scroll at rest on row (0,1), its section moved after the next and back: the
 * container follows the row to the copy nearest where it was, and ends where it started (it
 * ended a period away, at 1250, found by review). */
static void test_loop_section_there_and_back(void) {
  sl_layout *layout = create_layout(
      "{" CONTAINER(300, 400) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", "
      "\"loop\": true, \"alignment\": \"center\"}}, \"sections\": [{\"itemCount\": 10, \"group\": "
      HGROUP(FW(1), ABS(100)) "}, {\"itemCount\": 5, \"group\": " HGROUP(FW(1), ABS(60)) "}]}");
  if (!layout) return;
  sl_loop_info loop;
  CHECK_STATUS(sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &loop), SL_OK);
  CHECK(loop.active == 1 && loop.period == 1300, "loop %d, period %g", loop.active, loop.period);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, -50), SL_OK);
  sl_size_report report;
  CHECK_STATUS(sl_layout_move_section(layout, 0, 1, &report), SL_OK);
  CHECK(offset_of(layout, SL_SCROLL_MAIN) == 250, "moved after section 1: offset %g",
        offset_of(layout, SL_SCROLL_MAIN));
  CHECK_STATUS(sl_layout_move_section(layout, 1, 0, &report), SL_OK);
  CHECK(offset_of(layout, SL_SCROLL_MAIN) == -50 && report.main_offset_adjustment == -300,
        "moved back: offset %g, adjustment %g", offset_of(layout, SL_SCROLL_MAIN),
        report.main_offset_adjustment);
  sl_layout_destroy(layout);
}

static void test_motion(void) {
  sl_layout *layout = create_layout(CARDS_JSON);
  if (!layout) return;
  /* A fling from card 0 to card 3 of section 0. */
  double target = rest_of(layout, -1, 0, 3);
  sl_motion motion;
  memset(&motion, 0, sizeof motion);
  sl_snap_result result;
  sl_scroll_release release = make_release(rest_of(layout, -1, 0, 0), rest_of(layout, -1, 0, 0) + 40,
                                           2500);
  CHECK_STATUS(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &release, &result), SL_OK);
  motion = result.motion;
  CHECK(result.item == 3 || result.item == 4 || result.item == 2,
        "the fling goes a few cards (card %" PRId64 ")", result.item);
  target = result.target_offset;
  int64_t card = result.item;
  CHECK_STATUS(sl_layout_set_scroll_target(layout, SL_SCROLL_MAIN, target), SL_OK);
  double got = NAN;
  int32_t has = -1;
  CHECK_STATUS(sl_layout_get_scroll_target(layout, SL_SCROLL_MAIN, &got, &has), SL_OK);
  CHECK(has == 1 && got == target, "the target set (%d, %g)", has, got);

  /* Half-way, the window grows. */
  double t = 0.15;
  sl_motion_state state;
  CHECK_STATUS(sl_motion_sample(&motion, t, &state), SL_OK);
  CHECK(state.settled == 0, "still moving at %g s", t);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, state.offset), SL_OK);
  CHECK_STATUS(sl_layout_set_container_size(layout, 600, 400), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_target(layout, SL_SCROLL_MAIN, &got, &has), SL_OK);
  CHECK(has == 1, "the target is kept");
  CHECK_NEAR(got, rest_of(layout, -1, 0, card), 0);
  sl_motion carried;
  CHECK_STATUS(sl_layout_retarget_motion(layout, SL_SCROLL_MAIN, &motion, t, &carried), SL_OK);
  sl_motion_state start;
  CHECK_STATUS(sl_motion_sample(&carried, 0, &start), SL_OK);
  CHECK_NEAR(start.offset, offset_of(layout, SL_SCROLL_MAIN), 1e-9);
  CHECK_NEAR(start.velocity, state.velocity, 1e-6 * fabs(state.velocity));
  CHECK_NEAR(carried.target_offset, rest_of(layout, -1, 0, card), 0);
  sl_motion_state end;
  CHECK_STATUS(sl_motion_sample(&carried, carried.duration + 1, &end), SL_OK);
  CHECK(end.settled && end.offset == rest_of(layout, -1, 0, card), "lands on card %" PRId64,
        card);

  /* No change since: the same course. */
  sl_motion again;
  CHECK_STATUS(sl_layout_retarget_motion(layout, SL_SCROLL_MAIN, &carried, 0, &again), SL_OK);
  CHECK_NEAR(again.target_offset, carried.target_offset, 0);
  CHECK_NEAR(again.start_velocity, carried.start_velocity, 1e-9 * fabs(carried.start_velocity));

  /* Without a target: the motion's own target moves with the content. */
  CHECK_STATUS(sl_layout_clear_scroll_target(layout, SL_SCROLL_MAIN), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_target(layout, SL_SCROLL_MAIN, &got, &has), SL_OK);
  CHECK(has == 0, "cleared");
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 700), SL_OK);
  CHECK_STATUS(sl_layout_retarget_motion(layout, SL_SCROLL_MAIN, &carried, 0, &again), SL_OK);
  CHECK_NEAR(again.target_offset, carried.target_offset + (700 - carried.start_offset), 1e-9);
  sl_layout_destroy(layout);
}

static int handler_calls = 0;
static void count_calls(void *user_data, const sl_visible_items_context *context,
                        sl_element *elements, size_t count) {
  (void)context;
  (void)elements;
  (void)count;
  (void)user_data;
  handler_calls++;
}

static sl_layout *inside_layout = NULL;
static int inside_status = SL_OK;
static void call_inside(void *user_data, const sl_visible_items_context *context,
                        sl_element *elements, size_t count) {
  (void)context;
  (void)elements;
  (void)count;
  (void)user_data;
  sl_motion motion;
  memset(&motion, 0, sizeof motion);
  inside_status = sl_layout_set_scroll_target(inside_layout, SL_SCROLL_MAIN, 0);
  if (inside_status == SL_ESTATE)
    inside_status = sl_layout_retarget_motion(inside_layout, SL_SCROLL_MAIN, &motion, 0, &motion);
}

static void test_handler_once(void) {
  sl_layout *layout = create_layout(CARDS_JSON);
  if (!layout) return;
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 0, count_calls, NULL), SL_OK);
  rest_on(layout, SL_SCROLL_MAIN, 0, 2);
  CHECK_STATUS(sl_layout_set_container_size(layout, 600, 400), SL_OK);
  sl_size_report report;
  CHECK_STATUS(sl_layout_insert_items(layout, 0, 0, 1, &report), SL_OK);
  CHECK(handler_calls == 0, "changes call no handler (%d calls)", handler_calls);
  sl_rect rect = {offset_of(layout, SL_SCROLL_MAIN), 0, 600, 400};
  size_t count = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, NULL, 0, &count), SL_OK);
  sl_element elements[64];
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, elements, 64, &count), SL_OK);
  CHECK(handler_calls == 1, "one call for the query that fills the buffer (%d)", handler_calls);

  /* Changing the target from a handler is refused. */
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 0, call_inside, NULL), SL_OK);
  inside_layout = layout;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, elements, 64, &count), SL_OK);
  CHECK(inside_status == SL_ESTATE, "refused inside a handler (%d)", inside_status);
  sl_layout_destroy(layout);
}

static void test_bad_arguments(void) {
  sl_layout *layout = create_layout(
      "{\"sections\": [{\"itemCount\": 3, \"group\": " HGROUP(FW(1), ABS(50)) "}]}");
  if (!layout) return;
  sl_motion motion, out;
  memset(&motion, 0, sizeof motion);
  sl_snap_result result;
  sl_scroll_release release = make_release(0, 10, 900);
  CHECK_ERROR(sl_layout_set_scroll_target(layout, SL_SCROLL_MAIN, 10), SL_ESTATE, "layout", NULL);
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 100), SL_OK);
  CHECK_STATUS(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &release, &result), SL_OK);
  motion = result.motion;
  CHECK_ERROR(sl_layout_set_scroll_target(NULL, SL_SCROLL_MAIN, 10), SL_EINVAL, "layout", NULL);
  CHECK_ERROR(sl_layout_set_scroll_target(layout, SL_SCROLL_MAIN, NAN), SL_EINVAL,
              "target_offset", NULL);
  CHECK_ERROR(sl_layout_set_scroll_target(layout, SL_SCROLL_MAIN, 1e101), SL_EINVAL,
              "target_offset", NULL);
  CHECK_ERROR(sl_layout_set_scroll_target(layout, 7, 10), SL_ERANGE, "container", NULL);
  CHECK_ERROR(sl_layout_set_scroll_target(layout, 0, 10), SL_EINVAL, "container", NULL);
  CHECK_ERROR(sl_layout_clear_scroll_target(layout, -2), SL_ERANGE, "container", NULL);
  double target;
  int32_t has;
  fill_sentinel(&target, sizeof target);
  fill_sentinel(&has, sizeof has);
  CHECK_ERROR(sl_layout_get_scroll_target(layout, SL_SCROLL_MAIN, NULL, &has), SL_EINVAL,
              "out_target", NULL);
  CHECK_ERROR(sl_layout_get_scroll_target(layout, SL_SCROLL_MAIN, &target, NULL), SL_EINVAL,
              "out_has_target", NULL);
  CHECK_ERROR(sl_layout_get_scroll_target(layout, 3, &target, &has), SL_ERANGE, "container",
              NULL);
  CHECK_UNTOUCHED(target);
  CHECK_UNTOUCHED(has);
  CHECK_ERROR(sl_layout_retarget_motion(layout, SL_SCROLL_MAIN, NULL, 0, &out), SL_EINVAL,
              "in_flight", NULL);
  CHECK_ERROR(sl_layout_retarget_motion(layout, SL_SCROLL_MAIN, &motion, 0, NULL), SL_EINVAL,
              "out_motion", NULL);
  motion.kind = 9;
  fill_sentinel(&out, sizeof out);
  CHECK_ERROR(sl_layout_retarget_motion(layout, SL_SCROLL_MAIN, &motion, 0, &out), SL_EINVAL,
              "in_flight.kind", NULL);
  CHECK_UNTOUCHED(out);
  motion = result.motion;
  CHECK_ERROR(sl_layout_retarget_motion(layout, SL_SCROLL_MAIN, &motion, INFINITY, &out),
              SL_EINVAL, "time", NULL);
  CHECK_UNTOUCHED(out);
  CHECK_ERROR(sl_layout_retarget_motion(layout, 5, &motion, 0, &out), SL_ERANGE, "container",
              NULL);
  CHECK_UNTOUCHED(out);
  sl_layout_destroy(layout);
}

/*
 * Rows of two cells, 652.85 pt tall in a 505 pt viewport, under three 50 pt rows; the main
 * scroll snaps a row's end to the viewport's: a row longer than the viewport rests anywhere
 * from its start to its end (SNAPPING.md, "Items longer than the viewport").
 */
static const char LONG_ROWS_JSON[] =
    "{" CONTAINER(390, 505) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"group\", "
    "\"alignment\": \"end\"}}, \"sections\": [{\"itemCount\": 3, \"group\": "
    HGROUP(FW(1), ABS(50)) "}, {\"itemCount\": 36, \"interGroupSpacing\": 10, \"group\": "
    "{\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(652.85))
    ", \"subitem\": {\"layoutSize\": " SIZE(FW(0.5), ABS(40)) "}, \"count\": 2}}]}";

/*
 * A re-snap keeps the anchoring run (SELF-SIZING.md rule 7; found by the model soak): at rest
 * at row 7's end, moving item 0 to 28 carries the rest to row 6's end, 12's item now 11 (the
 * re-snap moves the offset an ulp from where the anchoring put it); moving item 9, before that
 * row, to the section above moves nothing of the rows on screen and the rows above down by a
 * 50 pt row. Before, the re-snap ended the run, the next change anchored by row 6's first item
 * (10, then in row 5) and the offset went to row 6's start, 97.85 pt up.
 */
static void test_resnap_keeps_run(void) {
  sl_layout *layout = create_layout(LONG_ROWS_JSON);
  if (!layout) return;
  double rests[64];
  size_t count = 0;
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, rests, 64, &count), SL_OK);
  if (count < 10) {
    CHECK(0, "ten rest positions (got %zu)", count);
    sl_layout_destroy(layout);
    return;
  }
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, rests[7]), SL_OK);
  sl_size_report report;
  CHECK_STATUS(sl_layout_move_item(layout, 1, 0, 1, 28, &report), SL_OK);
  double carried = offset_of(layout, SL_SCROLL_MAIN);
  CHECK_NEAR(carried, rests[7] - 662.85, 1e-9);
  CHECK_STATUS(sl_layout_move_item(layout, 1, 9, 0, 1, &report), SL_OK);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), carried + 50, 1e-9);
  CHECK_NEAR(report.main_offset_adjustment, 50, 1e-9);
  sl_layout_destroy(layout);
}

int main(void) {
  test_container_size();
  test_sizes();
  test_items();
  test_flow_and_boundary_sizes();
  test_sections();
  test_orthogonal();
  test_orthogonal_card_after_section_move();
  test_coinciding_from_either_side();
  test_loop_section_there_and_back();
  test_loop();
  test_motion();
  test_handler_once();
  test_resnap_keeps_run();
  test_bad_arguments();
  return test_finish("test_resnap");
}
