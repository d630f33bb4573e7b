//! featrank for R: the compiled side of the R package in `r/`, through savvy. R holds no algorithm: each function
//! here turns R's values into the library's types, runs the library, and turns its results into R's values (a
//! table as a named list of columns, which `r/R/` makes a data.frame).
//!
//! Every call that computes runs through [`blocking`]: the work on a thread of its own, while R's thread answers
//! the calls of a user's R functions (rankers, see [`own`]) and watches for Ctrl-C. A library error becomes an R
//! error whose message starts with [`ERROR_MARKER`]; `r/R/conditions.R` then reads the error's kind and fields
//! ([`fr_last_error`]) and raises a condition of class `featrank_<kind>_error`.

mod catalogs;
mod curves;
mod data;
mod frames;
mod nested;
mod own;
mod rank;
mod settings;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use savvy::{savvy, OwnedListSexp, OwnedStringSexp, Sexp};

/// How a message from featrank starts: the R side replaces such an error by its typed condition.
const ERROR_MARKER: &str = "featrank error: ";

/// The last library error given to R, read once by [`fr_last_error`].
static LAST_ERROR: Mutex<Option<featrank::Error>> = Mutex::new(None);

/// The library's notices, collected while a call runs (on whichever thread gives them); R gives each as a warning
/// of class `featrank_warning` after the call (`fr_take_notices`).
static NOTICES: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn collect(notice: featrank::notice::Notice) {
    NOTICES.lock().unwrap_or_else(|p| p.into_inner()).push(notice.message);
}

/// A library error as the R error that `r/R/conditions.R` turns into a classed condition.
pub(crate) fn to_r(e: featrank::Error) -> savvy::Error {
    let message = format!("{ERROR_MARKER}{}", e.message());
    *LAST_ERROR.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
    savvy::Error::new(message)
}

/// `work`'s result, its error as [`to_r`]'s, a panic as an error of kind `other`.
pub(crate) fn guarded<T>(work: impl FnOnce() -> featrank::Result<T>) -> savvy::Result<T> {
    featrank::notice::set_sink(Some(collect));
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(result) => result.map_err(to_r),
        Err(payload) => Err(to_r(panicked(payload))),
    }
}

fn panicked(payload: Box<dyn std::any::Any + Send>) -> featrank::Error {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into());
    featrank::Error::Numerical { what: "featrank (a bug: please report it)".into(), reason: what }
}

extern "C" {
    fn R_ToplevelExec(fun: Option<unsafe extern "C" fn(*mut std::ffi::c_void)>, data: *mut std::ffi::c_void) -> i32;
    fn R_CheckUserInterrupt();
}

unsafe extern "C" fn check_interrupt(_: *mut std::ffi::c_void) {
    R_CheckUserInterrupt();
}

/// Whether the user pressed Ctrl-C: R's check run where its jump cannot leave Rust's frames.
fn interrupted() -> bool {
    unsafe { R_ToplevelExec(Some(check_interrupt), std::ptr::null_mut()) == 0 }
}

/// `work` on a thread of its own while R's thread answers the calls of the user's R functions `own` (by their
/// index, [`own::Call`]) and watches for Ctrl-C, which stops the work at its next piece
/// ([`featrank::progress::interrupt`]: an `Interrupted` error).
pub(crate) fn blocking<T: Send>(
    own: &own::Functions,
    work: impl FnOnce(own::Caller) -> featrank::Result<T> + Send,
) -> savvy::Result<T> {
    featrank::notice::set_sink(Some(collect));
    featrank::progress::clear_interrupt();
    let (calls, requests) = mpsc::channel::<own::Call>();
    let (done, finished) = mpsc::channel();
    let outcome = std::thread::scope(|s| {
        let caller = own::Caller::new(calls);
        s.spawn(move || {
            let _ = done.send(catch_unwind(AssertUnwindSafe(|| work(caller))));
        });
        loop {
            match requests.recv_timeout(Duration::from_millis(50)) {
                Ok(call) => own.answer(call),
                Err(RecvTimeoutError::Timeout) => {
                    if interrupted() {
                        featrank::progress::interrupt();
                    }
                    if let Ok(outcome) = finished.try_recv() {
                        break outcome; // a result that keeps a sender alive ends here instead
                    }
                }
                // the work's end drops every sender (the caller and the rankers made from it): its outcome follows
                Err(RecvTimeoutError::Disconnected) => {
                    break finished
                        .recv()
                        .unwrap_or_else(|_| Err(Box::new("the work's thread ended without a result")));
                }
            }
        }
    });
    featrank::progress::clear_interrupt();
    match outcome {
        Ok(result) => result.map_err(to_r),
        Err(payload) => Err(to_r(panicked(payload))),
    }
}

