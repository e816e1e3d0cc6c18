/*
 * test_exact.c — exact arithmetic through the C API (issue 16, defects 6 and 8).
 *
 * 1. The group fit tolerance is relative for thin items (docs/LAYOUT-RULES.md, "Groups" 1): a
 *    quarter point for items of a point or more, as UIKit, a quarter of the item below that, so
 *    rows of thin items never overflow by whole items; a group that would hold more than 10,000
 *    subitems says how many, along which axis, and how long they are.
 * 2. One answer per quantity (docs/ARCHITECTURE.md, "Exact sums"): on flow layouts with sizes
 *    of their own (given and measured), compositional layouts (grids with badges, headers,
 *    carousels, measured cells), horizontal and right-to-left, a cell's frame is the same to
 *    the last bit by index, in a batch, in every rect query that returns it and in the JSON;
 *    the rest offset of an item is the rest offset of its index. And do-then-undo returns
 *    identical state: after insert + delete, container A -> B -> A, a move there and back
 *    (within and across sections), a size set (or measured) and set back, a section inserted
 *    and deleted or moved there and back, every query answers bit for bit as before.
 * 3. What measured repetitions derive is kept exactly (docs/SELF-SIZING.md rule 9): a report
 *    for a cell with no estimated axis changes no answer.
 */
#include <stdint.h>
#include <string.h>

#include <json-c/json.h>

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

/* ---- 2. One answer per quantity, and do-then-undo ---------------------------------------- */

/* Every answer of a layout, in order, with a label each: two states are the same when their
 * tapes are the same bit for bit (and their JSON texts byte for byte). */
typedef struct tape {
  double *values;
  char (*labels)[40];
  size_t count, capacity;
  char *json;
} tape;

static void put(tape *t, const char *label, double value) {
  if (t->count == t->capacity) {
    t->capacity = t->capacity ? 2 * t->capacity : 1024;
    t->values = realloc(t->values, t->capacity * sizeof *t->values);
    t->labels = realloc(t->labels, t->capacity * sizeof *t->labels);
  }
  t->values[t->count] = value;
  snprintf(t->labels[t->count], sizeof t->labels[0], "%s", label);
  t->count++;
}

static void put_rect(tape *t, const char *label, sl_rect r) {
  put(t, label, r.x);
  put(t, label, r.y);
  put(t, label, r.width);
  put(t, label, r.height);
}

static void tape_free(tape *t) {
  free(t->values);
  free(t->labels);
  free(t->json);
  memset(t, 0, sizeof *t);
}

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }
static int same_rect(sl_rect a, sl_rect b) {
  return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.width, b.width) &&
         same_bits(a.height, b.height);
}

/* Cells with their frames by index, for the path checks of one state. */
typedef struct cell_frames {
  int32_t sections;
  int64_t counts[16];
  sl_rect *frames[16];
} cell_frames;

static const sl_rect *by_index(const cell_frames *cells, int32_t section, int64_t item) {
  if (section < 0 || section >= cells->sections || item < 0 || item >= cells->counts[section])
    return NULL;
  return &cells->frames[section][item];
}

/* The frames in the JSON are those by index (its numbers read back exactly). */
static void check_json_frames(const char *context, const char *json, const cell_frames *cells) {
  json_object *root = json_tokener_parse(json);
  json_object *elements = NULL;
  CHECK(root != NULL && json_object_object_get_ex(root, "elements", &elements),
        "%s: the JSON has no elements", context);
  size_t seen = 0;
  for (size_t i = 0; elements != NULL && i < json_object_array_length(elements); i++) {
    json_object *element = json_object_array_get_idx(elements, i), *value = NULL, *frame = NULL;
    json_object_object_get_ex(element, "category", &value);
    if (strcmp(json_object_get_string(value), "cell") != 0) continue;
    json_object_object_get_ex(element, "section", &value);
    int32_t section = json_object_get_int(value);
    json_object_object_get_ex(element, "item", &value);
    int64_t item = json_object_get_int64(value);
    json_object_object_get_ex(element, "frame", &frame);
    double got[4];
    const char *keys[4] = {"x", "y", "width", "height"};
    for (int k = 0; k < 4; k++) {
      json_object_object_get_ex(frame, keys[k], &value);
      got[k] = json_object_get_double(value);
    }
    const sl_rect *expected = by_index(cells, section, item);
    if (expected == NULL) continue;
    seen++;
    /* The JSON writes -0 as 0: compare values, not bits. */
    CHECK(got[0] == expected->x && got[1] == expected->y && got[2] == expected->width &&
              got[3] == expected->height,
          "%s: cell %d/%lld in the JSON (%.17g, %.17g, %.17g, %.17g), by index (%.17g, %.17g, "
          "%.17g, %.17g)",
          context, section, (long long)item, got[0], got[1], got[2], got[3], expected->x,
          expected->y, expected->width, expected->height);
  }
  size_t total = 0;
  for (int32_t s = 0; s < cells->sections; s++) total += (size_t)cells->counts[s];
  CHECK(seen == total, "%s: %zu of %zu cells in the JSON", context, seen, total);
  json_object_put(root);
}

