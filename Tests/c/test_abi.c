/*
 * test_abi.c — checks the C ABI of the shipped libsnaplayout.so against include/snaplayout.h:
 * NULL arguments, out-of-range indices, invalid numbers, the "no container size" state, the
 * error record (code, message, path, line, column), outputs left untouched on failure, the
 * two-call pattern, element fields, configuration errors and sl_layout_copy_json.
 *
 * Every failing call is checked for its status AND its error record. Set SL_TEST_QUICK=1 (as
 * `make test-valgrind` does) to skip the slowest case (parsing 64 MiB of text).
 */
/* It checks the deprecated sl_layout_{set,get}_section_offset() on purpose: they keep working. */
#define SL_NO_DEPRECATED_WARNINGS
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <json-c/json.h>

#include "test_support.h"

/* ---------------------------------------------------------------------------------------------
 * Configurations
 * ------------------------------------------------------------------------------------------- */

/* An item half as wide as its group, 50 pt tall. */
#define HALF_ITEM "{\"layoutSize\": " SIZE(FW(0.5), FH(1)) "}"
/* A horizontal group as wide as the section and 50 pt tall. */
#define ROW(subitems)                                                                  \
  "{\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(50)) ", \"subitems\": [" \
  subitems "]}"

/* Two columns of 50 pt rows; no container size. */
static const char GRID_JSON[] =
    "{\"sections\": [{\"itemCount\": 5, \"group\": " ROW(HALF_ITEM) "}]}";

/*
 * A layout with every kind of element, solved at once at 400 x 800. Kind ids, in the header's
 * order: globalHeader 0, header 1, footer 2, background 3, badge 4. Section 0: 7 cells in rows
 * of two, each with a badge; section 1 scrolls orthogonally (6 cells of 320 pt).
 */
static const char RICH_JSON[] =
    "{\n"
    "  \"version\": 1,\n"
    "  \"environment\": {\"container\": {\"width\": 400, \"height\": 800}},\n"
    "  \"configuration\": {\"boundarySupplementaryItems\": [\n"
    "    {\"elementKind\": \"globalHeader\", \"alignment\": \"top\",\n"
    "     \"layoutSize\": " SIZE(FW(1), ABS(30)) "}]},\n"
    "  \"sections\": [\n"
    "    {\"itemCount\": 7,\n"
    "     \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(100)) ",\n"
    "       \"subitems\": [{\"layoutSize\": " SIZE(FW(0.5), FH(1)) ",\n"
    "         \"supplementaryItems\": [{\"elementKind\": \"badge\",\n"
    "           \"layoutSize\": " SIZE(ABS(10), ABS(10)) ",\n"
    "           \"containerAnchor\": {\"edges\": [\"top\", \"trailing\"]}}]}]},\n"
    "     \"boundarySupplementaryItems\": [\n"
    "       {\"elementKind\": \"header\", \"alignment\": \"top\",\n"
    "        \"layoutSize\": " SIZE(FW(1), ABS(40)) "},\n"
    "       {\"elementKind\": \"footer\", \"alignment\": \"bottom\",\n"
    "        \"layoutSize\": " SIZE(FW(1), ABS(20)) "}],\n"
    "     \"decorationItems\": [{\"elementKind\": \"background\"}]},\n"
    "    {\"itemCount\": 6, \"orthogonalScrollingBehavior\": \"continuous\",\n"
    "     \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.8), ABS(60)) ",\n"
    "       \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) "}, \"count\": 1},\n"
    "     \"boundarySupplementaryItems\": [\n"
    "       {\"elementKind\": \"header\", \"alignment\": \"top\",\n"
    "        \"layoutSize\": " SIZE(FW(1), ABS(40)) "}]}\n"
    "  ]\n"
    "}\n";
#define RICH_KIND_COUNT 5
static const char *const RICH_KINDS[RICH_KIND_COUNT] = {"globalHeader", "header", "footer",
                                                          "background", "badge"};

/* A group whose only subitem is 300 pt wide: it fits a container of 300 pt or more. */
#define WIDE_ITEM_SECTIONS \
  "\"sections\": [{\"itemCount\": 4, \"group\": {\"group\": \"horizontal\", \"layoutSize\": " \
  SIZE(FW(1), ABS(50)) ", \"subitems\": [{\"layoutSize\": " SIZE(ABS(300), FH(1)) "}]}}]"
static const char WIDE_ITEM_JSON[] = "{" WIDE_ITEM_SECTIONS "}";
static const char WIDE_ITEM_IN_200_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 200, \"height\": 500}}, " WIDE_ITEM_SECTIONS "}";

/* One section of `count` full-width 10 pt rows, solved at 100 x 100. */
#define ROWS_JSON(count)                                                                     \
  "{\"environment\": {\"container\": {\"width\": 100, \"height\": 100}}, \"sections\": [{" \
  "\"itemCount\": " count ", \"group\": {\"group\": \"vertical\", \"layoutSize\": "         \
  SIZE(FW(1), ABS(10)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}}]}"

/* ---------------------------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------------------------- */

/* A pointer value that no call may hand out, to see whether a pointer output was written. */
static char sentinel_target;
#define SENTINEL_POINTER ((void *)&sentinel_target)

static int rect_equal(sl_rect a, sl_rect b) {
  return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
}

static int element_equal(const sl_element *a, const sl_element *b) {
  return rect_equal(a->frame, b->frame) && a->transform.a == b->transform.a &&
         a->transform.b == b->transform.b && a->transform.c == b->transform.c &&
         a->transform.d == b->transform.d && a->transform.tx == b->transform.tx &&
         a->transform.ty == b->transform.ty && a->alpha == b->alpha && a->item == b->item &&
         a->section == b->section && a->category == b->category && a->kind == b->kind &&
         a->z_index == b->z_index && a->flags == b->flags && a->copy == b->copy;
}

/* Fetches every element in `rect` with the two-call pattern; the caller frees the array. */
static sl_element *elements_in(const sl_layout *layout, sl_rect rect, size_t *out_count) {
  size_t count = 0;
  *out_count = 0;
  int status = sl_layout_get_elements_in_rect(layout, rect, NULL, 0, &count);
  CHECK(status == SL_OK, "counting elements failed: %d %s", status, sl_error_last()->message);
  if (status != SL_OK) return NULL;
  sl_element *elements = calloc(count + 1, sizeof *elements);
  if (elements == NULL) return NULL;
  size_t written = 0;
  status = sl_layout_get_elements_in_rect(layout, rect, elements, count, &written);
  CHECK(status == SL_OK && written == count, "listing elements: %d, %zu of %zu", status, written,
        count);
  *out_count = written;
  return elements;
}

/* ---------------------------------------------------------------------------------------------
 * Library information
 * ------------------------------------------------------------------------------------------- */

static void test_version(void) {
  CHECK(sl_version_number() == SL_VERSION_NUMBER, "sl_version_number() = %d, header says %d",
        sl_version_number(), SL_VERSION_NUMBER);
  const char *version = sl_version_string();
  CHECK(version != NULL && strcmp(version, SL_VERSION_STRING) == 0,
        "sl_version_string() = '%s', header says '%s'", version ? version : "(null)",
        SL_VERSION_STRING);
  char expected[64];
  snprintf(expected, sizeof expected, "%d.%d.%d", SL_VERSION_MAJOR, SL_VERSION_MINOR,
           SL_VERSION_PATCH);
  CHECK(strcmp(SL_VERSION_STRING, expected) == 0, "SL_VERSION_STRING '%s' is not '%s'",
        SL_VERSION_STRING, expected);
}

static void test_status_strings(void) {
  static const int codes[] = {SL_OK,    SL_EINVAL, SL_EPARSE, SL_ECONFIG,  SL_ERANGE,
                              SL_EBUFS, SL_ENOMEM, SL_ESTATE, SL_ENOTFOUND};
  const size_t count = sizeof codes / sizeof codes[0];
  for (size_t i = 0; i < count; i++) {
    const char *text = sl_status_string(codes[i]);
    CHECK(text != NULL && text[0] != '\0', "sl_status_string(%d) is NULL or empty", codes[i]);
    if (text == NULL) continue;
    CHECK(strcmp(text, "unknown status") != 0, "sl_status_string(%d) says 'unknown status'",
          codes[i]);
    CHECK(strcmp(text, sl_status_string(codes[i])) == 0, "sl_status_string(%d) is not stable",
          codes[i]);
    for (size_t j = 0; j < i; j++) {
      const char *other = sl_status_string(codes[j]);
      CHECK(other == NULL || strcmp(text, other) != 0,
            "sl_status_string(%d) and sl_status_string(%d) are both '%s'", codes[i], codes[j],
            text);
    }
  }
  static const int unknown[] = {1, -9, -100, 42, INT_MAX, INT_MIN};
  for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    const char *text = sl_status_string(unknown[i]);
    CHECK(text != NULL && strcmp(text, "unknown status") == 0,
          "sl_status_string(%d) = '%s', expected 'unknown status'", unknown[i],
          text ? text : "(null)");
  }
}

/* ---------------------------------------------------------------------------------------------
 * The error record
 * ------------------------------------------------------------------------------------------- */

static void check_record_is_clear(const char *when) {
  const sl_error *record = sl_error_last();
  CHECK(record != NULL, "sl_error_last() is NULL %s", when);
  if (record == NULL) return;
  CHECK(record->code == SL_OK, "code %d %s", record->code, when);
  CHECK(record->message != NULL && record->message[0] == '\0', "message '%s' %s",
        record->message ? record->message : "(null)", when);
  CHECK(record->path != NULL && record->path[0] == '\0', "path '%s' %s",
        record->path ? record->path : "(null)", when);
  CHECK(record->line == 0 && record->column == 0, "line/column %d:%d %s", (int)record->line,
        (int)record->column, when);
}

