//! Support vector machine, the curve learner of [P18]/[P20]: quadratic kernel K(x,y) = ⟨x,y⟩², C = 0.1.
//!
//! Attributes are prepared as Weka's SMO does (see `prepare::design_matrices`): min-max scaled with the
//! training fold's ranges, nominal attributes as 0/1 indicator columns, missing values replaced by the
//! training fold's mean/mode. Each binary machine is a C-SVC solved by featrank's SMO on the precomputed
//! kernel matrix (`learners/smo.rs`, LIBSVM's working-set rule); linfa-svm — 5–11× slower on these folds
//! (DESIGN.md) and without warm starts — is the reference the tests compare decisions against. Multi-class: one-vs-one by default (Weka's pairwise
//! coupling): every pair of classes gets a machine trained on the rows of those two classes, each
//! machine votes, the most votes win and ties go to the lowest class index. One-vs-rest is selectable:
//! the class whose machine gives the largest decision value wins.
//!
//! Class scores (for macro-AUC): with two classes the decision value (±); with more, the vote share
//! (one-vs-one) or the decision values (one-vs-rest).

use ndarray::{Array2, ArrayView1, Axis};
use rayon::prelude::*;

use super::prepare::design_matrices;
use super::smo::solve;
use super::{argmax, unsupported, Fold, Learner, Prediction};
use crate::dataset::{Dataset, Task};
use crate::error::{Error, Result};

/// The kernel of an [`Svm`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kernel {
    /// ⟨x, y⟩
    Linear,
    /// (⟨x, y⟩ + constant)^degree; the seeds' default is degree 2, constant 0.
    Polynomial {
        /// Exponent.
        degree: f64,
        /// Added to the inner product before the power.
        constant: f64,
    },
    /// exp(−‖x − y‖² / width)
    Gaussian {
        /// Kernel width.
        width: f64,
    },
}

/// How binary machines are combined for more than two classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Multiclass {
    /// One machine per pair of classes, majority vote (Weka's SMO).
    OneVsOne,
    /// One machine per class against the rest, largest decision value.
    OneVsRest,
}

/// C-SVC on featrank's SMO solver; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// let svm = Svm::new().c(0.1).kernel(Kernel::Polynomial { degree: 2.0, constant: 0.0 });
/// assert_eq!(svm.name(), "svm:0.1");
/// assert!(Svm::new().c(0.0).validated().is_err());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Svm {
    c: f64,
    kernel: Kernel,
    multiclass: Multiclass,
    eps: f64,
}

impl Default for Svm {
    fn default() -> Self {
        Svm::new()
    }
}

impl Svm {
    /// C = 0.1, quadratic kernel ⟨x,y⟩², one-vs-one, solver tolerance 1e-3.
    pub fn new() -> Svm {
        Svm {
            c: 0.1,
            kernel: Kernel::Polynomial { degree: 2.0, constant: 0.0 },
            multiclass: Multiclass::OneVsOne,
            eps: 1e-3,
        }
    }

    /// Complexity constant C (> 0).
    pub fn c(mut self, c: f64) -> Svm {
        self.c = c;
        self
    }

    /// The kernel.
    pub fn kernel(mut self, kernel: Kernel) -> Svm {
        self.kernel = kernel;
        self
    }

    /// Multi-class scheme.
    pub fn multiclass(mut self, m: Multiclass) -> Svm {
        self.multiclass = m;
        self
    }

    /// SMO stopping tolerance (> 0).
    pub fn eps(mut self, eps: f64) -> Svm {
        self.eps = eps;
        self
    }

    /// Check the parameters on their own.
    pub fn validated(self) -> Result<Svm> {
        if !(self.c > 0.0 && self.c.is_finite()) {
            return Err(Error::param("C", format!("must be a positive number, got {}", self.c)));
        }
        if !(self.eps > 0.0 && self.eps.is_finite()) {
            return Err(Error::param("eps", format!("must be a positive number, got {}", self.eps)));
        }
        match self.kernel {
            Kernel::Polynomial { degree, .. } if !(degree > 0.0 && degree.is_finite()) => {
                Err(Error::param("degree", format!("must be positive, got {degree}")))
            }
            Kernel::Gaussian { width } if !(width > 0.0 && width.is_finite()) => {
                Err(Error::param("width", format!("must be positive, got {width}")))
            }
            _ => Ok(self),
        }
    }

