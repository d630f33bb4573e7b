//! ReliefF (classification) and RReliefF (regression), Robnik-Šikonja & Kononenko 2003; thesis §2.1–2.2.
//!
//! Two conventions ([`ReliefConvention`]) differ only where the method leaves room: which of several
//! equally distant rows are the k nearest, and the diff of a missing value. [`ReliefConvention::Weka`]
//! (the default) is Weka 3.6's ReliefFAttributeEval, the tool the papers used;
//! [`ReliefConvention::Rsk`] follows Robnik-Šikonja & Kononenko's text.
//!
//! **diff.** Numeric attributes: |a − b| / (max − min) over the data (a constant attribute gives 0);
//! nominal: 0 if equal, else 1. Missing values, Weka: nominal 1 − 1/|levels|; numeric with one value v
//! present (scaled) max(v, 1 − v); both missing 1. Missing values, R-Š&K (§2.2, extended to numeric
//! attributes by the same reasoning — the expected diff against the class-conditional distribution):
//! - one value missing, say of instance I₁ (class c₁), the other v: nominal 1 − P(v | c₁); numeric
//!   E|V − v| with V drawn from the present values of class c₁;
//! - both missing: nominal 1 − Σ_v P(v | c₁) P(v | c₂); numeric E|V₁ − V₂|.
//!
//! Probabilities are relative frequencies of the present values in the class (RReliefF: in all rows); a
//! class without any present value uses all rows.
//!
//! **Neighbours.** Distance = Σ_F diff(F, ·, ·); the k nearest of each class are found per reference
//! instance with an O(rows) buffer (no rows × rows matrix); the instance itself is never its own
//! neighbour (a bootstrap duplicate of it is, at distance 0). Ties, Weka: rows are scanned in order, the
//! first k fill k slots, and a later row replaces the slot holding the largest distance (the first such
//! slot) only if it is strictly nearer — so among rows tied at the k-th distance the kept ones depend on
//! the scan, not simply on the row index. Ties, R-Š&K: equal distances go to the lower row index.
//!
//! **ReliefF weights** (all instances by default, m = rows):
//! W[F] = Σ_i [ −mean_j diff(F, R_i, H_j) + Σ_{C ≠ cl(R_i)} P(C)/(1 − P(cl(R_i))) · mean_j diff(F, R_i, M_j(C)) ] / m,
//! the means over the k nearest hits / misses of class C (fewer when a class has fewer rows: Weka divides
//! by the number found, and so does featrank).
//!
//! **RReliefF** with d(i, j) = 1/k (Weka's default, no distance weighting):
//! N_dC += diff(τ)·d, N_dF[F] += diff(F)·d, N_dC&dF[F] += diff(τ)·diff(F)·d over the k nearest of each
//! R_i, and W[F] = N_dC&dF/N_dC − (N_dF − N_dC&dF)/(m − N_dC), diff(τ) = |τ_i − τ_j| / range(τ).
//!
//! **Several targets** (multi-label, multi-target; Petković, Kocev & Džeroski 2020, Machine Learning 109;
//! Petković, Džeroski & Kocev, DS 2018): both rankers run RReliefF's weights with diff(τ) replaced by a
//! distance d(τ_i, τ_j) ∈ [0, 1] between the rows' target vectors ([`TargetDistance`]) — by default the
//! mean per-target diff: each numeric target |τ_i − τ_j| / range, each class target 0 if equal else 1, so
//! for labels the Hamming distance of the label sets; neighbours are the k nearest of all rows.
//!
//! The sum over reference instances runs in parallel in fixed chunks added in order, so the weights are
//! bit-identical for any number of threads.

use rand::seq::index::sample;

use super::relief_targets::TargetDistance;
use super::{ordered_sum, Checked, Ranker};
use crate::data::{Dataset, FeatureKind, Target, Task};
use crate::error::{Error, Result};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::seed::rng_for;
use crate::spec::Spec;

/// ReliefF for a class target.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, ReliefF};
/// // x0 decides the class, x1 is noise.
/// let df = df!("x0" => [0.0, 0.1, 0.9, 1.0], "x1" => [0.5, 0.0, 1.0, 0.4], "y" => ["a", "a", "b", "b"]).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let w = ReliefF::new().k(1).scores(&data, 0).unwrap();
/// assert!(w[0] > 0.5 && w[1] < 0.0);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ReliefF {
    k: usize,
    m: Option<usize>,
    convention: ReliefConvention,
    distance: TargetDistance,
}

