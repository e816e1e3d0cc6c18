"""Reads JSON text with json-c, as the library's decoder does, into Python values.

The schema must judge the document the decoder judged: json-c's leniencies (comments, trailing
commas, single quotes, `TRUE`, leading zeros), its numbers (`NaN` and `Infinity` in any case,
`1e400` as an infinity, integers past 64 bits saturated), its duplicate keys (the last wins) and
its keys cut at an escaped NUL. Python's `json` module reads none of these the same way, so the
text goes through json-c itself (the shared library the SnapLayout library links), through
ctypes, with the decoder's settings: nesting up to 256 levels, UTF-8 checked (docs/CONFIG.md).
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

# json-c's `enum json_type` and `enum json_tokener_error` values (json_types.h, json_tokener.h).
_NULL, _BOOLEAN, _DOUBLE, _INT, _OBJECT, _ARRAY, _STRING = range(7)
_SUCCESS, _CONTINUE = 0, 1
_VALIDATE_UTF8 = 0x10
_MAX_DEPTH = 256
_INT64_MAX = 2**63 - 1


class _Iterator(ctypes.Structure):
    """`struct json_object_iterator` (json_object_iterator.h), passed by value."""

    _fields_ = [("opaque", ctypes.c_void_p)]


def _load() -> ctypes.CDLL:
    name = ctypes.util.find_library("json-c") or "libjson-c.so.5"
    lib = ctypes.CDLL(name)
    p, i = ctypes.c_void_p, ctypes.c_int
    signatures = {
        "json_tokener_new_ex": (p, [i]),
        "json_tokener_free": (None, [p]),
        "json_tokener_set_flags": (None, [p, i]),
        "json_tokener_parse_ex": (p, [p, ctypes.c_char_p, i]),
        "json_tokener_get_error": (i, [p]),
        "json_object_put": (i, [p]),
        "json_object_get_type": (i, [p]),
        "json_object_get_boolean": (i, [p]),
        "json_object_get_double": (ctypes.c_double, [p]),
        "json_object_get_int64": (ctypes.c_int64, [p]),
        "json_object_get_uint64": (ctypes.c_uint64, [p]),
        "json_object_get_string": (p, [p]),
        "json_object_get_string_len": (i, [p]),
        "json_object_array_length": (ctypes.c_size_t, [p]),
        "json_object_array_get_idx": (p, [p, ctypes.c_size_t]),
        "json_object_iter_begin": (_Iterator, [p]),
        "json_object_iter_end": (_Iterator, [p]),
        "json_object_iter_equal": (i, [ctypes.POINTER(_Iterator), ctypes.POINTER(_Iterator)]),
        "json_object_iter_next": (None, [ctypes.POINTER(_Iterator)]),
        "json_object_iter_peek_name": (ctypes.c_char_p, [ctypes.POINTER(_Iterator)]),
        "json_object_iter_peek_value": (p, [ctypes.POINTER(_Iterator)]),
    }
    for function, (restype, argtypes) in signatures.items():
        getattr(lib, function).restype = restype
        getattr(lib, function).argtypes = argtypes
    return lib


_lib = _load()


class NotJSON(ValueError):
    """json-c does not read the text as one value (the library answers SL_EPARSE)."""


def loads(text: bytes) -> Any:
    """The value json-c reads from `text`: dicts, lists, str, int, float (NaN and infinities
    included), bool and None."""
    tokener = _lib.json_tokener_new_ex(_MAX_DEPTH)
    if not tokener:
        raise MemoryError("json_tokener_new_ex")
    try:
        _lib.json_tokener_set_flags(tokener, _VALIDATE_UTF8)
        root = _lib.json_tokener_parse_ex(tokener, text, len(text))
        status = _lib.json_tokener_get_error(tokener)
        if status == _CONTINUE:
            # A top-level number is complete only once json-c sees what follows it.
            root = _lib.json_tokener_parse_ex(tokener, b"\0", 1)
            status = _lib.json_tokener_get_error(tokener)
        if status != _SUCCESS:
            _lib.json_object_put(root)
            raise NotJSON(f"json-c refuses the text (error {status})")
        try:
            return _value(root)
        finally:
            _lib.json_object_put(root)
    finally:
        _lib.json_tokener_free(tokener)


def _value(node: Any) -> Any:
    kind = _lib.json_object_get_type(node)
    if kind == _NULL:
        return None
    if kind == _BOOLEAN:
        return bool(_lib.json_object_get_boolean(node))
    if kind == _DOUBLE:
        return _lib.json_object_get_double(node)
    if kind == _INT:
        value = _lib.json_object_get_int64(node)
        # json-c keeps a positive integer past int64 as uint64 (saturated at 2^64 - 1).
        return _lib.json_object_get_uint64(node) if value == _INT64_MAX else value
    if kind == _STRING:
        length = _lib.json_object_get_string_len(node)
        data = ctypes.string_at(_lib.json_object_get_string(node), length)
        return data.decode("utf-8", "surrogateescape")
    if kind == _ARRAY:
        return [
            _value(_lib.json_object_array_get_idx(node, index))
            for index in range(_lib.json_object_array_length(node))
        ]
    if kind == _OBJECT:
        members = {}
        iterator, end = _lib.json_object_iter_begin(node), _lib.json_object_iter_end(node)
        while not _lib.json_object_iter_equal(ctypes.byref(iterator), ctypes.byref(end)):
            name = _lib.json_object_iter_peek_name(ctypes.byref(iterator))
            members[name.decode("utf-8", "surrogateescape")] = _value(
                _lib.json_object_iter_peek_value(ctypes.byref(iterator))
            )
            _lib.json_object_iter_next(ctypes.byref(iterator))
        return members
    raise ValueError(f"json-c type {kind}")
