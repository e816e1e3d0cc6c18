/*
 * test_data_changes.c — per-item flow sizes and section changes through the C ABI: a tag cloud
 * with frames worked out by hand, sizes set and measured, sections inserted (from JSON, with a
 * new element kind), replaced, moved and deleted, an item moved across sections with its
 * measured size, and every kind of bad argument with its status and path.
 */
#include <stdint.h>
#include <string.h>

#include "test_support.h"

/* 390 pt lines, 10 pt apart, 10 pt between items; six items of their own sizes. */
static const char TAGS_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"flowLayout\": {\"estimatedItemSize\": {\"width\": 80, \"height\": 40}},"
    " \"sections\": [{\"itemCount\": 6, \"itemSizes\": ["
    "   {\"width\": 100, \"height\": 40}, {\"width\": 150, \"height\": 60},"
    "   {\"width\": 120, \"height\": 30}, {\"width\": 300, \"height\": 50},"
    "   {\"width\": 60, \"height\": 20}, {\"width\": 70, \"height\": 20}]}]}";

static void expect_frame(sl_layout *layout, int32_t section, int64_t item, double x, double y,
                         double w, double h) {
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, section, item, &frame), SL_OK);
  CHECK(frame.x == x && frame.y == y && frame.width == w && frame.height == h,
        "section %d item %lld: (%g, %g, %g, %g), expected (%g, %g, %g, %g)", section,
        (long long)item, frame.x, frame.y, frame.width, frame.height, x, y, w, h);
}

static void test_flow_item_sizes(void) {
  sl_layout *layout = NULL;
  CHECK_STATUS(sl_layout_create(TAGS_JSON, sizeof TAGS_JSON - 1, &layout), SL_OK);
  if (layout == NULL) return;
  /* Line 1: 100 + 150 + 120 + 2 x 10 = 390, 60 tall, items centred across it. */
  expect_frame(layout, 0, 0, 0, 10, 100, 40);
  expect_frame(layout, 0, 1, 110, 0, 150, 60);
  expect_frame(layout, 0, 2, 270, 15, 120, 30);
  /* Line 2: 300 + 60 justified (gap 30); line 3, the last, alone at the leading edge. */
  expect_frame(layout, 0, 3, 0, 70, 300, 50);
  expect_frame(layout, 0, 4, 330, 85, 60, 20);
  expect_frame(layout, 0, 5, 0, 130, 70, 20);

  /* Item 3 narrower: 200 + 60 + 70 + 20 = 350 fits on line 2, which is now the last. */
  sl_size sizes[1] = {{200, 50}};
  sl_size_report report;
  CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 3, sizes, 1, &report), SL_OK);
  CHECK(report.content_size.height == 120, "content %g", report.content_size.height);
  expect_frame(layout, 0, 4, 210, 85, 60, 20);
  expect_frame(layout, 0, 5, 280, 85, 70, 20);
  /* Measured wider, then forgotten: back to the size given. */
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 3, 390, 50, &report), SL_OK);
  expect_frame(layout, 0, 3, 0, 70, 390, 50);
  sl_size measured;
  int is_measured = 0;
  CHECK_STATUS(sl_layout_get_measured_size(layout, 0, 3, &measured, &is_measured), SL_OK);
  CHECK(is_measured == 1 && measured.width == 390, "measured read-back");
  CHECK_STATUS(sl_layout_reset_item_size(layout, 0, 3, &report), SL_OK);
  expect_frame(layout, 0, 5, 280, 85, 70, 20);

  fill_sentinel(&report, sizeof report);
  CHECK_ERROR(sl_layout_set_item_sizes(NULL, 0, 0, sizes, 1, &report), SL_EINVAL, "layout", NULL);
  CHECK_ERROR(sl_layout_set_item_sizes(layout, 0, 0, NULL, 1, &report), SL_EINVAL, "sizes", NULL);
  sl_size bad[2] = {{10, 10}, {NAN, 10}};
  CHECK_ERROR(sl_layout_set_item_sizes(layout, 0, 0, bad, 2, &report), SL_EINVAL,
              "sizes/1/width", "finite");
  bad[1].width = 10;
  bad[1].height = 0;
  CHECK_ERROR(sl_layout_set_item_sizes(layout, 0, 0, bad, 2, &report), SL_EINVAL,
              "sizes/1/height", "greater than 0");
  CHECK_ERROR(sl_layout_set_item_sizes(layout, 0, 5, bad, 2, &report), SL_ERANGE, "count",
              "run past");
  CHECK_ERROR(sl_layout_set_item_sizes(layout, 0, 7, sizes, 1, &report), SL_ERANGE, "first",
              NULL);
  CHECK_ERROR(sl_layout_set_item_sizes(layout, 1, 0, sizes, 1, &report), SL_ERANGE, "section",
              NULL);
  CHECK_ERROR(sl_layout_set_item_sizes(layout, 0, 0, sizes, SIZE_MAX, &report), SL_ERANGE,
              "count", "more sizes");
  CHECK(is_sentinel(&report, sizeof report), "a failed call wrote its output");
  CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 6, NULL, 0, NULL), SL_OK);
  expect_frame(layout, 0, 5, 280, 85, 70, 20);
  sl_layout_destroy(layout);

  /* A flow layout with a fixed itemSize does not take measured sizes. */
  static const char FIXED[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"flowLayout\": {}, \"sections\": [{\"itemCount\": 3}]}";
  CHECK_STATUS(sl_layout_create(FIXED, sizeof FIXED - 1, &layout), SL_OK);
  if (layout == NULL) return;
  CHECK_ERROR(sl_layout_report_item_size(layout, 0, 0, 10, 10, NULL), SL_EINVAL, "section",
              "estimatedItemSize");
  sl_layout_destroy(layout);

  /* itemSizes must give one size per item. */
  static const char SHORT[] =
      "{\"flowLayout\": {}, \"sections\": [{\"itemCount\": 3, \"itemSizes\": ["
      "{\"width\": 10, \"height\": 10}]}]}";
  layout = NULL;
  CHECK_ERROR(sl_layout_create(SHORT, sizeof SHORT - 1, &layout), SL_ECONFIG,
              "/sections/0/itemSizes", "one per item");
  CHECK(layout == NULL, "no layout on failure");
}

/* Estimated list sections: 10 pt insets, rows of 44 pt 8 apart; a header kind. */
#define LIST_SECTION(count)                                                                   \
  "{\"itemCount\": " #count ", \"interGroupSpacing\": 8,"                                    \
  " \"contentInsets\": {\"top\": 10, \"leading\": 10, \"bottom\": 10, \"trailing\": 10},"    \
  " \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(FW(1), "{\"estimated\": 44}") \
  ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), "{\"estimated\": 44}") "}]}}"

