"""Groups (docs/LAYOUT-RULES.md, "Dimensions" and "Groups"), in canonical coordinates.

One repetition of a root group is solved into its cells (and their badges), given the measured
sizes of that repetition's cells. The model solves every repetition this way — there is no
template shared between repetitions, no delta, no cache: a repetition without measured cells
simply solves to the same frames.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from .canon import Json

#: A subitems group stops before the first child that would overflow by more than this, or a
#: quarter of the child's room when it takes less than a point (LAYOUT-RULES.md, Groups 1).
FIT_TOLERANCE = 0.25
MAX_CHILDREN = 10_000
MAX_LEAVES = 100_000


class ModelError(Exception):
    """A configuration the documented rules cannot solve (the library: SL_ECONFIG)."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path


Rect = Tuple[float, float, float, float]


def is_estimated(dim: Json) -> bool:
    return "estimated" in dim or "uniformAcrossSiblings" in dim


def is_uniform(dim: Json) -> bool:
    return "uniformAcrossSiblings" in dim


def dim_along(size: Json, axis: str) -> Json:
    return size["widthDimension"] if axis == "horizontal" else size["heightDimension"]


def snap(value: float, scale: float) -> float:
    """Pixel snapping of fractional lengths (LAYOUT-RULES.md, Dimensions)."""
    if scale <= 0:
        return value
    return math.floor(value * scale + 1e-7) / scale


def resolve(dim: Json, container: Tuple[float, float], scale: float) -> float:
    ((key, value),) = dim.items()
    if key == "fractionalWidth":
        return snap(container[0] * value, scale)
    if key == "fractionalHeight":
        return snap(container[1] * value, scale)
    return float(value)


def resolve_size(size: Json, container: Tuple[float, float], scale: float) -> List[float]:
    return [
        resolve(size["widthDimension"], container, scale),
        resolve(size["heightDimension"], container, scale),
    ]


def is_fractional_along(size: Json, axis: str) -> bool:
    key = "fractionalWidth" if axis == "horizontal" else "fractionalHeight"
    return key in size["widthDimension"] or key in size["heightDimension"]


def effective_insets(insets: Optional[Json], size: Json) -> Tuple[float, float, float, float]:
    """(top, leading, bottom, trailing), zero on estimated axes (LAYOUT-RULES.md, Content insets)."""
    insets = insets or {}
    top, leading = float(insets.get("top", 0)), float(insets.get("leading", 0))
    bottom, trailing = float(insets.get("bottom", 0)), float(insets.get("trailing", 0))
    if is_estimated(size["widthDimension"]):
        leading = trailing = 0.0
    if is_estimated(size["heightDimension"]):
        top = bottom = 0.0
    return top, leading, bottom, trailing


def spacing_value(spacing: Optional[Json]) -> float:
    if not spacing:
        return 0.0
    return float(spacing.get("fixed", spacing.get("flexible", 0)))


def is_flexible(spacing: Optional[Json]) -> bool:
    return bool(spacing) and "flexible" in spacing


def edges_along(child: Json, axis: str) -> Tuple[Optional[Json], Optional[Json]]:
    edges = child.get("edgeSpacing") or {}
    if axis == "horizontal":
        return edges.get("leading"), edges.get("trailing")
    return edges.get("top"), edges.get("bottom")


def other(axis: str) -> str:
    return "vertical" if axis == "horizontal" else "horizontal"


def length(size, axis: str) -> float:
    return size[0] if axis == "horizontal" else size[1]


@dataclass
class Cell:
    frame: Rect
    badges: List[Tuple[Rect, str, int]] = field(default_factory=list)
    #: Bit 0: width shared across the section (a root-group uniformAcrossSiblings cell);
    #: bit 1: height.
    uniform: int = 0
    #: Its size before measuring and sharing (the estimates on estimated axes).
    proposed: Tuple[float, float] = (0.0, 0.0)


@dataclass
class Repetition:
    """One solved repetition: its size and its cells, relative to its origin."""

    size: Tuple[float, float]
    cells: List[Cell]


