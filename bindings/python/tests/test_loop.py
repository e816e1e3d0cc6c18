"""Looping containers (docs/SNAPPING.md, "Looping"): Tests/c/test_loop.c's carousel, to the point.

Six 300-pt cards 10 pt apart, insets 16, groupPaging, ``"loop": true``: card k at x 16 + 310 k,
period 6 * 300 + 5 * 10 + 10 = 1860, rest positions 310 k (repeated every period).
"""

from __future__ import annotations

import math
from typing import Any, Dict, List

import pytest

from conftest import absolute, fh, fw, size
from snaplayout import (
    Element,
    InvalidArgumentError,
    Layout,
    LoopInfo,
    Motion,
    RangeError,
    StateError,
)

PERIOD = 1860.0
VIEW = (0, 0, 390, 844)


def looping_carousel(count: int = 6, **properties: Any) -> Dict[str, Any]:
    """Tests/c/test_loop.c's CAROUSEL: ``count`` 300-pt cards, groupPaging, looping."""
    return {
        "environment": {"container": {"width": 390, "height": 844}},
        "sections": [
            {
                "itemCount": count,
                "interGroupSpacing": 10,
                "contentInsets": {"leading": 16, "trailing": 16},
                "orthogonalScrollingBehavior": "groupPaging",
                "orthogonalScrollingProperties": {"loop": True, **properties},
                "group": {
                    "group": "horizontal",
                    "layoutSize": size(absolute(300), absolute(200)),
                    "subitems": [{"layoutSize": size(fw(1), fh(1))}],
                },
            }
        ],
    }


def cells(layout: Layout) -> List[Element]:
    return [e for e in layout.elements(VIEW) if e.is_cell]


def test_loop_info_of_the_carousel() -> None:
    with Layout(looping_carousel()) as layout:
        assert layout.loop_info(0) == LoopInfo(requested=True, active=True, period=PERIOD, start=0)
        info = layout.scroll_info(0)
        assert (info.snap_count, info.min_offset, info.max_offset) == (6, 0, PERIOD)
        assert layout.snap_offsets(0) == [310.0 * k for k in range(6)]
        main = layout.loop_info()  # the main scroll does not ask to loop
        assert (main.requested, main.active, main.period, main.start) == (False, False, 0, 0)


def test_two_cards_fall_back() -> None:
    # A period of 620 is less than the viewport and a card (690): no loop, the bounds kept.
    with Layout(looping_carousel(2)) as layout:
        loop = layout.loop_info(0)
        assert loop.requested and not loop.active
        assert (loop.period, loop.start) == (0, 0)
        assert layout.scroll_info(0).max_offset == 642 - 390
        assert layout.resolve_scroll(0, 0, -20, -3000).target_offset == 0
        shown = cells(layout)
        assert [e.item for e in shown] == [0, 1] and all(e.copy == 0 for e in shown)
        assert layout.canonical_offset(0, 5000) == (5000, 0)


def test_elements_carry_their_copy() -> None:
    with Layout(looping_carousel()) as layout:
        shown = {(e.item, e.copy): e for e in cells(layout)}
        # At rest on card 0: the last card's previous copy shows its last 6 pt on the left.
        assert sorted(shown) == [(0, 0), (1, 0), (5, -1)]
        assert shown[5, -1].frame.x == -294
        assert shown[0, 0].frame.x == 16 and shown[1, 0].frame.x == 326
        assert shown[5, -1].view_key == (0, -1, 0, 5, -1)  # a cell of kind -1
        # Across the seam, half a lap on: card 5 of lap 0 and card 0 of lap 1, 10 pt apart.
        layout.set_scroll_offset(0, 1705)
        keys = [e.view_key for e in cells(layout)]
        assert len(keys) == len(set(keys))
        seam = {(e.item, e.copy): e for e in cells(layout)}
        assert seam[0, 1].frame.min_x - seam[5, 0].frame.max_x == pytest.approx(10, abs=1e-9)
        position = layout.snap_position(0, 1705)
        assert (position.index, position.item, position.progress) == (5, 5, 5.5)


