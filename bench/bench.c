/*
 * bench.c — SnapLayout benchmark, through the public C interface only.
 *
 *   make bench            full run: 11 repetitions of >= 20 ms each (about 100 s)
 *   build/bench --quick   smoke test: 3 repetitions of >= 2 ms each (about 3 s)
 *   build/bench --sections  only the many-sections and many-kinds figures (bench/sections.c, about 35 s)
 *   build/bench --own-sizes  only the figures of items with sizes of their own (bench/own_sizes.c,
 *                         about 26 s)
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
 * This file is the harness (errors, clock, measurement with interleaved floors, the results
 * table, main); the scenarios are in bench/configs.c (the layout texts they build), memory.c,
 * create.c (creation, destroy, re-solve), queries.c (frames, rect queries, enumeration),
 * sections.c, scrolling.c, self_sizing.c, own_sizes.c and load.c; bench/bench.h holds what they
 * share.
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

/* Keeps results alive so the compiler cannot drop the work that produced them. */
volatile double sink;

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
stats measure_short(timed_fn fn, void *ctx, double target) {
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

#define MAX_ROWS 192
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
 * Floors: helpers the scenarios' floors share
 * ------------------------------------------------------------------------------------------- */

int intersects(const sl_rect *a, const sl_rect *b) {
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height &&
         b->y < a->y + a->height;
}

void floor_put(sl_element *elements, size_t capacity, size_t *count, const sl_element *e) {
  if (*count < capacity) elements[*count] = *e;
  ++*count;
}

/* ---------------------------------------------------------------------------------------------
 * Item counts and flatness, shared by the scenarios
 * ------------------------------------------------------------------------------------------- */

const int64_t counts[COUNT_COUNT] = {1000, 10000, 100000, 1000000, 10000000};

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
  int sections_only = 0, own_sizes_only = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--quick") == 0) {
      quick = 1;
    } else if (strcmp(argv[i], "--sections") == 0) {
      sections_only = 1;
    } else if (strcmp(argv[i], "--own-sizes") == 0) {
      own_sizes_only = 1;
    } else {
      fprintf(stderr, "usage: %s [--quick] [--sections] [--own-sizes]\n", argv[0]);
      return 2;
    }
  }
  if (quick) {
    reps = 3;
    target_ns = 2e6;
  }
  if (sl_version_number() != SL_VERSION_NUMBER) die("header and library versions differ");

  /* Memory first, while the heap is still small. */
  int everything = !sections_only && !own_sizes_only;
  if (everything) bench_memory();
  if (everything || own_sizes_only) bench_own_sizes_memory();

  struct timespec resolution;
  clock_getres(CLOCK_MONOTONIC, &resolution);
  double granularity = timer_granularity_ns();

  if (everything) {
    bench_create();
    bench_queries();
    bench_enumeration();
    bench_scrolling();
    bench_loops();
    bench_self_sizing();
    bench_flow_sizes();
  }
  if (everything || own_sizes_only) bench_own_sizes();
  if (everything) bench_load();
  if (everything || sections_only) bench_sections();
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
         "at 4x / at 1x.\n"
         "own sizes (bench/own_sizes.c): items = rows of the list, tags of the flow; reports timed "
         "in batches of 4096 (slowest: single\nreports); memory: RSS growth per item in a child "
         "(peak: VmHWM); floors keep the same sizes and lines in C (checked).\n");
  return 0;
}
