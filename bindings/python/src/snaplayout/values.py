"""Immutable values returned by :class:`snaplayout.Layout`: geometry, elements, scroll facts."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Optional, Tuple

from . import _header as ll


class _OpenIntEnum(IntEnum):
    """An IntEnum that keeps values a newer library added, as ``UNKNOWN_<value>`` members."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            member = int.__new__(cls, value)
            member._name_ = f"UNKNOWN_{value}"
            member._value_ = value
            return cls._value2member_map_.setdefault(value, member)
        return None


def optional_index(value: int) -> Optional[int]:
    """None for the library's -1 ("none"), else the index."""
    return None if value < 0 else int(value)


# ---------------------------------------------------------------------------------------------
# Enumerations
# ---------------------------------------------------------------------------------------------


class ElementCategory(_OpenIntEnum):
    """What an element is (``sl_element.category``)."""

    CELL = ll.SL_ELEMENT_CELL
    SUPPLEMENTARY = ll.SL_ELEMENT_SUPPLEMENTARY
    DECORATION = ll.SL_ELEMENT_DECORATION

    @property
    def config_name(self) -> str:
        """The name ``copy_json`` uses: ``"cell"``, ``"supplementary"``, ``"decoration"``."""
        return self.name.lower()


class OrthogonalScrollingBehavior(_OpenIntEnum):
    """A section's ``orthogonalScrollingBehavior``."""

    NONE = ll.SL_ORTHOGONAL_NONE
    CONTINUOUS = ll.SL_ORTHOGONAL_CONTINUOUS
    CONTINUOUS_GROUP_LEADING_BOUNDARY = ll.SL_ORTHOGONAL_CONTINUOUS_GROUP_LEADING_BOUNDARY
    PAGING = ll.SL_ORTHOGONAL_PAGING
    GROUP_PAGING = ll.SL_ORTHOGONAL_GROUP_PAGING
    GROUP_PAGING_CENTERED = ll.SL_ORTHOGONAL_GROUP_PAGING_CENTERED

    @property
    def config_name(self) -> str:
        """The configuration's spelling, e.g. ``"groupPagingCentered"``."""
        head, *rest = self.name.lower().split("_")
        return head + "".join(word.capitalize() for word in rest)


class SnapUnit(_OpenIntEnum):
    """What a scroll container rests on (``sl_scroll_info.snap_unit``)."""

    NONE = ll.SL_SNAP_NONE
    PAGE = ll.SL_SNAP_PAGE
    ITEM = ll.SL_SNAP_ITEM
    GROUP = ll.SL_SNAP_GROUP


class Bounce(_OpenIntEnum):
    """``sl_scroll_info.bounce``: whether the host should rubber-band."""

    AUTOMATIC = ll.SL_BOUNCE_AUTOMATIC
    ALWAYS = ll.SL_BOUNCE_ALWAYS
    NEVER = ll.SL_BOUNCE_NEVER


class MotionKind(_OpenIntEnum):
    """How a motion travels (``sl_motion.kind``)."""

    NONE = ll.SL_MOTION_NONE
    DECAY = ll.SL_MOTION_DECAY
    SPRING = ll.SL_MOTION_SPRING


# ---------------------------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Size:
    """A size in points."""

    #: Points.
    width: float
    #: Points.
    height: float

    @classmethod
    def from_c(cls, value: ll.sl_size) -> "Size":
        """The size an ``sl_size`` holds."""
        return cls(value.width, value.height)

    def as_tuple(self) -> Tuple[float, float]:
        """``(width, height)`` in points."""
        return (self.width, self.height)


