/*
 * snaplayout.h — the public C interface of SnapLayout.
 *
 * If it is not declared here, it is not public API.
 *
 * SnapLayout computes the frames of a collection-view layout described in JSON, with the
 * semantics of UIKit's UICollectionViewCompositionalLayout: items, groups, sections, boundary
 * supplementary items (headers, footers), item supplementary items (badges), background
 * decoration items and orthogonally scrolling sections. The configuration format is described
 * in docs/CONFIG.md; this header describes the calls.
 *
 * Conventions
 * -----------
 * - Every fallible function returns an int status: SL_OK (0) on success, a negative SL_E* code
 *   on failure. New codes may be added in minor versions; treat any negative value as failure.
 *   On failure, sl_error_last() describes what went wrong on the calling thread, and output
 *   parameters are left unchanged unless the function says otherwise.
 * - Geometry is in points, as 64-bit doubles, in the layout's content coordinate space: origin at
 *   the top-left corner of the scrollable content, y growing downward, x growing to the right
 *   (also in right-to-left layouts, whose frames are mirrored).
 * - Sections are indexed with int32_t, items with int64_t; both start at 0.
 * - On 32-bit systems (armhf, for one) items keep their whole int64_t range and meaning; only
 *   a result that must fit a size_t or a buffer is bounded there: sl_layout_get_snap_offsets()
 *   refuses to count more than SIZE_MAX positions, sl_layout_get_item_frames() a count above
 *   PTRDIFF_MAX (SL_ERANGE, naming the argument).
 *
 * Thread safety
 * -------------
 * A layout handle may be used from many threads at once only through the functions marked
 * "read-only" below (they take a const sl_layout *). Functions that change a layout (container
 * size, section offsets) need exclusive access: no other call on the same handle may run at the
 * same time. Distinct handles are independent. The error record is per thread.
 *
 * Visible-items handlers
 * ----------------------
 * A visible-items handler (sl_visible_items_handler) runs inside the query that calls it, so
 * it must not change the layout it belongs to: every function that changes a layout (those
 * taking a non-const sl_layout *, sl_layout_destroy() included) refuses with SL_ESTATE when
 * called on that layout from inside one of its handlers, or from inside a handler of a layout
 * whose query led to it (handlers that query other layouts nest). The error record names the
 * function; nothing changes, and the query that called the handler answers as if the call had
 * not been made. The mark is per thread: other threads, and other layouts, are not affected.
 */
#ifndef SNAPLAYOUT_H
#define SNAPLAYOUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define SL_API
#elif defined(__GNUC__) || defined(__clang__)
#define SL_API __attribute__((visibility("default")))
#else
#define SL_API
#endif

/*
 * SL_DEPRECATED(message) marks a function kept working for compatibility; its doc comment names
 * the replacement. GCC and Clang warn at each use; define SL_NO_DEPRECATED_WARNINGS before
 * including this header to silence them (e.g. in a test of the old function).
 */
#if defined(SL_NO_DEPRECATED_WARNINGS)
#define SL_DEPRECATED(message)
#elif defined(__GNUC__) || defined(__clang__)
#define SL_DEPRECATED(message) __attribute__((deprecated(message)))
#else
#define SL_DEPRECATED(message)
#endif

/* ---------------------------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------------------------- */

#define SL_VERSION_MAJOR 0
#define SL_VERSION_MINOR 2
#define SL_VERSION_PATCH 0
/** The version as one number: MAJOR * 1000000 + MINOR * 1000 + PATCH. */
#define SL_VERSION_NUMBER (SL_VERSION_MAJOR * 1000000 + SL_VERSION_MINOR * 1000 + SL_VERSION_PATCH)
#define SL_VERSION_STRING "0.2.0"
/** The "version" value of the JSON configuration format this library reads. */
#define SL_CONFIG_VERSION 1

/* ---------------------------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------------------------- */

#define SL_OK 0
/** An argument is invalid: a NULL pointer, a NaN or infinite number, a negative size. */
#define SL_EINVAL -1
/** The configuration text is not well-formed JSON (line and column in sl_error_last()). */
#define SL_EPARSE -2
/** The configuration is well-formed JSON but not a valid layout (JSON Pointer in the error). */
#define SL_ECONFIG -3
/** An index (section, item, element kind) is outside its valid range. */
#define SL_ERANGE -4
/** A caller-supplied buffer is too small; the count needed has been written. */
#define SL_EBUFS -5
/** Memory could not be allocated. */
#define SL_ENOMEM -6
/** The call is not valid in the layout's current state: no container size yet, or a change
 *  made from inside one of the layout's visible-items handlers. */
#define SL_ESTATE -7
/** A looked-up name does not exist. */
#define SL_ENOTFOUND -8

/* ---------------------------------------------------------------------------------------------
 * Types
 * ------------------------------------------------------------------------------------------- */

/** An opaque layout: a parsed configuration, a container size and the solved geometry. */
typedef struct sl_layout sl_layout;

/** A rectangle: origin (x, y) and size (width, height), in points. */
typedef struct sl_rect {
  double x;
  double y;
  double width;
  double height;
} sl_rect;

/** A size in points. */
typedef struct sl_size {
  double width;
  double height;
} sl_size;

/**
 * A 2-D affine transform (x' = a*x + c*y + tx, y' = b*x + d*y + ty) applied about the centre of
 * an element's frame, as UIView.transform is. Identity is {1, 0, 0, 1, 0, 0}.
 */
typedef struct sl_transform {
  double a;
  double b;
  double c;
  double d;
  double tx;
  double ty;
} sl_transform;

/** Element categories (sl_element.category). */
#define SL_ELEMENT_CELL 0
#define SL_ELEMENT_SUPPLEMENTARY 1
#define SL_ELEMENT_DECORATION 2

/** The element kind of cells (sl_element.kind); other kinds are ids >= 0 of the config's names. */
#define SL_KIND_CELL -1

/** The section index of layout-level boundary supplementary items (sl_element.section). */
#define SL_SECTION_LAYOUT -1

/** sl_element.flags bits. */
#define SL_ELEMENT_FLAG_HIDDEN 0x1u
#define SL_ELEMENT_FLAG_PINNED 0x2u

/**
 * One laid-out element: a cell, a supplementary view or a decoration view.
 *
 * Index paths follow UIKit: a cell and its item supplementary items carry (section, item); a
 * section's boundary items and decorations carry (section, 0); layout-level boundary items carry
 * (SL_SECTION_LAYOUT, 0).
 */
typedef struct sl_element {
  /** Frame in content coordinates (before transform). */
  sl_rect frame;
  /** Transform about the frame's centre: identity, or a scale set by visible-item effects
   * (or anything a visible-items handler sets). */
  sl_transform transform;
  /** Opacity in [0, 1]; 1 unless a visible-item effect or handler sets it. */
  double alpha;
  /** Item index (cells and item supplementary items), otherwise 0. */
  int64_t item;
  /** Section index, or SL_SECTION_LAYOUT for layout-level boundary items. */
  int32_t section;
  /** SL_ELEMENT_CELL, SL_ELEMENT_SUPPLEMENTARY or SL_ELEMENT_DECORATION. */
  int32_t category;
  /** SL_KIND_CELL for cells, else the element kind id (see sl_layout_get_element_kind_name). */
  int32_t kind;
  /** Stacking order: higher values are drawn above lower ones. */
  int32_t z_index;
  /** SL_ELEMENT_FLAG_* bits: SL_ELEMENT_FLAG_PINNED when a pinned boundary item is moved from
   * its natural frame by the main scroll offset. */
  uint32_t flags;
  /** Which copy of a looping container's content the element belongs to (since 0.2; reserved
   * and 0 before): the lap, 0 being the canonical one, negative before it, saturated to 32
   * bits. The cells of a looping orthogonal section count that section's laps; everything
   * else in a looping main scroll counts the main scroll's. 0 outside loops. A host keys its
   * views by (category, kind, section, item, copy): a cell, its badges and its section's
   * boundary items share section and item. Known limitation: a looping orthogonal section
   * inside a looping main scroll gives its cells the same copy in every lap of the main scroll
   * a rect reaches; key those by their frame's main-axis position too. docs/SNAPPING.md,
   * "Looping". */
  int32_t copy;
} sl_element;

/** Orthogonal scrolling behaviours (sl_section_info.orthogonal_scrolling_behavior). */
#define SL_ORTHOGONAL_NONE 0
#define SL_ORTHOGONAL_CONTINUOUS 1
#define SL_ORTHOGONAL_CONTINUOUS_GROUP_LEADING_BOUNDARY 2
#define SL_ORTHOGONAL_PAGING 3
#define SL_ORTHOGONAL_GROUP_PAGING 4
#define SL_ORTHOGONAL_GROUP_PAGING_CENTERED 5

