/*
 * test_scale.c — costs that must not grow with the size of a layout (issue 16, defects 4 and 5),
 * through the shipped .so. Not a benchmark: each check compares the CPU time of the same work
 * at a size and at four times it, so a cost that grows with the layout (a linear scan per kind,
 * a re-solve of every section per change) reads as a ratio near 4 where the bound is 2.
 * docs/PERFORMANCE.md, "Many sections and kinds", has the timed figures.
 *
 *   (a) kinds: creating and resizing S sections of 100 distinct kinds costs the same per kind
 *       at S and 4S;
 *   (b) kinds compare byte for byte: a precomposed and a decomposed "é" are two kinds.
 *
 * Times are the least of a few runs of process CPU time, so other work on the machine weighs
 * little, after a run of the larger size, with freed memory kept in the heap (the kernel's page
 * faults are not the library's cost); SL_TEST_QUICK=1 (valgrind) uses smaller sizes, ratios
 * hold there too.
 */
#include <inttypes.h>
#include <malloc.h>
#include <time.h>

#include "test_support.h"

/* The bound on (cost per unit at 4S) / (cost per unit at S): about 1 when the cost per unit is
 * flat, about 4 when it grows linearly. */
#define GROWTH_BOUND 2.0

static double cpu_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* A growing text buffer. */
typedef struct text {
  char *bytes;
  size_t length, capacity;
} text;

static void append(text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));

#include <stdarg.h>
static void append(text *t, const char *format, ...) {
  for (;;) {
    va_list args;
    va_start(args, format);
    size_t room = t->capacity - t->length;
    int written = vsnprintf(t->bytes ? t->bytes + t->length : NULL, t->bytes ? room : 0, format,
                            args);
    va_end(args);
    if (written >= 0 && (size_t)written < room && t->bytes) {
      t->length += (size_t)written;
      return;
    }
    size_t capacity = t->capacity ? t->capacity * 2 : 4096;
    while (capacity - t->length <= (size_t)written) capacity *= 2;
    char *bigger = realloc(t->bytes, capacity);
    if (!bigger) {
      fprintf(stderr, "out of memory\n");
      exit(1);
    }
    t->bytes = bigger;
    t->capacity = capacity;
  }
}

/* ---------------------------------------------------------------------------------------------
 * (a) kinds
 * ------------------------------------------------------------------------------------------- */

#define KINDS_PER_SECTION 100

/* `sections` sections, each with 100 headers of kinds of its own. */
static text kinds_config(int sections) {
  text t = {0};
  append(&t, "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}}, \"sections\": [");
  for (int s = 0; s < sections; s++) {
    append(&t, "%s{\"itemCount\": 3, \"boundarySupplementaryItems\": [", s ? "," : "");
    for (int k = 0; k < KINDS_PER_SECTION; k++)
      append(&t,
             "%s{\"elementKind\": \"s%d-k%d\", \"alignment\": \"top\", \"layoutSize\": " SIZE(
                 FW(1), ABS(1)) "}",
             k ? "," : "", s, k);
    append(&t, "], \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(44))
               ", \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1)) "}, \"count\": 3}}");
  }
  append(&t, "]}");
  return t;
}

typedef struct kind_costs {
  double create, resize;
} kind_costs;

/* The least CPU time of `runs` creations and of `runs` pairs of resizes of the layout. */
static kind_costs measure_kinds(const text *config, int runs, int sections) {
  kind_costs best = {1e30, 1e30};
  for (int run = 0; run < runs; run++) {
    sl_layout *layout = NULL;
    double start = cpu_seconds();
    int status = sl_layout_create(config->bytes, config->length, &layout);
    double created = cpu_seconds();
    CHECK(status == SL_OK, "create %d sections of %d kinds: %s", sections, KINDS_PER_SECTION,
          sl_error_last()->message);
    if (status != SL_OK) return best;
    CHECK_STATUS(sl_layout_set_container_size(layout, 844, 390), SL_OK);
    CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
    double resized = cpu_seconds();
    int32_t count = 0;
    CHECK_STATUS(sl_layout_get_element_kind_count(layout, &count), SL_OK);
    CHECK(count == sections * KINDS_PER_SECTION, "%d kinds, expected %d", count,
          sections * KINDS_PER_SECTION);
    int32_t last = -1;
    char name[32];
    snprintf(name, sizeof name, "s%d-k%d", sections - 1, KINDS_PER_SECTION - 1);
    CHECK_STATUS(sl_layout_find_element_kind(layout, name, &last), SL_OK);
    CHECK(last == count - 1, "kind %s is %d, expected %d", name, last, count - 1);
    sl_layout_destroy(layout);
    if (created - start < best.create) best.create = created - start;
    if (resized - created < best.resize) best.resize = resized - created;
  }
  return best;
}

