/*
 * test_batch_reports.c — sl_layout_report_item_sizes (docs/SELF-SIZING.md, "Many sizes at
 * once"): many measured sizes in one call leave the layout as the same sizes reported one at a
 * time in item order do, frame for frame and offset for offset, in lists, grids, orthogonal
 * carousels, horizontal layouts and self-sizing flow sections; every bad argument is refused by
 * name and changes nothing.
 */
#include <stdint.h>
#include <stdlib.h>

#include "test_support.h"

#define EST(x) "{\"estimated\": " #x "}"

/* Rows estimated at 44 pt, one a row. */
static const char LIST_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"sections\": [{\"itemCount\": 700, \"interGroupSpacing\": 8,"
    "   \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(FW(1), EST(44)) ","
    "     \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(44)) "}]}},"
    "  {\"itemCount\": 50,"
    "   \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(FW(1), EST(30)) ","
    "     \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(30)) "}]}}]}";

/* Three estimated cells a row: a row takes its tallest cell; 301 items, the last row short. */
static const char GRID_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"sections\": [{\"itemCount\": 301, \"interGroupSpacing\": 4,"
    "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), EST(60)) ","
    "     \"subitem\": {\"layoutSize\": " SIZE(FW(0.33), EST(60)) "}, \"count\": 3}}]}";

/* A carousel of estimated widths in a section of its own, under a list. */
static const char CAROUSEL_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"sections\": [{\"itemCount\": 200, \"orthogonalScrollingBehavior\": \"continuous\","
    "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(EST(120), ABS(80)) ","
    "     \"subitems\": [{\"layoutSize\": " SIZE(EST(120), FH(1)) "}]}},"
    "  {\"itemCount\": 100,"
    "   \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(FW(1), EST(44)) ","
    "     \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(44)) "}]}}]}";

/* The whole layout scrolls horizontally: columns of estimated widths. */
static const char HORIZONTAL_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"configuration\": {\"scrollDirection\": \"horizontal\"},"
    " \"sections\": [{\"itemCount\": 400, \"interGroupSpacing\": 2,"
    "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(EST(50), FH(1)) ","
    "     \"subitems\": [{\"layoutSize\": " SIZE(EST(50), FH(1)) "}]}}]}";

/* A self-sizing flow section. */
static const char FLOW_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"flowLayout\": {\"estimatedItemSize\": {\"width\": 80, \"height\": 40},"
    "  \"minimumInteritemSpacing\": 6, \"minimumLineSpacing\": 4},"
    " \"sections\": [{\"itemCount\": 500}]}";

static uint64_t lcg_state = 2026;
static uint32_t lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(lcg_state >> 33);
}

/* Multiples of 1/4 pt from 1 to about 250: kept exactly. */
static double random_length(void) { return 1 + (double)(lcg() % 1000) / 4; }

static int same_rect(sl_rect a, sl_rect b) {
  return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
}

/* Every item's frame, the content size and (with `offsets`) both kinds of offsets of `a` and
   `b` are the same bits. */
