/*
 * test_navigation.c — navigation without touch (include/snaplayout.h, since 0.2;
 * docs/SNAPPING.md, "Navigation without touch"), through the shipped libsnaplayout.so:
 *
 *  1. next / previous / to / first / last on the card carousel, at rest: targets, indices,
 *     motions that end on the target, the ends;
 *  2. presses during a motion: three quick "next"s go three positions, each motion continuing
 *     the previous one's offset and velocity;
 *  3. the selected rest position, at rest and in flight;
 *  4. jumps without motion, and `initialIndex`;
 *  5. free containers and orthogonal sections;
 *  6. bad arguments: statuses, error records, untouched outputs;
 *  7. wheels and touchpads (docs/SNAPPING.md, "Wheels and touchpads"): notches, fractions,
 *     deltas followed then released like a drag, the end gap, caught motions, bad events;
 *  8. pages of what fits (docs/SNAPPING.md, "Pages of what fits"): groupsPerPage "fit" and a
 *     count, recomputed at a new container size, with navigation and flings; a count over a
 *     flow's lines with per-item sizes (Embla Carousel's slidesToScroll fixtures) and over
 *     measured rows, following a report.
 */
#include <inttypes.h>
#include <stdint.h>

#include "test_support.h"


/*
 * The card carousel (docs/SNAPPING.md): 320-pt cards 7 pt apart, contentInset 34 on a 390-pt
 * screen. Card k rests at k·327 − 34; the last (2909) is clamped to the bound 2907.
 */
#define CAROUSEL_JSON(scrolling)                                                              \
  "{" CONTAINER(390, 844) ",\n \"configuration\": {\"scrollDirection\": \"horizontal\", "     \
  "\"scrolling\": {\"snapUnit\": \"item\", \"contentInset\": {\"leading\": 34, "               \
  "\"trailing\": 34}, \"decelerationRate\": \"fast\", \"maxPagesPerGesture\": 1" scrolling    \
  "}},\n \"sections\": [{\"itemCount\": 10, \"interGroupSpacing\": 7, \"group\": "            \
  HGROUP(ABS(320), ABS(744)) "}]}"

static const double SNAPS[10] = {-34, 293, 620, 947, 1274, 1601, 1928, 2255, 2582, 2907};

/* 20 rows of 50 pt in an 844-pt screen: the main scroll is free, bounds [0, 156]. */
static const char FREE_JSON[] =
    "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 20, \"group\": "
    HGROUP(FW(1), ABS(50)) "}]}";

/* A list above an orthogonal groupPaging section: groups 312 wide, 322 apart, insets 16,
 * rest positions 0, 322, 644, 966, 1288, 1564. */
#define ORTHO_JSON(properties)                                                                \
  "{" CONTAINER(390, 844) ", \"sections\": [{\"itemCount\": 3, \"group\": "                  \
  HGROUP(FW(1), ABS(50)) "}, {\"itemCount\": 6, \"interGroupSpacing\": 10, \"contentInsets\": " \
  "{\"leading\": 16, \"trailing\": 16}, \"orthogonalScrollingBehavior\": \"groupPaging\"" properties \
  ", \"group\": " HGROUP(FW(0.8), ABS(200)) "}]}"

/* Samples `motion` until settled; returns the final offset. */
static double run_to_end(const sl_motion *motion) {
  sl_motion_state state = {0};
  CHECK_STATUS(sl_motion_sample(motion, motion->duration + 1, &state), SL_OK);
  CHECK(state.settled == 1, "the motion settles after its duration");
  return state.offset;
}

static sl_snap_result navigate(sl_layout *layout, int32_t container, int32_t action,
                               int64_t argument, const sl_motion *in_flight, double time) {
  sl_snap_result result;
  memset(&result, 0, sizeof result);
  CHECK_STATUS(sl_layout_navigate(layout, container, action, argument, in_flight, time, &result),
               SL_OK);
  return result;
}

static int64_t selected(sl_layout *layout, int32_t container, const sl_motion *in_flight,
                        double time) {
  int64_t index = -9;
  CHECK_STATUS(sl_layout_get_selected_snap(layout, container, in_flight, time, &index), SL_OK);
  return index;
}

static double offset_of(sl_layout *layout, int32_t container) {
  double offset = NAN;
  CHECK_STATUS(sl_layout_get_scroll_offset(layout, container, &offset), SL_OK);
  return offset;
}

