"""Errors: status, name, message and JSON Pointer; bad Python input never reaches C unchecked."""

from __future__ import annotations

import math
import pickle
from typing import Any, Callable

import pytest

import snaplayout
from conftest import grid_config
from snaplayout import (
    ConfigError,
    InvalidArgumentError,
    Layout,
    ParseError,
    RangeError,
    SnapLayoutError,
    StateError,
)
from snaplayout import lowlevel as ll


def raises(kind: type, call: Callable[[], Any], path: str, needle: str = "") -> SnapLayoutError:
    with pytest.raises(kind) as raised:
        call()
    error = raised.value
    assert error.path == path, f"path {error.path!r}, expected {path!r} ({error.message})"
    assert error.message and needle in error.message, error.message
    assert error.code == kind.default_code and error.status == ll.STATUS_NAMES[error.code]
    return error


def test_negative_item_count_reports_its_json_pointer() -> None:
    error = raises(
        ConfigError,
        lambda: Layout({"sections": [{"itemCount": -1}]}),
        "/sections/0/itemCount",
        "itemCount",
    )
    assert error.code == ll.SL_ECONFIG == -3 and error.status == "SL_ECONFIG"
    assert isinstance(error, ValueError) and isinstance(error, SnapLayoutError)
    assert str(error) == f"{error.message} (at /sections/0/itemCount) [SL_ECONFIG]"
    assert error.description == "invalid configuration"
    assert (error.line, error.column) == (0, 0)


def test_unknown_key_suggests_the_right_one() -> None:
    config = grid_config()
    config["sections"][0]["itemcount"] = config["sections"][0].pop("itemCount")
    raises(
        ConfigError, lambda: Layout(config), "/sections/0/itemcount", "did you mean 'itemCount'?"
    )


def test_nan_in_a_dict_is_reported_by_the_library() -> None:
    config = grid_config(row_height=math.nan)
    raises(
        ConfigError,
        lambda: Layout(config),
        "/sections/0/group/layoutSize/heightDimension/absolute",
        "finite",
    )


def test_malformed_json_has_line_and_column() -> None:
    error = raises(ParseError, lambda: Layout.from_json("{\n  x"), "")
    assert (error.line, error.column) == (2, 3) and error.status == "SL_EPARSE"


def test_errors_of_calls(grid: Layout) -> None:
    raises(RangeError, lambda: grid.item_frame(0, 100), "item", "100")
    raises(RangeError, lambda: grid.item_frame(0, -1), "item", "-1")
    raises(RangeError, lambda: grid.item_frame(7, 0), "section", "7")
    raises(RangeError, lambda: grid.section_info(-2), "section")
    raises(InvalidArgumentError, lambda: grid.set_container_size(math.nan, 844), "width")
    raises(InvalidArgumentError, lambda: grid.set_container_size(390, -1), "height")
    raises(InvalidArgumentError, lambda: grid.set_container_size(math.inf, 844), "width")
    raises(InvalidArgumentError, lambda: list(grid.elements((0, 0, -1, 10))), "rect")
    raises(InvalidArgumentError, lambda: grid.element_count((math.nan, 0, 1, 1)), "rect")
    raises(InvalidArgumentError, lambda: grid.set_section_offset(0, 5), "section", "orthogonal")
    raises(InvalidArgumentError, lambda: grid.scroll_info(0), "container")
    raises(RangeError, lambda: grid.scroll_info(3), "container")
    raises(InvalidArgumentError, lambda: grid.set_scroll_offset(-1, math.nan), "offset")
    raises(InvalidArgumentError, lambda: grid.resolve_scroll(-1, 0, 0, math.nan), "release")
    raises(InvalidArgumentError, lambda: grid.snap_position(-1, math.inf), "offset")
    raises(InvalidArgumentError, lambda: grid.reference_snap(-1, math.nan), "touch_offset")
    raises(InvalidArgumentError, lambda: grid.report_item_size(0, 0, -1, 10), "width")
    raises(InvalidArgumentError, lambda: grid.report_item_size(0, 0, 10, 2e6), "height")
    raises(
        InvalidArgumentError,
        lambda: grid.report_item_sizes(0, 0, [(1, 1), (1, -1)]),
        "sizes/1/height",
    )
    raises(RangeError, lambda: grid.report_item_sizes(0, 99, [(1, 1), (1, 1)]), "count")
    raises(InvalidArgumentError, lambda: grid.set_item_count(0, -1), "count")
    raises(RangeError, lambda: grid.insert_items(0, 101), "at")
    raises(RangeError, lambda: grid.delete_items(0, 99, 2), "count")
    raises(RangeError, lambda: grid.move_section(0, 3), "to")
    raises(ConfigError, lambda: grid.insert_sections(0, [{"itemCount": -2}]), "/0/itemCount")
    raises(ConfigError, lambda: grid.replace_section(0, {"itemCount": -2}), "/itemCount")
    raises(ParseError, lambda: grid.insert_sections(0, "[{"), "")
    motion = grid.resolve_scroll(-1, 0, 10, 100).motion
    raises(InvalidArgumentError, lambda: motion.sample(math.nan), "time")
    raises(InvalidArgumentError, lambda: motion.retarget(0, math.inf), "target_offset")
    # Nothing changed on the way.
    assert grid.item_counts == (100,) and grid.section_count == 1


