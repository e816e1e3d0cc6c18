/*
 * sdl_carousel — the App Store layout in an SDL2 window, scrolled and snapped by SnapLayout.
 *
 *   sdl_carousel                          the built-in App Store layout, in a window
 *   sdl_carousel layout.json              any configuration
 *   sdl_carousel --script session.txt     headless: replay a script on a virtual 60 Hz clock
 *
 * The program is a complete SnapLayout host. It owns the input and the frame clock; the library
 * owns the geometry and every scrolling decision:
 *
 *   touch-down   every scroll container moving under the finger is caught (its motion stops
 *                where it is, and sl_layout_get_reference_snap remembers where it was going);
 *   drag         the first TOUCH_SLOP points of movement choose the axis (the directional lock
 *                of UIScrollView): a horizontal drag on an orthogonal section scrolls that
 *                section, a vertical one the main scroll; past the bounds the content
 *                rubber-bands; the finger's positions of the last VELOCITY_WINDOW seconds are
 *                kept for its velocity;
 *   release      sl_layout_resolve_scroll (touch-down offset, release offset, velocity fitted
 *                over those samples, and the caught motion's reference) gives the rest offset
 *                and an sl_motion;
 *   every frame  sl_motion_sample, sl_layout_set_scroll_offset, then the visible rect's
 *                elements (sl_layout_get_elements_in_rect) are drawn with the scale, alpha and
 *                z order the library reports: the centred card is full size, its neighbours
 *                zoomed out.
 *
 * Script mode draws into a software renderer on an SDL surface (no video driver, no display)
 * and advances a virtual clock by exact 1/60 s frames, so a run is reproducible bit for bit.
 * docs/SDL-EXAMPLE.md describes the controls and the script format.
 *
 * Exit status: 0 on success, 1 when SDL or the library fails or a script expectation does not
 * hold, 2 for a bad command line or script.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "appstore_json.h" /* snaplayout_default_config, generated from appstore.json */
#include "snaplayout.h"

#define PROGRAM "sdl_carousel"
#define FRAME_RATE 60.0
/* Points a touch moves before it becomes a drag; the content then follows without a jump. */
#define TOUCH_SLOP 6.0
/* The release velocity is fitted over the finger's positions of this many last seconds. */
#define VELOCITY_WINDOW 0.1
#define MAX_SAMPLES 64
/* Resistance past the bounds: UIScrollView's rubber band, (1 - 1 / (x * c / d + 1)) * d. */
#define RUBBER_BAND 0.55
/* Keyboard and wheel steps of the main scroll, in points. */
#define LINE_STEP 64.0
#define WHEEL_STEP 48.0
/* The longest a script's `settle` waits by default, in milliseconds. */
#define SETTLE_LIMIT_MS 10000.0
/* The "finger" id of the mouse (SDL's own finger ids are moved off it). */
#define MOUSE INT64_MIN

/* ---------------------------------------------------------------------------------------------
 * Colours
 * ------------------------------------------------------------------------------------------- */

typedef struct color {
  Uint8 r, g, b, a;
} color;

/*
 * Cards of orthogonal sections take the colour of their item index modulo 8: scripts/test-sdl.sh
 * reads a screenshot's card colours with this table (keep the two in step).
 */
static const color card_palette[8] = {
    {0, 122, 255, 255},  {255, 59, 48, 255},  {52, 199, 89, 255},  {255, 149, 0, 255},
    {175, 82, 222, 255}, {48, 176, 199, 255}, {162, 132, 94, 255}, {255, 204, 0, 255},
};

static const color screen_color = {242, 242, 247, 255};
static const color tile_ink = {28, 28, 30, 255};
static const color row_color = {255, 255, 255, 255};
static const color header_color = {58, 58, 60, 255};
static const color footer_color = {174, 174, 178, 255};
static const color badge_color = {255, 45, 145, 255};
static const color background_color = {209, 217, 235, 255};
static const color white = {255, 255, 255, 255};
static const color dot_on = {60, 60, 67, 255};
static const color dot_off = {199, 199, 204, 255};
static const color indicator_color = {0, 0, 0, 110};
static const color shadow_color = {0, 0, 0, 60};

/* A lighter shade of a colour: `amount` of the way to white. */
static color tint(color c, double amount) {
  color out = {(Uint8)(c.r + (255 - c.r) * amount), (Uint8)(c.g + (255 - c.g) * amount),
               (Uint8)(c.b + (255 - c.b) * amount), c.a};
  return out;
}

/* ---------------------------------------------------------------------------------------------
 * A 5 x 7 bitmap font: digits, capitals and a little punctuation, one byte a row (bit 4 left).
 * ------------------------------------------------------------------------------------------- */

#define GLYPH_W 5
#define GLYPH_H 7

static const char glyph_chars[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.:/#";
static const Uint8 glyph_rows[][GLYPH_H] = {
    {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}, /* 0 */
    {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E}, /* 1 */
    {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}, /* 2 */
    {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E}, /* 3 */
    {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}, /* 4 */
    {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E}, /* 5 */
    {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}, /* 6 */
    {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08}, /* 7 */
    {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}, /* 8 */
    {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C}, /* 9 */
    {0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}, /* A */
    {0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E}, /* B */
    {0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E}, /* C */
    {0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C}, /* D */
    {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F}, /* E */
    {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10}, /* F */
    {0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F}, /* G */
    {0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}, /* H */
    {0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}, /* I */
    {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C}, /* J */
    {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11}, /* K */
    {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F}, /* L */
    {0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11}, /* M */
    {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11}, /* N */
    {0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, /* O */
    {0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10}, /* P */
    {0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D}, /* Q */
    {0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11}, /* R */
    {0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E}, /* S */
    {0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}, /* T */
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, /* U */
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04}, /* V */
    {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A}, /* W */
    {0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11}, /* X */
    {0x11, 0x11, 0x0A, 0x04, 0x04, 0x04, 0x04}, /* Y */
    {0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F}, /* Z */
    {0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00}, /* - */
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C}, /* . */
    {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00}, /* : */
    {0x01, 0x01, 0x02, 0x04, 0x08, 0x10, 0x10}, /* / */
    {0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A}, /* # */
};

/* The rows of a character's glyph, or NULL for a blank (space and unknown characters). */
static const Uint8 *glyph(char c) {
  if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
  const char *at = c ? strchr(glyph_chars, c) : NULL;
  return at ? glyph_rows[at - glyph_chars] : NULL;
}

/* ---------------------------------------------------------------------------------------------
 * State
 * ------------------------------------------------------------------------------------------- */

/* One scroll container: the main scroll or an orthogonal section. */
typedef struct scroller {
  int32_t container; /* SL_SCROLL_MAIN or the section */
  int horizontal;    /* scrolls along the screen's x axis */
  int bounces;       /* rubber-bands past its bounds */
  int64_t snap_count;
  double min_offset, max_offset, viewport;
  int moving; /* a motion is running */
  sl_motion motion;
  double motion_start; /* clock time of the motion's t = 0 */
  int caught;          /* the current touch stopped its motion */
  int has_reference;   /* ... and `reference` is where that motion was going */
  int64_t reference;
} scroller;

typedef struct sample {
  double time, position;
} sample;

enum { TOUCH_NONE, TOUCH_PENDING, TOUCH_DRAGGING, TOUCH_IGNORED };

/* The one touch (finger or left mouse button) being followed. */
typedef struct touch {
  int state;
  int64_t finger; /* SDL's finger id, or MOUSE for the left mouse button */
  double down_x, down_y, down_time;
  int scroller;            /* the dragged container (TOUCH_DRAGGING) */
  double start_offset;     /* its offset at touch-down, after catching */
  double anchor_raw;       /* its offset, before rubber-banding, when the drag was recognised */
  double anchor_position;  /* the finger's position along the axis then */
  sample samples[MAX_SAMPLES];
  int sample_count, sample_next;
} touch;

/* How an element kind is drawn. */
typedef struct kind_style {
  color fill;
  color ink;
  int outline; /* no fill: only the label (a title) */
  int font;    /* label pixel size in points */
  char label[24];
} kind_style;

/* One element to draw, sorted by z (ties keep the library's order). */
typedef struct draw_entry {
  int32_t z;
  size_t index;
} draw_entry;

typedef struct app {
  sl_layout *layout;
  double width, height; /* the container, in points */
  double zoom;          /* pixels per point */
  scroller *scrollers;  /* [0] is the main scroll, then each orthogonal section */
  int scroller_count;
  kind_style *kinds;
  int32_t kind_count;
  sl_element *elements;
  size_t element_capacity;
  draw_entry *order; /* z order of the elements (same capacity) */
  touch touch;
  int verbose;
  SDL_Renderer *renderer;
  int draw_failed; /* sticky: a drawing call failed (SDL_GetError says why) */
  double mouse_x, mouse_y;
} app;

