/*
 * bench.c — SnapLayout benchmark, through the public C interface only.
 *
 *   make bench            full run: 11 repetitions of >= 20 ms each (about 75 s)
 *   build/bench --quick   smoke test: 3 repetitions of >= 2 ms each (about 3 s)
 *   build/bench --sections  only the many-sections and many-kinds figures (bench/sections.c, about 35 s)
 *
 * Every timing is the median (and minimum) of repeated runs. A run repeats the operation until
 * it takes at least target_ns, far above the resolution of clock_gettime(CLOCK_MONOTONIC)
 * (sl_layout_destroy: 0.2 ms, as each destroy needs an untimed create). Where an operation has
 * a floor — the same result computed with plain C arithmetic and written into the same buffer —
 * the floor is measured in the same run, repetitions interleaved with the library's, and the
 * table shows library / floor. The floors read their geometry from the library and are checked
 * to write exactly the library's elements before they are timed.
 *
 * Every figure of the performance report has a floor (docs/PERFORMANCE.md explains each):
 * create against json-c's own parse of the same text; a re-solve against creating the layout
 * again; frames, queries, enumeration, resolve and motion against C doing the same; a self-sizing
 * report + rect query against the rect query alone; dlopen + first call against the same for
 * libjson-c (each in a fresh process started from build/bench-dlopen, bench/dlopen_probe.c);
 * the stripped .so against libjson-c's; a layout's memory against json-c's tree of its text.
 * The table is printed in that order, whatever order the figures are measured in.
 *
 * The layouts are an App-Store-like configuration (about 2.8 KB of JSON):
 *   section 0  banner: groupPagingCentered carousel, 10 items with a badge each, a header
 *   section 1  3-column grid with a header and a background decoration, N items
 *   section 2  list with a header and a footer, N items
 * "items" in the table is N, the item count of the grid and of the list. The full enumeration
 * uses a layout holding only the grid section, with 1e6 items. Memory is measured first, in
 * child processes, so that every count starts from the same heap.
 *
 * Scrolling uses two more layouts: the card carousel (a horizontal main scroll of N cards
 * 320 pt wide, 327 apart, contentInset 34, item snapping, fast deceleration, one card per
 * gesture, optionally zooming its neighbours to 0.9), and the grid section alone with its main
 * scroll resting on rows. Their floors implement SnapLayout's standard rule and motion planning
 * in C for evenly spaced rest positions, and are checked against every release they time.
 *
 * This file is the harness (measurement, the results table, floors, main) and the creation, query
 * and memory scenarios; bench/sections.c, scrolling.c, self_sizing.c and load.c hold the others,
 * bench/bench.h what they share.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "bench.h"
#include "snaplayout.h"

/* ---------------------------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------------------------- */

void die(const char *what) {
  fprintf(stderr, "bench: %s\n", what);
  exit(1);
}

void die_status(int status, const char *call) {
  const sl_error *error = sl_error_last();
  fprintf(stderr, "bench: %s failed: %d (%s): %s [path: %s, line %d, column %d]\n", call, status,
          sl_status_string(status), error->message, error->path, (int)error->line,
          (int)error->column);
  exit(1);
}


void *xmalloc(size_t size) {
  void *memory = malloc(size);
  if (!memory) die("out of memory");
  return memory;
}

/* ---------------------------------------------------------------------------------------------
 * Clock, random numbers, memory
 * ------------------------------------------------------------------------------------------- */

double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

uint64_t rng_state = 0x9E3779B97F4A7C15u;

/* splitmix64: fixed seed, so every run queries the same positions. */
uint64_t rng_next(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
double rng_unit(void) { return (double)(rng_next() >> 11) * (1.0 / 9007199254740992.0); }

/* Resident set size in bytes, from /proc/self/statm. */
double rss_bytes(void) {
  FILE *file = fopen("/proc/self/statm", "r");
  unsigned long size = 0, resident = 0;
  if (!file) die("cannot open /proc/self/statm");
  if (fscanf(file, "%lu %lu", &size, &resident) != 2) die("cannot read /proc/self/statm");
  fclose(file);
  return (double)resident * (double)sysconf(_SC_PAGESIZE);
}

/* Page faults served without I/O so far (getrusage): each is a page touched for the first time. */
static double minor_faults(void) {
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) != 0) die("getrusage failed");
  return (double)usage.ru_minflt;
}

/* Keeps results alive so the compiler cannot drop the work that produced them. */
volatile double sink;

/* ---------------------------------------------------------------------------------------------
 * The configuration
 * ------------------------------------------------------------------------------------------- */

#define SECTION_BANNER 0
#define SECTION_GRID 1
#define SECTION_LIST 2

static const char *const banner_section =
    "{\"itemCount\": 10, \"orthogonalScrollingBehavior\": \"groupPagingCentered\",\n"
    " \"interGroupSpacing\": 10,\n"
    " \"contentInsets\": {\"top\": 8, \"leading\": 16, \"bottom\": 8, \"trailing\": 16},\n"
    " \"boundarySupplementaryItems\": [{\"elementKind\": \"banner-header\", \"alignment\": \"top\",\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 36}}}],\n"
    " \"group\": {\"group\": \"horizontal\",\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 0.88},"
    " \"heightDimension\": {\"absolute\": 280}},\n"
    "   \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"fractionalHeight\": 1}},\n"
    "     \"contentInsets\": {\"top\": 0, \"leading\": 4, \"bottom\": 0, \"trailing\": 4},\n"
    "     \"supplementaryItems\": [{\"elementKind\": \"badge\", \"zIndex\": 2,\n"
    "       \"layoutSize\": {\"widthDimension\": {\"absolute\": 24},"
    " \"heightDimension\": {\"absolute\": 24}},\n"
    "       \"containerAnchor\": {\"edges\": [\"top\", \"trailing\"],"
    " \"offset\": {\"x\": -8, \"y\": 8}}}]}]}}";

const char *const grid_section_format =
    "{\"itemCount\": %" PRId64 ", \"interGroupSpacing\": 12,\n"
    " \"contentInsets\": {\"top\": 8, \"leading\": 12, \"bottom\": 16, \"trailing\": 12},\n"
    " \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\",\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 44}}, \"zIndex\": 2}],\n"
    " \"decorationItems\": [{\"elementKind\": \"background\", \"zIndex\": -1,\n"
    "   \"contentInsets\": {\"top\": 4, \"leading\": 4, \"bottom\": 4, \"trailing\": 4}}],\n"
    " \"group\": {\"group\": \"horizontal\", \"count\": 3, \"interItemSpacing\": {\"fixed\": 8},\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"fractionalWidth\": 0.45}},\n"
    "   \"subitem\": {\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"fractionalHeight\": 1}},\n"
    "     \"contentInsets\": {\"top\": 2, \"leading\": 2, \"bottom\": 2, \"trailing\": 2}}}}";