/// Where the Relief family leaves room, whose choice to follow (module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{ReliefConvention, ReliefF, Ranker};
/// // A missing nominal value: Weka's diff is 1 − 1/|levels| = 1/2 whatever the class; R-Š&K's is
/// // 1 − P(value | class), so the two conventions weigh `x` differently.
/// let df = df!("x" => [Some("a"), Some("a"), Some("b"), None], "y" => ["0", "0", "1", "1"]).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let weka = ReliefF::new().k(1).scores(&data, 0).unwrap();
/// let rsk = ReliefF::new().k(1).convention(ReliefConvention::Rsk).scores(&data, 0).unwrap();
/// assert_ne!(weka, rsk);
/// assert_eq!(ReliefF::new().spec().to_string(), "relieff:k=10,m=all,convention=weka");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReliefConvention {
    /// Weka 3.6's ReliefFAttributeEval: its neighbour scan and its missing-value diff. The default.
    #[default]
    Weka,
    /// Robnik-Šikonja & Kononenko (2003): ties to the lower row index, class-conditional missing diff.
    Rsk,
}

crate::spec::spec_words!(ReliefConvention, "Relief convention", {
    ReliefConvention::Weka => "weka",
    ReliefConvention::Rsk => "rsk",
});

/// RReliefF for a numeric target.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, RReliefF};
/// let x: Vec<f64> = (0..40).map(|i| i as f64).collect();
/// let noise: Vec<f64> = (0..40).map(|i| ((i * 17) % 40) as f64).collect();
/// let y: Vec<f64> = x.iter().map(|v| 2.0 * v).collect();
/// let df = df!("signal" => x, "noise" => noise, "y" => y).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let r = RReliefF::new().k(5).rank(&data, 0).unwrap();
/// assert_eq!(r.order()[0], "signal");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct RReliefF {
    k: usize,
    m: Option<usize>,
    convention: ReliefConvention,
    distance: TargetDistance,
}

macro_rules! relief_common {
    ($t:ident) => {
        impl Default for $t {
            fn default() -> Self {
                $t::new()
            }
        }

        impl $t {
            /// k = 10 neighbours, every instance used once as reference (the thesis' settings).
            pub fn new() -> $t {
                $t { k: 10, m: None, convention: ReliefConvention::Weka, distance: TargetDistance::Hamming }
            }

            /// Number of nearest neighbours (≥ 1).
            pub fn k(mut self, k: usize) -> $t {
                self.k = k;
                self
            }

            /// Whose choices to follow for ties and missing values ([`ReliefConvention`]).
            pub fn convention(mut self, convention: ReliefConvention) -> $t {
                self.convention = convention;
                self
            }

            /// The distance between target vectors on data with several targets ([`TargetDistance`]).
            pub fn distance(mut self, distance: TargetDistance) -> $t {
                self.distance = distance;
                self
            }

            /// Use `m` randomly drawn reference instances instead of all of them.
            pub fn sample(mut self, m: usize) -> $t {
                self.m = Some(m);
                self
            }

            /// From the spec `k=10,m=all,convention=weka` (`m`: the number of reference instances, `all` =
            /// every row; `convention`: `weka` or `rsk`).
            pub fn from_spec(s: &Spec) -> Result<$t> {
                s.check_params(PARAMS)?;
                let d = $t::new(); // the defaults, written once
                Ok($t {
                    k: s.get("k", d.k)?,
                    m: s.get_or_none("m", "all")?,
                    convention: s.get("convention", d.convention)?,
                    distance: s.get("distance", d.distance)?,
                })
            }

            /// The spec; `distance` only when it is not the default (it matters only with several targets).
            fn params(&self, method: &str) -> Spec {
                let s = Spec::new(method)
                    .with("k", self.k)
                    .with_opt("m", self.m, "all")
                    .with("convention", self.convention);
                match self.distance {
                    TargetDistance::Hamming => s,
                    other => s.with("distance", other),
                }
            }

            /// The distance fits the targets: Jaccard needs labels, subset class targets.
            fn check_distance(&self, data: &Dataset) -> Result<()> {
                let task = data.task();
                let fits = match self.distance {
                    TargetDistance::Hamming => true,
                    TargetDistance::Jaccard => task == Task::MultiLabel || !task.is_structured(),
                    TargetDistance::Subset => task != Task::MultiTargetRegression,
                };
                match fits {
                    true => Ok(()),
                    false => Err(Error::param(
                        "distance",
                        format!("{} does not apply to {} targets; use hamming", self.distance, task.words()),
                    )),
                }
            }

            /// The reference instances: all rows, or `m` drawn without replacement.
            fn references(&self, data: &Dataset, seed: u64) -> Result<Vec<usize>> {
                let n = data.n_rows();
                match self.m {
                    None => Ok((0..n).collect()),
                    Some(m) if m > n => Err(Error::param("m", format!("{m} reference instances but only {n} rows"))),
                    Some(m) => {
                        let mut rows = sample(&mut rng_for(seed, &[]), n, m).into_vec();
                        rows.sort_unstable();
                        Ok(rows)
                    }
                }
            }
        }
    };
}
relief_common!(ReliefF);
relief_common!(RReliefF);