static void test_steps_at_rest(void) {
  sl_layout *layout = create_layout(CAROUSEL_JSON(""));
  if (!layout) return;
  /* At rest on card 0 (the initial offset, −34). */
  sl_snap_result next = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0);
  CHECK(next.snap_index == 1 && next.reference_snap == 0, "next from 0: %" PRId64 " from %" PRId64,
        next.snap_index, next.reference_snap);
  CHECK_NEAR(next.target_offset, 293, 1e-9);
  CHECK(next.item == 1 && next.section == 0, "card 1 rests there: %" PRId64, next.item);
  CHECK(next.motion.kind == SL_MOTION_SPRING, "a spring from rest: %d", next.motion.kind);
  CHECK_NEAR(next.motion.start_offset, -34, 0);
  CHECK_NEAR(next.motion.start_velocity, 0, 0);
  CHECK_NEAR(run_to_end(&next.motion), 293, 0);
  CHECK_NEAR(next.release_progress, 0, 1e-12);

  /* Two steps; maxPagesPerGesture (1) does not limit navigation. */
  sl_snap_result two = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 2, NULL, 0);
  CHECK(two.snap_index == 2, "next 2: %" PRId64, two.snap_index);
  CHECK_NEAR(two.target_offset, 620, 1e-9);

  /* Previous at the first position stays there: nothing to do. */
  sl_snap_result back = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_PREVIOUS, 1, NULL, 0);
  CHECK(back.snap_index == 0 && back.reference_snap == 0, "previous at 0: %" PRId64,
        back.snap_index);
  CHECK(back.motion.kind == SL_MOTION_NONE, "no motion at the start: %d", back.motion.kind);

  /* From card 4 (offset 1274): previous, to, first, last, and steps past the ends. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 1274), SL_OK);
  sl_snap_result prev = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_PREVIOUS, 1, NULL, 0);
  CHECK(prev.snap_index == 3 && prev.reference_snap == 4, "previous from 4: %" PRId64,
        prev.snap_index);
  CHECK_NEAR(prev.target_offset, 947, 1e-9);
  sl_snap_result to = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_TO, 7, NULL, 0);
  CHECK(to.snap_index == 7 && to.item == 7, "to 7: %" PRId64, to.snap_index);
  CHECK_NEAR(to.target_offset, SNAPS[7], 1e-9);
  sl_snap_result first = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_FIRST, 0, NULL, 0);
  CHECK(first.snap_index == 0, "first: %" PRId64, first.snap_index);
  CHECK_NEAR(first.target_offset, -34, 1e-9);
  sl_snap_result last = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_LAST, 0, NULL, 0);
  CHECK(last.snap_index == 9 && last.item == 9, "last: %" PRId64, last.snap_index);
  CHECK_NEAR(last.target_offset, 2907, 1e-9);
  sl_snap_result far = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, INT64_MAX, NULL, 0);
  CHECK(far.snap_index == 9, "next INT64_MAX stops at the end: %" PRId64, far.snap_index);
  sl_snap_result far_back =
      navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_PREVIOUS, INT64_MAX, NULL, 0);
  CHECK(far_back.snap_index == 0, "previous INT64_MAX stops at 0: %" PRId64, far_back.snap_index);

  /* Between cards (offset 400, nearer card 1 at 293 than card 2 at 620): counts from card 1. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 400), SL_OK);
  sl_snap_result between = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0);
  CHECK(between.reference_snap == 1 && between.snap_index == 2, "from 400: %" PRId64 " -> %" PRId64,
        between.reference_snap, between.snap_index);
  CHECK_NEAR(between.release_progress, 1 + (400.0 - 293) / 327, 1e-12);
  /* Overscroll before the start counts from the first position and starts where it is. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, -80), SL_OK);
  sl_snap_result over = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_FIRST, 0, NULL, 0);
  CHECK(over.snap_index == 0 && over.motion.kind != SL_MOTION_NONE, "springs back from -80");
  CHECK_NEAR(over.motion.start_offset, -80, 0);
  sl_layout_destroy(layout);
}

static void test_presses_in_flight(void) {
  sl_layout *layout = create_layout(CAROUSEL_JSON(""));
  if (!layout) return;
  /* Three presses 50 ms apart, each passing the motion the previous one returned. */
  sl_snap_result a = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0);
  sl_motion_state at = {0};
  CHECK_STATUS(sl_motion_sample(&a.motion, 0.05, &at), SL_OK);
  CHECK(!at.settled, "the first motion is still running at 50 ms");
  CHECK(selected(layout, SL_SCROLL_MAIN, &a.motion, 0.05) == 1, "selected in flight: card 1");
  sl_snap_result b = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, &a.motion, 0.05);
  CHECK(b.reference_snap == 1 && b.snap_index == 2, "second press: %" PRId64 " -> %" PRId64,
        b.reference_snap, b.snap_index);
  /* Continuous: the new motion starts with the old one's offset and velocity. */
  CHECK_NEAR(b.motion.start_offset, at.offset, 0);
  CHECK_NEAR(b.motion.start_velocity, at.velocity, 0);
  CHECK(at.velocity > 0, "moving toward card 1: %g", at.velocity);
  sl_snap_result c = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, &b.motion, 0.05);
  CHECK(c.snap_index == 3, "third press: %" PRId64, c.snap_index);
  CHECK_NEAR(run_to_end(&c.motion), 947, 0);
  /* The same presses against a settled motion count from the container's own offset. */
  sl_snap_result late = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, &a.motion, 100);
  CHECK(late.reference_snap == 0 && late.snap_index == 1, "settled motion: from the offset");
  /* A reversal mid-flight heads back, starting with the forward velocity (no jump). */
  sl_snap_result back = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_PREVIOUS, 1, &c.motion, 0.02);
  CHECK(back.reference_snap == 3 && back.snap_index == 2, "previous in flight: %" PRId64,
        back.snap_index);
  CHECK(back.motion.start_velocity > 0, "keeps the forward velocity at the hand-off");
  sl_layout_destroy(layout);
}

