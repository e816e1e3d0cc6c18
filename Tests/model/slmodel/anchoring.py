"""Anchoring (docs/SELF-SIZING.md rule 7): a size change keeps the content at the leading edge
of the visible bounds in place — each host-set offset moves by as much as its anchor moved.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from . import resnap


class Anchor:
    """The repetition (or line) at the leading edge of a container's visible bounds: its section
    (-1: before every section), repetition (-1: the section's own start) and position. In a
    flow section it is the line's first item: lines that break again above it change which
    line that is, and the content that stays in place is the item's."""

    def __init__(self, section: int, repetition: int, position: float, item: int = -1) -> None:
        self.section, self.repetition, self.position, self.item = (
            section,
            repetition,
            position,
            item,
        )


def _starts(s) -> List[float]:
    if s.lines is not None:
        return [start for _, _, start, _ in s.lines]
    return s.starts


def _anchor_in(sol, section: int, position: float, along_x: bool) -> Anchor:
    s = sol.sections[section]
    base = s.origin[0] if along_x else s.origin[1]
    starts = _starts(s)
    if not starts or position < base or (s.lines is None and not s.stride > 0):
        return Anchor(section, -1, 0.0 if along_x else s.frame[1])
    r = max(k for k, start in enumerate(starts) if k == 0 or base + start <= position)
    item = s.lines[r][0] if s.lines is not None else -1
    return Anchor(section, r, base + starts[r], item)


#: `Anchor.repetition` (and `item`) of an anchor at its section's end.
SECTION_END = -2


def anchor_main(sol, offset: float) -> Anchor:
    holder = -1
    for index, s in enumerate(sol.sections):
        if s.frame[1] <= offset:
            holder = index
    if holder < 0:
        return Anchor(-1, -1, 0.0)
    s = sol.sections[holder]
    if s.orthogonal:
        return Anchor(holder, -1, s.frame[1])
    found = _anchor_in(sol, holder, offset, False)
    # Past the repetitions the edge is in the section's trailing insets and boundary items,
    # which move with the section's end (SELF-SIZING.md rule 7).
    if found.repetition >= 0 and found.repetition == len(_starts(s)) - 1 and (
        offset >= s.origin[1] + s.primary
    ):
        return Anchor(holder, SECTION_END, s.frame[1] + s.frame[3], SECTION_END)
    return found


def anchor_position(sol, anchor: Anchor, along_x: bool) -> float:
    if anchor.section < 0:
        return anchor.position
    s = sol.sections[anchor.section]
    if anchor.repetition == SECTION_END:
        return s.frame[1] + s.frame[3]
    starts = _starts(s)
    # In a flow section the anchor is its item, wherever the lines now break: a line index
    # past the last line is no reason to give it up (docs/SELF-SIZING.md rule 7).
    if anchor.repetition >= 0 and s.lines is not None and 0 <= anchor.item < s.item_count:
        line = next(k for k, (first, end, _, _) in enumerate(s.lines) if first <= anchor.item < end)
        return s.origin[1] + starts[line]
    if anchor.repetition < 0 or anchor.repetition >= len(starts):
        return anchor.position if along_x else s.frame[1]
    return (s.origin[0] if along_x else s.origin[1]) + starts[anchor.repetition]


def _first_item(sol, anchor: Anchor) -> int:
    """The item an anchor follows: its own, else its repetition's first."""
    if anchor.item >= 0:
        return anchor.item
    s = sol.sections[anchor.section]
    return s.lines[anchor.repetition][0] if s.lines is not None else anchor.repetition * s.items_per_group


def _repetition_of(sol, section: int, item: int) -> int:
    s = sol.sections[section]
    if s.lines is not None:
        return next(k for k, (f, e, _, _) in enumerate(s.lines) if f <= item < e)
    return min(item // s.items_per_group, s.group_count - 1)


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * (1 + abs(a))


def carried(model, sol, found: Anchor, offset: float, container: int, along_x: bool) -> Anchor:
    """`found`, or the anchor the container's last anchored change followed when its run goes
    on (SELF-SIZING.md rule 7): the offset is where that change left it and its item is still
    where it left it, in the repetition at the leading edge now (which may have another first
    item by now)."""
    run = model.anchor_runs.get(container)
    # Between the steps of one change (an item moved to another section: `run_held`) the
    # item need not be at the edge, nor in the section holding it (the moved item was its
    # section's last, the edge past the section's end until it comes back; SELF-SIZING.md
    # rule 7).
    held = container == -1 and getattr(model, "run_held", False)
    if run is None or (not held and (found.section < 0 or found.repetition < 0)):
        return found
    section, item, left_offset, left_position = run[:4]
    if not 0 <= section < len(sol.sections) or (section != found.section and not held):
        return found
    s = sol.sections[section]
    if held and _emptied(sol, run) and _close(left_offset, offset):
        # The moved item was its section's only one: the held run stays at the emptied
        # section's start, where the item comes back to (SELF-SIZING.md rule 7).
        position = anchor_position(sol, Anchor(section, -1, found.position, 0), along_x)
        if not _close(position, left_position):
            return found
        return Anchor(section, -1, position, 0)
    if not _close(left_offset, offset) or not 0 <= item < s.item_count:
        return found
    if s.group_count == 0 or (_repetition_of(sol, section, item) != found.repetition and not held):
        return found
    # The item's own repetition, where a held run found it elsewhere.
    anchor = Anchor(section, _repetition_of(sol, section, item), found.position, item)
    position = anchor_position(sol, anchor, along_x)
    if not _close(position, left_position):
        return found
    return Anchor(anchor.section, anchor.repetition, position, item)


def _emptied(sol, run) -> bool:
    """Whether a main-scroll run holds a section its only item moved out of: item 0 of none
    (Layout.holdsEmptied)."""
    return 0 <= run[0] < len(sol.sections) and run[1] == 0 and sol.sections[run[0]].item_count == 0


def run_is_left(model, sol, run, container: int = -1) -> bool:
    """Whether the container's run is where the last change left it: the offset is that
    change's and its item starts where it did, wherever the edge lies now (SELF-SIZING.md rule
    7)."""
    if run is None or run[0] < 0:
        return False
    along_x = container != -1
    if along_x:
        if container != run[0] or not model.host_set[container]:
            return False
        offset = model.offsets[container]
    else:
        if not model.main_host_set:
            return False
        offset = model.main_offset
    s = sol.sections[run[0]]
    if not along_x and _emptied(sol, run):
        return _close(run[2], offset) and _close(s.frame[1], run[3])
    if not 0 <= run[1] < s.item_count or s.group_count == 0 or not _close(run[2], offset):
        return False
    anchor = Anchor(run[0], _repetition_of(sol, run[0], run[1]), 0.0, run[1])
    return _close(anchor_position(sol, anchor, along_x), run[3])


def goes_on(model, sol, container: int, anchor: Anchor, offset: float, along_x: bool) -> bool:
    """Whether the container's run goes on with `anchor` (the one `carried` gave): it follows
    the same item, and the offset and the anchor are where the last change left them."""
    run = model.anchor_runs.get(container)
    if run is None or anchor.section < 0:
        return False
    if anchor.repetition < 0 and not (container == -1 and anchor.item == 0 and _emptied(sol, run)):
        return False
    return (
        run[0] == anchor.section
        and run[1] == _first_item(sol, anchor)
        and _close(run[2], offset)
        and _close(anchor_position(sol, anchor, along_x), run[3])
    )


def _record(
    model, sol, container: int, anchor: Anchor, offset: float, along_x: bool, away=None
) -> None:
    """The run the change leaves: its section, item, offset and anchor position, and `away`:
    the (section, item) its anchor handed over from when that item moved to another section
    (state.py, `move_item`)."""
    # A section emptied under the main run's anchor keeps the run at its start, item 0 of none
    # (what a held run follows: `carried`).
    emptied = (
        container == -1 and anchor.section >= 0 and anchor.item == 0
        and sol.sections[anchor.section].item_count == 0
    )
    if anchor.section < 0 or (anchor.repetition < 0 and not emptied):
        model.anchor_runs.pop(container, None)
        return
    model.anchor_runs[container] = (
        anchor.section,
        _first_item(sol, anchor),
        offset,
        anchor_position(sol, anchor, along_x),
        away,
    )


def within(x: float, low: float, high: float) -> bool:
    """In bounds, counting an offset the library clamped to a bound the model computes a few
    ulps away as on it."""
    slack = 1e-9 * (1 + abs(x))
    return low - slack <= x <= high + slack


def _probes(x: float) -> List[float]:
    """The offset, and a rounding either side of it: the model sums positions in its own order,
    so an offset on a line's or repetition's start may fall on its other side in the library."""
    slack = 1e-9 * (1 + abs(x))
    return [x, x - slack, x + slack]


def _distinct(anchors: List[Anchor]) -> List[Anchor]:
    seen, out = set(), []
    for a in anchors:
        key = (a.section, a.repetition, a.item)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def anchored(
    model,
    section: Optional[int],
    change,
    remap=None,
    carry_section=lambda s: s,
    carry_item=lambda s, i: i,
    extra: Optional[List[int]] = None,
    carry_away_section=None,
    take: Optional[int] = None,
    take_after: bool = False,
    take_position: Optional[float] = None,
    main_remap=None,
    section_remap=None,
    section_take: Optional[Tuple[int, float]] = None,
) -> None:
    """Applies `change` keeping the content at the leading edge of the visible bounds in place:
    each host-set offset moves by as much as its anchor moved, and is clamped to the new bounds
    when it was within the old ones (SELF-SIZING.md rule 7, and "Live data changes"). `remap`
    (anchor, old solution, new solution) says where an anchor went when items or sections moved.
    An offset within a rounding of a boundary between anchors may take either: the offsets the
    others give are kept in `model.anchor_alternatives` (container -> offsets). A main run that
    goes on keeps the item it handed over from, where `carry_away_section` (else
    `carry_section`) and `carry_item` take it; `take`: an item inserted at the index of the
    item the run follows (after it when `take_after`: it was its section's last and the run
    handed over to the item before it), back from another section, takes the run again
    (`take_position`:
    moved back within the section to the place of the item the run follows, which is where
    this position says the last change left it — `take` takes the run however the edge lies);
    `main_remap`: `remap` for the main scroll's anchors, when they go elsewhere (a move within a
    section hands the main run over to the next item, as a delete does); `section_remap` and
    `section_take` (item, position) the same for `section`'s own anchors."""
    model.anchor_alternatives = {}
    model.resnapped = set()
    if model.container is None:
        change()
        return
    sol, scrolls = model.solution, model.scrolls
    # Containers at rest re-snap after the change (SNAPPING.md, "Through layout changes").
    watched = [-1] + ([section] if section is not None and section in scrolls else [])
    noted = resnap.note(model, watched + [c for c in (extra or []) if c in scrolls])
    main = scrolls[-1]
    before_main = model.main_offset
    # The run's anchor first; the anchor found afresh is an alternative: the library compares
    # offsets and positions exactly, the model within a rounding, so a run may end in one and
    # not in the other.
    fresh = [anchor_main(sol, x) for x in _probes(before_main)]
    main_anchors = _distinct([carried(model, sol, fresh[0], before_main, -1, False)] + fresh)
    # A change made of several steps (an item moved to another section) clamps the main
    # offset once, at its last step, by whether it was in bounds before the first
    # (`model.clamp_held`: in bounds, last step; SELF-SIZING.md rule 7).
    held = getattr(model, "clamp_held", None)
    main_in = held[0] if held is not None else within(before_main, main.minimum, main.maximum)
    main_clamps = held is None or held[1]
    # What the main run carries on: the item it handed over from (SELF-SIZING.md rule 7).
    main_run = model.anchor_runs.get(-1)
    main_goes_on = goes_on(model, sol, -1, main_anchors[0], before_main, False)
    away = None
    # A run whose item is deleted ends, and forgets the item away with it.
    if (
        main_goes_on
        and main_run[4] is not None
        and carry_section(main_run[0]) is not None
        and carry_item(main_run[0], main_run[1]) is not None
    ):
        away_section = (carry_away_section or carry_section)(main_run[4][0])
        away_item = carry_item(main_run[4][0], main_run[4][1])
        if away_section is not None and away_item is not None:
            away = (away_section, away_item) + tuple(main_run[4][2:])
    taken = take_position is not None or (
        take is not None
        and main_goes_on
        and main_anchors[0].section == section
        and _first_item(sol, main_anchors[0]) + (1 if take_after else 0) == take
    )
    if taken:
        # The item away is back: the run follows it again.
        away = None
    section_anchors = None
    section_away = None
    if section is not None and section in scrolls:
        c = scrolls[section]
        before_section = model.offsets[section]
        fresh = [_anchor_in(sol, section, x, True) for x in _probes(before_section)]
        section_anchors = _distinct(
            [carried(model, sol, fresh[0], before_section, section, True)] + fresh
        )
        section_in = within(before_section, c.minimum, c.maximum)
        # The item the section's run handed over from goes on with the run, as the main one's.
        section_run = model.anchor_runs.get(section)
        if (
            section_take is None
            and goes_on(model, sol, section, section_anchors[0], before_section, True)
            and section_run[4] is not None
            and carry_item(section_run[0], section_run[1]) is not None
        ):
            away_item = carry_item(section_run[4][0], section_run[4][1])
            if away_item is not None:
                section_away = (section, away_item) + tuple(section_run[4][2:])
    old = sol
    # Only the main scroll's run and `section`'s go on past this change.
    model.anchor_runs = {c: run for c, run in model.anchor_runs.items() if c in (-1, section)}
    # Compositional anchors follow an item through item changes: their repetition's first.
    main_anchors = [_with_item(old, a) for a in main_anchors]
    if section_anchors is not None:
        section_anchors = [_with_item(old, a) for a in section_anchors]
    change()
    model.invalidate()
    sol, scrolls = model.solution, model.scrolls
    if (main_remap or remap) is not None:
        main_anchors = [(main_remap or remap)(a, old, sol) for a in main_anchors]
    if (section_remap or remap) is not None and section_anchors is not None:
        section_anchors = [(section_remap or remap)(a, old, sol) for a in section_anchors]
    if section_take is not None and section_anchors is not None:
        item, position = section_take
        section_anchors[0] = Anchor(section, _repetition_of(sol, section, item), position, item)
    if taken:
        main_anchors[0] = Anchor(
            section,
            _repetition_of(sol, section, take),
            main_anchors[0].position if take_position is None else take_position,
            take,
        )

    def moved(anchors, before, was_in, container, along_x):
        c = scrolls[container]
        out = []
        for a in anchors:
            offset = before + anchor_position(sol, a, along_x) - a.position
            if was_in:
                offset = min(max(offset, c.minimum), c.maximum)
            out.append(offset)
        model.anchor_alternatives[container] = out[1:]
        return out[0]

    if model.main_host_set:
        model.main_offset = moved(main_anchors, before_main, main_in and main_clamps, -1, False)
        _record(model, sol, -1, main_anchors[0], model.main_offset, False, away)
    else:
        model.anchor_runs.pop(-1, None)
    if section_anchors is not None and section in scrolls and model.host_set[section]:
        model.offsets[section] = moved(section_anchors, before_section, section_in, section, True)
        _record(
            model, sol, section, section_anchors[0], model.offsets[section], True, section_away
        )
    elif section is not None:
        model.anchor_runs.pop(section, None)
    model.invalidate()
    alternatives = dict(model.anchor_alternatives)
    for c in resnap.resnap(model, noted, carry_section, carry_item):
        model.anchor_alternatives.pop(c, None)
        if c in model.resnap_gone and alternatives.get(c):
            # Its element gone, the container comes to the rest position nearest the anchored
            # offset (SNAPPING.md, "Through layout changes", rule 3), and an offset on an
            # anchor's boundary may be anchored by either side of it in the library: the
            # nearest rest position to each alternative is one too (the soak's
            # seed=553131218;case=55: the host on a rest position the model sums an ulp below
            # the library's, whose item is deleted).
            model.anchor_alternatives[c] = [
                resnap.rest_offset(model, c, None, a) for a in alternatives[c]
            ]
        # Halfway between two rest positions, within a rounding: either is the nearest.
        ties = model.resnap_ties.get(c)
        if ties:
            model.anchor_alternatives.setdefault(c, []).extend(ties)
        model.resnapped.add(c)
        # The run goes on from the offset re-snapped, following the same item (rule 7).
        run = model.anchor_runs.get(c)
        if run is not None:
            offset = model.main_offset if c == -1 else model.offsets[c]
            model.anchor_runs[c] = (run[0], run[1], offset) + tuple(run[3:])
    model.invalidate()


def _with_item(sol, anchor: Anchor) -> Anchor:
    if anchor.section < 0 or anchor.repetition < 0 or anchor.item >= 0:
        return anchor
    s = sol.sections[anchor.section]
    if s.lines is not None or s.group_count == 0:
        return anchor
    return Anchor(anchor.section, anchor.repetition, anchor.position, _first_item(sol, anchor))


def item_remap(section: int, old_count: int, new_count: int, mapping, kept):
    """Where an anchor goes when a section's items change (SELF-SIZING.md, "Live data changes"):
    an anchor in the section follows its repetition's first item; a deleted item hands over to
    the first one after it that remains (or the last item)."""

    def remap(anchor: Anchor, old, new) -> Anchor:
        if anchor.section != section or anchor.repetition < 0:
            return anchor
        s = old.sections[section]
        first = (
            anchor.item
            if anchor.item >= 0
            else s.lines[anchor.repetition][0]
            if s.lines is not None
            else anchor.repetition * s.items_per_group
        )
        item = kept(first)
        target = mapping(item) if item < old_count else None
        if target is None:
            target = max(0, new_count - 1)
        t = new.sections[section]
        if t.group_count == 0:
            # No item is left: the section's start, item 0 of none (a run holds it, `_record`).
            return Anchor(section, -1, anchor.position, 0)
        if t.lines is not None:
            target = min(target, t.item_count - 1)
            line = next(k for k, (f, e, _, _) in enumerate(t.lines) if f <= target < e)
            return Anchor(section, line, anchor.position, target)
        return Anchor(
            section, min(target // t.items_per_group, t.group_count - 1), anchor.position, target
        )

    return remap


def section_remap(order: List[Optional[int]], replaced: Optional[int]):
    """Where the main anchor goes when sections change: its section, wherever it moved; the start
    of a replaced section; for a deleted one, the start of the first section after it that
    remains (none: the offset stays)."""

    def remap(anchor: Anchor, old, new) -> Anchor:
        if anchor.section < 0:
            return anchor
        if anchor.section != replaced and anchor.section in order:
            return Anchor(
                order.index(anchor.section), anchor.repetition, anchor.position, anchor.item
            )
        if replaced is not None and anchor.section == replaced:
            return Anchor(replaced, -1, old.sections[replaced].frame[1])
        for index, source in enumerate(order):
            if source is not None and source > anchor.section:
                return Anchor(index, -1, old.sections[source].frame[1])
        return Anchor(-1, -1, 0.0)

    return remap


#: The item an anchor follows (state.py's moves ask it).
first_item = _first_item
anchor_in = _anchor_in
