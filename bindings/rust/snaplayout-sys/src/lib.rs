//! Raw declarations of SnapLayout's C API: every constant, struct and function of
//! `include/snaplayout.h`, as written there. `tests/header.rs` parses the header and checks
//! this crate against it (names, values, field order, types, sizes and offsets, parameters).
//!
//! Read the header for what each call does; the safe crate `snaplayout` wraps them.
//! The declarations are written through three macros that also record what they declare
//! ([`meta`]), so that the test compares the header with the very tokens compiled here.

#![allow(non_camel_case_types)]

pub use std::os::raw::{c_char, c_int, c_void};

/// What the declaring macros record, for `tests/header.rs`.
pub mod meta {
    /// A constant's value.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Value {
        /// A signed integer constant.
        Signed(i64),
        /// An unsigned integer constant (written with a `u` suffix in the header).
        Unsigned(u64),
        /// A floating-point constant.
        Float(f64),
        /// A string constant.
        Str(&'static str),
    }
    impl From<i32> for Value {
        fn from(v: i32) -> Self {
            Value::Signed(v.into())
        }
    }
    impl From<u32> for Value {
        fn from(v: u32) -> Self {
            Value::Unsigned(v.into())
        }
    }
    impl From<f64> for Value {
        fn from(v: f64) -> Self {
            Value::Float(v)
        }
    }
    impl From<&'static str> for Value {
        fn from(v: &'static str) -> Self {
            Value::Str(v)
        }
    }

    /// One field of a struct: name, Rust type (as written), offset and size in bytes.
    #[derive(Clone, Debug)]
    pub struct Field {
        pub name: &'static str,
        pub ty: &'static str,
        pub offset: usize,
        pub size: usize,
    }

    /// One `#[repr(C)]` struct.
    #[derive(Clone, Debug)]
    pub struct Struct {
        pub name: &'static str,
        pub size: usize,
        pub align: usize,
        pub fields: Vec<Field>,
    }

    /// One function: name, parameters (name, Rust type) and result type ("" for none), and its
    /// address (taking it makes the linker resolve every symbol the crate declares).
    #[derive(Clone, Debug)]
    pub struct Function {
        pub name: &'static str,
        pub params: Vec<(&'static str, &'static str)>,
        pub result: &'static str,
        pub address: usize,
    }

    pub use super::{constants, functions, handler_type, structs};
}

