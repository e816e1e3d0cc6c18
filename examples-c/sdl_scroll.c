/*
 * sdl_scroll.c — sdl_carousel's scrolling state: the layout and its scroll containers, the
 * motions the library gives, and touches (the directional lock, rubber-banding, the release
 * velocity); the program is examples-c/sdl_carousel.c.
 */
#include "sdl_carousel.h"

/* ---------------------------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------------------------- */

/* Prints the library's last error; returns -1. */
int library_failed(const char *what) {
  const sl_error *error = sl_error_last();
  fprintf(stderr, PROGRAM ": %s: %s", what, error->message);
  if (error->path[0]) fprintf(stderr, " (at %s)", error->path);
  fprintf(stderr, " [%s]\n", sl_status_string(error->code));
  return -1;
}

/* Prints SDL's last error; returns -1. */
int sdl_failed(const char *what) {
  fprintf(stderr, PROGRAM ": %s: %s\n", what, SDL_GetError());
  return -1;
}

/* ---------------------------------------------------------------------------------------------
 * The layout and its scroll containers
 * ------------------------------------------------------------------------------------------- */

/* Reads a container's bounds, settings and loop into `s` (a loop may start or stop with the
 * container's size: too short content does not loop). */
static int scroller_refresh(app *a, scroller *s) {
  sl_scroll_info info;
  sl_loop_info loop;
  if (sl_layout_get_scroll_info(a->layout, s->container, &info) != SL_OK)
    return library_failed("cannot read a scroll container");
  if (sl_layout_get_loop_info(a->layout, s->container, &loop) != SL_OK)
    return library_failed("cannot read a container's loop");
  s->loops = loop.active;
  s->period = loop.period;
  s->horizontal = info.horizontal;
  s->snap_count = info.snap_count;
  s->min_offset = info.min_offset;
  s->max_offset = info.max_offset;
  s->viewport = info.viewport_length;
  s->bounces = info.bounce == SL_BOUNCE_ALWAYS ||
               (info.bounce == SL_BOUNCE_AUTOMATIC && info.max_offset > info.min_offset);
  return 0;
}

int scroller_offset(const app *a, const scroller *s, double *out) {
  if (sl_layout_get_scroll_offset(a->layout, s->container, out) != SL_OK)
    return library_failed("cannot read a scroll offset");
  return 0;
}

static int scroller_set(app *a, scroller *s, double offset) {
  if (sl_layout_set_scroll_offset(a->layout, s->container, offset) != SL_OK)
    return library_failed("cannot set a scroll offset");
  return 0;
}

/*
 * Tells the layout where a container's motion is heading, or that none runs (docs/SNAPPING.md,
 * "Through layout changes"): a layout change then carries the target with its card, and
 * sl_layout_retarget_motion redirects the motion there (resize).
 */
static int register_target(app *a, const scroller *s) {
  int status = s->moving ? sl_layout_set_scroll_target(a->layout, s->container,
                                                       s->motion.target_offset)
                         : sl_layout_clear_scroll_target(a->layout, s->container);
  return status == SL_OK ? 0 : library_failed("cannot register a motion's target");
}

/*
 * Re-bases a looping container into its canonical lap (docs/SNAPPING.md, "Looping"): the same
 * content a whole number of periods away, so that its offsets stay small however many laps it
 * is flung. Nothing moves on screen; a motion in flight (and the target registered for it)
 * moves by the same shift. Called when a container comes to rest; a container being dragged
 * is never re-based (the drag's anchors are offsets too).
 */
static int rebase(app *a, scroller *s) {
  double offset, canonical, shift;
  if (!s->loops) return 0;
  if (scroller_offset(a, s, &offset)) return -1;
  if (sl_layout_get_canonical_offset(a->layout, s->container, offset, &canonical, &shift) !=
      SL_OK)
    return library_failed("cannot re-base a loop");
  if (shift == 0) return 0;
  if (s->moving) {
    s->motion.start_offset -= shift;
    s->motion.target_offset -= shift;
    if (register_target(a, s)) return -1;
  }
  return scroller_set(a, s, canonical);
}

/*
 * The shift (a whole number of the main scroll's periods; 0 unless it loops) that moves the
 * span [start, start + length) of the main scroll's canonical lap to its copy that a viewport
 * at `main_offset` can show: the first copy ending after `main_offset`. A loop's period is at
 * least the viewport and its longest group (an orthogonal section counts whole), so no other
 * copy of a section is on screen at the same time.
 */
double main_copy_shift(const app *a, double main_offset, double start, double length) {
  const scroller *main = &a->scrollers[0];
  if (!main->loops || !(main->period > 0)) return 0;
  return (floor((main_offset - start - length) / main->period) + 1) * main->period;
}