static const char SECTIONS_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"sections\": [" LIST_SECTION(3) ", " LIST_SECTION(2) "]}";

static double section_y(sl_layout *layout, int32_t section) {
  sl_section_info info;
  CHECK_STATUS(sl_layout_get_section_info(layout, section, &info), SL_OK);
  return info.frame.y;
}

/* Which sections the handler saw, in order. */
static int32_t seen_sections[8];
static size_t seen_count;
static void record_section(void *user_data, const sl_visible_items_context *context,
                           sl_element *elements, size_t count) {
  (void)user_data;
  (void)elements;
  (void)count;
  if (seen_count < 8) seen_sections[seen_count++] = context->section;
}

static void test_section_changes(void) {
  sl_layout *layout = NULL;
  CHECK_STATUS(sl_layout_create(SECTIONS_JSON, sizeof SECTIONS_JSON - 1, &layout), SL_OK);
  if (layout == NULL) return;
  int32_t kinds = -1;
  CHECK_STATUS(sl_layout_get_element_kind_count(layout, &kinds), SL_OK);
  CHECK(kinds == 0, "kinds %d", kinds);
  CHECK_STATUS(sl_layout_report_item_size(layout, 1, 1, 1, 100, NULL), SL_OK);

  /* Insert a section with a header of a new kind before section 1. */
  static const char INSERTED[] =
      "[{\"itemCount\": 1, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
      SIZE(FW(1), ABS(50)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), ABS(50)) "}]},"
      " \"boundarySupplementaryItems\": [{\"elementKind\": \"banner\", \"alignment\": \"top\","
      "   \"layoutSize\": " SIZE(FW(1), ABS(30)) "}]}]";
  sl_size_report report;
  CHECK_STATUS(sl_layout_insert_sections(layout, 1, INSERTED, sizeof INSERTED - 1, &report),
               SL_OK);
  int32_t count = 0;
  CHECK_STATUS(sl_layout_get_section_count(layout, &count), SL_OK);
  CHECK(count == 3, "sections %d", count);
  CHECK_STATUS(sl_layout_get_element_kind_count(layout, &kinds), SL_OK);
  int32_t banner = -1;
  CHECK_STATUS(sl_layout_find_element_kind(layout, "banner", &banner), SL_OK);
  CHECK(kinds == 1 && banner == 0, "kinds %d, banner %d", kinds, banner);
  /* Section 0: 10 + 3 x 44 + 2 x 8 + 10 = 168; the new one 30 + 50 = 80. */
  CHECK(section_y(layout, 1) == 168 && section_y(layout, 2) == 248, "section starts");
  sl_size measured;
  int is_measured = 0;
  CHECK_STATUS(sl_layout_get_measured_size(layout, 2, 1, &measured, &is_measured), SL_OK);
  CHECK(is_measured == 1 && measured.height == 100, "the measured size stayed with its section");

  /* A handler set on section 2 follows it when a section is inserted before it. */
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 2, record_section, NULL), SL_OK);
  CHECK_STATUS(sl_layout_insert_sections(layout, 0, "[]", 2, NULL), SL_OK);
  static const char ONE[] =
      "[{\"itemCount\": 0, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
      SIZE(FW(1), ABS(50)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), ABS(50)) "}]}}]";
  CHECK_STATUS(sl_layout_insert_sections(layout, 0, ONE, sizeof ONE - 1, NULL), SL_OK);
  sl_element elements[64];
  size_t found = 0;
  seen_count = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, (sl_rect){0, 0, 390, 844}, elements, 64,
                                              &found),
               SL_OK);
  CHECK(seen_count == 1 && seen_sections[0] == 3, "handler calls %zu, section %d", seen_count,
        seen_count ? seen_sections[0] : -1);
  CHECK_STATUS(sl_layout_delete_sections(layout, 0, 1, NULL), SL_OK);

  /* Move the measured item into section 0, at the front: its size comes along. */
  CHECK_STATUS(sl_layout_move_item(layout, 2, 1, 0, 0, &report), SL_OK);
  expect_frame(layout, 0, 0, 10, 10, 370, 100);
  CHECK_STATUS(sl_layout_get_measured_size(layout, 0, 0, &measured, &is_measured), SL_OK);
  CHECK(is_measured == 1, "moved measured size");

  /* Replace section 1 with a longer list; move it last; delete the first. */
  static const char REPLACEMENT[] = LIST_SECTION(4);
  CHECK_STATUS(
      sl_layout_replace_section(layout, 1, REPLACEMENT, sizeof REPLACEMENT - 1, &report), SL_OK);
  int64_t items = 0;
  CHECK_STATUS(sl_layout_get_item_count(layout, 1, &items), SL_OK);
  CHECK(items == 4, "replaced items %lld", (long long)items);
  CHECK_STATUS(sl_layout_move_section(layout, 1, 2, &report), SL_OK);
  CHECK_STATUS(sl_layout_get_item_count(layout, 2, &items), SL_OK);
  CHECK(items == 4, "moved section items %lld", (long long)items);
  CHECK_STATUS(sl_layout_delete_sections(layout, 0, 1, &report), SL_OK);
  CHECK_STATUS(sl_layout_get_section_count(layout, &count), SL_OK);
  CHECK(count == 2 && section_y(layout, 0) == 0, "after delete: %d sections", count);

  fill_sentinel(&report, sizeof report);
  CHECK_ERROR(sl_layout_insert_sections(NULL, 0, "[]", 2, &report), SL_EINVAL, "layout", NULL);
  CHECK_ERROR(sl_layout_insert_sections(layout, 0, NULL, 2, &report), SL_EINVAL, "json", NULL);
  CHECK_ERROR(sl_layout_insert_sections(layout, 0, "[{", 2, &report), SL_EPARSE, NULL, NULL);
  CHECK_ERROR(sl_layout_insert_sections(layout, 0, "{}", 2, &report), SL_ECONFIG, "", "array");
  static const char BAD_COUNT[] = "[{\"itemCount\": -1, \"group\": {}}]";
  CHECK_ERROR(sl_layout_insert_sections(layout, 0, BAD_COUNT, sizeof BAD_COUNT - 1, &report),
              SL_ECONFIG, "/0/itemCount", NULL);
  CHECK_ERROR(sl_layout_insert_sections(layout, 3, "[]", 2, &report), SL_ERANGE, "at", NULL);
  CHECK_ERROR(sl_layout_replace_section(layout, 0, "[]", 2, &report), SL_ECONFIG, "", "object");
  CHECK_ERROR(sl_layout_replace_section(layout, 2, REPLACEMENT, sizeof REPLACEMENT - 1, &report),
              SL_ERANGE, "section", NULL);
  CHECK_ERROR(sl_layout_delete_sections(layout, 1, 2, &report), SL_ERANGE, "count", NULL);
  CHECK_ERROR(sl_layout_delete_sections(layout, -1, 1, &report), SL_ERANGE, "at", NULL);
  CHECK_ERROR(sl_layout_move_section(layout, 0, 2, &report), SL_ERANGE, "to", NULL);
  CHECK_ERROR(sl_layout_move_item(layout, 0, 0, 1, 99, &report), SL_ERANGE, "to", NULL);
  CHECK_ERROR(sl_layout_move_item(layout, 0, 99, 1, 0, &report), SL_ERANGE, "item", NULL);
  CHECK(is_sentinel(&report, sizeof report), "a failed change wrote its output");
  CHECK_STATUS(sl_layout_get_section_count(layout, &count), SL_OK);
  CHECK(count == 2, "failed changes left %d sections", count);
  CHECK_STATUS(sl_layout_delete_sections(layout, 0, 2, NULL), SL_OK);
  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  CHECK(content.height == 0, "no sections: content %g", content.height);
  sl_layout_destroy(layout);
}

