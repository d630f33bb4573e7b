//! Supervised MDL discretisation (Fayyad & Irani 1993), as Weka's attribute evaluators apply it before
//! information gain, gain ratio, symmetrical uncertainty and χ².
//!
//! Recursively split the sorted values at the boundary that minimises the class entropy
//! E = |S₁|/|S|·Ent(S₁) + |S₂|/|S|·Ent(S₂) (the first such boundary on ties, and only if E < Ent(S));
//! accept the split only if
//! Gain > (log₂ L + Δ)/N, Δ = log₂(3^k − 2) − [k·Ent(S) − k₁·Ent(S₁) − k₂·Ent(S₂)],
//! k, k₁, k₂ = number of classes present in S, S₁, S₂, N = |S|. L, the cost of naming the cut, is a
//! [`MdlCost`]: the number of candidate cut points in S (Weka's "better encoding", which its attribute
//! evaluators switch on) or N − 1 (the paper's). Cut points are midpoints between adjacent distinct
//! values. Missing values take no part.

use crate::data::{Dataset, FeatureKind};
use crate::error::{Error, Result};
use crate::math::entropy;
use crate::param::{Param, Values};
use crate::spec::{spec_words, Spec};

/// The cost L of naming the chosen cut point in the MDL criterion (module docs).
///
/// ```
/// use featrank::rankers::{mdl_cut_points, MdlCost};
/// // Two values, 8 rows each; class 1 is 1 of 8 below and 6 of 8 above. The gain (0.31 bit) clears
/// // Weka's charge log₂(1 candidate cut) but not the paper's log₂(15).
/// let x: Vec<f64> = (0..16).map(|i| (i / 8) as f64).collect();
/// let y = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
/// assert_eq!(mdl_cut_points(&x, &y, 2, MdlCost::CutPoints), vec![0.5]);
/// assert!(mdl_cut_points(&x, &y, 2, MdlCost::Instances).is_empty());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MdlCost {
    /// L = number of candidate cut points (distinct adjacent values) in the subset: Weka's
    /// `Discretize.setUseBetterEncoding(true)`, as in its InfoGain, GainRatio, SymmetricalUncert and
    /// ChiSquared attribute evaluators. The default.
    #[default]
    CutPoints,
    /// L = N − 1, as Fayyad & Irani (1993) publish it (Weka's Discretize filter on its own).
    Instances,
}

spec_words!(MdlCost, "MDL cost", {
    MdlCost::CutPoints => "cut-points" | "weka",
    MdlCost::Instances => "instances" | "fayyad-irani",
});

/// MDL cut points of `values` (NaN = missing, skipped) against class `codes` in `0..n_classes`,
/// ascending. No cut point means the attribute carries no accepted split (one interval).
///
/// ```
/// use featrank::rankers::{mdl_cut_points, MdlCost};
/// let x = [1.0, 2.0, 3.0, 4.0, 10.0, 11.0, 12.0, 13.0];
/// let y = [0, 0, 0, 0, 1, 1, 1, 1];
/// assert_eq!(mdl_cut_points(&x, &y, 2, MdlCost::CutPoints), vec![7.0]);
/// // A pure-noise attribute gets no cut.
/// assert!(mdl_cut_points(&[1.0, 2.0, 3.0, 4.0], &[0, 1, 0, 1], 2, MdlCost::CutPoints).is_empty());
/// ```
pub fn mdl_cut_points(values: &[f64], codes: &[usize], n_classes: usize, cost: MdlCost) -> Vec<f64> {
    let mut pairs: Vec<(f64, usize)> =
        values.iter().zip(codes).filter(|(v, _)| !v.is_nan()).map(|(&v, &c)| (v, c)).collect();
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    cuts_of(&Runs::of_sorted(&pairs, None, n_classes), n_classes, cost)
}

