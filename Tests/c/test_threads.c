/*
 * test_threads.c — the threading rules of include/snaplayout.h, through the shipped .so:
 *
 *   (a) distinct handles are independent: 8 threads create, use and destroy their own layouts;
 *   (b) the read-only functions may run at once on one handle: threads hammer a shared layout
 *       and compare every answer with one computed beforehand on the main thread;
 *   (c) the error record is per thread: each thread provokes a different error, waits at a
 *       barrier until every thread has, then checks that sl_error_last() still shows its own;
 *   (d) layouts with measured cells (Tests/c/measured_scenarios.h: lists, grids, nested and
 *       orthogonal sections, horizontal and right-to-left layouts, flow self-sizing,
 *       uniformAcrossSiblings) read at once by threads through every read-only function of the
 *       header (Tests/c/query_digest.h), each answer compared with the main thread's; under
 *       ThreadSanitizer (make test-tsan) this is where a lookup that writes a cache shows.
 *
 * test_support.h's counters are not thread-safe, so workers count into their own struct and the
 * main thread adds the totals after joining. SL_TEST_QUICK=1 (valgrind) cuts iterations ~10x.
 */
#include <inttypes.h>
#include <pthread.h>

#include "test_support.h"

#include "measured_scenarios.h"
#include "query_digest.h"

/* ---------------------------------------------------------------------------------------------
 * Configuration and helpers
 * ------------------------------------------------------------------------------------------- */


/*
 * Every kind of element: a layout-level header; section 0 is a 3-column grid of 1000 cells with
 * badges, a header, a footer and a background; section 1 pages orthogonally through 50 cards.
 * No container size: each user sets its own.
 */
static const char CONFIG[] =
    "{\n"
    "  \"version\": 1,\n"
    "  \"configuration\": {\"interSectionSpacing\": 12, \"boundarySupplementaryItems\": [\n"
    "    {\"elementKind\": \"globalHeader\", \"alignment\": \"top\",\n"
    "     \"layoutSize\": " SIZE(FW(1), ABS(30)) "}]},\n"
    "  \"sections\": [\n"
    "    {\"itemCount\": 1000, \"interGroupSpacing\": 4,\n"
    "     \"contentInsets\": {\"top\": 8, \"leading\": 10, \"bottom\": 8, \"trailing\": 10},\n"
    "     \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(70)) ",\n"
    "       \"interItemSpacing\": {\"fixed\": 6},\n"
    "       \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) ",\n"
    "         \"supplementaryItems\": [{\"elementKind\": \"badge\",\n"
    "           \"layoutSize\": " SIZE(ABS(12), ABS(12)) ",\n"
    "           \"containerAnchor\": {\"edges\": [\"top\", \"trailing\"],\n"
    "                               \"offset\": {\"x\": 3, \"y\": -3}}}]},\n"
    "       \"count\": 3},\n"
    "     \"boundarySupplementaryItems\": [\n"
    "       {\"elementKind\": \"header\", \"alignment\": \"top\",\n"
    "        \"layoutSize\": " SIZE(FW(1), ABS(44)) "},\n"
    "       {\"elementKind\": \"footer\", \"alignment\": \"bottom\",\n"
    "        \"layoutSize\": " SIZE(FW(1), ABS(20)) "}],\n"
    "     \"decorationItems\": [\n"
    "       {\"elementKind\": \"background\", \"contentInsets\": {\"top\": 2}}]},\n"
    "    {\"itemCount\": 50, \"orthogonalScrollingBehavior\": \"groupPaging\",\n"
    "     \"interGroupSpacing\": 8,\n"
    "     \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.45), ABS(120)) ",\n"
    "       \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]},\n"
    "     \"boundarySupplementaryItems\": [\n"
    "       {\"elementKind\": \"header\", \"alignment\": \"top\",\n"
    "        \"layoutSize\": " SIZE(FW(1), ABS(44)) "}]}\n"
    "  ]\n"
    "}\n";
#define SECTION0_ITEMS 1000
#define SECTION1_ITEMS 50
static const char *const KIND_NAMES[] = {"globalHeader", "header", "footer", "background", "badge"};
#define KIND_COUNT 5

/* Scales an iteration count down ~10x under SL_TEST_QUICK=1. */
static int iterations(int normal) {
  int n = quick_mode() ? normal / 10 : normal;
  return n < 1 ? 1 : n;
}

/* Per-thread check counters and a thread-safe CHECK for workers. */
typedef struct tally {
  int index;
  int checks;
  int failures;
} tally;

