/*
 * A rect query gives exactly the elements whose frames, as it reports them, intersect the rect
 * (docs/LAYOUT-RULES.md, "Rect queries", §2.1): tested with rects on, and an ulp either side of, every
 * edge of every element, in layouts where the frames the host sees are not the canonical ones —
 * right to left (mirrored: x' = width − x − w rounds), horizontal and right to left, and the
 * copies of a looping main scroll (moved by a lap: x + shift rounds). The reference is a large
 * rect's answer, filtered here with the rule of the header (test_intersects).
 */
#include <float.h>
#include <math.h>

#include "test_support.h"

typedef struct {
  sl_element *items;
  size_t count;
} element_list;

static element_list query(const sl_layout *layout, sl_rect rect) {
  size_t capacity = 256, count = 0;
  element_list list = {malloc(capacity * sizeof(sl_element)), 0};
  int status = sl_layout_get_elements_in_rect(layout, rect, list.items, capacity, &count);
  if (status == SL_EBUFS || count > capacity) {
    capacity = count;
    list.items = realloc(list.items, capacity * sizeof(sl_element));
    status = sl_layout_get_elements_in_rect(layout, rect, list.items, capacity, &count);
  }
  CHECK_STATUS(status, SL_OK);
  list.count = status == SL_OK ? count : 0;
  return list;
}

static int same_element(const sl_element *a, const sl_element *b) {
  return a->category == b->category && a->kind == b->kind && a->section == b->section &&
         a->item == b->item && a->copy == b->copy &&
         memcmp(&a->frame, &b->frame, sizeof a->frame) == 0;
}

/* Checks one rect: the elements of `all` it intersects are the query's answer, no more. */
static int check_rect(const sl_layout *layout, const element_list *all, sl_rect rect,
                      const char *what) {
  element_list got = query(layout, rect);
  int bad = 0;
  size_t expected = 0;
  for (size_t e = 0; e < all->count; e++) {
    if (!test_intersects(all->items[e].frame, rect)) continue;
    expected++;
    int found = 0;
    for (size_t g = 0; g < got.count && !found; g++) found = same_element(&all->items[e], &got.items[g]);
    if (!found && !bad++) {
      const sl_element *m = &all->items[e];
      CHECK(0, "%s: element (cat %d kind %d %d/%lld copy %d) at x %.17g w %.17g y %.17g h %.17g "
               "missing from rect x %.17g w %.17g y %.17g h %.17g",
            what, m->category, m->kind, m->section, (long long)m->item, m->copy, m->frame.x,
            m->frame.width, m->frame.y, m->frame.height, rect.x, rect.width, rect.y, rect.height);
    }
  }
  if (!bad && got.count != expected) {
    bad++;
    for (size_t g = 0; g < got.count; g++) {
      int known = 0;
      for (size_t e = 0; e < all->count && !known; e++) known = same_element(&all->items[e], &got.items[g]);
      if (known && test_intersects(got.items[g].frame, rect)) continue;
      const sl_element *m = &got.items[g];
      CHECK(0, "%s: element (cat %d kind %d %d/%lld copy %d) at x %.17g w %.17g y %.17g h %.17g "
               "wrongly in rect x %.17g w %.17g y %.17g h %.17g%s",
            what, m->category, m->kind, m->section, (long long)m->item, m->copy, m->frame.x,
            m->frame.width, m->frame.y, m->frame.height, rect.x, rect.width, rect.y, rect.height,
            known ? "" : " (not so in the large rect)");
      if (!known)
        for (size_t e = 0; e < all->count; e++) {
          const sl_element *k = &all->items[e];
          if (k->category == m->category && k->kind == m->kind && k->section == m->section &&
              k->item == m->item && k->copy == m->copy)
            fprintf(stderr, "  the large rect has it at x %.17g y %.17g\n", k->frame.x, k->frame.y);
        }
      break;
    }
    CHECK(0, "%s: %zu elements where %zu intersect", what, got.count, expected);
  }
  test_checks++;
  free(got.items);
  return bad;
}

/* Rects of length 0 and 1 starting on each edge of every element of `everything` (a rect
 * holding them all) and an ulp either side, and rects of length 1 ending there. */
