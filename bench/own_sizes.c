/*
 * own_sizes.c — the benchmark's figures for items with sizes of their own (issue 19;
 * docs/PERFORMANCE.md, "Own sizes"), each against a plain-C floor measured in the same run
 * (bench/own_sizes_floors.c):
 *
 *   - every row of a 1e6-row self-sizing list (self_sizing_config: rows estimated at 44 pt)
 *     reported once, in item order (a first layout, the host measuring cells as they come) and
 *     in random order, against C keeping the heights and a Fenwick tree of the rows' lengths;
 *     the slowest single reports against the slowest of a C loop as long as the mean report,
 *     timed alone the same way (the machine's own tail: interrupts, the hypervisor);
 *   - a flow section of 1e6 tags (40 ... 200 pt wide, 32 tall) given its sizes by
 *     sl_layout_set_item_sizes in chunks of 4,096 and of 256 and in one call, against C
 *     copying the sizes, breaking the same lines and summing their lengths;
 *   - every frame of both, in one call and in chunks, against a C walk over those lines;
 *   - viewport queries over both at 1e3 ... 1e6 items, against a binary search of the lines;
 *   - the memory an item of its own size keeps, at the peak and after (child processes).
 *
 *   build/bench --own-sizes   only these rows (about 26 s; with --quick about 1.5 s)
 *
 * Every floor is checked against the library before it is timed: content heights, every frame
 * of the frame rows, every element of the queried rects, in the quick run too.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "own_sizes.h"
#include "snaplayout.h"

#define OWN_ITEMS 1000000
#define CHUNK 4096 /* items per sl_layout_set_item_sizes or sl_layout_get_item_frames call */

static double *random_heights(int64_t n) {
  double *height = xmalloc((size_t)n * sizeof *height);
  for (int64_t i = 0; i < n; i++) height[i] = 20 + (double)(rng_next() % 721) / 4;
  return height;
}

/* A flow section of `n` tags whose itemSize, 100 x 40, no tag has (so every one is of its own
 * size; FLOW-LAYOUT.md F13). */
static void flow_config(config_text *out, int64_t n) {
  int length = snprintf(out->text, sizeof out->text,
                        "{\"version\": 1,"
                        " \"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
                        " \"flowLayout\": {\"itemSize\": {\"width\": 100, \"height\": 40},"
                        " \"sectionInset\": {\"top\": 0, \"left\": 16, \"bottom\": 0, "
                        "\"right\": 16}},"
                        " \"sections\": [{\"itemCount\": %" PRId64 "}]}",
                        n);
  if (length < 0 || (size_t)length >= sizeof out->text) die("config buffer too small");
  out->length = (size_t)length;
}

static sl_size *random_tags(int64_t n) {
  sl_size *sizes = xmalloc((size_t)n * sizeof *sizes);
  for (int64_t i = 0; i < n; i++) {
    sizes[i].width = 40 + (double)(rng_next() % 161);
    sizes[i].height = 32;
  }
  return sizes;
}

static sl_layout *make_list(int64_t n) {
  config_text config;
  self_sizing_config(&config, n);
  return make_layout(&config);
}

/* A flow layout of `n` tags given `sizes` in one call. */
static sl_layout *make_sized_flow(const sl_size *sizes, int64_t n) {
  config_text config;
  flow_config(&config, n);
  sl_layout *layout = make_layout(&config);
  SL_CHECK(sl_layout_set_item_sizes(layout, 0, 0, sizes, (size_t)n, NULL));
  return layout;
}

/* ---------------------------------------------------------------------------------------------
 * Memory: the growth of the resident set while items get sizes, at its peak (VmHWM, reset to
 * the current RSS through /proc/self/clear_refs) and after, in a child process each
 * ------------------------------------------------------------------------------------------- */

typedef struct memory_result {
  double peak, after; /* bytes per item */
} memory_result;

