/*
 * Runs the shared fixture corpus (every Tests/Fixtures/NAME.json, format in Tests/Fixtures/README.md)
 * through the shipped library. Run from the repository root.
 *
 * For every fixture: create the layout from "config" (serialized with json-c) or "configText"
 * (passed unchanged: malformed JSON, NaN), apply "container" and "sectionOffsets",
 * then check "expect" (content size, section facts, item frames, elements, rect counts) or
 * "expectError" (status, JSON Pointer path, message substring). Every failing check prints one
 * line naming the fixture file.
 */
/* 64-bit file offsets and inode numbers on 32-bit systems too: there, readdir() without them
 * fails with EOVERFLOW on a file system whose inode numbers need 64 bits (ext4, btrfs, overlayfs),
 * and the directory would look empty. */
#define _FILE_OFFSET_BITS 64
#include <dirent.h>
#include <json-c/json.h>
#include <stdint.h>

#include "test_support.h"

#define FIXTURE_DIR "Tests/Fixtures"
#define FRAME_TOLERANCE 1e-6

static const char *current_fixture = "";

#define FAIL(...)                                        \
  do {                                                   \
    test_checks++;                                       \
    test_failures++;                                     \
    fprintf(stderr, "%s: ", current_fixture);            \
    fprintf(stderr, __VA_ARGS__);                        \
    fprintf(stderr, "\n");                               \
  } while (0)

#define PASS() (test_checks++)

/* ---- small json-c helpers ------------------------------------------------------------------ */

static json_object *member(json_object *object, const char *key) {
  json_object *value = NULL;
  if (object && json_object_is_type(object, json_type_object) &&
      json_object_object_get_ex(object, key, &value))
    return value;
  return NULL;
}

static int is_number(json_object *value) {
  return value && (json_object_is_type(value, json_type_int) ||
                   json_object_is_type(value, json_type_double));
}

/* Reads [x, y, w, h] (or [w, h] when n == 2) into out; 0 on a malformed array. */
static int read_numbers(json_object *array, double *out, size_t n) {
  if (!array || !json_object_is_type(array, json_type_array) ||
      json_object_array_length(array) != n)
    return 0;
  for (size_t i = 0; i < n; i++) {
    json_object *v = json_object_array_get_idx(array, i);
    if (!is_number(v)) return 0;
    out[i] = json_object_get_double(v);
  }
  return 1;
}

static int near(double actual, double expected) {
  return fabs(actual - expected) <= FRAME_TOLERANCE;
}

static void check_frame(const char *what, sl_rect actual, const double expected[4]) {
  if (near(actual.x, expected[0]) && near(actual.y, expected[1]) &&
      near(actual.width, expected[2]) && near(actual.height, expected[3])) {
    PASS();
    return;
  }
  FAIL("%s frame = [%.17g, %.17g, %.17g, %.17g], expected [%.17g, %.17g, %.17g, %.17g]", what,
       actual.x, actual.y, actual.width, actual.height, expected[0], expected[1], expected[2],
       expected[3]);
}

/* Fails on keys of `object` that are not in the NULL-terminated list (catches fixture typos). */
static void check_keys(json_object *object, const char *where, const char *const *allowed) {
  if (!object || !json_object_is_type(object, json_type_object)) {
    FAIL("%s is not an object", where);
    return;
  }
  json_object_object_foreach(object, key, value) {
    (void)value;
    int known = 0;
    for (const char *const *a = allowed; *a; a++)
      if (strcmp(*a, key) == 0) known = 1;
    if (!known) FAIL("%s has an unknown key \"%s\"", where, key);
  }
}

/* ---- error expectations -------------------------------------------------------------------- */

