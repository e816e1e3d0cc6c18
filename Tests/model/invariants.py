"""Invariants (docs/TESTING-MODEL.md, "Checks"): what every answer of the library must satisfy,
whatever the rules say — consistent paths, complete rect queries, ordered rest offsets, releases
and motions that end where they say. They need no model and are exact.
"""

from __future__ import annotations

import json
import math
from typing import Dict, List

from checks import (
    MODEL_ELEMENT_LIMIT,
    Failure,
    close,
    counted,
    margin,
    meets,
    rect_ulps,
    short,
)
from sllib import EVERYTHING, motion_sample


def invariants(
    lib, rng, out: List[Failure], rtl: bool, item_limit: int = MODEL_ELEMENT_LIMIT
) -> None:
    counts = [lib.item_count(s) for s in range(lib.section_count())]
    small = sum(counts) <= item_limit
    names = lib.kind_names()
    for k, name in enumerate(names):
        found = lib.find_kind(name)
        if found != k and not (name == "cell"):
            out.append(
                Failure("kind-round-trip", f"find_element_kind({name!r}) = {found}, not {k}")
            )
    single: Dict[tuple, tuple] = {}
    for s, n in enumerate(counts):
        first = 0 if n < 400 else rng.randrange(0, n - 200)
        take = min(n - first, 200)
        batch = lib.item_frames(s, first, take)
        counted(2 * take)
        for k, frame in enumerate(batch):
            one = lib.item_frame(s, first + k)
            single[(s, first + k)] = one
            if one != frame:
                out.append(
                    Failure(
                        "frames-batch",
                        f"item ({s}, {first + k}): get_item_frames {frame}, "
                        f"get_item_frame {one}",
                        {"ulps": rect_ulps(one, frame)},
                    )
                )
                break
        for frame in batch:
            if not all(math.isfinite(v) for v in frame) or frame[2] < 0 or frame[3] < 0:
                out.append(Failure("frame-finite", f"section {s}: frame {frame}"))
                break
    if not small:
        return
    everything = lib.elements(EVERYTHING)
    for e in everything:
        if e[0] == 0:
            key = (e[1], e[2])
            if key in single and single[key] != e[4]:
                out.append(
                    Failure(
                        "frame-vs-rect",
                        f"cell {key}: get_item_frame {single[key]}, rect query {e[4]}",
                        {"ulps": rect_ulps(single[key], e[4]), "section": e[1]},
                    )
                )
                break
    check_json(lib, everything, out)
    rects = random_rects(lib, rng, everything)
    for rect in rects:
        got = lib.elements(rect)
        counted(len(everything) + len(got))
        got_keys = {(e[0], e[1], e[2], e[3]) for e in got}
        for e in got:
            if not meets(e[4], rect) and margin(e[4], rect) > 1e-6 * (
                1 + abs(rect[0]) + abs(rect[1])
            ):
                out.append(
                    Failure(
                        "rect-extra",
                        f"rect {rect} returned {e[:4]} with frame {e[4]}, which does not meet it",
                    )
                )
                return
        for e in everything:
            key = (e[0], e[1], e[2], e[3])
            if key in got_keys:
                continue
            if meets(e[4], rect) and margin(e[4], rect) > 1e-6 * (1 + abs(rect[0]) + abs(rect[1])):
                info = {"category": e[0], "section": e[1], "item": e[2]}
                if e[0] == 0 and e[1] >= 0:
                    # Whether it is a cell of a partial last repetition, and outside its
                    # section's frame (seed=194026409;case=175 was both).
                    s = lib.section_info(e[1])
                    fx, fy, fw, fh = s["frame"]
                    n = s["items_per_group"]
                    info["partial_last"] = (
                        n > 1 and s["item_count"] % n != 0 and e[2] >= s["item_count"] - s["item_count"] % n
                    )
                    info["outside_section"] = not (
                        fx <= e[4][0] and e[4][0] + e[4][2] <= fx + fw
                        and fy <= e[4][1] and e[4][1] + e[4][3] <= fy + fh
                    )
                out.append(
                    Failure("rect-missing", f"rect {rect} misses {key} with frame {e[4]}", info)
                )
                return
        by_key = {(e[0], e[1], e[2], e[3]): e[4] for e in everything}
        for e in got:
            want = by_key.get((e[0], e[1], e[2], e[3]))
            if want is not None and want != e[4]:
                out.append(
                    Failure(
                        "frame-vs-rect",
                        f"{e[:4]}: rect query {e[4]}, everything query {want}",
                        {"ulps": rect_ulps(want, e[4]), "section": e[1]},
                    )
                )
                return
        if lib.count_in_rect(rect) != len(got):
            out.append(
                Failure(
                    "count",
                    f"rect {rect}: count-only {lib.count_in_rect(rect)}, elements {len(got)}",
                )
            )


