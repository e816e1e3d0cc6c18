"""Scroll containers, snapping and motions: docs/SNAPPING.md's worked examples, to the point."""

from __future__ import annotations

import dataclasses
import math
import pickle
from typing import Any, Dict, List

import pytest

from conftest import absolute, carousel_config, fh, fw, size
from snaplayout import (
    SCROLL_MAIN,
    Bounce,
    Element,
    Layout,
    Motion,
    MotionKind,
    MotionState,
    OrthogonalScrollingBehavior,
    Rect,
    SnapUnit,
    StateError,
    VisibleItemsContext,
)
from snaplayout import lowlevel as ll


def card_carousel(**scrolling: Any) -> Dict[str, Any]:
    """The card carousel of docs/SNAPPING.md: 320-pt cards 7 apart, contentInset 34, 390 wide.

    Horizontal; stride 327; card k rests at k * 327 - 34; content 10 * 320 + 9 * 7 = 3263; bounds
    [-34, 3263 + 34 - 390 = 2907].
    """
    settings = {"snapUnit": "item", "contentInset": {"leading": 34, "trailing": 34}}
    settings.update(scrolling)
    return {
        "environment": {"container": {"width": 390, "height": 844}},
        "configuration": {"scrollDirection": "horizontal", "scrolling": settings},
        "sections": [
            {
                "itemCount": 10,
                "interGroupSpacing": 7,
                "group": {
                    "group": "horizontal",
                    "layoutSize": size(absolute(320), absolute(744)),
                    "subitems": [{"layoutSize": size(fw(1), fh(1))}],
                },
            }
        ],
    }


CARDS = [-34, 293, 620, 947, 1274, 1601, 1928, 2255, 2582, 2907]


def test_scroll_info_of_an_orthogonal_section() -> None:
    with Layout(carousel_config("paging")) as layout:
        info = layout.scroll_info(0)
        assert (info.container, info.horizontal, info.viewport_length) == (0, True, 390)
        assert (info.content_length, info.min_offset, info.max_offset) == (1954, 0, 1564)
        assert info.snap_unit is SnapUnit.PAGE and info.snap_count == 6
        assert info.orthogonal_scrolling_behavior is OrthogonalScrollingBehavior.PAGING
        assert info.max_pages_per_gesture == 1 and info.deceleration_rate == 0.99
        assert info.bounce is Bounce.AUTOMATIC
        assert layout.scroll_containers() == [SCROLL_MAIN, 0]
        main = layout.scroll_info()
        assert (main.container, main.horizontal, main.snap_unit) == (
            SCROLL_MAIN,
            False,
            SnapUnit.NONE,
        )


def test_continuous() -> None:
    with Layout(carousel_config("continuous")) as layout:
        # 100 + 0.5 pt/ms * 0.998 / 0.002 = 349.5: free deceleration, no rest position.
        result = layout.resolve_scroll(0, 0, 100, 500)
        assert result.target_offset == pytest.approx(349.5, abs=1e-9)
        assert result.snap_index is None and result.item is None and result.section is None
        assert layout.resolve_scroll(0, 1300, 1400, 20000).target_offset == 1564  # the bound
        assert layout.snap_offsets(0) == []


def test_continuous_group_leading_boundary() -> None:
    with Layout(carousel_config("continuousGroupLeadingBoundary")) as layout:
        assert layout.snap_offsets(0) == [0, 322, 644, 966, 1288, 1564]
        assert layout.snap_offsets(0, first=4) == [1288, 1564]
        assert layout.snap_offsets(0, limit=2) == [0, 322]
        # 100 + 1 * 499 = 599: nearest 644, two groups on.
        result = layout.resolve_scroll(0, 0, 100, 1000)
        assert (result.target_offset, result.snap_index, result.item, result.section) == (
            644,
            2,
            2,
            0,
        )