static int status_from_name(const char *name) {
  if (strcmp(name, "SL_EINVAL") == 0) return SL_EINVAL;
  if (strcmp(name, "SL_EPARSE") == 0) return SL_EPARSE;
  if (strcmp(name, "SL_ECONFIG") == 0) return SL_ECONFIG;
  if (strcmp(name, "SL_ERANGE") == 0) return SL_ERANGE;
  return 1; /* never returned by the library: makes the check fail */
}

static void check_error(json_object *expect_error, int status) {
  static const char *const keys[] = {"status", "path", "messageContains", NULL};
  check_keys(expect_error, "expectError", keys);
  const sl_error *error = sl_error_last();
  json_object *status_name = member(expect_error, "status");
  if (status_name) {
    int expected = status_from_name(json_object_get_string(status_name));
    if (status == expected)
      PASS();
    else
      FAIL("status %d (%s), expected %s; error: %s [%s]", status, sl_status_string(status),
           json_object_get_string(status_name), error->message, error->path);
  }
  json_object *path = member(expect_error, "path");
  if (path) {
    if (strcmp(error->path, json_object_get_string(path)) == 0)
      PASS();
    else
      FAIL("error path \"%s\", expected \"%s\" (message: %s)", error->path,
           json_object_get_string(path), error->message);
  }
  json_object *contains = member(expect_error, "messageContains");
  if (contains) {
    if (strstr(error->message, json_object_get_string(contains)))
      PASS();
    else
      FAIL("error message \"%s\" does not contain \"%s\"", error->message,
           json_object_get_string(contains));
  }
}

/* ---- layout expectations ------------------------------------------------------------------- */

static void check_content_size(sl_layout *layout, json_object *expected) {
  double e[2];
  if (!read_numbers(expected, e, 2)) {
    FAIL("expect.contentSize is not [width, height]");
    return;
  }
  sl_size size = {0, 0};
  int status = sl_layout_get_content_size(layout, &size);
  if (status != SL_OK) {
    FAIL("sl_layout_get_content_size returned %d", status);
    return;
  }
  if (near(size.width, e[0]) && near(size.height, e[1]))
    PASS();
  else
    FAIL("contentSize = [%.17g, %.17g], expected [%.17g, %.17g]", size.width, size.height, e[0],
         e[1]);
}

static void check_sections(sl_layout *layout, json_object *sections) {
  static const char *const keys[] = {"section", "frame", "groupCount", "itemsPerGroup",
                                     "orthogonalContentLength", "orthogonalOffset", NULL};
  size_t n = json_object_array_length(sections);
  for (size_t i = 0; i < n; i++) {
    json_object *entry = json_object_array_get_idx(sections, i);
    check_keys(entry, "expect.sections[]", keys);
    json_object *index = member(entry, "section");
    if (!index) {
      FAIL("expect.sections[%zu] has no \"section\"", i);
      continue;
    }
    int32_t section = (int32_t)json_object_get_int(index);
    sl_section_info info;
    memset(&info, 0, sizeof info);
    int status = sl_layout_get_section_info(layout, section, &info);
    if (status != SL_OK) {
      FAIL("sl_layout_get_section_info(%d) returned %d: %s", section, status,
           sl_error_last()->message);
      continue;
    }
    char what[64];
    double frame[4];
    json_object *value;
    if ((value = member(entry, "frame"))) {
      snprintf(what, sizeof what, "section %d", section);
      if (read_numbers(value, frame, 4))
        check_frame(what, info.frame, frame);
      else
        FAIL("section %d: frame is not [x, y, w, h]", section);
    }
    if ((value = member(entry, "groupCount"))) {
      int64_t expected = json_object_get_int64(value);
      if (info.group_count == expected)
        PASS();
      else
        FAIL("section %d groupCount = %lld, expected %lld", section, (long long)info.group_count,
             (long long)expected);
    }
    if ((value = member(entry, "itemsPerGroup"))) {
      int32_t expected = json_object_get_int(value);
      if (info.items_per_group == expected)
        PASS();
      else
        FAIL("section %d itemsPerGroup = %d, expected %d", section, info.items_per_group,
             expected);
    }
    if ((value = member(entry, "orthogonalContentLength"))) {
      double expected = json_object_get_double(value);
      if (near(info.orthogonal_content_length, expected))
        PASS();
      else
        FAIL("section %d orthogonalContentLength = %.17g, expected %.17g", section,
             info.orthogonal_content_length, expected);
    }
    if ((value = member(entry, "orthogonalOffset"))) {
      double expected = json_object_get_double(value);
      if (near(info.orthogonal_offset, expected))
        PASS();
      else
        FAIL("section %d orthogonalOffset = %.17g, expected %.17g", section,
             info.orthogonal_offset, expected);
    }
  }
}

