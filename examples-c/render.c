/*
 * render.c — draws a layout as SVG (and PNG through rsvg-convert); see render.h.
 *
 * Only the public API is used. The picture is built in content coordinates inside one
 * translated group: the area drawn (the viewport, the whole content or a rect) plus a margin,
 * a title band above and a caption (motions, rulers of rest positions, legend) below. Every
 * number goes through fmt() — at most two decimals, no "-0" — and nothing depends on the time
 * or the machine, so the SVG of a given layout state is the same text everywhere.
 */
#include "render.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define MAX_ELEMENTS 200000   /* more would make an unreadable picture: draw a rect instead */
#define MAX_RESTS 64          /* rest positions drawn on a ruler */
#define MIN_WIDTH 420.0       /* the caption needs this much room */
#define TITLE_BAND 50.0
#define CAPTION_PAD 16.0
#define TEXT_SIZE 11.0
#define LINE 16.0
#define FONT_WIDTH 0.56       /* DejaVu Sans: average advance per character, in ems */
#define BOLD_WIDTH 0.66

/* Element classes, in the order they are drawn when their z is the same (as UIKit lists them). */
enum { CLASS_DECORATION, CLASS_CELL, CLASS_BADGE, CLASS_BOUNDARY, CLASS_COUNT };

typedef struct element_view {
  sl_element element;
  int cls;
  int ghost;     /* not wholly inside the clip: also drawn faded, unclipped */
  size_t order;  /* position in the library's list, the last tie-breaker */
} element_view;

typedef struct motion_view {
  render_motion spec;
  sl_scroll_info info; /* at touch-down */
  sl_loop_info loop;   /* a looping container: its bounds are one lap, its rests repeat */
  double touch, release, time;
  sl_snap_result result;
  sl_motion_state state;
  int has_target;      /* an outline where it comes to rest */
  sl_rect target;
  size_t rest_count;   /* the container's rest positions; drawn when at most MAX_RESTS */
  double rests[MAX_RESTS];
} motion_view;

typedef struct scene {
  const sl_layout *layout;
  const render_options *options;
  sl_size container, content;
  sl_scroll_info main;
  int horizontal, rtl;
  sl_rect viewport, area, clip;
  double mx, my; /* the margins */
  double width, height, dx, dy, caption_top;
  element_view *views;
  size_t count;
  int present[CLASS_COUNT];
  char kinds[CLASS_COUNT][160]; /* kind names per class, for the legend */
  int ghosts;
  int copies; /* a cell of another lap than the canonical one (sl_element.copy) is drawn */
  int motion_count;
  motion_view motions[RENDER_MAX_MOTIONS];
} scene;

/* --- text ----------------------------------------------------------------------------------- */

/* A number with at most `decimals` decimals, trailing zeros dropped, never "-0". */
static const char *fmt_decimals(double value, int decimals) {
  static char ring[24][48];
  static unsigned next;
  char *text = ring[next++ % 24];
  if (!(value > -1e15 && value < 1e15)) value = value > 0 ? 1e15 : -1e15; /* NaN too */
  snprintf(text, sizeof ring[0], "%.*f", decimals, value);
  if (strchr(text, '.')) {
    size_t n = strlen(text);
    while (text[n - 1] == '0') text[--n] = '\0';
    if (text[n - 1] == '.') text[--n] = '\0';
  }
  if (strcmp(text, "-0") == 0) strcpy(text, "0");
  return text;
}

static const char *fmt(double value) { return fmt_decimals(value, 2); }

/* Writes to `out`, or nothing when `out` is NULL (measuring). */
static void emit(FILE *out, const char *format, ...) {
  if (!out) return;
  va_list args;
  va_start(args, format);
  vfprintf(out, format, args);
  va_end(args);
}

static void emit_escaped(FILE *out, const char *text) {
  for (; out && *text; text++) {
    switch (*text) {
      case '&': fputs("&amp;", out); break;
      case '<': fputs("&lt;", out); break;
      case '>': fputs("&gt;", out); break;
      case '"': fputs("&quot;", out); break;
      default: fputc((unsigned char)*text < 0x20 ? '?' : *text, out); /* no controls in XML */
    }
  }
}

/* Characters (UTF-8 code points) of a text. */
static size_t text_length(const char *text) {
  size_t n = 0;
  for (; *text; text++) n += ((unsigned char)*text & 0xC0) != 0x80;
  return n;
}

static double text_width(const char *text, double size, int bold) {
  return (double)text_length(text) * size * (bold ? BOLD_WIDTH : FONT_WIDTH);
}

static void emit_text(FILE *out, double x, double y, const char *cls, const char *anchor,
                      const char *text) {
  emit(out, "<text class=\"%s\" x=\"%s\" y=\"%s\"", cls, fmt(x), fmt(y));
  if (anchor) emit(out, " text-anchor=\"%s\"", anchor);
  emit(out, ">");
  emit_escaped(out, text);
  emit(out, "</text>\n");
}

/*
 * A label inside a box: at `size` when it fits, smaller down to 5.5 pt, left out below that.
 * `leading` puts it at the box's leading edge (headers) when there is room, else centred.
 */
