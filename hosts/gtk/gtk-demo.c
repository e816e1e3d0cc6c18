/*
 * gtk-demo.c — sl-gtk-demo: an SlLayoutView in a GtkApplication window, showing the App Store
 * layout (examples-c/appstore.json, built in) or a configuration file, with GtkBoxes and
 * GtkLabels as cells (docs/GTK.md).
 *
 *   sl-gtk-demo [--rtl] [CONFIG.json]      open a window
 *               [--report]                  ... Q prints the state at rest and quits
 *   sl-gtk-demo --test OUTDIR               the scripted session of scripts/test-gtk.sh:
 *                                           drives the widget on a manual 60 Hz clock, checks
 *                                           positions and pictures, writes OUTDIR/gtk-*.png
 *   sl-gtk-demo --compare REFERENCE.png PICTURE.png
 *                                           the same size, at most 1% of the pixels differing
 *                                           by more than 16 in a channel (exit 1 otherwise)
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "appstore_json.h"
#include "sl-layout-view.h"

/* ---------------------------------------------------------------------------------------------
 * Cells: what the factory makes (colours as the SDL example's, examples-c/sdl_draw.c)
 * ------------------------------------------------------------------------------------------- */

static const guint8 palette[8][3] = {
    {0, 122, 255},  {255, 59, 48},  {52, 199, 89},  {255, 149, 0},
    {175, 82, 222}, {48, 176, 199}, {162, 132, 94}, {255, 204, 0},
};

static const char *css_text =
    "sl-layout-view { background: #f2f2f7; }\n"
    ".sl-card { border-radius: 14px; color: white; font-weight: bold; font-size: 28px; }\n"
    ".sl-card0 { background: rgb(0,122,255); } .sl-card1 { background: rgb(255,59,48); }\n"
    ".sl-card2 { background: rgb(52,199,89); } .sl-card3 { background: rgb(255,149,0); }\n"
    ".sl-card4 { background: rgb(175,82,222); } .sl-card5 { background: rgb(48,176,199); }\n"
    ".sl-card6 { background: rgb(162,132,94); } .sl-card7 { background: rgb(255,204,0); }\n"
    ".sl-tile { border-radius: 8px; color: #1c1c1e; background: rgb(176,210,255); }\n"
    ".sl-row { background: white; color: #1c1c1e; }\n"
    ".sl-header { background: #3a3a3c; color: white; font-weight: bold; }\n"
    ".sl-footer { background: #aeaeb2; color: #1c1c1e; }\n"
    ".sl-badge { background: rgb(255,45,145); color: white; border-radius: 10px; "
    "font-size: 11px; }\n"
    ".sl-background { background: rgb(209,217,235); border-radius: 10px; }\n"
    ".sl-title { color: #1c1c1e; font-size: 26px; font-weight: bold; }\n"
    ".sl-other { background: rgb(200,200,230); }\n";

static GtkWidget *label_box(const char *text, const char *css_class, float xalign) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class(box, css_class);
  if (text && text[0]) {
    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_label_set_xalign(GTK_LABEL(label), xalign);
    gtk_widget_set_hexpand(label, TRUE);
    gtk_widget_set_margin_start(label, xalign == 0.5f ? 0 : 12);
    gtk_widget_set_margin_end(label, xalign == 0.5f ? 0 : 12);
    gtk_box_append(GTK_BOX(box), label);
  }
  return box;
}

/* The factory: one box a visible element; cards of orthogonal sections take their item's
 * colour (test pictures read it back), grid tiles and list rows their own. */
static GtkWidget *make_cell(SlLayoutView *view, const sl_element *e, gpointer data) {
  sl_layout *layout = sl_layout_view_get_layout(view);
  char text[64];
  (void)data;
  if (e->category == SL_ELEMENT_CELL) {
    sl_section_info info;
    if (sl_layout_get_section_info(layout, e->section, &info) != SL_OK) return NULL;
    if (info.orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE) {
      char css_class[16];
      snprintf(text, sizeof text, "%lld", (long long)e->item);
      snprintf(css_class, sizeof css_class, "sl-card%d", (int)(e->item % 8));
      GtkWidget *box = label_box(text, "sl-card", 0);
      gtk_widget_add_css_class(box, css_class);
      return box;
    }
    if (info.items_per_group > 1) {
      snprintf(text, sizeof text, "%lld", (long long)e->item);
      return label_box(text, "sl-tile", 0.5f);
    }
    snprintf(text, sizeof text, "Row %lld", (long long)e->item);
    return label_box(text, "sl-row", 0);
  }
  const char *kind = sl_layout_view_get_kind_name(view, e->kind);
  if (!kind) return NULL;
  if (strcmp(kind, "header") == 0 || strcmp(kind, "footer") == 0) {
    snprintf(text, sizeof text, "%s %d", kind, (int)e->section);
    return label_box(text, strcmp(kind, "header") == 0 ? "sl-header" : "sl-footer", 0);
  }
  if (strcmp(kind, "badge") == 0) {
    snprintf(text, sizeof text, "%lld", (long long)(e->item % 10));
    return label_box(text, "sl-badge", 0.5f);
  }
  if (strcmp(kind, "background") == 0) return label_box(NULL, "sl-background", 0);
  if (strcmp(kind, "title") == 0) return label_box("Today", "sl-title", 0);
  return label_box(kind, "sl-other", 0);
}

