"""Random API sequences (docs/TESTING-MODEL.md, "Steps"): container sizes, offsets, reports and
resets, flow sizes, data and section changes, do-then-undo pairs, re-created layouts, handlers
and misuse. A step is plain JSON, so a sequence is a replayable case.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional

from gen import Gen
from slmodel import ModelLayout

Json = Dict[str, Any]


class StepGen:
    def __init__(self, rng: random.Random, gen: Gen) -> None:
        self.r = rng
        self.g = gen
        self.containers: List[List[float]] = []

    def next(self, m: ModelLayout) -> Json:
        r = self.r
        if m.container is None:
            if r.random() < 0.05:
                return self.bad(m)
            return self.container()
        roll = r.random()
        table = [
            (0.06, self.container),
            (0.16, self.offset),
            (0.33, self.report),
            (0.38, self.reset),
            (0.42, self.boundary),
            (0.46, self.item_sizes),
            (0.57, self.item_change),
            (0.63, self.section_change),
            (0.76, self.undo),
            (0.80, lambda m: {"op": "recreate"}),
            (0.83, self.handler),
            (0.88, self.bad),
        ]
        for limit, make in table:
            if roll < limit:
                step = make(m)
                if step is not None:
                    return step
                break
        return {"op": "check"}

    # -- sizes and offsets ---------------------------------------------------------------------

    def container(self, m: Optional[ModelLayout] = None) -> Json:
        if self.containers and self.r.random() < 0.3:
            size = self.r.choice(self.containers)
        else:
            size = self.g.container()
            self.containers.append(size)
        return {"op": "container", "size": list(size)}

    def offset(self, m: ModelLayout) -> Optional[Json]:
        scrolls = m.scrolls
        c = self.r.choice(sorted(scrolls))
        info = scrolls[c]
        span = max(info.maximum - info.minimum, 50.0)
        if info.rests and self.r.random() < 0.3:
            value = self.r.choice(info.rests)
        else:
            value = info.minimum + span * self.r.uniform(-0.15, 1.15)
        return {"op": "offset", "container": c, "value": value}

    def pick_item(self, m: ModelLayout, measured_only: bool = False):
        candidates = [s for s, sec in enumerate(m.sections) if int(sec["itemCount"]) > 0]
        if measured_only:
            candidates = [
                s for s in candidates if m.measured[s] or (m.flow[s] and m.flow[s].measured)
            ]
        if not candidates:
            return None
        s = self.r.choice(candidates)
        if measured_only:
            items = sorted(m.measured[s]) or sorted(m.flow[s].measured)
            return s, self.r.choice(items)
        n = int(m.sections[s]["itemCount"])
        return s, self.r.randrange(n) if self.r.random() < 0.7 else self.r.randrange(min(n, 4))

    def measured_size(self, m: ModelLayout, s: int, i: int) -> List[float]:
        r = self.r
        if r.random() < 0.5:
            frame = m.item_frame(s, i)
            w = max(0.0, frame[2] + r.choice([0, 0, r.uniform(-30, 60), r.randint(-20, 80)]))
            h = max(0.0, frame[3] + r.choice([0, 0, r.uniform(-30, 60), r.randint(-20, 80), 300]))
        else:
            w, h = self.g.length(0, 400), self.g.length(0, 400)
        if r.random() < 0.02:
            w = 0.0
        return [w, h]

    def report(self, m: ModelLayout) -> Optional[Json]:
        picked = self.pick_item(m)
        if picked is None:
            return None
        s, i = picked
        if (
            m.desc.flow is not None
            and not m.desc.canonical_section(m.sections[s])["_flow"].self_sizing
        ):
            return self.item_sizes(m)
        if self.r.random() < 0.25:
            # Several cells in one call (sl_layout_report_item_sizes).
            n = int(m.sections[s]["itemCount"])
            count = self.r.randint(1, min(n - i, 8))
            sizes = [self.measured_size(m, s, i + k) for k in range(count)]
            return {"op": "reports", "section": s, "first": i, "sizes": sizes}
        return {"op": "report", "section": s, "item": i, "size": self.measured_size(m, s, i)}

    def reset(self, m: ModelLayout) -> Optional[Json]:
        picked = self.pick_item(m, measured_only=True)
        if picked is None:
            return None
        return {"op": "reset", "section": picked[0], "item": picked[1]}

    def boundary(self, m: ModelLayout) -> Optional[Json]:
        owners = [s for s in range(-1, len(m.sections)) if m.boundary_kinds(s)]
        if not owners:
            return None
        s = self.r.choice(owners)
        kind = self.r.choice(m.boundary_kinds(s))
        if self.r.random() < 0.25:
            return {"op": "reset_sup", "section": s, "kind": kind}
        return {
            "op": "report_sup",
            "section": s,
            "kind": kind,
            "size": [self.g.length(0, 300), self.g.length(0, 120)],
        }

    def item_sizes(self, m: ModelLayout) -> Optional[Json]:
        if m.desc.flow is None:
            return None
        candidates = [s for s, sec in enumerate(m.sections) if 0 < int(sec["itemCount"]) <= 400]
        if not candidates:
            return None
        s = self.r.choice(candidates)
        n = int(m.sections[s]["itemCount"])
        first = self.r.randrange(n)
        count = self.r.randint(1, min(n - first, 6))
        fs = m.desc.canonical_section(m.sections[s])["_flow"]
        uniform = fs.canonical_size(fs.item_size)
        sizes = [
            (
                list(uniform)
                if self.r.random() < 0.3
                else [self.g.length(1, 240), self.g.length(1, 240)]
            )
            for _ in range(count)
        ]
        return {"op": "item_sizes", "section": s, "first": first, "sizes": sizes}

    # -- data changes --------------------------------------------------------------------------

    def item_change(self, m: ModelLayout) -> Optional[Json]:
        if not m.sections:
            return None
        r = self.r
        s = r.randrange(len(m.sections))
        n = int(m.sections[s]["itemCount"])
        if n > 400:
            return None
        kind = r.choice(["count", "insert", "insert", "delete", "delete", "move", "move"])
        if kind == "count":
            return {"op": "count", "section": s, "count": r.randint(0, n + 8)}
        if kind == "insert":
            return {"op": "insert", "section": s, "at": r.randint(0, n), "count": r.randint(0, 6)}
        if n == 0:
            return None
        if kind == "delete":
            at = r.randrange(n)
            return {"op": "delete", "section": s, "at": at, "count": r.randint(0, min(5, n - at))}
        t = r.randrange(len(m.sections)) if r.random() < 0.4 else s
        nt = int(m.sections[t]["itemCount"])
        if t != s and nt > 400:
            return None
        to = r.randrange(nt) if t == s else r.randint(0, nt)
        return {"op": "move", "from": [s, r.randrange(n)], "to": [t, to]}

    def new_section(self, m: ModelLayout) -> Json:
        if m.desc.flow is not None:
            return self.g.flow_section(m.desc.flow)
        return self.g.section("horizontal" if m.desc.horizontal else "vertical")

    def section_change(self, m: ModelLayout) -> Optional[Json]:
        r = self.r
        n = len(m.sections)
        kind = r.choice(["insert", "delete", "move", "replace"]) if n else "insert"
        if kind == "insert":
            return {
                "op": "insert_sections",
                "at": r.randint(0, n),
                "sections": [self.new_section(m) for _ in range(r.randint(0, 2))],
            }
        if kind == "delete":
            at = r.randrange(n)
            return {"op": "delete_sections", "at": at, "count": r.randint(0, min(2, n - at))}
        if kind == "move":
            return {"op": "move_section", "from": r.randrange(n), "to": r.randrange(n)}
        s = r.randrange(n)
        new = self.new_section(m)
        if r.random() < 0.5:
            # The same description with another item count: measured sizes of the items that
            # remain are kept (SELF-SIZING.md, Sections).
            new = dict(m.config["sections"][s])
            new.pop("itemSizes", None)
            new["itemCount"] = max(0, int(new["itemCount"]) + r.randint(-3, 3))
        return {"op": "replace", "section": s, "new": new}

    # -- composite checks ----------------------------------------------------------------------

    def undo(self, m: ModelLayout) -> Optional[Json]:
        r = self.r
        kind = r.choice(
            [
                "report-reset",
                "report-reset",
                "insert-delete",
                "move-back",
                "container-aba",
                "sections-insert-delete",
                "section-move-back",
                "boundary-report-reset",
            ]
        )
        if kind == "report-reset":
            picked = self.pick_item(m)
            if picked is None:
                return None
            s, i = picked
            if m.measured_size(s, i) is not None:
                return None
            if (
                m.desc.flow is not None
                and not m.desc.canonical_section(m.sections[s])["_flow"].self_sizing
            ):
                return None
            do = {"op": "report", "section": s, "item": i, "size": self.measured_size(m, s, i)}
            return {
                "op": "undo",
                "kind": kind,
                "do": do,
                "undo": {"op": "reset", "section": do["section"], "item": do["item"]},
            }
        if kind == "insert-delete":
            if not m.sections:
                return None
            s = r.randrange(len(m.sections))
            n = int(m.sections[s]["itemCount"])
            if n > 400:
                return None
            at, count = r.randint(0, n), r.randint(1, 4)
            return {
                "op": "undo",
                "kind": kind,
                "do": {"op": "insert", "section": s, "at": at, "count": count},
                "undo": {"op": "delete", "section": s, "at": at, "count": count},
            }
        if kind == "move-back":
            step = self.item_change(m)
            if step is None or step["op"] != "move":
                return None
            (fs, fi), (ts, ti) = step["from"], step["to"]
            if m.desc.flow is not None and fs != ts:
                # FLOW-LAYOUT.md, "Moving items": an item takes its new section's size when its
                # own section keeps none, so there and back is the same only between sections
                # of one item size that size themselves alike.
                a = m.desc.canonical_section(m.sections[fs])["_flow"]
                b = m.desc.canonical_section(m.sections[ts])["_flow"]
                if (a.item_size, a.self_sizing) != (b.item_size, b.self_sizing):
                    return None
            return {
                "op": "undo",
                "kind": kind,
                "do": step,
                "undo": {"op": "move", "from": [ts, ti], "to": [fs, fi]},
            }
        if kind == "container-aba":
            other = self.container()
            return {
                "op": "undo",
                "kind": kind,
                "do": other,
                "undo": {"op": "container", "size": list(m.container)},
            }
        if kind == "sections-insert-delete":
            at = r.randint(0, len(m.sections))
            return {
                "op": "undo",
                "kind": kind,
                "kinds": False,
                "do": {"op": "insert_sections", "at": at, "sections": [self.new_section(m)]},
                "undo": {"op": "delete_sections", "at": at, "count": 1},
            }
        if kind == "section-move-back":
            if len(m.sections) < 2:
                return None
            a, b = r.sample(range(len(m.sections)), 2)
            return {
                "op": "undo",
                "kind": kind,
                "do": {"op": "move_section", "from": a, "to": b},
                "undo": {"op": "move_section", "from": b, "to": a},
            }
        owners = [s for s in range(-1, len(m.sections)) if m.boundary_kinds(s)]
        if not owners:
            return None
        s = r.choice(owners)
        kind_name = r.choice(m.boundary_kinds(s))
        if (m.global_measured if s == -1 else m.boundary[s]).get(kind_name) is not None:
            return None
        return {
            "op": "undo",
            "kind": kind,
            "do": {
                "op": "report_sup",
                "section": s,
                "kind": kind_name,
                "size": [self.g.length(0, 300), self.g.length(0, 120)],
            },
            "undo": {"op": "reset_sup", "section": s, "kind": kind_name},
        }

    def handler(self, m: ModelLayout) -> Optional[Json]:
        if not m.sections:
            return None
        return {
            "op": "handler",
            "section": self.r.randrange(len(m.sections)),
            "call": self.r.choice(["none", "offset", "offset", "container", "delete_sections"]),
        }

    def bad(self, m: ModelLayout) -> Optional[Json]:
        r = self.r
        n = len(m.sections)
        solved = m.container is not None
        options = [
            ("set_container_size", [0.0, 100.0], ("SL_EINVAL", "width")),
            ("set_container_size", [100.0, "nan"], ("SL_EINVAL", "height")),
            (
                "get_section_info",
                [n],
                ("SL_ERANGE", "section") if solved else ("SL_ESTATE", "layout"),
            ),
            ("delete_sections", [n, 1], ("SL_ERANGE", "count")),
            ("move_section", [n, 0], ("SL_ERANGE", "from")),
            (
                "get_scroll_info",
                [n + 3],
                ("SL_ERANGE", "container") if solved else ("SL_ESTATE", "layout"),
            ),
        ]
        if solved:
            options.append(("set_scroll_offset", [-1, "nan"], ("SL_EINVAL", "offset")))
            flat = [s for s in range(n) if s not in m.scrolls]
            if flat:
                options.append(
                    ("set_scroll_offset", [r.choice(flat), 10.0], ("SL_EINVAL", "container"))
                )
        for s in range(n):
            count = int(m.sections[s]["itemCount"])
            if solved:
                options += [
                    ("report_item_size", [s, count, 10.0, 10.0], ("SL_ERANGE", "item")),
                    ("report_item_size", [-1, 0, 10.0, 10.0], ("SL_ERANGE", "section")),
                    ("get_item_frame", [s, count], ("SL_ERANGE", "item")),
                    ("get_item_frames", [s, 0, count + 1], ("SL_ERANGE", "count")),
                    ("get_item_frames", [s, -1, 1], ("SL_ERANGE", "first")),
                ]
                if count > 0:
                    options.append(
                        ("report_item_size", [s, 0, "nan", 10.0], ("SL_EINVAL", "width"))
                    )
                    options.append(("report_item_size", [s, 0, 10.0, 2e6], ("SL_EINVAL", "height")))
            options += [
                ("set_item_count", [s, -1], ("SL_EINVAL", "count")),
                ("insert_items", [s, count + 1, 1], ("SL_ERANGE", "at")),
                ("insert_items", [s, 0, -1], ("SL_EINVAL", "count")),
                ("delete_items", [s, 0, count + 1], ("SL_ERANGE", "count")),
                ("move_item", [s, count, s, 0], ("SL_ERANGE", "item")),
            ]
        call, arguments, expect = r.choice(options)
        return {"op": "bad", "call": call, "args": arguments, "expect": list(expect)}
