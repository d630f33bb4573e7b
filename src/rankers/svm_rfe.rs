//! SVM-RFE: recursive feature elimination with a linear SVM (Guyon et al. 2002; thesis §2.4, Algorithm 4).
//!
//! Train a linear C-SVC (C = 0.1) on the surviving features, w = Σ_k α_k y_k x_k, criterion c_i = w_i²;
//! eliminate the feature(s) with the smallest criterion; repeat until one feature is left. The ranking
//! is the reverse elimination order (the last survivor is rank 1). Score = elimination step: the
//! first feature eliminated scores 1, the survivor n. Within a step, and between equal criteria, the
//! feature listed later in the data is eliminated first.
//!
//! - Attributes are prepared as Weka's SMO does (min-max to [0, 1], nominal → 0/1 columns, missing →
//!   mean/mode); a nominal feature's criterion is the sum of w² over its columns.
//! - Multi-class ([`RfeMulticlass`]): Weka's SVMAttributeEval (the default) runs a separate elimination
//!   for each class against the rest and merges the per-class rankings round-robin (the best of every
//!   class, then the second best of every class, …, skipping features already placed); alternatively
//!   one elimination whose criterion sums w² over one machine per pair of classes (`ovo`) or per class
//!   against the rest (`ovr`). Two classes: one machine, whatever the choice.
//! - `step` ≥ 1 removes that many features per iteration; 0 < step < 1 removes that fraction of the
//!   **surviving** features (at least one).
//!
//! Speed: the linear kernel K = X Xᵀ is a sum over columns, so eliminating a feature subtracts its
//! columns' outer products (O(rows²)) instead of rebuilding K, and each machine's solver starts from its
//! previous multipliers (they stay feasible: the constraints do not involve the features).

use rayon::prelude::*;

use super::{Checked, Ranker};
use crate::data::{Dataset, Task};
use crate::error::{Error, Result};
use crate::learners::{add_products, design_matrices, design_width, Kernel, Machine, Multiclass, Scratch, Svm};
use crate::memory::F64;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::Fold;
use crate::spec::spec_words;
use crate::spec::Spec;
use ndarray::Array2;

/// How SVM-RFE ranks with more than two classes (module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, RfeMulticlass, SvmRfe};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let weka = SvmRfe::new().rank(&iris, 0).unwrap(); // per class, round-robin
/// let ovo = SvmRfe::new().multiclass(RfeMulticlass::OneVsOne).rank(&iris, 0).unwrap();
/// assert_eq!(weka.len(), ovo.len());
/// assert_eq!(SvmRfe::new().spec().to_string(), "svm-rfe:c=0.1,step=1,multiclass=per-class,tol=0.0005");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RfeMulticlass {
    /// One elimination per class against the rest, rankings merged round-robin (Weka). The default.
    #[default]
    PerClass,
    /// One elimination, criterion Σ w² over one-vs-one machines.
    OneVsOne,
    /// One elimination, criterion Σ w² over one-vs-rest machines.
    OneVsRest,
}

spec_words!(RfeMulticlass, "SVM-RFE multiclass scheme", {
    RfeMulticlass::PerClass => "per-class" | "weka",
    RfeMulticlass::OneVsOne => "ovo",
    RfeMulticlass::OneVsRest => "ovr",
});

/// SVM-RFE ranker; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, SvmRfe};
/// let data = featrank::data::datasets::load("wdbc").unwrap().dataset().unwrap();
/// let r = SvmRfe::new().rank(&data, 0).unwrap();
/// assert_eq!(r.len(), 30);
/// assert_eq!(r.scores().unwrap()[0], 30.0); // the last survivor
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct SvmRfe {
    c: f64,
    step: f64,
    multiclass: RfeMulticlass,
    tol: f64,
}

impl Default for SvmRfe {
    fn default() -> Self {
        SvmRfe::new()
    }
}

