/*
 * A long-run random differential check of sl_layout_get_elements_in_rect (`make rect-soak`,
 * docs/TESTING-MODEL.md, "The rect soak"). It is not part of `make test`: a run of 2,000 seeds
 * takes minutes, and its value is in the seeds no fixed test reaches.
 *
 * Each seed builds a random configuration (compositional or flow; either scroll direction,
 * right to left, looping main and orthogonal scrolls, self-sizing with reported sizes, badges,
 * boundary and decoration items, extreme lengths and item counts), scrolls it somewhere, and
 * asks a few large rects R. Then the oracles:
 *
 *   A   a small rect r inside R answers exactly the elements of R's answer whose frames meet r
 *       by the header's rule (test_intersects): same keys, bit-identical frames. The small
 *       rects start or end on an element's edge and an ulp either side, where rounding bites.
 *   B   outside loops, every cell of R's answer has the frame sl_layout_get_item_frame gives.
 *   B2  in a container with one active loop, the cell of the lap its offset is in has that
 *       frame too (the header: "In a loop it is the copy of the lap the offset is in").
 *   C   no two elements of an answer share (category, kind, section, item, copy). A looping
 *       orthogonal section in a looping main scroll breaks this, a known limitation (the `copy`
 *       field of sl_element; SNAPPING.md, "Looping"), so C is counted and never fails a run.
 *   D   sl_layout_get_item_frames agrees with sl_layout_get_item_frame item by item.
 *
 * Every seed runs in a child process of its own, under an alarm, so that a crash or a hang is
 * reported with its seed and the run goes on. A failure of A or B writes a scenario file (the
 * configuration, the calls made after creation, R and r) to SL_RECT_SOAK_DIR or --dir
 * (default build/rect-soak-failures); --replay runs one again.
 *
 *   rect_soak [--dir DIR] FIRST COUNT   seeds FIRST ..< FIRST + COUNT; exit 1 on any failure
 *   rect_soak --one SEED                one seed in this process, printing what it does
 *   rect_soak --replay FILE             one scenario file; exit 1 if the failure reproduces
 */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test_support.h"

/* Every double is printed so that it reads back to the same bits. */
#define G "%.17g"
#define MAX_SECTIONS 8
#define MAX_OPS 4096
/* Failures printed (and scenario files written) per seed: the first few tell the story. */
#define MAX_REPORTS 6
/* A seed's child is killed after this many seconds (times SL_TEST_TIME_SCALE): a hang. */
#define SEED_SECONDS 60

/* --- random numbers: splitmix64 (soak_random.h) -------------------------------------------- */

#include "soak_random.h"

/* A number as a host writes it: whole, one or two decimals (390.3), or full precision. */
static double num(double lo, double hi) {
  double v = fr(lo, hi), w = v;
  switch (ri(4)) {
    case 0: w = round(v * 10) / 10; break;
    case 1: w = round(v * 100) / 100; break;
    case 2: w = round(v); break;
    default: break;
  }
  return (w >= lo && w <= hi && (w > 0 || lo <= 0)) ? w : v;
}

/* --- the configuration text ------------------------------------------------------------------- */

typedef struct {
  char *text;
  size_t length, capacity;
} builder;

static void put(builder *b, const char *format, ...) {
  for (;;) {
    size_t room = b->capacity - b->length;
    va_list ap;
    va_start(ap, format);
    int k = vsnprintf(b->text ? b->text + b->length : NULL, b->text ? room : 0, format, ap);
    va_end(ap);
    if (b->text && (size_t)k < room) {
      b->length += (size_t)k;
      return;
    }
    b->capacity = (b->capacity + (size_t)k + 1) * 2;
    b->text = realloc(b->text, b->capacity);
    if (b->text == NULL) abort();
  }
}

/* A call made after creation, kept so that a scenario file can make it again. */
enum { OP_REPORT, OP_OFFSET, OP_REPORT_SUPPLEMENTARY, OP_REPORT_BATCH };
typedef struct {
  int type;
  int32_t container; /* section, or SL_SCROLL_MAIN */
  int64_t index;     /* item, kind (kind_names), or the batch's first item */
  double a, b;       /* width and height, or the offset */
  int64_t count;     /* the batch's items */
} op;

typedef struct {
  char *json;
  op ops[MAX_OPS];
  int op_count;
  int horizontal, right_to_left, extreme, section_count;
  int orthogonal[MAX_SECTIONS], self_sizing[MAX_SECTIONS];
  int64_t item_count[MAX_SECTIONS];
} scenario;

static const char *kind_names[] = {"header", "footer", "top", "bottom", "badge", "badge2", "bg"};

typedef struct {
  int horizontal; /* the main axis is x */
  double width, height;
} container;

static const char *fraction_across(const container *c) {
  return c->horizontal ? "fractionalHeight" : "fractionalWidth";
}
static const char *fraction_along(const container *c) {
  return c->horizontal ? "fractionalWidth" : "fractionalHeight";
}

/* A dimension, {"key": value}, in a buffer of the caller's. */
typedef struct {
  char text[64];
} dimension;

static dimension dim(const char *key, double value) {
  dimension d;
  snprintf(d.text, sizeof d.text, "{\"%s\": " G "}", key, value);
  return d;
}

/* A layout size from the dimensions along and across the main axis. */
static void layout_size(builder *b, const container *c, dimension along, dimension across) {
  const dimension *w = c->horizontal ? &along : &across, *h = c->horizontal ? &across : &along;
  put(b, "{\"widthDimension\": %s, \"heightDimension\": %s}", w->text, h->text);
}

static double pick_length(int extreme) {
  if (extreme && chance(0.3)) return chance(0.5) ? 1e-3 * (1 + ri(3)) : num(1e4, 1e5);
  return num(8, 220);
}

/* Each value is drawn in its own statement: the order of a call's arguments is unspecified,
 * and a seed must mean the same layout whatever the compiler. */
static void insets(builder *b, double most) {
  double top = chance(0.6) ? num(0, most) : 0.0;
  double leading = chance(0.6) ? num(0, most) : 0.0;
  double bottom = chance(0.6) ? num(0, most) : 0.0;
  double trailing = chance(0.6) ? num(0, most) : 0.0;
  put(b, "{\"top\": " G ", \"leading\": " G ", \"bottom\": " G ", \"trailing\": " G "}", top,
      leading, bottom, trailing);
}

static void point(builder *b, const char *key, double lo, double hi) {
  double x = num(lo, hi);
  double y = num(lo, hi);
  put(b, ", \"%s\": {\"x\": " G ", \"y\": " G "}", key, x, y);
}

static void anchor(builder *b) {
  const char *vertical[] = {NULL, "\"top\"", "\"bottom\""};
  const char *horizontal[] = {NULL, "\"leading\"", "\"trailing\""};
  const char *v = vertical[ri(3)];
  const char *h = horizontal[ri(3)];
  put(b, "{\"edges\": [%s%s%s]", v ? v : "", v && h ? ", " : "", h ? h : "");
  int offset = ri(3);
  if (offset == 1) point(b, "fractionalOffset", -0.6, 0.6);
  if (offset == 2) point(b, "offset", -15, 15);
  put(b, "}");
}

