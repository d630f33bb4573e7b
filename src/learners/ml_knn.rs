//! ML-kNN (Zhang & Zhou 2007): multi-label k-nearest neighbours with a Bayesian rule per label.
//!
//! For every training row i and label l, C_i(l) counts the rows among i's k nearest **other** training
//! rows that have l. With s the smoothing (1 in the paper) and m training rows, per label:
//!
//! - prior P(H₁) = (s + #rows with l) / (2s + m), P(H₀) = 1 − P(H₁);
//! - likelihoods P(E_j | H₁) = (s + c₁[j]) / (s(k + 1) + Σ_p c₁[p]), c₁[j] = #rows with l and C_i(l) = j
//!   (H₀ likewise with the rows without l).
//!
//! A test row with C(l) = j among its k nearest training rows gets l when P(H₁)P(E_j | H₁) ≥
//! P(H₀)P(E_j | H₀) (scikit-multilearn's rule; the paper's argmax leaves the tie open, Mulan draws at random),
//! with the score P(H₁)P(E_j | H₁) / (P(H₁)P(E_j | H₁) + P(H₀)P(E_j | H₀)).
//!
//! The neighbours are kNN's ([`super::Knn`]: the distance scaled by the training fold's ranges, exactly k
//! neighbours with ties broken by training-row order), and both searches — test rows against the training
//! rows, and the training rows against each other, leaving each row out of its own neighbours — run as kNN's
//! curve chain: one distance matrix updated feature by feature, so a whole curve costs about one search of
//! the training rows (m² distances per feature, against kNN's m·test).

use super::knn::Tally;
use super::{CheckedFold, Knn, KnnTies, Learner};
use crate::data::{Dataset, Target, Task};
use crate::error::{Error, Result};
use crate::memory::F64;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::{Fold, Prediction};
use crate::spec::Spec;

/// Multi-label kNN with the maximum a posteriori rule per label (module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::MlKnn;
/// use featrank::resampling::{Fold, Prediction};
/// // Label a follows x; label b is on for every row but the last.
/// let df = df!("x" => [0.0, 0.1, 0.2, 0.8, 0.9, 1.0, 0.15, 0.85],
///              "a" => [0, 0, 0, 1, 1, 1, 0, 1], "b" => [1, 1, 1, 1, 1, 1, 1, 0]).unwrap();
/// let data = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap();
/// let learner = MlKnn::new().k(2);
/// assert_eq!(learner.spec().to_string(), "ml-knn:k=2,smoothing=1");
/// let fold = Fold { data: &data, train: &[0, 1, 2, 3, 4, 5], test: &[6, 7], seed: 0 };
/// let Prediction::Set(labels) = learner.fit_predict(&fold, &[0]).unwrap() else { unreachable!() };
/// let Prediction::Classes { labels: a, scores } = &labels[0] else { unreachable!() };
/// assert_eq!(a, &[0, 1]);
/// // Row 6's two neighbours lack a; so do all three training rows whose neighbours lack it, and none of
/// // the three with a: P(H₁)P(E₀|H₁) = ½ · 1/6, P(H₀)P(E₀|H₀) = ½ · 4/6, score 1/5.
/// assert!((scores[1] - 0.2).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MlKnn {
    k: usize,
    smoothing: f64,
}

impl Default for MlKnn {
    fn default() -> Self {
        MlKnn::new()
    }
}

/// The keys of ML-kNN.
const PARAMS: &[Param] = &[
    Param::new("k", Values::whole(1), "neighbours counted (below the smallest training fold)"),
    Param::new("smoothing", Values::positive(), "s, added to every count of the prior and the likelihoods"),
];

impl MlKnn {
    /// ML-kNN with the paper's k = 10 and smoothing s = 1.
    pub fn new() -> MlKnn {
        MlKnn { k: 10, smoothing: 1.0 }
    }

    /// The number of neighbours k (≥ 1).
    pub fn k(mut self, k: usize) -> MlKnn {
        self.k = k;
        self
    }

    /// The smoothing s (> 0; 1 is Laplace smoothing).
    pub fn smoothing(mut self, s: f64) -> MlKnn {
        self.smoothing = s;
        self
    }

    /// From the spec `ml-knn:k=10,smoothing=1`.
    pub fn from_spec(s: &Spec) -> Result<MlKnn> {
        s.check_params(PARAMS)?;
        let d = MlKnn::new();
        Ok(MlKnn { k: s.get("k", d.k)?, smoothing: s.get("smoothing", d.smoothing)? })
    }

    /// The neighbour search: kNN with exactly k neighbours.
    fn search(&self) -> Knn {
        Knn::new().k(self.k).ties(KnnTies::First)
    }

