/*
 * test_json_locate — unit tests of examples-c/json_locate.c, the JSON Pointer locator of
 * `snaplayout check` (make test-tool builds and runs it).
 *
 * Each case is a text with a marker byte (MARK, removed before the test) where the pointer
 * must land, and whether the place is exact (the pointer's value or key) or the enclosing
 * value of something absent. Every place is also checked against json-c (location_oracle.h),
 * and the oracle must refuse the byte after it, so that a check that cannot fail fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_locate.h"
#include "location_oracle.h"

#define MARK "\001"
#define KEY JSON_LOCATE_KEY
#define CUT JSON_LOCATE_CUT

typedef struct locate_case {
  const char *name;
  const char *text; /* with MARK before the expected place */
  const char *pointer;
  unsigned flags;
  int exact;
} locate_case;

static const locate_case cases[] = {
    {"root", MARK "{\"sections\": []}", "", 0, 1},
    {"root after whitespace and comments", " \t\r\n// c\n /* x\n */ " MARK "{\"sections\": []}", "",
     0, 1},
    {"member", "{\"a\": 1, \"b\": " MARK "2}", "/b", 0, 1},
    {"nested arrays", "{\"s\": [[1, 2], [3, " MARK "4]]}", "/s/1/1", 0, 1},
    {"array of objects", "{\"s\": [{}, {\"x\": [0, {\"y\": " MARK "null}]}]}", "/s/1/x/1/y", 0, 1},
    {"duplicate keys: the last wins", "{\"a\": 1, \"a\": " MARK "2}", "/a", 0, 1},
    {"duplicates on the way", "{\"a\": {\"x\": 1}, \"a\": {\"x\": " MARK "2}}", "/a/x", 0, 1},
    {"the same key one level up", "{\"a\": {\"b\": 1}, \"b\": " MARK "2}", "/b", 0, 1},
    {"~1 and ~0", "{\"a/b~c\": " MARK "1}", "/a~1b~0c", 0, 1},
    {"~01 is ~ then 1", "{\"~1\": " MARK "1, \"/\": 2}", "/~01", 0, 1},
    {"escaped slash in a key", "{\"a\\/b\": " MARK "1}", "/a~1b", 0, 1},
    {"unicode escapes in a key", "{\"caf\\u00e9\": 0, \"caf\\u00E9x\": " MARK "1}", "/caf\xc3\xa9x",
     0, 1},
    {"a raw UTF-8 key equals its escaped form", "{\"caf\\u00e9\": 0, \"caf\xc3\xa9\": " MARK "1}",
     "/caf\xc3\xa9", 0, 1},
    {"surrogate pair", "{\"\\ud83d\\ude00\": " MARK "1}", "/\xf0\x9f\x98\x80", 0, 1},
    {"lone high surrogate", "{\"\\ud800x\": " MARK "1}", "/\xef\xbf\xbdx", 0, 1},
    {"lone low surrogate", "{\"\\udc00\": " MARK "1}", "/\xef\xbf\xbd", 0, 1},
    {"reversed pair", "{\"\\ude00\\ud83d\": " MARK "1}", "/\xef\xbf\xbd\xef\xbf\xbd", 0, 1},
    {"high surrogate then an escape", "{\"\\ud800\\u0041\": " MARK "1}", "/\xef\xbf\xbd" "A", 0, 1},
    {"an escaped NUL ends a key", "{\"a\\u0000b\": " MARK "1}", "/a", 0, 1},
    {"simple escapes", "{\"\\\"\\\\\\b\\f\\n\\r\\t\": " MARK "1}", "/\"\\\b\f\n\r\t", 0, 1},
    {"single-quoted key with \\\" and \"", "{'a\\\"b\"c': " MARK "1}", "/a\"b\"c", 0, 1},
    {"comments around the colon", "{\"a\" /* c */ : // d\n " MARK "[1]}", "/a", 0, 1},
    {"trailing commas", "{\"a\": [1, 2, ], \"b\": " MARK "{}, }", "/b", 0, 1},
    {"CRLF and tabs", "{\r\n\t\"a\":\r\n\t\t" MARK "5\r\n}", "/a", 0, 1},
    {"literals and lenient numbers", "{\"a\": [TRUE, nUlL, NaN, -Infinity, 007, 5., 1e, 2E+, -0, "
     MARK "\"x\"]}", "/a/9", 0, 1},
    {"brackets and quotes inside strings", "{\"a\": \"}/* ] \\\"\", \"b\": " MARK "1}", "/b", 0, 1},
    {"single-quoted strings", "{'a': 'x\"y}', 'b': " MARK "2}", "/b", 0, 1},
    {"a raw newline in a string", "{\"a\": \"x\ny\", \"b\": " MARK "2}", "/b", 0, 1},
    {"multi-byte characters count as bytes", "{\"\xc3\xa9\xe2\x82\xac\": 1, \"b\": " MARK "2}",
     "/b", 0, 1},
    {"the empty key", "{\"\": " MARK "1}", "/", 0, 1},
    {"a key that looks like an index", "{\"0\": " MARK "1}", "/0", 0, 1},
    {"a comment at the end", "{\"a\": " MARK "1} // the end", "/a", 0, 1},
    {"a value that ends the text", "{\"a\": " MARK "[12]}", "/a", 0, 1},

    {"unknown key", "{\"sections\": [], " MARK "\"itemcount\": 1}", "/itemcount", KEY, 1},
    {"unknown key, nested", "{\"sections\": [{" MARK "\"itemcount\": 1}]}",
     "/sections/0/itemcount", KEY, 1},
    {"unknown key, the last of two", "{\"x\": 1, /* */ " MARK "'x' : 2}", "/x", KEY, 1},
    {"unknown key that is escaped", "{\"a\": {" MARK "\"\\u0078\": 1}}", "/a/x", KEY, 1},
    {"key mode on an array element", "{\"a\": [" MARK "1]}", "/a/0", KEY, 1},
    {"a cut pointer matches a key's start", "{\"abc\": 0, " MARK "\"abcdef\": 1}", "/abcd",
     KEY | CUT, 1},
    {"a cut pointer prefers an equal key", "{" MARK "\"abcd\": 0, \"abcdef\": 1}", "/abcd",
     KEY | CUT, 1},
    {"a cut pointer, its value", "{\"abcdef\": " MARK "1}", "/abc", CUT, 1},

    {"absent key: the object", "{\"sections\": [" MARK "{\"group\": {}}]}", "/sections/0/itemCount",
     0, 0},
    {"absent below absent", "{\"sections\": [" MARK "{}]}", "/sections/0/layoutSize/width", 0, 0},
    {"without CUT, a prefix is absent", MARK "{\"abcdef\": 1}", "/abc", KEY, 0},
    {"index past the end", "{\"a\": " MARK "[1, 2]}", "/a/5", 0, 0},
    {"index into an empty array", "{\"a\": " MARK "[ ]}", "/a/0", 0, 0},
    {"index '-'", "{\"a\": " MARK "[1]}", "/a/-", 0, 0},
    {"index with a leading zero", "{\"a\": " MARK "[1, 2]}", "/a/01", 0, 0},
    {"a token below a number", "{\"a\": " MARK "5}", "/a/b", 0, 0},
    {"a key into an empty object", "{\"a\": " MARK "{}}", "/a/b", 0, 0},
};

