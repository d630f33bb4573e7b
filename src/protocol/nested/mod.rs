//! **Nested evaluation**: an honest estimate of the whole selection procedure — ranker, its parameters, the
//! learner's parameters and the subset size all chosen inside each outer training split.
//!
//! For every outer split (any [`Scheme`], repeated): an inner stratified k-fold CV on the outer training rows
//! computes the FFA curves of every (ranker, learner) point of the grids, rankers again inside each inner
//! training fold; a [`SizeRule`] picks each point's subset size and the point whose curve is best there wins
//! (ties: the first in grid order). The winner is refitted on all outer training rows — the ranker ranks them,
//! the learner fits on the top k — and scored on the outer test rows. The mean over outer splits, with the
//! corrected resampled t interval (Nadeau & Bengio 2003), estimates what the procedure delivers on new data
//! (Varma & Simon 2006; Cawley & Talbot 2010). The **optimism** is what the ordinary answer claims beyond it:
//! the best point of the ordinary curves (the same outer splits, every grid point and size, the best picked
//! after the fact) minus the nested estimate.

mod options;
mod run;

use std::sync::Arc;

pub use options::NestedOptions;
pub use run::{NestedResult, NestedRun, NestedUnit};

use polars::prelude::*;
use serde::{Deserialize, Serialize};

use crate::compare::significance::test_to_train;
use crate::compare::{SizeChoices, SizeRule};
use crate::data::{Dataset, Frame};
use crate::error::{Error, Result};
use crate::eval::{Candidate, CurveSpec, Grid};
use crate::learners::{self, Learner};
use crate::math::corrected_t_test;
use crate::memory;
use crate::rankers::{self, Ranker};
use crate::resampling::Fold;
use crate::resampling::{CvPlan, Kept, Measure, Resampling, Scheme};
use crate::spec::Spec;

/// What a nested evaluation runs: grids of rankers and learners in the spec grammar (a list value is a grid,
/// `relieff:k=[5,10,20]`, `svm:c=[0.1,1]`), the outer resampling, the inner folds, the size rule.
///
/// ```
/// use featrank::protocol::NestedSpec;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let nested = NestedSpec::new(&["relieff:k=[5,10]"], "knn:k=[1,5]").unwrap().folds(5).inner_folds(3).evaluate(&iris).unwrap();
/// assert_eq!(nested.splits.len(), 5);
/// assert!(nested.estimate().unwrap().mean > 0.85);
/// ```
#[derive(Debug, Clone)]
pub struct NestedSpec {
    rankers: Vec<RankerPoint>,
    learners: Vec<LearnerPoint>,
    options: NestedOptions,
}

/// A point of the learner grid: the spec results name it by (as given), and the learner.
#[derive(Debug, Clone)]
struct LearnerPoint {
    spec: Spec,
    learner: Arc<dyn Learner>,
}

/// A point of the ranker grid: the name results give it (a spec text as given, or a user's method's name),
/// and the ranker.
#[derive(Debug, Clone)]
struct RankerPoint {
    name: String,
    ranker: Arc<dyn Ranker>,
}

/// The choice and the score of one outer split.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NestedSplit {
    /// Repeat of the outer resampling.
    pub repeat: usize,
    /// Fold (split) within the repeat.
    pub fold: usize,
    /// The ranker chosen by the inner CV (one point of its grid).
    pub ranker: String,
    /// The learner chosen by the inner CV.
    pub learner: String,
    /// The subset size chosen.
    pub k: usize,
    /// The inner CV's value of the choice (on the outer training rows).
    pub inner: f64,
    /// The refitted choice's value on the outer test rows.
    pub outer: f64,
}

/// The best point of the ordinary (non-nested) curves on the same outer splits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrdinaryBest {
    /// Ranker of the best point.
    pub ranker: String,
    /// Learner of the best point.
    pub learner: String,
    /// Its subset size.
    pub k: usize,
    /// Its curve mean.
    pub value: f64,
}

/// The result of a nested evaluation: every outer split's choice and score, and the ordinary answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Nested {
    /// The ranker grid points.
    pub rankers: Vec<String>,
    /// The learner grid points.
    pub learners: Vec<String>,
    /// The measure.
    pub measure: Measure,
    /// The outer resampling.
    pub scheme: Scheme,
    /// Repeats of the outer resampling.
    pub repeats: usize,
    /// The groups the outer plan kept whole and the time order it followed ([`Kept`]).
    #[serde(default)]
    pub kept: Kept,
    /// Inner folds.
    pub inner_folds: usize,
    /// The size rule of the inner choice.
    pub rule: SizeRule,
    /// One row per outer split, in (repeat, fold) order.
    pub splits: Vec<NestedSplit>,
    /// The best point of the ordinary curves.
    pub ordinary: OrdinaryBest,
}

