//! The models that build FFA/RFA curves, behind one [`Learner`] trait.
//!
//! A learner fits on the training rows of a fold using a subset of features and predicts the test rows.
//! Everything a learner learns from data — attribute ranges for scaling, means/modes for missing values,
//! class frequencies — comes from the **training fold only**.
//!
//! [`Learner::fit_predict_nested`] evaluates a whole chain of nested subsets (the top-k features for
//! every k of a curve) in one call. Its default refits at every size; a learner can override it with a
//! curve-level fast path (kNN updates its distance matrix one feature at a time) as long as the results
//! are identical to the refit path.
//!
//! Every entry point runs the same checks first ([`Learner::checked`]: the task, the fold's rows, then the
//! learner's own `check`); a learner implements `fit_predict_checked` (and optionally
//! `fit_predict_nested_checked`), which only ever see a [`CheckedFold`].

mod binary_relevance;
mod knn;
#[cfg(feature = "linfa")]
mod linfa_model;
pub mod measure;
mod ml_knn;
mod mlp;
mod naive_bayes;
pub mod plan;
mod prepare;
mod smo;
mod stratification;
mod svm;
mod tree;
mod weighted_knn;

pub use binary_relevance::BinaryRelevance;
pub use knn::{Knn, KnnTies, GPU_MAX_K};
#[cfg(feature = "linfa")]
pub use linfa_model::LinfaLearner;
pub use measure::Measure;
pub use ml_knn::MlKnn;
pub use mlp::Mlp;
pub use naive_bayes::NaiveBayes;
pub use plan::{CvPlan, OutOfFold, Scheme};
pub(crate) use prepare::{design_matrices, design_width};
pub(crate) use svm::{add_products, Machine, Scratch};
pub use svm::{Kernel, Multiclass, Svm};
pub(crate) use tree::Tree;
pub use tree::{DecisionTree, RandomForest};
pub use weighted_knn::WeightedKnn;

use std::sync::Arc;

use crate::data::{Dataset, Target, Task};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::{self, F64};
use crate::param::Param;
use crate::spec::Spec;

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
}