static void test_kinds_scale(void) {
  int small = quick_mode() ? 25 : 100;
  int runs = quick_mode() ? 2 : 3;
  text little = kinds_config(small), big = kinds_config(4 * small);
  /* One untimed creation of the larger first: the first touches of the heap cost more. */
  measure_kinds(&big, 1, 4 * small);
  kind_costs a = measure_kinds(&little, runs, small);
  kind_costs b = measure_kinds(&big, runs, 4 * small);
  double create_growth = (b.create / 4) / a.create;
  double resize_growth = (b.resize / 4) / a.resize;
  printf("kinds: create %d x %d kinds %.1f ms, %d x %d %.1f ms (growth per kind %.2f); "
         "two resizes %.2f ms, %.2f ms (growth %.2f)\n",
         small, KINDS_PER_SECTION, a.create * 1e3, 4 * small, KINDS_PER_SECTION, b.create * 1e3,
         create_growth, a.resize * 1e3, b.resize * 1e3, resize_growth);
  CHECK(create_growth < GROWTH_BOUND,
        "creating a layout costs %.2fx more per kind with 4x the kinds (bound %.1f)",
        create_growth, GROWTH_BOUND);
  CHECK(resize_growth < GROWTH_BOUND,
        "resizing a layout costs %.2fx more per kind with 4x the kinds (bound %.1f)",
        resize_growth, GROWTH_BOUND);
  free(little.bytes);
  free(big.bytes);
}

/* ---------------------------------------------------------------------------------------------
 * (b) kinds are bytes
 * ------------------------------------------------------------------------------------------- */

#define HEADER(kind, alignment) \
  "{\"elementKind\": \"" kind "\", \"alignment\": \"" alignment "\", \"layoutSize\": " \
  SIZE(FW(1), ABS(10)) "}"
#define ONE_ROW \
  "\"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(44)) \
  ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}"

static void test_kinds_are_bytes(void) {
  /* U+00E9 and e + U+0301: canonically equivalent, different bytes. */
  static const char json[] =
      "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}}, \"sections\": ["
      "{\"itemCount\": 1, \"boundarySupplementaryItems\": [" HEADER("\xc3\xa9", "top") "], " ONE_ROW
      "},"
      "{\"itemCount\": 1, \"boundarySupplementaryItems\": [" HEADER("e\xcc\x81", "top") ", " HEADER(
          "\xc3\xa9", "bottom") "], " ONE_ROW "}]}";
  sl_layout *layout = create_layout(json);
  if (layout == NULL) return;
  int32_t count = 0, precomposed = -1, decomposed = -1;
  CHECK_STATUS(sl_layout_get_element_kind_count(layout, &count), SL_OK);
  CHECK(count == 2, "%d kinds, expected 2 (the two spellings of e-acute)", count);
  CHECK_STATUS(sl_layout_find_element_kind(layout, "\xc3\xa9", &precomposed), SL_OK);
  CHECK_STATUS(sl_layout_find_element_kind(layout, "e\xcc\x81", &decomposed), SL_OK);
  CHECK(precomposed == 0 && decomposed == 1, "kinds %d and %d, expected 0 and 1", precomposed,
        decomposed);
  sl_layout_destroy(layout);

  /* The same bytes twice in a section are still refused. */
  static const char twice[] =
      "{\"sections\": [{\"itemCount\": 1, \"boundarySupplementaryItems\": [" HEADER(
          "e\xcc\x81", "top") ", " HEADER("e\xcc\x81", "bottom") "], " ONE_ROW "}]}";
  sl_layout *refused = NULL;
  CHECK_ERROR(sl_layout_create(twice, sizeof twice - 1, &refused), SL_ECONFIG,
              "/sections/0/boundarySupplementaryItems/1/elementKind", "already used");
}

int main(void) {
  /* Freed memory stays in the heap, so that later runs do not pay the kernel for pages again. */
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  test_kinds_are_bytes();
  test_kinds_scale();
  return test_finish("test_scale");
}
