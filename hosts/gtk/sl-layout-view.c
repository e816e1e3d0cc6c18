/*
 * sl-layout-view.c — SlLayoutView, a GTK 4 widget laid out by SnapLayout (sl-layout-view.h is
 * its interface, docs/GTK.md its description).
 *
 * The scrolling follows the SDL example (examples-c/sdl_scroll.c): one scroller per container
 * (the main scroll and each orthogonal section), a directional lock that gives a drag to the
 * innermost container along its axis, UIScrollView's rubber band past the bounds, a release
 * velocity fitted over the last 100 ms of the finger's positions, the library's decisions
 * (sl_layout_resolve_scroll, sl_layout_navigate, sl_layout_scroll_input) and its motions
 * sampled in closed form; looping containers are re-based into their canonical lap at rest.
 */
#include "sl-layout-view.h"

#include <math.h>
#include <string.h>

/* Points a touch moves before it becomes a drag; the content then follows without a jump. */
#define TOUCH_SLOP 6.0
/* The release velocity is fitted over the finger's positions of this many last seconds. */
#define VELOCITY_WINDOW 0.1
#define MAX_SAMPLES 64
/* Resistance past the bounds: UIScrollView's rubber band, (1 - 1 / (x * c / d + 1)) * d. */
#define RUBBER_BAND 0.55
/* Arrow-key steps of a main scroll without rest positions, in points. */
#define LINE_STEP 64.0

typedef struct scroller {
  int32_t container;
  gboolean horizontal, bounces, loops;
  int64_t snap_count;
  double min_offset, max_offset, viewport, period;
  gboolean moving;
  sl_motion motion;
  double motion_start;
  gboolean caught, has_reference;
  int64_t reference;
} scroller;

typedef struct sample {
  double time, position;
} sample;

enum { TOUCH_NONE, TOUCH_PENDING, TOUCH_DRAGGING, TOUCH_IGNORED };

typedef struct touch {
  int state;
  double down_x, down_y, down_time;
  int scroller;
  double start_offset, anchor_raw, anchor_position;
  sample samples[MAX_SAMPLES];
  int sample_count, sample_next;
} touch;

/* A child: its element's key, its widget (NULL when the factory gave none) and its element. */
typedef struct cell_key {
  int64_t item;
  int32_t section, copy, category, kind;
} cell_key;

typedef struct cell {
  cell_key key;
  GtkWidget *widget;
  sl_element element;
  size_t order; /* the element's place in the library's list, for ties of z */
  gboolean used;
} cell;

struct _SlLayoutView {
  GtkWidget parent_instance;
  char *json;
  size_t json_length;
  sl_layout *layout;
  gboolean rtl;
  double natural_width, natural_height;
  double width, height;
  scroller *scrollers;
  int scroller_count;
  GHashTable *cells;
  GPtrArray *order;
  sl_element *elements;
  size_t capacity;
  touch touch;
  int touchpad; /* the scroller a touchpad gesture moves, or -1 */
  guint touchpad_timer; /* ends a gesture whose scroll-end never comes */
  SlLayoutViewFactory factory;
  gpointer factory_data;
  GDestroyNotify factory_destroy;
  gboolean manual_clock;
  double manual_time;
  guint tick_id;
  double pointer_x, pointer_y;
  guint layout_count;
  double drag_x, drag_y; /* where the GtkGestureDrag started */
};

G_DEFINE_TYPE(SlLayoutView, sl_layout_view, GTK_TYPE_WIDGET)

G_DEFINE_QUARK(sl-layout-view-error-quark, sl_layout_view_error)

static void stop_touchpad_timer(SlLayoutView *self);
static gboolean scroll_input(SlLayoutView *self, scroller *s, int32_t device, uint32_t flags,
                             double delta, double now);

/* ---------------------------------------------------------------------------------------------
 * Errors: the library's, as warnings (a view keeps going with what it has)
 * ------------------------------------------------------------------------------------------- */

static void library_warning(const char *what) {
  const sl_error *error = sl_error_last();
  g_warning("SlLayoutView: %s: %s%s%s [%s]", what, error->message, error->path[0] ? " at " : "",
            error->path, sl_status_string(error->code));
}

/* ---------------------------------------------------------------------------------------------
 * The text direction: "environment.layoutDirection" set in a copy of the configuration
 * ------------------------------------------------------------------------------------------- */

/* Skips white space and comments (the library accepts // and block comments). */
static size_t skip_blank(const char *s, size_t n, size_t i) {
  while (i < n) {
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
      i++;
    } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n') i++;
    } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
      i += 2;
      while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/')) i++;
      i += 2;
    } else {
      break;
    }
  }
  return i < n ? i : n;
}

/* The end of the string that starts at s[i] == '"' (just past its closing quote). */
static size_t string_end(const char *s, size_t n, size_t i) {
  for (i++; i < n && s[i] != '"'; i++)
    if (s[i] == '\\') i++;
  return i < n ? i + 1 : n;
}

static gboolean is_key(const char *s, size_t start, size_t end, const char *name) {
  size_t length = strlen(name);
  return end - start == length + 2 && memcmp(s + start + 1, name, length) == 0;
}

/*
 * A copy of the configuration with "environment.layoutDirection" set: the value replaced when
 * there is one, the key added to "environment" otherwise, or "environment" added. Text that is
 * not an object comes back as it is (the library then says what is wrong).
 */