/// [`mdl_cut_points`] of a sparse feature: its stored values `values` at `rows` (no zero among them), every
/// other row 0; `totals` = rows per class. The same cut points as the dense column, in O(stored values).
pub(crate) fn mdl_cut_points_sparse(
    rows: &[u32],
    values: &[f64],
    codes: &[usize],
    totals: &[f64],
    cost: MdlCost,
) -> Vec<f64> {
    let k = totals.len();
    let mut pairs: Vec<(f64, usize)> = rows.iter().zip(values).map(|(&r, &v)| (v, codes[r as usize])).collect();
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut zeros = totals.to_vec();
    pairs.iter().for_each(|&(_, c)| zeros[c] -= 1.0);
    cuts_of(&Runs::of_sorted(&pairs, Some(&zeros), k), k, cost)
}

fn cuts_of(runs: &Runs, n_classes: usize, cost: MdlCost) -> Vec<f64> {
    let mut cuts = Vec::new();
    split(runs, 0..runs.len(), n_classes, cost, &mut cuts);
    cuts.sort_by(f64::total_cmp);
    cuts
}

/// Sorted values grouped into runs of equal values (`==`), each with its class counts: the boundaries
/// between runs are MDL's candidate cut points. Counting a run at once adds the same whole numbers as
/// counting its rows one by one, so cut points are exactly those of the row-by-row search.
struct Runs {
    /// First and last value of each run (equal by `==`; they differ only as −0 and +0).
    ends: Vec<(f64, f64)>,
    /// Class counts, `runs × classes`, row-major.
    counts: Vec<f64>,
}

