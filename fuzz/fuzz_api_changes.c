/*
 * fuzz_api_changes.c — fuzz_api's operations that change a layout or its records: self-sizing
 * reports and item sizes, item and section changes, visible-items handlers, kinds, the JSON
 * copy, calls on NULL, clearing the error record and re-creating. Each draws its arguments from
 * the input, makes the call and checks what the header promises (fuzz/fuzz_api_ops.c: the rest).
 */
#define FUZZ_PART /* the harness, fuzz_api.c, has main() */
#include "fuzz_api.h"

/* Section objects for sl_layout_insert_sections and sl_layout_replace_section: compositional,
 * flow (refused by the other kind of layout) and invalid ones. */
static const char *const SECTION_OBJECTS[] = {
    "{\"itemCount\": 5, \"group\": {\"group\": \"horizontal\","
    " \"layoutSize\": " SIZE(FW(1), ABS(80))
    ", \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) "}, \"count\": 2}}",
    "{\"itemCount\": 40, \"orthogonalScrollingBehavior\": \"groupPaging\","
    " \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\","
    " \"layoutSize\": " SIZE(FW(1), EST(30)) "}],"
    " \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.5), EST(120)) ","
    " \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(120)) "}]}}",
    "{\"itemCount\": 100000000000, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
    SIZE(FW(1), ABS(10)) ", \"repeatingSubitem\": {\"layoutSize\": " SIZE(FW(1), ABS(5)) "},"
    " \"count\": 2}}",
    "{\"itemCount\": 7}",
    "{\"itemCount\": 2, \"itemSizes\": [{\"width\": 10, \"height\": 20}, {\"width\": 400,"
    " \"height\": 5}],"
    " \"headerReferenceSize\": {\"width\": 0, \"height\": 30}}",
    "{\"itemCount\": 3, \"estimatedItemSize\": {\"width\": 60, \"height\": 60}}",
    "{\"itemCount\": -1}",
    "{\"itemCount\": 1, \"group\": {\"group\": \"horizontal\","
    " \"layoutSize\": " SIZE(ABS(1000), ABS(10))
    ", \"subitems\": [{\"layoutSize\": " SIZE(ABS(2000), ABS(10)) "}]}}",
    "{\"itemcount\": 1}",
    "{",
};
#define SECTION_OBJECT_COUNT (sizeof SECTION_OBJECTS / sizeof SECTION_OBJECTS[0])


static handler_data handler_datas[2] = {{HANDLER_MAGIC, 0, 0}, {HANDLER_MAGIC, 0, 0}};

static void visible_items(void *user_data, const sl_visible_items_context *context,
                          sl_element *elements, size_t count) {
  handler_data *data = user_data;
  FUZZ_CHECK(data == &handler_datas[0] || data == &handler_datas[1],
             "the handler got user data %p", user_data);
  FUZZ_CHECK(data->magic == HANDLER_MAGIC, "the handler's user data was changed");
  FUZZ_CHECK(context != NULL && elements != NULL && count > 0, "handler called with %zu elements",
             count);
  FUZZ_CHECK(isfinite(context->offset) && isfinite(context->viewport_length) &&
                 isfinite(context->content_length) && context->section >= 0 &&
                 (context->container == SL_SCROLL_MAIN ||
                  context->container == context->section),
             "handler context: section %d, container %d, offset %g, viewport %g, content %g",
             (int)context->section, (int)context->container, context->offset,
             context->viewport_length, context->content_length);
  data->calls++;
  /* Every element is read (ASan sees the buffer) and they are the context's section's. */
  for (size_t i = 0; i < count; i++) {
    FUZZ_CHECK(elements[i].section == context->section, "element of section %d given to %d",
               (int)elements[i].section, (int)context->section);
    if (data->set_alpha) elements[i].alpha = 0.25;
  }
}
void op_report_item_size(run *r) {
  int32_t section = pick_section(r);
  int64_t item = pick_index(r, item_count(r, section));
  double width = pick_length(r), height = pick_length(r);
  int reset = fuzz_u8(&r->in) < 64, null = fuzz_u8(&r->in) & 1;
  sl_size_report report;
  memset(&report, POISON, sizeof report);
  snapshot before;
  take_snapshot(r, &before);
  int status = reset ? sl_layout_reset_item_size(r->layout, section, item, null ? NULL : &report)
                     : sl_layout_report_item_size(r->layout, section, item, width, height,
                                                  null ? NULL : &report);
  const char *call = reset ? "sl_layout_reset_item_size" : "sl_layout_report_item_size";
  fuzz_check_status(call, status, FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  int bad = !isfinite(width) || !isfinite(height) || width < 0 || height < 0 ||
            width > SL_MAX_MEASURED_LENGTH || height > SL_MAX_MEASURED_LENGTH;
  FUZZ_CHECK(reset || !bad || status != SL_OK, "size %g x %g accepted", width, height);
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&report, sizeof report), "report written on failure");
    check_unchanged(r, call, &before);
    return;
  }
  if (!null) check_report(call, &report);
  sl_size size;
  int measured = -1;
  status = sl_layout_get_measured_size(r->layout, section, item, &size, &measured);
  fuzz_check_status("sl_layout_get_measured_size", status, 0);
  FUZZ_CHECK(status == SL_OK && (measured == 0 || measured == 1) && (!reset || measured == 0),
             "after %s: status %d, measured %d", call, status, measured);
  if (measured) fuzz_check_size("sl_layout_get_measured_size", &size);
}

