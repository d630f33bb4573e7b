//! [`CvPlan`]: the resampling plan of a run — which rows train and which rows test, in every split of
//! every repeat — and **the one cross-validated prediction loop** of featrank.
//!
//! The same plan is shared by every point of every curve of every ranking in a run, so FFA(n) = RFA(n)
//! exactly and differences between rankings are paired (\[P20\] 10×10 stratified CV). Three [`Scheme`]s:
//!
//! - **k-fold** (default, \[P20\]): each repeat splits the rows into k folds; each fold is the test set once.
//!   Classification targets are split class by class — each class's rows are shuffled (per repeat, from the
//!   seed) and dealt to folds in turn, continuing the deal across classes so fold sizes differ by at most
//!   one. Regression targets are sorted, cut into consecutive groups of k rows (target quantiles), and each
//!   group's rows get a random permutation of the fold ids.
//! - **holdout** (the EC-FS protocol [EC-FS], e.g. 100 splits of 2/3–1/3): each repeat is one split; from
//!   every class, round(t·n_c) shuffled rows (at least one, at most n_c − 1) are the test set.
//! - **bootstrap**: each repeat trains on a bootstrap sample drawn class by class (n_c rows with
//!   replacement from each class, so class sizes are kept) and tests on the out-of-bag rows, ≈ 36.8 %.
//!   A training row may repeat; learners and rankers then see it as often as it was drawn.
//!
//! A repeat's measure is computed on its pooled test rows: every row once (k-fold), or its test rows.

use polars::prelude::*;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::data::dataset::Groups;
use crate::data::{AsDataFrame, Dataset, Target};
use crate::error::{Error, Result};
use crate::resampling::scheme::ROW_ORDER;
use crate::resampling::{Fold, Kept, Prediction, Scheme};
use crate::seed::{bootstrap, rng_for};

/// Stream tag of the learners' per-fold seeds.
const LEARNER_STREAM: u64 = 0x004c_4541_524e; // "LEARN"

/// Which rows train and which test, for every split of every repeat (see [`Scheme`]).
///
/// ```
/// use featrank::prelude::*;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let plan = CvPlan::stratified(&iris, 10, 3, 42).unwrap();
/// assert_eq!((plan.folds(), plan.repeats()), (10, 3));
/// let (train, test) = plan.split(0, 0);
/// assert_eq!((train.len(), test.len()), (135, 15));
/// // 100 stratified 2/3–1/3 splits, as in the EC-FS paper
/// let holdout = CvPlan::new(&iris, Scheme::Holdout { test: 1.0 / 3.0 }, 100, 42).unwrap();
/// assert_eq!((holdout.folds(), holdout.repeats()), (1, 100));
/// assert_eq!(holdout.split(7, 0).1.len(), 51); // 17 of each class
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CvPlan {
    scheme: Scheme,
    /// Per repeat, one code per row: the fold id (the k-fold schemes, leave one group out: the group's
    /// place among the groups); 1 = test, 0 = train (holdout); how often the row was drawn into the training
    /// sample, 0 = out of bag (bootstrap); the test block, or `time::NOT_TESTED` (time series).
    assignments: Vec<Vec<u32>>,
    /// A time-series plan's place of every row in time order (0 = first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rank: Option<Vec<u32>>,
    /// The groups the plan kept whole and the time order it followed.
    #[serde(default)]
    kept: Kept,
}