static const char *const list_section_format =
    "{\"itemCount\": %" PRId64 ", \"interGroupSpacing\": 1,\n"
    " \"contentInsets\": {\"top\": 0, \"leading\": 16, \"bottom\": 0, \"trailing\": 16},\n"
    " \"boundarySupplementaryItems\": [\n"
    "   {\"elementKind\": \"header\", \"alignment\": \"top\",\n"
    "    \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 44}}},\n"
    "   {\"elementKind\": \"footer\", \"alignment\": \"bottom\",\n"
    "    \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 32}}}],\n"
    " \"group\": {\"group\": \"vertical\",\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 72}},\n"
    "   \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"fractionalHeight\": 1}}}]}}";

/* The App Store layout with `n` items in the grid and in the list. */
static void appstore_config(config_text *out, int64_t n) {
  char grid[1024], list[1024];
  int grid_length = snprintf(grid, sizeof grid, grid_section_format, n);
  int list_length = snprintf(list, sizeof list, list_section_format, n);
  if (grid_length < 0 || (size_t)grid_length >= sizeof grid || list_length < 0 ||
      (size_t)list_length >= sizeof list)
    die("config buffer too small");
  int length = snprintf(
      out->text, sizeof out->text,
      "{\"version\": 1,\n"
      " \"configuration\": {\"scrollDirection\": \"vertical\", \"interSectionSpacing\": 20},\n"
      " \"environment\": {\"container\": {\"width\": 390, \"height\": 844},\n"
      "   \"contentInsets\": {\"top\": 47, \"leading\": 0, \"bottom\": 34, \"trailing\": 0},\n"
      "   \"layoutDirection\": \"leftToRight\", \"displayScale\": 0},\n"
      " \"sections\": [\n%s,\n%s,\n%s]}\n",
      banner_section, grid, list);
  if (length < 0 || (size_t)length >= sizeof out->text) die("config buffer too small");
  out->length = (size_t)length;
}

/* A layout holding only the grid section, with `n` items. */
static void grid_config(config_text *out, int64_t n) {
  char grid[1024];
  int grid_length = snprintf(grid, sizeof grid, grid_section_format, n);
  if (grid_length < 0 || (size_t)grid_length >= sizeof grid) die("config buffer too small");
  int length = snprintf(out->text, sizeof out->text,
                        "{\"version\": 1,\n"
                        " \"environment\": {\"container\": {\"width\": 390, \"height\": 844}},\n"
                        " \"sections\": [\n%s]}\n",
                        grid);
  if (length < 0 || (size_t)length >= sizeof out->text) die("config buffer too small");
  out->length = (size_t)length;
}

/* Creates and sizes a layout; every status is checked. */
sl_layout *make_layout(const config_text *config) {
  sl_layout *layout = NULL;
  SL_CHECK(sl_layout_create(config->text, config->length, &layout));
  SL_CHECK(sl_layout_set_container_size(layout, VIEW_W, VIEW_H));
  return layout;
}

/* ---------------------------------------------------------------------------------------------
 * Measurement
 * ------------------------------------------------------------------------------------------- */

int reps = 11;
double target_ns = 20e6;
int quick = 0;

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

stats summarize(double *values, int count) {
  stats result;
  qsort(values, (size_t)count, sizeof *values, compare_doubles);
  result.min = values[0];
  result.median = count % 2 ? values[count / 2]
                            : 0.5 * (values[count / 2 - 1] + values[count / 2]);
  return result;
}

/* The number of operations that takes at least `target` ns. */
static long calibrate(timed_fn fn, void *ctx, double target) {
  long iters = 1;
  for (;;) {
    double elapsed = fn(ctx, iters);
    if (elapsed >= target) return iters;
    double scale = elapsed > 0 ? 1.2 * target / elapsed : 10.0;
    if (scale > 10.0) scale = 10.0;
    long next = (long)((double)iters * scale);
    iters = next > iters ? next : iters + 1;
  }
}

/*
 * Measures `a` (and `b`, when not NULL) in interleaved repetitions: a b a b ... so that a drift
 * in the machine's speed affects both alike. Results are in ns per unit, where one operation is
 * `units_a` (`units_b`) units.
 */
void measure_pair(timed_fn a, void *ctx_a, double units_a, stats *out_a, timed_fn b,
                         void *ctx_b, double units_b, stats *out_b) {
  double values_a[64], values_b[64];
  long iters_a = calibrate(a, ctx_a, target_ns);
  long iters_b = b ? calibrate(b, ctx_b, target_ns) : 0;
  a(ctx_a, iters_a); /* warm-up */
  if (b) b(ctx_b, iters_b);
  for (int rep = 0; rep < reps; rep++) {
    values_a[rep] = a(ctx_a, iters_a) / ((double)iters_a * units_a);
    if (b) values_b[rep] = b(ctx_b, iters_b) / ((double)iters_b * units_b);
  }
  *out_a = summarize(values_a, reps);
  if (b) *out_b = summarize(values_b, reps);
}

stats measure(timed_fn fn, void *ctx, double units) {
  stats result;
  measure_pair(fn, ctx, units, &result, NULL, NULL, 0, NULL);
  return result;
}

/*
 * Like measure(), for operations whose untimed setup is much slower than the operation itself
 * (destroy needs a create each): repetitions of at least `target` ns.
 */
static stats measure_short(timed_fn fn, void *ctx, double target) {
  double values[64];
  long iters = calibrate(fn, ctx, target);
  fn(ctx, iters);
  for (int rep = 0; rep < reps; rep++) values[rep] = fn(ctx, iters) / (double)iters;
  return summarize(values, reps);
}

/* ---------------------------------------------------------------------------------------------
 * The results table
 * ------------------------------------------------------------------------------------------- */

enum part part;

#define MAX_ROWS 128
static row rows[MAX_ROWS];
static int row_count;

row *add_row(const char *operation, const char *items, stats s, const char *unit) {
  if (row_count == MAX_ROWS) die("too many rows");
  row *r = &rows[row_count++];
  memset(r, 0, sizeof *r);
  r->part = part;
  snprintf(r->operation, sizeof r->operation, "%s", operation);
  snprintf(r->items, sizeof r->items, "%s", items);
  r->median = s.median;
  r->min = s.min;
  snprintf(r->unit, sizeof r->unit, "%s", unit);
  r->ratio = NAN;
  r->verdict = VERDICT_NONE;
  fprintf(stderr, ".");
  return r;
}