void op_measured_size(run *r) {
  int32_t section = pick_section(r);
  int64_t item = pick_index(r, item_count(r, section));
  int null_size = pick_null(r), null_measured = pick_null(r);
  sl_size size;
  int measured;
  memset(&size, POISON, sizeof size);
  memset(&measured, POISON, sizeof measured);
  int status = sl_layout_get_measured_size(r->layout, section, item, null_size ? NULL : &size,
                                           null_measured ? NULL : &measured);
  fuzz_check_status("sl_layout_get_measured_size", status, FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE));
  FUZZ_CHECK(!(null_size || null_measured) || status != SL_OK, "NULL output accepted");
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&size, sizeof size) && untouched(&measured, sizeof measured),
               "outputs written on failure");
    return;
  }
  FUZZ_CHECK(measured == 0 || measured == 1, "measured %d", measured);
  fuzz_check_size("sl_layout_get_measured_size", &size);
}

/* A boundary item's kind: mostly one that exists, which may or may not be the section's. */
static int32_t pick_kind(run *r) {
  int32_t kinds = 0;
  sl_layout_get_element_kind_count(r->layout, &kinds);
  uint8_t k = fuzz_u8(&r->in);
  if (k < 220) return kinds > 0 ? k % kinds : 0;
  switch (k % 4) {
    case 0: return SL_KIND_CELL;
    case 1: return kinds;
    case 2: return INT32_MIN;
    default: return INT32_MAX;
  }
}

void op_supplementary_size(run *r) {
  int32_t section = fuzz_u8(&r->in) < 40 ? SL_SECTION_LAYOUT : pick_section(r);
  int32_t kind = pick_kind(r);
  double width = pick_length(r), height = pick_length(r);
  uint8_t what = fuzz_u8(&r->in) % 3;
  sl_size_report report;
  memset(&report, POISON, sizeof report);
  snapshot before;
  take_snapshot(r, &before);
  int status;
  const char *call;
  if (what == 2) {
    sl_size size;
    int measured;
    int null = pick_null(r);
    memset(&size, POISON, sizeof size);
    memset(&measured, POISON, sizeof measured);
    status = sl_layout_get_measured_supplementary_size(r->layout, section, kind,
                                                       null ? NULL : &size, &measured);
    fuzz_check_status("sl_layout_get_measured_supplementary_size", status,
                      FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE));
    FUZZ_CHECK(!null || status != SL_OK, "NULL output accepted");
    if (status != SL_OK) {
      FUZZ_CHECK(untouched(&size, sizeof size) && untouched(&measured, sizeof measured),
                 "outputs written on failure");
    } else {
      FUZZ_CHECK(measured == 0 || measured == 1, "measured %d", measured);
      fuzz_check_size("sl_layout_get_measured_supplementary_size", &size);
    }
    return;
  }
  if (what == 1) {
    call = "sl_layout_reset_supplementary_size";
    status = sl_layout_reset_supplementary_size(r->layout, section, kind, &report);
  } else {
    call = "sl_layout_report_supplementary_size";
    status = sl_layout_report_supplementary_size(r->layout, section, kind, width, height, &report);
  }
  fuzz_check_status(call, status, FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&report, sizeof report), "report written on failure");
    check_unchanged(r, call, &before);
    return;
  }
  check_report(call, &report);
}