static void test_error_record(void) {
  sl_error_clear();
  check_record_is_clear("after sl_error_clear()");
  CHECK(sl_error_last() == sl_error_last(), "sl_error_last() moves between calls");

  /* A syntax error sets everything, and sl_error_clear() resets everything. */
  sl_layout *layout = SENTINEL_POINTER;
  CHECK_STATUS(sl_layout_create("{\n  x", 5, &layout), SL_EPARSE);
  CHECK(sl_error_last()->line == 2 && sl_error_last()->column == 3,
        "syntax error at %d:%d, expected 2:3", (int)sl_error_last()->line,
        (int)sl_error_last()->column);
  sl_error_clear();
  check_record_is_clear("after clearing a syntax error");

  /* A successful call leaves a previous failure in place. */
  sl_layout *grid = create_layout(GRID_JSON);
  if (grid == NULL) return;
  int64_t count = 0;
  CHECK_ERROR(sl_layout_get_item_count(grid, 7, &count), SL_ERANGE, "section", "7");
  char message[1024], path[1024];
  snprintf(message, sizeof message, "%s", sl_error_last()->message);
  snprintf(path, sizeof path, "%s", sl_error_last()->path);
  CHECK_STATUS(sl_layout_get_item_count(grid, 0, &count), SL_OK);
  CHECK_STATUS(sl_layout_set_container_size(grid, 390, 844), SL_OK);
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(grid, 0, 0, &frame), SL_OK);
  const sl_error *record = sl_error_last();
  CHECK(record->code == SL_ERANGE, "a successful call changed the code to %d", record->code);
  CHECK(strcmp(record->message, message) == 0, "a successful call changed the message to '%s'",
        record->message);
  CHECK(strcmp(record->path, path) == 0, "a successful call changed the path to '%s'",
        record->path);

  /* A later failure replaces the record entirely. */
  CHECK_ERROR(sl_layout_get_item_frame(grid, 0, 99, &frame), SL_ERANGE, "item", "99");
  CHECK(strcmp(sl_error_last()->message, message) != 0, "the message was not replaced");

  /* sl_layout_destroy(NULL) and sl_free(NULL) are no-ops: no crash, the record is kept. */
  sl_layout_destroy(NULL);
  sl_free(NULL);
  CHECK(sl_error_last()->code == SL_ERANGE && strcmp(sl_error_last()->path, "item") == 0,
        "sl_layout_destroy(NULL)/sl_free(NULL) changed the error record to %d [%s]",
        sl_error_last()->code, sl_error_last()->path);
  sl_layout_destroy(grid);
  sl_error_clear();
  check_record_is_clear("at the end");
}

/* ---------------------------------------------------------------------------------------------
 * NULL handles and NULL outputs
 * ------------------------------------------------------------------------------------------- */

