//! FFA/RFA error curves (\[P18\] §3.1, \[P20\] Algorithm 1) and the expected curve of random rankings.
//!
//! For a ranking R = (F_(1), …, F_(n)):
//! - FFA(k) = performance of a model on the top-k set S^k = {F_(1), …, F_(k)};
//! - RFA(k) = performance of a model on the bottom-k set S_k = {F_(n−k+1), …, F_(n)}.
//!
//! Points are paired by subset size k (the table's `k`); the papers draw RFA right-to-left (at x = i the
//! model on the features ranked i..n) — that is a plotting matter. Every point is cross-validated with one
//! shared [`CvPlan`](crate::resampling::CvPlan) (default 10×10 stratified): the predictions of a repeat's
//! folds are pooled, the measure computed, and mean/std taken over repeats.
//!
//! The full feature set (k = n) is evaluated once per (repeat, fold) and shared by every curve, so
//! FFA(n) = RFA(n) holds bit for bit.
//!
//! **Expected curve** (\[P18\] Eq. 5): the mean over m uniformly random rankings (default 100) of their FFA
//! curves, with a 5–95% band across the rankings. The bottom-k set of a uniform random ranking is as
//! uniform as its top-k set, so this one curve is both the expected FFA and the expected RFA. Random ranking
//! i is drawn from stream i of the seed, so the expected curve does not depend on which rankings are
//! evaluated beside it.
//!
//! **Fixed or per-fold rankings** ([`Candidate`]). A fixed ranking — made beforehand, usually on all rows —
//! orders the features the same way in every split; on p ≫ n data that is selection bias (Ambroise &
//! McLachlan 2002): the rows a point is tested on helped choose its features. A ranker given as a
//! [`Candidate::PerFold`] is run on each split's training rows only, and that split's test rows are
//! predicted with that split's ranking — the honest estimate. Every per-fold ranking is kept
//! ([`Curves::fold_rankings`]), so stability comes from the same run. Each curve says which it is
//! ([`Mode`]).
//!
//! Work is split into independent (curve, repeat) units ([`crate::eval::run`]) run in parallel with rayon —
//! or shard by shard on a cluster; each unit draws only from its own seeded stream, so results are
//! identical whatever the thread count.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::data::Ranking;
use crate::error::{Error, Result};
use crate::eval::FoldRankings;
use crate::math::{mean, std};
use crate::rankers::Ranker;
use crate::resampling::{Kept, Measure, Scheme};

mod options;
mod scores;
mod spec;
mod table;

pub use options::CurveOptions;
pub use spec::CurveSpec;

/// The name the expected curve of random rankings carries in tables and figures (a ranking may not use it).
pub const EXPECTED: &str = "expected";

/// What a ranking is scored against: the expected curve of random rankings, or another ranking of the run.
///
/// ```
/// use featrank::eval::Baseline;
/// assert_eq!(Baseline::from("relieff"), Baseline::Ranking("relieff"));
/// assert_eq!(Baseline::Expected.name(), "expected");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Baseline<'a> {
    /// The expected curve of uniformly random rankings (\[P18\] Eq. 5).
    Expected,
    /// Another ranking of the same run, by name.
    Ranking(&'a str),
}

impl Baseline<'_> {
    /// The name in tables: the ranking's name, or [`EXPECTED`].
    pub fn name(&self) -> &str {
        match self {
            Baseline::Expected => EXPECTED,
            Baseline::Ranking(name) => name,
        }
    }
}

impl<'a> From<&'a str> for Baseline<'a> {
    fn from(name: &'a str) -> Self {
        Baseline::Ranking(name)
    }
}

impl<'a> From<&'a String> for Baseline<'a> {
    fn from(name: &'a String) -> Self {
        Baseline::Ranking(name)
    }
}

/// Which curve a [`Curve`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CurveKind {
    /// Forward feature addition: top-k features.
    Ffa,
    /// Reverse feature addition: bottom-k features.
    Rfa,
    /// Expected curve of random rankings.
    Expected,
}