static void badges(builder *b) {
  int n = 1 + ri(2);
  put(b, ", \"supplementaryItems\": [");
  for (int i = 0; i < n; i++) {
    put(b, "%s{\"elementKind\": \"%s\", \"layoutSize\": ", i ? ", " : "", i ? "badge2" : "badge");
    if (chance(0.7)) {
      double w = num(4, 30);
      double h = chance(0.5) ? w : num(4, 30);
      put(b,
          "{\"widthDimension\": {\"absolute\": " G "}, \"heightDimension\": {\"absolute\": " G "}}",
          w, h);
    } else {
      double w = num(0.05, 0.5);
      double h = num(0.05, 0.5);
      put(b, "{\"widthDimension\": {\"fractionalWidth\": " G "}, ", w);
      put(b, "\"heightDimension\": {\"fractionalHeight\": " G "}}", h);
    }
    put(b, ", \"containerAnchor\": ");
    anchor(b);
    if (chance(0.3)) {
      put(b, ", \"itemAnchor\": ");
      anchor(b);
    }
    if (chance(0.2)) put(b, ", \"zIndex\": %d", ri(5) - 2);
    put(b, "}");
  }
  put(b, "]");
}

/* An item of a group whose subitems go across the main axis (`across`) or along it; its
 * length along the main axis is estimated (est_length) when the group's is. */
static void item(builder *b, const container *c, int across, int estimated, double est_length,
                 int extreme) {
  dimension along_d, across_d;
  if (across) {
    double f = (double[]){1, 0.5, 1.0 / 3, 0.333, 0.3, 0.25, 0.71}[ri(7)];
    if (chance(0.3)) f = num(0.05, 1);
    across_d =
        chance(0.85) ? dim(fraction_across(c), f) : dim("absolute", pick_length(extreme) / 2 + 1);
    if (estimated)
      along_d = chance(0.8) ? dim("estimated", est_length) : dim(fraction_along(c), 1);
    else if (chance(0.7))
      along_d = dim(fraction_along(c), chance(0.6) ? 1.0 : num(0.2, 1));
    else
      along_d = dim("absolute", pick_length(extreme) / 3 + 1);
  } else {
    across_d = dim(fraction_across(c), chance(0.7) ? 1.0 : num(0.3, 1));
    if (estimated)
      along_d = dim("estimated", chance(0.5) ? est_length : num(10, 90));
    else if (chance(0.6))
      along_d = dim(fraction_along(c), (double[]){1, 0.5, 1.0 / 3, 0.45}[ri(4)]);
    else
      along_d = dim("absolute", pick_length(extreme) / 3 + 1);
  }
  put(b, "{\"layoutSize\": ");
  layout_size(b, c, along_d, across_d);
  if (chance(0.2)) {
    put(b, ", \"contentInsets\": ");
    insets(b, 6);
  }
  if (chance(0.1)) {
    const char *kind = chance(0.5) ? "fixed" : "flexible";
    double leading = num(0, 8);
    double top = num(0, 8);
    put(b, ", \"edgeSpacing\": {\"leading\": {\"%s\": " G "}, \"top\": {\"fixed\": " G "}}", kind,
        leading, top);
  }
  if (chance(0.35)) badges(b);
  put(b, "}");
}

/* A group across the main axis of its own subitems, for a group of subitems along it. */
static void nested_group(builder *b, const container *c, int across, int extreme) {
  const char *direction = (across != c->horizontal) ? "vertical" : "horizontal";
  put(b, "{\"group\": \"%s\", \"layoutSize\": ", direction);
  if (across) {
    dimension along_d = dim(fraction_along(c), 1.0);
    layout_size(b, c, along_d, dim(fraction_across(c), chance(0.5) ? 0.5 : num(0.2, 1)));
  } else {
    layout_size(b, c, dim(fraction_along(c), chance(0.5) ? 0.5 : num(0.2, 1)),
                dim(fraction_across(c), 1.0));
  }
  put(b, ", \"subitem\": ");
  item(b, c, !across, 0, 0, extreme);
  put(b, ", \"count\": %d}", 1 + ri(3));
}

static void group(builder *b, const container *c, int orthogonal, int extreme, int *self_sizing) {
  int estimated = chance(0.3);
  double est_length = num(20, 90);
  dimension along_d, across_d;
  if (orthogonal) {
    double f = chance(0.7) ? num(0.3, 1) : (double[]){1, 0.71, 0.83, 0.5}[ri(4)];
    across_d =
        chance(0.8) ? dim(fraction_across(c), f) : dim("absolute", pick_length(extreme) + 20);
  } else if (chance(0.85)) {
    across_d = dim(fraction_across(c), chance(0.7) ? 1.0 : num(0.3, 1));
  } else {
    across_d = dim("absolute", num(30, (c->horizontal ? c->height : c->width) * 0.9 + 1));
  }
  if (estimated)
    along_d = dim("estimated", est_length);
  else if (chance(0.15))
    along_d = dim(fraction_across(c), num(0.1, 1.5)); /* an aspect ratio */
  else
    along_d = dim("absolute", pick_length(extreme) + 1);
  if (estimated) *self_sizing = 1;
  int across = chance(0.7);
  put(b, "{\"group\": \"%s\", \"layoutSize\": ",
      (across != c->horizontal) ? "horizontal" : "vertical");
  layout_size(b, c, along_d, across_d);
  if (chance(0.3)) {
    const char *kind = chance(0.7) ? "fixed" : "flexible";
    put(b, ", \"interItemSpacing\": {\"%s\": " G "}", kind, num(0, 9));
  }
  if (chance(0.1)) {
    put(b, ", \"contentInsets\": ");
    insets(b, 4);
  }
  int form = ri(10);
  if (form < 2) {
    put(b, ", \"subitem\": ");
    item(b, c, across, estimated, est_length, extreme);
    put(b, ", \"count\": %d", 1 + ri(4));
    put(b, "}");
    return;
  }
  int nested = form < 3 && !estimated;
  int n = nested ? 1 + ri(2) : 1 + ri(3);
  put(b, ", \"subitems\": [");
  for (int i = 0; i < n; i++) {
    if (i) put(b, ", ");
    if (nested && chance(0.5))
      nested_group(b, c, across, extreme);
    else
      item(b, c, across, estimated, est_length, extreme);
  }
  put(b, "]}");
}

static void boundary_items(builder *b, const container *c, int layout_level, int extreme) {
  static const char *alignments[] = {"top",    "topLeading",     "leading",  "bottomLeading",
                                     "bottom", "bottomTrailing", "trailing", "topTrailing"};
  int n = 1 + ri(2);
  put(b, "\"boundarySupplementaryItems\": [");
  for (int i = 0; i < n; i++) {
    const char *kind = layout_level ? (i ? "bottom" : "top") : (i ? "footer" : "header");
    const char *alignment;
    if (ri(10) < 8)
      alignment = i ? (c->horizontal ? "trailing" : "bottom") : (c->horizontal ? "leading" : "top");
    else
      alignment = alignments[ri(8)];
    if (i) put(b, ", ");
    put(b, "{\"elementKind\": \"%s\", \"alignment\": \"%s\", \"layoutSize\": ", kind, alignment);
    dimension along_d;
    if (chance(0.25))
      along_d = dim("estimated", num(10, 60));
    else
      along_d = dim("absolute", extreme && chance(0.3) ? pick_length(1) : num(5, 60));
    dimension across_d = chance(0.8) ? dim(fraction_across(c), chance(0.7) ? 1.0 : num(0.2, 1))
                                     : dim("absolute", num(10, 200));
    layout_size(b, c, along_d, across_d);
    if (chance(0.5)) put(b, ", \"pinToVisibleBounds\": true");
    if (chance(0.15)) put(b, ", \"extendsBoundary\": false");
    if (chance(0.15)) point(b, "offset", -10, 10);
    if (chance(0.1)) {
      put(b, ", \"contentInsets\": ");
      insets(b, 3);
    }
    if (chance(0.1)) put(b, ", \"zIndex\": %d", ri(9) - 4);
    put(b, "}");
  }
  put(b, "]");
}

