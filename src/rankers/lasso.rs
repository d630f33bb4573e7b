//! Penalised-regression rankers on the elastic-net engine ([`crate::learners::glmnet`]): the size of each
//! feature's coefficient at a chosen λ (`lasso`), and the order in which features enter along the λ path
//! (`lasso-path`).
//!
//! Both fit the learners' design matrix of every feature (a nominal feature as 0/1 columns, a missing value as
//! the mean or mode) with the Gaussian family for a numeric target, for a class target the binomial family (two
//! classes) or the multinomial family (more: one coefficient per class and feature, glmnet's ungrouped penalty),
//! and the Cox family (Breslow's ties) for a survival target, on the rows given (a split's training rows inside a
//! curve). A coefficient is read on the standardised scale, b_j · s_j with s_j the column's standard deviation on
//! those rows (divisor n), and a feature's size is the Euclidean norm of its standardised coefficients over its
//! columns and, for the multinomial family, over the classes: c_j = (Σ_columns Σ_classes (b · s)²)^{1/2}.
//!
//! - `lasso`: score = that norm at the λ chosen as the `glmnet` learner chooses it (fixed, or an inner
//!   cross-validation with the `min` or `1se` rule). Features the penalty leaves at zero tie at 0, in the
//!   dataset's order; `lasso-path` ranks every feature that enters.
//! - `lasso-path`: on glmnet's default path (100 λ from λ_max down, early stop), score = (L − e_j) +
//!   c_j / (1 + c_j), with L the path's length, e_j the index of the first λ at which any of the feature's
//!   coefficients is non-zero (for the multinomial family the earliest over the classes) and c_j the norm
//!   at the path's last λ: the integer part orders by entry (earlier = higher), the fraction in [0, 1) breaks
//!   ties of entry by the size at the end. A feature that never enters scores c_j / (1 + c_j) = 0.

use ndarray::{Array2, ArrayView2};

use super::{Checked, Ranker};
use crate::data::{Dataset, Task};
use crate::error::Result;
use crate::learners::glmnet::{
    cox_path, null_model, responses, ElasticNet, Family, Lambda, Path, Penalty, ALPHA, PENALTY, REFERENCE,
};
use crate::learners::{design_matrices, design_width};
use crate::memory::F64;
use crate::method::Method;
use crate::param::Param;
use crate::resampling::Fold;
use crate::spec::Spec;

/// |standardised coefficient| of a penalised GLM at a chosen λ (the lasso by default, λ by inner 10-fold CV).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Lasso, Ranker};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let lasso = Lasso::new();
/// assert_eq!(lasso.spec().to_string(), "lasso:alpha=1,lambda=cv,rule=min,folds=10");
/// let ranking = lasso.rank(&iris, 1).unwrap();
/// assert!(ranking.order()[..2].contains(&"petalwidth".to_string()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Lasso {
    penalty: Penalty,
}

impl Lasso {
    /// The lasso, λ by 10-fold cross-validation on the rows ranked, the minimum rule.
    pub fn new() -> Lasso {
        Lasso::default()
    }

    /// The mixing α ∈ [0, 1] (1 the lasso, 0 ridge regression).
    pub fn alpha(mut self, alpha: f64) -> Lasso {
        self.penalty.alpha = alpha;
        self
    }

    /// How λ is chosen: fixed, or by an inner cross-validation.
    pub fn lambda(mut self, lambda: Lambda) -> Lasso {
        self.penalty.lambda = lambda;
        self
    }

    /// From the spec `lasso:alpha=1,lambda=cv,rule=min,folds=10` (or `lambda=0.05`, a fixed λ).
    pub fn from_spec(s: &Spec) -> Result<Lasso> {
        s.check_params(PENALTY)?;
        Ok(Lasso { penalty: Penalty::from_spec(s)? })
    }
}

impl Method for Lasso {
    fn parameters(&self) -> &'static [Param] {
        PENALTY
    }

    fn reference(&self) -> &'static str {
        REFERENCE
    }

    fn spec(&self) -> Spec {
        self.penalty.write(Spec::new("lasso"))
    }

    /// Classes, numbers and survival (the Cox family).
    fn supports(&self, task: Task) -> bool {
        matches!(task, Task::Classification | Task::Regression | Task::Survival)
    }
}

impl Ranker for Lasso {
    fn check(&self, _data: &Dataset) -> Result<()> {
        self.penalty.validated().map(|_| ())
    }

    fn memory(&self, data: &Dataset) -> u64 {
        path_memory(data)
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let (x, owners, rows) = design(data);
        let scale = deviations(x.view());
        if data.survival().is_some() {
            let fit = self.penalty.cox_fit(data, &rows, x.view(), seed, || Ok(data.clone()))?;
            let mut squares = vec![0.0; data.n_features()];
            for (c, b) in fit.coefficients(x.ncols()).into_iter().enumerate() {
                squares[owners[c]] += (b * scale[c]).powi(2);
            }
            return Ok(squares.into_iter().map(f64::sqrt).collect());
        }
        let fits = self.penalty.fits(data, &rows, x.view(), seed, || Ok(data.clone()))?;
        let mut squares = vec![0.0; data.n_features()];
        for (_, fit) in &fits {
            for (c, b) in fit.coefficients(x.ncols()).into_iter().enumerate() {
                squares[owners[c]] += (b * scale[c]).powi(2);
            }
        }
        Ok(squares.into_iter().map(f64::sqrt).collect())
    }
}

