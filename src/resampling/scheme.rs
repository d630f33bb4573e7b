//! [`Scheme`]: how each repeat of a plan splits the rows — k-fold, holdout, bootstrap, the grouped schemes and the
//! time-ordered ones — written in the spec grammar; [`Resampling`]: a scheme and its repeats, as runs take them.

use serde::{Deserialize, Serialize};

use std::borrow::Cow;

use crate::data::dataset::TimeOrder;
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::resampling::CvPlan;
use crate::spec::Spec;

/// How each repeat of a [`CvPlan`] splits the rows. Written and parsed in the spec grammar:
/// `kfold:folds=10`, `holdout:test=0.33` (or `holdout:0.33`), `bootstrap`, `group-kfold:folds=5`,
/// `stratified-group-kfold:folds=5`, `leave-one-group-out` (`logo`), `time-series:folds=5,gap=0,max_train=0,test=0`,
/// `blocked:folds=5`.
///
/// On data with [groups](crate::data::dataset::Groups) every scheme keeps each group on one side of a split:
/// `kfold` is then stratified group k-fold (classes and survival events balanced, a target set's labels
/// stratified iteratively over the groups; numeric targets: group k-fold),
/// `holdout` holds out a share of the groups and `bootstrap` draws whole groups.
///
/// ```
/// use featrank::resampling::Scheme;
/// let s: Scheme = "holdout:0.33".parse().unwrap();
/// assert_eq!(s, Scheme::Holdout { test: 0.33 });
/// assert_eq!(s.to_string(), "holdout:test=0.33");
/// assert_eq!("kfold".parse::<Scheme>().unwrap(), Scheme::KFold { folds: 10 });
/// assert_eq!(Scheme::Bootstrap.splits(), Some(1));
/// assert_eq!("logo".parse::<Scheme>().unwrap().splits(), None); // one per group: the data says how many
/// let ts: Scheme = "time-series:folds=4,gap=2".parse().unwrap();
/// assert_eq!(ts, Scheme::TimeSeries { folds: 4, gap: 2, max_train: 0, test: 0 });
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
    /// Group k-fold (scikit-learn's `GroupKFold`): each group in one fold, fold sizes as even as whole groups
    /// allow; not stratified.
    GroupKFold {
        /// Number of folds (at least 2, at most the groups).
        folds: usize,
        /// Deal equal-sized groups in a random order drawn per repeat; `false`: scikit-learn's fixed order
        /// (every repeat the same, so one is run).
        shuffle: bool,
    },
    /// Stratified group k-fold (scikit-learn's `StratifiedGroupKFold`): each group in one fold, every class's
    /// share as even across folds as whole groups allow.
    StratifiedGroupKFold {
        /// Number of folds (at least 2, at most the groups).
        folds: usize,
        /// Deal groups of equal class spread in a random order drawn per repeat; `false`: scikit-learn's fixed
        /// order (every repeat the same, so one is run).
        shuffle: bool,
    },
    /// Leave one group out: one split per group, its rows the test set.
    LeaveOneGroupOut,
    /// Forward chaining in time (scikit-learn's `TimeSeriesSplit`): `folds` consecutive test blocks at the end;
    /// each split trains on the rows before its block.
    TimeSeries {
        /// Number of splits (test blocks).
        folds: usize,
        /// Rows left out between the training rows and the test block.
        gap: usize,
        /// At most this many training rows, the latest (a sliding window); 0 = all (an expanding window).
        max_train: usize,
        /// Rows per test block; 0 = ⌊n / (folds + 1)⌋.
        test: usize,
    },
    /// Blocked k-fold: `folds` contiguous blocks in time order, each the test set once.
    Blocked {
        /// Number of blocks (at least 2).
        folds: usize,
    },
}

/// Splits of a time-series plan when none are given (scikit-learn's default).
pub const DEFAULT_TIME_SPLITS: usize = 5;