static void test_null_arguments(void) {
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  const sl_rect everything = {0, 0, 400, 800};

  sl_layout *created = SENTINEL_POINTER;
  CHECK_ERROR(sl_layout_create(NULL, 10, &created), SL_EINVAL, "json", NULL);
  CHECK(created == SENTINEL_POINTER, "out_layout written on failure");
  CHECK_ERROR(sl_layout_create(GRID_JSON, strlen(GRID_JSON), NULL), SL_EINVAL, "out_layout",
              NULL);
  CHECK_ERROR(sl_layout_create(NULL, 0, NULL), SL_EINVAL, "json", NULL);

  CHECK_ERROR(sl_layout_set_container_size(NULL, 100, 100), SL_EINVAL, "layout", NULL);

  sl_size size;
  fill_sentinel(&size, sizeof size);
  CHECK_ERROR(sl_layout_get_container_size(NULL, &size), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(size);
  CHECK_ERROR(sl_layout_get_container_size(layout, NULL), SL_EINVAL, "out_size", NULL);
  CHECK_ERROR(sl_layout_get_content_size(NULL, &size), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(size);
  CHECK_ERROR(sl_layout_get_content_size(layout, NULL), SL_EINVAL, "out_size", NULL);

  int32_t count32;
  fill_sentinel(&count32, sizeof count32);
  CHECK_ERROR(sl_layout_get_section_count(NULL, &count32), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(count32);
  CHECK_ERROR(sl_layout_get_section_count(layout, NULL), SL_EINVAL, "out_count", NULL);

  int64_t count64;
  fill_sentinel(&count64, sizeof count64);
  CHECK_ERROR(sl_layout_get_item_count(NULL, 0, &count64), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(count64);
  CHECK_ERROR(sl_layout_get_item_count(layout, 0, NULL), SL_EINVAL, "out_count", NULL);

  int32_t variant;
  fill_sentinel(&variant, sizeof variant);
  CHECK_ERROR(sl_layout_get_section_variant(NULL, 0, &variant), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(variant);
  CHECK_ERROR(sl_layout_get_section_variant(layout, 0, NULL), SL_EINVAL, "out_variant", NULL);

  sl_section_info info;
  fill_sentinel(&info, sizeof info);
  CHECK_ERROR(sl_layout_get_section_info(NULL, 0, &info), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(info);
  CHECK_ERROR(sl_layout_get_section_info(layout, 0, NULL), SL_EINVAL, "out_info", NULL);

  sl_rect frame;
  fill_sentinel(&frame, sizeof frame);
  CHECK_ERROR(sl_layout_get_item_frame(NULL, 0, 0, &frame), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(frame);
  CHECK_ERROR(sl_layout_get_item_frame(layout, 0, 0, NULL), SL_EINVAL, "out_frame", NULL);

  sl_element buffer[4];
  size_t count;
  fill_sentinel(buffer, sizeof buffer);
  fill_sentinel(&count, sizeof count);
  CHECK_ERROR(sl_layout_get_elements_in_rect(NULL, everything, buffer, 4, &count), SL_EINVAL,
              "layout", NULL);
  CHECK_UNTOUCHED(buffer);
  CHECK_UNTOUCHED(count);
  CHECK_ERROR(sl_layout_get_elements_in_rect(layout, everything, buffer, 4, NULL), SL_EINVAL,
              "out_count", NULL);
  CHECK_UNTOUCHED(buffer);
  CHECK_ERROR(sl_layout_get_elements_in_rect(layout, everything, NULL, 0, NULL), SL_EINVAL,
              "out_count", NULL);

  fill_sentinel(&count32, sizeof count32);
  CHECK_ERROR(sl_layout_get_element_kind_count(NULL, &count32), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(count32);
  CHECK_ERROR(sl_layout_get_element_kind_count(layout, NULL), SL_EINVAL, "out_count", NULL);

  const char *name = SENTINEL_POINTER;
  CHECK_ERROR(sl_layout_get_element_kind_name(NULL, 0, &name), SL_EINVAL, "layout", NULL);
  CHECK(name == SENTINEL_POINTER, "out_name written on failure");
  CHECK_ERROR(sl_layout_get_element_kind_name(layout, 0, NULL), SL_EINVAL, "out_name", NULL);
  CHECK_ERROR(sl_layout_get_element_kind_name(layout, SL_KIND_CELL, NULL), SL_EINVAL, "out_name",
              NULL);

  int32_t kind;
  fill_sentinel(&kind, sizeof kind);
  CHECK_ERROR(sl_layout_find_element_kind(NULL, "header", &kind), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(kind);
  CHECK_ERROR(sl_layout_find_element_kind(layout, NULL, &kind), SL_EINVAL, "name", NULL);
  CHECK_UNTOUCHED(kind);
  CHECK_ERROR(sl_layout_find_element_kind(layout, "header", NULL), SL_EINVAL, "out_kind", NULL);

  CHECK_ERROR(sl_layout_set_section_offset(NULL, 1, 10), SL_EINVAL, "layout", NULL);

  double offset;
  fill_sentinel(&offset, sizeof offset);
  CHECK_ERROR(sl_layout_get_section_offset(NULL, 1, &offset), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(offset);
  CHECK_ERROR(sl_layout_get_section_offset(layout, 1, NULL), SL_EINVAL, "out_offset", NULL);

  char *json = SENTINEL_POINTER;
  size_t length;
  fill_sentinel(&length, sizeof length);
  CHECK_ERROR(sl_layout_copy_json(NULL, NULL, &json, &length), SL_EINVAL, "layout", NULL);
  CHECK(json == SENTINEL_POINTER, "out_json written on failure");
  CHECK_UNTOUCHED(length);
  CHECK_ERROR(sl_layout_copy_json(layout, NULL, NULL, &length), SL_EINVAL, "out_json", NULL);
  CHECK_UNTOUCHED(length);
  CHECK_ERROR(sl_layout_copy_json(layout, &everything, NULL, NULL), SL_EINVAL, "out_json", NULL);

  /* The layout is still usable after all that. */
  CHECK_STATUS(sl_layout_get_section_count(layout, &count32), SL_OK);
  CHECK(count32 == 2, "section count %d, expected 2", (int)count32);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * Out-of-range indices
 * ------------------------------------------------------------------------------------------- */

static void test_out_of_range(void) {
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  static const int32_t bad_sections[] = {-1, 2, 3, INT32_MAX, INT32_MIN, SL_SECTION_LAYOUT};
  for (size_t i = 0; i < sizeof bad_sections / sizeof bad_sections[0]; i++) {
    int32_t section = bad_sections[i];
    char number[32];
    snprintf(number, sizeof number, "%" PRId32, section);
    int64_t count;
    fill_sentinel(&count, sizeof count);
    CHECK_ERROR(sl_layout_get_item_count(layout, section, &count), SL_ERANGE, "section", number);
    CHECK_UNTOUCHED(count);
    int32_t variant;
    fill_sentinel(&variant, sizeof variant);
    CHECK_ERROR(sl_layout_get_section_variant(layout, section, &variant), SL_ERANGE, "section",
                number);
    CHECK_UNTOUCHED(variant);
    sl_section_info info;
    fill_sentinel(&info, sizeof info);
    CHECK_ERROR(sl_layout_get_section_info(layout, section, &info), SL_ERANGE, "section", number);
    CHECK_UNTOUCHED(info);
    sl_rect frame;
    fill_sentinel(&frame, sizeof frame);
    CHECK_ERROR(sl_layout_get_item_frame(layout, section, 0, &frame), SL_ERANGE, "section",
                number);
    CHECK_UNTOUCHED(frame);
    double offset;
    fill_sentinel(&offset, sizeof offset);
    CHECK_ERROR(sl_layout_get_section_offset(layout, section, &offset), SL_ERANGE, "section",
                number);
    CHECK_UNTOUCHED(offset);
    CHECK_ERROR(sl_layout_set_section_offset(layout, section, 5), SL_ERANGE, "section", number);
  }

  /* Section 0 has 7 items, section 1 has 6. */
  static const struct {
    int32_t section;
    int64_t item;
  } bad_items[] = {{0, -1}, {0, 7}, {0, 8}, {1, 6}, {0, INT64_MAX}, {1, INT64_MIN}};
  for (size_t i = 0; i < sizeof bad_items / sizeof bad_items[0]; i++) {
    char number[32];
    snprintf(number, sizeof number, "%" PRId64, bad_items[i].item);
    sl_rect frame;
    fill_sentinel(&frame, sizeof frame);
    CHECK_ERROR(sl_layout_get_item_frame(layout, bad_items[i].section, bad_items[i].item, &frame),
                SL_ERANGE, "item", number);
    CHECK_UNTOUCHED(frame);
  }

  static const int32_t bad_kinds[] = {RICH_KIND_COUNT, RICH_KIND_COUNT + 1, -2, INT32_MAX,
                                      INT32_MIN};
  for (size_t i = 0; i < sizeof bad_kinds / sizeof bad_kinds[0]; i++) {
    char number[32];
    snprintf(number, sizeof number, "%" PRId32, bad_kinds[i]);
    const char *name = SENTINEL_POINTER;
    CHECK_ERROR(sl_layout_get_element_kind_name(layout, bad_kinds[i], &name), SL_ERANGE, "kind",
                number);
    CHECK(name == SENTINEL_POINTER, "out_name written for kind %d", (int)bad_kinds[i]);
  }
  sl_layout_destroy(layout);

  /*
   * A layout without any element kind: every id but SL_KIND_CELL is out of range. The message
   * must not describe an empty range of ids as "0 to -1".
   */
  sl_layout *grid = create_layout(GRID_JSON);
  if (grid == NULL) return;
  const char *name = SENTINEL_POINTER;
  CHECK_ERROR(sl_layout_get_element_kind_name(grid, 0, &name), SL_ERANGE, "kind", "0");
  CHECK(strstr(sl_error_last()->message, "0 to -1") == NULL,
        "misleading message for a layout without element kinds: '%s'", sl_error_last()->message);
  CHECK(name == SENTINEL_POINTER, "out_name written on failure");
  CHECK_STATUS(sl_layout_get_element_kind_name(grid, SL_KIND_CELL, &name), SL_OK);
  CHECK(name != SENTINEL_POINTER && name != NULL && strcmp(name, "cell") == 0,
        "SL_KIND_CELL is not named 'cell'");
  sl_layout_destroy(grid);

  /* An empty section has no item 0. */
  sl_layout *empty = create_layout(ROWS_JSON("0"));
  if (empty == NULL) return;
  sl_rect frame;
  fill_sentinel(&frame, sizeof frame);
  CHECK_ERROR(sl_layout_get_item_frame(empty, 0, 0, &frame), SL_ERANGE, "item", NULL);
  CHECK_UNTOUCHED(frame);
  sl_layout_destroy(empty);
}

/* ---------------------------------------------------------------------------------------------
 * Invalid numbers
 * ------------------------------------------------------------------------------------------- */

static void test_invalid_container_sizes(void) {
  sl_layout *layout = create_layout(GRID_JSON);
  if (layout == NULL) return;
  static const double bad[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, -1.0, -1e-300};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    /* Before any size is set, a failure leaves the layout without one. */
    CHECK_ERROR(sl_layout_set_container_size(layout, bad[i], 100), SL_EINVAL, "width", NULL);
    CHECK_ERROR(sl_layout_set_container_size(layout, 100, bad[i]), SL_EINVAL, "height", NULL);
    CHECK_ERROR(sl_layout_set_container_size(layout, bad[i], bad[i]), SL_EINVAL, "width", NULL);
  }
  sl_size size;
  fill_sentinel(&size, sizeof size);
  CHECK_ERROR(sl_layout_get_container_size(layout, &size), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(size);

  /* After a size is set, a failure keeps it. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    CHECK_ERROR(sl_layout_set_container_size(layout, bad[i], 500), SL_EINVAL, "width", NULL);
    CHECK_ERROR(sl_layout_set_container_size(layout, 500, bad[i]), SL_EINVAL, "height", NULL);
  }
  CHECK_STATUS(sl_layout_get_container_size(layout, &size), SL_OK);
  CHECK(size.width == 390 && size.height == 844, "container %g x %g after failed resizes",
        size.width, size.height);
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 1, &frame), SL_OK);
  CHECK(rect_equal(frame, (sl_rect){195, 0, 195, 50}), "item 1 at %g,%g %gx%g", frame.x, frame.y,
        frame.width, frame.height);
  /* Tiny and huge finite sizes are valid arguments. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 1e-3, 1e-3), SL_OK);
  CHECK_STATUS(sl_layout_set_container_size(layout, 1e9, 1e9), SL_OK);
  sl_layout_destroy(layout);
}

static void test_invalid_rects(void) {
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  static const sl_rect bad[] = {
      {NAN, 0, 10, 10},  {0, NAN, 10, 10},      {0, 0, NAN, 10},       {0, 0, 10, NAN},
      {0, 0, -1, 10},    {0, 0, 10, -1},        {0, 0, -1e-9, 0},      {INFINITY, 0, 10, 10},
      {0, -INFINITY, 10, 10}, {0, 0, INFINITY, 10}, {0, 0, 10, INFINITY},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    sl_element buffer[2];
    size_t count;
    fill_sentinel(buffer, sizeof buffer);
    fill_sentinel(&count, sizeof count);
    CHECK_ERROR(sl_layout_get_elements_in_rect(layout, bad[i], buffer, 2, &count), SL_EINVAL,
                "rect", NULL);
    CHECK_UNTOUCHED(buffer);
    CHECK_UNTOUCHED(count);
    CHECK_ERROR(sl_layout_get_elements_in_rect(layout, bad[i], NULL, 0, &count), SL_EINVAL,
                "rect", NULL);
    CHECK_UNTOUCHED(count);
    char *json = SENTINEL_POINTER;
    size_t length;
    fill_sentinel(&length, sizeof length);
    CHECK_ERROR(sl_layout_copy_json(layout, &bad[i], &json, &length), SL_EINVAL, "rect", NULL);
    CHECK(json == SENTINEL_POINTER, "out_json written for bad rect %zu", i);
    CHECK_UNTOUCHED(length);
  }
  /* Negative origins and empty rects are fine. */
  size_t count = 99;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, (sl_rect){-50, -50, 10, 10}, NULL, 0, &count),
               SL_OK);
  CHECK(count == 0, "%zu elements above and left of the content", count);
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, (sl_rect){0, 0, 0, 0}, NULL, 0, &count),
               SL_OK);
  sl_layout_destroy(layout);
}

static void test_section_offsets(void) {
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  double offset = -1;
  CHECK_STATUS(sl_layout_get_section_offset(layout, 0, &offset), SL_OK);
  CHECK(offset == 0, "offset of a plain section is %g", offset);

  /* Section 0 does not scroll orthogonally. */
  CHECK_ERROR(sl_layout_set_section_offset(layout, 0, 10), SL_EINVAL, "section", "orthogonal");
  CHECK_ERROR(sl_layout_set_section_offset(layout, 0, 0), SL_EINVAL, "section", NULL);
  CHECK_STATUS(sl_layout_get_section_offset(layout, 0, &offset), SL_OK);
  CHECK(offset == 0, "offset of section 0 became %g", offset);

  sl_rect before, after;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 1, 2, &before), SL_OK);
  CHECK_STATUS(sl_layout_set_section_offset(layout, 1, 100), SL_OK);
  static const double bad[] = {NAN, INFINITY, -INFINITY};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK_ERROR(sl_layout_set_section_offset(layout, 1, bad[i]), SL_EINVAL, "offset", NULL);
  CHECK_STATUS(sl_layout_get_section_offset(layout, 1, &offset), SL_OK);
  CHECK(offset == 100, "offset %g after failed sets, expected 100", offset);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 1, 2, &after), SL_OK);
  CHECK(after.x == before.x - 100 && after.y == before.y && after.width == before.width,
        "offset 100 moved item (1,2) from x %g to %g", before.x, after.x);
  sl_section_info info;
  CHECK_STATUS(sl_layout_get_section_info(layout, 1, &info), SL_OK);
  CHECK(info.orthogonal_offset == 100, "section_info.orthogonal_offset %g",
        info.orthogonal_offset);
  CHECK(info.orthogonal_scrolling_behavior == SL_ORTHOGONAL_CONTINUOUS, "behaviour %d",
        (int)info.orthogonal_scrolling_behavior);
  /* Unclamped: negative and past-the-end offsets are allowed. */
  CHECK_STATUS(sl_layout_set_section_offset(layout, 1, -50), SL_OK);
  CHECK_STATUS(sl_layout_set_section_offset(layout, 1, 1e6), SL_OK);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * Geometry before a container size
 * ------------------------------------------------------------------------------------------- */

static void test_no_container_size(void) {
  sl_layout *layout = create_layout(GRID_JSON);
  if (layout == NULL) return;
  sl_size size;
  fill_sentinel(&size, sizeof size);
  CHECK_ERROR(sl_layout_get_container_size(layout, &size), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(size);
  CHECK_ERROR(sl_layout_get_content_size(layout, &size), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(size);
  sl_section_info info;
  fill_sentinel(&info, sizeof info);
  CHECK_ERROR(sl_layout_get_section_info(layout, 0, &info), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(info);
  sl_rect frame;
  fill_sentinel(&frame, sizeof frame);
  CHECK_ERROR(sl_layout_get_item_frame(layout, 0, 0, &frame), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(frame);
  sl_element buffer[2];
  size_t count;
  fill_sentinel(buffer, sizeof buffer);
  fill_sentinel(&count, sizeof count);
  CHECK_ERROR(sl_layout_get_elements_in_rect(layout, (sl_rect){0, 0, 100, 100}, buffer, 2, &count),
              SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(buffer);
  CHECK_UNTOUCHED(count);
  CHECK_ERROR(sl_layout_get_elements_in_rect(layout, (sl_rect){0, 0, 100, 100}, NULL, 0, &count),
              SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(count);
  char *json = SENTINEL_POINTER;
  size_t length;
  fill_sentinel(&length, sizeof length);
  CHECK_ERROR(sl_layout_copy_json(layout, NULL, &json, &length), SL_ESTATE, "layout", NULL);
  CHECK(json == SENTINEL_POINTER, "out_json written without a container size");
  CHECK_UNTOUCHED(length);

  /* What does not need geometry works without a size. */
  int32_t sections = 0, kinds = -1;
  int64_t items = 0;
  double offset = -1;
  CHECK_STATUS(sl_layout_get_section_count(layout, &sections), SL_OK);
  CHECK(sections == 1, "section count %d", (int)sections);
  CHECK_STATUS(sl_layout_get_item_count(layout, 0, &items), SL_OK);
  CHECK(items == 5, "item count %" PRId64, items);
  CHECK_STATUS(sl_layout_get_element_kind_count(layout, &kinds), SL_OK);
  CHECK(kinds == 0, "kind count %d", (int)kinds);
  CHECK_STATUS(sl_layout_get_section_offset(layout, 0, &offset), SL_OK);
  CHECK(offset == 0, "offset %g", offset);

  /* Once a size is set, the geometry is there. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  CHECK_STATUS(sl_layout_get_container_size(layout, &size), SL_OK);
  CHECK(size.width == 390 && size.height == 844, "container %g x %g", size.width, size.height);
  CHECK_STATUS(sl_layout_get_content_size(layout, &size), SL_OK);
  CHECK(size.width == 390 && size.height == 150, "content %g x %g", size.width, size.height);
  for (int64_t item = 0; item < 5; item++) {
    CHECK_STATUS(sl_layout_get_item_frame(layout, 0, item, &frame), SL_OK);
    sl_rect expected = {(double)(item % 2) * 195, (double)(item / 2) * 50, 195, 50};
    CHECK(rect_equal(frame, expected), "item %" PRId64 " at %g,%g %gx%g", item, frame.x, frame.y,
          frame.width, frame.height);
  }
  sl_layout_destroy(layout);
}

static void test_not_found(void) {
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  static const char *const missing[] = {"nope", "", "Header", "header ", "badges"};
  for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
    int32_t kind;
    fill_sentinel(&kind, sizeof kind);
    CHECK_ERROR(sl_layout_find_element_kind(layout, missing[i], &kind), SL_ENOTFOUND, "name",
                missing[i]);
    CHECK_UNTOUCHED(kind);
  }
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * sl_layout_create: text handling, syntax errors, limits
 * ------------------------------------------------------------------------------------------- */

/* Checks that `text` fails to parse at `line`:`column` and leaves `out_layout` alone. */
#define CHECK_SYNTAX_ERROR(text, length, line_, column_)                                       \
  do {                                                                                         \
    sl_layout *out_ = SENTINEL_POINTER;                                                        \
    CHECK_ERROR(sl_layout_create((text), (length), &out_), SL_EPARSE, "", NULL);               \
    CHECK(out_ == SENTINEL_POINTER, "out_layout written on a syntax error");                   \
    CHECK(sl_error_last()->line == (line_) && sl_error_last()->column == (column_),            \
          "syntax error reported at %d:%d, expected %d:%d (%s)", (int)sl_error_last()->line,   \
          (int)sl_error_last()->column, (int)(line_), (int)(column_), sl_error_last()->message); \
  } while (0)

static void test_syntax_errors(void) {
  /* Line 3 is `  "sections" [`: 2 spaces, the 10-byte key in columns 3-12, a space, then the
   * `[` in column 14 where the ':' belongs. */
  static const char missing_colon[] = "{\n  \"version\": 1,\n  \"sections\" [\n  ]\n}\n";
  CHECK_SYNTAX_ERROR(missing_colon, strlen(missing_colon), 3, 14);

  /* Columns count bytes: on line 2 the key "caf\xc3\xa9" takes columns 3-9 (é is two bytes),
   * ':' is 10, '1' is 12 and the unexpected '2' is 14. */
  static const char utf8[] = "{\n  \"caf\xc3\xa9\": 1 2\n}";
  CHECK_SYNTAX_ERROR(utf8, strlen(utf8), 2, 14);

  /* Text after the value: 'x' on line 3, column 3. */
  static const char trailing[] = "{\"sections\": []}\n\n  x";
  CHECK_SYNTAX_ERROR(trailing, strlen(trailing), 3, 3);

  /* Truncated text: the error is just past the last byte (14 bytes on line 1). */
  static const char truncated[] = "{\"sections\": [";
  CHECK_SYNTAX_ERROR(truncated, strlen(truncated), 1, 15);

  /* Empty text; and `length` is honoured: the first 14 bytes of a valid text are truncated. */
  CHECK_SYNTAX_ERROR("", 0, 1, 1);
  static const char valid[] = "{\"sections\": []}";
  CHECK_SYNTAX_ERROR(valid, 14, 1, 15);

  /* Comments are accepted; a comment does not hide a later error. */
  static const char comments[] = "// layout\n{\"sections\": [] /* none */}\n";
  sl_layout *layout = create_layout(comments);
  sl_layout_destroy(layout);
  static const char comment_then_error[] = "/* a\n b */ {\"sections\": ]}";
  CHECK_SYNTAX_ERROR(comment_then_error, strlen(comment_then_error), 2, 20);
}

/* Whether `text` is well-formed UTF-8 (no cut sequence at the end). */
static int valid_utf8(const char *text) {
  const unsigned char *p = (const unsigned char *)text;
  while (*p) {
    int extra = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2
              : (*p & 0xF8) == 0xF0 ? 3 : -1;
    if (extra < 0) return 0;
    p++;
    for (int i = 0; i < extra; i++, p++)
      if ((*p & 0xC0) != 0x80) return 0;
  }
  return 1;
}

/* Long texts in the error record are cut at 1,023 bytes on a character boundary (C-API.md). */
static void test_long_error_texts(void) {
  const size_t letters = 700; /* "é" x 700: 1,400 bytes */
  const char prefix[] = "{\"sections\": [], \"";
  const char suffix[] = "\": 1}";
  size_t length = strlen(prefix) + 2 * letters + strlen(suffix);
  char *json = malloc(length + 1);
  if (json == NULL) return;
  char *end = json + strlen(prefix);
  memcpy(json, prefix, strlen(prefix));
  for (size_t i = 0; i < letters; i++, end += 2) memcpy(end, "\xc3\xa9", 2);
  memcpy(end, suffix, strlen(suffix) + 1);
  sl_layout *layout = SENTINEL_POINTER;
  CHECK_ERROR(sl_layout_create(json, length, &layout), SL_ECONFIG, NULL, "\xc3\xa9\xc3\xa9");
  const sl_error *record = sl_error_last();
  CHECK(strlen(record->message) <= 1023 && strlen(record->message) >= 1000,
        "message of %zu bytes", strlen(record->message));
  CHECK(valid_utf8(record->message), "the message is cut inside a character");
  CHECK(strlen(record->path) <= 1023 && strlen(record->path) >= 1000 &&
            strncmp(record->path, "/\xc3\xa9", 3) == 0,
        "path of %zu bytes", strlen(record->path));
  CHECK(valid_utf8(record->path), "the path is cut inside a character");
  CHECK(layout == SENTINEL_POINTER, "out_layout written");
  free(json);
}

/* The text need not be NUL-terminated and the library keeps no reference to it. */
static void test_text_ownership(void) {
  size_t length = strlen(RICH_JSON);
  char *text = malloc(length); /* no room for a NUL: valgrind catches a read past the end */
  if (text == NULL) return;
  memcpy(text, RICH_JSON, length);
  sl_layout *layout = NULL;
  CHECK_STATUS(sl_layout_create(text, length, &layout), SL_OK);
  memset(text, '?', length);
  free(text);
  if (layout == NULL) return;
  const char *name = NULL;
  CHECK_STATUS(sl_layout_get_element_kind_name(layout, 4, &name), SL_OK);
  CHECK(name != NULL && strcmp(name, "badge") == 0, "kind 4 is '%s' after freeing the text",
        name ? name : "(null)");
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 3, &frame), SL_OK);
  CHECK(rect_equal(frame, (sl_rect){200, 170, 200, 100}), "item (0,3) at %g,%g %gx%g", frame.x,
        frame.y, frame.width, frame.height);
  /* Kind names stay valid (and unchanged) for the life of the layout. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 300, 300), SL_OK);
  CHECK(strcmp(name, "badge") == 0, "kind name changed after a resize");
  sl_layout_destroy(layout);
}

static void test_deep_nesting(void) {
  const size_t depth = 100000;
  /* [[[[...]]]] */
  char *text = malloc(2 * depth);
  if (text == NULL) return;
  memset(text, '[', depth);
  memset(text + depth, ']', depth);
  sl_layout *layout = SENTINEL_POINTER;
  CHECK_ERROR(sl_layout_create(text, 2 * depth, &layout), SL_EPARSE, "", NULL);
  CHECK(layout == SENTINEL_POINTER, "out_layout written");
  CHECK(sl_error_last()->line == 1 && sl_error_last()->column >= 1 &&
            sl_error_last()->column <= (int32_t)depth,
        "deep array error at %d:%d", (int)sl_error_last()->line, (int)sl_error_last()->column);
  free(text);

  /* {"a":{"a":{...1...}}} */
  const size_t open = 5; /* {"a": */
  size_t length = depth * open + 1 + depth;
  text = malloc(length);
  if (text == NULL) return;
  for (size_t i = 0; i < depth; i++) memcpy(text + i * open, "{\"a\":", open);
  text[depth * open] = '1';
  memset(text + depth * open + 1, '}', depth);
  CHECK_ERROR(sl_layout_create(text, length, &layout), SL_EPARSE, "", NULL);
  CHECK(layout == SENTINEL_POINTER, "out_layout written");
  CHECK(sl_error_last()->line == 1 && sl_error_last()->column >= 1 &&
            sl_error_last()->column <= (int32_t)(depth * open),
        "deep object error at %d:%d", (int)sl_error_last()->line, (int)sl_error_last()->column);
  free(text);
}

static void test_text_too_long(void) {
  const size_t limit = (size_t)64 << 20;
  /* The header: SL_EPARSE for "a text longer than 64 MiB" (no JSON Pointer: path ""). */
  char *spaces = malloc(limit + 1);
  if (spaces == NULL) return;
  memset(spaces, ' ', limit + 1);
  sl_layout *layout = SENTINEL_POINTER;
  CHECK_ERROR(sl_layout_create(spaces, limit + 1, &layout), SL_EPARSE, "", "64 MiB");
  CHECK(layout == SENTINEL_POINTER, "out_layout written");
  /* At the limit, the text is read (and is not JSON). Slow under valgrind. */
  if (!quick_mode()) {
    CHECK_ERROR(sl_layout_create(spaces, limit, &layout), SL_EPARSE, "", NULL);
    CHECK(sl_error_last()->line == 1 && sl_error_last()->column == (int32_t)limit + 1,
          "64 MiB of spaces: error at %d:%d", (int)sl_error_last()->line,
          (int)sl_error_last()->column);
    CHECK(layout == SENTINEL_POINTER, "out_layout written");
  }
  free(spaces);
  /* Huge lengths are refused before anything is read (valgrind would see a stray read): 1 TiB,
   * or 1 GiB where size_t has 32 bits (from 2 GiB on, a length is no buffer's size there: see
   * SIZE_MAX below). */
  static const char small[] = "{\"sections\": []}";
#if SIZE_MAX > UINT32_MAX
  const size_t huge = (size_t)1 << 40;
#else
  const size_t huge = (size_t)1 << 30;
#endif
  CHECK_ERROR(sl_layout_create(small, huge, &layout), SL_EPARSE, "", "64 MiB");
  CHECK(layout == SENTINEL_POINTER, "out_layout written");
  /* SIZE_MAX is no buffer's size: the library says SL_EINVAL [length]; the header lists only
   * SL_EPARSE for long texts. Either is a refusal that reads nothing. */
  sl_error_clear();
  int status = sl_layout_create(small, SIZE_MAX, &layout);
  CHECK((status == SL_EPARSE && strcmp(sl_error_last()->path, "") == 0) ||
            (status == SL_EINVAL && strcmp(sl_error_last()->path, "length") == 0),
        "length SIZE_MAX: status %d [%s]", status, sl_error_last()->path);
  CHECK(sl_error_last()->code == status && sl_error_last()->message[0] != '\0',
        "length SIZE_MAX: error record %d '%s'", sl_error_last()->code, sl_error_last()->message);
  CHECK(layout == SENTINEL_POINTER, "out_layout written");
}

/* ---------------------------------------------------------------------------------------------
 * Configuration errors
 * ------------------------------------------------------------------------------------------- */

typedef struct config_case {
  const char *name;
  const char *json;
  const char *path;
  const char *needle; /* a fragment the message must contain */
} config_case;

#define ONE_SECTION(fields) "{\"sections\": [{" fields "}]}"

static const config_case CONFIG_CASES[] = {
    {"unknown key", ONE_SECTION("\"itemCont\": 3, \"group\": " ROW(HALF_ITEM)),
     "/sections/0/itemCont", "did you mean 'itemCount'"},
    {"unknown root key", "{\"sectons\": []}", "/sectons", "did you mean 'sections'"},
    {"unknown key with / and ~",
     ONE_SECTION("\"a/b~c\": 1, \"itemCount\": 3, \"group\": " ROW(HALF_ITEM)),
     "/sections/0/a~1b~0c", "a/b~c"},
    {"unknown choice", "{\"configuration\": {\"scrollDirection\": \"vertcal\"}, \"sections\": []}",
     "/configuration/scrollDirection", "did you mean 'vertical'"},
    {"missing sections", "{\"version\": 1}", "", "sections"},
    {"missing itemCount", ONE_SECTION("\"group\": " ROW(HALF_ITEM)), "/sections/0", "itemCount"},
    {"missing layoutSize", ONE_SECTION("\"itemCount\": 3, \"group\": " ROW("{}")),
     "/sections/0/group/subitems/0", "layoutSize"},
    {"wrong type: string for integer",
     ONE_SECTION("\"itemCount\": \"3\", \"group\": " ROW(HALF_ITEM)),
     "/sections/0/itemCount", "string"},
    {"wrong type: object for array", "{\"sections\": {}}", "/sections", "array"},
    {"wrong type: fraction for integer",
     ONE_SECTION("\"itemCount\": 2.5, \"group\": " ROW(HALF_ITEM)),
     "/sections/0/itemCount", "integer"},
    {"NaN spacing",
     ONE_SECTION("\"itemCount\": 3, \"interGroupSpacing\": NaN, \"group\": " ROW(HALF_ITEM)),
     "/sections/0/interGroupSpacing", "finite"},
    {"NaN dimension",
     ONE_SECTION("\"itemCount\": 3, \"group\": "
                 ROW("{\"layoutSize\": " SIZE(ABS(NaN), FH(1)) "}")),
     "/sections/0/group/subitems/0/layoutSize/widthDimension/absolute", "finite"},
    {"negative size",
     ONE_SECTION("\"itemCount\": 3, \"group\": "
                 ROW("{\"layoutSize\": " SIZE(ABS(-10), FH(1)) "}")),
     "/sections/0/group/subitems/0/layoutSize/widthDimension/absolute", "-10"},
    {"negative inset",
     ONE_SECTION("\"itemCount\": 3, \"contentInsets\": {\"top\": -1}, \"group\": " ROW(HALF_ITEM)),
     "/sections/0/contentInsets/top", "-1"},
    {"fraction above 1",
     ONE_SECTION("\"itemCount\": 3, \"group\": " ROW("{\"layoutSize\": " SIZE(FW(1.5), FH(1)) "}")),
     "/sections/0/group/subitems/0/layoutSize/widthDimension/fractionalWidth", "1.5"},
    {"fraction 0",
     ONE_SECTION("\"itemCount\": 3, \"group\": " ROW("{\"layoutSize\": " SIZE(FW(0.5), FH(0)) "}")),
     "/sections/0/group/subitems/0/layoutSize/heightDimension/fractionalHeight", "0"},
    {"count 0",
     ONE_SECTION("\"itemCount\": 3, \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(
         FW(1), ABS(50)) ", \"subitem\": " HALF_ITEM ", \"count\": 0}"),
     "/sections/0/group/count", "count"},
    {"subitems and subitem",
     ONE_SECTION("\"itemCount\": 3, \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(
         FW(1), ABS(50)) ", \"subitems\": [" HALF_ITEM "], \"subitem\": " HALF_ITEM
                 ", \"count\": 2}"),
     "/sections/0/group/subitem", "subitems"},
    {"duplicate decoration kind",
     ONE_SECTION("\"itemCount\": 3, \"group\": " ROW(HALF_ITEM) ", \"decorationItems\": "
                 "[{\"elementKind\": \"bg\"}, {\"elementKind\": \"bg\"}]"),
     "/sections/0/decorationItems/1/elementKind", "'bg'"},
    {"duplicate boundary kind",
     ONE_SECTION("\"itemCount\": 3, \"group\": " ROW(HALF_ITEM)
                 ", \"boundarySupplementaryItems\": ["
                 "{\"elementKind\": \"h\", \"alignment\": \"top\", \"layoutSize\": "
                 SIZE(FW(1), ABS(9)) "},"
                 "{\"elementKind\": \"h\", \"alignment\": \"bottom\", \"layoutSize\": "
                 SIZE(FW(1), ABS(9)) "}]"),
     "/sections/0/boundarySupplementaryItems/1/elementKind", "'h'"},
    {"badge kind reused by a header",
     ONE_SECTION("\"itemCount\": 3, \"group\": " ROW(
         "{\"layoutSize\": " SIZE(FW(0.5), FH(1)) ", \"supplementaryItems\": [{\"elementKind\": "
         "\"h\", \"layoutSize\": " SIZE(ABS(5), ABS(5)) ", \"containerAnchor\": {\"edges\": "
         "[\"top\"]}}]}") ", \"boundarySupplementaryItems\": [{\"elementKind\": \"h\", "
                          "\"alignment\": \"top\", \"layoutSize\": " SIZE(FW(1), ABS(9)) "}]"),
     "/sections/0/group/subitems/0/supplementaryItems/0/elementKind", "'h'"},
    {"itemCount beyond int64",
     ONE_SECTION("\"itemCount\": 9223372036854775808, \"group\": " ROW(HALF_ITEM)),
     "/sections/0/itemCount", "64"},
    {"itemCount -1", ONE_SECTION("\"itemCount\": -1, \"group\": " ROW(HALF_ITEM)),
     "/sections/0/itemCount", "-1"},
    {"version 2", "{\"version\": 2, \"sections\": []}", "/version", "2"},
};

static void test_config_errors(void) {
  for (size_t i = 0; i < sizeof CONFIG_CASES / sizeof CONFIG_CASES[0]; i++) {
    const config_case *c = &CONFIG_CASES[i];
    sl_layout *layout = SENTINEL_POINTER;
    sl_error_clear();
    int status = sl_layout_create(c->json, strlen(c->json), &layout);
    const sl_error *record = sl_error_last();
    CHECK(status == SL_ECONFIG, "%s: status %d (%s), expected SL_ECONFIG; %s [%s]", c->name,
          status, sl_status_string(status), record->message, record->path);
    CHECK(record->code == SL_ECONFIG, "%s: error code %d", c->name, record->code);
    CHECK(strcmp(record->path, c->path) == 0, "%s: path '%s', expected '%s' (%s)", c->name,
          record->path, c->path, record->message);
    CHECK(strstr(record->message, c->needle) != NULL, "%s: message '%s' lacks '%s'", c->name,
          record->message, c->needle);
    CHECK(record->line == 0 && record->column == 0, "%s: line/column %d:%d", c->name,
          (int)record->line, (int)record->column);
    CHECK(layout == SENTINEL_POINTER, "%s: out_layout written", c->name);
    if (status == SL_OK && layout != SENTINEL_POINTER) sl_layout_destroy(layout);
  }
  /* The largest itemCount is valid. */
  sl_layout *layout = create_layout(
      ONE_SECTION("\"itemCount\": 9223372036854775807, \"group\": " ROW(HALF_ITEM)));
  int64_t items = 0;
  CHECK_STATUS(sl_layout_get_item_count(layout, 0, &items), SL_OK);
  CHECK(items == INT64_MAX, "itemCount %" PRId64, items);
  sl_layout_destroy(layout);
}

/*
 * A group that cannot fit one item: from create with environment.container, else on resize.
 * The header: "the JSON Pointer names the subitem that does not fit".
 */
#define NOT_FITTING "/sections/0/group/subitems/0"

static void test_unsolvable_sizes(void) {
  sl_layout *layout = SENTINEL_POINTER;
  CHECK_ERROR(sl_layout_create(WIDE_ITEM_IN_200_JSON, strlen(WIDE_ITEM_IN_200_JSON), &layout),
              SL_ECONFIG, NOT_FITTING, "fit");
  CHECK(layout == SENTINEL_POINTER, "out_layout written");

  layout = create_layout(WIDE_ITEM_JSON);
  if (layout == NULL) return;
  /* A first failed resize leaves the layout without a size. */
  CHECK_ERROR(sl_layout_set_container_size(layout, 200, 500), SL_ECONFIG, NOT_FITTING, "fit");
  sl_size size;
  CHECK_ERROR(sl_layout_get_container_size(layout, &size), SL_ESTATE, "layout", NULL);

  CHECK_STATUS(sl_layout_set_container_size(layout, 400, 500), SL_OK);
  sl_size content_before, content_after;
  sl_rect frame_before, frame_after;
  sl_section_info info_before, info_after;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content_before), SL_OK);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 3, &frame_before), SL_OK);
  CHECK_STATUS(sl_layout_get_section_info(layout, 0, &info_before), SL_OK);
  size_t count_before = 0, count_after = 0;
  sl_element *before = elements_in(layout, (sl_rect){0, 0, 400, 500}, &count_before);

  CHECK_ERROR(sl_layout_set_container_size(layout, 299, 500), SL_ECONFIG, NOT_FITTING, "fit");

  CHECK_STATUS(sl_layout_get_container_size(layout, &size), SL_OK);
  CHECK(size.width == 400 && size.height == 500, "container %g x %g after a failed resize",
        size.width, size.height);
  CHECK_STATUS(sl_layout_get_content_size(layout, &content_after), SL_OK);
  CHECK(content_after.width == content_before.width &&
            content_after.height == content_before.height,
        "content size changed by a failed resize");
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 3, &frame_after), SL_OK);
  CHECK(rect_equal(frame_before, frame_after), "item frame changed by a failed resize");
  CHECK(rect_equal(frame_after, (sl_rect){0, 150, 300, 50}), "item 3 at %g,%g %gx%g",
        frame_after.x, frame_after.y, frame_after.width, frame_after.height);
  CHECK_STATUS(sl_layout_get_section_info(layout, 0, &info_after), SL_OK);
  CHECK(memcmp(&info_before, &info_after, sizeof info_after) == 0,
        "section info changed by a failed resize");
  sl_element *after = elements_in(layout, (sl_rect){0, 0, 400, 500}, &count_after);
  CHECK(count_after == count_before && count_before == 4, "elements %zu before, %zu after",
        count_before, count_after);
  for (size_t i = 0; before && after && i < count_after && i < count_before; i++)
    CHECK(element_equal(&before[i], &after[i]), "element %zu changed by a failed resize", i);
  free(before);
  free(after);

  /* And it can still be resized to a size that fits. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 300, 500), SL_OK);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * Elements: fields and the two-call pattern
 * ------------------------------------------------------------------------------------------- */

static void test_element_kinds(void) {
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  int32_t count = -1;
  CHECK_STATUS(sl_layout_get_element_kind_count(layout, &count), SL_OK);
  CHECK(count == RICH_KIND_COUNT, "kind count %d, expected %d", (int)count, RICH_KIND_COUNT);
  for (int32_t kind = 0; kind < count && kind < RICH_KIND_COUNT; kind++) {
    const char *name = NULL;
    CHECK_STATUS(sl_layout_get_element_kind_name(layout, kind, &name), SL_OK);
    CHECK(name != NULL && strcmp(name, RICH_KINDS[kind]) == 0, "kind %d is '%s', expected '%s'",
          (int)kind, name ? name : "(null)", RICH_KINDS[kind]);
    int32_t found = -99;
    if (name != NULL) CHECK_STATUS(sl_layout_find_element_kind(layout, name, &found), SL_OK);
    CHECK(found == kind, "find_element_kind('%s') = %d, expected %d", name ? name : "", (int)found,
          (int)kind);
  }
  const char *cell = NULL;
  CHECK_STATUS(sl_layout_get_element_kind_name(layout, SL_KIND_CELL, &cell), SL_OK);
  CHECK(cell != NULL && strcmp(cell, "cell") == 0, "SL_KIND_CELL is '%s'", cell ? cell : "(null)");
  sl_layout_destroy(layout);
}

static void test_element_fields(void) {
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  int32_t kinds = 0;
  CHECK_STATUS(sl_layout_get_element_kind_count(layout, &kinds), SL_OK);
  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  CHECK(content.width == 400 && content.height == 590, "content %g x %g", content.width,
        content.height);
  size_t count = 0;
  sl_element *elements =
      elements_in(layout, (sl_rect){0, 0, content.width, content.height}, &count);
  /* 1 global header; section 0: background, 7 cells, 7 badges, header, footer; section 1: the
   * 2 cells within the 400 pt width, header. */
  CHECK(count == 21, "%zu elements in the content rect, expected 21", count);
  int cells = 0, badges = 0, decorations = 0, last_section = SL_SECTION_LAYOUT;
  for (size_t i = 0; elements != NULL && i < count; i++) {
    const sl_element *e = &elements[i];
    CHECK(e->transform.a == 1 && e->transform.b == 0 && e->transform.c == 0 &&
              e->transform.d == 1 && e->transform.tx == 0 && e->transform.ty == 0,
          "element %zu: transform is not the identity", i);
    CHECK(e->alpha == 1, "element %zu: alpha %g", i, e->alpha);
    CHECK(e->flags == 0, "element %zu: flags %u", i, (unsigned)e->flags);
    CHECK(e->copy == 0, "element %zu: copy %d outside a loop", i, (int)e->copy);
    CHECK(e->section >= last_section, "element %zu: section %d after section %d", i,
          (int)e->section, last_section);
    last_section = e->section;
    CHECK(test_intersects(e->frame, (sl_rect){0, 0, content.width, content.height}),
          "element %zu does not intersect the query", i);
    switch (e->category) {
    case SL_ELEMENT_CELL: {
      cells++;
      CHECK(e->kind == SL_KIND_CELL, "cell %zu has kind %d", i, (int)e->kind);
      sl_rect frame;
      CHECK_STATUS(sl_layout_get_item_frame(layout, e->section, e->item, &frame), SL_OK);
      CHECK(rect_equal(frame, e->frame), "cell (%d,%" PRId64 "): element and item frame differ",
            (int)e->section, e->item);
      break;
    }
    case SL_ELEMENT_SUPPLEMENTARY:
    case SL_ELEMENT_DECORATION: {
      decorations += e->category == SL_ELEMENT_DECORATION;
      CHECK(e->kind >= 0 && e->kind < kinds, "element %zu: kind %d of %d", i, (int)e->kind,
            (int)kinds);
      const char *name = NULL;
      int32_t back = -99;
      CHECK_STATUS(sl_layout_get_element_kind_name(layout, e->kind, &name), SL_OK);
      if (name != NULL) CHECK_STATUS(sl_layout_find_element_kind(layout, name, &back), SL_OK);
      CHECK(back == e->kind, "kind %d -> '%s' -> %d", (int)e->kind, name ? name : "", (int)back);
      if (name != NULL && strcmp(name, "badge") == 0) {
        badges++;
        CHECK(i > 0 && elements[i - 1].category == SL_ELEMENT_CELL &&
                  elements[i - 1].item == e->item,
              "badge %zu does not follow its cell", i);
      } else {
        CHECK(e->item == 0, "element %zu: boundary/decoration item index %" PRId64, i, e->item);
      }
      if (e->section == SL_SECTION_LAYOUT)
        CHECK(name != NULL && strcmp(name, "globalHeader") == 0, "layout-level element '%s'",
              name ? name : "");
      break;
    }
    default:
      CHECK(0, "element %zu: unknown category %d", i, (int)e->category);
    }
  }
  CHECK(cells == 9 && badges == 7 && decorations == 1, "%d cells, %d badges, %d decorations",
        cells, badges, decorations);
  CHECK(count > 0 && elements != NULL && elements[0].section == SL_SECTION_LAYOUT,
        "the layout-level header is not first");
  free(elements);
  sl_layout_destroy(layout);
}

static void test_two_call_pattern(void) {
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  const sl_rect rect = {0, 0, 400, 590};
  size_t full = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, NULL, 0, &full), SL_OK);
  CHECK(full == 21, "count %zu, expected 21", full);
  /* A NULL buffer counts whatever the capacity. */
  size_t counted = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, NULL, 3, &counted), SL_OK);
  CHECK(counted == full, "count with NULL buffer and capacity 3: %zu", counted);
  if (full == 0 || full > 64) {
    sl_layout_destroy(layout);
    return;
  }

  sl_element reference[64], buffer[64];
  size_t count = 0;
  fill_sentinel(reference, sizeof reference);
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, reference, full, &count), SL_OK);
  CHECK(count == full, "exact buffer: count %zu", count);
  CHECK(is_sentinel(&reference[full], sizeof reference - full * sizeof reference[0]),
        "exact buffer: written past capacity");

  /* A bigger buffer: SL_OK, nothing written past the count. */
  fill_sentinel(buffer, sizeof buffer);
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, buffer, 64, &count), SL_OK);
  CHECK(count == full, "big buffer: count %zu", count);
  for (size_t i = 0; i < full; i++)
    CHECK(element_equal(&buffer[i], &reference[i]), "big buffer: element %zu differs", i);
  CHECK(is_sentinel(&buffer[full], (64 - full) * sizeof buffer[0]),
        "big buffer: written past the count");

  /* Too small: filled up to capacity with the same elements, full count, SL_EBUFS. */
  const size_t capacities[] = {1, full / 2, full - 1};
  for (size_t c = 0; c < sizeof capacities / sizeof capacities[0]; c++) {
    size_t capacity = capacities[c];
    fill_sentinel(buffer, sizeof buffer);
    count = 0;
    CHECK_ERROR(sl_layout_get_elements_in_rect(layout, rect, buffer, capacity, &count), SL_EBUFS,
                "capacity", NULL);
    CHECK(count == full, "capacity %zu: count %zu, expected %zu", capacity, count, full);
    for (size_t i = 0; i < capacity; i++)
      CHECK(element_equal(&buffer[i], &reference[i]), "capacity %zu: element %zu differs",
            capacity, i);
    CHECK(is_sentinel(&buffer[capacity], (64 - capacity) * sizeof buffer[0]),
          "capacity %zu: written past capacity", capacity);
  }

  /* Capacity 0 with a buffer: nothing written, full count, SL_EBUFS. */
  fill_sentinel(buffer, sizeof buffer);
  count = 0;
  CHECK_ERROR(sl_layout_get_elements_in_rect(layout, rect, buffer, 0, &count), SL_EBUFS,
              "capacity", NULL);
  CHECK(count == full, "capacity 0: count %zu", count);
  CHECK(is_sentinel(buffer, sizeof buffer), "capacity 0: buffer written");

  /* Capacity 0 where nothing intersects: SL_OK and a count of 0. */
  count = 99;
  const sl_rect below = {0, 5000, 10, 10};
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, below, buffer, 0, &count), SL_OK);
  CHECK(count == 0, "empty region: count %zu", count);
  CHECK(is_sentinel(buffer, sizeof buffer), "empty region: buffer written");

  /* A capacity larger than needed is fine however large (the header: up to `capacity` are
   * written; SL_EBUFS only when more intersect). */
  fill_sentinel(buffer, sizeof buffer);
  count = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, buffer, SIZE_MAX, &count), SL_OK);
  CHECK(count == full, "capacity SIZE_MAX: count %zu", count);
  CHECK(element_equal(&buffer[0], &reference[0]) &&
            element_equal(&buffer[full - 1], &reference[full - 1]),
        "capacity SIZE_MAX: elements not written");

  /* The same rect gives the same answer every time. */
  for (int round = 0; round < 3; round++) {
    CHECK_STATUS(sl_layout_get_elements_in_rect(layout, rect, buffer, full, &count), SL_OK);
    CHECK(count == full && memcmp(buffer, reference, full * sizeof buffer[0]) == 0,
          "round %d differs", round);
  }
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * sl_layout_copy_json
 * ------------------------------------------------------------------------------------------- */