static void scrolling(builder *b, int loop, int main_scroll) {
  put(b, "{\"loop\": %s", loop ? "true" : "false");
  if (chance(0.4)) {
    const char *units[] = {"none", "page", "item", "group"};
    put(b, ", \"snapUnit\": \"%s\"", units[ri(4)]);
  }
  if (main_scroll && chance(0.25)) {
    double top = num(0, 40);
    double bottom = num(0, 40);
    double leading = num(0, 40);
    double trailing = num(0, 40);
    put(b,
        ", \"contentInset\": {\"top\": " G ", \"bottom\": " G ", \"leading\": " G
        ", \"trailing\": " G "}",
        top, bottom, leading, trailing);
  }
  if (chance(0.15)) {
    const char *alignments[] = {"start", "center", "end"};
    put(b, ", \"alignment\": \"%s\"", alignments[ri(3)]);
  }
  put(b, "}");
}

/* A section's item count: none, a few, or up to `most`. One section of an extreme layout gets
 * a huge count instead (huge_counts), so that queries take the fast paths, not a walk. */
static int64_t item_count(int most, int few) {
  return chance(0.1) ? 0 : 1 + ri(chance(0.3) ? most : few);
}
static const int64_t huge_counts[] = {1000000, 999999, 123457, 50000};

static void compositional(builder *b, scenario *sc, const container *c) {
  put(b, "\"configuration\": {\"scrollDirection\": \"%s\"",
      c->horizontal ? "horizontal" : "vertical");
  if (chance(0.6)) put(b, ", \"interSectionSpacing\": " G, num(0, 20));
  put(b, ", \"scrolling\": ");
  scrolling(b, chance(0.35), 1);
  if (chance(0.3)) {
    put(b, ", ");
    boundary_items(b, c, 1, sc->extreme);
  }
  put(b, "}, \"sections\": [");
  sc->section_count = 1 + ri(5);
  int big = sc->extreme ? ri(sc->section_count) : -1;
  for (int s = 0; s < sc->section_count; s++) {
    if (s) put(b, ", ");
    sc->item_count[s] = item_count(80, 20);
    if (s == big) sc->item_count[s] = huge_counts[ri(4)];
    sc->orthogonal[s] = chance(0.3);
    put(b, "{\"itemCount\": %" PRId64, sc->item_count[s]);
    if (chance(0.6)) put(b, ", \"interGroupSpacing\": " G, num(0, 15));
    if (chance(0.4)) {
      put(b, ", \"contentInsets\": ");
      insets(b, 20);
    }
    if (sc->orthogonal[s]) {
      const char *behaviors[] = {"continuous", "continuousGroupLeadingBoundary", "paging",
                                 "groupPaging", "groupPagingCentered"};
      put(b, ", \"orthogonalScrollingBehavior\": \"%s\"", behaviors[ri(5)]);
      int loop = chance(0.5);
      if (loop || chance(0.3)) {
        put(b, ", \"orthogonalScrollingProperties\": ");
        scrolling(b, loop, 0);
      }
    }
    if (chance(0.4)) {
      put(b, ", ");
      boundary_items(b, c, 0, sc->extreme);
    }
    if (chance(0.35)) {
      put(b, ", \"decorationItems\": [{\"elementKind\": \"bg\"");
      if (chance(0.5)) {
        put(b, ", \"contentInsets\": ");
        insets(b, 10);
      }
      if (chance(0.2)) put(b, ", \"zIndex\": %d", ri(5) - 2);
      put(b, "}]");
    }
    if (chance(0.15)) put(b, ", \"supplementariesFollowContentInsets\": false");
    if (chance(0.15))
      put(b, ", \"visibleItemEffects\": {\"scale\": {\"center\": 1, \"edge\": " G "}}",
          num(0.5, 1));
    put(b, ", \"group\": ");
    group(b, c, sc->orthogonal[s], sc->extreme, &sc->self_sizing[s]);
    put(b, "}");
  }
  put(b, "]");
}

static void flow_size(builder *b, const char *key, double width, double height) {
  put(b, ", \"%s\": {\"width\": " G ", \"height\": " G "}", key, width, height);
}

static void flow_size_between(builder *b, const char *key, double lo, double hi) {
  double width = num(lo, hi);
  double height = num(lo, hi);
  flow_size(b, key, width, height);
}

static void flow_section_inset(builder *b) {
  double top = num(0, 20);
  double left = num(0, 20);
  double bottom = num(0, 20);
  double right = num(0, 20);
  put(b,
      ", \"sectionInset\": {\"top\": " G ", \"left\": " G ", \"bottom\": " G ", \"right\": " G "}",
      top, left, bottom, right);
}

static void flow(builder *b, scenario *sc, const container *c) {
  int loop = chance(0.3);
  const char *direction = c->horizontal ? "horizontal" : "vertical";
  if (chance(0.5)) {
    put(b, "\"configuration\": {\"scrollDirection\": \"%s\", \"scrolling\": ", direction);
    scrolling(b, loop, 1);
    put(b, "}, ");
  } else if (loop) {
    put(b, "\"configuration\": {\"scrolling\": ");
    scrolling(b, 1, 1);
    put(b, "}, ");
  }
  put(b, "\"flowLayout\": {\"scrollDirection\": \"%s\"", direction);
  int estimated = chance(0.5);
  double most = (c->horizontal ? c->height : c->width) * 0.6;
  if (most < 2) most = 2;
  if (estimated) {
    flow_size_between(b, "estimatedItemSize", 1, most);
  } else if (chance(0.7)) {
    double w = sc->extreme && chance(0.3) ? 1e-3 * (1 + ri(9)) + 0.01 : num(1, most);
    double h = sc->extreme && chance(0.3) ? 1e-3 * (1 + ri(9)) + 0.01 : num(1, most);
    flow_size(b, "itemSize", w, h);
  }
  if (chance(0.7)) put(b, ", \"minimumLineSpacing\": " G, num(0, 12));
  if (chance(0.7)) put(b, ", \"minimumInteritemSpacing\": " G, num(0, 12));
  if (chance(0.5)) flow_section_inset(b);
  if (chance(0.5)) flow_size_between(b, "headerReferenceSize", 1, 60);
  if (chance(0.4)) flow_size_between(b, "footerReferenceSize", 1, 60);
  if (chance(0.4)) put(b, ", \"sectionHeadersPinToVisibleBounds\": true");
  if (chance(0.3)) put(b, ", \"sectionFootersPinToVisibleBounds\": true");
  put(b, "}, \"sections\": [");
  sc->section_count = 1 + ri(4);
  int big = sc->extreme ? ri(sc->section_count) : -1;
  for (int s = 0; s < sc->section_count; s++) {
    if (s) put(b, ", ");
    int64_t count = item_count(120, 30);
    if (s == big) count = huge_counts[ri(3)];
    sc->item_count[s] = count;
    sc->self_sizing[s] = estimated;
    put(b, "{\"itemCount\": %" PRId64, count);
    if (count > 0 && count <= 60 && chance(0.3)) {
      put(b, ", \"itemSizes\": [");
      for (int64_t i = 0; i < count; i++) {
        double width = num(1, most);
        double height = num(1, most);
        put(b, "%s{\"width\": " G ", \"height\": " G "}", i ? ", " : "", width, height);
      }
      put(b, "]");
    }
    if (chance(0.2)) put(b, ", \"minimumLineSpacing\": " G, num(0, 12));
    if (chance(0.2)) put(b, ", \"minimumInteritemSpacing\": " G, num(0, 12));
    if (chance(0.2)) flow_section_inset(b);
    if (chance(0.15)) flow_size_between(b, "itemSize", 1, most);
    if (chance(0.2)) flow_size_between(b, "headerReferenceSize", 1, 60);
    if (chance(0.3)) {
      double top = num(0, 5);
      double leading = num(0, 5);
      put(b,
          ", \"decorationItems\": [{\"elementKind\": \"bg\", \"contentInsets\": {\"top\": " G
          ", \"leading\": " G "}}]",
          top, leading);
    }
    put(b, "}");
  }
  put(b, "]");
}