class GroupSolver:
    def __init__(
        self,
        scale: float,
        measured: Dict[int, Tuple[float, float]],
        section_uniform: Tuple[float, float],
    ) -> None:
        self.scale = scale
        self.measured = measured
        self.section_uniform = section_uniform
        self.cells: List[Cell] = []

    def solve_root(self, group: Json, size, path: str) -> Repetition:
        actual = self.solve(group, list(size), path, 0)
        return Repetition(tuple(actual), self.cells)

    def solve(self, group: Json, size: List[float], path: str, depth: int) -> List[float]:
        if depth > 32:
            raise ModelError("groups are nested more than 32 levels deep", path)
        axis = group["group"]
        if not (size[0] > 0 and size[1] > 0):
            raise ModelError("the group has no room for its subitems", path)
        top, leading, bottom, trailing = effective_insets(
            group.get("contentInsets"), group["layoutSize"]
        )
        content = [size[0] - leading - trailing, size[1] - top - bottom]
        if not (content[0] > 0 and content[1] > 0):
            raise ModelError("the group's contentInsets leave no room", path + "/contentInsets")
        along = length(content, axis)
        spacing = spacing_value(group.get("interItemSpacing"))
        placed = self.fit(group, content, along, False, path)
        # Groups 2: fractional children re-solved so that the spacing fits.
        if (
            spacing != 0
            and len(placed) >= 2
            and any(is_fractional_along(c["layoutSize"], axis) for c, _, _ in placed)
        ):
            reduced = list(content)
            if axis == "horizontal":
                reduced[0] = along - spacing * (len(placed) - 1)
            else:
                reduced[1] = along - spacing * (len(placed) - 1)
            placed = self.fit(group, reduced, along, True, path)
        used = self.arrange(placed, group, content, (leading, top), depth)
        return [used[0] + leading + trailing, used[1] + top + bottom]

    def children(self, group: Json, path: str):
        axis = group["group"]
        if "subitems" in group:
            return [(c, f"{path}/subitems/{i}") for i, c in enumerate(group["subitems"])], None
        if "subitem" in group:
            n = group["count"]
            child = dict(group["subitem"])
            share = (
                {"fractionalWidth": 1 / n} if axis == "horizontal" else {"fractionalHeight": 1 / n}
            )
            size = dict(child["layoutSize"])
            size["widthDimension" if axis == "horizontal" else "heightDimension"] = share
            child["layoutSize"] = size
            return [(child, path + "/subitem")], n
        return [(group["repeatingSubitem"], path + "/repeatingSubitem")], group["count"]

    def fit(self, group: Json, container, axis_length: float, second: bool, path: str):
        """Groups 1: which children one repetition of the group holds, with their sizes."""
        axis = group["group"]
        children, count = self.children(group, path)
        spacing = spacing_value(group.get("interItemSpacing"))
        estimated_along = is_estimated(dim_along(group["layoutSize"], axis))
        remaining = axis_length
        cycle_start = axis_length
        placed = []
        index = 0
        while True:
            if count is not None and len(placed) == count:
                break
            k = index % len(children)
            index += 1
            child, child_path = children[k]
            size = resolve_size(child["layoutSize"], container, self.scale)
            pre, post = edges_along(child, axis)
            consumed = length(size, axis) + spacing_value(pre) + spacing_value(post)
            taken = consumed
            if (
                spacing != 0
                and placed
                and (second or not is_fractional_along(child["layoutSize"], axis))
            ):
                taken += spacing
            remaining -= taken
            if count is None:
                if remaining < -min(FIT_TOLERANCE, FIT_TOLERANCE * taken) and not estimated_along:
                    if not placed:
                        raise ModelError("this group cannot fit even a single item", child_path)
                    break
                if k == len(children) - 1:
                    if remaining >= cycle_start and not estimated_along:
                        raise ModelError("the subitems take no room", path)
                    cycle_start = remaining
            placed.append((child, child_path, size))
            if count is None and estimated_along and index == len(children):
                break
            if len(placed) > MAX_CHILDREN:
                raise ModelError("the group holds more than 10000 subitems", path)
        return placed

    def arrange(self, placed, group: Json, content, origin, depth: int) -> List[float]:
        """Groups 3-6: sizes (measured, nested, uniform), then places along and across."""
        axis = group["group"]
        cross_axis = other(axis)
        spacing = spacing_value(group.get("interItemSpacing"))
        flexible_spacing = is_flexible(group.get("interItemSpacing"))
        sizes = []
        spans = []  # (first cell, end cell) per child
        for child, child_path, proposed in placed:
            first = len(self.cells)
            if "group" in child:
                sizes.append(self.solve(child, list(proposed), child_path, depth + 1))
            else:
                if len(self.cells) >= MAX_LEAVES:
                    raise ModelError("one repetition holds more than 100000 items", child_path)
                size = list(proposed)
                measured = self.measured.get(len(self.cells))
                if measured is not None:
                    if is_estimated(child["layoutSize"]["widthDimension"]):
                        size[0] = measured[0]
                    if is_estimated(child["layoutSize"]["heightDimension"]):
                        size[1] = measured[1]
                sizes.append(size)
                flags = 0
                if depth == 0:
                    flags = (1 if is_uniform(child["layoutSize"]["widthDimension"]) else 0) | (
                        2 if is_uniform(child["layoutSize"]["heightDimension"]) else 0
                    )
                self.cells.append(Cell((0.0, 0.0, 0.0, 0.0), [], flags, (proposed[0], proposed[1])))
            spans.append((first, len(self.cells)))
        # SELF-SIZING.md rule 5: uniformAcrossSiblings cells share their largest length (the
        # section's largest in the root group).
        for u_axis, index in (("horizontal", 0), ("vertical", 1)):
            key = "widthDimension" if u_axis == "horizontal" else "heightDimension"
            members = [
                i
                for i, (c, _, _) in enumerate(placed)
                if "group" not in c and is_uniform(c["layoutSize"][key])
            ]
            if not members:
                continue
            largest = self.section_uniform[index] if depth == 0 else 0.0
            for i in members:
                largest = max(largest, sizes[i][index])
            for i in members:
                sizes[i][index] = largest
        used = spacing * (len(placed) - 1)
        flexible_count = len(placed) - 1 if flexible_spacing else 0
        cross_extent = 0.0
        for i, (child, _, _) in enumerate(placed):
            pre, post = edges_along(child, axis)
            used += length(sizes[i], axis) + spacing_value(pre) + spacing_value(post)
            flexible_count += (1 if is_flexible(pre) else 0) + (1 if is_flexible(post) else 0)
            cpre, cpost = edges_along(child, cross_axis)
            cross_extent = max(
                cross_extent,
                length(sizes[i], cross_axis) + spacing_value(cpre) + spacing_value(cpost),
            )
        est_along = is_estimated(dim_along(group["layoutSize"], axis))
        est_across = is_estimated(dim_along(group["layoutSize"], cross_axis))
        along_length = used if est_along else length(content, axis)
        cross_length = cross_extent if est_across else length(content, cross_axis)
        share = (along_length - used) / flexible_count if flexible_count > 0 else 0.0
        gap = spacing + (share if flexible_spacing else 0.0)
        position = 0.0
        for i, (child, _, _) in enumerate(placed):
            size = sizes[i]
            pre, post = edges_along(child, axis)
            position += spacing_value(pre) + (share if is_flexible(pre) else 0.0)
            axis_origin = position
            position += (
                length(size, axis) + spacing_value(post) + (share if is_flexible(post) else 0.0)
            )
            if i != len(placed) - 1:
                position += gap
            cpre, cpost = edges_along(child, cross_axis)
            child_cross = length(size, cross_axis)
            cross_flexible = (1 if is_flexible(cpre) else 0) + (1 if is_flexible(cpost) else 0)
            cross_share = (
                (
                    (cross_length - (child_cross + spacing_value(cpre) + spacing_value(cpost)))
                    / cross_flexible
                )
                if cross_flexible > 0
                else 0.0
            )
            cross_origin = spacing_value(cpre) + (cross_share if is_flexible(cpre) else 0.0)
            if axis == "horizontal":
                sx, sy = origin[0] + axis_origin, origin[1] + cross_origin
            else:
                sx, sy = origin[0] + cross_origin, origin[1] + axis_origin
            first, end = spans[i]
            if "group" in child:
                for cell in self.cells[first:end]:
                    cell.frame = moved(cell.frame, sx, sy)
                    cell.badges = [(moved(f, sx, sy), k, z) for f, k, z in cell.badges]
            else:
                self.place_cell(child, (sx, sy, size[0], size[1]), self.cells[first])
        if axis == "horizontal":
            return [along_length, cross_length]
        return [cross_length, along_length]

    def place_cell(self, item: Json, slot: Rect, cell: Cell) -> None:
        top, leading, bottom, trailing = effective_insets(
            item.get("contentInsets"), item["layoutSize"]
        )
        x, y, w, h = slot
        frame = (x + leading, y + top, max(0.0, w - leading - trailing), max(0.0, h - top - bottom))
        cell.frame = frame
        cell.badges = [
            badge_frame(b, frame, self.scale) for b in item.get("supplementaryItems", [])
        ]


