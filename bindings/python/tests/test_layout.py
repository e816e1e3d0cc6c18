"""The Pythonic layer: creating layouts, sizes, sections, frames, elements, kinds, JSON, lifetime.

Expected frames are worked out by hand (the derivations are in the comments), never copied from
the library's output.
"""

from __future__ import annotations

import copy
import dataclasses
import gc
import json
import pickle
from typing import List

import pytest

import snaplayout
from conftest import APPSTORE_JSON, absolute, fh, fw, grid_config, size
from snaplayout import (
    KIND_CELL,
    SECTION_LAYOUT,
    Element,
    ElementCategory,
    Layout,
    LayoutClosedError,
    OrthogonalScrollingBehavior,
    Rect,
    Size,
    SnapLayoutError,
    StateError,
)
from snaplayout import layout as layout_module


def near(a: float, b: float, tolerance: float = 1e-9) -> bool:
    return abs(a - b) <= tolerance


def rect_near(actual: Rect, expected: tuple, tolerance: float = 1e-9) -> bool:
    return all(near(a, e, tolerance) for a, e in zip(actual.as_tuple(), expected))


# -- creating ---------------------------------------------------------------------------------


def test_minimal_example_item_42(grid: Layout) -> None:
    # 3 columns of 390 / 3 = 130; item 42 is row 14, column 0: y = 14 * 130 = 1820.
    assert grid.item_frame(0, 42) == Rect(0, 1820, 130, 130)
    assert grid.item_frame(0, 43) == Rect(130, 1820, 130, 130)
    assert grid.item_frame(0, 99) == Rect(0, 33 * 130, 130, 130)


def test_from_json_text_and_bytes_and_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = json.dumps(grid_config())
    # json-c's lenient mode: comments and trailing commas are accepted.
    commented = "// a grid\n" + text[:-1] + ",}"
    path = tmp_path / "grid.json"
    path.write_text(text)
    for layout in (
        Layout.from_json(text, container_size=(390, 844)),
        Layout.from_json(text.encode(), container_size=Size(390, 844)),
        Layout.from_json(commented, container_size=[390, 844]),
        Layout.from_file(path, container_size={"width": 390, "height": 844}),
        Layout.from_file(str(path), container_size=(390, 844)),
    ):
        with layout:
            assert layout.item_frame(0, 42) == Rect(0, 1820, 130, 130)


def test_environment_container_solves_at_creation(appstore: Layout) -> None:
    assert appstore.container_size == Size(390, 844)
    assert appstore.content_size == Size(390, 2104)


def test_container_size_property() -> None:
    with Layout(grid_config()) as layout:
        assert layout.container_size is None
        with pytest.raises(StateError) as raised:
            layout.content_size
        assert raised.value.path == "layout"
        layout.container_size = (390, 844)
        assert layout.container_size == Size(390, 844)
        # 100 items in rows of 3: 34 rows of 130.
        assert layout.content_size == Size(390, 34 * 130)
        layout.set_container_size(600, 800)  # columns of 200, rows still 130
        assert layout.item_frame(0, 42) == Rect(0, 1820, 200, 130)
        assert layout.content_size == Size(600, 4420)


def test_failed_resize_keeps_the_previous_size() -> None:
    config = grid_config()
    config["sections"][0]["group"] = {
        "group": "horizontal",
        "layoutSize": size(fw(1), absolute(50)),
        "subitems": [{"layoutSize": size(absolute(300), fh(1))}],
    }
    with Layout(config, container_size=(390, 844)) as layout:
        with pytest.raises(snaplayout.ConfigError) as raised:
            layout.set_container_size(200, 844)  # a 300-pt item cannot fit in 200
        assert "fit" in raised.value.message
        assert raised.value.path.startswith("/sections/0/group")
        assert layout.container_size == Size(390, 844)


def test_creation_failure_at_container_size_raises_and_frees() -> None:
    config = grid_config()
    config["sections"][0]["group"]["subitem"]["layoutSize"] = size(absolute(500), fh(1))
    config["sections"][0]["group"]["subitems"] = [config["sections"][0]["group"].pop("subitem")]
    del config["sections"][0]["group"]["count"]
    with pytest.raises(snaplayout.ConfigError):
        Layout(config, container_size=(390, 844))


# -- sections and items -----------------------------------------------------------------------


