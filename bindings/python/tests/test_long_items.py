"""Items longer than the viewport (docs/SNAPPING.md, "Items longer than the viewport"): a row
taller than the viewport covers every offset that keeps the viewport inside it
(Layout.snap_range); a slow release inside rests where it stops, a fling stops at its far edge,
wheel notches step inside it; the numbers of Tests/c/test_long_items.c."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from conftest import absolute, fw, size
from snaplayout import SCROLL_MAIN, InvalidArgumentError, Layout, RangeError, StateError

# A free container's wheel notch: 400^(2/3).
NOTCH = 54.288352331898105


def rows(**scrolling: Any) -> Dict[str, Any]:
    """Rows of 100, one of 1000 (at 500 ... 1500), rows of 100 in a 390 x 400 viewport, snapping
    by item at the start. Rest positions: 0, 100, ..., 400, 500 (the tall row, covering
    500 ... 1100), 1500, 1600 (the end bound: content 2000 - 400)."""

    def section(count: int, height: float) -> Dict[str, Any]:
        row = size(fw(1), absolute(height))
        return {
            "itemCount": count,
            "group": {"group": "horizontal", "layoutSize": row, "subitems": [{"layoutSize": row}]},
        }

    return {
        "environment": {"container": {"width": 390, "height": 400}},
        "configuration": {"scrolling": dict({"snapUnit": "item"}, **scrolling)},
        "sections": [section(5, 100), section(1, 1000), section(5, 100)],
    }


def test_a_tall_row_covers_a_range() -> None:
    with Layout(rows()) as layout:
        assert layout.snap_offsets(SCROLL_MAIN) == [0, 100, 200, 300, 400, 500, 1500, 1600]
        assert layout.snap_range(SCROLL_MAIN, 5) == (500, 1100)
        low, high = layout.snap_range(SCROLL_MAIN, 5)
        assert isinstance(low, float) and isinstance(high, float)


def test_a_short_row_covers_its_offset() -> None:
    with Layout(rows()) as layout:
        offsets = layout.snap_offsets(SCROLL_MAIN)
        for index in (0, 4, 6, 7):
            assert layout.snap_range(SCROLL_MAIN, index) == (offsets[index], offsets[index])
        assert layout.snap_range(SCROLL_MAIN, 4) == (400, 400)
        assert layout.snap_range(SCROLL_MAIN, 6) == (1500, 1500)


def test_centred_the_same_range() -> None:
    with Layout(rows(alignment="center")) as layout:
        tall = layout.snap_offsets(SCROLL_MAIN).index(1000 - 200)  # rests centred at 800
        assert layout.snap_range(SCROLL_MAIN, tall) == (500, 1100)


def test_a_slow_release_inside_rests_where_it_stops() -> None:
    with Layout(rows()) as layout:
        rest = layout.resolve_scroll(SCROLL_MAIN, 600, 650, 0)
        assert rest.target_offset == 650
        assert (rest.snap_index, rest.section, rest.item) == (5, 1, 0)
        gentle = layout.resolve_scroll(SCROLL_MAIN, 700, 720, 400)
        assert 720 < gentle.target_offset < 1100  # free inside: where it decelerates to


def test_a_fling_stops_at_the_far_edge() -> None:
    with Layout(rows()) as layout:
        low, high = layout.snap_range(SCROLL_MAIN, 5)
        fling = layout.resolve_scroll(SCROLL_MAIN, 700, 720, 8000)
        assert fling.target_offset == high
        assert fling.snap_index == 5
        assert fling.motion.sample(fling.motion.duration + 1).offset == high
        # Only a fling from that edge moves on.
        assert layout.resolve_scroll(SCROLL_MAIN, high, high, 8000).target_offset >= 1500
        # Backwards, the same at the near edge.
        assert layout.resolve_scroll(SCROLL_MAIN, 900, 880, -8000).target_offset == low
        assert layout.resolve_scroll(SCROLL_MAIN, low, low, -8000).target_offset <= 400


def test_a_fling_into_it_stops_at_its_near_edge() -> None:
    with Layout(rows(maxPagesPerGesture=1)) as layout:
        into = layout.resolve_scroll(SCROLL_MAIN, 400, 410, 20000)
        assert (into.target_offset, into.snap_index) == (500, 5)
        on = layout.resolve_scroll(SCROLL_MAIN, 1100, 1100, 20000)
        assert (on.target_offset, on.snap_index) == (1500, 6)
        back = layout.resolve_scroll(SCROLL_MAIN, 1500, 1490, -20000)
        assert (back.target_offset, back.snap_index) == (1100, 5)


def test_wheel_notches_step_inside() -> None:
    with Layout(rows()) as layout:
        low, high = layout.snap_range(SCROLL_MAIN, 5)
        layout.set_scroll_offset(SCROLL_MAIN, low)
        expected = low
        targets = []
        for notch in range(30):
            step = layout.scroll_input(SCROLL_MAIN, "wheel", 1, 0.1 * notch)
            assert step.result is not None, f"notch {notch} moves"
            target = step.result.target_offset
            targets.append(target)
            if expected >= high - 1:
                assert target == 1500  # on to the next row
                break
            expected = min(expected + NOTCH, high)
            assert target == pytest.approx(expected, rel=1e-9)
            assert step.result.snap_index == 5  # inside the tall row
            layout.set_scroll_offset(SCROLL_MAIN, target)
        else:
            pytest.fail("the wheel never left the tall row")
        assert len(targets) == 13  # 11 notches of 54.3 and one to the edge cover 600; then on
        assert targets[-2] == high

        # Back up: from the row after, a notch back comes to the tall row's far edge.
        layout.set_scroll_offset(SCROLL_MAIN, 1500)
        back = layout.scroll_input(SCROLL_MAIN, "wheel", -1, 10)
        assert back.result is not None and back.result.target_offset == high


def test_bad_arguments_raise_with_their_path() -> None:
    config = rows()
    del config["environment"]
    with Layout(config) as layout:
        with pytest.raises(StateError):
            layout.snap_range(SCROLL_MAIN, 0)
        layout.set_container_size(390, 400)
        for index in (8, 99, -1, 2**63):  # 2**63: refused before the C call, the same path
            with pytest.raises(RangeError) as bad_index:
                layout.snap_range(SCROLL_MAIN, index)
            assert bad_index.value.path == "index"
        with pytest.raises(RangeError) as container:
            layout.snap_range(7, 0)
        assert container.value.path == "container"
        with pytest.raises(InvalidArgumentError) as not_orthogonal:
            layout.snap_range(0, 0)  # section 0 does not scroll orthogonally
        assert not_orthogonal.value.path == "container"
        with pytest.raises(TypeError, match="index must be"):
            layout.snap_range(SCROLL_MAIN, "5")  # type: ignore[arg-type]
        assert layout.snap_range(SCROLL_MAIN, 5) == (500, 1100)  # nothing broke
