//! Stability of a ranker: how much its rankings change between samples of the data (\[P20\] Eqs. 1–4),
//! and the Kuncheva index of top-k sets.
//!
//! **Top-i Canberra distance** (\[P20\] Eq. 2): with rank^i(F) = min(rank(F), i + 1),
//! Ca_i(A, B) = Σ_j |rank^i_A(F_j) − rank^i_B(F_j)| / (rank^i_A(F_j) + rank^i_B(F_j)), over all n features.
//!
//! **Stability curve** (\[P20\] Eq. 4): St(i) = mean over pairs of rankings of Ca_i, divided by the expected
//! Ca_i of two uniformly random rankings. 0 = identical top-i lists, ≈ 1 = as unstable as random.
//! The normaliser is the **exact** expectation (\[P20\] Eq. 4, docs/references.md; \[P20\]'s printed approximation
//! is wrong): each feature's truncated rank is marginally P(a) = 1/n for a ≤ i, P(i+1) = (n−i)/n,
//! independently in the two rankings, so
//!
//! ```text
//! E[Ca_i] = (1/n) Σ_{a,b ≤ i} |a−b|/(a+b) + 2 (n−i)/n · Σ_{a ≤ i} (i+1−a)/(i+1+a).
//! ```
//!
//! **Kuncheva index** of top-k sets A, B of n features: KI = (r·n − k²)/(k·(n − k)), r = |A ∩ B|;
//! 1 = identical, ≈ 0 = chance overlap; undefined for k = 0 or k = n.
//!
//! **Nogueira's φ** ([Nogueira]) of M top-k sets, with its variance, a confidence interval and two tests
//! (more stable than a given value; two procedures equally stable) — see [`nogueira`].
//!
//! The rankings usually come from a per-fold curve run ([`crate::eval::Candidate::PerFold`]):
//! [`FoldStability`] computes all of the above from [`FoldRankings`] without another run.

use polars::prelude::*;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal};

use crate::data::{Frame, Ranking};
use crate::error::{Error, Result};
use crate::eval::{Curves, FoldRankings};

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

/// Top-i Canberra distance between two rankings of the same features (\[P20\] Eq. 2).
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

/// The stability curve of `rankings` (all of the same features) at `sizes` (\[P20\] Eq. 4).
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

/// Nogueira, Sechidis & Brown's stability estimate φ̂ of M feature sets ([Nogueira] Def. 4, Thm. 9):
///
/// ```text
/// φ̂ = 1 − (1/d) Σ_f s_f² / ((k̄/d)(1 − k̄/d)),   s_f² = M/(M−1) · p̂_f (1 − p̂_f),
/// ```
///
/// p̂_f = fraction of sets holding feature f, k̄ = mean set size, d = number of features. 1 = identical
/// sets; its expectation under sets drawn at random (of the same sizes) is 0. The variance estimate is
/// [Nogueira] Thm. 9's, v̂ = 4/M² Σ_i (φ̂_i − φ̄)², with
/// φ̂_i = [ (1/d) Σ_f z_if p̂_f − k_i k̄/d² + φ̂/2 · (2 k_i k̄/d² − k_i/d − k̄/d + 1) ] / ((k̄/d)(1 − k̄/d)).
///
/// ```
/// use featrank::compare::stability::nogueira;
/// let same = vec![vec![true, true, false, false]; 5];
/// let n = nogueira(&same).unwrap();
/// assert_eq!((n.phi, n.variance), (1.0, 0.0));
/// // two disjoint halves, alternating: less stable than chance
/// let flip: Vec<Vec<bool>> = (0..4).map(|i| vec![i % 2 == 0, i % 2 == 0, i % 2 == 1, i % 2 == 1]).collect();
/// assert!(nogueira(&flip).unwrap().phi < 0.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Nogueira {
    /// The estimate φ̂.
    pub phi: f64,
    /// Its estimated variance.
    pub variance: f64,
    /// Number of feature sets M.
    pub sets: usize,
    /// Number of features d.
    pub features: usize,
    /// Mean set size k̄.
    pub mean_size: f64,
}