/* Rect queries tiling the bounding box of every cell: each cell they return has its frame by
 * index, and every cell is returned by a tile it meets. */
static void check_rect_frames(const char *context, sl_layout *layout, const cell_frames *cells) {
  double min_x = 0, min_y = 0, max_x = 1, max_y = 1;
  for (int32_t s = 0; s < cells->sections; s++)
    for (int64_t i = 0; i < cells->counts[s]; i++) {
      sl_rect f = cells->frames[s][i];
      if (f.x < min_x) min_x = f.x;
      if (f.y < min_y) min_y = f.y;
      if (f.x + f.width > max_x) max_x = f.x + f.width;
      if (f.y + f.height > max_y) max_y = f.y + f.height;
    }
  size_t capacity = 4096, count = 0;
  sl_element *elements = malloc(capacity * sizeof *elements);
  unsigned char *met[16];
  for (int32_t s = 0; s < cells->sections; s++) met[s] = calloc((size_t)cells->counts[s] + 1, 1);
  const double tile = quick_mode() ? 611.25 : 237.25;
  int bad = 0;
  for (double y = min_y - 10; y < max_y + 10; y += tile)
    for (double x = min_x - 10; x < max_x + 10; x += tile) {
      sl_rect rect = {x, y, tile, tile};
      int status = sl_layout_get_elements_in_rect(layout, rect, elements, capacity, &count);
      CHECK(status == SL_OK, "%s: rect query: %s", context, sl_error_last()->message);
      if (status != SL_OK) continue;
      for (size_t e = 0; e < count; e++) {
        if (elements[e].category != SL_ELEMENT_CELL) continue;
        const sl_rect *expected = by_index(cells, elements[e].section, elements[e].item);
        if (expected == NULL) continue;
        met[elements[e].section][elements[e].item] = 1;
        if (!same_rect(elements[e].frame, *expected) && bad++ < 3)
          CHECK(0,
                "%s: cell %d/%lld in rect (%g, %g): y %.17g x %.17g, by index y %.17g x %.17g",
                context, elements[e].section, (long long)elements[e].item, x, y,
                elements[e].frame.y, elements[e].frame.x, expected->y, expected->x);
      }
    }
  CHECK(bad == 0, "%s: %d cells differ between rect queries and item frames", context, bad);
  for (int32_t s = 0; s < cells->sections; s++) {
    for (int64_t i = 0; i < cells->counts[s]; i++) {
      sl_rect f = cells->frames[s][i];
      if (f.width > 0 && f.height > 0 && !met[s][i]) {
        CHECK(0, "%s: cell %d/%lld (%.17g, %.17g) in no rect query", context, s, (long long)i,
              f.x, f.y);
        break;
      }
    }
    free(met[s]);
  }
  free(elements);
}

/* Records every answer of `layout` on `t`, checking on the way that the paths to each
 * quantity agree. */
