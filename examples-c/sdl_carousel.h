/*
 * sdl_carousel.h — what the SDL example's files share (private to examples-c/sdl_carousel.c,
 * sdl_draw.c, sdl_scroll.c and sdl_script.c): the constants, the program's state and the
 * functions one file calls in another.
 */
#ifndef SDL_CAROUSEL_H
#define SDL_CAROUSEL_H

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

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
/* Keyboard steps of the main scroll, in points (the wheel's come from the library). */
#define LINE_STEP 64.0
/* The longest a script's `settle` waits by default, in milliseconds. */
#define SETTLE_LIMIT_MS 10000.0
/* The "finger" id of the mouse (SDL's own finger ids are moved off it). */
#define MOUSE INT64_MIN

typedef struct color {
  Uint8 r, g, b, a;
} color;

/* One scroll container: the main scroll or an orthogonal section. */
typedef struct scroller {
  int32_t container; /* SL_SCROLL_MAIN or the section */
  int horizontal;    /* scrolls along the screen's x axis */
  int bounces;       /* rubber-bands past its bounds */
  int64_t snap_count;
  double min_offset, max_offset, viewport;
  /* A looping container (sl_layout_get_loop_info's `active`) has no bounds: min_offset and
   * max_offset are its canonical lap, [min_offset, min_offset + period); nothing clamps to
   * them, and it is re-based into that lap when it comes to rest elsewhere. */
  int loops;
  double period;
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
  size_t element_count; /* the elements of the last frame drawn */
  draw_entry *order; /* z order of the elements (same capacity) */
  touch touch;
  int verbose;
  SDL_Renderer *renderer;
  int draw_failed; /* sticky: a drawing call failed (SDL_GetError says why) */
  double mouse_x, mouse_y;
} app;


/* A script being played (sdl_script.c). */
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

/* sdl_scroll.c */
int library_failed(const char *what);
int sdl_failed(const char *what);
int scroller_offset(const app *a, const scroller *s, double *out);
double main_copy_shift(const app *a, double main_offset, double start, double length);
int app_open(app *a, const char *json, size_t length, double width, double height);
void app_close(app *a);
double tidy(double value);
void container_name(const scroller *s, char *buffer, size_t size);
int advance(app *a, double now);
int scroll_to(app *a, scroller *s, double target, double now);
int destination(const app *a, const scroller *s, double *out);
int touch_down(app *a, int64_t finger, double x, double y, double now);
int touch_move(app *a, int64_t finger, double x, double y, double now);
int touch_up(app *a, int64_t finger, double x, double y, double now);
int resize(app *a, double width, double height, double now);
int press_key(app *a, const char *key, double now, int *unknown);
int turn_wheel(app *a, double dx, double dy, double now);

/* sdl_draw.c */
int load_kinds(app *a);
int draw(app *a);
int screenshot(app *a, const char *path);

/* sdl_script.c */
int parse_double(const char *text, double *out);
int run_script(player *p, FILE *file);

#endif
