//! [`CurveOptions`]: a curve run's settings, typed, with their defaults — the one description the builder
//! ([`CurveSpec`](super::CurveSpec)), the CLI's flags (derived from it behind the cargo feature `cli`), a
//! cluster manifest (serde) and Python's `featrank.curves` share.

use serde::{Deserialize, Serialize};

use crate::device::Device;
use crate::eval::{defaults, Evaluation};

/// A curve run's settings: the [`Evaluation`] (resampling, subset sizes, measure, seed), the random rankings
/// behind the expected curve and the device. `Default` holds every default (the papers' 10×10 stratified CV,
/// the paper grid, 100 random rankings, the task's measure, seed 0, the CPU); manifests keep it with each
/// setting as the text users write (`"scheme": "kfold:folds=10"`, `"grid": "paper"`).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::eval::{CurveOptions, Evaluation};
/// let evaluation = Evaluation { grid: "1,2,4".parse().unwrap(), ..Evaluation::default() };
/// let o = CurveOptions { evaluation, expected: 20, ..CurveOptions::default() };
/// assert_eq!(o.evaluation.resampling.scheme, Scheme::KFold { folds: 10 });
/// let json = serde_json::to_string(&o).unwrap();
/// assert!(json.contains(r#""scheme":"kfold:folds=10""#) && json.contains(r#""grid":"1,2,4""#), "{json}");
/// assert_eq!(serde_json::from_str::<CurveOptions>(&json).unwrap(), o);
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let curves = CurveSpec::new(Knn::new()).options(o).evaluate(&iris, &[]).unwrap();
/// assert_eq!(curves.expected, 20);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct CurveOptions {
    /// The resampling, the subset sizes, the measure and the seed.
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub evaluation: Evaluation,
    /// Random rankings behind the expected curve (0 = none).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = defaults::EXPECTED))]
    pub expected: usize,
    /// Repeats each random ranking is evaluated on (default: all; fewer is a shortcut for costly
    /// learners: the expected curve's mean is still unbiased, its band wider).
    #[cfg_attr(feature = "cli", arg(long))]
    pub expected_repeats: Option<usize>,
    /// Where the learner computes: cpu, or gpu (kNN's distance chains on an NVIDIA GPU, in a build with the
    /// cargo feature `gpu`; the curves are byte-identical).
    #[serde(default)]
    #[cfg_attr(feature = "cli", arg(long, default_value_t = Device::Cpu))]
    pub device: Device,
}

impl Default for CurveOptions {
    /// The papers' settings ([`defaults`]): 10×10 stratified k-fold, the paper grid, 100 random rankings on
    /// every repeat, the task's measure, seed 0, the CPU.
    fn default() -> CurveOptions {
        CurveOptions {
            evaluation: Evaluation::default(),
            expected: defaults::EXPECTED,
            expected_repeats: None,
            device: Device::Cpu,
        }
    }
}
