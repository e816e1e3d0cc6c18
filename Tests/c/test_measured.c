/*
 * test_measured.c — layouts with measured cells (docs/SELF-SIZING.md) in the states real apps
 * reach: cells measured longer than their absolute row or group, in lists, grids with badges,
 * nested groups, orthogonal sections, horizontal and right-to-left layouts, flow layouts and
 * sections with pinned or measured headers. For each, after its reports:
 *
 *   - rect queries agree with the frames: every element whose frame meets a rect (windows down
 *     and across the content, thin rects at every cell's edges) is returned with the frame
 *     sl_layout_get_item_frame() gives, and nothing returned misses the rect (issue 16,
 *     defect 1);
 *   - every container's rest offsets are sorted and within its bounds (defect 3);
 *   - the state does not depend on history: reporting then forgetting sizes, or reporting one
 *     size then another, answers every read-only query of the header exactly as a layout that
 *     saw only the final sizes (defect 7; Tests/c/query_digest.h), also after the same later
 *     changes to both.
 */
#include <inttypes.h>

#include "test_support.h"

#include "measured_scenarios.h"
#include "query_digest.h"

static sl_layout *create_scenario(const scenario *s) {
  sl_layout *layout = scenario_layout(s);
  CHECK(layout != NULL, "%s: create failed: %s [%s]", s->name, sl_error_last()->message,
        sl_error_last()->path);
  return layout;
}

static void apply(sl_layout *layout, const report *reports, int count) {
  CHECK(scenario_report(layout, reports, count) == count, "a report failed: %s [%s]",
        sl_error_last()->message, sl_error_last()->path);
}

/* ---------------------------------------------------------------------------------------------
 * Rect queries agree with the frames (defect 1)
 * ------------------------------------------------------------------------------------------- */

/* Whether an element's frame overlaps a rect by more than `margin` on both axes (margin < 0:
 * touches it within -margin). */
static int overlaps(sl_rect a, sl_rect b, double margin) {
  return a.x + a.width - b.x > margin && b.x + b.width - a.x > margin &&
         a.y + a.height - b.y > margin && b.y + b.height - a.y > margin;
}

static int same_element(const sl_element *a, const sl_element *b) {
  return a->category == b->category && a->section == b->section && a->item == b->item &&
         a->kind == b->kind;
}

static int same_frame(sl_rect a, sl_rect b) {
  return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
}

static sl_element *query(const sl_layout *layout, sl_rect rect, size_t *count) {
  *count = 0;
  if (sl_layout_get_elements_in_rect(layout, rect, NULL, 0, count) != SL_OK) return NULL;
  sl_element *elements = calloc(*count + 1, sizeof *elements);
  if (elements == NULL) return NULL;
  if (sl_layout_get_elements_in_rect(layout, rect, elements, *count, count) != SL_OK) {
    free(elements);
    return NULL;
  }
  return elements;
}

/* Checks one rect query against `all` (every element of the layout). Returns the failures. */
static int check_window(const sl_layout *layout, sl_rect window, const sl_element *all,
                        size_t total, const char *name) {
  size_t count = 0;
  sl_element *found = query(layout, window, &count);
  if (found == NULL) {
    CHECK(0, "%s: the query (%g, %g, %g, %g) failed", name, window.x, window.y, window.width,
          window.height);
    return 1;
  }
  int failures = 0;
  for (size_t i = 0; i < count; i++) {
    if (!overlaps(found[i].frame, window, -1e-9)) {
      failures++;
      CHECK(0, "%s: element %d/%d/%" PRId64 " (%g, %g, %g, %g) does not meet (%g, %g, %g, %g)",
            name, found[i].category, found[i].section, found[i].item, found[i].frame.x,
            found[i].frame.y, found[i].frame.width, found[i].frame.height, window.x, window.y,
            window.width, window.height);
    }
  }
  for (size_t j = 0; j < total && failures < 5; j++) {
    if (!overlaps(all[j].frame, window, 1e-9)) continue;
    size_t i = 0;
    while (i < count && !same_element(&found[i], &all[j])) i++;
    if (i == count || !same_frame(found[i].frame, all[j].frame)) {
      failures++;
      CHECK(0, "%s: rect (%g, %g, %g, %g) %s element %d/%d/%" PRId64 "/%d (%g, %g, %g, %g)",
            name, window.x, window.y, window.width, window.height,
            i == count ? "misses" : "gives another frame for", all[j].category, all[j].section,
            all[j].item, all[j].kind, all[j].frame.x, all[j].frame.y, all[j].frame.width,
            all[j].frame.height);
    }
  }
  free(found);
  return failures;
}

