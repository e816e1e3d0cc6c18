"""Property tests over random valid configurations (strategies.py), with hypothesis.

What must hold for every valid layout (docs/LAYOUT-RULES.md, docs/FLOW-LAYOUT.md,
docs/SNAPPING.md), and which layouts each property is claimed for:

- every frame is finite with a non-negative size; the rect query, the item frames and the JSON
  agree with one another; every item is listed once (any valid layout);
- every cell lies inside the content, and sibling cells (one repetition of a root group) do not
  overlap, for layouts whose children fit their groups by construction (``fitting``) with
  non-negative insets and spacing; across the scroll axis only for orthogonal sections;
- flow layouts: cells inside the content and never overlapping;
- every rest offset and every snap target lies inside the container's scroll bounds, the motion
  starts at the release and settles exactly on the target;
- one item's frame stays finite and inside the content with up to 10^12 items;
- data changes give the layout a freshly created one with the same data would have.

Containers that loop (``loop_info(c).active``, docs/SNAPPING.md, "Looping") have no bounds, so
they are held to the loop's own rules instead: the rest positions lie in the canonical lap
``[start, start + period)``, a target is its rest position's offset plus a whole number of
periods (releases are drawn laps away too) and its canonical offset lies in the canonical lap,
progress is in ``[0, count)``, the offset that shows an item is at most half a period away,
elements are unique by (category, kind, section, item, copy) rather than (section, item), and a
copy other than 0 comes only from a looping container. "Every element" there is one lap of each
loop (``copy_json`` without a rect), since ``elements()`` without a rect lists every copy a rect
of 10^15 points reaches. A looping orthogonal section scrolled by one period shows the same
elements, its own one copy further on; a loop with another algorithm than the standard one is
refused at the JSON path of its ``"loop"``. Containers that ask to loop but are too short to
(``requested`` but not ``active``) keep every rule of the others.

The runs are derandomized (conftest.py), so CI sees the same examples every time; set
SNAPLAYOUT_HYPOTHESIS_SCALE (e.g. 10) for a longer search.
"""

from __future__ import annotations

import copy
import math
import os
from dataclasses import astuple, dataclass, replace
from typing import Any, Dict, List, Optional, Tuple, Union

import pytest

hypothesis = pytest.importorskip("hypothesis")

from hypothesis import assume, event, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import strategies as gen  # noqa: E402
from snaplayout import (
    SCROLL_MAIN,
    ConfigError,
    Element,
    InvalidArgumentError,
    Layout,
    LoopInfo,
    Rect,
)  # noqa: E402

SCALE = float(os.environ.get("SNAPLAYOUT_HYPOTHESIS_SCALE", "1"))


def examples(count: int) -> Any:
    return settings(max_examples=max(1, int(count * SCALE)))


# Children may overflow a `subitems` group by at most 0.25 pt (the fit loop's tolerance; less
# for children thinner than a point, docs/LAYOUT-RULES.md).
FIT_TOLERANCE = 0.25


def solved(config: Dict[str, Any], container: Tuple[float, float]) -> Layout:
    """The layout at the container size; examples that cannot be solved there are skipped.

    Creating must succeed (the strategies only make valid configurations); solving may fail
    with ConfigError when a group cannot fit its first child at this size (documented).
    """
    layout = Layout(config)
    try:
        layout.set_container_size(*container)
    except ConfigError as error:
        layout.close()
        event(f"not solvable at this size: {error.message.split(':')[0]}")
        assume(False)
    return layout


def tolerance(content_length: float) -> float:
    return FIT_TOLERANCE + 1e-9 * abs(content_length)


def overlap(a: Rect, b: Rect, slack: float) -> bool:
    """True when the rects share more than `slack` points on both axes."""
    shared = a.intersection(b)
    return shared is not None and shared.width > slack and shared.height > slack


EDGE = 1e-7


def overlap_class(frame: Rect, rect: Rect) -> str:
    """'in' (shares more than EDGE on both axes), 'out' (misses by more) or 'borderline'."""
    dx = min(frame.max_x, rect.max_x) - max(frame.x, rect.x)
    dy = min(frame.max_y, rect.max_y) - max(frame.y, rect.y)
    edge = EDGE * max(1.0, abs(frame.x), abs(frame.y), abs(rect.x), abs(rect.y))
    if dx < -edge or dy < -edge:
        return "out"
    if dx > edge and dy > edge and frame.width > 0 and frame.height > 0:
        return "in"
    return "borderline"  # including zero-sized elements: found when an edge lies inside