/*
 * Creates the layout at `width` x `height` (0: the configuration's size, else 390 x 844) and
 * one scroller for the main scroll and each orthogonal section.
 */
int app_open(app *a, const char *json, size_t length, double width, double height) {
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

void app_close(app *a) {
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
  /* In content coordinates, in the copy of the section's lap the point can be in. */
  if (a->scrollers[0].horizontal) {
    x += main_offset;
    x -= main_copy_shift(a, x, info.frame.x, info.frame.width);
  } else {
    y += main_offset;
    y -= main_copy_shift(a, y, info.frame.y, info.frame.height);
  }
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
double tidy(double value) { return fabs(value) < 0.005 ? 0 : value; }

void container_name(const scroller *s, char *buffer, size_t size) {
  if (s->container == SL_SCROLL_MAIN)
    snprintf(buffer, size, "main");
  else
    snprintf(buffer, size, "section %d", (int)s->container);
}

/* Starts a motion at clock time `now` (one of kind none simply puts the container there) and
 * registers its target. */
static int start_motion(app *a, scroller *s, const sl_motion *motion, double now) {
  if (motion->kind == SL_MOTION_NONE) {
    s->moving = 0;
    if (register_target(a, s) || scroller_set(a, s, motion->target_offset)) return -1;
    return rebase(a, s);
  }
  s->motion = *motion;
  s->motion_start = now;
  s->moving = 1;
  return register_target(a, s);
}

/* The time into a container's motion at clock time `now` (events may carry earlier times). */
static double motion_time(const scroller *s, double now) {
  return now > s->motion_start ? now - s->motion_start : 0;
}

/* Samples every running motion at clock time `now` and moves its container; a looping one
 * that comes to rest in another lap is re-based. */
int advance(app *a, double now) {
  for (int i = 0; i < a->scroller_count; i++) {
    scroller *s = &a->scrollers[i];
    sl_motion_state state;
    if (!s->moving) continue;
    if (sl_motion_sample(&s->motion, motion_time(s, now), &state) != SL_OK)
      return library_failed("cannot sample a motion");
    if (scroller_set(a, s, state.offset)) return -1;
    if (state.settled) {
      s->moving = 0;
      if (register_target(a, s) || rebase(a, s)) return -1;
    }
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
  return register_target(a, s) || scroller_set(a, s, state.offset) ? -1 : 0;
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

/* A programmatic scroll to `target`, continuous with any motion in flight; within the bounds
 * unless the container loops (it has none then). */
int scroll_to(app *a, scroller *s, double target, double now) {
  sl_motion motion;
  if (!s->loops && target < s->min_offset) target = s->min_offset;
  if (!s->loops && target > s->max_offset) target = s->max_offset;
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
int destination(const app *a, const scroller *s, double *out) {
  if (s->moving) {
    *out = s->motion.target_offset;
    return 0;
  }
  return scroller_offset(a, s, out);
}

/* Navigation without touch (docs/SNAPPING.md, "Navigation without touch"): `action` with its
 * argument, counted from where the container is going, continuing any motion in flight. */
static int navigate(app *a, scroller *s, int32_t action, int64_t argument, double now) {
  sl_snap_result step;
  if (sl_layout_navigate(a->layout, s->container, action, argument, s->moving ? &s->motion : NULL,
                         motion_time(s, now), &step) != SL_OK)
    return library_failed("cannot navigate");
  return start_motion(a, s, &step.motion, now);
}

/* Moves a container `step` rest positions (or snapports, when it scrolls freely) on. */
static int step_pages(app *a, scroller *s, int step, double now) {
  return navigate(a, s, step < 0 ? SL_NAVIGATE_PREVIOUS : SL_NAVIGATE_NEXT, step < 0 ? -step : step,
                  now);
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

/* The offset shown for a raw (finger-following) offset: past the bounds it rubber-bands. A
 * looping container has no bounds: the content follows the finger across laps. */
static double rubber_band(const scroller *s, double raw) {
  double length = s->viewport > 1 ? s->viewport : 1;
  if (s->loops) return raw;
  if (raw < s->min_offset)
    return s->bounces ? s->min_offset - band(s->min_offset - raw, length) : s->min_offset;
  if (raw > s->max_offset)
    return s->bounces ? s->max_offset + band(raw - s->max_offset, length) : s->max_offset;
  return raw;
}

/* The raw offset that rubber-bands to `shown` (a drag that starts in overscroll). */
static double raw_offset(const scroller *s, double shown) {
  double length = s->viewport > 1 ? s->viewport : 1;
  if (s->loops) return shown;
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

int touch_down(app *a, int64_t finger, double x, double y, double now) {
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

int touch_move(app *a, int64_t finger, double x, double y, double now) {
  touch *t = &a->touch;
  if (t->state == TOUCH_NONE || t->finger != finger) return 0;
  if (t->state == TOUCH_PENDING && recognise_drag(a, x, y)) return -1;
  if (t->state != TOUCH_DRAGGING) return 0;
  scroller *s = &a->scrollers[t->scroller];
  double position = along(s, x, y);
  add_sample(t, now, position);
  return scroller_set(a, s, rubber_band(s, t->anchor_raw - (position - t->anchor_position)));
}

int touch_up(app *a, int64_t finger, double x, double y, double now) {
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
 * Resizes the layout to a new window (docs/SNAPPING.md, "Through layout changes"). The library
 * re-snaps each container at rest on a rest position to the same card's rest position at the
 * new size, and carries each registered motion target with its card: a motion in flight is
 * redirected there (sl_layout_retarget_motion: from where the container is, with the velocity
 * it had, no jump, no stop) and its clock restarts. The program keeps no copy of the offsets
 * (it reads them from the layout), only of the bounds, read again here. A touch in progress
 * ends, and what it dragged or caught comes to rest from where it is; a container at rest left
 * outside its new bounds (a page scrolled near its end) settles into them, a loop is re-based.
 */
int resize(app *a, double width, double height, double now) {
  int touched = a->touch.state == TOUCH_DRAGGING ? a->touch.scroller : -1;
  if (width < 1 || height < 1 || (width == a->width && height == a->height)) return 0;
  /* The motions brought to the event's time: the layout's offsets are theirs at `now`. */
  if (advance(a, now)) return -1;
  if (sl_layout_set_container_size(a->layout, width, height) != SL_OK) {
    library_failed("cannot lay out at the new size; keeping the old one");
    return 0;
  }
  a->width = width;
  a->height = height;
  a->touch.state = TOUCH_NONE;
  for (int i = 0; i < a->scroller_count; i++) {
    scroller *s = &a->scrollers[i];
    int caught = s->caught || i == touched;
    double offset;
    s->caught = 0;
    s->has_reference = 0;
    if (scroller_refresh(a, s)) return -1;
    if (s->moving) {
      sl_motion carried;
      if (sl_layout_retarget_motion(a->layout, s->container, &s->motion, motion_time(s, now),
                                    &carried) != SL_OK)
        return library_failed("cannot carry a motion over the resize");
      if (a->verbose) {
        char name[32];
        container_name(s, name, sizeof name);
        printf("t=%.3f %s: resized to %g x %g, the motion carried -> %.2f, %s %.3f s\n", now,
               name, width, height, tidy(carried.target_offset), motion_name(carried.kind),
               carried.duration);
      }
      if (start_motion(a, s, &carried, now)) return -1;
    } else if (caught) {
      if (settle(a, s, now)) return -1;
    } else if (s->loops) {
      if (rebase(a, s)) return -1;
    } else {
      if (scroller_offset(a, s, &offset)) return -1;
      if ((offset < s->min_offset || offset > s->max_offset) && settle(a, s, now)) return -1;
    }
  }
  return 0;
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

/* A wheel turned `notches` toward the end of a container (docs/SNAPPING.md, "Wheels and
 * touchpads"): one rest position a notch, counted from where any motion in flight is going. */
static int wheel(app *a, scroller *s, double notches, double now) {
  sl_scroll_input event = {SL_SCROLL_INPUT_VERSION, SL_INPUT_WHEEL, 0, 0, notches, now};
  sl_scroll_input_result result;
  if (sl_layout_scroll_input(a->layout, s->container, &event, s->moving ? &s->motion : NULL,
                             motion_time(s, now), &result) != SL_OK)
    return library_failed("cannot apply a wheel step");
  return result.has_motion ? start_motion(a, s, &result.result.motion, now) : 0;
}

/* The mouse wheel: sideways (dx, toward the right) turns the carousel under the mouse, up and
 * down (dy, away from the user) the page. */
int turn_wheel(app *a, double dx, double dy, double now) {
  if (dx != 0) {
    scroller *s = carousel_near(a, a->mouse_x, a->mouse_y);
    if (s && wheel(a, s, dx, now)) return -1;
  }
  return dy != 0 ? wheel(a, &a->scrollers[0], -dy, now) : 0;
}

/* Keyboard: arrows, page keys, Home and End by name; *unknown = 1 for another name. */
int press_key(app *a, const char *key, double now, int *unknown) {
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
  if (strcmp(key, "home") == 0) return navigate(a, main, SL_NAVIGATE_FIRST, 0, now);
  if (strcmp(key, "end") == 0) return navigate(a, main, SL_NAVIGATE_LAST, 0, now);
  *unknown = 1;
  return 0;
}
