/*
 * queries.c — the benchmark's query figures: item frames, viewport rect queries and whole-section
 * enumeration, each against a floor computed in plain C from the geometry the library reports
 * (docs/PERFORMANCE.md; the harness is bench/bench.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "bench.h"
#include "snaplayout.h"

/* ---------------------------------------------------------------------------------------------
 * Floors: the same results computed with plain C arithmetic
 * ------------------------------------------------------------------------------------------- */

#define MAX_COLUMNS 8
#define MAX_STATIC 8

/*
 * A periodic section described for the floor: `columns` cells per row, cell c of row r at
 * (x[c], y0 + dy[c] + r * stride) with size w[c] x h[c]. The geometry is read from the library
 * (frames of the first items), so the floor writes exactly the frames the library writes.
 */
typedef struct grid_geometry {
  int32_t section;
  int columns;
  int64_t count;
  int64_t rows;
  double x[MAX_COLUMNS], dy[MAX_COLUMNS], w[MAX_COLUMNS], h[MAX_COLUMNS];
  double y0, stride, reach_low, reach_high;
  int32_t cell_z;
  /* Decorations (written before the cells) and boundary items (after), as the library orders. */
  sl_element before[MAX_STATIC];
  int before_count;
  sl_element after[MAX_STATIC];
  int after_count;
} grid_geometry;

/* The floor of sl_layout_get_item_frame. */
static int floor_item_frame(const grid_geometry *g, int64_t item, sl_rect *out) {
  if (item < 0 || item >= g->count) return SL_ERANGE;
  int64_t row = item / g->columns;
  int column = (int)(item % g->columns);
  out->x = g->x[column];
  out->y = g->y0 + g->dy[column] + (double)row * g->stride;
  out->width = g->w[column];
  out->height = g->h[column];
  return SL_OK;
}

/* The floor of sl_layout_get_elements_in_rect for a rect inside one periodic section. */
static int floor_elements_in_rect(const grid_geometry *g, sl_rect rect, sl_element *elements,
                                  size_t capacity, size_t *out_count) {
  size_t count = 0;
  for (int i = 0; i < g->before_count; i++)
    if (intersects(&g->before[i].frame, &rect)) floor_put(elements, capacity, &count, &g->before[i]);
  double first = floor((rect.y - g->y0 - g->reach_high) / g->stride);
  double last = floor((rect.y + rect.height - g->y0 - g->reach_low) / g->stride);
  int64_t row_first = first < 0 ? 0 : (int64_t)first;
  int64_t row_last = last > (double)(g->rows - 1) ? g->rows - 1 : (int64_t)last;
  sl_element cell;
  memset(&cell, 0, sizeof cell);
  cell.transform.a = 1;
  cell.transform.d = 1;
  cell.alpha = 1;
  cell.section = g->section;
  cell.category = SL_ELEMENT_CELL;
  cell.kind = SL_KIND_CELL;
  cell.z_index = g->cell_z;
  for (int64_t row = row_first; row <= row_last; row++) {
    double y = g->y0 + (double)row * g->stride;
    for (int c = 0; c < g->columns; c++) {
      int64_t item = row * g->columns + c;
      if (item >= g->count) break;
      cell.frame.x = g->x[c];
      cell.frame.y = y + g->dy[c];
      cell.frame.width = g->w[c];
      cell.frame.height = g->h[c];
      if (!intersects(&cell.frame, &rect)) continue;
      cell.item = item;
      floor_put(elements, capacity, &count, &cell);
    }
  }
  for (int i = 0; i < g->after_count; i++)
    if (intersects(&g->after[i].frame, &rect)) floor_put(elements, capacity, &count, &g->after[i]);
  *out_count = count;
  return count <= capacity ? SL_OK : SL_EBUFS;
}

/* Called through volatile pointers so the compiler cannot inline or hoist the floors. */
static int (*volatile floor_item_frame_fn)(const grid_geometry *, int64_t, sl_rect *) =
    floor_item_frame;
static int (*volatile floor_rect_fn)(const grid_geometry *, sl_rect, sl_element *, size_t,
                                     size_t *) = floor_elements_in_rect;

static void add_static(grid_geometry *g, const sl_element *e) {
  sl_element *list = e->category == SL_ELEMENT_DECORATION ? g->before : g->after;
  int *count = e->category == SL_ELEMENT_DECORATION ? &g->before_count : &g->after_count;
  for (int i = 0; i < *count; i++)
    if (list[i].category == e->category && list[i].kind == e->kind) return;
  if (*count == MAX_STATIC) die("too many boundary items");
  list[(*count)++] = *e;
}

