//! [`CvPlan`]: repeated stratified k-fold cross-validation, one fold assignment per repeat.
//!
//! The same plan is shared by every point of every curve of every ranking in a run, so FFA(n) = RFA(n)
//! exactly and differences between rankings are paired ([P20] 10×10 stratified CV).
//!
//! Stratification: classification targets are split class by class — each class's rows are shuffled
//! (per repeat, from the seed) and dealt to folds in turn, continuing the deal across classes so fold
//! sizes differ by at most one. Regression targets are sorted, cut into consecutive groups of `folds`
//! rows (target quantiles), and each group's rows get a random permutation of the fold ids.

use polars::prelude::*;
use rand::seq::SliceRandom;
use rayon::prelude::*;

use crate::data::{AsDataFrame, Dataset, Target};
use crate::error::{Error, Result};
use crate::learners::{Fold, Prediction};
use crate::seed::rng_for;

/// Stream tag of the learners' per-fold seeds.
const LEARNER_STREAM: u64 = 0x004c_4541_524e; // "LEARN"

/// Fold assignments: for each repeat, the 0-based fold id of every row.
///
/// ```
/// use featrank::prelude::*;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let plan = CvPlan::stratified(&iris, 10, 3, 42).unwrap();
/// assert_eq!((plan.folds(), plan.repeats()), (10, 3));
/// let (train, test) = plan.split(0, 0);
/// assert_eq!((train.len(), test.len()), (135, 15));
/// ```
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CvPlan {
    folds: usize,
    assignments: Vec<Vec<u32>>,
}