static double member_number(json_object *object, const char *key) {
  json_object *value = NULL;
  if (!json_object_object_get_ex(object, key, &value)) return NAN;
  json_type type = json_object_get_type(value);
  if (type != json_type_double && type != json_type_int) return NAN;
  return json_object_get_double(value);
}

static const char *member_string(json_object *object, const char *key) {
  json_object *value = NULL;
  if (!json_object_object_get_ex(object, key, &value)) return NULL;
  if (json_object_get_type(value) != json_type_string) return NULL;
  return json_object_get_string(value);
}

static sl_rect member_rect(json_object *object, const char *key) {
  json_object *value = NULL;
  if (!json_object_object_get_ex(object, key, &value)) return (sl_rect){NAN, NAN, NAN, NAN};
  return (sl_rect){member_number(value, "x"), member_number(value, "y"),
                   member_number(value, "width"), member_number(value, "height")};
}

static const char *category_name(int32_t category) {
  switch (category) {
  case SL_ELEMENT_CELL: return "cell";
  case SL_ELEMENT_SUPPLEMENTARY: return "supplementary";
  case SL_ELEMENT_DECORATION: return "decoration";
  default: return "?";
  }
}

/* Compares the "elements" array of `root` with `expected`, one by one. */
static void check_json_elements(const sl_layout *layout, json_object *root,
                                const sl_element *expected, size_t count, const char *label) {
  json_object *elements = NULL;
  CHECK(json_object_object_get_ex(root, "elements", &elements) &&
            json_object_get_type(elements) == json_type_array,
        "%s: no \"elements\" array", label);
  if (elements == NULL || json_object_get_type(elements) != json_type_array) return;
  size_t length = json_object_array_length(elements);
  CHECK(length == count, "%s: %zu elements in the JSON, %zu from the API", label, length, count);
  for (size_t i = 0; i < length && i < count; i++) {
    json_object *element = json_object_array_get_idx(elements, i);
    const sl_element *e = &expected[i];
    const char *category = member_string(element, "category");
    CHECK(category != NULL && strcmp(category, category_name(e->category)) == 0,
          "%s: element %zu category '%s', expected '%s'", label, i, category ? category : "",
          category_name(e->category));
    const char *kind = member_string(element, "kind");
    const char *name = NULL;
    sl_layout_get_element_kind_name(layout, e->kind, &name);
    CHECK(kind != NULL && name != NULL && strcmp(kind, name) == 0,
          "%s: element %zu kind '%s', expected '%s'", label, i, kind ? kind : "",
          name ? name : "");
    CHECK(member_number(element, "section") == e->section &&
              member_number(element, "item") == (double)e->item &&
              member_number(element, "zIndex") == e->z_index,
          "%s: element %zu index path or zIndex differs", label, i);
    sl_rect frame = member_rect(element, "frame");
    CHECK(rect_equal(frame, e->frame), "%s: element %zu frame %g,%g %gx%g, expected %g,%g %gx%g",
          label, i, frame.x, frame.y, frame.width, frame.height, e->frame.x, e->frame.y,
          e->frame.width, e->frame.height);
    if (e->category == SL_ELEMENT_CELL) {
      sl_rect item;
      CHECK_STATUS(sl_layout_get_item_frame(layout, e->section, e->item, &item), SL_OK);
      CHECK(rect_equal(frame, item), "%s: cell (%d,%" PRId64 ") JSON frame differs from item frame",
            label, (int)e->section, e->item);
    }
  }
}

