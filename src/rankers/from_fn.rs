//! A user's own ranking method as a [`Ranker`]: a closure from the training rows to one score per feature
//! ([`from_fn`]). It runs wherever a ranker runs — [`Ranker::rank`], per-fold candidates of a curve run
//! ([`crate::eval::Candidate::per_fold`]), nested evaluation ([`crate::protocol::NestedSpec::ranker`]),
//! ensembles — with the same checks before it and its output checked after it: one finite score per
//! feature. What it returns wrong, or a panic inside it, is an [`Error::External`] naming it (and, inside a
//! curve run, the repeat and split). Python's own functions and estimators, linfa models
//! (`rankers::LinfaRanker`) and external programs ([`crate::rankers::Command`])
//! are rankers of this kind.
//!
//! Scores that are not finite are refused by default: a NaN has no place in an order, and ±inf usually
//! means a statistic divided by a zero variance. [`NonFinite::Lowest`] ranks them last instead (NaN and
//! −inf below every finite score, +inf kept first), as scikit-learn's `SelectKBest` treats NaN.

use std::panic::{catch_unwind, AssertUnwindSafe};

use super::{Checked, Ranker};
use crate::data::Dataset;
use crate::error::{panic_text, Error, Result};
use crate::method::Method;
use crate::spec::Spec;
use crate::task::Task;

/// What a user's method may do with scores that are not finite (NaN, ±inf).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NonFinite {
    /// Refuse them, naming the method and the feature (the default).
    #[default]
    Refuse,
    /// Rank NaN and −inf last (in feature order) and +inf first, as scikit-learn's `SelectKBest` treats NaN.
    Lowest,
}

/// A ranker from a closure `f(training data, seed) -> scores` ([`from_fn`]).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{from_fn, NonFinite};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let bad = from_fn("half", |d: &Dataset, _| Ok(vec![f64::NAN; d.n_features()]));
/// assert!(bad.rank(&iris, 0).unwrap_err().to_string().contains("half failed: NaN score for feature 'sepallength'"));
/// let lenient = bad.nonfinite(NonFinite::Lowest);
/// assert_eq!(lenient.rank(&iris, 0).unwrap().order()[0], "sepallength"); // all tied: feature order
/// ```
pub struct FnRanker<F> {
    name: String,
    tasks: Vec<Task>,
    nonfinite: NonFinite,
    sparse: bool,
    f: F,
}

/// A ranker whose work is the closure `f`: given the rows it ranks (a split's training rows inside a curve
/// run) and a seed for its random choices, one score per feature in the data's feature order, higher = more
/// relevant. Named `name` in results; it handles classification and regression unless [`FnRanker::tasks`]
/// says otherwise.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::from_fn;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// // the variance of each feature, as a ranker
/// let variance = from_fn("variance", |d: &Dataset, _seed| {
///     Ok((0..d.n_features()).map(|j| d.feature(j).var(0.0)).collect())
/// });
/// assert_eq!(variance.rank(&iris, 0).unwrap().order()[0], "petallength");
/// let curves = CurveSpec::new(Knn::new()).folds(5).expected(0)
///     .evaluate_all(&iris, &[Candidate::per_fold(variance)]).unwrap();
/// assert_eq!(curves.rankings(), ["variance"]);
/// ```
pub fn from_fn<F>(name: impl Into<String>, f: F) -> FnRanker<F>
where
    F: Fn(&Dataset, u64) -> Result<Vec<f64>> + Send + Sync,
{
    let tasks = vec![Task::Classification, Task::Regression];
    FnRanker { name: name.into(), tasks, nonfinite: NonFinite::Refuse, sparse: false, f }
}

impl<F> FnRanker<F> {
    /// The tasks it handles (default classification and regression); others are refused before it runs.
    pub fn tasks(mut self, tasks: &[Task]) -> Self {
        self.tasks = tasks.to_vec();
        self
    }

    /// What to do with scores that are not finite (default: refuse them).
    pub fn nonfinite(mut self, rule: NonFinite) -> Self {
        self.nonfinite = rule;
        self
    }

