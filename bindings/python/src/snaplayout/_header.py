"""The declarations of ``include/snaplayout.h`` in ctypes: constants, structs, prototypes.

Plain data: this module loads nothing and imports nothing of the package, so the value types
(:mod:`snaplayout.values`) and the exceptions (:mod:`snaplayout.errors`) can use the header's
numbers and struct layouts. :mod:`snaplayout.lowlevel` re-exports everything here and adds the
loading; use it, not this module.
"""

from __future__ import annotations

import ctypes
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_char,
    c_char_p,
    c_double,
    c_int,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_void_p,
)
from typing import Any, Dict, Optional, Tuple, Type

_IMPORTED = frozenset(globals())

# ---------------------------------------------------------------------------------------------
# Version
# ---------------------------------------------------------------------------------------------

SL_VERSION_MAJOR = 0
SL_VERSION_MINOR = 2
SL_VERSION_PATCH = 0
#: The version as one number: MAJOR * 1000000 + MINOR * 1000 + PATCH.
SL_VERSION_NUMBER = SL_VERSION_MAJOR * 1000000 + SL_VERSION_MINOR * 1000 + SL_VERSION_PATCH
SL_VERSION_STRING = "0.2.0"
#: The "version" value of the JSON configuration format the library reads.
SL_CONFIG_VERSION = 1

# ---------------------------------------------------------------------------------------------
# Status codes
# ---------------------------------------------------------------------------------------------

SL_OK = 0
#: An argument is invalid: a NULL pointer, a NaN or infinite number, a negative size.
SL_EINVAL = -1
#: The configuration text is not well-formed JSON (line and column in sl_error_last()).
SL_EPARSE = -2
#: The configuration is well-formed JSON but not a valid layout (JSON Pointer in the error).
SL_ECONFIG = -3
#: An index (section, item, element kind) is outside its valid range.
SL_ERANGE = -4
#: A caller-supplied buffer is too small; the count needed has been written.
SL_EBUFS = -5
#: Memory could not be allocated.
SL_ENOMEM = -6
#: The call is not valid in the layout's current state (e.g. no container size yet).
SL_ESTATE = -7
#: A looked-up name does not exist.
SL_ENOTFOUND = -8

#: The names of the status codes above, by value.
STATUS_NAMES: Dict[int, str] = {
    SL_OK: "SL_OK",
    SL_EINVAL: "SL_EINVAL",
    SL_EPARSE: "SL_EPARSE",
    SL_ECONFIG: "SL_ECONFIG",
    SL_ERANGE: "SL_ERANGE",
    SL_EBUFS: "SL_EBUFS",
    SL_ENOMEM: "SL_ENOMEM",
    SL_ESTATE: "SL_ESTATE",
    SL_ENOTFOUND: "SL_ENOTFOUND",
}

# ---------------------------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------------------------


class sl_layout(Structure):
    """The opaque layout (``typedef struct sl_layout sl_layout``): only pointers to it exist."""


class sl_rect(Structure):
    _fields_ = [
        ("x", c_double),
        ("y", c_double),
        ("width", c_double),
        ("height", c_double),
    ]


class sl_size(Structure):
    _fields_ = [
        ("width", c_double),
        ("height", c_double),
    ]


class sl_transform(Structure):
    _fields_ = [
        ("a", c_double),
        ("b", c_double),
        ("c", c_double),
        ("d", c_double),
        ("tx", c_double),
        ("ty", c_double),
    ]


#: Element categories (sl_element.category).
SL_ELEMENT_CELL = 0
SL_ELEMENT_SUPPLEMENTARY = 1
SL_ELEMENT_DECORATION = 2

#: The element kind of cells (sl_element.kind); other kinds are ids >= 0 of the config's names.
SL_KIND_CELL = -1

#: The section index of layout-level boundary supplementary items (sl_element.section).
SL_SECTION_LAYOUT = -1

#: sl_element.flags bits.
SL_ELEMENT_FLAG_HIDDEN = 0x1
SL_ELEMENT_FLAG_PINNED = 0x2


class sl_element(Structure):
    _fields_ = [
        ("frame", sl_rect),
        ("transform", sl_transform),
        ("alpha", c_double),
        ("item", c_int64),
        ("section", c_int32),
        ("category", c_int32),
        ("kind", c_int32),
        ("z_index", c_int32),
        ("flags", c_uint32),
        ("copy", c_int32),
    ]


