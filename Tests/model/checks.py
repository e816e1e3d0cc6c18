"""The library against the model on every query (docs/TESTING-MODEL.md, "Checks"), and the
helpers the other checks share (invariants.py, exact.py).

Each failed check is a Failure with a check name; known.py maps some of them to the issue's
known defects.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Dict, List

from sllib import EVERYTHING, LibError

#: Beyond this many elements the model is not asked and invariants sample.
MODEL_ELEMENT_LIMIT = 6000

#: How many answers were compared (with the model or by an invariant), for the run's summary.
COMPARED = [0]


def counted(n: int) -> None:
    COMPARED[0] += n


@dataclass
class Failure:
    check: str
    detail: str
    info: Dict[str, Any] = field(default_factory=dict)
    step: int = -1

    def __str__(self) -> str:
        return f"[{self.check}] step {self.step}: {self.detail}"


def close(a: float, b: float, tolerance: float = 1e-8) -> bool:
    """The model sums in its own order: agreement within 1e-8 pt plus 1e-11 relative."""
    if a == b:
        return True
    if not (math.isfinite(a) and math.isfinite(b)):
        return False
    return abs(a - b) <= tolerance + 1e-11 * max(abs(a), abs(b))


def close_rect(a, b) -> bool:
    return all(close(x, y) for x, y in zip(a, b))


def relative(a, b) -> float:
    """The largest relative difference of two numbers or rects (for classifying mismatches)."""
    if not isinstance(a, (list, tuple)):
        a, b = [a], [b]
    worst = 0.0
    for x, y in zip(a, b):
        if x != y:
            if not (math.isfinite(x) and math.isfinite(y)):
                return math.inf
            worst = max(worst, abs(x - y) / max(abs(x), abs(y), 1.0))
    return worst


def ulps(a: float, b: float) -> float:
    """How many units in the last place apart two doubles are, counted at least at the scale of
    a layout's coordinates (1024 pt): 2e-13 against 0 is a last-bit difference of a sum of
    lengths that cancelled, not a 2^52-ulp one."""
    if a == b:
        return 0
    if not (math.isfinite(a) and math.isfinite(b)):
        return math.inf
    return abs(a - b) / math.ulp(max(abs(a), abs(b), 1024.0))


def rect_ulps(a, b) -> float:
    return max(ulps(x, y) for x, y in zip(a, b))


def meets(frame, rect) -> bool:
    """C-API.md: an element is returned when it shares area with the rect; an element with zero
    width or height when its edge lies inside the rect (spans half open)."""

    def spans(a, la, b, lb):
        if la > 0:
            return a < b + lb and b < a + la
        return b <= a < b + lb

    return spans(frame[0], frame[2], rect[0], rect[2]) and spans(
        frame[1], frame[3], rect[1], rect[3]
    )


def margin(frame, rect) -> float:
    """How clearly a frame meets or misses a rect (0 at an exact edge): borderline cases depend
    on rounding in the library's coordinate conversions and are not judged."""
    m = math.inf
    for a, la, b, lb in (
        (frame[0], frame[2], rect[0], rect[2]),
        (frame[1], frame[3], rect[1], rect[3]),
    ):
        m = min(m, abs(a - (b + lb)), abs((a + la) - b), abs(a - b))
    return m


# -- the library against the model -------------------------------------------------------------


def compare_model(lib, model, out: List[Failure]) -> None:
    sol = model.solution
    main = 0 if model.desc.horizontal else 1  # the main axis in host coordinates
    content = lib.content_size()
    expected = sol.host_content
    if not close_rect(content, expected):
        out.append(
            Failure(
                "model-content-size",
                f"library {content}, model {expected}",
                {
                    "rel": relative(content, expected),
                    # Only the extent across the main axis differs (the content's width in a
                    # vertical layout).
                    "cross_only": close(content[main], expected[main]),
                },
            )
        )
    count = lib.section_count()
    if count != len(model.sections):
        out.append(Failure("model-section-count", f"library {count}, model {len(model.sections)}"))
        return
    names = lib.kind_names()
    if names != model.kinds:
        out.append(Failure("model-kinds", f"library {names}, model {model.kinds}"))
    for s in range(count):
        info = lib.section_info(s)
        want = model.section_info(s)
        for key in ("variant", "item_count", "group_count", "items_per_group", "behavior"):
            if info[key] != want[key]:
                out.append(
                    Failure(
                        "model-section-info",
                        f"section {s} {key}: library {info[key]}, model {want[key]}",
                        {"section": s, "key": key, "library": info[key], "model": want[key]},
                    )
                )
        for key in ("frame", "orthogonal_length", "offset"):
            a, b = info[key], want[key]
            ok = close_rect(a, b) if key == "frame" else close(a, b)
            if not ok:
                out.append(
                    Failure(
                        "model-section-info",
                        f"section {s} {key}: library {a}, model {b}",
                        {"section": s, "key": key, "rel": relative(a, b)},
                    )
                )
    total = sum(model.section_info(s)["item_count"] for s in range(count))
    if total > MODEL_ELEMENT_LIMIT:
        return
    for s in range(count):
        n = lib.item_count(s)
        frames = lib.item_frames(s, 0, n)
        counted(n)
        for i, frame in enumerate(frames):
            want = model.item_frame(s, i)
            if not close_rect(frame, want):
                out.append(
                    Failure(
                        "model-item-frame",
                        f"item ({s}, {i}): library {frame}, model {want}",
                        {"section": s, "item": i, "rel": relative(frame, want)},
                    )
                )
                break
    compare_elements(lib, model, names, out)
    compare_scrolls(lib, model, out)
    compare_distances(lib, model, out)