def moved(frame: Rect, dx: float, dy: float) -> Rect:
    return (frame[0] + dx, frame[1] + dy, frame[2], frame[3])


def unit_point(edges) -> Tuple[float, float]:
    """LAYOUT-RULES.md, Boundary supplementary items: leading/top 0, trailing/bottom 1, ½ else."""

    def unit(low: str, high: str) -> float:
        has_low, has_high = low in edges, high in edges
        if has_low == has_high:
            return 0.5
        return 0.0 if has_low else 1.0

    return unit("leading", "trailing"), unit("top", "bottom")


def anchor_offset(anchor: Json, size) -> Tuple[float, float]:
    if "fractionalOffset" in anchor:
        o = anchor["fractionalOffset"]
        return o.get("x", 0) * size[0], o.get("y", 0) * size[1]
    o = anchor.get("offset") or {}
    return float(o.get("x", 0)), float(o.get("y", 0))


def badge_frame(badge: Json, cell: Rect, scale: float) -> Tuple[Rect, str, int]:
    """LAYOUT-RULES.md, Item supplementary items."""
    size = resolve_size(badge["layoutSize"], (cell[2], cell[3]), scale)
    container = badge["containerAnchor"]
    item_anchor = badge.get("itemAnchor") or {"edges": container.get("edges", [])}
    p = unit_point(container.get("edges", []))
    q = unit_point(item_anchor.get("edges", []))
    co = anchor_offset(container, size)
    io = anchor_offset(item_anchor, size)
    x = cell[0] + cell[2] * p[0] - size[0] * q[0] + co[0] - io[0]
    y = cell[1] + cell[3] * p[1] - size[1] * q[1] + co[1] - io[1]
    return (x, y, size[0], size[1]), badge["elementKind"], int(badge.get("zIndex", 1))
