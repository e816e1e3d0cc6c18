"""Scroll containers and their rest positions (docs/SNAPPING.md: "Scroll containers and units",
"Rest positions", "The six orthogonal behaviors", "Settings reference"), as plain sorted lists.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from .canon import Json
from .layout import Solution

TOLERANCE = 1.0  # SNAPPING.md, "Rest positions": content within 1 pt of the viewport fits it


@dataclass
class Settings:
    snap_unit: str = "none"
    page_length: Optional[float] = None
    alignment: float = 0.0
    padding: Tuple[float, float] = (0.0, 0.0)
    containment: str = "trimSnaps"
    insufficient: str = "start"
    max_steps: int = 0
    content_inset: Tuple[float, float] = (0.0, 0.0)
    deceleration: float = 0.998
    bounce: str = "automatic"
    algorithm: str = "standard"
    initial_index: int = 0
    slow_release: str = "positional"
    #: None: max(1, 5 % of the snapport) (SNAPPING.md, Containment).
    merge_distance: Optional[float] = None
    #: A count, or "fit" (SNAPPING.md, "Pages of what fits").
    groups_per_page: object = 1


def behavior_defaults(behavior: str, group_leading: float) -> Settings:
    """SNAPPING.md, "The six orthogonal behaviors"."""
    s = Settings()
    if behavior == "continuousGroupLeadingBoundary":
        s.snap_unit, s.padding = "group", (group_leading, 0.0)
        s.slow_release = "projection"
    elif behavior == "paging":
        s.snap_unit, s.max_steps, s.deceleration = "page", 1, 0.99
    elif behavior == "groupPaging":
        s.snap_unit, s.padding, s.max_steps, s.deceleration = "group", (group_leading, 0.0), 1, 0.99
    elif behavior == "groupPagingCentered":
        s.snap_unit, s.alignment, s.max_steps, s.deceleration = "group", 0.5, 1, 0.99
    return s


def overridden(s: Settings, props: Json, vertical: bool) -> Settings:
    def along(value: Json) -> Tuple[float, float]:
        if vertical:
            return float(value.get("top", 0)), float(value.get("bottom", 0))
        return float(value.get("leading", 0)), float(value.get("trailing", 0))

    if "snapUnit" in props:
        s.snap_unit = props["snapUnit"]
    if "pageLength" in props:
        s.page_length = float(props["pageLength"])
    if "alignment" in props:
        a = props["alignment"]
        s.alignment = (
            {"start": 0.0, "center": 0.5, "end": 1.0}[a] if isinstance(a, str) else float(a)
        )
    if "contentInset" in props:
        # The snapport starts where the host's inset ends unless scrollPadding says otherwise.
        s.content_inset = along(props["contentInset"])
        s.padding = s.content_inset
    if "scrollPadding" in props:
        s.padding = along(props["scrollPadding"])
    if "containment" in props:
        s.containment = props["containment"]
    if "insufficientContentAlignment" in props:
        s.insufficient = props["insufficientContentAlignment"]
    if "maxPagesPerGesture" in props:
        s.max_steps = int(props["maxPagesPerGesture"])
    if "decelerationRate" in props:
        d = props["decelerationRate"]
        s.deceleration = {"normal": 0.998, "fast": 0.99}[d] if isinstance(d, str) else float(d)
    if "bounce" in props:
        s.bounce = props["bounce"]
    if "algorithm" in props:
        s.algorithm = props["algorithm"]
    if "initialIndex" in props:
        s.initial_index = int(props["initialIndex"])
    if "slowRelease" in props:
        s.slow_release = props["slowRelease"]
    if "mergeDistance" in props:
        s.merge_distance = float(props["mergeDistance"])
    if "groupsPerPage" in props:
        g = props["groupsPerPage"]
        s.groups_per_page = g if isinstance(g, str) else int(g)
    return s


def merge_distance(s: Settings, viewport: float) -> float:
    """SNAPPING.md, Containment: a unit within this of a bound rests on the bound."""
    snapport = viewport - s.padding[0] - s.padding[1]
    d = s.merge_distance if s.merge_distance is not None else max(TOLERANCE, 0.05 * snapport)
    return max(0.0, min(d, viewport))


@dataclass
class Container:
    id: int
    settings: Settings
    viewport: float
    content: float
    inset_leading: float
    inset_trailing: float
    minimum: float = 0.0
    maximum: float = 0.0
    free: bool = True
    #: Rest offsets, sorted (the model's reading of SNAPPING.md); `raw` in the order the units
    #: follow one another (sections, repetitions, slots).
    rests: List[float] = field(default_factory=list)
    raw: List[float] = field(default_factory=list)
    #: Whether the units, in the order they follow one another, are out of order.
    unsorted: bool = False
    #: What rests where (SNAPPING.md, "Through layout changes"): each unit's key (section,
    #: repetition, first item, the template leaves it holds or None for all) in the order of
    #: `raw`; rest position j is unit `first + j - leading` (fewer `leading` bound positions
    #: before them). None for pages and free scrolls.
    keys: Optional[List[Tuple[int, int, int, Optional[frozenset]]]] = None
    first: int = 0
    last: int = -1
    leading: int = 0
    #: The units' aligned offsets before containment (in the order of `keys`).
    units: Optional[List[float]] = None
    #: The counts of rest positions a rounding could give where a unit lies within a rounding of
    #: the distance at which it rests on a bound, or the bounds within one of two merge
    #: distances apart (`tie_counts`): the driver accepts any of them (TESTING-MODEL.md).
    ties: frozenset = frozenset()

    def range(self, j: int, slack: float = 0.0) -> Tuple[float, float]:
        """The offsets rest position j covers (SNAPPING.md, "Items longer than the viewport"):
        a unit longer than the snapport by more than the tolerance covers every offset keeping
        the snapport inside it, within the bounds and its neighbours' offsets. `slack` widens
        (or, negative, narrows) the distance at which an end rests on a bound: an end at exactly
        that distance is on the bound or not by the last bit of its sum (`ranges`)."""
        point = self.raw[j]
        if self.keys is None or self.units is None or j < self.leading:
            return point, point
        if j > self.leading + (self.last - self.first):
            return point, point
        u = self.first + j - self.leading
        excess = self.keys[u][4] - self.snapport
        if not excess > TOLERANCE:
            return point, point
        low = self.units[u] - self.settings.alignment * excess
        high = low + excess
        if self.settings.containment != "none":
            low, high = max(low, self.minimum), min(high, self.maximum)
            # An end within the merge distance of a bound is on it, as a unit's position is.
            near = self.merge_reach + slack if self.merge_reach > 0 else 0.0
            if near > 0:
                if low <= self.minimum + near:
                    low = self.minimum
                if high >= self.maximum - near:
                    high = self.maximum
        if j > 0:
            low = max(low, self.raw[j - 1])
        if j < len(self.raw) - 1:
            high = min(high, self.raw[j + 1])
        return min(low, point), max(high, point)

    def ranges(self, j: int) -> List[Tuple[float, float]]:
        """`range(j)`, and the ranges a rounding of its ends could give where an end lies
        within a rounding of the distance at which it rests on a bound (the model's sums and
        the library's may differ in the last bit: the model soak's seed=1069265492;case=378, a
        range end exactly the merge distance from the end bound, which the library summed onto
        it and the model an ulp short)."""
        eps = 1e-9 * (1 + abs(self.maximum) + abs(self.minimum))
        return [self.range(j), self.range(j, eps), self.range(j, -eps)]

    @property
    def merge_reach(self) -> float:
        """How near a bound a unit's position, or an end of its range, rests on it."""
        return reach(
            self.settings.containment,
            self.minimum,
            self.maximum,
            merge_distance(self.settings, self.viewport),
        )

    @property
    def snapport(self) -> float:
        return self.viewport - self.settings.padding[0] - self.settings.padding[1]

    @property
    def initial(self) -> float:
        """Where the container rests until the host scrolls it: rest position `initialIndex`
        (the last, if there are fewer), else the start bound (SNAPPING.md, "Navigation without
        touch")."""
        if self.free or not self.rests or self.settings.initial_index <= 0:
            return self.minimum
        return self.rests[min(self.settings.initial_index, len(self.rests) - 1)]