def compare_distances(lib, model, out: List[Failure]) -> None:
    """An item's distance from its container's centre in strides (SNAPPING.md, effects)."""
    for s in range(len(model.sections)):
        n = int(model.sections[s]["itemCount"])
        for item in ((0, n // 2, n - 1) if n else ()):
            got = lib.item_distance(s, item)
            want = model.item_distance(s, item)
            if not close(got, want):
                out.append(
                    Failure(
                        "model-item-distance",
                        f"item ({s}, {item}): library {got}, model {want}",
                        {"rel": relative(got, want)},
                    )
                )
                return


def element_key(e, names):
    category, section, item, kind = e[0], e[1], e[2], e[3]
    return (category, section, item, "cell" if kind == -1 else names[kind])


def compare_elements(lib, model, names, out: List[Failure]) -> None:
    got = lib.elements(EVERYTHING)
    want = model.elements()
    got_keys = [element_key(e, names) for e in got]
    want_keys = [e.key for e in want]
    if got_keys != want_keys:
        missing = [k for k in want_keys if k not in set(got_keys)]
        extra = [k for k in got_keys if k not in set(want_keys)]
        out.append(
            Failure(
                "model-elements",
                f"element lists differ: missing {missing[:5]}, extra {extra[:5]}"
                + ("" if missing or extra else " (order)"),
                {"missing": missing[:5], "extra": extra[:5]},
            )
        )
        return
    counted(len(got))
    for g, w in zip(got, want):
        frame, z, alpha, scale, flags = g[4], g[5], g[6], g[7], g[8]
        problems = []
        if not close_rect(frame, w.frame):
            problems.append(f"frame {frame} vs {w.frame}")
        if z != w.z:
            problems.append(f"zIndex {z} vs {w.z}")
        if not close(alpha, w.alpha) or not close(scale, w.scale):
            problems.append(f"alpha/scale {alpha}/{scale} vs {w.alpha}/{w.scale}")
        if bool(flags & 2) != w.pinned and w.displacement > 1e-6 * (
            1 + abs(w.frame[0]) + abs(w.frame[1])
        ):
            problems.append(f"pinned {bool(flags & 2)} vs {w.pinned}")
        if problems:
            out.append(
                Failure(
                    "model-element",
                    f"{w.key}: " + "; ".join(problems),
                    {
                        "key": w.key,
                        "section": w.key[1],
                        "rel": (
                            relative(frame, w.frame)
                            if len(problems) == 1 and problems[0].startswith("frame")
                            else math.inf
                        ),
                    },
                )
            )
            return


def compare_scrolls(lib, model, out: List[Failure]) -> None:
    for c in model.container_ids():
        try:
            info = lib.scroll_info(c)
        except LibError as e:
            out.append(Failure("model-scroll-info", f"container {c}: library refused ({e})"))
            continue
        want = model.scroll_info(c)
        if info["snap_count"] != want["snap_count"] and info["snap_count"] in model.scrolls[c].ties:
            # A tie a rounding decides (slmodel.scroll.tie_counts): not a failure, but the two
            # sides part ways here; the runner judges the rest of the case by the invariants.
            out.append(
                Failure(
                    "model-tie",
                    f"container {c} snap_count: library {info['snap_count']}, "
                    f"model {want['snap_count']} (a tie)",
                )
            )
            continue
        for key, value in want.items():
            if not close(info[key], value):
                out.append(
                    Failure(
                        "model-scroll-info",
                        f"container {c} {key}: library {info[key]}, model {value}",
                        {
                            "container": c,
                            "key": key,
                            "rel": relative(info[key], value),
                            "unsorted": model.scrolls[c].unsorted,
                        },
                    )
                )
        if info["snap_count"] != want["snap_count"] or want["snap_count"] > 5000:
            continue
        offsets = lib.snap_offsets(c)
        rests = model.scrolls[c].rests
        counted(len(offsets) + len(want))
        if len(offsets) != len(rests) or not all(close(a, b) for a, b in zip(offsets, rests)):
            raw = model.scrolls[c].raw
            unsorted = all(close(a, b) for a, b in zip(offsets, raw)) and len(raw) == len(offsets)
            out.append(
                Failure(
                    "model-snap-offsets",
                    f"container {c}: library {short(offsets)}, model {short(rests)}"
                    + (
                        " (the library's are the units in section order, unsorted)"
                        if unsorted
                        else ""
                    ),
                    {
                        "container": c,
                        "unsorted": unsorted or model.scrolls[c].unsorted,
                        "rel": relative(offsets, rests) if len(offsets) == len(rests) else math.inf,
                    },
                )
            )


def short(values, n: int = 8):
    values = list(values)
    text = ", ".join(f"{v:.6g}" for v in values[:n])
    return f"[{text}{', ...' if len(values) > n else ''}] ({len(values)})"
