//! The plain values the layout takes and gives: rects, containers, elements, motions, releases
//! and the results of scrolling calls.

use crate::error::{check, Result};
use crate::sys;

// --- plain values ------------------------------------------------------------------------------

/// A rectangle in points, in content coordinates.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub const fn new(x: f64, y: f64, width: f64, height: f64) -> Rect {
        Rect { x, y, width, height }
    }
    /// Whether two rects share area.
    pub fn intersects(&self, other: &Rect) -> bool {
        self.x < other.x + other.width
            && other.x < self.x + self.width
            && self.y < other.y + other.height
            && other.y < self.y + self.height
    }
}

impl From<sys::sl_rect> for Rect {
    fn from(r: sys::sl_rect) -> Rect {
        Rect::new(r.x, r.y, r.width, r.height)
    }
}
impl From<Rect> for sys::sl_rect {
    fn from(r: Rect) -> sys::sl_rect {
        sys::sl_rect { x: r.x, y: r.y, width: r.width, height: r.height }
    }
}

/// A size in points.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size {
    pub width: f64,
    pub height: f64,
}

impl From<sys::sl_size> for Size {
    fn from(s: sys::sl_size) -> Size {
        Size { width: s.width, height: s.height }
    }
}
impl From<Size> for sys::sl_size {
    fn from(s: Size) -> sys::sl_size {
        sys::sl_size { width: s.width, height: s.height }
    }
}

/// A scroll container: the main scroll, or an orthogonally scrolling section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Container {
    Main,
    Section(i32),
}

impl Container {
    pub(crate) fn raw(self) -> i32 {
        match self {
            Container::Main => sys::SL_SCROLL_MAIN,
            Container::Section(s) => s,
        }
    }
    pub(crate) fn from_raw(raw: i32) -> Container {
        if raw == sys::SL_SCROLL_MAIN {
            Container::Main
        } else {
            Container::Section(raw)
        }
    }
}

/// An element's category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    Cell,
    Supplementary,
    Decoration,
}

/// One laid-out element (a cell, a supplementary view or a decoration view): the C struct,
/// with accessors. Handlers receive `&mut [Element]` and may change frame, transform, alpha,
/// z-index and flags.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Element(pub sys::sl_element);

impl Element {
    pub fn frame(&self) -> Rect {
        self.0.frame.into()
    }
    pub fn set_frame(&mut self, frame: Rect) {
        self.0.frame = frame.into();
    }
    /// The transform about the frame's centre (a, b, c, d, tx, ty).
    pub fn transform(&self) -> sys::sl_transform {
        self.0.transform
    }
    pub fn set_transform(&mut self, transform: sys::sl_transform) {
        self.0.transform = transform;
    }
    /// The uniform scale of the transform (its `a`), what visible-item effects set.
    pub fn scale(&self) -> f64 {
        self.0.transform.a
    }
    pub fn alpha(&self) -> f64 {
        self.0.alpha
    }
    pub fn set_alpha(&mut self, alpha: f64) {
        self.0.alpha = alpha;
    }
    pub fn z_index(&self) -> i32 {
        self.0.z_index
    }
    pub fn set_z_index(&mut self, z: i32) {
        self.0.z_index = z;
    }
    /// The section, or -1 (SL_SECTION_LAYOUT) for layout-level boundary items.
    pub fn section(&self) -> i32 {
        self.0.section
    }
    pub fn item(&self) -> i64 {
        self.0.item
    }
    /// (section, item), UIKit's index path.
    pub fn index_path(&self) -> (i32, i64) {
        (self.0.section, self.0.item)
    }
    pub fn category(&self) -> Category {
        match self.0.category {
            sys::SL_ELEMENT_SUPPLEMENTARY => Category::Supplementary,
            sys::SL_ELEMENT_DECORATION => Category::Decoration,
            _ => Category::Cell,
        }
    }
    pub fn is_cell(&self) -> bool {
        self.0.category == sys::SL_ELEMENT_CELL
    }
    /// The element kind id (-1 for cells); names from [`Layout::element_kind_name`].
    pub fn kind(&self) -> i32 {
        self.0.kind
    }
    /// Which copy of a looping container's content the element belongs to (0 canonical).
    pub fn copy(&self) -> i32 {
        self.0.copy
    }
    pub fn flags(&self) -> u32 {
        self.0.flags
    }
    pub fn set_flags(&mut self, flags: u32) {
        self.0.flags = flags;
    }
    pub fn is_pinned(&self) -> bool {
        self.0.flags & sys::SL_ELEMENT_FLAG_PINNED != 0
    }
    pub fn is_hidden(&self) -> bool {
        self.0.flags & sys::SL_ELEMENT_FLAG_HIDDEN != 0
    }
}

