//! Permutation importance of any learner, on held-out rows (Breiman 2001 §10; "model reliance", Fisher,
//! Rudin & Dominici 2019; scikit-learn's `permutation_importance` on a test set).
//!
//! On every split of a stratified k-fold plan the learner is fitted on the training rows and scored on the
//! test rows — once as they are, and once per feature and repeat with that feature's values shuffled among
//! the test rows (its link to the target and to the other features broken, its distribution kept):
//!
//! ```text
//! I_j = mean over folds f and repeats r of [ score_f − score_f(x_j shuffled by permutation r) ]
//! ```
//!
//! (for a loss such as RMSE the difference is turned round, so that larger = more important). The model of
//! a fold is fitted once: the shuffled copies of the test rows are predicted with it, so the cost is one
//! fit per fold and a prediction of n_features × repeats copies of the test rows (in chunks that bound the
//! memory). A feature the model never uses gets exactly 0. Intervals ([`PermutationImportance::importances`])
//! are corrected resampled t intervals over the folds' importances (Nadeau & Bengio 2003): the folds share
//! their training rows.

use std::sync::Arc;

use polars::prelude::*;
use rand::seq::SliceRandom;
use rayon::prelude::*;

use super::{Checked, Ranker};
use crate::data::ranking::rank_order;
use crate::data::{Dataset, Frame, Task};
use crate::error::{Error, Result};
use crate::learners::{Knn, Learner};
use crate::math::{corrected_t_test, mean, std};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::{CvPlan, Fold, Measure};
use crate::seed::rng_for;
use crate::spec::Spec;

/// Cells (rows × features) of the shuffled test copies predicted at once.
const CHUNK_CELLS: usize = 20_000_000;

/// Permutation importance of a learner; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::PermutationImportance;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let p = PermutationImportance::new(Knn::new().k(5)).folds(5).repeats(3);
/// assert_eq!(p.spec().to_string(), "permutation:learner=(knn:k=5,ties=all,distance=euclidean),folds=5,repeats=3");
/// let r = p.rank(&iris, 1).unwrap();
/// assert!(r.order()[..2].contains(&"petalwidth".to_string()) || r.order()[..2].contains(&"petallength".to_string()));
/// let table = p.importances(&iris, 1).unwrap().to_polars().unwrap(); // feature, score, rank, std, lo, hi
/// assert_eq!(table.height(), 4);
/// ```
#[derive(Debug, Clone)]
pub struct PermutationImportance {
    learner: Arc<dyn Learner>,
    folds: usize,
    repeats: usize,
    measure: Option<Measure>,
}

/// Each feature's permutation importance with its spread and interval.
#[derive(Debug, Clone, PartialEq)]
pub struct Importances {
    /// Feature names, in the dataset's order (or group names, `a+b`, in the order given).
    pub features: Vec<String>,
    /// Mean importance over folds and repeats.
    pub importance: Vec<f64>,
    /// Standard deviation over folds and repeats.
    pub std: Vec<f64>,
    /// Lower end of the 95 % corrected t interval over the folds.
    pub lo: Vec<f64>,
    /// Upper end of the interval.
    pub hi: Vec<f64>,
    /// `per_fold[j][f]`: feature j's importance on fold f (mean over repeats).
    pub per_fold: Vec<Vec<f64>>,
}

impl Importances {
    /// The table `feature, score, rank, std, lo, hi` in rank order (score = importance).
    pub fn to_polars(&self) -> Result<Frame> {
        let order = rank_order(&self.importance);
        let pick = |v: &[f64]| order.iter().map(|&j| v[j]).collect::<Vec<f64>>();
        Ok(DataFrame::new(
            order.len(),
            vec![
                Column::new("feature".into(), order.iter().map(|&j| self.features[j].as_str()).collect::<Vec<_>>()),
                Column::new("score".into(), pick(&self.importance)),
                Column::new("rank".into(), (1..=order.len() as u32).collect::<Vec<u32>>()),
                Column::new("std".into(), pick(&self.std)),
                Column::new("lo".into(), pick(&self.lo)),
                Column::new("hi".into(), pick(&self.hi)),
            ],
        )?
        .into())
    }
}

