//! Support vector machine, the curve learner of \[P18\]/\[P20\]: quadratic kernel K(x,y) = ⟨x,y⟩², C = 0.1.
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

use std::ops::Range;

use ndarray::{ArrayView1, ArrayView2};
use rayon::prelude::*;

use super::prepare::{design_matrices, design_width};
use super::smo::{solve, Solution};
use super::{argmax, CheckedFold, Learner};
use crate::data::{Dataset, Task};
use crate::error::{Error, Result};
use crate::memory::F64;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::Prediction;
use crate::reuse::Buffer;
use crate::spec::{spec_words, Spec};

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

spec_words!(Multiclass, "multiclass scheme", {
    Multiclass::OneVsOne => "ovo",
    Multiclass::OneVsRest => "ovr",
});

/// C-SVC on featrank's SMO solver; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// let svm = Svm::new().c(0.1).kernel(Kernel::Polynomial { degree: 2.0, constant: 0.0 });
/// assert_eq!(svm.spec().to_string(), "svm:c=0.1,kernel=poly,degree=2,constant=0,multiclass=ovo,tol=0.001");
/// assert!(Svm::new().c(0.0).validated().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Svm {
    c: f64,
    kernel: Kernel,
    multiclass: Multiclass,
    tol: f64,
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
            tol: 1e-3,
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

    /// SMO stopping tolerance τ (> 0), as Weka's SMO reads it: the solver stops when the maximal KKT
    /// violation m(α) − M(α) falls below 2τ (LIBSVM's `eps` = 2τ).
    pub fn tol(mut self, tol: f64) -> Svm {
        self.tol = tol;
        self
    }

    /// From the spec `svm:c=0.1,kernel=poly,degree=2,constant=0,multiclass=ovo,tol=0.001`; the kernel is
    /// `linear`, `poly` (`degree`, `constant`) or `rbf` (`width`).
    pub fn from_spec(s: &Spec) -> Result<Svm> {
        let name = s.value("kernel").unwrap_or("poly");
        if !KERNELS.contains(&name) {
            return Err(Error::Unknown {
                kind: "kernel".into(),
                name: name.into(),
                known: KERNELS.iter().map(|k| k.to_string()).collect(),
            });
        }
        let setting = format!("kernel={name}");
        s.check_params(
            &PARAMS.iter().filter(|p| p.needs.is_empty() || p.needs == setting).copied().collect::<Vec<_>>(),
        )?;
        let kernel = match name {
            "linear" => Kernel::Linear,
            "poly" => Kernel::Polynomial { degree: s.get("degree", 2.0)?, constant: s.get("constant", 0.0)? },
            _ => Kernel::Gaussian { width: s.get("width", 1.0)? },
        };
        let d = Svm::new();
        Svm { c: s.get("c", d.c)?, kernel, multiclass: s.get("multiclass", d.multiclass)?, tol: s.get("tol", d.tol)? }
            .validated()
    }

    /// Check the parameters on their own.
    pub fn validated(self) -> Result<Svm> {
        if !(self.c > 0.0 && self.c.is_finite()) {
            return Err(Error::param("c", format!("must be a positive number, got {}", self.c)));
        }
        if !(self.tol > 0.0 && self.tol.is_finite()) {
            return Err(Error::param("tol", format!("must be a positive number, got {}", self.tol)));
        }
        match self.kernel {
            Kernel::Polynomial { degree, .. } if !(degree > 0.0 && degree.is_finite()) => {
                Err(Error::param("degree", format!("must be positive, got {degree}")))
            }
            Kernel::Polynomial { constant, .. } if !constant.is_finite() => {
                Err(Error::param("constant", format!("must be a finite number, got {constant}")))
            }
            Kernel::Gaussian { width } if !(width > 0.0 && width.is_finite()) => {
                Err(Error::param("width", format!("must be positive, got {width}")))
            }
            _ => Ok(self),
        }
    }

    /// Kernel value from the linear Gram entry ⟨x, y⟩ (or, for the Gaussian kernel, from ‖x − y‖²).
    #[inline(always)]
    fn kernel_of(&self, v: f64) -> f64 {
        match self.kernel {
            Kernel::Linear => v,
            Kernel::Polynomial { degree: 2.0, constant } => (v + constant) * (v + constant),
            Kernel::Polynomial { degree, constant } => (v + constant).powf(degree),
            Kernel::Gaussian { width } => (-v / width).exp(),
        }
    }

    /// Add the design columns `new` to the sums behind the kernel — ⟨x, y⟩ for linear and polynomial
    /// kernels, ‖x − y‖² for the Gaussian one — and derive the kernel from them, in one pass over the
    /// rows (each row of `sums` stays in cache while all new columns enter it); a row the new columns
    /// leave unchanged (all its new entries 0: one-hot indicators, binary features) keeps its kernel
    /// row. `a` holds the rows (training or test design), `b` the training design; `sums` and `kern` are
    /// `a.nrows() × b.nrows()`.
    fn grow(
        &self,
        sums: &mut [f64],
        kern: &mut [f64],
        a: ArrayView2<'_, f64>,
        b: ArrayView2<'_, f64>,
        new: Range<usize>,
    ) {
        let width = b.nrows().max(1);
        // Design columns are strided views; contiguous copies let the row updates vectorise.
        let b: Vec<Vec<f64>> = new.clone().map(|c| b.column(c).to_vec()).collect();
        let gaussian = matches!(self.kernel, Kernel::Gaussian { .. });
        sums.par_chunks_mut(width).zip(kern.par_chunks_mut(width)).enumerate().for_each(|(i, (row, out))| {
            crate::simd::wide!(svm_kernel_rows, || {
                // A row whose new entries are all 0 keeps its ⟨x, y⟩ sums, so its kernel row stands (after
                // the first call, which derives every row).
                let mut changed = gaussian || new.start == 0;
                for (c, b) in new.clone().zip(&b) {
                    let ai = a[[i, c]];
                    if gaussian {
                        row.iter_mut().zip(b).for_each(|(r, &bj)| *r += (ai - bj) * (ai - bj));
                    } else if ai != 0.0 {
                        row.iter_mut().zip(b).for_each(|(r, &bj)| *r += ai * bj);
                        changed = true;
                    }
                }
                if changed {
                    out.iter_mut().zip(row.iter()).for_each(|(k, &s)| *k = self.kernel_of(s));
                }
            },)
        });
    }
}