static char *with_direction(const char *s, size_t n, gboolean rtl, size_t *out_length) {
  const char *value = rtl ? "\"rightToLeft\"" : "\"leftToRight\"";
  char stack[300];
  int depth = 0;
  gboolean expect_key = FALSE, in_environment = FALSE;
  size_t key_start = 0, key_end = 0, top_open = 0, env_open = 0;
  size_t value_start = 0, value_end = 0;
  gboolean found_env = FALSE, found_value = FALSE;
  for (size_t i = skip_blank(s, n, 0); i < n; i = skip_blank(s, n, i)) {
    char c = s[i];
    if (c == '"') {
      size_t end = string_end(s, n, i);
      if (expect_key) {
        key_start = i;
        key_end = end;
        expect_key = FALSE;
      } else if (in_environment && depth == 2 && is_key(s, key_start, key_end, "layoutDirection") &&
                 !found_value) {
        value_start = i;
        value_end = end;
        found_value = TRUE;
      }
      i = end;
      continue;
    }
    if (c == '{' || c == '[') {
      if (depth >= (int)sizeof stack) break;
      if (c == '{' && depth == 0) top_open = i + 1;
      if (c == '{' && depth == 1 && !found_env && is_key(s, key_start, key_end, "environment")) {
        found_env = TRUE;
        in_environment = TRUE;
        env_open = i + 1;
      }
      stack[depth++] = c;
      expect_key = c == '{';
    } else if (c == '}' || c == ']') {
      if (depth > 0) depth--;
      if (depth == 1) in_environment = FALSE;
      expect_key = FALSE;
    } else if (c == ',') {
      expect_key = depth > 0 && stack[depth - 1] == '{';
    } else if (c == ':') {
      expect_key = FALSE;
    }
    i++;
  }
  GString *out = g_string_sized_new(n + 64);
  if (found_value) {
    g_string_append_len(out, s, (gssize)value_start);
    g_string_append(out, value);
    g_string_append_len(out, s + value_end, (gssize)(n - value_end));
  } else if (found_env || top_open > 0) {
    size_t at = found_env ? env_open : top_open;
    gboolean empty = s[skip_blank(s, n, at)] == '}';
    g_string_append_len(out, s, (gssize)at);
    if (!found_env) g_string_append(out, "\"environment\": {");
    g_string_append_printf(out, "\"layoutDirection\": %s", value);
    if (!found_env) g_string_append(out, "}");
    if (!empty) g_string_append(out, ", ");
    g_string_append_len(out, s + at, (gssize)(n - at));
  } else {
    g_string_append_len(out, s, (gssize)n);
  }
  *out_length = out->len;
  return g_string_free(out, FALSE);
}

/* ---------------------------------------------------------------------------------------------
 * Cells: the children, keyed by their element
 * ------------------------------------------------------------------------------------------- */

static guint cell_key_hash(gconstpointer p) {
  const cell_key *k = p;
  guint64 h = (guint64)k->item * 1000003u;
  h ^= (guint64)(guint32)k->section * 7919u + (guint64)(guint32)k->copy * 104729u;
  h ^= (guint64)(guint32)k->category * 31u + (guint64)(guint32)(k->kind + 1) * 131u;
  return (guint)(h ^ (h >> 32));
}

static gboolean cell_key_equal(gconstpointer l, gconstpointer r) {
  const cell_key *a = l, *b = r;
  return a->item == b->item && a->section == b->section && a->copy == b->copy &&
         a->category == b->category && a->kind == b->kind;
}

static void cell_free(gpointer p) {
  cell *c = p;
  if (c->widget) gtk_widget_unparent(c->widget);
  g_free(c);
}

static cell_key key_of(const sl_element *e) {
  cell_key k;
  memset(&k, 0, sizeof k);
  k.item = e->item;
  k.section = e->section;
  k.copy = e->copy;
  k.category = e->category;
  k.kind = e->kind;
  return k;
}

/* ---------------------------------------------------------------------------------------------
 * The clock
 * ------------------------------------------------------------------------------------------- */

static double now_of(SlLayoutView *self) {
  return self->manual_clock ? self->manual_time : (double)g_get_monotonic_time() / 1e6;
}

static double motion_time(const scroller *s, double now) {
  return now > s->motion_start ? now - s->motion_start : 0;
}

/* ---------------------------------------------------------------------------------------------
 * The scroll containers
 * ------------------------------------------------------------------------------------------- */

static gboolean scroller_refresh(SlLayoutView *self, scroller *s) {
  sl_scroll_info info;
  sl_loop_info loop;
  if (sl_layout_get_scroll_info(self->layout, s->container, &info) != SL_OK ||
      sl_layout_get_loop_info(self->layout, s->container, &loop) != SL_OK) {
    library_warning("cannot read a scroll container");
    return FALSE;
  }
  s->loops = loop.active;
  s->period = loop.period;
  s->horizontal = info.horizontal;
  s->snap_count = info.snap_count;
  s->min_offset = info.min_offset;
  s->max_offset = info.max_offset;
  s->viewport = info.viewport_length;
  s->bounces = info.bounce == SL_BOUNCE_ALWAYS ||
               (info.bounce == SL_BOUNCE_AUTOMATIC && info.max_offset > info.min_offset);
  return TRUE;
}

static double scroller_offset(SlLayoutView *self, const scroller *s) {
  double offset = 0;
  if (sl_layout_get_scroll_offset(self->layout, s->container, &offset) != SL_OK)
    library_warning("cannot read a scroll offset");
  return offset;
}

static void scroller_set(SlLayoutView *self, scroller *s, double offset) {
  if (sl_layout_set_scroll_offset(self->layout, s->container, offset) != SL_OK)
    library_warning("cannot set a scroll offset");
  gtk_widget_queue_allocate(GTK_WIDGET(self));
}

/*
 * Tells the layout where a container's motion is heading, or that none runs (docs/SNAPPING.md,
 * "Through layout changes"): a layout change (a resize) then carries the target with its card,
 * and sl_layout_retarget_motion redirects the motion there. Called whenever a motion starts,
 * settles, is caught or stopped, or is re-based.
 */
static void register_target(SlLayoutView *self, const scroller *s) {
  int status = s->moving ? sl_layout_set_scroll_target(self->layout, s->container,
                                                       s->motion.target_offset)
                         : sl_layout_clear_scroll_target(self->layout, s->container);
  if (status != SL_OK) library_warning("cannot register a motion's target");
}

/* Stops a container's motion where it is and forgets its target. */
static void stop_motion(SlLayoutView *self, scroller *s) {
  if (!s->moving) return;
  s->moving = FALSE;
  register_target(self, s);
}

/* Re-bases a looping container into its canonical lap (nothing moves on screen); a motion in
 * flight and its registered target move by the same shift. */
static void rebase(SlLayoutView *self, scroller *s) {
  double canonical, shift;
  if (!s->loops) return;
  if (sl_layout_get_canonical_offset(self->layout, s->container, scroller_offset(self, s),
                                     &canonical, &shift) != SL_OK) {
    library_warning("cannot re-base a loop");
    return;
  }
  if (shift == 0) return;
  if (s->moving) {
    s->motion.start_offset -= shift;
    s->motion.target_offset -= shift;
    register_target(self, s);
  }
  scroller_set(self, s, canonical);
}

/* Along the main axis, content coordinates minus this are view coordinates: the main offset,
 * mirrored in a right-to-left horizontal main scroll (its offsets are logical). */
static double main_shift(SlLayoutView *self) {
  scroller *main = &self->scrollers[0];
  double offset = scroller_offset(self, main);
  if (main->horizontal && self->rtl) return main->min_offset + main->max_offset - offset;
  return offset;
}

/* The shift that brings a span of the main scroll's canonical lap to its copy on screen. */
static double main_copy_shift(SlLayoutView *self, double position, double start, double length) {
  const scroller *main = &self->scrollers[0];
  if (!main->loops || !(main->period > 0)) return 0;
  return (floor((position - start - length) / main->period) + 1) * main->period;
}