/// Reference instances per parallel chunk.
const CHUNK: usize = 32;

/// The keys of ReliefF and RReliefF.
const PARAMS: &[Param] = &[
    Param::new(
        "k",
        Values::whole(1),
        "nearest neighbours per class (ReliefF) or in all (RReliefF); fewer are used where a class has fewer rows",
    ),
    Param::new(
        "m",
        Values::whole_or(1, "all"),
        "reference instances drawn without replacement (at most the rows), or every row",
    ),
    Param::new(
        "convention",
        Values::Words(ReliefConvention::WORDS),
        "neighbour ties and missing-value diffs as Weka 3.6 (weka) or Robnik-Šikonja & Kononenko (rsk)",
    ),
    Param::new(
        "distance",
        Values::Words(TargetDistance::WORDS),
        "with several targets: the distance between two rows' targets — hamming (mean per-target diff), jaccard \
         (labels), subset (0 when all agree)",
    ),
];

impl Method for ReliefF {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Kononenko 1994, ECML; Robnik-Šikonja & Kononenko 2003, Machine Learning 53"
    }

    fn spec(&self) -> Spec {
        self.params("relieff")
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification || task.is_structured()
    }
}

impl Ranker for ReliefF {
    fn check(&self, data: &Dataset) -> Result<()> {
        self.check_distance(data)
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let refs = self.references(data, seed)?;
        if data.task().is_structured() {
            return super::relief_targets::weights(data, &refs, self.k, self.convention, self.distance);
        }
        let Target::Classes { codes, names } = data.target() else { unreachable!("checked: classification") };
        let n_classes = names.len();
        let space = Space::new(data, codes, n_classes, self.convention);
        let mut prior = vec![0.0; n_classes];
        codes.iter().for_each(|&c| prior[c] += 1.0 / codes.len() as f64);
        let n = data.n_features();
        let k = self.k;
        let w = ordered_sum(refs.len(), CHUNK, n, |range| {
            let mut acc = vec![0.0; n];
            let (mut cand, mut near): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
            space.each_distances(&refs[range], |i, dist| {
                let ci = codes[i];
                for c in 0..n_classes {
                    if prior[c] == 0.0 {
                        continue;
                    }
                    cand.clear();
                    cand.extend((0..codes.len()).filter(|&j| j != i && codes[j] == c));
                    nearest(self.convention, &mut cand, dist, k, &mut near);
                    if near.is_empty() {
                        continue;
                    }
                    let factor = if c == ci { -1.0 } else { prior[c] / (1.0 - prior[ci]) } / near.len() as f64;
                    for &j in &near {
                        for (f, a) in acc.iter_mut().enumerate() {
                            *a += factor * space.diff(f, i, j);
                        }
                    }
                }
            });
            acc
        })?;
        Ok(w.into_iter().map(|v| v / refs.len() as f64).collect())
    }
}

impl Method for RReliefF {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Robnik-Šikonja & Kononenko 1997, ICML; 2003, Machine Learning 53"
    }

    fn spec(&self) -> Spec {
        self.params("rrelieff")
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Regression || task.is_structured()
    }
}

impl Ranker for RReliefF {
    fn check(&self, data: &Dataset) -> Result<()> {
        self.check_distance(data)
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let refs = self.references(data, seed)?;
        if data.task().is_structured() {
            return super::relief_targets::weights(data, &refs, self.k, self.convention, self.distance);
        }
        let Target::Values(y) = data.target() else { unreachable!("checked: regression") };
        let (lo, hi) = y.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
        if hi <= lo {
            return Err(Error::target(data.target_name(), "RReliefF needs a target that varies; it is constant"));
        }
        rrelieff(data, &refs, self.k, self.convention, |i, j| (y[i] - y[j]).abs() / (hi - lo))
    }
}

