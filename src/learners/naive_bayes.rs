//! Naive Bayes (John & Langley 1995, as used in \[P20\] Figs. 5–6).
//!
//! P(c | x) ∝ P(c) · Π_j p(x_j | c), computed in log space.
//! - Class prior: (n_c + 1)/(n + C) (Laplace).
//! - Numeric attribute: Gaussian with the class's mean and variance on the training fold; every variance
//!   is increased by 1e-9 × the largest variance of the attribute over all classes (scikit-learn's
//!   `var_smoothing`) so that an attribute constant within a class does not divide by zero. An attribute
//!   constant on the whole training fold favours no class and is left out (a sparse term absent from the
//!   training rows would otherwise make every class infinitely unlikely for a test row that has it).
//! - Nominal attribute: (count of level in class + 1)/(n_c with a value + L) (Laplace).
//! - Missing values are skipped both when counting and when predicting (Weka's treatment).
//!
//! linfa-bayes' Gaussian NB has neither nominal attributes nor missing values, hence this module.

use super::{argmax, CheckedFold, Learner};
use crate::data::dataset::RowPositions;
use crate::data::{FeatureKind, Task};
use crate::error::{Error, Result};
use crate::math::ClassMoments;
use crate::method::Method;
use crate::param::Param;
use crate::resampling::Prediction;
use crate::spec::Spec;

/// Naive Bayes for mixed numeric and nominal attributes with missing values.
///
/// ```
/// use featrank::prelude::*;
/// assert_eq!(NaiveBayes::new().spec().to_string(), "nb");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct NaiveBayes;

impl NaiveBayes {
    /// Naive Bayes (no parameters).
    pub fn new() -> NaiveBayes {
        NaiveBayes
    }

    /// From the spec `nb` (no parameters).
    pub fn from_spec(s: &Spec) -> Result<NaiveBayes> {
        s.check_params(PARAMS)?;
        Ok(NaiveBayes)
    }
}

/// Naive Bayes takes no keys.
const PARAMS: &[Param] = &[];

