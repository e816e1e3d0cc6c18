/*
 * json_locate.c — a JSON Pointer's place in a JSON text (json_locate.h).
 *
 * A small recursive scanner over the bytes: it follows the pointer's tokens into objects and
 * arrays and skips everything else, so it costs one pass over the text at most and keeps no
 * tree. Keys are decoded only as far as the token they are compared with.
 */
#include "json_locate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Deeper than the library's 256 levels: any text the library read is followed to its end. */
#define MAX_DEPTH 1024

typedef struct scanner {
  const unsigned char *text;
  size_t length;
  size_t pos;
} scanner;

/* A key decoded as json-c decodes it, keeping its first `capacity` bytes. */
typedef struct key_text {
  unsigned char *bytes;
  size_t capacity;
  size_t length; /* bytes kept */
  int longer;    /* the key has more bytes than were kept */
  int ended;     /* an escaped NUL ended the key (json-c keeps keys as C strings) */
} key_text;

static int peek(const scanner *s) { return s->pos < s->length ? s->text[s->pos] : -1; }

/* Skips json-c's whitespace (space, tab, CR, LF) and comments. -1: an unterminated comment. */
static int skip_space(scanner *s) {
  while (s->pos < s->length) {
    unsigned char c = s->text[s->pos];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      s->pos++;
    } else if (c == '/' && s->pos + 1 < s->length && s->text[s->pos + 1] == '/') {
      while (s->pos < s->length && s->text[s->pos] != '\n') s->pos++;
    } else if (c == '/' && s->pos + 1 < s->length && s->text[s->pos + 1] == '*') {
      size_t i = s->pos + 2;
      while (i + 1 < s->length && !(s->text[i] == '*' && s->text[i + 1] == '/')) i++;
      if (i + 1 >= s->length) return -1;
      s->pos = i + 2;
    } else {
      break;
    }
  }
  return 0;
}

static void key_put(key_text *key, const unsigned char *bytes, size_t count) {
  if (!key || key->ended) return;
  for (size_t i = 0; i < count; i++) {
    if (key->length < key->capacity) {
      key->bytes[key->length++] = bytes[i];
    } else {
      key->longer = 1;
    }
  }
}

