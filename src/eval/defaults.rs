//! The constants behind the defaults of a curve run and of a nested evaluation. The typed descriptions hold
//! them — [`CurveOptions::default`](crate::eval::CurveOptions), [`CurveJob::default`](crate::protocol::CurveJob),
//! [`NestedOptions::default`](crate::protocol::NestedOptions) — and the CLI's flags (derived from those types)
//! and Python's signatures (read through `featrank._featrank._defaults()`) take them from there;
//! `tests/suite/cli.rs` runs one call with defaults only through the library and the CLI.
//!
//! ```
//! use featrank::prelude::*;
//! use featrank::eval::defaults;
//! assert_eq!(learners::parse(defaults::LEARNER).unwrap().spec(), Knn::new().spec());
//! assert_eq!(CurveOptions::default().evaluation.resampling, Resampling::new(Scheme::KFold { folds: defaults::FOLDS }, 10));
//! assert_eq!(CurveOptions::default().evaluation.grid, Grid::Paper);
//! ```

/// The curve learner: kNN with k = 10, the papers' (\[P20\] §4).
pub const LEARNER: &str = "knn:k=10";
/// How the task is chosen: from the target's dtype ([`crate::data::TaskChoice::Auto`]).
pub const TASK: &str = "auto";
/// Folds of a k-fold (the papers' 10×10 CV).
pub use crate::resampling::scheme::DEFAULT_FOLDS as FOLDS;
/// Repeats of a curve run's resampling.
pub use crate::resampling::scheme::DEFAULT_REPEATS as REPEATS;
/// Random rankings behind the expected curve.
pub const EXPECTED: usize = 100;
/// The seed of folds, random rankings, rankers and learners.
pub const SEED: u64 = 0;
/// Repeats of a nested evaluation's outer resampling.
pub const NESTED_REPEATS: usize = 1;
/// Folds of a nested evaluation's inner stratified CV.
pub const INNER_FOLDS: usize = 5;
