"""One case: a configuration and a sequence of API steps, run on the library and the model side by
side with every check after every step (docs/TESTING-MODEL.md, "Steps" and "Checks").
"""

from __future__ import annotations

import copy
import ctypes
import json
import math
import random
from typing import Any, Dict, List, Optional

import checks
import known
from checks import Failure
from sllib import EVERYTHING, LibError, Layout, ll, lib
from slmodel import ModelError, ModelLayout, Refused

Json = Dict[str, Any]
#: Changes after which the model moves the offsets itself (SELF-SIZING.md rule 7); after the
#: others (data and section changes) the host-set offsets are copied from the library.
MODEL_ANCHORS = {"report", "reset", "report_sup", "reset_sup", "item_sizes"}
CHANGING = {"container", "offset", "report", "reset", "report_sup", "reset_sup", "item_sizes", "count",
            "insert", "delete", "move", "insert_sections", "delete_sections", "move_section", "replace"}


class Run:
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
            if lib_error is None or model_error is None or lib_error.name != "SL_ECONFIG" or \
                    lib_error.path != model_error.path:
                self.fail("create", f"library: {lib_error}; model: {model_error!r} "
                          f"{getattr(model_error, 'path', '')}")
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
            info.setdefault("measured", any(self.model.measured) or
                            any(f is not None and f.measured for f in self.model.flow))
            info.setdefault("cross_flow_move", self.cross_flow_move)
            uniform, single = self.model_shapes()
            # A failure of the whole layout (content size, scroll containers: no "section") may
            # come from any section of it.
            section = info.get("section")
            info.setdefault("uniform_measured", bool(uniform) and (section is None or section in uniform))
            info.setdefault("single_subitem_measured", bool(single) and (section is None or section in single))
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
            group = M.desc.canonical_section(M.sections[s]).get("group", {})
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
                if "estimated" in child["layoutSize"][along] or \
                        "uniformAcrossSiblings" in child["layoutSize"][along]:
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
                self.fail("model-refused", f"{step['op']}: the model refuses ({e}) where the library did not")
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
                self.model_diverged = first is not None
            if self.full:
                checks.invariants(self.lib, self.rng, out, self.model.desc.rtl)
                checks.scroll_invariants(self.lib, self.model, self.rng, out)
        except LibError as e:
            out.append(Failure("unexpected-status", f"a query failed: {e}"))
        for f in out:
            f.step = self.step_index
            self.annotate(f.info)
        self.failures.extend(out)

    def change(self, step: Json) -> bool:
        """A changing call on both; the outcomes must agree, and a refused call changes nothing.
        Returns whether the call was accepted."""
        if step["op"] == "move" and step["from"][0] != step["to"][0] and self.model.desc.flow is not None:
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
                self.fail("refused-changed", f"{step['op']} was refused ({lib_error.name}) but changed the layout")
            return False
        if step["op"] not in MODEL_ANCHORS:
            self.sync_offsets()
        else:
            self.check_anchors(step)
        if report is not None and self.model.container is not None:
            self.check_report(step, report, offsets_before)
        return True

    def compare_refusals(self, step, lib_error, model_error) -> None:
        op = step["op"]
        if lib_error is None:
            self.fail("model-refused", f"{op} {args(step)}: accepted by the library, refused by the model ({model_error!r})")
            return
        if model_error is None:
            self.fail("library-refused", f"{op} {args(step)}: refused by the library ({lib_error}), accepted by the model")
            return
        if isinstance(model_error, Refused):
            if (lib_error.name, lib_error.path) != (model_error.status, model_error.path):
                self.fail("refusal", f"{op}: library {lib_error.name} at {lib_error.path!r}, documented "
                          f"{model_error.status} at {model_error.path!r}")
        elif lib_error.name != "SL_ECONFIG":
            self.fail("refusal", f"{op}: library {lib_error}, the model cannot solve it ({model_error})")
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
        if op == "report_sup":
            return L.report_supplementary_size(step["section"], self.kind_id(step["kind"]), *step["size"])
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

    def call_model(self, step: Json) -> None:
        M = self.model
        op = step["op"]
        n = len(M.sections)

        def need(condition: bool, status: str, path: str) -> None:
            if not condition:
                raise Refused(status, path)

        def count_of(section: int) -> int:
            return int(M.sections[section]["itemCount"])

        if op == "container":
            M.set_container(*step["size"])
        elif op == "offset":
            need(M.container is not None, "SL_ESTATE", "layout")
            c = step["container"]
            need(c == -1 or 0 <= c < n, "SL_ERANGE", "container")
            need(c == -1 or c in M.scrolls, "SL_EINVAL", "container")
            M.set_offset(c, step["value"])
        elif op == "report":
            M.report(step["section"], step["item"], tuple(step["size"]))
        elif op == "reset":
            M.report(step["section"], step["item"], None)
        elif op in ("report_sup", "reset_sup"):
            need(M.container is not None, "SL_ESTATE", "layout")
            need(-1 <= step["section"] < n, "SL_ERANGE", "section")
            need(step["kind"] in M.boundary_kinds(step["section"]), "SL_ERANGE", "kind")
            if op == "report_sup":
                M.check_measured(*step["size"])
            M.report_boundary(step["section"], step["kind"], tuple(step["size"]) if op == "report_sup" else None)
        elif op == "item_sizes":
            s, first, sizes = step["section"], step["first"], step["sizes"]
            M.check_section(s)
            need(M.desc.flow is not None, "SL_EINVAL", "section")
            need(0 <= first <= count_of(s), "SL_ERANGE", "first")
            need(len(sizes) <= count_of(s) - first, "SL_ERANGE", "count")
            M.set_item_sizes(s, first, [tuple(v) for v in sizes])
        elif op == "count":
            s, c = step["section"], step["count"]
            M.check_section(s)
            need(c >= 0, "SL_EINVAL", "count")
            M.change_items(s, c, lambda i: i if i < c else None)
        elif op == "insert":
            s, at, c = step["section"], step["at"], step["count"]
            M.check_section(s)
            need(0 <= at <= count_of(s), "SL_ERANGE", "at")
            need(c >= 0, "SL_EINVAL", "count")
            M.change_items(s, count_of(s) + c, lambda i: i if i < at else i + c)
        elif op == "delete":
            s, at, c = step["section"], step["at"], step["count"]
            M.check_section(s)
            need(0 <= at <= count_of(s), "SL_ERANGE", "at")
            need(0 <= c <= count_of(s) - at, "SL_ERANGE", "count")
            M.change_items(s, count_of(s) - c, lambda i: i if i < at else (i - c if i >= at + c else None))
        elif op == "move":
            (fs, fi), (ts, ti) = step["from"], step["to"]
            M.check_section(fs)
            M.check_item(fs, fi)
            if fs == ts:
                need(0 <= ti < count_of(fs), "SL_ERANGE", "to")
            else:
                M.check_section(ts)
                need(0 <= ti <= count_of(ts), "SL_ERANGE", "to")
            M.move_item(fs, fi, ts, ti)
        elif op == "insert_sections":
            need(0 <= step["at"] <= n, "SL_ERANGE", "at")
            need(n + len(step["sections"]) <= 100_000, "SL_EINVAL", "count")
            M.insert_sections(step["at"], step["sections"])
        elif op == "delete_sections":
            at, c = step["at"], step["count"]
            need(0 <= at <= n, "SL_ERANGE", "at")
            need(0 <= c <= n - at, "SL_ERANGE", "count")
            M.delete_sections(at, c)
        elif op == "move_section":
            need(0 <= step["from"] < n, "SL_ERANGE", "from")
            need(0 <= step["to"] < n, "SL_ERANGE", "to")
            M.move_section(step["from"], step["to"])
        elif op == "replace":
            need(0 <= step["section"] < n, "SL_ERANGE", "section")
            M.replace_section(step["section"], step["new"])

    # -- offsets -------------------------------------------------------------------------------

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

    def sync_offsets(self) -> None:
        """Host-set offsets taken from the library (after data and section changes, whose
        anchoring is not modelled, and after a difference check_anchors reported)."""
        M = self.model
        if M.container is None:
            return
        if M.main_host_set:
            M.main_offset = self.lib.scroll_offset(-1)
        for s, host_set in enumerate(M.host_set):
            if host_set:
                try:
                    M.offsets[s] = self.lib.scroll_offset(s)
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
        for c, value in self.lib_offsets().items():
            want = M.main_offset if c == -1 else M.offsets[c]
            if not checks.close(value, want):
                self.fail("model-anchor", f"{step['op']} {args(step)}: container {c} offset: library "
                          f"{value}, model {want}", container=c, rel=checks.relative(value, want))
        self.sync_offsets()

    def check_report(self, step, report, offsets_before) -> None:
        after = self.lib_offsets()
        moved = after.get(-1, 0.0) - offsets_before.get(-1, 0.0)
        tolerance = 0.0 if step["op"] != "move" else 1e-9
        if abs(report["main"] - moved) > tolerance * (1 + abs(moved)):
            self.fail("size-report", f"{step['op']}: main_offset_adjustment {report['main']}, the offset moved {moved}")
        content = self.lib.content_size()
        if step["op"] not in ("count", "insert", "delete", "move", "insert_sections", "delete_sections",
                              "move_section", "replace", "item_sizes") or content != (0.0, 0.0):
            if tuple(report["content"]) != content:
                self.fail("size-report", f"{step['op']}: content_size {report['content']}, the layout's {content}")

    # -- state fingerprints --------------------------------------------------------------------

    def light_state(self):
        L = self.lib
        state = [L.section_count(), L.kind_names()]
        try:
            state.append(L.content_size())
            state += [L.section_info(s) for s in range(L.section_count())]
        except LibError as e:
            state.append(e.name)
        state.append([L.item_count(s) for s in range(L.section_count())])
        return state

    def fingerprint(self, layout: Layout, kinds: bool = True, limit: int = checks.MODEL_ELEMENT_LIMIT):
        """Everything the layout answers, for exact comparisons (undo, re-created layouts). A
        layout keeps the kinds of deleted sections (their ids never change): a fresh one has
        only those of its sections, so `kinds` is off for re-created layouts."""
        fp: Dict[str, Any] = {}
        n = layout.section_count()
        if kinds:
            fp["kinds"] = layout.kind_names()
        fp["content"] = layout.content_size()
        fp["sections"] = [layout.section_info(s) for s in range(n)]
        counts = [layout.item_count(s) for s in range(n)]
        small = sum(counts) <= limit
        fp["frames"] = [layout.item_frames(s, 0, min(c, 300)) for s, c in enumerate(counts)]
        fp["measured"] = [[layout.measured_size(s, i) for i in range(min(c, 300))] for s, c in enumerate(counts)]
        scrolls = {}
        for c in [-1] + list(range(n)):
            try:
                info = layout.scroll_info(c)
            except LibError:
                continue
            scrolls[c] = [info, layout.snap_offsets(c) if 0 < info["snap_count"] <= 5000 else None]
        fp["scrolls"] = scrolls
        if small:
            fp["json"] = json.loads(layout.copy_json())
        return fp

    def offsets_now(self) -> Dict[int, float]:
        return self.lib_offsets()

    def restore_offsets(self, offsets: Dict[int, float]) -> None:
        M = self.model
        for c, value in offsets.items():
            host_set = M.main_host_set if c == -1 else (c < len(M.host_set) and M.host_set[c])
            if host_set:
                self.lib.set_scroll_offset(c, value)
                M.set_offset(c, value)
        M.invalidate()

    def undo(self, step: Json) -> None:
        """Do-then-undo returns identical state (the offsets apart: anchoring moves them both
        ways, and they are compared within 1e-6 before being put back)."""
        if self.model.container is None:
            return
        # A layout keeps the kinds of the sections it deleted (ids never change).
        kinds = step.get("kinds", True)
        before = self.fingerprint(self.lib, kinds)
        offsets = self.offsets_now()
        count = len(self.failures)
        if not self.change(step["do"]) or not self.change(step["undo"]) or len(self.failures) != count:
            return
        self.restore_offsets(offsets)
        after = self.fingerprint(self.lib, kinds)
        difference = diff(before, after)
        if difference is not None:
            self.fail("undo", f"{describe(step)}: {difference['text']}", kind=step["kind"], **difference)

    def equivalent(self) -> Optional[Json]:
        """The configuration a fresh layout needs to be in this state (None: not expressible)."""
        M = self.model
        if any(share != (0.0, 0.0) for share in M.shares):
            return None  # SELF-SIZING.md rule 5: the section's share keeps its history
        config = copy.deepcopy(M.config)
        # The container is set afterwards: the one at creation may not fit the sections now.
        config.get("environment", {}).pop("container", None)
        for s, storage in enumerate(M.flow):
            if storage is not None and (storage.declared or storage.given):
                fs = M.desc.canonical_section(config["sections"][s])["_flow"]
                w, h = fs.canonical_size(fs.item_size)
                config["sections"][s]["itemSizes"] = [
                    {"width": storage.given.get(i, (w, h))[0], "height": storage.given.get(i, (w, h))[1]}
                    for i in range(int(config["sections"][s]["itemCount"]))]
        return config

    def recreate(self) -> None:
        """copy_json and every answer of a layout created afresh in the same state are identical."""
        M = self.model
        if M.container is None:
            return
        config = self.equivalent()
        if config is None or self.model_shapes()[0] or self.model_diverged:
            # Rule 5's share follows the reports' history, which a fresh layout cannot repeat.
            return
        fresh = Layout(json.dumps(config))
        try:
            fresh.set_container_size(*self.lib.container_size())
            for s in range(self.lib.section_count()):
                for i in range(min(self.lib.item_count(s), 300)):
                    size = self.lib.measured_size(s, i)
                    if size is not None:
                        fresh.report_item_size(s, i, *size)
                for kind in M.boundary_kinds(s):
                    k = self.lib.find_kind(kind)
                    size = self.lib.measured_supplementary(s, k)
                    if size is not None:
                        fresh.report_supplementary_size(s, fresh.find_kind(kind), *size)
            for kind in M.boundary_kinds(-1):
                size = self.lib.measured_supplementary(-1, self.lib.find_kind(kind))
                if size is not None:
                    fresh.report_supplementary_size(-1, fresh.find_kind(kind), *size)
            for c, value in self.offsets_now().items():
                host_set = M.main_host_set if c == -1 else M.host_set[c]
                if host_set:
                    fresh.set_scroll_offset(c, value)
            a, b = self.fingerprint(self.lib, False), self.fingerprint(fresh, False)
            difference = diff(b, a)
            if difference is not None:
                self.fail("recreate", f"a layout created afresh in this state differs: {difference['text']}",
                          **difference)
        except LibError as e:
            self.fail("recreate", f"re-creating the state failed: {e}")
        finally:
            fresh.close()

    # -- handlers and misuse -------------------------------------------------------------------

    def handler(self, step: Json) -> None:
        """A visible-items handler may change its elements; a changing call made from inside it
        on the same layout is refused with SL_ESTATE and changes nothing (issue 16, defect 10)."""
        if self.model.container is None:
            return
        section = step["section"]
        statuses = []
        seen = []
        L = self.lib
        before = self.light_state()

        def handler(context, elements, count):
            seen.append((context.section, count))
            for k in range(count):
                elements[k].alpha = 0.25
            if step["call"] == "offset":
                statuses.append(lib().sl_layout_set_scroll_offset(L.handle, -1, 12.5))
            elif step["call"] == "delete_sections":
                statuses.append(lib().sl_layout_delete_sections(L.handle, 0, L.section_count(), None))
            elif step["call"] == "container":
                statuses.append(lib().sl_layout_set_container_size(L.handle, 333.0, 444.0))

        L.set_handler(section, handler)
        try:
            got = L.elements(EVERYTHING)
        finally:
            if section < L.section_count():
                L.set_handler(section, None)
        mine = [e for e in got if e[1] == section]
        if any(e[6] != 0.25 for e in mine):
            self.fail("handler-elements", f"section {section}: the handler's alpha did not reach every element")
        if sum(c for _, c in seen) != len(mine) or any(s != section for s, _ in seen):
            self.fail("handler-elements", f"section {section}: the handler saw {seen}, the query returned {len(mine)}")
        if any(status != ll.SL_ESTATE for status in statuses):
            self.fail("handler-change", f"{step['call']} from inside a visible-items handler returned "
                      f"{statuses}, not SL_ESTATE", call=step["call"])
            # The library changed: so does the model, and the case goes on from there.
            for status in statuses:
                if status != ll.SL_OK:
                    continue
                if step["call"] == "offset":
                    self.model.set_offset(-1, 12.5)
                elif step["call"] == "container":
                    try:
                        self.model.set_container(333.0, 444.0)
                    except ModelError:
                        pass
                elif step["call"] == "delete_sections":
                    self.model.delete_sections(0, len(self.model.sections))
            self.model.resolve_now()
            self.sync_offsets()
            return
        if self.light_state() != before and all(status == ll.SL_ESTATE for status in statuses):
            self.fail("refused-changed", "a call refused inside a handler changed the layout")

    def bad(self, step: Json) -> None:
        """A misuse: the documented status, its path, and no change."""
        solved = self.model.container is not None
        before = self.fingerprint(self.lib) if solved else self.light_state()
        name, outputs = BAD_CALLS[step["call"]]
        values = [self.lib.handle] + [float("nan") if a == "nan" else a for a in step["args"]]
        values += [factory() for factory in outputs]
        status = getattr(lib(), name)(*values)
        error = lib().sl_error_last().contents
        path = (error.path or b"").decode()
        message = (error.message or b"").decode()
        want_status, want_path = step["expect"]
        if ll.STATUS_NAMES.get(status) != want_status or path != want_path:
            self.fail("bad-call", f"{name}{tuple(step['args'])}: {ll.STATUS_NAMES.get(status, status)} at "
                      f"{path!r} ({message}), documented {want_status} at {want_path!r}")
        elif not message:
            self.fail("error-message", f"{name}: {want_status} without a message")
        after = self.fingerprint(self.lib) if solved else self.light_state()
        if before != after:
            self.fail("refused-changed", f"{name}{tuple(step['args'])} was refused but changed the layout")


