//! [`CurveSpec`]: how a curve run is set up (learner, resampling, grid, measure, random rankings, seed).

use std::sync::Arc;

use super::{Candidate, Curves};
use crate::data::{Dataset, Ranking};
use crate::device::Device;
use crate::error::Result;
use crate::eval::{CurveOptions, Grid};
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
    pub(in crate::eval) plan: Option<CvPlan>,
    pub(in crate::eval) progress: bool,
    pub(in crate::eval) options: CurveOptions,
}

impl CurveSpec {
    /// 10×10 stratified CV, the paper grid, the task's default measure, 100 random rankings, seed 0
    /// ([`CurveOptions::default`]). Any learner will do: a model, or one behind a `Box`/`Arc` (e.g. from
    /// [`crate::learners::parse`]).
    pub fn new(learner: impl Learner + 'static) -> CurveSpec {
        CurveSpec { learner: Arc::new(learner), plan: None, progress: false, options: CurveOptions::default() }
    }

    /// Every setting at once (see [`CurveOptions`]).
    pub fn options(mut self, options: CurveOptions) -> CurveSpec {
        self.options = options;
        self
    }

    /// The settings of the run.
    pub fn settings(&self) -> &CurveOptions {
        &self.options
    }

    /// The learner of the run.
    pub fn learner(&self) -> &Arc<dyn Learner> {
        &self.learner
    }

    /// k-fold with `folds` folds per repeat (ignored when a plan is given).
    pub fn folds(mut self, folds: usize) -> CurveSpec {
        self.options.evaluation.resampling.scheme = Scheme::KFold { folds };
        self
    }

    /// The resampling scheme: k-fold (default, 10 folds), holdout or bootstrap (ignored when a plan is
    /// given).
    pub fn scheme(mut self, scheme: Scheme) -> CurveSpec {
        self.options.evaluation.resampling.scheme = scheme;
        self
    }

    /// Repeats (ignored when a plan is given).
    pub fn repeats(mut self, repeats: usize) -> CurveSpec {
        self.options.evaluation.resampling.repeats = repeats;
        self
    }

    /// Use this plan instead of drawing one.
    pub fn plan(mut self, plan: CvPlan) -> CurveSpec {
        self.plan = Some(plan);
        self
    }

    /// Subset sizes to evaluate.
    pub fn grid(mut self, grid: Grid) -> CurveSpec {
        self.options.evaluation.grid = grid;
        self
    }

    /// Performance measure (default: accuracy, or correlation for regression).
    pub fn measure(mut self, measure: Measure) -> CurveSpec {
        self.options.evaluation.measure = Some(measure);
        self
    }

    /// Number of random rankings behind the expected curve (0 = no expected curve).
    pub fn expected(mut self, m: usize) -> CurveSpec {
        self.options.expected = m;
        self
    }

    /// Evaluate each random ranking on `r` of the plan's repeats instead of all (the shortcut of
    /// \[P18\]'s expected curve for costly learners): random ranking i takes repeats i·r, …, i·r + r − 1
    /// (mod the repeats), so every repeat serves the same number of rankings when m·r is a multiple of the
    /// repeats, and m·r ≥ repeats is required. The cost of the expected curve falls by repeats / r. Its
    /// mean stays an unbiased estimate of E\[FFA\]; the 5–95% band over rankings widens, since each
    /// ranking's curve is then a mean over fewer repeats (docs/guide/benchmarks.md, "The papers' SVM protocol", measures both).
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
        self.options.expected_repeats = Some(r);
        self
    }

    /// Seed of the folds, the random rankings and the learners.
    pub fn seed(mut self, seed: u64) -> CurveSpec {
        self.options.evaluation.seed = seed;
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
        self.options.device = device;
        self
    }

    /// This spec around each of `learners`, in their order, all on one plan (this spec's, or the one its
    /// resampling draws on `data` from its seed) — what [`CurveSpec::evaluate_learners`] runs, and what a
    /// cluster plan of several learners cuts into units. Two learners of the same spec are refused (their runs
    /// would share a name).
    pub fn with_learners(&self, data: &Dataset, learners: &[Arc<dyn Learner>]) -> Result<Vec<CurveSpec>> {
        if learners.is_empty() {
            return Err(crate::error::Error::param("learners", "give at least one learner"));
        }
        let mut seen = std::collections::HashSet::new();
        if let Some(twice) = learners.iter().map(|l| l.spec().to_string()).find(|s| !seen.insert(s.clone())) {
            return Err(crate::error::Error::param("learners", format!("'{twice}' is given twice")));
        }
        let plan = match &self.plan {
            Some(plan) => plan.clone(),
            None => self.options.evaluation.plan(data)?,
        };
        let spec = |learner: &Arc<dyn Learner>| CurveSpec {
            learner: learner.clone(),
            plan: Some(plan.clone()),
            ..self.clone()
        };
        Ok(learners.iter().map(spec).collect())
    }

    /// The run of `candidates` with each of `learners` in turn, all on one plan
    /// ([`CurveSpec::with_learners`]) with the same random rankings and the same per-fold rankings, so the
    /// curves compare learner against learner; one [`Curves`] per learner, in their order. The spec's own
    /// learner is not run.
    pub fn evaluate_learners(
        &self,
        data: &Dataset,
        candidates: &[Candidate],
        learners: &[Arc<dyn Learner>],
    ) -> Result<Vec<Curves>> {
        self.with_learners(data, learners)?.iter().map(|spec| spec.evaluate_all(data, candidates)).collect()
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