/** Solved facts about one section. */
typedef struct sl_section_info {
  /** The section's frame: boundary items, content insets and content, across the full width. */
  sl_rect frame;
  /** Number of items. */
  int64_t item_count;
  /** Number of repetitions of the root group (the last may be partial). */
  int64_t group_count;
  /** Items per repetition of the root group. */
  int32_t items_per_group;
  /** One of SL_ORTHOGONAL_*. */
  int32_t orthogonal_scrolling_behavior;
  /** Length of the orthogonally scrolling content (0 when the section is not orthogonal). */
  double orthogonal_content_length;
  /** Current orthogonal offset (0 when the section is not orthogonal). */
  double orthogonal_offset;
} sl_section_info;

/* ---------------------------------------------------------------------------------------------
 * Scrolling types
 *
 * A scroll container is the layout's main scroll (SL_SCROLL_MAIN) or an orthogonal section
 * (its section index). Offsets are logical: 0 is the start of the container's content and
 * offsets grow toward its end — also in right-to-left horizontal scrolls, whose host offset is
 * (min_offset + max_offset) - offset. Velocities are in points per second, positive toward the
 * end of the content; times in seconds. docs/SNAPPING.md explains the rules.
 * ------------------------------------------------------------------------------------------- */

/** The container id of the layout's main scroll. */
#define SL_SCROLL_MAIN -1

/** What a container rests on (sl_scroll_info.snap_unit). */
#define SL_SNAP_NONE 0
#define SL_SNAP_PAGE 1
#define SL_SNAP_ITEM 2
#define SL_SNAP_GROUP 3

/** sl_scroll_info.bounce (iOS 17 orthogonalScrollingProperties.bounce; the host rubber-bands). */
#define SL_BOUNCE_AUTOMATIC 0
#define SL_BOUNCE_ALWAYS 1
#define SL_BOUNCE_NEVER 2

/** Facts about a scroll container. */
typedef struct sl_scroll_info {
  /** The viewport's length along the axis. */
  double viewport_length;
  /** The content's length along the axis. */
  double content_length;
  /** Insets before and after the content: the configuration's contentInset on the main scroll,
   * UIKit's centring insets for groupPagingCentered. */
  double inset_leading;
  double inset_trailing;
  /** The range of rest offsets; both are rest positions (or in a long unit's range), and
   * min_offset is where the container starts until the host sets an offset (with containment
   * "none", the first and last aligned positions, or the far edge of a first or last unit
   * longer than the snapport). Offsets leave the library as +0, never -0. */
  double min_offset;
  double max_offset;
  /** The current offset. */
  double offset;
  /** Velocity kept per millisecond during free deceleration (0.998 normal, 0.99 fast). */
  double deceleration_rate;
  /** Rest positions (0 = free deceleration, no snapping). */
  int64_t snap_count;
  /** SL_SCROLL_MAIN or the section. */
  int32_t container;
  /** 1 when the container scrolls along the host's x axis, 0 along y. */
  int32_t horizontal;
  /** SL_ORTHOGONAL_* of the section (SL_ORTHOGONAL_NONE for the main scroll). */
  int32_t orthogonal_scrolling_behavior;
  /** SL_SNAP_*. */
  int32_t snap_unit;
  /** At most this many rest positions per gesture; 0 = unlimited. */
  int32_t max_pages_per_gesture;
  /** SL_BOUNCE_*. */
  int32_t bounce;
} sl_scroll_info;

/** Version of sl_scroll_release: set `version` to this. */
#define SL_SCROLL_RELEASE_VERSION 1
/** sl_scroll_release.flags: `reference_snap` is set (e.g. from sl_layout_get_reference_snap). */
#define SL_RELEASE_HAS_REFERENCE 0x1u

/** A drag that has just ended. */
typedef struct sl_scroll_release {
  /** SL_SCROLL_RELEASE_VERSION. */
  uint32_t version;
  /** SL_RELEASE_* bits; others are refused (SL_EINVAL naming `release.flags`). */
  uint32_t flags;
  /** The offset when the finger touched down. */
  double start_offset;
  /** The offset when it lifted. */
  double release_offset;
  /** Points per second, positive toward the end of the content (UIKit's delegate gives
   * points per millisecond: multiply by 1000). Clamped to +/-1e6 (a thousand screens a
   * second), as Android clamps to its maximum fling velocity (docs/SNAPPING.md, "Scroll
   * containers and units"). */
  double velocity;
  /** The rest position the gesture is measured from, with SL_RELEASE_HAS_REFERENCE; -1: none,
   * measured from start_offset (what sl_layout_get_reference_snap gives for a free scroll),
   * accepted in any container. */
  int64_t reference_snap;
} sl_scroll_release;

/** Motion kinds (sl_motion.kind). */
#define SL_MOTION_NONE 0
#define SL_MOTION_DECAY 1
#define SL_MOTION_SPRING 2

/**
 * How a scroll travels to its target: plain data, sampled in closed form with
 * sl_motion_sample() at any time (no integration, no drift).
 */
typedef struct sl_motion {
  /** SL_MOTION_NONE (already there), SL_MOTION_DECAY (exponential deceleration landing on
   * the target) or SL_MOTION_SPRING (damped spring seeded with the release velocity). */
  int32_t kind;
  int32_t reserved;
  double start_offset;
  /** Points per second at time 0. */
  double start_velocity;
  double target_offset;
  /** Seconds until settled: from then on within epsilon_offset of the target and slower than
   * epsilon_velocity (an upper bound). */
  double duration;
  /** Decay constant in 1/s (SL_MOTION_DECAY). */
  double decay;
  /** The spring (also used by sl_motion_retarget): angular frequency (rad/s) and damping ratio. */
  double omega;
  double damping_ratio;
  /** Settling tolerances: points, and points per second. */
  double epsilon_offset;
  double epsilon_velocity;
  /** Decays land on a target only with a rate per millisecond in this band, else a spring. */
  double landing_min_rate;
  double landing_max_rate;
} sl_motion;

/** The state of a motion at one time. */
typedef struct sl_motion_state {
  double offset;
  /** Points per second. */
  double velocity;
  /** 1 once the motion is settled (offset is then exactly the target, velocity 0). */
  int32_t settled;
  int32_t reserved;
} sl_motion_state;

/** Where a release comes to rest. */
typedef struct sl_snap_result {
  double target_offset;
  /** The fractional rest position at release (k + fraction between k and k + 1). */
  double release_progress;
  /** The rest position, or -1 for free deceleration. */
  int64_t snap_index;
  /** The rest position the gesture was measured from. */
  int64_t reference_snap;
  /** The item resting at the target, and its section (both -1 when the rest positions are
   * pages or free; content shorter than the viewport names the first unit's item). */
  int64_t item;
  int32_t section;
  int32_t reserved;
  /** How to get there. */
  sl_motion motion;
} sl_snap_result;

/** Where an offset is among a container's rest positions. */
typedef struct sl_snap_position {
  /** k + (offset - B_k) / (B_k+1 - B_k), clamped to [0, count - 1]; in a loop, canonical in
   * [0, count): from count - 1 toward count across the seam. On an offset several positions
   * share, the first of them (index). */
  double progress;
  /** The nearest rest position (ties to the lower), or -1 for free deceleration. */
  int64_t index;
  /** The item resting there, or -1. */
  int64_t item;
  int32_t section;
  int32_t reserved;
} sl_snap_position;

/** What a visible-items handler is told about the items it receives. */
typedef struct sl_visible_items_context {
  /** The section whose elements these are. */
  int32_t section;
  /** The scroll container that moves them: the section, or SL_SCROLL_MAIN. */
  int32_t container;
  /** That container's offset, viewport length and content length. */
  double offset;
  double viewport_length;
  double content_length;
} sl_visible_items_context;

/**
 * Called during sl_layout_get_elements_in_rect() with the elements of one section that were
 * written to the caller's buffer (cells, their badges and the section's boundary items and
 * decorations), after visible-item effects: the counterpart of UIKit's
 * visibleItemsInvalidationHandler. The handler may change each element's alpha, transform,
 * z_index, flags and frame. It runs on the calling thread and must not change the layout:
 * a changing call made from inside it on the same layout (or on a layout whose handler is
 * running further up the same thread) returns SL_ESTATE and changes nothing ("Visible-items
 * handlers" at the top of this header). It may read the layout, and read or change others.
 */
typedef void (*sl_visible_items_handler)(void *user_data, const sl_visible_items_context *context,
                                         sl_element *elements, size_t count);

/** Details of the last failure on the calling thread. */
typedef struct sl_error {
  /** The status code of the failure (SL_OK if there has been none). */
  int code;
  /** A sentence for a human; never NULL ("" if there has been no failure). */
  const char *message;
  /**
   * Where the problem is: an RFC 6901 JSON Pointer into the configuration for SL_ECONFIG
   * (e.g. "/sections/2/group/subitems/0/layoutSize/widthDimension"), the name of the offending
   * argument for SL_EINVAL and SL_ERANGE, "" when not applicable. Never NULL.
   */
  const char *path;
  /** 1-based line of a syntax error (SL_EPARSE with a position in the text), else 0. */
  int32_t line;
  /** 1-based column (in bytes) of that syntax error, else 0. */
  int32_t column;
} sl_error;

/* ---------------------------------------------------------------------------------------------
 * Library information and errors
 * ------------------------------------------------------------------------------------------- */

