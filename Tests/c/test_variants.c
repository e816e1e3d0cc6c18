/*
 * test_variants.c — sections that adapt to the container through the C ABI
 * (docs/LAYOUT-RULES.md, "Sections that adapt to the container"): the variant in force at each
 * container size, frames worked out by hand, measured sizes kept across variants, item and
 * section changes, "variant" in sl_layout_copy_json and the refusals with their JSON Pointers.
 */
#include <stdint.h>
#include <string.h>

#include "test_support.h"

/* A row of `n` items of estimated height 50 (H: its height dimension). */
#define ROW(n, H)                                                                            \
  "{\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), H) ", \"subitem\": {\"layoutSize\": " \
  SIZE(FW(1), H) "}, \"count\": " #n "}"
#define EST(x) "{\"estimated\": " #x "}"

/* One column by default; three from 600 pt (10 pt between rows); two of absolute height 80
   from 400 to 600 pt. */
#define ADAPTIVE_SECTION                                                             \
  "{\"itemCount\": 6, \"group\": " ROW(1, EST(50)) ", \"variants\": ["                \
  "  {\"when\": {\"minWidth\": 600}, \"group\": " ROW(3, EST(50)) ","                 \
  "   \"interGroupSpacing\": 10},"                                                     \
  "  {\"when\": {\"minWidth\": 400, \"maxWidth\": 600}, \"group\": " ROW(2, ABS(80)) "}]}"

static const char ADAPTIVE_JSON[] =
    "{\"environment\": {\"contentInsets\": {\"leading\": 10, \"trailing\": 10}},"
    " \"sections\": [" ADAPTIVE_SECTION "]}";

static void expect_frame(sl_layout *layout, int32_t section, int64_t item, double x, double y,
                         double w, double h) {
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, section, item, &frame), SL_OK);
  CHECK(frame.x == x && frame.y == y && frame.width == w && frame.height == h,
        "section %d item %lld: (%g, %g, %g, %g), expected (%g, %g, %g, %g)", section,
        (long long)item, frame.x, frame.y, frame.width, frame.height, x, y, w, h);
}

static void expect_variant(sl_layout *layout, int32_t section, int32_t expected) {
  int32_t variant = -7;
  CHECK_STATUS(sl_layout_get_section_variant(layout, section, &variant), SL_OK);
  CHECK(variant == expected, "section %d: variant %d, expected %d", section, variant, expected);
}

static void test_choice(void) {
  sl_layout *layout = NULL;
  CHECK_STATUS(sl_layout_create(ADAPTIVE_JSON, sizeof ADAPTIVE_JSON - 1, &layout), SL_OK);
  if (layout == NULL) return;
  /* No container yet: the section's own keys. */
  expect_variant(layout, 0, -1);
  /* 390 - 20 = 370: none matches, one column of 370 from x = 10. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  expect_variant(layout, 0, -1);
  expect_frame(layout, 0, 1, 10, 50, 370, 50);
  /* 610 - 20 = 590: two columns of 295 and 80 pt rows (the maximum 600 is exclusive of 610's
     effective 590, which is below it). */
  CHECK_STATUS(sl_layout_set_container_size(layout, 610, 844), SL_OK);
  expect_variant(layout, 0, 1);
  expect_frame(layout, 0, 3, 305, 80, 295, 80);
  /* 620 - 20 = 600: the minimum is inclusive, three columns of 200, rows 50 + 10 apart. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 620, 844), SL_OK);
  expect_variant(layout, 0, 0);
  expect_frame(layout, 0, 4, 210, 60, 200, 50);
  sl_section_info info;
  CHECK_STATUS(sl_layout_get_section_info(layout, 0, &info), SL_OK);
  CHECK(info.items_per_group == 3 && info.group_count == 2, "%d per group, %lld groups",
        info.items_per_group, (long long)info.group_count);
  sl_layout_destroy(layout);
}

static void test_measured_sizes(void) {
  sl_layout *layout = NULL;
  CHECK_STATUS(sl_layout_create(ADAPTIVE_JSON, sizeof ADAPTIVE_JSON - 1, &layout), SL_OK);
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 0, 370, 120, NULL), SL_OK);
  expect_frame(layout, 0, 1, 10, 120, 370, 50);
  /* Absolute heights: the size stays reported but does not apply. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 520, 844), SL_OK);
  expect_frame(layout, 0, 0, 10, 0, 250, 80);
  sl_size measured = {0, 0};
  int is_measured = 0;
  CHECK_STATUS(sl_layout_get_measured_size(layout, 0, 0, &measured, &is_measured), SL_OK);
  CHECK(is_measured == 1 && measured.width == 370 && measured.height == 120, "measured %g x %g",
        measured.width, measured.height);
  /* Estimated again: row 0 is 120 tall, row 1 starts at 130. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 920, 844), SL_OK);
  expect_frame(layout, 0, 0, 10, 0, 300, 120);
  expect_frame(layout, 0, 3, 10, 130, 300, 50);
  /* Items inserted before it carry it along: item 2 now, in row 0's last column. */
  CHECK_STATUS(sl_layout_insert_items(layout, 0, 0, 2, NULL), SL_OK);
  expect_frame(layout, 0, 2, 610, 0, 300, 120);
  expect_variant(layout, 0, 0);
  sl_layout_destroy(layout);
}