static int flow_sizes_cost(const run *r, int32_t section, int64_t count);

void op_set_item_sizes(run *r) {
  static sl_size sizes[MAX_SIZES];
  int32_t section = pick_section(r);
  int64_t items = item_count(r, section);
  int64_t first = pick_index(r, items);
  size_t count = fuzz_u8(&r->in) % (MAX_SIZES + 1);
  for (size_t i = 0; i < count; i++) {
    sizes[i].width = pick_length(r);
    sizes[i].height = pick_length(r);
  }
  /* The first call on a flow section makes it keep a size per item from then on (16 bytes
   * each, the header's cost note), even with no sizes: more than 2^20 items are held back as
   * op_items holds back counts. */
  if (flow_sizes_cost(r, section, items)) return;
  int null = pick_null(r);
  /* An odd count reports them as measured sizes instead (sl_layout_report_item_sizes): the
   * same arguments, no byte more of the input, so existing seeds keep their meaning for the
   * even counts. */
  int measure = count % 2 == 1;
  const char *call = measure ? "sl_layout_report_item_sizes" : "sl_layout_set_item_sizes";
  sl_size_report report;
  memset(&report, POISON, sizeof report);
  snapshot before;
  take_snapshot(r, &before);
  int status =
      measure ? sl_layout_report_item_sizes(r->layout, section, first, null ? NULL : sizes, count,
                                            &report)
              : sl_layout_set_item_sizes(r->layout, section, first, null ? NULL : sizes, count,
                                         &report);
  fuzz_check_status(call, status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | (measure ? FUZZ_S(SL_ESTATE) : 0));
  FUZZ_CHECK(!null || count == 0 || status != SL_OK, "%s: NULL sizes accepted", call);
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&report, sizeof report), "report written on failure");
    check_unchanged(r, call, &before);
    return;
  }
  /* Given sizes are greater than 0, measured ones at least 0. */
  for (size_t i = 0; i < count && !null; i++)
    FUZZ_CHECK(isfinite(sizes[i].width) && isfinite(sizes[i].height) &&
                   (measure ? sizes[i].width >= 0 && sizes[i].height >= 0
                            : sizes[i].width > 0 && sizes[i].height > 0) &&
                   sizes[i].width <= SL_MAX_MEASURED_LENGTH &&
                   sizes[i].height <= SL_MAX_MEASURED_LENGTH,
               "%s: size %zu, %g x %g, accepted", call, i, sizes[i].width, sizes[i].height);
  FUZZ_CHECK(item_count(r, section) == items, "%s changed the item count", call);
  /* Without a container size the report may say nothing; with one it is checked. */
  sl_size content;
  if (sl_layout_get_content_size(r->layout, &content) == SL_OK) check_report(call, &report);
  for (size_t i = 0; i < count && measure; i++) {
    sl_size size;
    int measured = -1;
    status = sl_layout_get_measured_size(r->layout, section, first + (int64_t)i, &size, &measured);
    fuzz_check_status("sl_layout_get_measured_size", status, 0);
    FUZZ_CHECK(status == SL_OK && measured == 1, "%s: item %lld is not measured (%d, %d)", call,
               (long long)(first + (int64_t)i), status, measured);
  }
}

static int64_t sum(int64_t a, int64_t b) {
  int64_t c;
  return __builtin_add_overflow(a, b, &c) ? INT64_MAX : c;
}

/*
 * Whether giving a flow section `count` items would cost memory in proportion: a flow section
 * whose items have sizes of their own keeps 16 bytes (32 self-sizing) per item up to its cap of
 * 2^26 items (the header, sl_layout_set_item_sizes), so 2^26 items cost 1 GiB natively and more
 * than the 2 GiB limit under ASan — documented, not a bug. Counts past the cap (refused at once)
 * and counts of compositional sections (periodic, any count) are not held back. A flow section
 * is one whose sl_layout_set_item_sizes gets as far as checking `first` (SL_ERANGE for -1; a
 * compositional section is refused before, SL_EINVAL): asked with a valid `first` and no sizes,
 * the call would make the section keep a size per item — the very cost held back.
 */
static int flow_sizes_cost(const run *r, int32_t section, int64_t count) {
  if (count <= ((int64_t)1 << 20) || count > ((int64_t)1 << 26)) return 0;
  return sl_layout_set_item_sizes(r->layout, section, -1, NULL, 0, NULL) == SL_ERANGE;
}

