//! The SURF family: Relief with neighbourhoods by distance thresholds instead of k nearest rows —
//! SURF (Greene et al. 2009), SURF* (Greene et al. 2010), MultiSURF* (Granizo-Mackenzie & Moore 2013) and
//! MultiSURF (Urbanowicz et al. 2018), as their authors' implementation scikit-rebate 0.8 computes them.
//!
//! **Feature types.** A feature is *discrete* when it is nominal or takes at most `discrete` distinct
//! present values (scikit-rebate's `categorical_threshold`, default 10), otherwise *continuous*. The data
//! are *mixed* when both kinds occur.
//!
//! **Distance** d(i, j) (only to find neighbours). Complete data: the number of differing discrete
//! features scaled as scikit-rebate's Hamming distance (× 1/n_discrete, then × n_features when the data
//! are mixed) plus Σ |a − b| / range over continuous features. With any missing value in the data: the
//! same counts and range-scaled differences over the features present in both rows, divided by their number
//! (a pair with no feature in common has no distance and is never a neighbour).
//!
//! **Neighbourhoods** of reference row i, over all other rows j:
//! - SURF: near = {d < T}, T the mean of the whole distance matrix with its zero diagonal (Σ_{i≠j} d / N²);
//! - SURF*: near as SURF, far = {d > T};
//! - MultiSURF: near = {d < μᵢ − σᵢ/2}, μᵢ and σᵢ (population) over row i's distances;
//! - MultiSURF*: near as MultiSURF, far = {d > μᵢ + σᵢ/2}.
//!
//! **diff.** Discrete: [a ≠ b]. Continuous: |a − b| / range, except that on mixed data a difference
//! above the feature's (population) standard deviation counts 1 (scikit-rebate's ramp). A missing value
//! of the reference row contributes 0 for that feature; a neighbour missing the value is left out of the
//! counts for that feature.
//!
//! **Score** of feature F, summed over reference rows i and divided by N:
//! S(set, g) = −Σ_{hits} g / h + (C − 1) Σ_c (Σ_{misses of class c} g) · m_c / m², with h hits, m_c misses
//! of class c, m = Σ m_c, C the number of classes (for two classes the miss term is Σ g / m; a term
//! without rows is 0). Regression: a hit is a row with |yᵢ − yⱼ| < sd(y) (sample standard deviation),
//! a miss any other, and the miss term is Σ g / m.
//! SURF and MultiSURF add S(near, diff); SURF* adds S(near, diff) − S(far, diff); MultiSURF* adds
//! S(near, diff) + S(far, 1 − diff).
//!
//! **Which to use.** The far terms reward features whose far misses agree and far hits differ — the
//! signature of a pure interaction — and count against main effects, whose far misses differ most: on
//! planted Gaussian main effects SURF* and MultiSURF* rank the relevant features among the last, while
//! on XOR pairs MultiSURF* finds the most partners (tests). MultiSURF, the authors' recommended default
//! (Urbanowicz et al. 2018), finds both.
//!
//! **Against scikit-rebate** (tests compare scores to 1e-9): featrank takes the nominal columns as
//! discrete whatever their number of levels (scikit-rebate decides by the threshold only); the task comes
//! from the dataset (scikit-rebate guesses regression from more than 10 distinct targets); and with
//! missing values scikit-rebate 0.8.4 averages SURF's T over one triangle of the matrix (half the value),
//! where featrank keeps the complete-data definition.
//!
//! Memory: a row-major copy of the data, and O(N + classes × features) per thread: each reference row's
//! distances are computed when needed (SURF and SURF* make one extra pass for T), never an N × N matrix;
//! a neighbourhood is tallied per class and feature in one pass over each neighbour's contiguous values. Sums run in fixed chunks added in order,
//! so scores are bit-identical for any number of threads.

use super::{ordered_sum, Checked, Ranker};
use crate::data::{Dataset, FeatureKind, Target, Task};
use crate::error::{Error, Result};
use crate::math::{mean, population_std, std};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::Spec;

/// Which neighbourhoods a SURF-family ranker uses (module docs).
///
/// ```
/// use featrank::rankers::SurfVariant;
/// assert_eq!("multisurf-star".parse::<SurfVariant>().unwrap(), SurfVariant::MultiSurfStar);
/// assert_eq!(SurfVariant::SurfStar.to_string(), "surf-star");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurfVariant {
    /// Near rows: closer than the mean distance of all pairs.
    Surf,
    /// SURF, minus the same score over the far rows (farther than the mean).
    SurfStar,
    /// Near rows: closer than the row's own mean distance minus half its standard deviation.
    MultiSurf,
    /// MultiSURF, plus the opposite score over the row's extreme far rows.
    MultiSurfStar,
}