static void record(const char *context, sl_layout *layout, tape *t) {
  memset(t, 0, sizeof *t);
  CHECK_STATUS(sl_layout_copy_json(layout, NULL, &t->json, NULL), SL_OK);
  if (t->json == NULL) t->json = calloc(1, 1);
  sl_size content;
  CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
  put(t, "content width", content.width);
  put(t, "content height", content.height);
  cell_frames cells;
  memset(&cells, 0, sizeof cells);
  CHECK_STATUS(sl_layout_get_section_count(layout, &cells.sections), SL_OK);
  if (cells.sections > 16) cells.sections = 16;
  for (int32_t s = 0; s < cells.sections; s++) {
    sl_section_info info;
    CHECK_STATUS(sl_layout_get_section_info(layout, s, &info), SL_OK);
    put_rect(t, "section frame", info.frame);
    put(t, "group count", (double)info.group_count);
    put(t, "items per group", info.items_per_group);
    put(t, "orthogonal length", info.orthogonal_content_length);
    put(t, "orthogonal offset", info.orthogonal_offset);
    int64_t count = info.item_count < 2000 ? info.item_count : 2000;
    cells.counts[s] = count;
    cells.frames[s] = calloc((size_t)count + 1, sizeof(sl_rect));
    sl_rect *batch = calloc((size_t)count + 1, sizeof(sl_rect));
    CHECK_STATUS(sl_layout_get_item_frames(layout, s, 0, count, batch), SL_OK);
    for (int64_t i = 0; i < count; i++) {
      sl_rect *frame = &cells.frames[s][i];
      CHECK_STATUS(sl_layout_get_item_frame(layout, s, i, frame), SL_OK);
      put_rect(t, "item frame", *frame);
      CHECK(same_rect(*frame, batch[i]), "%s: cell %d/%lld: y %.17g by index, %.17g in a batch",
            context, s, (long long)i, frame->y, batch[i].y);
      double distance = 0;
      CHECK_STATUS(sl_layout_get_item_distance(layout, s, i, &distance), SL_OK);
      put(t, "item distance", distance);
    }
    free(batch);
  }
  /* Scroll containers: the main one and each orthogonal section. */
  for (int32_t container = SL_SCROLL_MAIN; container < cells.sections; container++) {
    sl_scroll_info info;
    if (container >= 0) {
      sl_section_info section;
      CHECK_STATUS(sl_layout_get_section_info(layout, container, &section), SL_OK);
      if (section.orthogonal_scrolling_behavior == SL_ORTHOGONAL_NONE) continue;
    }
    CHECK_STATUS(sl_layout_get_scroll_info(layout, container, &info), SL_OK);
    put(t, "viewport", info.viewport_length);
    put(t, "content length", info.content_length);
    put(t, "inset leading", info.inset_leading);
    put(t, "inset trailing", info.inset_trailing);
    put(t, "min offset", info.min_offset);
    put(t, "max offset", info.max_offset);
    put(t, "offset", info.offset);
    put(t, "snap count", (double)info.snap_count);
    size_t snaps = info.snap_count < 4000 ? (size_t)info.snap_count : 4000;
    double *offsets = calloc(snaps + 1, sizeof *offsets);
    size_t written = 0;
    int status = sl_layout_get_snap_offsets(layout, container, 0, offsets, snaps, &written);
    CHECK(status == SL_OK || status == SL_EBUFS, "%s: snap offsets: %d", context, status);
    for (size_t k = 0; k < snaps; k++) put(t, "snap offset", offsets[k]);
    /* The rest offset of an item is the rest offset of its index. */
    for (int32_t s = 0; s < cells.sections; s++) {
      if ((container == SL_SCROLL_MAIN) != (container != s)) continue;
      sl_section_info section;
      CHECK_STATUS(sl_layout_get_section_info(layout, s, &section), SL_OK);
      if (container == SL_SCROLL_MAIN && section.orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE)
        continue;
      for (int64_t i = 0; i < cells.counts[s]; i += 7) {
        double offset = 0;
        int64_t snap = -1;
        CHECK_STATUS(sl_layout_get_offset_for_item(layout, container, s, i, &offset, &snap),
                     SL_OK);
        put(t, "offset for item", offset);
        put(t, "snap for item", (double)snap);
        if (snap >= 0 && (size_t)snap < snaps && info.snap_unit != SL_SNAP_PAGE)
          CHECK(same_bits(offset, offsets[snap]) || offset == info.min_offset ||
                    offset == info.max_offset,
                "%s: item %d/%lld rests at %.17g, its rest position %lld at %.17g", context, s,
                (long long)i, offset, (long long)snap, offsets[snap]);
      }
    }
    for (double at = info.min_offset; at <= info.max_offset; at += 333.3) {
      sl_snap_position position;
      CHECK_STATUS(sl_layout_get_snap_position(layout, container, at, &position), SL_OK);
      put(t, "position progress", position.progress);
      put(t, "position index", (double)position.index);
    }
    free(offsets);
  }
  check_json_frames(context, t->json, &cells);
  check_rect_frames(context, layout, &cells);
  for (int32_t s = 0; s < cells.sections; s++) free(cells.frames[s]);
}

/* Whether two recorded states are the same, bit for bit; reports the first difference. */
static void check_same(const char *context, const tape *before, const tape *after) {
  size_t first = 0;
  while (first < before->count && first < after->count &&
         same_bits(before->values[first], after->values[first]))
    first++;
  if (first < before->count || first < after->count) {
    if (first < before->count && first < after->count)
      CHECK(0, "%s: answer %zu (%s) was %.17g, is %.17g", context, first,
            before->labels[first], before->values[first], after->values[first]);
    else
      CHECK(0, "%s: %zu answers before, %zu after", context, before->count, after->count);
  }
  CHECK(strcmp(before->json, after->json) == 0, "%s: the JSON differs", context);
}

/* Flow sections of sizes of their own, with decimals: 0.01 pt steps that binary fractions
 * cannot hold (95.28 is the line start). */
