//! [`FoldRankings`]: a ranker's ranking of every training split of a [`CvPlan`] — what a per-fold curve run
//! uses and keeps, so stability ([`crate::compare::stability`]), each feature's rank distribution and an
//! aggregated ranking come from the same run.
//!
//! The ranker in split f of repeat r sees only that split's training rows, with the seed
//! `rng_for(seed, [RANKE, r, f])`; splits run in parallel and each result depends only on its own
//! coordinates, so the rankings are identical for any thread count.

use polars::prelude::*;
use rand::RngCore;
use serde::{Deserialize, Serialize};

use crate::data::{Aggregate, Dataset, Frame, Ranking};
use crate::error::{Error, Result};
use crate::math::{mean, quantile, std};
use crate::memory;
use crate::rankers::Ranker;
use crate::resampling::{CvPlan, Scheme};
use crate::seed::rng_for;

/// Stream tag of the seeds per-fold rankers get.
const RANKER_STREAM: u64 = 0x0052_414e_4b45; // "RANKE"

/// One ranking per training split of a plan, all of the same features.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::eval::FoldRankings;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let plan = CvPlan::stratified(&iris, 5, 2, 1).unwrap();
/// let fr = FoldRankings::compute(&iris, &plan, &ReliefF::new(), 1, || ()).unwrap();
/// assert_eq!(fr.len(), 10);
/// assert_eq!(fr.get(1, 4).unwrap().len(), 4);
/// let consensus = fr.aggregate(Aggregate::Mean).unwrap();
/// assert!(consensus.order()[..2].contains(&"petalwidth".to_string()));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FoldRankings {
    /// The name the candidate's curves carry.
    pub ranking: String,
    /// The ranker's full spec.
    pub ranker: String,
    /// The dataset's feature names; orders index into them.
    pub features: Vec<String>,
    /// The plan's scheme.
    pub scheme: Scheme,
    /// Splits per repeat.
    pub folds: usize,
    /// Repeats.
    pub repeats: usize,
    /// Feature indices best first, one order per split, at index `repeat · folds + split`.
    pub orders: Vec<Vec<u32>>,
}

impl FoldRankings {
    /// Rank every training split of `plan` with `ranker` (in parallel); `tick` is called once per split
    /// (progress). An error names the repeat and split it happened in.
    pub fn compute(
        data: &Dataset,
        plan: &CvPlan,
        ranker: &dyn Ranker,
        seed: u64,
        tick: impl Fn() + Sync,
    ) -> Result<FoldRankings> {
        plan.check(data)?;
        ranker.checked(data)?;
        FoldRankings::check_memory(data, plan, ranker)?;
        let orders = crate::parallel::try_map(plan.repeats() * plan.folds(), |u| {
            let order = FoldRankings::rank_split(data, plan, ranker, seed, u / plan.folds(), u % plan.folds());
            tick();
            order
        })?;
        Ok(FoldRankings::from_orders(data, plan, ranker, orders))
    }

    /// Refuse, before any work, a run whose splits at work at once would exceed the memory limit: each
    /// holds a copy of its training rows and the ranker's own working set.
    pub(crate) fn check_memory(data: &Dataset, plan: &CvPlan, ranker: &dyn Ranker) -> Result<()> {
        let parallel = rayon::current_num_threads().min(plan.repeats() * plan.folds());
        // the training rows' copy (stored as the data is: sparse stays sparse) and the ranker's working set
        let dense = if data.is_sparse() && !ranker.accepts_sparse() { data.dense_bytes() } else { 0 };
        let per_split = ranker.memory(data).saturating_add(data.feature_bytes()).saturating_add(dense);
        memory::check(per_split.saturating_mul(parallel as u64), || {
            format!(
                "{} on the training rows of {parallel} splits at once ({} rows × {} features)",
                ranker.spec(),
                data.n_rows(),
                data.n_features()
            )
        })
    }

    /// The ranking (feature indices, best first) of split `fold` of `repeat`, on its training rows only;
    /// an error names the repeat and split.
    pub(crate) fn rank_split(
        data: &Dataset,
        plan: &CvPlan,
        ranker: &dyn Ranker,
        seed: u64,
        repeat: usize,
        fold: usize,
    ) -> Result<Vec<u32>> {
        crate::progress::check_interrupt("ranking inside the folds")?;
        let (train, _) = plan.split(repeat, fold);
        let s = rng_for(seed, &[RANKER_STREAM, repeat as u64, fold as u64]).next_u64();
        let ranking = data
            .take_rows(&train)
            .and_then(|d| ranker.rank(&d, s))
            .map_err(|e| e.in_context(&ranker.name(), &format!("repeat {repeat}, split {fold}")))?;
        Ok(ranking.positions_in(data)?.into_iter().map(|j| j as u32).collect())
    }

    /// The rankings of every split (`orders[repeat · folds + split]`), as made by [`FoldRankings::rank_split`].
    pub(crate) fn from_orders(
        data: &Dataset,
        plan: &CvPlan,
        ranker: &dyn Ranker,
        orders: Vec<Vec<u32>>,
    ) -> FoldRankings {
        FoldRankings {
            ranking: ranker.name(),
            ranker: ranker.spec().to_string(),
            features: data.feature_names().to_vec(),
            scheme: plan.scheme(),
            folds: plan.folds(),
            repeats: plan.repeats(),
            orders,
        }
    }