def test_continuous_group_leading_boundary_slow_release() -> None:
    # Below the fling threshold it decelerates freely (slowRelease "projection"): dragged to 200
    # and released moving back at 120 pt/s it projects to 140.12 and rests back on 0.
    with Layout(carousel_config("continuousGroupLeadingBoundary")) as layout:
        assert layout.resolve_scroll(0, 0, 200, -120).target_offset == 0
        assert layout.resolve_scroll(0, 0, 100, 150).target_offset == 322  # 174.85
    config = carousel_config("continuousGroupLeadingBoundary")
    config["sections"][0]["orthogonalScrollingProperties"] = {"slowRelease": "positional"}
    with Layout(config) as layout:
        assert layout.resolve_scroll(0, 0, 200, -120).target_offset == 322


def rows_config(**scrolling: Any) -> Dict[str, Any]:
    """Twenty 100-pt rows below a 100-pt top inset at 400 x 800, snapping by item: row k rests at
    100 + 100 * k; content bounds [0, 1300]."""
    return {
        "environment": {"container": {"width": 400, "height": 800}},
        "configuration": {"scrolling": dict({"snapUnit": "item"}, **scrolling)},
        "sections": [
            {
                "itemCount": 20,
                "contentInsets": {"top": 100},
                "group": {
                    "group": "horizontal",
                    "layoutSize": size(fw(1), absolute(100)),
                    "subitems": [{"layoutSize": size(fw(1), fh(1))}],
                },
            }
        ],
    }


@pytest.mark.parametrize("containment", ["trimSnaps", "keepSnaps", "none"])
def test_every_containment_starts_at_a_rest_position(containment: str) -> None:
    with Layout(rows_config(containment=containment)) as layout:
        info = layout.scroll_info(SCROLL_MAIN)
        offsets = layout.snap_offsets(SCROLL_MAIN)
        assert info.offset == info.min_offset == offsets[0]
        assert info.max_offset == offsets[-1]
        if containment == "none":
            assert (info.min_offset, info.max_offset) == (100, 2000)
        for item in range(20):
            shown = layout.offset_for_item(SCROLL_MAIN, 0, item)
            assert offsets[shown.snap] == shown.offset
            assert layout.resolve_scroll(SCROLL_MAIN, shown.offset, shown.offset, 0).target_offset == (
                shown.offset
            )


def test_merge_distance() -> None:
    config = rows_config()
    config["sections"][0]["contentInsets"] = {"top": 10}
    with Layout(config) as layout:  # 5 % of 800 = 40: row 0 (at 10) rests on 0
        assert layout.snap_offsets(SCROLL_MAIN, limit=3) == [0, 110, 210]
    config["configuration"]["scrolling"]["mergeDistance"] = 5
    with Layout(config) as layout:
        assert layout.snap_offsets(SCROLL_MAIN, limit=3) == [0, 10, 110]


def test_a_free_scroll_has_no_reference() -> None:
    # The reference of a container without rest positions is None, and None goes back in.
    with Layout(carousel_config("continuous")) as layout:
        reference = layout.reference_snap(0, 100)
        assert reference is None
        result = layout.resolve_scroll(0, 100, 150, 1000, reference_snap=reference)
        assert result.reference_snap is None and result.snap_index is None


def test_short_content_names_the_first_item() -> None:
    with Layout(carousel_config("groupPaging", count=1)) as layout:
        result = layout.resolve_scroll(0, 0, 30, 500)
        assert (result.snap_index, result.section, result.item) == (0, 0, 0)


def test_offsets_are_never_negative_zero() -> None:
    with Layout(rows_config(**{"contentInset": {"top": 0}})) as layout:
        config_min = layout.scroll_info(SCROLL_MAIN).min_offset
        result = layout.resolve_scroll(SCROLL_MAIN, 0, -40, -300)
        for value in (config_min, result.target_offset, layout.scroll_offset(SCROLL_MAIN)):
            assert value == 0 and math.copysign(1, value) == 1