static void check_rects(const sl_layout *layout, const char *name) {
  size_t total = 0;
  sl_element *all = query(layout, (sl_rect){-1e7, -1e7, 2e7, 2e7}, &total);
  CHECK(all != NULL && total > 0, "%s: no elements", name);
  if (all == NULL) return;
  double min_x = 0, min_y = 0, max_x = 0, max_y = 0;
  for (size_t j = 0; j < total; j++) {
    sl_rect f = all[j].frame;
    if (f.x < min_x) min_x = f.x;
    if (f.y < min_y) min_y = f.y;
    if (f.x + f.width > max_x) max_x = f.x + f.width;
    if (f.y + f.height > max_y) max_y = f.y + f.height;
    /* A cell's frame is the one sl_layout_get_item_frame() gives. */
    if (all[j].category == SL_ELEMENT_CELL) {
      sl_rect frame;
      CHECK_STATUS(sl_layout_get_item_frame(layout, all[j].section, all[j].item, &frame), SL_OK);
      CHECK(same_frame(frame, f), "%s: cell %d/%" PRId64 ": query (%.17g, %.17g, %g, %g), "
            "get_item_frame (%.17g, %.17g, %g, %g)", name, all[j].section, all[j].item, f.x, f.y,
            f.width, f.height, frame.x, frame.y, frame.width, frame.height);
    }
  }
  int failures = 0;
  /* Windows down and across everything, of two lengths. */
  for (int w = 0; w < 80 && failures < 5; w++) {
    double length = w % 2 ? 23.25 : 97.5;
    double along_y = min_y - 50 + (max_y - min_y + 100) * w / 80.0;
    double along_x = min_x - 50 + (max_x - min_x + 100) * w / 80.0;
    failures += check_window(layout, (sl_rect){min_x - 10, along_y, max_x - min_x + 20, length},
                             all, total, name);
    failures += check_window(layout, (sl_rect){along_x, min_y - 10, length, max_y - min_y + 20},
                             all, total, name);
  }
  /* Thin rects just inside each edge of every element, and its centre. */
  for (size_t j = 0; j < total && failures < 5; j++) {
    sl_rect f = all[j].frame;
    if (f.width <= 0 || f.height <= 0) continue;
    double ex = f.width < 2 ? f.width / 4 : 0.5, ey = f.height < 2 ? f.height / 4 : 0.5;
    sl_rect probes[5] = {
        {f.x, f.y + f.height - ey, f.width, ey / 2}, {f.x, f.y + ey / 2, f.width, ey / 2},
        {f.x + f.width - ex, f.y, ex / 2, f.height}, {f.x + ex / 2, f.y, ex / 2, f.height},
        {f.x + f.width / 2, f.y + f.height / 2, 0.001, 0.001}};
    for (int p = 0; p < 5; p++) failures += check_window(layout, probes[p], all, total, name);
  }
  free(all);
}

/* ---------------------------------------------------------------------------------------------
 * Rest offsets are sorted and within bounds (defect 3)
 * ------------------------------------------------------------------------------------------- */

