//! Self-sizing reports, data changes and visible-items handlers.
mod common;
use common::*;
use snaplayout::{Container, Element, ErrorKind, Layout, Rect, Size, VisibleItemsContext};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

#[test]
fn self_sizing_moves_what_follows_and_keeps_the_view() {
    let mut layout = Layout::new(&self_sizing(100)).unwrap();
    assert_eq!(layout.content_size().unwrap().height, 5000.0);
    assert_eq!(layout.measured_size(0, 3).unwrap(), None);
    let report = layout.report_item_size(0, 3, Size { width: 390.0, height: 120.0 }).unwrap();
    assert_eq!(report.content_size.height, 5070.0);
    assert_eq!(report.main_offset_adjustment, 0.0, "below the leading edge: nothing moves");
    assert_eq!(layout.item_frame(0, 4).unwrap().y, 270.0);
    assert_eq!(layout.measured_size(0, 3).unwrap(), Some(Size { width: 390.0, height: 120.0 }));
    // A size reported above the viewport moves the offset with it.
    layout.set_scroll_offset(Container::Main, 1000.0).unwrap();
    let report = layout.report_item_size(0, 1, Size { width: 390.0, height: 80.0 }).unwrap();
    assert_eq!(report.main_offset_adjustment, 30.0);
    assert_eq!(layout.scroll_offset(Container::Main).unwrap(), 1030.0);
    let report = layout.reset_item_size(0, 3).unwrap();
    assert_eq!(report.content_size.height, 5030.0);
    assert_eq!(report.main_offset_adjustment, -70.0);
}

#[test]
fn many_sizes_in_one_report_as_single_reports() {
    // Tests/c/test_batch_reports.c: the layout ends as the single reports in item order leave it.
    let (mut single, mut batch) =
        (Layout::new(&self_sizing(300)).unwrap(), Layout::new(&self_sizing(300)).unwrap());
    single.set_scroll_offset(Container::Main, 3000.0).unwrap();
    batch.set_scroll_offset(Container::Main, 3000.0).unwrap();
    let sizes: Vec<Size> = (0..80)
        .map(|i| Size { width: 390.0, height: 20.0 + ((i * 37) % 101) as f64 / 4.0 })
        .collect();
    let mut moved = 0.0;
    for (i, size) in sizes.iter().enumerate() {
        moved += single.report_item_size(0, 10 + i as i64, *size).unwrap().main_offset_adjustment;
    }
    let report = batch.report_item_sizes(0, 10, &sizes).unwrap();
    assert!(moved != 0.0, "the sizes above the viewport move the offset");
    assert!(close(report.main_offset_adjustment, moved));
    assert_eq!(report.content_size, single.content_size().unwrap());
    assert_eq!(batch.item_frames(0, 0..300).unwrap(), single.item_frames(0, 0..300).unwrap());
    assert_eq!(
        batch.scroll_offset(Container::Main).unwrap(),
        single.scroll_offset(Container::Main).unwrap()
    );
    assert_eq!(batch.measured_size(0, 12).unwrap(), Some(sizes[2]));
    assert_eq!(batch.report_item_sizes(0, 300, &[]).unwrap().main_offset_adjustment, 0.0);
    // Refused by name; nothing changes.
    let bad = [Size { width: 390.0, height: 50.0 }, Size { width: 390.0, height: -1.0 }];
    let e = batch.report_item_sizes(0, 0, &bad).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "sizes/1/height"));
    let e = batch.report_item_sizes(0, 0, &[Size { width: f64::NAN, height: 1.0 }]).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "sizes/0/width"));
    let e = batch.report_item_sizes(0, 299, &sizes[..2]).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "count"));
    let e = batch.report_item_sizes(0, -1, &sizes[..2]).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "first"));
    let e = batch.report_item_sizes(1, 0, &sizes[..2]).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "section"));
    assert_eq!(batch.measured_size(0, 0).unwrap(), None);
    assert_eq!(batch.item_frames(0, 0..300).unwrap(), single.item_frames(0, 0..300).unwrap());
}

#[test]
fn data_changes() {
    let mut layout = Layout::new(&grid(9)).unwrap();
    assert_eq!(layout.set_item_count(0, 12).unwrap().content_size.height, 40.0 + 4.0 * 80.0);
    layout.insert_items(0, 0, 3).unwrap();
    assert_eq!(layout.item_count(0).unwrap(), 15);
    layout.delete_items(0, 0, 6).unwrap();
    assert_eq!(layout.item_count(0).unwrap(), 9);
    let section = r#"[{"itemCount": 2, "group": {"group": "horizontal",
        "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 100}},
        "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.5},
                                     "heightDimension": {"fractionalHeight": 1}}}]}}]"#;
    let report = layout.insert_sections(0, section).unwrap();
    assert_eq!(layout.section_count().unwrap(), 2);
    assert_eq!(report.content_size.height, 100.0 + 40.0 + 3.0 * 80.0);
    assert_eq!(layout.item_frame(1, 0).unwrap().y, 140.0);
    layout.move_item((1, 0), (0, 2)).unwrap();
    assert_eq!((layout.item_count(0).unwrap(), layout.item_count(1).unwrap()), (3, 8));
    layout.move_section(1, 0).unwrap();
    assert_eq!(layout.item_count(0).unwrap(), 8);
    let one = &section[1..section.len() - 1];
    layout.replace_section(1, one).unwrap();
    assert_eq!(layout.item_count(1).unwrap(), 2);
    layout.delete_sections(0, 1).unwrap();
    assert_eq!(layout.section_count().unwrap(), 1);
    assert_eq!(layout.content_size().unwrap().height, 100.0);
}

