"""Exceptions: one per status code of the C API, carrying the thread's error record.

Every failure of a library call raises a :class:`SnapLayoutError` subclass with

- ``code``: the int status (``lowlevel.SL_ECONFIG``, ...),
- ``status``: its name (``"SL_ECONFIG"``),
- ``message``: the library's sentence,
- ``path``: where the problem is: a JSON Pointer into the configuration for configuration
  errors (``"/sections/0/itemCount"``), the argument's name for bad arguments and indices,
- ``line`` and ``column``: the position of a JSON syntax error (1-based), else 0.

The subclasses also derive from the matching built-in exception (``ValueError`` for bad
arguments and configurations, ``IndexError`` for out-of-range indices, ...), so code that does
not know SnapLayout can still catch them. Arguments Python cannot pass at all (a string where a
number goes) raise plain ``TypeError``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple, Type

from . import _header as ll


def _no_description(code: int) -> str:
    return ""


# The library's text for a status code. The exceptions sit below the C binding, so the binding
# supplies it (snaplayout.lowlevel calls describe_status_with when it is imported).
_describe_status: Callable[[int], str] = _no_description


def describe_status_with(describe: Callable[[int], str]) -> None:
    """Sets how :attr:`SnapLayoutError.description` is found (``snaplayout.lowlevel`` does).

    ``describe`` takes a status code and returns the library's text for it; it may raise when
    the library cannot be loaded, and the description is then empty.
    """
    global _describe_status
    _describe_status = describe


class SnapLayoutError(Exception):
    """A SnapLayout call failed; ``code``, ``status``, ``message``, ``path`` say how."""

    #: The status code raised by this class when none is given.
    default_code: int = ll.SL_EINVAL

    code: int
    message: str
    path: str
    line: int
    column: int

    def __init__(
        self,
        message: str,
        path: str = "",
        *,
        code: Optional[int] = None,
        line: int = 0,
        column: int = 0,
    ) -> None:
        super().__init__(message)
        self.code = self.default_code if code is None else int(code)
        self.message = message
        self.path = path
        self.line = line
        self.column = column

    @property
    def status(self) -> str:
        """The name of the status code, e.g. ``"SL_ECONFIG"``."""
        return ll.STATUS_NAMES.get(self.code, f"SL_UNKNOWN({self.code})")

    @property
    def description(self) -> str:
        """The library's short text for the status code (``sl_status_string``)."""
        try:
            return _describe_status(self.code)
        except Exception:  # the library may be unavailable; the description is optional
            return ""

    def __str__(self) -> str:
        where = f" (at {self.path})" if self.path else ""
        return f"{self.message}{where} [{self.status}]"

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self.message!r}, path={self.path!r}, "
            f"code={self.code}, line={self.line}, column={self.column})"
        )

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_rebuild, (type(self), self.message, self.path, self.code, self.line, self.column))


def _rebuild(
    cls: Type[SnapLayoutError], message: str, path: str, code: int, line: int, column: int
) -> SnapLayoutError:
    return cls(message, path, code=code, line=line, column=column)


class InvalidArgumentError(SnapLayoutError, ValueError):
    """``SL_EINVAL``: an argument is invalid (NaN, infinite, negative size, wrong container)."""

    default_code = ll.SL_EINVAL


class ParseError(SnapLayoutError, ValueError):
    """``SL_EPARSE``: the text is not well-formed JSON (``line`` and ``column`` say where)."""

    default_code = ll.SL_EPARSE


class ConfigError(SnapLayoutError, ValueError):
    """``SL_ECONFIG``: valid JSON but not a valid layout; ``path`` is the JSON Pointer."""

    default_code = ll.SL_ECONFIG


class RangeError(SnapLayoutError, IndexError):
    """``SL_ERANGE``: a section, item or kind index (named by ``path``) is out of range."""

    default_code = ll.SL_ERANGE


class BufferTooSmallError(SnapLayoutError):
    """``SL_EBUFS``: a buffer was too small (the binding sizes its buffers, so rarely seen)."""

    default_code = ll.SL_EBUFS


class OutOfMemoryError(SnapLayoutError, MemoryError):
    """``SL_ENOMEM``: the library could not allocate memory."""

    default_code = ll.SL_ENOMEM


class StateError(SnapLayoutError, RuntimeError):
    """``SL_ESTATE``: not valid now, e.g. geometry before a container size is set."""

    default_code = ll.SL_ESTATE


class LayoutClosedError(StateError):
    """The layout was closed (``close()``, or the end of its ``with`` block)."""


class NotFoundError(SnapLayoutError, LookupError):
    """``SL_ENOTFOUND``: a looked-up name (an element kind) does not exist."""

    default_code = ll.SL_ENOTFOUND


class LibraryError(OSError):
    """The shared library cannot be used."""


class LibraryNotFoundError(LibraryError):
    """The shared library was not found; the message lists every place tried."""


class LibraryVersionError(LibraryError):
    """The shared library found is of another major version, or lacks functions."""


_CLASSES: Dict[int, Type[SnapLayoutError]] = {
    ll.SL_EINVAL: InvalidArgumentError,
    ll.SL_EPARSE: ParseError,
    ll.SL_ECONFIG: ConfigError,
    ll.SL_ERANGE: RangeError,
    ll.SL_EBUFS: BufferTooSmallError,
    ll.SL_ENOMEM: OutOfMemoryError,
    ll.SL_ESTATE: StateError,
    ll.SL_ENOTFOUND: NotFoundError,
}


def error_class(code: int) -> Type[SnapLayoutError]:
    """The exception class for a status code (:class:`SnapLayoutError` for unknown codes)."""
    return _CLASSES.get(code, SnapLayoutError)