static void emit_label(FILE *out, const char *cls, const char *text, sl_rect box, double size,
                       int leading) {
  double width = text_width(text, 1, 1);
  if (width <= 0) return;
  if (size * width > box.width - 6) size = (box.width - 6) / width;
  if (size > box.height * 0.72) size = box.height * 0.72;
  if (size < 5.5) return;
  double y = box.y + box.height / 2 + size * 0.36;
  emit(out, "<text class=\"%s\" font-size=\"%s\"", cls, fmt(size));
  if (leading && size * width + 20 <= box.width)
    emit(out, " x=\"%s\" y=\"%s\">", fmt(box.x + 10), fmt(y));
  else
    emit(out, " x=\"%s\" y=\"%s\" text-anchor=\"middle\">", fmt(box.x + box.width / 2), fmt(y));
  emit_escaped(out, text);
  emit(out, "</text>\n");
}

/* --- geometry ------------------------------------------------------------------------------- */

static double min2(double a, double b) { return a < b ? a : b; }
static double max2(double a, double b) { return a > b ? a : b; }

static sl_rect rect_union(sl_rect a, sl_rect b) {
  double x = min2(a.x, b.x), y = min2(a.y, b.y);
  return (sl_rect){x, y, max2(a.x + a.width, b.x + b.width) - x,
                   max2(a.y + a.height, b.y + b.height) - y};
}

static sl_rect rect_intersection(sl_rect a, sl_rect b) {
  double x = max2(a.x, b.x), y = max2(a.y, b.y);
  double w = min2(a.x + a.width, b.x + b.width) - x, h = min2(a.y + a.height, b.y + b.height) - y;
  return (sl_rect){x, y, w > 0 ? w : 0, h > 0 ? h : 0};
}

static int rect_contains(sl_rect outer, sl_rect inner) {
  return inner.x >= outer.x - 1e-9 && inner.y >= outer.y - 1e-9 &&
         inner.x + inner.width <= outer.x + outer.width + 1e-9 &&
         inner.y + inner.height <= outer.y + outer.height + 1e-9;
}

/* The container's rect in content coordinates when the main scroll is at `offset`. */
static sl_rect viewport_at(const scene *s, double offset) {
  if (!s->horizontal) return (sl_rect){0, offset, s->container.width, s->container.height};
  /* Logical offsets run from the content's end in a right-to-left horizontal scroll. */
  double x = s->rtl ? s->main.min_offset + s->main.max_offset - offset : offset;
  return (sl_rect){x, 0, s->container.width, s->container.height};
}

/*
 * Whether a horizontal layout is right-to-left: the header has no call for the direction, but
 * its items run from the right (the first section with items, its first and last items, or
 * where its first item sits).
 */
static int detect_rtl(const sl_layout *layout, double content_width) {
  int32_t sections = 0;
  sl_layout_get_section_count(layout, &sections);
  for (int32_t section = 0; section < sections; section++) {
    int64_t items = 0;
    sl_rect first, last;
    if (sl_layout_get_item_count(layout, section, &items) != SL_OK || items == 0) continue;
    if (sl_layout_get_item_frame(layout, section, 0, &first) != SL_OK ||
        sl_layout_get_item_frame(layout, section, items - 1, &last) != SL_OK)
      return 0;
    if (first.x != last.x) return last.x < first.x;
    return first.x + first.width / 2 > content_width / 2;
  }
  return 0;
}

/* --- names ---------------------------------------------------------------------------------- */

static const char *behavior_name(int32_t behavior) {
  switch (behavior) {
    case SL_ORTHOGONAL_NONE: return "none";
    case SL_ORTHOGONAL_CONTINUOUS: return "continuous";
    case SL_ORTHOGONAL_CONTINUOUS_GROUP_LEADING_BOUNDARY: return "continuousGroupLeadingBoundary";
    case SL_ORTHOGONAL_PAGING: return "paging";
    case SL_ORTHOGONAL_GROUP_PAGING: return "groupPaging";
    case SL_ORTHOGONAL_GROUP_PAGING_CENTERED: return "groupPagingCentered";
    default: return "?";
  }
}

static const char *snap_unit_name(int32_t unit) {
  switch (unit) {
    case SL_SNAP_PAGE: return "rests on pages";
    case SL_SNAP_ITEM: return "rests on items";
    case SL_SNAP_GROUP: return "rests on groups";
    default: return "free deceleration";
  }
}

static const char *motion_kind_name(int32_t kind) {
  switch (kind) {
    case SL_MOTION_DECAY: return "decay";
    case SL_MOTION_SPRING: return "spring";
    default: return "no";
  }
}

static const char *kind_name(const sl_layout *layout, int32_t kind) {
  const char *name = "?";
  sl_layout_get_element_kind_name(layout, kind, &name);
  return name;
}

/* --- motions -------------------------------------------------------------------------------- */