impl PermutationImportance {
    /// Importance for `learner`, 5 folds, 5 repeats, the task's default measure.
    pub fn new(learner: impl Learner + 'static) -> PermutationImportance {
        PermutationImportance { learner: Arc::new(learner), folds: 5, repeats: 5, measure: None }
    }

    /// Folds of the stratified plan (at least 2).
    pub fn folds(mut self, folds: usize) -> PermutationImportance {
        self.folds = folds;
        self
    }

    /// Shuffles per feature and fold (at least 1).
    pub fn repeats(mut self, repeats: usize) -> PermutationImportance {
        self.repeats = repeats;
        self
    }

    /// The measure whose drop is the importance (default: accuracy, or correlation for regression).
    pub fn measure(mut self, measure: Measure) -> PermutationImportance {
        self.measure = Some(measure);
        self
    }

    /// From the spec `permutation:learner=(SPEC),folds=5,repeats=5[,measure=auc]` (learner default
    /// `knn:k=10`).
    pub fn from_spec(s: &Spec) -> Result<PermutationImportance> {
        s.check_params(PARAMS)?;
        let learner: Arc<dyn Learner> = match s.value("learner") {
            Some(l) => crate::spec::nested("learner", crate::learners::parse(l))?.into(),
            None => Arc::new(Knn::new()),
        };
        let measure = match s.value("measure") {
            Some(m) => Some(m.parse()?),
            None => None,
        };
        Ok(PermutationImportance { learner, folds: s.get("folds", 5)?, repeats: s.get("repeats", 5)?, measure })
    }

    /// Importances with spread and intervals; see the module docs.
    pub fn importances(&self, data: &Dataset, seed: u64) -> Result<Importances> {
        let singles: Vec<Vec<usize>> = (0..data.n_features()).map(|j| vec![j]).collect();
        self.importances_checked(self.checked(data)?, &singles, data.feature_names().to_vec(), seed)
    }

    /// The importance of **groups** of features, each group's members shuffled together by one
    /// permutation (their joint link to the target broken, their links to each other kept): correlated
    /// features that stand in for each other show their shared importance as a group. A group is named by
    /// its members joined with `+`; groups may overlap. Same folds and seeds as
    /// [`PermutationImportance::importances`], so a one-feature group gets that feature's importance.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::rankers::PermutationImportance;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let p = PermutationImportance::new(Knn::new().k(5)).folds(5).repeats(3);
    /// let g = p.group_importances(&iris, &[vec!["petallength", "petalwidth"], vec!["sepallength"]], 1).unwrap();
    /// assert_eq!(g.features, ["petallength+petalwidth", "sepallength"]);
    /// assert!(g.importance[0] > 0.3); // without both petal features the species are hard to tell apart
    /// ```
    pub fn group_importances<S: AsRef<str>>(
        &self,
        data: &Dataset,
        groups: &[Vec<S>],
        seed: u64,
    ) -> Result<Importances> {
        if groups.is_empty() {
            return Err(Error::param("groups", "give at least one group of features"));
        }
        let mut indices = Vec::with_capacity(groups.len());
        for (g, group) in groups.iter().enumerate() {
            if group.is_empty() {
                return Err(Error::param("groups", format!("group {g} is empty")));
            }
            let mut idx: Vec<usize> = group.iter().map(|f| data.feature_index(f.as_ref())).collect::<Result<_>>()?;
            idx.sort_unstable();
            if idx.windows(2).any(|w| w[0] == w[1]) {
                return Err(Error::param("groups", format!("group {g} names a feature twice")));
            }
            indices.push(idx);
        }
        let names = groups.iter().map(|g| g.iter().map(|f| f.as_ref()).collect::<Vec<_>>().join("+")).collect();
        self.importances_checked(self.checked(data)?, &indices, names, seed)
    }