impl CvPlan {
    /// A plan of `repeats` repeats of `scheme`, drawn from `seed`. Errors name the parameter: fewer than 2
    /// folds, no repeat, a class with fewer rows than folds (k-fold) or fewer than 2 rows (holdout).
    pub fn new(data: &Dataset, scheme: Scheme, repeats: usize, seed: u64) -> Result<CvPlan> {
        let scheme = scheme.validated()?;
        CvPlan::check_repeats(data, repeats)?;
        if scheme.needs_groups() && data.groups().is_none() {
            return Err(Error::param(
                "scheme",
                format!(
                    "'{scheme}' keeps groups of rows together but the data has none: name the column that groups \
                     them (--groups COLUMN, groups=, Dataset::with_groups)"
                ),
            ));
        }
        if let (true, Some(g)) = (scheme.is_ordered(), data.groups()) {
            return Err(Error::param(
                "scheme",
                format!(
                    "'{scheme}' follows time but the data also has groups ('{}'): time-ordered plans do not keep \
                     groups whole yet; use a grouped scheme, or drop the groups",
                    crate::error::quote(g.name())
                ),
            ));
        }
        let repeats = CvPlan::repeats_of(scheme, repeats);
        match (scheme, data.groups()) {
            (Scheme::KFold { folds }, _) => CvPlan::stratified(data, folds, repeats, seed),
            (Scheme::Holdout { test }, None) => CvPlan::holdout(data, test, repeats, seed),
            (Scheme::Bootstrap, None) => CvPlan::bootstrap(data, repeats, seed),
            (Scheme::TimeSeries { folds, gap, test, .. }, _) => {
                let positions = CvPlan::positions(data)?;
                let code = super::time::series(&positions, folds, gap, test)?;
                let mut rank = vec![0u32; positions.len()];
                positions.iter().enumerate().for_each(|(p, &row)| rank[row] = p as u32);
                Ok(CvPlan { scheme, assignments: vec![code], rank: Some(rank), kept: CvPlan::kept_time(data) })
            }
            (Scheme::Blocked { folds }, _) => {
                let code = super::time::blocked(&CvPlan::positions(data)?, folds)?;
                Ok(CvPlan { scheme, assignments: vec![code; repeats], rank: None, kept: CvPlan::kept_time(data) })
            }
            (scheme, Some(groups)) => CvPlan::grouped(data, groups, scheme, repeats, seed),
            (scheme, None) => unreachable!("{scheme} needs groups, checked above"),
        }
    }

    /// The repeats a plan of `scheme` runs: one when every repeat would split the rows alike (a notice says so
    /// when more were asked for).
    fn repeats_of(scheme: Scheme, repeats: usize) -> usize {
        if scheme.is_fixed() && repeats > 1 {
            crate::notice::emit(
                crate::notice::NoticeKind::FixedSplits,
                format!("'{scheme}' splits the rows alike in every repeat: 1 repeat is run instead of {repeats}"),
            );
            return 1;
        }
        repeats
    }

    /// The time order a plan on `data` follows, as [`Kept`] records it.
    fn kept_time(data: &Dataset) -> Kept {
        let time = data.time_order().and_then(|t| t.name()).unwrap_or(ROW_ORDER);
        Kept { groups: None, time: Some(time.to_string()) }
    }

    /// The rows in time order: the data's [`TimeOrder`](crate::data::dataset::TimeOrder), or the order they are
    /// in.
    fn positions(data: &Dataset) -> Result<Vec<usize>> {
        match data.time_order() {
            Some(order) => order.positions(data.n_rows()),
            None => Ok((0..data.n_rows()).collect()),
        }
    }

