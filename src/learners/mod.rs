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
pub mod cox;
pub mod glmnet;
mod knn;
mod linfa_model;
mod ml_knn;
mod mlp;
mod naive_bayes;
mod prepare;
mod smo;
mod svm;
mod tree;
mod weighted_knn;

pub use binary_relevance::BinaryRelevance;
pub use cox::{Cox, CoxFit, Ties};
pub use glmnet::Glmnet;
pub use knn::{Knn, KnnDistance, KnnTies, GPU_MAX_K};
pub use linfa_model::LinfaLearner;
pub use ml_knn::MlKnn;
pub use mlp::Mlp;
pub use naive_bayes::NaiveBayes;
pub(crate) use prepare::{design_matrices, design_width};
pub(crate) use svm::{add_products, Machine, Scratch};
pub use svm::{Kernel, Multiclass, Svm};
pub(crate) use tree::{leaf_width, RowError, Tree};
pub use tree::{DecisionTree, RandomForest, RandomSurvivalForest};
pub use weighted_knn::WeightedKnn;

use std::sync::Arc;

use crate::data::{Dataset, Task};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::{self, F64};
use crate::method::{Entry, FromSpec, Method, Registry, Role};
use crate::resampling::{Fold, Prediction};
use crate::spec::Spec;

/// A model that fits on a fold's training rows and predicts its test rows; what it states about itself is its
/// [`Method`] supertrait.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::resampling::Fold;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let plan = CvPlan::stratified(&iris, 5, 1, 1).unwrap();
/// let (train, test) = plan.split(0, 0);
/// let fold = Fold { data: &iris, train: &train, test: &test, seed: 0 };
/// let pred = Knn::new().fit_predict(&fold, &[2, 3]).unwrap();
/// let acc = Measure::Accuracy.score(&iris, &test, &pred).unwrap();
/// assert!(acc > 0.9);
/// ```
pub trait Learner: Method {
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

    /// Whether the learner works on sparse features as they are held (kNN with the cosine distance); the
    /// others are given a dense copy of exactly the columns they use ([`Learner::fit_predict`],
    /// [`Learner::fit_predict_nested`]). The default: it does not.
    fn accepts_sparse(&self) -> bool {
        false
    }

    /// This learner computing on the GPU ([`on_device`]). The default refuses by name: only kNN's distance
    /// chains have a GPU kernel.
    fn on_gpu(&self) -> Result<Box<dyn Learner>> {
        let spec = self.spec();
        Err(Error::param(
            "device",
            format!("the GPU runs kNN's distance chains only; learner '{spec}' runs on the CPU (device cpu)"),
        ))
    }