#: Orthogonal scrolling behaviours (sl_section_info.orthogonal_scrolling_behavior).
SL_ORTHOGONAL_NONE = 0
SL_ORTHOGONAL_CONTINUOUS = 1
SL_ORTHOGONAL_CONTINUOUS_GROUP_LEADING_BOUNDARY = 2
SL_ORTHOGONAL_PAGING = 3
SL_ORTHOGONAL_GROUP_PAGING = 4
SL_ORTHOGONAL_GROUP_PAGING_CENTERED = 5


class sl_section_info(Structure):
    _fields_ = [
        ("frame", sl_rect),
        ("item_count", c_int64),
        ("group_count", c_int64),
        ("items_per_group", c_int32),
        ("orthogonal_scrolling_behavior", c_int32),
        ("orthogonal_content_length", c_double),
        ("orthogonal_offset", c_double),
    ]


#: The container id of the layout's main scroll.
SL_SCROLL_MAIN = -1

#: What a container rests on (sl_scroll_info.snap_unit).
SL_SNAP_NONE = 0
SL_SNAP_PAGE = 1
SL_SNAP_ITEM = 2
SL_SNAP_GROUP = 3

#: sl_scroll_info.bounce.
SL_BOUNCE_AUTOMATIC = 0
SL_BOUNCE_ALWAYS = 1
SL_BOUNCE_NEVER = 2


class sl_scroll_info(Structure):
    _fields_ = [
        ("viewport_length", c_double),
        ("content_length", c_double),
        ("inset_leading", c_double),
        ("inset_trailing", c_double),
        ("min_offset", c_double),
        ("max_offset", c_double),
        ("offset", c_double),
        ("deceleration_rate", c_double),
        ("snap_count", c_int64),
        ("container", c_int32),
        ("horizontal", c_int32),
        ("orthogonal_scrolling_behavior", c_int32),
        ("snap_unit", c_int32),
        ("max_pages_per_gesture", c_int32),
        ("bounce", c_int32),
    ]


class sl_loop_info(Structure):
    _fields_ = [
        ("requested", c_int32),
        ("active", c_int32),
        ("period", c_double),
        ("start", c_double),
    ]


#: Version of sl_scroll_release: set `version` to this.
SL_SCROLL_RELEASE_VERSION = 1
#: sl_scroll_release.flags: `reference_snap` is set.
SL_RELEASE_HAS_REFERENCE = 0x1

#: sl_layout_get_offset_to_show_item alignments.
SL_ALIGN_START = 0
SL_ALIGN_CENTER = 1
SL_ALIGN_END = 2
SL_ALIGN_NEAREST = 3

#: sl_layout_navigate actions.
SL_NAVIGATE_NEXT = 1
SL_NAVIGATE_PREVIOUS = 2
SL_NAVIGATE_TO = 3
SL_NAVIGATE_FIRST = 4
SL_NAVIGATE_LAST = 5


class sl_scroll_release(Structure):
    _fields_ = [
        ("version", c_uint32),
        ("flags", c_uint32),
        ("start_offset", c_double),
        ("release_offset", c_double),
        ("velocity", c_double),
        ("reference_snap", c_int64),
    ]


#: Motion kinds (sl_motion.kind).
SL_MOTION_NONE = 0
SL_MOTION_DECAY = 1
SL_MOTION_SPRING = 2


class sl_motion(Structure):
    _fields_ = [
        ("kind", c_int32),
        ("reserved", c_int32),
        ("start_offset", c_double),
        ("start_velocity", c_double),
        ("target_offset", c_double),
        ("duration", c_double),
        ("decay", c_double),
        ("omega", c_double),
        ("damping_ratio", c_double),
        ("epsilon_offset", c_double),
        ("epsilon_velocity", c_double),
        ("landing_min_rate", c_double),
        ("landing_max_rate", c_double),
    ]


class sl_motion_state(Structure):
    _fields_ = [
        ("offset", c_double),
        ("velocity", c_double),
        ("settled", c_int32),
        ("reserved", c_int32),
    ]


class sl_snap_result(Structure):
    _fields_ = [
        ("target_offset", c_double),
        ("release_progress", c_double),
        ("snap_index", c_int64),
        ("reference_snap", c_int64),
        ("item", c_int64),
        ("section", c_int32),
        ("reserved", c_int32),
        ("motion", sl_motion),
    ]


