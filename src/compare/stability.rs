//! Stability of a ranker: how much its rankings change between samples of the data ([P20] Eqs. 1–4),
//! and the Kuncheva index of top-k sets.
//!
//! **Top-i Canberra distance** ([P20] Eq. 2): with rank^i(F) = min(rank(F), i + 1),
//! Ca_i(A, B) = Σ_j |rank^i_A(F_j) − rank^i_B(F_j)| / (rank^i_A(F_j) + rank^i_B(F_j)), over all n features.
//!
//! **Stability curve** ([P20] Eq. 4): St(i) = mean over pairs of rankings of Ca_i, divided by the expected
//! Ca_i of two uniformly random rankings. 0 = identical top-i lists, ≈ 1 = as unstable as random.
//! The normaliser is the **exact** expectation ([P20] Eq. 4, docs/references.md; [P20]'s printed approximation
//! is wrong): each feature's truncated rank is marginally P(a) = 1/n for a ≤ i, P(i+1) = (n−i)/n,
//! independently in the two rankings, so
//!
//! ```text
//! E[Ca_i] = (1/n) Σ_{a,b ≤ i} |a−b|/(a+b) + 2 (n−i)/n · Σ_{a ≤ i} (i+1−a)/(i+1+a).
//! ```
//!
//! **Kuncheva index** of top-k sets A, B of n features: KI = (r·n − k²)/(k·(n − k)), r = |A ∩ B|;
//! 1 = identical, ≈ 0 = chance overlap; undefined for k = 0 or k = n.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::eval::CvPlan;
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::data::Ranking;
use crate::seed::{bootstrap, rng_for};

/// Rank (1-based) of every feature of `b`'s order in `a`, aligned with `a.order()`; errors unless both
/// rank the same features.
fn aligned_ranks(a: &Ranking, b: &Ranking) -> Result<Vec<usize>> {
    if a.len() != b.len() {
        return Err(Error::param("rankings", format!("rankings of {} and {} features", a.len(), b.len())));
    }
    let pos: std::collections::HashMap<&str, usize> =
        b.order().iter().enumerate().map(|(i, f)| (f.as_str(), i + 1)).collect();
    a.order()
        .iter()
        .map(|f| {
            pos.get(f.as_str())
                .copied()
                .ok_or_else(|| Error::param("rankings", format!("feature '{f}' is ranked in one ranking only")))
        })
        .collect()
}

/// Top-i Canberra distance between two rankings of the same features ([P20] Eq. 2).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::compare::stability::canberra_top;
/// let a = Ranking::from_order(&["x", "y", "z"]).unwrap();
/// let b = Ranking::from_order(&["y", "x", "z"]).unwrap();
/// assert_eq!(canberra_top(&a, &a, 2).unwrap(), 0.0);
/// assert!((canberra_top(&a, &b, 1).unwrap() - 2.0 / 3.0).abs() < 1e-12); // x: |1−2|/3, y: |2−1|/3
/// ```
pub fn canberra_top(a: &Ranking, b: &Ranking, i: usize) -> Result<f64> {
    let rb = aligned_ranks(a, b)?;
    let ra: Vec<usize> = (1..=a.len()).collect();
    Ok(canberra_ranks(&ra, &rb, i))
}

/// Top-i Canberra distance of two rank vectors over the same features.
fn canberra_ranks(ra: &[usize], rb: &[usize], i: usize) -> f64 {
    ra.iter()
        .zip(rb)
        .map(|(&x, &y)| {
            let (x, y) = (x.min(i + 1) as f64, y.min(i + 1) as f64);
            (x - y).abs() / (x + y)
        })
        .sum()
}

/// Exact expected top-i Canberra distance between two uniformly random rankings of n features,
/// for every i = 1..=n (O(n²) in all).
///
/// ```
/// let e = featrank::compare::stability::expected_canberra_all(100);
/// assert!((e[99] - (4f64.ln() - 1.0) * 100.0).abs() < 1.0); // ≈ (ln 4 − 1)·n at i = n
/// ```
pub fn expected_canberra_all(n: usize) -> Vec<f64> {
    let nf = n as f64;
    let mut pair_sum = 0.0; // Σ_{a,b ≤ i} |a−b|/(a+b)
    (1..=n)
        .map(|i| {
            let fi = i as f64;
            pair_sum += 2.0 * (1..i).map(|a| (fi - a as f64) / (fi + a as f64)).sum::<f64>();
            let tail: f64 = (1..=i).map(|a| (fi + 1.0 - a as f64) / (fi + 1.0 + a as f64)).sum();
            pair_sum / nf + 2.0 * (nf - fi) / nf * tail
        })
        .collect()
}

/// Exact expected top-i Canberra distance for one i (see [`expected_canberra_all`]).
pub fn expected_canberra(n: usize, i: usize) -> Result<f64> {
    if i == 0 || i > n {
        return Err(Error::param("i", format!("must be in 1..={n}")));
    }
    let (nf, fi) = (n as f64, i as f64);
    let mut pair_sum = 0.0;
    for a in 1..=i {
        for b in 1..=i {
            pair_sum += (a as f64 - b as f64).abs() / (a + b) as f64;
        }
    }
    let tail: f64 = (1..=i).map(|a| (fi + 1.0 - a as f64) / (fi + 1.0 + a as f64)).sum();
    Ok(pair_sum / nf + 2.0 * (nf - fi) / nf * tail)
}

/// Jurman et al.'s approximation in its corrected form (natural log, "− 2i"):
/// ((i+1)(2n−i)/n)·ln 4 + i(i+1)/n − 2i − 3. For comparison only; featrank normalises with the exact value.
pub fn expected_canberra_approx(n: usize, i: usize) -> f64 {
    let (n, i) = (n as f64, i as f64);
    (i + 1.0) * (2.0 * n - i) / n * 4f64.ln() + i * (i + 1.0) / n - 2.0 * i - 3.0
}

