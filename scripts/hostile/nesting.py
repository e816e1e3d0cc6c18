"""Hostile cases, category nesting: deep nesting: groups past their limit, JSON past json-c's.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403


caselist.category = "nesting"


def nested_groups(levels, key):
    """A root group with `levels` groups nested below it through `key`."""
    inner = item()
    for level in range(levels, -1, -1):
        axis = "horizontal" if level % 2 == 0 else "vertical"
        inner = group(axis, FW(1), ABS(44) if level == 0 else FH(1),
                      **({key: [inner]} if key == "subitems" else {key: inner, "count": 1}))
    return inner


def group_pointer(level, key):
    step = "/subitems/0" if key == "subitems" else "/" + key
    return G0 + step * level


for key in ["subitems", "subitem", "repeatingSubitem"]:
    ok(f"groups-32-{key}", layout(section(5, nested_groups(32, key))),
       note="32 levels below the root group: the documented limit")
    config_error(f"groups-33-{key}", layout(section(5, nested_groups(33, key))),
                 group_pointer(33, key), "groups are nested more than 32 levels deep")
config_error("groups-100-subitem", layout(section(5, nested_groups(100, "subitem"))),
             group_pointer(33, "subitem"), "groups are nested more than 32 levels deep")
config_error("groups-33-horizontal-layout", replaced(layout(section(5, nested_groups(33, "subitem"))),
                                                      "/configuration", {"scrollDirection": "horizontal"}),
             group_pointer(33, "subitem"), "nested more than 32")
def too_deep(data, limit=256):
    """The offset of the first value nested more than `limit` levels deep: json-c counts every
    value, so a number inside 256 arrays is the 257th level (and is where the error is)."""
    stack = []  # the open containers: "[" or "{"
    expect_key = False  # in an object, before a key
    index = 0
    while index < len(data):
        byte = data[index:index + 1]
        if byte in b" \t\r\n" or byte in (b",", b":"):
            if byte == b",":
                expect_key = stack[-1:] == ["{"]
            elif byte == b":":
                expect_key = False
            index += 1
            continue
        if data.startswith(b"/*", index):
            index = data.index(b"*/", index) + 2
            continue
        if byte in (b"]", b"}"):
            stack.pop()
            expect_key = False
            index += 1
            continue
        is_key = expect_key
        if not is_key and len(stack) + 1 > limit:
            return index
        if byte in (b"[", b"{"):
            stack.append(byte.decode())
            expect_key = byte == b"{"
            index += 1
            continue
        if byte in (b'"', b"'"):  # a string: a key or a value
            index += 1
            while data[index:index + 1] != byte:
                index += 2 if data[index:index + 1] == b"\\" else 1
            index += 1
        else:  # a number or a literal
            while index < len(data) and data[index:index + 1] not in b",:]} \t\r\n":
                index += 1
        expect_key = False
    raise ValueError("not too deep")


deep = emit(layout(section(5, nested_groups(130, "subitems"))))
syntax_error("groups-130-subitems", deep, too_deep(deep),
             "the JSON is nested more than 256 levels deep",
             note="two JSON levels per group: json-c's depth limit comes first")


def deep_arrays(depth, closed=True):
    return b"[" * depth + (b"]" * depth if closed else b"")


config_error("arrays-256", deep_arrays(256), "-", "expected an object, found an array")
config_error("arrays-255-around-number", b"[" * 255 + b"1" + b"]" * 255, "-",
             "expected an object, found an array")
for name, text in [("arrays-257", deep_arrays(257)),
                   ("arrays-256-around-number", b"[" * 256 + b"1" + b"]" * 256),
                   ("objects-256-around-number", b'{"a":' * 256 + b"1" + b"}" * 256),
                   ("arrays-20000-open", deep_arrays(20000, closed=False)),
                   ("arrays-10000", deep_arrays(10000)),
                   ("objects-5000", b'{"a":' * 5000 + b"1" + b"}" * 5000),
                   ("mixed-5000", b'[{"a":' * 2500 + b"1" + b"}]" * 2500),
                   ("after-comment-300", b"/*a*/[" * 300 + b"]" * 300),
                   ("single-quoted-keys-300", b"{'k': " * 300 + b"1" + b"}" * 300)]:
    syntax_error(name, text, too_deep(text), "the JSON is nested more than 256 levels deep")
config_error("sections-255-deep", b'{"sections": ' + deep_arrays(255) + b"}", S0,
             "expected an object, found an array")
sections_256 = b'{"sections": ' + deep_arrays(256) + b"}"
syntax_error("sections-256-deep", sections_256, too_deep(sections_256), "nested more than 256")
config_error("unknown-key-255-deep", b'{"sections": [], "deep": ' + deep_arrays(255) + b"}", "/deep",
             "unknown key 'deep'")
config_error("item-array-deep", replaced(BASE, G0 + "/subitems/0", Raw(deep_arrays(250))),
             G0 + "/subitems/0", "expected an object, found an array")