static char *flow_json(unsigned seed, int self_sizing, const char *direction) {
  size_t capacity = 1 << 16, length = 0;
  char *json = malloc(capacity);
  length += (size_t)snprintf(
      json + length, capacity - length,
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"configuration\": {\"scrolling\": {\"snapUnit\": \"group\"}},"
      " \"flowLayout\": {\"scrollDirection\": \"%s\", \"%s\": {\"width\": 50, \"height\": 50},"
      " \"minimumLineSpacing\": 7.3, \"minimumInteritemSpacing\": 3.1,"
      " \"sectionInset\": {\"top\": 5.5, \"left\": 9.1, \"bottom\": 2.2, \"right\": 4.4},"
      " \"headerReferenceSize\": {\"width\": 0, \"height\": 33.33}},"
      " \"sections\": [",
      direction, self_sizing ? "estimatedItemSize" : "itemSize");
  unsigned state = seed;
  for (int section = 0; section < 3; section++) {
    /* Section 1 keeps no sizes of its own until the test gives it some. */
    if (section == 1) {
      length += (size_t)snprintf(json + length, capacity - length, ", {\"itemCount\": 40}");
      continue;
    }
    length += (size_t)snprintf(json + length, capacity - length,
                               "%s{\"itemCount\": 260, \"itemSizes\": [", section ? ", " : "");
    int items = 260;
    for (int i = 0; i < items; i++) {
      state = state * 1103515245u + 12345u;
      /* Runs of the flow's own size between items of their own. */
      int own = (state >> 16) % 3 == 0;
      double w = own ? 50 : 20 + (double)((state >> 8) % 15000) / 100;
      double h = own ? 50 : 10 + (double)((state >> 4) % 8000) / 100;
      length += (size_t)snprintf(json + length, capacity - length,
                                 "%s{\"width\": %.2f, \"height\": %.2f}", i ? ", " : "", w, h);
    }
    length += (size_t)snprintf(json + length, capacity - length, "]}");
  }
  snprintf(json + length, capacity - length, "]}");
  return json;
}

/* A compositional layout: a list under a header, a grid with badges in nested groups, a
 * centred carousel and a self-sizing list, with spacings binary fractions cannot hold. */
static const char *compositional_json(const char *direction, const char *layout_direction) {
  static char json[8192];
  snprintf(
      json, sizeof json,
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844},"
      "  \"layoutDirection\": \"%s\"},"
      " \"configuration\": {\"scrollDirection\": \"%s\", \"interSectionSpacing\": 7.7,"
      "  \"scrolling\": {\"snapUnit\": \"item\"}},"
      " \"sections\": ["
      "  {\"itemCount\": 9, \"interGroupSpacing\": 3.3,"
      "   \"contentInsets\": {\"top\": 1.1, \"leading\": 2.2, \"bottom\": 3.3, \"trailing\": 4.4},"
      "   \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\","
      "     \"layoutSize\": " SIZE(FW(1), ABS(41.7)) "}],"
      "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(44.1)) ","
      "    \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}},"
      "  {\"itemCount\": 31, \"interGroupSpacing\": 1.9,"
      "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), FW(0.37)) ","
      "    \"interItemSpacing\": {\"fixed\": 2.9}, \"subitems\": ["
      "     {\"layoutSize\": " SIZE(FW(0.333), FH(1)) ", \"supplementaryItems\": [{"
      "       \"elementKind\": \"badge\", \"layoutSize\": " SIZE(ABS(20), ABS(20)) ","
      "       \"containerAnchor\": {\"edges\": [\"top\", \"trailing\"],"
      "        \"fractionalOffset\": {\"x\": 0.3, \"y\": -0.3}}}]},"
      "     {\"group\": \"vertical\", \"layoutSize\": " SIZE(FW(0.3), FH(1)) ","
      "      \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(0.45)) "}]}]}},"
      "  {\"itemCount\": 13, \"orthogonalScrollingBehavior\": \"groupPagingCentered\","
      "   \"interGroupSpacing\": 9.7,"
      "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.71), ABS(123.4)) ","
      "    \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}},"
      "  {\"itemCount\": 700, \"interGroupSpacing\": 0.7,"
      "   \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), "{\"estimated\": 51.3}") ","
      "    \"subitems\": [{\"layoutSize\": " SIZE(FW(1), "{\"estimated\": 51.3}") "}]}}]}",
      layout_direction, direction);
  return json;
}

/*
 * A change and its undo. `scrolled`: the trip also gives a scrolled layout's offsets back bit
 * for bit (run_scrolled_trips): the anchor's content stays the same through it, and anchoring
 * adds its whole move since the first change to the offset before it (docs/SELF-SIZING.md rule
 * 7). Not so: items inserted or deleted before the anchor in a flow section, which break its
 * lines anew (the line at the leading edge may begin with another item afterwards); an item
 * moved into the anchor's section and back, which shifts the first item of each repetition
 * after it (the anchor follows that item); sizes set or measured in a flow section and set
 * back, which break lines anew around them.
 */
typedef struct round_trip {
  const char *name;
  int (*there)(sl_layout *);
  int (*back)(sl_layout *);
  int scrolled;
} round_trip;

