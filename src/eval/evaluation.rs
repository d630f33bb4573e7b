//! [`Evaluation`]: how rankings are judged — the resampling, the subset sizes, the measure and the seed. A curve
//! run ([`CurveOptions`](crate::eval::CurveOptions)) and a nested evaluation
//! ([`NestedOptions`](crate::protocol::NestedOptions)) both embed it, so these settings, their flags, their
//! manifest keys and their checks are written once.

use serde::{Deserialize, Serialize};

use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::eval::{defaults, Grid};
use crate::resampling::{CvPlan, Measure, Resampling, Scheme};
use crate::task::Task;

/// The settings every evaluation of rankings takes: how rows are split ([`Resampling`]), the subset sizes of
/// the curves ([`Grid`]), the measure (default: the task's) and the seed of every random choice. `Default` is a
/// curve run's ([`defaults`]: the papers' 10×10 stratified CV, the paper grid, seed 0); a nested evaluation
/// starts from one outer 10-fold CV instead. Manifests keep each setting as the text users write, flattened
/// into the run's options (`"scheme": "kfold:folds=10", "repeats": 10, "grid": "paper"`).
///
/// ```
/// use featrank::eval::{Evaluation, Grid};
/// use featrank::resampling::{Measure, Scheme};
/// use featrank::task::Task;
/// let e = Evaluation { grid: "1,2,4".parse().unwrap(), ..Evaluation::default() };
/// assert_eq!((e.resampling.scheme, e.resampling.repeats, e.seed), (Scheme::KFold { folds: 10 }, 10, 0));
/// assert_eq!(e.measure_for(Task::Classification).unwrap(), Measure::default_for(Task::Classification));
/// let json = serde_json::to_string(&e).unwrap();
/// assert_eq!(json, r#"{"scheme":"kfold:folds=10","repeats":10,"grid":"1,2,4","measure":null,"seed":0}"#);
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// assert_eq!(e.plan(&iris).unwrap().repeats(), 10);
/// assert_eq!(e.sizes(&iris).unwrap(), vec![1, 2, 4]);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct Evaluation {
    /// How rows are split: the scheme and its repeats.
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub resampling: Resampling,
    /// full, paper, or a comma-separated list of subset sizes.
    #[serde(with = "crate::spec::as_text")]
    #[cfg_attr(feature = "cli", arg(long, default_value_t = Grid::default(), value_parser = crate::spec::flag::<Grid>))]
    pub grid: Grid,
    /// The measure (default: the task's).
    #[serde(with = "crate::spec::as_text::option")]
    #[cfg_attr(feature = "cli", arg(long, value_parser = crate::spec::flag::<Measure>, help = Measure::help()))]
    pub measure: Option<Measure>,
    /// Seed of the splits, random rankings, rankers and learners.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = defaults::SEED))]
    pub seed: u64,
}

impl Default for Evaluation {
    /// A curve run's: 10×10 stratified k-fold, the paper grid, the task's measure, seed 0.
    fn default() -> Evaluation {
        Evaluation {
            resampling: Resampling::new(Scheme::KFold { folds: defaults::FOLDS }, defaults::REPEATS),
            grid: Grid::default(),
            measure: None,
            seed: defaults::SEED,
        }
    }
}

impl Evaluation {
    /// The measure on a `task` target: the one set, else the task's default
    /// ([`Measure::default_for`]); a measure set for another task is an
    /// [`Error::InvalidParameter`] naming `measure`.
    pub fn measure_for(&self, task: Task) -> Result<Measure> {
        let measure = self.measure.unwrap_or(Measure::default_for(task));
        if measure.task() != task {
            return Err(Error::param("measure", format!("{measure:?} does not apply to a {task:?} target")));
        }
        Ok(measure)
    }

    /// The splits of `data`: the resampling drawn from the seed ([`Resampling::plan`]).
    pub fn plan(&self, data: &Dataset) -> Result<CvPlan> {
        self.resampling.plan(data, self.seed)
    }

    /// The subset sizes of `data`'s curves: the grid over its features ([`Grid::sizes`]).
    pub fn sizes(&self, data: &Dataset) -> Result<Vec<usize>> {
        self.grid.sizes(data.n_features())
    }
}