def check_json(lib, everything, out: List[Failure]) -> None:
    """copy_json with no rect holds every element, in the rect query's order, frames exact."""
    document = json.loads(lib.copy_json())
    names = lib.kind_names()
    categories = {"cell": 0, "supplementary": 1, "decoration": 2}
    listed = document.get("elements", [])
    counted(len(listed))
    if len(listed) != len(everything):
        out.append(
            Failure(
                "json-elements",
                f"copy_json lists {len(listed)} elements, the rect query {len(everything)}",
            )
        )
        return
    for j, e in zip(listed, everything):
        frame = tuple(j["frame"][k] for k in ("x", "y", "width", "height"))
        kind = "cell" if e[3] == -1 else names[e[3]]
        if (
            (categories[j["category"]], j["section"], j["item"], j["kind"])
            != (e[0], e[1], e[2], kind)
            or frame != e[4]
            or j["zIndex"] != e[5]
        ):
            out.append(
                Failure(
                    "json-elements",
                    f"copy_json {j} vs rect query {e[:6]}",
                    {"ulps": rect_ulps(frame, e[4]) if frame != e[4] else 0},
                )
            )
            return
    content = document["contentSize"]
    if (content["width"], content["height"]) != lib.content_size():
        out.append(
            Failure("json-elements", f"copy_json contentSize {content} vs {lib.content_size()}")
        )


def random_rects(lib, rng, everything) -> List[tuple]:
    cw, ch = lib.content_size()
    vw, vh = lib.container_size()
    rects = []
    for _ in range(3):
        x = rng.uniform(-0.2, 1.0) * cw
        y = rng.uniform(-0.2, 1.0) * ch
        rects.append((x, y, rng.uniform(0, 1.2) * vw, rng.uniform(0, 1.2) * vh))
    cells = [e for e in everything if e[0] == 0]
    for _ in range(3):
        if not cells:
            break
        e = rng.choice(cells)
        f = e[4]
        # The cell's own frame, a thin slice inside it, and its far edge.
        rects.append(f)
        rects.append(
            (f[0] + f[2] * 0.25, f[1] + f[3] * 0.5, max(f[2] * 0.5, 0.0), max(f[3] * 0.05, 0.0))
        )
    # The far end of the largest cells: a cell that outgrows its repetition must still be found
    # where it reaches (issue 16, defect 1).
    for e in sorted(cells, key=lambda e: -(e[4][2] * e[4][3]))[:2]:
        f = e[4]
        rects.append((f[0] + f[2] * 0.9, f[1] + f[3] * 0.9, f[2] * 0.05, f[3] * 0.05))
    rects.append((0.0, 0.0, 0.0, 0.0))
    return [r for r in rects if all(math.isfinite(v) for v in r) and r[2] >= 0 and r[3] >= 0]


