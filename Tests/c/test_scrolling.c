/*
 * test_scrolling.c — the scrolling and snapping API of include/snaplayout.h, through the
 * shipped libsnaplayout.so:
 *
 *  1. the card carousel configured in JSON: scroll info, the rest offsets (two-call
 *     pattern), and the three algorithms' targets for the Swift tests' releases;
 *  2. the six orthogonal behaviours: rest offsets, a fling each, groupPagingCentered's
 *     insets, "none" and unknown containers; partial last groups' units;
 *  3. motions: sampling, settling, continuity, retargeting, invalid motions;
 *  4. interrupted gestures: the reference rest position and releases measured from it;
 *  5. scroll offsets of the main scroll and of orthogonal sections;
 *  6. the offset that shows an item;
 *  7. pinned headers and footers in rect queries;
 *  8. visible-item effects, item distances and visible-items handlers;
 *  9. properties over many random releases on every behaviour.
 *
 * The numbers are worked by hand in Tests/SnapLayoutCoreTests/ScrollingTests.swift,
 * MotionTests.swift and PinningAndEffectsTests.swift (and repeated in the comments here).
 * Every failing call is checked for its status, its error record and untouched outputs. Set
 * SL_TEST_QUICK=1 (as `make test-valgrind` does) to run a tenth of the random releases.
 */
/* It checks the deprecated sl_layout_{set,get}_section_offset() on purpose: they keep working. */
#define SL_NO_DEPRECATED_WARNINGS
#include <inttypes.h>
#include <stdint.h>

#include <float.h>

#include "test_support.h"

/* ---------------------------------------------------------------------------------------------
 * Configurations
 * ------------------------------------------------------------------------------------------- */


/*
 * The card carousel (docs/SNAPPING.md): 320-pt cards 7 pt apart, contentInset 34 on a 390-pt
 * screen, scrolling horizontally. Stride 327; card k rests at k·327 − 34; content
 * 10·320 + 9·7 = 3263; bounds [−34, 3263 + 34 − 390 = 2907] (the last card, at 2909, is clamped
 * to 2907).
 */
#define CAROUSEL_JSON(scrolling)                                                              \
  "{" CONTAINER(390, 844) ",\n \"configuration\": {\"scrollDirection\": \"horizontal\", "     \
  "\"scrolling\": {\"snapUnit\": \"item\", \"contentInset\": {\"leading\": 34, "               \
  "\"trailing\": 34}" scrolling "}},\n \"sections\": [{\"itemCount\": 10, "                    \
  "\"interGroupSpacing\": 7, \"group\": " HGROUP(ABS(320), ABS(744)) "}]}"

/* UIKit's scrollViewWillEndDragging pattern with round() and fast deceleration. */
static const char CAROUSEL_WILL_END_ROUND[] = CAROUSEL_JSON(
    ", \"algorithm\": \"uikitWillEndDragging\", \"rounding\": \"round\", "
    "\"decelerationRate\": \"fast\"");
/* UIKit's scrollViewWillEndDragging pattern, ceil/floor by direction, one page per gesture. */
static const char CAROUSEL_WILL_END_DIRECTIONAL[] = CAROUSEL_JSON(
    ", \"algorithm\": \"uikitWillEndDragging\", \"rounding\": \"directional\", "
    "\"decelerationRate\": 0.99, \"maxPagesPerGesture\": 1");
/* The flow layout targetContentOffset pattern: thresholds 0.2 and 2 pt/ms, normal deceleration. */
static const char CAROUSEL_TARGET_CONTENT_OFFSET[] = CAROUSEL_JSON(
    ", \"algorithm\": \"uikitTargetContentOffset\", \"decelerationRate\": \"normal\", "
    "\"velocityThresholds\": {\"fling\": 200, \"free\": 2000}");
/* SnapLayout's own rule, one card per gesture. */
static const char CAROUSEL_STANDARD[] = CAROUSEL_JSON(
    ", \"algorithm\": \"standard\", \"decelerationRate\": \"fast\", \"maxPagesPerGesture\": 1");
/* The standard rule without a step limit. */
static const char CAROUSEL_STANDARD_UNLIMITED[] =
    CAROUSEL_JSON(", \"decelerationRate\": \"fast\"");
/* The same carousel without a container size. */
static const char CAROUSEL_UNSIZED[] =
    "{\"configuration\": {\"scrollDirection\": \"horizontal\", \"scrolling\": {\"snapUnit\": "
    "\"item\", \"contentInset\": {\"leading\": 34, \"trailing\": 34}}}, \"sections\": [{"
    "\"itemCount\": 10, \"interGroupSpacing\": 7, \"group\": " HGROUP(ABS(320), ABS(744)) "}]}";

static const double CAROUSEL_SNAPS[10] = {-34, 293, 620, 947, 1274, 1601, 1928, 2255, 2582, 2907};

/*
 * A vertical layout with one orthogonal section: groups 312 wide (0.8 of 390), 10 apart,
 * section insets 16: content 16 + 6·312 + 5·10 + 16 = 1954, bounds [0, 1564].
 */
#define ORTHO_SECTION(behavior, extra)                                                      \
  "{\"itemCount\": 6, \"interGroupSpacing\": 10, \"contentInsets\": {\"leading\": 16, "     \
  "\"trailing\": 16}, \"orthogonalScrollingBehavior\": \"" behavior "\"" extra ", "          \
  "\"group\": " HGROUP(FW(0.8), ABS(200)) "}"
#define ORTHO_JSON(behavior) "{" CONTAINER(390, 844) ", \"sections\": [" ORTHO_SECTION(behavior, "") "]}"
#define LIST_SECTION(count, height) \
  "{\"itemCount\": " #count ", \"group\": " HGROUP(FW(1), ABS(height)) "}"

/* The six behaviours, in SL_ORTHOGONAL_* order. */
static const char *const BEHAVIOR_NAMES[6] = {"none",   "continuous",  "continuousGroupLeadingBoundary",
                                              "paging", "groupPaging", "groupPagingCentered"};
static const char *const BEHAVIOR_JSON[6] = {
    ORTHO_JSON("none"),   ORTHO_JSON("continuous"),  ORTHO_JSON("continuousGroupLeadingBoundary"),
    ORTHO_JSON("paging"), ORTHO_JSON("groupPaging"), ORTHO_JSON("groupPagingCentered"),
};

/* Section 0: the paging section above; section 1: 20 rows of 50 pt (content 200 + 1000). */
static const char TWO_SECTIONS_JSON[] =
    "{" CONTAINER(390, 844) ", \"sections\": [" ORTHO_SECTION("paging", "") ", "
    LIST_SECTION(20, 50) "]}";
static const char TWO_SECTIONS_UNSIZED[] =
    "{\"sections\": [" ORTHO_SECTION("groupPagingCentered", "") ", " LIST_SECTION(20, 50) "]}";

/* Centred groups without section insets, left-to-right and right-to-left: c_k = k·322 − 39. */
#define CENTERED_JSON(direction)                                                               \
  "{\"environment\": {\"container\": {\"width\": 390, \"height\": 844}, "                    \
  "\"layoutDirection\": \"" direction "\"}, \"sections\": [{\"itemCount\": 6, "              \
  "\"interGroupSpacing\": 10, \"orthogonalScrollingBehavior\": \"groupPagingCentered\", "     \
  "\"group\": " HGROUP(FW(0.8), ABS(200)) "}]}"

/* Content shorter than the viewport: two 100-pt groups in a 390-pt viewport. */
#define SHORT_JSON(alignment)                                                                 \
  "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 2, \"orthogonalScrollingBehavior\": " \
  "\"groupPaging\", \"orthogonalScrollingProperties\": {\"insufficientContentAlignment\": \""  \
  alignment "\"}, \"group\": " HGROUP(ABS(100), ABS(100)) "}]}"

/*
 * Three sections of 10 rows of 100 pt, each with a pinned 50-pt header and a pinned 30-pt
 * footer: section s spans 1080·s ... 1080·s + 1080, at 400 x 800.
 */
#define PINNED_ITEM(kind, alignment, height)                                              \
  "{\"elementKind\": \"" kind "\", \"alignment\": \"" alignment "\", "                   \
  "\"pinToVisibleBounds\": true, \"layoutSize\": " SIZE(FW(1), ABS(height)) "}"
#define PINNED_SECTION                                                                   \
  "{\"itemCount\": 10, \"group\": " HGROUP(FW(1), ABS(100)) ", "                         \
  "\"boundarySupplementaryItems\": [" PINNED_ITEM("header", "top", 50) ", "              \
  PINNED_ITEM("footer", "bottom", 30) "]}"
#define PINNED_JSON(configuration)                                                        \
  "{" CONTAINER(400, 800) configuration ", \"sections\": [" PINNED_SECTION ", "          \
  PINNED_SECTION ", " PINNED_SECTION "]}"

/*
 * A centred carousel: groups 312 wide (0.8 of 390), 322 apart; the first rests centred at
 * offset −39. Scale 1 → 0.9, alpha 1 → 0.5, zIndex 2 → 0 over one stride.
 */
#define ZOOM_SECTION(extra)                                                                  \
  "{\"itemCount\": 5, \"interGroupSpacing\": 10, \"orthogonalScrollingBehavior\": "         \
  "\"groupPagingCentered\", \"visibleItemEffects\": {\"scale\": {\"center\": 1, \"edge\": "  \
  "0.9}, \"alpha\": {\"center\": 1, \"edge\": 0.5}, \"zIndex\": {\"center\": 2, \"edge\": "   \
  "0}, \"distance\": 1}" extra ", \"group\": " HGROUP(FW(0.8), ABS(200)) "}"
static const char ZOOM_JSON[] = "{" CONTAINER(390, 844) ", \"sections\": [" ZOOM_SECTION("") "]}";

/* 20 rows of 100 pt fading from alpha 1 at the viewport's centre to 0 four rows away. */
#define FADING_ROWS                                                                      \
  "{\"itemCount\": 20, \"group\": " HGROUP(FW(1), ABS(100)) ", \"visibleItemEffects\": " \
  "{\"alpha\": {\"center\": 1, \"edge\": 0}, \"distance\": 4}}"
/* Section 0: three plain rows (0 ... 300); section 1: the fading rows from 300, at 400 x 800. */
static const char MAIN_EFFECTS_JSON[] =
    "{" CONTAINER(400, 800) ", \"sections\": [" LIST_SECTION(3, 100) ", " FADING_ROWS "]}";

/*
 * For visible-items handlers, at 390 x 844: section 0 is the zooming carousel under a 30-pt
 * header (header 0 ... 30, cells 30 ... 230); section 1 three plain rows (230 ... 530);
 * section 2 the fading rows (530 ... 2530). In the viewport: cells 0 and 1 and the header of
 * section 0, the three rows of section 1 and rows 0 to 3 of section 2.
 */
static const char HANDLER_JSON[] =
    "{" CONTAINER(390, 844) ", \"sections\": [" ZOOM_SECTION(
        ", \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": "
        "\"top\", \"layoutSize\": " SIZE(FW(1), ABS(30)) "}]") ", " LIST_SECTION(3, 100) ", "
    FADING_ROWS "]}";

/* ---------------------------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------------------------- */

/* (No libm: the tests link without -lm.) */
static double dmax(double a, double b) { return a > b ? a : b; }
static double dmin(double a, double b) { return a < b ? a : b; }

/* Exact comparison of doubles, printing both with all digits. */
#define CHECK_EQ(actual, expected)                                                        \
  do {                                                                                    \
    double check_a_ = (actual), check_e_ = (expected);                                    \
    CHECK(check_a_ == check_e_, "%s = %.17g, expected %.17g", #actual, check_a_, check_e_); \
  } while (0)

#define CHECK_I64(actual, expected)                                                         \
  do {                                                                                      \
    int64_t check_a_ = (actual), check_e_ = (expected);                                     \
    CHECK(check_a_ == check_e_, "%s = %" PRId64 ", expected %" PRId64, #actual, check_a_,   \
          check_e_);                                                                        \
  } while (0)

static sl_scroll_release make_release_from(double start, double release, double velocity,
                                           int64_t reference) {
  sl_scroll_release r = make_release(start, release, velocity);
  r.flags = SL_RELEASE_HAS_REFERENCE;
  r.reference_snap = reference;
  return r;
}

/* Resolves a release that must succeed; a failure is reported and gives a zeroed result. */
static sl_snap_result resolve(const sl_layout *layout, int32_t container,
                              sl_scroll_release release) {
  sl_snap_result result;
  memset(&result, 0, sizeof result);
  int status = sl_layout_resolve_scroll(layout, container, &release, &result);
  CHECK(status == SL_OK, "resolve(container %d, %g -> %g at %g pt/s) = %d: %s [%s]",
        (int)container, release.start_offset, release.release_offset, release.velocity, status,
        sl_error_last()->message, sl_error_last()->path);
  return result;
}

static sl_motion_state sample(const sl_motion *motion, double time) {
  sl_motion_state state;
  memset(&state, 0, sizeof state);
  int status = sl_motion_sample(motion, time, &state);
  CHECK(status == SL_OK, "sl_motion_sample(t = %g) = %d: %s [%s]", time, status,
        sl_error_last()->message, sl_error_last()->path);
  return state;
}

static sl_scroll_info scroll_info(const sl_layout *layout, int32_t container) {
  sl_scroll_info info;
  memset(&info, 0, sizeof info);
  int status = sl_layout_get_scroll_info(layout, container, &info);
  CHECK(status == SL_OK, "sl_layout_get_scroll_info(%d) = %d: %s [%s]", (int)container, status,
        sl_error_last()->message, sl_error_last()->path);
  return info;
}

/* Reads all rest offsets of a container into `out` (at most `capacity`); returns the count. */
static size_t snap_offsets(const sl_layout *layout, int32_t container, double *out,
                           size_t capacity) {
  size_t count = 0;
  int status = sl_layout_get_snap_offsets(layout, container, 0, NULL, 0, &count);
  CHECK(status == SL_OK, "counting rest offsets of %d: %d %s", (int)container, status,
        sl_error_last()->message);
  if (status != SL_OK || count > capacity) return 0;
  size_t written = 0;
  status = sl_layout_get_snap_offsets(layout, container, 0, out, capacity, &written);
  CHECK(status == SL_OK && written == count, "listing rest offsets of %d: %d, %zu of %zu",
        (int)container, status, written, count);
  return count;
}

static void check_offsets(const sl_layout *layout, int32_t container, const double *expected,
                          size_t expected_count, const char *label) {
  double offsets[64];
  size_t count = snap_offsets(layout, container, offsets, 64);
  CHECK(count == expected_count, "%s: %zu rest offsets, expected %zu", label, count,
        expected_count);
  for (size_t i = 0; i < count && i < expected_count; i++)
    CHECK(offsets[i] == expected[i], "%s: rest offset %zu is %.17g, expected %.17g", label, i,
          offsets[i], expected[i]);
}

static int transform_is_scale(sl_transform t, double scale) {
  return t.a == scale && t.b == 0 && t.c == 0 && t.d == scale && t.tx == 0 && t.ty == 0;
}

/* Fetches the elements in `rect` into `buffer` (capacity `capacity`); returns the count. */
static size_t query(const sl_layout *layout, sl_rect rect, sl_element *buffer, size_t capacity) {
  size_t count = 0;
  int status = sl_layout_get_elements_in_rect(layout, rect, buffer, capacity, &count);
  CHECK(status == SL_OK, "rect query: %d %s", status, sl_error_last()->message);
  return status == SL_OK ? count : 0;
}

/* The first element of a kind and section in `rect`; 0 when there is none. */
static int find_element(const sl_layout *layout, sl_rect rect, int32_t category, int32_t kind,
                        int32_t section, int64_t item, sl_element *out) {
  sl_element buffer[128];
  size_t count = query(layout, rect, buffer, 128);
  CHECK(count <= 128, "%zu elements in the rect: enlarge the buffer", count);
  for (size_t i = 0; i < count && i < 128; i++) {
    if (buffer[i].category == category && buffer[i].kind == kind &&
        buffer[i].section == section && buffer[i].item == item) {
      *out = buffer[i];
      return 1;
    }
  }
  return 0;
}

static int motion_equal(const sl_motion *a, const sl_motion *b) {
  return a->kind == b->kind && a->reserved == b->reserved && a->start_offset == b->start_offset &&
         a->start_velocity == b->start_velocity && a->target_offset == b->target_offset &&
         a->duration == b->duration && a->decay == b->decay && a->omega == b->omega &&
         a->damping_ratio == b->damping_ratio && a->epsilon_offset == b->epsilon_offset &&
         a->epsilon_velocity == b->epsilon_velocity &&
         a->landing_min_rate == b->landing_min_rate && a->landing_max_rate == b->landing_max_rate;
}

/* A small deterministic generator (xorshift64*), uniform in [low, high). */
typedef struct generator {
  uint64_t state;
} generator;

static double next_uniform(generator *g, double low, double high) {
  g->state ^= g->state >> 12;
  g->state ^= g->state << 25;
  g->state ^= g->state >> 27;
  uint64_t bits = (g->state * 0x2545F4914F6CDD1DULL) >> 11;
  return low + (high - low) * ((double)bits / 9007199254740992.0);
}

/* ---------------------------------------------------------------------------------------------
 * 1. The card carousel
 * ------------------------------------------------------------------------------------------- */

static void test_carousel_geometry(void) {
  sl_layout *layout = create_layout(CAROUSEL_STANDARD);
  if (layout == NULL) return;
  sl_scroll_info info = scroll_info(layout, SL_SCROLL_MAIN);
  CHECK_EQ(info.viewport_length, 390);
  CHECK_EQ(info.content_length, 3263);
  CHECK_EQ(info.inset_leading, 34);
  CHECK_EQ(info.inset_trailing, 34);
  CHECK_EQ(info.min_offset, -34);
  CHECK_EQ(info.max_offset, 2907);
  CHECK_EQ(info.offset, -34);
  CHECK_EQ(info.deceleration_rate, 0.99);
  CHECK_I64(info.snap_count, 10);
  CHECK(info.container == SL_SCROLL_MAIN, "container %d", (int)info.container);
  CHECK(info.horizontal == 1, "horizontal %d", (int)info.horizontal);
  CHECK(info.orthogonal_scrolling_behavior == SL_ORTHOGONAL_NONE, "behavior %d",
        (int)info.orthogonal_scrolling_behavior);
  CHECK(info.snap_unit == SL_SNAP_ITEM, "snap unit %d", (int)info.snap_unit);
  CHECK(info.max_pages_per_gesture == 1, "max pages %d", (int)info.max_pages_per_gesture);
  CHECK(info.bounce == SL_BOUNCE_AUTOMATIC, "bounce %d", (int)info.bounce);

  /* Deceleration rates: "normal", a number. */
  sl_layout *normal = create_layout(CAROUSEL_TARGET_CONTENT_OFFSET);
  if (normal != NULL) {
    sl_scroll_info n = scroll_info(normal, SL_SCROLL_MAIN);
    CHECK_EQ(n.deceleration_rate, 0.998);
    CHECK(n.max_pages_per_gesture == 0, "max pages %d", (int)n.max_pages_per_gesture);
    sl_layout_destroy(normal);
  }
  sl_layout *directional = create_layout(CAROUSEL_WILL_END_DIRECTIONAL);
  if (directional != NULL) {
    CHECK_EQ(scroll_info(directional, SL_SCROLL_MAIN).deceleration_rate, 0.99);
    sl_layout_destroy(directional);
  }

  /* Errors: NULL arguments, unknown containers; the output stays untouched. */
  sl_scroll_info untouched;
  fill_sentinel(&untouched, sizeof untouched);
  CHECK_ERROR(sl_layout_get_scroll_info(NULL, SL_SCROLL_MAIN, &untouched), SL_EINVAL, "layout",
              NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, NULL), SL_EINVAL, "out_info",
              NULL);
  static const int32_t bad_containers[] = {1, 2, -2, INT32_MAX, INT32_MIN};
  for (size_t i = 0; i < sizeof bad_containers / sizeof bad_containers[0]; i++) {
    CHECK_ERROR(sl_layout_get_scroll_info(layout, bad_containers[i], &untouched), SL_ERANGE,
                "container", NULL);
    CHECK_UNTOUCHED(untouched);
  }
  /* Section 0 follows the main axis: not a scroll container of its own. */
  CHECK_ERROR(sl_layout_get_scroll_info(layout, 0, &untouched), SL_EINVAL, "container", NULL);
  CHECK_UNTOUCHED(untouched);

  /* The fractional position among the rest positions. */
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, 293 + 327 * 0.25, &position),
               SL_OK);
  CHECK_I64(position.index, 1);
  CHECK_NEAR(position.progress, 1.25, 1e-12);
  CHECK_I64(position.item, 1);
  CHECK(position.section == 0, "section %d", (int)position.section);
  CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, 293 + 327 * 0.75, &position),
               SL_OK);
  CHECK_I64(position.index, 2);
  CHECK_NEAR(position.progress, 1.75, 1e-12);
  CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, -500, &position), SL_OK);
  CHECK(position.index == 0 && position.progress == 0, "before the start: %" PRId64 " %g",
        position.index, position.progress);
  CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, 9000, &position), SL_OK);
  CHECK(position.index == 9 && position.progress == 9 && position.item == 9,
        "past the end: %" PRId64 " %g item %" PRId64, position.index, position.progress,
        position.item);
  sl_snap_position untouched_position;
  fill_sentinel(&untouched_position, sizeof untouched_position);
  CHECK_ERROR(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, NAN, &untouched_position),
              SL_EINVAL, "offset", NULL);
  CHECK_UNTOUCHED(untouched_position);
  CHECK_ERROR(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, INFINITY, &untouched_position),
              SL_EINVAL, "offset", NULL);
  CHECK_UNTOUCHED(untouched_position);
  CHECK_ERROR(sl_layout_get_snap_position(layout, 3, 0, &untouched_position), SL_ERANGE,
              "container", NULL);
  CHECK_UNTOUCHED(untouched_position);
  CHECK_ERROR(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, 0, NULL), SL_EINVAL,
              "out_position", NULL);
  CHECK_ERROR(sl_layout_get_snap_position(NULL, SL_SCROLL_MAIN, 0, &untouched_position),
              SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(untouched_position);
  sl_layout_destroy(layout);
}