crate::spec::spec_words!(SurfVariant, "SURF variant", {
    SurfVariant::Surf => "surf",
    SurfVariant::SurfStar => "surf-star",
    SurfVariant::MultiSurf => "multisurf",
    SurfVariant::MultiSurfStar => "multisurf-star",
});

/// A SURF-family Relief ranker (module docs) for class or numeric targets.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, Surf, SurfVariant};
/// // y = x0 XOR x1; x2 is noise. Relief-family scores see the interacting pair.
/// let x0 = [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1];
/// let x1 = [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1];
/// let x2 = [0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1];
/// let y: Vec<String> = x0.iter().zip(&x1).map(|(a, b)| ((a ^ b) as u8).to_string()).collect();
/// let to_f = |v: &[i32]| v.iter().map(|&a| a as f64).collect::<Vec<_>>();
/// let df = df!("x0" => to_f(&x0), "x1" => to_f(&x1), "x2" => to_f(&x2), "y" => y).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let r = Surf::new(SurfVariant::MultiSurf).rank(&data, 0).unwrap();
/// assert_eq!(r.order()[2], "x2");
/// assert_eq!(Surf::new(SurfVariant::MultiSurf).spec().to_string(), "multisurf:discrete=10");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Surf {
    variant: SurfVariant,
    discrete: usize,
}

impl Surf {
    /// The `variant`'s neighbourhoods; numeric features with at most 10 distinct values count as discrete.
    pub fn new(variant: SurfVariant) -> Surf {
        Surf { variant, discrete: 10 }
    }

    /// Numeric features with at most this many distinct present values are treated as discrete
    /// (0: only nominal features are).
    pub fn discrete(mut self, threshold: usize) -> Surf {
        self.discrete = threshold;
        self
    }

    /// From the spec: the method name is the variant (`surf`, `surf-star`, `multisurf`,
    /// `multisurf-star`); `discrete=10`.
    pub fn from_spec(s: &Spec) -> Result<Surf> {
        s.check_params(PARAMS)?;
        let variant = s.method().parse()?;
        Ok(Surf { variant, discrete: s.get("discrete", Surf::new(variant).discrete)? })
    }
}

/// Reference rows per parallel chunk.
const CHUNK: usize = 16;

/// The keys of the SURF family.
const PARAMS: &[Param] = &[Param::new(
    "discrete",
    Values::whole(0),
    "numeric features with at most this many distinct values count as discrete (0: only nominal ones)",
)];

impl Method for Surf {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        match self.variant {
            SurfVariant::Surf => "Greene, Penrod, Kiralis & Moore 2009, BioData Mining 2",
            SurfVariant::SurfStar => "Greene, Himmelstein, Kiralis & Moore 2010, EvoBIO",
            SurfVariant::MultiSurfStar => "Granizo-Mackenzie & Moore 2013, EvoBIO",
            SurfVariant::MultiSurf => "Urbanowicz, Olson, Schmitt, Meeker & Moore 2018, J Biomed Inform 85",
        }
    }

    fn spec(&self) -> Spec {
        Spec::new(&self.variant.to_string()).with("discrete", self.discrete)
    }

    fn supports(&self, task: Task) -> bool {
        matches!(task, Task::Classification | Task::Regression)
    }
}

