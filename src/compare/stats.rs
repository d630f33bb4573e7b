//! Comparing k methods over N datasets (Demšar 2006, as \[P18\] §5.3 does with ECA values).
//!
//! - Per dataset the methods are ranked by score, **higher = rank 1**, ties get the average rank.
//! - Friedman: χ²_F = 12N/(k(k+1)) · (Σ_j R_j² − k(k+1)²/4), R_j = average rank of method j; df = k − 1.
//! - Iman–Davenport: F_F = (N−1)χ²_F / (N(k−1) − χ²_F), df = (k−1, (k−1)(N−1)).
//! - Nemenyi critical difference: CD = q_α·√(k(k+1)/(6N)), where q_α is the upper-α quantile of the
//!   studentized range of k normals (infinite df) divided by √2 — computed here by numerical integration,
//!   not read from a table: P(range ≤ w) = k ∫ φ(z)(Φ(z) − Φ(z − w))^{k−1} dz.

use serde::{Deserialize, Serialize};
use statrs::distribution::{ChiSquared, ContinuousCDF, FisherSnedecor, Normal};

use crate::error::{Error, Result};
use crate::math::average_ranks;

/// Friedman test results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Friedman {
    /// Method names.
    pub methods: Vec<String>,
    /// Number of datasets N.
    pub datasets: usize,
    /// Average rank per method (1 = best).
    pub average_ranks: Vec<f64>,
    /// Friedman χ²_F.
    pub chi2: f64,
    /// P-value of χ²_F (df k − 1).
    pub chi2_p: f64,
    /// Iman–Davenport F_F.
    pub iman_davenport: f64,
    /// P-value of F_F.
    pub iman_davenport_p: f64,
}

/// Friedman and Iman–Davenport tests; `scores[d][j]` = score of method j on dataset d (higher = better).
///
/// ```
/// let f = featrank::compare::stats::friedman(&["a", "b"], &[vec![0.9, 0.8], vec![0.7, 0.6], vec![0.5, 0.55]]).unwrap();
/// assert!((f.average_ranks[0] - 4.0 / 3.0).abs() < 1e-12 && (f.average_ranks[1] - 5.0 / 3.0).abs() < 1e-12);
/// ```
pub fn friedman<S: AsRef<str>>(methods: &[S], scores: &[Vec<f64>]) -> Result<Friedman> {
    let k = methods.len();
    let n = scores.len();
    if k < 2 {
        return Err(Error::param("methods", "the Friedman test needs at least 2 methods"));
    }
    if n < 2 {
        return Err(Error::param("scores", "the Friedman test needs at least 2 datasets"));
    }
    if let Some((d, row)) = scores.iter().enumerate().find(|(_, r)| r.len() != k || r.iter().any(|v| v.is_nan())) {
        return Err(Error::param("scores", format!("dataset {d} has {} scores (or a NaN) for {k} methods", row.len())));
    }
    let mut avg = vec![0.0; k];
    for row in scores {
        average_ranks(row, true).iter().zip(&mut avg).for_each(|(r, a)| *a += r / n as f64);
    }
    let (kf, nf) = (k as f64, n as f64);
    let chi2 = 12.0 * nf / (kf * (kf + 1.0)) * (avg.iter().map(|r| r * r).sum::<f64>() - kf * (kf + 1.0).powi(2) / 4.0);
    let df1 = kf - 1.0;
    let df2 = (kf - 1.0) * (nf - 1.0);
    let ff = (nf - 1.0) * chi2 / (nf * (kf - 1.0) - chi2);
    let chi2_p = 1.0 - ChiSquared::new(df1).map_err(|e| Error::param("methods", e.to_string()))?.cdf(chi2);
    let ff_p = if ff.is_finite() {
        1.0 - FisherSnedecor::new(df1, df2).map_err(|e| Error::param("scores", e.to_string()))?.cdf(ff)
    } else {
        0.0
    };
    Ok(Friedman {
        methods: methods.iter().map(|m| m.as_ref().to_string()).collect(),
        datasets: n,
        average_ranks: avg,
        chi2,
        chi2_p,
        iman_davenport: ff,
        iman_davenport_p: ff_p,
    })
}

