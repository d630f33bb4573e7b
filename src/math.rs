//! The small statistics every layer shares: mean, standard deviation, quantiles, Pearson correlation,
//! ROC AUC, average ranks, entropy, the corrected resampled t-test, Holm's and Benjamini–Hochberg's
//! adjustments and the Clopper–Pearson bound. One copy of each, used by curves,
//! measures, rankers and comparisons.
//!
//! ```
//! use featrank::math;
//! let v = [1.0, 2.0, 3.0, 4.0];
//! assert_eq!(math::mean(&v), 2.5);
//! assert!((math::std(&v) - 1.2909944487358056).abs() < 1e-15);
//! assert_eq!(math::quantile(&v, 0.5), 2.5);
//! assert_eq!(math::pearson(&v, &[2.0, 4.0, 6.0, 8.0]), 1.0);
//! assert_eq!(math::auc(&[0.1, 0.9], &[false, true]), Some(1.0));
//! assert_eq!(math::entropy(&[1.0, 1.0]), 1.0);
//! ```

use serde::{Deserialize, Serialize};
use statrs::distribution::{Beta, ContinuousCDF, StudentsT};

use crate::error::{Error, Result};

/// Per class c, a feature's number of values n_c, mean μ_c and sum of squares Σ (x − μ_c)², from its non-zero
/// cells alone — the zeros are counted, not visited: Σ (x − μ)² = Σ over non-zero x of (x − μ)² + zeros · μ² —
/// so a sparse feature costs its stored values, and a dense one read the same way gives the same bits.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ClassMoments {
    /// Values per class (missing ones left out).
    pub(crate) n: Vec<f64>,
    /// Per-class sums.
    pub(crate) sum: Vec<f64>,
    /// Per-class means (0 for a class without values).
    pub(crate) mean: Vec<f64>,
    /// Per-class sums of squared deviations from the mean.
    pub(crate) ss: Vec<f64>,
}

impl ClassMoments {
    /// From `cells` (position, value; NaN = missing) in data-row order, `class_of` a position's class and
    /// `class_n` the rows per class (zeros included).
    pub(crate) fn of(cells: &[(u32, f64)], class_of: impl Fn(usize) -> usize, class_n: &[usize]) -> ClassMoments {
        let k = class_n.len();
        let (mut sum, mut nonzero, mut missing) = (vec![0.0; k], vec![0.0; k], vec![0.0; k]);
        for &(p, x) in cells {
            let c = class_of(p as usize);
            if x.is_nan() {
                missing[c] += 1.0;
            } else {
                sum[c] += x;
                nonzero[c] += 1.0;
            }
        }
        let n: Vec<f64> = (0..k).map(|c| class_n[c] as f64 - missing[c]).collect();
        let mean: Vec<f64> = (0..k).map(|c| if n[c] > 0.0 { sum[c] / n[c] } else { 0.0 }).collect();
        let mut ss = vec![0.0; k];
        for &(p, x) in cells.iter().filter(|c| !c.1.is_nan()) {
            let c = class_of(p as usize);
            ss[c] += (x - mean[c]).powi(2);
        }
        (0..k).filter(|&c| n[c] > nonzero[c]).for_each(|c| ss[c] += (n[c] - nonzero[c]) * mean[c] * mean[c]);
        ClassMoments { n, sum, mean, ss }
    }
}

/// Arithmetic mean; NaN for an empty slice.
pub fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// Sample standard deviation (divisor n − 1); 0 for fewer than two values.
pub fn std(v: &[f64]) -> f64 {
    if v.len() < 2 {
        return 0.0;
    }
    let m = mean(v);
    (v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (v.len() - 1) as f64).sqrt()
}

/// Population standard deviation (divisor n, numpy's `std` default); NaN for an empty slice.
///
/// ```
/// assert_eq!(featrank::math::population_std(&[1.0, 3.0]), 1.0);
/// ```
pub fn population_std(v: &[f64]) -> f64 {
    let m = mean(v);
    (v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / v.len() as f64).sqrt()
}

