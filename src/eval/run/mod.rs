//! A curve run cut into independent [`Unit`]s: prepared and checked once ([`CurveSpec::prepare`]), its
//! units computed anywhere — all at once on one machine ([`CurveSpec::evaluate_all`]), or a shard at a
//! time on the nodes of a scheduler (`featrank plan / run / merge`) — and assembled into the same
//! [`Curves`], bit for bit.
//!
//! A unit is one repeat of one thing: the full feature set (shared by every curve, so FFA(n) = RFA(n)), a
//! candidate's FFA and RFA (a per-fold ranker first ranks that repeat's training splits), or one random
//! ranking behind the expected curve. Each unit draws only from the seeded streams of its own coordinates,
//! so its values do not depend on where, when or beside what it runs.
//!
//! ```
//! use featrank::prelude::*;
//! let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
//! let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
//! let candidates = [Candidate::from(r.with_name("good")), Candidate::per_fold(ReliefF::new())];
//! let spec = CurveSpec::new(Knn::new()).folds(3).repeats(2).expected(4).seed(7);
//! let run = spec.prepare(&iris, &candidates).unwrap();
//! let units = run.units();
//! assert_eq!(units.len(), 2 * (1 + 2 + 4)); // per repeat: the full set, two candidates, four random rankings
//! // Two halves computed apart (e.g. on two nodes), their results pooled: the same curves.
//! let (a, b) = units.split_at(5);
//! let mut results = run.compute(a).unwrap();
//! results.extend(run.compute(b).unwrap());
//! assert_eq!(run.assemble(results).unwrap(), spec.evaluate_all(&iris, &candidates).unwrap());
//! ```

mod unit;

use unit::Scores;
pub use unit::{Unit, UnitResult};

use std::collections::HashMap;
use std::sync::Arc;

use rand::seq::SliceRandom;

use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::eval::curves::{Candidate, Curve, CurveKind, CurveSpec, Curves, Mode, EXPECTED};
use crate::eval::FoldRankings;
use crate::learners::Learner;
use crate::math::{mean, quantile, std};
use crate::memory;
use crate::progress::Progress;
use crate::resampling::{CvPlan, Measure, Prediction};
use crate::seed::rng_for;

/// Stream tag of the random rankings behind the expected curve.
const EXPECTED_STREAM: u64 = 0x4558_5045_4354; // "EXPECT"

/// The feature order of one curve in every split of a repeat: the same order, or one per split.
enum Chain<'a> {
    Same(&'a [usize]),
    PerSplit(&'a [Vec<usize>]),
}

impl Chain<'_> {
    fn order(&self, split: usize) -> &[usize] {
        match self {
            Chain::Same(o) => o,
            Chain::PerSplit(orders) => &orders[split],
        }
    }
}

/// A curve run, checked and ready: every check and the memory estimate have passed before any work.
/// Make one with [`CurveSpec::prepare`]; see the [module](self) for an example.
pub struct CurveRun<'a> {
    spec: &'a CurveSpec,
    /// The spec's learner on the spec's device.
    learner: Arc<dyn Learner>,
    data: &'a Dataset,
    candidates: &'a [Candidate],
    plan: CvPlan,
    measure: Measure,
    sizes: Vec<usize>,
    /// Per candidate: its fixed order, or none for a per-fold ranker.
    fixed: Vec<Option<Vec<usize>>>,
    /// Per random ranking: its order.
    random: Vec<Vec<usize>>,
    /// Per random ranking: the repeats it is evaluated on.
    random_repeats: Vec<Vec<usize>>,
}

