/*
 * Internal support for the C ABI module: the per-thread error record behind sl_error_last(),
 * and the allocator behind sl_free(). Not installed; not public API.
 */
#ifndef SNAPLAYOUT_SUPPORT_H
#define SNAPLAYOUT_SUPPORT_H

#include <stdlib.h>
#include <string.h>

#include "../../include/snaplayout.h"

#define SL__ERROR_TEXT_CAPACITY 1024

/* The calling thread's error record and the text its pointers refer to. */
typedef struct sl__error_slot {
  sl_error record;
  char message[SL__ERROR_TEXT_CAPACITY];
  char path[SL__ERROR_TEXT_CAPACITY];
} sl__error_slot;

/*
 * Returns the calling thread's slot, with its pointers linked to its own buffers.
 * A function-local _Thread_local (a file-scope static in a header does not link from Swift);
 * the ABI module is the only caller, so there is one copy.
 */
static inline sl__error_slot *sl__error_slot_get(void) {
  static _Thread_local sl__error_slot slot;
  if (slot.record.message == NULL) {
    slot.record.message = slot.message;
    slot.record.path = slot.path;
  }
  return &slot;
}

/* Copies `length` bytes of UTF-8 into `buffer`, cut at a character boundary, NUL-terminated. */
static inline void sl__copy_text(char *buffer, const char *text, size_t length) {
  if (length > SL__ERROR_TEXT_CAPACITY - 1) {
    length = SL__ERROR_TEXT_CAPACITY - 1;
    while (length > 0 && (((unsigned char)text[length]) & 0xC0) == 0x80) length--;
  }
  if (length > 0) memcpy(buffer, text, length);
  buffer[length] = '\0';
}

/* Sets the calling thread's error record. */
static inline void sl__error_set(int code, const char *message, size_t message_length,
                                 const char *path, size_t path_length, int32_t line,
                                 int32_t column) {
  sl__error_slot *slot = sl__error_slot_get();
  sl__copy_text(slot->message, message, message_length);
  sl__copy_text(slot->path, path, path_length);
  slot->record.code = code;
  slot->record.line = line;
  slot->record.column = column;
}

static inline const sl_error *sl__error_get(void) { return &sl__error_slot_get()->record; }

static inline void *sl__malloc(size_t size) { return malloc(size == 0 ? 1 : size); }
static inline void sl__free(void *memory) { free(memory); }

#endif