def test_counts_and_section_info(appstore: Layout) -> None:
    assert appstore.section_count == 3
    assert appstore.item_counts == (6, 9, 20)
    assert appstore.item_count(2) == 20
    carousel, grid_section, list_section = appstore.section_infos()
    assert carousel.is_orthogonal and not grid_section.is_orthogonal
    assert (
        carousel.orthogonal_scrolling_behavior is OrthogonalScrollingBehavior.GROUP_PAGING_CENTERED
    )
    assert carousel.orthogonal_scrolling_behavior.config_name == "groupPagingCentered"
    # Carousel: groups floor(0.82 * 390 * 3) / 3 = 959/3 wide, 12 apart: 6 groups and 5 gaps.
    assert near(carousel.orthogonal_content_length, 6 * 959 / 3 + 5 * 12)
    assert carousel.frame == Rect(0, 52, 390, 220)  # below the 52-pt layout title
    # Grid: 9 items, 3 per row: 3 repetitions; header 44 + 3 rows of floor(0.3333*366*3)/3.
    assert (grid_section.item_count, grid_section.group_count, grid_section.items_per_group) == (
        9,
        3,
        3,
    )
    assert rect_near(grid_section.frame, (0, 296, 390, 44 + 3 * 365 / 3))
    # List: 20 rows of 64, 1 apart, header 44 and footer 32, 24 after the grid (ends at 705).
    assert list_section.frame == Rect(0, 729, 390, 44 + 20 * 64 + 19 + 32)
    assert list_section.orthogonal_content_length == 0


def test_item_frames_iterator(grid: Layout) -> None:
    frames = list(grid.item_frames(0, 40, 43))
    assert frames == [Rect(130, 1690, 130, 130), Rect(260, 1690, 130, 130), Rect(0, 1820, 130, 130)]
    assert len(list(grid.item_frames(0))) == 100


