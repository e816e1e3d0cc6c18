//! The safe Rust API of SnapLayout: a collection-view layout and scroll-snapping engine
//! (include/snaplayout.h is the contract; docs/SNAPPING.md explains releases and motions).
//!
//! ```no_run
//! use snaplayout::{Container, Layout, Rect, Release};
//! let json = r#"{"version": 1, "environment": {"container": {"width": 390, "height": 844}},
//!   "sections": [{"itemCount": 10, "group": {"group": "vertical",
//!     "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 80}},
//!     "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
//!                                  "heightDimension": {"fractionalHeight": 1}}}]}}]}"#;
//! let layout = Layout::new(json)?;
//! for element in layout.elements_in_rect(Rect::new(0.0, 0.0, 390.0, 844.0))? {
//!     println!("{:?} {:?}", element.index_path(), element.frame());
//! }
//! let result = layout.resolve_scroll(Container::Main, &Release::new(0.0, 120.0, 900.0))?;
//! for state in result.motion.frames(1.0 / 60.0) {
//!     println!("{}", state.offset);
//! }
//! # Ok::<(), snaplayout::Error>(())
//! ```
//!
//! Thread rules (the header's "Thread safety"): a [`Layout`] is `Send + Sync`. Queries take
//! `&self` (the header's read-only functions, callable from many threads at once); changes take
//! `&mut self` (exclusive access), so the borrow checker enforces what the header asks. The
//! error record is per thread: each failing call copies it into the [`Error`] it returns, on the
//! thread that made the call.
//!
//! A layout shared between threads (`Arc<Layout>`) answers queries, and cannot be changed:
//!
//! ```compile_fail
//! use snaplayout::{Container, Layout};
//! let layout = std::sync::Arc::new(Layout::new("{}").unwrap());
//! layout.set_scroll_offset(Container::Main, 0.0).unwrap(); // a change needs `&mut Layout`
//! ```
//!
//! Visible-items handlers are closures (`Fn + Send + Sync + 'static`): they run inside
//! [`Layout::elements_in_rect`] on whichever thread queries, and receive the elements, never the
//! layout, so the header's rule that a handler must not change its layout holds by
//! construction.

use std::any::Any;
use std::cell::RefCell;
use std::ffi::{CStr, CString};
use std::fmt;
use std::os::raw::{c_int, c_void};
use std::panic::{self, AssertUnwindSafe};
use std::ptr;

pub use snaplayout_sys as sys;

pub use error::*;
pub use values::*;

mod error;
mod values;

/// A visible-items handler: called during [`Layout::elements_in_rect`] (on the querying
/// thread, possibly several at once) with one section's elements.
type Handler = dyn Fn(&VisibleItemsContext, &mut [Element]) + Send + Sync + 'static;

fn zeroed<T: Copy>() -> T {
    // SAFETY: used only for the plain C structs of this header (numbers and nullable
    // pointers), for which all-zero bytes are a valid value.
    unsafe { std::mem::zeroed() }
}

thread_local! {
    /// A panic caught in a handler, resumed when the query that called it returns.
    static HANDLER_PANIC: RefCell<Option<Box<dyn Any + Send>>> = RefCell::new(None);
}

unsafe extern "C" fn trampoline(
    user_data: *mut c_void,
    context: *const sys::sl_visible_items_context,
    elements: *mut sys::sl_element,
    count: usize,
) {
    // SAFETY: user_data is the Box<Box<Handler>> the layout keeps while the handler is set;
    // the library passes a valid context and `count` elements (Element is repr(transparent)).
    let handler = &*(user_data as *const Box<Handler>);
    let c = &*context;
    let context = VisibleItemsContext {
        section: c.section,
        container: Container::from_raw(c.container),
        offset: c.offset,
        viewport_length: c.viewport_length,
        content_length: c.content_length,
    };
    let elements: &mut [Element] = if count == 0 {
        &mut []
    } else {
        std::slice::from_raw_parts_mut(elements as *mut Element, count)
    };
    // Unwinding must not cross the C frames: keep the panic, resume it after the query.
    if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(|| handler(&context, elements))) {
        HANDLER_PANIC.with(|slot| {
            slot.borrow_mut().get_or_insert(payload);
        });
    }
}

