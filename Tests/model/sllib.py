"""The library under test, through the Python package's one-to-one ctypes layer
(bindings/python/src/snaplayout/lowlevel.py): raw statuses, no checks of its own, so that what
the driver sees is what a C host sees.
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
from ctypes import byref
from typing import List, Optional, Tuple

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python", "src"))
os.environ.setdefault("SNAPLAYOUT_LIBRARY", os.path.join(ROOT, "build", "libsnaplayout.so.0"))

from snaplayout import lowlevel as ll  # noqa: E402

STATUS = {v: k for k, v in ll.STATUS_NAMES.items()}
NAMES = ll.STATUS_NAMES
EVERYTHING = (-1e15, -1e15, 2e15, 2e15)


class LibError(Exception):
    def __init__(self, status: int, message: str, path: str) -> None:
        super().__init__(f"{NAMES.get(status, status)} at {path!r}: {message}")
        self.status = status
        self.name = NAMES.get(status, str(status))
        self.message = message
        self.path = path


def lib():
    return ll.library()


def last_error() -> Tuple[int, str, str]:
    e = lib().sl_error_last().contents
    return (
        e.code,
        (e.message or b"").decode("utf-8", "replace"),
        (e.path or b"").decode("utf-8", "replace"),
    )


def check(status: int) -> None:
    if status != ll.SL_OK:
        code, message, path = last_error()
        if code != status:
            raise AssertionError(f"status {status} but the error record says {code} ({message})")
        raise LibError(status, message, path)


def rect_tuple(r) -> Tuple[float, float, float, float]:
    return (r.x, r.y, r.width, r.height)


class Layout:
    """One sl_layout handle."""

    def __init__(self, config_text: str) -> None:
        self.handle = ll.sl_layout_p()
        data = config_text.encode()
        check(lib().sl_layout_create(data, len(data), byref(self.handle)))
        self._handlers = {}

    def close(self) -> None:
        if self.handle:
            lib().sl_layout_destroy(self.handle)
            self.handle = ll.sl_layout_p()

    # -- queries -------------------------------------------------------------------------------

    def content_size(self):
        s = ll.sl_size()
        check(lib().sl_layout_get_content_size(self.handle, byref(s)))
        return (s.width, s.height)

    def container_size(self):
        s = ll.sl_size()
        check(lib().sl_layout_get_container_size(self.handle, byref(s)))
        return (s.width, s.height)

    def section_count(self) -> int:
        n = ctypes.c_int32()
        check(lib().sl_layout_get_section_count(self.handle, byref(n)))
        return n.value

    def item_count(self, section: int) -> int:
        n = ctypes.c_int64()
        check(lib().sl_layout_get_item_count(self.handle, section, byref(n)))
        return n.value

    def section_info(self, section: int):
        i = ll.sl_section_info()
        check(lib().sl_layout_get_section_info(self.handle, section, byref(i)))
        variant = ctypes.c_int32()
        check(lib().sl_layout_get_section_variant(self.handle, section, byref(variant)))
        return {
            "variant": variant.value,
            "frame": rect_tuple(i.frame),
            "item_count": i.item_count,
            "group_count": i.group_count,
            "items_per_group": i.items_per_group,
            "behavior": i.orthogonal_scrolling_behavior,
            "orthogonal_length": i.orthogonal_content_length,
            "offset": i.orthogonal_offset,
        }

    def item_frame(self, section: int, item: int):
        r = ll.sl_rect()
        check(lib().sl_layout_get_item_frame(self.handle, section, item, byref(r)))
        return rect_tuple(r)

    def item_frames(self, section: int, first: int, count: int):
        buf = (ll.sl_rect * max(count, 1))()
        check(lib().sl_layout_get_item_frames(self.handle, section, first, count, buf))
        return [rect_tuple(buf[k]) for k in range(count)]

    def elements(self, rect=EVERYTHING, limit: int = 1 << 20) -> List[tuple]:
        """(category, section, item, kind id, frame, z, alpha, scale, flags) in query order."""
        r = ll.sl_rect(*rect)
        count = ctypes.c_size_t()
        check(lib().sl_layout_get_elements_in_rect(self.handle, r, None, 0, byref(count)))
        n = count.value
        if n > limit:
            raise OverflowError(n)
        buf = (ll.sl_element * max(n, 1))()
        again = ctypes.c_size_t()
        check(lib().sl_layout_get_elements_in_rect(self.handle, r, buf, n, byref(again)))
        if again.value != n:
            raise AssertionError(f"count-only said {n}, the filled query {again.value}")
        out = []
        for k in range(n):
            e = buf[k]
            out.append(
                (
                    e.category,
                    e.section,
                    e.item,
                    e.kind,
                    rect_tuple(e.frame),
                    e.z_index,
                    e.alpha,
                    e.transform.a,
                    e.flags,
                    (e.transform.b, e.transform.c, e.transform.d, e.transform.tx, e.transform.ty),
                )
            )
        return out

    def count_in_rect(self, rect) -> int:
        count = ctypes.c_size_t()
        check(
            lib().sl_layout_get_elements_in_rect(
                self.handle, ll.sl_rect(*rect), None, 0, byref(count)
            )
        )
        return count.value

    def kind_names(self) -> List[str]:
        n = ctypes.c_int32()
        check(lib().sl_layout_get_element_kind_count(self.handle, byref(n)))
        names = []
        for k in range(n.value):
            p = ctypes.c_char_p()
            check(lib().sl_layout_get_element_kind_name(self.handle, k, byref(p)))
            names.append(p.value.decode())
        return names

    def find_kind(self, name: str) -> int:
        k = ctypes.c_int32()
        check(lib().sl_layout_find_element_kind(self.handle, name.encode(), byref(k)))
        return k.value

    def scroll_info(self, container: int):
        i = ll.sl_scroll_info()
        check(lib().sl_layout_get_scroll_info(self.handle, container, byref(i)))
        return {f: getattr(i, f) for f, _ in ll.sl_scroll_info._fields_}

    def scroll_offset(self, container: int) -> float:
        x = ctypes.c_double()
        check(lib().sl_layout_get_scroll_offset(self.handle, container, byref(x)))
        return x.value

    def section_offset(self, section: int) -> float:
        x = ctypes.c_double()
        check(lib().sl_layout_get_section_offset(self.handle, section, byref(x)))
        return x.value

    def snap_offsets(self, container: int, first: int = 0) -> List[float]:
        count = ctypes.c_size_t()
        check(
            lib().sl_layout_get_snap_offsets(self.handle, container, first, None, 0, byref(count))
        )
        n = count.value
        buf = (ctypes.c_double * max(n, 1))()
        check(lib().sl_layout_get_snap_offsets(self.handle, container, first, buf, n, byref(count)))
        return [buf[k] for k in range(n)]

    def snap_position(self, container: int, offset: float):
        p = ll.sl_snap_position()
        check(lib().sl_layout_get_snap_position(self.handle, container, offset, byref(p)))
        return {"progress": p.progress, "index": p.index, "item": p.item, "section": p.section}

    def snap_range(self, container: int, index: int) -> Tuple[float, float]:
        """The offsets rest position `index` covers (SNAPPING.md, "Items longer than the
        viewport")."""
        fn = lib().sl_layout_get_snap_range
        fn.argtypes = [
            ctypes.c_void_p,
            ctypes.c_int32,
            ctypes.c_int64,
            ctypes.POINTER(ctypes.c_double),
            ctypes.POINTER(ctypes.c_double),
        ]
        fn.restype = ctypes.c_int
        low, high = ctypes.c_double(), ctypes.c_double()
        check(fn(self.handle, container, index, byref(low), byref(high)))
        return low.value, high.value

    def offset_for_item(self, container: int, section: int, item: int):
        x = ctypes.c_double()
        k = ctypes.c_int64()
        check(
            lib().sl_layout_get_offset_for_item(
                self.handle, container, section, item, byref(x), byref(k)
            )
        )
        return x.value, k.value

    def reference_snap(self, container: int, touch: float, motion=None, time: float = 0.0) -> int:
        k = ctypes.c_int64()
        check(
            lib().sl_layout_get_reference_snap(
                self.handle,
                container,
                touch,
                byref(motion) if motion is not None else None,
                time,
                byref(k),
            )
        )
        return k.value

    def resolve(
        self,
        container: int,
        start: float,
        release: float,
        velocity: float,
        reference: Optional[int] = None,
    ):
        r = ll.sl_scroll_release(ll.SL_SCROLL_RELEASE_VERSION, 0, start, release, velocity, 0)
        if reference is not None:
            r.flags = ll.SL_RELEASE_HAS_REFERENCE
            r.reference_snap = reference
        out = ll.sl_snap_result()
        check(lib().sl_layout_resolve_scroll(self.handle, container, byref(r), byref(out)))
        return out

    def item_distance(self, section: int, item: int) -> float:
        x = ctypes.c_double()
        check(lib().sl_layout_get_item_distance(self.handle, section, item, byref(x)))
        return x.value

    def measured_size(self, section: int, item: int):
        s = ll.sl_size()
        m = ctypes.c_int()
        check(lib().sl_layout_get_measured_size(self.handle, section, item, byref(s), byref(m)))
        return (s.width, s.height) if m.value else None

    def measured_supplementary(self, section: int, kind: int):
        s = ll.sl_size()
        m = ctypes.c_int()
        check(
            lib().sl_layout_get_measured_supplementary_size(
                self.handle, section, kind, byref(s), byref(m)
            )
        )
        return (s.width, s.height) if m.value else None

    def copy_json(self, rect=None) -> str:
        out = ll.char_p_owned()
        length = ctypes.c_size_t()
        r = byref(ll.sl_rect(*rect)) if rect is not None else None
        check(lib().sl_layout_copy_json(self.handle, r, byref(out), byref(length)))
        text = ctypes.string_at(out, length.value).decode()
        lib().sl_free(out)
        return text

    # -- changes -------------------------------------------------------------------------------

    def set_container_size(self, w: float, h: float) -> None:
        check(lib().sl_layout_set_container_size(self.handle, w, h))

    def set_scroll_offset(self, container: int, offset: float) -> None:
        check(lib().sl_layout_set_scroll_offset(self.handle, container, offset))

    def set_section_offset(self, section: int, offset: float) -> None:
        check(lib().sl_layout_set_section_offset(self.handle, section, offset))

    @staticmethod
    def _report(report):
        return {
            "main": report.main_offset_adjustment,
            "section": report.section_offset_adjustment,
            "content": (report.content_size.width, report.content_size.height),
        }

    def _changing(self, fn, *args):
        report = ll.sl_size_report()
        check(fn(self.handle, *args, byref(report)))
        return self._report(report)

    def report_item_size(self, s, i, w, h):
        return self._changing(lib().sl_layout_report_item_size, s, i, w, h)

    def report_item_sizes(self, s, first, sizes):
        buf = (ll.sl_size * max(len(sizes), 1))(*[ll.sl_size(w, h) for w, h in sizes])
        return self._changing(lib().sl_layout_report_item_sizes, s, first, buf, len(sizes))

    def reset_item_size(self, s, i):
        return self._changing(lib().sl_layout_reset_item_size, s, i)

    def report_supplementary_size(self, s, kind, w, h):
        return self._changing(lib().sl_layout_report_supplementary_size, s, kind, w, h)

    def reset_supplementary_size(self, s, kind):
        return self._changing(lib().sl_layout_reset_supplementary_size, s, kind)

    def set_item_sizes(self, s, first, sizes):
        buf = (ll.sl_size * max(len(sizes), 1))(*[ll.sl_size(w, h) for w, h in sizes])
        return self._changing(lib().sl_layout_set_item_sizes, s, first, buf, len(sizes))

    def set_item_count(self, s, n):
        return self._changing(lib().sl_layout_set_item_count, s, n)

    def insert_items(self, s, at, n):
        return self._changing(lib().sl_layout_insert_items, s, at, n)

    def delete_items(self, s, at, n):
        return self._changing(lib().sl_layout_delete_items, s, at, n)

    def move_item(self, fs, fi, ts, ti):
        return self._changing(lib().sl_layout_move_item, fs, fi, ts, ti)

    def insert_sections(self, at, sections):
        text = json.dumps(sections).encode()
        return self._changing(lib().sl_layout_insert_sections, at, text, len(text))

    def delete_sections(self, at, n):
        return self._changing(lib().sl_layout_delete_sections, at, n)

    def move_section(self, source, to):
        return self._changing(lib().sl_layout_move_section, source, to)

    def replace_section(self, s, section):
        text = json.dumps(section).encode()
        return self._changing(lib().sl_layout_replace_section, s, text, len(text))

    def set_handler(self, section: int, function) -> None:
        """function(context, elements pointer, count) or None."""
        if function is None:
            check(
                lib().sl_layout_set_visible_items_handler(
                    self.handle, section, ll.sl_visible_items_handler(), None
                )
            )
            self._handlers.pop(section, None)
            return
        callback = ll.sl_visible_items_handler(
            lambda user, context, elements, count: function(context.contents, elements, count)
        )
        self._handlers[section] = callback
        check(lib().sl_layout_set_visible_items_handler(self.handle, section, callback, None))


def motion_sample(motion, t: float):
    state = ll.sl_motion_state()
    check(lib().sl_motion_sample(byref(motion), t, byref(state)))
    return state.offset, state.velocity, state.settled
