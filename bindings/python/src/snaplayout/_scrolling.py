"""Scroll containers, snapping, navigation, wheels and touchpads: the part of
:class:`snaplayout.Layout` that moves things (docs/SNAPPING.md)."""

from __future__ import annotations

import ctypes
from ctypes import byref
from typing import List, Optional, Tuple

from . import _convert as cv
from . import lowlevel as ll
from ._status import check
from .motion import Motion, ScrollInputResult, SnapResult, in_flight_argument
from .values import ItemOffset, LoopInfo, ScrollInfo, SnapPosition, optional_index

#: The container id of the layout's main scroll.
SCROLL_MAIN = ll.SL_SCROLL_MAIN

#: ``Layout.navigate`` actions and their ``SL_NAVIGATE_*`` codes.
_NAVIGATION_ACTIONS = {
    "next": ll.SL_NAVIGATE_NEXT,
    "previous": ll.SL_NAVIGATE_PREVIOUS,
    "to": ll.SL_NAVIGATE_TO,
    "first": ll.SL_NAVIGATE_FIRST,
    "last": ll.SL_NAVIGATE_LAST,
}

#: ``Layout.offset_to_show_item`` alignments and their ``SL_ALIGN_*`` codes.
_ALIGNMENTS = {
    "start": ll.SL_ALIGN_START,
    "center": ll.SL_ALIGN_CENTER,
    "end": ll.SL_ALIGN_END,
    "nearest": ll.SL_ALIGN_NEAREST,
}

#: ``Layout.scroll_input`` devices and their ``SL_INPUT_*`` codes.
_INPUT_DEVICES = {"wheel": ll.SL_INPUT_WHEEL, "touchpad": ll.SL_INPUT_TOUCHPAD}