static void load_css(void) {
  GtkCssProvider *provider = gtk_css_provider_new();
  gtk_css_provider_load_from_data(provider, css_text, -1);
  gtk_style_context_add_provider_for_display(gdk_display_get_default(),
                                             GTK_STYLE_PROVIDER(provider),
                                             GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref(provider);
}

static GtkWidget *new_view(const char *json, gssize length, gboolean rtl, GError **error) {
  GtkWidget *view = sl_layout_view_new();
  if (rtl) gtk_widget_set_direction(view, GTK_TEXT_DIR_RTL);
  if (!sl_layout_view_load(SL_LAYOUT_VIEW(view), json, length, error)) {
    g_object_ref_sink(view);
    g_object_unref(view);
    return NULL;
  }
  sl_layout_view_set_factory(SL_LAYOUT_VIEW(view), make_cell, NULL, NULL);
  return view;
}

/* ---------------------------------------------------------------------------------------------
 * The scripted session (--test)
 * ------------------------------------------------------------------------------------------- */

typedef struct session {
  GtkWidget *window;
  SlLayoutView *view;
  double t;
  int failures;
  const char *out_dir;
  gboolean real_clock; /* the frame clock's time, not the manual one */
  char name[32];
} session;

static void fail(session *s, const char *format, ...) G_GNUC_PRINTF(2, 3);
static void fail(session *s, const char *format, ...) {
  va_list args;
  va_start(args, format);
  fprintf(stderr, "sl-gtk-demo: %s: ", s->name);
  vfprintf(stderr, format, args);
  fprintf(stderr, "\n");
  va_end(args);
  s->failures++;
}

/* Lets GTK lay out and draw the view's current state (the frame clock runs the layout). */
static void pump(session *s) {
  guint before = sl_layout_view_get_layout_count(s->view);
  gtk_widget_queue_allocate(GTK_WIDGET(s->view));
  gint64 give_up = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
  while (sl_layout_view_get_layout_count(s->view) == before && g_get_monotonic_time() < give_up)
    g_main_context_iteration(NULL, TRUE);
  while (g_main_context_iteration(NULL, FALSE)) {
  }
  if (sl_layout_view_get_layout_count(s->view) == before) fail(s, "the view was never laid out");
}

static void frame(session *s) {
  s->t += 1.0 / 60;
  sl_layout_view_advance(s->view, s->t);
}

static void settle(session *s) {
  for (int i = 0; sl_layout_view_is_moving(s->view); i++) {
    if (i == 600) {
      fail(s, "still moving after 10 s");
      break;
    }
    frame(s);
  }
  pump(s);
}

/* A drag from (x0, y0) to (x1, y1) in `ms` milliseconds, one position a frame, as
 * the SDL scripts' `drag` (examples-c/sdl). */
static void drag(session *s, double x0, double y0, double x1, double y1, double ms) {
  int steps = (int)lround(ms / 1000 * 60);
  if (steps < 1) steps = 1;
  double t0 = s->t;
  sl_layout_view_drag_begin(s->view, x0, y0);
  for (int i = 1; i <= steps; i++) {
    double f = (double)i / steps;
    s->t = t0 + ms / 1000 * f;
    sl_layout_view_advance(s->view, s->t);
    sl_layout_view_drag_update(s->view, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f);
  }
  sl_layout_view_drag_end(s->view, x1, y1);
}

/* Renders the view as it is on screen (GtkWidgetPaintable -> render nodes -> cairo). */
static cairo_surface_t *picture(session *s) {
  int w = gtk_widget_get_width(GTK_WIDGET(s->view)), h = gtk_widget_get_height(GTK_WIDGET(s->view));
  GdkPaintable *paintable = gtk_widget_paintable_new(GTK_WIDGET(s->view));
  GtkSnapshot *snapshot = gtk_snapshot_new();
  gdk_paintable_snapshot(paintable, GDK_SNAPSHOT(snapshot), w, h);
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  if (node) {
    gsk_render_node_draw(node, cr);
    gsk_render_node_unref(node);
  } else {
    fail(s, "the view drew nothing");
  }
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  g_object_unref(paintable);
  return surface;
}

static void save(session *s, cairo_surface_t *surface, const char *file) {
  char *path = g_build_filename(s->out_dir, file, NULL);
  if (cairo_surface_write_to_png(surface, path) != CAIRO_STATUS_SUCCESS)
    fail(s, "cannot write %s", path);
  g_free(path);
}

/* Checks that the pixel at (x, y) has colour (r, g, b), each channel within 3. */
static void expect_pixel(session *s, cairo_surface_t *surface, int x, int y, int r, int g, int b,
                         const char *what) {
  unsigned char *data = cairo_image_surface_get_data(surface);
  int stride = cairo_image_surface_get_stride(surface);
  guint32 p = *(guint32 *)(data + y * stride + x * 4);
  int pr = (p >> 16) & 255, pg = (p >> 8) & 255, pb = p & 255;
  if (abs(pr - r) > 3 || abs(pg - g) > 3 || abs(pb - b) > 3)
    fail(s, "pixel (%d, %d), %s: rgb(%d, %d, %d), expected rgb(%d, %d, %d)", x, y, what, pr, pg,
         pb, r, g, b);
}

static void expect_card(session *s, cairo_surface_t *surface, int x, int y, int64_t item) {
  char what[32];
  snprintf(what, sizeof what, "card %lld", (long long)item);
  expect_pixel(s, surface, x, y, palette[item % 8][0], palette[item % 8][1], palette[item % 8][2],
               what);
}

static void expect_near(session *s, double value, double expected, double tolerance,
                        const char *what) {
  if (!(fabs(value - expected) <= tolerance))
    fail(s, "%s is %.3f, expected %.3f", what, value, expected);
}

/* Checks that card `item` (copy `copy`) of section 0 is shown centred on x = `centre` at full
 * size `width`, by its widget's bounds, and that the carousel rests on it. */
static void expect_card_at(session *s, int64_t item, int32_t copy, double centre, double width) {
  graphene_rect_t bounds;
  GtkWidget *child = sl_layout_view_get_child(s->view, 0, item, copy, SL_ELEMENT_CELL,
                                              SL_KIND_CELL);
  if (!child) {
    fail(s, "card %lld copy %d has no widget", (long long)item, (int)copy);
    return;
  }
  if (!gtk_widget_compute_bounds(child, GTK_WIDGET(s->view), &bounds)) {
    fail(s, "card %lld: no bounds", (long long)item);
    return;
  }
  expect_near(s, bounds.origin.x + bounds.size.width / 2, centre, 0.75, "the card's centre");
  expect_near(s, bounds.size.width, width, 1.0, "the card's width");
}

static void expect_rest(session *s, int32_t container, int64_t index) {
  int64_t selected = sl_layout_view_get_selected(s->view, container);
  double offset = sl_layout_view_get_offset(s->view, container), expected = 0;
  int64_t snap = -1;
  if (selected != index) fail(s, "container %d rests on %lld, not %lld", (int)container,
                              (long long)selected, (long long)index);
  if (sl_layout_get_offset_for_item(sl_layout_view_get_layout(s->view), container, container,
                                    index, &expected, &snap) == SL_OK)
    expect_near(s, offset, expected, 0.01, "the carousel's offset");
  if (sl_layout_view_is_moving(s->view)) fail(s, "still moving");
}

static void open_session(session *s, const char *json, gboolean rtl,
                         int width, int height, const char *name) {
  GError *error = NULL;
  snprintf(s->name, sizeof s->name, "%s", name);
  GtkWidget *view = new_view(json, -1, rtl, &error);
  if (!view) {
    fail(s, "cannot load the configuration: %s", error->message);
    g_error_free(error);
    return;
  }
  s->view = SL_LAYOUT_VIEW(view);
  s->t = 1000;
  if (!s->real_clock) sl_layout_view_use_manual_clock(s->view, s->t);
  s->window = gtk_window_new();
  gtk_window_set_default_size(GTK_WINDOW(s->window), width, height);
  gtk_window_set_resizable(GTK_WINDOW(s->window), FALSE);
  gtk_window_set_decorated(GTK_WINDOW(s->window), FALSE);
  gtk_window_set_child(GTK_WINDOW(s->window), view);
  gtk_window_present(GTK_WINDOW(s->window));
  pump(s);
  gint64 give_up = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
  while ((gtk_widget_get_width(view) != width || !gtk_widget_get_mapped(view)) &&
         g_get_monotonic_time() < give_up)
    g_main_context_iteration(NULL, TRUE);
  if (gtk_widget_get_width(view) != width || gtk_widget_get_height(view) != height)
    fail(s, "the view is %d x %d, not %d x %d", gtk_widget_get_width(view),
         gtk_widget_get_height(view), width, height);
  pump(s);
}

static void close_session(session *s) {
  if (s->window) gtk_window_destroy(GTK_WINDOW(s->window));
  s->window = NULL;
  s->view = NULL;
  while (g_main_context_iteration(NULL, FALSE)) {
  }
}

static void print_state(session *s, const char *step) {
  printf("%s %s: main %.2f section0 %.2f rest %lld\n", s->name, step,
         sl_layout_view_get_offset(s->view, SL_SCROLL_MAIN), sl_layout_view_get_offset(s->view, 0),
         (long long)sl_layout_view_get_selected(s->view, 0));
}

/* The App Store layout, left to right: drags, flings, a re-grab, keys, the wheel, a touchpad
 * and the main scroll. The banner carousel is at y 52 ... 272; card k rests centred. */
static void appstore_session(session *s) {
  const double card = 0.82 * 390;
  cairo_surface_t *shot;
  open_session(s, snaplayout_default_config, FALSE, 390, 844, "appstore");
  if (!s->view) return;

  /* 1. Launch: card 0 centred at full size, card 1 peeking at 0.9 on the right. */
  expect_rest(s, 0, 0);
  expect_card_at(s, 0, 0, 195, card);
  shot = picture(s);
  save(s, shot, "gtk-01-launch.png");
  expect_card(s, shot, 195, 162, 0);
  expect_card(s, shot, 387, 162, 1);
  expect_pixel(s, shot, 195, 45, 0xf2, 0xf2, 0xf7, "the page's background");
  cairo_surface_destroy(shot);
  print_state(s, "launch");

  /* 2. A fling to the left, 60 points in 50 ms: the next card, 1. */
  drag(s, 300, 160, 240, 160, 50);
  settle(s);
  expect_rest(s, 0, 1);
  expect_card_at(s, 1, 0, 195, card);
  shot = picture(s);
  save(s, shot, "gtk-02-fling.png");
  expect_card(s, shot, 195, 162, 1);
  expect_card(s, shot, 3, 162, 0);
  expect_card(s, shot, 387, 162, 2);
  cairo_surface_destroy(shot);
  print_state(s, "fling");

  /* 3. A slow small drag (80 pt/s, a tenth of a card) goes back to card 1. */
  drag(s, 250, 160, 210, 160, 500);
  settle(s);
  expect_rest(s, 0, 1);

  /* 4. Re-grab: a fling toward card 2 caught 33 ms later and flung again counts from card 2:
   *    card 3. */
  drag(s, 300, 160, 240, 160, 50);
  frame(s);
  frame(s);
  drag(s, 200, 160, 140, 160, 50);
  settle(s);
  expect_rest(s, 0, 3);
  expect_card_at(s, 3, 0, 195, card);
  print_state(s, "regrab");

  /* 5. Keys: Left goes back one card, Right forward one; three quick Rights go three. */
  sl_layout_view_key(s->view, GDK_KEY_Left, 195, 162);
  settle(s);
  expect_rest(s, 0, 2);
  for (int i = 0; i < 3; i++) {
    sl_layout_view_key(s->view, GDK_KEY_Right, 195, 162);
    frame(s);
    frame(s);
  }
  settle(s);
  expect_rest(s, 0, 5);
  expect_card_at(s, 5, 0, 195, card);
  print_state(s, "keys");

  /* 6. The wheel: one notch back (dx < 0 scrolls left) is one card. */
  sl_layout_view_scroll(s->view, 195, 162, -1, 0, TRUE);
  settle(s);
  expect_rest(s, 0, 4);

  /* 7. A touchpad: 12 deltas of -8 points a frame (-480 pt/s), then the fingers lift
   *    (scroll-end): the gesture resolves like a release, one card back. */
  for (int i = 0; i < 12; i++) {
    frame(s);
    sl_layout_view_scroll(s->view, 195, 162, -8, 0, FALSE);
  }
  sl_layout_view_scroll_end(s->view);
  settle(s);
  expect_rest(s, 0, 3);
  expect_card_at(s, 3, 0, 195, card);
  shot = picture(s);
  expect_card(s, shot, 195, 162, 3);
  cairo_surface_destroy(shot);
  print_state(s, "touchpad");

  /* 8. The main scroll: a wheel notch down moves viewport^(2/3) points; Home goes back. */
  sl_layout_view_scroll(s->view, 195, 500, 0, 1, TRUE);
  settle(s);
  expect_near(s, sl_layout_view_get_offset(s->view, SL_SCROLL_MAIN), pow(844, 2.0 / 3), 0.01,
              "the main offset after a wheel notch");
  sl_layout_view_key(s->view, GDK_KEY_Home, 195, 500);
  settle(s);
  expect_near(s, sl_layout_view_get_offset(s->view, SL_SCROLL_MAIN), 0, 0.01,
              "the main offset after Home");

  /* 9. A vertical drag on the page (100 points up, slowly) scrolls the main scroll, not the
   *    carousel; the carousel then sits 94 points higher (the drag less the touch slop). */
  drag(s, 195, 700, 195, 600, 1000);
  double moved = sl_layout_view_get_offset(s->view, SL_SCROLL_MAIN);
  expect_near(s, moved, 94, 0.01, "the main offset at the release");
  settle(s);
  expect_rest(s, 0, 3);
  double main_offset = sl_layout_view_get_offset(s->view, SL_SCROLL_MAIN);
  if (main_offset < moved) fail(s, "the page went back to %.2f", main_offset);
  if (main_offset < 150) expect_card_at(s, 3, 0, 195, card);
  else fail(s, "the page went on to %.2f", main_offset);
  shot = picture(s);
  save(s, shot, "gtk-03-scrolled.png");
  int y = (int)lround(162 - main_offset);
  if (y > 60) expect_card(s, shot, 195, y, 3);
  cairo_surface_destroy(shot);
  print_state(s, "page");

  /* 10. The picture of docs/pictures: back at the top, card 1 centred. */
  sl_layout_view_key(s->view, GDK_KEY_Home, 195, 500);
  settle(s);
  sl_layout_view_scroll_to_snap(s->view, 0, 1, FALSE);
  pump(s);
  shot = picture(s);
  save(s, shot, "gtk-appstore.png");
  expect_card(s, shot, 195, 162, 1);
  cairo_surface_destroy(shot);
  close_session(s);
}

/* The same layout right to left: the carousel starts at the right, card 1 peeks on the left,
 * a drag to the right goes forward and Left is "next". */
static void rtl_session(session *s) {
  const double card = 0.82 * 390;
  cairo_surface_t *shot;
  open_session(s, snaplayout_default_config, TRUE, 390, 844, "rtl");
  if (!s->view) return;
  expect_rest(s, 0, 0);
  expect_card_at(s, 0, 0, 195, card);
  shot = picture(s);
  expect_card(s, shot, 195, 162, 0);
  expect_card(s, shot, 3, 162, 1);
  cairo_surface_destroy(shot);

  drag(s, 90, 160, 150, 160, 50);
  settle(s);
  expect_rest(s, 0, 1);
  expect_card_at(s, 1, 0, 195, card);
  sl_layout_view_key(s->view, GDK_KEY_Left, 195, 162);
  settle(s);
  expect_rest(s, 0, 2);
  shot = picture(s);
  save(s, shot, "gtk-rtl.png");
  expect_card(s, shot, 195, 162, 2);
  expect_card(s, shot, 387, 162, 1);
  expect_card(s, shot, 3, 162, 3);
  cairo_surface_destroy(shot);
  print_state(s, "rtl");

  /* The direction changes at run time: the layout is made again left to right. */
  gtk_widget_set_direction(GTK_WIDGET(s->view), GTK_TEXT_DIR_LTR);
  pump(s);
  expect_rest(s, 0, 0);
  shot = picture(s);
  expect_card(s, shot, 387, 162, 1);
  cairo_surface_destroy(shot);
  close_session(s);
}

/* A looping carousel (docs/pictures/configs/loop.json): Left from card 0 goes to card 5 of the
 * lap before, whose widget is keyed with its copy; at rest it is re-based to the canonical lap,
 * and card 0 of the next lap peeks on the right. */
static void loop_session(session *s, const char *path) {
  char *json = NULL;
  GError *error = NULL;
  cairo_surface_t *shot;
  if (!g_file_get_contents(path, &json, NULL, &error)) {
    snprintf(s->name, sizeof s->name, "loop");
    fail(s, "%s", error->message);
    g_error_free(error);
    return;
  }
  open_session(s, json, FALSE, 390, 264, "loop");
  g_free(json);
  if (!s->view) return;
  sl_layout *layout = sl_layout_view_get_layout(s->view);
  sl_loop_info loop;
  if (sl_layout_get_loop_info(layout, 0, &loop) != SL_OK || !loop.active)
    fail(s, "the carousel does not loop");
  expect_rest(s, 0, 0);

  /* Half way back: card 5 of the lap before (copy -1) is on screen with a widget of its own. */
  sl_layout_view_key(s->view, GDK_KEY_Left, 195, 150);
  for (int i = 0; i < 8; i++) frame(s);
  pump(s);
  if (!sl_layout_view_get_child(s->view, 0, 5, -1, SL_ELEMENT_CELL, SL_KIND_CELL))
    fail(s, "card 5 of lap -1 has no widget while the carousel crosses the seam");
  settle(s);
  expect_rest(s, 0, 5);
  expect_near(s, sl_layout_view_get_offset(s->view, 0), 1610, 0.01, "the re-based offset");
  if (!sl_layout_view_get_child(s->view, 0, 5, 0, SL_ELEMENT_CELL, SL_KIND_CELL) ||
      !sl_layout_view_get_child(s->view, 0, 0, 1, SL_ELEMENT_CELL, SL_KIND_CELL))
    fail(s, "cards 5 (lap 0) and 0 (lap 1) should both have widgets");
  shot = picture(s);
  save(s, shot, "gtk-loop.png");
  expect_card(s, shot, 150, 150, 5);
  expect_card(s, shot, 360, 150, 0);
  cairo_surface_destroy(shot);
  print_state(s, "loop");

  /* A fling forward across the seam: card 0 of lap 1, re-based to card 0 at rest. */
  drag(s, 300, 150, 240, 150, 50);
  settle(s);
  expect_rest(s, 0, 0);
  close_session(s);
}

/* The widget's own controllers, driven through their signals (what GTK emits for real
 * input): a GtkGestureDrag fling and GtkEventControllerKey presses. */
static GtkEventController *controller_of(GtkWidget *widget, GType type) {
  GListModel *list = gtk_widget_observe_controllers(widget);
  GtkEventController *found = NULL;
  for (guint i = 0; i < g_list_model_get_n_items(list) && !found; i++) {
    GtkEventController *c = g_list_model_get_item(list, i);
    if (G_TYPE_CHECK_INSTANCE_TYPE(c, type)) found = c;
    g_object_unref(c);
  }
  g_object_unref(list);
  return found;
}

static void controllers_session(session *s) {
  gboolean handled = FALSE;
  open_session(s, snaplayout_default_config, FALSE, 390, 844, "controllers");
  if (!s->view) return;
  GtkEventController *drag = controller_of(GTK_WIDGET(s->view), GTK_TYPE_GESTURE_DRAG);
  GtkEventController *key = controller_of(GTK_WIDGET(s->view), GTK_TYPE_EVENT_CONTROLLER_KEY);
  if (!drag || !key) {
    fail(s, "the view lacks its drag gesture or key controller");
    close_session(s);
    return;
  }
  /* 60 points to the left in 50 ms, a position a frame: card 1. */
  g_signal_emit_by_name(drag, "drag-begin", 300.0, 160.0);
  for (int i = 1; i <= 3; i++) {
    frame(s);
    g_signal_emit_by_name(drag, "drag-update", -20.0 * i, 0.0);
  }
  g_signal_emit_by_name(drag, "drag-end", -60.0, 0.0);
  settle(s);
  expect_rest(s, 0, 1);
  /* Right (the pointer last seen over the carousel... none yet: the first carousel). */
  g_signal_emit_by_name(key, "key-pressed", GDK_KEY_Right, 0u, (GdkModifierType)0, &handled);
  if (!handled) fail(s, "Right was not handled");
  settle(s);
  expect_rest(s, 0, 2);
  g_signal_emit_by_name(key, "key-pressed", GDK_KEY_End, 0u, (GdkModifierType)0, &handled);
  settle(s);
  sl_scroll_info info;
  if (sl_layout_get_scroll_info(sl_layout_view_get_layout(s->view), SL_SCROLL_MAIN, &info) ==
      SL_OK)
    expect_near(s, sl_layout_view_get_offset(s->view, SL_SCROLL_MAIN), info.max_offset, 0.01,
                "the main offset after End");
  print_state(s, "signals");

  /* A wider window: the carousel keeps its card, now 0.82 of 500 points wide. */
  gtk_widget_set_size_request(GTK_WIDGET(s->view), 500, 844);
  gint64 give_up = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
  while (gtk_widget_get_width(GTK_WIDGET(s->view)) != 500 && g_get_monotonic_time() < give_up)
    g_main_context_iteration(NULL, TRUE);
  sl_layout_view_key(s->view, GDK_KEY_Home, 250, 500);
  settle(s);
  expect_rest(s, 0, 2);
  expect_card_at(s, 2, 0, 250, 0.82 * 500);
  print_state(s, "wider");

  /* A data change through the layout: two more cards, sl_layout_view_refresh, and a scroll
   * to the last one, card 7, in its own colour. */
  if (sl_layout_insert_items(sl_layout_view_get_layout(s->view), 0, 6, 2, NULL) != SL_OK)
    fail(s, "cannot insert items: %s", sl_error_last()->message);
  sl_layout_view_refresh(s->view);
  sl_layout_view_scroll_to_snap(s->view, 0, 7, TRUE);
  settle(s);
  expect_rest(s, 0, 7);
  expect_card_at(s, 7, 0, 250, 0.82 * 500);
  cairo_surface_t *shot = picture(s);
  expect_card(s, shot, 250, 162, 7);
  cairo_surface_destroy(shot);
  close_session(s);
}

/* Resizes the view (its window is not resizable: it follows the view's request) and lets GTK
 * lay it out; the manual clock stands still meanwhile, so no motion advances. */
static void resize_view(session *s, int width, int height) {
  GtkWidget *view = GTK_WIDGET(s->view);
  gtk_widget_set_size_request(view, width, height);
  gint64 give_up = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
  while ((gtk_widget_get_width(view) != width || gtk_widget_get_height(view) != height) &&
         g_get_monotonic_time() < give_up)
    g_main_context_iteration(NULL, TRUE);
  if (gtk_widget_get_width(view) != width || gtk_widget_get_height(view) != height)
    fail(s, "the view is %d x %d, not %d x %d after a resize", gtk_widget_get_width(view),
         gtk_widget_get_height(view), width, height);
  pump(s);
}

/* Through resizes (docs/SNAPPING.md, "Through layout changes"): the carousel at rest on card 3
 * stays on card 3, centred at once at each width, the same offset back at 390 points; a fling
 * from card 3 toward card 4 resized in flight goes on from where it was, without a jump or a
 * stop, and lands on card 4 at its rest position at the new width. */
static void resize_session(session *s) {
  const double card = 0.82 * 390;
  cairo_surface_t *shot;
  open_session(s, snaplayout_default_config, FALSE, 390, 844, "resize");
  if (!s->view) return;
  sl_layout_view_scroll_to_snap(s->view, 0, 3, TRUE);
  settle(s);
  expect_rest(s, 0, 3);
  double at_390 = sl_layout_view_get_offset(s->view, 0);

  resize_view(s, 600, 844);
  if (sl_layout_view_is_moving(s->view)) fail(s, "the resize started a motion at rest");
  expect_rest(s, 0, 3);
  expect_card_at(s, 3, 0, 300, 0.82 * 600);
  shot = picture(s);
  expect_card(s, shot, 300, 162, 3);
  cairo_surface_destroy(shot);
  print_state(s, "wide");

  resize_view(s, 390, 844);
  expect_rest(s, 0, 3);
  expect_near(s, sl_layout_view_get_offset(s->view, 0), at_390, 0.01, "the offset back at 390");
  expect_card_at(s, 3, 0, 195, card);
  print_state(s, "back");

  /* A fling toward card 4, resized three frames in. */
  drag(s, 300, 160, 240, 160, 50);
  frame(s);
  frame(s);
  frame(s);
  /* The velocity just before the resize, over the last 0.1 ms (motions are sampled in
   * closed form, so the clock may go back). */
  sl_layout_view_advance(s->view, s->t - 1e-4);
  double before = sl_layout_view_get_offset(s->view, 0);
  sl_layout_view_advance(s->view, s->t);
  pump(s);
  if (!sl_layout_view_is_moving(s->view)) fail(s, "the fling is not in flight");
  if (sl_layout_view_get_selected(s->view, 0) != 4) fail(s, "the fling is not heading to card 4");
  double flying = sl_layout_view_get_offset(s->view, 0);
  resize_view(s, 600, 844);
  expect_near(s, sl_layout_view_get_offset(s->view, 0), flying, 0.01,
              "the offset just after the resize");
  if (!sl_layout_view_is_moving(s->view)) fail(s, "the resize stopped the fling");
  if (sl_layout_view_get_selected(s->view, 0) != 4)
    fail(s, "after the resize the fling heads to card %lld, not 4",
         (long long)sl_layout_view_get_selected(s->view, 0));
  /* No stop: the velocity over the next 0.1 ms is the one before the resize. */
  double velocity = (flying - before) / 1e-4;
  sl_layout_view_advance(s->view, s->t + 1e-4);
  if (!(velocity > 100)) fail(s, "the fling runs at %.1f pt/s before the resize", velocity);
  expect_near(s, (sl_layout_view_get_offset(s->view, 0) - flying) / 1e-4, velocity,
              0.1 * velocity, "the velocity just after the resize");
  s->t += 1e-4;
  settle(s);
  expect_rest(s, 0, 4);
  expect_card_at(s, 4, 0, 300, 0.82 * 600);
  print_state(s, "fling");
  close_session(s);
}

/* The text direction reaches configurations that leave it out, or say otherwise: a
 * right-to-left view puts a 100-point item of a 390-point container at x = 290. */
static void direction_checks(session *s) {
  static const char *group =
      "\"group\": {\"group\": \"horizontal\", \"layoutSize\": {\"widthDimension\": "
      "{\"absolute\": 100}, \"heightDimension\": {\"absolute\": 50}}, \"subitems\": "
      "[{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1}, "
      "\"heightDimension\": {\"fractionalHeight\": 1}}}]}";
  const char *heads[] = {
      "{\"version\": 1, ",
      "{\"version\": 1, \"environment\": {}, ",
      "{\"version\": 1, /* \"environment\": {} */ \"environment\": { \"displayScale\": 2 }, ",
      "{\"version\": 1, \"environment\": {\"layoutDirection\": \"leftToRight\"}, ",
  };
  snprintf(s->name, sizeof s->name, "direction");
  for (size_t i = 0; i < G_N_ELEMENTS(heads); i++) {
    char *json = g_strdup_printf("%s\"sections\": [{\"itemCount\": 1, %s}]}", heads[i], group);
    GError *error = NULL;
    GtkWidget *view = new_view(json, -1, TRUE, &error);
    sl_rect frame = {0, 0, 0, 0};
    if (!view) {
      fail(s, "configuration %d: %s", (int)i, error->message);
      g_error_free(error);
    } else {
      g_object_ref_sink(view);
      sl_layout *layout = sl_layout_view_get_layout(SL_LAYOUT_VIEW(view));
      if (sl_layout_set_container_size(layout, 390, 100) != SL_OK ||
          sl_layout_get_item_frame(layout, 0, 0, &frame) != SL_OK || frame.x != 290)
        fail(s, "configuration %d: the item is at x = %.2f, not 290", (int)i, frame.x);
      g_object_unref(view);
    }
    g_free(json);
  }
}

/* On the real clock: a touchpad swipe whose scroll-end never comes is ended by the view's
 * timer (an event without a delta after the library's touchpadEndGap), and the tick callback
 * brings the carousel to rest on a card. */
static void real_clock_session(session *s) {
  s->real_clock = TRUE;
  open_session(s, snaplayout_default_config, FALSE, 390, 844, "real-clock");
  s->real_clock = FALSE;
  if (!s->view) return;
  for (int i = 0; i < 6; i++) {
    sl_layout_view_scroll(s->view, 195, 162, 30, 0, FALSE);
    g_usleep(10000);
  }
  gint64 give_up = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;
  double offset = sl_layout_view_get_offset(s->view, 0);
  if (offset < 100) fail(s, "the touchpad moved the carousel to %.2f only", offset);
  /* Wait for the gesture to end and the motion to settle (the timer, then the tick callback). */
  do {
    g_main_context_iteration(NULL, TRUE);
  } while ((sl_layout_view_is_moving(s->view) ||
            fabs(sl_layout_view_get_offset(s->view, 0) - 296.5) > 0.01) &&
           g_get_monotonic_time() < give_up);
  expect_rest(s, 0, 1);
  pump(s);
  expect_card_at(s, 1, 0, 195, 0.82 * 390);
  close_session(s);
}

typedef struct options {
  gboolean report; /* Q prints the state at rest and quits */
  GtkApplication *app;
  SlLayoutView *view;
  const char *test_dir;
  const char *config;
  const char *loop_config;
  gboolean rtl;
  int status;
} options;

/* The scripted session: plain windows (no GtkApplication, so no session bus is needed). */
static int run_test(const options *o) {
  session s;
  gtk_init();
  load_css();
  memset(&s, 0, sizeof s);
  s.out_dir = o->test_dir;
  if (g_mkdir_with_parents(o->test_dir, 0755) != 0) {
    fprintf(stderr, "sl-gtk-demo: cannot create %s\n", o->test_dir);
    return 1;
  }
  appstore_session(&s);
  controllers_session(&s);
  resize_session(&s);
  real_clock_session(&s);
  rtl_session(&s);
  loop_session(&s, o->loop_config);
  direction_checks(&s);
  if (s.failures) fprintf(stderr, "sl-gtk-demo: %d failed checks\n", s.failures);
  return s.failures ? 1 : 0;
}

/* --report: the Q key prints the state a real session left (scripts/test-gtk.sh drives one
 * with xdotool) once every motion has come to rest, and quits. */
static gboolean report(gpointer data) {
  options *o = data;
  if (sl_layout_view_is_moving(o->view)) return G_SOURCE_CONTINUE;
  printf("live: main %.2f section0 %.2f rest %lld\n",
         sl_layout_view_get_offset(o->view, SL_SCROLL_MAIN), sl_layout_view_get_offset(o->view, 0),
         (long long)sl_layout_view_get_selected(o->view, 0));
  fflush(stdout);
  g_application_quit(G_APPLICATION(o->app));
  return G_SOURCE_REMOVE;
}

static gboolean on_window_key(GtkEventControllerKey *controller, guint keyval, guint keycode,
                              GdkModifierType state, gpointer data) {
  (void)controller;
  (void)keycode;
  (void)state;
  if (keyval != GDK_KEY_q) return FALSE;
  g_timeout_add(20, report, data);
  return TRUE;
}

static void on_activate(GtkApplication *app, gpointer data) {
  options *o = data;
  load_css();
  char *json = NULL;
  GError *error = NULL;
  if (o->config && !g_file_get_contents(o->config, &json, NULL, &error)) {
    fprintf(stderr, "sl-gtk-demo: %s\n", error->message);
    g_error_free(error);
    o->status = 1;
    return;
  }
  GtkWidget *view = new_view(json ? json : snaplayout_default_config, -1, o->rtl, &error);
  g_free(json);
  if (!view) {
    fprintf(stderr, "sl-gtk-demo: %s\n", error->message);
    g_error_free(error);
    o->status = 1;
    return;
  }
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "SnapLayout in GTK 4");
  gtk_window_set_child(GTK_WINDOW(window), view);
  gtk_window_present(GTK_WINDOW(window));
  gtk_widget_grab_focus(view);
  if (o->report) {
    GtkEventController *keys = gtk_event_controller_key_new();
    o->app = app;
    o->view = SL_LAYOUT_VIEW(view);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_window_key), o);
    gtk_widget_add_controller(window, keys);
  }
}

