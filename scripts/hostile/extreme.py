"""Hostile cases, category extreme: valid but extreme: created, sized to 390 x 844, every answer finite.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403
from .numbers import SPACING
from .counts import MAXCOUNT
from .strings import with_kind


caselist.category = "extreme"
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