#: Version of sl_scroll_input: set `version` to this.
SL_SCROLL_INPUT_VERSION = 1
#: sl_scroll_input.device: a wheel that turns in notches.
SL_INPUT_WHEEL = 1
#: sl_scroll_input.device: a touchpad or smooth wheel.
SL_INPUT_TOUCHPAD = 2
#: sl_scroll_input.flags: the touchpad gesture ended.
SL_INPUT_END = 0x1


class sl_scroll_input(Structure):
    _fields_ = [
        ("version", c_uint32),
        ("device", c_int32),
        ("flags", c_uint32),
        ("reserved", c_uint32),
        ("delta", c_double),
        ("time", c_double),
    ]


class sl_scroll_input_result(Structure):
    _fields_ = [
        ("offset", c_double),
        ("has_motion", c_int32),
        ("reserved", c_int32),
        ("result", sl_snap_result),
    ]


class sl_snap_position(Structure):
    _fields_ = [
        ("progress", c_double),
        ("index", c_int64),
        ("item", c_int64),
        ("section", c_int32),
        ("reserved", c_int32),
    ]


class sl_visible_items_context(Structure):
    _fields_ = [
        ("section", c_int32),
        ("container", c_int32),
        ("offset", c_double),
        ("viewport_length", c_double),
        ("content_length", c_double),
    ]


# typedef void (*sl_visible_items_handler)(void *user_data, const sl_visible_items_context *context,
#                                          sl_element *elements, size_t count);
sl_visible_items_handler = CFUNCTYPE(
    None, c_void_p, POINTER(sl_visible_items_context), POINTER(sl_element), c_size_t
)


class sl_error(Structure):
    _fields_ = [
        ("code", c_int),
        ("message", c_char_p),
        ("path", c_char_p),
        ("line", c_int32),
        ("column", c_int32),
    ]


class sl_size_report(Structure):
    _fields_ = [
        ("main_offset_adjustment", c_double),
        ("section_offset_adjustment", c_double),
        ("content_size", sl_size),
    ]


#: The largest measured width or height accepted, in points.
SL_MAX_MEASURED_LENGTH = 1000000.0

#: Every struct of the header, by its C name.
STRUCTS: Dict[str, Type[Structure]] = {
    "sl_rect": sl_rect,
    "sl_size": sl_size,
    "sl_transform": sl_transform,
    "sl_element": sl_element,
    "sl_section_info": sl_section_info,
    "sl_scroll_info": sl_scroll_info,
    "sl_loop_info": sl_loop_info,
    "sl_scroll_release": sl_scroll_release,
    "sl_motion": sl_motion,
    "sl_motion_state": sl_motion_state,
    "sl_snap_result": sl_snap_result,
    "sl_snap_position": sl_snap_position,
    "sl_scroll_input": sl_scroll_input,
    "sl_scroll_input_result": sl_scroll_input_result,
    "sl_visible_items_context": sl_visible_items_context,
    "sl_error": sl_error,
    "sl_size_report": sl_size_report,
}

# ---------------------------------------------------------------------------------------------
# Functions
# ---------------------------------------------------------------------------------------------

sl_layout_p = POINTER(sl_layout)
#: ``char *`` that the caller must free with sl_free (c_char_p would copy and lose the pointer).
char_p_owned = POINTER(c_char)

CType = Any
#: Every function of the header: name -> (restype, argtypes).
PROTOTYPES: Dict[str, Tuple[Optional[CType], Tuple[CType, ...]]] = {}


def _prototype(name: str, restype: Optional[CType], *argtypes: CType) -> None:
    PROTOTYPES[name] = (restype, argtypes)


# Library information and errors

# int sl_version_number(void);
_prototype("sl_version_number", c_int)
# const char *sl_version_string(void);
_prototype("sl_version_string", c_char_p)
# const char *sl_status_string(int status);
_prototype("sl_status_string", c_char_p, c_int)
# const sl_error *sl_error_last(void);
_prototype("sl_error_last", POINTER(sl_error))
# void sl_error_clear(void);
_prototype("sl_error_clear", None)
# void sl_free(void *memory);
_prototype("sl_free", None, c_void_p)

# Creating and sizing a layout