def round_to_pixel(value: float, scale: float) -> float:
    import math

    return math.floor(value * scale + 0.5 + 1e-7) / scale if scale > 0 else value


def section_units(
    s, settings: Settings, viewport: float, along_x: bool, whole: bool, index: int = 0,
    keys: Optional[list] = None
) -> List[float]:
    """The aligned unit positions of one section (SNAPPING.md, Rest positions); their keys
    (section `index`, repetition, first item, leaves) are appended to `keys` when given."""
    if keys is None:
        keys = []
    alpha = settings.alignment
    snapport = viewport - settings.padding[0] - settings.padding[1]
    constant = settings.padding[0] + alpha * snapport
    if s.item_count == 0:
        return []
    if whole:
        keys.append((index, 0, 0, None, s.template.size[1]))
        return [s.origin[1] + alpha * s.template.size[1] - constant]
    per_page = groups_per_page(s, settings, snapport)
    if per_page != 1:
        return page_units(s, per_page, alpha, constant, index, keys)
    if s.lines is not None:
        base = s.origin[1]
        keys.extend((index, k, line[0], None, line[3]) for k, line in enumerate(s.lines))
        return [base + start + alpha * tallest - constant for _, _, start, tallest in s.lines]
    base = s.origin[0] if along_x else s.origin[1]
    count = len(s.starts)

    def limit(r: int) -> float:
        # No unit rests after the first place a unit of the next repetition can (SNAPPING.md,
        # "A unit's span").
        return base + s.starts[r + 1] - constant if r + 1 < count else math.inf

    def clip(start: float, extent: float, length: float):
        if not (start < 0 or start + extent > length):
            return start, extent
        low = min(max(start, 0.0), length)
        high = min(max(start + extent, low), length)
        return low, high - low

    def group_units() -> List[float]:
        # A group unit spans its group as laid out: a partial last group its own length.
        lengths = [s.group_length] * (count - 1) + [s.last_group_length]
        return [
            min(base + start + alpha * (lengths[r] + s.deltas[r]) - constant, limit(r))
            for r, start in enumerate(s.starts)
        ]

    n_group = s.items_per_group
    group_extents = [s.group_length] * (count - 1) + [s.last_group_length]

    def group_keys() -> None:
        keys.extend(
            (index, r, r * n_group, None, group_extents[r] + s.deltas[r]) for r in range(count)
        )

    if settings.snap_unit != "item":
        group_keys()
        return group_units()
    template = s.template
    group_length = s.group_length

    def slots(present: int):
        """The template's units: distinct starts, each spanning to its furthest end, clipped
        to the group; with the leaves that belong to each."""
        found: Dict[float, List] = {}
        for leaf, cell in enumerate(template.cells[:present]):
            start = cell.frame[0] if along_x else cell.frame[1]
            ext = cell.frame[2] if along_x else cell.frame[3]
            if start in found:
                found[start][1] = max(found[start][1], ext)
                found[start][2].append(leaf)
            else:
                found[start] = [leaf, ext, [leaf]]
        result = []
        for start, (leaf, ext, leaves) in found.items():
            a, e = clip(start, ext, group_length)
            result.append((a + alpha * e - constant, leaf, leaves, e))
        result.sort(key=lambda entry: entry[0])
        return result

    n = s.items_per_group
    full = slots(n)
    if full[-1][0] - full[0][0] >= s.stride:
        # A repetition's units span a whole stride: item snapping rests on groups.
        group_keys()
        return group_units()
    remainder = s.item_count % n
    last = slots(remainder) if remainder else full
    units: List[float] = []
    for r, start in enumerate(s.starts):
        rep = s.repetitions[r]
        these = last if r == count - 1 else full
        if rep is template:
            units += [min(base + start + aligned, limit(r)) for aligned, _, _, _ in these]
            keys.extend(
                (index, r, r * n + leaf, frozenset(leaves), e) for _, leaf, leaves, e in these
            )
            continue
        # A measured repetition: each unit spans its own cells there, clipped to the group as
        # measured, in the order of the positions.
        length = rep.size[0] if along_x else rep.size[1]
        present = remainder if (r == count - 1 and remainder) else n
        positions = []
        for aligned, leaf, leaves, template_extent in these:
            key = (index, r, r * n + leaf, frozenset(leaves), template_extent)
            cells = [rep.cells[k].frame for k in leaves if k < present]
            if not cells:
                positions.append((min(base + start + aligned, limit(r)), key))
                continue
            first = min(c[0] if along_x else c[1] for c in cells)
            reach = max(
                (
                    (c[2] if along_x else c[3])
                    if (c[0] if along_x else c[1]) == first
                    else ((c[0] if along_x else c[1]) + (c[2] if along_x else c[3])) - first
                )
                for c in cells
            )
            a, e = clip(first, reach, length)
            key = key[:4] + (e,)
            positions.append((min(base + start + (a + alpha * e - constant), limit(r)), key))
        # In the order of the positions (stable: equal positions keep the slots' order).
        positions.sort(key=lambda entry: entry[0])
        units += [position for position, _ in positions]
        keys.extend(key for _, key in positions)
    return units


