/*
 * own_sizes_floors.c — the floors of the own-sizes figures (bench/own_sizes.c): a self-sizing
 * list's rows and a flow section's lines kept in plain C, their frames and viewport queries, and
 * the checks that they compute what the library computes (declared in bench/own_sizes.h).
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "own_sizes.h"
#include "snaplayout.h"

#define FLOW_TOLERANCE 1e-9 /* FLOW-LAYOUT.md F1 */

/* ---------------------------------------------------------------------------------------------
 * The list's rows
 * ------------------------------------------------------------------------------------------- */

void list_floor_init(list_floor *f, int64_t n) {
  f->n = n;
  f->height = xmalloc((size_t)n * sizeof *f->height);
  f->tree = xmalloc((size_t)(n + 1) * sizeof *f->tree);
  f->tree[0] = 0;
  for (int64_t i = 0; i < n; i++) {
    f->height[i] = 44;
    f->tree[i + 1] = 44 + LIST_SPACING;
  }
  for (int64_t i = 1; i <= n; i++) {
    int64_t parent = i + (i & -i);
    if (parent <= n) f->tree[parent] += f->tree[i];
  }
  f->total = (double)n * (44 + LIST_SPACING) - LIST_SPACING;
}

void list_floor_free(list_floor *f) {
  free(f->height);
  free(f->tree);
}

void list_floor_report(list_floor *f, int64_t item, double height) {
  double delta = height - f->height[item];
  f->height[item] = height;
  for (int64_t i = item + 1; i <= f->n; i += i & -i) f->tree[i] += delta;
  f->total += delta;
}

/* Where row `item` starts. */
double list_floor_start(const list_floor *f, int64_t item) {
  double sum = 0;
  for (int64_t i = item; i > 0; i -= i & -i) sum += f->tree[i];
  return sum;
}

void list_lines_init(list_lines *l, const double *height, int64_t n) {
  l->n = n;
  l->height = height;
  l->top = xmalloc((size_t)(n + 1) * sizeof *l->top);
  l->top[0] = 0;
  for (int64_t i = 0; i < n; i++) l->top[i + 1] = l->top[i] + height[i] + LIST_SPACING;
}

/* ---------------------------------------------------------------------------------------------
 * The flow section's lines
 * ------------------------------------------------------------------------------------------- */

void flow_floor_build(flow_floor *f, const sl_size *sizes, int64_t n) {
  f->n = n;
  f->sizes = xmalloc((size_t)n * sizeof *f->sizes);
  f->first = xmalloc((size_t)(n + 1) * sizeof *f->first);
  f->top = xmalloc((size_t)(n + 1) * sizeof *f->top);
  f->extent = xmalloc((size_t)n * sizeof *f->extent);
  memcpy(f->sizes, sizes, (size_t)n * sizeof *sizes);
  int64_t line = 0, item = 0;
  double top = 0;
  while (item < n) {
    double used = f->sizes[item].width, extent = f->sizes[item].height;
    f->first[line] = item;
    f->top[line] = top;
    for (item++; item < n; item++) {
      double width = f->sizes[item].width;
      double next = used + FLOW_SPACING + width;
      if (next > LINE_LENGTH + FLOW_TOLERANCE * (width + FLOW_SPACING)) break;
      used = next;
      if (f->sizes[item].height > extent) extent = f->sizes[item].height;
    }
    f->extent[line++] = extent;
    top += extent + FLOW_SPACING;
  }
  f->lines = line;
  f->first[line] = n;
  f->top[line] = top;
}

void flow_floor_free(flow_floor *f) {
  free(f->sizes);
  free(f->first);
  free(f->top);
  free(f->extent);
}

double flow_floor_height(const flow_floor *f) {
  return f->lines ? f->top[f->lines] - FLOW_SPACING : 0;
}

/* The line holding `item`. */
static int64_t flow_floor_line(const flow_floor *f, int64_t item) {
  int64_t low = 0, high = f->lines - 1;
  while (low < high) {
    int64_t mid = low + (high - low + 1) / 2;
    if (f->first[mid] <= item) low = mid; else high = mid - 1;
  }
  return low;
}

