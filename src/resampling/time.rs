//! Plans that follow the rows' order in time ([`TimeOrder`](crate::data::dataset::TimeOrder)): no future row
//! trains a model tested on the past.
//!
//! - **Time series** (forward chaining, scikit-learn's `TimeSeriesSplit`): of n rows in time order, the last
//!   k · t form k consecutive test blocks of t rows (t = ⌊n / (k + 1)⌋ unless given); split i trains on the rows
//!   before its block less a `gap` of rows between them — all of them (an expanding window) or the last
//!   `max_train` (a sliding one). The rows before the first block are never tested.
//! - **Blocked k-fold** (Bergmeir & Benítez 2012, *Inf. Sci.* 191): k contiguous blocks in time order (sizes as
//!   `numpy.array_split` makes them), each the test set once; the others train.

use crate::error::{Error, Result};

/// The code of a row no split of a time-series plan tests.
pub(super) const NOT_TESTED: u32 = u32::MAX;

/// A time-series plan's codes: per row (by `positions`, the rows in time order), the test block that holds it
/// or [`NOT_TESTED`]; errors name the parameter that makes the splits impossible.
pub(super) fn series(positions: &[usize], folds: usize, gap: usize, test: usize) -> Result<Vec<u32>> {
    let n = positions.len();
    if folds >= n {
        return Err(Error::param(
            "folds",
            format!("{folds} time-series splits need at least {} rows; there are {n}", folds.saturating_add(1)),
        ));
    }
    let t = test_size(n, folds, test);
    if n <= gap.saturating_add(t.saturating_mul(folds)) {
        return Err(Error::param(
            "folds",
            format!(
                "{folds} test blocks of {t} rows and a gap of {gap} leave no row to train on among {n}: use fewer \
                 folds, a smaller test block or gap"
            ),
        ));
    }
    let first = n - folds * t;
    let mut code = vec![NOT_TESTED; n];
    for (p, &row) in positions.iter().enumerate().skip(first) {
        code[row] = ((p - first) / t) as u32;
    }
    Ok(code)
}

/// Rows per test block: `test`, or ⌊n / (folds + 1)⌋ when 0.
pub(super) fn test_size(n: usize, folds: usize, test: usize) -> usize {
    if test > 0 {
        test
    } else {
        n / (folds + 1)
    }
}

/// The training positions of the split whose test block starts at position `start`: before it less `gap`, the
/// last `max_train` of them when `max_train` > 0.
pub(super) fn train_window(start: usize, gap: usize, max_train: usize) -> std::ops::Range<usize> {
    let end = start.saturating_sub(gap);
    let begin = if max_train > 0 { end.saturating_sub(max_train) } else { 0 };
    begin..end
}

/// A blocked k-fold's codes: the block of each row, blocks contiguous in time order.
pub(super) fn blocked(positions: &[usize], folds: usize) -> Result<Vec<u32>> {
    let n = positions.len();
    if folds > n {
        return Err(Error::param("folds", format!("{folds} blocks for {n} rows: each block needs at least one row")));
    }
    // numpy.array_split: the first n mod k blocks one row longer
    let (size, extra) = (n / folds, n % folds);
    let mut code = vec![0u32; n];
    let mut p = 0;
    for b in 0..folds {
        let len = size + usize::from(b < extra);
        positions[p..p + len].iter().for_each(|&row| code[row] = b as u32);
        p += len;
    }
    Ok(code)
}