/// Whether `value` beats the best so far (none yet: it does); ties keep the earlier one.
fn beats(higher_is_better: bool, value: f64, best: Option<f64>) -> bool {
    best.is_none_or(|b| if higher_is_better { value > b } else { value < b })
}

/// The grid points of specs (each spec with lists expands to every combination).
fn points(specs: &[&str], what: &str) -> Result<Vec<Spec>> {
    let mut out = Vec::new();
    for text in specs {
        let spec: Spec = text.parse()?;
        out.extend(spec.grid());
    }
    if out.is_empty() {
        return Err(Error::param(what, "give at least one spec"));
    }
    Ok(out)
}

impl NestedSpec {
    /// Nested evaluation of the ranker grids `rankers` with the learner grid `learner`; defaults: outer
    /// 10-fold CV once, inner 5-fold, the 1-SE rule, the paper grid of sizes, the task's measure, seed 0.
    /// Every point is checked here (unknown methods or keys are errors before any work).
    pub fn new(rankers: &[&str], learner: &str) -> Result<NestedSpec> {
        let learners = points(&[learner], "learner")?
            .into_iter()
            .map(|spec| Ok(LearnerPoint { learner: learners::parse(&spec.to_string())?.into(), spec }))
            .collect::<Result<Vec<_>>>()?;
        NestedSpec::of(rankers, learners)
    }

    /// Nested evaluation of the ranker grids `rankers` with one learner of fixed parameters, given as a
    /// model: any [`Learner`], e.g. a linfa model ([`crate::learners::LinfaLearner`]) or
    /// one built in code. Results name it by its spec ([`Method::spec`](crate::method::Method::spec)).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::protocol::NestedSpec;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let a = NestedSpec::with_learner(&["relieff"], Knn::new().k(5)).unwrap().folds(3).inner_folds(3);
    /// let b = NestedSpec::new(&["relieff"], "knn:k=5,ties=all,distance=euclidean").unwrap().folds(3).inner_folds(3);
    /// assert_eq!(a.evaluate(&iris).unwrap(), b.evaluate(&iris).unwrap());
    /// ```
    pub fn with_learner(rankers: &[&str], learner: impl Learner + 'static) -> Result<NestedSpec> {
        NestedSpec::of(rankers, vec![LearnerPoint { spec: learner.spec(), learner: Arc::new(learner) }])
    }

    /// The defaults around the ranker grids `rankers` (each point checked; none is allowed when rankers
    /// are added as objects, [`Self::ranker`]) and the learner points.
    fn of(rankers: &[&str], learners: Vec<LearnerPoint>) -> Result<NestedSpec> {
        let mut points = Vec::new();
        for text in rankers {
            for spec in text.parse::<Spec>()?.grid() {
                let name = spec.to_string();
                points.push(RankerPoint { ranker: rankers::from_spec(&spec)?.into(), name });
            }
        }
        Ok(NestedSpec { rankers: points, learners, options: NestedOptions::default() })
    }

    /// One more point of the ranker grid: any [`Ranker`] — a user's own ([`crate::rankers::from_fn`], a
    /// linfa model's, a Python function's), one built in code — chosen among the others by the inner CV
    /// under `name`, which results carry (it must differ from the other points' names).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::protocol::NestedSpec;
    /// use featrank::rankers::from_fn;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let own = from_fn("own-fisher", |d: &Dataset, seed| Fisher::new().scores(d, seed));
    /// let nested = NestedSpec::new(&[], "knn:k=5").unwrap().ranker("own-fisher", own).folds(3).inner_folds(3);
    /// let run = nested.evaluate(&iris).unwrap();
    /// assert!(run.splits.iter().all(|s| s.ranker == "own-fisher"));
    /// ```
    pub fn ranker(mut self, name: impl Into<String>, ranker: impl Ranker + 'static) -> NestedSpec {
        self.rankers.push(RankerPoint { name: name.into(), ranker: Arc::new(ranker) });
        self
    }

