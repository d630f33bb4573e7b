//! ECA, the error curve analysis score (\[P18\] Eqs. 1–4).
//!
//! **ECA.** For rankings A and B with curves on the same grid, δ_i = curve_A(i) − curve_B(i) and
//!
//! ```text
//! FFA_δ = Σ w_i δ_i^FFA / Σ w_i,   RFA_δ = Σ w_i δ_i^RFA / Σ w_i,   ECA = (FFA_δ − RFA_δ) / 2
//! ```
//!
//! with the four weightings of \[P18\] Table 3: uniform (w = 1), position (w = 1/i), magnitude (w = |δ_i|)
//! and both (w = |δ_i|/i), i = subset size; the weights are computed separately for FFA and RFA. ECA > 0
//! means A is better (curves hold a performance; for a loss such as RMSE the sign is flipped so that
//! "positive = first ranking better" still holds). With magnitude weights and all δ = 0 the aggregate is 0.
//!
//! **Non-uniform grids** (conventions fixed here, the papers give none): each grid point also carries the
//! number of subset sizes it stands for, width_i = s_i − s_{i−1} (s_0 = 0), so w_i ← w_i·width_i. On the full
//! grid every width is 1 and the formula is exactly \[P18\]'s; on the \[P20\] grid the score approximates the
//! full-resolution one instead of over-weighting the densely sampled start.
//!

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

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

impl Default for Weighting {
    /// Uniform: every point difference counts the same (\[P18\]'s ECA).
    fn default() -> Weighting {
        Weighting::Uniform
    }
}

impl Weighting {
    /// The four weightings, in \[P18\]'s order.
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
        Weighting::ALL.into_iter().find(|w| w.label() == s).ok_or_else(|| {
            Error::param(
                "weighting",
                format!("'{}' is not one of uniform, position, magnitude, both", crate::error::quote(s)),
            )
        })
    }
}

/// Weighted mean of point differences `deltas` at ascending subset `sizes` (\[P18\] Eq. 3, with grid widths).
///
/// ```
/// use featrank::eval::eca::{weighted_delta, Weighting};
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

/// ECA of curves `a` against curves `b`, each given as `(FFA, RFA)` means per size: FFA_δ and RFA_δ are
/// the weighted means of the differences a − b, ECA = (FFA_δ − RFA_δ)/2 (\[P18\] §3.3).
///
/// ```
/// use featrank::eval::{eca::eca, Weighting};
/// let (a, b) = ((&[0.9, 0.9][..], &[0.5, 0.9][..]), (&[0.7, 0.9][..], &[0.7, 0.9][..]));
/// let s = eca(a, b, &[1, 2], Weighting::Uniform);
/// assert!((s.eca - 0.1).abs() < 1e-12); // FFA_δ = 0.1, RFA_δ = −0.1
/// ```
pub fn eca(a: (&[f64], &[f64]), b: (&[f64], &[f64]), sizes: &[usize], w: Weighting) -> Eca {
    let diff = |x: &[f64], y: &[f64]| x.iter().zip(y).map(|(x, y)| x - y).collect::<Vec<f64>>();
    let ffa_delta = weighted_delta(&diff(a.0, b.0), sizes, w);
    let rfa_delta = weighted_delta(&diff(a.1, b.1), sizes, w);
    Eca { ffa_delta, rfa_delta, eca: (ffa_delta - rfa_delta) / 2.0 }
}