/**
 * Returns the library's version as MAJOR * 1000000 + MINOR * 1000 + PATCH.
 *
 * Compare with SL_VERSION_NUMBER to detect a header/library mismatch.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Safe from any thread.
 */
SL_API int sl_version_number(void);

/**
 * Returns the library's version as static text, e.g. "0.2.0".
 *
 * **Ownership** The string is static; do not free it.
 *
 * **Thread safety** Safe from any thread.
 */
SL_API const char *sl_version_string(void);

/**
 * Returns a short static description of a status code, e.g. "invalid configuration".
 *
 * @param status a status code returned by any function; unknown codes give "unknown status".
 * @return static text, never NULL.
 *
 * **Ownership** The string is static; do not free it.
 *
 * **Thread safety** Safe from any thread.
 */
SL_API const char *sl_status_string(int status);

/**
 * Returns the details of the last failure on the calling thread.
 *
 * Only failures set the record; successful calls leave it as it was. Use sl_error_clear() to
 * reset it.
 *
 * @return a pointer to the calling thread's record, never NULL.
 *
 * **Ownership** The record and its strings belong to the library and stay valid until the next
 * failing call on the same thread or sl_error_clear(); copy what you need to keep.
 *
 * **Thread safety** Each thread has its own record.
 */
SL_API const sl_error *sl_error_last(void);

/**
 * Resets the calling thread's error record to "no failure".
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Affects the calling thread's record only.
 */
SL_API void sl_error_clear(void);

/**
 * Frees memory the library handed to the caller (e.g. the text of sl_layout_copy_json).
 *
 * @param memory memory returned by the library, or NULL (ignored).
 *
 * **Ownership** Takes ownership of `memory`.
 *
 * **Thread safety** Safe from any thread.
 */
SL_API void sl_free(void *memory);

/* ---------------------------------------------------------------------------------------------
 * Creating and sizing a layout
 * ------------------------------------------------------------------------------------------- */

/**
 * Creates a layout from a JSON configuration.
 *
 * The text need not be NUL-terminated; `length` bytes are read. When the configuration has an
 * "environment.container" size the layout is solved at once (and solving errors are reported
 * here); otherwise call sl_layout_set_container_size() before querying geometry.
 *
 * @param json the configuration text (UTF-8 JSON; comments are accepted).
 * @param length the number of bytes of `json`; at most 64 MiB.
 * @param[out] out_layout receives the new layout.
 * @return SL_OK; SL_EINVAL if `json` or `out_layout` is NULL or `length` exceeds PTRDIFF_MAX;
 *         SL_EPARSE for malformed JSON
 *         (line and column in the error), nesting deeper than 256 levels or a text longer than
 *         64 MiB; SL_ECONFIG for an invalid layout (JSON Pointer in the error); SL_ENOMEM.
 *
 * **Ownership** The caller owns the layout and frees it with sl_layout_destroy(). The library
 * keeps no reference to `json`.
 *
 * **Thread safety** Safe from any thread.
 */
SL_API int sl_layout_create(const char *json, size_t length, sl_layout **out_layout);

/**
 * Destroys a layout and frees everything it owns.
 *
 * @param layout the layout, or NULL (ignored).
 *
 * Called from inside one of the layout's visible-items handlers, it destroys nothing: it sets
 * the calling thread's error record to SL_ESTATE and returns, and the layout stays valid.
 *
 * **Ownership** Takes ownership of `layout`; kind-name strings it returned become invalid.
 *
 * **Thread safety** No other call may use `layout` at the same time or afterwards.
 */
SL_API void sl_layout_destroy(sl_layout *layout);

/**
 * Sets the size of the container (the collection view's bounds) and solves the layout.
 *
 * Costs time and memory independent of the item counts. On failure the layout keeps its
 * previous size and geometry.
 *
 * @param layout the layout.
 * @param width container width in points, > 0 and at most 1e12 (as in a configuration).
 * @param height container height in points, > 0 and at most 1e12.
 * @return SL_OK; SL_EINVAL for a NULL layout or a non-finite, zero, negative or larger size;
 *         SL_ECONFIG if the layout cannot be solved at this size (e.g. a group that cannot fit
 *         even one item; the JSON Pointer names the subitem that does not fit).
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_set_container_size(sl_layout *layout, double width, double height);

/**
 * Reads the container size.
 *
 * @param layout the layout.
 * @param[out] out_size receives the size.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ESTATE if no size has been set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_container_size(const sl_layout *layout, sl_size *out_size);

/**
 * Reads the size of the scrollable content (UICollectionViewLayout.collectionViewContentSize).
 *
 * @param layout the layout.
 * @param[out] out_size receives the size.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ESTATE if no container size has been set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_content_size(const sl_layout *layout, sl_size *out_size);

/* ---------------------------------------------------------------------------------------------
 * Sections and items
 * ------------------------------------------------------------------------------------------- */

/**
 * Reads the number of sections.
 *
 * @param layout the layout.
 * @param[out] out_count receives the count.
 * @return SL_OK; SL_EINVAL for NULL arguments.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_section_count(const sl_layout *layout, int32_t *out_count);

/**
 * Reads the number of items in a section.
 *
 * @param layout the layout.
 * @param section the section index.
 * @param[out] out_count receives the count.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ERANGE for a bad section index.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_item_count(const sl_layout *layout, int32_t section, int64_t *out_count);

/**
 * Reads which of a section's variants is in force: the first whose `when` ranges hold the
 * container's effective content size (docs/LAYOUT-RULES.md, "Sections that adapt to the
 * container"). Since 0.2.
 *
 * @param layout the layout.
 * @param section the section index.
 * @param[out] out_variant receives the variant's index in the section's `"variants"`, or -1
 *             when the section's own keys are in force: it has no variants, none matches, or
 *             no container size has been set yet.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ERANGE for a bad section index.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_section_variant(const sl_layout *layout, int32_t section,
                                         int32_t *out_variant);

/**
 * Reads solved facts about a section: its frame, repetitions and orthogonal content length.
 *
 * @param layout the layout.
 * @param section the section index.
 * @param[out] out_info receives the facts.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ERANGE for a bad section index;
 *         SL_ESTATE if no container size has been set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_section_info(const sl_layout *layout, int32_t section,
                                      sl_section_info *out_info);

/**
 * Reads the frame of one cell. Costs O(1) whatever the item count.
 *
 * The frame includes the section's current orthogonal offset. In a loop it is the copy of the
 * lap the offset is in, framed as sl_layout_get_elements_in_rect() frames that copy: a looping
 * orthogonal section's lap, and in a looping main scroll the main scroll's lap (row 2 of 50-pt
 * rows at y 2100 at offset 2100 in a 2000-pt period). docs/SNAPPING.md, "Looping".
 *
 * @param layout the layout.
 * @param section the section index.
 * @param item the item index within the section.
 * @param[out] out_frame receives the frame.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ERANGE for a bad section or item index;
 *         SL_ESTATE if no container size has been set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_item_frame(const sl_layout *layout, int32_t section, int64_t item,
                                    sl_rect *out_frame);

/**
 * Reads the frames of `count` consecutive cells of a section, items `first` to
 * `first + count - 1`: the batch form of sl_layout_get_item_frame(), one call instead of one per
 * item (it matters to bindings whose calls cost more than a frame: Python's ctypes). O(count).
 * Every frame is the one sl_layout_get_item_frame() gives, in a loop the copy of the lap the
 * offset is in.
 *
 * @param layout the layout.
 * @param section the section index.
 * @param first the first item.
 * @param count how many frames; 0 is allowed (then `out_frames` may be NULL).
 * @param[out] out_frames receives `count` frames, in item order. Untouched on failure.
 * @return SL_OK; SL_EINVAL for NULL arguments or a negative count; SL_ERANGE for a bad section
 *         or a range that leaves the section (path "first" or "count"), or a count above
 *         PTRDIFF_MAX (only possible where it has 32 bits); SL_ESTATE if no container size has
 *         been set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_item_frames(const sl_layout *layout, int32_t section, int64_t first,
                                     int64_t count, sl_rect *out_frames);

/**
 * Lists every element (cells, supplementary items, decorations) whose frame intersects a rect,
 * as UICollectionViewLayout.layoutAttributesForElements(in:) does.
 *
 * An element intersects when it shares area with the rect; an element of zero width or height
 * intersects when its edge lies inside the rect. Order: layout-level boundary items, then each
 * section in order (its decorations, then each cell followed by its item supplementary items,
 * then its boundary items). Costs O(log sections + elements returned).
 *
 * Two-call pattern: pass `elements` = NULL (and any `capacity`) to learn the count in
 * `*out_count`. With a buffer, up to `capacity` elements are written; if more intersect, the
 * buffer is filled, `*out_count` receives the full count and SL_EBUFS is returned.
 *
 * @param layout the layout.
 * @param rect the rect in content coordinates; width and height finite and >= 0.
 * @param[out] elements the buffer, or NULL to count only.
 * @param capacity the number of elements `elements` can hold.
 * At most 67,108,864 (2^26) elements are reported: a rect holding more returns SL_ERANGE after
 * bounded work, usually before visiting them (the buffer may hold some of the first elements),
 * so a query over billions of items cannot stall the caller. Cells beside the rect or far from
 * their group cost nothing; in sections with measured cells (sl_layout_report_item_size) a rect
 * that passes more than 2^25 cells is refused with SL_ERANGE too.
 *
 * @param[out] out_count receives the number of intersecting elements.
 * @return SL_OK; SL_EBUFS (buffer filled, count written); SL_EINVAL for a NULL layout or
 *         `out_count`, a non-finite or negative rect; SL_ERANGE if more than 2^26 elements
 *         intersect (or 2^25 measured cells are passed); SL_ESTATE if no container size is set.
 *
 * **Ownership** The caller owns the buffer.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_elements_in_rect(const sl_layout *layout, sl_rect rect,
                                          sl_element *elements, size_t capacity,
                                          size_t *out_count);

/**
 * Reads the number of distinct element kinds (supplementary and decoration names) in the layout.
 *
 * Kind ids are 0 ..< count, numbered in this order: layout-level boundary items, then for each
 * section its boundary items, its decoration items and the supplementary items of its items.
 *
 * @param layout the layout.
 * @param[out] out_count receives the count.
 * @return SL_OK; SL_EINVAL for NULL arguments.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_element_kind_count(const sl_layout *layout, int32_t *out_count);

/**
 * Maps an element kind id (sl_element.kind) to its name in the configuration, e.g. "header".
 *
 * @param layout the layout.
 * @param kind a kind id, or SL_KIND_CELL (whose name is "cell").
 * @param[out] out_name receives a NUL-terminated UTF-8 string.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ERANGE for an unknown id.
 *
 * **Ownership** The string belongs to the layout and lives as long as it.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_element_kind_name(const sl_layout *layout, int32_t kind,
                                           const char **out_name);

/**
 * Finds the id of an element kind by name (the inverse of sl_layout_get_element_kind_name).
 *
 * "cell" gives SL_KIND_CELL unless the configuration itself names a kind "cell". Names compare
 * byte for byte, as strcmp compares them (no Unicode normalization), in O(1) whatever the
 * number of kinds.
 *
 * @param layout the layout.
 * @param name a NUL-terminated element kind, e.g. "header".
 * @param[out] out_kind receives the id.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ENOTFOUND if no element has that kind.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_find_element_kind(const sl_layout *layout, const char *name,
                                       int32_t *out_kind);

/* ---------------------------------------------------------------------------------------------
 * Orthogonal sections
 * ------------------------------------------------------------------------------------------- */

