//! FFA/RFA error curves ([P18] §3.1, [P20] Algorithm 1) and the expected curve of random rankings.
//!
//! For a ranking R = (F_(1), …, F_(n)):
//! - FFA(k) = performance of a model on the top-k set S^k = {F_(1), …, F_(k)};
//! - RFA(k) = performance of a model on the bottom-k set S_k = {F_(n−k+1), …, F_(n)}.
//!
//! Points are paired by subset size k (the table's `k`); the papers draw RFA right-to-left (at x = i the
//! model on the features ranked i..n) — that is a plotting matter. Every point is cross-validated with one
//! shared [`CvPlan`] (default 10×10 stratified): the predictions of a repeat's folds are pooled, the
//! measure computed, and mean/std taken over repeats.
//!
//! The full feature set (k = n) is evaluated once per (repeat, fold) and shared by every curve, so
//! FFA(n) = RFA(n) holds bit for bit.
//!
//! **Expected curve** ([P18] Eq. 5): the mean over m uniformly random rankings (default 100) of their FFA
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

use polars::prelude::*;
use serde::{Deserialize, Serialize};

use crate::data::{AsDataFrame, Dataset, Frame, Ranker, Ranking};
use crate::error::{Error, Result};
use crate::eval::eca::{eca, Eca, Weighting};
use crate::eval::{CvPlan, FoldRankings, Grid, Measure, Scheme};
use crate::learners::Learner;
use crate::math::{mean, std};

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
    /// The expected curve of uniformly random rankings ([P18] Eq. 5).
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
    /// A ranker to run inside every training split, named by its [`Ranker::name`].
    pub fn per_fold(ranker: impl Ranker + 'static) -> Candidate {
        Candidate::PerFold { name: ranker.name(), ranker: Arc::new(ranker) }
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
    /// Expected curve only: 5% quantile over random rankings, per size.
    pub lo: Option<Vec<f64>>,
    /// Expected curve only: 95% quantile over random rankings, per size.
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
    /// Repeats.
    pub repeats: usize,
    /// Random rankings behind the expected curve (0 = none).
    pub expected_rankings: usize,
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

/// How a curve run is set up; call [`CurveSpec::evaluate`].
///
/// ```
/// use featrank::prelude::*;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
/// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(10).seed(1)
///     .evaluate(&iris, &[r.with_name("good")]).unwrap();
/// let ffa = curves.get("good", CurveKind::Ffa).unwrap();
/// let rfa = curves.get("good", CurveKind::Rfa).unwrap();
/// assert_eq!(ffa.mean.last(), rfa.mean.last()); // FFA(n) = RFA(n)
/// assert!(ffa.mean[0] > rfa.mean[0]);             // petal width alone beats sepal width alone
/// ```
#[derive(Debug, Clone)]
pub struct CurveSpec {
    pub(super) learner: Arc<dyn Learner>,
    pub(super) scheme: Scheme,
    pub(super) repeats: usize,
    pub(super) plan: Option<CvPlan>,
    pub(super) grid: Grid,
    pub(super) measure: Option<Measure>,
    pub(super) expected: usize,
    pub(super) expected_repeats: Option<usize>,
    pub(super) seed: u64,
    pub(super) progress: bool,
}

impl CurveSpec {
    /// 10×10 stratified CV, the paper grid, the task's default measure, 100 random rankings, seed 0.
    /// Any learner will do: a model, or one behind a `Box`/`Arc` (e.g. from [`crate::learners::parse`]).
    pub fn new(learner: impl Learner + 'static) -> CurveSpec {
        CurveSpec {
            learner: Arc::new(learner),
            scheme: Scheme::default(),
            repeats: 10,
            plan: None,
            grid: Grid::Paper,
            measure: None,
            expected: 100,
            expected_repeats: None,
            seed: 0,
            progress: false,
        }
    }

    /// k-fold with `folds` folds per repeat (ignored when a plan is given).
    pub fn folds(mut self, folds: usize) -> CurveSpec {
        self.scheme = Scheme::KFold { folds };
        self
    }

    /// The resampling scheme: k-fold (default, 10 folds), holdout or bootstrap (ignored when a plan is
    /// given).
    pub fn scheme(mut self, scheme: Scheme) -> CurveSpec {
        self.scheme = scheme;
        self
    }

    /// Repeats (ignored when a plan is given).
    pub fn repeats(mut self, repeats: usize) -> CurveSpec {
        self.repeats = repeats;
        self
    }

    /// Use this plan instead of drawing one.
    pub fn plan(mut self, plan: CvPlan) -> CurveSpec {
        self.plan = Some(plan);
        self
    }

    /// Subset sizes to evaluate.
    pub fn grid(mut self, grid: Grid) -> CurveSpec {
        self.grid = grid;
        self
    }

    /// Performance measure (default: accuracy, or correlation for regression).
    pub fn measure(mut self, measure: Measure) -> CurveSpec {
        self.measure = Some(measure);
        self
    }

    /// Number of random rankings behind the expected curve (0 = no expected curve).
    pub fn expected(mut self, m: usize) -> CurveSpec {
        self.expected = m;
        self
    }

    /// Evaluate each random ranking on `r` of the plan's repeats instead of all (the shortcut of
    /// [P18]'s expected curve for costly learners): random ranking i takes repeats i·r, …, i·r + r − 1
    /// (mod the repeats), so every repeat serves the same number of rankings when m·r is a multiple of the
    /// repeats, and m·r ≥ repeats is required. The cost of the expected curve falls by repeats / r. Its
    /// mean stays an unbiased estimate of E[FFA]; the 5–95% band over rankings widens, since each
    /// ranking's curve is then a mean over fewer repeats (README, "The papers' SVM protocol", measures both).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let spec = CurveSpec::new(Knn::new()).folds(3).repeats(4).expected(8);
    /// let all = spec.clone().evaluate(&iris, &[]).unwrap();
    /// let some = spec.expected_repeats(1).evaluate(&iris, &[]).unwrap();
    /// assert_eq!(some.expected_repeats, Some(1));
    /// let (a, b) = (all.expected().unwrap(), some.expected().unwrap());
    /// assert_eq!(b.per_repeat[0].len(), 4); // every repeat still has its random rankings
    /// assert!((a.mean[1] - b.mean[1]).abs() < 0.1);
    /// ```
    pub fn expected_repeats(mut self, r: usize) -> CurveSpec {
        self.expected_repeats = Some(r);
        self
    }

    /// Seed of the folds, the random rankings and the learners.
    pub fn seed(mut self, seed: u64) -> CurveSpec {
        self.seed = seed;
        self
    }

    /// Report progress on stderr.
    pub fn progress(mut self, on: bool) -> CurveSpec {
        self.progress = on;
        self
    }

    /// Build FFA and RFA curves of every (fixed) ranking, and the expected curve.
    pub fn evaluate(&self, data: &Dataset, rankings: &[Ranking]) -> Result<Curves> {
        let candidates: Vec<Candidate> = rankings.iter().cloned().map(Candidate::Fixed).collect();
        self.evaluate_all(data, &candidates)
    }

    /// Build FFA and RFA curves of every candidate — fixed rankings and rankers run inside every training
    /// split — and the expected curve, all on one plan: every unit of the run ([`CurveRun`]) computed
    /// here, in parallel.
    pub fn evaluate_all(&self, data: &Dataset, candidates: &[Candidate]) -> Result<Curves> {
        let run = self.prepare(data, candidates)?;
        let results = run.compute(&run.units())?;
        run.assemble(results)
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
            known: self.fold_rankings.iter().map(|f| f.ranking.as_str()).collect::<Vec<_>>().join(", "),
        })
    }

    /// Names of the rankings, in the order given.
    pub fn rankings(&self) -> Vec<&str> {
        self.curves
            .iter()
            .filter(|c| c.kind == CurveKind::Ffa)
            .map(|c| c.ranking.as_str())
            .collect()
    }

    /// Add the point-wise mean of several rankings' curves as a ranking called `name` — [P18] §4.2 scores a
    /// family of noisy rankings R_θ by the mean of their FFA and RFA curves, E[FFA]_θ and E[RFA]_θ. The
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
            return Err(Error::param("name", format!("'{name}' is already a curve's name")));
        }
        for kind in [CurveKind::Ffa, CurveKind::Rfa] {
            let curves: Vec<&Curve> = members
                .iter()
                .map(|m| {
                    self.get(m.as_ref(), kind).ok_or_else(|| Error::Unknown {
                        kind: "ranking".into(),
                        name: m.as_ref().into(),
                        known: self.rankings().join(", "),
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
                    .map(|s| (0..width).map(|r| mean(&curves.iter().map(|c| values(c)[s][r]).collect::<Vec<_>>())).collect())
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

    /// Long table with columns `ranking, curve, mode, k, mean, std, lo, hi` (lo/hi null where not defined;
    /// `mode` is `fixed`, `per-fold` or `random`).
    pub fn to_polars(&self) -> Result<Frame> {
        let (mut ranking, mut curve, mut mode, mut k) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut mean, mut std, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for c in &self.curves {
            for (s, &size) in self.sizes.iter().enumerate() {
                ranking.push(c.ranking.clone());
                curve.push(c.kind.label());
                mode.push(c.mode.label());
                k.push(size as u32);
                mean.push(c.mean[s]);
                std.push(c.std[s]);
                lo.push(c.lo.as_ref().map(|v| v[s]));
                hi.push(c.hi.as_ref().map(|v| v[s]));
            }
        }
        Ok(DataFrame::new(
            k.len(),
            vec![
                Column::new("ranking".into(), ranking),
                Column::new("curve".into(), curve),
                Column::new("mode".into(), mode),
                Column::new("k".into(), k),
                Column::new("mean".into(), mean),
                Column::new("std".into(), std),
                Column::new("lo".into(), lo),
                Column::new("hi".into(), hi),
            ],
        )?.into())
    }

    /// Save as JSON (everything, per-repeat values included).
    pub fn save_json(&self, path: impl AsRef<std::path::Path>) -> Result<()> {
        let path = path.as_ref();
        let text = serde_json::to_string(self)?;
        std::fs::write(path, text).map_err(|e| Error::io(path, e))
    }

    /// Load what [`Curves::save_json`] wrote.
    pub fn load_json(path: impl AsRef<std::path::Path>) -> Result<Curves> {
        let path = path.as_ref();
        let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
        let on_disk = file.metadata().map_err(|e| Error::io(path, e))?.len();
        let text = crate::data::io::within_limit::read_input(file, on_disk, false, &path.display().to_string())?;
        serde_json::from_slice(&text).map_err(|e| Error::Parse {
            source_name: path.display().to_string(),
            line: Some(e.line()),
            reason: format!("not the JSON of a curve run (`featrank curves --json`, Curves::save_json): {e}"),
        })
    }

    /// ECA of ranking `a` against `baseline` (another ranking's name, or `expected`).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let c = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(10)
    ///     .evaluate(&iris, &[good.with_name("good")]).unwrap();
    /// assert!(c.eca("good", Baseline::Expected, Weighting::Uniform).unwrap().eca > 0.0);
    /// assert!(c.eca("good", "good", Weighting::Uniform).unwrap().eca == 0.0);
    /// ```
    pub fn eca<'b>(&self, a: &str, baseline: impl Into<Baseline<'b>>, w: Weighting) -> Result<Eca> {
        self.eca_of(a, baseline.into(), w, &|c: &Curve| Some(c.mean.clone()))
    }

    /// Where to splice `head` and `tail` ([`Ranking::splice`]): the grid size k at which `head`'s
    /// cumulative FFA advantage over `tail`, Σ_{sᵢ ≤ k} widthᵢ·(FFA_head(sᵢ) − FFA_tail(sᵢ)) (oriented so
    /// that positive = `head` better; widths as in ECA), is largest — `head` leads up to k and `tail`
    /// gains after it. `None` when the curves do not cross that way: `head` never leads, or `tail` never
    /// leads after the best k.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// // FFA means of two rankings of 4 features: a leads at k = 1, 2; b leads at k = 3
    /// let table = df!(
    ///     "ranking" => ["a", "a", "a", "a", "b", "b", "b", "b"],
    ///     "curve" => ["FFA"; 8],
    ///     "k" => [1u32, 2, 3, 4, 1, 2, 3, 4],
    ///     "mean" => [0.90, 0.92, 0.93, 0.95, 0.70, 0.90, 0.96, 0.95]
    /// ).unwrap();
    /// let curves = Curves::from_polars(&table, Measure::Accuracy).unwrap();
    /// assert_eq!(curves.splice_point("a", "b").unwrap(), Some(2));
    /// assert_eq!(curves.splice_point("b", "a").unwrap(), None); // b never leads first
    /// let a = Ranking::from_order(&["x", "y", "z", "w"]).unwrap().with_name("a");
    /// let b = Ranking::from_order(&["w", "z", "y", "x"]).unwrap().with_name("b");
    /// assert_eq!(a.splice(&b, 2).unwrap().order(), ["x", "y", "w", "z"]); // evaluate it like any ranking
    /// ```
    pub fn splice_point(&self, head: &str, tail: &str) -> Result<Option<usize>> {
        let ffa = |name: &str| {
            self.get(name, CurveKind::Ffa).ok_or_else(|| Error::Unknown {
                kind: "ranking".into(),
                name: name.into(),
                known: self.rankings().join(", "),
            })
        };
        let (h, t) = (ffa(head)?, ffa(tail)?);
        let sign = if self.measure.higher_is_better() { 1.0 } else { -1.0 };
        let d: Vec<f64> = h.mean.iter().zip(&t.mean).map(|(a, b)| sign * (a - b)).collect();
        let (mut lead, mut best, mut at, mut prev) = (0.0, 0.0, None, 0);
        for (i, (&s, &di)) in self.sizes.iter().zip(&d).enumerate() {
            lead += (s - prev) as f64 * di;
            prev = s;
            if lead > best {
                (best, at) = (lead, Some(i));
            }
        }
        Ok(at.filter(|&i| d[i + 1..].iter().any(|&x| x < 0.0)).map(|i| self.sizes[i]))
    }

    /// ECA of ranking `a` against `baseline` on every repeat or every split alone: the samples behind the
    /// tests of [`crate::compare::significance`]. Needs per-split values for [`Sample::Split`] (curves from
    /// a run or its JSON, not from a table).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let c = CurveSpec::new(Knn::new()).folds(5).repeats(3).expected(10)
    ///     .evaluate(&iris, &[good.with_name("good")]).unwrap();
    /// let per_split = c.eca_samples("good", Baseline::Expected, Weighting::Uniform, Sample::Split).unwrap();
    /// assert_eq!(per_split.len(), 15);
    /// assert!(per_split.iter().all(|&e| e > 0.0));
    /// ```
    pub fn eca_samples<'b>(&self, a: &str, baseline: impl Into<Baseline<'b>>, w: Weighting, sample: Sample) -> Result<Vec<f64>> {
        let baseline = baseline.into();
        let n = match sample {
            Sample::Repeat => self.curves.iter().map(|c| c.per_repeat.first().map_or(0, Vec::len)).min().unwrap_or(0),
            Sample::Split => self.curves.iter().map(|c| c.per_split.first().map_or(0, Vec::len)).min().unwrap_or(0),
        };
        if n == 0 {
            return Err(Error::param(
                "curves",
                format!("these curves keep no per-{} values (curves read from a table do not)", sample.label()),
            ));
        }
        (0..n)
            .map(|i| {
                let pick = |c: &Curve| -> Option<Vec<f64>> {
                    let v = match sample {
                        Sample::Repeat => &c.per_repeat,
                        Sample::Split => &c.per_split,
                    };
                    v.iter().map(|at| at.get(i).copied()).collect()
                };
                Ok(self.eca_of(a, baseline, w, &pick)?.eca)
            })
            .collect()
    }

    /// ECA of `a` against `baseline` from the values `pick` takes of each curve (its means, or one repeat's).
    fn eca_of(&self, a: &str, baseline: Baseline<'_>, w: Weighting, pick: &dyn Fn(&Curve) -> Option<Vec<f64>>) -> Result<Eca> {
        let values = |c: &Curve| {
            pick(c).filter(|v| v.len() == self.sizes.len()).ok_or_else(|| {
                Error::param("curves", format!("the {} curve of '{}' does not cover every size", c.kind.label(), c.ranking))
            })
        };
        let pair = |b: Baseline<'_>| -> Result<(Vec<f64>, Vec<f64>)> {
            let name = match b {
                Baseline::Ranking(name) => name,
                Baseline::Expected => {
                    let e = self.expected().ok_or_else(|| {
                        Error::param("baseline", "these curves have no expected curve (run with expected > 0)")
                    })?;
                    let v = values(e)?;
                    return Ok((v.clone(), v));
                }
            };
            match (self.get(name, CurveKind::Ffa), self.get(name, CurveKind::Rfa)) {
                (Some(f), Some(r)) => Ok((values(f)?, values(r)?)),
                _ => Err(Error::Unknown {
                    kind: "ranking".into(),
                    name: name.into(),
                    known: self.rankings().join(", "),
                }),
            }
        };
        let (x, y) = (pair(Baseline::Ranking(a))?, pair(baseline)?);
        let mut s = eca((&x.0, &x.1), (&y.0, &y.1), &self.sizes, w);
        if !self.measure.higher_is_better() {
            s = Eca { ffa_delta: -s.ffa_delta, rfa_delta: -s.rfa_delta, eca: -s.eca };
        }
        Ok(s)
    }

    /// Rebuild curves from the long table of [`Curves::to_polars`] (`ranking, curve, k, mean`, and `mode`,
    /// `std`, `lo`, `hi` if present; without `mode`, rankings read as fixed). Per-repeat values and run settings are not in the table: repeats, folds and
    /// seed read 0, and `measure` says how to read the values.
    pub fn from_polars(table: impl AsDataFrame, measure: Measure) -> Result<Curves> {
        let table = table.as_data_frame();
        let names: Vec<String> = table.get_column_names().iter().map(|s| s.to_string()).collect();
        let col = |c: &str| table.column(c).map_err(|_| Error::missing_column(c, &names));
        let strings = |c: &str| -> Result<Vec<String>> {
            Ok(col(c)?.cast(&DataType::String)?.str()?.iter().map(|v| v.unwrap_or_default().to_string()).collect())
        };
        let floats = |c: &str| -> Result<Vec<Option<f64>>> {
            match table.column(c) {
                Ok(s) => Ok(s.cast(&DataType::Float64)?.f64()?.iter().collect()),
                Err(_) => Ok(vec![None; table.height()]),
            }
        };
        let (ranking, curve) = (strings("ranking")?, strings("curve")?);
        let modes = match table.column("mode") {
            Ok(_) => strings("mode")?,
            Err(_) => vec![String::new(); table.height()],
        };
        let k: Vec<Option<f64>> = {
            col("k")?;
            floats("k")?
        };
        let (mean, std, lo, hi) = (floats("mean")?, floats("std")?, floats("lo")?, floats("hi")?);
        let mut curves: Vec<Curve> = Vec::new();
        let mut sizes: Vec<usize> = Vec::new();
        for i in 0..table.height() {
            let kind = match curve[i].as_str() {
                "FFA" => CurveKind::Ffa,
                "RFA" => CurveKind::Rfa,
                EXPECTED => CurveKind::Expected,
                other => return Err(Error::column("curve", format!("row {i}: '{other}' is not FFA, RFA or expected"))),
            };
            let mode = match (modes[i].as_str(), kind) {
                ("", CurveKind::Expected) | ("random", _) => Mode::Random,
                ("" | "fixed", _) => Mode::Fixed,
                ("per-fold", _) => Mode::PerFold,
                (other, _) => {
                    return Err(Error::column("mode", format!("row {i}: '{other}' is not fixed, per-fold or random")))
                }
            };
            let (Some(size), Some(m)) = (k[i], mean[i]) else {
                return Err(Error::column("k/mean", format!("row {i} has no value")));
            };
            if !(size >= 0.0 && size.fract() == 0.0) {
                return Err(Error::column("k", format!("row {i}: {size} is not a subset size")));
            }
            let idx = match curves.iter().position(|c| c.ranking == ranking[i] && c.kind == kind) {
                Some(p) => p,
                None => {
                    curves.push(Curve {
                        ranking: ranking[i].clone(),
                        kind,
                        mode,
                        mean: vec![],
                        std: vec![],
                        lo: lo[i].map(|_| vec![]),
                        hi: hi[i].map(|_| vec![]),
                        per_repeat: vec![],
                        per_split: vec![],
                    });
                    curves.len() - 1
                }
            };
            let c = &mut curves[idx];
            if idx == 0 {
                sizes.push(size as usize);
            }
            c.mean.push(m);
            c.std.push(std[i].unwrap_or(0.0));
            if let (Some(v), Some(x)) = (c.lo.as_mut(), lo[i]) {
                v.push(x);
            }
            if let (Some(v), Some(x)) = (c.hi.as_mut(), hi[i]) {
                v.push(x);
            }
        }
        if curves.is_empty() {
            return Err(Error::EmptyData { what: "the curves table has no rows".into() });
        }
        if sizes[0] == 0 || sizes.windows(2).any(|w| w[1] <= w[0]) {
            return Err(Error::column("k", "subset sizes must start at 1 or more and increase along each curve"));
        }
        if let Some(c) = curves.iter().find(|c| c.mean.len() != sizes.len()) {
            return Err(Error::column(
                "k",
                format!("curve {} of '{}' has {} points, the first curve {}", c.kind.label(), c.ranking, c.mean.len(), sizes.len()),
            ));
        }
        Ok(Curves {
            learner: String::new(),
            measure,
            sizes,
            scheme: Scheme::default(),
            folds: 0,
            repeats: 0,
            expected_rankings: 0,
            expected_repeats: None,
            seed: 0,
            curves,
            fold_rankings: Vec::new(),
        })
    }
}
