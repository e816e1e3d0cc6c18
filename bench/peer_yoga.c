/*
 * peer_yoga.c — items with sizes of their own, SnapLayout against Yoga (the flexbox engine of
 * React Native), the peer issue 19 asks for where the machine's registries provide one
 * (scripts/fetch-peers.sh builds it from the sources PyPI's poga 0.1.19 ships;
 * docs/PERFORMANCE.md, "Peers"). The same work in both, timed in alternation in one process:
 *
 *   - a self-sizing list: rows 358 pt wide (16 pt insets in a 390 pt container), each of its
 *     own height (20 ... 200 pt), 1 pt apart. SnapLayout: create, sl_layout_report_item_sizes
 *     of every row in one call, sl_layout_get_item_frames of every row. Yoga: a column of
 *     nodes of those heights (margin 1 below each), laid out, every frame read;
 *   - a flow of tags: 40 ... 200 pt wide, 32 tall, lines broken at 358 pt with 10 pt between
 *     items and lines, each line spread to both edges (UIKit's flow layout). SnapLayout:
 *     create, sl_layout_set_item_sizes, every frame. Yoga: a wrapping row, space-between, 5 pt
 *     margins round each tag (so that 10 pt lie between two and a line breaks where the flow's
 *     does) and 11 pt of padding;
 *     The lines, their tags and every tag's y and size are the same in both; within a line, a
 *     tag's x is compared where both spread the line (UIKit centres a line of one tag and
 *     packs the last line to the leading edge; space-between does neither): the first of
 *     each line, but the last line's;
 *   - each again at a new width (390 -> 414 pt): sl_layout_set_container_size and every frame,
 *     against Yoga's layout of the same tree at the new width and every frame.
 *
 * Yoga lays out in single precision: the largest difference between its frames and
 * SnapLayout's is printed at each count (at 1e3, where both are exact to well below a point,
 * a difference over 0.05 pt means the two did different work, and the run stops).
 *
 *   make bench-peers           (builds Yoga first; about a minute)
 *   build/bench-peers --quick  (1e3 and 1e4 only, three repetitions)
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <yoga/Yoga.h>

#include "snaplayout.h"

#define VIEW_W 390.0
#define WIDE_W 414.0
#define VIEW_H 844.0
#define LEADING 16.0

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng_next(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static void die(const char *what) {
  fprintf(stderr, "bench-peers: %s\n", what);
  exit(1);
}

static void check(int status, const char *call) {
  if (status != SL_OK) {
    fprintf(stderr, "bench-peers: %s: %d (%s): %s [path: %s]\n", call, status,
            sl_status_string(status), sl_error_last()->message, sl_error_last()->path);
    exit(1);
  }
}

static void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p) die("out of memory");
  return p;
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* ---- the work, in each engine ---- */

typedef struct workload {
  int flow; /* tags, else the list */
  int64_t n;
  sl_size *sizes;
  sl_rect *mine;  /* SnapLayout's frames */
  sl_rect *yours; /* Yoga's, in the same coordinates */
} workload;

static sl_layout *snap_create(const workload *w) {
  char config[1024];
  if (w->flow)
    snprintf(config, sizeof config,
             "{\"version\": 1, \"environment\": {\"container\": {\"width\": %g, \"height\": %g}},"
             " \"flowLayout\": {\"itemSize\": {\"width\": 100, \"height\": 40},"
             " \"minimumLineSpacing\": 10, \"minimumInteritemSpacing\": 10,"
             " \"sectionInset\": {\"top\": 0, \"left\": 16, \"bottom\": 0, \"right\": 16}},"
             " \"sections\": [{\"itemCount\": %" PRId64 "}]}",
             VIEW_W, VIEW_H, w->n);
  else
    snprintf(config, sizeof config,
             "{\"version\": 1, \"environment\": {\"container\": {\"width\": %g, \"height\": %g}},"
             " \"sections\": [{\"itemCount\": %" PRId64 ", \"interGroupSpacing\": 1,"
             " \"contentInsets\": {\"top\": 0, \"leading\": 16, \"bottom\": 0, \"trailing\": 16},"
             " \"group\": {\"group\": \"vertical\", \"layoutSize\": {\"widthDimension\":"
             " {\"fractionalWidth\": 1}, \"heightDimension\": {\"estimated\": 44}},"
             " \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
             " \"heightDimension\": {\"estimated\": 44}}}]}}]}",
             VIEW_W, VIEW_H, w->n);
  sl_layout *layout = NULL;
  check(sl_layout_create(config, strlen(config), &layout), "sl_layout_create");
  if (w->flow)
    check(sl_layout_set_item_sizes(layout, 0, 0, w->sizes, (size_t)w->n, NULL),
          "sl_layout_set_item_sizes");
  else
    check(sl_layout_report_item_sizes(layout, 0, 0, w->sizes, (size_t)w->n, NULL),
          "sl_layout_report_item_sizes");
  check(sl_layout_get_item_frames(layout, 0, 0, w->n, w->mine), "sl_layout_get_item_frames");
  return layout;
}