    /// One size's predictions from the training rows' counts (`own`, leave-one-out) and the test rows'.
    fn posterior(&self, labels: &[Label<'_>], train: &[usize], own: &[u32], test: &[u32]) -> Prediction {
        let (n_labels, m, k, s) = (labels.len(), train.len() as f64, self.k, self.smoothing);
        let n_test = test.len() / n_labels.max(1);
        let each = labels
            .iter()
            .enumerate()
            .map(|(l, label)| {
                let (mut with, mut without) = (vec![0.0; k + 1], vec![0.0; k + 1]);
                for (i, &r) in train.iter().enumerate() {
                    let j = own[i * n_labels + l] as usize;
                    match label.has(r) {
                        true => with[j] += 1.0,
                        false => without[j] += 1.0,
                    }
                }
                let on = with.iter().sum::<f64>();
                let prior = (s + on) / (2.0 * s + m);
                let likelihood = |c: &[f64], j: usize| (s + c[j]) / (s * (k + 1) as f64 + c.iter().sum::<f64>());
                let mut prediction = Prediction::empty(label.target, n_test);
                if let Prediction::Classes { labels: codes, scores } = &mut prediction {
                    for t in 0..n_test {
                        let j = test[t * n_labels + l] as usize;
                        let (p1, p0) = (prior * likelihood(&with, j), (1.0 - prior) * likelihood(&without, j));
                        codes[t] = if p1 >= p0 { label.on } else { 1 - label.on };
                        scores[2 * t + label.on] = p1 / (p1 + p0);
                        scores[2 * t + 1 - label.on] = p0 / (p1 + p0);
                    }
                }
                prediction
            })
            .collect();
        Prediction::Set(each)
    }
}

/// A label: its target (class codes) and the code of its presence.
#[derive(Clone)]
struct Label<'a> {
    target: &'a Target,
    codes: &'a [usize],
    on: usize,
}

impl Label<'_> {
    /// Whether data row `r` has the label.
    #[inline(always)]
    fn has(&self, r: usize) -> bool {
        self.codes[r] == self.on
    }
}

/// The labels of a multi-label dataset (every target a label: the task says so).
fn labels(data: &Dataset) -> Vec<Label<'_>> {
    data.targets()
        .iter()
        .filter_map(|target| match (target, target.positive_code()) {
            (Target::Classes { codes, .. }, Some(on)) => Some(Label { target, codes, on }),
            _ => None,
        })
        .collect()
}

/// ML-kNN's tally: per row, the number of its neighbours with each label (row-major rows × labels).
#[derive(Clone)]
struct Counts<'a> {
    labels: Vec<Label<'a>>,
    counts: Vec<u32>,
}

impl Tally for Counts<'_> {
    type Out = Vec<u32>;

    #[inline(always)]
    fn row(&mut self, fold: &Fold<'_>, voters: &[usize]) {
        for label in &self.labels {
            let mut c = 0;
            for &r in voters {
                c += label.has(fold.train[r]) as u32;
            }
            self.counts.push(c);
        }
    }

    fn take(&mut self, _fold: &Fold<'_>) -> Vec<u32> {
        std::mem::take(&mut self.counts)
    }

    fn join(out: &mut Vec<u32>, more: Vec<u32>) {
        out.extend(more)
    }
}

impl Method for MlKnn {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Zhang & Zhou 2007, Pattern Recognition 40"
    }

    fn spec(&self) -> Spec {
        Spec::new("ml-knn").with("k", self.k).with("smoothing", self.smoothing)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::MultiLabel
    }
}

impl Learner for MlKnn {
    fn check(&self, data: &Dataset, min_train: usize) -> Result<()> {
        if self.k >= min_train {
            return Err(Error::param(
                "k",
                format!(
                    "k = {} leaves no neighbours to count: ML-kNN needs k below the {min_train} rows of the smallest \
                     training fold ({} rows in all)",
                    self.k,
                    data.n_rows()
                ),
            ));
        }
        Ok(())
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        super::one_size(self, fold, features)
    }

    /// kNN's chain on the training rows against each other (the larger search) and on the test rows, and
    /// every row's count per label at every size.
    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        let counts = F64 * (train + test) as u64 * data.n_targets() as u64;
        self.search().memory(data, train, train.max(test)) + counts
    }

    fn fit_predict_nested_checked(
        &self,
        fold: &CheckedFold<'_>,
        order: &[usize],
        sizes: &[usize],
    ) -> Result<Vec<Prediction>> {
        let search = self.search();
        let counts = |fold: &Fold<'_>, leave_one_out| {
            let tally = Counts { labels: labels(fold.data), counts: Vec::new() };
            search.nested_tally(fold, order, sizes, None, &tally, leave_one_out)
        };
        let own = counts(&Fold { test: fold.train, ..**fold }, true);
        let test = counts(fold, false);
        let labels = labels(fold.data);
        Ok(own.iter().zip(&test).map(|(own, test)| self.posterior(&labels, fold.train, own, test)).collect())
    }
}

crate::method::from_spec!(MlKnn);