static int same_layouts_offsets(const sl_layout *a, const sl_layout *b, const char *what,
                                int offsets) {
  int32_t sections = 0;
  CHECK_STATUS(sl_layout_get_section_count(a, &sections), SL_OK);
  int differences = 0;
  for (int32_t section = 0; section < sections; section++) {
    int64_t items = 0;
    CHECK_STATUS(sl_layout_get_item_count(a, section, &items), SL_OK);
    for (int64_t item = 0; item < items; item++) {
      sl_rect fa, fb;
      CHECK_STATUS(sl_layout_get_item_frame(a, section, item, &fa), SL_OK);
      CHECK_STATUS(sl_layout_get_item_frame(b, section, item, &fb), SL_OK);
      if (!same_rect(fa, fb) && differences++ < 3)
        fprintf(stderr, "%s: item %d/%lld: (%g, %g, %g, %g) against (%g, %g, %g, %g)\n", what,
                section, (long long)item, fa.x, fa.y, fa.width, fa.height, fb.x, fb.y,
                fb.width, fb.height);
    }
    double oa = 0, ob = 0;
    if (offsets && sl_layout_get_scroll_offset(a, section, &oa) == SL_OK) {
      CHECK_STATUS(sl_layout_get_scroll_offset(b, section, &ob), SL_OK);
      CHECK(oa == ob, "%s: section %d's offset %.17g against %.17g", what, section, oa, ob);
    }
  }
  sl_size ca, cb;
  CHECK_STATUS(sl_layout_get_content_size(a, &ca), SL_OK);
  CHECK_STATUS(sl_layout_get_content_size(b, &cb), SL_OK);
  CHECK(ca.width == cb.width && ca.height == cb.height, "%s: content %g x %g against %g x %g",
        what, ca.width, ca.height, cb.width, cb.height);
  double ma = 0, mb = 0;
  CHECK_STATUS(sl_layout_get_scroll_offset(a, SL_SCROLL_MAIN, &ma), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(b, SL_SCROLL_MAIN, &mb), SL_OK);
  if (offsets) CHECK(ma == mb, "%s: main offset %.17g against %.17g", what, ma, mb);
  CHECK(differences == 0, "%s: %d frames differ", what, differences);
  return differences == 0 && (!offsets || ma == mb);
}

static int same_layouts(const sl_layout *a, const sl_layout *b, const char *what) {
  return same_layouts_offsets(a, b, what, 1);
}

/* Random batches on one layout, the same sizes one at a time on the other, from an offset in
   the middle of the content: the layouts stay the same after every batch. The offsets too,
   with `lines` 0: a compositional section keeps the same repetition in place through every
   single report. A flow section's lines break again around each size, so the line at the
   leading edge, the content kept in place, may differ between a run of single reports and one
   change; its offsets are compared for batches of one item, and must be within bounds. */
static void check_batches_match_single_reports(const char *json, const char *name, int section,
                                               int64_t items, int with_width, int lines) {
  sl_layout *single = create_layout(json);
  sl_layout *batch = create_layout(json);
  if (single == NULL || batch == NULL) {
    sl_layout_destroy(single);
    sl_layout_destroy(batch);
    return;
  }
  CHECK_STATUS(sl_layout_set_scroll_offset(single, SL_SCROLL_MAIN, 1500), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(batch, SL_SCROLL_MAIN, 1500), SL_OK);
  int rounds = quick_mode() ? 6 : 25;
  sl_size *sizes = malloc(sizeof *sizes * (size_t)items);
  for (int round = 0; round < rounds; round++) {
    int64_t first = lcg() % (uint64_t)items;
    int64_t count = 1 + lcg() % (uint64_t)(items - first);
    if (round % 5 == 4) count = 1 + lcg() % 4; /* a few cells, as after a layout pass */
    for (int64_t i = 0; i < count; i++) {
      sizes[i].width = with_width ? random_length() : 390;
      sizes[i].height = random_length();
    }
    double moved = 0;
    for (int64_t i = 0; i < count; i++) {
      sl_size_report report;
      CHECK_STATUS(sl_layout_report_item_size(single, section, first + i, sizes[i].width,
                                              sizes[i].height, &report),
                   SL_OK);
      moved += report.main_offset_adjustment;
    }
    sl_size_report report;
    CHECK_STATUS(
        sl_layout_report_item_sizes(batch, section, first, sizes, (size_t)count, &report),
        SL_OK);
    char what[96];
    snprintf(what, sizeof what, "%s, round %d (items %lld + %lld)", name, round,
             (long long)first, (long long)count);
    int offsets = !lines || count == 1;
    if (!same_layouts_offsets(single, batch, what, offsets)) break;
    if (!offsets) {
      /* Keep the two on the same offset for the next round. */
      double offset = 0;
      CHECK_STATUS(sl_layout_get_scroll_offset(batch, SL_SCROLL_MAIN, &offset), SL_OK);
      sl_size content;
      CHECK_STATUS(sl_layout_get_content_size(batch, &content), SL_OK);
      CHECK(offset >= 0 && offset <= content.height - 844, "%s: offset %g out of bounds", what,
            offset);
      CHECK_STATUS(sl_layout_set_scroll_offset(single, SL_SCROLL_MAIN, offset), SL_OK);
      continue;
    }
    sl_size content;
    CHECK_STATUS(sl_layout_get_content_size(batch, &content), SL_OK);
    CHECK(report.content_size.width == content.width &&
              report.content_size.height == content.height,
          "%s: the report's content size", what);
    /* The batch's move is the moves of the single reports (exactly, unless they rounded). */
    CHECK_NEAR(report.main_offset_adjustment, moved, 1e-6);
  }
  free(sizes);
  sl_layout_destroy(single);
  sl_layout_destroy(batch);
}