@dataclass(frozen=True)
class Rect:
    """A rectangle in content coordinates: origin (x, y) top-left, y down; in points."""

    #: The left edge, in points.
    x: float
    #: The top edge, in points (y grows down).
    y: float
    #: Points.
    width: float
    #: Points.
    height: float

    @classmethod
    def from_c(cls, value: ll.sl_rect) -> "Rect":
        """The rect an ``sl_rect`` holds."""
        return cls(value.x, value.y, value.width, value.height)

    def to_c(self) -> ll.sl_rect:
        """This rect as an ``sl_rect`` (for :mod:`snaplayout.lowlevel`)."""
        return ll.sl_rect(self.x, self.y, self.width, self.height)

    def as_tuple(self) -> Tuple[float, float, float, float]:
        """``(x, y, width, height)`` in points."""
        return (self.x, self.y, self.width, self.height)

    @property
    def min_x(self) -> float:
        """The left edge (``x``), in points."""
        return self.x

    @property
    def min_y(self) -> float:
        """The top edge (``y``), in points."""
        return self.y

    @property
    def max_x(self) -> float:
        """The right edge (``x + width``), in points."""
        return self.x + self.width

    @property
    def max_y(self) -> float:
        """The bottom edge (``y + height``), in points."""
        return self.y + self.height

    @property
    def mid_x(self) -> float:
        """The horizontal centre, in points."""
        return self.x + self.width / 2

    @property
    def mid_y(self) -> float:
        """The vertical centre, in points."""
        return self.y + self.height / 2

    @property
    def size(self) -> Size:
        """The rect's :class:`Size` (width and height)."""
        return Size(self.width, self.height)

    @property
    def is_finite(self) -> bool:
        """True when no coordinate is NaN or infinite."""
        return all(math.isfinite(v) for v in (self.x, self.y, self.width, self.height))

    def intersects(self, other: "Rect") -> bool:
        """True when the two rects share area (touching edges and empty rects do not count)."""
        return (
            self.width > 0
            and self.height > 0
            and other.width > 0
            and other.height > 0
            and self.x < other.max_x
            and other.x < self.max_x
            and self.y < other.max_y
            and other.y < self.max_y
        )

    def intersection(self, other: "Rect") -> Optional["Rect"]:
        """The shared area, or None when they do not share area."""
        x0, y0 = max(self.x, other.x), max(self.y, other.y)
        x1, y1 = min(self.max_x, other.max_x), min(self.max_y, other.max_y)
        if x1 <= x0 or y1 <= y0:
            return None
        return Rect(x0, y0, x1 - x0, y1 - y0)

    def contains(self, other: "Rect", tolerance: float = 0.0) -> bool:
        """True when ``other`` lies inside this rect (edges included, give or take tolerance)."""
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.max_x <= self.max_x + tolerance
            and other.max_y <= self.max_y + tolerance
        )

    def offset_by(self, dx: float, dy: float) -> "Rect":
        """This rect moved by ``dx`` and ``dy`` points (a new rect; same size)."""
        return Rect(self.x + dx, self.y + dy, self.width, self.height)


@dataclass(frozen=True)
class Transform:
    """A 2-D affine transform about an element's centre (``x' = a*x + c*y + tx``, ...)."""

    #: Scale (and rotation) of x.
    a: float = 1.0
    #: Shear of y by x.
    b: float = 0.0
    #: Shear of x by y.
    c: float = 0.0
    #: Scale (and rotation) of y.
    d: float = 1.0
    #: Translation across, in points.
    tx: float = 0.0
    #: Translation down, in points.
    ty: float = 0.0

    @classmethod
    def from_c(cls, value: ll.sl_transform) -> "Transform":
        """The transform an ``sl_transform`` holds."""
        return cls(value.a, value.b, value.c, value.d, value.tx, value.ty)

    @classmethod
    def scale(cls, sx: float, sy: Optional[float] = None) -> "Transform":
        """A scale about the centre: ``sx`` across, ``sy`` down (``sx`` when None)."""
        return cls(a=sx, d=sx if sy is None else sy)

    @property
    def is_identity(self) -> bool:
        """True when the transform changes nothing (equals :data:`IDENTITY`)."""
        return self == IDENTITY

    def to_c(self) -> ll.sl_transform:
        """This transform as an ``sl_transform`` (for :mod:`snaplayout.lowlevel`)."""
        return ll.sl_transform(self.a, self.b, self.c, self.d, self.tx, self.ty)