static void check_snaps(const sl_layout *layout, const char *name) {
  int32_t sections = 0;
  sl_layout_get_section_count(layout, &sections);
  for (int32_t container = -1; container < sections; container++) {
    sl_scroll_info info;
    if (sl_layout_get_scroll_info(layout, container, &info) != SL_OK) continue;
    size_t count = 0;
    CHECK_STATUS(sl_layout_get_snap_offsets(layout, container, 0, NULL, 0, &count), SL_OK);
    CHECK(count == (size_t)info.snap_count, "%s: %zu offsets, snap_count %" PRId64, name, count,
          info.snap_count);
    double *offsets = calloc(count + 1, sizeof *offsets);
    if (offsets == NULL) return;
    CHECK_STATUS(sl_layout_get_snap_offsets(layout, container, 0, offsets, count, &count), SL_OK);
    int bad = 0;
    for (size_t k = 0; k < count && bad < 3; k++) {
      if (k > 0 && !(offsets[k - 1] <= offsets[k])) {
        bad++;
        CHECK(0, "%s: container %d: rest offset %zu = %g after %g", name, container, k,
              offsets[k], offsets[k - 1]);
      }
      if (!(offsets[k] >= info.min_offset && offsets[k] <= info.max_offset)) {
        bad++;
        CHECK(0, "%s: container %d: rest offset %zu = %g outside %g ... %g", name, container, k,
              offsets[k], info.min_offset, info.max_offset);
      }
      /* The snap position of a rest offset is that rest position (or an equal one). */
      sl_snap_position position;
      CHECK_STATUS(sl_layout_get_snap_position(layout, container, offsets[k], &position), SL_OK);
      if (position.index < 0 || (size_t)position.index >= count ||
          offsets[position.index] != offsets[k]) {
        bad++;
        CHECK(0, "%s: container %d: offset %g of rest %zu is nearest rest %" PRId64, name,
              container, offsets[k], k, position.index);
      }
    }
    free(offsets);
  }
}

static void check_scenario_invariants(void) {
  for (size_t i = 0; i < SCENARIO_COUNT; i++) {
    const scenario *s = &SCENARIOS[i];
    sl_layout *layout = create_scenario(s);
    if (layout == NULL) continue;
    check_rects(layout, s->name);
    check_snaps(layout, s->name);
    apply(layout, s->reports, report_count(s->reports, 6));
    check_rects(layout, s->name);
    check_snaps(layout, s->name);
    /* Scrolled, so that pinned headers and centring move. */
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 137.5), SL_OK);
    check_rects(layout, s->name);
    sl_layout_destroy(layout);
  }
}

/* The example of issue 16: a 390 x 120 cell in a 50-pt row; a rect at y 110 ... 115. */
static void test_issue_example(void) {
  sl_layout *layout = create_scenario(&SCENARIOS[0]);
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 0, 390, 120, NULL), SL_OK);
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 0, &frame), SL_OK);
  CHECK(frame.y == 0 && frame.height == 120, "cell 0 at %g, %g tall", frame.y, frame.height);
  sl_element elements[8];
  size_t count = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, (sl_rect){0, 110, 390, 5}, elements, 8,
                                              &count),
               SL_OK);
  CHECK(count == 2 && elements[0].item == 0 && elements[1].item == 2,
        "rect y 110 ... 115: %zu elements, first item %" PRId64, count,
        count > 0 ? elements[0].item : -1);
  /* The row keeps its absolute height: item 1 starts at 50, the content is 60 rows. */
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 1, &frame), SL_OK);
  CHECK(frame.y == 50, "item 1 at %g", frame.y);
  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  CHECK(content.height == 3000, "content height %g", content.height);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * History (defect 7)
 * ------------------------------------------------------------------------------------------- */

static void digest_of(const sl_layout *layout, query_digest *d) {
  memset(d, 0, sizeof *d);
  digest_layout(d, layout);
}

static int compare(const sl_layout *got, const sl_layout *expected, const char *name,
                   const char *what) {
  query_digest a, b;
  digest_of(got, &a);
  digest_of(expected, &b);
  char label[256];
  snprintf(label, sizeof label, "%s: %s", name, what);
  int equal = digest_equal(&a, &b, label);
  CHECK(equal, "%s: the layout answers differently from one that saw only its final sizes",
        label);
  digest_free(&a);
  digest_free(&b);
  return equal;
}