/*
 * Runs the statements for each item of line `line`, which see the item as `item` and its frame
 * as `frame`, placed as FLOW-LAYOUT.md F12 says: a line of several items justified, a lone item
 * centred, the last line at the leading edge with the minimum spacing; items centred across the
 * line (F11). The same arithmetic, in the same order, as the library's, so frames agree to the
 * bit.
 */
#define FLOW_FOR_EACH_ITEM(f, line, item, frame, ...)                                 \
  do {                                                                                \
    int64_t first_ = (f)->first[line], end_ = (f)->first[(line) + 1];                \
    double x_ = 0, gap_ = FLOW_SPACING;                                               \
    if (end_ == (f)->n) {                                                             \
      /* the last line: the minimum spacing from the leading edge */                  \
    } else if (end_ - first_ == 1) {                                                  \
      if ((f)->sizes[first_].width < LINE_LENGTH)                                     \
        x_ = (LINE_LENGTH - (f)->sizes[first_].width) / 2;                            \
    } else {                                                                          \
      double used_ = 0;                                                               \
      for (int64_t k_ = first_; k_ < end_; k_++) used_ += (f)->sizes[k_].width;       \
      gap_ = (LINE_LENGTH - used_) / (double)(end_ - first_ - 1);                     \
    }                                                                                 \
    for (int64_t item = first_; item < end_; item++) {                                \
      sl_rect frame = {LEADING + x_,                                                  \
                       (f)->top[line] + ((f)->extent[line] - (f)->sizes[item].height) / 2, \
                       (f)->sizes[item].width, (f)->sizes[item].height};              \
      __VA_ARGS__                                                                     \
      x_ += (f)->sizes[item].width + gap_;                                            \
    }                                                                                 \
  } while (0)

/* The floor of sl_layout_get_item_frames over the flow's lines. */
void flow_floor_frames(const flow_floor *f, int64_t first, int64_t count, sl_rect *out) {
  int64_t end = first + count;
  for (int64_t line = flow_floor_line(f, first); line < f->lines && f->first[line] < end; line++)
    FLOW_FOR_EACH_ITEM(f, line, item, frame,
      if (item >= first && item < end) out[item - first] = frame;
    );
}

/* The floor of sl_layout_get_item_frames over the list's rows. */
void list_floor_frames(const list_lines *l, int64_t first, int64_t count, sl_rect *out) {
  for (int64_t i = 0; i < count; i++) {
    sl_rect frame = {LEADING, l->top[first + i], LINE_LENGTH, l->height[first + i]};
    out[i] = frame;
  }
}

/* ---------------------------------------------------------------------------------------------
 * Viewport query floors: a binary search for the first row (line) the rect reaches, then the
 * visible cells into the same buffer
 * ------------------------------------------------------------------------------------------- */

static sl_element cell_element(int32_t z_index) {
  sl_element cell;
  memset(&cell, 0, sizeof cell);
  cell.transform.a = 1;
  cell.transform.d = 1;
  cell.alpha = 1;
  cell.category = SL_ELEMENT_CELL;
  cell.kind = SL_KIND_CELL;
  cell.z_index = z_index;
  return cell;
}

int floor_query(const query_floor *q, sl_rect rect, sl_element *elements, size_t capacity,
                       size_t *out_count) {
  size_t count = 0;
  sl_element cell = cell_element(q->z_index);
  double bottom = rect.y + rect.height;
  if (q->list) {
    const list_lines *l = q->list;
    int64_t low = 0, high = l->n; /* the first row ending below rect.y */
    while (low < high) {
      int64_t mid = low + (high - low) / 2;
      if (l->top[mid] + l->height[mid] > rect.y) high = mid; else low = mid + 1;
    }
    for (int64_t i = low; i < l->n && l->top[i] < bottom; i++) {
      sl_rect frame = {LEADING, l->top[i], LINE_LENGTH, l->height[i]};
      if (!intersects(&frame, &rect)) continue;
      cell.frame = frame;
      cell.item = i;
      floor_put(elements, capacity, &count, &cell);
    }
  } else {
    const flow_floor *f = q->flow;
    int64_t low = 0, high = f->lines; /* the first line ending below rect.y */
    while (low < high) {
      int64_t mid = low + (high - low) / 2;
      if (f->top[mid] + f->extent[mid] > rect.y) high = mid; else low = mid + 1;
    }
    for (int64_t line = low; line < f->lines && f->top[line] < bottom; line++)
      FLOW_FOR_EACH_ITEM(f, line, item, frame,
        if (intersects(&frame, &rect)) {
          cell.frame = frame;
          cell.item = item;
          floor_put(elements, capacity, &count, &cell);
        }
      );
  }
  *out_count = count;
  return count <= capacity ? SL_OK : SL_EBUFS;
}