/* A moved item takes its sizes into another flow section (docs/FLOW-LAYOUT.md, "Moving
 * items"): the size the host gave it, into a section with sizes of its own or without (which
 * then keeps them, its own size for the others), and its measured size into a self-sizing one.
 * An item of a section that keeps no sizes takes the destination's size. */
/* A self-sizing section given a size of its own and then given the estimate back is a section
 * never given one: an item moved out of it takes the destination's size, as FLOW-LAYOUT.md
 * ("Moving items") says, with or without the detour (found by review: the section remembered
 * that a size had once been given). */
static void test_given_and_given_back(void) {
  static const char TWO[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"flowLayout\": {\"estimatedItemSize\": {\"width\": 50, \"height\": 50}},"
      " \"sections\": [{\"itemCount\": 10}, {\"itemCount\": 10, \"estimatedItemSize\":"
      " {\"width\": 60, \"height\": 60}}]}";
  sl_rect frames[2][20];
  for (int detour = 0; detour < 2; detour++) {
    sl_layout *layout = create_layout(TWO);
    if (layout == NULL) return;
    CHECK_STATUS(sl_layout_report_item_size(layout, 0, 0, 70, 70, NULL), SL_OK);
    if (detour) {
      sl_size size = {80, 80};
      CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 1, &size, 1, NULL), SL_OK);
      size = (sl_size){50, 50};
      CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 1, &size, 1, NULL), SL_OK);
    }
    CHECK_STATUS(sl_layout_move_item(layout, 0, 2, 1, 0, NULL), SL_OK);
    CHECK_STATUS(sl_layout_get_item_frames(layout, 0, 0, 9, frames[detour]), SL_OK);
    CHECK_STATUS(sl_layout_get_item_frames(layout, 1, 0, 11, frames[detour] + 9), SL_OK);
    CHECK(frames[detour][9].width == 60 && frames[detour][9].height == 60,
          "detour %d: the moved item is %g x %g, not the destination's 60 x 60", detour,
          frames[detour][9].width, frames[detour][9].height);
    sl_layout_destroy(layout);
  }
  CHECK(memcmp(frames[0], frames[1], sizeof frames[0]) == 0,
        "a size given and given back changed where items are");
}

static void test_move_item_sizes(void) {
  static const char MOVING[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"flowLayout\": {\"itemSize\": {\"width\": 100, \"height\": 40}},"
      " \"sections\": ["
      "  {\"itemCount\": 4, \"itemSizes\": [{\"width\": 50, \"height\": 20},"
      "    {\"width\": 150, \"height\": 60}, {\"width\": 70, \"height\": 30},"
      "    {\"width\": 200, \"height\": 45}]},"
      "  {\"itemCount\": 3, \"itemSizes\": [{\"width\": 80, \"height\": 80},"
      "    {\"width\": 80, \"height\": 80}, {\"width\": 80, \"height\": 80}]},"
      "  {\"itemCount\": 3},"
      "  {\"itemCount\": 2, \"itemSize\": {\"width\": 60, \"height\": 60}},"
      "  {\"itemCount\": 67108864}]}";
  sl_layout *layout = create_layout(MOVING);
  if (layout == NULL) return;
  sl_rect frame;
  /* Into a section with sizes of its own. */
  CHECK_STATUS(sl_layout_move_item(layout, 0, 1, 1, 0, NULL), SL_OK);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 1, 0, &frame), SL_OK);
  CHECK(frame.width == 150 && frame.height == 60, "into sizes: %g x %g", frame.width,
        frame.height);
  /* Into a section without: it keeps sizes from now on, the flow's for the others. */
  CHECK_STATUS(sl_layout_move_item(layout, 1, 0, 2, 1, NULL), SL_OK);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 2, 1, &frame), SL_OK);
  CHECK(frame.width == 150 && frame.height == 60, "into no sizes: %g x %g", frame.width,
        frame.height);
  for (int64_t item = 0; item < 4; item += 2) {
    CHECK_STATUS(sl_layout_get_item_frame(layout, 2, item, &frame), SL_OK);
    CHECK(frame.width == 100 && frame.height == 40, "item %lld: %g x %g", (long long)item,
          frame.width, frame.height);
  }
  /* From a section that keeps no sizes: the destination's size (its itemSize). */
  CHECK_STATUS(sl_layout_move_item(layout, 3, 0, 0, 0, NULL), SL_OK);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 0, &frame), SL_OK);
  CHECK(frame.width == 100 && frame.height == 40, "from no sizes: %g x %g", frame.width,
        frame.height);
  /* There and back: both sections answer as before, bit for bit. */
  sl_rect before[8], after[8];
  for (int64_t item = 0; item < 4; item++) {
    CHECK_STATUS(sl_layout_get_item_frame(layout, 0, item, &before[item]), SL_OK);
    CHECK_STATUS(sl_layout_get_item_frame(layout, 2, item, &before[4 + item]), SL_OK);
  }
  CHECK_STATUS(sl_layout_move_item(layout, 0, 3, 2, 0, NULL), SL_OK);
  CHECK_STATUS(sl_layout_move_item(layout, 2, 0, 0, 3, NULL), SL_OK);
  for (int64_t item = 0; item < 4; item++) {
    CHECK_STATUS(sl_layout_get_item_frame(layout, 0, item, &after[item]), SL_OK);
    CHECK_STATUS(sl_layout_get_item_frame(layout, 2, item, &after[4 + item]), SL_OK);
  }
  CHECK(memcmp(before, after, sizeof before) == 0, "there and back moved frames");
  /* A section too long to keep sizes cannot take an item of its own size; nothing changes. */
  int64_t items = 0;
  CHECK_ERROR(sl_layout_move_item(layout, 0, 3, 4, 0, NULL), SL_EINVAL, "to", "size of its own");
  CHECK_STATUS(sl_layout_get_item_count(layout, 0, &items), SL_OK);
  CHECK(items == 4, "section 0 lost an item: %lld", (long long)items);
  /* One of the destination's own size needs no storage there. */
  CHECK_STATUS(sl_layout_move_item(layout, 0, 0, 4, 0, NULL), SL_OK);
  CHECK_STATUS(sl_layout_get_item_count(layout, 4, &items), SL_OK);
  CHECK(items == 67108865, "section 4 holds %lld", (long long)items);
  sl_layout_destroy(layout);

  /* Self-sizing: a measured size goes along into a self-sizing section and is dropped in a
   * fixed one (which keeps the size the host gave); a size given as the estimate goes along. */
  static const char SELF_SIZING[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"flowLayout\": {\"itemSize\": {\"width\": 30, \"height\": 30}},"
      " \"sections\": ["
      "  {\"itemCount\": 4, \"estimatedItemSize\": {\"width\": 80, \"height\": 40}},"
      "  {\"itemCount\": 2, \"estimatedItemSize\": {\"width\": 80, \"height\": 40}},"
      "  {\"itemCount\": 2}]}";
  layout = create_layout(SELF_SIZING);
  if (layout == NULL) return;
  sl_size given = {150, 30};
  CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 0, &given, 1, NULL), SL_OK);
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 1, 200, 50, NULL), SL_OK);
  CHECK_STATUS(sl_layout_move_item(layout, 0, 1, 1, 0, NULL), SL_OK);
  sl_size measured;
  int is_measured = 0;
  CHECK_STATUS(sl_layout_get_measured_size(layout, 1, 0, &measured, &is_measured), SL_OK);
  CHECK(is_measured == 1 && measured.width == 200 && measured.height == 50,
        "measured size moved: %d %g x %g", is_measured, measured.width, measured.height);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 1, 0, &frame), SL_OK);
  CHECK(frame.width == 200 && frame.height == 50, "measured frame %g x %g", frame.width,
        frame.height);
  CHECK_STATUS(sl_layout_move_item(layout, 0, 0, 1, 2, NULL), SL_OK);
  CHECK_STATUS(sl_layout_get_measured_size(layout, 1, 2, &measured, &is_measured), SL_OK);
  CHECK(is_measured == 0, "an estimate became a measurement");
  CHECK_STATUS(sl_layout_get_item_frame(layout, 1, 2, &frame), SL_OK);
  CHECK(frame.width == 150 && frame.height == 30, "given estimate %g x %g", frame.width,
        frame.height);
  /* Into the fixed section: the size given goes, the measurement does not. */
  CHECK_STATUS(sl_layout_report_item_size(layout, 1, 2, 120, 70, NULL), SL_OK);
  CHECK_STATUS(sl_layout_move_item(layout, 1, 2, 2, 0, NULL), SL_OK);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 2, 0, &frame), SL_OK);
  CHECK(frame.width == 150 && frame.height == 30, "into fixed: %g x %g", frame.width,
        frame.height);
  sl_layout_destroy(layout);
}

