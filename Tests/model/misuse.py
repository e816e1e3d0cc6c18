"""Visible-items handlers and misuse (docs/TESTING-MODEL.md, "Checks"): a handler's changing
call on its own layout is refused, and a refused call names its argument and changes nothing.
"""

from __future__ import annotations

import ctypes
from typing import Any, Dict

from sllib import EVERYTHING, ll, lib
from slmodel import ModelError

Json = Dict[str, Any]


class Misuse:
    """Mixed into runner.Run."""

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
                statuses.append(
                    lib().sl_layout_delete_sections(L.handle, 0, L.section_count(), None)
                )
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
            self.fail(
                "handler-elements",
                f"section {section}: the handler's alpha did not reach every element",
            )
        if sum(c for _, c in seen) != len(mine) or any(s != section for s, _ in seen):
            self.fail(
                "handler-elements",
                f"section {section}: the handler saw {seen}, the query returned {len(mine)}",
            )
        if any(status != ll.SL_ESTATE for status in statuses):
            self.fail(
                "handler-change",
                f"{step['call']} from inside a visible-items handler returned "
                f"{statuses}, not SL_ESTATE",
                call=step["call"],
            )
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
            self.fail(
                "bad-call",
                f"{name}{tuple(step['args'])}: {ll.STATUS_NAMES.get(status, status)} at "
                f"{path!r} ({message}), documented {want_status} at {want_path!r}",
            )
        elif not message:
            self.fail("error-message", f"{name}: {want_status} without a message")
        after = self.fingerprint(self.lib) if solved else self.light_state()
        if before != after:
            self.fail(
                "refused-changed", f"{name}{tuple(step['args'])} was refused but changed the layout"
            )


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