    /// A plan that keeps `groups` whole: group or stratified group k-fold, leave one group out, group holdout
    /// or group bootstrap (`grouped.rs`); `kfold` is stratified group k-fold for classes and survival
    /// events, group k-fold otherwise.
    fn grouped(data: &Dataset, groups: &Groups, scheme: Scheme, repeats: usize, seed: u64) -> Result<CvPlan> {
        use super::grouped;
        let (present, index) = grouped::present(groups);
        let g = present.len();
        let by_group = |fold_of: Vec<u32>| -> Vec<u32> { index.iter().map(|&k| fold_of[k]).collect() };
        let stream = |r: usize| rng_for(seed, &[r as u64]);
        // the scheme run, as descriptions and the significance tests name it (`kfold` is made grouped below)
        let mut run = scheme;
        let assignments: Vec<Vec<u32>> = match scheme {
            Scheme::LeaveOneGroupOut => {
                grouped::check_count(groups, g, 2)?;
                vec![index.iter().map(|&k| k as u32).collect()]
            }
            Scheme::Holdout { test } => {
                grouped::check_count(groups, g, 2)?;
                (0..repeats).map(|r| grouped::holdout(&index, g, test, &mut stream(r))).collect()
            }
            Scheme::Bootstrap => {
                grouped::check_count(groups, g, 2)?;
                (0..repeats)
                    .map(|r| {
                        (0..1000u64)
                            .find_map(|attempt| {
                                grouped::bootstrap_rows(&index, g, &mut rng_for(seed, &[r as u64, attempt]))
                            })
                            .ok_or_else(|| {
                                Error::param(
                                    "repeats",
                                    format!("repeat {r}: no bootstrap draw left a group out of bag"),
                                )
                            })
                    })
                    .collect::<Result<_>>()?
            }
            Scheme::KFold { folds } | Scheme::GroupKFold { folds, .. } | Scheme::StratifiedGroupKFold { folds, .. } => {
                grouped::check_count(groups, g, folds)?;
                let shuffle = !matches!(
                    scheme,
                    Scheme::GroupKFold { shuffle: false, .. } | Scheme::StratifiedGroupKFold { shuffle: false, .. }
                );
                let classes = match scheme {
                    Scheme::GroupKFold { .. } => None,
                    _ => grouped::classes(data),
                };
                // a target set's labels, stratified iteratively over the groups
                let labels = match (scheme, &classes) {
                    (Scheme::GroupKFold { .. }, _) | (_, Some(_)) => None,
                    _ => super::stratification::indicators(data).map(|l| grouped::presence(&l, &index, g)),
                };
                if let (Scheme::StratifiedGroupKFold { .. }, None, None) = (scheme, &classes, &labels) {
                    return Err(Error::param(
                        "scheme",
                        format!(
                            "stratified group k-fold balances classes, but the {} target has none: use group-kfold",
                            data.task().words()
                        ),
                    ));
                }
                if classes.is_some() {
                    grouped::check_classes(data, groups, folds)?;
                }
                if let Scheme::KFold { folds } = scheme {
                    run = match classes.is_some() || labels.is_some() {
                        true => Scheme::StratifiedGroupKFold { folds, shuffle: true },
                        false => Scheme::GroupKFold { folds, shuffle: true },
                    };
                }
                let mut sizes = vec![0usize; g];
                index.iter().for_each(|&k| sizes[k] += 1);
                let counts = classes.as_ref().map(|(codes, n)| grouped::class_counts(&index, g, codes, *n));
                (0..repeats)
                    .map(|r| {
                        let mut rng = stream(r);
                        if let Some(labels) = &labels {
                            return by_group(super::stratification::folds_of(labels, folds, &mut rng));
                        }
                        let rng = shuffle.then_some(&mut rng);
                        by_group(match &counts {
                            Some(counts) => grouped::stratified_group_folds(counts, folds, rng),
                            None => grouped::group_folds(&sizes, folds, rng),
                        })
                    })
                    .collect()
            }
            Scheme::TimeSeries { .. } | Scheme::Blocked { .. } => unreachable!("refused with groups above"),
        };
        let kept = Kept { groups: Some((groups.name().to_string(), g)), time: None };
        Ok(CvPlan { scheme: run, assignments, rank: None, kept })
    }