/* Two sections whose rest positions together pass INT64_MAX: solving them used to trap. */
static void test_units_past_int64(void) {
  static const char HUGE_JSON[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}},"
      " \"sections\": [" LIST_SECTION(2) ", " LIST_SECTION(9223372036854775807) "]}";
  sl_layout *layout = NULL;
  CHECK_STATUS(sl_layout_create(HUGE_JSON, sizeof HUGE_JSON - 1, &layout), SL_OK);
  if (layout == NULL) return;
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, 1e300, &position), SL_OK);
  CHECK(position.index > 2 && position.section == 1, "last rest position %lld of section %d",
        (long long)position.index, position.section);
  size_t count = 0;
  const uint64_t total = (uint64_t)position.index + 1;
  if (total <= SIZE_MAX) {
    CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, NULL, 0, &count), SL_OK);
    CHECK(count == (size_t)total, "%zu rest positions", count);
  } else {
    /* A 32-bit size_t cannot receive the count: refused, naming `first` (snaplayout.h). */
    count = 7;
    CHECK_ERROR(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, NULL, 0, &count), SL_ERANGE,
                "first", "too many rest positions");
    CHECK(count == 7, "a refused count was written: %zu", count);
  }
  /* Near the end, the count and the offsets themselves, on every size_t. */
  double offsets[3] = {0, 0, 0};
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, position.index - 2, offsets, 3,
                                          &count),
               SL_OK);
  CHECK(count == 3, "%zu rest positions from %lld", count, (long long)position.index - 2);
  CHECK(isfinite(offsets[0]) && offsets[0] <= offsets[1] && offsets[1] <= offsets[2] &&
            isfinite(offsets[2]),
        "last rest offsets %.17g %.17g %.17g", offsets[0], offsets[1], offsets[2]);
  sl_layout_destroy(layout);
}

/* A change and its undo give the offset back bit for bit (docs/SELF-SIZING.md rule 7) where
   the item that began the run is no longer its repetition's first: rows of three, an
   orthogonal row of two-cell groups, a self-sizing flow whose lines break again. */
static double main_offset(const sl_layout *layout, int32_t container) {
  double offset = NAN;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, container, &offset), SL_OK);
  return offset;
}

