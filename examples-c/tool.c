/*
 * tool.c — what the snaplayout tool's commands share (tool.h).
 */
#include "tool.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "appstore_json.h" /* snaplayout_default_config, generated from appstore.json */

const char *tool_default_config(size_t *out_length) {
  *out_length = sizeof snaplayout_default_config - 1;
  return snaplayout_default_config;
}

char *tool_read_file(const char *path, size_t *out_length) {
  int from_stdin = strcmp(path, "-") == 0;
  FILE *file = from_stdin ? stdin : fopen(path, "rb");
  if (!file) return NULL;
  size_t capacity = 1 << 16, length = 0, n;
  char *text = malloc(capacity);
  while (text && (n = fread(text + length, 1, capacity - length, file)) > 0) {
    length += n;
    if (length == capacity) {
      char *bigger = capacity <= SIZE_MAX / 2 ? realloc(text, capacity * 2) : NULL;
      if (!bigger) free(text);
      text = bigger;
      capacity *= 2;
    }
  }
  int error = !text ? ENOMEM : ferror(file) ? (errno ? errno : EIO) : 0;
  if (from_stdin) {
    clearerr(stdin);
  } else {
    fclose(file);
  }
  if (error) {
    free(text);
    errno = error;
    return NULL;
  }
  *out_length = length;
  return text;
}

int tool_parse_number(const char *text, double *out) {
  char *end;
  errno = 0;
  double value = strtod(text, &end);
  if (errno != 0 || end == text || *end != '\0' || !isfinite(value)) return 0;
  *out = value;
  return 1;
}

int tool_parse_size(const char *text, double *width, double *height) {
  char buffer[128];
  const char *x = strchr(text, 'x');
  double w, h;
  if (!x || (size_t)(x - text) >= sizeof buffer) return 0;
  memcpy(buffer, text, (size_t)(x - text));
  buffer[x - text] = '\0';
  if (!tool_parse_number(buffer, &w) || !tool_parse_number(x + 1, &h)) return 0;
  if (!(w > 0 && h > 0 && w <= TOOL_MAX_LENGTH && h <= TOOL_MAX_LENGTH)) return 0;
  *width = w;
  *height = h;
  return 1;
}

int tool_parse_layout_option(const char *arg, const char *value, tool_layout_options *options,
                             int *used) {
  *used = 0;
  if (strcmp(arg, "--size") == 0 && value) {
    if (!tool_parse_size(value, &options->width, &options->height)) {
      fprintf(stderr, "snaplayout: --size takes WIDTHxHEIGHT, e.g. 390x844 (each > 0 and at "
                      "most 1e12), not '%s'\n", value);
      return 0;
    }
    *used = 1;
  } else if (strcmp(arg, "--offset") == 0 && value) {
    const char *equals = strchr(value, '=');
    char *end;
    long section = -1;
    double offset = 0;
    if (equals) {
      errno = 0;
      section = strtol(value, &end, 10);
      if (errno != 0 || end != equals || end == value || section < 0 || section > INT32_MAX)
        section = -1;
    }
    if (options->offset_count == TOOL_MAX_OFFSETS || section < 0 ||
        !tool_parse_number(equals + 1, &offset)) {
      fprintf(stderr, "snaplayout: --offset takes SECTION=OFFSET, e.g. 0=120 (at most %d "
                      "times), not '%s'\n", TOOL_MAX_OFFSETS, value);
      return 0;
    }
    options->offset_sections[options->offset_count] = (int32_t)section;
    options->offsets[options->offset_count++] = offset;
    *used = 1;
  } else if (arg[0] == '-' && arg[1] != '\0') {
    return -1;
  } else if (options->path) {
    fprintf(stderr, "snaplayout: only one configuration file, please ('%s' and '%s')\n",
            options->path, arg);
    return 0;
  } else {
    options->path = arg;
  }
  return 1;
}

/* The message for a configuration that cannot be read; a word that is no file may be a
   mistyped command. */
static void cannot_read(const char *path, int error) {
  fprintf(stderr, "snaplayout: cannot read '%s': %s\n", path, strerror(error));
  if (error == ENOENT && !strchr(path, '/') && !strchr(path, '.'))
    fprintf(stderr, "snaplayout: (the commands are render, check, resolve and help; "
                    "'snaplayout --help' lists them)\n");
}

