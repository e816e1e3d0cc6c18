/*
 * query_digest.h — every read-only answer of a layout as text, bit for bit (doubles as C99 hex
 * floats, statuses included), so two layouts can be compared with strcmp: a layout after some
 * history against one created fresh from the same text (Tests/c/test_measured.c), or a shared
 * layout read by many threads against the main thread's reading (Tests/c/test_threads.c).
 *
 * It calls every function of include/snaplayout.h whose thread safety is "Read-only": sizes and
 * counts, section facts, item frames (one by one and in batches), measured sizes, element kinds,
 * rect queries down the whole content, scroll facts, rest offsets, snap positions, offsets for
 * items, reference snaps, resolved releases, item distances and both forms of copy_json. Large
 * sections are sampled (their first and last items and a stride between). Only functions: a
 * digest may be taken from any thread while others take theirs.
 */
#ifndef SNAPLAYOUT_QUERY_DIGEST_H
#define SNAPLAYOUT_QUERY_DIGEST_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snaplayout.h"

typedef struct query_digest {
  char *text;
  size_t length;
  size_t capacity;
  int failed; /* out of memory */
} query_digest;

static void digest_printf(query_digest *d, const char *format, ...) {
  if (d->failed) return;
  for (;;) {
    va_list args;
    va_start(args, format);
    size_t room = d->capacity - d->length;
    int written = vsnprintf(d->text == NULL ? NULL : d->text + d->length, room, format, args);
    va_end(args);
    if (written < 0) {
      d->failed = 1;
      return;
    }
    if ((size_t)written < room) {
      d->length += (size_t)written;
      return;
    }
    size_t capacity = d->capacity == 0 ? 65536 : d->capacity * 2;
    while (capacity - d->length <= (size_t)written) capacity *= 2;
    char *grown = realloc(d->text, capacity);
    if (grown == NULL) {
      d->failed = 1;
      return;
    }
    d->text = grown;
    d->capacity = capacity;
  }
}

static void digest_free(query_digest *d) {
  free(d->text);
  memset(d, 0, sizeof *d);
}

static void digest_rect(query_digest *d, sl_rect r) {
  digest_printf(d, " (%a %a %a %a)", r.x, r.y, r.width, r.height);
}

static void digest_elements(query_digest *d, const sl_layout *layout, sl_rect rect) {
  size_t count = 0;
  int status = sl_layout_get_elements_in_rect(layout, rect, NULL, 0, &count);
  digest_printf(d, "rect");
  digest_rect(d, rect);
  digest_printf(d, ": %d %zu\n", status, count);
  if (status != SL_OK || count == 0) return;
  sl_element *elements = calloc(count, sizeof *elements);
  if (elements == NULL) {
    d->failed = 1;
    return;
  }
  size_t again = 0;
  status = sl_layout_get_elements_in_rect(layout, rect, elements, count, &again);
  digest_printf(d, " again %d %zu\n", status, again);
  for (size_t i = 0; status == SL_OK && i < again; i++) {
    const sl_element *e = &elements[i];
    digest_printf(d, " %d %d %" PRId64 " %d z%d f%u a%a t(%a %a %a %a %a %a)", e->category,
                  e->section, e->item, e->kind, e->z_index, e->flags, e->alpha, e->transform.a,
                  e->transform.b, e->transform.c, e->transform.d, e->transform.tx,
                  e->transform.ty);
    digest_rect(d, e->frame);
    digest_printf(d, "\n");
  }
  free(elements);
}

/* The items of a section that a digest looks at: all of a small section, else the first and
 * last 40 and 120 between. */
static int64_t digest_sample_item(int64_t count, int k, int *samples) {
  if (count <= 200) {
    *samples = (int)count;
    return k;
  }
  *samples = 200;
  if (k < 40) return k;
  if (k >= 160) return count - 200 + k;
  return 40 + (count - 80) * (k - 40) / 120;
}