/* Resolves one release, samples its motion and moves the container there. */
static int apply_motion(sl_layout *layout, const render_motion *spec, motion_view *view,
                        const char **failed) {
  memset(view, 0, sizeof *view);
  view->spec = *spec;
  if (sl_layout_get_scroll_info(layout, spec->container, &view->info) != SL_OK ||
      sl_layout_get_loop_info(layout, spec->container, &view->loop) != SL_OK) {
    *failed = "cannot read the scroll container of --motion";
    return 1;
  }
  view->touch = view->info.offset;
  view->release = spec->from_touch ? view->touch + spec->release : spec->release;
  sl_scroll_release release = {SL_SCROLL_RELEASE_VERSION, 0, view->touch, view->release,
                               spec->velocity, 0};
  if (sl_layout_resolve_scroll(layout, spec->container, &release, &view->result) != SL_OK) {
    *failed = "cannot resolve the release of --motion";
    return 1;
  }
  const sl_motion *motion = &view->result.motion;
  /* 100% is the duration itself, where the motion is settled (a product could fall short). */
  view->time = !spec->percent ? spec->time
               : spec->time == 100 ? motion->duration
                                   : motion->duration * spec->time / 100;
  if (sl_motion_sample(motion, view->time, &view->state) != SL_OK) {
    *failed = "cannot sample the motion";
    return 1;
  }
  /* Where the resting item will be: its frame with the container at the target. */
  if (spec->container != SL_SCROLL_MAIN && view->result.item >= 0) {
    if (sl_layout_set_scroll_offset(layout, spec->container, motion->target_offset) != SL_OK ||
        sl_layout_get_item_frame(layout, view->result.section, view->result.item,
                                 &view->target) != SL_OK) {
      *failed = "cannot find where the motion comes to rest";
      return 1;
    }
    /* Drawn only while the item is on its way: at rest the outline would be the cell's. */
    view->has_target = view->state.offset != motion->target_offset;
  }
  if (sl_layout_set_scroll_offset(layout, spec->container, view->state.offset) != SL_OK) {
    *failed = "cannot set the offset of --motion";
    return 1;
  }
  size_t count = 0;
  if (sl_layout_get_snap_offsets(layout, spec->container, 0, NULL, 0, &count) != SL_OK) {
    *failed = "cannot list the rest positions";
    return 1;
  }
  view->rest_count = count;
  if (count > 0 && count <= MAX_RESTS &&
      sl_layout_get_snap_offsets(layout, spec->container, 0, view->rests, MAX_RESTS, &count) !=
          SL_OK) {
    *failed = "cannot list the rest positions";
    return 1;
  }
  return 0;
}

/* --- elements ------------------------------------------------------------------------------- */

static int compare_views(const void *left, const void *right) {
  const element_view *a = left, *b = right;
  if (a->element.z_index != b->element.z_index)
    return a->element.z_index < b->element.z_index ? -1 : 1;
  if (a->cls != b->cls) return a->cls < b->cls ? -1 : 1;
  return a->order < b->order ? -1 : a->order > b->order;
}

/* Appends a kind name to the legend's list for its class, once. */
static void note_kind(scene *s, int cls, const char *name) {
  char *list = s->kinds[cls];
  size_t length = strlen(list), n = strlen(name);
  for (const char *p = list; (p = strstr(p, name)) != NULL; p += n) {
    if ((p == list || p[-1] == ' ') && (p[n] == '\0' || p[n] == ',')) return;
  }
  if (length + n + 3 >= sizeof s->kinds[cls]) return;
  snprintf(list + length, sizeof s->kinds[cls] - length, "%s%s", length ? ", " : "", name);
}

/* Lists the elements around the area, classifies them and sorts them in drawing order. */
static int gather(scene *s, const char **failed) {
  sl_rect query = {s->area.x - s->mx, s->area.y - s->my, s->area.width + 2 * s->mx,
                   s->area.height + 2 * s->my};
  size_t count = 0;
  if (sl_layout_get_elements_in_rect(s->layout, query, NULL, 0, &count) != SL_OK) {
    *failed = "cannot list the elements";
    return 1;
  }
  if (count > MAX_ELEMENTS) {
    fprintf(stderr, "snaplayout: the picture would hold %zu elements (at most %d): draw the "
            "viewport or a smaller --rect\n", count, MAX_ELEMENTS);
    *failed = NULL;
    return 1;
  }
  sl_element *elements = calloc(count ? count : 1, sizeof *elements);
  s->views = calloc(count ? count : 1, sizeof *s->views);
  if (!elements || !s->views) {
    free(elements);
    fprintf(stderr, "snaplayout: out of memory\n");
    return 1;
  }
  if (sl_layout_get_elements_in_rect(s->layout, query, elements, count, &count) != SL_OK) {
    free(elements);
    *failed = "cannot list the elements";
    return 1;
  }
  for (size_t i = 0; i < count; i++) {
    element_view *view = &s->views[i];
    const sl_element *e = &elements[i];
    view->element = *e;
    view->order = i;
    if (e->category == SL_ELEMENT_CELL) {
      view->cls = CLASS_CELL;
    } else if (e->category == SL_ELEMENT_DECORATION) {
      view->cls = CLASS_DECORATION;
    } else {
      /* Boundary items are the kinds a section (or the layout) can measure; badges are not. */
      sl_size size;
      int measured;
      view->cls = sl_layout_get_measured_supplementary_size(s->layout, e->section, e->kind, &size,
                                                            &measured) == SL_OK
                      ? CLASS_BOUNDARY
                      : CLASS_BADGE;
    }
    view->ghost = !rect_contains(s->clip, e->frame);
    s->ghosts |= view->ghost;
    s->copies |= view->cls == CLASS_CELL && e->copy != 0;
    s->present[view->cls] = 1;
    if (view->cls != CLASS_CELL) note_kind(s, view->cls, kind_name(s->layout, e->kind));
  }
  free(elements);
  s->count = count;
  qsort(s->views, count, sizeof *s->views, compare_views);
  return 0;
}

/* --- drawing the scene ---------------------------------------------------------------------- */