/// RReliefF's weights of `data` from the reference rows `refs` with the target diff `dc(i, j)` ∈ [0, 1]
/// (module docs).
pub(super) fn rrelieff(
    data: &Dataset,
    refs: &[usize],
    k: usize,
    convention: ReliefConvention,
    dc: impl Fn(usize, usize) -> f64 + Sync,
) -> Result<Vec<f64>> {
    let groups = vec![0; data.n_rows()];
    let space = Space::new(data, &groups, 1, convention);
    let n = data.n_features();
    // Layout: [N_dF (n), N_dC&dF (n), N_dC].
    let sums = ordered_sum(refs.len(), CHUNK, 2 * n + 1, |range| {
        let mut acc = vec![0.0; 2 * n + 1];
        let (mut cand, mut near): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
        space.each_distances(&refs[range], |i, dist| {
            cand.clear();
            cand.extend((0..data.n_rows()).filter(|&j| j != i));
            nearest(convention, &mut cand, dist, k, &mut near);
            let d = 1.0 / near.len() as f64;
            for &j in &near {
                let dc = dc(i, j);
                acc[2 * n] += dc * d;
                for f in 0..n {
                    let df = space.diff(f, i, j);
                    acc[f] += df * d;
                    acc[n + f] += dc * df * d;
                }
            }
        });
        acc
    })?;
    let m = refs.len() as f64;
    let n_dc = sums[2 * n];
    if n_dc <= 0.0 || n_dc >= m {
        return Err(Error::target(
            data.target_name(),
            "RReliefF is undefined here: the nearest neighbours' targets are all equal (or all maximally apart)",
        ));
    }
    Ok((0..n).map(|f| sums[n + f] / n_dc - (sums[f] - sums[n + f]) / (m - n_dc)).collect())
}

/// The `k` candidates (in row order) nearest by `dist` into `near`, ties as the convention says
/// (module docs); `cand` may be reordered.
fn nearest(convention: ReliefConvention, cand: &mut [usize], dist: &[f64], k: usize, near: &mut Vec<usize>) {
    near.clear();
    match convention {
        ReliefConvention::Rsk => {
            let k = k.min(cand.len());
            if k > 0 && k < cand.len() {
                cand.select_nth_unstable_by(k - 1, |&a, &b| dist[a].total_cmp(&dist[b]).then(a.cmp(&b)));
            }
            near.extend_from_slice(&cand[..k]);
        }
        ReliefConvention::Weka => {
            // The first slot holding the largest distance (Weka's `m_index`).
            let worst = |near: &[usize]| {
                near.iter()
                    .enumerate()
                    .fold((0, f64::NEG_INFINITY), |b, (s, &j)| if dist[j] > b.1 { (s, dist[j]) } else { b })
                    .0
            };
            let mut w = 0;
            for &j in cand.iter() {
                if near.len() < k {
                    near.push(j);
                    w = worst(near);
                } else if dist[j] < dist[near[w]] {
                    near[w] = j;
                    w = worst(near);
                }
            }
        }
    }
}

/// Attribute values prepared for diff: numeric scaled to [0, 1] by the data's range, nominal as codes,
/// with the class-conditional models for missing values.
struct Space<'a> {
    cols: Vec<Vec<f64>>,
    nominal: Vec<bool>,
    models: Vec<Option<MissingModel>>,
    groups: &'a [usize],
    n_groups: usize,
}

/// What a missing value is expected to differ by, per group (class).
enum MissingModel {
    /// Weka, nominal: the same diff against anything, 1 − 1/|levels|.
    Uniform { diff: f64 },
    /// Weka, numeric: max(v, 1 − v) against a present scaled value v, 1 when both are missing.
    Farthest,
    /// P(level | group) and 1 − Σ_v P(v|g₁)P(v|g₂) for every pair of groups.
    Nominal { p: Vec<Vec<f64>>, both: Vec<f64> },
    /// Sorted present values per group with prefix sums, and E|V₁ − V₂| per pair of groups.
    Numeric { sorted: Vec<Vec<f64>>, prefix: Vec<Vec<f64>>, both: Vec<f64> },
}

