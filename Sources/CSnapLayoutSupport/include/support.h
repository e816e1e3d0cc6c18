/*
 * Internal support for the C ABI module: the per-thread error record behind sl_error_last(),
 * and the allocator behind sl_free(). Not installed; not public API: the functions have hidden
 * visibility, and the version script exports sl_[a-z]* only.
 */
#ifndef SNAPLAYOUT_SUPPORT_H
#define SNAPLAYOUT_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "../../../include/snaplayout.h"

#if defined(__GNUC__) || defined(__clang__)
#define SL__INTERNAL __attribute__((visibility("hidden")))
#else
#define SL__INTERNAL
#endif

/* Sets the calling thread's error record; texts are copied, cut at 1023 bytes on a UTF-8
 * character boundary. */
SL__INTERNAL void sl__error_set(int code, const char *message, size_t message_length, const char *path,
                   size_t path_length, int32_t line, int32_t column);

/* The calling thread's error record (never NULL). */
SL__INTERNAL const sl_error *sl__error_get(void);

/* malloc/free for memory handed to callers and released with sl_free(). */
SL__INTERNAL void *sl__malloc(size_t size);
SL__INTERNAL void sl__free(void *memory);
SL__INTERNAL void sl__memcpy(void *destination, const void *source, size_t count);

/* Calls a visible-items handler of `layout`, marking `layout` on the calling thread as inside
 * one of its handlers until it returns (nested calls stack; docs/C-API.md, "Handlers"). */
SL__INTERNAL void sl__call_handler(const void *layout, sl_visible_items_handler handler,
                                   void *user_data, const sl_visible_items_context *context,
                                   sl_element *elements, size_t count);

/* 1 when a visible-items handler of `layout` is running on the calling thread, else 0. */
SL__INTERNAL int sl__in_handler(const void *layout);

#endif