impl CurveKind {
    /// `FFA`, `RFA` or `expected`, as written in tables.
    pub fn label(self) -> &'static str {
        match self {
            CurveKind::Ffa => "FFA",
            CurveKind::Rfa => "RFA",
            CurveKind::Expected => EXPECTED,
        }
    }
}

/// How the ranking behind a curve was made.
///
/// ```
/// use featrank::eval::Mode;
/// assert_eq!(Mode::PerFold.label(), "per-fold");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    /// One ranking for every split, made beforehand (on all rows, unless the user did otherwise).
    #[default]
    Fixed,
    /// A ranking per split, made on that split's training rows only.
    PerFold,
    /// Uniformly random rankings (the expected curve).
    Random,
}

impl Mode {
    /// `fixed`, `per-fold` or `random`, as written in tables.
    pub fn label(self) -> &'static str {
        match self {
            Mode::Fixed => "fixed",
            Mode::PerFold => "per-fold",
            Mode::Random => "random",
        }
    }
}

/// The resampling unit an ECA sample is computed on ([`Curves::eca_samples`]).
///
/// ```
/// use featrank::eval::Sample;
/// assert_eq!(Sample::Split.label(), "split");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sample {
    /// One value per repeat: the measure on the repeat's pooled out-of-split predictions.
    Repeat,
    /// One value per split (fold of a repeat, holdout split, bootstrap sample): the measure on its test rows.
    Split,
}

impl Sample {
    /// `repeat` or `split`.
    pub fn label(self) -> &'static str {
        match self {
            Sample::Repeat => "repeat",
            Sample::Split => "split",
        }
    }
}

/// What a curve run evaluates: a ranking made beforehand, or a ranker run inside every training split.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::eval::{Candidate, Mode};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let fixed = ReliefF::new().rank(&iris, 0).unwrap().with_name("relieff on all rows");
/// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(0)
///     .evaluate_all(&iris, &[fixed.into(), Candidate::per_fold(ReliefF::new())]).unwrap();
/// assert_eq!(curves.get("relieff", CurveKind::Ffa).unwrap().mode, Mode::PerFold);
/// assert_eq!(curves.fold_rankings("relieff").unwrap().len(), 10); // one ranking per split
/// ```
#[derive(Debug, Clone)]
pub enum Candidate {
    /// A ranking made beforehand: the same order in every split ([`Mode::Fixed`]).
    Fixed(Ranking),
    /// A ranker run on every split's training rows ([`Mode::PerFold`]).
    PerFold {
        /// The curves' name (default: the ranker's name).
        name: String,
        /// The ranker.
        ranker: Arc<dyn Ranker>,
    },
}

impl Candidate {
    /// A ranker to run inside every training split, named by its [`Method::name`](crate::method::Method::name).
    pub fn per_fold(ranker: impl Ranker + 'static) -> Candidate {
        Candidate::PerFold { name: ranker.name(), ranker: Arc::new(ranker) }
    }

    /// The ranker a spec names, run inside every training split, its curves named by the spec as given
    /// (trimmed): what `featrank curves --method` and Python's `curves(rankers=[…])` run.
    ///
    /// ```
    /// use featrank::eval::Candidate;
    /// assert_eq!(Candidate::parse(" relieff:k=5 ").unwrap().name(), "relieff:k=5");
    /// assert!(Candidate::parse("relief").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Candidate> {
        let ranker = crate::rankers::parse(spec)?;
        Ok(Candidate::PerFold { name: spec.trim().to_string(), ranker: ranker.into() })
    }

    /// The same candidate under another name.
    pub fn with_name(self, name: impl Into<String>) -> Candidate {
        match self {
            Candidate::Fixed(r) => Candidate::Fixed(r.with_name(name)),
            Candidate::PerFold { ranker, .. } => Candidate::PerFold { name: name.into(), ranker },
        }
    }

    /// The name its curves carry.
    pub fn name(&self) -> &str {
        match self {
            Candidate::Fixed(r) => r.name(),
            Candidate::PerFold { name, .. } => name,
        }
    }
}

