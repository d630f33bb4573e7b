//! The [`Ranker`] trait: what every feature-ranking method implements, and the one checking path all of
//! them go through. What it states about itself (spec, tasks, parameters, reference) is its
//! [`Method`](crate::method::Method) supertrait, shared with [`Learner`](crate::learners::Learner).
//!
//! Checking runs once, before any work: [`Ranker::scores`] (and [`Ranker::rank`], which calls it) refuses
//! data of the wrong task, fewer than two rows or a single class, then runs the ranker's own
//! [`Ranker::check`] of its parameters against the data, and only then hands a [`Checked`] dataset to
//! [`Ranker::scores_checked`]. A [`Checked`] can only be made here, so no caller reaches a ranker's work
//! without the checks.

use std::sync::Arc;

use crate::data::{Dataset, Frame, Ranking, Task};
use crate::error::{Error, Result};
use crate::memory::{self, F64};
use crate::method::Method;

/// A dataset that has passed a ranker's checks (made only by [`Ranker::scores`]); derefs to [`Dataset`].
#[derive(Debug, Clone, Copy)]
pub struct Checked<'a> {
    data: &'a Dataset,
}

impl<'a> Checked<'a> {
    /// The checked dataset.
    pub fn dataset(&self) -> &'a Dataset {
        self.data
    }
}

impl std::ops::Deref for Checked<'_> {
    type Target = Dataset;
    fn deref(&self) -> &Dataset {
        self.data
    }
}

/// A feature-ranking method: what it states about itself is its [`Method`] supertrait; its work is
/// [`Ranker::scores_checked`], reached through the checks of [`Ranker::scores`].
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, ReliefF};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let r = ReliefF::new().rank(&iris, 0).unwrap();
/// assert_eq!(r.name(), "relieff");
/// assert!(r.order()[..2].contains(&"petalwidth".to_string()));
/// ```
pub trait Ranker: Method {
    /// Check the ranker's parameters against `data` before any work (the task, row and class checks have
    /// already passed). The default accepts.
    fn check(&self, data: &Dataset) -> Result<()> {
        let _ = data;
        Ok(())
    }

    /// The bytes the ranker's work holds at most on `data`, beyond the data itself — an upper bound,
    /// checked against the memory limit before any work ([`crate::memory`]). The default counts one copy
    /// of the data as it is stored (and, for sparse data, a dense column per thread); rankers that hold
    /// quadratic structures say so.
    fn memory(&self, data: &Dataset) -> u64 {
        let columns =
            if data.is_sparse() { F64 * data.n_rows() as u64 * rayon::current_num_threads() as u64 } else { 0 };
        data.feature_bytes().saturating_add(columns)
    }

    /// Whether the ranker works on sparse features as they are held (see
    /// [`SparseMatrix`](crate::data::dataset::SparseMatrix)) — scoring one feature at a time, it holds one dense
    /// column per thread, never the matrix. A ranker that does not is given a dense copy of sparse data, after the
    /// memory check ([`Ranker::scores`]). The default: it does not.
    fn accepts_sparse(&self) -> bool {
        false
    }

    /// What to say to a user whose data has a task this ranker does not take (`None`: the general advice).
    /// Problem transformations say which target their base ranker was handed.
    fn unsupported_hint(&self, _task: Task) -> Option<String> {
        None
    }

    /// The ranker's work: one relevance score per feature of data that passed every check, in the
    /// dataset's feature order; higher = more relevant. Implement this; call [`Ranker::scores`].
    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>>;

