/*
 * workload.c — a fixed, deterministic workload whose instructions scripts/check-instructions.sh
 * counts with valgrind's callgrind, phase by phase, to catch regressions without a clock.
 *
 *   valgrind --tool=callgrind --collect-atstart=no build/bench-workload
 *
 * Every phase runs between two CALLGRIND_TOGGLE_COLLECT requests and ends with
 * CALLGRIND_DUMP_STATS_AT(phase name), so each dump holds exactly one phase's instructions (the
 * library's, libc's and json-c's, and this program's loop around them). Outside valgrind the
 * requests do nothing and the program only checks that every call succeeds.
 *
 * The inputs are fixed: the built-in App Store layout (examples-c/appstore.json) at 390x844, and
 * for self-sizing a list of 1e6 rows estimated at 44 pt. No clock, no random seed: counts change
 * only when the code that runs changes (see docs/PERFORMANCE.md for what still varies).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/callgrind.h>

#include "appstore_json.h"
#include "snaplayout.h"

static void check(int status, const char *call) {
  if (status == SL_OK) return;
  fprintf(stderr, "bench-workload: %s failed: %s: %s\n", call, sl_status_string(status),
          sl_error_last()->message);
  exit(1);
}

#define CHECK(expr) check((expr), #expr)

/* BEGIN_PHASE starts collecting; END_PHASE stops and writes the phase's counts. */
#define BEGIN_PHASE() CALLGRIND_TOGGLE_COLLECT
#define END_PHASE(name)          \
  do {                           \
    CALLGRIND_TOGGLE_COLLECT;      \
    CALLGRIND_DUMP_STATS_AT(name); \
  } while (0)

#define LAYOUTS 8
#define RESIZES 16
#define FRAMES 4096
#define RECTS 512
#define RELEASES 1024
#define SAMPLES 4096
#define REPORTS 256
#define SELF_SIZING_ITEMS 1000000

static volatile double sink;

int main(void) {
  const char *config = snaplayout_default_config;
  size_t length = strlen(config);
  sl_layout *layouts[LAYOUTS];
  double acc = 0;

  /* Before the first phase: one create and destroy, so that one-time costs (json-c's hash seed,
     the first allocations) fall outside every phase. */
  CHECK(sl_layout_create(config, length, &layouts[0]));
  sl_layout_destroy(layouts[0]);

  BEGIN_PHASE();
  for (int i = 0; i < LAYOUTS; i++) CHECK(sl_layout_create(config, length, &layouts[i]));
  END_PHASE("create");

  sl_layout *layout = layouts[0];
  BEGIN_PHASE();
  for (int i = 0; i < RESIZES; i++)
    CHECK(i & 1 ? sl_layout_set_container_size(layout, 390, 844)
                : sl_layout_set_container_size(layout, 844, 390));
  END_PHASE("set_container_size");

  int64_t grid_items = 0, list_items = 0;
  CHECK(sl_layout_get_item_count(layout, 1, &grid_items));
  CHECK(sl_layout_get_item_count(layout, 2, &list_items));
  BEGIN_PHASE();
  for (int i = 0; i < FRAMES; i++) {
    sl_rect frame;
    int32_t section = 1 + (i & 1);
    int64_t item = (int64_t)(i * 7) % (section == 1 ? grid_items : list_items);
    CHECK(sl_layout_get_item_frame(layout, section, item, &frame));
    acc += frame.y;
  }
  END_PHASE("item_frame");

  /* 390x844 viewports at fixed offsets from the top of the content to its end. */
  sl_size content;
  CHECK(sl_layout_get_content_size(layout, &content));
  static sl_element elements[256];
  BEGIN_PHASE();
  for (int i = 0; i < RECTS; i++) {
    sl_rect rect = {0, (content.height - 844) * (double)i / (RECTS - 1), 390, 844};
    size_t count = 0;
    CHECK(sl_layout_get_elements_in_rect(layout, rect, elements, 256, &count));
    acc += (double)count;
  }
  END_PHASE("rect_query");

  /* Releases on the banner carousel (section 0, groupPagingCentered): touch-down on each rest
     position in turn, drags of -250 ... 249 pt, slow releases and flings either way. */
  double snaps[64];
  size_t snap_count = 0;
  CHECK(sl_layout_get_snap_offsets(layout, 0, 0, snaps, 64, &snap_count));
  static sl_motion motions[RELEASES];
  BEGIN_PHASE();
  for (int i = 0; i < RELEASES; i++) {
    sl_scroll_release release;
    sl_snap_result result;
    memset(&release, 0, sizeof release);
    release.version = SL_SCROLL_RELEASE_VERSION;
    release.start_offset = snaps[(size_t)i % snap_count];
    release.release_offset = release.start_offset + (double)((i * 37) % 500 - 250);
    release.velocity = i % 4 == 0 ? (double)((i * 13) % 398 - 199)
                                   : (double)((i * 7919) % 20000 - 10000);
    CHECK(sl_layout_resolve_scroll(layout, 0, &release, &result));
    motions[i] = result.motion;
  }
  END_PHASE("resolve_scroll");

  BEGIN_PHASE();
  for (int i = 0; i < SAMPLES; i++) {
    const sl_motion *motion = &motions[i % RELEASES];
    sl_motion_state state;
    CHECK(sl_motion_sample(motion, motion->duration * (double)(i % 17) / 16, &state));
    acc += state.offset;
  }
  END_PHASE("motion_sample");

  /* Measured heights reported for rows spread over a 1e6-row list (the list is created outside
     the phase). */
  char list[1024];
  int list_length = snprintf(
      list, sizeof list,
      "{\"version\": 1, \"environment\": {\"container\": {\"width\": 390, \"height\": 844}},"
      " \"sections\": [{\"itemCount\": %d, \"interGroupSpacing\": 1,"
      " \"group\": {\"group\": \"vertical\", \"layoutSize\": {\"widthDimension\":"
      " {\"fractionalWidth\": 1}, \"heightDimension\": {\"estimated\": 44}},"
      " \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
      " \"heightDimension\": {\"estimated\": 44}}}]}}]}",
      SELF_SIZING_ITEMS);
  if (list_length < 0 || (size_t)list_length >= sizeof list) return 1;
  sl_layout *rows = NULL;
  CHECK(sl_layout_create(list, (size_t)list_length, &rows));
  CHECK(sl_layout_set_container_size(rows, 390, 844));
  BEGIN_PHASE();
  for (int i = 0; i < REPORTS; i++) {
    int64_t item = ((int64_t)i * 3907) % SELF_SIZING_ITEMS;
    sl_size_report report;
    CHECK(sl_layout_report_item_size(rows, 0, item, 390, 20 + (double)((i * 31) % 181),
                                     &report));
    acc += report.main_offset_adjustment;
  }
  END_PHASE("self_sizing_report");
  sl_layout_destroy(rows);

  BEGIN_PHASE();
  for (int i = 0; i < LAYOUTS; i++) sl_layout_destroy(layouts[i]);
  END_PHASE("destroy");

  sink = acc;
  return 0;
}