static void generate(scenario *sc, uint64_t seed) {
  memset(sc, 0, sizeof *sc);
  rng_state = seed * 0x2545F4914F6CDD1Dull + 0x1234567;
  container c;
  c.horizontal = chance(0.5);
  sc->extreme = chance(0.12);
  c.width = num(100, 1200);
  c.height = num(100, 1200);
  if (sc->extreme && chance(0.3)) {
    if (chance(0.5))
      c.width = num(2e4, 1e5);
    else
      c.height = num(2e4, 1e5);
  }
  sc->horizontal = c.horizontal;
  sc->right_to_left = chance(0.5);
  builder b = {0};
  put(&b, "{\"environment\": {\"container\": {\"width\": " G ", \"height\": " G "}", c.width,
      c.height);
  put(&b, ", \"layoutDirection\": \"%s\"", sc->right_to_left ? "rightToLeft" : "leftToRight");
  if (chance(0.1)) put(&b, ", \"displayScale\": %d", 1 + ri(3));
  if (chance(0.15)) {
    put(&b, ", \"contentInsets\": ");
    insets(&b, 30);
  }
  put(&b, "}, ");
  if (chance(0.25))
    flow(&b, sc, &c);
  else
    compositional(&b, sc, &c);
  put(&b, "}");
  sc->json = b.text;
}

/* --- the calls after creation ----------------------------------------------------------------- */

static void add_op(scenario *sc, op o) {
  if (sc->op_count < MAX_OPS) sc->ops[sc->op_count++] = o;
}

/* An offset near `base`, laps away in a loop, or very far (1e7 to 1e9 points). */
static double far_offset(double base, double period, int extreme) {
  double offset = base;
  int how = ri(6);
  if (how == 0) offset = num(-300, 300);
  if (how == 1 && period > 0) offset = base + (double)(ri(9) - 4) * period + num(0, period);
  if (how == 2 && period > 0) offset = base + (double)(int64_t)fr(-1e6, 1e6) * period + num(0, 50);
  if (how == 3) offset = num(-50, 3000);
  if (how == 4) offset = base + num(-500, 500) + 0.37;
  if (how == 5 || (extreme && chance(0.5))) {
    double sign = chance(0.5) ? 1 : -1;
    double magnitude = num(1e7, 1e9);
    offset = sign * magnitude + (chance(0.5) ? 0.3 : 0);
  }
  return offset;
}

static int apply_op(sl_layout *layout, const op *o) {
  switch (o->type) {
    case OP_REPORT:
      return sl_layout_report_item_size(layout, o->container, o->index, o->a, o->b, NULL);
    case OP_OFFSET: return sl_layout_set_scroll_offset(layout, o->container, o->a);
    case OP_REPORT_SUPPLEMENTARY: {
      int32_t kind;
      int status = sl_layout_find_element_kind(layout, kind_names[o->index], &kind);
      if (status != SL_OK) return status;
      return sl_layout_report_supplementary_size(layout, o->container, kind, o->a, o->b, NULL);
    }
    case OP_REPORT_BATCH: {
      sl_size *sizes = malloc(sizeof(sl_size) * (size_t)o->count);
      if (sizes == NULL) abort();
      /* Cells 5 to 7 of every 13 measured 0 by 0: runs of repetitions 0 long, whose cells lie
       * on the edge of a rect that starts or ends where they are (review 10). */
      for (int64_t i = 0; i < o->count; i++)
        sizes[i] = i % 13 >= 5 && i % 13 <= 7
                       ? (sl_size){0, 0}
                       : (sl_size){o->a + (double)i / 7, o->b + (double)(i % 13) * 3.3};
      int status = sl_layout_report_item_sizes(layout, o->container, o->index, sizes,
                                               (size_t)o->count, NULL);
      free(sizes);
      return status;
    }
    default: return SL_EINVAL;
  }
}

static int loop_active(const sl_layout *layout, int32_t container, sl_loop_info *info) {
  memset(info, 0, sizeof *info);
  return sl_layout_get_loop_info(layout, container, info) == SL_OK && info->active;
}

/* Reported sizes (always for self-sizing sections, sometimes for others), then an offset for
 * each orthogonal section and the main scroll. */
static void generate_ops(scenario *sc, const sl_layout *layout) {
  for (int32_t s = 0; s < sc->section_count; s++) {
    int64_t n = sc->item_count[s];
    if (n == 0) continue;
    if (sc->self_sizing[s] || chance(0.1)) {
      int reports = ri(30);
      for (int i = 0; i < reports; i++) {
        int64_t index =
            n <= 60 ? ri((int)n) : (chance(0.5) ? ri(60) : (int64_t)(u01() * (double)n));
        if (index >= n) index = n - 1;
        double w = num(1, 300) + (double)index / 7, h = num(1, 200) + (double)index * 0.33;
        if (sc->extreme && chance(0.2)) {
          w = chance(0.5) ? 1e-3 : 1e5;
          h = chance(0.5) ? 1e-3 : 1e5;
        }
        add_op(sc, (op){OP_REPORT, s, index, w, h, 0});
      }
      if (chance(0.2) && n > 3) {
        double w = num(10, 120);
        double h = num(10, 90);
        add_op(sc, (op){OP_REPORT_BATCH, s, 0, w, h, n < 40 ? n : 40});
      }
    }
    if (chance(0.15)) {
      int kind = ri(2);
      double w = num(5, 300);
      double h = num(5, 80);
      add_op(sc, (op){OP_REPORT_SUPPLEMENTARY, s, kind, w, h, 0});
    }
  }
  for (int32_t s = 0; s < sc->section_count; s++) {
    if (!sc->orthogonal[s]) continue;
    sl_loop_info info;
    loop_active(layout, s, &info);
    double base = num(0, 500);
    double offset = far_offset(base, info.period > 0 ? info.period : 0, sc->extreme);
    add_op(sc, (op){OP_OFFSET, s, 0, offset, 0, 0});
  }
  sl_loop_info info;
  loop_active(layout, SL_SCROLL_MAIN, &info);
  sl_size content = {0, 0};
  sl_layout_get_content_size(layout, &content);
  double length = sc->horizontal ? content.width : content.height;
  double base = num(-100, length + 100);
  add_op(sc, (op){OP_OFFSET, SL_SCROLL_MAIN, 0, far_offset(base, info.period, sc->extreme), 0, 0});
}

/* --- a run's state ---------------------------------------------------------------------------- */

typedef struct {
  long seeds, layouts, rejected, ops, failed_ops, skipped_rects, errors, slow;
  long checks_a, checks_b, checks_b2, checks_c, checks_d;
  long fails_a, fails_b, fails_b2, duplicates_c, fails_d;
  double slowest_query;
} stats;

