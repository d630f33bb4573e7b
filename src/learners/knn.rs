//! k-nearest neighbours as Weka's IBk computes it (\[P20\] uses k = 10).
//!
//! Distance: d(a,b)² = Σ_j diff_j(a,b)², with numeric attributes min-max scaled by the **training fold's**
//! ranges and nominal attributes compared 0/1. Missing values follow Weka's EuclideanDistance: both
//! missing → diff 1; one missing → for a nominal 1, for a numeric max(v, 1 − v) of the present scaled value.
//! Rows at the k-th nearest distance ([`KnnTies`]): all of them take part, as in Weka's IBk (the
//! default; the neighbours may then be more than k), or only those first in training-row order, so that
//! exactly k do. Classification: unweighted majority vote, ties to the lowest class index; class scores
//! are the vote fractions. Regression: the mean of the neighbours' targets. Several targets (multi-label,
//! multi-target): every target is voted (or averaged) by the **same** neighbours — binary relevance's kNN
//! (BR-kNN, Spyromitros et al. 2008) at the cost of one neighbour search. Survival: the risk is the
//! neighbours' expected number of events under their Nelson–Aalen hazard (`knn/survival.rs`). (Weka's IBk also widens its
//! scaling ranges with every test row it classifies; featrank scales by the training fold alone.)
//!
//! With `distance=cosine` ([`KnnDistance::Cosine`]) the distance is instead 1 − a·b / (‖a‖‖b‖) on the raw values
//! (1 when either row is all zeros; no scaling), the distance of text and single-cell profiles: the chain keeps
//! the dot products and the squared norms, adds each feature's non-zero entries to them (so sparse features
//! are used as they are held, and a feature costs its non-zero training × test entries), and recomputes the
//! distances at each size; adding features can bring rows nearer, so each size searches every training row.
//!
//! Curve fast path: the squared distances between test and training rows are a sum over features, so the
//! nested chain top-1, top-2, … updates one distance matrix feature by feature (O(test·train) per feature)
//! instead of recomputing it at every size. A single fit is the same chain with one size, so the sums —
//! and so the predictions — are bit-identical. Distances only grow as features are added, so the
//! previous size's neighbours, at their new distances, bound the new k-th nearest distance: each test
//! row only examines the training rows within that bound (whole blocks of 8 are skipped by one vector
//! compare), the bound tightens to the k-th nearest of the rows held once they are many, and the same pass
//! yields the voters of either tie rule (ties resolved by position exactly as a full sort would). The
//! whole chain runs inside one function compiled for the wide vector units (`simd::wide!`; no
//! closures in it, which would be compiled apart).

mod cosine;
#[cfg(feature = "gpu")]
mod gpu;
mod survival;

use super::prepare::Range;
use super::{argmax, CheckedFold, Learner};
use crate::data::{Dataset, FeatureKind, Target, Task};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::F64;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::{Fold, Prediction};
use crate::spec::Spec;

/// k-nearest-neighbour classifier/regressor; see the module docs for the exact distance.
///
/// ```
/// use featrank::prelude::*;
/// let knn = Knn::new();
/// assert_eq!(knn.spec().to_string(), "knn:k=10,ties=all,distance=euclidean");
/// assert_eq!(Knn::new().k(3).ties(KnnTies::First).spec().to_string(), "knn:k=3,ties=first,distance=euclidean");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knn {
    k: usize,
    ties: KnnTies,
    distance: KnnDistance,
    device: Device,
}

/// How kNN measures the distance between two rows.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::{KnnDistance, Learner};
/// let cosine = Knn::new().k(3).distance(KnnDistance::Cosine);
/// assert_eq!(cosine.spec().to_string(), "knn:k=3,ties=all,distance=cosine");
/// assert!(cosine.accepts_sparse() && !Knn::new().accepts_sparse());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KnnDistance {
    /// Weka's IBk: Euclidean on features min-max scaled by the training fold (the module docs). The default.
    #[default]
    Euclidean,
    /// 1 − cos(a, b) = 1 − a·b / (‖a‖‖b‖) on the raw values (1 when either row is all zeros), as
    /// scikit-learn's `metric="cosine"`: text (counts, tf-idf) and expression profiles. Sparse features are
    /// used as they are held.
    Cosine,
}