static void check_items(sl_layout *layout, json_object *items) {
  static const char *const keys[] = {"section", "item", "frame", NULL};
  size_t n = json_object_array_length(items);
  for (size_t i = 0; i < n; i++) {
    json_object *entry = json_object_array_get_idx(items, i);
    check_keys(entry, "expect.items[]", keys);
    int32_t section = (int32_t)json_object_get_int(member(entry, "section"));
    int64_t item = json_object_get_int64(member(entry, "item"));
    double frame[4];
    if (!read_numbers(member(entry, "frame"), frame, 4)) {
      FAIL("expect.items[%zu]: frame is not [x, y, w, h]", i);
      continue;
    }
    sl_rect actual = {0, 0, 0, 0};
    int status = sl_layout_get_item_frame(layout, section, item, &actual);
    char what[80];
    snprintf(what, sizeof what, "item (%d, %lld)", section, (long long)item);
    if (status != SL_OK) {
      FAIL("%s: sl_layout_get_item_frame returned %d: %s", what, status,
           sl_error_last()->message);
      continue;
    }
    check_frame(what, actual, frame);
  }
}

static int string_member_equals(json_object *object, const char *key, const char *expected) {
  json_object *value = member(object, key);
  return value && json_object_is_type(value, json_type_string) &&
         strcmp(json_object_get_string(value), expected) == 0;
}

static int int_member_equals(json_object *object, const char *key, int64_t expected) {
  json_object *value = member(object, key);
  return value && json_object_is_type(value, json_type_int) &&
         json_object_get_int64(value) == expected;
}

static void check_elements(sl_layout *layout, json_object *expected_elements) {
  static const char *const keys[] = {"category", "kind", "section", "item", "frame", "zIndex",
                                     NULL};
  char *text = NULL;
  int status = sl_layout_copy_json(layout, NULL, &text, NULL);
  if (status != SL_OK) {
    FAIL("sl_layout_copy_json returned %d: %s", status, sl_error_last()->message);
    return;
  }
  json_object *document = json_tokener_parse(text);
  sl_free(text);
  json_object *all = member(document, "elements");
  if (!all || !json_object_is_type(all, json_type_array)) {
    FAIL("sl_layout_copy_json output has no \"elements\" array");
    json_object_put(document);
    return;
  }
  size_t count = json_object_array_length(all);
  size_t n = json_object_array_length(expected_elements);
  for (size_t i = 0; i < n; i++) {
    json_object *entry = json_object_array_get_idx(expected_elements, i);
    check_keys(entry, "expect.elements[]", keys);
    const char *category = json_object_get_string(member(entry, "category"));
    const char *kind = json_object_get_string(member(entry, "kind"));
    int64_t section = json_object_get_int64(member(entry, "section"));
    int64_t item = member(entry, "item") ? json_object_get_int64(member(entry, "item")) : 0;
    if (!category || !kind || !member(entry, "section")) {
      FAIL("expect.elements[%zu] needs category, kind and section", i);
      continue;
    }
    char what[160];
    snprintf(what, sizeof what, "%s \"%s\" (%lld, %lld)", category, kind, (long long)section,
             (long long)item);
    json_object *found = NULL;
    int matches = 0;
    for (size_t j = 0; j < count; j++) {
      json_object *element = json_object_array_get_idx(all, j);
      if (string_member_equals(element, "category", category) &&
          string_member_equals(element, "kind", kind) &&
          int_member_equals(element, "section", section) &&
          int_member_equals(element, "item", item)) {
        if (!found) found = element;
        matches++;
      }
    }
    if (!found) {
      FAIL("%s: no such element among %zu", what, count);
      continue;
    }
    if (matches > 1) FAIL("%s: %d elements match", what, matches);
    double frame[4];
    if (member(entry, "frame")) {
      if (!read_numbers(member(entry, "frame"), frame, 4)) {
        FAIL("expect.elements[%zu]: frame is not [x, y, w, h]", i);
      } else {
        json_object *f = member(found, "frame");
        sl_rect actual = {json_object_get_double(member(f, "x")),
                          json_object_get_double(member(f, "y")),
                          json_object_get_double(member(f, "width")),
                          json_object_get_double(member(f, "height"))};
        check_frame(what, actual, frame);
      }
    }
    json_object *z = member(entry, "zIndex");
    if (z) {
      int64_t expected = json_object_get_int64(z);
      if (int_member_equals(found, "zIndex", expected))
        PASS();
      else
        FAIL("%s zIndex = %s, expected %lld", what,
             json_object_get_string(member(found, "zIndex")), (long long)expected);
    }
  }
  json_object_put(document);
}