/// Quantile `q` ∈ [0, 1] by linear interpolation between order statistics (Hyndman & Fan type 7,
/// numpy's default); NaN for an empty slice.
pub fn quantile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let h = (s.len() - 1) as f64 * q.clamp(0.0, 1.0);
    let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
    s[lo] + (h - lo as f64) * (s[hi] - s[lo])
}

/// Pearson correlation r = Σ(a−ā)(b−b̄) / √(Σ(a−ā)² Σ(b−b̄)²); 0 when either side is constant.
pub fn pearson(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma).powi(2);
        sbb += (y - mb).powi(2);
    }
    if saa <= 0.0 || sbb <= 0.0 {
        0.0
    } else {
        sab / (saa * sbb).sqrt()
    }
}

/// ROC AUC of `scores` for the rows flagged `positive`, by the Mann–Whitney statistic
/// (R₊ − n₊(n₊+1)/2) / (n₊ n₋) with ties counted ½; `None` without both kinds of row.
pub fn auc(scores: &[f64], positive: &[bool]) -> Option<f64> {
    let n_pos = positive.iter().filter(|&&p| p).count() as f64;
    let n_neg = positive.len() as f64 - n_pos;
    if n_pos == 0.0 || n_neg == 0.0 {
        return None;
    }
    let ranks = average_ranks(scores, false);
    let rank_sum: f64 = ranks.iter().zip(positive).filter(|&(_, &p)| p).map(|(r, _)| r).sum();
    Some((rank_sum - n_pos * (n_pos + 1.0) / 2.0) / (n_pos * n_neg))
}

/// 1-based ranks with ties sharing their average rank; rank 1 goes to the largest value when
/// `descending`, the smallest otherwise.
///
/// ```
/// assert_eq!(featrank::math::average_ranks(&[3.0, 1.0, 3.0], true), vec![1.5, 3.0, 1.5]);
/// assert_eq!(featrank::math::average_ranks(&[3.0, 1.0, 3.0], false), vec![2.5, 1.0, 2.5]);
/// ```
pub fn average_ranks(values: &[f64], descending: bool) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..values.len()).collect();
    if descending {
        idx.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    } else {
        idx.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    }
    let mut out = vec![0.0; values.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && values[idx[j + 1]] == values[idx[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        idx[i..=j].iter().for_each(|&p| out[p] = avg);
        i = j + 1;
    }
    out
}

/// Shannon entropy in bits, H = −Σ pᵢ log₂ pᵢ with pᵢ = cᵢ / Σc, of counts (or of a distribution that
/// already sums to 1); 0 for no mass.
pub fn entropy(counts: &[f64]) -> f64 {
    let total: f64 = counts.iter().sum();
    if total <= 0.0 {
        return 0.0;
    }
    counts.iter().filter(|&&c| c > 0.0).map(|&c| -(c / total) * (c / total).log2()).sum()
}

/// Holm's step-down adjustment of p-values (Holm 1979), in the order given.
///
/// ```
/// use featrank::math::holm;
/// let adj = holm(&[0.01, 0.04, 0.03]);
/// // sorted 0.01, 0.03, 0.04 → 3·0.01, max(0.03, 2·0.03), max(0.06, 1·0.04)
/// assert_eq!(adj, vec![0.03, 0.06, 0.06]);
/// ```
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut out = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (i, &at) in order.iter().enumerate() {
        running = running.max(((m - i) as f64 * p[at]).min(1.0));
        out[at] = running;
    }
    out
}