static int is_identity(const sl_transform *t) {
  return t->a == 1 && t->b == 0 && t->c == 0 && t->d == 1 && t->tx == 0 && t->ty == 0;
}

/*
 * Draws one element. In the clipped layer (`ghost` 0) its label sits in the middle of the part
 * the clip shows; in the faded layer (`ghost` 1) only elements wholly clipped are labelled.
 */
static void draw_element(FILE *out, const scene *s, const element_view *view, int ghost) {
  const sl_element *e = &view->element;
  sl_rect f = e->frame;
  sl_rect box = f; /* where the label goes */
  if (view->ghost) {
    sl_rect shown = rect_intersection(f, s->clip);
    int visible = shown.width > 0 && shown.height > 0;
    if (ghost == visible) box.width = 0; /* no label */
    else if (!ghost && shown.width >= 24 && shown.height >= 16) box = shown;
  }
  int grouped = !is_identity(&e->transform) || e->alpha < 1;
  if (grouped) {
    emit(out, "<g");
    if (!is_identity(&e->transform)) {
      /* The transform applies about the frame's centre, as UIView.transform does. */
      const sl_transform *t = &e->transform;
      double cx = f.x + f.width / 2, cy = f.y + f.height / 2;
      emit(out, " transform=\"matrix(%s %s %s %s %s %s)\"", fmt_decimals(t->a, 4),
           fmt_decimals(t->b, 4), fmt_decimals(t->c, 4), fmt_decimals(t->d, 4),
           fmt(cx + t->tx - (t->a * cx + t->c * cy)), fmt(cy + t->ty - (t->b * cx + t->d * cy)));
    }
    if (e->alpha < 1) emit(out, " opacity=\"%s\"", fmt_decimals(e->alpha < 0 ? 0 : e->alpha, 3));
    emit(out, ">");
  }
  static const char *const classes[CLASS_COUNT] = {"decoration", "cell", "badge", "boundary"};
  double radius = view->cls == CLASS_BADGE ? min2(f.width, f.height) / 2
                  : view->cls == CLASS_DECORATION ? 10
                  : view->cls == CLASS_CELL ? min2(8, min2(f.width, f.height) / 6)
                                            : 4;
  emit(out, "<rect class=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"%s\"/>",
       classes[view->cls], fmt(f.x), fmt(f.y), fmt(f.width), fmt(f.height), fmt(radius));
  char label[320];
  const char *kind = kind_name(s->layout, e->kind);
  switch (view->cls) {
    case CLASS_CELL:
      /* A loop's copies of a cell in other laps than the canonical one say which. */
      if (e->copy != 0)
        snprintf(label, sizeof label, "%d.%lld (copy %d)", e->section, (long long)e->item,
                 (int)e->copy);
      else
        snprintf(label, sizeof label, "%d.%lld", e->section, (long long)e->item);
      emit_label(out, "cell-label", label, box, 14, 0);
      break;
    case CLASS_BADGE:
      emit_label(out, "badge-label", kind, box, 10, 0);
      break;
    case CLASS_BOUNDARY:
      snprintf(label, sizeof label, "%s%s", kind,
               e->flags & SL_ELEMENT_FLAG_PINNED ? " (pinned)" : "");
      emit_label(out, "boundary-label", label, box, 13, 1);
      break;
    default: {
      /* A background's name sits in its top leading corner, where content rarely covers it. */
      sl_rect corner = {box.x, box.y, min2(box.width, 200), min2(box.height, 22)};
      emit_label(out, "decoration-label", kind, corner, 10, 1);
    }
  }
  emit(out, grouped ? "</g>\n" : "\n");
}

static void emit_rect(FILE *out, const char *cls, sl_rect r, double radius) {
  emit(out, "<rect class=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"", cls, fmt(r.x),
       fmt(r.y), fmt(r.width), fmt(r.height));
  if (radius > 0) emit(out, " rx=\"%s\"", fmt(radius));
  emit(out, "/>\n");
}

static void draw_scene(FILE *out, const scene *s) {
  emit(out, "<g transform=\"translate(%s %s)\">\n<g clip-path=\"url(#frame)\">\n", fmt(s->dx),
       fmt(s->dy));
  emit_rect(out, "paper", s->clip, 0);
  if (s->ghosts) {
    emit(out, "<g class=\"ghosts\" opacity=\"0.3\">\n");
    for (size_t i = 0; i < s->count; i++)
      if (s->views[i].ghost) draw_element(out, s, &s->views[i], 1);
    emit(out, "</g>\n");
  }
  emit(out, "<g clip-path=\"url(#clip)\">\n");
  for (size_t i = 0; i < s->count; i++) draw_element(out, s, &s->views[i], 0);
  emit(out, "</g>\n");
  if (s->options->area != RENDER_VIEWPORT) {
    /* Dims what is off screen: the area less the viewport. */
    sl_rect a = rect_union(s->clip, s->viewport), v = s->viewport;
    emit(out,
         "<path class=\"offscreen\" fill-rule=\"evenodd\" d=\"M%s %sH%sV%sH%sZM%s %sH%sV%sH%sZ\"/>\n",
         fmt(a.x), fmt(a.y), fmt(a.x + a.width), fmt(a.y + a.height), fmt(a.x), fmt(v.x),
         fmt(v.y), fmt(v.x + v.width), fmt(v.y + v.height), fmt(v.x));
  }
  for (int i = 0; i < s->motion_count; i++) {
    const motion_view *m = &s->motions[i];
    if (m->has_target) emit_rect(out, "target", m->target, 6);
    if (m->spec.container == SL_SCROLL_MAIN &&
        m->result.motion.target_offset != m->state.offset)
      emit_rect(out, "target", viewport_at(s, m->result.motion.target_offset), 0);
  }
  emit_rect(out, "viewport", s->viewport, 0);
  emit(out, "</g>\n</g>\n");
}

