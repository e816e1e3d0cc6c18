/*
 * test_handlers.c — changes from inside a visible-items handler (snaplayout.h, "Visible-items
 * handlers"; docs/C-API.md): every function that changes a layout, called from a handler of
 * that layout, returns SL_ESTATE with a message naming it (sl_layout_destroy sets the record and
 * destroys nothing), the layout is unchanged and the query that called the handler answers as
 * if the call had not been made. The same call outside the handler succeeds, so the refusal
 * comes from the handler rule. Then nesting (a handler that queries its own layout or another
 * one with handlers of its own), handlers that change other layouts, and another thread that
 * changes its own layout while a handler waits.
 */
/* It checks the deprecated sl_layout_{set,get}_section_offset() on purpose: they keep working. */
#define SL_NO_DEPRECATED_WARNINGS
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "test_support.h"

/* Section 0: a self-sizing list with an estimated header, its handler's section; section 1: an
 * orthogonal carousel; section 2: a fixed list. */
static const char GRID_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"sections\": ["
    "  {\"itemCount\": 12, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
    SIZE(FW(1), "{\"estimated\": 50}") ", \"subitems\": [{\"layoutSize\": "
    SIZE(FW(1), "{\"estimated\": 50}") "}]},"
    "   \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\","
    "     \"layoutSize\": " SIZE(FW(1), "{\"estimated\": 40}") "}]},"
    "  {\"itemCount\": 10, \"orthogonalScrollingBehavior\": \"continuous\", \"group\": {"
    "   \"group\": \"horizontal\", \"layoutSize\": " SIZE(ABS(100), ABS(100)) ","
    "   \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}},"
    "  {\"itemCount\": 20, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
    SIZE(FW(1), ABS(44)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}}]}";

/* A list (its handler's section) above a groupPaging carousel, for sl_layout_jump_to_snap. */
static const char PAGED_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"sections\": ["
    "  {\"itemCount\": 3, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
    SIZE(FW(1), ABS(44)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}},"
    "  {\"itemCount\": 10, \"orthogonalScrollingBehavior\": \"groupPaging\", \"group\": {"
    "   \"group\": \"horizontal\", \"layoutSize\": " SIZE(ABS(100), ABS(100)) ","
    "   \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}}]}";

/* A flow layout, for sl_layout_set_item_sizes. */
static const char FLOW_JSON[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
    " \"flowLayout\": {\"itemSize\": {\"width\": 100, \"height\": 40}},"
    " \"sections\": [{\"itemCount\": 30}, {\"itemCount\": 5}]}";

static const char SECTION_JSON[] =
    "[{\"itemCount\": 3, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
    SIZE(FW(1), ABS(30)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}}]";
static const char ONE_SECTION_JSON[] =
    "{\"itemCount\": 3, \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
    SIZE(FW(1), ABS(30)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}}";

static const sl_rect EVERYTHING = {-1e6, -1e6, 2e6, 2e6};

static int32_t header_kind(sl_layout *layout) {
  int32_t kind = -2;
  CHECK_STATUS(sl_layout_find_element_kind(layout, "header", &kind), SL_OK);
  return kind;
}

