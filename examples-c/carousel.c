/*
 * carousel — the card carousel, swiped by a scripted finger.
 *
 *   carousel      prints every gesture of the script, then the flow layout targetContentOffset
 *                 pattern side by side
 *
 * The carousel is the classic case of paging a collection view that has insets, built with a
 * flow layout (docs/SNAPPING.md, "The card carousel on the main scroll, three ways"): ten cards
 * of 320 x 744 points, 7 points apart, on a 390 x 844 screen that scrolls horizontally, with a
 * contentInset of 34 on both sides. A card is 327 points from the next (the stride), so
 * card k rests at offset k * 327 - 34, from -34 (card 0) to 2907 (card 9, clamped to the end of
 * the content). A card at the centre of the screen is drawn at full size and a card one stride
 * away at 0.9, through the section's visibleItemEffects.
 *
 * Each gesture is a touch-down, a drag and a release with a velocity, as a UIScrollView delegate
 * would report them (its velocity is in points per millisecond; the API takes points per
 * second). sl_layout_resolve_scroll says where the carousel comes to rest and how it gets there;
 * the program samples that motion, then sets the resting offset and reads the cards' scale.
 * A second layout, identical but for "algorithm": "uikitTargetContentOffset" (the flow layout
 * targetContentOffset pattern of SNAPPING.md) and normal deceleration, resolves the same
 * releases, and the two targets are compared.
 * Everything is computed, nothing is timed, so the output is the same on every run.
 */
#include <stdio.h>
#include <string.h>

#include "snaplayout.h"

#define SCREEN_W 390.0
#define SCREEN_H 844.0
#define CARDS 10
#define GESTURES 8

/* The layout, with the snap decision rule and the deceleration rate left open. */
static const char *const config_format =
    "{\"version\": 1,\n"
    " \"configuration\": {\"scrollDirection\": \"horizontal\",\n"
    "   \"scrolling\": {\"contentInset\": {\"leading\": 34, \"trailing\": 34},\n"
    "     \"snapUnit\": \"item\", \"maxPagesPerGesture\": 1,\n"
    "     \"velocityThresholds\": {\"fling\": 200, \"free\": 2000},\n"
    "     \"algorithm\": \"%s\", \"decelerationRate\": \"%s\"}},\n"
    " \"environment\": {\"displayScale\": 3},\n"
    " \"sections\": [{\"itemCount\": %d, \"interGroupSpacing\": 7,\n"
    "   \"group\": {\"group\": \"horizontal\",\n"
    "     \"layoutSize\": {\"widthDimension\": {\"absolute\": 320},"
    " \"heightDimension\": {\"absolute\": 744}},\n"
    "     \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"fractionalHeight\": 1}}}]},\n"
    "   \"visibleItemEffects\": {\"scale\": {\"center\": 1, \"edge\": 0.9}}}]}\n";

/* One step of the script. */
typedef struct gesture {
  const char *name;
  /* The card the finger touches down on (the carousel rests there), or -1: on the previous
     motion, still in flight. */
  int touch_card;
  /* How far the finger drags before it lifts (points), and the velocity at release (points
     per second, positive toward the end of the content). */
  double drag;
  double velocity;
  /* > 0: the motion is interrupted at this time (seconds) by the next gesture's touch. */
  double grab_time;
} gesture;

static const gesture script[GESTURES] = {
    {"slow small drag, released back", 0, 54, 50, 0},
    {"gentle fling from card 0", 0, 34, 600, 0},
    {"slow drag past the middle", 1, 190, 120, 0},
    {"hard fling (one page at most)", 2, 40, 8000, 0},
    {"backward fling", 3, -47, -900, 0},
    {"fling at the last card", 9, 28, 1500, 0},
    {"backward fling, interrupted", 9, -27, -1500, 0.1},
    {"re-grab and fling back again", -1, -30, -1200, 0},
};