/* ---------------------------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------------------------- */

/* Prints the library's last error; returns -1. */
static int library_failed(const char *what) {
  const sl_error *error = sl_error_last();
  fprintf(stderr, PROGRAM ": %s: %s", what, error->message);
  if (error->path[0]) fprintf(stderr, " (at %s)", error->path);
  fprintf(stderr, " [%s]\n", sl_status_string(error->code));
  return -1;
}

/* Prints SDL's last error; returns -1. */
static int sdl_failed(const char *what) {
  fprintf(stderr, PROGRAM ": %s: %s\n", what, SDL_GetError());
  return -1;
}

/* ---------------------------------------------------------------------------------------------
 * The layout and its scroll containers
 * ------------------------------------------------------------------------------------------- */

/* Reads a container's bounds and settings into `s`. */
static int scroller_refresh(app *a, scroller *s) {
  sl_scroll_info info;
  if (sl_layout_get_scroll_info(a->layout, s->container, &info) != SL_OK)
    return library_failed("cannot read a scroll container");
  s->horizontal = info.horizontal;
  s->snap_count = info.snap_count;
  s->min_offset = info.min_offset;
  s->max_offset = info.max_offset;
  s->viewport = info.viewport_length;
  s->bounces = info.bounce == SL_BOUNCE_ALWAYS ||
               (info.bounce == SL_BOUNCE_AUTOMATIC && info.max_offset > info.min_offset);
  return 0;
}

static int scroller_offset(const app *a, const scroller *s, double *out) {
  if (sl_layout_get_scroll_offset(a->layout, s->container, out) != SL_OK)
    return library_failed("cannot read a scroll offset");
  return 0;
}

static int scroller_set(app *a, scroller *s, double offset) {
  if (sl_layout_set_scroll_offset(a->layout, s->container, offset) != SL_OK)
    return library_failed("cannot set a scroll offset");
  return 0;
}

/* Names each element kind's style once (kinds do not change while the program runs). */
static int load_kinds(app *a) {
  if (sl_layout_get_element_kind_count(a->layout, &a->kind_count) != SL_OK)
    return library_failed("cannot count the element kinds");
  a->kinds = calloc(a->kind_count ? (size_t)a->kind_count : 1, sizeof *a->kinds);
  if (!a->kinds) return fprintf(stderr, PROGRAM ": out of memory\n"), -1;
  for (int32_t k = 0; k < a->kind_count; k++) {
    const char *name = NULL;
    kind_style *style = &a->kinds[k];
    if (sl_layout_get_element_kind_name(a->layout, k, &name) != SL_OK)
      return library_failed("cannot name an element kind");
    snprintf(style->label, sizeof style->label, "%s", name);
    for (char *c = style->label; *c; c++)
      if (*c >= 'a' && *c <= 'z') *c = (char)(*c - 'a' + 'A');
    style->ink = tile_ink;
    style->font = 2;
    if (strcmp(name, "title") == 0) {
      style->outline = 1;
      style->font = 5;
    } else if (strcmp(name, "header") == 0) {
      style->fill = header_color;
      style->ink = white;
    } else if (strcmp(name, "footer") == 0) {
      style->fill = footer_color;
    } else if (strcmp(name, "badge") == 0) {
      style->fill = badge_color;
      style->ink = white;
      style->label[0] = '\0'; /* badges show their item's number */
    } else if (strcmp(name, "background") == 0) {
      style->fill = background_color;
      style->label[0] = '\0';
    } else { /* any other kind: a colour of its own, from its name */
      unsigned hash = 5381;
      for (const char *c = name; *c; c++) hash = hash * 33 + (unsigned char)*c;
      style->fill = tint(card_palette[hash % 8], 0.6);
    }
  }
  return 0;
}

/*
 * Creates the layout at `width` x `height` (0: the configuration's size, else 390 x 844) and
 * one scroller for the main scroll and each orthogonal section.
 */
static int app_open(app *a, const char *json, size_t length, double width, double height) {
  sl_size size;
  int32_t sections = 0;
  if (sl_layout_create(json, length, &a->layout) != SL_OK)
    return library_failed("cannot read the configuration");
  if (width <= 0) {
    if (sl_layout_get_container_size(a->layout, &size) == SL_OK) {
      width = size.width;
      height = size.height;
    } else {
      width = 390;
      height = 844;
    }
  }
  if (sl_layout_set_container_size(a->layout, width, height) != SL_OK)
    return library_failed("cannot lay out at this size");
  a->width = width;
  a->height = height;
  if (sl_layout_get_section_count(a->layout, &sections) != SL_OK)
    return library_failed("cannot count the sections");
  a->scrollers = calloc((size_t)sections + 1, sizeof *a->scrollers);
  if (!a->scrollers) return fprintf(stderr, PROGRAM ": out of memory\n"), -1;
  a->scrollers[a->scroller_count++].container = SL_SCROLL_MAIN;
  for (int32_t section = 0; section < sections; section++) {
    sl_section_info info;
    if (sl_layout_get_section_info(a->layout, section, &info) != SL_OK)
      return library_failed("cannot read a section");
    if (info.orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE)
      a->scrollers[a->scroller_count++].container = section;
  }
  for (int i = 0; i < a->scroller_count; i++)
    if (scroller_refresh(a, &a->scrollers[i])) return -1;
  return load_kinds(a);
}

static void app_close(app *a) {
  sl_layout_destroy(a->layout);
  free(a->scrollers);
  free(a->kinds);
  free(a->elements);
  free(a->order);
  memset(a, 0, sizeof *a);
}