impl Prediction {
    /// The predictions of the rows at `positions` (indices into this prediction's rows), in that order —
    /// e.g. one split's rows out of a repeat's pooled predictions.
    ///
    /// ```
    /// use featrank::learners::Prediction;
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
            (Prediction::Values(v), Prediction::Values(m)) => v.extend(m),
            (Prediction::Set(members), Prediction::Set(more)) => {
                members.iter_mut().zip(more).for_each(|(m, more)| m.append(more))
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
    fn validate_rows(&self) -> Result<()> {
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
    fn validate_features(&self, features: &[usize]) -> Result<()> {
        let m = self.data.n_features();
        if let Some(&j) = features.iter().find(|&&j| j >= m) {
            return Err(Error::param("features", format!("feature index {j} is out of range ({m} features)")));
        }
        Ok(())
    }

    /// Every feature of `order` exists, and `sizes` ascend within `order.len()`.
    fn validate_chain(&self, order: &[usize], sizes: &[usize]) -> Result<()> {
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

/// A model that fits on a fold's training rows and predicts its test rows.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::Fold;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let plan = CvPlan::stratified(&iris, 5, 1, 1).unwrap();
/// let (train, test) = plan.split(0, 0);
/// let fold = Fold { data: &iris, train: &train, test: &test, seed: 0 };
/// let pred = Knn::new().fit_predict(&fold, &[2, 3]).unwrap();
/// let acc = Measure::Accuracy.score(&iris, &test, &pred).unwrap();
/// assert!(acc > 0.9);
/// ```
pub trait Learner: Send + Sync + std::fmt::Debug {
    /// The full spec: the method and every parameter, e.g. `knn:k=10`; [`parse`] of its text rebuilds an
    /// equal learner.
    fn spec(&self) -> Spec;

    /// The method name, e.g. `knn`.
    fn name(&self) -> String {
        self.spec().method().to_string()
    }

    /// Whether the learner handles `task`.
    fn supports(&self, task: Task) -> bool;

    /// The keys its spec takes, with the values each takes and what it does; what the catalogs show
    /// ([`parameters`]). The default lists none.
    fn parameters(&self) -> &'static [Param] {
        &[]
    }

    /// Where the method is published (authors, year, venue); what the catalogs show. The default is empty.
    fn reference(&self) -> &'static str {
        ""
    }

    /// The learner's own checks of its parameters against the data (the task is already checked), e.g.
    /// k larger than a training fold; `min_train` is the size of the smallest training fold. The default
    /// accepts.
    fn check(&self, data: &Dataset, min_train: usize) -> Result<()> {
        let _ = (data, min_train);
        Ok(())
    }

    /// The learner's work on a fold that passed every check: fit on `fold.train` using `features`
    /// (dataset indices) and predict `fold.test`. Implement this; call [`Learner::fit_predict`].
    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction>;

    /// [`Learner::fit_predict_checked`] for the nested subsets `order[..k]`, one prediction per `k` in
    /// `sizes` (ascending). The default refits at every size; learners with a faster path override it.
    fn fit_predict_nested_checked(
        &self,
        fold: &CheckedFold<'_>,
        order: &[usize],
        sizes: &[usize],
    ) -> Result<Vec<Prediction>> {
        sizes.iter().map(|&k| self.fit_predict_checked(fold, &order[..k])).collect()
    }

    /// The bytes one [`Learner::fit_predict_nested`] call holds at most on a fold of `train` and `test`
    /// rows using every feature of `data` — an upper bound, checked against the memory limit before any
    /// work ([`crate::memory`]; curves check it for the folds they run at once). The default counts a
    /// copy of the fold's rows and the class scores.
    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        let (rows, n, k) = ((train + test) as u64, data.n_features() as u64, data.n_classes().max(1) as u64);
        F64 * (rows * n + test as u64 * k)
    }

    /// The data-level checks: the learner handles the task, the magnitudes of the values
    /// ([`Dataset::check_magnitudes`]), then [`Learner::check`]. Curves run it once
    /// before any work (with the smallest training fold); [`Learner::checked`] runs it for one fold.
    fn check_data(&self, data: &Dataset, min_train: usize) -> Result<()> {
        let task = data.task();
        if !self.supports(task) {
            return Err(unsupported(self, task));
        }
        data.check_magnitudes()?;
        self.check(data, min_train)
    }

    /// Run every check — the fold's rows, then [`Learner::check_data`] with the fold's training size, then
    /// the [`Learner::memory`] estimate against the memory limit — and return the fold as [`CheckedFold`].
    /// The one way to make a [`CheckedFold`].
    fn checked<'a>(&self, fold: &Fold<'a>) -> Result<CheckedFold<'a>> {
        fold.validate_rows()?;
        self.check_data(fold.data, fold.train.len())?;
        let (train, test) = (fold.train.len(), fold.test.len());
        memory::check(self.memory(fold.data, train, test), || {
            format!("{} on {train} training and {test} test rows × {} features", self.spec(), fold.data.n_features())
        })?;
        Ok(CheckedFold { fold: *fold })
    }

    /// Fit on `fold.train` using `features` (dataset indices) and predict `fold.test`, after the checks.
    fn fit_predict(&self, fold: &Fold<'_>, features: &[usize]) -> Result<Prediction> {
        let fold = self.checked(fold)?;
        fold.validate_features(features)?;
        self.fit_predict_checked(&fold, features)
    }

    /// Predictions for the nested subsets `order[..k]`, one per `k` in `sizes` (ascending), after the checks.
    fn fit_predict_nested(&self, fold: &Fold<'_>, order: &[usize], sizes: &[usize]) -> Result<Vec<Prediction>> {
        let fold = self.checked(fold)?;
        fold.validate_chain(order, sizes)?;
        self.fit_predict_nested_checked(&fold, order, sizes)
    }
}

/// A fold that has passed a learner's checks (made only by [`Learner::checked`]); derefs to [`Fold`].
#[derive(Debug, Clone, Copy)]
pub struct CheckedFold<'a> {
    fold: Fold<'a>,
}

impl<'a> std::ops::Deref for CheckedFold<'a> {
    type Target = Fold<'a>;
    fn deref(&self) -> &Fold<'a> {
        &self.fold
    }
}

macro_rules! forward_learner {
    ($($t:ty),*) => {$(
        impl<L: Learner + ?Sized> Learner for $t {
            fn spec(&self) -> Spec {
                (**self).spec()
            }
            fn name(&self) -> String {
                (**self).name()
            }
            fn supports(&self, task: Task) -> bool {
                (**self).supports(task)
            }
            fn parameters(&self) -> &'static [Param] {
                (**self).parameters()
            }
            fn reference(&self) -> &'static str {
                (**self).reference()
            }
            fn check(&self, data: &Dataset, min_train: usize) -> Result<()> {
                (**self).check(data, min_train)
            }
            fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
                (**self).memory(data, train, test)
            }
            fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
                (**self).fit_predict_checked(fold, features)
            }
            fn fit_predict_nested_checked(&self, fold: &CheckedFold<'_>, order: &[usize], sizes: &[usize]) -> Result<Vec<Prediction>> {
                (**self).fit_predict_nested_checked(fold, order, sizes)
            }
        }
    )*};
}
// Boxed, shared and borrowed learners are learners, so notebooks pass them without wrapping.
forward_learner!(Box<L>, Arc<L>, &L);

