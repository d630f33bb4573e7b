//! Consensus feature ranking for data with missing values ([consensus], Fakhraei et al. 2014).
//!
//! ES(f) = mean over five classifiers c of AUC(c(NVR(f))): each classifier is trained on feature f
//! alone, using **only the rows where f is present** (no imputation anywhere), and its AUC is estimated by
//! stratified 10-fold cross-validation with the test predictions of all folds pooled (as Weka's
//! Evaluation does); AUC is macro one-vs-rest for more than two classes. AUC, not accuracy, keeps the
//! score fair under class imbalance.
//!
//! The five classifiers (Weka defaults where featrank has the model): CART decision tree (stands in for
//! J48), naive Bayes, linear SVM with C = 1 scored by its decision value, 3-nearest neighbours, and a
//! multilayer perceptron with Weka's defaults ([`crate::learners::Mlp`]).
//!
//! Small subsets: the folds are reduced to the smallest class count among the present rows; a feature
//! present on rows of a single class, or on a class with one row, cannot be cross-validated and gets
//! AUC 0.5 from every classifier (no evidence either way). [`Consensus::auc_table`] shows these cases.

use polars::prelude::*;
use rayon::prelude::*;

use super::{Checked, Ranker};
use crate::data::{Dataset, Frame, Task};
use crate::error::Result;
use crate::learners::{DecisionTree, Kernel, Knn, Learner, Mlp, NaiveBayes, Svm};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::{CvPlan, Measure};
use crate::spec::Spec;

/// The classifier names, in the order of [`Consensus::auc_table`]'s columns.
const CLASSIFIERS: [&str; 5] = ["tree", "nb", "svm", "knn3", "mlp"];

/// Consensus ranker; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Consensus, Ranker};
/// let vote = featrank::data::datasets::load("vote").unwrap().dataset().unwrap(); // has missing values
/// let c = Consensus::new().folds(5);
/// let table = c.auc_table(&vote, 0).unwrap();
/// assert_eq!(table.height(), 16);
/// let r = c.rank(&vote, 0).unwrap();
/// assert_eq!(r.order()[0], "physician-fee-freeze");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Consensus {
    folds: usize,
}

impl Default for Consensus {
    fn default() -> Self {
        Consensus::new()
    }
}

impl Consensus {
    /// 10-fold cross-validation.
    pub fn new() -> Consensus {
        Consensus { folds: 10 }
    }

    /// Folds of the inner cross-validation (≥ 2).
    pub fn folds(mut self, folds: usize) -> Consensus {
        self.folds = folds;
        self
    }

    /// From the spec `consensus:folds=10`.
    pub fn from_spec(s: &Spec) -> Result<Consensus> {
        s.check_params(PARAMS)?;
        Ok(Consensus { folds: s.get("folds", Consensus::new().folds)? })
    }

    /// Per feature: rows present, folds used, the five AUCs and their mean (the consensus score).
    pub fn auc_table(&self, data: &Dataset, seed: u64) -> Result<Frame> {
        let rows = self.aucs(self.checked(data)?, seed)?;
        let mut cols = vec![
            Column::new("feature".into(), data.feature_names()),
            Column::new("rows".into(), rows.iter().map(|r| r.rows as u32).collect::<Vec<_>>()),
            Column::new("folds".into(), rows.iter().map(|r| r.folds as u32).collect::<Vec<_>>()),
        ];
        for (c, name) in CLASSIFIERS.iter().enumerate() {
            cols.push(Column::new((*name).into(), rows.iter().map(|r| r.auc[c]).collect::<Vec<_>>()));
        }
        cols.push(Column::new("consensus".into(), rows.iter().map(FeatureAuc::mean).collect::<Vec<_>>()));
        Ok(DataFrame::new(data.n_features(), cols)?.into())
    }

    fn aucs(&self, data: Checked<'_>, seed: u64) -> Result<Vec<FeatureAuc>> {
        let data = data.dataset();
        let learners: [Box<dyn Learner>; 5] = [
            Box::new(DecisionTree::new()),
            Box::new(NaiveBayes::new()),
            Box::new(Svm::new().c(1.0).kernel(Kernel::Linear)),
            Box::new(Knn::new().k(3)),
            Box::new(Mlp::new()),
        ];
        (0..data.n_features()).into_par_iter().map(|f| self.feature_auc(data, f, &learners, seed)).collect()
    }

    fn feature_auc(&self, data: &Dataset, f: usize, learners: &[Box<dyn Learner>; 5], seed: u64) -> Result<FeatureAuc> {
        let col = data.feature(f);
        let present: Vec<usize> = (0..data.n_rows()).filter(|&i| !col[i].is_nan()).collect();
        let chance = FeatureAuc { rows: present.len(), folds: 0, auc: [0.5; 5] };
        if present.is_empty() {
            return Ok(chance);
        }
        let sub = data.select_features(&[&data.feature_names()[f]])?.take_rows(&present)?;
        let counts = sub.class_counts().expect("classification");
        let smallest = counts.iter().copied().filter(|&c| c > 0).min().unwrap_or(0);
        let groups = crate::resampling::fewest_groups_of_a_class(&sub).map_or(usize::MAX, |(_, n)| n);
        let folds = self.folds.min(smallest).min(groups);
        if counts.iter().filter(|&&c| c > 0).count() < 2 || folds < 2 {
            return Ok(chance);
        }
        let plan = CvPlan::stratified(&sub, folds, 1, seed)?;
        let mut auc = [0.5; 5];
        for (a, learner) in auc.iter_mut().zip(learners) {
            let pooled = plan.cross_val_predict(&sub, 0, seed, |fold| Ok(vec![learner.fit_predict(fold, &[0])?]))?;
            *a = Measure::MacroAuc.score(&sub, &pooled.rows, &pooled.predictions[0])?;
        }
        Ok(FeatureAuc { rows: present.len(), folds, auc })
    }
}

/// One feature's inner cross-validation result.
struct FeatureAuc {
    rows: usize,
    folds: usize,
    auc: [f64; 5],
}

impl FeatureAuc {
    fn mean(&self) -> f64 {
        self.auc.iter().sum::<f64>() / 5.0
    }
}

/// The keys of consensus ranking.
const PARAMS: &[Param] = &[Param::new(
    "folds",
    Values::whole(2),
    "cross-validation folds of each single-feature classifier (at most the rows)",
)];

impl Method for Consensus {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Fakhraei, Soltanian-Zadeh, Fotouhi & Elisevich 2014, Consensus feature ranking in datasets with missing values"
    }

    fn spec(&self) -> Spec {
        Spec::new("consensus").with("folds", self.folds)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Ranker for Consensus {
    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        Ok(self.aucs(data, seed)?.iter().map(FeatureAuc::mean).collect())
    }
}

crate::method::from_spec!(Consensus);