crate::spec::spec_words!(KnnDistance, "kNN distance", {
    KnnDistance::Euclidean => "euclidean",
    KnnDistance::Cosine => "cosine",
});

/// Which rows at the k-th nearest distance are neighbours.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::resampling::{Fold, Prediction};
/// // One feature; the test row (x = 0) has a row of class b at distance 0, then a b and two a's tied
/// // at distance 1. With k = 2, Weka's rule lets all four vote (a: 2, b: 2); taking rows in order
/// // keeps the b at 0 and the first tied row, another b.
/// let df = df!("x" => [0.0, 1.0, 1.0, 1.0, 0.0], "y" => ["b", "b", "a", "a", "a"]).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let fold = Fold { data: &data, train: &[0, 1, 2, 3], test: &[4], seed: 0 };
/// let scores = |ties| match Knn::new().k(2).ties(ties).fit_predict(&fold, &[0]).unwrap() {
///     Prediction::Classes { scores, .. } => scores,
///     _ => unreachable!(),
/// };
/// assert_eq!(scores(KnnTies::All), vec![0.5, 0.5]); // classes a, b
/// assert_eq!(scores(KnnTies::First), vec![0.0, 1.0]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KnnTies {
    /// Every row as near as the k-th nearest (Weka's IBk, LinearNNSearch). The default.
    #[default]
    All,
    /// The first of them in training-row order, exactly k neighbours.
    First,
}

crate::spec::spec_words!(KnnTies, "kNN tie rule", {
    KnnTies::All => "all" | "weka",
    KnnTies::First => "first",
});

impl Default for Knn {
    fn default() -> Self {
        Knn::new()
    }
}

impl Knn {
    /// kNN with the papers' k = 10 neighbours (\[P20\]); change it with [`Knn::k`].
    pub fn new() -> Knn {
        Knn { k: 10, ties: KnnTies::All, distance: KnnDistance::Euclidean, device: Device::Cpu }
    }

    /// The number of neighbours k (≥ 1).
    pub fn k(mut self, k: usize) -> Knn {
        self.k = k;
        self
    }

    /// Which rows tied with the k-th nearest take part ([`KnnTies`]).
    pub fn ties(mut self, ties: KnnTies) -> Knn {
        self.ties = ties;
        self
    }

    /// The distance between rows ([`KnnDistance`]).
    pub fn distance(mut self, distance: KnnDistance) -> Knn {
        self.distance = distance;
        self
    }

    /// Where the distance chains run ([`Device`]; the GPU needs the cargo feature `gpu`). The predictions
    /// are the same on either. Curve runs choose it with [`CurveSpec::device`](crate::eval::CurveSpec::device).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let knn = Knn::new().device(Device::Gpu);
    /// assert_eq!(knn.spec().to_string(), "knn:k=10,ties=all,distance=euclidean"); // the device is not part of the model
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// # if !cfg!(feature = "gpu") {
    /// let err = knn.check(&iris, 100).unwrap_err(); // a build without the feature `gpu`
    /// assert!(err.to_string().contains("`gpu`"));
    /// # }
    /// ```
    pub fn device(mut self, device: Device) -> Knn {
        self.device = device;
        self
    }

    /// The device the distance chains run on.
    pub fn runs_on(&self) -> Device {
        self.device
    }

    /// The number of neighbours.
    pub fn neighbours(&self) -> usize {
        self.k
    }

    /// The tie rule.
    pub fn tie_rule(&self) -> KnnTies {
        self.ties
    }

    /// From the spec `knn:k=10,ties=all,distance=euclidean` (`ties`: `all` or `first`; `distance`: `euclidean` or
    /// `cosine`).
    pub fn from_spec(s: &Spec) -> Result<Knn> {
        s.check_params(PARAMS)?;
        let (k, ties, distance) =
            (s.get("k", Knn::new().k)?, s.get("ties", Knn::new().ties)?, s.get("distance", Knn::new().distance)?);
        Knn { k, ties, distance, device: Device::Cpu }.validated()
    }

