"""Measured sizes (cells, headers, flow items) and live data changes (items and sections)."""

from __future__ import annotations

import json
import math
import random

import pytest

from conftest import absolute, estimated, fh, fw, grid_config, list_config, size
from snaplayout import (
    SCROLL_MAIN,
    InvalidArgumentError,
    Layout,
    RangeError,
    Rect,
    Size,
    SizeReport,
)

# Tests/c/test_data_changes.c: 390-pt lines, 10 pt apart, 10 pt between items; six tags.
TAGS = {
    "environment": {"container": {"width": 390, "height": 844}},
    "flowLayout": {"estimatedItemSize": {"width": 80, "height": 40}},
    "sections": [
        {
            "itemCount": 6,
            "itemSizes": [
                {"width": 100, "height": 40},
                {"width": 150, "height": 60},
                {"width": 120, "height": 30},
                {"width": 300, "height": 50},
                {"width": 60, "height": 20},
                {"width": 70, "height": 20},
            ],
        }
    ],
}


def test_random_reports_match_a_reference() -> None:
    # Rows of a list take their measured heights; everything after them moves.
    count = 300
    heights = [44.0] * count
    generator = random.Random(12345)
    with Layout(list_config(count)) as layout:
        for _ in range(400):
            item = generator.randrange(count)
            heights[item] = 5 + generator.randrange(4000) / 16  # exact in single precision
            layout.report_item_size(0, item, 123, heights[item])
        y = 10.0
        for item, frame in enumerate(layout.item_frames(0)):
            assert frame == Rect(10, y, 370, heights[item])  # the width is not estimated
            y += heights[item] + 8
        assert layout.content_size == Size(390, y - 8 + 10)


def test_report_anchors_the_visible_content() -> None:
    with Layout(list_config()) as layout:
        layout.set_scroll_offset(SCROLL_MAIN, 10 + 52 * 100)  # row 100 at the top
        report = layout.report_item_size(0, 7, 1, 144)  # 100 pt taller, above the viewport
        assert report == SizeReport(100, 0, Size(390, 10 + 2000 * 52 - 8 + 10 + 100))
        assert layout.scroll_offset() == 10 + 52 * 100 + 100
        assert layout.measured_size(0, 7) == Size(1, 144)
        assert layout.measured_size(0, 8) is None
        assert layout.item_frame(0, 8).y == 10 + 8 * 52 + 100
        back = layout.reset_item_size(0, 7)
        assert back.main_offset_adjustment == -100 and layout.measured_size(0, 7) is None
        assert layout.item_frame(0, 8).y == 10 + 8 * 52
        assert layout.reset_item_size(0, 7).main_offset_adjustment == 0  # nothing to forget
        with pytest.raises(RangeError) as raised:
            layout.report_item_size(0, 2000, 1, 1)
        assert raised.value.path == "item"


# Tests/c/test_batch_reports.c's grid: three estimated cells a row, a row takes its tallest.
BATCH_GRID = {
    "environment": {"container": {"width": 390, "height": 844}},
    "sections": [
        {
            "itemCount": 301,
            "interGroupSpacing": 4,
            "group": {
                "group": "horizontal",
                "layoutSize": size(fw(1), estimated(60)),
                "subitem": {"layoutSize": size(fw(0.33), estimated(60))},
                "count": 3,
            },
        }
    ],
}
# And its carousel: estimated widths, scrolling horizontally.
BATCH_COLUMNS = {
    "environment": {"container": {"width": 390, "height": 844}},
    "configuration": {"scrollDirection": "horizontal"},
    "sections": [
        {
            "itemCount": 400,
            "interGroupSpacing": 2,
            "group": {
                "group": "horizontal",
                "layoutSize": size(estimated(50), fh(1)),
                "subitems": [{"layoutSize": size(estimated(50), fh(1))}],
            },
        }
    ],
}


def test_batch_reports_match_single_reports() -> None:
    # Tests/c/test_batch_reports.c: many sizes in one call leave the layout as the same sizes
    # reported one at a time in item order, frame for frame, from an offset mid-content.
    generator = random.Random(2026)
    for config, with_width in (
        (list_config(700), False),
        (BATCH_GRID, True),
        (BATCH_COLUMNS, True),
    ):
        with Layout(config) as single, Layout(config) as batch:
            single.set_scroll_offset(SCROLL_MAIN, 1500)
            batch.set_scroll_offset(SCROLL_MAIN, 1500)
            items = single.item_count(0)
            for _ in range(6):
                first = generator.randrange(items)
                count = 1 + generator.randrange(min(items - first, 120))
                sizes = [
                    Size(
                        1 + generator.randrange(1000) / 4 if with_width else 390,
                        1 + generator.randrange(1000) / 4,
                    )
                    for _ in range(count)
                ]
                moved = sum(
                    single.report_item_size(
                        0, first + i, sizes[i].width, sizes[i].height
                    ).main_offset_adjustment
                    for i in range(count)
                )
                report = batch.report_item_sizes(0, first, sizes)
                assert list(batch.item_frames(0)) == list(single.item_frames(0))
                assert batch.scroll_offset() == single.scroll_offset()
                assert report.content_size == single.content_size
                assert report.main_offset_adjustment == pytest.approx(moved, abs=1e-6)
                assert batch.measured_size(0, first + count - 1) == sizes[-1]


