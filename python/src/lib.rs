//! featrank's Python extension (`featrank._featrank`): the Rust library behind a thin Python package.
//!
//! Everything here is glue: data crosses as NumPy buffers (`frames`), results go back as Rust objects that
//! show themselves with the library's own HTML and SVG, and every call runs through [`blocking`] — the GIL
//! released, Ctrl-C turned into [`featrank::progress::interrupt`], progress polled for a bar, errors and
//! panics turned into `featrank.Error`, the library's notices into `warnings.warn`. No algorithm is written
//! here.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

mod args;
mod cluster;
mod critical_difference;
mod curves;
mod dataset;
mod figure;
mod frames;
mod friedman;
mod learner;
mod nested;
mod own_ranker;
mod pi;
mod pickle;
mod ranking;
mod settings;
mod significance;
mod size_choices;
mod stabilities;
mod synthetic;
mod table;
mod trade_off;

create_exception!(
    featrank,
    Error,
    PyValueError,
    "Every error featrank reports: bad input, an unknown spec, work beyond the memory limit. Its message names \
     the column or parameter at fault."
);

/// A featrank error as the `featrank.Error` subclass of its kind (`featrank/errors.py`: a missing file is also
/// a `FileNotFoundError`, a memory refusal also a `MemoryError`, …) with what was at fault as attributes
/// (`column`, `parameter`, `suggestions`, …); its message is the plain one, never the notebook box.
pub(crate) fn to_py(e: featrank::Error) -> PyErr {
    Python::attach(|py| typed(py, &e).unwrap_or_else(|_| Error::new_err(e.message())))
}

fn typed(py: Python<'_>, e: &featrank::Error) -> PyResult<PyErr> {
    use featrank::Error as E;
    if let E::External { method, context, payload: Some(payload), .. } = e {
        if let Some(raised) = payload.downcast_ref::<PyErr>() {
            // the user's own exception, as itself, with where it was raised in a note (Python ≥ 3.11)
            let raised = raised.clone_ref(py);
            let value = raised.value(py);
            let at = if context.is_empty() { String::new() } else { format!(" in {context}") };
            let note = format!("featrank: raised by the ranking method {method}{at}");
            if value.hasattr("add_note")? {
                value.call_method1("add_note", (note,))?;
            } else {
                // Python 3.10: tracebacks do not show notes, but `__notes__` holds them as on 3.11
                let notes: Vec<String> = value.getattr("__notes__").and_then(|n| n.extract()).unwrap_or_default();
                value.setattr("__notes__", [notes, vec![note]].concat())?;
            }
            return Ok(raised);
        }
    }
    let attrs = PyDict::new(py);
    match e {
        E::MissingColumn { column, suggestions, .. } => {
            attrs.set_item("column", column)?;
            attrs.set_item("suggestions", suggestions)?;
        }
        E::InvalidColumn { column, .. } | E::InvalidTarget { column, .. } => attrs.set_item("column", column)?,
        E::InvalidParameter { name, .. } => attrs.set_item("parameter", name)?,
        E::Unknown { kind, name, known } => {
            attrs.set_item("name", name)?;
            attrs.set_item("kind", kind)?;
            attrs.set_item("suggestions", known)?;
        }
        E::UnsupportedTask { method, task, .. } => {
            attrs.set_item("method", method)?;
            attrs.set_item("task", task.words())?;
        }
        E::Numerical { what, .. } => attrs.set_item("what", what)?,
        E::External { method, context, .. } => {
            attrs.set_item("method", method)?;
            attrs.set_item("context", context)?;
        }
        E::Parse { source_name, line, .. } => {
            attrs.set_item("source", source_name)?;
            attrs.set_item("line", line)?;
        }
        E::UnsupportedFormat { path } => attrs.set_item("source", path)?,
        E::Io { path, source } => {
            attrs.set_item("path", path)?;
            attrs.set_item("filename", path)?;
            attrs.set_item("errno", source.raw_os_error())?;
        }
        E::Memory { needed, limit, .. } => {
            attrs.set_item("needed", needed)?;
            attrs.set_item("limit", limit)?;
        }
        _ => {}
    }
    let value = class(py, e.kind())?.call1((e.message(),))?;
    for (key, item) in attrs.iter() {
        value.setattr(key.extract::<String>()?, item)?;
    }
    Ok(PyErr::from_value(value))
}

