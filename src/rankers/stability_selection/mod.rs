//! Stability selection: see [`StabilitySelection`].

mod bound;

pub use bound::{ErrorBound, StabilityBound};

use rand::seq::SliceRandom;
use rand::Rng as _;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Checked, Ranker};
use crate::data::ranking::rank_order;
use crate::data::{Dataset, Frame, Task};
use crate::error::{Error, Result};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::seed::rng_for;
use crate::spec::{spec_words, Spec};

/// How the subsamples of half the rows are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subsampling {
    /// Complementary pairs: each half with the other half (Shah & Samworth 2013).
    Pairs,
    /// Independent halves (Meinshausen & Bühlmann 2010).
    Half,
}

spec_words!(Subsampling, "stability-selection sampling", {
    Subsampling::Pairs => "pairs" | "ss",
    Subsampling::Half => "half" | "mb",
});

/// Stability selection (Meinshausen & Bühlmann 2010; Shah & Samworth 2013): how often a feature is among the
/// base ranker's top q on subsamples of half the rows, with a bound on the expected number of false selections.
///
/// Each of S subsamples holds half the rows — ⌊n_c/2⌋ of every class c for a class target (stratified, so every
/// half keeps the classes; a survival target: half its events and half its censored rows), ⌊n/2⌋ otherwise. With `sampling=pairs` (Shah & Samworth's complementary pairs, the
/// default) B halves are drawn and each comes with its complement, S = 2B; with `sampling=half`
/// (Meinshausen & Bühlmann) S = B independent halves. On each the base ranker selects its top q features — the
/// first q to enter the lasso path with `base=(lasso-path)` — leaving out features tied at the subsample's lowest
/// score (a lasso feature that never enters, a filter's zero), so a subsample selects at most q. Then
///
/// ```text
/// π̂_j = #{subsamples selecting j} / S        selected: π̂_j ≥ π (the threshold)
/// score_j = π̂_j + (1 − r̄_j / (p + 1)) / (S + 1)
/// ```
///
/// with r̄_j the feature's mean rank (1 = best) over the subsamples: the fraction, below 1/S, orders features of
/// equal frequency by their ranks and never reorders frequencies. With q = `auto` (the default) q is the largest
/// whose bound ([`StabilityBound`]) at the threshold is at most `pfer`; the bound reported is that of the q used.
/// Shah & Samworth's bounds (`unimodal`, `r-concave`) are for complementary pairs: with `sampling=half` the bound
/// is Meinshausen & Bühlmann's whatever `bound` says (as in R's stabs), and the result names the formula used.
///
/// Stability selection over any base ranker's top q.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Fisher, Ranker, StabilitySelection};
/// let wdbc = featrank::data::datasets::load("wdbc").unwrap().dataset().unwrap();
/// let stable = StabilitySelection::new(Fisher::new()).subsamples(10);
/// assert_eq!(
///     stable.spec().to_string(),
///     "stability-selection:base=(fisher:variant=auto),q=auto,threshold=0.75,pfer=1,subsamples=10,sampling=pairs,bound=unimodal"
/// );
/// let result = stable.select(&wdbc, 1).unwrap();
/// assert_eq!((result.q, result.subsamples), (5, 20)); // the largest q with E(V) ≤ 1 among 30 features
/// assert!(result.bound.value <= 1.0);
/// assert!(result.selected().contains(&"worst perimeter".to_string()));
/// ```
#[derive(Debug)]
pub struct StabilitySelection {
    base: Box<dyn Ranker>,
    q: Option<usize>,
    threshold: f64,
    pfer: f64,
    subsamples: usize,
    sampling: Subsampling,
    bound: StabilityBound,
}

impl StabilitySelection {
    /// Stability selection of `base`'s top q: complementary pairs of 50 halves (100 subsamples), threshold 0.75,
    /// q the largest whose unimodal bound is at most 1 false selection.
    pub fn new(base: impl Ranker + 'static) -> StabilitySelection {
        StabilitySelection {
            base: Box::new(base),
            q: None,
            threshold: 0.75,
            pfer: 1.0,
            subsamples: 50,
            sampling: Subsampling::Pairs,
            bound: StabilityBound::Unimodal,
        }
    }

    /// Select `q` features per subsample (instead of the q the `pfer` target gives).
    pub fn q(mut self, q: usize) -> StabilitySelection {
        self.q = Some(q);
        self
    }

    /// The threshold π ∈ (½, 1] on the selection frequency.
    pub fn threshold(mut self, threshold: f64) -> StabilitySelection {
        self.threshold = threshold;
        self
    }

