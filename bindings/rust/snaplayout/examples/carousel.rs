//! The card carousel of docs/SNAPPING.md: a drag released at 150 pt, resolved, and its motion
//! run at 60 Hz the way a host runs it (set the offset each frame, draw the elements).
//!
//!     cd bindings/rust && cargo run --offline --example carousel
use snaplayout::{Container, Layout, Rect, Release};

const CAROUSEL: &str = r#"{"version": 1,
  "configuration": {"scrollDirection": "horizontal",
    "scrolling": {"snapUnit": "item", "contentInset": {"leading": 34, "trailing": 34},
                  "decelerationRate": "fast", "maxPagesPerGesture": 1}},
  "environment": {"container": {"width": 390, "height": 844}, "displayScale": 3},
  "sections": [{"itemCount": 10, "interGroupSpacing": 7,
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 320}, "heightDimension": {"absolute": 744}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]}"#;

fn main() -> snaplayout::Result<()> {
    let mut layout = Layout::new(CAROUSEL)?;
    let result = layout.resolve_scroll(Container::Main, &Release::new(-34.0, 150.0, 0.0))?;
    println!(
        "released at 150: card {:?} at {} ({:?} motion, {:.3} s)",
        result.snap_index,
        result.target_offset,
        result.motion.kind(),
        result.motion.duration()
    );
    for state in result.motion.frames(1.0 / 60.0) {
        layout.set_scroll_offset(Container::Main, state.offset)?;
        let viewport = Rect::new(state.offset, 0.0, 390.0, 844.0);
        let cards: Vec<i64> =
            layout.elements_in_rect(viewport)?.filter(|e| e.is_cell()).map(|e| e.item()).collect();
        println!(
            "t={:.3} offset={:8.3} velocity={:9.3} cards {:?}",
            state.time, state.offset, state.velocity, cards
        );
    }
    Ok(())
}
