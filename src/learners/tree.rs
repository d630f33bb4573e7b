//! Decision trees (CART) and random forests (Breiman 2001).
//!
//! Trees split binary: a numeric attribute on `x ≤ t` (t = midpoint between consecutive distinct training
//! values), a nominal attribute on `x = level`. The split maximises the decrease of Gini impurity
//! (classification) or of the sum of squared errors (regression); a node becomes a leaf when it is pure,
//! has fewer than `2·min_leaf` rows, reaches `max_depth`, or no split decreases impurity. Rows whose split
//! attribute is missing go to the child that received more training rows (at training and prediction).
//! A leaf predicts its class distribution (or mean value).
//!
//! On a target set (multi-label, multi-target) a tree is one predictive clustering tree for all the targets
//! (Blockeel, De Raedt & Ramon 1998; Kocev, Vens, Struyf & Džeroski 2013): its splits minimise the impurity
//! summed over the targets, numeric targets' SSE divided by their variance on the tree's training rows, and a
//! leaf predicts every target at once ([`targets`]); the forest is their bagged ensemble with attributes
//! sampled per split (Kocev et al.'s random forest of PCTs).
//!
//! The random forest grows `trees` trees on bootstrap samples, sampling ⌈log2 m⌉ + 1 candidate attributes
//! **per split** (m = attributes available; \[P20\]/Weka's rule), continuing to draw while all drawn attributes
//! are constant at the node (as scikit-learn does); its prediction averages the trees' leaf distributions.
//! linfa-trees cannot sample attributes per split nor handle missing values, hence this module.

use rand::seq::SliceRandom;
use rayon::prelude::*;

mod survival;
mod targets;

pub use survival::RandomSurvivalForest;
pub(crate) use targets::{leaf_width, RowError};
use targets::{prediction, NodeTarget, Side};

use super::{CheckedFold, Learner};
use crate::data::{Dataset, FeatureKind, Task};
use crate::error::{Error, Result};
use crate::memory;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::Prediction;
use crate::seed::{bootstrap, rng_for, Rng};
use crate::spec::Spec;

/// How a split sends a row left.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Test {
    /// `x ≤ t`
    AtMost(f64),
    /// `x = level code`
    Equals(f64),
}

#[derive(Debug, Clone)]
enum Node {
    Leaf(Vec<f64>),
    Split {
        feature: usize,
        test: Test,
        left: usize,
        right: usize,
        missing_left: bool,
        /// Impurity decrease of the split (n·Gini or SSE units).
        gain: f64,
    },
}

/// A fitted tree: nodes in a flat vector, root at 0.
#[derive(Debug, Clone)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
}

/// Growth settings shared by trees and forests.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Growth {
    pub min_leaf: usize,
    pub max_depth: usize,
    /// Candidate attributes per split; `None` = all.
    pub mtry: Option<usize>,
}

struct Grower<'a> {
    data: &'a Dataset,
    target: NodeTarget<'a>,
    growth: Growth,
    nodes: Vec<Node>,
}

