//! EC-FS: feature selection by eigenvector centrality (Roffo & Melzi 2016), FSLib `ECFS.m` semantics
//! ([EC-FS], FSLib `ECFS.m`).
//!
//! 1. f = Fisher score, m = normalised MI (`muteinf`), v = |f + m| / 2;
//! 2. K = v vᵀ, min-max normalised over all entries to [0, 1];
//! 3. Σ_ij = max(σ_i, σ_j) with σ the sample standard deviation of each feature, min-max normalised;
//! 4. A = α K + (1 − α) Σ (α = 0.5 by default);
//! 5. the score is |u| of the leading eigenvector u of A, by power iteration from e (the paper's eqs. 4–7).
//!
//! A is never stored: K is rank one plus a constant and Σ a "max" matrix, so A·u costs O(n log n)
//! (sort σ once, then prefix sums) instead of O(n²) — 10,000 genes need no 800 MB matrix. A constant
//! matrix (all v or all σ equal) normalises to zeros, as FSLib does.
//!
//! Binary as published. Multi-class data is refused unless the generalised Fisher score is selected
//! (`FisherVariant::Generalized`, CLI `fisher=generalized`): then f is Σ n_c(μ_c − μ)²/Σ n_c σ_c² and the MI
//! runs over all classes — featrank's documented extension, not the paper's one-vs-rest protocol.

use super::fisher::{fisher_scores, numeric_values, FisherVariant};
use super::mutual_info::mi_scores;
use super::{Checked, Ranker};
use crate::data::{Dataset, Task};
use crate::error::Result;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::Spec;

/// EC-FS ranker; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{EcFs, Ranker};
/// let data = featrank::data::datasets::load("wdbc").unwrap().dataset().unwrap();
/// let r = EcFs::new().rank(&data, 0).unwrap();
/// assert_eq!(r.len(), 30);
/// // Three classes need the extension to be chosen explicitly.
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// assert!(EcFs::new().rank(&iris, 0).unwrap_err().to_string().contains("generalized"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct EcFs {
    alpha: f64,
    fisher: FisherVariant,
}

impl Default for EcFs {
    fn default() -> Self {
        EcFs::new()
    }
}

impl EcFs {
    /// α = 0.5 (FSLib's default), binary Fisher score.
    pub fn new() -> EcFs {
        EcFs { alpha: 0.5, fisher: FisherVariant::Binary }
    }

    /// Loading coefficient α ∈ [0, 1] between the supervised kernel K and the dispersion Σ.
    pub fn alpha(mut self, alpha: f64) -> EcFs {
        self.alpha = alpha;
        self
    }

    /// The Fisher formula; `Generalized` opts in to multi-class data.
    pub fn fisher(mut self, v: FisherVariant) -> EcFs {
        self.fisher = v;
        self
    }

    /// From the spec `ecfs:alpha=0.5,fisher=binary|generalized`.
    pub fn from_spec(s: &Spec) -> Result<EcFs> {
        s.check_params(PARAMS)?;
        let d = EcFs::new();
        Ok(EcFs { alpha: s.get("alpha", d.alpha)?, fisher: s.get("fisher", d.fisher)? })
    }
}

/// The keys of EC-FS.
const PARAMS: &[Param] = &[
    Param::new("alpha", Values::real(0.0, 1.0), "weight of the Fisher-and-MI term against the correlation term"),
    Param::new("fisher", Values::Words(FisherVariant::WORDS), "the Fisher score's formula in the graph's weights"),
];

impl Method for EcFs {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Roffo & Melzi 2016, Features selection via eigenvector centrality (NFmcp, ECML PKDD)"
    }

    fn spec(&self) -> Spec {
        Spec::new("ecfs").with("alpha", self.alpha).with("fisher", self.fisher)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Ranker for EcFs {
    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let f = fisher_scores(data, self.fisher, "ecfs")?;
        let m = mi_scores(data, true);
        let v: Vec<f64> = f.iter().zip(&m).map(|(f, m)| (f + m).abs() / 2.0).collect();
        let sigma = std_devs(data, "ecfs")?;
        let a = Adjacency::new(&v, &sigma, self.alpha);
        Ok(leading_eigenvector(|u, out| a.apply(u, out), v.len()).into_iter().map(f64::abs).collect())
    }
}

/// Sample standard deviation (divisor T − 1) of every feature over its present values.
pub(crate) fn std_devs(data: &Dataset, method: &str) -> Result<Vec<f64>> {
    (0..data.n_features())
        .map(|f| {
            let x: Vec<f64> = numeric_values(data, f, method)?.into_iter().filter(|v| !v.is_nan()).collect();
            let n = x.len() as f64;
            if n < 2.0 {
                return Ok(0.0);
            }
            let mean = x.iter().sum::<f64>() / n;
            Ok((x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt())
        })
        .collect()
}

/// `(max(s_i, s_j) − min s) / (max s − min s)` as an implicit matrix, with the order that makes A·u
/// O(n log n); zeros when all s are equal.
pub(crate) struct MaxMatrix<'a> {
    s: &'a [f64],
    lo: f64,
    span: f64,
    ascending: Vec<usize>,
}

