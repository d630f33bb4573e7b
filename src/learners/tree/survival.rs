//! Random survival forests (Ishwaran, Kogalur, Blackstone & Lauer 2008): trees grown on bootstrap samples of the
//! training rows, each split the one of ⌈√m⌉ sampled attributes that maximises the **log-rank statistic** between
//! its two children (LeBlanc & Crowley 1993; `splitrule = "logrank"` of ranger and randomForestSRC):
//!
//! L² = [Σⱼ (dⱼ,L − Yⱼ,L dⱼ/Yⱼ)]² / Σⱼ dⱼ (Yⱼ,L/Yⱼ)(1 − Yⱼ,L/Yⱼ)(Yⱼ − dⱼ)/(Yⱼ − 1)
//!
//! over the node's distinct event times tⱼ (dⱼ events of Yⱼ rows at risk; L the left child). Every cut between
//! consecutive distinct values of a numeric attribute is tried, and one level against the rest of a nominal one;
//! each child keeps at least `min_leaf` rows; rows missing the attribute go to the larger child (as in the
//! decision tree). The numerator and the variance's linear part add up row by row; its quadratic part is kept by
//! two Fenwick trees over the event times, so a sweep over an attribute's n cuts costs O(n log n).
//!
//! A leaf holds the Nelson–Aalen cumulative hazard of its (in-bag) rows; the forest's hazard of a row is the mean
//! of its leaves' hazards, read at the training rows' distinct event times Tⱼ, and its risk the expected number
//! of events Σⱼ Ĥ(Tⱼ) (Ishwaran et al.'s mortality; scikit-survival's `RandomSurvivalForest.predict`).

use rand::seq::SliceRandom;
use rayon::prelude::*;

use super::{Node, Test, Tree};
use crate::data::dataset::{CumulativeHazard, Survival};
use crate::data::{Dataset, FeatureKind, Task};
use crate::error::{Error, Result};
use crate::learners::{CheckedFold, Learner};
use crate::memory;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::Prediction;
use crate::seed::{bootstrap, rng_for, Rng};
use crate::spec::Spec;

/// A random survival forest (module docs): the learner `rsf:trees=100,mtry=auto,min_leaf=3`.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::{Learner, RandomSurvivalForest};
/// use featrank::resampling::Fold;
/// let s = featrank::data::synth::Survival::new().rows(200).features(10).generate(2).unwrap();
/// let data = s.dataset().unwrap();
/// let (train, test): (Vec<usize>, Vec<usize>) = (0..200).partition(|i| i % 4 != 0);
/// let fold = Fold { data: &data, train: &train, test: &test, seed: 1 };
/// let rsf = RandomSurvivalForest::new().trees(50);
/// assert_eq!(rsf.spec().to_string(), "rsf:trees=50,mtry=auto,min_leaf=3");
/// let pred = rsf.fit_predict(&fold, &(0..10).collect::<Vec<_>>()).unwrap();
/// assert!(Measure::HarrellC.score(&data, &test, &pred).unwrap() > 0.7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomSurvivalForest {
    trees: usize,
    per_split: Option<usize>,
    min_leaf: usize,
}

impl Default for RandomSurvivalForest {
    fn default() -> Self {
        RandomSurvivalForest::new()
    }
}

impl RandomSurvivalForest {
    /// 100 trees, ⌈√m⌉ attributes per split, leaves of at least 3 rows (scikit-survival's defaults).
    pub fn new() -> RandomSurvivalForest {
        RandomSurvivalForest { trees: 100, per_split: None, min_leaf: 3 }
    }

    /// Number of trees (≥ 1).
    pub fn trees(mut self, n: usize) -> RandomSurvivalForest {
        self.trees = n;
        self
    }

    /// Attributes sampled per split (≥ 1) instead of ⌈√m⌉.
    pub fn features_per_split(mut self, n: usize) -> RandomSurvivalForest {
        self.per_split = Some(n);
        self
    }

    /// The fewest rows a child of a split keeps (≥ 1).
    pub fn min_leaf(mut self, n: usize) -> RandomSurvivalForest {
        self.min_leaf = n;
        self
    }