static sl_size saved_sizes[4];
static int insert_front(sl_layout *l) { return sl_layout_insert_items(l, 0, 0, 3, NULL); }
static int delete_front(sl_layout *l) { return sl_layout_delete_items(l, 0, 0, 3, NULL); }
static int insert_middle(sl_layout *l) { return sl_layout_insert_items(l, 0, 5, 2, NULL); }
static int delete_middle(sl_layout *l) { return sl_layout_delete_items(l, 0, 5, 2, NULL); }
static int insert_end(sl_layout *l) {
  int64_t count = 0;
  sl_layout_get_item_count(l, 1, &count);
  return sl_layout_insert_items(l, 1, count, 4, NULL);
}
static int delete_end(sl_layout *l) {
  int64_t count = 0;
  sl_layout_get_item_count(l, 1, &count);
  return sl_layout_delete_items(l, 1, count - 4, 4, NULL);
}
static int resize(sl_layout *l) { return sl_layout_set_container_size(l, 433.3, 701.7); }
static int resize_back(sl_layout *l) { return sl_layout_set_container_size(l, 390, 844); }
static int move_down(sl_layout *l) { return sl_layout_move_item(l, 0, 2, 0, 8, NULL); }
static int move_up(sl_layout *l) { return sl_layout_move_item(l, 0, 8, 0, 2, NULL); }
static int move_across(sl_layout *l) { return sl_layout_move_item(l, 0, 4, 1, 3, NULL); }
static int move_across_back(sl_layout *l) { return sl_layout_move_item(l, 1, 3, 0, 4, NULL); }
static int move_last(sl_layout *l) { return sl_layout_move_section(l, 0, 2, NULL); }
static int move_first(sl_layout *l) { return sl_layout_move_section(l, 2, 0, NULL); }
static int insert_section(sl_layout *l) {
  static const char section[] = "[{\"itemCount\": 5}]";
  return sl_layout_insert_sections(l, 1, section, sizeof section - 1, NULL);
}
static int insert_list_section(sl_layout *l) {
  static const char section[] =
      "[{\"itemCount\": 5, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), ABS(30.3)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}}]";
  return sl_layout_insert_sections(l, 1, section, sizeof section - 1, NULL);
}
static int delete_section(sl_layout *l) { return sl_layout_delete_sections(l, 1, 1, NULL); }
/* Sizes of items 3 ... 6 of section 0 set to others, then back. */
static int set_sizes(sl_layout *l) {
  for (int i = 0; i < 4; i++) {
    sl_rect frame;
    sl_layout_get_item_frame(l, 0, 3 + i, &frame);
    saved_sizes[i].width = frame.width;
    saved_sizes[i].height = frame.height;
  }
  sl_size sizes[4] = {{111.11, 22.22}, {33.33, 99.99}, {7.77, 8.88}, {250.05, 60.06}};
  return sl_layout_set_item_sizes(l, 0, 3, sizes, 4, NULL);
}
static int set_sizes_back(sl_layout *l) {
  return sl_layout_set_item_sizes(l, 0, 3, saved_sizes, 4, NULL);
}
static int set_one_size(sl_layout *l) {
  sl_rect frame;
  sl_layout_get_item_frame(l, 2, 100, &frame);
  saved_sizes[0].width = frame.width;
  saved_sizes[0].height = frame.height;
  sl_size size = {frame.width / 3, frame.height * 1.7};
  return sl_layout_set_item_sizes(l, 2, 100, &size, 1, NULL);
}
static int set_one_size_back(sl_layout *l) {
  return sl_layout_set_item_sizes(l, 2, 100, saved_sizes, 1, NULL);
}
/* Sizes set one at a time across sections 0 and 2, then set back in reverse order. */
#define MANY 200
static struct {
  int32_t section;
  int64_t item;
  sl_size size;
} many_saved[MANY];
/* SL_TEST_QUICK (valgrind) sets fewer. */
static int many(void) { return quick_mode() ? 30 : MANY; }
static int set_many(sl_layout *l) {
  unsigned state = 99;
  for (int k = 0; k < many(); k++) {
    state = state * 1103515245u + 12345u;
    int32_t section = (state >> 20) % 2 ? 2 : 0;
    int64_t item = (int64_t)((state >> 8) % 250);
    sl_rect frame;
    sl_layout_get_item_frame(l, section, item, &frame);
    many_saved[k].section = section;
    many_saved[k].item = item;
    many_saved[k].size.width = frame.width;
    many_saved[k].size.height = frame.height;
    sl_size size = {10 + (double)((state >> 4) % 20000) / 100, 5 + (double)(state % 9000) / 100};
    int status = sl_layout_set_item_sizes(l, section, item, &size, 1, NULL);
    if (status != SL_OK) return status;
  }
  return SL_OK;
}
static int set_many_back(sl_layout *l) {
  for (int k = many() - 1; k >= 0; k--) {
    int status = sl_layout_set_item_sizes(l, many_saved[k].section, many_saved[k].item,
                                          &many_saved[k].size, 1, NULL);
    if (status != SL_OK) return status;
  }
  return SL_OK;
}
/* Measured one at a time, then forgotten in reverse order. */
static int measure_many(sl_layout *l) {
  unsigned state = 7;
  for (int k = 0; k < many(); k++) {
    state = state * 1103515245u + 12345u;
    many_saved[k].section = (state >> 20) % 2 ? 2 : 0;
    many_saved[k].item = (int64_t)((state >> 8) % 250);
    int status = sl_layout_report_item_size(l, many_saved[k].section, many_saved[k].item,
                                            10 + (double)((state >> 4) % 20000) / 100,
                                            5 + (double)(state % 9000) / 100, NULL);
    if (status != SL_OK) return status;
  }
  return SL_OK;
}
static int forget_many(sl_layout *l) {
  for (int k = many() - 1; k >= 0; k--) {
    int status = sl_layout_reset_item_size(l, many_saved[k].section, many_saved[k].item, NULL);
    if (status != SL_OK) return status;
  }
  return SL_OK;
}
/* Section 1, of the flow's size, given sizes of their own, then the flow's size again. */
static int set_uniform(sl_layout *l) {
  sl_size sizes[3] = {{71.5, 12.25}, {50, 50}, {20.2, 93.9}};
  return sl_layout_set_item_sizes(l, 1, 7, sizes, 3, NULL);
}
static int set_uniform_back(sl_layout *l) {
  sl_size sizes[3] = {{50, 50}, {50, 50}, {50, 50}};
  return sl_layout_set_item_sizes(l, 1, 7, sizes, 3, NULL);
}
static int measure(sl_layout *l) { return sl_layout_report_item_size(l, 0, 6, 141.41, 57.57, NULL); }
static int forget(sl_layout *l) { return sl_layout_reset_item_size(l, 0, 6, NULL); }

