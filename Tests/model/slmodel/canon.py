"""Canonical coordinates (docs/LAYOUT-RULES.md, "Coordinates"): a horizontal layout is solved as
its transpose — widths and heights, x and y, top and leading, bottom and trailing exchanged — so
the model, like the library, solves one orientation: main axis y, leading on the left.

This module turns a host configuration (a dict, docs/CONFIG.md) into that orientation and fills
in the documented defaults. It never validates: the driver only hands it configurations the
library accepted.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional, Tuple

Json = Dict[str, Any]

SWAP_DIMENSION = {"fractionalWidth": "fractionalHeight", "fractionalHeight": "fractionalWidth"}
SWAP_EDGE = {"top": "leading", "leading": "top", "bottom": "trailing", "trailing": "bottom"}
SWAP_ALIGNMENT = {
    "top": "leading",
    "leading": "top",
    "bottom": "trailing",
    "trailing": "bottom",
    "topLeading": "topLeading",
    "bottomTrailing": "bottomTrailing",
    "bottomLeading": "topTrailing",
    "topTrailing": "bottomLeading",
}
ALIGNMENT_EDGES = {
    "top": ("top",),
    "leading": ("leading",),
    "bottom": ("bottom",),
    "trailing": ("trailing",),
    "topLeading": ("top", "leading"),
    "bottomLeading": ("bottom", "leading"),
    "topTrailing": ("top", "trailing"),
    "bottomTrailing": ("bottom", "trailing"),
}


def dimension(value: Json) -> Json:
    ((key, number),) = value.items()
    return {SWAP_DIMENSION.get(key, key): number}


def size(value: Json) -> Json:
    return {
        "widthDimension": dimension(value["heightDimension"]),
        "heightDimension": dimension(value["widthDimension"]),
    }


def insets(value: Optional[Json]) -> Optional[Json]:
    if value is None:
        return None
    return {SWAP_EDGE[k]: v for k, v in value.items()}


def point(value: Optional[Json]) -> Optional[Json]:
    if value is None:
        return None
    return {"x": value.get("y", 0), "y": value.get("x", 0)}


def anchor(value: Json) -> Json:
    result = {"edges": [SWAP_EDGE[e] for e in value.get("edges", [])]}
    for key in ("offset", "fractionalOffset"):
        if key in value:
            result[key] = point(value[key])
    return result


def item(value: Json) -> Json:
    if "group" in value:
        return group(value)
    result = dict(value)
    result["layoutSize"] = size(value["layoutSize"])
    if "contentInsets" in value:
        result["contentInsets"] = insets(value["contentInsets"])
    if "edgeSpacing" in value:
        result["edgeSpacing"] = insets(value["edgeSpacing"])
    if "supplementaryItems" in value:
        badges = []
        for badge in value["supplementaryItems"]:
            b = dict(badge)
            b["layoutSize"] = size(badge["layoutSize"])
            b["containerAnchor"] = anchor(badge["containerAnchor"])
            if "itemAnchor" in badge:
                b["itemAnchor"] = anchor(badge["itemAnchor"])
            badges.append(b)
        result["supplementaryItems"] = badges
    return result


def group(value: Json) -> Json:
    result = dict(value)
    result["group"] = "vertical" if value["group"] == "horizontal" else "horizontal"
    result["layoutSize"] = size(value["layoutSize"])
    for key in ("contentInsets", "edgeSpacing"):
        if key in value:
            result[key] = insets(value[key])
    if "subitems" in value:
        result["subitems"] = [item(child) for child in value["subitems"]]
    for key in ("subitem", "repeatingSubitem"):
        if key in value:
            result[key] = item(value[key])
    return result


def boundary(value: Json) -> Json:
    result = dict(value)
    result["layoutSize"] = size(value["layoutSize"])
    result["alignment"] = SWAP_ALIGNMENT[value["alignment"]]
    if "offset" in value:
        result["offset"] = point(value["offset"])
    if "contentInsets" in value:
        result["contentInsets"] = insets(value["contentInsets"])
    return result


def section(value: Json) -> Json:
    result = dict(value)
    if "group" in value:
        result["group"] = group(value["group"])
    if "contentInsets" in value:
        result["contentInsets"] = insets(value["contentInsets"])
    if "boundarySupplementaryItems" in value:
        result["boundarySupplementaryItems"] = [
            boundary(b) for b in value["boundarySupplementaryItems"]
        ]
    if "decorationItems" in value:
        result["decorationItems"] = [
            dict(
                d, **({"contentInsets": insets(d["contentInsets"])} if "contentInsets" in d else {})
            )
            for d in value["decorationItems"]
        ]
    return result


def inset_value(value: Optional[Json], key: str) -> float:
    return float((value or {}).get(key, 0))


# -- flow layouts ------------------------------------------------------------------------------

FLOW_KEYS = (
    "itemSize",
    "estimatedItemSize",
    "minimumLineSpacing",
    "minimumInteritemSpacing",
    "sectionInset",
    "headerReferenceSize",
    "footerReferenceSize",
)


class FlowSection:
    """A flow section's properties (docs/CONFIG.md, flowLayout), canonical: lengths across the
    scroll axis are widths, along it heights."""

    def __init__(self, flow: Json, section: Json, horizontal: bool) -> None:
        # The layout's properties, then the section's over them (CONFIG.md, flowLayout): a
        # section's own estimatedItemSize replaces the layout's, 0 x 0 included; an itemSize
        # given where no estimatedItemSize is (a section's under the layout's estimate) is the
        # items' estimate when they size themselves.
        props = {
            "minimumLineSpacing": 10,
            "minimumInteritemSpacing": 10,
            "sectionInset": {},
            "headerReferenceSize": {"width": 0, "height": 0},
            "footerReferenceSize": {"width": 0, "height": 0},
        }
        item = (50.0, 50.0)
        estimate = (0.0, 0.0)
        more_specific = False
        for source in (flow, section):
            if "itemSize" in source:
                item = (float(source["itemSize"]["width"]), float(source["itemSize"]["height"]))
                more_specific = True
            if "estimatedItemSize" in source:
                value = source["estimatedItemSize"]
                estimate = (float(value["width"]), float(value["height"]))
                if estimate[0] == 0 and estimate[1] == 0:
                    estimate = (0.0, 0.0)
                more_specific = False
            for key in props:
                if key in source:
                    props[key] = source[key]
        self.self_sizing = estimate != (0.0, 0.0)
        size = estimate if self.self_sizing and not more_specific else item
        chosen = {"width": size[0], "height": size[1]}
        self.horizontal = horizontal
        self.item_size = self.canonical_size((float(chosen["width"]), float(chosen["height"])))
        self.line_spacing = float(props["minimumLineSpacing"])
        self.interitem = float(props["minimumInteritemSpacing"])
        inset = props["sectionInset"]
        host = {
            "top": float(inset.get("top", 0)),
            "leading": float(inset.get("left", 0)),
            "bottom": float(inset.get("bottom", 0)),
            "trailing": float(inset.get("right", 0)),
        }
        self.insets = insets(host) if horizontal else host
        axis = "width" if horizontal else "height"
        self.header = float(props["headerReferenceSize"][axis])
        self.footer = float(props["footerReferenceSize"][axis])
        self.headers_pin = bool(flow.get("sectionHeadersPinToVisibleBounds", False))
        self.footers_pin = bool(flow.get("sectionFootersPinToVisibleBounds", False))

    def canonical_size(self, host: Tuple[float, float]) -> Tuple[float, float]:
        return (host[1], host[0]) if self.horizontal else host

    def boundary_items(self) -> List[Json]:
        """Header and footer as boundary items (FLOW-LAYOUT.md F6, F7, F14), canonical."""
        items = []
        for kind, length, pin, alignment in (
            ("header", self.header, self.headers_pin, "top"),
            ("footer", self.footer, self.footers_pin, "bottom"),
        ):
            if length <= 0:
                continue
            along = {"estimated": length} if self.self_sizing else {"absolute": length}
            items.append(
                {
                    "elementKind": kind,
                    "layoutSize": {
                        "widthDimension": {"fractionalWidth": 1},
                        "heightDimension": along,
                    },
                    "alignment": alignment,
                    "pinToVisibleBounds": pin,
                }
            )
        return items


class Description:
    """A whole configuration in canonical form."""

    def __init__(self, config: Json) -> None:
        config = copy.deepcopy(config)
        self.host = config
        configuration = config.get("configuration", {})
        flow = config.get("flowLayout")
        direction = configuration.get("scrollDirection")
        if flow is not None and "scrollDirection" in flow:
            direction = flow["scrollDirection"]
        self.horizontal = direction == "horizontal"
        env = config.get("environment", {})
        self.rtl = env.get("layoutDirection") == "rightToLeft"
        self.scale = float(env.get("displayScale", 0))
        self.env_insets = self._insets(env.get("contentInsets"))
        self.inter_section_spacing = float(configuration.get("interSectionSpacing", 0))
        self.scrolling = configuration.get("scrolling", {})
        self.flow = flow
        globals_ = configuration.get("boundarySupplementaryItems", [])
        self.global_items = [boundary(b) for b in globals_] if self.horizontal else globals_
        self.container = env.get("container")

    def _insets(self, value: Optional[Json]) -> Json:
        value = value or {}
        return insets(value) if self.horizontal else dict(value)

    def canonical_section(self, host_section: Json) -> Json:
        """A section in canonical form; a flow section carries its FlowSection under "_flow"."""
        if self.flow is not None:
            fs = FlowSection(self.flow, host_section, self.horizontal)
            result = {
                "itemCount": host_section["itemCount"],
                "_flow": fs,
                "contentInsets": fs.insets,
                "interGroupSpacing": fs.line_spacing,
                "boundarySupplementaryItems": fs.boundary_items(),
                "supplementariesFollowContentInsets": False,
            }
            for key in ("decorationItems", "visibleItemEffects"):
                if key in host_section:
                    result[key] = host_section[key]
            if self.horizontal and "decorationItems" in result:
                result["decorationItems"] = [
                    dict(
                        d,
                        **(
                            {"contentInsets": insets(d["contentInsets"])}
                            if "contentInsets" in d
                            else {}
                        ),
                    )
                    for d in result["decorationItems"]
                ]
            return result
        return section(host_section) if self.horizontal else copy.deepcopy(host_section)

    def scroll_axis_insets(self, value: Optional[Json], vertical: bool) -> Tuple[float, float]:
        """Insets along a container's axis, read as the configuration does (CONFIG.md,
        "Scrolling settings"): top/bottom when it scrolls vertically, leading/trailing when
        horizontally."""
        value = value or {}
        if vertical:
            return float(value.get("top", 0)), float(value.get("bottom", 0))
        return float(value.get("leading", 0)), float(value.get("trailing", 0))


def kind_names(config: Json) -> List[str]:
    """Element kinds in id order (include/snaplayout.h, sl_layout_get_element_kind_count)."""
    names: List[str] = []

    def intern(name: str) -> None:
        if name not in names:
            names.append(name)

    for b in config.get("configuration", {}).get("boundarySupplementaryItems", []):
        intern(b["elementKind"])
    for s in config["sections"]:
        add_section_kinds(config, s, intern)
    return names


def add_section_kinds(config: Json, s: Json, intern) -> None:
    if config.get("flowLayout") is not None:
        d = Description(
            {
                "flowLayout": config["flowLayout"],
                "sections": [],
                "configuration": config.get("configuration", {}),
            }
        )
        fs = FlowSection(config["flowLayout"], s, d.horizontal)
        for b in fs.boundary_items():
            intern(b["elementKind"])
    else:
        for b in s.get("boundarySupplementaryItems", []):
            intern(b["elementKind"])
    for d in s.get("decorationItems", []):
        intern(d["elementKind"])
    if "group" in s:
        walk_badges(s["group"], intern)
    # docs/LAYOUT-RULES.md §12: then each variant's new kinds, the variant being the section
    # with its keys in place.
    for variant in s.get("variants", []):
        add_section_kinds(config, merged_variant(s, variant), intern)


def merged_variant(section: Json, variant: Json) -> Json:
    """A section with a variant's keys in place of its own (docs/CONFIG.md, "Variants")."""
    result = {k: v for k, v in section.items() if k != "variants"}
    result.update({k: v for k, v in variant.items() if k != "when"})
    return result


def variant_in_force(section: Json, effective) -> int:
    """docs/LAYOUT-RULES.md §12.1: the first variant whose every bound holds the effective
    content size (minimums inclusive, maximums exclusive), -1 for none."""
    width, height = effective
    for index, variant in enumerate(section.get("variants", [])):
        when = variant["when"]
        if "minWidth" in when and not width >= when["minWidth"]:
            continue
        if "maxWidth" in when and not width < when["maxWidth"]:
            continue
        if "minHeight" in when and not height >= when["minHeight"]:
            continue
        if "maxHeight" in when and not height < when["maxHeight"]:
            continue
        return index
    return -1


def walk_badges(node: Json, intern) -> None:
    if "group" in node:
        for child in node.get("subitems", []):
            walk_badges(child, intern)
        for key in ("subitem", "repeatingSubitem"):
            if key in node:
                walk_badges(node[key], intern)
        return
    for badge in node.get("supplementaryItems", []):
        intern(badge["elementKind"])