impl From<Ranking> for Candidate {
    fn from(r: Ranking) -> Candidate {
        Candidate::Fixed(r)
    }
}

/// One curve: a value per grid size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Curve {
    /// Ranking name (`expected` for the expected curve).
    pub ranking: String,
    /// FFA, RFA or expected.
    pub kind: CurveKind,
    /// Whether the ranking was fixed, made per fold, or random.
    #[serde(default)]
    pub mode: Mode,
    /// Mean over repeats (expected: over random rankings), per size.
    pub mean: Vec<f64>,
    /// Standard deviation (n − 1) over repeats (expected: over random rankings), per size.
    pub std: Vec<f64>,
    /// Expected curve: 5% quantile over random rankings, per size (a ranking's curve: its repeats' quantile is
    /// computed by [`Curves::to_polars`]; here only when read from a table).
    pub lo: Option<Vec<f64>>,
    /// Expected curve: 95% quantile over random rankings, per size (as `lo`).
    pub hi: Option<Vec<f64>>,
    /// Per size, the value of every repeat (expected: the mean over random rankings per repeat).
    pub per_repeat: Vec<Vec<f64>>,
    /// Per size, the value on every split's test rows alone, index `repeat · folds + split` (expected: the
    /// mean over random rankings per split); NaN where the measure is undefined on one split (e.g. AUC
    /// of a split with one class). With one split per repeat (holdout, bootstrap) it equals
    /// `per_repeat`. The corrected resampled t-test ([`crate::compare::significance`]) reads it; empty
    /// for curves read from a table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub per_split: Vec<Vec<f64>>,
}

/// The curves of a run and how they were made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Curves {
    /// The learner's full spec (e.g. `knn:k=10`), which [`crate::learners::parse`] turns back into the learner.
    pub learner: String,
    /// The performance measure.
    pub measure: Measure,
    /// Subset sizes, ascending, ending at the number of features.
    pub sizes: Vec<usize>,
    /// The resampling scheme of the plan.
    #[serde(default)]
    pub scheme: Scheme,
    /// Splits per repeat (the folds of k-fold; 1 for holdout and bootstrap).
    pub folds: usize,
    /// The groups the plan kept whole and the time order it followed ([`Kept`]).
    #[serde(default)]
    pub kept: Kept,
    /// Repeats.
    pub repeats: usize,
    /// Random rankings behind the expected curve (0 = none): [`CurveOptions::expected`],
    /// one name at every door (`--expected`, Python's `expected=`); the JSON of earlier versions named it
    /// `expected_rankings`, which still reads.
    #[serde(alias = "expected_rankings")]
    pub expected: usize,
    /// Repeats each random ranking was evaluated on, when fewer than all ([`CurveSpec::expected_repeats`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_repeats: Option<usize>,
    /// The seed.
    pub seed: u64,
    /// FFA and RFA per ranking (in the order given), then the expected curve if any.
    pub curves: Vec<Curve>,
    /// Per-fold candidates only: every split's ranking, for stability from the same run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fold_rankings: Vec<FoldRankings>,
}

/// A copy, so that what takes curves by value (e.g. [`crate::compare::Comparison::new`]) also takes `&curves`.
impl From<&Curves> for Curves {
    fn from(curves: &Curves) -> Curves {
        curves.clone()
    }
}

impl Curves {
    /// The curve of `ranking` of the given kind ([`EXPECTED`] with [`CurveKind::Expected`]).
    pub fn get(&self, ranking: &str, kind: CurveKind) -> Option<&Curve> {
        self.curves.iter().find(|c| c.ranking == ranking && c.kind == kind)
    }

    /// The expected curve, if computed.
    pub fn expected(&self) -> Option<&Curve> {
        self.curves.iter().find(|c| c.kind == CurveKind::Expected)
    }

