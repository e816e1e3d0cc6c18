/*
 * Runs the hostile-input corpus through sl_layout_create. Run from the repository root.
 *
 * Tests/Hostile holds one file per input, the raw bytes a host would pass (truncated texts,
 * invalid UTF-8, NUL bytes, BOMs, huge numbers, deep nesting ...), and Tests/Hostile/EXPECTED
 * says what the library must answer for each (format in Tests/Hostile/README.md). The files are
 * written by scripts/gen-hostile-corpus.py; this program needs no Python.
 *
 * For every case: the file and the manifest agree both ways; sl_layout_create returns the
 * expected status; on failure the error record has that code, the expected path (or line and
 * column), a non-empty message containing the expected text, both valid UTF-8 of at most
 * 1,023 bytes, and the output pointer is untouched. A layout that is created is sized to
 * 390 x 844, and its content size, first and last sections (frame, first, middle and last
 * item), the elements in its first and last screens and its scroll containers are checked to be
 * finite. Calls over 1 s are reported; a call over 10 s (times SL_TEST_TIME_SCALE) fails, and an
 * alarm ends a run that hangs, naming the case.
 *
 * Cases marked known-bug run in a child process, so that a crash or a hang is contained; a
 * mismatch is reported as SKIP with the bug's id, and a case that passes again is reported so
 * that its marker can go. Cases marked slow are skipped when SL_TEST_QUICK=1 or under valgrind;
 * cases marked manual (known bugs that take minutes or hours) only run with
 * SL_TEST_HOSTILE_MANUAL=1.
 *
 *   build/tests/test_hostile               run the corpus
 *   build/tests/test_hostile FILE...       show what the library answers for each file
 */
/* 64-bit file offsets and inode numbers on 32-bit systems too: there, readdir() without them
 * fails with EOVERFLOW on a file system whose inode numbers need 64 bits (ext4, btrfs, overlayfs),
 * and the directory would look empty. */
#define _FILE_OFFSET_BITS 64
#include <dirent.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test_support.h"
#include "utf8_check.h"

#define CORPUS_DIR "Tests/Hostile"
#define MANIFEST CORPUS_DIR "/EXPECTED"
/* The error record's strings are at most this long (docs/C-API.md). */
#define RECORD_LIMIT 1023
/* Reported, not failed: performance belongs in the benchmark. */
#define SLOW_CALL_SECONDS 1.0
/* A call this slow (times SL_TEST_TIME_SCALE) fails; the alarm is the guard against a hang. */
#define CALL_LIMIT_SECONDS 10.0
#define HANG_ALARM_SECONDS 60u
#define ELEMENT_BUFFER 512

/* ---- the manifest -------------------------------------------------------------------------- */

typedef struct hostile_case {
  char *name;
  int status;
  const char *status_name;
  /* Expected error path; NULL for "-" (empty path, no position) and for "L:C". */
  char *path;
  int line;
  int column;
  /* Expected message substring; NULL for "-". */
  char *message;
  /* Options. */
  char *known_bug;
  char *solve_error;
  int slow;
  int manual;
  int path_prefix;
  int manifest_line;
  int seen;
} hostile_case;

static const struct {
  const char *name;
  int status;
} status_names[] = {{"SL_OK", SL_OK},         {"SL_EINVAL", SL_EINVAL}, {"SL_EPARSE", SL_EPARSE},
                    {"SL_ECONFIG", SL_ECONFIG}, {"SL_ERANGE", SL_ERANGE}, {"SL_EBUFS", SL_EBUFS},
                    {"SL_ENOMEM", SL_ENOMEM},   {"SL_ESTATE", SL_ESTATE},
                    {"SL_ENOTFOUND", SL_ENOTFOUND}};

