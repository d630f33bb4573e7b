//! Feature-weighted kNN: feature weights as a utility (thesis §7.2) — [`Knn`]'s distance with each
//! feature's squared difference multiplied by its weight,
//!
//! ```text
//! d(a, b)² = Σ_j w_j · diff_j(a, b)²,   w_j = max(s_j, 0) / max_i s_i
//! ```
//!
//! where s are a ranker's scores computed on the **training fold** only (so a curve or a nested evaluation
//! stays honest), and diff is IBk's (min-max scaled by the training fold, Weka's rules for nominal and
//! missing values). Negative scores weigh 0 (a ReliefF weight below 0 says the feature separates neighbours
//! of the same class); if no score is positive every weight is 1, plain kNN. The weights are relevance
//! scores, so use rankers whose score is one (ReliefF, Fisher, information gain, forest importance); a
//! ranker that only orders features (SVM-RFE's elimination step) gives weights of no meaning.
//! Weighting by relevance is the classic remedy for kNN's sensitivity to irrelevant features (Wettschereck,
//! Aha & Mohri 1997, "A review and empirical evaluation of feature weighting methods for a class of lazy
//! learning algorithms", AI Review 11).

use std::sync::Arc;

use super::{CheckedFold, Knn, KnnTies, Learner};
use crate::data::{Dataset, Task};
use crate::error::{Error, Result};
use crate::memory::F64;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::rankers::Ranker;
use crate::resampling::{Fold, Prediction};
use crate::spec::Spec;

/// kNN whose distance weighs each feature by a ranker's score on the training fold; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::WeightedKnn;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let wknn = WeightedKnn::new(ReliefF::new()).k(5);
/// assert_eq!(wknn.spec().to_string(), "weighted-knn:k=5,ties=all,weights=(relieff:k=10,m=all,convention=weka)");
/// let curves = CurveSpec::new(wknn).folds(5).expected(0).evaluate_all(&iris, &[Candidate::per_fold(ReliefF::new())]).unwrap();
/// assert!(curves.get("relieff", CurveKind::Ffa).unwrap().mean[3] > 0.9);
/// ```
#[derive(Debug, Clone)]
pub struct WeightedKnn {
    knn: Knn,
    weights: Arc<dyn Ranker>,
}

impl WeightedKnn {
    /// k = 10 neighbours, IBk's tie rule, feature weights from `weights`' scores.
    pub fn new(weights: impl Ranker + 'static) -> WeightedKnn {
        WeightedKnn { knn: Knn::new(), weights: Arc::new(weights) }
    }

    /// The number of neighbours k (≥ 1).
    pub fn k(mut self, k: usize) -> WeightedKnn {
        self.knn = self.knn.k(k);
        self
    }

    /// Which rows tied with the k-th nearest take part ([`KnnTies`]).
    pub fn ties(mut self, ties: KnnTies) -> WeightedKnn {
        self.knn = self.knn.ties(ties);
        self
    }

    /// From the spec `weighted-knn:k=10,ties=all,weights=(relieff)` (weights default: `relieff`).
    pub fn from_spec(s: &Spec) -> Result<WeightedKnn> {
        s.check_params(PARAMS)?;
        let knn = Knn::new().k(s.get("k", 10)?).ties(s.get("ties", KnnTies::All)?).validated()?;
        let weights: Arc<dyn Ranker> =
            crate::spec::nested("weights", crate::rankers::parse(s.value("weights").unwrap_or("relieff")))?.into();
        Ok(WeightedKnn { knn, weights })
    }

    /// w_j = max(s_j, 0) / max s of the ranker's scores on the fold's training rows (all 1 when no score
    /// is positive).
    fn weights(&self, fold: &Fold<'_>) -> Result<Vec<f64>> {
        let scores = self.weights.scores(&fold.data.take_rows(fold.train)?, fold.seed)?;
        let top = scores.iter().copied().filter(|s| s.is_finite()).fold(0.0, f64::max);
        Ok(scores
            .iter()
            .map(|&s| {
                if top > 0.0 {
                    if s.is_finite() {
                        s.max(0.0) / top
                    } else {
                        0.0
                    }
                } else {
                    1.0
                }
            })
            .collect())
    }
}

/// The keys of feature-weighted kNN.
const PARAMS: &[Param] = &[
    Param::new("k", Values::whole(1), "neighbours that vote (at most the smallest training fold)"),
    Param::new("ties", Values::Words(KnnTies::WORDS), "rows as near as the k-th: all of them vote or the first"),
    Param::new("weights", Values::Spec("ranker"), "the ranker whose scores on the training rows weigh the features"),
];

impl Method for WeightedKnn {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Wettschereck, Aha & Mohri 1997, Artif Intell Rev 11"
    }

    fn spec(&self) -> Spec {
        Spec::new("weighted-knn")
            .with("k", self.knn.neighbours())
            .with("ties", self.knn.tie_rule())
            .with("weights", self.weights.spec())
    }

    /// Both tasks, given weights for the task (`relieff` for classes, `rrelieff` for numbers; see `check`).
    fn supports(&self, task: Task) -> bool {
        !task.is_structured() && task != Task::Survival
    }
}

impl Learner for WeightedKnn {
    fn check(&self, data: &Dataset, min_train: usize) -> Result<()> {
        self.knn.check(data, min_train)?;
        let task = data.task();
        if !self.weights.supports(task) {
            return Err(Error::param(
                "weights",
                format!(
                    "{} does not score features of a {task:?} target; e.g. weights=(rrelieff) or weights=(relieff)",
                    self.weights.spec()
                ),
            ));
        }
        self.weights.check(data)
    }

    /// kNN's working set, a copy of the training rows and the ranker's own.
    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        self.knn
            .memory(data, train, test)
            .saturating_add(F64 * (train * data.n_features()) as u64)
            .saturating_add(self.weights.memory(data))
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        super::one_size(self, fold, features)
    }

    fn fit_predict_nested_checked(
        &self,
        fold: &CheckedFold<'_>,
        order: &[usize],
        sizes: &[usize],
    ) -> Result<Vec<Prediction>> {
        let weights = self.weights(fold)?;
        Ok(self.knn.nested(fold, order, sizes, Some(&weights)))
    }
}