/// Solved facts about one section.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SectionInfo {
    pub frame: Rect,
    pub item_count: i64,
    pub group_count: i64,
    pub items_per_group: i32,
    /// One of `sys::SL_ORTHOGONAL_*`.
    pub orthogonal_scrolling_behavior: i32,
    pub orthogonal_content_length: f64,
    pub orthogonal_offset: f64,
}

/// Facts about a scroll container (`sl_scroll_info`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScrollInfo {
    pub container: Container,
    pub viewport_length: f64,
    pub content_length: f64,
    pub inset_leading: f64,
    pub inset_trailing: f64,
    pub min_offset: f64,
    pub max_offset: f64,
    pub offset: f64,
    pub deceleration_rate: f64,
    pub snap_count: i64,
    pub horizontal: bool,
    /// `sys::SL_ORTHOGONAL_*`.
    pub orthogonal_scrolling_behavior: i32,
    /// `sys::SL_SNAP_*`.
    pub snap_unit: i32,
    /// 0 = unlimited.
    pub max_pages_per_gesture: i32,
    /// `sys::SL_BOUNCE_*`.
    pub bounce: i32,
}

/// Whether a container loops, and its period (docs/SNAPPING.md, "Looping").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoopInfo {
    pub requested: bool,
    pub active: bool,
    pub period: f64,
    pub start: f64,
}

/// A drag that has just ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Release {
    /// The offset when the finger touched down.
    pub start_offset: f64,
    /// The offset when it lifted.
    pub release_offset: f64,
    /// Points per second, positive toward the end of the content.
    pub velocity: f64,
    /// The rest position the gesture is measured from (from [`Layout::reference_snap`]);
    /// `None`: measured from `start_offset`.
    pub reference_snap: Option<i64>,
}

impl Release {
    pub fn new(start_offset: f64, release_offset: f64, velocity: f64) -> Release {
        Release { start_offset, release_offset, velocity, reference_snap: None }
    }
    /// The same release measured from a rest position.
    pub fn with_reference(mut self, reference_snap: i64) -> Release {
        self.reference_snap = Some(reference_snap);
        self
    }
    pub(crate) fn raw(&self) -> sys::sl_scroll_release {
        sys::sl_scroll_release {
            version: sys::SL_SCROLL_RELEASE_VERSION as u32,
            flags: if self.reference_snap.is_some() { sys::SL_RELEASE_HAS_REFERENCE } else { 0 },
            start_offset: self.start_offset,
            release_offset: self.release_offset,
            velocity: self.velocity,
            reference_snap: self.reference_snap.unwrap_or(-1),
        }
    }
}

/// Motion kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MotionKind {
    /// Already there.
    None,
    /// Exponential deceleration landing on the target.
    Decay,
    /// A damped spring seeded with the release velocity.
    Spring,
}

/// How a scroll travels to its target: plain data, sampled in closed form at any time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motion(pub sys::sl_motion);

/// The state of a motion at one time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MotionState {
    /// Seconds since the motion started.
    pub time: f64,
    pub offset: f64,
    /// Points per second.
    pub velocity: f64,
    /// Settled: the offset is exactly the target, the velocity 0.
    pub settled: bool,
}

impl Motion {
    pub fn kind(&self) -> MotionKind {
        match self.0.kind {
            sys::SL_MOTION_DECAY => MotionKind::Decay,
            sys::SL_MOTION_SPRING => MotionKind::Spring,
            _ => MotionKind::None,
        }
    }
    pub fn start_offset(&self) -> f64 {
        self.0.start_offset
    }
    pub fn target_offset(&self) -> f64 {
        self.0.target_offset
    }
    /// Seconds until settled (an upper bound).
    pub fn duration(&self) -> f64 {
        self.0.duration
    }
    /// The state at `time` seconds since the motion started (closed form, no drift).
    pub fn sample(&self, time: f64) -> Result<MotionState> {
        let mut s = sys::sl_motion_state { offset: 0.0, velocity: 0.0, settled: 0, reserved: 0 };
        // SAFETY: valid pointers to local values; a pure function.
        check(unsafe { sys::sl_motion_sample(&self.0, time, &mut s) })?;
        Ok(MotionState { time, offset: s.offset, velocity: s.velocity, settled: s.settled != 0 })
    }
    /// The motion redirected at `time` to a new target, continuous in offset and velocity.
    pub fn retarget(&self, time: f64, target_offset: f64) -> Result<Motion> {
        let mut out = self.0;
        // SAFETY: valid pointers; a pure function.
        check(unsafe { sys::sl_motion_retarget(&self.0, time, target_offset, &mut out) })?;
        Ok(Motion(out))
    }
    /// The motion moved by `-shift` (after re-basing a looping container: see
    /// [`Layout::canonical_offset`]).
    pub fn shifted(&self, shift: f64) -> Motion {
        let mut m = self.0;
        m.start_offset -= shift;
        m.target_offset -= shift;
        Motion(m)
    }
    /// Samples every `step` seconds from 0 until the first settled state (included): the frames
    /// a host draws.
    pub fn frames(&self, step: f64) -> Frames {
        assert!(step > 0.0 && step.is_finite(), "step must be a positive number of seconds");
        Frames { motion: *self, step, frame: 0, done: false }
    }
}

