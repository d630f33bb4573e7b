//! Relief for several targets (Petković, Kocev & Džeroski 2020, Machine Learning 109: multi-target
//! regression; Petković, Džeroski & Kocev, DS 2018: multi-label): RReliefF's weights with diff(τ) replaced by
//! a distance d(τ_i, τ_j) ∈ [0, 1] between the rows' target vectors ([`TargetDistance`]). ReliefF and
//! RReliefF both take this path on a dataset with a target set (`relief.rs` documents the rest).

use super::relief::ReliefConvention;
use crate::data::{Dataset, Target};
use crate::error::Result;

/// The distance between two rows' target vectors that ReliefF and RReliefF use on data with several
/// targets (module docs); the DS 2018 paper advises matching it to the measure the selected features
/// will be judged by.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, ReliefF, TargetDistance};
/// let df = df!("x" => [0.0, 0.1, 0.5, 0.6, 0.9, 1.0], "noise" => [0.3, 0.9, 0.1, 0.7, 0.4, 0.0],
///              "a" => [0, 0, 1, 1, 1, 1], "b" => [0, 0, 0, 0, 1, 1]).unwrap();
/// let ds = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap();
/// for d in [TargetDistance::Hamming, TargetDistance::Jaccard, TargetDistance::Subset] {
///     let r = ReliefF::new().k(1).distance(d).rank(&ds, 0).unwrap();
///     assert_eq!(r.order()[0], "x", "{d:?}");
/// }
/// assert_eq!(ReliefF::new().distance(TargetDistance::Jaccard).spec().to_string(),
///            "relieff:k=10,m=all,convention=weka,distance=jaccard");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TargetDistance {
    /// The mean per-target diff: for labels the Hamming distance (the share of labels the two rows
    /// disagree on), for class targets the share of targets that differ, for numeric targets the mean
    /// range-scaled |difference|. The default; the only one for numeric targets.
    #[default]
    Hamming,
    /// Labels only: 1 − |A ∩ B| / |A ∪ B| of the two label sets (0 when both are empty).
    Jaccard,
    /// Labels or class targets: 0 when the two rows' targets all agree, else 1 (subset accuracy's loss).
    Subset,
}

crate::spec::spec_words!(TargetDistance, "target distance", {
    TargetDistance::Hamming => "hamming",
    TargetDistance::Jaccard => "jaccard",
    TargetDistance::Subset => "subset",
});

/// The Relief weights of data with several targets: RReliefF with the distance between target vectors
/// (module docs). A target constant over the rows adds 0 to every distance.
pub(super) fn weights(
    data: &Dataset,
    refs: &[usize],
    k: usize,
    convention: ReliefConvention,
    distance: TargetDistance,
) -> Result<Vec<f64>> {
    let targets = data.targets();
    let t = targets.len();
    // Row-major target vectors: each value scaled so that one target's diff is |a − b| (numeric: by the
    // range; classes: the code, compared for equality).
    let mut numeric = vec![false; t];
    let mut y = vec![0.0; data.n_rows() * t];
    for (c, target) in targets.iter().enumerate() {
        match target {
            Target::Values(v) => {
                numeric[c] = true;
                let (lo, hi) = v.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &x| (l.min(x), h.max(x)));
                let range = if hi > lo { hi - lo } else { 1.0 };
                v.iter().enumerate().for_each(|(i, &x)| y[i * t + c] = (x - lo) / range);
            }
            Target::Classes { codes, .. } => codes.iter().enumerate().for_each(|(i, &x)| y[i * t + c] = x as f64),
            Target::Set(_) | Target::Survival(_) => unreachable!("a target set's members are single targets"),
        }
    }
    let labels = data.label_matrix();
    let row = |i: usize| &y[i * t..(i + 1) * t];
    match (distance, labels) {
        (TargetDistance::Jaccard, Some(labels)) => super::relief::rrelieff(data, refs, k, convention, |i, j| {
            let (a, b) = (labels.row(i), labels.row(j));
            let union = a.iter().zip(b).filter(|&(&p, &q)| p || q).count();
            let both = a.iter().zip(b).filter(|&(&p, &q)| p && q).count();
            if union == 0 {
                0.0
            } else {
                1.0 - both as f64 / union as f64
            }
        }),
        (TargetDistance::Subset, _) => {
            super::relief::rrelieff(data, refs, k, convention, |i, j| (row(i) != row(j)) as u8 as f64)
        }
        _ => super::relief::rrelieff(data, refs, k, convention, |i, j| {
            let (a, b) = (row(i), row(j));
            let sum: f64 =
                (0..t).map(|c| if numeric[c] { (a[c] - b[c]).abs() } else { (a[c] != b[c]) as u8 as f64 }).sum();
            sum / t as f64
        }),
    }
}