#: The transform that changes nothing (every element's transform unless an effect sets one).
IDENTITY = Transform()


# ---------------------------------------------------------------------------------------------
# Elements and sections
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Element:
    """One laid-out element: a cell, a supplementary view (header, badge) or a decoration.

    ``section`` and ``item`` are UIKit's index path: cells and their badges carry
    (section, item); a section's boundary items and decorations (section, 0); layout-level
    boundary items (``SECTION_LAYOUT`` = -1, 0). In a looping container an element comes once
    per copy of the content a query reaches, ``copy`` saying which: key views by
    ``(category, kind, section, item, copy)`` (:attr:`view_key`).
    """

    #: Cell, supplementary view or decoration.
    category: ElementCategory
    #: The element kind id: ``KIND_CELL`` (-1) for cells, else an id of the configuration's names.
    kind: int
    #: The element kind's name: ``"cell"``, or the configuration's ``elementKind``.
    kind_name: str
    #: The section, or ``SECTION_LAYOUT`` (-1) for layout-level boundary items.
    section: int
    #: The item (cells and item supplementary views), else 0.
    item: int
    #: Frame in content coordinates, before ``transform``.
    frame: Rect
    #: Stacking order: higher values are drawn above lower ones.
    z_index: int = 0
    #: Opacity in [0, 1]; 1 unless a visible-item effect or handler sets it.
    alpha: float = 1.0
    #: About the frame's centre: :data:`IDENTITY`, or a scale set by effects or a handler.
    transform: Transform = field(default=IDENTITY)
    #: ``ELEMENT_FLAG_*`` bits.
    flags: int = 0
    #: Which copy of a looping container's content the element belongs to: the lap, 0 the
    #: canonical one, -1 the one before, 1 the one after (saturated to 32 bits). The cells of a
    #: looping orthogonal section count that section's laps; everything else in a looping main
    #: scroll counts the main scroll's. 0 outside loops (docs/SNAPPING.md, "Looping").
    copy: int = 0

    @property
    def scale(self) -> float:
        """The scale of a visible-item effect (``transform.a``; 1 when not scaled)."""
        return self.transform.a

    @property
    def is_cell(self) -> bool:
        """True for a cell (``category`` is ``ElementCategory.CELL``)."""
        return self.category == ElementCategory.CELL

    @property
    def is_supplementary(self) -> bool:
        """True for a supplementary view (a header, footer or badge)."""
        return self.category == ElementCategory.SUPPLEMENTARY

    @property
    def is_decoration(self) -> bool:
        """True for a decoration (a section background)."""
        return self.category == ElementCategory.DECORATION

    @property
    def pinned(self) -> bool:
        """A pinned boundary item moved from its natural frame by the main scroll offset."""
        return bool(self.flags & ll.SL_ELEMENT_FLAG_PINNED)

    @property
    def hidden(self) -> bool:
        """True when the element is hidden (``SL_ELEMENT_FLAG_HIDDEN`` in ``flags``)."""
        return bool(self.flags & ll.SL_ELEMENT_FLAG_HIDDEN)

    @property
    def index_path(self) -> Tuple[int, int]:
        """``(section, item)``, UIKit's index path."""
        return (self.section, self.item)

    @property
    def view_key(self) -> Tuple[int, int, int, int, int]:
        """``(category, kind, section, item, copy)``: what a host keys its views by, one view
        per element and per copy of it a looping container shows (copy 0 outside loops). A
        cell, its badges and its section's boundary items share section and item, so the
        category and kind are part of the key."""
        return (int(self.category), self.kind, self.section, self.item, self.copy)

    def write_to(self, target: ll.sl_element) -> None:
        """Writes what a visible-items handler may change (frame, transform, alpha, z, flags;
        not ``copy``, nor the index path)."""
        target.frame = self.frame.to_c()
        target.transform = self.transform.to_c()
        target.alpha = self.alpha
        target.z_index = self.z_index
        target.flags = self.flags