/* --- caption -------------------------------------------------------------------------------- */

/* A caption line below `y`, wrapped at spaces to the picture's width; returns its last line. */
static double caption_line(FILE *out, const scene *s, double y, const char *cls,
                           const char *text) {
  double room = s->width - 2 * CAPTION_PAD;
  int bold = strcmp(cls, "heading") == 0;
  double size = bold ? 12 : TEXT_SIZE;
  char line[400];
  while (*text) {
    size_t n = strlen(text), cut = n;
    if (n >= sizeof line) n = cut = sizeof line - 1;
    memcpy(line, text, n);
    line[n] = '\0';
    /* The longest head of the text, ending at a space, that fits. */
    while (text_width(line, size, bold) > room) {
      char *space = strrchr(line, ' ');
      if (!space || space == line) break;
      *space = '\0';
      cut = (size_t)(space - line);
    }
    emit_text(out, CAPTION_PAD, y += LINE, cls, NULL, line);
    text += cut;
    while (*text == ' ') text++;
  }
  return y;
}

/*
 * A ruler of a container's offsets: its bounds, rest positions (ticks), the touch-down, the
 * release, where it is drawn (the filled marker) and the target (the ring).
 */
static double draw_ruler(FILE *out, const scene *s, const motion_view *m, double y) {
  double left = CAPTION_PAD + 34, right = s->width - CAPTION_PAD - 34;
  double lo = min2(m->info.min_offset, min2(min2(m->touch, m->release), m->state.offset));
  double hi = max2(m->info.max_offset, max2(max2(m->touch, m->release), m->state.offset));
  /* A loop has no bounds: the ruler runs from the least to the greatest offset it marks, the
     target included (it may lie in another lap), with every lap's rest positions. */
  double period = m->loop.active ? m->loop.period : 0;
  if (period > 0) {
    lo = min2(lo, m->result.motion.target_offset);
    hi = max2(hi, m->result.motion.target_offset);
  }
  if (hi - lo < 1) hi = lo + 1;
  double scale = (right - left) / (hi - lo);
#define AT(offset) (left + ((offset) - lo) * scale)
  double base = y + 14;
  double first = period > 0 ? lo : m->info.min_offset, last = period > 0 ? hi : m->info.max_offset;
  emit(out, "<g class=\"ruler\">\n");
  emit(out, "<line class=\"track\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/>\n",
       fmt(AT(first)), fmt(base), fmt(AT(last)), fmt(base));
  /* Rest k of lap j is at rests[k] + j · period (one lap when the container does not loop):
     each from its copy at or after `lo`, found from lo's lap (its canonical offset's shift). */
  double canonical = lo, shift = 0, laps = period > 0 ? (hi - lo) / period + 2 : 1;
  if (period > 0 && sl_layout_get_canonical_offset(s->layout, m->spec.container, lo, &canonical,
                                                   &shift) != SL_OK)
    laps = 4 * MAX_RESTS; /* no ticks rather than wrong ones */
  if (m->rest_count <= MAX_RESTS && m->rest_count * laps <= 4 * MAX_RESTS) {
    for (size_t i = 0; i < m->rest_count; i++) {
      double at = m->rests[i] + shift;
      if (period > 0 && at < lo - 1e-9) at += period;
      for (; at <= hi + 1e-9; at += period) {
        emit(out, "<line class=\"rest\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/>\n",
             fmt(AT(at)), fmt(base - 6), fmt(AT(at)), fmt(base + 6));
        if (period <= 0) break;
      }
    }
  }
  emit(out, "<line class=\"touch\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/>\n",
       fmt(AT(m->touch)), fmt(base - 9), fmt(AT(m->touch)), fmt(base + 9));
  emit(out, "<line class=\"release\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/>\n",
       fmt(AT(m->release)), fmt(base - 9), fmt(AT(m->release)), fmt(base + 9));
  emit(out, "<circle class=\"goal\" cx=\"%s\" cy=\"%s\" r=\"6\"/>\n",
       fmt(AT(m->result.motion.target_offset)), fmt(base));
  emit(out, "<path class=\"now\" d=\"M%s %sl-5 -9h10z\"/>\n", fmt(AT(m->state.offset)),
       fmt(base - 1));
  emit_text(out, left - 6, base + 4, "small", "end", fmt(first));
  emit_text(out, right + 6, base + 4, "small", NULL, fmt(last));
#undef AT
  emit(out, "</g>\n");
  return y + 30;
}

