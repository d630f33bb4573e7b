//! Supervised MDL discretisation (Fayyad & Irani 1993), as Weka applies it before information gain.
//!
//! Recursively split the sorted values at the boundary that minimises the class entropy
//! E = |S₁|/|S|·Ent(S₁) + |S₂|/|S|·Ent(S₂); accept the split only if
//! Gain > log₂(N − 1)/N + Δ/N, Δ = log₂(3^k − 2) − [k·Ent(S) − k₁·Ent(S₁) − k₂·Ent(S₂)],
//! k, k₁, k₂ = number of classes present in S, S₁, S₂. Cut points are midpoints between adjacent
//! distinct values. Missing values take no part.

use crate::math::entropy;

/// MDL cut points of `values` (NaN = missing, skipped) against class `codes` in `0..n_classes`,
/// ascending. No cut point means the attribute carries no accepted split (one interval).
///
/// ```
/// use featrank::rankers::mdl_cut_points;
/// let x = [1.0, 2.0, 3.0, 4.0, 10.0, 11.0, 12.0, 13.0];
/// let y = [0, 0, 0, 0, 1, 1, 1, 1];
/// assert_eq!(mdl_cut_points(&x, &y, 2), vec![7.0]);
/// // A pure-noise attribute gets no cut.
/// assert!(mdl_cut_points(&[1.0, 2.0, 3.0, 4.0], &[0, 1, 0, 1], 2).is_empty());
/// ```
pub fn mdl_cut_points(values: &[f64], codes: &[usize], n_classes: usize) -> Vec<f64> {
    let mut pairs: Vec<(f64, usize)> =
        values.iter().zip(codes).filter(|(v, _)| !v.is_nan()).map(|(&v, &c)| (v, c)).collect();
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut cuts = Vec::new();
    split(&pairs, n_classes, &mut cuts);
    cuts.sort_by(f64::total_cmp);
    cuts
}

fn split(s: &[(f64, usize)], n_classes: usize, cuts: &mut Vec<f64>) {
    let n = s.len();
    if n < 2 {
        return;
    }
    let mut total = vec![0.0; n_classes];
    s.iter().for_each(|&(_, c)| total[c] += 1.0);
    let ent = entropy(&total);
    if ent == 0.0 {
        return;
    }
    let mut left = vec![0.0; n_classes];
    let mut best: Option<(usize, f64)> = None;
    for i in 0..n - 1 {
        left[s[i].1] += 1.0;
        if s[i].0 == s[i + 1].0 {
            continue;
        }
        let right: Vec<f64> = total.iter().zip(&left).map(|(t, l)| t - l).collect();
        let nl = (i + 1) as f64;
        let e = (nl * entropy(&left) + (n as f64 - nl) * entropy(&right)) / n as f64;
        if best.is_none_or(|b| e < b.1) {
            best = Some((i, e));
        }
    }
    let Some((i, e)) = best else { return };
    let (l, r) = s.split_at(i + 1);
    let counts = |part: &[(f64, usize)]| {
        let mut c = vec![0.0; n_classes];
        part.iter().for_each(|&(_, k)| c[k] += 1.0);
        c
    };
    let (cl, cr) = (counts(l), counts(r));
    let present = |c: &[f64]| c.iter().filter(|&&v| v > 0.0).count() as f64;
    let (k, k1, k2) = (present(&total), present(&cl), present(&cr));
    let nf = n as f64;
    let delta = (3f64.powf(k) - 2.0).log2() - (k * ent - k1 * entropy(&cl) - k2 * entropy(&cr));
    let gain = ent - e;
    if gain > ((nf - 1.0).log2() + delta) / nf {
        let (a, b) = (s[i].0, s[i + 1].0);
        let mid = a + (b - a) / 2.0;
        cuts.push(if mid < b { mid } else { a });
        split(l, n_classes, cuts);
        split(r, n_classes, cuts);
    }
}