impl<'a> Grower<'a> {
    fn grow(&mut self, rows: Vec<usize>, features: &[usize], depth: usize, rng: &mut Rng) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node::Leaf(self.target.leaf(&rows)));
        let mut all = Side::new(&self.target);
        rows.iter().for_each(|&i| all.add(&self.target, i, 1.0));
        let parent = all.cost(&self.target);
        if depth >= self.growth.max_depth || rows.len() < self.growth.min_leaf.saturating_mul(2) || parent <= 1e-12 {
            return id;
        }
        let Some((feature, test, cost)) = self.best_split(&rows, features, parent, rng) else {
            return id;
        };
        let col = self.data.feature(feature);
        let goes_left = |v: f64| match test {
            Test::AtMost(t) => v <= t,
            Test::Equals(c) => v == c,
        };
        let (mut left, mut right, mut missing) = (Vec::new(), Vec::new(), Vec::new());
        for &i in &rows {
            let v = col[i];
            if v.is_nan() {
                missing.push(i);
            } else if goes_left(v) {
                left.push(i);
            } else {
                right.push(i);
            }
        }
        let missing_left = left.len() >= right.len();
        if missing_left {
            left.extend(missing)
        } else {
            right.extend(missing)
        }
        drop(rows);
        let l = self.grow(left, features, depth + 1, rng);
        let r = self.grow(right, features, depth + 1, rng);
        self.nodes[id] = Node::Split { feature, test, left: l, right: r, missing_left, gain: parent - cost };
        id
    }

    /// The split with the largest impurity decrease among the candidate attributes.
    fn best_split(&self, rows: &[usize], features: &[usize], parent: f64, rng: &mut Rng) -> Option<(usize, Test, f64)> {
        let mut order: Vec<usize> = features.to_vec();
        let want = match self.growth.mtry {
            Some(m) => {
                order.shuffle(rng);
                m
            }
            None => order.len(),
        };
        let mut best: Option<(usize, Test, f64)> = None;
        let mut evaluated = 0;
        for &j in &order {
            if evaluated >= want {
                break;
            }
            let found = self.split_on(rows, j);
            if let Some((test, cost)) = found.0 {
                if best.as_ref().is_none_or(|b| cost < b.2 - 1e-12) {
                    best = Some((j, test, cost));
                }
            }
            if found.1 {
                evaluated += 1;
            }
        }
        best.filter(|b| b.2 < parent - 1e-12)
    }

    /// Best split on attribute `j`: `(Some((test, cost)) or None, attribute varies at this node)`.
    fn split_on(&self, rows: &[usize], j: usize) -> (Option<(Test, f64)>, bool) {
        let col = self.data.feature(j);
        let mut present: Vec<(f64, usize)> = rows.iter().filter(|&&i| !col[i].is_nan()).map(|&i| (col[i], i)).collect();
        if present.len() < 2 {
            return (None, false);
        }
        let min_leaf = self.growth.min_leaf as f64;
        let mut total = Side::new(&self.target);
        present.iter().for_each(|&(_, i)| total.add(&self.target, i, 1.0));
        match self.data.kind(j) {
            FeatureKind::Numeric => {
                present.sort_by(|a, b| a.0.total_cmp(&b.0));
                if present[0].0 == present[present.len() - 1].0 {
                    return (None, false);
                }
                let mut left = Side::new(&self.target);
                let mut right = total.clone();
                let mut best: Option<(Test, f64)> = None;
                for w in 0..present.len() - 1 {
                    let (v, i) = present[w];
                    left.add(&self.target, i, 1.0);
                    right.add(&self.target, i, -1.0);
                    let next = present[w + 1].0;
                    if next == v || left.n < min_leaf || right.n < min_leaf {
                        continue;
                    }
                    let cost = left.cost(&self.target) + right.cost(&self.target);
                    if best.is_none_or(|b| cost < b.1) {
                        let mid = v + (next - v) / 2.0;
                        best = Some((Test::AtMost(if mid < next { mid } else { v }), cost));
                    }
                }
                (best, true)
            }
            FeatureKind::Nominal { levels } => {
                let mut per_level = vec![Side::new(&self.target); levels.len()];
                present.iter().for_each(|&(v, i)| per_level[v as usize].add(&self.target, i, 1.0));
                if per_level.iter().filter(|s| s.n > 0.0).count() < 2 {
                    return (None, false);
                }
                let mut best: Option<(Test, f64)> = None;
                for (code, left) in per_level.iter().enumerate() {
                    let right = total.without(left);
                    if left.n < min_leaf || right.n < min_leaf {
                        continue;
                    }
                    let cost = left.cost(&self.target) + right.cost(&self.target);
                    if best.is_none_or(|b| cost < b.1) {
                        best = Some((Test::Equals(code as f64), cost));
                    }
                }
                (best, true)
            }
        }
    }
}

impl Tree {
    /// Grow a tree on `rows` (may repeat, for bootstraps) using `features`.
    pub fn fit(data: &Dataset, features: &[usize], rows: Vec<usize>, growth: Growth, rng: &mut Rng) -> Tree {
        let mut g = Grower { data, target: NodeTarget::of(data, &rows), growth, nodes: Vec::new() };
        g.grow(rows, features, 0, rng);
        Tree { nodes: g.nodes }
    }

    /// The leaf output for dataset row `row`.
    pub fn leaf(&self, data: &Dataset, row: usize) -> &[f64] {
        self.leaf_by(|f| data.feature(f)[row])
    }

    /// The leaf output for a row whose value of feature `f` is `value(f)`.
    pub fn leaf_by(&self, value: impl Fn(usize) -> f64) -> &[f64] {
        let mut id = 0;
        loop {
            match &self.nodes[id] {
                Node::Leaf(out) => return out,
                Node::Split { feature, test, left, right, missing_left, .. } => {
                    let v = value(*feature);
                    let go_left = if v.is_nan() {
                        *missing_left
                    } else {
                        match test {
                            Test::AtMost(t) => v <= *t,
                            Test::Equals(c) => v == *c,
                        }
                    };
                    id = if go_left { *left } else { *right };
                }
            }
        }
    }
}