    /// Run every check — the parameters against their ranges ([`Spec::check_values`]), the fold's rows, then
    /// [`Learner::check_data`] with the fold's training size, then
    /// the [`Learner::memory`] estimate against the memory limit — and return the fold as [`CheckedFold`].
    /// The one way to make a [`CheckedFold`].
    fn checked<'a>(&self, fold: &Fold<'a>) -> Result<CheckedFold<'a>> {
        self.spec().check_values(self.parameters())?; // the parameters on their own, however it was built
        fold.validate_rows()?;
        self.check_data(fold.data, fold.train.len())?;
        let (train, test) = (fold.train.len(), fold.test.len());
        memory::check(self.memory(fold.data, train, test), || {
            format!("{} on {train} training and {test} test rows × {} features", self.spec(), fold.data.n_features())
        })?;
        Ok(CheckedFold { fold: *fold })
    }

    /// Fit on `fold.train` using `features` (dataset indices) and predict `fold.test`, after the checks.
    /// Sparse features reach the learner as a dense copy of exactly `features`, made after the memory check.
    fn fit_predict(&self, fold: &Fold<'_>, features: &[usize]) -> Result<Prediction> {
        if fold.data.is_sparse() && !self.accepts_sparse() {
            fold.validate_features(features)?;
            let dense = fold.data.dense_indices(features, &self.spec().to_string())?;
            let local: Vec<usize> = (0..features.len()).collect();
            return self.fit_predict(&Fold { data: &dense, ..*fold }, &local);
        }
        let fold = self.checked(fold)?;
        fold.validate_features(features)?;
        self.fit_predict_checked(&fold, features)
    }

    /// Predictions for the nested subsets `order[..k]`, one per `k` in `sizes` (ascending), after the checks.
    /// Sparse features reach the learner as a dense copy of exactly the columns the chain reaches
    /// (`order[..k]` for the largest `k`), made after the memory check: a grid up to 1,000 on 100,000 sparse
    /// features costs what 1,000 dense features cost.
    fn fit_predict_nested(&self, fold: &Fold<'_>, order: &[usize], sizes: &[usize]) -> Result<Vec<Prediction>> {
        if fold.data.is_sparse() && !self.accepts_sparse() {
            fold.validate_chain(order, sizes)?;
            let reach = &order[..sizes.last().map_or(0, |&k| k)];
            let dense = fold.data.dense_indices(reach, &self.spec().to_string())?;
            let local: Vec<usize> = (0..reach.len()).collect();
            return self.fit_predict_nested(&Fold { data: &dense, ..*fold }, &local, sizes);
        }
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
            fn check(&self, data: &Dataset, min_train: usize) -> Result<()> {
                (**self).check(data, min_train)
            }
            fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
                (**self).memory(data, train, test)
            }
            fn on_gpu(&self) -> Result<Box<dyn Learner>> {
                (**self).on_gpu()
            }
            fn accepts_sparse(&self) -> bool {
                (**self).accepts_sparse()
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

/// Every learner: its name, aliases, catalog spec and builder — the one list the learner names ([`names`]),
/// [`canonical`], [`parse`], the catalogs, the CLI's help and the tests' lists come from. `binary-relevance`
/// wraps any single-target learner for target sets.
///
/// ```
/// use featrank::learners::REGISTRY;
/// assert_eq!(REGISTRY.entry("rf").unwrap().name, "forest");
/// assert_eq!(REGISTRY.names().count(), 11); // and binary-relevance around another
/// ```
pub static REGISTRY: Registry<dyn Learner> = Registry {
    kind: "learner",
    column: "learner",
    entries: &[
        own::<Knn>("knn", &["k-nn", "nearest-neighbours", "nearest-neighbors"]),
        Entry {
            name: "weighted-knn",
            aliases: &[],
            example: "weighted-knn",
            build: |s| Ok(Box::new(WeightedKnn::from_spec(s)?)),
            default: None, // its weights are another method
            role: Role::Own,
        },
        own::<Svm>("svm", &["svc"]),
        own::<NaiveBayes>("nb", &["naive-bayes", "naivebayes", "bayes"]),
        own::<DecisionTree>("tree", &["decision-tree"]),
        own::<RandomForest>("forest", &["random-forest", "rf"]),
        own::<Mlp>("mlp", &["neural-network"]),
        own::<Glmnet>("glmnet", &["elastic-net", "enet", "penalised-glm"]),
        own::<Cox>("cox", &["coxph", "cox-ph", "proportional-hazards"]),
        own::<RandomSurvivalForest>("rsf", &["random-survival-forest", "survival-forest"]),
        own::<MlKnn>("ml-knn", &["mlknn"]),
        Entry {
            name: "binary-relevance",
            aliases: &["br"],
            example: "binary-relevance:base=(nb)",
            build: |s| Ok(Box::new(BinaryRelevance::from_spec(s)?)),
            default: None,
            role: Role::Wrapper,
        },
    ],
};

/// A learner of its own, one type: built by its [`FromSpec`], at its defaults its `Default`; its catalog row
/// shows its name.
const fn own<L: Learner + FromSpec + 'static>(
    name: &'static str,
    aliases: &'static [&'static str],
) -> Entry<dyn Learner> {
    Entry { name, aliases, example: name, build: build::<L>, default: Some(at_defaults::<L>), role: Role::Own }
}

