//! Problem transformation (Tsoumakas & Katakis 2007): any single-target ranker on data with several
//! targets.
//!
//! - **Binary relevance** ([`BinaryRelevance`], `binary-relevance:base=(…)`, alias `br`): the base ranker
//!   ranks the features once per target (a label, a class target, a numeric target: Spolaôr et al. 2013's
//!   BR filters; Petković et al. 2020's per-target rankings), and each feature's per-target **scores**
//!   are combined with an [`Aggregate`] — the mean by default, Spolaôr et al.'s choice; `best` (the
//!   largest) keeps a feature relevant to one label among many — or, with `on=ranks`, its per-target
//!   ranks (then the score is minus the aggregated rank). Ranks lose how far apart the scores are: a
//!   feature that matters for one label of six and is noise for the others averages a middling rank,
//!   behind noise features that are merely middling everywhere; its mean score stays high. Equal
//!   aggregates keep the dataset's feature order. A target that is constant on the rows at hand (a rare label missing from a
//!   training fold) carries no ranking and is left out; when every target is, the ranker says so.
//! - **Label powerset** ([`LabelPowerset`], `label-powerset:base=(…)`, alias `lp`): the base ranker ranks
//!   the features against one class target whose classes are the distinct label sets (or combinations of
//!   class targets) — [`Dataset::label_powerset`]. It keeps the labels' dependence, at the price of many
//!   small classes (Music: 27 sets for 6 labels).
//!
//! Target t's ranking draws from the seed stream `(seed, t)`, so the same seed gives the same ranking on
//! any number of threads.

use rayon::prelude::*;

use super::{Checked, Ranker};
use crate::data::{Aggregate, Dataset, Ranking, Task};
use crate::error::{Error, Result};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::seed::rng_for;
use crate::spec::Spec;

/// Binary relevance: a single-target ranker per target, ranks aggregated (module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Aggregate, BinaryRelevance, Ranker, ReliefF};
/// // x0 decides label a, x1 label b, x2 is noise.
/// let df = df!("x0" => [0.0, 0.1, 0.9, 1.0, 0.05, 0.95], "x1" => [0.2, 0.9, 0.1, 0.8, 0.85, 0.15],
///              "x2" => [0.5, 0.4, 0.6, 0.3, 0.7, 0.2],
///              "a" => [0, 0, 1, 1, 0, 1], "b" => [0, 1, 0, 1, 1, 0]).unwrap();
/// let ds = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap();
/// let br = BinaryRelevance::new(ReliefF::new().k(1), Aggregate::Mean);
/// assert_eq!(br.spec().to_string(),
///            "binary-relevance:base=(relieff:k=1,m=all,convention=weka),aggregate=mean,on=scores");
/// let per_label = br.per_target(&ds, 0).unwrap();
/// assert_eq!((per_label[0].order()[0].as_str(), per_label[1].order()[0].as_str()), ("x0", "x1"));
/// assert_eq!(br.rank(&ds, 0).unwrap().order()[2], "x2");
/// ```
#[derive(Debug)]
pub struct BinaryRelevance {
    base: Box<dyn Ranker>,
    aggregate: Aggregate,
    on: Combine,
}

/// What binary relevance aggregates: each target's scores or its ranks (module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Combine {
    /// The base ranker's scores (comparable across targets: the same method on the same rows). The default.
    #[default]
    Scores,
    /// The ranks (1 = best) of each target's ranking.
    Ranks,
}

crate::spec::spec_words!(Combine, "what binary relevance combines", {
    Combine::Scores => "scores",
    Combine::Ranks => "ranks",
});

/// Label powerset: a single-target ranker on the label sets as classes (module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{LabelPowerset, Ranker, ReliefF};
/// let df = df!("x0" => [0.0, 0.1, 0.9, 1.0, 0.05, 0.95], "x1" => [0.2, 0.9, 0.1, 0.8, 0.85, 0.15],
///              "x2" => [0.5, 0.4, 0.6, 0.3, 0.7, 0.2],
///              "a" => [0, 0, 1, 1, 0, 1], "b" => [0, 1, 0, 1, 1, 0]).unwrap();
/// let ds = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap();
/// let lp = LabelPowerset::new(ReliefF::new().k(1));
/// assert_eq!(lp.name(), "relieff-lp");
/// assert_eq!(lp.rank(&ds, 0).unwrap().order()[2], "x2");
/// ```
#[derive(Debug)]
pub struct LabelPowerset {
    base: Box<dyn Ranker>,
}

