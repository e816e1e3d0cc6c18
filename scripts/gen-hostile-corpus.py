#!/usr/bin/env python3
"""Writes the hostile-input corpus: Tests/Hostile/*.in and the manifest Tests/Hostile/EXPECTED.

Every case is one file holding the exact bytes a host passes to sl_layout_create, and one
manifest line saying what the library must answer (format: Tests/Hostile/README.md). The
expectations are derived here from the documentation (docs/CONFIG.md, docs/C-API.md, the header)
and from json-c's grammar, never copied from the library's output: each syntax error's position
is computed from the bytes, each path from the document. Where a run disagreed, the case was
re-derived and either corrected (the notes say why) or kept, with a known-bug marker, as the
behaviour the library should have.

Run from the repository root:  python3 scripts/gen-hostile-corpus.py
It rewrites the corpus, removes *.in files it no longer makes, and needs only the standard
library. Tests/c/test_hostile.c runs the corpus (make build/tests/test_hostile).
"""

import copy
import json
import os
import sys

CORPUS = os.path.join("Tests", "Hostile")
MANIFEST = os.path.join(CORPUS, "EXPECTED")
# Keep the committed corpus small (README.md): one file may reach ~200 KB (the 100,001-entry
# sections array cannot be shorter), the whole corpus stays under 2 MB.
FILE_LIMIT = 210_000
CORPUS_LIMIT = 2_000_000

INT64_MAX = 2**63 - 1


# ---- building texts ---------------------------------------------------------------------------


class Raw:
    """Text put into a document as it is: a number json-c spells its own way, invalid UTF-8."""

    def __init__(self, text):
        self.bytes = text if isinstance(text, bytes) else text.encode("utf-8")


def emit(value):
    """Serializes `value` (dicts, lists, strings, numbers, Raw) as compact JSON bytes."""
    if isinstance(value, Raw):
        return value.bytes
    if isinstance(value, dict):
        members = [emit(key) + b":" + emit(item) for key, item in value.items()]
        return b"{" + b",".join(members) + b"}"
    if isinstance(value, list):
        return b"[" + b",".join(emit(item) for item in value) + b"]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).encode("utf-8")
    if value is True:
        return b"true"
    if value is False:
        return b"false"
    if value is None:
        return b"null"
    if isinstance(value, (int, float)):
        return repr(value).encode()
    raise TypeError(value)


def to_bytes(data):
    """The bytes of a case: bytes as they are, a str in UTF-8, anything else serialized."""
    if isinstance(data, bytes):
        return data
    if isinstance(data, str):
        return data.encode("utf-8")
    return emit(data)


def tokens(pointer):
    """The reference tokens of an RFC 6901 pointer."""
    if pointer == "":
        return []
    assert pointer.startswith("/"), pointer
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def replaced(document, pointer, value):
    """A copy of `document` with the value at `pointer` replaced (or added, for a new key)."""
    result = copy.deepcopy(document)
    if pointer == "":
        return value
    *parents, last = tokens(pointer)
    node = result
    for token in parents:
        node = node[int(token)] if isinstance(node, list) else node[token]
    if isinstance(node, list) and int(last) == len(node):
        node.append(value)
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return result


def removed(document, pointer):
    """A copy of `document` without the value at `pointer`."""
    result = copy.deepcopy(document)
    *parents, last = tokens(pointer)
    node = result
    for token in parents:
        node = node[int(token)] if isinstance(node, list) else node[token]
    del node[last]
    return result


def position(data, offset):
    """The line:column the header promises for a syntax error at byte `offset` (1-based, bytes)."""
    before = data[:offset]
    line = before.count(b"\n") + 1
    column = offset - (before.rfind(b"\n") + 1) + 1
    return f"{line}:{column}"


# Pieces of configurations, in the words of docs/CONFIG.md.
def FW(f):
    return {"fractionalWidth": f}


def FH(f):
    return {"fractionalHeight": f}


def ABS(v):
    return {"absolute": v}


def EST(v):
    return {"estimated": v}


def size(w, h):
    return {"widthDimension": w, "heightDimension": h}


def item(w=FW(1), h=FH(1), **keys):
    return {"layoutSize": size(w, h), **keys}


def group(axis, w, h, **keys):
    return {"group": axis, "layoutSize": size(w, h), **keys}


def row(height=44, columns=2):
    """A horizontal row `height` points tall of `columns` cells: the usual grid."""
    return group("horizontal", FW(1), ABS(height), subitems=[item(FW(1 / columns))])


def section(count=3, g=None, **keys):
    return {"itemCount": count, "group": g if g is not None else row(), **keys}


def layout(*sections, **keys):
    return {**keys, "sections": list(sections)}


BASE = layout(section())
FLOW = {"flowLayout": {"itemSize": {"width": 100, "height": 100}, "minimumLineSpacing": 8},
        "sections": [{"itemCount": 5}]}

# Every key of a compositional configuration, valid and solvable at 390 x 844: the base of the
# wrong-type and number cases, so that each case breaks exactly one value.
RICH = {
    "version": 1,
    "configuration": {
        "scrollDirection": "vertical",
        "interSectionSpacing": 8,
        "boundarySupplementaryItems": [
            {"elementKind": "title", "alignment": "top", "layoutSize": size(FW(1), EST(30))}],
        "scrolling": {
            "snapUnit": "item", "alignment": "start", "decelerationRate": "fast",
            "maxPagesPerGesture": 1, "contentInset": {"top": 10, "bottom": 10},
            "velocityThresholds": {"fling": 300, "free": 5000},
            "spring": {"dampingRatio": 1, "response": 0.3}, "bounce": "always"},
    },
    "environment": {
        "container": {"width": 390, "height": 844},
        "contentInsets": {"top": 47, "leading": 0, "bottom": 34, "trailing": 0},
        "layoutDirection": "leftToRight",
        "displayScale": 3,
    },
    "sections": [
        {
            "itemCount": 12,
            "group": group(
                "horizontal", FW(1), ABS(120),
                subitems=[
                    item(FW(0.5), FH(1),
                         contentInsets={"top": 2, "leading": 2, "bottom": 2, "trailing": 2},
                         edgeSpacing={"leading": {"flexible": 0}},
                         supplementaryItems=[{
                             "elementKind": "badge", "layoutSize": size(ABS(20), ABS(20)),
                             "containerAnchor": {"edges": ["top", "trailing"],
                                                 "offset": {"x": 5, "y": -5}},
                             "itemAnchor": {"edges": ["top", "trailing"],
                                            "fractionalOffset": {"x": 0, "y": 0}},
                             "zIndex": 2}]),
                    group("vertical", FW(0.5), FH(1), subitem=item(FW(1), FH(0.5)), count=2,
                          interItemSpacing={"fixed": 4}),
                ],
                interItemSpacing={"fixed": 8},
                contentInsets={"top": 0, "leading": 16, "bottom": 0, "trailing": 16},
                edgeSpacing={"top": {"fixed": 4}}),
            "contentInsets": {"top": 8, "leading": 0, "bottom": 8, "trailing": 0},
            "interGroupSpacing": 10,
            "orthogonalScrollingBehavior": "none",
            "boundarySupplementaryItems": [{
                "elementKind": "header", "alignment": "top", "layoutSize": size(FW(1), ABS(44)),
                "offset": {"x": 0, "y": 0}, "extendsBoundary": True, "pinToVisibleBounds": True,
                "zIndex": 3, "contentInsets": {"leading": 16, "trailing": 16}}],
            "decorationItems": [{"elementKind": "background", "contentInsets": {"top": 4},
                                 "zIndex": -1}],
            "supplementariesFollowContentInsets": False,
        },
        {
            "itemCount": 20,
            "group": group("horizontal", FW(0.8), FW(0.5),
                           repeatingSubitem=item(ABS(100), FH(1)), count=3),
            "interGroupSpacing": 12,
            "orthogonalScrollingBehavior": "groupPagingCentered",
            "orthogonalScrollingProperties": {
                "snapUnit": "group", "alignment": 0.5,
                "scrollPadding": {"leading": 8, "trailing": 8}, "containment": "keepSnaps",
                "insufficientContentAlignment": "center", "decelerationRate": 0.99,
                "directionalGuard": True, "positionalThreshold": 0.3, "algorithm": "standard",
                "rounding": "round", "decayLanding": {"minimumRate": 0.99, "maximumRate": 0.999},
                "pageLength": 300},
            "visibleItemEffects": {"scale": {"center": 1, "edge": 0.8},
                                   "alpha": {"center": 1, "edge": 0.5},
                                   "zIndex": {"center": 10, "edge": 0}, "distance": 1},
        },
    ],
}
S0 = "/sections/0"
G0 = S0 + "/group"
ITEM0 = G0 + "/subitems/0"
BADGE = ITEM0 + "/supplementaryItems/0"
HEADER = S0 + "/boundarySupplementaryItems/0"
S1 = "/sections/1"
ORTHO = S1 + "/orthogonalScrollingProperties"
SCROLL = "/configuration/scrolling"


# ---- the case list ----------------------------------------------------------------------------

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


# ---- top level: empty input, whitespace, lone values ------------------------------------------

category = "toplevel"
truncated("empty", b"", note="no bytes at all (length 0)")
truncated("space", b" ")
truncated("spaces-newlines", b"  \n\n   \n")
truncated("tabs-crlf", b"\t\r\n\t\r\n")
truncated("comment-only-block", b"/* nothing */")
truncated("comment-only-line", b"// nothing\n")
syntax_error("nul-only", b"\x00", 0, note="a NUL byte where the text should start")
syntax_error("nuls", b"\x00" * 64, 0)
syntax_error("formfeed", b"\x0c{\"sections\": []}", 0, note="json-c's whitespace is space, tab, CR, LF")
syntax_error("vertical-tab", b"\x0b{\"sections\": []}", 0)
syntax_error("nbsp", "\u00a0{\"sections\": []}", 0, note="U+00A0 is not JSON whitespace")
for text, found in [("null", "null"), ("true", "a boolean"), ("false", "a boolean"),
                    ("0", "a number"), ("-0", "a number"), ("12", "a number"),
                    ("1.5e3", "a number"), ('""', "a string"), ('"sections"', "a string"),
                    ("[]", "an array"), ("[{}]", "an array"), ('[{"sections": []}]', "an array")]:
    slug = {'""': "empty-string", '"sections"': "string", "[]": "empty-array", "-0": "minus-0",
            "[{}]": "array-of-object", '[{"sections": []}]': "array-of-config"}.get(text, text)
    config_error("lone-" + slug.replace(".", "_"), text, "-", f"expected an object, found {found}")
config_error("lone-number-newline", "7\n", "-", "expected an object, found a number")
config_error("empty-object", "{}", "-", "missing required key 'sections'")
config_error("empty-object-spaced", " \n { } \n ", "-", "missing required key 'sections'")
ok("minimal", '{"sections": []}')
ok("minimal-padded", ' \t\r\n{"sections": []} \t\r\n')
ok("minimal-crlf", '{\r\n  "sections": [\r\n  ]\r\n}\r\n')
syntax_error("two-documents", '{"sections": []}{"sections": []}', 16,
             "unexpected text after the end of the JSON value")
syntax_error("document-then-word", '{"sections": []} end', 17, "unexpected text after the end")
syntax_error("document-then-nul", b'{"sections": []}\x00', 16, "unexpected text after the end",
             note="a NUL byte counted in the length: the host passed the terminator")
syntax_error("document-then-nul-text", b'{"sections": []}\x00garbage', 16,
             "unexpected text after the end")
syntax_error("lone-values", "1 2", 2, "unexpected text after the end")


