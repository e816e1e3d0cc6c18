/*
 * Tiny assertion helpers shared by the C tests (Tests/c/test_*.c). Each test program counts
 * failures, keeps going, and returns test_finish() from main: 0 when everything passed.
 */
#ifndef SNAPLAYOUT_TEST_SUPPORT_H
#define SNAPLAYOUT_TEST_SUPPORT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snaplayout.h"

/* Pieces of configuration JSON, for writing layouts inside C string literals:
 * SIZE(FW(1), ABS(44)) is {"widthDimension": {"fractionalWidth": 1}, "heightDimension": ...}. */
#define SIZE(w, h) "{\"widthDimension\": " w ", \"heightDimension\": " h "}"
#define ABS(x) "{\"absolute\": " #x "}"
#define FW(x) "{\"fractionalWidth\": " #x "}"
#define FH(x) "{\"fractionalHeight\": " #x "}"
/* One cell filling its group, a horizontal group of the given size holding one, and the
 * environment's container size: the configurations of the scrolling tests. */
#define CELL "{\"layoutSize\": " SIZE(FW(1), FH(1)) "}"
#define HGROUP(w, h) \
  "{\"group\": \"horizontal\", \"layoutSize\": " SIZE(w, h) ", \"subitems\": [" CELL "]}"
#define CONTAINER(w, h) "\"environment\": {\"container\": {\"width\": " #w ", \"height\": " #h "}}"

static int test_failures = 0;
static int test_checks = 0;

#define CHECK(cond, ...)                                                  \
  do {                                                                    \
    test_checks++;                                                        \
    if (!(cond)) {                                                        \
      test_failures++;                                                    \
      fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                       \
      fprintf(stderr, "\n");                                              \
    }                                                                     \
  } while (0)

/* Checks that `expr` returns `expected`; on a mismatch prints the thread's error record. */
#define CHECK_STATUS(expr, expected)                                                     \
  do {                                                                                   \
    int check_status_ = (expr);                                                          \
    CHECK(check_status_ == (expected), "%s returned %d (%s), expected %d; error: %s [%s]", \
          #expr, check_status_, sl_status_string(check_status_), (int)(expected),        \
          sl_error_last()->message, sl_error_last()->path);                              \
  } while (0)