/* Reads a periodic section's geometry from the library. */
static void read_geometry(const sl_layout *layout, int32_t section, grid_geometry *g) {
  sl_section_info info;
  memset(g, 0, sizeof *g);
  SL_CHECK(sl_layout_get_section_info(layout, section, &info));
  if (info.orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE) die("floor: orthogonal section");
  if (info.items_per_group < 1 || info.items_per_group > MAX_COLUMNS) die("floor: group too big");
  if (info.item_count <= info.items_per_group) die("floor: too few items");
  g->section = section;
  g->columns = info.items_per_group;
  g->count = info.item_count;
  g->rows = info.group_count;
  sl_rect first, next;
  SL_CHECK(sl_layout_get_item_frame(layout, section, 0, &first));
  SL_CHECK(sl_layout_get_item_frame(layout, section, g->columns, &next));
  g->y0 = first.y;
  g->stride = next.y - first.y;
  g->reach_low = INFINITY;
  g->reach_high = -INFINITY;
  for (int c = 0; c < g->columns; c++) {
    sl_rect frame;
    SL_CHECK(sl_layout_get_item_frame(layout, section, c, &frame));
    g->x[c] = frame.x;
    g->dy[c] = frame.y - first.y;
    g->w[c] = frame.width;
    g->h[c] = frame.height;
    if (g->dy[c] < g->reach_low) g->reach_low = g->dy[c];
    if (g->dy[c] + g->h[c] > g->reach_high) g->reach_high = g->dy[c] + g->h[c];
  }
  /* Boundary items and decorations: whatever non-cell elements the section shows at its ends. */
  sl_element buffer[256];
  size_t count = 0;
  sl_rect ends[2] = {{0, info.frame.y, info.frame.width, 60},
                     {0, info.frame.y + info.frame.height - 60, info.frame.width, 60}};
  g->cell_z = 0;
  for (int i = 0; i < 2; i++) {
    SL_CHECK(sl_layout_get_elements_in_rect(layout, ends[i], buffer, 256, &count));
    for (size_t k = 0; k < count; k++) {
      if (buffer[k].section != section) continue;
      if (buffer[k].category == SL_ELEMENT_CELL)
        g->cell_z = buffer[k].z_index;
      else
        add_static(g, &buffer[k]);
    }
  }
}

/* Checks that the floor writes what the library writes for `rects`; aborts otherwise. */
static double check_floor(const sl_layout *layout, const grid_geometry *g, const sl_rect *rects,
                          int rect_count) {
  sl_element lib[512], mine[512];
  double total = 0;
  for (int i = 0; i < rect_count; i++) {
    size_t lib_count = 0, my_count = 0;
    SL_CHECK(sl_layout_get_elements_in_rect(layout, rects[i], lib, 512, &lib_count));
    if (floor_elements_in_rect(g, rects[i], mine, 512, &my_count) != SL_OK)
      die("floor: buffer too small");
    if (lib_count != my_count) {
      fprintf(stderr, "bench: floor writes %zu elements, the library %zu (rect y %.3f)\n",
              my_count, lib_count, rects[i].y);
      exit(1);
    }
    for (size_t k = 0; k < lib_count; k++) {
      const sl_element *a = &lib[k], *b = &mine[k];
      double tolerance = 1e-9 * (1 + fabs(a->frame.y));
      if (a->category != b->category || a->kind != b->kind || a->item != b->item ||
          a->section != b->section || a->z_index != b->z_index ||
          fabs(a->frame.x - b->frame.x) > tolerance || fabs(a->frame.y - b->frame.y) > tolerance ||
          fabs(a->frame.width - b->frame.width) > tolerance ||
          fabs(a->frame.height - b->frame.height) > tolerance) {
        fprintf(stderr,
                "bench: floor element %zu differs: library (cat %d item %" PRId64
                " y %.6f) floor (cat %d item %" PRId64 " y %.6f)\n",
                k, (int)a->category, a->item, a->frame.y, (int)b->category, b->item, b->frame.y);
        exit(1);
      }
    }
    total += (double)lib_count;
  }
  return total / rect_count;
}

/* ---------------------------------------------------------------------------------------------
 * Benchmarks
 * ------------------------------------------------------------------------------------------- */

typedef struct frame_ctx {
  const sl_layout *layout;
  const grid_geometry *geometry;
  int32_t section;
  int64_t items[RANDOM_COUNT];
} frame_ctx;

