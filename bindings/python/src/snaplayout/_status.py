"""Statuses to exceptions: the calling thread's error record raised as a SnapLayoutError."""

from __future__ import annotations

from typing import Optional

from . import lowlevel as ll
from .errors import SnapLayoutError, error_class


def _text(value: Optional[bytes]) -> str:
    return value.decode("utf-8", "replace") if value else ""


def last_error(status: int) -> SnapLayoutError:
    """The exception for a failed call, from the calling thread's ``sl_error_last()`` record."""
    record = ll.library().sl_error_last()
    if record:
        error = record.contents
        message, path = _text(error.message), _text(error.path)
        line, column = int(error.line), int(error.column)
    else:  # the header promises a record; be safe anyway
        message, path, line, column = "", "", 0, 0
    if not message:
        message = _text(ll.library().sl_status_string(status)) or f"status {status}"
    return error_class(status)(message, path, code=status, line=line, column=column)


def check(status: int) -> None:
    """Raises the exception for ``status`` unless it is ``SL_OK``."""
    if status != ll.SL_OK:
        raise last_error(status)