/// sums += weight · a bᵀ (`sums` is `a.len() × b.len()`, row-major): one design column's share of a Gram
/// matrix, added when a feature enters (curves) or subtracted when it leaves (SVM-RFE).
pub(crate) fn add_products(sums: &mut [f64], a: ArrayView1<'_, f64>, b: ArrayView1<'_, f64>, weight: f64) {
    // A design column is a strided view; a contiguous copy lets the row updates vectorise.
    let b = b.to_vec();
    sums.par_chunks_mut(b.len().max(1)).enumerate().for_each(|(i, row)| {
        let ai = weight * a[i];
        if ai != 0.0 {
            row.iter_mut().zip(b.iter()).for_each(|(r, &bj)| *r += ai * bj);
        }
    });
}

/// One binary machine of a fold: its training positions, labels ±1 and last multipliers (the warm start
/// for the next, larger subset).
pub(crate) struct Machine {
    pub rows: Vec<usize>,
    pub y: Vec<f64>,
    alpha: Option<Vec<f64>>,
}

/// Storage the machines of a fold share, one solve at a time: a machine's rows of the kernel (when it
/// does not use every row) and the solver's compacted block. Kept from one solve to the next, so the
/// memory is reused instead of being requested (and zeroed by the system) for every solve.
#[derive(Default)]
pub(crate) struct Scratch {
    sub: Vec<f64>,
    block: Vec<f64>,
}

impl Machine {
    /// Solve on this machine's rows of the `n × n` kernel `kern`, starting from the last solution, and
    /// keep the new one as the next start.
    pub(crate) fn solve(&mut self, kern: &[f64], n: usize, c: f64, tol: f64, scratch: &mut Scratch) -> Solution {
        let sol = if self.rows.len() == n {
            solve(kern, &self.y, c, tol, self.alpha.as_deref(), &mut scratch.block)
        } else {
            let sub = &mut scratch.sub;
            sub.clear();
            for &i in &self.rows {
                let row = &kern[i * n..(i + 1) * n];
                sub.extend(self.rows.iter().map(|&j| row[j]));
            }
            solve(sub, &self.y, c, tol, self.alpha.as_deref(), &mut scratch.block)
        };
        self.alpha = Some(sol.alpha.clone());
        sol
    }
}