/// Kuncheva consistency index of two top-k sets out of n features; `None` for k = 0 or k = n.
///
/// ```
/// use featrank::compare::stability::kuncheva;
/// assert_eq!(kuncheva(&[1, 2], &[2, 1], 10), Some(1.0));
/// assert_eq!(kuncheva(&[1, 2], &[3, 4], 4), Some(-1.0));
/// ```
pub fn kuncheva(a: &[usize], b: &[usize], n: usize) -> Option<f64> {
    let k = a.len();
    if k == 0 || k >= n || b.len() != k {
        return None;
    }
    let r = a.iter().filter(|x| b.contains(x)).count() as f64;
    let (k, n) = (k as f64, n as f64);
    Some((r * n - k * k) / (k * (n - k)))
}

/// A stability curve over subset sizes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StabilityCurve {
    /// Subset sizes i.
    pub sizes: Vec<usize>,
    /// Mean pairwise top-i Canberra distance divided by its random expectation (higher = less stable).
    pub canberra: Vec<f64>,
    /// Mean pairwise Kuncheva index of the top-i sets (`None` at i = n).
    pub kuncheva: Vec<Option<f64>>,
    /// Number of rankings compared.
    pub rankings: usize,
}

/// The stability curve of `rankings` (all of the same features) at `sizes` ([P20] Eq. 4).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::compare::stability::stability_curve;
/// let a = Ranking::from_order(&["x", "y", "z", "w"]).unwrap();
/// let c = stability_curve(&[a.clone(), a.clone(), a], &[1, 2, 3, 4]).unwrap();
/// assert!(c.canberra.iter().all(|&v| v == 0.0));
/// assert_eq!(c.kuncheva[0], Some(1.0));
/// ```
pub fn stability_curve(rankings: &[Ranking], sizes: &[usize]) -> Result<StabilityCurve> {
    if rankings.len() < 2 {
        return Err(Error::param("rankings", "stability needs at least two rankings"));
    }
    let n = rankings[0].len();
    if let Some(&bad) = sizes.iter().find(|&&i| i == 0 || i > n) {
        return Err(Error::param("sizes", format!("size {bad} is outside 1..={n}")));
    }
    let base = &rankings[0];
    // Every ranking as dataset-independent positions aligned with the first ranking's order.
    let ranks: Vec<Vec<usize>> = rankings.iter().map(|r| aligned_ranks(base, r)).collect::<Result<_>>()?;
    let expected = expected_canberra_all(n);
    let m = rankings.len();
    let pairs: Vec<(usize, usize)> = (0..m).flat_map(|s| (s + 1..m).map(move |t| (s, t))).collect();
    let np = pairs.len() as f64;
    let top_sets: Vec<Vec<usize>> = ranks
        .iter()
        .map(|r| {
            // feature ids (positions in base order) sorted by their rank in this ranking
            let mut ids: Vec<usize> = (0..n).collect();
            ids.sort_by_key(|&p| r[p]);
            ids
        })
        .collect();
    let (canberra, kuncheva): (Vec<f64>, Vec<Option<f64>>) = sizes
        .par_iter()
        .map(|&i| {
            let ca: f64 = pairs.iter().map(|&(s, t)| canberra_ranks(&ranks[s], &ranks[t], i)).sum::<f64>() / np;
            let ki: Option<f64> = pairs
                .iter()
                .map(|&(s, t)| kuncheva(&top_sets[s][..i], &top_sets[t][..i], n))
                .sum::<Option<f64>>()
                .map(|v| v / np);
            (ca / expected[i - 1], ki)
        })
        .unzip();
    Ok(StabilityCurve { sizes: sizes.to_vec(), canberra, kuncheva, rankings: m })
}

/// How the samples behind a stability curve are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resampling {
    /// m bootstrap samples (n rows drawn with replacement).
    Bootstrap,
    /// The training parts of a stratified k-fold split (m = k rankings).
    TrainingFolds,
}

/// Rankings of `m` resamples of `data` by `rank`; sample s draws from stream s of `seed`, so the result
/// does not depend on the thread count. With [`Resampling::TrainingFolds`], `m` is the number of folds.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::compare::stability::{resampled_rankings, Resampling};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// // a toy ranker: features by decreasing variance of the sample
/// let by_variance = |d: &Dataset| {
///     let v: Vec<f64> = (0..d.n_features()).map(|j| d.feature(j).var(0.0)).collect();
///     Ranking::from_scores(d.feature_names(), &v)
/// };
/// let rs = resampled_rankings(&iris, 5, Resampling::Bootstrap, 1, by_variance).unwrap();
/// assert_eq!(rs.len(), 5);
/// ```
pub fn resampled_rankings(
    data: &Dataset,
    m: usize,
    resampling: Resampling,
    seed: u64,
    rank: impl Fn(&Dataset) -> Result<Ranking> + Sync,
) -> Result<Vec<Ranking>> {
    if m < 2 {
        return Err(Error::param("m", "stability needs at least 2 samples"));
    }
    let samples: Vec<Vec<usize>> = match resampling {
        Resampling::Bootstrap => (0..m)
            .map(|s| bootstrap(&mut rng_for(seed, &[s as u64]), data.n_rows()))
            .collect(),
        Resampling::TrainingFolds => {
            let plan = CvPlan::stratified(data, m, 1, seed)?;
            (0..m).map(|f| plan.split(0, f).0).collect()
        }
    };
    samples
        .par_iter()
        .enumerate()
        .map(|(s, rows)| Ok(rank(&data.take_rows(rows)?)?.with_name(format!("sample{s}"))))
        .collect()
}