/// Benjamini–Hochberg step-up adjustment (Benjamini & Hochberg 1995), in the order given: the q-value
/// `q_(i) = min over j ≥ i of m·p_(j)/j` (sorted ascending, capped at 1). Rejecting every q ≤ α controls
/// the false-discovery rate at α for independent or positively dependent tests.
///
/// ```
/// use featrank::math::benjamini_hochberg;
/// // sorted 0.01, 0.03, 0.04: 3·0.04/3 = 0.04, min(0.04, 3·0.03/2) = 0.04, min(0.04, 3·0.01/1) = 0.03
/// assert_eq!(benjamini_hochberg(&[0.01, 0.04, 0.03]), vec![0.03, 0.04, 0.04]);
/// ```
pub fn benjamini_hochberg(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut out = vec![0.0; m];
    let mut running: f64 = 1.0;
    for (i, &at) in order.iter().enumerate().rev() {
        running = running.min(m as f64 * p[at] / (i + 1) as f64);
        out[at] = running;
    }
    out
}

/// The one-sided lower confidence bound of a binomial proportion from `successes` of `trials`
/// (Clopper & Pearson 1934): the θ with P(Bin(trials, θ) ≥ successes) = 1 − `level`; 0 when
/// `successes` is 0.
///
/// ```
/// use featrank::math::clopper_pearson_lower;
/// assert_eq!(clopper_pearson_lower(0, 10, 0.95), 0.0);
/// // 10 of 10: θ¹⁰ = 0.05
/// assert!((clopper_pearson_lower(10, 10, 0.95) - 0.05f64.powf(0.1)).abs() < 1e-12);
/// ```
pub fn clopper_pearson_lower(successes: usize, trials: usize, level: f64) -> f64 {
    if successes == 0 || trials == 0 {
        return 0.0;
    }
    let k = successes.min(trials) as f64;
    Beta::new(k, trials as f64 - k + 1.0).map_or(0.0, |b| b.inverse_cdf(1.0 - level))
}

/// `value` when it lies strictly between 0 and 1 — a significance level α, a confidence level, a test
/// fraction, a share — else an error naming `name` (NaN and the ends refused): the one check of every such
/// parameter.
///
/// ```
/// use featrank::math::probability;
/// assert_eq!(probability("alpha", 0.05).unwrap(), 0.05);
/// for bad in [0.0, 1.0, 2.0, -1.0, f64::NAN] {
///     let err = probability("alpha", bad).unwrap_err().to_string();
///     assert!(err.starts_with("invalid parameter 'alpha': must lie in (0, 1)"), "{err}");
/// }
/// ```
pub fn probability(name: &str, value: f64) -> Result<f64> {
    match value > 0.0 && value < 1.0 {
        true => Ok(value),
        false => Err(Error::param(name, format!("must lie in (0, 1), got {value}"))),
    }
}

/// The corrected resampled t-test of per-split differences.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CorrectedT {
    /// Mean difference d̄.
    pub mean: f64,
    /// Corrected standard error √((1/J + n₂/n₁) σ̂²).
    pub se: f64,
    /// t = d̄ / se (±∞ when se = 0 and d̄ ≠ 0, 0 when both are 0).
    pub t: f64,
    /// Degrees of freedom J − 1.
    pub df: f64,
    /// Two-sided p-value.
    pub p_value: f64,
}

impl CorrectedT {
    /// The two-sided confidence interval of the mean at `level` (e.g. 0.95).
    pub fn interval(&self, level: f64) -> (f64, f64) {
        let q = students_t(self.df).map_or(f64::INFINITY, |t| t.inverse_cdf(0.5 + level / 2.0));
        let half = if self.se == 0.0 { 0.0 } else { q * self.se };
        (self.mean - half, self.mean + half)
    }
}

fn students_t(df: f64) -> Option<StudentsT> {
    StudentsT::new(0.0, 1.0, df).ok()
}

