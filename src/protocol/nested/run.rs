//! A nested evaluation checked once and cut into independent units, as [`CurveRun`](crate::eval::CurveRun)
//! cuts a curve run: one unit per outer split (its inner curves, choice, refit and outer score) and the
//! units of the ordinary curves of every learner grid point. [`NestedSpec::evaluate_rules`] computes them
//! all in one process; a cluster [`Manifest`](crate::protocol::Manifest) computes them shard by shard and
//! [`NestedRun::assemble`] gives the same [`Nested`] results.
//!
//! ```
//! use featrank::compare::SizeRule;
//! use featrank::eval::Grid;
//! use featrank::protocol::NestedSpec;
//! let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
//! let spec = NestedSpec::new(&["fisher"], "knn:k=[1,5]").unwrap().folds(4).inner_folds(3).grid(Grid::Custom(vec![1, 2]));
//! let run = spec.prepare(&iris, &[SizeRule::Best]).unwrap();
//! let units = run.units();
//! // two machines, each half of the units, their results through the part table
//! let (a, b) = units.split_at(units.len() / 2);
//! let part = |u| run.to_polars(&run.compute(u).unwrap()).unwrap();
//! let mut results = run.from_polars(&part(a)).unwrap();
//! results.extend(run.from_polars(&part(b)).unwrap());
//! assert_eq!(run.assemble(results).unwrap(), spec.evaluate_rules(&iris, &[SizeRule::Best]).unwrap());
//! ```

use std::collections::{HashMap, HashSet};

use polars::prelude::*;
use serde::{Deserialize, Serialize};

use crate::compare::SizeRule;
use crate::data::long_table::LongTable;
use crate::data::{AsDataFrame, Dataset, Frame};
use crate::error::{Error, Result};
use crate::eval::{Candidate, CurveKind, CurveSpec, Curves, Unit, UnitResult};
use crate::resampling::{CvPlan, Measure};

use super::{beats, Nested, NestedSpec, NestedSplit, OrdinaryBest};

/// One independent piece of a nested run.
///
/// ```
/// use featrank::eval::Unit;
/// use featrank::protocol::NestedUnit;
/// let u = NestedUnit::Ordinary { learner: 1, curve: Unit::Full { repeat: 0 } };
/// let json = serde_json::to_string(&u).unwrap();
/// assert_eq!(json, r#"{"unit":"ordinary","learner":1,"curve":{"unit":"full","repeat":0}}"#);
/// assert_eq!(serde_json::from_str::<NestedUnit>(&json).unwrap(), u);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "unit", rename_all = "snake_case")]
pub enum NestedUnit {
    /// Outer split `fold` of `repeat`: the inner curves of every grid point on its training rows, each
    /// rule's choice, refitted and scored on its test rows.
    Outer {
        /// The repeat of the outer resampling.
        repeat: usize,
        /// The split within the repeat.
        fold: usize,
    },
    /// A unit of the ordinary curves (on the outer splits) of learner grid point `learner`.
    Ordinary {
        /// Position of the learner in the learner grid.
        learner: usize,
        /// The unit of that learner's curve run.
        curve: Unit,
    },
}

impl std::fmt::Display for NestedUnit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NestedUnit::Outer { repeat, fold } => write!(f, "outer split {fold} of repeat {repeat}"),
            NestedUnit::Ordinary { learner, curve } => write!(f, "ordinary curves of learner {learner}: {curve}"),
        }
    }
}

/// What one [`NestedUnit`] computed.
#[derive(Debug, Clone, PartialEq)]
pub enum NestedResult {
    /// An outer split's choice and score under each rule, in the order of the run's rules.
    Outer {
        /// The repeat.
        repeat: usize,
        /// The split.
        fold: usize,
        /// One row per rule.
        splits: Vec<NestedSplit>,
    },
    /// A unit of a learner's ordinary curves.
    Ordinary {
        /// Position of the learner in the learner grid.
        learner: usize,
        /// The curve unit's values.
        result: UnitResult,
    },
}