    /// The same rankings under another name.
    pub fn with_name(mut self, name: impl Into<String>) -> FoldRankings {
        self.ranking = name.into();
        self
    }

    /// Number of rankings (repeats × splits).
    pub fn len(&self) -> usize {
        self.orders.len()
    }

    /// Whether there is no ranking.
    pub fn is_empty(&self) -> bool {
        self.orders.is_empty()
    }

    /// The ranking of split `fold` in `repeat`, named `r{repeat}f{fold}`.
    pub fn get(&self, repeat: usize, fold: usize) -> Result<Ranking> {
        if repeat >= self.repeats || fold >= self.folds {
            return Err(Error::param(
                "repeat/fold",
                format!("({repeat}, {fold}) is outside {} repeats × {} splits", self.repeats, self.folds),
            ));
        }
        self.ranking_at(repeat * self.folds + fold)
    }

    fn ranking_at(&self, u: usize) -> Result<Ranking> {
        let order: Vec<&str> = self.orders[u].iter().map(|&j| self.features[j as usize].as_str()).collect();
        Ok(Ranking::from_order(&order)?.with_name(format!("r{}f{}", u / self.folds, u % self.folds)))
    }

    /// Every split's ranking, repeat by repeat.
    pub fn rankings(&self) -> Result<Vec<Ranking>> {
        (0..self.len()).map(|u| self.ranking_at(u)).collect()
    }

    /// `ranks[ranking][feature]`: each feature's rank (1 = best) in every split's ranking, features in the
    /// dataset's order.
    pub fn ranks(&self) -> Vec<Vec<f64>> {
        self.orders
            .iter()
            .map(|o| {
                let mut r = vec![0.0; self.features.len()];
                o.iter().enumerate().for_each(|(p, &j)| r[j as usize] = (p + 1) as f64);
                r
            })
            .collect()
    }

    /// The top-`k` sets as a selection matrix: `selected[ranking][feature]` (the input of Nogueira's φ).
    pub fn selections(&self, k: usize) -> Vec<Vec<bool>> {
        self.orders
            .iter()
            .map(|o| {
                let mut s = vec![false; self.features.len()];
                o.iter().take(k).for_each(|&j| s[j as usize] = true);
                s
            })
            .collect()
    }

    /// One ranking from all splits: features by aggregated rank (e.g. mean or median), ties in the
    /// dataset's feature order; named `{ranking}-{aggregate}`, scores = − aggregated rank.
    pub fn aggregate(&self, how: Aggregate) -> Result<Ranking> {
        let agg = how.combine(&self.ranks())?;
        let scores: Vec<f64> = agg.iter().map(|r| -r).collect();
        Ok(Ranking::from_scores(&self.features, &scores)?.with_name(format!("{}-{how}", self.ranking)))
    }

    /// Each feature's rank over the splits: columns `feature, mean_rank, median_rank, std_rank, best_rank,
    /// worst_rank, q05_rank, q95_rank` and `top_k` (the fraction of splits that put it in the top `top_k`),
    /// sorted by mean rank.
    pub fn rank_distribution(&self, top_k: usize) -> Result<Frame> {
        if self.is_empty() {
            return Err(Error::EmptyData { what: "no per-fold rankings".into() });
        }
        let ranks = self.ranks();
        let per_feature: Vec<Vec<f64>> =
            (0..self.features.len()).map(|f| ranks.iter().map(|r| r[f]).collect()).collect();
        let mut idx: Vec<usize> = (0..self.features.len()).collect();
        let means: Vec<f64> = per_feature.iter().map(|v| mean(v)).collect();
        idx.sort_by(|&a, &b| means[a].total_cmp(&means[b]).then(a.cmp(&b)));
        let col = |f: &dyn Fn(&[f64]) -> f64| idx.iter().map(|&j| f(&per_feature[j])).collect::<Vec<f64>>();
        let m = self.len() as f64;
        let columns = vec![
            Column::new("feature".into(), idx.iter().map(|&j| self.features[j].clone()).collect::<Vec<_>>()),
            Column::new("mean_rank".into(), col(&|v| mean(v))),
            Column::new("median_rank".into(), col(&|v| quantile(v, 0.5))),
            Column::new("std_rank".into(), col(&|v| std(v))),
            Column::new("best_rank".into(), col(&|v| v.iter().copied().fold(f64::INFINITY, f64::min))),
            Column::new("worst_rank".into(), col(&|v| v.iter().copied().fold(0.0, f64::max))),
            Column::new("q05_rank".into(), col(&|v| quantile(v, 0.05))),
            Column::new("q95_rank".into(), col(&|v| quantile(v, 0.95))),
            Column::new(
                format!("top_{top_k}").into(),
                col(&|v| v.iter().filter(|&&r| r <= top_k as f64).count() as f64 / m),
            ),
        ];
        Ok(DataFrame::new(idx.len(), columns)?.into())
    }
}