/* Texts or pointers the locator must refuse. */
static const struct {
  const char *name, *text, *pointer;
} refusals[] = {
    {"a pointer without '/'", "{\"a\": 1}", "a"},
    {"~2", "{\"a\": 1}", "/~2"},
    {"a '~' at the end", "{\"a\": 1}", "/a~"},
    {"a bad escape past an absent key", "{\"a\": 1}", "/x/~9"},
    {"a text that ends inside an object", "{\"a\": 1, ", "/b"},
    {"an empty text", "", ""},
    {"only a comment", "/* x */", ""},
    {"a missing colon", "{\"a\" 1}", "/a"},
    {"an unknown escape", "{\"a\": \"\\q\", \"b\": 1}", "/b"},
    {"\\' is no escape", "{'a\\'b': 1}", "/x"},
    {"an unterminated comment", "{\"a\": 1 /* }", "/b"},
    {"two commas", "{\"a\": 1,, \"b\": 2}", "/b"},
    {"a leading comma", "{\"s\": [, 1]}", "/s/1"},
    {"a bad \\u", "{\"\\u12g4\": 1}", "/x"},
};

static int failures = 0;

static void fail(const char *name, const char *format, const char *detail) {
  fprintf(stderr, "test_json_locate: %s: ", name);
  fprintf(stderr, format, detail);
  fputc('\n', stderr);
  failures++;
}