/* The same later changes to both layouts: another report, a new container, a reset. */
static void then_both(sl_layout *a, sl_layout *b, const scenario *s) {
  const report *first = &s->reports[0];
  for (int side = 0; side < 2; side++) {
    sl_layout *layout = side ? b : a;
    CHECK_STATUS(sl_layout_report_item_size(layout, first->section, first->item + 1,
                                            first->width + 7, first->height + 9, NULL),
                 SL_OK);
    sl_size container;
    CHECK_STATUS(sl_layout_get_container_size(layout, &container), SL_OK);
    CHECK_STATUS(sl_layout_set_container_size(layout, container.width + 40, container.height),
                 SL_OK);
    CHECK_STATUS(sl_layout_reset_item_size(layout, first->section, first->item + 1, NULL),
                 SL_OK);
  }
}

static void test_history(void) {
  for (size_t i = 0; i < SCENARIO_COUNT; i++) {
    const scenario *s = &SCENARIOS[i];
    int reports = report_count(s->reports, 6);
    int again = report_count(s->again, 3);

    /* Report then reset, in both orders: a fresh layout. */
    for (int order = 0; order < 2; order++) {
      sl_layout *layout = create_scenario(s), *fresh = create_scenario(s);
      if (layout == NULL || fresh == NULL) continue;
      apply(layout, s->reports, reports);
      for (int r = 0; r < reports; r++) {
        const report *one = &s->reports[order ? reports - 1 - r : r];
        CHECK_STATUS(sl_layout_reset_item_size(layout, one->section, one->item, NULL), SL_OK);
      }
      if (compare(layout, fresh, s->name, order ? "report, reset backwards" : "report, reset"))
        then_both(layout, fresh, s);
      compare(layout, fresh, s->name, "report, reset, then the same changes");
      sl_layout_destroy(layout);
      sl_layout_destroy(fresh);
    }

    /* Report A then B against B alone; and reset all but one against that one alone. */
    {
      sl_layout *layout = create_scenario(s), *direct = create_scenario(s);
      if (layout == NULL || direct == NULL) continue;
      apply(layout, s->reports, reports);
      apply(layout, s->again, again);
      report final[9];
      int count = 0;
      for (int r = 0; r < reports; r++) {
        final[count] = s->reports[r];
        for (int g = 0; g < again; g++)
          if (s->again[g].section == final[count].section && s->again[g].item == final[count].item)
            final[count] = s->again[g];
        count++;
      }
      apply(direct, final, count);
      if (compare(layout, direct, s->name, "report A then B"))
        then_both(layout, direct, s);
      compare(layout, direct, s->name, "report A then B, then the same changes");
      sl_layout_destroy(layout);
      sl_layout_destroy(direct);
    }
    {
      sl_layout *layout = create_scenario(s), *direct = create_scenario(s);
      if (layout == NULL || direct == NULL) continue;
      apply(layout, s->reports, reports);
      for (int r = 1; r < reports; r++)
        CHECK_STATUS(sl_layout_reset_item_size(layout, s->reports[r].section, s->reports[r].item,
                                               NULL),
                     SL_OK);
      apply(direct, s->reports, 1);
      compare(layout, direct, s->name, "all reset but the first");
      sl_layout_destroy(layout);
      sl_layout_destroy(direct);
    }
  }
}

/* Headers measured, then forgotten or measured again: the same state as the final sizes, to the
 * last bit (the sections after the header are placed where a solve places them). */
static void test_supplementary_history(void) {
  const scenario *s = &SCENARIOS[3]; /* a measured header in section 0 */
  sl_layout *layout = create_scenario(s), *fresh = create_scenario(s);
  int32_t header = -1;
  if (layout == NULL || fresh == NULL) return;
  CHECK_STATUS(sl_layout_find_element_kind(layout, "header", &header), SL_OK);
  CHECK_STATUS(sl_layout_report_supplementary_size(layout, 0, header, 390, 91.3, NULL), SL_OK);
  CHECK_STATUS(sl_layout_report_item_size(layout, 1, 2, 390, 70.7, NULL), SL_OK);
  CHECK_STATUS(sl_layout_reset_supplementary_size(layout, 0, header, NULL), SL_OK);
  CHECK_STATUS(sl_layout_reset_item_size(layout, 1, 2, NULL), SL_OK);
  compare(layout, fresh, s->name, "header reported, then forgotten");
  CHECK_STATUS(sl_layout_report_supplementary_size(layout, 0, header, 390, 12.1, NULL), SL_OK);
  CHECK_STATUS(sl_layout_report_supplementary_size(layout, 0, header, 390, 55.9, NULL), SL_OK);
  CHECK_STATUS(sl_layout_report_supplementary_size(fresh, 0, header, 390, 55.9, NULL), SL_OK);
  compare(layout, fresh, s->name, "header reported twice");
  sl_layout_destroy(layout);
  sl_layout_destroy(fresh);
}

