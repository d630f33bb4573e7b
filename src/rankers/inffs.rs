//! Inf-FS: infinite feature selection (Roffo, Melzi & Cristani, ICCV 2015), unsupervised as the EC-FS
//! paper compares it ([Inf-FS]).
//!
//! Graph a_ij = α σ_ij + (1 − α) c_ij with σ_ij = max(σ_i, σ_j) min-max normalised to [0, 1] (σ = sample
//! standard deviation) and c_ij = 1 − |Spearman(x_i, x_j)|. Summing the energy of paths of every
//! length, S = Σ_{l≥1} (rA)^l = (I − rA)⁻¹ − I with r = 0.9/ρ(A) (FSLib 2016); the score of feature i
//! is Σ_j S_ij = [(I − rA)⁻¹ e]_i − 1. featrank solves (I − rA)x = e by conjugate gradients
//! (I − rA is symmetric positive definite because r ρ(A) < 1) instead of inverting — O(n²) per step,
//! ≈ 30 steps, instead of O(n³).
//!
//! The ICCV paper's convention is used (α weights σ); FSLib 2016 puts α on the correlation term — the
//! two agree at the default α = 0.5.
//!
//! **Supervised** (`supervised=true`; FSLib's `infFS.m` default, `supervision = 1`, which the EC-FS
//! paper's comparison ran): c_ij is replaced by f_i f_j, min-max normalised to [0, 1] over the matrix,
//! with f the binary Fisher ratio (μ₊ − μ₋)²/(σ₊² + σ₋²) — two classes only. This graph is EC-FS's (a rank-one term plus a max matrix), applied without forming
//! it: O(n log n) per product, no n × n matrix. Spearman correlations use average ranks of the present
//! values; a missing value sits at the mean rank (it adds nothing to the correlation). The unsupervised A
//! is dense: n² · 8 bytes.

use rayon::prelude::*;

use super::ecfs::{leading_eigenvector, std_devs, Adjacency, MaxMatrix};
use super::fisher::{fisher_scores, numeric_values, FisherVariant};
use super::{Checked, Ranker};
use crate::data::{Dataset, Task};
use crate::error::{Error, Result};
use crate::math::average_ranks;
use crate::memory::F64;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::Spec;

/// Inf-FS ranker; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{InfFs, Ranker};
/// let wine = featrank::data::datasets::load("wine").unwrap().dataset().unwrap();
/// let r = InfFs::new().rank(&wine, 0).unwrap();
/// assert_eq!(r.len(), 13);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct InfFs {
    alpha: f64,
    decay: f64,
    supervised: bool,
}

impl Default for InfFs {
    fn default() -> Self {
        InfFs::new()
    }
}

impl InfFs {
    /// α = 0.5, r = 0.9/ρ(A), unsupervised (the ICCV paper's graph).
    pub fn new() -> InfFs {
        InfFs { alpha: 0.5, decay: 0.9, supervised: false }
    }

    /// Use the class-separation graph of FSLib's supervised mode instead of the correlation term (module
    /// docs); two classes only.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::rankers::{InfFs, Ranker};
    /// let wdbc = featrank::data::datasets::load("wdbc").unwrap().dataset().unwrap();
    /// let r = InfFs::new().supervised(true).rank(&wdbc, 0).unwrap();
    /// assert_eq!(r.len(), 30);
    /// let wine = featrank::data::datasets::load("wine").unwrap().dataset().unwrap();
    /// assert!(InfFs::new().supervised(true).rank(&wine, 0).is_err()); // three classes
    /// ```
    pub fn supervised(mut self, supervised: bool) -> InfFs {
        self.supervised = supervised;
        self
    }

    /// Weight α ∈ [0, 1] of the dispersion term.
    pub fn alpha(mut self, alpha: f64) -> InfFs {
        self.alpha = alpha;
        self
    }

    /// r·ρ(A) ∈ (0, 1): how slowly long paths fade.
    pub fn decay(mut self, decay: f64) -> InfFs {
        self.decay = decay;
        self
    }

    /// From the spec `inffs:alpha=0.5,decay=0.9,supervised=false`.
    pub fn from_spec(s: &Spec) -> Result<InfFs> {
        s.check_params(PARAMS)?;
        let d = InfFs::new();
        Ok(InfFs {
            alpha: s.get("alpha", d.alpha)?,
            decay: s.get("decay", d.decay)?,
            supervised: s.get("supervised", d.supervised)?,
        })
    }
}