void set_target(row *r, const char *target, int pass) {
  snprintf(r->target, sizeof r->target, "%s", target);
  r->verdict = pass ? VERDICT_PASS : VERDICT_MISS;
}

static void format_number(char *out, size_t size, double value) {
  if (isnan(value))
    snprintf(out, size, "-");
  else if (fabs(value) >= 1000)
    snprintf(out, size, "%.0f", value);
  else if (fabs(value) >= 100)
    snprintf(out, size, "%.1f", value);
  else if (fabs(value) >= 10)
    snprintf(out, size, "%.2f", value);
  else
    snprintf(out, size, "%.3f", value);
}

static void print_row(const row *r) {
  char median[24], min[24], ratio[24];
  format_number(median, sizeof median, r->median);
  format_number(min, sizeof min, r->min);
  if (isnan(r->ratio))
    snprintf(ratio, sizeof ratio, "-");
  else
    snprintf(ratio, sizeof ratio, "%.2fx", r->ratio);
  const char *verdict = r->verdict == VERDICT_PASS ? "PASS" : r->verdict == VERDICT_MISS ? "MISS" : "";
  printf("| %-44s | %5s | %9s | %9s | %-8s | %8s | %-24s | %-7s |\n", r->operation, r->items,
         median, min, r->unit, ratio, r->target[0] ? r->target : "-", verdict);
}

static void print_table(void) {
  printf("| %-44s | %5s | %9s | %9s | %-8s | %8s | %-24s | %-7s |\n", "operation", "items",
         "median", "min", "unit", "vs floor", "target", "verdict");
  printf("|%s|%s|%s|%s|%s|%s|%s|%s|\n", "----------------------------------------------",
         "------:", "----------:", "----------:", "----------", "---------:",
         "--------------------------", "---------");
  for (int p = 0; p < PART_COUNT; p++)
    for (int i = 0; i < row_count; i++)
      if (rows[i].part == (enum part)p) print_row(&rows[i]);
}

const char *count_label(int64_t n) {
  switch (n) {
    case 10: return "10";
    case 1000: return "1e3";
    case 10000: return "1e4";
    case 100000: return "1e5";
    case 1000000: return "1e6";
    case 10000000: return "1e7";
    default: return "?";
  }
}

/* ---------------------------------------------------------------------------------------------
 * Floors: the same results computed with plain C arithmetic
 * ------------------------------------------------------------------------------------------- */

#define MAX_COLUMNS 8
#define MAX_STATIC 8

/*
 * A periodic section described for the floor: `columns` cells per row, cell c of row r at
 * (x[c], y0 + dy[c] + r * stride) with size w[c] x h[c]. The geometry is read from the library
 * (frames of the first items), so the floor writes exactly the frames the library writes.
 */
typedef struct grid_geometry {
  int32_t section;
  int columns;
  int64_t count;
  int64_t rows;
  double x[MAX_COLUMNS], dy[MAX_COLUMNS], w[MAX_COLUMNS], h[MAX_COLUMNS];
  double y0, stride, reach_low, reach_high;
  int32_t cell_z;
  /* Decorations (written before the cells) and boundary items (after), as the library orders. */
  sl_element before[MAX_STATIC];
  int before_count;
  sl_element after[MAX_STATIC];
  int after_count;
} grid_geometry;

int intersects(const sl_rect *a, const sl_rect *b) {
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height &&
         b->y < a->y + a->height;
}

void floor_put(sl_element *elements, size_t capacity, size_t *count, const sl_element *e) {
  if (*count < capacity) elements[*count] = *e;
  ++*count;
}

/* The floor of sl_layout_get_item_frame. */
static int floor_item_frame(const grid_geometry *g, int64_t item, sl_rect *out) {
  if (item < 0 || item >= g->count) return SL_ERANGE;
  int64_t row = item / g->columns;
  int column = (int)(item % g->columns);
  out->x = g->x[column];
  out->y = g->y0 + g->dy[column] + (double)row * g->stride;
  out->width = g->w[column];
  out->height = g->h[column];
  return SL_OK;
}

/* The floor of sl_layout_get_elements_in_rect for a rect inside one periodic section. */
static int floor_elements_in_rect(const grid_geometry *g, sl_rect rect, sl_element *elements,
                                  size_t capacity, size_t *out_count) {
  size_t count = 0;
  for (int i = 0; i < g->before_count; i++)
    if (intersects(&g->before[i].frame, &rect)) floor_put(elements, capacity, &count, &g->before[i]);
  double first = floor((rect.y - g->y0 - g->reach_high) / g->stride);
  double last = floor((rect.y + rect.height - g->y0 - g->reach_low) / g->stride);
  int64_t row_first = first < 0 ? 0 : (int64_t)first;
  int64_t row_last = last > (double)(g->rows - 1) ? g->rows - 1 : (int64_t)last;
  sl_element cell;
  memset(&cell, 0, sizeof cell);
  cell.transform.a = 1;
  cell.transform.d = 1;
  cell.alpha = 1;
  cell.section = g->section;
  cell.category = SL_ELEMENT_CELL;
  cell.kind = SL_KIND_CELL;
  cell.z_index = g->cell_z;
  for (int64_t row = row_first; row <= row_last; row++) {
    double y = g->y0 + (double)row * g->stride;
    for (int c = 0; c < g->columns; c++) {
      int64_t item = row * g->columns + c;
      if (item >= g->count) break;
      cell.frame.x = g->x[c];
      cell.frame.y = y + g->dy[c];
      cell.frame.width = g->w[c];
      cell.frame.height = g->h[c];
      if (!intersects(&cell.frame, &rect)) continue;
      cell.item = item;
      floor_put(elements, capacity, &count, &cell);
    }
  }
  for (int i = 0; i < g->after_count; i++)
    if (intersects(&g->after[i].frame, &rect)) floor_put(elements, capacity, &count, &g->after[i]);
  *out_count = count;
  return count <= capacity ? SL_OK : SL_EBUFS;
}

/* Called through volatile pointers so the compiler cannot inline or hoist the floors. */
static int (*volatile floor_item_frame_fn)(const grid_geometry *, int64_t, sl_rect *) =
    floor_item_frame;
static int (*volatile floor_rect_fn)(const grid_geometry *, sl_rect, sl_element *, size_t,
                                     size_t *) = floor_elements_in_rect;

