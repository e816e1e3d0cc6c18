/*
 * measured_scenarios.h — layouts whose cells the host measured, in the states real apps reach
 * (issue 16): cells measured longer than their absolute row or group, in lists, grids with
 * badges, nested groups, orthogonal sections, horizontal and right-to-left layouts, flow
 * layouts, sections with pinned or measured headers, uniformAcrossSiblings. Each comes with
 * the sizes reported for it and second sizes for some of the same cells. Shared by
 * Tests/c/test_measured.c (rect queries, rest offsets, history) and Tests/c/test_threads.c
 * (many threads reading them).
 */
#ifndef SNAPLAYOUT_MEASURED_SCENARIOS_H
#define SNAPLAYOUT_MEASURED_SCENARIOS_H

#include <stdint.h>
#include <string.h>

#include "snaplayout.h"

#ifndef SIZE
#define SIZE(w, h) "{\"widthDimension\": " w ", \"heightDimension\": " h "}"
#define ABS(x) "{\"absolute\": " #x "}"
#define FW(x) "{\"fractionalWidth\": " #x "}"
#define FH(x) "{\"fractionalHeight\": " #x "}"
#endif
#define EST(x) "{\"estimated\": " #x "}"
#define UNI(x) "{\"uniformAcrossSiblings\": " #x "}"
#define SCENARIO_CONTAINER(w, h) "\"container\": {\"width\": " #w ", \"height\": " #h "}"

typedef struct report {
  int32_t section;
  int64_t item;
  double width, height;
} report;

typedef struct scenario {
  const char *name;
  const char *json;
  report reports[6];
  /* A second size for some of the cells above, reported over the first (report A then B). */
  report again[3];
} scenario;

#define BADGE                                                                                  \
  "\"supplementaryItems\": [{\"elementKind\": \"badge\", \"layoutSize\": " SIZE(ABS(14),      \
                                                                               ABS(14)) ","   \
  " \"containerAnchor\": {\"edges\": [\"bottom\", \"trailing\"], \"offset\": {\"x\": 4, \"y\": 5}}}]"