    /// Check the parameters on their own (k ≥ 1; on the GPU k ≤ [`GPU_MAX_K`]).
    pub fn validated(self) -> Result<Knn> {
        if self.k == 0 {
            return Err(Error::param("k", "kNN needs k ≥ 1"));
        }
        if self.device == Device::Gpu && self.distance == KnnDistance::Cosine {
            return Err(Error::param(
                "device",
                "the GPU runs kNN's Euclidean chains; knn:distance=cosine runs on the CPU",
            ));
        }
        if self.device == Device::Gpu && self.k > GPU_MAX_K {
            return Err(Error::param(
                "k",
                format!("kNN on the GPU keeps at most k = {GPU_MAX_K} neighbours, got {}", self.k),
            ));
        }
        Ok(self)
    }

    /// Add feature `j`'s squared differences (its training column: `train`), times `weight`, to the
    /// `test × train` distance matrix (a weight of 1 changes no bit).
    #[inline(always)]
    fn add_feature(&self, fold: &Fold<'_>, j: usize, column: &TrainColumn, weight: f64, dist: &mut [f64]) {
        let col = fold.data.feature(j);
        let n_train = fold.train.len();
        let (train, nominal) = (column.values.as_slice(), column.nominal);
        let train_complete = column.complete;
        let scale = |v: f64| column.scale(v);
        for (t, &ti) in fold.test.iter().enumerate() {
            let a = scale(col[ti]);
            let row = &mut dist[t * n_train..(t + 1) * n_train];
            if train_complete && !a.is_nan() {
                // The common case, kept branch-free so it vectorises.
                // (unweighted apart: the multiply by 1 costs ≈ 15 % of a kNN curve)
                match (nominal, weight == 1.0) {
                    (true, true) => row.iter_mut().zip(train).for_each(|(d, &b)| *d += (a != b) as u8 as f64),
                    (true, false) => {
                        row.iter_mut().zip(train).for_each(|(d, &b)| *d += weight * ((a != b) as u8 as f64))
                    }
                    (false, true) => row.iter_mut().zip(train).for_each(|(d, &b)| *d += (a - b) * (a - b)),
                    (false, false) => row.iter_mut().zip(train).for_each(|(d, &b)| *d += weight * ((a - b) * (a - b))),
                }
                continue;
            }
            for (d, &b) in row.iter_mut().zip(train) {
                let diff = match (a.is_nan(), b.is_nan()) {
                    (true, true) => 1.0,
                    _ if nominal && (a.is_nan() || b.is_nan()) => 1.0,
                    (true, false) => b.max(1.0 - b),
                    (false, true) => a.max(1.0 - a),
                    (false, false) if nominal => (a != b) as u8 as f64,
                    (false, false) => a - b,
                };
                *d += weight * (diff * diff);
            }
        }
    }

    /// Tally every test row's voters from the distance matrix (kNN: vote them). `near` holds each test
    /// row's neighbours at the previous, smaller feature set (empty for none) and receives the new ones.
    #[inline(always)]
    fn predict<T: Tally>(&self, fold: &Fold<'_>, dist: &[f64], near: &mut Vec<usize>, tally: &mut T) -> T::Out {
        let n_train = fold.train.len();
        let k = self.k.min(n_train);
        let n_test = fold.test.len();
        let previous = std::mem::take(near);
        let (mut candidates, mut voters) = (Vec::with_capacity(n_train), Vec::with_capacity(k));
        // plain loops, no closures: all of this must be compiled inside the wide-vector function
        for t in 0..n_test {
            let row = &dist[t * n_train..(t + 1) * n_train];
            self.voters(row, k, previous.get(t * k..(t + 1) * k), &mut candidates, near, &mut voters);
            tally.row(fold, &voters);
        }
        tally.take(fold)
    }
}