    /// From the spec `rsf:trees=100,mtry=auto,min_leaf=3` (`auto`: ⌈√m⌉ attributes per split).
    pub fn from_spec(s: &Spec) -> Result<RandomSurvivalForest> {
        s.check_params(PARAMS)?;
        let d = RandomSurvivalForest::new();
        Ok(RandomSurvivalForest {
            trees: s.get("trees", d.trees)?,
            per_split: s.get_or_none("mtry", "auto")?,
            min_leaf: s.get("min_leaf", d.min_leaf)?,
        })
    }

    /// Grow the trees on the training rows `train`, tree `t` from its own stream of `seed` (the same trees on any
    /// number of threads).
    fn grow(&self, data: &Dataset, s: &Survival, features: &[usize], train: &[usize], seed: u64) -> Vec<Tree> {
        let m = features.len();
        let mtry = self.per_split.map_or((m as f64).sqrt().ceil() as usize, |k| k.min(m)).max(1);
        (0..self.trees)
            .into_par_iter()
            .map(|t| {
                let mut rng = rng_for(seed, &[t as u64]);
                let sample: Vec<usize> = bootstrap(&mut rng, train.len()).into_iter().map(|i| train[i]).collect();
                let mut grower = Grower { data, s, min_leaf: self.min_leaf.max(1), mtry, nodes: Vec::new() };
                grower.grow(sample, features, &mut rng);
                Tree { nodes: grower.nodes }
            })
            .collect()
    }
}

/// A tree's growth on survival data.
struct Grower<'a> {
    data: &'a Dataset,
    s: &'a Survival,
    min_leaf: usize,
    mtry: usize,
    nodes: Vec<Node>,
}

impl Grower<'_> {
    fn grow(&mut self, rows: Vec<usize>, features: &[usize], rng: &mut Rng) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node::Leaf(Vec::new()));
        let split = match rows.len() >= 2 * self.min_leaf {
            true => self.best_split(&rows, features, rng),
            false => None,
        };
        let Some((feature, test, statistic)) = split else {
            self.nodes[id] = Node::Leaf(nelson_aalen(self.s, &rows));
            return id;
        };
        let col = self.data.feature(feature);
        let (mut left, mut right, mut missing) = (Vec::new(), Vec::new(), Vec::new());
        for &i in &rows {
            match (col[i].is_nan(), test) {
                (true, _) => missing.push(i),
                (false, Test::AtMost(t)) if col[i] <= t => left.push(i),
                (false, Test::Equals(c)) if col[i] == c => left.push(i),
                _ => right.push(i),
            }
        }
        let missing_left = left.len() >= right.len();
        if missing_left {
            left.extend(missing)
        } else {
            right.extend(missing)
        }
        drop(rows);
        let l = self.grow(left, features, rng);
        let r = self.grow(right, features, rng);
        self.nodes[id] = Node::Split { feature, test, left: l, right: r, missing_left, gain: statistic };
        id
    }

    /// The split with the largest log-rank statistic among `mtry` sampled attributes that vary at the node.
    fn best_split(&self, rows: &[usize], features: &[usize], rng: &mut Rng) -> Option<(usize, Test, f64)> {
        let node = RiskSets::of(self.s, rows); // every attribute without a missing value at the node reuses it
        let mut order = features.to_vec();
        order.shuffle(rng);
        let (mut best, mut tried): (Option<(usize, Test, f64)>, usize) = (None, 0);
        for &j in &order {
            if tried >= self.mtry {
                break;
            }
            let (found, varies) = self.split_on(rows, &node, j);
            tried += varies as usize;
            if let Some((test, statistic)) = found {
                if best.is_none_or(|b| statistic > b.2 + 1e-12) {
                    best = Some((j, test, statistic));
                }
            }
        }
        best
    }

    /// The best cut of attribute `j` at the node (`node`: the node's rows' risk sets, in `rows`' order), and
    /// whether `j` varies there.
    fn split_on(&self, rows: &[usize], node: &RiskSets, j: usize) -> (Option<(Test, f64)>, bool) {
        let col = self.data.feature(j);
        // (value, position in `rows`) of the rows with a value, ascending
        let mut present: Vec<(f64, usize)> =
            rows.iter().enumerate().filter(|&(_, &i)| !col[i].is_nan()).map(|(p, &i)| (col[i], p)).collect();
        present.sort_by(|a, b| a.0.total_cmp(&b.0));
        if present.len() < 2 || present[0].0 == present[present.len() - 1].0 {
            return (None, false);
        }
        let positions: Vec<usize> = present.iter().map(|&(_, p)| p).collect();
        let sets = match present.len() == rows.len() {
            true => node.reordered(&positions),
            // the rows missing `j` take no part: the risk sets of the others
            false => RiskSets::of(self.s, &positions.iter().map(|&p| rows[p]).collect::<Vec<_>>()),
        };
        let n = present.len();
        let fits = |left: usize| left >= self.min_leaf && n - left >= self.min_leaf;
        let mut best: Option<(Test, f64)> = None;
        match self.data.kind(j) {
            FeatureKind::Numeric => {
                let mut sweep = Sweep::new(&sets);
                for w in 0..n - 1 {
                    sweep.add(&sets, w);
                    let (v, next) = (present[w].0, present[w + 1].0);
                    if next == v || !fits(w + 1) {
                        continue;
                    }
                    if let Some(stat) = sweep.statistic().filter(|&st| best.is_none_or(|b| st > b.1)) {
                        let mid = v + (next - v) / 2.0;
                        best = Some((Test::AtMost(if mid < next { mid } else { v }), stat));
                    }
                }
            }
            FeatureKind::Nominal { levels } => {
                for code in 0..levels.len() {
                    let at: Vec<usize> = (0..n).filter(|&p| present[p].0 == code as f64).collect();
                    if at.is_empty() || !fits(at.len()) {
                        continue;
                    }
                    let mut sweep = Sweep::new(&sets);
                    at.iter().for_each(|&p| sweep.add(&sets, p));
                    if let Some(stat) = sweep.statistic().filter(|&st| best.is_none_or(|b| st > b.1)) {
                        best = Some((Test::Equals(code as f64), stat));
                    }
                }
            }
        }
        (best, true)
    }
}