static void test_carousel_snap_offsets(void) {
  sl_layout *layout = create_layout(CAROUSEL_STANDARD);
  if (layout == NULL) return;

  /* Counting: NULL buffer (any capacity). */
  size_t count = 0;
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, NULL, 0, &count), SL_OK);
  CHECK(count == 10, "count %zu, expected 10", count);
  count = 0;
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, NULL, 5, &count), SL_OK);
  CHECK(count == 10, "count with a NULL buffer and capacity 5: %zu", count);

  /* A buffer with room to spare: the rest is not written. */
  double buffer[12];
  fill_sentinel(buffer, sizeof buffer);
  count = 0;
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, buffer, 12, &count), SL_OK);
  CHECK(count == 10, "count %zu", count);
  for (size_t i = 0; i < 10; i++)
    CHECK(buffer[i] == CAROUSEL_SNAPS[i], "offset %zu is %.17g, expected %.17g", i, buffer[i],
          CAROUSEL_SNAPS[i]);
  CHECK(is_sentinel(buffer + 10, 2 * sizeof(double)), "entries past the count were written");

  /* Exactly the right size. */
  fill_sentinel(buffer, sizeof buffer);
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, buffer, 10, &count), SL_OK);
  CHECK(count == 10 && buffer[9] == 2907, "count %zu, last %.17g", count, buffer[9]);

  /* A small buffer: SL_EBUFS, the full count, the first entries written, no more. */
  fill_sentinel(buffer, sizeof buffer);
  count = 0;
  CHECK_ERROR(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, buffer, 4, &count), SL_EBUFS,
              "capacity", NULL);
  CHECK(count == 10, "count after SL_EBUFS: %zu", count);
  for (size_t i = 0; i < 4; i++)
    CHECK(buffer[i] == CAROUSEL_SNAPS[i], "partial offset %zu is %.17g", i, buffer[i]);
  CHECK(is_sentinel(buffer + 4, 8 * sizeof(double)), "SL_EBUFS wrote past the capacity");

  /* Capacity 0 with a buffer: nothing written, SL_EBUFS. */
  fill_sentinel(buffer, sizeof buffer);
  count = 0;
  CHECK_ERROR(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, buffer, 0, &count), SL_EBUFS,
              "capacity", NULL);
  CHECK(count == 10, "count %zu", count);
  CHECK(is_sentinel(buffer, sizeof buffer), "capacity 0 wrote to the buffer");

  /* From the middle. */
  fill_sentinel(buffer, sizeof buffer);
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 6, buffer, 12, &count), SL_OK);
  CHECK(count == 4, "count from 6: %zu", count);
  for (size_t i = 0; i < 4; i++)
    CHECK(buffer[i] == CAROUSEL_SNAPS[6 + i], "offset %zu from 6 is %.17g, expected %.17g", i,
          buffer[i], CAROUSEL_SNAPS[6 + i]);
  CHECK(is_sentinel(buffer + 4, 8 * sizeof(double)), "entries past the count were written");
  fill_sentinel(buffer, sizeof buffer);
  CHECK_ERROR(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 6, buffer, 2, &count), SL_EBUFS,
              "capacity", NULL);
  CHECK(count == 4 && buffer[0] == 1928 && buffer[1] == 2255, "from 6 into 2: %zu, %g %g", count,
        buffer[0], buffer[1]);
  CHECK(is_sentinel(buffer + 2, 10 * sizeof(double)), "SL_EBUFS wrote past the capacity");
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 9, buffer, 1, &count), SL_OK);
  CHECK(count == 1 && buffer[0] == 2907, "from 9: %zu, %g", count, buffer[0]);

  /* `first` = count: nothing follows. */
  fill_sentinel(buffer, sizeof buffer);
  count = 99;
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 10, buffer, 12, &count), SL_OK);
  CHECK(count == 0, "count from 10: %zu", count);
  CHECK(is_sentinel(buffer, sizeof buffer), "the buffer was written with nothing to write");
  count = 99;
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 10, NULL, 0, &count), SL_OK);
  CHECK(count == 0, "count from 10: %zu", count);

  /* `first` out of range; bad containers; NULL arguments. */
  static const int64_t bad_first[] = {11, 12, -1, INT64_MAX, INT64_MIN};
  for (size_t i = 0; i < sizeof bad_first / sizeof bad_first[0]; i++) {
    size_t untouched;
    fill_sentinel(&untouched, sizeof untouched);
    fill_sentinel(buffer, sizeof buffer);
    CHECK_ERROR(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, bad_first[i], buffer, 12,
                                           &untouched),
                SL_ERANGE, "first", NULL);
    CHECK_UNTOUCHED(untouched);
    CHECK(is_sentinel(buffer, sizeof buffer), "buffer written for first %" PRId64, bad_first[i]);
  }
  size_t untouched;
  fill_sentinel(&untouched, sizeof untouched);
  CHECK_ERROR(sl_layout_get_snap_offsets(layout, 1, 0, NULL, 0, &untouched), SL_ERANGE,
              "container", NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_get_snap_offsets(layout, -2, 0, NULL, 0, &untouched), SL_ERANGE,
              "container", NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_get_snap_offsets(NULL, SL_SCROLL_MAIN, 0, NULL, 0, &untouched), SL_EINVAL,
              "layout", NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, buffer, 12, NULL), SL_EINVAL,
              "out_count", NULL);
  sl_layout_destroy(layout);
}

/* One release of the Swift tests and everything the decision reports. */
typedef struct release_case {
  double start, release, velocity;
  double target;
  int64_t snap;
  int64_t reference;
  double progress;
} release_case;

/*
 * Resolves every case on `container` and checks target, snap index, item (the snap index when
 * `items` is set — one cell per rest position — else -1), section, reference and progress, and
 * that the motion starts at the release and settles exactly on the target.
 */
static void check_cases(const sl_layout *layout, int32_t container, const release_case *cases,
                        size_t count, int items, const char *label) {
  for (size_t i = 0; i < count; i++) {
    const release_case *c = &cases[i];
    sl_snap_result r = resolve(layout, container, make_release(c->start, c->release, c->velocity));
    CHECK(r.target_offset == c->target,
          "%s case %zu (%g -> %g at %g pt/s): target %.17g, expected %.17g", label, i, c->start,
          c->release, c->velocity, r.target_offset, c->target);
    CHECK(r.snap_index == c->snap, "%s case %zu: snap_index %" PRId64 ", expected %" PRId64,
          label, i, r.snap_index, c->snap);
    int64_t item = items ? c->snap : -1;
    CHECK(r.item == item, "%s case %zu: item %" PRId64 ", expected %" PRId64, label, i, r.item,
          item);
    if (items)
      CHECK(r.section == (container == SL_SCROLL_MAIN ? 0 : container),
            "%s case %zu: section %d", label, i, (int)r.section);
    CHECK(r.reference_snap == c->reference,
          "%s case %zu: reference_snap %" PRId64 ", expected %" PRId64, label, i,
          r.reference_snap, c->reference);
    CHECK(fabs(r.release_progress - c->progress) <= 1e-12,
          "%s case %zu: release_progress %.17g, expected %.17g", label, i, r.release_progress,
          c->progress);
    CHECK(r.reserved == 0, "%s case %zu: reserved %d", label, i, (int)r.reserved);
    CHECK(r.motion.target_offset == c->target && r.motion.start_offset == c->release &&
              r.motion.start_velocity == c->velocity,
          "%s case %zu: motion %.17g -> %.17g at %g", label, i, r.motion.start_offset,
          r.motion.target_offset, r.motion.start_velocity);
    sl_motion_state end = sample(&r.motion, r.motion.duration);
    CHECK(end.settled == 1 && end.offset == c->target && end.velocity == 0,
          "%s case %zu: at its duration the motion is at %.17g (%g pt/s, settled %d)", label, i,
          end.offset, end.velocity, (int)end.settled);
  }
}