macro_rules! sl_constants {
    ($( $(#[$m:meta])* pub const $name:ident : $ty:ty = $value:expr; )*) => {
        $( $(#[$m])* pub const $name: $ty = $value; )*
        /// Every constant, for the header test.
        pub fn constants() -> Vec<(&'static str, meta::Value)> {
            vec![ $( (stringify!($name), meta::Value::from($name)) ),* ]
        }
    };
}

macro_rules! sl_structs {
    ($( $(#[$m:meta])* pub struct $name:ident { $( $(#[$fm:meta])* pub $field:ident : $ty:ty ),* $(,)? } )*) => {
        $(
            $(#[$m])*
            #[repr(C)]
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct $name { $( $(#[$fm])* pub $field: $ty ),* }
        )*
        /// Every struct with its layout as Rust lays it out, for the header test.
        pub fn structs() -> Vec<meta::Struct> {
            vec![ $( {
                let probe = std::mem::MaybeUninit::<$name>::uninit();
                let base = probe.as_ptr();
                meta::Struct {
                    name: stringify!($name),
                    size: std::mem::size_of::<$name>(),
                    align: std::mem::align_of::<$name>(),
                    fields: vec![ $( {
                        // SAFETY: only the address of a field of an uninitialised value is
                        // taken; nothing is read.
                        let at = unsafe { std::ptr::addr_of!((*base).$field) };
                        meta::Field {
                            name: stringify!($field),
                            ty: stringify!($ty),
                            offset: at as usize - base as usize,
                            size: std::mem::size_of::<$ty>(),
                        }
                    } ),* ],
                }
            } ),* ]
        }
    };
}

macro_rules! sl_functions {
    (@result) => { "" };
    (@result $ty:ty) => { stringify!($ty) };
    ($( $(#[$m:meta])* pub fn $name:ident ( $( $arg:ident : $ty:ty ),* $(,)? ) $( -> $ret:ty )? ; )*) => {
        extern "C" {
            $( $(#[$m])* pub fn $name( $( $arg: $ty ),* ) $( -> $ret )?; )*
        }
        /// Every function, for the header test.
        #[allow(deprecated)]
        pub fn functions() -> Vec<meta::Function> {
            vec![ $( meta::Function {
                name: stringify!($name),
                params: vec![ $( (stringify!($arg), stringify!($ty)) ),* ],
                result: sl_functions!(@result $($ret)?),
                address: $name as *const () as usize,
            } ),* ]
        }
    };
}

macro_rules! sl_callback {
    ($(#[$m:meta])* pub type $name:ident = unsafe extern "C" fn( $( $arg:ident : $ty:ty ),* ) ;) => {
        $(#[$m])*
        pub type $name = Option<unsafe extern "C" fn( $( $arg: $ty ),* )>;
        /// The handler's parameters (name, Rust type), for the header test.
        pub fn handler_type() -> (&'static str, Vec<(&'static str, &'static str)>) {
            (stringify!($name), vec![ $( (stringify!($arg), stringify!($ty)) ),* ])
        }
    };
}

sl_constants! {
    pub const SL_VERSION_MAJOR: c_int = 0;
    pub const SL_VERSION_MINOR: c_int = 2;
    pub const SL_VERSION_PATCH: c_int = 0;
    /// MAJOR * 1000000 + MINOR * 1000 + PATCH.
    pub const SL_VERSION_NUMBER: c_int =
        SL_VERSION_MAJOR * 1000000 + SL_VERSION_MINOR * 1000 + SL_VERSION_PATCH;
    pub const SL_VERSION_STRING: &str = "0.2.0";
    pub const SL_CONFIG_VERSION: c_int = 1;

    pub const SL_OK: c_int = 0;
    pub const SL_EINVAL: c_int = -1;
    pub const SL_EPARSE: c_int = -2;
    pub const SL_ECONFIG: c_int = -3;
    pub const SL_ERANGE: c_int = -4;
    pub const SL_EBUFS: c_int = -5;
    pub const SL_ENOMEM: c_int = -6;
    pub const SL_ESTATE: c_int = -7;
    pub const SL_ENOTFOUND: c_int = -8;

    pub const SL_ELEMENT_CELL: i32 = 0;
    pub const SL_ELEMENT_SUPPLEMENTARY: i32 = 1;
    pub const SL_ELEMENT_DECORATION: i32 = 2;
    pub const SL_KIND_CELL: i32 = -1;
    pub const SL_SECTION_LAYOUT: i32 = -1;
    pub const SL_ELEMENT_FLAG_HIDDEN: u32 = 0x1;
    pub const SL_ELEMENT_FLAG_PINNED: u32 = 0x2;

    pub const SL_ORTHOGONAL_NONE: i32 = 0;
    pub const SL_ORTHOGONAL_CONTINUOUS: i32 = 1;
    pub const SL_ORTHOGONAL_CONTINUOUS_GROUP_LEADING_BOUNDARY: i32 = 2;
    pub const SL_ORTHOGONAL_PAGING: i32 = 3;
    pub const SL_ORTHOGONAL_GROUP_PAGING: i32 = 4;
    pub const SL_ORTHOGONAL_GROUP_PAGING_CENTERED: i32 = 5;

    pub const SL_SCROLL_MAIN: i32 = -1;
    pub const SL_SNAP_NONE: i32 = 0;
    pub const SL_SNAP_PAGE: i32 = 1;
    pub const SL_SNAP_ITEM: i32 = 2;
    pub const SL_SNAP_GROUP: i32 = 3;
    pub const SL_BOUNCE_AUTOMATIC: i32 = 0;
    pub const SL_BOUNCE_ALWAYS: i32 = 1;
    pub const SL_BOUNCE_NEVER: i32 = 2;

    pub const SL_SCROLL_RELEASE_VERSION: c_int = 1;
    pub const SL_RELEASE_HAS_REFERENCE: u32 = 0x1;

    pub const SL_MOTION_NONE: i32 = 0;
    pub const SL_MOTION_DECAY: i32 = 1;
    pub const SL_MOTION_SPRING: i32 = 2;

    pub const SL_ALIGN_START: i32 = 0;
    pub const SL_ALIGN_CENTER: i32 = 1;
    pub const SL_ALIGN_END: i32 = 2;
    pub const SL_ALIGN_NEAREST: i32 = 3;

    pub const SL_NAVIGATE_NEXT: i32 = 1;
    pub const SL_NAVIGATE_PREVIOUS: i32 = 2;
    pub const SL_NAVIGATE_TO: i32 = 3;
    pub const SL_NAVIGATE_FIRST: i32 = 4;
    pub const SL_NAVIGATE_LAST: i32 = 5;

    pub const SL_SCROLL_INPUT_VERSION: c_int = 1;
    pub const SL_INPUT_WHEEL: i32 = 1;
    pub const SL_INPUT_TOUCHPAD: i32 = 2;
    pub const SL_INPUT_END: u32 = 0x1;

    pub const SL_MAX_MEASURED_LENGTH: f64 = 1000000.0;
}

/// An opaque layout (`typedef struct sl_layout sl_layout`): only ever behind a pointer.
#[repr(C)]
pub struct sl_layout {
    _opaque: [u8; 0],
    _not_send_sync_unpin: std::marker::PhantomData<(*mut u8, std::marker::PhantomPinned)>,
}

sl_structs! {
    pub struct sl_rect {
        pub x: f64,
        pub y: f64,
        pub width: f64,
        pub height: f64,
    }
    pub struct sl_size {
        pub width: f64,
        pub height: f64,
    }
    pub struct sl_transform {
        pub a: f64,
        pub b: f64,
        pub c: f64,
        pub d: f64,
        pub tx: f64,
        pub ty: f64,
    }
    pub struct sl_element {
        pub frame: sl_rect,
        pub transform: sl_transform,
        pub alpha: f64,
        pub item: i64,
        pub section: i32,
        pub category: i32,
        pub kind: i32,
        pub z_index: i32,
        pub flags: u32,
        pub copy: i32,
    }
    pub struct sl_section_info {
        pub frame: sl_rect,
        pub item_count: i64,
        pub group_count: i64,
        pub items_per_group: i32,
        pub orthogonal_scrolling_behavior: i32,
        pub orthogonal_content_length: f64,
        pub orthogonal_offset: f64,
    }
    pub struct sl_scroll_info {
        pub viewport_length: f64,
        pub content_length: f64,
        pub inset_leading: f64,
        pub inset_trailing: f64,
        pub min_offset: f64,
        pub max_offset: f64,
        pub offset: f64,
        pub deceleration_rate: f64,
        pub snap_count: i64,
        pub container: i32,
        pub horizontal: i32,
        pub orthogonal_scrolling_behavior: i32,
        pub snap_unit: i32,
        pub max_pages_per_gesture: i32,
        pub bounce: i32,
    }
    pub struct sl_scroll_release {
        pub version: u32,
        pub flags: u32,
        pub start_offset: f64,
        pub release_offset: f64,
        pub velocity: f64,
        pub reference_snap: i64,
    }
    pub struct sl_motion {
        pub kind: i32,
        pub reserved: i32,
        pub start_offset: f64,
        pub start_velocity: f64,
        pub target_offset: f64,
        pub duration: f64,
        pub decay: f64,
        pub omega: f64,
        pub damping_ratio: f64,
        pub epsilon_offset: f64,
        pub epsilon_velocity: f64,
        pub landing_min_rate: f64,
        pub landing_max_rate: f64,
    }
    pub struct sl_motion_state {
        pub offset: f64,
        pub velocity: f64,
        pub settled: i32,
        pub reserved: i32,
    }
    pub struct sl_snap_result {
        pub target_offset: f64,
        pub release_progress: f64,
        pub snap_index: i64,
        pub reference_snap: i64,
        pub item: i64,
        pub section: i32,
        pub reserved: i32,
        pub motion: sl_motion,
    }
    pub struct sl_snap_position {
        pub progress: f64,
        pub index: i64,
        pub item: i64,
        pub section: i32,
        pub reserved: i32,
    }
    pub struct sl_visible_items_context {
        pub section: i32,
        pub container: i32,
        pub offset: f64,
        pub viewport_length: f64,
        pub content_length: f64,
    }
    pub struct sl_error {
        pub code: c_int,
        pub message: *const c_char,
        pub path: *const c_char,
        pub line: i32,
        pub column: i32,
    }
    pub struct sl_loop_info {
        pub requested: i32,
        pub active: i32,
        pub period: f64,
        pub start: f64,
    }
    pub struct sl_scroll_input {
        pub version: u32,
        pub device: i32,
        pub flags: u32,
        pub reserved: u32,
        pub delta: f64,
        pub time: f64,
    }
    pub struct sl_scroll_input_result {
        pub offset: f64,
        pub has_motion: i32,
        pub reserved: i32,
        pub result: sl_snap_result,
    }
    pub struct sl_size_report {
        pub main_offset_adjustment: f64,
        pub section_offset_adjustment: f64,
        pub content_size: sl_size,
    }
}

sl_callback! {
    /// `typedef void (*sl_visible_items_handler)(...)`; `None` is NULL.
    pub type sl_visible_items_handler = unsafe extern "C" fn(
        user_data: *mut c_void,
        context: *const sl_visible_items_context,
        elements: *mut sl_element,
        count: usize
    );
}

sl_functions! {
    pub fn sl_version_number() -> c_int;
    pub fn sl_version_string() -> *const c_char;
    pub fn sl_status_string(status: c_int) -> *const c_char;
    pub fn sl_error_last() -> *const sl_error;
    pub fn sl_error_clear();
    pub fn sl_free(memory: *mut c_void);

    pub fn sl_layout_create(json: *const c_char, length: usize, out_layout: *mut *mut sl_layout) -> c_int;
    pub fn sl_layout_destroy(layout: *mut sl_layout);
    pub fn sl_layout_set_container_size(layout: *mut sl_layout, width: f64, height: f64) -> c_int;
    pub fn sl_layout_get_container_size(layout: *const sl_layout, out_size: *mut sl_size) -> c_int;
    pub fn sl_layout_get_content_size(layout: *const sl_layout, out_size: *mut sl_size) -> c_int;

    pub fn sl_layout_get_section_count(layout: *const sl_layout, out_count: *mut i32) -> c_int;
    pub fn sl_layout_get_item_count(layout: *const sl_layout, section: i32, out_count: *mut i64) -> c_int;
    pub fn sl_layout_get_section_variant(layout: *const sl_layout, section: i32, out_variant: *mut i32) -> c_int;
    pub fn sl_layout_get_section_info(layout: *const sl_layout, section: i32, out_info: *mut sl_section_info) -> c_int;
    pub fn sl_layout_get_item_frame(layout: *const sl_layout, section: i32, item: i64, out_frame: *mut sl_rect) -> c_int;
    pub fn sl_layout_get_item_frames(layout: *const sl_layout, section: i32, first: i64, count: i64, out_frames: *mut sl_rect) -> c_int;
    pub fn sl_layout_get_elements_in_rect(layout: *const sl_layout, rect: sl_rect, elements: *mut sl_element, capacity: usize, out_count: *mut usize) -> c_int;
    pub fn sl_layout_get_element_kind_count(layout: *const sl_layout, out_count: *mut i32) -> c_int;
    pub fn sl_layout_get_element_kind_name(layout: *const sl_layout, kind: i32, out_name: *mut *const c_char) -> c_int;
    pub fn sl_layout_find_element_kind(layout: *const sl_layout, name: *const c_char, out_kind: *mut i32) -> c_int;

    #[deprecated(note = "use sl_layout_set_scroll_offset")]
    pub fn sl_layout_set_section_offset(layout: *mut sl_layout, section: i32, offset: f64) -> c_int;
    #[deprecated(note = "use sl_layout_get_scroll_offset")]
    pub fn sl_layout_get_section_offset(layout: *const sl_layout, section: i32, out_offset: *mut f64) -> c_int;

    pub fn sl_layout_get_scroll_info(layout: *const sl_layout, container: i32, out_info: *mut sl_scroll_info) -> c_int;
    pub fn sl_layout_get_loop_info(layout: *const sl_layout, container: i32, out_info: *mut sl_loop_info) -> c_int;
    pub fn sl_layout_get_canonical_offset(layout: *const sl_layout, container: i32, offset: f64, out_offset: *mut f64, out_shift: *mut f64) -> c_int;
    pub fn sl_layout_set_scroll_offset(layout: *mut sl_layout, container: i32, offset: f64) -> c_int;
    pub fn sl_layout_get_scroll_offset(layout: *const sl_layout, container: i32, out_offset: *mut f64) -> c_int;
    pub fn sl_layout_resolve_scroll(layout: *const sl_layout, container: i32, release: *const sl_scroll_release, out_result: *mut sl_snap_result) -> c_int;
    pub fn sl_layout_get_snap_position(layout: *const sl_layout, container: i32, offset: f64, out_position: *mut sl_snap_position) -> c_int;
    pub fn sl_layout_get_snap_offsets(layout: *const sl_layout, container: i32, first: i64, offsets: *mut f64, capacity: usize, out_count: *mut usize) -> c_int;
    pub fn sl_layout_get_snap_range(layout: *const sl_layout, container: i32, index: i64, out_low: *mut f64, out_high: *mut f64) -> c_int;
    pub fn sl_layout_get_offset_for_item(layout: *const sl_layout, container: i32, section: i32, item: i64, out_offset: *mut f64, out_snap: *mut i64) -> c_int;
    pub fn sl_layout_get_offset_to_show_item(layout: *const sl_layout, container: i32, section: i32, item: i64, alignment: i32, out_offset: *mut f64, out_snap: *mut i64) -> c_int;
    pub fn sl_layout_get_reference_snap(layout: *const sl_layout, container: i32, touch_offset: f64, in_flight: *const sl_motion, time: f64, out_snap: *mut i64) -> c_int;

    pub fn sl_layout_navigate(layout: *const sl_layout, container: i32, action: i32, argument: i64, in_flight: *const sl_motion, time: f64, out_result: *mut sl_snap_result) -> c_int;
    pub fn sl_layout_get_selected_snap(layout: *const sl_layout, container: i32, in_flight: *const sl_motion, time: f64, out_index: *mut i64) -> c_int;
    pub fn sl_layout_jump_to_snap(layout: *mut sl_layout, container: i32, index: i64) -> c_int;
    pub fn sl_layout_set_scroll_target(layout: *mut sl_layout, container: i32, target_offset: f64) -> c_int;
    pub fn sl_layout_clear_scroll_target(layout: *mut sl_layout, container: i32) -> c_int;
    pub fn sl_layout_get_scroll_target(layout: *const sl_layout, container: i32, out_target: *mut f64, out_has_target: *mut i32) -> c_int;
    pub fn sl_layout_retarget_motion(layout: *mut sl_layout, container: i32, in_flight: *const sl_motion, time: f64, out_motion: *mut sl_motion) -> c_int;
    pub fn sl_layout_scroll_input(layout: *mut sl_layout, container: i32, input: *const sl_scroll_input, in_flight: *const sl_motion, time: f64, out_result: *mut sl_scroll_input_result) -> c_int;

    pub fn sl_motion_sample(motion: *const sl_motion, time: f64, out_state: *mut sl_motion_state) -> c_int;
    pub fn sl_motion_retarget(motion: *const sl_motion, time: f64, target_offset: f64, out_motion: *mut sl_motion) -> c_int;
    pub fn sl_layout_set_visible_items_handler(layout: *mut sl_layout, section: i32, handler: sl_visible_items_handler, user_data: *mut c_void) -> c_int;
    pub fn sl_layout_get_item_distance(layout: *const sl_layout, section: i32, item: i64, out_distance: *mut f64) -> c_int;

    pub fn sl_layout_report_item_size(layout: *mut sl_layout, section: i32, item: i64, width: f64, height: f64, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_report_item_sizes(layout: *mut sl_layout, section: i32, first: i64, sizes: *const sl_size, count: usize, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_reset_item_size(layout: *mut sl_layout, section: i32, item: i64, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_get_measured_size(layout: *const sl_layout, section: i32, item: i64, out_size: *mut sl_size, out_measured: *mut c_int) -> c_int;
    pub fn sl_layout_report_supplementary_size(layout: *mut sl_layout, section: i32, kind: i32, width: f64, height: f64, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_reset_supplementary_size(layout: *mut sl_layout, section: i32, kind: i32, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_get_measured_supplementary_size(layout: *const sl_layout, section: i32, kind: i32, out_size: *mut sl_size, out_measured: *mut c_int) -> c_int;
    pub fn sl_layout_set_item_sizes(layout: *mut sl_layout, section: i32, first: i64, sizes: *const sl_size, count: usize, out_report: *mut sl_size_report) -> c_int;

    pub fn sl_layout_set_item_count(layout: *mut sl_layout, section: i32, count: i64, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_insert_items(layout: *mut sl_layout, section: i32, at: i64, count: i64, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_delete_items(layout: *mut sl_layout, section: i32, at: i64, count: i64, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_move_item(layout: *mut sl_layout, from_section: i32, from_item: i64, to_section: i32, to_item: i64, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_insert_sections(layout: *mut sl_layout, at: i32, json: *const c_char, length: usize, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_delete_sections(layout: *mut sl_layout, at: i32, count: i32, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_move_section(layout: *mut sl_layout, from: i32, to: i32, out_report: *mut sl_size_report) -> c_int;
    pub fn sl_layout_replace_section(layout: *mut sl_layout, section: i32, json: *const c_char, length: usize, out_report: *mut sl_size_report) -> c_int;

    pub fn sl_layout_copy_json(layout: *const sl_layout, rect: *const sl_rect, out_json: *mut *mut c_char, out_length: *mut usize) -> c_int;
}
