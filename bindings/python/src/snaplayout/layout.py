"""The Pythonic layout: :class:`Layout`, a solved collection-view layout you can query."""

from __future__ import annotations

import ctypes
import json
import os
import threading
import weakref
from ctypes import byref
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from . import _convert as cv
from . import lowlevel as ll
from ._gate import Gate
from ._scrolling import SCROLL_MAIN, ScrollingMixin
from ._status import check
from .errors import LayoutClosedError, StateError
from .values import (
    Element,
    Rect,
    SectionInfo,
    Size,
    SizeReport,
    VisibleItemsContext,
)

#: The section of layout-level boundary items (headers above every section).
SECTION_LAYOUT = ll.SL_SECTION_LAYOUT
#: The element kind id of cells.
KIND_CELL = ll.SL_KIND_CELL
#: The largest measured width or height accepted, in points.
MAX_MEASURED_LENGTH = ll.SL_MAX_MEASURED_LENGTH
#: A rect that covers every element (docs/C-API.md), used when no rect is given.
EVERYTHING = Rect(-1e15, -1e15, 2e15, 2e15)

#: ``handler(context, elements)``: may return new elements (same count, same order) whose
#: frame, transform, alpha, z_index and flags replace the originals; None keeps them.
VisibleItemsHandler = Callable[[VisibleItemsContext, List[Element]], Optional[Sequence[Element]]]

PathLike = Union[str, "os.PathLike[str]"]

def _destroy_handle(lib: ctypes.CDLL, handle: "ctypes._Pointer[ll.sl_layout]") -> None:
    # Called exactly once per handle, by close() or by the garbage collector (weakref.finalize).
    lib.sl_layout_destroy(handle)


class _Access:
    """``with layout._access(write) as handle``: the gate held, the layout known to be open."""

    __slots__ = ("_layout", "_write")

    def __init__(self, layout: "Layout", write: bool) -> None:
        self._layout = layout
        self._write = write

    def __enter__(self) -> "ctypes._Pointer[ll.sl_layout]":
        layout = self._layout
        if self._write:
            if getattr(layout._local, "in_handler", 0):
                raise StateError("a visible-items handler must not change its layout", "layout")
            layout._gate.enter_write()
        else:
            layout._gate.enter_read()
        handle = layout._handle
        if handle is None:
            self._release()
            raise LayoutClosedError("the layout is closed", "layout")
        return handle

    def __exit__(self, *exc: object) -> None:
        self._release()

    def _release(self) -> None:
        if self._write:
            self._layout._gate.exit_write()
        else:
            self._layout._gate.exit_read()


