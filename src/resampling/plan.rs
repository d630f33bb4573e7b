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

use crate::data::{AsDataFrame, Dataset, Target};
use crate::error::{Error, Result};
use crate::resampling::{Fold, Prediction};
use crate::seed::{bootstrap, rng_for};
use crate::spec::Spec;

/// Stream tag of the learners' per-fold seeds.
const LEARNER_STREAM: u64 = 0x004c_4541_524e; // "LEARN"

/// How each repeat of a [`CvPlan`] splits the rows. Written and parsed in the spec grammar:
/// `kfold:folds=10`, `holdout:test=0.33` (or `holdout:0.33`), `bootstrap`.
///
/// ```
/// use featrank::resampling::Scheme;
/// let s: Scheme = "holdout:0.33".parse().unwrap();
/// assert_eq!(s, Scheme::Holdout { test: 0.33 });
/// assert_eq!(s.to_string(), "holdout:test=0.33");
/// assert_eq!("kfold".parse::<Scheme>().unwrap(), Scheme::KFold { folds: 10 });
/// assert_eq!(Scheme::Bootstrap.splits(), 1);
/// assert!("holdout:1.5".parse::<Scheme>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Scheme {
    /// Stratified k-fold: `folds` splits per repeat whose test sets partition the rows.
    KFold {
        /// Number of folds (at least 2).
        folds: usize,
    },
    /// Stratified holdout: one split per repeat with the fraction `test` of every class held out.
    Holdout {
        /// Fraction of each class in the test set, in (0, 1).
        test: f64,
    },
    /// Stratified bootstrap: one split per repeat, out-of-bag rows as the test set.
    Bootstrap,
}

/// Folds of a k-fold when none are given (`kfold`; `featrank::eval::defaults::FOLDS`).
pub const DEFAULT_FOLDS: usize = 10;

/// Repeats of a curve run's resampling when none are given (`featrank::eval::defaults::REPEATS`).
pub const DEFAULT_REPEATS: usize = 10;

impl Default for Scheme {
    /// [`DEFAULT_FOLDS`]-fold.
    fn default() -> Scheme {
        Scheme::KFold { folds: DEFAULT_FOLDS }
    }
}

impl Scheme {
    /// Splits per repeat: k for k-fold, 1 otherwise.
    pub fn splits(&self) -> usize {
        match self {
            Scheme::KFold { folds } => *folds,
            _ => 1,
        }
    }

    /// The scheme as a [`Spec`] (every parameter).
    pub fn spec(&self) -> Spec {
        match self {
            Scheme::KFold { folds } => Spec::new("kfold").with("folds", folds),
            Scheme::Holdout { test } => Spec::new("holdout").with("test", test),
            Scheme::Bootstrap => Spec::new("bootstrap"),
        }
    }

    /// Build from a [`Spec`]; refuses unknown keys and values out of range.
    pub fn from_spec(s: &Spec) -> Result<Scheme> {
        let scheme = match s.method() {
            "kfold" => {
                s.check_keys(&["folds"])?;
                Scheme::KFold { folds: s.get("folds", DEFAULT_FOLDS)? }
            }
            "holdout" => {
                s.check_keys(&["test"])?;
                Scheme::Holdout { test: s.get("test", 1.0 / 3.0)? }
            }
            "bootstrap" => {
                s.check_keys(&[])?;
                Scheme::Bootstrap
            }
            other => {
                return Err(Error::Unknown {
                    kind: "resampling scheme".into(),
                    name: other.into(),
                    known: ["kfold", "holdout", "bootstrap"].map(String::from).to_vec(),
                })
            }
        };
        scheme.validated()
    }

    /// The scheme if its parameters are in range.
    fn validated(self) -> Result<Scheme> {
        match self {
            Scheme::KFold { folds } if folds < 2 => {
                Err(Error::param("folds", format!("need at least 2 folds, got {folds}")))
            }
            Scheme::Holdout { test } if !(test > 0.0 && test < 1.0) => {
                Err(Error::param("test", format!("the test fraction must lie in (0, 1), got {test}")))
            }
            s => Ok(s),
        }
    }
}

impl std::fmt::Display for Scheme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.spec().fmt(f)
    }
}

impl std::str::FromStr for Scheme {
    type Err = Error;
    fn from_str(s: &str) -> Result<Scheme> {
        // `holdout:0.33` is short for `holdout:test=0.33`.
        if let Some(t) = s.trim().strip_prefix("holdout:").and_then(|t| t.trim().parse::<f64>().ok()) {
            return Scheme::Holdout { test: t }.validated();
        }
        Scheme::from_spec(&s.parse()?)
    }
}

/// How a run resamples its rows: a [`Scheme`] and how many times it is repeated — what curve runs, nested
/// evaluations and their manifests share. Its text form is the scheme's spec (`kfold:folds=10`).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::resampling::Resampling;
/// let r = Resampling::from_text("kfold", Some(5), 2).unwrap(); // a plain `kfold` takes the folds given
/// assert_eq!(r, Resampling::new(Scheme::KFold { folds: 5 }, 2));
/// assert_eq!(Resampling::from_text("kfold:folds=5", None, 1).unwrap().scheme, Scheme::KFold { folds: 5 });
/// assert_eq!(Resampling::from_text("holdout:0.25", None, 3).unwrap().scheme, Scheme::Holdout { test: 0.25 });
/// // the folds in two places: refused, naming both
/// let both = Resampling::from_text("kfold:folds=5", Some(10), 1).unwrap_err().to_string();
/// assert!(both.contains("folds=10") && both.contains("kfold:folds=5"), "{both}");
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// assert_eq!(r.plan(&iris, 0).unwrap().repeats(), 2);
/// assert!(Resampling::from_text("kfold:folds=5,bins=2", None, 1).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Resampling {
    /// k-fold (stratified), holdout or bootstrap.
    #[serde(with = "crate::spec::as_text")]
    pub scheme: Scheme,
    /// Repeats of the scheme, each drawn from its own stream of the seed.
    pub repeats: usize,
}

