/*
 * fuzz_api: the input drives a sequence of API calls on a layout (docs/FUZZING.md).
 *
 * Input: one byte chooses the configuration — below 0xF0 one of SEEDS below; from 0xF0 a
 * configuration taken from the input (a 2-byte little-endian length, then that many bytes; a
 * configuration that is refused falls back to a seed). The rest is operations, one byte each
 * followed by its arguments: sizing, scroll and section offsets, item frames (one and batch),
 * rect queries, kinds, snapping (scroll info, snap offsets and positions, resolve_scroll, motions
 * sampled and retargeted, reference snaps), measured sizes of cells and headers, flow item sizes,
 * data changes (items and sections inserted, deleted, moved, replaced), visible-items handlers,
 * JSON output, calls with a NULL layout, destroying and creating again.
 *
 * Arguments lean to valid values but include hostile ones: NaN, infinities, negative, huge and
 * subnormal numbers, indices just past the end and at the integer limits, NULL where the header
 * says NULL is refused. After each call the header's promises are checked: the status is one the
 * function lists, the error record matches it, outputs are untouched on failure and finite on
 * success, the layout is unchanged by a change that failed, item and section counts follow the
 * data changes. Everything is destroyed before returning (LeakSanitizer checks).
 *
 * This file is the harness: the seed layouts, creating a layout, the OPERATIONS table and the
 * entry point. fuzz_api_ops.c and fuzz_api_changes.c have the operations, fuzz_api_args.c the arguments and the checks,
 * fuzz_api.h what they share.
 */
#include "fuzz_api.h"


/* Layouts that between them reach every part of the API: orthogonal carousels with effects,
 * self-sizing cells and headers, badges, backgrounds, pinning, flow layouts with estimated and
 * per-item sizes, horizontal and right-to-left scrolling, main-scroll snapping, 2^63 items. */
