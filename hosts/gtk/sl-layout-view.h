/*
 * sl-layout-view.h — SlLayoutView, a GTK 4 widget that lays out child widgets with SnapLayout
 * (docs/GTK.md describes it).
 *
 * The view owns an sl_layout created from a JSON configuration, sizes it from its allocation,
 * asks the library for the elements in the visible rect and places one child widget per element
 * (created by a host factory, kept by (section, item, copy, category, kind) while on screen) with
 * the element's frame, scale (a GskTransform) and alpha (the child's opacity). Drags, the scroll
 * wheel, touchpads and the keyboard scroll the main scroll and orthogonal sections with the
 * library's release decisions and motions, sampled from a tick callback.
 */
#ifndef SL_LAYOUT_VIEW_H
#define SL_LAYOUT_VIEW_H

#include <gtk/gtk.h>

#include "snaplayout.h"

G_BEGIN_DECLS

#define SL_TYPE_LAYOUT_VIEW (sl_layout_view_get_type())
G_DECLARE_FINAL_TYPE(SlLayoutView, sl_layout_view, SL, LAYOUT_VIEW, GtkWidget)

/* The error domain of sl_layout_view_load(): codes are the library's SL_E* statuses. */
#define SL_LAYOUT_VIEW_ERROR (sl_layout_view_error_quark())
GQuark sl_layout_view_error_quark(void);

/*
 * Creates the child widget of one element (a cell, a supplementary item or a decoration), or
 * returns NULL to leave the element undrawn. Called when an element comes on screen; the widget
 * is kept (and re-placed every frame) while its element stays visible, and dropped when it
 * leaves. The view takes the floating reference. `element` holds the element's current frame,
 * index path, kind (sl_layout_view_get_kind_name names it) and copy (looping containers show
 * copies of the same item at once: each copy gets a widget of its own).
 */
typedef GtkWidget *(*SlLayoutViewFactory)(SlLayoutView *view, const sl_element *element,
                                          gpointer user_data);

/* A new, empty view: load a configuration and set a factory. */
GtkWidget *sl_layout_view_new(void);

/*
 * Creates the layout from a JSON configuration (the view keeps a copy of the text: a change of
 * text direction creates the layout again, with "environment.layoutDirection" set from
 * gtk_widget_get_direction()). Replaces any earlier layout and drops every child. Returns
 * FALSE with `error` set (domain SL_LAYOUT_VIEW_ERROR, code the library's status) when the
 * library refuses the configuration.
 */
gboolean sl_layout_view_load(SlLayoutView *view, const char *json, gssize length, GError **error);

void sl_layout_view_set_factory(SlLayoutView *view, SlLayoutViewFactory factory,
                                gpointer user_data, GDestroyNotify destroy);

/* The layout (NULL before a load). The view owns it; a host may read it and call the changing
 * functions (data changes, sizes), then sl_layout_view_refresh(). */
sl_layout *sl_layout_view_get_layout(SlLayoutView *view);

/* After a host changed the layout through sl_layout_view_get_layout() (data changes, sizes):
 * reads the scroll containers again (motions stop where they are; a drag in progress ends) and
 * makes every child anew from the factory. */
void sl_layout_view_refresh(SlLayoutView *view);

/* The name of an element kind ("cell" for SL_KIND_CELL), or NULL. */
const char *sl_layout_view_get_kind_name(SlLayoutView *view, int32_t kind);

/* The child widget shown for an element, or NULL when none is on screen. */
GtkWidget *sl_layout_view_get_child(SlLayoutView *view, int32_t section, int64_t item,
                                    int32_t copy, int32_t category, int32_t kind);

/* A container's offset (SL_SCROLL_MAIN or an orthogonal section), and whether it is moving. */
double sl_layout_view_get_offset(SlLayoutView *view, int32_t container);
gboolean sl_layout_view_is_moving(SlLayoutView *view);

/* The rest position a container is at or heading to (-1: none); sl_layout_get_selected_snap. */
int64_t sl_layout_view_get_selected(SlLayoutView *view, int32_t container);

/* Scrolls a container to rest position `index` with a motion (TRUE), or at once (FALSE). */
void sl_layout_view_scroll_to_snap(SlLayoutView *view, int32_t container, int64_t index,
                                   gboolean animate);

/*
 * Input, as the view's own controllers deliver it (hosts and tests can drive the view with
 * the same calls). Points are in the view's coordinates; times come from the view's clock.
 */
void sl_layout_view_drag_begin(SlLayoutView *view, double x, double y);
void sl_layout_view_drag_update(SlLayoutView *view, double x, double y);
void sl_layout_view_drag_end(SlLayoutView *view, double x, double y);
/* A scroll event: `wheel` TRUE for a notched wheel (dx, dy in notches), FALSE for a touchpad
 * or smooth wheel (dx, dy in points); dy > 0 scrolls down, dx > 0 right, as in GTK. */
void sl_layout_view_scroll(SlLayoutView *view, double x, double y, double dx, double dy,
                           gboolean wheel);
/* The end of a touchpad gesture (GtkEventControllerScroll::scroll-end). */
void sl_layout_view_scroll_end(SlLayoutView *view);
/* A key press (GDK_KEY_Left ... End); TRUE when the view used it. (x, y): the pointer, which
 * picks the carousel that Left and Right move; negative: the carousel last under the pointer. */
gboolean sl_layout_view_key(SlLayoutView *view, guint keyval, double x, double y);

/*
 * The clock. By default the view follows the frame clock (a tick callback samples the motions
 * while any runs). With a manual clock the host (a test) sets the time: every input is
 * stamped with it, and sl_layout_view_advance() samples the motions at it; no tick callback
 * runs. Times are seconds.
 */
void sl_layout_view_use_manual_clock(SlLayoutView *view, double start);
void sl_layout_view_advance(SlLayoutView *view, double time);
double sl_layout_view_get_time(SlLayoutView *view);

/* How many times the view has placed its children (size_allocate): a test waits for it to
 * grow after a change before reading the children's bounds or taking a picture. */
guint sl_layout_view_get_layout_count(SlLayoutView *view);

G_END_DECLS

#endif