static void add_static(grid_geometry *g, const sl_element *e) {
  sl_element *list = e->category == SL_ELEMENT_DECORATION ? g->before : g->after;
  int *count = e->category == SL_ELEMENT_DECORATION ? &g->before_count : &g->after_count;
  for (int i = 0; i < *count; i++)
    if (list[i].category == e->category && list[i].kind == e->kind) return;
  if (*count == MAX_STATIC) die("too many boundary items");
  list[(*count)++] = *e;
}

/* Reads a periodic section's geometry from the library. */
static void read_geometry(const sl_layout *layout, int32_t section, grid_geometry *g) {
  sl_section_info info;
  memset(g, 0, sizeof *g);
  SL_CHECK(sl_layout_get_section_info(layout, section, &info));
  if (info.orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE) die("floor: orthogonal section");
  if (info.items_per_group < 1 || info.items_per_group > MAX_COLUMNS) die("floor: group too big");
  if (info.item_count <= info.items_per_group) die("floor: too few items");
  g->section = section;
  g->columns = info.items_per_group;
  g->count = info.item_count;
  g->rows = info.group_count;
  sl_rect first, next;
  SL_CHECK(sl_layout_get_item_frame(layout, section, 0, &first));
  SL_CHECK(sl_layout_get_item_frame(layout, section, g->columns, &next));
  g->y0 = first.y;
  g->stride = next.y - first.y;
  g->reach_low = INFINITY;
  g->reach_high = -INFINITY;
  for (int c = 0; c < g->columns; c++) {
    sl_rect frame;
    SL_CHECK(sl_layout_get_item_frame(layout, section, c, &frame));
    g->x[c] = frame.x;
    g->dy[c] = frame.y - first.y;
    g->w[c] = frame.width;
    g->h[c] = frame.height;
    if (g->dy[c] < g->reach_low) g->reach_low = g->dy[c];
    if (g->dy[c] + g->h[c] > g->reach_high) g->reach_high = g->dy[c] + g->h[c];
  }
  /* Boundary items and decorations: whatever non-cell elements the section shows at its ends. */
  sl_element buffer[256];
  size_t count = 0;
  sl_rect ends[2] = {{0, info.frame.y, info.frame.width, 60},
                     {0, info.frame.y + info.frame.height - 60, info.frame.width, 60}};
  g->cell_z = 0;
  for (int i = 0; i < 2; i++) {
    SL_CHECK(sl_layout_get_elements_in_rect(layout, ends[i], buffer, 256, &count));
    for (size_t k = 0; k < count; k++) {
      if (buffer[k].section != section) continue;
      if (buffer[k].category == SL_ELEMENT_CELL)
        g->cell_z = buffer[k].z_index;
      else
        add_static(g, &buffer[k]);
    }
  }
}

/* Checks that the floor writes what the library writes for `rects`; aborts otherwise. */
static double check_floor(const sl_layout *layout, const grid_geometry *g, const sl_rect *rects,
                          int rect_count) {
  sl_element lib[512], mine[512];
  double total = 0;
  for (int i = 0; i < rect_count; i++) {
    size_t lib_count = 0, my_count = 0;
    SL_CHECK(sl_layout_get_elements_in_rect(layout, rects[i], lib, 512, &lib_count));
    if (floor_elements_in_rect(g, rects[i], mine, 512, &my_count) != SL_OK)
      die("floor: buffer too small");
    if (lib_count != my_count) {
      fprintf(stderr, "bench: floor writes %zu elements, the library %zu (rect y %.3f)\n",
              my_count, lib_count, rects[i].y);
      exit(1);
    }
    for (size_t k = 0; k < lib_count; k++) {
      const sl_element *a = &lib[k], *b = &mine[k];
      double tolerance = 1e-9 * (1 + fabs(a->frame.y));
      if (a->category != b->category || a->kind != b->kind || a->item != b->item ||
          a->section != b->section || a->z_index != b->z_index ||
          fabs(a->frame.x - b->frame.x) > tolerance || fabs(a->frame.y - b->frame.y) > tolerance ||
          fabs(a->frame.width - b->frame.width) > tolerance ||
          fabs(a->frame.height - b->frame.height) > tolerance) {
        fprintf(stderr,
                "bench: floor element %zu differs: library (cat %d item %" PRId64
                " y %.6f) floor (cat %d item %" PRId64 " y %.6f)\n",
                k, (int)a->category, a->item, a->frame.y, (int)b->category, b->item, b->frame.y);
        exit(1);
      }
    }
    total += (double)lib_count;
  }
  return total / rect_count;
}

/* ---------------------------------------------------------------------------------------------
 * Benchmarks
 * ------------------------------------------------------------------------------------------- */

#define CREATE_BATCH 64

typedef struct create_ctx {
  const config_text *config;
} create_ctx;

static double run_create(void *vctx, long iters) {
  const create_ctx *ctx = vctx;
  sl_layout *batch[CREATE_BATCH];
  double elapsed = 0;
  for (long done = 0; done < iters;) {
    long n = iters - done < CREATE_BATCH ? iters - done : CREATE_BATCH;
    double t0 = now_ns();
    for (long i = 0; i < n; i++) {
      int status = sl_layout_create(ctx->config->text, ctx->config->length, &batch[i]);
      if (status != SL_OK) die_status(status, "sl_layout_create");
    }
    elapsed += now_ns() - t0;
    for (long i = 0; i < n; i++) sl_layout_destroy(batch[i]);
    done += n;
  }
  return elapsed;
}

/* The floor of sl_layout_create: json-c's own parse of the same text, and the freeing of its tree
   (the library frees its json-c tree before create returns). */
static struct json_object *(*volatile jsonc_parse_fn)(const char *) = json_tokener_parse;

static double run_jsonc_parse(void *vctx, long iters) {
  const create_ctx *ctx = vctx;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    struct json_object *root = jsonc_parse_fn(ctx->config->text);
    if (!root) die("json-c cannot parse the configuration");
    json_object_put(root);
  }
  return now_ns() - t0;
}

/* Checks that json-c parses the text the library creates its layout from: a document with as
   many sections as the layout has. */
static void check_jsonc_floor(const config_text *config) {
  sl_layout *layout = NULL;
  int32_t sections = 0;
  SL_CHECK(sl_layout_create(config->text, config->length, &layout));
  SL_CHECK(sl_layout_get_section_count(layout, &sections));
  sl_layout_destroy(layout);
  if (strlen(config->text) != config->length) die("floor: the configuration holds a NUL");
  struct json_object *root = json_tokener_parse(config->text), *list = NULL;
  if (!root || !json_object_object_get_ex(root, "sections", &list) ||
      (int32_t)json_object_array_length(list) != sections)
    die("floor: json-c's document differs from the library's layout");
  json_object_put(root);
}