/**
 * Sets the scroll offset of an orthogonally scrolling section.
 *
 * The offset is logical: 0 shows the start of the section's content, larger values reveal later
 * content (in a right-to-left layout that moves the frames to the right). It shifts the frames
 * of the section's cells and their item supplementary items; boundary items and decorations stay.
 * The offset is not clamped: negative values and values past the end are allowed (overscroll,
 * centred paging).
 *
 * @param layout the layout.
 * @param section the section index; the section's orthogonalScrollingBehavior is not "none".
 * @param offset the offset in points, finite, from -1e100 to 1e100 (far past any content).
 * @return SL_OK; SL_EINVAL for a NULL layout, a non-finite or larger offset or a section that does not
 *         scroll orthogonally; SL_ERANGE for a bad section index (including -1: the main
 *         scroll is not a section); SL_ESTATE if no container size is set — the statuses of
 *         sl_layout_set_scroll_offset() for the same mistakes.
 *
 * Deprecated since 0.2: use sl_layout_set_scroll_offset(layout, section, offset), the one call
 * for every scroll container; kept working (docs/C-API.md, "Orthogonal sections").
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_DEPRECATED("use sl_layout_set_scroll_offset")
SL_API int sl_layout_set_section_offset(sl_layout *layout, int32_t section, double offset);

/**
 * Reads the scroll offset of a section (0 for a section that does not scroll orthogonally).
 *
 * @param layout the layout.
 * @param section the section index.
 * @param[out] out_offset receives the offset.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ERANGE for a bad section index.
 *
 * Deprecated since 0.2: use sl_layout_get_scroll_offset(layout, section, &offset); kept working
 * (docs/C-API.md, "Orthogonal sections").
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_DEPRECATED("use sl_layout_get_scroll_offset")
SL_API int sl_layout_get_section_offset(const sl_layout *layout, int32_t section,
                                        double *out_offset);

/* ---------------------------------------------------------------------------------------------
 * Scrolling and snapping
 * ------------------------------------------------------------------------------------------- */

/**
 * Reads the facts of a scroll container: bounds, insets, current offset, rest positions.
 *
 * @param layout the layout.
 * @param container SL_SCROLL_MAIN or an orthogonal section.
 * @param[out] out_info receives the facts.
 * @return SL_OK; SL_EINVAL for NULL arguments or a section that does not scroll orthogonally;
 *         SL_ERANGE for an unknown container; SL_ESTATE if no container size is set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_scroll_info(const sl_layout *layout, int32_t container,
                                     sl_scroll_info *out_info);

/** Facts about a container's loop (sl_layout_get_loop_info; docs/SNAPPING.md, "Looping"). */
typedef struct sl_loop_info {
  /** 1 when the configuration asks the container to loop ("loop": true), else 0. */
  int32_t requested;
  /** 1 when it loops: asked, and its content long enough (a period at least the viewport plus
   * its longest group, so that no group is ever shown twice at once); else 0, and the
   * container keeps its bounds. */
  int32_t active;
  /** The loop's period along the axis: the content and the seam (one more spacing between
   * groups, or between sections on the main scroll); 0 when it does not loop. */
  double period;
  /** The canonical lap is [start, start + period): sl_scroll_info's min_offset and max_offset
   * (the first rest position, or 0 for pages and free scrolls). 0 when it does not loop. */
  double start;
} sl_loop_info;