static void test_selected_and_jump(void) {
  sl_layout *layout = create_layout(CAROUSEL_JSON(""));
  if (!layout) return;
  CHECK(selected(layout, SL_SCROLL_MAIN, NULL, 0) == 0, "starts on card 0");
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 600), SL_OK);
  CHECK(selected(layout, SL_SCROLL_MAIN, NULL, 0) == 2, "600 is nearest card 2");
  for (int64_t index = 0; index < 10; index++) {
    CHECK_STATUS(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, index), SL_OK);
    CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), SNAPS[index], 1e-9);
    CHECK(selected(layout, SL_SCROLL_MAIN, NULL, 0) == index, "jumped to %" PRId64, index);
  }
  CHECK_ERROR(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, 10), SL_ERANGE, "index", "10");
  CHECK_ERROR(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, -1), SL_ERANGE, "index", NULL);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), SNAPS[9], 0);
  CHECK_ERROR(sl_layout_jump_to_snap(layout, 3, 0), SL_ERANGE, "container", NULL);
  CHECK_ERROR(sl_layout_jump_to_snap(NULL, SL_SCROLL_MAIN, 0), SL_EINVAL, "layout", NULL);
  sl_layout_destroy(layout);

  /* Without a container size. */
  const char unsized[] = "{\"sections\": [{\"itemCount\": 3, \"group\": " HGROUP(FW(1), ABS(50)) "}]}";
  layout = create_layout(unsized);
  if (!layout) return;
  int64_t index = 77;
  CHECK_ERROR(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, 0), SL_ESTATE, NULL, NULL);
  CHECK_ERROR(sl_layout_get_selected_snap(layout, SL_SCROLL_MAIN, NULL, 0, &index), SL_ESTATE,
              NULL, NULL);
  CHECK(index == 77, "untouched");
  sl_layout_destroy(layout);
}

static void test_initial_index(void) {
  sl_layout *layout = create_layout(CAROUSEL_JSON(", \"initialIndex\": 3"));
  if (!layout) return;
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 947, 1e-9);
  CHECK(selected(layout, SL_SCROLL_MAIN, NULL, 0) == 3, "starts on card 3");
  /* It follows a new container size until the host scrolls: card 3 at 3·(W − 70 + 7) − 34. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 500, 844), SL_OK);
  CHECK(selected(layout, SL_SCROLL_MAIN, NULL, 0) == 3, "still card 3 at 500 wide");
  double info_offset = offset_of(layout, SL_SCROLL_MAIN);
  double rest = NAN;
  CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 3, &rest, NULL), SL_OK);
  CHECK_NEAR(info_offset, rest, 1e-9);
  sl_layout_destroy(layout);

  /* Past the last rest position: the last. */
  layout = create_layout(CAROUSEL_JSON(", \"initialIndex\": 99"));
  if (layout) {
    CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), 2907, 1e-9);
    sl_layout_destroy(layout);
  }
  /* An orthogonal section's own. */
  layout = create_layout(ORTHO_JSON(", \"orthogonalScrollingProperties\": {\"initialIndex\": 2}"));
  if (layout) {
    CHECK_NEAR(offset_of(layout, 1), 644, 1e-9);
    CHECK(selected(layout, 1, NULL, 0) == 2, "section 1 starts on group 2");
    sl_layout_destroy(layout);
  }
  /* Refused: negative, fractional, a string. */
  const char *bad[] = {CAROUSEL_JSON(", \"initialIndex\": -1"), CAROUSEL_JSON(", \"initialIndex\": 1.5"),
                       CAROUSEL_JSON(", \"initialIndex\": \"2\"")};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    sl_layout *refused = NULL;
    CHECK_ERROR(sl_layout_create(bad[i], strlen(bad[i]), &refused), SL_ECONFIG,
                "/configuration/scrolling/initialIndex", NULL);
    CHECK(refused == NULL, "no layout for a bad initialIndex");
  }
}

static void test_free_and_orthogonal(void) {
  sl_layout *layout = create_layout(FREE_JSON);
  if (!layout) return;
  /* Free: a page is the snapport (844); the bounds stop it. */
  sl_snap_result next = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0);
  CHECK(next.snap_index == -1 && next.item == -1 && next.section == -1, "free: no rest position");
  CHECK_NEAR(next.target_offset, 156, 1e-9);
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 100), SL_OK);
  CHECK_NEAR(navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_FIRST, 0, NULL, 0).target_offset, 0, 0);
  CHECK_NEAR(navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_LAST, 0, NULL, 0).target_offset, 156, 0);
  CHECK(selected(layout, SL_SCROLL_MAIN, NULL, 0) == -1, "free: nothing selected");
  sl_snap_result result;
  fill_sentinel(&result, sizeof result);
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_TO, 0, NULL, 0, &result),
              SL_ERANGE, "argument", "freely");
  CHECK_UNTOUCHED(result);
  CHECK_ERROR(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, 0), SL_ERANGE, "index", NULL);
  sl_layout_destroy(layout);

  layout = create_layout(ORTHO_JSON(""));
  if (!layout) return;
  sl_snap_result group = navigate(layout, 1, SL_NAVIGATE_TO, 3, NULL, 0);
  CHECK(group.snap_index == 3 && group.section == 1 && group.item == 3,
        "section 1, group 3: section %d item %" PRId64, group.section, group.item);
  CHECK_NEAR(group.target_offset, 966, 1e-9);
  CHECK_STATUS(sl_layout_jump_to_snap(layout, 1, 5), SL_OK);
  CHECK_NEAR(offset_of(layout, 1), 1564, 1e-9);
  CHECK_ERROR(sl_layout_navigate(layout, 0, SL_NAVIGATE_NEXT, 1, NULL, 0, &result), SL_EINVAL,
              "container", "orthogonal");
  sl_layout_destroy(layout);
}