    /// Run every check — the task, at least two rows, the values' magnitudes
    /// ([`Dataset::check_magnitudes`]), two classes present (classification), then
    /// [`Ranker::check`], then the [`Ranker::memory`] estimate against the memory limit — and return the
    /// data as [`Checked`]. The one way to make a [`Checked`].
    fn checked<'a>(&self, data: &'a Dataset) -> Result<Checked<'a>> {
        // a wrapper's name (`relieff-br-mean`) is no text the user wrote: name it by its spec
        let (name, spec) = (self.name(), self.spec().to_string());
        let named = if spec.split(':').next() == Some(name.as_str()) { name } else { spec };
        self.spec().check_values(self.parameters())?; // the parameters on their own, however it was built
        check_data(&named, self.supports(data.task()), self.unsupported_hint(data.task()), data)?;
        self.check(data)?;
        let densified = data.is_sparse() && !self.accepts_sparse();
        let copy = if densified { data.dense_bytes() } else { 0 };
        memory::check(self.memory(data).saturating_add(copy), || {
            let dense =
                if densified { " (it has no sparse algorithm: a dense copy of the sparse features)" } else { "" };
            format!("{} on {} rows × {} features{dense}", self.spec(), data.n_rows(), data.n_features())
        })?;
        Ok(Checked { data })
    }

    /// One relevance score per feature, in the dataset's feature order; higher = more relevant. Runs the
    /// checks, then [`Ranker::scores_checked`].
    ///
    /// Sparse features reach a ranker that does not [accept them](Ranker::accepts_sparse) as a dense copy,
    /// made after the memory check (refused by name with the numbers when it does not fit).
    fn scores(&self, data: &Dataset, seed: u64) -> Result<Vec<f64>> {
        if data.is_sparse() && !self.accepts_sparse() {
            self.checked(data)?;
            let dense = data.densify(&format!("{} (it has no sparse algorithm)", self.spec()))?;
            return self.scores(&dense, seed);
        }
        let scores = self.scores_checked(self.checked(data)?, seed)?;
        if scores.len() != data.n_features() {
            return Err(Error::param(
                "ranker",
                format!("{} gave {} scores for {} features", self.name(), scores.len(), data.n_features()),
            ));
        }
        Ok(scores)
    }

    /// The ranking: features by descending score, ties in the dataset's feature order.
    fn rank(&self, data: &Dataset, seed: u64) -> Result<Ranking> {
        let scores = self.scores(data, seed)?;
        Ok(Ranking::from_scores(data.feature_names(), &scores)?.with_name(self.name()))
    }

    /// The ranking as a table in rank order: `feature, score, rank`, then whatever the method measures
    /// beside the score (permutation importance: its spread and interval; shadow features: p-value,
    /// q-value and verdict). What `featrank rank` writes.
    fn table(&self, data: &Dataset, seed: u64) -> Result<Frame> {
        self.rank(data, seed)?.to_polars()
    }
}

macro_rules! forward_ranker {
    ($($t:ty),*) => {$(
        impl<R: Ranker + ?Sized> Ranker for $t {
            fn check(&self, data: &Dataset) -> Result<()> {
                (**self).check(data)
            }
            fn memory(&self, data: &Dataset) -> u64 {
                (**self).memory(data)
            }
            fn accepts_sparse(&self) -> bool {
                (**self).accepts_sparse()
            }
            fn unsupported_hint(&self, task: Task) -> Option<String> {
                (**self).unsupported_hint(task)
            }
            fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
                (**self).scores_checked(data, seed)
            }
            fn table(&self, data: &Dataset, seed: u64) -> Result<Frame> {
                (**self).table(data, seed)
            }
        }
    )*};
}
// Boxed, shared and borrowed rankers are rankers, so notebooks pass them without wrapping.
forward_ranker!(Box<R>, Arc<R>, &R);

/// Refuse data a ranker cannot rank: the wrong task, fewer than two rows, or (classification) fewer than
/// two classes present.
fn check_data(name: &str, supported: bool, hint: Option<String>, data: &Dataset) -> Result<()> {
    let task = data.task();
    if !supported {
        let hint = hint.unwrap_or_else(|| {
            match task {
                Task::Regression => "use rrelieff or forest for a numeric target",
                Task::Classification => "use relieff for a class target",
                Task::Survival => {
                    "use univariate-cox or variance for a survival target, or permutation:learner=(cox) around any"
                }
                _ => "use relieff, or binary-relevance:base=(…) or label-powerset:base=(…) for any other ranker",
            }
            .into()
        });
        return Err(Error::UnsupportedTask { method: name.to_string(), task, hint });
    }
    if data.n_rows() < 2 {
        return Err(Error::EmptyData { what: format!("{} needs at least 2 rows, got {}", name, data.n_rows()) });
    }
    data.check_magnitudes()?;
    if let Some(counts) = data.class_counts() {
        if counts.iter().filter(|&&c| c > 0).count() < 2 {
            return Err(Error::target(
                data.target_name(),
                format!("{} needs at least two classes with rows; the data has one", name),
            ));
        }
    }
    Ok(())
}