@dataclass(frozen=True)
class SectionInfo:
    """Solved facts about one section."""

    #: The section's index.
    section: int
    #: Boundary items, content insets and content, across the full width.
    frame: Rect
    #: The section's items.
    item_count: int
    #: Repetitions of the root group (the last may be partial); lines of a flow section.
    group_count: int
    #: Items per repetition of the root group (0 in a flow section).
    items_per_group: int
    #: How the section scrolls across the main axis (``NONE`` when it does not).
    orthogonal_scrolling_behavior: OrthogonalScrollingBehavior
    #: Length of the orthogonally scrolling content (0 when the section is not orthogonal).
    orthogonal_content_length: float
    #: Current orthogonal offset (0 when the section is not orthogonal).
    orthogonal_offset: float

    @classmethod
    def from_c(cls, section: int, value: ll.sl_section_info) -> "SectionInfo":
        """The facts an ``sl_section_info`` holds about ``section``."""
        return cls(
            section=section,
            frame=Rect.from_c(value.frame),
            item_count=value.item_count,
            group_count=value.group_count,
            items_per_group=value.items_per_group,
            orthogonal_scrolling_behavior=OrthogonalScrollingBehavior(
                value.orthogonal_scrolling_behavior
            ),
            orthogonal_content_length=value.orthogonal_content_length,
            orthogonal_offset=value.orthogonal_offset,
        )

    @property
    def is_orthogonal(self) -> bool:
        """True when the section scrolls across the main axis (a scroll container)."""
        return self.orthogonal_scrolling_behavior != OrthogonalScrollingBehavior.NONE


# ---------------------------------------------------------------------------------------------
# Scrolling
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScrollInfo:
    """Facts about a scroll container (the main scroll or an orthogonal section)."""

    #: ``SCROLL_MAIN`` (-1) or the section.
    container: int
    #: True when the container scrolls along the host's x axis.
    horizontal: bool
    #: The viewport's length along the axis, in points.
    viewport_length: float
    #: The content's length along the axis, in points.
    content_length: float
    #: Insets before and after the content (contentInset; centring insets of centred paging).
    inset_leading: float
    #: The inset after the content, in points.
    inset_trailing: float
    #: The range of rest offsets; in a looping container the canonical lap,
    #: ``[min_offset, max_offset)`` (:class:`LoopInfo`).
    min_offset: float
    #: The largest rest offset, in points; in a looping container the end of the canonical lap
    #: (``min_offset`` + the period).
    max_offset: float
    #: The current offset.
    offset: float
    #: Velocity kept per millisecond during free deceleration.
    deceleration_rate: float
    #: Number of rest positions (0 = free deceleration).
    snap_count: int
    #: What the rest positions are: pages, items, groups, or none.
    snap_unit: SnapUnit
    #: The section's behaviour (``NONE`` for the main scroll).
    orthogonal_scrolling_behavior: OrthogonalScrollingBehavior
    #: At most this many rest positions per gesture; 0 = unlimited.
    max_pages_per_gesture: int
    #: Whether the container bounces at its ends.
    bounce: Bounce

    @classmethod
    def from_c(cls, value: ll.sl_scroll_info) -> "ScrollInfo":
        """The facts an ``sl_scroll_info`` holds."""
        return cls(
            container=value.container,
            horizontal=bool(value.horizontal),
            viewport_length=value.viewport_length,
            content_length=value.content_length,
            inset_leading=value.inset_leading,
            inset_trailing=value.inset_trailing,
            min_offset=value.min_offset,
            max_offset=value.max_offset,
            offset=value.offset,
            deceleration_rate=value.deceleration_rate,
            snap_count=value.snap_count,
            snap_unit=SnapUnit(value.snap_unit),
            orthogonal_scrolling_behavior=OrthogonalScrollingBehavior(
                value.orthogonal_scrolling_behavior
            ),
            max_pages_per_gesture=value.max_pages_per_gesture,
            bounce=Bounce(value.bounce),
        )