def test_copy_defaults_to_zero_outside_loops(grid: Layout) -> None:
    assert all(e.copy == 0 for e in grid.elements((0, 0, 390, 844)))
    assert Element.__dataclass_fields__["copy"].default == 0


def test_a_backward_fling_crosses_the_seam() -> None:
    with Layout(looping_carousel()) as layout:
        result = layout.resolve_scroll(0, 0, -20, -3000)
        assert result.target_offset == pytest.approx(-310, abs=1e-9)
        assert (result.snap_index, result.item, result.section) == (5, 5, 0)
        assert result.reference_snap == 0
        assert result.release_progress == pytest.approx(6 - 20 / 310, abs=1e-12)
        assert result.motion.sample(result.motion.duration + 1).offset == -310
        forward = layout.resolve_scroll(0, 1550, 1570, 3000, reference_snap=5)
        assert forward.target_offset == pytest.approx(PERIOD, abs=1e-9)
        assert forward.snap_index == 0


def test_navigation_takes_the_shortest_way() -> None:
    with Layout(looping_carousel()) as layout:
        layout.set_scroll_offset(0, 1550)
        step = layout.navigate(0, "next")
        assert step.target_offset == pytest.approx(PERIOD, abs=1e-9)
        assert (step.snap_index, step.reference_snap) == (0, 5)
        layout.set_scroll_offset(0, 0)
        back = layout.navigate(0, "previous")
        assert back.target_offset == pytest.approx(-310, abs=1e-9) and back.snap_index == 5
        layout.set_scroll_offset(0, -310)
        assert layout.selected_snap(0) == 5
        with pytest.raises(RangeError) as error:
            layout.navigate(0, "to", 6)
        assert error.value.path == "argument"


def test_canonical_offset_a_million_laps_on() -> None:
    with Layout(looping_carousel()) as layout:
        far = PERIOD * 1e6 + 310
        assert layout.canonical_offset(0, far) == (310, PERIOD * 1e6)
        canonical, shift = layout.canonical_offset(0, -PERIOD * 3 + 5)
        assert canonical == pytest.approx(5, abs=1e-9) and shift == -PERIOD * 3
        # Re-basing a motion in flight by the shift, as the docstring shows.
        layout.set_scroll_offset(0, far)
        result = layout.resolve_scroll(0, far, far - 20, -3000)
        assert result.snap_index == 0
        canonical, shift = layout.canonical_offset(0, far)
        moved = result.motion.to_c()
        moved.start_offset -= shift
        moved.target_offset -= shift
        rebased = Motion(moved)
        assert rebased.target_offset == pytest.approx(result.target_offset - shift, abs=1e-6)
        assert rebased.sample(0.1).offset == pytest.approx(
            result.motion.sample(0.1).offset - shift, abs=1e-6
        )


def test_bad_arguments() -> None:
    with Layout(looping_carousel()) as layout:
        for offset in (math.nan, math.inf, 1e101):
            with pytest.raises(InvalidArgumentError) as error:
                layout.canonical_offset(0, offset)
            assert error.value.path == "offset"
        with pytest.raises(RangeError) as out_of_range:
            layout.canonical_offset(3, 0)
        assert out_of_range.value.path == "container"
        with pytest.raises(RangeError) as no_container:
            layout.loop_info(9)
        assert no_container.value.path == "container"
        with pytest.raises(TypeError):
            layout.canonical_offset(0, "310")  # type: ignore[arg-type]
    config = looping_carousel()
    del config["environment"]
    with Layout(config) as unsized:
        with pytest.raises(StateError):
            unsized.loop_info(0)
        with pytest.raises(StateError):
            unsized.canonical_offset(0, 0)