/// A node's rows as the log-rank statistic sees them: per row (in the order given) the number r of the node's
/// distinct event times t₁ < … < t_m at or before its own time, its numerator term eᵢ − Σ_{j≤r} dⱼ/Yⱼ and its
/// variance term W(r) = Σ_{j≤r} wⱼ/Yⱼ, and U(r) = Σ_{j≤r} wⱼ/Yⱼ², with wⱼ = dⱼ(Yⱼ − dⱼ)/(Yⱼ − 1).
struct RiskSets {
    rank: Vec<usize>,
    numerator: Vec<f64>,
    linear: Vec<f64>,
    /// U(r) for r = 0..=m.
    quadratic: Vec<f64>,
}

impl RiskSets {
    fn of(s: &Survival, rows: &[usize]) -> RiskSets {
        let (time, event) = (s.time(), s.event());
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by(|&a, &b| time[rows[a]].total_cmp(&time[rows[b]]));
        let n = rows.len();
        let mut rank = vec![0; n];
        let (mut hazard, mut linear, mut quadratic) = (vec![0.0], vec![0.0], vec![0.0]);
        let mut k = 0;
        while k < n {
            let t = time[rows[order[k]]];
            let same = order[k..].iter().take_while(|&&p| time[rows[p]] == t).count();
            let d = order[k..k + same].iter().filter(|&&p| event[rows[p]]).count() as f64;
            if d > 0.0 {
                let y = (n - k) as f64;
                let w = if y > 1.0 { d * (y - d) / (y - 1.0) } else { 0.0 };
                hazard.push(hazard[hazard.len() - 1] + d / y);
                linear.push(linear[linear.len() - 1] + w / y);
                quadratic.push(quadratic[quadratic.len() - 1] + w / (y * y));
            }
            order[k..k + same].iter().for_each(|&p| rank[p] = hazard.len() - 1);
            k += same;
        }
        let numerator = (0..n).map(|p| event[rows[p]] as u8 as f64 - hazard[rank[p]]).collect::<Vec<_>>();
        let linear_of = rank.iter().map(|&r| linear[r]).collect();
        RiskSets { rank, numerator, linear: linear_of, quadratic }
    }
}

impl RiskSets {
    /// The same rows' risk sets in another order: row `k` of the result is row `positions[k]` of these.
    fn reordered(&self, positions: &[usize]) -> RiskSets {
        RiskSets {
            rank: positions.iter().map(|&p| self.rank[p]).collect(),
            numerator: positions.iter().map(|&p| self.numerator[p]).collect(),
            linear: positions.iter().map(|&p| self.linear[p]).collect(),
            quadratic: self.quadratic.clone(),
        }
    }
}