/* Item changes: set the count, insert, delete, move. */
void op_items(run *r) {
  uint8_t which = fuzz_u8(&r->in) % 4;
  int32_t section = pick_section(r);
  int64_t items = item_count(r, section);
  int64_t at = pick_index(r, plus1(items));
  int64_t count = pick_count(r);
  int32_t to_section = section;
  int64_t to_item = 0;
  int null = fuzz_u8(&r->in) & 1;
  sl_size_report report;
  memset(&report, POISON, sizeof report);
  snapshot before;
  take_snapshot(r, &before);
  int status;
  const char *call;
  unsigned allowed = FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE);
  sl_size_report *out = null ? NULL : &report;
  if (which <= 1 && flow_sizes_cost(r, section, which == 0 ? count : sum(items, count))) return;
  switch (which) {
    case 0:
      call = "sl_layout_set_item_count";
      status = sl_layout_set_item_count(r->layout, section, count, out);
      break;
    case 1:
      call = "sl_layout_insert_items";
      status = sl_layout_insert_items(r->layout, section, at, count, out);
      break;
    case 2:
      call = "sl_layout_delete_items";
      status = sl_layout_delete_items(r->layout, section, at, count, out);
      break;
    default:
      call = "sl_layout_move_item";
      to_section = fuzz_u8(&r->in) < 160 ? section : pick_section(r);
      to_item = pick_index(r, plus1(item_count(r, to_section)));
      status = sl_layout_move_item(r->layout, section, at, to_section, to_item, out);
      break;
  }
  int64_t to_items = item_count(r, to_section);
  fuzz_check_status(call, status, allowed);
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&report, sizeof report), "%s: report written on failure", call);
    check_unchanged(r, call, &before);
    return;
  }
  int64_t after = item_count(r, section);
  switch (which) {
    case 0:
      FUZZ_CHECK(after == count, "%s(%lld): %lld items", call, (long long)count, (long long)after);
      break;
    case 1:
      FUZZ_CHECK(count >= 0 && at >= 0 && at <= items && count <= INT64_MAX - items &&
                     after == items + count,
                 "%s(at %lld, %lld) into %lld: %lld items", call, (long long)at, (long long)count,
                 (long long)items, (long long)after);
      break;
    case 2:
      FUZZ_CHECK(count >= 0 && at >= 0 && at <= items - count && after == items - count,
                 "%s(at %lld, %lld) of %lld: %lld items", call, (long long)at, (long long)count,
                 (long long)items, (long long)after);
      break;
    default:
      if (to_section == section)
        FUZZ_CHECK(after == items && at >= 0 && at < items && to_item >= 0 && to_item < items,
                   "%s within a section: %lld -> %lld of %lld, %lld after", call, (long long)at,
                   (long long)to_item, (long long)items, (long long)after);
      else
        FUZZ_CHECK(after == items - 1 && to_items >= 1 && to_item >= 0 && to_item < to_items,
                   "%s to section %d item %lld: %lld items left, %lld there", call,
                   (int)to_section, (long long)to_item, (long long)after, (long long)to_items);
      break;
  }
  sl_size content;
  if (!null && sl_layout_get_content_size(r->layout, &content) == SL_OK)
    check_report(call, &report);
}