    /// The names of the ranker grid's points, in grid order (what results carry).
    pub(crate) fn ranker_names(&self) -> impl Iterator<Item = String> + '_ {
        self.rankers.iter().map(|r| r.name.clone())
    }

    /// Every setting at once (see [`NestedOptions`]); [`Self::evaluate`] uses the first of its rules.
    pub fn options(mut self, options: NestedOptions) -> NestedSpec {
        self.options = options;
        self
    }

    /// The settings of the evaluation.
    pub fn settings(&self) -> &NestedOptions {
        &self.options
    }

    /// The outer resampling: its scheme and repeats (default one 10-fold CV).
    pub fn resampling(mut self, resampling: Resampling) -> NestedSpec {
        self.options.evaluation.resampling = resampling;
        self
    }

    /// Outer k-fold CV with `folds` folds.
    pub fn folds(mut self, folds: usize) -> NestedSpec {
        self.options.evaluation.resampling.scheme = Scheme::KFold { folds };
        self
    }

    /// The outer resampling scheme.
    pub fn scheme(mut self, scheme: Scheme) -> NestedSpec {
        self.options.evaluation.resampling.scheme = scheme;
        self
    }

    /// Repeats of the outer resampling.
    pub fn repeats(mut self, repeats: usize) -> NestedSpec {
        self.options.evaluation.resampling.repeats = repeats;
        self
    }

    /// Folds of the inner stratified CV (at least 2).
    pub fn inner_folds(mut self, folds: usize) -> NestedSpec {
        self.options.inner_folds = folds;
        self
    }

    /// The rule that picks each grid point's subset size on its inner FFA curve.
    pub fn rule(mut self, rule: SizeRule) -> NestedSpec {
        self.options.rules = vec![rule];
        self
    }

    /// The subset sizes of the curves.
    pub fn grid(mut self, grid: Grid) -> NestedSpec {
        self.options.evaluation.grid = grid;
        self
    }

    /// The measure (default: the task's).
    pub fn measure(mut self, measure: Measure) -> NestedSpec {
        self.options.evaluation.measure = Some(measure);
        self
    }

    /// Seed of the outer and inner splits, rankers and learners.
    pub fn seed(mut self, seed: u64) -> NestedSpec {
        self.options.evaluation.seed = seed;
        self
    }

    /// Run the nested evaluation on `data` (and the ordinary curves on the same outer splits).
    pub fn evaluate(&self, data: &Dataset) -> Result<Nested> {
        let mut runs = self.evaluate_rules(data, &self.options.rules[..self.options.rules.len().min(1)])?;
        runs.pop().ok_or_else(|| Error::param("rule", "no rule to evaluate"))
    }

    /// One nested evaluation per size rule, all from the same inner curves (the rule set by [`Self::rule`] is
    /// not used): e.g. the parameters chosen at each of a paper's fixed budgets, `SizeRule::At(50)`, … .
    ///
    /// ```
    /// use featrank::compare::SizeRule;
    /// use featrank::eval::Grid;
    /// use featrank::protocol::NestedSpec;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let spec = NestedSpec::new(&["fisher"], "knn:k=[1,5]").unwrap().folds(5).inner_folds(3).grid(Grid::Custom(vec![1, 2]));
    /// let runs = spec.evaluate_rules(&iris, &[SizeRule::At(1), SizeRule::At(2)]).unwrap();
    /// assert!(runs[0].splits.iter().all(|s| s.k == 1) && runs[1].splits.iter().all(|s| s.k == 2));
    /// ```
    pub fn evaluate_rules(&self, data: &Dataset, rules: &[SizeRule]) -> Result<Vec<Nested>> {
        let run = self.prepare(data, rules)?;
        let results = run.compute(&run.units())?;
        run.assemble(results)
    }

    /// The nested run of `rules` on `data`, checked (every grid point, the inner runs, the memory estimate)
    /// and cut into independent units ([`NestedRun`]) — what [`Self::evaluate_rules`] computes in one process
    /// and a cluster manifest shard by shard.
    pub fn prepare<'a>(&'a self, data: &'a Dataset, rules: &[SizeRule]) -> Result<NestedRun<'a>> {
        if self.rankers.is_empty() {
            return Err(Error::param("rankers", "give at least one ranker (a spec or a ranker object)"));
        }
        for (i, r) in self.rankers.iter().enumerate() {
            if self.rankers[..i].iter().any(|o| o.name == r.name) {
                return Err(Error::param("rankers", format!("two points of the ranker grid are named '{}'", r.name)));
            }
        }
        if self.options.inner_folds < 2 {
            return Err(Error::param(
                "inner_folds",
                format!("the inner CV needs at least 2 folds, got {}", self.options.inner_folds),
            ));
        }
        if rules.is_empty() {
            return Err(Error::param("rules", "give at least one size rule"));
        }
        for (i, rule) in rules.iter().enumerate() {
            if let Some(first) = rules[..i].iter().position(|r| r == rule) {
                let twice = format!("{} is given twice (positions {first} and {i})", rule.label());
                return Err(Error::param("rules", twice));
            }
        }
        let sizes = self.options.evaluation.sizes(data)?;
        if let Some(rule) = rules.iter().find(|r| matches!(r, SizeRule::At(k) if !sizes.contains(k))) {
            return Err(Error::param("rule", format!("{} is not a size of the grid {sizes:?}", rule.label())));
        }
        let measure = self.options.evaluation.measure_for(data.task())?;
        let plan = self.options.evaluation.plan(data)?;
        self.check(data, &plan, measure)?;
        NestedRun::new(self, data, rules, measure, plan)
    }

    /// The curve run of every ranker point with `learner` on `plan`: the rankers as per-fold candidates.
    fn curve_run(
        &self,
        learner: &LearnerPoint,
        plan: CvPlan,
        measure: Measure,
        seed: u64,
    ) -> Result<(CurveSpec, Vec<Candidate>)> {
        let candidates: Vec<Candidate> = self
            .rankers
            .iter()
            .map(|r| Candidate::PerFold { name: r.name.clone(), ranker: r.ranker.clone() })
            .collect();
        let spec = CurveSpec::new(learner.learner.clone())
            .plan(plan)
            .grid(self.options.evaluation.grid.clone())
            .measure(measure)
            .expected(0)
            .seed(seed);
        Ok((spec, candidates))
    }

    /// The inner stratified k-fold plan on an outer split's training rows; its errors name `inner_folds`.
    fn inner_plan(&self, inner_data: &Dataset, seed: u64) -> Result<CvPlan> {
        CvPlan::stratified(inner_data, self.options.inner_folds, 1, seed).map_err(|e| match e {
            Error::InvalidParameter { name, reason } if name == "folds" => Error::param(
                "inner_folds",
                format!("{reason} (the inner CV runs on an outer training split of {} rows)", inner_data.n_rows()),
            ),
            e => e,
        })
    }

    /// Every check before any work: the ordinary runs on the outer plan and an inner run on the largest outer
    /// training split (rankers, learners, folds, memory), and the copies of the outer training rows that the
    /// outer splits at work at once hold beside them.
    fn check(&self, data: &Dataset, plan: &CvPlan, measure: Measure) -> Result<()> {
        let (train, _) =
            plan.splits().map(|(_, _, split)| split).max_by_key(|(train, _)| train.len()).unwrap_or_default();
        let inner_data = data.take_rows(&train)?;
        let inner_plan = self.inner_plan(&inner_data, self.options.evaluation.seed)?;
        for learner in &self.learners {
            let (spec, candidates) = self.curve_run(learner, plan.clone(), measure, self.options.evaluation.seed)?;
            spec.prepare(data, &candidates)?;
            let (spec, candidates) =
                self.curve_run(learner, inner_plan.clone(), measure, self.options.evaluation.seed)?;
            spec.prepare(&inner_data, &candidates)?;
        }
        let parallel = rayon::current_num_threads().min(plan.repeats() * plan.folds()) as u64;
        let copy = memory::F64 * train.len() as u64 * data.n_features() as u64;
        memory::check(copy.saturating_mul(parallel), || {
            format!(
                "nested evaluation: {parallel} outer training splits of {} rows × {} features at once",
                train.len(),
                data.n_features()
            )
        })
    }

    /// The inner choice of every rule on one outer split's training rows, refitted and scored on its test
    /// rows (one row per rule).
    #[allow(clippy::too_many_arguments)]
    fn outer_split(
        &self,
        data: &Dataset,
        repeat: usize,
        fold: usize,
        train: &[usize],
        test: &[usize],
        measure: Measure,
        rules: &[SizeRule],
    ) -> Result<Vec<NestedSplit>> {
        let seed = CvPlan::fold_seed(self.options.evaluation.seed, repeat, fold);
        let inner_data = data.take_rows(train)?;
        let inner_plan = self.inner_plan(&inner_data, seed)?;
        let higher = measure.higher_is_better();
        // per rule: (ranker, learner point, k, inner value) of the best grid point, first in grid order on ties
        let mut best: Vec<Option<(String, usize, usize, f64)>> = vec![None; rules.len()];
        for (l, learner) in self.learners.iter().enumerate() {
            let (spec, candidates) = self.curve_run(learner, inner_plan.clone(), measure, seed)?;
            let curves = spec.evaluate_all(&inner_data, &candidates)?;
            let chosen = SizeChoices::of_curves(&curves, rules)?;
            for c in &chosen.choices {
                let r = rules.iter().position(|&rule| rule == c.rule).unwrap_or(0);
                if beats(higher, c.value, best[r].as_ref().map(|b| b.3)) {
                    best[r] = Some((c.ranking.clone(), l, c.k, c.value));
                }
            }
        }
        // each chosen ranker ranks the outer training rows once
        let mut rankings: Vec<(String, Vec<usize>)> = Vec::new();
        let fold_rows = Fold { data, train, test, seed };
        best.into_iter()
            .map(|b| {
                let (ranker, learner, k, inner) =
                    b.ok_or_else(|| Error::param("rankers", "no grid point to choose"))?;
                let at = match rankings.iter().position(|(r, _)| *r == ranker) {
                    Some(at) => at,
                    None => {
                        let point = self.rankers.iter().find(|r| r.name == ranker).ok_or_else(|| {
                            Error::param("rankers", format!("'{ranker}' is not a point of the ranker grid"))
                        })?;
                        let order = point
                            .ranker
                            .rank(&inner_data, seed)
                            .map_err(|e| e.in_context(&ranker, &format!("outer repeat {repeat}, split {fold}")))?
                            .positions_in(data)?;
                        rankings.push((ranker.clone(), order));
                        rankings.len() - 1
                    }
                };
                let features: Vec<usize> = rankings[at].1.iter().copied().take(k).collect();
                let point = &self.learners[learner];
                let pred = point.learner.fit_predict(&fold_rows, &features)?;
                let outer = measure.score_split(data, fold_rows.train, test, &pred)?;
                Ok(NestedSplit { repeat, fold, ranker, learner: point.spec.to_string(), k, inner, outer })
            })
            .collect()
    }
}