static double draw_motion(FILE *out, const scene *s, const motion_view *m, double y) {
  char line[400], head[160], rest[120];
  const sl_snap_result *r = &m->result;
  if (m->spec.container == SL_SCROLL_MAIN)
    snprintf(head, sizeof head, "main scroll (%s)", snap_unit_name(m->info.snap_unit));
  else
    snprintf(head, sizeof head, "section %d, %s (%s)", m->spec.container,
             behavior_name(m->info.orthogonal_scrolling_behavior),
             snap_unit_name(m->info.snap_unit));
  y = caption_line(out, s, y, "heading", head);
  snprintf(line, sizeof line, "touch-down %s, release %s at %s%s pt/s", fmt(m->touch),
           fmt(m->release), m->spec.velocity > 0 ? "+" : "", fmt(m->spec.velocity));
  y = caption_line(out, s, y, "caption", line);
  if (r->item >= 0)
    snprintf(rest, sizeof rest, ": item %d.%lld", r->section, (long long)r->item);
  else if (r->snap_index >= 0)
    snprintf(rest, sizeof rest, ": page %lld", (long long)r->snap_index);
  else
    rest[0] = '\0';
  snprintf(line, sizeof line, "comes to rest at %s%s, %s motion of %s s",
           fmt(r->motion.target_offset), rest, motion_kind_name(r->motion.kind),
           fmt(r->motion.duration));
  y = caption_line(out, s, y, "caption", line);
  char when[64] = "";
  if (m->spec.percent) snprintf(when, sizeof when, " (%s%% of the motion)", fmt(m->spec.time));
  snprintf(line, sizeof line, "drawn at t = %s s%s: offset %s, %s%s pt/s%s",
           fmt_decimals(m->time, 3), when, fmt(m->state.offset),
           m->state.velocity > 0.005 ? "+" : "", fmt(m->state.velocity),
           m->state.settled ? ", settled" : "");
  y = caption_line(out, s, y, "caption", line);
  if (m->loop.active) {
    snprintf(line, sizeof line, "loops every %s points: rest positions repeat in each lap, the "
             "canonical lap is [%s, %s)", fmt(m->loop.period), fmt(m->loop.start),
             fmt(m->loop.start + m->loop.period));
    y = caption_line(out, s, y, "caption", line);
  }
  return draw_ruler(out, s, m, y + 4);
}

/* One legend entry: a swatch and its text; returns its width. */
static double legend_entry(FILE *out, double x, double y, const char *swatch, const char *text) {
  /* The ruler's marks, as draw_ruler draws them. */
  if (strcmp(swatch, "now") == 0)
    emit(out, "<path class=\"now\" d=\"M%s %sl-5 -9h10z\"/>\n", fmt(x + 10), fmt(y));
  else if (strcmp(swatch, "goal") == 0)
    emit(out, "<circle class=\"goal\" cx=\"%s\" cy=\"%s\" r=\"6\"/>\n", fmt(x + 10),
         fmt(y - 4));
  else if (strcmp(swatch, "rest") == 0 || strcmp(swatch, "release") == 0 ||
           strcmp(swatch, "touch") == 0)
    emit(out, "<line class=\"%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/>\n", swatch,
         fmt(x + 10), fmt(y - 12), fmt(x + 10), fmt(y + 3));
  else if (strcmp(swatch, "viewport") == 0 || strcmp(swatch, "target") == 0)
    emit(out, "<rect class=\"%s\" x=\"%s\" y=\"%s\" width=\"18\" height=\"12\"/>\n", swatch,
         fmt(x + 1), fmt(y - 10));
  else if (strcmp(swatch, "ghost") == 0)
    emit(out, "<rect class=\"cell\" opacity=\"0.3\" x=\"%s\" y=\"%s\" width=\"20\" height=\"14\" "
         "rx=\"3\"/>\n", fmt(x), fmt(y - 11));
  else
    emit(out, "<rect class=\"%s\" x=\"%s\" y=\"%s\" width=\"20\" height=\"14\" rx=\"%s\"/>\n",
         swatch, fmt(x), fmt(y - 11), strcmp(swatch, "badge") == 0 ? "7" : "3");
  emit_text(out, x + 26, y, "caption", NULL, text);
  return 26 + text_width(text, TEXT_SIZE, 0) + 16;
}

static double draw_legend(FILE *out, const scene *s, double y) {
  static const char *const swatches[CLASS_COUNT] = {"decoration", "cell", "badge", "boundary"};
  static const int order[CLASS_COUNT] = {CLASS_CELL, CLASS_BOUNDARY, CLASS_BADGE,
                                         CLASS_DECORATION};
  char texts[CLASS_COUNT + 8][200];
  const char *kinds[CLASS_COUNT + 8];
  int n = 0;
  for (int i = 0; i < CLASS_COUNT; i++) {
    int cls = order[i];
    if (!s->present[cls]) continue;
    snprintf(texts[n], sizeof texts[n], "%s",
             cls != CLASS_CELL ? s->kinds[cls]
             : s->copies       ? "cell (section.item, copy k: lap k of a loop)"
                               : "cell (section.item)");
    kinds[n++] = swatches[cls];
  }
  if (s->ghosts) {
    snprintf(texts[n], sizeof texts[n], "clipped, off screen");
    kinds[n++] = "ghost";
  }
  double offset = s->main.offset;
  snprintf(texts[n], sizeof texts[n], "viewport (%s × %s, main offset %s)",
           fmt(s->container.width), fmt(s->container.height), fmt(offset));
  kinds[n++] = "viewport";
  int outlines = 0, rests = 0;
  for (int i = 0; i < s->motion_count; i++)
    rests |= s->motions[i].rest_count > 0 && s->motions[i].rest_count <= MAX_RESTS;
  for (int i = 0; i < s->motion_count; i++)
    outlines |= s->motions[i].has_target ||
                (s->motions[i].spec.container == SL_SCROLL_MAIN &&
                 s->motions[i].state.offset != s->motions[i].result.motion.target_offset);
  if (s->motion_count > 0) {
    static const char *const marks[6][2] = {
        {"target", "where the motion comes to rest"}, {"rest", "rest positions"},
        {"touch", "touch-down"}, {"release", "release"}, {"now", "offset drawn"},
        {"goal", "target offset"}};
    for (int i = outlines ? 0 : 1; i < 6; i++) {
      if (i == 1 && !rests) continue;
      snprintf(texts[n], sizeof texts[n], "%s", marks[i][1]);
      kinds[n++] = marks[i][0];
    }
  }
  double x = CAPTION_PAD, right = s->width - CAPTION_PAD;
  y += LINE + 2;
  for (int i = 0; i < n; i++) {
    double width = 26 + text_width(texts[i], TEXT_SIZE, 0);
    if (x > CAPTION_PAD && x + width > right) {
      x = CAPTION_PAD;
      y += LINE + 4;
    }
    x += legend_entry(out, x, y, kinds[i], texts[i]);
  }
  return y + 6;
}