static void test_undo_gives_offsets_back(void) {
  static const char GRID[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 600}},"
      " \"sections\": [{\"itemCount\": 60, \"group\": {\"group\": \"horizontal\","
      " \"layoutSize\": " SIZE(FW(1), ABS(60)) ","
      " \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) "}, \"count\": 3}}]}";
  sl_layout *grid = create_layout(GRID);
  if (grid != NULL) {
    CHECK_STATUS(sl_layout_set_scroll_offset(grid, SL_SCROLL_MAIN, 310), SL_OK);
    CHECK_STATUS(sl_layout_insert_items(grid, 0, 0, 1, NULL), SL_OK);
    CHECK_STATUS(sl_layout_delete_items(grid, 0, 0, 1, NULL), SL_OK);
    CHECK(main_offset(grid, SL_SCROLL_MAIN) == 310, "grid: insert + delete: %g",
          main_offset(grid, SL_SCROLL_MAIN));
    CHECK_STATUS(sl_layout_move_item(grid, 0, 20, 0, 1, NULL), SL_OK);
    CHECK_STATUS(sl_layout_move_item(grid, 0, 1, 0, 20, NULL), SL_OK);
    CHECK(main_offset(grid, SL_SCROLL_MAIN) == 310, "grid: move there and back: %g",
          main_offset(grid, SL_SCROLL_MAIN));
    CHECK_STATUS(sl_layout_delete_items(grid, 0, 1, 1, NULL), SL_OK);
    CHECK_STATUS(sl_layout_insert_items(grid, 0, 1, 1, NULL), SL_OK);
    CHECK(main_offset(grid, SL_SCROLL_MAIN) == 310, "grid: delete + insert: %g",
          main_offset(grid, SL_SCROLL_MAIN));
    sl_layout_destroy(grid);
  }

  static const char ROW[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 600}},"
      " \"sections\": [{\"itemCount\": 20, \"orthogonalScrollingBehavior\": \"continuous\","
      " \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(ABS(150), ABS(120)) ","
      " \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(0.5)) "}, \"count\": 2}}]}";
  sl_layout *row = create_layout(ROW);
  if (row != NULL) {
    CHECK_STATUS(sl_layout_set_scroll_offset(row, 0, 400), SL_OK);
    CHECK_STATUS(sl_layout_move_item(row, 0, 0, 0, 9, NULL), SL_OK);
    CHECK_STATUS(sl_layout_move_item(row, 0, 9, 0, 0, NULL), SL_OK);
    sl_rect frame;
    CHECK_STATUS(sl_layout_get_item_frame(row, 0, 0, &frame), SL_OK);
    CHECK(main_offset(row, 0) == 400 && frame.x == -400, "row: move there and back: %g, x %g",
          main_offset(row, 0), frame.x);
    sl_layout_destroy(row);
  }

  static const char FLOW[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 600}},"
      " \"flowLayout\": {\"estimatedItemSize\": {\"width\": 100, \"height\": 50}},"
      " \"sections\": [{\"itemCount\": 60}]}";
  sl_layout *flow = create_layout(FLOW);
  if (flow != NULL) {
    CHECK_STATUS(sl_layout_set_scroll_offset(flow, SL_SCROLL_MAIN, 320), SL_OK);
    CHECK_STATUS(sl_layout_report_item_size(flow, 0, 2, 10, 50, NULL), SL_OK);
    CHECK_STATUS(sl_layout_reset_item_size(flow, 0, 2, NULL), SL_OK);
    CHECK(main_offset(flow, SL_SCROLL_MAIN) == 320, "flow: size + reset: %g",
          main_offset(flow, SL_SCROLL_MAIN));
    CHECK_STATUS(sl_layout_insert_items(flow, 0, 0, 1, NULL), SL_OK);
    CHECK_STATUS(sl_layout_delete_items(flow, 0, 0, 1, NULL), SL_OK);
    CHECK(main_offset(flow, SL_SCROLL_MAIN) == 320, "flow: insert + delete: %g",
          main_offset(flow, SL_SCROLL_MAIN));
    sl_layout_destroy(flow);
  }
}

/* An item moved to another section and back gives the main offset back bit for bit
   (docs/SELF-SIZING.md rule 7): the run of changes follows its item through the delete and
   the insert, also when that item is the one moved, in rows of three, a list and flow
   sections, scrolled vertically and horizontally, the offset in the middle of a row. */
typedef struct {
  int32_t from_section;
  int64_t from_item;
  int32_t to_section;
  int64_t to_item;
} cross_move;

/* Each move from `layout` scrolled to `offset`, and back: the offset comes back exactly. */
static void check_moves_back(const char *name, sl_layout *layout, double offset,
                             const cross_move *moves, size_t count) {
  for (size_t m = 0; m < count; m++) {
    const cross_move *move = &moves[m];
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, offset), SL_OK);
    CHECK_STATUS(sl_layout_move_item(layout, move->from_section, move->from_item,
                                     move->to_section, move->to_item, NULL),
                 SL_OK);
    CHECK_STATUS(sl_layout_move_item(layout, move->to_section, move->to_item,
                                     move->from_section, move->from_item, NULL),
                 SL_OK);
    double back = main_offset(layout, SL_SCROLL_MAIN);
    CHECK(back == offset,
          "%s: item %lld of section %d to item %lld of section %d and back: %.17g, was %.17g",
          name, (long long)move->from_item, move->from_section, (long long)move->to_item,
          move->to_section, back, offset);
  }
}

/* Two sections of `first` and `second` items in rows of `per_row` cells `length` pt long
   along the scroll. */
static sl_layout *rows_layout(int across, int per_row, int length, int first, int second) {
  char row[160], group[512], json[2048];
  if (across)
    snprintf(row, sizeof row, "{\"widthDimension\": {\"absolute\": %d}, \"heightDimension\": %s}",
             length, FH(1));
  else
    snprintf(row, sizeof row, "{\"widthDimension\": %s, \"heightDimension\": {\"absolute\": %d}}",
             FW(1), length);
  snprintf(group, sizeof group,
           "{\"group\": \"%s\", \"layoutSize\": %s, \"subitem\": {\"layoutSize\": " SIZE(
               FW(1), FH(1)) "}, \"count\": %d}",
           across ? "vertical" : "horizontal", row, per_row);
  snprintf(json, sizeof json,
           "{\"environment\": {\"container\": {\"width\": %d, \"height\": %d}},"
           " \"configuration\": {\"scrollDirection\": \"%s\"},"
           " \"sections\": [{\"itemCount\": %d, \"group\": %s},"
           " {\"itemCount\": %d, \"group\": %s}]}",
           across ? 600 : 390, across ? 390 : 600, across ? "horizontal" : "vertical", first,
           group, second, group);
  return create_layout(json);
}

/* The moves of `upper` (8 of them) with the offset in the first section (310.375) and those of
 * `lower` (7) with it in the second (1510.375), each there and back. */
static void check_moves_in_both(const char *what, const char *axis, sl_layout *layout,
                                const cross_move upper[8], const cross_move lower[7]) {
  char name[96];
  snprintf(name, sizeof name, "%s (%s)", what, axis);
  check_moves_back(name, layout, 310.375, upper, 8);
  snprintf(name, sizeof name, "%s (%s), in the second section", what, axis);
  check_moves_back(name, layout, 1510.375, lower, 7);
}