static const round_trip FLOW_TRIPS[] = {
    {"insert and delete at the front", insert_front, delete_front, 0},
    {"insert and delete in the middle", insert_middle, delete_middle, 0},
    {"insert and delete at the end", insert_end, delete_end, 1},
    {"container A -> B -> A", resize, resize_back, 1},
    {"move there and back", move_down, move_up, 1},
    {"move across sections and back", move_across, move_across_back, 0},
    {"sizes set and set back", set_sizes, set_sizes_back, 0},
    {"one size set and set back", set_one_size, set_one_size_back, 0},
    {"200 sizes set and set back", set_many, set_many_back, 0},
    {"sizes given to a section of one size, then its size", set_uniform, set_uniform_back, 0},
    {"section inserted and deleted", insert_section, delete_section, 1},
    {"section moved there and back", move_last, move_first, 1},
};
static const round_trip SELF_SIZING_TRIPS[] = {
    {"measured and forgotten", measure, forget, 0},
    {"200 measured and forgotten", measure_many, forget_many, 0},
};
/* Section 3 of the compositional layout holds measured cells. */
static int insert_measured(sl_layout *l) { return sl_layout_insert_items(l, 3, 2, 3, NULL); }
static int delete_measured(sl_layout *l) { return sl_layout_delete_items(l, 3, 2, 3, NULL); }
static int move_measured(sl_layout *l) { return sl_layout_move_item(l, 3, 1, 3, 20, NULL); }
static int move_measured_back(sl_layout *l) { return sl_layout_move_item(l, 3, 20, 3, 1, NULL); }
/* Section 2 of the compositional layout scrolls orthogonally. */
static int insert_orthogonal(sl_layout *l) { return sl_layout_insert_items(l, 2, 0, 2, NULL); }
static int delete_orthogonal(sl_layout *l) { return sl_layout_delete_items(l, 2, 0, 2, NULL); }

static const round_trip COMPOSITIONAL_TRIPS[] = {
    {"insert and delete among measured cells", insert_measured, delete_measured, 1},
    {"a measured cell moved there and back", move_measured, move_measured_back, 1},
    {"insert and delete in front of an orthogonal section's groups", insert_orthogonal,
     delete_orthogonal, 1},
    {"insert and delete at the front", insert_front, delete_front, 1},
    {"insert and delete in the middle", insert_middle, delete_middle, 1},
    {"insert and delete at the end", insert_end, delete_end, 1},
    {"container A -> B -> A", resize, resize_back, 1},
    {"move there and back", move_down, move_up, 1},
    {"move across sections and back", move_across, move_across_back, 0},
    {"section inserted and deleted", insert_list_section, delete_section, 1},
    {"section moved there and back", move_last, move_first, 1},
};

static void run_trips(const char *name, sl_layout *layout, const round_trip *trips,
                      size_t count) {
  tape first;
  char context[160];
  snprintf(context, sizeof context, "%s, as created", name);
  record(context, layout, &first);
  for (size_t i = 0; i < count; i++) {
    tape there, back;
    snprintf(context, sizeof context, "%s, %s (there)", name, trips[i].name);
    CHECK(trips[i].there(layout) == SL_OK, "%s: %s", context, sl_error_last()->message);
    record(context, layout, &there);
    snprintf(context, sizeof context, "%s, %s", name, trips[i].name);
    CHECK(trips[i].back(layout) == SL_OK, "%s (back): %s", context, sl_error_last()->message);
    record(context, layout, &back);
    check_same(context, &first, &back);
    tape_free(&there);
    tape_free(&back);
  }
  tape_free(&first);
}