/* Draws (or with `out` NULL, measures) the caption; returns its bottom. */
static double draw_caption(FILE *out, const scene *s, double top) {
  double y = top + 4;
  for (int i = 0; i < s->motion_count; i++) y = draw_motion(out, s, &s->motions[i], y);
  if (!s->options->no_legend) y = draw_legend(out, s, y);
  return y + CAPTION_PAD;
}

/* --- the document --------------------------------------------------------------------------- */

static const char *const style =
    "<style>\n"
    "text{fill:#1f2328}\n"
    ".backdrop{fill:#eef1f5}\n"
    ".paper{fill:#ffffff;stroke:#c3c9d2;stroke-width:1}\n"
    ".cell{fill:#d4e4ff;stroke:#2f6fdb;stroke-width:1.5}\n"
    ".cell-label{fill:#123a7a;font-weight:bold;stroke:#d4e4ff}\n"
    ".boundary{fill:#ffe3a6;stroke:#c98500;stroke-width:1.5}\n"
    ".boundary-label{fill:#5e3c00;font-weight:bold;stroke:#ffe3a6}\n"
    ".badge{fill:#e5484d;stroke:#9f1d22;stroke-width:1}\n"
    ".badge-label{fill:#ffffff;font-weight:bold;stroke:none}\n"
    ".decoration{fill:#e3f4e7;stroke:#3c9a57;stroke-width:1.5;stroke-dasharray:6 3}\n"
    ".decoration-label{fill:#1e6b35;font-style:italic;stroke:#e3f4e7}\n"
    /* A halo of the box's colour keeps a label legible over outlines drawn across it. */
    ".cell-label,.boundary-label,.decoration-label{stroke-width:4;stroke-linejoin:round;"
    "paint-order:stroke}\n"
    ".offscreen{fill:#1f2328;opacity:0.1}\n"
    ".viewport{fill:none;stroke:#1f2328;stroke-width:3}\n"
    ".target{fill:none;stroke:#8e3fd0;stroke-width:2.5;stroke-dasharray:7 4}\n"
    ".title{font-weight:bold}\n"
    ".subtitle{font-size:11px;fill:#57606a}\n"
    ".heading{font-size:12px;font-weight:bold}\n"
    ".caption{font-size:11px}\n"
    ".small{font-size:9px;fill:#57606a}\n"
    ".track{stroke:#8c959f;stroke-width:2}\n"
    ".rest{stroke:#57606a;stroke-width:1.5}\n"
    ".touch{stroke:#8c959f;stroke-width:2;stroke-dasharray:2 2}\n"
    ".release{stroke:#d4751a;stroke-width:2.5}\n"
    ".goal{fill:none;stroke:#8e3fd0;stroke-width:2.5}\n"
    ".now{fill:#2f6fdb}\n"
    "</style>\n";

static void write_document(FILE *out, const scene *s) {
  const render_options *o = s->options;
  fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" "
          "viewBox=\"0 0 %s %s\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n",
          fmt(s->width), fmt(s->height), fmt(s->width), fmt(s->height));
  fputs("<title>", out);
  emit_escaped(out, o->title ? o->title : "SnapLayout");
  fputs("</title>\n", out);
  fputs(style, out);
  /* #clip: what the content shows (cells past it are clipped, as their scroll view clips
     them); #frame: the area and its margin, where everything drawn stays. */
  fprintf(out, "<defs>\n<clipPath id=\"clip\"><rect x=\"%s\" y=\"%s\" width=\"%s\" "
          "height=\"%s\"/></clipPath>\n", fmt(s->clip.x), fmt(s->clip.y), fmt(s->clip.width),
          fmt(s->clip.height));
  fprintf(out, "<clipPath id=\"frame\"><rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/>"
          "</clipPath>\n</defs>\n", fmt(s->area.x - s->mx), fmt(s->area.y - s->my),
          fmt(s->area.width + 2 * s->mx), fmt(s->area.height + 2 * s->my));
  fprintf(out, "<rect class=\"backdrop\" width=\"%s\" height=\"%s\"/>\n", fmt(s->width),
          fmt(s->height));
  const char *title = o->title ? o->title : "SnapLayout";
  double title_size = min2(16, (s->width - 2 * CAPTION_PAD) / (text_width(title, 1, 1) + 0.01));
  emit(out, "<text class=\"title\" x=\"%s\" y=\"24\" font-size=\"%s\">", fmt(CAPTION_PAD),
       fmt(max2(title_size, 8)));
  emit_escaped(out, title);
  emit(out, "</text>\n");
  char line[200];
  snprintf(line, sizeof line, "container %s × %s, content %s × %s, %zu elements",
           fmt(s->container.width), fmt(s->container.height), fmt(s->content.width),
           fmt(s->content.height), s->count);
  emit_text(out, CAPTION_PAD, 41, "subtitle", NULL, line);
  draw_scene(out, s);
  draw_caption(out, s, s->caption_top);
  fprintf(out, "</svg>\n");
}