impl CvPlan {
    /// Repeated stratified k-fold from `seed`. Errors when `folds < 2`, `repeats == 0`, or a class has
    /// fewer rows than folds (a fold would miss that class).
    pub fn stratified(data: &Dataset, folds: usize, repeats: usize, seed: u64) -> Result<CvPlan> {
        if folds < 2 {
            return Err(Error::param("folds", format!("need at least 2 folds, got {folds}")));
        }
        if repeats == 0 {
            return Err(Error::param("repeats", "need at least 1 repeat"));
        }
        let n = data.n_rows();
        if folds > n {
            return Err(Error::param("folds", format!("{folds} folds for {n} rows")));
        }
        let groups: Vec<Vec<usize>> = match data.target() {
            Target::Classes { codes, names } => {
                let mut groups = vec![Vec::new(); names.len()];
                codes.iter().enumerate().for_each(|(i, &c)| groups[c].push(i));
                // A class without rows (e.g. after selecting rows) takes no part.
                if let Some((c, g)) = groups.iter().enumerate().find(|(_, g)| !g.is_empty() && g.len() < folds) {
                    return Err(Error::param(
                        "folds",
                        format!(
                            "{folds} folds but class '{}' has only {} row(s); use at most {} folds",
                            names[c],
                            g.len(),
                            groups.iter().map(Vec::len).filter(|&l| l > 0).min().unwrap_or(0)
                        ),
                    ));
                }
                groups
            }
            Target::Values(v) => {
                let mut idx: Vec<usize> = (0..n).collect();
                idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]).then(a.cmp(&b)));
                idx.chunks(folds).map(<[usize]>::to_vec).collect()
            }
        };
        let regression = matches!(data.target(), Target::Values(_));
        let assignments = (0..repeats)
            .map(|r| {
                let mut rng = rng_for(seed, &[r as u64]);
                let mut fold_of = vec![0u32; n];
                let mut next = 0usize;
                for group in &groups {
                    let mut rows = group.clone();
                    rows.shuffle(&mut rng);
                    if regression {
                        let mut ids: Vec<u32> = (0..folds as u32).collect();
                        ids.shuffle(&mut rng);
                        rows.iter().zip(ids).for_each(|(&i, f)| fold_of[i] = f);
                    } else {
                        for &i in &rows {
                            fold_of[i] = (next % folds) as u32;
                            next += 1;
                        }
                    }
                }
                fold_of
            })
            .collect();
        Ok(CvPlan { folds, assignments })
    }

    /// A plan from given fold ids (one vector per repeat, one 0-based id per row), e.g. to match another
    /// tool's folds. Every fold id in `0..max+1` must be used in every repeat.
    pub fn from_assignments(assignments: Vec<Vec<usize>>, n_rows: usize) -> Result<CvPlan> {
        if assignments.is_empty() {
            return Err(Error::param("folds", "no repeats given"));
        }
        let folds = assignments.iter().flatten().max().map_or(0, |m| m + 1);
        if folds < 2 {
            return Err(Error::param("folds", "fold ids must name at least 2 folds"));
        }
        let mut out = Vec::with_capacity(assignments.len());
        for (r, a) in assignments.into_iter().enumerate() {
            if a.len() != n_rows {
                return Err(Error::param(
                    "folds",
                    format!("repeat {r} assigns {} rows but the data has {n_rows}", a.len()),
                ));
            }
            let mut used = vec![false; folds];
            a.iter().for_each(|&f| used[f] = true);
            if let Some(f) = used.iter().position(|u| !u) {
                return Err(Error::param("folds", format!("repeat {r} has no row in fold {f}")));
            }
            out.push(a.into_iter().map(|f| f as u32).collect());
        }
        Ok(CvPlan { folds, assignments: out })
    }

    /// A plan from a frame with one integer column per repeat and one row per data row.
    pub fn from_polars(frame: impl AsDataFrame) -> Result<CvPlan> {
        let frame = frame.as_data_frame();
        let assignments = frame
            .columns()
            .iter()
            .map(|c| {
                let name = c.name().to_string();
                if !c.dtype().is_integer() {
                    return Err(Error::column(name, format!("fold ids must be integers, found {}", c.dtype())));
                }
                let c = c.cast(&DataType::Int64)?;
                c.i64()?
                    .iter()
                    .enumerate()
                    .map(|(i, v)| match v {
                        Some(v) if v >= 0 => Ok(v as usize),
                        Some(v) => Err(Error::column(name.clone(), format!("row {i}: negative fold id {v}"))),
                        None => Err(Error::column(name.clone(), format!("row {i}: missing fold id"))),
                    })
                    .collect::<Result<Vec<_>>>()
            })
            .collect::<Result<Vec<_>>>()?;
        CvPlan::from_assignments(assignments, frame.height())
    }

    /// Number of folds per repeat.
    pub fn folds(&self) -> usize {
        self.folds
    }

    /// Number of repeats.
    pub fn repeats(&self) -> usize {
        self.assignments.len()
    }

    /// Number of rows the plan covers.
    pub fn n_rows(&self) -> usize {
        self.assignments[0].len()
    }

    /// Fold id of every row in `repeat`.
    pub fn assignment(&self, repeat: usize) -> &[u32] {
        &self.assignments[repeat]
    }

    /// `(train rows, test rows)` of `fold` in `repeat`, both ascending.
    pub fn split(&self, repeat: usize, fold: usize) -> (Vec<usize>, Vec<usize>) {
        let (test, train): (Vec<usize>, Vec<usize>) =
            (0..self.n_rows()).partition(|&i| self.assignments[repeat][i] as usize == fold);
        (train, test)
    }

    /// Check the plan fits `data` (row count) and return an error naming the mismatch otherwise.
    pub fn check(&self, data: &Dataset) -> Result<()> {
        if self.n_rows() != data.n_rows() {
            return Err(Error::param(
                "folds",
                format!("the fold plan covers {} rows but the data has {}", self.n_rows(), data.n_rows()),
            ));
        }
        Ok(())
    }

    /// The seed a learner gets in `fold` of `repeat`: the same for every curve and ranking of a run, so
    /// paired points share it.
    pub fn fold_seed(seed: u64, repeat: usize, fold: usize) -> u64 {
        use rand::RngCore;
        rng_for(seed, &[LEARNER_STREAM, repeat as u64, fold as u64]).next_u64()
    }

    /// The one cross-validated prediction loop of featrank (curves, consensus ranking and the Performance
    /// Index all use it). In `repeat`, each fold's `predict` fits on the fold's training rows and predicts its
    /// test rows — once, or once per feature subset of a nested chain; folds run in parallel with the seed
    /// [`CvPlan::fold_seed`]. The test predictions of all folds are pooled by row, so output `o` predicts
    /// every row of the data exactly once, out of fold.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::learners::Prediction;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let plan = CvPlan::stratified(&iris, 5, 1, 7).unwrap();
    /// let pooled = plan.cross_val_predict(&iris, 0, 7, |fold| Ok(vec![Knn::new().k(5).fit_predict(fold, &[2, 3])?])).unwrap();
    /// let Prediction::Classes { labels, .. } = &pooled[0] else { unreachable!() };
    /// let truth = iris.labels().unwrap();
    /// let accuracy = labels.iter().zip(truth).filter(|(p, t)| p == t).count() as f64 / 150.0;
    /// assert!(accuracy > 0.9);
    /// ```
    pub fn cross_val_predict<F>(&self, data: &Dataset, repeat: usize, seed: u64, predict: F) -> Result<Vec<Prediction>>
    where
        F: Fn(&Fold<'_>) -> Result<Vec<Prediction>> + Sync,
    {
        self.check(data)?;
        if repeat >= self.repeats() {
            return Err(Error::param("repeat", format!("repeat {repeat} of a plan with {} repeats", self.repeats())));
        }
        let splits: Vec<(Vec<usize>, Vec<usize>)> = (0..self.folds).map(|f| self.split(repeat, f)).collect();
        let per_fold: Vec<Vec<Prediction>> = splits
            .par_iter()
            .enumerate()
            .map(|(f, (train, test))| {
                predict(&Fold { data, train, test, seed: CvPlan::fold_seed(seed, repeat, f) })
            })
            .collect::<Result<_>>()?;
        let (n_rows, k) = (data.n_rows(), data.n_classes());
        let outputs = per_fold.first().map_or(0, Vec::len);
        let mut pooled: Vec<Prediction> = (0..outputs)
            .map(|_| match data.target() {
                Target::Classes { .. } => Prediction::Classes { labels: vec![0; n_rows], scores: vec![0.0; n_rows * k] },
                Target::Values(_) => Prediction::Values(vec![0.0; n_rows]),
            })
            .collect();
        for ((_, test), preds) in splits.iter().zip(per_fold) {
            if preds.len() != outputs {
                return Err(Error::param("predict", "every fold must return the same number of predictions"));
            }
            for (pool, pred) in pooled.iter_mut().zip(preds) {
                match (pool, pred) {
                    (Prediction::Classes { labels, scores }, Prediction::Classes { labels: l, scores: s })
                        if l.len() == test.len() && s.len() == test.len() * k =>
                    {
                        for (t, &row) in test.iter().enumerate() {
                            labels[row] = l[t];
                            scores[row * k..(row + 1) * k].copy_from_slice(&s[t * k..(t + 1) * k]);
                        }
                    }
                    (Prediction::Values(v), Prediction::Values(p)) if p.len() == test.len() => {
                        test.iter().zip(p).for_each(|(&row, p)| v[row] = p);
                    }
                    _ => return Err(Error::param("learner", "prediction kind or length does not match the task and the test rows")),
                }
            }
        }
        Ok(pooled)
    }
}