static void test_copy_json(void) {
  /* Fractions that need all 17 digits, and an orthogonal section scrolled by 100 pt. */
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_set_container_size(layout, 333.3, 700), SL_OK);
  CHECK_STATUS(sl_layout_set_section_offset(layout, 1, 100.25), SL_OK);

  char *text = NULL;
  size_t length = 0;
  CHECK_STATUS(sl_layout_copy_json(layout, NULL, &text, &length), SL_OK);
  if (text == NULL) {
    sl_layout_destroy(layout);
    return;
  }
  CHECK(length == strlen(text), "out_length %zu, strlen %zu", length, strlen(text));
  json_tokener *tokener = json_tokener_new();
  json_object *root = json_tokener_parse_ex(tokener, text, (int)length);
  CHECK(root != NULL && json_tokener_get_error(tokener) == json_tokener_success &&
            json_object_get_type(root) == json_type_object,
        "copy_json text does not parse: %s",
        json_tokener_error_desc(json_tokener_get_error(tokener)));
  json_tokener_free(tokener);

  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  json_object *content_json = NULL;
  CHECK(json_object_object_get_ex(root, "contentSize", &content_json) &&
            member_number(content_json, "width") == content.width &&
            member_number(content_json, "height") == content.height,
        "contentSize differs from sl_layout_get_content_size (%g x %g)", content.width,
        content.height);

  json_object *sections = NULL;
  CHECK(json_object_object_get_ex(root, "sections", &sections) &&
            json_object_get_type(sections) == json_type_array &&
            json_object_array_length(sections) == 2,
        "\"sections\" is not an array of 2");
  size_t section_count = sections != NULL ? json_object_array_length(sections) : 0;
  for (int32_t s = 0; s < 2 && (size_t)s < section_count; s++) {
    sl_section_info info;
    CHECK_STATUS(sl_layout_get_section_info(layout, s, &info), SL_OK);
    json_object *section = json_object_array_get_idx(sections, (size_t)s);
    CHECK(rect_equal(member_rect(section, "frame"), info.frame), "section %d frame differs",
          (int)s);
    CHECK(member_number(section, "itemCount") == (double)info.item_count,
          "section %d itemCount differs", (int)s);
    CHECK(member_number(section, "orthogonalOffset") == info.orthogonal_offset,
          "section %d orthogonalOffset differs", (int)s);
  }

  /* With no rect: every element, including orthogonal cells scrolled out of the content. The
   * whole plane is within ±1e7 here, so the API agrees with that rect. */
  size_t count = 0;
  sl_element *all = elements_in(layout, (sl_rect){-1e7, -1e7, 2e7, 2e7}, &count);
  /* 1 global header; section 0: background, 7 cells, 7 badges, header, footer; section 1: 6
   * cells and a header. */
  CHECK(count == 25, "%zu elements in all, expected 25", count);
  if (root != NULL && all != NULL) check_json_elements(layout, root, all, count, "NULL rect");
  free(all);
  json_object_put(root);
  sl_free(text);

  /* With a rect: only the intersecting elements, as sl_layout_get_elements_in_rect gives. */
  const sl_rect rect = {10, 100, 150, 200};
  text = NULL;
  CHECK_STATUS(sl_layout_copy_json(layout, &rect, &text, NULL), SL_OK);
  if (text != NULL) {
    root = json_tokener_parse(text);
    CHECK(root != NULL, "copy_json(rect) text does not parse");
    sl_element *some = elements_in(layout, rect, &count);
    CHECK(count > 0 && count < 25, "%zu elements in the rect", count);
    for (size_t i = 0; some != NULL && i < count; i++)
      CHECK(test_intersects(some[i].frame, rect), "element %zu does not intersect the rect", i);
    if (root != NULL && some != NULL) check_json_elements(layout, root, some, count, "rect");
    free(some);
    json_object_put(root);
    sl_free(text);
  }

  /* A rect away from everything: an empty list. */
  const sl_rect nowhere = {0, 1e6, 10, 10};
  text = NULL;
  CHECK_STATUS(sl_layout_copy_json(layout, &nowhere, &text, &length), SL_OK);
  if (text != NULL) {
    root = json_tokener_parse(text);
    json_object *elements = NULL;
    CHECK(root != NULL && json_object_object_get_ex(root, "elements", &elements) &&
              json_object_array_length(elements) == 0,
          "elements of an empty rect: %s", text);
    json_object_put(root);
    sl_free(text);
  }
  sl_layout_destroy(layout);
}