@dataclass(frozen=True)
class LoopInfo:
    """Whether a scroll container loops, and its period (docs/SNAPPING.md, "Looping").

    A looping container has no bounds: offsets, targets and motions run on across laps, rest
    positions repeat every ``period``, and indices (``snap_index``, ``reference_snap``,
    progress, the selected position, navigation targets) are those of the canonical lap,
    ``[start, start + period)``.
    """

    #: True when the configuration asks the container to loop (``"loop": true``).
    requested: bool
    #: True when it loops: asked, and its content long enough (a period at least the viewport
    #: plus its longest group); otherwise the container keeps its bounds.
    active: bool
    #: The period along the axis, in points: the content and one more spacing (between groups,
    #: or between sections on the main scroll); 0 when it does not loop.
    period: float
    #: Where the canonical lap starts (``ScrollInfo.min_offset``: the first rest position, 0
    #: for pages and free scrolls); 0 when it does not loop.
    start: float

    @classmethod
    def from_c(cls, value: ll.sl_loop_info) -> "LoopInfo":
        """The facts an ``sl_loop_info`` holds."""
        return cls(
            requested=bool(value.requested),
            active=bool(value.active),
            period=value.period,
            start=value.start,
        )


@dataclass(frozen=True)
class MotionState:
    """A motion at one time."""

    #: Points.
    offset: float
    #: Points per second.
    velocity: float
    #: True once the motion has settled (offset exactly the target, velocity 0).
    settled: bool

    @classmethod
    def from_c(cls, value: ll.sl_motion_state) -> "MotionState":
        """The state an ``sl_motion_state`` holds."""
        return cls(value.offset, value.velocity, bool(value.settled))


@dataclass(frozen=True)
class SnapPosition:
    """Where an offset is among a container's rest positions."""

    #: k + (offset - B_k) / (B_k+1 - B_k), clamped to [0, count - 1]; in a looping container
    #: not clamped: it runs from count - 1 toward count across the seam and on from 0.
    progress: float
    #: The nearest rest position (ties to the lower), or None for free deceleration.
    index: Optional[int]
    #: The item resting there and its section, or None.
    item: Optional[int]
    #: The section of ``item``, or None.
    section: Optional[int]

    @classmethod
    def from_c(cls, value: ll.sl_snap_position) -> "SnapPosition":
        """The position an ``sl_snap_position`` holds (-1 indices become None)."""
        index = optional_index(value.index)
        item = optional_index(value.item)
        return cls(
            progress=value.progress,
            index=index,
            item=item,
            section=None if item is None else int(value.section),
        )


@dataclass(frozen=True)
class ItemOffset:
    """The rest offset that shows an item, and its rest position (None when free)."""

    #: The rest offset, in points.
    offset: float
    #: The rest position there, or None when the container decelerates freely.
    snap: Optional[int]


@dataclass(frozen=True)
class SizeReport:
    """What a measured size or a data change moved."""

    #: Add to the host's main scroll position to keep the visible content in place.
    main_offset_adjustment: float
    #: How far the item's orthogonal section's offset moved (0 for main-axis sections).
    section_offset_adjustment: float
    #: The content size afterwards.
    content_size: Size

    @classmethod
    def from_c(cls, value: ll.sl_size_report) -> "SizeReport":
        """The report an ``sl_size_report`` holds."""
        return cls(
            value.main_offset_adjustment,
            value.section_offset_adjustment,
            Size.from_c(value.content_size),
        )


@dataclass(frozen=True)
class VisibleItemsContext:
    """What a visible-items handler is told about the elements it receives."""

    #: The section whose elements these are.
    section: int
    #: The scroll container that moves them: the section, or ``SCROLL_MAIN``.
    container: int
    #: That container's offset, viewport length and content length.
    offset: float
    #: That container's viewport length, in points.
    viewport_length: float
    #: That container's content length, in points.
    content_length: float

    @classmethod
    def from_c(cls, value: ll.sl_visible_items_context) -> "VisibleItemsContext":
        """The context an ``sl_visible_items_context`` holds."""
        return cls(
            value.section,
            value.container,
            value.offset,
            value.viewport_length,
            value.content_length,
        )
