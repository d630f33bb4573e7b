//! Stability and accuracy weighed together: which rankers to keep when both matter (thesis §7.2).
//!
//! From one per-fold curve run and a subset size k, every ranker run inside the folds is a point
//! (Nogueira's φ of its top-k sets over the training splits, its FFA value at k). A ranker is on the
//! **Pareto front** when no other is at least as good on both and better on one: the rankers worth
//! choosing between; every other one is beaten on both counts.
//!
//! One number, when one is wanted: the **robustness–performance trade-off** of Saeys, Abeel & Van de Peer
//! (2008, "Robust feature selection using ensemble feature selection techniques", ECML PKDD, LNAI 5212,
//! pp. 313–325), an F-measure of stability S and performance P:
//!
//! ```text
//! RPT_β = (β² + 1) · S · P / (β² · S + P),   S = max(φ, 0)
//! ```
//!
//! β = 1 weighs both equally, β > 1 favours stability. It needs a performance in [0, 1] where higher is
//! better: accuracy, balanced accuracy, AUC, and on target sets subset accuracy, micro/macro F1, mean
//! accuracy and the Hamming accuracy 1 − Hamming loss; for correlation, RMSE and aRRMSE it is left empty.

use polars::prelude::*;
use serde::{Deserialize, Serialize};

use crate::compare::stability::nogueira;
use crate::data::Frame;
use crate::error::{Error, Result};
use crate::eval::{CurveKind, Curves};
use crate::resampling::Measure;

/// One ranker at the chosen size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TradeOffPoint {
    /// The per-fold ranker.
    pub ranking: String,
    /// Its FFA value at k.
    pub value: f64,
    /// Nogueira's φ of its top-k sets over the training splits.
    pub phi: f64,
    /// No other ranker is at least as good on both and better on one.
    pub on_front: bool,
    /// RPT_β, where the measure allows it.
    pub rpt: Option<f64>,
}

/// The stability–accuracy trade-off of the rankers of a per-fold run at one size; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::compare::TradeOff;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(0)
///     .evaluate_all(&iris, &[Candidate::per_fold(ReliefF::new()), Candidate::per_fold(Fisher::new())]).unwrap();
/// let t = TradeOff::of_curves(&curves, 2).unwrap();
/// assert!(!t.front().is_empty());
/// assert!(t.best_rpt().is_some());
/// assert_eq!(t.to_polars().unwrap().height(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TradeOff {
    /// The subset size.
    pub k: usize,
    /// The curves' measure.
    pub measure: Measure,
    /// The β of RPT.
    pub beta: f64,
    /// What was run (the curves' description).
    pub description: String,
    /// One point per per-fold ranker, in the run's order.
    pub points: Vec<TradeOffPoint>,
}

impl TradeOff {
    /// The trade-off at size `k` (a size of the curves' grid, below the number of features) with β = 1.
    pub fn of_curves(curves: &Curves, k: usize) -> Result<TradeOff> {
        let at = curves.sizes.iter().position(|&s| s == k).ok_or_else(|| {
            Error::param("k", format!("{k} is not a size of the curves (the grid has {:?})", curves.sizes))
        })?;
        if curves.fold_rankings.is_empty() {
            return Err(Error::param(
                "curves",
                "stability needs rankers run inside the folds (Candidate::per_fold; the CLI's --method, Python's rankers=)",
            ));
        }
        let higher = curves.measure.higher_is_better();
        let mut points = Vec::new();
        for fr in &curves.fold_rankings {
            if k >= fr.features.len() {
                return Err(Error::param("k", format!("{k} keeps every feature: every top-k set is the same")));
            }
            let phi = nogueira(&fr.selections(k))?.phi;
            let ffa = curves
                .get(&fr.ranking, CurveKind::Ffa)
                .ok_or_else(|| Error::param("curves", format!("no FFA curve of '{}'", fr.ranking)))?;
            points.push(TradeOffPoint {
                ranking: fr.ranking.clone(),
                value: ffa.mean[at],
                phi,
                on_front: false,
                rpt: None,
            });
        }
        // oriented so that larger is better on both axes
        let v = |p: &TradeOffPoint| if higher { p.value } else { -p.value };
        let dominated: Vec<bool> = points
            .iter()
            .map(|p| points.iter().any(|q| v(q) >= v(p) && q.phi >= p.phi && (v(q) > v(p) || q.phi > p.phi)))
            .collect();
        points.iter_mut().zip(dominated).for_each(|(p, d)| p.on_front = !d);
        let beta = TradeOff::DEFAULT_BETA;
        TradeOff { k, measure: curves.measure, beta, description: curves.description(), points }.with_beta(beta)
    }