/* Kind names with quotes, backslashes, control characters and UTF-8 survive the JSON text. */
static void test_copy_json_escaping(void) {
  static const char json[] =
      "{\"environment\": {\"container\": {\"width\": 100, \"height\": 100}}, \"sections\": [{"
      "\"itemCount\": 1, \"group\": " ROW(HALF_ITEM) ", \"decorationItems\": [{\"elementKind\": "
      "\"q\\\"b\\\\s\\n\\t\\u0001\\u00e9/\"}]}]}";
  static const char kind[] = "q\"b\\s\n\t\x01\xc3\xa9/";
  sl_layout *layout = create_layout(json);
  if (layout == NULL) return;
  const char *name = NULL;
  CHECK_STATUS(sl_layout_get_element_kind_name(layout, 0, &name), SL_OK);
  CHECK(name != NULL && strcmp(name, kind) == 0, "kind 0 is not the configured name");
  int32_t found = -99;
  CHECK_STATUS(sl_layout_find_element_kind(layout, kind, &found), SL_OK);
  CHECK(found == 0, "find_element_kind = %d", (int)found);
  char *text = NULL;
  CHECK_STATUS(sl_layout_copy_json(layout, NULL, &text, NULL), SL_OK);
  json_object *root = text ? json_tokener_parse(text) : NULL;
  CHECK(root != NULL, "copy_json text with an escaped kind does not parse: %s", text ? text : "");
  json_object *elements = NULL;
  const char *parsed = NULL;
  if (root != NULL && json_object_object_get_ex(root, "elements", &elements))
    for (size_t i = 0; i < json_object_array_length(elements); i++) {
      json_object *element = json_object_array_get_idx(elements, i);
      const char *category = member_string(element, "category");
      if (category != NULL && strcmp(category, "decoration") == 0)
        parsed = member_string(element, "kind");
    }
  CHECK(parsed != NULL && strcmp(parsed, kind) == 0, "the decoration's kind did not round-trip");
  json_object_put(root);
  sl_free(text);
  sl_layout_destroy(layout);
}