static void test_bad_arguments(void) {
  sl_layout *layout = create_layout(CAROUSEL_JSON(""));
  if (!layout) return;
  sl_snap_result result;
  fill_sentinel(&result, sizeof result);
  CHECK_ERROR(sl_layout_navigate(NULL, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0, &result),
              SL_EINVAL, "layout", NULL);
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0, NULL),
              SL_EINVAL, "out_result", NULL);
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, 0, 1, NULL, 0, &result), SL_EINVAL,
              "action", "SL_NAVIGATE_NEXT");
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, 6, 1, NULL, 0, &result), SL_EINVAL,
              "action", NULL);
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 0, NULL, 0, &result),
              SL_EINVAL, "argument", "at least 1");
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_PREVIOUS, -3, NULL, 0, &result),
              SL_EINVAL, "argument", NULL);
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_TO, 10, NULL, 0, &result),
              SL_ERANGE, "argument", "10");
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_TO, -1, NULL, 0, &result),
              SL_ERANGE, "argument", NULL);
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, NAN, &result),
              SL_EINVAL, "time", NULL);
  CHECK_ERROR(sl_layout_navigate(layout, 5, SL_NAVIGATE_NEXT, 1, NULL, 0, &result), SL_ERANGE,
              "container", NULL);
  sl_snap_result ok = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0);
  sl_motion broken = ok.motion;
  broken.kind = 7;
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, &broken, 0, &result),
              SL_EINVAL, "in_flight.kind", NULL);
  broken = ok.motion;
  broken.omega = -1;
  CHECK_ERROR(sl_layout_navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, &broken, 0, &result),
              SL_EINVAL, "in_flight.omega", NULL);
  CHECK_UNTOUCHED(result);

  int64_t index;
  fill_sentinel(&index, sizeof index);
  CHECK_ERROR(sl_layout_get_selected_snap(NULL, SL_SCROLL_MAIN, NULL, 0, &index), SL_EINVAL,
              "layout", NULL);
  CHECK_ERROR(sl_layout_get_selected_snap(layout, SL_SCROLL_MAIN, NULL, 0, NULL), SL_EINVAL,
              "out_index", NULL);
  CHECK_ERROR(sl_layout_get_selected_snap(layout, SL_SCROLL_MAIN, NULL, INFINITY, &index),
              SL_EINVAL, "time", NULL);
  CHECK_ERROR(sl_layout_get_selected_snap(layout, SL_SCROLL_MAIN, &broken, 0, &index), SL_EINVAL,
              "in_flight.omega", NULL);
  CHECK_UNTOUCHED(index);
  sl_layout_destroy(layout);
}

static sl_scroll_input_result input(sl_layout *layout, int32_t container, int32_t device,
                                    double delta, double time, uint32_t flags,
                                    const sl_motion *in_flight, double motion_time) {
  sl_scroll_input event = {SL_SCROLL_INPUT_VERSION, device, flags, 0, delta, time};
  sl_scroll_input_result result;
  memset(&result, 0, sizeof result);
  CHECK_STATUS(sl_layout_scroll_input(layout, container, &event, in_flight, motion_time, &result),
               SL_OK);
  return result;
}

static void test_wheel(void) {
  sl_layout *layout = create_layout(CAROUSEL_JSON(""));
  if (!layout) return;
  /* One notch: the next card, as sl_layout_navigate would go. */
  sl_scroll_input_result one = input(layout, SL_SCROLL_MAIN, SL_INPUT_WHEEL, 1, 10.0, 0, NULL, 0);
  CHECK(one.has_motion == 1 && one.result.snap_index == 1, "a notch: card %" PRId64,
        one.result.snap_index);
  CHECK_NEAR(one.offset, -34, 0);
  CHECK_NEAR(one.result.target_offset, 293, 1e-9);
  /* Half notches of a high-resolution wheel add up; a second one during the motion goes on. */
  sl_scroll_input_result half = input(layout, SL_SCROLL_MAIN, SL_INPUT_WHEEL, 0.5, 10.02, 0,
                                      &one.result.motion, 0.02);
  CHECK(half.has_motion == 0, "half a notch moves nothing yet");
  sl_scroll_input_result whole = input(layout, SL_SCROLL_MAIN, SL_INPUT_WHEEL, 0.5, 10.04, 0,
                                       &one.result.motion, 0.04);
  CHECK(whole.has_motion == 1 && whole.result.snap_index == 2 && whole.result.reference_snap == 1,
        "the second notch counts from card 1: %" PRId64, whole.result.snap_index);
  /* Back three notches from card 4. */
  CHECK_STATUS(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, 4), SL_OK);
  sl_scroll_input_result back = input(layout, SL_SCROLL_MAIN, SL_INPUT_WHEEL, -3, 11, 0, NULL, 0);
  CHECK(back.result.snap_index == 1, "three notches back: %" PRId64, back.result.snap_index);
  sl_layout_destroy(layout);

  /* A free container: viewport^(2/3) = 844^(2/3) points a notch, stopped by the bound (156). */
  layout = create_layout(FREE_JSON);
  if (!layout) return;
  sl_scroll_input_result step = input(layout, SL_SCROLL_MAIN, SL_INPUT_WHEEL, 1, 0, 0, NULL, 0);
  CHECK(step.has_motion == 1 && step.result.snap_index == -1, "free wheel step");
  CHECK_NEAR(step.result.target_offset, pow(844, 2.0 / 3.0), 1e-9);
  step = input(layout, SL_SCROLL_MAIN, SL_INPUT_WHEEL, 2, 1, 0, NULL, 0);
  CHECK_NEAR(step.result.target_offset, 156, 1e-9);
  sl_layout_destroy(layout);
}