static void check_edges(const sl_layout *layout, sl_rect everything, const char *what) {
  element_list all = query(layout, everything);
  CHECK(all.count > 0, "%s: no elements", what);
  int failures = 0;
  size_t step = quick_mode() ? 7 : 1;
  for (size_t e = 0; e < all.count && failures < 3; e += step) {
    sl_rect f = all.items[e].frame;
    for (int axis = 0; axis < 2 && failures < 3; axis++) {
      double low = axis ? f.y : f.x, length = axis ? f.height : f.width;
      double edges[2] = {low, low + length};
      for (int k = 0; k < 2; k++) {
        double around[3] = {nextafter(edges[k], -DBL_MAX), edges[k], nextafter(edges[k], DBL_MAX)};
        for (int a = 0; a < 3; a++) {
          double at = around[a];
          /* Across the edge's axis the rect covers the element with room to spare. */
          double cross = axis ? f.x - 20 : f.y - 20, cross_length = (axis ? f.width : f.height) + 40;
          sl_rect rects[3];
          for (int r = 0; r < 3; r++) {
            double start = r == 2 ? at - 1 : at, span = r == 0 ? 0 : 1;
            rects[r] = axis ? (sl_rect){cross, start, cross_length, span}
                            : (sl_rect){start, cross, span, cross_length};
          }
          /* Only inside the large rect, whose answer is the reference. */
          for (int r = 0; r < 3; r++)
            if (rects[r].x > everything.x + 1 && rects[r].y > everything.y + 1 &&
                rects[r].x + rects[r].width < everything.x + everything.width - 1 &&
                rects[r].y + rects[r].height < everything.y + everything.height - 1)
              failures += check_rect(layout, &all, rects[r], what);
        }
      }
    }
  }
  free(all.items);
}

static sl_layout *layout_of(const char *json) {
  sl_layout *layout = create_layout(json);
  CHECK(layout != NULL, "layout: %s", sl_error_last()->message);
  return layout;
}

/* The subitems of a group holding one cell filling it. */
#define ONE_CELL "[" CELL "]"

/* A compositional layout with fractions binary cannot hold: a list under a pinned header, a
 * grid with badges, an orthogonal carousel scrolled by a fraction, a looping one scrolled
 * several laps back, a self-sizing list. */
static void test_compositional(const char *direction, const char *layout_direction, int loop) {
  char json[4096];
  snprintf(
      json, sizeof json,
      "{\"environment\": {\"container\": {\"width\": 390.3, \"height\": 844.7},"
      "  \"layoutDirection\": \"%s\"},"
      " \"configuration\": {\"scrollDirection\": \"%s\", \"interSectionSpacing\": 7.7,"
      "  \"scrolling\": {\"loop\": %s},"
      "  \"boundarySupplementaryItems\": [{\"elementKind\": \"top\", \"alignment\": \"top\","
      "   \"layoutSize\": " SIZE(FW(1), ABS(33.3)) "}]},"
      " \"sections\": ["
      "  {\"itemCount\": 7, \"interGroupSpacing\": 3.3,"
      "   \"contentInsets\": {\"top\": 1.1, \"leading\": 2.2, \"bottom\": 3.3, \"trailing\": 4.4},"
      "   \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\","
      "     \"pinToVisibleBounds\": true, \"layoutSize\": " SIZE(FW(1), ABS(41.7)) "}],"
      "   \"decorationItems\": [{\"elementKind\": \"background\"}],"
      "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(44.1)) ","
      "    \"subitems\": " ONE_CELL "}},"
      "  {\"itemCount\": 11, \"interGroupSpacing\": 1.9,"
      "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), FW(0.37)) ","
      "    \"interItemSpacing\": {\"fixed\": 2.9}, \"subitems\": ["
      "     {\"layoutSize\": " SIZE(FW(0.333), FH(1)) ", \"supplementaryItems\": [{"
      "       \"elementKind\": \"badge\", \"layoutSize\": " SIZE(ABS(20.1), ABS(20.1)) ","
      "       \"containerAnchor\": {\"edges\": [\"top\", \"trailing\"],"
      "        \"fractionalOffset\": {\"x\": 0.3, \"y\": -0.3}}}]},"
      "     {\"layoutSize\": " SIZE(FW(0.3), FH(0.45)) "}]}},"
      "  {\"itemCount\": 9, \"orthogonalScrollingBehavior\": \"continuous\","
      "   \"interGroupSpacing\": 9.7,"
      "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.71), ABS(123.4)) ","
      "    \"subitems\": " ONE_CELL "}},"
      "  {\"itemCount\": 7, \"orthogonalScrollingBehavior\": \"groupPagingCentered\","
      "   \"orthogonalScrollingProperties\": {\"loop\": true}, \"interGroupSpacing\": 3.1,"
      "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.83), ABS(77.7)) ","
      "    \"subitems\": " ONE_CELL "}},"
      "  {\"itemCount\": 40, \"interGroupSpacing\": 0.7,"
      "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), "{\"estimated\": 51.3}") ","
      "    \"subitems\": [{\"layoutSize\": " SIZE(FW(1), "{\"estimated\": 51.3}") "}]}}]}",
      layout_direction, direction, loop ? "true" : "false");
  sl_layout *layout = layout_of(json);
  if (layout == NULL) return;
  for (int64_t item = 1; item < 40; item += 3)
    CHECK_STATUS(sl_layout_report_item_size(layout, 4, item, 100 + (double)item / 7,
                                            31.17 + (double)item * 3.3, NULL),
                 SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 2, 37.37), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 3, -1234.567), SL_OK);
  sl_scroll_info info;
  CHECK_STATUS(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info), SL_OK);
  /* Scrolled by a fraction, so that the pinned header moves off its natural frame. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 17.17), SL_OK);
  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  char what[128];
  snprintf(what, sizeof what, "compositional (%s, %s%s)", direction, layout_direction,
           loop ? ", looping" : "");
  /* Room for the carousel's cells scrolled out across, and one lap either side of the content
   * for a loop: the copies the smaller rects reach. */
  double wide = loop ? 1 : 0, room = 5000;
  sl_rect everything = {-room - wide * content.width, -room - wide * content.height,
                        content.width * (1 + 2 * wide) + 2 * room,
                        content.height * (1 + 2 * wide) + 2 * room};
  check_edges(layout, everything, what);
  sl_layout_destroy(layout);
}

