/*
 * fuzz_api.h — what fuzz_api's files share (fuzz_api.c, the harness; fuzz_api_ops.c and
 * fuzz_api_changes.c, the operations; fuzz_api_args.c, the arguments and checks): limits, the
 * state of one run and the functions one file calls in another.
 */
#ifndef SNAPLAYOUT_FUZZ_API_H
#define SNAPLAYOUT_FUZZ_API_H

#include <float.h>
#include <time.h>

#include "fuzz_common.h"

/* At most this many operations per input, so one input stays well under the timeout. */
#define MAX_OPS 200
/* Buffers for batch calls. */
#define MAX_FRAMES 64
#define MAX_ELEMENTS 128
#define MAX_SNAPS 32
#define MAX_SIZES 16
/* The byte outputs are filled with before a call, to see whether a failure wrote them. */
#define POISON 0xA5

#define SIZE(w, h) "{\"widthDimension\": " w ", \"heightDimension\": " h "}"
#define ABS(x) "{\"absolute\": " #x "}"
#define EST(x) "{\"estimated\": " #x "}"
#define FW(x) "{\"fractionalWidth\": " #x "}"
#define FH(x) "{\"fractionalHeight\": " #x "}"

/* --- the state of one run ------------------------------------------------------------------- */

typedef struct run {
  fuzz_input in;
  sl_layout *layout;
  /* The last motion the library made, and whether there is one. */
  sl_motion motion;
  int has_motion;
  /* Text for the next creation or section change, owned here. */
  char *text;
  /* The wheel and touchpad events' clock, in seconds: it moves forward between events. */
  double clock;
} run;

/* The handler's data: it counts calls, so the pointer handed back can be checked. */
typedef struct handler_data {
  uint32_t magic;
  unsigned long calls;
  int set_alpha;
} handler_data;
#define HANDLER_MAGIC 0x51a9u

/* What a failed change must leave as it was: the counts, the content size and the offsets. */
typedef struct snapshot {
  int32_t sections;
  int64_t items[4];
  int content_status;
  sl_size content;
  double main_offset;
  int main_status;
} snapshot;

/* fuzz_api.c */
void create_seed(run *r, unsigned seed);
const char *take_text(run *r, size_t *length_io);

/* fuzz_api_args.c */
double pick_double(run *r);
double pick_length(run *r);
int32_t section_count(const run *r);
int64_t item_count(const run *r, int32_t section);
int64_t plus1(int64_t n);
int32_t pick_section(run *r);
int32_t pick_container(run *r);
int64_t pick_index(run *r, int64_t count);
int64_t pick_count(run *r);
int pick_null(run *r);
int untouched(const void *p, size_t size);
void take_snapshot(const run *r, snapshot *s);
void check_unchanged(const run *r, const char *call, const snapshot *before);
void check_report(const char *call, const sl_size_report *report);
void check_element(const run *r, const sl_element *e, sl_rect rect);
void check_motion(const sl_motion *motion, double time);
void check_new_motion(const sl_motion *m);
sl_scroll_info scroll_info(const run *r, int32_t container, int *status);
/* The loop period of a container that loops, else 0 (docs/SNAPPING.md, "Looping"). */
double loop_period(const run *r, int32_t container);

/* Shared by the operations' files: whether the layout is small enough for whole-content queries,
 * and a rect for a query (fuzz/fuzz_api_ops.c). */
int small_layout(const run *r);
sl_rect pick_rect(run *r);
/* A motion for an `in_flight` argument: the last one made, a damaged copy, or NULL. */
const sl_motion *pick_motion(run *r, sl_motion *scratch, int *made);

/* fuzz/fuzz_api_ops.c: reading a layout and setting its scroll state. */
void op_set_container_size(run *r);
void op_scroll_offset(run *r);
void op_section_offset(run *r);
void op_item_frame(run *r);
void op_item_frames(run *r);
void op_elements_in_rect(run *r);
void op_section_info(run *r);
void op_scroll_info(run *r);
void op_resolve_scroll(run *r);
void op_motion(run *r);
void op_snap_position(run *r);
void op_snap_offsets(run *r);
void op_offset_for_item(run *r);
void op_reference_snap(run *r);
void op_item_distance(run *r);
/* fuzz/fuzz_api_changes.c: changing a layout and its records. */
void op_report_item_size(run *r);
void op_measured_size(run *r);
void op_supplementary_size(run *r);
void op_set_item_sizes(run *r);
void op_items(run *r);
void op_sections(run *r);
void op_handler(run *r);
void op_kinds(run *r);
void op_copy_json(run *r);
void op_null_layout(run *r);
void op_error_clear(run *r);
void op_recreate(run *r);

/* fuzz/fuzz_api_navigation.c: navigation, jumps, the selected position, wheels and touchpads. */
void op_navigate(run *r);
void op_selected_snap(run *r);
void op_jump_to_snap(run *r);
void op_scroll_input(run *r);
void op_loop(run *r);
void op_scroll_target(run *r);

#endif
