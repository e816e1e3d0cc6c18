"""Hostile cases, category type: wrong types at every level.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403


caselist.category = "type"
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
    (SCROLL + "/maxPagesPerGesture", "an integer"), (SCROLL + "/initialIndex", "an integer"),
    (SCROLL + "/touchpadEndGap", "a number"), (SCROLL + "/loop", "true or false"),
    (SCROLL + "/contentInset", "an object"),
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
    (ORTHO + "/loop", "true or false"),
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
