"""The model's state and the API's changes, applied the plain way: measured sizes are a dict per
section (item -> size), a flow section's sizes a dict of given and one of measured sizes, and every
query solves the whole layout again from them (docs/SELF-SIZING.md, docs/FLOW-LAYOUT.md, "Live
data changes").

Not modelled (the driver checks them by invariants instead): where the offsets go when sizes or
data change (SELF-SIZING.md rule 7, anchoring) — the driver copies host-set offsets from the
library after every change — and the decisions of sl_layout_resolve_scroll.
"""

from __future__ import annotations

import copy
import struct
from typing import Dict, List, Optional, Tuple

from .canon import (
    Description,
    Json,
    add_section_kinds,
    kind_names,
    merged_variant,
    variant_in_force,
)
from .groups import ModelError
from .layout import Solution
from . import resnap
from .anchoring import (
    anchor_in,
    anchor_main,
    anchored,
    carried,
    first_item,
    item_remap,
    run_is_left,
    section_remap,
    within,
)
from .scroll import containers

Size = Tuple[float, float]
BEHAVIORS = [
    "none",
    "continuous",
    "continuousGroupLeadingBoundary",
    "paging",
    "groupPaging",
    "groupPagingCentered",
]


def f32(value: float) -> float:
    """SELF-SIZING.md rule 9: measured cell sizes are kept in single precision."""
    return struct.unpack("f", struct.pack("f", value))[0]


class Refused(Exception):
    """A call the documented rules refuse: the status name and the error path."""

    def __init__(self, status: str, path: str) -> None:
        super().__init__(f"{status} at {path!r}")
        self.status = status
        self.path = path


class FlowStorage:
    """A flow section's sizes of their own (FLOW-LAYOUT.md, Per-item sizes)."""

    def __init__(self) -> None:
        self.given: Dict[int, Size] = {}
        self.measured: Dict[int, Size] = {}

    def copy(self) -> "FlowStorage":
        other = FlowStorage()
        other.given = dict(self.given)
        other.measured = dict(self.measured)
        return other