/**
 * Reads whether a container loops, and its period (since 0.2).
 *
 * A looping container has no bounds: offsets, targets and motions run on across laps, rest
 * positions repeat every period, and indices (snap_index, reference_snap, progress, selected
 * and navigation targets) are those of the canonical lap, 0 to snap_count - 1.
 *
 * @param layout the layout.
 * @param container SL_SCROLL_MAIN or an orthogonal section.
 * @param[out] out_info receives the facts.
 * @return SL_OK; SL_EINVAL; SL_ERANGE; SL_ESTATE (as sl_layout_get_scroll_info).
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_loop_info(const sl_layout *layout, int32_t container,
                                   sl_loop_info *out_info);

/**
 * Gives the offset equivalent to `offset` in a looping container's canonical lap, and the
 * shift between them: `*out_offset == offset - *out_shift`, a whole number of periods apart,
 * showing the same content (since 0.2). A host re-bases without a visible jump by setting the
 * canonical offset and moving a motion in flight by the shift (its start_offset and
 * target_offset). A container that does not loop gives `offset` and 0.
 *
 * @param layout the layout.
 * @param container SL_SCROLL_MAIN or an orthogonal section.
 * @param offset any finite offset from -1e100 to 1e100.
 * @param[out] out_offset receives the canonical offset, in [start, start + period).
 * @param[out] out_shift receives the shift; may be NULL.
 * @return SL_OK; SL_EINVAL for NULL arguments or a non-finite or larger offset; SL_ERANGE;
 *         SL_ESTATE (as sl_layout_get_scroll_info).
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_canonical_offset(const sl_layout *layout, int32_t container,
                                          double offset, double *out_offset, double *out_shift);

/**
 * Sets the offset of a scroll container (the host calls it every frame while scrolling).
 *
 * The main scroll's offset moves pinned headers and the main scroll's visible-item effects; an
 * orthogonal section's offset moves its cells. Not clamped: offsets outside
 * [min_offset, max_offset] are overscroll. Until the host sets it, a container rests at its
 * initial offset (min_offset: -contentInset for the main scroll, the first group centred for
 * groupPagingCentered).
 *
 * @param layout the layout.
 * @param container SL_SCROLL_MAIN or an orthogonal section.
 * @param offset the offset, finite, from -1e100 to 1e100 (far past any content).
 * @return SL_OK; SL_EINVAL for a NULL layout, a non-finite or larger offset or a section that does not
 *         scroll orthogonally; SL_ERANGE for an unknown container; SL_ESTATE if no container
 *         size is set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_set_scroll_offset(sl_layout *layout, int32_t container, double offset);

/**
 * Reads the offset of a scroll container.
 *
 * @return SL_OK; SL_EINVAL; SL_ERANGE; SL_ESTATE (as sl_layout_get_scroll_info).
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_scroll_offset(const sl_layout *layout, int32_t container,
                                       double *out_offset);

/**
 * Resolves a released drag: where the scroll comes to rest, which rest position and item that
 * is, and the motion that takes it there. Costs O(log sections).
 *
 * Offsets out of bounds (overscroll) are clamped for the decision; the motion starts from the
 * real release offset. The layout is not changed: animate with sl_motion_sample() and set the
 * offset each frame.
 *
 * @param layout the layout.
 * @param container SL_SCROLL_MAIN or an orthogonal section.
 * @param release the drag; `version` must be SL_SCROLL_RELEASE_VERSION.
 * @param[out] out_result receives the decision.
 * @return SL_OK; SL_EINVAL for NULL arguments, an unknown version, flags the header does not
 *         define, non-finite numbers, offsets beyond ±1e100 or a section that does not scroll
 *         orthogonally; SL_ERANGE for an unknown container or a
 *         reference_snap out of range (-1, none, is accepted); SL_ESTATE if no container size
 *         is set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_resolve_scroll(const sl_layout *layout, int32_t container,
                                    const sl_scroll_release *release,
                                    sl_snap_result *out_result);

/**
 * Finds the rest position nearest an offset and the fractional progress there (for page
 * indicators and effects).
 *
 * @return SL_OK; SL_EINVAL for NULL arguments or a non-finite offset; SL_ERANGE; SL_ESTATE.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_snap_position(const sl_layout *layout, int32_t container, double offset,
                                       sl_snap_position *out_position);

/**
 * Lists rest offsets from position `first` on, in order (two-call pattern).
 *
 * The offsets are sorted in every state: a unit spans its cells clipped to their group, and a
 * group unit spans its group as the section lays it out, a partial last group its own length
 * (docs/SNAPPING.md, "A unit's span").
 *
 * `*out_count` receives the number of positions from `first` to the end (snap_count - first).
 * With a buffer, up to `capacity` offsets are written; SL_EBUFS when there are more.
 *
 * Where size_t has 32 bits, more than SIZE_MAX positions may follow `first` (containers of up
 * to 2^63 - 1): the buffer is filled all the same, `*out_count` is left alone and SL_ERANGE
 * (path "first") says that the count does not fit.
 *
 * @param first the first position, 0 <= first <= snap_count.
 * @return SL_OK; SL_EBUFS; SL_EINVAL for NULL layout/out_count or a section that does not
 *         scroll orthogonally; SL_ERANGE for a bad container or `first`, or a count above
 *         SIZE_MAX; SL_ESTATE.
 *
 * **Ownership** The caller owns the buffer.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_snap_offsets(const sl_layout *layout, int32_t container, int64_t first,
                                      double *offsets, size_t capacity, size_t *out_count);

/**
 * The offsets a rest position covers (since 0.2): `low == high` (its offset, as
 * sl_layout_get_snap_offsets gives it) for most; for a unit longer than the snapport (an item
 * taller than the viewport), every offset that keeps the snapport inside it — its start at the
 * snapport's start (`low`) to its end at the snapport's end (`high`), within the bounds and its
 * neighbours' offsets. A release, wheel step or navigation inside such a range may rest anywhere
 * in it (docs/SNAPPING.md, "Items longer than the viewport"). O(log sections): nothing is
 * listed. In a loop, in the canonical lap.
 *
 * @param index a rest position, 0 to the container's count - 1.
 * @return SL_OK; SL_EINVAL for NULL arguments or a section that does not scroll orthogonally;
 *         SL_ERANGE for a bad container or index (path "index"); SL_ESTATE if no container
 *         size is set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_snap_range(const sl_layout *layout, int32_t container, int64_t index,
                                    double *out_low, double *out_high);

/**
 * The rest offset that shows an item (programmatic scroll to an item or page), and its rest
 * position. With free deceleration, the item's start is brought to the start of the snapport,
 * clamped (`*out_snap` -1); with pages, the offset is a page, `*out_snap`: the one that holds
 * the item's start (the last at or before it), or the next when that shows more of the item.
 * The offset lies in
 * [min_offset, max_offset] in every containment, and a release there rests on it
 * (docs/SNAPPING.md, "Rest positions").
 *
 * @param out_snap may be NULL.
 * @return SL_OK; SL_EINVAL for NULL layout/out_offset, an item outside the container or a
 *         section that does not scroll orthogonally; SL_ERANGE for a bad container, section or
 *         item; SL_ESTATE.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_offset_for_item(const sl_layout *layout, int32_t container,
                                         int32_t section, int64_t item, double *out_offset,
                                         int64_t *out_snap);

/** Where sl_layout_get_offset_to_show_item puts the item in the snapport (since 0.2). */
#define SL_ALIGN_START 0
#define SL_ALIGN_CENTER 1
#define SL_ALIGN_END 2
/** Only if needed: no move when the item is fully visible (or covers the whole snapport),
 * otherwise its nearer edge (CSS scrollIntoView's "nearest"). */
#define SL_ALIGN_NEAREST 3

/**
 * The offset that scrolls an item into view with an alignment (since 0.2): its start, centre
 * or end at the snapport's, or only if needed (SL_ALIGN_NEAREST). Honoured in every container:
 * one without rest positions gets the aligned offset itself; one that snaps gets the rest
 * position nearest it (a browser re-snaps after scrollIntoView). Clamped to the bounds; in a
 * loop, the item's copy nearest the snapport. docs/SNAPPING.md, "Scroll into view".
 *
 * @param alignment SL_ALIGN_START, SL_ALIGN_CENTER, SL_ALIGN_END or SL_ALIGN_NEAREST.
 * @param out_snap receives the rest position (-1 without rest positions); may be NULL.
 * @return SL_OK; SL_EINVAL for NULL layout/out_offset, an unknown alignment, an item outside
 *         the container or a section that does not scroll orthogonally; SL_ERANGE for a bad
 *         container, section or item; SL_ESTATE.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_offset_to_show_item(const sl_layout *layout, int32_t container,
                                             int32_t section, int64_t item, int32_t alignment,
                                             double *out_offset, int64_t *out_snap);

/**
 * The rest position a new touch-down is measured from: the target of a motion still in flight
 * at `time`, otherwise the position nearest the touch. Pass the result as `reference_snap` of
 * the release, so re-grabbing a moving carousel keeps advancing instead of going back to a
 * stale page. A container without rest positions (free deceleration) gives -1, "none", which
 * sl_layout_resolve_scroll() accepts back.
 *
 * @param in_flight the running motion, or NULL.
 * @param time seconds since that motion started (checked even without a motion).
 * @return SL_OK; SL_EINVAL for NULL layout/out_snap, a non-finite touch_offset or time (the
 *         error path names the argument), or an invalid motion; SL_ERANGE; SL_ESTATE.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_reference_snap(const sl_layout *layout, int32_t container,
                                        double touch_offset, const sl_motion *in_flight,
                                        double time, int64_t *out_snap);

/* ---------------------------------------------------------------------------------------------
 * Navigation without touch (since 0.2): keys, rotary encoders, remotes, autoplay timers
 * (docs/SNAPPING.md, "Navigation without touch")
 * ------------------------------------------------------------------------------------------- */

/** sl_layout_navigate actions. `argument` is the number of steps (>= 1) for NEXT and PREVIOUS,
 * the rest position for TO, ignored for FIRST and LAST. */
#define SL_NAVIGATE_NEXT 1
#define SL_NAVIGATE_PREVIOUS 2
#define SL_NAVIGATE_TO 3
#define SL_NAVIGATE_FIRST 4
#define SL_NAVIGATE_LAST 5