/* Is the view point (x, y) over container `s`? The main scroll covers the whole view. */
static gboolean scroller_contains(SlLayoutView *self, const scroller *s, double x, double y) {
  sl_section_info info;
  if (s->container == SL_SCROLL_MAIN) return TRUE;
  if (sl_layout_get_section_info(self->layout, s->container, &info) != SL_OK) return FALSE;
  if (self->scrollers[0].horizontal) {
    x += main_shift(self);
    x -= main_copy_shift(self, x, info.frame.x, info.frame.width);
  } else {
    y += main_shift(self);
    y -= main_copy_shift(self, y, info.frame.y, info.frame.height);
  }
  return x >= info.frame.x && x < info.frame.x + info.frame.width && y >= info.frame.y &&
         y < info.frame.y + info.frame.height;
}

static void free_scrollers(SlLayoutView *self) {
  g_clear_pointer(&self->scrollers, g_free);
  self->scroller_count = 0;
}

static void build_scrollers(SlLayoutView *self) {
  int32_t sections = 0;
  free_scrollers(self);
  if (sl_layout_get_section_count(self->layout, &sections) != SL_OK) sections = 0;
  self->scrollers = g_new0(scroller, (gsize)sections + 1);
  self->scrollers[self->scroller_count++].container = SL_SCROLL_MAIN;
  for (int32_t section = 0; section < sections; section++) {
    sl_section_info info;
    if (sl_layout_get_section_info(self->layout, section, &info) == SL_OK &&
        info.orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE)
      self->scrollers[self->scroller_count++].container = section;
  }
  for (int i = 0; i < self->scroller_count; i++) scroller_refresh(self, &self->scrollers[i]);
}

static scroller *find_scroller(SlLayoutView *self, int32_t container) {
  for (int i = 0; i < self->scroller_count; i++)
    if (self->scrollers[i].container == container) return &self->scrollers[i];
  return NULL;
}

/* ---------------------------------------------------------------------------------------------
 * Motions and the tick callback
 * ------------------------------------------------------------------------------------------- */

static gboolean any_moving(SlLayoutView *self) {
  for (int i = 0; i < self->scroller_count; i++)
    if (self->scrollers[i].moving) return TRUE;
  return FALSE;
}

static void advance(SlLayoutView *self, double now) {
  for (int i = 0; i < self->scroller_count; i++) {
    scroller *s = &self->scrollers[i];
    sl_motion_state state;
    if (!s->moving) continue;
    if (sl_motion_sample(&s->motion, motion_time(s, now), &state) != SL_OK) {
      library_warning("cannot sample a motion");
      stop_motion(self, s);
      continue;
    }
    scroller_set(self, s, state.offset);
    if (state.settled) {
      stop_motion(self, s);
      rebase(self, s);
    }
  }
}

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  SlLayoutView *self = SL_LAYOUT_VIEW(widget);
  (void)data;
  if (self->manual_clock) {
    self->tick_id = 0;
    return G_SOURCE_REMOVE;
  }
  advance(self, (double)gdk_frame_clock_get_frame_time(clock) / 1e6);
  if (any_moving(self)) return G_SOURCE_CONTINUE;
  self->tick_id = 0;
  return G_SOURCE_REMOVE;
}

/* Starts a motion at clock time `now` (one of kind none simply puts the container there) and
 * registers its target. */
static void start_motion(SlLayoutView *self, scroller *s, const sl_motion *motion, double now) {
  if (motion->kind == SL_MOTION_NONE) {
    stop_motion(self, s);
    scroller_set(self, s, motion->target_offset);
    rebase(self, s);
    return;
  }
  s->motion = *motion;
  s->motion_start = now;
  s->moving = TRUE;
  register_target(self, s);
  if (!self->manual_clock && self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self), on_tick, NULL, NULL);
}

static void catch_motion(SlLayoutView *self, scroller *s, double now) {
  sl_motion_state state;
  double t = motion_time(s, now);
  if (sl_motion_sample(&s->motion, t, &state) != SL_OK ||
      sl_layout_get_reference_snap(self->layout, s->container, state.offset, &s->motion, t,
                                   &s->reference) != SL_OK) {
    library_warning("cannot catch a motion");
    return;
  }
  s->has_reference = s->reference >= 0;
  stop_motion(self, s);
  s->caught = TRUE;
  scroller_set(self, s, state.offset);
}

static void release(SlLayoutView *self, scroller *s, double start, double end, double velocity,
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
  if (sl_layout_resolve_scroll(self->layout, s->container, &r, &result) != SL_OK) {
    library_warning("cannot resolve a release");
    return;
  }
  start_motion(self, s, &result.motion, now);
}

static void settle(SlLayoutView *self, scroller *s, double now) {
  double offset = scroller_offset(self, s);
  release(self, s, offset, offset, 0, -1, now);
}

/* A scroll to `target` with the container's spring, continuous with any motion in flight. */
static void scroll_to(SlLayoutView *self, scroller *s, double target, double now) {
  sl_motion motion;
  if (!s->loops) target = CLAMP(target, s->min_offset, s->max_offset);
  if (s->moving) {
    if (sl_motion_retarget(&s->motion, motion_time(s, now), target, &motion) != SL_OK) {
      library_warning("cannot retarget a motion");
      return;
    }
  } else {
    sl_scroll_release r;
    sl_snap_result here;
    memset(&r, 0, sizeof r);
    r.version = SL_SCROLL_RELEASE_VERSION;
    r.start_offset = r.release_offset = scroller_offset(self, s);
    if (sl_layout_resolve_scroll(self->layout, s->container, &r, &here) != SL_OK ||
        sl_motion_retarget(&here.motion, 0, target, &motion) != SL_OK) {
      library_warning("cannot aim a motion");
      return;
    }
  }
  start_motion(self, s, &motion, now);
}

static void navigate(SlLayoutView *self, scroller *s, int32_t action, int64_t argument,
                     double now) {
  sl_snap_result step;
  if (sl_layout_navigate(self->layout, s->container, action, argument,
                         s->moving ? &s->motion : NULL, motion_time(s, now), &step) != SL_OK) {
    library_warning("cannot navigate");
    return;
  }
  start_motion(self, s, &step.motion, now);
}

/* ---------------------------------------------------------------------------------------------
 * Placing the children
 * ------------------------------------------------------------------------------------------- */