class ModelLayout:
    def __init__(self, config: Json) -> None:
        self.config = copy.deepcopy(config)
        self.desc = Description(self.config)
        self.sections: List[Json] = self.config["sections"]
        self.kinds = kind_names(self.config)
        n = len(self.sections)
        self.measured: List[Dict[int, Size]] = [{} for _ in range(n)]
        self.shares: List[Size] = [(0.0, 0.0) for _ in range(n)]
        self.flow: List[Optional[FlowStorage]] = [self._given_storage(s) for s in self.sections]
        self.boundary: List[Dict[str, Size]] = [{} for _ in range(n)]
        self.global_measured: Dict[str, Size] = {}
        self.offsets: List[float] = [0.0] * n
        self.host_set: List[bool] = [False] * n
        #: LAYOUT-RULES §12.3: a host-set offset kept while the variant in force does not
        #: scroll orthogonally.
        self.parked: List[Optional[float]] = [None] * n
        self.main_offset = 0.0
        self.main_host_set = False
        #: SNAPPING.md, "Through layout changes": what each container rested on when a change
        #: last re-snapped it (container -> (offset, element)), and the containers the last
        #: change re-snapped.
        self.rest_memory: Dict[int, tuple] = {}
        #: SELF-SIZING.md rule 7: the anchor each container's last anchored change followed
        #: (container -> (section, item, offset it left, anchor position it left)).
        self.anchor_runs: Dict[int, tuple] = {}
        #: While a change of several steps runs (an item moved to another section): whether the
        #: main offset was in bounds before it, and whether the step running is the last.
        self.clamp_held: Optional[Tuple[bool, bool]] = None
        self.resnapped: set = set()
        self.container: Optional[Size] = None
        self._solution: Optional[Solution] = None
        self._containers = None
        c = self.desc.container
        if c is not None:
            self.set_container(float(c["width"]), float(c["height"]))

    def _given_storage(self, section: Json) -> Optional[FlowStorage]:
        if self.desc.flow is None or "itemSizes" not in section:
            return None
        storage = FlowStorage()
        for i, size in enumerate(section.pop("itemSizes")):
            storage.given[i] = (float(size["width"]), float(size["height"]))
        return storage

    # -- solving -------------------------------------------------------------------------------

    def flow_size(self, section: int) -> Size:
        """The size of a flow section's items that have none of their own, host orientation."""
        fs = self.desc.canonical_section(self.sections[section])["_flow"]
        return fs.canonical_size(fs.item_size)

    def sizes_differ(self, section: int) -> bool:
        """FLOW-LAYOUT.md F13: while every item has the flow's size, given or measured, the
        section is the periodic one (its lines are F1-F5's, items_per_group their count)."""
        storage = self.flow[section]
        if storage is None:
            return False
        uniform = self.flow_size(section)
        count = int(self.sections[section]["itemCount"])
        for i in set(storage.given) | set(storage.measured):
            size = storage.measured.get(i) or storage.given.get(i)
            if i < count and size != uniform:
                return True
        return False

    def keeps_sizes(self, section: int) -> bool:
        """FLOW-LAYOUT.md F13: a flow section has sizes of its own while some item's size is not
        the flow's or some item is measured; otherwise it is the periodic section, whatever
        sizes were given before."""
        storage = self.flow[section]
        if storage is None:
            return False
        if storage.measured:
            return True
        uniform = self.flow_size(section)
        count = int(self.sections[section]["itemCount"])
        return any(v != uniform for i, v in storage.given.items() if i < count)

    def canonical_size(self, size: Size) -> Size:
        return (size[1], size[0]) if self.desc.horizontal else size

    # -- variants (docs/LAYOUT-RULES.md §12) -----------------------------------------------------

    def variant_of(self, section: Json) -> int:
        """The variant in force in `section` at the container's effective content size (the
        container less the environment's insets, host orientation); -1 without a container."""
        if self.container is None or not section.get("variants"):
            return -1
        insets = self.config.get("environment", {}).get("contentInsets", {})
        width = self.container[0] - insets.get("leading", 0) - insets.get("trailing", 0)
        height = self.container[1] - insets.get("top", 0) - insets.get("bottom", 0)
        return variant_in_force(section, (width, height))

    def in_force_of(self, section: Json) -> Json:
        """`section` as solved: with the keys of its variant in force, without its variants."""
        if "variants" not in section:
            return section
        index = self.variant_of(section)
        if index < 0:
            return {k: v for k, v in section.items() if k != "variants"}
        return merged_variant(section, section["variants"][index])

    def in_force(self, section: int) -> Json:
        return self.in_force_of(self.sections[section])

    def variant(self, section: int) -> int:
        return self.variant_of(self.sections[section])

    def _orthogonal(self, section: Json) -> bool:
        return (
            self.desc.flow is None
            and self.in_force_of(section).get("orthogonalScrollingBehavior", "none") != "none"
        )

    def _solve(self, container: Size) -> Solution:
        measured = [{i: self.canonical_size(v) for i, v in m.items()} for m in self.measured]
        flow_sizes = []
        for index, storage in enumerate(self.flow):
            if not self.sizes_differ(index):
                # FLOW-LAYOUT.md: a section's items have sizes of their own while some are given
                # or measured; with none left it is laid out as a fresh one is (issue 16, 7).
                flow_sizes.append(None)
                continue
            fs = self.desc.canonical_section(self.sections[index])["_flow"]
            sizes = []
            for i in range(int(self.sections[index]["itemCount"])):
                size = storage.measured.get(i) or storage.given.get(i)
                sizes.append(self.canonical_size(size) if size is not None else fs.item_size)
            flow_sizes.append(sizes)
        boundary = [{k: self.canonical_size(v) for k, v in b.items()} for b in self.boundary]
        globals_ = {k: self.canonical_size(v) for k, v in self.global_measured.items()}
        return Solution(
            self.desc,
            [self.in_force_of(section) for section in self.sections],
            container,
            measured,
            self.shares,
            flow_sizes,
            boundary,
            globals_,
        )

    @property
    def solution(self) -> Solution:
        if self._solution is None:
            if self.container is None:
                raise Refused("SL_ESTATE", "layout")
            self._solution = self._solve(self.container)
        return self._solution

    @property
    def scrolls(self):
        if self._containers is None:
            self._containers = containers(self.solution)
            for index, c in self._containers.items():
                if index == -1:
                    if not self.main_host_set:
                        self.main_offset = c.initial
                elif not self.host_set[index]:
                    self.offsets[index] = c.initial
        return self._containers

    def unjudged_resnaps(self) -> set:
        """Containers the last change re-snapped where the model does not judge the offset."""
        return getattr(self, "unjudged", set())

    def invalidate(self) -> None:
        self._solution = None
        self._containers = None

    def resolve_now(self) -> None:
        """Solves at once (a change that cannot be solved is refused and undone)."""
        self.invalidate()
        if self.container is not None:
            _ = self.scrolls

    def set_container(self, width: float, height: float) -> None:
        previous = self.container
        # A new container size starts every run again (SELF-SIZING.md rule 7).
        self.anchor_runs = {}
        kept = (list(self.offsets), list(self.host_set), list(self.parked))
        was = [self._orthogonal(section) for section in self.sections]
        self.container = (width, height)
        # LAYOUT-RULES §12.3: a section whose variant in force stops scrolling orthogonally
        # parks the offset the host set, and gets it back when one that does is in force.
        for index, section in enumerate(self.sections):
            now = self._orthogonal(section)
            if was[index] and not now:
                if self.host_set[index]:
                    self.parked[index] = self.offsets[index]
                self.offsets[index], self.host_set[index] = 0.0, False
            elif now and not was[index] and self.parked[index] is not None:
                self.offsets[index], self.host_set[index] = self.parked[index], True
                self.parked[index] = None
        noted = []
        if previous is not None:
            # Containers at rest stay on their elements (SNAPPING.md, "Through layout
            # changes"): noted at the old size.
            self.container = previous
            self.invalidate()
            noted = resnap.note(self, list(self.scrolls))
            self.container = (width, height)
            self.invalidate()
        try:
            self.resolve_now()
        except ModelError:
            self.container = previous
            self.offsets, self.host_set, self.parked = kept
            self.invalidate()
            raise
        self.resnapped = set(resnap.resnap(self, noted))
        self.invalidate()

    # -- queries -------------------------------------------------------------------------------

    def item_frame(self, section: int, item: int):
        self.scrolls
        offset = self.offsets[section]
        return self.solution.item_frame(section, item, offset)

    def section_info(self, section: int) -> Json:
        self.scrolls
        s = self.solution.sections[section]
        behavior = self.in_force(section).get("orthogonalScrollingBehavior", "none")
        if self.desc.flow is not None:
            behavior = "none"
        return {
            "variant": self.variant(section),
            "frame": self.solution.physical(s.frame),
            "item_count": s.item_count,
            "group_count": s.group_count,
            "items_per_group": s.items_per_group,
            "behavior": BEHAVIORS.index(behavior),
            "orthogonal_length": s.orthogonal_length,
            "offset": self.offsets[section] if s.orthogonal else 0.0,
        }

    def item_distance(self, section: int, item: int) -> float:
        """SNAPPING.md, visible-item effects: (centre of the unscrolled frame − the snapport's
        centre) / the section's stride, 0 without a stride."""
        scrolls = self.scrolls
        s = self.solution.sections[section]
        frame = s.cells[item].frame
        if section in scrolls:
            c = scrolls[section]
            center = self.offsets[section] + c.settings.padding[0] + c.snapport / 2
        else:
            main = scrolls[-1]
            center = self.main_offset + main.settings.padding[0] + main.snapport / 2
        if not s.stride > 0:
            return 0.0
        mid = frame[0] + frame[2] / 2 if s.orthogonal else frame[1] + frame[3] / 2
        return (mid - center) / s.stride

    def main_scroll(self):
        c = self.scrolls[-1]
        return c

    def elements(self):
        scrolls = self.scrolls
        main = scrolls[-1]
        offsets = {i: self.offsets[i] for i in range(len(self.sections))}

        def effects(index: int):
            settings = self.in_force(index).get("visibleItemEffects")
            if settings is None:
                return None
            s = self.solution.sections[index]
            if index in scrolls:
                c = scrolls[index]
                center = self.offsets[index] + c.settings.padding[0] + c.snapport / 2
            else:
                center = self.main_offset + main.settings.padding[0] + main.snapport / 2
            return (s.orthogonal, center, s.stride, settings)

        return self.solution.elements(
            offsets,
            (self.main_offset, main.inset_leading, main.viewport, main.inset_trailing),
            effects,
        )

    def scroll_info(self, container: int) -> Json:
        c = self.scrolls[container]
        return {
            "viewport_length": c.viewport,
            "content_length": c.content,
            "inset_leading": c.inset_leading,
            "inset_trailing": c.inset_trailing,
            "min_offset": c.minimum,
            "max_offset": c.maximum,
            "offset": self.main_offset if container == -1 else self.offsets[container],
            "snap_count": 0 if c.free else len(c.rests),
            "max_pages_per_gesture": c.settings.max_steps,
            "deceleration_rate": c.settings.deceleration,
        }

    def container_ids(self) -> List[int]:
        return sorted(self.scrolls)

    # -- changes -------------------------------------------------------------------------------

    def check_section(self, section: int, path: str = "section") -> None:
        if not 0 <= section < len(self.sections):
            raise Refused("SL_ERANGE", path)

    def check_item(self, section: int, item: int, path: str = "item") -> None:
        if not 0 <= item < int(self.sections[section]["itemCount"]):
            raise Refused("SL_ERANGE", path)

    @staticmethod
    def check_measured(width: float, height: float) -> None:
        for value, name in ((width, "width"), (height, "height")):
            if not (value == value and 0 <= value <= 1e6):
                raise Refused("SL_EINVAL", name)

    def set_offset(self, container: int, offset: float) -> None:
        # The host setting an offset starts its run again, from the offset as it is, even when
        # the offset is where the last change left it (SELF-SIZING.md rule 7). The library keeps
        # one run for the orthogonal sections: setting any of them ends it. What a change or a
        # jump put the container on is remembered while the offset stays there: setting another
        # offset forgets it, and coming back to that offset later does not bring it back
        # (SNAPPING.md, "Positions that share an offset"; the soak's seed=382256839;case=142).
        kept = self.rest_memory.get(container)
        if kept is not None and kept[0] != offset:
            del self.rest_memory[container]
        if container == -1:
            self.main_offset, self.main_host_set = offset, True
            self.anchor_runs.pop(-1, None)
        else:
            self.offsets[container], self.host_set[container] = offset, True
            self.anchor_runs = {c: run for c, run in self.anchor_runs.items() if c == -1}

    def report(self, section: int, item: int, size: Optional[Size]) -> None:
        """SELF-SIZING.md rules 1-7, 11 (size None: reset)."""
        if self.container is not None:
            self.check_section(section)
            self.check_item(section, item)
            if size is not None:
                self.check_measured(*size)
            anchored(self, section, lambda: self._report(section, item, size))
            return
        self._report(section, item, size)

    def report_many(self, section: int, first: int, sizes: List[Size]) -> None:
        """SELF-SIZING.md, "Many sizes at once": the sizes of the single reports, one change."""
        if not sizes:
            return

        def change() -> None:
            for k, size in enumerate(sizes):
                self._report(section, first + k, size)

        anchored(self, section, change)

    def _report(self, section: int, item: int, size: Optional[Size]) -> None:
        if self.container is None:
            raise Refused("SL_ESTATE", "layout")
        self.check_section(section)
        self.check_item(section, item)
        if size is not None:
            self.check_measured(*size)
        if self.desc.flow is not None:
            fs = self.desc.canonical_section(self.sections[section])["_flow"]
            if not fs.self_sizing:
                raise Refused("SL_EINVAL", "section")
            if size is None and self.flow[section] is None:
                return
            if self.flow[section] is None:
                self.flow[section] = FlowStorage()
            if size is None:
                self.flow[section].measured.pop(item, None)
            else:
                self.flow[section].measured[item] = (float(size[0]), float(size[1]))
            self.invalidate()
            return
        if size is None:
            self.measured[section].pop(item, None)
        else:
            stored = (f32(size[0]), f32(size[1]))
            self.measured[section][item] = stored
        self.invalidate()

    def measured_size(self, section: int, item: int) -> Optional[Size]:
        if self.desc.flow is not None:
            storage = self.flow[section]
            return None if storage is None else storage.measured.get(item)
        return self.measured[section].get(item)

    def report_boundary(self, section: int, kind: str, size: Optional[Size]) -> None:
        anchored(
            self,
            None if section == -1 else section,
            lambda: self._report_boundary(section, kind, size),
        )

    def _report_boundary(self, section: int, kind: str, size: Optional[Size]) -> None:
        target = self.global_measured if section == -1 else self.boundary[section]
        if size is None:
            target.pop(kind, None)
        else:
            target[kind] = (float(size[0]), float(size[1]))
        self.invalidate()

    def boundary_kinds(self, section: int) -> List[str]:
        if section == -1:
            return [
                b["elementKind"]
                for b in self.config.get("configuration", {}).get("boundarySupplementaryItems", [])
            ]
        if self.desc.flow is not None:
            fs = self.desc.canonical_section(self.sections[section])["_flow"]
            return [b["elementKind"] for b in fs.boundary_items()]
        return [
            b["elementKind"] for b in self.in_force(section).get("boundarySupplementaryItems", [])
        ]

    def set_item_sizes(self, section: int, first: int, sizes: List[Size]) -> None:
        anchored(self, section, lambda: self._set_item_sizes(section, first, sizes))

    def _set_item_sizes(self, section: int, first: int, sizes: List[Size]) -> None:
        if self.flow[section] is None:
            self.flow[section] = FlowStorage()
        for k, size in enumerate(sizes):
            self.flow[section].given[first + k] = (float(size[0]), float(size[1]))
        self.invalidate()

    def change_items(
        self, section: int, count: int, mapping, kept=None, extra=None, take=None,
        take_position=None, main_mapping=None, section_mapping=None, section_take=None,
        take_after=False,
    ) -> None:
        """Items change; the offsets follow the item at the leading edge (SELF-SIZING.md, "Live
        data changes"). `kept(item)`: the first item at or after it that remains; `extra`: what
        else the same change does (the sizes a moved item brings); `take`: the inserted item
        that takes the main run back (`move_item`), `take_position` the run's anchor position
        when it takes it wherever the edge is (a move within the section; `section_take`: (item,
        position) for the section's own run); `main_mapping` and `section_mapping`: where the
        main and the section's own anchor's item go, when not where `mapping` puts it (a move
        within the section hands the run over)."""
        old_count = int(self.sections[section]["itemCount"])

        def change() -> None:
            self._change_items(section, count, mapping)
            if extra is not None:
                extra()

        anchored(
            self,
            section,
            change,
            item_remap(section, old_count, count, mapping, kept or (lambda item: item)),
            carry_item=lambda s, i: (mapping(i) if i < old_count else None) if s == section else i,
            take=take,
            take_after=take_after,
            take_position=take_position,
            main_remap=item_remap(
                section, old_count, count, main_mapping, kept or (lambda item: item)
            ) if main_mapping is not None else None,
            section_remap=item_remap(
                section, old_count, count, section_mapping, kept or (lambda item: item)
            ) if section_mapping is not None else None,
            section_take=section_take,
        )

    def _change_items(self, section: int, count: int, mapping) -> None:
        """Measured and own sizes follow their items (SELF-SIZING.md, Live data changes)."""
        self.measured[section] = {
            mapping(i): v for i, v in self.measured[section].items() if mapping(i) is not None
        }
        storage = self.flow[section]
        if storage is not None:
            storage.given = {
                mapping(i): v for i, v in storage.given.items() if mapping(i) is not None
            }
            storage.measured = {
                mapping(i): v for i, v in storage.measured.items() if mapping(i) is not None
            }
        self.sections[section]["itemCount"] = count
        self.invalidate()

    def move_item(self, fs: int, fi: int, ts: int, ti: int) -> None:
        if fs == ts:

            def mapping(i: int):
                if i == fi:
                    return ti
                if fi < ti and fi < i <= ti:
                    return i - 1
                if ti < fi and ti <= i < fi:
                    return i + 1
                return i

            self._move_within(fs, fi, ti, mapping)
            return
        carried_given = carried_measured = None
        if self.desc.flow is not None:
            # FLOW-LAYOUT.md, "Moving items".
            storage = self.flow[fs]
            if self.keeps_sizes(fs):
                source = self.desc.canonical_section(self.sections[fs])["_flow"]
                uniform = self.flow_size(fs)
                if not source.self_sizing or any(v != uniform for v in storage.given.values()):
                    carried_given = storage.given.get(fi, uniform)
                carried_measured = storage.measured.get(fi)
        else:
            carried_measured = self.measured[fs].get(fi)
        # The main scroll at rest on the moved item follows it (SNAPPING.md, "Through layout
        # changes").
        resting = resnap.note(self, [-1])
        # Two changes, a delete and an insert: the main run follows its item through both
        # (SELF-SIZING.md rule 7). When that item is the one moved, the run hands over to the
        # next item and notes where the moved one went; moved back to the place of the item the
        # run then follows, it takes the run again.
        leaving = False
        if self.container is not None and self.main_host_set:
            sol = self.solution
            found = anchor_main(sol, self.main_offset)
            a = carried(self, sol, found, self.main_offset, -1, False)
            leaving = a.section == fs and a.repetition >= 0 and first_item(sol, a) == fi
        run = self.anchor_runs.get(-1)
        returning = run is not None and run[4] is not None and run[4][:2] == (fs, fi)
        # Its side is noted now: the delete forgets the item away, which is this one.
        returning_after = returning and len(run[4]) > 2 and bool(run[4][2])
        # One change: the main offset is clamped at its last step only (anchoring.anchored).
        reports = carried_measured is not None and self.container is not None and (
            self.desc.flow is None
        )
        if self.container is not None:
            main = self.scrolls[-1]
            self.clamp_held = (within(self.main_offset, main.minimum, main.maximum), False)
        # Coming back to the place of the item the run follows, the run where the move out left
        # it, the item takes the run again wherever the edge lies: the delete holds the run too
        # (Layout.moveItem; SELF-SIZING.md rule 7). Moved elsewhere, nothing is held.
        self.run_held = (
            returning
            and self.container is not None
            and (ts, ti) == (run[0], run[1] + (1 if returning_after else 0))
            and run_is_left(self, self.solution, run)
        )
        try:
            self._move_item_steps(fs, fi, ts, ti, returning, reports, carried_given,
                                  carried_measured, returning_after)
        finally:
            self.clamp_held = None
            self.run_held = False
        self.invalidate()
        run = self.anchor_runs.get(-1)
        if leaving and run is not None and run[0] == fs:
            # After the item it handed over to when the moved one was its section's last (the
            # delete hands over to the item before then): back, it goes after that item.
            self.anchor_runs[-1] = run[:4] + ((ts, ti, 0 <= run[1] < fi),)
        for entry in resting:
            if entry.element == ("unit", fs, fi):
                now = ("unit", ts, ti)
                self.main_offset = resnap.rest_offset(self, -1, now, self.main_offset, entry.end)
                self.anchor_runs.pop(-1, None)
                self.rest_memory[-1] = (self.main_offset, now)
                self.resnapped.add(-1)
                self.anchor_alternatives.pop(-1, None)
        self.invalidate()

    def _move_within(self, section: int, fi: int, ti: int, mapping) -> None:
        """A move within a section, anchored as a delete and an insert (SELF-SIZING.md rule 7):
        a run on the moved item, the main scroll's or the section's own, hands over to the item
        after it (before it when it was the last) and notes where the moved one went; moved back
        next to the item the run then follows, on the side it was on, the item takes it again,
        wherever the edge lies."""
        count = int(self.sections[section]["itemCount"])
        if fi == ti or self.container is None:
            self.change_items(section, count, mapping)
            return
        sol = self.solution
        after_delete = fi if fi < count - 1 else fi - 1
        handed = after_delete if after_delete < ti else after_delete + 1

        def main_mapping(i: int):
            return handed if i == fi else mapping(i)

        def decide(container: int):
            """(leaving, take position) for the container's run."""
            run = self.anchor_runs.get(container)
            if run_is_left(self, sol, run, container) and run[4] is not None and (
                run[4][:2] == (section, fi) and run[0] == section and run[1] != fi
            ):
                # Back next to the run's item, on the side it was on (after it when it was the
                # section's last and the run handed over to the item before it).
                after = 1 if len(run[4]) > 2 and run[4][2] else 0
                if ti == (run[1] - 1 if run[1] > fi else run[1]) + after:
                    return False, run[3]
            if container == -1:
                if not self.main_host_set:
                    return False, None
                offset = self.main_offset
                a = carried(self, sol, anchor_main(sol, offset), offset, -1, False)
            else:
                if not self.host_set[container]:
                    return False, None
                offset = self.offsets[container]
                a = carried(self, sol, anchor_in(sol, container, offset, True), offset, container,
                            True)
            leaving = a.section == section and a.repetition >= 0 and first_item(sol, a) == fi
            return leaving, None

        main_leaving, main_take = decide(-1)
        own = section in self.scrolls
        section_leaving, section_take = decide(section) if own else (False, None)
        self.change_items(
            section, count, mapping, main_mapping=main_mapping if main_leaving else None,
            take=ti if main_take is not None else None, take_position=main_take,
            section_mapping=main_mapping if section_leaving else None,
            section_take=(ti, section_take) if section_take is not None else None,
        )
        for container, leaving in ((-1, main_leaving), (section, section_leaving)):
            run = self.anchor_runs.get(container)
            if leaving and run is not None and run[0] == section and run[1] == handed:
                self.anchor_runs[container] = run[:4] + ((section, ti, fi == count - 1),)

    def _move_item_steps(self, fs, fi, ts, ti, returning, reports, carried_given,
                         carried_measured, returning_after=False) -> None:
        """`move_item`'s delete, insert and (into a compositional section) report."""
        self.change_items(
            fs,
            int(self.sections[fs]["itemCount"]) - 1,
            lambda i: None if i == fi else (i - 1 if i > fi else i),
            lambda i: fi + 1 if i == fi else i,
        )
        if self.clamp_held is not None:
            self.clamp_held = (self.clamp_held[0], not reports)
        # The main run follows its item through the steps after the first (anchoring.carried).
        self.run_held = True

        def bring() -> None:
            if self.desc.flow is None:
                return
            destination = self.desc.canonical_section(self.sections[ts])["_flow"]
            uniform = self.flow_size(ts)
            needs = (carried_given is not None and carried_given != uniform) or (
                destination.self_sizing and carried_measured is not None
            )
            if not needs:
                return
            if self.flow[ts] is None:
                self.flow[ts] = FlowStorage()
            self.flow[ts].given[ti] = carried_given if carried_given is not None else uniform
            if destination.self_sizing and carried_measured is not None:
                self.flow[ts].measured[ti] = carried_measured

        self.change_items(
            ts,
            int(self.sections[ts]["itemCount"]) + 1,
            lambda i: i + 1 if i >= ti else i,
            extra=bring,
            take=ti if returning else None,
            take_after=returning_after,
        )
        if self.clamp_held is not None:
            self.clamp_held = (self.clamp_held[0], True)
        if reports:
            # A compositional destination takes the measured size as a report.
            self.report(ts, ti, carried_measured)

    def _blank(self):
        return {}, (0.0, 0.0), None, {}, 0.0, False

    def _sections_change(self, order, replaced, change) -> None:
        """The main offset follows the content at the leading edge (SELF-SIZING.md, Sections)."""
        def carry_section(old: int) -> Optional[int]:
            if old == replaced:
                return replaced
            return order.index(old) if old in order else None

        anchored(
            self,
            None,
            change,
            section_remap(order, replaced),
            carry_section=carry_section,
            extra=[replaced] if replaced is not None else None,
            # An item away in a replaced section is forgotten, as a run there ends.
            carry_away_section=lambda old: order.index(old) if old in order else None,
        )

    def insert_sections(self, at: int, new: List[Json]) -> None:
        order = list(range(len(self.sections)))
        order[at:at] = [None] * len(new)
        self._sections_change(order, None, lambda: self._insert_sections(at, new))

    def _insert_sections(self, at: int, new: List[Json]) -> None:
        for offset, s in enumerate(new):
            s = copy.deepcopy(s)
            self.sections.insert(at + offset, s)
            self.flow.insert(at + offset, self._given_storage(s))
            self.measured.insert(at + offset, {})
            self.shares.insert(at + offset, (0.0, 0.0))
            self.boundary.insert(at + offset, {})
            self.offsets.insert(at + offset, 0.0)
            self.host_set.insert(at + offset, False)
            self.parked.insert(at + offset, None)
            add_section_kinds(self.config, s, self._intern)
        self.invalidate()

    def _intern(self, name: str) -> None:
        if name not in self.kinds:
            self.kinds.append(name)

    def _lists(self):
        return [
            self.sections,
            self.flow,
            self.measured,
            self.shares,
            self.boundary,
            self.offsets,
            self.host_set,
            self.parked,
        ]

    def delete_sections(self, at: int, count: int) -> None:
        order = list(range(len(self.sections)))
        del order[at : at + count]
        self._sections_change(order, None, lambda: self._delete_sections(at, count))

    def _delete_sections(self, at: int, count: int) -> None:
        for values in self._lists():
            del values[at : at + count]
        self.invalidate()

    def move_section(self, source: int, to: int) -> None:
        order = list(range(len(self.sections)))
        order.insert(to, order.pop(source))
        self._sections_change(order, None, lambda: self._move_section(source, to))

    def _move_section(self, source: int, to: int) -> None:
        for values in self._lists():
            values.insert(to, values.pop(source))
        self.invalidate()

    def replace_section(self, index: int, new: Json) -> None:
        order = list(range(len(self.sections)))
        order[index] = None
        self._sections_change(order, index, lambda: self._replace_section(index, new))

    def _replace_section(self, index: int, new: Json) -> None:
        old = self.sections[index]
        new = copy.deepcopy(new)
        flow = self._given_storage(new)
        count = int(new["itemCount"])
        keep = lambda d: {i: v for i, v in d.items() if i < count}
        if self.desc.flow is None:
            # The section-wide share of uniformAcrossSiblings cells goes with the measured sizes:
            # kept while some cell of the section is measured, else the new section starts anew.
            if not self.measured[index]:
                self.shares[index] = (0.0, 0.0)
            self.measured[index] = keep(self.measured[index])
        else:
            old_storage = self.flow[index]
            fs = self.desc.canonical_section(new)["_flow"]
            if fs.self_sizing and old_storage is not None and old_storage.measured:
                carried = flow or FlowStorage()
                carried.measured = keep(old_storage.measured)
                flow = carried
        self.flow[index] = flow
        # The variants in force at the current size (LAYOUT-RULES §12.1) decide what is kept.
        kinds = set(self.boundary_kinds_of(self.in_force_of(new)))
        self.boundary[index] = {k: v for k, v in self.boundary[index].items() if k in kinds}
        if not (self._orthogonal(old) and self._orthogonal(new)):
            self.offsets[index], self.host_set[index] = 0.0, False
        self.parked[index] = None
        self.sections[index] = new
        add_section_kinds(self.config, new, self._intern)
        self.invalidate()

    def boundary_kinds_of(self, section: Json) -> List[str]:
        if self.desc.flow is not None:
            return [
                b["elementKind"]
                for b in self.desc.canonical_section(section)["_flow"].boundary_items()
            ]
        return [b["elementKind"] for b in section.get("boundarySupplementaryItems", [])]

    #: What a refused change puts back (snapshot, restore).
    _KEPT = (
        "config",
        "kinds",
        "measured",
        "shares",
        "flow",
        "boundary",
        "global_measured",
        "offsets",
        "host_set",
        "parked",
        "main_offset",
        "main_host_set",
        "container",
        "rest_memory",
        "anchor_runs",
    )

    def snapshot(self):
        """Everything a change may need to put back when it is refused."""
        values = [getattr(self, name) for name in self._KEPT]
        values[self._KEPT.index("flow")] = [f.copy() if f else None for f in self.flow]
        return copy.deepcopy(tuple(values))

    def restore(self, snap) -> None:
        for name, value in zip(self._KEPT, copy.deepcopy(snap)):
            setattr(self, name, value)
        self.sections = self.config["sections"]
        self.invalidate()