/// The nested estimate: mean over outer splits with its corrected resampled t interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct NestedEstimate {
    /// Mean of the outer values.
    pub mean: f64,
    /// Lower end of the 95 % interval.
    pub lo: f64,
    /// Upper end of the 95 % interval.
    pub hi: f64,
}

impl Nested {
    /// The mean outer value with its 95 % corrected resampled t interval (test-to-train ratio of the outer
    /// scheme), clipped to the measure's range.
    pub fn estimate(&self) -> Result<NestedEstimate> {
        let values: Vec<f64> = self.splits.iter().map(|s| s.outer).collect();
        let splits = self.splits.len() / self.repeats.max(1);
        let t = corrected_t_test(&values, test_to_train(self.scheme, splits))?;
        let (lo, hi) = t.interval(0.95);
        // the t interval is symmetric and can pass the measure's range (e.g. 1 for accuracy near 1)
        let (min, max) = self.measure.range();
        Ok(NestedEstimate { mean: t.mean, lo: lo.max(min), hi: hi.min(max) })
    }

    /// How much better the ordinary curves' best point looks than the nested estimate (positive =
    /// optimistic; for a loss, the estimate minus the best).
    pub fn optimism(&self) -> Result<f64> {
        let est = self.estimate()?.mean;
        Ok(if self.measure.higher_is_better() { self.ordinary.value - est } else { est - self.ordinary.value })
    }