impl CurveSpec {
    /// Check a run of `candidates` on `data` — names, measure, plan, learner, rankers and the memory
    /// estimate — before any work, and make its random rankings.
    pub fn prepare<'a>(&'a self, data: &'a Dataset, candidates: &'a [Candidate]) -> Result<CurveRun<'a>> {
        let n = data.n_features();
        let o = &self.options;
        let learner = crate::learners::on_device(&self.learner, o.device)?;
        let mut names = std::collections::HashSet::new();
        for c in candidates {
            if !names.insert(c.name()) || c.name() == EXPECTED {
                return Err(Error::DuplicateName {
                    name: c.name().to_string(),
                    context: "the rankings of a curve run (name them with with_name)".into(),
                });
            }
        }
        if candidates.is_empty() && o.expected == 0 {
            return Err(Error::param("rankings", "give at least one ranking or ask for the expected curve"));
        }
        if !learner.supports(data.task()) {
            return Err(crate::learners::unsupported(&*learner, data.task()));
        }
        let measure = o.evaluation.measure_for(data.task())?;
        let plan = match &self.plan {
            Some(p) => {
                p.check(data)?;
                p.clone()
            }
            None => o.evaluation.plan(data)?,
        };
        learner.check_data(data, plan.min_train())?;
        // Fixed orders, and every per-fold ranker's checks, before any work.
        let fixed: Vec<Option<Vec<usize>>> = candidates
            .iter()
            .map(|c| match c {
                Candidate::Fixed(r) => r.positions_in(data).map(Some),
                Candidate::PerFold { ranker, .. } => ranker.checked(data).map(|_| None),
            })
            .collect::<Result<_>>()?;
        let sizes = o.evaluation.sizes(data)?;
        let repeats = plan.repeats();
        let expected_repeats = match o.expected_repeats {
            None => repeats,
            Some(r) if r == 0 || r > repeats => {
                return Err(Error::param("expected_repeats", format!("must be in 1..={repeats} (the plan's repeats), got {r}")))
            }
            Some(r) if o.expected > 0 && o.expected.saturating_mul(r) < repeats => {
                return Err(Error::param(
                    "expected_repeats",
                    format!(
                        "{} random rankings × {r} repeats each leave some of the {repeats} repeats without a random ranking; \
                         ask for at least {} random rankings or more repeats each",
                        o.expected,
                        repeats.div_ceil(r)
                    ),
                ))
            }
            Some(r) => r,
        };
        // Memory, before any work: every fold at work at once holds the learner's working set, and each
        // (curve, repeat) its folds' predictions at every size and their pooled copy; the run holds its random
        // rankings and every unit's values until they are assembled.
        let n_chains = (2 * candidates.len()).saturating_add(o.expected);
        let (train, test) = plan.largest_split();
        let parallel = rayon::current_num_threads()
            .min((n_chains.saturating_add(1)).saturating_mul(repeats).saturating_mul(plan.folds()));
        let (rows, k) = (data.n_rows() as u64, data.n_classes() as u64 + 1);
        // sparse features: each split's learner works on a dense copy of the columns its chain reaches, up to
        // every feature for the full set
        let reached = if data.is_sparse() && !learner.accepts_sparse() { data.dense_bytes() } else { 0 };
        let per_slot = learner
            .memory(data, train, test)
            .saturating_add(memory::F64 * 2 * sizes.len() as u64 * rows * k)
            .saturating_add(reached);
        let held = run_size(o.expected, expected_repeats, candidates.len(), repeats, plan.folds(), n, sizes.len());
        // Threads beyond the folds at work take the blocks of their test rows (kNN's pieces): a block
        // (`memory::block_memory`) and its candidates each.
        let blocks = (rayon::current_num_threads() - parallel) as u64
            * memory::block_memory().saturating_add(3 * memory::F64 * train as u64);
        memory::check(per_slot.saturating_mul(parallel as u64).saturating_add(held).saturating_add(blocks), || {
            let sparse = match data.is_sparse() && !learner.accepts_sparse() {
                true => {
                    "; the features are sparse: the full-set point gives the learner a dense copy of all of them \
                         (knn:distance=cosine works on them as they are)"
                }
                false => "",
            };
            format!(
                "curves of {} on {} rows × {n} features ({parallel} folds of {train} training rows at once; {} \
                 random rankings, {repeats} repeats, {} sizes{sparse})",
                learner.spec(),
                data.n_rows(),
                o.expected,
                sizes.len()
            )
        })?;
        let random_repeats: Vec<Vec<usize>> = (0..o.expected)
            .map(|i| (0..expected_repeats).map(|j| (i * expected_repeats + j) % repeats).collect())
            .collect();
        for c in candidates {
            if let Candidate::PerFold { ranker, .. } = c {
                FoldRankings::check_memory(data, &plan, ranker.as_ref())?;
            }
        }
        let random = (0..o.expected)
            .map(|i| {
                let mut order: Vec<usize> = (0..n).collect();
                order.shuffle(&mut rng_for(o.evaluation.seed, &[EXPECTED_STREAM, i as u64]));
                order
            })
            .collect();
        Ok(CurveRun { spec: self, learner, data, candidates, plan, measure, sizes, fixed, random, random_repeats })
    }
}