# int sl_layout_create(const char *json, size_t length, sl_layout **out_layout);
_prototype("sl_layout_create", c_int, c_char_p, c_size_t, POINTER(sl_layout_p))
# void sl_layout_destroy(sl_layout *layout);
_prototype("sl_layout_destroy", None, sl_layout_p)
# int sl_layout_set_container_size(sl_layout *layout, double width, double height);
_prototype("sl_layout_set_container_size", c_int, sl_layout_p, c_double, c_double)
# int sl_layout_get_container_size(const sl_layout *layout, sl_size *out_size);
_prototype("sl_layout_get_container_size", c_int, sl_layout_p, POINTER(sl_size))
# int sl_layout_get_content_size(const sl_layout *layout, sl_size *out_size);
_prototype("sl_layout_get_content_size", c_int, sl_layout_p, POINTER(sl_size))

# Sections and items

# int sl_layout_get_section_count(const sl_layout *layout, int32_t *out_count);
_prototype("sl_layout_get_section_count", c_int, sl_layout_p, POINTER(c_int32))
# int sl_layout_get_item_count(const sl_layout *layout, int32_t section, int64_t *out_count);
_prototype("sl_layout_get_item_count", c_int, sl_layout_p, c_int32, POINTER(c_int64))
# int sl_layout_get_section_variant(const sl_layout *layout, int32_t section,
#                                   int32_t *out_variant);
_prototype("sl_layout_get_section_variant", c_int, sl_layout_p, c_int32, POINTER(c_int32))
# int sl_layout_get_section_info(const sl_layout *layout, int32_t section,
#                                sl_section_info *out_info);
_prototype("sl_layout_get_section_info", c_int, sl_layout_p, c_int32, POINTER(sl_section_info))
# int sl_layout_get_item_frame(const sl_layout *layout, int32_t section, int64_t item,
#                              sl_rect *out_frame);
_prototype("sl_layout_get_item_frame", c_int, sl_layout_p, c_int32, c_int64, POINTER(sl_rect))
# int sl_layout_get_item_frames(const sl_layout *layout, int32_t section, int64_t first,
#                               int64_t count, sl_rect *out_frames);
_prototype(
    "sl_layout_get_item_frames", c_int, sl_layout_p, c_int32, c_int64, c_int64, POINTER(sl_rect)
)
# int sl_layout_get_elements_in_rect(const sl_layout *layout, sl_rect rect, sl_element *elements,
#                                    size_t capacity, size_t *out_count);
_prototype(
    "sl_layout_get_elements_in_rect",
    c_int,
    sl_layout_p,
    sl_rect,
    POINTER(sl_element),
    c_size_t,
    POINTER(c_size_t),
)
# int sl_layout_get_element_kind_count(const sl_layout *layout, int32_t *out_count);
_prototype("sl_layout_get_element_kind_count", c_int, sl_layout_p, POINTER(c_int32))
# int sl_layout_get_element_kind_name(const sl_layout *layout, int32_t kind,
#                                     const char **out_name);
_prototype("sl_layout_get_element_kind_name", c_int, sl_layout_p, c_int32, POINTER(c_char_p))
# int sl_layout_find_element_kind(const sl_layout *layout, const char *name, int32_t *out_kind);
_prototype("sl_layout_find_element_kind", c_int, sl_layout_p, c_char_p, POINTER(c_int32))

# Orthogonal sections

# int sl_layout_set_section_offset(sl_layout *layout, int32_t section, double offset);
_prototype("sl_layout_set_section_offset", c_int, sl_layout_p, c_int32, c_double)
# int sl_layout_get_section_offset(const sl_layout *layout, int32_t section, double *out_offset);
_prototype("sl_layout_get_section_offset", c_int, sl_layout_p, c_int32, POINTER(c_double))

# Scrolling and snapping

