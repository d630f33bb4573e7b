//! Feature-ranking ensembles (thesis §2.3.4 and §6.1): rank B bootstrap samples with a base ranker and
//! aggregate each feature's B ranks.
//!
//! Bootstrap b draws n rows with replacement from its own seeded stream; the base ranker gets a seed
//! derived from (seed, b). Aggregators over the ranks (1 = best): mean, median, **best** position
//! (the thesis' "max", which "favours high ranks" — max must mean the best
//! position for §6.1's findings to hold) and **worst** position (the thesis' "min"). The ensemble's
//! score is minus the aggregated rank; equal aggregates (frequent for best/worst) keep the dataset's
//! feature order, featrank's global tie rule.

use rand::Rng as _;
use rayon::prelude::*;

use super::{Checked, Ranker};
use crate::data::{Aggregate, Dataset, Task};
use crate::error::{Error, Result};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::seed::rng_for;
use crate::spec::Spec;

/// A bootstrap ensemble of any ranker.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Aggregate, Ensemble, Fisher, Ranker};
/// let wdbc = featrank::data::datasets::load("wdbc").unwrap().dataset().unwrap();
/// let e = Ensemble::new(Fisher::new(), 20, Aggregate::Median);
/// assert_eq!(e.name(), "fisher-bag20-median");
/// assert_eq!(e.spec().to_string(), "bag:base=(fisher:variant=auto),bootstraps=20,aggregate=median");
/// let r = e.rank(&wdbc, 3).unwrap();
/// assert_eq!(r, e.rank(&wdbc, 3).unwrap()); // seeded
/// ```
#[derive(Debug)]
pub struct Ensemble {
    base: Box<dyn Ranker>,
    bootstraps: usize,
    aggregate: Aggregate,
}

impl Ensemble {
    /// `bootstraps` samples ranked by `base`, combined with `aggregate`.
    pub fn new(base: impl Ranker + 'static, bootstraps: usize, aggregate: Aggregate) -> Ensemble {
        Ensemble { base: Box::new(base), bootstraps, aggregate }
    }

    /// From the spec `bag:base=(SPEC),bootstraps=20,aggregate=mean` (`base` is required).
    pub fn from_spec(s: &Spec) -> Result<Ensemble> {
        s.check_params(PARAMS)?;
        let base =
            s.value("base").ok_or_else(|| Error::param("base", "bag needs a base ranker, e.g. bag:base=(relieff)"))?;
        Ok(Ensemble {
            base: crate::spec::nested("base", super::parse(base))?,
            bootstraps: s.get("bootstraps", 20)?,
            aggregate: s.get("aggregate", Aggregate::Mean)?,
        })
    }

    /// Each feature's rank in every bootstrap ranking, `bootstraps × features` (row b = sample b).
    pub fn bootstrap_ranks(&self, data: &Dataset, seed: u64) -> Result<Vec<Vec<f64>>> {
        self.ranks_checked(self.checked(data)?, seed)
    }

    fn ranks_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<Vec<f64>>> {
        let data = data.dataset();
        (0..self.bootstraps)
            .into_par_iter()
            .map(|b| {
                let mut rng = rng_for(seed, &[b as u64]);
                let rows = crate::resampling::bootstrap_sample(data, &mut rng);
                let sample = data.take_rows(&rows)?;
                let ranking = self
                    .base
                    .rank(&sample, rng.r#gen())
                    .map_err(|e| Error::param("bootstrap", format!("bootstrap sample {b}: {}", e.message())))?;
                let positions = ranking.positions_in(data)?;
                let mut ranks = vec![0.0; data.n_features()];
                positions.iter().enumerate().for_each(|(r, &f)| ranks[f] = (r + 1) as f64);
                Ok(ranks)
            })
            .collect()
    }
}

/// The keys of a bootstrap ensemble.
const PARAMS: &[Param] = &[
    Param::new("base", Values::Spec("ranker"), "the ranker run on every bootstrap sample"),
    Param::new("bootstraps", Values::whole(1), "bootstrap samples"),
    Param::new("aggregate", Values::Words(Aggregate::WORDS), "how the samples' ranks combine"),
];

impl Method for Ensemble {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Saeys, Abeel & Van de Peer 2008, ECML PKDD; Slavkov 2012 thesis §6.1"
    }

    fn spec(&self) -> Spec {
        Spec::new("bag")
            .with("base", self.base.spec())
            .with("bootstraps", self.bootstraps)
            .with("aggregate", self.aggregate)
    }

    fn name(&self) -> String {
        format!("{}-bag{}-{}", self.base.name(), self.bootstraps, self.aggregate)
    }

    fn supports(&self, task: Task) -> bool {
        self.base.supports(task)
    }
}

impl Ranker for Ensemble {
    /// As its base ranker: the copies it makes keep sparse features sparse.
    fn accepts_sparse(&self) -> bool {
        self.base.accepts_sparse()
    }

    fn check(&self, data: &Dataset) -> Result<()> {
        if self.bootstraps == 0 {
            return Err(Error::param("bootstraps", "needs at least 1 bootstrap sample"));
        }
        self.base.check(data)
    }

    /// Every bootstrap's ranks, and per sample at work at once its copy of the data and the base ranker's
    /// working set.
    fn memory(&self, data: &Dataset) -> u64 {
        let ranks = (self.bootstraps as u64).saturating_mul(crate::memory::F64 * (data.n_features() as u64 + 3));
        let copy = data.feature_bytes();
        let parallel = rayon::current_num_threads().min(self.bootstraps) as u64;
        ranks.saturating_add(parallel.saturating_mul(copy.saturating_add(self.base.memory(data))))
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let ranks = self.ranks_checked(data, seed)?;
        Ok(self.aggregate.combine(&ranks)?.into_iter().map(|r| -r).collect())
    }
}