FIT_LIMIT = 1 << 10  # SNAPPING.md, "Pages of what fits": "fit" over own sizes, at most


def groups_per_page(s, settings: Settings, snapport: float):
    """How many groups (lines) a page holds (SNAPPING.md, "Pages of what fits"): the count, or
    for "fit" the most whole groups the snapport shows (within the 1-pt tolerance),
    ⌊(snapport + 1 − groupLength) / stride⌋ + 1; over groups with sizes of their own, "fit"
    gives each page's first group instead (a list), taken in order while the last one's end is
    within the snapport of the first one's start. At most the section's groups; 1 leaves the
    section's units as they are."""
    g = settings.groups_per_page
    if settings.snap_unit not in ("item", "group") or g == 1 or s.item_count == 0:
        return 1
    groups = len(s.lines) if s.lines is not None else len(s.starts)
    if g == "fit":
        if s.own_sizes:
            if groups > FIT_LIMIT:
                return 1
            spans = group_spans(s)
            firsts = [0]
            for k in range(1, len(spans)):
                start, extent, _ = spans[k]
                if not (start + extent - spans[firsts[-1]][0] <= snapport + TOLERANCE):
                    firsts.append(k)
            return firsts if len(firsts) < len(spans) else 1
        if not s.stride > 0:
            return 1
        room = (snapport + TOLERANCE - s.group_length) / s.stride + 1e-9
        n = 1 if room < 0 else int(math.floor(room)) + 1
    else:
        n = int(g)
    return min(n, groups)