static double run_destroy(void *vctx, long iters) {
  const create_ctx *ctx = vctx;
  sl_layout *batch[CREATE_BATCH];
  double elapsed = 0;
  for (long done = 0; done < iters;) {
    long n = iters - done < CREATE_BATCH ? iters - done : CREATE_BATCH;
    for (long i = 0; i < n; i++) SL_CHECK(sl_layout_create(ctx->config->text, ctx->config->length,
                                                           &batch[i]));
    double t0 = now_ns();
    for (long i = 0; i < n; i++) sl_layout_destroy(batch[i]);
    elapsed += now_ns() - t0;
    done += n;
  }
  return elapsed;
}

typedef struct resize_ctx {
  sl_layout *layout;
} resize_ctx;

/* Alternates portrait and landscape so that every call really solves again. */
static double run_resize(void *vctx, long iters) {
  resize_ctx *ctx = vctx;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    int status = (i & 1) ? sl_layout_set_container_size(ctx->layout, VIEW_H, VIEW_W)
                         : sl_layout_set_container_size(ctx->layout, VIEW_W, VIEW_H);
    if (status != SL_OK) die_status(status, "sl_layout_set_container_size");
  }
  double elapsed = now_ns() - t0;
  SL_CHECK(sl_layout_set_container_size(ctx->layout, VIEW_W, VIEW_H));
  return elapsed;
}

typedef struct frame_ctx {
  const sl_layout *layout;
  const grid_geometry *geometry;
  int32_t section;
  int64_t items[RANDOM_COUNT];
} frame_ctx;

static double run_item_frame(void *vctx, long iters) {
  const frame_ctx *ctx = vctx;
  sl_rect frame;
  TIMED_SUM_LOOP(iters,
    int status = sl_layout_get_item_frame(ctx->layout, ctx->section,
                                          ctx->items[i & (RANDOM_COUNT - 1)], &frame);
    if (status != SL_OK) die_status(status, "sl_layout_get_item_frame");
    sum += frame.y;
  );
}

static double run_item_frame_floor(void *vctx, long iters) {
  const frame_ctx *ctx = vctx;
  sl_rect frame;
  TIMED_SUM_LOOP(iters,
    if (floor_item_frame_fn(ctx->geometry, ctx->items[i & (RANDOM_COUNT - 1)], &frame) != SL_OK)
      die("floor_item_frame failed");
    sum += frame.y;
  );
}

typedef struct rect_ctx {
  const sl_layout *layout;
  const grid_geometry *geometry;
  sl_rect rects[RECT_COUNT];
  int rect_count; /* a power of two <= RECT_COUNT */
  sl_element *buffer;
  size_t capacity;
} rect_ctx;

static double run_rects(void *vctx, long iters) {
  const rect_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  int mask = ctx->rect_count - 1;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    int status = sl_layout_get_elements_in_rect(ctx->layout, ctx->rects[i & mask], ctx->buffer,
                                                ctx->capacity, &count);
    if (status != SL_OK) die_status(status, "sl_layout_get_elements_in_rect");
    total += count;
  }
  double elapsed = now_ns() - t0;
  sink = (double)total + ctx->buffer[0].frame.y;
  return elapsed;
}

static double run_rects_floor(void *vctx, long iters) {
  const rect_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  int mask = ctx->rect_count - 1;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    if (floor_rect_fn(ctx->geometry, ctx->rects[i & mask], ctx->buffer, ctx->capacity, &count) !=
        SL_OK)
      die("floor_elements_in_rect failed");
    total += count;
  }
  double elapsed = now_ns() - t0;
  sink = (double)total + ctx->buffer[0].frame.y;
  return elapsed;
}

/* Random viewport-sized rects whose top lies in [low, high]. */
static void random_rects(rect_ctx *ctx, double low, double high) {
  if (high < low) high = low;
  for (int i = 0; i < RECT_COUNT; i++) {
    sl_rect r = {0, low + (high - low) * rng_unit(), VIEW_W, VIEW_H};
    ctx->rects[i] = r;
  }
  ctx->rect_count = RECT_COUNT;
}

/* ---------------------------------------------------------------------------------------------
 * Sections of the run
 * ------------------------------------------------------------------------------------------- */

const int64_t counts[COUNT_COUNT] = {1000, 10000, 100000, 1000000, 10000000};

/* Memory added by layouts with n items, in bytes. */
typedef struct memory_result {
  double one_rss;     /* resident set growth after creating and sizing one layout */
  double one_faults;  /* minor page faults (fresh pages touched) over the same */
  double hundred_rss; /* resident set growth per layout, over 100 layouts */
} memory_result;

#define MEMORY_LAYOUTS 100

static memory_result memory_for(int64_t n) {
  config_text config;
  memory_result result;
  sl_layout *many[MEMORY_LAYOUTS];
  /* Warm-up: fault in the code pages and pay malloc's and json-c's one-time setup. */
  appstore_config(&config, 10);
  {
    sl_layout *warm = make_layout(&config);
    sl_element elements[QUERY_CAPACITY];
    sl_rect rect = {0, 0, VIEW_W, VIEW_H}, frame;
    size_t count = 0;
    SL_CHECK(sl_layout_get_elements_in_rect(warm, rect, elements, QUERY_CAPACITY, &count));
    SL_CHECK(sl_layout_get_item_frame(warm, SECTION_GRID, 0, &frame));
    sl_layout_destroy(warm);
  }
  appstore_config(&config, n);
  double rss0 = rss_bytes(), faults0 = minor_faults();
  sl_layout *one = make_layout(&config);
  result.one_faults = minor_faults() - faults0;
  result.one_rss = rss_bytes() - rss0;
  double rss1 = rss_bytes();
  for (int i = 0; i < MEMORY_LAYOUTS; i++) many[i] = make_layout(&config);
  result.hundred_rss = (rss_bytes() - rss1) / MEMORY_LAYOUTS;
  for (int i = 0; i < MEMORY_LAYOUTS; i++) sl_layout_destroy(many[i]);
  sl_layout_destroy(one);
  return result;
}

/* Runs `fn(arg, out)` in a child process and copies its `size`-byte result back, so that every
 * measurement starts from the same heap. */
void run_in_child(void (*fn)(int64_t, void *), int64_t arg, void *out, size_t size) {
  int fds[2];
  if (pipe(fds) != 0) die("pipe failed");
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) die("fork failed");
  if (pid == 0) {
    close(fds[0]);
    fn(arg, out);
    ssize_t written = write(fds[1], out, size);
    _exit(written == (ssize_t)size ? 0 : 1);
  }
  close(fds[1]);
  ssize_t got = read(fds[0], out, size);
  close(fds[0]);
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
      got != (ssize_t)size)
    die("a measurement failed in its child process");
}