fn resume_handler_panic() {
    if let Some(payload) = HANDLER_PANIC.with(|slot| slot.borrow_mut().take()) {
        panic::resume_unwind(payload);
    }
}

// --- the layout --------------------------------------------------------------------------------

/// A layout: a parsed configuration, a container size and the solved geometry. Destroyed on
/// drop.
pub struct Layout {
    raw: *mut sys::sl_layout,
    /// Handlers by section, kept alive while set; they follow their sections through section
    /// inserts, deletes and moves as the library's do.
    handlers: Vec<Option<Box<Box<Handler>>>>,
}

// SAFETY: the header's thread rules. Distinct handles are independent, so a layout may move to
// another thread. Functions taking `const sl_layout *` are read-only and may run on many threads
// at once (they are the `&self` methods); the others need exclusive access (`&mut self`, and
// Drop). Handlers, which run inside `&self` queries on any thread, are `Send + Sync`.
unsafe impl Send for Layout {}
unsafe impl Sync for Layout {}

impl Drop for Layout {
    fn drop(&mut self) {
        // SAFETY: owned; no borrow outlives the layout; not called from a handler (handlers
        // cannot reach `&mut Layout`).
        unsafe { sys::sl_layout_destroy(self.raw) };
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Layout").field("raw", &self.raw).finish()
    }
}

macro_rules! out {
    ($self:ident, $f:ident ( $($arg:expr),* ) -> $t:ty) => {{
        let mut value: $t = zeroed();
        // SAFETY: a live layout and a valid out-pointer; read-only call on `&self`.
        check(unsafe { sys::$f($self.raw, $($arg,)* &mut value) })?;
        value
    }};
}

impl Layout {
    /// Creates a layout from a JSON configuration (docs/CONFIG.md). With an
    /// "environment.container" size it is solved at once.
    pub fn new(json: &str) -> Result<Layout> {
        let mut raw = ptr::null_mut();
        // SAFETY: the text is read for `len` bytes; the library keeps no reference to it.
        check(unsafe { sys::sl_layout_create(json.as_ptr().cast(), json.len(), &mut raw) })?;
        Ok(Layout { raw, handlers: Vec::new() })
    }

    /// The raw handle, for calls this crate does not wrap. It stays owned by the layout.
    pub fn as_ptr(&self) -> *const sys::sl_layout {
        self.raw
    }

    // --- sizing ---

    /// Sets the container size and solves the layout.
    pub fn set_container_size(&mut self, width: f64, height: f64) -> Result<()> {
        // SAFETY: exclusive access through `&mut self`.
        check(unsafe { sys::sl_layout_set_container_size(self.raw, width, height) })
    }
    pub fn container_size(&self) -> Result<Size> {
        Ok(out!(self, sl_layout_get_container_size() -> sys::sl_size).into())
    }
    pub fn content_size(&self) -> Result<Size> {
        Ok(out!(self, sl_layout_get_content_size() -> sys::sl_size).into())
    }

    // --- sections and items ---

    pub fn section_count(&self) -> Result<i32> {
        Ok(out!(self, sl_layout_get_section_count() -> i32))
    }
    pub fn item_count(&self, section: i32) -> Result<i64> {
        Ok(out!(self, sl_layout_get_item_count(section) -> i64))
    }
    /// The variant in force, or `None` for the section's own keys.
    pub fn section_variant(&self, section: i32) -> Result<Option<i32>> {
        let v = out!(self, sl_layout_get_section_variant(section) -> i32);
        Ok(if v < 0 { None } else { Some(v) })
    }
    pub fn section_info(&self, section: i32) -> Result<SectionInfo> {
        let i = out!(self, sl_layout_get_section_info(section) -> sys::sl_section_info);
        Ok(SectionInfo {
            frame: i.frame.into(),
            item_count: i.item_count,
            group_count: i.group_count,
            items_per_group: i.items_per_group,
            orthogonal_scrolling_behavior: i.orthogonal_scrolling_behavior,
            orthogonal_content_length: i.orthogonal_content_length,
            orthogonal_offset: i.orthogonal_offset,
        })
    }
    pub fn item_frame(&self, section: i32, item: i64) -> Result<Rect> {
        Ok(out!(self, sl_layout_get_item_frame(section, item) -> sys::sl_rect).into())
    }
    /// The frames of items `items.start .. items.end` of a section.
    pub fn item_frames(&self, section: i32, items: std::ops::Range<i64>) -> Result<Vec<Rect>> {
        let count = items.end.wrapping_sub(items.start);
        let in_section = self.item_count(section)?;
        // A range that cannot lie in the section is left to the library to name ("first",
        // "count"): it checks before writing, and leaves the output untouched on failure; the
        // buffer is then one rect, never the `count` asked for.
        let valid =
            items.start >= 0 && count >= 0 && count <= in_section && items.end <= in_section;
        let mut frames = vec![Rect::default(); if valid { count as usize } else { 1 }];
        // SAFETY: `count` writable rects when the range is valid (Rect is repr(C) like
        // sl_rect); otherwise a failing call that writes nothing.
        let status = unsafe {
            sys::sl_layout_get_item_frames(
                self.raw,
                section,
                items.start,
                count,
                frames.as_mut_ptr().cast(),
            )
        };
        check(status)?;
        assert!(valid, "sl_layout_get_item_frames accepted a range outside its section");
        Ok(frames)
    }

