/*
 * test_scroll_into_view.c — sl_layout_get_offset_to_show_item (include/snaplayout.h, since
 * 0.2; docs/SNAPPING.md, "Scroll into view"), through the shipped libsnaplayout.so:
 *
 *  1. start, centre and end in a container without rest positions, clamped to the bounds;
 *  2. "nearest" (only if needed): no move for a visible item, the nearer edge otherwise, and an
 *     item longer than the snapport left alone while it covers it;
 *  3. a container that snaps ends on rest positions, whatever the alignment;
 *  4. an orthogonal section, and a loop (the copy nearest the snapport);
 *  5. bad arguments: statuses, paths, untouched outputs.
 */
#include <inttypes.h>
#include <stdint.h>

#include "test_support.h"

/* Ten 50-pt rows, one 1000-pt row, twenty 50-pt rows: content 2500, bounds [0, 1656]. */
static const char LIST_JSON[] =
    "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 10, \"group\": "
    HGROUP(FW(1), ABS(50)) "}, {\"itemCount\": 1, \"group\": " HGROUP(FW(1), ABS(1000))
    "}, {\"itemCount\": 20, \"group\": " HGROUP(FW(1), ABS(50)) "}]}";

/* The card carousel of docs/SNAPPING.md: card k rests at 327k - 34. */
static const char CAROUSEL_JSON[] =
    "{" CONTAINER(390, 844) ", \"configuration\": {\"scrollDirection\": \"horizontal\", "
    "\"scrolling\": {\"snapUnit\": \"item\", \"contentInset\": {\"leading\": 34, \"trailing\": "
    "34}}}, \"sections\": [{\"itemCount\": 10, \"interGroupSpacing\": 7, \"group\": "
    HGROUP(ABS(320), ABS(744)) "}]}";

/* A list above a continuous carousel of 312-pt groups 10 apart (no rest positions). */
static const char ORTHO_JSON[] =
    "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 3, \"group\": " HGROUP(FW(1), ABS(50))
    "}, {\"itemCount\": 6, \"interGroupSpacing\": 10, \"orthogonalScrollingBehavior\": "
    "\"continuous\", \"group\": " HGROUP(FW(0.8), ABS(200)) "}]}";

static double show(sl_layout *layout, int32_t container, int32_t section, int64_t item,
                   int32_t alignment, int64_t *snap) {
  double offset = -12345;
  CHECK_STATUS(sl_layout_get_offset_to_show_item(layout, container, section, item, alignment,
                                                  &offset, snap),
               SL_OK);
  return offset;
}

static void test_free_main_scroll(void) {
  sl_layout *layout = create_layout(LIST_JSON);
  if (!layout) return;
  int64_t snap = 7;
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 0, 9, SL_ALIGN_START, &snap), 450, 0);
  CHECK(snap == -1, "no rest positions: -1 (got %" PRId64 ")", snap);
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 2, 4, SL_ALIGN_CENTER, NULL), 1700 + 25 - 422, 0);
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 2, 4, SL_ALIGN_END, NULL), 1750 - 844, 0);
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 2, 19, SL_ALIGN_START, NULL), 1656, 0); /* clamped */
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 0, 0, SL_ALIGN_END, NULL), 0, 0);       /* clamped */

  /* Only if needed, from offset 0: a visible row does not move; one below comes to the end. */
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 0, 5, SL_ALIGN_NEAREST, NULL), 0, 0);
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 2, 0, SL_ALIGN_NEAREST, NULL), 1550 - 844, 0);
  /* The tall row (500 ... 1500) below the snapport's end: its start comes to the start. */
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 1, 0, SL_ALIGN_NEAREST, NULL), 500, 0);
  /* From 600 it covers the snapport: no move; from 1000 its end comes to the end. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 600), SL_OK);
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 1, 0, SL_ALIGN_NEAREST, NULL), 600, 0);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 1000), SL_OK);
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 1, 0, SL_ALIGN_NEAREST, NULL), 1500 - 844, 0);
  /* A row above the snapport's start comes to the start. */
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 0, 2, SL_ALIGN_NEAREST, NULL), 100, 0);
  sl_layout_destroy(layout);
}

static void test_snapping(void) {
  sl_layout *layout = create_layout(CAROUSEL_JSON);
  if (!layout) return;
  static const int32_t alignments[] = {SL_ALIGN_START, SL_ALIGN_CENTER, SL_ALIGN_END};
  for (int64_t card = 1; card < 9; card++) {
    for (size_t a = 0; a < 3; a++) {
      int64_t snap = -1;
      double offset = show(layout, SL_SCROLL_MAIN, 0, card, alignments[a], &snap);
      CHECK_NEAR(offset, 327.0 * (double)card - 34, 1e-9);
      CHECK(snap == card, "card %" PRId64 " alignment %d rests at %" PRId64, card,
            (int)alignments[a], snap);
    }
  }
  /* Only if needed: card 0 is visible at the start; card 5 is not, and comes in on its rest
   * position. */
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 0, 0, SL_ALIGN_NEAREST, NULL), -34, 0);
  CHECK_NEAR(show(layout, SL_SCROLL_MAIN, 0, 5, SL_ALIGN_NEAREST, NULL), 327 * 5 - 34, 1e-9);
  sl_layout_destroy(layout);
}