    /// β unless told: 1, stability and accuracy weighed alike (the CLI's `trade-off --beta`, Python's `beta`).
    pub const DEFAULT_BETA: f64 = 1.0;

    /// The same points with RPT_β (β > 0; β > 1 favours stability).
    pub fn with_beta(mut self, beta: f64) -> Result<TradeOff> {
        if !(beta > 0.0 && beta.is_finite()) {
            return Err(Error::param("beta", format!("must be a positive number, got {beta}")));
        }
        for p in &mut self.points {
            p.rpt = performance(self.measure, p.value).map(|performance| rpt(beta, p.phi, performance));
        }
        self.beta = beta;
        Ok(self)
    }

    /// The rankers on the Pareto front, in the run's order.
    pub fn front(&self) -> Vec<&str> {
        self.points.iter().filter(|p| p.on_front).map(|p| p.ranking.as_str()).collect()
    }

    /// The ranker with the largest RPT_β (the first on ties); none where the measure has no RPT.
    pub fn best_rpt(&self) -> Option<&str> {
        self.points
            .iter()
            .filter_map(|p| p.rpt.map(|r| (p, r)))
            .fold(None, |best: Option<(&TradeOffPoint, f64)>, (p, r)| match best {
                Some((_, b)) if b >= r => best,
                _ => Some((p, r)),
            })
            .map(|(p, _)| p.ranking.as_str())
    }

    /// Columns `ranking, k, value, phi, on_front, rpt` (rpt null where the measure has none).
    pub fn to_polars(&self) -> Result<Frame> {
        let p = &self.points;
        Ok(df!(
            "ranking" => p.iter().map(|p| p.ranking.as_str()).collect::<Vec<_>>(),
            "k" => vec![self.k as u32; p.len()],
            self.measure.label() => p.iter().map(|p| p.value).collect::<Vec<_>>(),
            "phi" => p.iter().map(|p| p.phi).collect::<Vec<_>>(),
            "on_front" => p.iter().map(|p| p.on_front).collect::<Vec<_>>(),
            "rpt" => p.iter().map(|p| p.rpt).collect::<Vec<_>>(),
        )?
        .into())
    }
}

/// The performance P in [0, 1], higher better, that RPT weighs from a `measure`'s `value`: the value itself,
/// 1 − the Hamming loss, none for unbounded measures and the other losses.
fn performance(measure: Measure, value: f64) -> Option<f64> {
    match measure {
        Measure::Accuracy
        | Measure::BalancedAccuracy
        | Measure::MacroAuc
        | Measure::SubsetAccuracy
        | Measure::MicroF1
        | Measure::MacroF1
        | Measure::MeanAccuracy
        | Measure::HarrellC
        | Measure::UnoC => Some(value),
        Measure::HammingLoss => Some(1.0 - value),
        Measure::Rmse | Measure::Arrmse | Measure::Correlation | Measure::MeanCorrelation => None,
        Measure::IntegratedBrier => None,
    }
}

/// RPT_β = (β² + 1) S P / (β² S + P) with S = max(φ, 0); 0 when both are 0.
fn rpt(beta: f64, phi: f64, performance: f64) -> f64 {
    let (s, b2) = (phi.max(0.0), beta * beta);
    let denominator = b2 * s + performance;
    if denominator > 0.0 {
        (b2 + 1.0) * s * performance / denominator
    } else {
        0.0
    }
}
