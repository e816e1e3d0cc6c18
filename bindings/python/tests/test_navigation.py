"""Navigation without touch (docs/SNAPPING.md, "Navigation without touch"): next, previous, to,
first and last from rest and from a motion in flight, the selected position, jumps and
``initialIndex``."""

from __future__ import annotations

import pytest

from snaplayout import SCROLL_MAIN, ConfigError, Layout, MotionKind, RangeError, InvalidArgumentError
from test_scrolling import CARDS, card_carousel


def test_next_previous_to_first_last_from_rest() -> None:
    with Layout(card_carousel(decelerationRate="fast", maxPagesPerGesture=1)) as layout:
        step = layout.navigate(SCROLL_MAIN, "next")
        assert (step.reference_snap, step.snap_index, step.item, step.section) == (0, 1, 1, 0)
        assert step.target_offset == CARDS[1]
        assert step.motion.kind is MotionKind.SPRING
        assert step.motion.sample(step.motion.duration + 1).offset == CARDS[1]
        assert layout.navigate(SCROLL_MAIN, "next", 3).snap_index == 3  # no gesture limit
        assert layout.navigate(SCROLL_MAIN, "previous").motion.kind is MotionKind.NONE
        assert layout.navigate(SCROLL_MAIN, "to", 7).target_offset == CARDS[7]
        assert layout.navigate(SCROLL_MAIN, "last").target_offset == CARDS[9]
        layout.set_scroll_offset(SCROLL_MAIN, CARDS[5])
        assert layout.navigate(SCROLL_MAIN, "first").snap_index == 0
        assert layout.navigate(SCROLL_MAIN, "previous", 2).snap_index == 3


def test_quick_presses_go_as_many_positions() -> None:
    with Layout(card_carousel()) as layout:
        first = layout.navigate(SCROLL_MAIN, "next")
        second = layout.navigate(SCROLL_MAIN, "next", in_flight=first.motion, time=0.05)
        third = layout.navigate(SCROLL_MAIN, "next", in_flight=second.motion, time=0.05)
        assert [first.snap_index, second.snap_index, third.snap_index] == [1, 2, 3]
        state = first.motion.sample(0.05)
        assert second.motion.start_offset == state.offset
        assert second.motion.start_velocity == state.velocity > 0
        assert layout.selected_snap(SCROLL_MAIN, third.motion, 0.05) == 3
        assert layout.selected_snap(SCROLL_MAIN) == 0


def test_jump_and_initial_index() -> None:
    with Layout(card_carousel(initialIndex=4)) as layout:
        assert layout.scroll_offset(SCROLL_MAIN) == CARDS[4]
        assert layout.selected_snap(SCROLL_MAIN) == 4
        layout.jump_to_snap(SCROLL_MAIN, 8)
        assert layout.scroll_offset(SCROLL_MAIN) == CARDS[8]
        with pytest.raises(RangeError) as error:
            layout.jump_to_snap(SCROLL_MAIN, 10)
        assert error.value.path == "index"
    with pytest.raises(ConfigError) as refused:
        Layout(card_carousel(initialIndex=-1))
    assert refused.value.path == "/configuration/scrolling/initialIndex"


def test_free_containers_and_bad_arguments() -> None:
    config = card_carousel()
    config["configuration"]["scrolling"] = {"snapUnit": "none"}
    with Layout(config) as layout:
        assert layout.selected_snap(SCROLL_MAIN) is None
        page = layout.navigate(SCROLL_MAIN, "next")
        assert page.snap_index is None and page.target_offset == 390
        with pytest.raises(RangeError) as error:
            layout.navigate(SCROLL_MAIN, "to", 0)
        assert error.value.path == "argument"
    with Layout(card_carousel()) as layout:
        with pytest.raises(ValueError, match="action must be one of next"):
            layout.navigate(SCROLL_MAIN, "forward")
        with pytest.raises(InvalidArgumentError) as steps:
            layout.navigate(SCROLL_MAIN, "next", 0)
        assert steps.value.path == "argument"
        with pytest.raises(TypeError, match="in_flight must be a Motion"):
            layout.navigate(SCROLL_MAIN, "next", in_flight=3.0)  # type: ignore[arg-type]


def test_wheel_notches_and_touchpad_release() -> None:
    with Layout(card_carousel(decelerationRate="fast", maxPagesPerGesture=1)) as layout:
        notch = layout.scroll_input(SCROLL_MAIN, "wheel", 1, time=1.0)
        assert notch.result is not None and notch.result.snap_index == 1
        assert layout.scroll_input(SCROLL_MAIN, "wheel", 0.5, time=1.1).result is None
        layout.jump_to_snap(SCROLL_MAIN, 0)
        offsets = [
            layout.scroll_input(SCROLL_MAIN, "touchpad", 10, time=2 + i / 100).offset
            for i in range(10)
        ]
        assert offsets == [CARDS[0] + 10 * (i + 1) for i in range(10)]
        end = layout.scroll_input(SCROLL_MAIN, "touchpad", 0, time=2.095, ends=True)
        assert end.result is not None and end.result.snap_index == 1
        assert end.result.motion.start_velocity == pytest.approx(1000)
        with pytest.raises(ValueError, match="device must be"):
            layout.scroll_input(SCROLL_MAIN, "trackball", 1, time=3)
        with pytest.raises(InvalidArgumentError) as error:
            layout.scroll_input(SCROLL_MAIN, "touchpad", float("nan"), time=3)
        assert error.value.path == "input.delta"


def test_pages_of_what_fits() -> None:
    config = card_carousel()
    config["configuration"]["scrolling"] = {"snapUnit": "group", "groupsPerPage": "fit"}
    config["sections"][0]["group"]["layoutSize"]["widthDimension"] = {"absolute": 100}
    config["sections"][0]["interGroupSpacing"] = 10
    with Layout(config) as layout:  # three 100-pt cards fit 390 pt
        assert layout.snap_offsets(SCROLL_MAIN) == [0, 330, 660, 700]
        layout.set_container_size(500, 844)  # four fit
        assert layout.snap_offsets(SCROLL_MAIN) == [0, 440, 590]