    /// The bound on E(V) the automatic q keeps to.
    pub fn pfer(mut self, pfer: f64) -> StabilitySelection {
        self.pfer = pfer;
        self
    }

    /// B: complementary pairs (2B subsamples) or independent halves (B subsamples).
    pub fn subsamples(mut self, b: usize) -> StabilitySelection {
        self.subsamples = b;
        self
    }

    /// How the halves are drawn.
    pub fn sampling(mut self, sampling: Subsampling) -> StabilitySelection {
        self.sampling = sampling;
        self
    }

    /// Which error bound is reported (and chooses the automatic q).
    pub fn bound(mut self, bound: StabilityBound) -> StabilitySelection {
        self.bound = bound;
        self
    }

    /// From the spec `stability-selection:base=(SPEC),q=auto,threshold=0.75,pfer=1,subsamples=50,sampling=pairs,
    /// bound=unimodal` (`base` is required; `pfer` only with `q=auto`).
    pub fn from_spec(s: &Spec) -> Result<StabilitySelection> {
        s.check_params(PARAMS)?;
        let base = s.value("base").ok_or_else(|| {
            Error::param("base", "stability-selection needs a base ranker, e.g. stability-selection:base=(lasso-path)")
        })?;
        let q = s.get_or_none("q", "auto")?;
        if let (Some(q), Some(_)) = (q, s.value("pfer")) {
            return Err(Error::param("pfer", format!("applies to q=auto, not to the fixed q={q}: give one of them")));
        }
        Ok(StabilitySelection {
            base: crate::spec::nested("base", super::parse(base))?,
            q,
            threshold: s.get("threshold", 0.75)?,
            pfer: s.get("pfer", 1.0)?,
            subsamples: s.get("subsamples", 50)?,
            sampling: s.get("sampling", Subsampling::Pairs)?,
            bound: s.get("bound", StabilityBound::Unimodal)?,
        })
    }

    /// Subsamples drawn in all: 2B with complementary pairs, B otherwise.
    fn drawn(&self) -> usize {
        match self.sampling {
            Subsampling::Pairs => 2 * self.subsamples,
            Subsampling::Half => self.subsamples,
        }
    }

    /// The q selected per subsample on `p` features, and its bound: the one asked for with complementary pairs,
    /// M&B's with independent halves (S&S's bounds need the pairs; stabs does the same).
    fn q_and_bound(&self, p: usize) -> Result<(usize, ErrorBound)> {
        let bound = match self.sampling {
            Subsampling::Pairs => self.bound,
            Subsampling::Half => StabilityBound::Mb,
        };
        let q = match self.q {
            Some(q) => q,
            None => bound.largest_q(self.pfer, p, self.threshold, self.subsamples)?,
        };
        Ok((q, bound.pfer(q, p, self.threshold, self.subsamples)?))
    }

    /// Run the subsamples: every feature's selection frequency and mean rank, the features selected and the bound.
    pub fn select(&self, data: &Dataset, seed: u64) -> Result<SelectionFrequencies> {
        self.select_checked(self.checked(data)?, seed)
    }