#define WCHECK(t, cond, ...)                                                                   \
  do {                                                                                         \
    (t)->checks++;                                                                             \
    if (!(cond)) {                                                                             \
      if (++(t)->failures <= 10) {                                                             \
        flockfile(stderr);                                                                     \
        fprintf(stderr, "%s:%d: [thread %d] CHECK(%s) failed: ", __FILE__, __LINE__,           \
                (t)->index, #cond);                                                            \
        fprintf(stderr, __VA_ARGS__);                                                          \
        fprintf(stderr, "\n");                                                                 \
        funlockfile(stderr);                                                                   \
      }                                                                                        \
    }                                                                                          \
  } while (0)

#define WCHECK_STATUS(t, expr, expected)                                                        \
  do {                                                                                          \
    int wstatus_ = (expr);                                                                      \
    WCHECK(t, wstatus_ == (expected), "%s returned %d, expected %d; error: %s [%s]", #expr,     \
           wstatus_, (int)(expected), sl_error_last()->message, sl_error_last()->path);         \
  } while (0)

/* Adds a worker's counts to the program's and reports the worker as one more check. */
static void merge_tally(const tally *t, const char *phase) {
  test_checks += t->checks;
  test_failures += t->failures;
  CHECK(t->failures == 0, "%s: thread %d failed %d of %d checks", phase, t->index, t->failures,
        t->checks);
  CHECK(t->checks > 0, "%s: thread %d checked nothing", phase, t->index);
}

/* A small deterministic generator, one state per thread. */
static uint64_t next_random(uint64_t *state) {
  *state = *state * 6364136223846793005u + 1442695040888963407u;
  return *state >> 33;
}

static int rect_equal(sl_rect a, sl_rect b) {
  return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
}

/* CONFIG as a layout, or NULL (callable from any thread: it does not count checks). */
static sl_layout *create_config_layout(void) {
  sl_layout *layout = NULL;
  if (sl_layout_create(CONFIG, strlen(CONFIG), &layout) != SL_OK) return NULL;
  return layout;
}

/* ---------------------------------------------------------------------------------------------
 * (a) Independent layouts
 * ------------------------------------------------------------------------------------------- */

#define OWN_THREADS 8
#define OWN_VARIANTS 4
#define OWN_PROBED_ITEMS 6

/* What one layout looks like at one container width, computed on the main thread. */
typedef struct snapshot {
  double width;
  sl_size content;
  sl_rect frames[OWN_PROBED_ITEMS]; /* items 0, 1, 2, 500, 999 of section 0 and 7 of section 1 */
  size_t element_count;             /* in the first 600 pt */
  char *json;                       /* copy_json of the first 600 pt */
} snapshot;

static const struct {
  int32_t section;
  int64_t item;
} PROBED[OWN_PROBED_ITEMS] = {{0, 0}, {0, 1}, {0, 2}, {0, 500}, {0, 999}, {1, 7}};
static const sl_rect OWN_RECT = {0, 0, 2000, 600};

static int take_snapshot(sl_layout *layout, double width, snapshot *out) {
  memset(out, 0, sizeof *out);
  out->width = width;
  int ok = sl_layout_set_container_size(layout, width, 700) == SL_OK;
  ok = ok && sl_layout_set_scroll_offset(layout, 1, width / 3) == SL_OK;
  ok = ok && sl_layout_get_content_size(layout, &out->content) == SL_OK;
  for (int i = 0; ok && i < OWN_PROBED_ITEMS; i++)
    ok = sl_layout_get_item_frame(layout, PROBED[i].section, PROBED[i].item, &out->frames[i]) ==
         SL_OK;
  ok = ok && sl_layout_get_elements_in_rect(layout, OWN_RECT, NULL, 0, &out->element_count) ==
                 SL_OK;
  ok = ok && sl_layout_copy_json(layout, &OWN_RECT, &out->json, NULL) == SL_OK;
  return ok;
}

typedef struct own_worker {
  tally t;
  pthread_barrier_t *start;
  const snapshot *expected; /* OWN_VARIANTS snapshots for this thread's widths */
  int rounds;
} own_worker;

static void *own_layouts_main(void *argument) {
  own_worker *w = argument;
  tally *t = &w->t;
  pthread_barrier_wait(w->start);
  for (int round = 0; round < w->rounds; round++) {
    const snapshot *expected = &w->expected[round % OWN_VARIANTS];
    sl_layout *layout = NULL;
    WCHECK_STATUS(t, sl_layout_create(CONFIG, strlen(CONFIG), &layout), SL_OK);
    if (layout == NULL) continue;
    WCHECK_STATUS(t, sl_layout_set_container_size(layout, expected->width, 700), SL_OK);
    WCHECK_STATUS(t, sl_layout_set_scroll_offset(layout, 1, expected->width / 3), SL_OK);
    sl_size content;
    WCHECK_STATUS(t, sl_layout_get_content_size(layout, &content), SL_OK);
    WCHECK(t,
           content.width == expected->content.width &&
               content.height == expected->content.height,
           "round %d: content %g x %g, expected %g x %g", round, content.width, content.height,
           expected->content.width, expected->content.height);
    for (int i = 0; i < OWN_PROBED_ITEMS; i++) {
      sl_rect frame;
      WCHECK_STATUS(t, sl_layout_get_item_frame(layout, PROBED[i].section, PROBED[i].item, &frame),
                    SL_OK);
      WCHECK(t, rect_equal(frame, expected->frames[i]),
             "round %d: frame of (%d,%" PRId64 ") differs", round, (int)PROBED[i].section,
             PROBED[i].item);
    }
    size_t count = 0;
    WCHECK_STATUS(t, sl_layout_get_elements_in_rect(layout, OWN_RECT, NULL, 0, &count), SL_OK);
    WCHECK(t, count == expected->element_count, "round %d: %zu elements, expected %zu", round,
           count, expected->element_count);
    char *json = NULL;
    WCHECK_STATUS(t, sl_layout_copy_json(layout, &OWN_RECT, &json, NULL), SL_OK);
    WCHECK(t, json != NULL && strcmp(json, expected->json) == 0, "round %d: JSON differs", round);
    sl_free(json);
    /* A failure on the way: the record is this thread's. */
    sl_rect frame;
    WCHECK_STATUS(t, sl_layout_get_item_frame(layout, 0, SECTION0_ITEMS + round, &frame),
                  SL_ERANGE);
    WCHECK(t, sl_error_last()->code == SL_ERANGE && strcmp(sl_error_last()->path, "item") == 0,
           "round %d: error record %d [%s]", round, sl_error_last()->code, sl_error_last()->path);
    sl_layout_destroy(layout);
  }
  sl_error_clear();
  return NULL;
}

static void test_independent_layouts(void) {
  snapshot expected[OWN_THREADS][OWN_VARIANTS];
  memset(expected, 0, sizeof expected);
  sl_layout *layout = create_config_layout();
  CHECK(layout != NULL, "cannot create the layout: %s", sl_error_last()->message);
  if (layout == NULL) return;
  int ok = 1;
  for (int i = 0; i < OWN_THREADS; i++)
    for (int v = 0; v < OWN_VARIANTS; v++)
      ok = take_snapshot(layout, 320 + 17 * i + 5 * v, &expected[i][v]) && ok;
  sl_layout_destroy(layout);
  CHECK(ok, "could not compute the expected snapshots: %s", sl_error_last()->message);
  CHECK(ok && !rect_equal(expected[0][0].frames[1], expected[7][3].frames[1]) &&
            strcmp(expected[0][0].json, expected[7][3].json) != 0,
        "different widths give the same answers; the comparison would prove little");
  if (!ok) {
    for (int i = 0; i < OWN_THREADS; i++)
      for (int v = 0; v < OWN_VARIANTS; v++) sl_free(expected[i][v].json);
    return;
  }

  pthread_barrier_t start;
  pthread_barrier_init(&start, NULL, OWN_THREADS);
  own_worker workers[OWN_THREADS];
  pthread_t threads[OWN_THREADS];
  int started = 0;
  for (int i = 0; i < OWN_THREADS; i++) {
    workers[i] = (own_worker){{i, 0, 0}, &start, expected[i], iterations(200)};
    if (pthread_create(&threads[i], NULL, own_layouts_main, &workers[i]) != 0) break;
    started++;
  }
  if (started != OWN_THREADS) {
    /* The barrier cannot be passed: give up without waiting for the started threads. */
    fprintf(stderr, "test_threads: cannot start threads\n");
    exit(1);
  }
  for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
  pthread_barrier_destroy(&start);
  for (int i = 0; i < started; i++) merge_tally(&workers[i].t, "independent layouts");
  for (int i = 0; i < OWN_THREADS; i++)
    for (int v = 0; v < OWN_VARIANTS; v++) sl_free(expected[i][v].json);
}

/* ---------------------------------------------------------------------------------------------
 * (b) One layout, many readers
 * ------------------------------------------------------------------------------------------- */

#define READERS 6
#define QUERY_RECTS 16

/* Answers computed on the main thread before the readers start. */
typedef struct reference {
  const sl_layout *layout;
  sl_size content;
  sl_size container;
  int32_t section_count;
  sl_section_info sections[2];
  sl_rect frames0[SECTION0_ITEMS];
  sl_rect frames1[SECTION1_ITEMS];
  sl_rect rects[QUERY_RECTS];
  sl_element *elements[QUERY_RECTS];
  size_t element_counts[QUERY_RECTS];
  size_t max_count;
  const char *kind_names[KIND_COUNT];
  char *json_all;
  char *json_rect; /* for rects[0] */
  size_t json_all_length;
} reference;

static int build_reference(reference *r, sl_layout *layout) {
  memset(r, 0, sizeof *r);
  r->layout = layout;
  int ok = sl_layout_set_container_size(layout, 393, 852) == SL_OK;
  ok = ok && sl_layout_set_scroll_offset(layout, 1, 170.5) == SL_OK;
  ok = ok && sl_layout_get_content_size(layout, &r->content) == SL_OK;
  ok = ok && sl_layout_get_container_size(layout, &r->container) == SL_OK;
  ok = ok && sl_layout_get_section_count(layout, &r->section_count) == SL_OK;
  for (int32_t s = 0; ok && s < 2; s++)
    ok = sl_layout_get_section_info(layout, s, &r->sections[s]) == SL_OK;
  for (int64_t i = 0; ok && i < SECTION0_ITEMS; i++)
    ok = sl_layout_get_item_frame(layout, 0, i, &r->frames0[i]) == SL_OK;
  for (int64_t i = 0; ok && i < SECTION1_ITEMS; i++)
    ok = sl_layout_get_item_frame(layout, 1, i, &r->frames1[i]) == SL_OK;
  for (int k = 0; ok && k < KIND_COUNT; k++)
    ok = sl_layout_get_element_kind_name(layout, k, &r->kind_names[k]) == SL_OK &&
         strcmp(r->kind_names[k], KIND_NAMES[k]) == 0;
  /* Windows down the content, a few wide ones, one around the orthogonal section. */
  for (int q = 0; ok && q < QUERY_RECTS; q++) {
    double y = (r->content.height - 852) * q / (QUERY_RECTS - 1);
    r->rects[q] = (sl_rect){0, y, 393, q % 4 == 3 ? 2000 : 852};
  }
  if (ok) r->rects[1] = (sl_rect){-500, r->sections[1].frame.y, 3000, r->sections[1].frame.height};
  for (int q = 0; ok && q < QUERY_RECTS; q++) {
    size_t count = 0;
    ok = sl_layout_get_elements_in_rect(layout, r->rects[q], NULL, 0, &count) == SL_OK;
    r->elements[q] = calloc(count + 1, sizeof(sl_element));
    ok = ok && r->elements[q] != NULL &&
         sl_layout_get_elements_in_rect(layout, r->rects[q], r->elements[q], count,
                                        &r->element_counts[q]) == SL_OK;
    if (count > r->max_count) r->max_count = count;
  }
  ok = ok && sl_layout_copy_json(layout, NULL, &r->json_all, &r->json_all_length) == SL_OK;
  ok = ok && sl_layout_copy_json(layout, &r->rects[0], &r->json_rect, NULL) == SL_OK;
  return ok;
}

static void free_reference(reference *r) {
  for (int q = 0; q < QUERY_RECTS; q++) free(r->elements[q]);
  sl_free(r->json_all);
  sl_free(r->json_rect);
}

typedef struct reader {
  tally t;
  const reference *r;
  pthread_barrier_t *start;
  int rounds;
} reader;

static void read_once(reader *w, uint64_t *seed, sl_element *buffer, int round) {
  tally *t = &w->t;
  const reference *r = w->r;
  const sl_layout *layout = r->layout;

  int64_t item = (int64_t)(next_random(seed) % SECTION0_ITEMS);
  sl_rect frame;
  WCHECK_STATUS(t, sl_layout_get_item_frame(layout, 0, item, &frame), SL_OK);
  WCHECK(t, rect_equal(frame, r->frames0[item]), "frame of (0,%" PRId64 ") differs", item);
  item = (int64_t)(next_random(seed) % SECTION1_ITEMS);
  WCHECK_STATUS(t, sl_layout_get_item_frame(layout, 1, item, &frame), SL_OK);
  WCHECK(t, rect_equal(frame, r->frames1[item]), "frame of (1,%" PRId64 ") differs", item);

  int q = (int)(next_random(seed) % QUERY_RECTS);
  size_t count = 0;
  WCHECK_STATUS(t, sl_layout_get_elements_in_rect(layout, r->rects[q], NULL, 0, &count), SL_OK);
  WCHECK(t, count == r->element_counts[q], "rect %d: count %zu, expected %zu", q, count,
         r->element_counts[q]);
  WCHECK_STATUS(t,
                sl_layout_get_elements_in_rect(layout, r->rects[q], buffer, r->max_count, &count),
                SL_OK);
  WCHECK(t, count == r->element_counts[q] &&
                memcmp(buffer, r->elements[q], count * sizeof(sl_element)) == 0,
         "rect %d: elements differ", q);
  if (r->element_counts[q] > 1) {
    size_t capacity = r->element_counts[q] / 2;
    WCHECK_STATUS(t, sl_layout_get_elements_in_rect(layout, r->rects[q], buffer, capacity, &count),
                  SL_EBUFS);
    WCHECK(t, count == r->element_counts[q] &&
                  memcmp(buffer, r->elements[q], capacity * sizeof(sl_element)) == 0,
           "rect %d, capacity %zu: elements differ", q, capacity);
  }

  sl_size size;
  WCHECK_STATUS(t, sl_layout_get_content_size(layout, &size), SL_OK);
  WCHECK(t, size.width == r->content.width && size.height == r->content.height, "content size");
  WCHECK_STATUS(t, sl_layout_get_container_size(layout, &size), SL_OK);
  WCHECK(t, size.width == r->container.width && size.height == r->container.height,
         "container size");
  int32_t section = (int32_t)(next_random(seed) % 2);
  sl_section_info info;
  WCHECK_STATUS(t, sl_layout_get_section_info(layout, section, &info), SL_OK);
  WCHECK(t, memcmp(&info, &r->sections[section], sizeof info) == 0, "section %d info",
         (int)section);
  double offset = -1;
  WCHECK_STATUS(t, sl_layout_get_scroll_offset(layout, 1, &offset), SL_OK);
  WCHECK(t, offset == 170.5, "offset %g", offset);
  int32_t count32 = 0;
  int64_t count64 = 0;
  WCHECK_STATUS(t, sl_layout_get_section_count(layout, &count32), SL_OK);
  WCHECK(t, count32 == r->section_count, "section count %d", (int)count32);
  WCHECK_STATUS(t, sl_layout_get_item_count(layout, 0, &count64), SL_OK);
  WCHECK(t, count64 == SECTION0_ITEMS, "item count %" PRId64, count64);

  int kind = (int)(next_random(seed) % KIND_COUNT);
  const char *name = NULL;
  int32_t found = -99;
  WCHECK_STATUS(t, sl_layout_get_element_kind_name(layout, kind, &name), SL_OK);
  WCHECK(t, name == r->kind_names[kind], "kind %d: name pointer changed", kind);
  WCHECK_STATUS(t, sl_layout_find_element_kind(layout, KIND_NAMES[kind], &found), SL_OK);
  WCHECK(t, found == kind, "find '%s' = %d", KIND_NAMES[kind], (int)found);
  WCHECK_STATUS(t, sl_layout_get_element_kind_count(layout, &count32), SL_OK);
  WCHECK(t, count32 == KIND_COUNT, "kind count %d", (int)count32);

  /* copy_json is the heaviest: every few rounds. */
  if (round % 16 == 0) {
    char *json = NULL;
    size_t length = 0;
    WCHECK_STATUS(t, sl_layout_copy_json(layout, NULL, &json, &length), SL_OK);
    WCHECK(t, json != NULL && length == r->json_all_length && strcmp(json, r->json_all) == 0,
           "copy_json(NULL) differs");
    sl_free(json);
    json = NULL;
    WCHECK_STATUS(t, sl_layout_copy_json(layout, &r->rects[0], &json, NULL), SL_OK);
    WCHECK(t, json != NULL && strcmp(json, r->json_rect) == 0, "copy_json(rect) differs");
    sl_free(json);
  }
}

static void *reader_main(void *argument) {
  reader *w = argument;
  uint64_t seed = 0x9E3779B97F4A7C15u * (uint64_t)(w->t.index + 1);
  sl_element *buffer = calloc(w->r->max_count + 1, sizeof(sl_element));
  pthread_barrier_wait(w->start);
  for (int round = 0; buffer != NULL && round < w->rounds; round++)
    read_once(w, &seed, buffer, round);
  WCHECK(&w->t, buffer != NULL, "out of memory");
  free(buffer);
  sl_error_clear();
  return NULL;
}

static void test_shared_layout(void) {
  sl_layout *layout = create_config_layout();
  CHECK(layout != NULL, "cannot create the layout: %s", sl_error_last()->message);
  if (layout == NULL) return;
  reference *r = malloc(sizeof *r);
  if (r == NULL) {
    sl_layout_destroy(layout);
    return;
  }
  int ok = build_reference(r, layout);
  CHECK(ok, "could not compute the reference answers: %s", sl_error_last()->message);
  CHECK(r->max_count > 20, "the largest query returns only %zu elements", r->max_count);
  if (ok) {
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, READERS);
    reader readers[READERS];
    pthread_t threads[READERS];
    int started = 0;
    for (int i = 0; i < READERS; i++) {
      readers[i] = (reader){{i, 0, 0}, r, &start, iterations(3000)};
      if (pthread_create(&threads[i], NULL, reader_main, &readers[i]) != 0) break;
      started++;
    }
    if (started != READERS) {
      fprintf(stderr, "test_threads: cannot start threads\n");
      exit(1);
    }
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start);
    for (int i = 0; i < started; i++) merge_tally(&readers[i].t, "shared layout");

    /* Nothing the readers did changed the layout. */
    sl_rect frame;
    CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 999, &frame), SL_OK);
    CHECK(rect_equal(frame, r->frames0[999]), "the shared layout changed");
  }
  free_reference(r);
  free(r);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * (c) Thread-local error records
 * ------------------------------------------------------------------------------------------- */