impl Tree {
    /// `(feature, impurity decrease)` of every split.
    pub fn splits(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        self.nodes.iter().filter_map(|n| match n {
            Node::Split { feature, gain, .. } => Some((*feature, *gain)),
            Node::Leaf(_) => None,
        })
    }
}

/// A single CART tree (the curve learner "tree" of \[P20\]; C4.5 there — see the module docs for the
/// differences: binary Gini splits, no pruning).
///
/// ```
/// use featrank::prelude::*;
/// let t = DecisionTree::new().min_leaf(2);
/// assert_eq!(t.spec().to_string(), "tree:min_leaf=2,max_depth=none");
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let fold = featrank::resampling::Fold { data: &iris, train: &[0, 60, 120], test: &[1], seed: 0 };
/// let err = DecisionTree::new().min_leaf(0).fit_predict(&fold, &[0]).unwrap_err();
/// assert_eq!(err.to_string(), "invalid parameter 'min_leaf': 0 is outside its range, whole number ≥ 1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DecisionTree {
    min_leaf: usize,
    max_depth: usize,
}

impl Default for DecisionTree {
    fn default() -> Self {
        DecisionTree::new()
    }
}

impl DecisionTree {
    /// A tree with at least 2 training rows per leaf (Weka J48's minNumObj) and unlimited depth.
    pub fn new() -> DecisionTree {
        DecisionTree { min_leaf: 2, max_depth: usize::MAX }
    }

    /// Minimum training rows per leaf (≥ 1).
    pub fn min_leaf(mut self, n: usize) -> DecisionTree {
        self.min_leaf = n;
        self
    }

    /// Maximum depth (root = 0).
    pub fn max_depth(mut self, d: usize) -> DecisionTree {
        self.max_depth = d;
        self
    }

    /// From the spec `tree:min_leaf=2,max_depth=none`.
    pub fn from_spec(s: &Spec) -> Result<DecisionTree> {
        s.check_params(TREE)?;
        let depth: Option<usize> = s.get_or_none("max_depth", "none")?;
        let d = DecisionTree::new();
        Ok(DecisionTree { min_leaf: s.get("min_leaf", d.min_leaf)?, max_depth: depth.unwrap_or(d.max_depth) })
    }
}

/// The keys of the decision tree.
const TREE: &[Param] = &[
    Param::new("min_leaf", Values::whole(1), "rows a leaf holds at least"),
    Param::new("max_depth", Values::whole_or(0, "none"), "splits from the root to a leaf at most; none: no limit"),
];

impl Method for DecisionTree {
    fn parameters(&self) -> &'static [Param] {
        TREE
    }

    fn reference(&self) -> &'static str {
        "Breiman, Friedman, Olshen & Stone 1984, Classification and Regression Trees (CART)"
    }

    fn spec(&self) -> Spec {
        let depth = (self.max_depth < usize::MAX).then_some(self.max_depth);
        Spec::new("tree").with("min_leaf", self.min_leaf).with_opt("max_depth", depth, "none")
    }

    fn supports(&self, task: Task) -> bool {
        task != Task::Survival // a target set: one predictive clustering tree for all its targets
    }
}

impl Learner for DecisionTree {
    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let growth = Growth { min_leaf: self.min_leaf, max_depth: self.max_depth, mtry: None };
        let mut rng = rng_for(fold.seed, &[]);
        let tree = Tree::fit(fold.data, features, fold.train.to_vec(), growth, &mut rng);
        let outputs = fold.test.iter().map(|&i| tree.leaf(fold.data, i).to_vec()).collect();
        Ok(prediction(fold.data.target(), outputs))
    }
}

/// Random forest: bagged CART trees with ⌈log2 m⌉ + 1 attributes sampled per split.
///
/// ```
/// use featrank::prelude::*;
/// let f = RandomForest::new().trees(50);
/// assert_eq!(f.spec().to_string(), "forest:trees=50,mtry=auto");
/// assert_eq!(RandomForest::mtry(100), 8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomForest {
    trees: usize,
    min_leaf: usize,
    per_split: Option<usize>,
}

impl Default for RandomForest {
    fn default() -> Self {
        RandomForest::new()
    }
}

impl RandomForest {
    /// 100 trees, leaves of at least 1 row (\[P20\]).
    pub fn new() -> RandomForest {
        RandomForest { trees: 100, min_leaf: 1, per_split: None }
    }

    /// Number of trees (≥ 1).
    pub fn trees(mut self, n: usize) -> RandomForest {
        self.trees = n;
        self
    }

    /// Attributes sampled per split (≥ 1) instead of ⌈log2 m⌉ + 1 (the thesis uses 10 % of the
    /// attributes for regression forests).
    pub fn features_per_split(mut self, n: usize) -> RandomForest {
        self.per_split = Some(n);
        self
    }

