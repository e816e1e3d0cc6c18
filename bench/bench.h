/*
 * bench.h — the benchmark's harness (bench/bench.c), shared with the scenarios in other files
 * (bench/sections.c): measurement with interleaved floors, the results table, errors.
 */
#ifndef SNAPLAYOUT_BENCH_H
#define SNAPLAYOUT_BENCH_H

#include <stddef.h>
#include <stdint.h>

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

row *add_row(const char *operation, const char *items, stats s, const char *unit);
void set_target(row *r, const char *target, int pass);

/* Runs `fn(arg, out)` in a child process and copies its `size`-byte result back. */
void run_in_child(void (*fn)(int64_t, void *), int64_t arg, void *out, size_t size);

/* The scenarios of bench/sections.c: many sections and many element kinds. */
void bench_sections(void);

#endif