#define ERROR_THREADS 8

typedef struct error_worker {
  tally t;
  pthread_barrier_t *barrier;
  const sl_layout *shared;          /* solved; read-only calls only */
  const sl_error **records;         /* ERROR_THREADS slots: each thread's sl_error_last() */
  const sl_error *main_record;      /* the main thread's sl_error_last() */
  int rounds;
} error_worker;

/* What the error provoked by thread `index` in `round` must look like. */
typedef struct expected_error {
  int code;
  char path[64];
  char needle[64]; /* in the message */
  int32_t line, column;
} expected_error;

static void provoke(error_worker *w, sl_layout *unsolved, int round, expected_error *e) {
  tally *t = &w->t;
  int index = t->index;
  memset(e, 0, sizeof *e);
  char text[128];
  sl_rect frame;
  size_t count;
  sl_element one[1];
  switch (index) {
  case 0: { /* a syntax error at line 2, column round % 7 + 2 */
    int spaces = round % 7 + 1;
    snprintf(text, sizeof text, "{\n%*sx", spaces, "");
    sl_layout *layout = NULL;
    WCHECK_STATUS(t, sl_layout_create(text, strlen(text), &layout), SL_EPARSE);
    sl_layout_destroy(layout);
    *e = (expected_error){SL_EPARSE, "", "", 2, spaces + 1};
    break;
  }
  case 1: { /* an unknown key named after the round */
    snprintf(text, sizeof text, "{\"sections\": [], \"bogus%d\": 1}", round);
    sl_layout *layout = NULL;
    WCHECK_STATUS(t, sl_layout_create(text, strlen(text), &layout), SL_ECONFIG);
    sl_layout_destroy(layout);
    *e = (expected_error){SL_ECONFIG, "", "", 0, 0};
    snprintf(e->path, sizeof e->path, "/bogus%d", round);
    snprintf(e->needle, sizeof e->needle, "bogus%d", round);
    break;
  }
  case 2: { /* an item index out of range */
    WCHECK_STATUS(t, sl_layout_get_item_frame(w->shared, 0, 100000 + round, &frame), SL_ERANGE);
    *e = (expected_error){SL_ERANGE, "item", "", 0, 0};
    snprintf(e->needle, sizeof e->needle, "%d", 100000 + round);
    break;
  }
  case 3: { /* an unknown element kind */
    snprintf(text, sizeof text, "missing-%d", round);
    int32_t kind;
    WCHECK_STATUS(t, sl_layout_find_element_kind(w->shared, text, &kind), SL_ENOTFOUND);
    *e = (expected_error){SL_ENOTFOUND, "name", "", 0, 0};
    snprintf(e->needle, sizeof e->needle, "missing-%d", round);
    break;
  }
  case 4: /* a NULL output */
    WCHECK_STATUS(t, sl_layout_get_section_count(w->shared, NULL), SL_EINVAL);
    *e = (expected_error){SL_EINVAL, "out_count", "", 0, 0};
    break;
  case 5: /* geometry without a container size */
    WCHECK_STATUS(t, sl_layout_get_item_frame(unsolved, 0, 0, &frame), SL_ESTATE);
    *e = (expected_error){SL_ESTATE, "layout", "", 0, 0};
    break;
  case 6: /* a buffer too small */
    WCHECK_STATUS(t, sl_layout_get_elements_in_rect(w->shared, (sl_rect){0, 0, 393, 852}, one, 1,
                                                    &count),
                  SL_EBUFS);
    *e = (expected_error){SL_EBUFS, "", "", 0, 0};
    break;
  default: /* a section out of range */
    WCHECK_STATUS(t, sl_layout_get_section_info(w->shared, 2 + round, &(sl_section_info){0}),
                  SL_ERANGE);
    *e = (expected_error){SL_ERANGE, "section", "", 0, 0};
    snprintf(e->needle, sizeof e->needle, "%d", 2 + round);
    break;
  }
}