/// Bytes a curve run holds beside its folds' working sets: the random rankings (their orders and repeats),
/// the list of units and every unit's values (two chains of a candidate, per size the pooled value and one
/// per split; a per-fold candidate also its splits' orders) until they are assembled into curves.
fn run_size(
    expected: usize,
    expected_repeats: usize,
    candidates: usize,
    repeats: usize,
    folds: usize,
    n: usize,
    sizes: usize,
) -> u64 {
    let word = memory::F64;
    let (expected, expected_repeats, candidates) = (expected as u64, expected_repeats as u64, candidates as u64);
    let (repeats, folds, n, sizes) = (repeats as u64, folds as u64, n as u64, sizes as u64);
    let randoms = expected.saturating_mul(n.saturating_add(expected_repeats).saturating_add(6).saturating_mul(word));
    // chains: the full set and each candidate's FFA and RFA per repeat, one per random ranking and repeat it
    // is evaluated on; per size a pooled value and one per split (and the split vector's header)
    let chains = repeats.saturating_mul(1 + 2 * candidates).saturating_add(expected.saturating_mul(expected_repeats));
    let chain = sizes.saturating_mul(folds + 4).saturating_add(8).saturating_mul(word);
    let orders = repeats.saturating_mul(candidates).saturating_mul(folds).saturating_mul(n).saturating_mul(4);
    randoms.saturating_add(chains.saturating_mul(chain)).saturating_add(orders)
}

