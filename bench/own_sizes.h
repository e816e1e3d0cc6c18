/*
 * own_sizes.h — what the own-sizes figures (bench/own_sizes.c) share with their floors
 * (bench/own_sizes_floors.c): the two layouts' geometry in plain C, and the checks that the
 * floors compute what the library computes. The floors live in their own file, so the timed
 * loops call them as they call the library: not inlined.
 */
#ifndef SNAPLAYOUT_BENCH_OWN_SIZES_H
#define SNAPLAYOUT_BENCH_OWN_SIZES_H

#include <stdint.h>

#include "bench.h"
#include "snaplayout.h"

#define LEADING 16.0        /* the list's and the flow's leading inset */
#define LINE_LENGTH (VIEW_W - 2 * LEADING)
#define LIST_SPACING 1.0    /* the list's interGroupSpacing (self_sizing_config) */
#define FLOW_SPACING 10.0   /* the flow's minimumLineSpacing and minimumInteritemSpacing */

/* The floor of reporting a list's rows: the heights, a Fenwick tree of each row's length and
 * spacing (the start of any row in O(log n)) and the content height. */
typedef struct list_floor {
  int64_t n;
  double *height;
  double *tree; /* 1-based */
  double total;
} list_floor;

void list_floor_init(list_floor *f, int64_t n);
void list_floor_free(list_floor *f);
void list_floor_report(list_floor *f, int64_t item, double height);
/* Where row `item` starts. */
double list_floor_start(const list_floor *f, int64_t item);

/* A measured list for the frame and query floors: where each row starts (n + 1 entries, the
 * last one past the end) and its height. */
typedef struct list_lines {
  int64_t n;
  double *top;
  const double *height;
} list_lines;

void list_lines_init(list_lines *l, const double *height, int64_t n);
void list_floor_frames(const list_lines *l, int64_t first, int64_t count, sl_rect *out);

/* The floor of a flow section's sizes: a copy of them, the lines broken greedily
 * (FLOW-LAYOUT.md F10) and where each starts, prefix sums of the tallest item of each line and
 * the line spacing. */
typedef struct flow_floor {
  int64_t n, lines;
  sl_size *sizes;
  int64_t *first; /* lines + 1 entries, the last n */
  double *top;    /* lines + 1 entries, the last past the end */
  double *extent; /* lines */
} flow_floor;

void flow_floor_build(flow_floor *f, const sl_size *sizes, int64_t n);
void flow_floor_free(flow_floor *f);
/* The content height: the lines and the spacing between them. */
double flow_floor_height(const flow_floor *f);
void flow_floor_frames(const flow_floor *f, int64_t first, int64_t count, sl_rect *out);

/* The floor of a viewport query over one of the two (the other NULL). */
typedef struct query_floor {
  const list_lines *list;
  const flow_floor *flow;
  int32_t z_index;
} query_floor;

int floor_query(const query_floor *q, sl_rect rect, sl_element *elements, size_t capacity,
                size_t *out_count);

/* Checks; each aborts with what differs. */
void check_content_height(const sl_layout *layout, double floor_height, const char *what);
void check_frames(const sl_rect *lib, const sl_rect *mine, int64_t count, const char *what);
/* Every element of every rect; returns the mean count. */
double check_query(const sl_layout *layout, const query_floor *q, const sl_rect *rects,
                   int rect_count, const char *what);
/* The z index the library gives the layout's cells. */
int32_t cell_z_index(const sl_layout *layout);

#endif
