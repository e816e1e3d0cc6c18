"""Hostile cases, category structure: structure: required keys, exclusive keys, unique kinds.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403


caselist.category = "structure"
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

# A section's variants (docs/CONFIG.md, "Variants"): each refusal at its JSON Pointer.
V0 = S0 + "/variants/0"


def with_variants(*variants):
    return replaced(BASE, S0 + "/variants", list(variants))


ok("variants-wide-and-empty-last", with_variants({"when": {"minWidth": 600}, "group": row(columns=3)},
                                                 {"when": {}, "interGroupSpacing": 8}))
config_error("variants-not-array", replaced(BASE, S0 + "/variants", {"when": {}}), S0 + "/variants",
             "expected an array, found an object")
config_error("variants-17", with_variants(*[{"when": {"minWidth": n + 1}} for n in range(17)]),
             S0 + "/variants", "the array has 17 entries; the limit is 16")
config_error("variant-no-when", with_variants({"interGroupSpacing": 4}), V0, "missing required key 'when'")
config_error("variant-when-not-object", with_variants({"when": 600}), V0 + "/when",
             "expected an object, found a number")
config_error("variant-minWidth-negative", with_variants({"when": {"minWidth": -1}}), V0 + "/when/minWidth",
             "minWidth must be a finite number from 0 to")
config_error("variant-maxHeight-too-large", with_variants({"when": {"maxHeight": 2e12}}),
             V0 + "/when/maxHeight", "maxHeight must be a finite number from 0 to")
config_error("variant-minWidth-string", with_variants({"when": {"minWidth": "600"}}), V0 + "/when/minWidth",
             "expected a number, found a string")
config_error("variant-max-equals-min", with_variants({"when": {"minWidth": 600, "maxWidth": 600}}),
             V0 + "/when/maxWidth", "must be greater than minWidth")
config_error("variant-maxWidth-zero", with_variants({"when": {"maxWidth": 0}}), V0 + "/when/maxWidth",
             "must be greater than minWidth")
config_error("variant-when-unknown-key", with_variants({"when": {"minwidth": 600}}), V0 + "/when/minwidth",
             "unknown key 'minwidth'; did you mean 'minWidth'?")
config_error("variant-unknown-key", with_variants({"when": {"minWidth": 1}, "contentInset": {}}),
             V0 + "/contentInset", "unknown key 'contentInset'; did you mean 'contentInsets'?")
config_error("variant-itemCount", with_variants({"when": {"minWidth": 1}, "itemCount": 4}), V0 + "/itemCount",
             "a variant cannot change itemCount")
config_error("variant-nested", with_variants({"when": {"minWidth": 1}, "variants": [{"when": {}}]}),
             V0 + "/variants", "variants cannot be nested")
config_error("variant-empty-when-not-last", with_variants({"when": {}}, {"when": {"minWidth": 1}}),
             V0 + "/when", "an empty 'when' matches every container")
config_error("variant-group-is-item", with_variants({"when": {"minWidth": 1}, "group": item()}), V0 + "/group",
             "a section's group must be a group")
