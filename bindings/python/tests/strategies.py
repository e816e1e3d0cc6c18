"""Hypothesis strategies for valid SnapLayout configurations (docs/CONFIG.md's ranges).

Two families of compositional layouts:

- ``compositional_configs(fitting=False)``: anything the configuration reference allows
  (within small sizes and counts): edge spacing, aspect-ratio dimensions, absolute children in
  ``repeatingSubitem`` groups, estimated lengths anywhere, negative boundary offsets...
  Some cannot be solved at a given container size (a first child that cannot fit): the library
  then raises ConfigError, which the properties accept.
- ``compositional_configs(fitting=True)``: the layouts whose children fit their groups by
  construction, so that every cell must lie inside the content and siblings must not overlap
  (docs/LAYOUT-RULES.md): no edge spacing; a child's length across its group's axis is a
  fraction (at most 1) of the group's, or an estimate when the group is itself estimated on
  that axis; along the axis, fractions, absolute lengths (the fit loop drops children that
  overflow) or, in ``count`` groups, fractions whose ``count`` copies fit; the root group's
  length across the scroll axis is a fraction of the container; every inset and spacing is
  non-negative.

Plus flow layouts (``flow_configs``) and scrolling settings for both, which sometimes ask to
loop (``"loop"``, docs/SNAPPING.md, "Looping"), always with the standard algorithm, the only one
a loop takes. ``looping_orthogonal_configs`` always have an orthogonal section that asks to loop,
``looping_main_configs`` a main scroll that does; ``nonstandard_loops`` makes the combination
the library refuses (a loop with another algorithm) with the JSON Pointer of the refused
``"loop"``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Dict, List, Optional

from hypothesis import strategies as st

Config = Dict[str, Any]

AXES = ("horizontal", "vertical")
BEHAVIORS = (
    "none",
    "continuous",
    "continuousGroupLeadingBoundary",
    "paging",
    "groupPaging",
    "groupPagingCentered",
)
ALIGNMENTS = (
    "top",
    "topLeading",
    "leading",
    "bottomLeading",
    "bottom",
    "bottomTrailing",
    "trailing",
    "topTrailing",
)
EDGES = ("top", "leading", "bottom", "trailing")
OPPOSITE = {"top": "bottom", "bottom": "top", "leading": "trailing", "trailing": "leading"}


@lru_cache(maxsize=None)
def lengths(low: float, high: float) -> st.SearchStrategy[float]:
    """Lengths in points: mostly whole or half points, sometimes arbitrary doubles."""
    return st.one_of(
        st.integers(int(low * 2), int(high * 2)).map(lambda v: v / 2),
        st.floats(low, high, allow_nan=False, allow_infinity=False),
    )


@lru_cache(maxsize=None)
def fractions(low: float = 0.05, high: float = 1.0) -> st.SearchStrategy[float]:
    return st.one_of(
        st.sampled_from(
            [
                f
                for f in (0.1, 0.2, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 0.8, 0.85, 1.0)
                if low <= f <= high
            ]
        ),
        st.floats(low, high, allow_nan=False),
    )


@lru_cache(maxsize=None)
def insets(
    high: float = 20, keys=("top", "leading", "bottom", "trailing")
) -> st.SearchStrategy[Dict[str, float]]:
    return st.fixed_dictionaries({}, optional={k: lengths(0, high) for k in keys})


@lru_cache(maxsize=None)
def spacing(high: float = 16) -> st.SearchStrategy[Dict[str, float]]:
    return st.one_of(
        st.fixed_dictionaries({"fixed": lengths(0, high)}),
        st.fixed_dictionaries({"flexible": lengths(0, high)}),
    )


# -- dimensions -------------------------------------------------------------------------------

# An axis is "x" or "y"; a same-axis fraction is fractionalWidth for x, fractionalHeight for y.
SAME = {"x": "fractionalWidth", "y": "fractionalHeight"}
OTHER = {"x": "fractionalHeight", "y": "fractionalWidth"}

# Leaf strategies are made once (lru_cache) and drawn from plain functions: building strategy
# objects inside every draw costs more than running the library.
BOOLEANS = st.booleans()
ONE_IN_THREE = st.integers(0, 2)
ONE_IN_FOUR = st.integers(0, 3)


@lru_cache(maxsize=None)
def absolute(low: float, high: float) -> st.SearchStrategy[Dict[str, float]]:
    return st.fixed_dictionaries({"absolute": lengths(low, high)})


@lru_cache(maxsize=None)
def fractional(
    key: str, low: float = 0.05, high: float = 1.0
) -> st.SearchStrategy[Dict[str, float]]:
    return st.fixed_dictionaries({key: fractions(low, high)})


@lru_cache(maxsize=None)
def estimate(low: float = 8, high: float = 120) -> st.SearchStrategy[Dict[str, float]]:
    return st.one_of(
        st.fixed_dictionaries({"estimated": lengths(low, high)}),
        st.fixed_dictionaries({"uniformAcrossSiblings": lengths(low, high)}),
    )


@lru_cache(maxsize=None)
def one_of(*strategies: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(*strategies)


@lru_cache(maxsize=None)
def edge_spacing() -> st.SearchStrategy[Dict[str, Dict[str, float]]]:
    return st.fixed_dictionaries(
        {}, optional={e: spacing(12) for e in ("leading", "top", "trailing", "bottom")}
    )


@lru_cache(maxsize=None)
def dimension(
    axis: str,
    along: bool,
    parent_estimated: bool,
    fitting: bool,
    count_fraction: Optional[int] = None,
) -> st.SearchStrategy[Dict[str, float]]:
    """A child's dimension on ``axis`` of its group; ``along`` when it is the group's axis."""
    same = fractional(SAME[axis])
    if count_fraction is not None:  # a count group's child in a fitting layout
        same = fractional(SAME[axis], 0.05, 1 / count_fraction)
    if not fitting:
        return one_of(same, absolute(0, 160), estimate(), fractional(OTHER[axis], 0.05, 2.0))
    options = [same]
    if along and count_fraction is None:
        options.append(absolute(0, 160))
    if parent_estimated and not (along and count_fraction is not None):
        options.append(estimate())
    return one_of(*options)


def is_estimated(value: Dict[str, float]) -> bool:
    return "estimated" in value or "uniformAcrossSiblings" in value


# -- items and groups -------------------------------------------------------------------------

EDGE_LISTS = st.lists(st.sampled_from(EDGES), unique=True, max_size=2).filter(
    lambda e: len(e) < 2 or OPPOSITE[e[0]] != e[1]
)
UNIT = st.floats(-1, 1)
BADGE_WIDTH = one_of(absolute(2, 30), fractional("fractionalWidth", 0.1, 0.5))
BADGE_HEIGHT = one_of(absolute(2, 30), fractional("fractionalHeight", 0.1, 0.5))
Z = st.integers(-5, 5)
AXIS = st.sampled_from(AXES)
FORMS = st.sampled_from(("subitems", "subitem", "repeatingSubitem"))
CHILDREN = st.integers(1, 3)
COUNTS = st.integers(1, 4)


def draw_badges(draw: st.DrawFn) -> List[Config]:
    if not draw(BOOLEANS):
        return []
    anchor: Config = {"edges": draw(EDGE_LISTS)}
    if draw(BOOLEANS):
        anchor["fractionalOffset"] = {"x": draw(UNIT), "y": draw(UNIT)}
    else:
        anchor["offset"] = {"x": draw(lengths(-10, 10)), "y": draw(lengths(-10, 10))}
    badge: Config = {
        "elementKind": "badge",
        "containerAnchor": anchor,
        "layoutSize": {"widthDimension": draw(BADGE_WIDTH), "heightDimension": draw(BADGE_HEIGHT)},
    }
    if draw(BOOLEANS):
        badge["zIndex"] = draw(Z)
    return [badge]


def draw_child(
    draw: st.DrawFn,
    group_axis: str,
    group_size: Dict[str, Any],
    depth: int,
    fitting: bool,
    count_fraction: Optional[int] = None,
) -> Config:
    """An item or a nested group inside a group arranged along ``group_axis``."""
    along = "x" if group_axis == "horizontal" else "y"
    across = "y" if along == "x" else "x"
    estimated_on = {
        "x": is_estimated(group_size["widthDimension"]),
        "y": is_estimated(group_size["heightDimension"]),
    }
    dims = {
        axis: draw(
            dimension(
                axis,
                axis == along,
                estimated_on[axis],
                fitting,
                count_fraction if axis == along else None,
            )
        )
        for axis in (along, across)
    }
    layout_size = {"widthDimension": dims["x"], "heightDimension": dims["y"]}
    if depth < 3 and draw(ONE_IN_FOUR) == 0:
        return draw_group(draw, layout_size, depth + 1, fitting)
    item: Config = {"layoutSize": layout_size}
    if draw(BOOLEANS):
        item["contentInsets"] = draw(insets(8))
    if not fitting and draw(ONE_IN_FOUR) == 0:
        item["edgeSpacing"] = draw(edge_spacing())
    supplementary = draw_badges(draw)
    if supplementary:
        item["supplementaryItems"] = supplementary
    return item


def draw_group(draw: st.DrawFn, layout_size: Dict[str, Any], depth: int, fitting: bool) -> Config:
    axis = draw(AXIS)
    group: Config = {"group": axis, "layoutSize": layout_size}
    form = draw(FORMS)
    if form == "subitems":
        group["subitems"] = [
            draw_child(draw, axis, layout_size, depth, fitting) for _ in range(draw(CHILDREN))
        ]
    else:
        count = draw(COUNTS)
        # `subitem` rewrites the child's length along the axis to 1/count of the group: in a
        # fitting layout it is drawn as a fraction, so that its own children do not take it
        # for an estimated group. `repeatingSubitem` keeps it: count copies must fit.
        fraction_limit = (count if form == "repeatingSubitem" else 1) if fitting else None
        group[form] = draw_child(draw, axis, layout_size, depth, fitting, fraction_limit)
        group["count"] = count
    if draw(BOOLEANS):
        group["interItemSpacing"] = draw(spacing(12))
    if draw(ONE_IN_FOUR) == 0:
        group["contentInsets"] = draw(insets(6))
    if not fitting and draw(st.integers(0, 4)) == 0:
        group["edgeSpacing"] = draw(edge_spacing())
    return group


def draw_root_group(draw: st.DrawFn, scroll: str, orthogonal: bool, fitting: bool) -> Config:
    # The scroll axis ("main") and the axis across it, in the host's x/y.
    main, cross = ("y", "x") if scroll == "vertical" else ("x", "y")
    if orthogonal:  # groups repeat across the main axis, in one row
        row = {
            cross: draw(one_of(fractional(SAME[cross], 0.3, 1.0), absolute(40, 300))),
            main: draw(
                one_of(absolute(20, 250), fractional(SAME[main], 0.1, 0.5), estimate(20, 200))
            ),
        }
    else:
        cross_dim = fractional(SAME[cross], 0.2, 1.0)
        if not fitting:
            cross_dim = one_of(cross_dim, absolute(40, 400))
        row = {
            cross: draw(cross_dim),
            main: draw(
                one_of(
                    absolute(10, 250),
                    fractional(OTHER[main], 0.1, 1.5),
                    fractional(SAME[main], 0.05, 0.5),
                    estimate(20, 200),
                )
            ),
        }
    size = {"widthDimension": row["x"], "heightDimension": row["y"]}
    return draw_group(draw, size, 0, fitting)


ALIGNMENT = st.sampled_from(ALIGNMENTS)
BOUNDARY_WIDTH = one_of(fractional("fractionalWidth", 0.2, 1.0), absolute(10, 200))
BOUNDARY_HEIGHT = one_of(absolute(10, 60), st.fixed_dictionaries({"estimated": lengths(10, 60)}))
SMALL_Z = st.integers(-3, 3)


def draw_boundary_items(draw: st.DrawFn, kinds: List[str], fitting: bool) -> List[Config]:
    items = []
    for kind in kinds:
        if not draw(BOOLEANS):
            continue
        item: Config = {
            "elementKind": kind,
            "alignment": draw(ALIGNMENT),
            "layoutSize": {
                "widthDimension": draw(BOUNDARY_WIDTH),
                "heightDimension": draw(BOUNDARY_HEIGHT),
            },
        }
        if draw(BOOLEANS):
            item["extendsBoundary"] = draw(BOOLEANS)
        if draw(BOOLEANS):
            item["pinToVisibleBounds"] = draw(BOOLEANS)
        if draw(ONE_IN_FOUR) == 0:
            item["zIndex"] = draw(SMALL_Z)
        if draw(ONE_IN_FOUR) == 0:
            item["contentInsets"] = draw(insets(5))
        if not fitting and draw(ONE_IN_FOUR) == 0:
            item["offset"] = {"x": draw(lengths(-20, 20)), "y": draw(lengths(-20, 20))}
        items.append(item)
    return items


SCROLLING_KEYS: Dict[str, st.SearchStrategy[Any]] = {
    "snapUnit": st.sampled_from(("none", "page", "item", "group")),
    "pageLength": lengths(10, 800),
    "alignment": st.one_of(st.sampled_from(("start", "center", "end")), st.floats(0, 1)),
    "scrollPadding": insets(40),
    "containment": st.sampled_from(("trimSnaps", "keepSnaps", "none")),
    "insufficientContentAlignment": st.sampled_from(("start", "center", "end")),
    "maxPagesPerGesture": st.integers(0, 3),
    "velocityThresholds": st.fixed_dictionaries(
        {}, optional={"fling": lengths(0, 1000), "free": lengths(0, 5000)}
    ),
    "decelerationRate": st.one_of(st.sampled_from(("normal", "fast")), st.floats(0.9, 0.999)),
    "directionalGuard": st.booleans(),
    "positionalThreshold": st.floats(0.05, 0.95),
    "algorithm": st.sampled_from(("standard", "uikitWillEndDragging", "uikitTargetContentOffset")),
    "rounding": st.sampled_from(("round", "directional")),
    "spring": st.one_of(
        st.fixed_dictionaries(
            {"dampingRatio": st.floats(0.1, 2.0), "response": st.floats(0.05, 1.0)}
        ),
        st.fixed_dictionaries(
            {
                "mass": st.floats(0.1, 10),
                "stiffness": st.floats(1, 1000),
                "damping": st.floats(0.1, 100),
            }
        ),
    ),
    "decayLanding": st.tuples(st.floats(0.95, 0.9999), st.floats(0.95, 0.9999)).map(
        lambda pair: {"minimumRate": min(pair), "maximumRate": max(pair)}
    ),
    "bounce": st.sampled_from(("automatic", "always", "never")),
    "slowRelease": st.sampled_from(("projection", "positional")),
    "mergeDistance": st.one_of(st.sampled_from((0, 1, 5000)), lengths(0, 60)),
}
MAIN_SCROLLING_KEYS = dict(SCROLLING_KEYS, contentInset=insets(60))
SECTION_SETTINGS = st.lists(st.sampled_from(sorted(SCROLLING_KEYS)), unique=True, max_size=6)
MAIN_SETTINGS = st.lists(st.sampled_from(sorted(MAIN_SCROLLING_KEYS)), unique=True, max_size=6)


# "loop" (docs/SNAPPING.md, "Looping"): mostly true, sometimes false; never beside an
# `algorithm` other than "standard", which the library refuses (nonstandard_loops below makes
# that combination on purpose).
LOOP = st.sampled_from((True, True, True, False))
NONSTANDARD_ALGORITHMS = st.sampled_from(("uikitWillEndDragging", "uikitTargetContentOffset"))


def is_standard(settings: Config) -> bool:
    return settings.get("algorithm", "standard") == "standard"


def draw_scrolling_settings(draw: st.DrawFn, main: bool, loop: Optional[bool] = None) -> Config:
    """configuration.scrolling (main=True) or a section's orthogonalScrollingProperties.

    ``"loop"`` is added one time in three (``loop=True``: always, as true, the algorithm then
    standard; ``loop=False``: never).
    """
    keys = MAIN_SCROLLING_KEYS if main else SCROLLING_KEYS
    chosen = draw(MAIN_SETTINGS if main else SECTION_SETTINGS)
    settings = {key: draw(keys[key]) for key in chosen}
    if loop:
        settings["loop"] = True
        if not is_standard(settings):
            settings["algorithm"] = "standard"
    elif loop is None and is_standard(settings) and draw(ONE_IN_THREE) == 0:
        settings["loop"] = draw(LOOP)
    return settings


BEHAVIOR = st.sampled_from(BEHAVIORS)
LOOPING_BEHAVIOR = st.sampled_from(BEHAVIORS[1:])
SMALL_COUNTS = st.integers(0, 24)
LOOPING_COUNTS = st.integers(3, 24)
HUGE_COUNTS = st.one_of(st.integers(0, 100), st.integers(0, 10**12))
VISIBLE_ITEM_EFFECTS = st.fixed_dictionaries(
    {},
    optional={
        "scale": st.fixed_dictionaries(
            {"center": st.floats(0.5, 1.5), "edge": st.floats(0.5, 1.5)}
        ),
        "alpha": st.fixed_dictionaries({"center": st.floats(0, 1), "edge": st.floats(0, 1)}),
        "zIndex": st.fixed_dictionaries({"center": st.integers(0, 5), "edge": st.integers(0, 5)}),
        "distance": st.floats(0.25, 4),
    },
)


def draw_section(
    draw: st.DrawFn, scroll: str, fitting: bool, huge: bool, looping: bool = False
) -> Config:
    """A section; ``looping``: an orthogonal one with ``"loop": true``."""
    if looping:
        behavior = draw(LOOPING_BEHAVIOR)
    else:
        behavior = draw(BEHAVIOR) if draw(ONE_IN_THREE) == 0 else "none"
    section: Config = {
        "itemCount": draw(LOOPING_COUNTS if looping else HUGE_COUNTS if huge else SMALL_COUNTS),
        "group": draw_root_group(draw, scroll, behavior != "none", fitting),
    }
    if behavior != "none":
        section["orthogonalScrollingBehavior"] = behavior
        if looping or draw(BOOLEANS):
            section["orthogonalScrollingProperties"] = draw_scrolling_settings(
                draw, False, True if looping else None
            )
    if draw(BOOLEANS):
        section["contentInsets"] = draw(insets(24))
    if draw(BOOLEANS):
        section["interGroupSpacing"] = draw(lengths(0, 20))
    boundary = draw_boundary_items(draw, ["header", "footer", "side"], fitting)
    if boundary:
        section["boundarySupplementaryItems"] = boundary
    if draw(ONE_IN_THREE) == 0:
        section["decorationItems"] = [
            {"elementKind": "background", "contentInsets": draw(insets(6))}
        ]
    if draw(ONE_IN_FOUR) == 0:
        section["supplementariesFollowContentInsets"] = draw(BOOLEANS)
    if draw(ONE_IN_FOUR) == 0:
        section["visibleItemEffects"] = draw(VISIBLE_ITEM_EFFECTS)
    if draw(ONE_IN_FOUR) == 0:
        section["variants"] = draw_variants(draw, scroll, behavior != "none", fitting)
    return section


VARIANT_COUNTS = st.integers(1, 3)
BOUNDS = st.integers(0, 1400)


def draw_when(draw: st.DrawFn, last: bool) -> Config:
    """A variant's ranges (docs/CONFIG.md, "Variants"): each maximum above its minimum; empty
    only for the last variant."""
    when: Config = {}
    for axis in ("Width", "Height"):
        if draw(BOOLEANS):
            when["min" + axis] = draw(BOUNDS)
        if draw(ONE_IN_THREE) == 0:
            when["max" + axis] = when.get("min" + axis, 0) + 1 + draw(BOUNDS)
    if not when and not last:
        when["minWidth"] = draw(BOUNDS)
    return when


def draw_variants(draw: st.DrawFn, scroll: str, orthogonal: bool, fitting: bool) -> List[Config]:
    """A section's variants: another root group, spacing or insets. The behavior and its
    scrolling settings stay the section's (the snapping properties read them from the
    section)."""
    count = draw(VARIANT_COUNTS)
    variants: List[Config] = []
    for index in range(count):
        variant: Config = {"when": draw_when(draw, index == count - 1)}
        if draw(BOOLEANS):
            variant["group"] = draw_root_group(draw, scroll, orthogonal, fitting)
        if draw(ONE_IN_THREE) == 0:
            variant["interGroupSpacing"] = draw(lengths(0, 20))
        if draw(ONE_IN_THREE) == 0:
            variant["contentInsets"] = draw(insets(24))
        variants.append(variant)
    return variants


SCALES = st.sampled_from((0, 1, 2, 3))


def draw_environment(draw: st.DrawFn) -> Config:
    env: Config = {}
    if draw(ONE_IN_FOUR) == 0:
        env["contentInsets"] = draw(insets(30))
    if draw(ONE_IN_FOUR) == 0:
        env["layoutDirection"] = "rightToLeft"
    if draw(BOOLEANS):
        env["displayScale"] = draw(SCALES)
    return env


SCROLL_DIRECTIONS = st.sampled_from(("vertical", "horizontal"))
SECTION_COUNTS = st.integers(0, 4)


@st.composite
def compositional_configs(draw: st.DrawFn, fitting: bool = False, huge: bool = False) -> Config:
    scroll = draw(SCROLL_DIRECTIONS)
    configuration: Config = {"scrollDirection": scroll}
    if draw(BOOLEANS):
        configuration["interSectionSpacing"] = draw(lengths(0, 30))
    layout_items = draw_boundary_items(draw, ["title", "credits"], fitting)
    if layout_items:
        configuration["boundarySupplementaryItems"] = layout_items
    if draw(BOOLEANS):
        configuration["scrolling"] = draw_scrolling_settings(draw, True)
    count = draw(SECTION_COUNTS)
    config: Config = {
        "version": 1,
        "configuration": configuration,
        "sections": [draw_section(draw, scroll, fitting, huge) for _ in range(count)],
    }
    env = draw_environment(draw)
    if env:
        config["environment"] = env
    return config


@st.composite
def looping_orthogonal_configs(draw: st.DrawFn, fitting: bool = False) -> Config:
    """A compositional layout with at least one orthogonal section whose
    orthogonalScrollingProperties have ``"loop": true`` (the others as compositional_configs
    draws them). Whether it loops (enough content) is for the library to say."""
    config = draw(compositional_configs(fitting=fitting))
    scroll = config["configuration"]["scrollDirection"]
    sections = config["sections"]
    at = draw(st.integers(0, len(sections)))
    sections.insert(at, draw_section(draw, scroll, fitting, False, looping=True))
    return config


@st.composite
def looping_main_configs(draw: st.DrawFn) -> Config:
    """A compositional or flow layout whose configuration.scrolling has ``"loop": true``."""
    config = draw(st.one_of(compositional_configs(), flow_configs()))
    config.setdefault("configuration", {})["scrolling"] = draw_scrolling_settings(draw, True, True)
    return config


@st.composite
def nonstandard_loops(draw: st.DrawFn) -> Any:
    """(config, path): a valid compositional or flow layout given one container with
    ``"loop": true`` and a non-standard algorithm, which the library refuses at ``path``, the
    JSON Pointer of that "loop"."""
    config = draw(st.one_of(compositional_configs(), flow_configs()))
    orthogonal = [
        index
        for index, section in enumerate(config["sections"])
        if section.get("orthogonalScrollingBehavior", "none") != "none"
    ]
    if orthogonal and draw(BOOLEANS):
        index = draw(st.sampled_from(orthogonal))
        settings = config["sections"][index].setdefault("orthogonalScrollingProperties", {})
        path = f"/sections/{index}/orthogonalScrollingProperties/loop"
    else:
        settings = config.setdefault("configuration", {}).setdefault("scrolling", {})
        path = "/configuration/scrolling/loop"
    settings["algorithm"] = draw(NONSTANDARD_ALGORITHMS)
    settings["loop"] = True
    return config, path


FLOW_SIZE = st.fixed_dictionaries({"width": lengths(1, 260), "height": lengths(1, 260)})
FLOW_OPTIONAL = {
    "minimumLineSpacing": lengths(0, 20),
    "minimumInteritemSpacing": lengths(0, 20),
    "sectionInset": insets(30, ("top", "left", "bottom", "right")),
    "headerReferenceSize": FLOW_SIZE,
    "footerReferenceSize": FLOW_SIZE,
}
FLOW_LAYOUT_KEYS = st.fixed_dictionaries({}, optional=FLOW_OPTIONAL)
FLOW_SECTION_KEYS = st.fixed_dictionaries({}, optional=dict(FLOW_OPTIONAL, itemSize=FLOW_SIZE))
FLOW_SECTIONS = st.integers(1, 3)
FLOW_COUNTS = st.integers(0, 30)


@st.composite
def flow_configs(draw: st.DrawFn) -> Config:
    flow: Config = {"scrollDirection": draw(SCROLL_DIRECTIONS)}
    flow.update(draw(FLOW_LAYOUT_KEYS))
    if draw(BOOLEANS):
        flow["itemSize"] = draw(FLOW_SIZE)
    if draw(ONE_IN_THREE) == 0:
        flow["estimatedItemSize"] = draw(FLOW_SIZE)
    if draw(ONE_IN_THREE) == 0:
        flow["sectionHeadersPinToVisibleBounds"] = True
    if draw(ONE_IN_FOUR) == 0:
        flow["sectionFootersPinToVisibleBounds"] = True
    section_list = []
    for _ in range(draw(FLOW_SECTIONS)):
        count = draw(FLOW_COUNTS)
        section: Config = {"itemCount": count}
        section.update(draw(FLOW_SECTION_KEYS))
        if draw(BOOLEANS):
            section["itemSizes"] = [draw(FLOW_SIZE) for _ in range(count)]
        if draw(ONE_IN_FOUR) == 0:
            section["decorationItems"] = [{"elementKind": "background"}]
        if draw(ONE_IN_FOUR) == 0:
            section["visibleItemEffects"] = draw(VISIBLE_ITEM_EFFECTS)
        section_list.append(section)
    config: Config = {"flowLayout": flow, "sections": section_list}
    if draw(BOOLEANS):
        config["configuration"] = {"scrolling": draw_scrolling_settings(draw, True)}
    env = draw_environment(draw)
    if env:
        config["environment"] = env
    return config


CONTAINERS = st.tuples(lengths(120, 1200), lengths(120, 1400))
RELEASE_POSITION = st.floats(-0.4, 1.4)
VELOCITIES = st.one_of(st.just(0.0), st.floats(-20000, 20000), st.floats(-300, 300))


def draw_release(draw: st.DrawFn, low: float, high: float, snap_count: int) -> Config:
    """A drag on a container whose offsets span [low, high], sometimes beyond the bounds."""
    span = max(high - low, 100.0)
    release: Config = {
        "start_offset": low + span * draw(RELEASE_POSITION),
        "release_offset": low + span * draw(RELEASE_POSITION),
        "velocity": draw(VELOCITIES),
    }
    if snap_count > 0 and draw(BOOLEANS):
        release["reference_snap"] = draw(st.integers(0, min(snap_count, 2**62) - 1))
    return release