# ---- malformed JSON: every kind of syntax error -----------------------------------------------

category = "syntax"


def at(text, marker, nth=0):
    """The offset of the `nth` occurrence of `marker` in `text` (bytes or str)."""
    data = to_bytes(text)
    m = to_bytes(marker)
    offset = -1
    for _ in range(nth + 1):
        offset = data.index(m, offset + 1)
    return offset


def bad(name, text, marker, message="-", nth=0, note=""):
    """A syntax error at the first byte of `marker` (its `nth` occurrence)."""
    syntax_error(name, text, at(text, marker, nth), message, note=note)


bad("missing-colon", '{\n  "sections" []\n}', "[", "':' expected")
bad("double-colon", '{"sections":: []}', ":", "unexpected character", nth=1)
bad("missing-comma-members", '{"version": 1 "sections": []}', '"sections"',
    "object value separator ',' expected")
bad("missing-comma-values", '{"sections": [{"itemCount": 1} {"itemCount": 2}]}', '{"itemCount": 2',
    "array value separator ',' expected")
bad("leading-comma-object", '{, "sections": []}', ",", "quoted object property name expected")
bad("leading-comma-array", '{"sections": [, {}]}', ",")
bad("double-comma-array", '{"sections": [{}, , {}]}', ",", nth=1)
bad("double-comma-object", '{"version": 1,, "sections": []}', ",", nth=1)
bad("lone-comma-array", '{"sections": [,]}', ",")
bad("unquoted-key", '{sections: []}', "s", "quoted object property name expected")
bad("number-key", '{1: []}', "1", "quoted object property name expected")
bad("null-key", '{null: []}', "n", "quoted object property name expected")
bad("array-as-key", '{[]: 1}', "[", "quoted object property name expected")
bad("key-without-value", '{"sections"}', "}", "':' expected")
bad("key-colon-no-value", '{"sections": }', "}", "unexpected character")
bad("bracket-mismatch-1", '{"sections": [}', "}", "unexpected character")
bad("bracket-mismatch-2", '{"sections": []]', "]", "object value separator ',' expected", nth=1)
bad("bracket-mismatch-3", '[{"sections": []]', "]", nth=1)
bad("extra-close-brace", '{"sections": []}}', "}", "unexpected text after the end", nth=1)
bad("extra-close-bracket", '{"sections": []}]', "]", "unexpected text after the end", nth=1)
bad("lone-close-brace", "}", "}", "unexpected character")
bad("lone-close-bracket", "]", "]", "unexpected character")
bad("lone-colon", ":", ":", "unexpected character")
bad("lone-comma", ",", ",", "unexpected character")
bad("hash-comment", '{"sections": [] # comment\n}', "#", "object value separator ',' expected")
bad("slash-not-comment", '{"sections": [] / }', " }", "expected comment", note="'/' must start // or /*")
bad("literal-tru", '{"sections": [], "version": tru}', "}", "boolean expected")
bad("literal-nul", '{"sections": nul}', "}", "null expected")
bad("literal-fals", '{"sections": [fals]}', "]", "boolean expected")
bad("literal-undefined", '{"sections": undefined}', "u", "unexpected character")
bad("literal-none", '{"sections": None}', "one", "null expected",
    note="json-c reads 'N' as the start of NaN or null")
bad("literal-truth", '{"sections": [], "version": truth}', "th}", "boolean expected",
    note="t-r-u-t: the fourth letter is not the 'e' of true")
bad("literal-true-then-letter", '{"sections": [], "version": truex}', "x}", "object value separator ',' expected")
bad("number-minus-only", '{"sections": -}', "}", "number expected")
bad("number-double-minus", '{"sections": --1}', "-", "number expected", nth=1)
bad("number-plus", '{"sections": [], "version": +1}', "+", "unexpected character")
bad("number-leading-dot", '{"sections": [], "version": .5}', ".", "unexpected character")
bad("number-two-dots", '{"sections": [], "version": 1.2.3}', ".", "number expected", nth=1)
bad("number-two-exponents", '{"sections": [], "version": 1e5e5}', "e5}", "number expected")
bad("number-hex", '{"sections": [], "version": 0x10}', "x", "number expected")
bad("number-underscore", '{"sections": [], "version": 1_000}', "_", "number expected")
bad("number-unicode-minus", '{"sections": [], "version": \u22121}', "\u2212", "malformed JSON",
    note="json-c calls any non-ASCII byte outside a string invalid UTF-8")
truncated("string-unterminated-key", '{"sections": [], "version: 1}')
truncated("string-unterminated-value", '{"sections": [], "k": "abc}')
bad("string-bad-escape", '{"sections": [], "k\\q": 1}', "q", "invalid string sequence")
bad("string-bad-unicode-escape", '{"sections": [], "\\uZZZZ": 1}', "Z", "invalid string sequence")
bad("string-short-unicode-escape", '{"sections": [], "k": "\\u12"}', '"}', "invalid string sequence")
bad("string-empty-unicode-escape", '{"sections": [], "k": "\\u"}', '"}', "invalid string sequence")
truncated("string-escaped-quote-runs-on", '{"sections": [], "k": "\\"}')
bad("nul-between-tokens", b'{"sections":\x00 []}', b"\x00", "unexpected end of data")
bad("nul-before-document", b'\x00{"sections": []}', b"\x00")
# A raw NUL inside a string: the column must be the NUL's, as it is outside strings.
for name, text in [("nul-in-key", b'{"sections": [], "a\x00b": 1}'),
                   ("nul-in-value", b'{"sections": [], "k": "a\x00b"}'),
                   ("nul-in-element-kind", b'{"sections": [{"itemCount": 1, "group": ' + emit(row())
                    + b', "decorationItems": [{"elementKind": "bg\x00x"}]}]}')]:
    syntax_error(name, text, at(text, b"\x00"), "malformed JSON",
                 note="reported one column past the NUL before 2026-11-21")
bad("control-del", b'{"sections": \x7f[]}', b"\x7f", "unexpected character")
bad("utf16le", '{"sections": []}'.encode("utf-16-le"), b"\x00", "unexpected end of data",
    note="UTF-16 text: the second byte is NUL")
bad("utf16be", '{"sections": []}'.encode("utf-16-be"), b"\x00")
bad("utf32le", '{"sections": []}'.encode("utf-32-le"), b"\x00")
bad("json-in-string-quotes", '"{\\"sections\\": []}" x', "x", "unexpected text after the end")
bad("javascript-assignment", 'config = {"sections": []}', "c", "unexpected character")
bad("trailing-comma-then-close-bracket", '{"sections": [{}, ]]}', "]", nth=1)


# ---- truncated documents: a valid configuration cut at many points ----------------------------

category = "truncated"
# Comments here follow separators only (see known-bug cuts below for comments after values).
TRUNCATE = (
    '// A small layout\n'
    '{\n'
    '  "version": 1,\n'
    '  "environment": {"container": {"width": 390.5, "height": 8.44e2}, "displayScale": 3},\n'
    '  /* the sections */ "sections": [\n'
    '    {"itemCount": 12,\n'
    '     "group": {"group": "horizontal",\n'
    '       "layoutSize": {"widthDimension": {"fractionalWidth": 1.0},'
    ' "heightDimension": {"absolute": 44}},\n'
    '       "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.5},'
    ' "heightDimension": {"fractionalHeight": 1}}}]},\n'
    "     'decorationItems': [{\"elementKind\": \"caf\\u00e9 \\\"bg\\\"\", \"zIndex\": -1}],\n"
    '     "supplementariesFollowContentInsets": false}\n'
    '  ]\n'
    '}\n'
).encode("utf-8")
ok("whole", TRUNCATE, note="the document every truncated case is cut from")
ok("whole-without-newline", TRUNCATE[:-1])
cuts = set(range(1, len(TRUNCATE) - 2, 17))
# Cuts at interesting places: inside a key, after a key, after ':', inside numbers, exponents,
# literals, escapes and single quotes, after ',' and inside a separator comment.
for marker, delta in [('"vers', 0), ('"version"', 5), ('"version"', 9), ('"version":', 10),
                      ("390.5", 4), ("390.5", 3), ("8.44e2", 5), ("8.44e2", 4), ("8.44e2", 2),
                      ("/* the", 1), ("/* the", 7), ("the sections */", 14),
                      ("false", 3), ("false", 5), ("\\u00e9", 1), ("\\u00e9", 4), ('\\"bg', 1),
                      ("'decorationItems'", 3), ("'decorationItems'", 17), ("-1", 1),
                      ("1.0}", 2), ("}]}", 1), ("}]}", 2), ("  ]\n}", 3), ("  ]\n}", 4)]:
    cuts.add(at(TRUNCATE, marker) + delta)
for cut in sorted(cuts):
    assert 0 < cut < len(TRUNCATE) - 1
    truncated(f"at-{cut:04d}", TRUNCATE[:cut])

# A text that ends inside a comment following a value. Correct: SL_EPARSE where the text ends.
COMMENTED = (
    '{"version": 1 /* format */,\n'
    ' "environment": {"container": {"width": 390, "height": 844} // the phone\n'
    ' },\n'
    ' "sections": [{"itemCount": 3, "group": {"group": "horizontal" /* axis */,\n'
    '   "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}},\n'
    '   "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.5},'
    ' "heightDimension": {"fractionalHeight": 1}}} /* one item */]}}\n'
    ' ] /* end */\n'
    '}\n'
).encode("utf-8")
ok("commented-whole", COMMENTED)
for name, marker, delta in [("number", "1 /* format", 4), ("number-star", "1 /* format", 12),
                            ("object-line", "// the phone", 5), ("object-slashes", "// the phone", 2),
                            ("string", "/* axis", 4), ("object-in-array", "/* one", 5),
                            ("array", "/* end", 4)]:
    cut = at(COMMENTED, marker) + delta
    truncated(f"in-comment-after-{name}", COMMENTED[:cut],
              note="read as the value before the comment (json-c took a NUL for the end) before 2026-11-21")
# A lone '/' after a value is not a comment yet: refused as it should be.
truncated("slash-after-number", COMMENTED[:at(COMMENTED, "1 /* format") + 3])
truncated("slash-after-object", COMMENTED[:at(COMMENTED, "// the phone") + 1])
# The same after a complete document: an unterminated block comment is still malformed.
syntax_error("unterminated-comment-after-document", b'{"sections": []} /* tail', 24,
             "the text ends before the JSON value is complete")
ok("line-comment-at-end-of-text", b'{"sections": []} // tail',
   note="a // comment may end with the text")


# ---- wrong types at every level ---------------------------------------------------------------

category = "type"
WRONG = [("string", Raw('"44"')), ("boolean", Raw("true")), ("null", Raw("null")),
         ("array", Raw("[]")), ("object", Raw("{}")), ("number", Raw("1"))]