static void test_carousel_algorithms(void) {
  /* scrollViewWillEndDragging, round: projection v/1000 · 99; round((x + 34)/327). */
  static const release_case round_cases[] = {
      {-34, 100, 0, -34, 0, 0, 134.0 / 327},     /* 0.41 → 0 */
      {-34, 150, 0, 293, 1, 0, 184.0 / 327},     /* 0.56 → 1 */
      {-34, 0, 1000, -34, 0, 0, 34.0 / 327},     /* 0 + 99 → 0.41 → 0: the pattern's defect */
      {-34, 0, 2000, 293, 1, 0, 34.0 / 327},     /* 0 + 198 → 0.71 → 1 */
      {2907, 2907, 1000, 2907, 9, 9, 9},         /* 3006 → 9.30 → 9 → 2909, clamped */
  };
  /* scrollViewWillEndDragging, ceil/floor by direction, one step from the touch-down card. */
  static const release_case directional_cases[] = {
      {-34, 50, 500, 293, 1, 0, 84.0 / 327},     /* 99.5 → 0.41 → ceil 1 */
      {-34, 100, 10000, 293, 1, 0, 134.0 / 327}, /* 1090 → 3.44 → ceil 4, one step → 1 */
      {293, 250, -500, -34, 0, 1, 284.0 / 327},  /* 200.5 → 0.72 → floor 0 */
      {2907, 2907, 1000, 2907, 9, 9, 9},         /* ceil 10 → 3236, clamped */
  };
  /* targetContentOffset: thresholds 200 and 2000 pt/s, normal deceleration (v/1000 · 499). */
  static const release_case target_cases[] = {
      {293, 293, 100, 293, 1, 1, 1},             /* slow: round((293 − 34)/327) = 1 */
      {293, 293, 500, 620, 2, 1, 1},             /* one page forward */
      {293, 293, -500, -34, 0, 1, 1},            /* ceil(259/327) − 1 = 0 */
      {293, 400, 3000, 1928, 6, 1, 1 + 107.0 / 327}, /* round((400 + 1497 − 34)/327) = 6 */
      {-34, 150, 0, -34, 0, 0, 184.0 / 327},     /* round(116/327) = 0: the inset bias */
      {2907, 2907, 500, 2907, 9, 9, 9},          /* page 10 → 3236, clamped */
      {293, 560, 500, 947, 3, 1, 1 + 267.0 / 327}, /* round(526/327) + 1 = 3: two pages */
  };
  /* SnapLayout's rule fixes the defects. */
  static const release_case standard_cases[] = {
      {-34, 0, 1000, 293, 1, 0, 34.0 / 327},     /* a forward fling never rests behind */
      {293, 560, 500, 620, 2, 1, 1 + 267.0 / 327}, /* one card from the touch-down card */
      {-34, 150, 0, 293, 1, 0, 184.0 / 327},     /* 0.56 of a card: no inset bias */
      {-34, 100, 0, -34, 0, 0, 134.0 / 327},     /* 0.41 of a card, slow: back */
      {293, 293, 0, 293, 1, 1, 1},               /* at rest without velocity: stays */
      {2907, 2907, 1000, 2907, 9, 9, 9},         /* nowhere further to go */
  };
  static const struct {
    const char *json;
    const release_case *cases;
    size_t count;
    const char *label;
  } suites[] = {
      {CAROUSEL_WILL_END_ROUND, round_cases, sizeof round_cases / sizeof round_cases[0],
       "uikitWillEndDragging/round"},
      {CAROUSEL_WILL_END_DIRECTIONAL, directional_cases,
       sizeof directional_cases / sizeof directional_cases[0], "uikitWillEndDragging/directional"},
      {CAROUSEL_TARGET_CONTENT_OFFSET, target_cases, sizeof target_cases / sizeof target_cases[0],
       "uikitTargetContentOffset"},
      {CAROUSEL_STANDARD, standard_cases, sizeof standard_cases / sizeof standard_cases[0],
       "standard"},
  };
  for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++) {
    sl_layout *layout = create_layout(suites[s].json);
    if (layout == NULL) continue;
    check_cases(layout, SL_SCROLL_MAIN, suites[s].cases, suites[s].count, 1, suites[s].label);
    sl_layout_destroy(layout);
  }

  /* The standard rule's motions: a fling that heads for its target decays onto it; a slow drag
   * released back springs, seeded with the forward velocity. */
  sl_layout *layout = create_layout(CAROUSEL_STANDARD);
  if (layout == NULL) return;
  /* A gentle fling (1000 pt/s) would need 0.99659 per ms to glide onto card 1: slower than a
   * fast (0.99) carousel may glide (at most 0.995), so it springs there. */
  sl_snap_result gentle = resolve(layout, SL_SCROLL_MAIN, make_release(-34, 0, 1000));
  CHECK(gentle.target_offset == 293 && gentle.motion.kind == SL_MOTION_SPRING,
        "gentle fling: target %g kind %d", gentle.target_offset, (int)gentle.motion.kind);
  sl_snap_result fling = resolve(layout, SL_SCROLL_MAIN, make_release(-34, 0, 2000));
  CHECK(fling.snap_index == 1 && fling.item == 1 && fling.section == 0,
        "fling: snap %" PRId64 " item %" PRId64 " section %d", fling.snap_index, fling.item,
        (int)fling.section);
  CHECK(fling.motion.kind == SL_MOTION_DECAY, "fling motion kind %d", (int)fling.motion.kind);
  /* 2000 pt/s toward a target 293 pt away: k = 2000/293 per second (0.99320 kept per ms). */
  CHECK_NEAR(fling.motion.decay, 2000.0 / 293, 1e-12);
  /* Settled once within 0.25 pt and 1 pt/s: ln(max(293/0.25, 2000/1))/k. */
  CHECK_NEAR(fling.motion.duration, 1.113532210322915, 1e-9); /* ln(2000) · 0.1465 */
  CHECK(fling.motion.epsilon_offset == 0.25 && fling.motion.epsilon_velocity == 1,
        "tolerances %g pt, %g pt/s", fling.motion.epsilon_offset, fling.motion.epsilon_velocity);
  /* Fast carousel: the band is capped halfway between 0.99 and 1. */
  CHECK(fling.motion.landing_min_rate == 0.99 && fling.motion.landing_max_rate == 0.995,
        "landing band %g ... %g", fling.motion.landing_min_rate, fling.motion.landing_max_rate);
  /* The standard spring: response 0.3 s, critically damped. */
  CHECK_NEAR(fling.motion.omega, 2 * 3.14159265358979323846 / 0.3, 1e-9);
  CHECK_EQ(fling.motion.damping_ratio, 1);
  sl_motion_state end = sample(&fling.motion, fling.motion.duration);
  CHECK(end.offset == 293 && end.velocity == 0 && end.settled == 1, "fling ends at %.17g",
        end.offset);

  sl_snap_result back = resolve(layout, SL_SCROLL_MAIN, make_release(-34, 20, 50));
  CHECK(back.target_offset == -34 && back.motion.kind == SL_MOTION_SPRING,
        "slow drag back: target %g, motion kind %d", back.target_offset, (int)back.motion.kind);
  CHECK(sample(&back.motion, 0).velocity == 50, "the spring does not start at 50 pt/s");
  CHECK(sample(&back.motion, 0.001).offset > 20, "the spring does not carry the drag forward");
  CHECK_NEAR(back.release_progress, 54.0 / 327, 1e-12);

  /* Resolving changes nothing: the offset is the host's to set. */
  double offset_after = 0;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset_after), SL_OK);
  CHECK_EQ(offset_after, -34);

  /* Overscroll: the decision clamps, the motion starts where the content really is. */
  sl_snap_result overscroll = resolve(layout, SL_SCROLL_MAIN, make_release(-34, -200, 0));
  CHECK(overscroll.target_offset == -34 && overscroll.motion.start_offset == -200 &&
            overscroll.snap_index == 0 && overscroll.release_progress == 0,
        "overscroll: target %g from %g, snap %" PRId64 ", progress %g", overscroll.target_offset,
        overscroll.motion.start_offset, overscroll.snap_index, overscroll.release_progress);
  sl_snap_result past_end = resolve(layout, SL_SCROLL_MAIN, make_release(2907, 3100, -10));
  CHECK(past_end.target_offset == 2907 && past_end.motion.start_offset == 3100 &&
            past_end.motion.kind == SL_MOTION_SPRING,
        "overscroll past the end: target %g from %g, kind %d", past_end.target_offset,
        past_end.motion.start_offset, (int)past_end.motion.kind);
  sl_layout_destroy(layout);

  /* JSON spring and landing band reach the motion. */
  sl_layout *tuned = create_layout(CAROUSEL_JSON(
      ", \"spring\": {\"dampingRatio\": 0.5, \"response\": 0.5}, \"decayLanding\": "
      "{\"minimumRate\": 0.9, \"maximumRate\": 0.95}, \"decelerationRate\": \"fast\", "
      "\"maxPagesPerGesture\": 1, \"bounce\": \"always\""));
  if (tuned != NULL) {
    sl_scroll_info info = scroll_info(tuned, SL_SCROLL_MAIN);
    CHECK(info.bounce == SL_BOUNCE_ALWAYS, "bounce %d", (int)info.bounce);
    /* Same decision as above; the decay's rate 0.99659 is outside [0.9, 0.95]: a spring. */
    sl_snap_result r = resolve(tuned, SL_SCROLL_MAIN, make_release(-34, 0, 1000));
    CHECK(r.target_offset == 293, "tuned target %g", r.target_offset);
    CHECK(r.motion.kind == SL_MOTION_SPRING, "tuned motion kind %d", (int)r.motion.kind);
    CHECK_NEAR(r.motion.omega, 2 * 3.14159265358979323846 / 0.5, 1e-9);
    CHECK_EQ(r.motion.damping_ratio, 0.5);
    CHECK(r.motion.landing_min_rate == 0.9 && r.motion.landing_max_rate == 0.95,
          "tuned landing band %g ... %g", r.motion.landing_min_rate, r.motion.landing_max_rate);
    sl_layout_destroy(tuned);
  }
}

/* ---------------------------------------------------------------------------------------------
 * 2. The six orthogonal behaviours
 * ------------------------------------------------------------------------------------------- */

static void test_orthogonal_behaviors(void) {
  static const struct {
    int32_t snap_unit;
    int32_t max_pages;
    double rate;
    double min_offset, max_offset, inset;
    size_t snap_count;
    double snaps[6];
  } expected[6] = {
      {0, 0, 0, 0, 0, 0, 0, {0}}, /* none: not a container */
      {SL_SNAP_NONE, 0, 0.998, 0, 1564, 0, 0, {0}},
      {SL_SNAP_GROUP, 0, 0.998, 0, 1564, 0, 6, {0, 322, 644, 966, 1288, 1564}},
      {SL_SNAP_PAGE, 1, 0.99, 0, 1564, 0, 6, {0, 390, 780, 1170, 1560, 1564}},
      {SL_SNAP_GROUP, 1, 0.99, 0, 1564, 0, 6, {0, 322, 644, 966, 1288, 1564}},
      /* c_k = 16 + k·322 + 156 − 195 = k·322 − 23 */
      {SL_SNAP_GROUP, 1, 0.99, -23, 1587, 23, 6, {-23, 299, 621, 943, 1265, 1587}},
  };
  for (int behavior = 1; behavior < 6; behavior++) {
    sl_layout *layout = create_layout(BEHAVIOR_JSON[behavior]);
    if (layout == NULL) continue;
    const char *name = BEHAVIOR_NAMES[behavior];
    sl_scroll_info info = scroll_info(layout, 0);
    CHECK(info.container == 0 && info.horizontal == 1, "%s: container %d, horizontal %d", name,
          (int)info.container, (int)info.horizontal);
    CHECK(info.orthogonal_scrolling_behavior == behavior, "%s: behaviour %d", name,
          (int)info.orthogonal_scrolling_behavior);
    CHECK(info.snap_unit == expected[behavior].snap_unit, "%s: snap unit %d", name,
          (int)info.snap_unit);
    CHECK(info.max_pages_per_gesture == expected[behavior].max_pages, "%s: max pages %d", name,
          (int)info.max_pages_per_gesture);
    CHECK(info.deceleration_rate == expected[behavior].rate, "%s: rate %g", name,
          info.deceleration_rate);
    CHECK(info.viewport_length == 390 && info.content_length == 1954,
          "%s: viewport %g, content %g", name, info.viewport_length, info.content_length);
    CHECK(info.min_offset == expected[behavior].min_offset &&
              info.max_offset == expected[behavior].max_offset,
          "%s: bounds [%.17g, %.17g]", name, info.min_offset, info.max_offset);
    CHECK(info.inset_leading == expected[behavior].inset &&
              info.inset_trailing == expected[behavior].inset,
          "%s: insets %.17g, %.17g", name, info.inset_leading, info.inset_trailing);
    /* A container rests at its initial offset until the host sets one. */
    CHECK(info.offset == expected[behavior].min_offset, "%s: initial offset %.17g", name,
          info.offset);
    CHECK_I64(info.snap_count, (int64_t)expected[behavior].snap_count);
    check_offsets(layout, 0, expected[behavior].snaps, expected[behavior].snap_count, name);
    /* The main scroll of this short vertical layout. */
    sl_scroll_info main_info = scroll_info(layout, SL_SCROLL_MAIN);
    CHECK(main_info.horizontal == 0 && main_info.viewport_length == 844 &&
              main_info.orthogonal_scrolling_behavior == SL_ORTHOGONAL_NONE,
          "%s: main scroll horizontal %d, viewport %g", name, (int)main_info.horizontal,
          main_info.viewport_length);
    sl_layout_destroy(layout);
  }

  /* continuous: free deceleration at the normal rate, clamped. */
  sl_layout *layout = create_layout(BEHAVIOR_JSON[SL_ORTHOGONAL_CONTINUOUS]);
  if (layout != NULL) {
    sl_snap_result free_fling = resolve(layout, 0, make_release(0, 100, 500));
    CHECK_NEAR(free_fling.target_offset, 100 + 0.5 * 0.998 / 0.002, 1e-9);
    CHECK(free_fling.snap_index == -1 && free_fling.item == -1 && free_fling.reference_snap == -1,
          "continuous: snap %" PRId64 ", item %" PRId64 ", reference %" PRId64,
          free_fling.snap_index, free_fling.item, free_fling.reference_snap);
    CHECK_EQ(resolve(layout, 0, make_release(0, 1400, 5000)).target_offset, 1564);
    CHECK_EQ(resolve(layout, 0, make_release(500, 200, -5000)).target_offset, 0);
    sl_snap_position position;
    CHECK_STATUS(sl_layout_get_snap_position(layout, 0, 700, &position), SL_OK);
    CHECK(position.index == -1 && position.item == -1, "continuous position: %" PRId64,
          position.index);
    size_t count = 99;
    CHECK_STATUS(sl_layout_get_snap_offsets(layout, 0, 0, NULL, 0, &count), SL_OK);
    CHECK(count == 0, "continuous: %zu rest offsets", count);
    sl_layout_destroy(layout);
  }

  /* continuousGroupLeadingBoundary: 100 + 499 = 599, nearest 644: two groups on. */
  static const release_case leading_cases[] = {
      {0, 100, 1000, 644, 2, 0, 100.0 / 322},
      {966, 900, -1000, 322, 1, 3, 2 + (900.0 - 644) / 322}, /* 900 − 499 = 401 → 322 */
  };
  /* paging: pages of the viewport, the last one partial, one per gesture. */
  static const release_case paging_cases[] = {
      {0, 50, 500, 390, 1, 0, 50.0 / 390},
      {0, 200, 0, 390, 1, 0, 200.0 / 390},
      {0, 150, 0, 0, 0, 0, 150.0 / 390},
      {390, 400, 20000, 780, 2, 1, 1 + 10.0 / 390},
  };
  /* groupPaging: one group per gesture, however hard the fling. */
  static const release_case group_cases[] = {
      {0, 30, 300, 322, 1, 0, 30.0 / 322},
      {0, 0, 10000, 322, 1, 0, 0},
      {644, 600, -400, 322, 1, 2, 1 + (600.0 - 322) / 322},
  };
  static const release_case centered_cases[] = {
      {-23, 0, 600, 299, 1, 0, 23.0 / 322},
      {299, 299, -20000, -23, 0, 1, 1},
  };
  static const struct {
    int behavior;
    const release_case *cases;
    size_t count;
    int items;
  } flings[] = {
      {SL_ORTHOGONAL_CONTINUOUS_GROUP_LEADING_BOUNDARY, leading_cases, 2, 1},
      {SL_ORTHOGONAL_PAGING, paging_cases, 4, 0},
      {SL_ORTHOGONAL_GROUP_PAGING, group_cases, 3, 1},
      {SL_ORTHOGONAL_GROUP_PAGING_CENTERED, centered_cases, 2, 1},
  };
  for (size_t i = 0; i < sizeof flings / sizeof flings[0]; i++) {
    layout = create_layout(BEHAVIOR_JSON[flings[i].behavior]);
    if (layout == NULL) continue;
    check_cases(layout, 0, flings[i].cases, flings[i].count, flings[i].items,
                BEHAVIOR_NAMES[flings[i].behavior]);
    sl_layout_destroy(layout);
  }

  /* groupPagingCentered: resting on group 1, its cell is centred in the 390-pt viewport. */
  layout = create_layout(BEHAVIOR_JSON[SL_ORTHOGONAL_GROUP_PAGING_CENTERED]);
  if (layout != NULL) {
    sl_rect frame;
    CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 0, &frame), SL_OK);
    CHECK(frame.x + frame.width / 2 == 195, "at the initial offset cell 0's centre is at %.17g",
          frame.x + frame.width / 2);
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 299), SL_OK);
    CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 1, &frame), SL_OK);
    CHECK(frame.x + frame.width / 2 == 195 && frame.width == 312,
          "resting on group 1, cell 1 is at x %.17g, width %g", frame.x, frame.width);
    sl_layout_destroy(layout);
  }

  /* none: the section is not a scroll container; a section that does not exist is unknown. */
  layout = create_layout(BEHAVIOR_JSON[SL_ORTHOGONAL_NONE]);
  if (layout != NULL) {
    sl_scroll_info untouched;
    fill_sentinel(&untouched, sizeof untouched);
    CHECK_ERROR(sl_layout_get_scroll_info(layout, 0, &untouched), SL_EINVAL, "container",
                "does not scroll");
    CHECK_UNTOUCHED(untouched);
    CHECK_ERROR(sl_layout_get_scroll_info(layout, 1, &untouched), SL_ERANGE, "container",
                "does not exist");
    CHECK_UNTOUCHED(untouched);
    sl_scroll_release release = make_release(0, 10, 100);
    sl_snap_result result;
    fill_sentinel(&result, sizeof result);
    CHECK_ERROR(sl_layout_resolve_scroll(layout, 0, &release, &result), SL_EINVAL, "container",
                "does not scroll");
    CHECK_UNTOUCHED(result);
    CHECK_ERROR(sl_layout_resolve_scroll(layout, 1, &release, &result), SL_ERANGE, "container",
                NULL);
    CHECK_UNTOUCHED(result);
    size_t count;
    fill_sentinel(&count, sizeof count);
    CHECK_ERROR(sl_layout_get_snap_offsets(layout, 0, 0, NULL, 0, &count), SL_EINVAL,
                "container", NULL);
    CHECK_UNTOUCHED(count);
    double offset;
    fill_sentinel(&offset, sizeof offset);
    CHECK_ERROR(sl_layout_get_scroll_offset(layout, 0, &offset), SL_EINVAL, "container", NULL);
    CHECK_UNTOUCHED(offset);
    CHECK_ERROR(sl_layout_set_scroll_offset(layout, 0, 10), SL_EINVAL, "container", NULL);
    int64_t snap;
    fill_sentinel(&snap, sizeof snap);
    CHECK_ERROR(sl_layout_get_reference_snap(layout, 0, 0, NULL, 0, &snap), SL_EINVAL,
                "container", NULL);
    CHECK_UNTOUCHED(snap);
    sl_layout_destroy(layout);
  }

  /* A section's orthogonalScrollingProperties override its behaviour's defaults. */
  layout = create_layout(
      "{" CONTAINER(390, 844) ", \"sections\": [" ORTHO_SECTION(
          "groupPaging", ", \"orthogonalScrollingProperties\": {\"decelerationRate\": 0.995, "
                         "\"bounce\": \"never\", \"maxPagesPerGesture\": 2}") "]}");
  if (layout != NULL) {
    sl_scroll_info info = scroll_info(layout, 0);
    CHECK(info.deceleration_rate == 0.995 && info.bounce == SL_BOUNCE_NEVER &&
              info.max_pages_per_gesture == 2 && info.snap_unit == SL_SNAP_GROUP,
          "overridden groupPaging: rate %g, bounce %d, max pages %d, unit %d",
          info.deceleration_rate, (int)info.bounce, (int)info.max_pages_per_gesture,
          (int)info.snap_unit);
    /* 10 pt/ms · 0.995/0.005 = 1990 → the end, held to two groups: 644. */
    sl_snap_result r = resolve(layout, 0, make_release(0, 0, 10000));
    CHECK(r.target_offset == 644 && r.snap_index == 2, "two groups per gesture: %g, snap %" PRId64,
          r.target_offset, r.snap_index);
    sl_layout_destroy(layout);
  }

  /* Right-to-left: the same logical decisions, mirrored frames. */
  sl_layout *ltr = create_layout(CENTERED_JSON("leftToRight"));
  sl_layout *rtl = create_layout(CENTERED_JSON("rightToLeft"));
  if (ltr != NULL && rtl != NULL) {
    static const double centered[6] = {-39, 283, 605, 927, 1249, 1571};
    check_offsets(ltr, 0, centered, 6, "centred, left-to-right");
    check_offsets(rtl, 0, centered, 6, "centred, right-to-left");
    sl_snap_result a = resolve(ltr, 0, make_release(-39, 10, 700));
    sl_snap_result b = resolve(rtl, 0, make_release(-39, 10, 700));
    CHECK(a.target_offset == 283 && a.snap_index == 1, "left-to-right: %g, snap %" PRId64,
          a.target_offset, a.snap_index);
    CHECK(b.target_offset == a.target_offset && b.snap_index == a.snap_index &&
              b.item == a.item && b.reference_snap == a.reference_snap &&
              b.release_progress == a.release_progress && motion_equal(&a.motion, &b.motion),
          "right-to-left decides differently: %g, snap %" PRId64, b.target_offset, b.snap_index);
    CHECK_STATUS(sl_layout_set_scroll_offset(ltr, 0, a.target_offset), SL_OK);
    CHECK_STATUS(sl_layout_set_scroll_offset(rtl, 0, a.target_offset), SL_OK);
    sl_rect left1, right1, left0, right0;
    CHECK_STATUS(sl_layout_get_item_frame(ltr, 0, 1, &left1), SL_OK);
    CHECK_STATUS(sl_layout_get_item_frame(rtl, 0, 1, &right1), SL_OK);
    CHECK_STATUS(sl_layout_get_item_frame(ltr, 0, 0, &left0), SL_OK);
    CHECK_STATUS(sl_layout_get_item_frame(rtl, 0, 0, &right0), SL_OK);
    CHECK(left1.x + left1.width / 2 == 195 && right1.x + right1.width / 2 == 195,
          "resting on group 1: centres %.17g (LTR) and %.17g (RTL)", left1.x + left1.width / 2,
          right1.x + right1.width / 2);
    CHECK(left0.x < left1.x && right0.x > right1.x,
          "item 0 is not before item 1 in reading order: LTR %g/%g, RTL %g/%g", left0.x, left1.x,
          right0.x, right1.x);
  }
  sl_layout_destroy(ltr);
  sl_layout_destroy(rtl);

  /* Content shorter than the viewport rests at its start, centre or end. */
  static const struct {
    const char *json;
    double rest;
  } short_cases[] = {
      {SHORT_JSON("start"), 0}, {SHORT_JSON("center"), -95}, {SHORT_JSON("end"), -190}};
  for (size_t i = 0; i < 3; i++) {
    layout = create_layout(short_cases[i].json);
    if (layout == NULL) continue;
    check_offsets(layout, 0, &short_cases[i].rest, 1, "insufficient content");
    sl_snap_result r = resolve(layout, 0, make_release(0, 30, 3000));
    CHECK(r.target_offset == short_cases[i].rest && r.snap_index == 0,
          "insufficient content %zu: target %g, snap %" PRId64, i, r.target_offset, r.snap_index);
    sl_scroll_info info = scroll_info(layout, 0);
    CHECK(info.min_offset == short_cases[i].rest && info.max_offset == short_cases[i].rest &&
              info.offset == short_cases[i].rest,
          "insufficient content %zu: bounds [%g, %g], offset %g", i, info.min_offset,
          info.max_offset, info.offset);
    sl_layout_destroy(layout);
  }
}