static void run_case(const locate_case *c) {
  /* The text without its marker, and the marker's offset. */
  size_t raw = strlen(c->text);
  char *text = malloc(raw + 1);
  const char *mark = strchr(c->text, MARK[0]);
  if (!text || !mark) {
    fail(c->name, "%s", "no marker");
    free(text);
    return;
  }
  size_t expected = (size_t)(mark - c->text);
  memcpy(text, c->text, expected);
  strcpy(text + expected, mark + 1);
  size_t length = raw - 1;

  json_location location;
  long line, column;
  char why[512];
  /* The oracle checks a key where the case expects one (not an array element). */
  int key = c->exact && (c->flags & KEY) && (text[expected] == '"' || text[expected] == '\'');
  json_line_column(text, expected, &line, &column);
  if (json_locate(text, length, c->pointer, c->flags, &location) != 0) {
    fail(c->name, "%s", "refused");
  } else if (location.offset != expected || location.line != line ||
             location.column != column || location.exact != c->exact) {
    snprintf(why, sizeof why, "%ld:%ld exact %d, expected %ld:%ld exact %d", location.line,
             location.column, location.exact, line, column, c->exact);
    fail(c->name, "found %s", why);
  } else if (oracle_check(text, length, c->pointer, key, (c->flags & CUT) != 0, expected, why,
                          sizeof why) != 0) {
    fail(c->name, "json-c disagrees: %s", why);
  } else if (oracle_check(text, length, c->pointer, 0, 0, expected + 1, why, sizeof why) == 0) {
    fail(c->name, "%s", "the oracle accepts the byte after the place");
  }
  free(text);
}

/* 300 nested arrays, then an object: the locator follows a pointer as deep as json-c reads. */
static void run_deep_case(void) {
  enum { DEPTH = 300 };
  char text[2 * DEPTH + 64], pointer[2 * DEPTH + 16];
  size_t n = 0, p = 0;
  for (int i = 0; i < DEPTH; i++) {
    text[n++] = '[';
    pointer[p++] = '/';
    pointer[p++] = '0';
  }
  size_t expected = n + 6;
  n += (size_t)sprintf(text + n, "{\"k\": 7}");
  for (int i = 0; i < DEPTH; i++) text[n++] = ']';
  text[n] = '\0';
  strcpy(pointer + p, "/k");
  json_location location;
  if (json_locate(text, n, pointer, 0, &location) != 0 || location.offset != expected ||
      !location.exact)
    fail("300 levels deep", "%s", "not found");
}

int main(void) {
  size_t count = sizeof cases / sizeof cases[0];
  size_t refused = sizeof refusals / sizeof refusals[0];
  for (size_t i = 0; i < count; i++) run_case(&cases[i]);
  run_deep_case();
  for (size_t i = 0; i < refused; i++) {
    json_location location = {0, 0, 0, 0};
    if (json_locate(refusals[i].text, strlen(refusals[i].text), refusals[i].pointer, 0,
                    &location) != -1)
      fail(refusals[i].name, "%s", "accepted");
  }
  static const char nul_text[] = "{\"a\": \"x\0y\"}";
  json_location location;
  if (json_locate(nul_text, sizeof nul_text - 1, "/b", 0, &location) != -1)
    fail("a raw NUL in a string", "%s", "accepted");
  if (failures) {
    fprintf(stderr, "test_json_locate: %d failures\n", failures);
    return 1;
  }
  printf("test_json_locate: %zu places, 1 deep pointer and %zu refusals as expected\n", count,
         refused + 1);
  return 0;
}
