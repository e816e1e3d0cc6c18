/*
 * configs.c — the layouts the creation, query, enumeration and memory figures build: the
 * App-Store-like configuration (banner, grid and list sections) and the grid section alone, as
 * JSON texts (docs/PERFORMANCE.md; the harness is bench/bench.c).
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
 * The configuration
 * ------------------------------------------------------------------------------------------- */

static const char *const banner_section =
    "{\"itemCount\": 10, \"orthogonalScrollingBehavior\": \"groupPagingCentered\",\n"
    " \"interGroupSpacing\": 10,\n"
    " \"contentInsets\": {\"top\": 8, \"leading\": 16, \"bottom\": 8, \"trailing\": 16},\n"
    " \"boundarySupplementaryItems\": [{\"elementKind\": \"banner-header\", \"alignment\": \"top\",\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 36}}}],\n"
    " \"group\": {\"group\": \"horizontal\",\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 0.88},"
    " \"heightDimension\": {\"absolute\": 280}},\n"
    "   \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"fractionalHeight\": 1}},\n"
    "     \"contentInsets\": {\"top\": 0, \"leading\": 4, \"bottom\": 0, \"trailing\": 4},\n"
    "     \"supplementaryItems\": [{\"elementKind\": \"badge\", \"zIndex\": 2,\n"
    "       \"layoutSize\": {\"widthDimension\": {\"absolute\": 24},"
    " \"heightDimension\": {\"absolute\": 24}},\n"
    "       \"containerAnchor\": {\"edges\": [\"top\", \"trailing\"],"
    " \"offset\": {\"x\": -8, \"y\": 8}}}]}]}}";

const char *const grid_section_format =
    "{\"itemCount\": %" PRId64 ", \"interGroupSpacing\": 12,\n"
    " \"contentInsets\": {\"top\": 8, \"leading\": 12, \"bottom\": 16, \"trailing\": 12},\n"
    " \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\",\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 44}}, \"zIndex\": 2}],\n"
    " \"decorationItems\": [{\"elementKind\": \"background\", \"zIndex\": -1,\n"
    "   \"contentInsets\": {\"top\": 4, \"leading\": 4, \"bottom\": 4, \"trailing\": 4}}],\n"
    " \"group\": {\"group\": \"horizontal\", \"count\": 3, \"interItemSpacing\": {\"fixed\": 8},\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"fractionalWidth\": 0.45}},\n"
    "   \"subitem\": {\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"fractionalHeight\": 1}},\n"
    "     \"contentInsets\": {\"top\": 2, \"leading\": 2, \"bottom\": 2, \"trailing\": 2}}}}";

static const char *const list_section_format =
    "{\"itemCount\": %" PRId64 ", \"interGroupSpacing\": 1,\n"
    " \"contentInsets\": {\"top\": 0, \"leading\": 16, \"bottom\": 0, \"trailing\": 16},\n"
    " \"boundarySupplementaryItems\": [\n"
    "   {\"elementKind\": \"header\", \"alignment\": \"top\",\n"
    "    \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 44}}},\n"
    "   {\"elementKind\": \"footer\", \"alignment\": \"bottom\",\n"
    "    \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 32}}}],\n"
    " \"group\": {\"group\": \"vertical\",\n"
    "   \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"absolute\": 72}},\n"
    "   \"subitems\": [{\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
    " \"heightDimension\": {\"fractionalHeight\": 1}}}]}}";

/* The App Store layout with `n` items in the grid and in the list. */
void appstore_config(config_text *out, int64_t n) {
  char grid[1024], list[1024];
  int grid_length = snprintf(grid, sizeof grid, grid_section_format, n);
  int list_length = snprintf(list, sizeof list, list_section_format, n);
  if (grid_length < 0 || (size_t)grid_length >= sizeof grid || list_length < 0 ||
      (size_t)list_length >= sizeof list)
    die("config buffer too small");
  int length = snprintf(
      out->text, sizeof out->text,
      "{\"version\": 1,\n"
      " \"configuration\": {\"scrollDirection\": \"vertical\", \"interSectionSpacing\": 20},\n"
      " \"environment\": {\"container\": {\"width\": 390, \"height\": 844},\n"
      "   \"contentInsets\": {\"top\": 47, \"leading\": 0, \"bottom\": 34, \"trailing\": 0},\n"
      "   \"layoutDirection\": \"leftToRight\", \"displayScale\": 0},\n"
      " \"sections\": [\n%s,\n%s,\n%s]}\n",
      banner_section, grid, list);
  if (length < 0 || (size_t)length >= sizeof out->text) die("config buffer too small");
  out->length = (size_t)length;
}

/* A layout holding only the grid section, with `n` items. */
void grid_config(config_text *out, int64_t n) {
  char grid[1024];
  int grid_length = snprintf(grid, sizeof grid, grid_section_format, n);
  if (grid_length < 0 || (size_t)grid_length >= sizeof grid) die("config buffer too small");
  int length = snprintf(out->text, sizeof out->text,
                        "{\"version\": 1,\n"
                        " \"environment\": {\"container\": {\"width\": 390, \"height\": 844}},\n"
                        " \"sections\": [\n%s]}\n",
                        grid);
  if (length < 0 || (size_t)length >= sizeof out->text) die("config buffer too small");
  out->length = (size_t)length;
}

/* Creates and sizes a layout; every status is checked. */
sl_layout *make_layout(const config_text *config) {
  sl_layout *layout = NULL;
  SL_CHECK(sl_layout_create(config->text, config->length, &layout));
  SL_CHECK(sl_layout_set_container_size(layout, VIEW_W, VIEW_H));
  return layout;
}
