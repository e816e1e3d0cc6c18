/*
 * The LVGL 9 declarations that the C sketch of docs/LVGL.md ("The same wiring in C") uses, and
 * nothing else: enough to compile the sketch with `make test-lvgl`, which also checks that every
 * lv_* function the sketch calls is one the installed LVGL (pydevices-lvgl's extension module)
 * exports. Names, signatures and constants are those of LVGL 9.5's headers (src/core/lv_obj.h,
 * lv_obj_event.h, lv_obj_pos.h, lv_obj_style_gen.h, lv_group.h, src/indev/lv_indev.h,
 * src/misc/lv_event.h, lv_timer.h, src/tick/lv_tick.h, src/display/lv_display.h); structures keep
 * only the fields the sketch touches, and the enums only the names it uses. Not an LVGL header:
 * a firmware includes LVGL's own lvgl.h.
 */
#ifndef SNAPLAYOUT_LVGL_SKETCH_H
#define SNAPLAYOUT_LVGL_SKETCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct lv_obj_t lv_obj_t;
typedef struct lv_event_t lv_event_t;
typedef struct lv_indev_t lv_indev_t;
typedef struct lv_timer_t lv_timer_t;
typedef struct lv_group_t lv_group_t;
typedef struct lv_display_t lv_display_t;
typedef struct lv_event_dsc_t lv_event_dsc_t;

typedef struct { int32_t x; int32_t y; } lv_point_t;

typedef enum { LV_INDEV_STATE_RELEASED = 0, LV_INDEV_STATE_PRESSED } lv_indev_state_t;
typedef enum {
  LV_INDEV_TYPE_NONE, LV_INDEV_TYPE_POINTER, LV_INDEV_TYPE_KEYPAD, LV_INDEV_TYPE_BUTTON,
  LV_INDEV_TYPE_ENCODER
} lv_indev_type_t;

/* LVGL 9.5's has gesture fields first, and a timestamp: only these are used here. */
typedef struct {
  lv_indev_state_t state;
  lv_point_t point;
  uint32_t key;
  uint32_t btn_id;
  int16_t enc_diff;
} lv_indev_data_t;

typedef enum {
  LV_EVENT_ALL = 0,
  LV_EVENT_PRESSED = 1,
  LV_EVENT_PRESSING = 2,
  LV_EVENT_PRESS_LOST = 3,
  LV_EVENT_RELEASED = 11,
  LV_EVENT_KEY = 17
} lv_event_code_t;

enum { LV_KEY_HOME = 2, LV_KEY_END = 3, LV_KEY_RIGHT = 19, LV_KEY_LEFT = 20 };

typedef uint32_t lv_obj_flag_t;
enum {
  LV_OBJ_FLAG_HIDDEN = 1u << 0,
  LV_OBJ_FLAG_SCROLLABLE = 1u << 4,
  LV_OBJ_FLAG_SCROLL_ELASTIC = 1u << 5,
  LV_OBJ_FLAG_SCROLL_MOMENTUM = 1u << 6,
  LV_OBJ_FLAG_PRESS_LOCK = 1u << 13,
  LV_OBJ_FLAG_EVENT_BUBBLE = 1u << 14
};
typedef uint32_t lv_style_selector_t;

typedef void (*lv_event_cb_t)(lv_event_t *e);
typedef void (*lv_timer_cb_t)(lv_timer_t *timer);
typedef void (*lv_indev_read_cb_t)(lv_indev_t *indev, lv_indev_data_t *data);

uint32_t lv_tick_get(void);
uint32_t lv_tick_elaps(uint32_t prev_tick);

lv_display_t *lv_display_get_default(void);
int32_t lv_display_get_horizontal_resolution(const lv_display_t *disp);
int32_t lv_display_get_vertical_resolution(const lv_display_t *disp);
#define LV_HOR_RES lv_display_get_horizontal_resolution(lv_display_get_default())
#define LV_VER_RES lv_display_get_vertical_resolution(lv_display_get_default())

lv_obj_t *lv_screen_active(void);
void lv_obj_add_flag(lv_obj_t *obj, lv_obj_flag_t f);
void lv_obj_remove_flag(lv_obj_t *obj, lv_obj_flag_t f);
lv_event_dsc_t *lv_obj_add_event_cb(lv_obj_t *obj, lv_event_cb_t event_cb, lv_event_code_t filter,
                                    void *user_data);
void lv_obj_set_pos(lv_obj_t *obj, int32_t x, int32_t y);
void lv_obj_set_size(lv_obj_t *obj, int32_t w, int32_t h);
void lv_obj_set_style_transform_pivot_x(lv_obj_t *obj, int32_t value, lv_style_selector_t selector);
void lv_obj_set_style_transform_pivot_y(lv_obj_t *obj, int32_t value, lv_style_selector_t selector);
void lv_obj_set_style_transform_scale_x(lv_obj_t *obj, int32_t value, lv_style_selector_t selector);
void lv_obj_set_style_transform_scale_y(lv_obj_t *obj, int32_t value, lv_style_selector_t selector);

lv_event_code_t lv_event_get_code(lv_event_t *e);
uint32_t lv_event_get_key(lv_event_t *e);

lv_indev_t *lv_indev_create(void);
void lv_indev_set_type(lv_indev_t *indev, lv_indev_type_t indev_type);
void lv_indev_set_read_cb(lv_indev_t *indev, lv_indev_read_cb_t read_cb);
void lv_indev_set_group(lv_indev_t *indev, lv_group_t *group);
lv_indev_t *lv_indev_active(void);
void lv_indev_get_point(const lv_indev_t *indev, lv_point_t *point);

lv_group_t *lv_group_create(void);
void lv_group_add_obj(lv_group_t *group, lv_obj_t *obj);
void lv_group_set_editing(lv_group_t *group, bool edit);

lv_timer_t *lv_timer_create(lv_timer_cb_t timer_xcb, uint32_t period, void *user_data);

#endif
