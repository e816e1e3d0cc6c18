"""Re-snapping through layout changes (docs/SNAPPING.md, "Through layout changes"): a container
at rest on a card stays on it after a rotation, a card measured before it, cards and sections
inserted before it; a motion in flight keeps its card through a resize
(Layout.set_scroll_target, scroll_target, clear_scroll_target, retarget_motion); the numbers of
Tests/c/test_resnap.c."""

from __future__ import annotations

import math
from typing import Any, Dict

import pytest

from conftest import absolute, estimated, fh, fw, size
from snaplayout import (
    SCROLL_MAIN,
    InvalidArgumentError,
    Layout,
    Motion,
    MotionKind,
    RangeError,
    StateError,
)


def cards(count: int, width: Dict[str, float]) -> Dict[str, Any]:
    """A section of ``count`` cards 200 high, 10 apart; an estimated ``width`` self-sizes."""
    cell = width if "estimated" in width else fw(1)
    return {
        "itemCount": count,
        "interGroupSpacing": 10,
        "group": {
            "group": "horizontal",
            "layoutSize": size(width, absolute(200)),
            "subitems": [{"layoutSize": size(cell, fh(1))}],
        },
    }


def card_carousel() -> Dict[str, Any]:
    """Cards of 300 x 200, 10 apart, centred in a horizontal main scroll 390 wide (snapUnit
    item): card k of section 0 rests at 310k + 150 - 195. Section 0's cards are estimated."""
    return {
        "environment": {"container": {"width": 390, "height": 400}},
        "configuration": {
            "scrollDirection": "horizontal",
            "scrolling": {"snapUnit": "item", "alignment": "center"},
        },
        "sections": [cards(10, estimated(300)), cards(10, absolute(300))],
    }


def rows() -> Dict[str, Any]:
    """Self-sizing rows (estimated 100) snapping row by row at the top of a vertical list."""
    row = size(fw(1), estimated(100))
    return {
        "environment": {"container": {"width": 390, "height": 400}},
        "configuration": {"scrolling": {"snapUnit": "item"}},
        "sections": [
            {
                "itemCount": 40,
                "group": {
                    "group": "vertical",
                    "layoutSize": row,
                    "subitems": [{"layoutSize": row}],
                },
            }
        ],
    }


def rest_of(layout: Layout, section: int, item: int, container: int = SCROLL_MAIN) -> float:
    """The rest offset that shows an item."""
    return layout.offset_for_item(container, section, item).offset


def rest_on(layout: Layout, section: int, item: int, container: int = SCROLL_MAIN) -> None:
    layout.set_scroll_offset(container, rest_of(layout, section, item, container))


def on(layout: Layout, section: int, item: int, container: int = SCROLL_MAIN) -> bool:
    """The container rests exactly on the item's rest position."""
    return layout.scroll_offset(container) == rest_of(layout, section, item, container)


def test_a_rotation_keeps_the_card() -> None:
    with Layout(card_carousel()) as layout:
        rest_on(layout, 0, 3)
        assert layout.scroll_offset() == 310 * 3 + 150 - 195
        layout.set_container_size(844, 390)
        assert on(layout, 0, 3)
        assert layout.scroll_offset() == 310 * 3 + 150 - 422
        layout.set_container_size(390, 400)
        assert layout.scroll_offset() == 310 * 3 + 150 - 195
        # Between cards is not at rest: the offset stays as it is.
        layout.set_scroll_offset(SCROLL_MAIN, 1000)
        layout.set_container_size(600, 400)
        assert layout.scroll_offset() == 1000


def test_a_card_measured_before_keeps_the_card() -> None:
    with Layout(card_carousel()) as layout:
        rest_on(layout, 0, 3)
        report = layout.report_item_size(0, 1, 400, 200)
        assert report.main_offset_adjustment == 100
        assert on(layout, 0, 3)
        assert layout.scroll_offset() == 310 * 3 + 150 - 195 + 100
        layout.reset_item_size(0, 1)
        assert layout.scroll_offset() == 310 * 3 + 150 - 195