static void test_batches_match_single_reports(void) {
  check_batches_match_single_reports(LIST_JSON, "list", 0, 700, 0, 0);
  check_batches_match_single_reports(LIST_JSON, "list, second section", 1, 50, 0, 0);
  check_batches_match_single_reports(GRID_JSON, "grid", 0, 301, 1, 0);
  check_batches_match_single_reports(CAROUSEL_JSON, "carousel", 0, 200, 1, 0);
  check_batches_match_single_reports(HORIZONTAL_JSON, "horizontal", 0, 400, 1, 0);
  check_batches_match_single_reports(FLOW_JSON, "flow", 0, 500, 1, 1);
}

/* A batch after the host forgot some sizes, and sizes reported again in a batch: the
   estimates come back where nothing is measured. */
static void test_batches_with_resets(void) {
  sl_layout *single = create_layout(LIST_JSON);
  sl_layout *batch = create_layout(LIST_JSON);
  if (single == NULL || batch == NULL) {
    sl_layout_destroy(single);
    sl_layout_destroy(batch);
    return;
  }
  sl_size sizes[300];
  for (int i = 0; i < 300; i++) sizes[i] = (sl_size){390, random_length()};
  CHECK_STATUS(sl_layout_report_item_sizes(batch, 0, 100, sizes, 300, NULL), SL_OK);
  for (int i = 0; i < 300; i++)
    CHECK_STATUS(sl_layout_report_item_size(single, 0, 100 + i, 390, sizes[i].height, NULL),
                 SL_OK);
  for (int i = 0; i < 300; i += 3) {
    CHECK_STATUS(sl_layout_reset_item_size(single, 0, 100 + i, NULL), SL_OK);
    CHECK_STATUS(sl_layout_reset_item_size(batch, 0, 100 + i, NULL), SL_OK);
  }
  same_layouts(single, batch, "after resets");
  for (int i = 0; i < 120; i++) sizes[i] = (sl_size){390, random_length()};
  CHECK_STATUS(sl_layout_report_item_sizes(batch, 0, 150, sizes, 120, NULL), SL_OK);
  for (int i = 0; i < 120; i++)
    CHECK_STATUS(sl_layout_report_item_size(single, 0, 150 + i, 390, sizes[i].height, NULL),
                 SL_OK);
  same_layouts(single, batch, "reported again");
  sl_size measured;
  int is_measured = 0;
  CHECK_STATUS(sl_layout_get_measured_size(batch, 0, 160, &measured, &is_measured), SL_OK);
  CHECK(is_measured == 1 && measured.height == sizes[10].height, "item 160: %d, %g", is_measured,
        measured.height);
  sl_layout_destroy(single);
  sl_layout_destroy(batch);
}