    /// Repeated stratified k-fold from `seed`. Errors when `folds < 2`, `repeats == 0`, or a class has
    /// fewer rows than folds (a fold would miss that class). Multi-label and multi-target classification
    /// data are stratified iteratively (Sechidis et al. 2011; `stratification.rs`), multi-target regression
    /// data not at all (random folds of equal size). On data with groups the folds keep each group whole
    /// (stratified group k-fold; see [`Scheme`]); on data with a time order they are blocked (contiguous in
    /// time, [`Scheme::Blocked`]) — so every resampling inside a training split (nested evaluation's inner folds,
    /// a learner's inner cross-validation, a ranker's own folds) keeps the study's design.
    pub fn stratified(data: &Dataset, folds: usize, repeats: usize, seed: u64) -> Result<CvPlan> {
        Scheme::KFold { folds }.validated()?;
        CvPlan::check_repeats(data, repeats)?;
        if let Some(groups) = data.groups() {
            return CvPlan::grouped(data, groups, Scheme::KFold { folds }, repeats, seed);
        }
        if data.time_order().is_some() {
            return CvPlan::new(data, Scheme::Blocked { folds }, repeats, seed);
        }
        let n = data.n_rows();
        if folds > n {
            return Err(Error::param("folds", format!("{folds} folds for {n} rows: each fold needs at least one row")));
        }
        let groups = super::stratification::strata(data, folds);
        if let Target::Classes { names, .. } = data.target() {
            // A class without rows (e.g. after selecting rows) takes no part.
            if let Some((c, g)) = groups.iter().enumerate().find(|(_, g)| !g.is_empty() && g.len() < folds) {
                let smallest = groups.iter().map(Vec::len).filter(|&l| l > 0).min().unwrap_or(0);
                let name = crate::error::quote(&names[c]);
                return Err(Error::param(
                    "folds",
                    match smallest {
                        1 => format!(
                            "class '{name}' has only 1 row: stratified cross-validation needs at least 2 rows of every \
                             class (each split trains on some and tests on others); drop that class's rows or merge it \
                             with another class"
                        ),
                        _ => format!(
                            "{folds} folds but class '{name}' has only {} rows, and stratified k-fold puts a row of \
                             every class in every fold; use at most {smallest} folds, or the holdout or bootstrap scheme",
                            g.len()
                        ),
                    },
                ));
            }
        }
        if let Some(s) = data.survival() {
            if s.n_events() < folds {
                return Err(Error::param(
                    "folds",
                    format!(
                        "{folds} folds but the survival target has {} events: each test fold needs an event for its \
                         concordance to be defined; use at most {} folds",
                        s.n_events(),
                        s.n_events()
                    ),
                ));
            }
        }
        if let Some(labels) = super::stratification::indicators(data) {
            let assignments = (0..repeats)
                .map(|r| super::stratification::folds_of(&labels, folds, &mut rng_for(seed, &[r as u64])))
                .collect();
            return Ok(CvPlan { scheme: Scheme::KFold { folds }, assignments, rank: None, kept: Kept::default() });
        }
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
        Ok(CvPlan { scheme: Scheme::KFold { folds }, assignments, rank: None, kept: Kept::default() })
    }

    /// At least one repeat, and the plan's codes (4 bytes per row and repeat) within the memory limit.
    fn check_repeats(data: &Dataset, repeats: usize) -> Result<()> {
        if repeats == 0 {
            return Err(Error::param("repeats", "need at least 1 repeat"));
        }
        let bytes = (repeats as u64).saturating_mul(4 * data.n_rows() as u64 + 24);
        crate::memory::check(bytes, || format!("a plan of {repeats} repeats of {} rows", data.n_rows()))
    }

    /// Repeated stratified holdout: in each repeat, round(`test`·n_c) rows of every class c (at least 1,
    /// at most n_c − 1) are the test set; a numeric target is stratified by groups of 10 rows in target
    /// order.
    fn holdout(data: &Dataset, test: f64, repeats: usize, seed: u64) -> Result<CvPlan> {
        let groups = super::stratification::strata(data, 10);
        let n = data.n_rows();
        if let Some(g) = groups.iter().find(|g| g.len() == 1) {
            let what = match data.class_names() {
                Some(names) => format!("class '{}'", names[data.labels().map_or(0, |l| l[g[0]])]),
                None => "a stratum of the target".to_string(),
            };
            return Err(Error::param("test", format!("{what} has one row: it cannot be both trained and tested on")));
        }
        let assignments = (0..repeats)
            .map(|r| {
                let mut rng = rng_for(seed, &[r as u64]);
                let mut code = vec![0u32; n];
                for group in groups.iter().filter(|g| !g.is_empty()) {
                    let mut rows = group.clone();
                    rows.shuffle(&mut rng);
                    let t = ((test * rows.len() as f64).round() as usize).clamp(1, rows.len() - 1);
                    rows[..t].iter().for_each(|&i| code[i] = 1);
                }
                code
            })
            .collect();
        Ok(CvPlan { scheme: Scheme::Holdout { test }, assignments, rank: None, kept: Kept::default() })
    }

    /// Repeated stratified bootstrap: in each repeat, n_c rows drawn with replacement from every class c
    /// train (class sizes kept), the rows never drawn test. A draw that leaves no row out of bag (only
    /// possible on tiny data) is redrawn from the next stream.
    fn bootstrap(data: &Dataset, repeats: usize, seed: u64) -> Result<CvPlan> {
        let groups = super::stratification::strata(data, data.n_rows());
        let n = data.n_rows();
        if n < 2 {
            return Err(Error::EmptyData { what: format!("a bootstrap plan needs at least 2 rows, got {n}") });
        }
        let assignments = (0..repeats)
            .map(|r| {
                for attempt in 0..1000u64 {
                    let mut rng = rng_for(seed, &[r as u64, attempt]);
                    let mut drawn = vec![0u32; n];
                    for group in groups.iter().filter(|g| !g.is_empty()) {
                        bootstrap(&mut rng, group.len()).into_iter().for_each(|p| drawn[group[p]] += 1);
                    }
                    if drawn.contains(&0) {
                        return Ok(drawn);
                    }
                }
                Err(Error::param("repeats", format!("repeat {r}: no bootstrap draw left a row out of bag")))
            })
            .collect::<Result<_>>()?;
        Ok(CvPlan { scheme: Scheme::Bootstrap, assignments, rank: None, kept: Kept::default() })
    }

