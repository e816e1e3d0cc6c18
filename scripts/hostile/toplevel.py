"""Hostile cases, category toplevel: top level: empty input, whitespace, lone values.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403


caselist.category = "toplevel"
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