    /// K(a, b) for two rows.
    fn kernel_value(&self, a: ArrayView1<'_, f64>, b: ArrayView1<'_, f64>) -> f64 {
        match self.kernel {
            Kernel::Linear => a.dot(&b),
            Kernel::Polynomial { degree, constant } => (a.dot(&b) + constant).powf(degree),
            Kernel::Gaussian { width } => (-a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum::<f64>() / width).exp(),
        }
    }

    /// Fit one binary machine (`positive[i]` = row i is the positive class) and return the decision
    /// values of `test` (≥ 0 = positive).
    fn binary(&self, train: Array2<f64>, positive: Vec<bool>, test: &Array2<f64>) -> Result<Vec<f64>> {
        let n = train.nrows();
        let mut k = vec![0.0; n * n];
        k.par_chunks_mut(n).enumerate().for_each(|(i, row)| {
            for (j, v) in row.iter_mut().enumerate().take(i + 1) {
                *v = self.kernel_value(train.row(i), train.row(j));
            }
        });
        for i in 0..n {
            for j in i + 1..n {
                k[i * n + j] = k[j * n + i];
            }
        }
        let y: Vec<f64> = positive.iter().map(|&p| if p { 1.0 } else { -1.0 }).collect();
        let sol = solve(&k, &y, self.c, self.eps, None);
        let support: Vec<usize> = (0..n).filter(|&i| sol.alpha[i] > 0.0).collect();
        // decision(x) = Σ α_i y_i K(x_i, x) − ρ
        Ok(test
            .axis_iter(Axis(0))
            .map(|x| {
                support.iter().map(|&i| sol.alpha[i] * y[i] * self.kernel_value(train.row(i), x)).sum::<f64>() - sol.rho
            })
            .collect())
    }
}

impl Learner for Svm {
    fn name(&self) -> String {
        format!("svm:{}", self.c)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }

    fn check(&self, data: &Dataset, _min_train: usize) -> Result<()> {
        if !self.supports(data.task()) {
            return Err(unsupported(&self.name(), data.task()));
        }
        self.clone().validated().map(|_| ())
    }

    fn fit_predict(&self, fold: &Fold<'_>, features: &[usize]) -> Result<Prediction> {
        fold.validate(features)?;
        let data = fold.data;
        let codes = data.labels().ok_or_else(|| unsupported(&self.name(), data.task()))?;
        let k = data.n_classes();
        let (xtr, xte, _) = design_matrices(fold, features);
        let ytr: Vec<usize> = fold.train.iter().map(|&i| codes[i]).collect();
        let present: Vec<usize> = (0..k).filter(|c| ytr.contains(c)).collect();
        let n_test = fold.test.len();
        let mut scores = vec![0.0; n_test * k];
        if present.len() == 1 {
            (0..n_test).for_each(|t| scores[t * k + present[0]] = 1.0);
        } else if k == 2 {
            let d = self.binary(xtr, ytr.iter().map(|&c| c == 0).collect(), &xte)?;
            for (t, d) in d.into_iter().enumerate() {
                scores[t * k] = d;
                scores[t * k + 1] = -d;
            }
        } else {
            match self.multiclass {
                Multiclass::OneVsOne => {
                    for (ai, &a) in present.iter().enumerate() {
                        for &b in &present[ai + 1..] {
                            let rows: Vec<usize> = (0..ytr.len()).filter(|&i| ytr[i] == a || ytr[i] == b).collect();
                            let sub = xtr.select(Axis(0), &rows);
                            let d = self.binary(sub, rows.iter().map(|&i| ytr[i] == a).collect(), &xte)?;
                            for (t, d) in d.into_iter().enumerate() {
                                scores[t * k + if d >= 0.0 { a } else { b }] += 1.0 / (k - 1) as f64;
                            }
                        }
                    }
                }
                Multiclass::OneVsRest => {
                    for c in 0..k {
                        if !present.contains(&c) {
                            (0..n_test).for_each(|t| scores[t * k + c] = f64::NEG_INFINITY);
                            continue;
                        }
                        let d = self.binary(xtr.clone(), ytr.iter().map(|&y| y == c).collect(), &xte)?;
                        d.into_iter().enumerate().for_each(|(t, d)| scores[t * k + c] = d);
                    }
                }
            }
        }
        let labels = scores.chunks(k).map(argmax).collect();
        Ok(Prediction::Classes { labels, scores })
    }
}
