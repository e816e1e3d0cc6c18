//! Items longer than the viewport (docs/SNAPPING.md, "Items longer than the viewport"): a row
//! taller than the viewport covers every offset that keeps the viewport inside it
//! (`snap_range`); a slow release inside rests where it stops, a fling stops at its far edge,
//! wheel notches step inside it. The numbers of Tests/c/test_long_items.c.
use snaplayout::{Container, ErrorKind, Layout, Release, ScrollInput};

/// Rows: 5 of 100, one of 1000 (at 500 ... 1500), 5 of 100; a 390 x 400 viewport, snapping by
/// item at the start. Rest positions: 0, 100, ..., 400, 500 (the tall row, covering
/// 500 ... 1100), 1500, 1600 (the end bound: content 2000 - 400).
fn rows(environment: bool) -> String {
    let section = |count: i64, height: f64| {
        format!(
            r#"{{"itemCount": {count}, "group": {{"group": "horizontal",
      "layoutSize": {{"widthDimension": {{"fractionalWidth": 1}}, "heightDimension": {{"absolute": {height}}}}},
      "subitems": [{{"layoutSize": {{"widthDimension": {{"fractionalWidth": 1}},
                                   "heightDimension": {{"absolute": {height}}}}}}}]}}}}"#
        )
    };
    let environment = if environment {
        r#""environment": {"container": {"width": 390, "height": 400}},"#
    } else {
        ""
    };
    format!(
        r#"{{"version": 1, {environment}
  "configuration": {{"scrolling": {{"snapUnit": "item"}}}},
  "sections": [{}, {}, {}]}}"#,
        section(5, 100.0),
        section(1, 1000.0),
        section(5, 100.0)
    )
}

const MAIN: Container = Container::Main;

#[test]
fn a_tall_row_covers_a_range_a_short_row_its_offset() {
    let layout = Layout::new(&rows(true)).unwrap();
    let offsets = layout.snap_offsets(MAIN, 0, 100).unwrap();
    assert_eq!(offsets, [0.0, 100.0, 200.0, 300.0, 400.0, 500.0, 1500.0, 1600.0]);
    assert_eq!(layout.snap_range(MAIN, 5).unwrap(), (500.0, 1100.0));
    for index in [0, 4, 6, 7] {
        let at = offsets[index as usize];
        assert_eq!(layout.snap_range(MAIN, index).unwrap(), (at, at), "position {index}");
    }
}

#[test]
fn releases_inside_rest_where_they_stop_flings_at_the_far_edge() {
    let layout = Layout::new(&rows(true)).unwrap();
    let (low, high) = layout.snap_range(MAIN, 5).unwrap();
    let slow = layout.resolve_scroll(MAIN, &Release::new(600.0, 650.0, 0.0)).unwrap();
    assert_eq!(slow.target_offset, 650.0);
    assert_eq!((slow.snap_index, slow.item), (Some(5), Some((1, 0))));
    let fling = layout.resolve_scroll(MAIN, &Release::new(700.0, 720.0, 8000.0)).unwrap();
    assert_eq!((fling.target_offset, fling.snap_index), (high, Some(5)));
    let on = layout.resolve_scroll(MAIN, &Release::new(high, high, 8000.0)).unwrap();
    assert!(on.target_offset >= 1500.0, "on from the far edge: {}", on.target_offset);
    let back = layout.resolve_scroll(MAIN, &Release::new(900.0, 880.0, -8000.0)).unwrap();
    assert_eq!(back.target_offset, low);
}

#[test]
fn wheel_notches_step_inside() {
    let mut layout = Layout::new(&rows(true)).unwrap();
    let (low, high) = layout.snap_range(MAIN, 5).unwrap();
    layout.set_scroll_offset(MAIN, low).unwrap();
    let step = 400f64.powf(2.0 / 3.0); // a free container's notch
    let mut expected = low;
    let mut left = false;
    for notch in 0..30 {
        let input = ScrollInput::Wheel { notches: 1.0, time: 0.1 * notch as f64 };
        let result = layout.scroll_input(MAIN, input, None).unwrap().result.expect("a notch moves");
        if expected >= high - 1.0 {
            assert_eq!(result.target_offset, 1500.0, "on to the next row");
            left = true;
            break;
        }
        expected = (expected + step).min(high);
        assert!((result.target_offset - expected).abs() <= 1e-9 * expected, "notch {notch}");
        assert_eq!(result.snap_index, Some(5), "inside the tall row");
        layout.set_scroll_offset(MAIN, result.target_offset).unwrap();
    }
    assert!(left, "the wheel left the tall row");
    layout.set_scroll_offset(MAIN, 1500.0).unwrap();
    let back = layout.scroll_input(MAIN, ScrollInput::Wheel { notches: -1.0, time: 10.0 }, None);
    assert_eq!(back.unwrap().result.unwrap().target_offset, high);
}

#[test]
fn bad_arguments_name_the_argument() {
    let mut layout = Layout::new(&rows(false)).unwrap();
    assert_eq!(layout.snap_range(MAIN, 0).unwrap_err().kind(), ErrorKind::State);
    layout.set_container_size(390.0, 400.0).unwrap();
    for index in [8, 99, -1, i64::MAX, i64::MIN] {
        let e = layout.snap_range(MAIN, index).unwrap_err();
        assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "index"), "index {index}");
    }
    let e = layout.snap_range(Container::Section(7), 0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "container"));
    let e = layout.snap_range(Container::Section(0), 0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "container"));
    assert_eq!(layout.snap_range(MAIN, 5).unwrap(), (500.0, 1100.0));
}