int tool_load_layout(const tool_layout_options *options, sl_layout **out) {
  size_t length = 0;
  const char *config = tool_default_config(&length);
  char *text = NULL;
  if (options->path) {
    text = tool_read_file(options->path, &length);
    if (!text) {
      cannot_read(options->path, errno);
      return 1;
    }
    config = text;
  }
  sl_layout *layout = NULL;
  int status = sl_layout_create(config, length, &layout);
  free(text);
  if (status != SL_OK) {
    const sl_error *error = sl_error_last();
    if (error->line > 0) {
      fprintf(stderr, "snaplayout: %s: %s\n", options->path ? options->path : "(built-in)",
              error->message);
      return 1;
    }
    return tool_report("cannot load the configuration");
  }

  int result = 0;
  sl_size size;
  if (options->width > 0 || sl_layout_get_container_size(layout, &size) != SL_OK) {
    double width = options->width > 0 ? options->width : TOOL_DEFAULT_WIDTH;
    double height = options->height > 0 ? options->height : TOOL_DEFAULT_HEIGHT;
    if (sl_layout_set_container_size(layout, width, height) != SL_OK) {
      result = tool_report("cannot lay out at this size");
    }
  }
  for (int i = 0; result == 0 && i < options->offset_count; i++) {
    if (sl_layout_set_scroll_offset(layout, options->offset_sections[i], options->offsets[i]) !=
        SL_OK) {
      result = tool_report("cannot set the section offset");
    }
  }
  if (result != 0) {
    sl_layout_destroy(layout);
    return result;
  }
  *out = layout;
  return 0;
}

int tool_report(const char *what) {
  const sl_error *error = sl_error_last();
  fprintf(stderr, "snaplayout: %s: ", what);
  tool_print_line_text(stderr, error->message);
  if (error->path[0]) {
    fputs(" (at ", stderr);
    tool_print_line_text(stderr, error->path);
    fputc(')', stderr);
  }
  fprintf(stderr, " [%s]\n", sl_status_string(error->code));
  return 1;
}

const char *tool_status_name(int status) {
  switch (status) {
    case SL_OK: return "SL_OK";
    case SL_EINVAL: return "SL_EINVAL";
    case SL_EPARSE: return "SL_EPARSE";
    case SL_ECONFIG: return "SL_ECONFIG";
    case SL_ERANGE: return "SL_ERANGE";
    case SL_EBUFS: return "SL_EBUFS";
    case SL_ENOMEM: return "SL_ENOMEM";
    case SL_ESTATE: return "SL_ESTATE";
    case SL_ENOTFOUND: return "SL_ENOTFOUND";
    default: return "SL_E?";
  }
}

const char *tool_format_number(char text[TOOL_NUMBER_SIZE], double value) {
  if (!isfinite(value)) return strcpy(text, "null");
  if (value == 0) value = 0; /* -0 prints as 0 */
  for (int precision = 1; precision <= 17; precision++) {
    snprintf(text, TOOL_NUMBER_SIZE, "%.*g", precision, value);
    if (strtod(text, NULL) == value) break;
  }
  /* %g writes 390 as 3.9e+02 at 2 digits: below 1e17, whole numbers are written out. */
  const char *e = strchr(text, 'e');
  long exponent = e ? strtol(e + 1, NULL, 10) : -1;
  if (exponent >= 0 && exponent < 17)
    snprintf(text, TOOL_NUMBER_SIZE, "%.*g", (int)exponent + 1, value);
  return text;
}

void tool_print_number(FILE *out, double value) {
  char text[TOOL_NUMBER_SIZE];
  fputs(tool_format_number(text, value), out);
}

/* The length of the well-formed UTF-8 sequence at `s` (RFC 3629), or 0. */
static size_t utf8_sequence(const unsigned char *s) {
  unsigned char lead = s[0];
  size_t n;
  unsigned char low = 0x80, high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) n = 2;
  else if (lead >= 0xE0 && lead <= 0xEF) n = 3;
  else if (lead >= 0xF0 && lead <= 0xF4) n = 4;
  else return 0;
  if (lead == 0xE0) low = 0xA0;
  if (lead == 0xED) high = 0x9F;
  if (lead == 0xF0) low = 0x90;
  if (lead == 0xF4) high = 0x8F;
  if (s[1] < low || s[1] > high) return 0;
  for (size_t i = 2; i < n; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
  }
  return n;
}

void tool_print_json_string(FILE *out, const char *text) {
  const unsigned char *s = (const unsigned char *)text;
  fputc('"', out);
  while (*s) {
    if (*s == '"' || *s == '\\') {
      fprintf(out, "\\%c", *s++);
    } else if (*s == '\n') {
      fputs("\\n", out), s++;
    } else if (*s == '\t') {
      fputs("\\t", out), s++;
    } else if (*s < 0x20 || *s == 0x7F) {
      fprintf(out, "\\u%04x", *s++);
    } else if (*s < 0x80) {
      fputc(*s++, out);
    } else {
      size_t n = utf8_sequence(s);
      if (n == 0) {
        fputs("\\ufffd", out);
        s++;
      } else {
        fwrite(s, 1, n, out);
        s += n;
      }
    }
  }
  fputc('"', out);
}

void tool_print_line_text(FILE *out, const char *text) {
  for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
    if (*s == '\n') fputs("\\n", out);
    else if (*s == '\t') fputs("\\t", out);
    else if (*s == '\r') fputs("\\r", out);
    else if (*s < 0x20 || *s == 0x7F) fprintf(out, "\\x%02x", *s);
    else fputc(*s, out);
  }
}
