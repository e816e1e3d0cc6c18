//! Re-snapping through layout changes (docs/SNAPPING.md, "Through layout changes"): a carousel
//! at rest on a card stays on it through a rotation, a card measured before it, cards and a
//! section inserted before it; a motion in flight keeps its card through a resize
//! (`set_scroll_target`, `scroll_target`, `clear_scroll_target`, `retarget_motion`). The
//! numbers of Tests/c/test_resnap.c.
mod common;
use common::*;
use snaplayout::{Container, ErrorKind, Layout, MotionKind, Release, Size};

/// Cards of 300 x 200, 10 apart, centred in a horizontal main scroll 390 wide (snapUnit item):
/// card k of section 0 rests at 310 k + 150 - 195. Section 0's cards are estimated (300).
const CARDS: &str = r#"{"version": 1,
  "environment": {"container": {"width": 390, "height": 400}},
  "configuration": {"scrollDirection": "horizontal",
    "scrolling": {"snapUnit": "item", "alignment": "center"}},
  "sections": [{"itemCount": 10, "interGroupSpacing": 10,
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"estimated": 300}, "heightDimension": {"absolute": 200}},
      "subitems": [{"layoutSize": {"widthDimension": {"estimated": 300},
                                   "heightDimension": {"fractionalHeight": 1}}}]}},
    {"itemCount": 10, "interGroupSpacing": 10,
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 300}, "heightDimension": {"absolute": 200}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]}"#;

/// Four 300-pt cards, 10 apart: 1230 pt.
const FOUR_CARDS: &str = r#"[{"itemCount": 4, "interGroupSpacing": 10,
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 300}, "heightDimension": {"absolute": 200}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]"#;

const MAIN: Container = Container::Main;

fn rest_of(layout: &Layout, section: i32, item: i64) -> f64 {
    layout.offset_for_item(MAIN, section, item).unwrap().0
}

fn rest_on(layout: &mut Layout, section: i32, item: i64) {
    let offset = rest_of(layout, section, item);
    layout.set_scroll_offset(MAIN, offset).unwrap();
}

fn assert_on(layout: &Layout, section: i32, item: i64, what: &str) {
    let (at, want) = (layout.scroll_offset(MAIN).unwrap(), rest_of(layout, section, item));
    assert_eq!(at, want, "{what}: the rest position of {section}/{item}");
}

#[test]
fn a_rotation_keeps_the_card() {
    let mut layout = Layout::new(CARDS).unwrap();
    rest_on(&mut layout, 0, 3);
    assert_eq!(layout.scroll_offset(MAIN).unwrap(), 310.0 * 3.0 + 150.0 - 195.0);
    layout.set_container_size(844.0, 390.0).unwrap();
    assert_on(&layout, 0, 3, "rotated");
    assert_eq!(layout.scroll_offset(MAIN).unwrap(), 310.0 * 3.0 + 150.0 - 422.0);
    layout.set_container_size(390.0, 400.0).unwrap();
    assert_eq!(layout.scroll_offset(MAIN).unwrap(), 310.0 * 3.0 + 150.0 - 195.0);
    // Between cards is not at rest: the offset stays as it is.
    layout.set_scroll_offset(MAIN, 1000.0).unwrap();
    layout.set_container_size(600.0, 400.0).unwrap();
    assert_eq!(layout.scroll_offset(MAIN).unwrap(), 1000.0);
}

#[test]
fn measured_cards_and_inserts_before_keep_the_card() {
    let mut layout = Layout::new(CARDS).unwrap();
    rest_on(&mut layout, 0, 3);
    let report = layout.report_item_size(0, 1, Size { width: 400.0, height: 200.0 }).unwrap();
    assert_eq!(report.main_offset_adjustment, 100.0);
    assert_on(&layout, 0, 3, "a card before measured");
    layout.reset_item_size(0, 1).unwrap();
    assert_eq!(layout.scroll_offset(MAIN).unwrap(), 310.0 * 3.0 + 150.0 - 195.0);

    rest_on(&mut layout, 1, 4);
    let before = layout.scroll_offset(MAIN).unwrap();
    assert_eq!(layout.insert_items(1, 0, 2).unwrap().main_offset_adjustment, 620.0);
    assert_on(&layout, 1, 6, "two cards inserted before");
    layout.delete_items(1, 0, 2).unwrap();
    assert_eq!(layout.scroll_offset(MAIN).unwrap(), before);

    let report = layout.insert_sections(0, FOUR_CARDS).unwrap();
    assert_eq!(report.main_offset_adjustment, 1230.0);
    assert_on(&layout, 2, 4, "a section inserted before");
    layout.move_section(2, 0).unwrap();
    assert_on(&layout, 0, 4, "its section moved first");
}

