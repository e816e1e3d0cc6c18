//! The card carousel of docs/SNAPPING.md: releases resolve to the documented cards, and the
//! motions, sampled in closed form, settle exactly on their targets.
mod common;
use common::*;
use snaplayout::{Container, Layout, MotionKind, Navigate, Release, ScrollInput};

#[test]
fn rest_positions_are_the_cards() {
    let layout = Layout::new(CARD_CAROUSEL).unwrap();
    let info = layout.scroll_info(Container::Main).unwrap();
    assert!(info.horizontal);
    assert_eq!(info.snap_count, 10);
    assert_eq!((info.min_offset, info.max_offset), (-34.0, 2907.0));
    assert_eq!(info.offset, -34.0, "starts at min_offset");
    let offsets = layout.snap_offsets(Container::Main, 0, usize::MAX).unwrap();
    let expected: Vec<f64> = (0..10).map(|k| (k as f64 * 327.0 - 34.0).min(2907.0)).collect();
    assert_eq!(offsets, expected, "card k at k * 327 - 34, the last clamped");
    assert_eq!(layout.snap_offsets(Container::Main, 8, 100).unwrap(), expected[8..].to_vec());
    assert_eq!(layout.snap_offsets(Container::Main, 2, 3).unwrap(), expected[2..5].to_vec());
    assert_eq!(layout.snap_offsets(Container::Main, 10, 3).unwrap(), Vec::<f64>::new());
    let e = layout.snap_offsets(Container::Main, 11, 3).unwrap_err();
    assert_eq!((e.kind(), e.path()), (snaplayout::ErrorKind::Range, "first"));
    assert_eq!(layout.offset_for_item(Container::Main, 0, 3).unwrap(), (947.0, Some(3)));
    let card = layout.item_frame(0, 1).unwrap();
    assert_eq!((card.x, card.width, card.height), (327.0, 320.0, 744.0));
}

#[test]
fn releases_rest_on_the_documented_cards() {
    let layout = Layout::new(CARD_CAROUSEL).unwrap();
    // The table of docs/SNAPPING.md, column `standard`.
    let cases = [
        (-34.0, 0.0, 1000.0, 293.0, 1),  // gentle fling: the directional guard
        (-34.0, 150.0, 0.0, 293.0, 1),   // at rest past the middle: no inset bias
        (293.0, 560.0, 500.0, 620.0, 2), // one page per gesture
        (293.0, 400.0, 3000.0, 620.0, 2), // a hard fling: one page at most
    ];
    for (start, release, velocity, target, card) in cases {
        let result = layout
            .resolve_scroll(Container::Main, &Release::new(start, release, velocity))
            .unwrap();
        assert_eq!(result.target_offset, target, "{start} -> {release} at {velocity}");
        assert_eq!(result.snap_index, Some(card));
        assert_eq!(result.item, Some((0, card)));
        let motion = result.motion;
        assert_eq!(motion.start_offset(), release, "the motion starts where the finger lifted");
        assert_eq!(motion.target_offset(), target);
        assert_ne!(motion.kind(), MotionKind::None);
        // Closed form: every frame at 60 Hz, then exactly the target, settled.
        let frames: Vec<_> = motion.frames(1.0 / 60.0).collect();
        let last = frames.last().unwrap();
        assert!(last.settled && last.offset == target && last.velocity == 0.0);
        assert!(last.time <= motion.duration() + 1.0 / 60.0);
        assert!(frames.iter().all(|s| s.offset.is_finite()));
        let end = motion.sample(motion.duration()).unwrap();
        assert!(end.settled && end.offset == target);
        // The same time sampled twice gives the same state (no integration, no drift).
        assert_eq!(motion.sample(0.1).unwrap(), motion.sample(0.1).unwrap());
    }
}

