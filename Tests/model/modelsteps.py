"""The model's side of each changing step, with the refusals the header documents
(include/snaplayout.h: statuses and the argument each names).
"""

from __future__ import annotations

from typing import Any, Dict

from slmodel import Refused

Json = Dict[str, Any]


class ModelSteps:
    """Mixed into runner.Run."""

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
        elif op == "reports":
            s, first, sizes = step["section"], step["first"], step["sizes"]
            need(M.container is not None, "SL_ESTATE", "layout")
            M.check_section(s)
            need(0 <= first <= count_of(s), "SL_ERANGE", "first")
            need(len(sizes) <= count_of(s) - first, "SL_ERANGE", "count")
            for k, size in enumerate(sizes):
                try:
                    M.check_measured(*size)
                except Refused as refused:
                    raise Refused(refused.status, f"sizes/{k}/{refused.path}") from None
            M.report_many(s, first, [tuple(v) for v in sizes])
        elif op in ("report_sup", "reset_sup"):
            need(M.container is not None, "SL_ESTATE", "layout")
            need(-1 <= step["section"] < n, "SL_ERANGE", "section")
            need(step["kind"] in M.boundary_kinds(step["section"]), "SL_ERANGE", "kind")
            if op == "report_sup":
                M.check_measured(*step["size"])
            M.report_boundary(
                step["section"], step["kind"], tuple(step["size"]) if op == "report_sup" else None
            )
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
            old = count_of(s)
            M.change_items(s, c, lambda i: i if i < c else None, lambda i: i if i < c else old)
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
            M.change_items(
                s,
                count_of(s) - c,
                lambda i: i if i < at else (i - c if i >= at + c else None),
                lambda i: at + c if at <= i < at + c else i,
            )
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