impl NestedResult {
    /// The unit these values belong to.
    pub fn unit(&self) -> NestedUnit {
        match self {
            NestedResult::Outer { repeat, fold, .. } => NestedUnit::Outer { repeat: *repeat, fold: *fold },
            NestedResult::Ordinary { learner, result } => {
                NestedUnit::Ordinary { learner: *learner, curve: result.unit() }
            }
        }
    }
}

/// A nested evaluation, checked and ready: every check and the memory estimate passed before any work.
/// Make one with [`NestedSpec::prepare`]; see the [module](crate::protocol::nested) for an example.
pub struct NestedRun<'a> {
    spec: &'a NestedSpec,
    data: &'a Dataset,
    rules: Vec<SizeRule>,
    measure: Measure,
    plan: CvPlan,
    /// The ordinary curve run of each learner grid point (every ranker point as a per-fold candidate).
    ordinary: Vec<(CurveSpec, Vec<Candidate>)>,
    /// The units of each of those runs.
    ordinary_units: Vec<Vec<Unit>>,
}

/// The `unit` of an outer split's rows in a part table.
const OUTER: &str = "outer";
/// The series of an outer split's rows: indices into the grids, the size, the inner and outer values.
const OUTER_SERIES: [&str; 5] = ["ranker", "learner", "k", "inner", "outer"];
/// The column of a part table naming the learner grid point of an ordinary curve row.
const LEARNER: &str = "learner";