static void digest_scroll(query_digest *d, const sl_layout *layout, int32_t container) {
  sl_scroll_info info;
  int status = sl_layout_get_scroll_info(layout, container, &info);
  digest_printf(d, "scroll %d: %d", container, status);
  if (status != SL_OK) {
    digest_printf(d, "\n");
    return;
  }
  digest_printf(d, " %a %a %a %a %a %a %a %a %" PRId64 " %d %d %d %d %d %d\n",
                info.viewport_length, info.content_length, info.inset_leading,
                info.inset_trailing, info.min_offset, info.max_offset, info.offset,
                info.deceleration_rate, info.snap_count, info.container, info.horizontal,
                info.orthogonal_scrolling_behavior, info.snap_unit, info.max_pages_per_gesture,
                info.bounce);
  double offset = 0;
  status = sl_layout_get_scroll_offset(layout, container, &offset);
  digest_printf(d, " offset %d %a\n", status, offset);

  /* Rest offsets: all of them, or the first and last 500. */
  size_t count = 0;
  status = sl_layout_get_snap_offsets(layout, container, 0, NULL, 0, &count);
  digest_printf(d, " snaps %d %zu:", status, count);
  if (status == SL_OK && count > 0) {
    size_t shown = count <= 1000 ? count : 500;
    double *offsets = calloc(shown, sizeof *offsets);
    if (offsets == NULL) {
      d->failed = 1;
      return;
    }
    size_t full = 0;
    status = sl_layout_get_snap_offsets(layout, container, 0, offsets, shown, &full);
    digest_printf(d, " %d", status);
    for (size_t i = 0; i < shown; i++) digest_printf(d, " %a", offsets[i]);
    if (count > shown) {
      status = sl_layout_get_snap_offsets(layout, container, (int64_t)(count - shown), offsets,
                                          shown, &full);
      digest_printf(d, " ... %d", status);
      for (size_t i = 0; i < shown; i++) digest_printf(d, " %a", offsets[i]);
    }
    free(offsets);
  }
  digest_printf(d, "\n");

  /* Probes across the range and beyond it: snap positions, reference snaps, releases. */
  double low = info.min_offset, high = info.max_offset, span = high - low;
  for (int p = -2; p <= 26; p++) {
    double x = low + span * p / 24.0 + (p % 3) * 0.25;
    sl_snap_position position;
    memset(&position, 0, sizeof position);
    status = sl_layout_get_snap_position(layout, container, x, &position);
    digest_printf(d, " position %a: %d %a %" PRId64 " %" PRId64 " %d\n", x, status,
                  position.progress, position.index, position.item, position.section);
    int64_t snap = -2;
    status = sl_layout_get_reference_snap(layout, container, x, NULL, 0, &snap);
    digest_printf(d, " reference %d %" PRId64, status, snap);
    static const double velocities[] = {-4000, -900, -100, 0, 100, 900, 4000};
    for (size_t v = 0; v < sizeof velocities / sizeof velocities[0]; v++) {
      sl_scroll_release release = {SL_SCROLL_RELEASE_VERSION, 0, x - velocities[v] / 40, x,
                                   velocities[v], 0};
      sl_snap_result result;
      memset(&result, 0, sizeof result);
      status = sl_layout_resolve_scroll(layout, container, &release, &result);
      digest_printf(d, " | %d %a %a %" PRId64 " %" PRId64 " %" PRId64 " %d %d %a %a", status,
                    result.target_offset, result.release_progress, result.snap_index,
                    result.reference_snap, result.item, result.section, result.motion.kind,
                    result.motion.duration, result.motion.start_velocity);
      if (status == SL_OK && v == 5) {
        int64_t again = -2;
        status = sl_layout_get_reference_snap(layout, container, x, &result.motion, 0.01, &again);
        digest_printf(d, " in flight %d %" PRId64, status, again);
      }
    }
    digest_printf(d, "\n");
  }
}