/* The visible rect's elements into the view's buffer (the library's two-call pattern). */
static size_t visible_elements(SlLayoutView *self) {
  sl_rect rect = {0, 0, self->width, self->height};
  if (self->scrollers[0].horizontal)
    rect.x = main_shift(self);
  else
    rect.y = main_shift(self);
  for (;;) {
    size_t count = 0;
    int status = sl_layout_get_elements_in_rect(self->layout, rect, self->elements,
                                                self->capacity, &count);
    if (status == SL_OK && (count == 0 || self->elements)) return count;
    if (status != SL_OK && status != SL_EBUFS) {
      library_warning("cannot list the visible elements");
      return 0;
    }
    self->capacity = count < 32 ? 64 : count * 2;
    self->elements = g_renew(sl_element, self->elements, self->capacity);
  }
}

static int compare_cells(gconstpointer l, gconstpointer r) {
  const cell *a = *(cell *const *)l, *b = *(cell *const *)r;
  if (a->element.z_index != b->element.z_index)
    return a->element.z_index < b->element.z_index ? -1 : 1;
  return a->order < b->order ? -1 : a->order > b->order;
}

static gboolean drop_unused(gpointer key, gpointer value, gpointer data) {
  cell *c = value;
  (void)key;
  (void)data;
  return !c->used;
}

/* Places one child: its frame in view coordinates, the element's transform about the frame's
 * centre (UIView.transform) and its alpha. */
static void place(SlLayoutView *self, cell *c, double shift) {
  const sl_element *e = &c->element;
  const sl_transform *m = &e->transform;
  double x = e->frame.x, y = e->frame.y, w = e->frame.width, h = e->frame.height;
  int min_w = 0, min_h = 0;
  if (self->scrollers[0].horizontal)
    x -= shift;
  else
    y -= shift;
  gtk_widget_measure(c->widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  int width = MAX((int)lround(w), min_w);
  gtk_widget_measure(c->widget, GTK_ORIENTATION_VERTICAL, width, &min_h, NULL, NULL, NULL);
  int height = MAX((int)lround(h), min_h);
  GskTransform *t = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)(x + w / 2),
                                                                       (float)(y + h / 2)));
  if (m->tx != 0 || m->ty != 0)
    t = gsk_transform_translate(t, &GRAPHENE_POINT_INIT((float)m->tx, (float)m->ty));
  if (m->b != 0 || m->c != 0) {
    /* A general affine map as rotation * skew * scale, steps every renderer (the cairo one
     * included) draws; gsk_transform_matrix() would be of unknown category to them. */
    double sx = hypot(m->a, m->b), sy = sx > 0 ? (m->a * m->d - m->b * m->c) / sx : 0;
    double shear = sx > 0 ? (m->a * m->c + m->b * m->d) / sx : 0;
    t = gsk_transform_rotate(t, (float)(atan2(m->b, m->a) * 180 / G_PI));
    if (shear != 0 && sy != 0) t = gsk_transform_skew(t, (float)(atan(shear / sy) * 180 / G_PI), 0);
    t = gsk_transform_scale(t, (float)sx, (float)sy);
  } else if (m->a != 1 || m->d != 1) {
    t = gsk_transform_scale(t, (float)m->a, (float)m->d);
  }
  t = gsk_transform_translate(t, &GRAPHENE_POINT_INIT((float)(-w / 2), (float)(-h / 2)));
  gtk_widget_set_opacity(c->widget, CLAMP(e->alpha, 0.0, 1.0));
  gtk_widget_allocate(c->widget, width, height, -1, t);
}

static void place_children(SlLayoutView *self) {
  GHashTableIter iter;
  gpointer value;
  g_ptr_array_set_size(self->order, 0);
  if (!self->layout || self->width <= 0) return;
  double shift = main_shift(self);
  size_t count = visible_elements(self);
  g_hash_table_iter_init(&iter, self->cells);
  while (g_hash_table_iter_next(&iter, NULL, &value)) ((cell *)value)->used = FALSE;
  for (size_t i = 0; i < count; i++) {
    const sl_element *e = &self->elements[i];
    cell_key key = key_of(e);
    cell *c;
    if (e->flags & SL_ELEMENT_FLAG_HIDDEN) continue;
    c = g_hash_table_lookup(self->cells, &key);
    if (!c) {
      c = g_new0(cell, 1);
      c->key = key;
      g_hash_table_insert(self->cells, &c->key, c);
      if (self->factory) c->widget = self->factory(self, e, self->factory_data);
      if (c->widget) {
        /* Children read in the view's direction (labels align to its start). */
        gtk_widget_set_direction(c->widget, gtk_widget_get_direction(GTK_WIDGET(self)));
        gtk_widget_set_parent(c->widget, GTK_WIDGET(self));
      }
    }
    c->used = TRUE;
    c->element = *e;
    c->order = i;
    if (c->widget) g_ptr_array_add(self->order, c);
  }
  g_hash_table_foreach_remove(self->cells, drop_unused, NULL);
  g_ptr_array_sort(self->order, compare_cells);
  for (guint i = 0; i < self->order->len; i++)
    place(self, g_ptr_array_index(self->order, i), shift);
  self->layout_count++;
}

/* ---------------------------------------------------------------------------------------------
 * Resizing: a carousel keeps the card it rests on, or is heading to
 * ------------------------------------------------------------------------------------------- */

/*
 * Lays the layout out at a new allocation (docs/SNAPPING.md, "Through layout changes"). The
 * library re-snaps each container at rest on a rest position to the same card's rest position
 * at the new size, and carries each registered motion target with its card: a motion in flight
 * is redirected there (sl_layout_retarget_motion: from where the container is, with the
 * velocity it had, no jump, no stop) and its clock restarts. The view keeps no copy of the
 * offsets (it reads them from the layout), only of the bounds, read again here. A drag or a
 * touchpad gesture in progress ends, and what it moved or caught comes to rest from where it
 * is; a container at rest left outside its new bounds (a page scrolled near its end) settles
 * into them, a loop is re-based.
 */
