/*
 * What the fuzz targets (fuzz/fuzz_*.c, docs/FUZZING.md) share: the checks of the header's
 * promises that end the run with abort() when one is broken, a reader of the input bytes, and,
 * with -DFUZZ_REPLAY, a main() that runs LLVMFuzzerTestOneInput over files, so a reproducer or a
 * corpus can be replayed against the shipped, uninstrumented library without libFuzzer.
 *
 * A broken promise must stop the run where it is seen: libFuzzer counts a crash, saves the input
 * as an artifact, and the message printed before abort() says which promise and why.
 */
#ifndef SNAPLAYOUT_FUZZ_COMMON_H
#define SNAPLAYOUT_FUZZ_COMMON_H

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snaplayout.h"
#include "../Tests/c/utf8_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* --- failing ------------------------------------------------------------------------------- */

static void fuzz_fail(const char *file, int line, const char *condition, const char *format, ...)
    __attribute__((noreturn, format(printf, 4, 5)));

static void fuzz_fail(const char *file, int line, const char *condition, const char *format,
                      ...) {
  va_list arguments;
  const sl_error *record = sl_error_last();
  fprintf(stderr, "%s:%d: broken promise: %s: ", file, line, condition);
  va_start(arguments, format);
  vfprintf(stderr, format, arguments);
  va_end(arguments);
  fprintf(stderr, "\n  error record: code %d, message \"%.200s\", path \"%.200s\", %d:%d\n",
          record->code, record->message != NULL ? record->message : "(NULL)",
          record->path != NULL ? record->path : "(NULL)", (int)record->line,
          (int)record->column);
  fflush(stderr);
  abort();
}

/* FUZZ_CHECK(condition, printf-arguments): the header promises `condition`. */
#define FUZZ_CHECK(condition, ...)                                      \
  do {                                                                  \
    if (!(condition)) fuzz_fail(__FILE__, __LINE__, #condition, __VA_ARGS__); \
  } while (0)

/* --- the error record ---------------------------------------------------------------------- */


/* A status bit set: FUZZ_S(SL_EINVAL) | FUZZ_S(SL_ERANGE) ... (codes are 0 ... -8). */
#define FUZZ_S(status) (1u << (unsigned)(-(status)))
/* Any function may run out of memory. */
#define FUZZ_ALWAYS FUZZ_S(SL_ENOMEM)

/*
 * Checks a status against what the function's documentation lists (`allowed`, FUZZ_S bits; SL_OK
 * is always allowed) and, on failure, the error record: its code is the status, the message is
 * non-empty valid UTF-8 of at most 1,023 bytes (docs/C-API.md), the path is valid UTF-8 of at
 * most 1,023 bytes, and only SL_EPARSE has a line and column (both or neither).
 */
static inline void fuzz_check_status(const char *call, int status, unsigned allowed) {
  if (status == SL_OK) return;
  FUZZ_CHECK(status < 0 && status >= SL_ENOTFOUND, "%s returned %d, not a status code", call,
             status);
  FUZZ_CHECK((allowed | FUZZ_ALWAYS) & FUZZ_S(status),
             "%s returned %d (%s), a status its documentation does not list", call, status,
             sl_status_string(status));
  const sl_error *record = sl_error_last();
  FUZZ_CHECK(record != NULL, "%s: sl_error_last() is NULL", call);
  FUZZ_CHECK(record->code == status, "%s returned %d but the error record says %d", call, status,
             record->code);
  FUZZ_CHECK(record->message != NULL && record->path != NULL, "%s: NULL message or path", call);
  FUZZ_CHECK(record->message[0] != '\0', "%s: empty message", call);
  FUZZ_CHECK(strlen(record->message) <= 1023, "%s: message of %zu bytes", call,
             strlen(record->message));
  FUZZ_CHECK(strlen(record->path) <= 1023, "%s: path of %zu bytes", call, strlen(record->path));
  FUZZ_CHECK(sl_check_valid_utf8(record->message), "%s: message is not valid UTF-8", call);
  FUZZ_CHECK(sl_check_valid_utf8(record->path), "%s: path is not valid UTF-8", call);
  FUZZ_CHECK((record->line == 0) == (record->column == 0) && record->line >= 0 &&
                 record->column >= 0,
             "%s: line %d, column %d", call, (int)record->line, (int)record->column);
  FUZZ_CHECK(status == SL_EPARSE || record->line == 0, "%s: a line and column on status %d",
             call, status);
  const char *text = sl_status_string(status);
  FUZZ_CHECK(text != NULL && text[0] != '\0', "sl_status_string(%d) is empty", status);
}

/* --- geometry ------------------------------------------------------------------------------- */

static inline int fuzz_finite_rect(const sl_rect *r) {
  return isfinite(r->x) && isfinite(r->y) && isfinite(r->width) && isfinite(r->height);
}

/* A frame the library returned on SL_OK: finite, with a size that is not negative. */
static inline void fuzz_check_frame(const char *call, const sl_rect *r) {
  FUZZ_CHECK(fuzz_finite_rect(r) && r->width >= 0 && r->height >= 0,
             "%s: frame {%g, %g, %g, %g}", call, r->x, r->y, r->width, r->height);
}

static inline void fuzz_check_size(const char *call, const sl_size *s) {
  FUZZ_CHECK(isfinite(s->width) && isfinite(s->height) && s->width >= 0 && s->height >= 0,
             "%s: size %g x %g", call, s->width, s->height);
}

/* --- reading the input ---------------------------------------------------------------------- */

/* The input as a stream; reading past its end gives zeros, so every input decodes. */
typedef struct fuzz_input {
  const uint8_t *data;
  size_t size;
} fuzz_input;

static inline uint8_t fuzz_u8(fuzz_input *in) {
  if (in->size == 0) return 0;
  in->size--;
  return *in->data++;
}

static inline uint64_t fuzz_bytes(fuzz_input *in, int count) {
  uint64_t value = 0;
  for (int i = 0; i < count; i++) value |= (uint64_t)fuzz_u8(in) << (8 * i);
  return value;
}

/* --- replaying without libFuzzer ------------------------------------------------------------ */

/* A target of several files defines FUZZ_PART in all but the one that is to have main(). */
#if defined(FUZZ_REPLAY) && !defined(FUZZ_PART)
#include <dirent.h>
#include <sys/stat.h>

static int fuzz_replay_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) {
    perror(path);
    return 0;
  }
  size_t capacity = 4096, size = 0;
  uint8_t *data = malloc(capacity);
  size_t got;
  while (data != NULL && (got = fread(data + size, 1, capacity - size, file)) > 0) {
    size += got;
    if (size == capacity) {
      uint8_t *grown = realloc(data, capacity *= 2);
      if (grown == NULL) free(data);
      data = grown;
    }
  }
  fclose(file);
  if (data == NULL) {
    fprintf(stderr, "%s: out of memory\n", path);
    return 0;
  }
  /* A buffer of the input's own length, as libFuzzer gives, so a read past it is seen by
   * valgrind or ASan when the replay runs under them. */
  uint8_t *exact = malloc(size > 0 ? size : 1);
  if (exact == NULL) {
    free(data);
    return 0;
  }
  if (size > 0) memcpy(exact, data, size);
  free(data);
  LLVMFuzzerTestOneInput(exact, size);
  free(exact);
  return 1;
}