static void check_own_error(tally *t, const expected_error *e, int round, const char *when) {
  const sl_error *record = sl_error_last();
  WCHECK(t, record->code == e->code, "%s, round %d: code %d, expected %d (%s)", when, round,
         record->code, e->code, record->message);
  WCHECK(t, record->message[0] != '\0', "%s, round %d: empty message", when, round);
  if (e->path[0] != '\0' || e->code == SL_EPARSE)
    WCHECK(t, strcmp(record->path, e->path) == 0, "%s, round %d: path '%s', expected '%s'", when,
           round, record->path, e->path);
  if (e->needle[0] != '\0')
    WCHECK(t, strstr(record->message, e->needle) != NULL, "%s, round %d: message '%s' lacks '%s'",
           when, round, record->message, e->needle);
  WCHECK(t, record->line == e->line && record->column == e->column,
         "%s, round %d: line/column %d:%d, expected %d:%d", when, round, (int)record->line,
         (int)record->column, (int)e->line, (int)e->column);
}

static void *error_worker_main(void *argument) {
  error_worker *w = argument;
  tally *t = &w->t;
  /* A new thread starts with a clear record. */
  const sl_error *fresh = sl_error_last();
  WCHECK(t, fresh != NULL && fresh->code == SL_OK && fresh->message != NULL &&
                fresh->message[0] == '\0' && fresh->path != NULL && fresh->path[0] == '\0' &&
                fresh->line == 0 && fresh->column == 0,
         "a new thread's error record is not clear");
  sl_layout *unsolved = create_config_layout(); /* this thread's own, never sized */
  WCHECK(t, unsolved != NULL, "cannot create a layout");
  for (int round = 0; round < w->rounds; round++) {
    expected_error e;
    provoke(w, unsolved, round, &e);
    w->records[t->index] = sl_error_last();
    pthread_barrier_wait(w->barrier); /* every thread has set its error */
    check_own_error(t, &e, round, "after the barrier");
    for (int other = 0; other < ERROR_THREADS; other++)
      if (other != t->index)
        WCHECK(t, w->records[other] != sl_error_last(),
               "threads %d and %d share one error record", t->index, other);
    WCHECK(t, w->main_record != sl_error_last(), "thread %d uses the main thread's record",
           t->index);
    pthread_barrier_wait(w->barrier);
    /* Even threads clear their record; odd threads must not notice. */
    if (t->index % 2 == 0) sl_error_clear();
    pthread_barrier_wait(w->barrier);
    if (t->index % 2 == 0) {
      const sl_error *record = sl_error_last();
      WCHECK(t, record->code == SL_OK && record->message[0] == '\0' && record->path[0] == '\0' &&
                    record->line == 0 && record->column == 0,
             "round %d: not cleared: %d '%s' [%s]", round, record->code, record->message,
             record->path);
    } else {
      check_own_error(t, &e, round, "after other threads cleared theirs");
    }
    /* A successful call keeps the record. */
    int32_t sections = 0;
    WCHECK_STATUS(t, sl_layout_get_section_count(w->shared, &sections), SL_OK);
    if (t->index % 2 == 1) check_own_error(t, &e, round, "after a successful call");
    pthread_barrier_wait(w->barrier); /* nobody starts the next round before all have checked */
  }
  sl_layout_destroy(unsolved);
  sl_error_clear();
  return NULL;
}