/**
 * Where a navigation step takes a container, and the motion that takes it there (since 0.2).
 *
 * The step counts from the rest position the container is at or heading to: the target of
 * `in_flight` while that motion is still running at `time`, otherwise the position nearest the
 * container's offset — so pressing "next" three times quickly, each time passing the motion the
 * previous call returned, goes three positions. The motion starts from the container's offset
 * at rest, or from `in_flight`'s offset and velocity at `time` (no jump, no stop). Steps past an
 * end stop at the end (`snap_index` then equals `reference_snap` at the end: nothing to do).
 * `maxPagesPerGesture` does not limit navigation. A container without rest positions moves by
 * `argument` snapports for NEXT and PREVIOUS and to its bounds for FIRST and LAST (`snap_index`
 * -1); TO needs rest positions.
 *
 * The result reads as a release's: `snap_index` is the position now selected,
 * `reference_snap` the one selected before (Embla's selected and previous snaps,
 * docs/SNAPPING.md, "Navigation without touch"), `item` and
 * `section` the unit resting there, `release_progress` the fractional position where the
 * motion starts. Run the motion as after sl_layout_resolve_scroll.
 *
 * @param container SL_SCROLL_MAIN or an orthogonal section.
 * @param action SL_NAVIGATE_*.
 * @param argument steps (>= 1) for NEXT and PREVIOUS, the rest position for TO, else ignored.
 * @param in_flight the motion still running, or NULL.
 * @param time seconds since `in_flight` started (checked even without a motion).
 * @param[out] out_result receives the decision and the motion.
 * @return SL_OK; SL_EINVAL for NULL layout/out_result, an unknown action, steps below 1, a
 *         non-finite time or an invalid motion; SL_ERANGE for a bad container or a TO index
 *         that is not a rest position (path "argument"); SL_ESTATE if no container size is set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_navigate(const sl_layout *layout, int32_t container, int32_t action,
                              int64_t argument, const sl_motion *in_flight, double time,
                              sl_snap_result *out_result);

/**
 * The rest position a container is at or heading to (since 0.2): the target of `in_flight`
 * while it is still running at `time`, otherwise the position nearest the container's offset;
 * -1 for a container without rest positions. What a page indicator or an accessibility label
 * shows as selected.
 *
 * @param in_flight the motion still running, or NULL.
 * @param time seconds since `in_flight` started (checked even without a motion).
 * @return SL_OK; SL_EINVAL for NULL layout/out_index, a non-finite time or an invalid motion;
 *         SL_ERANGE for a bad container; SL_ESTATE if no container size is set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_selected_snap(const sl_layout *layout, int32_t container,
                                       const sl_motion *in_flight, double time,
                                       int64_t *out_index);

/**
 * Puts a container at a rest position at once, without motion (since 0.2): its offset becomes
 * that position's (as sl_layout_set_scroll_offset would set it). For a first screen that does
 * not start at the first card, configure `initialIndex` instead (docs/CONFIG.md).
 *
 * @param index a rest position, 0 to the container's count - 1.
 * @return SL_OK; SL_EINVAL for a NULL layout or a section that does not scroll orthogonally;
 *         SL_ERANGE for a bad container or index (path "index"); SL_ESTATE if no container
 *         size is set or when called from a visible-items handler.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_jump_to_snap(sl_layout *layout, int32_t container, int64_t index);

/**
 * Tells the layout where a motion the host runs on a container is heading (since 0.2), so that
 * layout changes carry the target with its element: a change (container size, measured sizes,
 * items, sections) moves it to the same element's rest position, as it re-snaps a container at
 * rest (docs/SNAPPING.md, "Through layout changes"). Set it when a motion starts (the target of
 * sl_layout_resolve_scroll, sl_layout_navigate or sl_layout_scroll_input); clear it when the
 * motion ends or a drag catches it.
 *
 * @param target_offset the motion's target: finite, within +-1e100.
 * @return SL_OK; SL_EINVAL for a NULL layout, a bad target (path "target_offset") or a section
 *         that does not scroll orthogonally; SL_ERANGE for a bad container; SL_ESTATE if no
 *         container size is set or when called from a visible-items handler.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_set_scroll_target(sl_layout *layout, int32_t container,
                                       double target_offset);

/**
 * Forgets a container's motion target (since 0.2); nothing happens when none is set.
 *
 * @return as sl_layout_set_scroll_target.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_clear_scroll_target(sl_layout *layout, int32_t container);

/**
 * A container's motion target as changes since it was set have moved it (since 0.2).
 *
 * @param[out] out_target receives the target (left alone when none is set).
 * @param[out] out_has_target receives 1 when a target is set, else 0.
 * @return SL_OK; SL_EINVAL for NULL arguments or a section that does not scroll orthogonally;
 *         SL_ERANGE for a bad container; SL_ESTATE if no container size is set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_scroll_target(const sl_layout *layout, int32_t container,
                                       double *out_target, int32_t *out_has_target);

/**
 * Carries a motion in flight over the layout changes made since it started (since 0.2): the
 * result starts at `time` (sample it from 0 on) at the container's offset now, with the
 * velocity `in_flight` has at `time`, and heads to the container's target as the changes moved
 * it (sl_layout_set_scroll_target); without a target, to `in_flight`'s target moved as far as
 * the offset moved. Position and velocity are continuous: no jump, no stop. The result's
 * target becomes the container's target (cleared when the result is SL_MOTION_NONE). Call it
 * after each change while a motion runs; with no change it returns the same course.
 *
 * @param in_flight the motion the host runs, sampled from its start.
 * @param time seconds since `in_flight` started.
 * @param[out] out_motion receives the carried motion; may be `in_flight`.
 * @return SL_OK; SL_EINVAL for NULL arguments, an invalid motion (path "in_flight.FIELD"), a
 *         non-finite time or a section that does not scroll orthogonally; SL_ERANGE for a bad
 *         container; SL_ESTATE if no container size is set or when called from a visible-items
 *         handler.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout (its target): exclusive access.
 */
SL_API int sl_layout_retarget_motion(sl_layout *layout, int32_t container,
                                     const sl_motion *in_flight, double time,
                                     sl_motion *out_motion);

/* ---------------------------------------------------------------------------------------------
 * Wheels and touchpads (since 0.2; docs/SNAPPING.md, "Wheels and touchpads")
 * ------------------------------------------------------------------------------------------- */

/** Version of sl_scroll_input: set `version` to this. */
#define SL_SCROLL_INPUT_VERSION 1
/** sl_scroll_input.device: a wheel that turns in notches (one rest position a notch). */
#define SL_INPUT_WHEEL 1
/** sl_scroll_input.device: a touchpad or smooth wheel (deltas in points, then a release). */
#define SL_INPUT_TOUCHPAD 2
/** sl_scroll_input.flags: the touchpad gesture ended (fingers lifted; GTK's scroll-end;
 * docs/SNAPPING.md, "Wheels and touchpads"). */
#define SL_INPUT_END 0x1u

/** One event of a wheel or a touchpad. */
typedef struct sl_scroll_input {
  /** SL_SCROLL_INPUT_VERSION. */
  uint32_t version;
  /** SL_INPUT_WHEEL or SL_INPUT_TOUCHPAD. */
  int32_t device;
  /** SL_INPUT_* bits. */
  uint32_t flags;
  uint32_t reserved;
  /** Wheel: notches, positive toward the end of the content (fractions of high-resolution
   * wheels add up). Touchpad: points toward the end; 0 for a frame without a delta. */
  double delta;
  /** Seconds on the host's monotonic clock (a motion returned starts at this time). */
  double time;
} sl_scroll_input;

/** What a wheel or touchpad event does. */
typedef struct sl_scroll_input_result {
  /** The container's offset now (already set in the layout): draw it. */
  double offset;
  /** 1 when the event started a motion (a wheel step, the end of a touchpad gesture): run
   * `result.motion` from the event's time as after a release; 0 while fingers move. */
  int32_t has_motion;
  int32_t reserved;
  /** With has_motion: where the container comes to rest, and the motion. */
  sl_snap_result result;
} sl_scroll_input_result;

/**
 * Applies one wheel or touchpad event to a container and sets its offset (since 0.2).
 *
 * A wheel moves one rest position per whole notch (libadwaita's carousel; docs/SNAPPING.md,
 * "Wheels and touchpads"), counting from where
 * `in_flight` is going as sl_layout_navigate does; a container without rest positions moves by
 * viewport^(2/3) points a notch (GTK's scrolled windows). Touchpad deltas move the content as they
 * come, clamped to the bounds (`has_motion` 0); when `flags` has SL_INPUT_END, or an event with
 * delta 0 arrives `touchpadEndGap` seconds (0.1 by default) after the last delta, the gesture is
 * resolved like a release from where it started with the velocity the deltas carried (their
 * least-squares slope over the last 100 ms), and the result holds the motion. The first delta of
 * a gesture catches `in_flight` where it is and counts from its target. Hosts whose toolkit
 * runs its own kinetic phase (momentum events) pass the gesture's end and ignore those events.
 *
 * @param input the event (version SL_SCROLL_INPUT_VERSION).
 * @param in_flight the motion the host is running on this container, or NULL.
 * @param time seconds since `in_flight` started (checked even without a motion).
 * @param[out] out_result receives the offset and, at the end of a gesture, the motion.
 * @return SL_OK; SL_EINVAL for NULL arguments, an unknown version, device or flag, a non-finite
 *         or larger delta, a non-finite time, a time before the gesture's previous event, an
 *         invalid motion or a section that does not scroll orthogonally; SL_ERANGE for a bad
 *         container; SL_ESTATE if no container size is set or when called from a visible-items
 *         handler.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout (its offset and the gesture in progress): exclusive
 * access.
 */
SL_API int sl_layout_scroll_input(sl_layout *layout, int32_t container,
                                  const sl_scroll_input *input, const sl_motion *in_flight,
                                  double time, sl_scroll_input_result *out_result);

/**
 * Samples a motion at a time (seconds since it started): offset, velocity, settled.
 *
 * @return SL_OK; SL_EINVAL for NULL arguments, a non-finite time, an invalid motion, or one
 *         whose offset or velocity at `time` is not finite (numbers no library motion has;
 *         path "motion").
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Safe from any thread (a pure function).
 */
SL_API int sl_motion_sample(const sl_motion *motion, double time, sl_motion_state *out_state);

/**
 * Redirects a motion at a time to a new target, continuing from the offset and velocity it has
 * then (position and velocity are continuous). One exception: when the motion is then already
 * within its tolerances of the new target (epsilon_offset, epsilon_velocity), the result is an
 * SL_MOTION_NONE resting on the target, a step of at most epsilon_offset (sub-pixel).
 * `out_motion` may be `motion`.
 *
 * @return SL_OK; SL_EINVAL for NULL arguments, non-finite numbers, a target beyond ±1e100,
 *         an invalid motion, or one that cannot be continued at `time` (its offset there beyond
 *         ±1e101, its velocity beyond ±1e150 per second, or a result that overflows or would
 *         settle in no time, its spring absurd; path "motion"). The calls that take an
 *         `in_flight` motion refuse such a motion the same way (path "in_flight").
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Safe from any thread (a pure function).
 */