def scroll_invariants(lib, model, rng, out: List[Failure]) -> None:
    """Rest offsets sorted and within bounds; snap positions; releases and motions."""
    containers = model.container_ids()
    for c in containers:
        info = lib.scroll_info(c)
        count = info["snap_count"]
        lo, hi = info["min_offset"], info["max_offset"]
        if count == 0:
            offsets = []
        elif count <= 5000:
            offsets = lib.snap_offsets(c)
            if len(offsets) != count:
                out.append(
                    Failure(
                        "snap-count", f"container {c}: snap_count {count}, offsets {len(offsets)}"
                    )
                )
            counted(len(offsets))
            if any(b < a for a, b in zip(offsets, offsets[1:])):
                k = next(k for k, (a, b) in enumerate(zip(offsets, offsets[1:])) if b < a)
                out.append(
                    Failure(
                        "snap-sorted",
                        f"container {c}: rest offsets out of order at {k}: "
                        f"{offsets[k]} then {offsets[k + 1]}",
                        {"container": c, "ulps": (offsets[k] - offsets[k + 1]) / math.ulp(offsets[k])},
                    )
                )
            # Every containment keeps its rest positions in the bounds (SNAPPING.md, Containment:
            # `none`'s bounds are its first and last positions).
            if any(not lo <= x <= hi for x in offsets):
                out.append(
                    Failure(
                        "snap-bounds",
                        f"container {c}: a rest offset outside [{lo}, {hi}]: {short(offsets)}",
                    )
                )
            if count > 1:
                first = rng.randrange(count)
                tail = lib.snap_offsets(c, first)
                if tail != offsets[first:]:
                    out.append(
                        Failure("snap-offsets-first", f"container {c}: offsets from {first} differ")
                    )
        else:
            offsets = None
        span = max(hi - lo, 100.0)
        sorted_ok = offsets is not None and all(b >= a for a, b in zip(offsets, offsets[1:]))
        ranges = [lib.snap_range(c, k) for k in range(len(offsets))] if sorted_ok else []
        check_ranges(model, c, offsets, ranges, out)
        for _ in range(3):
            x = lo + span * rng.uniform(-0.3, 1.3)
            p = lib.snap_position(c, x)
            if count == 0:
                if p["index"] != -1:
                    out.append(
                        Failure(
                            "snap-position", f"container {c}: free scroll gave index {p['index']}"
                        )
                    )
                continue
            if not 0 <= p["index"] < count or not 0 <= p["progress"] <= count - 1:
                out.append(Failure("snap-position", f"container {c}: offset {x}: {p}"))
            elif sorted_ok:
                # The distance to a position is to its range (SNAPPING.md, "Items longer than
                # the viewport"): 0 inside it.
                def distance(k: int) -> float:
                    low, high = ranges[k]
                    return 0.0 if low <= x <= high else min(abs(low - x), abs(high - x))

                best = min(distance(k) for k in range(len(offsets)))
                if distance(p["index"]) > best + 1e-9 * (1 + abs(x)):
                    out.append(
                        Failure(
                            "snap-position",
                            f"container {c}: offset {x}: index {p['index']} "
                            f"({offsets[p['index']]}) is not the nearest ({best})",
                        )
                    )
            ref = lib.reference_snap(c, x)
            if ref != lib.snap_position(c, min(max(x, lo), hi))["index"]:
                out.append(Failure("reference-snap", f"container {c}: touch {x}: reference {ref}"))
        check_offset_for_item(lib, model, c, info, offsets, rng, out)
        for _ in range(2):
            start = lo + span * rng.uniform(-0.2, 1.2)
            release = start + span * rng.uniform(-0.3, 0.3)
            velocity = rng.choice([0.0, rng.uniform(-300, 300), rng.uniform(-20000, 20000)])
            reference = rng.randrange(count) if count and rng.random() < 0.3 else None
            result = lib.resolve(c, start, release, velocity, reference)
            check_release(
                lib,
                c,
                info,
                offsets,
                result,
                (start, release, velocity),
                out,
                model.scrolls[c].settings.algorithm,
            )
            motion = result.motion
            if count and motion.kind != 0 and motion.duration > 0:
                # A touch while the motion is in flight is measured from its target (SNAPPING.md).
                t = motion.duration * rng.uniform(0.0, 0.5)
                if not motion_sample(motion, t)[2]:
                    ref = lib.reference_snap(c, release, motion, t)
                    want = lib.snap_position(c, min(max(motion.target_offset, lo), hi))["index"]
                    if ref != want:
                        out.append(
                            Failure(
                                "reference-snap",
                                f"container {c}: in flight at {t}: reference {ref}, "
                                f"the target's rest position {want}",
                            )
                        )


