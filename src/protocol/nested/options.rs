//! [`NestedOptions`]: a nested evaluation's settings, typed, with their defaults — what [`NestedSpec`] holds, what
//! `featrank nested`'s flags are derived from (behind the cargo feature `cli`), what a manifest records (serde)
//! and what Python's `featrank.nested` fills.

use serde::{Deserialize, Serialize};

use super::NestedSpec;
use crate::compare::SizeRule;
use crate::error::Result;
use crate::eval::{defaults, Evaluation};
use crate::resampling::{Resampling, Scheme};

/// A nested evaluation's settings: the [`Evaluation`] (the outer resampling, default one 10-fold CV; the grid,
/// the papers'; the measure, the task's; the seed, 0), the inner folds (5) and the size rules (`1se`).
///
/// ```
/// use featrank::protocol::NestedOptions;
/// let o = NestedOptions { inner_folds: 3, ..NestedOptions::default() };
/// let json = serde_json::to_string(&o).unwrap();
/// assert!(json.contains(r#""scheme":"kfold:folds=10","repeats":1"#) && json.contains(r#""rules":["1se"]"#), "{json}");
/// assert_eq!(serde_json::from_str::<NestedOptions>(&json).unwrap(), o);
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let mut o = o;
/// o.evaluation.grid = "1,2,4".parse().unwrap();
/// let nested = o.spec(&["fisher"], "knn:k=[1,5]").unwrap().folds(3).evaluate(&iris).unwrap();
/// assert_eq!(nested.splits.len(), 3);
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[cfg_attr(feature = "cli", command(mut_arg("repeats", |a| a.default_value(defaults::NESTED_REPEATS.to_string())
    .help("Repeats of the outer resampling")),
    mut_arg("scheme", |a| a.help("Outer resampling: kfold (with --folds), holdout:0.33, bootstrap, group-kfold, \
        stratified-group-kfold, leave-one-group-out, time-series or blocked (see `featrank curves --help`); --repeats of it")),
    mut_arg("folds", |a| a.help("Outer folds per repeat")),
    mut_arg("seed", |a| a.help("Seed of the splits, rankers and learners"))))]
pub struct NestedOptions {
    /// The outer resampling, the subset sizes, the measure and the seed.
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub evaluation: Evaluation,
    /// Folds of the inner stratified CV.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = defaults::INNER_FOLDS))]
    pub inner_folds: usize,
    /// How each grid point's subset size is chosen on its inner curve: best, 1se, within:TOL, knee, or
    /// at:SIZE (a fixed size of the grid: the parameters are still chosen there).
    #[serde(with = "rules_as_text")]
    #[cfg_attr(feature = "cli", arg(long = "rule", default_value = SizeRule::NESTED_DEFAULT.label(),
        value_parser = crate::spec::flag::<SizeRule>))]
    pub rules: Vec<SizeRule>,
}

impl Default for NestedOptions {
    /// One outer 10-fold CV ([`defaults::NESTED_REPEATS`]), inner 5-fold, the 1-SE rule, and an
    /// [`Evaluation`]'s other defaults.
    fn default() -> NestedOptions {
        NestedOptions {
            evaluation: Evaluation {
                resampling: Resampling::new(Scheme::default(), defaults::NESTED_REPEATS),
                ..Evaluation::default()
            },
            inner_folds: defaults::INNER_FOLDS,
            rules: vec![SizeRule::NESTED_DEFAULT],
        }
    }
}

impl NestedOptions {
    /// The nested spec of the ranker grids `rankers` and the learner grid `learner` (spec texts, every point
    /// checked) with these settings; [`NestedSpec::evaluate`] uses the first of [`NestedOptions::rules`].
    pub fn spec(&self, rankers: &[&str], learner: &str) -> Result<NestedSpec> {
        Ok(NestedSpec::new(rankers, learner)?.options(self.clone()))
    }
}

/// The size rules of a manifest as their texts (`["1se", "at:10"]`).
mod rules_as_text {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::compare::SizeRule;

    pub fn serialize<S: Serializer>(rules: &[SizeRule], s: S) -> Result<S::Ok, S::Error> {
        rules.iter().map(|r| r.label()).collect::<Vec<_>>().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SizeRule>, D::Error> {
        let texts = Vec::<String>::deserialize(d)?;
        texts
            .iter()
            .map(|t| t.parse().map_err(|e: crate::error::Error| serde::de::Error::custom(e.message())))
            .collect()
    }
}