static double run_item_frame(void *vctx, long iters) {
  const frame_ctx *ctx = vctx;
  sl_rect frame;
  TIMED_SUM_LOOP(iters,
    int status = sl_layout_get_item_frame(ctx->layout, ctx->section,
                                          ctx->items[i & (RANDOM_COUNT - 1)], &frame);
    if (status != SL_OK) die_status(status, "sl_layout_get_item_frame");
    sum += frame.y;
  );
}

static double run_item_frame_floor(void *vctx, long iters) {
  const frame_ctx *ctx = vctx;
  sl_rect frame;
  TIMED_SUM_LOOP(iters,
    if (floor_item_frame_fn(ctx->geometry, ctx->items[i & (RANDOM_COUNT - 1)], &frame) != SL_OK)
      die("floor_item_frame failed");
    sum += frame.y;
  );
}

typedef struct rect_ctx {
  const sl_layout *layout;
  const grid_geometry *geometry;
  sl_rect rects[RECT_COUNT];
  int rect_count; /* a power of two <= RECT_COUNT */
  sl_element *buffer;
  size_t capacity;
} rect_ctx;

static double run_rects(void *vctx, long iters) {
  const rect_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  int mask = ctx->rect_count - 1;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    int status = sl_layout_get_elements_in_rect(ctx->layout, ctx->rects[i & mask], ctx->buffer,
                                                ctx->capacity, &count);
    if (status != SL_OK) die_status(status, "sl_layout_get_elements_in_rect");
    total += count;
  }
  double elapsed = now_ns() - t0;
  sink = (double)total + ctx->buffer[0].frame.y;
  return elapsed;
}

static double run_rects_floor(void *vctx, long iters) {
  const rect_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  int mask = ctx->rect_count - 1;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    if (floor_rect_fn(ctx->geometry, ctx->rects[i & mask], ctx->buffer, ctx->capacity, &count) !=
        SL_OK)
      die("floor_elements_in_rect failed");
    total += count;
  }
  double elapsed = now_ns() - t0;
  sink = (double)total + ctx->buffer[0].frame.y;
  return elapsed;
}

/* Random viewport-sized rects whose top lies in [low, high]. */
static void random_rects(rect_ctx *ctx, double low, double high) {
  if (high < low) high = low;
  for (int i = 0; i < RECT_COUNT; i++) {
    sl_rect r = {0, low + (high - low) * rng_unit(), VIEW_W, VIEW_H};
    ctx->rects[i] = r;
  }
  ctx->rect_count = RECT_COUNT;
}

