//! Progress of long runs, reported on stderr (a terminal shows one updating line; Jupyter shows the
//! stderr stream under the cell). At most one report per second, plus a final one.
//!
//! A front end on another thread (the Python layer's progress bar) polls [`watch`] instead, and stops a
//! run with [`interrupt`]: long loops call [`check_interrupt`] between their work items and return
//! [`Error::Interrupted`].
//!
//! ```
//! use featrank::progress::{self, Progress};
//! let p = Progress::new("curves", 10, false);
//! p.tick();
//! assert_eq!(p.done(), 1);
//! assert_eq!(progress::watch(), ("curves".to_string(), 1, 10));
//! ```

use crate::error::{Error, Result};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static WATCH_DONE: AtomicUsize = AtomicUsize::new(0);
static WATCH_TOTAL: AtomicUsize = AtomicUsize::new(0);
static WATCH_LABEL: Mutex<String> = Mutex::new(String::new());

/// Ask the running work to stop: its loops return [`Error::Interrupted`] at their next check. The request
/// holds until [`clear_interrupt`].
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Withdraw an [`interrupt`] request (before the next run).
pub fn clear_interrupt() {
    INTERRUPTED.store(false, Ordering::SeqCst);
}

/// `Err(Error::Interrupted)` naming `what` when an [`interrupt`] was requested; loops call it between
/// work items.
///
/// ```
/// use featrank::progress;
/// progress::interrupt();
/// assert!(progress::check_interrupt("curves").is_err());
/// progress::clear_interrupt();
/// assert!(progress::check_interrupt("curves").is_ok());
/// ```
pub fn check_interrupt(what: &str) -> Result<()> {
    if INTERRUPTED.load(Ordering::Relaxed) {
        return Err(Error::Interrupted { what: what.to_string() });
    }
    Ok(())
}

/// The latest [`Progress`] of this process: its label, items done and items in all.
pub fn watch() -> (String, usize, usize) {
    let label = WATCH_LABEL.lock().map(|l| l.clone()).unwrap_or_default();
    (label, WATCH_DONE.load(Ordering::Relaxed), WATCH_TOTAL.load(Ordering::Relaxed))
}

/// A thread-safe counter of finished work items that reports on stderr.
#[derive(Debug)]
pub struct Progress {
    label: String,
    total: usize,
    done: AtomicUsize,
    enabled: bool,
    start: Instant,
    last: Mutex<Instant>,
}

impl Progress {
    /// A reporter for `total` items; silent unless `enabled`.
    pub fn new(label: &str, total: usize, enabled: bool) -> Progress {
        if let Ok(mut l) = WATCH_LABEL.lock() {
            *l = label.to_string();
        }
        WATCH_DONE.store(0, Ordering::Relaxed);
        WATCH_TOTAL.store(total, Ordering::Relaxed);
        Progress {
            label: label.to_string(),
            total,
            done: AtomicUsize::new(0),
            enabled,
            start: Instant::now(),
            last: Mutex::new(Instant::now()),
        }
    }

    /// Items finished so far.
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// One more item finished.
    pub fn tick(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        WATCH_DONE.store(done, Ordering::Relaxed);
        if !self.enabled {
            return;
        }
        let finished = done == self.total;
        if let Ok(mut last) = self.last.lock() {
            if !finished && last.elapsed().as_secs_f64() < 1.0 {
                return;
            }
            *last = Instant::now();
        }
        let elapsed = self.start.elapsed().as_secs_f64();
        let pct = 100.0 * done as f64 / self.total.max(1) as f64;
        let eta = if done > 0 { elapsed * (self.total - done) as f64 / done as f64 } else { 0.0 };
        let line = format!("{}: {done}/{} ({pct:.0}%), {elapsed:.0}s elapsed, ~{eta:.0}s left", self.label, self.total);
        let mut err = std::io::stderr().lock();
        let _ = if std::io::stderr().is_terminal() {
            write!(err, "\r{line}{}", if finished { "\n" } else { "" })
        } else {
            writeln!(err, "{line}")
        };
    }
}
