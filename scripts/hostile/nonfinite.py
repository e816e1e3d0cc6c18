"""Hostile cases, category nonfinite: NaN and infinities: every spelling json-c's tokener has.
"""

from . import caselist
from .caselist import *  # noqa: F401,F403
from .texts import *  # noqa: F401,F403


caselist.category = "nonfinite"
ABSOLUTE = G0 + "/layoutSize/heightDimension/absolute"
# json-c (non-strict) reads NaN and Infinity case-insensitively, with an optional '-' before
# Infinity only; out-of-range exponents overflow to an infinity.
ACCEPTED = [("NaN", "nan"), ("nan", "nan"), ("NAN", "nan"), ("nAn", "nan"),
            ("Infinity", "inf"), ("infinity", "inf"), ("INFINITY", "inf"), ("iNfInItY", "inf"),
            ("-Infinity", "-inf"), ("-infinity", "-inf"), ("-INFINITY", "-inf"),
            ("1e999", "inf"), ("-1e999", "-inf"), ("1E400", "inf"), ("1e+999", "inf"),
            ("2e308", "inf"), ("1.7976931348623159e308", "inf"),
            ("-1.7976931348623159e308", "-inf"), ("1" * 400 + ".0", "inf"),
            ("0.1e310", "inf")]
for spelling, value in ACCEPTED:
    slug = spelling if len(spelling) < 30 else "400-digits"
    slug = slug.replace("+", "plus").replace(".", "_")
    config_error("absolute-" + slug, replaced(BASE, ABSOLUTE, Raw(spelling)), ABSOLUTE, f"expected a finite number, found {value}")
# Spellings json-c does not read: a syntax error at the first byte no spelling continues with.
REFUSED = [("-NaN", 1, "number expected"), ("+NaN", 0, "unexpected character"),
           ("+Infinity", 0, "unexpected character"), ("inf", 3, "-"), ("Inf", 3, "-"),
           ("INF", 3, "-"), ("-inf", 4, "-"), ("Infinit", 7, "-"), ("NaNa", 3, "-"),
           ("Infinityy", 8, "-"), ("nan(1)", 3, "-"), ("Na", 2, "-"), ("\u221e", 0, "-")]
for spelling, offset, message in REFUSED:
    text = emit(replaced(BASE, ABSOLUTE, Raw(spelling)))
    start = text.index(spelling.encode("utf-8"))
    slug = {"\u221e": "infinity-sign", "nan(1)": "nan-payload"}.get(spelling, spelling)
    syntax_error("refused-" + slug.replace("+", "plus"), text, start + offset, message)
# Where every kind of number is read: lengths, fractions, estimates, offsets, integers.
SITES = [
    (ITEM0 + "/layoutSize/widthDimension/fractionalWidth", "NaN", "a finite number, found nan"),
    (ITEM0 + "/layoutSize/heightDimension/fractionalHeight", "-Infinity", "a finite number, found -inf"),
    ("/configuration/boundarySupplementaryItems/0/layoutSize/heightDimension/estimated", "Infinity",
     "a finite number, found inf"),
    ("/environment/container/width", "NaN", "a finite number, found nan"),
    ("/environment/container/height", "1e999", "a finite number, found inf"),
    ("/environment/displayScale", "nan", "a finite number, found nan"),
    ("/environment/contentInsets/top", "INFINITY", "a finite number, found inf"),
    (BADGE + "/containerAnchor/offset/x", "-Infinity", "a finite number, found -inf"),
    (BADGE + "/itemAnchor/fractionalOffset/y", "NaN", "a finite number, found nan"),
    (HEADER + "/offset/y", "-1e999", "a finite number, found -inf"),
    (ITEM0 + "/edgeSpacing/leading/flexible", "Infinity", "a finite number, found inf"),
    (G0 + "/interItemSpacing/fixed", "NaN", "a finite number, found nan"),
    (S0 + "/interGroupSpacing", "Infinity", "a finite number, found inf"),
    ("/configuration/interSectionSpacing", "NaN", "a finite number, found nan"),
    (S0 + "/itemCount", "NaN", "an integer, found nan"),
    (S0 + "/itemCount", "Infinity", "an integer, found inf"),
    (G0 + "/subitems/1/count", "-Infinity", "an integer, found -inf"),
    (BADGE + "/zIndex", "NaN", "an integer, found nan"),
    ("/version", "Infinity", "an integer, found inf"),
    (SCROLL + "/alignment", "NaN", "a finite number, found nan"),
    (SCROLL + "/decelerationRate", "NaN", "a finite number, found nan"),
    (SCROLL + "/velocityThresholds/free", "Infinity", "a finite number, found inf"),
    (SCROLL + "/spring/dampingRatio", "NaN", "a finite number, found nan"),
    (ORTHO + "/pageLength", "Infinity", "a finite number, found inf"),
    (ORTHO + "/positionalThreshold", "NaN", "a finite number, found nan"),
    (ORTHO + "/decayLanding/maximumRate", "1e400", "a finite number, found inf"),
    (S1 + "/visibleItemEffects/scale/center", "Infinity", "a finite number, found inf"),
    (S1 + "/visibleItemEffects/distance", "NaN", "a finite number, found nan"),
    (S1 + "/visibleItemEffects/zIndex/edge", "-Infinity", "an integer, found -inf"),
]
for pointer, spelling, message in SITES:
    slug = pointer.strip("/").replace("/", "-") + "-" + spelling.replace("-", "minus-")
    config_error(slug, replaced(RICH, pointer, Raw(spelling)), pointer, "expected " + message)
config_error("edges-entry", replaced(RICH, BADGE + "/containerAnchor/edges/0", Raw("NaN")),
             BADGE + "/containerAnchor/edges/0", "expected a string, found a number")
config_error("section-entry", replaced(BASE, "/sections/0", Raw("NaN")), S0,
             "expected an object, found a number")
config_error("flow-itemSize-width", replaced(FLOW, "/flowLayout/itemSize/width", Raw("Infinity")),
             "/flowLayout/itemSize/width", "expected a finite number, found inf")
config_error("flow-minimumLineSpacing", replaced(FLOW, "/flowLayout/minimumLineSpacing",
                                                  Raw("-Infinity")),
             "/flowLayout/minimumLineSpacing", "expected a finite number, found -inf")
config_error("document-nan", "NaN", "-", "expected an object, found a number")
config_error("document-minus-infinity", "-Infinity\n", "-", "expected an object, found a number")
