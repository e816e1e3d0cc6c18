"""Sections (docs/LAYOUT-RULES.md, "Sections", "Boundary supplementary items", "Orthogonal
sections"; docs/FLOW-LAYOUT.md; docs/SELF-SIZING.md), in canonical coordinates.

Every repetition of a section is solved on its own with its measured cells and every frame is
materialised: O(items) per solve, on purpose.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from .canon import ALIGNMENT_EDGES, Json, inset_value
from .groups import (
    Cell,
    GroupSolver,
    ModelError,
    Rect,
    Repetition,
    effective_insets,
    is_estimated,
    resolve_size,
    spacing_value,
    unit_point,
)

#: A line's items fit despite binary rounding within this fraction of an item (FLOW-LAYOUT.md F1).
FLOW_TOLERANCE = 1e-9
MAX_ITEMS_PER_LINE = 10_000


@dataclass
class Placed:
    """A boundary item or decoration: frame (canonical), kind, zIndex, pin edge."""

    frame: Rect
    kind: str
    z: int
    pin: str = "none"


@dataclass
class SolvedSection:
    frame: Rect
    orthogonal: bool
    item_count: int
    group_count: int
    items_per_group: int
    origin: Tuple[float, float]
    stride: float
    #: Per item: its cell frame (canonical, orthogonal offset not applied), badges.
    cells: List[Cell]
    boundary: List[Placed]
    decorations: List[Placed]
    cell_z: int
    orthogonal_length: float
    cross_extent: float
    #: The template (unmeasured repetition) and every repetition as solved.
    template: Optional[Repetition] = None
    repetitions: List[Repetition] = field(default_factory=list)
    #: Where each repetition starts along the repeat axis, relative to origin, and its extent.
    starts: List[float] = field(default_factory=list)
    #: How much longer than the template each repetition is (SELF-SIZING.md).
    deltas: List[float] = field(default_factory=list)
    group_length: float = 0.0
    #: The last group's own length along the repeat axis (a partial group's is shorter: its
    #: group unit spans it, SNAPPING.md "A unit's span").
    last_group_length: float = 0.0
    #: Flow sections with lines of their own: per line (first item, end, start, extent).
    lines: Optional[List[Tuple[int, int, float, float]]] = None
    #: How long the repetitions (lines) are together along the repeat axis, from `origin`.
    primary: float = 0.0
    #: Whether its groups have sizes of their own: cells measured, or a flow's lines broken
    #: from per-item sizes that differ from the flow's (F13).
    own_sizes: bool = False


def place_boundary(
    items: List[Json],
    host_length: float,
    anchor_min: float,
    anchor_max: float,
    size_container,
    scale: float,
    z_floor: Optional[int],
    measured: Dict[str, Tuple[float, float]],
):
    """LAYOUT-RULES.md, Boundary supplementary items (frames relative to the host's top)."""
    anchor_width = anchor_max - anchor_min
    leading_ext = 0.0
    trailing_ext = 0.0
    placed = []
    for item in items:
        size = resolve_size(item["layoutSize"], size_container, scale)
        reported = measured.get(item["elementKind"])
        if reported is not None:
            if is_estimated(item["layoutSize"]["widthDimension"]):
                size[0] = reported[0]
            if is_estimated(item["layoutSize"]["heightDimension"]):
                size[1] = reported[1]
        edges = ALIGNMENT_EDGES[item["alignment"]]
        ux, uy = unit_point(edges)
        offset = item.get("offset") or {}
        ox, oy = float(offset.get("x", 0)), float(offset.get("y", 0))
        x = anchor_min + anchor_width * ux - size[0] * ux + ox
        extends = item.get("extendsBoundary", True)
        if extends and "top" in edges:
            y = -leading_ext - size[1] + oy
            leading_ext = max(leading_ext, -y)
        elif extends and "bottom" in edges:
            y = host_length + trailing_ext + oy
            trailing_ext = max(trailing_ext, y + size[1] - host_length)
        else:
            y = host_length * uy - size[1] * uy + oy
        top, leading, bottom, trailing = effective_insets(
            item.get("contentInsets"), item["layoutSize"]
        )
        frame = (
            x + leading,
            y + top,
            max(0.0, size[0] - leading - trailing),
            max(0.0, size[1] - top - bottom),
        )
        pin = "none"
        if item.get("pinToVisibleBounds", False):
            pin = "leading" if "top" in edges else "trailing" if "bottom" in edges else "none"
        z = int(item.get("zIndex", 1))
        if z_floor is not None:
            z = max(z, z_floor)
        placed.append(Placed(frame, item["elementKind"], z, pin))
    return placed, leading_ext, trailing_ext


def extent(rep: Repetition, along_x: bool, edge_length: float, present: Optional[int]) -> float:
    """A repetition's length along the repeat axis holding its first `present` cells
    (LAYOUT-RULES.md, "Partial last group")."""
    length = rep.size[0] if along_x else rep.size[1]
    return (length + edge_length) - missing_reach(rep, along_x, present)


def group_length(rep: Repetition, along_x: bool, present: Optional[int]) -> float:
    """The group's own length in a repetition holding its first `present` cells, without its
    edge spacing: what its group unit spans (SNAPPING.md, "A unit's span")."""
    return (rep.size[0] if along_x else rep.size[1]) - missing_reach(rep, along_x, present)


def missing_reach(rep: Repetition, along_x: bool, present: Optional[int]) -> float:
    """How far the cells missing from a partial repetition would have reached beyond the
    present ones, counted within the group."""
    length = rep.size[0] if along_x else rep.size[1]
    if present is None or present >= len(rep.cells):
        return 0.0
    every = -math.inf
    reached = -math.inf
    for index, cell in enumerate(rep.cells):
        f = cell.frame
        end = min(f[0] + f[2] if along_x else f[1] + f[3], length)
        every = max(every, end)
        if index < present:
            reached = max(reached, end)
    return max(0.0, every - reached)


class SectionContext:
    """What solving a section needs from the layout (canonical)."""

    def __init__(self, container, env: Json, scale: float) -> None:
        self.container = container
        self.env = env
        self.scale = scale

    def env_h(self) -> float:
        return inset_value(self.env, "leading") + inset_value(self.env, "trailing")

    def env_v(self) -> float:
        return inset_value(self.env, "top") + inset_value(self.env, "bottom")


def solve_section(
    ctx: SectionContext,
    section: Json,
    index: int,
    start: float,
    measured: Dict[int, Tuple[float, float]],
    uniform_share: Tuple[float, float],
    flow_sizes: Optional[List[Tuple[float, float]]],
    boundary_measured: Dict[str, Tuple[float, float]],
) -> SolvedSection:
    cw, ch = ctx.container
    insets = section.get("contentInsets") or {}
    top, bottom = inset_value(insets, "top"), inset_value(insets, "bottom")
    leading, trailing = inset_value(insets, "leading"), inset_value(insets, "trailing")
    env = ctx.env
    behavior = section.get("orthogonalScrollingBehavior", "none")
    orthogonal = behavior != "none" and "_flow" not in section
    path = f"/sections/{index}"
    if orthogonal:
        group_container = (cw - ctx.env_h(), ch - ctx.env_v() - top - bottom)
    else:
        group_container = (cw - ctx.env_h() - leading - trailing, ch - ctx.env_v())
    if not (group_container[0] > 0 and group_container[1] > 0):
        if not (cw - ctx.env_h() > 0 and ch - ctx.env_v() > 0):
            raise ModelError(
                "the environment's contentInsets leave no room", "/environment/contentInsets"
            )
        raise ModelError("the section's contentInsets leave no room", path + "/contentInsets")
    background = bool(section.get("decorationItems"))
    count = int(section["itemCount"])
    spacing = float(section.get("interGroupSpacing", 0))
    flow = section.get("_flow")
    if flow is not None:
        return solve_flow(
            ctx,
            section,
            index,
            start,
            flow,
            group_container,
            flow_sizes,
            boundary_measured,
            background,
        )
    group = section["group"]
    edges = group.get("edgeSpacing") or {}
    if orthogonal:
        pre_e, post_e = edges.get("leading"), edges.get("trailing")
        cross_pre, cross_post = edges.get("top"), edges.get("bottom")
    else:
        pre_e, post_e = edges.get("top"), edges.get("bottom")
        cross_pre, cross_post = edges.get("leading"), edges.get("trailing")
    edge_length = spacing_value(pre_e) + spacing_value(post_e)
    proposed = resolve_size(group["layoutSize"], group_container, ctx.scale)
    template = GroupSolver(ctx.scale, {}, (0.0, 0.0)).solve_root(group, proposed, path + "/group")
    n = len(template.cells)
    count = int(section["itemCount"])
    # SELF-SIZING.md rule 5: root-group uniformAcrossSiblings cells share, across the section,
    # the largest length measured now; within each repetition they take the largest among them,
    # measured or estimated.
    share = [0.0, 0.0]
    if any(cell.uniform for cell in template.cells):
        for item, size in measured.items():
            if item >= count:
                continue
            cell = template.cells[item % n]
            for bit, axis in ((1, 0), (2, 1)):
                if cell.uniform & bit:
                    share[axis] = max(share[axis], size[axis])
        template = GroupSolver(ctx.scale, {}, tuple(share)).solve_root(
            group, proposed, path + "/group"
        )
    uniform_share = tuple(share)
    if background:
        for cell in template.cells:
            cell.badges = [(f, k, max(z, 1)) for f, k, z in cell.badges]
    step = extent(template, orthogonal, edge_length, None)
    stride = step + spacing
    cross_offset = spacing_value(cross_pre)
    if not orthogonal and "flexible" in (cross_pre or {}):
        flexible = 1 + (1 if "flexible" in (cross_post or {}) else 0)
        used = template.size[0] + cross_offset + spacing_value(cross_post)
        cross_offset += (group_container[0] - used) / flexible
    group_count = -(-count // n) if count > 0 else 0
    remainder = count % n
    repetitions: List[Repetition] = []
    starts: List[float] = []
    deltas: List[float] = []
    position = 0.0
    for r in range(group_count):
        present = remainder if (r == group_count - 1 and remainder > 0) else n
        cells = {k: measured[r * n + k] for k in range(n) if r * n + k in measured}
        if cells:
            rep = GroupSolver(ctx.scale, cells, uniform_share).solve_root(group, proposed, "")
            if background:
                for cell in rep.cells:
                    cell.badges = [(f, k, max(z, 1)) for f, k, z in cell.badges]
        else:
            rep = template
        ext = extent(rep, orthogonal, edge_length, present)
        deltas.append(ext - extent(template, orthogonal, edge_length, present))
        repetitions.append(rep)
        starts.append(position)
        position += ext + spacing
    primary = position - spacing if group_count > 0 else 0.0
    cross_length = max(
        [template.size[1] if orthogonal else template.size[0]]
        + [rep.size[1] if orthogonal else rep.size[0] for rep in repetitions]
    )
    if orthogonal:
        row = cross_length + cross_offset + spacing_value(cross_post) if group_count > 0 else 0.0
    else:
        row = primary
    host_length = top + row + bottom
    follow = section.get("supplementariesFollowContentInsets", True)
    anchor_min = inset_value(env, "leading") + (leading if follow else 0.0)
    anchor_max = cw - inset_value(env, "trailing") - (trailing if follow else 0.0)
    boundary, lead_ext, trail_ext = place_boundary(
        section.get("boundarySupplementaryItems", []),
        host_length,
        anchor_min,
        anchor_max,
        (anchor_max - anchor_min, ch - ctx.env_v()),
        ctx.scale,
        1 if background else None,
        boundary_measured,
    )
    host_top = start + lead_ext
    total = lead_ext + host_length + trail_ext
    frame = (0.0, start, cw, total)
    pre = spacing_value(pre_e)
    if orthogonal:
        origin = (inset_value(env, "leading") + leading + pre, host_top + top + cross_offset)
        ortho_length = (
            inset_value(env, "leading")
            + leading
            + primary
            + trailing
            + inset_value(env, "trailing")
        )
    else:
        origin = (inset_value(env, "leading") + leading + cross_offset, host_top + top + pre)
        ortho_length = 0.0
    if not (math.isfinite(frame[1] + frame[3]) and math.isfinite(ortho_length)):
        raise ModelError("the section's length is not a finite number of points", path)
    decorations = [
        Placed(inset_rect(frame, d.get("contentInsets")), d["elementKind"], int(d.get("zIndex", 0)))
        for d in section.get("decorationItems", [])
    ]
    boundary = [
        Placed((p.frame[0], p.frame[1] + host_top, p.frame[2], p.frame[3]), p.kind, p.z, p.pin)
        for p in boundary
    ]
    cells: List[Cell] = []
    for item in range(count):
        r, k = divmod(item, n)
        source = repetitions[r].cells[k]
        if orthogonal:
            dx, dy = origin[0] + starts[r], origin[1]
        else:
            dx, dy = origin[0], origin[1] + starts[r]
        cells.append(
            Cell(
                shift(source.frame, dx, dy),
                [(shift(f, dx, dy), kind, z) for f, kind, z in source.badges],
                source.uniform,
            )
        )
    cross_extent = (
        cw
        if orthogonal
        else max(cw, origin[0] + cross_length + trailing + inset_value(env, "trailing"))
    )
    solved = SolvedSection(
        frame,
        orthogonal,
        count,
        group_count,
        n,
        origin,
        stride,
        cells,
        boundary,
        decorations,
        1 if background else 0,
        ortho_length,
        cross_extent,
        template,
        repetitions,
        starts,
        deltas,
        template.size[0] if orthogonal else template.size[1],
        group_length(template, orthogonal, remainder or None),
    )
    solved.primary = primary
    solved.own_sizes = any(item < count for item in measured)
    return solved


def shift(frame: Rect, dx: float, dy: float) -> Rect:
    return (frame[0] + dx, frame[1] + dy, frame[2], frame[3])


def inset_rect(frame: Rect, insets: Optional[Json]) -> Rect:
    insets = insets or {}
    top, leading = inset_value(insets, "top"), inset_value(insets, "leading")
    bottom, trailing = inset_value(insets, "bottom"), inset_value(insets, "trailing")
    return (
        frame[0] + leading,
        frame[1] + top,
        max(0.0, frame[2] - leading - trailing),
        max(0.0, frame[3] - top - bottom),
    )


# -- flow sections -----------------------------------------------------------------------------


def flow_columns(width: float, spacing: float, length: float) -> int:
    """FLOW-LAYOUT.md F1: how many items of one size fit on a line."""
    fitting = math.floor((length - width) / (width + spacing) + FLOW_TOLERANCE) + 1
    return int(min(max(1, fitting), MAX_ITEMS_PER_LINE))


def flow_lines(sizes: List[Tuple[float, float]], length: float, interitem: float):
    """F10: greedy lines, as (first, end) pairs."""
    lines = []
    first = 0
    while first < len(sizes):
        used = sizes[first][0]
        end = first + 1
        while end < len(sizes) and end - first < MAX_ITEMS_PER_LINE:
            width = sizes[end][0]
            following = used + interitem + width
            if not following <= length + FLOW_TOLERANCE * (width + interitem):
                break
            used = following
            end += 1
        lines.append((first, end))
        first = end
    return lines


def solve_flow(
    ctx: SectionContext,
    section: Json,
    index: int,
    start: float,
    flow,
    group_container,
    flow_sizes,
    boundary_measured,
    background: bool,
) -> SolvedSection:
    cw, ch = ctx.container
    env = ctx.env
    insets = section.get("contentInsets") or {}
    top, bottom = inset_value(insets, "top"), inset_value(insets, "bottom")
    leading, trailing = inset_value(insets, "leading"), inset_value(insets, "trailing")
    count = int(section["itemCount"])
    length = group_container[0]
    w, h = flow.item_size
    interitem = flow.interitem
    spacing = flow.line_spacing
    if math.floor((length - w) / (w + interitem) + FLOW_TOLERANCE) + 1 > MAX_ITEMS_PER_LINE:
        raise ModelError("items put more than 10000 on one line", f"/sections/{index}")
    columns = flow_columns(w, interitem, length)
    sizes = flow_sizes if flow_sizes is not None else [(w, h)] * count
    uniform = all(s == (w, h) for s in sizes)
    if flow_sizes is None:
        breaks = [(f, min(f + columns, count)) for f in range(0, count, columns)]
    else:
        breaks = flow_lines(sizes, length, interitem)
    lines = []
    frames: List[Tuple[float, float, float, float]] = [None] * count  # type: ignore
    y = 0.0
    for first, end in breaks:
        tallest = max(sizes[i][1] for i in range(first, end))
        x = 0.0
        gap = interitem
        if uniform:
            # F5: one size, every line on the same columns.
            if columns >= 2:
                gap = (length - columns * w) / (columns - 1)
            elif w < length:
                x = (length - w) / 2
        elif end == count:
            pass  # F12: the last line at the leading edge with the minimum spacing
        elif end - first == 1:
            if sizes[first][0] < length:
                x = (length - sizes[first][0]) / 2  # F3
        else:
            used = sum(sizes[i][0] for i in range(first, end))
            gap = (length - used) / (end - first - 1)  # F2
        for i in range(first, end):
            iw, ih = sizes[i]
            frames[i] = (x, y + (tallest - ih) / 2, iw, ih)
            x += iw + gap
        lines.append((first, end, y, tallest))
        y += tallest + spacing
    primary = y - spacing if lines else 0.0
    if flow_sizes is None:
        widest = 0.0
        if count > 0 or True:
            # The one-size line's cells (F1, F3): an item longer than the line widens the content.
            if columns >= 2:
                gap = (length - columns * w) / (columns - 1)
                widest = (columns - 1) * (w + gap) + w
            else:
                widest = ((length - w) / 2 if w < length else 0.0) + w
    else:
        widest = max((s[0] for s in sizes), default=0.0)
    cross_length = max(length, widest)
    host_length = top + primary + bottom
    boundary, lead_ext, trail_ext = place_boundary(
        section.get("boundarySupplementaryItems", []),
        host_length,
        inset_value(env, "leading"),
        cw - inset_value(env, "trailing"),
        (cw - ctx.env_h(), ch - ctx.env_v()),
        ctx.scale,
        1 if background else None,
        boundary_measured,
    )
    host_top = start + lead_ext
    frame = (0.0, start, cw, lead_ext + host_length + trail_ext)
    origin = (inset_value(env, "leading") + leading, host_top + top)
    decorations = [
        Placed(inset_rect(frame, d.get("contentInsets")), d["elementKind"], int(d.get("zIndex", 0)))
        for d in section.get("decorationItems", [])
    ]
    boundary = [
        Placed((p.frame[0], p.frame[1] + host_top, p.frame[2], p.frame[3]), p.kind, p.z, p.pin)
        for p in boundary
    ]
    cells = [Cell(shift(f, origin[0], origin[1])) for f in frames]
    cross_extent = max(cw, origin[0] + cross_length + trailing + inset_value(env, "trailing"))
    solved = SolvedSection(
        frame,
        False,
        count,
        len(lines),
        0 if flow_sizes is not None else columns,
        origin,
        h + spacing,
        cells,
        boundary,
        decorations,
        1 if background else 0,
        0.0,
        cross_extent,
    )
    solved.lines = lines
    solved.own_sizes = not uniform
    solved.group_length = solved.last_group_length = h
    solved.primary = primary
    return solved