class ScrollingMixin:
    """The scrolling methods of :class:`snaplayout.Layout`, copied into it (they use its
    ``_access``, ``_lib`` and ``section_infos``); not used on its own."""

    # -- orthogonal sections ----------------------------------------------------------------

    def section_offset(self, section: int) -> float:
        """A section's orthogonal scroll offset (0 for a section that does not scroll).

        A thin alias kept for compatibility, as its C call is (deprecated since 0.2): use
        :meth:`scroll_offset`, the one call for every scroll container.
        """
        s = cv.int32(section, "section")
        out = ctypes.c_double()
        with self._access() as handle:
            check(self._lib.sl_layout_get_section_offset(handle, s, byref(out)))
        return out.value

    def set_section_offset(self, section: int, offset: float) -> None:
        """Scrolls an orthogonal section (logical offset, not clamped).

        A thin alias kept for compatibility, as its C call is (deprecated since 0.2), with the
        same errors: use :meth:`set_scroll_offset`, the one call for every scroll container.
        """
        s, o = cv.int32(section, "section"), cv.real(offset, "offset")
        with self._access(write=True) as handle:
            check(self._lib.sl_layout_set_section_offset(handle, s, o))

    # -- scrolling and snapping -------------------------------------------------------------

    def scroll_info(self, container: int = SCROLL_MAIN) -> ScrollInfo:
        """Bounds, insets, offset and rest positions of a scroll container."""
        c = cv.int32(container, "container")
        out = ll.sl_scroll_info()
        with self._access() as handle:
            check(self._lib.sl_layout_get_scroll_info(handle, c, byref(out)))
        return ScrollInfo.from_c(out)

    def loop_info(self, container: int = SCROLL_MAIN) -> LoopInfo:
        """Whether a scroll container loops (``"loop": true``), and its period.

        ``requested`` says the configuration asks for a loop, ``active`` that the content is
        long enough to loop (else the container keeps its bounds). A looping container has no
        bounds; its rest positions repeat every ``period`` and its indices are those of the
        canonical lap. Raises :class:`RangeError` for a container out of range,
        :class:`StateError` before a container size is set (as :meth:`scroll_info`).
        docs/SNAPPING.md, "Looping".
        """
        c = cv.int32(container, "container")
        out = ll.sl_loop_info()
        with self._access() as handle:
            check(self._lib.sl_layout_get_loop_info(handle, c, byref(out)))
        return LoopInfo.from_c(out)

    def canonical_offset(self, container: int, offset: float) -> Tuple[float, float]:
        """``(canonical, shift)``: the offset in a looping container's canonical lap that shows
        the same content as ``offset``, and ``shift = offset - canonical``, a whole number of
        periods. A container that does not loop gives ``(offset, 0.0)``.

        Re-basing without a visible jump, once a carousel has run far out::

            canonical, shift = layout.canonical_offset(0, layout.scroll_offset(0))
            layout.set_scroll_offset(0, canonical)
            # a motion in flight: move it by the shift too
            moved = motion.to_c()
            moved.start_offset -= shift
            moved.target_offset -= shift
            motion = Motion(moved)

        ``offset`` is any finite number from -1e100 to 1e100: NaN, infinities and larger ones
        raise :class:`InvalidArgumentError` naming ``offset``. Raises :class:`RangeError` for a
        container out of range, :class:`StateError` before a container size is set.
        """
        c, o = cv.int32(container, "container"), cv.real(offset, "offset")
        canonical, shift = ctypes.c_double(), ctypes.c_double()
        with self._access() as handle:
            check(
                self._lib.sl_layout_get_canonical_offset(
                    handle, c, o, byref(canonical), byref(shift)
                )
            )
        return canonical.value, shift.value

    def scroll_containers(self) -> List[int]:
        """``SCROLL_MAIN`` and every orthogonal section."""
        return [SCROLL_MAIN] + [i.section for i in self.section_infos() if i.is_orthogonal]

    def scroll_offset(self, container: int = SCROLL_MAIN) -> float:
        """The offset of a scroll container, in points: ``SCROLL_MAIN`` or an orthogonal section.

        Raises :class:`RangeError` for a container out of range, :class:`StateError` before a
        container size is set.
        """
        c = cv.int32(container, "container")
        out = ctypes.c_double()
        with self._access() as handle:
            check(self._lib.sl_layout_get_scroll_offset(handle, c, byref(out)))
        return out.value

    def set_scroll_offset(self, container: int, offset: float) -> None:
        """Moves a scroll container (pinned headers, orthogonal cells, effects follow)."""
        c, o = cv.int32(container, "container"), cv.real(offset, "offset")
        with self._access(write=True) as handle:
            check(self._lib.sl_layout_set_scroll_offset(handle, c, o))

    def resolve_scroll(
        self,
        container: int,
        start_offset: float,
        release_offset: float,
        velocity: float,
        *,
        reference_snap: Optional[int] = None,
    ) -> SnapResult:
        """Where a released drag comes to rest, and the motion that takes it there.

        ``start_offset`` is the offset at touch-down, ``release_offset`` at lift-off,
        ``velocity`` in points per second (positive toward the end of the content).
        ``reference_snap`` is the rest position the gesture is measured from (see
        :meth:`reference_snap`); None (the default) measures from the one nearest
        ``start_offset``.
        """
        c = cv.int32(container, "container")
        release = ll.sl_scroll_release(
            version=ll.SL_SCROLL_RELEASE_VERSION,
            flags=0,
            start_offset=cv.real(start_offset, "start_offset"),
            release_offset=cv.real(release_offset, "release_offset"),
            velocity=cv.real(velocity, "velocity"),
            reference_snap=0,
        )
        if reference_snap is not None:
            release.flags = ll.SL_RELEASE_HAS_REFERENCE
            release.reference_snap = cv.int64(reference_snap, "reference_snap")
        out = ll.sl_snap_result()
        with self._access() as handle:
            check(self._lib.sl_layout_resolve_scroll(handle, c, byref(release), byref(out)))
        return SnapResult.from_c(out)

    def snap_position(self, container: int, offset: float) -> SnapPosition:
        """The rest position nearest ``offset`` and the fractional progress there."""
        c, o = cv.int32(container, "container"), cv.real(offset, "offset")
        out = ll.sl_snap_position()
        with self._access() as handle:
            check(self._lib.sl_layout_get_snap_position(handle, c, o, byref(out)))
        return SnapPosition.from_c(out)

    def snap_offsets(
        self, container: int = SCROLL_MAIN, first: int = 0, limit: Optional[int] = None
    ) -> List[float]:
        """The rest offsets from position ``first`` on (at most ``limit`` of them)."""
        c, f = cv.int32(container, "container"), cv.int64(first, "first")
        if limit is not None:
            limit = cv.int64(limit, "limit")
            if limit < 0:
                raise ValueError(f"limit must not be negative, not {limit}")
        count = ctypes.c_size_t(0)
        with self._access() as handle:
            check(self._lib.sl_layout_get_snap_offsets(handle, c, f, None, 0, byref(count)))
            capacity = count.value if limit is None else min(count.value, limit)
            buffer = (ctypes.c_double * max(capacity, 1))()
            status = self._lib.sl_layout_get_snap_offsets(
                handle, c, f, buffer, capacity, byref(count)
            )
            if status != ll.SL_EBUFS:
                check(status)
        return list(buffer[:capacity])

    def snap_range(self, container: int, index: int) -> Tuple[float, float]:
        """The offsets rest position ``index`` covers, as ``(low, high)``.

        ``low == high`` (the position's offset, as :meth:`snap_offsets` gives it) for most; for
        a unit longer than the snapport (an item taller than the viewport), every offset that
        keeps the snapport inside it: its start at the snapport's start (``low``) to its end at
        the snapport's end (``high``), within the bounds and its neighbours' offsets. A release,
        wheel step or navigation inside such a range may rest anywhere in it::

            low, high = layout.snap_range(SCROLL_MAIN, position.index)
            if low < high:  # a long item: the reader may stop anywhere from low to high
                ...

        O(log sections); in a loop, in the canonical lap. Raises :class:`RangeError` for a
        container (``path`` ``"container"``) or index (``"index"``) out of range,
        :class:`InvalidArgumentError` for a section that does not scroll orthogonally,
        :class:`StateError` before a container size is set. docs/SNAPPING.md, "Items longer
        than the viewport".
        """
        c, i = cv.int32(container, "container"), cv.int64(index, "index")
        low, high = ctypes.c_double(), ctypes.c_double()
        with self._access() as handle:
            check(self._lib.sl_layout_get_snap_range(handle, c, i, byref(low), byref(high)))
        return low.value, high.value

    def offset_for_item(self, container: int, section: int, item: int) -> ItemOffset:
        """The rest offset that shows an item (programmatic scrolling) and its rest position."""
        c = cv.int32(container, "container")
        s, i = cv.int32(section, "section"), cv.int64(item, "item")
        offset, snap = ctypes.c_double(), ctypes.c_int64()
        with self._access() as handle:
            check(
                self._lib.sl_layout_get_offset_for_item(handle, c, s, i, byref(offset), byref(snap))
            )
        return ItemOffset(offset.value, optional_index(snap.value))

    def offset_to_show_item(
        self, container: int, section: int, item: int, alignment: str = "start"
    ) -> ItemOffset:
        """The offset that scrolls an item into view with an alignment, and its rest position.

        ``alignment`` is ``"start"``, ``"center"``, ``"end"`` (the item's edge or centre at the
        snapport's) or ``"nearest"`` (only if needed: no move when the item is fully visible,
        else its nearer edge, as CSS's ``scrollIntoView``). A container without rest positions
        gets the aligned offset itself (``snap`` None); one that snaps, the rest position nearest
        it. docs/SNAPPING.md, "Scroll into view".
        """
        c = cv.int32(container, "container")
        s, i = cv.int32(section, "section"), cv.int64(item, "item")
        try:
            code = _ALIGNMENTS[alignment]
        except (KeyError, TypeError):
            raise ValueError(
                f"alignment must be one of {', '.join(_ALIGNMENTS)}, not {alignment!r}"
            ) from None
        offset, snap = ctypes.c_double(), ctypes.c_int64()
        with self._access() as handle:
            check(
                self._lib.sl_layout_get_offset_to_show_item(
                    handle, c, s, i, code, byref(offset), byref(snap)
                )
            )
        return ItemOffset(offset.value, optional_index(snap.value))

    def reference_snap(
        self,
        container: int,
        touch_offset: float,
        in_flight: Optional[Motion] = None,
        time: float = 0.0,
    ) -> Optional[int]:
        """The rest position a new touch-down is measured from.

        With the motion still running (``in_flight``, ``time`` seconds after it started) it is
        that motion's target, so re-grabbing a moving carousel keeps advancing; otherwise the
        position nearest ``touch_offset``. None for a container without rest positions (free
        deceleration). Pass it to :meth:`resolve_scroll`, None included.
        """
        c = cv.int32(container, "container")
        touch, t = cv.real(touch_offset, "touch_offset"), cv.real(time, "time")
        motion = in_flight_argument(in_flight)
        out = ctypes.c_int64()
        with self._access() as handle:
            check(
                self._lib.sl_layout_get_reference_snap(
                    handle, c, touch, None if motion is None else byref(motion), t, byref(out)
                )
            )
        return optional_index(out.value)

    def navigate(
        self,
        container: int,
        action: str,
        argument: int = 1,
        *,
        in_flight: Optional[Motion] = None,
        time: float = 0.0,
    ) -> SnapResult:
        """Where a step without touch takes a container, and the motion that takes it there.

        ``action`` is ``"next"`` or ``"previous"`` (``argument`` steps, at least 1), ``"to"``
        (rest position ``argument``), ``"first"`` or ``"last"``. Steps count from the position
        the container is at, or, with a motion still running (``in_flight``, ``time`` seconds
        after it started), from that motion's target, so three quick presses go three positions.
        ``snap_index`` is the position now selected, ``reference_snap`` the one before. Keys,
        encoders, remotes and autoplay timers: docs/SNAPPING.md, "Navigation without touch".
        """
        c = cv.int32(container, "container")
        try:
            code = _NAVIGATION_ACTIONS[action]
        except (KeyError, TypeError):
            raise ValueError(
                f"action must be one of {', '.join(_NAVIGATION_ACTIONS)}, not {action!r}"
            ) from None
        a, t = cv.int64(argument, "argument"), cv.real(time, "time")
        motion = in_flight_argument(in_flight)
        out = ll.sl_snap_result()
        with self._access() as handle:
            check(
                self._lib.sl_layout_navigate(
                    handle, c, code, a, None if motion is None else byref(motion), t, byref(out)
                )
            )
        return SnapResult.from_c(out)

    def selected_snap(
        self, container: int, in_flight: Optional[Motion] = None, time: float = 0.0
    ) -> Optional[int]:
        """The rest position a container is at or heading to (None when it scrolls freely):
        ``in_flight``'s target while that motion runs, else the one nearest its offset.
        """
        c, t = cv.int32(container, "container"), cv.real(time, "time")
        motion = in_flight_argument(in_flight)
        out = ctypes.c_int64()
        with self._access() as handle:
            check(
                self._lib.sl_layout_get_selected_snap(
                    handle, c, None if motion is None else byref(motion), t, byref(out)
                )
            )
        return optional_index(out.value)

    def jump_to_snap(self, container: int, index: int) -> None:
        """Puts a container at rest position ``index`` at once, without motion."""
        c, i = cv.int32(container, "container"), cv.int64(index, "index")
        with self._access(write=True) as handle:
            check(self._lib.sl_layout_jump_to_snap(handle, c, i))

    # -- through layout changes -------------------------------------------------------------

    def set_scroll_target(self, container: int, target: float) -> None:
        """Tells the layout where a motion the host runs on a container is heading.

        Layout changes (:meth:`set_container_size`, measured sizes, items, sections) then carry
        the target with its element to that element's rest position, as they re-snap a
        container at rest. Set it when a motion starts (``result.target_offset`` of
        :meth:`resolve_scroll`, :meth:`navigate` or :meth:`scroll_input`); clear it with
        :meth:`clear_scroll_target` when the motion ends or a drag catches it.

        ``target`` is any finite number from -1e100 to 1e100: NaN, infinities and larger ones
        raise :class:`InvalidArgumentError` naming ``target_offset``. Raises
        :class:`RangeError` for a container out of range, :class:`InvalidArgumentError` for a
        section that does not scroll orthogonally, :class:`StateError` before a container size
        is set or from a visible-items handler. docs/SNAPPING.md, "Through layout changes".
        """
        c, t = cv.int32(container, "container"), cv.real(target, "target_offset")
        with self._access(write=True) as handle:
            check(self._lib.sl_layout_set_scroll_target(handle, c, t))

    def clear_scroll_target(self, container: int) -> None:
        """Forgets a container's motion target (nothing happens when none is set).

        Raises as :meth:`set_scroll_target`.
        """
        c = cv.int32(container, "container")
        with self._access(write=True) as handle:
            check(self._lib.sl_layout_clear_scroll_target(handle, c))

    def scroll_target(self, container: int) -> Optional[float]:
        """A container's motion target as the changes since :meth:`set_scroll_target` have
        moved it, or None when none is set.

        Raises :class:`RangeError` for a container out of range, :class:`InvalidArgumentError`
        for a section that does not scroll orthogonally, :class:`StateError` before a container
        size is set.
        """
        c = cv.int32(container, "container")
        target, has_target = ctypes.c_double(), ctypes.c_int32()
        with self._access() as handle:
            check(
                self._lib.sl_layout_get_scroll_target(handle, c, byref(target), byref(has_target))
            )
        return target.value if has_target.value else None

    def retarget_motion(self, container: int, motion: Motion, time: float) -> Motion:
        """Carries a motion in flight over the layout changes made since it started.

        ``motion`` is the motion the host runs, ``time`` the seconds since it started. The
        result starts (sample it from 0) at the container's offset now, with the velocity
        ``motion`` has at ``time``, and heads to the container's target as the changes moved it
        (:meth:`set_scroll_target`); without a target, to ``motion``'s target moved as far as
        the offset moved. No jump, no stop. The result's target becomes the container's target
        (cleared when the result is ``MotionKind.NONE``). Call it after each change while a
        motion runs; with no change it returns the same course::

            layout.set_container_size(width, height)  # a resize while a fling runs
            motion = layout.retarget_motion(SCROLL_MAIN, motion, now - started)
            started = now

        Raises :class:`InvalidArgumentError` for a non-finite ``time`` or a damaged motion
        (``path`` ``"in_flight.FIELD"``), :class:`RangeError` for a container out of range,
        :class:`StateError` before a container size is set or from a visible-items handler,
        TypeError when ``motion`` is not a :class:`Motion`. docs/SNAPPING.md, "Through layout
        changes".
        """
        c, t = cv.int32(container, "container"), cv.real(time, "time")
        if not isinstance(motion, Motion):
            raise TypeError(f"motion must be a Motion, not {type(motion).__name__}")
        in_flight = motion.to_c()
        out = ll.sl_motion()
        with self._access(write=True) as handle:
            check(self._lib.sl_layout_retarget_motion(handle, c, byref(in_flight), t, byref(out)))
        return Motion(out)

    def scroll_input(
        self,
        container: int,
        device: str,
        delta: float,
        time: float,
        *,
        ends: bool = False,
        in_flight: Optional[Motion] = None,
        motion_time: float = 0.0,
    ) -> ScrollInputResult:
        """Applies one wheel or touchpad event and sets the container's offset.

        ``device`` is ``"wheel"`` (``delta`` in notches: one rest position each) or
        ``"touchpad"`` (``delta`` in points, followed as it comes; ``ends=True`` when the
        fingers lift, or a ``delta`` of 0 past ``touchpadEndGap``, releases the gesture like a
        drag). ``time`` is the event's time in seconds; ``in_flight`` the motion running on the
        container, ``motion_time`` seconds after it started. docs/SNAPPING.md, "Wheels and
        touchpads".
        """
        c = cv.int32(container, "container")
        try:
            code = _INPUT_DEVICES[device]
        except (KeyError, TypeError):
            raise ValueError(f"device must be 'wheel' or 'touchpad', not {device!r}") from None
        event = ll.sl_scroll_input(
            version=ll.SL_SCROLL_INPUT_VERSION,
            device=code,
            flags=ll.SL_INPUT_END if ends else 0,
            reserved=0,
            delta=cv.real(delta, "delta"),
            time=cv.real(time, "time"),
        )
        t = cv.real(motion_time, "motion_time")
        motion = in_flight_argument(in_flight)
        out = ll.sl_scroll_input_result()
        with self._access(write=True) as handle:
            check(
                self._lib.sl_layout_scroll_input(
                    handle, c, byref(event), None if motion is None else byref(motion), t,
                    byref(out),
                )
            )
        return ScrollInputResult(
            out.offset, SnapResult.from_c(out.result) if out.has_motion else None
        )

    def item_distance(self, section: int, item: int) -> float:
        """An item's distance from its container's viewport centre, in group strides."""
        s, i = cv.int32(section, "section"), cv.int64(item, "item")
        out = ctypes.c_double()
        with self._access() as handle:
            check(self._lib.sl_layout_get_item_distance(handle, s, i, byref(out)))
        return out.value