# (pointer into RICH, what the library expects there, as its message says it)
TYPE_SITES = [
    ("", "an object"), ("/version", "an integer"), ("/configuration", "an object"),
    ("/configuration/scrollDirection", "a string"),
    ("/configuration/interSectionSpacing", "a number"),
    ("/configuration/boundarySupplementaryItems", "an array"),
    ("/configuration/boundarySupplementaryItems/0", "an object"),
    ("/configuration/boundarySupplementaryItems/0/elementKind", "a string"),
    (SCROLL, "an object"), (SCROLL + "/snapUnit", "a string"),
    (SCROLL + "/maxPagesPerGesture", "an integer"), (SCROLL + "/contentInset", "an object"),
    (SCROLL + "/contentInset/top", "a number"), (SCROLL + "/velocityThresholds", "an object"),
    (SCROLL + "/velocityThresholds/fling", "a number"), (SCROLL + "/spring", "an object"),
    (SCROLL + "/spring/response", "a number"), (SCROLL + "/bounce", "a string"),
    ("/environment", "an object"), ("/environment/container", "an object"),
    ("/environment/container/width", "a number"), ("/environment/contentInsets", "an object"),
    ("/environment/contentInsets/bottom", "a number"),
    ("/environment/layoutDirection", "a string"), ("/environment/displayScale", "a number"),
    ("/sections", "an array"), (S0, "an object"), (S0 + "/itemCount", "an integer"),
    (G0, "an object"), (G0 + "/group", "a string"), (G0 + "/layoutSize", "an object"),
    (G0 + "/layoutSize/widthDimension", "an object"),
    (G0 + "/layoutSize/heightDimension/absolute", "a number"), (G0 + "/subitems", "an array"),
    (ITEM0, "an object"), (ITEM0 + "/layoutSize/widthDimension/fractionalWidth", "a number"),
    (ITEM0 + "/contentInsets", "an object"), (ITEM0 + "/contentInsets/leading", "a number"),
    (ITEM0 + "/edgeSpacing", "an object"), (ITEM0 + "/edgeSpacing/leading", "an object"),
    (ITEM0 + "/edgeSpacing/leading/flexible", "a number"),
    (ITEM0 + "/supplementaryItems", "an array"), (BADGE, "an object"),
    (BADGE + "/elementKind", "a string"), (BADGE + "/containerAnchor", "an object"),
    (BADGE + "/containerAnchor/edges", "an array"),
    (BADGE + "/containerAnchor/edges/1", "a string"),
    (BADGE + "/containerAnchor/offset", "an object"),
    (BADGE + "/containerAnchor/offset/y", "a number"),
    (BADGE + "/itemAnchor/fractionalOffset/x", "a number"), (BADGE + "/zIndex", "an integer"),
    (G0 + "/subitems/1", "an object"), (G0 + "/subitems/1/subitem", "an object"),
    (G0 + "/subitems/1/count", "an integer"), (G0 + "/subitems/1/interItemSpacing", "an object"),
    (G0 + "/interItemSpacing/fixed", "a number"), (G0 + "/contentInsets", "an object"),
    (G0 + "/edgeSpacing/top", "an object"), (S0 + "/contentInsets", "an object"),
    (S0 + "/interGroupSpacing", "a number"), (S0 + "/orthogonalScrollingBehavior", "a string"),
    (S0 + "/boundarySupplementaryItems", "an array"), (HEADER, "an object"),
    (HEADER + "/alignment", "a string"), (HEADER + "/layoutSize", "an object"),
    (HEADER + "/offset", "an object"), (HEADER + "/offset/x", "a number"),
    (HEADER + "/extendsBoundary", "true or false"), (HEADER + "/pinToVisibleBounds", "true or false"),
    (HEADER + "/zIndex", "an integer"), (HEADER + "/contentInsets/trailing", "a number"),
    (S0 + "/decorationItems", "an array"), (S0 + "/decorationItems/0", "an object"),
    (S0 + "/decorationItems/0/elementKind", "a string"),
    (S0 + "/decorationItems/0/contentInsets", "an object"),
    (S0 + "/decorationItems/0/zIndex", "an integer"),
    (S0 + "/supplementariesFollowContentInsets", "true or false"),
    (S1 + "/group/repeatingSubitem", "an object"), (S1 + "/group/count", "an integer"),
    (ORTHO, "an object"), (ORTHO + "/snapUnit", "a string"), (ORTHO + "/scrollPadding", "an object"),
    (ORTHO + "/containment", "a string"), (ORTHO + "/directionalGuard", "true or false"),
    (ORTHO + "/positionalThreshold", "a number"), (ORTHO + "/algorithm", "a string"),
    (ORTHO + "/rounding", "a string"), (ORTHO + "/decayLanding", "an object"),
    (ORTHO + "/decayLanding/minimumRate", "a number"), (ORTHO + "/pageLength", "a number"),
    (S1 + "/visibleItemEffects", "an object"), (S1 + "/visibleItemEffects/scale", "an object"),
    (S1 + "/visibleItemEffects/alpha/edge", "a number"),
    (S1 + "/visibleItemEffects/zIndex/center", "an integer"),
    (S1 + "/visibleItemEffects/distance", "a number"),
]
ok("rich", RICH, note="the base of the wrong-type cases: every key, valid")
for index, (pointer, expected) in enumerate(TYPE_SITES):
    wanted = {"an object": "object", "an array": "array", "a number": "number",
              "an integer": "number", "a string": "string", "true or false": "boolean"}[expected]
    candidates = [w for w in WRONG if w[0] != wanted]
    # One wrong value per site, rotating through the kinds so that each appears at every level.
    found, value = candidates[index % len(candidates)]
    slug = (pointer.strip("/").replace("/", "-") or "root") + "-" + found
    config_error(slug, replaced(RICH, pointer, value), pointer,
                 f"expected {expected}, found {TYPE_NAMES[found]}")
# Integers written as other numbers.
for pointer in [S0 + "/itemCount", "/version", BADGE + "/zIndex", G0 + "/subitems/1/count",
                SCROLL + "/maxPagesPerGesture"]:
    slug = pointer.strip("/").replace("/", "-")
    config_error(slug + "-fraction", replaced(RICH, pointer, Raw("2.5")), pointer,
                 "expected an integer, found 2.5")
    config_error(slug + "-exponent", replaced(RICH, pointer, Raw("1e0")), pointer,
                 "expected an integer, found 1.0")
# A value that may be a string or a number is neither.
config_error("scrolling-alignment-boolean", replaced(RICH, SCROLL + "/alignment", True),
             SCROLL + "/alignment", "expected a number, found a boolean")
config_error("scrolling-decelerationRate-array", replaced(RICH, SCROLL + "/decelerationRate", []),
             SCROLL + "/decelerationRate", "expected a number, found an array")
# Flow layouts.
for pointer, expected, value, found in [
        ("/flowLayout", "an object", [], "an array"),
        ("/flowLayout/itemSize", "an object", "100x100", "a string"),
        ("/flowLayout/itemSize/width", "a number", "100", "a string"),
        ("/flowLayout/sectionInset", "an object", 8, "a number"),
        ("/flowLayout/minimumLineSpacing", "a number", None, "null"),
        ("/flowLayout/sectionHeadersPinToVisibleBounds", "true or false", "yes", "a string"),
        ("/flowLayout/scrollDirection", "a string", False, "a boolean"),
        ("/sections/0/itemSizes", "an array", {}, "an object")]:
    slug = "flow-" + pointer.strip("/").replace("/", "-")
    config_error(slug, replaced(FLOW, pointer, value), pointer, f"expected {expected}, found {found}")


# ---- NaN and infinities: every spelling json-c's tokener has --------------------------------

category = "nonfinite"
ABSOLUTE = G0 + "/layoutSize/heightDimension/absolute"
# json-c (non-strict) reads NaN and Infinity case-insensitively, with an optional '-' before
# Infinity only; out-of-range exponents overflow to an infinity.
ACCEPTED = [("NaN", "nan"), ("nan", "nan"), ("NAN", "nan"), ("nAn", "nan"),
            ("Infinity", "inf"), ("infinity", "inf"), ("INFINITY", "inf"), ("iNfInItY", "inf"),
            ("-Infinity", "-inf"), ("-infinity", "-inf"), ("-INFINITY", "-inf"),
            ("1e999", "inf"), ("-1e999", "-inf"), ("1E400", "inf"), ("1e+999", "inf"),
            ("2e308", "inf"), ("1.7976931348623159e308", "inf"),
            ("-1.7976931348623159e308", "-inf"), ("1" * 400 + ".0", "inf"),
            ("0.1e310", "inf")]
for spelling, value in ACCEPTED:
    slug = spelling if len(spelling) < 30 else "400-digits"
    slug = slug.replace("+", "plus").replace(".", "_")
    config_error("absolute-" + slug, replaced(BASE, ABSOLUTE, Raw(spelling)), ABSOLUTE, f"expected a finite number, found {value}")
# Spellings json-c does not read: a syntax error at the first byte no spelling continues with.
REFUSED = [("-NaN", 1, "number expected"), ("+NaN", 0, "unexpected character"),
           ("+Infinity", 0, "unexpected character"), ("inf", 3, "-"), ("Inf", 3, "-"),
           ("INF", 3, "-"), ("-inf", 4, "-"), ("Infinit", 7, "-"), ("NaNa", 3, "-"),
           ("Infinityy", 8, "-"), ("nan(1)", 3, "-"), ("Na", 2, "-"), ("\u221e", 0, "-")]
for spelling, offset, message in REFUSED:
    text = emit(replaced(BASE, ABSOLUTE, Raw(spelling)))
    start = text.index(spelling.encode("utf-8"))
    slug = {"\u221e": "infinity-sign", "nan(1)": "nan-payload"}.get(spelling, spelling)
    syntax_error("refused-" + slug.replace("+", "plus"), text, start + offset, message)
# Where every kind of number is read: lengths, fractions, estimates, offsets, integers.
SITES = [
    (ITEM0 + "/layoutSize/widthDimension/fractionalWidth", "NaN", "a finite number, found nan"),
    (ITEM0 + "/layoutSize/heightDimension/fractionalHeight", "-Infinity", "a finite number, found -inf"),
    ("/configuration/boundarySupplementaryItems/0/layoutSize/heightDimension/estimated", "Infinity",
     "a finite number, found inf"),
    ("/environment/container/width", "NaN", "a finite number, found nan"),
    ("/environment/container/height", "1e999", "a finite number, found inf"),
    ("/environment/displayScale", "nan", "a finite number, found nan"),
    ("/environment/contentInsets/top", "INFINITY", "a finite number, found inf"),
    (BADGE + "/containerAnchor/offset/x", "-Infinity", "a finite number, found -inf"),
    (BADGE + "/itemAnchor/fractionalOffset/y", "NaN", "a finite number, found nan"),
    (HEADER + "/offset/y", "-1e999", "a finite number, found -inf"),
    (ITEM0 + "/edgeSpacing/leading/flexible", "Infinity", "a finite number, found inf"),
    (G0 + "/interItemSpacing/fixed", "NaN", "a finite number, found nan"),
    (S0 + "/interGroupSpacing", "Infinity", "a finite number, found inf"),
    ("/configuration/interSectionSpacing", "NaN", "a finite number, found nan"),
    (S0 + "/itemCount", "NaN", "an integer, found nan"),
    (S0 + "/itemCount", "Infinity", "an integer, found inf"),
    (G0 + "/subitems/1/count", "-Infinity", "an integer, found -inf"),
    (BADGE + "/zIndex", "NaN", "an integer, found nan"),
    ("/version", "Infinity", "an integer, found inf"),
    (SCROLL + "/alignment", "NaN", "a finite number, found nan"),
    (SCROLL + "/decelerationRate", "NaN", "a finite number, found nan"),
    (SCROLL + "/velocityThresholds/free", "Infinity", "a finite number, found inf"),
    (SCROLL + "/spring/dampingRatio", "NaN", "a finite number, found nan"),
    (ORTHO + "/pageLength", "Infinity", "a finite number, found inf"),
    (ORTHO + "/positionalThreshold", "NaN", "a finite number, found nan"),
    (ORTHO + "/decayLanding/maximumRate", "1e400", "a finite number, found inf"),
    (S1 + "/visibleItemEffects/scale/center", "Infinity", "a finite number, found inf"),
    (S1 + "/visibleItemEffects/distance", "NaN", "a finite number, found nan"),
    (S1 + "/visibleItemEffects/zIndex/edge", "-Infinity", "an integer, found -inf"),
]
for pointer, spelling, message in SITES:
    slug = pointer.strip("/").replace("/", "-") + "-" + spelling.replace("-", "minus-")
    config_error(slug, replaced(RICH, pointer, Raw(spelling)), pointer, "expected " + message)