def test_geometry_before_a_container_size() -> None:
    with Layout(grid_config()) as layout:
        for call in (
            lambda: layout.item_frame(0, 0),
            lambda: list(layout),
            lambda: layout.scroll_info(),
            lambda: layout.copy_json(),
        ):
            error = raises(StateError, call, "layout")
            assert isinstance(error, RuntimeError)
        assert layout.item_count(0) == 100  # the data is there already


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda g: g.item_frame("0", 1), "section must be an int, not str"),
        (lambda g: g.item_frame(0, 1.0), "item must be an int, not float"),
        (lambda g: g.item_frame(None, 1), "section must be an int, not NoneType"),
        (lambda g: g.item_frame(True, 1), "section must be an int, not bool"),
        (lambda g: g.set_container_size("390", 844), "width must be a number, not str"),
        (lambda g: g.set_container_size(None, 844), "width must be a number, not NoneType"),
        (lambda g: g.set_container_size(390, 1j), "height must be a number, not complex"),
        (lambda g: g.set_section_offset(0, [1]), "offset must be a number, not list"),
        (lambda g: list(g.elements("0,0,1,1")), "rect must be a Rect"),
        (lambda g: list(g.elements((0, 0, 1))), "rect must have 4 numbers"),
        (lambda g: list(g.elements((0, 0, 1, "x"))), "rect.height must be a number"),
        (lambda g: g.element_count(5), "rect must be a Rect"),
        (lambda g: g.find_element_kind(3), "name must be a str"),
        (lambda g: g.set_item_sizes(0, 0, [(1, 2, 3)]), "sizes[0] must have 2 numbers"),
        (lambda g: g.set_item_sizes(0, 0, 5), "sizes must be an iterable"),
        (lambda g: g.report_item_sizes(0, 0, [(1, 2, 3)]), "sizes[0] must have 2 numbers"),
        (lambda g: g.report_item_sizes(0, 0, snaplayout.Size(1, 2)), "sizes must be an iterable"),
        (lambda g: g.insert_sections(0, {"itemCount": 1}), "sections must be a list"),
        (lambda g: g.insert_sections(0, [{"itemCount": {1, 2}}]), "not JSON-serialisable"),
        (lambda g: g.replace_section(0, [1]), "config must be a dict"),
        (lambda g: g.resolve_scroll(-1, None, 0, 0), "start_offset must be a number"),
        (lambda g: g.reference_snap(-1, 0, in_flight="motion"), "in_flight must be a Motion"),
        (lambda g: g.set_visible_items_handler(0, 42), "handler must be callable"),
        (lambda g: g.report_supplementary_size(0, 1.5, 1, 1), "kind must be an int, not float"),
        (lambda g: snaplayout.Motion("x"), "Motion wraps a lowlevel.sl_motion"),
    ],
)
def test_wrong_python_types_raise_type_error(grid: Layout, call: Any, message: str) -> None:
    with pytest.raises(TypeError) as raised:
        call(grid)
    assert message in str(raised.value)


def test_integers_the_c_types_cannot_hold(grid: Layout) -> None:
    # ctypes would silently truncate them (2**32 would become section 0): refused first.
    raises(RangeError, lambda: grid.item_frame(2**32, 0), "section", "range")
    raises(RangeError, lambda: grid.item_frame(0, 2**63), "item", "range")
    raises(RangeError, lambda: grid.item_frame(0, -(2**63) - 1), "item")
    raises(RangeError, lambda: grid.scroll_info(-(2**31) - 1), "container")
    raises(InvalidArgumentError, lambda: grid.set_container_size(10**400, 1), "width")
    assert grid.item_frame(0, 1).x == 130


def test_config_arguments() -> None:
    for bad in (None, "{}", b"{}", [1], 3):
        with pytest.raises(TypeError, match="config must be a dict"):
            Layout(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Layout.from_json"):
        Layout("{}")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text must be str or bytes"):
        Layout.from_json({"sections": []})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not JSON-serialisable"):
        Layout({"sections": [object()]})
    with pytest.raises(TypeError, match="container_size"):
        Layout(grid_config(), container_size=390)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="NUL"):
        Layout(grid_config()).find_element_kind("a\0b")


def test_errors_pickle_and_repr() -> None:
    with pytest.raises(ConfigError) as raised:
        Layout({"sections": [{"itemCount": -1}]})
    copy = pickle.loads(pickle.dumps(raised.value))
    assert type(copy) is ConfigError
    assert (copy.code, copy.message, copy.path) == (
        raised.value.code,
        raised.value.message,
        raised.value.path,
    )
    assert repr(copy).startswith("ConfigError(") and "/sections/0/itemCount" in repr(copy)


def test_error_classes() -> None:
    assert snaplayout.errors.error_class(ll.SL_ERANGE) is RangeError
    assert issubclass(RangeError, IndexError) and issubclass(
        snaplayout.OutOfMemoryError, MemoryError
    )
    assert snaplayout.errors.error_class(-99) is SnapLayoutError
    unknown = SnapLayoutError("future failure", code=-99)
    assert unknown.status == "SL_UNKNOWN(-99)" and unknown.description == "unknown status"