/// The last featrank error as a list: its kind (`parameter`, `column_not_found`, …), message and the fields it
/// names (parameter, column, suggestions, method, …); NULL when there is none.
/// @noRd
#[savvy]
fn fr_last_error() -> savvy::Result<Sexp> {
    let Some(e) = LAST_ERROR.lock().unwrap_or_else(|p| p.into_inner()).take() else {
        return Ok(savvy::NullSexp.into());
    };
    let mut fields: Vec<(&str, Sexp)> = vec![("kind", text(kind_name(e.kind()))?), ("message", text(&e.message())?)];
    use featrank::Error as E;
    match &e {
        E::MissingColumn { column, suggestions, .. } => {
            fields.push(("column", text(column)?));
            fields.push(("suggestions", texts(suggestions)?));
        }
        E::InvalidColumn { column, .. } | E::InvalidTarget { column, .. } => fields.push(("column", text(column)?)),
        E::InvalidParameter { name, .. } => fields.push(("parameter", text(name)?)),
        E::Unknown { kind, name, known } => {
            fields.push(("name", text(name)?));
            fields.push(("what", text(kind)?));
            fields.push(("suggestions", texts(known)?));
        }
        E::UnsupportedTask { method, task, .. } => {
            fields.push(("method", text(method)?));
            fields.push(("task", text(task.words())?));
        }
        E::Numerical { what, .. } => fields.push(("what", text(what)?)),
        E::External { method, context, .. } => {
            fields.push(("method", text(method)?));
            fields.push(("context", text(context)?));
        }
        E::Parse { source_name, .. } => fields.push(("source", text(source_name)?)),
        E::UnsupportedFormat { path } | E::Io { path, .. } => fields.push(("path", text(path)?)),
        E::Memory { needed, limit, .. } => {
            fields.push(("needed", savvy::Sexp::try_from(*needed as f64)?));
            fields.push(("limit", savvy::Sexp::try_from(*limit as f64)?));
        }
        _ => {}
    }
    let mut out = OwnedListSexp::new(fields.len(), true)?;
    for (i, (name, value)) in fields.into_iter().enumerate() {
        out.set_name_and_value(i, name, value)?;
    }
    out.into()
}

/// The notices given since the last call, each once.
/// @noRd
#[savvy]
fn fr_take_notices() -> savvy::Result<Sexp> {
    let notices = std::mem::take(&mut *NOTICES.lock().unwrap_or_else(|p| p.into_inner()));
    texts(&notices)
}

/// The condition class of an error kind, as R names it (`featrank_<this>_error`).
fn kind_name(kind: featrank::error::ErrorKind) -> &'static str {
    use featrank::error::ErrorKind as K;
    match kind {
        K::Data => "data",
        K::ColumnNotFound => "column_not_found",
        K::Column => "column",
        K::Parameter => "parameter",
        K::Spec => "spec",
        K::UnsupportedTask => "unsupported_task",
        K::Numerical => "numerical",
        K::Parse => "parse",
        K::MissingFile => "missing_file",
        K::File => "file",
        K::Memory => "memory",
        K::Device => "device",
        K::Interrupted => "interrupted",
        K::External => "external",
        K::Other => "other",
    }
}

pub(crate) fn text(value: &str) -> savvy::Result<Sexp> {
    OwnedStringSexp::try_from_scalar(value)?.into()
}

pub(crate) fn texts<S: AsRef<str>>(values: &[S]) -> savvy::Result<Sexp> {
    OwnedStringSexp::try_from_slice(values)?.into()
}
