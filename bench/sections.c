/*
 * sections.c — the benchmark's figures for layouts of many sections and many element kinds
 * (issue 16, defects 4 and 5; docs/PERFORMANCE.md, "Many sections and kinds"), each with a
 * floor measured in the same run:
 *
 *   - creating 100,000 plain sections (a group of three cells, item counts 1 to 50) against
 *     json-c's own parse and free of the same text;
 *   - the memory a plain section keeps (malloc's count of bytes in use after creating them)
 *     against json-c's tree of the same text, and the peak while creating against json-c's
 *     peak while parsing it;
 *   - one section inserted, deleted, moved and one cell measured, at 50,000 self-sizing list
 *     sections, against creating a layout of that one section (parsing, decoding and solving
 *     it: one section's work);
 *   - an item's frame and a viewport query after a change at the top (read through the section
 *     tree) against the same before it (plain arrays);
 *   - 1,000 sections of 100 kinds each: creating against json-c's parse, resizing against
 *     creating again.
 */
#include <inttypes.h>
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <json-c/json.h>

#include "bench.h"
#include "snaplayout.h"

/* A growing text. */
typedef struct text {
  char *bytes;
  size_t length, capacity;
} text;

static void append(text *t, const char *piece) {
  size_t length = strlen(piece);
  if (t->length + length + 1 > t->capacity) {
    size_t capacity = t->capacity ? t->capacity : 1 << 16;
    while (capacity < t->length + length + 1) capacity *= 2;
    char *bigger = realloc(t->bytes, capacity);
    if (!bigger) die("out of memory");
    t->bytes = bigger;
    t->capacity = capacity;
  }
  memcpy(t->bytes + t->length, piece, length + 1);
  t->length += length;
}

#define SIZE_JSON(w, h) "{\"widthDimension\": " w ", \"heightDimension\": " h "}"

/* A plain section: a group of three cells 44 pt tall, `items` items. */
static void plain_section(text *t, int items) {
  char head[64];
  snprintf(head, sizeof head, "{\"itemCount\": %d, ", items);
  append(t, head);
  append(t, "\"group\": {\"group\": \"horizontal\", \"layoutSize\": "
            SIZE_JSON("{\"fractionalWidth\": 1}", "{\"absolute\": 44}")
            ", \"subitem\": {\"layoutSize\": "
            SIZE_JSON("{\"fractionalWidth\": 1}", "{\"fractionalHeight\": 1}")
            "}, \"count\": 3}}");
}

/* A self-sizing list section: five rows, 44 pt estimates. */
static const char list_section[] =
    "{\"itemCount\": 5, \"interGroupSpacing\": 8, \"group\": {\"group\": \"vertical\", "
    "\"layoutSize\": " SIZE_JSON("{\"fractionalWidth\": 1}", "{\"estimated\": 44}")
    ", \"subitems\": [{\"layoutSize\": "
    SIZE_JSON("{\"fractionalWidth\": 1}", "{\"estimated\": 44}") "}]}}";

static const char environment[] =
    "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}}, \"sections\": [";

static text plain_config(int sections) {
  text t = {0};
  append(&t, environment);
  for (int s = 0; s < sections; s++) {
    if (s) append(&t, ",");
    plain_section(&t, 1 + s % 50);
  }
  append(&t, "]}");
  return t;
}

static text list_config(int sections) {
  text t = {0};
  append(&t, environment);
  for (int s = 0; s < sections; s++) {
    if (s) append(&t, ",");
    append(&t, list_section);
  }
  append(&t, "]}");
  return t;
}

/* `sections` sections with 100 headers of kinds of their own each. */
static text kinds_config(int sections) {
  text t = {0};
  char piece[160];
  append(&t, environment);
  for (int s = 0; s < sections; s++) {
    append(&t, s ? ",{\"itemCount\": 3, \"boundarySupplementaryItems\": ["
                 : "{\"itemCount\": 3, \"boundarySupplementaryItems\": [");
    for (int k = 0; k < 100; k++) {
      snprintf(piece, sizeof piece,
               "%s{\"elementKind\": \"s%d-k%d\", \"alignment\": \"top\", \"layoutSize\": ",
               k ? "," : "", s, k);
      append(&t, piece);
      append(&t, SIZE_JSON("{\"fractionalWidth\": 1}", "{\"absolute\": 1}") "}");
    }
    append(&t, "], \"group\": {\"group\": \"horizontal\", \"layoutSize\": "
               SIZE_JSON("{\"fractionalWidth\": 1}", "{\"absolute\": 44}")
               ", \"subitem\": {\"layoutSize\": "
               SIZE_JSON("{\"fractionalWidth\": 1}", "{\"fractionalHeight\": 1}")
               "}, \"count\": 3}}");
  }
  append(&t, "]}");
  return t;
}