def test_paging() -> None:
    with Layout(carousel_config("paging")) as layout:
        assert layout.snap_offsets(0) == [0, 390, 780, 1170, 1560, 1564]
        # 50 + 0.5 * 99 = 99.5, nearest 0, behind the release: the guard moves on to 390.
        assert layout.resolve_scroll(0, 0, 50, 500).target_offset == 390
        assert layout.resolve_scroll(0, 0, 200, 0).target_offset == 390  # 51 % of a page
        assert layout.resolve_scroll(0, 0, 150, 0).target_offset == 0
        assert layout.resolve_scroll(0, 390, 400, 20000).target_offset == 780  # one page
        result = layout.resolve_scroll(0, 0, 50, 500)
        assert result.item is None and result.snap_index == 1  # pages rest on no item


def test_group_paging() -> None:
    with Layout(carousel_config("groupPaging")) as layout:
        assert layout.snap_offsets(0) == [0, 322, 644, 966, 1288, 1564]
        assert layout.resolve_scroll(0, 0, 30, 300).target_offset == 322
        assert layout.resolve_scroll(0, 0, 30, 10000).target_offset == 322  # one per gesture


def test_group_paging_centered() -> None:
    with Layout(carousel_config("groupPagingCentered")) as layout:
        # Group k is centred at 322k - 23; 23-pt centring insets at both ends.
        info = layout.scroll_info(0)
        assert (info.min_offset, info.max_offset, info.inset_leading) == (-23, 1587, 23)
        assert layout.section_offset(0) == -23 == info.offset
        assert layout.snap_offsets(0) == [-23, 299, 621, 943, 1265, 1587]
        result = layout.resolve_scroll(0, -23, 0, 600)
        assert (result.target_offset, result.item) == (299, 1)
        layout.set_section_offset(0, result.target_offset)
        frame = layout.item_frame(0, 1)
        assert (frame.x, frame.max_x) == (39, 351)  # centred: (39 + 351) / 2 = 195
        assert layout.item_distance(0, 1) == 0 and layout.item_distance(0, 2) == 1


def test_snap_position_and_offset_for_item() -> None:
    with Layout(carousel_config("groupPaging")) as layout:
        position = layout.snap_position(0, 483)  # halfway between 322 and 644
        assert position.progress == pytest.approx(1.5) and position.index == 1  # ties to the lower
        assert (position.item, position.section) == (1, 0)
        assert layout.offset_for_item(0, 0, 2).offset == 644
        assert layout.offset_for_item(0, 0, 2).snap == 2
    with Layout(card_carousel()) as layout:
        assert layout.offset_for_item(SCROLL_MAIN, 0, 3) == layout.offset_for_item(-1, 0, 3)
        assert (layout.offset_for_item(-1, 0, 3).offset, layout.offset_for_item(-1, 0, 9).snap) == (
            947,
            9,
        )


def test_card_carousel_on_the_main_scroll() -> None:
    with Layout(card_carousel(decelerationRate="fast", maxPagesPerGesture=1)) as layout:
        info = layout.scroll_info()
        assert info.horizontal and (info.min_offset, info.max_offset) == (-34, 2907)
        assert layout.scroll_offset() == -34  # rests at -contentInset
        assert layout.snap_offsets() == CARDS
        gentle = layout.resolve_scroll(SCROLL_MAIN, -34, 0, 1000)  # never behind the fling
        assert (gentle.target_offset, gentle.snap_index, gentle.item, gentle.section) == (
            293,
            1,
            1,
            0,
        )
        assert gentle.reference_snap == 0
        # A gentle fling would glide too slowly for a fast carousel: it springs there.
        assert gentle.motion.kind is MotionKind.SPRING
        assert layout.resolve_scroll(-1, 293, 560, 500).target_offset == 620  # one card


def test_uikit_patterns() -> None:
    with Layout(
        card_carousel(algorithm="uikitWillEndDragging", rounding="round", decelerationRate="fast")
    ) as layout:
        # 0 + 99 -> index 0.41 -> 0: behind the fling, as the pattern's code does.
        assert layout.resolve_scroll(-1, -34, 0, 1000).target_offset == -34
    with Layout(
        card_carousel(
            algorithm="uikitTargetContentOffset",
            decelerationRate="normal",
            velocityThresholds={"fling": 200, "free": 2000},
        )
    ) as layout:
        assert layout.resolve_scroll(-1, -34, 150, 0).target_offset == -34  # the inset bias
        assert layout.resolve_scroll(-1, 293, 560, 500).target_offset == 947  # two pages