impl Method for NaiveBayes {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "John & Langley 1995, UAI"
    }

    fn spec(&self) -> Spec {
        Spec::new("nb")
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Learner for NaiveBayes {
    /// One feature at a time, from its non-zero cells: a sparse feature costs its stored values (the same
    /// predictions, bit for bit, as its dense copy), so the full set of a wide sparse matrix is never densified.
    fn accepts_sparse(&self) -> bool {
        true
    }

    /// The class scores of the test rows, where each row sits in the fold, and one feature's non-zero cells;
    /// nothing else grows with the data (the fold's rows are read where they are).
    fn memory(&self, data: &crate::data::Dataset, train: usize, test: usize) -> u64 {
        let positions = 4 * (2 * data.n_rows() + train + test) as u64;
        crate::memory::F64 * (2 * test as u64 * data.n_classes().max(1) as u64 + 2 * (train + test) as u64) + positions
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let data = fold.data;
        let codes = data.labels().ok_or_else(|| super::unsupported(self, data.task()))?;
        let n_classes = data.n_classes();
        let mut class_n = vec![0usize; n_classes];
        fold.train.iter().for_each(|&i| class_n[codes[i]] += 1);
        let prior: Vec<f64> =
            class_n.iter().map(|&n| ((n as f64 + 1.0) / (fold.train.len() + n_classes) as f64).ln()).collect();
        // log p(x_j | c) summed over the features as Σ_j (the term of a 0 value, the same for every test row:
        // `base`) + Σ over each test row's non-zero values (their term − the 0 term: `offset`), so a numeric
        // feature costs its non-zero cells — a sparse one its stored values — and sparse and dense data add the
        // same numbers in the same order
        let mut base = vec![0.0; n_classes];
        let mut offset = vec![0.0; fold.test.len() * n_classes];
        let n_rows = data.n_rows();
        let (train_at, test_at) = (RowPositions::of(fold.train, n_rows), RowPositions::of(fold.test, n_rows));
        let (mut train_cells, mut test_cells, mut mark) = (Vec::new(), Vec::new(), Vec::new());
        for &j in features {
            match data.kind(j) {
                FeatureKind::Nominal { levels } => {
                    let col = data.feature(j);
                    let l = levels.len();
                    let mut counts = vec![0.0; n_classes * l];
                    let mut present = vec![0.0; n_classes];
                    for &i in fold.train {
                        if !col[i].is_nan() {
                            counts[codes[i] * l + col[i] as usize] += 1.0;
                            present[codes[i]] += 1.0;
                        }
                    }
                    for (t, &ti) in fold.test.iter().enumerate() {
                        if col[ti].is_nan() {
                            continue;
                        }
                        for c in 0..n_classes {
                            let p = (counts[c * l + col[ti] as usize] + 1.0) / (present[c] + l as f64);
                            offset[t * n_classes + c] += p.ln();
                        }
                    }
                }
                FeatureKind::Numeric => {
                    data.nonzero_at(j, &train_at, &mut train_cells);
                    let Some(gauss) = Gaussians::fit(&train_cells, fold.train, codes, &class_n) else {
                        continue;
                    };
                    data.nonzero_at(j, &test_at, &mut test_cells);
                    gauss.add(&test_cells, &mut base, &mut offset, &mut mark);
                }
            }
        }
        let logp: Vec<f64> = offset
            .chunks(n_classes)
            .flat_map(|row| row.iter().zip(&prior).zip(&base).map(|((o, p), b)| p + b + o))
            .collect();
        let mut labels = Vec::with_capacity(fold.test.len());
        let mut scores = Vec::with_capacity(logp.len());
        for row in logp.chunks(n_classes) {
            let m = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = row.iter().map(|v| (v - m).exp()).collect();
            let z: f64 = e.iter().sum();
            labels.push(argmax(row));
            scores.extend(e.iter().map(|v| v / z));
        }
        if scores.iter().any(|s| !s.is_finite()) {
            return Err(Error::Numerical {
                what: "naive Bayes".into(),
                reason: "the class scores are not finite (feature values too large?)".into(),
            });
        }
        Ok(Prediction::Classes { labels, scores })
    }
}

/// One numeric attribute's Gaussian per class on a training fold, from its non-zero cells.
struct Gaussians {
    /// Per class: the mean, ln(2π·variance), the variance (smoothed); `None` for a class with no value.
    class: Vec<Option<(f64, f64, f64)>>,
}

impl Gaussians {
    /// From the training rows' non-zero cells `(position in train, value)` (NaN: missing), in data-row order
    /// ([`ClassMoments`]: the zeros are counted, not visited). `None` when the attribute is constant on the training rows with the same value in every class (it favours
    /// no class).
    fn fit(cells: &[(u32, f64)], train: &[usize], codes: &[usize], class_n: &[usize]) -> Option<Gaussians> {
        let k = class_n.len();
        let ClassMoments { n, mean, ss, .. } = ClassMoments::of(cells, |p| codes[train[p]], class_n);
        let var: Vec<f64> = (0..k).map(|c| if n[c] > 0.0 { ss[c] / n[c] } else { 0.0 }).collect();
        let top = var.iter().cloned().fold(0.0, f64::max);
        let present: Vec<f64> = (0..k).filter(|&c| n[c] > 0.0).map(|c| mean[c]).collect();
        if top == 0.0 && present.windows(2).all(|w| w[0] == w[1]) {
            // constant on the training rows, the same value in every class: every class's density of a test value
            // is the same — where a zero variance would make a different test value infinitely unlikely
            return None;
        }
        let smoothing = 1e-9 * top.max(1e-300);
        let class = (0..k)
            .map(|c| {
                let v = var[c] + smoothing;
                (n[c] > 0.0).then(|| (mean[c], (2.0 * std::f64::consts::PI * v).ln(), v))
            })
            .collect();
        Some(Gaussians { class })
    }

    /// log N(x; mean, variance) of class `c`.
    fn term(&self, c: usize, x: f64) -> f64 {
        self.class[c].map_or(0.0, |(mean, ln, v)| -0.5 * (ln + (x - mean).powi(2) / v))
    }

    /// Add this attribute's log-density to every test row. Where fewer than half the test rows hold a non-zero
    /// value (sparse data), the 0 term goes to `base` once and each non-zero test cell's difference from it to
    /// `offset` (a missing one takes the 0 term back: it adds nothing); else, or where the 0 term is so large
    /// that the difference would lose the small terms' digits, each test row's own term goes to `offset`
    /// (`mark`: scratch, all false). The choice reads only the cells, so sparse and dense data choose alike.
    fn add(&self, test_cells: &[(u32, f64)], base: &mut [f64], offset: &mut [f64], mark: &mut Vec<bool>) {
        let k = self.class.len();
        let n_test = offset.len() / k.max(1);
        let zero: Vec<f64> = (0..k).map(|c| self.term(c, 0.0)).collect();
        if 2 * test_cells.len() < n_test && zero.iter().all(|z| z.abs() <= 1e6) {
            base.iter_mut().zip(&zero).for_each(|(b, z)| *b += z);
            for &(t, x) in test_cells {
                let row = &mut offset[t as usize * k..(t as usize + 1) * k];
                for c in 0..k {
                    row[c] += if x.is_nan() { -zero[c] } else { self.term(c, x) - zero[c] };
                }
            }
            return;
        }
        mark.resize(n_test, false);
        for &(t, x) in test_cells {
            mark[t as usize] = true;
            if !x.is_nan() {
                let row = &mut offset[t as usize * k..(t as usize + 1) * k];
                (0..k).for_each(|c| row[c] += self.term(c, x));
            }
        }
        for (t, seen) in mark.iter_mut().enumerate() {
            if !std::mem::take(seen) {
                offset[t * k..(t + 1) * k].iter_mut().zip(&zero).for_each(|(o, z)| *o += z);
            }
        }
    }
}

crate::method::from_spec!(NaiveBayes);
