"""Building texts: JSON serialization, JSON pointers, byte positions, and the
documents and pointers the cases start from (scripts/gen-hostile-corpus.py).
"""

import copy
import json
import os
import sys

CORPUS = os.path.join("Tests", "Hostile")
MANIFEST = os.path.join(CORPUS, "EXPECTED")
# Keep the committed corpus small (README.md): one file may reach ~200 KB (the 100,001-entry
# sections array cannot be shorter), the whole corpus stays under 2 MB.
FILE_LIMIT = 210_000
CORPUS_LIMIT = 2_000_000

INT64_MAX = 2**63 - 1




class Raw:
    """Text put into a document as it is: a number json-c spells its own way, invalid UTF-8."""

    def __init__(self, text):
        self.bytes = text if isinstance(text, bytes) else text.encode("utf-8")


def emit(value):
    """Serializes `value` (dicts, lists, strings, numbers, Raw) as compact JSON bytes."""
    if isinstance(value, Raw):
        return value.bytes
    if isinstance(value, dict):
        members = [emit(key) + b":" + emit(item) for key, item in value.items()]
        return b"{" + b",".join(members) + b"}"
    if isinstance(value, list):
        return b"[" + b",".join(emit(item) for item in value) + b"]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).encode("utf-8")
    if value is True:
        return b"true"
    if value is False:
        return b"false"
    if value is None:
        return b"null"
    if isinstance(value, (int, float)):
        return repr(value).encode()
    raise TypeError(value)


def to_bytes(data):
    """The bytes of a case: bytes as they are, a str in UTF-8, anything else serialized."""
    if isinstance(data, bytes):
        return data
    if isinstance(data, str):
        return data.encode("utf-8")
    return emit(data)


def tokens(pointer):
    """The reference tokens of an RFC 6901 pointer."""
    if pointer == "":
        return []
    assert pointer.startswith("/"), pointer
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def replaced(document, pointer, value):
    """A copy of `document` with the value at `pointer` replaced (or added, for a new key)."""
    result = copy.deepcopy(document)
    if pointer == "":
        return value
    *parents, last = tokens(pointer)
    node = result
    for token in parents:
        node = node[int(token)] if isinstance(node, list) else node[token]
    if isinstance(node, list) and int(last) == len(node):
        node.append(value)
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return result


def removed(document, pointer):
    """A copy of `document` without the value at `pointer`."""
    result = copy.deepcopy(document)
    *parents, last = tokens(pointer)
    node = result
    for token in parents:
        node = node[int(token)] if isinstance(node, list) else node[token]
    del node[last]
    return result


def position(data, offset):
    """The line:column the header promises for a syntax error at byte `offset` (1-based, bytes)."""
    before = data[:offset]
    line = before.count(b"\n") + 1
    column = offset - (before.rfind(b"\n") + 1) + 1
    return f"{line}:{column}"


# Pieces of configurations, in the words of docs/CONFIG.md.
def FW(f):
    return {"fractionalWidth": f}


def FH(f):
    return {"fractionalHeight": f}


def ABS(v):
    return {"absolute": v}


def EST(v):
    return {"estimated": v}


def size(w, h):
    return {"widthDimension": w, "heightDimension": h}


def item(w=FW(1), h=FH(1), **keys):
    return {"layoutSize": size(w, h), **keys}


def group(axis, w, h, **keys):
    return {"group": axis, "layoutSize": size(w, h), **keys}


def row(height=44, columns=2):
    """A horizontal row `height` points tall of `columns` cells: the usual grid."""
    return group("horizontal", FW(1), ABS(height), subitems=[item(FW(1 / columns))])


def section(count=3, g=None, **keys):
    return {"itemCount": count, "group": g if g is not None else row(), **keys}


def layout(*sections, **keys):
    return {**keys, "sections": list(sections)}


BASE = layout(section())
FLOW = {"flowLayout": {"itemSize": {"width": 100, "height": 100}, "minimumLineSpacing": 8},
        "sections": [{"itemCount": 5}]}