    /// Every element whose frame intersects `rect`, in the library's order (layout-level
    /// boundary items, then each section). Visible-items handlers run during the call.
    pub fn elements_in_rect(&self, rect: Rect) -> Result<Elements> {
        let mut buffer: Vec<Element> = Vec::new();
        loop {
            let mut count = 0usize;
            // SAFETY: a buffer of `capacity` elements (or NULL to count); read-only call.
            let status = unsafe {
                sys::sl_layout_get_elements_in_rect(
                    self.raw,
                    rect.into(),
                    if buffer.capacity() == 0 {
                        ptr::null_mut()
                    } else {
                        buffer.as_mut_ptr().cast()
                    },
                    buffer.capacity(),
                    &mut count,
                )
            };
            resume_handler_panic();
            if status == sys::SL_OK && (buffer.capacity() > 0 || count == 0) {
                // SAFETY: the library wrote `count` <= capacity elements.
                unsafe { buffer.set_len(count) };
                return Ok(Elements(buffer.into_iter()));
            }
            if status != sys::SL_OK && status != sys::SL_EBUFS {
                return Err(Error::last(status));
            }
            buffer = Vec::with_capacity(count.max(1));
        }
    }

    pub fn element_kind_count(&self) -> Result<i32> {
        Ok(out!(self, sl_layout_get_element_kind_count() -> i32))
    }
    /// The configuration's name of an element kind id ("cell" for -1).
    pub fn element_kind_name(&self, kind: i32) -> Result<&str> {
        let mut name = ptr::null();
        // SAFETY: the string belongs to the layout and lives as long as it (borrowed from self).
        check(unsafe { sys::sl_layout_get_element_kind_name(self.raw, kind, &mut name) })?;
        Ok(unsafe { CStr::from_ptr(name) }.to_str().unwrap_or(""))
    }
    /// The id of an element kind by name.
    pub fn find_element_kind(&self, name: &str) -> Result<i32> {
        let name = CString::new(name).map_err(|_| Error {
            status: sys::SL_EINVAL,
            message: "a kind name contains a NUL byte".into(),
            path: "name".into(),
            line: 0,
            column: 0,
        })?;
        Ok(out!(self, sl_layout_find_element_kind(name.as_ptr()) -> i32))
    }

    // --- scrolling ---