/* Is the screen point (x, y) over container `s`? The main scroll covers the whole screen. */
static int scroller_contains(const app *a, const scroller *s, double x, double y, int *out) {
  sl_section_info info;
  double main_offset;
  *out = 0;
  if (s->container == SL_SCROLL_MAIN) {
    *out = 1;
    return 0;
  }
  if (sl_layout_get_section_info(a->layout, s->container, &info) != SL_OK)
    return library_failed("cannot read a section");
  if (scroller_offset(a, &a->scrollers[0], &main_offset)) return -1;
  if (a->scrollers[0].horizontal)
    x += main_offset;
  else
    y += main_offset;
  *out = x >= info.frame.x && x < info.frame.x + info.frame.width && y >= info.frame.y &&
         y < info.frame.y + info.frame.height;
  return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Motion
 * ------------------------------------------------------------------------------------------- */

static const char *motion_name(int32_t kind) {
  switch (kind) {
    case SL_MOTION_NONE: return "none";
    case SL_MOTION_DECAY: return "decay";
    case SL_MOTION_SPRING: return "spring";
    default: return "?";
  }
}

/* A value to print: no "-0.00". */
static double tidy(double value) { return fabs(value) < 0.005 ? 0 : value; }

static void container_name(const scroller *s, char *buffer, size_t size) {
  if (s->container == SL_SCROLL_MAIN)
    snprintf(buffer, size, "main");
  else
    snprintf(buffer, size, "section %d", (int)s->container);
}

/* Starts a motion at clock time `now` (one of kind none simply puts the container there). */
static int start_motion(app *a, scroller *s, const sl_motion *motion, double now) {
  if (motion->kind == SL_MOTION_NONE) {
    s->moving = 0;
    return scroller_set(a, s, motion->target_offset);
  }
  s->motion = *motion;
  s->motion_start = now;
  s->moving = 1;
  return 0;
}

/* The time into a container's motion at clock time `now` (events may carry earlier times). */
static double motion_time(const scroller *s, double now) {
  return now > s->motion_start ? now - s->motion_start : 0;
}

/* Samples every running motion at clock time `now` and moves its container. */
static int advance(app *a, double now) {
  for (int i = 0; i < a->scroller_count; i++) {
    scroller *s = &a->scrollers[i];
    sl_motion_state state;
    if (!s->moving) continue;
    if (sl_motion_sample(&s->motion, motion_time(s, now), &state) != SL_OK)
      return library_failed("cannot sample a motion");
    if (scroller_set(a, s, state.offset)) return -1;
    if (state.settled) s->moving = 0;
  }
  return 0;
}

/* Stops a running motion where it is at `now`, keeping where it was going (a re-grab). */
static int catch_motion(app *a, scroller *s, double now) {
  sl_motion_state state;
  double t = motion_time(s, now);
  if (sl_motion_sample(&s->motion, t, &state) != SL_OK)
    return library_failed("cannot sample a motion");
  if (sl_layout_get_reference_snap(a->layout, s->container, state.offset, &s->motion, t,
                                   &s->reference) != SL_OK)
    return library_failed("cannot find the reference rest position");
  s->has_reference = s->reference >= 0;
  s->moving = 0;
  s->caught = 1;
  return scroller_set(a, s, state.offset);
}

/*
 * Resolves a release of container `s` and starts its motion. `reference` < 0: measured from
 * the rest position nearest the touch-down offset.
 */
static int release(app *a, scroller *s, double start, double end, double velocity,
                   int64_t reference, double now) {
  sl_scroll_release r;
  sl_snap_result result;
  memset(&r, 0, sizeof r);
  r.version = SL_SCROLL_RELEASE_VERSION;
  r.start_offset = start;
  r.release_offset = end;
  r.velocity = velocity;
  if (reference >= 0) {
    r.flags = SL_RELEASE_HAS_REFERENCE;
    r.reference_snap = reference;
  }
  if (sl_layout_resolve_scroll(a->layout, s->container, &r, &result) != SL_OK)
    return library_failed("cannot resolve a release");
  if (a->verbose) {
    char name[32];
    container_name(s, name, sizeof name);
    printf("t=%.3f %s: touch-down %.2f, release %.2f, %+.0f pt/s -> %.2f", now, name,
           tidy(start), tidy(end), tidy(velocity), tidy(result.target_offset));
    if (result.snap_index >= 0)
      printf(" (rest %lld from %lld, item %lld)", (long long)result.snap_index,
             (long long)result.reference_snap, (long long)result.item);
    printf(", %s %.3f s\n", motion_name(result.motion.kind), result.motion.duration);
  }
  return start_motion(a, s, &result.motion, now);
}

/* Brings a container at rest (or caught) to its rest position from where it is. */
static int settle(app *a, scroller *s, double now) {
  double offset;
  if (scroller_offset(a, s, &offset)) return -1;
  return release(a, s, offset, offset, 0, -1, now);
}

/* A programmatic scroll to `target`, continuous with any motion in flight. */
static int scroll_to(app *a, scroller *s, double target, double now) {
  sl_motion motion;
  if (target < s->min_offset) target = s->min_offset;
  if (target > s->max_offset) target = s->max_offset;
  if (s->moving) {
    if (sl_motion_retarget(&s->motion, motion_time(s, now), target, &motion) != SL_OK)
      return library_failed("cannot retarget a motion");
  } else {
    /* A release where it stands gives a motion with the container's spring to aim anew. */
    sl_scroll_release r;
    sl_snap_result here;
    double offset;
    if (scroller_offset(a, s, &offset)) return -1;
    memset(&r, 0, sizeof r);
    r.version = SL_SCROLL_RELEASE_VERSION;
    r.start_offset = r.release_offset = offset;
    if (sl_layout_resolve_scroll(a->layout, s->container, &r, &here) != SL_OK)
      return library_failed("cannot resolve a release");
    if (sl_motion_retarget(&here.motion, 0, target, &motion) != SL_OK)
      return library_failed("cannot aim a motion");
  }
  return start_motion(a, s, &motion, now);
}

/* Where a container is going: its motion's target, or where it is. */
static int destination(const app *a, const scroller *s, double *out) {
  if (s->moving) {
    *out = s->motion.target_offset;
    return 0;
  }
  return scroller_offset(a, s, out);
}

/* Moves a snapping container `step` rest positions on from where it is going. */
static int step_pages(app *a, scroller *s, int step, double now) {
  double offset, target;
  int64_t reference;
  size_t count = 0;
  if (s->snap_count == 0) {
    if (destination(a, s, &offset)) return -1;
    return scroll_to(a, s, offset + step * s->viewport * 0.8, now);
  }
  if (scroller_offset(a, s, &offset)) return -1;
  if (sl_layout_get_reference_snap(a->layout, s->container, offset, s->moving ? &s->motion : NULL,
                                   motion_time(s, now), &reference) != SL_OK)
    return library_failed("cannot find the reference rest position");
  reference += step;
  if (reference < 0) reference = 0;
  if (reference >= s->snap_count) reference = s->snap_count - 1;
  int status = sl_layout_get_snap_offsets(a->layout, s->container, reference, &target, 1, &count);
  if (status != SL_OK && status != SL_EBUFS) return library_failed("cannot read a rest offset");
  return scroll_to(a, s, target, now);
}

/* ---------------------------------------------------------------------------------------------
 * Touches: the directional lock, rubber-banding and the release velocity
 * ------------------------------------------------------------------------------------------- */

static double band(double excess, double length) {
  return (1 - 1 / (excess * RUBBER_BAND / length + 1)) * length;
}

static double unband(double banded, double length) {
  if (banded >= length) banded = length * 0.999;
  return length / RUBBER_BAND * banded / (length - banded);
}

/* The offset shown for a raw (finger-following) offset: past the bounds it rubber-bands. */
static double rubber_band(const scroller *s, double raw) {
  double length = s->viewport > 1 ? s->viewport : 1;
  if (raw < s->min_offset)
    return s->bounces ? s->min_offset - band(s->min_offset - raw, length) : s->min_offset;
  if (raw > s->max_offset)
    return s->bounces ? s->max_offset + band(raw - s->max_offset, length) : s->max_offset;
  return raw;
}

/* The raw offset that rubber-bands to `shown` (a drag that starts in overscroll). */
static double raw_offset(const scroller *s, double shown) {
  double length = s->viewport > 1 ? s->viewport : 1;
  if (shown < s->min_offset) return s->min_offset - unband(s->min_offset - shown, length);
  if (shown > s->max_offset) return s->max_offset + unband(shown - s->max_offset, length);
  return shown;
}

static void add_sample(touch *t, double time, double position) {
  t->samples[t->sample_next] = (sample){time, position};
  t->sample_next = (t->sample_next + 1) % MAX_SAMPLES;
  if (t->sample_count < MAX_SAMPLES) t->sample_count++;
}

/*
 * The finger's velocity along the axis at `now`, in points per second: the least-squares slope
 * of its positions over the last VELOCITY_WINDOW seconds. A finger that rested before lifting
 * has no recent samples but the last one, and releases at 0.
 */
static double finger_velocity(const touch *t, double now) {
  double n = 0, st = 0, sp = 0, stt = 0, stp = 0;
  for (int i = 0; i < t->sample_count; i++) {
    const sample *s = &t->samples[(t->sample_next - 1 - i + MAX_SAMPLES) % MAX_SAMPLES];
    if (s->time < now - VELOCITY_WINDOW - 1e-9) break;
    double dt = s->time - now; /* relative times keep the sums well conditioned */
    n += 1;
    st += dt;
    sp += s->position;
    stt += dt * dt;
    stp += dt * s->position;
  }
  double denominator = n * stt - st * st;
  if (n < 2 || denominator < 1e-12) return 0;
  return (n * stp - st * sp) / denominator;
}

static double along(const scroller *s, double x, double y) { return s->horizontal ? x : y; }

static int touch_down(app *a, int64_t finger, double x, double y, double now) {
  touch *t = &a->touch;
  if (t->state != TOUCH_NONE) return 0; /* one touch at a time */
  for (int i = 0; i < a->scroller_count; i++) {
    scroller *s = &a->scrollers[i];
    int inside = 0;
    s->caught = 0;
    s->has_reference = 0;
    if (!s->moving) continue;
    if (scroller_contains(a, s, x, y, &inside)) return -1;
    if (inside && catch_motion(a, s, now)) return -1;
  }
  memset(t, 0, sizeof *t);
  t->state = TOUCH_PENDING;
  t->finger = finger;
  t->down_x = x;
  t->down_y = y;
  t->down_time = now;
  return 0;
}

/* The first movement past TOUCH_SLOP picks the axis and the container, innermost first. */
static int recognise_drag(app *a, double x, double y) {
  touch *t = &a->touch;
  double dx = x - t->down_x, dy = y - t->down_y;
  if (fabs(dx) < TOUCH_SLOP && fabs(dy) < TOUCH_SLOP) return 0;
  int horizontal = fabs(dx) > fabs(dy);
  t->state = TOUCH_IGNORED;
  for (int i = a->scroller_count - 1; i >= 0; i--) {
    scroller *s = &a->scrollers[i];
    int inside = 0;
    if (s->horizontal != horizontal) continue;
    if (scroller_contains(a, s, t->down_x, t->down_y, &inside)) return -1;
    if (!inside || (s->max_offset <= s->min_offset && !s->bounces)) continue;
    double offset, down = along(s, t->down_x, t->down_y);
    if (scroller_offset(a, s, &offset)) return -1;
    t->state = TOUCH_DRAGGING;
    t->scroller = i;
    t->start_offset = offset;
    t->anchor_raw = raw_offset(s, offset);
    t->anchor_position = down + ((horizontal ? dx : dy) > 0 ? TOUCH_SLOP : -TOUCH_SLOP);
    /* The velocity fit starts with the touch-down. */
    add_sample(t, t->down_time, down);
    return 0;
  }
  return 0;
}

static int touch_move(app *a, int64_t finger, double x, double y, double now) {
  touch *t = &a->touch;
  if (t->state == TOUCH_NONE || t->finger != finger) return 0;
  if (t->state == TOUCH_PENDING && recognise_drag(a, x, y)) return -1;
  if (t->state != TOUCH_DRAGGING) return 0;
  scroller *s = &a->scrollers[t->scroller];
  double position = along(s, x, y);
  add_sample(t, now, position);
  return scroller_set(a, s, rubber_band(s, t->anchor_raw - (position - t->anchor_position)));
}

static int touch_up(app *a, int64_t finger, double x, double y, double now) {
  touch *t = &a->touch;
  if (t->state == TOUCH_NONE || t->finger != finger) return 0;
  if (touch_move(a, finger, x, y, now)) return -1;
  int dragged = t->state == TOUCH_DRAGGING ? t->scroller : -1;
  if (dragged >= 0) {
    scroller *s = &a->scrollers[dragged];
    double offset;
    if (scroller_offset(a, s, &offset)) return -1;
    /* The content moves against the finger: a finger moving up scrolls toward the end. */
    double velocity = -finger_velocity(t, now);
    if (release(a, s, t->start_offset, offset, velocity, s->has_reference ? s->reference : -1,
                now))
      return -1;
  }
  /* Containers the touch stopped but did not drag come to rest from where they are. */
  for (int i = 0; i < a->scroller_count; i++) {
    scroller *s = &a->scrollers[i];
    if (i != dragged && s->caught && settle(a, s, now)) return -1;
    s->caught = 0;
    s->has_reference = 0;
  }
  t->state = TOUCH_NONE;
  return 0;
}

/*
 * Resizes the layout to a new window. A carousel keeps the item it rests on (or was going to):
 * the library keeps offsets as they are, and cards of a new width would put another one there.
 * Every container then settles within its new bounds.
 */
static int resize(app *a, double width, double height, double now) {
  int64_t *items = NULL;
  int status = 0;
  if (width < 1 || height < 1 || (width == a->width && height == a->height)) return 0;
  items = malloc((size_t)a->scroller_count * sizeof *items);
  if (!items) return fprintf(stderr, PROGRAM ": out of memory\n"), -1;
  for (int i = 0; i < a->scroller_count && !status; i++) {
    scroller *s = &a->scrollers[i];
    sl_snap_position position;
    double offset;
    items[i] = -1;
    if (s->snap_count == 0) continue;
    if (destination(a, s, &offset))
      status = -1;
    else if (sl_layout_get_snap_position(a->layout, s->container, offset, &position) != SL_OK)
      status = library_failed("cannot read a rest position");
    else
      items[i] = position.item;
  }
  if (!status && sl_layout_set_container_size(a->layout, width, height) != SL_OK) {
    library_failed("cannot lay out at the new size; keeping the old one");
    free(items);
    return 0;
  }
  if (!status) {
    a->width = width;
    a->height = height;
    a->touch.state = TOUCH_NONE;
  }
  for (int i = 0; i < a->scroller_count && !status; i++) {
    scroller *s = &a->scrollers[i];
    double offset;
    s->moving = 0;
    s->caught = 0;
    if (scroller_refresh(a, s)) status = -1;
    else if (items[i] >= 0 && s->container != SL_SCROLL_MAIN) {
      if (sl_layout_get_offset_for_item(a->layout, s->container, s->container, items[i], &offset,
                                        NULL) != SL_OK)
        status = library_failed("cannot find an item's offset");
      else
        status = scroller_set(a, s, offset);
    } else
      status = settle(a, s, now);
  }
  free(items);
  return status;
}

/* The orthogonal container under the mouse, else the first one, else NULL. */
static scroller *carousel_near(app *a, double x, double y) {
  for (int i = 1; i < a->scroller_count; i++) {
    int inside = 0;
    if (scroller_contains(a, &a->scrollers[i], x, y, &inside) == 0 && inside)
      return &a->scrollers[i];
  }
  return a->scroller_count > 1 ? &a->scrollers[1] : NULL;
}

/* Keyboard: arrows, page keys, Home and End by name; *unknown = 1 for another name. */
static int press_key(app *a, const char *key, double now, int *unknown) {
  scroller *main = &a->scrollers[0];
  double offset;
  *unknown = 0;
  if (strcmp(key, "left") == 0 || strcmp(key, "right") == 0) {
    scroller *s = carousel_near(a, a->mouse_x, a->mouse_y);
    return s ? step_pages(a, s, key[0] == 'l' ? -1 : 1, now) : 0;
  }
  if (destination(a, main, &offset)) return -1;
  if (strcmp(key, "up") == 0) return scroll_to(a, main, offset - LINE_STEP, now);
  if (strcmp(key, "down") == 0) return scroll_to(a, main, offset + LINE_STEP, now);
  if (strcmp(key, "pageup") == 0) return step_pages(a, main, -1, now);
  if (strcmp(key, "pagedown") == 0) return step_pages(a, main, 1, now);
  if (strcmp(key, "home") == 0) return scroll_to(a, main, main->min_offset, now);
  if (strcmp(key, "end") == 0) return scroll_to(a, main, main->max_offset, now);
  *unknown = 1;
  return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Drawing
 * ------------------------------------------------------------------------------------------- */

static int pixel(const app *a, double points) {
  double p = points * a->zoom;
  if (p < -1e6) p = -1e6;
  if (p > 1e6) p = 1e6;
  return (int)lround(p);
}

/* Fills a rect given in screen points; each edge is rounded on its own, so rects meet. */
static void fill(app *a, double x, double y, double w, double h, color c) {
  int x0 = pixel(a, x), y0 = pixel(a, y), x1 = pixel(a, x + w), y1 = pixel(a, y + h);
  SDL_Rect r = {x0, y0, x1 - x0, y1 - y0};
  if (r.w <= 0 || r.h <= 0 || c.a == 0) return;
  if (SDL_SetRenderDrawColor(a->renderer, c.r, c.g, c.b, c.a) != 0 ||
      SDL_RenderFillRect(a->renderer, &r) != 0)
    a->draw_failed = 1;
}

/* Draws text with the bitmap font, `size` points a font pixel, its top-left at (x, y). */
static void text(app *a, const char *s, double x, double y, double size, color c) {
  for (; *s; s++, x += (GLYPH_W + 1) * size) {
    const Uint8 *rows = glyph(*s);
    for (int row = 0; rows && row < GLYPH_H; row++)
      for (int col = 0; col < GLYPH_W; col++)
        if (rows[row] & (0x10 >> col)) fill(a, x + col * size, y + row * size, size, size, c);
  }
}

static void clip(app *a, double x, double y, double w, double h) {
  int x0 = pixel(a, x), y0 = pixel(a, y), x1 = pixel(a, x + w), y1 = pixel(a, y + h);
  SDL_Rect r = {x0, y0, x1 > x0 ? x1 - x0 : 0, y1 > y0 ? y1 - y0 : 0};
  if (SDL_RenderSetClipRect(a->renderer, &r) != 0) a->draw_failed = 1;
}

static void unclip(app *a) {
  if (SDL_RenderSetClipRect(a->renderer, NULL) != 0) a->draw_failed = 1;
}

static color faded(color c, double alpha) {
  if (alpha < 0) alpha = 0;
  if (alpha > 1) alpha = 1;
  c.a = (Uint8)lround(c.a * alpha);
  return c;
}

/* Which scroller (if any) is section `section`'s own orthogonal scroll. */
static int is_orthogonal(const app *a, int32_t section) {
  for (int i = 1; i < a->scroller_count; i++)
    if (a->scrollers[i].container == section) return 1;
  return 0;
}

/* Draws one element in screen points: its frame scaled about its centre, as UIView.transform. */
static int draw_element(app *a, const sl_element *e, double main_offset) {
  double sx = e->transform.a, sy = e->transform.d;
  double w = e->frame.width * sx, h = e->frame.height * sy;
  double x = e->frame.x + e->frame.width / 2 + e->transform.tx - w / 2;
  double y = e->frame.y + e->frame.height / 2 + e->transform.ty - h / 2;
  char label[48];
  if (a->scrollers[0].horizontal)
    x -= main_offset;
  else
    y -= main_offset;

  if (e->category == SL_ELEMENT_CELL) {
    sl_section_info info;
    if (is_orthogonal(a, e->section)) { /* a card: its index's colour, its number large */
      fill(a, x, y, w, h, faded(card_palette[e->item % 8], e->alpha));
      clip(a, x, y, w, h);
      snprintf(label, sizeof label, "%lld", (long long)e->item);
      text(a, label, x + 14 * sx, y + 14 * sy, 6 * sx, faded(white, e->alpha));
      text(a, "FEATURED", x + 14 * sx, y + h - 28 * sy, 2 * sx, faded(white, e->alpha));
      unclip(a);
      return 0;
    }
    if (sl_layout_get_section_info(a->layout, e->section, &info) != SL_OK)
      return library_failed("cannot read a section");
    if (info.items_per_group > 1) { /* a tile of a grid */
      fill(a, x, y, w, h, faded(tint(card_palette[e->item % 8], 0.55), e->alpha));
      snprintf(label, sizeof label, "%lld", (long long)e->item);
      clip(a, x, y, w, h);
      text(a, label, x + 8 * sx, y + 8 * sy, 3 * sx, faded(tile_ink, e->alpha));
      unclip(a);
    } else { /* a row of a list: an icon and a name */
      double icon = h - 16 * sy;
      fill(a, x, y, w, h, faded(row_color, e->alpha));
      fill(a, x + 8 * sx, y + 8 * sy, icon, icon, faded(card_palette[e->item % 8], e->alpha));
      snprintf(label, sizeof label, "ROW %lld", (long long)e->item);
      clip(a, x, y, w, h);
      text(a, label, x + 16 * sx + icon, y + h / 2 - 7 * sy, 2 * sx, faded(tile_ink, e->alpha));
      unclip(a);
    }
    return 0;
  }

  const kind_style *style =
      e->kind >= 0 && e->kind < a->kind_count ? &a->kinds[e->kind] : NULL;
  if (!style) return 0;
  if (!style->outline) fill(a, x, y, w, h, faded(style->fill, e->alpha));
  if (e->flags & SL_ELEMENT_FLAG_PINNED) fill(a, x, y + h, w, 2, faded(shadow_color, e->alpha));
  if (style->label[0] == '\0' && e->category != SL_ELEMENT_SUPPLEMENTARY) return 0;
  if (style->label[0] == '\0') /* a badge: its item's number */
    snprintf(label, sizeof label, "%lld", (long long)(e->item % 10));
  else if (e->section >= 0)
    snprintf(label, sizeof label, "%s %d", style->label, (int)e->section);
  else
    snprintf(label, sizeof label, "%s", style->label);
  double size = style->font * sy;
  double text_w = (strlen(label) * (GLYPH_W + 1) - 1) * size;
  double tx = style->label[0] ? x + 8 * sx : x + (w - text_w) / 2;
  clip(a, x, y, w, h);
  text(a, label, tx, y + (h - GLYPH_H * size) / 2, size, faded(style->ink, e->alpha));
  unclip(a);
  return 0;
}

static int compare_entries(const void *l, const void *r) {
  const draw_entry *a = l, *b = r;
  if (a->z != b->z) return a->z < b->z ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

/* The visible rect's elements, into the app's buffer (grown as needed). */
static int visible_elements(app *a, double main_offset, size_t *out_count) {
  sl_rect rect = {0, 0, a->width, a->height};
  if (a->scrollers[0].horizontal)
    rect.x = main_offset;
  else
    rect.y = main_offset;
  for (;;) {
    size_t count = 0;
    int status = sl_layout_get_elements_in_rect(a->layout, rect, a->elements,
                                                a->element_capacity, &count);
    if (status == SL_OK && (count == 0 || a->elements)) {
      *out_count = count;
      return 0;
    }
    if (status != SL_OK && status != SL_EBUFS)
      return library_failed("cannot list the visible elements");
    /* Two-call pattern: the count came back; grow the buffers (with room to spare). */
    size_t capacity = count < 32 ? 64 : count * 2;
    sl_element *bigger = realloc(a->elements, capacity * sizeof *bigger);
    if (bigger) a->elements = bigger;
    draw_entry *order = realloc(a->order, capacity * sizeof *order);
    if (order) a->order = order;
    if (!bigger || !order) return fprintf(stderr, PROGRAM ": out of memory\n"), -1;
    a->element_capacity = capacity;
  }
}

/* Page dots under each horizontal orthogonal section with a few rest positions. */
static int draw_page_dots(app *a, double main_offset) {
  for (int i = 1; i < a->scroller_count && !a->scrollers[0].horizontal; i++) {
    scroller *s = &a->scrollers[i];
    sl_section_info info;
    sl_snap_position position;
    double offset;
    if (!s->horizontal || s->snap_count < 2 || s->snap_count > 24) continue;
    if (sl_layout_get_section_info(a->layout, s->container, &info) != SL_OK)
      return library_failed("cannot read a section");
    if (scroller_offset(a, s, &offset)) return -1;
    if (sl_layout_get_snap_position(a->layout, s->container, offset, &position) != SL_OK)
      return library_failed("cannot read a rest position");
    double left = info.frame.x + (info.frame.width - (s->snap_count * 12.0 - 6)) / 2;
    double top = info.frame.y + info.frame.height + 9 - main_offset;
    for (int64_t k = 0; k < s->snap_count; k++)
      fill(a, left + k * 12.0, top, 6, 6, k == position.index ? dot_on : dot_off);
  }
  return 0;
}

/* Draws one frame: every visible element in z order, page dots and the scroll indicator. */
static int draw(app *a) {
  scroller *main = &a->scrollers[0];
  double main_offset;
  size_t count = 0;
  a->draw_failed = 0;
  if (scroller_offset(a, main, &main_offset) || visible_elements(a, main_offset, &count))
    return -1;
  if (SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND) != 0 ||
      SDL_SetRenderDrawColor(a->renderer, screen_color.r, screen_color.g, screen_color.b, 255) !=
          0 ||
      SDL_RenderClear(a->renderer) != 0)
    return sdl_failed("cannot clear the frame");
  for (size_t i = 0; i < count; i++) a->order[i] = (draw_entry){a->elements[i].z_index, i};
  if (count) qsort(a->order, count, sizeof *a->order, compare_entries);
  for (size_t i = 0; i < count; i++) {
    const sl_element *e = &a->elements[a->order[i].index];
    if (e->flags & SL_ELEMENT_FLAG_HIDDEN) continue;
    if (draw_element(a, e, main_offset)) return -1;
  }
  if (draw_page_dots(a, main_offset)) return -1;
  int dragging_main = a->touch.state == TOUCH_DRAGGING && a->touch.scroller == 0;
  if ((main->moving || dragging_main) && main->max_offset > main->min_offset) {
    double viewport = main->horizontal ? a->width : a->height;
    double content = main->max_offset - main->min_offset + viewport;
    double length = fmax(24, viewport * viewport / content);
    double at = (main_offset - main->min_offset) / (main->max_offset - main->min_offset) *
                (viewport - length);
    if (main->horizontal)
      fill(a, at, a->height - 5, length, 3, indicator_color);
    else
      fill(a, a->width - 5, at, 3, length, indicator_color);
  }
  if (a->draw_failed) return sdl_failed("cannot draw");
  return 0;
}

/* Writes what the renderer shows as a 24-bit BMP. */
static int screenshot(app *a, const char *path) {
  int w, h;
  if (SDL_GetRendererOutputSize(a->renderer, &w, &h) != 0)
    return sdl_failed("cannot read the output size");
  /* No alpha channel: SDL_SaveBMP writes it as a plain 24-bit BMP. */
  SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
  if (!shot) return sdl_failed("cannot create a surface for the screenshot");
  int status = 0;
  if (SDL_RenderReadPixels(a->renderer, NULL, shot->format->format, shot->pixels, shot->pitch) !=
      0)
    status = sdl_failed("cannot read the frame");
  else if (SDL_SaveBMP(shot, path) != 0)
    status = sdl_failed(path);
  SDL_FreeSurface(shot);
  return status;
}

/* ---------------------------------------------------------------------------------------------
 * Script mode
 * ------------------------------------------------------------------------------------------- */

typedef struct player {
  app *app;
  const char *path;
  int line;
  long frame;             /* the virtual clock: frame / FRAME_RATE seconds */
  const char *output_dir; /* screenshots go there */
  SDL_Window *window;     /* --show: played in a window at the frames' pace */
  Uint64 shown_at;        /* SDL_GetTicks64() of the last frame shown */
  int paced;              /* wait for each frame's time (not when nobody can watch) */
  int quit;               /* the window was closed */
  double finger_x, finger_y;
} player;

static double clock_now(const player *p) { return p->frame / FRAME_RATE; }

/* A script error (bad syntax: exit 2) or a failed expectation (exit 1). */
static int script_error(const player *p, int status, const char *format, const char *detail) {
  fprintf(stderr, PROGRAM ": %s:%d: ", p->path, p->line);
  fprintf(stderr, format, detail);
  fputc('\n', stderr);
  return status;
}

/* The current frame: motions advance to the clock, the frame is drawn (and shown). */
static int render_frame(player *p) {
  app *a = p->app;
  if (advance(a, clock_now(p)) || draw(a)) return 1;
  if (!p->window) return 0;
  SDL_RenderPresent(a->renderer);
  SDL_Event event;
  while (SDL_PollEvent(&event))
    if (event.type == SDL_QUIT ||
        (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_ESCAPE))
      p->quit = 1;
  Uint64 due = p->shown_at + 1000 / (Uint64)FRAME_RATE, now = SDL_GetTicks64();
  if (p->paced && now < due) SDL_Delay((Uint32)(due - now));
  p->shown_at = SDL_GetTicks64();
  return 0;
}

/* One frame: the clock moves 1/60 s. */
static int step(player *p) {
  p->frame++;
  return render_frame(p);
}

static int frames_for(double ms) {
  double frames = ms * FRAME_RATE / 1000;
  return frames < 0.5 ? 0 : (int)lround(frames);
}

static int parse_double(const char *text, double *out) {
  char *end;
  errno = 0;
  *out = text ? strtod(text, &end) : 0;
  return text && errno == 0 && end != text && *end == '\0' && isfinite(*out);
}

/* "main" or a section index -> the index of its scroller in the app. */
static int find_scroller(const app *a, const char *name, int *out) {
  long section;
  char *end;
  if (!name) return 0;
  if (strcmp(name, "main") == 0) {
    *out = 0;
    return 1;
  }
  section = strtol(name, &end, 10);
  if (end == name || *end) return 0;
  for (int i = 1; i < a->scroller_count; i++)
    if (a->scrollers[i].container == section) {
      *out = i;
      return 1;
    }
  return 0;
}

static int print_state(player *p) {
  app *a = p->app;
  for (int i = 0; i < a->scroller_count; i++) {
    scroller *s = &a->scrollers[i];
    sl_snap_position position;
    char name[32];
    double offset;
    if (scroller_offset(a, s, &offset)) return -1;
    container_name(s, name, sizeof name);
    printf("t=%.3f %s offset %.2f [%.2f, %.2f]", clock_now(p), name, tidy(offset),
           tidy(s->min_offset), tidy(s->max_offset));
    if (s->snap_count > 0) {
      if (sl_layout_get_snap_position(a->layout, s->container, offset, &position) != SL_OK)
        return library_failed("cannot read a rest position");
      printf(" rest %lld", (long long)position.index);
      if (position.item >= 0) printf(" item %lld", (long long)position.item);
    }
    printf(" %s\n", s->moving ? "moving" : "at rest");
  }
  return 0;
}

/* expect-centred SECTION ITEM: the section rests with that item on its rest position. */
static int expect_centred(player *p, char **args) {
  app *a = p->app;
  double item, offset, target;
  int index;
  int64_t snap = -1;
  if (!find_scroller(a, args[0], &index) || index == 0 || !parse_double(args[1], &item) ||
      args[2])
    return script_error(p, 2, "%s", "usage: expect-centred SECTION ITEM");
  scroller *s = &a->scrollers[index];
  if (scroller_offset(a, s, &offset)) return 1;
  if (sl_layout_get_offset_for_item(a->layout, s->container, s->container, (int64_t)item,
                                    &target, &snap) != SL_OK)
    return library_failed("cannot find an item's offset"), 1;
  if (!s->moving && fabs(offset - target) < 0.5) return 0;
  char detail[160];
  snprintf(detail, sizeof detail, "section %s: item %.0f rests at %.2f, the section is %s at %.2f",
           args[0], item, target, s->moving ? "moving" : "at rest", offset);
  return script_error(p, 1, "expectation failed: %s", detail);
}

/* expect-offset CONTAINER VALUE [TOLERANCE] and expect-rest CONTAINER. */
static int expect_offset(player *p, char **args, int rest) {
  app *a = p->app;
  double value = 0, tolerance = 0.01, offset;
  int index;
  char detail[200];
  if (!find_scroller(a, args[0], &index) ||
      (!rest &&
       (!parse_double(args[1], &value) || (args[2] && !parse_double(args[2], &tolerance)))) ||
      (rest && args[1]))
    return script_error(p, 2, "%s",
                        rest ? "usage: expect-rest CONTAINER"
                             : "usage: expect-offset CONTAINER VALUE [TOLERANCE]");
  scroller *s = &a->scrollers[index];
  if (scroller_offset(a, s, &offset)) return 1;
  if (!rest) {
    if (fabs(offset - value) <= tolerance) return 0;
    snprintf(detail, sizeof detail, "%s is at %.3f, not %.3f +- %g", args[0], offset, value,
             tolerance);
    return script_error(p, 1, "expectation failed: %s", detail);
  }
  /* At rest: no motion, no finger, within the bounds, on a rest position if it has any. */
  int ok = !s->moving && p->app->touch.state == TOUCH_NONE && offset >= s->min_offset - 1e-9 &&
           offset <= s->max_offset + 1e-9;
  if (ok && s->snap_count > 0) {
    sl_snap_position position;
    double snapped;
    size_t count = 0;
    if (sl_layout_get_snap_position(a->layout, s->container, offset, &position) != SL_OK)
      return library_failed("cannot read a rest position"), 1;
    int status = sl_layout_get_snap_offsets(a->layout, s->container, position.index, &snapped, 1,
                                            &count);
    if (status != SL_OK && status != SL_EBUFS)
      return library_failed("cannot read a rest offset"), 1;
    ok = fabs(snapped - offset) < 1e-6;
  }
  if (ok) return 0;
  snprintf(detail, sizeof detail, "%s is %s at %.3f (bounds %.3f ... %.3f)", args[0],
           s->moving ? "moving" : "not at a rest position", offset, s->min_offset, s->max_offset);
  return script_error(p, 1, "expectation failed: %s", detail);
}

/* A finger path: `move X Y MS` from where the finger is, one sample a frame. */
static int move_finger(player *p, double x, double y, double ms) {
  int frames = frames_for(ms);
  double x0 = p->finger_x, y0 = p->finger_y;
  if (frames == 0) frames = 1;
  for (int i = 1; i <= frames && !p->quit; i++) {
    double f = (double)i / frames;
    p->finger_x = x0 + (x - x0) * f;
    p->finger_y = y0 + (y - y0) * f;
    p->frame++; /* input first, then the frame, as a real event loop */
    if (touch_move(p->app, 0, p->finger_x, p->finger_y, clock_now(p)) || render_frame(p))
      return 1;
  }
  return 0;
}

/* Runs one script line; returns 0, 1 (failure) or 2 (bad script). */
static int run_command(player *p, char **args, int count) {
  app *a = p->app;
  const char *command = args[0];
  double n[5];
  int numbers = 0;
  for (int i = 1; i < count && i <= 5; i++) numbers += parse_double(args[i], &n[i - 1]);
  int all_numbers = numbers == count - 1;

  if (strcmp(command, "down") == 0 && count == 3 && all_numbers) {
    if (a->touch.state != TOUCH_NONE) return script_error(p, 2, "%s", "the finger is down already");
    p->finger_x = n[0];
    p->finger_y = n[1];
    return touch_down(a, 0, n[0], n[1], clock_now(p)) ? 1 : 0;
  }
  if (strcmp(command, "move") == 0 && count == 4 && all_numbers) {
    if (a->touch.state == TOUCH_NONE) return script_error(p, 2, "%s", "move: the finger is up");
    return move_finger(p, n[0], n[1], n[2]);
  }
  if (strcmp(command, "up") == 0 && count == 1) {
    if (a->touch.state == TOUCH_NONE) return script_error(p, 2, "%s", "up: the finger is up");
    return touch_up(a, 0, p->finger_x, p->finger_y, clock_now(p)) ? 1 : 0;
  }
  if (strcmp(command, "drag") == 0 && count == 6 && all_numbers) {
    if (a->touch.state != TOUCH_NONE) return script_error(p, 2, "%s", "the finger is down already");
    p->finger_x = n[0];
    p->finger_y = n[1];
    if (touch_down(a, 0, n[0], n[1], clock_now(p)) || move_finger(p, n[2], n[3], n[4]) ||
        touch_up(a, 0, p->finger_x, p->finger_y, clock_now(p)))
      return 1;
    return 0;
  }
  if (strcmp(command, "wait") == 0 && count == 2 && all_numbers) {
    for (int i = frames_for(n[0]); i > 0 && !p->quit; i--)
      if (step(p)) return 1;
    return 0;
  }
  if (strcmp(command, "settle") == 0 && count <= 2 && all_numbers) {
    int limit = frames_for(count == 2 ? n[0] : SETTLE_LIMIT_MS);
    if (a->touch.state != TOUCH_NONE) return script_error(p, 2, "%s", "settle: the finger is down");
    for (int i = 0;; i++) {
      int moving = 0;
      for (int k = 0; k < a->scroller_count; k++) moving |= a->scrollers[k].moving;
      if (!moving || p->quit) return 0;
      if (i == limit) return script_error(p, 1, "%s", "settle: still moving");
      if (step(p)) return 1;
    }
  }
  if (strcmp(command, "key") == 0 && count == 2) {
    int unknown = 0;
    a->mouse_x = p->finger_x;
    a->mouse_y = p->finger_y;
    if (press_key(a, args[1], clock_now(p), &unknown)) return 1;
    return unknown ? script_error(p, 2, "unknown key '%s'", args[1]) : 0;
  }
  if (strcmp(command, "pointer") == 0 && count == 3 && all_numbers) {
    p->finger_x = n[0]; /* where `key left/right` finds its carousel */
    p->finger_y = n[1];
    return 0;
  }
  if (strcmp(command, "screenshot") == 0 && count == 2) {
    char path[4096];
    if (args[1][0] == '/' || !p->output_dir)
      snprintf(path, sizeof path, "%s", args[1]);
    else
      snprintf(path, sizeof path, "%s/%s", p->output_dir, args[1]);
    return draw(a) || screenshot(a, path) ? 1 : 0;
  }
  if (strcmp(command, "print") == 0 && count == 1) return print_state(p) ? 1 : 0;
  if (strcmp(command, "expect-centred") == 0 && count == 3) return expect_centred(p, args + 1);
  if (strcmp(command, "expect-offset") == 0 && (count == 3 || count == 4))
    return expect_offset(p, args + 1, 0);
  if (strcmp(command, "expect-rest") == 0 && count == 2) return expect_offset(p, args + 1, 1);
  return script_error(p, 2, "unknown command or wrong arguments: '%s' (see docs/SDL-EXAMPLE.md)",
                      command);
}

static int run_script(player *p, FILE *file) {
  char line[1024];
  if (draw(p->app)) return 1; /* frame 0 */
  while (!p->quit && fgets(line, sizeof line, file)) {
    char *args[8] = {0};
    int count = 0;
    p->line++;
    if (!strchr(line, '\n') && !feof(file))
      return script_error(p, 2, "%s", "line too long (1023 characters at most)");
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    for (char *token = strtok(line, " \t\r\n"); token; token = strtok(NULL, " \t\r\n")) {
      if (count == 7) return script_error(p, 2, "%s", "too many arguments");
      args[count++] = token;
    }
    if (count == 0) continue;
    int status = run_command(p, args, count);
    if (status) return status;
  }
  if (ferror(file)) return script_error(p, 1, "%s", "cannot read the script");
  return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Windows and renderers
 * ------------------------------------------------------------------------------------------- */

/* The largest zoom (in 0.05 steps, at most 1) at which the window fits the display. */
static double fitting_zoom(const app *a) {
  SDL_Rect usable;
  if (SDL_GetDisplayUsableBounds(0, &usable) != 0) return 1;
  double zoom = fmin((usable.w - 32) / a->width, (usable.h - 64) / a->height);
  if (zoom >= 1) return 1;
  zoom = floor(zoom * 20) / 20;
  return zoom < 0.25 ? 0.25 : zoom;
}

/* True for SDL's video drivers that show nothing (SDL falls back to offscreen by itself). */
static int invisible_driver(void) {
  const char *driver = SDL_GetCurrentVideoDriver();
  return driver && (strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0);
}

/*
 * Opens the window and its renderer. An interactive window on a driver that shows nothing is
 * refused unless SDL_VIDEODRIVER asked for it: with no display SDL 2 falls back to its
 * offscreen driver, and the program would run unseen until killed.
 */
static int open_window(app *a, double zoom, int interactive, SDL_Window **out_window) {
  const char *asked = SDL_getenv("SDL_VIDEODRIVER");
  if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0)
    return sdl_failed("cannot start SDL's video (no display? --script runs without one)");
  if (interactive && invisible_driver() && !(asked && *asked)) {
    fprintf(stderr, PROGRAM ": no display (SDL chose its '%s' video driver): run it where a "
                    "window can be seen, or use --script for headless runs\n",
            SDL_GetCurrentVideoDriver());
    return -1;
  }
  a->zoom = zoom > 0 ? zoom : fitting_zoom(a);
  SDL_Window *window = SDL_CreateWindow(
      "SnapLayout: App Store", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
      (int)ceil(a->width * a->zoom), (int)ceil(a->height * a->zoom), SDL_WINDOW_RESIZABLE);
  if (!window) return sdl_failed("cannot open a window");
  *out_window = window;
  a->renderer =
      SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (!a->renderer) a->renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
  if (!a->renderer) return sdl_failed("cannot create a renderer");
  return 0;
}

/* The script name of a key the window acts on, or NULL. */
static const char *key_name(SDL_Keycode key) {
  switch (key) {
    case SDLK_LEFT: return "left";
    case SDLK_RIGHT: return "right";
    case SDLK_UP: return "up";
    case SDLK_DOWN: return "down";
    case SDLK_PAGEUP: return "pageup";
    case SDLK_PAGEDOWN: case SDLK_SPACE: return "pagedown";
    case SDLK_HOME: return "home";
    case SDLK_END: return "end";
    default: return NULL;
  }
}

/* Hands one window event to the touch, key and resize handlers; sets *quit to leave. */
static int handle_event(app *a, const SDL_Event *event, int *quit) {
  double t = event->common.timestamp / 1000.0, zoom = a->zoom, offset;
  int unknown = 0;
  switch (event->type) {
    case SDL_QUIT: *quit = 1; return 0;
    case SDL_KEYDOWN: {
      const char *key = key_name(event->key.keysym.sym);
      if (event->key.keysym.sym == SDLK_ESCAPE || event->key.keysym.sym == SDLK_q) *quit = 1;
      return key ? press_key(a, key, t, &unknown) : 0;
    }
    /* SDL also reports touches as mouse events from SDL_TOUCH_MOUSEID: those are skipped. */
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: {
      const SDL_MouseButtonEvent *b = &event->button;
      if (b->which == SDL_TOUCH_MOUSEID || b->button != SDL_BUTTON_LEFT) return 0;
      if (event->type == SDL_MOUSEBUTTONDOWN)
        return touch_down(a, MOUSE, b->x / zoom, b->y / zoom, t);
      return touch_up(a, MOUSE, b->x / zoom, b->y / zoom, t);
    }
    case SDL_MOUSEMOTION:
      a->mouse_x = event->motion.x / zoom;
      a->mouse_y = event->motion.y / zoom;
      if (event->motion.which == SDL_TOUCH_MOUSEID) return 0;
      return touch_move(a, MOUSE, a->mouse_x, a->mouse_y, t);
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP: {
      /* Finger positions are normalised to the window (0 ... 1). */
      SDL_Window *window = SDL_GetWindowFromID(event->tfinger.windowID);
      int w = 1, h = 1;
      if (window) SDL_GetWindowSize(window, &w, &h);
      double x = event->tfinger.x * w / zoom, y = event->tfinger.y * h / zoom;
      int64_t id = (int64_t)event->tfinger.fingerId;
      if (id == MOUSE) id++;
      if (event->type == SDL_FINGERDOWN) return touch_down(a, id, x, y, t);
      if (event->type == SDL_FINGERMOTION) return touch_move(a, id, x, y, t);
      return touch_up(a, id, x, y, t);
    }
    case SDL_MOUSEWHEEL: {
      double lines = event->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -event->wheel.y
                                                                      : event->wheel.y;
      if (lines == 0 || a->touch.state != TOUCH_NONE) return 0;
      if (destination(a, &a->scrollers[0], &offset)) return -1;
      return scroll_to(a, &a->scrollers[0], offset - lines * WHEEL_STEP, t);
    }
    case SDL_WINDOWEVENT:
      if (event->window.event != SDL_WINDOWEVENT_SIZE_CHANGED) return 0;
      return resize(a, event->window.data1 / zoom, event->window.data2 / zoom, t);
    default: return 0;
  }
}

/* The interactive loop: mouse, touch, wheel and keys until the window closes or Escape. */
static int run_window(app *a) {
  SDL_RendererInfo info;
  int quit = 0;
  if (SDL_GetRendererInfo(a->renderer, &info) != 0) return sdl_failed("cannot query the renderer");
  int vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
  while (!quit) {
    SDL_Event event;
    int idle = a->touch.state == TOUCH_NONE;
    for (int i = 0; i < a->scroller_count; i++) idle &= !a->scrollers[i].moving;
    /* Nothing moves: sleep until something happens (redrawing now and then, for exposure). */
    int have = idle ? SDL_WaitEventTimeout(&event, 250) : SDL_PollEvent(&event);
    for (; have && !quit; have = SDL_PollEvent(&event))
      if (handle_event(a, &event, &quit)) return 1;
    Uint64 frame_start = SDL_GetTicks64();
    if (advance(a, frame_start / 1000.0) || draw(a)) return 1;
    SDL_RenderPresent(a->renderer);
    if (!vsync) { /* a renderer without vsync: about 60 frames a second */
      Uint64 spent = SDL_GetTicks64() - frame_start;
      if (spent < 16) SDL_Delay((Uint32)(16 - spent));
    }
  }
  return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Command line
 * ------------------------------------------------------------------------------------------- */

typedef struct options {
  const char *config; /* NULL: the built-in App Store layout */
  const char *script;
  const char *output_dir;
  double width, height, zoom;
  int show, verbose;
} options;

static void usage(FILE *out) {
  fputs("usage: " PROGRAM " [options] [config.json | -]\n"
        "\n"
        "Shows a SnapLayout configuration (default: the built-in App Store layout) in an\n"
        "SDL2 window. Drag with the mouse or a finger: vertical drags scroll the page,\n"
        "horizontal drags on a carousel scroll it; releases snap as SnapLayout decides.\n"
        "Keys: Left/Right page the carousel under the mouse, Up/Down/PageUp/PageDown/\n"
        "Space/Home/End scroll the page, Escape or Q quits.\n"
        "\n"
        "options:\n"
        "  --script FILE      headless: run FILE (docs/SDL-EXAMPLE.md) on a virtual 60 Hz\n"
        "                     clock, drawing into memory; no display needed ('-': stdin)\n"
        "  --output-dir DIR   where the script's screenshots are written (default: .)\n"
        "  --show             with --script: play it in a window, in real time\n"
        "  --size WxH         container size in points (default: the configuration's)\n"
        "  --zoom F           pixels per point (default: 1, smaller if the display is)\n"
        "  --verbose          print each release and where it comes to rest\n"
        "  --version          print the versions and exit\n"
        "  --help             print this help and exit\n",
        out);
}

/* Returns 1 when the options are good, 0 after printing what is wrong. */
static int parse_options(int argc, char **argv, options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(arg, "--help") == 0) {
      usage(stdout);
      exit(0);
    } else if (strcmp(arg, "--version") == 0) {
      SDL_version v;
      SDL_GetVersion(&v);
      printf(PROGRAM " (SnapLayout %s, SDL %d.%d.%d)\n", sl_version_string(), v.major, v.minor,
             v.patch);
      exit(0);
    } else if (strcmp(arg, "--show") == 0) {
      o->show = 1;
    } else if (strcmp(arg, "--verbose") == 0) {
      o->verbose = 1;
    } else if (strcmp(arg, "--script") == 0 && value) {
      o->script = argv[++i];
    } else if (strcmp(arg, "--output-dir") == 0 && value) {
      o->output_dir = argv[++i];
    } else if (strcmp(arg, "--zoom") == 0 && value) {
      if (!parse_double(value, &o->zoom) || o->zoom < 0.1 || o->zoom > 8) {
        fprintf(stderr, PROGRAM ": --zoom takes a number from 0.1 to 8\n");
        return 0;
      }
      i++;
    } else if (strcmp(arg, "--size") == 0 && value) {
      char width[32];
      const char *x = strchr(value, 'x');
      size_t length = x ? (size_t)(x - value) : 0;
      if (length < sizeof width) {
        memcpy(width, value, length);
        width[length] = '\0';
      }
      if (!x || length >= sizeof width || !parse_double(width, &o->width) ||
          !parse_double(x + 1, &o->height) || o->width < 1 || o->height < 1 ||
          o->width > 16384 || o->height > 16384) {
        fprintf(stderr, PROGRAM ": --size takes WIDTHxHEIGHT, e.g. 390x844\n");
        return 0;
      }
      i++;
    } else if (arg[0] == '-' && arg[1] != '\0') {
      fprintf(stderr, PROGRAM ": unknown or incomplete option '%s' (--help lists them)\n", arg);
      return 0;
    } else if (o->config) {
      fprintf(stderr, PROGRAM ": only one configuration file, please\n");
      return 0;
    } else {
      o->config = arg;
    }
  }
  if (o->show && !o->script) {
    fprintf(stderr, PROGRAM ": --show plays a --script\n");
    return 0;
  }
  return 1;
}

/* Reads a whole file ('-': standard input) into a malloc'd buffer; NULL after a message. */
static char *read_file(const char *path, size_t *out_length) {
  FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  size_t capacity = 1 << 16, length = 0, n;
  char *text = file ? malloc(capacity) : NULL;
  while (text && (n = fread(text + length, 1, capacity - length, file)) > 0) {
    length += n;
    if (length == capacity) {
      char *bigger = realloc(text, capacity *= 2);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  if (text && ferror(file)) {
    free(text);
    text = NULL;
  }
  if (!text) fprintf(stderr, PROGRAM ": cannot read %s: %s\n", path, strerror(errno));
  if (file && file != stdin) fclose(file);
  *out_length = length;
  return text;
}

/* Plays a script, headless into a surface or (--show) in a window. */
static int play(app *a, const options *o) {
  player p;
  SDL_Window *window = NULL;
  SDL_Surface *target = NULL;
  FILE *file = strcmp(o->script, "-") == 0 ? stdin : fopen(o->script, "r");
  int status = 1;
  memset(&p, 0, sizeof p);
  p.app = a;
  p.path = o->script;
  p.output_dir = o->output_dir;
  if (!file) {
    fprintf(stderr, PROGRAM ": cannot open %s: %s\n", o->script, strerror(errno));
    return 2;
  }
  if (o->show) {
    if (open_window(a, o->zoom ? o->zoom : 1, 0, &window) == 0) {
      p.window = window;
      p.shown_at = SDL_GetTicks64();
      /* Drivers without a screen (CI's) play as fast as they can: the clock is virtual. */
      p.paced = !invisible_driver();
      status = run_script(&p, file);
    }
  } else {
    /* A software renderer on a surface: no video driver, no display, the same pixels. */
    a->zoom = o->zoom > 0 ? o->zoom : 1;
    target = SDL_CreateRGBSurfaceWithFormat(0, (int)ceil(a->width * a->zoom),
                                            (int)ceil(a->height * a->zoom), 32,
                                            SDL_PIXELFORMAT_RGB888);
    if (!target)
      sdl_failed("cannot create the frame's surface");
    else if (!(a->renderer = SDL_CreateSoftwareRenderer(target)))
      sdl_failed("cannot create a software renderer");
    else
      status = run_script(&p, file);
  }
  if (file != stdin) fclose(file);
  if (a->renderer) SDL_DestroyRenderer(a->renderer);
  a->renderer = NULL;
  if (window) SDL_DestroyWindow(window);
  SDL_FreeSurface(target);
  return status;
}

int main(int argc, char **argv) {
  options o;
  app a;
  char *config = NULL;
  size_t length = strlen(snaplayout_default_config);
  int status = 1;
  if (!parse_options(argc, argv, &o)) return 2;
  if (sl_version_number() != SL_VERSION_NUMBER)
    fprintf(stderr, PROGRAM ": warning: built with SnapLayout %s, running with %s\n",
            SL_VERSION_STRING, sl_version_string());
  if (o.config && !(config = read_file(o.config, &length))) return 1;
  memset(&a, 0, sizeof a);
  a.verbose = o.verbose;
  if (app_open(&a, config ? config : snaplayout_default_config, length, o.width, o.height) == 0) {
    if (o.script) {
      status = play(&a, &o);
    } else {
      SDL_Window *window = NULL;
      if (open_window(&a, o.zoom, 1, &window) == 0) status = run_window(&a);
      if (a.renderer) SDL_DestroyRenderer(a.renderer);
      a.renderer = NULL;
      if (window) SDL_DestroyWindow(window);
    }
  }
  app_close(&a);
  free(config);
  SDL_Quit();
  return status;
}
