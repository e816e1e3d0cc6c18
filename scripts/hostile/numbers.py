"""Hostile cases, category number: huge, negative, tiny numbers: every range boundary.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403


caselist.category = "number"
# Lengths, insets and spacings are in [0, 1e12] (docs/CONFIG.md).
SPACING = S0 + "/interGroupSpacing"
SPACED = replaced(BASE, SPACING, 10)
for spelling, good in [("0", True), ("-0", True), ("-0.0", True), ("0e-5", True),
                       ("5e-324", True), ("2.2250738585072014e-308", True), ("1e-400", True),
                       ("1000000000000", True), ("1e12", True), ("999999999999.9999", True),
                       ("1000000000000.0002", False), ("1000000000001", False), ("1e13", False),
                       ("1e308", False), ("1.7976931348623157e308", False),
                       ("9223372036854775807", False), ("9223372036854775808", False),
                       ("18446744073709551615", False), ("18446744073709551616", False),
                       ("-1", False), ("-5e-324", False), ("-1e12", False),
                       ("-9223372036854775808", False), ("-1e308", False)]:
    slug = "spacing-" + spelling.replace("-", "minus").replace(".", "_").replace("+", "plus")
    document = replaced(SPACED, SPACING, Raw(spelling))
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, SPACING, "is out of range: a length must be between 0 and")
# The same range everywhere a length is read.
for pointer in [G0 + "/contentInsets/leading", HEADER + "/contentInsets/top",
                S0 + "/decorationItems/0/contentInsets/bottom", "/environment/contentInsets/trailing",
                SCROLL + "/contentInset/top", ORTHO + "/scrollPadding/leading",
                ITEM0 + "/edgeSpacing/leading/flexible", G0 + "/edgeSpacing/top/fixed",
                G0 + "/layoutSize/heightDimension/absolute"]:
    slug = pointer.strip("/").replace("/", "-")
    config_error(slug + "-negative", replaced(RICH, pointer, -1), pointer, "-1.0 is out of range")
    config_error(slug + "-huge", replaced(RICH, pointer, Raw("1e300")), pointer, "1e+300 is out of range")
# Offsets are in [-1e12, 1e12].
OFFSET = HEADER + "/offset/x"
ok("offset-max", replaced(RICH, OFFSET, 10**12))
ok("offset-min", replaced(RICH, OFFSET, -10**12))
config_error("offset-over", replaced(RICH, OFFSET, Raw("1.0000000000001e12")), OFFSET,
             "an offset must be between")
config_error("offset-under", replaced(RICH, OFFSET, Raw("-1e13")), OFFSET, "is out of range")
config_error("badge-offset-under", replaced(RICH, BADGE + "/containerAnchor/offset/y",
                                            Raw("-9223372036854775808")),
             BADGE + "/containerAnchor/offset/y", "is out of range")
# Fractions: of the same axis in (0, 1], of the other axis in (0, 100].
FRACTION = ITEM0 + "/layoutSize/widthDimension/fractionalWidth"
for spelling, good in [("1", True), ("1.0", True), ("0.5", True), ("1e-3", True),
                       ("0", False), ("-0", False), ("-0.5", False),
                       ("1.0000000000000002", False), ("2", False), ("1e300", False)]:
    slug = "fraction-" + spelling.replace("-", "minus").replace(".", "_")
    document = replaced(BASE, FRACTION, Raw(spelling))
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, FRACTION, "a fraction of the same axis must be greater than 0 and at most 1")
CROSS = S1 + "/group/layoutSize/heightDimension/fractionalWidth"
ok("cross-fraction-100", replaced(RICH, CROSS, 100))
config_error("cross-fraction-over", replaced(RICH, CROSS, Raw("100.00000000000003")), CROSS,
             "a fraction of the other axis must be greater than 0 and at most 100")
config_error("cross-fraction-zero", replaced(RICH, CROSS, 0), CROSS, "is out of range")
# Estimates in (0, 1e12].
ESTIMATE = "/configuration/boundarySupplementaryItems/0/layoutSize/heightDimension/estimated"
ok("estimate-max", replaced(RICH, ESTIMATE, 10**12))
config_error("estimate-zero", replaced(RICH, ESTIMATE, 0), ESTIMATE,
             "an estimate must be greater than 0")
config_error("estimate-over", replaced(RICH, ESTIMATE, 10**12 + 1), ESTIMATE, "is out of range")
# Integers: itemCount in 0 ... 2^63 - 1, count 1 ... 10,000, zIndex int32, version 1.
ITEMS = S0 + "/itemCount"
for spelling, good, message in [
        ("0", True, ""), ("-0", True, ""), ("9223372036854775807", True, ""),
        ("9223372036854775808", False, "the integer does not fit in 64 bits"),
        ("18446744073709551615", False, "does not fit in 64 bits"),
        ("18446744073709551616", False, "does not fit in 64 bits"),
        ("123456789012345678901234567890", False, "does not fit in 64 bits"),
        ("-1", False, "-1 is out of range: itemCount must be an integer from 0 to 9223372036854775807"),
        ("-9223372036854775808", False, "is out of range"),
        ("9223372036854775807.0", False, "expected an integer"),
        ("1e3", False, "expected an integer, found 1000.0")]:
    slug = "itemCount-" + spelling.replace("-", "minus").replace(".", "_")[:24]
    document = replaced(BASE, ITEMS, Raw(spelling))
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, ITEMS, message)
config_error("spacing-400-digit-integer", replaced(SPACED, SPACING, Raw("1" * 400)), SPACING,
             "1.8446744073709552e+19 is out of range",
             note="json-c saturates an integer beyond 64 bits to 2^64 - 1, not to infinity")
config_error("itemCount-below-int64", replaced(BASE, ITEMS, Raw("-9223372036854775809")), ITEMS,
             "is out of range: itemCount",
             note="json-c saturates it to -2^63; the message names that value")
COUNT = G0 + "/count"
COUNTED = replaced(BASE, G0, group("horizontal", FW(1), ABS(44), subitem=item(), count=3))
for spelling, good in [("1", True), ("10000", True), ("0", False), ("-1", False),
                       ("10001", False), ("4294967297", False), ("9223372036854775808", False)]:
    document = replaced(COUNTED, COUNT, Raw(spelling))
    slug = "count-" + spelling.replace("-", "minus")
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, COUNT, "count must be an integer from 1 to 10000")
ZINDEX = S0 + "/decorationItems/0/zIndex"
LAYERED = replaced(BASE, S0 + "/decorationItems", [{"elementKind": "bg", "zIndex": 0}])
for spelling, good in [("2147483647", True), ("-2147483648", True), ("0", True),
                       ("2147483648", False), ("-2147483649", False), ("4294967296", False),
                       ("9223372036854775807", False)]:
    document = replaced(LAYERED, ZINDEX, Raw(spelling))
    slug = "zIndex-" + spelling.replace("-", "minus")
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, ZINDEX, "zIndex must fit in a 32-bit signed integer")
for spelling, message in [("0", "unsupported configuration version 0"),
                          ("2", "unsupported configuration version 2"),
                          ("-1", "unsupported configuration version -1"),
                          ("1.0", "expected an integer, found 1.0"),
                          ("18446744073709551616", "does not fit in 64 bits")]:
    config_error("version-" + spelling.replace("-", "minus").replace(".", "_"),
                 replaced(BASE, "/version", Raw(spelling)), "/version", message)
# The container: both > 0 (the library's floor is 1e-9) and at most 1e12.
WIDTH = "/environment/container/width"
CONTAINED = replaced(BASE, "/environment", {"container": {"width": 390, "height": 844}})
for spelling, good in [("1e12", True), ("0.5", True), ("0", False), ("-0", False),
                       ("-390", False), ("1e-10", False), ("1.0000000001e12", False)]:
    document = replaced(CONTAINED, WIDTH, Raw(spelling))
    slug = "container-width-" + spelling.replace("-", "minus").replace(".", "_")
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, WIDTH, "the container width must be greater than 0")
# displayScale in [0, 16].
SCALE = "/environment/displayScale"
for spelling, good in [("0", True), ("-0", True), ("16", True), ("1", True), ("2.5", True),
                       ("16.000000000000004", False), ("-1", False), ("1e6", False)]:
    document = replaced(CONTAINED, SCALE, Raw(spelling))
    slug = "displayScale-" + spelling.replace("-", "minus").replace(".", "_")
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, SCALE, "displayScale must be between 0 (exact) and 16")
# Scrolling settings. The library's bounds are a little inside the open intervals the
# documentation gives (e.g. pageLength >= 1e-6, mass >= 1e-6): these cases pin the library's.
for pointer, spelling, good, message in [
        (ORTHO + "/pageLength", "1e-6", True, ""),
        (ORTHO + "/pageLength", "0", False, "a page length must be greater than 0"),
        (ORTHO + "/pageLength", "1e-7", False, "a page length must be greater than 0"),
        (ORTHO + "/pageLength", "1e12", True, ""),
        (SCROLL + "/maxPagesPerGesture", "0", True, ""),
        (SCROLL + "/maxPagesPerGesture", "1000000", True, ""),
        (SCROLL + "/maxPagesPerGesture", "1000001", False, "maxPagesPerGesture is 0 (unlimited) or a count up to 1000000"),
        (SCROLL + "/maxPagesPerGesture", "-1", False, "is out of range"),
        (SCROLL + "/initialIndex", "0", True, ""),
        (SCROLL + "/initialIndex", "9007199254740992", True, ""),
        (SCROLL + "/initialIndex", "9007199254740993", False, "initialIndex is a rest position"),
        (SCROLL + "/initialIndex", "-1", False, "is out of range"),
        (SCROLL + "/initialIndex", "2.5", False, "expected an integer"),
        (SCROLL + "/touchpadEndGap", "0.001", True, ""),
        (SCROLL + "/touchpadEndGap", "10", True, ""),
        (SCROLL + "/touchpadEndGap", "0", False, "touchpadEndGap is between 0.001 and 10 seconds"),
        (SCROLL + "/touchpadEndGap", "10.5", False, "touchpadEndGap is between 0.001 and 10 seconds"),
        (SCROLL + "/groupsPerPage", "1", True, ""),
        (SCROLL + "/groupsPerPage", "1000000", True, ""),
        (SCROLL + "/groupsPerPage", "0", False, "or a count of groups from 1 to 1000000"),
        (SCROLL + "/groupsPerPage", "1000001", False, "or a count of groups from 1 to 1000000"),
        (SCROLL + "/velocityThresholds/fling", "1e7", True, ""),
        (SCROLL + "/velocityThresholds/fling", "10000000.000000002", False, "a velocity threshold is between 0 and 10000000 pt/s"),
        (SCROLL + "/velocityThresholds/free", "-1", False, "is out of range"),
        (SCROLL + "/decelerationRate", "0.5", True, ""),
        (SCROLL + "/decelerationRate", "0", False, "between 0 and 1 exclusive"),
        (SCROLL + "/decelerationRate", "1", False, "between 0 and 1 exclusive"),
        (SCROLL + "/decelerationRate", "-0.5", False, "is out of range"),
        (SCROLL + "/alignment", "1", True, ""),
        (SCROLL + "/alignment", "-0", True, ""),
        (SCROLL + "/alignment", "1.5", False, "an alignment is \"start\", \"center\", \"end\" or a fraction from 0 to 1"),
        (ORTHO + "/positionalThreshold", "0", False, "positionalThreshold is a fraction of a page between 0 and 1"),
        (ORTHO + "/positionalThreshold", "1", False, "is out of range"),
        (SCROLL + "/spring/dampingRatio", "0.01", True, ""),
        (SCROLL + "/spring/dampingRatio", "100", True, ""),
        (SCROLL + "/spring/dampingRatio", "0.0099", False, "dampingRatio is between 0.01 and 100"),
        (SCROLL + "/spring/response", "60.001", False, "response is between 0.001 and 60 seconds"),
        (SCROLL + "/spring/response", "0", False, "response is between 0.001 and 60 seconds"),
        (ORTHO + "/decayLanding/minimumRate", "0", False, "a deceleration rate per millisecond is between 0 and 1, exclusive"),
        (ORTHO + "/decayLanding/maximumRate", "1", False, "is out of range"),
        (ORTHO + "/decayLanding/maximumRate", "0.98", False, "maximumRate must not be below minimumRate"),
        (S1 + "/visibleItemEffects/scale/edge", "100", True, ""),
        (S1 + "/visibleItemEffects/scale/edge", "0", True, ""),
        (S1 + "/visibleItemEffects/scale/edge", "100.5", False, "a scale is between 0 and 100"),
        (S1 + "/visibleItemEffects/alpha/center", "1.0000001", False, "an alpha is between 0 and 1"),
        (S1 + "/visibleItemEffects/alpha/center", "-0.1", False, "an alpha is between 0 and 1"),
        (S1 + "/visibleItemEffects/distance", "1e6", True, ""),
        (S1 + "/visibleItemEffects/distance", "0", False, "distance is a number of group strides greater than 0"),
        (S1 + "/visibleItemEffects/distance", "1e7", False, "is out of range"),
        (S1 + "/visibleItemEffects/zIndex/edge", "2147483648", False, "zIndex must fit in a 32-bit signed integer")]:
    slug = (pointer.split("/")[-2] + "-" + pointer.split("/")[-1] + "-"
            + spelling.replace("-", "minus").replace(".", "_"))
    document = replaced(RICH, pointer, Raw(spelling))
    if good:
        ok(slug, document)
    else:
        config_error(slug, document, pointer, message)
PHYSICAL = replaced(RICH, SCROLL + "/spring", {"mass": 1, "stiffness": 100, "damping": 20})
ok("spring-physical", PHYSICAL)
ok("spring-physical-max", replaced(PHYSICAL, SCROLL + "/spring/mass", 10**6))
config_error("spring-mass-over", replaced(PHYSICAL, SCROLL + "/spring/mass", Raw("1000000.5")),
             SCROLL + "/spring/mass", "mass, stiffness and damping are greater than 0 and at most 1000000")
config_error("spring-mass-zero", replaced(PHYSICAL, SCROLL + "/spring/mass", 0),
             SCROLL + "/spring/mass", "is out of range")
config_error("spring-stiffness-tiny", replaced(PHYSICAL, SCROLL + "/spring/stiffness", Raw("5e-324")),
             SCROLL + "/spring/stiffness", "is out of range",
             note="the documentation says (0, 1e6]; the library's floor is 1e-6")
# Flow layouts: item sizes > 0.
config_error("flow-itemSize-zero", replaced(FLOW, "/flowLayout/itemSize/height", 0),
             "/flowLayout/itemSize/height", "an item's height must be greater than 0")
config_error("flow-itemSize-negative", replaced(FLOW, "/flowLayout/itemSize/width", -50),
             "/flowLayout/itemSize/width", "is out of range")
ok("flow-itemSize-max", replaced(FLOW, "/flowLayout/itemSize", {"width": 10**12, "height": 10**12}))
ok("flow-estimatedItemSize-zero", replaced(FLOW, "/flowLayout/estimatedItemSize",
                                           {"width": 0, "height": 0}),
   note="0 x 0 means no estimate (UIKit)")