/// A test statistic with its p-value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Test {
    /// The statistic (standard normal under the null hypothesis).
    pub statistic: f64,
    /// The p-value.
    pub p_value: f64,
}

fn standard_normal() -> Normal {
    Normal::new(0.0, 1.0).expect("the standard normal exists")
}

/// P-value of a standard-normal statistic, with a zero variance (a degenerate statistic) read as
/// certainty: `z` is ±∞ or NaN there.
fn upper_tail(z: f64) -> f64 {
    if z.is_nan() {
        1.0
    } else {
        1.0 - standard_normal().cdf(z)
    }
}

/// Nogueira's φ̂ and its variance for the selection matrix `selected[set][feature]` (at least 2 sets of
/// the same features; mean set size strictly between 0 and d).
pub fn nogueira(selected: &[Vec<bool>]) -> Result<Nogueira> {
    let m = selected.len();
    if m < 2 {
        return Err(Error::param("sets", format!("stability needs at least 2 feature sets, got {m}")));
    }
    let d = selected[0].len();
    if selected.iter().any(|z| z.len() != d) || d == 0 {
        return Err(Error::param("sets", "every feature set must be over the same, non-empty feature list"));
    }
    let (mf, df) = (m as f64, d as f64);
    let k: Vec<f64> = selected.iter().map(|z| z.iter().filter(|&&b| b).count() as f64).collect();
    let p: Vec<f64> = (0..d).map(|f| selected.iter().filter(|z| z[f]).count() as f64 / mf).collect();
    let kbar = k.iter().sum::<f64>() / mf;
    let denom = (kbar / df) * (1.0 - kbar / df);
    if denom <= 0.0 {
        return Err(Error::param(
            "k",
            format!("stability is undefined when every set is empty or holds all {d} features"),
        ));
    }
    let phi = 1.0 - (mf / (mf - 1.0)) * (p.iter().map(|&q| q * (1.0 - q)).sum::<f64>() / df) / denom;
    let phi_i: Vec<f64> = selected
        .iter()
        .zip(&k)
        .map(|(z, &ki)| {
            let zp = z.iter().zip(&p).filter(|&(&b, _)| b).map(|(_, &q)| q).sum::<f64>() / df;
            (zp - ki * kbar / (df * df) + phi / 2.0 * (2.0 * ki * kbar / (df * df) - ki / df - kbar / df + 1.0)) / denom
        })
        .collect();
    let avg = phi_i.iter().sum::<f64>() / mf;
    let variance = 4.0 / (mf * mf) * phi_i.iter().map(|v| (v - avg).powi(2)).sum::<f64>();
    Ok(Nogueira { phi, variance, sets: m, features: d, mean_size: kbar })
}

impl Nogueira {
    /// Why φ̂ has no interval or test: with M = 2 sets the two φ̂_i are equal, so v̂ = 0 by construction
    /// (not because φ̂ is certain).
    pub fn no_inference(&self) -> Option<String> {
        (self.sets < 3).then(|| {
            format!(
                "with {} feature sets Nogueira's variance estimate is 0 by construction, so φ has no interval or \
                 test; use at least 3 splits (e.g. more repeats)",
                self.sets
            )
        })
    }

    fn inferable(&self) -> Result<()> {
        match self.no_inference() {
            Some(why) => Err(Error::param("sets", why)),
            None => Ok(()),
        }
    }