static char *copy_text(const char *text, size_t length) {
  char *copy = malloc(length + 1);
  if (copy == NULL) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  memcpy(copy, text, length);
  copy[length] = '\0';
  return copy;
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/*
 * Reads the next token of a manifest line at *cursor: a bare word (no blanks, no '"', not
 * starting with '#') or a quoted string with the escapes \\ \" \n \r \t and \xHH. Returns a
 * malloc'd copy (quoted strings may hold any byte but NUL); NULL at the end of the line or at a
 * '#', which starts a comment. *error is set on a malformed token.
 */
static char *next_token(const char **cursor, int *error) {
  const char *p = *cursor;
  while (*p == ' ' || *p == '\t' || *p == '\r') p++;
  if (*p == '\0' || *p == '#') { /* the end, or a comment to the end of the line */
    *cursor = p;
    return NULL;
  }
  if (*p != '"') {
    const char *start = p;
    while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r') {
      if (*p == '"') *error = 1;
      p++;
    }
    *cursor = p;
    return copy_text(start, (size_t)(p - start));
  }
  p++;
  size_t capacity = strlen(p) + 1, length = 0;
  char *text = malloc(capacity);
  if (text == NULL) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  for (;;) {
    char c = *p++;
    if (c == '\0') {
      *error = 1; /* unterminated */
      p--;
      break;
    }
    if (c == '"') break;
    if (c == '\\') {
      char e = *p++;
      if (e == '\\' || e == '"') {
        c = e;
      } else if (e == 'n') {
        c = '\n';
      } else if (e == 'r') {
        c = '\r';
      } else if (e == 't') {
        c = '\t';
      } else if (e == 'x' && hex_digit(p[0]) >= 0 && hex_digit(p[1]) >= 0 &&
                 (hex_digit(p[0]) | hex_digit(p[1])) != 0) {
        c = (char)(hex_digit(p[0]) * 16 + hex_digit(p[1]));
        p += 2;
      } else {
        *error = 1;
        if (e == '\0') p--;
        break;
      }
    }
    text[length++] = c;
  }
  text[length] = '\0';
  if (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r') *error = 1; /* "a"b */
  *cursor = p;
  return text;
}

static int manifest_errors = 0;
/* Every case of the manifest, so that a forked child can free them before it exits. */
static hostile_case *all_cases = NULL;
static size_t all_count = 0;

static void manifest_error(int line, const char *what, const char *detail) {
  test_checks++;
  test_failures++;
  manifest_errors++;
  fprintf(stderr, "%s:%d: %s%s%s\n", MANIFEST, line, what, detail ? ": " : "",
          detail ? detail : "");
}

/* Parses "L:C" (both >= 1); 0 if `text` is not of that form. */
static int parse_position(const char *text, int *line, int *column) {
  char *end;
  long l = strtol(text, &end, 10);
  if (end == text || *end != ':' || l < 1 || l > INT32_MAX) return 0;
  const char *rest = end + 1;
  long c = strtol(rest, &end, 10);
  if (end == rest || *end != '\0' || c < 1 || c > INT32_MAX) return 0;
  *line = (int)l;
  *column = (int)c;
  return 1;
}

/* Fills `c` from one manifest line; 0 for blank and comment lines, -1 for a malformed line. */
static int parse_case(const char *text, int number, hostile_case *c) {
  const char *cursor = text;
  while (*cursor == ' ' || *cursor == '\t' || *cursor == '\r') cursor++;
  if (*cursor == '\0' || *cursor == '#') return 0;
  memset(c, 0, sizeof *c);
  c->manifest_line = number;
  int error = 0, errors_before = manifest_errors;
  char *fields[4] = {NULL, NULL, NULL, NULL};
  for (int i = 0; i < 4; i++) fields[i] = next_token(&cursor, &error);
  int ok = !error && fields[3] != NULL;
  if (ok) {
    c->name = fields[0];
    fields[0] = NULL;
    int found = 0;
    for (size_t i = 0; i < sizeof status_names / sizeof status_names[0]; i++)
      if (strcmp(fields[1], status_names[i].name) == 0) {
        c->status = status_names[i].status;
        c->status_name = status_names[i].name;
        found = 1;
      }
    if (!found) manifest_error(number, "unknown status", fields[1]);
    ok = found;
  }
  if (ok) {
    /* "-": the path is empty and there is no position; "L:C": a syntax error's position (and
     * an empty path); anything else: the exact JSON Pointer. */
    if (strcmp(fields[2], "-") == 0) {
      /* nothing to keep */
    } else if (c->status == SL_EPARSE && parse_position(fields[2], &c->line, &c->column)) {
      /* kept in line and column */
    } else if (fields[2][0] == '/') {
      c->path = fields[2];
      fields[2] = NULL;
    } else {
      manifest_error(number, "the third field is '-', L:C or a JSON Pointer", fields[2]);
      ok = 0;
    }
    if (strcmp(fields[3], "-") != 0) {
      c->message = fields[3];
      fields[3] = NULL;
    }
    if (c->status == SL_OK && (c->path != NULL || c->line != 0 || c->message != NULL)) {
      manifest_error(number, "an SL_OK case has '-' for its path and message", NULL);
      ok = 0;
    }
  }
  for (int i = 0; i < 4; i++) free(fields[i]);
  char *option;
  while (ok && (option = next_token(&cursor, &error)) != NULL) {
    if (strcmp(option, "slow") == 0) {
      c->slow = 1;
    } else if (strcmp(option, "manual") == 0) {
      c->manual = 1;
    } else if (strcmp(option, "path-prefix") == 0 && c->path != NULL) {
      c->path_prefix = 1;
    } else if (strncmp(option, "known-bug=", 10) == 0 && option[10] != '\0') {
      c->known_bug = copy_text(option + 10, strlen(option + 10));
    } else if (strncmp(option, "solve-error=", 12) == 0 && option[12] == '/' &&
               c->status == SL_OK) {
      c->solve_error = copy_text(option + 12, strlen(option + 12));
    } else {
      manifest_error(number, "unknown or misplaced option", option);
      ok = 0;
    }
    free(option);
  }
  if (error) {
    manifest_error(number, "malformed token (a quoted field needs a closing '\"')", NULL);
    ok = 0;
  } else if (!ok && manifest_errors == errors_before) {
    manifest_error(number, "a case is: NAME STATUS WHERE MESSAGE [OPTION...]", NULL);
  }
  if (!ok) {
    free(c->name);
    free(c->path);
    free(c->message);
    free(c->known_bug);
    free(c->solve_error);
    memset(c, 0, sizeof *c);
    return -1;
  }
  return 1;
}

static hostile_case *read_manifest(size_t *out_count) {
  size_t length = 0;
  char *text = test_read_file(MANIFEST, &length);
  if (text == NULL) {
    fprintf(stderr, "cannot read %s (run from the repository root)\n", MANIFEST);
    exit(1);
  }
  if (strlen(text) != length) manifest_error(0, "the manifest holds a NUL byte", NULL);
  hostile_case *cases = NULL;
  size_t count = 0, capacity = 0;
  int number = 0;
  for (char *line = text; line != NULL && *line != '\0';) {
    char *end = strchr(line, '\n');
    if (end != NULL) *end = '\0';
    number++;
    if (count == capacity) {
      capacity = capacity ? capacity * 2 : 256;
      hostile_case *bigger = realloc(cases, capacity * sizeof *cases);
      if (bigger == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
      }
      cases = bigger;
    }
    int parsed = parse_case(line, number, &cases[count]);
    if (parsed > 0) {
      for (size_t i = 0; i < count; i++)
        if (strcmp(cases[i].name, cases[count].name) == 0)
          manifest_error(number, "a file is listed twice", cases[count].name);
      count++;
    }
    line = end != NULL ? end + 1 : NULL;
  }
  free(text);
  *out_count = count;
  return cases;
}

static void free_cases(hostile_case *cases, size_t count) {
  for (size_t i = 0; i < count; i++) {
    free(cases[i].name);
    free(cases[i].path);
    free(cases[i].message);
    free(cases[i].known_bug);
    free(cases[i].solve_error);
  }
  free(cases);
}

/* ---- reporting ----------------------------------------------------------------------------- */

static const hostile_case *current = NULL;
/* Mismatches of the current case, counted so that a known bug reports only its first. */
static int case_mismatches = 0;
static char first_mismatch[512];

/* One failed check of the current case: a failure, or for a known bug a note kept for SKIP. */
static void mismatch(const char *format, ...) {
  va_list arguments;
  char text[sizeof first_mismatch];
  va_start(arguments, format);
  vsnprintf(text, sizeof text, format, arguments);
  va_end(arguments);
  test_checks++;
  if (case_mismatches++ == 0) memcpy(first_mismatch, text, sizeof text);
  if (current->known_bug == NULL) {
    test_failures++;
    fprintf(stderr, "%s/%s: %s\n", CORPUS_DIR, current->name, text);
  }
}

#define EXPECT(cond, ...)       \
  do {                          \
    if (cond)                   \
      test_checks++;            \
    else                        \
      mismatch(__VA_ARGS__);    \
  } while (0)

/* Prints `text` (at most `limit` bytes) with control and non-ASCII bytes escaped. */
static void print_escaped(FILE *stream, const char *text, size_t limit) {
  size_t i = 0;
  for (; text[i] != '\0' && i < limit; i++) {
    unsigned char byte = (unsigned char)text[i];
    if (byte < 0x20 || byte >= 0x7f || byte == '"' || byte == '\\')
      fprintf(stream, "\\x%02x", byte);
    else
      fputc(byte, stream);
  }
  if (text[i] != '\0') fprintf(stream, "...(%zu bytes)", strlen(text));
}

static void print_quoted(const char *text, size_t limit) {
  printf("\"");
  print_escaped(stdout, text, limit);
  printf("\"");
}


static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void check_time(const char *call, double seconds) {
  double limit = CALL_LIMIT_SECONDS * time_scale();
  if (seconds > SLOW_CALL_SECONDS)
    printf("note: %s/%s: %s took %.2f s\n", CORPUS_DIR, current->name, call, seconds);
  EXPECT(seconds <= limit, "%s took %.1f s (limit %.0f s)", call, seconds, limit);
}

/* The name of the case that is running, for the hang alarm (set before each case). */
static char alarm_name[256];

static void on_alarm(int signal_number) {
  (void)signal_number;
  static const char prefix[] = "test_hostile: no answer within the hang alarm for ";
  ssize_t ignored = write(STDERR_FILENO, prefix, sizeof prefix - 1);
  ignored = write(STDERR_FILENO, alarm_name, strlen(alarm_name));
  ignored = write(STDERR_FILENO, "\n", 1);
  (void)ignored;
  _exit(3);
}

/* ---- one case ------------------------------------------------------------------------------ */

static void check_record(int status) {
  const sl_error *record = sl_error_last();
  if (record == NULL) {
    mismatch("sl_error_last() is NULL");
    return;
  }
  EXPECT(record->code == status, "error code %d, but the call returned %d", record->code, status);
  EXPECT(record->message != NULL && record->message[0] != '\0', "empty error message");
  EXPECT(record->path != NULL, "NULL error path");
  if (record->message == NULL || record->path == NULL) return;
  EXPECT(sl_check_valid_utf8(record->message), "the message is not valid UTF-8");
  EXPECT(sl_check_valid_utf8(record->path), "the path is not valid UTF-8");
  EXPECT(strlen(record->message) <= RECORD_LIMIT, "a message of %zu bytes",
         strlen(record->message));
  EXPECT(strlen(record->path) <= RECORD_LIMIT, "a path of %zu bytes", strlen(record->path));

  const char *path = current->path != NULL ? current->path : "";
  int path_ok = current->path_prefix ? strncmp(record->path, path, strlen(path)) == 0
                                     : strcmp(record->path, path) == 0;
  if (!path_ok) {
    char shown[200];
    snprintf(shown, sizeof shown, "%.150s", record->path);
    mismatch("path \"%s\"%s, expected \"%.150s\"%s (message: %.200s)", shown,
             strlen(record->path) > 150 ? "..." : "", path,
             current->path_prefix ? "..." : "", record->message);
  }
  EXPECT(record->line == current->line && record->column == current->column,
         "position %d:%d, expected %d:%d (message: %.200s)", (int)record->line,
         (int)record->column, current->line, current->column, record->message);
  if (current->message != NULL)
    EXPECT(strstr(record->message, current->message) != NULL,
           "message \"%.300s\" does not contain \"%.100s\"", record->message, current->message);
}

static int finite_rect(sl_rect r) {
  return isfinite(r.x) && isfinite(r.y) && isfinite(r.width) && isfinite(r.height) &&
         r.width >= 0 && r.height >= 0;
}

#define EXPECT_RECT(rect, ...)                                                             \
  EXPECT(finite_rect(rect), "%s: rect {%g, %g, %g, %g} is not finite and non-negative", \
         __VA_ARGS__, (rect).x, (rect).y, (rect).width, (rect).height)

static void check_scroll(const sl_layout *layout, int32_t container) {
  sl_scroll_info scroll;
  int status = sl_layout_get_scroll_info(layout, container, &scroll);
  EXPECT(status == SL_OK, "sl_layout_get_scroll_info(%d) returned %d: %s", container, status,
         sl_error_last()->message);
  if (status == SL_OK)
    EXPECT(isfinite(scroll.viewport_length) && isfinite(scroll.content_length) &&
               isfinite(scroll.inset_leading) && isfinite(scroll.inset_trailing) &&
               isfinite(scroll.min_offset) && isfinite(scroll.max_offset) &&
               isfinite(scroll.offset) && isfinite(scroll.deceleration_rate),
           "scroll container %d: content %g, offsets %g..%g", container, scroll.content_length,
           scroll.min_offset, scroll.max_offset);
}

static void check_section(const sl_layout *layout, int32_t section) {
  char what[96];
  sl_section_info info;
  int status = sl_layout_get_section_info(layout, section, &info);
  EXPECT(status == SL_OK, "sl_layout_get_section_info(%d) returned %d: %s", section, status,
         sl_error_last()->message);
  if (status != SL_OK) return;
  snprintf(what, sizeof what, "section %d frame", section);
  EXPECT_RECT(info.frame, what);
  EXPECT(isfinite(info.orthogonal_content_length) && isfinite(info.orthogonal_offset),
         "section %d: orthogonal length %g, offset %g", section, info.orthogonal_content_length,
         info.orthogonal_offset);
  if (info.orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE) check_scroll(layout, section);
  int64_t count = 0;
  status = sl_layout_get_item_count(layout, section, &count);
  EXPECT(status == SL_OK && count == info.item_count, "section %d: item count %lld / %lld",
         section, (long long)count, (long long)info.item_count);
  if (count <= 0) return;
  const int64_t items[] = {0, count / 2, count - 1};
  for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
    sl_rect frame;
    status = sl_layout_get_item_frame(layout, section, items[i], &frame);
    EXPECT(status == SL_OK, "sl_layout_get_item_frame(%d, %lld) returned %d: %s", section,
           (long long)items[i], status, sl_error_last()->message);
    snprintf(what, sizeof what, "item (%d, %lld)", section, (long long)items[i]);
    if (status == SL_OK) EXPECT_RECT(frame, what);
  }
}