impl Ranker for Surf {
    fn check(&self, data: &Dataset) -> Result<()> {
        if let Target::Values(y) = data.target() {
            if std(y) == 0.0 {
                return Err(Error::target(
                    data.target_name(),
                    "the SURF family needs a target that varies; it is constant",
                ));
            }
        }
        Ok(())
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let space = SurfSpace::new(data.dataset(), self.discrete)?;
        let n = space.n_rows;
        let p = space.cols.len();
        let global = match self.variant {
            SurfVariant::Surf | SurfVariant::SurfStar => Some(space.mean_distance()?),
            SurfVariant::MultiSurf | SurfVariant::MultiSurfStar => None,
        };
        let total = ordered_sum(n, CHUNK, p, |range| {
            let mut acc = vec![0.0; p];
            let (mut near, mut far, mut others) = (Vec::new(), Vec::new(), Vec::new());
            let (mut near_tally, mut far_tally) = (space.tally_buffer(), space.tally_buffer());
            let refs: Vec<usize> = range.collect();
            space.each_distances(&refs, |i, dist| {
                let (lo, hi) = match global {
                    Some(t) => (t, t),
                    None => {
                        others.clear();
                        others.extend((0..n).filter(|&j| j != i && !dist[j].is_nan()).map(|j| dist[j]));
                        if others.is_empty() {
                            return;
                        }
                        let (mu, sd) = (mean(&others), population_std(&others));
                        (mu - sd / 2.0, mu + sd / 2.0)
                    }
                };
                near.clear();
                near.extend((0..n).filter(|&j| j != i && dist[j] < lo));
                space.tally(i, &near, &mut near_tally);
                space.add_scores(i, &near_tally, Term::Near, &mut acc);
                match self.variant {
                    SurfVariant::Surf | SurfVariant::MultiSurf => {}
                    SurfVariant::SurfStar | SurfVariant::MultiSurfStar => {
                        far.clear();
                        far.extend((0..n).filter(|&j| j != i && dist[j] > hi));
                        space.tally(i, &far, &mut far_tally);
                        let term =
                            if self.variant == SurfVariant::SurfStar { Term::FarSubtracted } else { Term::FarOpposite };
                        space.add_scores(i, &far_tally, term, &mut acc);
                    }
                }
            });
            acc
        })?;
        Ok(total.into_iter().map(|s| s / n as f64).collect())
    }
}

/// The data prepared for the SURF family: continuous columns scaled by their range, discrete ones as they
/// are, and who is a hit of whom.
struct SurfSpace {
    n_rows: usize,
    /// Continuous: (v − min)/range; discrete: the raw value; NaN = missing.
    cols: Vec<Vec<f64>>,
    /// The same values row by row (row-major N × features), for the per-neighbour tallies.
    rows: Vec<f64>,
    discrete: Vec<bool>,
    /// Scaled differences above this count 1 (the ramp on mixed data); +∞ otherwise.
    ramp: Vec<f64>,
    /// Weight of one differing discrete feature in complete-data distances.
    discrete_unit: f64,
    any_missing: bool,
    outcome: Outcome,
}

/// Who is a hit of whom.
enum Outcome {
    /// Class codes renumbered over the classes present, and their number.
    Classes { codes: Vec<usize>, n_classes: usize },
    /// Numeric target: hits lie within `bound` (the sample standard deviation).
    Values { y: Vec<f64>, bound: f64 },
}

impl SurfSpace {
    fn new(data: &Dataset, threshold: usize) -> Result<SurfSpace> {
        let p = data.n_features();
        let (mut cols, mut discrete, mut sds) = (Vec::with_capacity(p), Vec::with_capacity(p), Vec::with_capacity(p));
        for f in 0..p {
            let raw = data.feature(f);
            let mut present: Vec<f64> = raw.iter().copied().filter(|v| !v.is_nan()).collect();
            present.sort_by(f64::total_cmp);
            present.dedup();
            // A constant (or empty) column has no range to scale by: discrete whatever the threshold.
            let is_discrete = matches!(data.kind(f), FeatureKind::Nominal { .. }) || present.len() <= threshold.max(1);
            if is_discrete {
                cols.push(raw.to_vec());
                sds.push(f64::INFINITY);
            } else {
                let (lo, hi) = (present[0], present[present.len() - 1]);
                let values: Vec<f64> = raw.iter().copied().filter(|v| !v.is_nan()).collect();
                let sd = population_std(&values);
                cols.push(raw.iter().map(|&v| (v - lo) / (hi - lo)).collect());
                sds.push(sd / (hi - lo));
            }
            discrete.push(is_discrete);
        }
        let n_discrete = discrete.iter().filter(|&&d| d).count();
        let mixed = n_discrete > 0 && n_discrete < p;
        let ramp = sds.into_iter().map(|s| if mixed { s } else { f64::INFINITY }).collect();
        let discrete_unit = if n_discrete == 0 {
            0.0
        } else if mixed {
            p as f64 / n_discrete as f64
        } else {
            1.0 / p as f64
        };
        let any_missing = cols.iter().any(|c| c.iter().any(|v| v.is_nan()));
        let outcome = match data.target() {
            Target::Classes { codes, names } => {
                let mut index = vec![usize::MAX; names.len()];
                let mut n_classes = 0;
                for &c in codes {
                    if index[c] == usize::MAX {
                        index[c] = n_classes;
                        n_classes += 1;
                    }
                }
                if n_classes < 2 {
                    return Err(Error::target(
                        data.target_name(),
                        "the SURF family needs rows of at least two classes",
                    ));
                }
                Outcome::Classes { codes: codes.iter().map(|&c| index[c]).collect(), n_classes }
            }
            Target::Values(y) => Outcome::Values { y: y.clone(), bound: std(y) },
            Target::Set(_) | Target::Survival(_) => {
                unreachable!("checked: the SURF family takes one class or numeric target")
            }
        };
        let rows = (0..data.n_rows()).flat_map(|i| cols.iter().map(move |c| c[i])).collect();
        Ok(SurfSpace { n_rows: data.n_rows(), cols, rows, discrete, ramp, discrete_unit, any_missing, outcome })
    }