static stats st;
static int verbose;
static uint64_t current_seed;
static const scenario *current;
static int reports;                    /* failures printed for this seed */
static int report_limit = MAX_REPORTS; /* a replay prints them all */
static const char *scenario_dir;

typedef struct {
  sl_element *items;
  size_t count, capacity;
} list;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void reserve(list *l, size_t capacity) {
  if (capacity <= l->capacity) return;
  l->capacity = capacity;
  l->items = realloc(l->items, capacity * sizeof(sl_element));
  if (l->items == NULL) abort();
}

static void print_rect(const char *label, sl_rect r) {
  printf("%s x " G " y " G " w " G " h " G, label, r.x, r.y, r.width, r.height);
}

static int query(const sl_layout *layout, sl_rect rect, list *l) {
  size_t count = 0;
  reserve(l, 256);
  double start = now();
  int status = sl_layout_get_elements_in_rect(layout, rect, l->items, l->capacity, &count);
  if (status == SL_EBUFS || (status == SL_OK && count > l->capacity)) {
    reserve(l, count + 16);
    status = sl_layout_get_elements_in_rect(layout, rect, l->items, l->capacity, &count);
  }
  double seconds = now() - start;
  if (seconds > st.slowest_query) st.slowest_query = seconds;
  /* Not a failure: a slow query is reported so that it can be looked at. */
  if (seconds > 2.0) {
    st.slow++;
    printf("SLOW seed %" PRIu64 ": query %.3f s,", current_seed, seconds);
    print_rect(" rect", rect);
    printf("\n");
  }
  l->count = status == SL_OK ? count : 0;
  return status;
}

static int compare_elements(const void *pa, const void *pb) {
  const sl_element *a = pa, *b = pb;
  if (a->category != b->category) return a->category < b->category ? -1 : 1;
  if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
  if (a->section != b->section) return a->section < b->section ? -1 : 1;
  if (a->item != b->item) return a->item < b->item ? -1 : 1;
  if (a->copy != b->copy) return a->copy < b->copy ? -1 : 1;
  return memcmp(&a->frame, &b->frame, sizeof a->frame);
}

static int same_key(const sl_element *a, const sl_element *b) {
  return a->category == b->category && a->kind == b->kind && a->section == b->section &&
         a->item == b->item && a->copy == b->copy;
}

static void print_element(const char *label, const sl_element *e) {
  printf("    %s category %d kind %d section %d item %" PRId64 " copy %d flags %u x " G " y " G
         " w " G " h " G "\n",
         label, e->category, e->kind, e->section, e->item, e->copy, e->flags, e->frame.x,
         e->frame.y, e->frame.width, e->frame.height);
}

/* Creates the directory and its parents, as mkdir -p does. */
static int make_directories(const char *path) {
  char buffer[4096];
  if (snprintf(buffer, sizeof buffer, "%s", path) >= (int)sizeof buffer) return -1;
  for (char *p = buffer + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(buffer, 0755) != 0 && errno != EEXIST) return -1;
    *p = '/';
  }
  return mkdir(buffer, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

/* The scenario file of a failure: the configuration on one line, the calls, R, and r if any. */
static void write_scenario(const char *why, sl_rect big, const sl_rect *small) {
  char path[4096];
  if (scenario_dir == NULL) return;
  if (make_directories(scenario_dir) != 0) {
    printf("  (cannot create %s: %s)\n", scenario_dir, strerror(errno));
    return;
  }
  snprintf(path, sizeof path, "%s/%" PRIu64 "_%d.scn", scenario_dir, current_seed, reports);
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    printf("  (cannot write %s: %s)\n", path, strerror(errno));
    return;
  }
  fprintf(f, "%s\n", current->json);
  for (int i = 0; i < current->op_count; i++) {
    const op *o = &current->ops[i];
    fprintf(f, "OP %d %d %" PRId64 " " G " " G " %" PRId64 "\n", o->type, o->container, o->index,
            o->a, o->b, o->count);
  }
  fprintf(f, "BIG " G " " G " " G " " G "\n", big.x, big.y, big.width, big.height);
  if (small)
    fprintf(f, "SMALL " G " " G " " G " " G "\n", small->x, small->y, small->width, small->height);
  fprintf(f, "WHY %s\nSEED %" PRIu64 "\n", why, current_seed);
  fclose(f);
  printf("  scenario: %s\n", path);
}

/* --- the oracles ------------------------------------------------------------------------------ */

/* Prints where two sorted answers part, up to eight elements. */
static void print_difference(const list *all, const list *got, const list *expected,
                             sl_rect small) {
  size_t i = 0, j = 0;
  for (int shown = 0; (i < got->count || j < expected->count) && shown < 8;) {
    int c = i >= got->count        ? 1
            : j >= expected->count ? -1
                                   : compare_elements(&got->items[i], &expected->items[j]);
    if (c == 0) {
      i++;
      j++;
      continue;
    }
    shown++;
    if (c > 0) {
      print_element("MISSING (from r's answer):", &expected->items[j++]);
      continue;
    }
    const sl_element *extra = &got->items[i++];
    print_element("EXTRA (in r's answer only):", extra);
    int known = 0;
    for (size_t k = 0; k < all->count; k++)
      if (same_key(&all->items[k], extra)) {
        print_element("   R has it as:", &all->items[k]);
        known = 1;
      }
    if (!known)
      printf("       (not in R's answer; meets r by the rule: %d)\n",
             test_intersects(extra->frame, small));
  }
}

/* Oracle A on one small rect; returns 1 on a failure. */
static int check_a(const sl_layout *layout, const list *all, sl_rect big, sl_rect small, list *got,
                   list *expected) {
  int status = query(layout, small, got);
  if (status != SL_OK) {
    st.errors++;
    if (reports++ < report_limit) {
      printf("ERROR seed %" PRIu64 ": query status %d (%s),", current_seed, status,
             sl_status_string(status));
      print_rect(" rect", small);
      printf(": %s [%s]\n", sl_error_last()->message, sl_error_last()->path);
    }
    return 1;
  }
  st.checks_a++;
  expected->count = 0;
  for (size_t i = 0; i < all->count; i++) {
    if (!test_intersects(all->items[i].frame, small)) continue;
    reserve(expected, expected->count * 2 + 64);
    expected->items[expected->count++] = all->items[i];
  }
  qsort(got->items, got->count, sizeof(sl_element), compare_elements);
  qsort(expected->items, expected->count, sizeof(sl_element), compare_elements);
  int bad = got->count != expected->count;
  for (size_t i = 0; !bad && i < got->count; i++)
    bad = compare_elements(&got->items[i], &expected->items[i]) != 0;
  if (!bad) return 0;
  st.fails_a++;
  if (reports++ < report_limit) {
    printf("FAIL-A seed %" PRIu64 ":", current_seed);
    print_rect(" rect", small);
    print_rect(" (R", big);
    printf("): got %zu, expected %zu\n", got->count, expected->count);
    print_difference(all, got, expected, small);
    write_scenario("A", big, &small);
  }
  return 1;
}

/* Oracle C on R's answer: counted, never a failure (the header's `copy` field). */
static void check_c(const list *all, list *sorted) {
  reserve(sorted, all->count);
  memcpy(sorted->items, all->items, all->count * sizeof(sl_element));
  sorted->count = all->count;
  qsort(sorted->items, sorted->count, sizeof(sl_element), compare_elements);
  st.checks_c++;
  for (size_t i = 1; i < sorted->count; i++)
    if (same_key(&sorted->items[i - 1], &sorted->items[i])) {
      st.duplicates_c++;
      if (verbose) {
        printf("duplicate key (known limitation):\n");
        print_element("", &sorted->items[i - 1]);
        print_element("", &sorted->items[i]);
      }
      return;
    }
}

