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
use crate::data::{FeatureKind, Task};
use crate::error::{Error, Result};
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
    /// One feature at a time: a sparse feature is read as its `n_rows` values (the same predictions, bit for
    /// bit, as its dense copy), so the full set of a wide sparse matrix is never densified.
    fn accepts_sparse(&self) -> bool {
        true
    }

    /// The class scores of the test rows and, for sparse features, one column with its zeros; nothing else
    /// grows with the data (the fold's rows are read where they are).
    fn memory(&self, data: &crate::data::Dataset, _train: usize, test: usize) -> u64 {
        let column = if data.is_sparse() { data.n_rows() as u64 } else { 0 };
        crate::memory::F64 * (2 * test as u64 * data.n_classes().max(1) as u64 + column)
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let data = fold.data;
        let codes = data.labels().ok_or_else(|| super::unsupported(self, data.task()))?;
        let n_classes = data.n_classes();
        let mut class_n = vec![0usize; n_classes];
        fold.train.iter().for_each(|&i| class_n[codes[i]] += 1);
        let prior: Vec<f64> =
            class_n.iter().map(|&n| ((n as f64 + 1.0) / (fold.train.len() + n_classes) as f64).ln()).collect();
        // log p(x_j | c) for every test row, accumulated feature by feature.
        let mut logp: Vec<f64> = fold.test.iter().flat_map(|_| prior.iter().copied()).collect();
        for &j in features {
            let col = data.feature(j);
            match data.kind(j) {
                FeatureKind::Nominal { levels } => {
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
                            logp[t * n_classes + c] += p.ln();
                        }
                    }
                }
                FeatureKind::Numeric => {
                    let mut sum = vec![0.0; n_classes];
                    let mut n = vec![0.0; n_classes];
                    for &i in fold.train {
                        if !col[i].is_nan() {
                            sum[codes[i]] += col[i];
                            n[codes[i]] += 1.0;
                        }
                    }
                    let mean: Vec<f64> = sum.iter().zip(&n).map(|(s, n)| if *n > 0.0 { s / n } else { 0.0 }).collect();
                    let mut ss = vec![0.0; n_classes];
                    for &i in fold.train {
                        if !col[i].is_nan() {
                            ss[codes[i]] += (col[i] - mean[codes[i]]).powi(2);
                        }
                    }
                    let var: Vec<f64> = ss.iter().zip(&n).map(|(s, n)| if *n > 0.0 { s / n } else { 0.0 }).collect();
                    let top = var.iter().cloned().fold(0.0, f64::max);
                    let present: Vec<f64> = mean.iter().zip(&n).filter(|(_, n)| **n > 0.0).map(|(m, _)| *m).collect();
                    if top == 0.0 && present.windows(2).all(|w| w[0] == w[1]) {
                        // constant on the training rows, the same value in every class: it favours no class (every
                        // class's density of a test value is the same), so it adds nothing — where a zero variance
                        // would make a different test value infinitely unlikely in every class
                        continue;
                    }
                    let smoothing = 1e-9 * top.max(1e-300);
                    for (t, &ti) in fold.test.iter().enumerate() {
                        let x = col[ti];
                        if x.is_nan() {
                            continue;
                        }
                        for c in 0..n_classes {
                            if n[c] == 0.0 {
                                continue;
                            }
                            let v = var[c] + smoothing;
                            logp[t * n_classes + c] +=
                                -0.5 * ((2.0 * std::f64::consts::PI * v).ln() + (x - mean[c]).powi(2) / v);
                        }
                    }
                }
            }
        }
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