/* --compare REFERENCE PICTURE: the same size, and at most 1% of the pixels differing by more
 * than 16 in a channel (another FreeType may smooth the labels' edges differently). */
static int compare_pictures(const char *reference, const char *picture_path) {
  GError *error = NULL;
  GdkTexture *a = gdk_texture_new_from_filename(reference, &error);
  GdkTexture *b = a ? gdk_texture_new_from_filename(picture_path, &error) : NULL;
  int status = 0;
  if (!a || !b) {
    fprintf(stderr, "sl-gtk-demo: %s\n", error->message);
    g_error_free(error);
    g_clear_object(&a);
    return 1;
  }
  int w = gdk_texture_get_width(a), h = gdk_texture_get_height(a);
  if (w != gdk_texture_get_width(b) || h != gdk_texture_get_height(b)) {
    fprintf(stderr, "sl-gtk-demo: %s is %d x %d, %s %d x %d\n", picture_path,
            gdk_texture_get_width(b), gdk_texture_get_height(b), reference, w, h);
    status = 1;
  } else {
    guchar *pa = g_malloc((gsize)w * h * 4), *pb = g_malloc((gsize)w * h * 4);
    long differing = 0;
    gdk_texture_download(a, pa, (gsize)w * 4);
    gdk_texture_download(b, pb, (gsize)w * 4);
    for (long i = 0; i < (long)w * h; i++)
      for (int c = 0; c < 4; c++)
        if (abs(pa[i * 4 + c] - pb[i * 4 + c]) > 16) {
          differing++;
          break;
        }
    if (differing * 100 > (long)w * h) {
      fprintf(stderr, "sl-gtk-demo: %s: %ld of %d pixels differ from %s\n", picture_path,
              differing, w * h, reference);
      status = 1;
    }
    g_free(pa);
    g_free(pb);
  }
  g_object_unref(a);
  g_object_unref(b);
  return status;
}