    /// The closure takes sparse features as they are held (it reads [`Dataset::sparse`]); by default sparse data
    /// reaches it as a dense copy, made after the memory check.
    pub fn sparse(mut self, takes: bool) -> Self {
        self.sparse = takes;
        self
    }
}

impl<F> std::fmt::Debug for FnRanker<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FnRanker").field("name", &self.name).field("tasks", &self.tasks).finish_non_exhaustive()
    }
}

impl<F: Send + Sync> Method for FnRanker<F> {
    /// The name it was given, as the method of a spec with no parameters (a user's method cannot be rebuilt
    /// from text: results record its name).
    fn spec(&self) -> Spec {
        Spec::new(&self.name)
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn supports(&self, task: Task) -> bool {
        self.tasks.contains(&task)
    }
}

impl<F> Ranker for FnRanker<F>
where
    F: Fn(&Dataset, u64) -> Result<Vec<f64>> + Send + Sync,
{
    /// As it was built ([`FnRanker::sparse`]).
    fn accepts_sparse(&self) -> bool {
        self.sparse
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let scores = match catch_unwind(AssertUnwindSafe(|| (self.f)(data, seed))) {
            Ok(scores) => scores?,
            Err(payload) => return Err(Error::external(&self.name, format!("panicked: {}", panic_text(&*payload)))),
        };
        checked_scores(&self.name, data, scores, self.nonfinite)
    }
}

/// A user's method's scores held to featrank's contract: one per feature, finite unless `rule` says how to
/// rank the others. Every door of a user's method (closures, Python, programs) goes through here.
pub(crate) fn checked_scores(name: &str, data: &Dataset, mut scores: Vec<f64>, rule: NonFinite) -> Result<Vec<f64>> {
    let n = data.n_features();
    if scores.len() != n {
        return Err(Error::external(name, format!("gave {} scores for {n} features", scores.len())));
    }
    match rule {
        NonFinite::Refuse => {
            if let Some(j) = scores.iter().position(|s| !s.is_finite()) {
                let what = if scores[j].is_nan() { "NaN".to_string() } else { format!("{}", scores[j]) };
                return Err(Error::external(
                    name,
                    format!(
                        "{what} score for feature '{}' (scores must be finite; to rank such features last, \
                         ask for non-finite scores to rank lowest)",
                        data.feature_names()[j]
                    ),
                ));
            }
        }
        NonFinite::Lowest => {
            for s in scores.iter_mut().filter(|s| s.is_nan()) {
                *s = f64::NEG_INFINITY;
            }
        }
    }
    Ok(scores)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iris() -> Dataset {
        crate::data::datasets::load("iris").unwrap().dataset().unwrap()
    }

    #[test]
    fn wrong_output_and_panics_are_errors_naming_the_method() {
        let data = iris();
        let short = from_fn("short", |_: &Dataset, _| Ok(vec![1.0]));
        let e = short.rank(&data, 0).unwrap_err();
        assert!(matches!(e, Error::External { .. }) && e.to_string() == "short failed: gave 1 scores for 4 features");
        let inf = from_fn("inf", |d: &Dataset, _| Ok(vec![f64::INFINITY; d.n_features()]));
        assert!(inf.rank(&data, 0).unwrap_err().to_string().contains("inf score for feature 'sepallength'"));
        let boom = from_fn("boom", |_: &Dataset, _| -> Result<Vec<f64>> { panic!("no luck") });
        assert_eq!(boom.rank(&data, 0).unwrap_err().to_string(), "boom failed: panicked: no luck");
        let regression_only = from_fn("r", |d: &Dataset, _| Ok(vec![0.0; d.n_features()])).tasks(&[Task::Regression]);
        assert!(matches!(regression_only.rank(&data, 0).unwrap_err(), Error::UnsupportedTask { .. }));
    }

    #[test]
    fn lowest_ranks_nan_last_and_infinity_first() {
        let data = iris();
        let f = from_fn("mixed", |_: &Dataset, _| Ok(vec![f64::NAN, 1.0, f64::INFINITY, f64::NEG_INFINITY]))
            .nonfinite(NonFinite::Lowest);
        assert_eq!(f.rank(&data, 0).unwrap().order(), ["petallength", "sepalwidth", "sepallength", "petalwidth"]);
    }
}