/* Reads the layout's facts, applies the scroll and the motions, places the picture. */
static int prepare(sl_layout *layout, const render_options *options, scene *s,
                   const char **failed) {
  s->layout = layout;
  s->options = options;
  if (sl_layout_get_container_size(layout, &s->container) != SL_OK ||
      sl_layout_get_content_size(layout, &s->content) != SL_OK) {
    *failed = "cannot read the sizes";
    return 1;
  }
  if (options->has_scroll &&
      sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, options->scroll) != SL_OK) {
    *failed = "cannot set the main scroll offset (--scroll)";
    return 1;
  }
  for (int i = 0; i < options->motion_count; i++) {
    if (apply_motion(layout, &options->motions[i], &s->motions[i], failed)) return 1;
    s->motion_count = i + 1;
  }
  if (sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &s->main) != SL_OK) {
    *failed = "cannot read the main scroll";
    return 1;
  }
  s->horizontal = s->main.horizontal;
  s->rtl = s->horizontal && detect_rtl(layout, s->content.width);
  s->viewport = viewport_at(s, s->main.offset);
  sl_rect content = {0, 0, s->content.width, s->content.height};
  switch (options->area) {
    case RENDER_CONTENT: s->area = rect_union(content, s->viewport); break;
    case RENDER_RECT: s->area = options->rect; break;
    default: s->area = s->viewport;
  }
  s->clip = rect_intersection(s->area, content);
  if (s->clip.width <= 0 || s->clip.height <= 0) s->clip = s->area;
  double margin = options->area == RENDER_VIEWPORT ? 16 : 24;
  s->mx = options->margin_x >= 0 ? options->margin_x : margin;
  s->my = options->margin_y >= 0 ? options->margin_y : margin;
  s->width = max2(s->area.width + 2 * s->mx, MIN_WIDTH);
  s->dx = (s->width - s->area.width) / 2 - s->area.x;
  s->dy = TITLE_BAND + s->my - s->area.y;
  s->caption_top = TITLE_BAND + s->area.height + 2 * s->my;
  return 0;
}

int render_svg(sl_layout *layout, const render_options *options, FILE *out,
               const char **failed) {
  scene *s = calloc(1, sizeof *s);
  if (!s) {
    fprintf(stderr, "snaplayout: out of memory\n");
    *failed = NULL;
    return 1;
  }
  *failed = NULL;
  int status = prepare(layout, options, s, failed) || gather(s, failed);
  if (status == 0) {
    s->height = draw_caption(NULL, s, s->caption_top);
    write_document(out, s);
  }
  free(s->views);
  free(s);
  return status;
}

/* --- PNG ------------------------------------------------------------------------------------ */

int render_png(const char *svg, size_t length, const char *path, double zoom) {
  const char *program = getenv("SNAPLAYOUT_RSVG_CONVERT");
  if (!program || !*program) program = "rsvg-convert";
  char zoom_text[48];
  snprintf(zoom_text, sizeof zoom_text, "%s", fmt_decimals(zoom, 4));
  char *argv[] = {(char *)program, "--format", "png", "--zoom", zoom_text, NULL};
  int to_stdout = !path || strcmp(path, "-") == 0;
  int fds[2], file = -1;
  if (pipe(fds) != 0) {
    fprintf(stderr, "snaplayout: cannot make a pipe: %s\n", strerror(errno));
    return 1;
  }
  if (!to_stdout && (file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) {
    fprintf(stderr, "snaplayout: cannot write '%s': %s\n", path, strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return 1;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  if (file >= 0) posix_spawn_file_actions_adddup2(&actions, file, 1);
  pid_t pid;
  int spawned = posix_spawnp(&pid, program, &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[0]);
  if (file >= 0) close(file);
  if (spawned != 0) {
    close(fds[1]);
    fprintf(stderr, "snaplayout: cannot run %s (%s): --format png needs rsvg-convert "
            "(Debian: librsvg2-bin; scripts/ensure-render-deps.sh installs it)\n", program,
            strerror(spawned));
    if (!to_stdout) unlink(path);
    return 1;
  }
  /* A converter that dies early must not kill us with SIGPIPE: its status tells. */
  void (*previous)(int) = signal(SIGPIPE, SIG_IGN);
  size_t written = 0;
  while (written < length) {
    ssize_t n = write(fds[1], svg + written, length - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    written += (size_t)n;
  }
  close(fds[1]);
  signal(SIGPIPE, previous);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  if (written < length || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "snaplayout: %s failed to convert the SVG to PNG\n", program);
    if (!to_stdout) unlink(path);
    return 1;
  }
  return 0;
}