/// The keys of Inf-FS.
const PARAMS: &[Param] = &[
    Param::new("alpha", Values::real(0.0, 1.0), "weight of the spread term against the correlation term"),
    Param::new("decay", Values::open(0.0, 1.0), "r·ρ(A), the decay of longer paths"),
    Param::new(
        "supervised",
        Values::Flag,
        "the two-class Fisher ratio in the graph (Inf-FS 2020's supervised variant)",
    ),
];

impl Method for InfFs {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Roffo, Melzi & Cristani 2015, Infinite feature selection, ICCV"
    }

    fn spec(&self) -> Spec {
        Spec::new("inffs").with("alpha", self.alpha).with("decay", self.decay).with("supervised", self.supervised)
    }

    fn supports(&self, task: Task) -> bool {
        !self.supervised || task == Task::Classification
    }
}

impl Ranker for InfFs {
    fn check(&self, data: &Dataset) -> Result<()> {
        let classes = data.class_counts().map_or(0, |c| c.iter().filter(|&&n| n > 0).count());
        if self.supervised && classes != 2 {
            return Err(Error::param(
                "supervised",
                format!("the supervised graph uses the two-class Fisher ratio; the data has {classes} classes"),
            ));
        }
        Ok(())
    }

    /// The dense n × n graph over the features (and, unsupervised, the features' ranks).
    fn memory(&self, data: &Dataset) -> u64 {
        let (rows, n) = (data.n_rows() as u64, data.n_features() as u64);
        F64 * if self.supervised { 8 * n + rows } else { n * n + rows * n }
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let n = data.n_features();
        let sigma = std_devs(data, "inffs")?;
        let alpha = self.alpha;
        if self.supervised {
            // α Σ + (1 − α) K with K the normalised f fᵀ: EC-FS's implicit graph with v = f, O(n log n) per
            // product and no n × n matrix.
            let f = fisher_scores(data, FisherVariant::Binary, "inffs")?;
            let a = Adjacency::new(&f, &sigma, 1.0 - alpha);
            return Ok(path_energy(self.decay, |u, out| a.apply(u, out), n));
        }
        let disp = MaxMatrix::new(&sigma);
        let z = standardised_ranks(data)?;
        // An indexed iterator collects straight into the n × n matrix, with no second copy.
        let a: Vec<f64> = (0..n * n)
            .into_par_iter()
            .map(|p| {
                let (i, j) = (p / n, p % n);
                let rho: f64 = z[i].iter().zip(&z[j]).map(|(a, b)| a * b).sum();
                alpha * disp.get(i, j) + (1.0 - alpha) * (1.0 - rho.abs().min(1.0))
            })
            .collect();
        Ok(path_energy(
            self.decay,
            |u, out| {
                out.par_iter_mut().enumerate().for_each(|(i, o)| {
                    *o = a[i * n..(i + 1) * n].iter().zip(u).map(|(x, y)| x * y).sum();
                })
            },
            n,
        ))
    }
}

/// Σ_j S_ij for the graph applied by `matvec`: [(I − rA)⁻¹ e]_i − 1 with r = decay / ρ(A).
fn path_energy(decay: f64, matvec: impl Fn(&[f64], &mut [f64]), n: usize) -> Vec<f64> {
    let u = leading_eigenvector(&matvec, n);
    let mut au = vec![0.0; n];
    matvec(&u, &mut au);
    let rho: f64 = u.iter().zip(&au).map(|(a, b)| a * b).sum();
    if rho <= 0.0 {
        return vec![0.0; n];
    }
    let r = decay / rho;
    let x = conjugate_gradient(
        |v, out| {
            matvec(v, out);
            out.iter_mut().zip(v).for_each(|(o, &vi)| *o = vi - r * *o);
        },
        n,
    );
    x.into_iter().map(|v| v - 1.0).collect()
}

/// Every feature's ranks, centred and scaled to unit length (so a dot product is Spearman's ρ); a
/// constant feature is all zeros.
fn standardised_ranks(data: &Dataset) -> Result<Vec<Vec<f64>>> {
    (0..data.n_features())
        .map(|f| {
            let x = numeric_values(data, f, "inffs")?;
            let present: Vec<f64> = x.iter().copied().filter(|v| !v.is_nan()).collect();
            let ranks = average_ranks(&present, false);
            let mean = (present.len() as f64 + 1.0) / 2.0;
            let mut it = ranks.into_iter();
            let mut z: Vec<f64> =
                x.iter().map(|v| if v.is_nan() { 0.0 } else { it.next().unwrap_or(mean) - mean }).collect();
            let norm = z.iter().map(|v| v * v).sum::<f64>().sqrt();
            z.iter_mut().for_each(|v| *v = if norm > 0.0 { *v / norm } else { 0.0 });
            Ok(z)
        })
        .collect()
}