/*
 * A partial last group's unit spans the group as it is laid out, its own length, not the full
 * group's (docs/SNAPPING.md, "A unit's span"). Main scroll, group units aligned at the end of a
 * 200-pt viewport: rows of 50 (0 ... 500), a 300-pt group of three 100-pt cells holding one
 * (a partial group 100 pt long, 500 ... 600), rows of 50 (600 ... 1100). The partial group rests
 * at 600 − 200 = 400, between the rows before it (last at 300) and after it (first at 450); on
 * the full group's length it rested at 500 + 300 − 200 = 600, after the next section's 450.
 */
#define PARTIAL_ROWS(count) \
  "{\"itemCount\": " #count ", \"group\": " HGROUP(FW(1), ABS(50)) "}"
static const char PARTIAL_MAIN_JSON[] =
    "{" CONTAINER(390, 200) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"group\","
    " \"alignment\": \"end\"}}, \"sections\": [" PARTIAL_ROWS(10) ","
    " {\"itemCount\": 1, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
    SIZE(FW(1), ABS(300)) ", \"subitem\": " CELL ", \"count\": 3}}, " PARTIAL_ROWS(10) "]}";

/*
 * groupPagingCentered with a partial last group: 300-pt groups of three 100-pt cells, 4 items,
 * so group 1 holds one cell and is 100 pt long (content 400). Group 0 rests centred at
 * 150 − 195 = −45 (leading inset 45); group 1 at 300 + 50 − 195 = 155, which the trailing inset
 * (155 − (400 − 390) = 145) lets it reach: bounds [−45, 155]. Centred on the full group's length
 * it rested at 255, a centre past the content's end.
 */
static const char PARTIAL_CENTERED_JSON[] =
    "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 4,"
    " \"orthogonalScrollingBehavior\": \"groupPagingCentered\", \"group\": {\"group\":"
    " \"horizontal\", \"layoutSize\": " SIZE(ABS(300), ABS(200)) ", \"subitem\": " CELL ","
    " \"count\": 3}}]}";

static void test_partial_last_group(void) {
  sl_layout *layout = create_layout(PARTIAL_MAIN_JSON);
  if (layout != NULL) {
    double expected[18];
    size_t count = 0;
    for (int k = 0; k <= 6; k++) expected[count++] = 50.0 * k;
    expected[count++] = 400;
    for (int k = 0; k < 10; k++) expected[count++] = 450 + 50.0 * k;
    check_offsets(layout, SL_SCROLL_MAIN, expected, count, "partial last group, main scroll");
    /* Its item rests there. */
    sl_snap_position position;
    CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, 400, &position), SL_OK);
    CHECK(position.index == 7 && position.section == 1 && position.item == 0,
          "offset 400: rest %" PRId64 ", item %d/%" PRId64, position.index, position.section,
          position.item);
    sl_layout_destroy(layout);
  }
  layout = create_layout(PARTIAL_CENTERED_JSON);
  if (layout != NULL) {
    static const double centred[2] = {-45, 155};
    check_offsets(layout, 0, centred, 2, "partial last group, groupPagingCentered");
    sl_scroll_info info = scroll_info(layout, 0);
    CHECK(info.min_offset == -45 && info.max_offset == 155,
          "groupPagingCentered with a partial last group: bounds [%g, %g], expected [-45, 155]",
          info.min_offset, info.max_offset);
    sl_layout_destroy(layout);
  }
}

/* ---------------------------------------------------------------------------------------------
 * 3. Motions
 * ------------------------------------------------------------------------------------------- */

/* A motion that, sampled at 0, is at `offset` moving at `velocity`: a seed for retargeting. */
static sl_motion seed_motion(double offset, double velocity, double omega, double ratio) {
  sl_motion m;
  memset(&m, 0, sizeof m);
  m.kind = SL_MOTION_SPRING;
  m.start_offset = offset;
  m.start_velocity = velocity;
  m.target_offset = offset;
  m.duration = 10;
  m.omega = omega;
  m.damping_ratio = ratio;
  m.epsilon_offset = 0.25;
  m.epsilon_velocity = 1;
  m.landing_min_rate = 0.99;
  m.landing_max_rate = 0.9985;
  return m;
}


/*
 * The generic contract of a motion: at 0 exactly the start, at its duration exactly the target
 * and settled, continuous in between (the velocity is the derivative of the offset), and
 * within the tolerances from the duration on.
 */
static void check_motion(const sl_motion *m, const char *label) {
  sl_motion_state start = sample(m, 0);
  if (m->kind != SL_MOTION_NONE) {
    CHECK(start.offset == m->start_offset && start.velocity == m->start_velocity &&
              start.settled == 0,
          "%s: at 0 the motion is at %.17g, %.17g pt/s, settled %d", label, start.offset,
          start.velocity, (int)start.settled);
    CHECK(m->duration > 0, "%s: duration %g", label, m->duration);
  }
  sl_motion_state end = sample(m, m->duration);
  CHECK(end.offset == m->target_offset && end.velocity == 0 && end.settled == 1,
        "%s: at its duration %.17g the motion is at %.17g (target %.17g), %g pt/s, settled %d",
        label, m->duration, end.offset, m->target_offset, end.velocity, (int)end.settled);
  sl_motion_state later = sample(m, m->duration * 2 + 5);
  CHECK(later.offset == m->target_offset && later.velocity == 0 && later.settled == 1,
        "%s: after its duration the motion is at %.17g", label, later.offset);
  if (m->kind == SL_MOTION_NONE) return;

  /* Continuity: the velocity is the derivative of the offset; no jumps between samples. */
  const double h = 1e-6;
  double peak = fabs(m->start_velocity) + 1;
  int steps = 200;
  double previous = m->start_offset;
  for (int i = 1; i < steps; i++) {
    double t = m->duration * i / steps;
    sl_motion_state before = sample(m, t - h), now = sample(m, t), after = sample(m, t + h);
    CHECK(now.settled == 0, "%s: settled at %g before the duration %g", label, t, m->duration);
    double derivative = (after.offset - before.offset) / (2 * h);
    CHECK(fabs(derivative - now.velocity) <= 1e-3 * dmax(1, fabs(now.velocity)),
          "%s: at t = %g the offset changes at %.9g pt/s but the velocity is %.9g", label, t,
          derivative, now.velocity);
    if (fabs(now.velocity) + 1 > peak) peak = fabs(now.velocity) + 1;
    CHECK(fabs(now.offset - previous) <= 2 * peak * m->duration / steps + 1e-9,
          "%s: the offset jumps from %.17g to %.17g at t = %g", label, previous, now.offset, t);
    previous = now.offset;
  }
  /* Just before the duration it is already within the tolerance (the duration is a bound). */
  sl_motion_state last = sample(m, m->duration * (1 - 1e-12));
  CHECK(fabs(last.offset - m->target_offset) <= m->epsilon_offset + 1e-9,
        "%s: just before settling the motion is %.17g from its target", label,
        last.offset - m->target_offset);

  /* The same motion never settling: within the tolerances from the duration on. */
  sl_motion open = *m;
  open.duration = INFINITY;
  for (double t = m->duration; t < m->duration * 3 + 1; t += m->duration / 50 + 0.003) {
    sl_motion_state s = sample(&open, t);
    CHECK(fabs(s.offset - m->target_offset) <= m->epsilon_offset + 1e-12 &&
              fabs(s.velocity) <= m->epsilon_velocity + 1e-9,
          "%s: at t = %g (duration %g) the motion is %.9g from its target at %.9g pt/s", label, t,
          m->duration, s.offset - m->target_offset, s.velocity);
  }
}

static void test_motion_sampling(void) {
  sl_layout *layout = create_layout(CAROUSEL_STANDARD);
  if (layout == NULL) return;
  /* A decay (the fling), a critically damped spring (the drag back), one of each from the
   * paging rule, and a release at rest (no motion). */
  sl_snap_result fling = resolve(layout, SL_SCROLL_MAIN, make_release(-34, 0, 2000));
  CHECK(fling.motion.kind == SL_MOTION_DECAY, "fling kind %d", (int)fling.motion.kind);
  check_motion(&fling.motion, "decay");
  /* A decay moves monotonically toward its target and never past it. */
  double previous = fling.motion.start_offset;
  for (int i = 1; i <= 100; i++) {
    sl_motion_state s = sample(&fling.motion, i * 0.01);
    CHECK(s.offset >= previous && s.offset <= 293, "decay at %g s: %.17g after %.17g", i * 0.01,
          s.offset, previous);
    previous = s.offset;
  }
  sl_snap_result back = resolve(layout, SL_SCROLL_MAIN, make_release(-34, 20, 50));
  CHECK(back.motion.kind == SL_MOTION_SPRING, "drag back kind %d", (int)back.motion.kind);
  check_motion(&back.motion, "critical spring");
  sl_snap_result still = resolve(layout, SL_SCROLL_MAIN, make_release(620, 620, 0));
  CHECK(still.motion.kind == SL_MOTION_NONE && still.target_offset == 620,
        "at rest: kind %d, target %g", (int)still.motion.kind, still.target_offset);
  check_motion(&still.motion, "none");
  sl_motion_state rest = sample(&still.motion, 0);
  CHECK(rest.offset == 620 && rest.velocity == 0 && rest.settled == 1,
        "a motion of kind none at 0: %g, %g, %d", rest.offset, rest.velocity, (int)rest.settled);
  sl_layout_destroy(layout);

  /* Springs of every damping regime (released away from the target) solve
   * x″ = −ω²·(x − T) − 2ζω·x′. */
  static const double ratios[] = {0.3, 1.0, 2.5};
  for (size_t i = 0; i < 3; i++) {
    const double omega = 18;
    sl_motion seed = seed_motion(100, 800, omega, ratios[i]);
    sl_motion m;
    CHECK_STATUS(sl_motion_retarget(&seed, 0, 0, &m), SL_OK);
    CHECK(m.kind == SL_MOTION_SPRING && m.omega == omega && m.damping_ratio == ratios[i],
          "regime %g: kind %d, omega %g, ratio %g", ratios[i], (int)m.kind, m.omega,
          m.damping_ratio);
    char label[64];
    snprintf(label, sizeof label, "spring with damping ratio %g", ratios[i]);
    check_motion(&m, label);
    const double h = 1e-5;
    for (int step = 1; step <= 40; step++) {
      double t = step * 0.01;
      if (t + h >= m.duration) break;
      sl_motion_state before = sample(&m, t - h), now = sample(&m, t), after = sample(&m, t + h);
      double acceleration = (after.velocity - before.velocity) / (2 * h);
      double expected = -omega * omega * now.offset - 2 * ratios[i] * omega * now.velocity;
      CHECK(fabs(acceleration - expected) < 1e-3 * dmax(1, fabs(expected)),
            "%s at %g s: acceleration %.9g, the spring equation says %.9g", label, t,
            acceleration, expected);
    }
  }
}

static void test_motion_retarget(void) {
  /* 1200 pt/s toward 327: a decay (rate e^(−1200/327/1000) = 0.99634 per ms). */
  sl_motion seed = seed_motion(0, 1200, 2 * 3.14159265358979323846 / 0.3, 1);
  sl_motion first;
  CHECK_STATUS(sl_motion_retarget(&seed, 0, 327, &first), SL_OK);
  CHECK(first.kind == SL_MOTION_DECAY && first.target_offset == 327 && first.start_offset == 0 &&
            first.start_velocity == 1200,
        "first: kind %d, %g -> %g at %g", (int)first.kind, first.start_offset,
        first.target_offset, first.start_velocity);
  CHECK_NEAR(first.decay, 1200.0 / 327, 1e-12);
  check_motion(&first, "retargeted decay");

  /* Redirected at 50 ms: continuous in offset and velocity. */
  sl_motion_state state = sample(&first, 0.05);
  sl_motion second;
  CHECK_STATUS(sl_motion_retarget(&first, 0.05, 654, &second), SL_OK);
  sl_motion_state start = sample(&second, 0);
  CHECK(start.offset == state.offset && start.velocity == state.velocity,
        "retarget: the new motion starts at %.17g, %.17g pt/s; the old one was at %.17g, %.17g",
        start.offset, start.velocity, state.offset, state.velocity);
  CHECK(second.start_offset == state.offset && second.start_velocity == state.velocity &&
            second.target_offset == 654,
        "retarget fields: %.17g, %.17g -> %.17g", second.start_offset, second.start_velocity,
        second.target_offset);
  CHECK(second.omega == first.omega && second.damping_ratio == first.damping_ratio &&
            second.epsilon_offset == first.epsilon_offset &&
            second.landing_min_rate == first.landing_min_rate,
        "retarget does not keep the spring and tolerances");
  check_motion(&second, "retarget forward");

  /* In place: out == in gives the same motion. */
  sl_motion in_place = first;
  CHECK_STATUS(sl_motion_retarget(&in_place, 0.05, 654, &in_place), SL_OK);
  CHECK(motion_equal(&in_place, &second), "retargeting in place differs: %.17g -> %.17g, kind %d",
        in_place.start_offset, in_place.target_offset, (int)in_place.kind);

  /* Reversing mid-flight: the spring carries the forward velocity into the turn. */
  sl_motion reverse;
  CHECK_STATUS(sl_motion_retarget(&first, 0.05, 0, &reverse), SL_OK);
  CHECK(reverse.kind == SL_MOTION_SPRING, "reverse kind %d", (int)reverse.kind);
  CHECK(sample(&reverse, 0.001).offset > state.offset, "the reversal does not turn smoothly");
  check_motion(&reverse, "retarget backward");

  /* A settled motion retargeted to where it is: nothing to do. */
  sl_motion settled;
  CHECK_STATUS(sl_motion_retarget(&first, first.duration + 1, 327, &settled), SL_OK);
  CHECK(settled.kind == SL_MOTION_NONE && settled.target_offset == 327,
        "retargeting a settled motion onto its target: kind %d", (int)settled.kind);
  /* …and elsewhere: a spring from rest. */
  sl_motion moved;
  CHECK_STATUS(sl_motion_retarget(&first, first.duration + 1, 0, &moved), SL_OK);
  CHECK(moved.kind == SL_MOTION_SPRING && moved.start_offset == 327 &&
            moved.start_velocity == 0,
        "retargeting a settled motion: kind %d from %g at %g", (int)moved.kind,
        moved.start_offset, moved.start_velocity);
  check_motion(&moved, "retarget from rest");
}