/// The left child's log-rank sums as rows join it: the numerator N, S₁ = Σⱼ wⱼ aⱼ and S₂ = Σⱼ wⱼ aⱼ²
/// (aⱼ = Yⱼ,L/Yⱼ), the variance S₁ − S₂. A row of rank r raises Yⱼ,L by one for j ≤ r, so S₂ grows by
/// Σ_{j≤r} uⱼ(2Yⱼ,L + 1) = 2Σ_{k∈L} U(min(r, r_k)) + U(r) (uⱼ = wⱼ/Yⱼ²): Fenwick trees over the ranks hold the
/// count and the U(r_k) of the rows already in.
struct Sweep {
    numerator: f64,
    linear: f64,
    square: f64,
    count: Vec<f64>,
    held: Vec<f64>,
}

impl Sweep {
    fn new(sets: &RiskSets) -> Sweep {
        let size = sets.quadratic.len() + 1;
        Sweep { numerator: 0.0, linear: 0.0, square: 0.0, count: vec![0.0; size], held: vec![0.0; size] }
    }

    /// Row `p` (of the node's order) joins the left child.
    fn add(&mut self, sets: &RiskSets, p: usize) {
        let r = sets.rank[p];
        let u = sets.quadratic[r];
        let within = prefix(&self.held, r); // Σ U(r_k) over the rows in with r_k ≤ r
        let beyond = prefix(&self.count, sets.quadratic.len() - 1) - prefix(&self.count, r);
        self.square += 2.0 * (within + u * beyond) + u;
        self.numerator += sets.numerator[p];
        self.linear += sets.linear[p];
        bump(&mut self.count, r, 1.0);
        bump(&mut self.held, r, u);
    }

    /// L², or none when the variance vanishes.
    fn statistic(&self) -> Option<f64> {
        let variance = self.linear - self.square;
        (variance > 1e-12).then(|| self.numerator * self.numerator / variance)
    }
}

/// Σ of a Fenwick tree's entries 0..=r.
fn prefix(tree: &[f64], r: usize) -> f64 {
    let (mut i, mut sum) = (r + 1, 0.0);
    while i > 0 {
        sum += tree[i];
        i &= i - 1;
    }
    sum
}

/// Add `v` to entry `r` of a Fenwick tree.
fn bump(tree: &mut [f64], r: usize, v: f64) {
    let mut i = r + 1;
    while i < tree.len() {
        tree[i] += v;
        i += i & i.wrapping_neg();
    }
}

/// A leaf's Nelson–Aalen cumulative hazard ([`Survival::nelson_aalen`]) as (time, Ĥ) pairs, flattened.
fn nelson_aalen(s: &Survival, rows: &[usize]) -> Vec<f64> {
    let h = s.nelson_aalen(rows);
    h.times().iter().zip(h.values()).flat_map(|(&t, &v)| [t, v]).collect()
}

/// The keys of the random survival forest.
const PARAMS: &[Param] = &[
    Param::new("trees", Values::whole(1), "trees in the forest"),
    Param::new("mtry", Values::whole_or(1, "auto"), "features tried per split; auto: ⌈√features⌉"),
    Param::new("min_leaf", Values::whole(1), "the fewest rows a child of a split keeps"),
];

impl Method for RandomSurvivalForest {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Ishwaran, Kogalur, Blackstone & Lauer 2008, Ann. Appl. Stat. 2(3); LeBlanc & Crowley 1993, JASA 88 (log-rank)"
    }

    fn spec(&self) -> Spec {
        Spec::new("rsf")
            .with("trees", self.trees)
            .with_opt("mtry", self.per_split, "auto")
            .with("min_leaf", self.min_leaf)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Survival
    }
}

