"""Reducing a failing case to a small one (docs/TESTING-MODEL.md, "Failures"): fewer steps,
fewer sections, fewer keys, fewer items — as long as the same check still fails the same way.
"""

from __future__ import annotations

import copy
import time
from typing import Callable, List, Optional

import known
from checks import Failure

Json = dict


def signature(f: Failure):
    entry = known.match(f)
    return (f.check, entry.name if entry else None)


def shrink(
    config: Json,
    steps: List[Json],
    target: Failure,
    run_case: Callable,
    seconds: float = 30.0,
    log: Optional[Callable] = None,
):
    """The smallest (config, steps) found within `seconds` that still fails like `target`."""
    wanted = signature(target)
    deadline = time.monotonic() + seconds
    trials = [0]

    def fails(c: Json, s: List[Json]) -> bool:
        trials[0] += 1
        return any(signature(f) == wanted for f in run_case(c, s))

    steps = list(steps[: target.step + 1]) if target.step >= 0 else list(steps)
    if not fails(config, steps):
        return config, steps, trials[0]

    # 1. Steps: drop chunks, halving their size (delta debugging).
    chunk = max(1, len(steps) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        index = 0
        changed = False
        while index < len(steps) and time.monotonic() < deadline:
            candidate = steps[:index] + steps[index + chunk :]
            if candidate != steps and fails(config, candidate):
                steps = candidate
                changed = True
            else:
                index += chunk
        if not changed:
            chunk //= 2

    # 2. Sections, then keys anywhere in the configuration, then smaller item counts.
    for index in reversed(range(len(config.get("sections", [])))):
        if time.monotonic() > deadline:
            break
        candidate = copy.deepcopy(config)
        del candidate["sections"][index]
        if fails(candidate, steps):
            config = candidate
    for path in key_paths(config):
        if time.monotonic() > deadline:
            break
        candidate = copy.deepcopy(config)
        if remove(candidate, path) and fails(candidate, steps):
            config = candidate
    for index, section in enumerate(config.get("sections", [])):
        count = section.get("itemCount", 0)
        while count > 1 and time.monotonic() < deadline and "itemSizes" not in section:
            candidate = copy.deepcopy(config)
            candidate["sections"][index]["itemCount"] = count // 2
            if not fails(candidate, steps):
                break
            config = candidate
            count //= 2
    if log:
        log(f"shrunk in {trials[0]} runs to {len(steps)} steps")
    return config, steps, trials[0]


def key_paths(node, prefix=()):
    """Every removable key's path, deepest first."""
    paths = []
    if isinstance(node, dict):
        for key, value in node.items():
            paths += key_paths(value, prefix + (key,))
            if key not in (
                "sections",
                "itemCount",
                "group",
                "layoutSize",
                "widthDimension",
                "heightDimension",
                "elementKind",
                "alignment",
                "containerAnchor",
                "count",
            ):
                paths.append(prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            paths += key_paths(value, prefix + (index,))
    return paths


def remove(node, path) -> bool:
    for key in path[:-1]:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return False
    try:
        del node[path[-1]]
    except (KeyError, IndexError, TypeError):
        return False
    return True