#define CHECK_NEAR(actual, expected, tolerance)                                  \
  do {                                                                           \
    double check_a_ = (actual), check_e_ = (expected);                           \
    CHECK(fabs(check_a_ - check_e_) <= (tolerance), "%s = %.17g, expected %.17g", \
          #actual, check_a_, check_e_);                                          \
  } while (0)

/* Prints a summary and returns the exit status for main. */
/* SL_TEST_QUICK=1 (set under valgrind) asks for fewer iterations. */
static inline int quick_mode(void) {
  const char *quick = getenv("SL_TEST_QUICK");
  return quick != NULL && strcmp(quick, "1") == 0;
}

/*
 * SL_TEST_TIME_SCALE=N (a whole number >= 1) stretches the tests' wall-clock limits N times, for
 * slow runs such as an emulator (scripts/test-cross.sh). Anything else counts as 1.
 */
static inline int time_scale(void) {
  const char *text = getenv("SL_TEST_TIME_SCALE");
  int scale = text != NULL ? atoi(text) : 1;
  return scale >= 1 && scale <= 1000 ? scale : 1;
}

/*
 * Checks that `expr` fails with `code_` and that it set the calling thread's error record: the
 * same code, a non-empty message containing `needle_` (unless NULL), the path `path_`, and no
 * line/column unless it is a syntax error. A NULL `path_` or `needle_` is not compared. The
 * record is cleared first, so a failure that does not set the record is caught.
 */
#define CHECK_ERROR(expr, code_, path_, needle_)                                                \
  do {                                                                                          \
    sl_error_clear();                                                                           \
    CHECK_STATUS(expr, code_);                                                                  \
    const sl_error *record_ = sl_error_last();                                                  \
    const char *needle_text_ = (needle_);                                                       \
    CHECK(record_ != NULL, "%s: sl_error_last() is NULL", #expr);                               \
    if (record_ != NULL) {                                                                      \
      CHECK(record_->code == (code_), "%s: error code %d, expected %d", #expr, record_->code,   \
            (int)(code_));                                                                      \
      CHECK(record_->message != NULL && record_->message[0] != '\0', "%s: empty message",      \
            #expr);                                                                             \
      const char *path_text_ = (path_);                                                         \
      CHECK(record_->path != NULL, "%s: path is NULL", #expr);                                  \
      if (path_text_ != NULL && record_->path != NULL)                                          \
        CHECK(strcmp(record_->path, path_text_) == 0, "%s: path '%s', expected '%s' (%s)",      \
              #expr, record_->path, path_text_, record_->message ? record_->message : "");      \
      if (needle_text_ != NULL)                                                                 \
        CHECK(record_->message != NULL && strstr(record_->message, needle_text_) != NULL,       \
              "%s: message '%s' does not mention '%s'", #expr,                                  \
              record_->message ? record_->message : "(null)", needle_text_);                    \
      if ((code_) != SL_EPARSE)                                                                 \
        CHECK(record_->line == 0 && record_->column == 0,                                       \
              "%s: line/column %d:%d set for a non-syntax error", #expr, (int)record_->line,    \
              (int)record_->column);                                                            \
    }                                                                                           \
  } while (0)

#define SENTINEL 0xA5

/* Failing calls must not write their out-arguments: fill them first, check them after. */
static inline void fill_sentinel(void *memory, size_t size) { memset(memory, SENTINEL, size); }

static inline int is_sentinel(const void *memory, size_t size) {
  const unsigned char *bytes = memory;
  for (size_t i = 0; i < size; i++)
    if (bytes[i] != SENTINEL) return 0;
  return 1;
}

#define CHECK_UNTOUCHED(object) \
  CHECK(is_sentinel(&(object), sizeof(object)), "%s was written by a failing call", #object)

/* A layout from JSON text, checked to succeed (NULL, counted as a failure, if not). */
static inline sl_layout *create_layout(const char *json) {
  sl_layout *layout = NULL;
  int status = sl_layout_create(json, strlen(json), &layout);
  CHECK(status == SL_OK && layout != NULL, "sl_layout_create failed: %d %s [%s]", status,
        sl_error_last()->message, sl_error_last()->path);
  return status == SL_OK ? layout : NULL;
}

/* A release of version SL_SCROLL_RELEASE_VERSION without a reference. */
static inline sl_scroll_release make_release(double start, double release, double velocity) {
  sl_scroll_release r;
  memset(&r, 0, sizeof r);
  r.version = SL_SCROLL_RELEASE_VERSION;
  r.start_offset = start;
  r.release_offset = release;
  r.velocity = velocity;
  return r;
}

/* The header's rule for rect queries: an element reaches a query when they share area, or (for
 * a zero width or height) its edge lies inside the query's span, the leading edge included. */
static inline int test_span_overlaps(double a, double length, double b, double query_length) {
  if (length > 0) return a < b + query_length && b < a + length;
  return b <= a && a < b + query_length;
}

static inline int test_intersects(sl_rect element, sl_rect query) {
  return test_span_overlaps(element.x, element.width, query.x, query.width) &&
         test_span_overlaps(element.y, element.height, query.y, query.height);
}

static inline int test_finish(const char *name) {
  if (test_failures == 0) {
    printf("%s: %d checks passed\n", name, test_checks);
    return 0;
  }
  fprintf(stderr, "%s: %d of %d checks FAILED\n", name, test_failures, test_checks);
  return 1;
}

/* Reads a whole file into a malloc'd NUL-terminated buffer; NULL on failure. */
static inline char *test_read_file(const char *path, size_t *out_length) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  size_t capacity = 4096, length = 0;
  char *text = malloc(capacity);
  size_t n;
  while (text && (n = fread(text + length, 1, capacity - length - 1, file)) > 0) {
    length += n;
    if (capacity - length < 2) {
      char *bigger = realloc(text, capacity *= 2);
      if (!bigger) { free(text); text = NULL; break; }
      text = bigger;
    }
  }
  fclose(file);
  if (!text) return NULL;
  text[length] = '\0';
  if (out_length) *out_length = length;
  return text;
}

#endif