    fn measure_for(&self, data: &Dataset) -> Measure {
        self.measure.unwrap_or(Measure::default_for(data.task()))
    }

    /// Importances of `groups` (feature index sets, each shuffled jointly), named `names`.
    fn importances_checked(
        &self,
        data: Checked<'_>,
        groups: &[Vec<usize>],
        names: Vec<String>,
        seed: u64,
    ) -> Result<Importances> {
        let data = data.dataset();
        let measure = self.measure_for(data);
        let sign = if measure.higher_is_better() { 1.0 } else { -1.0 };
        let plan = CvPlan::stratified(data, self.folds, 1, seed)?;
        let m = data.n_features();
        let g = groups.len();
        let all: Vec<usize> = (0..m).collect();
        // per_fold[f][group][r]
        let per_fold: Vec<Vec<Vec<f64>>> = (0..self.folds)
            .map(|f| {
                let (train, test) = plan.split(0, f);
                let chunk = self.chunk(test.len(), m);
                let starts: Vec<usize> = (0..g).step_by(chunk).collect();
                let parts: Vec<Vec<Vec<f64>>> = starts
                    .par_iter()
                    .map(|&start| {
                        let end = (start + chunk).min(g);
                        self.fold_chunk(data, &train, &test, (start, &groups[start..end]), &all, measure, (seed, f))
                    })
                    .collect::<Result<_>>()?;
                Ok(parts.into_iter().flatten().map(|v| v.into_iter().map(|x| sign * x).collect()).collect())
            })
            .collect::<Result<_>>()?;
        let ratio = 1.0 / (self.folds - 1) as f64;
        let mut out = Importances {
            features: names,
            importance: Vec::with_capacity(g),
            std: Vec::with_capacity(g),
            lo: Vec::with_capacity(g),
            hi: Vec::with_capacity(g),
            per_fold: Vec::with_capacity(g),
        };
        for j in 0..g {
            let values: Vec<f64> = per_fold.iter().flat_map(|fold| fold[j].iter().copied()).collect();
            let folds: Vec<f64> = per_fold.iter().map(|fold| mean(&fold[j])).collect();
            let (lo, hi) = corrected_t_test(&folds, ratio)?.interval(0.95);
            out.importance.push(mean(&values));
            out.std.push(std(&values));
            out.lo.push(lo);
            out.hi.push(hi);
            out.per_fold.push(folds);
        }
        Ok(out)
    }

    /// Groups whose shuffled copies of the test rows are scored in one prediction: about `CHUNK_CELLS` cells,
    /// at least one group.
    fn chunk(&self, test: usize, m: usize) -> usize {
        (CHUNK_CELLS / self.repeats.saturating_mul(test).saturating_mul(m).max(1)).max(1)
    }

    /// Score drops on one fold for a chunk of groups starting at group index `first`: `[group][repeat]`
    /// (not yet oriented).
    #[allow(clippy::too_many_arguments)]
    fn fold_chunk(
        &self,
        data: &Dataset,
        train: &[usize],
        test: &[usize],
        (first, groups): (usize, &[Vec<usize>]),
        all: &[usize],
        measure: Measure,
        (seed, fold): (u64, usize),
    ) -> Result<Vec<Vec<f64>>> {
        let mut extra: Vec<(usize, &[usize], usize)> = Vec::with_capacity(groups.len() * self.repeats * test.len());
        for (k, group) in groups.iter().enumerate() {
            for r in 0..self.repeats {
                let mut from = test.to_vec();
                from.shuffle(&mut rng_for(seed, &[fold as u64, (first + k) as u64, r as u64]));
                extra.extend(test.iter().zip(&from).map(|(&row, &src)| (row, &group[..], src)));
            }
        }
        let mixed = data.with_mixed_rows(&extra)?;
        let n = data.n_rows();
        let rows: Vec<usize> = test.iter().copied().chain(n..n + extra.len()).collect();
        let pred = self
            .learner
            .fit_predict(&Fold { data: &mixed, train, test: &rows, seed: CvPlan::fold_seed(seed, 0, fold) }, all)?;
        let t = test.len();
        let block = |b: usize| -> Result<f64> {
            let at: Vec<usize> = (b * t..(b + 1) * t).collect();
            measure.score_split(&mixed, train, &rows[b * t..(b + 1) * t], &pred.select(&at))
        };
        let base = block(0)?;
        (0..groups.len())
            .map(|k| (0..self.repeats).map(|r| Ok(base - block(1 + k * self.repeats + r)?)).collect())
            .collect()
    }
}