impl Resampling {
    /// `repeats` repeats of `scheme`.
    pub fn new(scheme: Scheme, repeats: usize) -> Resampling {
        Resampling { scheme, repeats }
    }

    /// From the settings as the CLI and Python take them: `scheme` as text (`kfold`, `kfold:folds=5`,
    /// `holdout:0.33`, `bootstrap`), `folds` the folds of a plain `kfold` when given ([`DEFAULT_FOLDS`]
    /// otherwise), and `repeats`. Folds given beside a scheme that sets its own splits (`kfold:folds=5`,
    /// `holdout:0.33`) are an [`Error::InvalidParameter`] naming both, not a silent choice of one.
    pub fn from_text(scheme: &str, folds: Option<usize>, repeats: usize) -> Result<Resampling> {
        let scheme = match (scheme.trim(), folds) {
            ("kfold", folds) => Scheme::KFold { folds: folds.unwrap_or(DEFAULT_FOLDS) },
            (text, None) => text.parse()?,
            (text, Some(folds)) => {
                return Err(Error::param(
                    "folds",
                    format!(
                        "folds={folds} beside scheme '{}', which sets its own splits: give the folds in one place \
                         (scheme 'kfold' with folds, or the scheme alone)",
                        crate::error::quote(text)
                    ),
                ))
            }
        };
        Ok(Resampling { scheme, repeats })
    }

    /// The plan of these repeats drawn from `seed` ([`CvPlan::new`]: every check of the scheme and the
    /// repeats against the data).
    pub fn plan(&self, data: &Dataset, seed: u64) -> Result<CvPlan> {
        CvPlan::new(data, self.scheme, self.repeats, seed)
    }
}

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
    /// Per repeat, one code per row: the fold id (k-fold); 1 = test, 0 = train (holdout); how often the
    /// row was drawn into the training sample, 0 = out of bag (bootstrap).
    assignments: Vec<Vec<u32>>,
}

impl CvPlan {
    /// A plan of `repeats` repeats of `scheme`, drawn from `seed`. Errors name the parameter: fewer than 2
    /// folds, no repeat, a class with fewer rows than folds (k-fold) or fewer than 2 rows (holdout).
    pub fn new(data: &Dataset, scheme: Scheme, repeats: usize, seed: u64) -> Result<CvPlan> {
        let scheme = scheme.validated()?;
        CvPlan::check_repeats(data, repeats)?;
        match scheme {
            Scheme::KFold { folds } => CvPlan::stratified(data, folds, repeats, seed),
            Scheme::Holdout { test } => CvPlan::holdout(data, test, repeats, seed),
            Scheme::Bootstrap => CvPlan::bootstrap(data, repeats, seed),
        }
    }

    /// Repeated stratified k-fold from `seed`. Errors when `folds < 2`, `repeats == 0`, or a class has
    /// fewer rows than folds (a fold would miss that class). Multi-label and multi-target classification
    /// data are stratified iteratively (Sechidis et al. 2011; `stratification.rs`), multi-target regression
    /// data not at all (random folds of equal size).
    pub fn stratified(data: &Dataset, folds: usize, repeats: usize, seed: u64) -> Result<CvPlan> {
        Scheme::KFold { folds }.validated()?;
        CvPlan::check_repeats(data, repeats)?;
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
            return Ok(CvPlan { scheme: Scheme::KFold { folds }, assignments });
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
        Ok(CvPlan { scheme: Scheme::KFold { folds }, assignments })
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
        Ok(CvPlan { scheme: Scheme::Holdout { test }, assignments })
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
        Ok(CvPlan { scheme: Scheme::Bootstrap, assignments })
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
        Ok(CvPlan { scheme: Scheme::KFold { folds }, assignments: out })
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

    /// Splits per repeat: the number of folds (k-fold), 1 (holdout, bootstrap).
    pub fn folds(&self) -> usize {
        self.scheme.splits()
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
        match self.scheme {
            Scheme::KFold { .. } => (0..code.len()).partition(|&i| code[i] as usize != fold),
            Scheme::Holdout { .. } => (0..code.len()).partition(|&i| code[i] == 0),
            Scheme::Bootstrap => {
                let train = (0..code.len()).flat_map(|i| std::iter::repeat_n(i, code[i] as usize)).collect();
                (train, (0..code.len()).filter(|&i| code[i] == 0).collect())
            }
        }
    }

    /// Every `(train, test)` split of the plan, repeat by repeat.
    pub fn splits(&self) -> impl Iterator<Item = (usize, usize, (Vec<usize>, Vec<usize>))> + '_ {
        (0..self.repeats()).flat_map(move |r| (0..self.folds()).map(move |f| (r, f, self.split(r, f))))
    }

    /// The rows a repeat tests on, ascending: every row (k-fold), or its split's test rows.
    pub fn test_rows(&self, repeat: usize) -> Vec<usize> {
        let code = &self.assignments[repeat];
        match self.scheme {
            Scheme::KFold { .. } => (0..code.len()).collect(),
            Scheme::Holdout { .. } => (0..code.len()).filter(|&i| code[i] == 1).collect(),
            Scheme::Bootstrap => (0..code.len()).filter(|&i| code[i] == 0).collect(),
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
