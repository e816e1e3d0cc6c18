/*
 * test_exact.c — exact arithmetic through the C API (issue 16, defects 6 and 8).
 *
 * 1. The group fit tolerance is relative for thin items (docs/LAYOUT-RULES.md, "Groups" 1): a
 *    quarter point for items of a point or more, as UIKit, a quarter of the item below that, so
 *    rows of thin items never overflow by whole items; a group that would hold more than 10,000
 *    subitems says how many, along which axis, and how long they are.
 */
#include <stdint.h>
#include <string.h>

#include "test_support.h"

/* A one-section layout: a horizontal group of `fraction`-wide items, `count` items, solved in
 * a `width` x 844 container. NULL (and the error kept) when it cannot be created. */
static sl_layout *thin_items(double width, double fraction, int64_t count, int *status) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"environment\": {\"container\": {\"width\": %.17g, \"height\": 844}},"
           " \"sections\": [{\"itemCount\": %lld, \"group\": {\"group\": \"horizontal\","
           " \"layoutSize\": " SIZE(FW(1), ABS(50)) ", \"subitems\": [{\"layoutSize\":"
           " {\"widthDimension\": {\"fractionalWidth\": %.17g}, \"heightDimension\": " FH(1)
           "}}]}}]}",
           width, (long long)count, fraction);
  sl_layout *layout = NULL;
  *status = sl_layout_create(json, strlen(json), &layout);
  return layout;
}

static void test_fit_tolerance(void) {
  static const struct {
    double width, fraction;
    int32_t per_row;
  } cases[] = {
      {100, 0.001, 1000}, /* was 1,002 per row, ending at 100.2 */
      {0.1, 1, 1},        /* was 3 per row */
      {1e-6, 1, 1},       /* was "more than 10000 subitems" */
      {1e-9, 0.25, 4},
      {400, 0.5, 2},
      {100, 0.334, 3}, /* 100.2: 0.2 pt over, within UIKit's quarter point */
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    int status = 0;
    int64_t items = cases[c].per_row + 1;
    sl_layout *layout = thin_items(cases[c].width, cases[c].fraction, items, &status);
    CHECK(status == SL_OK, "width %g, fraction %g: %s", cases[c].width, cases[c].fraction,
          sl_error_last()->message);
    if (layout == NULL) continue;
    sl_section_info info;
    CHECK_STATUS(sl_layout_get_section_info(layout, 0, &info), SL_OK);
    int32_t expected = cases[c].per_row;
    CHECK(info.items_per_group == expected, "width %g, fraction %g: %d per row, expected %d",
          cases[c].width, cases[c].fraction, info.items_per_group, expected);
    sl_rect last;
    CHECK_STATUS(sl_layout_get_item_frame(layout, 0, info.items_per_group - 1, &last), SL_OK);
    double overflow = last.x + last.width - cases[c].width;
    CHECK(overflow <= 0.25 * last.width && overflow <= 0.25,
          "width %g, fraction %g: the row ends %.17g past the group", cases[c].width,
          cases[c].fraction, overflow);
    sl_layout_destroy(layout);
  }

  /* More than 10,000 per row: the error says how many, the axis and the subitem's length. */
  int status = 0;
  sl_layout *layout = thin_items(400, 1e-5, 1, &status);
  CHECK(status == SL_ECONFIG && layout == NULL, "1e-5 of 400 pt: status %d", status);
  const sl_error *error = sl_error_last();
  CHECK(strcmp(error->path, "/sections/0/group") == 0, "path %s", error->path);
  CHECK(strstr(error->message, "would hold about 100000 subitems in one repetition, more than "
                               "10000: its horizontal axis is 400.0 pt and its subitem is "
                               "0.004 pt long") != NULL,
        "message: %s", error->message);
  sl_layout_destroy(layout);
}

int main(void) {
  test_fit_tolerance();
  return test_finish("test_exact");
}