/// Iterator of [`Motion::frames`].
#[derive(Clone, Debug)]
pub struct Frames {
    motion: Motion,
    step: f64,
    frame: u64,
    done: bool,
}

impl Iterator for Frames {
    type Item = MotionState;
    fn next(&mut self) -> Option<MotionState> {
        if self.done {
            return None;
        }
        let time = self.frame as f64 * self.step;
        self.frame += 1;
        // Motions from the library are valid; a sample fails only for a hand-made one.
        match self.motion.sample(time) {
            Ok(state) => {
                self.done = state.settled;
                Some(state)
            }
            Err(_) => {
                self.done = true;
                None
            }
        }
    }
}

/// Where a release (or a navigation step, or the end of a touchpad gesture) comes to rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SnapResult {
    pub target_offset: f64,
    /// The fractional rest position at release.
    pub release_progress: f64,
    /// The rest position, or `None` for free deceleration.
    pub snap_index: Option<i64>,
    /// The rest position the gesture was measured from (or the one selected before a step).
    pub reference_snap: Option<i64>,
    /// The (section, item) resting at the target, when the rest positions are items or groups.
    pub item: Option<(i32, i64)>,
    pub motion: Motion,
}

pub(crate) fn index(raw: i64) -> Option<i64> {
    if raw < 0 {
        None
    } else {
        Some(raw)
    }
}

impl From<sys::sl_snap_result> for SnapResult {
    fn from(r: sys::sl_snap_result) -> SnapResult {
        SnapResult {
            target_offset: r.target_offset,
            release_progress: r.release_progress,
            snap_index: index(r.snap_index),
            reference_snap: index(r.reference_snap),
            item: if r.item >= 0 && r.section >= 0 { Some((r.section, r.item)) } else { None },
            motion: Motion(r.motion),
        }
    }
}

/// Where an offset is among a container's rest positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SnapPosition {
    pub progress: f64,
    /// The nearest rest position, or `None` for free deceleration.
    pub index: Option<i64>,
    /// The (section, item) resting there.
    pub item: Option<(i32, i64)>,
}

/// A navigation step without touch (keys, encoders, remotes, timers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Navigate {
    /// This many rest positions forward (>= 1).
    Next(i64),
    /// This many rest positions back (>= 1).
    Previous(i64),
    /// To a rest position.
    To(i64),
    First,
    Last,
}

/// One wheel or touchpad event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScrollInput {
    /// A wheel: notches toward the end (fractions add up), at `time` (monotonic seconds).
    Wheel { notches: f64, time: f64 },
    /// A touchpad: points toward the end, at `time`; `end` when the fingers lifted.
    Touchpad { delta: f64, time: f64, end: bool },
}

/// What a wheel or touchpad event did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScrollInputResult {
    /// The container's offset now (already set in the layout).
    pub offset: f64,
    /// At the end of a gesture (or a wheel step): where it comes to rest and the motion, to run
    /// from the event's time.
    pub result: Option<SnapResult>,
}

/// What a size report or data change moved.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SizeReport {
    /// How far the main offset moved so that the visible content stays in place.
    pub main_offset_adjustment: f64,
    /// How far the section's orthogonal offset moved.
    pub section_offset_adjustment: f64,
    /// The content size afterwards.
    pub content_size: Size,
}

impl From<sys::sl_size_report> for SizeReport {
    fn from(r: sys::sl_size_report) -> SizeReport {
        SizeReport {
            main_offset_adjustment: r.main_offset_adjustment,
            section_offset_adjustment: r.section_offset_adjustment,
            content_size: r.content_size.into(),
        }
    }
}

/// What a visible-items handler is told about the elements it receives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VisibleItemsContext {
    pub section: i32,
    pub container: Container,
    pub offset: f64,
    pub viewport_length: f64,
    pub content_length: f64,
}

/// Where [`Layout::offset_to_show_item`] puts the item in the snapport (`SL_ALIGN_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Alignment {
    /// The item's start at the snapport's start.
    Start = sys::SL_ALIGN_START,
    /// The item's centre at the snapport's centre.
    Center = sys::SL_ALIGN_CENTER,
    /// The item's end at the snapport's end.
    End = sys::SL_ALIGN_END,
    /// Only if needed: no move when the item is fully visible, else its nearer edge.
    Nearest = sys::SL_ALIGN_NEAREST,
}