/// What the neighbour chain makes of each test row's voters at one size: kNN's votes ([`Vote`]), or
/// ML-kNN's counts of neighbours with each label.
pub(crate) trait Tally: Clone + Send + Sync {
    /// One size's result for a block of test rows.
    type Out: Send;
    /// Take one test row's voters (positions in `fold.train`, ascending).
    fn row(&mut self, fold: &Fold<'_>, voters: &[usize]);
    /// The rows taken since the last call as one result; the tally starts empty again.
    fn take(&mut self, fold: &Fold<'_>) -> Self::Out;
    /// A later block of test rows' result after an earlier one's.
    fn join(out: &mut Self::Out, more: Self::Out);
}

/// kNN's tally: every target voted by the same neighbours.
#[derive(Debug, Clone)]
struct Vote {
    /// One per target of the data.
    each: Vec<Votes>,
}

impl Vote {
    fn new(data: &Dataset) -> Vote {
        Vote { each: data.targets().iter().map(|_| Votes::default()).collect() }
    }
}

impl Tally for Vote {
    type Out = Prediction;

    #[inline(always)]
    fn row(&mut self, fold: &Fold<'_>, voters: &[usize]) {
        for (target, out) in fold.data.targets().iter().zip(self.each.iter_mut()) {
            out.vote(target, fold.train, voters);
        }
    }

    fn take(&mut self, fold: &Fold<'_>) -> Prediction {
        let targets = fold.data.targets();
        let mut each: Vec<Prediction> =
            self.each.iter_mut().zip(targets).map(|(v, t)| std::mem::take(v).prediction(t)).collect();
        match fold.data.target() {
            Target::Set(_) => Prediction::Set(each),
            _ => each.remove(0),
        }
    }

    fn join(out: &mut Prediction, more: Prediction) {
        out.append(more)
    }
}

/// One target's predictions as the test rows are voted.
#[derive(Debug, Default, Clone)]
struct Votes {
    labels: Vec<usize>,
    scores: Vec<f64>,
    values: Vec<f64>,
    /// A survival target's risks and hazards.
    survival: survival::Hazards,
}

impl Votes {
    /// Vote one test row's `target` from its `voters` (indices into the training rows `train`): a class
    /// by majority (ties to the lowest code, scores the vote fractions) or the mean value.
    #[inline(always)]
    fn vote(&mut self, target: &Target, train: &[usize], voters: &[usize]) {
        match target {
            Target::Classes { codes, names } => {
                let at = self.scores.len();
                self.scores.resize(at + names.len(), 0.0);
                let votes = &mut self.scores[at..];
                for &r in voters {
                    votes[codes[train[r]]] += 1.0;
                }
                self.labels.push(argmax(votes));
                let count = voters.len() as f64;
                votes.iter_mut().for_each(|v| *v /= count);
            }
            Target::Values(y) => {
                self.values.push(voters.iter().map(|&r| y[train[r]]).sum::<f64>() / voters.len() as f64)
            }
            Target::Survival(s) => self.survival.vote(s, train, voters),
            Target::Set(_) => {}
        }
    }

    fn prediction(self, target: &Target) -> Prediction {
        match target {
            Target::Classes { .. } => Prediction::Classes { labels: self.labels, scores: self.scores },
            Target::Survival(_) => self.survival.prediction(),
            _ => Prediction::Values(self.values),
        }
    }
}

impl Knn {
    /// One test row's voters, in training-row order (so that a regression mean sums in the same order
    /// whichever search found them): its k nearest (also appended to `near`, they bound the next size's
    /// search), or every row as near as the k-th. `row`: its distances; `previous`: its k nearest at the
    /// previous size (none: the first).
    #[inline(always)]
    fn voters(
        &self,
        row: &[f64],
        k: usize,
        previous: Option<&[usize]>,
        candidates: &mut Vec<(f64, u32)>,
        near: &mut Vec<usize>,
        voters: &mut Vec<usize>,
    ) {
        // Distances only grow as features are added, so the farthest of the previous neighbours, at its new
        // distance, bounds the new k-th nearest: only rows within it can be neighbours.
        let bound = previous.map_or(f64::INFINITY, |prev| prev.iter().fold(f64::NEG_INFINITY, |m, &r| m.max(row[r])));
        within_kth(row, k, bound, candidates);
        if candidates.len() > k {
            candidates.select_nth_unstable_by(k - 1, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        }
        near.extend(candidates[..k].iter().map(|&(_, r)| r as usize));
        let voting = match self.ties {
            KnnTies::First => &candidates[..k],
            KnnTies::All => &candidates[..],
        };
        voters.clear();
        voters.extend(voting.iter().map(|&(_, r)| r as usize));
        voters.sort_unstable();
    }
}

/// Every position of `row` as near as its `k`-th nearest, as (distance, position) pairs in `out` in no
/// particular order: the k nearest and every row tied with the k-th. Only positions within `bound` are
/// examined (it must admit at least `k`).
#[inline(always)]
fn within_kth(row: &[f64], k: usize, bound: f64, out: &mut Vec<(f64, u32)>) {
    out.clear();
    let (mut bound, mut cap) = (bound, (8 * k).max(64));
    let by_distance = |a: &(f64, u32), b: &(f64, u32)| a.0.total_cmp(&b.0);
    // Most blocks of 8 hold no row within the bound once it is tight: one vector compare skips them.
    for (b, block) in row.chunks(8).enumerate() {
        let mut within = block.iter().enumerate().fold(0u32, |m, (l, &d)| m | (((d <= bound) as u32) << l));
        while within != 0 {
            let l = within.trailing_zeros() as usize;
            within &= within - 1;
            out.push((block[l], (b * 8 + l) as u32));
        }
        // Many rows held: the k-th nearest of them is a tighter bound.
        if out.len() >= cap {
            out.select_nth_unstable_by(k - 1, by_distance);
            bound = out[k - 1].0;
            out.retain(|&(d, _)| d <= bound);
            cap = cap.max(2 * out.len());
        }
    }
    if out.len() > k {
        out.select_nth_unstable_by(k - 1, by_distance);
        let kth = out[k - 1].0;
        out.retain(|&(d, _)| d <= kth);
    }
}

/// The most neighbours kNN keeps on the GPU (its kernel holds them in registers).
pub const GPU_MAX_K: usize = 256;

/// The keys of kNN.
const PARAMS: &[Param] = &[
    Param::new("k", Values::whole(1), "neighbours that vote (at most the smallest training fold)"),
    Param::new(
        "ties",
        Values::Words(KnnTies::WORDS),
        "rows as near as the k-th: all of them vote (Weka's IBk) or the first",
    ),
    Param::new(
        "distance",
        Values::Words(KnnDistance::WORDS),
        "euclidean on min-max scaled features (Weka's IBk), or cosine on the raw values (text; sparse features as held)",
    ),
];

impl Method for Knn {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Cover & Hart 1967, IEEE Trans Inf Theory 13; Aha, Kibler & Albert 1991 (IBk); survival: Lowsky et al. 2013"
    }

    fn spec(&self) -> Spec {
        Spec::new("knn").with("k", self.k).with("ties", self.ties).with("distance", self.distance)
    }

    /// Every task; a survival target's risk is the neighbours' expected number of events (module docs).
    fn supports(&self, _task: Task) -> bool {
        true
    }
}

impl Learner for Knn {
    /// The same kNN with its distance chains on the GPU (k at most [`GPU_MAX_K`]).
    fn on_gpu(&self) -> Result<Box<dyn Learner>> {
        Ok(Box::new(self.device(Device::Gpu).validated()?))
    }

    /// Cosine kNN works on sparse features as they are held.
    fn accepts_sparse(&self) -> bool {
        self.distance == KnnDistance::Cosine
    }

    fn check(&self, data: &Dataset, min_train: usize) -> Result<()> {
        (*self).validated()?;
        if self.distance == KnnDistance::Cosine {
            if let Some(j) = (0..data.n_features()).find(|&j| data.kind(j).is_nominal()) {
                let reason = "is nominal: the cosine distance takes numbers (encode it, or use knn:distance=euclidean)";
                return Err(Error::column(data.feature_names()[j].clone(), reason));
            }
            if let Some((j, &m)) = data.missing_counts().iter().enumerate().find(|&(_, &m)| m > 0) {
                let reason = format!("has {m} missing values: the cosine distance takes none (impute them, or use knn:distance=euclidean)");
                return Err(Error::column(data.feature_names()[j].clone(), reason));
            }
        }
        if self.k > min_train {
            return Err(Error::param(
                "k",
                format!(
                    "k = {} exceeds the {min_train} rows of the smallest training fold ({} rows in all)",
                    self.k,
                    data.n_rows()
                ),
            ));
        }
        self.device.check("kNN curves")?;
        #[cfg(feature = "gpu")]
        if self.device == Device::Gpu {
            // the GPU holds the training columns and at least one test row's distances
            self.check_gpu(data.n_rows(), data.n_features())?;
        }
        Ok(())
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        super::one_size(self, fold, features)
    }

    /// The distances of one block of test rows to every training row (`block_rows`, the larger of its
    /// two sizes), the neighbours kept per test row, and the training columns (cached, or one at a time).
    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        // a chain of any length up to n may be cached, up to the cache's size (on the GPU the host holds the whole
        // chain's columns to copy them; its voters, a block at a time, fit the working memory as the CPU's block)
        let columns = F64 * train as u64 * data.n_features() as u64;
        let cache = match self.device {
            Device::Cpu => columns.min(COLUMN_CACHE * crate::memory::working_memory()),
            Device::Gpu => columns,
        };
        let (block, train, test) = (block_rows(train, test, false) as u64, train as u64, test as u64);
        let outputs: u64 = data
            .targets()
            .iter()
            .map(|t| match t {
                Target::Classes { names, .. } => names.len() as u64,
                _ => 1,
            })
            .sum();
        let cosine = match self.distance {
            // the dot products beside the distances, the norms, the rows' positions and the fold's non-zero
            // entries (16 bytes each, at most twice the bytes of the features as held)
            KnnDistance::Cosine => {
                F64 * (block * train + test + train) + 8 * data.n_rows() as u64 + 2 * data.feature_bytes()
            }
            KnnDistance::Euclidean => 0,
        };
        cache + cosine + F64 * (block * train + 2 * train + test * (self.k as u64 + outputs))
    }

    fn fit_predict_nested_checked(
        &self,
        fold: &CheckedFold<'_>,
        order: &[usize],
        sizes: &[usize],
    ) -> Result<Vec<Prediction>> {
        match self.device {
            Device::Cpu if self.distance == KnnDistance::Cosine => Ok(self.nested_cosine(fold, order, sizes)),
            Device::Cpu => Ok(self.nested(fold, order, sizes, None)),
            #[cfg(feature = "gpu")]
            Device::Gpu => self.nested_gpu(fold, order, sizes),
            #[cfg(not(feature = "gpu"))]
            Device::Gpu => Device::Gpu.check("kNN curves").map(|_| Vec::new()),
        }
    }
}

impl Knn {
    /// The predictions at every size of the chain, each feature's squared differences times its weight
    /// (`weights` per feature of the data; none: 1).
    pub(crate) fn nested(
        &self,
        fold: &Fold<'_>,
        order: &[usize],
        sizes: &[usize],
        weights: Option<&[f64]>,
    ) -> Vec<Prediction> {
        self.nested_tally(fold, order, sizes, weights, &Vote::new(fold.data), false)
    }