    fn select_checked(&self, data: Checked<'_>, seed: u64) -> Result<SelectionFrequencies> {
        let data = data.dataset();
        let p = data.n_features();
        let (q, bound) = self.q_and_bound(p)?;
        let strata = strata(data);
        let mut halves = Vec::with_capacity(self.drawn());
        for b in 0..self.subsamples {
            let (half, rest) = halve(&strata, &mut rng_for(seed, &[b as u64]));
            halves.push(half);
            if self.sampling == Subsampling::Pairs {
                halves.push(rest);
            }
        }
        // per subsample: each feature's rank (1 = best) and whether it was selected
        let runs: Vec<(Vec<usize>, Vec<bool>)> = halves
            .par_iter()
            .enumerate()
            .map(|(s, rows)| {
                let sample = data.take_rows(rows)?;
                let scores = self
                    .base
                    .scores(&sample, rng_for(seed, &[self.subsamples as u64, s as u64]).r#gen())
                    .map_err(|e| Error::param("base", format!("subsample {s}: {}", e.message())))?;
                let floor = scores.iter().copied().fold(f64::INFINITY, f64::min);
                let (mut rank, mut chosen) = (vec![0; p], vec![false; p]);
                for (r, j) in rank_order(&scores).into_iter().enumerate() {
                    rank[j] = r + 1;
                    chosen[j] = r < q && scores[j] > floor;
                }
                Ok((rank, chosen))
            })
            .collect::<Result<_>>()?;
        let total = runs.len() as f64;
        let frequency: Vec<f64> = (0..p).map(|j| runs.iter().filter(|(_, c)| c[j]).count() as f64 / total).collect();
        let mean_rank: Vec<f64> = (0..p).map(|j| runs.iter().map(|(r, _)| r[j] as f64).sum::<f64>() / total).collect();
        Ok(SelectionFrequencies {
            ranker: self.base.spec().to_string(),
            subsamples: runs.len(),
            sampling: self.sampling,
            q,
            threshold: self.threshold,
            bound,
            features: data.feature_names().to_vec(),
            frequency,
            mean_rank,
        })
    }
}

/// The rows of each stratum: of each class for a class target, the censored rows and the events of a survival
/// target, all rows otherwise.
/// The units a half is drawn from (rows, or with groups whole groups: `resampling::units`), in strata: a
/// survival target's censored rows and events, a class target's classes, else one stratum; a group goes to the
/// stratum of its first row.
fn strata(data: &Dataset) -> Vec<Vec<Vec<usize>>> {
    let (key, keys): (Vec<usize>, usize) = match (data.survival(), data.labels()) {
        (Some(s), _) => (s.event().iter().map(|&e| usize::from(e)).collect(), 2),
        (None, Some(labels)) if data.task() == Task::Classification => (labels.to_vec(), data.n_classes()),
        _ => (vec![0; data.n_rows()], 1),
    };
    let mut by = vec![Vec::new(); keys];
    crate::resampling::units(data).into_iter().for_each(|unit| by[key[unit[0]]].push(unit));
    by.into_iter().filter(|units| !units.is_empty()).collect()
}

/// One half of every stratum's units (⌊u_s/2⌋, shuffled by `rng`) and its complement, each as rows in row order.
fn halve(strata: &[Vec<Vec<usize>>], rng: &mut crate::seed::Rng) -> (Vec<usize>, Vec<usize>) {
    let (mut half, mut rest) = (Vec::new(), Vec::new());
    for units in strata {
        let mut units = units.clone();
        units.shuffle(rng);
        let k = units.len() / 2;
        half.extend(units[..k].iter().flatten());
        rest.extend(units[k..].iter().flatten());
    }
    half.sort_unstable();
    rest.sort_unstable();
    (half, rest)
}

/// The outcome of stability selection, in the dataset's feature order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SelectionFrequencies {
    /// The base ranker (its spec).
    pub ranker: String,
    /// Subsamples run (2B with complementary pairs).
    pub subsamples: usize,
    /// How they were drawn.
    #[serde(with = "crate::spec::as_text")]
    pub sampling: Subsampling,
    /// Features selected per subsample at most.
    pub q: usize,
    /// The threshold π on the selection frequency.
    pub threshold: f64,
    /// The bound on the expected number of false selections at `q` and `threshold`.
    #[serde(with = "bound_serde")]
    pub bound: ErrorBound,
    /// Feature names.
    pub features: Vec<String>,
    /// π̂_j: the fraction of subsamples that selected the feature.
    pub frequency: Vec<f64>,
    /// The feature's mean rank over the subsamples (1 = best).
    pub mean_rank: Vec<f64>,
}

impl SelectionFrequencies {
    /// The ranking's scores: the frequency, ties broken by the mean rank (see [`StabilitySelection`]).
    pub fn scores(&self) -> Vec<f64> {
        let (s, p) = (self.subsamples as f64, self.features.len() as f64);
        self.frequency.iter().zip(&self.mean_rank).map(|(f, r)| f + (1.0 - r / (p + 1.0)) / (s + 1.0)).collect()
    }

    /// The features whose frequency reaches the threshold, most frequent first.
    pub fn selected(&self) -> Vec<String> {
        rank_order(&self.scores())
            .into_iter()
            .filter(|&j| self.frequency[j] >= self.threshold)
            .map(|j| self.features[j].clone())
            .collect()
    }