impl<'a> NestedRun<'a> {
    pub(super) fn new(
        spec: &'a NestedSpec,
        data: &'a Dataset,
        rules: &[SizeRule],
        measure: Measure,
        plan: CvPlan,
    ) -> Result<NestedRun<'a>> {
        let ordinary = spec
            .learners
            .iter()
            .map(|learner| spec.curve_run(learner, plan.clone(), measure, spec.options.evaluation.seed))
            .collect::<Result<Vec<_>>>()?;
        let ordinary_units = ordinary
            .iter()
            .map(|(spec, candidates)| Ok(spec.prepare(data, candidates)?.units()))
            .collect::<Result<Vec<_>>>()?;
        Ok(NestedRun { spec, data, rules: rules.to_vec(), measure, plan, ordinary, ordinary_units })
    }

    /// Every unit: the outer splits in (repeat, fold) order, then each learner's ordinary curve units.
    pub fn units(&self) -> Vec<NestedUnit> {
        let outer = self.plan.splits().map(|(repeat, fold, _)| NestedUnit::Outer { repeat, fold });
        let mut units: Vec<NestedUnit> = outer.collect();
        for (learner, curves) in self.ordinary_units.iter().enumerate() {
            units.extend(curves.iter().map(|&curve| NestedUnit::Ordinary { learner, curve }));
        }
        units
    }

    /// Compute `units` (outer splits in parallel; each learner's curve units in parallel), each from its own
    /// seeded streams; results in the order of `units`. A unit not of this run is refused by name.
    pub fn compute(&self, units: &[NestedUnit]) -> Result<Vec<NestedResult>> {
        let all: HashSet<NestedUnit> = self.units().into_iter().collect();
        if let Some(u) = units.iter().find(|u| !all.contains(u)) {
            return Err(Error::param("unit", format!("{u} is not a unit of this nested run")));
        }
        let mut out: Vec<Option<NestedResult>> = vec![None; units.len()];
        for (learner, (spec, candidates)) in self.ordinary.iter().enumerate() {
            let (at, mine): (Vec<usize>, Vec<Unit>) = units
                .iter()
                .enumerate()
                .filter_map(|(i, u)| match u {
                    NestedUnit::Ordinary { learner: l, curve } if *l == learner => Some((i, *curve)),
                    _ => None,
                })
                .unzip();
            if mine.is_empty() {
                continue;
            }
            let results = spec.prepare(self.data, candidates)?.compute(&mine)?;
            for (i, result) in at.into_iter().zip(results) {
                out[i] = Some(NestedResult::Ordinary { learner, result });
            }
        }
        let outer: Vec<(usize, usize, usize)> = units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| match u {
                NestedUnit::Outer { repeat, fold } => Some((i, *repeat, *fold)),
                _ => None,
            })
            .collect();
        let scored = crate::parallel::try_map(outer.len(), |o| {
            let (_, repeat, fold) = outer[o];
            crate::progress::check_interrupt("featrank nested")?;
            let (train, test) = self.plan.split(repeat, fold);
            let splits = self.spec.outer_split(self.data, repeat, fold, &train, &test, self.measure, &self.rules)?;
            Ok(NestedResult::Outer { repeat, fold, splits })
        })?;
        for (&(i, _, _), result) in outer.iter().zip(scored) {
            out[i] = Some(result);
        }
        Ok(out.into_iter().flatten().collect())
    }

    /// The nested results, one per rule, from the results of every unit, each exactly once (in any order,
    /// from any number of [`NestedRun::compute`] calls); a missing, repeated or foreign unit is refused by
    /// name.
    pub fn assemble(&self, results: Vec<NestedResult>) -> Result<Vec<Nested>> {
        let expected = self.units();
        let known: HashSet<NestedUnit> = expected.iter().copied().collect();
        let mut seen = HashSet::with_capacity(results.len());
        let mut outer: HashMap<(usize, usize), Vec<NestedSplit>> = HashMap::new();
        let mut curves: Vec<Vec<UnitResult>> = vec![Vec::new(); self.ordinary.len()];
        for r in results {
            let u = r.unit();
            if !known.contains(&u) {
                return Err(Error::param("nested results", format!("{u} is not a unit of this nested run")));
            }
            if !seen.insert(u) {
                return Err(Error::param("nested results", format!("{u} was given twice")));
            }
            match r {
                NestedResult::Outer { repeat, fold, splits } => {
                    if splits.len() != self.rules.len() {
                        let what = format!("{u} has {} rows for {} rules", splits.len(), self.rules.len());
                        return Err(Error::param("nested results", what));
                    }
                    outer.insert((repeat, fold), splits);
                }
                NestedResult::Ordinary { learner, result } => curves[learner].push(result),
            }
        }
        let missing: Vec<String> = expected.iter().filter(|u| !seen.contains(u)).map(|u| u.to_string()).collect();
        if !missing.is_empty() {
            let shown = missing.iter().take(5).cloned().collect::<Vec<_>>().join("; ");
            let more = if missing.len() > 5 { "; …" } else { "" };
            let what = format!("{} of {} units are missing ({shown}{more})", missing.len(), expected.len());
            return Err(Error::param("nested results", what));
        }
        let mut ordinary: Vec<Option<OrdinaryBest>> = vec![None; self.rules.len()];
        for ((learner, (spec, candidates)), results) in self.ordinary.iter().enumerate().zip(curves) {
            let run = spec.prepare(self.data, candidates)?.assemble(results)?;
            self.ordinary_best(&run, &self.spec.learners[learner].spec.to_string(), &mut ordinary)?;
        }
        let per_split: Vec<Vec<NestedSplit>> =
            self.plan.splits().map(|(repeat, fold, _)| outer.remove(&(repeat, fold)).unwrap_or_default()).collect();
        self.rules
            .iter()
            .zip(ordinary)
            .enumerate()
            .map(|(r, (&rule, ordinary))| {
                let ordinary =
                    ordinary.ok_or_else(|| Error::param("rule", format!("{} chose no point", rule.label())))?;
                Ok(Nested {
                    rankers: self.spec.ranker_names().collect(),
                    learners: self.spec.learners.iter().map(|l| l.spec.to_string()).collect(),
                    measure: self.measure,
                    scheme: self.plan.scheme(),
                    repeats: self.plan.repeats(),
                    kept: self.plan.kept().clone(),
                    inner_folds: self.spec.options.inner_folds,
                    rule,
                    splits: per_split.iter().map(|s| s[r].clone()).collect(),
                    ordinary,
                })
            })
            .collect()
    }

    /// Fold one learner's ordinary curves into each rule's best point: the best FFA mean over rankers and
    /// sizes (at its size for [`SizeRule::At`]); ties keep the earlier grid point.
    fn ordinary_best(&self, curves: &Curves, learner: &str, best: &mut [Option<OrdinaryBest>]) -> Result<()> {
        let higher = self.measure.higher_is_better();
        for name in curves.rankings() {
            let ffa = curves.get(name, CurveKind::Ffa).ok_or_else(|| Error::param("curves", "no FFA curve"))?;
            for (i, &value) in ffa.mean.iter().enumerate() {
                let k = curves.sizes[i];
                for (rule, b) in self.rules.iter().zip(best.iter_mut()) {
                    let counts = !matches!(rule, SizeRule::At(at) if *at != k);
                    if counts && beats(higher, value, b.as_ref().map(|b| b.value)) {
                        let (ranker, learner) = (name.to_string(), learner.to_string());
                        *b = Some(OrdinaryBest { ranker, learner, k, value });
                    }
                }
            }
        }
        Ok(())
    }

    /// Results as one long table (what a shard of a nested manifest writes): the ordinary curve units' rows of
    /// [`UnitResult::to_polars`] with the `learner` grid position beside them, and per outer split and rule
    /// (`position`) the rows `ranker`, `learner` (grid positions), `k`, `inner`, `outer` (`unit` = `outer`,
    /// `index` = the split, `split` = −1, `learner` empty). Values are stored exactly.
    pub fn to_polars(&self, results: &[NestedResult]) -> Result<Frame> {
        let mut frames = Vec::new();
        let mut outer = OuterRows::default();
        for r in results {
            match r {
                NestedResult::Ordinary { learner, result } => {
                    let mut frame = UnitResult::to_polars(std::slice::from_ref(result))?.into_inner();
                    let height = frame.height();
                    frame.with_column(Column::new(LEARNER.into(), vec![Some(*learner as u32); height]))?;
                    frames.push(frame);
                }
                NestedResult::Outer { repeat, fold, splits } => {
                    for (rule, s) in splits.iter().enumerate() {
                        let ranker = self.position(self.spec.ranker_names(), &s.ranker, "ranker")?;
                        let learner = self.position(
                            self.spec.learners.iter().map(|l| l.spec.to_string()),
                            &s.learner,
                            "learner",
                        )?;
                        let values = [ranker as f64, learner as f64, s.k as f64, s.inner, s.outer];
                        for (series, value) in OUTER_SERIES.iter().zip(values) {
                            outer.push(*fold, *repeat, series, rule, value);
                        }
                    }
                }
            }
        }
        frames.push(outer.into_frame()?);
        let mut all = frames.remove(0);
        for f in &frames {
            all.vstack_mut(f)?;
        }
        all.rechunk_mut();
        Ok(all.into())
    }

    /// Read results back from the table of [`NestedRun::to_polars`] (extra columns are ignored; the grid
    /// positions are checked against this run's grids).
    pub fn from_polars(&self, table: impl AsDataFrame) -> Result<Vec<NestedResult>> {
        let df = table.as_data_frame();
        let t = LongTable::new(df);
        let is_outer = t.column("unit")?.cast(&DataType::String)?.str()?.equal(OUTER);
        let learner = t.column(LEARNER)?.cast(&DataType::Int64)?;
        let mut out = Vec::new();
        for l in 0..self.ordinary.len() {
            let mask = learner.i64()?.equal(l as i64) & !is_outer.clone();
            let rows = df.filter(&mask)?;
            for result in UnitResult::from_polars(&rows)? {
                out.push(NestedResult::Ordinary { learner: l, result });
            }
        }
        let grid = 0..self.ordinary.len() as i64;
        let unread = learner
            .i64()?
            .iter()
            .zip(is_outer.iter())
            .position(|(l, outer)| outer != Some(true) && !l.is_some_and(|l| grid.contains(&l)));
        if let Some(i) = unread {
            let what = format!("row {i}: a curve row whose `{LEARNER}` is not a position of the learner grid");
            return Err(Error::param("nested results", what));
        }
        let rows = df.filter(&is_outer)?;
        let outer = LongTable::new(&rows);
        let int = |name: &str| outer.whole(name, "an outer row has an empty cell");
        let (fold, repeat, rule) = (int("index")?, int("repeat")?, int("position")?);
        let series = outer.column("series")?.cast(&DataType::String)?;
        let value = outer.floats("value")?;
        // (repeat, fold) → per rule, the values of the series
        let mut splits: Vec<((usize, usize), Vec<OuterValues>)> = Vec::new();
        for (i, s) in series.str()?.iter().enumerate() {
            let bad = |what: &str| Error::param("nested results", format!("outer row {i}: {what}"));
            let s = OUTER_SERIES.iter().position(|x| Some(*x) == s).ok_or_else(|| bad("unknown series"))?;
            let (r, f, p) = (usize::try_from(repeat[i]), usize::try_from(fold[i]), usize::try_from(rule[i]));
            let (Ok(r), Ok(f), Ok(p)) = (r, f, p) else { return Err(bad("negative repeat, split or rule")) };
            if p >= self.rules.len() {
                return Err(bad(&format!("rule {p} of a run with {} rules", self.rules.len())));
            }
            let at = match splits.iter().position(|(key, _)| *key == (r, f)) {
                Some(at) => at,
                None => {
                    splits.push(((r, f), vec![[None; 5]; self.rules.len()]));
                    splits.len() - 1
                }
            };
            splits[at].1[p][s] = Some(value[i]);
        }
        for ((repeat, fold), rows) in splits {
            let splits = rows
                .into_iter()
                .map(|v| {
                    let bad = || {
                        let what = "a value is missing, a grid position is not of this run's grids, or k is not a whole number ≥ 1";
                        Error::param("nested results", format!("outer split {fold} of repeat {repeat}: {what}"))
                    };
                    let [Some(ranker), Some(learner), Some(k), Some(inner), Some(outer)] = v else {
                        return Err(bad());
                    };
                    let name = |grid: Vec<String>, at: f64| {
                        let ok = at >= 0.0 && at.fract() == 0.0 && (at as usize) < grid.len();
                        ok.then(|| grid[at as usize].clone()).ok_or_else(bad)
                    };
                    if !(k >= 1.0 && k.fract() == 0.0) {
                        return Err(bad());
                    }
                    Ok(NestedSplit {
                        repeat,
                        fold,
                        ranker: name(self.spec.ranker_names().collect(), ranker)?,
                        learner: name(self.spec.learners.iter().map(|l| l.spec.to_string()).collect(), learner)?,
                        k: k as usize,
                        inner,
                        outer,
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            out.push(NestedResult::Outer { repeat, fold, splits });
        }
        Ok(out)
    }

    /// Position of `name` in `grid`.
    fn position(&self, mut grid: impl Iterator<Item = String>, name: &str, what: &str) -> Result<usize> {
        grid.position(|s| s == name)
            .ok_or_else(|| Error::param("nested results", format!("{what} {name:?} is not a point of the grid")))
    }
}

/// One outer split's values under one rule, in the order of [`OUTER_SERIES`], as read from a part table.
type OuterValues = [Option<f64>; 5];

/// Columns of an outer split's rows in a part table, filled row by row.
#[derive(Default)]
struct OuterRows {
    index: Vec<u32>,
    repeat: Vec<u32>,
    series: Vec<&'static str>,
    position: Vec<u32>,
    value: Vec<f64>,
}

impl OuterRows {
    fn push(&mut self, fold: usize, repeat: usize, series: &'static str, rule: usize, value: f64) {
        self.index.push(fold as u32);
        self.repeat.push(repeat as u32);
        self.series.push(series);
        self.position.push(rule as u32);
        self.value.push(value);
    }

    fn into_frame(self) -> Result<DataFrame> {
        let n = self.value.len();
        Ok(DataFrame::new(
            n,
            vec![
                Column::new("unit".into(), vec![OUTER; n]),
                Column::new("index".into(), self.index),
                Column::new("repeat".into(), self.repeat),
                Column::new("series".into(), self.series),
                Column::new("position".into(), self.position),
                Column::new("split".into(), vec![-1i32; n]),
                Column::new("value".into(), self.value),
                Column::new(LEARNER.into(), vec![None::<u32>; n]),
            ],
        )?)
    }
}