static void memory_for_child(int64_t n, void *out) { *(memory_result *)out = memory_for(n); }

/*
 * The floor of the per-layout memory: json-c's tree of the same configuration, kept alive, with
 * the same warm-up and the same measure (RSS growth over 100 trees / 100). It is the description
 * as C holds it when parsed; the layout holds the same description decoded, and its solution.
 */
static void jsonc_memory_child(int64_t n, void *out) {
  config_text config;
  struct json_object *many[MEMORY_LAYOUTS];
  appstore_config(&config, 10);
  sl_layout *warm = make_layout(&config);
  sl_layout_destroy(warm);
  json_object_put(json_tokener_parse(config.text));
  appstore_config(&config, n);
  double rss1 = rss_bytes();
  for (int i = 0; i < MEMORY_LAYOUTS; i++)
    if (!(many[i] = json_tokener_parse(config.text))) die("json-c cannot parse the configuration");
  *(double *)out = (rss_bytes() - rss1) / MEMORY_LAYOUTS;
  for (int i = 0; i < MEMORY_LAYOUTS; i++) json_object_put(many[i]);
}

static memory_result memory_in_child(int64_t n) {
  memory_result result;
  run_in_child(memory_for_child, n, &result, sizeof result);
  return result;
}

static void bench_memory(void) {
  const int64_t ns[2] = {10, 10000000};
  memory_result results[2];
  double trees[2];
  part = PART_MEMORY;
  for (int i = 0; i < 2; i++) {
    results[i] = memory_in_child(ns[i]);
    run_in_child(jsonc_memory_child, ns[i], &trees[i], sizeof trees[i]);
  }
  for (int i = 0; i < 2; i++) {
    stats s = {results[i].one_rss / 1024.0, NAN};
    row *r = add_row("RSS growth: create+size one layout", count_label(ns[i]), s, "KiB");
    if (i == 1) set_target(r, "<= 1024 KiB", s.median <= 1024.0);
  }
  for (int i = 0; i < 2; i++) {
    /* A transient allocation that grows with n would show here even if freed before returning. */
    stats s = {results[i].one_faults, NAN};
    row *r = add_row("page faults: create+size one layout", count_label(ns[i]), s, "faults");
    if (i == 1) {
      double limit = results[0].one_faults + 16;
      char target[32];
      snprintf(target, sizeof target, "<= 10 items + 16 (%.0f)", limit);
      set_target(r, target, s.median <= limit);
    }
  }
  for (int i = 0; i < 2; i++) {
    stats s = {results[i].hundred_rss / 1024.0, NAN};
    row *r = add_row("RSS per layout (mean of 100 layouts)", count_label(ns[i]), s, "KiB");
    r->ratio = results[i].hundred_rss / trees[i];
    if (i == 1) {
      double difference = fabs(results[1].hundred_rss - results[0].hundred_rss);
      set_target(r, "= 10 items (+-4 KiB)", difference <= 4096.0);
    }
  }
  for (int i = 0; i < 2; i++) {
    stats s = {trees[i] / 1024.0, NAN};
    add_row("floor: json-c tree, same text (mean of 100)", count_label(ns[i]), s, "KiB");
  }
}

static void bench_create(void) {
  const int64_t ns[2] = {1000, 10000000};
  stats create_stats[2], parse_stats[2];
  part = PART_CREATE;
  for (int i = 0; i < 2; i++) {
    config_text config;
    appstore_config(&config, ns[i]);
    check_jsonc_floor(&config);
    create_ctx ctx = {&config};
    char label[64];
    snprintf(label, sizeof label, "sl_layout_create (%zu B JSON, solves)", config.length);
    measure_pair(run_create, &ctx, 1000, &create_stats[i], run_jsonc_parse, &ctx, 1000,
                 &parse_stats[i]);
    add_row(label, count_label(ns[i]), create_stats[i], "us")->ratio =
        create_stats[i].median / parse_stats[i].median;
  }
  for (int i = 0; i < 2; i++)
    add_row("floor: json-c parse + free, same text", count_label(ns[i]), parse_stats[i], "us");
  for (int i = 0; i < 2; i++) {
    config_text config;
    appstore_config(&config, ns[i]);
    create_ctx ctx = {&config};
    /* 0.2 ms of destroys per repetition (each needs an untimed ~0.2 ms create). */
    add_row("sl_layout_destroy", count_label(ns[i]), measure_short(run_destroy, &ctx, 0.2e6),
            "ns");
  }
  /* A re-solve against what a host without it would do: create the layout again. */
  part = PART_RESIZE;
  stats rebuild[2];
  for (int i = 0; i < 2; i++) {
    config_text config;
    appstore_config(&config, ns[i]);
    resize_ctx ctx = {make_layout(&config)};
    create_ctx create = {&config};
    stats resize;
    measure_pair(run_resize, &ctx, 1, &resize, run_create, &create, 1, &rebuild[i]);
    add_row("set_container_size (390x844 <-> 844x390)", count_label(ns[i]), resize, "ns")->ratio =
        resize.median / rebuild[i].median;
    sl_layout_destroy(ctx.layout);
  }
  for (int i = 0; i < 2; i++)
    add_row("baseline: sl_layout_create again (rebuild)", count_label(ns[i]), rebuild[i], "ns");
}

/*
 * How much a cost grows from the smallest to the largest count, measured as the growth of
 * library / floor: the floors cost the same at every count and run interleaved with the
 * library, so the ratio cancels the speed changes of a shared machine that raw times show.
 */
void add_growth_row(const char *operation, const double *ratio_by_count) {
  stats g = {ratio_by_count[COUNT_COUNT - 1] / ratio_by_count[0], NAN};
  row *r = add_row(operation, "-", g, "x");
  set_target(r, "<= 1.5x (flat)", g.median <= 1.5);
}