class Layout:
    """A collection-view layout: a configuration, a container size and the solved frames.

    Create one from a configuration dict (docs/CONFIG.md) or JSON text, give it a container size
    (or put ``environment.container`` in the configuration), then ask where things are::

        with Layout(config, container_size=(390, 844)) as layout:
            print(layout.content_size, layout.item_frame(0, 42))
            for element in layout.elements((0, 0, 390, 844)):
                print(element.kind_name, element.frame)

    The layout owns a C handle: ``close()`` (or the end of the ``with`` block, or garbage
    collection) frees it, once; any call afterwards raises :class:`LayoutClosedError`.

    Threads: any number of threads may query a layout at once; calls that change it (container
    size, offsets, measured sizes, data changes, ``close``) wait for the queries in progress and
    run alone.
    """

    def __init__(
        self,
        config: Mapping[str, Any],
        *,
        container_size: Optional[cv.SizeLike] = None,
    ) -> None:
        """Creates a layout from a configuration dict (JSON text: :meth:`from_json`).

        Raises :class:`ParseError`/:class:`ConfigError` for an invalid configuration (``path``
        is the JSON Pointer of the offending value), TypeError for a value that is not JSON.
        """
        self._handle: Optional["ctypes._Pointer[ll.sl_layout]"] = None
        if not isinstance(config, Mapping):
            hint = (
                " (for JSON text use Layout.from_json)" if isinstance(config, (str, bytes)) else ""
            )
            raise TypeError(f"config must be a dict, not {type(config).__name__}{hint}")
        self._open(cv.json_text(dict(config), "config", (dict,)), container_size)

    @classmethod
    def from_json(
        cls, text: Union[str, bytes], *, container_size: Optional[cv.SizeLike] = None
    ) -> "Layout":
        """Creates a layout from JSON text (comments and trailing commas are accepted)."""
        if not isinstance(text, (str, bytes)):
            raise TypeError(f"text must be str or bytes, not {type(text).__name__}")
        layout = cls.__new__(cls)
        layout._handle = None
        layout._open(cv.json_text(text, "text", ()), container_size)
        return layout

    @classmethod
    def from_file(cls, path: PathLike, *, container_size: Optional[cv.SizeLike] = None) -> "Layout":
        """Creates a layout from a JSON file."""
        with open(path, "rb") as file:
            return cls.from_json(file.read(), container_size=container_size)

    def _open(self, text: bytes, container_size: Optional[cv.SizeLike]) -> None:
        size = None if container_size is None else cv.size(container_size, "container_size")
        lib = ll.library()
        self._lib = lib
        self._gate = Gate()
        self._local = threading.local()
        self._handlers: Dict[int, Tuple[VisibleItemsHandler, Any]] = {}
        self._kind_names: Dict[int, str] = {KIND_CELL: "cell"}
        handle = ll.sl_layout_p()
        check(lib.sl_layout_create(text, len(text), byref(handle)))
        self._handle = handle
        self._finalizer = weakref.finalize(self, _destroy_handle, lib, handle)
        if size is not None:
            try:
                self.set_container_size(*size)
            except BaseException:
                self.close()
                raise

    # -- lifetime ---------------------------------------------------------------------------

    def _access(self, write: bool = False) -> _Access:
        return _Access(self, write)

    def close(self) -> None:
        """Frees the C layout. Safe to call again; every other call then raises."""
        if getattr(self, "_handle", None) is None:
            return
        if getattr(self._local, "in_handler", 0):
            raise StateError("a visible-items handler must not close its layout", "layout")
        self._gate.enter_write()
        try:
            if self._handle is None:
                return
            self._handle = None
            self._finalizer()
            self._handlers.clear()
        finally:
            self._gate.exit_write()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` ran (or the ``with`` block ended); calls then raise
        :class:`LayoutClosedError`.
        """
        return getattr(self, "_handle", None) is None

    def __enter__(self) -> "Layout":
        if self.closed:
            raise LayoutClosedError("the layout is closed", "layout")
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __reduce_ex__(self, protocol: Any) -> Any:
        # A copy would share the C handle and free it twice.
        raise TypeError("a Layout cannot be copied or pickled; create another from its config")

    def __repr__(self) -> str:
        if self.closed:
            return "<snaplayout.Layout (closed)>"
        try:
            parts = [f"{self.section_count} sections"]
            container = self.container_size
            if container is not None:
                content = self.content_size
                parts.append(f"container {container.width:g} x {container.height:g}")
                parts.append(f"content {content.width:g} x {content.height:g}")
            else:
                parts.append("no container size")
        except Exception:  # a repr must not raise
            parts = ["?"]
        return f"<snaplayout.Layout {', '.join(parts)}>"

    # -- size -------------------------------------------------------------------------------

    def set_container_size(self, width: float, height: float) -> None:
        """Sets the container (collection view bounds) and solves the layout.

        On failure (InvalidArgumentError for a bad size, ConfigError when the layout cannot be
        solved at this size) the layout keeps its previous size and frames.
        """
        w, h = cv.real(width, "width"), cv.real(height, "height")
        with self._access(write=True) as handle:
            check(self._lib.sl_layout_set_container_size(handle, w, h))

    @property
    def container_size(self) -> Optional[Size]:
        """The container size, or None before one is set. Assign a (width, height) to set it."""
        out = ll.sl_size()
        with self._access() as handle:
            status = self._lib.sl_layout_get_container_size(handle, byref(out))
            if status == ll.SL_ESTATE:
                return None
            check(status)
        return Size.from_c(out)

    @container_size.setter
    def container_size(self, value: cv.SizeLike) -> None:
        self.set_container_size(*cv.size(value, "container_size"))

    @property
    def content_size(self) -> Size:
        """The scrollable content size (StateError before a container size is set)."""
        out = ll.sl_size()
        with self._access() as handle:
            check(self._lib.sl_layout_get_content_size(handle, byref(out)))
        return Size.from_c(out)

    # -- sections and items -----------------------------------------------------------------

    @property
    def section_count(self) -> int:
        """The number of sections."""
        out = ctypes.c_int32()
        with self._access() as handle:
            check(self._lib.sl_layout_get_section_count(handle, byref(out)))
        return out.value

    def item_count(self, section: int) -> int:
        """The number of items in ``section``.

        Raises :class:`RangeError` for a section out of range.
        """
        s = cv.int32(section, "section")
        out = ctypes.c_int64()
        with self._access() as handle:
            check(self._lib.sl_layout_get_item_count(handle, s, byref(out)))
        return out.value

    def section_variant(self, section: int) -> Optional[int]:
        """The index of the variant in force in ``section`` (its ``"variants"``), or ``None``
        when the section's own keys are: it has no variants, none matches the container's
        effective content size, or no container size is set yet.

        Raises :class:`RangeError` for a section out of range. Since 0.2.
        """
        s = cv.int32(section, "section")
        out = ctypes.c_int32()
        with self._access() as handle:
            check(self._lib.sl_layout_get_section_variant(handle, s, byref(out)))
        return None if out.value < 0 else out.value

    @property
    def item_counts(self) -> Tuple[int, ...]:
        """The item count of every section."""
        return tuple(self.item_count(s) for s in range(self.section_count))

    def section_info(self, section: int) -> SectionInfo:
        """Solved facts about a section: frame, repetitions, orthogonal content and offset."""
        s = cv.int32(section, "section")
        out = ll.sl_section_info()
        with self._access() as handle:
            check(self._lib.sl_layout_get_section_info(handle, s, byref(out)))
        return SectionInfo.from_c(s, out)

    def section_infos(self) -> List[SectionInfo]:
        """:meth:`section_info` of every section."""
        return [self.section_info(s) for s in range(self.section_count)]

    def item_frame(self, section: int, item: int) -> Rect:
        """One cell's frame, with its section's orthogonal offset. O(1) whatever the count."""
        s, i = cv.int32(section, "section"), cv.int64(item, "item")
        out = ll.sl_rect()
        with self._access() as handle:
            check(self._lib.sl_layout_get_item_frame(handle, s, i, byref(out)))
        return Rect.from_c(out)

    def item_frames(
        self, section: int, start: int = 0, stop: Optional[int] = None
    ) -> Iterator[Rect]:
        """The frames of items ``start ..< stop`` (default: to the end) of a section, lazily."""
        s = cv.int32(section, "section")
        first = cv.int64(start, "start")
        end = self.item_count(s) if stop is None else cv.int64(stop, "stop")

        def frames() -> Iterator[Rect]:
            # One sl_layout_get_item_frames call per chunk instead of one call per item.
            chunk = 1024
            item = first
            while item < end:
                n = min(chunk, end - item)
                buffer = (ll.sl_rect * n)()
                with self._access() as handle:
                    check(self._lib.sl_layout_get_item_frames(handle, s, item, n, buffer))
                for frame in buffer:
                    yield Rect.from_c(frame)
                item += n

        return frames()

    # -- elements ---------------------------------------------------------------------------

    def _ensure_kind_names(self, handle: "ctypes._Pointer[ll.sl_layout]") -> Dict[int, str]:
        # Kind ids never change, so names are fetched once; new kinds (inserted sections) later.
        count = ctypes.c_int32()
        check(self._lib.sl_layout_get_element_kind_count(handle, byref(count)))
        names = self._kind_names
        if len(names) - 1 < count.value:
            name = ctypes.c_char_p()
            for kind in range(count.value):
                if kind not in names:
                    check(self._lib.sl_layout_get_element_kind_name(handle, kind, byref(name)))
                    names[kind] = (name.value or b"").decode("utf-8", "replace")
        return names

    def _query(self, rect: Optional[cv.RectLike]) -> Tuple[Any, int, Dict[int, str]]:
        area = EVERYTHING.to_c() if rect is None else cv.rect(rect)
        count = ctypes.c_size_t(0)
        local = self._local
        with self._access() as handle:
            names = dict(self._ensure_kind_names(handle))
            check(self._lib.sl_layout_get_elements_in_rect(handle, area, None, 0, byref(count)))
            capacity = count.value
            while True:
                buffer = (ll.sl_element * max(capacity, 1))()
                local.error = None
                status = self._lib.sl_layout_get_elements_in_rect(
                    handle, area, buffer, capacity, byref(count)
                )
                error, local.error = local.error, None
                if error is not None:
                    raise error
                if status == ll.SL_EBUFS and count.value > capacity:
                    capacity = count.value
                    continue
                check(status)
                return buffer, count.value, names

    def elements(self, rect: Optional[cv.RectLike] = None) -> Iterator[Element]:
        """The elements whose frames intersect ``rect`` (default: every element), in order.

        ``rect`` is a :class:`Rect` or (x, y, width, height). Order: layout-level boundary
        items, then per section its decorations, each cell followed by its badges, and its
        boundary items. The query runs now (errors are raised here); the elements are made as
        the iterator is consumed.
        """
        buffer, count, names = self._query(rect)
        return (cv.element(buffer[i], names) for i in range(count))

    def __iter__(self) -> Iterator[Element]:
        """Every element (:meth:`elements` with no rect)."""
        return self.elements()

    def element_count(self, rect: Optional[cv.RectLike] = None) -> int:
        """How many elements intersect ``rect`` (default: every element), without listing them."""
        area = EVERYTHING.to_c() if rect is None else cv.rect(rect)
        count = ctypes.c_size_t(0)
        with self._access() as handle:
            check(self._lib.sl_layout_get_elements_in_rect(handle, area, None, 0, byref(count)))
        return count.value

    @property
    def element_kind_count(self) -> int:
        """The number of distinct supplementary and decoration kinds."""
        out = ctypes.c_int32()
        with self._access() as handle:
            check(self._lib.sl_layout_get_element_kind_count(handle, byref(out)))
        return out.value

    @property
    def element_kinds(self) -> Tuple[str, ...]:
        """The kind names, by id (0 ..< element_kind_count)."""
        with self._access() as handle:
            names = self._ensure_kind_names(handle)
            return tuple(names[k] for k in range(len(names) - 1))

    def element_kind_name(self, kind: int) -> str:
        """The name of a kind id (``"cell"`` for ``KIND_CELL``)."""
        k = cv.int32(kind, "kind")
        out = ctypes.c_char_p()
        with self._access() as handle:
            check(self._lib.sl_layout_get_element_kind_name(handle, k, byref(out)))
        return (out.value or b"").decode("utf-8", "replace")

    def find_element_kind(self, name: str) -> int:
        """The id of a kind name (NotFoundError if no element has it)."""
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        if "\0" in name:
            raise ValueError("name must not contain NUL characters")
        out = ctypes.c_int32()
        encoded = name.encode("utf-8")
        with self._access() as handle:
            check(self._lib.sl_layout_find_element_kind(handle, encoded, byref(out)))
        return out.value

    def _kind_id(self, kind: Union[int, str]) -> int:
        return self.find_element_kind(kind) if isinstance(kind, str) else cv.int32(kind, "kind")

    def set_visible_items_handler(
        self, section: int, handler: Optional[VisibleItemsHandler]
    ) -> None:
        """Sets (or with None removes) a section's visible-items handler.

        During :meth:`elements` the handler is called with a :class:`VisibleItemsContext` and
        the section's elements in the result (after visible-item effects), UIKit's
        ``visibleItemsInvalidationHandler``. It may return replacements (same count and order;
        use ``dataclasses.replace``) whose frame, transform, alpha, z_index and flags are
        written back. It must not change the layout. An exception it raises is re-raised by
        the query.
        """
        s = cv.int32(section, "section")
        if handler is not None and not callable(handler):
            raise TypeError(f"handler must be callable or None, not {type(handler).__name__}")
        trampoline = (
            ll.sl_visible_items_handler()
            if handler is None
            else _make_trampoline(weakref.ref(self), handler)
        )
        with self._access(write=True) as handle:
            check(self._lib.sl_layout_set_visible_items_handler(handle, s, trampoline, None))
            # Keep the C callback alive while the library may call it.
            if handler is None:
                self._handlers.pop(s, None)
            else:
                self._handlers[s] = (handler, trampoline)

    # -- self-sizing ------------------------------------------------------------------------

    def _report(self, function: str, *args: Any) -> SizeReport:
        # A change that reports how far the offsets moved (sl_size_report).
        out = ll.sl_size_report()
        with self._access(write=True) as handle:
            check(getattr(self._lib, function)(handle, *args, byref(out)))
        return SizeReport.from_c(out)

    def report_item_size(self, section: int, item: int, width: float, height: float) -> SizeReport:
        """Reports the size measured for a cell; its estimated axes take it.

        Returns how far the offsets moved to keep the visible content in place.
        """
        return self._report(
            "sl_layout_report_item_size",
            cv.int32(section, "section"),
            cv.int64(item, "item"),
            cv.real(width, "width"),
            cv.real(height, "height"),
        )

    def report_item_sizes(
        self, section: int, first: int, sizes: Iterable[cv.SizeLike]
    ) -> SizeReport:
        """Reports the sizes measured for cells ``first, first + 1, ...``, in one change.

        Leaves the layout as :meth:`report_item_size` for each cell in item order does, but
        solves it once; the report has the whole move. A bad size is named
        ``sizes/<i>/width`` or ``sizes/<i>/height``.
        """
        return self._report_sizes("sl_layout_report_item_sizes", section, first, sizes)

    def reset_item_size(self, section: int, item: int) -> SizeReport:
        """Forgets a cell's measured size (its estimate applies again)."""
        return self._report(
            "sl_layout_reset_item_size", cv.int32(section, "section"), cv.int64(item, "item")
        )

    def measured_size(self, section: int, item: int) -> Optional[Size]:
        """The size reported for a cell, or None when it has none."""
        s, i = cv.int32(section, "section"), cv.int64(item, "item")
        out, measured = ll.sl_size(), ctypes.c_int()
        with self._access() as handle:
            check(self._lib.sl_layout_get_measured_size(handle, s, i, byref(out), byref(measured)))
        return Size.from_c(out) if measured.value else None

    def report_supplementary_size(
        self, section: int, kind: Union[int, str], width: float, height: float
    ) -> SizeReport:
        """Reports the size measured for a header or footer (``section`` may be
        ``SECTION_LAYOUT``; ``kind`` is a kind id or name)."""
        return self._report(
            "sl_layout_report_supplementary_size",
            cv.int32(section, "section"),
            self._kind_id(kind),
            cv.real(width, "width"),
            cv.real(height, "height"),
        )

    def reset_supplementary_size(self, section: int, kind: Union[int, str]) -> SizeReport:
        """Forgets a header's or footer's measured size."""
        return self._report(
            "sl_layout_reset_supplementary_size", cv.int32(section, "section"), self._kind_id(kind)
        )

    def measured_supplementary_size(self, section: int, kind: Union[int, str]) -> Optional[Size]:
        """The size reported for a header or footer, or None when it has none."""
        s, k = cv.int32(section, "section"), self._kind_id(kind)
        out, measured = ll.sl_size(), ctypes.c_int()
        with self._access() as handle:
            check(
                self._lib.sl_layout_get_measured_supplementary_size(
                    handle, s, k, byref(out), byref(measured)
                )
            )
        return Size.from_c(out) if measured.value else None

    def _report_sizes(
        self, function: str, section: int, first: int, sizes: Iterable[cv.SizeLike]
    ) -> SizeReport:
        # A change of items first, first + 1, ... from an array of sl_size.
        s, f = cv.int32(section, "section"), cv.int64(first, "first")
        if isinstance(sizes, (str, bytes, Size)) or not isinstance(sizes, Iterable):
            raise TypeError(f"sizes must be an iterable of sizes, not {type(sizes).__name__}")
        values = [cv.size(value, f"sizes[{i}]") for i, value in enumerate(sizes)]
        array = (ll.sl_size * max(len(values), 1))(*(ll.sl_size(w, h) for w, h in values))
        return self._report(function, s, f, array, len(values))

    def set_item_sizes(self, section: int, first: int, sizes: Iterable[cv.SizeLike]) -> SizeReport:
        """Sets the sizes of items ``first, first + 1, ...`` of a flow section (sizeForItemAt)."""
        return self._report_sizes("sl_layout_set_item_sizes", section, first, sizes)

    # -- data changes -----------------------------------------------------------------------

    def set_item_count(self, section: int, count: int) -> SizeReport:
        """Sets a section's item count (deleting from or appending at the end)."""
        return self._report(
            "sl_layout_set_item_count", cv.int32(section, "section"), cv.int64(count, "count")
        )

    def insert_items(self, section: int, at: int, count: int = 1) -> SizeReport:
        """Inserts ``count`` items before item ``at`` (``at`` = item count appends)."""
        return self._report(
            "sl_layout_insert_items",
            cv.int32(section, "section"),
            cv.int64(at, "at"),
            cv.int64(count, "count"),
        )

    def delete_items(self, section: int, at: int, count: int = 1) -> SizeReport:
        """Deletes items ``at ..< at + count``."""
        return self._report(
            "sl_layout_delete_items",
            cv.int32(section, "section"),
            cv.int64(at, "at"),
            cv.int64(count, "count"),
        )

    def move_item(self, section: int, item: int, to_section: int, to_item: int) -> SizeReport:
        """Moves an item; ``to_item`` is its index in ``to_section`` afterwards."""
        return self._report(
            "sl_layout_move_item",
            cv.int32(section, "section"),
            cv.int64(item, "item"),
            cv.int32(to_section, "to_section"),
            cv.int64(to_item, "to_item"),
        )

    def _section_change(
        self,
        function: str,
        *args: Any,
        remap: Callable[[int, int], Callable[[int], Optional[int]]],
    ) -> SizeReport:
        # Handlers follow their sections to new indices in the library; the references that
        # keep their C callbacks alive follow them here, in the same exclusive access.
        out = ll.sl_size_report()
        count = ctypes.c_int32()
        with self._access(write=True) as handle:
            check(self._lib.sl_layout_get_section_count(handle, byref(count)))
            before = count.value
            check(getattr(self._lib, function)(handle, *args, byref(out)))
            if self._handlers:
                check(self._lib.sl_layout_get_section_count(handle, byref(count)))
                new_index = remap(before, count.value)
                handlers = {}
                for section, value in self._handlers.items():
                    moved = new_index(section)
                    if moved is not None:
                        handlers[moved] = value
                self._handlers = handlers
        return SizeReport.from_c(out)

    def insert_sections(
        self, at: int, sections: Union[Sequence[Mapping[str, Any]], str, bytes]
    ) -> SizeReport:
        """Inserts sections (a list of section dicts, or JSON text of an array) before ``at``.

        Errors point into the list: ``/0/itemCount``.
        """
        a = cv.int32(at, "at")
        if isinstance(sections, (list, tuple)):
            sections = [dict(s) if isinstance(s, Mapping) else s for s in sections]
        text = cv.json_text(sections, "sections", (list,))
        return self._section_change(
            "sl_layout_insert_sections",
            a,
            text,
            len(text),
            remap=lambda before, after: lambda s: s + (after - before) if s >= a else s,
        )

    def delete_sections(self, at: int, count: int = 1) -> SizeReport:
        """Deletes sections ``at ..< at + count``."""
        a, n = cv.int32(at, "at"), cv.int32(count, "count")

        def remap(before: int, after: int) -> Callable[[int], Optional[int]]:
            return lambda s: s if s < a else (None if s < a + n else s - n)

        return self._section_change("sl_layout_delete_sections", a, n, remap=remap)

    def move_section(self, section: int, to: int) -> SizeReport:
        """Moves a section to index ``to`` (with its measured sizes, offset and handler)."""
        f, t = cv.int32(section, "section"), cv.int32(to, "to")

        def remap(before: int, after: int) -> Callable[[int], Optional[int]]:
            order = list(range(before))
            order.insert(t, order.pop(f))  # order[new index] = old index
            new_index = {old: new for new, old in enumerate(order)}
            return lambda s: new_index.get(s)

        return self._section_change("sl_layout_move_section", f, t, remap=remap)

    def replace_section(
        self, section: int, config: Union[Mapping[str, Any], str, bytes]
    ) -> SizeReport:
        """Describes a section anew (one section dict or JSON text); errors at ``/itemCount``.

        Its handler stays.
        """
        s = cv.int32(section, "section")
        if isinstance(config, Mapping):
            config = dict(config)
        text = cv.json_text(config, "config", (dict,))
        return self._report("sl_layout_replace_section", s, text, len(text))

    # -- JSON -------------------------------------------------------------------------------

    def json_text(self, rect: Optional[cv.RectLike] = None) -> str:
        """The solved layout as JSON text (``sl_layout_copy_json``): content size, sections,
        scroll containers and the elements in ``rect`` (default: every element)."""
        area = None if rect is None else cv.rect(rect)
        text = ll.char_p_owned()
        length = ctypes.c_size_t()
        with self._access() as handle:
            check(
                self._lib.sl_layout_copy_json(
                    handle, None if area is None else byref(area), byref(text), byref(length)
                )
            )
        try:
            return ctypes.string_at(text, length.value).decode("utf-8")
        finally:
            self._lib.sl_free(text)

    def copy_json(self, rect: Optional[cv.RectLike] = None) -> Dict[str, Any]:
        """:meth:`json_text`, parsed."""
        document: Dict[str, Any] = json.loads(self.json_text(rect))
        return document


# The scrolling methods are written in _scrolling.py (one concern a file) and are Layout's own:
# copied into the class, so that they are documented and found as its methods.
for _name, _member in list(vars(ScrollingMixin).items()):
    if not _name.startswith("__"):
        setattr(Layout, _name, _member)
del _name, _member


def _make_trampoline(layout_ref: "weakref.ref[Layout]", handler: VisibleItemsHandler) -> Any:
    """A C callback that runs a Python handler; exceptions are kept and re-raised by the query."""

    def trampoline(user_data: Any, context: Any, elements: Any, count: int) -> None:
        layout = layout_ref()
        if layout is None:
            return
        local = layout._local
        if getattr(local, "error", None) is not None:
            return  # an earlier handler of this query failed; it is re-raised afterwards
        local.in_handler = getattr(local, "in_handler", 0) + 1
        try:
            names = layout._kind_names
            given = [cv.element(elements[i], names) for i in range(count)]
            result = handler(VisibleItemsContext.from_c(context.contents), given)
            if result is not None:
                replacements = list(result)
                if len(replacements) != count:
                    raise ValueError(
                        f"a visible-items handler returned {len(replacements)} elements for "
                        f"{count}; return the same elements (changed) in the same order"
                    )
                for i, element in enumerate(replacements):
                    if not isinstance(element, Element):
                        raise TypeError(
                            "a visible-items handler must return Element values, not "
                            f"{type(element).__name__}"
                        )
                    element.write_to(elements[i])
        except BaseException as error:  # noqa: B902 - re-raised by the query that called us
            local.error = error
        finally:
            local.in_handler -= 1

    return ll.sl_visible_items_handler(trampoline)
