"""Hostile cases, category utf8: invalid UTF-8 in strings, keys and elsewhere.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403
from .syntax import at
from .strings import with_kind


caselist.category = "utf8"
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