static double status_bytes(const char *key) {
  FILE *file = fopen("/proc/self/status", "r");
  char line[256];
  double kib = NAN;
  size_t length = strlen(key);
  if (!file) die("cannot open /proc/self/status");
  while (fgets(line, sizeof line, file))
    if (strncmp(line, key, length) == 0) kib = strtod(line + length, NULL);
  fclose(file);
  if (isnan(kib)) die("no such line in /proc/self/status");
  return kib * 1024;
}

/* The resident set now, after making it the peak. */
static double reset_peak(void) {
  FILE *file = fopen("/proc/self/clear_refs", "w");
  if (!file || fputs("5", file) == EOF || fclose(file) != 0)
    die("cannot reset the peak RSS (/proc/self/clear_refs)");
  return status_bytes("VmRSS:");
}

static void finish_memory(double rss0, int64_t n, void *out) {
  memory_result *result = out;
  result->peak = (status_bytes("VmHWM:") - rss0) / (double)n;
  result->after = (status_bytes("VmRSS:") - rss0) / (double)n;
}

/* Every row of a fresh list reported, in order. */
static void list_memory_child(int64_t n, void *out) {
  sl_layout *layout = make_list(n);
  SL_CHECK(sl_layout_report_item_size(layout, 0, 0, LINE_LENGTH, 44, NULL)); /* warm-up */
  SL_CHECK(sl_layout_reset_item_size(layout, 0, 0, NULL));
  double rss0 = reset_peak();
  for (int64_t item = 0; item < n; item++)
    SL_CHECK(sl_layout_report_item_size(layout, 0, item, LINE_LENGTH,
                                        20 + (double)(rng_next() % 721) / 4, NULL));
  finish_memory(rss0, n, out);
}

/* Every tag of a fresh flow sized, in chunks (arg = 2n) or in one call (2n + 1). The host's
 * sizes are in memory before the baseline: only the library's growth counts. */
static void flow_memory_child(int64_t arg, void *out) {
  int64_t n = arg / 2;
  int one_call = (int)(arg % 2);
  config_text config;
  flow_config(&config, n);
  sl_layout *layout = make_layout(&config);
  sl_size *sizes = random_tags(one_call ? n : CHUNK);
  double rss0 = reset_peak();
  if (one_call) {
    SL_CHECK(sl_layout_set_item_sizes(layout, 0, 0, sizes, (size_t)n, NULL));
  } else {
    for (int64_t first = 0; first < n; first += CHUNK) {
      int64_t count = n - first < CHUNK ? n - first : CHUNK;
      for (int64_t i = 0; i < count; i++) sizes[i].width = 40 + (double)(rng_next() % 161);
      SL_CHECK(sl_layout_set_item_sizes(layout, 0, first, sizes, (size_t)count, NULL));
    }
  }
  finish_memory(rss0, n, out);
}

static void add_memory_rows(const char *what, const memory_result *m, const char *label) {
  char name[64];
  stats peak = {m->peak, NAN}, after = {m->after, NAN};
  snprintf(name, sizeof name, "peak memory per item, %s", what);
  set_target(add_row(name, label, peak, "B/item"), "<= 24 B", m->peak <= 24);
  snprintf(name, sizeof name, "memory per item after, %s", what);
  add_row(name, label, after, "B/item");
}

/* Measured before the other figures (and in make bench with bench_memory), while the heap is
 * small: a child reusing freed pages of its parent would show less growth than there is. */
void bench_own_sizes_memory(void) {
  int64_t n = quick ? 100000 : OWN_ITEMS;
  const char *label = count_label(n);
  memory_result list, chunks, one_call;
  part = PART_OWN_SIZES;
  run_in_child(list_memory_child, n, &list, sizeof list);
  run_in_child(flow_memory_child, 2 * n, &chunks, sizeof chunks);
  run_in_child(flow_memory_child, 2 * n + 1, &one_call, sizeof one_call);
  add_memory_rows("list reports", &list, label);
  add_memory_rows("flow, chunks", &chunks, label);
  add_memory_rows("flow, one call", &one_call, label);
}

/* ---------------------------------------------------------------------------------------------
 * Reporting every row once
 * ------------------------------------------------------------------------------------------- */

#define BATCH 4096 /* reports per timed batch */