    /// The table `feature, score, rank, frequency, mean_rank, selected, q, threshold, pfer_bound, bound` in rank
    /// order; the last four are the run's, on every row, so the bound travels with the ranking.
    pub fn to_polars(&self) -> Result<Frame> {
        use polars::prelude::*;
        let scores = self.scores();
        let order = rank_order(&scores);
        let n = order.len();
        let pick = |v: &[f64]| order.iter().map(|&j| v[j]).collect::<Vec<f64>>();
        Ok(DataFrame::new(
            n,
            vec![
                Column::new("feature".into(), order.iter().map(|&j| self.features[j].as_str()).collect::<Vec<_>>()),
                Column::new("score".into(), pick(&scores)),
                Column::new("rank".into(), (1..=n as u32).collect::<Vec<u32>>()),
                Column::new("frequency".into(), pick(&self.frequency)),
                Column::new("mean_rank".into(), pick(&self.mean_rank)),
                Column::new(
                    "selected".into(),
                    order.iter().map(|&j| self.frequency[j] >= self.threshold).collect::<Vec<bool>>(),
                ),
                Column::new("q".into(), vec![self.q as u32; n]),
                Column::new("threshold".into(), vec![self.threshold; n]),
                Column::new("pfer_bound".into(), vec![self.bound.value; n]),
                Column::new("bound".into(), vec![self.bound.formula.to_string(); n]),
            ],
        )?
        .into())
    }
}

/// Serde of an [`ErrorBound`] as `{value, formula}` with the formula's word.
mod bound_serde {
    use super::{ErrorBound, StabilityBound};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Text {
        value: f64,
        formula: String,
    }

    pub fn serialize<S: Serializer>(b: &ErrorBound, s: S) -> Result<S::Ok, S::Error> {
        Text { value: b.value, formula: b.formula.to_string() }.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ErrorBound, D::Error> {
        let t = Text::deserialize(d)?;
        let formula: StabilityBound = t.formula.parse().map_err(serde::de::Error::custom)?;
        Ok(ErrorBound { value: t.value, formula })
    }
}

/// The keys of stability selection.
const PARAMS: &[Param] = &[
    Param::new("base", Values::Spec("ranker"), "the ranker run on every subsample; its top q features are selected"),
    Param::new(
        "q",
        Values::whole_or(1, "auto"),
        "features selected per subsample (at most the features); auto: the largest whose bound is ≤ pfer",
    ),
    Param::new(
        "threshold",
        Values::Real { min: 0.5, max: 1.0, min_in: false, max_in: true, or: "" },
        "the selection frequency π at which a feature is selected",
    ),
    Param::new("pfer", Values::positive(), "the bound on expected false selections that q=auto keeps to")
        .needs("q=auto"),
    Param::new("subsamples", Values::whole(2), "B: complementary pairs (2B subsamples) or independent halves (B)"),
    Param::new(
        "sampling",
        Values::Words(Subsampling::WORDS),
        "pairs: each half with its complement; half: independent",
    ),
    Param::new(
        "bound",
        Values::Words(StabilityBound::WORDS),
        "the error bound: mb, or S&S's unimodal or r-concave (with sampling=pairs; mb with half)",
    ),
];

impl Method for StabilitySelection {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Meinshausen & Bühlmann 2010, JRSS B 72(4); Shah & Samworth 2013, JRSS B 75(1)"
    }

    fn spec(&self) -> Spec {
        let spec = Spec::new("stability-selection").with("base", self.base.spec()).with_opt("q", self.q, "auto");
        let spec = spec.with("threshold", self.threshold);
        let spec = if self.q.is_none() { spec.with("pfer", self.pfer) } else { spec };
        spec.with("subsamples", self.subsamples).with("sampling", self.sampling).with("bound", self.bound)
    }

    fn name(&self) -> String {
        format!("{}-stability", self.base.name())
    }

    fn supports(&self, task: Task) -> bool {
        self.base.supports(task)
    }
}

impl Ranker for StabilitySelection {
    /// As its base ranker: the halves it makes keep sparse features sparse.
    fn accepts_sparse(&self) -> bool {
        self.base.accepts_sparse()
    }

    fn check(&self, data: &Dataset) -> Result<()> {
        if !(self.pfer > 0.0 && self.pfer.is_finite()) {
            return Err(Error::param("pfer", format!("must be a positive number, got {}", self.pfer)));
        }
        self.q_and_bound(data.n_features())?;
        self.base.check(data)
    }

    /// Every subsample's ranks and selections, and per subsample at work at once its half of the data and the
    /// base ranker's working set.
    fn memory(&self, data: &Dataset) -> u64 {
        let p = data.n_features() as u64;
        let runs = (self.drawn() as u64).saturating_mul(crate::memory::F64 * (2 * p + 3));
        let parallel = rayon::current_num_threads().min(self.drawn()) as u64;
        runs.saturating_add(parallel.saturating_mul(data.feature_bytes().saturating_add(self.base.memory(data))))
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        Ok(self.select_checked(data, seed)?.scores())
    }

    fn table(&self, data: &Dataset, seed: u64) -> Result<Frame> {
        self.select(data, seed)?.to_polars()
    }
}
