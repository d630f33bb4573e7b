//! Parallel work whose outcome does not depend on the number of threads — its errors included.
//!
//! Collecting a parallel iterator of `Result`s returns whichever error a thread met first, so a run where
//! several pieces fail could name a different one on every call. [`try_map`] names the first failing piece
//! in order, on any number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::error::Result;

/// `f(0), …, f(n − 1)` in parallel, the values in order; on failure, the error of the lowest failing index.
/// A piece after a failure already seen is skipped (a failing run does not do all its work first); every
/// piece before it still runs, so the lowest failing index is always the one reported.
///
/// ```
/// use featrank::{parallel::try_map, Error};
/// let squares = try_map(5, |i| Ok(i * i)).unwrap();
/// assert_eq!(squares, [0, 1, 4, 9, 16]);
/// let err = try_map(100, |i| if i % 7 == 3 { Err(Error::param("i", format!("{i}"))) } else { Ok(i) });
/// assert_eq!(err.unwrap_err().to_string(), "invalid parameter 'i': 3"); // always 3, never 10 or 17
/// ```
pub fn try_map<R: Send>(n: usize, f: impl Fn(usize) -> Result<R> + Sync + Send) -> Result<Vec<R>> {
    let first_failure = AtomicUsize::new(usize::MAX);
    let pieces: Vec<Option<Result<R>>> = (0..n)
        .into_par_iter()
        .map(|i| {
            if i > first_failure.load(Ordering::Relaxed) {
                return None;
            }
            let piece = f(i);
            if piece.is_err() {
                first_failure.fetch_min(i, Ordering::Relaxed);
            }
            Some(piece)
        })
        .collect();
    // Every index below the lowest failure ran, so in order an error comes before any skipped piece.
    let mut values = Vec::with_capacity(n);
    for piece in pieces.into_iter().flatten() {
        values.push(piece?);
    }
    Ok(values)
}