/* A self-sizing flow of tags measured at lengths binary cannot hold. */
static void test_flow(const char *direction, const char *layout_direction) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"environment\": {\"container\": {\"width\": 390.3, \"height\": 844.7},"
           "  \"layoutDirection\": \"%s\"},"
           " \"flowLayout\": {\"scrollDirection\": \"%s\", \"minimumLineSpacing\": 0.7,"
           "  \"minimumInteritemSpacing\": 1.3,"
           "  \"estimatedItemSize\": {\"width\": 50, \"height\": 50},"
           "  \"headerReferenceSize\": {\"width\": 44.1, \"height\": 44.1},"
           "  \"sectionInset\": {\"top\": 7.3, \"left\": 0.1, \"bottom\": 0, \"right\": 3.3}},"
           " \"sections\": [{\"itemCount\": 60}]}",
           layout_direction, direction);
  sl_layout *layout = layout_of(json);
  if (layout == NULL) return;
  unsigned state = 7;
  for (int64_t item = 0; item < 60; item++) {
    state = state * 1103515245u + 12345u;
    double a = 10.1 + (double)((state >> 8) % 1200) / 10, b = 20.3 + (double)((state >> 4) % 300) / 7;
    CHECK_STATUS(sl_layout_report_item_size(layout, 0, item, a, b, NULL), SL_OK);
  }
  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  char what[96];
  snprintf(what, sizeof what, "flow (%s, %s)", direction, layout_direction);
  check_edges(layout, (sl_rect){-100, -100, content.width + 200, content.height + 200}, what);
  sl_layout_destroy(layout);
}

/* The wrong answers of review 9 (a random differential driver: 63,000 layouts, rects on and
 * around every edge against a large rect's answer), each in the smallest layout it showed in:
 * `element` of `large`'s answer intersects `small` by the rule and must be in its answer. */
typedef struct {
  const char *what;
  const char *json;
  double main_offset;  /* NAN: left as created */
  int32_t section_with_offset;
  double section_offset;
  sl_rect large, small;
  int32_t category, section;
  int64_t item;
  int32_t copy;
} review_case;

/* A looping carousel of 11 cells two to a group, a badge on each group's first cell. */
#define PARTIAL_GROUP_LOOP                                                                      \
  "{" CONTAINER(390, 400) ", \"sections\": [{\"itemCount\": 11,"                                \
  " \"orthogonalScrollingBehavior\": \"continuous\","                                          \
  " \"orthogonalScrollingProperties\": {\"loop\": true}, \"group\": {\"group\": \"horizontal\"," \
  " \"layoutSize\": " SIZE(ABS(100), ABS(100)) ", \"subitems\": [{\"layoutSize\": "          \
  SIZE(FW(0.5), FH(1)) ", \"supplementaryItems\": [{\"elementKind\": \"badge\","               \
  " \"layoutSize\": " SIZE(ABS(20), ABS(20)) ", \"containerAnchor\": {\"edges\": [\"trailing\"]}," \
  " \"itemAnchor\": {\"edges\": []}}]}, {\"layoutSize\": " SIZE(FW(0.5), FH(1)) "}]}}]}"