static void test_thread_local_errors(void) {
  sl_layout *shared = create_config_layout();
  CHECK(shared != NULL, "cannot create the layout");
  if (shared == NULL) return;
  CHECK_STATUS(sl_layout_set_container_size(shared, 393, 852), SL_OK);

  /* The main thread's own error must survive everything the workers do. */
  int64_t count;
  CHECK_STATUS(sl_layout_get_item_count(shared, 4242, &count), SL_ERANGE);
  const sl_error *mine = sl_error_last();
  char message[1024];
  snprintf(message, sizeof message, "%s", mine->message);
  CHECK(strstr(message, "4242") != NULL, "message '%s' lacks the section index", message);

  pthread_barrier_t barrier;
  pthread_barrier_init(&barrier, NULL, ERROR_THREADS);
  const sl_error *records[ERROR_THREADS] = {0};
  error_worker workers[ERROR_THREADS];
  pthread_t threads[ERROR_THREADS];
  int started = 0;
  for (int i = 0; i < ERROR_THREADS; i++) {
    workers[i] = (error_worker){{i, 0, 0}, &barrier, shared, records, mine, iterations(100)};
    if (pthread_create(&threads[i], NULL, error_worker_main, &workers[i]) != 0) break;
    started++;
  }
  if (started != ERROR_THREADS) {
    fprintf(stderr, "test_threads: cannot start threads\n");
    exit(1);
  }
  for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
  pthread_barrier_destroy(&barrier);
  for (int i = 0; i < started; i++) merge_tally(&workers[i].t, "thread-local errors");

  CHECK(sl_error_last() == mine, "the main thread's record moved");
  CHECK(mine->code == SL_ERANGE && strcmp(mine->path, "section") == 0 &&
            strcmp(mine->message, message) == 0,
        "the main thread's error changed to %d '%s' [%s]", mine->code, mine->message, mine->path);
  sl_error_clear();
  sl_layout_destroy(shared);
}

