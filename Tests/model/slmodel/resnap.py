"""Re-snapping through layout changes (docs/SNAPPING.md, "Through layout changes"): a container
the host left at rest on a rest position stays on the same element's rest position after a
change; the element is the unit's first item, or a bound, carried to its new place.

The model's own reading: elements come from `Container.keys` (built with the rest positions),
and a change carries them with `carry_section` (old section index -> new, or None) and
`carry_item` (old section, old item -> new item, or None).
"""

from __future__ import annotations

import math
from typing import Callable, Dict, List, Optional, Tuple

REST_TOLERANCE = 0.5

Element = Tuple  # ("start",), ("end",), ("unit", section, item) or ("nearest",)


def _around(rests: List[float], x: float) -> Tuple[int, int]:
    """The last rest position at or before `x` (the first when none is) and the one after it
    (itself when it is the last)."""
    low = max([k for k, r in enumerate(rests) if r <= x], default=0)
    return low, min(low + 1, len(rests) - 1)


def _nearest(rests: List[float], x: float) -> int:
    """The rest position nearest `x` (SnapList.nearestWithOffset): of the last position at or
    before `x` and the next, the nearer, ties to the first; and of positions that coincide, the
    first, from either side."""
    low, high = _around(rests, x)
    # Past the last position `high` is `low` (the distances' test would fail by the offset's
    # distance past it: the soak's seed=538614862;case=307, 2 ulps past the end bound).
    if high == low or x - rests[low] <= rests[high] - x:
        return min(k for k, r in enumerate(rests) if r >= rests[low])
    return high


def _holding(c, x: float) -> Optional[int]:
    """The rest position whose range holds `x` (ScrollContainer.restHolding): of the last
    position at or before `x` and the next, the one whose range (longer than a point) holds it,
    else the nearer that holds it within the tolerance (ties to the first)."""
    low, _ = _around(c.raw, x)
    if c.raw[low] == x:
        # Exactly at a position (the first of several there): the position before whose range
        # ends here comes first (a bound beside a long unit that reaches it: the unit is what
        # rests there, SNAPPING.md rule 2; the soak's `seed=178847156;case=49`); without a
        # range it is the rest position itself; with one it holds `x`.
        first = min(k for k, r in enumerate(c.raw) if r >= x)
        if first > 0:
            a, b = c.range(first - 1)
            if b > a and x <= b:
                return first - 1
        a, b = c.range(first)
        if not b > a:
            return None
        if first != low and a - 1.0 <= x:
            return first
    # Of two that hold it within the tolerance (ranges less than a point apart), the nearer,
    # ties to the first (SNAPPING.md, "Items longer than the viewport").
    near, nearest = None, 1.0
    for j in (low, min(low + 1, len(c.raw) - 1)):
        a, b = c.range(j)
        if b > a and a <= x <= b:
            return j
        distance = a - x if x < a else x - b
        if b > a and (distance <= nearest if near is None else distance < nearest):
            near, nearest = j, distance
    return near


def element_at(model, container: int, x: float, memory=None) -> Optional[Element]:
    """The element `container` rests on at `x`, or None when it is not at rest there (or the
    model does not judge: units out of order)."""
    c = model.scrolls.get(container)
    if c is None or c.free or not c.raw:
        return None
    if c.unsorted:
        return ("skip",)
    holding = _holding(c, x)
    j = holding if holding is not None else _nearest(c.raw, x)
    if holding is None and abs(c.raw[j] - x) > REST_TOLERANCE:
        return None
    if memory is not None and memory[0] == x:
        return memory[1]
    if c.keys is None:
        return ("nearest",)
    if j < c.leading:
        return ("start",)
    if j > c.leading + (c.last - c.first):
        return ("end",)
    section, _, item = c.keys[c.first + j - c.leading][:3]
    return ("unit", section, item)