/// The keys of binary relevance.
const BR_PARAMS: &[Param] = &[
    Param::new("base", Values::Spec("ranker"), "the single-target ranker run on every target"),
    Param::new("aggregate", Values::Words(Aggregate::WORDS), "how the targets' scores (or ranks) combine"),
    Param::new("on", Values::Words(Combine::WORDS), "combine the targets' scores or their ranks"),
];

/// The keys of label powerset.
const LP_PARAMS: &[Param] =
    &[Param::new("base", Values::Spec("ranker"), "the classification ranker run on the label sets as classes")];

/// The base ranker of a wrapper's spec, or the error naming `base`.
fn base_of(s: &Spec, example: &str) -> Result<Box<dyn Ranker>> {
    let base = s
        .value("base")
        .ok_or_else(|| Error::param("base", format!("{} needs a base ranker, e.g. {example}", s.method())))?;
    crate::spec::nested("base", super::parse(base))
}

impl BinaryRelevance {
    /// `base` run on every target, scores combined with `aggregate`.
    pub fn new(base: impl Ranker + 'static, aggregate: Aggregate) -> BinaryRelevance {
        BinaryRelevance { base: Box::new(base), aggregate, on: Combine::Scores }
    }

    /// Combine the targets' scores or their ranks ([`Combine`]).
    pub fn on(mut self, on: Combine) -> BinaryRelevance {
        self.on = on;
        self
    }

    /// From the spec `binary-relevance:base=(SPEC),aggregate=mean,on=scores` (`base` is required).
    pub fn from_spec(s: &Spec) -> Result<BinaryRelevance> {
        s.check_params(BR_PARAMS)?;
        Ok(BinaryRelevance {
            base: base_of(s, "binary-relevance:base=(relieff)")?,
            aggregate: s.get("aggregate", Aggregate::Mean)?,
            on: s.get("on", Combine::Scores)?,
        })
    }

    /// The base ranker's ranking of every target, in target order (named by the target); a target
    /// constant on these rows is left out. Runs the checks first.
    pub fn per_target(&self, data: &Dataset, seed: u64) -> Result<Vec<Ranking>> {
        self.rankings(self.checked(data)?, seed)
    }

    fn rankings(&self, data: Checked<'_>, seed: u64) -> Result<Vec<Ranking>> {
        let data = data.dataset();
        let names = data.target_names();
        let rankings: Vec<Option<Ranking>> = (0..data.n_targets())
            .into_par_iter()
            .map(|t| {
                let one = data.for_target(t)?;
                if one.class_counts().is_some_and(|c| c.iter().filter(|&&n| n > 0).count() < 2) {
                    return Ok(None);
                }
                if one.values().is_some_and(|v| v.iter().all(|&x| x == v[0])) {
                    return Ok(None);
                }
                let seed = rand::Rng::r#gen(&mut rng_for(seed, &[t as u64]));
                let ranking = self.base.rank(&one, seed).map_err(|e| {
                    Error::param("base", format!("{} on target '{}': {}", self.base.name(), names[t], e.message()))
                })?;
                Ok(Some(ranking.with_name(names[t])))
            })
            .collect::<Result<_>>()?;
        let rankings: Vec<Ranking> = rankings.into_iter().flatten().collect();
        if rankings.is_empty() {
            return Err(Error::target(
                data.target_name(),
                "every target is constant on these rows; binary relevance has nothing to rank against",
            ));
        }
        Ok(rankings)
    }
}

impl Method for BinaryRelevance {
    fn parameters(&self) -> &'static [Param] {
        BR_PARAMS
    }

    fn reference(&self) -> &'static str {
        "Tsoumakas & Katakis 2007, IJDWM 3(3); Spolaôr et al. 2013, ENTCS 292"
    }

    fn spec(&self) -> Spec {
        Spec::new("binary-relevance")
            .with("base", self.base.spec())
            .with("aggregate", self.aggregate)
            .with("on", self.on)
    }

    fn name(&self) -> String {
        match self.on {
            Combine::Scores => format!("{}-br-{}", self.base.name(), self.aggregate),
            Combine::Ranks => format!("{}-br-{}-rank", self.base.name(), self.aggregate),
        }
    }

    fn supports(&self, task: Task) -> bool {
        task.member().is_some_and(|t| self.base.supports(t))
    }
}