config_error("edges-entry", replaced(RICH, BADGE + "/containerAnchor/edges/0", Raw("NaN")),
             BADGE + "/containerAnchor/edges/0", "expected a string, found a number")
config_error("section-entry", replaced(BASE, "/sections/0", Raw("NaN")), S0,
             "expected an object, found a number")
config_error("flow-itemSize-width", replaced(FLOW, "/flowLayout/itemSize/width", Raw("Infinity")),
             "/flowLayout/itemSize/width", "expected a finite number, found inf")
config_error("flow-minimumLineSpacing", replaced(FLOW, "/flowLayout/minimumLineSpacing",
                                                  Raw("-Infinity")),
             "/flowLayout/minimumLineSpacing", "expected a finite number, found -inf")
config_error("document-nan", "NaN", "-", "expected an object, found a number")
config_error("document-minus-infinity", "-Infinity\n", "-", "expected an object, found a number")


# ---- huge, negative, tiny numbers: every range boundary ---------------------------------------

category = "number"
# Lengths, insets and spacings are in [0, 1e12] (docs/CONFIG.md).
SPACING = S0 + "/interGroupSpacing"
SPACED = replaced(BASE, SPACING, 10)
for spelling, good in [("0", True), ("-0", True), ("-0.0", True), ("0e-5", True),
                       ("5e-324", True), ("2.2250738585072014e-308", True), ("1e-400", True),
                       ("1000000000000", True), ("1e12", True), ("999999999999.9999", True),
                       ("1000000000000.0002", False), ("1000000000001", False), ("1e13", False),
                       ("1e308", False), ("1.7976931348623157e308", False),
                       ("9223372036854775807", False), ("9223372036854775808", False),
                       ("18446744073709551615", False), ("18446744073709551616", False),
                       ("-1", False), ("-5e-324", False), ("-1e12", False),
                       ("-9223372036854775808", False), ("-1e308", False)]:
    slug = "spacing-" + spelling.replace("-", "minus").replace(".", "_").replace("+", "plus")
    document = replaced(SPACED, SPACING, Raw(spelling))
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, SPACING, "is out of range: a length must be between 0 and")
# The same range everywhere a length is read.
for pointer in [G0 + "/contentInsets/leading", HEADER + "/contentInsets/top",
                S0 + "/decorationItems/0/contentInsets/bottom", "/environment/contentInsets/trailing",
                SCROLL + "/contentInset/top", ORTHO + "/scrollPadding/leading",
                ITEM0 + "/edgeSpacing/leading/flexible", G0 + "/edgeSpacing/top/fixed",
                G0 + "/layoutSize/heightDimension/absolute"]:
    slug = pointer.strip("/").replace("/", "-")
    config_error(slug + "-negative", replaced(RICH, pointer, -1), pointer, "-1.0 is out of range")
    config_error(slug + "-huge", replaced(RICH, pointer, Raw("1e300")), pointer, "1e+300 is out of range")
# Offsets are in [-1e12, 1e12].
OFFSET = HEADER + "/offset/x"
ok("offset-max", replaced(RICH, OFFSET, 10**12))
ok("offset-min", replaced(RICH, OFFSET, -10**12))
config_error("offset-over", replaced(RICH, OFFSET, Raw("1.0000000000001e12")), OFFSET,
             "an offset must be between")
config_error("offset-under", replaced(RICH, OFFSET, Raw("-1e13")), OFFSET, "is out of range")
config_error("badge-offset-under", replaced(RICH, BADGE + "/containerAnchor/offset/y",
                                            Raw("-9223372036854775808")),
             BADGE + "/containerAnchor/offset/y", "is out of range")
# Fractions: of the same axis in (0, 1], of the other axis in (0, 100].
FRACTION = ITEM0 + "/layoutSize/widthDimension/fractionalWidth"
for spelling, good in [("1", True), ("1.0", True), ("0.5", True), ("1e-3", True),
                       ("0", False), ("-0", False), ("-0.5", False),
                       ("1.0000000000000002", False), ("2", False), ("1e300", False)]:
    slug = "fraction-" + spelling.replace("-", "minus").replace(".", "_")
    document = replaced(BASE, FRACTION, Raw(spelling))
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, FRACTION, "a fraction of the same axis must be greater than 0 and at most 1")
CROSS = S1 + "/group/layoutSize/heightDimension/fractionalWidth"
ok("cross-fraction-100", replaced(RICH, CROSS, 100))
config_error("cross-fraction-over", replaced(RICH, CROSS, Raw("100.00000000000003")), CROSS,
             "a fraction of the other axis must be greater than 0 and at most 100")
config_error("cross-fraction-zero", replaced(RICH, CROSS, 0), CROSS, "is out of range")
# Estimates in (0, 1e12].
ESTIMATE = "/configuration/boundarySupplementaryItems/0/layoutSize/heightDimension/estimated"
ok("estimate-max", replaced(RICH, ESTIMATE, 10**12))
config_error("estimate-zero", replaced(RICH, ESTIMATE, 0), ESTIMATE,
             "an estimate must be greater than 0")
config_error("estimate-over", replaced(RICH, ESTIMATE, 10**12 + 1), ESTIMATE, "is out of range")
# Integers: itemCount in 0 ... 2^63 - 1, count 1 ... 10,000, zIndex int32, version 1.
ITEMS = S0 + "/itemCount"
for spelling, good, message in [
        ("0", True, ""), ("-0", True, ""), ("9223372036854775807", True, ""),
        ("9223372036854775808", False, "the integer does not fit in 64 bits"),
        ("18446744073709551615", False, "does not fit in 64 bits"),
        ("18446744073709551616", False, "does not fit in 64 bits"),
        ("123456789012345678901234567890", False, "does not fit in 64 bits"),
        ("-1", False, "-1 is out of range: itemCount must be an integer from 0 to 9223372036854775807"),
        ("-9223372036854775808", False, "is out of range"),
        ("9223372036854775807.0", False, "expected an integer"),
        ("1e3", False, "expected an integer, found 1000.0")]:
    slug = "itemCount-" + spelling.replace("-", "minus").replace(".", "_")[:24]
    document = replaced(BASE, ITEMS, Raw(spelling))
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, ITEMS, message)
config_error("spacing-400-digit-integer", replaced(SPACED, SPACING, Raw("1" * 400)), SPACING,
             "1.8446744073709552e+19 is out of range",
             note="json-c saturates an integer beyond 64 bits to 2^64 - 1, not to infinity")
config_error("itemCount-below-int64", replaced(BASE, ITEMS, Raw("-9223372036854775809")), ITEMS,
             "is out of range: itemCount",
             note="json-c saturates it to -2^63; the message names that value")
COUNT = G0 + "/count"
COUNTED = replaced(BASE, G0, group("horizontal", FW(1), ABS(44), subitem=item(), count=3))
for spelling, good in [("1", True), ("10000", True), ("0", False), ("-1", False),
                       ("10001", False), ("4294967297", False), ("9223372036854775808", False)]:
    document = replaced(COUNTED, COUNT, Raw(spelling))
    slug = "count-" + spelling.replace("-", "minus")
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, COUNT, "count must be an integer from 1 to 10000")
ZINDEX = S0 + "/decorationItems/0/zIndex"
LAYERED = replaced(BASE, S0 + "/decorationItems", [{"elementKind": "bg", "zIndex": 0}])
for spelling, good in [("2147483647", True), ("-2147483648", True), ("0", True),
                       ("2147483648", False), ("-2147483649", False), ("4294967296", False),
                       ("9223372036854775807", False)]:
    document = replaced(LAYERED, ZINDEX, Raw(spelling))
    slug = "zIndex-" + spelling.replace("-", "minus")
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, ZINDEX, "zIndex must fit in a 32-bit signed integer")
for spelling, message in [("0", "unsupported configuration version 0"),
                          ("2", "unsupported configuration version 2"),
                          ("-1", "unsupported configuration version -1"),
                          ("1.0", "expected an integer, found 1.0"),
                          ("18446744073709551616", "does not fit in 64 bits")]:
    config_error("version-" + spelling.replace("-", "minus").replace(".", "_"),
                 replaced(BASE, "/version", Raw(spelling)), "/version", message)
# The container: both > 0 (the library's floor is 1e-9) and at most 1e12.
WIDTH = "/environment/container/width"
CONTAINED = replaced(BASE, "/environment", {"container": {"width": 390, "height": 844}})
for spelling, good in [("1e12", True), ("0.5", True), ("0", False), ("-0", False),
                       ("-390", False), ("1e-10", False), ("1.0000000001e12", False)]:
    document = replaced(CONTAINED, WIDTH, Raw(spelling))
    slug = "container-width-" + spelling.replace("-", "minus").replace(".", "_")
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, WIDTH, "the container width must be greater than 0")
# displayScale in [0, 16].
SCALE = "/environment/displayScale"
for spelling, good in [("0", True), ("-0", True), ("16", True), ("1", True), ("2.5", True),
                       ("16.000000000000004", False), ("-1", False), ("1e6", False)]:
    document = replaced(CONTAINED, SCALE, Raw(spelling))
    slug = "displayScale-" + spelling.replace("-", "minus").replace(".", "_")
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, SCALE, "displayScale must be between 0 (exact) and 16")
# Scrolling settings. The library's bounds are a little inside the open intervals the
# documentation gives (e.g. pageLength >= 1e-6, mass >= 1e-6): these cases pin the library's.
for pointer, spelling, good, message in [
        (ORTHO + "/pageLength", "1e-6", True, ""),
        (ORTHO + "/pageLength", "0", False, "a page length must be greater than 0"),
        (ORTHO + "/pageLength", "1e-7", False, "a page length must be greater than 0"),
        (ORTHO + "/pageLength", "1e12", True, ""),
        (SCROLL + "/maxPagesPerGesture", "0", True, ""),
        (SCROLL + "/maxPagesPerGesture", "1000000", True, ""),
        (SCROLL + "/maxPagesPerGesture", "1000001", False, "maxPagesPerGesture is 0 (unlimited) or a count up to 1000000"),
        (SCROLL + "/maxPagesPerGesture", "-1", False, "is out of range"),
        (SCROLL + "/velocityThresholds/fling", "1e7", True, ""),
        (SCROLL + "/velocityThresholds/fling", "10000000.000000002", False, "a velocity threshold is between 0 and 10000000 pt/s"),
        (SCROLL + "/velocityThresholds/free", "-1", False, "is out of range"),
        (SCROLL + "/decelerationRate", "0.5", True, ""),
        (SCROLL + "/decelerationRate", "0", False, "between 0 and 1 exclusive"),
        (SCROLL + "/decelerationRate", "1", False, "between 0 and 1 exclusive"),
        (SCROLL + "/decelerationRate", "-0.5", False, "is out of range"),
        (SCROLL + "/alignment", "1", True, ""),
        (SCROLL + "/alignment", "-0", True, ""),
        (SCROLL + "/alignment", "1.5", False, "an alignment is \"start\", \"center\", \"end\" or a fraction from 0 to 1"),
        (ORTHO + "/positionalThreshold", "0", False, "positionalThreshold is a fraction of a page between 0 and 1"),
        (ORTHO + "/positionalThreshold", "1", False, "is out of range"),
        (SCROLL + "/spring/dampingRatio", "0.01", True, ""),
        (SCROLL + "/spring/dampingRatio", "100", True, ""),
        (SCROLL + "/spring/dampingRatio", "0.0099", False, "dampingRatio is between 0.01 and 100"),
        (SCROLL + "/spring/response", "60.001", False, "response is between 0.001 and 60 seconds"),
        (SCROLL + "/spring/response", "0", False, "response is between 0.001 and 60 seconds"),
        (ORTHO + "/decayLanding/minimumRate", "0", False, "a deceleration rate per millisecond is between 0 and 1, exclusive"),
        (ORTHO + "/decayLanding/maximumRate", "1", False, "is out of range"),
        (ORTHO + "/decayLanding/maximumRate", "0.98", False, "maximumRate must not be below minimumRate"),
        (S1 + "/visibleItemEffects/scale/edge", "100", True, ""),
        (S1 + "/visibleItemEffects/scale/edge", "0", True, ""),
        (S1 + "/visibleItemEffects/scale/edge", "100.5", False, "a scale is between 0 and 100"),
        (S1 + "/visibleItemEffects/alpha/center", "1.0000001", False, "an alpha is between 0 and 1"),
        (S1 + "/visibleItemEffects/alpha/center", "-0.1", False, "an alpha is between 0 and 1"),
        (S1 + "/visibleItemEffects/distance", "1e6", True, ""),
        (S1 + "/visibleItemEffects/distance", "0", False, "distance is a number of group strides greater than 0"),
        (S1 + "/visibleItemEffects/distance", "1e7", False, "is out of range"),
        (S1 + "/visibleItemEffects/zIndex/edge", "2147483648", False, "zIndex must fit in a 32-bit signed integer")]:
    slug = (pointer.split("/")[-2] + "-" + pointer.split("/")[-1] + "-"
            + spelling.replace("-", "minus").replace(".", "_"))
    document = replaced(RICH, pointer, Raw(spelling))
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, pointer, message)
PHYSICAL = replaced(RICH, SCROLL + "/spring", {"mass": 1, "stiffness": 100, "damping": 20})
ok("spring-physical", PHYSICAL)
ok("spring-physical-max", replaced(PHYSICAL, SCROLL + "/spring/mass", 10**6))
config_error("spring-mass-over", replaced(PHYSICAL, SCROLL + "/spring/mass", Raw("1000000.5")),
             SCROLL + "/spring/mass", "mass, stiffness and damping are greater than 0 and at most 1000000")