static sl_layout *create(const text *config) {
  sl_layout *layout = NULL;
  SL_CHECK(sl_layout_create(config->bytes, config->length, &layout));
  return layout;
}

/* ---------------------------------------------------------------------------------------------
 * Creating, against json-c's parse of the same text
 * ------------------------------------------------------------------------------------------- */

static double run_create(void *ctx, long iters) {
  const text *config = ctx;
  double elapsed = 0;
  for (long i = 0; i < iters; i++) {
    double t0 = now_ns();
    sl_layout *layout = create(config);
    elapsed += now_ns() - t0;
    sl_layout_destroy(layout);
  }
  return elapsed;
}

static double run_parse(void *ctx, long iters) {
  const text *config = ctx;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    struct json_object *root = json_tokener_parse(config->bytes);
    if (!root) die("json-c cannot parse the configuration");
    json_object_put(root);
  }
  return now_ns() - t0;
}

/* Creates against parses, with at most three repetitions: one of 100,000 sections takes
   seconds. With `goal`, the target: within twice json-c's time, judged in the full run
   only (the goal is for 100,000 sections; at the quick run's 2,000, json-c parses from the
   cache). Returns the creation's figures. */
static stats creation_rows(const text *config, const char *label, const char *items, int goal) {
  int saved = reps;
  if (reps > 3) reps = 3;
  stats made, parsed;
  measure_pair(run_create, (void *)config, 1e6, &made, run_parse, (void *)config, 1e6, &parsed);
  reps = saved;
  row *r = add_row(label, items, made, "ms");
  r->ratio = made.median / parsed.median;
  if (goal && !quick) set_target(r, "<= 2x json-c", r->ratio <= 2);
  add_row("floor: json-c parse + free, same text", items, parsed, "ms");
  return made;
}

/* ---------------------------------------------------------------------------------------------
 * Memory, in child processes
 * ------------------------------------------------------------------------------------------- */

typedef struct memory_figures {
  double kept;   /* bytes in use after (per section) */
  double peak;   /* the process's peak resident set growth, bytes */
} memory_figures;

static double peak_bytes(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (double)usage.ru_maxrss * 1024.0;
}

/* Bytes malloc has handed out and not taken back: small chunks in the heap and large ones
   mapped on their own. */
static double bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (double)info.uordblks + (double)info.hblkhd;
}

/* The child gives the heap's free pages back first (malloc_trim), so that what it allocates
   is resident anew: the peak of its resident set while creating, less its resident set before,
   is what creating needed at most (code pages touched for the first time included, for
   json-c's floor as for the library). */
static void layout_memory_child(int64_t sections, void *out) {
  text config = plain_config((int)sections);
  malloc_trim(0);
  double resident = rss_bytes();
  double before = bytes_in_use();
  sl_layout *layout = create(&config);
  memory_figures figures = {(bytes_in_use() - before) / (double)sections,
                            peak_bytes() - resident};
  *(memory_figures *)out = figures;
  sl_layout_destroy(layout);
}

static void tree_memory_child(int64_t sections, void *out) {
  text config = plain_config((int)sections);
  malloc_trim(0);
  double resident = rss_bytes();
  double before = bytes_in_use();
  struct json_object *root = json_tokener_parse(config.bytes);
  if (!root) die("json-c cannot parse the configuration");
  memory_figures figures = {(bytes_in_use() - before) / (double)sections,
                            peak_bytes() - resident};
  *(memory_figures *)out = figures;
  json_object_put(root);
}

static void memory_rows(int sections, const char *items) {
  memory_figures layout, tree;
  run_in_child(layout_memory_child, sections, &layout, sizeof layout);
  run_in_child(tree_memory_child, sections, &tree, sizeof tree);
  stats kept = {layout.kept, NAN};
  row *r = add_row("memory per plain section (malloc, kept)", items, kept, "B");
  r->ratio = layout.kept / tree.kept;
  set_target(r, "<= 1024 B", layout.kept <= 1024);
  stats tree_kept = {tree.kept, NAN};
  add_row("floor: json-c tree per section, same text", items, tree_kept, "B");
  stats peak = {layout.peak / 1048576.0, NAN};
  add_row("peak RSS growth while creating", items, peak, "MiB")->ratio = layout.peak / tree.peak;
  stats tree_peak = {tree.peak / 1048576.0, NAN};
  add_row("floor: peak RSS growth, json-c parse", items, tree_peak, "MiB");
}

/* ---------------------------------------------------------------------------------------------
 * Section changes, against one section's work
 * ------------------------------------------------------------------------------------------- */

typedef struct change_ctx {
  sl_layout *layout;
  int32_t middle;
  text one; /* a layout of one list section: the floor */
} change_ctx;