/// The corrected resampled t-test (Nadeau & Bengio 2003) of `diffs` (one per split; NaN values are
/// dropped) with test-to-train ratio `ratio` (`compare::significance::test_to_train` gives it for a scheme).
///
/// ```
/// use featrank::math::corrected_t_test;
/// let t = corrected_t_test(&[0.02, 0.03, 0.01, 0.02], 1.0 / 9.0).unwrap();
/// // σ̂² = 0.02/3 · 1e-2, se = √((1/4 + 1/9) σ̂²)
/// let se = ((0.25 + 1.0 / 9.0) * (2e-4f64 / 3.0)).sqrt();
/// assert!((t.t - 0.02 / se).abs() < 1e-9 && t.df == 3.0);
/// assert_eq!(corrected_t_test(&[0.0; 5], 0.25).unwrap().p_value, 1.0);
/// ```
pub fn corrected_t_test(diffs: &[f64], ratio: f64) -> Result<CorrectedT> {
    let d: Vec<f64> = diffs.iter().copied().filter(|v| !v.is_nan()).collect();
    if d.len() < 2 {
        return Err(Error::param(
            "splits",
            format!("the corrected t-test needs at least 2 splits with a value, got {}", d.len()),
        ));
    }
    if !(ratio >= 0.0 && ratio.is_finite()) {
        return Err(Error::param(
            "ratio",
            format!("the test-to-train ratio must be a non-negative number, got {ratio}"),
        ));
    }
    let j = d.len() as f64;
    let (m, s) = (mean(&d), std(&d));
    let se = ((1.0 / j + ratio) * s * s).sqrt();
    let df = j - 1.0;
    let t = if se > 0.0 {
        m / se
    } else if m == 0.0 {
        0.0
    } else {
        m.signum() * f64::INFINITY
    };
    let p_value = match students_t(df) {
        _ if t == 0.0 => 1.0,
        Some(dist) if t.is_finite() => (2.0 * (1.0 - dist.cdf(t.abs()))).min(1.0),
        _ => 0.0,
    };
    Ok(CorrectedT { mean: m, se, t, df, p_value })
}

/// The Cholesky factor L (lower triangular, row-major) of a symmetric positive definite `n × n` row-major A =
/// LLᵀ; `None` when A is not positive definite (a pivot below 10⁻¹³ of its diagonal entry).
///
/// ```
/// let l = featrank::math::cholesky(&[4.0, 2.0, 2.0, 3.0], 2).unwrap();
/// assert_eq!(l, [2.0, 0.0, 1.0, 2f64.sqrt()]);
/// assert!(featrank::math::cholesky(&[1.0, 1.0, 1.0, 1.0], 2).is_none());
/// ```
pub fn cholesky(a: &[f64], n: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let s = a[i * n + j] - (0..j).map(|k| l[i * n + k] * l[j * n + k]).sum::<f64>();
            if i == j {
                if !(s > 1e-13 * a[i * n + i].abs().max(f64::MIN_POSITIVE)) {
                    return None;
                }
                l[i * n + i] = s.sqrt();
            } else {
                l[i * n + j] = s / l[j * n + j];
            }
        }
    }
    Some(l)
}

/// The solution x of A x = b for a symmetric positive definite `n × n` row-major A, through its
/// [`cholesky`] factor; `None` when A is not positive definite.
///
/// ```
/// let x = featrank::math::cholesky_solve(&[4.0, 2.0, 2.0, 3.0], 2, &[2.0, 5.0]).unwrap();
/// assert!((x[0] + 0.5).abs() < 1e-12 && (x[1] - 2.0).abs() < 1e-12);
/// ```
pub fn cholesky_solve(a: &[f64], n: usize, b: &[f64]) -> Option<Vec<f64>> {
    let l = cholesky(a, n)?;
    let mut y = vec![0.0; n];
    for i in 0..n {
        y[i] = (b[i] - (0..i).map(|k| l[i * n + k] * y[k]).sum::<f64>()) / l[i * n + i];
    }
    Some(upper_solve(&l, n, y))
}

/// The solution x of Lᵀ x = y for a lower-triangular row-major `n × n` L (back substitution).
pub(crate) fn upper_solve(l: &[f64], n: usize, mut y: Vec<f64>) -> Vec<f64> {
    for i in (0..n).rev() {
        y[i] = (y[i] - (i + 1..n).map(|k| l[k * n + i] * y[k]).sum::<f64>()) / l[i * n + i];
    }
    y
}