static void bench_queries(void) {
  static frame_ctx frames;
  static rect_ctx grid_rects, list_rects, banner_rects;
  sl_element *buffer = xmalloc(QUERY_CAPACITY * sizeof *buffer);
  stats frame_stats[COUNT_COUNT], grid_stats[COUNT_COUNT], list_stats[COUNT_COUNT];
  double frame_ratios[COUNT_COUNT], grid_ratios[COUNT_COUNT], list_ratios[COUNT_COUNT];
  double grid_avg = 0, list_avg = 0;
  stats frame_floor, grid_floor, list_floor, banner;

  for (int k = 0; k < COUNT_COUNT; k++) {
    int64_t n = counts[k];
    config_text config;
    appstore_config(&config, n);
    sl_layout *layout = make_layout(&config);
    grid_geometry grid, list;
    read_geometry(layout, SECTION_GRID, &grid);
    read_geometry(layout, SECTION_LIST, &list);
    sl_section_info grid_info, list_info, banner_info;
    SL_CHECK(sl_layout_get_section_info(layout, SECTION_GRID, &grid_info));
    SL_CHECK(sl_layout_get_section_info(layout, SECTION_LIST, &list_info));
    SL_CHECK(sl_layout_get_section_info(layout, SECTION_BANNER, &banner_info));

    /* Random cells of the grid. */
    frames.layout = layout;
    frames.geometry = &grid;
    frames.section = SECTION_GRID;
    for (int i = 0; i < RANDOM_COUNT; i++) frames.items[i] = (int64_t)(rng_next() % (uint64_t)n);
    stats floor_stats;
    measure_pair(run_item_frame, &frames, 1, &frame_stats[k], run_item_frame_floor, &frames, 1,
                 &floor_stats);
    if (k == COUNT_COUNT - 1) frame_floor = floor_stats;
    frame_ratios[k] = frame_stats[k].median / floor_stats.median;
    part = PART_FRAME;
    add_row("get_item_frame, grid, random item", count_label(n), frame_stats[k], "ns/call")
        ->ratio = frame_ratios[k];

    /* Random viewports inside the grid, then inside the list. */
    rect_ctx *contexts[2] = {&grid_rects, &list_rects};
    const grid_geometry *geometries[2] = {&grid, &list};
    const sl_section_info *infos[2] = {&grid_info, &list_info};
    stats *results[2] = {grid_stats, list_stats};
    double *ratios[2] = {grid_ratios, list_ratios};
    stats *floors[2] = {&grid_floor, &list_floor};
    double *averages[2] = {&grid_avg, &list_avg};
    const char *labels[2] = {"get_elements_in_rect 390x844, grid",
                             "get_elements_in_rect 390x844, list"};
    for (int s = 0; s < 2; s++) {
      rect_ctx *ctx = contexts[s];
      ctx->layout = layout;
      ctx->geometry = geometries[s];
      ctx->buffer = buffer;
      ctx->capacity = QUERY_CAPACITY;
      random_rects(ctx, infos[s]->frame.y, infos[s]->frame.y + infos[s]->frame.height - VIEW_H);
      *averages[s] = check_floor(layout, geometries[s], ctx->rects, ctx->rect_count);
      measure_pair(run_rects, ctx, 1, &results[s][k], run_rects_floor, ctx, 1, &floor_stats);
      if (k == COUNT_COUNT - 1) *floors[s] = floor_stats;
      part = PART_RECT;
      row *r = add_row(labels[s], count_label(n), results[s][k], "ns/query");
      r->ratio = ratios[s][k] = results[s][k].median / floor_stats.median;
      if (n == 10000000) set_target(r, "<= 1000 ns", results[s][k].median <= 1000.0);
    }

    /* The carousel at the top (orthogonal section, badges); it does not depend on n. */
    if (n == 10000000) {
      banner_rects.layout = layout;
      banner_rects.buffer = buffer;
      banner_rects.capacity = QUERY_CAPACITY;
      random_rects(&banner_rects, 0, banner_info.frame.y + banner_info.frame.height);
      banner = measure(run_rects, &banner_rects, 1);
    }
    sl_layout_destroy(layout);
  }

  part = PART_FRAME;
  add_row("floor: C item frame (3 columns)", "1e7", frame_floor, "ns/call");
  add_growth_row("flatness: item frame vs floor, 1e7 / 1e3", frame_ratios);
  part = PART_RECT;
  char label[64];
  snprintf(label, sizeof label, "floor: C viewport query, grid (%.1f elem)", grid_avg);
  add_row(label, "1e7", grid_floor, "ns/query");
  snprintf(label, sizeof label, "floor: C viewport query, list (%.1f elem)", list_avg);
  add_row(label, "1e7", list_floor, "ns/query");
  add_row("get_elements_in_rect 390x844, banner (orth.)", "1e7", banner, "ns/query");

  add_growth_row("flatness: rect grid vs floor, 1e7 / 1e3", grid_ratios);
  add_growth_row("flatness: rect list vs floor, 1e7 / 1e3", list_ratios);
  free(buffer);
}

/* Enumerates a whole section through viewport-sized rects, or one big rect. */
typedef struct enumerate_ctx {
  const sl_layout *layout;
  const grid_geometry *geometry;
  sl_rect *chunks;
  int chunk_count;
  sl_element *buffer;
  size_t capacity;
  size_t expected; /* elements per pass */
} enumerate_ctx;

static double run_enumerate(void *vctx, long iters) {
  const enumerate_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    for (int c = 0; c < ctx->chunk_count; c++) {
      int status = sl_layout_get_elements_in_rect(ctx->layout, ctx->chunks[c], ctx->buffer,
                                                  ctx->capacity, &count);
      if (status != SL_OK) die_status(status, "sl_layout_get_elements_in_rect");
      total += count;
    }
  }
  double elapsed = now_ns() - t0;
  if (total != ctx->expected * (size_t)iters) die("enumeration returned an unexpected count");
  sink = ctx->buffer[count / 2].frame.y;
  return elapsed;
}

static double run_enumerate_floor(void *vctx, long iters) {
  const enumerate_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    for (int c = 0; c < ctx->chunk_count; c++) {
      if (floor_rect_fn(ctx->geometry, ctx->chunks[c], ctx->buffer, ctx->capacity, &count) !=
          SL_OK)
        die("floor_elements_in_rect failed");
      total += count;
    }
  }
  double elapsed = now_ns() - t0;
  if (total != ctx->expected * (size_t)iters) die("floor enumeration: unexpected count");
  sink = ctx->buffer[count / 2].frame.y;
  return elapsed;
}