config_error("spring-mass-zero", replaced(PHYSICAL, SCROLL + "/spring/mass", 0),
             SCROLL + "/spring/mass", "is out of range")
config_error("spring-stiffness-tiny", replaced(PHYSICAL, SCROLL + "/spring/stiffness", Raw("5e-324")),
             SCROLL + "/spring/stiffness", "is out of range",
             note="the documentation says (0, 1e6]; the library's floor is 1e-6")
# Flow layouts: item sizes > 0.
config_error("flow-itemSize-zero", replaced(FLOW, "/flowLayout/itemSize/height", 0),
             "/flowLayout/itemSize/height", "an item's height must be greater than 0")
config_error("flow-itemSize-negative", replaced(FLOW, "/flowLayout/itemSize/width", -50),
             "/flowLayout/itemSize/width", "is out of range")
ok("flow-itemSize-max", replaced(FLOW, "/flowLayout/itemSize", {"width": 10**12, "height": 10**12}))
ok("flow-estimatedItemSize-zero", replaced(FLOW, "/flowLayout/estimatedItemSize",
                                           {"width": 0, "height": 0}),
   note="0 x 0 means no estimate (UIKit)")


# ---- huge counts and lists: valid ones are fast, the rest are refused -------------------------

category = "count"
MAXCOUNT = INT64_MAX
ok("items-max-vertical", layout(section(MAXCOUNT)))
ok("items-max-horizontal", layout(section(MAXCOUNT), configuration={"scrollDirection": "horizontal"}))
ok("items-max-spacing", layout(section(MAXCOUNT, group("vertical", FW(1), ABS(10**12),
                                                        subitems=[item()]),
                                       interGroupSpacing=10**12,
                                       contentInsets={"top": 10**12, "bottom": 10**12})),
   note="content height about 1.8e31: large but finite")
ok("items-max-sections", layout(*[section(MAXCOUNT) for _ in range(16)],
                                configuration={"interSectionSpacing": 10**12}))
for behavior in ["continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging",
                 "groupPagingCentered"]:
    ok("items-max-orthogonal-" + behavior,
       layout(section(MAXCOUNT, group("horizontal", FW(0.9), ABS(200), subitems=[item()]),
                      orthogonalScrollingBehavior=behavior, interGroupSpacing=10**12)))
ok("items-max-flow", {"flowLayout": {"itemSize": {"width": 10**12, "height": 10**12},
                                     "minimumLineSpacing": 10**12},
                      "sections": [{"itemCount": MAXCOUNT}]})
ok("items-max-flow-horizontal", {"flowLayout": {"scrollDirection": "horizontal",
                                                "headerReferenceSize": {"width": 10**12, "height": 1},
                                                "sectionHeadersPinToVisibleBounds": True},
                                 "sections": [{"itemCount": MAXCOUNT}]})
ok("items-max-flow-estimated", {"flowLayout": {"estimatedItemSize": {"width": 390, "height": 10**12}},
                                "sections": [{"itemCount": MAXCOUNT}]})
ok("items-max-estimated", layout(section(MAXCOUNT, group("vertical", FW(1), EST(10**12),
                                                         subitems=[item(FW(1), EST(10**12))]))))
ok("items-max-uniform", layout(section(MAXCOUNT, group(
    "horizontal", FW(1), EST(1), subitems=[item(FW(0.5), {"uniformAcrossSiblings": 10**12})]))))
ok("items-max-rich", replaced(replaced(RICH, ITEMS, MAXCOUNT), S1 + "/itemCount", MAXCOUNT),
   note="headers, pinning, badges, a background and a centred carousel")
ok("items-max-effects", layout(section(MAXCOUNT, group("horizontal", FW(0.5), ABS(100), subitems=[item()]),
                                       orthogonalScrollingBehavior="continuous",
                                       visibleItemEffects={"scale": {"center": 100, "edge": 0},
                                                           "alpha": {"center": 0, "edge": 1},
                                                           "zIndex": {"center": 1000000000, "edge": -1000000000},
                                                           "distance": 1e-6})))
ok("items-max-rtl-scale", layout(section(MAXCOUNT, group("horizontal", FW(1), ABS(44.123456789),
                                                         subitems=[item(FW(1 / 3))])),
                                 environment={"layoutDirection": "rightToLeft", "displayScale": 16}))
ok("count-max", layout(section(MAXCOUNT, group("horizontal", FW(1), ABS(44), subitem=item(), count=10000))))
ok("count-nested-46-cubed", layout(section(1000, group(
    "vertical", FW(1), ABS(100), count=46, subitem=group(
        "horizontal", FW(1), FH(1), count=46, subitem=group(
            "vertical", FW(1), FH(1), count=46, subitem=item(ABS(0.001), ABS(0.001))))))),
   note="97,336 cells in one repetition, under the 100,000 limit")
ok("count-nested-over-limit", layout(section(1000, group(
    "vertical", FW(1), ABS(100), count=10000, subitem=group(
        "horizontal", FW(1), FH(1), count=10000, subitem=item(ABS(0.001), ABS(0.001)))))),
   f"solve-error={G0}/subitem/subitem", note="10^8 cells: refused when solving, quickly")
ok("count-nested-four-levels", layout(section(1000, group(
    "vertical", FW(1), ABS(100), count=10000, subitem=group(
        "horizontal", FW(1), FH(1), count=10000, subitem=group(
            "vertical", FW(1), FH(1), count=10000, subitem=group(
                "horizontal", FW(1), FH(1), count=10000, subitem=item(ABS(0.001), ABS(0.001)))))))),
   f"solve-error={G0}/subitem/subitem/subitem/subitem", note="10^16 cells")
# Lists over their limits: refused before their entries are read.
config_error("sections-100001", '{"sections": [' + ",".join(["0"] * 100001) + "]}", "/sections",
             "the array has 100001 entries; the limit is 100000")
config_error("subitems-10001", replaced(BASE, G0 + "/subitems", Raw("[" + ",".join(["0"] * 10001) + "]")),
             G0 + "/subitems", "the array has 10001 entries; the limit is 10000")
config_error("boundary-items-101", replaced(BASE, S0 + "/boundarySupplementaryItems", [0] * 101),
             S0 + "/boundarySupplementaryItems", "the limit is 100")
config_error("layout-boundary-items-101",
             {"configuration": {"boundarySupplementaryItems": [{}] * 101}, "sections": []},
             "/configuration/boundarySupplementaryItems", "the limit is 100")
config_error("decoration-items-101", replaced(BASE, S0 + "/decorationItems", [None] * 101),
             S0 + "/decorationItems", "the limit is 100")
config_error("supplementary-items-101", replaced(BASE, G0 + "/subitems/0/supplementaryItems", [[]] * 101),
             G0 + "/subitems/0/supplementaryItems", "the limit is 100")
config_error("edges-5", replaced(RICH, BADGE + "/containerAnchor/edges", ["top"] * 5),
             BADGE + "/containerAnchor/edges", "the array has 5 entries; the limit is 4")
ok("boundary-items-100", replaced(BASE, S0 + "/boundarySupplementaryItems", [
    {"elementKind": f"k{i}", "alignment": "top", "layoutSize": size(FW(1), ABS(1))} for i in range(100)]))
config_error("itemSizes-too-few", {"flowLayout": {}, "sections": [{"itemCount": 3, "itemSizes": [
    {"width": 10, "height": 10}] * 2}]}, "/sections/0/itemSizes",
    "itemSizes holds 2 sizes for 3 items: give one per item")
config_error("itemSizes-for-max-items", {"flowLayout": {}, "sections": [{"itemCount": MAXCOUNT, "itemSizes": [
    {"width": 10, "height": 10}]}]}, "/sections/0/itemSizes", "itemSizes holds 1 sizes for 9223372036854775807 items")
ok("itemSizes-1000", {"flowLayout": {}, "sections": [{"itemCount": 1000, "itemSizes": [
    {"width": 1 + i % 7, "height": 10**12 if i == 999 else 1 + i % 5} for i in range(1000)]}]})
ok("sections-300", layout(*[section(i, row(1 + i % 9, 1 + i % 4)) for i in range(300)]))


# ---- deep nesting: groups past their limit, JSON past json-c's --------------------------------

category = "nesting"


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


# ---- long strings -------------------------------------------------------------------------------

category = "string"


def with_kind(kind):
    """BASE with one background whose elementKind is the raw JSON string `kind` (bytes)."""
    return replaced(BASE, S0 + "/decorationItems", [{"elementKind": Raw(kind)}])


KIND = S0 + "/decorationItems/0/elementKind"
ok("kind-256-ascii", with_kind(b'"' + b"k" * 256 + b'"'))
config_error("kind-257-ascii", with_kind(b'"' + b"k" * 257 + b'"'), KIND,
             "an element kind is at most 256 bytes long")
ok("kind-256-bytes-2-byte", with_kind(('"' + "\u00e9" * 128 + '"').encode("utf-8")))
config_error("kind-257-bytes-straddling", with_kind(('"' + "\u20ac" * 85 + "\u00e9" + '"').encode("utf-8")),
             KIND, "at most 256 bytes")
ok("kind-256-bytes-4-byte", with_kind(('"' + "\U0001f600" * 64 + '"').encode("utf-8")))
config_error("kind-260-bytes-4-byte", with_kind(('"' + "\U0001f600" * 65 + '"').encode("utf-8")),
             KIND, "at most 256 bytes")
