//! featrank's Python extension (`featrank._featrank`): the Rust library behind a thin Python package.
//!
//! Everything here is glue: data crosses as NumPy buffers (`frames`), results go back as Rust objects that
//! show themselves with the library's own HTML and SVG, and every call runs through [`blocking`] — the GIL
//! released, Ctrl-C turned into [`featrank::progress::interrupt`], progress polled for a bar, errors and
//! panics turned into `featrank.Error`, the library's notices into `warnings.warn`. No algorithm is written
//! here.

use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

mod args;
mod cluster;
mod critical_difference;
mod curves;
mod dataset;
mod errors;
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
mod splits;
mod stabilities;
mod synthetic;
mod table;
mod trade_off;

pub(crate) use errors::{to_py, Error};

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
    let category = errors::Class::Warning.get(py)?;
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
    errors::register(m)?;
    featrank::notice::set_sink(Some(collect));
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    settings::register(m)?;
    dataset::register(m)?;
    ranking::register(m)?;
    table::register(m)?;
    figure::register(m)?;
    synthetic::register(m)?;
    curves::register(m)?;
    splits::register(m)?;
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
