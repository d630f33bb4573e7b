//! The variance filter: each feature's population variance, σ² = Σ (x − μ)² / n over its non-missing values
//! (scikit-learn's `VarianceThreshold` statistic; the "highly variable genes" baseline of single-cell work;
//! Guyon & Elisseeff 2003 §4 on variance as an unsupervised filter). It ignores the target, so it ranks for
//! every task — and is the baseline a supervised ranker has to beat.
//!
//! A feature is read from its non-zero cells ([`Dataset::nonzero_at`](crate::data::Dataset)): μ from their
//! sum, Σ (x − μ)² as the sum over them plus (zeros) · μ², so a sparse feature costs its stored values and its
//! dense copy gives the same bits. A two-level nominal feature counts as 0/1; one of more levels is refused.

use super::fisher::numeric_values;
use super::{Checked, Ranker};
use crate::data::dataset::RowPositions;
use crate::data::{FeatureKind, Task};
use crate::error::Result;
use crate::math::ClassMoments;
use crate::method::Method;
use crate::param::Param;
use crate::spec::Spec;

/// Rank features by their variance (module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, Variance};
/// // variances 2/3 and 0: the spread feature first; the target plays no part
/// let df = df!("a" => [0.0, 1.0, 2.0], "b" => [5.0, 5.0, 5.0], "y" => ["p", "q", "p"]).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let s = Variance::new().scores(&data, 0).unwrap();
/// assert!((s[0] - 2.0 / 3.0).abs() < 1e-15 && s[1] == 0.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Variance;

impl Variance {
    /// The variance filter (no parameters).
    pub fn new() -> Variance {
        Variance
    }

    /// From the spec `variance` (no parameters).
    pub fn from_spec(s: &Spec) -> Result<Variance> {
        s.check_params(PARAMS)?;
        Ok(Variance)
    }
}

/// The variance filter takes no keys.
const PARAMS: &[Param] = &[];

impl Method for Variance {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Guyon & Elisseeff 2003, JMLR (scikit-learn's VarianceThreshold)"
    }

    fn spec(&self) -> Spec {
        Spec::new("variance")
    }

    fn supports(&self, _task: Task) -> bool {
        true
    }
}

impl Ranker for Variance {
    /// One feature at a time, from its non-zero cells: a sparse feature costs its stored values.
    fn accepts_sparse(&self) -> bool {
        true
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let rows: Vec<usize> = (0..data.n_rows()).collect();
        let everyone = RowPositions::of(&rows, rows.len());
        let scores = crate::parallel::map(data.n_features(), |f| -> Result<f64> {
            if let FeatureKind::Nominal { .. } = data.kind(f) {
                numeric_values(data, f, "variance")?; // refused by name where it has more than two levels
            }
            let mut cells = Vec::new();
            data.nonzero_at(f, &everyone, &mut cells);
            let m = ClassMoments::of(&cells, |_| 0, &[rows.len()]);
            let (present, ss) = (m.n[0], m.ss[0]);
            if present == 0.0 {
                return Ok(0.0);
            }
            Ok(ss / present)
        });
        scores.into_iter().collect()
    }
}

crate::method::from_spec!(Variance);