/* Runs every file named, and every regular file in the directories named (not recursively). */
int main(int argc, char **argv) {
  long files = 0;
  for (int i = 1; i < argc; i++) {
    struct stat info;
    if (stat(argv[i], &info) != 0) {
      perror(argv[i]);
      return 1;
    }
    if (!S_ISDIR(info.st_mode)) {
      if (!fuzz_replay_file(argv[i])) return 1;
      files++;
      continue;
    }
    DIR *dir = opendir(argv[i]);
    if (dir == NULL) {
      perror(argv[i]);
      return 1;
    }
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
      if (entry->d_name[0] == '.') continue;
      size_t length = strlen(argv[i]) + strlen(entry->d_name) + 2;
      char *path = malloc(length);
      if (path == NULL) return 1;
      snprintf(path, length, "%s/%s", argv[i], entry->d_name);
      if (stat(path, &info) == 0 && S_ISREG(info.st_mode)) {
        if (!fuzz_replay_file(path)) return 1;
        files++;
      }
      free(path);
    }
    closedir(dir);
  }
  printf("%s: %ld inputs replayed, every promise kept\n", argv[0], files);
  return 0;
}
#endif

/* Whether an element's copy number is possible: 0, or any lap in a loop — the main scroll's,
 * or its own section's (docs/SNAPPING.md, "Looping"). */
static inline int fuzz_copy_possible(const sl_layout *layout, const sl_element *e) {
  if (e->copy == 0) return 1;
  sl_loop_info main_loop = {0}, own_loop = {0};
  sl_layout_get_loop_info(layout, SL_SCROLL_MAIN, &main_loop);
  if (e->section >= 0) sl_layout_get_loop_info(layout, e->section, &own_loop);
  return main_loop.active || own_loop.active;
}

#endif /* SNAPLAYOUT_FUZZ_COMMON_H */