def test_interrupted_gesture_keeps_advancing() -> None:
    with Layout(
        card_carousel(algorithm="standard", decelerationRate="fast", maxPagesPerGesture=1)
    ) as layout:
        flight = layout.resolve_scroll(-1, 293, 400, 900)  # 400 + 0.9 * 99 = 489.1: card 2
        assert (flight.snap_index, flight.target_offset) == (2, 620)
        # A touch during the motion is measured from its target...
        reference = layout.reference_snap(-1, 450, flight.motion, 0.02)
        assert reference == 2
        assert layout.reference_snap(-1, 450, flight.motion, 100) == 1  # settled: the nearest
        assert layout.reference_snap(-1, 450) == 1 and layout.reference_snap(-1, 470) == 2
        assert layout.reference_snap(-1, -900) == 0 and layout.reference_snap(-1, 1e6) == 9
        # ...so re-grabbing and flinging again advances from the in-flight target.
        following = layout.resolve_scroll(-1, 450, 470, 900, reference_snap=reference)
        assert (following.target_offset, following.snap_index, following.reference_snap) == (
            947,
            3,
            2,
        )
        stale = layout.resolve_scroll(-1, 450, 470, 900)
        assert (stale.target_offset, stale.reference_snap) == (620, 1)
        far = layout.resolve_scroll(-1, 293, 293, 0, reference_snap=7)
        assert (far.target_offset, far.snap_index) == (1928, 6)
        with pytest.raises(Exception) as raised:
            layout.resolve_scroll(-1, 0, 0, 0, reference_snap=10)
        assert getattr(raised.value, "status", "") == "SL_ERANGE"


# -- motions ----------------------------------------------------------------------------------


def test_decay_motion_in_closed_form() -> None:
    with Layout(carousel_config("continuous")) as layout:
        motion = layout.resolve_scroll(0, 0, 100, 500).motion
        assert motion.kind is MotionKind.DECAY
        assert (motion.start_offset, motion.start_velocity) == (100, 500)
        assert motion.target_offset == pytest.approx(349.5)
        # x(t) = T - (T - x0) e^(-k t), k = v0 / (T - x0).
        k = 500 / (motion.target_offset - 100)
        assert motion.decay == pytest.approx(k)
        state = motion.sample(0.5)
        assert state.offset == pytest.approx(
            motion.target_offset - (motion.target_offset - 100) * math.exp(-k * 0.5)
        )
        assert state.velocity == pytest.approx(500 * math.exp(-k * 0.5)) and not state.settled
        assert motion.sample(0) == MotionState(100, 500, False)
        end = motion.sample(motion.duration)
        assert end == MotionState(motion.target_offset, 0, True)
        assert motion.sample(motion.duration + 100).settled


def test_spring_motion_settles_on_its_target() -> None:
    with Layout(carousel_config("groupPaging")) as layout:
        motion = layout.resolve_scroll(0, 0, 30, 10000).motion
        assert motion.kind in (MotionKind.SPRING, MotionKind.DECAY)
        frames = list(motion.frames(fps=60))
        times = [t for t, _ in frames]
        assert times[0] == 0 and all(b > a for a, b in zip(times, times[1:]))
        assert frames[-1][1] == MotionState(322, 0, True)
        assert not any(state.settled for _, state in frames[:-1])
        assert times[-1] <= motion.duration + 1 / 60
        assert all(math.isfinite(s.offset) and math.isfinite(s.velocity) for _, s in frames)
        with pytest.raises(ValueError):
            next(motion.frames(fps=0))


def test_retarget_is_continuous() -> None:
    with Layout(carousel_config("groupPaging")) as layout:
        motion = layout.resolve_scroll(0, 0, 30, 300).motion
        at = motion.sample(0.05)
        redirected = motion.retarget(0.05, 644)
        start = redirected.sample(0)
        assert start.offset == pytest.approx(at.offset, abs=1e-9)
        assert start.velocity == pytest.approx(at.velocity, abs=1e-6)
        assert redirected.target_offset == 644 and motion.target_offset == 322
        assert redirected.sample(redirected.duration) == MotionState(644, 0, True)