def test_item_frames_batches_match_single_calls() -> None:
    # 2,500 items: the iterator crosses its 1,024-frame batches (sl_layout_get_item_frames).
    config = {"sections": [{"itemCount": 2500, "group": {"group": "horizontal",
        "layoutSize": {"widthDimension": {"fractionalWidth": 1},
                       "heightDimension": {"absolute": 30}},
        "subitem": {"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}},
        "count": 7}}]}
    with Layout(config, container_size=(390, 844)) as layout:
        frames = list(layout.item_frames(0))
        assert frames == [layout.item_frame(0, item) for item in range(2500)]
        assert list(layout.item_frames(0, 1020, 1030)) == frames[1020:1030]
        assert list(layout.item_frames(0, 5, 5)) == []
        with pytest.raises(SnapLayoutError) as error:
            list(layout.item_frames(0, 2499, 2501))
        assert error.value.path == "count"


def test_section_offsets(appstore: Layout) -> None:
    # groupPagingCentered starts with its first group centred: offset -c, c = (390 - 959/3) / 2
    # = 35.1666..., rounded to the 1/3-pt pixel grid, ties up: 106/3.
    assert near(appstore.section_offset(0), -106 / 3)
    assert near(appstore.item_frame(0, 0).x, 106 / 3)
    appstore.set_section_offset(0, 100)
    assert appstore.section_offset(0) == 100
    assert appstore.section_info(0).orthogonal_offset == 100
    assert near(appstore.item_frame(0, 1).x, 959 / 3 + 12 - 100)
    assert appstore.section_offset(1) == 0  # not orthogonal: always 0


# -- elements ---------------------------------------------------------------------------------


def test_every_element_of_the_app_store_layout(appstore: Layout) -> None:
    elements = list(appstore)
    assert len(elements) == 49 == appstore.element_count()
    title = elements[0]
    assert (title.category, title.kind_name, title.section, title.item) == (
        ElementCategory.SUPPLEMENTARY,
        "title",
        SECTION_LAYOUT,
        0,
    )
    assert title.frame == Rect(16, 0, 358, 52)  # full width inset by its 16-pt content insets
    assert title.z_index == 1 and title.alpha == 1 and title.transform.is_identity

    cells = {(e.section, e.item): e for e in elements if e.is_cell}
    assert len(cells) == 35
    first = cells[(0, 0)]
    assert first.kind == KIND_CELL and first.kind_name == "cell" and first.z_index == 0
    assert rect_near(first.frame, (106 / 3, 52, 959 / 3, 220))
    assert near(cells[(0, 1)].scale, 0.9)  # a neighbour, one stride from the centre
    # Grid cell: slot (12, 340, 122, 365/3) inset by 4 on every side.
    assert rect_near(cells[(1, 0)].frame, (16, 344, 114, 365 / 3 - 8))
    assert cells[(1, 0)].z_index == 1  # a section with a background lifts its cells
    assert rect_near(cells[(1, 4)].frame, (138, 340 + 365 / 3 + 4, 114, 365 / 3 - 8))
    assert cells[(2, 19)].frame == Rect(16, 773 + 19 * 65, 358, 64)

    def find(kind: str, section: int, item: int = 0) -> Element:
        (match,) = [e for e in elements if e.kind_name == kind and e.index_path == (section, item)]
        return match

    badge = find("badge", 1, 0)  # at cell.maxX - 20 + 6, cell.minY - 6
    assert badge.is_supplementary and badge.frame == Rect(116, 338, 20, 20)
    background = find("background", 1)
    assert background.is_decoration and background.z_index == 0
    # The section frame (0, 296, 390, 44 + 365) inset by 4.
    assert rect_near(background.frame, (4, 300, 382, 44 + 365 - 8))
    assert find("header", 1).frame == Rect(12, 296, 366, 44)
    header = find("header", 2)
    assert header.frame == Rect(16, 729, 358, 44) and header.z_index == 2 and not header.pinned
    assert find("footer", 2).frame == Rect(16, 2072, 358, 32)


def test_elements_in_a_rect(appstore: Layout) -> None:
    viewport = Rect(0, 0, 390, 300)
    # The title, the carousel's first two cards (the others start past x = 390 at rest) and
    # the grid's header (296 ... 340) and background (300: touching edges do not count).
    found = [(e.kind_name, e.section, e.item) for e in appstore.elements(viewport)]
    assert found == [("title", -1, 0), ("cell", 0, 0), ("cell", 0, 1), ("header", 1, 0)]
    assert appstore.element_count(viewport) == 4
    assert list(appstore.elements((0, 0, 390, 300))) == list(appstore.elements(viewport))
    assert list(appstore.elements(Rect(0, 5000, 390, 100))) == []


def test_elements_follow_the_orthogonal_offset(appstore: Layout) -> None:
    appstore.set_section_offset(0, 5000)  # scrolled far past the end: no card in the viewport
    cells = [e for e in appstore.elements((0, 0, 390, 844)) if e.section == 0]
    assert cells == []
    every = [e for e in appstore.elements() if e.section == 0]
    assert len(every) == 6  # all elements, wherever they are scrolled


def test_pinned_header_follows_the_main_scroll(appstore: Layout) -> None:
    appstore.set_scroll_offset(snaplayout.SCROLL_MAIN, 1000)
    (header,) = [e for e in appstore.elements((0, 1000, 390, 844)) if e.kind_name == "header"]
    assert header.section == 2 and header.pinned and header.frame == Rect(16, 1000, 358, 44)


def test_element_kinds(appstore: Layout) -> None:
    # Layout-level items first, then per section its boundary items, decorations and badges.
    assert appstore.element_kinds == ("title", "header", "background", "badge", "footer")
    assert appstore.element_kind_count == 5
    assert appstore.element_kind_name(3) == "badge"
    assert appstore.element_kind_name(KIND_CELL) == "cell"
    assert appstore.find_element_kind("footer") == 4
    assert appstore.find_element_kind("cell") == KIND_CELL
    with pytest.raises(snaplayout.NotFoundError) as raised:
        appstore.find_element_kind("banner")
    assert raised.value.path == "name" and isinstance(raised.value, LookupError)
    with pytest.raises(snaplayout.RangeError) as range_error:
        appstore.element_kind_name(5)
    assert range_error.value.path == "kind"


def test_values_are_frozen_and_comparable(grid: Layout) -> None:
    frame = grid.item_frame(0, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.x = 3  # type: ignore[misc]
    assert frame == Rect(0, 0, 130, 130) and hash(frame) == hash(Rect(0, 0, 130, 130))
    assert (frame.max_x, frame.mid_y, frame.size) == (130, 65, Size(130, 130))
    assert frame.intersects(Rect(129, 129, 5, 5)) and not frame.intersects(Rect(130, 0, 5, 5))
    assert frame.intersection(Rect(100, 100, 100, 100)) == Rect(100, 100, 30, 30)
    assert Rect(0, 0, 390, 844).contains(frame)
    element = next(iter(grid))
    assert dataclasses.replace(element, alpha=0.5).alpha == 0.5 and element.alpha == 1


# -- JSON -------------------------------------------------------------------------------------


def test_copy_json(appstore: Layout) -> None:
    document = appstore.copy_json()
    assert document["contentSize"] == {"width": 390, "height": 2104}
    assert document["container"] == {"width": 390, "height": 844}
    assert len(document["elements"]) == 49
    assert [s["itemCount"] for s in document["sections"]] == [6, 9, 20]
    assert document["sections"][0]["orthogonalScrollingBehavior"] == "groupPagingCentered"
    # The same elements as the rect query, in the same order.
    for element, entry in zip(appstore, document["elements"]):
        assert entry["category"] == element.category.config_name
        assert entry["kind"] == element.kind_name
        assert (entry["section"], entry["item"]) == element.index_path
        assert entry["frame"] == dataclasses.asdict(element.frame)
    in_rect = appstore.copy_json((0, 0, 390, 300))
    assert len(in_rect["elements"]) == 4
    assert json.loads(appstore.json_text()) == document


# -- lifetime ---------------------------------------------------------------------------------


def test_context_manager_closes() -> None:
    with Layout(grid_config(), container_size=(390, 844)) as layout:
        assert not layout.closed
    assert layout.closed
    with pytest.raises(LayoutClosedError) as raised:
        layout.item_frame(0, 0)
    assert "closed" in str(raised.value) and raised.value.status == "SL_ESTATE"
    assert isinstance(raised.value, StateError)
    for call in (
        lambda: layout.content_size,
        lambda: list(layout),
        lambda: layout.set_container_size(1, 1),
        lambda: layout.copy_json(),
        lambda: layout.section_count,
    ):
        with pytest.raises(LayoutClosedError):
            call()
    with pytest.raises(LayoutClosedError):
        with layout:
            pass
    assert repr(layout) == "<snaplayout.Layout (closed)>"


def test_close_twice_and_exceptions_in_with_blocks() -> None:
    layout = Layout(grid_config(), container_size=(390, 844))
    layout.close()
    layout.close()
    with pytest.raises(KeyError):
        with Layout(grid_config()) as other:
            raise KeyError("boom")
    assert other.closed


@pytest.fixture
def destroy_counter(monkeypatch):  # type: ignore[no-untyped-def]
    calls = []
    original = layout_module._destroy_handle

    def counting(lib, handle):  # type: ignore[no-untyped-def]
        calls.append(handle)
        original(lib, handle)

    monkeypatch.setattr(layout_module, "_destroy_handle", counting)
    return calls


def test_garbage_collection_destroys_once(destroy_counter) -> None:  # type: ignore[no-untyped-def]
    layout = Layout(grid_config(), container_size=(390, 844))
    del layout
    gc.collect()
    assert len(destroy_counter) == 1

    layout = Layout(grid_config(), container_size=(390, 844))
    layout.close()
    layout.close()
    del layout
    gc.collect()
    assert len(destroy_counter) == 2

    with Layout(grid_config()) as layout:
        pass
    del layout
    gc.collect()
    assert len(destroy_counter) == 3

    # An iterator keeps its results, not the handle: it outlives its layout.
    layout = Layout(grid_config(), container_size=(390, 844))
    elements = layout.elements()
    layout.close()
    assert len(list(elements)) == 100
    assert len(destroy_counter) == 4


def test_garbage_collection_with_a_handler_cycle(destroy_counter: List[object]) -> None:
    layout = Layout(grid_config(), container_size=(390, 844))
    layout.set_visible_items_handler(0, lambda context, elements: layout and None)
    del layout  # the handler refers to the layout: a cycle, collected by the GC
    gc.collect()
    assert len(destroy_counter) == 1


def test_many_layouts_are_freed(destroy_counter) -> None:  # type: ignore[no-untyped-def]
    for _ in range(500):
        Layout(grid_config(), container_size=(390, 844)).item_frame(0, 42)
    gc.collect()
    assert len(destroy_counter) == 500


def test_a_layout_cannot_be_copied_or_pickled(grid: Layout) -> None:
    for attempt in (
        lambda: copy.copy(grid),
        lambda: copy.deepcopy(grid),
        lambda: pickle.dumps(grid),
    ):
        with pytest.raises(TypeError, match="cannot be copied"):
            attempt()


def test_repr(grid: Layout) -> None:
    assert repr(grid) == "<snaplayout.Layout 1 sections, container 390 x 844, content 390 x 4420>"
    with Layout(grid_config()) as layout:
        assert "no container size" in repr(layout)


def test_library_information() -> None:
    assert snaplayout.library_version() == snaplayout.lowlevel.SL_VERSION_STRING
    assert snaplayout.library_path()
    assert snaplayout.status_string(snaplayout.lowlevel.SL_ECONFIG) == "invalid configuration"
    assert snaplayout.status_string(-1000) == "unknown status"
    assert APPSTORE_JSON.name == "appstore.json"