impl SvmRfe {
    /// C = 0.1, one feature per step, Weka's per-class multi-class ranking, solver tolerance 5e-4: the
    /// solve stops at a KKT violation of 10⁻³, tighter than the learner's default, because the ranking
    /// reads the weights themselves (at τ = 10⁻³ a noise feature overtakes a planted one on three classes).
    pub fn new() -> SvmRfe {
        SvmRfe { c: 0.1, step: 1.0, multiclass: RfeMulticlass::PerClass, tol: 5e-4 }
    }

    /// Complexity constant C (> 0).
    pub fn c(mut self, c: f64) -> SvmRfe {
        self.c = c;
        self
    }

    /// Features removed per iteration (a whole number ≥ 1) or fraction of the survivors (0 < step < 1).
    pub fn step(mut self, step: f64) -> SvmRfe {
        self.step = step;
        self
    }

    /// Multi-class scheme ([`RfeMulticlass`]).
    pub fn multiclass(mut self, m: RfeMulticlass) -> SvmRfe {
        self.multiclass = m;
        self
    }

    /// Tolerance τ of the SMO solver's KKT conditions (> 0), as Weka's SMO reads it: it stops when the
    /// maximal violation falls below 2τ.
    pub fn tol(mut self, tol: f64) -> SvmRfe {
        self.tol = tol;
        self
    }

    /// The linear machine trained at every elimination step.
    fn svm(&self) -> Svm {
        let machines = match self.multiclass {
            RfeMulticlass::OneVsOne => Multiclass::OneVsOne,
            RfeMulticlass::PerClass | RfeMulticlass::OneVsRest => Multiclass::OneVsRest,
        };
        Svm::new().c(self.c).kernel(Kernel::Linear).multiclass(machines).tol(self.tol)
    }

    /// From the spec `svm-rfe:c=0.1,step=1,multiclass=per-class|ovo|ovr,tol=0.0005`.
    pub fn from_spec(s: &Spec) -> Result<SvmRfe> {
        s.check_params(PARAMS)?;
        let d = SvmRfe::new();
        SvmRfe {
            c: s.get("c", d.c)?,
            step: s.get("step", d.step)?,
            multiclass: s.get("multiclass", d.multiclass)?,
            tol: s.get("tol", d.tol)?,
        }
        .validated()
    }

    /// Check the parameters on their own.
    pub fn validated(self) -> Result<SvmRfe> {
        self.svm().validated()?;
        let whole = self.step >= 1.0 && self.step.fract() == 0.0 && self.step.is_finite();
        if !(whole || (self.step > 0.0 && self.step < 1.0)) {
            return Err(Error::param(
                "step",
                format!("must be a whole number ≥ 1 or a fraction in (0, 1), got {}", self.step),
            ));
        }
        Ok(self)
    }

    fn removals(&self, alive: usize) -> usize {
        let r = if self.step >= 1.0 { self.step as usize } else { ((self.step * alive as f64) as usize).max(1) };
        r.min(alive - 1)
    }
}

/// The keys of SVM-RFE.
const PARAMS: &[Param] = &[
    Param::new("c", Values::positive(), "the linear SVM's cost"),
    Param::new(
        "step",
        Values::positive(),
        "features removed per round: a whole number ≥ 1, or a fraction in (0, 1) of those left",
    ),
    Param::new(
        "multiclass",
        Values::Words(RfeMulticlass::WORDS),
        "more than two classes: Weka's per-class rounds, or one-vs-one / one-vs-rest weights",
    ),
    Param::new("tol", Values::positive(), "the SMO solver's tolerance"),
];