fn build<L: Learner + FromSpec + 'static>(s: &Spec) -> Result<Box<dyn Learner>> {
    Ok(Box::new(L::from_spec(s)?))
}

fn at_defaults<L: Learner + FromSpec + 'static>() -> Box<dyn Learner> {
    Box::new(L::default())
}

/// The learners that stand on their own (`binary-relevance`, around another, aside), in the registry's order.
///
/// ```
/// assert_eq!(featrank::learners::names()[..3], ["knn", "weighted-knn", "svm"]);
/// ```
pub fn names() -> Vec<&'static str> {
    REGISTRY.names().collect()
}

/// The CLI's `--learner` help: every learner, from the registry.
#[cfg(feature = "cli")]
pub fn help() -> String {
    format!(
        "The learner and its parameters, e.g. svm:c=0.1, forest:trees=100: {}, {} (several targets; `featrank \
         methods NAME` shows a learner's parameters). Repeatable: several learners run on one plan into one table \
         with a `learner` column",
        names().join(", "),
        REGISTRY.wrapper_forms()
    )
}

/// The learner a name means: itself, the learner an alias names, or the name with `_` read as `-` and in any
/// case.
///
/// ```
/// assert_eq!(featrank::learners::canonical("naive_bayes"), "nb");
/// assert_eq!(featrank::learners::canonical("Random-Forest"), "forest");
/// assert_eq!(featrank::learners::parse("naive-bayes").unwrap().spec().to_string(), "nb");
/// ```
pub fn canonical(name: &str) -> String {
    REGISTRY.canonical(name)
}

/// Every learner as a table: `learner`, `spec` (every parameter at its default, the text `parse` reads),
/// `classification`, `regression` (the tasks it handles), `aliases`, `parameters` (each key with the values
/// it takes; [`parameters`] has one learner's in full) and `reference` — what `featrank methods` prints and
/// Python's `featrank.learners()` shows.
///
/// ```
/// let t = featrank::learners::catalog().unwrap();
/// assert_eq!(t.height(), featrank::learners::REGISTRY.entries.len()); // binary-relevance included
/// assert_eq!(t.column("spec").unwrap().str().unwrap().get(0), Some("knn:k=10,ties=all,distance=euclidean"));
/// ```
pub fn catalog() -> Result<crate::data::Frame> {
    Ok(REGISTRY.catalog()?.into())
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
    Ok(REGISTRY.parameters(learner)?.into())
}

/// Build a learner from its spec (see [`Spec`]): `knn:k=10`, `weighted-knn:weights=(relieff)`, `svm:c=0.1`,
/// `nb`, `tree`, `forest:trees=100`, `mlp:epochs=500`, `glmnet:alpha=0.5,lambda=cv`, `ml-knn:k=10`, `binary-relevance:base=(nb)`; parameters left
/// out take their defaults.
///
/// ```
/// let l = featrank::learners::parse("knn:k=5").unwrap();
/// assert_eq!(l.spec().to_string(), "knn:k=5,ties=all,distance=euclidean");
/// assert!(featrank::learners::parse("svm:c=-1").is_err());
/// // the full spec round-trips
/// let svm = featrank::learners::parse("svm").unwrap();
/// assert_eq!(svm.spec().to_string(), "svm:c=0.1,kernel=poly,degree=2,constant=0,multiclass=ovo,tol=0.001");
/// ```
pub fn parse(spec: &str) -> Result<Box<dyn Learner>> {
    REGISTRY.parse(spec)
}

/// Build a learner from a parsed [`Spec`].
pub fn from_spec(s: &Spec) -> Result<Box<dyn Learner>> {
    REGISTRY.from_spec(s)
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
        Device::Gpu => learner.on_gpu().map(Arc::from),
    }
}

/// The error for a learner asked to work on a task it does not handle, naming the learners that do.
pub(crate) fn unsupported(learner: &(impl Learner + ?Sized), task: Task) -> Error {
    let able: Vec<&str> = REGISTRY.names().filter(|n| parse(n).is_ok_and(|l| l.supports(task))).collect();
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
