"""The shared fixture corpus (Tests/Fixtures/*.json), run through the Pythonic layer.

Same rules as Tests/c/test_fixtures.c (format in Tests/Fixtures/README.md): "config" is
serialised, "configText" passed byte for byte; errors may come from creating or sizing; frames
are compared with an absolute tolerance of 1e-6 points.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

from conftest import FIXTURES
from snaplayout import Layout, Rect, SnapLayoutError

TOLERANCE = 1e-6
FILES = sorted(FIXTURES.glob("*.json")) if FIXTURES.is_dir() else []
FIXTURE_KEYS = {
    "description",
    "source",
    "derivation",
    "config",
    "configText",
    "container",
    "sectionOffsets",
    "expect",
    "expectError",
}


def assert_frame(what: str, actual: Rect, expected: List[float]) -> None:
    assert all(
        abs(a - e) <= TOLERANCE for a, e in zip(actual.as_tuple(), expected)
    ), f"{what}: {actual.as_tuple()}, expected {tuple(expected)}"


def open_fixture(fixture: Dict[str, Any]) -> Layout:
    if "configText" in fixture:
        layout = Layout.from_json(fixture["configText"])
    else:
        layout = Layout(fixture["config"])
    try:
        container = fixture.get("container")
        if container:
            layout.set_container_size(container["width"], container["height"])
        for entry in fixture.get("sectionOffsets", []):
            layout.set_section_offset(entry["section"], entry["offset"])
    except BaseException:
        layout.close()
        raise
    return layout


def check_expectations(layout: Layout, expect: Dict[str, Any]) -> None:
    assert set(expect) <= {"contentSize", "sections", "items", "elements", "rects"}, expect.keys()
    if "contentSize" in expect:
        content = layout.content_size
        width, height = expect["contentSize"]
        assert abs(content.width - width) <= TOLERANCE and abs(content.height - height) <= TOLERANCE
    for entry in expect.get("sections", []):
        info = layout.section_info(entry["section"])
        if "frame" in entry:
            assert_frame(f"section {info.section}", info.frame, entry["frame"])
        for key, attribute in (("groupCount", "group_count"), ("itemsPerGroup", "items_per_group")):
            if key in entry:
                assert getattr(info, attribute) == entry[key], key
        for key, attribute in (
            ("orthogonalContentLength", "orthogonal_content_length"),
            ("orthogonalOffset", "orthogonal_offset"),
        ):
            if key in entry:
                assert abs(getattr(info, attribute) - entry[key]) <= TOLERANCE, key
    for entry in expect.get("items", []):
        frame = layout.item_frame(entry["section"], entry["item"])
        assert_frame(f"item ({entry['section']}, {entry['item']})", frame, entry["frame"])
    if "elements" in expect:
        every = list(layout.elements())
        for entry in expect["elements"]:
            key = (entry["category"], entry["kind"], entry["section"], entry.get("item", 0))
            matches = [
                e for e in every if (e.category.config_name, e.kind_name, e.section, e.item) == key
            ]
            assert len(matches) == 1, f"{key}: {len(matches)} elements match"
            if "frame" in entry:
                assert_frame(str(key), matches[0].frame, entry["frame"])
            if "zIndex" in entry:
                assert matches[0].z_index == entry["zIndex"], key
    for entry in expect.get("rects", []):
        assert layout.element_count(entry["rect"]) == entry["count"], entry["rect"]


@pytest.mark.skipif(not FILES, reason="Tests/Fixtures not found")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_fixture(path: Path) -> None:
    fixture = json.loads(path.read_text())
    assert set(fixture) <= FIXTURE_KEYS, f"unknown keys {set(fixture) - FIXTURE_KEYS}"
    assert ("config" in fixture) != ("configText" in fixture)
    assert ("expect" in fixture) != ("expectError" in fixture)
    if "expectError" in fixture:
        expected = fixture["expectError"]
        with pytest.raises(SnapLayoutError) as raised:
            open_fixture(fixture).close()
        error = raised.value
        assert error.status == expected["status"], error
        if "path" in expected:
            assert error.path == expected["path"], error
        if "messageContains" in expected:
            assert expected["messageContains"] in error.message, error
        return
    with open_fixture(fixture) as layout:
        check_expectations(layout, fixture["expect"])
