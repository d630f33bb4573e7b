//! A fold — the data, its training and test rows, a seed — and the predictions of its test rows: what a
//! learner is given and gives back, and what a measure scores.

use crate::data::dataset::CumulativeHazard;
use crate::data::{Dataset, Target};
use crate::error::{Error, Result};

/// Predictions for the test rows of one fold.
#[derive(Debug, Clone, PartialEq)]
pub enum Prediction {
    /// Class codes and, per row, a score for every class (row-major `rows × n_classes`; higher = more
    /// likely; used by macro-AUC).
    Classes {
        /// Predicted class code per test row.
        labels: Vec<usize>,
        /// Class scores, `labels.len() × n_classes`, row-major.
        scores: Vec<f64>,
    },
    /// Predicted values (regression).
    Values(Vec<f64>),
    /// One prediction per target of a target set, in target order (multi-label, multi-target).
    Set(Vec<Prediction>),
    /// Survival: a risk score per test row — higher, the event sooner (a Cox model's linear predictor xᵀβ).
    /// Risk scores of models fitted on different splits are not on one scale, so survival measures score each
    /// split's rows on their own ([`Measure::per_split`](crate::resampling::Measure::per_split)).
    Risk(Vec<f64>),
    /// Survival, from a learner that estimates each test row's cumulative hazard Ĥ(t | x) (the Cox model's
    /// Breslow estimate, kNN's neighbours' Nelson–Aalen estimate): its risk score as in [`Prediction::Risk`], and
    /// the hazard, whose survival function exp(−Ĥ) the integrated Brier score judges.
    Hazard {
        /// A risk score per test row (higher, the event sooner).
        risk: Vec<f64>,
        /// Each test row's cumulative hazard.
        hazard: Vec<CumulativeHazard>,
    },
}

impl Prediction {
    /// The predictions of the rows at `positions` (indices into this prediction's rows), in that order —
    /// e.g. one split's rows out of a repeat's pooled predictions.
    ///
    /// ```
    /// use featrank::resampling::Prediction;
    /// let p = Prediction::Classes { labels: vec![0, 1, 1], scores: vec![0.9, 0.1, 0.2, 0.8, 0.4, 0.6] };
    /// assert_eq!(p.select(&[2, 0]), Prediction::Classes { labels: vec![1, 0], scores: vec![0.4, 0.6, 0.9, 0.1] });
    /// assert_eq!(Prediction::Values(vec![1.0, 2.0]).select(&[1]), Prediction::Values(vec![2.0]));
    /// ```
    pub fn select(&self, positions: &[usize]) -> Prediction {
        match self {
            Prediction::Classes { labels, scores } => {
                let k = if labels.is_empty() { 0 } else { scores.len() / labels.len() };
                Prediction::Classes {
                    labels: positions.iter().map(|&p| labels[p]).collect(),
                    scores: positions.iter().flat_map(|&p| scores[p * k..(p + 1) * k].iter().copied()).collect(),
                }
            }
            Prediction::Values(v) => Prediction::Values(positions.iter().map(|&p| v[p]).collect()),
            Prediction::Risk(v) => Prediction::Risk(positions.iter().map(|&p| v[p]).collect()),
            Prediction::Hazard { risk, hazard } => Prediction::Hazard {
                risk: positions.iter().map(|&p| risk[p]).collect(),
                hazard: positions.iter().map(|&p| hazard[p].clone()).collect(),
            },
            Prediction::Set(members) => Prediction::Set(members.iter().map(|m| m.select(positions)).collect()),
        }
    }

    /// A prediction of `rows` rows for `target`, every class 0 with score 0 and every value 0, to be filled.
    pub(crate) fn empty(target: &Target, rows: usize) -> Prediction {
        match target {
            Target::Classes { names, .. } => {
                Prediction::Classes { labels: vec![0; rows], scores: vec![0.0; rows * names.len()] }
            }
            Target::Values(_) => Prediction::Values(vec![0.0; rows]),
            Target::Set(members) => Prediction::Set(members.iter().map(|t| Prediction::empty(t, rows)).collect()),
            Target::Survival(_) => Prediction::Risk(vec![0.0; rows]),
        }
    }

    /// Append `more`'s rows after this prediction's (both of the same kind; a mismatch leaves this one
    /// as it is — callers join predictions of one learner on one task).
    pub(crate) fn append(&mut self, more: Prediction) {
        match (self, more) {
            (Prediction::Classes { labels, scores }, Prediction::Classes { labels: l, scores: s }) => {
                labels.extend(l);
                scores.extend(s);
            }
            (Prediction::Values(v), Prediction::Values(m)) | (Prediction::Risk(v), Prediction::Risk(m)) => v.extend(m),
            (Prediction::Set(members), Prediction::Set(more)) => {
                members.iter_mut().zip(more).for_each(|(m, more)| m.append(more))
            }
            (Prediction::Hazard { risk, hazard }, Prediction::Hazard { risk: r, hazard: h }) => {
                risk.extend(r);
                hazard.extend(h);
            }
            _ => {}
        }
    }
}

/// Where a learner works: the data, the feature subset (in the order given), and the fold's rows.
#[derive(Debug, Clone, Copy)]
pub struct Fold<'a> {
    /// The whole dataset.
    pub data: &'a Dataset,
    /// Training rows.
    pub train: &'a [usize],
    /// Test rows.
    pub test: &'a [usize],
    /// Seed for learners that draw random numbers (forests); fixed per (repeat, fold) by the caller.
    pub seed: u64,
}

impl Fold<'_> {
    /// Check that the fold has training rows and that every row and feature index exists; every learner
    /// runs this before fitting, so a hand-built fold gives an error, not a panic.
    pub fn validate(&self, features: &[usize]) -> Result<()> {
        self.validate_rows()?;
        self.validate_features(features)
    }

    /// [`Fold::validate`] for a nested chain: also the sizes must be ascending and at most `order.len()`.
    pub fn validate_nested(&self, order: &[usize], sizes: &[usize]) -> Result<()> {
        self.validate_rows()?;
        self.validate_chain(order, sizes)
    }

    /// The fold has training rows, and every training and test row exists.
    pub(crate) fn validate_rows(&self) -> Result<()> {
        if self.train.is_empty() {
            return Err(Error::param("train", "the fold has no training rows"));
        }
        let n = self.data.n_rows();
        if let Some(&r) = self.train.iter().chain(self.test).find(|&&r| r >= n) {
            return Err(Error::param("rows", format!("row {r} is out of range ({n} rows)")));
        }
        Ok(())
    }

    /// Every feature index exists.
    pub(crate) fn validate_features(&self, features: &[usize]) -> Result<()> {
        let m = self.data.n_features();
        if let Some(&j) = features.iter().find(|&&j| j >= m) {
            return Err(Error::param("features", format!("feature index {j} is out of range ({m} features)")));
        }
        Ok(())
    }

    /// Every feature of `order` exists, and `sizes` ascend within `order.len()`.
    pub(crate) fn validate_chain(&self, order: &[usize], sizes: &[usize]) -> Result<()> {
        self.validate_features(order)?;
        if let Some(&k) = sizes.iter().find(|&&k| k > order.len()) {
            return Err(Error::param("sizes", format!("size {k} exceeds the {} features given", order.len())));
        }
        if sizes.windows(2).any(|w| w[1] < w[0]) {
            return Err(Error::param("sizes", "sizes must be ascending"));
        }
        Ok(())
    }
}