static void test_motion_errors(void) {
  sl_motion valid = seed_motion(0, 500, 20, 1);
  sl_motion_state state;
  sl_motion out;

  typedef struct {
    const char *path;
    sl_motion motion;
  } bad_motion;
  bad_motion bad[20];
  size_t n = 0;
#define BAD(path_, field, value)       \
  do {                                 \
    bad[n].path = path_;               \
    bad[n].motion = valid;             \
    bad[n].motion.field = value;       \
    n++;                               \
  } while (0)
  BAD("motion.kind", kind, 7);
  BAD("motion.kind", kind, -1);
  BAD("motion.start_offset", start_offset, NAN);
  BAD("motion.start_velocity", start_velocity, INFINITY);
  BAD("motion.target_offset", target_offset, -INFINITY);
  BAD("motion.decay", decay, NAN);
  BAD("motion.duration", duration, -1);
  BAD("motion.duration", duration, NAN);
  BAD("motion.omega", omega, 0);
  BAD("motion.omega", omega, -20);
  BAD("motion.omega", omega, NAN);
  BAD("motion.omega", omega, INFINITY);
  BAD("motion.damping_ratio", damping_ratio, 0);
  BAD("motion.damping_ratio", damping_ratio, NAN);
  BAD("motion.epsilon_offset", epsilon_offset, 0);
  BAD("motion.epsilon_velocity", epsilon_velocity, -1);
  BAD("motion.landing_min_rate", landing_min_rate, 0.999); /* above the maximum */
  BAD("motion.landing_max_rate", landing_max_rate, 1); /* the maximum itself is invalid */
  BAD("motion.decay", kind, SL_MOTION_DECAY); /* a decay with decay constant 0 */
#undef BAD
  for (size_t i = 0; i < n; i++) {
    fill_sentinel(&state, sizeof state);
    CHECK_ERROR(sl_motion_sample(&bad[i].motion, 0.1, &state), SL_EINVAL, bad[i].path, NULL);
    CHECK_UNTOUCHED(state);
    fill_sentinel(&out, sizeof out);
    CHECK_ERROR(sl_motion_retarget(&bad[i].motion, 0.1, 10, &out), SL_EINVAL, bad[i].path, NULL);
    CHECK_UNTOUCHED(out);
  }
  /* The message names the field too. */
  CHECK_ERROR(sl_motion_sample(&bad[8].motion, 0.1, &state), SL_EINVAL, "motion.omega", "omega");

  /* Non-finite times and targets. */
  static const double bad_numbers[] = {NAN, INFINITY, -INFINITY};
  for (size_t i = 0; i < 3; i++) {
    fill_sentinel(&state, sizeof state);
    CHECK_ERROR(sl_motion_sample(&valid, bad_numbers[i], &state), SL_EINVAL, "time", NULL);
    CHECK_UNTOUCHED(state);
    fill_sentinel(&out, sizeof out);
    CHECK_ERROR(sl_motion_retarget(&valid, bad_numbers[i], 10, &out), SL_EINVAL, "time", NULL);
    CHECK_UNTOUCHED(out);
    CHECK_ERROR(sl_motion_retarget(&valid, 0.1, bad_numbers[i], &out), SL_EINVAL,
                "target_offset", NULL);
    CHECK_UNTOUCHED(out);
  }
  /* A target beyond ±1e100 (far past any content) would overflow the motion. */
  fill_sentinel(&out, sizeof out);
  CHECK_ERROR(sl_motion_retarget(&valid, 0.1, -DBL_MAX, &out), SL_EINVAL, "target_offset",
              "1e100");
  CHECK_UNTOUCHED(out);
  CHECK_STATUS(sl_motion_retarget(&valid, 0.1, 1e100, &out), SL_OK);
  /* In place, a failure leaves the motion as it was. */
  sl_motion kept = valid;
  CHECK_ERROR(sl_motion_retarget(&kept, 0.1, NAN, &kept), SL_EINVAL, "target_offset", NULL);
  CHECK(motion_equal(&kept, &valid), "a failed in-place retarget changed the motion");

  /* NULL arguments. */
  fill_sentinel(&state, sizeof state);
  CHECK_ERROR(sl_motion_sample(NULL, 0, &state), SL_EINVAL, "motion", NULL);
  CHECK_UNTOUCHED(state);
  CHECK_ERROR(sl_motion_sample(&valid, 0, NULL), SL_EINVAL, "out_state", NULL);
  fill_sentinel(&out, sizeof out);
  CHECK_ERROR(sl_motion_retarget(NULL, 0, 10, &out), SL_EINVAL, "motion", NULL);
  CHECK_UNTOUCHED(out);
  CHECK_ERROR(sl_motion_retarget(&valid, 0, 10, NULL), SL_EINVAL, "out_motion", NULL);

  /* A valid edge value: a time before 0 gives the start. */
  sl_motion_state before = sample(&valid, -1);
  CHECK(before.offset == 0 && before.velocity == 500 && before.settled == 0,
        "before time 0: %g, %g, %d", before.offset, before.velocity, (int)before.settled);
}

/* A motion of absurd numbers (no library makes one: a start velocity near the largest double)
 * is refused by name wherever it is sampled or continued, and changes nothing (found by CI's
 * fuzzing: fuzz/regressions/api/wheel-catches-motion-of-absurd-velocity). */
static void test_absurd_motions(void) {
  sl_motion absurd = seed_motion(0, 1.7e308, 20, 1);
  sl_motion_state state;
  sl_motion out;
  fill_sentinel(&state, sizeof state);
  CHECK_ERROR(sl_motion_sample(&absurd, 0.1, &state), SL_EINVAL, "motion", "too large");
  CHECK_UNTOUCHED(state);
  fill_sentinel(&out, sizeof out);
  CHECK_ERROR(sl_motion_retarget(&absurd, 0.1, 100, &out), SL_EINVAL, "motion", "1e150");
  CHECK_UNTOUCHED(out);
  /* At its start it is only a fast motion: sampled there, not continued. */
  CHECK_STATUS(sl_motion_sample(&absurd, 0, &state), SL_OK);

  /* An overdamped spring of damping ratio 1e8 decays at its slow rate ω/(ζ + √(ζ² − 1)) ≈
   * ω/(2ζ): ω(ζ − √(ζ² − 1)) cancelled to 0 there, a spring that never settles, and was
   * refused. Continued toward 100, it takes ~ln(100 / 0.25)·2ζ/ω ≈ 5.7e7 s. */
  sl_motion sluggish = seed_motion(0, 0, 20.943951023931955, 1e8);
  fill_sentinel(&out, sizeof out);
  CHECK_STATUS(sl_motion_retarget(&sluggish, 0, 100, &out), SL_OK);
  CHECK(out.kind == SL_MOTION_SPRING && out.duration > 5e7 && out.duration < 1e9,
        "ratio 1e8: kind %d, duration %g", (int)out.kind, out.duration);
  CHECK_STATUS(sl_motion_sample(&out, out.duration / 1000, &state), SL_OK);
  CHECK(state.offset > 0 && state.offset < 100 && state.velocity > 0,
        "ratio 1e8 early: offset %g, velocity %g", state.offset, state.velocity);
  CHECK_STATUS(sl_motion_sample(&out, out.duration, &state), SL_OK);
  CHECK(fabs(state.offset - 100) <= 0.25, "ratio 1e8 at its duration: offset %g", state.offset);
  /* A damping ratio near the largest double overflows ζω: refused, naming the motion. */
  sl_motion overdamped = seed_motion(0, 0, 20.943951023931955, 1.7e308);
  fill_sentinel(&out, sizeof out);
  CHECK_ERROR(sl_motion_retarget(&overdamped, 0, 100, &out), SL_EINVAL, "motion",
              "settles in no time");
  CHECK_UNTOUCHED(out);

  sl_layout *layout = create_layout(CAROUSEL_STANDARD);
  if (!layout) return;
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  double before = 0;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &before), SL_OK);
  sl_snap_result result;
  fill_sentinel(&result, sizeof result);
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, &absurd, 0.1,
                                 &result),
              SL_EINVAL, "in_flight", "1e101");
  CHECK_UNTOUCHED(result);
  sl_scroll_input wheel;
  memset(&wheel, 0, sizeof wheel);
  wheel.version = SL_SCROLL_INPUT_VERSION;
  wheel.device = SL_INPUT_WHEEL;
  wheel.delta = 1;
  wheel.time = 0.1;
  sl_scroll_input_result input_result;
  fill_sentinel(&input_result, sizeof input_result);
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, &wheel, &absurd, 0.1, &input_result),
              SL_EINVAL, "in_flight", "1e101");
  CHECK_UNTOUCHED(input_result);
  overdamped.target_offset = 300; /* headed away from where the container is */
  fill_sentinel(&out, sizeof out);
  CHECK_ERROR(sl_layout_retarget_motion(layout, SL_SCROLL_MAIN, &overdamped, 0, &out), SL_EINVAL,
              "in_flight", "settles in no time");
  CHECK_UNTOUCHED(out);
  double after = 1;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &after), SL_OK);
  CHECK(after == before, "a refused wheel event moved the container: %g -> %g", before, after);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * 4. Interrupted gestures
 * ------------------------------------------------------------------------------------------- */

static void test_interrupted_gestures(void) {
  sl_layout *layout = create_layout(CAROUSEL_STANDARD);
  if (layout == NULL) return;
  /* A fling from card 1 toward card 2: 400 + 0.9 · 99 = 489.1, nearest 620. */
  sl_snap_result flight = resolve(layout, SL_SCROLL_MAIN, make_release(293, 400, 900));
  CHECK(flight.snap_index == 2 && flight.target_offset == 620, "flight: snap %" PRId64 " at %g",
        flight.snap_index, flight.target_offset);

  /* A touch during the motion is measured from its target, not from where the content is. */
  int64_t reference = -7;
  CHECK_STATUS(
      sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 450, &flight.motion, 0.02, &reference),
      SL_OK);
  CHECK_I64(reference, 2);
  /* Once the motion has settled, or without one, the nearest to the touch (450 → card 1). */
  int64_t settled = -7;
  CHECK_STATUS(
      sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 450, &flight.motion, 100, &settled),
      SL_OK);
  CHECK_I64(settled, 1);
  int64_t plain = -7;
  CHECK_STATUS(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 450, NULL, 0, &plain), SL_OK);
  CHECK_I64(plain, 1);
  CHECK_STATUS(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 470, NULL, 0, &plain), SL_OK);
  CHECK_I64(plain, 2);
  /* Clamped: far before the start or past the end. */
  CHECK_STATUS(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, -900, NULL, 0, &plain), SL_OK);
  CHECK_I64(plain, 0);
  CHECK_STATUS(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 1e6, NULL, 0, &plain), SL_OK);
  CHECK_I64(plain, 9);

  /* Re-grabbing and flinging again advances from the in-flight target… */
  sl_snap_result next =
      resolve(layout, SL_SCROLL_MAIN, make_release_from(450, 470, 900, reference));
  CHECK(next.target_offset == 947 && next.snap_index == 3 && next.reference_snap == 2,
        "from the in-flight target: %g, snap %" PRId64 ", reference %" PRId64, next.target_offset,
        next.snap_index, next.reference_snap);
  /* …while without the reference the same release is held to one card past card 1. */
  sl_snap_result stale = resolve(layout, SL_SCROLL_MAIN, make_release(450, 470, 900));
  CHECK(stale.target_offset == 620 && stale.reference_snap == 1,
        "without a reference: %g, reference %" PRId64, stale.target_offset, stale.reference_snap);
  /* The flag matters: the same fields without it are ignored. */
  sl_scroll_release unflagged = make_release_from(450, 470, 900, 2);
  unflagged.flags = 0;
  sl_snap_result ignored = resolve(layout, SL_SCROLL_MAIN, unflagged);
  CHECK(ignored.target_offset == 620 && ignored.reference_snap == 1,
        "reference_snap used without SL_RELEASE_HAS_REFERENCE: %g", ignored.target_offset);
  /* A reference far from the touch: one card from it, whatever the offsets say. */
  sl_snap_result far = resolve(layout, SL_SCROLL_MAIN, make_release_from(293, 293, 0, 7));
  CHECK(far.target_offset == 1928 && far.snap_index == 6 && far.reference_snap == 7,
        "a still release one step from reference 7: %g, snap %" PRId64, far.target_offset,
        far.snap_index);
  sl_snap_result last_ref = resolve(layout, SL_SCROLL_MAIN, make_release_from(2907, 2907, 0, 9));
  CHECK(last_ref.target_offset == 2907 && last_ref.reference_snap == 9,
        "reference 9 (the last): %g", last_ref.target_offset);

  /* Failures: reference out of range, wrong version, non-finite numbers, NULL arguments. */
  sl_snap_result result;
  /* −1 means "none" and is accepted (docs/SNAPPING.md, "The release pipeline", step 1). */
  static const int64_t bad_references[] = {10, 11, -2, INT64_MAX, INT64_MIN};
  for (size_t i = 0; i < sizeof bad_references / sizeof bad_references[0]; i++) {
    sl_scroll_release r = make_release_from(293, 300, 100, bad_references[i]);
    fill_sentinel(&result, sizeof result);
    CHECK_ERROR(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &r, &result), SL_ERANGE,
                "release.reference_snap", NULL);
    CHECK_UNTOUCHED(result);
  }
  static const uint32_t bad_versions[] = {0, 2, UINT32_MAX};
  for (size_t i = 0; i < 3; i++) {
    sl_scroll_release r = make_release(293, 300, 100);
    r.version = bad_versions[i];
    fill_sentinel(&result, sizeof result);
    CHECK_ERROR(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &r, &result), SL_EINVAL,
                "release.version", "version");
    CHECK_UNTOUCHED(result);
  }
  /* Flag bits the header does not define are refused, as sl_scroll_input's are (found by
   * fuzzing: every bit set went through as SL_RELEASE_HAS_REFERENCE). */
  static const uint32_t bad_flags[] = {0x2u, 0x80000000u, 0xFFFFFFFFu};
  for (size_t i = 0; i < 3; i++) {
    sl_scroll_release r = make_release_from(293, 300, 100, 1);
    r.flags = bad_flags[i];
    fill_sentinel(&result, sizeof result);
    CHECK_ERROR(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &r, &result), SL_EINVAL,
                "release.flags", "unknown bits");
    CHECK_UNTOUCHED(result);
  }
  static const double bad_numbers[] = {NAN, INFINITY, -INFINITY};
  for (size_t i = 0; i < 3; i++) {
    sl_scroll_release releases[3] = {make_release(bad_numbers[i], 0, 0),
                                     make_release(0, bad_numbers[i], 0),
                                     make_release(0, 0, bad_numbers[i])};
    for (size_t j = 0; j < 3; j++) {
      fill_sentinel(&result, sizeof result);
      CHECK_ERROR(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &releases[j], &result),
                  SL_EINVAL, "release", "finite");
      CHECK_UNTOUCHED(result);
    }
  }
  /* Offsets beyond ±1e100: a motion over such a distance overflowed (found by fuzzing). */
  sl_scroll_release distant[2] = {make_release(-DBL_MAX, 0, 0), make_release(0, 1e101, 0)};
  for (size_t j = 0; j < 2; j++) {
    fill_sentinel(&result, sizeof result);
    CHECK_ERROR(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &distant[j], &result), SL_EINVAL,
                "release", "1e100");
    CHECK_UNTOUCHED(result);
  }
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 2e100), SL_EINVAL, "offset",
              "1e100");
  sl_scroll_release good = make_release(293, 300, 100);
  fill_sentinel(&result, sizeof result);
  CHECK_ERROR(sl_layout_resolve_scroll(NULL, SL_SCROLL_MAIN, &good, &result), SL_EINVAL, "layout",
              NULL);
  CHECK_UNTOUCHED(result);
  CHECK_ERROR(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, NULL, &result), SL_EINVAL,
              "release", NULL);
  CHECK_UNTOUCHED(result);
  CHECK_ERROR(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &good, NULL), SL_EINVAL,
              "out_result", NULL);
  CHECK_ERROR(sl_layout_resolve_scroll(layout, 4, &good, &result), SL_ERANGE, "container", NULL);
  CHECK_UNTOUCHED(result);

  /* sl_layout_get_reference_snap failures. */
  int64_t untouched;
  fill_sentinel(&untouched, sizeof untouched);
  CHECK_ERROR(sl_layout_get_reference_snap(NULL, SL_SCROLL_MAIN, 450, NULL, 0, &untouched),
              SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 450, NULL, 0, NULL),
              SL_EINVAL, "out_snap", NULL);
  CHECK_ERROR(sl_layout_get_reference_snap(layout, 2, 450, NULL, 0, &untouched), SL_ERANGE,
              "container", NULL);
  CHECK_UNTOUCHED(untouched);
  sl_motion broken = flight.motion;
  broken.omega = 0;
  CHECK_ERROR(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 450, &broken, 0.02, &untouched),
              SL_EINVAL, "in_flight.omega", NULL);
  CHECK_UNTOUCHED(untouched);
  broken = flight.motion;
  broken.kind = 7;
  CHECK_ERROR(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 450, &broken, 0.02, &untouched),
              SL_EINVAL, "in_flight.kind", NULL);
  CHECK_UNTOUCHED(untouched);
  for (size_t i = 0; i < 3; i++) {
    fill_sentinel(&untouched, sizeof untouched);
    CHECK_ERROR(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 450, &flight.motion,
                                             bad_numbers[i], &untouched),
                SL_EINVAL, "time", NULL);
    CHECK_UNTOUCHED(untouched);
    /* The error path names the argument (header: "the name of the offending argument"). */
    fill_sentinel(&untouched, sizeof untouched);
    CHECK_ERROR(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, bad_numbers[i], NULL, 0,
                                             &untouched),
                SL_EINVAL, "touch_offset", NULL);
    CHECK_UNTOUCHED(untouched);
    /* The header: SL_EINVAL for "a non-finite offset or time", whatever the motion. */
    fill_sentinel(&untouched, sizeof untouched);
    CHECK_ERROR(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, bad_numbers[i],
                                             &flight.motion, 0.02, &untouched),
                SL_EINVAL, "touch_offset", NULL);
    CHECK_UNTOUCHED(untouched);
    fill_sentinel(&untouched, sizeof untouched);
    CHECK_ERROR(sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, 450, NULL, bad_numbers[i],
                                             &untouched),
                SL_EINVAL, "time", NULL);
    CHECK_UNTOUCHED(untouched);
  }
  sl_layout_destroy(layout);

  /* On a paging container too: a touch during a motion toward page 2 is measured from it. */
  layout = create_layout(BEHAVIOR_JSON[SL_ORTHOGONAL_PAGING]);
  if (layout == NULL) return;
  sl_snap_result page = resolve(layout, 0, make_release(390, 420, 3000));
  CHECK(page.snap_index == 2 && page.target_offset == 780, "paging flight: snap %" PRId64,
        page.snap_index);
  int64_t page_reference = -7;
  CHECK_STATUS(sl_layout_get_reference_snap(layout, 0, 500, &page.motion, 0.01, &page_reference),
               SL_OK);
  CHECK_I64(page_reference, 2);
  sl_snap_result onward = resolve(layout, 0, make_release_from(500, 520, 3000, page_reference));
  CHECK(onward.target_offset == 1170 && onward.snap_index == 3,
        "paging onward from the in-flight page: %g", onward.target_offset);
  sl_layout_destroy(layout);

  /* A free container has no rest positions: the reference is -1. */
  layout = create_layout(BEHAVIOR_JSON[SL_ORTHOGONAL_CONTINUOUS]);
  if (layout == NULL) return;
  int64_t free_reference = 5;
  CHECK_STATUS(sl_layout_get_reference_snap(layout, 0, 500, NULL, 0, &free_reference), SL_OK);
  CHECK_I64(free_reference, -1);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * 5. Scroll offsets
 * ------------------------------------------------------------------------------------------- */