    /// From the spec `forest:trees=100,mtry=auto` (`auto`: ⌈log2 m⌉ + 1 attributes per split).
    pub fn from_spec(s: &Spec) -> Result<RandomForest> {
        s.check_params(FOREST)?;
        let d = RandomForest::new();
        RandomForest {
            trees: s.get("trees", d.trees)?,
            min_leaf: d.min_leaf,
            per_split: s.get_or_none("mtry", "auto")?,
        }
        .validated()
    }

    /// Check the parameters on their own.
    pub fn validated(self) -> Result<RandomForest> {
        if self.trees == 0 {
            return Err(Error::param("trees", "a forest needs at least 1 tree"));
        }
        if self.per_split == Some(0) {
            return Err(Error::param("mtry", "a forest needs at least 1 attribute per split"));
        }
        Ok(self)
    }

    /// Attributes sampled per split for `m` available attributes: ⌈log2 m⌉ + 1, at most m.
    pub fn mtry(m: usize) -> usize {
        let log = (m.max(1) as f64).log2().ceil() as usize;
        (log + 1).min(m.max(1))
    }

    /// Bytes the grown forest holds on `rows` training rows (an upper bound): every tree's bootstrap sample
    /// and at most 2·rows − 1 nodes, each with a leaf output of `width` values ([`leaf_width`]).
    pub(crate) fn forest_memory(&self, rows: usize, width: usize) -> u64 {
        let node = 72 + memory::F64 * width.max(1) as u64;
        let tree = (rows as u64).saturating_mul(memory::F64 + 2 * node);
        (self.trees as u64).saturating_mul(tree.saturating_add(64))
    }

    /// Grow the forest on the training rows; tree `t` draws from its own stream of `seed`.
    pub(crate) fn fit_trees(
        &self,
        data: &Dataset,
        features: &[usize],
        train: &[usize],
        seed: u64,
    ) -> Vec<(Tree, Vec<usize>)> {
        let mtry = self.per_split.map_or(Self::mtry(features.len()), |m| m.min(features.len()));
        let growth = Growth { min_leaf: self.min_leaf, max_depth: usize::MAX, mtry: Some(mtry) };
        (0..self.trees)
            .into_par_iter()
            .map(|t| {
                let mut rng = rng_for(seed, &[t as u64]);
                let sample: Vec<usize> = bootstrap(&mut rng, train.len()).into_iter().map(|i| train[i]).collect();
                let tree = Tree::fit(data, features, sample.clone(), growth, &mut rng);
                (tree, sample)
            })
            .collect()
    }
}

/// The keys of the random forest.
const FOREST: &[Param] = &[
    Param::new("trees", Values::whole(1), "trees in the forest"),
    Param::new("mtry", Values::whole_or(1, "auto"), "features tried per split; auto: ⌈log2 features⌉ + 1"),
];

impl Method for RandomForest {
    fn parameters(&self) -> &'static [Param] {
        FOREST
    }

    fn reference(&self) -> &'static str {
        "Breiman 2001, Random forests, Machine Learning 45"
    }

    fn spec(&self) -> Spec {
        Spec::new("forest").with("trees", self.trees).with_opt("mtry", self.per_split, "auto")
    }

    fn supports(&self, task: Task) -> bool {
        task != Task::Survival // a target set: one predictive clustering tree for all its targets
    }
}

impl Learner for RandomForest {
    fn check(&self, _data: &Dataset, _min_train: usize) -> Result<()> {
        (*self).validated().map(|_| ())
    }

    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        let width = leaf_width(data.target());
        let (rows, n, k) = ((train + test) as u64, data.n_features() as u64, width.max(1) as u64);
        let copy = memory::F64 * (rows * n + test as u64 * k);
        copy.saturating_add(self.forest_memory(train, width))
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let forest = self.fit_trees(fold.data, features, fold.train, fold.seed);
        let outputs = fold
            .test
            .iter()
            .map(|&i| {
                let mut acc: Vec<f64> = Vec::new();
                for (tree, _) in &forest {
                    let leaf = tree.leaf(fold.data, i);
                    if acc.is_empty() {
                        acc = vec![0.0; leaf.len()];
                    }
                    acc.iter_mut().zip(leaf).for_each(|(a, l)| *a += l);
                }
                acc.iter_mut().for_each(|a| *a /= forest.len() as f64);
                acc
            })
            .collect();
        Ok(prediction(fold.data.target(), outputs))
    }
}

crate::method::from_spec!(DecisionTree, RandomForest);
