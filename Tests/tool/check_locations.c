/*
 * check_locations — verifies the places `snaplayout check --json` prints for configuration
 * errors, by reading each file again at that line and column (location_oracle.h): the value
 * there must be the one the error's JSON Pointer names (json-c's json_pointer_get), or its key
 * for an unknown key, or for an absent key the enclosing value. scripts/test-tool.sh runs it on
 * the whole hostile corpus.
 *
 *   snaplayout check --json FILE... | check_locations
 *
 * Every SL_ECONFIG record must have a line and a column. Prints the count; exits 1 on any
 * wrong place, or when no record was verified at all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "location_oracle.h"

/* The file's bytes and a NUL, or NULL. */
static char *read_all(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  size_t capacity = 1 << 16, n;
  char *text = malloc(capacity + 1);
  *length = 0;
  while (text && (n = fread(text + *length, 1, capacity - *length, file)) > 0) {
    *length += n;
    if (*length == capacity) {
      char *bigger = realloc(text, (capacity *= 2) + 1);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  fclose(file);
  if (text) text[*length] = '\0';
  return text;
}

/* The offset of 1-based `line` and `column` (bytes) in `text`, or -1 if outside it. */
static long offset_of(const char *text, size_t length, long line, long column) {
  size_t i = 0;
  for (long l = 1; l < line; l++) {
    const char *newline = memchr(text + i, '\n', length - i);
    if (!newline) return -1;
    i = (size_t)(newline - text) + 1;
  }
  if (column < 1 || i + (size_t)column - 1 >= length) return -1;
  return (long)(i + (size_t)column - 1);
}

static const char *field_string(json_object *record, const char *name) {
  json_object *value = NULL;
  return json_object_object_get_ex(record, name, &value) ? json_object_get_string(value) : NULL;
}

int main(void) {
  char line[1 << 16];
  int failures = 0, verified = 0, keys = 0, absent = 0;
  while (fgets(line, sizeof line, stdin)) {
    json_object *record = json_tokener_parse(line), *l = NULL, *c = NULL;
    const char *file = field_string(record, "file"), *status = field_string(record, "status");
    const char *pointer = field_string(record, "pointer");
    const char *message = field_string(record, "message");
    if (!file || !status || !pointer || !message) {
      fprintf(stderr, "check_locations: not a record of check --json: %s", line);
      failures++;
    } else if (strcmp(status, "SL_ECONFIG") == 0) {
      size_t length = 0;
      char *text = read_all(file, &length);
      char why[1024];
      int key = strncmp(message, "unknown key '", 13) == 0, cut = strlen(pointer) >= 1020;
      long offset = -1;
      if (json_object_object_get_ex(record, "line", &l) &&
          json_object_object_get_ex(record, "column", &c) && text)
        offset = offset_of(text, length, json_object_get_int(l), json_object_get_int(c));
      if (offset < 0) {
        fprintf(stderr, "check_locations: %s: no place in the text for %s\n", file, pointer);
        failures++;
      } else if (oracle_check(text, length, pointer, key, cut, (size_t)offset, why,
                              sizeof why) != 0) {
        fprintf(stderr, "check_locations: %s:%d:%d: %.200s: %s\n", file, json_object_get_int(l),
                json_object_get_int(c), pointer, why);
        failures++;
      } else {
        json_object *document = NULL, *target = NULL;
        verified++;
        keys += key;
        if (!key && oracle_value_at(text, length, 0, &document) == 0)
          absent += oracle_get(document, pointer, &target) != 0;
        json_object_put(document);
      }
      free(text);
    }
    json_object_put(record);
  }
  if (failures || verified == 0) {
    fprintf(stderr, "check_locations: %d wrong places, %d verified\n", failures, verified);
    return 1;
  }
  printf("check_locations: %d places verified (%d unknown keys, %d absent from the text)\n",
         verified, keys, absent);
  return 0;
}