def group_spans(s):
    """Each group's (line's) start relative to the section's origin, its extent as a unit, and
    its first item."""
    if s.lines is not None:
        return [(line[2], line[3], line[0]) for line in s.lines]
    count = len(s.starts)
    lengths = [s.group_length] * (count - 1) + [s.last_group_length]
    return [
        (start, lengths[r] + s.deltas[r], r * s.items_per_group)
        for r, start in enumerate(s.starts)
    ]


def page_units(s, per_page, alpha: float, constant: float, index: int, keys: list):
    """A section's pages of `per_page` groups (lines), or starting at the groups `per_page`
    lists, each from its first group's start to its last group's end as laid out, aligned as
    one unit and no later than the next page's first group can rest (SNAPPING.md, "Pages of
    what fits"); the key names the page's first item."""
    base = s.origin[1] if s.lines is not None else (s.origin[0] if s.orthogonal else s.origin[1])
    spans = group_spans(s)
    firsts = per_page if isinstance(per_page, list) else list(range(0, len(spans), per_page))
    units = []
    for p, first in enumerate(firsts):
        last = (firsts[p + 1] if p + 1 < len(firsts) else len(spans)) - 1
        start = base + spans[first][0]
        end = base + spans[last][0] + spans[last][1]
        extent = max(end - start, 0.0)
        unit = start + alpha * extent - constant
        if alpha > 0 and last + 1 < len(spans):
            unit = min(unit, base + spans[last + 1][0] - constant)
        units.append(unit)
        keys.append((index, first, spans[first][2], None, extent))
    return units