def _out(ctype):
    return lambda: ctypes.byref(ctype())


#: Misuses the driver makes, by name: the function and its output arguments.
BAD_CALLS = {
    "report_item_size": ("sl_layout_report_item_size", [_out(ll.sl_size_report)]),
    "reset_item_size": ("sl_layout_reset_item_size", [_out(ll.sl_size_report)]),
    "get_item_frame": ("sl_layout_get_item_frame", [_out(ll.sl_rect)]),
    "get_item_frames": ("sl_layout_get_item_frames", [lambda: (ll.sl_rect * 4)()]),
    "set_item_count": ("sl_layout_set_item_count", [_out(ll.sl_size_report)]),
    "insert_items": ("sl_layout_insert_items", [_out(ll.sl_size_report)]),
    "delete_items": ("sl_layout_delete_items", [_out(ll.sl_size_report)]),
    "move_item": ("sl_layout_move_item", [_out(ll.sl_size_report)]),
    "set_section_offset": ("sl_layout_set_section_offset", []),
    "set_scroll_offset": ("sl_layout_set_scroll_offset", []),
    "get_scroll_info": ("sl_layout_get_scroll_info", [_out(ll.sl_scroll_info)]),
    "delete_sections": ("sl_layout_delete_sections", [_out(ll.sl_size_report)]),
    "move_section": ("sl_layout_move_section", [_out(ll.sl_size_report)]),
    "set_container_size": ("sl_layout_set_container_size", []),
    "get_section_info": ("sl_layout_get_section_info", [_out(ll.sl_section_info)]),
}


