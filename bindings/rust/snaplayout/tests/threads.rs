//! The header's thread rules in the types: a Layout is Send + Sync, queried through `&self`
//! from many threads at once; changes need `&mut self`.
mod common;
use common::*;
use snaplayout::{Container, Element, Error, Layout, Rect, Release, VisibleItemsContext};
use std::sync::Arc;

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn the_types_are_send_and_sync() {
    assert_send_sync::<Layout>();
    assert_send_sync::<Error>();
    assert_send_sync::<snaplayout::Motion>();
}

#[test]
fn many_threads_query_one_layout() {
    let mut layout = Layout::new(CARD_CAROUSEL).unwrap();
    // A handler runs on every querying thread.
    layout
        .set_visible_items_handler(
            0,
            Some(|_: &VisibleItemsContext, elements: &mut [Element]| {
                for e in elements {
                    e.set_alpha(0.25);
                }
            }),
        )
        .unwrap();
    let layout = Arc::new(layout);
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let layout = Arc::clone(&layout);
            std::thread::spawn(move || {
                for i in 0..200 {
                    let x = ((t * 200 + i) % 3000) as f64;
                    let shown: Vec<Element> =
                        layout.elements_in_rect(Rect::new(x, 0.0, 390.0, 844.0)).unwrap().collect();
                    assert!(!shown.is_empty() && shown.iter().all(|e| e.alpha() == 0.25));
                    let result = layout
                        .resolve_scroll(Container::Main, &Release::new(-34.0, 150.0, 0.0))
                        .unwrap();
                    assert_eq!(result.target_offset, 293.0);
                    // A failure on this thread is this thread's.
                    let e = layout.item_frame(0, 10 + i as i64).unwrap_err();
                    assert!(e.message().contains(&(10 + i).to_string()), "{}", e.message());
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    // Back to one owner: changes again.
    let mut layout = Arc::try_unwrap(layout).unwrap();
    layout.set_scroll_offset(Container::Main, 293.0).unwrap();
}

#[test]
fn a_layout_moves_to_another_thread() {
    let layout = Layout::new(CARD_CAROUSEL).unwrap();
    let moved = std::thread::spawn(move || {
        let mut layout = layout;
        layout.set_container_size(844.0, 390.0).unwrap();
        layout
    })
    .join()
    .unwrap();
    assert_eq!(moved.container_size().unwrap().width, 844.0);
}
