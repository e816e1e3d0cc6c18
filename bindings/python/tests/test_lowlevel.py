"""The low-level module used directly, as C code would use the header."""

from __future__ import annotations

import ctypes
import json
from ctypes import byref

from conftest import grid_config
from snaplayout import ElementCategory, MotionKind, OrthogonalScrollingBehavior
from snaplayout import lowlevel as ll


def test_the_c_example_in_python() -> None:
    text = json.dumps(grid_config()).encode()
    layout = ll.sl_layout_p()
    assert ll.sl_layout_create(text, len(text), byref(layout)) == ll.SL_OK
    try:
        assert ll.sl_layout_set_container_size(layout, 390, 844) == ll.SL_OK
        frame = ll.sl_rect()
        assert ll.sl_layout_get_item_frame(layout, 0, 42, byref(frame)) == ll.SL_OK
        assert (frame.x, frame.y, frame.width, frame.height) == (0, 1820, 130, 130)

        # The two-call pattern; a short buffer is filled and SL_EBUFS gives the count.
        viewport = ll.sl_rect(0, 0, 390, 844)
        count = ctypes.c_size_t()
        assert (
            ll.sl_layout_get_elements_in_rect(layout, viewport, None, 0, byref(count)) == ll.SL_OK
        )
        assert count.value == 21  # rows 0 ... 6 (the 7th ends at 910, starting at 780 < 844)
        short = (ll.sl_element * 4)()
        assert (
            ll.sl_layout_get_elements_in_rect(layout, viewport, short, 4, byref(count))
            == ll.SL_EBUFS
        )
        assert count.value == 21 and short[3].item == 3 and short[3].category == ll.SL_ELEMENT_CELL

        # Memory the library hands over is freed with sl_free.
        out = ll.char_p_owned()
        length = ctypes.c_size_t()
        assert (
            ll.sl_layout_copy_json(layout, byref(viewport), byref(out), byref(length)) == ll.SL_OK
        )
        document = json.loads(ctypes.string_at(out, length.value))
        ll.sl_free(out)
        assert len(document["elements"]) == 21

        # Failures fill the thread's error record.
        ll.sl_error_clear()
        assert ll.sl_layout_get_item_frame(layout, 0, 100, byref(frame)) == ll.SL_ERANGE
        record = ll.sl_error_last().contents
        assert (record.code, record.path) == (ll.SL_ERANGE, b"item") and b"100" in record.message
        assert frame.y == 1820  # outputs untouched on failure
        ll.sl_error_clear()
        assert ll.sl_error_last().contents.code == ll.SL_OK
        assert ll.sl_status_string(ll.SL_ERANGE) == ll.library().sl_status_string(-4)
    finally:
        ll.sl_layout_destroy(layout)
    ll.sl_layout_destroy(None)  # accepted, as in C


def test_struct_defaults_and_versions() -> None:
    release = ll.sl_scroll_release(version=ll.SL_SCROLL_RELEASE_VERSION)
    assert release.flags == 0 and release.velocity == 0
    assert ll.SL_VERSION_NUMBER == 2000 and ll.SL_SCROLL_MAIN == ll.SL_SECTION_LAYOUT == -1


def test_enums_keep_values_a_newer_library_adds() -> None:
    unknown = ElementCategory(7)
    assert unknown == 7 and unknown.name == "UNKNOWN_7" and unknown.config_name == "unknown_7"
    assert ElementCategory(7) is unknown and list(ElementCategory) == [0, 1, 2]
    assert (
        OrthogonalScrollingBehavior(ll.SL_ORTHOGONAL_CONTINUOUS_GROUP_LEADING_BOUNDARY).config_name
        == "continuousGroupLeadingBoundary"
    )
    assert MotionKind(ll.SL_MOTION_SPRING) is MotionKind.SPRING