/// CDF of the range of k independent standard normals.
fn range_cdf(k: usize, w: f64) -> f64 {
    let normal = Normal::standard();
    let (lo, hi, steps) = (-9.0, 9.0, 3600);
    let h = (hi - lo) / steps as f64;
    let f = |z: f64| {
        let phi = (-z * z / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
        phi * (normal.cdf(z) - normal.cdf(z - w)).powi(k as i32 - 1)
    };
    // Simpson's rule
    let mut s = f(lo) + f(hi);
    for i in 1..steps {
        s += f(lo + i as f64 * h) * if i % 2 == 1 { 4.0 } else { 2.0 };
    }
    k as f64 * s * h / 3.0
}

/// Nemenyi's q_α for k methods: the upper-α studentized range quantile (df = ∞) over √2.
///
/// ```
/// let q = featrank::compare::stats::nemenyi_q(4, 0.05).unwrap();
/// assert!((q - 2.569).abs() < 1e-3); // Demšar 2006, Table 5
/// ```
pub fn nemenyi_q(k: usize, alpha: f64) -> Result<f64> {
    if k < 2 {
        return Err(Error::param("k", "needs at least 2 methods"));
    }
    crate::math::probability("alpha", alpha)?;
    let (mut lo, mut hi) = (0.0, 20.0);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if range_cdf(k, mid) < 1.0 - alpha {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok((lo + hi) / 2.0 / std::f64::consts::SQRT_2)
}

/// Nemenyi critical difference of average ranks for k methods over n datasets.
///
/// ```
/// let cd = featrank::compare::stats::nemenyi_cd(4, 28, 0.05).unwrap();
/// assert!((cd - 0.8864).abs() < 1e-3); // [P18] §5.3
/// ```
pub fn nemenyi_cd(k: usize, n: usize, alpha: f64) -> Result<f64> {
    if n == 0 {
        return Err(Error::param("n", "needs at least 1 dataset"));
    }
    Ok(nemenyi_q(k, alpha)? * (k as f64 * (k as f64 + 1.0) / (6.0 * n as f64)).sqrt())
}

/// Indices of `average_ranks` from best (lowest) to worst; ties keep the given order.
///
/// ```
/// assert_eq!(featrank::compare::stats::best_first(&[2.0, 1.0, 2.0]), vec![1, 0, 2]);
/// ```
pub fn best_first(average_ranks: &[f64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..average_ranks.len()).collect();
    idx.sort_by(|&a, &b| average_ranks[a].total_cmp(&average_ranks[b]));
    idx
}

/// Average ranks with the Nemenyi critical difference: the data of a critical-difference diagram.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CriticalDifference {
    /// Method names.
    pub methods: Vec<String>,
    /// Average rank per method (1 = best).
    pub average_ranks: Vec<f64>,
    /// Number of datasets N.
    pub datasets: usize,
    /// Significance level α.
    pub alpha: f64,
    /// CD = q_α·√(k(k+1)/(6N)).
    pub cd: f64,
}

impl Friedman {
    /// The methods best first with their average ranks: `method, average rank`.
    ///
    /// ```
    /// let f = featrank::compare::stats::friedman(&["a", "b"], &[vec![0.7, 0.8], vec![0.6, 0.9]]).unwrap();
    /// let t = f.to_polars().unwrap();
    /// assert_eq!(t.column("method").unwrap().str().unwrap().get(0), Some("b"));
    /// ```
    pub fn to_polars(&self) -> Result<crate::data::Frame> {
        let order = best_first(&self.average_ranks);
        Ok(polars::prelude::df!(
            "method" => order.iter().map(|&m| self.methods[m].as_str()).collect::<Vec<_>>(),
            "average rank" => order.iter().map(|&m| self.average_ranks[m]).collect::<Vec<_>>(),
        )?
        .into())
    }

    /// The Nemenyi critical difference at level `alpha` for these average ranks.
    ///
    /// ```
    /// let f = featrank::compare::stats::friedman(&["a", "b"], &[vec![0.9, 0.8], vec![0.7, 0.6]]).unwrap();
    /// let cd = f.critical_difference(0.05).unwrap();
    /// assert!((cd.cd - featrank::compare::stats::nemenyi_cd(2, 2, 0.05).unwrap()).abs() < 1e-12);
    /// ```
    pub fn critical_difference(&self, alpha: f64) -> Result<CriticalDifference> {
        Ok(CriticalDifference {
            methods: self.methods.clone(),
            average_ranks: self.average_ranks.clone(),
            datasets: self.datasets,
            alpha,
            cd: nemenyi_cd(self.methods.len(), self.datasets, alpha)?,
        })
    }
}

impl CriticalDifference {
    /// Method indices from best (lowest average rank) to worst; ties keep the given order.
    pub fn order(&self) -> Vec<usize> {
        best_first(&self.average_ranks)
    }

    /// Maximal runs `(first, last)` of positions in [`CriticalDifference::order`] whose average ranks differ
    /// by less than CD (the methods joined by a bar: not significantly different); runs of one are left out.
    ///
    /// ```
    /// use featrank::compare::stats::CriticalDifference;
    /// let cd = CriticalDifference { methods: vec!["a".into(), "b".into(), "c".into(), "d".into()],
    ///     average_ranks: vec![1.0, 1.5, 2.8, 3.2], datasets: 10, alpha: 0.05, cd: 1.0 };
    /// assert_eq!(cd.groups(), vec![(0, 1), (2, 3)]);
    /// ```
    pub fn groups(&self) -> Vec<(usize, usize)> {
        let order = self.order();
        let r: Vec<f64> = order.iter().map(|&m| self.average_ranks[m]).collect();
        let mut groups: Vec<(usize, usize)> = Vec::new();
        for lo in 0..r.len() {
            let hi = (lo..r.len()).take_while(|&j| r[j] - r[lo] < self.cd).last().unwrap_or(lo);
            if hi > lo && groups.last().is_none_or(|&(_, h)| hi > h) {
                groups.push((lo, hi));
            }
        }
        groups
    }

    /// Pairs of methods whose average ranks differ by at least CD, `(better, worse)`.
    pub fn significant_pairs(&self) -> Vec<(&str, &str)> {
        let order = self.order();
        let mut out = Vec::new();
        for (p, &a) in order.iter().enumerate() {
            for &b in &order[p + 1..] {
                if let (Some(ma), Some(mb)) = (self.methods.get(a), self.methods.get(b)) {
                    if self.average_ranks[b] - self.average_ranks[a] >= self.cd {
                        out.push((ma.as_str(), mb.as_str()));
                    }
                }
            }
        }
        out
    }
}