/* Scrolls `layout` into the middle of its content: the main offset, and `orthogonal`'s when
 * it is a section, to values binary fractions cannot hold. The round trips run again from
 * there: anchoring moves the offsets with the content and back, and an undo gives them back
 * bit for bit (docs/SELF-SIZING.md rule 7; issue 16, defect 8). */
static void scroll_into(const char *name, sl_layout *layout, int32_t orthogonal) {
  sl_scroll_info info;
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 1234.5678), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info), SL_OK);
  CHECK(info.max_offset > 1234.5678 + 500, "%s: main content ends at %.17g", name,
        info.max_offset);
  if (orthogonal < 0) return;
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, orthogonal, 345.678), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_info(layout, orthogonal, &info), SL_OK);
  CHECK(info.max_offset > 345.678 + 300, "%s: section %d ends at %.17g", name, orthogonal,
        info.max_offset);
}

/* Each round trip from `layout` scrolled into its content (scroll_into): every answer, the
 * offsets among them, comes back bit for bit. */
static void run_scrolled_trips(const char *name, sl_layout *layout, const round_trip *trips,
                               size_t count, int32_t orthogonal) {
  char context[160];
  for (size_t i = 0; i < count; i++) {
    if (!trips[i].scrolled) continue;
    tape first, back;
    snprintf(context, sizeof context, "%s, %s", name, trips[i].name);
    scroll_into(context, layout, orthogonal);
    record(context, layout, &first);
    CHECK(trips[i].there(layout) == SL_OK, "%s (there): %s", context, sl_error_last()->message);
    CHECK(trips[i].back(layout) == SL_OK, "%s (back): %s", context, sl_error_last()->message);
    record(context, layout, &back);
    check_same(context, &first, &back);
    tape_free(&first);
    tape_free(&back);
  }
}

static void test_one_answer(void) {
  const char *directions[2] = {"vertical", "horizontal"};
  /* SL_TEST_QUICK (valgrind): two of the four flow layouts and two of the four compositional
   * ones, each axis and each kind once. */
  int quick = quick_mode();
  for (int d = 0; d < 2; d++) {
    for (int self_sizing = 0; self_sizing < 2; self_sizing++) {
      if (quick && self_sizing != d) continue;
      char *json = flow_json(16u + (unsigned)d, self_sizing, directions[d]);
      sl_layout *layout = create_layout(json);
      char name[96];
      snprintf(name, sizeof name, "flow (%s%s)", directions[d],
               self_sizing ? ", self-sizing" : "");
      if (layout != NULL) {
        if (self_sizing) {
          /* A few measured items among those of sizes of their own. */
          for (int64_t item = 10; item < 200; item += 37)
            CHECK_STATUS(sl_layout_report_item_size(layout, 0, item, 60.6 + (double)item / 10,
                                                    21.21 + (double)item / 100, NULL),
                         SL_OK);
          run_trips(name, layout, SELF_SIZING_TRIPS,
                    sizeof SELF_SIZING_TRIPS / sizeof SELF_SIZING_TRIPS[0]);
        }
        run_trips(name, layout, FLOW_TRIPS, sizeof FLOW_TRIPS / sizeof FLOW_TRIPS[0]);
        strncat(name, ", scrolled", sizeof name - strlen(name) - 1);
        run_scrolled_trips(name, layout, FLOW_TRIPS, sizeof FLOW_TRIPS / sizeof FLOW_TRIPS[0], -1);
        sl_layout_destroy(layout);
      }
      free(json);
    }
  }
  const char *layout_directions[2] = {"leftToRight", "rightToLeft"};
  for (int d = 0; d < 2; d++)
    for (int l = 0; l < 2; l++) {
      if (quick && l != d) continue;
      sl_layout *layout = create_layout(compositional_json(directions[d], layout_directions[l]));
      if (layout == NULL) continue;
      char name[96];
      snprintf(name, sizeof name, "compositional (%s, %s)", directions[d],
               layout_directions[l]);
      /* Measured cells in the self-sizing list, taller and shorter than their estimate, on
       * several of its pages of 128 repetitions. */
      for (int64_t item = 1; item < 700; item += 9)
        CHECK_STATUS(sl_layout_report_item_size(layout, 3, item, 100 + (double)item,
                                                31.17 + (double)item * 3.3, NULL),
                     SL_OK);
      run_trips(name, layout, COMPOSITIONAL_TRIPS,
                sizeof COMPOSITIONAL_TRIPS / sizeof COMPOSITIONAL_TRIPS[0]);
      strncat(name, ", scrolled", sizeof name - strlen(name) - 1);
      run_scrolled_trips(name, layout, COMPOSITIONAL_TRIPS,
                         sizeof COMPOSITIONAL_TRIPS / sizeof COMPOSITIONAL_TRIPS[0], 2);
      sl_layout_destroy(layout);
    }
}