def contain(
    units: List[float],
    containment: str,
    minimum: float,
    maximum: float,
    merge: float,
    near: Optional[float] = None,
    near_end: Optional[float] = None,
) -> List[float]:
    """SNAPPING.md, Containment: trimSnaps and keepSnaps clamp (a unit within `merge` of a bound
    rests on it, within `reach` when the bounds are closer) and make a bound no unit reaches a
    rest position; `none` keeps the units. `near` replaces `reach` (`tie_counts`), at the end
    bound too unless `near_end` does there."""
    if near is None:
        near = reach(containment, minimum, maximum, merge)
    if near_end is None:
        near_end = near

    def contained(raw: float) -> float:
        if containment == "none":
            return raw
        if near <= 0:
            return min(max(raw, minimum), maximum)
        if raw <= minimum + near:
            return minimum
        if raw >= maximum - near_end:
            return maximum
        return raw

    if not units:
        return [minimum]
    if containment == "none":
        return list(units)
    first, last, leading, trailing = contain_indices(
        units, containment, minimum, maximum, merge, near, near_end
    )
    result = [minimum] if leading else []
    result += [contained(u) for u in units[first : last + 1]]
    if trailing:
        result.append(maximum)
    return result


def reach(containment: str, minimum: float, maximum: float, merge: float) -> float:
    """How near a bound a unit rests on it (SnapList.reach): the merge distance when the bounds
    lie more than two merge distances apart, else the least of it, 1 pt and a quarter of the
    range; 0 without clamping."""
    span = maximum - minimum
    if containment == "none" or not span > 0:
        return 0.0
    if span > 2 * merge:
        return merge
    return min(merge, TOLERANCE, span / 4)


def tie_counts(
    units: List[float], containment: str, minimum: float, maximum: float, merge: float
) -> frozenset:
    """The counts of rest positions `contain` gives with the distance at which a unit rests on
    a bound moved by a rounding either way, and with either branch of `reach` where the bounds
    lie within a rounding of two merge distances apart: the library's sums may differ from the
    model's by a few ulps, which decides such ties (the soak's seed=214065719;case=375: a unit
    1 pt before the end bound in the model's sum, an ulp more in the library's). The two bounds'
    ties are decided apart: a rounding may merge a unit at one bound and not at the other (the
    soak's seed=505937801;case=93: units a quarter of the range from each bound)."""
    if containment == "none" or not units or not maximum - minimum > 0:
        return frozenset()
    eps = 1e-9 * (1 + abs(minimum) + abs(maximum))
    nears = {reach(containment, minimum, maximum, merge)}
    span = maximum - minimum
    if span > 0 and abs(span - 2 * merge) <= eps:
        nears |= {merge, min(merge, TOLERANCE, span / 4)}
    counts = set()
    for n in nears:
        for near in (n - eps, n + eps):
            for near_end in (n - eps, n + eps):
                if near > 0 and near_end > 0:
                    counts.add(
                        len(contain(units, containment, minimum, maximum, merge, near, near_end))
                    )
    return frozenset(counts)


def contain_indices(
    units: List[float],
    containment: str,
    minimum: float,
    maximum: float,
    merge: float,
    near: Optional[float] = None,
    near_end: Optional[float] = None,
) -> Tuple[int, int, int, int]:
    """The first and last unit `contain` keeps, and whether a bound no unit reaches comes
    before them and after them (1) — the indices of SnapList's `.units` source."""
    if containment == "none":
        return 0, len(units) - 1, 0, 0
    if near is None:
        near = reach(containment, minimum, maximum, merge)
    if near_end is None:
        near_end = near
    at_start = sum(1 for u in units if u <= minimum + near)
    at_end = sum(1 for u in units if u < maximum - near_end)
    if containment == "trimSnaps":
        first = max(0, at_start - 1)
        last = max(first, min(len(units) - 1, at_end))
    else:
        first, last = 0, len(units) - 1
    return first, last, 1 if at_start == 0 else 0, 1 if at_end >= len(units) else 0