def main_axis_is_y(layout: Layout) -> bool:
    return not layout.scroll_info(SCROLL_MAIN).horizontal


def active_loops(layout: Layout) -> Dict[int, LoopInfo]:
    """The scroll containers that loop (``loop_info(c).active``), with their loop info."""
    loops = {}
    for container in layout.scroll_containers():
        loop = layout.loop_info(container)
        if loop.active:
            loops[container] = loop
    return loops


@dataclass(frozen=True)
class Listed:
    """An element as ``copy_json`` lists it: the attributes the properties read."""

    category: str
    kind_name: str
    section: int
    item: int
    frame: Rect
    z_index: int
    copy: int

    @property
    def is_cell(self) -> bool:
        return self.category == "cell"

    @property
    def index_path(self) -> Tuple[int, int]:
        return (self.section, self.item)


def listed(document: Dict[str, Any]) -> List[Listed]:
    return [
        Listed(
            e["category"],
            e["kind"],
            e["section"],
            e["item"],
            Rect(**e["frame"]),
            e["zIndex"],
            e.get("copy", 0),
        )
        for e in document["elements"]
    ]


def as_listed(element: Element) -> Listed:
    return Listed(
        element.category.config_name,
        element.kind_name,
        element.section,
        element.item,
        element.frame,
        element.z_index,
        element.copy,
    )


AnyElement = Union[Element, Listed]


def every_element(layout: Layout) -> List[AnyElement]:
    """Every element once: ``elements()`` when no container loops; else one lap of each loop,
    the one its offset is in (``copy_json`` without a rect), since ``elements()`` without a rect
    gives every copy a rect of 10^15 points reaches (up to 1024 laps each side; a looping
    carousel in a looping main scroll, millions)."""
    if active_loops(layout):
        return list(listed(layout.copy_json()))
    return list(layout.elements())


def assert_finite(element: Element) -> None:
    frame = element.frame
    assert frame.is_finite, element
    assert frame.width >= 0 and frame.height >= 0, element
    assert math.isfinite(element.alpha) and 0 <= element.alpha <= 1, element
    t = element.transform
    assert all(math.isfinite(v) for v in (t.a, t.b, t.c, t.d, t.tx, t.ty)), element


# -- any valid layout ------------------------------------------------------------------------


@examples(250)
@given(config=gen.compositional_configs(), container=gen.CONTAINERS, data=st.data())
def test_frames_are_finite_and_the_queries_agree(
    config: Dict[str, Any], container: Any, data: Any
) -> None:
    with solved(config, container) as layout:
        content = layout.content_size
        assert math.isfinite(content.width) and math.isfinite(content.height)
        assert content.width >= 0 and content.height >= 0
        loops = active_loops(layout)
        document = layout.copy_json()
        if loops:
            # One lap of each loop: elements() without a rect would list every copy.
            event("a container loops")
            everything: List[AnyElement] = listed(document)
        else:
            everything = list(layout.elements())
            assert len(everything) == layout.element_count()
            assert len(document["elements"]) == len(everything)
            for element in everything:
                assert_finite(element)
        cells = [e for e in everything if e.is_cell]
        counts = layout.item_counts
        assert sorted(e.index_path for e in cells) == [
            (s, i) for s, n in enumerate(counts) for i in range(n)
        ]
        for cell in cells:
            assert layout.item_frame(cell.section, cell.item) == cell.frame
        for info in layout.section_infos():
            assert info.frame.is_finite and info.item_count == counts[info.section]
        # A rect query lists the elements that intersect it, in order. Elements that share
        # less than EDGE with the rect on an axis (or miss it by less) are borderline: the
        # library may round such a sliver either way (mirroring a rect for right-to-left).
        x = data.draw(st.floats(-100, max(content.width, 1) + 100), label="x")
        y = data.draw(st.floats(-100, max(content.height, 1) + 100), label="y")
        rect = Rect(x, y, container[0], container[1])
        found = list(layout.elements(rect))
        assert len(found) == layout.element_count(rect)
        assert all(overlap_class(e.frame, rect) != "out" for e in found), (rect, found)
        inside = [e for e in everything if overlap_class(e.frame, rect) == "in"]
        if not loops:
            assert [e for e in found if overlap_class(e.frame, rect) == "in"] == inside
            return
        # A loop's rect query gives an element once per copy the rect reaches: unique by
        # (category, kind, section, item, copy), copies other than 0 only from looping
        # containers, and the lap listed above among them, where it is.
        for element in found:
            assert_finite(element)
        keys = [(e.category, e.kind, e.section, e.item, e.copy) for e in found]
        assert len(keys) == len(set(keys)), (rect, found)
        if SCROLL_MAIN not in loops:  # only the cells (and badges) of looping sections
            assert all(
                e.copy == 0 or (e.section in loops and (e.is_cell or e.kind_name == "badge"))
                for e in found
            ), (loops, found)
        shown = {as_listed(e) for e in found}
        assert all(e in shown for e in inside), (rect, [e for e in inside if e not in shown])