    pub fn scroll_info(&self, container: Container) -> Result<ScrollInfo> {
        let i = out!(self, sl_layout_get_scroll_info(container.raw()) -> sys::sl_scroll_info);
        Ok(ScrollInfo {
            container: Container::from_raw(i.container),
            viewport_length: i.viewport_length,
            content_length: i.content_length,
            inset_leading: i.inset_leading,
            inset_trailing: i.inset_trailing,
            min_offset: i.min_offset,
            max_offset: i.max_offset,
            offset: i.offset,
            deceleration_rate: i.deceleration_rate,
            snap_count: i.snap_count,
            horizontal: i.horizontal != 0,
            orthogonal_scrolling_behavior: i.orthogonal_scrolling_behavior,
            snap_unit: i.snap_unit,
            max_pages_per_gesture: i.max_pages_per_gesture,
            bounce: i.bounce,
        })
    }
    pub fn loop_info(&self, container: Container) -> Result<LoopInfo> {
        let i = out!(self, sl_layout_get_loop_info(container.raw()) -> sys::sl_loop_info);
        Ok(LoopInfo {
            requested: i.requested != 0,
            active: i.active != 0,
            period: i.period,
            start: i.start,
        })
    }
    /// The offset equivalent to `offset` in a looping container's canonical lap, and the shift
    /// (`offset - shift`): set the first, move a motion in flight with [`Motion::shifted`].
    pub fn canonical_offset(&self, container: Container, offset: f64) -> Result<(f64, f64)> {
        let (mut canonical, mut shift) = (0.0, 0.0);
        // SAFETY: valid out-pointers; read-only call.
        check(unsafe {
            sys::sl_layout_get_canonical_offset(
                self.raw,
                container.raw(),
                offset,
                &mut canonical,
                &mut shift,
            )
        })?;
        Ok((canonical, shift))
    }
    /// Sets a container's offset (every frame while scrolling).
    pub fn set_scroll_offset(&mut self, container: Container, offset: f64) -> Result<()> {
        // SAFETY: exclusive access.
        check(unsafe { sys::sl_layout_set_scroll_offset(self.raw, container.raw(), offset) })
    }
    pub fn scroll_offset(&self, container: Container) -> Result<f64> {
        Ok(out!(self, sl_layout_get_scroll_offset(container.raw()) -> f64))
    }
    /// Where a released drag comes to rest, and the motion that takes it there.
    pub fn resolve_scroll(&self, container: Container, release: &Release) -> Result<SnapResult> {
        let raw = release.raw();
        Ok(out!(self, sl_layout_resolve_scroll(container.raw(), &raw) -> sys::sl_snap_result)
            .into())
    }
    pub fn snap_position(&self, container: Container, offset: f64) -> Result<SnapPosition> {
        let p = out!(self, sl_layout_get_snap_position(container.raw(), offset) -> sys::sl_snap_position);
        Ok(SnapPosition {
            progress: p.progress,
            index: index(p.index),
            item: if p.item >= 0 && p.section >= 0 { Some((p.section, p.item)) } else { None },
        })
    }
    /// The rest offsets from position `first` on, at most `max` of them (a container may have
    /// up to 2^63 - 1 rest positions).
    pub fn snap_offsets(&self, container: Container, first: i64, max: usize) -> Result<Vec<f64>> {
        let mut count = 0usize;
        // SAFETY: NULL buffer: counts only; read-only call.
        let status = unsafe {
            sys::sl_layout_get_snap_offsets(
                self.raw,
                container.raw(),
                first,
                ptr::null_mut(),
                0,
                &mut count,
            )
        };
        if status != sys::SL_OK && status != sys::SL_EBUFS {
            return Err(Error::last(status));
        }
        let capacity = count.min(max);
        if capacity == 0 {
            return Ok(Vec::new());
        }
        let mut offsets: Vec<f64> = Vec::with_capacity(capacity);
        // SAFETY: a buffer of `capacity` doubles; the library writes at most that many, and
        // fills it when there are more (SL_EBUFS).
        let status = unsafe {
            sys::sl_layout_get_snap_offsets(
                self.raw,
                container.raw(),
                first,
                offsets.as_mut_ptr(),
                capacity,
                &mut count,
            )
        };
        if status != sys::SL_OK && status != sys::SL_EBUFS {
            return Err(Error::last(status));
        }
        // SAFETY: min(count, capacity) offsets written.
        unsafe { offsets.set_len(count.min(capacity)) };
        Ok(offsets)
    }
    /// The offsets rest position `index` covers, as `(low, high)`: `low == high` (its offset,
    /// as [`Layout::snap_offsets`] gives it) for most; for a unit longer than the snapport (an
    /// item taller than the viewport), every offset that keeps the snapport inside it, its
    /// start at the snapport's start (`low`) to its end at the snapport's end (`high`), within
    /// the bounds and its neighbours' offsets. A release, wheel step or navigation inside such
    /// a range may rest anywhere in it (docs/SNAPPING.md, "Items longer than the viewport").
    /// O(log sections); in a loop, in the canonical lap. Errors: a container or index out of
    /// range (paths "container", "index"), a section that does not scroll orthogonally, no
    /// container size yet.
    pub fn snap_range(&self, container: Container, index: i64) -> Result<(f64, f64)> {
        let (mut low, mut high) = (0.0, 0.0);
        // SAFETY: valid out-pointers; read-only call.
        check(unsafe {
            sys::sl_layout_get_snap_range(self.raw, container.raw(), index, &mut low, &mut high)
        })?;
        Ok((low, high))
    }

