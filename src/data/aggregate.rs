//! [`Aggregate`]: how several rankings of the same features become one (thesis §2.3.4 and §6.1). Each
//! feature's ranks (1 = best) are combined — mean, median, best or worst — and the aggregated ranking
//! orders features by that value, ascending; equal values keep the dataset's feature order, featrank's
//! global tie rule. Used by ranking ensembles and by the per-fold rankings of a curve run.

use crate::error::{Error, Result};
use crate::spec::spec_words;

/// How the ranks of a feature over several rankings are combined.
///
/// ```
/// use featrank::data::Aggregate;
/// // two rankings of three features, ranks per ranking (row) and feature (column)
/// let ranks = vec![vec![1.0, 2.0, 3.0], vec![3.0, 1.0, 2.0]];
/// assert_eq!(Aggregate::Mean.combine(&ranks).unwrap(), vec![2.0, 1.5, 2.5]);
/// assert_eq!(Aggregate::Best.combine(&ranks).unwrap(), vec![1.0, 1.0, 2.0]);
/// assert_eq!("max".parse::<Aggregate>().unwrap(), Aggregate::Best); // the thesis' word
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregate {
    /// Mean rank.
    Mean,
    /// Median rank (mean of the two middle ranks for an even count).
    Median,
    /// Best (smallest) rank — the thesis' "max".
    Best,
    /// Worst (largest) rank — the thesis' "min".
    Worst,
}

// `max` and `min` are the thesis' words for best and worst.
spec_words!(Aggregate, "aggregate", {
    Aggregate::Mean => "mean",
    Aggregate::Median => "median",
    Aggregate::Best => "best" | "max",
    Aggregate::Worst => "worst" | "min",
});

impl Aggregate {
    /// The aggregated rank of every feature, from `ranks[ranking][feature]` (at least one ranking, all of
    /// the same length).
    pub fn combine(self, ranks: &[Vec<f64>]) -> Result<Vec<f64>> {
        let n = ranks.first().map(Vec::len).ok_or_else(|| Error::param("rankings", "nothing to aggregate"))?;
        if ranks.iter().any(|r| r.len() != n) {
            return Err(Error::param("rankings", "rankings of different lengths cannot be aggregated"));
        }
        Ok((0..n)
            .map(|f| {
                let mut v: Vec<f64> = ranks.iter().map(|r| r[f]).collect();
                self.apply(&mut v)
            })
            .collect())
    }

    /// Combine the ranks of one feature (not empty).
    fn apply(self, ranks: &mut [f64]) -> f64 {
        match self {
            Aggregate::Mean => ranks.iter().sum::<f64>() / ranks.len() as f64,
            Aggregate::Best => ranks.iter().copied().fold(f64::INFINITY, f64::min),
            Aggregate::Worst => ranks.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            Aggregate::Median => {
                ranks.sort_by(f64::total_cmp);
                let m = ranks.len() / 2;
                if ranks.len() % 2 == 1 {
                    ranks[m]
                } else {
                    (ranks[m - 1] + ranks[m]) / 2.0
                }
            }
        }
    }
}
