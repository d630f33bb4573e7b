//! Scores on top of curves: ECA ([P18] Eqs. 1–4) and the Performance Index (seed 003, Eq. 4).
//!
//! **ECA.** For rankings A and B with curves on the same grid, δ_i = curve_A(i) − curve_B(i) and
//!
//! ```text
//! FFA_δ = Σ w_i δ_i^FFA / Σ w_i,   RFA_δ = Σ w_i δ_i^RFA / Σ w_i,   ECA = (FFA_δ − RFA_δ) / 2
//! ```
//!
//! with the four weightings of [P18] Table 3: uniform (w = 1), position (w = 1/i), magnitude (w = |δ_i|)
//! and both (w = |δ_i|/i), i = subset size; the weights are computed separately for FFA and RFA. ECA > 0
//! means A is better (curves hold a performance; for a loss such as RMSE the sign is flipped so that
//! "positive = first ranking better" still holds). With magnitude weights and all δ = 0 the aggregate is 0.
//!
//! **Non-uniform grids** (conventions fixed here, the papers give none): each grid point also carries the
//! number of subset sizes it stands for, width_i = s_i − s_{i−1} (s_0 = 0), so w_i ← w_i·width_i. On the full
//! grid every width is 1 and the formula is exactly [P18]'s; on the [P20] grid the score approximates the
//! full-resolution one instead of over-weighting the densely sampled start.
//!
//! **Performance Index** ([003] Eq. 4): PI(N) = Σ_{i≤N} (n_i/i)·acc_i / Σ_{i≤N} (n_i/i), where acc_i is the
//! cross-validated accuracy on the top-i features using only the n_i rows complete on those features.

use serde::{Deserialize, Serialize};

use crate::curves::{CurveKind, Curves};
use crate::cv::CvPlan;
use crate::dataset::Dataset;
use crate::error::{Error, Result};
use crate::learners::{Fold, Learner, Prediction};
use crate::ranking::Ranking;

/// The weighting of point differences in ECA.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weighting {
    /// w = 1
    Uniform,
    /// w = 1/i
    Position,
    /// w = |δ|
    Magnitude,
    /// w = |δ|/i
    Both,
}

impl Weighting {
    /// The four weightings, in [P18]'s order.
    pub const ALL: [Weighting; 4] = [Weighting::Uniform, Weighting::Position, Weighting::Magnitude, Weighting::Both];

    /// `uniform`, `position`, `magnitude` or `both`.
    pub fn label(self) -> &'static str {
        match self {
            Weighting::Uniform => "uniform",
            Weighting::Position => "position",
            Weighting::Magnitude => "magnitude",
            Weighting::Both => "both",
        }
    }
}

impl std::str::FromStr for Weighting {
    type Err = Error;
    fn from_str(s: &str) -> Result<Weighting> {
        Weighting::ALL
            .into_iter()
            .find(|w| w.label() == s)
            .ok_or_else(|| Error::param("weighting", format!("'{s}' is not one of uniform, position, magnitude, both")))
    }
}

/// Weighted mean of point differences `deltas` at ascending subset `sizes` ([P18] Eq. 3, with grid widths).
///
/// ```
/// use featrank::score::{weighted_delta, Weighting};
/// let d = [0.2, -0.1, 0.0];
/// assert!((weighted_delta(&d, &[1, 2, 3], Weighting::Uniform) - 0.1 / 3.0).abs() < 1e-12);
/// // magnitude: Σ δ|δ| / Σ |δ|
/// assert!((weighted_delta(&d, &[1, 2, 3], Weighting::Magnitude) - 0.03 / 0.3).abs() < 1e-12);
/// assert_eq!(weighted_delta(&[0.0, 0.0], &[1, 2], Weighting::Magnitude), 0.0);
/// ```
pub fn weighted_delta(deltas: &[f64], sizes: &[usize], weighting: Weighting) -> f64 {
    let (mut num, mut den) = (0.0, 0.0);
    let mut prev = 0;
    for (&d, &s) in deltas.iter().zip(sizes) {
        let width = s.saturating_sub(prev) as f64;
        prev = s;
        let w = width
            * match weighting {
                Weighting::Uniform => 1.0,
                Weighting::Position => 1.0 / s as f64,
                Weighting::Magnitude => d.abs(),
                Weighting::Both => d.abs() / s as f64,
            };
        num += w * d;
        den += w;
    }
    if den == 0.0 {
        0.0
    } else {
        num / den
    }
}

