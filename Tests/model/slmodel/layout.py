"""A whole layout solved at one container size, every element materialised
(docs/LAYOUT-RULES.md: "Stacking sections", "Pinned boundary items", "zIndex", "Right-to-left";
docs/SNAPPING.md: visible-item effects).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Dict, List, Tuple

from .canon import Description, Json
from .groups import Rect
from .sections import Placed, SectionContext, SolvedSection, place_boundary, solve_section

CELL, SUPPLEMENTARY, DECORATION = 0, 1, 2


@dataclass
class Element:
    """One element in host coordinates, as sl_element reports it."""

    category: int
    section: int
    item: int
    kind: str  # "cell" for cells
    frame: Rect
    z: int
    alpha: float = 1.0
    scale: float = 1.0
    pinned: bool = False
    #: How far pinning moved it (a flag on a displacement within rounding is not judged).
    displacement: float = 0.0

    @property
    def key(self):
        return (self.category, self.section, self.item, self.kind)


class Solution:
    """Everything the documented rules say about one state, canonical and host."""

    def __init__(
        self,
        desc: Description,
        sections: List[Json],
        container,
        measured,
        shares,
        flow_sizes,
        boundary_measured,
        global_measured,
    ) -> None:
        self.desc = desc
        self.host_container = container
        cw, ch = (container[1], container[0]) if desc.horizontal else container
        self.container = (cw, ch)
        env = desc.env_insets
        self.ctx = SectionContext(self.container, env, desc.scale)
        self.canonical = [desc.canonical_section(s) for s in sections]
        lead_ext = 0.0
        if self.canonical:
            _, lead_ext, _ = self.place_globals(0.0, global_measured)
        cursor = lead_ext
        self.sections: List[SolvedSection] = []
        for index, section in enumerate(self.canonical):
            if index > 0:
                cursor += desc.inter_section_spacing
            solved = solve_section(
                self.ctx,
                section,
                index,
                cursor,
                measured[index],
                shares[index],
                flow_sizes[index],
                boundary_measured[index],
            )
            cursor = solved.frame[1] + solved.frame[3]
            self.sections.append(solved)
        cross = cw
        for s in self.sections:
            cross = max(cross, s.cross_extent)
        self.globals: List[Placed] = []
        trailing = 0.0
        if self.sections and desc.global_items:
            placed, _, trailing = self.place_globals(cursor - lead_ext, global_measured)
            self.globals = [
                Placed(
                    (p.frame[0], p.frame[1] + lead_ext, p.frame[2], p.frame[3]), p.kind, p.z, p.pin
                )
                for p in placed
            ]
        self.content = (cross, cursor + trailing)
        if not (math.isfinite(self.content[0]) and math.isfinite(self.content[1])):
            from .groups import ModelError

            raise ModelError("the content size is not a finite number of points", "/sections")

    def place_globals(self, host_length: float, measured):
        env = self.desc.env_insets
        cw, ch = self.container
        el, et = float(env.get("leading", 0)), float(env.get("trailing", 0))
        ev = float(env.get("top", 0)) + float(env.get("bottom", 0))
        return place_boundary(
            self.desc.global_items,
            host_length,
            el,
            cw - et,
            (cw - el - et, ch - ev),
            self.desc.scale,
            None,
            measured,
        )

    # -- host coordinates ----------------------------------------------------------------------

    @property
    def host_content(self) -> Tuple[float, float]:
        c = self.content
        return (c[1], c[0]) if self.desc.horizontal else c

    def physical(self, r: Rect) -> Rect:
        if self.desc.horizontal:
            r = (r[1], r[0], r[3], r[2])
            if self.desc.rtl:
                r = (self.content[1] - r[0] - r[2], r[1], r[2], r[3])
            return r
        if self.desc.rtl:
            r = (self.content[0] - r[0] - r[2], r[1], r[2], r[3])
        return r

    def canonical_rect(self, r: Rect) -> Rect:
        if self.desc.horizontal:
            if self.desc.rtl:
                r = (self.content[1] - (r[0] + r[2]), r[1], r[2], r[3])
            return (r[1], r[0], r[3], r[2])
        if self.desc.rtl:
            r = (self.content[0] - (r[0] + r[2]), r[1], r[2], r[3])
        return r

    # -- elements ------------------------------------------------------------------------------

    def item_frame(self, section: int, item: int, offset: float) -> Rect:
        s = self.sections[section]
        f = s.cells[item].frame
        if s.orthogonal:
            f = (f[0] - offset, f[1], f[2], f[3])
        return self.physical(f)

    def elements(self, offsets: Dict[int, float], main, effects) -> List[Element]:
        """Every element in query order (C-API.md), pinned for the main offset, with effects.

        `main` is (offset, inset_leading, viewport, inset_trailing) of the main scroll;
        `effects(section)` gives (alongX, centre, stride, settings) or None.
        """
        result: List[Element] = []
        visible_min = main[0] + main[1]
        visible_max = main[0] + main[2] - main[3]

        def pinned(p: Placed, host) -> Rect:
            f = p.frame
            if p.pin == "leading":
                return (f[0], max(f[1], min(visible_min, host[1] - f[3])), f[2], f[3])
            if p.pin == "trailing":
                return (f[0], min(f[1], max(visible_max - f[3], host[0])), f[2], f[3])
            return f

        def emit(p: Placed, category: int, section: int, host) -> None:
            f = pinned(p, host)
            result.append(
                Element(
                    category,
                    section,
                    0,
                    p.kind,
                    self.physical(f),
                    p.z,
                    pinned=f != p.frame,
                    displacement=abs(f[1] - p.frame[1]),
                )
            )

        for g in self.globals:
            emit(g, SUPPLEMENTARY, -1, (0.0, self.content[1]))
        for index, s in enumerate(self.sections):
            host = (s.frame[1], s.frame[1] + s.frame[3])
            for d in s.decorations:
                emit(d, DECORATION, index, host)
            offset = offsets.get(index, 0.0) if s.orthogonal else 0.0
            effect = effects(index)
            for item, cell in enumerate(s.cells):
                f = cell.frame
                scrolled = (f[0] - offset, f[1], f[2], f[3])
                element = Element(CELL, index, item, "cell", self.physical(scrolled), s.cell_z)
                if effect is not None:
                    apply_effect(element, f, effect)
                result.append(element)
                for bf, kind, z in cell.badges:
                    b = (bf[0] - offset, bf[1], bf[2], bf[3])
                    result.append(Element(SUPPLEMENTARY, index, item, kind, self.physical(b), z))
            for b in s.boundary:
                emit(b, SUPPLEMENTARY, index, host)
        return result


def apply_effect(element: Element, frame: Rect, effect) -> None:
    """SNAPPING.md, "Pinned headers and visible-item effects": interpolation by distance."""
    along_x, center, stride, settings = effect
    if stride > 0:
        mid = frame[0] + frame[2] / 2 if along_x else frame[1] + frame[3] / 2
        distance = (mid - center) / stride
        if math.isnan(distance):
            distance = 0.0
    else:
        distance = 0.0
    reach = float(settings.get("distance", 1))
    t = min(abs(distance) / reach, 1.0)
    scale = settings.get("scale", {})
    alpha = settings.get("alpha", {})
    sc, se = float(scale.get("center", 1)), float(scale.get("edge", 1))
    ac, ae = float(alpha.get("center", 1)), float(alpha.get("edge", 1))
    element.scale = sc + (se - sc) * t
    element.alpha = ac + (ae - ac) * t
    if "zIndex" in settings:
        zc, ze = settings["zIndex"]["center"], settings["zIndex"]["edge"]
        value = zc + (ze - zc) * t
        element.z = int(math.floor(value + 0.5)) if value >= 0 else -int(math.floor(-value + 0.5))
