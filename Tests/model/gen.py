"""Seeded random configurations from every key of docs/CONFIG.md, and random values for API
calls. Everything is drawn from one random.Random, so a seed names a configuration and its
whole step sequence (docs/TESTING-MODEL.md).
"""

from __future__ import annotations

import json
import random
from typing import Any, Dict, List

Json = Dict[str, Any]

BEHAVIORS = [
    "continuous",
    "continuousGroupLeadingBoundary",
    "paging",
    "groupPaging",
    "groupPagingCentered",
]
ALIGNMENTS = [
    "top",
    "topLeading",
    "leading",
    "bottomLeading",
    "bottom",
    "bottomTrailing",
    "trailing",
    "topTrailing",
]
EDGES = ["top", "leading", "bottom", "trailing"]
OPPOSITE = {"top": "bottom", "bottom": "top", "leading": "trailing", "trailing": "leading"}


class Gen:
    def __init__(self, rng: random.Random) -> None:
        self.r = rng

    # -- numbers -------------------------------------------------------------------------------

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def length(self, low: float, high: float) -> float:
        """Mostly whole or half points, sometimes an arbitrary double."""
        if self.chance(0.75):
            return self.r.randint(int(low * 2), int(high * 2)) / 2
        return self.r.uniform(low, high)

    def fraction(self, low: float = 0.05, high: float = 1.0) -> float:
        if self.chance(0.6):
            choices = [
                f for f in (0.1, 0.2, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 0.8, 1.0) if low <= f <= high
            ]
            if choices:
                return self.r.choice(choices)
        return self.r.uniform(low, high)

    def insets(self, high: float, keys=("top", "leading", "bottom", "trailing")) -> Json:
        return {k: self.length(0, high) for k in keys if self.chance(0.5)}

    def spacing(self, high: float) -> Json:
        return {"flexible" if self.chance(0.3) else "fixed": self.length(0, high)}

    # -- dimensions, items, groups -------------------------------------------------------------

    def dimension(
        self, axis: str, along: bool, estimated_parent: bool, count_share: int = 0
    ) -> Json:
        same = "fractionalWidth" if axis == "x" else "fractionalHeight"
        other = "fractionalHeight" if axis == "x" else "fractionalWidth"
        roll = self.r.random()
        if roll < 0.45:
            high = 1.0 / count_share if count_share else 1.0
            return {same: self.fraction(0.05, high)}
        if roll < 0.7:
            return {"absolute": self.length(0 if self.chance(0.05) else 4, 140 if along else 160)}
        if roll < 0.9 or estimated_parent:
            key = "estimated" if self.chance(0.8) else "uniformAcrossSiblings"
            return {key: self.length(8, 120)}
        return {other: self.fraction(0.05, 1.5)}

    def badge(self) -> Json:
        edges: List[str] = []
        for e in self.r.sample(EDGES, self.r.randint(0, 2)):
            if OPPOSITE[e] not in edges:
                edges.append(e)
        anchor: Json = {"edges": edges}
        if self.chance(0.5):
            anchor["fractionalOffset"] = {"x": self.r.uniform(-1, 1), "y": self.r.uniform(-1, 1)}
        elif self.chance(0.7):
            anchor["offset"] = {"x": self.length(-10, 10), "y": self.length(-10, 10)}
        badge: Json = {
            "elementKind": self.r.choice(["badge", "dot"]),
            "containerAnchor": anchor,
            "layoutSize": {
                "widthDimension": (
                    {"absolute": self.length(2, 30)}
                    if self.chance(0.6)
                    else {"fractionalWidth": self.fraction(0.1, 0.5)}
                ),
                "heightDimension": (
                    {"absolute": self.length(2, 30)}
                    if self.chance(0.6)
                    else {"fractionalHeight": self.fraction(0.1, 0.5)}
                ),
            },
        }
        if self.chance(0.3):
            item_edges = [e for e in edges if self.chance(0.7)]
            item_anchor: Json = {"edges": item_edges}
            if self.chance(0.5):
                item_anchor["offset"] = {"x": self.length(-5, 5), "y": self.length(-5, 5)}
            badge["itemAnchor"] = item_anchor
        if self.chance(0.3):
            badge["zIndex"] = self.r.randint(-5, 5)
        return badge

    def child(self, group_axis: str, group_size: Json, depth: int, count_share: int = 0) -> Json:
        along = "x" if group_axis == "horizontal" else "y"
        across = "y" if along == "x" else "x"
        est = {
            "x": is_estimated(group_size["widthDimension"]),
            "y": is_estimated(group_size["heightDimension"]),
        }
        dims = {
            along: self.dimension(along, True, est[along], count_share),
            across: self.dimension(across, False, est[across]),
        }
        size = {"widthDimension": dims["x"], "heightDimension": dims["y"]}
        if depth < 2 and self.chance(0.22):
            return self.group(size, depth + 1)
        item: Json = {"layoutSize": size}
        if self.chance(0.3):
            item["contentInsets"] = self.insets(8)
        if self.chance(0.15):
            item["edgeSpacing"] = {e: self.spacing(10) for e in EDGES if self.chance(0.4)}
        if self.chance(0.25):
            badges = [self.badge()]
            if self.chance(0.2):
                second = self.badge()
                second["elementKind"] = "dot" if badges[0]["elementKind"] == "badge" else "badge"
                badges.append(second)
            item["supplementaryItems"] = badges
        return item

    def group(self, size: Json, depth: int) -> Json:
        axis = self.r.choice(["horizontal", "vertical"])
        group: Json = {"group": axis, "layoutSize": size}
        form = self.r.choice(["subitems", "subitems", "subitem", "repeatingSubitem"])
        if form == "subitems":
            group["subitems"] = [self.child(axis, size, depth) for _ in range(self.r.randint(1, 3))]
        else:
            count = self.r.randint(1, 4)
            group[form] = self.child(axis, size, depth, count if form == "repeatingSubitem" else 0)
            group["count"] = count
        if self.chance(0.4):
            group["interItemSpacing"] = self.spacing(12)
        if self.chance(0.2):
            group["contentInsets"] = self.insets(6)
        if self.chance(0.12):
            group["edgeSpacing"] = {e: self.spacing(10) for e in EDGES if self.chance(0.4)}
        return group

    def root_group(self, scroll: str, orthogonal: bool) -> Json:
        main, cross = ("y", "x") if scroll == "vertical" else ("x", "y")
        same = {"x": "fractionalWidth", "y": "fractionalHeight"}
        other = {"x": "fractionalHeight", "y": "fractionalWidth"}
        if orthogonal:
            dims = {
                cross: (
                    {same[cross]: self.fraction(0.3, 1.0)}
                    if self.chance(0.7)
                    else {"absolute": self.length(40, 300)}
                ),
                main: self.r.choice(
                    [
                        {"absolute": self.length(20, 250)},
                        {same[main]: self.fraction(0.1, 0.5)},
                        {"estimated": self.length(20, 200)},
                    ]
                ),
            }
        else:
            dims = {
                cross: (
                    {same[cross]: self.fraction(0.2, 1.0)}
                    if self.chance(0.85)
                    else {"absolute": self.length(40, 400)}
                ),
                main: self.r.choice(
                    [
                        {"absolute": self.length(10, 250)},
                        {other[main]: self.fraction(0.1, 1.5)},
                        {same[main]: self.fraction(0.05, 0.5)},
                        {"estimated": self.length(20, 200)},
                        {"estimated": self.length(20, 200)},
                    ]
                ),
            }
            if self.chance(0.1):
                dims[cross] = {"estimated": self.length(40, 300)}
        return self.group({"widthDimension": dims["x"], "heightDimension": dims["y"]}, 0)

    # -- sections ------------------------------------------------------------------------------

    def boundary_items(self, kinds: List[str]) -> List[Json]:
        items = []
        for kind in kinds:
            if not self.chance(0.45):
                continue
            item: Json = {
                "elementKind": kind,
                "alignment": self.r.choice(ALIGNMENTS),
                "layoutSize": {
                    "widthDimension": (
                        {"fractionalWidth": self.fraction(0.2, 1.0)}
                        if self.chance(0.7)
                        else {"absolute": self.length(10, 200)}
                    ),
                    "heightDimension": (
                        {"absolute": self.length(10, 60)}
                        if self.chance(0.6)
                        else {"estimated": self.length(10, 60)}
                    ),
                },
            }
            if self.chance(0.3):
                item["extendsBoundary"] = self.chance(0.5)
            if self.chance(0.35):
                item["pinToVisibleBounds"] = self.chance(0.8)
            if self.chance(0.2):
                item["zIndex"] = self.r.randint(-3, 3)
            if self.chance(0.2):
                item["contentInsets"] = self.insets(5)
            if self.chance(0.2):
                item["offset"] = {"x": self.length(-20, 20), "y": self.length(-20, 20)}
            items.append(item)
        return items

    def scrolling(self, main: bool) -> Json:
        keys = {
            "snapUnit": lambda: self.r.choice(["none", "page", "item", "group", "item", "group"]),
            "pageLength": lambda: self.length(10, 800),
            "alignment": lambda: self.r.choice(["start", "center", "end", self.r.uniform(0, 1)]),
            "scrollPadding": lambda: self.insets(40),
            "containment": lambda: self.r.choice(["trimSnaps", "keepSnaps", "none"]),
            "insufficientContentAlignment": lambda: self.r.choice(["start", "center", "end"]),
            "maxPagesPerGesture": lambda: self.r.randint(0, 3),
            "initialIndex": lambda: self.r.choice([0, 1, 2, 5, 1000]),
            "velocityThresholds": lambda: {
                k: self.length(0, 3000) for k in ("fling", "free") if self.chance(0.6)
            },
            "decelerationRate": lambda: self.r.choice(
                ["normal", "fast", self.r.uniform(0.9, 0.999)]
            ),
            "directionalGuard": lambda: self.chance(0.5),
            "positionalThreshold": lambda: self.r.uniform(0.05, 0.95),
            "algorithm": lambda: self.r.choice(
                ["standard", "standard", "uikitWillEndDragging", "uikitTargetContentOffset"]
            ),
            "rounding": lambda: self.r.choice(["round", "directional"]),
            "spring": lambda: (
                {"dampingRatio": self.r.uniform(0.1, 2.0), "response": self.r.uniform(0.05, 1.0)}
                if self.chance(0.5)
                else {
                    "mass": self.r.uniform(0.1, 10),
                    "stiffness": self.r.uniform(1, 1000),
                    "damping": self.r.uniform(0.1, 100),
                }
            ),
            "decayLanding": lambda: dict(
                zip(
                    ("minimumRate", "maximumRate"),
                    sorted(self.r.uniform(0.95, 0.9999) for _ in range(2)),
                )
            ),
            "bounce": lambda: self.r.choice(["automatic", "always", "never"]),
        }
        if main:
            keys["contentInset"] = lambda: self.insets(60)
        chosen = self.r.sample(sorted(keys), self.r.randint(0, 6))
        if "snapUnit" not in chosen and self.chance(0.6):
            chosen.append("snapUnit")
        if "alignment" not in chosen and self.chance(0.4):
            chosen.append("alignment")
        settings = {k: keys[k]() for k in chosen}
        # Keys added later (issue 17) come from a stream of their own, seeded by the settings
        # drawn: the main stream, and so every other case of a seed, stays as it was.
        side = random.Random(json.dumps(settings, sort_keys=True))
        if side.random() < 0.3:
            settings["slowRelease"] = side.choice(["projection", "positional"])
        if side.random() < 0.3:
            settings["mergeDistance"] = side.choice(
                [1, side.randint(2, 120) / 2, side.uniform(1, 60), 5000]
            )
        # Pages of groups (SNAPPING.md, "Pages of what fits"), from a stream of their own too.
        pages = random.Random("groupsPerPage" + json.dumps(settings, sort_keys=True))
        if pages.random() < 0.25:
            settings["groupsPerPage"] = pages.choice([1, 2, 3, pages.randint(2, 6), "fit"])
        return settings

    def effects(self) -> Json:
        e: Json = {}
        if self.chance(0.6):
            e["scale"] = {"center": self.r.uniform(0.5, 1.5), "edge": self.r.uniform(0.5, 1.5)}
        if self.chance(0.5):
            e["alpha"] = {"center": self.r.uniform(0, 1), "edge": self.r.uniform(0, 1)}
        if self.chance(0.4):
            e["zIndex"] = {"center": self.r.randint(0, 5), "edge": self.r.randint(0, 5)}
        if self.chance(0.4):
            e["distance"] = self.r.uniform(0.25, 4)
        return e

    def item_count(self) -> int:
        roll = self.r.random()
        if roll < 0.05:
            return 0
        if roll < 0.97:
            return self.r.randint(1, 40)
        return self.r.randint(60, 200)

    def self_sizing_list(self, scroll: str) -> Json:
        """The shape real apps measure: a list or grid of estimated cells in rows that are
        estimated too, or absolute (a measured cell then outgrows its row)."""
        main, cross = ("height", "width") if scroll == "vertical" else ("width", "height")
        frac = {"width": "fractionalWidth", "height": "fractionalHeight"}
        columns = self.r.choice([1, 1, 2, 3])
        row_main = (
            {"estimated": self.length(30, 120)}
            if self.chance(0.5)
            else {"absolute": self.length(30, 120)}
        )
        cell = {
            "layoutSize": {
                cross + "Dimension": {frac[cross]: 1 / columns},
                main + "Dimension": {"estimated": self.length(30, 120)},
            }
        }
        group = {
            "group": "horizontal" if scroll == "vertical" else "vertical",
            "layoutSize": {cross + "Dimension": {frac[cross]: 1.0}, main + "Dimension": row_main},
            "repeatingSubitem" if self.chance(0.5) else "subitem": cell,
            "count": columns,
        }
        if self.chance(0.4):
            group["interItemSpacing"] = {"fixed": self.length(0, 10)}
        return group

    def section(self, scroll: str) -> Json:
        orthogonal = self.chance(0.3)
        group = (
            self.self_sizing_list(scroll)
            if not orthogonal and self.chance(0.2)
            else self.root_group(scroll, orthogonal)
        )
        section: Json = {"itemCount": self.item_count(), "group": group}
        if orthogonal:
            section["orthogonalScrollingBehavior"] = self.r.choice(BEHAVIORS + ["none"])
            if self.chance(0.5):
                section["orthogonalScrollingProperties"] = self.scrolling(False)
        if self.chance(0.5):
            section["contentInsets"] = self.insets(24)
        if self.chance(0.5):
            section["interGroupSpacing"] = self.length(0, 20)
        boundary = self.boundary_items(["header", "footer", "side"])
        if boundary:
            section["boundarySupplementaryItems"] = boundary
        if self.chance(0.3):
            decoration: Json = {"elementKind": "background"}
            if self.chance(0.5):
                decoration["contentInsets"] = self.insets(6)
            if self.chance(0.3):
                decoration["zIndex"] = self.r.randint(-2, 2)
            section["decorationItems"] = [decoration]
        if self.chance(0.2):
            section["supplementariesFollowContentInsets"] = self.chance(0.5)
        if self.chance(0.2):
            section["visibleItemEffects"] = self.effects()
        if self.chance(0.15):
            section["variants"] = self.variants(scroll, orthogonal)
        return section

    def when(self, last: bool) -> Json:
        """A variant's ranges (docs/CONFIG.md, "Variants"), around the containers drawn."""
        when: Json = {}
        for axis in ("Width", "Height"):
            if self.chance(0.5):
                when["min" + axis] = self.length(0, 1100)
            if self.chance(0.3):
                when["max" + axis] = when.get("min" + axis, 0) + self.length(1, 800)
        if not when and not last:
            when["minWidth"] = self.length(0, 1100)
        return when

    def variants(self, scroll: str, orthogonal: bool) -> List[Json]:
        """A section's variants: another root group (sometimes scrolling the other way),
        spacing, insets or boundary items (docs/LAYOUT-RULES.md §12)."""
        count = self.r.randint(1, 3)
        result: List[Json] = []
        for index in range(count):
            variant: Json = {"when": self.when(index == count - 1)}
            if self.chance(0.25):
                flipped = not orthogonal
                variant["orthogonalScrollingBehavior"] = (
                    self.r.choice(BEHAVIORS) if flipped else "none"
                )
                variant["group"] = self.root_group(scroll, flipped)
            elif self.chance(0.6):
                variant["group"] = (
                    self.self_sizing_list(scroll)
                    if not orthogonal and self.chance(0.3)
                    else self.root_group(scroll, orthogonal)
                )
            if self.chance(0.3):
                variant["contentInsets"] = self.insets(24)
            if self.chance(0.3):
                variant["interGroupSpacing"] = self.length(0, 20)
            if self.chance(0.2):
                variant["boundarySupplementaryItems"] = self.boundary_items(["header", "footer", "side"])
            result.append(variant)
        return result

    def environment(self) -> Json:
        env: Json = {}
        if self.chance(0.25):
            env["contentInsets"] = self.insets(30)
        if self.chance(0.25):
            env["layoutDirection"] = "rightToLeft"
        elif self.chance(0.1):
            env["layoutDirection"] = "leftToRight"
        if self.chance(0.4):
            env["displayScale"] = self.r.choice([0, 1, 2, 3, 2.5])
        if self.chance(0.3):
            env["container"] = {"width": self.length(200, 1000), "height": self.length(200, 1200)}
        return env

    def compositional(self) -> Json:
        scroll = "horizontal" if self.chance(0.3) else "vertical"
        configuration: Json = {}
        if scroll == "horizontal" or self.chance(0.2):
            configuration["scrollDirection"] = scroll
        if self.chance(0.4):
            configuration["interSectionSpacing"] = self.length(0, 30)
        layout_items = self.boundary_items(["title", "credits"])
        if layout_items:
            configuration["boundarySupplementaryItems"] = layout_items
        if self.chance(0.6):
            configuration["scrolling"] = self.scrolling(True)
        config: Json = {
            "sections": [
                self.section(scroll) for _ in range(self.r.randint(0, 4) if self.chance(0.9) else 6)
            ]
        }
        if configuration:
            config["configuration"] = configuration
        if self.chance(0.2):
            config["version"] = 1
        if self.chance(0.05):
            config["$schema"] = "urn:snaplayout:config-schema:1"
        env = self.environment()
        if env:
            config["environment"] = env
        return config

    def flow_size(self, low: float = 1, high: float = 240) -> Json:
        return {"width": self.length(low, high), "height": self.length(low, high)}

    def flow_properties(self, section: bool) -> Json:
        p: Json = {}
        if self.chance(0.3):
            p["minimumLineSpacing"] = self.length(0, 20)
        if self.chance(0.3):
            p["minimumInteritemSpacing"] = self.length(0, 20)
        if self.chance(0.3):
            p["sectionInset"] = self.insets(30, ("top", "left", "bottom", "right"))
        if self.chance(0.3):
            p["headerReferenceSize"] = self.flow_size(0, 80)
        if self.chance(0.3):
            p["footerReferenceSize"] = self.flow_size(0, 80)
        if section and self.chance(0.2):
            p["itemSize"] = self.flow_size()
        return p

    def flow_section(self, flow: Json) -> Json:
        count = self.item_count()
        section: Json = {"itemCount": count}
        section.update(self.flow_properties(True))
        if count <= 60 and self.chance(0.35):
            base = self.flow_size()
            section["itemSizes"] = [
                self.flow_size() if self.chance(0.5) else dict(base) for _ in range(count)
            ]
        if self.chance(0.2):
            section["decorationItems"] = [{"elementKind": "background"}]
        if self.chance(0.15):
            section["visibleItemEffects"] = self.effects()
        return section

    def flow(self) -> Json:
        flow: Json = {}
        if self.chance(0.4):
            flow["scrollDirection"] = "horizontal" if self.chance(0.5) else "vertical"
        flow.update(self.flow_properties(False))
        if self.chance(0.6):
            flow["itemSize"] = self.flow_size()
        if self.chance(0.35):
            flow["estimatedItemSize"] = self.flow_size(5, 200)
        if self.chance(0.3):
            flow["sectionHeadersPinToVisibleBounds"] = self.chance(0.8)
        if self.chance(0.2):
            flow["sectionFootersPinToVisibleBounds"] = self.chance(0.8)
        config: Json = {
            "flowLayout": flow,
            "sections": [self.flow_section(flow) for _ in range(self.r.randint(0, 3))],
        }
        if self.chance(0.5):
            configuration: Json = {"scrolling": self.scrolling(True)}
            if "scrollDirection" in flow and self.chance(0.3):
                configuration["scrollDirection"] = flow["scrollDirection"]
            config["configuration"] = configuration
        env = self.environment()
        if env:
            config["environment"] = env
        return config

    def config(self) -> Json:
        return self.flow() if self.chance(0.28) else self.compositional()

    def container(self) -> List[float]:
        if self.chance(0.1):
            return [self.length(20, 150), self.length(20, 150)]
        return [self.length(200, 1100), self.length(200, 1200)]


def is_estimated(dim: Json) -> bool:
    return "estimated" in dim or "uniformAcrossSiblings" in dim