/* Section changes: insert, delete, move, replace. */
void op_sections(run *r) {
  uint8_t which = fuzz_u8(&r->in) % 4;
  int32_t sections = section_count(r);
  int32_t at = fuzz_u8(&r->in) < 220 ? (int32_t)(fuzz_u8(&r->in) % (sections + 1))
                                     : pick_section(r);
  sl_size_report report;
  memset(&report, POISON, sizeof report);
  snapshot before;
  take_snapshot(r, &before);
  int status;
  const char *call;
  int32_t expected = -1;
  char json[4096];
  const char *text = json;
  size_t length = 0;
  if (which == 0 || which == 3) {
    uint8_t k = fuzz_u8(&r->in);
    if (k >= 240) {
      length = fuzz_u8(&r->in);
      text = take_text(r, &length);
    } else if (which == 0) {
      /* An array of one to three of the section objects. */
      int n = 1 + k % 3;
      length = (size_t)snprintf(json, sizeof json, "[");
      for (int i = 0; i < n; i++)
        length += (size_t)snprintf(json + length, sizeof json - length, "%s%s", i ? "," : "",
                                   SECTION_OBJECTS[fuzz_u8(&r->in) % SECTION_OBJECT_COUNT]);
      length += (size_t)snprintf(json + length, sizeof json - length, "]");
      expected = sections + n;
    } else {
      text = SECTION_OBJECTS[k % SECTION_OBJECT_COUNT];
      length = strlen(text);
    }
  }
  int null_text = pick_null(r);
  switch (which) {
    case 0:
      call = "sl_layout_insert_sections";
      status = sl_layout_insert_sections(r->layout, at, null_text ? NULL : text, length, &report);
      break;
    case 1: {
      int32_t count = fuzz_u8(&r->in) < 230 ? fuzz_u8(&r->in) % 3 : (int32_t)fuzz_bytes(&r->in, 4);
      call = "sl_layout_delete_sections";
      status = sl_layout_delete_sections(r->layout, at, count, &report);
      if (status == SL_OK) expected = sections - count;
      break;
    }
    case 2: {
      int32_t to = fuzz_u8(&r->in) < 220 ? (int32_t)(fuzz_u8(&r->in) % (sections + 1))
                                         : pick_section(r);
      call = "sl_layout_move_section";
      int64_t moved = item_count(r, at);
      status = sl_layout_move_section(r->layout, at, to, &report);
      if (status == SL_OK) {
        expected = sections;
        FUZZ_CHECK(item_count(r, to) == moved, "section %d moved to %d: %lld items, now %lld",
                   (int)at, (int)to, (long long)moved, (long long)item_count(r, to));
      }
      break;
    }
    default:
      call = "sl_layout_replace_section";
      status = sl_layout_replace_section(r->layout, at, null_text ? NULL : text, length, &report);
      expected = sections;
      break;
  }
  unsigned allowed = FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE);
  if (which == 0 || which == 3) allowed |= FUZZ_S(SL_EPARSE) | FUZZ_S(SL_ECONFIG);
  fuzz_check_status(call, status, allowed);
  FUZZ_CHECK(!null_text || (which != 0 && which != 3) || status != SL_OK, "NULL text accepted");
  if (status != SL_OK) {
    FUZZ_CHECK(untouched(&report, sizeof report), "%s: report written on failure", call);
    check_unchanged(r, call, &before);
    return;
  }
  if (expected >= 0)
    FUZZ_CHECK(section_count(r) == expected, "%s: %d sections, expected %d", call,
               (int)section_count(r), (int)expected);
  sl_size content;
  if (sl_layout_get_content_size(r->layout, &content) == SL_OK) check_report(call, &report);
}

void op_handler(run *r) {
  int32_t section = pick_section(r);
  uint8_t k = fuzz_u8(&r->in);
  handler_data *data = &handler_datas[k & 1];
  data->set_alpha = (k >> 1) & 1;
  int status = sl_layout_set_visible_items_handler(r->layout, section,
                                                   k < 200 ? visible_items : NULL, data);
  fuzz_check_status("sl_layout_set_visible_items_handler", status, FUZZ_S(SL_ERANGE));
}

void op_kinds(run *r) {
  int32_t kinds = -1;
  int status = sl_layout_get_element_kind_count(r->layout, &kinds);
  FUZZ_CHECK(status == SL_OK && kinds >= 0, "kind count %d, status %d", (int)kinds, status);
  int32_t kind = pick_kind(r);
  const char *name = (const char *)1;
  status = sl_layout_get_element_kind_name(r->layout, kind, pick_null(r) ? NULL : &name);
  fuzz_check_status("sl_layout_get_element_kind_name", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE));
  if (status != SL_OK) {
    FUZZ_CHECK(name == (const char *)1, "name written on failure");
  } else {
    FUZZ_CHECK(kind >= SL_KIND_CELL && kind < kinds && name != NULL && sl_check_valid_utf8(name),
               "kind %d of %d: a NULL or ill-formed name", (int)kind, (int)kinds);
    int32_t found = -2;
    status = sl_layout_find_element_kind(r->layout, name, &found);
    FUZZ_CHECK(status == SL_OK && (found == kind || (kind == SL_KIND_CELL && found >= 0)),
               "kind %d named \"%s\" found as %d (status %d)", (int)kind, name, (int)found,
               status);
  }
  const char *names[] = {"header", "footer", "badge", "", "cell", "no such kind", NULL};
  int32_t found;
  memset(&found, POISON, sizeof found);
  const char *looked = names[fuzz_u8(&r->in) % (sizeof names / sizeof names[0])];
  status = sl_layout_find_element_kind(r->layout, looked, &found);
  fuzz_check_status("sl_layout_find_element_kind", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ENOTFOUND));
  FUZZ_CHECK(looked != NULL || status == SL_EINVAL, "NULL name: status %d", status);
  if (status != SL_OK)
    FUZZ_CHECK(untouched(&found, sizeof found), "kind written on failure");
  else
    FUZZ_CHECK(found >= SL_KIND_CELL && found < kinds, "\"%s\" is kind %d of %d", looked,
               (int)found, (int)kinds);
}