# int sl_layout_get_scroll_info(const sl_layout *layout, int32_t container,
#                               sl_scroll_info *out_info);
_prototype("sl_layout_get_scroll_info", c_int, sl_layout_p, c_int32, POINTER(sl_scroll_info))
# int sl_layout_get_loop_info(const sl_layout *layout, int32_t container,
#                             sl_loop_info *out_info);
_prototype("sl_layout_get_loop_info", c_int, sl_layout_p, c_int32, POINTER(sl_loop_info))
# int sl_layout_get_canonical_offset(const sl_layout *layout, int32_t container, double offset,
#                                    double *out_offset, double *out_shift);
_prototype(
    "sl_layout_get_canonical_offset",
    c_int,
    sl_layout_p,
    c_int32,
    c_double,
    POINTER(c_double),
    POINTER(c_double),
)
# int sl_layout_set_scroll_offset(sl_layout *layout, int32_t container, double offset);
_prototype("sl_layout_set_scroll_offset", c_int, sl_layout_p, c_int32, c_double)
# int sl_layout_get_scroll_offset(const sl_layout *layout, int32_t container, double *out_offset);
_prototype("sl_layout_get_scroll_offset", c_int, sl_layout_p, c_int32, POINTER(c_double))
# int sl_layout_resolve_scroll(const sl_layout *layout, int32_t container,
#                              const sl_scroll_release *release, sl_snap_result *out_result);
_prototype(
    "sl_layout_resolve_scroll",
    c_int,
    sl_layout_p,
    c_int32,
    POINTER(sl_scroll_release),
    POINTER(sl_snap_result),
)
# int sl_layout_get_snap_position(const sl_layout *layout, int32_t container, double offset,
#                                 sl_snap_position *out_position);
_prototype(
    "sl_layout_get_snap_position", c_int, sl_layout_p, c_int32, c_double, POINTER(sl_snap_position)
)
# int sl_layout_get_snap_offsets(const sl_layout *layout, int32_t container, int64_t first,
#                                double *offsets, size_t capacity, size_t *out_count);
_prototype(
    "sl_layout_get_snap_offsets",
    c_int,
    sl_layout_p,
    c_int32,
    c_int64,
    POINTER(c_double),
    c_size_t,
    POINTER(c_size_t),
)
# int sl_layout_get_snap_range(const sl_layout *layout, int32_t container, int64_t index,
#                              double *out_low, double *out_high);
_prototype(
    "sl_layout_get_snap_range",
    c_int,
    sl_layout_p,
    c_int32,
    c_int64,
    POINTER(c_double),
    POINTER(c_double),
)
# int sl_layout_get_offset_for_item(const sl_layout *layout, int32_t container, int32_t section,
#                                   int64_t item, double *out_offset, int64_t *out_snap);
_prototype(
    "sl_layout_get_offset_for_item",
    c_int,
    sl_layout_p,
    c_int32,
    c_int32,
    c_int64,
    POINTER(c_double),
    POINTER(c_int64),
)
# int sl_layout_get_offset_to_show_item(const sl_layout *layout, int32_t container,
#                                       int32_t section, int64_t item, int32_t alignment,
#                                       double *out_offset, int64_t *out_snap);
_prototype(
    "sl_layout_get_offset_to_show_item",
    c_int,
    sl_layout_p,
    c_int32,
    c_int32,
    c_int64,
    c_int32,
    POINTER(c_double),
    POINTER(c_int64),
)
# int sl_layout_get_reference_snap(const sl_layout *layout, int32_t container, double touch_offset,
#                                  const sl_motion *in_flight, double time, int64_t *out_snap);
_prototype(
    "sl_layout_get_reference_snap",
    c_int,
    sl_layout_p,
    c_int32,
    c_double,
    POINTER(sl_motion),
    c_double,
    POINTER(c_int64),
)
# int sl_layout_navigate(const sl_layout *layout, int32_t container, int32_t action,
#                        int64_t argument, const sl_motion *in_flight, double time,
#                        sl_snap_result *out_result);
_prototype(
    "sl_layout_navigate",
    c_int,
    sl_layout_p,
    c_int32,
    c_int32,
    c_int64,
    POINTER(sl_motion),
    c_double,
    POINTER(sl_snap_result),
)
# int sl_layout_get_selected_snap(const sl_layout *layout, int32_t container,
#                                 const sl_motion *in_flight, double time, int64_t *out_index);
_prototype(
    "sl_layout_get_selected_snap",
    c_int,
    sl_layout_p,
    c_int32,
    POINTER(sl_motion),
    c_double,
    POINTER(c_int64),
)
# int sl_layout_jump_to_snap(sl_layout *layout, int32_t container, int64_t index);
_prototype("sl_layout_jump_to_snap", c_int, sl_layout_p, c_int32, c_int64)
# int sl_layout_set_scroll_target(sl_layout *layout, int32_t container, double target_offset);
_prototype("sl_layout_set_scroll_target", c_int, sl_layout_p, c_int32, c_double)
# int sl_layout_clear_scroll_target(sl_layout *layout, int32_t container);
_prototype("sl_layout_clear_scroll_target", c_int, sl_layout_p, c_int32)
# int sl_layout_get_scroll_target(const sl_layout *layout, int32_t container,
#                                 double *out_target, int32_t *out_has_target);
_prototype(
    "sl_layout_get_scroll_target",
    c_int,
    sl_layout_p,
    c_int32,
    POINTER(c_double),
    POINTER(c_int32),
)
# int sl_layout_retarget_motion(sl_layout *layout, int32_t container,
#                               const sl_motion *in_flight, double time, sl_motion *out_motion);
_prototype(
    "sl_layout_retarget_motion",
    c_int,
    sl_layout_p,
    c_int32,
    POINTER(sl_motion),
    c_double,
    POINTER(sl_motion),
)
# int sl_layout_scroll_input(sl_layout *layout, int32_t container, const sl_scroll_input *input,
#                            const sl_motion *in_flight, double time,
#                            sl_scroll_input_result *out_result);
_prototype(
    "sl_layout_scroll_input",
    c_int,
    sl_layout_p,
    c_int32,
    POINTER(sl_scroll_input),
    POINTER(sl_motion),
    c_double,
    POINTER(sl_scroll_input_result),
)
# int sl_motion_sample(const sl_motion *motion, double time, sl_motion_state *out_state);
_prototype("sl_motion_sample", c_int, POINTER(sl_motion), c_double, POINTER(sl_motion_state))
# int sl_motion_retarget(const sl_motion *motion, double time, double target_offset,
#                        sl_motion *out_motion);
_prototype("sl_motion_retarget", c_int, POINTER(sl_motion), c_double, c_double, POINTER(sl_motion))
# int sl_layout_set_visible_items_handler(sl_layout *layout, int32_t section,
#                                         sl_visible_items_handler handler, void *user_data);
_prototype(
    "sl_layout_set_visible_items_handler",
    c_int,
    sl_layout_p,
    c_int32,
    sl_visible_items_handler,
    c_void_p,
)
# int sl_layout_get_item_distance(const sl_layout *layout, int32_t section, int64_t item,
#                                 double *out_distance);
_prototype("sl_layout_get_item_distance", c_int, sl_layout_p, c_int32, c_int64, POINTER(c_double))