static void resize(SlLayoutView *self, double width, double height) {
  double now = now_of(self);
  gboolean first = self->width <= 0;
  int touched = self->touch.state == TOUCH_DRAGGING ? self->touch.scroller : -1;
  int touchpad = self->touchpad;
  /* The motions brought to the allocation's time: the layout's offsets are theirs at `now`. */
  if (!first && self->scrollers) advance(self, now);
  if (sl_layout_set_container_size(self->layout, width, height) != SL_OK) {
    library_warning("cannot lay out at this size");
    return;
  }
  self->width = width;
  self->height = height;
  if (!self->scrollers) build_scrollers(self);
  self->touch.state = TOUCH_NONE;
  self->touchpad = -1;
  stop_touchpad_timer(self);
  for (int i = 0; i < self->scroller_count; i++) {
    scroller *s = &self->scrollers[i];
    gboolean caught = s->caught || i == touched;
    s->caught = FALSE;
    s->has_reference = FALSE;
    if (!scroller_refresh(self, s)) continue;
    if (s->moving) {
      sl_motion carried;
      if (sl_layout_retarget_motion(self->layout, s->container, &s->motion,
                                    motion_time(s, now), &carried) != SL_OK) {
        library_warning("cannot carry a motion over the resize");
        stop_motion(self, s);
        settle(self, s, now);
        continue;
      }
      start_motion(self, s, &carried, now);
    } else if (first) {
      /* A new layout starts where its configuration puts it. */
    } else if (i == touchpad) {
      /* The gesture ends as if the fingers lifted; the library resolves it from here. */
      scroll_input(self, s, SL_INPUT_TOUCHPAD, SL_INPUT_END, 0, now);
      if (!s->moving) settle(self, s, now);
    } else if (caught) {
      settle(self, s, now);
    } else if (s->loops) {
      rebase(self, s);
    } else {
      double offset = scroller_offset(self, s);
      if (offset < s->min_offset || offset > s->max_offset) settle(self, s, now);
    }
  }
}

/* ---------------------------------------------------------------------------------------------
 * Touches (GtkGestureDrag): the directional lock, rubber-banding and the release velocity
 * ------------------------------------------------------------------------------------------- */

static double band(double excess, double length) {
  return (1 - 1 / (excess * RUBBER_BAND / length + 1)) * length;
}

static double unband(double banded, double length) {
  if (banded >= length) banded = length * 0.999;
  return length / RUBBER_BAND * banded / (length - banded);
}

static double rubber_band(const scroller *s, double raw) {
  double length = s->viewport > 1 ? s->viewport : 1;
  if (s->loops) return raw;
  if (raw < s->min_offset)
    return s->bounces ? s->min_offset - band(s->min_offset - raw, length) : s->min_offset;
  if (raw > s->max_offset)
    return s->bounces ? s->max_offset + band(raw - s->max_offset, length) : s->max_offset;
  return raw;
}

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

/* The least-squares slope of the finger's positions over the last VELOCITY_WINDOW seconds. */
static double finger_velocity(const touch *t, double now) {
  double n = 0, st = 0, sp = 0, stt = 0, stp = 0;
  for (int i = 0; i < t->sample_count; i++) {
    const sample *s = &t->samples[(t->sample_next - 1 - i + MAX_SAMPLES) % MAX_SAMPLES];
    if (s->time < now - VELOCITY_WINDOW - 1e-9) break;
    double dt = s->time - now;
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

/* The finger's position along a container's axis, growing the way its offsets do: a finger
 * moving toward the content's end lowers it (in a right-to-left horizontal container, moving
 * right reveals later content). */
static double along(SlLayoutView *self, const scroller *s, double x, double y) {
  if (!s->horizontal) return y;
  return self->rtl ? -x : x;
}

void sl_layout_view_drag_begin(SlLayoutView *self, double x, double y) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  touch *t = &self->touch;
  double now = now_of(self);
  if (!self->layout || self->width <= 0) return;
  for (int i = 0; i < self->scroller_count; i++) {
    scroller *s = &self->scrollers[i];
    s->caught = FALSE;
    s->has_reference = FALSE;
    if (s->moving && scroller_contains(self, s, x, y)) catch_motion(self, s, now);
  }
  memset(t, 0, sizeof *t);
  t->state = TOUCH_PENDING;
  t->down_x = x;
  t->down_y = y;
  t->down_time = now;
}

static void recognise_drag(SlLayoutView *self, double x, double y) {
  touch *t = &self->touch;
  double dx = x - t->down_x, dy = y - t->down_y;
  if (fabs(dx) < TOUCH_SLOP && fabs(dy) < TOUCH_SLOP) return;
  gboolean horizontal = fabs(dx) > fabs(dy);
  t->state = TOUCH_IGNORED;
  for (int i = self->scroller_count - 1; i >= 0; i--) {
    scroller *s = &self->scrollers[i];
    if (s->horizontal != horizontal) continue;
    if (!scroller_contains(self, s, t->down_x, t->down_y)) continue;
    if (s->max_offset <= s->min_offset && !s->bounces && !s->loops) continue;
    double down = along(self, s, t->down_x, t->down_y);
    double moved = along(self, s, x, y) - down;
    t->state = TOUCH_DRAGGING;
    t->scroller = i;
    t->start_offset = scroller_offset(self, s);
    t->anchor_raw = raw_offset(s, t->start_offset);
    t->anchor_position = down + (moved > 0 ? TOUCH_SLOP : -TOUCH_SLOP);
    add_sample(t, t->down_time, down);
    return;
  }
}

void sl_layout_view_drag_update(SlLayoutView *self, double x, double y) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  touch *t = &self->touch;
  if (t->state == TOUCH_NONE) return;
  if (t->state == TOUCH_PENDING) recognise_drag(self, x, y);
  if (t->state != TOUCH_DRAGGING) return;
  scroller *s = &self->scrollers[t->scroller];
  double position = along(self, s, x, y);
  add_sample(t, now_of(self), position);
  scroller_set(self, s, rubber_band(s, t->anchor_raw - (position - t->anchor_position)));
}

void sl_layout_view_drag_end(SlLayoutView *self, double x, double y) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  touch *t = &self->touch;
  double now = now_of(self);
  if (t->state == TOUCH_NONE) return;
  sl_layout_view_drag_update(self, x, y);
  int dragged = t->state == TOUCH_DRAGGING ? t->scroller : -1;
  if (dragged >= 0) {
    scroller *s = &self->scrollers[dragged];
    double velocity = -finger_velocity(t, now);
    release(self, s, t->start_offset, scroller_offset(self, s), velocity,
            s->has_reference ? s->reference : -1, now);
  }
  for (int i = 0; i < self->scroller_count; i++) {
    scroller *s = &self->scrollers[i];
    if (i != dragged && s->caught) settle(self, s, now);
    s->caught = FALSE;
    s->has_reference = FALSE;
  }
  t->state = TOUCH_NONE;
}

/* ---------------------------------------------------------------------------------------------
 * Wheels, touchpads and keys
 * ------------------------------------------------------------------------------------------- */

/* The orthogonal container along `horizontal` under (x, y), else the first such one. */
static int carousel_near(SlLayoutView *self, double x, double y, gboolean horizontal) {
  int first = -1;
  for (int i = 1; i < self->scroller_count; i++) {
    if (self->scrollers[i].horizontal != horizontal) continue;
    if (first < 0) first = i;
    if (x >= 0 && scroller_contains(self, &self->scrollers[i], x, y)) return i;
  }
  return first;
}