    /// The rest offset that shows an item, and its rest position.
    pub fn offset_for_item(
        &self,
        container: Container,
        section: i32,
        item: i64,
    ) -> Result<(f64, Option<i64>)> {
        let (mut offset, mut snap) = (0.0, -1i64);
        // SAFETY: valid out-pointers; read-only call.
        check(unsafe {
            sys::sl_layout_get_offset_for_item(
                self.raw,
                container.raw(),
                section,
                item,
                &mut offset,
                &mut snap,
            )
        })?;
        Ok((offset, index(snap)))
    }

    /// The offset that scrolls an item into view with `alignment`, and the rest position there
    /// (None without rest positions): docs/SNAPPING.md, "Scroll into view".
    pub fn offset_to_show_item(
        &self,
        container: Container,
        section: i32,
        item: i64,
        alignment: Alignment,
    ) -> Result<(f64, Option<i64>)> {
        let (mut offset, mut snap) = (0.0, -1i64);
        // SAFETY: valid out-pointers; read-only call.
        check(unsafe {
            sys::sl_layout_get_offset_to_show_item(
                self.raw,
                container.raw(),
                section,
                item,
                alignment as i32,
                &mut offset,
                &mut snap,
            )
        })?;
        Ok((offset, index(snap)))
    }

    /// The rest position a new touch-down is measured from, given the motion in flight and the
    /// seconds since it started (pass it as [`Release::with_reference`]).
    pub fn reference_snap(
        &self,
        container: Container,
        touch_offset: f64,
        in_flight: Option<(&Motion, f64)>,
    ) -> Result<Option<i64>> {
        let (motion, time) = flight(in_flight);
        Ok(index(
            out!(self, sl_layout_get_reference_snap(container.raw(), touch_offset, motion, time) -> i64),
        ))
    }
    /// Where a navigation step takes a container, and the motion.
    pub fn navigate(
        &self,
        container: Container,
        step: Navigate,
        in_flight: Option<(&Motion, f64)>,
    ) -> Result<SnapResult> {
        let (action, argument) = match step {
            Navigate::Next(n) => (sys::SL_NAVIGATE_NEXT, n),
            Navigate::Previous(n) => (sys::SL_NAVIGATE_PREVIOUS, n),
            Navigate::To(i) => (sys::SL_NAVIGATE_TO, i),
            Navigate::First => (sys::SL_NAVIGATE_FIRST, 0),
            Navigate::Last => (sys::SL_NAVIGATE_LAST, 0),
        };
        let (motion, time) = flight(in_flight);
        Ok(out!(self, sl_layout_navigate(container.raw(), action, argument, motion, time) -> sys::sl_snap_result).into())
    }
    /// The rest position a container is at or heading to.
    pub fn selected_snap(
        &self,
        container: Container,
        in_flight: Option<(&Motion, f64)>,
    ) -> Result<Option<i64>> {
        let (motion, time) = flight(in_flight);
        Ok(index(out!(self, sl_layout_get_selected_snap(container.raw(), motion, time) -> i64)))
    }
    /// Puts a container at a rest position at once.
    pub fn jump_to_snap(&mut self, container: Container, index: i64) -> Result<()> {
        // SAFETY: exclusive access.
        check(unsafe { sys::sl_layout_jump_to_snap(self.raw, container.raw(), index) })
    }