/// How the machines' decision values become class scores.
pub(crate) enum Scheme {
    /// Only one class in the training fold.
    Constant(usize),
    /// Two classes: the machine separates class 0 (positive) from class 1.
    Binary,
    /// Pairs (a, b): a vote for a when the decision is ≥ 0, else for b.
    Pairs(Vec<(usize, usize)>),
    /// Class c's machine against the rest; classes absent from training score −∞.
    Rest(Vec<usize>),
}

impl Svm {
    /// The binary machines for the training labels `ytr` (class codes) among `k` classes.
    pub(crate) fn machines(&self, ytr: &[usize], k: usize) -> (Scheme, Vec<Machine>) {
        let present: Vec<usize> = (0..k).filter(|c| ytr.contains(c)).collect();
        let machine = |keep: &dyn Fn(usize) -> bool, pos: usize| {
            let rows: Vec<usize> = (0..ytr.len()).filter(|&i| keep(ytr[i])).collect();
            let y = rows.iter().map(|&i| if ytr[i] == pos { 1.0 } else { -1.0 }).collect();
            Machine { rows, y, alpha: None }
        };
        if present.len() == 1 {
            return (Scheme::Constant(present[0]), Vec::new());
        }
        if k == 2 {
            return (Scheme::Binary, vec![machine(&|_| true, 0)]);
        }
        match self.multiclass {
            Multiclass::OneVsOne => {
                let pairs: Vec<(usize, usize)> = present
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &a)| present[i + 1..].iter().map(move |&b| (a, b)))
                    .collect();
                let ms = pairs.iter().map(|&(a, b)| machine(&|c| c == a || c == b, a)).collect();
                (Scheme::Pairs(pairs), ms)
            }
            Multiclass::OneVsRest => {
                let ms = present.iter().map(|&c| machine(&|_| true, c)).collect();
                (Scheme::Rest(present), ms)
            }
        }
    }

    /// Solve every machine on the current kernel (warm-started from its last solution) and combine the
    /// test decisions into a prediction. `kern` is the train kernel, `kern_test` test × train.
    /// `n` training rows, `k` classes.
    fn predict(
        &self,
        scheme: &Scheme,
        machines: &mut [Machine],
        kern: &[f64],
        kern_test: &[f64],
        n: usize,
        k: usize,
        scratch: &mut Scratch,
    ) -> Prediction {
        let n_test = kern_test.len() / n.max(1);
        let decisions: Vec<Vec<f64>> = machines
            .iter_mut()
            .map(|m| {
                let sol = m.solve(kern, n, self.c, self.tol, scratch);
                let support: Vec<usize> = (0..m.rows.len()).filter(|&i| sol.alpha[i] > 0.0).collect();
                let d = (0..n_test)
                    .map(|t| {
                        let row = &kern_test[t * n..(t + 1) * n];
                        support.iter().map(|&i| sol.alpha[i] * m.y[i] * row[m.rows[i]]).sum::<f64>() - sol.rho
                    })
                    .collect();
                d
            })
            .collect();
        let mut scores = vec![0.0; n_test * k];
        match scheme {
            Scheme::Constant(c) => (0..n_test).for_each(|t| scores[t * k + c] = 1.0),
            Scheme::Binary => decisions[0].iter().enumerate().for_each(|(t, &d)| {
                scores[t * k] = d;
                scores[t * k + 1] = -d;
            }),
            Scheme::Pairs(pairs) => {
                for (&(a, b), d) in pairs.iter().zip(&decisions) {
                    d.iter()
                        .enumerate()
                        .for_each(|(t, &d)| scores[t * k + if d >= 0.0 { a } else { b }] += 1.0 / (k - 1) as f64);
                }
            }
            Scheme::Rest(classes) => {
                scores.iter_mut().for_each(|s| *s = f64::NEG_INFINITY);
                for (&c, d) in classes.iter().zip(&decisions) {
                    d.iter().enumerate().for_each(|(t, &d)| scores[t * k + c] = d);
                }
            }
        }
        let labels = scores.chunks(k).map(argmax).collect();
        Prediction::Classes { labels, scores }
    }
}

/// The kernels a spec names.
const KERNELS: &[&str] = &["linear", "poly", "rbf"];