# Self-sizing

# int sl_layout_report_item_size(sl_layout *layout, int32_t section, int64_t item, double width,
#                                double height, sl_size_report *out_report);
_prototype(
    "sl_layout_report_item_size",
    c_int,
    sl_layout_p,
    c_int32,
    c_int64,
    c_double,
    c_double,
    POINTER(sl_size_report),
)
# int sl_layout_report_item_sizes(sl_layout *layout, int32_t section, int64_t first,
#                                 const sl_size *sizes, size_t count,
#                                 sl_size_report *out_report);
_prototype(
    "sl_layout_report_item_sizes",
    c_int,
    sl_layout_p,
    c_int32,
    c_int64,
    POINTER(sl_size),
    c_size_t,
    POINTER(sl_size_report),
)
# int sl_layout_reset_item_size(sl_layout *layout, int32_t section, int64_t item,
#                               sl_size_report *out_report);
_prototype(
    "sl_layout_reset_item_size", c_int, sl_layout_p, c_int32, c_int64, POINTER(sl_size_report)
)
# int sl_layout_get_measured_size(const sl_layout *layout, int32_t section, int64_t item,
#                                 sl_size *out_size, int *out_measured);
_prototype(
    "sl_layout_get_measured_size",
    c_int,
    sl_layout_p,
    c_int32,
    c_int64,
    POINTER(sl_size),
    POINTER(c_int),
)
# int sl_layout_report_supplementary_size(sl_layout *layout, int32_t section, int32_t kind,
#                                         double width, double height,
#                                         sl_size_report *out_report);
_prototype(
    "sl_layout_report_supplementary_size",
    c_int,
    sl_layout_p,
    c_int32,
    c_int32,
    c_double,
    c_double,
    POINTER(sl_size_report),
)
# int sl_layout_reset_supplementary_size(sl_layout *layout, int32_t section, int32_t kind,
#                                        sl_size_report *out_report);
_prototype(
    "sl_layout_reset_supplementary_size",
    c_int,
    sl_layout_p,
    c_int32,
    c_int32,
    POINTER(sl_size_report),
)
# int sl_layout_get_measured_supplementary_size(const sl_layout *layout, int32_t section,
#                                               int32_t kind, sl_size *out_size,
#                                               int *out_measured);
_prototype(
    "sl_layout_get_measured_supplementary_size",
    c_int,
    sl_layout_p,
    c_int32,
    c_int32,
    POINTER(sl_size),
    POINTER(c_int),
)
# int sl_layout_set_item_sizes(sl_layout *layout, int32_t section, int64_t first,
#                              const sl_size *sizes, size_t count, sl_size_report *out_report);
_prototype(
    "sl_layout_set_item_sizes",
    c_int,
    sl_layout_p,
    c_int32,
    c_int64,
    POINTER(sl_size),
    c_size_t,
    POINTER(sl_size_report),
)