void bench_queries(void) {
  static frame_ctx frames;
  static rect_ctx grid_rects, list_rects, banner_rects;
  sl_element *buffer = xmalloc(QUERY_CAPACITY * sizeof *buffer);
  stats frame_stats[COUNT_COUNT], grid_stats[COUNT_COUNT], list_stats[COUNT_COUNT];
  double frame_ratios[COUNT_COUNT], grid_ratios[COUNT_COUNT], list_ratios[COUNT_COUNT];
  double grid_avg = 0, list_avg = 0;
  stats frame_floor, grid_floor, list_floor, banner;

  for (int k = 0; k < COUNT_COUNT; k++) {
    int64_t n = counts[k];
    config_text config;
    appstore_config(&config, n);
    sl_layout *layout = make_layout(&config);
    grid_geometry grid, list;
    read_geometry(layout, SECTION_GRID, &grid);
    read_geometry(layout, SECTION_LIST, &list);
    sl_section_info grid_info, list_info, banner_info;
    SL_CHECK(sl_layout_get_section_info(layout, SECTION_GRID, &grid_info));
    SL_CHECK(sl_layout_get_section_info(layout, SECTION_LIST, &list_info));
    SL_CHECK(sl_layout_get_section_info(layout, SECTION_BANNER, &banner_info));

    /* Random cells of the grid. */
    frames.layout = layout;
    frames.geometry = &grid;
    frames.section = SECTION_GRID;
    for (int i = 0; i < RANDOM_COUNT; i++) frames.items[i] = (int64_t)(rng_next() % (uint64_t)n);
    stats floor_stats;
    measure_pair(run_item_frame, &frames, 1, &frame_stats[k], run_item_frame_floor, &frames, 1,
                 &floor_stats);
    if (k == COUNT_COUNT - 1) frame_floor = floor_stats;
    frame_ratios[k] = frame_stats[k].median / floor_stats.median;
    part = PART_FRAME;
    add_row("get_item_frame, grid, random item", count_label(n), frame_stats[k], "ns/call")
        ->ratio = frame_ratios[k];

    /* Random viewports inside the grid, then inside the list. */
    rect_ctx *contexts[2] = {&grid_rects, &list_rects};
    const grid_geometry *geometries[2] = {&grid, &list};
    const sl_section_info *infos[2] = {&grid_info, &list_info};
    stats *results[2] = {grid_stats, list_stats};
    double *ratios[2] = {grid_ratios, list_ratios};
    stats *floors[2] = {&grid_floor, &list_floor};
    double *averages[2] = {&grid_avg, &list_avg};
    const char *labels[2] = {"get_elements_in_rect 390x844, grid",
                             "get_elements_in_rect 390x844, list"};
    for (int s = 0; s < 2; s++) {
      rect_ctx *ctx = contexts[s];
      ctx->layout = layout;
      ctx->geometry = geometries[s];
      ctx->buffer = buffer;
      ctx->capacity = QUERY_CAPACITY;
      random_rects(ctx, infos[s]->frame.y, infos[s]->frame.y + infos[s]->frame.height - VIEW_H);
      *averages[s] = check_floor(layout, geometries[s], ctx->rects, ctx->rect_count);
      measure_pair(run_rects, ctx, 1, &results[s][k], run_rects_floor, ctx, 1, &floor_stats);
      if (k == COUNT_COUNT - 1) *floors[s] = floor_stats;
      part = PART_RECT;
      row *r = add_row(labels[s], count_label(n), results[s][k], "ns/query");
      r->ratio = ratios[s][k] = results[s][k].median / floor_stats.median;
      if (n == 10000000) set_target(r, "<= 1000 ns", results[s][k].median <= 1000.0);
    }

    /* The carousel at the top (orthogonal section, badges); it does not depend on n. */
    if (n == 10000000) {
      banner_rects.layout = layout;
      banner_rects.buffer = buffer;
      banner_rects.capacity = QUERY_CAPACITY;
      random_rects(&banner_rects, 0, banner_info.frame.y + banner_info.frame.height);
      banner = measure(run_rects, &banner_rects, 1);
    }
    sl_layout_destroy(layout);
  }

  part = PART_FRAME;
  add_row("floor: C item frame (3 columns)", "1e7", frame_floor, "ns/call");
  add_growth_row("flatness: item frame vs floor, 1e7 / 1e3", frame_ratios);
  part = PART_RECT;
  char label[64];
  snprintf(label, sizeof label, "floor: C viewport query, grid (%.1f elem)", grid_avg);
  add_row(label, "1e7", grid_floor, "ns/query");
  snprintf(label, sizeof label, "floor: C viewport query, list (%.1f elem)", list_avg);
  add_row(label, "1e7", list_floor, "ns/query");
  add_row("get_elements_in_rect 390x844, banner (orth.)", "1e7", banner, "ns/query");

  add_growth_row("flatness: rect grid vs floor, 1e7 / 1e3", grid_ratios);
  add_growth_row("flatness: rect list vs floor, 1e7 / 1e3", list_ratios);
  free(buffer);
}

/* Enumerates a whole section through viewport-sized rects, or one big rect. */
typedef struct enumerate_ctx {
  const sl_layout *layout;
  const grid_geometry *geometry;
  sl_rect *chunks;
  int chunk_count;
  sl_element *buffer;
  size_t capacity;
  size_t expected; /* elements per pass */
} enumerate_ctx;

static double run_enumerate(void *vctx, long iters) {
  const enumerate_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    for (int c = 0; c < ctx->chunk_count; c++) {
      int status = sl_layout_get_elements_in_rect(ctx->layout, ctx->chunks[c], ctx->buffer,
                                                  ctx->capacity, &count);
      if (status != SL_OK) die_status(status, "sl_layout_get_elements_in_rect");
      total += count;
    }
  }
  double elapsed = now_ns() - t0;
  if (total != ctx->expected * (size_t)iters) die("enumeration returned an unexpected count");
  sink = ctx->buffer[count / 2].frame.y;
  return elapsed;
}

static double run_enumerate_floor(void *vctx, long iters) {
  const enumerate_ctx *ctx = vctx;
  size_t count = 0, total = 0;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    for (int c = 0; c < ctx->chunk_count; c++) {
      if (floor_rect_fn(ctx->geometry, ctx->chunks[c], ctx->buffer, ctx->capacity, &count) !=
          SL_OK)
        die("floor_elements_in_rect failed");
      total += count;
    }
  }
  double elapsed = now_ns() - t0;
  if (total != ctx->expected * (size_t)iters) die("floor enumeration: unexpected count");
  sink = ctx->buffer[count / 2].frame.y;
  return elapsed;
}

