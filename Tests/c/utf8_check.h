/*
 * Whether a NUL-terminated text is well-formed UTF-8 (RFC 3629: no overlong forms, surrogates or
 * values past U+10FFFF): what the error record's message and path must be. Shared by the C tests
 * (Tests/c/test_hostile.c) and the fuzz harnesses (fuzz/fuzz_common.h).
 */
#ifndef SNAPLAYOUT_UTF8_CHECK_H
#define SNAPLAYOUT_UTF8_CHECK_H

#include <stdint.h>

static inline int sl_check_valid_utf8(const char *text) {
  const unsigned char *p = (const unsigned char *)text;
  while (*p != 0) {
    unsigned char b = *p;
    int extra;
    uint32_t value;
    if (b < 0x80) {
      p++;
      continue;
    } else if (b >= 0xC2 && b <= 0xDF) {
      extra = 1;
      value = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      extra = 2;
      value = b & 0x0F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      extra = 3;
      value = b & 0x07;
    } else {
      return 0;
    }
    p++;
    for (int i = 0; i < extra; i++, p++) {
      if ((*p & 0xC0) != 0x80) return 0;
      value = value << 6 | (*p & 0x3F);
    }
    if ((extra == 2 && value < 0x800) || (extra == 3 && value < 0x10000) || value > 0x10FFFF ||
        (value >= 0xD800 && value <= 0xDFFF))
      return 0;
  }
  return 1;
}

#endif
