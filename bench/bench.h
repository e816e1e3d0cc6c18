/*
 * bench.h — the benchmark's harness (bench/bench.c), shared with the scenarios in other files
 * (bench/configs.c, memory.c, create.c, queries.c, sections.c, scrolling.c, self_sizing.c,
 * own_sizes.c, load.c): measurement with interleaved floors, the results table, errors, and
 * the helpers and constants the scenarios have in common.
 */
#ifndef SNAPLAYOUT_BENCH_H
#define SNAPLAYOUT_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "snaplayout.h"

/* Runs `iters` operations and returns the nanoseconds they took (setup excluded). */
typedef double (*timed_fn)(void *ctx, long iters);

typedef struct stats {
  double median;
  double min;
} stats;

enum verdict { VERDICT_NONE, VERDICT_PASS, VERDICT_MISS };

/*
 * The table's parts, in the order it prints them (the list of figures). Rows are added
 * as they are measured — memory first, while the heap is small — and printed by part.
 */
enum part {
  PART_CREATE,
  PART_RESIZE,
  PART_FRAME,
  PART_RECT,
  PART_ENUMERATE,
  PART_RESOLVE,
  PART_MOTION,
  PART_SELF_SIZING,
  PART_OWN_SIZES,
  PART_LOAD,
  PART_SIZE,
  PART_MEMORY,
  PART_SECTIONS,
  PART_COUNT
};

typedef struct row {
  enum part part;
  char operation[64];
  char items[16];
  double median;
  double min; /* NAN: a single measurement */
  char unit[12];
  double ratio; /* NAN: no floor */
  char target[32];
  enum verdict verdict;
} row;

/* Repetitions per figure, the least time of one, and whether this is the quick run. */
extern int reps;
extern double target_ns;
extern int quick;
/* The part the next rows belong to. */
extern enum part part;

void die(const char *what);
void die_status(int status, const char *call);
void *xmalloc(size_t size);
double now_ns(void);
double rss_bytes(void);

/* Aborts with the library's error record unless `expr` returns SL_OK. */
#define SL_CHECK(expr)                                \
  do {                                                \
    int sl_check_status_ = (expr);                    \
    if (sl_check_status_ != SL_OK) {                  \
      die_status(sl_check_status_, #expr);            \
    }                                                 \
  } while (0)

/*
 * Measures `a` (and `b`, when not NULL) in interleaved repetitions, in ns per unit, where one
 * operation is `units_a` (`units_b`) units.
 */
void measure_pair(timed_fn a, void *ctx_a, double units_a, stats *out_a, timed_fn b, void *ctx_b,
                  double units_b, stats *out_b);
stats measure(timed_fn fn, void *ctx, double units);
/* Like measure(), for operations whose untimed setup is much slower than the operation itself:
 * repetitions of at least `target` ns. */
stats measure_short(timed_fn fn, void *ctx, double target);

row *add_row(const char *operation, const char *items, stats s, const char *unit);
void set_target(row *r, const char *target, int pass);

/* Runs `fn(arg, out)` in a child process and copies its `size`-byte result back. */
void run_in_child(void (*fn)(int64_t, void *), int64_t arg, void *out, size_t size);

/* Keeps results alive so the compiler cannot drop the work that produced them. */
extern volatile double sink;
/* The state of rng_next (splitmix64, fixed seed). */
extern uint64_t rng_state;

/*
 * The whole body of a simple timing function: runs the statements (which see the iteration as
 * `i` and add what they compute to `sum`) `iters` times, keeps `sum` alive through `sink` and
 * returns the elapsed nanoseconds. The statements are pasted into the loop, so the measured
 * loop contains no indirect call of its own.
 */
#define TIMED_SUM_LOOP(iters, ...)        \
  do {                                    \
    double sum = 0;                       \
    double t0_ = now_ns();                \
    for (long i = 0; i < (iters); i++) {  \
      __VA_ARGS__                         \
    }                                     \
    double elapsed_ = now_ns() - t0_;     \
    sink = sum;                           \
    return elapsed_;                      \
  } while (0)

#define QUERY_CAPACITY 256 /* elements buffer of a viewport query */
#define VIEW_W 390.0
#define VIEW_H 844.0
#define RANDOM_COUNT 4096 /* power of two */
#define RECT_COUNT 1024   /* power of two */

/* The item counts the scaling figures are measured at. */
#define COUNT_COUNT 5
extern const int64_t counts[COUNT_COUNT];

typedef struct config_text {
  char text[4096];
  size_t length;
} config_text;

/* The App-Store-like layout's sections, in order (bench/configs.c). */
#define SECTION_BANNER 0
#define SECTION_GRID 1
#define SECTION_LIST 2

/* The grid section's JSON, a printf format (bench/configs.c). */
extern const char *const grid_section_format;
/* The App-Store-like layout with `n` items in the grid and in the list (bench/configs.c). */
void appstore_config(config_text *out, int64_t n);
/* A layout holding only the grid section, with `n` items (bench/configs.c). */
void grid_config(config_text *out, int64_t n);
/* Creates and sizes a layout; every status is checked (bench/configs.c). */
sl_layout *make_layout(const config_text *config);

/* Shared by the scenarios (bench/bench.c). */
uint64_t rng_next(void);
double rng_unit(void);
stats summarize(double *values, int count);
const char *count_label(int64_t n);
int intersects(const sl_rect *a, const sl_rect *b);
void floor_put(sl_element *elements, size_t capacity, size_t *count, const sl_element *e);
void add_growth_row(const char *operation, const double *ratio_by_count);

/* bench/memory.c: memory is measured first, while the heap is small. */
void bench_memory(void);

/* bench/create.c */
void bench_create(void);

/* bench/queries.c */
void bench_queries(void);
void bench_enumeration(void);

/* bench/scrolling.c */
void bench_scrolling(void);
/* loops.c: a looping carousel against the same carousel without a loop. */
void bench_loops(void);

/* bench/self_sizing.c */
/* A list of `n` rows estimated at 44 pt whose heights the host measures. */
void self_sizing_config(config_text *out, int64_t n);
void bench_self_sizing(void);
void bench_flow_sizes(void);

/* bench/own_sizes.c: items with sizes of their own (issue 19; floors in own_sizes_floors.c) */
void bench_own_sizes_memory(void);
void bench_own_sizes(void);

/* bench/load.c */
void bench_load(void);

/* The scenarios of bench/sections.c: many sections and many element kinds. */
void bench_sections(void);

#endif