static void stop_touchpad_timer(SlLayoutView *self) {
  if (self->touchpad_timer) g_source_remove(self->touchpad_timer);
  self->touchpad_timer = 0;
}

static gboolean scroll_input(SlLayoutView *self, scroller *s, int32_t device, uint32_t flags,
                             double delta, double now) {
  sl_scroll_input event = {SL_SCROLL_INPUT_VERSION, device, flags, 0, delta, now};
  sl_scroll_input_result result;
  if (sl_layout_scroll_input(self->layout, s->container, &event, s->moving ? &s->motion : NULL,
                             motion_time(s, now), &result) != SL_OK) {
    library_warning("cannot apply a scroll event");
    return FALSE;
  }
  gtk_widget_queue_allocate(GTK_WIDGET(self));
  if (result.has_motion)
    start_motion(self, s, &result.result.motion, now);
  else if (device == SL_INPUT_TOUCHPAD)
    stop_motion(self, s); /* the library caught the motion where it was */
  return result.has_motion;
}

/*
 * A touchpad gesture whose scroll-end does not come (a device that sends none): 150 ms after
 * the last delta, an event without one lets the library end it (touchpadEndGap, 0.1 s by
 * default); while the gesture has not ended, the timer asks again.
 */
static gboolean on_touchpad_quiet(gpointer data) {
  SlLayoutView *self = data;
  if (self->touchpad < 0 || !self->layout) {
    self->touchpad_timer = 0;
    return G_SOURCE_REMOVE;
  }
  if (scroll_input(self, &self->scrollers[self->touchpad], SL_INPUT_TOUCHPAD, 0, 0,
                   now_of(self)) ||
      self->manual_clock) {
    self->touchpad = -1;
    self->touchpad_timer = 0;
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

/* The scroller a scroll along one axis moves: a carousel under the pointer along that axis,
 * else the main scroll when it runs along it; -1 when none does. */
static int scroll_target(SlLayoutView *self, double x, double y, gboolean horizontal) {
  if (self->scrollers[0].horizontal != horizontal) return carousel_near(self, x, y, horizontal);
  for (int i = 1; i < self->scroller_count; i++)
    if (self->scrollers[i].horizontal == horizontal && x >= 0 &&
        scroller_contains(self, &self->scrollers[i], x, y))
      return i;
  return 0;
}

/* A delta along a scroller's axis in its offsets' sense (GTK's dx > 0 scrolls right). */
static double delta_along(SlLayoutView *self, const scroller *s, double dx, double dy) {
  if (!s->horizontal) return dy;
  return self->rtl ? -dx : dx;
}

void sl_layout_view_scroll(SlLayoutView *self, double x, double y, double dx, double dy,
                           gboolean wheel) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  double now = now_of(self);
  if (!self->layout || self->width <= 0) return;
  if (x < 0) {
    x = self->pointer_x;
    y = self->pointer_y;
  }
  if (wheel) {
    for (int axis = 0; axis < 2; axis++) {
      double d = axis == 0 ? dx : dy;
      int i = d != 0 ? scroll_target(self, x, y, axis == 0) : -1;
      if (i >= 0) {
        scroller *s = &self->scrollers[i];
        scroll_input(self, s, SL_INPUT_WHEEL, 0, delta_along(self, s, dx, dy), now);
      }
    }
    return;
  }
  /* A touchpad gesture keeps the container its first delta chose until it ends. */
  if (self->touchpad < 0) {
    if (dx == 0 && dy == 0) return;
    self->touchpad = scroll_target(self, x, y, fabs(dx) > fabs(dy));
    if (self->touchpad < 0) return;
  }
  scroller *s = &self->scrollers[self->touchpad];
  scroll_input(self, s, SL_INPUT_TOUCHPAD, 0, delta_along(self, s, dx, dy), now);
  if (!self->manual_clock) {
    stop_touchpad_timer(self);
    self->touchpad_timer = g_timeout_add(150, on_touchpad_quiet, self);
  }
}

void sl_layout_view_scroll_end(SlLayoutView *self) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  if (!self->layout || self->touchpad < 0) return;
  scroller *s = &self->scrollers[self->touchpad];
  self->touchpad = -1;
  stop_touchpad_timer(self);
  scroll_input(self, s, SL_INPUT_TOUCHPAD, SL_INPUT_END, 0, now_of(self));
}

gboolean sl_layout_view_key(SlLayoutView *self, guint keyval, double x, double y) {
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), FALSE);
  double now = now_of(self);
  if (!self->layout || self->width <= 0) return FALSE;
  if (x < 0) {
    x = self->pointer_x;
    y = self->pointer_y;
  }
  scroller *main = &self->scrollers[0];
  gboolean left = keyval == GDK_KEY_Left || keyval == GDK_KEY_KP_Left;
  gboolean right = keyval == GDK_KEY_Right || keyval == GDK_KEY_KP_Right;
  gboolean up = keyval == GDK_KEY_Up || keyval == GDK_KEY_KP_Up;
  gboolean down = keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down;
  if (left || right || up || down) {
    gboolean horizontal = left || right;
    int i = scroll_target(self, x, y, horizontal);
    if (i < 0) return FALSE;
    scroller *s = &self->scrollers[i];
    /* Toward the end: right (left in a right-to-left container) or down. */
    gboolean forward = horizontal ? (right != self->rtl) : down;
    if (s->snap_count == 0 && s == main) {
      double from = s->moving ? s->motion.target_offset : scroller_offset(self, s);
      scroll_to(self, s, from + (forward ? LINE_STEP : -LINE_STEP), now);
    } else {
      navigate(self, s, forward ? SL_NAVIGATE_NEXT : SL_NAVIGATE_PREVIOUS, 1, now);
    }
    return TRUE;
  }
  switch (keyval) {
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down:
      navigate(self, main, SL_NAVIGATE_NEXT, 1, now);
      return TRUE;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up:
      navigate(self, main, SL_NAVIGATE_PREVIOUS, 1, now);
      return TRUE;
    case GDK_KEY_Home: case GDK_KEY_KP_Home:
      navigate(self, main, SL_NAVIGATE_FIRST, 0, now);
      return TRUE;
    case GDK_KEY_End: case GDK_KEY_KP_End:
      navigate(self, main, SL_NAVIGATE_LAST, 0, now);
      return TRUE;
    default:
      return FALSE;
  }
}

/* ---------------------------------------------------------------------------------------------
 * Controller callbacks
 * ------------------------------------------------------------------------------------------- */

