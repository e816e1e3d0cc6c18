/*
 * fuzz_config: the input is a configuration text for sl_layout_create (docs/FUZZING.md).
 *
 * The bytes are passed exactly, in a buffer of their own length (the call takes a length and no
 * NUL), so a read past the end is an ASan report. A refused text must leave an error record that
 * keeps the header's promises (fuzz_check_status) and the output untouched; an accepted one is
 * sized, queried a little (content size, sections, cells, a screen of elements, snapping, kind
 * names) and destroyed. Every result is checked for what the header promises about it.
 */
#include "fuzz_common.h"

/* The first screen's elements are looked at through a buffer of this many. */
#define SCREEN_ELEMENTS 64

static void check_kinds(const sl_layout *layout) {
  int32_t kinds = -1;
  int status = sl_layout_get_element_kind_count(layout, &kinds);
  fuzz_check_status("sl_layout_get_element_kind_count", status, 0);
  FUZZ_CHECK(status == SL_OK && kinds >= 0, "kind count %d, status %d", (int)kinds, status);
  for (int32_t kind = -1; kind < kinds && kind < 8; kind++) {
    const char *name = NULL;
    status = sl_layout_get_element_kind_name(layout, kind, &name);
    fuzz_check_status("sl_layout_get_element_kind_name", status, 0);
    FUZZ_CHECK(status == SL_OK && name != NULL && sl_check_valid_utf8(name),
               "kind %d: status %d, a NULL or ill-formed name", (int)kind, status);
    int32_t found = -2;
    status = sl_layout_find_element_kind(layout, name, &found);
    fuzz_check_status("sl_layout_find_element_kind", status, 0);
    /* "cell" names SL_KIND_CELL unless the configuration has a kind of that name. */
    FUZZ_CHECK(status == SL_OK && (found == kind || (kind == SL_KIND_CELL && found >= 0)),
               "kind %d named \"%s\" is found as %d (status %d)", (int)kind, name, (int)found,
               status);
  }
  const char *name = (const char *)1;
  status = sl_layout_get_element_kind_name(layout, kinds, &name);
  FUZZ_CHECK(status == SL_ERANGE && name == (const char *)1, "kind %d past the count: status %d",
             (int)kinds, status);
  fuzz_check_status("sl_layout_get_element_kind_name", status, FUZZ_S(SL_ERANGE));
}

static void check_element(const sl_layout *layout, const sl_element *e, int32_t sections,
                          int32_t kinds) {
  FUZZ_CHECK(e->category >= SL_ELEMENT_CELL && e->category <= SL_ELEMENT_DECORATION,
             "element category %d", (int)e->category);
  FUZZ_CHECK(fuzz_finite_rect(&e->frame) && e->frame.width >= 0 && e->frame.height >= 0,
             "element frame {%g, %g, %g, %g}", e->frame.x, e->frame.y, e->frame.width,
             e->frame.height);
  FUZZ_CHECK(isfinite(e->transform.a) && isfinite(e->transform.b) && isfinite(e->transform.c) &&
                 isfinite(e->transform.d) && isfinite(e->transform.tx) &&
                 isfinite(e->transform.ty),
             "element transform not finite");
  FUZZ_CHECK(e->alpha >= 0 && e->alpha <= 1, "element alpha %g", e->alpha);
  FUZZ_CHECK((e->flags & ~(SL_ELEMENT_FLAG_HIDDEN | SL_ELEMENT_FLAG_PINNED)) == 0,
             "element flags 0x%x", (unsigned)e->flags);
  FUZZ_CHECK(fuzz_copy_possible(layout, e), "element copy %d outside a loop", (int)e->copy);
  FUZZ_CHECK(e->section >= SL_SECTION_LAYOUT && e->section < sections && e->item >= 0,
             "element index path (%d, %lld) with %d sections", (int)e->section,
             (long long)e->item, (int)sections);
  if (e->category == SL_ELEMENT_CELL) {
    int64_t items = -1;
    FUZZ_CHECK(e->kind == SL_KIND_CELL && e->section >= 0, "cell of kind %d in section %d",
               (int)e->kind, (int)e->section);
    FUZZ_CHECK(sl_layout_get_item_count(layout, e->section, &items) == SL_OK && e->item < items,
               "cell %lld of section %d, which has %lld items", (long long)e->item,
               (int)e->section, (long long)items);
  } else {
    FUZZ_CHECK(e->kind >= 0 && e->kind < kinds, "element kind %d of %d", (int)e->kind,
               (int)kinds);
  }
}

