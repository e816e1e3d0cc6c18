"""Motions: how a scroll travels to its rest offset, sampled in closed form; snap results."""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from typing import Any, Dict, Iterator, Optional, Tuple

from . import _convert
from . import lowlevel as ll
from ._status import check
from .values import MotionKind, MotionState


class Motion:
    """A decay or spring from a release to its target (``sl_motion``), immutable.

    Motions come from :meth:`snaplayout.Layout.resolve_scroll` (``result.motion``) and from
    :meth:`retarget`. Sample one each frame with :meth:`sample` (seconds since it started) and
    set the offset with :meth:`snaplayout.Layout.set_scroll_offset`; there is no state, no
    integration and no drift. Motion functions are pure: any thread may use any motion.
    """

    __slots__ = ("_struct",)

    def __init__(self, struct: ll.sl_motion) -> None:
        """Wraps (a copy of) an ``sl_motion`` the library made."""
        if not isinstance(struct, ll.sl_motion):
            raise TypeError(
                "Motion wraps a lowlevel.sl_motion; get motions from Layout.resolve_scroll()"
            )
        self._struct = ll.sl_motion.from_buffer_copy(struct)

    # The fields, read-only.

    @property
    def kind(self) -> MotionKind:
        """NONE (already there), DECAY (exponential deceleration) or SPRING."""
        return MotionKind(self._struct.kind)

    @property
    def start_offset(self) -> float:
        """The offset at time 0, in points."""
        return float(self._struct.start_offset)

    @property
    def start_velocity(self) -> float:
        """Points per second at time 0."""
        return float(self._struct.start_velocity)

    @property
    def target_offset(self) -> float:
        """The offset the motion settles at, in points."""
        return float(self._struct.target_offset)

    @property
    def duration(self) -> float:
        """Seconds until settled (an upper bound)."""
        return float(self._struct.duration)

    @property
    def decay(self) -> float:
        """Decay constant in 1/s (DECAY)."""
        return float(self._struct.decay)

    @property
    def omega(self) -> float:
        """The spring's angular frequency in rad/s."""
        return float(self._struct.omega)

    @property
    def damping_ratio(self) -> float:
        """The spring's damping ratio (1 = critically damped; SPRING and retargets)."""
        return float(self._struct.damping_ratio)

    @property
    def epsilon_offset(self) -> float:
        """Settling tolerance in points."""
        return float(self._struct.epsilon_offset)

    @property
    def epsilon_velocity(self) -> float:
        """Settling tolerance in points per second."""
        return float(self._struct.epsilon_velocity)

    @property
    def landing_min_rate(self) -> float:
        """The lowest rate per millisecond a decay may land on the target with (else a spring)."""
        return float(self._struct.landing_min_rate)

    @property
    def landing_max_rate(self) -> float:
        """The highest rate per millisecond a decay may land on the target with (else a spring)."""
        return float(self._struct.landing_max_rate)

    def to_c(self) -> ll.sl_motion:
        """A copy of the ``sl_motion`` (for the low-level API)."""
        return ll.sl_motion.from_buffer_copy(self._struct)

    def as_dict(self) -> Dict[str, Any]:
        """The fields by name (``reserved`` left out)."""
        names = [field[0] for field in ll.sl_motion._fields_]
        return {name: getattr(self, name) for name in names if name != "reserved"}

    # Sampling.

    def sample(self, time: float) -> MotionState:
        """The offset, velocity and settled flag ``time`` seconds after the motion started."""
        t = _convert.real(time, "time")
        state = ll.sl_motion_state()
        check(ll.library().sl_motion_sample(ctypes.byref(self._struct), t, ctypes.byref(state)))
        return MotionState.from_c(state)

    def retarget(self, time: float, target_offset: float) -> "Motion":
        """A new motion toward ``target_offset`` from the offset and velocity at ``time``."""
        t = _convert.real(time, "time")
        target = _convert.real(target_offset, "target_offset")
        out = ll.sl_motion()
        check(
            ll.library().sl_motion_retarget(
                ctypes.byref(self._struct), t, target, ctypes.byref(out)
            )
        )
        return Motion(out)

    def frames(self, fps: float = 60.0) -> Iterator[Tuple[float, MotionState]]:
        """(time, state) every 1/fps seconds from 0 until the motion has settled (included).

        Stops one frame after ``duration`` at the latest, settled or not.
        """
        rate = _convert.finite(fps, "fps")
        if rate <= 0:
            raise ValueError(f"fps must be greater than 0, not {rate}")
        duration = self.duration if math.isfinite(self.duration) else 0.0
        last = math.ceil(max(duration, 0.0) * rate) + 1
        for frame in range(last + 1):
            time = frame / rate
            state = self.sample(time)
            yield time, state
            if state.settled:
                return

    # Value semantics.

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Motion):
            return NotImplemented
        return bytes(self._struct) == bytes(other._struct)

    def __hash__(self) -> int:
        return hash(bytes(self._struct))

    def __repr__(self) -> str:
        return (
            f"Motion({self.kind.name}, {self.start_offset:g} -> {self.target_offset:g}, "
            f"v0={self.start_velocity:g} pt/s, duration={self.duration:g} s)"
        )

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_motion_from_bytes, (bytes(self._struct),))


def _motion_from_bytes(data: bytes) -> Motion:
    return Motion(ll.sl_motion.from_buffer_copy(data))


@dataclass(frozen=True)
class SnapResult:
    """Where a released drag comes to rest, and the motion that takes it there."""

    #: Where the motion comes to rest, in points.
    target_offset: float
    #: The fractional rest position at release (k + fraction between k and k + 1).
    release_progress: float
    #: The rest position, or None for free deceleration.
    snap_index: Optional[int]
    #: The rest position the gesture was measured from, or None for free deceleration.
    reference_snap: Optional[int]
    #: The item resting at the target and its section (None for pages and free deceleration).
    item: Optional[int]
    #: The section of ``item``, or None.
    section: Optional[int]
    #: How the scroll travels from the release to ``target_offset``.
    motion: "Motion"

    @classmethod
    def from_c(cls, out: ll.sl_snap_result) -> "SnapResult":
        """The result of ``sl_layout_resolve_scroll`` or ``sl_layout_navigate``."""
        item = None if out.item < 0 else int(out.item)
        return cls(
            target_offset=out.target_offset,
            release_progress=out.release_progress,
            snap_index=None if out.snap_index < 0 else int(out.snap_index),
            reference_snap=None if out.reference_snap < 0 else int(out.reference_snap),
            item=item,
            section=None if item is None else out.section,
            motion=Motion(out.motion),
        )


@dataclass(frozen=True)
class ScrollInputResult:
    """What a wheel or touchpad event did (:meth:`snaplayout.Layout.scroll_input`)."""

    #: The container's offset now (already set): draw it.
    offset: float
    #: Where the container comes to rest and the motion, when the event started one (a wheel
    #: step, the end of a touchpad gesture); None while fingers move.
    result: Optional[SnapResult]


def in_flight_argument(in_flight: Optional[Motion]) -> Optional[ll.sl_motion]:
    """The ``sl_motion`` of an optional ``in_flight`` argument (None: no motion running)."""
    if in_flight is None:
        return None
    if not isinstance(in_flight, Motion):
        raise TypeError(f"in_flight must be a Motion, not {type(in_flight).__name__}")
    return in_flight.to_c()