static void on_drag_begin(GtkGestureDrag *gesture, double x, double y, SlLayoutView *self) {
  (void)gesture;
  self->drag_x = x;
  self->drag_y = y;
  gtk_widget_grab_focus(GTK_WIDGET(self));
  sl_layout_view_drag_begin(self, x, y);
}

static void on_drag_update(GtkGestureDrag *gesture, double dx, double dy, SlLayoutView *self) {
  sl_layout_view_drag_update(self, self->drag_x + dx, self->drag_y + dy);
  if (self->touch.state == TOUCH_DRAGGING)
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void on_drag_end(GtkGestureDrag *gesture, double dx, double dy, SlLayoutView *self) {
  (void)gesture;
  sl_layout_view_drag_end(self, self->drag_x + dx, self->drag_y + dy);
}

static gboolean on_scroll(GtkEventControllerScroll *controller, double dx, double dy,
                          SlLayoutView *self) {
  /* A notched wheel counts notches (SL_INPUT_WHEEL); a touchpad or a smooth wheel sends
   * points (SL_INPUT_TOUCHPAD) and ends with scroll-end. */
  gboolean wheel = gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL;
  sl_layout_view_scroll(self, -1, -1, dx, dy, wheel);
  return TRUE;
}

static void on_scroll_end(GtkEventControllerScroll *controller, SlLayoutView *self) {
  (void)controller;
  sl_layout_view_scroll_end(self);
}

static gboolean on_key(GtkEventControllerKey *controller, guint keyval, guint keycode,
                       GdkModifierType state, SlLayoutView *self) {
  (void)controller;
  (void)keycode;
  (void)state;
  return sl_layout_view_key(self, keyval, -1, -1);
}

static void on_motion(GtkEventControllerMotion *controller, double x, double y,
                      SlLayoutView *self) {
  (void)controller;
  self->pointer_x = x;
  self->pointer_y = y;
}

/* ---------------------------------------------------------------------------------------------
 * GtkWidget
 * ------------------------------------------------------------------------------------------- */

static void drop_layout(SlLayoutView *self) {
  g_hash_table_remove_all(self->cells);
  g_ptr_array_set_size(self->order, 0);
  g_clear_pointer(&self->layout, sl_layout_destroy);
  free_scrollers(self);
  if (self->tick_id) {
    gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->tick_id);
    self->tick_id = 0;
  }
  self->width = self->height = 0;
  self->touch.state = TOUCH_NONE;
  self->touchpad = -1;
  stop_touchpad_timer(self);
}

/* Creates the layout from the kept text in the widget's text direction. */
static gboolean create_layout(SlLayoutView *self, GError **error) {
  size_t length = 0;
  gboolean rtl = gtk_widget_get_direction(GTK_WIDGET(self)) == GTK_TEXT_DIR_RTL;
  char *text = with_direction(self->json, self->json_length, rtl, &length);
  sl_layout *layout = NULL;
  sl_size size;
  int status = sl_layout_create(text, length, &layout);
  g_free(text);
  if (status != SL_OK) {
    const sl_error *e = sl_error_last();
    g_set_error(error, SL_LAYOUT_VIEW_ERROR, status, "%s%s%s", e->message,
                e->path[0] ? " at " : "", e->path);
    return FALSE;
  }
  drop_layout(self);
  self->layout = layout;
  self->rtl = rtl;
  self->natural_width = self->natural_height = 0;
  /* Sections and containers can be read once the layout has a size: the configuration's, or
   * the first allocation's (resize). */
  if (sl_layout_get_container_size(layout, &size) == SL_OK) {
    self->natural_width = size.width;
    self->natural_height = size.height;
    build_scrollers(self);
  }
  gtk_widget_queue_resize(GTK_WIDGET(self));
  return TRUE;
}

gboolean sl_layout_view_load(SlLayoutView *self, const char *json, gssize length,
                             GError **error) {
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), FALSE);
  g_return_val_if_fail(json != NULL, FALSE);
  size_t n = length < 0 ? strlen(json) : (size_t)length;
  char *old = self->json;
  size_t old_length = self->json_length;
  self->json = g_memdup2(json, n);
  self->json_length = n;
  if (!create_layout(self, error)) {
    g_free(self->json);
    self->json = old;
    self->json_length = old_length;
    return FALSE;
  }
  g_free(old);
  return TRUE;
}

static void sl_layout_view_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                   int *minimum, int *natural, int *minimum_baseline,
                                   int *natural_baseline) {
  SlLayoutView *self = SL_LAYOUT_VIEW(widget);
  (void)for_size;
  *minimum = 0;
  *natural = (int)ceil(orientation == GTK_ORIENTATION_HORIZONTAL ? self->natural_width
                                                                 : self->natural_height);
  *minimum_baseline = *natural_baseline = -1;
}

static void sl_layout_view_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  SlLayoutView *self = SL_LAYOUT_VIEW(widget);
  (void)baseline;
  if (!self->layout || width <= 0 || height <= 0) return;
  if (width != self->width || height != self->height) resize(self, width, height);
  place_children(self);
}

static void sl_layout_view_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
  SlLayoutView *self = SL_LAYOUT_VIEW(widget);
  for (guint i = 0; i < self->order->len; i++) {
    cell *c = g_ptr_array_index(self->order, i);
    gtk_widget_snapshot_child(widget, c->widget, snapshot);
  }
}

static void sl_layout_view_direction_changed(GtkWidget *widget, GtkTextDirection previous) {
  SlLayoutView *self = SL_LAYOUT_VIEW(widget);
  GError *error = NULL;
  GTK_WIDGET_CLASS(sl_layout_view_parent_class)->direction_changed(widget, previous);
  gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
  if (self->json && rtl != self->rtl && !create_layout(self, &error)) {
    g_warning("SlLayoutView: cannot lay out in the new direction: %s", error->message);
    g_error_free(error);
  }
}

static void sl_layout_view_dispose(GObject *object) {
  SlLayoutView *self = SL_LAYOUT_VIEW(object);
  if (self->cells) drop_layout(self);
  g_clear_pointer(&self->cells, g_hash_table_unref);
  g_clear_pointer(&self->order, g_ptr_array_unref);
  if (self->factory_destroy) self->factory_destroy(self->factory_data);
  self->factory = NULL;
  self->factory_destroy = NULL;
  G_OBJECT_CLASS(sl_layout_view_parent_class)->dispose(object);
}

static void sl_layout_view_finalize(GObject *object) {
  SlLayoutView *self = SL_LAYOUT_VIEW(object);
  g_free(self->json);
  g_free(self->elements);
  G_OBJECT_CLASS(sl_layout_view_parent_class)->finalize(object);
}