/* A repetition whose last measured cell is forgotten while the section's share changes (every
 * measured repetition solved again) keeps no trace of it (docs/SELF-SIZING.md rule 14): rows of
 * estimated width around one uniformAcrossSiblings cell; item 2 measured 64.5 wide, item 1
 * 325 wide, then item 1 forgotten. The content is as wide as the container (200), as in a
 * layout that saw only item 2's size; it stayed 325 wide. */
static void test_forgotten_cross_extent(void) {
  static const char json[] =
      "{\"environment\": {" SCENARIO_CONTAINER(200, 800) "},"
      " \"sections\": [{\"itemCount\": 4, \"group\": {\"group\": \"horizontal\","
      "  \"layoutSize\": " SIZE(EST(68.5), ABS(100)) ","
      "  \"subitems\": [{\"layoutSize\": " SIZE(UNI(64.5), ABS(100)) "}]}}]}";
  sl_layout *layout = create_layout(json), *direct = create_layout(json);
  if (layout == NULL || direct == NULL) {
    sl_layout_destroy(layout);
    sl_layout_destroy(direct);
    return;
  }
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 2, 64.5, 100, NULL), SL_OK);
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 1, 325, 100, NULL), SL_OK);
  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  CHECK(content.width == 325, "content width %g while item 1 is 325 wide", content.width);
  CHECK_STATUS(sl_layout_reset_item_size(layout, 0, 1, NULL), SL_OK);
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  CHECK(content.width == 200 && content.height == 400,
        "content %g x %g after item 1 is forgotten, expected 200 x 400", content.width,
        content.height);
  CHECK_STATUS(sl_layout_report_item_size(direct, 0, 2, 64.5, 100, NULL), SL_OK);
  compare(layout, direct, "uniform cell in rows of estimated width", "a wide size forgotten");
  sl_layout_destroy(layout);
  sl_layout_destroy(direct);
}

/* A container size the layout cannot take changes nothing, measured cells included: they are
 * measured again on a copy (docs/SELF-SIZING.md rule 10). Here a measured row's delta depends
 * on the width (its other cell is half as tall as it is wide) and the last section cannot
 * fit 250 pt. */
static void test_failed_resize(void) {
  static const char json[] =
      "{\"environment\": {" SCENARIO_CONTAINER(390, 600) "},"
      " \"sections\": [{\"itemCount\": 20, \"group\": {\"group\": \"horizontal\","
      "  \"layoutSize\": " SIZE(FW(1), EST(50)) ", \"subitems\": ["
      "   {\"layoutSize\": " SIZE(FW(0.5), EST(50)) ", " BADGE "},"
      "   {\"layoutSize\": " SIZE(FW(0.5), FW(0.5)) "}]}},"
      " {\"itemCount\": 3, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), ABS(40)) ", \"subitems\": [{\"layoutSize\": " SIZE(ABS(300), ABS(40)) "}]}}]}";
  sl_layout *layout = create_layout(json);
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 2, 10, 300, NULL), SL_OK);
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 8, 10, 20, NULL), SL_OK);
  query_digest before, after;
  digest_of(layout, &before);
  CHECK_ERROR(sl_layout_set_container_size(layout, 250, 600), SL_ECONFIG, NULL, "cannot fit");
  digest_of(layout, &after);
  CHECK(digest_equal(&after, &before, "failed resize"), "a failed resize changed the layout");
  digest_free(&before);
  digest_free(&after);
  sl_layout_destroy(layout);
}

int main(void) {
  test_issue_example();
  check_scenario_invariants();
  test_history();
  test_supplementary_history();
  test_failed_resize();
  test_forgotten_cross_extent();
  return test_finish("test_measured");
}