static double run_insert(void *vctx, long iters) {
  change_ctx *ctx = vctx;
  static const char json[] = "[" "{\"itemCount\": 5, \"interGroupSpacing\": 8, \"group\": "
                             "{\"group\": \"vertical\", \"layoutSize\": "
      SIZE_JSON("{\"fractionalWidth\": 1}", "{\"estimated\": 44}")
      ", \"subitems\": [{\"layoutSize\": "
      SIZE_JSON("{\"fractionalWidth\": 1}", "{\"estimated\": 44}") "}]}}" "]";
  sl_size_report report;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    SL_CHECK(sl_layout_insert_sections(ctx->layout, ctx->middle, json, sizeof json - 1, &report));
  double elapsed = now_ns() - t0;
  SL_CHECK(sl_layout_delete_sections(ctx->layout, ctx->middle, (int32_t)iters, &report));
  return elapsed;
}

static double run_delete(void *vctx, long iters) {
  change_ctx *ctx = vctx;
  sl_size_report report;
  text json = {0};
  append(&json, "[");
  for (long i = 0; i < iters; i++) {
    if (i) append(&json, ",");
    append(&json, list_section);
  }
  append(&json, "]");
  SL_CHECK(sl_layout_insert_sections(ctx->layout, ctx->middle, json.bytes, json.length, &report));
  free(json.bytes);
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    SL_CHECK(sl_layout_delete_sections(ctx->layout, ctx->middle, 1, &report));
  return now_ns() - t0;
}

static double run_move(void *vctx, long iters) {
  change_ctx *ctx = vctx;
  sl_size_report report;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    int32_t a = ctx->middle, b = ctx->middle + 7;
    SL_CHECK(sl_layout_move_section(ctx->layout, i % 2 ? b : a, i % 2 ? a : b, &report));
  }
  return now_ns() - t0;
}

static double run_report(void *vctx, long iters) {
  change_ctx *ctx = vctx;
  sl_size_report report;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    SL_CHECK(sl_layout_report_item_size(ctx->layout, ctx->middle, i % 5, 390,
                                        50 + (double)(i % 7), &report));
  return now_ns() - t0;
}

static double run_one_section(void *vctx, long iters) {
  change_ctx *ctx = vctx;
  return run_create(&ctx->one, iters);
}

static void change_rows(int sections, const char *items) {
  text config = list_config(sections);
  change_ctx ctx = {create(&config), sections / 2, {0}};
  free(config.bytes);
  append(&ctx.one, environment);
  append(&ctx.one, list_section);
  append(&ctx.one, "]}");
  static const struct {
    const char *label;
    timed_fn fn;
  } changes[] = {
      {"insert one section (JSON) in the middle", run_insert},
      {"delete one section in the middle", run_delete},
      {"move one section in the middle", run_move},
      {"report one cell's size, middle section", run_report},
  };
  stats floor = {INFINITY, INFINITY};
  for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
    stats change, one;
    measure_pair(changes[i].fn, &ctx, 1e3, &change, run_one_section, &ctx, 1e3, &one);
    row *r = add_row(changes[i].label, items, change, "us");
    r->ratio = change.median / one.median;
    /* The goal: the changed section's own work plus O(log sections). */
    set_target(r, "<= 2x one section", r->ratio <= 2);
    if (one.median < floor.median) floor = one;
  }
  add_row("floor: create a layout of that one section", "1", floor, "us");
  sl_layout_destroy(ctx.layout);
  free(ctx.one.bytes);
}

/* ---------------------------------------------------------------------------------------------
 * Reads after a change near the top (through the tree) against before it (plain arrays)
 * ------------------------------------------------------------------------------------------- */

#define READS 1024

typedef struct read_ctx {
  sl_layout *layout;
  int32_t sections[READS];
  sl_rect rects[READS];
  sl_element *buffer;
} read_ctx;

static volatile double read_sink;

static double run_frames(void *vctx, long iters) {
  read_ctx *ctx = vctx;
  double sum = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    sl_rect frame;
    SL_CHECK(sl_layout_get_item_frame(ctx->layout, ctx->sections[i % READS], 2, &frame));
    sum += frame.y;
  }
  double elapsed = now_ns() - t0;
  read_sink = sum;
  return elapsed;
}

static double run_viewports(void *vctx, long iters) {
  read_ctx *ctx = vctx;
  size_t count = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    SL_CHECK(sl_layout_get_elements_in_rect(ctx->layout, ctx->rects[i % READS], ctx->buffer, 256,
                                            &count));
  double elapsed = now_ns() - t0;
  read_sink = (double)count;
  return elapsed;
}