/* The lap a loop's offset is in: the shift to its canonical offset, in periods. */
static int64_t lap_of(const sl_layout *layout, int32_t container, double period) {
  double offset = 0, canonical = 0, shift = 0;
  sl_layout_get_scroll_offset(layout, container, &offset);
  sl_layout_get_canonical_offset(layout, container, offset, &canonical, &shift);
  return (int64_t)llround(shift / period);
}

/* Where the loops are: main_loop, and per section whether it loops and the lap it is at. */
typedef struct {
  int main_loop;
  int64_t main_lap;
  int section_loop[MAX_SECTIONS];
  int64_t section_lap[MAX_SECTIONS];
} loops;

/* Oracles B and B2 on R's answer; returns the failures (printed up to MAX_REPORTS). */
static int check_b(const sl_layout *layout, const loops *lp, const list *all, sl_rect big) {
  int failures = 0;
  for (size_t i = 0; i < all->count; i++) {
    const sl_element *e = &all->items[i];
    if (e->category != SL_ELEMENT_CELL) continue;
    int section_loop = e->section < MAX_SECTIONS ? lp->section_loop[e->section] : 0;
    /* In two loops at once the copy is not one lap (oracle C's limitation). */
    if (lp->main_loop && section_loop) continue;
    int in_loop = lp->main_loop || section_loop;
    int64_t lap = lp->main_loop ? lp->main_lap : section_loop ? lp->section_lap[e->section] : 0;
    if (in_loop && e->copy != lap) continue;
    sl_rect frame;
    int status = sl_layout_get_item_frame(layout, e->section, e->item, &frame);
    long *checks = in_loop ? &st.checks_b2 : &st.checks_b;
    long *fails = in_loop ? &st.fails_b2 : &st.fails_b;
    ++*checks;
    if (status == SL_OK && memcmp(&frame, &e->frame, sizeof frame) == 0) continue;
    ++*fails;
    failures++;
    if (reports++ < report_limit) {
      printf("FAIL-B%s seed %" PRIu64 ": status %d;", in_loop ? "2" : "", current_seed, status);
      print_rect(" item frame", frame);
      printf(" (lap %" PRId64 ")\n", lap);
      print_element("rect answer:", e);
      write_scenario(in_loop ? "B2" : "B", big, NULL);
    }
  }
  return failures;
}

/* Oracle D: seven frames around a cell of R's answer in one batch, then one by one. */
static void check_d(const sl_layout *layout, const sl_element *e) {
  if (e->category != SL_ELEMENT_CELL) return;
  int64_t first = e->item > 3 ? e->item - 3 : 0, n = 7, items = 0;
  sl_layout_get_item_count(layout, e->section, &items);
  if (first + n > items) n = items - first;
  sl_rect batch[7];
  if (n <= 0 || sl_layout_get_item_frames(layout, e->section, first, n, batch) != SL_OK) return;
  for (int64_t k = 0; k < n; k++) {
    sl_rect one;
    sl_layout_get_item_frame(layout, e->section, first + k, &one);
    st.checks_d++;
    if (memcmp(&one, &batch[k], sizeof one) == 0) continue;
    st.fails_d++;
    if (reports++ < report_limit) {
      printf("FAIL-D seed %" PRIu64 ": section %d item %" PRId64 ",", current_seed, e->section,
             first + k);
      print_rect(" item frame", one);
      print_rect(", in a batch", batch[k]);
      printf("\n");
    }
  }
}

/* --- the small rects -------------------------------------------------------------------------- */

/* v an ulp down (a = 0), v (1), or an ulp up (2). */
static double around(double v, int a) {
  return a == 0 ? nextafter(v, -DBL_MAX) : a == 2 ? nextafter(v, DBL_MAX) : v;
}

/* A span on one axis that starts or ends at, or an ulp around, an edge of e. */
static void span_from(const sl_element *e, int axis, double *start, double *length) {
  double low = axis ? e->frame.y : e->frame.x, size = axis ? e->frame.height : e->frame.width;
  double edge = ri(2) ? low : low + size;
  double at = around(edge, ri(3));
  double l;
  switch (ri(7)) {
    case 0: l = 0; break;
    case 1: l = 1; break;
    case 2: l = fr(0, 3 * size + 1); break;
    case 3: l = size; break;
    case 4: l = around(size, ri(2) * 2); break;
    case 5: l = num(0, 50); break;
    default: l = 0.5; break;
  }
  if (!(l >= 0)) l = 0;
  *start = ri(3) == 0 ? at - l : at;
  *length = l;
}

/* Only rects well inside R: R's answer is the reference. */
static int inside(sl_rect r, sl_rect big) {
  return r.x > big.x + 1 && r.y > big.y + 1 && r.x + r.width < big.x + big.width - 1 &&
         r.y + r.height < big.y + big.height - 1;
}

/* Rects of length 0, 1, 1 ending there and random, on each edge of e and an ulp either side,
 * across the element with room to spare. */
static int edge_rects(const sl_layout *layout, const list *all, sl_rect big, const sl_element *e,
                      list *got, list *expected) {
  int failures = 0;
  for (int axis = 0; axis < 2; axis++)
    for (int end = 0; end < 2; end++)
      for (int a = 0; a < 3; a++) {
        double low = axis ? e->frame.y : e->frame.x, size = axis ? e->frame.height : e->frame.width;
        double at = around(end ? low + size : low, a);
        double cross = (axis ? e->frame.x : e->frame.y) - 20;
        double cross_length = (axis ? e->frame.width : e->frame.height) + 40;
        for (int v = 0; v < 4; v++) {
          double start = v == 2 ? at - 1 : at;
          double span = v == 0 ? 0 : v == 3 ? fr(0, 2 * size + 1) : 1;
          sl_rect r = axis ? (sl_rect){cross, start, cross_length, span}
                           : (sl_rect){start, cross, span, cross_length};
          if (inside(r, big)) failures += check_a(layout, all, big, r, got, expected);
        }
      }
  return failures;
}

/* A rect on the edges of e on both axes, or of e on one and another element on the other. */
static sl_rect corner_rect(const list *all, const sl_element *e, int style) {
  const sl_element *other = style == 1 ? e : &all->items[ri((int)all->count)];
  sl_rect r;
  span_from(e, 0, &r.x, &r.width);
  span_from(other, 1, &r.y, &r.height);
  if (ri(2)) {
    span_from(e, 1, &r.y, &r.height);
    span_from(other, 0, &r.x, &r.width);
  }
  if (style == 3 && ri(2)) {
    /* The element's own frame, or it moved by an ulp. */
    r = e->frame;
    if (ri(2)) r.x = around(r.x, ri(3));
    if (ri(2)) r.y = around(r.y, ri(3));
  }
  return r;
}

/* --- one layout ------------------------------------------------------------------------------- */

/* A large rect: a window along the main axis (at the visible content, laps away in a loop, or
 * anywhere), wide across it, halved until it holds at most 60,000 elements. */
