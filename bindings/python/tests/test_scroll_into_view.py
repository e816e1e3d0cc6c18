"""Layout.offset_to_show_item: scrolling an item into view with an alignment
(docs/SNAPPING.md, "Scroll into view"), the numbers of Tests/c/test_scroll_into_view.c."""

import pytest

import snaplayout
from snaplayout import SCROLL_MAIN


def row(height):
    return {
        "group": "horizontal",
        "layoutSize": {"widthDimension": {"fractionalWidth": 1},
                       "heightDimension": {"absolute": height}},
        "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                     "heightDimension": {"fractionalHeight": 1}}}],
    }


LIST = {
    "environment": {"container": {"width": 390, "height": 844}},
    "sections": [
        {"itemCount": 10, "group": row(50)},
        {"itemCount": 1, "group": row(1000)},
        {"itemCount": 20, "group": row(50)},
    ],
}


def test_alignments_in_a_free_container():
    layout = snaplayout.Layout(LIST)
    assert layout.offset_to_show_item(SCROLL_MAIN, 0, 9).offset == 450
    assert layout.offset_to_show_item(SCROLL_MAIN, 0, 9).snap is None
    assert layout.offset_to_show_item(SCROLL_MAIN, 2, 4, "center").offset == 1725 - 422
    assert layout.offset_to_show_item(SCROLL_MAIN, 2, 4, "end").offset == 1750 - 844
    assert layout.offset_to_show_item(SCROLL_MAIN, 2, 19).offset == 1656


def test_only_if_needed():
    layout = snaplayout.Layout(LIST)
    assert layout.offset_to_show_item(SCROLL_MAIN, 0, 5, "nearest").offset == 0
    assert layout.offset_to_show_item(SCROLL_MAIN, 1, 0, "nearest").offset == 500
    layout.set_scroll_offset(SCROLL_MAIN, 600)
    assert layout.offset_to_show_item(SCROLL_MAIN, 1, 0, "nearest").offset == 600
    layout.set_scroll_offset(SCROLL_MAIN, 1000)
    assert layout.offset_to_show_item(SCROLL_MAIN, 1, 0, "nearest").offset == 1500 - 844


def test_bad_alignment_and_item():
    layout = snaplayout.Layout(LIST)
    with pytest.raises(ValueError, match="alignment must be one of"):
        layout.offset_to_show_item(SCROLL_MAIN, 0, 0, "middle")
    with pytest.raises(snaplayout.SnapLayoutError) as caught:
        layout.offset_to_show_item(SCROLL_MAIN, 0, 10, "start")
    assert caught.value.path == "item"
