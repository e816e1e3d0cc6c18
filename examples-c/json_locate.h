/*
 * json_locate.h — where a JSON Pointer (RFC 6901) points in a JSON text: a byte offset, a line
 * and a column, for `snaplayout check` to print an error of the library at the place in the
 * file the error's pointer names.
 *
 * The library parses a configuration with json-c and reports errors with a pointer into the
 * parsed document, which no longer knows where its values were in the text. This scanner reads
 * the text again, following the pointer's tokens: it reads what json-c's default (lenient) mode
 * reads — `//` and block comments, trailing commas, single-quoted strings, literals in any
 * letter case, numbers such as `007` and `5.` — and decodes keys as json-c does (escapes,
 * surrogate pairs, a lone surrogate as U+FFFD, a key cut at an escaped NUL, the last of two
 * equal keys winning). It is strict otherwise: a text it cannot follow is an error, not a guess.
 *
 * Lines are counted at line feeds; lines and columns are 1-based, columns in bytes, as the
 * library's own line and column of syntax errors are.
 */
#ifndef SNAPLAYOUT_JSON_LOCATE_H
#define SNAPLAYOUT_JSON_LOCATE_H

#include <stddef.h>

/* json_locate() flags. */
/* Point at the last token's key (its opening quote), not at its value: for unknown keys. */
#define JSON_LOCATE_KEY 0x1u
/* The pointer may have been cut short (the library cuts paths at 1,023 bytes): the last token
   matches a key that starts with it when no key equals it. */
#define JSON_LOCATE_CUT 0x2u

typedef struct json_location {
  size_t offset; /* of the value's (or key's) first byte */
  long line;     /* 1-based */
  long column;   /* 1-based, in bytes */
  /* 1: the place the pointer names. 0: the pointer names something the text does not hold (an
     absent key, an index past the end, a token below a number): the place of the innermost
     value on its way that the text holds, e.g. the object that lacks the key. */
  int exact;
} json_location;

/*
 * Finds `pointer` (a NUL-terminated RFC 6901 JSON Pointer: "" for the whole document, else
 * "/token/token...", with "~0" for '~' and "~1" for '/') in the JSON text `text` of `length`
 * bytes (not necessarily NUL-terminated).
 *
 * Returns 0 with `*out` filled; -1 when `pointer` is not a JSON Pointer or the text is not one
 * JSON value json-c would read on the way to it (then `*out` is untouched).
 */
int json_locate(const char *text, size_t length, const char *pointer, unsigned flags,
                json_location *out);

/* The 1-based line and column (in bytes) of byte `offset` of `text`. */
void json_line_column(const char *text, size_t offset, long *line, long *column);

#endif /* SNAPLAYOUT_JSON_LOCATE_H */