typedef struct pass_result {
  stats library, floor; /* ns per report, over batches */
  double slowest_permille, slowest; /* single library reports, ns */
  /* The machine's own tail: a C loop as long as the batch's mean report, timed alone the same
   * way after each batch (interrupts, the hypervisor and page faults land in single timings
   * whatever the code; the slowest 0.1% of a 1.2 us loop measured 9-10 us on a KVM guest). */
  double loop_permille, loop_slowest; /* ns */
} pass_result;

/* Dependent floating-point steps, `steps` of them: a loop whose time is only its own. */
static double spin(long steps) {
  double a = 1;
  for (long k = 0; k < steps; k++) a = a * 1.0000001 + 1e-9;
  return a;
}

/* Steps of spin() per nanosecond, on this machine now (the fastest of 5 runs of 1 ms). */
static double spin_rate(void) {
  double best = 0;
  for (int r = 0; r < 5; r++) {
    double t0 = now_ns();
    sink = spin(300000);
    double rate = 300000 / (now_ns() - t0);
    if (rate > best) best = rate;
  }
  return best;
}

static int compare_floats(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/*
 * Reports every row of a fresh list once, in `order` (NULL: item order), BATCH at a time, each
 * batch of the library followed by the same batch of the floor. The figures are the batches'
 * means; each library report is also timed alone for the slowest (a clock read, ~25 ns, is in
 * those).
 */
static pass_result report_pass(sl_layout *layout, list_floor *f, const int64_t *order,
                               const double *height) {
  int64_t n = f->n, batches = (n + BATCH - 1) / BATCH;
  double *library = xmalloc((size_t)batches * sizeof *library);
  double *floor_ns = xmalloc((size_t)batches * sizeof *floor_ns);
  float *single = xmalloc((size_t)n * sizeof *single);
  float *loop = xmalloc((size_t)n * sizeof *loop);
  double rate = spin_rate();
  double adjustments = 0;
  sl_size_report report;
  for (int64_t b = 0; b < batches; b++) {
    int64_t start = b * BATCH, end = start + BATCH < n ? start + BATCH : n;
    double t0 = now_ns(), t = t0;
    for (int64_t k = start; k < end; k++) {
      int64_t item = order ? order[k] : k;
      SL_CHECK(sl_layout_report_item_size(layout, 0, item, LINE_LENGTH, height[item], &report));
      double t1 = now_ns();
      single[k] = (float)(t1 - t);
      t = t1;
      adjustments += report.main_offset_adjustment;
    }
    library[b] = (t - t0) / (double)(end - start);
    t0 = now_ns();
    for (int64_t k = start; k < end; k++) {
      int64_t item = order ? order[k] : k;
      list_floor_report(f, item, height[item]);
    }
    floor_ns[b] = (now_ns() - t0) / (double)(end - start);
    /* The same number of loops as long as this batch's mean report, each timed alone. */
    long steps = (long)(library[b] * rate);
    t = now_ns();
    for (int64_t k = start; k < end; k++) {
      sink = spin(steps);
      double t1 = now_ns();
      loop[k] = (float)(t1 - t);
      t = t1;
    }
  }
  sink = adjustments + f->total;
  pass_result result;
  result.library = summarize(library, (int)batches);
  result.floor = summarize(floor_ns, (int)batches);
  qsort(single, (size_t)n, sizeof *single, compare_floats);
  result.slowest_permille = single[n - 1 - n / 1000];
  result.slowest = single[n - 1];
  qsort(loop, (size_t)n, sizeof *loop, compare_floats);
  result.loop_permille = loop[n - 1 - n / 1000];
  result.loop_slowest = loop[n - 1];
  free(library);
  free(floor_ns);
  free(single);
  free(loop);
  return result;
}

/*
 * Reports every row of a fresh list once in item order with sl_layout_report_item_sizes,
 * `per_call` rows a call, timed BATCH rows at a time (a whole number of calls), each batch
 * followed by the floor's same batch. Figures are ns per row.
 */
static pass_result report_calls_pass(sl_layout *layout, list_floor *f, const double *height,
                                     int64_t per_call) {
  int64_t n = f->n, batches = (n + BATCH - 1) / BATCH;
  double *library = xmalloc((size_t)batches * sizeof *library);
  double *floor_ns = xmalloc((size_t)batches * sizeof *floor_ns);
  sl_size *sizes = xmalloc((size_t)BATCH * sizeof *sizes);
  double adjustments = 0;
  sl_size_report report;
  for (int64_t b = 0; b < batches; b++) {
    int64_t start = b * BATCH, end = start + BATCH < n ? start + BATCH : n;
    for (int64_t k = start; k < end; k++) sizes[k - start] = (sl_size){LINE_LENGTH, height[k]};
    double t0 = now_ns();
    for (int64_t first = start; first < end; first += per_call) {
      int64_t count = end - first < per_call ? end - first : per_call;
      SL_CHECK(sl_layout_report_item_sizes(layout, 0, first, sizes + (first - start),
                                           (size_t)count, &report));
      adjustments += report.main_offset_adjustment;
    }
    library[b] = (now_ns() - t0) / (double)(end - start);
    t0 = now_ns();
    for (int64_t k = start; k < end; k++) list_floor_report(f, k, height[k]);
    floor_ns[b] = (now_ns() - t0) / (double)(end - start);
  }
  sink = adjustments + f->total;
  pass_result result = {summarize(library, (int)batches), summarize(floor_ns, (int)batches),
                        NAN, NAN, NAN, NAN};
  free(library);
  free(floor_ns);
  free(sizes);
  return result;
}

/* The floor keeps what the library keeps: the content height and where rows start. */
static void check_reports(const sl_layout *layout, const list_floor *f) {
  check_content_height(layout, f->total, "list reports");
  for (int i = 0; i < 1024; i++) {
    int64_t item = i == 0 ? f->n - 1 : (int64_t)(rng_next() % (uint64_t)f->n);
    sl_rect frame, mine = {LEADING, list_floor_start(f, item), LINE_LENGTH, f->height[item]};
    SL_CHECK(sl_layout_get_item_frame(layout, 0, item, &frame));
    check_frames(&frame, &mine, 1, "list reports");
  }
}

static void add_pass_rows(const char *order, const pass_result *p, const char *label) {
  char name[64];
  snprintf(name, sizeof name, "report each row once, %s", order);
  row *r = add_row(name, label, p->library, "ns/report");
  r->ratio = p->library.median / p->floor.median;
  set_target(r, "<= 1.5x floor, <= 5 us", r->ratio <= 1.5 && p->library.median <= 5000);
  snprintf(name, sizeof name, "floor: C heights + Fenwick, %s", order);
  add_row(name, label, p->floor, "ns/report");
  stats permille = {p->slowest_permille, NAN}, slowest = {p->slowest, NAN};
  snprintf(name, sizeof name, "  %s: slowest 0.1%% of reports", order);
  r = add_row(name, label, permille, "ns/report");
  r->ratio = p->slowest_permille / p->loop_permille;
  set_target(r, "<= 5 us", p->slowest_permille <= 5000);
  add_row("  floor: C loop of the mean report, slowest 0.1%", label,
          (stats){p->loop_permille, NAN}, "ns/report");
  snprintf(name, sizeof name, "  %s: slowest report", order);
  r = add_row(name, label, slowest, "ns/report");
  r->ratio = p->slowest / p->loop_slowest;
  set_target(r, "<= 5 us", p->slowest <= 5000);
  add_row("  floor: C loop of the mean report, slowest", label, (stats){p->loop_slowest, NAN},
          "ns/report");
}

/* Both passes; returns the list measured in item order, every row measured. */
static sl_layout *bench_reports(const double *height, int64_t n, const char *label) {
  list_floor f;
  sl_layout *in_order = make_list(n);
  list_floor_init(&f, n);
  pass_result first = report_pass(in_order, &f, NULL, height);
  check_reports(in_order, &f);
  list_floor_free(&f);

  int64_t *order = xmalloc((size_t)n * sizeof *order);
  for (int64_t i = 0; i < n; i++) order[i] = i;
  for (int64_t i = n - 1; i > 0; i--) {
    int64_t j = (int64_t)(rng_next() % (uint64_t)(i + 1)), swap = order[i];
    order[i] = order[j];
    order[j] = swap;
  }
  sl_layout *shuffled = make_list(n);
  list_floor_init(&f, n);
  pass_result random = report_pass(shuffled, &f, order, height);
  check_reports(shuffled, &f);
  list_floor_free(&f);
  sl_layout_destroy(shuffled);
  free(order);

  /* Many rows a call (sl_layout_report_item_sizes): a screenful, and a page of the host's
     measurements. */
  static const int64_t PER_CALL[] = {16, BATCH};
  pass_result calls[2];
  for (int c = 0; c < 2; c++) {
    sl_layout *layout = make_list(n);
    list_floor_init(&f, n);
    calls[c] = report_calls_pass(layout, &f, height, PER_CALL[c]);
    check_reports(layout, &f);
    list_floor_free(&f);
    sl_layout_destroy(layout);
  }

  add_pass_rows("in order", &first, label);
  add_pass_rows("random order", &random, label);
  for (int c = 0; c < 2; c++) {
    char name[64];
    snprintf(name, sizeof name, "report rows %lld a call, in order", (long long)PER_CALL[c]);
    row *r = add_row(name, label, calls[c].library, "ns/row");
    r->ratio = calls[c].library.median / calls[c].floor.median;
    set_target(r, "<= 1.5x floor", r->ratio <= 1.5);
    snprintf(name, sizeof name, "floor: C heights + Fenwick, %lld a call", (long long)PER_CALL[c]);
    add_row(name, label, calls[c].floor, "ns/row");
  }
  return in_order;
}

/* ---------------------------------------------------------------------------------------------
 * Sizes in chunks and in one call
 * ------------------------------------------------------------------------------------------- */

typedef struct sizes_ctx {
  config_text config;
  const sl_size *sizes;
  int64_t n;
  int64_t chunk;        /* n: one call */
  double floor_height; /* the floor's content height, which the library's must equal */
} sizes_ctx;

/* Sizes every tag of a fresh layout (created, checked against the floor and destroyed
 * untimed). */
static double run_set_sizes(void *vctx, long iters) {
  const sizes_ctx *ctx = vctx;
  double elapsed = 0, adjustments = 0;
  sl_size_report report;
  for (long i = 0; i < iters; i++) {
    sl_layout *layout = make_layout(&ctx->config);
    double t0 = now_ns();
    for (int64_t first = 0; first < ctx->n; first += ctx->chunk) {
      int64_t count = ctx->n - first < ctx->chunk ? ctx->n - first : ctx->chunk;
      SL_CHECK(sl_layout_set_item_sizes(layout, 0, first, ctx->sizes + first, (size_t)count,
                                        &report));
      adjustments += report.main_offset_adjustment;
    }
    elapsed += now_ns() - t0;
    sink = adjustments;
    check_content_height(layout, ctx->floor_height,
                         ctx->chunk < ctx->n ? "flow sizes in chunks" : "flow sizes in one call");
    sl_layout_destroy(layout);
  }
  return elapsed;
}

static double run_build_floor(void *vctx, long iters) {
  const sizes_ctx *ctx = vctx;
  double elapsed = 0;
  for (long i = 0; i < iters; i++) {
    flow_floor f;
    double t0 = now_ns();
    flow_floor_build(&f, ctx->sizes, ctx->n);
    elapsed += now_ns() - t0;
    sink = flow_floor_height(&f);
    flow_floor_free(&f);
  }
  return elapsed;
}

/* One operation of each library run, each right after one of the floor, in interleaved
 * repetitions after a warm-up of each (one takes 20-50 ms at 1e6: calibrated repetitions would
 * add only time). The floor frees its 40 MB at the end of each of its runs and glibc gives the
 * top of its heap back to the system (its trim threshold), so the run after it grows the heap
 * again, ~2,000 fresh pages at 1e6 (7 ms on a virtual machine): each library run follows the
 * floor, so all pay that alike. With the floor once a repetition, the library run after it
 * paid it and the other did not, and the order of the two decided the ratio between them (1.25x one way, 0.88x the other; docs/PERFORMANCE.md, "Sizes
 * in chunks: the order of the runs"). Out: the `runs` library runs, then the floor (`runs`
 * samples a repetition). */
static void measure_after_floor(const timed_fn library[], void *const contexts[], int runs,
                                timed_fn floor_fn, void *floor_context, int repetitions,
                                stats out[]) {
  enum { MAX_RUNS = 3 };
  double values[MAX_RUNS + 1][MAX_RUNS * 64];
  if (runs > MAX_RUNS || repetitions > 64) die("measure_after_floor: too many runs");
  for (int k = 0; k < runs; k++) { /* warm-up */
    floor_fn(floor_context, 1);
    library[k](contexts[k], 1);
  }
  for (int rep = 0; rep < repetitions; rep++)
    for (int k = 0; k < runs; k++) {
      values[runs][runs * rep + k] = floor_fn(floor_context, 1) / 1e6;
      values[k][rep] = library[k](contexts[k], 1) / 1e6;
    }
  for (int k = 0; k < runs; k++) out[k] = summarize(values[k], repetitions);
  out[runs] = summarize(values[runs], runs * repetitions);
}

/* Sizes in chunks of CHUNK (a host's page of measurements) and of SHORT_CHUNK (a few screens
 * of tags a call), and in one call. */
#define SHORT_CHUNK 256

static void bench_set_sizes(const sl_size *sizes, const flow_floor *f, int64_t n,
                            const char *label) {
  static sizes_ctx chunks, short_chunks, one_call;
  chunks.sizes = one_call.sizes = sizes;
  chunks.n = one_call.n = n;
  chunks.chunk = CHUNK;
  one_call.chunk = n;
  flow_config(&chunks.config, n);
  one_call.config = chunks.config;
  /* The floor breaks the lines the library breaks: the same content height, both ways, at
   * every repetition. */
  chunks.floor_height = one_call.floor_height = flow_floor_height(f);
  short_chunks = chunks;
  short_chunks.chunk = SHORT_CHUNK;

  const timed_fn library[3] = {run_set_sizes, run_set_sizes, run_set_sizes};
  void *const contexts[3] = {&chunks, &short_chunks, &one_call};
  stats s[4];
  measure_after_floor(library, contexts, 3, run_build_floor, &one_call, reps, s);
  char name[64];
  const int chunk_lengths[2] = {CHUNK, SHORT_CHUNK};
  for (int k = 0; k < 2; k++) {
    snprintf(name, sizeof name, "set_item_sizes, flow, chunks of %d", chunk_lengths[k]);
    row *r = add_row(name, label, s[k], "ms");
    r->ratio = s[k].median / s[2].median;
    set_target(r, "<= 1.2x one call", r->ratio <= 1.2);
  }
  row *r = add_row("set_item_sizes, flow, one call", label, s[2], "ms");
  r->ratio = s[2].median / s[3].median;
  set_target(r, "<= 2x floor", r->ratio <= 2.0);
  add_row("floor: C copy + greedy lines + prefix sums", label, s[3], "ms");
}

/* ---------------------------------------------------------------------------------------------
 * All frames
 * ------------------------------------------------------------------------------------------- */

typedef struct frames_ctx {
  const sl_layout *layout;
  const flow_floor *flow; /* the floor of one of the two */
  const list_lines *list;
  int64_t n, chunk;
  sl_rect *out;
} frames_ctx;

static double run_frames(void *vctx, long iters) {
  const frames_ctx *ctx = vctx;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    for (int64_t first = 0; first < ctx->n; first += ctx->chunk)
      SL_CHECK(sl_layout_get_item_frames(
          ctx->layout, 0, first, ctx->n - first < ctx->chunk ? ctx->n - first : ctx->chunk,
          ctx->out + first));
  double elapsed = now_ns() - t0;
  sink = ctx->out[ctx->n / 2].y;
  return elapsed;
}

static double run_frames_floor(void *vctx, long iters) {
  const frames_ctx *ctx = vctx;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    for (int64_t first = 0; first < ctx->n; first += ctx->chunk) {
      int64_t count = ctx->n - first < ctx->chunk ? ctx->n - first : ctx->chunk;
      if (ctx->flow)
        flow_floor_frames(ctx->flow, first, count, ctx->out + first);
      else
        list_floor_frames(ctx->list, first, count, ctx->out + first);
    }
  double elapsed = now_ns() - t0;
  sink = ctx->out[ctx->n / 2].y;
  return elapsed;
}

static void bench_frames(const char *what, const sl_layout *layout, const flow_floor *flow,
                         const list_lines *list, int64_t n, const char *label) {
  sl_rect *lib = xmalloc((size_t)n * sizeof *lib), *mine = xmalloc((size_t)n * sizeof *mine);
  memset(lib, 0, (size_t)n * sizeof *lib); /* fault the pages in before timing */
  memset(mine, 0, (size_t)n * sizeof *mine);
  int64_t chunk_sizes[2] = {n, CHUNK};
  for (int c = 0; c < 2; c++) {
    frames_ctx ctx = {layout, flow, list, n, chunk_sizes[c], lib};
    frames_ctx floor_ctx = ctx;
    floor_ctx.out = mine;
    /* Every frame of the floor is the library's. */
    run_frames(&ctx, 1);
    run_frames_floor(&floor_ctx, 1);
    check_frames(lib, mine, n, what);
    /* The bench's repetitions (11; a pass over 1e6 frames takes 10-20 ms): with 5, one slow
     * phase of the machine in three of them moved the median by half (9.96 -> 16.57 ns). */
    stats s, floor_stats;
    measure_pair(run_frames, &ctx, (double)n, &s, run_frames_floor, &floor_ctx, (double)n,
                 &floor_stats);
    char name[64];
    if (c == 0)
      snprintf(name, sizeof name, "get_item_frames, %s, one call", what);
    else
      snprintf(name, sizeof name, "get_item_frames, %s, chunks of %d", what, CHUNK);
    row *r = add_row(name, label, s, "ns/frame");
    r->ratio = s.median / floor_stats.median;
    set_target(r, "<= 2x floor", r->ratio <= 2.0);
    snprintf(name, sizeof name, "floor: C walk over the %s, %s", flow ? "lines" : "rows",
             c == 0 ? "one call" : "chunks");
    add_row(name, label, floor_stats, "ns/frame");
  }
  free(lib);
  free(mine);
}

/* ---------------------------------------------------------------------------------------------
 * Viewport queries
 * ------------------------------------------------------------------------------------------- */

typedef struct query_ctx {
  const sl_layout *layout;
  const query_floor *floor;
  sl_rect rects[RECT_COUNT];
  sl_element *buffer;
} query_ctx;

static double run_queries(void *vctx, long iters) {
  const query_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    SL_CHECK(sl_layout_get_elements_in_rect(ctx->layout, ctx->rects[i & (RECT_COUNT - 1)],
                                            ctx->buffer, QUERY_CAPACITY, &count));
    total += count;
  }
  double elapsed = now_ns() - t0;
  sink = (double)total + ctx->buffer[0].frame.y;
  return elapsed;
}

