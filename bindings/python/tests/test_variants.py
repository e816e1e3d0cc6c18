"""Sections that adapt to the container through the binding (docs/CONFIG.md, "Variants";
docs/LAYOUT-RULES.md, "Sections that adapt to the container"): the variant in force per
container size, measured sizes kept across variants, the JSON output and a refusal."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from conftest import absolute, fw, size
from snaplayout import ConfigError, Layout, RangeError, Rect, Size


def row(columns: int, height: Dict[str, float]) -> Dict[str, Any]:
    return {
        "group": "horizontal",
        "layoutSize": size(fw(1), height),
        "subitem": {"layoutSize": size(fw(1), height)},
        "count": columns,
    }


def adaptive() -> Dict[str, Any]:
    """One column by default; three from 600 pt; two rows of 80 from 400 to 600 pt."""
    estimated = {"estimated": 50}
    return {
        "sections": [
            {
                "itemCount": 6,
                "group": row(1, estimated),
                "variants": [
                    {"when": {"minWidth": 600}, "group": row(3, estimated), "interGroupSpacing": 10},
                    {"when": {"minWidth": 400, "maxWidth": 600}, "group": row(2, absolute(80))},
                ],
            },
            {"itemCount": 1, "group": row(1, absolute(44))},
        ]
    }


def test_the_variant_in_force_follows_the_container() -> None:
    with Layout(adaptive()) as layout:
        assert layout.section_variant(0) is None
        layout.set_container_size(390, 844)
        assert layout.section_variant(0) is None
        assert layout.item_frame(0, 1) == Rect(0, 50, 390, 50)
        layout.set_container_size(500, 844)
        assert layout.section_variant(0) == 1
        assert layout.item_frame(0, 3) == Rect(250, 80, 250, 80)
        layout.set_container_size(600, 844)
        assert layout.section_variant(0) == 0
        assert layout.item_frame(0, 4) == Rect(200, 60, 200, 50)
        assert layout.section_variant(1) is None
        with pytest.raises(RangeError) as raised:
            layout.section_variant(2)
        assert raised.value.path == "section"


def test_measured_sizes_survive_a_change_of_variant() -> None:
    with Layout(adaptive(), container_size=(390, 844)) as layout:
        layout.report_item_size(0, 0, 390, 120)
        assert layout.item_frame(0, 1).y == 120
        layout.set_container_size(500, 844)  # absolute heights: kept, not applied
        assert layout.measured_size(0, 0) == Size(390, 120)
        assert layout.item_frame(0, 0).height == 80
        layout.set_container_size(900, 844)  # estimated again: applied to its row
        assert layout.item_frame(0, 0).height == 120
        assert layout.item_frame(0, 3).y == 130


def test_copy_json_shows_the_variant_of_sections_with_variants() -> None:
    with Layout(adaptive(), container_size=(700, 844)) as layout:
        sections = layout.copy_json()["sections"]
        assert sections[0]["variant"] == 0
        assert "variant" not in sections[1]
        layout.set_container_size(300, 844)
        assert layout.copy_json()["sections"][0]["variant"] == -1


def test_a_bad_range_is_refused_with_its_pointer() -> None:
    config = adaptive()
    config["sections"][0]["variants"][1]["when"]["maxWidth"] = 400
    with pytest.raises(ConfigError) as raised:
        Layout(config)
    assert raised.value.path == "/sections/0/variants/1/when/maxWidth"
    assert "must be greater than minWidth" in str(raised.value)
