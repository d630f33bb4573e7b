//! Every default of a curve run and of a nested evaluation, defined once. The library's builders
//! ([`CurveSpec::new`](crate::eval::CurveSpec::new), [`RunOptions::default`](crate::eval::RunOptions),
//! [`NestedSpec::new`](crate::protocol::NestedSpec::new), the jobs), the CLI's flags and Python's
//! signatures take them from here (Python's, written out in its signatures, are compared with these by its
//! test suite; `tests/suite/cli.rs` runs one call with defaults only through the library and the CLI).
//!
//! ```
//! use featrank::eval::{defaults, Grid};
//! use featrank::resampling::Scheme;
//! use featrank::learners::{parse, Knn};
//! use featrank::method::Method;
//! assert_eq!(parse(defaults::LEARNER).unwrap().spec(), Knn::new().spec());
//! assert_eq!(defaults::GRID.parse::<Grid>().unwrap(), Grid::default());
//! assert_eq!(defaults::SCHEME.parse::<Scheme>().unwrap(), Scheme::KFold { folds: defaults::FOLDS });
//! ```

#[cfg(doc)]
use crate::eval::Grid;

/// The curve learner: kNN with k = 10, the papers' (\[P20\] §4).
pub const LEARNER: &str = "knn:k=10";
/// How the task is chosen: from the target's dtype ([`crate::data::TaskChoice::Auto`]).
pub const TASK: &str = "auto";
/// The resampling: stratified k-fold with [`FOLDS`] folds.
pub const SCHEME: &str = "kfold";
/// Folds of a k-fold (the papers' 10×10 CV).
pub use crate::resampling::plan::DEFAULT_FOLDS as FOLDS;
/// Repeats of a curve run's resampling.
pub const REPEATS: usize = 10;
/// The subset sizes of a curve: the papers' δ(i) schedule ([`Grid::default`] is what it reads as).
pub const GRID: &str = "paper";
/// Random rankings behind the expected curve.
pub const RANDOM_RANKINGS: usize = 100;
/// The seed of folds, random rankings, rankers and learners.
pub const SEED: u64 = 0;
/// Repeats of a nested evaluation's outer resampling.
pub const NESTED_REPEATS: usize = 1;
/// Folds of a nested evaluation's inner stratified CV.
pub const INNER_FOLDS: usize = 5;
/// How a nested evaluation chooses the subset size on each inner curve: one corrected standard error.
pub const RULE: &str = "1se";
