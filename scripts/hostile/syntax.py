"""Hostile cases, category syntax: malformed JSON: every kind of syntax error.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403


caselist.category = "syntax"


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
