/*
 * model_readers.c — readers on shared layouts that have measured cells (docs/TESTING-MODEL.md,
 * "Threads"), built with ThreadSanitizer by mk/model.mk (`make test-model-tsan`).
 *
 *   model_readers [--threads N] [--rounds R] CASE.json...
 *
 * Each case is written by Tests/model/driver.py --emit-cases: a configuration and the steps
 * that bring a layout into a state with measured cells (container sizes, offsets, reports,
 * flow sizes, data and section changes). The program replays the steps on the main thread, then
 * answers every read-only query of include/snaplayout.h once (the expected answers, hashed),
 * then starts N threads that answer all of them R times each, in different orders, and compare.
 * A different answer fails the run; ThreadSanitizer reports any data race on the way (the
 * header promises these functions are safe from many threads at once).
 *
 * Not a test_*.c: it takes its cases as arguments, so `make test-c` does not run it.
 */
#include <inttypes.h>
#include <json-c/json.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snaplayout.h"

/* ---------------------------------------------------------------------------------------------
 * Replaying the steps
 * ------------------------------------------------------------------------------------------- */

static double number(json_object *o, const char *key) {
  json_object *v = NULL;
  return json_object_object_get_ex(o, key, &v) ? json_object_get_double(v) : 0.0;
}

static int64_t integer(json_object *o, const char *key) {
  json_object *v = NULL;
  return json_object_object_get_ex(o, key, &v) ? json_object_get_int64(v) : 0;
}