# -- layouts whose children fit --------------------------------------------------------------


def assert_cells_inside(layout: Layout) -> None:
    content = layout.content_size
    bounds = Rect(0, 0, content.width, content.height)
    slack = tolerance(max(content.width, content.height))
    vertical = main_axis_is_y(layout)
    orthogonal = {i.section for i in layout.section_infos() if i.is_orthogonal}
    for cell in every_element(layout):
        frame = cell.frame
        if not cell.is_cell or frame.width == 0 or frame.height == 0:
            # Zero-sized cells: insets larger than their slot leave a cell of no size whose
            # origin still moves by the leading inset (LAYOUT-RULES "Content insets").
            continue
        if cell.section in orthogonal:  # it scrolls across the main axis: check along it only
            low, high = (frame.min_y, frame.max_y) if vertical else (frame.min_x, frame.max_x)
            end = content.height if vertical else content.width
            assert low >= -slack and high <= end + slack, (cell, content)
        else:
            assert bounds.contains(frame, slack), (cell, content)


def assert_siblings_apart(layout: Layout) -> None:
    slack = FIT_TOLERANCE + 1e-9
    everything = every_element(layout)
    loops = active_loops(layout)
    for info in layout.section_infos():
        if info.item_count == 0 or info.items_per_group == 0:
            continue
        cells = [e for e in everything if e.is_cell and e.section == info.section]
        repetitions: Dict[int, List[Element]] = {}
        for cell in cells:
            repetitions.setdefault(cell.item // info.items_per_group, []).append(cell)
        for siblings in repetitions.values():
            for i, a in enumerate(siblings):
                for b in siblings[i + 1 :]:
                    assert not overlap(a.frame, b.frame, slack), (info, a, b)
        # Repetitions follow one another without overlapping either.
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                assert not overlap(a.frame, b.frame, slack), (info, a, b)
        loop = loops.get(info.section)
        if loop is not None:
            # Nor do the copies of a loop across the seam: the row a period either side.
            row = info.frame
            period = loop.period
            if main_axis_is_y(layout):
                rect = Rect(row.x - period, row.y, row.width + 2 * period, row.height)
            else:
                rect = Rect(row.x, row.y - period, row.width, row.height + 2 * period)
            copies = [e for e in layout.elements(rect) if e.is_cell and e.section == info.section]
            for i, a in enumerate(copies):
                for b in copies[i + 1 :]:
                    assert not overlap(a.frame, b.frame, slack), (info, loop, a, b)


@examples(200)
@given(config=gen.compositional_configs(fitting=True), container=gen.CONTAINERS)
def test_cells_lie_inside_the_content(config: Dict[str, Any], container: Any) -> None:
    with solved(config, container) as layout:
        assert_cells_inside(layout)


@examples(200)
@given(config=gen.compositional_configs(fitting=True), container=gen.CONTAINERS)
def test_sibling_cells_do_not_overlap(config: Dict[str, Any], container: Any) -> None:
    with solved(config, container) as layout:
        assert_siblings_apart(layout)


@examples(100)
@given(
    config=gen.compositional_configs(fitting=True, huge=True),
    container=gen.CONTAINERS,
    data=st.data(),
)
def test_huge_item_counts(config: Dict[str, Any], container: Any, data: Any) -> None:
    # One item's frame is O(1) whatever the count: finite and inside the content at 10^12.
    with solved(config, container) as layout:
        content = layout.content_size
        slack = tolerance(max(content.width, content.height))
        vertical = main_axis_is_y(layout)
        for info in layout.section_infos():
            n = info.item_count
            if n == 0:
                continue
            picks = {0, n - 1, n // 2, data.draw(st.integers(0, n - 1), label="item")}
            for item in picks:
                frame = layout.item_frame(info.section, item)
                assert frame.is_finite and frame.width >= 0 and frame.height >= 0
                if frame.width == 0 or frame.height == 0:
                    continue
                low, high = (frame.min_y, frame.max_y) if vertical else (frame.min_x, frame.max_x)
                end = content.height if vertical else content.width
                assert low >= -slack and high <= end + slack, (info, item, frame, content)
        # A viewport at the end of a long content holds few elements (no scan of the items).
        far = (
            (0, max(content.height - container[1], 0), container[0], container[1])
            if vertical
            else (max(content.width - container[0], 0), 0, container[0], container[1])
        )
        assert layout.element_count(far) < 100_000


# -- flow layouts ----------------------------------------------------------------------------


@examples(250)
@given(config=gen.flow_configs(), container=gen.CONTAINERS)
def test_flow_cells_inside_the_content_and_apart(config: Dict[str, Any], container: Any) -> None:
    with solved(config, container) as layout:
        everything = every_element(layout)
        for element in everything:
            if isinstance(element, Element):
                assert_finite(element)
            else:
                assert element.frame.is_finite, element
        content = layout.content_size
        bounds = Rect(0, 0, content.width, content.height)
        slack = 1e-6 + 1e-9 * max(content.width, content.height)
        cells = [e for e in everything if e.is_cell]
        assert len(cells) == sum(layout.item_counts)
        # An item longer than its line widens the content (FLOW-LAYOUT.md F1, F12).
        for cell in cells:
            frame = cell.frame
            assert bounds.contains(frame, slack), (cell, content)
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                assert not overlap(a.frame, b.frame, slack), (a, b)


# -- snapping --------------------------------------------------------------------------------


def scrolling_setting(config: Dict[str, Any], container: int, key: str, default: Any) -> Any:
    """A container's scrolling setting as configured (ScrollInfo does not report all of them)."""
    if container == SCROLL_MAIN:
        settings_ = config.get("configuration", {}).get("scrolling", {})
    else:
        settings_ = config["sections"][container].get("orthogonalScrollingProperties", {})
    return settings_.get(key, default)


def check_motion(result: Any, release: Dict[str, Any], eps: float) -> None:
    """The motion starts at the release (or is settled), stays finite, settles on the target."""
    target = result.target_offset
    motion = result.motion
    start = motion.sample(0)
    assert abs(start.offset - release["release_offset"]) <= eps or start.settled, (
        release,
        motion,
    )
    assert math.isfinite(motion.duration) and motion.duration >= 0, motion
    for step in range(8):
        state = motion.sample(motion.duration * step / 7 if motion.duration else step)
        assert math.isfinite(state.offset) and math.isfinite(state.velocity), (motion, state)
    end = motion.sample(motion.duration)
    assert end.settled and end.offset == target and end.velocity == 0, (motion, end)


def check_container(layout: Layout, config: Dict[str, Any], container: int, data: Any) -> None:
    loop = layout.loop_info(container)
    assert loop.requested == (scrolling_setting(config, container, "loop", False) is True), loop
    if loop.active:
        event("a container loops")
        check_loop(layout, container, data, loop)
        return
    assert (loop.period, loop.start) == (0, 0), loop
    info = layout.scroll_info(container)
    low, high = info.min_offset, info.max_offset
    eps = 1e-6 + 1e-9 * max(abs(low), abs(high))
    assert math.isfinite(low) and math.isfinite(high) and low <= high + eps, info
    offsets = layout.snap_offsets(container, limit=2000)
    assert len(offsets) == min(info.snap_count, 2000)
    assert all(a <= b + eps for a, b in zip(offsets, offsets[1:])), offsets
    # "containment: none keeps the aligned positions (targets are still clamped)" (SNAPPING.md).
    if scrolling_setting(config, container, "containment", "trimSnaps") != "none":
        assert all(low - eps <= o <= high + eps for o in offsets), (info, offsets)
    # The two UIKit patterns compute their targets their own way, defects included.
    standard = scrolling_setting(config, container, "algorithm", "standard") == "standard"
    for _ in range(3):
        release = gen.draw_release(data.draw, low, high, info.snap_count)
        result = layout.resolve_scroll(container, **release)
        target = result.target_offset
        assert low - eps <= target <= high + eps, (info, release, result)
        if info.snap_count == 0:
            assert result.snap_index is None
        else:
            assert result.snap_index is not None and 0 <= result.snap_index < info.snap_count
            if standard and result.snap_index < len(offsets):
                # The rest position's offset, or inside the range of one that covers a range (an
                # item longer than the viewport; SNAPPING.md), as Tests/c/test_numeric.c checks.
                expected = min(max(offsets[result.snap_index], low), high)
                covered = layout.snap_range(container, result.snap_index)
                assert covered[0] <= covered[1], (offsets, result, covered)
                if covered[0] < covered[1]:
                    event("a rest position covers a range")
                assert abs(expected - target) <= eps or (
                    covered[0] < covered[1] and covered[0] - eps <= target <= covered[1] + eps
                ), (offsets, result, covered)
        check_motion(result, release, eps)
        position = layout.snap_position(container, release["release_offset"])
        if info.snap_count:
            assert position.index is not None and 0 <= position.index < info.snap_count
            assert 0 <= position.progress <= info.snap_count - 1 + eps
        reference = layout.reference_snap(container, release["start_offset"], result.motion, 0.01)
        assert (info.snap_count == 0 and reference is None) or 0 <= reference < info.snap_count


# Releases on a loop are drawn around the canonical lap, then moved this many laps on.
LAPS = st.one_of(st.just(0), st.integers(-3, 3), st.integers(-(10**6), 10**6))


def whole_periods(offset: float, base: float, period: float) -> bool:
    """``offset`` is ``base`` plus a whole number of periods, within 1e-6 relative."""
    laps = round((offset - base) / period)
    return abs(offset - (base + laps * period)) <= 1e-6 * max(1.0, abs(offset), period)


def check_loop(layout: Layout, container: int, data: Any, loop: LoopInfo) -> None:
    """A looping container's rules (docs/SNAPPING.md, "Looping"): no bounds, rest positions
    repeating every period, canonical indices and progress."""
    info = layout.scroll_info(container)
    low, period = loop.start, loop.period
    high = low + period
    assert math.isfinite(low) and math.isfinite(period) and period > 0, loop
    # min_offset and max_offset are the canonical lap, not bounds.
    assert (info.min_offset, info.max_offset) == (low, high), (info, loop)
    eps = 1e-6 + 1e-9 * max(abs(low), abs(high))
    offsets = layout.snap_offsets(container, limit=2000)
    assert len(offsets) == min(info.snap_count, 2000)
    assert all(a <= b + eps for a, b in zip(offsets, offsets[1:])), offsets
    # Every unit's aligned position in one lap: nothing trimmed or clamped.
    assert all(low - eps <= o < high + eps for o in offsets), (loop, offsets)
    for _ in range(3):
        release = gen.draw_release(data.draw, low, high, info.snap_count)
        laps = data.draw(LAPS, label="laps")
        release["start_offset"] += laps * period
        release["release_offset"] += laps * period
        result = layout.resolve_scroll(container, **release)
        target = result.target_offset
        far = 1e-6 * max(1.0, abs(target), period)  # the tolerance a lap a million away needs
        assert math.isfinite(target), (loop, release, result)
        canonical, shift = layout.canonical_offset(container, target)
        assert low <= canonical < high, (loop, target, canonical)
        assert whole_periods(shift, 0, period), (loop, target, shift)
        assert abs(canonical + shift - target) <= far, (loop, target, canonical, shift)
        if info.snap_count == 0:
            assert result.snap_index is None
        else:
            # Rest position k of lap m is at offsets[k] + m * period.
            assert result.snap_index is not None and 0 <= result.snap_index < info.snap_count
            if result.snap_index < len(offsets):
                rest = offsets[result.snap_index]
                # Or anywhere in the range of a unit longer than the viewport, in some lap
                # (SNAPPING.md, "Items longer than the viewport").
                first, last = layout.snap_range(container, result.snap_index)
                lap = round((target - rest) / period)
                inside = first < last and first - far <= target - lap * period <= last + far
                assert whole_periods(target, rest, period) or inside, (
                    loop,
                    offsets,
                    release,
                    result,
                    (first, last),
                )
        check_motion(result, release, eps + far)
        position = layout.snap_position(container, release["release_offset"])
        if info.snap_count:
            # Canonical indices; progress runs from count - 1 toward count across the seam.
            assert position.index is not None and 0 <= position.index < info.snap_count
            assert 0 <= position.progress < info.snap_count, (loop, release, position)
        reference = layout.reference_snap(container, release["start_offset"], result.motion, 0.01)
        assert (info.snap_count == 0 and reference is None) or 0 <= reference < info.snap_count


@examples(200)
@given(
    config=st.one_of(
        gen.compositional_configs(),
        gen.flow_configs(),
        gen.looping_orthogonal_configs(),
        gen.looping_main_configs(),
    ),
    container=gen.CONTAINERS,
    data=st.data(),
)
def test_snap_targets_lie_inside_the_scroll_bounds(
    config: Dict[str, Any], container: Any, data: Any
) -> None:
    with solved(config, container) as layout:
        for scroll_container in layout.scroll_containers():
            check_container(layout, config, scroll_container, data)
            info = layout.scroll_info(scroll_container)
            # The offset that shows an item is a rest offset inside the bounds (in a loop: the
            # nearest copy's).
            sections = (
                [scroll_container]
                if scroll_container != SCROLL_MAIN
                else [i.section for i in layout.section_infos() if not i.is_orthogonal]
            )
            for section in sections:
                count = layout.item_count(section)
                if count == 0:
                    continue
                item = data.draw(st.integers(0, count - 1), label="item")
                try:
                    shown = layout.offset_for_item(scroll_container, section, item)
                except InvalidArgumentError:
                    continue
                eps = 1e-6 + 1e-9 * abs(shown.offset)
                loop = layout.loop_info(scroll_container)
                if not loop.active:
                    assert info.min_offset - eps <= shown.offset <= info.max_offset + eps, (
                        info,
                        shown,
                    )
                    continue
                # The copy nearest where the container is: at most half a period away.
                assert abs(shown.offset - info.offset) <= loop.period / 2 + eps, (loop, shown)
                canonical, _ = layout.canonical_offset(scroll_container, shown.offset)
                assert loop.start <= canonical < loop.start + loop.period, (loop, shown, canonical)


@examples(100)
@given(case=gen.nonstandard_loops())
def test_a_loop_with_another_algorithm_is_refused(case: Tuple[Dict[str, Any], str]) -> None:
    # UIKit's two delegate patterns need the content's bounds (SNAPPING.md, "Algorithms").
    config, path = case
    with pytest.raises(ConfigError) as refusal:
        Layout(config).close()
    assert refusal.value.path == path, refusal.value
    assert "standard algorithm" in refusal.value.message, refusal.value


# -- loops -----------------------------------------------------------------------------------


def moved_on(element: Element, section: int, laps: int) -> Element:
    """The element as the same scene shows it once section ``section`` scrolled ``laps`` periods
    on: its cells and their badges (which count the section's laps) are copy ``laps`` further."""
    if element.section == section and (element.is_cell or element.kind_name == "badge"):
        return replace(element, copy=element.copy + laps)
    return element


def close(a: Element, b: Element) -> bool:
    """The same element, frames and transforms within 1e-9 relative (the offsets o and
    o + period reach the same canonical offset through different roundings)."""

    def near(u: float, v: float) -> bool:
        return abs(u - v) <= 1e-9 * max(1.0, abs(u), abs(v))

    fa, fb, ta, tb = a.frame, b.frame, a.transform, b.transform
    return (
        replace(a, frame=fb, transform=tb, alpha=b.alpha) == b
        and all(near(u, v) for u, v in zip(astuple(fa), astuple(fb)))
        and all(near(u, v) for u, v in zip(astuple(ta), astuple(tb)))
        and near(a.alpha, b.alpha)
    )


@examples(100)
@given(
    config=gen.looping_orthogonal_configs(),
    container=gen.CONTAINERS,
    data=st.data(),
)
def test_a_period_on_a_loop_shows_the_next_copy(
    config: Dict[str, Any], container: Any, data: Any
) -> None:
    # Offsets o and o + k * period show the same content: what a rect holds at o + k * period
    # is what it holds at o, the looping section's cells (and badges) k copies further and
    # framed alike; every other element as it was.
    with solved(config, container) as layout:
        loops = active_loops(layout)
        sections = sorted(s for s in loops if s != SCROLL_MAIN)
        assume(sections)  # the strategy's looping section may be too short to loop
        section = data.draw(st.sampled_from(sections), label="section")
        loop = loops[section]
        period = loop.period
        offset = loop.start + period * data.draw(st.floats(-1.5, 2.5), label="laps")
        laps = data.draw(st.sampled_from((1, 1, -1, 3)), label="k")
        # The section's row, with room along it (where the copies are) and a little across it:
        # a rect no longer than the viewport across a looping main scroll meets one copy of
        # the row (a longer one could meet two, both with the same copies of the section).
        row = layout.section_info(section).frame
        along = data.draw(st.floats(0, 2 * period), label="along")
        across = data.draw(st.floats(0, 50), label="across")
        if main_axis_is_y(layout):
            rect = Rect(
                row.x - along, row.y - across, row.width + 2 * along, row.height + 2 * across
            )
        else:
            rect = Rect(
                row.x - across, row.y - along, row.width + 2 * across, row.height + 2 * along
            )
        layout.set_scroll_offset(section, offset)
        before = list(layout.elements(rect))
        layout.set_scroll_offset(section, offset + laps * period)
        after = list(layout.elements(rect))
        # Elements that only touch the rect may be found on one side and not the other (the
        # two offsets differ in their last bits).
        for found in (before, after):
            assert all(overlap_class(e.frame, rect) != "out" for e in found), (rect, found)
        before = [
            moved_on(e, section, laps) for e in before if overlap_class(e.frame, rect) == "in"
        ]
        after = [e for e in after if overlap_class(e.frame, rect) == "in"]
        assert len(after) == len(before), (loop, offset, laps, before, after)
        assert all(close(a, b) for a, b in zip(before, after)), (loop, offset, laps, before, after)
        # Each (item, copy) once, and the same canonical offset (modulo a period: at the seam
        # one may round to the lap's start and the other to just below its end).
        views = [e.view_key for e in after if e.section == section and e.is_cell]
        assert len(views) == len(set(views)), views
        gap = abs(
            layout.canonical_offset(section, offset)[0]
            - layout.canonical_offset(section, offset + laps * period)[0]
        )
        assert min(gap, period - gap) <= 1e-9 * max(period, abs(offset) + abs(laps) * period)


# -- data changes ----------------------------------------------------------------------------


def snapshot(layout: Layout) -> Tuple[Any, ...]:
    elements = tuple(
        (e.category, e.kind_name, e.section, e.item, e.frame, e.z_index, e.copy)
        for e in every_element(layout)
    )
    return layout.content_size, layout.item_counts, elements


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(("insert", "delete", "count", "move")),
        st.integers(0, 3),
        st.floats(0, 1),
        st.integers(0, 5),
        st.floats(0, 1),
    ),
    min_size=1,
    max_size=5,
)


@examples(100)
@given(
    config=gen.compositional_configs(fitting=True), container=gen.CONTAINERS, operations=OPERATIONS
)
def test_item_changes_equal_a_fresh_layout(
    config: Dict[str, Any], container: Any, operations: List[Any]
) -> None:
    with solved(config, container) as layout:
        model = copy.deepcopy(config)
        sections = model["sections"]
        assume(sections)
        for kind, which, where, amount, target in operations:
            s = which % len(sections)
            n = sections[s]["itemCount"]
            if kind == "insert":
                at = int(where * n)
                layout.insert_items(s, at, amount)
                sections[s]["itemCount"] = n + amount
            elif kind == "delete":
                at = int(where * n)
                count = min(amount, n - at)
                layout.delete_items(s, at, count)
                sections[s]["itemCount"] = n - count
            elif kind == "count":
                layout.set_item_count(s, amount * 3)
                sections[s]["itemCount"] = amount * 3
            elif n > 0:
                layout.move_item(s, int(where * (n - 1)), s, int(target * (n - 1)))
        with solved(model, container) as fresh:
            assert snapshot(layout) == snapshot(fresh)