    /// The two-sided `level` (e.g. 0.95) normal-approximation interval φ̂ ± z·√v̂ ([Nogueira] Cor. 10),
    /// clipped to the values φ̂ can take, [−1/(M−1), 1] for M sets (each feature's unbiased variance is at most
    /// M/(M−1)·p̂(1−p̂), and Σ p̂_f(1−p̂_f) ≤ k̄(1−k̄/d)); an error with the reason for fewer than 3 sets
    /// ([`Nogueira::no_inference`]).
    ///
    /// ```
    /// use featrank::compare::stability::nogueira;
    /// let set = |f: &[usize]| (0..10).map(|j| f.contains(&j)).collect::<Vec<bool>>();
    /// let n = nogueira(&[set(&[0, 1]), set(&[0, 1]), set(&[0, 1]), set(&[0, 1]), set(&[0, 2])]).unwrap();
    /// let (lo, hi) = n.interval(0.95).unwrap();
    /// assert!(n.phi + 1.96 * n.variance.sqrt() > 1.0); // the normal interval would pass 1
    /// assert!(lo < n.phi && n.phi < hi && hi == 1.0);
    /// ```
    pub fn interval(&self, level: f64) -> Result<(f64, f64)> {
        crate::math::probability("level", level)?;
        self.inferable()?;
        let z = standard_normal().inverse_cdf(0.5 + level / 2.0);
        let h = z * self.variance.sqrt();
        let floor = -1.0 / (self.sets as f64 - 1.0);
        Ok(((self.phi - h).max(floor), (self.phi + h).min(1.0)))
    }

    /// One-sided test of H₀: Φ = `phi0` against H₁: Φ > `phi0` ([Nogueira] §6, V = (φ̂ − φ₀)/√v̂);
    /// `phi0 = 0` asks whether the selection is more stable than chance. Needs 3 or more sets.
    pub fn test_above(&self, phi0: f64) -> Result<Test> {
        self.inferable()?;
        let v = (self.phi - phi0) / self.variance.sqrt();
        Ok(Test { statistic: v, p_value: upper_tail(v) })
    }

    /// Two-sided test of H₀: two procedures are equally stable ([Nogueira] Thm. 10,
    /// T = (φ̂₂ − φ̂₁)/√(v̂₁ + v̂₂)). It assumes **independent** estimates: two rankers on the same splits
    /// are not (their φ̂ move together, so the variance of the difference is below v̂₁ + v̂₂ and the test is
    /// conservative there). Needs 3 or more sets on each side.
    pub fn test_equal(&self, other: &Nogueira) -> Result<Test> {
        self.inferable()?;
        other.inferable()?;
        let t = (other.phi - self.phi) / (self.variance + other.variance).sqrt();
        Ok(Test { statistic: t, p_value: (2.0 * upper_tail(t.abs())).min(1.0) })
    }
}

/// The stability of a per-fold ranker over the splits of its run, at each size k of the top-k sets:
/// the top-k Canberra stability and mean Kuncheva index ([`StabilityCurve`]) and Nogueira's φ̂ with its
/// variance (`None` at k = n, where every set holds every feature).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::compare::stability::FoldStability;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(0)
///     .evaluate_all(&iris, &[Candidate::per_fold(ReliefF::new())]).unwrap();
/// let st = FoldStability::compute(curves.fold_rankings("relieff").unwrap(), &[1, 2, 3]).unwrap();
/// let phi2 = st.nogueira[1].unwrap();
/// assert!(phi2.phi > 0.5 && phi2.test_above(0.0).unwrap().p_value < 0.01); // the petal pair, every time
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FoldStability {
    /// The per-fold candidate's name.
    pub ranking: String,
    /// Canberra and Kuncheva stability at every size.
    pub curve: StabilityCurve,
    /// Nogueira's estimate at every size.
    pub nogueira: Vec<Option<Nogueira>>,
}

impl FoldStability {
    /// Stability of `rankings` at `sizes`.
    pub fn compute(rankings: &FoldRankings, sizes: &[usize]) -> Result<FoldStability> {
        let curve = stability_curve(&rankings.rankings()?, sizes)?;
        let n = rankings.features.len();
        let nogueira = sizes
            .par_iter()
            .map(|&k| if k < n { nogueira(&rankings.selections(k)).map(Some) } else { Ok(None) })
            .collect::<Result<_>>()?;
        Ok(FoldStability { ranking: rankings.ranking.clone(), curve, nogueira })
    }