    /// A k-fold plan from given fold ids (one vector per repeat, one 0-based id per row), e.g. to match
    /// another tool's folds. Every fold id in `0..max+1` must be used in every repeat.
    pub fn from_assignments(assignments: Vec<Vec<usize>>, n_rows: usize) -> Result<CvPlan> {
        if assignments.is_empty() {
            return Err(Error::param("folds", "no repeats given"));
        }
        for (r, a) in assignments.iter().enumerate() {
            // an id at or beyond the rows names a fold no row can fill (and would size the check below)
            if let Some((row, &id)) = a.iter().enumerate().find(|&(_, &id)| id >= n_rows.max(2)) {
                return Err(Error::param(
                    "folds",
                    format!(
                        "fold ids are 0, 1, …, folds − 1 with every fold used, so below the {n_rows} rows; row {row} of \
                         repeat {r} has {id}"
                    ),
                ));
            }
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
        Ok(CvPlan { scheme: Scheme::KFold { folds }, assignments: out, rank: None, kept: Kept::default() })
    }

    /// A k-fold plan from fold ids as files and NumPy hold them (signed: one vector per repeat, one 0-based id per
    /// row) — where the CLI's `--folds-file` and Python's `folds=` are checked: a negative id named by row and
    /// repeat, the rest by [`CvPlan::from_assignments`].
    ///
    /// ```
    /// use featrank::resampling::CvPlan;
    /// let plan = CvPlan::from_fold_ids(vec![vec![0, 1, 0, 1], vec![1, 1, 0, 0]], 4).unwrap();
    /// assert_eq!((plan.folds(), plan.repeats()), (2, 2));
    /// let err = CvPlan::from_fold_ids(vec![vec![0, 1, -1, 1]], 4).unwrap_err();
    /// assert!(err.to_string().contains("row 2 of repeat 0 has -1"));
    /// ```
    pub fn from_fold_ids(ids: Vec<Vec<i64>>, n_rows: usize) -> Result<CvPlan> {
        let mut assignments = Vec::with_capacity(ids.len());
        for (r, repeat) in ids.into_iter().enumerate() {
            if let Some((row, id)) = repeat.iter().enumerate().find(|(_, id)| usize::try_from(**id).is_err()) {
                let reason = format!("fold ids are 0, 1, …; row {row} of repeat {r} has {id}");
                return Err(Error::param("folds", reason));
            }
            assignments.push(repeat.into_iter().map(|id| id as usize).collect());
        }
        CvPlan::from_assignments(assignments, n_rows)
    }

    /// A k-fold plan from a frame with one integer column per repeat and one row per data row.
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
                    .map(|(i, v)| v.ok_or_else(|| Error::column(name.clone(), format!("row {i}: missing fold id"))))
                    .collect::<Result<Vec<i64>>>()
            })
            .collect::<Result<Vec<_>>>()?;
        CvPlan::from_fold_ids(assignments, frame.height())
    }

    /// The resampling scheme.
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// The groups the plan kept whole and the time order it followed.
    pub fn kept(&self) -> &Kept {
        &self.kept
    }

    /// Splits per repeat: the number of folds (the k-fold schemes, time series), of groups (leave one group
    /// out), 1 (holdout, bootstrap).
    pub fn folds(&self) -> usize {
        self.scheme.splits().unwrap_or_else(|| self.assignments[0].iter().max().map_or(0, |&m| m as usize + 1))
    }

    /// Number of repeats.
    pub fn repeats(&self) -> usize {
        self.assignments.len()
    }

    /// Number of rows the plan covers.
    pub fn n_rows(&self) -> usize {
        self.assignments[0].len()
    }

    /// The code of every row in `repeat`: its fold id (k-fold); 1 = test, 0 = train (holdout); how often it
    /// was drawn into the training sample, 0 = out of bag (bootstrap).
    pub fn assignment(&self, repeat: usize) -> &[u32] {
        &self.assignments[repeat]
    }

    /// `(train rows, test rows)` of split `fold` in `repeat`, both ascending; a bootstrap training row
    /// appears as often as it was drawn.
    pub fn split(&self, repeat: usize, fold: usize) -> (Vec<usize>, Vec<usize>) {
        let code = &self.assignments[repeat];
        match (self.scheme, &self.rank) {
            (Scheme::Holdout { .. }, _) => (0..code.len()).partition(|&i| code[i] == 0),
            (Scheme::Bootstrap, _) => {
                let train = (0..code.len()).flat_map(|i| std::iter::repeat_n(i, code[i] as usize)).collect();
                (train, (0..code.len()).filter(|&i| code[i] == 0).collect())
            }
            (Scheme::TimeSeries { gap, max_train, .. }, Some(rank)) => {
                let test: Vec<usize> = (0..code.len()).filter(|&i| code[i] as usize == fold).collect();
                let start = test.iter().map(|&i| rank[i] as usize).min().unwrap_or(0);
                let window = super::time::train_window(start, gap, max_train);
                ((0..code.len()).filter(|&i| window.contains(&(rank[i] as usize))).collect(), test)
            }
            _ => (0..code.len()).partition(|&i| code[i] as usize != fold),
        }
    }

    /// Every `(train, test)` split of the plan, repeat by repeat.
    pub fn splits(&self) -> impl Iterator<Item = (usize, usize, (Vec<usize>, Vec<usize>))> + '_ {
        (0..self.repeats()).flat_map(move |r| (0..self.folds()).map(move |f| (r, f, self.split(r, f))))
    }

    /// The rows a repeat tests on, ascending: every row (the k-fold schemes, leave one group out), or its
    /// splits' test rows (holdout, bootstrap, time series).
    pub fn test_rows(&self, repeat: usize) -> Vec<usize> {
        let code = &self.assignments[repeat];
        match self.scheme {
            Scheme::Holdout { .. } => (0..code.len()).filter(|&i| code[i] == 1).collect(),
            Scheme::Bootstrap => (0..code.len()).filter(|&i| code[i] == 0).collect(),
            Scheme::TimeSeries { .. } => (0..code.len()).filter(|&i| code[i] != super::time::NOT_TESTED).collect(),
            _ => (0..code.len()).collect(),
        }
    }

    /// The size of the smallest training set of any split.
    pub fn min_train(&self) -> usize {
        self.splits().map(|(_, _, (train, _))| train.len()).min().unwrap_or(0)
    }

    /// The sizes of the largest training set and of the largest test set of any split.
    pub fn largest_split(&self) -> (usize, usize) {
        self.splits().fold((0, 0), |(tr, te), (_, _, (train, test))| (tr.max(train.len()), te.max(test.len())))
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
    /// Index all use it). In `repeat`, each split's `predict` fits on the split's training rows and predicts
    /// its test rows — once, or once per feature subset of a nested chain; splits run in parallel with the
    /// seed [`CvPlan::fold_seed`]. The test predictions of all splits are pooled by row: output `o`
    /// predicts every row of [`CvPlan::test_rows`] exactly once, in that order, out of fold.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::resampling::Prediction;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let plan = CvPlan::stratified(&iris, 5, 1, 7).unwrap();
    /// let pooled = plan.cross_val_predict(&iris, 0, 7, |fold| Ok(vec![Knn::new().k(5).fit_predict(fold, &[2, 3])?])).unwrap();
    /// assert_eq!(pooled.rows.len(), 150); // k-fold: every row, once
    /// let accuracy = Measure::Accuracy.score(&iris, &pooled.rows, &pooled.predictions[0]).unwrap();
    /// assert!(accuracy > 0.9);
    /// ```
    pub fn cross_val_predict<F>(&self, data: &Dataset, repeat: usize, seed: u64, predict: F) -> Result<OutOfFold>
    where
        F: Fn(&Fold<'_>) -> Result<Vec<Prediction>> + Sync,
    {
        self.cross_val_predict_with(data, repeat, seed, |fold, _| predict(fold))
    }

    /// [`CvPlan::cross_val_predict`] where `predict` also gets the split's index within the repeat (e.g. to
    /// use that split's own feature ranking).
    pub fn cross_val_predict_with<F>(&self, data: &Dataset, repeat: usize, seed: u64, predict: F) -> Result<OutOfFold>
    where
        F: Fn(&Fold<'_>, usize) -> Result<Vec<Prediction>> + Sync,
    {
        self.check(data)?;
        if repeat >= self.repeats() {
            return Err(Error::param("repeat", format!("repeat {repeat} of a plan with {} repeats", self.repeats())));
        }
        let splits: Vec<(Vec<usize>, Vec<usize>)> = (0..self.folds()).map(|f| self.split(repeat, f)).collect();
        let per_fold: Vec<Vec<Prediction>> = crate::parallel::try_map(splits.len(), |f| {
            let (train, test) = &splits[f];
            crate::progress::check_interrupt("cross-validation")?;
            predict(&Fold { data, train, test, seed: CvPlan::fold_seed(seed, repeat, f) }, f)
        })?;
        let rows = self.test_rows(repeat);
        // position of every data row in `rows`
        let mut at = vec![usize::MAX; data.n_rows()];
        rows.iter().enumerate().for_each(|(p, &r)| at[r] = p);
        let outputs = per_fold.first().map_or(0, Vec::len);
        let mut pooled: Vec<Prediction> = (0..outputs).map(|_| Prediction::empty(data.target(), rows.len())).collect();
        for ((_, test), preds) in splits.iter().zip(per_fold) {
            if preds.len() != outputs {
                return Err(Error::param("predict", "every fold must return the same number of predictions"));
            }
            for (pool, pred) in pooled.iter_mut().zip(preds) {
                scatter(pool, pred, test, &at)?;
            }
        }
        Ok(OutOfFold { rows, predictions: pooled })
    }
}

/// Put `pred` (of the rows `test`) into `pool` at the positions `at[row]`.
fn scatter(pool: &mut Prediction, pred: Prediction, test: &[usize], at: &[usize]) -> Result<()> {
    if let (Prediction::Risk(risk), Prediction::Hazard { .. }) = (&mut *pool, &pred) {
        // a pool of risks made before the learner said it estimates hazards too
        let hazard = vec![Default::default(); risk.len()];
        *pool = Prediction::Hazard { risk: std::mem::take(risk), hazard };
    }
    match (pool, pred) {
        (Prediction::Classes { labels, scores }, Prediction::Classes { labels: l, scores: s })
            if l.len() == test.len() && s.len() * labels.len() == test.len() * scores.len() =>
        {
            let k = scores.len() / labels.len().max(1);
            for (t, &row) in test.iter().enumerate() {
                let p = at[row];
                labels[p] = l[t];
                scores[p * k..(p + 1) * k].copy_from_slice(&s[t * k..(t + 1) * k]);
            }
            Ok(())
        }
        (Prediction::Values(v), Prediction::Values(p)) | (Prediction::Risk(v), Prediction::Risk(p))
            if p.len() == test.len() =>
        {
            test.iter().zip(p).for_each(|(&row, p)| v[at[row]] = p);
            Ok(())
        }
        (Prediction::Hazard { risk, hazard }, Prediction::Hazard { risk: r, hazard: h })
            if r.len() == test.len() && h.len() == test.len() =>
        {
            for ((&row, r), h) in test.iter().zip(r).zip(h) {
                (risk[at[row]], hazard[at[row]]) = (r, h);
            }
            Ok(())
        }
        (Prediction::Set(pools), Prediction::Set(preds)) if pools.len() == preds.len() => {
            pools.iter_mut().zip(preds).try_for_each(|(pool, pred)| scatter(pool, pred, test, at))
        }
        _ => Err(Error::param("learner", "prediction kind or length does not match the task and the test rows")),
    }
}

/// Out-of-fold predictions of one repeat: `predictions[o]` predicts `rows[i]` at position `i`.
#[derive(Debug, Clone, PartialEq)]
pub struct OutOfFold {
    /// The repeat's test rows, ascending ([`CvPlan::test_rows`]).
    pub rows: Vec<usize>,
    /// One pooled prediction per output of the predict function.
    pub predictions: Vec<Prediction>,
}