/* The elements in `rect`: answered in time, with finite frames. A rect holding more than 2^26
 * elements is refused with SL_ERANGE (the header), and the buffer holds the first ones. */
static void check_elements(const sl_layout *layout, sl_rect rect, const char *where) {
  static sl_element elements[ELEMENT_BUFFER];
  size_t count = 0;
  char what[96];
  snprintf(what, sizeof what, "sl_layout_get_elements_in_rect(%s)", where);
  sl_error_clear();
  double start = seconds_now();
  int status = sl_layout_get_elements_in_rect(layout, rect, elements, ELEMENT_BUFFER, &count);
  check_time(what, seconds_now() - start);
  EXPECT(status == SL_OK || status == SL_EBUFS || status == SL_ERANGE, "%s: status %d: %s", what,
         status, sl_error_last()->message);
  if (status != SL_OK && status != SL_EBUFS && status != SL_ERANGE) return;
  size_t n = count < ELEMENT_BUFFER ? count : ELEMENT_BUFFER;
  for (size_t i = 0; i < n; i++) {
    const sl_element *e = &elements[i];
    snprintf(what, sizeof what, "%s: element %zu (section %d, item %lld)", where, i, e->section,
             (long long)e->item);
    EXPECT_RECT(e->frame, what);
    EXPECT(isfinite(e->alpha) && isfinite(e->transform.a) && isfinite(e->transform.b) &&
               isfinite(e->transform.c) && isfinite(e->transform.d) &&
               isfinite(e->transform.tx) && isfinite(e->transform.ty),
           "%s: alpha %g, transform {%g, %g, %g, %g, %g, %g}", what, e->alpha, e->transform.a,
           e->transform.b, e->transform.c, e->transform.d, e->transform.tx, e->transform.ty);
  }
}