/* ---------------------------------------------------------------------------------------------
 * (d) Measured cells, many readers
 * ------------------------------------------------------------------------------------------- */

#define MEASURED_READERS 6
/* The scenarios, and one long list and grid measured all over (a page of measured sizes per
 * 128 cells: lookups that cross pages). */
#define MEASURED_LAYOUTS (sizeof SCENARIOS / sizeof SCENARIOS[0] + 1)

static const char LONG_MEASURED[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 700}},"
    " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}},"
    " \"sections\": [{\"itemCount\": 20000, \"group\": {\"group\": \"vertical\","
    "  \"layoutSize\": " SIZE(FW(1), EST(44)) ", \"subitems\": [{\"layoutSize\": "
    SIZE(FW(1), EST(44)) "}]}},"
    " {\"itemCount\": 6000, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
    SIZE(FW(1), ABS(60)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(0.25), EST(60)) "}]}}]}";

static const char *measured_name(size_t k) {
  return k < MEASURED_LAYOUTS - 1 ? SCENARIOS[k].name : "long list and grid";
}

/* The layout of scenario `k` with its sizes reported, or NULL. */
static sl_layout *measured_layout(size_t k) {
  if (k < MEASURED_LAYOUTS - 1) {
    sl_layout *layout = scenario_layout(&SCENARIOS[k]);
    int reports = report_count(SCENARIOS[k].reports, 6);
    if (layout != NULL && scenario_report(layout, SCENARIOS[k].reports, reports) != reports) {
      sl_layout_destroy(layout);
      return NULL;
    }
    return layout;
  }
  sl_layout *layout = NULL;
  if (sl_layout_create(LONG_MEASURED, strlen(LONG_MEASURED), &layout) != SL_OK) return NULL;
  int ok = 1;
  for (int64_t item = 0; ok && item < 20000; item += 37)
    ok = sl_layout_report_item_size(layout, 0, item, 390, 10 + (double)(item % 97), NULL) == SL_OK;
  for (int64_t item = 5; ok && item < 6000; item += 41)
    ok = sl_layout_report_item_size(layout, 1, item, 90, 20 + (double)(item % 83), NULL) == SL_OK;
  if (!ok) {
    sl_layout_destroy(layout);
    return NULL;
  }
  return layout;
}