void bench_enumeration(void) {
  const int64_t n = 1000000;
  part = PART_ENUMERATE;
  config_text config;
  grid_config(&config, n);
  sl_layout *layout = make_layout(&config);
  grid_geometry grid;
  read_geometry(layout, 0, &grid);
  sl_size content;
  SL_CHECK(sl_layout_get_content_size(layout, &content));

  /* Every element of the section: one rect over the whole content. */
  sl_rect all = {0, 0, content.width, content.height};
  size_t total = 0;
  SL_CHECK(sl_layout_get_elements_in_rect(layout, all, NULL, 0, &total));
  sl_element *big = xmalloc(total * sizeof *big);
  memset(big, 0, total * sizeof *big); /* fault the pages in before timing */
  size_t check = 0;
  SL_CHECK(sl_layout_get_elements_in_rect(layout, all, big, total, &check));
  if (check != total) die("enumeration count changed");
  {
    /* The floor must write exactly the library's elements: the same count, and every cell at
       the frame the floor computes for it, in item order. */
    size_t my_count = 0;
    int64_t next_item = 0;
    floor_elements_in_rect(&grid, all, NULL, 0, &my_count);
    if (my_count != total) die("floor: full enumeration count differs from the library's");
    for (size_t k = 0; k < total; k++) {
      sl_rect frame;
      if (big[k].category != SL_ELEMENT_CELL) continue;
      if (big[k].item != next_item++ || floor_item_frame(&grid, big[k].item, &frame) != SL_OK)
        die("floor: full enumeration items differ from the library's");
      double tolerance = 1e-9 * (1 + fabs(frame.y));
      if (fabs(big[k].frame.x - frame.x) > tolerance || fabs(big[k].frame.y - frame.y) > tolerance ||
          fabs(big[k].frame.width - frame.width) > tolerance ||
          fabs(big[k].frame.height - frame.height) > tolerance)
        die("floor: full enumeration frames differ from the library's");
    }
    if (next_item != n) die("floor: full enumeration misses cells");
  }

  /* Viewport-sized chunks, top to bottom; elements crossing a chunk edge come back twice. */
  int chunk_count = (int)ceil(content.height / VIEW_H);
  sl_rect *chunks = xmalloc((size_t)chunk_count * sizeof *chunks);
  size_t chunk_total = 0;
  sl_element *small = xmalloc(QUERY_CAPACITY * sizeof *small);
  for (int c = 0; c < chunk_count; c++) {
    sl_rect r = {0, c * VIEW_H, content.width, VIEW_H};
    size_t count = 0;
    chunks[c] = r;
    SL_CHECK(sl_layout_get_elements_in_rect(layout, r, small, QUERY_CAPACITY, &count));
    chunk_total += count;
  }

  enumerate_ctx chunked = {layout, &grid, chunks, chunk_count, small, QUERY_CAPACITY,
                           chunk_total};
  enumerate_ctx whole = {layout, &grid, &all, 1, big, total, total};
  stats lib, floor_stats;
  char label[64];

  measure_pair(run_enumerate, &chunked, (double)total, &lib, run_enumerate_floor, &chunked,
               (double)total, &floor_stats);
  snprintf(label, sizeof label, "enumerate grid: %d viewport rects", chunk_count);
  row *r = add_row(label, "1e6", lib, "ns/elem");
  r->ratio = lib.median / floor_stats.median;
  set_target(r, "<= 3x floor", r->ratio <= 3.0);
  snprintf(label, sizeof label, "floor: C, same rects (%.2f returns/elem)",
           (double)chunk_total / (double)total);
  add_row(label, "1e6", floor_stats, "ns/elem");

  measure_pair(run_enumerate, &whole, (double)total, &lib, run_enumerate_floor, &whole,
               (double)total, &floor_stats);
  snprintf(label, sizeof label, "enumerate grid: one call, %.0f MB buffer",
           (double)(total * sizeof *big) / 1e6);
  r = add_row(label, "1e6", lib, "ns/elem");
  r->ratio = lib.median / floor_stats.median;
  set_target(r, "<= 3x floor", r->ratio <= 3.0);
  add_row("floor: C loop, same buffer", "1e6", floor_stats, "ns/elem");

  free(small);
  free(chunks);
  free(big);
  sl_layout_destroy(layout);
}