static void snap_resize(sl_layout *layout, const workload *w, double width) {
  check(sl_layout_set_container_size(layout, width, VIEW_H), "sl_layout_set_container_size");
  check(sl_layout_get_item_frames(layout, 0, 0, w->n, w->mine), "sl_layout_get_item_frames");
}

static YGConfigRef yoga_config;

static void yoga_read(YGNodeRef root, const workload *w) {
  /* The tags' margins put the first line 5 pt down: SnapLayout's starts at the top. */
  double dy = w->flow ? -5 : 0;
  for (int64_t i = 0; i < w->n; i++) {
    YGNodeRef node = YGNodeGetChild(root, (uint32_t)i);
    w->yours[i].x = YGNodeLayoutGetLeft(node);
    w->yours[i].y = YGNodeLayoutGetTop(node) + dy;
    w->yours[i].width = YGNodeLayoutGetWidth(node);
    w->yours[i].height = YGNodeLayoutGetHeight(node);
  }
}

static YGNodeRef yoga_create(const workload *w) {
  YGNodeRef root = YGNodeNewWithConfig(yoga_config);
  YGNodeStyleSetWidth(root, (float)VIEW_W);
  if (w->flow) {
    YGNodeStyleSetFlexDirection(root, YGFlexDirectionRow);
    YGNodeStyleSetFlexWrap(root, YGWrapWrap);
    YGNodeStyleSetJustifyContent(root, YGJustifySpaceBetween);
    YGNodeStyleSetAlignContent(root, YGAlignFlexStart);
    YGNodeStyleSetPadding(root, YGEdgeHorizontal, (float)(LEADING - 5));
  } else {
    YGNodeStyleSetFlexDirection(root, YGFlexDirectionColumn);
    YGNodeStyleSetPadding(root, YGEdgeHorizontal, (float)LEADING);
  }
  for (int64_t i = 0; i < w->n; i++) {
    YGNodeRef node = YGNodeNewWithConfig(yoga_config);
    if (w->flow) {
      YGNodeStyleSetWidth(node, (float)w->sizes[i].width);
      YGNodeStyleSetHeight(node, (float)w->sizes[i].height);
      YGNodeStyleSetMargin(node, YGEdgeAll, 5);
    } else {
      YGNodeStyleSetHeight(node, (float)w->sizes[i].height);
      YGNodeStyleSetMargin(node, YGEdgeBottom, 1);
    }
    YGNodeInsertChild(root, node, (uint32_t)i);
  }
  YGNodeCalculateLayout(root, YGUndefined, YGUndefined, YGDirectionLTR);
  yoga_read(root, w);
  return root;
}

static void yoga_resize(YGNodeRef root, const workload *w, double width) {
  YGNodeStyleSetWidth(root, (float)width);
  YGNodeCalculateLayout(root, YGUndefined, YGUndefined, YGDirectionLTR);
  yoga_read(root, w);
}

/* Each engine as the timing loop sees it: made with the first layout's frames, then laid out
 * at a new width, then freed. */
typedef struct engine {
  void *(*create)(const workload *w);
  void (*resize)(void *state, const workload *w, double width);
  void (*destroy)(void *state);
} engine;

static void *snap_start(const workload *w) { return snap_create(w); }
static void snap_again(void *state, const workload *w, double width) {
  snap_resize(state, w, width);
}
static void snap_free(void *state) { sl_layout_destroy(state); }
static void *yoga_start(const workload *w) { return yoga_create(w); }
static void yoga_again(void *state, const workload *w, double width) {
  yoga_resize(state, w, width);
}
static void yoga_free(void *state) { YGNodeFreeRecursive(state); }

static const engine snaplayout = {snap_start, snap_again, snap_free};
static const engine yoga = {yoga_start, yoga_again, yoga_free};

/* One repetition of `e`: the first layout's time and the new width's. */
static void time_engine(const engine *e, const workload *w, double *first, double *resize) {
  double t0 = now_ns();
  void *state = e->create(w);
  double t1 = now_ns();
  e->resize(state, w, WIDE_W);
  double t2 = now_ns();
  *first = t1 - t0;
  *resize = t2 - t1;
  e->destroy(state);
}

/* ---- timing: the two engines alternated, medians of the repetitions ---- */

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int count) {
  qsort(v, (size_t)count, sizeof *v, cmp_double);
  return count % 2 ? v[count / 2] : (v[count / 2 - 1] + v[count / 2]) / 2;
}

static double max_difference(const workload *w) {
  double worst = 0;
  for (int64_t i = 0; i < w->n; i++) {
    const sl_rect *a = &w->mine[i], *b = &w->yours[i];
    /* A flow's x only where both spread the line: UIKit centres a line of one tag and packs
     * the last line to the leading edge, which space-between does not. */
    double dx = w->flow && (i == w->n - 1 || a->x != LEADING) ? 0 : fabs(a->x - b->x);
    double d = fmax(fmax(dx, fabs(a->y - b->y)),
                    fmax(fabs(a->width - b->width), fabs(a->height - b->height)));
    if (!(d <= worst)) worst = d; /* NaN too */
  }
  return worst;
}

