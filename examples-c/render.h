/*
 * render.h — draws a SnapLayout layout as a picture (SVG, or PNG through rsvg-convert), for the
 * `snaplayout render` subcommand. Built on the public C API only (include/snaplayout.h).
 *
 * The picture shows every element the area holds, in z order and with its transform and alpha:
 * cells, boundary supplementary items (titles, headers, footers), item supplementary items
 * (badges) and decorations (backgrounds), each category in its own style, labelled; cells of
 * orthogonal sections scrolled out of the content are drawn faded in the margin; the viewport
 * (the container at the main scroll offset) is outlined; a loop's copies of cells in other laps
 * than the canonical one are labelled with their copy. A caption below lists the motions drawn,
 * with a ruler of each container's rest positions (of every lap it spans, for a container that
 * loops), and a legend. The SVG text depends only on the layout and the options (fixed number
 * formatting, no dates), so two renders of the same state are identical byte for byte.
 * docs/PICTURES.md describes the options and the pictures.
 */
#ifndef SNAPLAYOUT_RENDER_H
#define SNAPLAYOUT_RENDER_H

#include <stdint.h>
#include <stdio.h>

#include "snaplayout.h"

#define RENDER_MAX_MOTIONS 8

/* What part of the content the picture covers. */
typedef enum render_area {
  RENDER_VIEWPORT, /* the container at the main scroll offset (the default) */
  RENDER_CONTENT,  /* the whole content, with the viewport outlined */
  RENDER_RECT      /* an explicit rect of content coordinates, with the viewport outlined */
} render_area;

/*
 * A released drag on one scroll container, drawn mid-motion: the finger touches down at the
 * container's current offset, lifts at `release` (or touch-down + `release` with `from_touch`)
 * with `velocity` points per second; sl_layout_resolve_scroll decides the rest, and the motion is
 * sampled at `time` seconds (or `time` percent of its duration with `percent`).
 */
typedef struct render_motion {
  int32_t container; /* SL_SCROLL_MAIN or an orthogonal section */
  int from_touch;
  double release;
  double velocity;
  double time;
  int percent;
} render_motion;

typedef struct render_options {
  render_area area;
  sl_rect rect;        /* RENDER_RECT */
  int has_scroll;      /* set the main scroll offset to `scroll` */
  double scroll;
  double margin_x;     /* room left and right of the area, in points; < 0: the default */
  double margin_y;     /* room above and below it */
  int no_legend;       /* leave out the legend */
  const char *title;   /* the picture's title line */
  int motion_count;
  render_motion motions[RENDER_MAX_MOTIONS];
} render_options;

/*
 * Applies the options' scroll offset and motions to `layout` (which they change), then writes
 * the picture as SVG to `out`.
 *
 * Returns 0 on success. On a library failure returns 1 with `*failed` naming the step (the
 * details are in sl_error_last()); on another failure returns 1 with `*failed` NULL after
 * printing a message to standard error.
 */
int render_svg(sl_layout *layout, const render_options *options, FILE *out,
               const char **failed);

/*
 * Converts SVG text to PNG with rsvg-convert (the program named by $SNAPLAYOUT_RSVG_CONVERT,
 * else `rsvg-convert` on the PATH), `zoom` pixels per point, into `path` ("-" or NULL: standard
 * output). Returns 0, or 1 after printing a message to standard error.
 */
int render_png(const char *svg, size_t length, const char *path, double zoom);

#endif /* SNAPLAYOUT_RENDER_H */