def check_ranges(model, c, offsets, ranges, out: List[Failure]) -> None:
    """Each rest position's range (sl_layout_get_snap_range) holds its offset, and is the
    model's: a unit longer than the snapport covers the offsets keeping the snapport inside it
    (SNAPPING.md, "Items longer than the viewport")."""
    try:
        mine = model.scrolls[c]
    except Exception:  # the model judges nothing it cannot solve
        return
    judged = not mine.unsorted and len(mine.raw) == len(ranges)
    for k, (low, high) in enumerate(ranges):
        if not low <= offsets[k] <= high:
            out.append(
                Failure("snap-range", f"container {c}: rest {k} at {offsets[k]}: range {low} ... {high}")
            )
            return
        if judged:
            wants = mine.ranges(k)
            if not any(close(low, want[0]) and close(high, want[1]) for want in wants):
                out.append(
                    Failure(
                        "model-snap-range",
                        f"container {c}: rest {k}: library {low} ... {high}, model {wants[0]}",
                    )
                )
                return


def check_offset_for_item(lib, model, c, info, offsets, rng, out: List[Failure]) -> None:
    """The offset that shows an item is a rest position (its own when snapping by units, the
    page holding its start when snapping by pages), or the item's start at the snapport's start,
    clamped (C-API: sl_layout_get_offset_for_item)."""
    sections = [c] if c >= 0 else list(range(lib.section_count()))
    for s in sections:
        n = lib.item_count(s)
        if n == 0:
            continue
        item = rng.randrange(n)
        offset, snap = lib.offset_for_item(c, s, item)
        lo, hi = info["min_offset"], info["max_offset"]
        if info["snap_count"] == 0:
            if snap != -1 or not lo <= offset <= hi:
                out.append(
                    Failure(
                        "offset-for-item",
                        f"container {c}, item ({s}, {item}): {offset}, rest {snap}",
                    )
                )
        elif not lo <= offset <= hi:
            # A programmatic scroll rests where a release can (SNAPPING.md, Containment).
            out.append(
                Failure(
                    "offset-for-item",
                    f"container {c}, item ({s}, {item}): offset {offset} outside [{lo}, {hi}]",
                )
            )
        elif offsets is not None and (
            not 0 <= snap < len(offsets)
            or (
                model.scrolls[c].settings.snap_unit in ("item", "group", "page")
                and offsets[snap] != offset
            )
        ):
            out.append(
                Failure(
                    "offset-for-item",
                    f"container {c}, item ({s}, {item}): offset {offset}, "
                    f"rest {snap} ({offsets[snap] if 0 <= snap < len(offsets) else 'none'})",
                    {"unsorted": model.scrolls[c].unsorted},
                )
            )
        if rng.random() < 0.5:
            break


def check_release(
    lib, c, info, offsets, result, release, out: List[Failure], algorithm: str = "standard"
) -> None:
    target = result.target_offset
    lo, hi = info["min_offset"], info["max_offset"]
    where = f"container {c}, release {release}"
    if not lo <= target <= hi:
        out.append(Failure("resolve-bounds", f"{where}: target {target} outside [{lo}, {hi}]"))
    if info["snap_count"] == 0:
        if result.snap_index != -1:
            out.append(
                Failure("resolve-free", f"{where}: free scroll gave rest {result.snap_index}")
            )
    elif offsets is not None and algorithm == "standard":
        k = result.snap_index
        # "none" keeps the aligned positions, targets are still clamped (SNAPPING.md); a
        # position longer than the viewport takes any target in its range.
        span = lib.snap_range(c, k) if 0 <= k < len(offsets) else (0.0, 0.0)
        inside = span[0] < span[1] and span[0] <= target <= span[1]
        if not 0 <= k < len(offsets) or (min(max(offsets[k], lo), hi) != target and not inside):
            # SNAPPING.md: a resolved target is a rest position (the two UIKit patterns clamp
            # their own arithmetic instead, number for number).
            out.append(
                Failure(
                    "resolve-rest",
                    f"{where}: target {target}, rest {k}"
                    f" ({offsets[k] if 0 <= k < len(offsets) else 'none'})",
                    {"algorithm_standard": True},
                )
            )
    motion = result.motion
    if motion.target_offset != target:
        out.append(
            Failure("motion-target", f"{where}: motion target {motion.target_offset} vs {target}")
        )
    end = motion_sample(motion, motion.duration + 1e-9)
    if not end[2] or end[0] != target:
        out.append(
            Failure(
                "motion-end", f"{where}: at its duration {motion.duration} the motion is at {end}"
            )
        )
    begin = motion_sample(motion, 0.0)
    if motion.kind != 0 and not close(begin[0], release[1], 1e-6):
        out.append(Failure("motion-start", f"{where}: starts at {begin[0]}"))