/* Appends every read-only answer of `layout` to `d`. */
static void digest_layout(query_digest *d, const sl_layout *layout) {
  sl_size size = {0, 0};
  int status = sl_layout_get_container_size(layout, &size);
  digest_printf(d, "container %d %a %a\n", status, size.width, size.height);
  status = sl_layout_get_content_size(layout, &size);
  digest_printf(d, "content %d %a %a\n", status, size.width, size.height);
  sl_size content = size;
  int32_t sections = 0, kinds = 0;
  status = sl_layout_get_section_count(layout, &sections);
  digest_printf(d, "sections %d %d\n", status, sections);
  status = sl_layout_get_element_kind_count(layout, &kinds);
  digest_printf(d, "kinds %d %d\n", status, kinds);
  for (int32_t k = -1; k <= kinds; k++) {
    const char *name = NULL;
    status = sl_layout_get_element_kind_name(layout, k, &name);
    int32_t found = -2;
    int again = status == SL_OK ? sl_layout_find_element_kind(layout, name, &found) : 0;
    digest_printf(d, " kind %d: %d %s %d %d\n", k, status, status == SL_OK ? name : "-", again,
                  found);
  }

  for (int32_t s = 0; s < sections; s++) {
    int64_t items = 0;
    status = sl_layout_get_item_count(layout, s, &items);
    sl_section_info info;
    memset(&info, 0, sizeof info);
    int info_status = sl_layout_get_section_info(layout, s, &info);
    digest_printf(d, "section %d: %d %" PRId64 " info %d", s, status, items, info_status);
    digest_rect(d, info.frame);
    digest_printf(d, " %" PRId64 " %" PRId64 " %d %d %a %a\n", info.item_count, info.group_count,
                  info.items_per_group, info.orthogonal_scrolling_behavior,
                  info.orthogonal_content_length, info.orthogonal_offset);
    double offset = 0;
    status = sl_layout_get_scroll_offset(layout, s, &offset);
    digest_printf(d, " offset %d %a\n", status, offset);
    for (int32_t k = -1; k <= kinds; k++) {
      sl_size measured = {0, 0};
      int is_measured = -1;
      status = sl_layout_get_measured_supplementary_size(layout, s, k, &measured, &is_measured);
      digest_printf(d, " supplementary %d: %d %d %a %a\n", k, status, is_measured,
                    measured.width, measured.height);
    }
    int samples = 0;
    digest_sample_item(items, 0, &samples);
    for (int k = 0; k < samples; k++) {
      int64_t item = digest_sample_item(items, k, &samples);
      sl_rect frame = {0, 0, 0, 0}, batch[3];
      memset(batch, 0, sizeof batch);
      status = sl_layout_get_item_frame(layout, s, item, &frame);
      int64_t run = items - item < 3 ? items - item : 3;
      int batch_status = sl_layout_get_item_frames(layout, s, item, run, batch);
      double distance = 0;
      int distance_status = sl_layout_get_item_distance(layout, s, item, &distance);
      sl_size measured = {0, 0};
      int is_measured = -1;
      int measured_status = sl_layout_get_measured_size(layout, s, item, &measured, &is_measured);
      digest_printf(d, " item %" PRId64 ": %d", item, status);
      digest_rect(d, frame);
      digest_printf(d, " batch %d", batch_status);
      for (int64_t j = 0; j < run; j++) digest_rect(d, batch[j]);
      digest_printf(d, " distance %d %a measured %d %d %a %a", distance_status, distance,
                    measured_status, is_measured, measured.width, measured.height);
      for (int32_t container = -1; container <= s; container += s + 1) {
        double rest = 0;
        int64_t snap = -2;
        status = sl_layout_get_offset_for_item(layout, container, s, item, &rest, &snap);
        digest_printf(d, " rest[%d] %d %a %" PRId64, container, status, rest, snap);
      }
      digest_printf(d, "\n");
    }
  }
  for (int32_t container = -1; container < sections; container++)
    digest_scroll(d, layout, container);

  /* Rect queries: the whole content and beyond, then windows down it. */
  digest_elements(d, layout, (sl_rect){-1e6, -1e6, content.width + 2e6, content.height + 2e6});
  double length = content.height > content.width ? content.height : content.width;
  int vertical = content.height >= content.width;
  for (int w = 0; w < 24; w++) {
    double at = length * w / 24.0 - 7.5;
    sl_rect window = vertical ? (sl_rect){-10, at, content.width + 20, length / 17 + 1}
                              : (sl_rect){at, -10, length / 17 + 1, content.height + 20};
    digest_elements(d, layout, window);
  }
  char *json = NULL;
  size_t json_length = 0;
  status = sl_layout_copy_json(layout, NULL, &json, &json_length);
  digest_printf(d, "json %d %zu\n%s\n", status, json_length, json != NULL ? json : "-");
  sl_free(json);
  json = NULL;
  sl_rect part = {0, content.height / 3, content.width, content.height / 4};
  status = sl_layout_copy_json(layout, &part, &json, &json_length);
  digest_printf(d, "json rect %d %zu\n%s\n", status, json_length, json != NULL ? json : "-");
  sl_free(json);
}

/* Prints the first line where two digests differ (to stderr); returns 1 when they are equal. */
static int digest_equal(const query_digest *a, const query_digest *b, const char *what) {
  if (!a->failed && !b->failed && a->length == b->length &&
      (a->length == 0 || memcmp(a->text, b->text, a->length) == 0))
    return 1;
  if (a->failed || b->failed) {
    fprintf(stderr, "%s: a digest ran out of memory\n", what);
    return 0;
  }
  size_t i = 0;
  while (i < a->length && i < b->length && a->text[i] == b->text[i]) i++;
  size_t start = i;
  while (start > 0 && a->text[start - 1] != '\n') start--;
  int got = (int)strcspn(a->text + start, "\n"), expected = (int)strcspn(b->text + start, "\n");
  fprintf(stderr, "%s: digests differ at byte %zu:\n  got:      %.*s\n  expected: %.*s\n", what,
          i, got > 400 ? 400 : got, a->text + start, expected > 400 ? 400 : expected,
          b->text + start);
  return 0;
}

#endif /* SNAPLAYOUT_QUERY_DIGEST_H */
