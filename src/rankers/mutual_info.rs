//! Mutual information with the class from an equal-width histogram, as FSLib's `muteinf` computes it
//! (the MI term of EC-FS; [EC-FS] §3), generalised from ±1 labels to any number of classes.
//!
//! For T present values: nbins = clamp(⌊T/10⌋, 10, 20) equal-width bins over [min, max] (last bin closed);
//! a nominal feature uses its levels as bins. An empty bin's p(bin) becomes 1e-5; a zero joint count
//! becomes 1e-5 before dividing by T. I = Σ_{c,j} p(c,j) ln(p(c,j) / (p(j) p(c))) (nats);
//! H_A, H_Y are the entropies of the bin and class marginals. The score is the normalised
//! 2I / (H_A + H_Y) (FSLib's return value) or, with `normalise = false`, I itself.
//! A constant feature scores 0; missing values are skipped feature by feature.

use super::{Checked, Ranker};
use crate::data::{Dataset, FeatureKind, Task};
use crate::error::Result;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::Spec;

/// Histogram mutual-information filter (FSLib `muteinf`).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{MutualInfo, Ranker};
/// let x: Vec<f64> = (0..40).map(|i| i as f64).collect();
/// let z: Vec<f64> = (0..40).map(|i| (i % 2) as f64).collect();
/// let y: Vec<&str> = (0..40).map(|i| if i < 20 { "lo" } else { "hi" }).collect();
/// let data = Dataset::from_polars(&df!("x" => x, "z" => z, "y" => y).unwrap(), "y").unwrap();
/// let s = MutualInfo::new().scores(&data, 0).unwrap();
/// // x separates the classes: I = ln 2 over 10 bins, 2I/(H_A + H_Y) = 2 ln 2 / (ln 10 + ln 2) ≈ 0.46.
/// assert!((s[0] - 0.4627).abs() < 1e-3 && s[1] < 0.01, "{s:?}");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct MutualInfo {
    normalise: bool,
}

impl Default for MutualInfo {
    fn default() -> Self {
        MutualInfo::new()
    }
}

impl MutualInfo {
    /// Normalised MI, as FSLib returns it.
    pub fn new() -> MutualInfo {
        MutualInfo { normalise: true }
    }

    /// Return 2I/(H_A + H_Y) (`true`, default) or I in nats.
    pub fn normalise(mut self, yes: bool) -> MutualInfo {
        self.normalise = yes;
        self
    }

    /// From the spec `mi:normalise=true|false`.
    pub fn from_spec(s: &Spec) -> Result<MutualInfo> {
        s.check_params(PARAMS)?;
        Ok(MutualInfo { normalise: s.get("normalise", MutualInfo::new().normalise)? })
    }
}

/// The keys of the mutual-information filter.
const PARAMS: &[Param] =
    &[Param::new("normalise", Values::Flag, "2I / (H(feature) + H(class)) (FSLib's value) instead of I in nats")];

impl Method for MutualInfo {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Roffo & Melzi 2016 (EC-FS) §3, FSLib muteinf; Cover & Thomas 2006"
    }

    fn spec(&self) -> Spec {
        Spec::new("mi").with("normalise", self.normalise)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Ranker for MutualInfo {
    /// One feature at a time: a sparse feature is read as its `n_rows` values, zeros filled in.
    fn accepts_sparse(&self) -> bool {
        true
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        Ok(mi_scores(data, self.normalise))
    }
}

/// The `muteinf` score of every feature (see module docs).
pub(crate) fn mi_scores(data: &Dataset, normalise: bool) -> Vec<f64> {
    let codes = data.labels().expect("classification");
    let k = data.n_classes();
    (0..data.n_features())
        .map(|f| {
            let col = data.feature(f);
            let rows: Vec<(f64, usize)> =
                col.iter().zip(codes).filter(|(v, _)| !v.is_nan()).map(|(&v, &c)| (v, c)).collect();
            let t = rows.len() as f64;
            let (lo, hi) = rows.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &(v, _)| (l.min(v), h.max(v)));
            if rows.is_empty() || hi <= lo {
                return 0.0;
            }
            let (nbins, bin): (usize, Box<dyn Fn(f64) -> usize>) = match data.kind(f) {
                FeatureKind::Nominal { levels } => (levels.len(), Box::new(|v: f64| v as usize)),
                FeatureKind::Numeric => {
                    let nb = ((t / 10.0).floor() as usize).clamp(10, 20);
                    let width = (hi - lo) / nb as f64;
                    (nb, Box::new(move |v: f64| (((v - lo) / width).floor() as usize).min(nb - 1)))
                }
            };
            let mut joint = vec![0.0; nbins * k];
            let mut p_bin = vec![0.0; nbins];
            let mut p_class = vec![0.0; k];
            for &(v, c) in &rows {
                let b = bin(v);
                joint[b * k + c] += 1.0;
                p_bin[b] += 1.0;
                p_class[c] += 1.0;
            }
            p_bin.iter_mut().for_each(|p| *p = if *p == 0.0 { 1e-5 } else { *p / t });
            p_class.iter_mut().for_each(|p| *p /= t);
            let mut mi = 0.0;
            for b in 0..nbins {
                for c in 0..k {
                    if p_class[c] == 0.0 {
                        continue;
                    }
                    let count = joint[b * k + c];
                    let p = if count == 0.0 { 1e-5 } else { count } / t;
                    mi += p * (p / (p_bin[b] * p_class[c])).ln();
                }
            }
            if !normalise {
                return mi;
            }
            let h = |ps: &[f64]| -ps.iter().filter(|&&p| p > 0.0).map(|&p| p * p.ln()).sum::<f64>();
            let denom = h(&p_bin) + h(&p_class);
            if denom > 0.0 {
                2.0 * mi / denom
            } else {
                0.0
            }
        })
        .collect()
}

crate::method::from_spec!(MutualInfo);
