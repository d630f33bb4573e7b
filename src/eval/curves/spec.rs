//! [`CurveSpec`]: how a curve run is set up (learner, resampling, grid, measure, random rankings, seed).

use std::sync::Arc;

use super::{Candidate, Curves};
use crate::data::{Dataset, Ranking};
use crate::device::Device;
use crate::error::Result;
use crate::eval::{defaults, Grid};
use crate::learners::Learner;
use crate::resampling::{CvPlan, Measure, Scheme};

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
    pub(in crate::eval) learner: Arc<dyn Learner>,
    pub(in crate::eval) scheme: Scheme,
    pub(in crate::eval) repeats: usize,
    pub(in crate::eval) plan: Option<CvPlan>,
    pub(in crate::eval) grid: Grid,
    pub(in crate::eval) measure: Option<Measure>,
    pub(in crate::eval) expected: usize,
    pub(in crate::eval) expected_repeats: Option<usize>,
    pub(in crate::eval) seed: u64,
    pub(in crate::eval) progress: bool,
    pub(in crate::eval) device: Device,
}

/// A curve run's settings as text and numbers, the way `featrank curves` and `featrank.curves` (Python) take
/// them; [`CurveSpec::with_options`] checks and applies them.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::eval::RunOptions;
/// let o = RunOptions { scheme: "holdout:0.33", repeats: 5, ..RunOptions::default() };
/// assert!(CurveSpec::with_options(Knn::new(), &o).is_ok());
/// let bad = RunOptions { grid: "most", ..RunOptions::default() };
/// assert!(CurveSpec::with_options(Knn::new(), &bad).is_err());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct RunOptions<'a> {
    /// `kfold` (with `folds`), `holdout:F` (test fraction) or `bootstrap`.
    pub scheme: &'a str,
    /// Folds per repeat of `kfold`.
    pub folds: usize,
    /// Repeats of the resampling.
    pub repeats: usize,
    /// `full`, `paper`, or subset sizes separated by commas.
    pub grid: &'a str,
    /// Random rankings behind the expected curve.
    pub expected: usize,
    /// Repeats each random ranking is evaluated on (None: all).
    pub expected_repeats: Option<usize>,
    /// The measure (None: the task's default).
    pub measure: Option<&'a str>,
    /// Seed of folds, random rankings and learners.
    pub seed: u64,
    /// Progress lines on stderr.
    pub progress: bool,
    /// Where the learner computes ([`Device`]; kNN only on the GPU).
    pub device: Device,
}

impl Default for RunOptions<'_> {
    /// The CLI's defaults: 10×10 k-fold, the paper grid, 100 random rankings on every repeat, seed 0.
    fn default() -> Self {
        RunOptions {
            scheme: defaults::SCHEME,
            folds: defaults::FOLDS,
            repeats: defaults::REPEATS,
            grid: defaults::GRID,
            expected: defaults::RANDOM_RANKINGS,
            expected_repeats: None,
            measure: None,
            seed: defaults::SEED,
            progress: false,
            device: Device::Cpu,
        }
    }
}

impl RunOptions<'_> {
    /// The resampling scheme: `kfold` with [`RunOptions::folds`], else the scheme's own text.
    pub fn parsed_scheme(&self) -> Result<Scheme> {
        if self.scheme.trim() == "kfold" {
            Ok(Scheme::KFold { folds: self.folds })
        } else {
            self.scheme.parse()
        }
    }
}

impl CurveSpec {
    /// The spec `options` describe for `learner`, each text parsed and checked.
    pub fn with_options(learner: impl Learner + 'static, options: &RunOptions<'_>) -> Result<CurveSpec> {
        let mut spec = CurveSpec::new(learner)
            .scheme(options.parsed_scheme()?)
            .repeats(options.repeats)
            .grid(options.grid.parse()?)
            .expected(options.expected)
            .seed(options.seed)
            .progress(options.progress)
            .device(options.device);
        if let Some(r) = options.expected_repeats {
            spec = spec.expected_repeats(r);
        }
        if let Some(m) = options.measure {
            spec = spec.measure(m.parse()?);
        }
        Ok(spec)
    }

    /// 10×10 stratified CV, the paper grid, the task's default measure, 100 random rankings, seed 0.
    /// Any learner will do: a model, or one behind a `Box`/`Arc` (e.g. from [`crate::learners::parse`]).
    pub fn new(learner: impl Learner + 'static) -> CurveSpec {
        CurveSpec {
            learner: Arc::new(learner),
            scheme: Scheme::default(),
            repeats: defaults::REPEATS,
            plan: None,
            grid: Grid::default(),
            measure: None,
            expected: defaults::RANDOM_RANKINGS,
            expected_repeats: None,
            seed: defaults::SEED,
            progress: false,
            device: Device::Cpu,
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
    /// \[P18\]'s expected curve for costly learners): random ranking i takes repeats i·r, …, i·r + r − 1
    /// (mod the repeats), so every repeat serves the same number of rankings when m·r is a multiple of the
    /// repeats, and m·r ≥ repeats is required. The cost of the expected curve falls by repeats / r. Its
    /// mean stays an unbiased estimate of E\[FFA\]; the 5–95% band over rankings widens, since each
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

    /// Where the learner computes: the CPU (default) or the GPU ([`Device::Gpu`]: kNN's distance chains, with
    /// the cargo feature `gpu`), with byte-identical curves. A learner the device cannot run, a build without
    /// the feature, or no GPU found is an error when the run is checked, before any work.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let err = CurveSpec::new(Svm::new()).device(Device::Gpu).evaluate(&iris, &[]).unwrap_err();
    /// assert!(err.to_string().contains("kNN"));
    /// ```
    pub fn device(mut self, device: Device) -> CurveSpec {
        self.device = device;
        self
    }

    /// Build FFA and RFA curves of every (fixed) ranking, and the expected curve.
    pub fn evaluate(&self, data: &Dataset, rankings: &[Ranking]) -> Result<Curves> {
        let candidates: Vec<Candidate> = rankings.iter().cloned().map(Candidate::Fixed).collect();
        self.evaluate_all(data, &candidates)
    }

    /// Build FFA and RFA curves of every candidate — fixed rankings and rankers run inside every training
    /// split — and the expected curve, all on one plan: every unit of the run
    /// ([`CurveRun`](crate::eval::CurveRun)) computed here, in parallel.
    pub fn evaluate_all(&self, data: &Dataset, candidates: &[Candidate]) -> Result<Curves> {
        let run = self.prepare(data, candidates)?;
        let results = run.compute(&run.units())?;
        run.assemble(results)
    }
}