static const review_case REVIEW_9[] = {
    /* A looping carousel of 11 cells two to a group: the partial last group's badge hangs 10 pt
     * past the seam, and copies were chosen by the full group's overhang. */
    {"orthogonal loop, badge of a partial group past the seam",
     PARTIAL_GROUP_LOOP,
     NAN, 0, 0, {0, 0, 1000, 400}, {552, 0, 5, 400}, SL_ELEMENT_SUPPLEMENTARY, 0, 10, 0},
    /* The same carousel's copy -1: its badge at x -10. */
    {"orthogonal loop, badge of a partial group, copy -1",
     PARTIAL_GROUP_LOOP,
     NAN, 0, 0, {-300, 0, 1000, 400}, {2, 0, 5, 400}, SL_ELEMENT_SUPPLEMENTARY, 0, 10, -1},
    /* An orthogonal loop at lap 5: the copy starting where the rect ends was lost to the
     * rounding of its shift. */
    {"orthogonal loop, a copy starting on the rect's edge",
     "{" CONTAINER(390, 400) ", \"sections\": [{\"itemCount\": 5,"
     " \"orthogonalScrollingBehavior\": \"continuous\","
     " \"orthogonalScrollingProperties\": {\"loop\": true}, \"group\": {\"group\": \"horizontal\","
     " \"layoutSize\": " SIZE(ABS(593.04), ABS(50)) ", \"subitems\": " ONE_CELL "}}]}",
     NAN, 0, 8494, {5000, 0, 3000, 400}, {6331.9999999999991, 0, 0, 50}, SL_ELEMENT_CELL, 0, 0, 5},
    /* A looping main scroll scrolled 10,652 pt: the copy holding the layout header was lost. */
    {"main loop, the layout header of the offset's lap",
     "{" CONTAINER(621, 1010) ", \"configuration\": {\"interSectionSpacing\": 4.6,"
     " \"scrolling\": {\"loop\": true}, \"boundarySupplementaryItems\": [{\"elementKind\": \"top\","
     " \"alignment\": \"top\", \"layoutSize\": " SIZE(FW(1), ABS(26)) "}]},"
     " \"sections\": [{\"itemCount\": 35, \"interGroupSpacing\": 6.798142086300941,"
     " \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(ABS(293), ABS(82)) ","
     " \"subitems\": " ONE_CELL "}}]}",
     10652, -1, 0, {-100, -500, 1000, 1000}, {-20, 1e-20, 661, 0}, SL_ELEMENT_SUPPLEMENTARY,
     SL_SECTION_LAYOUT, 0, 0},
    /* A right-to-left horizontal layout 0 wide: its decoration, 0 wide at x = 0, is on the
     * leading edge of a rect starting there (mirroring turns the half-open spans around). */
    {"right to left, content 0 wide, a decoration 0 wide",
     "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844},"
     " \"layoutDirection\": \"rightToLeft\"}, \"configuration\": {\"scrollDirection\": \"horizontal\"},"
     " \"sections\": [{\"itemCount\": 0, \"decorationItems\": [{\"elementKind\": \"bg\"}],"
     " \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(ABS(100), FH(1)) ","
     " \"subitems\": " ONE_CELL "}}]}",
     NAN, 0, 0, {-100, -100, 1000, 1100}, {0, 0, 1, 844}, SL_ELEMENT_DECORATION, 0, 0, 0},
    /* Left to right, no loop: the last cell's frame ends 2 ulps past its section's span. */
    {"a cell ending 2 ulps past its section",
     "{" CONTAINER(842, 1122) ", \"sections\": [{\"itemCount\": 1, \"group\": {\"group\": \"horizontal\","
     " \"layoutSize\": " SIZE(FW(1), ABS(2289.1)) ", \"subitems\": " ONE_CELL "}},"
     " {\"itemCount\": 17, \"contentInsets\": {\"top\": 11.670623013730328},"
     " \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\","
     " \"layoutSize\": " SIZE(FW(1), ABS(59)) ", \"offset\": {\"y\": 7.88}}],"
     " \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(ABS(369), ABS(124.7841346003359)) ","
     " \"subitems\": [{\"layoutSize\": " SIZE(ABS(10), FH(1)) "}, {\"layoutSize\": "
     SIZE(ABS(55), ABS(0)) "}, {\"layoutSize\": " SIZE(FW(0.71), FH(1)) "}]}}]}",
     NAN, 0, 0, {-100, 2000, 1000, 1200}, {-20, 2975.8112960154099, 50, 0}, SL_ELEMENT_CELL, 1,
     16, 0},
    /* The rect soak's seed 1674 (`make rect-soak`): right to left, a looping main scroll far
     * out and a looping carousel of cards 68,495.8 pt wide. A rect 0 wide on a card's left
     * edge missed it: the test's rounding grows with the card's length, which the slack of
     * the rect's edges did not cover. */
    {"right to left, both loops, a card 68,495.8 pt wide",
     "{\"environment\": {\"container\": {\"width\": 346.45, \"height\": 82269.1}, \"layoutDire"
     "ction\": \"rightToLeft\", \"contentInsets\": {\"top\": 0, \"leading\": 20, \"bottom\": 1"
     "2.600199059510427, \"trailing\": 27.25}}, \"configuration\": {\"scrollDirection\": \"ver"
     "tical\", \"interSectionSpacing\": 18.3, \"scrolling\": {\"loop\": true, \"snapUnit\": \""
     "none\", \"contentInset\": {\"top\": 28.7, \"bottom\": 3.933121336330805, \"leading\": 37"
     ".09, \"trailing\": 3.2}}, \"boundarySupplementaryItems\": [{\"elementKind\": \"top\", \""
     "alignment\": \"bottomTrailing\", \"layoutSize\": {\"widthDimension\": {\"fractionalWidth"
     "\": 1}, \"heightDimension\": {\"absolute\": 54.2}}, \"extendsBoundary\": false, \"offset"
     "\": {\"x\": -8.83, \"y\": -9.2}}]}, \"sections\": [{\"itemCount\": 50000, \"contentInset"
     "s\": {\"top\": 7.9, \"leading\": 0, \"bottom\": 0, \"trailing\": 15}, \"orthogonalScroll"
     "ingBehavior\": \"groupPaging\", \"orthogonalScrollingProperties\": {\"loop\": true}, \"g"
     "roup\": {\"group\": \"horizontal\", \"layoutSize\": {\"widthDimension\": {\"absolute\": "
     "68495.8}, \"heightDimension\": {\"absolute\": 160.8}}, \"subitems\": [{\"layoutSize\": {"
     "\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimension\": {\"fractionalHeight\""
     ": 1}}}]}}, {\"itemCount\": 7, \"interGroupSpacing\": 13.4, \"group\": {\"group\": \"hori"
     "zontal\", \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimensi"
     "on\": {\"absolute\": 16672.2}}, \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\""
     "fractionalWidth\": 0.29426836843080256}, \"heightDimension\": {\"fractionalHeight\": 1}}"
     "}]}}]}",
     -148236720.52391267, 0, -97.657997164816678,
     {-846.45000000000005, -57879.602464226315, 2039.3500000000001, 164760.12008391114},
     {228.79200258254426, -12.1, 0, 200.80000000000001}, SL_ELEMENT_CELL, 0, 49999, -1},
};