static void test_touchpad(void) {
  sl_layout *layout = create_layout(CAROUSEL_JSON(""));
  if (!layout) return;
  /* Ten deltas of 10 pt, 10 ms apart (1000 pt/s): the content follows them. */
  double t = 5.0, offset = -34;
  for (int i = 0; i < 10; i++) {
    t += 0.01, offset += 10;
    sl_scroll_input_result r = input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 10, t, 0, NULL, 0);
    CHECK(r.has_motion == 0, "fingers still down at event %d", i);
    CHECK_NEAR(r.offset, offset, 1e-9);
    CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), offset, 1e-9);
  }
  /* The fingers lift: the same decision as a release from -34 at 66 with 1000 pt/s. */
  sl_scroll_input_result end =
      input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 0, t + 0.005, SL_INPUT_END, NULL, 0);
  sl_scroll_release release = {SL_SCROLL_RELEASE_VERSION, 0, -34, 66, 1000, 0};
  sl_snap_result expected;
  CHECK_STATUS(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &release, &expected), SL_OK);
  CHECK(end.has_motion == 1 && end.result.snap_index == expected.snap_index &&
            end.result.snap_index == 1,
        "released to card %" PRId64, end.result.snap_index);
  CHECK_NEAR(end.result.motion.start_velocity, 1000, 1e-6);
  CHECK_NEAR(end.result.target_offset, expected.target_offset, 0);

  /* A gesture that stops without an end: delta-less frames release it 0.1 s after the last
   * delta; a slow drift of 20 pt rests back on card 1. */
  CHECK_STATUS(sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, 293), SL_OK);
  t = 20;
  input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 10, t, 0, NULL, 0);
  input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 10, t + 0.2, 0, NULL, 0);
  sl_scroll_input_result idle =
      input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 0, t + 0.25, 0, NULL, 0);
  CHECK(idle.has_motion == 0, "50 ms without a delta: still following");
  CHECK_NEAR(idle.offset, 313, 1e-9);
  idle = input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 0, t + 0.3, 0, NULL, 0);
  CHECK(idle.has_motion == 1 && idle.result.snap_index == 1, "released after the gap: %" PRId64,
        idle.result.snap_index);

  /* Deltas past a bound are clamped to it. */
  sl_scroll_input_result far =
      input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, -5000, 30, 0, NULL, 0);
  CHECK_NEAR(far.offset, -34, 0);
  input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 0, 30.01, SL_INPUT_END, NULL, 0);

  /* The first delta of a gesture catches a motion where it is and counts from its target. */
  CHECK_STATUS(sl_layout_jump_to_snap(layout, SL_SCROLL_MAIN, 0), SL_OK);
  sl_snap_result go = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 2, NULL, 0);
  sl_motion_state at;
  CHECK_STATUS(sl_motion_sample(&go.motion, 0.05, &at), SL_OK);
  sl_scroll_input_result caught =
      input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 1, 40, 0, &go.motion, 0.05);
  CHECK_NEAR(caught.offset, at.offset + 1, 1e-9);
  sl_scroll_input_result lift =
      input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 0, 40.01, SL_INPUT_END, NULL, 0);
  CHECK(lift.result.reference_snap == 2, "counted from the caught motion's target: %" PRId64,
        lift.result.reference_snap);

  /* Bad events: nothing changes. */
  double before = offset_of(layout, SL_SCROLL_MAIN);
  sl_scroll_input_result out;
  fill_sentinel(&out, sizeof out);
  sl_scroll_input event = {SL_SCROLL_INPUT_VERSION, SL_INPUT_TOUCHPAD, 0, 0, 5, 50};
  sl_scroll_input bad = event;
  bad.version = 2;
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, &bad, NULL, 0, &out), SL_EINVAL,
              "input.version", NULL);
  bad = event, bad.device = 3;
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, &bad, NULL, 0, &out), SL_EINVAL,
              "input.device", "SL_INPUT_WHEEL");
  bad = event, bad.flags = 0x6;
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, &bad, NULL, 0, &out), SL_EINVAL,
              "input.flags", NULL);
  bad = event, bad.delta = NAN;
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, &bad, NULL, 0, &out), SL_EINVAL,
              "input.delta", NULL);
  bad = event, bad.time = INFINITY;
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, &bad, NULL, 0, &out), SL_EINVAL,
              "input.time", NULL);
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, &event, NULL, NAN, &out), SL_EINVAL,
              "time", NULL);
  CHECK_ERROR(sl_layout_scroll_input(NULL, SL_SCROLL_MAIN, &event, NULL, 0, &out), SL_EINVAL,
              "layout", NULL);
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, NULL, NULL, 0, &out), SL_EINVAL,
              "input", NULL);
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, &event, NULL, 0, NULL), SL_EINVAL,
              "out_result", NULL);
  CHECK_ERROR(sl_layout_scroll_input(layout, 4, &event, NULL, 0, &out), SL_ERANGE, "container",
              NULL);
  CHECK_UNTOUCHED(out);
  CHECK_NEAR(offset_of(layout, SL_SCROLL_MAIN), before, 0);
  /* A gesture's events must not go back in time. */
  input(layout, SL_SCROLL_MAIN, SL_INPUT_TOUCHPAD, 5, 60, 0, NULL, 0);
  event.time = 59;
  CHECK_ERROR(sl_layout_scroll_input(layout, SL_SCROLL_MAIN, &event, NULL, 0, &out), SL_EINVAL,
              "input.time", "monotonic");
  sl_layout_destroy(layout);
}