    /// `visit(i, distances)` for each row `i` of `refs` in order, its distances d(i, j) to every row j (module
    /// docs; NaN where rows i and j share no present feature). They are computed for a tile of rows at a time
    /// ([`super::relief::tile`]), so that each column is read once per tile, with AVX-512 or AVX2 where
    /// the CPU has it; every distance is still the same sum, over the features in order.
    fn each_distances(&self, refs: &[usize], mut visit: impl FnMut(usize, &[f64])) {
        let (rows, size) = (self.n_rows, super::relief::tile(self.n_rows));
        let mut out = vec![0.0; size.min(refs.len()) * rows];
        let mut shared = vec![0u32; if self.any_missing { size.min(refs.len()) * rows } else { 0 }];
        for tile in refs.chunks(size) {
            let out = &mut out[..tile.len() * rows];
            let shared = &mut shared[..if self.any_missing { tile.len() * rows } else { 0 }];
            crate::simd::wide!(surf_tile, || self.distances_from(tile, out, shared),);
            for (t, &i) in tile.iter().enumerate() {
                visit(i, &out[t * rows..(t + 1) * rows]);
            }
        }
    }

    /// out[t·N + j] = d(i, j) for every row j and the row i = `tile[t]`; `shared`: room for the counts of
    /// features present in both rows (only used with missing values).
    #[inline(always)]
    fn distances_from(&self, tile: &[usize], out: &mut [f64], shared: &mut [u32]) {
        let rows = self.n_rows;
        out.iter_mut().for_each(|d| *d = 0.0);
        if !self.any_missing {
            for (col, &disc) in self.cols.iter().zip(&self.discrete) {
                for (&i, out) in tile.iter().zip(out.chunks_mut(rows)) {
                    let a = col[i];
                    if disc {
                        let unit = self.discrete_unit;
                        out.iter_mut().zip(col).for_each(|(d, &b)| *d += if a != b { unit } else { 0.0 });
                    } else {
                        out.iter_mut().zip(col).for_each(|(d, &b)| *d += (a - b).abs());
                    }
                }
            }
            return;
        }
        shared.iter_mut().for_each(|s| *s = 0);
        for (col, &disc) in self.cols.iter().zip(&self.discrete) {
            for ((&i, out), shared) in tile.iter().zip(out.chunks_mut(rows)).zip(shared.chunks_mut(rows)) {
                let a = col[i];
                if a.is_nan() {
                    continue;
                }
                for ((d, s), &b) in out.iter_mut().zip(shared.iter_mut()).zip(col) {
                    if !b.is_nan() {
                        *s += 1;
                        *d += if disc { (a != b) as u8 as f64 } else { (a - b).abs() };
                    }
                }
            }
        }
        out.iter_mut().zip(shared.iter()).for_each(|(d, &s)| *d /= s as f64);
    }

    /// T of SURF: the mean over the N × N distance matrix, zero diagonal included, pairs without a
    /// distance left out.
    fn mean_distance(&self) -> Result<f64> {
        let n = self.n_rows;
        let sums = ordered_sum(n, CHUNK, 2, |range| {
            let mut acc = [0.0, 0.0];
            let refs: Vec<usize> = range.collect();
            self.each_distances(&refs, |i, dist| {
                acc[1] += 1.0; // the diagonal
                for (j, &d) in dist.iter().enumerate() {
                    if j != i && !d.is_nan() {
                        acc[0] += d;
                        acc[1] += 1.0;
                    }
                }
            });
            acc.to_vec()
        })?;
        Ok(sums[0] / sums[1])
    }

    /// Empty per-group sums for [`SurfSpace::tally`].
    fn tally_buffer(&self) -> Tally {
        let len = self.n_groups() * self.cols.len();
        Tally { sum: vec![0.0; len], count: vec![0.0; len], sizes: vec![0.0; self.n_groups()], complete: true }
    }