static void bench_enumeration(void) {
  const int64_t n = 1000000;
  part = PART_ENUMERATE;
  config_text config;
  grid_config(&config, n);
  sl_layout *layout = make_layout(&config);
  grid_geometry grid;
  read_geometry(layout, 0, &grid);
  sl_size content;
  SL_CHECK(sl_layout_get_content_size(layout, &content));

  /* Every element of the section: one rect over the whole content. */
  sl_rect all = {0, 0, content.width, content.height};
  size_t total = 0;
  SL_CHECK(sl_layout_get_elements_in_rect(layout, all, NULL, 0, &total));
  sl_element *big = xmalloc(total * sizeof *big);
  memset(big, 0, total * sizeof *big); /* fault the pages in before timing */
  size_t check = 0;
  SL_CHECK(sl_layout_get_elements_in_rect(layout, all, big, total, &check));
  if (check != total) die("enumeration count changed");
  {
    /* The floor must write exactly the library's elements: the same count, and every cell at
       the frame the floor computes for it, in item order. */
    size_t my_count = 0;
    int64_t next_item = 0;
    floor_elements_in_rect(&grid, all, NULL, 0, &my_count);
    if (my_count != total) die("floor: full enumeration count differs from the library's");
    for (size_t k = 0; k < total; k++) {
      sl_rect frame;
      if (big[k].category != SL_ELEMENT_CELL) continue;
      if (big[k].item != next_item++ || floor_item_frame(&grid, big[k].item, &frame) != SL_OK)
        die("floor: full enumeration items differ from the library's");
      double tolerance = 1e-9 * (1 + fabs(frame.y));
      if (fabs(big[k].frame.x - frame.x) > tolerance || fabs(big[k].frame.y - frame.y) > tolerance ||
          fabs(big[k].frame.width - frame.width) > tolerance ||
          fabs(big[k].frame.height - frame.height) > tolerance)
        die("floor: full enumeration frames differ from the library's");
    }
    if (next_item != n) die("floor: full enumeration misses cells");
  }

  /* Viewport-sized chunks, top to bottom; elements crossing a chunk edge come back twice. */
  int chunk_count = (int)ceil(content.height / VIEW_H);
  sl_rect *chunks = xmalloc((size_t)chunk_count * sizeof *chunks);
  size_t chunk_total = 0;
  sl_element *small = xmalloc(QUERY_CAPACITY * sizeof *small);
  for (int c = 0; c < chunk_count; c++) {
    sl_rect r = {0, c * VIEW_H, content.width, VIEW_H};
    size_t count = 0;
    chunks[c] = r;
    SL_CHECK(sl_layout_get_elements_in_rect(layout, r, small, QUERY_CAPACITY, &count));
    chunk_total += count;
  }

  enumerate_ctx chunked = {layout, &grid, chunks, chunk_count, small, QUERY_CAPACITY,
                           chunk_total};
  enumerate_ctx whole = {layout, &grid, &all, 1, big, total, total};
  stats lib, floor_stats;
  char label[64];

  measure_pair(run_enumerate, &chunked, (double)total, &lib, run_enumerate_floor, &chunked,
               (double)total, &floor_stats);
  snprintf(label, sizeof label, "enumerate grid: %d viewport rects", chunk_count);
  row *r = add_row(label, "1e6", lib, "ns/elem");
  r->ratio = lib.median / floor_stats.median;
  set_target(r, "<= 3x floor", r->ratio <= 3.0);
  snprintf(label, sizeof label, "floor: C, same rects (%.2f returns/elem)",
           (double)chunk_total / (double)total);
  add_row(label, "1e6", floor_stats, "ns/elem");

  measure_pair(run_enumerate, &whole, (double)total, &lib, run_enumerate_floor, &whole,
               (double)total, &floor_stats);
  snprintf(label, sizeof label, "enumerate grid: one call, %.0f MB buffer",
           (double)(total * sizeof *big) / 1e6);
  r = add_row(label, "1e6", lib, "ns/elem");
  r->ratio = lib.median / floor_stats.median;
  set_target(r, "<= 3x floor", r->ratio <= 3.0);
  add_row("floor: C loop, same buffer", "1e6", floor_stats, "ns/elem");

  free(small);
  free(chunks);
  free(big);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * main
 * ------------------------------------------------------------------------------------------- */

static double timer_granularity_ns(void) {
  double best = INFINITY;
  for (int i = 0; i < 1000; i++) {
    double a = now_ns(), b = now_ns();
    while (b == a) b = now_ns();
    if (b - a < best) best = b - a;
  }
  return best;
}

int main(int argc, char **argv) {
  int sections_only = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--quick") == 0) {
      quick = 1;
    } else if (strcmp(argv[i], "--sections") == 0) {
      sections_only = 1;
    } else {
      fprintf(stderr, "usage: %s [--quick] [--sections]\n", argv[0]);
      return 2;
    }
  }
  if (quick) {
    reps = 3;
    target_ns = 2e6;
  }
  if (sl_version_number() != SL_VERSION_NUMBER) die("header and library versions differ");

  /* Memory first, while the heap is still small. */
  if (!sections_only) bench_memory();

  struct timespec resolution;
  clock_getres(CLOCK_MONOTONIC, &resolution);
  double granularity = timer_granularity_ns();

  if (!sections_only) {
    bench_create();
    bench_queries();
    bench_enumeration();
    bench_scrolling();
    bench_self_sizing();
    bench_flow_sizes();
    bench_load();
  }
  bench_sections();
  fprintf(stderr, "\n");

  config_text sample;
  appstore_config(&sample, 1000);
  printf("SnapLayout %s benchmark (%s): %d repetitions of >= %.0f ms each; "
         "clock_getres %ld ns, timer step %.0f ns; sizeof(sl_element) %zu B; config %zu B\n\n",
         sl_version_string(), quick ? "quick" : "full", reps, target_ns / 1e6,
         (long)resolution.tv_nsec, granularity, sizeof(sl_element), sample.length);
  print_table();
  printf("\nitems = item count of the grid section and of the list section (the banner has 10).\n"
         "vs floor = library median / floor median, floors measured in the same run with "
         "repetitions interleaved.\n"
         "flatness = (library / floor at 1e7) / (library / floor at 1e3).\n"
         "set_container_size: the baseline is creating the layout again; dlopen: fresh processes "
         "(build/bench-dlopen), libjson-c the floor;\n.so sizes after `strip`; RSS per layout "
         "against json-c's tree of the same text (docs/PERFORMANCE.md).\n"
         "sl_layout_destroy repetitions last >= 0.2 ms (each destroy needs an untimed create).\n"
         "scrolling rows: items = cards of the carousel (grid: items of the grid); 4096 random "
         "releases, 1/4 slow and 3/4 flings\nup to 10,000 pt/s (grid: 20,000); floors make the "
         "same decisions and motions in C (checked); zoom cost = frame with / without "
         "visibleItemEffects.\n"
         "many sections (bench/sections.c): items = sections; creating and memory against json-c's "
         "parse and tree of the same text;\nsection changes in the middle of list sections against "
         "creating a layout of that one section; reads after a change\nat the top (through the "
         "section tree) against the same before it; kinds: 100 a section, growth = cost per kind "
         "at 4x / at 1x.\n");
  return 0;
}