def test_batch_reports_anchor_and_refuse_by_name() -> None:
    with Layout(list_config()) as layout:
        layout.set_scroll_offset(SCROLL_MAIN, 10 + 52 * 100)  # row 100 at the top
        # Tuples and dicts; rows 7 and 8 100 and 50 pt taller, above the viewport.
        report = layout.report_item_sizes(0, 7, [(1, 144), {"width": 1, "height": 94}])
        assert report.main_offset_adjustment == 150
        assert layout.scroll_offset() == 10 + 52 * 100 + 150
        assert layout.measured_size(0, 8) == Size(1, 94)
        assert layout.item_frame(0, 9).y == 10 + 9 * 52 + 150
        assert layout.report_item_sizes(0, 2000, []).main_offset_adjustment == 0
        for sizes, path in (
            ([(10, 10), (math.nan, 10)], "sizes/1/width"),
            ([(10, 10), (10, 44), (10, -1)], "sizes/2/height"),
            ([(10, 2e6)], "sizes/0/height"),
        ):
            with pytest.raises(InvalidArgumentError) as raised:
                layout.report_item_sizes(0, 0, sizes)
            assert raised.value.path == path
        for section, first, path in ((0, 1999, "count"), (0, -1, "first"), (1, 0, "section")):
            with pytest.raises(RangeError) as range_error:
                layout.report_item_sizes(section, first, [(1, 1), (1, 1)])
            assert range_error.value.path == path
        # Nothing changed on the way.
        assert layout.measured_size(0, 0) is None
        assert layout.scroll_offset() == 10 + 52 * 100 + 150
    with Layout(TAGS) as layout:  # a flow section of estimated sizes measures too
        layout.report_item_sizes(0, 3, [(390, 50), (390, 20)])
        assert layout.item_frame(0, 3) == Rect(0, 70, 390, 50)
        assert layout.item_frame(0, 4) == Rect(0, 130, 390, 20)


def test_measured_headers(appstore: Layout) -> None:
    # The grid's header is estimated at 44: measured at 60, everything after moves 16 down.
    report = appstore.report_supplementary_size(1, "header", 390, 60)
    assert report.content_size == Size(390, 2104 + 16)
    assert appstore.measured_supplementary_size(1, "header") == Size(390, 60)
    assert appstore.measured_supplementary_size(2, "header") is None
    header = next(e for e in appstore if e.kind_name == "header" and e.section == 1)
    assert header.frame == Rect(12, 296, 366, 60)
    assert appstore.item_frame(2, 0).y == 773 + 16
    kind = appstore.find_element_kind("header")
    assert appstore.reset_supplementary_size(1, kind).content_size == Size(390, 2104)
    assert appstore.measured_supplementary_size(1, kind) is None
    with pytest.raises(RangeError) as raised:  # badges are not measured
        appstore.report_supplementary_size(1, "badge", 20, 20)
    assert raised.value.path == "kind"


def test_flow_item_sizes() -> None:
    with Layout(TAGS) as layout:
        # Line 1: 100 + 150 + 120 + 2 x 10 = 390, 60 tall, items centred across it.
        assert list(layout.item_frames(0, 0, 3)) == [
            Rect(0, 10, 100, 40),
            Rect(110, 0, 150, 60),
            Rect(270, 15, 120, 30),
        ]
        # Line 2: 300 + 60 justified; line 3, the last, alone at the leading edge.
        assert list(layout.item_frames(0, 3)) == [
            Rect(0, 70, 300, 50),
            Rect(330, 85, 60, 20),
            Rect(0, 130, 70, 20),
        ]
        info = layout.section_info(0)
        assert (info.group_count, info.items_per_group) == (3, 0)  # lines; no template
        # Item 3 narrower: 200 + 60 + 70 + 20 = 350 fits on line 2, which is now the last.
        report = layout.set_item_sizes(0, 3, [Size(200, 50)])
        assert report.content_size.height == 120
        assert layout.item_frame(0, 4) == Rect(210, 85, 60, 20)
        assert layout.item_frame(0, 5) == Rect(280, 85, 70, 20)
        layout.report_item_size(0, 3, 390, 50)  # measured wider...
        assert layout.item_frame(0, 3) == Rect(0, 70, 390, 50)
        assert layout.measured_size(0, 3) == Size(390, 50)
        layout.reset_item_size(0, 3)  # ...and forgotten: back to the size given
        assert layout.item_frame(0, 5) == Rect(280, 85, 70, 20)
        layout.set_item_sizes(0, 4, [(60, 20), {"width": 70, "height": 20}])  # tuples and dicts
        assert layout.set_item_sizes(0, 6, []).content_size.height == 120
        for sizes, path in (
            ([(10, 10), (math.nan, 10)], "sizes/1/width"),
            ([(10, 10), (10, 0)], "sizes/1/height"),
        ):
            with pytest.raises(InvalidArgumentError) as raised:
                layout.set_item_sizes(0, 0, sizes)
            assert raised.value.path == path
        with pytest.raises(RangeError) as range_error:
            layout.set_item_sizes(0, 5, [(1, 1), (1, 1)])
        assert range_error.value.path == "count"