/* ---------------------------------------------------------------------------------------------
 * Checks: the floors against the library
 * ------------------------------------------------------------------------------------------- */

static int same_frame(const sl_rect *a, const sl_rect *b) {
  double tolerance = 1e-6 * (1 + fabs(a->y));
  return fabs(a->x - b->x) <= tolerance && fabs(a->y - b->y) <= tolerance &&
         fabs(a->width - b->width) <= tolerance && fabs(a->height - b->height) <= tolerance;
}

void check_content_height(const sl_layout *layout, double floor_height, const char *what) {
  sl_size content;
  SL_CHECK(sl_layout_get_content_size(layout, &content));
  if (fabs(content.height - floor_height) > 1e-9 * (1 + floor_height)) {
    fprintf(stderr, "bench: %s: content height %.6f, the floor's %.6f\n", what, content.height,
            floor_height);
    exit(1);
  }
}

void check_frames(const sl_rect *lib, const sl_rect *mine, int64_t count, const char *what) {
  for (int64_t i = 0; i < count; i++)
    if (!same_frame(&lib[i], &mine[i])) {
      fprintf(stderr,
              "bench: %s: frame %" PRId64 " differs: library (%.6f, %.6f, %.6f x %.6f), floor "
              "(%.6f, %.6f, %.6f x %.6f)\n",
              what, i, lib[i].x, lib[i].y, lib[i].width, lib[i].height, mine[i].x, mine[i].y,
              mine[i].width, mine[i].height);
      exit(1);
    }
}

/* Every element of every rect; returns the mean count. */
double check_query(const sl_layout *layout, const query_floor *q, const sl_rect *rects,
                          int rect_count, const char *what) {
  sl_element lib[QUERY_CAPACITY], mine[QUERY_CAPACITY];
  double total = 0;
  for (int i = 0; i < rect_count; i++) {
    size_t lib_count = 0, my_count = 0;
    SL_CHECK(sl_layout_get_elements_in_rect(layout, rects[i], lib, QUERY_CAPACITY, &lib_count));
    if (floor_query(q, rects[i], mine, QUERY_CAPACITY, &my_count) != SL_OK)
      die("floor: buffer too small");
    int same = lib_count == my_count;
    for (size_t k = 0; same && k < lib_count; k++)
      same = lib[k].category == mine[k].category && lib[k].kind == mine[k].kind &&
             lib[k].item == mine[k].item && lib[k].section == mine[k].section &&
             lib[k].z_index == mine[k].z_index && lib[k].flags == mine[k].flags &&
             same_frame(&lib[k].frame, &mine[k].frame);
    if (!same) {
      fprintf(stderr, "bench: %s: the floor's elements differ from the library's (rect y %.3f)\n",
              what, rects[i].y);
      exit(1);
    }
    total += (double)lib_count;
  }
  return total / rect_count;
}

/* The z index the library gives the layout's cells. */
int32_t cell_z_index(const sl_layout *layout) {
  sl_element buffer[QUERY_CAPACITY];
  size_t count = 0;
  sl_rect top = {0, 0, VIEW_W, VIEW_H};
  SL_CHECK(sl_layout_get_elements_in_rect(layout, top, buffer, QUERY_CAPACITY, &count));
  for (size_t k = 0; k < count; k++)
    if (buffer[k].category == SL_ELEMENT_CELL) return buffer[k].z_index;
  die("no cell at the top");
  return 0;
}