/// Every scheme's name, in the order help texts list them.
const SCHEME_NAMES: [&str; 8] = [
    "kfold",
    "holdout",
    "bootstrap",
    "group-kfold",
    "stratified-group-kfold",
    "leave-one-group-out",
    "time-series",
    "blocked",
];

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
    /// Splits per repeat: k for the k-fold schemes and time series, 1 for holdout and bootstrap, `None` for
    /// leave one group out (one per group: the data decides).
    pub fn splits(&self) -> Option<usize> {
        match self {
            Scheme::KFold { folds }
            | Scheme::GroupKFold { folds, .. }
            | Scheme::StratifiedGroupKFold { folds, .. }
            | Scheme::TimeSeries { folds, .. }
            | Scheme::Blocked { folds } => Some(*folds),
            Scheme::Holdout { .. } | Scheme::Bootstrap => Some(1),
            Scheme::LeaveOneGroupOut => None,
        }
    }

    /// Whether every repeat splits the rows the same way (no random draw): such a plan runs one repeat.
    pub fn is_fixed(&self) -> bool {
        matches!(
            self,
            Scheme::GroupKFold { shuffle: false, .. }
                | Scheme::StratifiedGroupKFold { shuffle: false, .. }
                | Scheme::LeaveOneGroupOut
                | Scheme::TimeSeries { .. }
                | Scheme::Blocked { .. }
        )
    }

    /// Whether the scheme needs the rows' groups.
    pub fn needs_groups(&self) -> bool {
        matches!(self, Scheme::GroupKFold { .. } | Scheme::StratifiedGroupKFold { .. } | Scheme::LeaveOneGroupOut)
    }

    /// Whether the scheme follows the rows' order in time.
    pub fn is_ordered(&self) -> bool {
        matches!(self, Scheme::TimeSeries { .. } | Scheme::Blocked { .. })
    }

    /// The same scheme with `folds` splits, for a scheme that has a number of folds.
    fn with_folds(self, folds: usize) -> Option<Scheme> {
        match self {
            Scheme::KFold { .. } => Some(Scheme::KFold { folds }),
            Scheme::GroupKFold { shuffle, .. } => Some(Scheme::GroupKFold { folds, shuffle }),
            Scheme::StratifiedGroupKFold { shuffle, .. } => Some(Scheme::StratifiedGroupKFold { folds, shuffle }),
            Scheme::TimeSeries { gap, max_train, test, .. } => Some(Scheme::TimeSeries { folds, gap, max_train, test }),
            Scheme::Blocked { .. } => Some(Scheme::Blocked { folds }),
            Scheme::Holdout { .. } | Scheme::Bootstrap | Scheme::LeaveOneGroupOut => None,
        }
    }

    /// The scheme as a [`Spec`] (every parameter).
    pub fn spec(&self) -> Spec {
        match self {
            Scheme::KFold { folds } => Spec::new("kfold").with("folds", folds),
            Scheme::Holdout { test } => Spec::new("holdout").with("test", test),
            Scheme::Bootstrap => Spec::new("bootstrap"),
            Scheme::GroupKFold { folds, shuffle } => {
                Spec::new("group-kfold").with("folds", folds).with("shuffle", shuffle)
            }
            Scheme::StratifiedGroupKFold { folds, shuffle } => {
                Spec::new("stratified-group-kfold").with("folds", folds).with("shuffle", shuffle)
            }
            Scheme::LeaveOneGroupOut => Spec::new("leave-one-group-out"),
            Scheme::TimeSeries { folds, gap, max_train, test } => Spec::new("time-series")
                .with("folds", folds)
                .with("gap", gap)
                .with("max_train", max_train)
                .with("test", test),
            Scheme::Blocked { folds } => Spec::new("blocked").with("folds", folds),
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
            "group-kfold" => {
                s.check_keys(&["folds", "shuffle"])?;
                Scheme::GroupKFold { folds: s.get("folds", DEFAULT_FOLDS)?, shuffle: s.get("shuffle", true)? }
            }
            "stratified-group-kfold" => {
                s.check_keys(&["folds", "shuffle"])?;
                Scheme::StratifiedGroupKFold { folds: s.get("folds", DEFAULT_FOLDS)?, shuffle: s.get("shuffle", true)? }
            }
            "leave-one-group-out" | "logo" => {
                s.check_keys(&[])?;
                Scheme::LeaveOneGroupOut
            }
            "time-series" | "timeseries" => {
                s.check_keys(&["folds", "gap", "max_train", "test"])?;
                Scheme::TimeSeries {
                    folds: s.get("folds", DEFAULT_TIME_SPLITS)?,
                    gap: s.get("gap", 0)?,
                    max_train: s.get("max_train", 0)?,
                    test: s.get("test", 0)?,
                }
            }
            "blocked" => {
                s.check_keys(&["folds"])?;
                Scheme::Blocked { folds: s.get("folds", DEFAULT_FOLDS)? }
            }
            other => {
                return Err(Error::Unknown {
                    kind: "resampling scheme".into(),
                    name: other.into(),
                    known: SCHEME_NAMES.map(String::from).to_vec(),
                })
            }
        };
        scheme.validated()
    }

    /// The scheme if its parameters are in range.
    pub(super) fn validated(self) -> Result<Scheme> {
        match self {
            Scheme::Holdout { test } if !(test > 0.0 && test < 1.0) => {
                Err(Error::param("test", format!("the test fraction must lie in (0, 1), got {test}")))
            }
            Scheme::TimeSeries { folds, .. } if folds < 1 => {
                Err(Error::param("folds", format!("need at least 1 time-series split, got {folds}")))
            }
            Scheme::KFold { folds }
            | Scheme::GroupKFold { folds, .. }
            | Scheme::StratifiedGroupKFold { folds, .. }
            | Scheme::Blocked { folds }
                if folds < 2 =>
            {
                Err(Error::param("folds", format!("need at least 2 folds, got {folds}")))
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
        let text = scheme.trim();
        let parsed: Scheme = text.parse()?;
        let scheme = match (folds, parsed.with_folds(folds.unwrap_or(0))) {
            (None, _) => parsed,
            // a scheme named without its parameters takes the folds given
            (Some(_), Some(with)) if !text.contains(':') => with.validated()?,
            (Some(folds), _) => {
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

    /// `data` as this resampling runs on it: under a time-ordered scheme, rows without a time order follow their
    /// own, set on a copy ([`TimeOrder::Rows`]) so that resampling inside the training splits is blocked too;
    /// otherwise `data` itself.
    ///
    /// ```
    /// use featrank::resampling::Resampling;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let ordered = Resampling::from_text("time-series", None, 1).unwrap().in_order(&iris).unwrap();
    /// assert!(ordered.time_order().is_some() && iris.time_order().is_none());
    /// ```
    pub fn in_order<'d>(&self, data: &'d Dataset) -> Result<Cow<'d, Dataset>> {
        match self.scheme.is_ordered() && data.time_order().is_none() {
            true => Ok(Cow::Owned(data.clone().with_time_order(TimeOrder::Rows)?)),
            false => Ok(Cow::Borrowed(data)),
        }
    }

    /// The plan of these repeats drawn from `seed` ([`CvPlan::new`]: every check of the scheme and the
    /// repeats against the data).
    pub fn plan(&self, data: &Dataset, seed: u64) -> Result<CvPlan> {
        CvPlan::new(data, self.scheme, self.repeats, seed)
    }
}

/// What a plan kept of the study's design: the groups it never split (their column and how many there were)
/// and the time order it followed (the column, or the rows' own order) — what descriptions, figures and JSON
/// say beside the scheme.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::data::dataset::Groups;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let plants: Vec<String> = (0..150).map(|i| format!("plant{}", i / 5)).collect();
/// let grouped = iris.with_groups(Groups::new("plant", &plants).unwrap()).unwrap();
/// let kept = CvPlan::stratified(&grouped, 5, 1, 0).unwrap().kept().clone();
/// assert_eq!(kept.groups, Some(("plant".to_string(), 30)));
/// assert_eq!(kept.to_string(), "groups of 'plant' kept whole (30)");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// The column whose groups no split divided, and the number of groups.
    pub groups: Option<(String, usize)>,
    /// The column whose time order the splits followed (`row order` for the rows' own order).
    pub time: Option<String>,
}

impl std::fmt::Display for Kept {
    /// `groups of 'patient' kept whole (30)`, `in the time order of 'day'`, or nothing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut parts = Vec::new();
        if let Some((column, n)) = &self.groups {
            parts.push(format!("groups of '{column}' kept whole ({n})"));
        }
        match self.time.as_deref() {
            Some(ROW_ORDER) => parts.push("in row order".to_string()),
            Some(column) => parts.push(format!("in the time order of '{column}'")),
            None => {}
        }
        f.write_str(&parts.join(", "))
    }
}

/// What [`Kept::time`] holds when the rows' own order was followed.
pub(super) const ROW_ORDER: &str = "row order";