static void test_bad_arguments(void) {
  sl_layout *layout = create_layout(LIST_JSON);
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 800), SL_OK);
  sl_size sizes[4] = {{390, 50}, {390, 60}, {390, 70}, {390, 80}};
  sl_rect before[8];
  CHECK_STATUS(sl_layout_get_item_frames(layout, 0, 0, 8, before), SL_OK);
  sl_size_report report;
  fill_sentinel(&report, sizeof report);
  CHECK_ERROR(sl_layout_report_item_sizes(NULL, 0, 0, sizes, 4, &report), SL_EINVAL, "layout",
              NULL);
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, 0, NULL, 4, &report), SL_EINVAL, "sizes",
              NULL);
  sizes[2].height = NAN;
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, 0, sizes, 4, &report), SL_EINVAL,
              "sizes/2/height", "finite");
  sizes[2].height = 70;
  sizes[3].width = -1;
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, 0, sizes, 4, &report), SL_EINVAL,
              "sizes/3/width", "at least 0");
  sizes[3].width = 390;
  sizes[0].height = 1e9;
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, 0, sizes, 4, &report), SL_EINVAL,
              "sizes/0/height", "at most");
  sizes[0].height = INFINITY;
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, 0, sizes, 4, &report), SL_EINVAL,
              "sizes/0/height", NULL);
  sizes[0].height = 50;
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, -1, sizes, 4, &report), SL_ERANGE, "first",
              NULL);
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, 701, sizes, 1, &report), SL_ERANGE, "first",
              "700 items");
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, 698, sizes, 4, &report), SL_ERANGE, "count",
              "run past");
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, INT64_MAX, sizes, 4, &report), SL_ERANGE,
              "first", NULL);
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, 0, sizes, SIZE_MAX, &report), SL_ERANGE,
              "count", NULL);
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 0, 0, sizes, (size_t)PTRDIFF_MAX, &report),
              SL_ERANGE, "count", NULL);
  CHECK_ERROR(sl_layout_report_item_sizes(layout, 2, 0, sizes, 4, &report), SL_ERANGE, "section",
              NULL);
  CHECK_ERROR(sl_layout_report_item_sizes(layout, -1, 0, sizes, 4, &report), SL_ERANGE,
              "section", NULL);
  CHECK(is_sentinel(&report, sizeof report), "a failed call wrote its report");
  sl_rect after[8];
  CHECK_STATUS(sl_layout_get_item_frames(layout, 0, 0, 8, after), SL_OK);
  int same = 1;
  for (int i = 0; i < 8; i++) same &= same_rect(before[i], after[i]);
  CHECK(same, "a refused call changed frames");
  int measured = 0;
  sl_size size;
  CHECK_STATUS(sl_layout_get_measured_size(layout, 0, 0, &size, &measured), SL_OK);
  CHECK(measured == 0, "a refused call measured a cell");
  double offset = 0;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK(offset == 800, "a refused call moved the offset to %g", offset);

  /* Nothing to report: no change, and NULL sizes are fine. */
  CHECK_STATUS(sl_layout_report_item_sizes(layout, 0, 700, NULL, 0, &report), SL_OK);
  CHECK(report.main_offset_adjustment == 0 && report.section_offset_adjustment == 0,
        "an empty batch moved the offsets");
  CHECK_STATUS(sl_layout_report_item_sizes(layout, 0, 3, sizes, 0, NULL), SL_OK);
  sl_layout_destroy(layout);

  /* Without a container size there is nothing to measure against. */
  static const char UNSOLVED[] =
      "{\"sections\": [{\"itemCount\": 5, \"group\": {\"group\": \"vertical\","
      " \"layoutSize\": " SIZE(FW(1), EST(44)) ","
      " \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(44)) "}]}}]}";
  sl_layout *unsolved = NULL;
  CHECK_STATUS(sl_layout_create(UNSOLVED, sizeof UNSOLVED - 1, &unsolved), SL_OK);
  if (unsolved != NULL) {
    CHECK_ERROR(sl_layout_report_item_sizes(unsolved, 0, 0, sizes, 4, NULL), SL_ESTATE, NULL,
                NULL);
    sl_layout_destroy(unsolved);
  }

  /* A flow section of a fixed itemSize does not size its items. */
  static const char FIXED_FLOW[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"flowLayout\": {\"itemSize\": {\"width\": 80, \"height\": 40}},"
      " \"sections\": [{\"itemCount\": 10}]}";
  sl_layout *fixed = create_layout(FIXED_FLOW);
  if (fixed != NULL) {
    CHECK_ERROR(sl_layout_report_item_sizes(fixed, 0, 0, sizes, 4, NULL), SL_EINVAL, "section",
                "estimatedItemSize");
    sl_layout_destroy(fixed);
  }
}

int main(void) {
  test_batches_match_single_reports();
  test_batches_with_resets();
  test_bad_arguments();
  return test_finish("test_batch_reports");
}