/// A candidate's per-split orders (per-fold rankers; none for a fixed ranking) and its FFA and RFA chains (one
/// per split, or one shared by every split).
type CandidateChains = (Vec<Vec<u32>>, Vec<Vec<usize>>, Vec<Vec<usize>>);
impl CurveRun<'_> {
    /// Every unit of the run, repeat by repeat: the full set, each candidate, then the random rankings
    /// evaluated on that repeat.
    pub fn units(&self) -> Vec<Unit> {
        (0..self.plan.repeats())
            .flat_map(|repeat| {
                let random = self.random_repeats.iter().enumerate().filter(move |(_, rs)| rs.contains(&repeat));
                std::iter::once(Unit::Full { repeat })
                    .chain((0..self.candidates.len()).map(move |candidate| Unit::Candidate { candidate, repeat }))
                    .chain(random.map(move |(ranking, _)| Unit::Random { ranking, repeat }))
            })
            .collect()
    }

    /// Compute `units` (in parallel), each from its own seeded streams; an error names the unit.
    pub fn compute(&self, units: &[Unit]) -> Result<Vec<UnitResult>> {
        if let Some(u) = units.iter().find(|u| !self.has(**u)) {
            return Err(Error::param("unit", format!("{u} is not a unit of this run")));
        }
        let folds = self.plan.folds();
        let work = |u: &Unit| match u {
            Unit::Full { .. } => 1,
            Unit::Candidate { candidate, .. } if self.fixed[*candidate].is_none() => 2 + folds,
            Unit::Candidate { .. } => 2,
            Unit::Random { .. } => 1,
        };
        let progress = Progress::new(
            &format!("featrank curves ({})", self.learner.spec()),
            units.iter().map(work).sum(),
            self.spec.progress,
        );
        crate::parallel::try_map(units.len(), |i| self.compute_one(units[i], &progress))
    }

    fn has(&self, u: Unit) -> bool {
        match u {
            Unit::Full { repeat } => repeat < self.plan.repeats(),
            Unit::Candidate { candidate, repeat } => candidate < self.candidates.len() && repeat < self.plan.repeats(),
            Unit::Random { ranking, repeat } => self.random_repeats.get(ranking).is_some_and(|rs| rs.contains(&repeat)),
        }
    }

    fn compute_one(&self, unit: Unit, progress: &Progress) -> Result<UnitResult> {
        crate::progress::check_interrupt("featrank curves")?;
        let n = self.data.n_features();
        let inner = &self.sizes[..self.sizes.len() - 1];
        let folds = self.plan.folds();
        let done = |chains: Vec<Scores>, orders: Vec<Vec<u32>>| Ok(UnitResult { unit, chains, orders });
        match unit {
            Unit::Full { repeat } => {
                let all: Vec<usize> = (0..n).collect();
                let scores = self.chain_repeat(&Chain::Same(&all), &[n], repeat)?;
                progress.tick();
                done(vec![scores], Vec::new())
            }
            Unit::Random { ranking, repeat } => {
                let scores = self.chain_repeat(&Chain::Same(&self.random[ranking]), inner, repeat)?;
                progress.tick();
                done(vec![scores], Vec::new())
            }
            Unit::Candidate { candidate, repeat } => {
                let (orders, ffa, rfa): CandidateChains = match (&self.fixed[candidate], &self.candidates[candidate]) {
                    (Some(o), _) => (Vec::new(), vec![o.clone()], vec![o.iter().rev().copied().collect()]),
                    (None, Candidate::PerFold { ranker, .. }) => {
                        let orders: Vec<Vec<u32>> = crate::parallel::try_map(folds, |f| {
                            let o = FoldRankings::rank_split(
                                self.data,
                                &self.plan,
                                ranker.as_ref(),
                                self.spec.options.evaluation.seed,
                                repeat,
                                f,
                            );
                            progress.tick();
                            o
                        })?;
                        let ffa: Vec<Vec<usize>> =
                            orders.iter().map(|o| o.iter().map(|&j| j as usize).collect()).collect();
                        let rfa = ffa.iter().map(|o| o.iter().rev().copied().collect()).collect();
                        (orders, ffa, rfa)
                    }
                    (None, Candidate::Fixed(_)) => unreachable!("fixed candidates have an order"),
                };
                let chain = |orders: &[Vec<usize>]| -> Result<Scores> {
                    let c = match orders {
                        [o] => Chain::Same(o),
                        many => Chain::PerSplit(many),
                    };
                    let scores = self.chain_repeat(&c, inner, repeat)?;
                    progress.tick();
                    Ok(scores)
                };
                // FFA and RFA at once: two more pieces of parallel work for one ranking
                done(crate::parallel::try_map(2, |c| chain(if c == 0 { &ffa } else { &rfa }))?, orders)
            }
        }
    }

    /// The measure at each size of one chain in one repeat.
    fn chain_repeat(&self, chain: &Chain, sizes: &[usize], repeat: usize) -> Result<Scores> {
        let (data, folds) = (self.data, self.plan.folds());
        let out =
            self.plan.cross_val_predict_with(data, repeat, self.spec.options.evaluation.seed, |fold, split| {
                self.learner.fit_predict_nested(fold, chain.order(split), sizes)
            })?;
        if folds == 1 {
            let train = self.plan.split(repeat, 0).0;
            let pooled: Vec<f64> = out
                .predictions
                .iter()
                .map(|p| self.measure.score_split(data, &train, &out.rows, p))
                .collect::<Result<_>>()?;
            let splits = pooled.iter().map(|&v| vec![v]).collect();
            return Ok(Scores { pooled, splits });
        }
        // Each split's training and test rows, the test rows as positions in the pooled (ascending) rows.
        let parts: Vec<(Vec<usize>, Vec<usize>, Vec<usize>)> = (0..folds)
            .map(|f| {
                let (train, test) = self.plan.split(repeat, f);
                let at = test.iter().filter_map(|r| out.rows.binary_search(r).ok()).collect();
                (train, test, at)
            })
            .collect();
        let split_scores = |p: &Prediction| -> Vec<Result<f64>> {
            parts.iter().map(|(train, test, at)| self.measure.score_split(data, train, test, &p.select(at))).collect()
        };
        if self.measure.per_split() {
            // each split's rows on their own, the repeat's value their mean (Measure's module docs)
            let splits: Vec<Vec<f64>> = out
                .predictions
                .iter()
                .map(|p| split_scores(p).into_iter().collect::<Result<Vec<f64>>>())
                .collect::<Result<_>>()?;
            let pooled = splits.iter().map(|s| s.iter().sum::<f64>() / s.len() as f64).collect();
            return Ok(Scores { pooled, splits });
        }
        let pooled: Vec<f64> =
            out.predictions.iter().map(|p| self.measure.score(data, &out.rows, p)).collect::<Result<_>>()?;
        let splits = out
            .predictions
            .iter()
            .map(|p| split_scores(p).into_iter().map(|v| v.unwrap_or(f64::NAN)).collect())
            .collect();
        Ok(Scores { pooled, splits })
    }

    /// The run's [`Curves`] from the results of every unit, each exactly once (in any order, from any
    /// number of [`CurveRun::compute`] calls); a missing, repeated or foreign unit is refused by name.
    pub fn assemble(&self, results: Vec<UnitResult>) -> Result<Curves> {
        let expected_units = self.units();
        let mut by_unit: HashMap<Unit, UnitResult> = HashMap::with_capacity(results.len());
        for r in results {
            if !self.has(r.unit) {
                return Err(Error::param("unit results", format!("{} is not a unit of this run", r.unit)));
            }
            self.check_shape(&r)?;
            let u = r.unit;
            if by_unit.insert(u, r).is_some() {
                return Err(Error::param("unit results", format!("{u} was given twice")));
            }
        }
        let missing: Vec<String> =
            expected_units.iter().filter(|u| !by_unit.contains_key(u)).map(|u| u.to_string()).collect();
        if !missing.is_empty() {
            let shown = missing.iter().take(5).cloned().collect::<Vec<_>>().join("; ");
            return Err(Error::param(
                "unit results",
                format!(
                    "{} of {} units are missing ({shown}{})",
                    missing.len(),
                    expected_units.len(),
                    if missing.len() > 5 { "; …" } else { "" }
                ),
            ));
        }
        let (repeats, folds) = (self.plan.repeats(), self.plan.folds());
        let n_inner = self.sizes.len() - 1;
        let full: Vec<&Scores> = (0..repeats).map(|repeat| &by_unit[&Unit::Full { repeat }].chains[0]).collect();
        // One chain's values over its repeats, the full set's appended as the last size.
        let values = |units: &[(&Scores, usize)]| -> ChainValues {
            let gather = |scores: &[&Scores], s: usize| -> (Vec<f64>, Vec<f64>) {
                let repeat: Vec<f64> = scores.iter().map(|u| u.pooled[s]).collect();
                let split: Vec<f64> = scores.iter().flat_map(|u| u.splits[s].iter().copied()).collect();
                (repeat, split)
            };
            let scores: Vec<&Scores> = units.iter().map(|u| u.0).collect();
            let (mut by_repeat, mut by_split): (Vec<_>, Vec<_>) = (0..n_inner).map(|s| gather(&scores, s)).unzip();
            let (r, sp) = gather(&units.iter().map(|u| full[u.1]).collect::<Vec<_>>(), 0);
            by_repeat.push(r);
            by_split.push(sp);
            (by_repeat, by_split)
        };
        let mut curves = Vec::with_capacity(2 * self.candidates.len() + 1);
        let mut fold_rankings = Vec::new();
        for (i, cand) in self.candidates.iter().enumerate() {
            let units: Vec<&UnitResult> =
                (0..repeats).map(|repeat| &by_unit[&Unit::Candidate { candidate: i, repeat }]).collect();
            let mode = match cand {
                Candidate::Fixed(_) => Mode::Fixed,
                Candidate::PerFold { name, ranker } => {
                    let orders = units.iter().flat_map(|u| u.orders.iter().cloned()).collect();
                    fold_rankings.push(
                        FoldRankings::from_orders(self.data, &self.plan, ranker.as_ref(), orders).with_name(name),
                    );
                    Mode::PerFold
                }
            };
            for (kind, c) in [(CurveKind::Ffa, 0), (CurveKind::Rfa, 1)] {
                let (per_repeat, per_split) =
                    values(&units.iter().enumerate().map(|(r, u)| (&u.chains[c], r)).collect::<Vec<_>>());
                curves.push(Curve {
                    ranking: cand.name().to_string(),
                    kind,
                    mode,
                    mean: per_repeat.iter().map(|v| mean(v)).collect(),
                    std: per_repeat.iter().map(|v| std(v)).collect(),
                    lo: None,
                    hi: None,
                    per_repeat,
                    per_split,
                });
            }
        }
        if self.spec.options.expected > 0 {
            let random: Vec<ChainValues> = self
                .random_repeats
                .iter()
                .enumerate()
                .map(|(i, rs)| {
                    values(
                        &rs.iter()
                            .map(|&repeat| (&by_unit[&Unit::Random { ranking: i, repeat }].chains[0], repeat))
                            .collect::<Vec<_>>(),
                    )
                })
                .collect();
            curves.push(expected_curve(&random, &self.random_repeats, repeats, folds));
        }
        let expected_repeats = self.random_repeats.first().map_or(repeats, Vec::len);
        Ok(Curves {
            learner: self.learner.spec().to_string(),
            measure: self.measure,
            sizes: self.sizes.clone(),
            scheme: self.plan.scheme(),
            folds,
            kept: self.plan.kept().clone(),
            repeats,
            expected: self.spec.options.expected,
            expected_repeats: self
                .spec
                .options
                .expected_repeats
                .filter(|_| self.spec.options.expected > 0 && expected_repeats < repeats),
            seed: self.spec.options.evaluation.seed,
            curves,
            fold_rankings,
        })
    }

    /// Refuse results whose shape does not fit the run (e.g. from a run with another grid or plan).
    fn check_shape(&self, r: &UnitResult) -> Result<()> {
        let folds = self.plan.folds();
        let (chains, sizes, orders) = match r.unit {
            Unit::Full { .. } => (1, 1, 0),
            Unit::Random { .. } => (1, self.sizes.len() - 1, 0),
            Unit::Candidate { candidate, .. } => {
                (2, self.sizes.len() - 1, if self.fixed[candidate].is_none() { folds } else { 0 })
            }
        };
        let n = self.data.n_features();
        let fits = r.chains.len() == chains
            && r.chains.iter().all(|c| {
                c.pooled.len() == sizes && c.splits.len() == sizes && c.splits.iter().all(|s| s.len() == folds)
            })
            && r.orders.len() == orders
            && r.orders.iter().all(|o| o.len() == n && o.iter().all(|&j| (j as usize) < n));
        if fits {
            Ok(())
        } else {
            Err(Error::param(
                "unit results",
                format!("the values of {} do not fit this run (another grid, plan or dataset?)", r.unit),
            ))
        }
    }
}