/* 100-pt cards 10 apart (stride 110) in a horizontal carousel, no insets: 10 cards span 1090. */
#define PAGED_JSON(width, per_page)                                                             \
  "{" CONTAINER(width, 300) ", \"configuration\": {\"scrollDirection\": \"horizontal\", "     \
  "\"scrolling\": {\"snapUnit\": \"group\", \"groupsPerPage\": " per_page "}}, "             \
  "\"sections\": [{\"itemCount\": 10, \"interGroupSpacing\": 10, \"group\": "               \
  HGROUP(ABS(100), ABS(200)) "}]}"

static void check_snaps(sl_layout *layout, const double *expected, size_t count, const char *what) {
  double offsets[16];
  size_t written = 0;
  CHECK_STATUS(sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, offsets, 16, &written), SL_OK);
  CHECK(written == count, "%s: %zu rest positions, expected %zu", what, written, count);
  for (size_t i = 0; i < written && i < count; i++) CHECK_NEAR(offsets[i], expected[i], 1e-9);
}

/* The rest positions of a layout created from `json`, then destroyed. */
static void check_created_snaps(const char *json, const double *expected, size_t count,
                                const char *what) {
  sl_layout *layout = create_layout(json);
  if (!layout) return;
  check_snaps(layout, expected, count, what);
  sl_layout_destroy(layout);
}

static void test_pages_of_what_fits(void) {
  /* 390 wide: three cards fit (100 + 10 + 100 + 10 + 100 = 320; four need 430). Pages start at
   * cards 0, 3, 6, 9: 0, 330, 660, and the last page's 990 is past the bound 700. */
  sl_layout *layout = create_layout(PAGED_JSON(390, "\"fit\""));
  if (!layout) return;
  const double at390[] = {0, 330, 660, 700};
  check_snaps(layout, at390, 4, "fit at 390");
  sl_snap_result next = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0);
  CHECK(next.snap_index == 1 && next.item == 3, "next page starts at card 3: item %" PRId64,
        next.item);
  /* A fling with one page per gesture's worth of speed lands on a page, never between. */
  sl_scroll_release release = {SL_SCROLL_RELEASE_VERSION, 0, 0, 40, 800, 0};
  sl_snap_result flung;
  CHECK_STATUS(sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &release, &flung), SL_OK);
  CHECK(flung.target_offset == 330 || flung.target_offset == 660 || flung.target_offset == 700,
        "a fling rests on a page: %g", flung.target_offset);
  /* 500 wide: four fit (430 <= 500); pages 0, 440, and 880 past the bound 590. */
  CHECK_STATUS(sl_layout_set_container_size(layout, 500, 300), SL_OK);
  const double at500[] = {0, 440, 590};
  check_snaps(layout, at500, 3, "fit at 500");
  /* 90 wide: not even one card fits, a page is still one card (10 cards, then the end bound
   * 1000, which card 9 at 990 does not reach). */
  CHECK_STATUS(sl_layout_set_container_size(layout, 90, 300), SL_OK);
  sl_scroll_info info;
  CHECK_STATUS(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info), SL_OK);
  CHECK(info.snap_count == 11, "one card a page at 90 wide: %" PRId64, info.snap_count);
  sl_layout_destroy(layout);

  /* A fixed count: two cards a page, whatever the width. */
  {
    const double two[] = {0, 220, 440, 660, 700};
    check_created_snaps(PAGED_JSON(390, "2"), two, 5, "two a page");
  }
  /* Refused: 0, a fraction, another word. */
  const char *bad[] = {PAGED_JSON(390, "0"), PAGED_JSON(390, "1.5"), PAGED_JSON(390, "\"auto\"")};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    sl_layout *refused = NULL;
    CHECK_ERROR(sl_layout_create(bad[i], strlen(bad[i]), &refused), SL_ECONFIG,
                "/configuration/scrolling/groupsPerPage", NULL);
  }
}

/*
 * The slidesToScroll cases of docs/SNAPPING.md ("Pages of what fits"), as a horizontal flow with
 * one slide a column: ten slides in a 1000 x 190 viewport, two a page, each page centred.
 */
#define SLIDES_JSON(scrolling, spacing, inset, widths)                                            \
  "{" CONTAINER(1000, 190) ", \"configuration\": {\"scrollDirection\": \"horizontal\", "        \
  "\"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"center\", " scrolling "}}, "        \
  "\"flowLayout\": {\"scrollDirection\": \"horizontal\", \"minimumLineSpacing\": " #spacing ", " \
  "\"minimumInteritemSpacing\": 0, \"sectionInset\": {\"top\": 0, \"left\": " #inset ", "      \
  "\"bottom\": 0, \"right\": " #inset "}}, \"sections\": [{\"itemCount\": 10, \"itemSizes\": [" \
  widths "]}]}"
#define S(w) "{\"width\": " #w ", \"height\": 190}"
#define PLAIN_SLIDES S(500) "," S(500) "," S(250) "," S(250) "," S(250) "," S(250) "," S(500) \
  "," S(500) "," S(500) "," S(501)
#define SPACED_SLIDES S(480) "," S(480) "," S(235) "," S(235) "," S(235) "," S(235) "," S(480) \
  "," S(480) "," S(480) "," S(481)

