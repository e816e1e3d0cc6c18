/* The per-thread error record and the allocator of the C ABI module (see support.h). */
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

void *sl__malloc(size_t size) { return malloc(size == 0 ? 1 : size); }

void sl__free(void *memory) { free(memory); }

void sl__memcpy(void *destination, const void *source, size_t count) {
  if (count > 0) memcpy(destination, source, count);
}