static void test_review_9(void) {
  for (size_t k = 0; k < sizeof REVIEW_9 / sizeof REVIEW_9[0]; k++) {
    const review_case *c = &REVIEW_9[k];
    sl_layout *layout = layout_of(c->json);
    if (layout == NULL) continue;
    if (c->section_offset != 0)
      CHECK_STATUS(sl_layout_set_scroll_offset(layout, c->section_with_offset, c->section_offset),
                   SL_OK);
    if (!isnan(c->main_offset))
      CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, c->main_offset), SL_OK);
    element_list large = query(layout, c->large);
    const sl_element *element = NULL;
    for (size_t e = 0; e < large.count && element == NULL; e++) {
      const sl_element *m = &large.items[e];
      if (m->category == c->category && m->section == c->section && m->item == c->item &&
          m->copy == c->copy)
        element = m;
    }
    CHECK(element != NULL, "%s: the large rect lacks the element", c->what);
    if (element != NULL) {
      CHECK(test_intersects(element->frame, c->small), "%s: the element misses the rect",
            c->what);
      check_rect(layout, &large, c->small, c->what);
      /* And rects on and around every edge of the large rect's elements. */
      check_edges(layout, c->large, c->what);
    }
    free(large.items);
    sl_layout_destroy(layout);
  }
}