static int large_rect(const sl_layout *layout, const loops *lp, double period, sl_rect *big) {
  sl_size content, size;
  sl_layout_get_content_size(layout, &content);
  sl_layout_get_container_size(layout, &size);
  double offset = 0;
  sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset);
  int h = current->horizontal;
  double length = h ? content.width : content.height, across = h ? content.height : content.width;
  double visible_length = h ? size.width : size.height;
  double visible = (h && current->right_to_left) ? length - offset - visible_length / 2
                                                 : offset + visible_length / 2;
  double orthogonal_reach = 0;
  int32_t sections = 0;
  sl_layout_get_section_count(layout, &sections);
  for (int32_t s = 0; s < sections && s < MAX_SECTIONS; s++) {
    sl_section_info info;
    if (sl_layout_get_section_info(layout, s, &info) == SL_OK &&
        info.orthogonal_scrolling_behavior) {
      double reach = fabs(info.orthogonal_offset) + info.orthogonal_content_length;
      if (reach > orthogonal_reach) orthogonal_reach = reach;
    }
  }
  double center;
  int where = ri(4);
  if (where <= 1)
    center = visible + (where ? fr(-visible_length, visible_length) : 0);
  else if ((where == 2 || chance(0.7)) && lp->main_loop) {
    int laps = ri(7) - 3;
    center = visible + laps * period + fr(0, period);
  } else
    center = fr(-50, length + 50);
  double half = fr(0.6, 2.5) * visible_length + 200;
  if (!lp->main_loop && chance(0.3) && length < 20000) {
    center = length / 2;
    half = length / 2 + 300;
  }
  if (lp->main_loop && half > 20 * period) half = 20 * period;
  double margin = ri(3) == 0 ? 60 : across + 500;
  if (chance(0.1) && orthogonal_reach > 0) margin = orthogonal_reach + across + 500;
  double m0 = center - half, m1 = center + half, c0 = -margin, c1 = across + margin;
  *big = h ? (sl_rect){m0, c0, m1 - m0, c1 - c0} : (sl_rect){c0, m0, c1 - c0, m1 - m0};
  for (int tries = 0; tries <= 40; tries++) {
    size_t count = 0;
    int status = sl_layout_get_elements_in_rect(layout, *big, NULL, 0, &count);
    if ((status == SL_OK || status == SL_EBUFS) && count <= 60000) return 1;
    if (big->width >= big->height) {
      big->x += big->width / 4;
      big->width /= 2;
    } else {
      big->y += big->height / 4;
      big->height /= 2;
    }
  }
  return 0;
}

static void check_layout(scenario *sc) {
  current = sc;
  sl_layout *layout = NULL;
  int status = sl_layout_create(sc->json, strlen(sc->json), &layout);
  if (status != SL_OK) {
    /* The generator writes some configurations the library refuses (an item wider than its
     * group, say): counted, not a failure. */
    st.rejected++;
    if (verbose)
      printf("refused: %d %s [%s]\n", status, sl_error_last()->message, sl_error_last()->path);
    return;
  }
  st.layouts++;
  if (sc->op_count == 0) generate_ops(sc, layout);
  for (int i = 0; i < sc->op_count; i++) {
    st.ops++;
    /* Reports the layout refuses (a size for a section that does not self-size) are part of
     * the test: the layout must stay consistent. */
    if ((status = apply_op(layout, &sc->ops[i])) == SL_OK) continue;
    st.failed_ops++;
    if (verbose)
      printf("op %d (type %d) refused: %d %s\n", i, sc->ops[i].type, status,
             sl_error_last()->message);
  }

  loops lp = {0};
  sl_loop_info main_info;
  lp.main_loop = loop_active(layout, SL_SCROLL_MAIN, &main_info);
  lp.main_lap = lp.main_loop ? lap_of(layout, SL_SCROLL_MAIN, main_info.period) : 0;
  for (int32_t s = 0; s < sc->section_count; s++) {
    sl_loop_info info;
    lp.section_loop[s] = sc->orthogonal[s] && loop_active(layout, s, &info);
    if (lp.section_loop[s]) lp.section_lap[s] = lap_of(layout, s, info.period);
  }
  if (verbose)
    printf("main loop %d, period " G ", lap %" PRId64 "\n", lp.main_loop, main_info.period,
           lp.main_lap);

  list all = {0}, got = {0}, expected = {0};
  int big_rects = 1 + ri(3);
  for (int k = 0; k < big_rects; k++) {
    sl_rect big;
    if (!large_rect(layout, &lp, main_info.period, &big)) {
      st.skipped_rects++;
      continue;
    }
    status = query(layout, big, &all);
    if (verbose) {
      print_rect("R", big);
      printf(": status %d, %zu elements\n", status, all.count);
    }
    if (status != SL_OK) {
      st.skipped_rects++;
      /* SL_ERANGE is the documented answer for a rect too far out to be exact. */
      if (status != SL_ERANGE) {
        st.errors++;
        printf("ERROR seed %" PRIu64 ": R query status %d: %s\n", current_seed, status,
               sl_error_last()->message);
      }
      continue;
    }
    if (all.count == 0) continue;
    check_c(&all, &got);
    check_b(layout, &lp, &all, big);
    if (chance(0.5)) check_d(layout, &all.items[ri((int)all.count)]);
    int small_rects = (int)(all.count < 40 ? all.count : 40);
    int failures = 0;
    for (int i = 0; i < small_rects && failures < 3; i++) {
      const sl_element *e = &all.items[ri((int)all.count)];
      int style = ri(4);
      if (style == 0) {
        failures += edge_rects(layout, &all, big, e, &got, &expected);
        continue;
      }
      sl_rect r = corner_rect(&all, e, style);
      if (inside(r, big)) failures += check_a(layout, &all, big, r, &got, &expected);
    }
  }
  free(all.items);
  free(got.items);
  free(expected.items);
  sl_layout_destroy(layout);
}

static void run_seed(uint64_t seed) {
  static scenario sc;
  current_seed = seed;
  reports = 0;
  generate(&sc, seed);
  if (verbose) printf("%s\n", sc.json);
  check_layout(&sc);
  free(sc.json);
  st.seeds++;
}

/* --- replaying a scenario file ---------------------------------------------------------------- */

static int load(const char *path, scenario *sc, sl_rect *big, sl_rect *small, int *has_small) {
  FILE *f = fopen(path, "r");
  if (f == NULL) return -1;
  memset(sc, 0, sizeof *sc);
  char *line = NULL;
  size_t capacity = 0;
  if (getline(&line, &capacity, f) <= 0) {
    fclose(f);
    free(line);
    return -1;
  }
  line[strcspn(line, "\n")] = '\0';
  sc->json = strdup(line);
  sc->horizontal = strstr(line, "\"scrollDirection\": \"horizontal\"") != NULL;
  sc->right_to_left = strstr(line, "rightToLeft") != NULL;
  while (getline(&line, &capacity, f) > 0) {
    op o;
    if (sscanf(line, "OP %d %" SCNd32 " %" SCNd64 " %lf %lf %" SCNd64, &o.type, &o.container,
               &o.index, &o.a, &o.b, &o.count) == 6)
      add_op(sc, o);
    else if (sscanf(line, "BIG %lf %lf %lf %lf", &big->x, &big->y, &big->width, &big->height) == 4)
      continue;
    else if (sscanf(line, "SMALL %lf %lf %lf %lf", &small->x, &small->y, &small->width,
                    &small->height) == 4)
      *has_small = 1;
    else
      sscanf(line, "SEED %" SCNu64, &current_seed);
  }
  fclose(f);
  free(line);
  return 0;
}