static void test_scroll_offsets(void) {
  sl_layout *layout = create_layout(TWO_SECTIONS_JSON);
  if (layout == NULL) return;
  double offset = -99;

  /* The main scroll: starts at 0 (no contentInset), not clamped. */
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK_EQ(offset, 0);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 123.5), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK_EQ(offset, 123.5);
  CHECK_EQ(scroll_info(layout, SL_SCROLL_MAIN).offset, 123.5);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, -500), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK_EQ(offset, -500);
  /* The main offset does not move cells (content coordinates). */
  sl_rect frame;
  CHECK_STATUS(sl_layout_get_item_frame(layout, 1, 0, &frame), SL_OK);
  CHECK(frame.y == 200 && frame.x == 0, "row 0 of section 1 at %g,%g", frame.x, frame.y);
  /* …nor the orthogonal section's offset. */
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, 0);

  /* An orthogonal section: the same offset as sl_layout_{get,set}_section_offset. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 250), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, 250);
  CHECK_STATUS(sl_layout_get_section_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, 250);
  sl_section_info section;
  CHECK_STATUS(sl_layout_get_section_info(layout, 0, &section), SL_OK);
  CHECK_EQ(section.orthogonal_offset, 250);
  CHECK_EQ(scroll_info(layout, 0).offset, 250);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 1, &frame), SL_OK);
  CHECK_EQ(frame.x, 16 + 322 - 250);
  CHECK_STATUS(sl_layout_set_section_offset(layout, 0, 400), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, 400);
  CHECK_EQ(scroll_info(layout, 0).offset, 400);
  CHECK_STATUS(sl_layout_get_item_frame(layout, 0, 1, &frame), SL_OK);
  CHECK_EQ(frame.x, 16 + 322 - 400);
  /* The main offset was not touched by any of it. */
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK_EQ(offset, -500);
  /* Overscroll is allowed. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 5000), SL_OK);
  CHECK_STATUS(sl_layout_get_section_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, 5000);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 400), SL_OK);

  /* Non-finite offsets: SL_EINVAL, nothing changes. */
  static const double bad_numbers[] = {NAN, INFINITY, -INFINITY};
  for (size_t i = 0; i < 3; i++) {
    CHECK_ERROR(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, bad_numbers[i]), SL_EINVAL,
                "offset", NULL);
    CHECK_ERROR(sl_layout_set_scroll_offset(layout, 0, bad_numbers[i]), SL_EINVAL, "offset",
                NULL);
  }
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK_EQ(offset, -500);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, 400);

  /* Containers: section 1 does not scroll orthogonally; 2 and -2 do not exist. */
  double untouched;
  fill_sentinel(&untouched, sizeof untouched);
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, 1, 10), SL_EINVAL, "container", NULL);
  CHECK_ERROR(sl_layout_get_scroll_offset(layout, 1, &untouched), SL_EINVAL, "container", NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, 2, 10), SL_ERANGE, "container", NULL);
  CHECK_ERROR(sl_layout_get_scroll_offset(layout, 2, &untouched), SL_ERANGE, "container", NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, -2, 10), SL_ERANGE, "container", NULL);
  CHECK_ERROR(sl_layout_get_scroll_offset(layout, INT32_MIN, &untouched), SL_ERANGE, "container",
              NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_set_scroll_offset(NULL, SL_SCROLL_MAIN, 10), SL_EINVAL, "layout", NULL);
  CHECK_ERROR(sl_layout_get_scroll_offset(NULL, SL_SCROLL_MAIN, &untouched), SL_EINVAL, "layout",
              NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, NULL), SL_EINVAL, "out_offset",
              NULL);
  CHECK_STATUS(sl_layout_get_section_offset(layout, 1, &offset), SL_OK);
  CHECK_EQ(offset, 0);
  sl_layout_destroy(layout);

  /* Geometry before a container size: SL_ESTATE everywhere. */
  layout = create_layout(TWO_SECTIONS_UNSIZED);
  if (layout == NULL) return;
  sl_scroll_info info;
  fill_sentinel(&info, sizeof info);
  CHECK_ERROR(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info), SL_ESTATE, "layout", NULL);
  CHECK_ERROR(sl_layout_get_scroll_info(layout, 0, &info), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(info);
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 10), SL_ESTATE, "layout", NULL);
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, 0, 10), SL_ESTATE, "layout", NULL);
  fill_sentinel(&untouched, sizeof untouched);
  CHECK_ERROR(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &untouched), SL_ESTATE, "layout",
              NULL);
  CHECK_ERROR(sl_layout_get_scroll_offset(layout, 0, &untouched), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(untouched);
  sl_scroll_release release = make_release(0, 10, 100);
  sl_snap_result result;
  fill_sentinel(&result, sizeof result);
  CHECK_ERROR(sl_layout_resolve_scroll(layout, 0, &release, &result), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(result);
  size_t count;
  fill_sentinel(&count, sizeof count);
  CHECK_ERROR(sl_layout_get_snap_offsets(layout, 0, 0, NULL, 0, &count), SL_ESTATE, "layout",
              NULL);
  CHECK_UNTOUCHED(count);
  sl_snap_position position;
  fill_sentinel(&position, sizeof position);
  CHECK_ERROR(sl_layout_get_snap_position(layout, 0, 10, &position), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(position);
  int64_t snap;
  fill_sentinel(&untouched, sizeof untouched);
  fill_sentinel(&snap, sizeof snap);
  CHECK_ERROR(sl_layout_get_offset_for_item(layout, 0, 0, 1, &untouched, &snap), SL_ESTATE,
              "layout", NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_UNTOUCHED(snap);
  CHECK_ERROR(sl_layout_get_reference_snap(layout, 0, 10, NULL, 0, &snap), SL_ESTATE, "layout",
              NULL);
  CHECK_UNTOUCHED(snap);
  CHECK_ERROR(sl_layout_get_item_distance(layout, 0, 0, &untouched), SL_ESTATE, "layout", NULL);
  CHECK_UNTOUCHED(untouched);

  /* Once sized, the containers rest at their initial offsets; a host-set offset survives a
   * resize, an unset one follows the new initial offset. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, -23);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK_EQ(offset, 0);
  /* At 400 wide: groups 320, the first centred at 16 + 160 − 200 = −24. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 400, 844), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, -24);
  /* A host-set offset between rest positions survives a resize; one at rest on a card moves
   * to the same card's rest position (docs/SNAPPING.md, "Through layout changes"). */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 250), SL_OK);
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, 250);
  CHECK_STATUS(sl_layout_set_container_size(layout, 400, 844), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 306), SL_OK);
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  double card_one;
  CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 1, &card_one, NULL), SL_OK);
  CHECK_EQ(offset, card_one);
  CHECK(offset != 306, "offset %g stayed", offset);
  CHECK_STATUS(sl_layout_set_container_size(layout, 400, 844), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, 0, &offset), SL_OK);
  CHECK_EQ(offset, 306);
  sl_layout_destroy(layout);

  /* The carousel's main scroll starts at −contentInset. */
  layout = create_layout(CAROUSEL_UNSIZED);
  if (layout == NULL) return;
  CHECK_ERROR(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_ESTATE, "layout",
              NULL);
  CHECK_STATUS(sl_layout_set_container_size(layout, 390, 844), SL_OK);
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK_EQ(offset, -34);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * 6. The offset that shows an item
 * ------------------------------------------------------------------------------------------- */

static void test_offset_for_item(void) {
  sl_layout *layout = create_layout(CAROUSEL_STANDARD);
  if (layout != NULL) {
    double offset = 0;
    int64_t snap = -7;
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 3, &offset, &snap), SL_OK);
    CHECK(offset == 947 && snap == 3, "carousel item 3: %.17g, snap %" PRId64, offset, snap);
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 9, &offset, &snap), SL_OK);
    CHECK(offset == 2907 && snap == 9, "carousel item 9: %.17g, snap %" PRId64, offset, snap);
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 0, &offset, NULL), SL_OK);
    CHECK(offset == -34, "carousel item 0 (no out_snap): %.17g", offset);
    /* Errors: item and section out of range, unknown container, NULL outputs. */
    double untouched;
    int64_t untouched_snap;
    fill_sentinel(&untouched, sizeof untouched);
    fill_sentinel(&untouched_snap, sizeof untouched_snap);
    CHECK_ERROR(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 10, &untouched,
                                              &untouched_snap),
                SL_ERANGE, "item", NULL);
    CHECK_ERROR(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, -1, &untouched,
                                              &untouched_snap),
                SL_ERANGE, "item", NULL);
    CHECK_ERROR(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 1, 0, &untouched,
                                              &untouched_snap),
                SL_ERANGE, "section", NULL);
    CHECK_ERROR(sl_layout_get_offset_for_item(layout, 5, 0, 0, &untouched, &untouched_snap),
                SL_ERANGE, "container", NULL);
    CHECK_ERROR(sl_layout_get_offset_for_item(NULL, SL_SCROLL_MAIN, 0, 0, &untouched,
                                              &untouched_snap),
                SL_EINVAL, "layout", NULL);
    CHECK_UNTOUCHED(untouched);
    CHECK_UNTOUCHED(untouched_snap);
    CHECK_ERROR(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 0, NULL,
                                              &untouched_snap),
                SL_EINVAL, "out_offset", NULL);
    CHECK_UNTOUCHED(untouched_snap);
    sl_layout_destroy(layout);
  }

  /* A page-snapping container: a page (a release there stays), the one holding the item's
   * start or the next when it shows more of the item. */
  layout = create_layout(TWO_SECTIONS_JSON);
  if (layout != NULL) {
    double offset = 0;
    int64_t snap = -7;
    /* Item 2 spans 660 ... 982 (16 + 2·322): page 1 (390 ... 780) shows 120 pt of it, page 2
     * (780 ... 1170) 202: page 2. */
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 2, &offset, &snap), SL_OK);
    CHECK(offset == 780 && snap == 2, "paging item 2: %.17g, page %" PRId64, offset, snap);
    /* Item 1 at 338 ... 660: page 0 shows 52 pt, page 1 270: page 1. */
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 1, &offset, &snap), SL_OK);
    CHECK(offset == 390 && snap == 1, "paging item 1: %.17g, page %" PRId64, offset, snap);
    /* Independent of the current offset. */
    CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 500), SL_OK);
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 2, &offset, &snap), SL_OK);
    CHECK(offset == 780 && snap == 2, "paging item 2 while scrolled: %.17g, page %" PRId64,
          offset, snap);
    /* Item 5 at 1626: clamped to 1564, the last page (5). */
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 5, &offset, &snap), SL_OK);
    CHECK(offset == 1564 && snap == 5, "paging item 5: %.17g, page %" PRId64, offset, snap);
    /* An item of another section is not in the orthogonal container. */
    double untouched;
    int64_t untouched_snap;
    fill_sentinel(&untouched, sizeof untouched);
    fill_sentinel(&untouched_snap, sizeof untouched_snap);
    CHECK_ERROR(sl_layout_get_offset_for_item(layout, 0, 1, 0, &untouched, &untouched_snap),
                SL_EINVAL, "section", NULL);
    CHECK_UNTOUCHED(untouched);
    CHECK_UNTOUCHED(untouched_snap);
    /* The main scroll of this layout is free: rows start at 200 + 50·k; the end is
     * 1200 − 844 = 356. */
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 1, 2, &offset, &snap),
                 SL_OK);
    CHECK(offset == 300 && snap == -1, "main row 2: %.17g, snap %" PRId64, offset, snap);
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 1, 19, &offset, &snap),
                 SL_OK);
    CHECK(offset == 356 && snap == -1, "main row 19: %.17g, snap %" PRId64, offset, snap);
    sl_layout_destroy(layout);
  }

  /* A free container: snap −1. */
  layout = create_layout(BEHAVIOR_JSON[SL_ORTHOGONAL_CONTINUOUS]);
  if (layout != NULL) {
    double offset = 0;
    int64_t snap = 7;
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 2, &offset, &snap), SL_OK);
    CHECK(offset == 660 && snap == -1, "continuous item 2: %.17g, snap %" PRId64, offset, snap);
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 5, &offset, &snap), SL_OK);
    CHECK(offset == 1564 && snap == -1, "continuous item 5: %.17g, snap %" PRId64, offset, snap);
    sl_layout_destroy(layout);
  }

  /* Group snapping: the item's group. */
  layout = create_layout(BEHAVIOR_JSON[SL_ORTHOGONAL_GROUP_PAGING_CENTERED]);
  if (layout != NULL) {
    double offset = 0;
    int64_t snap = -7;
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, 0, 0, 4, &offset, &snap), SL_OK);
    CHECK(offset == 1265 && snap == 4, "centred item 4: %.17g, snap %" PRId64, offset, snap);
    sl_layout_destroy(layout);
  }
}