/* A created layout: size it and check that what it answers is finite. */
static void check_geometry(sl_layout *layout) {
  sl_error_clear();
  double start = seconds_now();
  int status = sl_layout_set_container_size(layout, 390, 844);
  check_time("sl_layout_set_container_size", seconds_now() - start);
  if (current->solve_error != NULL) {
    EXPECT(status == SL_ECONFIG, "sizing to 390 x 844 returned %d (%s), expected SL_ECONFIG",
           status, sl_status_string(status));
    EXPECT(strcmp(sl_error_last()->path, current->solve_error) == 0,
           "sizing failed at \"%s\", expected \"%s\" (%s)", sl_error_last()->path,
           current->solve_error, sl_error_last()->message);
    EXPECT(sl_error_last()->message[0] != '\0' && sl_check_valid_utf8(sl_error_last()->message),
           "sizing failed with an empty or invalid message");
    return;
  }
  EXPECT(status == SL_OK, "sizing to 390 x 844 returned %d: %s [%s]", status,
         sl_error_last()->message, sl_error_last()->path);
  if (status != SL_OK) return;

  sl_size content = {0, 0};
  status = sl_layout_get_content_size(layout, &content);
  int content_ok = status == SL_OK && isfinite(content.width) && isfinite(content.height) &&
                   content.width >= 0 && content.height >= 0;
  EXPECT(content_ok, "content size %g x %g (status %d)", content.width, content.height, status);

  int32_t sections = 0;
  status = sl_layout_get_section_count(layout, &sections);
  EXPECT(status == SL_OK, "sl_layout_get_section_count returned %d", status);
  if (sections > 0) check_section(layout, 0);
  if (sections > 1) check_section(layout, sections - 1);

  /* The first screen, and the last one (the bottom-right corner of the content). */
  check_elements(layout, (sl_rect){0, 0, 390, 844}, "the first screen");
  if (content_ok)
    check_elements(layout,
                   (sl_rect){content.width > 390 ? content.width - 390 : 0,
                             content.height > 844 ? content.height - 844 : 0, 390, 844},
                   "the last screen");
  check_scroll(layout, SL_SCROLL_MAIN);
}

