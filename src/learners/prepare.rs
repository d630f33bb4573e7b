//! Training-fold preprocessing shared by learners: min-max ranges and the numeric design matrix.

use ndarray::Array2;

use super::Fold;
use crate::data::{Dataset, FeatureKind};

/// Min and range of a numeric feature over the training rows' present values (range 0 when constant
/// or absent, in which case the scaled value is 0).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Range {
    pub min: f64,
    pub range: f64,
}

impl Range {
    /// The training-fold range of `feature`.
    pub fn of(fold: &Fold<'_>, feature: usize) -> Range {
        let col = fold.data.feature(feature);
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for &i in fold.train {
            let v = col[i];
            if !v.is_nan() {
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
        if lo > hi {
            Range { min: 0.0, range: 0.0 }
        } else {
            Range { min: lo, range: hi - lo }
        }
    }

    /// `(v − min)/range`, 0 for a constant feature, NaN stays NaN.
    pub fn scale(&self, v: f64) -> f64 {
        if self.range > 0.0 {
            (v - self.min) / self.range
        } else if v.is_nan() {
            v
        } else {
            0.0
        }
    }
}

/// Numeric design matrices for the fold's train and test rows, as Weka's SMO prepares them:
/// numeric attributes min-max scaled with the training fold's ranges; a two-level nominal attribute is
/// one 0/1 column and a nominal with L > 2 levels becomes L 0/1 columns (one-hot); a missing value is
/// replaced by the training fold's mean (numeric, after scaling) or mode (nominal).
/// Returns the train and test matrices and, per column, the position in `features` it came from.
pub(crate) fn design_matrices(fold: &Fold<'_>, features: &[usize]) -> (Array2<f64>, Array2<f64>, Vec<usize>) {
    let mut train_cols: Vec<Vec<f64>> = Vec::new();
    let mut test_cols: Vec<Vec<f64>> = Vec::new();
    let mut owners = Vec::new();
    for (pos, &j) in features.iter().enumerate() {
        let col = fold.data.feature(j);
        match fold.data.kind(j) {
            FeatureKind::Numeric => {
                let r = Range::of(fold, j);
                let scaled: Vec<f64> = fold.train.iter().map(|&i| r.scale(col[i])).collect();
                let present: Vec<f64> = scaled.iter().copied().filter(|v| !v.is_nan()).collect();
                let mean = if present.is_empty() { 0.0 } else { present.iter().sum::<f64>() / present.len() as f64 };
                let fill = |v: f64| if v.is_nan() { mean } else { v };
                train_cols.push(scaled.into_iter().map(fill).collect());
                test_cols.push(fold.test.iter().map(|&i| fill(r.scale(col[i]))).collect());
                owners.push(pos);
            }
            FeatureKind::Nominal { levels } => {
                let mut counts = vec![0usize; levels.len()];
                fold.train.iter().filter(|&&i| !col[i].is_nan()).for_each(|&i| counts[col[i] as usize] += 1);
                let mode = super::argmax(&counts.iter().map(|&c| c as f64).collect::<Vec<_>>());
                let code = |v: f64| if v.is_nan() { mode } else { v as usize };
                let outputs: Vec<usize> = if levels.len() == 2 { vec![1] } else { (0..levels.len()).collect() };
                for level in outputs {
                    train_cols.push(fold.train.iter().map(|&i| (code(col[i]) == level) as u8 as f64).collect());
                    test_cols.push(fold.test.iter().map(|&i| (code(col[i]) == level) as u8 as f64).collect());
                    owners.push(pos);
                }
            }
        }
    }
    (to_matrix(&train_cols, fold.train.len()), to_matrix(&test_cols, fold.test.len()), owners)
}

/// The number of columns [`design_matrices`] makes of every feature of `data`.
pub(crate) fn design_width(data: &Dataset) -> usize {
    (0..data.n_features())
        .map(|j| match data.kind(j) {
            FeatureKind::Nominal { levels } if levels.len() > 2 => levels.len(),
            _ => 1,
        })
        .sum()
}

fn to_matrix(cols: &[Vec<f64>], rows: usize) -> Array2<f64> {
    Array2::from_shape_fn((rows, cols.len()), |(i, j)| cols[j][i])
}