/* ---------------------------------------------------------------------------------------------
 * 7. Pinned headers and footers
 * ------------------------------------------------------------------------------------------- */

static const sl_rect PINNED_ALL = {0, -100, 400, 3440};

static int pinned_element(const sl_layout *layout, int32_t kind, int32_t section,
                          sl_element *out) {
  int found = find_element(layout, PINNED_ALL, SL_ELEMENT_SUPPLEMENTARY, kind, section, 0, out);
  CHECK(found, "no element of kind %d in section %d", (int)kind, (int)section);
  return found;
}

static void test_pinned(void) {
  sl_layout *layout = create_layout(PINNED_JSON(""));
  if (layout == NULL) return;
  int32_t header = -9, footer = -9;
  CHECK_STATUS(sl_layout_find_element_kind(layout, "header", &header), SL_OK);
  CHECK_STATUS(sl_layout_find_element_kind(layout, "footer", &footer), SL_OK);
  sl_element e;

  /* At offset 0: the header where it belongs; the footer pinned to the viewport's bottom. */
  if (pinned_element(layout, header, 0, &e)) {
    CHECK(e.frame.y == 0 && e.frame.x == 0 && e.frame.width == 400 && e.frame.height == 50,
          "header 0 at %g,%g %gx%g", e.frame.x, e.frame.y, e.frame.width, e.frame.height);
    CHECK(!(e.flags & SL_ELEMENT_FLAG_PINNED), "header 0 flagged pinned at its natural frame");
  }
  if (pinned_element(layout, footer, 0, &e)) {
    CHECK(e.frame.y == 800 - 30 && (e.flags & SL_ELEMENT_FLAG_PINNED),
          "footer 0 at y %g, flags %u (expected 770, pinned)", e.frame.y, (unsigned)e.flags);
  }
  /* Cells are never pinned. */
  sl_element cells[32];
  size_t count = query(layout, (sl_rect){0, 0, 400, 800}, cells, 32);
  CHECK(count == 10, "%zu elements in the first screen, expected 8 rows, header, footer", count);
  for (size_t i = 0; i < count && i < 32; i++)
    if (cells[i].category == SL_ELEMENT_CELL)
      CHECK(cells[i].flags == 0, "cell %" PRId64 " has flags %u", cells[i].item,
            (unsigned)cells[i].flags);

  /* At 500: the header follows the top of the visible rect; the footer is back home. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 500), SL_OK);
  if (pinned_element(layout, header, 0, &e))
    CHECK(e.frame.y == 500 && (e.flags & SL_ELEMENT_FLAG_PINNED),
          "at 500 header 0 at y %g, flags %u", e.frame.y, (unsigned)e.flags);
  if (pinned_element(layout, footer, 0, &e))
    CHECK(e.frame.y == 1050 && !(e.flags & SL_ELEMENT_FLAG_PINNED),
          "at 500 footer 0 at y %g, flags %u", e.frame.y, (unsigned)e.flags);
  /* A rect query sees the pinned frame, and not the natural one. */
  CHECK(find_element(layout, (sl_rect){0, 500, 400, 1}, SL_ELEMENT_SUPPLEMENTARY, header, 0, 0,
                     &e),
        "the pinned header is not found at y 500");
  CHECK(!find_element(layout, (sl_rect){0, 0, 400, 50}, SL_ELEMENT_SUPPLEMENTARY, header, 0, 0,
                      &e),
        "the pinned header is still reported at its natural frame");

  /* Near the section's end it is pushed up by it: at most 1080 − 50. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 1050), SL_OK);
  if (pinned_element(layout, header, 0, &e))
    CHECK(e.frame.y == 1030 && (e.flags & SL_ELEMENT_FLAG_PINNED),
          "at 1050 header 0 at y %g, flags %u", e.frame.y, (unsigned)e.flags);
  if (pinned_element(layout, header, 1, &e))
    CHECK(e.frame.y == 1080 && !(e.flags & SL_ELEMENT_FLAG_PINNED),
          "at 1050 header 1 at y %g, flags %u", e.frame.y, (unsigned)e.flags);
  /* The next section's header takes over. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 1500), SL_OK);
  if (pinned_element(layout, header, 1, &e))
    CHECK(e.frame.y == 1500 && (e.flags & SL_ELEMENT_FLAG_PINNED),
          "at 1500 header 1 at y %g, flags %u", e.frame.y, (unsigned)e.flags);
  if (pinned_element(layout, footer, 1, &e))
    CHECK(e.frame.y == 2130 && !(e.flags & SL_ELEMENT_FLAG_PINNED),
          "at 1500 footer 1 at y %g (natural 2130), flags %u", e.frame.y, (unsigned)e.flags);
  /* This layout has no orthogonal section: section 0 is not a scroll container. */
  CHECK_ERROR(sl_layout_set_scroll_offset(layout, 0, 10), SL_EINVAL, "container", NULL);
  sl_layout_destroy(layout);

  /* The visible rect starts below the host's contentInset. */
  layout = create_layout(PINNED_JSON(", \"configuration\": {\"scrolling\": {\"contentInset\": "
                                     "{\"top\": 47}}}"));
  if (layout == NULL) return;
  CHECK_STATUS(sl_layout_find_element_kind(layout, "header", &header), SL_OK);
  double offset = 0;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, SL_SCROLL_MAIN, &offset), SL_OK);
  CHECK_EQ(offset, -47);
  if (pinned_element(layout, header, 0, &e))
    CHECK(e.frame.y == 0 && !(e.flags & SL_ELEMENT_FLAG_PINNED), "inset: header 0 at y %g",
          e.frame.y);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 100), SL_OK);
  if (pinned_element(layout, header, 0, &e))
    CHECK(e.frame.y == 147 && (e.flags & SL_ELEMENT_FLAG_PINNED),
          "inset: at 100 header 0 at y %g, flags %u", e.frame.y, (unsigned)e.flags);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * 8. Visible-item effects and handlers
 * ------------------------------------------------------------------------------------------- */

static const sl_rect ZOOM_ALL = {-2000, 0, 6000, 844};

static int zoom_cell(const sl_layout *layout, int64_t item, sl_element *out) {
  int found = find_element(layout, ZOOM_ALL, SL_ELEMENT_CELL, SL_KIND_CELL, 0, item, out);
  CHECK(found, "cell %" PRId64 " not found", item);
  return found;
}

static void test_effects(void) {
  sl_layout *layout = create_layout(ZOOM_JSON);
  if (layout == NULL) return;
  sl_element e;
  /* At the initial offset (−39) cell 0 is centred, cell 1 one stride away. */
  if (zoom_cell(layout, 0, &e))
    CHECK(transform_is_scale(e.transform, 1) && e.alpha == 1 && e.z_index == 2,
          "centred cell: scale %g/%g, alpha %g, z %d", e.transform.a, e.transform.d, e.alpha,
          (int)e.z_index);
  if (zoom_cell(layout, 1, &e)) {
    CHECK(transform_is_scale(e.transform, 0.9) && e.alpha == 0.5 && e.z_index == 0,
          "neighbour: transform {%g %g %g %g %g %g}, alpha %g, z %d", e.transform.a,
          e.transform.b, e.transform.c, e.transform.d, e.transform.tx, e.transform.ty, e.alpha,
          (int)e.z_index);
    /* The frame is before the transform. */
    CHECK(e.frame.width == 312 && e.frame.height == 200 && e.frame.x == 322 + 39,
          "neighbour frame %g,%g %gx%g", e.frame.x, e.frame.y, e.frame.width, e.frame.height);
  }
  if (zoom_cell(layout, 4, &e))
    CHECK(transform_is_scale(e.transform, 0.9) && e.alpha == 0.5 && e.z_index == 0,
          "far cell (4 strides): scale %g, alpha %g, z %d", e.transform.a, e.alpha,
          (int)e.z_index);
  double distance = 0;
  CHECK_STATUS(sl_layout_get_item_distance(layout, 0, 1, &distance), SL_OK);
  CHECK_EQ(distance, 1);
  CHECK_STATUS(sl_layout_get_item_distance(layout, 0, 0, &distance), SL_OK);
  CHECK_EQ(distance, 0);
  CHECK_STATUS(sl_layout_get_item_distance(layout, 0, 4, &distance), SL_OK);
  CHECK_EQ(distance, 4);

  /* Half way between the two. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, -39 + 161), SL_OK);
  if (zoom_cell(layout, 0, &e))
    CHECK(fabs(e.transform.a - 0.95) < 1e-12 && e.transform.d == e.transform.a &&
              fabs(e.alpha - 0.75) < 1e-12 && e.z_index == 1,
          "half way, cell 0: scale %.17g, alpha %.17g, z %d", e.transform.a, e.alpha,
          (int)e.z_index);
  if (zoom_cell(layout, 1, &e))
    CHECK(fabs(e.transform.a - 0.95) < 1e-12 && fabs(e.alpha - 0.75) < 1e-12,
          "half way, cell 1: scale %.17g, alpha %.17g", e.transform.a, e.alpha);
  if (zoom_cell(layout, 2, &e))
    CHECK(transform_is_scale(e.transform, 0.9) && e.alpha == 0.5,
          "half way, cell 2 (1.5 strides): scale %g, alpha %g", e.transform.a, e.alpha);
  CHECK_STATUS(sl_layout_get_item_distance(layout, 0, 0, &distance), SL_OK);
  CHECK_EQ(distance, -0.5);
  CHECK_STATUS(sl_layout_get_item_distance(layout, 0, 1, &distance), SL_OK);
  CHECK_EQ(distance, 0.5);

  /* Errors. */
  double untouched;
  fill_sentinel(&untouched, sizeof untouched);
  CHECK_ERROR(sl_layout_get_item_distance(layout, 0, 5, &untouched), SL_ERANGE, "item", NULL);
  CHECK_ERROR(sl_layout_get_item_distance(layout, 0, -1, &untouched), SL_ERANGE, "item", NULL);
  CHECK_ERROR(sl_layout_get_item_distance(layout, 1, 0, &untouched), SL_ERANGE, "section", NULL);
  CHECK_ERROR(sl_layout_get_item_distance(layout, -1, 0, &untouched), SL_ERANGE, "section", NULL);
  CHECK_ERROR(sl_layout_get_item_distance(NULL, 0, 0, &untouched), SL_EINVAL, "layout", NULL);
  CHECK_UNTOUCHED(untouched);
  CHECK_ERROR(sl_layout_get_item_distance(layout, 0, 0, NULL), SL_EINVAL, "out_distance", NULL);
  sl_layout_destroy(layout);

  /* Effects on the main scroll use its offset; sections without effects are untouched. */
  layout = create_layout(MAIN_EFFECTS_JSON);
  if (layout == NULL) return;
  /* Section 1's rows start at 300; the viewport's centre is at 400, row k's at 350 + 100k. */
  CHECK_STATUS(sl_layout_get_item_distance(layout, 1, 0, &distance), SL_OK);
  CHECK_EQ(distance, -0.5);
  CHECK(find_element(layout, (sl_rect){0, 0, 400, 2400}, SL_ELEMENT_CELL, SL_KIND_CELL, 1, 2, &e),
        "row 2 of section 1 not found");
  CHECK(e.alpha == 1 - 1.5 / 4 && transform_is_scale(e.transform, 1),
        "row 2: alpha %.17g, scale %g", e.alpha, e.transform.a);
  sl_element all[64];
  size_t count = query(layout, (sl_rect){0, 0, 400, 2400}, all, 64);
  CHECK(count == 23, "%zu elements, expected 23", count);
  for (size_t i = 0; i < count && i < 64; i++)
    if (all[i].section == 0)
      CHECK(all[i].alpha == 1 && transform_is_scale(all[i].transform, 1) && all[i].z_index == 0,
            "row %" PRId64 " of section 0 (no effects): alpha %g, scale %g, z %d", all[i].item,
            all[i].alpha, all[i].transform.a, (int)all[i].z_index);
  /* Scrolling the main scroll moves the centre: at 200 it is at 600, row 2's centre 550. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 200), SL_OK);
  CHECK_STATUS(sl_layout_get_item_distance(layout, 1, 2, &distance), SL_OK);
  CHECK_EQ(distance, -0.5);
  CHECK(find_element(layout, (sl_rect){0, 0, 400, 2400}, SL_ELEMENT_CELL, SL_KIND_CELL, 1, 2, &e),
        "row 2 of section 1 not found");
  CHECK(e.alpha == 1 - 0.5 / 4, "row 2 at main offset 200: alpha %.17g", e.alpha);
  /* A section without effects still has a distance. */
  CHECK_STATUS(sl_layout_get_item_distance(layout, 0, 0, &distance), SL_OK);
  CHECK_EQ(distance, (50.0 - 600) / 100);
  sl_layout_destroy(layout);
}

/* What one handler call saw. */
typedef struct handler_call {
  void *user_data;
  sl_visible_items_context context;
  sl_element *elements;
  size_t count;
  sl_element copy[16];
} handler_call;

typedef struct handler_tag {
  int modify;
} handler_tag;

static handler_call handler_log[16];
static size_t handler_calls = 0;

static void record_handler(void *user_data, const sl_visible_items_context *context,
                           sl_element *elements, size_t count) {
  if (handler_calls < 16) {
    handler_call *call = &handler_log[handler_calls];
    call->user_data = user_data;
    call->context = *context;
    call->elements = elements;
    call->count = count;
    for (size_t i = 0; i < count && i < 16; i++) call->copy[i] = elements[i];
  }
  handler_calls++;
  const handler_tag *tag = user_data;
  if (tag != NULL && tag->modify) {
    for (size_t i = 0; i < count; i++) {
      elements[i].alpha = 0.125;
      elements[i].transform.a = 0.5;
      elements[i].transform.d = 0.25;
      elements[i].transform.tx = 3;
      elements[i].z_index = 1000 + (int32_t)i;
    }
  }
}

static void reset_log(void) {
  memset(handler_log, 0, sizeof handler_log);
  handler_calls = 0;
}

static int same_element(const sl_element *a, const sl_element *b) {
  return a->frame.x == b->frame.x && a->frame.y == b->frame.y &&
         a->frame.width == b->frame.width && a->frame.height == b->frame.height &&
         a->transform.a == b->transform.a && a->transform.b == b->transform.b &&
         a->transform.c == b->transform.c && a->transform.d == b->transform.d &&
         a->transform.tx == b->transform.tx && a->transform.ty == b->transform.ty &&
         a->alpha == b->alpha && a->item == b->item && a->section == b->section &&
         a->category == b->category && a->kind == b->kind && a->z_index == b->z_index &&
         a->flags == b->flags && a->copy == b->copy;
}

/* Checks one logged call against the section's run [first, first + count) of `buffer`. */
static void check_call(size_t index, void *user_data, int32_t section, int32_t container,
                       double offset, double viewport, double content, sl_element *buffer,
                       size_t first, size_t count, const sl_element *baseline) {
  if (index >= handler_calls) {
    CHECK(0, "handler call %zu missing (%zu calls)", index, handler_calls);
    return;
  }
  const handler_call *call = &handler_log[index];
  CHECK(call->user_data == user_data, "call %zu: user_data %p, expected %p", index,
        call->user_data, user_data);
  CHECK(call->context.section == section && call->context.container == container,
        "call %zu: section %d container %d, expected %d, %d", index, (int)call->context.section,
        (int)call->context.container, (int)section, (int)container);
  CHECK(call->context.offset == offset && call->context.viewport_length == viewport &&
            call->context.content_length == content,
        "call %zu: offset %.17g, viewport %g, content %g; expected %g, %g, %g", index,
        call->context.offset, call->context.viewport_length, call->context.content_length, offset,
        viewport, content);
  CHECK(call->elements == buffer + first && call->count == count,
        "call %zu: elements at %p, count %zu; expected %p (index %zu), count %zu", index,
        (void *)call->elements, call->count, (void *)(buffer + first), first, count);
  for (size_t i = 0; i < call->count && i < 16; i++) {
    CHECK(call->copy[i].section == section, "call %zu: element %zu of section %d", index, i,
          (int)call->copy[i].section);
    if (baseline != NULL)
      CHECK(same_element(&call->copy[i], &baseline[first + i]),
            "call %zu: element %zu differs from the query without handlers", index, i);
  }
}

