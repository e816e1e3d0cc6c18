#!/usr/bin/env python3
"""Plots a SnapLayout configuration to an SVG file (no dependencies; matplotlib optional).

    python3 plot_layout.py                          # the built-in App Store layout -> layout.svg
    python3 plot_layout.py my-layout.json -o my.svg --size 768x1024 --offset 0=300
    python3 plot_layout.py --png layout.png         # also a PNG, when matplotlib is installed

Every element is drawn at its frame in content coordinates (the SVG's user units are points):
cells blue, supplementary views (headers, badges) orange, decorations green, with the alpha and
scale of visible-item effects. The content is shaded grey and the viewport at the current
scroll offset is dashed. Needs the library: set SNAPLAYOUT_LIBRARY to build/libsnaplayout.so.0
when the package cannot find it (see bindings/python/README.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple
from xml.sax.saxutils import escape, quoteattr

import snaplayout
from snaplayout import Element, ElementCategory, Layout, Rect

#: The App Store layout `make demo` prints, in the repository this script ships with.
DEFAULT_CONFIG = Path(__file__).resolve().parents[3] / "examples-c" / "appstore.json"

FILL = {
    ElementCategory.CELL: "#4a90d9",
    ElementCategory.SUPPLEMENTARY: "#f5a623",
    ElementCategory.DECORATION: "#b8e986",
}


def label(element: Element) -> str:
    if element.is_cell:
        return f"{element.section}.{element.item}"
    return element.kind_name


def bounds(rects: Sequence[Rect]) -> Rect:
    x0 = min(r.min_x for r in rects)
    y0 = min(r.min_y for r in rects)
    x1 = max(r.max_x for r in rects)
    y1 = max(r.max_y for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def transform_attribute(element: Element) -> str:
    """SVG transform for the element's transform about its frame's centre ('' if identity)."""
    t = element.transform
    if t.is_identity:
        return ""
    cx, cy = element.frame.mid_x, element.frame.mid_y
    # Translate the centre to the origin, apply (a b c d tx ty), translate back.
    e = cx + t.tx - (t.a * cx + t.c * cy)
    f = cy + t.ty - (t.b * cx + t.d * cy)
    return f' transform="matrix({t.a:g} {t.b:g} {t.c:g} {t.d:g} {e:g} {f:g})"'


def svg(layout: Layout, title: str) -> str:
    """The layout as SVG text: one <rect class="element"> per element, in drawing order."""
    elements = list(layout.elements())
    content = layout.content_size
    container = layout.container_size or content
    main = layout.scroll_info()
    offset = main.offset
    viewport = (
        Rect(offset, 0, container.width, container.height)
        if main.horizontal
        else Rect(0, offset, container.width, container.height)
    )
    content_rect = Rect(0, 0, content.width, content.height)
    area = bounds([content_rect, viewport] + [e.frame for e in elements])
    margin = 24.0
    view = (
        area.x - margin,
        area.y - margin - 20,
        area.width + 2 * margin,
        area.height + 2 * margin + 20,
    )
    lines: List[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view[0]:g} {view[1]:g} {view[2]:g} '
        f'{view[3]:g}" width="{view[2]:g}" height="{view[3]:g}" font-family="sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{view[0]:g}" y="{view[1]:g}" width="{view[2]:g}" height="{view[3]:g}" '
        'fill="white"/>',
        f'<text x="{area.x:g}" y="{area.y - margin + 2:g}" font-size="12">{escape(title)}</text>',
        f'<rect class="content" x="0" y="0" width="{content.width:g}" height="{content.height:g}"'
        ' fill="#f2f2f2" stroke="#999" stroke-width="0.5"/>',
    ]
    # Higher z above lower; the library's order among equals.
    for element in sorted(elements, key=lambda e: e.z_index):
        f = element.frame
        fill = FILL.get(element.category, "#cccccc")
        data = (
            f'data-category="{element.category.config_name}" '
            f"data-kind={quoteattr(element.kind_name)} "
            f'data-section="{element.section}" data-item="{element.item}" '
            f'data-z="{element.z_index}"'
        )
        lines.append(
            f'<g{transform_attribute(element)} opacity="{element.alpha:g}">'
            f'<rect class="element" {data} x="{f.x!r}" y="{f.y!r}" width="{f.width!r}" '
            f'height="{f.height!r}" fill="{fill}" fill-opacity="0.55" stroke="#333" '
            f'stroke-width="0.5"/>'
            f'<text x="{f.mid_x:g}" y="{f.mid_y:g}" font-size="9" text-anchor="middle" '
            f'dominant-baseline="middle">{escape(label(element))}</text></g>'
        )
    lines.append(
        f'<rect class="viewport" x="{viewport.x:g}" y="{viewport.y:g}" width="{viewport.width:g}" '
        f'height="{viewport.height:g}" fill="none" stroke="#d0021b" stroke-dasharray="6 4"/>'
    )
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def plot_png(layout: Layout, path: Path, title: str) -> bool:
    """Draws the same picture with matplotlib; False when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.patches import Rectangle
    except ImportError:
        return False
    elements = list(layout.elements())
    content = layout.content_size
    area = bounds([Rect(0, 0, content.width, content.height)] + [e.frame for e in elements])
    scale = 6.0 / max(area.width, area.height)
    figure, axes = plt.subplots(figsize=(max(area.width * scale, 2), max(area.height * scale, 2)))
    axes.add_patch(Rectangle((0, 0), content.width, content.height, color="#f2f2f2"))
    for element in sorted(elements, key=lambda e: e.z_index):
        f = element.frame
        s = element.scale
        w, h = f.width * s, f.height * s
        axes.add_patch(
            Rectangle(
                (f.mid_x - w / 2, f.mid_y - h / 2),
                w,
                h,
                facecolor=FILL.get(element.category, "#cccccc"),
                edgecolor="#333",
                alpha=0.55 * element.alpha,
                linewidth=0.5,
            )
        )
    axes.set_xlim(area.min_x, area.max_x)
    axes.set_ylim(area.max_y, area.min_y)  # y grows downward
    axes.set_aspect("equal")
    axes.set_title(title, fontsize=8)
    figure.savefig(path, dpi=150)
    plt.close(figure)
    return True