int main(int argc, char **argv) {
  options o = {FALSE, NULL, NULL, NULL, NULL, "docs/pictures/configs/loop.json", FALSE, 0};
  if (argc == 4 && strcmp(argv[1], "--compare") == 0) return compare_pictures(argv[2], argv[3]);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--test") == 0 && i + 1 < argc) {
      o.test_dir = argv[++i];
    } else if (strcmp(argv[i], "--loop-config") == 0 && i + 1 < argc) {
      o.loop_config = argv[++i];
    } else if (strcmp(argv[i], "--report") == 0) {
      o.report = TRUE;
    } else if (strcmp(argv[i], "--rtl") == 0) {
      o.rtl = TRUE;
    } else if (argv[i][0] != '-' && !o.config) {
      o.config = argv[i];
    } else {
      fprintf(stderr, "usage: sl-gtk-demo [--rtl] [--report] [CONFIG.json] | --test OUTDIR [--loop-config FILE] | "
                      "--compare REFERENCE.png PICTURE.png\n");
      return 2;
    }
  }
  if (o.test_dir) return run_test(&o);
  GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
  g_signal_connect(app, "activate", G_CALLBACK(on_activate), &o);
  int status = g_application_run(G_APPLICATION(app), 1, argv);
  g_object_unref(app);
  return status ? status : o.status;
}