static void test_orthogonal_and_loop(void) {
  sl_layout *layout = create_layout(ORTHO_JSON);
  if (!layout) return;
  CHECK_NEAR(show(layout, 1, 1, 2, SL_ALIGN_START, NULL), 644, 1e-9);
  CHECK_NEAR(show(layout, 1, 1, 2, SL_ALIGN_CENTER, NULL), 644 + 156 - 195, 1e-9);
  CHECK_NEAR(show(layout, 1, 1, 2, SL_ALIGN_END, NULL), 644 + 312 - 390, 1e-9);
  CHECK_NEAR(show(layout, 1, 1, 0, SL_ALIGN_NEAREST, NULL), 0, 0);
  double offset = 0;
  CHECK_ERROR(sl_layout_get_offset_to_show_item(layout, 1, 0, 0, SL_ALIGN_START, &offset, NULL),
              SL_EINVAL, "section", NULL);
  sl_layout_destroy(layout);

  /* Six 300-pt cards 10 apart with insets 16, looping (period 1860): from rest on card 0, the
   * copy of card 5 left of it is the nearer. */
  static const char loop_json[] =
      "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 6, \"interGroupSpacing\": 10, "
      "\"contentInsets\": {\"leading\": 16, \"trailing\": 16}, \"orthogonalScrollingBehavior\": "
      "\"groupPaging\", \"orthogonalScrollingProperties\": {\"loop\": true}, \"group\": "
      HGROUP(ABS(300), ABS(200)) "}]}";
  layout = create_layout(loop_json);
  if (!layout) return;
  int64_t snap = -1;
  CHECK_NEAR(show(layout, 0, 0, 5, SL_ALIGN_START, &snap), -310, 1e-9);
  CHECK(snap == 5, "card 5 rests at 5 (got %" PRId64 ")", snap);
  CHECK_NEAR(show(layout, 0, 0, 2, SL_ALIGN_CENTER, &snap), 620, 1e-9);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 1860.0 * 4), SL_OK);
  CHECK_NEAR(show(layout, 0, 0, 1, SL_ALIGN_START, NULL), 1860.0 * 4 + 310, 1e-6);
  sl_layout_destroy(layout);
}

static void test_bad_arguments(void) {
  sl_layout *layout = create_layout(LIST_JSON);
  if (!layout) return;
  double offset;
  int64_t snap;
  fill_sentinel(&offset, sizeof offset);
  fill_sentinel(&snap, sizeof snap);
  CHECK_ERROR(sl_layout_get_offset_to_show_item(layout, SL_SCROLL_MAIN, 0, 0, 4, &offset, &snap),
              SL_EINVAL, "alignment", "SL_ALIGN_NEAREST");
  CHECK_ERROR(sl_layout_get_offset_to_show_item(layout, SL_SCROLL_MAIN, 0, 0, -1, &offset, &snap),
              SL_EINVAL, "alignment", NULL);
  CHECK_ERROR(
      sl_layout_get_offset_to_show_item(layout, SL_SCROLL_MAIN, 0, 10, SL_ALIGN_START, &offset,
                                        &snap),
      SL_ERANGE, "item", NULL);
  CHECK_ERROR(
      sl_layout_get_offset_to_show_item(layout, SL_SCROLL_MAIN, 3, 0, SL_ALIGN_START, &offset,
                                        &snap),
      SL_ERANGE, "section", NULL);
  CHECK_ERROR(sl_layout_get_offset_to_show_item(layout, 0, 0, 0, SL_ALIGN_START, &offset, &snap),
              SL_EINVAL, "container", NULL);
  CHECK_ERROR(
      sl_layout_get_offset_to_show_item(layout, SL_SCROLL_MAIN, 0, 0, SL_ALIGN_START, NULL, &snap),
      SL_EINVAL, "out_offset", NULL);
  CHECK_ERROR(
      sl_layout_get_offset_to_show_item(NULL, SL_SCROLL_MAIN, 0, 0, SL_ALIGN_START, &offset, &snap),
      SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(offset);
  CHECK_UNTOUCHED(snap);
  sl_layout_destroy(layout);

  sl_layout *unsized = NULL;
  static const char json[] = "{\"sections\": [{\"itemCount\": 3, \"group\": "
                             HGROUP(FW(1), ABS(50)) "}]}";
  CHECK_STATUS(sl_layout_create(json, strlen(json), &unsized), SL_OK);
  CHECK_ERROR(
      sl_layout_get_offset_to_show_item(unsized, SL_SCROLL_MAIN, 0, 0, SL_ALIGN_START, &offset, NULL),
      SL_ESTATE, NULL, NULL);
  sl_layout_destroy(unsized);
}

int main(void) {
  test_free_main_scroll();
  test_snapping();
  test_orthogonal_and_loop();
  test_bad_arguments();
  return test_finish("test_scroll_into_view");
}