static void check_screen(const sl_layout *layout, sl_rect rect, int32_t sections) {
  static sl_element elements[SCREEN_ELEMENTS];
  int32_t kinds = 0;
  size_t count = 0;
  sl_layout_get_element_kind_count(layout, &kinds);
  int status = sl_layout_get_elements_in_rect(layout, rect, elements, SCREEN_ELEMENTS, &count);
  fuzz_check_status("sl_layout_get_elements_in_rect", status,
                    FUZZ_S(SL_EBUFS) | FUZZ_S(SL_ERANGE));
  if (status != SL_OK && status != SL_EBUFS) return;
  FUZZ_CHECK((status == SL_OK) == (count <= SCREEN_ELEMENTS), "%zu elements, status %d", count,
             status);
  for (size_t i = 0; i < count && i < SCREEN_ELEMENTS; i++)
    check_element(layout, &elements[i], sections, kinds);
}

static void check_section(const sl_layout *layout, int32_t section) {
  sl_section_info info;
  int status = sl_layout_get_section_info(layout, section, &info);
  fuzz_check_status("sl_layout_get_section_info", status, 0);
  FUZZ_CHECK(status == SL_OK, "section %d: status %d", (int)section, status);
  int32_t variant = INT32_MIN;
  int variant_status = sl_layout_get_section_variant(layout, section, &variant);
  fuzz_check_status("sl_layout_get_section_variant", variant_status, 0);
  FUZZ_CHECK(variant_status == SL_OK && variant >= -1 && variant < 16,
             "section %d: variant %d (status %d)", (int)section, (int)variant, variant_status);
  fuzz_check_frame("sl_layout_get_section_info", &info.frame);
  FUZZ_CHECK(info.item_count >= 0 && info.group_count >= 0 && info.items_per_group >= 0 &&
                 info.orthogonal_scrolling_behavior >= SL_ORTHOGONAL_NONE &&
                 info.orthogonal_scrolling_behavior <= SL_ORTHOGONAL_GROUP_PAGING_CENTERED &&
                 isfinite(info.orthogonal_content_length) &&
                 info.orthogonal_content_length >= 0 && isfinite(info.orthogonal_offset),
             "section %d: items %lld, groups %lld, per group %d, behavior %d, length %g, "
             "offset %g",
             (int)section, (long long)info.item_count, (long long)info.group_count,
             (int)info.items_per_group, (int)info.orthogonal_scrolling_behavior,
             info.orthogonal_content_length, info.orthogonal_offset);
  if (info.item_count == 0) return;
  int64_t probes[3] = {0, info.item_count / 2, info.item_count - 1};
  for (int i = 0; i < 3; i++) {
    sl_rect frame;
    status = sl_layout_get_item_frame(layout, section, probes[i], &frame);
    fuzz_check_status("sl_layout_get_item_frame", status, 0);
    FUZZ_CHECK(status == SL_OK, "item %lld of %lld: status %d", (long long)probes[i],
               (long long)info.item_count, status);
    fuzz_check_frame("sl_layout_get_item_frame", &frame);
  }
  sl_rect frames[4];
  int64_t count = info.item_count < 4 ? info.item_count : 4;
  status = sl_layout_get_item_frames(layout, section, info.item_count - count, count, frames);
  fuzz_check_status("sl_layout_get_item_frames", status, 0);
  FUZZ_CHECK(status == SL_OK, "the last %lld frames: status %d", (long long)count, status);
  for (int64_t i = 0; i < count; i++) fuzz_check_frame("sl_layout_get_item_frames", &frames[i]);
}