impl Method for SvmRfe {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Guyon, Weston, Barnhill & Vapnik 2002, Machine Learning 46"
    }

    fn spec(&self) -> Spec {
        Spec::new("svm-rfe")
            .with("c", self.c)
            .with("step", self.step)
            .with("multiclass", self.multiclass)
            .with("tol", self.tol)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Ranker for SvmRfe {
    fn check(&self, _data: &Dataset) -> Result<()> {
        self.clone().validated().map(|_| ())
    }

    /// The design matrix and the rows × rows linear kernel, one per class eliminated at once (per-class
    /// ranking of more than two classes runs the classes in parallel).
    fn memory(&self, data: &Dataset) -> u64 {
        let rows = data.n_rows() as u64;
        let copies = match self.multiclass {
            RfeMulticlass::PerClass if data.n_classes() > 2 => data.n_classes().min(rayon::current_num_threads()),
            _ => 1,
        } as u64;
        F64 * (rows * design_width(data) as u64 + copies * rows * rows)
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let n = data.n_features();
        let all: Vec<usize> = (0..data.n_rows()).collect();
        let features: Vec<usize> = (0..n).collect();
        let fold = Fold { data, train: &all, test: &[], seed };
        let (x, _, owners) = design_matrices(&fold, &features);
        let codes = data.labels().expect("classification");
        let (_, machines) = self.svm().machines(codes, data.n_classes());
        let mut cols_of: Vec<Vec<usize>> = vec![Vec::new(); n];
        owners.iter().enumerate().for_each(|(col, &f)| cols_of[f].push(col));
        let design = Design { x: &x, cols_of: &cols_of };
        if self.multiclass != RfeMulticlass::PerClass || machines.len() < 2 {
            return Ok(self.eliminate(&design, machines));
        }
        // Weka: one elimination per class, then the per-class rankings round-robin.
        let per_class: Vec<Vec<usize>> = machines
            .into_par_iter()
            .map(|m| {
                let s = self.eliminate(&design, vec![m]);
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by(|&a, &b| s[b].total_cmp(&s[a]));
                order
            })
            .collect();
        let mut scores = vec![0.0; n];
        let mut next = n as f64;
        for position in 0..n {
            for order in &per_class {
                let f = order[position];
                if scores[f] == 0.0 {
                    scores[f] = next;
                    next -= 1.0;
                }
            }
        }
        Ok(scores)
    }
}

/// The prepared design matrix and each feature's columns in it.
struct Design<'a> {
    x: &'a Array2<f64>,
    cols_of: &'a [Vec<usize>],
}

impl SvmRfe {
    /// One elimination whose criterion sums w² over `machines`; scores = elimination step (module docs).
    fn eliminate(&self, d: &Design<'_>, mut machines: Vec<Machine>) -> Vec<f64> {
        let (x, cols_of) = (d.x, d.cols_of);
        let n = cols_of.len();
        let rows = x.nrows();
        // K = X Xᵀ, built (and later shrunk) column by column.
        let mut k = vec![0.0; rows * rows];
        for col in 0..x.ncols() {
            add_products(&mut k, x.column(col), x.column(col), 1.0);
        }
        let mut alive: Vec<usize> = (0..n).collect();
        let mut scores = vec![0.0; n];
        let mut eliminated = 0.0;
        while alive.len() > 1 {
            let crit: Vec<Vec<f64>> = machines
                .par_iter_mut()
                .map(|m| {
                    let sol = m.solve(&k, rows, self.c, self.tol, &mut Scratch::default());
                    let mut crit = vec![0.0; n];
                    for &f in &alive {
                        for &col in &cols_of[f] {
                            let w: f64 =
                                m.rows.iter().enumerate().map(|(p, &i)| sol.alpha[p] * m.y[p] * x[[i, col]]).sum();
                            crit[f] += w * w;
                        }
                    }
                    crit
                })
                .collect();
            let total: Vec<f64> = (0..n).map(|f| crit.iter().map(|c| c[f]).sum()).collect();
            let mut order = alive.clone();
            order.sort_by(|&a, &b| total[a].total_cmp(&total[b]).then(b.cmp(&a)));
            for &f in &order[..self.removals(alive.len())] {
                eliminated += 1.0;
                scores[f] = eliminated;
                for &col in &cols_of[f] {
                    add_products(&mut k, x.column(col), x.column(col), -1.0);
                }
                alive.retain(|&a| a != f);
            }
        }
        if let Some(&last) = alive.first() {
            scores[last] = n as f64;
        }
        scores
    }
}

crate::method::from_spec!(SvmRfe);
