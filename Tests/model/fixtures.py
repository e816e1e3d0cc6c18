"""The model against the fixture corpus (Tests/Fixtures/README.md): frames worked out by hand from
the docs, never by running the engine. The model must agree with them as the library does, so
that a difference between the two is a bug of one of them, not of the model's reading.
"""

from __future__ import annotations

import json
import os
from typing import List

from slmodel import ModelError, ModelLayout
from slmodel.layout import CELL, DECORATION, SUPPLEMENTARY

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures")
CATEGORIES = {"cell": CELL, "supplementary": SUPPLEMENTARY, "decoration": DECORATION}
TOLERANCE = 1e-6  # as the fixture runners (Tests/Fixtures/README.md)


def near(a, b) -> bool:
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b))


def check_fixture(path: str) -> List[str]:
    with open(path) as file:
        fixture = json.load(file)
    if "config" not in fixture:
        return []  # configText: malformed input, the decoder's business
    if "expectError" in fixture:
        return []  # refused by the decoder or the solver: the driver compares those
    sections = fixture["config"].get("sections", [])
    if sum(int(s.get("itemCount", 0)) for s in sections) > 5000:
        return []  # the model materialises every frame
    name = os.path.basename(path)
    problems: List[str] = []
    try:
        model = ModelLayout(fixture["config"])
        if "container" in fixture:
            model.set_container(fixture["container"]["width"], fixture["container"]["height"])
        for entry in fixture.get("sectionOffsets", []):
            model.set_offset(entry["section"], entry["offset"])
    except ModelError as e:
        want = fixture.get("expectError")
        if want is None or want["status"] != "SL_ECONFIG" or want.get("path") != e.path:
            problems.append(f"{name}: the model cannot solve it ({e}, at {e.path})")
        return problems
    except Exception:  # noqa: BLE001 - the model does not validate: the decoder refuses these
        if "expectError" in fixture:
            return problems
        raise
    if "expectError" in fixture:
        return problems  # refused by the decoder, which the model is not
    expect = fixture.get("expect", {})
    if "contentSize" in expect and not near(model.solution.host_content, expect["contentSize"]):
        problems.append(
            f"{name}: content {model.solution.host_content}, expected {expect['contentSize']}"
        )
    for entry in expect.get("sections", []):
        info = model.section_info(entry["section"])
        for key, ours in (
            ("frame", info["frame"]),
            ("groupCount", info["group_count"]),
            ("itemsPerGroup", info["items_per_group"]),
            ("orthogonalContentLength", info["orthogonal_length"]),
            ("orthogonalOffset", info["offset"]),
        ):
            if key in entry:
                want = entry[key]
                ok = near(ours, want) if key == "frame" else abs(ours - want) <= TOLERANCE
                if not ok:
                    problems.append(
                        f"{name}: section {entry['section']} {key} {ours}, expected {want}"
                    )
    for entry in expect.get("items", []):
        frame = model.item_frame(entry["section"], entry["item"])
        if not near(frame, entry["frame"]):
            problems.append(
                f"{name}: item ({entry['section']}, {entry['item']}) {frame}, "
                f"expected {entry['frame']}"
            )
    elements = model.elements()
    for entry in expect.get("elements", []):
        key = (CATEGORIES[entry["category"]], entry["section"], entry["item"], entry["kind"])
        found = [e for e in elements if e.key == key]
        if (
            not found
            or not near(found[0].frame, entry["frame"])
            or ("zIndex" in entry and found[0].z != entry["zIndex"])
        ):
            problems.append(
                f"{name}: element {key}: {found[0].frame if found else 'missing'}, "
                f"expected {entry['frame']}"
            )
    return problems


def check_all() -> List[str]:
    problems: List[str] = []
    for name in sorted(os.listdir(FIXTURES)):
        if name.endswith(".json"):
            problems += check_fixture(os.path.join(FIXTURES, name))
    return problems


if __name__ == "__main__":
    found = check_all()
    print("\n".join(found) or "the model agrees with every fixture")
