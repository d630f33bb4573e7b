//! The Performance Index of a ranking (seed 003, Eq. 4): for each top-i subset, the rows complete on it
//! are cross-validated, and PI(i) = Σ_{j≤i} (n_j/j)·acc_j / Σ_{j≤i} n_j/j weighs each accuracy by the rows
//! it rests on and by the subset size.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::data::{Dataset, Ranking, Task};
use crate::error::{Error, Result};
use crate::eval::defaults;
use crate::learners::Learner;
use crate::resampling::CvPlan;
use crate::resampling::Prediction;

/// One point of a Performance Index curve.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PiPoint {
    /// Top-i features.
    pub i: usize,
    /// Rows complete on the top-i features (n_i).
    pub rows: usize,
    /// Cross-validated accuracy on those rows (acc_i).
    pub accuracy: f64,
    /// PI(i): the weighted mean of acc_1..acc_i with weights n_j/j.
    pub pi: f64,
}

/// The Performance Index curve of one ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PiCurve {
    /// The ranking's name.
    pub ranking: String,
    /// One point per top-i subset, i = 1, 2, …
    pub points: Vec<PiPoint>,
}

/// The points of several PI curves as one long table: `ranking, n, rows, accuracy, pi` (n: top-n features;
/// rows: the rows complete on them).
///
/// ```
/// use featrank::eval::{pi, PiCurve, PiPoint};
/// let c = PiCurve { ranking: "r".into(), points: vec![PiPoint { i: 1, rows: 140, accuracy: 0.7, pi: 0.7 }] };
/// assert_eq!(pi::pi_table(&[c]).unwrap().shape(), (1, 5));
/// ```
pub fn pi_table(curves: &[PiCurve]) -> Result<crate::data::Frame> {
    use polars::prelude::*;
    let points = || curves.iter().flat_map(|c| c.points.iter().map(move |p| (c.ranking.as_str(), p)));
    Ok(DataFrame::new(
        points().count(),
        vec![
            Column::new("ranking".into(), points().map(|(r, _)| r).collect::<Vec<_>>()),
            Column::new("n".into(), points().map(|(_, p)| p.i as u32).collect::<Vec<_>>()),
            Column::new("rows".into(), points().map(|(_, p)| p.rows as u32).collect::<Vec<_>>()),
            Column::new("accuracy".into(), points().map(|(_, p)| p.accuracy).collect::<Vec<_>>()),
            Column::new("pi".into(), points().map(|(_, p)| p.pi).collect::<Vec<_>>()),
        ],
    )?
    .into())
}

/// The Performance Index weights and cumulative mean from `(n_i, acc_i)`, i = 1, 2, …
///
/// ```
/// // a worked example: weights 140, 60, 30 → PI(3) = 167/230
/// let pi = featrank::eval::pi::performance_index(&[(140, 0.70), (120, 0.75), (90, 0.80)]);
/// assert!((pi[2] - 0.7261).abs() < 1e-4);
/// ```
pub fn performance_index(points: &[(usize, f64)]) -> Vec<f64> {
    let (mut num, mut den) = (0.0, 0.0);
    points
        .iter()
        .enumerate()
        .map(|(k, &(n, acc))| {
            let w = n as f64 / (k + 1) as f64;
            num += w * acc;
            den += w;
            if den > 0.0 {
                num / den
            } else {
                0.0
            }
        })
        .collect()
}

/// The Performance Index protocol (\[003\]): which learner, how many folds, up to how many top features,
/// and the seed; [`PiSpec::evaluate`] gives the [`PiCurve`] of a ranking.
///
/// For N = 1..=max_n, the rows complete on the top-N features are cross-validated (stratified, one repeat,
/// seeded, through [`CvPlan::cross_val_predict`]). The curve stops early (fewer points than `max_n`)
/// where a subset has fewer complete rows per class than folds.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::eval::PiSpec;
/// let vote = featrank::data::datasets::load("vote").unwrap().dataset().unwrap();
/// let r = ReliefF::new().rank(&vote, 1).unwrap();
/// let pi = PiSpec::new(NaiveBayes::new()).folds(5).max_n(4).seed(1).evaluate(&vote, &r).unwrap();
/// assert_eq!(pi.points.len(), 4);
/// assert!(pi.points.iter().all(|p| p.pi > 0.5 && p.pi <= 1.0));
/// ```
#[derive(Debug, Clone)]
pub struct PiSpec {
    learner: Arc<dyn Learner>,
    folds: usize,
    max_n: Option<usize>,
    seed: u64,
}

impl PiSpec {
    /// Defaults: [`defaults::FOLDS`] folds, every top-N subset up to all features, seed [`defaults::SEED`].
    pub fn new(learner: impl Learner + 'static) -> PiSpec {
        PiSpec { learner: Arc::new(learner), folds: defaults::FOLDS, max_n: None, seed: defaults::SEED }
    }

    /// Folds of the stratified cross-validation (≥ 2).
    pub fn folds(mut self, folds: usize) -> PiSpec {
        self.folds = folds;
        self
    }

    /// The largest top-N subset (1..=number of features; default all).
    pub fn max_n(mut self, n: usize) -> PiSpec {
        self.max_n = Some(n);
        self
    }

    /// Seed of the fold assignment and of the learner.
    pub fn seed(mut self, seed: u64) -> PiSpec {
        self.seed = seed;
        self
    }

    /// The PI curve of `ranking` on `data`.
    pub fn evaluate(&self, data: &Dataset, ranking: &Ranking) -> Result<PiCurve> {
        let (learner, folds, seed) = (self.learner.as_ref(), self.folds, self.seed);
        let order = ranking.positions_in(data)?;
        let max_n = self.max_n.unwrap_or(order.len());
        if max_n == 0 || max_n > order.len() {
            return Err(Error::param("max_n", format!("must be in 1..={}", order.len())));
        }
        if folds < 2 {
            return Err(Error::param("folds", format!("need at least 2 folds, got {folds}")));
        }
        if data.task() != Task::Classification {
            return Err(Error::UnsupportedTask {
                method: "the Performance Index".into(),
                task: data.task(),
                hint: "it indexes the accuracy of a class target".into(),
            });
        }
        let mut points = Vec::new();
        for i in 1..=max_n {
            let features = &order[..i];
            let rows: Vec<usize> =
                (0..data.n_rows()).filter(|&r| features.iter().all(|&j| !data.is_missing(r, j))).collect();
            let sub = data.take_rows(&rows)?;
            let Ok(plan) = CvPlan::stratified(&sub, folds, 1, seed) else { break };
            let labels = sub.labels().unwrap_or_default();
            let pooled =
                plan.cross_val_predict(&sub, 0, seed, |fold| Ok(vec![learner.fit_predict(fold, features)?]))?;
            let Prediction::Classes { labels: pred, .. } = &pooled.predictions[0] else {
                return Err(Error::param("learner", "the Performance Index needs a classifier"));
            };
            let correct = labels.iter().zip(pred).filter(|(t, p)| t == p).count();
            points.push((rows.len(), correct as f64 / rows.len() as f64));
        }
        let pi = performance_index(&points);
        let points = points
            .iter()
            .zip(pi)
            .enumerate()
            .map(|(k, (&(rows, accuracy), pi))| PiPoint { i: k + 1, rows, accuracy, pi })
            .collect();
        Ok(PiCurve { ranking: ranking.name().to_string(), points })
    }
}