    /// The result at every size of the chain of `tally` (empty: each block of test rows counts into a copy
    /// of it). `leave_one_out`: the test rows are the training rows
    /// (`fold.test == fold.train`) and no row is its own neighbour (it needs k below the training rows).
    pub(crate) fn nested_tally<T: Tally>(
        &self,
        fold: &Fold<'_>,
        order: &[usize],
        sizes: &[usize],
        weights: Option<&[f64]>,
        tally: &T,
        leave_one_out: bool,
    ) -> Vec<T::Out> {
        // The chain's training columns, scaled once per fold when they fit the cache; blocks of test rows can
        // then be as small as the cache wants (else each block scales them again, and blocks stay large).
        let chain = &order[..sizes.last().copied().unwrap_or(0).min(order.len())];
        let cached = cache_fits(fold.train.len(), chain.len());
        let columns: Option<Vec<TrainColumn>> =
            cached.then(|| chain.iter().map(|&j| TrainColumn::new(fold, j)).collect());
        // Test rows are predicted independently, so blocks of them give the same predictions as one pass, and
        // they are the pieces of parallel work that keep many threads busy on one fold (in order, whatever
        // the thread count).
        let rows = block_rows(fold.train.len(), fold.test.len(), cached).max(1);
        let columns = columns.as_deref();
        let blocks: Vec<&[usize]> = fold.test.chunks(rows).chain(fold.test.is_empty().then_some(&[][..])).collect();
        let per_block = crate::parallel::map(blocks.len(), |b| {
            let own = leave_one_out.then_some(b * rows);
            let test = blocks[b];
            self.chain(&Fold { test, ..*fold }, order, sizes, weights, columns, &mut tally.clone(), own)
        });
        let mut out: Option<Vec<T::Out>> = None;
        for more in per_block {
            match out.as_mut() {
                None => out = Some(more),
                Some(out) => out.iter_mut().zip(more).for_each(|(p, m)| T::join(p, m)),
            }
        }
        out.unwrap_or_default()
    }