# Every key of a compositional configuration, valid and solvable at 390 x 844: the base of the
# wrong-type and number cases, so that each case breaks exactly one value.
RICH = {
    "version": 1,
    "configuration": {
        "scrollDirection": "vertical",
        "interSectionSpacing": 8,
        "boundarySupplementaryItems": [
            {"elementKind": "title", "alignment": "top", "layoutSize": size(FW(1), EST(30))}],
        "scrolling": {
            "snapUnit": "item", "alignment": "start", "decelerationRate": "fast",
            "maxPagesPerGesture": 1, "contentInset": {"top": 10, "bottom": 10},
            "velocityThresholds": {"fling": 300, "free": 5000},
            "spring": {"dampingRatio": 1, "response": 0.3}, "bounce": "always"},
    },
    "environment": {
        "container": {"width": 390, "height": 844},
        "contentInsets": {"top": 47, "leading": 0, "bottom": 34, "trailing": 0},
        "layoutDirection": "leftToRight",
        "displayScale": 3,
    },
    "sections": [
        {
            "itemCount": 12,
            "group": group(
                "horizontal", FW(1), ABS(120),
                subitems=[
                    item(FW(0.5), FH(1),
                         contentInsets={"top": 2, "leading": 2, "bottom": 2, "trailing": 2},
                         edgeSpacing={"leading": {"flexible": 0}},
                         supplementaryItems=[{
                             "elementKind": "badge", "layoutSize": size(ABS(20), ABS(20)),
                             "containerAnchor": {"edges": ["top", "trailing"],
                                                 "offset": {"x": 5, "y": -5}},
                             "itemAnchor": {"edges": ["top", "trailing"],
                                            "fractionalOffset": {"x": 0, "y": 0}},
                             "zIndex": 2}]),
                    group("vertical", FW(0.5), FH(1), subitem=item(FW(1), FH(0.5)), count=2,
                          interItemSpacing={"fixed": 4}),
                ],
                interItemSpacing={"fixed": 8},
                contentInsets={"top": 0, "leading": 16, "bottom": 0, "trailing": 16},
                edgeSpacing={"top": {"fixed": 4}}),
            "contentInsets": {"top": 8, "leading": 0, "bottom": 8, "trailing": 0},
            "interGroupSpacing": 10,
            "orthogonalScrollingBehavior": "none",
            "boundarySupplementaryItems": [{
                "elementKind": "header", "alignment": "top", "layoutSize": size(FW(1), ABS(44)),
                "offset": {"x": 0, "y": 0}, "extendsBoundary": True, "pinToVisibleBounds": True,
                "zIndex": 3, "contentInsets": {"leading": 16, "trailing": 16}}],
            "decorationItems": [{"elementKind": "background", "contentInsets": {"top": 4},
                                 "zIndex": -1}],
            "supplementariesFollowContentInsets": False,
        },
        {
            "itemCount": 20,
            "group": group("horizontal", FW(0.8), FW(0.5),
                           repeatingSubitem=item(ABS(100), FH(1)), count=3),
            "interGroupSpacing": 12,
            "orthogonalScrollingBehavior": "groupPagingCentered",
            "orthogonalScrollingProperties": {
                "snapUnit": "group", "alignment": 0.5,
                "scrollPadding": {"leading": 8, "trailing": 8}, "containment": "keepSnaps",
                "insufficientContentAlignment": "center", "decelerationRate": 0.99,
                "directionalGuard": True, "positionalThreshold": 0.3, "algorithm": "standard",
                "rounding": "round", "decayLanding": {"minimumRate": 0.99, "maximumRate": 0.999},
                "pageLength": 300},
            "visibleItemEffects": {"scale": {"center": 1, "edge": 0.8},
                                   "alpha": {"center": 1, "edge": 0.5},
                                   "zIndex": {"center": 10, "edge": 0}, "distance": 1},
        },
    ],
}
S0 = "/sections/0"
G0 = S0 + "/group"
ITEM0 = G0 + "/subitems/0"
BADGE = ITEM0 + "/supplementaryItems/0"
HEADER = S0 + "/boundarySupplementaryItems/0"
S1 = "/sections/1"
ORTHO = S1 + "/orthogonalScrollingProperties"
SCROLL = "/configuration/scrolling"
