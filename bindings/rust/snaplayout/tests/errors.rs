//! Errors carry the status, the message and the JSON Pointer (or argument) path of the calling
//! thread's sl_error_last() record.
mod common;
use common::*;
use snaplayout::{Container, ErrorKind, Layout, Rect, Release};

#[test]
fn a_config_error_has_its_json_pointer() {
    let error = Layout::new(r#"{"version": 1, "sections": [{"itemCount": -1}]}"#).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Config);
    assert_eq!(error.status(), snaplayout::sys::SL_ECONFIG);
    assert_eq!(error.path(), "/sections/0/itemCount");
    assert!(error.message().contains("itemCount"), "{}", error.message());
    assert_eq!(error.position(), (0, 0));
    let shown = error.to_string();
    assert!(
        shown.contains("/sections/0/itemCount") && shown.contains("invalid configuration"),
        "{shown}"
    );
    // A std error, usable with `?` and Box<dyn Error>.
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(error);
    assert!(!boxed.to_string().is_empty());
}

#[test]
fn an_unknown_key_is_named() {
    let config = grid(9).replace("itemCount", "itemcount");
    let error = Layout::new(&config).unwrap_err();
    assert_eq!((error.kind(), error.path()), (ErrorKind::Config, "/sections/0/itemcount"));
    assert!(error.message().contains("itemCount"), "suggests the right key: {}", error.message());
}

#[test]
fn a_parse_error_has_line_and_column() {
    let error = Layout::new("{\n  x").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Parse);
    assert_eq!(error.position(), (2, 3));
    assert_eq!(error.path(), "");
}

#[test]
#[allow(clippy::reversed_empty_ranges)] // 5..2 on purpose
fn call_errors_name_the_argument() {
    let mut layout = Layout::new(&grid(9)).unwrap();
    let e = layout.item_frame(0, 100).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "item"));
    assert!(e.message().contains("100"), "{}", e.message());
    let e = layout.item_frames(0, 5..100).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "count"));
    let e = layout.item_frames(0, -1..2).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "first"));
    let e = layout.item_frames(0, 0..i64::MAX).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Range);
    let e = layout.item_frames(0, 5..2).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "count"));
    assert_eq!(layout.item_frames(0, 9..9).unwrap(), vec![]);
    let e = layout.item_frame(7, 0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Range, "section"));
    let e = layout.set_container_size(f64::NAN, 844.0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "width"));
    let e = layout.set_container_size(390.0, -1.0).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "height"));
    let e = layout.elements_in_rect(Rect::new(0.0, 0.0, -1.0, 10.0)).unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::InvalidArgument, "rect"));
    let e = layout.find_element_kind("footer").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound);
    let e = layout.scroll_info(Container::Section(3)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Range);
    let e = layout.insert_sections(0, "[{\"itemCount\": -4}]").unwrap_err();
    assert_eq!((e.kind(), e.path()), (ErrorKind::Config, "/0/itemCount"));
    // On failure nothing changed.
    assert_eq!(layout.container_size().unwrap().width, 390.0);
    assert_eq!(layout.section_count().unwrap(), 1);
}

#[test]
fn no_container_size_is_a_state_error() {
    let config =
        grid(9).replace(r#""environment": {"container": {"width": 390, "height": 844}},"#, "");
    let mut layout = Layout::new(&config).unwrap();
    let e = layout.content_size().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::State);
    let e = layout.resolve_scroll(Container::Main, &Release::new(0.0, 10.0, 0.0)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::State);
    layout.set_container_size(390.0, 844.0).unwrap();
    assert_eq!(layout.content_size().unwrap().height, 40.0 + 3.0 * 80.0);
}

#[test]
fn the_error_record_is_per_thread() {
    // A failure on another thread does not show in this thread's errors, and each error is
    // copied at once: a later failure does not change an earlier Error.
    let first = Layout::new("{").unwrap_err();
    let other = std::thread::spawn(|| Layout::new(r#"{"version": 1, "sections": 3}"#).unwrap_err())
        .join()
        .unwrap();
    assert_eq!(first.kind(), ErrorKind::Parse);
    assert_eq!((other.kind(), other.path()), (ErrorKind::Config, "/sections"));
    let layout = Layout::new(&grid(3)).unwrap();
    let range = layout.item_frame(0, 3).unwrap_err();
    assert_eq!(first.kind(), ErrorKind::Parse);
    assert_eq!(range.path(), "item");
}

#[test]
fn status_strings_and_version() {
    assert_eq!(snaplayout::status_string(snaplayout::sys::SL_ECONFIG), "invalid configuration");
    let (number, text) = snaplayout::version();
    assert_eq!(number, snaplayout::sys::SL_VERSION_NUMBER);
    assert_eq!(text, snaplayout::sys::SL_VERSION_STRING);
}
