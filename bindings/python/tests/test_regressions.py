"""Regression tests for library issues the property tests (test_properties.py) found.

Each was reported with the configuration below and fixed in the library; each test states what
the documentation promises.
"""

from __future__ import annotations

import math

import pytest

from snaplayout import Layout, SnapLayoutError


def test_content_size_is_never_negative() -> None:
    # A count group places exactly `count` children even when they overflow (LAYOUT-RULES
    # "Groups" 1): three 60-pt rows in a 100-pt group. The partial last group was
    # step - (maxA(all N cells) - maxA(first r cells)) (LAYOUT-RULES "Sections"): with one item
    # 100 - (180 - 60) = -20, a negative content height; cell ends now count up to the group's.
    def content_height(count: int) -> float:
        config = {
            "sections": [
                {
                    "itemCount": count,
                    "group": {
                        "group": "vertical",
                        "layoutSize": {
                            "widthDimension": {"fractionalWidth": 1},
                            "heightDimension": {"absolute": 100},
                        },
                        "repeatingSubitem": {
                            "layoutSize": {
                                "widthDimension": {"fractionalWidth": 1},
                                "heightDimension": {"absolute": 60},
                            }
                        },
                        "count": 3,
                    },
                }
            ]
        }
        with Layout(config, container_size=(390, 844)) as layout:
            return layout.content_size.height

    heights = [content_height(n) for n in range(5)]  # were 0, -20, 40, 100, 80
    assert min(heights) >= 0
    assert heights == sorted(heights)  # one more item never shortens the content


def test_content_size_is_never_negative_with_tiny_items() -> None:
    # A 1-pt vertical group of 0.1-pt items. The fit loop took 12 of them while its tolerance was
    # an absolute 0.25 pt (1.2 pt overflows by 0.2), and one item gave 1 - (1.2 - 0.1) = -0.1;
    # below a point the tolerance is a quarter of the item (issue 16): 10 fit, exactly.
    config = {
        "sections": [
            {
                "itemCount": 1,
                "group": {
                    "group": "vertical",
                    "layoutSize": {
                        "widthDimension": {"fractionalWidth": 1},
                        "heightDimension": {"absolute": 1},
                    },
                    "subitems": [
                        {
                            "layoutSize": {
                                "widthDimension": {"fractionalWidth": 1},
                                "heightDimension": {"fractionalHeight": 0.1},
                            }
                        }
                    ],
                },
            }
        ]
    }
    with Layout(config, container_size=(390, 844)) as layout:
        assert layout.section_info(0).items_per_group == 10  # was 12
        assert layout.content_size.height >= 0  # was -0.1


def test_release_a_hair_from_the_target() -> None:
    config = {"environment": {"container": {"width": 390, "height": 844}}, "sections": []}
    with Layout(config) as layout:  # bounds [0, 0]: every release comes to rest at 0
        for distance in (1e-200, 1e-300):
            motion = layout.resolve_scroll(-1, 0, -distance, 2).motion
            assert math.isfinite(motion.duration)
            try:
                end = motion.sample(motion.duration)
            except SnapLayoutError as error:  # the library refused its own motion
                pytest.fail(f"{motion}: {error}")
            assert end.settled and end.offset == 0


def test_overlong_flow_items_do_not_depend_on_where_their_size_comes_from() -> None:
    def content_width(section: dict) -> float:
        config = {"flowLayout": {"itemSize": {"width": 500, "height": 40}}, "sections": [section]}
        with Layout(config, container_size=(390, 844)) as layout:
            assert layout.item_frame(0, 1).width == 500
            return layout.content_size.width

    uniform = content_width({"itemCount": 2})  # F1: overflows the line: 390
    given = content_width({"itemCount": 2, "itemSizes": [{"width": 500, "height": 40}] * 2})
    assert uniform == given  # were 390 and 500


def test_rect_query_finds_cells_overflowing_an_orthogonal_row() -> None:
    # A 10 x 40 cell in a 40 x 20 group: it overflows the row (documented); its frame still
    # intersects (0, 30, 390, 100), and the header promises every element whose frame does.
    # Without orthogonalScrollingBehavior the same query finds it.
    config = {
        "sections": [
            {
                "itemCount": 1,
                "orthogonalScrollingBehavior": "continuous",
                "group": {
                    "group": "horizontal",
                    "layoutSize": {
                        "widthDimension": {"absolute": 40},
                        "heightDimension": {"absolute": 20},
                    },
                    "subitems": [
                        {
                            "layoutSize": {
                                "widthDimension": {"absolute": 10},
                                "heightDimension": {"absolute": 40},
                            }
                        }
                    ],
                },
            }
        ]
    }
    with Layout(config, container_size=(390, 844)) as layout:
        assert layout.item_frame(0, 0).max_y == 40
        assert layout.element_count((0, 30, 390, 100)) == 1  # was 0