static const char *const SEEDS[] = {
    /* 0: the App Store shape: title, centred carousel with effects, self-sizing grid with badges,
     * a background and an estimated pinned header, a list with a footer; item snapping. */
    "{\"version\": 1, \"configuration\": {\"interSectionSpacing\": 12, "
    "\"scrolling\": {\"snapUnit\": \"item\", \"maxPagesPerGesture\": 2},"
    " \"boundarySupplementaryItems\": [{\"elementKind\": \"title\", \"alignment\": \"top\","
    " \"layoutSize\": " SIZE(FW(1), EST(40)) "}]},"
    " \"sections\": ["
    "{\"itemCount\": 8, \"orthogonalScrollingBehavior\": \"groupPagingCentered\","
    " \"interGroupSpacing\": 10, \"visibleItemEffects\": {\"scale\": {\"center\": 1,"
    " \"edge\": 0.9},"
    " \"alpha\": {\"center\": 1, \"edge\": 0.5}, \"zIndex\": {\"center\": 2, \"edge\": 0}},"
    " \"boundarySupplementaryItems\": [{\"elementKind\": \"header\", \"alignment\": \"top\","
    " \"layoutSize\": " SIZE(FW(1), ABS(30)) "}],"
    " \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.85), ABS(200)) ","
    " \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}},"
    "{\"itemCount\": 30, \"contentInsets\": {\"top\": 8, \"leading\": 8, \"bottom\": 8,"
    " \"trailing\": 8},"
    " \"decorationItems\": [{\"elementKind\": \"background\", \"contentInsets\": {\"top\": 4}}],"
    " \"boundarySupplementaryItems\": [{\"elementKind\": \"sticky\", \"alignment\": \"top\","
    " \"pinToVisibleBounds\": true, \"layoutSize\": " SIZE(FW(1), EST(44)) "}],"
    " \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(1), EST(100)) ","
    " \"interItemSpacing\": {\"fixed\": 4},"
    " \"subitem\": {\"layoutSize\": " SIZE(FW(1), EST(100)) ","
    " \"supplementaryItems\": [{\"elementKind\": \"badge\","
    " \"layoutSize\": " SIZE(ABS(20), ABS(20)) ","
    " \"containerAnchor\": {\"edges\": [\"top\", \"trailing\"], \"offset\": {\"x\": 4,"
    " \"y\": -4}}}]},"
    " \"count\": 3}},"
    "{\"itemCount\": 1000, \"boundarySupplementaryItems\": [{\"elementKind\": \"footer\","
    " \"alignment\": \"bottom\", \"layoutSize\": " SIZE(FW(1), ABS(30)) "}],"
    " \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(FW(1), ABS(44)) ","
    " \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}}]}",

    /* 1: a self-sizing flow layout with headers and footers, pinned headers. */
    "{\"flowLayout\": {\"estimatedItemSize\": {\"width\": 100, \"height\": 60},"
    " \"minimumLineSpacing\": 8, \"minimumInteritemSpacing\": 6,"
    " \"sectionInset\": {\"top\": 4, \"left\": 10, \"bottom\": 4, \"right\": 10},"
    " \"headerReferenceSize\": {\"width\": 0, \"height\": 40},"
    " \"footerReferenceSize\": {\"width\": 0, \"height\": 20},"
    " \"sectionHeadersPinToVisibleBounds\": true},"
    " \"sections\": [{\"itemCount\": 50}, {\"itemCount\": 500, \"itemSize\": {\"width\": 80,"
    " \"height\": 80}},"
    " {\"itemCount\": 3, \"itemSizes\": [{\"width\": 300, \"height\": 20}, {\"width\": 50,"
    " \"height\": 50},"
    " {\"width\": 120, \"height\": 10}]}]}",

    /* 2: the card carousel as a horizontal flow layout (docs/CONFIG.md), item snapping, one page
       a fling. */
    "{\"version\": 1, \"environment\": {\"container\": {\"width\": 390, \"height\": 844},"
    " \"displayScale\": 3}, \"configuration\": {\"scrolling\": {\"contentInset\": {\"leading\": 34,"
    " \"trailing\": 34}, \"snapUnit\": \"item\", \"decelerationRate\": \"fast\","
    " \"maxPagesPerGesture\": 1}}, \"flowLayout\": {\"scrollDirection\": \"horizontal\","
    " \"itemSize\": {\"width\": 320, \"height\": 744}, \"minimumLineSpacing\": 7},"
    " \"sections\": [{\"itemCount\": 10}]}",

    /* 3: horizontal, right-to-left, page snapping on the main scroll, uniform siblings, an
     * orthogonal paging section scrolling vertically, 2^40 items. */
    "{\"configuration\": {\"scrollDirection\": \"horizontal\","
    " \"scrolling\": {\"snapUnit\": \"page\","
    " \"spring\": {\"dampingRatio\": 0.8, \"response\": 0.4}}},"
    " \"environment\": {\"layoutDirection\": \"rightToLeft\","
    " \"contentInsets\": {\"top\": 20, \"leading\": 5, \"bottom\": 30, \"trailing\": 5}},"
    " \"sections\": [{\"itemCount\": 1099511627776, \"group\": {\"group\": \"vertical\","
    " \"layoutSize\": " SIZE(ABS(150), FH(1)) ", \"subitems\": [{\"layoutSize\": "
    SIZE(FW(1), "{\"uniformAcrossSiblings\": 50}") "}]}},"
    " {\"itemCount\": 12, \"orthogonalScrollingBehavior\": \"paging\","
    " \"orthogonalScrollingProperties\": {\"bounce\": \"never\", \"alignment\": \"center\"},"
    " \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(ABS(200), FH(0.5)) ","
    " \"subitems\": [{\"layoutSize\": " SIZE(FW(1), ABS(90)) "}]}}]}",

    /* 4: the largest counts: a grid of 2^63 - 1 items, a continuous carousel of 2^62, group
     * snapping on the main scroll with a UIKit algorithm. */
    "{\"configuration\": {\"scrolling\": {\"snapUnit\": \"group\","
    " \"algorithm\": \"uikitWillEndDragging\","
    " \"containment\": \"trimSnaps\"}},"
    " \"sections\": [{\"itemCount\": 4611686018427387904,"
    " \"orthogonalScrollingBehavior\": \"continuousGroupLeadingBoundary\","
    " \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(ABS(120), ABS(120)) ","
    " \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}},"
    " {\"itemCount\": 9223372036854775807, \"group\": {\"group\": \"horizontal\","
    " \"layoutSize\": " SIZE(FW(1), ABS(100)) ", \"subitem\": {\"layoutSize\": " SIZE(FW(1), FH(1))
    "}, \"count\": 4}}]}",

    /* 5: loops (docs/SNAPPING.md, "Looping"): a main scroll of self-sizing rows that loops with
     * item snapping, holding a looping centred carousel with effects, a looping groupPaging
     * row too short to loop, and a pinned header. */
    "{\"configuration\": {\"scrolling\": {\"snapUnit\": \"item\", \"loop\": true}},"
    " \"sections\": ["
    "{\"itemCount\": 7, \"orthogonalScrollingBehavior\": \"groupPagingCentered\","
    " \"interGroupSpacing\": 10, \"orthogonalScrollingProperties\": {\"loop\": true},"
    " \"visibleItemEffects\": {\"scale\": {\"center\": 1, \"edge\": 0.8}},"
    " \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.7), ABS(180)) ","
    " \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}},"
    "{\"itemCount\": 2, \"orthogonalScrollingBehavior\": \"groupPaging\","
    " \"orthogonalScrollingProperties\": {\"loop\": true, \"maxPagesPerGesture\": 2},"
    " \"group\": {\"group\": \"horizontal\", \"layoutSize\": " SIZE(FW(0.9), ABS(100)) ","
    " \"subitems\": [{\"layoutSize\": " SIZE(FW(1), FH(1)) "}]}},"
    "{\"itemCount\": 40, \"boundarySupplementaryItems\": [{\"elementKind\": \"sticky\","
    " \"alignment\": \"top\", \"pinToVisibleBounds\": true,"
    " \"layoutSize\": " SIZE(FW(1), ABS(30)) "}],"
    " \"group\": {\"group\": \"vertical\", \"layoutSize\": " SIZE(FW(1), EST(60)) ","
    " \"subitems\": [{\"layoutSize\": " SIZE(FW(1), EST(60)) "}]}}]}",
};
#define SEED_COUNT (sizeof SEEDS / sizeof SEEDS[0])