/// One chain's values over the run: `(per_repeat[size][repeat], per_split[size][repeat · folds + split])`.
type ChainValues = (Vec<Vec<f64>>, Vec<Vec<f64>>);

/// The expected curve from the random chains' `(per_repeat, per_split)` values; chain i was evaluated on
/// the repeats `on[i]` (its values in that order). A repeat's value is the mean over the rankings
/// evaluated on it.
fn expected_curve(random: &[ChainValues], on: &[Vec<usize>], repeats: usize, folds: usize) -> Curve {
    // For each repeat, the rankings evaluated on it: (ranking, position of the repeat among its repeats).
    let members: Vec<Vec<(usize, usize)>> = (0..repeats)
        .map(|r| on.iter().enumerate().filter_map(|(c, rs)| rs.iter().position(|&x| x == r).map(|j| (c, j))).collect())
        .collect();
    let n_sizes = random.first().map_or(0, |c| c.0.len());
    let (mut lo, mut hi) = (Vec::new(), Vec::new());
    let mut out = Curve {
        ranking: EXPECTED.into(),
        kind: CurveKind::Expected,
        mode: Mode::Random,
        mean: Vec::new(),
        std: Vec::new(),
        lo: None,
        hi: None,
        per_repeat: Vec::new(),
        per_split: Vec::new(),
    };
    for s in 0..n_sizes {
        let per_ranking: Vec<f64> = random.iter().map(|c| mean(&c.0[s])).collect();
        out.mean.push(mean(&per_ranking));
        out.std.push(std(&per_ranking));
        lo.push(quantile(&per_ranking, 0.05));
        hi.push(quantile(&per_ranking, 0.95));
        let mean_on = |r: usize, value: &dyn Fn(&ChainValues, usize) -> f64| {
            members[r].iter().map(|&(c, j)| value(&random[c], j)).sum::<f64>() / members[r].len() as f64
        };
        out.per_repeat.push((0..repeats).map(|r| mean_on(r, &|c, j| c.0[s][j])).collect());
        out.per_split
            .push((0..repeats * folds).map(|i| mean_on(i / folds, &|c, j| c.1[s][j * folds + i % folds])).collect());
    }
    out.lo = Some(lo);
    out.hi = Some(hi);
    out
}
