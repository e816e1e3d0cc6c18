"""The case list: case() and its shorthands add a case of the current category
(scripts/gen-hostile-corpus.py writes them all).
"""

from .texts import *  # noqa: F401,F403


cases = []  # (category, name, data, status, where, message, options, note)
category = None


def case(name, data, status, where="-", message="-", *options, note=""):
    """Adds a case. `data` is bytes, a str (UTF-8) or a document (serialized with emit)."""
    data = to_bytes(data)
    full = f"{category}-{name}.in"
    assert all(c.isalnum() or c in "-_." for c in full), full
    assert full not in {c[1] for c in cases}, full
    cases.append((category, full, data, status, where, message, list(options), note))


def ok(name, data, *options, note=""):
    case(name, data, "SL_OK", "-", "-", *options, note=note)


def config_error(name, data, path, message="-", *options, note=""):
    case(name, data, "SL_ECONFIG", path, message, *options, note=note)


def syntax_error(name, data, offset, message="-", *options, note=""):
    """A syntax error at byte `offset` (len(data) when the text ends too early)."""
    data = to_bytes(data)
    case(name, data, "SL_EPARSE", position(data, offset), message, *options, note=note)


def truncated(name, data, *options, note=""):
    data = to_bytes(data)
    syntax_error(name, data, len(data), "the text ends before the JSON value is complete",
                 *options, note=note)


TYPE_NAMES = {"string": "a string", "number": "a number", "boolean": "a boolean", "null": "null",
              "object": "an object", "array": "an array"}
