"""Hostile cases, category truncated: truncated documents: a valid configuration cut at many points.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403
from .syntax import at


caselist.category = "truncated"
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