static void print_row(const char *what, int64_t n, double mine, double yours, double difference) {
  char items[16];
  snprintf(items, sizeof items, "1e%d", (int)lround(log10((double)n)));
  printf("| %-40s | %5s | %10.1f | %10.1f | %7.4fx | %12.4g |\n", what, items, mine / (double)n,
         yours / (double)n, mine / yours, difference);
}

static void run(int flow, int64_t n, int reps) {
  workload w = {flow, n, xmalloc((size_t)n * sizeof(sl_size)), xmalloc((size_t)n * sizeof(sl_rect)),
                xmalloc((size_t)n * sizeof(sl_rect))};
  for (int64_t i = 0; i < n; i++) {
    if (flow) {
      w.sizes[i].width = 40 + (double)(rng_next() % 161);
      w.sizes[i].height = 32;
    } else {
      w.sizes[i].width = VIEW_W - 2 * LEADING;
      w.sizes[i].height = 20 + (double)(rng_next() % 721) / 4;
    }
  }
  double *first_mine = xmalloc((size_t)reps * sizeof(double));
  double *first_yours = xmalloc((size_t)reps * sizeof(double));
  double *resize_mine = xmalloc((size_t)reps * sizeof(double));
  double *resize_yours = xmalloc((size_t)reps * sizeof(double));
  /* The frames compared first, untimed: the first layout's, then the new width's. */
  sl_layout *checked = snap_create(&w);
  YGNodeRef checked_root = yoga_create(&w);
  double first_difference = max_difference(&w);
  snap_resize(checked, &w, WIDE_W);
  yoga_resize(checked_root, &w, WIDE_W);
  double resize_difference = max_difference(&w);
  sl_layout_destroy(checked);
  YGNodeFreeRecursive(checked_root);
  if (n <= 1000 && !(first_difference <= 0.05 && resize_difference <= 0.05)) {
    fprintf(stderr, "bench-peers: %s at 1e3: frames %g pt apart (first) and %g (new width)\n",
            flow ? "tags" : "list", first_difference, resize_difference);
    die("the two engines did different work");
  }
  for (int r = 0; r < reps; r++) {
    /* Alternate which engine goes first, so that neither always meets a warm cache. */
    if (r % 2 == 0) {
      time_engine(&snaplayout, &w, &first_mine[r], &resize_mine[r]);
      time_engine(&yoga, &w, &first_yours[r], &resize_yours[r]);
    } else {
      time_engine(&yoga, &w, &first_yours[r], &resize_yours[r]);
      time_engine(&snaplayout, &w, &first_mine[r], &resize_mine[r]);
    }
  }
  const char *kind = flow ? "flow of tags" : "self-sizing list";
  char what[64];
  snprintf(what, sizeof what, "%s, first layout + frames", kind);
  print_row(what, n, median(first_mine, reps), median(first_yours, reps), first_difference);
  snprintf(what, sizeof what, "%s, new width + frames", kind);
  print_row(what, n, median(resize_mine, reps), median(resize_yours, reps), resize_difference);
  fflush(stdout);
  free(first_mine), free(first_yours), free(resize_mine), free(resize_yours);
  free(w.sizes), free(w.mine), free(w.yours);
}

int main(int argc, char **argv) {
  int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
  yoga_config = YGConfigNew();
  YGConfigSetPointScaleFactor(yoga_config, 0); /* unrounded, as SnapLayout's frames */
  printf("SnapLayout %s against Yoga (poga 0.1.19's sources), %s\n\n", sl_version_string(),
         quick ? "quick" : "full");
  printf("| %-40s | %5s | %10s | %10s | %8s | %12s |\n", "work (each item of its own size)",
         "items", "SnapLayout", "Yoga", "ratio", "max diff, pt");
  printf("|%s|%s|%s|%s|%s|%s|\n", "------------------------------------------", "------:",
         "-----------:", "-----------:", "---------:", "-------------:");
  static const int64_t counts[] = {1000, 10000, 100000, 1000000};
  for (int c = 0; c < (quick ? 2 : 4); c++) {
    int64_t n = counts[c];
    int reps = quick ? 3 : n <= 10000 ? 21 : n <= 100000 ? 7 : 3;
    run(0, n, reps);
    /* Yoga's wrapping row grows faster than its items (14 us a tag at 1e4, about ten times
     * its figure at 1e3): one repetition at 1e5 takes ~15 s, and 1e6 is not run. */
    if (n <= 10000)
      run(1, n, reps);
    else if (n <= 100000)
      run(1, n, 1);
    else
      printf("| %-40s | %5s | %10s | %10s | %8s | %12s |\n", "flow of tags (Yoga: not run, quadratic)",
             "1e6", "-", "-", "-", "-");
  }
  printf("\nns per item, medians of alternated repetitions; ratio = SnapLayout / Yoga (below 1: "
         "SnapLayout is faster);\nmax diff = the largest difference between the two engines' "
         "frames (Yoga computes in single precision).\n");
  YGConfigFree(yoga_config);
  return 0;
}
