//! Progress of long runs, reported on stderr (a terminal shows one updating line; Jupyter shows the
//! stderr stream under the cell). At most one report per second, plus a final one.
//!
//! ```
//! let p = featrank::progress::Progress::new("curves", 10, false);
//! p.tick();
//! assert_eq!(p.done(), 1);
//! ```

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

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
