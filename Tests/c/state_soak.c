/*
 * state_soak.c — a random differential driver of the self-sizing / data-change state machine.
 *
 * Each seed builds a random layout (compositional lists, grids, nested groups, uniform cells,
 * orthogonal carousels of every behaviour, boundary headers/footers (some pinned), decorations,
 * badges; or a flow layout with itemSize or estimatedItemSize), either scroll direction, left to
 * right or right to left; then runs 20..200 random steps of the calls real apps make (item size
 * reports, batch reports, resets, flow set_item_sizes, header sizes, item inserts/deletes/moves/
 * counts, section inserts/deletes/moves/replacements, offsets, container sizes, do-then-undo
 * pairs and misuse). After every step it checks:
 *
 *   status   every call returns SL_OK or the documented error with code, message and path;
 *            a refused call changes nothing (bit for bit)
 *   measured sl_layout_get_measured_size equals the sizes the driver's model says the item has
 *   frames   get_item_frame == get_item_frames == the cell's frame in a whole-content rect query
 *   rects    random viewports answer exactly the whole answer filtered by the header's rule
 *   content  the content size equals the report's and the last section's end along the main axis
 *   fresh    a layout created anew from the same configuration, container, measured/given sizes
 *            (in a random order: batch, item order, shuffled) and offsets answers identically,
 *            bit for bit (SELF-SIZING.md rule 14, "Many sizes at once", rule 10)
 *   undo     report-reset, insert-delete, move-and-back, container A->B->A give back every frame,
 *            the content size and the offsets bit for bit (SELF-SIZING.md rules 7 and 14)
 *
 *   The undo offsets are not judged where SELF-SIZING.md rule 7 and SNAPPING.md "Through layout
 *   changes" allow another answer: an offset on or outside a bound before, or clamped or at rest
 *   (within half a point of a rest position or inside a long unit's range) between the two
 *   changes; the first change moving the anchor (the first item of the repetition at the leading
 *   edge) out of the repetition at the new leading edge (a new run begins); orthogonal offsets
 *   through cross-section moves; flow layouts (the anchor is a line's first item; lines are not
 *   modelled here).
 *
 *   state_soak FIRST COUNT [SECONDS]   seeds FIRST..FIRST+COUNT-1, each in a forked child
 *   state_soak --one SEED [v]          one seed in-process (v: print the JSON and the calls)
 *   SOAK_NO_ZERO=1                     never report a measured length of 0
 *   Failure scenarios (JSON + the calls as C) go to build/state-soak-failures/SEED.txt.
 *
 * Build and run: `make state-soak` (FIRST, SEEDS; docs/TESTING-MODEL.md, "The state soak"). Not in
 * `make test`: a long run. It found review 10's wrong answers (cells measured 0 long missed on a
 * rect's edge, Tests/c/test_rect_edges.c). Seed 756829 reported an undo of an orthogonal offset
 * that rule 7 lets move: its edge lay in the spacing after a cell, which the soak took for no
 * repetition's while rule 7 takes it for that cell's; the cell shrunk, another came to the edge
 * and began a new run. The soak now names the repetition at the edge as rule 7 does.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "snaplayout.h"

#define G "%.17g"
#define MAXSEC 7
#define MAXITEMS 240
#define MAXKINDS 2
#define BODY 3000

#include "soak_random.h"
static double num(double lo, double hi) {
  double v = fr(lo, hi);
  switch (ri(4)) {
    case 0: v = round(v); break;
    case 1: v = round(v * 4) / 4; break;
    case 2: v = round(v * 10) / 10; break;
    default: break;
  }
  if (v < lo) v = lo;
  return v;
}

/* ---- model ---- */
typedef struct { int has; double w, h; } msize;
static const char *KIND_NAMES[MAXKINDS] = {"header", "footer"};
typedef struct {
  char body[BODY];   /* section JSON after itemCount, starting with ", " or empty */
  int64_t count;
  int orth;          /* scrolls orthogonally */
  int has_kind[MAXKINDS];
  msize meas[MAXITEMS], given[MAXITEMS], sup[MAXKINDS];
} msec;
typedef struct {
  int horizontal, rtl, flow, flow_self;
  double fw, fh; /* flow item size or estimate (host orientation) */
  char head[BODY];
  int nsec;
  msec sec[MAXSEC];
  double cw, ch;
  double spacing;
} model;

static model M;
static sl_layout *L;

/* ---- stats, failure reporting ---- */
typedef struct { long seeds, steps, checks, failures, crashes, calls, refusals; } stats;
static stats *ST;
static uint64_t seed_now;
static int step_now;
static int failed_this_seed;
static int verbose;
static char *logbuf;
static size_t loglen, logcap;

static void logf_(const char *fmt, ...) {
  va_list ap;
  char tmp[8192];
  va_start(ap, fmt);
  int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (k < 0) return;
  if ((size_t)k >= sizeof tmp) k = sizeof tmp - 1;
  if (loglen + (size_t)k + 1 > logcap) {
    logcap = (loglen + (size_t)k + 1) * 2;
    logbuf = realloc(logbuf, logcap);
  }
  memcpy(logbuf + loglen, tmp, (size_t)k);
  loglen += (size_t)k;
  logbuf[loglen] = 0;
}

static char initial_json[200000];
static const char *cstr(const char *j) {
  static char o[2][20000];
  static int w;
  char *p = o[w++ & 1];
  size_t n = 0;
  for (; *j && n < sizeof o[0] - 3; j++) {
    if (*j == '"' || *j == '\\') p[n++] = '\\';
    p[n++] = *j;
  }
  p[n] = 0;
  return p;
}