#[test]
fn the_host_loop_of_a_release() {
    // Drag from card 0, release, run the motion frame by frame setting the offset: the
    // carousel ends on card 1 and the selected position follows.
    let mut layout = Layout::new(CARD_CAROUSEL).unwrap();
    let main = Container::Main;
    let reference = layout.reference_snap(main, -34.0, None).unwrap();
    assert_eq!(reference, Some(0));
    layout.set_scroll_offset(main, 60.0).unwrap();
    let release = Release::new(-34.0, 60.0, 800.0).with_reference(reference.unwrap());
    let result = layout.resolve_scroll(main, &release).unwrap();
    assert_eq!(result.snap_index, Some(1));
    let motion = result.motion;
    for state in motion.frames(1.0 / 120.0) {
        layout.set_scroll_offset(main, state.offset).unwrap();
        assert_eq!(layout.selected_snap(main, Some((&motion, state.time))).unwrap(), Some(1));
    }
    assert_eq!(layout.scroll_offset(main).unwrap(), 293.0);
    let position = layout.snap_position(main, 293.0).unwrap();
    assert_eq!((position.index, position.progress, position.item), (Some(1), 1.0, Some((0, 1))));
    // Re-grabbing halfway keeps advancing from the motion's target.
    assert_eq!(layout.reference_snap(main, 200.0, Some((&motion, 0.01))).unwrap(), Some(1));
}

#[test]
fn navigation_and_retargeting() {
    let mut layout = Layout::new(CARD_CAROUSEL).unwrap();
    let main = Container::Main;
    let next = layout.navigate(main, Navigate::Next(1), None).unwrap();
    assert_eq!(
        (next.snap_index, next.reference_snap, next.target_offset),
        (Some(1), Some(0), 293.0)
    );
    // Pressing "next" again while the first motion runs goes one further.
    let again = layout.navigate(main, Navigate::Next(1), Some((&next.motion, 0.05))).unwrap();
    assert_eq!(again.snap_index, Some(2));
    let last = layout.navigate(main, Navigate::Last, None).unwrap();
    assert_eq!((last.snap_index, last.target_offset), (Some(9), 2907.0));
    let to = layout.navigate(main, Navigate::To(4), None).unwrap();
    assert_eq!(to.target_offset, 4.0 * 327.0 - 34.0);
    // Retargeting keeps offset and velocity continuous.
    let moved = next.motion.retarget(0.05, 620.0).unwrap();
    let (before, after) = (next.motion.sample(0.05).unwrap(), moved.sample(0.0).unwrap());
    assert!(close(before.offset, after.offset) && close(before.velocity, after.velocity));
    assert_eq!(moved.target_offset(), 620.0);
    layout.jump_to_snap(main, 5).unwrap();
    assert_eq!(layout.scroll_offset(main).unwrap(), 5.0 * 327.0 - 34.0);
    assert_eq!(layout.selected_snap(main, None).unwrap(), Some(5));
}

#[test]
fn a_wheel_notch_moves_one_card() {
    let mut layout = Layout::new(CARD_CAROUSEL).unwrap();
    let result = layout
        .scroll_input(Container::Main, ScrollInput::Wheel { notches: 1.0, time: 10.0 }, None)
        .unwrap();
    let snap = result.result.expect("a wheel step starts a motion");
    assert_eq!((snap.snap_index, snap.target_offset), (Some(1), 293.0));
    // A touchpad gesture: deltas move the content, the end resolves it.
    let mut offset = layout.scroll_offset(Container::Main).unwrap();
    for i in 0..5 {
        let moved = layout
            .scroll_input(
                Container::Main,
                ScrollInput::Touchpad { delta: 12.0, time: 20.0 + i as f64 * 0.01, end: false },
                None,
            )
            .unwrap();
        assert!(moved.result.is_none());
        assert!(close(moved.offset, offset + 12.0));
        offset = moved.offset;
    }
    let end = layout
        .scroll_input(
            Container::Main,
            ScrollInput::Touchpad { delta: 0.0, time: 20.05, end: true },
            None,
        )
        .unwrap();
    assert!(end.result.is_some());
}

#[test]
fn scroll_into_view_rests_on_the_card() {
    use snaplayout::Alignment;
    let layout = Layout::new(CARD_CAROUSEL).unwrap();
    for alignment in [Alignment::Start, Alignment::Center, Alignment::End] {
        assert_eq!(
            layout.offset_to_show_item(Container::Main, 0, 4, alignment).unwrap(),
            (4.0 * 327.0 - 34.0, Some(4)),
            "{:?}",
            alignment
        );
    }
    assert_eq!(
        layout.offset_to_show_item(Container::Main, 0, 0, Alignment::Nearest).unwrap(),
        (-34.0, Some(0))
    );
    let e = layout.offset_to_show_item(Container::Main, 0, 10, Alignment::Start).unwrap_err();
    assert_eq!((e.kind(), e.path()), (snaplayout::ErrorKind::Range, "item"));
}