def parse_size(text: str) -> Tuple[float, float]:
    width, _, height = text.lower().partition("x")
    return float(width), float(height)


def parse_offset(text: str) -> Tuple[int, float]:
    section, _, offset = text.partition("=")
    return int(section), float(offset)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "config",
        nargs="?",
        type=Path,
        default=None,
        help=f"a JSON configuration (default: {DEFAULT_CONFIG.name})",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=Path("layout.svg"),
        help="the SVG file to write (default: layout.svg)",
    )
    parser.add_argument(
        "--size",
        type=parse_size,
        default=None,
        metavar="WxH",
        help="container size (default: the configuration's, else 390x844)",
    )
    parser.add_argument(
        "--offset",
        type=parse_offset,
        action="append",
        default=[],
        metavar="S=X",
        help="scroll orthogonal section S to offset X",
    )
    parser.add_argument(
        "--png",
        type=Path,
        default=None,
        help="also draw a PNG with matplotlib, when it is installed",
    )
    args = parser.parse_args(argv)

    path = args.config or DEFAULT_CONFIG
    if not path.exists():
        parser.error(f"{path} not found; give a configuration file")
    try:
        with Layout.from_file(path) as layout:
            if args.size is not None:
                layout.set_container_size(*args.size)
            elif layout.container_size is None:
                layout.set_container_size(390, 844)
            for section, offset in args.offset:
                layout.set_scroll_offset(section, offset)
            size, content = layout.container_size or layout.content_size, layout.content_size
            title = (
                f"{path.name}: container {size.width:g} x {size.height:g}, content "
                f"{content.width:g} x {content.height:g}, {layout.element_count()} elements"
            )
            args.output.write_text(svg(layout, title), encoding="utf-8")
            print(f"wrote {args.output} ({title})")
            if args.png is not None:
                if plot_png(layout, args.png, title):
                    print(f"wrote {args.png}")
                else:
                    print("matplotlib is not installed: no PNG", file=sys.stderr)
    except snaplayout.SnapLayoutError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