static void sl_layout_view_class_init(SlLayoutViewClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = sl_layout_view_dispose;
  object_class->finalize = sl_layout_view_finalize;
  widget_class->measure = sl_layout_view_measure;
  widget_class->size_allocate = sl_layout_view_size_allocate;
  widget_class->snapshot = sl_layout_view_snapshot;
  widget_class->direction_changed = sl_layout_view_direction_changed;
  gtk_widget_class_set_css_name(widget_class, "sl-layout-view");
}

static void sl_layout_view_init(SlLayoutView *self) {
  GtkWidget *widget = GTK_WIDGET(self);
  self->cells = g_hash_table_new_full(cell_key_hash, cell_key_equal, NULL, cell_free);
  self->order = g_ptr_array_new();
  self->touchpad = -1;
  self->pointer_x = self->pointer_y = -1;
  gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_focusable(widget, TRUE);

  GtkGesture *drag = gtk_gesture_drag_new();
  gtk_gesture_single_set_touch_only(GTK_GESTURE_SINGLE(drag), FALSE);
  g_signal_connect(drag, "drag-begin", G_CALLBACK(on_drag_begin), self);
  g_signal_connect(drag, "drag-update", G_CALLBACK(on_drag_update), self);
  g_signal_connect(drag, "drag-end", G_CALLBACK(on_drag_end), self);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(drag));

  GtkEventController *scroll =
      gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect(scroll, "scroll", G_CALLBACK(on_scroll), self);
  g_signal_connect(scroll, "scroll-end", G_CALLBACK(on_scroll_end), self);
  gtk_widget_add_controller(widget, scroll);

  GtkEventController *key = gtk_event_controller_key_new();
  g_signal_connect(key, "key-pressed", G_CALLBACK(on_key), self);
  gtk_widget_add_controller(widget, key);

  GtkEventController *motion = gtk_event_controller_motion_new();
  g_signal_connect(motion, "enter", G_CALLBACK(on_motion), self);
  g_signal_connect(motion, "motion", G_CALLBACK(on_motion), self);
  gtk_widget_add_controller(widget, motion);
}

/* ---------------------------------------------------------------------------------------------
 * The rest of the interface
 * ------------------------------------------------------------------------------------------- */

GtkWidget *sl_layout_view_new(void) { return g_object_new(SL_TYPE_LAYOUT_VIEW, NULL); }

void sl_layout_view_set_factory(SlLayoutView *self, SlLayoutViewFactory factory,
                                gpointer user_data, GDestroyNotify destroy) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  if (self->factory_destroy) self->factory_destroy(self->factory_data);
  self->factory = factory;
  self->factory_data = user_data;
  self->factory_destroy = destroy;
  g_hash_table_remove_all(self->cells); /* every child comes anew from the new factory */
  g_ptr_array_set_size(self->order, 0);
  gtk_widget_queue_allocate(GTK_WIDGET(self));
}

sl_layout *sl_layout_view_get_layout(SlLayoutView *self) {
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), NULL);
  return self->layout;
}

void sl_layout_view_refresh(SlLayoutView *self) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  if (!self->layout || !self->scrollers) return;
  /* Sections may have come or gone, and items moved: the containers are read anew (motions
   * stop where they are, their targets forgotten) and every child comes anew from the
   * factory. */
  build_scrollers(self);
  for (int i = 0; i < self->scroller_count; i++)
    if (sl_layout_clear_scroll_target(self->layout, self->scrollers[i].container) != SL_OK)
      library_warning("cannot forget a motion's target");
  self->touch.state = TOUCH_NONE;
  self->touchpad = -1;
  stop_touchpad_timer(self);
  g_hash_table_remove_all(self->cells);
  g_ptr_array_set_size(self->order, 0);
  gtk_widget_queue_allocate(GTK_WIDGET(self));
}

const char *sl_layout_view_get_kind_name(SlLayoutView *self, int32_t kind) {
  const char *name = NULL;
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), NULL);
  if (!self->layout || sl_layout_get_element_kind_name(self->layout, kind, &name) != SL_OK)
    return NULL;
  return name;
}

GtkWidget *sl_layout_view_get_child(SlLayoutView *self, int32_t section, int64_t item,
                                    int32_t copy, int32_t category, int32_t kind) {
  cell_key key;
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), NULL);
  memset(&key, 0, sizeof key);
  key.section = section;
  key.item = item;
  key.copy = copy;
  key.category = category;
  key.kind = kind;
  cell *c = g_hash_table_lookup(self->cells, &key);
  return c ? c->widget : NULL;
}

double sl_layout_view_get_offset(SlLayoutView *self, int32_t container) {
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), 0);
  scroller *s = self->layout ? find_scroller(self, container) : NULL;
  return s ? scroller_offset(self, s) : 0;
}

gboolean sl_layout_view_is_moving(SlLayoutView *self) {
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), FALSE);
  return any_moving(self);
}

int64_t sl_layout_view_get_selected(SlLayoutView *self, int32_t container) {
  int64_t index = -1;
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), -1);
  scroller *s = self->layout ? find_scroller(self, container) : NULL;
  if (!s || sl_layout_get_selected_snap(self->layout, container, s->moving ? &s->motion : NULL,
                                        motion_time(s, now_of(self)), &index) != SL_OK)
    return -1;
  return index;
}

void sl_layout_view_scroll_to_snap(SlLayoutView *self, int32_t container, int64_t index,
                                   gboolean animate) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  scroller *s = self->layout ? find_scroller(self, container) : NULL;
  if (!s) return;
  if (animate) {
    navigate(self, s, SL_NAVIGATE_TO, index, now_of(self));
  } else {
    stop_motion(self, s);
    if (sl_layout_jump_to_snap(self->layout, container, index) != SL_OK)
      library_warning("cannot jump to a rest position");
    gtk_widget_queue_allocate(GTK_WIDGET(self));
  }
}

void sl_layout_view_use_manual_clock(SlLayoutView *self, double start) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  self->manual_clock = TRUE;
  self->manual_time = start;
  if (self->tick_id) {
    gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->tick_id);
    self->tick_id = 0;
  }
}

void sl_layout_view_advance(SlLayoutView *self, double time) {
  g_return_if_fail(SL_IS_LAYOUT_VIEW(self));
  if (self->manual_clock) self->manual_time = time;
  if (self->layout) advance(self, time);
}

double sl_layout_view_get_time(SlLayoutView *self) {
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), 0);
  return now_of(self);
}

guint sl_layout_view_get_layout_count(SlLayoutView *self) {
  g_return_val_if_fail(SL_IS_LAYOUT_VIEW(self), 0);
  return self->layout_count;
}