/// Solve M x = e for a symmetric positive definite operator M (relative residual 1e-12).
fn conjugate_gradient(apply: impl Fn(&[f64], &mut [f64]), n: usize) -> Vec<f64> {
    let mut x = vec![0.0; n];
    let mut r = vec![1.0; n];
    let mut p = r.clone();
    let mut ap = vec![0.0; n];
    let mut rr: f64 = n as f64;
    let stop = 1e-24 * rr;
    for _ in 0..10 * n.max(10) {
        if rr <= stop {
            break;
        }
        apply(&p, &mut ap);
        let step = rr / p.iter().zip(&ap).map(|(a, b)| a * b).sum::<f64>();
        x.iter_mut().zip(&p).for_each(|(x, p)| *x += step * p);
        r.iter_mut().zip(&ap).for_each(|(r, a)| *r -= step * a);
        let next: f64 = r.iter().map(|v| v * v).sum();
        let beta = next / rr;
        p.iter_mut().zip(&r).for_each(|(p, r)| *p = r + beta * *p);
        rr = next;
    }
    x
}

crate::method::from_spec!(InfFs);

#[cfg(test)]
mod tests {
    use super::*;

    /// CG solves a small SPD system exactly.
    #[test]
    fn cg_solves() {
        let m = [4.0, 1.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0, 2.0];
        let x = conjugate_gradient(
            |v, out| {
                for i in 0..3 {
                    out[i] = (0..3).map(|j| m[i * 3 + j] * v[j]).sum();
                }
            },
            3,
        );
        for i in 0..3 {
            let lhs: f64 = (0..3).map(|j| m[i * 3 + j] * x[j]).sum();
            assert!((lhs - 1.0).abs() < 1e-10);
        }
    }

    /// The implicit supervised graph gives the scores of the dense one, a_ij = α max-σ_ij + (1 − α) f_i f_j
    /// (both min-max normalised), whose path energy is solved here by a dense Gauss–Jordan inverse.
    #[test]
    fn supervised_graph_matches_the_dense_inverse() {
        let wdbc = crate::data::datasets::load("wdbc").unwrap().dataset().unwrap();
        let alpha = 0.3;
        let ours = InfFs::new().supervised(true).alpha(alpha).scores(&wdbc, 0).unwrap();
        let sigma = std_devs(&wdbc, "inffs").unwrap();
        let f = fisher_scores(&wdbc, FisherVariant::Binary, "inffs").unwrap();
        let n = f.len();
        let disp = MaxMatrix::new(&sigma);
        let (lo, hi) = f.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
        let a: Vec<f64> = (0..n * n)
            .map(|p| {
                let (i, j) = (p / n, p % n);
                alpha * disp.get(i, j) + (1.0 - alpha) * (f[i] * f[j] - lo * lo) / (hi * hi - lo * lo)
            })
            .collect();
        let u =
            leading_eigenvector(|v, out| (0..n).for_each(|i| out[i] = (0..n).map(|j| a[i * n + j] * v[j]).sum()), n);
        let rho: f64 = (0..n).map(|i| u[i] * (0..n).map(|j| a[i * n + j] * u[j]).sum::<f64>()).sum();
        let r = 0.9 / rho;
        // [I − rA | I] → [I | (I − rA)⁻¹]; the score is the row sum minus 1
        let mut m: Vec<f64> = (0..n * n).map(|p| f64::from(p / n == p % n) - r * a[p]).collect();
        let mut inv: Vec<f64> = (0..n * n).map(|p| f64::from(p / n == p % n)).collect();
        for c in 0..n {
            let pivot = m[c * n + c];
            for j in 0..n {
                m[c * n + j] /= pivot;
                inv[c * n + j] /= pivot;
            }
            for i in (0..n).filter(|&i| i != c) {
                let factor = m[i * n + c];
                for j in 0..n {
                    m[i * n + j] -= factor * m[c * n + j];
                    inv[i * n + j] -= factor * inv[c * n + j];
                }
            }
        }
        for i in 0..n {
            let dense = inv[i * n..(i + 1) * n].iter().sum::<f64>() - 1.0;
            assert!((ours[i] - dense).abs() < 1e-9 * dense.abs().max(1.0), "feature {i}: {} vs {dense}", ours[i]);
        }
    }
}
