//! Elements of a rect, kind names, frames, JSON, and a looping carousel's copies.
mod common;
use common::*;
use snaplayout::{Category, Container, Element, Layout, Rect};

#[test]
fn the_elements_of_a_rect() {
    let layout = Layout::new(&grid(30)).unwrap();
    // The first screen: the header and rows 0..10 (40 + 10 * 80 = 840 < 844 < 920).
    let shown: Vec<Element> =
        layout.elements_in_rect(Rect::new(0.0, 0.0, 390.0, 844.0)).unwrap().collect();
    let header = layout.find_element_kind("header").unwrap();
    assert_eq!(layout.element_kind_name(header).unwrap(), "header");
    assert_eq!(layout.element_kind_name(snaplayout::sys::SL_KIND_CELL).unwrap(), "cell");
    assert_eq!(layout.element_kind_count().unwrap(), 1);
    let cells: Vec<&Element> = shown.iter().filter(|e| e.is_cell()).collect();
    assert_eq!(cells.len(), 30, "every row starts above 844");
    let headers: Vec<&Element> =
        shown.iter().filter(|e| e.category() == Category::Supplementary).collect();
    assert_eq!(headers.len(), 1);
    assert_eq!(headers[0].kind(), header);
    assert_eq!(headers[0].frame(), Rect::new(0.0, 0.0, 390.0, 40.0));
    for cell in &cells {
        let (section, item) = cell.index_path();
        assert_eq!(cell.frame(), layout.item_frame(section, item).unwrap());
        assert!(cell.frame().intersects(&Rect::new(0.0, 0.0, 390.0, 844.0)));
        assert_eq!((cell.alpha(), cell.scale(), cell.copy()), (1.0, 1.0, 0));
        assert!(!cell.is_pinned() && !cell.is_hidden());
    }
    // A small rect: only the cells it touches, in item order.
    let some = layout.elements_in_rect(Rect::new(150.0, 130.0, 10.0, 80.0)).unwrap();
    assert_eq!(some.len(), 2);
    let items: Vec<i64> = some.map(|e| e.item()).collect();
    assert_eq!(items, vec![4, 7], "x 150 is column 1; y 130..210 rows 1 and 2");
    // An empty rect far away: nothing, and no error.
    assert_eq!(layout.elements_in_rect(Rect::new(0.0, 1e6, 10.0, 10.0)).unwrap().count(), 0);
    // Batch frames are the single frames.
    let frames = layout.item_frames(0, 3..9).unwrap();
    assert_eq!(frames.len(), 6);
    for (i, frame) in frames.iter().enumerate() {
        assert_eq!(*frame, layout.item_frame(0, 3 + i as i64).unwrap());
    }
    let info = layout.section_info(0).unwrap();
    assert_eq!((info.item_count, info.items_per_group, info.group_count), (30, 3, 10));
    assert_eq!(layout.section_variant(0).unwrap(), None);
}

#[test]
fn copy_json_describes_the_elements() {
    let layout = Layout::new(&grid(6)).unwrap();
    let json = layout.copy_json(Some(Rect::new(0.0, 0.0, 390.0, 100.0))).unwrap();
    assert!(json.starts_with('{') && json.trim_end().ends_with('}'), "{json}");
    assert!(json.contains("\"contentSize\"") && json.contains("\"elements\""));
    let all = layout.copy_json(None).unwrap();
    assert!(all.len() > json.len());
}

#[test]
fn a_looping_carousel_shows_copies() {
    let mut layout = Layout::new(LOOPING_CAROUSEL).unwrap();
    let section = Container::Section(0);
    let lap = layout.loop_info(section).unwrap();
    assert!(lap.requested && lap.active);
    assert_eq!((lap.period, lap.start), (1860.0, 0.0));
    let main = layout.loop_info(Container::Main).unwrap();
    assert!(!main.requested && !main.active);
    let info = layout.scroll_info(section).unwrap();
    assert_eq!((info.snap_count, info.min_offset, info.max_offset), (6, 0.0, 1860.0));
    let view = Rect::new(0.0, 0.0, 390.0, 844.0);
    // At rest on card 0 the last card's copy of the lap before peeks in on the left.
    let cells: Vec<Element> =
        layout.elements_in_rect(view).unwrap().filter(|e| e.is_cell()).collect();
    let keys: Vec<(i64, i32)> = cells.iter().map(|e| (e.item(), e.copy())).collect();
    assert!(keys.contains(&(5, -1)), "{keys:?}");
    assert!(keys.contains(&(0, 0)) && keys.contains(&(1, 0)), "{keys:?}");
    let peek = cells.iter().find(|e| e.item() == 5).unwrap();
    assert_eq!(peek.frame().x + peek.frame().width, 6.0);
    // A backward fling from card 0 rests on card 5's copy before it.
    let result =
        layout.resolve_scroll(section, &snaplayout::Release::new(0.0, -20.0, -1500.0)).unwrap();
    assert_eq!(result.snap_index, Some(5));
    assert_eq!(result.target_offset, 5.0 * 310.0 - 1860.0);
    let end = result.motion.frames(1.0 / 60.0).last().unwrap();
    assert_eq!(end.offset, -310.0);
    layout.set_scroll_offset(section, end.offset).unwrap();
    // Far out, re-basing keeps the content: the same cells, the canonical copy.
    layout.set_scroll_offset(section, 10.0 * 1860.0 + 620.0).unwrap();
    let (canonical, shift) = layout.canonical_offset(section, 10.0 * 1860.0 + 620.0).unwrap();
    assert_eq!((canonical, shift), (620.0, 18600.0));
    let far: Vec<(i64, f64)> = layout
        .elements_in_rect(view)
        .unwrap()
        .filter(|e| e.is_cell())
        .map(|e| (e.item(), e.frame().x))
        .collect();
    layout.set_scroll_offset(section, canonical).unwrap();
    let near: Vec<(i64, f64)> = layout
        .elements_in_rect(view)
        .unwrap()
        .filter(|e| e.is_cell())
        .map(|e| (e.item(), e.frame().x))
        .collect();
    assert_eq!(far, near);
    let moving = result.motion.shifted(-1860.0);
    assert_eq!(moving.target_offset(), result.target_offset + 1860.0);
}