def test_a_row_measured_above_keeps_the_row() -> None:
    with Layout(rows()) as layout:
        rest_on(layout, 0, 10)
        assert layout.scroll_offset() == 1000
        assert layout.report_item_size(0, 3, 390, 180).main_offset_adjustment == 80
        assert on(layout, 0, 10) and layout.scroll_offset() == 1080
        # The row itself grows: it still rests at its start.
        assert layout.report_item_size(0, 10, 390, 300).main_offset_adjustment == 0
        assert on(layout, 0, 10)


def test_cards_inserted_before_keep_the_card() -> None:
    with Layout(card_carousel()) as layout:
        rest_on(layout, 1, 4)
        before = layout.scroll_offset()
        report = layout.insert_items(1, 0, 2)
        assert report.main_offset_adjustment == 620
        assert on(layout, 1, 6)  # card 4 is card 6 now, and the container follows it
        layout.delete_items(1, 0, 2)
        assert layout.scroll_offset() == before


def test_a_section_inserted_before_keeps_the_card() -> None:
    with Layout(card_carousel()) as layout:
        rest_on(layout, 1, 3)
        before = layout.scroll_offset()
        report = layout.insert_sections(0, [cards(4, absolute(300))])
        assert report.main_offset_adjustment == 4 * 300 + 3 * 10  # no spacing between sections
        assert on(layout, 2, 3)
        assert layout.scroll_offset() == before + 1230
        layout.move_section(2, 0)
        assert on(layout, 0, 3)


def test_a_motion_in_flight_keeps_its_card_through_a_resize() -> None:
    with Layout(card_carousel()) as layout:
        start = rest_of(layout, 1, 0)
        layout.set_scroll_offset(SCROLL_MAIN, start)
        fling = layout.resolve_scroll(SCROLL_MAIN, start, start + 40, 2500)
        assert (fling.section, fling.item) == (1, 4)
        assert layout.scroll_target(SCROLL_MAIN) is None
        layout.set_scroll_target(SCROLL_MAIN, fling.target_offset)
        assert layout.scroll_target(SCROLL_MAIN) == fling.target_offset

        # Part-way, the window grows: the target moves with card 4.
        t = 0.15
        state = fling.motion.sample(t)
        assert not state.settled
        layout.set_scroll_offset(SCROLL_MAIN, state.offset)
        layout.set_container_size(600, 400)
        assert layout.scroll_target(SCROLL_MAIN) == rest_of(layout, 1, 4)
        assert layout.scroll_target(SCROLL_MAIN) != fling.target_offset

        carried = layout.retarget_motion(SCROLL_MAIN, fling.motion, t)
        assert isinstance(carried, Motion) and carried.kind is not MotionKind.NONE
        first = carried.sample(0)
        assert first.offset == pytest.approx(layout.scroll_offset(SCROLL_MAIN), abs=1e-9)
        assert first.velocity == pytest.approx(state.velocity, rel=1e-6)
        assert carried.target_offset == rest_of(layout, 1, 4)
        end = carried.sample(carried.duration + 1)
        assert end.settled and end.offset == rest_of(layout, 1, 4)

        # No change since: the same course.
        again = layout.retarget_motion(SCROLL_MAIN, carried, 0)
        assert again.target_offset == carried.target_offset
        assert again.start_velocity == pytest.approx(carried.start_velocity, rel=1e-9)

        # Without a target, the motion's own target moves as far as the offset moved.
        layout.clear_scroll_target(SCROLL_MAIN)
        assert layout.scroll_target(SCROLL_MAIN) is None
        layout.clear_scroll_target(SCROLL_MAIN)  # nothing set: nothing happens
        layout.set_scroll_offset(SCROLL_MAIN, 700)
        moved = layout.retarget_motion(SCROLL_MAIN, carried, 0)
        assert moved.target_offset == pytest.approx(
            carried.target_offset + 700 - carried.start_offset, abs=1e-9
        )
        assert layout.scroll_target(SCROLL_MAIN) == moved.target_offset