void op_copy_json(run *r) {
  int whole = fuzz_u8(&r->in) < 40;
  sl_rect rect = pick_rect(r);
  int null_length = fuzz_u8(&r->in) & 1;
  /* The whole layout only while it is small: up to 4 Mi elements are legitimately written. */
  if (whole && !small_layout(r)) whole = 0;
  char *json = (char *)1;
  size_t length;
  memset(&length, POISON, sizeof length);
  int status = sl_layout_copy_json(r->layout, whole ? NULL : &rect, &json,
                                   null_length ? NULL : &length);
  fuzz_check_status("sl_layout_copy_json", status,
                    FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) | FUZZ_S(SL_ESTATE));
  if (status != SL_OK) {
    FUZZ_CHECK(json == (char *)1 && untouched(&length, sizeof length),
               "outputs written on failure");
    return;
  }
  FUZZ_CHECK(json != NULL && sl_check_valid_utf8(json) && json[0] == '{' &&
                 (null_length || length == strlen(json)),
             "JSON of %zu bytes, said %zu", json != NULL ? strlen(json) : 0, length);
  sl_free(json);
}

/* Every function refuses a NULL layout with SL_EINVAL. */
void op_null_layout(run *r) {
  uint8_t k = fuzz_u8(&r->in);
  sl_size size;
  sl_rect frame;
  int32_t n32;
  int64_t n64;
  double d;
  size_t count;
  sl_size_report report;
  int status;
  switch (k % 12) {
    case 0: status = sl_layout_set_container_size(NULL, 390, 844); break;
    case 1: status = sl_layout_get_content_size(NULL, &size); break;
    case 2: status = sl_layout_get_item_frame(NULL, 0, 0, &frame); break;
    case 3:
      status = sl_layout_get_elements_in_rect(NULL, (sl_rect){0, 0, 1, 1}, NULL, 0, &count);
      break;
    case 4: status = sl_layout_get_section_count(NULL, &n32); break;
    case 5: status = sl_layout_set_scroll_offset(NULL, SL_SCROLL_MAIN, 0); break;
    case 6: status = sl_layout_get_snap_offsets(NULL, SL_SCROLL_MAIN, 0, NULL, 0, &count); break;
    case 7: status = sl_layout_report_item_size(NULL, 0, 0, 10, 10, &report); break;
    case 8: status = sl_layout_insert_items(NULL, 0, 0, 1, &report); break;
    case 9: status = sl_layout_delete_sections(NULL, 0, 1, &report); break;
    case 10: status = sl_layout_get_item_distance(NULL, 0, 0, &d); break;
    default: status = sl_layout_get_offset_for_item(NULL, SL_SCROLL_MAIN, 0, 0, &d, &n64); break;
  }
  fuzz_check_status("a call with a NULL layout", status, FUZZ_S(SL_EINVAL));
  FUZZ_CHECK(status == SL_EINVAL, "call %d with a NULL layout: status %d", k % 12, status);
  sl_layout_destroy(NULL);
  sl_free(NULL);
}

void op_error_clear(run *r) {
  (void)r;
  sl_error_clear();
  const sl_error *record = sl_error_last();
  FUZZ_CHECK(record != NULL && record->code == SL_OK && record->message != NULL &&
                 record->message[0] == '\0' && record->path != NULL && record->path[0] == '\0' &&
                 record->line == 0 && record->column == 0,
             "a cleared record is not empty");
}

void op_recreate(run *r) {
  sl_layout_destroy(r->layout);
  r->layout = NULL;
  r->has_motion = 0;
  create_seed(r, fuzz_u8(&r->in));
}