    /// Columns `ranking, k, canberra, kuncheva, phi, phi_variance, phi_lo, phi_hi, p_above_chance` (95 %
    /// interval; the p-value of H₀: Φ = 0 against Φ > 0); null where undefined.
    pub fn to_polars(&self) -> Result<Frame> {
        stability_table(std::slice::from_ref(self))
    }
}

/// The stability of several per-fold rankers from one run (`curves.stability()`): shown as their
/// stability figure and the long table, and a slice of [`FoldStability`] to iterate.
///
/// ```
/// use featrank::prelude::*;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(0)
///     .evaluate_all(&iris, &[Candidate::per_fold(ReliefF::new()), Candidate::per_fold(Fisher::new())]).unwrap();
/// let st = curves.stability_at(&[1, 2]).unwrap();
/// assert_eq!(st.len(), 2);
/// assert_eq!(st.to_polars().unwrap().height(), 2 * 2); // ranking × k
/// assert!(st.to_html().unwrap().contains("fisher"));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Stabilities {
    /// One per per-fold candidate, in the run's order.
    pub rankers: Vec<FoldStability>,
}

impl Stabilities {
    /// The stability of every per-fold candidate of `curves` at `sizes`.
    pub fn of_curves(curves: &Curves, sizes: &[usize]) -> Result<Stabilities> {
        let rankers = curves.fold_rankings.iter().map(|fr| FoldStability::compute(fr, sizes)).collect::<Result<_>>()?;
        Ok(Stabilities { rankers })
    }

    /// The long table (see [`FoldStability::to_polars`]).
    pub fn to_polars(&self) -> Result<Frame> {
        stability_table(&self.rankers)
    }
}

impl<'a> IntoIterator for &'a Stabilities {
    type Item = &'a FoldStability;
    type IntoIter = std::slice::Iter<'a, FoldStability>;
    fn into_iter(self) -> Self::IntoIter {
        self.rankers.iter()
    }
}

impl std::ops::Deref for Stabilities {
    type Target = [FoldStability];
    fn deref(&self) -> &[FoldStability] {
        &self.rankers
    }
}

/// The long table of several [`FoldStability`] (see [`FoldStability::to_polars`]).
pub fn stability_table(all: &[FoldStability]) -> Result<Frame> {
    let mut cols: (Vec<String>, Vec<u32>, Vec<f64>, Vec<Option<f64>>) = Default::default();
    let mut phi: [Vec<Option<f64>>; 5] = Default::default();
    for st in all {
        for (i, &k) in st.curve.sizes.iter().enumerate() {
            cols.0.push(st.ranking.clone());
            cols.1.push(k as u32);
            cols.2.push(st.curve.canberra[i]);
            cols.3.push(st.curve.kuncheva[i]);
            let n = st.nogueira[i];
            // empty (null) where φ has no interval or test: fewer than 3 splits
            let (lo, hi) = n.and_then(|n| n.interval(0.95).ok()).unzip();
            let p = n.and_then(|n| n.test_above(0.0).ok()).map(|t| t.p_value);
            let values = [n.map(|n| n.phi), n.map(|n| n.variance), lo, hi, p];
            phi.iter_mut().zip(values).for_each(|(c, v)| c.push(v));
        }
    }
    let height = cols.0.len();
    let [p, v, lo, hi, pv] = phi;
    Ok(DataFrame::new(
        height,
        vec![
            Column::new("ranking".into(), cols.0),
            Column::new("k".into(), cols.1),
            Column::new("canberra".into(), cols.2),
            Column::new("kuncheva".into(), cols.3),
            Column::new("phi".into(), p),
            Column::new("phi_variance".into(), v),
            Column::new("phi_lo".into(), lo),
            Column::new("phi_hi".into(), hi),
            Column::new("p_above_chance".into(), pv),
        ],
    )?
    .into())
}