/* Ten rows measured 30 + 17·k tall, 10 apart, in a 390 x 300 list, three rows a page. */
#define MEASURED_PAGES_JSON                                                                     \
  "{" CONTAINER(390, 300) ", \"configuration\": {\"scrolling\": {\"snapUnit\": \"group\", "     \
  "\"groupsPerPage\": 3, \"mergeDistance\": 0}}, \"sections\": [{\"itemCount\": 10, "           \
  "\"interGroupSpacing\": 10, \"group\": {\"group\": \"vertical\", \"layoutSize\": "           \
  "{\"widthDimension\": " FW(1) ", \"heightDimension\": {\"estimated\": 50}}, \"subitems\": "   \
  "[{\"layoutSize\": {\"widthDimension\": " FW(1) ", "                                          \
  "\"heightDimension\": {\"estimated\": 50}}}]}}]}"

/* Pages of groups whose sizes are their own (docs/SNAPPING.md, "Pages of what fits"): a flow's
 * lines with per-item sizes and measured rows, N to a page, each page spanning its groups. */
static void test_pages_of_own_sizes(void) {
  /* Slides 500, 500, 250 x 4, 500 x 3, 501: content 4001, end bound 3001. Pages {0,1} 0..1000,
   * {2,3} 1000..1500, {4,5} 1500..2000, {6,7} 2000..3000, {8,9} 3000..4001, centred: 0, 750,
   * 1250, 2000, 3000.5; with trimSnaps the last (0.5 from the bound) rests on 3001. Embla's
   * expectations for both containments. */
  sl_layout *layout = create_layout(SLIDES_JSON("\"groupsPerPage\": 2", 0, 0, PLAIN_SLIDES));
  if (!layout) return;
  const double trimmed[] = {0, 750, 1250, 2000, 3001};
  check_snaps(layout, trimmed, 5, "two slides a page");
  sl_snap_result next = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0);
  CHECK(next.snap_index == 1 && next.item == 2 && next.target_offset == 750,
        "next page: index %" PRId64 ", item %" PRId64 ", offset %g", next.snap_index, next.item,
        next.target_offset);
  double item_offset = -1;
  int64_t item_snap = -1;
  CHECK_STATUS(
    sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 5, &item_offset, &item_snap), SL_OK);
  CHECK(item_offset == 1250 && item_snap == 2, "slide 5 is on page 2: %g, %" PRId64, item_offset,
        item_snap);
  sl_snap_position position;
  CHECK_STATUS(sl_layout_get_snap_position(layout, SL_SCROLL_MAIN, 2000, &position), SL_OK);
  CHECK(position.index == 3 && position.item == 6,
        "at 2000: page 3, slide 6: %" PRId64 ", %" PRId64, position.index, position.item);
  sl_layout_destroy(layout);
  {
    const double unclamped[] = {0, 750, 1250, 2000, 3000.5};
    check_created_snaps(
        SLIDES_JSON("\"groupsPerPage\": 2, \"containment\": \"none\"", 0, 0, PLAIN_SLIDES),
        unclamped, 5, "two slides a page, containment none");
  }
  /* Slides 20 apart with 20-pt insets (Embla's 10-pt margins each side, 20 at the ends):
   * content 4041, end bound 3041. Pages {0,1} 20..1000, {2,3} 1020..1510, {4,5} 1530..2020,
   * {6,7} 2040..3020, {8,9} 3040..4021, centred: 10, 765, 1275, 2030, 3030.5; the first and last
   * lie within the merge distance (50 pt, 5 % of the viewport) of the bounds and rest on them:
   * Embla's 0, 765, 1275, 2030, 3041. */
  {
    const double spaced[] = {0, 765, 1275, 2030, 3041};
    check_created_snaps(
        SLIDES_JSON("\"groupsPerPage\": 2", 20, 20, SPACED_SLIDES),
        spaced, 5, "two spaced slides a page");
  }
  /* "fit": each page takes the slides after its first while the last one ends within the
   * snapport (and the 1-pt tolerance) of the first one's start. Slides 500, 500 | 250 x 4 |
   * 500, 500 | 500, 501 (the last page 1001 long, within the tolerance): pages 0..1000,
   * 1000..2000, 2000..3000, 3000..4001, centred 0, 1000, 2000, 3000.5, the last on the bound
   * 3001 with trimSnaps. Embla's slidesToScroll "auto" expectations, both containments. */
  layout = create_layout(SLIDES_JSON("\"groupsPerPage\": \"fit\"", 0, 0, PLAIN_SLIDES));
  if (layout) {
    const double fit[] = {0, 1000, 2000, 3001};
    check_snaps(layout, fit, 4, "what fits");
    sl_snap_result to = navigate(layout, SL_SCROLL_MAIN, SL_NAVIGATE_NEXT, 1, NULL, 0);
    CHECK(to.snap_index == 1 && to.item == 2 && to.target_offset == 1000,
          "next page of what fits: index %" PRId64 ", item %" PRId64 ", offset %g",
          to.snap_index, to.item, to.target_offset);
    double at = -1;
    int64_t snap = -1;
    CHECK_STATUS(sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 5, &at, &snap), SL_OK);
    CHECK(at == 1000 && snap == 1, "slide 5 is on the second page: %g, %" PRId64, at, snap);
    /* Narrower: 600 shows one 500 or two 250s (the 250s' page of four no longer fits). */
    CHECK_STATUS(sl_layout_set_container_size(layout, 600, 190), SL_OK);
    sl_scroll_info info;
    CHECK_STATUS(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info), SL_OK);
    CHECK(info.snap_count == 8, "what fits at 600: %" PRId64 " rest positions", info.snap_count);
    sl_layout_destroy(layout);
  }
  {
    const double fit[] = {0, 1000, 2000, 3000.5};
    check_created_snaps(
        SLIDES_JSON("\"groupsPerPage\": \"fit\", \"containment\": \"none\"", 0, 0, PLAIN_SLIDES),
        fit, 4, "what fits, containment none");
  }
  /* With 20-pt spacing and insets: pages 20..1000, 1020..2020, 2040..3020, 3040..4021,
   * centred 10, 1020, 2030, 3030.5; Embla's 0, 1020, 2030, 3041 with trimSnaps (the ends
   * within the merge distance of the bounds), 10 ... 3030.5 without. */
  {
    const double fit[] = {0, 1020, 2030, 3041};
    check_created_snaps(
        SLIDES_JSON("\"groupsPerPage\": \"fit\"", 20, 20, SPACED_SLIDES),
        fit, 4, "what fits, spaced");
  }
  {
    const double fit[] = {10, 1020, 2030, 3030.5};
    check_created_snaps(
        SLIDES_JSON("\"groupsPerPage\": \"fit\", \"containment\": \"none\"", 20, 20, SPACED_SLIDES),
        fit, 4, "what fits, spaced, containment none");
  }
  /* Looping, the same pages with nothing contained (Embla's loop expectations): periods 4001
   * and 4041 (docs/SNAPPING.md, "Looping"). */
  {
    const double fit[] = {0, 1000, 2000, 3000.5};
    check_created_snaps(SLIDES_JSON("\"groupsPerPage\": \"fit\", \"loop\": true", 0, 0, PLAIN_SLIDES),
                        fit, 4, "what fits, looping");
  }
  {
    const double fit[] = {10, 1020, 2030, 3030.5};
    check_created_snaps(
        SLIDES_JSON("\"groupsPerPage\": \"fit\", \"loop\": true", 20, 20, SPACED_SLIDES), fit, 4,
        "what fits, spaced, looping");
  }

  /* Up to 1,024 slides of their own widths "fit" pages (they are found again at every solve);
   * past it each slide rests on its own (docs/SNAPPING.md, "Pages of what fits"). Slides 100
   * and 150 wide in turn, none apart: 1000 pt holds eight (1000), so 1,024 slides make 128
   * pages and 1,025 make 1,025 rest positions. */
  for (int64_t count = 1024; count <= 1025; count++) {
    char json[512];
    snprintf(json, sizeof json,
             "{" CONTAINER(1000, 190) ", \"configuration\": {\"scrollDirection\": "
             "\"horizontal\", \"scrolling\": {\"snapUnit\": \"item\", \"groupsPerPage\": "
             "\"fit\", \"containment\": \"none\"}}, \"flowLayout\": {\"scrollDirection\": "
             "\"horizontal\", \"minimumLineSpacing\": 0, \"itemSize\": {\"width\": 100, "
             "\"height\": 190}}, \"sections\": [{\"itemCount\": %" PRId64 "}]}",
             count);
    layout = create_layout(json);
    if (!layout) continue;
    sl_size sizes[1025];
    for (int64_t i = 0; i < count; i++) sizes[i] = (sl_size){i % 2 ? 150 : 100, 190};
    CHECK_STATUS(sl_layout_set_item_sizes(layout, 0, 0, sizes, (size_t)count, NULL), SL_OK);
    sl_scroll_info info;
    CHECK_STATUS(sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info), SL_OK);
    CHECK(info.snap_count == (count == 1024 ? 128 : 1025),
          "%" PRId64 " slides: %" PRId64 " rest positions", count, info.snap_count);
    sl_layout_destroy(layout);
  }

  /* Measured rows: starts 0, 40, 97, 171, 262, 370, 495, 637, 796, 972, content 1155, end
   * bound 855. Pages start at rows 0, 3, 6 and 9: 0, 171, 495, and 972 rests on the bound. */
  layout = create_layout(MEASURED_PAGES_JSON);
  if (!layout) return;
  for (int64_t row = 0; row < 10; row++)
    CHECK_STATUS(sl_layout_report_item_size(layout, 0, row, 390, 30 + 17 * (double)row, NULL),
                 SL_OK);
  const double measured[] = {0, 171, 495, 855};
  check_snaps(layout, measured, 4, "three measured rows a page");
  CHECK_STATUS(
    sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, 4, &item_offset, &item_snap), SL_OK);
  CHECK(item_offset == 171 && item_snap == 1, "row 4 is on page 1: %g", item_offset);
  /* Row 0 measured 100 (70 more): the pages follow, 0, 241, 565, and the bound 925. */
  CHECK_STATUS(sl_layout_report_item_size(layout, 0, 0, 390, 100, NULL), SL_OK);
  const double grown[] = {0, 241, 565, 925};
  check_snaps(layout, grown, 4, "three measured rows a page, row 0 grown");
  sl_layout_destroy(layout);
}

int main(void) {
  test_steps_at_rest();
  test_presses_in_flight();
  test_selected_and_jump();
  test_initial_index();
  test_free_and_orthogonal();
  test_bad_arguments();
  test_wheel();
  test_touchpad();
  test_pages_of_what_fits();
  test_pages_of_own_sizes();
  return test_finish("test_navigation");
}