/// The learner names [`parse`] knows on their own (the wrapper around another learner, `binary-relevance`, is
/// in the catalog with its base).
pub const LEARNERS: &[&str] = &["knn", "weighted-knn", "svm", "nb", "tree", "forest", "mlp", "ml-knn"];

/// The wrappers around another learner, with the base their catalog row shows.
const WRAPPERS: &[&str] = &["binary-relevance:base=(nb)"];

/// Other names users write for a learner, and the learner each means (names are also read with `_` for `-`
/// and in any case: [`canonical`]).
pub const ALIASES: &[(&str, &str)] = &[
    ("naive-bayes", "nb"),
    ("naivebayes", "nb"),
    ("bayes", "nb"),
    ("k-nn", "knn"),
    ("nearest-neighbours", "knn"),
    ("nearest-neighbors", "knn"),
    ("svc", "svm"),
    ("decision-tree", "tree"),
    ("random-forest", "forest"),
    ("rf", "forest"),
    ("neural-network", "mlp"),
    ("mlknn", "ml-knn"),
    ("br", "binary-relevance"),
];

/// The learner a name means: itself, the learner an alias names ([`ALIASES`]), or the name with `_` read as
/// `-`.
///
/// ```
/// assert_eq!(featrank::learners::canonical("naive_bayes"), "nb");
/// assert_eq!(featrank::learners::canonical("Random-Forest"), "forest");
/// assert_eq!(featrank::learners::parse("naive-bayes").unwrap().spec().to_string(), "nb");
/// ```
pub fn canonical(name: &str) -> String {
    crate::spec::canonical_name(name, ALIASES)
}

/// Every learner as a table: `learner`, `spec` (every parameter at its default, the text `parse` reads),
/// `classification`, `regression` (the tasks it handles), `aliases`, `parameters` (each key with the values
/// it takes; [`parameters`] has one learner's in full) and `reference` — what `featrank methods` prints and
/// Python's `featrank.learners()` shows.
///
/// ```
/// let t = featrank::learners::catalog().unwrap();
/// assert_eq!(t.height(), featrank::learners::LEARNERS.len() + 1); // and binary-relevance
/// assert_eq!(t.column("spec").unwrap().str().unwrap().get(0), Some("knn:k=10,ties=all"));
/// ```
pub fn catalog() -> Result<crate::data::Frame> {
    let entries = LEARNERS.iter().chain(WRAPPERS).map(|name| {
        let l = parse(name)?;
        Ok(crate::param::Entry::new(&l.spec(), |t| l.supports(t), ALIASES, l.parameters(), l.reference()))
    });
    Ok(crate::param::catalog("learner", &entries.collect::<Result<Vec<_>>>()?)?.into())
}

/// One learner's parameters as a table: `parameter`, `default`, `values`, `needs` and `meaning` (see
/// [`crate::rankers::parameters`]). Aliases are read ([`canonical`]).
///
/// ```
/// let t = featrank::learners::parameters("svm").unwrap();
/// let keys: Vec<_> = t.column("parameter").unwrap().str().unwrap().iter().flatten().collect();
/// assert_eq!(keys, ["c", "kernel", "degree", "constant", "width", "multiclass", "tol"]);
/// // the Gaussian kernel's width has its default although the default kernel is poly
/// assert_eq!(t.column("default").unwrap().str().unwrap().get(4), Some("1"));
/// ```
pub fn parameters(learner: &str) -> Result<crate::data::Frame> {
    let name = canonical(learner);
    let wrapper = WRAPPERS.iter().find(|t| t.split(':').next() == Some(name.as_str()));
    let params = parse(wrapper.copied().unwrap_or(&name))?.parameters();
    Ok(crate::param::table(params, &name, |spec| parse(spec).ok().map(|l| l.spec()))?.into())
}