/// The `featrank.Error` subclass (`featrank/errors.py`) of each kind of error, for every kind.
fn class(py: Python<'_>, kind: featrank::error::ErrorKind) -> PyResult<Bound<'_, PyAny>> {
    use featrank::error::ErrorKind as K;
    let name = match kind {
        K::Data => "DataError",
        K::ColumnNotFound => "ColumnNotFoundError",
        K::Column => "ColumnError",
        K::Parameter => "ParameterError",
        K::Spec => "SpecError",
        K::UnsupportedTask => "UnsupportedTaskError",
        K::Numerical => "NumericalError",
        K::Parse => "ParseError",
        K::MissingFile => "MissingFileError",
        K::File => "FileError",
        K::Memory => "MemoryLimitError",
        K::Device => "DeviceError",
        K::External => "MethodError",
        K::Interrupted | K::Other => "Error",
    };
    py.import("featrank.errors")?.getattr(name)
}

/// `Result` of the library, raised as `featrank.Error`.
pub(crate) trait OrRaise<T> {
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for featrank::Result<T> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

/// A panic's message as a `featrank.Error` (a panic never crosses into Python).
fn panic_to_py(payload: Box<dyn std::any::Any + Send>) -> PyErr {
    let what = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown".into());
    Error::new_err(format!("internal error (a bug in featrank; please report it with the call that caused it): {what}"))
}

/// Run `work` on a worker thread with the GIL released. While it runs, every 50 ms: check for Ctrl-C (then
/// the run is interrupted at its next work item and `KeyboardInterrupt` raised) and call `progress(label,
/// done, total)` when given. Errors come back as `featrank.Error`, panics too.
pub(crate) fn blocking<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce() -> featrank::Result<T> + Send,
) -> PyResult<T> {
    featrank::progress::clear_interrupt();
    let (done, mut finished) = std::sync::mpsc::channel();
    std::thread::scope(|s| {
        s.spawn(move || {
            let _ = done.send(catch_unwind(AssertUnwindSafe(work)));
        });
        let mut raised: Option<PyErr> = None;
        let outcome = loop {
            // the receiver moves into the GIL-free wait and back (it may not be shared across threads)
            let (receiver, received) = py.detach(move || {
                let r = finished.recv_timeout(Duration::from_millis(50));
                (finished, r)
            });
            finished = receiver;
            match received {
                Ok(outcome) => break outcome,
                Err(RecvTimeoutError::Disconnected) => {
                    break Err(Box::new("the worker thread ended without a result") as Box<dyn std::any::Any + Send>)
                }
                Err(RecvTimeoutError::Timeout) if raised.is_none() => {
                    let step = py.check_signals().and_then(|_| match progress {
                        Some(cb) => cb.call1(featrank::progress::watch()).map(|_| ()),
                        None => Ok(()),
                    });
                    if let Err(e) = step {
                        featrank::progress::interrupt();
                        raised = Some(e);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        };
        featrank::progress::clear_interrupt();
        let outcome = match (raised, outcome) {
            (Some(e), _) => Err(e),
            (None, Ok(result)) => result.or_raise(),
            (None, Err(payload)) => Err(panic_to_py(payload)),
        };
        with_notices(py, outcome)
    })
}

/// Run a short call on this thread, its panics turned into `featrank.Error`.
pub(crate) fn guarded<T>(work: impl FnOnce() -> featrank::Result<T>) -> PyResult<T> {
    let outcome = match catch_unwind(AssertUnwindSafe(work)) {
        Ok(result) => result.or_raise(),
        Err(payload) => Err(panic_to_py(payload)),
    };
    Python::attach(|py| with_notices(py, outcome))
}

/// The library's notices, collected while a call runs (on whichever thread gives them).
static NOTICES: std::sync::Mutex<Vec<featrank::notice::Notice>> = std::sync::Mutex::new(Vec::new());

fn collect(notice: featrank::notice::Notice) {
    NOTICES.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(notice);
}

/// After a call: each notice it gave as `warnings.warn(message, featrank.FeatrankWarning)`, so Python's
/// warning filters apply (under `-W error` the first one is raised instead of the call's result).
fn with_notices<T>(py: Python<'_>, outcome: PyResult<T>) -> PyResult<T> {
    let notices = std::mem::take(&mut *NOTICES.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
    if notices.is_empty() {
        return outcome;
    }
    let category = py.import("featrank.errors")?.getattr("FeatrankWarning")?;
    for notice in notices {
        let message = std::ffi::CString::new(notice.message.replace('\0', " ")).expect("NUL bytes replaced");
        PyErr::warn(py, &category, &message, 1)?;
    }
    outcome
}

#[pymodule]
fn _featrank(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // FEATRANK_SIMD names a level this CPU runs, or nothing: refused at import, naming it
    featrank::simd::check().map_err(|e| pyo3::exceptions::PyImportError::new_err(e.to_string()))?;
    // `python:import=(module:attribute)` specs (what a cluster manifest carries for a user's function) are built here
    featrank::rankers::set_host(own_ranker::host);
    m.add("Error", m.py().get_type::<Error>())?;
    featrank::notice::set_sink(Some(collect));
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    settings::register(m)?;
    dataset::register(m)?;
    ranking::register(m)?;
    table::register(m)?;
    figure::register(m)?;
    synthetic::register(m)?;
    curves::register(m)?;
    significance::register(m)?;
    stabilities::register(m)?;
    trade_off::register(m)?;
    size_choices::register(m)?;
    nested::register(m)?;
    cluster::register(m)?;
    friedman::register(m)?;
    critical_difference::register(m)?;
    pi::register(m)?;
    Ok(())
}