/* What one run of the script decided, for the side-by-side comparison. */
typedef struct outcome {
  double touch, release, velocity;
  double target;
  int64_t snap;
} outcome;

static int fail(const char *what) {
  const sl_error *error = sl_error_last();
  fprintf(stderr, "carousel: %s: %s", what, error->message);
  if (error->path[0]) fprintf(stderr, " (at %s)", error->path);
  fprintf(stderr, " [%s]\n", sl_status_string(error->code));
  return 1;
}

/* Rounds tiny values to 0, so that "-0.00" never appears. */
static double clean(double value, double unit) {
  return value > -unit / 2 && value < unit / 2 ? 0.0 : value;
}

/* A velocity with its sign ("+120.0", "-5.0"), or "0.0". */
static const char *signed_text(char *buffer, size_t size, double value) {
  value = clean(value, 0.1);
  snprintf(buffer, size, value == 0 ? "%.1f" : "%+.1f", value);
  return buffer;
}

static const char *motion_name(int32_t kind) {
  switch (kind) {
    case SL_MOTION_NONE: return "none";
    case SL_MOTION_DECAY: return "decay";
    case SL_MOTION_SPRING: return "spring";
    default: return "?";
  }
}

static sl_layout *make_carousel(const char *algorithm, const char *rate) {
  char config[2048];
  int length = snprintf(config, sizeof config, config_format, algorithm, rate, CARDS);
  sl_layout *layout = NULL;
  if (length < 0 || (size_t)length >= sizeof config) return NULL;
  if (sl_layout_create(config, (size_t)length, &layout) != SL_OK ||
      sl_layout_set_container_size(layout, SCREEN_W, SCREEN_H) != SL_OK) {
    fail("cannot create the carousel");
    sl_layout_destroy(layout);
    return NULL;
  }
  return layout;
}

/* Prints the scale of the cards on screen at `offset` (the library sets transform.a). */
static int print_scales(sl_layout *layout, double offset, int64_t centred) {
  sl_element elements[16];
  size_t count = 0;
  sl_rect screen = {offset, 0, SCREEN_W, SCREEN_H};
  if (sl_layout_set_scroll_offset(layout, SL_SCROLL_MAIN, offset) != SL_OK ||
      sl_layout_get_elements_in_rect(layout, screen, elements, 16, &count) != SL_OK)
    return fail("cannot list the cards on screen");
  printf("   rests at %.2f, card %lld centred: scale", offset, (long long)centred);
  for (size_t i = 0; i < count; i++) {
    if (elements[i].category != SL_ELEMENT_CELL || elements[i].item != centred) continue;
    printf(" %.4f", elements[i].transform.a);
  }
  printf(" (on screen:");
  for (size_t i = 0, shown = 0; i < count; i++) {
    if (elements[i].category != SL_ELEMENT_CELL) continue;
    printf("%s #%lld %.4f", shown++ ? "," : "", (long long)elements[i].item,
           elements[i].transform.a);
  }
  printf(")\n");
  return 0;
}

/* Prints a motion at five times: the release, 1/8, 1/4 and 1/2 of its duration, and its end. */
static int print_samples(const sl_motion *motion, double stop) {
  static const double fractions[5] = {0, 0.125, 0.25, 0.5, 1};
  printf("   %9s %10s %12s  %s\n", "t (s)", "offset", "velocity", "settled");
  for (int i = 0; i < 5; i++) {
    double t = motion->duration * fractions[i];
    sl_motion_state state;
    if (motion->kind == SL_MOTION_NONE && i > 0) break;
    if (stop > 0 && t > stop) t = stop;
    if (sl_motion_sample(motion, t, &state) != SL_OK) return fail("cannot sample the motion");
    char velocity[32];
    printf("   %9.3f %10.2f %12s  %s\n", t, clean(state.offset, 0.01),
           signed_text(velocity, sizeof velocity, state.velocity), state.settled ? "yes" : "no");
    if (stop > 0 && t >= stop) break;
  }
  return 0;
}

