//! TuRF, tuned Relief (Moore & White 2007): run a Relief-family ranker, drop the lowest-scoring share
//! of the features, rerun it on the rest, and so on — noise features stop blurring the neighbourhoods.
//!
//! As scikit-rebate's `TURF` runs it: each round keeps ⌈remaining · (1 − pct)⌉ features (the best by
//! that round's scores), at most ⌊1/pct⌋ rounds, stopping as soon as at most `keep` features remain
//! (`keep` is capped at the number of features; one round always runs); then the base ranker scores the
//! survivors once more. The ranking: survivors by their final scores, then each round's eliminated
//! features, later rounds first, **within a round by that round's scores** (scikit-rebate gives a whole
//! round one score, so its order inside a round is arbitrary). Scores are positions: the first feature
//! scores the number of features, the last 1.

use super::{Checked, Ranker};
use crate::data::ranking::rank_order;
use crate::data::{Dataset, Task};
use crate::error::{Error, Result};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::seed::rng_for;
use crate::spec::Spec;
use rand::Rng;

/// TuRF around any ranker (meant for the Relief family; module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, Turf, Surf, SurfVariant};
/// let df = df!("x0" => [0.0, 0.1, 0.9, 1.0, 0.2, 0.8], "x1" => [0.5, 0.0, 1.0, 0.4, 0.3, 0.6],
///              "x2" => [0.1, 0.9, 0.2, 0.8, 0.5, 0.4], "y" => ["a", "a", "b", "b", "a", "b"]).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let turf = Turf::new(Box::new(Surf::new(SurfVariant::MultiSurf))).pct(0.5);
/// let r = turf.rank(&data, 0).unwrap();
/// assert_eq!(r.order()[0], "x0");
/// assert_eq!(r.scores().unwrap(), &[3.0, 2.0, 1.0]);
/// assert_eq!(turf.spec().to_string(), "turf:base=(multisurf:discrete=10),pct=0.5,keep=100");
/// ```
#[derive(Debug)]
pub struct Turf {
    base: Box<dyn Ranker>,
    pct: f64,
    keep: usize,
}

impl Turf {
    /// TuRF around `base`, removing half the features per round, stopping at 100 (scikit-rebate's defaults).
    pub fn new(base: Box<dyn Ranker>) -> Turf {
        Turf { base, pct: 0.5, keep: 100 }
    }

    /// The share of the remaining features removed per round, in (0, 1).
    pub fn pct(mut self, pct: f64) -> Turf {
        self.pct = pct;
        self
    }

    /// Stop once at most this many features remain (≥ 1).
    pub fn keep(mut self, keep: usize) -> Turf {
        self.keep = keep;
        self
    }

    /// From the spec `turf:base=(SPEC),pct=0.5,keep=100` (`base` is required).
    pub fn from_spec(s: &Spec) -> Result<Turf> {
        s.check_params(PARAMS)?;
        let base = s
            .value("base")
            .ok_or_else(|| Error::param("base", "turf needs a base ranker, e.g. turf:base=(multisurf)"))?;
        Ok(Turf {
            base: crate::spec::nested("base", super::parse(base))?,
            pct: s.get("pct", 0.5)?,
            keep: s.get("keep", 100)?,
        })
    }
}

/// The keys of TuRF.
const PARAMS: &[Param] = &[
    Param::new("base", Values::Spec("ranker"), "the ranker re-run on the features left (meant: a Relief-family one)"),
    Param::new("pct", Values::open(0.0, 1.0), "share of the features left removed per round"),
    Param::new("keep", Values::whole(1), "features left when the removal stops"),
];

impl Method for Turf {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Moore & White 2007, Tuning ReliefF for genome-wide genetic analysis, EvoBIO"
    }

    fn spec(&self) -> Spec {
        Spec::new("turf").with("base", self.base.spec()).with("pct", self.pct).with("keep", self.keep)
    }

    fn name(&self) -> String {
        format!("{}-turf", self.base.name())
    }

    fn supports(&self, task: Task) -> bool {
        self.base.supports(task)
    }
}

impl Ranker for Turf {
    fn check(&self, data: &Dataset) -> Result<()> {
        if !(self.pct > 0.0 && self.pct < 1.0) {
            return Err(Error::param(
                "pct",
                format!("the share removed per round must lie in (0, 1), got {}", self.pct),
            ));
        }
        if self.keep == 0 {
            return Err(Error::param("keep", "keep at least 1 feature"));
        }
        self.base.check(data).map_err(|e| Error::param("base", e.message()))
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let names = data.feature_names();
        let p = names.len();
        let keep = self.keep.min(p);
        let rounds = (1.0 / self.pct).floor() as usize;
        let mut rng = rng_for(seed, &[]);
        let mut current: Vec<usize> = (0..p).collect();
        // eliminated features, in the order they are to be ranked from the bottom up
        let mut bottom: Vec<usize> = Vec::with_capacity(p);
        for _ in 0..rounds.max(1) {
            let order = self.order(data, &current, rng.r#gen())?;
            let keep_now = ((current.len() as f64) * (1.0 - self.pct)).ceil() as usize;
            bottom.extend(order[keep_now..].iter().rev());
            let mut kept = order[..keep_now].to_vec();
            kept.sort_unstable();
            current = kept;
            if current.len() <= keep {
                break;
            }
        }
        if current.is_empty() {
            return Err(Error::param("pct", "every feature was removed; use a smaller pct"));
        }
        bottom.extend(self.order(data, &current, rng.r#gen())?.into_iter().rev());
        let mut scores = vec![0.0; p];
        for (position, &f) in bottom.iter().enumerate() {
            scores[f] = (position + 1) as f64;
        }
        Ok(scores)
    }
}

impl Turf {
    /// The features `subset` (indices into `data`) best first by the base ranker's scores on them
    /// (ties keep the feature order).
    fn order(&self, data: &Dataset, subset: &[usize], seed: u64) -> Result<Vec<usize>> {
        let names: Vec<&str> = subset.iter().map(|&f| data.feature_names()[f].as_str()).collect();
        let part = data.select_features(&names)?;
        let scores = self.base.scores(&part, seed).map_err(|e| Error::param("base", e.message()))?;
        Ok(rank_order(&scores).into_iter().map(|k| subset[k]).collect())
    }
}