static double run_queries_floor(void *vctx, long iters) {
  const query_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    if (floor_query(ctx->floor, ctx->rects[i & (RECT_COUNT - 1)], ctx->buffer, QUERY_CAPACITY,
                    &count) != SL_OK)
      die("floor_query failed");
    total += count;
  }
  double elapsed = now_ns() - t0;
  sink = (double)total + ctx->buffer[0].frame.y;
  return elapsed;
}

/* Random viewports of `layout`, checked against the floor and timed against it. */
static void bench_query(const char *what, const sl_layout *layout, const query_floor *q,
                        int64_t n, stats *floor_out, double *elements_out) {
  static query_ctx ctx;
  sl_size content;
  SL_CHECK(sl_layout_get_content_size(layout, &content));
  ctx.layout = layout;
  ctx.floor = q;
  ctx.buffer = xmalloc(QUERY_CAPACITY * sizeof *ctx.buffer);
  for (int i = 0; i < RECT_COUNT; i++) {
    sl_rect r = {0, rng_unit() * (content.height - VIEW_H), VIEW_W, VIEW_H};
    ctx.rects[i] = r;
  }
  *elements_out = check_query(layout, q, ctx.rects, RECT_COUNT, what);
  stats s;
  measure_pair(run_queries, &ctx, 1, &s, run_queries_floor, &ctx, 1, floor_out);
  char name[64];
  snprintf(name, sizeof name, "get_elements_in_rect 390x844, %s", what);
  row *r = add_row(name, count_label(n), s, "ns/query");
  r->ratio = s.median / floor_out->median;
  set_target(r, "<= 1.5x floor", r->ratio <= 1.5);
  free(ctx.buffer);
}

