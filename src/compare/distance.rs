//! Distances and agreement between rankings, and a ranking's agreement with a known relevant set.
//!
//! Tied scores matter here (ground-truth rankings are full of ties, \[P18\] §4 and docs/references.md): a ranking
//! built from scores gives tied features their **average rank**; a ranking given as an order has no ties.
//!
//! - Spearman ρ: Pearson correlation of the two (average) rank vectors (\[P20\] Appendix 2, the /(n−1)
//!   inside the square root); for tie-free rankings 1 − 6Σd²/(n(n²−1)).
//! - Kendall τ-b: (concordant − discordant)/√((n₀ − n₁)(n₀ − n₂)), ties in either ranking excluded from the
//!   pair counts as τ-b prescribes.
//! - Top-k Jaccard: |A_k ∩ B_k| / |A_k ∪ B_k| of the top-k sets.
//! - Relevance AUC: ROC AUC of the ranking as a score for "is relevant" (1 = every relevant feature ranked
//!   above every irrelevant one, 0.5 = chance).

use std::collections::HashMap;

use crate::data::Ranking;
use crate::error::{Error, Result};
use crate::math::{auc, pearson};

/// Average ranks (1 = best) of `r`'s features in `r.order()` order, ties in score averaged.
fn average_ranks(r: &Ranking) -> Vec<f64> {
    let Some(scores) = r.scores() else {
        return (1..=r.len()).map(|x| x as f64).collect();
    };
    crate::math::average_ranks(scores, true)
}

/// Rank vectors of `a` and `b` over the same features, aligned (feature order of `a`).
fn aligned(a: &Ranking, b: &Ranking) -> Result<(Vec<f64>, Vec<f64>)> {
    if a.len() != b.len() {
        return Err(Error::param("rankings", format!("rankings of {} and {} features", a.len(), b.len())));
    }
    let rb = average_ranks(b);
    let pos: HashMap<&str, f64> = b.order().iter().map(String::as_str).zip(rb).collect();
    let ra = average_ranks(a);
    let rb = a
        .order()
        .iter()
        .map(|f| {
            pos.get(f.as_str())
                .copied()
                .ok_or_else(|| Error::param("rankings", format!("feature '{f}' is ranked in one ranking only")))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((ra, rb))
}

/// Spearman's ρ with ties (Pearson correlation of average ranks).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::compare::distance::spearman;
/// let a = Ranking::from_order(&["a", "b", "c", "d"]).unwrap();
/// let b = Ranking::from_order(&["d", "c", "b", "a"]).unwrap();
/// assert_eq!(spearman(&a, &a).unwrap(), 1.0);
/// assert_eq!(spearman(&a, &b).unwrap(), -1.0);
/// ```
pub fn spearman(a: &Ranking, b: &Ranking) -> Result<f64> {
    let (ra, rb) = aligned(a, b)?;
    Ok(pearson(&ra, &rb))
}

/// Kendall's τ-b.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::compare::distance::kendall_tau_b;
/// let a = Ranking::from_order(&["a", "b", "c"]).unwrap();
/// let b = Ranking::from_order(&["a", "c", "b"]).unwrap();
/// assert!((kendall_tau_b(&a, &b).unwrap() - 1.0 / 3.0).abs() < 1e-12);
/// ```
pub fn kendall_tau_b(a: &Ranking, b: &Ranking) -> Result<f64> {
    let (ra, rb) = aligned(a, b)?;
    let n = ra.len();
    let (mut conc, mut disc, mut ties_a, mut ties_b) = (0.0, 0.0, 0.0, 0.0);
    for i in 0..n {
        for j in i + 1..n {
            let (da, db) = (ra[i] - ra[j], rb[i] - rb[j]);
            match (da == 0.0, db == 0.0) {
                (true, true) => {
                    ties_a += 1.0;
                    ties_b += 1.0;
                }
                (true, false) => ties_a += 1.0,
                (false, true) => ties_b += 1.0,
                _ if da * db > 0.0 => conc += 1.0,
                _ => disc += 1.0,
            }
        }
    }
    let n0 = (n * (n - 1) / 2) as f64;
    let den = ((n0 - ties_a) * (n0 - ties_b)).sqrt();
    Ok(if den == 0.0 { 0.0 } else { (conc - disc) / den })
}

/// Jaccard index of the top-k sets.
///
/// ```
/// use featrank::prelude::*;
/// let a = Ranking::from_order(&["a", "b", "c"]).unwrap();
/// let b = Ranking::from_order(&["b", "c", "a"]).unwrap();
/// assert!((featrank::compare::distance::jaccard_top(&a, &b, 2).unwrap() - 1.0 / 3.0).abs() < 1e-12);
/// ```
pub fn jaccard_top(a: &Ranking, b: &Ranking, k: usize) -> Result<f64> {
    if k == 0 || k > a.len().min(b.len()) {
        return Err(Error::param("k", format!("must be in 1..={}", a.len().min(b.len()))));
    }
    let top_b: std::collections::HashSet<&String> = b.order()[..k].iter().collect();
    let inter = a.order()[..k].iter().filter(|f| top_b.contains(f)).count() as f64;
    Ok(inter / (2.0 * k as f64 - inter))
}

/// ROC AUC of the ranking against a known set of relevant features (ties in score count ½).
///
/// ```
/// use featrank::prelude::*;
/// let r = Ranking::from_order(&["a", "b", "c", "d"]).unwrap();
/// assert_eq!(featrank::compare::distance::relevance_auc(&r, &["a", "b"]).unwrap(), 1.0);
/// assert_eq!(featrank::compare::distance::relevance_auc(&r, &["c", "d"]).unwrap(), 0.0);
/// ```
pub fn relevance_auc<S: AsRef<str>>(ranking: &Ranking, relevant: &[S]) -> Result<f64> {
    let set: std::collections::HashSet<&str> = relevant.iter().map(|s| s.as_ref()).collect();
    if let Some(f) = set.iter().find(|f| ranking.rank_of(f).is_none()) {
        return Err(Error::param("relevant", format!("feature '{f}' is not in the ranking")));
    }
    let score: Vec<f64> = average_ranks(ranking).iter().map(|r| -r).collect();
    let positive: Vec<bool> = ranking.order().iter().map(|f| set.contains(f.as_str())).collect();
    auc(&score, &positive)
        .ok_or_else(|| Error::param("relevant", "needs at least one relevant and one irrelevant feature"))
}