static void test_moves_across_sections_give_offsets_back(void) {
  /* From the top visible row (its first item, the anchor, and the others), from a row above,
     into the top row and into a row above, the last item; then the anchor in the second
     section. */
  static const cross_move MOVES[] = {
      {0, 16, 1, 5}, {0, 15, 1, 5}, {0, 17, 1, 0}, {0, 4, 1, 5},
      {1, 3, 0, 16}, {1, 3, 0, 15}, {1, 3, 0, 4},  {0, 59, 1, 29},
  };
  static const cross_move LOWER_MOVES[] = {
      {0, 4, 1, 16},  {0, 4, 1, 15}, {0, 4, 1, 3}, {1, 16, 0, 4},
      {1, 15, 0, 4},  {1, 17, 0, 59}, {1, 3, 0, 0},
  };
  static const cross_move LIST_MOVES[] = {
      {0, 7, 1, 2}, {0, 8, 1, 2}, {0, 3, 1, 2}, {1, 2, 0, 7}, {1, 2, 0, 3}, {1, 2, 0, 8},
  };
  const char *axes[2] = {"vertical", "horizontal"};
  for (int across = 0; across < 2; across++) {
    char name[96];
    /* Rows of three 60 pt cells: sections of 60 and 30 items (1200 and 600 pt). */
    sl_layout *grid = rows_layout(across, 3, 60, 60, 30);
    if (grid != NULL) {
      check_moves_in_both("grid", axes[across], grid, MOVES, LOWER_MOVES);
      sl_layout_destroy(grid);
    }
    /* A list of 44 pt rows: 40 and 20 items. */
    sl_layout *list = rows_layout(across, 1, 44, 40, 20);
    if (list != NULL) {
      snprintf(name, sizeof name, "list (%s)", axes[across]);
      check_moves_back(name, list, 310.375, LIST_MOVES, sizeof LIST_MOVES / sizeof LIST_MOVES[0]);
      sl_layout_destroy(list);
    }
    /* Flow sections of 100 x 50 items 10 pt apart, three to a 390 pt line; measured sizes
       make lines of two and of four in the first, a longer item in the second. */
    char json[1024];
    snprintf(json, sizeof json,
             "{\"environment\": {\"container\": {\"width\": %d, \"height\": %d}},"
             " \"flowLayout\": {\"scrollDirection\": \"%s\", \"estimatedItemSize\":"
             " {\"width\": %d, \"height\": %d}, \"minimumLineSpacing\": 10,"
             " \"minimumInteritemSpacing\": 10},"
             " \"sections\": [{\"itemCount\": 60}, {\"itemCount\": 30}]}",
             across ? 600 : 390, across ? 390 : 600, axes[across], across ? 50 : 100,
             across ? 100 : 50);
    sl_layout *flow = create_layout(json);
    if (flow != NULL) {
      for (int64_t item = 0; item < 30; item++) {
        double length = item == 13 || item == 16 ? 180 : item >= 19 && item <= 22 ? 80 : 100;
        CHECK_STATUS(sl_layout_report_item_size(flow, 0, item, across ? 50 : length,
                                                across ? length : 50, NULL),
                     SL_OK);
      }
      CHECK_STATUS(
          sl_layout_report_item_size(flow, 1, 4, across ? 50 : 180, across ? 180 : 50, NULL),
          SL_OK);
      check_moves_in_both("flow", axes[across], flow, MOVES, LOWER_MOVES);
      sl_layout_destroy(flow);
    }
  }
}

/* Moves an item ({from section, from item, to section, to item}) and returns the main offset
   after it, the move's report in `report`. */
static double move_item_step(sl_layout *layout, const int32_t step[4], sl_size_report *report) {
  CHECK_STATUS(sl_layout_move_item(layout, step[0], step[1], step[2], step[3], report), SL_OK);
  double offset = 0;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  return offset;
}

/* A move to another section is one change: the main offset is clamped to the bounds after it,
   not to those between its delete and its insert (found by the state soak, seed 104999). A
   list of 30 rows 44 pt tall, then a grid of two columns whose fifth item is alone in its
   row: 1,452 pt of content, 608 pt of offset at most. At 600, the top row is the list's
   fourteenth; the grid's lone item moved to the list's end takes a row from the grid and adds
   one to the list, and moved back does the reverse: the content is 1,408 pt (564 at most)
   between the steps only. */
static void test_move_across_clamps_once(void) {
  static const char JSON[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"sections\": [{\"itemCount\": 30, \"group\": {\"group\": \"horizontal\","
      "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
      "   \"heightDimension\": {\"absolute\": 44}}, \"subitems\": [{\"layoutSize\":"
      "   {\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimension\":"
      "   {\"fractionalHeight\": 1}}}]}},"
      "  {\"itemCount\": 5, \"group\": {\"group\": \"horizontal\", \"layoutSize\":"
      "   {\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimension\": {\"absolute\": 44}},"
      "   \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 0.5},"
      "   \"heightDimension\": {\"fractionalHeight\": 1}}}]}}]}";
  sl_layout *layout = create_layout(JSON);
  if (layout == NULL) return;
  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  CHECK(content.height == 1452, "content %g tall, expected 1452", content.height);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 600), SL_OK);
  static const int32_t STEPS[2][4] = {{1, 4, 0, 30}, {0, 30, 1, 4}};
  for (int step = 0; step < 2; step++) {
    sl_size_report report;
    double offset = move_item_step(layout, STEPS[step], &report);
    CHECK(offset == 600 && report.main_offset_adjustment == 0,
          "move %d: main offset %.17g (moved %g by the report), expected 600 (not moved)", step,
          offset, report.main_offset_adjustment);
    CHECK(report.content_size.height == 1452, "move %d: content %g tall, expected 1452", step,
          report.content_size.height);
  }
  sl_layout_destroy(layout);
}

/* A move to another section follows the main run's item through its steps (SELF-SIZING.md
   rule 7; found by the state soak, seed 120049): five rows of 44 pt above a grid of three cells
   a row, estimated 50 pt tall, whose items 8 and 9 are measured 300 and 200 pt. The top edge
   at 470 is 150 pt into the grid's row 2 (items 6 ... 8, 300 pt). Item 8 moves to the rows and
   back: the row keeps item 9 (200 pt), and the offset must come back. Between the return's
   insert (item 8 at its estimate: the row 50 pt) and the report of its size, the edge lay in
   the next row, which anchored the report: the offset came back 250 pt down. */
static void test_move_across_follows_run(void) {
  static const char JSON[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"sections\": [{\"itemCount\": 5, \"group\": {\"group\": \"vertical\","
      "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
      "   \"heightDimension\": {\"estimated\": 44}}, \"subitems\": [{\"layoutSize\":"
      "   {\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimension\":"
      "   {\"estimated\": 44}}}]}},"
      "  {\"itemCount\": 30, \"group\": {\"group\": \"horizontal\", \"layoutSize\":"
      "   {\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimension\": {\"estimated\": 50}},"
      "   \"subitem\": {\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 0.25},"
      "   \"heightDimension\": {\"estimated\": 50}}}, \"count\": 3}}]}";
  sl_layout *layout = create_layout(JSON);
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_report_item_size(layout, 1, 8, 90, 300, NULL), SL_OK);
  CHECK_STATUS(sl_layout_report_item_size(layout, 1, 9, 90, 200, NULL), SL_OK);
  sl_rect row2;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 1, 6, &row2), SL_OK);
  CHECK(row2.y == 320, "row 2 of the grid at %g, expected 320", row2.y);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 470), SL_OK);
  static const int32_t STEPS[2][4] = {{1, 8, 0, 2}, {0, 2, 1, 8}};
  static const double AFTER[2] = {470 + 300, 470};
  for (int step = 0; step < 2; step++) {
    sl_size_report report;
    double offset = move_item_step(layout, STEPS[step], &report);
    CHECK(offset == AFTER[step], "move %d: main offset %.17g, expected %g", step, offset,
          AFTER[step]);
  }
  sl_layout_destroy(layout);
}