/* A top-level "$schema" (docs/CONFIG.md, "The JSON Schema") is ignored: the layout and its JSON
 * are those of the same configuration without it. */
static void test_schema_key(void) {
  static const char with_schema[] =
      "{\"$schema\": \"../schema/snaplayout-config.schema.json\", \"environment\": {\"container\": "
      "{\"width\": 390, \"height\": 844}}, \"sections\": [{\"itemCount\": 3, \"group\": " ROW(
          HALF_ITEM) "}]}";
  static const char without[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}}, \"sections\": "
      "[{\"itemCount\": 3, \"group\": " ROW(HALF_ITEM) "}]}";
  sl_layout *a = create_layout(with_schema);
  sl_layout *b = create_layout(without);
  char *text_a = NULL, *text_b = NULL;
  if (a != NULL && b != NULL) {
    CHECK_STATUS(sl_layout_copy_json(a, NULL, &text_a, NULL), SL_OK);
    CHECK_STATUS(sl_layout_copy_json(b, NULL, &text_b, NULL), SL_OK);
    CHECK(text_a != NULL && text_b != NULL && strcmp(text_a, text_b) == 0,
          "copy_json differs with \"$schema\": %s", text_a ? text_a : "(null)");
    CHECK(text_a != NULL && strstr(text_a, "schema") == NULL, "copy_json echoes $schema: %s",
          text_a ? text_a : "(null)");
  }
  sl_free(text_a);
  sl_free(text_b);
  sl_layout_destroy(a);
  sl_layout_destroy(b);
  /* Not a string: a type error at /$schema; below the top level: an unknown key. */
  static const struct {
    const char *json, *path, *needle;
  } refused[] = {
      {"{\"$schema\": true, \"sections\": []}", "/$schema", "expected a string, found a boolean"},
      {"{\"sections\": [{\"$schema\": \"x\", \"itemCount\": 1, \"group\": " ROW(HALF_ITEM) "}]}",
       "/sections/0/$schema", "unknown key '$schema'"},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    sl_layout *layout = SENTINEL_POINTER;
    CHECK_ERROR(sl_layout_create(refused[i].json, strlen(refused[i].json), &layout), SL_ECONFIG,
                refused[i].path, refused[i].needle);
    CHECK(layout == SENTINEL_POINTER, "out_layout written for %s", refused[i].json);
  }
}