    /// Tells the layout where a motion the host runs on a container is heading, so that layout
    /// changes (container size, measured sizes, items, sections) carry the target with its
    /// element, as they re-snap a container at rest (docs/SNAPPING.md, "Through layout
    /// changes"). Set it when a motion starts (the `target_offset` of [`Layout::resolve_scroll`],
    /// [`Layout::navigate`] or [`Layout::scroll_input`]); clear it when the motion ends or a drag
    /// catches it. The target must be finite, within +-1e100 (path "target_offset").
    pub fn set_scroll_target(&mut self, container: Container, target_offset: f64) -> Result<()> {
        // SAFETY: exclusive access.
        check(unsafe { sys::sl_layout_set_scroll_target(self.raw, container.raw(), target_offset) })
    }
    /// Forgets a container's motion target (nothing happens when none is set).
    pub fn clear_scroll_target(&mut self, container: Container) -> Result<()> {
        // SAFETY: exclusive access.
        check(unsafe { sys::sl_layout_clear_scroll_target(self.raw, container.raw()) })
    }
    /// A container's motion target as the changes since [`Layout::set_scroll_target`] have
    /// moved it; None when none is set.
    pub fn scroll_target(&self, container: Container) -> Result<Option<f64>> {
        let (mut target, mut has_target) = (0.0, 0i32);
        // SAFETY: valid out-pointers; read-only call.
        check(unsafe {
            sys::sl_layout_get_scroll_target(
                self.raw,
                container.raw(),
                &mut target,
                &mut has_target,
            )
        })?;
        Ok(if has_target != 0 { Some(target) } else { None })
    }
    /// Carries a motion in flight (`time` seconds after it started) over the layout changes
    /// made since it started: the result starts (sample it from 0) at the container's offset
    /// now with the velocity `in_flight` has at `time`, and heads to the container's target as
    /// the changes moved it ([`Layout::set_scroll_target`]); without a target, to `in_flight`'s
    /// target moved as far as the offset moved. No jump, no stop. The result's target becomes
    /// the container's target (cleared when the result is [`MotionKind::None`]).
    pub fn retarget_motion(
        &mut self,
        container: Container,
        in_flight: &Motion,
        time: f64,
    ) -> Result<Motion> {
        let mut out: sys::sl_motion = zeroed();
        // SAFETY: exclusive access; valid pointers.
        check(unsafe {
            sys::sl_layout_retarget_motion(self.raw, container.raw(), &in_flight.0, time, &mut out)
        })?;
        Ok(Motion(out))
    }
    /// Applies a wheel or touchpad event (and sets the container's offset).
    pub fn scroll_input(
        &mut self,
        container: Container,
        input: ScrollInput,
        in_flight: Option<(&Motion, f64)>,
    ) -> Result<ScrollInputResult> {
        let (device, delta, time, flags) = match input {
            ScrollInput::Wheel { notches, time } => (sys::SL_INPUT_WHEEL, notches, time, 0),
            ScrollInput::Touchpad { delta, time, end } => {
                (sys::SL_INPUT_TOUCHPAD, delta, time, if end { sys::SL_INPUT_END } else { 0 })
            }
        };
        let raw = sys::sl_scroll_input {
            version: sys::SL_SCROLL_INPUT_VERSION as u32,
            device,
            flags,
            reserved: 0,
            delta,
            time,
        };
        let (motion, since) = flight(in_flight);
        let mut out: sys::sl_scroll_input_result = zeroed();
        // SAFETY: exclusive access; valid pointers.
        check(unsafe {
            sys::sl_layout_scroll_input(self.raw, container.raw(), &raw, motion, since, &mut out)
        })?;
        Ok(ScrollInputResult {
            offset: out.offset,
            result: if out.has_motion != 0 { Some(out.result.into()) } else { None },
        })
    }
    /// An item's normalised distance from the centre of its container's viewport.
    pub fn item_distance(&self, section: i32, item: i64) -> Result<f64> {
        Ok(out!(self, sl_layout_get_item_distance(section, item) -> f64))
    }

    /// Sets (or with `None` removes) the visible-items handler of a section: UIKit's
    /// visibleItemsInvalidationHandler. It runs inside [`Layout::elements_in_rect`], on the
    /// querying thread (several at once when threads query together), and may change the
    /// elements it is given. It cannot change the layout: it gets no `&mut Layout`. A panic in it
    /// is resumed when the query returns.
    pub fn set_visible_items_handler<F>(&mut self, section: i32, handler: Option<F>) -> Result<()>
    where
        F: Fn(&VisibleItemsContext, &mut [Element]) + Send + Sync + 'static,
    {
        let boxed: Option<Box<Box<Handler>>> =
            handler.map(|f| Box::new(Box::new(f) as Box<Handler>));
        let user_data =
            boxed.as_ref().map_or(ptr::null_mut(), |b| &**b as *const Box<Handler> as *mut c_void);
        let callback: sys::sl_visible_items_handler =
            if boxed.is_some() { Some(trampoline) } else { None };
        // SAFETY: exclusive access; user_data stays alive in self.handlers while set.
        check(unsafe {
            sys::sl_layout_set_visible_items_handler(self.raw, section, callback, user_data)
        })?;
        let index = section as usize;
        if self.handlers.len() <= index {
            self.handlers.resize_with(index + 1, || None);
        }
        self.handlers[index] = boxed; // the previous handler, no longer referenced, is dropped
        Ok(())
    }