static void check_rects(sl_layout *layout, json_object *rects) {
  static const char *const keys[] = {"rect", "count", NULL};
  size_t n = json_object_array_length(rects);
  for (size_t i = 0; i < n; i++) {
    json_object *entry = json_object_array_get_idx(rects, i);
    check_keys(entry, "expect.rects[]", keys);
    double r[4];
    if (!read_numbers(member(entry, "rect"), r, 4)) {
      FAIL("expect.rects[%zu]: rect is not [x, y, w, h]", i);
      continue;
    }
    size_t expected = (size_t)json_object_get_int64(member(entry, "count"));
    sl_rect rect = {r[0], r[1], r[2], r[3]};
    size_t count = 0;
    int status = sl_layout_get_elements_in_rect(layout, rect, NULL, 0, &count);
    if (status != SL_OK) {
      FAIL("sl_layout_get_elements_in_rect([%g, %g, %g, %g]) returned %d: %s", r[0], r[1], r[2],
           r[3], status, sl_error_last()->message);
      continue;
    }
    if (count == expected)
      PASS();
    else
      FAIL("elements in rect [%g, %g, %g, %g]: %zu, expected %zu", r[0], r[1], r[2], r[3], count,
           expected);
  }
}

static void check_expect(sl_layout *layout, json_object *expect) {
  static const char *const keys[] = {"contentSize", "sections", "items", "elements", "rects",
                                     NULL};
  check_keys(expect, "expect", keys);
  json_object *value;
  if ((value = member(expect, "contentSize"))) check_content_size(layout, value);
  if ((value = member(expect, "sections"))) check_sections(layout, value);
  if ((value = member(expect, "items"))) check_items(layout, value);
  if ((value = member(expect, "elements"))) check_elements(layout, value);
  if ((value = member(expect, "rects"))) check_rects(layout, value);
}

/* ---- one fixture --------------------------------------------------------------------------- */