ok("kind-escapes-count-decoded", with_kind(b'"' + b"\\u00e9" * 128 + b'"'),
   note="the limit counts the decoded UTF-8 bytes, not the escapes")
config_error("kind-40k", with_kind(b'"' + b"x" * 40000 + b'"'), KIND, "at most 256 bytes")
config_error("kind-empty", with_kind(b'""'), KIND, "an element kind cannot be empty")
config_error("kind-nul-escape", with_kind(b'"\\u0000"'), KIND, "cannot contain a NUL character")
config_error("kind-nul-escape-inside", with_kind(b'"bg\\u0000x"'), KIND, "cannot contain a NUL")
ok("kind-punctuation", with_kind(b'"a \\"quoted\\" /~ kind\\\\"'))
config_error("kind-duplicate-long", replaced(BASE, S0 + "/decorationItems",
                                             [{"elementKind": "d" * 256}, {"elementKind": "d" * 256}]),
             S0 + "/decorationItems/1/elementKind", "is already used in this section")
LONG = "a" * 40000
config_error("key-40k", replaced(BASE, "/" + LONG, 1), "/" + "a" * 40, "unknown key 'aaaa",
             "path-prefix", note="the path and message are cut at 1,023 bytes")
config_error("key-40k-4-byte", replaced(BASE, "/" + "\U0001f600" * 10000, 1), "/" + "\U0001f600" * 8,
             "unknown key '\U0001f600", "path-prefix",
             note="cut on a character boundary (the runner checks the UTF-8)")
config_error("key-40k-2-byte-odd", replaced(BASE, "/x" + "\u00e9" * 20000, 1), "/x" + "\u00e9" * 8,
             "unknown key 'x\u00e9", "path-prefix")
config_error("key-40k-nested", replaced(BASE, ITEM0 + "/" + LONG, True),
             ITEM0 + "/" + "a" * 40, "unknown key 'aaa", "path-prefix")
config_error("choice-40k", replaced(BASE, "/configuration", {"scrollDirection": LONG}),
             "/configuration/scrollDirection", "'aaaaaaaa")
config_error("number-as-40k-string", replaced(BASE, S0 + "/itemCount", "9" * 40000), S0 + "/itemCount",
             "expected an integer, found a string")
many = b'{"sections": [], ' + b", ".join(b'"k%d": %d' % (i, i) for i in range(6000)) + b"}"
config_error("keys-6000-unknown", many, "/k0", "unknown key 'k0'")
config_error("keys-after-valid", b'{"sections": [], "version": 1, "Version": 1}', "/Version",
             "unknown key 'Version'; did you mean 'version'?")


# ---- invalid UTF-8 in strings, keys and elsewhere ---------------------------------------------

category = "utf8"
LAX_UTF8 = ()  # was ("known-bug=lax-utf8",) while the library took json-c's word for it


def bad_utf8(name, text, sequence, *options, note=""):
    """Ill-formed UTF-8: a syntax error at the first byte of the ill-formed `sequence` (where the
    character that cannot be read starts, as Python's decoder reports it)."""
    text = to_bytes(text)
    syntax_error(name, text, at(text, sequence), "invalid utf-8", *options, note=note)


BOM = b"\xef\xbb\xbf"
syntax_error("bom", BOM + b'{"sections": []}', 0, "malformed JSON at line 1, column 1",
             note="a byte-order mark is not JSON: refused")
syntax_error("bom-twice", BOM + BOM + b'{"sections": []}', 0, "malformed JSON at line 1, column 1")
syntax_error("bom-utf16le", b"\xff\xfe" + '{"sections": []}'.encode("utf-16-le"), 0,
             "malformed JSON at line 1, column 1")
syntax_error("bom-utf16be", b"\xfe\xff" + '{"sections": []}'.encode("utf-16-be"), 0)
KEYED = b'{"sections": [], "k%s": 1}'
VALUED = b'{"sections": [], "k": "v%s"}'
bad_utf8("key-lone-continuation", KEYED % b"\x80", b"\x80")
bad_utf8("key-ff", KEYED % b"\xff", b"\xff")
bad_utf8("key-fe", KEYED % b"\xfe", b"\xfe")
bad_utf8("key-latin1", b'{"sections": [], "caf\xe9": 1}', b"\xe9",
         note="Latin-1: \\xe9 starts a 3-byte sequence the quote after it breaks")
bad_utf8("key-truncated-2-byte", KEYED % b"\xc3", b"\xc3")
bad_utf8("value-truncated-3-byte", VALUED % b"\xe2\x82", b"\xe2\x82")
bad_utf8("value-truncated-4-byte", VALUED % b"\xf0\x9f\x98", b"\xf0\x9f\x98")
bad_utf8("value-5-byte", VALUED % b"\xf8\x88\x80\x80\x80", b"\xf8")
bad_utf8("value-6-byte", VALUED % b"\xfc\x84\x80\x80\x80\x80", b"\xfc")
bad_utf8("value-continuation-run", VALUED % (b"\x80" * 8), b"\x80")
bad_utf8("value-truncated-at-end-of-text", b'{"sections": [], "k": "\xe2\x82', b"\xe2")
bad_utf8("outside-strings", b'{"sections": []\xff}', b"\xff")
bad_utf8("after-document", b'{"sections": []}\n\xff', b"\xff")
bad_utf8("in-block-comment", b'{"sections": [] /* \xff */}', b"\xff")
bad_utf8("in-line-comment", b'{"sections": [] // \xc3\n}', b"\xc3")
bad_utf8("element-kind-ff", with_kind(b'"bg\xff"'), b"\xff")
# The first error in the text is the one reported, whichever kind it is.
syntax_error("syntax-error-before-bad-byte", b'{"sections" [], "k\xff": 1}', 12,
             "':' expected")
bad_utf8("bad-byte-before-syntax-error", b'{"k\xff": 1, "sections" []}', b"\xff")
# Ill-formed sequences json-c's own check lets through (RFC 3629 forbids them): the library
# read them as U+FFFD until it checked the text itself.
for name, sequence in [("overlong-nul", b"\xc0\x80"), ("overlong-slash", b"\xc0\xaf"),
                       ("overlong-c1", b"\xc1\xbf"), ("overlong-3-byte", b"\xe0\x80\xaf"),
                       ("overlong-4-byte", b"\xf0\x8f\xbf\xbf"), ("surrogate-high", b"\xed\xa0\x80"),
                       ("surrogate-low", b"\xed\xbf\xbf"), ("above-10ffff", b"\xf4\x90\x80\x80"),
                       ("lead-f5", b"\xf5\x80\x80\x80")]:
    bad_utf8("key-" + name, KEYED % sequence, sequence, *LAX_UTF8)
for name, sequence in [("overlong-slash", b"\xc0\xaf"), ("surrogate", b"\xed\xa0\x80"),
                       ("above-10ffff", b"\xf4\x90\x80\x80")]:
    bad_utf8("element-kind-" + name, with_kind(b'"bg' + sequence + b'"'), sequence, *LAX_UTF8)
# Well-formed UTF-8 and escapes.
config_error("key-two-byte", '{"sections": [], "caf\u00e9": 1}', "/caf\u00e9", "unknown key 'caf\u00e9'")
config_error("key-emoji", '{"sections": [], "\U0001f600": 1}', "/\U0001f600", "unknown key")
config_error("key-noncharacter", '{"sections": [], "\uffff\U0010ffff": 1}', "/\uffff\U0010ffff",
             "unknown key")
config_error("key-escaped-pair", '{"sections": [], "\\ud83d\\ude00": 1}', "/\U0001f600", "unknown key")
config_error("key-escaped-lone-surrogate", '{"sections": [], "\\ud800": 1}', "/\ufffd",
             "unknown key '\ufffd'", note="json-c turns a lone surrogate escape into U+FFFD")
config_error("key-escaped-reversed-pair", '{"sections": [], "\\udc00\\ud800": 1}', "/\ufffd\ufffd",
             "unknown key")
ok("kind-escaped-lone-surrogate", with_kind(b'"\\udfff"'))
ok("kind-noncharacters", with_kind('"\ufffe\uffff\U0010ffff"'.encode("utf-8")))
ok("kind-right-to-left", with_kind('"\u202e\u0627\u0644\u062e\u0644\u0641\u064a\u0629"'.encode("utf-8")))
ok("comment-utf8", '/* caf\u00e9 \U0001f600 */ {"sections": []} // \u00e9\n'.encode("utf-8"))


# ---- keys: duplicates, unknown keys and "did you mean" -----------------------------------------

category = "key"
# docs/CONFIG.md: "Duplicate keys in one object: json-c keeps the last one."
SECTION_TEXT = emit(row())
ok("duplicate-last-valid", b'{"sections": [{"itemCount": "x", "group": ' + SECTION_TEXT
   + b', "itemCount": 3}]}')
config_error("duplicate-last-invalid", b'{"sections": [{"itemCount": 3, "group": ' + SECTION_TEXT
             + b', "itemCount": "x"}]}', S0 + "/itemCount", "expected an integer, found a string")
ok("duplicate-sections-last-valid", b'{"sections": [{"bad": true}], "sections": []}')
config_error("duplicate-sections-last-invalid", b'{"sections": [], "sections": {}}', "/sections",
             "expected an array, found an object")
ok("duplicate-version", b'{"version": 2, "sections": [], "version": 1}')
config_error("duplicate-version-last-bad", b'{"version": 1, "sections": [], "version": 2}', "/version",
             "unsupported configuration version 2")
ok("duplicate-group-axis", b'{"sections": [{"itemCount": 3, "group": {"group": "diagonal", "group": "vertical", '
   b'"layoutSize": ' + emit(size(FW(1), ABS(100))) + b', "subitems": [' + emit(item(FW(1), FH(0.5))) + b"]}}]}")
ok("duplicate-1000", b'{' + b'"version": 1, ' * 1000 + b'"sections": []}')
ok("duplicate-dimension-keys", replaced(BASE, G0 + "/layoutSize/heightDimension",
                                        Raw('{"absolute": 10, "absolute": 44}')),
   note="one key after the duplicate is dropped: a single dimension")
config_error("dimension-two-keys", replaced(BASE, G0 + "/layoutSize/heightDimension",
                                            Raw('{"absolute": 44, "estimated": 44}')),
             G0 + "/layoutSize/heightDimension", "a dimension has exactly one of")
for path, wrong, right in [
        ("", "Sections", "sections"), ("", "sectons", "sections"), ("", "verison", "version"),
        ("", "enviroment", "environment"), ("", "config", "configuration"),
        ("", "flow_layout", "flowLayout"), (S0, "itemcount", "itemCount"),
        (S0, "item_count", "itemCount"), (S0, "ItemCount", "itemCount"),
        (S0, "contentInset", "contentInsets"), (S0, "interGroupSpace", "interGroupSpacing"),
        (S0, "orthogonalScrollingBehaviour", "orthogonalScrollingBehavior"),
        (S0, "boundarySupplementaryItem", "boundarySupplementaryItems"),
        (S0, "decorations", "decorationItems"), (G0, "subItems", "subitems"),
        (G0, "interItemSpace", "interItemSpacing"), (G0, "layout_size", "layoutSize"),
        (G0 + "/layoutSize", "width", "widthDimension"),
        (G0 + "/layoutSize/widthDimension", "fractionalwidth", "fractionalWidth"),
        (G0 + "/layoutSize/heightDimension", "abs", "absolute"),
        (ITEM0, "supplementaryItem", "supplementaryItems"),
        ("/configuration", "scrolDirection", "scrollDirection"),
        ("/configuration", "scrollDir", "scrolling")]:
    document = replaced(BASE, "/configuration", {}) if path == "/configuration" else BASE
    config_error(f"unknown-{wrong}", replaced(document, path + "/" + wrong, 1), path + "/" + wrong,
                 f"unknown key '{wrong}'; did you mean '{right}'?")