static void key_put_code_point(key_text *key, uint32_t cp) {
  unsigned char utf8[4];
  size_t n;
  if (cp == 0) {
    if (key) key->ended = 1;
    return;
  }
  if (cp < 0x80) {
    utf8[0] = (unsigned char)cp;
    n = 1;
  } else if (cp < 0x800) {
    utf8[0] = (unsigned char)(0xC0 | cp >> 6);
    utf8[1] = (unsigned char)(0x80 | (cp & 0x3F));
    n = 2;
  } else if (cp < 0x10000) {
    utf8[0] = (unsigned char)(0xE0 | cp >> 12);
    utf8[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
    utf8[2] = (unsigned char)(0x80 | (cp & 0x3F));
    n = 3;
  } else {
    utf8[0] = (unsigned char)(0xF0 | cp >> 18);
    utf8[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
    utf8[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
    utf8[3] = (unsigned char)(0x80 | (cp & 0x3F));
    n = 4;
  }
  key_put(key, utf8, n);
}

/* The four hex digits at `at`, or -1. */
static long hex4(const scanner *s, size_t at) {
  long value = 0;
  if (at + 4 > s->length) return -1;
  for (size_t i = at; i < at + 4; i++) {
    unsigned char c = s->text[i];
    int digit = c >= '0' && c <= '9' ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/*
 * Reads the string whose opening quote (" or ') is at s->pos, decoding it into `key` when not
 * NULL. json-c's escapes: \" \\ \/ \b \f \n \r \t \uXXXX (in both kinds of quotes; \' is not
 * one); a high surrogate escape followed by a low one is one code point, any other surrogate
 * U+FFFD. Raw bytes other than NUL are taken as they are (the library checked the UTF-8).
 */
static int scan_string(scanner *s, key_text *key) {
  unsigned char quote = s->text[s->pos++];
  while (s->pos < s->length) {
    unsigned char c = s->text[s->pos];
    if (c == quote) {
      s->pos++;
      return 0;
    }
    if (c == 0) return -1;
    if (c != '\\') {
      key_put(key, &c, 1);
      s->pos++;
      continue;
    }
    if (s->pos + 1 >= s->length) return -1;
    unsigned char e = s->text[s->pos + 1];
    static const char simple[] = "\"\\/bfnrt";
    static const char meaning[] = "\"\\/\b\f\n\r\t";
    const char *found = e ? strchr(simple, e) : NULL;
    s->pos += 2;
    if (found) {
      unsigned char byte = (unsigned char)meaning[found - simple];
      key_put(key, &byte, 1);
      continue;
    }
    if (e != 'u') return -1;
    long cp = hex4(s, s->pos);
    if (cp < 0) return -1;
    s->pos += 4;
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      long low = s->pos + 6 <= s->length && s->text[s->pos] == '\\' &&
                 s->text[s->pos + 1] == 'u' ? hex4(s, s->pos + 2) : -1;
      if (low >= 0xDC00 && low <= 0xDFFF) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        s->pos += 6;
      } else {
        cp = 0xFFFD; /* the escape after it, if any, is read on its own */
      }
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      cp = 0xFFFD;
    }
    key_put_code_point(key, (uint32_t)cp);
  }
  return -1;
}

/* A number or a literal (true, NaN, -Infinity, 007, 5., 1e...): a run of their characters. */
static int scan_scalar(scanner *s) {
  size_t start = s->pos;
  while (s->pos < s->length) {
    unsigned char c = s->text[s->pos];
    int part = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
               c == '+' || c == '-' || c == '.';
    if (!part) break;
    s->pos++;
  }
  return s->pos > start ? 0 : -1;
}

/* Reads an object member's key (decoded into `key` when not NULL), its colon and the space
   before its value. */
static int scan_member_key(scanner *s, key_text *key) {
  int c = peek(s);
  if (c != '"' && c != '\'') return -1;
  if (scan_string(s, key) || skip_space(s) || peek(s) != ':') return -1;
  s->pos++;
  return skip_space(s);
}

/* After a member or an element: a comma (and a trailing one before the close), or the close.
   Returns 1 when the container ended, 0 when another member or element follows, -1. */
static int scan_separator(scanner *s, unsigned char close) {
  if (skip_space(s)) return -1;
  if (peek(s) == close) {
    s->pos++;
    return 1;
  }
  if (peek(s) != ',') return -1;
  s->pos++;
  if (skip_space(s)) return -1;
  if (peek(s) == close) {
    s->pos++;
    return 1;
  }
  return 0;
}

static int skip_value(scanner *s, int depth) {
  int c = peek(s);
  if (depth > MAX_DEPTH || c < 0) return -1;
  if (c == '"' || c == '\'') return scan_string(s, NULL);
  if (c != '{' && c != '[') return scan_scalar(s);
  unsigned char close = c == '{' ? '}' : ']';
  s->pos++;
  if (skip_space(s)) return -1;
  if (peek(s) == close) {
    s->pos++;
    return 0;
  }
  for (;;) {
    if (c == '{' && scan_member_key(s, NULL)) return -1;
    if (skip_value(s, depth + 1)) return -1;
    int ended = scan_separator(s, close);
    if (ended) return ended < 0 ? -1 : 0;
  }
}

/*
 * In the object at s->pos, finds the last member whose key is `name` (`n` bytes), or with
 * `prefix` and no such member, the last whose key starts with it. Returns 1 with the offsets
 * of its key and value, 0 when there is none, -1 when the text cannot be read.
 */
static int find_member(scanner *s, int depth, const char *name, size_t n, int prefix,
                       size_t *key_at, size_t *value_at) {
  key_text key = {NULL, n, 0, 0, 0};
  int found = 0, found_prefix = 0, status = -1;
  size_t prefix_key = 0, prefix_value = 0;
  key.bytes = malloc(n ? n : 1);
  if (!key.bytes) return -1;
  s->pos++;
  if (skip_space(s)) goto done;
  if (peek(s) == '}') {
    status = 0;
    goto done;
  }
  for (;;) {
    size_t at = s->pos;
    key.length = 0;
    key.longer = key.ended = 0;
    if (scan_member_key(s, &key)) goto done;
    int equal = key.length == n && memcmp(key.bytes, name, n) == 0;
    if (equal && !key.longer) {
      found = 1;
      *key_at = at;
      *value_at = s->pos;
    } else if (prefix && key.length == n && memcmp(key.bytes, name, n) == 0) {
      found_prefix = 1;
      prefix_key = at;
      prefix_value = s->pos;
    }
    if (skip_value(s, depth + 1)) goto done;
    int ended = scan_separator(s, '}');
    if (ended < 0) goto done;
    if (ended) break;
  }
  if (!found && found_prefix) {
    *key_at = prefix_key;
    *value_at = prefix_value;
  }
  status = found || found_prefix;
done:
  free(key.bytes);
  return status;
}

/* In the array at s->pos, finds element `index`. Returns 1 with its offset, 0, or -1. */
static int find_element(scanner *s, int depth, size_t index, size_t *value_at) {
  s->pos++;
  if (skip_space(s)) return -1;
  if (peek(s) == ']') return 0;
  for (size_t i = 0;; i++) {
    if (i == index) {
      *value_at = s->pos;
      return 1;
    }
    if (skip_value(s, depth + 1)) return -1;
    int ended = scan_separator(s, ']');
    if (ended) return ended < 0 ? -1 : 0;
  }
}

/* An array index token: "0" or digits without a leading zero (RFC 6901); -1 if not one. */
static int parse_index(const char *token, size_t n, size_t *out) {
  size_t value = 0;
  if (n == 0 || (token[0] == '0' && n > 1)) return -1;
  for (size_t i = 0; i < n; i++) {
    if (token[i] < '0' || token[i] > '9') return -1;
    if (value > (SIZE_MAX - 9) / 10) return -1;
    value = value * 10 + (size_t)(token[i] - '0');
  }
  *out = value;
  return 0;
}

/* Unescapes the token from `token` to `end` (~0 is '~', ~1 is '/') into `out`; -1 for a '~'
   followed by anything else. */
static int unescape_token(const char *token, const char *end, char *out, size_t *n) {
  size_t length = 0;
  for (const char *p = token; p < end; p++) {
    if (*p != '~') {
      out[length++] = *p;
    } else if (p + 1 < end && (p[1] == '0' || p[1] == '1')) {
      out[length++] = p[1] == '0' ? '~' : '/';
      p++;
    } else {
      return -1;
    }
  }
  *n = length;
  return 0;
}

void json_line_column(const char *text, size_t offset, long *line, long *column) {
  long l = 1, c = 1;
  for (size_t i = 0; i < offset; i++) {
    if (text[i] == '\n') {
      l++;
      c = 1;
    } else {
      c++;
    }
  }
  *line = l;
  *column = c;
}

int json_locate(const char *text, size_t length, const char *pointer, unsigned flags,
                json_location *out) {
  scanner s = {(const unsigned char *)text, length, 0};
  if (!text || !pointer || (pointer[0] != '\0' && pointer[0] != '/')) return -1;
  if (skip_space(&s) || s.pos >= length) return -1;
  char *name = malloc(strlen(pointer) + 1);
  if (!name) return -1;
  size_t place = s.pos; /* the value reached so far (or the key named) */
  int exact = 1, status = 0, depth = 0;
  const char *token = pointer;
  while (*token == '/' && exact && status == 0) {
    token++;
    const char *end = strchr(token, '/');
    if (!end) end = token + strlen(token);
    int last = *end == '\0';
    size_t n = 0, key_at = 0, value_at = 0, index = 0;
    int found = 0;
    if (unescape_token(token, end, name, &n)) {
      status = -1;
      break;
    }
    s.pos = place;
    if (s.text[place] == '{') {
      found = find_member(&s, depth, name, n, last && (flags & JSON_LOCATE_CUT), &key_at,
                          &value_at);
    } else if (s.text[place] == '[' && parse_index(name, n, &index) == 0) {
      found = find_element(&s, depth, index, &value_at);
      key_at = value_at;
    }
    if (found < 0) {
      status = -1;
    } else if (!found) {
      exact = 0; /* the enclosing value stays the place */
    } else {
      place = last && (flags & JSON_LOCATE_KEY) ? key_at : value_at;
      depth++;
    }
    token = end;
  }
  free(name);
  /* Even without a place in the text, the pointer must be well formed to its end. */
  for (const char *p = token; status == 0 && *p; p++) {
    if (*p == '~' && p[1] != '0' && p[1] != '1') status = -1;
  }
  if (status != 0) return -1;
  out->offset = place;
  out->exact = exact;
  json_line_column(text, place, &out->line, &out->column);
  return 0;
}