/// FFA_δ, RFA_δ and ECA of one comparison.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Eca {
    /// Weighted mean FFA difference (A − B).
    pub ffa_delta: f64,
    /// Weighted mean RFA difference (A − B).
    pub rfa_delta: f64,
    /// (FFA_δ − RFA_δ)/2; positive = A better.
    pub eca: f64,
}

/// ECA of curves `a` against curves `b` (each an FFA and an RFA mean per size).
pub fn eca(ffa_a: &[f64], rfa_a: &[f64], ffa_b: &[f64], rfa_b: &[f64], sizes: &[usize], w: Weighting) -> Eca {
    let diff = |x: &[f64], y: &[f64]| x.iter().zip(y).map(|(x, y)| x - y).collect::<Vec<f64>>();
    let ffa_delta = weighted_delta(&diff(ffa_a, ffa_b), sizes, w);
    let rfa_delta = weighted_delta(&diff(rfa_a, rfa_b), sizes, w);
    Eca { ffa_delta, rfa_delta, eca: (ffa_delta - rfa_delta) / 2.0 }
}

impl Curves {
    /// ECA of ranking `a` against `baseline` (another ranking's name, or `expected`).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::datasets::load("iris").unwrap().dataset().unwrap();
    /// let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let c = CurveSpec::new(Knn::new(10)).folds(5).repeats(2).expected(10)
    ///     .evaluate(&iris, &[good.with_name("good")]).unwrap();
    /// assert!(c.eca("good", "expected", Weighting::Uniform).unwrap().eca > 0.0);
    /// ```
    pub fn eca(&self, a: &str, baseline: &str, w: Weighting) -> Result<Eca> {
        let pair = |name: &str| -> Result<(&[f64], &[f64])> {
            if name == "expected" {
                let e = self.expected().ok_or_else(|| {
                    Error::param("baseline", "these curves have no expected curve (run with expected > 0)")
                })?;
                return Ok((&e.mean, &e.mean));
            }
            match (self.get(name, CurveKind::Ffa), self.get(name, CurveKind::Rfa)) {
                (Some(f), Some(r)) => Ok((&f.mean, &r.mean)),
                _ => Err(Error::Unknown {
                    kind: "ranking".into(),
                    name: name.into(),
                    known: self.rankings().join(", "),
                }),
            }
        };
        let (fa, ra) = pair(a)?;
        let (fb, rb) = pair(baseline)?;
        let mut s = eca(fa, ra, fb, rb, &self.sizes, w);
        if !self.measure.higher_is_better() {
            s = Eca { ffa_delta: -s.ffa_delta, rfa_delta: -s.rfa_delta, eca: -s.eca };
        }
        Ok(s)
    }
}

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

/// The Performance Index weights and cumulative mean from `(n_i, acc_i)`, i = 1, 2, …
///
/// ```
/// // the worked example of the digest: weights 140, 60, 30 → PI(3) = 167/230
/// let pi = featrank::score::performance_index(&[(140, 0.70), (120, 0.75), (90, 0.80)]);
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
            if den > 0.0 { num / den } else { 0.0 }
        })
        .collect()
}

/// PI curve of `ranking` for N = 1..=max_n: for each top-i subset, the rows complete on it are
/// cross-validated (stratified, `folds` folds, one repeat, seeded) with `learner`. The curve stops early
/// (fewer points than `max_n`) where a subset has fewer complete rows per class than folds ([003]).
pub fn pi_curve(
    data: &Dataset,
    ranking: &Ranking,
    learner: &dyn Learner,
    folds: usize,
    max_n: usize,
    seed: u64,
) -> Result<PiCurve> {
    let order = ranking.positions_in(data)?;
    if max_n == 0 || max_n > order.len() {
        return Err(Error::param("max_n", format!("must be in 1..={}", order.len())));
    }
    let mut points = Vec::new();
    for i in 1..=max_n {
        let features = &order[..i];
        let rows: Vec<usize> = (0..data.n_rows())
            .filter(|&r| features.iter().all(|&j| !data.is_missing(r, j)))
            .collect();
        let sub = data.take_rows(&rows)?;
        let Ok(plan) = CvPlan::stratified(&sub, folds, 1, seed) else { break };
        let mut correct = 0usize;
        let labels = sub.labels().ok_or_else(|| Error::param("data", "the Performance Index needs classes"))?;
        for f in 0..folds {
            let (train, test) = plan.split(0, f);
            learner.check(&sub, train.len())?;
            let fold = Fold { data: &sub, train: &train, test: &test, seed };
            if let Prediction::Classes { labels: pred, .. } = learner.fit_predict(&fold, features)? {
                correct += test.iter().zip(&pred).filter(|(&t, &p)| labels[t] == p).count();
            }
        }
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