    // --- self-sizing ---

    fn report(
        &mut self,
        call: impl FnOnce(*mut sys::sl_layout, *mut sys::sl_size_report) -> c_int,
    ) -> Result<SizeReport> {
        let mut report: sys::sl_size_report = zeroed();
        check(call(self.raw, &mut report))?;
        Ok(report.into())
    }

    /// Reports a cell's measured size.
    pub fn report_item_size(&mut self, section: i32, item: i64, size: Size) -> Result<SizeReport> {
        // SAFETY (every change below): exclusive access through `&mut self`; valid pointers.
        self.report(|l, r| unsafe {
            sys::sl_layout_report_item_size(l, section, item, size.width, size.height, r)
        })
    }
    /// Reports the measured sizes of cells `first ..`, as one change: the layout ends as
    /// `report_item_size` for each cell in item order leaves it, solved once.
    pub fn report_item_sizes(
        &mut self,
        section: i32,
        first: i64,
        sizes: &[Size],
    ) -> Result<SizeReport> {
        let raw: Vec<sys::sl_size> = sizes.iter().map(|s| (*s).into()).collect();
        self.report(|l, r| unsafe {
            sys::sl_layout_report_item_sizes(l, section, first, raw.as_ptr(), raw.len(), r)
        })
    }
    pub fn reset_item_size(&mut self, section: i32, item: i64) -> Result<SizeReport> {
        self.report(|l, r| unsafe { sys::sl_layout_reset_item_size(l, section, item, r) })
    }
    /// The measured size of a cell, or `None`.
    pub fn measured_size(&self, section: i32, item: i64) -> Result<Option<Size>> {
        let (mut size, mut measured): (sys::sl_size, c_int) = (zeroed(), 0);
        // SAFETY: valid out-pointers; read-only call.
        check(unsafe {
            sys::sl_layout_get_measured_size(self.raw, section, item, &mut size, &mut measured)
        })?;
        Ok(if measured != 0 { Some(size.into()) } else { None })
    }
    pub fn report_supplementary_size(
        &mut self,
        section: i32,
        kind: i32,
        size: Size,
    ) -> Result<SizeReport> {
        self.report(|l, r| unsafe {
            sys::sl_layout_report_supplementary_size(l, section, kind, size.width, size.height, r)
        })
    }
    pub fn reset_supplementary_size(&mut self, section: i32, kind: i32) -> Result<SizeReport> {
        self.report(|l, r| unsafe { sys::sl_layout_reset_supplementary_size(l, section, kind, r) })
    }
    pub fn measured_supplementary_size(&self, section: i32, kind: i32) -> Result<Option<Size>> {
        let (mut size, mut measured): (sys::sl_size, c_int) = (zeroed(), 0);
        // SAFETY: valid out-pointers; read-only call.
        check(unsafe {
            sys::sl_layout_get_measured_supplementary_size(
                self.raw,
                section,
                kind,
                &mut size,
                &mut measured,
            )
        })?;
        Ok(if measured != 0 { Some(size.into()) } else { None })
    }
    /// Sets the sizes of items `first ..` of a flow layout section.
    pub fn set_item_sizes(
        &mut self,
        section: i32,
        first: i64,
        sizes: &[Size],
    ) -> Result<SizeReport> {
        let raw: Vec<sys::sl_size> = sizes.iter().map(|s| (*s).into()).collect();
        self.report(|l, r| unsafe {
            sys::sl_layout_set_item_sizes(l, section, first, raw.as_ptr(), raw.len(), r)
        })
    }

    // --- data changes ---