static void test_handlers(void) {
  sl_layout *layout = create_layout(HANDLER_JSON);
  if (layout == NULL) return;
  const sl_rect viewport = {0, 0, 390, 844};
  /* Without handlers: section 0 (cells 0, 1, header) at 0..2, section 1 at 3..5, section 2 at
   * 6..9. */
  sl_element baseline[32];
  size_t count = query(layout, viewport, baseline, 32);
  CHECK(count == 10, "%zu elements in the viewport, expected 10", count);
  if (count != 10) {
    sl_layout_destroy(layout);
    return;
  }
  static const int32_t sections[10] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 2};
  for (size_t i = 0; i < 10; i++)
    CHECK(baseline[i].section == sections[i], "element %zu is of section %d", i,
          (int)baseline[i].section);
  CHECK(baseline[1].alpha == 0.5 && baseline[1].transform.a == 0.9,
        "the neighbour cell's effects: alpha %g, scale %g", baseline[1].alpha,
        baseline[1].transform.a);

  handler_tag tag0 = {0}, tag2 = {0};
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 0, record_handler, &tag0), SL_OK);
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 2, record_handler, &tag2), SL_OK);

  /* Once per section with a handler, with that section's elements, after effects. */
  sl_element buffer[32];
  reset_log();
  CHECK(query(layout, viewport, buffer, 32) == 10, "count changed with handlers");
  CHECK(handler_calls == 2, "%zu handler calls, expected 2", handler_calls);
  check_call(0, &tag0, 0, 0, -39, 390, 1600, buffer, 0, 3, baseline);
  check_call(1, &tag2, 2, SL_SCROLL_MAIN, 0, 844, 2530, buffer, 6, 4, baseline);
  for (size_t i = 0; i < 10; i++)
    CHECK(same_element(&buffer[i], &baseline[i]), "a recording handler changed element %zu", i);

  /* Not called for count-only queries. */
  reset_log();
  size_t counted = 0;
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, viewport, NULL, 0, &counted), SL_OK);
  CHECK(counted == 10 && handler_calls == 0, "count-only: %zu elements, %zu handler calls",
        counted, handler_calls);
  CHECK_STATUS(sl_layout_get_elements_in_rect(layout, viewport, NULL, 32, &counted), SL_OK);
  CHECK(handler_calls == 0, "count-only with a capacity: %zu handler calls", handler_calls);

  /* Not called for sections without elements in the rect. */
  reset_log();
  CHECK(query(layout, (sl_rect){0, 340, 390, 80}, buffer, 32) == 1, "one row of section 1");
  CHECK(handler_calls == 0, "%zu handler calls for a rect holding section 1 only",
        handler_calls);

  /* Modifications are seen by the caller; sections without a handler are untouched. */
  tag0.modify = 1;
  tag2.modify = 1;
  reset_log();
  CHECK(query(layout, viewport, buffer, 32) == 10, "count changed with modifying handlers");
  CHECK(handler_calls == 2, "%zu modifying handler calls", handler_calls);
  for (size_t i = 0; i < 10; i++) {
    if (sections[i] == 1) {
      CHECK(same_element(&buffer[i], &baseline[i]), "element %zu of section 1 was modified", i);
      continue;
    }
    size_t position = sections[i] == 0 ? i : i - 6;
    CHECK(buffer[i].alpha == 0.125 && buffer[i].transform.a == 0.5 &&
              buffer[i].transform.d == 0.25 && buffer[i].transform.tx == 3 &&
              buffer[i].z_index == 1000 + (int32_t)position,
          "element %zu: the handler's changes are not in the buffer (alpha %g, a %g, z %d)", i,
          buffer[i].alpha, buffer[i].transform.a, (int)buffer[i].z_index);
    CHECK(buffer[i].frame.x == baseline[i].frame.x && buffer[i].item == baseline[i].item,
          "element %zu: the handler's run is not its own", i);
  }
  tag0.modify = 0;
  tag2.modify = 0;

  /* A small buffer: handlers see only what was written (SL_EBUFS). */
  fill_sentinel(buffer, sizeof buffer);
  reset_log();
  CHECK_ERROR(sl_layout_get_elements_in_rect(layout, viewport, buffer, 2, &counted), SL_EBUFS,
              "capacity", NULL);
  CHECK(counted == 10, "count after SL_EBUFS: %zu", counted);
  CHECK(handler_calls == 1, "%zu handler calls with room for 2 elements", handler_calls);
  check_call(0, &tag0, 0, 0, -39, 390, 1600, buffer, 0, 2, baseline);
  CHECK(is_sentinel(buffer + 2, 30 * sizeof(sl_element)), "elements past the capacity written");
  fill_sentinel(buffer, sizeof buffer);
  reset_log();
  CHECK_ERROR(sl_layout_get_elements_in_rect(layout, viewport, buffer, 8, &counted), SL_EBUFS,
              "capacity", NULL);
  CHECK(handler_calls == 2, "%zu handler calls with room for 8 elements", handler_calls);
  check_call(0, &tag0, 0, 0, -39, 390, 1600, buffer, 0, 3, baseline);
  check_call(1, &tag2, 2, SL_SCROLL_MAIN, 0, 844, 2530, buffer, 6, 2, baseline);
  CHECK(is_sentinel(buffer + 8, 24 * sizeof(sl_element)), "elements past the capacity written");
  fill_sentinel(buffer, sizeof buffer);
  reset_log();
  CHECK_ERROR(sl_layout_get_elements_in_rect(layout, viewport, buffer, 5, &counted), SL_EBUFS,
              "capacity", NULL);
  CHECK(handler_calls == 1, "%zu handler calls with room for 5 (section 2 not reached)",
        handler_calls);
  check_call(0, &tag0, 0, 0, -39, 390, 1600, buffer, 0, 3, baseline);

  /* The context follows the containers' offsets. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, 122), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 100), SL_OK);
  reset_log();
  count = query(layout, (sl_rect){0, 100, 390, 844}, buffer, 32);
  CHECK(handler_calls == 2, "%zu handler calls after scrolling", handler_calls);
  if (handler_calls == 2) {
    CHECK(handler_log[0].context.offset == 122 && handler_log[0].context.container == 0,
          "orthogonal context offset %g", handler_log[0].context.offset);
    CHECK(handler_log[1].context.offset == 100 && handler_log[1].context.section == 2 &&
              handler_log[1].context.container == SL_SCROLL_MAIN,
          "main context offset %g", handler_log[1].context.offset);
    /* Effects are applied before the handler: half way, cells 0 and 1 are at 0.95. */
    CHECK(handler_log[0].count >= 2 && fabs(handler_log[0].copy[0].transform.a - 0.95) < 1e-12 &&
              fabs(handler_log[0].copy[1].transform.a - 0.95) < 1e-12,
          "the handler saw scales %g, %g", handler_log[0].copy[0].transform.a,
          handler_log[0].copy[1].transform.a);
  }
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, 0, -39), SL_OK);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 0), SL_OK);

  /* Removing a handler with NULL. */
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 0, NULL, NULL), SL_OK);
  reset_log();
  CHECK(query(layout, viewport, buffer, 32) == 10, "count after removing a handler");
  CHECK(handler_calls == 1, "%zu handler calls after removing section 0's", handler_calls);
  check_call(0, &tag2, 2, SL_SCROLL_MAIN, 0, 844, 2530, buffer, 6, 4, baseline);
  /* Replacing one: the new user data. */
  handler_tag other = {0};
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 2, record_handler, &other), SL_OK);
  reset_log();
  query(layout, viewport, buffer, 32);
  CHECK(handler_calls == 1 && handler_log[0].user_data == &other,
        "after replacing: %zu calls, user_data %p (expected %p)", handler_calls,
        handler_log[0].user_data, (void *)&other);
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 2, NULL, &other), SL_OK);
  CHECK_STATUS(sl_layout_set_visible_items_handler(layout, 1, NULL, NULL), SL_OK);
  reset_log();
  CHECK(query(layout, viewport, buffer, 32) == 10, "count after removing every handler");
  CHECK(handler_calls == 0, "%zu handler calls after removing every handler", handler_calls);
  for (size_t i = 0; i < 10; i++)
    CHECK(same_element(&buffer[i], &baseline[i]), "element %zu differs without handlers", i);

  /* Errors. */
  CHECK_ERROR(sl_layout_set_visible_items_handler(layout, 3, record_handler, NULL), SL_ERANGE,
              "section", NULL);
  CHECK_ERROR(sl_layout_set_visible_items_handler(layout, -1, record_handler, NULL), SL_ERANGE,
              "section", NULL);
  CHECK_ERROR(sl_layout_set_visible_items_handler(layout, INT32_MAX, NULL, NULL), SL_ERANGE,
              "section", NULL);
  CHECK_ERROR(sl_layout_set_visible_items_handler(NULL, 0, record_handler, NULL), SL_EINVAL,
              "layout", NULL);
  /* A failed set installs nothing. */
  reset_log();
  query(layout, viewport, buffer, 32);
  CHECK(handler_calls == 0, "%zu handler calls after failed sets", handler_calls);
  sl_layout_destroy(layout);
}

/* ---------------------------------------------------------------------------------------------
 * 9. Properties over many releases
 * ------------------------------------------------------------------------------------------- */

static void property_loop(const char *json, int32_t container, int standard, const char *label,
                          uint64_t seed, int iterations) {
  sl_layout *layout = create_layout(json);
  if (layout == NULL) return;
  sl_scroll_info info = scroll_info(layout, container);
  double snaps[64];
  size_t count = (size_t)info.snap_count;
  if (count > 0) {
    CHECK(snap_offsets(layout, container, snaps, 64) == count, "%s: rest offsets", label);
    for (size_t i = 1; i < count; i++)
      CHECK(snaps[i] > snaps[i - 1], "%s: rest offsets %zu and %zu not increasing", label, i - 1,
            i);
  }
  const int64_t limit = info.max_pages_per_gesture;
  const double fling = 200; /* the default fling threshold, pt/s */
  generator g = {seed};
  int failures_before = test_failures;
  for (int n = 0; n < iterations && test_failures - failures_before < 20; n++) {
    int64_t reference = count > 0 ? (int64_t)next_uniform(&g, 0, (double)count) : -1;
    if (reference >= (int64_t)count) reference = (int64_t)count - 1;
    double start = count > 0 ? snaps[reference] : next_uniform(&g, info.min_offset, info.max_offset);
    double release = start + next_uniform(&g, -600, 600);
    double velocity = next_uniform(&g, 0, 1) < 0.2 ? 0 : next_uniform(&g, -6000, 6000);
    sl_snap_result r = resolve(layout, container, make_release(start, release, velocity));

    CHECK(r.target_offset >= info.min_offset && r.target_offset <= info.max_offset,
          "%s: %g -> %g at %g: target %.17g outside [%g, %g]", label, start, release, velocity,
          r.target_offset, info.min_offset, info.max_offset);
    double clamped = dmin(dmax(release, info.min_offset), info.max_offset);
    if (count > 0) {
      CHECK(r.snap_index >= 0 && r.snap_index < (int64_t)count,
            "%s: snap_index %" PRId64 " of %zu", label, r.snap_index, count);
      if (r.snap_index >= 0 && r.snap_index < (int64_t)count)
        CHECK(snaps[r.snap_index] == r.target_offset,
              "%s: %g -> %g at %g: target %.17g but rest position %" PRId64 " is %.17g", label,
              start, release, velocity, r.target_offset, r.snap_index, snaps[r.snap_index]);
      CHECK(r.reference_snap == reference, "%s: reference %" PRId64 " for a start on %" PRId64,
            label, r.reference_snap, reference);
      CHECK(r.release_progress >= 0 && r.release_progress <= (double)(count - 1),
            "%s: release_progress %g", label, r.release_progress);
      sl_snap_position position;
      CHECK_STATUS(sl_layout_get_snap_position(layout, container, r.target_offset, &position),
                   SL_OK);
      CHECK(position.index == r.snap_index && position.progress == (double)r.snap_index,
            "%s: the target's position is %" PRId64 " (%g), the decision says %" PRId64, label,
            position.index, position.progress, r.snap_index);
    } else {
      double projected = release + velocity / 1000 * info.deceleration_rate /
                                       (1 - info.deceleration_rate);
      double expected = dmin(dmax(projected, info.min_offset), info.max_offset);
      CHECK(fabs(r.target_offset - expected) <= 1e-9 * dmax(1, fabs(expected)) &&
                r.snap_index == -1 && r.reference_snap == -1,
            "%s: free release %g at %g rests at %.17g, expected %.17g (snap %" PRId64 ")", label,
            release, velocity, r.target_offset, expected, r.snap_index);
    }
    if (standard && count > 0) {
      int64_t steps = r.snap_index - reference;
      if (limit > 0)
        CHECK(steps <= limit && steps >= -limit,
              "%s: %g -> %g at %g moved %" PRId64 " rest positions (limit %" PRId64 ")", label,
              start, release, velocity, steps, limit);
      if (fabs(velocity) >= fling) {
        /* The rest position never moves against a fling… */
        if (limit > 0)
          CHECK((double)steps * velocity >= 0,
                "%s: %g -> %g at %g moved %" PRId64 " rest positions against the fling", label,
                start, release, velocity, steps);
        /* …nor does the target rest behind the release, unless the step limit stops it. */
        CHECK((r.target_offset - clamped) * velocity >= -1e-9 ||
                  (limit > 0 && (steps == limit || steps == -limit)),
              "%s: %g -> %g at %g rests at %.17g, behind the release", label, start, release,
              velocity, r.target_offset);
      }
    }
    /* The motion goes from the release to the target. */
    CHECK(r.motion.start_offset == release && r.motion.start_velocity == velocity &&
              r.motion.target_offset == r.target_offset,
          "%s: motion %.17g (%g) -> %.17g", label, r.motion.start_offset,
          r.motion.start_velocity, r.motion.target_offset);
    sl_motion_state at_end = sample(&r.motion, r.motion.duration);
    CHECK(at_end.settled == 1 && at_end.offset == r.target_offset && at_end.velocity == 0,
          "%s: the motion ends at %.17g, not %.17g", label, at_end.offset, r.target_offset);
    if (r.motion.kind != SL_MOTION_NONE) {
      sl_motion_state at_start = sample(&r.motion, 0);
      CHECK(at_start.offset == release && at_start.velocity == velocity && at_start.settled == 0,
            "%s: the motion starts at %.17g, not %.17g", label, at_start.offset, release);
    }

    /* At rest on a rest position with no velocity, nothing moves. */
    if (count > 0) {
      sl_snap_result still = resolve(layout, container, make_release(start, start, 0));
      CHECK(still.target_offset == start && still.snap_index == reference &&
                still.motion.kind == SL_MOTION_NONE,
            "%s: at rest on %g: target %.17g, snap %" PRId64 ", motion %d", label, start,
            still.target_offset, still.snap_index, (int)still.motion.kind);
      /* A release measured from a given reference keeps it and honours the step limit. */
      int64_t given = (int64_t)next_uniform(&g, 0, (double)count);
      if (given >= (int64_t)count) given = (int64_t)count - 1;
      sl_snap_result from = resolve(layout, container, make_release_from(start, release, velocity, given));
      CHECK(from.reference_snap == given, "%s: reference %" PRId64 ", given %" PRId64, label,
            from.reference_snap, given);
      if (standard && limit > 0)
        CHECK(from.snap_index - given <= limit && given - from.snap_index <= limit,
              "%s: %" PRId64 " rest positions from the given reference %" PRId64, label,
              from.snap_index - given, given);
    }
  }
  sl_layout_destroy(layout);
}

static void test_properties(void) {
  const int iterations = quick_mode() ? 200 : 2000;
  for (int behavior = 1; behavior < 6; behavior++)
    property_loop(BEHAVIOR_JSON[behavior], 0, 1, BEHAVIOR_NAMES[behavior],
                  (uint64_t)behavior * 7 + 1, iterations);
  property_loop(CAROUSEL_STANDARD, SL_SCROLL_MAIN, 1, "carousel/standard, 1 per gesture", 101,
                iterations);
  property_loop(CAROUSEL_STANDARD_UNLIMITED, SL_SCROLL_MAIN, 1, "carousel/standard, unlimited",
                103, iterations);
  property_loop(CAROUSEL_WILL_END_ROUND, SL_SCROLL_MAIN, 0, "carousel/uikitWillEndDragging", 107,
                iterations);
  property_loop(CAROUSEL_WILL_END_DIRECTIONAL, SL_SCROLL_MAIN, 0,
                "carousel/uikitWillEndDragging directional", 109, iterations);
  property_loop(CAROUSEL_TARGET_CONTENT_OFFSET, SL_SCROLL_MAIN, 0,
                "carousel/uikitTargetContentOffset", 113, iterations);
}

int main(void) {
  test_carousel_geometry();
  test_carousel_snap_offsets();
  test_carousel_algorithms();
  test_orthogonal_behaviors();
  test_partial_last_group();
  test_motion_sampling();
  test_motion_retarget();
  test_motion_errors();
  test_absurd_motions();
  test_interrupted_gestures();
  test_scroll_offsets();
  test_offset_for_item();
  test_pinned();
  test_effects();
  test_handlers();
  test_properties();
  return test_finish("test_scrolling");
}