/* At each count, the measured list and the sized flow; the largest are the ones given. */
static void bench_queries_own(sl_layout *big_list, const list_lines *big_rows, sl_layout *big_flow,
                              const flow_floor *big_lines, int64_t n_max) {
  stats list_floor_stats = {NAN, NAN}, flow_floor_stats = {NAN, NAN};
  double list_elements = 0, flow_elements = 0;
  for (int k = 0; k < COUNT_COUNT && counts[k] <= n_max; k++) {
    int64_t n = counts[k];
    int largest = n == n_max;
    double *height = largest ? NULL : random_heights(n);
    sl_size *sizes = largest ? NULL : random_tags(n);
    list_lines rows;
    flow_floor lines;
    sl_layout *list = big_list, *flow = big_flow;
    if (!largest) {
      list = make_list(n);
      for (int64_t item = 0; item < n; item++)
        SL_CHECK(sl_layout_report_item_size(list, 0, item, LINE_LENGTH, height[item], NULL));
      list_lines_init(&rows, height, n);
      flow = make_sized_flow(sizes, n);
      flow_floor_build(&lines, sizes, n);
    }
    query_floor list_q = {largest ? big_rows : &rows, NULL, cell_z_index(list)};
    query_floor flow_q = {NULL, largest ? big_lines : &lines, cell_z_index(flow)};
    bench_query("measured list", list, &list_q, n, &list_floor_stats, &list_elements);
    bench_query("sized flow", flow, &flow_q, n, &flow_floor_stats, &flow_elements);
    if (!largest) {
      sl_layout_destroy(list);
      sl_layout_destroy(flow);
      free(rows.top);
      flow_floor_free(&lines);
      free(height);
      free(sizes);
    }
  }
  char name[64];
  const char *label = count_label(n_max);
  snprintf(name, sizeof name, "floor: C search + rows, list (%.1f elem)", list_elements);
  add_row(name, label, list_floor_stats, "ns/query");
  snprintf(name, sizeof name, "floor: C search + lines, flow (%.1f elem)", flow_elements);
  add_row(name, label, flow_floor_stats, "ns/query");
}

/* ---------------------------------------------------------------------------------------------
 * All of it
 * ------------------------------------------------------------------------------------------- */

void bench_own_sizes(void) {
  int64_t n = quick ? 100000 : OWN_ITEMS;
  const char *label = count_label(n);
  part = PART_OWN_SIZES;

  double *height = random_heights(n);
  sl_layout *list = bench_reports(height, n, label);
  list_lines rows;
  list_lines_init(&rows, height, n);

  sl_size *sizes = random_tags(n);
  flow_floor lines;
  flow_floor_build(&lines, sizes, n);
  bench_set_sizes(sizes, &lines, n, label);
  sl_layout *flow = make_sized_flow(sizes, n);
  check_content_height(flow, flow_floor_height(&lines), "flow sizes in one call");

  bench_frames("flow", flow, &lines, NULL, n, label);
  bench_frames("list", list, NULL, &rows, n, label);
  bench_queries_own(list, &rows, flow, &lines, n);

  sl_layout_destroy(list);
  sl_layout_destroy(flow);
  flow_floor_free(&lines);
  free(rows.top);
  free(sizes);
  free(height);
}
