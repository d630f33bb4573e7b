//! Binary relevance (Tsoumakas & Katakis 2007) around any single-target learner: one model per label or
//! target, fitted on the same training rows with the same features, its predictions kept per target.
//!
//! A label absent from (or present in every row of) a training fold — common for rare labels under
//! cross-validation — has nothing to learn: every test row gets the one class seen, with score 1, and the
//! base learner is not asked. kNN needs no wrapper (it votes every target from one neighbour search,
//! [`super::Knn`]); this one is for the rest (`binary-relevance:base=(nb)`, `br:base=(svm)`). Target t's
//! model draws from the seed stream `(fold seed, t)`.

use super::{CheckedFold, Learner};
use crate::data::{Dataset, Target, Task};
use crate::error::{Error, Result};
use crate::memory::F64;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::{Fold, Prediction};
use crate::spec::Spec;

/// A single-target learner per target of a target set (module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::BinaryRelevance;
/// use featrank::resampling::{Fold, Prediction};
/// // x0 decides label a, x1 label b.
/// let df = df!("x0" => [0.0, 0.1, 0.9, 1.0, 0.05, 0.95], "x1" => [0.2, 0.9, 0.1, 0.8, 0.85, 0.15],
///              "a" => [0, 0, 1, 1, 0, 1], "b" => [0, 1, 0, 1, 1, 0]).unwrap();
/// let data = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap();
/// let br = BinaryRelevance::new(NaiveBayes::new());
/// assert_eq!(br.spec().to_string(), "binary-relevance:base=nb");
/// let fold = Fold { data: &data, train: &[0, 1, 2, 3], test: &[4, 5], seed: 0 };
/// let Prediction::Set(each) = br.fit_predict(&fold, &[0, 1]).unwrap() else { unreachable!() };
/// assert!(matches!(&each[0], Prediction::Classes { labels, .. } if labels == &[0, 1]));
/// assert!(matches!(&each[1], Prediction::Classes { labels, .. } if labels == &[1, 0]));
/// ```
#[derive(Debug)]
pub struct BinaryRelevance {
    base: Box<dyn Learner>,
}

/// The keys of binary relevance.
const PARAMS: &[Param] =
    &[Param::new("base", Values::Spec("learner"), "the single-target learner fitted for every target")];

impl BinaryRelevance {
    /// `base` fitted once per target.
    pub fn new(base: impl Learner + 'static) -> BinaryRelevance {
        BinaryRelevance { base: Box::new(base) }
    }

    /// From the spec `binary-relevance:base=(SPEC)` (`base` is required).
    pub fn from_spec(s: &Spec) -> Result<BinaryRelevance> {
        s.check_params(PARAMS)?;
        let base = s.value("base").ok_or_else(|| {
            Error::param("base", format!("{} needs a base learner, e.g. binary-relevance:base=(nb)", s.method()))
        })?;
        Ok(BinaryRelevance { base: crate::spec::nested("base", super::parse(base))? })
    }

    /// The base learner.
    pub fn base(&self) -> &dyn Learner {
        self.base.as_ref()
    }

    /// Target `t`'s predictions at every size: the base learner's, or the one class its training rows
    /// show.
    fn one_target(&self, fold: &Fold<'_>, t: usize, order: &[usize], sizes: &[usize]) -> Result<Vec<Prediction>> {
        let target = &fold.data.targets()[t];
        if let Target::Classes { codes, names } = target {
            let first = codes[fold.train[0]];
            if fold.train.iter().all(|&r| codes[r] == first) {
                let mut only = Prediction::empty(target, fold.test.len());
                if let Prediction::Classes { labels, scores } = &mut only {
                    labels.fill(first);
                    scores.chunks_mut(names.len()).for_each(|s| s[first] = 1.0);
                }
                return Ok(vec![only; sizes.len()]);
            }
        }
        let one = fold.data.for_target(t)?;
        let seed = rand::Rng::r#gen(&mut crate::seed::rng_for(fold.seed, &[t as u64]));
        self.base.fit_predict_nested(&Fold { data: &one, seed, ..*fold }, order, sizes).map_err(|e| {
            let name = fold.data.target_names()[t];
            Error::param("base", format!("{} on target '{name}': {}", self.base.name(), e.message()))
        })
    }
}

impl Method for BinaryRelevance {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Tsoumakas & Katakis 2007, IJDWM 3(3)"
    }

    fn spec(&self) -> Spec {
        Spec::new("binary-relevance").with("base", self.base.spec())
    }

    fn name(&self) -> String {
        format!("{}-br", self.base.name())
    }

    fn supports(&self, task: Task) -> bool {
        task.member().is_some_and(|t| self.base.supports(t))
    }
}

impl Learner for BinaryRelevance {
    /// The base learner's checks on every target alone.
    fn check(&self, data: &Dataset, min_train: usize) -> Result<()> {
        (0..data.n_targets()).try_for_each(|t| self.base.check_data(&data.for_target(t)?, min_train))
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        super::one_size(self, fold, features)
    }

    /// A copy of the data with one target, the base learner's working set, and every target's predictions.
    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        let copy = data.feature_bytes();
        let outputs: u64 = data
            .targets()
            .iter()
            .map(|t| match t {
                Target::Classes { names, .. } => names.len() as u64 + 1,
                _ => 1,
            })
            .sum();
        copy + self.base.memory(data, train, test) + F64 * test as u64 * outputs
    }

    fn fit_predict_nested_checked(
        &self,
        fold: &CheckedFold<'_>,
        order: &[usize],
        sizes: &[usize],
    ) -> Result<Vec<Prediction>> {
        let mut per_size: Vec<Vec<Prediction>> = sizes.iter().map(|_| Vec::new()).collect();
        for t in 0..fold.data.n_targets() {
            for (size, p) in per_size.iter_mut().zip(self.one_target(fold, t, order, sizes)?) {
                size.push(p);
            }
        }
        Ok(per_size.into_iter().map(Prediction::Set).collect())
    }
}