impl Runs {
    /// Runs of `pairs` (sorted by value); `zeros`: class counts of a run of zeros to place among them
    /// (a sparse feature's absent cells).
    fn of_sorted(pairs: &[(f64, usize)], zeros: Option<&[f64]>, k: usize) -> Runs {
        let mut runs = Runs { ends: Vec::new(), counts: Vec::new() };
        let mut zeros = zeros.filter(|z| z.iter().any(|&c| c > 0.0));
        let push_zeros = |runs: &mut Runs, z: &[f64]| {
            runs.ends.push((0.0, 0.0));
            runs.counts.extend_from_slice(z);
        };
        for &(v, c) in pairs {
            if let Some(z) = zeros.filter(|_| v > 0.0) {
                push_zeros(&mut runs, z);
                zeros = None;
            }
            match runs.ends.last_mut() {
                Some((_, last)) if *last == v => {
                    *last = v;
                    let at = runs.counts.len() - k + c;
                    runs.counts[at] += 1.0;
                }
                _ => {
                    runs.ends.push((v, v));
                    runs.counts.extend(std::iter::repeat_n(0.0, k));
                    let at = runs.counts.len() - k + c;
                    runs.counts[at] += 1.0;
                }
            }
        }
        if let Some(z) = zeros {
            push_zeros(&mut runs, z);
        }
        runs
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn counts(&self, r: usize, k: usize) -> &[f64] {
        &self.counts[r * k..(r + 1) * k]
    }
}

fn split(runs: &Runs, at: std::ops::Range<usize>, n_classes: usize, cost: MdlCost, cuts: &mut Vec<f64>) {
    let k = n_classes;
    let sum = |range: std::ops::Range<usize>| {
        let mut c = vec![0.0; k];
        range.for_each(|r| c.iter_mut().zip(runs.counts(r, k)).for_each(|(a, b)| *a += b));
        c
    };
    let total = sum(at.clone());
    let n: f64 = total.iter().sum();
    if n < 2.0 {
        return;
    }
    let ent = entropy(&total);
    // The search compares entropies in the x·ln x form Weka uses, so that equal entropies tie (and
    // the first boundary wins) exactly where Weka's do.
    let mut best_e = conditional_entropy(&total, &vec![0.0; k]);
    let mut left = vec![0.0; k];
    let mut right = total.clone();
    let mut best = None;
    let mut candidates = 0usize;
    for r in at.start..at.end - 1 {
        for (c, &m) in runs.counts(r, k).iter().enumerate() {
            left[c] += m;
            right[c] -= m;
        }
        candidates += 1;
        let e = conditional_entropy(&left, &right);
        if e < best_e {
            best = Some(r);
            best_e = e;
        }
    }
    let Some(r) = best else { return };
    let (cl, cr) = (sum(at.start..r + 1), sum(r + 1..at.end));
    let present = |c: &[f64]| c.iter().filter(|&&v| v > 0.0).count() as f64;
    let (kc, k1, k2) = (present(&total), present(&cl), present(&cr));
    let delta = (3f64.powf(kc) - 2.0).log2() - (kc * ent - k1 * entropy(&cl) - k2 * entropy(&cr));
    let gain = ent - best_e;
    let named = match cost {
        MdlCost::CutPoints => candidates as f64,
        MdlCost::Instances => n - 1.0,
    };
    if gain > (named.log2() + delta) / n {
        let (a, b) = (runs.ends[r].1, runs.ends[r + 1].0);
        let mid = (a + b) / 2.0;
        cuts.push(if mid < b { mid } else { a });
        split(runs, at.start..r + 1, n_classes, cost, cuts);
        split(runs, r + 1..at.end, n_classes, cost, cuts);
    }
}

/// E = Σ_rows |Sᵣ|/|S|·Ent(Sᵣ) in bits for the two class-count rows, written
/// −[Σ x ln x − Σ_rows |Sᵣ| ln |Sᵣ|] / (|S| ln 2) (Weka's `ContingencyTables.entropyConditionedOnRows`).
fn conditional_entropy(left: &[f64], right: &[f64]) -> f64 {
    let x_ln_x = |x: f64| if x < 1e-6 { 0.0 } else { x * x.ln() };
    let (mut sum, mut total) = (0.0, 0.0);
    for row in [left, right] {
        let mut row_total = 0.0;
        for &x in row {
            sum += x_ln_x(x);
            row_total += x;
        }
        sum -= x_ln_x(row_total);
        total += row_total;
    }
    if total == 0.0 {
        0.0
    } else {
        -sum / (total * std::f64::consts::LN_2)
    }
}

/// How the information-theoretic rankers turn numeric features into discrete values (nominal features
/// keep their levels).
///
/// ```
/// use featrank::method::Method;
/// use featrank::rankers::{Discretisation, InfoSelection, MdlCost, SelectionCriterion};
/// let jmi = InfoSelection::new(SelectionCriterion::Jmi).discretisation(Discretisation::EqualWidth(5));
/// assert_eq!(jmi.spec().to_string(), "jmi:discretise=equal-width,bins=5");
/// assert_eq!(Discretisation::default(), Discretisation::Mdl(MdlCost::CutPoints));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Discretisation {
    /// Supervised MDL intervals ([`mdl_cut_points`]) with the given cost: the filters' discretisation.
    Mdl(MdlCost),
    /// `bins` equal-width intervals over the present values' range (last one closed).
    EqualWidth(usize),
}

impl Default for Discretisation {
    fn default() -> Self {
        Discretisation::Mdl(MdlCost::default())
    }
}

/// How numeric features are discretised, as a spec word (`mdl` or `equal-width`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Binning {
    Mdl,
    EqualWidth,
}

spec_words!(Binning, "discretisation", {
    Binning::Mdl => "mdl",
    Binning::EqualWidth => "equal-width",
});

impl Discretisation {
    /// The spec keys of a discretisation.
    pub(crate) const PARAMS: [Param; 3] = [
        Param::new(
            "discretise",
            Values::Words(Binning::WORDS),
            "how numeric features become levels: MDL cuts or equal-width bins",
        ),
        Param::new(
            "mdl",
            Values::Words(MdlCost::WORDS),
            "the cost MDL charges for a cut: Weka's (cut-points) or the paper's (instances)",
        )
        .needs("discretise=mdl"),
        Param::new("bins", Values::whole(2), "equal-width bins per numeric feature").needs("discretise=equal-width"),
    ];

