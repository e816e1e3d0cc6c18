"""One case: a configuration and a sequence of API steps, run on the library and the model side by
side with every check after every step (docs/TESTING-MODEL.md, "Steps" and "Checks"). The
exact comparisons of whole states are in exact.py, handlers and misuse in misuse.py, the
model's side of each step in modelsteps.py.
"""

from __future__ import annotations

import json
import random
from typing import Any, Dict, List, Optional

import checks
import invariants
import known
from checks import Failure
from sllib import LibError, Layout
from exact import ExactChecks, args
from misuse import Misuse
from modelsteps import ModelSteps
from slmodel import ModelError, ModelLayout, Refused

Json = Dict[str, Any]
#: Changes after which the model moves the offsets itself (SELF-SIZING.md rule 7); after the
#: others (data and section changes) the host-set offsets are copied from the library.
MODEL_ANCHORS = {
    "report",
    "reports",
    "reset",
    "report_sup",
    "reset_sup",
    "item_sizes",
    "count",
    "insert",
    "delete",
    "move",
    "insert_sections",
    "delete_sections",
    "move_section",
    "replace",
}
#: Every step that changes the layout: those, the container size and host-set offsets.
CHANGING = MODEL_ANCHORS | {"container", "offset"}


class Run(ModelSteps, ExactChecks, Misuse):
    def __init__(self, config: Json, check_seed: int = 0, full: bool = True) -> None:
        self.config = config
        self.rng = random.Random(check_seed)
        self.full = full
        self.failures: List[Failure] = []
        self.step_index = -1
        self.lib: Optional[Layout] = None
        self.model: Optional[ModelLayout] = None
        self.creation_error: Optional[str] = None
        self.current: Json = {}
        #: False: steps only (writing cases for the thread readers).
        self.checking = True
        self.model_diverged = False
        #: A flow item with a size of its own moved to another section in this case (defect 9).
        self.cross_flow_move = False
        text = json.dumps(config)
        lib_error = model_error = None
        try:
            self.lib = Layout(text)
        except LibError as e:
            lib_error = e
        try:
            self.model = ModelLayout(config)
        except ModelError as e:
            model_error = e
        if lib_error is not None or model_error is not None:
            if (
                lib_error is None
                or model_error is None
                or lib_error.name != "SL_ECONFIG"
                or lib_error.path != model_error.path
            ):
                self.fail(
                    "create",
                    f"library: {lib_error}; model: {model_error!r} "
                    f"{getattr(model_error, 'path', '')}",
                )
            self.creation_error = str(lib_error or model_error)
            self.close()

    def close(self) -> None:
        if self.lib is not None:
            self.lib.close()
            self.lib = None

    @property
    def alive(self) -> bool:
        return self.lib is not None and self.model is not None

    def fail(self, check: str, detail: str, **info) -> None:
        self.failures.append(Failure(check, detail, self.annotate(info), self.step_index))

    def annotate(self, info: Dict[str, Any]) -> Dict[str, Any]:
        """What known.py needs to tell the issue's defects apart."""
        info.setdefault("op", self.current.get("op"))
        info.setdefault("flow", self.config.get("flowLayout") is not None)
        if self.model is not None:
            info.setdefault(
                "measured",
                any(self.model.measured)
                or any(f is not None and f.measured for f in self.model.flow),
            )
            info.setdefault("cross_flow_move", self.cross_flow_move)
            uniform, single = self.model_shapes()
            # A failure of the whole layout (content size, scroll containers: no "section") may
            # come from any section of it.
            section = info.get("section")
            info.setdefault(
                "uniform_measured", bool(uniform) and (section is None or section in uniform)
            )
            info.setdefault(
                "single_subitem_measured", bool(single) and (section is None or section in single)
            )
        return info

    def model_shapes(self):
        """The sections with measured cells that have root-group uniformAcrossSiblings cells, and
        those whose root group is a `subitem` group of count 1 with an item estimated along its
        axis."""
        uniform, single = set(), set()
        M = self.model
        if M.desc.flow is not None:
            return uniform, single
        for s, measured in enumerate(M.measured):
            if not measured:
                continue
            group = M.desc.canonical_section(M.in_force(s)).get("group", {})

            def walk(node, depth):
                if "group" not in node:
                    dims = node["layoutSize"]
                    return depth == 1 and any("uniformAcrossSiblings" in d for d in dims.values())
                kids = node.get("subitems") or [node.get("subitem") or node.get("repeatingSubitem")]
                return any(walk(k, depth + 1) for k in kids)

            if walk(group, 0):
                uniform.add(s)
            child = group.get("subitem")
            if child is not None and group.get("count") == 1 and "group" not in child:
                along = "widthDimension" if group["group"] == "horizontal" else "heightDimension"
                if (
                    "estimated" in child["layoutSize"][along]
                    or "uniformAcrossSiblings" in child["layoutSize"][along]
                ):
                    single.add(s)
        return uniform, single

    # -- steps ---------------------------------------------------------------------------------

    def run(self, steps: List[Json]) -> List[Failure]:
        for index, step in enumerate(steps):
            if not self.alive:
                break
            self.step_index = index
            try:
                self.step(step)
            except LibError as e:
                self.fail("unexpected-status", f"{step['op']}: {e}")
            except Refused as e:
                self.fail(
                    "model-refused",
                    f"{step['op']}: the model refuses ({e}) where the library did not",
                )
        self.close()
        return self.failures

    def step(self, step: Json) -> None:
        op = step["op"]
        self.current = step
        if op in CHANGING:
            self.change(step)
        elif op == "undo":
            self.undo(step)
        elif op == "recreate":
            self.recreate()
        elif op == "handler":
            self.handler(step)
        elif op == "bad":
            self.bad(step)
        elif op != "check":
            raise ValueError(f"unknown step {op!r}")
        if self.model.container is not None and self.checking:
            self.check()

    def check(self) -> None:
        out: List[Failure] = []
        try:
            if not self.model_diverged:
                checks.compare_model(self.lib, self.model, out)
                # A tie a rounding decided the other way (checks.compare_scrolls): the states
                # part ways from here without a failure; the invariants judge the rest.
                tied = any(f.check == "model-tie" for f in out)
                out = [f for f in out if f.check != "model-tie"]
                for f in out:
                    f.step = self.step_index
                    self.annotate(f.info)
                # A known defect made the library's state part ways with the model's: the other
                # differences of this step follow from the first (a section's length moves every
                # section after it), and from here on only the invariants judge this case.
                first = known.match(out[0]) if out else None
                if first is not None:
                    for f in out[1:]:
                        f.info.setdefault("consequence_of", first.name)
                self.model_diverged = first is not None or tied
            if self.full:
                invariants.invariants(self.lib, self.rng, out, self.model.desc.rtl)
                invariants.scroll_invariants(self.lib, self.model, self.rng, out)
        except LibError as e:
            out.append(Failure("unexpected-status", f"a query failed: {e}"))
        for f in out:
            f.step = self.step_index
            self.annotate(f.info)
        self.failures.extend(out)

    def change(self, step: Json) -> bool:
        """A changing call on both; the outcomes must agree, and a refused call changes nothing.
        Returns whether the call was accepted."""
        if (
            step["op"] == "move"
            and step["from"][0] != step["to"][0]
            and self.model.desc.flow is not None
        ):
            storage = self.model.flow[step["from"][0]]
            if storage is not None and step["from"][1] in storage.given:
                self.cross_flow_move = True
        before = self.light_state() if self.model.container is not None else None
        offsets_before = self.lib_offsets()
        lib_error = None
        report = None
        try:
            report = self.call_lib(step)
        except LibError as e:
            lib_error = e
        snapshot = self.model.snapshot()
        model_error = None
        try:
            self.call_model(step)
            self.model.resolve_now()
        except (Refused, ModelError) as e:
            model_error = e
            self.model.restore(snapshot)
        if lib_error is not None or model_error is not None:
            self.compare_refusals(step, lib_error, model_error)
            if lib_error is not None and before is not None and self.light_state() != before:
                self.fail(
                    "refused-changed",
                    f"{step['op']} was refused ({lib_error.name}) but changed the layout",
                )
            return False
        if step["op"] not in MODEL_ANCHORS and step["op"] != "container":
            # An offset the host set is its own: what the container remembers re-snapping to
            # holds only at the offset it re-snapped to, bit for bit (`Layout.restElement`).
            self.sync_offsets(host_set=step["container"] if step["op"] == "offset" else None)
        else:
            self.check_anchors(step)
        if report is not None and self.model.container is not None:
            self.check_report(step, report, offsets_before)
        return True

    def compare_refusals(self, step, lib_error, model_error) -> None:
        op = step["op"]
        if lib_error is None:
            self.fail(
                "model-refused",
                f"{op} {args(step)}: accepted by the library, refused by the model ({model_error!r})",
            )
            return
        if model_error is None:
            self.fail(
                "library-refused",
                f"{op} {args(step)}: refused by the library ({lib_error}), accepted by the model",
            )
            return
        if isinstance(model_error, Refused):
            if (lib_error.name, lib_error.path) != (model_error.status, model_error.path):
                self.fail(
                    "refusal",
                    f"{op}: library {lib_error.name} at {lib_error.path!r}, documented "
                    f"{model_error.status} at {model_error.path!r}",
                )
        elif lib_error.name != "SL_ECONFIG":
            self.fail(
                "refusal", f"{op}: library {lib_error}, the model cannot solve it ({model_error})"
            )
        if not lib_error.message:
            self.fail("error-message", f"{op}: {lib_error.name} without a message")

    def call_lib(self, step: Json):
        L = self.lib
        op = step["op"]
        if op == "container":
            L.set_container_size(*step["size"])
            return None
        if op == "offset":
            L.set_scroll_offset(step["container"], step["value"])
            return None
        if op == "report":
            return L.report_item_size(step["section"], step["item"], *step["size"])
        if op == "reset":
            return L.reset_item_size(step["section"], step["item"])
        if op == "reports":
            return L.report_item_sizes(step["section"], step["first"], step["sizes"])
        if op == "report_sup":
            return L.report_supplementary_size(
                step["section"], self.kind_id(step["kind"]), *step["size"]
            )
        if op == "reset_sup":
            return L.reset_supplementary_size(step["section"], self.kind_id(step["kind"]))
        if op == "item_sizes":
            return L.set_item_sizes(step["section"], step["first"], step["sizes"])
        if op == "count":
            return L.set_item_count(step["section"], step["count"])
        if op == "insert":
            return L.insert_items(step["section"], step["at"], step["count"])
        if op == "delete":
            return L.delete_items(step["section"], step["at"], step["count"])
        if op == "move":
            return L.move_item(step["from"][0], step["from"][1], step["to"][0], step["to"][1])
        if op == "insert_sections":
            return L.insert_sections(step["at"], step["sections"])
        if op == "delete_sections":
            return L.delete_sections(step["at"], step["count"])
        if op == "move_section":
            return L.move_section(step["from"], step["to"])
        if op == "replace":
            return L.replace_section(step["section"], step["new"])
        raise ValueError(op)

    def kind_id(self, name: str) -> int:
        try:
            return self.lib.find_kind(name)
        except LibError:
            return 10_000

    def lib_offsets(self) -> Dict[int, float]:
        if self.model.container is None or self.lib is None:
            return {}
        result = {}
        for c in [-1] + [s for s in range(len(self.model.sections))]:
            try:
                result[c] = self.lib.scroll_offset(c)
            except LibError:
                pass
        return result

    def sync_offsets(self, host_set: Optional[int] = None) -> None:
        """Host-set offsets taken from the library (after data and section changes, whose
        anchoring is not modelled, and after a difference check_anchors reported). `host_set`:
        the container whose offset the host just set, whose memory stays at its own offset."""
        M = self.model
        if M.container is None:
            return
        memory = M.rest_memory

        def taken(c: int, value: float) -> None:
            # What the model remembers re-snapping to (SNAPPING.md, "Through layout changes")
            # is the library's offset now, when they differ by a rounding; not an offset the
            # host set a rounding away from it (the soak's `seed=1017339708;case=153`: the
            # library re-snaps from the unit at that offset, not from the one it remembers).
            if c != host_set and c in memory and checks.close(memory[c][0], value):
                memory[c] = (value,) + tuple(memory[c][1:])

        if M.main_host_set:
            M.main_offset = self.lib.scroll_offset(-1)
            taken(-1, M.main_offset)
        for s, scrolled in enumerate(M.host_set):
            if scrolled:
                try:
                    M.offsets[s] = self.lib.scroll_offset(s)
                    taken(s, M.offsets[s])
                except LibError:
                    pass
        M.invalidate()

    def check_anchors(self, step: Json) -> None:
        """The offsets the model moved by SELF-SIZING.md rule 7 against the library's; on a
        difference, one failure, then the library's offsets (so that every other answer of the
        step is still compared strictly)."""
        M = self.model
        if M.container is None:
            return
        if self.model_diverged:
            self.sync_offsets()
            return
        for c, value in self.lib_offsets().items():
            if c in M.unjudged_resnaps():
                continue
            want = M.main_offset if c == -1 else M.offsets[c]
            others = getattr(M, "anchor_alternatives", {}).get(c, ())
            if not checks.close(value, want) and not any(checks.close(value, o) for o in others):
                self.fail(
                    "model-anchor",
                    f"{step['op']} {args(step)}: container {c} offset: library "
                    f"{value}, model {want}",
                    container=c,
                    rel=checks.relative(value, want),
                )
        self.sync_offsets()

    def check_report(self, step, report, offsets_before) -> None:
        after = self.lib_offsets()
        moved = after.get(-1, 0.0) - offsets_before.get(-1, 0.0)
        tolerance = 0.0 if step["op"] != "move" else 1e-9
        if abs(report["main"] - moved) > tolerance * (1 + abs(moved)):
            self.fail(
                "size-report",
                f"{step['op']}: main_offset_adjustment {report['main']}, the offset moved {moved}",
            )
        content = self.lib.content_size()
        if step["op"] not in (
            "count",
            "insert",
            "delete",
            "move",
            "insert_sections",
            "delete_sections",
            "move_section",
            "replace",
            "item_sizes",
        ) or content != (0.0, 0.0):
            if tuple(report["content"]) != content:
                self.fail(
                    "size-report",
                    f"{step['op']}: content_size {report['content']}, the layout's {content}",
                )

    # -- state fingerprints --------------------------------------------------------------------