/* Makes the file's calls, then checks A on its (R, r) and B, B2 and C on R's answer. */
static int replay(const char *path) {
  static scenario sc;
  sl_rect big = {0}, small = {0};
  int has_small = 0;
  if (load(path, &sc, &big, &small, &has_small) != 0) {
    fprintf(stderr, "rect_soak: cannot read %s\n", path);
    return 2;
  }
  current = &sc;
  verbose = 1;
  sl_layout *layout = NULL;
  int status = sl_layout_create(sc.json, strlen(sc.json), &layout);
  if (status != SL_OK) {
    printf("refused: %d %s\n", status, sl_error_last()->message);
    free(sc.json);
    return 2;
  }
  for (int i = 0; i < sc.op_count; i++)
    if ((status = apply_op(layout, &sc.ops[i])) != SL_OK)
      printf("op %d refused: %d %s\n", i, status, sl_error_last()->message);
  loops lp = {0};
  sl_loop_info info;
  lp.main_loop = loop_active(layout, SL_SCROLL_MAIN, &info);
  lp.main_lap = lp.main_loop ? lap_of(layout, SL_SCROLL_MAIN, info.period) : 0;
  for (int32_t s = 0; s < MAX_SECTIONS; s++) {
    lp.section_loop[s] = loop_active(layout, s, &info);
    if (lp.section_loop[s]) lp.section_lap[s] = lap_of(layout, s, info.period);
  }
  list all = {0}, got = {0}, expected = {0};
  int bad = 0;
  report_limit = INT_MAX;
  scenario_dir = NULL; /* the file is already there */
  if ((status = query(layout, big, &all)) != SL_OK) {
    printf("R: status %d: %s\n", status, sl_error_last()->message);
    bad = 1;
  } else {
    printf("R answer: %zu elements\n", all.count);
    if (has_small && check_a(layout, &all, big, small, &got, &expected) == 0)
      printf("A holds (%zu elements)\n", got.count);
    bad = check_b(layout, &lp, &all, big) > 0 || st.fails_a > 0 || st.errors > 0;
    check_c(&all, &got);
  }
  free(all.items);
  free(got.items);
  free(expected.items);
  free(sc.json);
  sl_layout_destroy(layout);
  printf(bad ? "REPRODUCED\n" : "clean\n");
  return bad;
}

/* --- main ------------------------------------------------------------------------------------- */

static void add_stats(stats *total, const stats *s) {
  total->seeds += s->seeds;
  total->layouts += s->layouts;
  total->rejected += s->rejected;
  total->ops += s->ops;
  total->failed_ops += s->failed_ops;
  total->skipped_rects += s->skipped_rects;
  total->errors += s->errors;
  total->slow += s->slow;
  total->checks_a += s->checks_a;
  total->checks_b += s->checks_b;
  total->checks_b2 += s->checks_b2;
  total->checks_c += s->checks_c;
  total->checks_d += s->checks_d;
  total->fails_a += s->fails_a;
  total->fails_b += s->fails_b;
  total->fails_b2 += s->fails_b2;
  total->duplicates_c += s->duplicates_c;
  total->fails_d += s->fails_d;
  if (s->slowest_query > total->slowest_query) total->slowest_query = s->slowest_query;
}

static long failures_of(const stats *s) {
  return s->fails_a + s->fails_b + s->fails_b2 + s->fails_d + s->errors;
}

static void print_totals(const stats *t, long crashes, long hangs, double seconds) {
  printf(
      "TOTAL seeds %ld layouts %ld refused %ld | A %ld fails / %ld checks | B %ld / %ld | "
      "B2 %ld / %ld | D %ld / %ld | errors %ld crashes %ld hangs %ld | C duplicates (known, "
      "not failures) %ld / %ld | calls %ld refused %ld | skipped R %ld slow %ld slowest "
      "query %.4f s | %.1f s\n",
      t->seeds, t->layouts, t->rejected, t->fails_a, t->checks_a, t->fails_b, t->checks_b,
      t->fails_b2, t->checks_b2, t->fails_d, t->checks_d, t->errors, crashes, hangs,
      t->duplicates_c, t->checks_c, t->ops, t->failed_ops, t->skipped_rects, t->slow,
      t->slowest_query, seconds);
}

/* One child per seed: a crash or a hang loses that seed, not the run. */
static int run_seeds(uint64_t first, uint64_t count) {
  stats total = {0};
  long crashes = 0, hangs = 0;
  double start = now();
  for (uint64_t seed = first; seed < first + count; seed++) {
    int pipe_ends[2];
    if (pipe(pipe_ends) != 0) {
      perror("rect_soak: pipe");
      return 2;
    }
    fflush(stdout);
    pid_t child = fork();
    if (child < 0) {
      perror("rect_soak: fork");
      return 2;
    }
    if (child == 0) {
      close(pipe_ends[0]);
      alarm(SEED_SECONDS * time_scale());
      memset(&st, 0, sizeof st);
      run_seed(seed);
      fflush(stdout);
      _exit(write(pipe_ends[1], &st, sizeof st) == (ssize_t)sizeof st ? 0 : 3);
    }
    close(pipe_ends[1]);
    stats s;
    size_t got = 0;
    ssize_t k;
    while (got < sizeof s && (k = read(pipe_ends[0], (char *)&s + got, sizeof s - got)) > 0)
      got += (size_t)k;
    close(pipe_ends[0]);
    int status;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
      hangs++;
      printf("HANG seed %" PRIu64 " (over %d s)\n", seed, SEED_SECONDS * time_scale());
      continue;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || got != sizeof s) {
      crashes++;
      printf("CRASH seed %" PRIu64 " (wait status 0x%x)\n", seed, (unsigned)status);
      continue;
    }
    add_stats(&total, &s);
    if (failures_of(&s) > 0)
      printf("SEEDFAIL %" PRIu64 " A %ld B %ld B2 %ld D %ld errors %ld\n", seed, s.fails_a,
             s.fails_b, s.fails_b2, s.fails_d, s.errors);
  }
  print_totals(&total, crashes, hangs, now() - start);
  return failures_of(&total) > 0 || crashes > 0 || hangs > 0;
}

static int usage(void) {
  fprintf(stderr,
          "usage: rect_soak [--dir DIR] FIRST COUNT\n"
          "       rect_soak --one SEED\n"
          "       rect_soak --replay FILE\n"
          "Scenario files of failures go to DIR (SL_RECT_SOAK_DIR, default "
          "build/rect-soak-failures).\n");
  return 2;
}

static int parse_seed(const char *text, uint64_t *value) {
  char *end;
  errno = 0;
  *value = strtoull(text, &end, 10);
  return errno == 0 && end != text && *end == '\0' && text[0] != '-';
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  scenario_dir = getenv("SL_RECT_SOAK_DIR");
  if (scenario_dir == NULL || scenario_dir[0] == '\0') scenario_dir = "build/rect-soak-failures";
  uint64_t first, count;
  if (argc == 3 && strcmp(argv[1], "--replay") == 0) return replay(argv[2]);
  if (argc == 3 && strcmp(argv[1], "--one") == 0) {
    if (!parse_seed(argv[2], &first)) return usage();
    verbose = 1;
    double start = now();
    run_seed(first);
    print_totals(&st, 0, 0, now() - start);
    return failures_of(&st) > 0;
  }
  int arg = 1;
  if (argc == 5 && strcmp(argv[1], "--dir") == 0) {
    scenario_dir = argv[2];
    arg = 3;
  }
  if (argc != arg + 2 || !parse_seed(argv[arg], &first) || !parse_seed(argv[arg + 1], &count))
    return usage();
  return run_seeds(first, count);
}