/// The keys of the SVM; the kernel's own keys need that kernel.
const PARAMS: &[Param] = &[
    Param::new("c", Values::positive(), "the cost of a margin violation"),
    Param::new("kernel", Values::Words(KERNELS), "⟨x, y⟩, (⟨x, y⟩ + constant)^degree or exp(−‖x − y‖² / width)"),
    Param::new("degree", Values::positive(), "the polynomial kernel's exponent").needs("kernel=poly"),
    Param::new(
        "constant",
        Values::Real { min: f64::NEG_INFINITY, max: f64::INFINITY, min_in: false, max_in: false, or: "" },
        "added to ⟨x, y⟩ before the power",
    )
    .needs("kernel=poly"),
    Param::new("width", Values::positive(), "the Gaussian kernel's width").needs("kernel=rbf"),
    Param::new(
        "multiclass",
        Values::Words(Multiclass::WORDS),
        "more than two classes: one machine per pair (ovo, pairwise coupling) or per class (ovr)",
    ),
    Param::new("tol", Values::positive(), "the SMO solver's tolerance on the KKT conditions"),
];

impl Method for Svm {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Cortes & Vapnik 1995, Machine Learning 20; Platt 1998 (SMO); Fan, Chen & Lin 2005, JMLR 6"
    }

    fn spec(&self) -> Spec {
        let s = Spec::new("svm").with("c", self.c);
        let s = match self.kernel {
            Kernel::Linear => s.with("kernel", "linear"),
            Kernel::Polynomial { degree, constant } => {
                s.with("kernel", "poly").with("degree", degree).with("constant", constant)
            }
            Kernel::Gaussian { width } => s.with("kernel", "rbf").with("width", width),
        };
        s.with("multiclass", self.multiclass).with("tol", self.tol)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Learner for Svm {
    fn check(&self, _data: &Dataset, _min_train: usize) -> Result<()> {
        (*self).validated().map(|_| ())
    }

    /// The design matrices, the sums behind the kernel and the kernel itself for train × train and
    /// test × train (the curve fast path keeps both), each machine's multipliers, and the solver's
    /// `Scratch` (a compacted block of at most (5n/6)² cells and, with more than two classes, a
    /// machine's rows of the kernel: n² cells bound both).
    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        let (n, t, w, k) = (train as u64, test as u64, design_width(data) as u64, data.n_classes() as u64);
        F64 * (3 * n * n + 2 * t * n + (n + t) * w + k * k * n)
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let mut out = self.fit_predict_nested_checked(fold, features, &[features.len()])?;
        Ok(out.pop().expect("one size, one prediction"))
    }

    /// The curve fast path: the sums behind the kernel (⟨x, y⟩, or ‖x − y‖² for the Gaussian kernel)
    /// grow by one feature's columns at a time, the kernel is derived from them elementwise, and each
    /// machine starts from its solution at the previous size. One size is exactly a refit.
    fn fit_predict_nested_checked(
        &self,
        fold: &CheckedFold<'_>,
        order: &[usize],
        sizes: &[usize],
    ) -> Result<Vec<Prediction>> {
        let data = fold.data;
        let codes = data.labels().ok_or_else(|| super::unsupported(self, data.task()))?;
        let k = data.n_classes();
        let (xtr, xte, owners) = design_matrices(fold, order);
        let ytr: Vec<usize> = fold.train.iter().map(|&i| codes[i]).collect();
        let (scheme, mut machines) = self.machines(&ytr, k);
        let (n, n_test) = (fold.train.len(), fold.test.len());
        let (mut sums, mut sums_test) = (Buffer::zeroed(n * n), Buffer::zeroed(n_test * n));
        let (mut kern, mut kern_test) = (Buffer::zeroed(n * n), Buffer::zeroed(n_test * n));
        let mut added = 0;
        let mut scratch = Scratch::default();
        let mut out = Vec::with_capacity(sizes.len());
        for &size in sizes {
            let cols = owners.partition_point(|&o| o < size);
            self.grow(&mut sums, &mut kern, xtr.view(), xtr.view(), added..cols);
            self.grow(&mut sums_test, &mut kern_test, xte.view(), xtr.view(), added..cols);
            added = cols;
            out.push(self.predict(&scheme, &mut machines, &kern, &kern_test, n, k, &mut scratch));
        }
        Ok(out)
    }
}

crate::method::from_spec!(Svm);
