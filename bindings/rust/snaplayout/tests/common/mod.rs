//! Configurations shared by the tests.
#![allow(dead_code)]

/// The card carousel of docs/SNAPPING.md ("The card carousel on the main scroll, three ways"):
/// ten 320 x 744 cards 7 pt apart on a 390 x 844 screen, insets 34, one card per gesture.
/// Card k rests at k * 327 - 34; the bounds are [-34, 2907].
pub const CARD_CAROUSEL: &str = r#"{"version": 1,
  "configuration": {"scrollDirection": "horizontal",
    "scrolling": {"snapUnit": "item", "contentInset": {"leading": 34, "trailing": 34},
                  "decelerationRate": "fast", "maxPagesPerGesture": 1}},
  "environment": {"container": {"width": 390, "height": 844}, "displayScale": 3},
  "sections": [{"itemCount": 10, "interGroupSpacing": 7,
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 320}, "heightDimension": {"absolute": 744}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]}"#;

/// A vertical grid: rows of 80 pt with three 130-pt cells each and a 40-pt header, on a
/// 390 x 844 screen.
pub fn grid(items: i64) -> String {
    format!(
        r#"{{"version": 1,
  "environment": {{"container": {{"width": 390, "height": 844}}}},
  "sections": [{}]}}"#,
        grid_section(items)
    )
}

/// The section object of [`grid`].
pub fn grid_section(items: i64) -> String {
    format!(
        r#"{{"itemCount": {items},
    "group": {{"group": "horizontal", "count": 3,
      "layoutSize": {{"widthDimension": {{"fractionalWidth": 1}}, "heightDimension": {{"absolute": 80}}}},
      "subitem": {{"layoutSize": {{"widthDimension": {{"fractionalWidth": 0.3333333333333333}},
                                  "heightDimension": {{"fractionalHeight": 1}}}}}}}},
    "boundarySupplementaryItems": [{{"elementKind": "header", "alignment": "top",
      "layoutSize": {{"widthDimension": {{"fractionalWidth": 1}}, "heightDimension": {{"absolute": 40}}}}}}]}}"#
    )
}

/// Tests/c/test_loop.c's carousel: six 300-pt cards 10 pt apart, insets 16, groupPaging,
/// looping: card k at x 16 + 310 k, period 1860, rest positions 310 k.
pub const LOOPING_CAROUSEL: &str = r#"{"version": 1,
  "environment": {"container": {"width": 390, "height": 844}},
  "sections": [{"itemCount": 6, "interGroupSpacing": 10,
    "contentInsets": {"leading": 16, "trailing": 16},
    "orthogonalScrollingBehavior": "groupPaging",
    "orthogonalScrollingProperties": {"loop": true},
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 300}, "heightDimension": {"absolute": 200}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]}"#;

/// A self-sizing list: `items` rows estimated at 50 pt.
pub fn self_sizing(items: i64) -> String {
    format!(
        r#"{{"version": 1,
  "environment": {{"container": {{"width": 390, "height": 844}}}},
  "sections": [{{"itemCount": {items},
    "group": {{"group": "vertical",
      "layoutSize": {{"widthDimension": {{"fractionalWidth": 1}}, "heightDimension": {{"estimated": 50}}}},
      "subitems": [{{"layoutSize": {{"widthDimension": {{"fractionalWidth": 1}},
                                    "heightDimension": {{"estimated": 50}}}}}}]}}}}]}}"#
    )
}

pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}