static void test_sections_and_json(void) {
  sl_layout *layout = NULL;
  CHECK_STATUS(sl_layout_create(ADAPTIVE_JSON, sizeof ADAPTIVE_JSON - 1, &layout), SL_OK);
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_set_container_size(layout, 920, 844), SL_OK);
  static const char inserted[] = "[" ADAPTIVE_SECTION ", {\"itemCount\": 2, \"group\": "
                                 ROW(1, ABS(44)) "}]";
  CHECK_STATUS(sl_layout_insert_sections(layout, 0, inserted, sizeof inserted - 1, NULL), SL_OK);
  expect_variant(layout, 0, 0);
  expect_variant(layout, 1, -1);
  expect_variant(layout, 2, 0);
  static const char plain[] = "{\"itemCount\": 3, \"group\": " ROW(1, ABS(44)) "}";
  CHECK_STATUS(sl_layout_replace_section(layout, 2, plain, sizeof plain - 1, NULL), SL_OK);
  expect_variant(layout, 2, -1);
  CHECK_STATUS(sl_layout_move_section(layout, 0, 2, NULL), SL_OK);
  expect_variant(layout, 2, 0);
  CHECK_STATUS(sl_layout_set_container_size(layout, 520, 844), SL_OK);
  expect_variant(layout, 2, 1);

  char *text = NULL;
  size_t length = 0;
  CHECK_STATUS(sl_layout_copy_json(layout, NULL, &text, &length), SL_OK);
  if (text != NULL) {
    /* Only the section described with variants has the key. */
    const char *first = strstr(text, "\"variant\": ");
    CHECK(first != NULL && strncmp(first, "\"variant\": 1}", 13) == 0, "variant key: %.40s",
          first ? first : "(none)");
    CHECK(first == NULL || strstr(first + 1, "\"variant\"") == NULL, "a second variant key");
    sl_free(text);
  }
  sl_layout_destroy(layout);
}

static void expect_refusal(const char *json, const char *path, const char *message) {
  sl_layout *layout = NULL;
  CHECK_STATUS(sl_layout_create(json, strlen(json), &layout), SL_ECONFIG);
  CHECK(layout == NULL, "a layout was made");
  const sl_error *error = sl_error_last();
  CHECK(strcmp(error->path, path) == 0, "path %s, expected %s", error->path, path);
  CHECK(strstr(error->message, message) != NULL, "message '%s', expected '%s'", error->message,
        message);
  sl_layout_destroy(layout);
}

#define WITH_VARIANTS(v) \
  "{\"sections\": [{\"itemCount\": 1, \"group\": " ROW(1, ABS(44)) ", \"variants\": [" v "]}]}"

static void test_refusals(void) {
  expect_refusal(WITH_VARIANTS("{\"when\": {\"minWidth\": -5}}"), "/sections/0/variants/0/when/minWidth",
                 "minWidth must be a finite number from 0 to");
  expect_refusal(WITH_VARIANTS("{\"when\": {\"minWidth\": 1}}, {\"when\": {\"minHeight\": 500, \"maxHeight\": 500}}"),
                 "/sections/0/variants/1/when/maxHeight", "must be greater than minHeight");
  expect_refusal(WITH_VARIANTS("{\"when\": {\"maxWidht\": 5}}"), "/sections/0/variants/0/when/maxWidht",
                 "did you mean 'maxWidth'?");
  expect_refusal(WITH_VARIANTS("{\"when\": {\"minWidth\": 1}, \"variants\": []}"),
                 "/sections/0/variants/0/variants", "variants cannot be nested");
  expect_refusal(WITH_VARIANTS("{\"when\": {}}, {\"when\": {\"minWidth\": 1}}"),
                 "/sections/0/variants/0/when", "an empty 'when' matches every container");
  expect_refusal(WITH_VARIANTS("{\"when\": {\"minWidth\": 1}, \"itemCount\": 2}"),
                 "/sections/0/variants/0/itemCount", "cannot change itemCount");
}

int main(void) {
  test_choice();
  test_measured_sizes();
  test_sections_and_json();
  test_refusals();
  return test_finish("test_variants");
}