    pub fn set_item_count(&mut self, section: i32, count: i64) -> Result<SizeReport> {
        self.report(|l, r| unsafe { sys::sl_layout_set_item_count(l, section, count, r) })
    }
    pub fn insert_items(&mut self, section: i32, at: i64, count: i64) -> Result<SizeReport> {
        self.report(|l, r| unsafe { sys::sl_layout_insert_items(l, section, at, count, r) })
    }
    pub fn delete_items(&mut self, section: i32, at: i64, count: i64) -> Result<SizeReport> {
        self.report(|l, r| unsafe { sys::sl_layout_delete_items(l, section, at, count, r) })
    }
    pub fn move_item(&mut self, from: (i32, i64), to: (i32, i64)) -> Result<SizeReport> {
        self.report(|l, r| unsafe { sys::sl_layout_move_item(l, from.0, from.1, to.0, to.1, r) })
    }
    /// Inserts sections before `at`: `json` is a JSON array of section objects.
    pub fn insert_sections(&mut self, at: i32, json: &str) -> Result<SizeReport> {
        let before = self.section_count()?;
        let report = self.report(|l, r| unsafe {
            sys::sl_layout_insert_sections(l, at, json.as_ptr().cast(), json.len(), r)
        })?;
        let inserted = (self.section_count()? - before) as usize;
        let at = at as usize;
        if at < self.handlers.len() {
            self.handlers.splice(at..at, (0..inserted).map(|_| None));
        }
        Ok(report)
    }
    pub fn delete_sections(&mut self, at: i32, count: i32) -> Result<SizeReport> {
        let report =
            self.report(|l, r| unsafe { sys::sl_layout_delete_sections(l, at, count, r) })?;
        let (at, end) = (at as usize, (at as usize).saturating_add(count as usize));
        if at < self.handlers.len() {
            self.handlers.drain(at..end.min(self.handlers.len()));
        }
        Ok(report)
    }
    pub fn move_section(&mut self, from: i32, to: i32) -> Result<SizeReport> {
        let report = self.report(|l, r| unsafe { sys::sl_layout_move_section(l, from, to, r) })?;
        let (from, to) = (from as usize, to as usize);
        let needed = from.max(to) + 1;
        if self.handlers.iter().any(Option::is_some) {
            if self.handlers.len() < needed {
                self.handlers.resize_with(needed, || None);
            }
            let moved = self.handlers.remove(from);
            self.handlers.insert(to, moved);
        }
        Ok(report)
    }
    /// Replaces the description of a section (one JSON section object); its handler stays.
    pub fn replace_section(&mut self, section: i32, json: &str) -> Result<SizeReport> {
        self.report(|l, r| unsafe {
            sys::sl_layout_replace_section(l, section, json.as_ptr().cast(), json.len(), r)
        })
    }

    // --- JSON ---

    /// The solved layout as JSON, with the elements in `rect` (or every element).
    pub fn copy_json(&self, rect: Option<Rect>) -> Result<String> {
        let rect: Option<sys::sl_rect> = rect.map(Into::into);
        let mut text = ptr::null_mut();
        let mut length = 0usize;
        // SAFETY: read-only call; the text is copied and freed with sl_free.
        unsafe {
            check(sys::sl_layout_copy_json(
                self.raw,
                rect.as_ref().map_or(ptr::null(), |r| r as *const sys::sl_rect),
                &mut text,
                &mut length,
            ))?;
            let bytes = std::slice::from_raw_parts(text as *const u8, length);
            let json = String::from_utf8_lossy(bytes).into_owned();
            sys::sl_free(text.cast());
            resume_handler_panic();
            Ok(json)
        }
    }
}

fn flight(in_flight: Option<(&Motion, f64)>) -> (*const sys::sl_motion, f64) {
    match in_flight {
        Some((m, t)) => (&m.0 as *const sys::sl_motion, t),
        None => (ptr::null(), 0.0),
    }
}

/// The elements of a rect query: an iterator that owns them.
#[derive(Clone, Debug)]
pub struct Elements(std::vec::IntoIter<Element>);

impl Iterator for Elements {
    type Item = Element;
    fn next(&mut self) -> Option<Element> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}
impl ExactSizeIterator for Elements {}
impl DoubleEndedIterator for Elements {
    fn next_back(&mut self) -> Option<Element> {
        self.0.next_back()
    }
}