def args(step: Json) -> str:
    return json.dumps({k: v for k, v in step.items() if k != "op"})[:160]


def describe(step: Json) -> str:
    return f"{step['kind']} ({args(step['do'])} then {args(step['undo'])})"


def diff(a, b, path: str = ""):
    """The first difference of two fingerprints, and whether every numeric difference is in the
    last bits (at most 8 units in the last place) — the issue's defect 8."""
    worst = [0.0]
    first: List[str] = []
    structural: List[str] = []

    def walk(x, y, where):
        if isinstance(x, float) and isinstance(y, (int, float)) or isinstance(y, float) and isinstance(x, (int, float)):
            if x != y:
                u = checks.ulps(float(x), float(y))
                worst[0] = max(worst[0], u)
                if not first:
                    first.append(f"{where}: {x!r} vs {y!r}")
            return
        if isinstance(x, dict) and isinstance(y, dict):
            if set(x) != set(y):
                structural.append(f"{where}: keys {sorted(set(x) ^ set(y), key=str)}")
                return
            for k in x:
                walk(x[k], y[k], f"{where}/{k}")
            return
        if isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)):
            if len(x) != len(y):
                structural.append(f"{where}: {len(x)} vs {len(y)} entries")
                return
            for k, (p, q) in enumerate(zip(x, y)):
                walk(p, q, f"{where}/{k}")
            return
        if x != y:
            structural.append(f"{where}: {x!r} vs {y!r}")

    walk(a, b, path)
    if not first and not structural:
        return None
    if structural:
        return {"text": "; ".join(structural[:3]), "structural": True, "ulps": worst[0],
                "where": structural[0].split(":")[0]}
    return {"text": f"{first[0]} (at most {worst[0]:.0f} ulps)", "structural": False, "ulps": worst[0],
            "where": first[0].split(":")[0]}