impl<'a> MaxMatrix<'a> {
    pub(crate) fn new(s: &'a [f64]) -> MaxMatrix<'a> {
        let (lo, hi) = s.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
        let mut ascending: Vec<usize> = (0..s.len()).collect();
        ascending.sort_by(|&a, &b| s[a].total_cmp(&s[b]));
        MaxMatrix { s, lo, span: hi - lo, ascending }
    }

    /// Entry (i, j).
    pub(crate) fn get(&self, i: usize, j: usize) -> f64 {
        if self.span > 0.0 {
            (self.s[i].max(self.s[j]) - self.lo) / self.span
        } else {
            0.0
        }
    }

    /// out += weight · M u.
    pub(crate) fn apply(&self, u: &[f64], weight: f64, out: &mut [f64]) {
        if self.span <= 0.0 || weight == 0.0 {
            return;
        }
        // Σ_j (max(s_i, s_j) − lo) u_j = (s_i − lo) · Σ_{s_j ≤ s_i} u_j + Σ_{s_j > s_i} (s_j − lo) u_j. Both sums
        // are accumulated from zero (the suffix backwards), never by subtracting from a total: a positive u
        // (the power iteration's) then meets no cancellation and the iteration converges to full precision.
        let (s, order) = (self.s, &self.ascending);
        let mut suffix = vec![0.0; order.len() + 1];
        for p in (0..order.len()).rev() {
            suffix[p] = suffix[p + 1] + (s[order[p]] - self.lo) * u[order[p]];
        }
        let mut prefix = 0.0;
        let mut p = 0;
        while p < order.len() {
            // A block of equal values.
            let v = s[order[p]];
            let q = p + order[p..].iter().take_while(|&&i| s[i] == v).count();
            prefix += order[p..q].iter().map(|&i| u[i]).sum::<f64>();
            for &i in &order[p..q] {
                out[i] += weight * ((v - self.lo) * prefix + suffix[q]) / self.span;
            }
            p = q;
        }
    }
}

/// A = α K + (1 − α) Σ of EC-FS (K the min-max normalised v vᵀ, Σ the max matrix of σ), applied without
/// forming it; supervised Inf-FS has the same graph with v the Fisher scores.
pub(crate) struct Adjacency<'a> {
    v: &'a [f64],
    v_lo2: f64,
    k_span: f64,
    sigma: MaxMatrix<'a>,
    alpha: f64,
}

impl<'a> Adjacency<'a> {
    pub(crate) fn new(v: &'a [f64], sigma: &'a [f64], alpha: f64) -> Adjacency<'a> {
        // v ≥ 0, so min/max of v_i v_j are v_min² and v_max².
        let (lo, hi) = v.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &x| (l.min(x), h.max(x)));
        Adjacency { v, v_lo2: lo * lo, k_span: hi * hi - lo * lo, sigma: MaxMatrix::new(sigma), alpha }
    }

    /// out = A u.
    pub(crate) fn apply(&self, u: &[f64], out: &mut [f64]) {
        out.iter_mut().for_each(|o| *o = 0.0);
        if self.k_span > 0.0 && self.alpha > 0.0 {
            let vu: f64 = self.v.iter().zip(u).map(|(a, b)| a * b).sum();
            let total: f64 = u.iter().sum();
            for (o, &vi) in out.iter_mut().zip(self.v) {
                *o += self.alpha * (vi * vu - self.v_lo2 * total) / self.k_span;
            }
        }
        self.sigma.apply(u, 1.0 - self.alpha, out);
    }

    #[cfg(test)]
    fn dense(&self) -> Vec<f64> {
        let n = self.v.len();
        (0..n * n)
            .map(|p| {
                let (i, j) = (p / n, p % n);
                let k = if self.k_span > 0.0 { (self.v[i] * self.v[j] - self.v_lo2) / self.k_span } else { 0.0 };
                self.alpha * k + (1.0 - self.alpha) * self.sigma.get(i, j)
            })
            .collect()
    }
}

/// Leading eigenvector of a non-negative symmetric operator by power iteration from e, unit length;
/// all zeros if the operator is zero.
pub(crate) fn leading_eigenvector(apply: impl Fn(&[f64], &mut [f64]), n: usize) -> Vec<f64> {
    let mut u = vec![1.0 / (n as f64).sqrt(); n];
    let mut next = vec![0.0; n];
    for _ in 0..100_000 {
        apply(&u, &mut next);
        let norm = next.iter().map(|x| x * x).sum::<f64>().sqrt();
        if norm == 0.0 || !norm.is_finite() {
            return vec![0.0; n];
        }
        next.iter_mut().for_each(|x| *x /= norm);
        let change = u.iter().zip(&next).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        std::mem::swap(&mut u, &mut next);
        if change < 1e-13 {
            break;
        }
    }
    u
}

crate::method::from_spec!(EcFs);

#[cfg(test)]
mod tests {
    use super::*;

    /// The implicit A·u equals the dense product, and the implicit matrix is symmetric in [0, 1].
    #[test]
    fn implicit_matches_dense() {
        let v = [0.3, 0.0, 1.2, 0.7, 0.7, 0.1];
        let s = [2.0, 0.5, 0.5, 3.0, 1.0, 2.0];
        let a = Adjacency::new(&v, &s, 0.3);
        let dense = a.dense();
        let n = v.len();
        assert!(dense.iter().all(|x| (0.0..=1.0).contains(x)));
        for i in 0..n {
            for j in 0..n {
                assert_eq!(dense[i * n + j], dense[j * n + i]);
            }
        }
        let u = [0.1, -0.4, 0.9, 0.3, 0.0, 0.5];
        let mut out = vec![0.0; n];
        a.apply(&u, &mut out);
        for i in 0..n {
            let d: f64 = (0..n).map(|j| dense[i * n + j] * u[j]).sum();
            assert!((out[i] - d).abs() < 1e-12, "row {i}: {} vs {d}", out[i]);
        }
    }
}