SL_API int sl_motion_retarget(const sl_motion *motion, double time, double target_offset,
                              sl_motion *out_motion);

/**
 * Sets (or, with NULL, removes) the visible-items handler of a section.
 *
 * @param handler the function, or NULL.
 * @param user_data passed back to the handler untouched.
 * @return SL_OK; SL_EINVAL for a NULL layout; SL_ERANGE for a bad section.
 *
 * **Ownership** The library keeps `user_data` without owning it; keep it alive while the
 * handler is set.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_set_visible_items_handler(sl_layout *layout, int32_t section,
                                               sl_visible_items_handler handler,
                                               void *user_data);

/**
 * Reads an item's normalised distance from the centre of its scroll container's viewport, in
 * group strides (negative before the centre, 0 when centred): what visible-item effects
 * interpolate by. O(1).
 *
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ERANGE for a bad section or item;
 *         SL_ESTATE if no container size is set.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_item_distance(const sl_layout *layout, int32_t section, int64_t item,
                                       double *out_distance);

/* ---------------------------------------------------------------------------------------------
 * Self-sizing (docs/SELF-SIZING.md)
 * ------------------------------------------------------------------------------------------- */

/** What reporting (or forgetting) a measured size changed. */
typedef struct sl_size_report {
    /** How far the main scroll offset moved so that the visible content stays in place (and
     *  the offset within the content): add it to the host's own scroll position. */
    double main_offset_adjustment;
    /** How far the item's section's orthogonal offset moved (0 for main-axis sections). */
    double section_offset_adjustment;
    /** The content size afterwards. */
    sl_size content_size;
} sl_size_report;

/** The largest measured width or height accepted, in points. */
#define SL_MAX_MEASURED_LENGTH 1000000.0

/**
 * Reports the size the host measured for a cell (UIKit's preferred layout attributes).
 *
 * Axes whose dimension is `estimated` or `uniformAcrossSiblings` take the measured length
 * (content insets are ignored on them); the other axis keeps the length the layout gives it.
 * A group follows its cells on its estimated axes, so a row takes its tallest cell. Every frame
 * after the cell moves, the content size and the rest positions follow, and the offsets move so
 * that the content at the leading edge of the visible bounds stays where it is: a size reported
 * above the viewport moves the offset with it (`out_report`). Unmeasured cells keep their
 * estimate. Sizes are kept in single precision (exact for multiples of 1/64 pt below 262,144).
 *
 * Costs O(log n) in the section's item count, plus O(log sections): only the section is solved
 * again (independent of item counts). Memory grows with the cells measured, not with the item count.
 * (A section paged by `"groupsPerPage": "fit"` finds its pages again: O(groups log groups), up
 * to 1,024 groups; docs/SNAPPING.md, "Pages of what fits".)
 *
 * @param layout the layout.
 * @param section the section index.
 * @param item the item index within the section.
 * @param width,height the measured size: finite, 0 ... SL_MAX_MEASURED_LENGTH.
 * @param[out] out_report receives what changed; may be NULL.
 * @return SL_OK; SL_EINVAL for a NULL layout or a bad size (the message names "width" or
 *         "height"), or a flow section that does not size its items (no estimatedItemSize) or
 *         holds more than 67,108,864 (2^26) items, too many to keep sizes of their own (path
 *         "section"); SL_ERANGE for a bad section or item index; SL_ESTATE if no container size
 *         is set. On failure nothing changes.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_report_item_size(sl_layout *layout, int32_t section, int64_t item,
                                      double width, double height, sl_size_report *out_report);

/**
 * Reports the sizes the host measured for cells `first` ..< `first + count` of a section, cell
 * `first + i` measuring `sizes[i]` (since 0.2). The layout ends as `count` calls of
 * sl_layout_report_item_size() in item order leave it, frame for frame, but as one change: the
 * section is solved again once, its flow lines break again once, and the visible content stays
 * in place once (`out_report` has the whole move). A host that measures a screenful of cells
 * after a layout pass, or every cell up front, pays for one report plus a little per cell
 * (docs/SELF-SIZING.md, "Many sizes at once").
 *
 * Costs O(count log n + the repetitions the cells touch), plus O(log sections).
 *
 * @param sizes `count` measured sizes in the host's orientation: finite, 0 ...
 *              SL_MAX_MEASURED_LENGTH; may be NULL when `count` is 0.
 * @param[out] out_report receives what changed; may be NULL.
 * @return SL_OK; SL_EINVAL for a NULL layout, NULL `sizes` with a `count`, a bad size (the
 *         message names "sizes/<i>/width" or "sizes/<i>/height"), or a flow section as
 *         sl_layout_report_item_size() refuses it ("section"); SL_ERANGE for a bad section,
 *         `first` ("first") or a range past the items ("count"); SL_ESTATE if no container size
 *         is set. On failure nothing changes.
 *
 * **Ownership** Nothing to free; `sizes` is read during the call only.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_report_item_sizes(sl_layout *layout, int32_t section, int64_t first,
                                       const sl_size *sizes, size_t count,
                                       sl_size_report *out_report);

/**
 * Forgets a cell's measured size: its estimate applies again. Forgetting a cell that has no
 * measured size changes nothing and succeeds.
 *
 * @return as sl_layout_report_item_size().
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_reset_item_size(sl_layout *layout, int32_t section, int64_t item,
                                     sl_size_report *out_report);

/**
 * Reads the size the host reported for a cell.
 *
 * @param[out] out_size receives the size (0 x 0 when not measured).
 * @param[out] out_measured receives 1 when the cell has a measured size, else 0.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ERANGE for a bad section or item index.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_measured_size(const sl_layout *layout, int32_t section, int64_t item,
                                       sl_size *out_size, int *out_measured);

/**
 * Reports the size the host measured for a boundary supplementary item (a section's header or
 * footer, or a layout-level one), named by its section and element kind id (sl_element.section
 * and sl_element.kind of its element).
 *
 * As for cells, only axes whose dimension is `estimated` take the measured length (content
 * insets are ignored on them); the item keeps its other lengths. A flow layout's header and
 * footer are estimated along the scroll axis when the flow layout has an `estimatedItemSize`
 * (their reference size is the estimate). The section grows or shrinks, everything after it
 * moves, and the offsets move so that the content at the leading edge of the visible bounds
 * stays where it is (`out_report`). Measured sizes stay with the section through data changes
 * (a section described anew keeps those of the kinds it still has).
 *
 * Costs O(the section's boundary items + log sections), independent of item counts: only the
 * section is solved again (docs/ARCHITECTURE.md, "Many sections").
 *
 * @param section the section index, or SL_SECTION_LAYOUT for a layout-level item.
 * @param kind the element kind id of one of the section's (or the layout's) boundary items.
 * @param width,height the measured size: finite, 0 ... SL_MAX_MEASURED_LENGTH.
 * @param[out] out_report receives what changed; may be NULL.
 * @return SL_OK; SL_EINVAL for a NULL layout or a bad size ("width", "height"); SL_ERANGE for a
 *         bad section ("section") or a kind that is not one of its boundary items ("kind");
 *         SL_ESTATE if no container size is set. On failure nothing changes.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_report_supplementary_size(sl_layout *layout, int32_t section, int32_t kind,
                                               double width, double height,
                                               sl_size_report *out_report);

/**
 * Forgets a boundary supplementary item's measured size: its estimate applies again.
 * Forgetting an item that has no measured size changes nothing and succeeds.
 *
 * @return as sl_layout_report_supplementary_size().
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_reset_supplementary_size(sl_layout *layout, int32_t section, int32_t kind,
                                              sl_size_report *out_report);

/**
 * Reads the size the host reported for a boundary supplementary item.
 *
 * @param section the section index, or SL_SECTION_LAYOUT.
 * @param kind the element kind id of one of its boundary items.
 * @param[out] out_size receives the size (0 x 0 when not measured).
 * @param[out] out_measured receives 1 when the item has a measured size, else 0.
 * @return SL_OK; SL_EINVAL for NULL arguments; SL_ERANGE for a bad section or kind.
 *
 * **Ownership** Nothing to free.
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_get_measured_supplementary_size(const sl_layout *layout, int32_t section,
                                                     int32_t kind, sl_size *out_size,
                                                     int *out_measured);

/**
 * Sets the sizes of items `first` ..< `first + count` of a flow layout section, as the flow
 * layout's delegate gives them (collectionView(_:layout:sizeForItemAt:)); the other items keep
 * theirs (the section's itemSize until given one). In a self-sizing section (estimatedItemSize)
 * they are the items' estimates: a measured item keeps its measured size until reset.
 *
 * Lines break again from the line before the first changed item until the breaks fall where
 * they were (docs/FLOW-LAYOUT.md); frames, the content size and the scroll containers follow,
 * and the visible content stays in place (the moves come back in `out_report`, may be NULL). A
 * flow section keeps sizes of its own for at most 67,108,864 items (16 bytes each, 32 while
 * items of a self-sizing section given sizes are measured, plus about 56 bytes per line of
 * items of their own sizes; a run of items of the flow's size costs 56 bytes in all). Sizes
 * given in chunks cost what one call costs: the lines of each chunk break again once.
 *
 * @param sizes `count` sizes in the host's orientation: finite, greater than 0, at most
 *              SL_MAX_MEASURED_LENGTH.
 * @return SL_OK; SL_EINVAL for NULL arguments (`sizes` may be NULL when `count` is 0), a bad
 *         size ("sizes/<i>/width", "sizes/<i>/height"), a compositional section or one too
 *         large to keep sizes for ("section"); SL_ERANGE for a bad section, `first` ("first")
 *         or a range past the items ("count"). On failure nothing changes.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_set_item_sizes(sl_layout *layout, int32_t section, int64_t first,
                                    const sl_size *sizes, size_t count,
                                    sl_size_report *out_report);

/* ---------------------------------------------------------------------------------------------
 * Live data changes
 * ------------------------------------------------------------------------------------------- */