def test_an_orthogonal_carousel_has_its_own_target() -> None:
    config = {
        "environment": {"container": {"width": 390, "height": 844}},
        "sections": [
            dict(cards(3, fw(1)), interGroupSpacing=0),
            dict(cards(12, fw(0.8)), orthogonalScrollingBehavior="groupPagingCentered"),
        ],
    }
    with Layout(config) as layout:
        rest_on(layout, 1, 5, container=1)
        layout.set_scroll_target(1, rest_of(layout, 1, 7, container=1))
        layout.set_container_size(600, 844)
        assert on(layout, 1, 5, container=1)
        assert layout.scroll_target(1) == rest_of(layout, 1, 7, container=1)
        assert layout.scroll_target(SCROLL_MAIN) is None


def test_bad_arguments_raise_with_their_path() -> None:
    config = rows()
    del config["environment"]
    with Layout(config) as layout:
        with pytest.raises(StateError) as unsolved:
            layout.set_scroll_target(SCROLL_MAIN, 10)
        assert unsolved.value.path == "layout"
        for call in (
            lambda: layout.clear_scroll_target(SCROLL_MAIN),
            lambda: layout.scroll_target(SCROLL_MAIN),
        ):
            with pytest.raises(StateError):
                call()
        layout.set_container_size(390, 400)
        fling = layout.resolve_scroll(SCROLL_MAIN, 0, 10, 900)

        for bad in (math.nan, math.inf, 1e101):
            with pytest.raises(InvalidArgumentError) as target:
                layout.set_scroll_target(SCROLL_MAIN, bad)
            assert target.value.path == "target_offset"
        with pytest.raises(TypeError, match="target_offset must be a number"):
            layout.set_scroll_target(SCROLL_MAIN, "10")  # type: ignore[arg-type]
        with pytest.raises(RangeError) as container:
            layout.set_scroll_target(7, 10)
        assert container.value.path == "container"
        with pytest.raises(InvalidArgumentError) as not_orthogonal:
            layout.set_scroll_target(0, 10)  # section 0 does not scroll orthogonally
        assert not_orthogonal.value.path == "container"
        with pytest.raises(RangeError) as cleared:
            layout.clear_scroll_target(-2)
        assert cleared.value.path == "container"
        with pytest.raises(RangeError) as read:
            layout.scroll_target(3)
        assert read.value.path == "container"

        damaged = fling.motion.to_c()
        damaged.kind = 9
        with pytest.raises(InvalidArgumentError) as kind:
            layout.retarget_motion(SCROLL_MAIN, Motion(damaged), 0)
        assert kind.value.path == "in_flight.kind"
        with pytest.raises(InvalidArgumentError) as time:
            layout.retarget_motion(SCROLL_MAIN, fling.motion, math.inf)
        assert time.value.path == "time"
        with pytest.raises(RangeError) as motion_container:
            layout.retarget_motion(5, fling.motion, 0)
        assert motion_container.value.path == "container"
        with pytest.raises(TypeError, match="motion must be a Motion"):
            layout.retarget_motion(SCROLL_MAIN, None, 0)  # type: ignore[arg-type]
        assert layout.scroll_target(SCROLL_MAIN) is None  # nothing failed half-way


def test_a_handler_cannot_change_the_target() -> None:
    with Layout(card_carousel()) as layout:
        refused = []

        def handler(context: Any, elements: Any) -> None:
            try:
                layout.set_scroll_target(SCROLL_MAIN, 0)
            except StateError as error:
                refused.append(error)

        layout.set_visible_items_handler(0, handler)
        list(layout.elements((0, 0, 390, 400)))
        assert refused and all(isinstance(e, StateError) for e in refused)