config_error("unknown-no-suggestion", replaced(BASE, "/colour", "red"), "/colour", "unknown key 'colour'")
config_error("unknown-empty-key", replaced(BASE, "/", 1), "/", "unknown key ''",
             note="the JSON Pointer of the key \"\" is \"/\"")
config_error("unknown-space-key", replaced(BASE, "/ ", 1), "/ ", "unknown key ' '")
config_error("unknown-slash-tilde-key", replaced(BASE, "/a~1b~0c", 1), "/a~1b~0c", "unknown key 'a/b~c'",
             note="RFC 6901 escapes '/' as ~1 and '~' as ~0")
config_error("unknown-quote-key", b'{"sections": [], "say \\"hi\\"": 1}', '/say "hi"', "unknown key 'say \"hi\"'")
config_error("unknown-newline-key", b'{"sections": [], "a\\nb": 1}', "/a\nb", "unknown key 'a\nb'")
config_error("unknown-nul-escape-key", b'{"sections": [], "a\\u0000b": 1}', "/a", "unknown key 'a'",
             note="json-c keys are C strings: a key is cut at an escaped NUL")
config_error("unknown-raw-control-key", b'{"sections": [], "a\x01b": 1}', "/a\x01b", "unknown key",
             note="json-c takes raw control characters in strings")
# docs/CONFIG.md, "The JSON Schema": a string "$schema" at the top level is ignored; anywhere
# else it is an unknown key.
ok("schema-top-level", replaced(BASE, "/$schema", "urn:snaplayout:config-schema:1"))
ok("schema-top-level-flow", replaced(FLOW, "/$schema", "../schema/snaplayout-config.schema.json"))
config_error("schema-not-a-string", replaced(BASE, "/$schema", 1), "/$schema", "expected a string, found a number")
config_error("schema-object", replaced(BASE, "/$schema", {"$id": "x"}), "/$schema",
             "expected a string, found an object")
config_error("schema-in-section", replaced(BASE, S0 + "/$schema", "x"), S0 + "/$schema", "unknown key '$schema'")
config_error("schema-in-configuration", replaced(BASE, "/configuration", {"$schema": "x"}),
             "/configuration/$schema", "unknown key '$schema'")
config_error("schema-misspelt", replaced(BASE, "/$shema", "x"), "/$shema", "did you mean '$schema'?")
config_error("item-with-group-key", replaced(BASE, ITEM0 + "/count", 2), ITEM0 + "/count",
             "'count' belongs to a group, but this object has no \"group\" key")
config_error("item-with-subitems", replaced(BASE, ITEM0 + "/subitems", []), ITEM0 + "/subitems",
             "belongs to a group")
config_error("flow-section-unknown", replaced(FLOW, "/sections/0/itemsize", {}), "/sections/0/itemsize",
             "did you mean 'itemSize'?")
config_error("orthogonal-contentInset", replaced(RICH, ORTHO + "/contentInset", {}), ORTHO + "/contentInset",
             "unknown key 'contentInset'",
             note="contentInset is for the main scroll only")
config_error("choice-suggestion", replaced(BASE, G0 + "/group", "horizontl"), G0 + "/group",
             "'horizontl' is not one of 'horizontal', 'vertical'; did you mean 'horizontal'?")
config_error("choice-case", replaced(BASE, "/configuration", {"scrollDirection": "Vertical"}),
             "/configuration/scrollDirection", "did you mean 'vertical'?")
config_error("choice-behavior", replaced(BASE, S0 + "/orthogonalScrollingBehavior", "groupPagingCentred"),
             S0 + "/orthogonalScrollingBehavior", "did you mean 'groupPagingCentered'?")


# ---- structure: required keys, exclusive keys, unique kinds -----------------------------------

category = "structure"
config_error("section-no-itemCount", removed(BASE, S0 + "/itemCount"), S0, "missing required key 'itemCount'")
config_error("section-no-group", removed(BASE, G0), S0, "missing required key 'group'")
config_error("section-group-is-item", replaced(BASE, G0, item()), G0,
             "a section's group must be a group (an object with a \"group\" key)")
config_error("group-no-layoutSize", removed(BASE, G0 + "/layoutSize"), G0, "missing required key 'layoutSize'")
config_error("group-no-subitems", removed(BASE, G0 + "/subitems"), G0, "a group needs one of 'subitems'")
config_error("group-empty-subitems", replaced(BASE, G0 + "/subitems", []), G0 + "/subitems",
             "a group needs at least one subitem")
config_error("group-two-ways", replaced(BASE, G0 + "/subitem", item()), G0 + "/subitem",
             "a group takes only one of 'subitems', 'subitem' and 'repeatingSubitem'")
config_error("group-count-with-subitems", replaced(BASE, G0 + "/count", 2), G0 + "/count",
             "'count' applies to 'subitem' and 'repeatingSubitem', not to 'subitems'")
config_error("group-subitem-no-count", replaced(BASE, G0, group("horizontal", FW(1), ABS(44), subitem=item())),
             G0, "missing required key 'count'")
config_error("size-no-height", removed(BASE, G0 + "/layoutSize/heightDimension"), G0 + "/layoutSize",
             "missing required key 'heightDimension'")
config_error("dimension-empty", replaced(BASE, G0 + "/layoutSize/widthDimension", {}),
             G0 + "/layoutSize/widthDimension", "a dimension has exactly one of")
config_error("spacing-both", replaced(BASE, G0 + "/interItemSpacing", {"fixed": 1, "flexible": 1}),
             G0 + "/interItemSpacing", "a spacing has exactly one of 'fixed' and 'flexible'")
config_error("spacing-empty", replaced(BASE, G0 + "/interItemSpacing", {}), G0 + "/interItemSpacing",
             "a spacing has exactly one of")
config_error("anchor-both-offsets", replaced(RICH, BADGE + "/containerAnchor/fractionalOffset", {"x": 0}),
             BADGE + "/containerAnchor/fractionalOffset", "an anchor takes 'offset' or 'fractionalOffset', not both")
config_error("anchor-opposite-edges", replaced(RICH, BADGE + "/containerAnchor/edges", ["top", "bottom"]),
             BADGE + "/containerAnchor/edges/1", "an anchor cannot name opposite edges")
config_error("anchor-edge-twice", replaced(RICH, BADGE + "/containerAnchor/edges", ["leading", "leading"]),
             BADGE + "/containerAnchor/edges/1", "edge 'leading' is listed twice")
config_error("anchor-no-edges", removed(RICH, BADGE + "/containerAnchor/edges"), BADGE + "/containerAnchor",
             "missing required key 'edges'")
config_error("boundary-no-alignment", removed(RICH, HEADER + "/alignment"), HEADER,
             "missing required key 'alignment'")
config_error("boundary-kind-twice", replaced(RICH, S0 + "/boundarySupplementaryItems/1",
                                             copy.deepcopy(RICH["sections"][0]["boundarySupplementaryItems"][0])),
             S0 + "/boundarySupplementaryItems/1/elementKind", "element kind 'header' is already used")
config_error("decoration-reuses-header", replaced(RICH, S0 + "/decorationItems/0/elementKind", "header"),
             S0 + "/decorationItems/0/elementKind", "element kind 'header' is already used in this section")
config_error("badge-reuses-background", replaced(RICH, BADGE + "/elementKind", "background"),
             BADGE + "/elementKind", "element kind 'background' is already used in this section")
config_error("badge-kind-twice", replaced(RICH, ITEM0 + "/supplementaryItems/1",
                                          copy.deepcopy(RICH["sections"][0]["group"]["subitems"][0]["supplementaryItems"][0])),
             ITEM0 + "/supplementaryItems/1/elementKind", "element kind 'badge' is already used by this item")
config_error("spring-mixed", replaced(RICH, SCROLL + "/spring/mass", 1), SCROLL + "/spring/mass",
             "a spring is either {dampingRatio, response} or {mass, stiffness, damping}")
config_error("effects-zIndex-no-edge", removed(RICH, S1 + "/visibleItemEffects/zIndex/edge"),
             S1 + "/visibleItemEffects/zIndex", "missing required key 'edge'")
config_error("flow-section-with-group", replaced(FLOW, "/sections/0/group", row()), "/sections/0/group",
             "a flow layout's sections have no group")
config_error("flow-direction-contradiction",
             {**FLOW, "flowLayout": {"scrollDirection": "horizontal"},
              "configuration": {"scrollDirection": "vertical"}},
             "/configuration/scrollDirection", "contradicts /flowLayout/scrollDirection")
config_error("no-sections-with-everything", removed(RICH, "/sections"), "-", "missing required key 'sections'")


# ---- valid but extreme: created, sized to 390 x 844, every answer finite ----------------------

category = "extreme"
# json-c's leniencies beyond the documented ones (comments, trailing commas, single quotes).
ok("lenient-comments-commas-quotes", "// c\n{'sections': [/* none */],}\n")
ok("lenient-literal-case", replaced(RICH, S0 + "/supplementariesFollowContentInsets", Raw("TRUE")),
   note="json-c reads true, false and null in any case")
ok("lenient-literal-false", replaced(RICH, ORTHO + "/directionalGuard", Raw("False")))
ok("lenient-leading-zeros", replaced(RICH, S0 + "/itemCount", Raw("007")))
ok("lenient-bare-exponent", replaced(RICH, SPACING, Raw("1e")), note="json-c reads '1e' as 1")
ok("lenient-exponent-sign", replaced(RICH, SPACING, Raw("2E+")))
ok("lenient-trailing-dot", replaced(RICH, SPACING, Raw("5.")))
ok("lenient-raw-tab-in-kind", with_kind(b'"a\tb"'), note="raw control characters in strings")
ok("lenient-raw-newline-in-kind", with_kind(b'"a\nb"'))
ok("lenient-escaped-slash", with_kind(b'"a\\/b"'))
# Tiny and huge geometry.
ok("absolute-denormal", replaced(BASE, G0 + "/layoutSize/heightDimension/absolute", Raw("5e-324")))
ok("estimated-denormal", layout(section(7, group("vertical", FW(1), EST(Raw("5e-324")),
                                                  subitems=[item(FW(1), EST(Raw("5e-324")))]))))
ok("absolute-max", layout(section(MAXCOUNT, group("vertical", FW(1), ABS(10**12), subitems=[item()]))))
ok("container-max", replaced(RICH, "/environment/container", {"width": 10**12, "height": 10**12}))
ok("cross-fraction-100-everywhere", layout(section(MAXCOUNT, group("horizontal", FW(1), FW(100), subitems=[item()]))))
ok("huge-header-offset", replaced(RICH, HEADER + "/offset", {"x": -10**12, "y": 10**12}))
ok("huge-header", replaced(RICH, HEADER + "/layoutSize", size(ABS(10**12), ABS(10**12))))
ok("huge-badge", replaced(RICH, BADGE + "/layoutSize", size(ABS(10**12), ABS(10**12))))
ok("huge-decoration-insets", replaced(RICH, S0 + "/decorationItems/0/contentInsets",
                                      {"top": 10**12, "leading": 10**12, "bottom": 10**12, "trailing": 10**12}),
   note="insets larger than the section: the background's width and height are 0")
