"""The C API of ``include/snaplayout.h``, one to one, in ctypes.

Every ``#define`` of the header is a module constant with the same name and value, every struct
a :class:`ctypes.Structure` with the same fields in the same order, and every function a
prototype in :data:`PROTOTYPES` (its C declaration is the comment above it). The functions are
attributes of this module once the library is loaded::

    from snaplayout import lowlevel
    lowlevel.sl_version_number()            # loads the library on first use
    lib = lowlevel.library()                # the ctypes.CDLL, prototypes applied

Nothing here checks arguments or statuses: that is the job of the Pythonic layer
(:class:`snaplayout.Layout`). The library is found as described in :func:`library`.
"""

from __future__ import annotations

import ctypes
import os
import threading
from typing import Any, Optional, Sequence, Union

from . import _header, _loader
from ._header import *  # noqa: F401,F403  (the header's constants, structs and prototypes)
from ._header import PROTOTYPES
from .errors import LibraryError, describe_status_with

# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------

_lock = threading.Lock()
_library: Optional[ctypes.CDLL] = None
_library_path: Optional[str] = None


def load(path: Union[str, "os.PathLike[str]", None] = None) -> ctypes.CDLL:
    """Loads the library once, with its prototypes bound, and returns it.

    Without ``path`` the library is looked up in this order: the environment variable
    ``SNAPLAYOUT_LIBRARY`` (a path), ``libsnaplayout.so.0`` next to this package's files, then
    the SONAME ``libsnaplayout.so.0`` through the system loader. With ``path`` only that file is
    tried. Loading again returns the library already loaded (a different ``path`` then raises
    :class:`snaplayout.LibraryError`).

    Raises :class:`snaplayout.LibraryNotFoundError` (listing every place tried) or
    :class:`snaplayout.LibraryVersionError` (a library of another major version, or one that
    lacks a function of the header).
    """
    global _library, _library_path
    with _lock:
        if _library is not None:
            if path is not None and os.fspath(path) != _library_path:
                raise LibraryError(
                    f"the SnapLayout library is already loaded from {_library_path!r}; "
                    f"cannot load {os.fspath(path)!r} as well"
                )
            return _library
        cdll, where = _loader.find_and_open(path)
        _loader.check_and_bind(cdll, where)
        _library, _library_path = cdll, where
        return cdll


def library() -> ctypes.CDLL:
    """The loaded library (loading it on first use, as :func:`load` with no path)."""
    lib = _library
    return lib if lib is not None else load()


def library_path() -> Optional[str]:
    """Where the library was loaded from (a path or the SONAME), or None if not loaded yet."""
    return _library_path


def __getattr__(name: str) -> Any:
    # PEP 562: the header's functions are module attributes, resolved on first use.
    if name in PROTOTYPES:
        return getattr(library(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> Sequence[str]:
    return sorted(list(globals()) + list(PROTOTYPES))


def _status_text(code: int) -> str:
    text = library().sl_status_string(code)
    return text.decode("utf-8", "replace") if text else ""


# SnapLayoutError.description asks the library (the exceptions sit below the C binding).
describe_status_with(_status_text)

#: The header's names (constants, structs, ``bind`` and ``PROTOTYPES``) and the loading
#: functions; the header's functions are attributes too (resolved on first use).
__all__ = sorted(_header.__all__ + ["library", "library_path", "load"])