def build(
    container: Container, units: List[float], raw_units: List[float], keys=None
) -> Container:
    c = container
    s = c.settings
    minimum = 0.0 - c.inset_leading
    maximum = max(minimum, c.content + c.inset_trailing - c.viewport)
    total = c.content + c.inset_leading + c.inset_trailing
    if total <= c.viewport + TOLERANCE:
        room = c.viewport - total
        if s.insufficient == "center":
            minimum -= room / 2
        elif s.insufficient == "end":
            minimum -= room
        maximum = minimum
        c.free = s.snap_unit == "none"
        c.rests = c.raw = [] if c.free else [minimum]
        if not c.free and keys and s.snap_unit != "page":
            # One rest position standing for the units: the first unit's.
            c.keys, c.first, c.last, c.leading = keys, 0, 0, 0
    elif s.snap_unit == "none":
        c.free = True
    elif s.snap_unit == "page":
        c.free = False
        span = maximum - minimum
        length = s.page_length if s.page_length is not None else c.viewport
        if span > TOLERANCE and length > 0:
            import math

            whole = int(math.floor((span - TOLERANCE) / length))
            c.rests = [min(minimum + j * length, maximum) for j in range(whole + 1)] + [maximum]
        else:
            c.rests = [minimum]
        c.raw = c.rests
    else:
        c.free = False
        c.unsorted = any(b < a for a, b in zip(raw_units, raw_units[1:]))
        merge = merge_distance(s, c.viewport)
        c.rests = contain(sorted(units), s.containment, minimum, maximum, merge)
        c.ties = tie_counts(sorted(units), s.containment, minimum, maximum, merge)
        c.raw = contain(raw_units, s.containment, minimum, maximum, merge)
        if keys and raw_units:
            c.keys = keys
            c.units = list(raw_units)
            c.first, c.last, c.leading, _ = contain_indices(
                raw_units, s.containment, minimum, maximum, merge
            )
        if s.containment == "none" and units:
            # The bounds are the first and last rest positions (SNAPPING.md, Containment), the
            # far edges of their ranges when the first or last unit is longer than the snapport.
            minimum, maximum = c.rests[0], c.rests[-1]
            if c.keys is not None:
                minimum = min(minimum, c.range(0)[0])
                maximum = max(maximum, c.range(len(c.raw) - 1)[1])
    c.minimum, c.maximum = minimum, maximum
    return c


def containers(sol: Solution) -> dict:
    """The main scroll (-1) and each orthogonal section's container."""
    desc = sol.desc
    cw, ch = sol.container
    main_settings = overridden(Settings(), desc.scrolling, not desc.horizontal)
    main = Container(-1, main_settings, ch, sol.content[1], *main_settings.content_inset)
    units: List[float] = []
    keys: list = []
    snapport = ch - main_settings.padding[0] - main_settings.padding[1]
    constant = main_settings.padding[0] + main_settings.alignment * snapport
    for index, s in enumerate(sol.sections):
        if s.item_count > 0:
            these = section_units(s, main_settings, ch, False, s.orthogonal, index, keys)
            if index + 1 < len(sol.sections):
                # No unit rests after the first place a unit of the next section can: its
                # start, aligned (SNAPPING.md, "Rest positions"; a unit at the section's end and
                # the next section's start are one number rounded two ways).
                ceiling = sol.sections[index + 1].frame[1] - constant
                these = [min(u, ceiling) for u in these]
            units += these
    result = {-1: build(main, units, units, keys)}
    for index, (s, section) in enumerate(zip(sol.sections, sol.canonical)):
        if not s.orthogonal:
            continue
        behavior = section["orthogonalScrollingBehavior"]
        env = desc.env_insets
        leading = float(env.get("leading", 0)) + float(
            (section.get("contentInsets") or {}).get("leading", 0)
        )
        settings = overridden(
            behavior_defaults(behavior, leading),
            section.get("orthogonalScrollingProperties", {}),
            desc.horizontal,
        )
        insets = (0.0, 0.0)
        if behavior == "groupPagingCentered" and s.group_count > 0:
            gw = s.template.size[0]
            first = s.origin[0] + gw / 2 - cw / 2
            # The last group as laid out (partial: shorter; measured: longer) rests centred.
            last = first + s.starts[-1] + ((s.last_group_length - gw) + s.deltas[-1]) / 2
            insets = (
                round_to_pixel(max(0.0, -first), desc.scale),
                round_to_pixel(max(0.0, last - (s.orthogonal_length - cw)), desc.scale),
            )
        c = Container(index, settings, cw, s.orthogonal_length, *insets)
        section_keys: list = []
        u = section_units(s, settings, cw, True, False, index, section_keys)
        result[index] = build(c, u, u, section_keys)
    return result