def test_motion_is_an_immutable_value() -> None:
    with Layout(carousel_config("groupPaging")) as layout:
        motion = layout.resolve_scroll(0, 0, 30, 300).motion
        again = layout.resolve_scroll(0, 0, 30, 300).motion
        assert motion == again and hash(motion) == hash(again) and motion is not again
        assert pickle.loads(pickle.dumps(motion)) == motion
        with pytest.raises(AttributeError):
            motion.target_offset = 5  # type: ignore[misc]
        fields = motion.as_dict()
        assert fields["target_offset"] == 322 and "reserved" not in fields
        struct = motion.to_c()
        struct.target_offset = 999  # a copy: the motion is unchanged
        assert motion.target_offset == 322 and Motion(struct).target_offset == 999
        assert "Motion(" in repr(motion)


def test_a_motion_the_library_did_not_make_is_refused() -> None:
    forged = ll.sl_motion(kind=7)
    with pytest.raises(Exception) as raised:
        Motion(forged).sample(0)
    assert getattr(raised.value, "status", "") == "SL_EINVAL"


# -- offsets, pinning, effects ----------------------------------------------------------------


def test_scroll_offsets() -> None:
    with Layout(carousel_config("paging")) as layout:
        layout.set_scroll_offset(0, 390)
        assert layout.scroll_offset(0) == 390 == layout.section_offset(0)
        layout.set_scroll_offset(0, -50)  # overscroll is allowed
        assert layout.scroll_info(0).offset == -50
        layout.set_scroll_offset(SCROLL_MAIN, 12)
        assert layout.scroll_offset() == 12


def test_geometry_needs_a_container_size() -> None:
    config = carousel_config("paging")
    del config["environment"]
    with Layout(config) as layout:
        with pytest.raises(StateError):
            layout.scroll_info(0)
        with pytest.raises(StateError):
            layout.resolve_scroll(0, 0, 0, 0)


HANDLER_CONFIG = {
    "environment": {"container": {"width": 390, "height": 844}},
    "sections": [
        {
            "itemCount": 5,
            "interGroupSpacing": 10,
            "orthogonalScrollingBehavior": "groupPagingCentered",
            "visibleItemEffects": {
                "scale": {"center": 1, "edge": 0.9},
                "alpha": {"center": 1, "edge": 0.5},
                "zIndex": {"center": 2, "edge": 0},
                "distance": 1,
            },
            "group": {
                "group": "horizontal",
                "layoutSize": size(fw(0.8), absolute(200)),
                "subitems": [{"layoutSize": size(fw(1), fh(1))}],
            },
        },
        {
            "itemCount": 3,
            "group": {
                "group": "horizontal",
                "layoutSize": size(fw(1), absolute(100)),
                "subitems": [{"layoutSize": size(fw(1), fh(1))}],
            },
        },
    ],
}


def test_visible_item_effects() -> None:
    with Layout(HANDLER_CONFIG) as layout:
        cells = {e.item: e for e in layout.elements((0, 0, 390, 844)) if e.section == 0}
        # At rest the first card is centred: scale 1, alpha 1, z 2; its neighbour one stride away.
        assert (cells[0].scale, cells[0].alpha, cells[0].z_index) == (1, 1, 2)
        assert (cells[1].scale, cells[1].alpha, cells[1].z_index) == (0.9, 0.5, 0)
        assert cells[1].transform.d == 0.9