static int sentinel_target;
#define SENTINEL_LAYOUT ((sl_layout *)(void *)&sentinel_target)

static void run_case(const hostile_case *c, const char *path) {
  current = c;
  case_mismatches = 0;
  first_mismatch[0] = '\0';
  size_t length = 0;
  char *text = test_read_file(path, &length);
  if (text == NULL) {
    mismatch("cannot read the file");
    return;
  }
  /* The exact bytes, in a buffer of their own size: valgrind sees any read past the end. */
  char *bytes = malloc(length > 0 ? length : 1);
  if (bytes == NULL) {
    free(text);
    mismatch("out of memory");
    return;
  }
  memcpy(bytes, text, length);
  free(text);

  snprintf(alarm_name, sizeof alarm_name, "%s", c->name);
  alarm(HANG_ALARM_SECONDS * (unsigned)time_scale());
  sl_error_clear();
  sl_layout *layout = SENTINEL_LAYOUT;
  double start = seconds_now();
  int status = sl_layout_create(bytes, length, &layout);
  check_time("sl_layout_create", seconds_now() - start);
  free(bytes);

  EXPECT(status == c->status,
         "sl_layout_create returned %d (%s), expected %s; error: %.300s [%.200s]", status,
         sl_status_string(status), c->status_name, sl_error_last()->message,
         sl_error_last()->path);
  if (status == SL_OK) {
    EXPECT(layout != SENTINEL_LAYOUT && layout != NULL, "SL_OK without a layout");
    if (layout != SENTINEL_LAYOUT && layout != NULL) {
      if (c->status == SL_OK) check_geometry(layout);
      sl_layout_destroy(layout);
    }
  } else {
    EXPECT(layout == SENTINEL_LAYOUT, "a failing call wrote the output pointer (%p)",
           (void *)layout);
    if (status == c->status) check_record(status);
  }
  alarm(0);
}