/// Build a learner from its spec (see [`Spec`]): `knn:k=10`, `weighted-knn:weights=(relieff)`, `svm:c=0.1`,
/// `nb`, `tree`, `forest:trees=100`, `mlp:epochs=500`, `ml-knn:k=10`, `binary-relevance:base=(nb)`; parameters left
/// out take their defaults.
///
/// ```
/// let l = featrank::learners::parse("knn:k=5").unwrap();
/// assert_eq!(l.spec().to_string(), "knn:k=5,ties=all");
/// assert!(featrank::learners::parse("svm:c=-1").is_err());
/// // the full spec round-trips
/// let svm = featrank::learners::parse("svm").unwrap();
/// assert_eq!(svm.spec().to_string(), "svm:c=0.1,kernel=poly,degree=2,constant=0,multiclass=ovo,tol=0.001");
/// ```
pub fn parse(spec: &str) -> Result<Box<dyn Learner>> {
    from_spec(&spec.parse()?)
}

/// Build a learner from a parsed [`Spec`].
pub fn from_spec(s: &Spec) -> Result<Box<dyn Learner>> {
    s.refuse_grid()?;
    let method = canonical(s.method());
    if method != s.method() {
        return from_spec(&s.renamed(&method));
    }
    Ok(match s.method() {
        "knn" => Box::new(Knn::from_spec(s)?),
        "weighted-knn" => Box::new(WeightedKnn::from_spec(s)?),
        "svm" => Box::new(Svm::from_spec(s)?),
        "nb" => Box::new(NaiveBayes::from_spec(s)?),
        "tree" => Box::new(DecisionTree::from_spec(s)?),
        "forest" => Box::new(RandomForest::from_spec(s)?),
        "mlp" => Box::new(Mlp::from_spec(s)?),
        "ml-knn" => Box::new(MlKnn::from_spec(s)?),
        "binary-relevance" => Box::new(BinaryRelevance::from_spec(s)?),
        other => return Err(Error::Unknown { kind: "learner".into(), name: other.into(), known: LEARNERS.join(", ") }),
    })
}

/// `learner` computing on `device`: itself on the CPU; on the GPU kNN (rebuilt from its spec) with its distance
/// chains there. Any other learner is refused by name: only kNN's chains have a GPU kernel.
///
/// ```
/// use std::sync::Arc;
/// use featrank::prelude::*;
/// let svm: Arc<dyn Learner> = Arc::new(Svm::new());
/// let err = learners::on_device(&svm, Device::Gpu).unwrap_err();
/// assert!(err.to_string().contains("'device'"));
/// assert!(learners::on_device(&svm, Device::Cpu).is_ok());
/// ```
pub fn on_device(learner: &Arc<dyn Learner>, device: Device) -> Result<Arc<dyn Learner>> {
    match device {
        Device::Cpu => Ok(learner.clone()),
        Device::Gpu => {
            let spec = learner.spec();
            if spec.method() != "knn" {
                return Err(Error::param(
                    "device",
                    format!("the GPU runs kNN's distance chains only; learner '{spec}' runs on the CPU (device cpu)"),
                ));
            }
            Ok(Arc::new(Knn::from_spec(&spec)?.device(Device::Gpu).validated()?))
        }
    }
}

/// The error for a learner asked to work on a task it does not handle, naming the learners that do.
pub(crate) fn unsupported(learner: &(impl Learner + ?Sized), task: Task) -> Error {
    let able: Vec<&str> = LEARNERS.iter().copied().filter(|n| parse(n).is_ok_and(|l| l.supports(task))).collect();
    let mut hint = format!("learners that do: {}", able.join(", "));
    if task.is_structured() {
        hint += ", and binary-relevance:base=(…) around one that takes a single target";
    }
    Error::UnsupportedTask { method: learner.name(), task, hint }
}

/// A single fit as the chain of one size: for learners whose [`Learner::fit_predict_nested_checked`] is the
/// real work (kNN's family, binary relevance), so that one fit and a curve's point are the same computation.
pub(crate) fn one_size(
    learner: &(impl Learner + ?Sized),
    fold: &CheckedFold<'_>,
    features: &[usize],
) -> Result<Prediction> {
    learner.fit_predict_nested_checked(fold, features, &[features.len()]).map(|mut p| p.remove(0))
}

/// The class with the highest score; ties go to the lowest class index.
pub(crate) fn argmax(scores: &[f64]) -> usize {
    let mut best = 0;
    for (c, &s) in scores.iter().enumerate() {
        if s > scores[best] {
            best = c;
        }
    }
    best
}