#[test]
fn a_motion_in_flight_keeps_its_card_through_a_resize() {
    let mut layout = Layout::new(CARDS).unwrap();
    let start = rest_of(&layout, 1, 0);
    layout.set_scroll_offset(MAIN, start).unwrap();
    let fling = layout.resolve_scroll(MAIN, &Release::new(start, start + 40.0, 2500.0)).unwrap();
    assert_eq!(fling.item, Some((1, 4)));
    assert_eq!(layout.scroll_target(MAIN).unwrap(), None);
    layout.set_scroll_target(MAIN, fling.target_offset).unwrap();
    assert_eq!(layout.scroll_target(MAIN).unwrap(), Some(fling.target_offset));

    // Part-way, the window grows: the target moves with card 4.
    let t = 0.15;
    let state = fling.motion.sample(t).unwrap();
    assert!(!state.settled);
    layout.set_scroll_offset(MAIN, state.offset).unwrap();
    layout.set_container_size(600.0, 400.0).unwrap();
    let card = rest_of(&layout, 1, 4);
    assert_eq!(layout.scroll_target(MAIN).unwrap(), Some(card));
    assert_ne!(card, fling.target_offset);

    let carried = layout.retarget_motion(MAIN, &fling.motion, t).unwrap();
    assert_ne!(carried.kind(), MotionKind::None);
    let first = carried.sample(0.0).unwrap();
    assert!(close(first.offset, layout.scroll_offset(MAIN).unwrap()), "no jump");
    assert!((first.velocity - state.velocity).abs() <= 1e-6 * state.velocity.abs(), "no stop");
    assert_eq!(carried.target_offset(), card);
    let end = carried.sample(carried.duration() + 1.0).unwrap();
    assert!(end.settled && end.offset == card, "lands on card 4");

    // No change since: the same course.
    let again = layout.retarget_motion(MAIN, &carried, 0.0).unwrap();
    assert_eq!(again.target_offset(), carried.target_offset());

    // Without a target, the motion's own target moves as far as the offset moved.
    layout.clear_scroll_target(MAIN).unwrap();
    assert_eq!(layout.scroll_target(MAIN).unwrap(), None);
    layout.clear_scroll_target(MAIN).unwrap(); // nothing set: nothing happens
    layout.set_scroll_offset(MAIN, 700.0).unwrap();
    let moved = layout.retarget_motion(MAIN, &carried, 0.0).unwrap();
    let expected = carried.target_offset() + 700.0 - carried.start_offset();
    assert!(close(moved.target_offset(), expected));
    assert_eq!(layout.scroll_target(MAIN).unwrap(), Some(moved.target_offset()));
}

#[test]
fn bad_arguments_name_the_argument() {
    let config =
        grid(9).replace(r#""environment": {"container": {"width": 390, "height": 844}},"#, "");
    let mut layout = Layout::new(&config).unwrap();
    let e = layout.set_scroll_target(MAIN, 10.0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::State, "layout"));
    assert_eq!(layout.scroll_target(MAIN).unwrap_err().kind(), ErrorKind::State);
    layout.set_container_size(390.0, 100.0).unwrap();
    let fling = layout.resolve_scroll(MAIN, &Release::new(0.0, 10.0, 900.0)).unwrap();

    for bad in [f64::NAN, f64::INFINITY, 1e101] {
        let e = layout.set_scroll_target(MAIN, bad).unwrap_err();
        assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "target_offset"));
    }
    let e = layout.set_scroll_target(Container::Section(7), 10.0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "container"));
    let e = layout.set_scroll_target(Container::Section(0), 10.0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "container"));
    let e = layout.clear_scroll_target(Container::Section(-2)).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "container"));
    let e = layout.scroll_target(Container::Section(3)).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "container"));

    let mut damaged = fling.motion;
    damaged.0.kind = 9;
    let e = layout.retarget_motion(MAIN, &damaged, 0.0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "in_flight.kind"));
    let e = layout.retarget_motion(MAIN, &fling.motion, f64::INFINITY).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "time"));
    let e = layout.retarget_motion(Container::Section(5), &fling.motion, 0.0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "container"));
    assert_eq!(layout.scroll_target(MAIN).unwrap(), None, "nothing failed half-way");
}