static void run_fixture(const char *path) {
  static const char *const keys[] = {"description", "source",      "derivation",
                                     "config",      "configText",  "container",
                                     "sectionOffsets", "expect",   "expectError",
                                     NULL};
  size_t length = 0;
  char *text = test_read_file(path, &length);
  if (!text) {
    FAIL("cannot read the file");
    return;
  }
  json_object *fixture = json_tokener_parse(text);
  free(text);
  if (!fixture || !json_object_is_type(fixture, json_type_object)) {
    FAIL("the fixture is not a JSON object");
    json_object_put(fixture);
    return;
  }
  check_keys(fixture, "the fixture", keys);
  json_object *config = member(fixture, "config");
  json_object *raw_text = member(fixture, "configText");
  json_object *expect = member(fixture, "expect");
  json_object *expect_error = member(fixture, "expectError");
  if (!config == !raw_text || !expect == !expect_error ||
      (config && !json_object_is_type(config, json_type_object)) ||
      (raw_text && !json_object_is_type(raw_text, json_type_string))) {
    FAIL("a fixture needs exactly one of \"config\" (object) and \"configText\" (string), and "
         "exactly one of \"expect\" and \"expectError\"");
    json_object_put(fixture);
    return;
  }
  /* "configText" is passed unchanged (malformed JSON, NaN); "config" is serialized. */
  const char *config_text = raw_text ? json_object_get_string(raw_text)
                                     : json_object_to_json_string_ext(config, JSON_C_TO_STRING_PLAIN);
  sl_error_clear();
  sl_layout *layout = NULL;
  int status = sl_layout_create(config_text, strlen(config_text), &layout);
  json_object *container = member(fixture, "container");
  if (status == SL_OK && container) {
    double width = json_object_get_double(member(container, "width"));
    double height = json_object_get_double(member(container, "height"));
    status = sl_layout_set_container_size(layout, width, height);
  }
  json_object *offsets = member(fixture, "sectionOffsets");
  if (status == SL_OK && offsets) {
    size_t n = json_object_array_length(offsets);
    for (size_t i = 0; i < n && status == SL_OK; i++) {
      json_object *entry = json_object_array_get_idx(offsets, i);
      status = sl_layout_set_scroll_offset(
          layout, (int32_t)json_object_get_int(member(entry, "section")),
          json_object_get_double(member(entry, "offset")));
    }
  }
  if (expect_error) {
    if (status == SL_OK)
      FAIL("expected an error (%s), but the layout was created",
           json_object_get_string(member(expect_error, "status")));
    else
      check_error(expect_error, status);
  } else if (status != SL_OK) {
    FAIL("creating the layout failed: %d (%s): %s [%s]", status, sl_status_string(status),
         sl_error_last()->message, sl_error_last()->path);
  } else {
    check_expect(layout, expect);
  }
  sl_layout_destroy(layout);
  json_object_put(fixture);
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void) {
  DIR *directory = opendir(FIXTURE_DIR);
  if (!directory) {
    fprintf(stderr, "cannot open %s (run from the repository root)\n", FIXTURE_DIR);
    return 1;
  }
  char **names = NULL;
  size_t count = 0, capacity = 0;
  struct dirent *entry;
  while ((entry = readdir(directory)) != NULL) {
    size_t length = strlen(entry->d_name);
    if (length < 6 || strcmp(entry->d_name + length - 5, ".json") != 0) continue;
    if (count == capacity) {
      capacity = capacity ? capacity * 2 : 64;
      char **bigger = realloc(names, capacity * sizeof *names);
      if (!bigger) break;
      names = bigger;
    }
    names[count] = malloc(length + 1);
    if (!names[count]) break;
    memcpy(names[count], entry->d_name, length + 1);
    count++;
  }
  closedir(directory);
  if (count > 0) qsort(names, count, sizeof *names, compare_names);
  CHECK(count > 0, "no fixtures found in %s", FIXTURE_DIR);

  for (size_t i = 0; i < count; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", FIXTURE_DIR, names[i]);
    current_fixture = names[i];
    int failures_before = test_failures;
    run_fixture(path);
    if (getenv("SL_TEST_VERBOSE"))
      printf("%s %s\n", test_failures == failures_before ? "ok  " : "FAIL", names[i]);
    free(names[i]);
  }
  free(names);
  printf("fixtures: %zu files\n", count);
  return test_finish("fixtures");
}