    /// One row per outer split: `repeat, fold, ranker, learner, k, inner, outer`.
    pub fn to_polars(&self) -> Result<Frame> {
        let s = &self.splits;
        let col = |name: &str, v: Vec<u32>| Column::new(name.into(), v);
        Ok(DataFrame::new(
            s.len(),
            vec![
                col("repeat", s.iter().map(|x| x.repeat as u32).collect()),
                col("fold", s.iter().map(|x| x.fold as u32).collect()),
                Column::new("ranker".into(), s.iter().map(|x| x.ranker.as_str()).collect::<Vec<_>>()),
                Column::new("learner".into(), s.iter().map(|x| x.learner.as_str()).collect::<Vec<_>>()),
                col("k", s.iter().map(|x| x.k as u32).collect()),
                Column::new("inner".into(), s.iter().map(|x| x.inner).collect::<Vec<_>>()),
                Column::new("outer".into(), s.iter().map(|x| x.outer).collect::<Vec<_>>()),
            ],
        )?
        .into())
    }

    /// The answer in one row: `measure, nested, nested_lo, nested_hi, ordinary_best, optimism` and the
    /// ordinary best point's `ranker, learner, k`.
    pub fn summary(&self) -> Result<Frame> {
        let e = self.estimate()?;
        let o = &self.ordinary;
        Ok(df!(
            "measure" => [self.measure.label()],
            "nested" => [e.mean],
            "nested_lo" => [e.lo],
            "nested_hi" => [e.hi],
            "ordinary_best" => [o.value],
            "optimism" => [self.optimism()?],
            "ordinary_ranker" => [o.ranker.as_str()],
            "ordinary_learner" => [o.learner.as_str()],
            "ordinary_k" => [o.k as u32],
        )?
        .into())
    }
}