def test_visible_items_handler() -> None:
    seen: List[VisibleItemsContext] = []

    def fade(context: VisibleItemsContext, elements: List[Element]) -> List[Element]:
        seen.append(context)
        return [
            dataclasses.replace(
                e, alpha=0.25, z_index=e.z_index + 10, frame=e.frame.offset_by(1, 0)
            )
            for e in elements
        ]

    with Layout(HANDLER_CONFIG) as layout:
        plain = list(layout.elements((0, 0, 390, 844)))
        layout.set_visible_items_handler(1, fade)
        handled = list(layout.elements((0, 0, 390, 844)))
        assert [c.section for c in seen] == [1] and seen[0].container == SCROLL_MAIN
        assert seen[0].viewport_length == 844
        for before, after in zip(plain, handled):
            if before.section == 1:
                assert after.alpha == 0.25 and after.z_index == before.z_index + 10
                assert after.frame == before.frame.offset_by(1, 0)
            else:
                assert after == before
        layout.set_visible_items_handler(1, None)
        assert list(layout.elements((0, 0, 390, 844))) == plain


def test_handler_errors_are_raised_by_the_query() -> None:
    with Layout(HANDLER_CONFIG) as layout:

        def broken(context: VisibleItemsContext, elements: List[Element]) -> None:
            raise KeyError("from the handler")

        layout.set_visible_items_handler(0, broken)
        with pytest.raises(KeyError, match="from the handler"):
            list(layout.elements())
        layout.set_visible_items_handler(0, lambda context, elements: elements[:1])
        with pytest.raises(ValueError, match="returned 1 elements"):
            list(layout.elements())
        layout.set_visible_items_handler(0, lambda context, elements: ["x"] * len(elements))
        with pytest.raises(TypeError, match="Element values"):
            list(layout.elements())

        def changes_layout(context: VisibleItemsContext, elements: List[Element]) -> None:
            layout.set_section_offset(0, 10)

        layout.set_visible_items_handler(0, changes_layout)
        with pytest.raises(StateError, match="must not change"):
            list(layout.elements())
        # Reading the layout from a handler is fine.
        layout.set_visible_items_handler(
            0, lambda context, elements: [layout.content_size] and None
        )
        assert len(list(layout.elements())) == 8
        assert layout.section_offset(0) != 10  # the failed change did not happen


def test_handlers_follow_their_sections() -> None:
    calls: List[int] = []
    with Layout(HANDLER_CONFIG) as layout:
        layout.set_visible_items_handler(1, lambda context, elements: calls.append(context.section))
        row = HANDLER_CONFIG["sections"][1]
        layout.insert_sections(0, [row, row])  # the handled section is now 3
        list(layout.elements())
        assert calls == [3]
        layout.move_section(3, 0)
        calls.clear()
        list(layout.elements())
        assert calls == [0]
        layout.set_visible_items_handler(0, None)  # removes it from the section it is now on
        calls.clear()
        list(layout.elements())
        assert calls == []
        layout.set_visible_items_handler(2, lambda context, elements: calls.append(context.section))
        layout.delete_sections(2)
        list(layout.elements())
        assert calls == []


def test_pinned_headers_and_rects() -> None:
    row = {
        "group": "horizontal",
        "layoutSize": size(fw(1), absolute(100)),
        "subitems": [{"layoutSize": size(fw(1), fh(1))}],
    }

    def pinned(kind: str, alignment: str, height: float) -> Dict[str, Any]:
        return {
            "elementKind": kind,
            "alignment": alignment,
            "pinToVisibleBounds": True,
            "layoutSize": size(fw(1), absolute(height)),
        }

    section = {
        "itemCount": 10,
        "group": row,
        "boundarySupplementaryItems": [pinned("header", "top", 50), pinned("footer", "bottom", 30)],
    }
    # Section s spans 1080 s ... 1080 s + 1080 at 400 x 800.
    config = {
        "environment": {"container": {"width": 400, "height": 800}},
        "sections": [section] * 3,
    }
    with Layout(config) as layout:
        layout.set_scroll_offset(SCROLL_MAIN, 1500)
        visible = list(layout.elements((0, 1500, 400, 800)))
        header = next(e for e in visible if e.kind_name == "header" and e.section == 1)
        footer = next(e for e in visible if e.kind_name == "footer" and e.section == 2)
        assert header.pinned and header.frame == Rect(0, 1500, 400, 50)
        # The footer of section 2 sticks to the bottom, never above its section's start.
        assert footer.frame.max_y == 2300 and footer.frame.y >= 2160