impl Learner for RandomSurvivalForest {
    /// A copy of the fold's rows, every tree's bootstrap sample, nodes and leaves (each row in one leaf, a
    /// (time, Ĥ) pair), and the test rows' hazards at the training event times.
    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        let rows = (train + test) as u64;
        let copy = memory::F64 * rows * data.n_features() as u64;
        let tree = (train as u64).saturating_mul(memory::F64 * 3 + 2 * 72);
        let hazards = memory::F64 * (test as u64).saturating_mul(2 * train as u64 + 1);
        copy.saturating_add((self.trees as u64).saturating_mul(tree)).saturating_add(hazards)
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let s = fold.data.survival().ok_or_else(|| Error::param("target", "a survival forest needs survival data"))?;
        let grid = s.event_times(fold.train);
        if grid.is_empty() {
            return Err(Error::param("event", "every training row is censored: the forest has no event to learn from"));
        }
        let forest = self.grow(fold.data, s, features, fold.train, fold.seed);
        let (mut risk, mut hazard) = (Vec::with_capacity(fold.test.len()), Vec::with_capacity(fold.test.len()));
        for &i in fold.test {
            let mut mean = vec![0.0; grid.len()];
            for tree in &forest {
                let steps = tree.leaf(fold.data, i);
                let mut at = 0;
                for (g, &t) in grid.iter().enumerate() {
                    while at < steps.len() && steps[at] <= t {
                        at += 2;
                    }
                    mean[g] += if at == 0 { 0.0 } else { steps[at - 1] };
                }
            }
            mean.iter_mut().for_each(|h| *h /= forest.len() as f64);
            risk.push(mean.iter().sum());
            hazard.push(CumulativeHazard::new(grid.clone(), mean)?);
        }
        Ok(Prediction::Hazard { risk, hazard })
    }
}

crate::method::from_spec!(RandomSurvivalForest);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::rng_for;
    use rand::Rng as _;

    /// The two-sample log-rank statistic written out: at each distinct event time of the rows, the left group's
    /// observed minus expected events and the hypergeometric variance.
    fn log_rank(s: &Survival, left: &[usize], right: &[usize]) -> f64 {
        let all: Vec<usize> = left.iter().chain(right).copied().collect();
        let mut times: Vec<f64> = all.iter().filter(|&&i| s.event()[i]).map(|&i| s.time()[i]).collect();
        times.sort_by(f64::total_cmp);
        times.dedup();
        let (mut num, mut var) = (0.0, 0.0);
        for t in times {
            let y = all.iter().filter(|&&i| s.time()[i] >= t).count() as f64;
            let yl = left.iter().filter(|&&i| s.time()[i] >= t).count() as f64;
            let d = all.iter().filter(|&&i| s.time()[i] == t && s.event()[i]).count() as f64;
            let dl = left.iter().filter(|&&i| s.time()[i] == t && s.event()[i]).count() as f64;
            num += dl - yl * d / y;
            if y > 1.0 {
                var += d * (yl / y) * (1.0 - yl / y) * (y - d) / (y - 1.0);
            }
        }
        num * num / var
    }

    /// Every left set a sweep passes through has the statistic written out, with tied times, censored rows at
    /// event times and rows repeated (a bootstrap sample).
    #[test]
    fn the_sweep_is_the_log_rank_statistic() {
        let mut rng = rng_for(7, &[]);
        for case in 0..20 {
            let n = 8 + case * 3;
            let time: Vec<f64> = (0..n).map(|_| rng.gen_range(1..8) as f64).collect();
            let mut event: Vec<bool> = (0..n).map(|_| rng.gen_bool(0.6)).collect();
            event[0] = true;
            let s = Survival::new(time, event).unwrap();
            let rows: Vec<usize> = (0..n + 4).map(|_| rng.gen_range(0..n)).collect();
            let sets = RiskSets::of(&s, &rows);
            let mut sweep = Sweep::new(&sets);
            for w in 0..rows.len() - 1 {
                sweep.add(&sets, w);
                let want = log_rank(&s, &rows[..=w], &rows[w + 1..]);
                match sweep.statistic() {
                    Some(got) => {
                        assert!((got - want).abs() <= 1e-9 * (1.0 + want), "case {case} at {w}: {got} vs {want}")
                    }
                    None => assert!(!want.is_finite() || want.abs() < 1e-9, "case {case} at {w}: {want}"),
                }
            }
        }
    }

    /// A leaf's Nelson–Aalen steps, by hand: times 1 (event), 2 (censored), 2 (event), 3 (event) of 4 rows.
    #[test]
    fn a_leaf_holds_its_rows_nelson_aalen_hazard() {
        let s = Survival::new(vec![2.0, 1.0, 3.0, 2.0], vec![false, true, true, true]).unwrap();
        let steps = nelson_aalen(&s, &[0, 1, 2, 3]);
        assert_eq!(steps, vec![1.0, 0.25, 2.0, 0.25 + 1.0 / 3.0, 3.0, 0.25 + 1.0 / 3.0 + 1.0]);
    }
}