/// The keys of permutation importance.
const PARAMS: &[Param] = &[
    Param::new("learner", Values::Spec("learner"), "the model whose held-out loss is measured"),
    Param::new("folds", Values::whole(2), "cross-validation folds (at most the rows)"),
    Param::new("repeats", Values::whole(1), "shuffles per feature and fold"),
    Param::new("measure", Values::Measure, "the measure whose loss is the importance; left out: the task's default"),
];

impl Method for PermutationImportance {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Breiman 2001, Machine Learning 45, §10; Fisher, Rudin & Dominici 2019, JMLR 20"
    }

    fn spec(&self) -> Spec {
        let s = Spec::new("permutation")
            .with("learner", self.learner.spec())
            .with("folds", self.folds)
            .with("repeats", self.repeats);
        match self.measure {
            Some(m) => s.with("measure", m.label()),
            None => s,
        }
    }

    fn supports(&self, task: Task) -> bool {
        self.learner.supports(task) && self.measure.is_none_or(|m| m.task() == task)
    }
}

impl Ranker for PermutationImportance {
    fn check(&self, data: &Dataset) -> Result<()> {
        if self.folds < 2 {
            return Err(Error::param("folds", format!("needs at least 2 folds, got {}", self.folds)));
        }
        if self.repeats == 0 {
            return Err(Error::param("repeats", "needs at least 1 shuffle per feature"));
        }
        if let Some(m) = self.measure {
            if m.task() != data.task() {
                return Err(Error::param("measure", format!("{m:?} does not apply to a {:?} target", data.task())));
            }
        }
        self.learner.check_data(data, data.n_rows() - data.n_rows().div_ceil(self.folds))
    }

    /// Per chunk of groups at work at once: the data with the chunk's shuffled copies of a fold's test rows
    /// appended, their bookkeeping and the learner's working set on them; and every fold's score drops.
    fn memory(&self, data: &Dataset) -> u64 {
        let (n, m) = (data.n_rows(), data.n_features());
        let test = n.div_ceil(self.folds.max(1));
        let chunk = self.chunk(test, m).min(m.max(1)) as u64;
        let extra = chunk.saturating_mul(self.repeats as u64).saturating_mul(test as u64);
        let rows = extra.saturating_add(n as u64);
        let mixed = rows.saturating_mul(crate::memory::F64 * m as u64 + 48);
        // (rows beyond 2⁴⁰ are refused by `mixed` alone; the learner's estimate sees at most that many)
        let learner = self.learner.memory(data, n - test, rows.min(1 << 40) as usize);
        let parallel = rayon::current_num_threads().min(m.div_ceil(chunk as usize).max(1)) as u64;
        let drops = (self.folds as u64).saturating_mul(m as u64).saturating_mul(self.repeats as u64).saturating_add(1);
        parallel.saturating_mul(mixed.saturating_add(learner)).saturating_add(drops.saturating_mul(crate::memory::F64))
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let singles: Vec<Vec<usize>> = (0..data.n_features()).map(|j| vec![j]).collect();
        Ok(self.importances_checked(data, &singles, data.feature_names().to_vec(), seed)?.importance)
    }

    fn table(&self, data: &Dataset, seed: u64) -> Result<Frame> {
        self.importances(data, seed)?.to_polars()
    }
}