    /// The nested chain on one block of test rows: one distance matrix updated feature by feature
    /// (`columns`: the chain's training columns, or none to scale each here). `own`: the test rows are
    /// the training rows from this position on, each kept out of its own neighbours (an infinite distance).
    #[allow(clippy::too_many_arguments)]
    fn chain<T: Tally>(
        &self,
        fold: &Fold<'_>,
        order: &[usize],
        sizes: &[usize],
        weights: Option<&[f64]>,
        columns: Option<&[TrainColumn]>,
        tally: &mut T,
        own: Option<usize>,
    ) -> Vec<T::Out> {
        let n_train = fold.train.len();
        let mut dist = vec![0.0; fold.test.len() * n_train];
        if let Some(start) = own {
            (0..fold.test.len()).for_each(|t| dist[t * n_train + start + t] = f64::INFINITY);
        }
        let (mut added, mut near) = (0, Vec::new());
        crate::simd::wide!(knn_chain, || {
            let mut out = Vec::with_capacity(sizes.len());
            for &k in sizes {
                for (p, &j) in order.iter().enumerate().take(k).skip(added) {
                    let weight = weights.map_or(1.0, |w| w[j]);
                    match columns {
                        Some(columns) => self.add_feature(fold, j, &columns[p], weight, &mut dist),
                        None => self.add_feature(fold, j, &TrainColumn::new(fold, j), weight, &mut dist),
                    }
                }
                added = k;
                out.push(self.predict(fold, &dist, &mut near, tally));
            }
            out
        },)
    }
}

/// A feature's training column scaled by the training fold's range (nominal: its codes).
struct TrainColumn {
    values: Vec<f64>,
    /// No value is missing.
    complete: bool,
    nominal: bool,
    range: Range,
}

impl TrainColumn {
    #[inline(always)]
    fn new(fold: &Fold<'_>, j: usize) -> TrainColumn {
        let nominal = matches!(fold.data.kind(j), FeatureKind::Nominal { .. });
        let range = Range::of(fold, j);
        let col = fold.data.feature(j);
        let mut column = TrainColumn { values: Vec::new(), complete: true, nominal, range };
        column.values = fold.train.iter().map(|&i| column.scale(col[i])).collect();
        column.complete = column.values.iter().all(|v| !v.is_nan());
        column
    }

    /// A value of the feature on the column's scale.
    #[inline(always)]
    fn scale(&self, v: f64) -> f64 {
        if self.nominal {
            v
        } else {
            self.range.scale(v)
        }
    }
}

/// The column cache's size in working memories.
const COLUMN_CACHE: u64 = 16;

/// Whether `features` training columns of `train` rows fit the column cache ([`COLUMN_CACHE`] × the working
/// memory).
fn cache_fits(train: usize, features: usize) -> bool {
    F64 * (train as u64) * (features as u64) <= COLUMN_CACHE * crate::memory::working_memory()
}

/// Test rows per block of the distance matrix: as many as fit a block ([`crate::memory::block_memory`]: half of
/// one core's L2 cache) next to `train` training rows, at most `test`; at least 64 when the training columns are
/// not cached (so that scaling each again per block stays a small share of the work).
fn block_rows(train: usize, test: usize, cached: bool) -> usize {
    let fit = crate::memory::block_memory() / (F64 * train.max(1) as u64);
    (fit as usize).max(if cached { 1 } else { 64 }).min(test)
}

crate::method::from_spec!(Knn);
