"""Argument checks: Python values to C values, with clear exceptions before any C call.

Only what C cannot see is checked here: types (a string where a number goes raises TypeError)
and integers that do not fit the C type (which ctypes would silently truncate: RangeError, as
the library raises for indices out of range). Everything else (NaN, negative sizes, indices
out of range) is the library's to judge, so its messages and paths are the ones users see.
"""

from __future__ import annotations

import json
import math
import numbers
import operator
from typing import Any, Iterable, Mapping, Sequence, Tuple, Union

from . import lowlevel as ll
from .errors import InvalidArgumentError, RangeError
from .values import IDENTITY, Element, ElementCategory, Rect, Size, Transform

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

Number = Union[int, float]
RectLike = Union[Rect, Sequence[Number]]
SizeLike = Union[Size, Sequence[Number], Mapping[str, Number]]


def _type_name(value: Any) -> str:
    return type(value).__name__


def integer(value: Any, name: str, low: int, high: int) -> int:
    """An int (or anything with ``__index__``, not bool) within [low, high]."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not bool")
    try:
        result = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, not {_type_name(value)}") from None
    if not low <= result <= high:
        raise RangeError(
            f"{name} {result} is outside the range the C API can take ({low} ... {high})", name
        )
    return result


def int32(value: Any, name: str) -> int:
    return integer(value, name, INT32_MIN, INT32_MAX)


def int64(value: Any, name: str) -> int:
    return integer(value, name, INT64_MIN, INT64_MAX)


def real(value: Any, name: str) -> float:
    """A float from an int or float (not bool, str, None). NaN passes: the library judges it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, not {_type_name(value)}")
    try:
        return float(value)
    except OverflowError:
        raise InvalidArgumentError(f"{name} is too large for a double", name) from None


def finite(value: Any, name: str) -> float:
    """A finite float, checked here (for values the library never sees, e.g. in Python code)."""
    result = real(value, name)
    if not math.isfinite(result):
        raise InvalidArgumentError(f"{name} must be finite, not {result}", name)
    return result


def rect(value: Any, name: str = "rect") -> ll.sl_rect:
    """A Rect or (x, y, width, height) as an sl_rect."""
    if isinstance(value, Rect):
        parts: Tuple[Any, ...] = value.as_tuple()
    elif isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a Rect or (x, y, width, height), not {_type_name(value)}")
    else:
        parts = tuple(value)
        if len(parts) != 4:
            raise TypeError(f"{name} must have 4 numbers (x, y, width, height), not {len(parts)}")
    x, y, w, h = (
        real(v, f"{name}.{axis}") for v, axis in zip(parts, ("x", "y", "width", "height"))
    )
    return ll.sl_rect(x, y, w, h)


def size(value: Any, name: str = "size") -> Tuple[float, float]:
    """A Size or (width, height) as two floats."""
    if isinstance(value, Size):
        return value.width, value.height
    if isinstance(value, Mapping):
        try:
            parts: Tuple[Any, ...] = (value["width"], value["height"])
        except KeyError:
            raise TypeError(f"{name} must have 'width' and 'height'") from None
    elif isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a Size or (width, height), not {_type_name(value)}")
    else:
        parts = tuple(value)
        if len(parts) != 2:
            raise TypeError(f"{name} must have 2 numbers (width, height), not {len(parts)}")
    return real(parts[0], f"{name}.width"), real(parts[1], f"{name}.height")


def json_text(value: Any, what: str, allowed: Tuple[type, ...]) -> bytes:
    """JSON text (str or bytes, passed unchanged) or a JSON-serialisable value of `allowed` types.

    NaN and infinities are written as ``NaN``/``Infinity`` so that the library reports them
    with their JSON Pointer, as it does for any other bad number.
    """
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    if not isinstance(value, allowed):
        names = " or ".join(t.__name__ for t in allowed)
        raise TypeError(f"{what} must be a {names} or JSON text, not {_type_name(value)}")
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    except (TypeError, ValueError) as error:
        raise TypeError(f"{what} is not JSON-serialisable: {error}") from None


_CATEGORIES = {int(c): c for c in ElementCategory}


def element(value: ll.sl_element, names: Mapping[int, str]) -> Element:
    """A C element as an :class:`Element`, its kind named from ``names`` ("" when unnamed)."""
    f, t = value.frame, value.transform
    transform = IDENTITY
    if (t.a, t.b, t.c, t.d, t.tx, t.ty) != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
        transform = Transform(t.a, t.b, t.c, t.d, t.tx, t.ty)
    kind = value.kind
    return Element(
        category=_CATEGORIES.get(value.category) or ElementCategory(value.category),
        kind=kind,
        kind_name=names.get(kind, ""),
        section=value.section,
        item=value.item,
        frame=Rect(f.x, f.y, f.width, f.height),
        z_index=value.z_index,
        alpha=value.alpha,
        transform=transform,
        flags=value.flags,
        copy=value.copy,
    )