/* Review 10 (a random differential driver of changes and queries): repetitions of a self-sizing
 * section measured 0 long, several in a row, hold cells on the near edge of a rect that starts
 * where they are; the search for the rect's first repetition skipped all but the last of them
 * (it allowed one repetition of slack), or, where its sums differed from the frames by an ulp,
 * the cell before them. Checked with rects on and around every edge of every element. */
static void test_review_10(void) {
  /* A list whose rows 0, 1 and 4 to 6 are measured 0 tall (runs at the start and inside). */
  sl_layout *list = layout_of(
      "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 12, \"group\": {\"group\":"
      " \"horizontal\", \"layoutSize\": " SIZE(FW(1), "{\"estimated\": 50}") ", \"subitems\":"
      " [{\"layoutSize\": " SIZE(FW(1), "{\"estimated\": 50}") "}]}}]}");
  if (list != NULL) {
    const int64_t zero[] = {0, 1, 4, 5, 6};
    for (size_t k = 0; k < sizeof zero / sizeof zero[0]; k++)
      CHECK_STATUS(sl_layout_report_item_size(list, 0, zero[k], 390, 0, NULL), SL_OK);
    CHECK_STATUS(sl_layout_report_item_size(list, 0, 2, 390, 33.3, NULL), SL_OK);
    check_edges(list, (sl_rect){-100, -100, 600, 1000}, "review 10: a list with rows 0 tall");
    sl_layout_destroy(list);
  }
  /* The driver's case: columns of two cells in a horizontal layout, the fourth measured 0
   * wide; a rect starting an ulp before it missed the cell ending there. */
  sl_layout *columns = layout_of(
      "{\"configuration\": {\"scrollDirection\": \"horizontal\"}, \"sections\": [{\"itemCount\":"
      " 15, \"group\": {\"group\": \"vertical\", \"layoutSize\": {\"widthDimension\":"
      " {\"estimated\": 30.553759696047859}, \"heightDimension\": {\"fractionalHeight\": 1}},"
      " \"subitem\": {\"layoutSize\": {\"widthDimension\": {\"estimated\": 30.553759696047859},"
      " \"heightDimension\": {\"fractionalHeight\": 1}}}, \"count\": 2}}]}");
  if (columns != NULL) {
    CHECK_STATUS(sl_layout_set_container_size(columns, 844, 390), SL_OK);
    const sl_size sizes[] = {{1409, 110.96875},         {39.5, 81.59375},
                             {64, 54.89084969345469},   {130.92842678111103, 0},
                             {102.03360581618219, 59.5}, {187.40858307117151, 0},
                             {0, 56},                   {0, 70}};
    CHECK_STATUS(sl_layout_report_item_sizes(columns, 0, 0, sizes, 8, NULL), SL_OK);
    check_edges(columns, (sl_rect){-100, -100, 3000, 600},
                "review 10: a horizontal layout with a column 0 wide");
    sl_layout_destroy(columns);
  }
}

/* The rect soak's seed 50041: an orthogonal section of a horizontal layout whose cells are 0
 * wide (their insets outgrow the estimated group) and end its span along the main axis. The
 * section was skipped when its span's end (its start plus its local extent, summed in another
 * order than the cells' frames) fell an ulp short of the rect's near edge, where the cells are:
 * a rect starting at them missed them. */