/// The order of entry along the elastic-net path (the lasso by default), ties by the size at the path's end.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{LassoPath, Ranker};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// assert_eq!(LassoPath::new().spec().to_string(), "lasso-path:alpha=1");
/// let scores = LassoPath::new().scores(&iris, 0).unwrap();
/// assert!(scores.iter().all(|s| *s >= 0.0));
/// let ranking = LassoPath::new().rank(&iris, 0).unwrap();
/// assert!(ranking.order()[..2].contains(&"petallength".to_string()) || ranking.order()[..2].contains(&"petalwidth".to_string()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LassoPath {
    alpha: f64,
}

impl Default for LassoPath {
    fn default() -> Self {
        LassoPath::new()
    }
}

impl LassoPath {
    /// The lasso path.
    pub fn new() -> LassoPath {
        LassoPath { alpha: 1.0 }
    }

    /// The mixing α ∈ [0, 1] (1 the lasso; at 0, ridge, every feature enters at once).
    pub fn alpha(mut self, alpha: f64) -> LassoPath {
        self.alpha = alpha;
        self
    }

    /// From the spec `lasso-path:alpha=1`.
    pub fn from_spec(s: &Spec) -> Result<LassoPath> {
        s.check_params(PATH)?;
        LassoPath { alpha: s.get("alpha", 1.0)? }.validated()
    }

    /// The one check of α.
    fn validated(self) -> Result<LassoPath> {
        ElasticNet::new(Family::Gaussian).alpha(self.alpha).check()?;
        Ok(self)
    }
}

/// The keys of the entry-order ranker.
const PATH: &[Param] = &[ALPHA];

impl Method for LassoPath {
    fn parameters(&self) -> &'static [Param] {
        PATH
    }

    fn reference(&self) -> &'static str {
        REFERENCE
    }

    fn spec(&self) -> Spec {
        Spec::new("lasso-path").with("alpha", self.alpha)
    }

    fn supports(&self, task: Task) -> bool {
        matches!(task, Task::Classification | Task::Regression | Task::Survival)
    }
}

impl Ranker for LassoPath {
    fn check(&self, _data: &Dataset) -> Result<()> {
        self.validated().map(|_| ())
    }

    fn memory(&self, data: &Dataset) -> u64 {
        path_memory(data)
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let (x, owners, rows) = design(data);
        let scale = deviations(x.view());
        let score = |(s, q): (usize, f64)| s as f64 + q.sqrt() / (1.0 + q.sqrt());
        if data.survival().is_some() {
            let path = cox_path(data, &rows, x.view(), ElasticNet::new(Family::Cox).alpha(self.alpha))?;
            let (steps, squares) = sizes(&path, path.len() - 1, &owners, &scale, data.n_features());
            return Ok(steps.into_iter().zip(squares).map(score).collect());
        }
        let (family, ys) = responses(data, &rows)?;
        let net = ElasticNet::new(family).alpha(self.alpha);
        let (mut steps, mut squares) = (vec![0usize; data.n_features()], vec![0.0; data.n_features()]);
        if ys.iter().any(|(_, y)| null_model(family, x.view(), y).is_some()) {
            // nothing to learn from the rows (every column constant): no feature enters
            return Ok(steps.into_iter().zip(squares).map(score).collect());
        }
        let paths = match family {
            Family::Multinomial => {
                let class: Vec<usize> =
                    (0..rows.len()).map(|i| ys.iter().position(|(_, y)| y[i] == 1.0).unwrap_or(0)).collect();
                net.path_multinomial(x.view(), &class)?
            }
            _ => vec![net.path(x.view(), &ys[0].1)?],
        };
        for path in paths {
            let (s, q) = sizes(&path, path.len() - 1, &owners, &scale, data.n_features());
            for f in 0..data.n_features() {
                steps[f] = steps[f].max(s[f]);
                squares[f] += q[f];
            }
        }
        Ok(steps.into_iter().zip(squares).map(score).collect())
    }
}

/// Per feature of one path: L − e (L the path's length, e the first λ at which any of the feature's columns is
/// non-zero; 0 if none is), and the sum of its squared standardised coefficients at λ index `k`.
fn sizes(path: &Path, k: usize, owners: &[usize], scale: &[f64], features: usize) -> (Vec<usize>, Vec<f64>) {
    let (mut steps, mut squares) = (vec![0usize; features], vec![0.0; features]);
    for (c, entry) in path.entry().into_iter().enumerate() {
        if let Some(e) = entry {
            steps[owners[c]] = steps[owners[c]].max(path.len() - e);
        }
        squares[owners[c]] += (path.coefficients(k)[c] * scale[c]).powi(2);
    }
    (steps, squares)
}

/// The design matrix of every feature on every row of `data`, each column's feature, and the rows.
fn design(data: &Dataset) -> (Array2<f64>, Vec<usize>, Vec<usize>) {
    let (rows, features): (Vec<usize>, Vec<usize>) = ((0..data.n_rows()).collect(), (0..data.n_features()).collect());
    let (x, _, owners) = design_matrices(&Fold { data, train: &rows, test: &[], seed: 0 }, &features);
    (x, owners, rows)
}

/// Each column's standard deviation (divisor n): the factor to the standardised scale.
fn deviations(x: ArrayView2<'_, f64>) -> Vec<f64> {
    x.columns().into_iter().map(|c| c.std(0.0)).collect()
}

/// The design matrix, the engine's standardised copy and an inner fold's, and a path's coefficients (100 λ) per
/// response.
fn path_memory(data: &Dataset) -> u64 {
    let (n, w) = (data.n_rows() as u64, design_width(data) as u64);
    F64 * (3 * n * w + 100 * w * data.n_classes().max(1) as u64)
}

crate::method::from_spec!(Lasso, LassoPath);
