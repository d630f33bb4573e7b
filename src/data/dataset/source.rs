//! Where a dataset's feature values come from: a dataset's own (an identity, new for every dataset whose values
//! are built), or rows of one ([`Dataset::take_rows`]): what lets a user's method in another process read a
//! split's training rows from a copy of the whole data it already holds, sent once, instead of the rows
//! themselves sent with every split.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::Dataset;

/// The identity of a dataset's feature values and, for rows taken from it, which rows.
#[derive(Debug, Clone)]
pub(super) struct Source {
    id: u64,
    /// `None`: the dataset's values are its own; else row `i` is row `rows[i]` of the dataset `id`.
    rows: Option<Arc<[usize]>>,
}

impl Source {
    /// A new identity: for a dataset whose feature values were just built.
    pub(super) fn new() -> Source {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Source { id: NEXT.fetch_add(1, Ordering::Relaxed), rows: None }
    }

    /// The source of `rows` of a dataset with this source: the same values, their rows composed (rows of rows of
    /// a dataset are rows of that dataset).
    pub(super) fn take(&self, rows: &[usize]) -> Source {
        let rows = match &self.rows {
            Some(mine) => rows.iter().map(|&r| mine[r]).collect(),
            None => rows.into(),
        };
        Source { id: self.id, rows: Some(rows) }
    }
}

impl Dataset {
    /// `(identity, rows)`: the identity of the dataset whose feature values these are, and `None` when they are
    /// this dataset's own, or which of its rows these rows are (row `i` is row `rows[i]` there) when this
    /// dataset was made by [`Dataset::take_rows`], from it or from rows of it. Every dataset whose feature
    /// values are built (read, selected, mixed) gets a new identity; clones and changes of the target, the
    /// groups or the time order keep it.
    ///
    /// ```
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let (id, rows) = iris.source();
    /// assert!(rows.is_none());
    /// let train = iris.take_rows(&[10, 20, 30, 40]).unwrap().take_rows(&[3, 1]).unwrap();
    /// assert_eq!(train.source(), (id, Some(&[40, 20][..])));
    /// assert_ne!(iris.select_features(&["sepallength"]).unwrap().source().0, id);
    /// ```
    pub fn source(&self) -> (u64, Option<&[usize]>) {
        (self.source.id, self.source.rows.as_deref())
    }
}