static void test_rect_soak_50041(void) {
  sl_layout *layout = layout_of(
      "{" CONTAINER(953.87, 1018) ", \"configuration\": {\"scrollDirection\": \"horizontal\","
      " \"boundarySupplementaryItems\": [{\"elementKind\": \"bottom\", \"alignment\":"
      " \"topLeading\", \"layoutSize\": " SIZE("{\"absolute\": 35.8}", "{\"absolute\": 148.8}")
      "}]}, \"sections\": [{\"itemCount\": 4, \"orthogonalScrollingBehavior\": \"paging\","
      " \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\":"
      " \"leading\", \"layoutSize\": " SIZE("{\"absolute\": 41.67}", "{\"absolute\": 40.56}")
      "}], \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE("{\"estimated\": 25}", "{\"absolute\": 49.2}") ", \"interItemSpacing\":"
      " {\"flexible\": 6.6}, \"subitem\": {\"layoutSize\": "
      SIZE("{\"estimated\": 62}", FH(1)) ", \"contentInsets\": {\"top\": 1.457308932717677,"
      " \"leading\": 5.819161013945752, \"bottom\": 0, \"trailing\": 4}}, \"count\": 4}}]}");
  if (layout == NULL) return;
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 3, &frame), SL_OK);
  CHECK(frame.width == 0, "seed 50041: the cell is %.17g wide, not 0", frame.width);
  element_list all = query(layout, (sl_rect){-100, -100, 1200, 1200});
  check_rect(layout, &all, (sl_rect){frame.x, frame.y - 5, 1, frame.height + 10},
             "seed 50041: a rect starting at a cell 0 wide");
  free(all.items);
  check_edges(layout, (sl_rect){-100, -100, 1200, 1200},
              "seed 50041: an orthogonal section ending in cells 0 wide");
  sl_layout_destroy(layout);
}

/* The state soak's seed 39657: a right-to-left horizontal layout 20 pt long in a container
 * 1,024 pt wide, and rects from its far end (x = 20, or an ulp before) over more than the
 * container: canonical -1,050 ... 0, whose far end, kept as the start plus the length, came
 * out an ulp of 1,050 below 0 and left out every element at 0 (a header 0 wide at x = 20, the
 * cells ending there). The candidates' far edge now takes the near edge's magnitude too. */
static void test_state_soak_39657(void) {
  sl_layout *layout = layout_of(
      "{\"environment\": {\"container\": {\"width\": 1024, \"height\": 768},"
      " \"layoutDirection\": \"rightToLeft\"},"
      " \"configuration\": {\"scrollDirection\": \"horizontal\"},"
      " \"sections\": [{\"itemCount\": 2, \"boundarySupplementaryItems\": [{\"elementKind\":"
      " \"header\", \"alignment\": \"leading\", \"pinToVisibleBounds\": true, \"layoutSize\": "
      SIZE("{\"estimated\": 38.9}", FH(1)) "}], \"group\": {\"group\": \"vertical\","
      " \"layoutSize\": " SIZE("{\"absolute\": 20}", FH(1)) ", \"subitem\": {\"layoutSize\": "
      SIZE(FW(1), FH(0.5)) "}, \"count\": 2}}]}");
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_report_supplementary_size(layout, 0, 0, 0, 768, NULL), SL_OK);
  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  CHECK(content.width == 20, "seed 39657: the content is %.17g long, not 20", content.width);
  element_list all = query(layout, (sl_rect){-100, -100, 1200, 1000});
  const double starts[2] = {20, nextafter(20, 0)};
  const double widths[3] = {1000, 1050, 1160.1169988123097};
  for (int s = 0; s < 2; s++)
    for (int w = 0; w < 3; w++)
      check_rect(layout, &all, (sl_rect){starts[s], 0, widths[w], 870.34177028962335},
                 "seed 39657: a rect from the far end of a short right-to-left content");
  free(all.items);
  check_edges(layout, (sl_rect){-100, -100, 1200, 1000},
              "seed 39657: a right-to-left horizontal layout shorter than its container");
  sl_layout_destroy(layout);
}

/* The rect soak's seeds 350808 and 361655: a right-to-left horizontal layout whose content is
 * 0.1 pt long, and a layout-level boundary item 55.67 pt long before it (x -55.57 ... 0.1 as the
 * host gets it, mirrored about the content: its far edge a sum rounded at 55.67, 0.1 +
 * 1.4e-15). A rect 0 to 6 pt wide starting an ulp inside that edge missed it: the candidates
 * of the layout-level items were not widened by the items' own magnitudes, as a section's
 * elements' are. */
