/* The per-thread error record and the allocator of the C ABI module (see support.h). */
#define _DEFAULT_SOURCE 1 /* syscall() */

#include "support.h"

#include <stdlib.h>
#include <string.h>

#define SL__TEXT_CAPACITY 1024

typedef struct sl__error_slot {
  sl_error record;
  char message[SL__TEXT_CAPACITY];
  char path[SL__TEXT_CAPACITY];
} sl__error_slot;

/* One definition for the whole library: each thread gets its own zero-initialised slot. */
static _Thread_local sl__error_slot slot;

static sl__error_slot *current_slot(void) {
  if (slot.record.message == NULL) {
    slot.record.message = slot.message;
    slot.record.path = slot.path;
  }
  return &slot;
}

/* Copies UTF-8 text into a slot buffer, cut at a character boundary, NUL-terminated. */
static void copy_text(char *buffer, const char *text, size_t length) {
  if (length > SL__TEXT_CAPACITY - 1) {
    length = SL__TEXT_CAPACITY - 1;
    while (length > 0 && (((unsigned char)text[length]) & 0xC0) == 0x80) length--;
  }
  if (length > 0) memcpy(buffer, text, length);
  buffer[length] = '\0';
}

void sl__error_set(int code, const char *message, size_t message_length, const char *path,
                   size_t path_length, int32_t line, int32_t column) {
  sl__error_slot *s = current_slot();
  copy_text(s->message, message, message_length);
  copy_text(s->path, path, path_length);
  s->record.code = code;
  s->record.line = line;
  s->record.column = column;
}

const sl_error *sl__error_get(void) { return &current_slot()->record; }

/*
 * The layouts whose visible-items handlers run on this thread, innermost first: one frame per
 * call, on the stack of sl__call_handler, so nesting (a handler that queries another layout
 * with handlers of its own) needs no allocation and other threads see nothing of it.
 */
typedef struct sl__handler_frame {
  const void *layout;
  struct sl__handler_frame *outer;
} sl__handler_frame;

static _Thread_local sl__handler_frame *handler_frames;

void sl__call_handler(const void *layout, sl_visible_items_handler handler, void *user_data,
                      const sl_visible_items_context *context, sl_element *elements,
                      size_t count) {
  sl__handler_frame frame = {layout, handler_frames};
  handler_frames = &frame;
  handler(user_data, context, elements, count);
  handler_frames = frame.outer;
}

int sl__in_handler(const void *layout) {
  for (const sl__handler_frame *frame = handler_frames; frame != NULL; frame = frame->outer)
    if (frame->layout == layout) return 1;
  return 0;
}

void *sl__malloc(size_t size) { return malloc(size == 0 ? 1 : size); }

void sl__free(void *memory) { free(memory); }

void sl__memcpy(void *destination, const void *source, size_t count) {
  if (count > 0) memcpy(destination, source, count);
}

#if defined(SL_PROVIDE_ARC4RANDOM_BUF)
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/*
 * The Embedded Swift standard library seeds its hashing with arc4random_buf, which glibc has
 * only since 2.36 (Debian 12, Ubuntu 22.10). Defined here, hidden, the shipped library binds to
 * this one and loads on older systems (glibc 2.17 on arm64). getrandom first (Linux 3.17), then
 * /dev/urandom; the bytes seed hash tables, they guard no secret, so a clock-and-address mix is
 * the last resort rather than a failure.
 */
/* getrandom(2) in read(2)'s shape, so that both sources fill through one loop. */
static ssize_t read_getrandom(int fd, void *buffer, size_t length) {
  (void)fd;
  return (ssize_t)syscall(SYS_getrandom, buffer, length, 0);
}

/* Fills from `source` until done, an error other than EINTR, or the end; returns what is left. */
static size_t fill_from(ssize_t (*source)(int, void *, size_t), int fd, unsigned char **bytes,
                        size_t length) {
  while (length > 0) {
    ssize_t got = source(fd, *bytes, length);
    if (got > 0) {
      *bytes += got;
      length -= (size_t)got;
    } else if (!(got < 0 && errno == EINTR)) {
      break;
    }
  }
  return length;
}

SL__INTERNAL void arc4random_buf(void *buffer, size_t length) {
  unsigned char *bytes = buffer;
  length = fill_from(read_getrandom, -1, &bytes, length);
  if (length > 0) {
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
      length = fill_from(read, fd, &bytes, length);
      close(fd);
    }
  }
  if (length > 0) {
    struct timespec now = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t state = (uint64_t)now.tv_nsec ^ ((uint64_t)now.tv_sec << 32) ^ (uint64_t)(uintptr_t)buffer;
    while (length-- > 0) {
      state = state * 6364136223846793005u + 1442695040888963407u; /* an LCG step */
      *bytes++ = (unsigned char)(state >> 56);
    }
  }
}
#endif