/*
 * Runs the script on `layout`. With `verbose`, prints each gesture; always records what was
 * decided in `out`. The releases are those of `replay` when given (so that a second layout
 * resolves exactly the same releases), otherwise those of the script.
 */
static int run_script(sl_layout *layout, int verbose, const outcome *replay, outcome *out) {
  sl_motion previous;
  double previous_time = 0;
  int64_t resting = 0; /* the card the carousel rests on */
  memset(&previous, 0, sizeof previous);
  for (int g = 0; g < GESTURES; g++) {
    const gesture *step = &script[g];
    sl_scroll_release release;
    sl_snap_result result;
    memset(&release, 0, sizeof release);
    release.version = SL_SCROLL_RELEASE_VERSION;

    double touch = 0;
    int64_t reference = -1;
    if (step->touch_card >= 0) {
      /* The finger lands on a card at rest: its rest offset, as a scroll to that item finds it. */
      int64_t snap = -1;
      if (sl_layout_get_offset_for_item(layout, SL_SCROLL_MAIN, 0, step->touch_card, &touch,
                                        &snap) != SL_OK)
        return fail("cannot find the offset of a card");
      if (step->touch_card != resting && verbose) {
        printf("-- scroll to card %d (sl_layout_get_offset_for_item): offset %.2f, page %lld\n",
               step->touch_card, touch, (long long)snap);
        if (print_scales(layout, touch, step->touch_card)) return 1;
        printf("\n");
      }
    } else {
      /* The finger lands on a carousel still moving: it catches it where it is, and the
         gesture is measured from the page the motion was heading for. */
      sl_motion_state state;
      int64_t nearest = -1;
      if (sl_motion_sample(&previous, previous_time, &state) != SL_OK)
        return fail("cannot sample the motion");
      touch = state.offset;
      if (sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, touch, &previous, previous_time,
                                       &reference) != SL_OK ||
          sl_layout_get_reference_snap(layout, SL_SCROLL_MAIN, touch, NULL, 0, &nearest) != SL_OK)
        return fail("cannot find the reference page");
      if (verbose)
        printf("   touch-down at t = %.3f s catches it at %.2f, moving %+.1f pt/s: nearest page "
               "%lld,\n   but it was heading for page %lld (sl_layout_get_reference_snap)\n\n",
               previous_time, touch, state.velocity, (long long)nearest, (long long)reference);
    }
    release.start_offset = replay ? replay[g].touch : touch;
    release.release_offset = replay ? replay[g].release : touch + step->drag;
    release.velocity = replay ? replay[g].velocity : step->velocity;
    if (reference >= 0) {
      release.flags = SL_RELEASE_HAS_REFERENCE;
      release.reference_snap = reference;
    }
    if (sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &release, &result) != SL_OK)
      return fail("cannot resolve the release");
    out[g].touch = release.start_offset;
    out[g].release = release.release_offset;
    out[g].velocity = release.velocity;
    out[g].target = result.target_offset;
    out[g].snap = result.snap_index;

    if (verbose) {
      printf("%d. %s\n", g + 1, step->name);
      printf("   touch-down %.2f, release %.2f (dragged %+.2f), velocity %+.0f pt/s\n",
             release.start_offset, release.release_offset,
             release.release_offset - release.start_offset, release.velocity);
      printf("   target %.2f: page %lld, card %lld (from page %lld, %+lld); progress at "
             "release %.3f\n",
             result.target_offset, (long long)result.snap_index, (long long)result.item,
             (long long)result.reference_snap,
             (long long)(result.snap_index - result.reference_snap), result.release_progress);
      printf("   motion %s, %.3f s", motion_name(result.motion.kind), result.motion.duration);
      if (step->grab_time > 0) printf(" (interrupted at %.3f s)", step->grab_time);
      printf("\n");
      if (print_samples(&result.motion, step->grab_time)) return 1;
      if (reference >= 0) {
        /* The same release measured from the page nearest the touch instead. */
        sl_snap_result stale;
        release.flags = 0;
        release.reference_snap = 0;
        if (sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &release, &stale) != SL_OK)
          return fail("cannot resolve the release");
        printf("   (measured from the nearest page instead: target %.2f, page %lld, only the "
               "page it\n   interrupted)\n",
               stale.target_offset, (long long)stale.snap_index);
      }
      if (step->grab_time > 0)
        printf("   interrupted in flight: see the next gesture\n");
      else if (print_scales(layout, result.target_offset, result.item))
        return 1;
      printf("\n");
    }
    previous = result.motion;
    previous_time = step->grab_time;
    resting = result.item;
  }
  return 0;
}