def feed() -> Dict[str, Any]:
    """A vertical feed snapping row by row: five estimated rows, then twenty rows of 80 under
    an estimated header."""
    estimated_row = size(fw(1), estimated(60))
    return {
        "environment": {"container": {"width": 390, "height": 400}},
        "configuration": {"scrolling": {"snapUnit": "item"}},
        "sections": [
            {
                "itemCount": 5,
                "group": {
                    "group": "vertical",
                    "layoutSize": estimated_row,
                    "subitems": [{"layoutSize": estimated_row}],
                },
            },
            rows_of(20),
        ],
    }


def rows_of(count: int) -> Dict[str, Any]:
    return {
        "itemCount": count,
        "boundarySupplementaryItems": [
            {
                "elementKind": "header",
                "alignment": "top",
                "layoutSize": size(fw(1), estimated(40)),
            }
        ],
        "group": {
            "group": "horizontal",
            "layoutSize": size(fw(1), absolute(80)),
            "subitems": [{"layoutSize": size(fw(1), fh(1))}],
        },
    }


# Every change call, and the row it leaves the feed resting on (from row 10 of section 1).
EVERY_CHANGE = [
    ("container size", lambda l: l.set_container_size(500, 400), (1, 10)),
    ("rotation", lambda l: l.set_container_size(400, 390), (1, 10)),
    ("cell measured above", lambda l: l.report_item_size(0, 2, 390, 200), (1, 10)),
    (
        "cell measured and reset",
        lambda l: (l.report_item_size(0, 2, 390, 200), l.reset_item_size(0, 2)),
        (1, 10),
    ),
    ("header measured", lambda l: l.report_supplementary_size(1, "header", 390, 130), (1, 10)),
    (
        "header measured and reset",
        lambda l: (
            l.report_supplementary_size(1, "header", 390, 130),
            l.reset_supplementary_size(1, "header"),
        ),
        (1, 10),
    ),
    ("count above", lambda l: l.set_item_count(0, 2), (1, 10)),
    ("rows inserted before", lambda l: l.insert_items(1, 0, 3), (1, 13)),
    ("rows deleted before", lambda l: l.delete_items(1, 0, 2), (1, 8)),
    ("row moved down", lambda l: l.move_item(1, 10, 1, 15), (1, 15)),
    ("row moved to another section", lambda l: l.move_item(1, 10, 0, 1), (0, 1)),
    ("section inserted before", lambda l: l.insert_sections(0, [rows_of(4)]), (2, 10)),
    ("section deleted before", lambda l: l.delete_sections(0), (0, 10)),
    ("section moved first", lambda l: l.move_section(1, 0), (0, 10)),
    ("section replaced", lambda l: l.replace_section(1, rows_of(30)), (1, 10)),
]


@pytest.mark.parametrize("name,change,followed", EVERY_CHANGE, ids=[c[0] for c in EVERY_CHANGE])
def test_every_change_call_keeps_the_row(name, change, followed) -> None:
    with Layout(feed()) as layout:
        rest_on(layout, 1, 10)
        before = layout.scroll_offset()
        change(layout)
        section, item = followed
        assert layout.scroll_offset() == rest_of(layout, section, item), name
        if name.endswith("and reset") or name == "section replaced":
            assert layout.scroll_offset() == before, name


def test_flow_sizes_in_chunks_keep_the_line() -> None:
    config = {
        "environment": {"container": {"width": 390, "height": 400}},
        "configuration": {"scrolling": {"snapUnit": "item"}},
        "flowLayout": {"itemSize": {"width": 390, "height": 60}},
        "sections": [{"itemCount": 40}],
    }
    with Layout(config) as layout:
        rest_on(layout, 0, 12)
        report = layout.set_item_sizes(0, 2, [(390, 100), (390, 20), (390, 90)])
        assert layout.scroll_offset() == rest_of(layout, 0, 12)
        assert report.main_offset_adjustment == 30