/* Sections after a changed one are where a solve puts them: a size set and set back, over and
 * over, leaves every section where a layout made from the same text has it. (They used to be
 * moved by the change and back, drifting by an ulp at a time.) */
static void test_sections_stay(void) {
  static const char STACKED[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"flowLayout\": {\"itemSize\": {\"width\": 50, \"height\": 50.37},"
      "  \"headerReferenceSize\": {\"width\": 0, \"height\": 33.33},"
      "  \"sectionInset\": {\"top\": 5.51, \"left\": 0, \"bottom\": 2.23, \"right\": 0}},"
      " \"sections\": [{\"itemCount\": 30}, {\"itemCount\": 7}, {\"itemCount\": 9}]}";
  sl_layout *layout = create_layout(STACKED);
  sl_layout *fresh = create_layout(STACKED);
  if (layout == NULL || fresh == NULL) return;
  unsigned state = 5;
  int rounds = quick_mode() ? 100 : 1000, moved = 0;
  sl_section_info before, after;
  CHECK_STATUS(sl_layout_get_section_info(fresh, 2, &before), SL_OK);
  for (int round = 0; round < rounds; round++) {
    state = state * 1103515245u + 12345u;
    sl_size size = {40 + (double)((state >> 8) % 1000) / 100,
                    50.37 + (double)((state >> 4) % 100000) / 1000};
    sl_size flow = {50, 50.37};
    int64_t item = (int64_t)((state >> 20) % 30);
    CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, item, &size, 1, NULL), SL_OK);
    CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, item, &flow, 1, NULL), SL_OK);
    CHECK_STATUS(sl_layout_get_section_info(layout, 2, &after), SL_OK);
    if (!same_rect(before.frame, after.frame)) moved++;
  }
  CHECK(moved == 0, "section 2 moved in %d of %d rounds (y %.17g, was %.17g)", moved, rounds,
        after.frame.y, before.frame.y);
  tape a, b;
  record("stacked sections, fresh", fresh, &a);
  record("stacked sections, after the rounds", layout, &b);
  check_same("stacked sections: after the rounds, against a fresh layout", &a, &b);
  tape_free(&a);
  tape_free(&b);
  sl_layout_destroy(layout);
  sl_layout_destroy(fresh);
}

/* What a measured repetition derives — its extent across the repeat axis — is kept exactly
 * (docs/SELF-SIZING.md rule 9): a size reported for a cell with no estimated axis changes
 * nothing, to the last bit (rule 1). An orthogonal row of estimated height around 50.2-pt cells
 * became 50.200000762939453 pt tall once one of them was reported, moving the next section; and
 * rows of estimated width around 200.3-pt cells, wider than the container, made the content
 * 200.3000030517578 pt wide. */
static void test_derived_lengths(void) {
  static const char *const layouts[2] = {
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"sections\": [{\"itemCount\": 5, \"orthogonalScrollingBehavior\": \"continuous\","
      "  \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(ABS(100), "{\"estimated\": 44}") ", \"subitems\": [{\"layoutSize\": "
      SIZE(FW(1), ABS(50.2)) "}]}},"
      " {\"itemCount\": 2, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
      SIZE(FW(1), ABS(50)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), ABS(50)) "}]}}]}",
      "{\"environment\": {\"container\": {\"width\": 100, \"height\": 844}},"
      " \"sections\": [{\"itemCount\": 5, \"group\": {\"group\": \"horizontal\","
      "  \"layoutSize\": " SIZE("{\"estimated\": 44}", ABS(30)) ", \"subitems\": ["
      "  {\"layoutSize\": " SIZE(ABS(200.3), ABS(30)) "}]}}]}"};
  for (int i = 0; i < 2; i++) {
    const char *name = i ? "rows of estimated width" : "orthogonal row of estimated height";
    sl_layout *layout = create_layout(layouts[i]);
    if (layout == NULL) continue;
    tape before, after;
    record(name, layout, &before);
    CHECK_STATUS(sl_layout_report_item_size(layout, 0, 2, 100, 60, NULL), SL_OK);
    record(name, layout, &after);
    check_same(name, &before, &after);
    tape_free(&before);
    tape_free(&after);
    sl_size content;
    CHECK_STATUS(sl_layout_get_content_size(layout, &content), SL_OK);
    CHECK(i ? content.width == 200.3 : content.height == 50.2 + 100,
          "%s: content %.17g x %.17g", name, content.width, content.height);
    sl_layout_destroy(layout);
  }
}

int main(void) {
  test_fit_tolerance();
  test_one_answer();
  test_sections_stay();
  test_derived_lengths();
  return test_finish("test_exact");
}