/*
 * Runs a known-bug case in a child process, so that a bug that crashes or hangs is reported
 * like any other: returns 1 when the bug shows (its first symptom in `symptom`), 0 when the case
 * passes.
 */
static int run_known_bug(const hostile_case *c, const char *path, char *symptom, size_t size) {
  int channel[2];
  if (pipe(channel) != 0) {
    snprintf(symptom, size, "pipe failed");
    return 1;
  }
  fflush(NULL);
  pid_t child = fork();
  if (child < 0) {
    close(channel[0]);
    close(channel[1]);
    snprintf(symptom, size, "fork failed");
    return 1;
  }
  if (child == 0) {
    close(channel[0]);
    run_case(c, path);
    int code = case_mismatches > 0 ? 1 : 0;
    if (code != 0) {
      ssize_t ignored = write(channel[1], first_mismatch, strlen(first_mismatch));
      (void)ignored;
    }
    close(channel[1]);
    /* A clean exit, so that valgrind finds nothing left in the child either. */
    free_cases(all_cases, all_count);
    exit(code);
  }
  close(channel[1]);
  size_t length = 0;
  ssize_t n;
  while (length + 1 < size && (n = read(channel[0], symptom + length, size - 1 - length)) > 0)
    length += (size_t)n;
  symptom[length] = '\0';
  close(channel[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
  }
  if (WIFSIGNALED(status)) {
    int signal_number = WTERMSIG(status);
    snprintf(symptom, size, "the process was killed by signal %d (%s)", signal_number,
             signal_number == SIGILL || signal_number == SIGTRAP ? "a Swift trap" : "a crash");
    return 1;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 3) {
    snprintf(symptom, size, "no answer within the hang alarm");
    return 1;
  }
  return !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* ---- the directory ------------------------------------------------------------------------- */

/* Files of the corpus: every regular file but README.md, EXPECTED and dot files. */
static int is_input(const char *name) {
  return name[0] != '.' && strcmp(name, "README.md") != 0 && strcmp(name, "EXPECTED") != 0;
}

static void check_directory(hostile_case *cases, size_t count) {
  DIR *directory = opendir(CORPUS_DIR);
  if (directory == NULL) {
    fprintf(stderr, "cannot open %s (run from the repository root)\n", CORPUS_DIR);
    exit(1);
  }
  struct dirent *entry;
  while ((entry = readdir(directory)) != NULL) {
    if (!is_input(entry->d_name)) continue;
    int listed = 0;
    for (size_t i = 0; i < count; i++)
      if (strcmp(cases[i].name, entry->d_name) == 0) {
        cases[i].seen = 1;
        listed = 1;
      }
    CHECK(listed, "%s/%s is not in %s", CORPUS_DIR, entry->d_name, MANIFEST);
  }
  closedir(directory);
  for (size_t i = 0; i < count; i++)
    CHECK(cases[i].seen, "%s:%d: %s has no file in %s", MANIFEST, cases[i].manifest_line,
          cases[i].name, CORPUS_DIR);
}

/* Whether valgrind runs the test (it preloads its core): slow cases are skipped, as with
 * SL_TEST_QUICK=1, since valgrind makes them take minutes. */
static int under_valgrind(void) {
  const char *preload = getenv("LD_PRELOAD");
  return preload != NULL && strstr(preload, "vgpreload") != NULL;
}

/* ---- show mode ----------------------------------------------------------------------------- */

/* Prints what the library answers for a file, as a manifest line would say it. */
static void show(const char *path) {
  size_t length = 0;
  char *text = test_read_file(path, &length);
  if (text == NULL) {
    fprintf(stderr, "cannot read %s\n", path);
    return;
  }
  const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  sl_error_clear();
  sl_layout *layout = NULL;
  double start = seconds_now();
  int status = sl_layout_create(text, length, &layout);
  double seconds = seconds_now() - start;
  const sl_error *e = sl_error_last();
  const char *status_name = "?";
  for (size_t i = 0; i < sizeof status_names / sizeof status_names[0]; i++)
    if (status_names[i].status == status) status_name = status_names[i].name;
  printf("%s %s ", name, status_name);
  if (status == SL_OK) {
    printf("- -");
  } else {
    if (e->line != 0)
      printf("%d:%d", (int)e->line, (int)e->column);
    else if (e->path[0] != '\0')
      print_quoted(e->path, 200);
    else
      printf("-");
    printf(" ");
    print_quoted(e->message, 300);
  }
  printf("    # %.3f s", seconds);
  if (status == SL_OK) {
    int solved = sl_layout_set_container_size(layout, 390, 844);
    if (solved == SL_OK) {
      sl_size size = {0, 0};
      sl_layout_get_content_size(layout, &size);
      printf(", at 390 x 844: content %g x %g", size.width, size.height);
    } else {
      printf(", at 390 x 844: %s: %s [%s]", sl_status_string(solved), sl_error_last()->message,
             sl_error_last()->path);
    }
    sl_layout_destroy(layout);
  }
  printf("\n");
  free(text);
}

int main(int argc, char **argv) {
  /* Line by line: if a case brings the process down, the output so far says which. */
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc > 1) {
    for (int i = 1; i < argc; i++) show(argv[i]);
    return 0;
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_alarm;
  sigaction(SIGALRM, &action, NULL);

  size_t count = 0;
  hostile_case *cases = read_manifest(&count);
  all_cases = cases;
  all_count = count;
  check_directory(cases, count);
  CHECK(count > 0, "no cases in %s", MANIFEST);

  int skipped_quick = 0, skipped_manual = 0, known_reproduced = 0, known_fixed = 0;
  const char *manual = getenv("SL_TEST_HOSTILE_MANUAL");
  int run_manual = manual != NULL && strcmp(manual, "1") == 0;
  double start = seconds_now();
  for (size_t i = 0; i < count; i++) {
    hostile_case *c = &cases[i];
    if (!c->seen) continue;
    if (c->manual && !run_manual) {
      skipped_manual++;
      continue;
    }
    if (c->slow && (quick_mode() || under_valgrind())) {
      skipped_quick++;
      continue;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", CORPUS_DIR, c->name);
    int failures_before = test_failures;
    if (c->known_bug != NULL) {
      char symptom[sizeof first_mismatch];
      test_checks++;
      if (run_known_bug(c, path, symptom, sizeof symptom)) {
        known_reproduced++;
        printf("SKIP %s (known bug %s): %s\n", c->name, c->known_bug, symptom);
      } else {
        known_fixed++;
        printf("NOTE %s: known bug %s no longer reproduces; remove its marker from %s\n",
               c->name, c->known_bug, MANIFEST);
      }
    } else {
      run_case(c, path);
    }
    if (getenv("SL_TEST_VERBOSE"))
      printf("%s %s\n", test_failures == failures_before ? "ok  " : "FAIL", c->name);
  }
  printf("hostile: %zu cases in %.2f s; %d skipped as known bugs, %d known bugs fixed, "
         "%d slow cases skipped (SL_TEST_QUICK or valgrind), %d manual cases skipped "
         "(SL_TEST_HOSTILE_MANUAL=1 runs them)\n",
         count, seconds_now() - start, known_reproduced, known_fixed, skipped_quick,
         skipped_manual);
  free_cases(cases, count);
  return test_finish("hostile");
}