static void read_rows(int sections, const char *items) {
  text config = list_config(sections);
  read_ctx flat = {create(&config), {0}, {{0, 0, 0, 0}}, xmalloc(256 * sizeof(sl_element))};
  read_ctx tree = {create(&config), {0}, {{0, 0, 0, 0}}, flat.buffer};
  free(config.bytes);
  sl_size_report report;
  /* A cell of section 1 measured: every section after it reads through the tree. */
  SL_CHECK(sl_layout_report_item_size(tree.layout, 1, 0, 390, 60, &report));
  sl_size content;
  SL_CHECK(sl_layout_get_content_size(flat.layout, &content));
  uint64_t state = 12345;
  for (int i = 0; i < READS; i++) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    int32_t section = 2 + (int32_t)((state >> 33) % (uint64_t)(sections - 2));
    flat.sections[i] = tree.sections[i] = section;
    sl_section_info info;
    SL_CHECK(sl_layout_get_section_info(flat.layout, section, &info));
    flat.rects[i] = tree.rects[i] = (sl_rect){0, info.frame.y, 390, 844};
  }
  stats before, after;
  measure_pair(run_frames, &tree, 1, &after, run_frames, &flat, 1, &before);
  add_row("get_item_frame after a change at the top", items, after, "ns/call")->ratio =
      after.median / before.median;
  add_row("baseline: get_item_frame, no change", items, before, "ns/call");
  measure_pair(run_viewports, &tree, 1, &after, run_viewports, &flat, 1, &before);
  add_row("get_elements_in_rect after a change at top", items, after, "ns/query")->ratio =
      after.median / before.median;
  add_row("baseline: get_elements_in_rect, no change", items, before, "ns/query");
  sl_layout_destroy(flat.layout);
  sl_layout_destroy(tree.layout);
  free(flat.buffer);
}

/* ---------------------------------------------------------------------------------------------
 * Many kinds
 * ------------------------------------------------------------------------------------------- */

static double run_resize(void *ctx, long iters) {
  sl_layout *layout = ctx;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    SL_CHECK(sl_layout_set_container_size(layout, i % 2 ? 390 : 844, i % 2 ? 844 : 390));
  return now_ns() - t0;
}

/* The least time of a few resizes of a layout of `config`, and of creating it again. */
static void resize_figures(const text *config, stats *resize, stats *again) {
  sl_layout *layout = create(config);
  int saved = reps;
  if (reps > 5) reps = 5;
  measure_pair(run_resize, layout, 1e6, resize, run_create, (void *)config, 1e6, again);
  reps = saved;
  sl_layout_destroy(layout);
}

/* A growth row: the cost per kind at 4x the kinds over the cost at 1x (least times), about 1
   when kinds cost O(1) each and 4 when each costs O(kinds) (defect 4: a linear scan). */
static void growth_row(const char *label, const char *items, double small, double large) {
  stats growth = {large / (small * 4), NAN};
  set_target(add_row(label, items, growth, "x"), "< 2 (flat)", growth.median < 2);
}

static void kind_rows(int sections, const char *items) {
  text little = kinds_config(sections / 4), config = kinds_config(sections);
  char label[64];
  snprintf(label, sizeof label, "create, %d sections x 100 kinds", sections);
  creation_rows(&config, label, items, 0);
  stats resize, again;
  resize_figures(&config, &resize, &again);
  snprintf(label, sizeof label, "set_container_size, %d x 100 kinds", sections);
  add_row(label, items, resize, "ms")->ratio = resize.median / again.median;
  add_row("baseline: create again (rebuild)", items, again, "ms");
  /* The same at a quarter of the sections (and kinds), creations interleaved. */
  int saved = reps;
  if (reps > 3) reps = 3;
  stats made, made_little;
  measure_pair(run_create, &little, 1e6, &made_little, run_create, &config, 1e6, &made);
  reps = saved;
  stats resize_little, again_little;
  resize_figures(&little, &resize_little, &again_little);
  growth_row("create: cost per kind at 4x the kinds", items, made_little.min, made.min);
  growth_row("set_container_size: per kind at 4x kinds", items, resize_little.min, resize.min);
  free(little.bytes);
  free(config.bytes);
}

void bench_sections(void) {
  part = PART_SECTIONS;
  int many = quick ? 2000 : 100000;
  int changed = quick ? 1000 : 50000;
  const char *many_label = quick ? "2e3" : "1e5";
  const char *changed_label = quick ? "1e3" : "5e4";
  text config = plain_config(many);
  char label[64];
  snprintf(label, sizeof label, "create, %d plain sections (%.1f MB)", many,
           (double)config.length / 1e6);
  creation_rows(&config, label, many_label, 1);
  free(config.bytes);
  memory_rows(many, many_label);
  change_rows(changed, changed_label);
  read_rows(changed, changed_label);
  kind_rows(quick ? 100 : 1000, quick ? "1e2" : "1e3");
}
