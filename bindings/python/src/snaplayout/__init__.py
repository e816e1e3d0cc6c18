"""SnapLayout for Python: iOS collection-view layouts (compositional and flow) from JSON.

::

    import snaplayout

    config = {"sections": [{"itemCount": 100, "group": {
        "group": "horizontal",
        "layoutSize": {"widthDimension": {"fractionalWidth": 1},
                       "heightDimension": {"absolute": 130}},
        "subitem": {"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}},
        "count": 3}}]}
    with snaplayout.Layout(config, container_size=(390, 844)) as layout:
        layout.item_frame(0, 42)        # Rect(x=0.0, y=1820.0, width=130.0, height=130.0)

The library (``libsnaplayout.so.0``) is found through ``$SNAPLAYOUT_LIBRARY``, next to this
package, or by SONAME; :mod:`snaplayout.lowlevel` is the C API one to one.
:func:`config_schema` returns the configuration's JSON Schema.
"""

from __future__ import annotations

from . import _convert, lowlevel
from .errors import (
    BufferTooSmallError,
    ConfigError,
    InvalidArgumentError,
    LayoutClosedError,
    LibraryError,
    LibraryNotFoundError,
    LibraryVersionError,
    NotFoundError,
    OutOfMemoryError,
    ParseError,
    RangeError,
    SnapLayoutError,
    StateError,
)
from .layout import (
    EVERYTHING,
    KIND_CELL,
    MAX_MEASURED_LENGTH,
    SCROLL_MAIN,
    SECTION_LAYOUT,
    Layout,
    VisibleItemsHandler,
)
from .motion import Motion, ScrollInputResult, SnapResult
from .schema import config_schema
from .values import (
    IDENTITY,
    Bounce,
    Element,
    ElementCategory,
    ItemOffset,
    LoopInfo,
    MotionKind,
    MotionState,
    OrthogonalScrollingBehavior,
    Rect,
    ScrollInfo,
    SectionInfo,
    Size,
    SizeReport,
    SnapPosition,
    SnapUnit,
    Transform,
    VisibleItemsContext,
)

#: The version of this package (the C API version it was written for).
__version__ = "0.2.0"


def library_version() -> str:
    """The loaded library's version text, e.g. ``"0.2.0"`` (loads the library)."""
    return (lowlevel.library().sl_version_string() or b"").decode("ascii", "replace")


def library_path() -> str:
    """Where the library was loaded from (loads it if needed)."""
    lowlevel.library()
    return lowlevel.library_path() or ""


def status_string(code: int) -> str:
    """The library's short description of a status code (``sl_status_string``)."""
    status = _convert.integer(code, "code", -(2**31), 2**31 - 1)
    return (lowlevel.library().sl_status_string(status) or b"").decode("utf-8", "replace")


__all__ = [
    "Bounce",
    "BufferTooSmallError",
    "ConfigError",
    "EVERYTHING",
    "Element",
    "ElementCategory",
    "IDENTITY",
    "InvalidArgumentError",
    "ItemOffset",
    "KIND_CELL",
    "Layout",
    "LayoutClosedError",
    "LibraryError",
    "LibraryNotFoundError",
    "LibraryVersionError",
    "LoopInfo",
    "MAX_MEASURED_LENGTH",
    "Motion",
    "MotionKind",
    "MotionState",
    "NotFoundError",
    "OrthogonalScrollingBehavior",
    "OutOfMemoryError",
    "ParseError",
    "RangeError",
    "Rect",
    "SCROLL_MAIN",
    "SECTION_LAYOUT",
    "ScrollInfo",
    "SectionInfo",
    "Size",
    "SizeReport",
    "SnapLayoutError",
    "SnapPosition",
    "ScrollInputResult",
    "SnapResult",
    "SnapUnit",
    "StateError",
    "Transform",
    "VisibleItemsContext",
    "VisibleItemsHandler",
    "config_schema",
    "library_path",
    "library_version",
    "lowlevel",
    "status_string",
    "__version__",
]
