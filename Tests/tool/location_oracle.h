/*
 * location_oracle.h — checks a place in a JSON text against json-c, independently of
 * examples-c/json_locate.c: the value json-c reads at that byte must be the value json-c's own
 * RFC 6901 implementation (json_pointer_get) finds in the whole document; for an unknown key,
 * the text there must be that key, followed by its colon, in the object the pointer's parent
 * names; for a pointer to something absent, the value there must be the innermost one on its
 * way that json_pointer_get finds.
 *
 * Used by test_json_locate.c (the locator's own cases) and check_locations.c (what
 * `snaplayout check --json` prints for the hostile corpus). Header-only: static functions.
 */
#ifndef SNAPLAYOUT_LOCATION_ORACLE_H
#define SNAPLAYOUT_LOCATION_ORACLE_H

#include <json-c/json.h>
#include <json-c/json_pointer.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads the value json-c reads from byte `offset` of `text` on into `*out` (a new reference;
   NULL is JSON's null). Returns 0, or -1 when no value starts there. */
static int oracle_value_at(const char *text, size_t length, size_t offset, json_object **out) {
  int status = -1;
  *out = NULL;
  if (offset >= length) return -1;
  size_t rest = length - offset;
  char *copy = malloc(rest + 1);
  if (!copy) return -1;
  memcpy(copy, text + offset, rest);
  copy[rest] = '\0';
  json_tokener *tokener = json_tokener_new_ex(1024);
  json_object *value = NULL;
  if (tokener) {
    /* The NUL ends a number or literal that ends the text, as the library's parse does. */
    value = json_tokener_parse_ex(tokener, copy, (int)rest + 1);
    if (json_tokener_get_error(tokener) == json_tokener_success) {
      *out = value;
      status = 0;
    } else {
      json_object_put(value);
    }
    json_tokener_free(tokener);
  }
  free(copy);
  return status;
}

/* json_object_equal, with NaN equal to NaN (the library reports NaN values too). */
static int oracle_equal(json_object *a, json_object *b) {
  if (json_object_get_type(a) != json_object_get_type(b)) return 0;
  switch (json_object_get_type(a)) {
    case json_type_double: {
      double x = json_object_get_double(a), y = json_object_get_double(b);
      return x == y || (isnan(x) && isnan(y));
    }
    case json_type_array: {
      size_t n = json_object_array_length(a);
      if (n != json_object_array_length(b)) return 0;
      for (size_t i = 0; i < n; i++) {
        if (!oracle_equal(json_object_array_get_idx(a, i), json_object_array_get_idx(b, i)))
          return 0;
      }
      return 1;
    }
    case json_type_object: {
      if (json_object_object_length(a) != json_object_object_length(b)) return 0;
      json_object_object_foreach(a, key, value) {
        json_object *other = NULL;
        if (!json_object_object_get_ex(b, key, &other) || !oracle_equal(value, other)) return 0;
      }
      return 1;
    }
    default:
      return json_object_equal(a, b);
  }
}

/* json_pointer_get, also for a null element of an array (which json-c reports as absent). */
static int oracle_get(json_object *document, const char *pointer, json_object **out) {
  if (json_pointer_get(document, pointer, out) == 0) return 0;
  char *parent = strdup(pointer);
  char *slash = parent ? strrchr(parent, '/') : NULL;
  json_object *array = NULL;
  int status = -1;
  if (slash) {
    char *end;
    *slash = '\0';
    long index = strtol(slash + 1, &end, 10);
    if (slash[1] >= '0' && slash[1] <= '9' && *end == '\0' && !(slash[1] == '0' && slash[2]) &&
        json_pointer_get(document, parent, &array) == 0 &&
        json_object_is_type(array, json_type_array) &&
        (size_t)index < json_object_array_length(array)) {
      *out = json_object_array_get_idx(array, (size_t)index);
      status = 0;
    }
  }
  free(parent);
  return status;
}

static int oracle_fail(char *why, size_t size, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(why, size, format, args);
  va_end(args);
  return -1;
}

/* The RFC 6901 token `token` unescaped, malloc'd. */
static char *oracle_unescape(const char *token) {
  char *out = malloc(strlen(token) + 1), *o = out;
  if (!out) return NULL;
  for (const char *p = token; *p; p++) {
    if (p[0] == '~' && (p[1] == '0' || p[1] == '1')) {
      *o++ = p[1] == '0' ? '~' : '/';
      p++;
    } else {
      *o++ = *p;
    }
  }
  *o = '\0';
  return out;
}