# Live data changes

# int sl_layout_set_item_count(sl_layout *layout, int32_t section, int64_t count,
#                              sl_size_report *out_report);
_prototype(
    "sl_layout_set_item_count", c_int, sl_layout_p, c_int32, c_int64, POINTER(sl_size_report)
)
# int sl_layout_insert_items(sl_layout *layout, int32_t section, int64_t at, int64_t count,
#                            sl_size_report *out_report);
_prototype(
    "sl_layout_insert_items",
    c_int,
    sl_layout_p,
    c_int32,
    c_int64,
    c_int64,
    POINTER(sl_size_report),
)
# int sl_layout_delete_items(sl_layout *layout, int32_t section, int64_t at, int64_t count,
#                            sl_size_report *out_report);
_prototype(
    "sl_layout_delete_items",
    c_int,
    sl_layout_p,
    c_int32,
    c_int64,
    c_int64,
    POINTER(sl_size_report),
)
# int sl_layout_move_item(sl_layout *layout, int32_t from_section, int64_t from_item,
#                         int32_t to_section, int64_t to_item, sl_size_report *out_report);
_prototype(
    "sl_layout_move_item",
    c_int,
    sl_layout_p,
    c_int32,
    c_int64,
    c_int32,
    c_int64,
    POINTER(sl_size_report),
)
# int sl_layout_insert_sections(sl_layout *layout, int32_t at, const char *json, size_t length,
#                               sl_size_report *out_report);
_prototype(
    "sl_layout_insert_sections",
    c_int,
    sl_layout_p,
    c_int32,
    c_char_p,
    c_size_t,
    POINTER(sl_size_report),
)
# int sl_layout_delete_sections(sl_layout *layout, int32_t at, int32_t count,
#                               sl_size_report *out_report);
_prototype(
    "sl_layout_delete_sections", c_int, sl_layout_p, c_int32, c_int32, POINTER(sl_size_report)
)
# int sl_layout_move_section(sl_layout *layout, int32_t from, int32_t to,
#                            sl_size_report *out_report);
_prototype("sl_layout_move_section", c_int, sl_layout_p, c_int32, c_int32, POINTER(sl_size_report))
# int sl_layout_replace_section(sl_layout *layout, int32_t section, const char *json,
#                               size_t length, sl_size_report *out_report);
_prototype(
    "sl_layout_replace_section",
    c_int,
    sl_layout_p,
    c_int32,
    c_char_p,
    c_size_t,
    POINTER(sl_size_report),
)

# JSON output

# int sl_layout_copy_json(const sl_layout *layout, const sl_rect *rect, char **out_json,
#                         size_t *out_length);
_prototype(
    "sl_layout_copy_json",
    c_int,
    sl_layout_p,
    POINTER(sl_rect),
    POINTER(char_p_owned),
    POINTER(c_size_t),
)


def bind(cdll: ctypes.CDLL) -> ctypes.CDLL:
    """Applies :data:`PROTOTYPES` to a loaded library (restype and argtypes of every function).

    Raises AttributeError naming the first function the library does not export.
    """
    for name, (restype, argtypes) in PROTOTYPES.items():
        function = getattr(cdll, name)
        function.restype = restype
        function.argtypes = argtypes
    return cdll


#: Every name this module declares (not the names it imports).
__all__ = sorted(name for name in globals() if not name.startswith("_") and name not in _IMPORTED)