fn counting_handler(
    calls: &Arc<AtomicUsize>,
) -> impl Fn(&VisibleItemsContext, &mut [Element]) + Send + Sync + 'static {
    let calls = Arc::clone(calls);
    move |context, elements| {
        calls.fetch_add(1, Ordering::SeqCst);
        for e in elements.iter_mut().filter(|e| e.is_cell()) {
            assert_eq!(e.section(), context.section);
            e.set_alpha(0.5);
            e.set_z_index(7);
        }
    }
}

#[test]
fn a_handler_changes_the_elements_and_follows_its_section() {
    let calls = Arc::new(AtomicUsize::new(0));
    let mut layout = Layout::new(&grid(9)).unwrap();
    layout.set_visible_items_handler(0, Some(counting_handler(&calls))).unwrap();
    let view = Rect::new(0.0, 0.0, 390.0, 844.0);
    let cells: Vec<Element> =
        layout.elements_in_rect(view).unwrap().filter(|e| e.is_cell()).collect();
    assert!(cells.iter().all(|e| e.alpha() == 0.5 && e.z_index() == 7));
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(Arc::strong_count(&calls), 2, "the layout keeps the handler");
    // A section inserted before: the handler follows its section to index 1.
    layout.insert_sections(0, &format!("[{}]", grid_section(3))).unwrap();
    let shown: Vec<Element> = layout
        .elements_in_rect(Rect::new(0.0, 0.0, 390.0, 2000.0))
        .unwrap()
        .filter(|e| e.is_cell())
        .collect();
    assert!(shown.iter().filter(|e| e.section() == 0).all(|e| e.alpha() == 1.0));
    assert!(shown.iter().filter(|e| e.section() == 1).all(|e| e.alpha() == 0.5));
    assert_eq!(calls.load(Ordering::SeqCst), 2);
    // Replaced by another handler: the first one is freed.
    let other = Arc::new(AtomicUsize::new(0));
    layout.set_visible_items_handler(1, Some(counting_handler(&other))).unwrap();
    assert_eq!(Arc::strong_count(&calls), 1);
    // Its section deleted: freed too.
    layout.delete_sections(1, 1).unwrap();
    layout.elements_in_rect(view).unwrap().for_each(drop);
    assert_eq!(Arc::strong_count(&other), 1);
    assert_eq!(other.load(Ordering::SeqCst), 0);
    // Removed with None; dropping the layout frees the rest.
    layout.set_visible_items_handler(0, Some(counting_handler(&calls))).unwrap();
    layout.set_visible_items_handler::<fn(&VisibleItemsContext, &mut [Element])>(0, None).unwrap();
    assert_eq!(Arc::strong_count(&calls), 1);
    layout.set_visible_items_handler(0, Some(counting_handler(&calls))).unwrap();
    assert_eq!(Arc::strong_count(&calls), 2);
    drop(layout);
    assert_eq!(Arc::strong_count(&calls), 1, "Drop frees the handlers");
}

#[test]
fn a_handler_moves_with_its_section() {
    let calls = Arc::new(AtomicUsize::new(0));
    let mut layout = Layout::new(&grid(3)).unwrap();
    layout.insert_sections(1, &format!("[{}, {}]", grid_section(3), grid_section(3))).unwrap();
    layout.set_visible_items_handler(2, Some(counting_handler(&calls))).unwrap();
    layout.move_section(2, 0).unwrap();
    let shown: Vec<Element> = layout
        .elements_in_rect(Rect::new(0.0, 0.0, 390.0, 2000.0))
        .unwrap()
        .filter(|e| e.is_cell())
        .collect();
    assert!(shown.iter().all(|e| (e.alpha() == 0.5) == (e.section() == 0)));
    // Sections 1 and 2 deleted: the handler, now on section 0, stays.
    layout.delete_sections(1, 2).unwrap();
    assert_eq!(Arc::strong_count(&calls), 2);
    layout.delete_sections(0, 1).unwrap();
    assert_eq!(Arc::strong_count(&calls), 1);
    let e = layout.set_visible_items_handler(5, Some(counting_handler(&calls))).unwrap_err();
    assert_eq!(e.kind(), snaplayout::ErrorKind::Range);
    assert_eq!(Arc::strong_count(&calls), 1, "a refused handler is not kept");
}

#[test]
fn a_panic_in_a_handler_reaches_the_caller() {
    let mut layout = Layout::new(&grid(9)).unwrap();
    layout
        .set_visible_items_handler(
            0,
            Some(|_: &VisibleItemsContext, _: &mut [Element]| panic!("from the handler")),
        )
        .unwrap();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        layout.elements_in_rect(Rect::new(0.0, 0.0, 390.0, 844.0)).unwrap().count()
    }));
    let payload = caught.unwrap_err();
    assert_eq!(payload.downcast_ref::<&str>(), Some(&"from the handler"));
    // The layout is fine afterwards.
    layout.set_visible_items_handler::<fn(&VisibleItemsContext, &mut [Element])>(0, None).unwrap();
    assert_eq!(layout.elements_in_rect(Rect::new(0.0, 0.0, 390.0, 844.0)).unwrap().count(), 10);
}

#[test]
fn layouts_are_dropped() {
    // Many layouts created and dropped (run under valgrind this is the leak check).
    for i in 0..200 {
        let layout = Layout::new(&grid(i + 1)).unwrap();
        assert_eq!(layout.item_count(0).unwrap(), i + 1);
    }
}