static const scenario SCENARIOS[] = {
    {"list of absolute rows, end-aligned item snapping",
     "{\"environment\": {" SCENARIO_CONTAINER(390, 300) "},"
     " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"end\"}},"
     " \"sections\": [{\"itemCount\": 60, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
     SIZE(FW(1), ABS(50)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(50)) "}]}}]}",
     {{0, 0, 390, 120}, {0, 7, 390, 20}, {0, 30, 390, 300}, {0, 59, 390, 90}},
     {{0, 0, 390, 40}, {0, 30, 390, 500}}},
    {"grid of absolute rows with badges, background and a pinned header, centred items",
     "{\"environment\": {" SCENARIO_CONTAINER(390, 400) "},"
     " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"center\"}},"
     " \"sections\": [{\"itemCount\": 91, \"interGroupSpacing\": 6,"
     "  \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\","
     "   \"pinToVisibleBounds\": true, \"layoutSize\": " SIZE(FW(1), ABS(30)) "}],"
     "  \"decorationItems\": [{\"elementKind\": \"background\"}],"
     "  \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(100)) ","
     "   \"subitems\": [{\"layoutSize\": " SIZE(FW(0.333), EST(100)) ", " BADGE "}]}}]}",
     {{0, 4, 100, 180.3}, {0, 10, 100, 30.7}, {0, 44, 100, 260.1}, {0, 90, 100, 400}},
     {{0, 4, 100, 20.9}, {0, 44, 100, 101.3}}},
    {"nested: two estimated cells in an absolute column",
     "{\"environment\": {" SCENARIO_CONTAINER(390, 500) "},"
     " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"end\"}},"
     " \"sections\": [{\"itemCount\": 41, \"interGroupSpacing\": 4,"
     "  \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(120)) ","
     "   \"subitems\": [{\"group\": \"vertical\", \"layoutSize\": " SIZE(FW(0.5), FH(1)) ","
     "    \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(60)) ", " BADGE "}]}]}}]}",
     {{0, 0, 10, 100}, {0, 6, 10, 300}, {0, 13, 10, 10}, {0, 40, 10, 200}},
     {{0, 6, 10, 61}}},
    {"self-sizing list with a measured header, a pinned header and a footer",
     "{\"environment\": {" SCENARIO_CONTAINER(390, 600) "},"
     " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}},"
     " \"sections\": [{\"itemCount\": 5, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
     SIZE(FW(1), EST(44)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(44)) "}]},"
     "  \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\","
     "   \"layoutSize\": " SIZE(FW(1), EST(40)) "}]},"
     " {\"itemCount\": 80, \"interGroupSpacing\": 8, \"group\": {\"group\": \"vertical\","
     "  \"layoutSize\": " SIZE(FW(1), EST(44)) ", \"subitems\": [{\"layoutSize\": "
     SIZE(FW(1), EST(44)) ", " BADGE "}]},"
     "  \"boundarySupplementaryItems\": [{\"elementKind\": \"pinned\", \"alignment\": \"top\","
     "   \"pinToVisibleBounds\": true, \"layoutSize\": " SIZE(FW(1), ABS(30)) "},"
     "   {\"elementKind\": \"footer\", \"alignment\": \"bottom\", \"layoutSize\": "
     SIZE(FW(1), ABS(20)) "}]}]}",
     {{0, 1, 390, 300}, {1, 3, 390, 200}, {1, 20, 390, 10}, {1, 79, 390, 0}},
     {{1, 3, 390, 44}, {1, 20, 390, 1000}}},
    {"orthogonal carousel of absolute groups, cells measured wider and taller",
     "{\"environment\": {" SCENARIO_CONTAINER(390, 700) "},"
     " \"sections\": [{\"itemCount\": 30, \"interGroupSpacing\": 10,"
     "  \"orthogonalScrollingBehavior\": \"continuous\","
     "  \"orthogonalScrollingProperties\": {\"snapUnit\": \"item\", \"alignment\": \"end\"},"
     "  \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(ABS(150), EST(120)) ","
     "   \"subitems\": [{\"layoutSize\": " SIZE(EST(150), EST(120)) ", " BADGE "}]}},"
     " {\"itemCount\": 20, \"orthogonalScrollingBehavior\": \"groupPagingCentered\","
     "  \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.6), ABS(90)) ","
     "   \"subitems\": [{\"layoutSize\": " SIZE(EST(100), EST(90)) "}]}},"
     " {\"itemCount\": 40, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
     SIZE(FW(1), ABS(50)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(50)) "}]}}]}",
     {{0, 2, 400, 300}, {0, 7, 40, 100}, {1, 0, 500, 200}, {1, 19, 600, 90}, {2, 3, 390, 200}},
     {{0, 2, 151, 120}, {1, 0, 90, 10}}},
    {"orthogonal rows of absolute height, cells measured taller, a list below",
     "{\"environment\": {" SCENARIO_CONTAINER(390, 600) "},"
     " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"center\"}},"
     " \"sections\": [{\"itemCount\": 25, \"interGroupSpacing\": 8,"
     "  \"orthogonalScrollingBehavior\": \"groupPaging\","
     "  \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(ABS(150), ABS(100)) ","
     "   \"subitems\": [{\"layoutSize\": " SIZE(EST(150), EST(100)) ", " BADGE "}]}},"
     " {\"itemCount\": 30, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
     SIZE(FW(1), ABS(40)) ", \"subitems\": [{\"layoutSize\": " SIZE(FW(1), ABS(40)) "}]}}]}",
     {{0, 3, 200.5, 260.25}, {0, 4, 90, 30}, {0, 24, 700, 500}},
     {{0, 3, 151.7, 99.1}}},
    {"horizontal main scroll, columns of two estimated-width cells",
     "{\"environment\": {" SCENARIO_CONTAINER(600, 390) "},"
     " \"configuration\": {\"scrollDirection\": \"horizontal\","
     "  \"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"center\"}},"
     " \"sections\": [{\"itemCount\": 70, \"interGroupSpacing\": 5,"
     "  \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(ABS(80), FH(1)) ","
     "   \"subitems\": [{\"layoutSize\": " SIZE(EST(80), FH(0.5)) ", " BADGE "}]}}]}",
     {{0, 1, 200, 10}, {0, 6, 20, 10}, {0, 33, 500, 10}, {0, 69, 300, 10}},
     {{0, 33, 81, 10}}},
    {"right-to-left grid of absolute rows with badges",
     "{\"environment\": {" SCENARIO_CONTAINER(390, 400) ", \"layoutDirection\": \"rightToLeft\"},"
     " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"end\"}},"
     " \"sections\": [{\"itemCount\": 50, \"contentInsets\": {\"leading\": 12, \"trailing\": 3},"
     "  \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), ABS(90)) ","
     "   \"subitems\": [{\"layoutSize\": " SIZE(FW(0.5), EST(90)) ", " BADGE "}]}}]}",
     {{0, 0, 100, 200}, {0, 9, 100, 15}, {0, 25, 100, 330}},
     {{0, 25, 100, 91}}},
    {"right-to-left horizontal scroll with an orthogonal section",
     "{\"environment\": {" SCENARIO_CONTAINER(500, 390) ", \"layoutDirection\": \"rightToLeft\"},"
     " \"configuration\": {\"scrollDirection\": \"horizontal\","
     "  \"scrolling\": {\"snapUnit\": \"item\", \"alignment\": \"end\"}},"
     " \"sections\": [{\"itemCount\": 40, \"group\": {\"group\": \"vertical\", \"layoutSize\": "
     SIZE(ABS(60), FH(1)) ", \"subitems\": [{\"layoutSize\": " SIZE(EST(60), FH(1)) "}]}},"
     " {\"itemCount\": 25, \"orthogonalScrollingBehavior\": \"groupPaging\","
     "  \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(ABS(100), ABS(70)) ","
     "   \"subitems\": [{\"layoutSize\": " SIZE(EST(100), EST(70)) "}]}}]}",
     {{0, 2, 250, 10}, {0, 39, 90, 10}, {1, 1, 300, 400}, {1, 24, 10, 10}},
     {{1, 1, 101, 71}}},
    {"flow layout with estimatedItemSize and pinned headers",
     "{\"environment\": {" SCENARIO_CONTAINER(390, 500) "},"
     " \"configuration\": {\"scrolling\": {\"snapUnit\": \"item\"}},"
     " \"flowLayout\": {\"estimatedItemSize\": {\"width\": 100, \"height\": 50},"
     "  \"headerReferenceSize\": {\"width\": 0, \"height\": 30},"
     "  \"sectionHeadersPinToVisibleBounds\": true},"
     " \"sections\": [{\"itemCount\": 60}, {\"itemCount\": 30}]}",
     {{0, 4, 180, 80}, {0, 5, 30, 30}, {1, 0, 390, 200}, {0, 59, 60, 10}},
     {{0, 4, 100, 50}, {1, 0, 120, 60}}},
    {"uniformAcrossSiblings across the section",
     "{\"environment\": {" SCENARIO_CONTAINER(390, 500) "},"
     " \"configuration\": {\"scrolling\": {\"snapUnit\": \"group\"}},"
     " \"sections\": [{\"itemCount\": 40, \"interGroupSpacing\": 3,"
     "  \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), EST(60)) ","
     "   \"subitems\": [{\"layoutSize\": " SIZE(FW(0.5), UNI(60)) "}]}}]}",
     {{0, 3, 100, 150}, {0, 20, 100, 90}},
     {{0, 3, 100, 80}, {0, 20, 100, 200}}},
};
#define SCENARIO_COUNT (sizeof SCENARIOS / sizeof SCENARIOS[0])

static int report_count(const report *reports, int capacity) {
  int count = 0;
  while (count < capacity && (reports[count].width > 0 || reports[count].height > 0)) count++;
  return count;
}

/* The scenario's layout, or NULL (callable from any thread). */
static sl_layout *scenario_layout(const scenario *s) {
  sl_layout *layout = NULL;
  return sl_layout_create(s->json, strlen(s->json), &layout) == SL_OK ? layout : NULL;
}

/* Reports `count` sizes; the number that succeeded. */
static int scenario_report(sl_layout *layout, const report *reports, int count) {
  int done = 0;
  for (int r = 0; r < count; r++)
    done += sl_layout_report_item_size(layout, reports[r].section, reports[r].item,
                                       reports[r].width, reports[r].height, NULL) == SL_OK;
  return done;
}


#endif /* SNAPLAYOUT_MEASURED_SCENARIOS_H */