typedef struct measured_reader {
  tally t;
  pthread_barrier_t *start;
  sl_layout *const *layouts;
  const query_digest *expected;
  int rounds;
} measured_reader;

static void *measured_reader_main(void *argument) {
  measured_reader *w = argument;
  pthread_barrier_wait(w->start);
  for (int round = 0; round < w->rounds; round++) {
    for (size_t k = 0; k < MEASURED_LAYOUTS; k++) {
      /* Each thread in its own order, so that different layouts and queries meet. */
      size_t which = (k + (size_t)w->t.index * 5 + (size_t)round) % MEASURED_LAYOUTS;
      query_digest digest;
      memset(&digest, 0, sizeof digest);
      digest_layout(&digest, w->layouts[which]);
      const query_digest *expected = &w->expected[which];
      WCHECK(&w->t, !digest.failed && digest.length == expected->length &&
                        memcmp(digest.text, expected->text, digest.length) == 0,
             "%s: the answers differ from the main thread's", measured_name(which));
      digest_free(&digest);
    }
  }
  sl_error_clear();
  return NULL;
}

static void test_measured_layouts(void) {
  sl_layout *layouts[MEASURED_LAYOUTS];
  query_digest expected[MEASURED_LAYOUTS];
  memset(expected, 0, sizeof expected);
  for (size_t k = 0; k < MEASURED_LAYOUTS; k++) {
    layouts[k] = measured_layout(k);
    CHECK(layouts[k] != NULL, "%s: cannot create the layout or report its sizes: %s",
          measured_name(k), sl_error_last()->message);
    if (layouts[k] == NULL) exit(1);
    /* Scrolled, so that anchors, pinned headers and orthogonal rows are in play. */
    CHECK_STATUS(sl_layout_set_scroll_offset(layouts[k], SL_SCROLL_MAIN, 211.25), SL_OK);
    digest_layout(&expected[k], layouts[k]);
    CHECK(!expected[k].failed && expected[k].length > 0, "%s: no digest", measured_name(k));
  }
  pthread_barrier_t start;
  pthread_barrier_init(&start, NULL, MEASURED_READERS);
  measured_reader readers[MEASURED_READERS];
  pthread_t threads[MEASURED_READERS];
  int started = 0;
  for (int i = 0; i < MEASURED_READERS; i++) {
    readers[i] = (measured_reader){{i, 0, 0}, &start, layouts, expected, iterations(10)};
    if (pthread_create(&threads[i], NULL, measured_reader_main, &readers[i]) != 0) break;
    started++;
  }
  if (started != MEASURED_READERS) {
    fprintf(stderr, "test_threads: cannot start threads\n");
    exit(1);
  }
  for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
  pthread_barrier_destroy(&start);
  for (int i = 0; i < started; i++) merge_tally(&readers[i].t, "measured layouts");
  for (size_t k = 0; k < MEASURED_LAYOUTS; k++) {
    /* Nothing the readers did changed a layout. */
    query_digest after;
    memset(&after, 0, sizeof after);
    digest_layout(&after, layouts[k]);
    CHECK(digest_equal(&after, &expected[k], measured_name(k)), "%s: the layout changed",
          measured_name(k));
    digest_free(&after);
    digest_free(&expected[k]);
    sl_layout_destroy(layouts[k]);
  }
}

int main(void) {
  test_independent_layouts();
  test_shared_layout();
  test_thread_local_errors();
  test_measured_layouts();
  return test_finish("test_threads");
}
