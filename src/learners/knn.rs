//! k-nearest neighbours as Weka's IBk computes it ([P20] uses k = 10).
//!
//! Distance: d(a,b)² = Σ_j diff_j(a,b)², with numeric attributes min-max scaled by the **training fold's**
//! ranges and nominal attributes compared 0/1. Missing values follow Weka's EuclideanDistance: both
//! missing → diff 1; one missing → for a nominal 1, for a numeric max(v, 1 − v) of the present scaled value.
//! Neighbours at equal distance are taken in ascending training-row order. Classification: unweighted
//! majority vote, ties to the lowest class index; class scores are the vote fractions. Regression: the mean
//! of the neighbours' targets.
//!
//! Curve fast path: the squared distances between test and training rows are a sum over features, so the
//! nested chain top-1, top-2, … updates one distance matrix feature by feature (O(test·train) per feature)
//! instead of recomputing it at every size. Adding in the same order as the refit path, the sums — and so
//! the predictions — are bit-identical.

use super::prepare::Range;
use super::{argmax, unsupported, Fold, Learner, Prediction};
use crate::dataset::{Dataset, FeatureKind, Target, Task};
use crate::error::{Error, Result};

/// k-nearest-neighbour classifier/regressor; see the module docs for the exact distance.
///
/// ```
/// use featrank::prelude::*;
/// let knn = Knn::new(10);
/// assert_eq!(knn.name(), "knn:10");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Knn {
    k: usize,
}

impl Knn {
    /// kNN with `k` neighbours.
    pub fn new(k: usize) -> Knn {
        Knn { k }
    }

    /// The number of neighbours.
    pub fn k(&self) -> usize {
        self.k
    }

    /// Check the parameters on their own (k ≥ 1).
    pub fn validated(self) -> Result<Knn> {
        if self.k == 0 {
            return Err(Error::param("k", "kNN needs k ≥ 1"));
        }
        Ok(self)
    }

    /// Add feature `j`'s squared differences to the `test × train` distance matrix.
    fn add_feature(&self, fold: &Fold<'_>, j: usize, dist: &mut [f64]) {
        let col = fold.data.feature(j);
        let n_train = fold.train.len();
        let nominal = matches!(fold.data.kind(j), FeatureKind::Nominal { .. });
        let range = Range::of(fold, j);
        let scale = |v: f64| if nominal { v } else { range.scale(v) };
        let train: Vec<f64> = fold.train.iter().map(|&i| scale(col[i])).collect();
        let train_complete = train.iter().all(|v| !v.is_nan());
        for (t, &ti) in fold.test.iter().enumerate() {
            let a = scale(col[ti]);
            let row = &mut dist[t * n_train..(t + 1) * n_train];
            if train_complete && !a.is_nan() {
                // The common case, kept branch-free so it vectorises.
                if nominal {
                    row.iter_mut().zip(&train).for_each(|(d, &b)| *d += (a != b) as u8 as f64);
                } else {
                    row.iter_mut().zip(&train).for_each(|(d, &b)| *d += (a - b) * (a - b));
                }
                continue;
            }
            for (d, &b) in row.iter_mut().zip(&train) {
                let diff = match (a.is_nan(), b.is_nan()) {
                    (true, true) => 1.0,
                    _ if nominal && (a.is_nan() || b.is_nan()) => 1.0,
                    (true, false) => b.max(1.0 - b),
                    (false, true) => a.max(1.0 - a),
                    (false, false) if nominal => (a != b) as u8 as f64,
                    (false, false) => a - b,
                };
                *d += diff * diff;
            }
        }
    }

    /// Predict every test row from the distance matrix.
    fn predict(&self, fold: &Fold<'_>, dist: &[f64]) -> Prediction {
        let n_train = fold.train.len();
        let k = self.k.min(n_train);
        let mut idx: Vec<usize> = Vec::with_capacity(n_train);
        let neighbours = |t: usize, idx: &mut Vec<usize>| {
            let row = &dist[t * n_train..(t + 1) * n_train];
            idx.clear();
            idx.extend(0..n_train);
            let cmp = |a: &usize, b: &usize| row[*a].total_cmp(&row[*b]).then(a.cmp(b));
            if k < n_train {
                idx.select_nth_unstable_by(k - 1, cmp);
            }
            idx.truncate(k);
        };
        match fold.data.target() {
            Target::Classes { codes, names } => {
                let n_classes = names.len();
                let mut labels = Vec::with_capacity(fold.test.len());
                let mut scores = Vec::with_capacity(fold.test.len() * n_classes);
                for t in 0..fold.test.len() {
                    neighbours(t, &mut idx);
                    let mut votes = vec![0.0; n_classes];
                    idx.iter().for_each(|&r| votes[codes[fold.train[r]]] += 1.0);
                    labels.push(argmax(&votes));
                    scores.extend(votes.iter().map(|v| v / k as f64));
                }
                Prediction::Classes { labels, scores }
            }
            Target::Values(y) => Prediction::Values(
                (0..fold.test.len())
                    .map(|t| {
                        neighbours(t, &mut idx);
                        idx.iter().map(|&r| y[fold.train[r]]).sum::<f64>() / k as f64
                    })
                    .collect(),
            ),
        }
    }
}

impl Learner for Knn {
    fn name(&self) -> String {
        format!("knn:{}", self.k)
    }

    fn supports(&self, _task: Task) -> bool {
        true
    }

    fn check(&self, data: &Dataset, min_train: usize) -> Result<()> {
        self.clone().validated()?;
        if self.k > min_train {
            return Err(Error::param(
                "k",
                format!(
                    "k = {} exceeds the {min_train} rows of the smallest training fold ({} rows in all)",
                    self.k,
                    data.n_rows()
                ),
            ));
        }
        Ok(())
    }

    fn fit_predict(&self, fold: &Fold<'_>, features: &[usize]) -> Result<Prediction> {
        fold.validate(features)?;
        if !self.supports(fold.data.task()) {
            return Err(unsupported(&self.name(), fold.data.task()));
        }
        let mut dist = vec![0.0; fold.test.len() * fold.train.len()];
        for &j in features {
            self.add_feature(fold, j, &mut dist);
        }
        Ok(self.predict(fold, &dist))
    }

    fn fit_predict_nested(&self, fold: &Fold<'_>, order: &[usize], sizes: &[usize]) -> Result<Vec<Prediction>> {
        fold.validate_nested(order, sizes)?;
        let mut dist = vec![0.0; fold.test.len() * fold.train.len()];
        let mut added = 0;
        let mut out = Vec::with_capacity(sizes.len());
        for &k in sizes {
            for &j in &order[added..k] {
                self.add_feature(fold, j, &mut dist);
            }
            added = k;
            out.push(self.predict(fold, &dist));
        }
        Ok(out)
    }
}
