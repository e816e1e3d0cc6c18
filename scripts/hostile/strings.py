"""Hostile cases, category string: long strings.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403


caselist.category = "string"


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