    /// The per-fold rankings of the candidate `name` (a ranker run inside the folds).
    pub fn fold_rankings(&self, name: &str) -> Result<&FoldRankings> {
        self.fold_rankings.iter().find(|f| f.ranking == name).ok_or_else(|| Error::Unknown {
            kind: "per-fold ranker".into(),
            name: name.into(),
            known: self.fold_rankings.iter().map(|f| f.ranking.clone()).collect(),
        })
    }

    /// Names of the rankings, in the order given.
    pub fn rankings(&self) -> Vec<&str> {
        self.curves.iter().filter(|c| c.kind == CurveKind::Ffa).map(|c| c.ranking.as_str()).collect()
    }

    /// Add the point-wise mean of several rankings' curves as a ranking called `name` — \[P18\] §4.2 scores a
    /// family of noisy rankings R_θ by the mean of their FFA and RFA curves, E\[FFA\]_θ and E\[RFA\]_θ. The
    /// new curves' `std` is the spread over the members, `per_repeat` and `per_split` the members' means.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let rs: Vec<Ranking> = (0..3).map(|i| Ranking::random(iris.feature_names(), 1, i).unwrap()).collect();
    /// let c = CurveSpec::new(Knn::new().k(5)).folds(3).evaluate(&iris, &rs).unwrap()
    ///     .with_family_mean(&["random0", "random1", "random2"], "random mean").unwrap();
    /// let m = &c.get("random mean", CurveKind::Ffa).unwrap().mean;
    /// let by_hand: f64 = (0..3).map(|i| c.get(&format!("random{i}"), CurveKind::Ffa).unwrap().mean[0]).sum::<f64>() / 3.0;
    /// assert!((m[0] - by_hand).abs() < 1e-12);
    /// ```
    pub fn with_family_mean<S: AsRef<str>>(mut self, members: &[S], name: &str) -> Result<Curves> {
        if members.is_empty() {
            return Err(Error::param("members", "a family needs at least one ranking"));
        }
        if self.rankings().contains(&name) || name == EXPECTED {
            return Err(Error::param("name", format!("'{}' is already a curve's name", crate::error::quote(name))));
        }
        for kind in [CurveKind::Ffa, CurveKind::Rfa] {
            let curves: Vec<&Curve> = members
                .iter()
                .map(|m| {
                    self.get(m.as_ref(), kind).ok_or_else(|| Error::Unknown {
                        kind: "ranking".into(),
                        name: m.as_ref().into(),
                        known: self.rankings().iter().map(|r| r.to_string()).collect(),
                    })
                })
                .collect::<Result<_>>()?;
            let n = self.sizes.len();
            let per_size = |s: usize| curves.iter().map(|c| c.mean[s]).collect::<Vec<f64>>();
            // Point-wise member means of per-repeat (per-split) values, where every member has them.
            let members_mean = |values: &dyn Fn(&Curve) -> &Vec<Vec<f64>>| -> Vec<Vec<f64>> {
                let width = curves
                    .iter()
                    .map(|c| if values(c).len() == n { values(c).iter().map(Vec::len).min().unwrap_or(0) } else { 0 })
                    .min()
                    .unwrap_or(0);
                (0..n)
                    .filter(|_| width > 0)
                    .map(|s| {
                        (0..width).map(|r| mean(&curves.iter().map(|c| values(c)[s][r]).collect::<Vec<_>>())).collect()
                    })
                    .collect()
            };
            let per_repeat = members_mean(&|c| &c.per_repeat);
            let per_split = members_mean(&|c| &c.per_split);
            let curve = Curve {
                ranking: name.to_string(),
                kind,
                mode: curves[0].mode,
                mean: (0..n).map(|s| mean(&per_size(s))).collect(),
                std: (0..n).map(|s| std(&per_size(s))).collect(),
                lo: None,
                hi: None,
                per_repeat,
                per_split,
            };
            // keep the expected curve last
            let at = self.curves.iter().position(|c| c.kind == CurveKind::Expected).unwrap_or(self.curves.len());
            self.curves.insert(at, curve);
        }
        Ok(self)
    }
}