static void check_scrolling(const sl_layout *layout) {
  sl_scroll_info info;
  int status = sl_layout_get_scroll_info(layout, SL_SCROLL_MAIN, &info);
  fuzz_check_status("sl_layout_get_scroll_info", status, 0);
  FUZZ_CHECK(status == SL_OK && isfinite(info.min_offset) && isfinite(info.max_offset) &&
                 isfinite(info.offset) && isfinite(info.content_length) &&
                 info.snap_count >= 0,
             "main scroll: status %d, offsets %g ... %g at %g, %lld rest positions", status,
             info.min_offset, info.max_offset, info.offset, (long long)info.snap_count);
  double offsets[8];
  size_t count = 0;
  status = sl_layout_get_snap_offsets(layout, SL_SCROLL_MAIN, 0, offsets, 8, &count);
  fuzz_check_status("sl_layout_get_snap_offsets", status, FUZZ_S(SL_EBUFS));
  FUZZ_CHECK((status == SL_OK || status == SL_EBUFS) && count == (size_t)info.snap_count,
             "snap offsets: status %d, count %zu of %lld", status, count,
             (long long)info.snap_count);
  for (size_t i = 0; i < count && i < 8; i++)
    FUZZ_CHECK(isfinite(offsets[i]) && (i == 0 || offsets[i] >= offsets[i - 1]),
               "rest offset %zu is %g", i, offsets[i]);

  sl_scroll_release release = {SL_SCROLL_RELEASE_VERSION, 0, info.offset, info.offset + 40,
                               2500, 0};
  sl_snap_result result;
  status = sl_layout_resolve_scroll(layout, SL_SCROLL_MAIN, &release, &result);
  fuzz_check_status("sl_layout_resolve_scroll", status, 0);
  FUZZ_CHECK(status == SL_OK && isfinite(result.target_offset), "fling: status %d, target %g",
             status, result.target_offset);
  sl_motion_state state;
  status = sl_motion_sample(&result.motion, result.motion.duration, &state);
  fuzz_check_status("sl_motion_sample", status, 0);
  FUZZ_CHECK(status == SL_OK && isfinite(state.offset) && isfinite(state.velocity),
             "the motion at its end: status %d, offset %g", status, state.offset);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* The text in a buffer of exactly its length: no NUL after it. */
  char *text = malloc(size > 0 ? size : 1);
  if (text == NULL) return 0;
  if (size > 0) memcpy(text, data, size);

  sl_layout *const untouched = (sl_layout *)(uintptr_t)0x5a5a5a5a;
  sl_layout *layout = untouched;
  sl_error_clear();
  int status = sl_layout_create(text, size, &layout);
  free(text);
  fuzz_check_status("sl_layout_create", status,
                    FUZZ_S(SL_EPARSE) | FUZZ_S(SL_ECONFIG) | FUZZ_S(SL_EINVAL));
  if (status != SL_OK) {
    FUZZ_CHECK(status != SL_EINVAL, "SL_EINVAL for a text with a pointer and a length");
    FUZZ_CHECK(layout == untouched, "the output was written on failure");
    return 0;
  }
  FUZZ_CHECK(layout != NULL && layout != untouched, "SL_OK without a layout");

  int32_t sections = -1;
  status = sl_layout_get_section_count(layout, &sections);
  FUZZ_CHECK(status == SL_OK && sections >= 0 && sections <= 100000, "%d sections, status %d",
             (int)sections, status);
  check_kinds(layout);

  sl_size content;
  status = sl_layout_get_content_size(layout, &content);
  fuzz_check_status("sl_layout_get_content_size", status, FUZZ_S(SL_ESTATE));
  if (status == SL_OK) fuzz_check_size("sl_layout_get_content_size", &content);

  /* An environment container solved the layout already; the phone size re-solves it. */
  status = sl_layout_set_container_size(layout, 390, 844);
  fuzz_check_status("sl_layout_set_container_size", status, FUZZ_S(SL_ECONFIG));
  if (status == SL_OK) {
    status = sl_layout_get_content_size(layout, &content);
    FUZZ_CHECK(status == SL_OK, "content size after sizing: status %d", status);
    fuzz_check_size("sl_layout_get_content_size", &content);
    if (sections > 0) {
      check_section(layout, 0);
      check_section(layout, sections - 1);
    }
    check_screen(layout, (sl_rect){0, 0, 390, 844}, sections);
    check_scrolling(layout);
  }
  sl_layout_destroy(layout);
  return 0;
}