/* Every function of the header that changes a layout, with arguments valid for its layout. */
static void noop_handler(void *user_data, const sl_visible_items_context *context,
                         sl_element *elements, size_t count) {
  (void)user_data, (void)context, (void)elements, (void)count;
}
static int set_container_size(sl_layout *l) { return sl_layout_set_container_size(l, 400, 800); }
static int set_section_offset(sl_layout *l) { return sl_layout_set_section_offset(l, 1, 50); }
static int set_scroll_offset(sl_layout *l) {
  return sl_layout_set_scroll_offset(l, SL_SCROLL_MAIN, 100);
}
static int jump_to_snap(sl_layout *l) { return sl_layout_jump_to_snap(l, 1, 3); }
static int scroll_input(sl_layout *l) {
  sl_scroll_input event = {SL_SCROLL_INPUT_VERSION, SL_INPUT_TOUCHPAD, 0, 0, 5, 1};
  sl_scroll_input_result result;
  return sl_layout_scroll_input(l, SL_SCROLL_MAIN, &event, NULL, 0, &result);
}
static int set_visible_items_handler(sl_layout *l) {
  return sl_layout_set_visible_items_handler(l, 2, noop_handler, NULL);
}
static int report_item_size(sl_layout *l) {
  return sl_layout_report_item_size(l, 0, 1, 390, 80, NULL);
}
static int report_item_sizes(sl_layout *l) {
  sl_size sizes[3] = {{390, 80}, {390, 90}, {390, 100}};
  return sl_layout_report_item_sizes(l, 0, 1, sizes, 3, NULL);
}
static int reset_item_size(sl_layout *l) { return sl_layout_reset_item_size(l, 0, 1, NULL); }
static int report_supplementary_size(sl_layout *l) {
  return sl_layout_report_supplementary_size(l, 0, header_kind(l), 390, 60, NULL);
}
static int reset_supplementary_size(sl_layout *l) {
  return sl_layout_reset_supplementary_size(l, 0, header_kind(l), NULL);
}
static int set_item_sizes(sl_layout *l) {
  sl_size sizes[2] = {{150, 70}, {30, 20}};
  return sl_layout_set_item_sizes(l, 0, 3, sizes, 2, NULL);
}
static int set_item_count(sl_layout *l) { return sl_layout_set_item_count(l, 0, 5, NULL); }
static int insert_items(sl_layout *l) { return sl_layout_insert_items(l, 0, 0, 3, NULL); }
static int delete_items(sl_layout *l) { return sl_layout_delete_items(l, 0, 0, 3, NULL); }
static int move_item(sl_layout *l) { return sl_layout_move_item(l, 0, 0, 2, 0, NULL); }
static int insert_sections(sl_layout *l) {
  return sl_layout_insert_sections(l, 0, SECTION_JSON, strlen(SECTION_JSON), NULL);
}
static int delete_sections(sl_layout *l) { return sl_layout_delete_sections(l, 0, 3, NULL); }
static int move_section(sl_layout *l) { return sl_layout_move_section(l, 0, 2, NULL); }
static int replace_section(sl_layout *l) {
  return sl_layout_replace_section(l, 0, ONE_SECTION_JSON, strlen(ONE_SECTION_JSON), NULL);
}
/* sl_layout_destroy returns nothing: its status is the error record's. */
static int destroy(sl_layout *l) {
  sl_error_clear();
  sl_layout_destroy(l);
  return sl_error_last()->code;
}

typedef struct change {
  const char *name;
  int (*call)(sl_layout *);
  const char *json;
} change;

static const change CHANGES[] = {
    {"sl_layout_set_container_size", set_container_size, GRID_JSON},
    {"sl_layout_set_section_offset", set_section_offset, GRID_JSON},
    {"sl_layout_set_scroll_offset", set_scroll_offset, GRID_JSON},
    {"sl_layout_jump_to_snap", jump_to_snap, PAGED_JSON},
    {"sl_layout_scroll_input", scroll_input, GRID_JSON},
    {"sl_layout_set_visible_items_handler", set_visible_items_handler, GRID_JSON},
    {"sl_layout_report_item_size", report_item_size, GRID_JSON},
    {"sl_layout_report_item_sizes", report_item_sizes, GRID_JSON},
    {"sl_layout_reset_item_size", reset_item_size, GRID_JSON},
    {"sl_layout_report_supplementary_size", report_supplementary_size, GRID_JSON},
    {"sl_layout_reset_supplementary_size", reset_supplementary_size, GRID_JSON},
    {"sl_layout_set_item_sizes", set_item_sizes, FLOW_JSON},
    {"sl_layout_set_item_count", set_item_count, GRID_JSON},
    {"sl_layout_insert_items", insert_items, GRID_JSON},
    {"sl_layout_delete_items", delete_items, GRID_JSON},
    {"sl_layout_move_item", move_item, GRID_JSON},
    {"sl_layout_insert_sections", insert_sections, GRID_JSON},
    {"sl_layout_delete_sections", delete_sections, GRID_JSON},
    {"sl_layout_move_section", move_section, GRID_JSON},
    {"sl_layout_replace_section", replace_section, GRID_JSON},
    {"sl_layout_destroy", destroy, GRID_JSON},
};
#define CHANGE_COUNT (sizeof CHANGES / sizeof CHANGES[0])