impl Ranker for BinaryRelevance {
    /// As its base ranker: the copies it makes keep sparse features sparse.
    fn accepts_sparse(&self) -> bool {
        self.base.accepts_sparse()
    }

    fn unsupported_hint(&self, task: Task) -> Option<String> {
        base_hint("binary-relevance gives its base ranker one target at a time", &*self.base, task.member()?)
    }

    fn check(&self, data: &Dataset) -> Result<()> {
        self.base.check(&data.for_target(0)?)
    }

    /// A copy of the data per target at work at once, with the base ranker's working set.
    fn memory(&self, data: &Dataset) -> u64 {
        let copy = data.feature_bytes();
        let parallel = rayon::current_num_threads().min(data.n_targets()) as u64;
        parallel.saturating_mul(copy.saturating_add(self.base.memory(data)))
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let rankings = self.rankings(data, seed)?;
        // Aggregates read ranks (best = lowest), so scores go in negated.
        let ranks = rankings
            .iter()
            .map(|r| {
                let mut ranks = vec![0.0; data.n_features()];
                let positions = r.positions_in(&data)?;
                match (self.on, r.scores()) {
                    (Combine::Scores, Some(scores)) => {
                        positions.iter().zip(scores).for_each(|(&f, &s)| ranks[f] = -s);
                    }
                    _ => positions.iter().enumerate().for_each(|(p, &f)| ranks[f] = (p + 1) as f64),
                }
                Ok(ranks)
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(self.aggregate.combine(&ranks)?.into_iter().map(|r| -r).collect())
    }
}

impl LabelPowerset {
    /// `base` run on the label sets as classes.
    pub fn new(base: impl Ranker + 'static) -> LabelPowerset {
        LabelPowerset { base: Box::new(base) }
    }

    /// From the spec `label-powerset:base=(SPEC)` (`base` is required).
    pub fn from_spec(s: &Spec) -> Result<LabelPowerset> {
        s.check_params(LP_PARAMS)?;
        Ok(LabelPowerset { base: base_of(s, "label-powerset:base=(relieff)")? })
    }
}

impl Method for LabelPowerset {
    fn parameters(&self) -> &'static [Param] {
        LP_PARAMS
    }

    fn reference(&self) -> &'static str {
        "Tsoumakas & Katakis 2007, IJDWM 3(3); Spolaôr et al. 2013, ENTCS 292"
    }

    fn spec(&self) -> Spec {
        Spec::new("label-powerset").with("base", self.base.spec())
    }

    fn name(&self) -> String {
        format!("{}-lp", self.base.name())
    }

    fn supports(&self, task: Task) -> bool {
        task.member() == Some(Task::Classification) && self.base.supports(Task::Classification)
    }
}

impl Ranker for LabelPowerset {
    /// As its base ranker: the copies it makes keep sparse features sparse.
    fn accepts_sparse(&self) -> bool {
        self.base.accepts_sparse()
    }

    fn unsupported_hint(&self, task: Task) -> Option<String> {
        task.member()?;
        base_hint(
            "label-powerset gives its base ranker one class target (the label sets)",
            &*self.base,
            Task::Classification,
        )
    }

    fn check(&self, data: &Dataset) -> Result<()> {
        self.base.check(&data.label_powerset()?)
    }

    /// The label-powerset copy of the data and the base ranker's working set.
    fn memory(&self, data: &Dataset) -> u64 {
        data.feature_bytes().saturating_add(self.base.memory(data))
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        self.base.scores(&data.label_powerset()?, seed)
    }
}

/// The advice for a problem transformation whose `base` does not take the one target it is handed (`member`):
/// a transformation inside another hands the inner one a single target, which it cannot split again.
fn base_hint(what: &str, base: &dyn Ranker, member: Task) -> Option<String> {
    (!base.supports(member)).then(|| {
        format!(
            "{what} ({} here), which {} does not rank: put a ranker of one {} target inside (e.g. relieff)",
            member.words(),
            base.spec(),
            member.words()
        )
    })
}