static void fail(const char *cls, const char *fmt, ...) {
  ST->failures++;
  if (failed_this_seed++) return;
  char detail[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  printf("FAIL seed=%" PRIu64 " step=%d class=%s: %s\n", seed_now, step_now, cls, detail);
  fflush(stdout);
  char path[256];
  snprintf(path, sizeof path, "build/state-soak-failures/%" PRIu64 ".txt", seed_now);
  FILE *f = fopen(path, "w");
  if (f) {
    fprintf(f, "FAIL seed=%" PRIu64 " step=%d class=%s: %s\nJSON:\n%s\nSTEPS:\n%s\n", seed_now,
            step_now, cls, detail, initial_json, logbuf ? logbuf : "");
    fclose(f);
  }
  if (verbose) printf("JSON:\n%s\nSTEPS:\n%s\n", initial_json, logbuf ? logbuf : "");
}

#define CHECK(cond, cls, ...)          \
  do {                                 \
    ST->checks++;                      \
    if (!(cond)) fail(cls, __VA_ARGS__); \
  } while (0)

static int same_rect(sl_rect a, sl_rect b) {
  return memcmp(&a, &b, sizeof a) == 0 ||
         (a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height);
}
static int span_overlaps(double a, double length, double b, double ql) {
  if (length > 0) return a < b + ql && b < a + length;
  return b <= a && a < b + ql;
}
static int intersects(sl_rect e, sl_rect q) {
  return span_overlaps(e.x, e.width, q.x, q.width) && span_overlaps(e.y, e.height, q.y, q.height);
}

/* ---- JSON generation ---- */
typedef struct { char *p; size_t n, cap; } sb;
static void put(sb *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
  va_end(ap);
  if (k < 0 || (size_t)k >= b->cap - b->n) {
    fprintf(stderr, "json buffer overflow\n");
    abort();
  }
  b->n += (size_t)k;
}

/* dims: along the main axis (A) and across it (X) */
static char dbuf[16][64];
static int dslot;
static const char *D(const char *key, double v) {
  char *s = dbuf[dslot++ & 15];
  snprintf(s, 64, "{\"%s\": " G "}", key, v);
  return s;
}
static const char *fX(double f) { return D(M.horizontal ? "fractionalHeight" : "fractionalWidth", f); }
static const char *fA(double f) { return D(M.horizontal ? "fractionalWidth" : "fractionalHeight", f); }
static const char *EST(double v) { return D("estimated", v); }
static const char *ABS_(double v) { return D("absolute", v); }
static const char *UNI(double v) { return D("uniformAcrossSiblings", v); }
/* size from along, across */
static void size_(sb *b, const char *along, const char *across) {
  put(b, "{\"widthDimension\": %s, \"heightDimension\": %s}", M.horizontal ? along : across,
      M.horizontal ? across : along);
}
static const char *ROW(void) { return M.horizontal ? "vertical" : "horizontal"; }
static const char *STACK(void) { return M.horizontal ? "horizontal" : "vertical"; }
static void insets(sb *b, double most) {
  double t = chance(0.5) ? num(0, most) : 0, l = chance(0.5) ? num(0, most) : 0;
  double bo = chance(0.5) ? num(0, most) : 0, tr = chance(0.5) ? num(0, most) : 0;
  put(b, "{\"top\": " G ", \"leading\": " G ", \"bottom\": " G ", \"trailing\": " G "}", t, l, bo,
      tr);
}

static void badge(sb *b) {
  put(b, ", \"supplementaryItems\": [{\"elementKind\": \"badge\", \"layoutSize\": ");
  size_(b, ABS_(num(6, 20)), ABS_(num(6, 20)));
  put(b, ", \"containerAnchor\": {\"edges\": [\"top\", \"trailing\"], \"offset\": {\"x\": " G
         ", \"y\": " G "}}}]",
      num(-8, 8), num(-8, 8));
}

static void item(sb *b, const char *along, const char *across) {
  put(b, "{\"layoutSize\": ");
  size_(b, along, across);
  if (chance(0.25)) {
    put(b, ", \"contentInsets\": ");
    insets(b, 6);
  }
  if (chance(0.1)) badge(b);
  put(b, "}");
}

static void gen_comp_section(msec *s) {
  sb b = {s->body, 0, BODY};
  memset(s->has_kind, 0, sizeof s->has_kind);
  s->orth = 0;
  double a = num(20, 120);
  int t = ri(8);
  if (t == 7 || (t == 6 && chance(0.5))) {
    /* orthogonal carousel */
    static const char *beh[] = {"continuous", "continuousGroupLeadingBoundary", "paging",
                                "groupPaging", "groupPagingCentered"};
    s->orth = 1;
    put(&b, ", \"orthogonalScrollingBehavior\": \"%s\"", beh[ri(5)]);
    put(&b, ", \"group\": {\"group\": \"%s\", \"layoutSize\": ", chance(0.2) ? STACK() : ROW());
    int k = ri(4);
    if (k == 0) {
      double w = num(60, 200);
      size_(&b, ABS_(a), EST(w));
      put(&b, ", \"subitems\": [");
      item(&b, fA(1), EST(w));
    } else if (k == 1) {
      double w = num(60, 200);
      size_(&b, EST(a), EST(w));
      put(&b, ", \"subitems\": [");
      item(&b, EST(a), EST(w));
    } else if (k == 2) {
      size_(&b, EST(a), fX(num(0.3, 0.9)));
      put(&b, ", \"subitems\": [");
      item(&b, EST(a), fX(1));
    } else {
      size_(&b, ABS_(a), ABS_(num(60, 200)));
      put(&b, ", \"subitems\": [");
      item(&b, fA(1), fX(1));
    }
    put(&b, "]}");
  } else {
    put(&b, ", \"group\": {\"group\": \"%s\", \"layoutSize\": ", ROW());
    if (t <= 1) { /* list */
      size_(&b, EST(a), fX(1));
      if (chance(0.5)) {
        put(&b, ", \"subitem\": ");
        item(&b, EST(a), fX(1));
        put(&b, ", \"count\": 1}");
      } else {
        put(&b, ", \"subitems\": [");
        item(&b, EST(a), fX(1));
        put(&b, "]}");
      }
    } else if (t == 2) { /* grid, count */
      size_(&b, EST(a), fX(1));
      put(&b, ", \"subitem\": ");
      item(&b, EST(a), fX(1));
      put(&b, ", \"count\": %d", 2 + ri(3));
      if (chance(0.5)) put(&b, ", \"interItemSpacing\": {\"fixed\": " G "}", num(0, 10));
      put(&b, "}");
    } else if (t == 3) { /* grid, fit loop, absolute or estimated row */
      int n = 2 + ri(3);
      if (chance(0.5)) size_(&b, ABS_(a), fX(1));
      else size_(&b, EST(a), fX(1));
      put(&b, ", \"subitems\": [");
      item(&b, EST(num(20, 120)), fX(1.0 / n - 0.001));
      put(&b, "]}");
    } else if (t == 4) { /* uniform */
      size_(&b, EST(a), fX(1));
      put(&b, ", \"subitem\": ");
      item(&b, UNI(a), fX(1));
      put(&b, ", \"count\": %d}", 1 + ri(3));
    } else if (t == 5) { /* nested */
      size_(&b, EST(a), fX(1));
      put(&b, ", \"subitems\": [{\"group\": \"%s\", \"layoutSize\": ", STACK());
      size_(&b, EST(a), fX(0.5));
      put(&b, ", \"subitems\": [");
      item(&b, EST(num(20, 80)), fX(1));
      put(&b, ", ");
      item(&b, EST(num(20, 80)), fX(1));
      put(&b, "]}, ");
      item(&b, EST(a), fX(0.5));
      put(&b, "]}");
    } else { /* absolute list with estimated cell: overflow */
      size_(&b, ABS_(a), fX(1));
      put(&b, ", \"subitems\": [");
      item(&b, EST(a), fX(1));
      put(&b, "]}");
    }
  }
  if (chance(0.5)) put(&b, ", \"interGroupSpacing\": " G, num(0, 12));
  if (chance(0.4)) {
    put(&b, ", \"contentInsets\": ");
    insets(&b, 20);
  }
  if (chance(0.2)) put(&b, ", \"supplementariesFollowContentInsets\": false");
  int hdr = chance(0.5), ftr = chance(0.3);
  if (hdr || ftr) {
    put(&b, ", \"boundarySupplementaryItems\": [");
    if (hdr) {
      s->has_kind[0] = 1;
      put(&b, "{\"elementKind\": \"header\", \"alignment\": \"%s\", \"layoutSize\": ",
          M.horizontal ? "leading" : "top");
      size_(&b, chance(0.7) ? EST(num(20, 60)) : ABS_(num(20, 60)), fX(1));
      if (chance(0.4)) put(&b, ", \"pinToVisibleBounds\": true");
      put(&b, "}");
    }
    if (ftr) {
      s->has_kind[1] = 1;
      put(&b, "%s{\"elementKind\": \"footer\", \"alignment\": \"%s\", \"layoutSize\": ",
          hdr ? ", " : "", M.horizontal ? "trailing" : "bottom");
      size_(&b, chance(0.7) ? EST(num(20, 60)) : ABS_(num(20, 60)), fX(1));
      if (chance(0.3)) put(&b, ", \"pinToVisibleBounds\": true");
      put(&b, "}");
    }
    put(&b, "]");
  }
  if (chance(0.2)) put(&b, ", \"decorationItems\": [{\"elementKind\": \"bg\"}]");
}

static void gen_flow_section(msec *s) {
  sb b = {s->body, 0, BODY};
  memset(s->has_kind, 0, sizeof s->has_kind);
  s->orth = 0;
  if (chance(0.3)) put(&b, ", \"minimumLineSpacing\": " G, num(0, 20));
  if (chance(0.3)) put(&b, ", \"minimumInteritemSpacing\": " G, num(0, 20));
  if (chance(0.3))
    put(&b, ", \"sectionInset\": {\"top\": " G ", \"left\": " G ", \"bottom\": " G ", \"right\": " G
            "}",
        num(0, 20), num(0, 20), num(0, 20), num(0, 20));
  if (chance(0.5)) {
    s->has_kind[0] = 1;
    put(&b, ", \"headerReferenceSize\": {\"width\": " G ", \"height\": " G "}", num(10, 50),
        num(10, 50));
  }
  if (chance(0.3)) {
    s->has_kind[1] = 1;
    put(&b, ", \"footerReferenceSize\": {\"width\": " G ", \"height\": " G "}", num(10, 50),
        num(10, 50));
  }
  if (chance(0.1)) put(&b, ", \"decorationItems\": [{\"elementKind\": \"bg\"}]");
}

static void gen_section(msec *s, int64_t count) {
  memset(s, 0, sizeof *s);
  s->count = count;
  if (M.flow) gen_flow_section(s);
  else gen_comp_section(s);
}

static void gen_layout(void) {
  memset(&M, 0, sizeof M);
  M.horizontal = chance(0.25);
  M.rtl = chance(0.25);
  M.flow = chance(0.3);
  sb b = {M.head, 0, BODY};
  put(&b, "{\"environment\": {\"layoutDirection\": \"%s\"", M.rtl ? "rightToLeft" : "leftToRight");
  if (chance(0.15)) {
    put(&b, ", \"contentInsets\": ");
    insets(&b, 20);
  }
  if (chance(0.1)) put(&b, ", \"displayScale\": %d", 1 + ri(3));
  put(&b, "}, \"configuration\": {\"scrollDirection\": \"%s\"",
      M.horizontal ? "horizontal" : "vertical");
  if (!M.flow && chance(0.4)) {
    M.spacing = num(0, 20);
    put(&b, ", \"interSectionSpacing\": " G, M.spacing);
  }
  {
    int inset = chance(0.2), snap = chance(0.25);
    if (inset || snap) {
      put(&b, ", \"scrolling\": {");
      if (snap) put(&b, "\"snapUnit\": \"%s\"%s", chance(0.5) ? "item" : "group", inset ? ", " : "");
      if (inset) put(&b, "\"contentInset\": {\"top\": " G ", \"bottom\": " G ", \"leading\": " G ", \"trailing\": " G "}", num(0, 40), num(0, 40), num(0, 40), num(0, 40));
      put(&b, "}");
    }
  }
  put(&b, "}");
  if (M.flow) {
    M.flow_self = chance(0.6);
    M.fw = num(20, 150);
    M.fh = num(20, 150);
    put(&b, ", \"flowLayout\": {\"%s\": {\"width\": " G ", \"height\": " G "}",
        M.flow_self ? "estimatedItemSize" : "itemSize", M.fw, M.fh);
    if (chance(0.5)) put(&b, ", \"minimumLineSpacing\": " G, num(0, 20));
    if (chance(0.5)) put(&b, ", \"minimumInteritemSpacing\": " G, num(0, 20));
    if (chance(0.3)) put(&b, ", \"sectionHeadersPinToVisibleBounds\": true");
    if (chance(0.2)) put(&b, ", \"sectionFootersPinToVisibleBounds\": true");
    put(&b, "}");
  }
  M.nsec = 1 + ri(4);
  for (int i = 0; i < M.nsec; i++) gen_section(&M.sec[i], chance(0.1) ? 0 : 1 + ri(chance(0.2) ? 150 : 40));
}

/* the whole configuration with the current counts; container in JSON or not */
static char *config_json(int with_container) {
  size_t cap = BODY * (MAXSEC + 2) + 1000;
  char *p = malloc(cap);
  sb b = {p, 0, cap};
  /* head ends with '}' of configuration or flowLayout; container goes into environment */
  if (with_container) {
    /* insert container into environment: head begins {"environment": { */
    const char *e = "{\"environment\": {";
    put(&b, "%s\"container\": {\"width\": " G ", \"height\": " G "}, %s", e, M.cw, M.ch,
        M.head + strlen(e));
  } else {
    put(&b, "%s", M.head);
  }
  put(&b, ", \"sections\": [");
  for (int i = 0; i < M.nsec; i++)
    put(&b, "%s{\"itemCount\": %" PRId64 "%s}", i ? ", " : "", M.sec[i].count, M.sec[i].body);
  put(&b, "]}");
  return p;
}

/* ---- state capture ---- */
typedef struct {
  int nsec;
  sl_size content;
  sl_section_info info[MAXSEC];
  sl_rect *frames[MAXSEC];
  int64_t count[MAXSEC];
  double main_off, orth_off[MAXSEC];
  sl_scroll_info sinfo_main, sinfo[MAXSEC];
  double *rests[MAXSEC], *mrests;
  size_t nmrests;
  size_t nrests[MAXSEC];
  sl_element *els;
  size_t nel;
  char (*kindname)[32];
  int nkinds;
} snap;

static const sl_rect BIG = {-1e9, -1e9, 3e9, 3e9};

static void snap_free(snap *s) {
  for (int i = 0; i < s->nsec; i++) free(s->frames[i]), free(s->rests[i]);
  free(s->els);
  free(s->mrests);
  free(s->kindname);
  memset(s, 0, sizeof *s);
}

static int query(const sl_layout *l, sl_rect r, sl_element **out, size_t *n) {
  size_t count = 0;
  int st = sl_layout_get_elements_in_rect(l, r, NULL, 0, &count);
  if (st != SL_OK) return st;
  sl_element *e = malloc((count + 1) * sizeof *e);
  size_t got = 0;
  st = sl_layout_get_elements_in_rect(l, r, e, count + 1, &got);
  if (st != SL_OK || got != count) {
    free(e);
    return st != SL_OK ? st : -100;
  }
  *out = e;
  *n = got;
  return SL_OK;
}

static int take(const sl_layout *l, snap *s) {
  memset(s, 0, sizeof *s);
  int st;
  if ((st = sl_layout_get_section_count(l, &s->nsec)) != SL_OK) return st;
  if ((st = sl_layout_get_content_size(l, &s->content)) != SL_OK) return st;
  for (int i = 0; i < s->nsec; i++) {
    if ((st = sl_layout_get_section_info(l, i, &s->info[i])) != SL_OK) return st;
    s->count[i] = s->info[i].item_count;
    s->frames[i] = malloc((size_t)(s->count[i] + 1) * sizeof(sl_rect));
    if ((st = sl_layout_get_item_frames(l, i, 0, s->count[i], s->frames[i])) != SL_OK) return st;
    s->orth_off[i] = 0;
    if (s->info[i].orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE) {
      if ((st = sl_layout_get_scroll_offset(l, i, &s->orth_off[i])) != SL_OK) return st;
      if ((st = sl_layout_get_scroll_info(l, i, &s->sinfo[i])) != SL_OK) return st;
      size_t n = 0;
      if ((st = sl_layout_get_snap_offsets(l, i, 0, NULL, 0, &n)) != SL_OK) return st;
      s->rests[i] = malloc((n + 1) * sizeof(double));
      size_t got = 0;
      if ((st = sl_layout_get_snap_offsets(l, i, 0, s->rests[i], n + 1, &got)) != SL_OK) return st;
      s->nrests[i] = got;
    }
  }
  if ((st = sl_layout_get_scroll_offset(l, SL_SCROLL_MAIN, &s->main_off)) != SL_OK) return st;
  if ((st = sl_layout_get_scroll_info(l, SL_SCROLL_MAIN, &s->sinfo_main)) != SL_OK) return st;
  {
    size_t n = 0, got = 0;
    if ((st = sl_layout_get_snap_offsets(l, SL_SCROLL_MAIN, 0, NULL, 0, &n)) != SL_OK) return st;
    s->mrests = malloc((n + 1) * sizeof(double));
    if ((st = sl_layout_get_snap_offsets(l, SL_SCROLL_MAIN, 0, s->mrests, n + 1, &got)) != SL_OK) return st;
    s->nmrests = got;
  }
  if ((st = query(l, BIG, &s->els, &s->nel)) != SL_OK) return st;
  if ((st = sl_layout_get_element_kind_count(l, &s->nkinds)) != SL_OK) return st;
  s->kindname = calloc((size_t)s->nkinds + 1, 32);
  for (int k = 0; k < s->nkinds; k++) {
    const char *name = NULL;
    if ((st = sl_layout_get_element_kind_name(l, k, &name)) != SL_OK) return st;
    snprintf(s->kindname[k], 32, "%s", name);
  }
  return SL_OK;
}

static const char *kname(const snap *s, int32_t k) {
  if (k < 0) return "cell";
  if (k >= s->nkinds) return "?";
  return s->kindname[k];
}

static int same_el(const snap *sa, const sl_element *a, const snap *sb_, const sl_element *b) {
  return a->category == b->category && strcmp(kname(sa, a->kind), kname(sb_, b->kind)) == 0 &&
         a->section == b->section && a->item == b->item && same_rect(a->frame, b->frame) &&
         a->z_index == b->z_index && a->flags == b->flags && a->alpha == b->alpha &&
         memcmp(&a->transform, &b->transform, sizeof a->transform) == 0;
}

static void el_str(char *o, size_t n, const snap *s, const sl_element *e) {
  snprintf(o, n, "{cat %d kind %s sec %d item %" PRId64 " frame " G "," G "," G "," G " z %d fl %u}",
           e->category, kname(s, e->kind), e->section, e->item, e->frame.x, e->frame.y,
           e->frame.width, e->frame.height, e->z_index, e->flags);
}

/* compare two states; what: label; offsets: compare offsets too. Returns 1 if equal */
static int compare(const snap *a, const snap *b, const char *cls, int offsets) {
  ST->checks++;
  if (a->nsec != b->nsec) { fail(cls, "section count %d vs %d", a->nsec, b->nsec); return 0; }
  if (a->content.width != b->content.width || a->content.height != b->content.height) {
    fail(cls, "content size " G " x " G " (got) vs " G " x " G " (expected)", a->content.width,
         a->content.height, b->content.width, b->content.height);
    return 0;
  }
  for (int i = 0; i < a->nsec; i++) {
    const sl_section_info *x = &a->info[i], *y = &b->info[i];
    if (!same_rect(x->frame, y->frame) || x->item_count != y->item_count ||
        x->group_count != y->group_count || x->items_per_group != y->items_per_group ||
        x->orthogonal_scrolling_behavior != y->orthogonal_scrolling_behavior ||
        x->orthogonal_content_length != y->orthogonal_content_length ||
        (offsets && x->orthogonal_offset != y->orthogonal_offset)) {
      fail(cls,
           "section %d info: frame " G "," G "," G "," G " groups %" PRId64 " ipg %d olen " G
           " ooff " G " (got) vs frame " G "," G "," G "," G " groups %" PRId64 " ipg %d olen " G
           " ooff " G " (expected)",
           i, x->frame.x, x->frame.y, x->frame.width, x->frame.height, x->group_count,
           x->items_per_group, x->orthogonal_content_length, x->orthogonal_offset, y->frame.x,
           y->frame.y, y->frame.width, y->frame.height, y->group_count, y->items_per_group,
           y->orthogonal_content_length, y->orthogonal_offset);
      return 0;
    }
    for (int64_t j = 0; j < a->count[i]; j++)
      if (!same_rect(a->frames[i][j], b->frames[i][j])) {
        sl_rect p = a->frames[i][j], q = b->frames[i][j];
        fail(cls, "item frame (%d,%" PRId64 ") " G "," G "," G "," G " (got) vs " G "," G "," G
                  "," G " (expected)",
             i, j, p.x, p.y, p.width, p.height, q.x, q.y, q.width, q.height);
        return 0;
      }
  }
  if (offsets && a->main_off != b->main_off) {
    fail(cls, "main offset " G " (got) vs " G " (expected)", a->main_off, b->main_off);
    return 0;
  }
  if (offsets)
    for (int i = 0; i < a->nsec; i++)
      if (a->orth_off[i] != b->orth_off[i]) {
        fail(cls, "section %d offset " G " (got) vs " G " (expected)", i, a->orth_off[i],
             b->orth_off[i]);
        return 0;
      }
  for (int i = 0; i < a->nsec; i++) {
    if (a->info[i].orthogonal_scrolling_behavior == SL_ORTHOGONAL_NONE) continue;
    const sl_scroll_info *x = &a->sinfo[i], *y = &b->sinfo[i];
    if (x->content_length != y->content_length || x->min_offset != y->min_offset ||
        x->max_offset != y->max_offset || x->snap_count != y->snap_count ||
        x->inset_leading != y->inset_leading || x->inset_trailing != y->inset_trailing ||
        x->viewport_length != y->viewport_length) {
      fail(cls, "section %d scroll info content " G " min " G " max " G " snaps %" PRId64 " insets " G "/" G " (got) vs content " G " min " G " max " G " snaps %" PRId64 " insets " G "/" G " (expected)",
           i, x->content_length, x->min_offset, x->max_offset, x->snap_count, x->inset_leading, x->inset_trailing,
           y->content_length, y->min_offset, y->max_offset, y->snap_count, y->inset_leading, y->inset_trailing);
      return 0;
    }
    for (size_t k = 0; k < a->nrests[i] && k < b->nrests[i]; k++)
      if (a->rests[i][k] != b->rests[i][k]) {
        fail(cls, "section %d rest offset %zu: " G " (got) vs " G " (expected)", i, k, a->rests[i][k], b->rests[i][k]);
        return 0;
      }
  }
  if (a->nmrests != b->nmrests) {
    fail(cls, "main rest positions %zu (got) vs %zu (expected)", a->nmrests, b->nmrests);
    return 0;
  }
  for (size_t k = 0; k < a->nmrests; k++)
    if (a->mrests[k] != b->mrests[k]) {
      fail(cls, "main rest offset %zu: " G " (got) vs " G " (expected)", k, a->mrests[k], b->mrests[k]);
      return 0;
    }
  if (a->sinfo_main.content_length != b->sinfo_main.content_length ||
      a->sinfo_main.min_offset != b->sinfo_main.min_offset ||
      a->sinfo_main.max_offset != b->sinfo_main.max_offset) {
    fail(cls, "main scroll info content " G " min " G " max " G " (got) vs " G " " G " " G,
         a->sinfo_main.content_length, a->sinfo_main.min_offset, a->sinfo_main.max_offset,
         b->sinfo_main.content_length, b->sinfo_main.min_offset, b->sinfo_main.max_offset);
    return 0;
  }
  if (a->nel != b->nel) {
    fail(cls, "element count %zu (got) vs %zu (expected)", a->nel, b->nel);
    return 0;
  }
  for (size_t k = 0; k < a->nel; k++)
    if (!same_el(a, &a->els[k], b, &b->els[k])) {
      char s1[300], s2[300];
      el_str(s1, sizeof s1, a, &a->els[k]);
      el_str(s2, sizeof s2, b, &b->els[k]);
      fail(cls, "element %zu: %s (got) vs %s (expected)", k, s1, s2);
      return 0;
    }
  return 1;
}

/* ---- invariant checks on L ---- */
static void check_status(int st, const char *what) {
  ST->checks++;
  if (st != SL_OK)
    fail("unexpected-status", "%s returned %d (%s): %s [%s]", what, st, sl_status_string(st),
         sl_error_last()->message, sl_error_last()->path);
}

static void check_measured(void) {
  for (int i = 0; i < M.nsec; i++) {
    int64_t c = -1;
    check_status(sl_layout_get_item_count(L, i, &c), "get_item_count");
    CHECK(c == M.sec[i].count, "item-count", "section %d count %" PRId64 " vs model %" PRId64, i, c,
          M.sec[i].count);
    if (c != M.sec[i].count) return;
    for (int64_t j = 0; j < c; j++) {
      sl_size sz;
      int has = -1;
      check_status(sl_layout_get_measured_size(L, i, j, &sz, &has), "get_measured_size");
      const msize *m = &M.sec[i].meas[j];
      CHECK(has == m->has && (!has || (sz.width == m->w && sz.height == m->h)), "measured-size",
            "section %d item %" PRId64 ": measured %d " G " x " G " vs model %d " G " x " G, i, j, has,
            sz.width, sz.height, m->has, m->w, m->h);
    }
    for (int k = 0; k < MAXKINDS; k++) {
      if (!M.sec[i].has_kind[k]) continue;
      int32_t kind;
      if (sl_layout_find_element_kind(L, KIND_NAMES[k], &kind) != SL_OK) {
        fail("kind-missing", "kind %s not found", KIND_NAMES[k]);
        continue;
      }
      sl_size sz;
      int has = -1;
      int st = sl_layout_get_measured_supplementary_size(L, i, kind, &sz, &has);
      check_status(st, "get_measured_supplementary_size");
      const msize *m = &M.sec[i].sup[k];
      CHECK(has == m->has && (!has || (sz.width == m->w && sz.height == m->h)), "measured-sup",
            "section %d %s: measured %d " G " x " G " vs model %d " G " x " G, i, KIND_NAMES[k], has,
            sz.width, sz.height, m->has, m->w, m->h);
    }
  }
}

static void check_invariants(snap *s) {
  /* frames: single == batch == rect */
  for (int i = 0; i < s->nsec; i++) {
    for (int64_t j = 0; j < s->count[i]; j++) {
      sl_rect f;
      int st = sl_layout_get_item_frame(L, i, j, &f);
      check_status(st, "get_item_frame");
      CHECK(same_rect(f, s->frames[i][j]), "frame-single-vs-batch",
            "(%d,%" PRId64 ") single " G "," G "," G "," G " batch " G "," G "," G "," G, i, j, f.x, f.y,
            f.width, f.height, s->frames[i][j].x, s->frames[i][j].y, s->frames[i][j].width,
            s->frames[i][j].height);
    }
  }
  /* each cell once in the big answer, with its frame */
  int64_t seen = 0;
  for (size_t k = 0; k < s->nel; k++) {
    const sl_element *e = &s->els[k];
    if (e->category != SL_ELEMENT_CELL) continue;
    seen++;
    CHECK(e->section >= 0 && e->section < s->nsec && e->item >= 0 && e->item < s->count[e->section],
          "rect-cell-index", "cell (%d,%" PRId64 ")", e->section, e->item);
    if (e->section < 0 || e->section >= s->nsec || e->item < 0 || e->item >= s->count[e->section])
      continue;
    sl_rect f = s->frames[e->section][e->item];
    CHECK(same_rect(f, e->frame), "frame-rect-vs-item",
          "(%d,%" PRId64 ") rect " G "," G "," G "," G " item_frame " G "," G "," G "," G, e->section,
          e->item, e->frame.x, e->frame.y, e->frame.width, e->frame.height, f.x, f.y, f.width,
          f.height);
  }
  int64_t total = 0;
  for (int i = 0; i < s->nsec; i++) total += s->count[i];
  CHECK(seen == total, "rect-cell-count", "big rect has %" PRId64 " cells, layout %" PRId64, seen,
        total);
  /* content size vs the last section's end */
  if (s->nsec > 0) {
    double end = -INFINITY;
    for (int i = 0; i < s->nsec; i++) {
      const sl_rect *f = &s->info[i].frame;
      double e = M.horizontal ? f->x + f->width : f->y + f->height;
      if (e > end) end = e;
    }
    double len = M.horizontal ? s->content.width : s->content.height;
    CHECK(fabs(end - len) <= 8 * 2.220446049250313e-16 * fabs(len), "content-vs-last-section",
          "content main length " G ", last section ends at " G, len, end);
    for (int i = 0; i + 1 < s->nsec; i++) {
      const sl_rect *p = &s->info[i].frame, *q = &s->info[i + 1].frame;
      if (M.horizontal && M.rtl) { const sl_rect *t = p; p = q; q = t; }
      double pe = M.horizontal ? p->x + p->width : p->y + p->height;
      double qs = M.horizontal ? q->x : q->y;
      double want = pe + M.spacing;
      CHECK(fabs(qs - want) <= 1e-9 * (1 + fabs(want)), "section-stacking",
            "section %d starts at " G ", previous ends at " G " + spacing " G, i + 1, qs, pe,
            M.spacing);
    }
    double cross = M.horizontal ? s->content.height : s->content.width;
    double ccross = M.horizontal ? M.ch : M.cw;
    CHECK(cross >= ccross, "content-cross", "content cross " G " < container " G, cross, ccross);
  }
  /* random viewports */
  double cl = M.horizontal ? s->content.width : s->content.height;
  for (int q = 0; q < 4; q++) {
    sl_rect r;
    double vw = M.horizontal ? M.ch : M.cw, vl = M.horizontal ? M.cw : M.ch;
    double along = fr(-100, cl + 100), len = q == 3 ? 0 : fr(0, vl * 1.5);
    double across = chance(0.7) ? 0 : fr(-50, vw), alen = q == 2 ? fr(0, 40) : vw * fr(0.3, 1.5);
    if (q == 1 && s->nel > 0) { /* on an element's edge */
      sl_element *e = &s->els[ri((int)s->nel)];
      double ea = M.horizontal ? e->frame.x : e->frame.y;
      double el = M.horizontal ? e->frame.width : e->frame.height;
      along = chance(0.5) ? ea : ea + el;
      if (chance(0.3)) along = nextafter(along, chance(0.5) ? INFINITY : -INFINITY);
    }
    if (M.horizontal) r = (sl_rect){along, across, len, alen};
    else r = (sl_rect){across, along, alen, len};
    sl_element *got = NULL;
    size_t n = 0;
    int st = query(L, r, &got, &n);
    check_status(st, "get_elements_in_rect");
    if (st != SL_OK) continue;
    size_t m = 0, ok = 1, bad = 0;
    for (size_t k = 0; k < s->nel; k++) {
      if (!intersects(s->els[k].frame, r)) continue;
      if (m >= n || !same_el(s, &got[m], s, &s->els[k])) {
        ok = 0;
        bad = k;
        break;
      }
      m++;
    }
    if (ok && m != n) ok = 0, bad = (size_t)-1;
    ST->checks++;
    if (!ok) {
      char s1[300] = "-", s2[300] = "-";
      if (bad != (size_t)-1) el_str(s1, sizeof s1, s, &s->els[bad]);
      if (m < n) el_str(s2, sizeof s2, s, &got[m]);
      fail("rect-subset", "rect " G "," G "," G "," G ": answer %zu elements, filtered big %s; first "
                          "difference at %zu: expected %s got %s",
           r.x, r.y, r.width, r.height, n, "", m, s1, s2);
    }
    free(got);
  }
}

/* ---- fresh layout ---- */
static sl_layout *build_fresh(int how) {
  int with_container = chance(0.5);
  char *json = config_json(with_container);
  sl_layout *f = NULL;
  int st = sl_layout_create(json, strlen(json), &f);
  if (st != SL_OK) {
    fail("fresh-create", "create: %d %s [%s]\n%s", st, sl_error_last()->message,
         sl_error_last()->path, json);
    free(json);
    return NULL;
  }
  free(json);
  if (!with_container) {
    st = sl_layout_set_container_size(f, M.cw, M.ch);
    if (st != SL_OK) {
      fail("fresh-container", "container " G " x " G ": %d %s [%s]", M.cw, M.ch, st,
           sl_error_last()->message, sl_error_last()->path);
      sl_layout_destroy(f);
      return NULL;
    }
  }
  for (int i = 0; i < M.nsec; i++) {
    msec *s = &M.sec[i];
    /* given sizes (flow) */
    for (int64_t j = 0; j < s->count;) {
      if (!s->given[j].has) { j++; continue; }
      int64_t k = j;
      sl_size buf[MAXITEMS];
      while (k < s->count && s->given[k].has) {
        buf[k - j] = (sl_size){s->given[k].w, s->given[k].h};
        k++;
      }
      check_status(sl_layout_set_item_sizes(f, i, j, buf, (size_t)(k - j), NULL), "fresh set_item_sizes");
      j = k;
    }
    /* measured sizes */
    int mode = how >= 0 ? how : ri(3);
    if (mode == 0) {
      for (int64_t j = 0; j < s->count;) {
        if (!s->meas[j].has) { j++; continue; }
        int64_t k = j;
        sl_size buf[MAXITEMS];
        while (k < s->count && s->meas[k].has) {
          buf[k - j] = (sl_size){s->meas[k].w, s->meas[k].h};
          k++;
        }
        check_status(sl_layout_report_item_sizes(f, i, j, buf, (size_t)(k - j), NULL),
                     "fresh report_item_sizes");
        j = k;
      }
    } else {
      int64_t order[MAXITEMS];
      for (int64_t j = 0; j < s->count; j++) order[j] = j;
      if (mode == 2)
        for (int64_t j = s->count - 1; j > 0; j--) {
          int64_t r = ri((int)j + 1), t = order[j];
          order[j] = order[r];
          order[r] = t;
        }
      for (int64_t jj = 0; jj < s->count; jj++) {
        int64_t j = order[jj];
        if (s->meas[j].has)
          check_status(sl_layout_report_item_size(f, i, j, s->meas[j].w, s->meas[j].h, NULL),
                       "fresh report_item_size");
      }
    }
    for (int k = 0; k < MAXKINDS; k++)
      if (s->has_kind[k] && s->sup[k].has) {
        int32_t kind;
        if (sl_layout_find_element_kind(f, KIND_NAMES[k], &kind) == SL_OK)
          check_status(sl_layout_report_supplementary_size(f, i, kind, s->sup[k].w, s->sup[k].h, NULL),
                       "fresh report_supplementary_size");
      }
  }
  return f;
}

static void check_fresh(const snap *cur) {
  sl_layout *f = build_fresh(-1);
  if (!f) return;
  for (int i = 0; i < cur->nsec; i++)
    if (cur->info[i].orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE)
      check_status(sl_layout_set_scroll_offset(f, i, cur->orth_off[i]), "fresh set orth offset");
  check_status(sl_layout_set_scroll_offset(f, SL_SCROLL_MAIN, cur->main_off), "fresh set main offset");
  snap fs;
  int st = take(f, &fs);
  check_status(st, "fresh take");
  if (st == SL_OK) compare(cur, &fs, "fresh-vs-incremental", 1);
  snap_free(&fs);
  sl_layout_destroy(f);
}

/* ---- steps ---- */
static int no_zero;
static double meas_len(double est) {
  switch (ri(6)) {
    case 0: return est;
    case 1: return round(fr(0, 2 * est) * 4) / 4;
    case 2: return fr(1, 300);
    case 3: return round(fr(1, 200));
    case 4: return chance(0.5) && !no_zero ? 0 : round(fr(200, 1500));
    default: return round(fr(5, 150) * 64) / 64;
  }
}


static double store(double v) { return M.flow ? v : (double)(float)v; }

static sl_size_report rep;

static int mid_clamped, mid_orth_skip, lead_lost;
/* the cells at the leading edge of the main scroll before an undo pair (rule 7's anchor is the
 * first item of the repetition there); map_kind says how indices move through the first change */
static int lead_n, lead_sec[64];
static int64_t lead_item[64];
static int map_kind, map_s, map_t;
static int64_t map_a, map_b;
/* each orthogonal section's repetition at the leading edge of its viewport before an undo pair,
 * and whether the first change brought another one there: rule 7 then begins a new run, whose
 * anchor the undo keeps in place (a cell at the edge shrunk past it), so the offset need not
 * come back. Item frames carry the section's offset; the viewport is 0 ... its length across
 * the main axis, its leading edge at the far end in a right-to-left vertical layout. As rule 7
 * says, the repetition at the edge is the last whose start is at or before it (an edge in the
 * spacing after a repetition is that repetition's), a repetition starting where its first cell
 * does. */
static int64_t orth_lead[MAXSEC];
static int orth_lost[MAXSEC];
static int64_t orth_lead_repetition(int i) {
  sl_scroll_info si;
  sl_section_info info;
  if (sl_layout_get_scroll_info(L, i, &si) != SL_OK ||
      sl_layout_get_section_info(L, i, &info) != SL_OK)
    return -1;
  int mirrored = !M.horizontal && M.rtl;
  double edge = mirrored ? si.viewport_length : 0;
  int64_t n = info.items_per_group > 0 ? info.items_per_group : 1;
  int64_t last = -1;
  for (int64_t j = 0; j < info.item_count; j++) {
    sl_rect f;
    if (sl_layout_get_item_frame(L, i, j, &f) != SL_OK) continue;
    double a = M.horizontal ? f.y : f.x, l = M.horizontal ? f.height : f.width;
    if (mirrored ? a + l >= edge : a <= edge) last = j / n;
  }
  return last;
}
/* a frame's start and length along the main axis in logical (canonical) coordinates: a
 * right-to-left horizontal layout is mirrored about the content width */
static void main_span(sl_rect f, double *a, double *l) {
  *a = M.horizontal ? f.x : f.y;
  *l = M.horizontal ? f.width : f.height;
  if (M.horizontal && M.rtl) {
    sl_size cs;
    sl_layout_get_content_size(L, &cs);
    *a = cs.width - (f.x + f.width);
  }
}
static void note_lead(void) {
  double off;
  lead_n = 0;
  lead_lost = 0;
  for (int i = 0; i < M.nsec; i++) {
    orth_lost[i] = 0;
    orth_lead[i] = M.sec[i].orth ? orth_lead_repetition(i) : -1;
  }
  sl_layout_get_scroll_offset(L, SL_SCROLL_MAIN, &off);
  for (int i = 0; i < M.nsec; i++) {
    if (M.sec[i].orth) continue;
    {
      /* only the section whose frame holds the edge (a cell overflowing its group, rule 13,
       * may reach into the next section) */
      sl_section_info si;
      double a, l;
      if (sl_layout_get_section_info(L, i, &si) != SL_OK) continue;
      main_span(si.frame, &a, &l);
      if (!(a <= off && off < a + l)) continue;
    }
    for (int64_t j = 0; j < M.sec[i].count && lead_n < 64; j++) {
      sl_rect f;
      if (sl_layout_get_item_frame(L, i, j, &f) != SL_OK) continue;
      double a, l;
      main_span(f, &a, &l);
      if (a <= off && off < a + l) {
        sl_section_info info;
        int64_t n = 1;
        if (sl_layout_get_section_info(L, i, &info) == SL_OK && info.items_per_group > 0) n = info.items_per_group;
        lead_sec[lead_n] = i, lead_item[lead_n++] = (j / n) * n; /* the repetition's first item */
        break;
      }
    }
    if (lead_n) break;
  }
  if (lead_n == 0) lead_lost = 1; /* the edge is on spacing, insets or a header: not judged */
}
static void check_lead(void) {
  double off;
  int found = 0;
  sl_layout_get_scroll_offset(L, SL_SCROLL_MAIN, &off);
  for (int k = 0; k < lead_n && !found; k++) {
    int sec = lead_sec[k];
    int64_t it = lead_item[k];
    if (map_kind == 1 && sec == map_s && it >= map_a) it += map_b;               /* insert */
    if (map_kind == 2) {                                                         /* move */
      if (sec == map_s && it == map_a && map_s == map_t && map_a != map_b) {
        /* the moved anchor hands over to the item after it, as a delete and an insert */
        int64_t next = map_a < M.sec[map_s].count - 1 ? map_a : map_a - 1;
        it = next < map_b ? next : next + 1;
      } else if (sec == map_s && it == map_a) sec = map_t, it = map_b;
      else if (map_s == map_t && sec == map_s) {
        if (map_a < map_b && it > map_a && it <= map_b) it--;
        else if (map_a > map_b && it >= map_b && it < map_a) it++;
      } else {
        if (sec == map_s && it > map_a) it--;
        if (sec == map_t && it >= map_b) it++;
      }
    }
    /* the span of the repetition that holds the anchor item now */
    sl_section_info info;
    int64_t n = 1;
    if (sl_layout_get_section_info(L, sec, &info) == SL_OK && info.items_per_group > 0) n = info.items_per_group;
    double lo = INFINITY, hi = -INFINITY;
    for (int64_t j = (it / n) * n; j < (it / n) * n + n; j++) {
      sl_rect f;
      if (sl_layout_get_item_frame(L, sec, j, &f) != SL_OK) continue;
      double a, l;
      main_span(f, &a, &l);
      if (a < lo) lo = a;
      if (a + l > hi) hi = a + l;
    }
    if (lo <= off && off < hi) found = 1;
  }
  if (!found) lead_lost = 1;
}
/* How near a rest position an offset rests on it (docs/SNAPPING.md): half a point of a
 * position's offset (rule 1), a point of a long unit's range ("Items longer than the viewport":
 * an offset within a point of a range counts as in it; the soak's seed 159704, 0.51 pt past a
 * range's end at the mid-way size, was at rest there and came back clamped to the range). */
static double rest_slack(double lo, double hi) { return hi > lo ? 1.0 : 0.5; }

static int main_at_rest(void) {
  double off, rests[4096];
  size_t nr = 0;
  sl_layout_get_scroll_offset(L, SL_SCROLL_MAIN, &off);
  if (sl_layout_get_snap_offsets(L, SL_SCROLL_MAIN, 0, rests, 4096, &nr) != SL_OK) return 1;
  for (size_t q = 0; q < nr; q++) {
    double lo = rests[q], hi = rests[q];
    sl_layout_get_snap_range(L, SL_SCROLL_MAIN, (int64_t)q, &lo, &hi);
    if (off >= lo - rest_slack(lo, hi) && off <= hi + rest_slack(lo, hi)) return 1;
  }
  return 0;
}
static void note_mid(void) {
  sl_scroll_info si;
  if (main_at_rest()) mid_clamped = 1;
  check_lead();
  /* a report keeps the indices (the other changes skip this test) */
  for (int i = 0; i < M.nsec && map_kind == 0; i++)
    if (M.sec[i].orth && orth_lead_repetition(i) != orth_lead[i]) orth_lost[i] = 1;
  for (int i = 0; i < M.nsec; i++) {
    if (!M.sec[i].orth || sl_layout_get_scroll_info(L, i, &si) != SL_OK) continue;
    double rests[2048];
    size_t nr = 0;
    if (sl_layout_get_snap_offsets(L, i, 0, rests, 2048, &nr) == SL_OK)
      for (size_t q = 0; q < nr; q++) {
        double lo = rests[q], hi = rests[q];
        sl_layout_get_snap_range(L, i, (int64_t)q, &lo, &hi);
        if (si.offset >= lo - rest_slack(lo, hi) && si.offset <= hi + rest_slack(lo, hi))
          mid_orth_skip = 1; /* at rest mid-way */
      }
  }
  for (int i = 0; i < M.nsec; i++)
    if (M.sec[i].orth && sl_layout_get_scroll_info(L, i, &si) == SL_OK &&
        !(si.offset > si.min_offset && si.offset < si.max_offset))
      mid_orth_skip = 1;
  if (sl_layout_get_scroll_info(L, SL_SCROLL_MAIN, &si) == SL_OK &&
      !(si.offset > si.min_offset && si.offset < si.max_offset))
    mid_clamped = 1;
}

static int pick_section(void) { return M.nsec ? ri(M.nsec) : -1; }

static void do_offset_main(double v) {
  logf_("sl_layout_set_scroll_offset(L, SL_SCROLL_MAIN, " G ");\n", v);
  check_status(sl_layout_set_scroll_offset(L, SL_SCROLL_MAIN, v), "set main offset");
}

/* a change call with a report: checks report vs state */
static void after_change(int st, const char *what, double before_main) {
  check_status(st, what);
  if (st != SL_OK) return;
  sl_size cs;
  check_status(sl_layout_get_content_size(L, &cs), "content");
  CHECK(cs.width == rep.content_size.width && cs.height == rep.content_size.height,
        "report-content-size", "%s: report " G " x " G ", layout " G " x " G, what,
        rep.content_size.width, rep.content_size.height, cs.width, cs.height);
  double now;
  check_status(sl_layout_get_scroll_offset(L, SL_SCROLL_MAIN, &now), "offset");
  double moved = now - before_main;
  CHECK(fabs(moved - rep.main_offset_adjustment) <= 1e-9 * (1 + fabs(now)), "report-adjustment",
        "%s: main offset " G " -> " G " (moved " G ") but report says " G, what, before_main, now,
        moved, rep.main_offset_adjustment);
}

static void report_one(int s, int64_t j, double w, double h) {
  double b;
  sl_layout_get_scroll_offset(L, SL_SCROLL_MAIN, &b);
  logf_("sl_layout_report_item_size(L, %d, %" PRId64 ", " G ", " G ", &r);\n", s, j, w, h);
  int st = sl_layout_report_item_size(L, s, j, w, h, &rep);
  after_change(st, "report_item_size", b);
  if (st == SL_OK) M.sec[s].meas[j] = (msize){1, store(w), store(h)};
}
static void reset_one(int s, int64_t j) {
  double b;
  sl_layout_get_scroll_offset(L, SL_SCROLL_MAIN, &b);
  logf_("sl_layout_reset_item_size(L, %d, %" PRId64 ", &r);\n", s, j);
  int st = sl_layout_reset_item_size(L, s, j, &rep);
  after_change(st, "reset_item_size", b);
  if (st == SL_OK) M.sec[s].meas[j].has = 0;
}

static void random_size(int s, double *w, double *h) {
  double ew = M.flow ? M.fw : 100, eh = M.flow ? M.fh : 50;
  (void)s;
  *w = meas_len(ew);
  *h = meas_len(eh);
}

static int insert_ok(int s, int64_t n) { return M.sec[s].count + n <= MAXITEMS - 1; }

static void model_insert(int s, int64_t at, int64_t n) {
  msec *m = &M.sec[s];
  memmove(&m->meas[at + n], &m->meas[at], (size_t)(m->count - at) * sizeof(msize));
  memmove(&m->given[at + n], &m->given[at], (size_t)(m->count - at) * sizeof(msize));
  for (int64_t k = at; k < at + n; k++) m->meas[k].has = m->given[k].has = 0;
  m->count += n;
}
static void model_delete(int s, int64_t at, int64_t n) {
  msec *m = &M.sec[s];
  memmove(&m->meas[at], &m->meas[at + n], (size_t)(m->count - at - n) * sizeof(msize));
  memmove(&m->given[at], &m->given[at + n], (size_t)(m->count - at - n) * sizeof(msize));
  m->count -= n;
}

static int misuse_expect(int st, int code, const char *path, const snap *before, const char *what) {
  ST->refusals++;
  const sl_error *e = sl_error_last();
  CHECK(st == code, "misuse-status", "%s returned %d, expected %d (%s [%s])", what, st, code,
        e->message, e->path);
  if (st != code) return 0;
  CHECK(e->code == code && e->message && e->message[0] && (!path || strcmp(e->path, path) == 0),
        "misuse-record", "%s: record code %d message '%s' path '%s', expected path '%s'", what, e->code,
        e->message, e->path, path ? path : "*");
  snap after;
  int s2 = take(L, &after);
  check_status(s2, "take after misuse");
  if (s2 == SL_OK) compare(&after, before, "refused-call-changed-state", 1);
  snap_free(&after);
  return 1;
}


static void step(void) {
  int r = ri(100);
  int s = pick_section();
  rep = (sl_size_report){0};
  double b0;
  sl_layout_get_scroll_offset(L, SL_SCROLL_MAIN, &b0);
  int comp_or_self = !M.flow || M.flow_self;
  if (r < 22) { /* single report */
    if (s < 0 || M.sec[s].count == 0) return;
    int64_t j = ri((int)M.sec[s].count);
    double w, h;
    random_size(s, &w, &h);
    if (!comp_or_self) {
      snap before;
      take(L, &before);
      logf_("sl_layout_report_item_size(L, %d, %" PRId64 ", " G ", " G ", &r); /* refused */\n", s, j, w, h);
      misuse_expect(sl_layout_report_item_size(L, s, j, w, h, &rep), SL_EINVAL, "section", &before,
                    "report on fixed flow");
      snap_free(&before);
      return;
    }
    report_one(s, j, w, h);
  } else if (r < 30) { /* batch */
    if (s < 0 || M.sec[s].count == 0 || !comp_or_self) return;
    int64_t first = ri((int)M.sec[s].count);
    int64_t n = 1 + ri((int)(M.sec[s].count - first));
    sl_size buf[MAXITEMS];
    logf_("{ sl_size z[] = {");
    for (int64_t k = 0; k < n; k++) {
      random_size(s, &buf[k].width, &buf[k].height);
      logf_("{" G ", " G "}, ", buf[k].width, buf[k].height);
    }
    logf_("}; sl_layout_report_item_sizes(L, %d, %" PRId64 ", z, %" PRId64 ", &r); }\n", s, first, n);
    int st = sl_layout_report_item_sizes(L, s, first, buf, (size_t)n, &rep);
    after_change(st, "report_item_sizes", b0);
    if (st == SL_OK)
      for (int64_t k = 0; k < n; k++)
        M.sec[s].meas[first + k] = (msize){1, store(buf[k].width), store(buf[k].height)};
  } else if (r < 36) { /* reset */
    if (s < 0 || M.sec[s].count == 0 || !comp_or_self) return;
    int64_t j = ri((int)M.sec[s].count);
    for (int t = 0; t < 5 && !M.sec[s].meas[j].has; t++) j = ri((int)M.sec[s].count);
    reset_one(s, j);
  } else if (r < 42) { /* set_item_sizes */
    if (s < 0 || M.sec[s].count == 0) return;
    int64_t first = ri((int)M.sec[s].count);
    int64_t n = 1 + ri((int)(M.sec[s].count - first));
    if (n > 12) n = 1 + ri(12);
    sl_size buf[MAXITEMS];
    logf_("{ sl_size z[] = {");
    for (int64_t k = 0; k < n; k++) {
      buf[k].width = chance(0.3) ? M.fw : round(fr(10, 200) * 4) / 4;
      buf[k].height = chance(0.3) ? M.fh : round(fr(10, 200) * 4) / 4;
      if (chance(0.05)) buf[k].width = fr(1, 400);
      logf_("{" G ", " G "}, ", buf[k].width, buf[k].height);
    }
    logf_("}; sl_layout_set_item_sizes(L, %d, %" PRId64 ", z, %" PRId64 ", &r); }\n", s, first, n);
    if (!M.flow) {
      snap before;
      take(L, &before);
      misuse_expect(sl_layout_set_item_sizes(L, s, first, buf, (size_t)n, &rep), SL_EINVAL, "section",
                    &before, "set_item_sizes on compositional");
      snap_free(&before);
      return;
    }
    int st = sl_layout_set_item_sizes(L, s, first, buf, (size_t)n, &rep);
    after_change(st, "set_item_sizes", b0);
    if (st == SL_OK)
      for (int64_t k = 0; k < n; k++) M.sec[s].given[first + k] = (msize){1, buf[k].width, buf[k].height};
  } else if (r < 47) { /* header / footer size */
    if (s < 0) return;
    int k = ri(MAXKINDS);
    int32_t kind;
    if (sl_layout_find_element_kind(L, KIND_NAMES[k], &kind) != SL_OK) return;
    if (!M.sec[s].has_kind[k]) {
      snap before;
      take(L, &before);
      logf_("sl_layout_report_supplementary_size(L, %d, %d, 10, 10, &r); /* refused */\n", s, kind);
      misuse_expect(sl_layout_report_supplementary_size(L, s, kind, 10, 10, &rep), SL_ERANGE, "kind",
                    &before, "sup report on a section without the kind");
      snap_free(&before);
      return;
    }
    if (chance(0.3)) {
      logf_("sl_layout_reset_supplementary_size(L, %d, %d /*%s*/, &r);\n", s, kind, KIND_NAMES[k]);
      int st = sl_layout_reset_supplementary_size(L, s, kind, &rep);
      after_change(st, "reset_supplementary_size", b0);
      if (st == SL_OK) M.sec[s].sup[k].has = 0;
    } else {
      double w = meas_len(100), h = meas_len(40);
      logf_("sl_layout_report_supplementary_size(L, %d, %d /*%s*/, " G ", " G ", &r);\n", s, kind,
            KIND_NAMES[k], w, h);
      int st = sl_layout_report_supplementary_size(L, s, kind, w, h, &rep);
      after_change(st, "report_supplementary_size", b0);
      if (st == SL_OK) M.sec[s].sup[k] = (msize){1, w, h};
    }
  } else if (r < 53) { /* insert items */
    if (s < 0) return;
    int64_t at = ri((int)M.sec[s].count + 1), n = 1 + ri(chance(0.2) ? 20 : 3);
    if (!insert_ok(s, n)) return;
    logf_("sl_layout_insert_items(L, %d, %" PRId64 ", %" PRId64 ", &r);\n", s, at, n);
    int st = sl_layout_insert_items(L, s, at, n, &rep);
    after_change(st, "insert_items", b0);
    if (st == SL_OK) model_insert(s, at, n);
  } else if (r < 58) { /* delete items */
    if (s < 0 || M.sec[s].count == 0) return;
    int64_t at = ri((int)M.sec[s].count), n = 1 + ri((int)(M.sec[s].count - at < 4 ? M.sec[s].count - at : 4));
    logf_("sl_layout_delete_items(L, %d, %" PRId64 ", %" PRId64 ", &r);\n", s, at, n);
    int st = sl_layout_delete_items(L, s, at, n, &rep);
    after_change(st, "delete_items", b0);
    if (st == SL_OK) model_delete(s, at, n);
  } else if (r < 60) { /* set count */
    if (s < 0) return;
    int64_t n = ri(60);
    logf_("sl_layout_set_item_count(L, %d, %" PRId64 ", &r);\n", s, n);
    int st = sl_layout_set_item_count(L, s, n, &rep);
    after_change(st, "set_item_count", b0);
    if (st == SL_OK) {
      if (n < M.sec[s].count) model_delete(s, n, M.sec[s].count - n);
      else model_insert(s, M.sec[s].count, n - M.sec[s].count);
    }
  } else if (r < 66) { /* move item */
    if (s < 0 || M.sec[s].count == 0) return;
    int t = chance(0.5) ? s : pick_section();
    if (t != s && !insert_ok(t, 1)) return;
    int64_t from = ri((int)M.sec[s].count);
    int64_t to = ri((int)(t == s ? M.sec[s].count : M.sec[t].count + 1));
    logf_("sl_layout_move_item(L, %d, %" PRId64 ", %d, %" PRId64 ", &r);\n", s, from, t, to);
    int st = sl_layout_move_item(L, s, from, t, to, &rep);
    after_change(st, "move_item", b0);
    if (st == SL_OK) {
      msize me = M.sec[s].meas[from], gi = M.sec[s].given[from];
      model_delete(s, from, 1);
      model_insert(t, to, 1);
      M.sec[t].meas[to] = me;
      M.sec[t].given[to] = gi;
      if (M.flow && !M.flow_self) M.sec[t].meas[to].has = 0;
    }
  } else if (r < 69) { /* insert section */
    if (M.nsec >= MAXSEC) return;
    int at = ri(M.nsec + 1);
    msec ns;
    gen_section(&ns, ri(30));
    char json[BODY + 100];
    snprintf(json, sizeof json, "[{\"itemCount\": %" PRId64 "%s}]", ns.count, ns.body);
    logf_("{ const char *j = \"%s\"; sl_layout_insert_sections(L, %d, j, strlen(j), &r); }\n", cstr(json), at);
    int st = sl_layout_insert_sections(L, at, json, strlen(json), &rep);
    if (st == SL_ECONFIG) { ST->refusals++; return; }
    after_change(st, "insert_sections", b0);
    if (st == SL_OK) {
      memmove(&M.sec[at + 1], &M.sec[at], (size_t)(M.nsec - at) * sizeof(msec));
      M.sec[at] = ns;
      M.nsec++;
    }
  } else if (r < 71) { /* delete section */
    if (M.nsec <= 1) return;
    int at = ri(M.nsec);
    logf_("sl_layout_delete_sections(L, %d, 1, &r);\n", at);
    int st = sl_layout_delete_sections(L, at, 1, &rep);
    after_change(st, "delete_sections", b0);
    if (st == SL_OK) {
      memmove(&M.sec[at], &M.sec[at + 1], (size_t)(M.nsec - at - 1) * sizeof(msec));
      M.nsec--;
    }
  } else if (r < 74) { /* move section */
    if (M.nsec < 2) return;
    int from = ri(M.nsec), to = ri(M.nsec);
    logf_("sl_layout_move_section(L, %d, %d, &r);\n", from, to);
    int st = sl_layout_move_section(L, from, to, &rep);
    after_change(st, "move_section", b0);
    if (st == SL_OK) {
      msec tmp = M.sec[from];
      if (from < to) memmove(&M.sec[from], &M.sec[from + 1], (size_t)(to - from) * sizeof(msec));
      else memmove(&M.sec[to + 1], &M.sec[to], (size_t)(from - to) * sizeof(msec));
      M.sec[to] = tmp;
    }
  } else if (r < 77) { /* replace section */
    if (s < 0) return;
    msec ns;
    int64_t n = chance(0.5) ? M.sec[s].count : ri(40);
    gen_section(&ns, n);
    char json[BODY + 100];
    snprintf(json, sizeof json, "{\"itemCount\": %" PRId64 "%s}", ns.count, ns.body);
    logf_("{ const char *j = \"%s\"; sl_layout_replace_section(L, %d, j, strlen(j), &r); }\n", cstr(json), s);
    int st = sl_layout_replace_section(L, s, json, strlen(json), &rep);
    if (st == SL_ECONFIG) { ST->refusals++; return; }
    after_change(st, "replace_section", b0);
    if (st == SL_OK) {
      /* measured sizes of remaining items kept; given sizes: the new description's (none) */
      for (int64_t j = 0; j < n; j++) {
        ns.meas[j] = j < M.sec[s].count ? M.sec[s].meas[j] : (msize){0, 0, 0};
        ns.given[j].has = 0;
      }
      for (int k = 0; k < MAXKINDS; k++) ns.sup[k] = ns.has_kind[k] ? M.sec[s].sup[k] : (msize){0, 0, 0};
      M.sec[s] = ns;
    }
  } else if (r < 84) { /* main offset */
    sl_size cs;
    sl_layout_get_content_size(L, &cs);
    double cl = M.horizontal ? cs.width : cs.height;
    double v = chance(0.2) ? round(fr(-50, cl + 50)) : fr(-50, cl + 50);
    do_offset_main(v);
  } else if (r < 89) { /* orthogonal offset */
    if (s < 0 || !M.sec[s].orth) {
      if (s >= 0 && chance(0.3)) {
        snap before;
        take(L, &before);
        logf_("sl_layout_set_scroll_offset(L, %d, 5); /* refused */\n", s);
        misuse_expect(sl_layout_set_scroll_offset(L, s, 5), SL_EINVAL, NULL, &before,
                      "orth offset on a normal section");
        snap_free(&before);
      }
      return;
    }
    sl_section_info info;
    sl_layout_get_section_info(L, s, &info);
    double v = fr(-60, info.orthogonal_content_length + 60);
    logf_("sl_layout_set_scroll_offset(L, %d, " G ");\n", s, v);
    check_status(sl_layout_set_scroll_offset(L, s, v), "set orth offset");
  } else if (r < 93) { /* container */
    static const double sizes[][2] = {{390, 844}, {844, 390}, {320, 568}, {1024, 768}, {600, 900}, {375.5, 700.25}};
    int k = ri(6);
    double w = sizes[k][0], h = sizes[k][1];
    if (chance(0.3)) w = round(fr(200, 1200)), h = round(fr(200, 1200));
    logf_("sl_layout_set_container_size(L, " G ", " G ");\n", w, h);
    int st = sl_layout_set_container_size(L, w, h);
    if (st == SL_ECONFIG) { ST->refusals++; return; }
    check_status(st, "set_container_size");
    if (st == SL_OK) M.cw = w, M.ch = h;
  } else if (r < 98) { /* do then undo */
    snap before;
    if (take(L, &before) != SL_OK) return;
    int kind = ri(4);
    const char *cls = "undo";
    mid_clamped = 0;
    mid_orth_skip = 0;
    map_kind = 0;
    note_lead();
    if (main_at_rest()) mid_clamped = 1;
    if (kind == 0) {
      if (s < 0 || M.sec[s].count == 0 || !comp_or_self) goto out;
      int64_t j = ri((int)M.sec[s].count);
      if (M.sec[s].meas[j].has) goto out;
      double w, h;
      random_size(s, &w, &h);
      report_one(s, j, w, h);
      note_mid();
      reset_one(s, j);
      cls = "undo-report-reset";
    } else if (kind == 1) {
      if (s < 0) goto out;
      int64_t at = ri((int)M.sec[s].count + 1), n = 1 + ri(3);
      if (!insert_ok(s, n)) goto out;
      map_kind = 1, map_s = s, map_a = at, map_b = n;
      logf_("sl_layout_insert_items(L, %d, %" PRId64 ", %" PRId64 ", &r);\n", s, at, n);
      check_status(sl_layout_insert_items(L, s, at, n, &rep), "insert (undo)");
      note_mid();
      logf_("sl_layout_delete_items(L, %d, %" PRId64 ", %" PRId64 ", &r);\n", s, at, n);
      check_status(sl_layout_delete_items(L, s, at, n, &rep), "delete (undo)");
      cls = "undo-insert-delete";
    } else if (kind == 2) {
      if (s < 0 || M.sec[s].count == 0) goto out;
      int t = chance(0.6) ? s : pick_section();
      if (t != s && !insert_ok(t, 1)) goto out;
      int64_t from = ri((int)M.sec[s].count);
      int64_t to = ri((int)(t == s ? M.sec[s].count : M.sec[t].count + 1));
      map_kind = 2, map_s = s, map_t = t, map_a = from, map_b = to;
      logf_("sl_layout_move_item(L, %d, %" PRId64 ", %d, %" PRId64 ", &r);\n", s, from, t, to);
      check_status(sl_layout_move_item(L, s, from, t, to, &rep), "move (undo)");
      note_mid();
      if (t != s) mid_orth_skip = 1;
      logf_("sl_layout_move_item(L, %d, %" PRId64 ", %d, %" PRId64 ", &r);\n", t, to, s, from);
      check_status(sl_layout_move_item(L, t, to, s, from, &rep), "move back (undo)");
      cls = t == s ? "undo-move-within" : "undo-move-across";
    } else {
      double w = round(fr(250, 1100)), h = round(fr(250, 1100));
      logf_("sl_layout_set_container_size(L, " G ", " G ");\n", w, h);
      int st = sl_layout_set_container_size(L, w, h);
      if (st != SL_OK) goto out;
      note_mid();
      logf_("sl_layout_set_container_size(L, " G ", " G ");\n", M.cw, M.ch);
      check_status(sl_layout_set_container_size(L, M.cw, M.ch), "container back (undo)");
      cls = "undo-container";
    }
    {
      snap after;
      if (take(L, &after) == SL_OK) {
        /* offsets first (documented exceptions: a clamp, an offset on or outside a bound before
         * or between the two changes; orthogonal offsets through cross-section moves) */
        int skip_main = mid_clamped || lead_lost || M.flow /* a flow line's first item is the anchor: lines are not modelled here */ || !(before.main_off > before.sinfo_main.min_offset &&
                                         before.main_off < before.sinfo_main.max_offset);
        char c2[64];
        snprintf(c2, sizeof c2, "%s-offsets", cls);
        ST->checks++;
        if (!skip_main && after.main_off != before.main_off)
          fail(c2, "main offset " G " (got) vs " G " (expected); bounds before [" G ", " G "]",
               after.main_off, before.main_off, before.sinfo_main.min_offset,
               before.sinfo_main.max_offset);
        for (int i = 0; i < after.nsec && i < before.nsec && !failed_this_seed; i++) {
          if (before.info[i].orthogonal_scrolling_behavior == SL_ORTHOGONAL_NONE || mid_orth_skip ||
              orth_lost[i])
            continue;
          sl_scroll_info si;
          if (sl_layout_get_scroll_info(L, i, &si) != SL_OK) continue;
          if (!(before.orth_off[i] > si.min_offset && before.orth_off[i] < si.max_offset)) continue;
          {
            double rests[2048];
            size_t nr = 0;
            int at_rest = 0;
            if (sl_layout_get_snap_offsets(L, i, 0, rests, 2048, &nr) == SL_OK)
              for (size_t q = 0; q < nr; q++) {
                double lo = rests[q], hi = rests[q];
                sl_layout_get_snap_range(L, i, (int64_t)q, &lo, &hi);
                if (before.orth_off[i] >= lo - rest_slack(lo, hi) &&
                    before.orth_off[i] <= hi + rest_slack(lo, hi))
                  at_rest = 1;
              }
            if (at_rest) continue;
          }
          if (after.orth_off[i] != before.orth_off[i])
            fail(c2, "section %d offset " G " (got) vs " G " (expected)", i, after.orth_off[i],
                 before.orth_off[i]);
        }
        /* then everything else at the offsets of before */
        if (!failed_this_seed) {
          for (int i = 0; i < before.nsec; i++)
            if (before.info[i].orthogonal_scrolling_behavior != SL_ORTHOGONAL_NONE &&
                after.orth_off[i] != before.orth_off[i]) {
              logf_("sl_layout_set_scroll_offset(L, %d, " G "); /* restore */\n", i, before.orth_off[i]);
              sl_layout_set_scroll_offset(L, i, before.orth_off[i]);
            }
          if (after.main_off != before.main_off) {
            logf_("sl_layout_set_scroll_offset(L, SL_SCROLL_MAIN, " G "); /* restore */\n", before.main_off);
            sl_layout_set_scroll_offset(L, SL_SCROLL_MAIN, before.main_off);
          }
          snap again;
          if (take(L, &again) == SL_OK) compare(&again, &before, cls, 1);
          snap_free(&again);
        }
      }
      snap_free(&after);
    }
  out:
    snap_free(&before);
  } else { /* misuse */
    if (s < 0) return;
    snap before;
    if (take(L, &before) != SL_OK) return;
    int k = ri(5);
    if (k == 0) {
      logf_("sl_layout_report_item_size(L, %d, %" PRId64 ", 10, 10, &r); /* refused */\n", s, M.sec[s].count);
      if (!comp_or_self) { snap_free(&before); return; }
      misuse_expect(sl_layout_report_item_size(L, s, M.sec[s].count, 10, 10, &rep),
                    SL_ERANGE, "item", &before, "report past the items");
    } else if (k == 1 && comp_or_self && M.sec[s].count) {
      logf_("sl_layout_report_item_size(L, %d, 0, NAN, 10, &r); /* refused */\n", s);
      misuse_expect(sl_layout_report_item_size(L, s, 0, NAN, 10, &rep), SL_EINVAL, "width", &before,
                    "report NaN");
    } else if (k == 2) {
      logf_("sl_layout_insert_items(L, %d, %" PRId64 ", 1, &r); /* refused */\n", s, M.sec[s].count + 1);
      misuse_expect(sl_layout_insert_items(L, s, M.sec[s].count + 1, 1, &rep), SL_ERANGE, "at", &before,
                    "insert past the end");
    } else if (k == 3) {
      logf_("sl_layout_delete_items(L, %d, 0, %" PRId64 ", &r); /* refused */\n", s, M.sec[s].count + 1);
      misuse_expect(sl_layout_delete_items(L, s, 0, M.sec[s].count + 1, &rep), SL_ERANGE, "count",
                    &before, "delete past the end");
    } else if (comp_or_self && M.sec[s].count >= 2) {
      sl_size z[2] = {{10, 10}, {10, -1}};
      int64_t c = M.sec[s].count;
      logf_("/* refused: report_item_sizes(L, %d, 0, {{10,10},{10,-1}}, 2) */\n", s);
      misuse_expect(sl_layout_report_item_sizes(L, s, 0, z, c >= 2 ? 2 : 1, &rep), SL_EINVAL,
                    c >= 2 ? "sizes/1/height" : NULL, &before, "batch with negative height");
    }
    snap_free(&before);
  }
}

static void run_seed(uint64_t seed) {
  seed_now = seed;
  rng_state = seed * 0x2545F4914F6CDD1Dull + 7;
  failed_this_seed = 0;
  loglen = 0;
  if (logbuf) logbuf[0] = 0;
  step_now = 0;
  gen_layout();
  static const double sizes[][2] = {{390, 844}, {844, 390}, {320, 568}, {1024, 768}};
  int k = ri(4);
  M.cw = sizes[k][0];
  M.ch = sizes[k][1];
  char *json = config_json(0);
  snprintf(initial_json, sizeof initial_json, "%s", json);
  int st = sl_layout_create(json, strlen(json), &L);
  free(json);
  if (st != SL_OK) {
    fail("create", "%d %s [%s]", st, sl_error_last()->message, sl_error_last()->path);
    return;
  }
  logf_("sl_layout_set_container_size(L, " G ", " G ");\n", M.cw, M.ch);
  st = sl_layout_set_container_size(L, M.cw, M.ch);
  if (st == SL_ECONFIG) {
    ST->refusals++;
    sl_layout_destroy(L);
    return;
  }
  check_status(st, "set_container_size");
  ST->seeds++;
  int steps = 20 + ri(181);
  for (step_now = 1; step_now <= steps && !failed_this_seed; step_now++) {
    step();
    ST->steps++;
    if (failed_this_seed) break;
    check_measured();
    snap cur;
    int s2 = take(L, &cur);
    check_status(s2, "take");
    if (s2 == SL_OK && !failed_this_seed) {
      check_invariants(&cur);
      if (!failed_this_seed) check_fresh(&cur);
    }
    snap_free(&cur);
  }
  sl_layout_destroy(L);
  L = NULL;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  ST = mmap(NULL, sizeof(stats), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  memset(ST, 0, sizeof *ST);
  system("mkdir -p build/state-soak-failures");
  no_zero = getenv("SOAK_NO_ZERO") != NULL;
  if (argc >= 3 && strcmp(argv[1], "--one") == 0) {
    verbose = argc > 3;
    run_seed(strtoull(argv[2], NULL, 10));
    printf("seeds %ld steps %ld checks %ld failures %ld\n", ST->seeds, ST->steps, ST->checks,
           ST->failures);
    return ST->failures != 0;
  }
  uint64_t first = argc > 1 ? strtoull(argv[1], NULL, 10) : 0;
  uint64_t count = argc > 2 ? strtoull(argv[2], NULL, 10) : 100;
  double seconds = argc > 3 ? atof(argv[3]) : 1e9;
  time_t start = time(NULL);
  long failing_seeds = 0;
  uint64_t seed;
  for (seed = first; seed < first + count && difftime(time(NULL), start) < seconds; seed++) {
    long before = ST->failures;
    pid_t pid = fork();
    if (pid == 0) {
      alarm(120);
      run_seed(seed);
      fflush(stdout);
      _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      ST->crashes++;
      printf("CRASH seed=%" PRIu64 " status=%d signal=%d\n", seed, WIFEXITED(status) ? WEXITSTATUS(status) : -1,
             WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    }
    if (ST->failures != before) failing_seeds++;
  }
  printf("TOTAL seeds-run %" PRIu64 " layouts %ld steps %ld checks %ld refusals %ld failures %ld "
         "failing-seeds %ld crashes %ld\n",
         seed - first, ST->seeds, ST->steps, ST->checks, ST->refusals, ST->failures, failing_seeds,
         ST->crashes);
  return (ST->failures || ST->crashes) ? 1 : 0;
}