def range_end(model, container: int, x: float) -> Optional[str]:
    """The end of a long unit's range `container` is at at `x` ("low" or "high"): within the
    rest tolerance of it, the nearer of two, ties to "low"; None when no range holds `x` or it
    is away from the ends (SNAPPING.md, "Items longer than the viewport": at an end a change
    keeps it there)."""
    c = model.scrolls.get(container)
    if c is None or c.free or not c.raw or c.unsorted:
        return None
    j = _holding(c, x)
    if j is None:
        return None
    low, high = c.range(j)
    to_low, to_high = abs(x - low), abs(x - high)
    if min(to_low, to_high) > REST_TOLERANCE:
        return None
    return "low" if to_low <= to_high else "high"


def _unit_of(c, section: int, item: int, sol) -> Optional[int]:
    """The unit holding `item` of `section` (UnitSequence.unit(ofSection:item:)), or None when
    the section has no units."""
    indices = [u for u, key in enumerate(c.keys) if key[0] == section]
    if not indices:
        return None
    s = sol.sections[section]
    if c.keys[indices[0]][3] is None:
        # Units of whole groups, lines or pages of them, in order: the last whose first item
        # is at or before the item's (clamped to the section's items).
        target = min(max(item, 0), s.item_count - 1)
        found = indices[0]
        for u in indices:
            if c.keys[u][2] <= target:
                found = u
        return found
    n = s.items_per_group
    reps = max(key[1] for key in (c.keys[u] for u in indices)) + 1
    rep = min(max(item // n, 0), reps - 1)
    leaf = item - rep * n
    in_rep = [u for u in indices if c.keys[u][1] == rep]
    for u in in_rep:
        if leaf in c.keys[u][3]:
            return u
    return in_rep[0] if in_rep else indices[-1]


def rest_offset(
    model, container: int, element: Optional[Element], near: float, end: Optional[str] = None
) -> float:
    """The rest offset of `element` (already carried) in `container`; the rest position nearest
    `near` when it is gone or names none. `end`: the end of a long unit's range the container
    was at, where it stays."""
    c = model.scrolls[container]
    if c.free or not c.raw:
        return near
    j: Optional[int] = None
    if element == ("start",):
        j = 0
    elif element == ("end",):
        j = len(c.raw) - 1
    elif element is not None and element[0] == "unit" and c.keys is not None:
        section = element[1] if container == -1 else container
        u = _unit_of(c, section, element[2], model.solution)
        if u is not None:
            j = min(max(u - c.first + c.leading, 0), len(c.raw) - 1)
    if j is None:
        return c.raw[_nearest(c.raw, near)]
    # Inside an item longer than the viewport the container keeps its place, clamped; at an
    # end of the range it stays at that end.
    low, high = c.range(j)
    if not high > low:
        return c.raw[j]
    if end == "low":
        return low
    if end == "high":
        return high
    return min(max(near, low), high)


def _halfway(c, x: float) -> List[float]:
    """The two rest positions around `x` when it lies halfway between them, within a rounding
    of the distances (the nearest is then the first in the library or the second, by the last
    bit of each sum: pages of two rows and a row moved out before the offset; TESTING-MODEL.md,
    the model soak's findings); else none."""
    if c.free or len(c.raw) < 2 or c.unsorted:
        return []
    low, high = _around(c.raw, x)
    if high == low:
        return []
    slack = 1e-9 * (1 + abs(x))
    if abs((x - c.raw[low]) - (c.raw[high] - x)) > slack:
        return []
    return [c.raw[low], c.raw[high]]


class Noted:
    def __init__(
        self, container: int, offset: float, element: Optional[Element], end: Optional[str] = None
    ) -> None:
        self.container, self.offset, self.element, self.end = container, offset, element, end
        #: Elements an offset a few ulps from this one rests on: the library's sums may
        #: put the offset on their side (an offset the model sums on a bound that a long unit's
        #: range reaches, the library an ulp past it: the soak's seed=7;case=129, pages).
        self.others: List[Element] = []


def note(model, containers: List[int]) -> List[Noted]:
    """Before a change: the containers the host scrolled, and what each rests on."""
    if model.container is None:
        return []
    scrolls = model.scrolls
    out = []
    for c in containers:
        if c not in scrolls:
            continue
        host_set = model.main_host_set if c == -1 else model.host_set[c]
        if not host_set:
            continue
        offset = model.main_offset if c == -1 else model.offsets[c]
        memory = model.rest_memory.get(c)
        element = element_at(model, c, offset, memory)
        end = None
        if element is not None:
            # The end remembered with the element, while the offset stays where the last
            # re-snap put it (Layout.RestMemory.end); else the one the offset is at.
            if memory is not None and memory[0] == offset and len(memory) > 2:
                end = memory[2]
            else:
                end = range_end(model, c, offset)
        entry = Noted(c, offset, element, end)
        if element is not None and element != ("skip",):
            eps = 8 * math.ulp(abs(offset) + 1.0)
            for probe in (offset - eps, offset + eps):
                other = element_at(model, c, probe)
                if other not in (None, ("skip",), element) and other not in entry.others:
                    entry.others.append(other)
        out.append(entry)
    return out


def resnap(
    model,
    noted: List[Noted],
    carry_section: Callable[[int], Optional[int]] = lambda s: s,
    carry_item: Callable[[int, int], Optional[int]] = lambda s, i: i,
) -> List[int]:
    """After a change: each noted container at rest goes to its element's rest position; the
    rest memory follows. Returns the containers re-snapped (the model judges them by this rule,
    not by anchoring)."""
    memory: Dict[int, Tuple[float, Element]] = {}
    for c, kept in getattr(model, "rest_memory", {}).items():
        moved = c if c == -1 else carry_section(c)
        if moved is None:
            continue
        offset, element = kept[:2]
        if element is not None and element[0] == "unit":
            # The element's section moves with it: an orthogonal carousel whose section moved
            # still rests on its own card, which a later item change carries.
            section = carry_section(element[1])
            if section is None:
                continue
            element = ("unit", section, element[2])
        memory[moved] = (offset, element) + tuple(kept[2:])
    done = []
    model.unjudged = set()
    # Containers that came to the rest position nearest an offset halfway between two, within a
    # rounding: the library's sums may put it on either side (container -> both offsets).
    model.resnap_ties = {}
    # Containers whose element is gone: they come to the rest position nearest the anchored
    # offset, which a rounding at an anchor's boundary may decide (anchoring.py's alternatives).
    model.resnap_gone = set()
    scrolls = model.scrolls
    for entry in noted:
        c = entry.container if entry.container == -1 else carry_section(entry.container)
        if c is None or c not in scrolls:
            continue
        memory.pop(c, None)
        if entry.element is None:
            continue
        if entry.element == ("skip",):
            # Units out of order: the model does not say where the library re-snaps.
            model.unjudged.add(c)
            continue
        now = model.main_offset if c == -1 else model.offsets[c]

        def carried(element: Element) -> Optional[Element]:
            if element[0] != "unit":
                return element
            section = carry_section(element[1]) if c == -1 else c
            item = carry_item(element[1], element[2])
            count = (
                model.solution.sections[section].item_count if section is not None else 0
            )
            return (
                ("unit", section, item)
                if section is not None and item is not None and 0 <= item < count
                else None
            )

        element = carried(entry.element)
        if element is None:
            model.resnap_gone.add(c)
        offset = rest_offset(model, c, element, now, entry.end)
        for other in entry.others:
            # Where the element of an offset a rounding away would have taken it.
            model.resnap_ties.setdefault(c, []).append(
                rest_offset(model, c, carried(other), now, None)
            )
        if element is None or element == ("nearest",):
            ties = _halfway(model.scrolls[c], now)
            if ties:
                model.resnap_ties.setdefault(c, []).extend(ties)
        if c == -1:
            model.main_offset = offset
        else:
            model.offsets[c] = offset
        found = element_at(model, c, offset)
        if found is not None:
            if element is not None:
                # The end it went to, while a range holds the offset (none: the unit is short).
                sc = model.scrolls[c]
                held = (
                    bool(sc.raw) and not sc.free and not sc.unsorted
                    and _holding(sc, offset) is not None
                )
                memory[c] = (offset, element, entry.end if held else None)
            else:
                memory[c] = (offset, found)
        done.append(c)
    model.rest_memory = memory
    return done