/* What a handler did: the call it made (once per query) and what came back. */
typedef struct attempt {
  sl_layout *target;
  int (*call)(sl_layout *);
  int made;
  int status;
  int code;
  char message[1024];
  char path[64];
} attempt;

static void make(attempt *a) {
  a->made++;
  a->status = a->call(a->target);
  const sl_error *e = sl_error_last();
  a->code = e->code;
  snprintf(a->message, sizeof a->message, "%s", e->message);
  snprintf(a->path, sizeof a->path, "%s", e->path);
}

static void attempting_handler(void *user_data, const sl_visible_items_context *context,
                               sl_element *elements, size_t count) {
  (void)context;
  attempt *a = user_data;
  /* What a handler may do: change the elements it is given. */
  for (size_t i = 0; i < count; i++) elements[i].alpha = 0.5;
  if (a->call != NULL && a->made == 0) make(a);
}

/* The elements of `layout` in EVERYTHING, malloc'd; *count receives their number. */
static sl_element *query(sl_layout *layout, size_t *count) {
  *count = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, EVERYTHING, NULL, 0, count), SL_OK);
  sl_element *elements = calloc(*count + 1, sizeof *elements);
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, EVERYTHING, elements, *count, count),
               SL_OK);
  return elements;
}

static char *json_of(sl_layout *layout) {
  char *text = NULL;
  CHECK_STATUS(sl_layout_copy_json(layout, NULL, &text, NULL), SL_OK);
  return text != NULL ? text : calloc(1, 1);
}

static void check_refused(const attempt *a, const char *name) {
  CHECK(a->made == 1, "%s: the handler ran %d times", name, a->made);
  CHECK(a->status == SL_ESTATE, "%s from inside a handler returned %d (%s)", name, a->status,
        a->message);
  CHECK(a->code == SL_ESTATE, "%s: error record code %d", name, a->code);
  CHECK(strstr(a->message, name) != NULL && strstr(a->message, "visible-items handler") != NULL,
        "%s: message '%s'", name, a->message);
  CHECK(strcmp(a->path, "layout") == 0, "%s: path '%s'", name, a->path);
}

/* Each change from inside a handler of its layout: refused, and nothing changes. */
static void test_every_change_refused(void) {
  for (size_t c = 0; c < CHANGE_COUNT; c++) {
    const change *ch = &CHANGES[c];
    sl_layout *layout = create_layout(ch->json);
    if (layout == NULL) continue;
    attempt a = {layout, NULL, 0, 0, 0, "", ""};
    CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 0, attempting_handler, &a), SL_OK);
    size_t before_count = 0;
    sl_element *before = query(layout, &before_count);
    char *before_json = json_of(layout);

    a.call = ch->call;
    size_t during_count = 0;
    sl_element *during = query(layout, &during_count);
    check_refused(&a, ch->name);
    CHECK(during_count == before_count &&
              memcmp(during, before, before_count * sizeof *before) == 0,
          "%s: the query answered %zu elements (%zu before) or others", ch->name, during_count,
          before_count);
    char *after_json = json_of(layout);
    CHECK(strcmp(after_json, before_json) == 0, "%s: the layout changed", ch->name);
    free(after_json);

    /* Outside the handler the same call succeeds: the refusal was the handler rule. */
    a.call = NULL;
    if (ch->call == destroy) {
      sl_error_clear();
      sl_layout_destroy(layout);
      CHECK(sl_error_last()->code == SL_OK, "destroy outside a handler set an error");
    } else {
      sl_error_clear();
      CHECK(ch->call(layout) == SL_OK, "%s outside a handler failed: %s", ch->name,
            sl_error_last()->message);
      after_json = json_of(layout);
      CHECK(strcmp(after_json, before_json) != 0 || ch->call == reset_item_size ||
                ch->call == reset_supplementary_size || ch->call == set_visible_items_handler,
            "%s changed nothing outside a handler either", ch->name);
      free(after_json);
      sl_layout_destroy(layout);
    }
    free(before);
    free(during);
    free(before_json);
  }
}