ok("huge-item-insets", replaced(RICH, ITEM0 + "/contentInsets", {"top": 10**12, "leading": 10**12}))
ok("huge-scroll-insets", replaced(RICH, SCROLL + "/contentInset", {"top": 10**12, "bottom": 10**12}))
ok("huge-scroll-padding", replaced(RICH, ORTHO + "/scrollPadding", {"leading": 10**12, "trailing": 10**12}))
ok("tiny-page-length", replaced(replaced(RICH, ORTHO + "/pageLength", Raw("1e-6")), S1 + "/itemCount", MAXCOUNT))
ok("huge-flow", {"flowLayout": {"itemSize": {"width": 10**12, "height": 1}, "minimumInteritemSpacing": 10**12,
                                "sectionInset": {"top": 10**12, "bottom": 10**12},
                                "headerReferenceSize": {"width": 1, "height": 10**12},
                                "footerReferenceSize": {"width": 1, "height": 10**12},
                                "sectionHeadersPinToVisibleBounds": True},
                 "sections": [{"itemCount": MAXCOUNT}] * 3})
ok("fractional-spacing-squeeze", layout(section(8, group(
    "horizontal", FW(1), ABS(44), subitems=[item(FW(0.1)), item(FW(0.1)), item(ABS(50))],
    interItemSpacing={"fixed": 100}))),
   note="the spacing re-solve leaves the fractional cells no room: they are 0 wide, not negative")
ok("display-scale-16-thirds", layout(section(MAXCOUNT, group("horizontal", FW(1), ABS(Raw("0.1")),
                                                             subitems=[item(FW(1 / 3))])),
                                     environment={"displayScale": 16}))
ok("all-behaviors", layout(*[section(MAXCOUNT, group("horizontal", FW(0.5), FW(0.5), subitems=[item()]),
                                     orthogonalScrollingBehavior=b)
                             for b in ["none", "continuous", "continuousGroupLeadingBoundary", "paging",
                                       "groupPaging", "groupPagingCentered"]],
                           environment={"layoutDirection": "rightToLeft"}))
ok("zero-items-everywhere", layout(*[section(0, row())] * 5,
                                   configuration={"boundarySupplementaryItems": [
                                       {"elementKind": "top", "alignment": "top", "layoutSize": size(FW(1), ABS(10))}]}))
# zIndex effects between any two int32 values: the interpolation must not overflow.
for name, center, edge, behavior in [("zIndex-effect-full-range", 2147483647, -2147483648, "none"),
                                     ("zIndex-effect-reversed", -2147483648, 2147483647, "none"),
                                     ("zIndex-effect-wide-orthogonal", -2000000000, 2000000000,
                                      "continuous")]:
    ok(name, layout(section(10, group("horizontal", FW(0.5), ABS(100), subitems=[item()]),
                            orthogonalScrollingBehavior=behavior,
                            visibleItemEffects={"zIndex": {"center": center, "edge": edge}})),
       note="valid; the elements in a rect trapped (SIGILL) before 08cfdda")
# A centred carousel of 2^63 - 1 items whose group is wider than the container.
for width in [400, 10**12]:
    ok(f"centered-paging-max-items-group-{width}", layout(section(MAXCOUNT, group(
        "horizontal", ABS(width), ABS(100), subitems=[item()]), orthogonalScrollingBehavior="groupPagingCentered")),
       note="valid; sl_layout_set_container_size trapped (SIGILL) before 08cfdda")
ok("centered-paging-max-items-narrow-group", layout(section(MAXCOUNT, group(
    "horizontal", ABS(300), ABS(100), subitems=[item()]), orthogonalScrollingBehavior="groupPagingCentered")))
ok("centered-paging-almost-max-items", layout(section(MAXCOUNT - 1, group(
    "horizontal", ABS(400), ABS(100), subitems=[item()]), orthogonalScrollingBehavior="groupPagingCentered")))
# Rect queries over dense sections. A rect holding more than 2^26 elements is refused with
# SL_ERANGE before its cells are visited (the header; Tests/SnapLayoutCoreTests/RectWalkTests.swift).
ok("dense-first-screen", layout(section(MAXCOUNT, group("vertical", FW(1), ABS(Raw("1e-9")),
                                                        subitem=item(), count=3))),
   note="8e11 cells in the first screen: SL_ERANGE at once (0.5 s, counting 2^26 of them, before 2026-11-21)")
# The same bound holds when the cells near the rect do not intersect it, or when cells
# overflow their groups: only the repetitions where some cell meets the rect are walked.
ok("dense-cells-beside-first-screen", layout(section(MAXCOUNT, group(
    "vertical", FW(1), ABS(Raw("1e-9")), count=1,
    subitem=item(ABS(10), FH(1), edgeSpacing={"leading": {"fixed": 1000}})))),
   note="cells at x = 1000: the first screen is empty (it walked 8e11 groups, for an hour, before 2026-11-21)")
ok("overflowing-count-group-last-screen", layout(section(MAXCOUNT, group(
    "vertical", FW(1), ABS(1), count=2, subitem=item(), interItemSpacing={"fixed": 10**12}))),
   note="each group's second cell lies 1e12 pt below it: the last screen walked 1e12 groups before 2026-11-21")
ok("dense-subnormal-first-screen", layout(section(MAXCOUNT, group(
    "vertical", ABS(Raw("5e-324")), FW(100), count=100,
    repeatingSubitem=item(ABS(390), EST(10**12))),
    decorationItems=[{"elementKind": "bg"}]), configuration={"scrollDirection": "horizontal"}),
   note="subnormal lengths: the first screen is refused (SL_ERANGE) at once (~20 s before 2026-11-21)")
# Valid configurations that cannot be solved at 390 x 844: created, then refused by the
# resize with a JSON Pointer.
ok("unsolvable-item-wider", layout(section(3, group("horizontal", FW(1), ABS(44), subitems=[item(ABS(500))]))),
   f"solve-error={G0}/subitems/0")
ok("unsolvable-zero-height", replaced(BASE, G0 + "/layoutSize/heightDimension/absolute", 0),
   f"solve-error={G0}")
ok("unsolvable-underflow-height", replaced(BASE, G0 + "/layoutSize/heightDimension/absolute", Raw("1e-400")),
   f"solve-error={G0}", note="1e-400 reads as 0")
ok("unsolvable-group-insets", replaced(BASE, G0 + "/contentInsets", {"leading": 200, "trailing": 200}),
   f"solve-error={G0}/contentInsets")
ok("unsolvable-section-insets", replaced(BASE, S0 + "/contentInsets", {"leading": 10**12}),
   f"solve-error={S0}/contentInsets")
ok("unsolvable-spacing-wider", replaced(BASE, G0 + "/interItemSpacing", {"fixed": 10**12}),
   f"solve-error={G0}",
   note="the message says the subitems take no room; it is the spacing that leaves none")
ok("unsolvable-fraction-denormal", replaced(BASE, G0 + "/subitems/0/layoutSize/widthDimension/fractionalWidth",
                                            Raw("5e-324")), f"solve-error={G0}")
ok("unsolvable-display-scale-denormal", replaced(BASE, "/environment", {"displayScale": Raw("5e-324")}),
   f"solve-error={G0}", note="a pixel of 2e323 points floors every length to 0")
ok("unsolvable-edge-spacing", replaced(BASE, G0 + "/subitems/0/edgeSpacing", {"leading": {"fixed": 10**12}}),
   f"solve-error={G0}/subitems/0")
# The environment's insets leave no room: the error must name them, not a key that is absent.
ok("unsolvable-environment-insets", replaced(BASE, "/environment", {"contentInsets": {"leading": 200, "trailing": 200}}),
   "solve-error=/environment/contentInsets",
   note="named /sections/0/contentInsets, which the configuration does not have, before 2026-11-21")
ok("unsolvable-environment-insets-orthogonal",
   replaced(replaced(BASE, "/environment", {"contentInsets": {"top": 500, "bottom": 500}}),
            S0 + "/orthogonalScrollingBehavior", "paging"),
   "solve-error=/environment/contentInsets")
ok("unsolvable-flow-section-inset", {"flowLayout": {"sectionInset": {"left": 200, "right": 200}},
                                     "sections": [{"itemCount": 3}]},
   "solve-error=/flowLayout/sectionInset")
ok("unsolvable-flow-section-inset-override", {"flowLayout": {},
                                              "sections": [{"itemCount": 3, "sectionInset": {"left": 390}}]},
   "solve-error=/sections/0/sectionInset")
# A container in the configuration: solved, or refused, by sl_layout_create itself.
config_error("display-scale-floors-to-zero", replaced(BASE, "/environment", {
    "container": {"width": 0.5, "height": 844}, "displayScale": 3}), G0, "take no room",
    note="quarter-point cells floor to 0 on a 3x pixel grid")
ok("tiny-container-exact", replaced(BASE, "/environment", {"container": {"width": 0.5, "height": 844}}))
ok("container-1e-9-solves", replaced(BASE, "/environment", {"container": {"width": 1e-9, "height": 1e-9}}),
   note="half-width items of 5e-10 pt: the fit tolerance is relative below a point (issue 16)")
config_error("container-insets-too-large", replaced(BASE, "/environment", {"container": {"width": 390, "height": 844},
                                                                         "contentInsets": {"leading": 390}}),
             "/environment/contentInsets", "leave no room")


# ---- writing ----------------------------------------------------------------------------------


def quote(text):
    """A manifest token: bare when it is plain, else quoted with \\xHH escapes."""
    data = text.encode("utf-8")
    if data and all(0x21 <= b < 0x7f and b not in b'"\\#' for b in data):
        return text
    out = []
    for b in data:
        if b in b'"\\':
            out.append("\\" + chr(b))
        elif 0x20 <= b < 0x7f:
            out.append(chr(b))
        else:
            out.append(f"\\x{b:02x}")
    return '"' + "".join(out) + '"'


def quoted(text):
    """A manifest token that is always quoted (messages)."""
    token = quote(text)
    return token if token.startswith('"') else '"' + token + '"'


HEADER_TEXT = """\
# Expected answers of sl_layout_create for every file in Tests/Hostile (format: README.md).
# Written by scripts/gen-hostile-corpus.py; edit that script, then run it.
#
# NAME  STATUS  WHERE  MESSAGE  [OPTION...]  [# note]
"""


def main():
    if not os.path.isdir(CORPUS):
        sys.exit(f"run from the repository root ({CORPUS} not found)")
    total = 0
    names = set()
    lines = [HEADER_TEXT]
    last_category = None
    for category_name, name, data, status, where, message, options, note in cases:
        assert len(data) <= FILE_LIMIT, (name, len(data))
        total += len(data)
        names.add(name)
        with open(os.path.join(CORPUS, name), "wb") as file:
            file.write(data)
        if category_name != last_category:
            lines.append(f"\n# --- {category_name}\n")
            last_category = category_name
        where = "-" if where == "" else where
        plain = where == "-" or status == "SL_EPARSE"
        fields = [name, status, where if plain else quote(where),
                  "-" if message == "-" else quoted(message), *options]
        line = " ".join(fields)
        if note:
            line += "  # " + note
        lines.append(line + "\n")
    assert total <= CORPUS_LIMIT, total
    for stale in os.listdir(CORPUS):
        if stale.endswith(".in") and stale not in names:
            os.remove(os.path.join(CORPUS, stale))
    with open(MANIFEST, "w", encoding="utf-8") as file:
        file.write("".join(lines))
    counts = {}
    for c in cases:
        counts[c[0]] = counts.get(c[0], 0) + 1
    summary = ", ".join(f"{k} {v}" for k, v in counts.items())
    print(f"{len(cases)} cases ({summary}); {total} bytes")


if __name__ == "__main__":
    main()