static void test_copy_json_limit(void) {
  /* 5,000,000 rows is over the 4,194,304-element limit without a rect; fine with one. */
  sl_layout *layout = create_layout(ROWS_JSON("5000000"));
  if (layout == NULL) return;
  char *text = SENTINEL_POINTER;
  size_t length;
  fill_sentinel(&length, sizeof length);
  CHECK_ERROR(sl_layout_copy_json(layout, NULL, &text, &length), SL_ERANGE, "rect", "4194304");
  CHECK(text == SENTINEL_POINTER, "out_json written over the limit");
  CHECK_UNTOUCHED(length);
  const sl_rect rect = {0, 0, 100, 100};
  text = NULL;
  CHECK_STATUS(sl_layout_copy_json(layout, &rect, &text, &length), SL_OK);
  sl_free(text);
  sl_layout_destroy(layout);
}

/*
 * The same limit with 2^63 - 1 items must come back at once with SL_ERANGE. Run in a child
 * process, killed after a timeout, so a call that never returns fails the check instead of
 * hanging the suite. The child dies by SIGKILL, so valgrind does not report the inherited heap.
 */
typedef int (*huge_call)(sl_layout *layout);

static int huge_copy_json(sl_layout *layout) {
  char *text = NULL;
  return sl_layout_copy_json(layout, NULL, &text, NULL);
}

/* A rect over ~10^16 rows: counting alone would take years without the 2^26 bound. */
static int huge_rect_count(sl_layout *layout) {
  const sl_rect rect = {0, 0, 390, 1e18};
  size_t count = 12345;
  int status = sl_layout_get_elements_in_rect(layout, rect, NULL, 0, &count);
  return status == SL_ERANGE && count != 12345 ? -1000 : status;
}

static int huge_rect_fill(sl_layout *layout) {
  const sl_rect rect = {0, 1e12, 390, 1e18};
  sl_element elements[4];
  fill_sentinel(elements, sizeof elements);
  size_t count = 0;
  int status = sl_layout_get_elements_in_rect(layout, rect, elements, 4, &count);
  /* A refused rect may have filled the buffer with its first elements (snaplayout.h): cells
   * here, or nothing at all (the refusal usually comes before the visit). The buffer used to be
   * left uninitialised, so the check passed or failed with the stack's garbage. */
  int untouched = is_sentinel(&elements[0], sizeof elements[0]);
  return status == SL_ERANGE && !untouched && elements[0].category != SL_ELEMENT_CELL ? -1001
                                                                                       : status;
}

static void run_huge_call(const char *name, huge_call call);

static void test_copy_json_limit_huge(void) {
  run_huge_call("sl_layout_copy_json(NULL rect)", huge_copy_json);
  run_huge_call("sl_layout_get_elements_in_rect(count only)", huge_rect_count);
  run_huge_call("sl_layout_get_elements_in_rect(small buffer)", huge_rect_fill);
}

static void run_huge_call(const char *name, huge_call call) {
  sl_layout *layout = create_layout(ROWS_JSON("9223372036854775807"));
  if (layout == NULL) return;
  /* Under valgrind (quick mode) the capped walk takes ~50x its native ~0.35 s; under an
     emulator, SL_TEST_TIME_SCALE stretches the limit. */
  const int timeout_ms = (quick_mode() ? 60000 : 5000) * time_scale();
  int fds[2];
  if (pipe(fds) != 0) {
    CHECK(0, "pipe failed");
    sl_layout_destroy(layout);
    return;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    int status = call(layout);
    ssize_t written = write(fds[1], &status, sizeof status);
    (void)written;
    kill(getpid(), SIGKILL);
    _exit(0);
  }
  close(fds[1]);
  CHECK(child > 0, "fork failed");
  int status = SL_OK, answered = 0;
  if (child > 0) {
    struct pollfd poller = {fds[0], POLLIN, 0};
    if (poll(&poller, 1, timeout_ms) == 1)
      answered = read(fds[0], &status, sizeof status) == (ssize_t)sizeof status;
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
  }
  close(fds[0]);
  CHECK(answered, "%s with 2^63-1 items did not return within %d ms (the header promises "
                  "SL_ERANGE)", name, timeout_ms);
  if (answered) CHECK(status == SL_ERANGE, "%s: status %d, expected SL_ERANGE", name, status);
  sl_layout_destroy(layout);
}

/* sl_layout_get_item_frames: the same frames as one call per item, and every bad argument. */
static void test_item_frames(void) {
  sl_layout *layout = create_layout(RICH_JSON);
  if (layout == NULL) return;
  int32_t sections = 0;
  CHECK_STATUS(sl_layout_get_section_count(layout, &sections), SL_OK);
  CHECK_STATUS(sl_layout_set_section_offset(layout, 1, 123.5), SL_OK);
  for (int32_t section = 0; section < sections; section++) {
    int64_t count = 0;
    CHECK_STATUS(sl_layout_get_item_count(layout, section, &count), SL_OK);
    sl_rect frames[16];
    CHECK(count > 1 && count <= 16, "section %d has %lld items", section, (long long)count);
    if (count <= 1 || count > 16) continue;
    for (int64_t first = 0; first <= count; first++) {
      for (int64_t n = 0; first + n <= count; n++) {
        fill_sentinel(frames, sizeof frames);
        CHECK_STATUS(sl_layout_get_item_frames(layout, section, first, n, frames), SL_OK);
        for (int64_t k = 0; k < n; k++) {
          sl_rect one;
          CHECK_STATUS(sl_layout_get_item_frame(layout, section, first + k, &one), SL_OK);
          CHECK(memcmp(&one, &frames[k], sizeof one) == 0, "section %d item %lld differs",
                section, (long long)(first + k));
        }
        /* Nothing is written past the count. */
        if (n < 16) CHECK(is_sentinel(&frames[n], sizeof frames[n]), "wrote past %lld",
                          (long long)n);
      }
    }
    /* Bad ranges: nothing written, the record names the argument. */
    fill_sentinel(frames, sizeof frames);
    CHECK_ERROR(sl_layout_get_item_frames(layout, section, count - 1, 2, frames), SL_ERANGE,
                "count", NULL);
    CHECK_ERROR(sl_layout_get_item_frames(layout, section, count + 1, 0, frames), SL_ERANGE,
                "first", NULL);
    CHECK_ERROR(sl_layout_get_item_frames(layout, section, -1, 1, frames), SL_ERANGE, "first",
                NULL);
    CHECK_ERROR(sl_layout_get_item_frames(layout, section, 1, INT64_MAX, frames), SL_ERANGE,
                "count", NULL);
    CHECK_ERROR(sl_layout_get_item_frames(layout, section, 0, -1, frames), SL_EINVAL, "count",
                NULL);
    CHECK_UNTOUCHED(frames);
  }
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frames(layout, 0, 0, 0, NULL), SL_OK);
  CHECK_ERROR(sl_layout_get_item_frames(layout, 0, 0, 1, NULL), SL_EINVAL, "out_frames", NULL);
  CHECK_ERROR(sl_layout_get_item_frames(NULL, 0, 0, 1, &frame), SL_EINVAL, "layout", NULL);
  CHECK_ERROR(sl_layout_get_item_frames(layout, sections, 0, 1, &frame), SL_ERANGE, "section",
              NULL);
  CHECK_ERROR(sl_layout_get_item_frames(layout, -1, 0, 1, &frame), SL_ERANGE, "section", NULL);
  sl_layout_destroy(layout);

  /* 2^63 - 1 items: the last frames, one by one and batched, on every system; where size_t has
   * 32 bits, a count no buffer there holds is refused naming `count` (snaplayout.h). */
  layout = create_layout(ROWS_JSON("9223372036854775807"));
  if (layout == NULL) return;
  sl_rect last[2], one;
  CHECK_STATUS(sl_layout_get_item_frames(layout, 0, INT64_MAX - 2, 2, last), SL_OK);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, INT64_MAX - 1, &one), SL_OK);
  CHECK(memcmp(&one, &last[1], sizeof one) == 0 && last[1].y >= last[0].y && isfinite(one.y),
        "the last frame: y %.17g batched, %.17g alone", last[1].y, one.y);
  if (SIZE_MAX <= UINT32_MAX) {
    fill_sentinel(&frame, sizeof frame);
    CHECK_ERROR(sl_layout_get_item_frames(layout, 0, 0, (int64_t)1 << 40, &frame), SL_ERANGE,
                "count", "more frames than a buffer");
    CHECK_UNTOUCHED(frame);
  }
  sl_layout_destroy(layout);

  sl_layout *unsized = create_layout(GRID_JSON);
  if (unsized == NULL) return;
  CHECK_ERROR(sl_layout_get_item_frames(unsized, 0, 0, 1, &frame), SL_ESTATE, "layout", NULL);
  sl_layout_destroy(unsized);
}

int main(void) {
  test_version();
  test_status_strings();
  test_error_record();
  test_null_arguments();
  test_out_of_range();
  test_invalid_container_sizes();
  test_invalid_rects();
  test_section_offsets();
  test_no_container_size();
  test_not_found();
  test_syntax_errors();
  test_text_ownership();
  test_long_error_texts();
  test_deep_nesting();
  test_text_too_long();
  test_config_errors();
  test_unsolvable_sizes();
  test_element_kinds();
  test_element_fields();
  test_two_call_pattern();
  test_item_frames();
  test_copy_json();
  test_copy_json_escaping();
  test_schema_key();
  test_copy_json_limit();
  test_copy_json_limit_huge();
  sl_error_clear();
  return test_finish("test_abi");
}