/* Sets the main offset to `offset`, moves item `item` of section 0 to item `to` of section 1
   and back, and checks that the offset comes back bit for bit (SELF-SIZING.md rule 7). */
static void check_move_across_and_back(sl_layout *layout, int64_t item, int64_t to, double offset,
                                       const char *what) {
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, offset), SL_OK);
  CHECK_STATUS(sl_layout_move_item(layout, 0, item, 1, to, NULL), SL_OK);
  double away = main_offset(layout, SL_SCROLL_MAIN);
  CHECK_STATUS(sl_layout_move_item(layout, 1, to, 0, item, NULL), SL_OK);
  CHECK(main_offset(layout, SL_SCROLL_MAIN) == offset,
        "%s moved to the list (offset %.17g) and back: %.17g, not %.17g", what, away,
        main_offset(layout, SL_SCROLL_MAIN), offset);
}

/* The main run's item moved to another section and back when it was its section's last: the
   delete hands the run to the item before it, and the item put back after that one takes the
   run again, so the offset comes back (SELF-SIZING.md rule 7; found by the state soak, seed
   195269, where it stayed with the item before, a row away). Three rows 50 pt tall, the top
   edge 20 pt into the last; then a list. */
static void test_move_across_last_item_and_back(void) {
  static const char JSON[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 300}},"
      " \"sections\": [{\"itemCount\": 3, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), ABS(50)) ", \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) "}, \"count\": 1}},"
      "  {\"itemCount\": 20, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), ABS(40)) ", \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) "},"
      " \"count\": 1}}]}";
  sl_layout *layout = create_layout(JSON);
  if (layout == NULL) return;
  check_move_across_and_back(layout, 2, 5, 120, "the last row");
  sl_layout_destroy(layout);
}

/* The main run's item moved to another section and back when it was its section's only item:
   the section, emptied, holds the run at its start, and the item put back there takes it again,
   so the offset comes back (SELF-SIZING.md rule 7; found by the state soak, seed 510009, where
   the run began afresh at the list's row at the edge and the item's return pushed it, and the
   offset, down by the item's length). One row, at its estimate (50 pt, the edge 20 pt in) and
   measured 363 pt tall (the edge 150 pt in); then a list, the row moved below the edge. */
static void test_move_only_item_across_and_back(void) {
  static const char JSON[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 300}},"
      " \"sections\": [{\"itemCount\": 1, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), "{\"estimated\": 50}") ", \"subitem\": {\"layoutSize\": "
      SIZE(FW(1), "{\"estimated\": 50}") "}, \"count\": 1}},"
      "  {\"itemCount\": 20, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), ABS(40)) ", \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) "},"
      " \"count\": 1}}]}";
  for (int measured = 0; measured < 2; measured++) {
    sl_layout *layout = create_layout(JSON);
    if (layout == NULL) continue;
    if (measured) CHECK_STATUS(sl_layout_report_item_size(layout, 0, 0, 390, 363, NULL), SL_OK);
    check_move_across_and_back(layout, 0, 5, measured ? 150 : 20,
                               measured ? "the only row, measured," : "the only row");
    sl_layout_destroy(layout);
  }
}

/* A row measured taller than the viewport's top part above it, the top edge 150 pt into it:
   moved to the next section and back, it takes the run again wherever the edge lay between
   the two moves (SELF-SIZING.md rule 7; the state soak's seed 266616). Rows 0-2 and 0-3: the
   moved row in the middle, and its section's last (the run handed to the row before it, the
   edge past the shortened section's end until the row comes back). */
static void test_move_tall_row_across_and_back(void) {
  for (int rows = 3; rows <= 4; rows++) {
    char json[1024];
    snprintf(json, sizeof json,
             "{\"environment\": {\"container\": {\"width\": 390, \"height\": 300}},"
             " \"sections\": [{\"itemCount\": %d, \"group\": {\"group\": \"horizontal\","
             " \"layoutSize\": " SIZE(FW(1), "{\"estimated\": 50}") ", \"subitem\": {\"layoutSize\": "
             SIZE(FW(1), "{\"estimated\": 50}") "}, \"count\": 1}},"
             "  {\"itemCount\": 20, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
             SIZE(FW(1), ABS(40)) ", \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) "},"
             " \"count\": 1}}]}",
             rows);
    sl_layout *layout = create_layout(json);
    if (layout == NULL) continue;
    CHECK_STATUS(sl_layout_report_item_size(layout, 0, 2, 390, 200, NULL), SL_OK);
    check_move_across_and_back(layout, 2, 0, 250,
                               rows == 3 ? "the tall row, its section's last," : "the tall row");
    sl_layout_destroy(layout);
  }
}

/* An offset past a section's repetitions, in its trailing insets, is anchored by the section's
   end (SELF-SIZING.md rule 7; found by the state soak, seed 109743). Ten rows 50 pt tall and
   200 pt of bottom inset, then a list to scroll on; the top edge at 600 is 100 pt into the
   inset. Moving an item within the section moves no frame, so no offset; a cell measured
   taller moves the section's end, and the offset with it. */
static void test_trailing_part_anchors_by_section_end(void) {
  for (int measured = 0; measured < 2; measured++) {
    char json[1024];
    snprintf(json, sizeof json,
             "{\"environment\": {\"container\": {\"width\": 390, \"height\": 600}},"
             " \"sections\": [{\"itemCount\": 10, \"contentInsets\": {\"top\": 0, \"leading\": 0,"
             " \"bottom\": 200, \"trailing\": 0}, \"group\": {\"group\": \"horizontal\","
             " \"layoutSize\": " SIZE(FW(1), "%s") ","
             " \"subitem\": {\"layoutSize\": " SIZE(FW(1), "%s") "}, \"count\": 1}},"
             "  {\"itemCount\": 20, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
             SIZE(FW(1), ABS(50)) ", \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) "},"
             " \"count\": 1}}]}",
             measured ? "{\"estimated\": 50}" : ABS(50), measured ? "{\"estimated\": 50}" : FH(1));
    sl_layout *layout = create_layout(json);
    if (layout == NULL) continue;
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 600), SL_OK);
    if (!measured) {
      CHECK_STATUS(sl_layout_move_item(layout, 0, 2, 0, 9, NULL), SL_OK);
      CHECK(main_offset(layout, SL_SCROLL_MAIN) == 600, "move to the last row: %.17g, not 600",
            main_offset(layout, SL_SCROLL_MAIN));
      CHECK_STATUS(sl_layout_move_item(layout, 0, 9, 0, 2, NULL), SL_OK);
      CHECK(main_offset(layout, SL_SCROLL_MAIN) == 600, "and back: %.17g, not 600",
            main_offset(layout, SL_SCROLL_MAIN));
    } else {
      CHECK_STATUS(sl_layout_report_item_size(layout, 0, 9, 390, 80, NULL), SL_OK);
      CHECK(main_offset(layout, SL_SCROLL_MAIN) == 630, "last cell 30 pt taller: %.17g, not 630",
            main_offset(layout, SL_SCROLL_MAIN));
      CHECK_STATUS(sl_layout_reset_item_size(layout, 0, 9, NULL), SL_OK);
      CHECK(main_offset(layout, SL_SCROLL_MAIN) == 600, "its size forgotten: %.17g, not 600",
            main_offset(layout, SL_SCROLL_MAIN));
    }
    sl_layout_destroy(layout);
  }
}