int main(void) {
  outcome standard[GESTURES], pattern[GESTURES];
  sl_scroll_info info;
  sl_layout *layout = make_carousel("standard", "fast");
  if (!layout) return 1;
  if (sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info) != SL_OK) {
    fail("cannot read the scroll");
    sl_layout_destroy(layout);
    return 1;
  }
  printf("The card carousel: %d cards of 320 x 744, 7 apart, on a %.0f x %.0f screen\n", CARDS,
         SCREEN_W, SCREEN_H);
  printf("content %.0f, contentInset %.0f / %.0f, offsets %.0f ... %.0f, %lld rest positions\n"
         "(card k at k * 327 - 34, the last clamped to the end)\n",
         info.content_length, info.inset_leading, info.inset_trailing, info.min_offset,
         info.max_offset, (long long)info.snap_count);
  printf("rule \"standard\", deceleration %.3f per ms, at most %d page per gesture, flings from "
         "200 pt/s\n",
         info.deceleration_rate, info.max_pages_per_gesture);
  printf("scale 1 at the screen's centre, 0.9 a card away; a card at rest spans x = 34 ... 354 "
         "of 390,\n1 pt left of the centre, so its scale is 1 - 0.1 / 327 = 0.9997\n\n");

  int status = run_script(layout, 1, NULL, standard);
  sl_layout_destroy(layout);
  if (status) return status;

  /* The same releases, by the targetContentOffset pattern at UIKit's normal deceleration. */
  layout = make_carousel("uikitTargetContentOffset", "normal");
  if (!layout) return 1;
  status = run_script(layout, 0, standard, pattern);
  sl_layout_destroy(layout);
  if (status) return status;

  printf("The same releases under \"uikitTargetContentOffset\" (the flow layout"
         " targetContentOffset pattern, normal deceleration):\n\n");
  printf("   %-31s %8s %8s %9s   %-13s %s\n", "gesture", "touch", "release", "velocity",
         "standard", "pattern");
  for (int g = 0; g < GESTURES; g++) {
    char a[32], b[32];
    snprintf(a, sizeof a, "%.2f p%lld", standard[g].target, (long long)standard[g].snap);
    snprintf(b, sizeof b, "%.2f p%lld", pattern[g].target, (long long)pattern[g].snap);
    printf("%d. %-31s %8.2f %8.2f %+9.0f   %-13s %-13s %s\n", g + 1, script[g].name,
           standard[g].touch, standard[g].release, standard[g].velocity, a, b,
           standard[g].target == pattern[g].target ? "same" : "DIFFERS");
  }
  printf("\nWhere they differ, the pattern\n"
         "- rounds (offset - inset) / 327 where the standard rule measures (offset + inset) / "
         "327:\n  a bias of 2 * 34 / 327 = 0.21 page, so a slow drag 58%% of the way stays;\n"
         "- projects a fling of 2 pt/ms or more (v * 0.998 / 0.002) with no page limit,\n"
         "  so the hard fling runs to the end;\n"
         "- knows nothing of a motion in flight, so the re-grab only finishes the page it "
         "interrupted.\n");
  return 0;
}