static void test_rect_soak_350808(void) {
  sl_layout *layout = layout_of(
      "{\"environment\": {\"container\": {\"width\": 827.25198269298494, \"height\":"
      " 532.72448893488604}, \"layoutDirection\": \"rightToLeft\"},"
      " \"configuration\": {\"scrollDirection\": \"horizontal\", \"boundarySupplementaryItems\":"
      " [{\"elementKind\": \"top\", \"alignment\": \"leading\", \"pinToVisibleBounds\": true,"
      " \"extendsBoundary\": false, \"layoutSize\": "
      SIZE("{\"estimated\": 55.670618371855994}", "{\"absolute\": 186.19}") "}]},"
      " \"sections\": [{\"itemCount\": 0, \"contentInsets\": {\"top\": 0, \"leading\": 0,"
      " \"bottom\": 0, \"trailing\": 0.1}, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), "{\"absolute\": 88.1}") ", \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1))
      "}, \"count\": 1}}]}");
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 81.72), SL_OK);
  element_list all = query(layout, (sl_rect){-1000, -1000, 3000, 3000});
  CHECK(all.count == 1, "seed 350808: %zu elements, expected the layout-level item", all.count);
  if (all.count == 1) {
    sl_rect item = all.items[0].frame;
    double edge = item.x + item.width;
    const double widths[3] = {0, 1, 5.7597630186578286};
    for (int w = 0; w < 3; w++)
      check_rect(layout, &all, (sl_rect){nextafter(edge, 0), item.y - 20, widths[w], 226.19},
                 "seed 350808: a rect an ulp inside a layout-level item's far edge");
  }
  free(all.items);
  check_edges(layout, (sl_rect){-1000, -1000, 3000, 3000},
              "seed 350808: a layout-level item before a right-to-left content 0.1 pt long");
  sl_layout_destroy(layout);
}

/* The rect soak's seed 1114314: a right-to-left horizontal layout whose one section is 16 pt
 * long (a group 1.001 pt wide, 14.99 pt of insets) and its cells 23,924 pt wide, outgrowing it
 * along the main axis. Mirrored, a cell's far edge as the host gets it is a sum rounded at
 * 23,924 pt: 15.988189586907538, 1.5e-12 pt past the content's end. A rect from an ulp inside
 * it missed the cells: the sections were found with a slack of the rect's and the content's
 * magnitudes, before the cells' own lengths widened the query. The elements' reach along the
 * main axis widens it now. */
static void test_rect_soak_1114314(void) {
  sl_layout *layout = layout_of(
      "{\"environment\": {\"container\": {\"width\": 431.6776203849555, \"height\":"
      " 816.69609794374026}, \"layoutDirection\": \"rightToLeft\"},"
      " \"configuration\": {\"scrollDirection\": \"horizontal\", \"scrolling\": {\"loop\":"
      " true, \"snapUnit\": \"none\"}}, \"sections\": [{\"itemCount\": 123457,"
      " \"contentInsets\": {\"top\": 0, \"leading\": 0, \"bottom\": 17, \"trailing\":"
      " 14.987189586906018}, \"orthogonalScrollingBehavior\": \"continuous\","
      " \"orthogonalScrollingProperties\": {\"loop\": true}, \"group\": {\"group\":"
      " \"vertical\", \"layoutSize\": " SIZE("{\"absolute\": 1.0009999999999999}", FH(1))
      ", \"subitems\": [{\"layoutSize\": " SIZE("{\"absolute\": 23924.450956624929}", FH(0.5))
      "}]}}]}");
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, -226.69), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 591279113.54), SL_OK);
  sl_rect big = {-300, -1316.6960979437404, 615.98818958690606, 3450.0882938312211};
  element_list all = query(layout, big);
  CHECK(all.count > 0, "seed 1114314: no elements in the large rect");
  if (all.count > 0) {
    sl_rect cell = all.items[0].frame;
    double edge = cell.x + cell.width;
    sl_size content;
    CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
    CHECK(edge > content.width, "seed 1114314: the cells end at %.17g, not past the content",
          edge);
    const double widths[3] = {0, 1, 448.34804897187013};
    for (int w = 0; w < 3; w++)
      check_rect(layout, &all, (sl_rect){nextafter(edge, 0), 615.038048969486, widths[w],
                                         448.34804897187013},
                 "seed 1114314: a rect an ulp inside cells' far edge, past the content");
  }
  free(all.items);
  check_edges(layout, big, "seed 1114314: cells longer than their section, right to left");
  sl_layout_destroy(layout);
}

int main(void) {
  test_rect_soak_1114314();
  test_rect_soak_350808();
  test_review_9();
  test_review_10();
  test_rect_soak_50041();
  test_state_soak_39657();
  const char *directions[2] = {"vertical", "horizontal"};
  const char *layout_directions[2] = {"leftToRight", "rightToLeft"};
  for (int d = 0; d < 2; d++)
    for (int l = 0; l < 2; l++) {
      test_flow(directions[d], layout_directions[l]);
      for (int loop = 0; loop < 2; loop++)
        test_compositional(directions[d], layout_directions[l], loop);
    }
  return test_finish("test_rect_edges");
}