/* --- creating -------------------------------------------------------------------------------- */

static void create_layout(run *r, const char *text, size_t length) {
  sl_layout *const poison = (sl_layout *)(uintptr_t)0x5a5a5a5a;
  sl_layout *layout = poison;
  int status = sl_layout_create(text, length, &layout);
  fuzz_check_status("sl_layout_create", status, FUZZ_S(SL_EPARSE) | FUZZ_S(SL_ECONFIG));
  if (status == SL_OK) {
    FUZZ_CHECK(layout != NULL && layout != poison, "SL_OK without a layout");
    r->layout = layout;
  } else {
    FUZZ_CHECK(layout == poison, "sl_layout_create wrote its output on failure");
  }
}

void create_seed(run *r, unsigned seed) {
  const char *text = SEEDS[seed % SEED_COUNT];
  create_layout(r, text, strlen(text));
  FUZZ_CHECK(r->layout != NULL, "seed %u is refused: %s", (unsigned)(seed % SEED_COUNT),
             sl_error_last()->message);
}

/* Up to `*length` bytes of the input as a text in a buffer of its own (freed with the run or
 * the next text); `*length` receives how many there were. */
const char *take_text(run *r, size_t *length_io) {
  size_t length = *length_io < r->in.size ? *length_io : r->in.size;
  *length_io = length;
  free(r->text);
  r->text = malloc(length > 0 ? length : 1);
  if (r->text == NULL) abort();
  memcpy(r->text, r->in.data, length);
  r->in.data += length;
  r->in.size -= length;
  return r->text;
}

typedef void (*operation)(run *);
static const operation OPERATIONS[] = {
    op_set_container_size, op_scroll_offset,     op_section_offset,   op_item_frame,
    op_item_frames,        op_elements_in_rect,  op_section_info,     op_scroll_info,
    op_resolve_scroll,     op_motion,            op_snap_position,    op_snap_offsets,
    op_offset_for_item,    op_reference_snap,    op_item_distance,    op_report_item_size,
    op_measured_size,      op_supplementary_size, op_set_item_sizes,  op_items,
    op_sections,           op_handler,           op_kinds,            op_copy_json,
    op_null_layout,        op_error_clear,       op_recreate,         op_navigate,
    op_selected_snap,      op_jump_to_snap,      op_scroll_input,     op_loop,
    op_scroll_target,
};
#define OPERATION_COUNT (sizeof OPERATIONS / sizeof OPERATIONS[0])
_Static_assert(sizeof OPERATIONS / sizeof OPERATIONS[0] == 33,
               "fuzz/gen-seeds.py encodes operations by their index: update OPERATION_COUNT there");

static const char *const OPERATION_NAMES[] = {
    "set_container_size", "scroll_offset",    "section_offset",    "item_frame",
    "item_frames",        "elements_in_rect", "section_info",      "scroll_info",
    "resolve_scroll",     "motion",           "snap_position",     "snap_offsets",
    "offset_for_item",    "reference_snap",   "item_distance",     "report_item_size",
    "measured_size",      "supplementary_size", "set_item_sizes",  "items",
    "sections",           "handler",          "kinds",             "copy_json",
    "null_layout",        "error_clear",      "recreate",          "navigate",
    "selected_snap",      "jump_to_snap",     "scroll_input",      "loop",
    "scroll_target",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* FUZZ_TRACE=1 prints each operation as it starts, to see where a reproducer goes wrong. */
  static int trace = -1;
  if (trace < 0) trace = getenv("FUZZ_TRACE") != NULL;
  run r;
  memset(&r, 0, sizeof r);
  r.in = (fuzz_input){data, size};
  uint8_t choice = fuzz_u8(&r.in);
  if (choice >= 0xF0) {
    size_t length = (size_t)fuzz_bytes(&r.in, 2);
    const char *text = take_text(&r, &length);
    create_layout(&r, text, length);
  }
  if (r.layout == NULL) create_seed(&r, choice);
  /* Most sequences start from a sized layout; without it every geometry call is SL_ESTATE. */
  if (choice % 4 != 3) {
    int status = sl_layout_set_container_size(r.layout, 390, 844);
    fuzz_check_status("sl_layout_set_container_size", status, FUZZ_S(SL_ECONFIG));
  }
  for (int ops = 0; ops < MAX_OPS && r.in.size > 0; ops++) {
    unsigned op = fuzz_u8(&r.in) % OPERATION_COUNT;
    clock_t start = clock();
    OPERATIONS[op](&r);
    if (trace)
      fprintf(stderr, "op %d: %s, %.3f s (%zu bytes left)\n", ops, OPERATION_NAMES[op],
              (double)(clock() - start) / CLOCKS_PER_SEC, r.in.size);
  }
  sl_layout_destroy(r.layout);
  free(r.text);
  return 0;
}
