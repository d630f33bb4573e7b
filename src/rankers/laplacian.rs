//! Laplacian score (He, Cai & Niyogi, NIPS 2005): how well a feature respects the local structure of the
//! data, without the target (the unsupervised method the EC-FS paper compares against).
//!
//! Rows are the nodes of a k-nearest-neighbour graph (Euclidean distance over all features; i and j are
//! joined when either is among the other's k nearest), with heat-kernel weights and no self-loops:
//!
//! ```text
//! S_ij = exp(−‖x_i − x_j‖² / t)      D = diag(S·1)      L = D − S
//! f̃ = f − (fᵀD1 / 1ᵀD1)·1           LS(f) = f̃ᵀ L f̃ / f̃ᵀ D f̃
//! ```
//!
//! A smaller LS is better (the feature varies little between neighbours), so the ranker's score is −LS.
//! LS lies in [0, 2]; a constant feature (f̃ = 0) is given LS = 2, the bottom of that range. The kernel
//! width `t` defaults to the mean squared distance over the graph's edges, which makes the typical edge
//! weight e⁻¹ whatever the data's scale. The neighbour search keeps k distances per row, so memory grows
//! as rows × k, not rows².

use rayon::prelude::*;

use super::fisher::numeric_values;
use super::{Checked, Ranker};
use crate::data::{Dataset, Task};
use crate::error::{Error, Result};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::Spec;

/// Laplacian score; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::LaplacianScore;
/// // Two clusters along `a`; `b` is noise within each cluster: `a` respects the neighbourhoods.
/// let a = [0.0, 0.1, 0.2, 0.1, 5.0, 5.1, 5.2, 5.1];
/// let b = [0.3, 0.9, 0.1, 0.6, 0.8, 0.2, 0.7, 0.4];
/// let df = df!("a" => a, "b" => b, "y" => ["p", "p", "p", "p", "q", "q", "q", "q"]).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let ls = LaplacianScore::new().k(3);
/// assert_eq!(ls.rank(&data, 0).unwrap().order()[0], "a");
/// assert_eq!(ls.spec().to_string(), "laplacian:k=3,t=auto");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct LaplacianScore {
    k: usize,
    t: Option<f64>,
}

impl Default for LaplacianScore {
    fn default() -> Self {
        LaplacianScore::new()
    }
}

impl LaplacianScore {
    /// k = 5 neighbours, kernel width from the data.
    pub fn new() -> LaplacianScore {
        LaplacianScore { k: 5, t: None }
    }

    /// Neighbours per row (at least 1, fewer than the rows).
    pub fn k(mut self, k: usize) -> LaplacianScore {
        self.k = k;
        self
    }

    /// The heat-kernel width t (> 0) in exp(−‖x_i − x_j‖²/t).
    pub fn t(mut self, t: f64) -> LaplacianScore {
        self.t = Some(t);
        self
    }

    /// From the spec `laplacian:k=5,t=auto` (`t` a positive number or `auto`).
    pub fn from_spec(s: &Spec) -> Result<LaplacianScore> {
        s.check_params(PARAMS)?;
        Ok(LaplacianScore { k: s.get("k", LaplacianScore::new().k)?, t: s.get_or_none("t", "auto")? })
    }

    /// The feature columns as numbers, refusing missing values.
    fn columns(&self, data: &Dataset) -> Result<Vec<Vec<f64>>> {
        (0..data.n_features())
            .map(|f| {
                let x = numeric_values(data, f, "laplacian")?;
                if x.iter().any(|v| v.is_nan()) {
                    return Err(Error::column(
                        &data.feature_names()[f],
                        "laplacian needs numeric features without missing values (the neighbour graph needs every \
                         distance); impute them first",
                    ));
                }
                Ok(x)
            })
            .collect()
    }
}

/// The keys of the Laplacian score.
const PARAMS: &[Param] = &[
    Param::new("k", Values::whole(1), "neighbours in the graph of the rows (fewer than the rows)"),
    Param::new(
        "t",
        Values::positive().or("auto"),
        "heat-kernel width; auto: the mean squared distance of the graph's edges",
    ),
];

impl Method for LaplacianScore {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "He, Cai & Niyogi 2005, Laplacian score for feature selection, NIPS"
    }

    fn spec(&self) -> Spec {
        Spec::new("laplacian").with("k", self.k).with("t", self.t.map_or("auto".to_string(), |t| t.to_string()))
    }

    fn supports(&self, _task: Task) -> bool {
        true
    }
}

impl Ranker for LaplacianScore {
    fn check(&self, data: &Dataset) -> Result<()> {
        if self.k == 0 || self.k >= data.n_rows() {
            return Err(Error::param("k", format!("needs 1 ≤ k < rows ({}), got {}", data.n_rows(), self.k)));
        }
        if let Some(t) = self.t {
            if !(t > 0.0 && t.is_finite()) {
                return Err(Error::param("t", format!("the kernel width must be a positive number, got {t}")));
            }
        }
        self.columns(data).map(|_| ())
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let cols = self.columns(data.dataset())?;
        let n = data.n_rows();
        let sq = |i: usize, j: usize| cols.iter().map(|c| (c[i] - c[j]).powi(2)).sum::<f64>();
        // the k nearest other rows of each row (ties by row index), with squared distances
        let nearest: Vec<Vec<(usize, f64)>> = (0..n)
            .into_par_iter()
            .map(|i| {
                let mut d: Vec<(usize, f64)> = (0..n).filter(|&j| j != i).map(|j| (j, sq(i, j))).collect();
                d.select_nth_unstable_by(self.k - 1, |a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
                d.truncate(self.k);
                d
            })
            .collect();
        // symmetric edges i < j
        let mut edges: Vec<(usize, usize, f64)> = nearest
            .iter()
            .enumerate()
            .flat_map(|(i, nn)| nn.iter().map(move |&(j, d)| (i.min(j), i.max(j), d)))
            .collect();
        edges.sort_by_key(|e| (e.0, e.1));
        edges.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
        let t = self.t.unwrap_or_else(|| edges.iter().map(|e| e.2).sum::<f64>() / edges.len() as f64);
        let weight = |d: f64| if t > 0.0 { (-d / t).exp() } else { 1.0 };
        let w: Vec<(usize, usize, f64)> = edges.iter().map(|&(i, j, d)| (i, j, weight(d))).collect();
        let mut degree = vec![0.0; n];
        w.iter().for_each(|&(i, j, s)| {
            degree[i] += s;
            degree[j] += s;
        });
        let volume: f64 = degree.iter().sum();
        Ok(cols
            .par_iter()
            .map(|f| {
                let centre = f.iter().zip(&degree).map(|(x, d)| x * d).sum::<f64>() / volume;
                let g: Vec<f64> = f.iter().map(|x| x - centre).collect();
                let spread: f64 = g.iter().zip(&degree).map(|(x, d)| x * x * d).sum();
                // f̃ᵀLf̃ = Σ_edges S_ij (f̃_i − f̃_j)²
                let roughness: f64 = w.iter().map(|&(i, j, s)| s * (g[i] - g[j]).powi(2)).sum();
                // a (numerically) constant feature: its spread is rounding noise, relative to its own scale
                let scale = f.iter().fold(0.0f64, |m, x| m.max(x.abs()));
                let ls = if spread > 1e-12 * volume * scale * scale { roughness / spread } else { 2.0 };
                -ls
            })
            .collect())
    }
}

crate::method::from_spec!(LaplacianScore);
