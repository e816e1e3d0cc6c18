"""Hostile cases, category count: huge counts and lists: valid ones are fast, the rest are refused.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403
from .numbers import ITEMS


caselist.category = "count"
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
