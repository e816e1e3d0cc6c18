//! Errors: the status, message and JSON Pointer of a failed call (include/snaplayout.h,
//! "Errors").

use std::ffi::CStr;
use std::fmt;
use std::os::raw::c_int;

use crate::sys;

// --- errors ------------------------------------------------------------------------------------

/// What kind of failure a status code is (include/snaplayout.h, "Status codes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// SL_EINVAL: an invalid argument; the path names it.
    InvalidArgument,
    /// SL_EPARSE: malformed JSON; line and column say where.
    Parse,
    /// SL_ECONFIG: well-formed JSON that is not a valid layout; the path is a JSON Pointer.
    Config,
    /// SL_ERANGE: an index outside its range; the path names the argument.
    Range,
    /// SL_EBUFS: a buffer too small (the safe API retries, so this is rare).
    BufferTooSmall,
    /// SL_ENOMEM.
    NoMemory,
    /// SL_ESTATE: no container size yet, or a change from inside a handler.
    State,
    /// SL_ENOTFOUND: a looked-up name does not exist.
    NotFound,
    /// A status this binding does not know (the header allows new codes in minor versions).
    Other,
}

/// A failure: the status, and the calling thread's `sl_error_last()` record copied at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub(crate) status: i32,
    pub(crate) message: String,
    pub(crate) path: String,
    pub(crate) line: i32,
    pub(crate) column: i32,
}

impl Error {
    /// The error of a failed call, from this thread's error record.
    pub(crate) fn last(status: c_int) -> Error {
        // SAFETY: sl_error_last never returns NULL; its strings are never NULL and stay valid
        // until the next failing call on this thread, and they are copied here at once.
        unsafe {
            let record = &*sys::sl_error_last();
            let text = |p: *const std::os::raw::c_char| {
                if p.is_null() {
                    String::new()
                } else {
                    CStr::from_ptr(p).to_string_lossy().into_owned()
                }
            };
            let (message, path) = if record.code == status {
                (text(record.message), text(record.path))
            } else {
                (status_string(status).to_owned(), String::new())
            };
            let (line, column) =
                if record.code == status { (record.line, record.column) } else { (0, 0) };
            Error { status, message, path, line, column }
        }
    }

    /// The status code (a negative SL_E* value).
    pub fn status(&self) -> i32 {
        self.status
    }
    /// The kind of the status.
    pub fn kind(&self) -> ErrorKind {
        match self.status {
            sys::SL_EINVAL => ErrorKind::InvalidArgument,
            sys::SL_EPARSE => ErrorKind::Parse,
            sys::SL_ECONFIG => ErrorKind::Config,
            sys::SL_ERANGE => ErrorKind::Range,
            sys::SL_EBUFS => ErrorKind::BufferTooSmall,
            sys::SL_ENOMEM => ErrorKind::NoMemory,
            sys::SL_ESTATE => ErrorKind::State,
            sys::SL_ENOTFOUND => ErrorKind::NotFound,
            _ => ErrorKind::Other,
        }
    }
    /// A sentence for a human.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// An RFC 6901 JSON Pointer into the configuration (config errors), the name of the
    /// offending argument (invalid argument, range), or "".
    pub fn path(&self) -> &str {
        &self.path
    }
    /// 1-based line and byte column of a JSON syntax error, else (0, 0).
    pub fn position(&self) -> (i32, i32) {
        (self.line, self.column)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, status_string(self.status))?;
        if !self.path.is_empty() {
            write!(f, " at {}", self.path)?;
        }
        if self.line > 0 {
            write!(f, ", line {} column {}", self.line, self.column)?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// `Result<T, snaplayout::Error>`.
pub type Result<T> = std::result::Result<T, Error>;

pub(crate) fn check(status: c_int) -> Result<()> {
    if status == sys::SL_OK {
        Ok(())
    } else {
        Err(Error::last(status))
    }
}

/// A short static description of a status code ("invalid configuration", ...).
pub fn status_string(status: i32) -> &'static str {
    // SAFETY: static text, never NULL.
    unsafe { CStr::from_ptr(sys::sl_status_string(status)) }.to_str().unwrap_or("unknown status")
}

/// The library's version number (MAJOR * 1000000 + MINOR * 1000 + PATCH) and text.
pub fn version() -> (i32, &'static str) {
    // SAFETY: pure functions; the text is static.
    unsafe {
        let text = CStr::from_ptr(sys::sl_version_string()).to_str().unwrap_or("");
        (sys::sl_version_number(), text)
    }
}