/* An offset on a row's start, where the row's start is the section's start plus its place in
   the section rounded once, is anchored by that row, not the one before it (SELF-SIZING.md rule
   7; found by the state soak, seeds 482398 and 483461). A first section 488.4 pt long, then
   rows 32 pt tall with 7.8035052287092821 pt between them: the second row starts at
   488.4 + 39.803505228709282, which rounds below the sum, so the offset less the section's start
   fell an ulp short of the row's place in the section, in the row before. Moving the first row
   away and back must give the offset back, measured rows (a page of sizes) or not. */
static void test_offset_on_rounded_row_start(void) {
  for (int measured = 0; measured < 2; measured++) {
    const char *json =
        "{\"environment\": {\"container\": {\"width\": 320, \"height\": 568}},"
        " \"sections\": [{\"itemCount\": 4, \"interGroupSpacing\": 7, \"contentInsets\": {\"top\": 7,"
        " \"leading\": 0, \"bottom\": 0, \"trailing\": 0}, \"group\": {\"group\": \"horizontal\","
        " \"layoutSize\": " SIZE(FW(1), "{\"estimated\": 115.1}") ", \"subitem\": {\"layoutSize\": "
        SIZE(FW(1), "{\"estimated\": 115.1}") "}, \"count\": 1}},"
        "  {\"itemCount\": 12, \"interGroupSpacing\": 7.8035052287092821, \"group\": {\"group\":"
        " \"horizontal\", \"layoutSize\": " SIZE(FW(1), "{\"estimated\": 32}") ", \"subitem\":"
        " {\"layoutSize\": " SIZE(FW(1), "{\"estimated\": 32}") "}, \"count\": 1}}]}";
    sl_layout *layout = create_layout(json);
    if (layout == NULL) continue;
    if (measured) CHECK_STATUS(sl_layout_report_item_size(layout, 1, 10, 320, 129.328125, NULL), SL_OK);
    sl_rect first;
    CHECK_STATUS(sl_layout_get_item_frame(layout, 1, 0, &first), SL_OK);
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, first.y), SL_OK);
    CHECK_STATUS(sl_layout_move_item(layout, 1, 6, 1, 0, NULL), SL_OK);
    sl_rect second;
    CHECK_STATUS(sl_layout_get_item_frame(layout, 1, 1, &second), SL_OK);
    CHECK(main_offset(layout, SL_SCROLL_MAIN) == second.y,
          "a row moved in above the top row: %.17g, not its start %.17g (measured %d)",
          main_offset(layout, SL_SCROLL_MAIN), second.y, measured);
    CHECK_STATUS(sl_layout_move_item(layout, 1, 0, 1, 6, NULL), SL_OK);
    CHECK(main_offset(layout, SL_SCROLL_MAIN) == first.y,
          "and moved back: %.17g, not %.17g (measured %d)", main_offset(layout, SL_SCROLL_MAIN),
          first.y, measured);
    sl_layout_destroy(layout);
  }
}

/* The same in a flow section, whose repetitions are lines: the anchor's item, moved a line
   down by an item moved in before it and back up when that item goes back, keeps the offset on
   its line's start bit for bit, wherever the first line's start (the section inset) and the
   line spacing round its lines' starts (the library before took the line before for a third of
   these; offsets that a move would push past the end bound, where rule 7 clamps, are left out). */
static void test_flow_offset_on_rounded_line_start(void) {
  const double insets[] = {488.4, 0.1, 333.3, 1234.567};
  const double spacings[] = {7.8035052287092821, 0.3, 1.1, 2.71828};
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++) {
      char json[1024];
      snprintf(json, sizeof json,
               "{\"environment\": {\"container\": {\"width\": 320, \"height\": 568}},"
               " \"flowLayout\": {\"estimatedItemSize\": {\"width\": 320, \"height\": 32},"
               " \"minimumLineSpacing\": %.17g, \"sectionInset\": {\"top\": %.17g, \"left\": 0,"
               " \"bottom\": 0, \"right\": 0}}, \"sections\": [{\"itemCount\": 40}]}",
               spacings[b], insets[a]);
      sl_layout *layout = create_layout(json);
      if (layout == NULL) continue;
      for (int k = 1; k < 20; k++) {
        sl_rect line, last;
        CHECK_STATUS(sl_layout_get_item_frame(layout, 0, k, &line), SL_OK);
        CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 39, &last), SL_OK);
        if (line.y + 2 * (line.height + spacings[b]) > last.y + last.height - 568) break;
        CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, line.y), SL_OK);
        CHECK_STATUS(sl_layout_move_item(layout, 0, k + 3, 0, 0, NULL), SL_OK);
        CHECK_STATUS(sl_layout_move_item(layout, 0, 0, 0, k + 3, NULL), SL_OK);
        CHECK(main_offset(layout, SL_SCROLL_MAIN) == line.y,
              "inset %g, spacing %g, line %d: %.17g, not %.17g", insets[a], spacings[b], k,
              main_offset(layout, SL_SCROLL_MAIN), line.y);
      }
      sl_layout_destroy(layout);
    }
}

int main(void) {
  test_units_past_int64();
  test_flow_item_sizes();
  test_section_changes();
  test_move_item_sizes();
  test_given_and_given_back();
  test_undo_gives_offsets_back();
  test_moves_across_sections_give_offsets_back();
  test_move_across_clamps_once();
  test_move_across_follows_run();
  test_move_across_last_item_and_back();
  test_move_tall_row_across_and_back();
  test_move_only_item_across_and_back();
  test_trailing_part_anchors_by_section_end();
  test_offset_on_rounded_row_start();
  test_flow_offset_on_rounded_line_start();
  return test_finish("test_data_changes");
}