/* The case: deleting every section from inside the handler. */
static void test_delete_everything(void) {
  sl_layout *layout = create_layout(GRID_JSON);
  if (layout == NULL) return;
  attempt a = {layout, NULL, 0, 0, 0, "", ""};
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 0, attempting_handler, &a), SL_OK);
  size_t before_count = 0;
  free(query(layout, &before_count));
  a.call = delete_sections;
  size_t count = 0;
  sl_element *elements = query(layout, &count);
  check_refused(&a, "sl_layout_delete_sections");
  int32_t sections = 0;
  CHECK_STATUS(sl_layout_get_section_count(layout, &sections), SL_OK);
  CHECK(count == before_count && sections == 3, "%zu elements, %d sections", count, sections);
  free(elements);
  sl_layout_destroy(layout);
}

/* Nesting. X's handler queries Y, whose handler tries to change X and Y; then X's handler tries
 * to change X again (Y's return must not unmark X) and changes Z, which is in no handler. */
typedef struct nesting {
  sl_layout *x, *y, *z;
  int x_calls, y_calls;
  int y_changes_x, y_changes_y, x_changes_x_after, x_changes_z, x_reads_x;
  int inner_x_changes_x;
} nesting;

static void y_handler(void *user_data, const sl_visible_items_context *context,
                      sl_element *elements, size_t count) {
  (void)context, (void)elements, (void)count;
  nesting *n = user_data;
  if (n->y_calls++ > 0) return;
  n->y_changes_x = sl_layout_set_scroll_offset(n->x, SL_SCROLL_MAIN, 10);
  n->y_changes_y = sl_layout_set_scroll_offset(n->y, SL_SCROLL_MAIN, 10);
}

static void x_handler(void *user_data, const sl_visible_items_context *context,
                      sl_element *elements, size_t count) {
  (void)context, (void)elements, (void)count;
  nesting *n = user_data;
  int depth = n->x_calls++;
  if (depth == 1) {
    /* The inner call of X's own query, from X's handler. */
    n->inner_x_changes_x = sl_layout_set_scroll_offset(n->x, SL_SCROLL_MAIN, 10);
    return;
  }
  if (depth > 1) return;
  size_t got = 0;
  sl_element buffer[64];
  sl_layout_get_elements_in_rect(n->y, EVERYTHING, buffer, 64, &got);
  /* Reading its own layout from its handler is allowed (and calls the handler again). */
  n->x_reads_x = sl_layout_get_elements_in_rect(n->x, EVERYTHING, buffer, 64, &got);
  n->x_changes_x_after = sl_layout_set_scroll_offset(n->x, SL_SCROLL_MAIN, 10);
  n->x_changes_z = sl_layout_set_scroll_offset(n->z, SL_SCROLL_MAIN, 10);
}

