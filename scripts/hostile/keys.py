"""Hostile cases, category key: keys: duplicates, unknown keys and "did you mean".
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403


caselist.category = "key"
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
