//! Resampling, below the methods: how rows are split into training and test rows ([`CvPlan`]: k-fold,
//! stratified or not, holdout, bootstrap; iterative stratification for target sets), what a split is
//! ([`Fold`]) and what is predicted on it ([`Prediction`]), and how predictions are scored ([`Measure`]).
//! Learners fit and predict on a [`Fold`]; rankers that cross-validate (consensus, permutation importance)
//! and the evaluation layer split with a [`CvPlan`].

#[cfg(feature = "cli")]
mod flags;
mod fold;
mod grouped;
pub mod measure;
pub mod plan;
pub mod scheme;
mod stratification;
mod time;

pub use fold::{Fold, Prediction};
pub(crate) use grouped::{bootstrap_sample, fewest_groups_of_a_class, units};
pub use measure::Measure;
pub use plan::{CvPlan, OutOfFold};
pub use scheme::{Kept, Resampling, Scheme};