/**
 * Sets a section's item count without re-creating the layout: items beyond the new count are
 * deleted from the end (and their measured sizes with them), new items are appended with their
 * estimates.
 *
 * The offsets move so that the item at the leading edge of the visible bounds stays in place
 * (a deleted one hands over to the next item that remains); an offset within its bounds is
 * clamped to the new ones. The moves come back in `out_report` (may be NULL). Without a
 * container size only the count changes. Costs O(the section's measured cells + log sections),
 * independent of item counts: only the section is solved again; except in a flow section whose
 * items have sizes of their own (itemSizes,
 * sl_layout_set_item_sizes or measured flow items): O(item count), which may then be at most
 * 67,108,864 (2^26).
 *
 * @return SL_OK; SL_EINVAL for a NULL layout, a negative count, or more than 2^26 items in a
 *         flow section whose items have sizes of their own ("count"); SL_ERANGE for a bad
 *         section. On failure nothing changes.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_set_item_count(sl_layout *layout, int32_t section, int64_t count,
                                    sl_size_report *out_report);

/**
 * Inserts `count` items before item `at` (`at` = the item count appends), as UIKit's
 * insertItems(at:): measured sizes of the items after `at` move with them. Anchoring and cost
 * as sl_layout_set_item_count().
 *
 * @return SL_OK; SL_EINVAL for a NULL layout, a negative count or an item count that would
 *         overflow ("count"); SL_ERANGE for a bad section or `at` ("at"). On failure nothing
 *         changes.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_insert_items(sl_layout *layout, int32_t section, int64_t at, int64_t count,
                                  sl_size_report *out_report);

/**
 * Deletes items `at ..< at + count`, as UIKit's deleteItems(at:): their measured sizes are
 * dropped, those of the items after them move down. Anchoring and cost as
 * sl_layout_set_item_count().
 *
 * @return SL_OK; SL_EINVAL for a NULL layout; SL_ERANGE for a bad section, `at` ("at") or a
 *         range past the last item ("count"). On failure nothing changes.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_delete_items(sl_layout *layout, int32_t section, int64_t at, int64_t count,
                                  sl_size_report *out_report);

/**
 * Moves an item, within its section or to another (UIKit's moveItem(at:to:)). `to_item` is its
 * index in the destination section afterwards; within one section the items between shift by
 * one toward the old place. The item's sizes move with it (docs/FLOW-LAYOUT.md, "Moving
 * items"): a measured size when the destination's items take measured sizes (a compositional
 * or self-sizing flow section), and between flow sections the size the host gave it
 * (itemSizes, sl_layout_set_item_sizes) when its section keeps sizes of its own — a destination
 * that keeps none then starts keeping them, its own item size for its other items. An item of a
 * section that keeps no sizes takes the destination's. Anchoring as sl_layout_set_item_count();
 * an anchor that is the moved item hands over to the item after it, and the item moved back
 * next to that one takes it again (docs/SELF-SIZING.md rule 7). The report sums both moves.
 *
 * @return SL_OK; SL_EINVAL for a NULL layout or a destination that cannot hold another item,
 *         or that holds more than 2^26 items and would have to keep the moved item's size of
 *         its own ("to"); SL_ERANGE for a bad section ("section"), `from_item` ("item") or `to_item`
 *         ("to", or "from"/"to" within one section). On failure nothing changes.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_move_item(sl_layout *layout, int32_t from_section, int64_t from_item,
                               int32_t to_section, int64_t to_item, sl_size_report *out_report);

/**
 * Inserts sections before section `at` (`at` = the section count appends), as UIKit's
 * insertSections(_:). `json` is a JSON array of section objects written as in the
 * configuration's "sections" (flow sections when the layout is a flow layout, with its
 * "flowLayout" properties as defaults). Their element kinds that are new get the next ids
 * (sl_layout_get_element_kind_count() grows; existing ids never change).
 *
 * Other sections keep their measured sizes, scroll offsets and visible-items handlers (which
 * follow their sections to their new indices). The main offset moves so that the content at
 * the leading edge of the visible bounds stays in place. Costs O(log sections) per section
 * inserted, plus each inserted section's own solve; the other sections are not solved again
 * (docs/ARCHITECTURE.md, "Many sections").
 *
 * @param json the sections (UTF-8 JSON); need not be NUL-terminated.
 * @param length the number of bytes of `json`; at most 64 MiB.
 * @return SL_OK; SL_EINVAL for NULL arguments or more than 100,000 sections in all ("count");
 *         SL_EPARSE for malformed JSON; SL_ECONFIG for an invalid section (JSON Pointer relative
 *         to `json`, e.g. "/0/itemCount"); SL_ERANGE for a bad `at` ("at"); solving errors as
 *         sl_layout_set_container_size(). On failure nothing changes.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_insert_sections(sl_layout *layout, int32_t at, const char *json,
                                     size_t length, sl_size_report *out_report);

/**
 * Deletes sections `at` ..< `at + count` (UIKit's deleteSections(_:)). Content at the leading
 * edge of the visible bounds that is deleted hands over to the start of the first section
 * after it, which stays in place. Otherwise as sl_layout_insert_sections().
 *
 * @return SL_OK; SL_EINVAL for a NULL layout; SL_ERANGE for a bad `at` ("at") or `count`
 *         ("count"). On failure nothing changes.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_delete_sections(sl_layout *layout, int32_t at, int32_t count,
                                     sl_size_report *out_report);

/**
 * Moves section `from` to index `to` (UIKit's moveSection(_:toSection:)), with its measured
 * sizes, offset and handler. Otherwise as sl_layout_insert_sections().
 *
 * @return SL_OK; SL_EINVAL for a NULL layout; SL_ERANGE for a bad `from` or `to` (named).
 *         On failure nothing changes.
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_move_section(sl_layout *layout, int32_t from, int32_t to,
                                  sl_size_report *out_report);

/**
 * Replaces the description of section `section` (UIKit's reloadSections(_:) with a new
 * NSCollectionLayoutSection): `json` is one section object, as in sl_layout_insert_sections().
 * Measured sizes of the items that remain are kept when the new description is of the same kind
 * (compositional, or self-sizing flow); its orthogonal offset is kept when it still scrolls
 * orthogonally; its handler stays. Content of the section at the leading edge of the visible
 * bounds hands over to the section's start, which stays in place.
 *
 * @return SL_OK; as sl_layout_insert_sections(), with SL_ERANGE for a bad `section`
 *         ("section") and JSON Pointers relative to the one object ("/itemCount").
 *
 * **Thread safety** Changes the layout: exclusive access.
 */
SL_API int sl_layout_replace_section(sl_layout *layout, int32_t section, const char *json,
                                     size_t length, sl_size_report *out_report);

/* ---------------------------------------------------------------------------------------------
 * JSON output
 * ------------------------------------------------------------------------------------------- */

/**
 * Describes the solved layout as JSON: content size, sections and every element in a rect.
 *
 * The text is one object:
 * {"container", "contentSize": {"width", "height"}, "sections": [{"frame", "itemCount", ...}],
 *  "scrollContainers": [{"container", "offset", "minOffset", "maxOffset", ...}],
 *  "elements": [{"category", "kind", "section", "item", "frame", "zIndex"}, ...]}
 * with elements in the order of sl_layout_get_elements_in_rect(); "alpha", "scale" and
 * "pinned" appear on elements whose effects or pinning change them.
 *
 * @param layout the layout.
 * @param rect only elements intersecting this rect, or NULL for every element (including the
 *             cells of orthogonal sections scrolled outside the content rect).
 * @param[out] out_json receives a NUL-terminated UTF-8 string.
 * @param[out] out_length receives its length without the NUL; may be NULL.
 * @return SL_OK; SL_EINVAL for NULL arguments or a bad rect; SL_ESTATE if no container size is
 *         set; SL_ERANGE if more than 4,194,304 elements would be written (pass a rect).
 *
 * **Ownership** The caller frees `*out_json` with sl_free().
 *
 * **Thread safety** Read-only.
 */
SL_API int sl_layout_copy_json(const sl_layout *layout, const sl_rect *rect, char **out_json,
                               size_t *out_length);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SNAPLAYOUT_H */