    /// Hit/miss groups: the classes, or hit (0) and miss (1) for a numeric target.
    fn n_groups(&self) -> usize {
        match &self.outcome {
            Outcome::Classes { n_classes, .. } => *n_classes,
            Outcome::Values { .. } => 2,
        }
    }

    /// The group of row `j` seen from reference row `i`.
    fn group(&self, i: usize, j: usize) -> usize {
        match &self.outcome {
            Outcome::Classes { codes, .. } => codes[j],
            Outcome::Values { y, bound } => usize::from((y[i] - y[j]).abs() >= *bound),
        }
    }

    /// For every group and feature, the sum of diff(F, i, j) over the `rows` j of the group that have
    /// the value, and their number. One pass over each row's contiguous values (vectorised over features);
    /// on complete data the number is the group's size, the same for every feature.
    fn tally(&self, i: usize, rows: &[usize], t: &mut Tally) {
        let p = self.cols.len();
        t.sum.iter_mut().for_each(|v| *v = 0.0);
        t.count.iter_mut().for_each(|v| *v = 0.0);
        t.sizes.iter_mut().for_each(|v| *v = 0.0);
        t.complete = !self.any_missing;
        let a = &self.rows[i * p..(i + 1) * p];
        for &j in rows {
            let g = self.group(i, j);
            t.sizes[g] += 1.0;
            let b = &self.rows[j * p..(j + 1) * p];
            let sum = &mut t.sum[g * p..(g + 1) * p];
            let values = sum.iter_mut().zip(a.iter().zip(b)).zip(self.discrete.iter().zip(&self.ramp));
            if t.complete {
                for ((s, (&x, &y)), (&disc, &ramp)) in values {
                    *s += diff(x, y, disc, ramp);
                }
            } else {
                for (((s, (&x, &y)), (&disc, &ramp)), c) in values.zip(&mut t.count[g * p..(g + 1) * p]) {
                    let present = !y.is_nan();
                    *s += if present { diff(x, y, disc, ramp) } else { 0.0 };
                    *c += if present { 1.0 } else { 0.0 };
                }
            }
        }
    }

    /// Add S(rows, g) of the module docs, from the tally of those rows, to every feature's `acc`.
    fn add_scores(&self, i: usize, t: &Tally, term: Term, acc: &mut [f64]) {
        let (p, groups) = (self.cols.len(), self.n_groups());
        let own = match &self.outcome {
            Outcome::Classes { codes, .. } => codes[i],
            Outcome::Values { .. } => 0,
        };
        for (f, a) in acc.iter_mut().enumerate() {
            if self.rows[i * p + f].is_nan() {
                continue;
            }
            // g = diff, or 1 − diff for the far rows of MultiSURF*
            let count = |c: usize| if t.complete { t.sizes[c] } else { t.count[c * p + f] };
            let sum_g = |c: usize| {
                let sum = t.sum[c * p + f];
                if term == Term::FarOpposite {
                    count(c) - sum
                } else {
                    sum
                }
            };
            let hits = count(own);
            let mut s = if hits > 0.0 { -sum_g(own) / hits } else { 0.0 };
            let misses: f64 = (0..groups).filter(|&c| c != own).map(count).sum();
            if misses > 0.0 {
                let weighted: f64 = (0..groups).filter(|&c| c != own).map(|c| sum_g(c) * count(c)).sum();
                s += (groups - 1) as f64 * weighted / (misses * misses);
            }
            *a += if term == Term::FarSubtracted { -s } else { s };
        }
    }
}

/// Per hit/miss group and feature (group-major): Σ diff over a neighbourhood and the number of rows
/// with the value (`count`, kept only with missing values; on complete data it is the group's size).
struct Tally {
    sum: Vec<f64>,
    count: Vec<f64>,
    sizes: Vec<f64>,
    complete: bool,
}

/// diff(F, i, j) of the module docs for values x (reference row) and y: discrete [x ≠ y]; continuous
/// |x − y|, or 1 above the ramp.
fn diff(x: f64, y: f64, discrete: bool, ramp: f64) -> f64 {
    let raw = (x - y).abs();
    if discrete {
        if x != y {
            1.0
        } else {
            0.0
        }
    } else if raw > ramp {
        1.0
    } else {
        raw
    }
}

/// How a neighbourhood's score enters the total.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Term {
    /// + S(near, diff)
    Near,
    /// − S(far, diff) (SURF*)
    FarSubtracted,
    /// + S(far, 1 − diff) (MultiSURF*)
    FarOpposite,
}