def test_flow_without_estimates_refuses_measured_sizes() -> None:
    config = {
        "environment": {"container": {"width": 390, "height": 844}},
        "flowLayout": {},
        "sections": [{"itemCount": 3}],
    }
    with Layout(config) as layout:
        with pytest.raises(InvalidArgumentError) as raised:
            layout.report_item_size(0, 0, 10, 10)
        assert raised.value.path == "section" and "estimatedItemSize" in raised.value.message


def test_item_changes(grid: Layout) -> None:
    # 100 items in rows of 3: 34 rows of 130 = 4420.
    assert grid.insert_items(0, 0, 2).content_size == Size(390, 4420)  # 102 items: 34 rows
    assert grid.insert_items(0, 102).content_size == Size(390, 4550)  # appended: 35 rows
    assert grid.item_count(0) == 103
    assert grid.delete_items(0, 0, 3).content_size == Size(390, 4420)
    assert grid.set_item_count(0, 9).content_size == Size(390, 390)
    assert grid.set_item_count(0, 0).content_size == Size(390, 0)
    grid.set_item_count(0, 4)
    assert grid.move_item(0, 0, 0, 3).content_size == Size(390, 260)
    with pytest.raises(RangeError) as raised:
        grid.move_item(0, 0, 0, 4)
    assert raised.value.path == "to"


def test_measured_sizes_move_with_their_items() -> None:
    with Layout(list_config(10)) as layout:
        layout.report_item_size(0, 2, 1, 100)
        layout.insert_items(0, 0, 1)
        assert layout.measured_size(0, 3) == Size(1, 100) and layout.measured_size(0, 2) is None
        layout.move_item(0, 3, 0, 0)
        assert layout.measured_size(0, 0) == Size(1, 100)
        assert layout.item_frame(0, 0) == Rect(10, 10, 370, 100)
        layout.delete_items(0, 0)
        assert all(layout.measured_size(0, i) is None for i in range(10))


def test_section_changes(grid: Layout) -> None:
    rows = {
        "itemCount": 2,
        "group": {
            "group": "horizontal",
            "layoutSize": size(fw(1), absolute(50)),
            "subitems": [{"layoutSize": size(fw(1), fh(1))}],
        },
        "boundarySupplementaryItems": [
            {"elementKind": "banner", "alignment": "top", "layoutSize": size(fw(1), absolute(20))}
        ],
    }
    grid.insert_sections(0, [rows])
    assert grid.section_count == 2 and grid.item_counts == (2, 100)
    assert grid.element_kinds == ("banner",)  # a new kind, with the next id
    assert grid.item_frame(1, 42) == Rect(0, 120 + 1820, 130, 130)  # 20 + 2 x 50 above
    banner = next(e for e in grid if e.kind_name == "banner")
    assert banner.frame == Rect(0, 0, 390, 20)
    grid.insert_sections(
        2, '/* JSON text */ [{"itemCount": 1, "group": %s}]' % json.dumps(rows["group"])
    )
    assert grid.item_counts == (2, 100, 1)
    grid.move_section(2, 0)
    assert grid.item_counts == (1, 2, 100)
    grid.replace_section(0, dict(rows, itemCount=5))
    assert grid.item_counts == (5, 2, 100)
    grid.delete_sections(0, 2)
    assert grid.item_counts == (100,)
    assert grid.item_frame(0, 42) == Rect(0, 1820, 130, 130)
    assert grid.element_kinds == ("banner",)  # ids never change


def test_replace_section_keeps_measured_sizes() -> None:
    with Layout(list_config(10)) as layout:
        layout.report_item_size(0, 1, 1, 80)
        section = list_config(12)["sections"][0]
        layout.replace_section(0, section)
        assert layout.item_count(0) == 12 and layout.measured_size(0, 1) == Size(1, 80)


def test_estimated_sizes_in_a_grid_row() -> None:
    # A row of estimated cells is as tall as its tallest cell.
    config = {
        "environment": {"container": {"width": 300, "height": 600}},
        "sections": [
            {
                "itemCount": 6,
                "group": {
                    "group": "horizontal",
                    "layoutSize": size(fw(1), estimated(50)),
                    "subitem": {"layoutSize": size(fw(1), estimated(50))},
                    "count": 3,
                },
            }
        ],
    }
    with Layout(config) as layout:
        layout.report_item_size(0, 1, 100, 80)
        assert layout.item_frame(0, 1) == Rect(100, 0, 100, 80)
        assert layout.item_frame(0, 0) == Rect(0, 0, 100, 50)
        assert layout.item_frame(0, 3).y == 80