static void test_nesting(void) {
  nesting n;
  memset(&n, 0, sizeof n);
  n.x = create_layout(GRID_JSON);
  n.y = create_layout(GRID_JSON);
  n.z = create_layout(GRID_JSON);
  if (!n.x || !n.y || !n.z) return;
  CHECK_STATUS(sl_layout_set_visible_items_handler(n.x, 0, x_handler, &n), SL_OK);
  CHECK_STATUS(sl_layout_set_visible_items_handler(n.y, 0, y_handler, &n), SL_OK);
  size_t count = 0;
  free(query(n.x, &count));
  CHECK(n.x_calls == 2 && n.y_calls == 1, "handler calls: x %d, y %d", n.x_calls, n.y_calls);
  CHECK(n.y_changes_x == SL_ESTATE, "Y's handler changed X, whose handler called it: %d",
        n.y_changes_x);
  CHECK(n.y_changes_y == SL_ESTATE, "Y's handler changed Y: %d", n.y_changes_y);
  CHECK(n.x_reads_x == SL_OK, "X's handler could not read X: %d", n.x_reads_x);
  CHECK(n.inner_x_changes_x == SL_ESTATE, "the inner handler of X changed X: %d",
        n.inner_x_changes_x);
  CHECK(n.x_changes_x_after == SL_ESTATE, "X unmarked by a nested handler's return: %d",
        n.x_changes_x_after);
  CHECK(n.x_changes_z == SL_OK, "X's handler could not change Z: %d", n.x_changes_z);
  double offset = 0;
  CHECK_STATUS(sl_layout_get_scroll_offset(n.z, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK(offset == 10, "Z's offset %g", offset);
  /* After the query every mark is gone. */
  CHECK_STATUS(sl_layout_set_scroll_offset(n.x, SL_SCROLL_MAIN, 20), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(n.y, SL_SCROLL_MAIN, 20), SL_OK);
  sl_layout_destroy(n.x);
  sl_layout_destroy(n.y);
  sl_layout_destroy(n.z);
}

/* Per thread: while a handler of X waits on one thread, another changes a layout of its own. */
typedef struct waiting {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  int inside, released;
  sl_layout *x;
} waiting;

static void waiting_handler(void *user_data, const sl_visible_items_context *context,
                            sl_element *elements, size_t count) {
  (void)context, (void)elements, (void)count;
  waiting *w = user_data;
  pthread_mutex_lock(&w->lock);
  if (w->inside++ == 0) {
    pthread_cond_broadcast(&w->changed);
    while (!w->released) pthread_cond_wait(&w->changed, &w->lock);
  }
  pthread_mutex_unlock(&w->lock);
}

static void *query_x(void *argument) {
  waiting *w = argument;
  size_t count = 0;
  sl_element buffer[64];
  return (void *)(intptr_t)sl_layout_get_elements_in_rect(w->x, EVERYTHING, buffer, 64, &count);
}

static void test_other_threads(void) {
  waiting w;
  memset(&w, 0, sizeof w);
  pthread_mutex_init(&w.lock, NULL);
  pthread_cond_init(&w.changed, NULL);
  w.x = create_layout(GRID_JSON);
  sl_layout *y = create_layout(GRID_JSON);
  if (!w.x || !y) return;
  CHECK_STATUS(sl_layout_set_visible_items_handler(w.x, 0, waiting_handler, &w), SL_OK);
  pthread_t thread;
  CHECK(pthread_create(&thread, NULL, query_x, &w) == 0, "pthread_create");
  pthread_mutex_lock(&w.lock);
  while (!w.inside) pthread_cond_wait(&w.changed, &w.lock);
  pthread_mutex_unlock(&w.lock);
  /* X's handler runs on the other thread: this one changes Y, and a layout it makes. */
  CHECK_STATUS(sl_layout_set_scroll_offset(y, SL_SCROLL_MAIN, 30), SL_OK);
  CHECK_STATUS(sl_layout_insert_items(y, 0, 0, 2, NULL), SL_OK);
  sl_layout *mine = create_layout(FLOW_JSON);
  CHECK_STATUS(sl_layout_set_container_size(mine, 320, 480), SL_OK);
  sl_layout_destroy(mine);
  pthread_mutex_lock(&w.lock);
  w.released = 1;
  pthread_cond_broadcast(&w.changed);
  pthread_mutex_unlock(&w.lock);
  void *status = NULL;
  pthread_join(thread, &status);
  CHECK((int)(intptr_t)status == SL_OK, "the other thread's query returned %d",
        (int)(intptr_t)status);
  sl_layout_destroy(w.x);
  sl_layout_destroy(y);
  pthread_cond_destroy(&w.changed);
  pthread_mutex_destroy(&w.lock);
}

int main(void) {
  test_every_change_refused();
  test_delete_everything();
  test_nesting();
  test_other_threads();
  return test_finish("test_handlers");
}