static json_object *member(json_object *o, const char *key) {
  json_object *v = NULL;
  return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static double at(json_object *array, size_t index) {
  return json_object_get_double(json_object_array_get_idx(array, index));
}

static int32_t kind_of(const sl_layout *layout, json_object *step) {
  int32_t kind = -100;
  json_object *name = member(step, "kind");
  if (name != NULL) sl_layout_find_element_kind(layout, json_object_get_string(name), &kind);
  return kind;
}

/* Applies one step; statuses are not judged here (the driver did that). */
static void apply(sl_layout *layout, json_object *step) {
  const char *op = json_object_get_string(member(step, "op"));
  int32_t s = (int32_t)integer(step, "section");
  json_object *size = member(step, "size");
  if (strcmp(op, "container") == 0) {
    sl_layout_set_container_size(layout, at(size, 0), at(size, 1));
  } else if (strcmp(op, "offset") == 0) {
    sl_layout_set_scroll_offset(layout, (int32_t)integer(step, "container"), number(step, "value"));
  } else if (strcmp(op, "report") == 0) {
    sl_layout_report_item_size(layout, s, integer(step, "item"), at(size, 0), at(size, 1), NULL);
  } else if (strcmp(op, "reset") == 0) {
    sl_layout_reset_item_size(layout, s, integer(step, "item"), NULL);
  } else if (strcmp(op, "report_sup") == 0) {
    sl_layout_report_supplementary_size(layout, s, kind_of(layout, step), at(size, 0), at(size, 1),
                                        NULL);
  } else if (strcmp(op, "reset_sup") == 0) {
    sl_layout_reset_supplementary_size(layout, s, kind_of(layout, step), NULL);
  } else if (strcmp(op, "item_sizes") == 0) {
    json_object *list = member(step, "sizes");
    size_t n = json_object_array_length(list);
    sl_size *sizes = calloc(n ? n : 1, sizeof *sizes);
    for (size_t k = 0; k < n; k++) {
      sizes[k].width = at(json_object_array_get_idx(list, k), 0);
      sizes[k].height = at(json_object_array_get_idx(list, k), 1);
    }
    sl_layout_set_item_sizes(layout, s, integer(step, "first"), sizes, n, NULL);
    free(sizes);
  } else if (strcmp(op, "count") == 0) {
    sl_layout_set_item_count(layout, s, integer(step, "count"), NULL);
  } else if (strcmp(op, "insert") == 0) {
    sl_layout_insert_items(layout, s, integer(step, "at"), integer(step, "count"), NULL);
  } else if (strcmp(op, "delete") == 0) {
    sl_layout_delete_items(layout, s, integer(step, "at"), integer(step, "count"), NULL);
  } else if (strcmp(op, "move") == 0) {
    json_object *from = member(step, "from"), *to = member(step, "to");
    sl_layout_move_item(layout, (int32_t)at(from, 0), (int64_t)at(from, 1), (int32_t)at(to, 0),
                        (int64_t)at(to, 1), NULL);
  } else if (strcmp(op, "insert_sections") == 0 || strcmp(op, "replace") == 0) {
    int insert = op[0] == 'i';
    const char *text = json_object_to_json_string_ext(member(step, insert ? "sections" : "new"),
                                                      JSON_C_TO_STRING_PLAIN);
    if (insert)
      sl_layout_insert_sections(layout, (int32_t)integer(step, "at"), text, strlen(text), NULL);
    else
      sl_layout_replace_section(layout, s, text, strlen(text), NULL);
  } else if (strcmp(op, "delete_sections") == 0) {
    sl_layout_delete_sections(layout, (int32_t)integer(step, "at"), (int32_t)integer(step, "count"),
                              NULL);
  } else if (strcmp(op, "move_section") == 0) {
    sl_layout_move_section(layout, (int32_t)integer(step, "from"), (int32_t)integer(step, "to"),
                           NULL);
  } else if (strcmp(op, "undo") == 0) {
    apply(layout, member(step, "do"));
    apply(layout, member(step, "undo"));
  }
}

/* ---------------------------------------------------------------------------------------------
 * The read-only queries, each hashed (FNV-1a over its status and outputs, bit for bit)
 * ------------------------------------------------------------------------------------------- */

typedef enum {
  Q_CONTENT, Q_KINDS, Q_SECTION, Q_FRAMES, Q_FRAME, Q_DISTANCE, Q_MEASURED, Q_MEASURED_SUP,
  Q_RECT, Q_JSON, Q_SCROLL, Q_SNAPS, Q_POSITION, Q_REFERENCE, Q_RESOLVE, Q_FOR_ITEM, Q_OFFSET,
  Q_NAVIGATE, Q_SELECTED
} query_kind;

typedef struct query {
  query_kind kind;
  int32_t container, section, kind_id;
  int64_t item, count;
  double x, y, w, h, v;
} query;

typedef struct { uint64_t h; } digest;

static void mix(digest *d, const void *bytes, size_t n) {
  const unsigned char *p = bytes;
  for (size_t k = 0; k < n; k++) d->h = (d->h ^ p[k]) * 1099511628211u;
}

#define MIX(d, value) mix((d), &(value), sizeof(value))

static uint64_t run(const sl_layout *layout, const query *q) {
  digest d = {1469598103934665603u};
  int status = 0;
  switch (q->kind) {
  case Q_CONTENT: {
    sl_size c = {0, 0};
    status = sl_layout_get_content_size(layout, &c);
    MIX(&d, c);
    sl_layout_get_container_size(layout, &c);
    MIX(&d, c);
    int32_t n = 0;
    sl_layout_get_section_count(layout, &n);
    MIX(&d, n);
    break;
  }
  case Q_KINDS: {
    int32_t n = 0;
    status = sl_layout_get_element_kind_count(layout, &n);
    for (int32_t k = 0; k < n; k++) {
      const char *name = NULL;
      int32_t back = -2;
      sl_layout_get_element_kind_name(layout, k, &name);
      if (name) mix(&d, name, strlen(name));
      if (name) sl_layout_find_element_kind(layout, name, &back);
      MIX(&d, back);
    }
    break;
  }
  case Q_SECTION: {
    sl_section_info info;
    memset(&info, 0, sizeof info);
    int64_t n = -1;
    status = sl_layout_get_section_info(layout, q->section, &info);
    sl_layout_get_item_count(layout, q->section, &n);
    MIX(&d, info.frame);
    MIX(&d, info.item_count);
    MIX(&d, info.group_count);
    MIX(&d, info.items_per_group);
    MIX(&d, info.orthogonal_content_length);
    MIX(&d, info.orthogonal_offset);
    MIX(&d, n);
    break;
  }
  case Q_FRAMES: {
    sl_rect *frames = calloc((size_t)(q->count ? q->count : 1), sizeof *frames);
    status = sl_layout_get_item_frames(layout, q->section, 0, q->count, frames);
    mix(&d, frames, sizeof *frames * (size_t)q->count);
    free(frames);
    break;
  }
  case Q_FRAME: {
    sl_rect r = {0, 0, 0, 0};
    status = sl_layout_get_item_frame(layout, q->section, q->item, &r);
    MIX(&d, r);
    break;
  }
  case Q_DISTANCE: {
    double x = 0;
    status = sl_layout_get_item_distance(layout, q->section, q->item, &x);
    MIX(&d, x);
    break;
  }
  case Q_MEASURED: {
    sl_size s = {0, 0};
    int measured = -1;
    status = sl_layout_get_measured_size(layout, q->section, q->item, &s, &measured);
    MIX(&d, s);
    MIX(&d, measured);
    break;
  }
  case Q_MEASURED_SUP: {
    sl_size s = {0, 0};
    int measured = -1;
    status = sl_layout_get_measured_supplementary_size(layout, q->section, q->kind_id, &s, &measured);
    MIX(&d, s);
    MIX(&d, measured);
    break;
  }
  case Q_RECT: {
    sl_rect rect = {q->x, q->y, q->w, q->h};
    size_t n = 0;
    sl_layout_get_elements_in_rect(layout, rect, NULL, 0, &n);
    sl_element *elements = calloc(n ? n : 1, sizeof *elements);
    size_t again = 0;
    status = sl_layout_get_elements_in_rect(layout, rect, elements, n, &again);
    mix(&d, elements, sizeof *elements * n);
    MIX(&d, again);
    free(elements);
    break;
  }
  case Q_JSON: {
    char *text = NULL;
    size_t length = 0;
    status = sl_layout_copy_json(layout, NULL, &text, &length);
    if (text) mix(&d, text, length);
    sl_free(text);
    break;
  }
  case Q_SCROLL: {
    sl_scroll_info info;
    memset(&info, 0, sizeof info);
    status = sl_layout_get_scroll_info(layout, q->container, &info);
    MIX(&d, info);
    break;
  }
  case Q_SNAPS: {
    size_t n = 0;
    sl_layout_get_snap_offsets(layout, q->container, 0, NULL, 0, &n);
    if (n > 100000) n = 100000;
    double *offsets = calloc(n ? n : 1, sizeof *offsets);
    size_t again = 0;
    status = sl_layout_get_snap_offsets(layout, q->container, 0, offsets, n, &again);
    mix(&d, offsets, sizeof *offsets * n);
    free(offsets);
    break;
  }
  case Q_POSITION: {
    sl_snap_position p;
    memset(&p, 0, sizeof p);
    status = sl_layout_get_snap_position(layout, q->container, q->x, &p);
    MIX(&d, p);
    break;
  }
  case Q_REFERENCE: {
    int64_t k = -7;
    status = sl_layout_get_reference_snap(layout, q->container, q->x, NULL, 0, &k);
    MIX(&d, k);
    break;
  }
  case Q_NAVIGATE: {
    sl_snap_result result;
    memset(&result, 0, sizeof result);
    status = sl_layout_navigate(layout, q->container, (int32_t)q->count, q->item, NULL, 0, &result);
    MIX(&d, result);
    break;
  }
  case Q_SELECTED: {
    int64_t k = -7;
    status = sl_layout_get_selected_snap(layout, q->container, NULL, 0, &k);
    MIX(&d, k);
    break;
  }
  case Q_RESOLVE: {
    sl_scroll_release release = {SL_SCROLL_RELEASE_VERSION, 0, q->x, q->y, q->v, 0};
    sl_snap_result result;
    memset(&result, 0, sizeof result);
    status = sl_layout_resolve_scroll(layout, q->container, &release, &result);
    MIX(&d, result);
    sl_motion_state state;
    memset(&state, 0, sizeof state);
    sl_motion_sample(&result.motion, 0.05, &state);
    MIX(&d, state);
    break;
  }
  case Q_FOR_ITEM: {
    double x = 0;
    int64_t k = -7;
    status = sl_layout_get_offset_for_item(layout, q->container, q->section, q->item, &x, &k);
    MIX(&d, x);
    MIX(&d, k);
    break;
  }
  case Q_OFFSET: {
    double x = 0, y = 0;
    status = sl_layout_get_scroll_offset(layout, q->container, &x);
    sl_layout_get_scroll_offset(layout, q->section, &y);
    MIX(&d, x);
    MIX(&d, y);
    break;
  }
  }
  MIX(&d, status);
  return d.h;
}

/* The queries of one layout: every read-only function over its sections, items, kinds and
 * scroll containers. */
static query *plan(const sl_layout *layout, size_t *out_count) {
  size_t capacity = 256, n = 0;
  query *qs = malloc(capacity * sizeof *qs);
#define ADD(...)                                                  \
  do {                                                            \
    if (n == capacity) qs = realloc(qs, (capacity *= 2) * sizeof *qs); \
    qs[n++] = (query){__VA_ARGS__};                               \
  } while (0)
  ADD(.kind = Q_CONTENT);
  ADD(.kind = Q_KINDS);
  ADD(.kind = Q_JSON);
  ADD(.kind = Q_OFFSET, .container = SL_SCROLL_MAIN);
  sl_size content = {0, 0}, container = {0, 0};
  sl_layout_get_content_size(layout, &content);
  sl_layout_get_container_size(layout, &container);
  ADD(.kind = Q_RECT, .x = -1e15, .y = -1e15, .w = 2e15, .h = 2e15);
  for (int k = 0; k < 5; k++)
    ADD(.kind = Q_RECT, .x = content.width * k / 6.0, .y = content.height * k / 5.0,
        .w = container.width, .h = container.height);
  int32_t sections = 0, kinds = 0;
  sl_layout_get_section_count(layout, &sections);
  sl_layout_get_element_kind_count(layout, &kinds);
  for (int32_t s = -1; s < sections; s++)
    for (int32_t k = 0; k < kinds; k++) ADD(.kind = Q_MEASURED_SUP, .section = s, .kind_id = k);
  for (int32_t c = -1; c < sections; c++) {
    sl_scroll_info info;
    if (sl_layout_get_scroll_info(layout, c, &info) != SL_OK) continue;
    double lo = info.min_offset, span = info.max_offset - info.min_offset + 100;
    ADD(.kind = Q_SCROLL, .container = c);
    ADD(.kind = Q_SNAPS, .container = c);
    ADD(.kind = Q_SELECTED, .container = c);
    for (int k = 0; k < 4; k++) {
      ADD(.kind = Q_POSITION, .container = c, .x = lo + span * (k - 0.5) / 3);
      ADD(.kind = Q_REFERENCE, .container = c, .x = lo + span * k / 4);
      /* next, previous 2, to k, last (a TO past the end is refused: its status is hashed). */
      ADD(.kind = Q_NAVIGATE, .container = c, .count = 1 + (k == 1) + 2 * (k == 2) + 4 * (k == 3),
          .item = k == 1 ? 2 : k == 2 ? k * 3 : 1);
      ADD(.kind = Q_RESOLVE, .container = c, .x = lo + span * k / 4, .y = lo + span * (k + 0.3) / 4,
          .v = (k - 1.5) * 900);
    }
  }
  for (int32_t s = 0; s < sections; s++) {
    int64_t items = 0;
    sl_layout_get_item_count(layout, s, &items);
    ADD(.kind = Q_SECTION, .section = s);
    ADD(.kind = Q_OFFSET, .container = s, .section = s);
    ADD(.kind = Q_FRAMES, .section = s, .count = items < 2000 ? items : 2000);
    int64_t step = items > 24 ? items / 24 : 1;
    for (int64_t i = 0; i < items && i < 2000; i += step) {
      ADD(.kind = Q_FRAME, .section = s, .item = i);
      ADD(.kind = Q_DISTANCE, .section = s, .item = i);
      ADD(.kind = Q_MEASURED, .section = s, .item = i);
      ADD(.kind = Q_FOR_ITEM, .container = SL_SCROLL_MAIN, .section = s, .item = i);
      ADD(.kind = Q_FOR_ITEM, .container = s, .section = s, .item = i);
    }
  }
#undef ADD
  *out_count = n;
  return qs;
}

/* ---------------------------------------------------------------------------------------------
 * Threads
 * ------------------------------------------------------------------------------------------- */

typedef struct shared {
  const sl_layout *layout;
  const query *queries;
  const uint64_t *expected;
  size_t count;
  int rounds;
  atomic_long answers;
  atomic_long mismatches;
} shared;

typedef struct worker {
  shared *shared;
  int index;
} worker;

static void *read_all(void *argument) {
  worker *w = argument;
  shared *sh = w->shared;
  for (int round = 0; round < sh->rounds; round++) {
    for (size_t k = 0; k < sh->count; k++) {
      /* Each thread walks the queries from its own place, in its own direction. */
      size_t index = (k * (size_t)(2 * w->index + 1) + (size_t)round * 7) % sh->count;
      uint64_t answer = run(sh->layout, &sh->queries[index]);
      atomic_fetch_add(&sh->answers, 1);
      if (answer != sh->expected[index]) {
        if (atomic_fetch_add(&sh->mismatches, 1) < 5)
          fprintf(stderr, "model_readers: thread %d, query %zu (kind %d, section %d, item %" PRId64
                  "): a different answer than on one thread\n", w->index, index,
                  (int)sh->queries[index].kind, sh->queries[index].section, sh->queries[index].item);
      }
    }
  }
  return NULL;
}

static int run_case(const char *path, int threads, int rounds, long *answers) {
  json_object *root = json_object_from_file(path);
  if (root == NULL) {
    fprintf(stderr, "model_readers: cannot read %s\n", path);
    return 1;
  }
  const char *config = json_object_to_json_string_ext(member(root, "config"), JSON_C_TO_STRING_PLAIN);
  sl_layout *layout = NULL;
  if (sl_layout_create(config, strlen(config), &layout) != SL_OK) {
    fprintf(stderr, "model_readers: %s: %s\n", path, sl_error_last()->message);
    json_object_put(root);
    return 1;
  }
  json_object *steps = member(root, "steps");
  for (size_t k = 0; k < json_object_array_length(steps); k++)
    apply(layout, json_object_array_get_idx(steps, k));
  size_t count = 0;
  query *queries = plan(layout, &count);
  uint64_t *expected = malloc(count * sizeof *expected);
  for (size_t k = 0; k < count; k++) expected[k] = run(layout, &queries[k]);
  shared sh = {layout, queries, expected, count, rounds, 0, 0};
  pthread_t *ids = calloc((size_t)threads, sizeof *ids);
  worker *workers = calloc((size_t)threads, sizeof *workers);
  for (int t = 0; t < threads; t++) {
    workers[t] = (worker){&sh, t};
    pthread_create(&ids[t], NULL, read_all, &workers[t]);
  }
  for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
  long mismatches = atomic_load(&sh.mismatches);
  *answers += atomic_load(&sh.answers);
  if (mismatches)
    fprintf(stderr, "model_readers: %s: %ld answers differ from the single-threaded ones\n", path,
            mismatches);
  free(ids);
  free(workers);
  free(expected);
  free(queries);
  sl_layout_destroy(layout);
  json_object_put(root);
  return mismatches != 0;
}

int main(int argc, char **argv) {
  int threads = 4, rounds = 3, failed = 0, cases = 0;
  long answers = 0;
  for (int k = 1; k < argc; k++) {
    if (strcmp(argv[k], "--threads") == 0 && k + 1 < argc) {
      threads = atoi(argv[++k]);
    } else if (strcmp(argv[k], "--rounds") == 0 && k + 1 < argc) {
      rounds = atoi(argv[++k]);
    } else {
      failed += run_case(argv[k], threads, rounds, &answers);
      cases++;
    }
  }
  printf("model_readers: %d cases, %d threads, %ld answers compared, %d cases failed\n", cases,
         threads, answers, failed);
  return failed ? 1 : 0;
}