/*
 * Checks that byte `offset` of the document `text` (`length` bytes and a NUL) is where
 * `pointer` points: at its value, or with `key` at the key of its last token (`cut`: the token
 * may be the start of the key).
 * Returns 0, or -1 with the reason in `why`.
 */
static int oracle_check(const char *text, size_t length, const char *pointer, int key, int cut,
                        size_t offset, char *why, size_t why_size) {
  json_object *document = NULL, *at = NULL;
  int read_document = oracle_value_at(text, length, 0, &document);
  int read_at = oracle_value_at(text, length, offset, &at);
  char *parent = strdup(pointer);
  char *token = NULL;
  int status = 0;
  if (read_document != 0 || !parent) {
    status = oracle_fail(why, why_size, "json-c cannot read the document");
    goto done;
  }
  if (read_at != 0) {
    status = oracle_fail(why, why_size, "no JSON value starts at byte %zu", offset);
    goto done;
  }
  json_object *target = NULL;
  if (key) {
    char *slash = strrchr(parent, '/');
    json_object *object = NULL;
    if (!slash) {
      status = oracle_fail(why, why_size, "an unknown key at the document itself");
      goto done;
    }
    *slash = '\0';
    token = oracle_unescape(slash + 1);
    if (!token || oracle_get(document, parent, &object) != 0 ||
        !json_object_is_type(object, json_type_object)) {
      status = oracle_fail(why, why_size, "the key's parent '%s' is not an object", parent);
      goto done;
    }
    const char *name = json_object_get_string(at);
    size_t n = strlen(token);
    if (!json_object_is_type(at, json_type_string) ||
        !(strcmp(name, token) == 0 || (cut && strncmp(name, token, n) == 0))) {
      status = oracle_fail(why, why_size, "byte %zu is not the key '%s'", offset, token);
      goto done;
    }
    if (!json_object_object_get_ex(object, name, NULL)) {
      status = oracle_fail(why, why_size, "'%s' is not a key of '%s'", name, parent);
      goto done;
    }
    /* A key is followed by its colon (after whitespace and comments). */
    size_t i = offset + 1;
    while (i < length && text[i] != text[offset]) i += text[i] == '\\' ? 2 : 1;
    for (i++; i < length;) {
      if (strchr(" \t\r\n", text[i])) {
        i++;
      } else if (text[i] == '/' && i + 1 < length && text[i + 1] == '/') {
        while (i < length && text[i] != '\n') i++;
      } else if (text[i] == '/' && i + 1 < length && text[i + 1] == '*') {
        const char *end = strstr(text + i + 2, "*/");
        i = end ? (size_t)(end - text) + 2 : length;
      } else {
        break;
      }
    }
    if (i >= length || text[i] != ':')
      status = oracle_fail(why, why_size, "the string at byte %zu is not followed by ':'", offset);
    goto done;
  }
  if (oracle_get(document, pointer, &target) != 0 && cut) {
    /* A cut last token: the value of a key that starts with it. */
    char *slash = strrchr(parent, '/');
    json_object *object = NULL;
    token = slash ? oracle_unescape(slash + 1) : NULL;
    if (slash) *slash = '\0';
    if (token && oracle_get(document, parent, &object) == 0 &&
        json_object_is_type(object, json_type_object)) {
      json_object_object_foreach(object, name, value) {
        if (strncmp(name, token, strlen(token)) == 0 && oracle_equal(at, value)) goto done;
      }
    }
    status = oracle_fail(why, why_size, "byte %zu holds no value of a key starting with '%s'",
                         offset, token ? token : "?");
    goto done;
  } else if (oracle_get(document, pointer, &target) != 0) {
    /* Absent: the innermost value on the way is the place. */
    char *slash;
    while ((slash = strrchr(parent, '/')) != NULL) {
      *slash = '\0';
      if (oracle_get(document, parent, &target) == 0) break;
    }
    if (!slash) target = document;
  }
  if (!oracle_equal(at, target))
    status = oracle_fail(why, why_size, "the value at byte %zu is %.60s, the pointer's %.60s",
                         offset, json_object_to_json_string(at),
                         json_object_to_json_string(target));
done:
  json_object_put(document);
  json_object_put(at);
  free(parent);
  free(token);
  return status;
}

#endif /* SNAPLAYOUT_LOCATION_ORACLE_H */