impl<'a> Space<'a> {
    /// Prepare `data` with rows grouped by `groups` (class codes, or all 0) into `n_groups` groups,
    /// missing values modelled as `convention` says.
    fn new(data: &Dataset, groups: &'a [usize], n_groups: usize, convention: ReliefConvention) -> Space<'a> {
        let mut cols = Vec::with_capacity(data.n_features());
        let mut nominal = Vec::with_capacity(data.n_features());
        let mut models = Vec::with_capacity(data.n_features());
        for f in 0..data.n_features() {
            let raw = data.feature(f);
            let (col, is_nominal): (Vec<f64>, bool) = match data.kind(f) {
                FeatureKind::Nominal { .. } => (raw.to_vec(), true),
                FeatureKind::Numeric => {
                    let (lo, hi) = raw
                        .iter()
                        .filter(|v| !v.is_nan())
                        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
                    let scaled = raw
                        .iter()
                        .map(|&v| {
                            if v.is_nan() {
                                v
                            } else if hi > lo {
                                (v - lo) / (hi - lo)
                            } else {
                                0.0
                            }
                        })
                        .collect();
                    (scaled, false)
                }
            };
            let model = col.iter().any(|v| v.is_nan()).then(|| match (convention, data.kind(f)) {
                (ReliefConvention::Weka, FeatureKind::Nominal { levels }) => {
                    MissingModel::Uniform { diff: 1.0 - 1.0 / levels.len() as f64 }
                }
                (ReliefConvention::Weka, FeatureKind::Numeric) => MissingModel::Farthest,
                (ReliefConvention::Rsk, FeatureKind::Nominal { levels }) => {
                    nominal_model(&col, groups, n_groups, levels.len())
                }
                (ReliefConvention::Rsk, FeatureKind::Numeric) => numeric_model(&col, groups, n_groups),
            });
            cols.push(col);
            nominal.push(is_nominal);
            models.push(model);
        }
        Space { cols, nominal, models, groups, n_groups }
    }

    /// diff(F, I_a, I_b) as in the module docs.
    fn diff(&self, f: usize, a: usize, b: usize) -> f64 {
        let col = &self.cols[f];
        let (va, vb) = (col[a], col[b]);
        if !va.is_nan() && !vb.is_nan() {
            return if self.nominal[f] { (va != vb) as u8 as f64 } else { (va - vb).abs() };
        }
        let (ga, gb) = (self.groups[a], self.groups[b]);
        let g = self.n_groups;
        match self.models[f].as_ref().expect("a model exists for every feature with missing values") {
            MissingModel::Uniform { diff } => *diff,
            MissingModel::Farthest => match (va.is_nan(), vb.is_nan()) {
                (true, true) => 1.0,
                (true, false) => vb.max(1.0 - vb),
                _ => va.max(1.0 - va),
            },
            MissingModel::Nominal { p, both } => match (va.is_nan(), vb.is_nan()) {
                (true, true) => both[ga * g + gb],
                (true, false) => 1.0 - p[ga][vb as usize],
                _ => 1.0 - p[gb][va as usize],
            },
            MissingModel::Numeric { sorted, prefix, both } => match (va.is_nan(), vb.is_nan()) {
                (true, true) => both[ga * g + gb],
                (true, false) => expected_abs(&sorted[ga], &prefix[ga], vb),
                _ => expected_abs(&sorted[gb], &prefix[gb], va),
            },
        }
    }

    /// `visit(i, distances)` for each reference `i` of `refs` in order, its distances to every row j being
    /// Σ_F diff(F, I_i, I_j). They are computed for a tile of references at a time ([`tile`]), so that each
    /// column is read once per tile, with AVX-512 or AVX2 where the CPU has it; every distance is still
    /// the same sum, over F in order.
    fn each_distances(&self, refs: &[usize], mut visit: impl FnMut(usize, &[f64])) {
        let rows = self.groups.len();
        let mut out = vec![0.0; tile(rows).min(refs.len()) * rows];
        for tile in refs.chunks(tile(rows)) {
            let out = &mut out[..tile.len() * rows];
            crate::simd::wide!(relief_tile, || self.distances_from(tile, out),);
            for (t, &i) in tile.iter().enumerate() {
                visit(i, &out[t * rows..(t + 1) * rows]);
            }
        }
    }

    /// out[t·N + j] = Σ_F diff(F, I_i, I_j) for every row j and the reference i = `tile[t]`.
    #[inline(always)]
    fn distances_from(&self, tile: &[usize], out: &mut [f64]) {
        let rows = self.groups.len();
        out.iter_mut().for_each(|d| *d = 0.0);
        for (f, col) in self.cols.iter().enumerate() {
            for (&i, out) in tile.iter().zip(out.chunks_mut(rows)) {
                let a = col[i];
                if self.models[f].is_some() {
                    for (j, d) in out.iter_mut().enumerate() {
                        *d += self.diff(f, i, j);
                    }
                } else if self.nominal[f] {
                    out.iter_mut().zip(col).for_each(|(d, &b)| *d += (a != b) as u8 as f64);
                } else {
                    out.iter_mut().zip(col).for_each(|(d, &b)| *d += (a - b).abs());
                }
            }
        }
    }
}

/// References per tile of distances for data of `rows` rows: as many rows of distances as fill half the L2
/// cache of a common core (1 MiB), at least 1, at most [`CHUNK`].
pub(super) fn tile(rows: usize) -> usize {
    ((1 << 20) / (8 * rows.max(1))).clamp(1, CHUNK)
}

/// Group-wise value frequencies of a nominal column; a group with no present value uses all rows.
fn nominal_model(col: &[f64], groups: &[usize], n_groups: usize, levels: usize) -> MissingModel {
    let mut counts = vec![vec![0.0; levels]; n_groups + 1];
    for (&v, &g) in col.iter().zip(groups) {
        if !v.is_nan() {
            counts[g][v as usize] += 1.0;
            counts[n_groups][v as usize] += 1.0;
        }
    }
    let total_all: f64 = counts[n_groups].iter().sum();
    let p: Vec<Vec<f64>> = (0..n_groups)
        .map(|g| {
            let (src, total) = match counts[g].iter().sum::<f64>() {
                t if t > 0.0 => (&counts[g], t),
                _ => (&counts[n_groups], total_all),
            };
            src.iter().map(|c| if total > 0.0 { c / total } else { 0.0 }).collect()
        })
        .collect();
    let both = (0..n_groups * n_groups)
        .map(|gg| 1.0 - p[gg / n_groups].iter().zip(&p[gg % n_groups]).map(|(a, b)| a * b).sum::<f64>())
        .collect();
    MissingModel::Nominal { p, both }
}

/// Group-wise sorted values of a numeric column (scaled) with prefix sums; a group with no present
/// value uses all rows.
fn numeric_model(col: &[f64], groups: &[usize], n_groups: usize) -> MissingModel {
    let mut all: Vec<f64> = col.iter().copied().filter(|v| !v.is_nan()).collect();
    all.sort_by(f64::total_cmp);
    let sorted: Vec<Vec<f64>> = (0..n_groups)
        .map(|g| {
            let mut v: Vec<f64> =
                col.iter().zip(groups).filter(|&(ref v, &gr)| gr == g && !v.is_nan()).map(|(v, _)| *v).collect();
            if v.is_empty() {
                v = all.clone();
            }
            v.sort_by(f64::total_cmp);
            v
        })
        .collect();
    let prefix: Vec<Vec<f64>> = sorted
        .iter()
        .map(|s| {
            std::iter::once(0.0)
                .chain(s.iter().scan(0.0, |acc, v| {
                    *acc += v;
                    Some(*acc)
                }))
                .collect()
        })
        .collect();
    let both = (0..n_groups * n_groups)
        .map(|gg| {
            let (a, b) = (gg / n_groups, gg % n_groups);
            if sorted[a].is_empty() {
                return 1.0;
            }
            sorted[a].iter().map(|&v| expected_abs(&sorted[b], &prefix[b], v)).sum::<f64>() / sorted[a].len() as f64
        })
        .collect();
    MissingModel::Numeric { sorted, prefix, both }
}

/// E|V − v| for V uniform over `sorted` (with prefix sums); 1 when there is no value at all.
fn expected_abs(sorted: &[f64], prefix: &[f64], v: f64) -> f64 {
    let n = sorted.len();
    if n == 0 {
        return 1.0;
    }
    let below = sorted.partition_point(|&s| s < v);
    let sum_below = prefix[below];
    let sum_above = prefix[n] - sum_below;
    (v * below as f64 - sum_below + sum_above - v * (n - below) as f64) / n as f64
}

crate::method::from_spec!(ReliefF, RReliefF);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_abs_matches_direct_sum() {
        let s = [0.0, 0.2, 0.5, 0.5, 1.0];
        let prefix: Vec<f64> = std::iter::once(0.0)
            .chain(s.iter().scan(0.0, |a, v| {
                *a += v;
                Some(*a)
            }))
            .collect();
        for v in [0.0, 0.3, 0.5, 0.9, 1.0] {
            let direct = s.iter().map(|x| (x - v).abs()).sum::<f64>() / 5.0;
            assert!((expected_abs(&s, &prefix, v) - direct).abs() < 1e-15);
        }
    }
}