    /// From a ranker's spec: `discretise=mdl` (default, with `mdl=cut-points|instances`) or
    /// `discretise=equal-width` (with `bins=10`).
    pub(crate) fn from_spec(s: &Spec) -> Result<Discretisation> {
        Ok(match s.get("discretise", Binning::Mdl)? {
            Binning::Mdl => {
                if s.value("bins").is_some() {
                    return Err(Error::param("bins", "bins applies to discretise=equal-width"));
                }
                Discretisation::Mdl(s.get("mdl", MdlCost::default())?)
            }
            Binning::EqualWidth => {
                if s.value("mdl").is_some() {
                    return Err(Error::param("mdl", "mdl applies to discretise=mdl"));
                }
                Discretisation::EqualWidth(s.get("bins", 10)?)
            }
        })
    }

    /// `s` with this discretisation's keys added.
    pub(crate) fn add_to(self, s: Spec) -> Spec {
        match self {
            Discretisation::Mdl(cost) => s.with("discretise", Binning::Mdl).with("mdl", cost),
            Discretisation::EqualWidth(bins) => s.with("discretise", Binning::EqualWidth).with("bins", bins),
        }
    }

    /// Equal-width binning needs at least two bins.
    pub(crate) fn check(self) -> Result<()> {
        match self {
            Discretisation::EqualWidth(bins) if bins < 2 => {
                Err(Error::param("bins", format!("needs at least 2 bins, got {bins}")))
            }
            _ => Ok(()),
        }
    }
}

/// One feature as discrete values: `codes[i]` in `0..levels`, or [`Discrete::MISSING`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Discrete {
    pub codes: Vec<u32>,
    pub levels: usize,
}

impl Discrete {
    /// The code of a missing value.
    pub const MISSING: u32 = u32::MAX;

    /// Feature `f` of `data` discretised against the class `codes` (`k` classes).
    pub fn of(data: &Dataset, f: usize, codes: &[usize], k: usize, how: Discretisation) -> Discrete {
        let col = data.feature(f);
        let code = |bin: usize| bin as u32;
        let (levels, bin_of): (usize, Box<dyn Fn(f64) -> u32>) = match (data.kind(f), how) {
            (FeatureKind::Nominal { levels }, _) => (levels.len().max(1), Box::new(|v: f64| v as u32)),
            (FeatureKind::Numeric, Discretisation::Mdl(cost)) => {
                let cuts = mdl_cut_points(&col.to_vec(), codes, k, cost);
                (cuts.len() + 1, Box::new(move |v: f64| code(cuts.partition_point(|&c| c < v))))
            }
            (FeatureKind::Numeric, Discretisation::EqualWidth(bins)) => {
                let (lo, hi) = col
                    .iter()
                    .filter(|v| !v.is_nan())
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
                if hi > lo && bins > 1 {
                    let width = (hi - lo) / bins as f64;
                    (bins, Box::new(move |v: f64| code((((v - lo) / width).floor() as usize).min(bins - 1))))
                } else {
                    (1, Box::new(|_| 0))
                }
            }
        };
        let codes = col.iter().map(|&v| if v.is_nan() { Discrete::MISSING } else { bin_of(v) }).collect();
        Discrete { codes, levels }
    }

    /// Relative frequencies of the levels among the present values (uniform when none is present): how a
    /// missing value is spread over the levels, as the filters spread it.
    pub fn marginal(&self) -> Vec<f64> {
        let mut p = vec![0.0; self.levels];
        self.codes.iter().filter(|&&c| c != Discrete::MISSING).for_each(|&c| p[c as usize] += 1.0);
        let total: f64 = p.iter().sum();
        if total > 0.0 {
            p.iter_mut().for_each(|v| *v /= total);
        } else {
            p.iter_mut().for_each(|v| *v = 1.0 / self.levels as f64);
        }
        p
    }
}
