//! Random-forest feature importance (Breiman 2001; thesis §2.3, eq. 2 and Algorithm 3).
//!
//! The forest is featrank's [`RandomForest`]: bootstrap samples, ⌈log2 n⌉ + 1 candidate features drawn
//! **per split**, unpruned CART trees (100 by default).
//!
//! **Permutation importance** (default), per tree j with out-of-bag rows OOB_j:
//! rel(F_i) = (1/k) Σ_j (Err_ij − Err_OOB_j) / Err_OOB_j, where Err_ij is tree j's OOB error after
//! permuting F_i among the OOB rows only. Errors: misclassification rate, or mean squared error for
//! regression. The denominator is the **per-tree** OOB error (the thesis' Algorithm 3; eq. 2's undecorated
//! Err_OOB is a typo). When a tree makes no OOB error the denominator is 1/|OOB_j| (the smallest error it
//! could have made) for classification and the raw difference is used for regression. A feature the tree
//! never splits on scores exactly 0 for that tree. Trees without OOB rows are skipped.
//! [`Importance::PermutationRaw`] drops the normalisation (Breiman's mean decrease in accuracy).
//!
//! **Impurity importance** ([`Importance::Impurity`]): per tree the Gini/SSE decreases of the splits on
//! each feature, normalised to sum 1, averaged over trees (scikit-learn's convention).
//!
//! **Target sets** (multi-label, multi-target): the forest is one of predictive clustering trees, each split
//! chosen for all targets at once (`learners::tree`), as in Petković, Džeroski & Kocev 2020 (feature ranking
//! for multi-target regression with ensembles of PCTs). Impurity importance is their **Genie3** ranking
//! (the impurity decreases summed over the targets, numeric ones on the scale of their variance), except that
//! each tree's decreases are normalised to sum 1 before averaging as above (they add the trees' decreases
//! unnormalised, so a tree with a larger total decrease weighs more there). Permutation
//! importance is their **Random Forest** ranking: the error is the multi-target one — per OOB row the mean
//! over targets of 0/1 misclassification or squared error divided by the target's variance — normalised by
//! each tree's OOB error as above (when a tree makes no OOB error: 1/(|OOB_j| · targets) with class targets
//! only, the raw difference otherwise). Their third, **Symbolic** ranking is not implemented. Per-target
//! forests aggregated (Genie3 run on each target alone) stay available as `br:base=(forest)`.
//!
//! Trees are grown and evaluated in parallel; each draws from its own seeded stream and the per-tree
//! results are added in tree order, so the scores do not depend on the number of threads.

use rand::seq::SliceRandom;
use rayon::prelude::*;

use super::{Checked, Ranker};
use crate::data::{Dataset, Task};
use crate::error::{Error, Result};
use crate::learners::{RandomForest, RowError, Tree};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::seed::rng_for;
use crate::spec::{spec_words, Spec};

/// Which importance a [`ForestImportance`] computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Importance {
    /// OOB permutation importance normalised by each tree's OOB error (the thesis).
    Permutation,
    /// OOB permutation importance without normalisation (mean decrease in accuracy).
    PermutationRaw,
    /// Mean decrease in impurity.
    Impurity,
}

spec_words!(Importance, "forest importance", {
    Importance::Permutation => "permutation",
    Importance::PermutationRaw => "raw" | "permutation-raw",
    Importance::Impurity => "impurity",
});

/// Random-forest importance ranker.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{ForestImportance, Ranker};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let r = ForestImportance::new().trees(50).rank(&iris, 1).unwrap();
/// assert!(r.order()[..2].iter().all(|f| f.starts_with("petal")));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ForestImportance {
    trees: usize,
    mtry: Option<usize>,
    importance: Importance,
}

impl Default for ForestImportance {
    fn default() -> Self {
        ForestImportance::new()
    }
}

impl ForestImportance {
    /// 100 trees, ⌈log2 n⌉ + 1 features per split, normalised permutation importance.
    pub fn new() -> ForestImportance {
        ForestImportance { trees: 100, mtry: None, importance: Importance::Permutation }
    }

    /// Number of trees.
    pub fn trees(mut self, n: usize) -> ForestImportance {
        self.trees = n;
        self
    }

    /// Features drawn per split.
    pub fn mtry(mut self, n: usize) -> ForestImportance {
        self.mtry = Some(n);
        self
    }

    /// Which importance.
    pub fn importance(mut self, i: Importance) -> ForestImportance {
        self.importance = i;
        self
    }

    /// From the spec `forest:trees=100,mtry=auto,importance=permutation|raw|impurity` (`auto`:
    /// ⌈log2 n⌉ + 1 features per split).
    pub fn from_spec(s: &Spec) -> Result<ForestImportance> {
        s.check_params(PARAMS)?;
        let d = ForestImportance::new();
        let r = ForestImportance {
            trees: s.get("trees", d.trees)?,
            mtry: s.get_or_none("mtry", "auto")?,
            importance: s.get("importance", d.importance)?,
        };
        r.forest()?;
        Ok(r)
    }

    fn forest(&self) -> Result<RandomForest> {
        let f = RandomForest::new().trees(self.trees);
        match self.mtry {
            Some(m) => f.features_per_split(m).validated(),
            None => f.validated(),
        }
    }
}

/// The keys of forest importance.
const PARAMS: &[Param] = &[
    Param::new("trees", Values::whole(1), "trees in the forest"),
    Param::new("mtry", Values::whole_or(1, "auto"), "features tried per split; auto: ⌈log2 features⌉ + 1"),
    Param::new(
        "importance",
        Values::Words(Importance::WORDS),
        "out-of-bag permutation importance or mean impurity decrease",
    ),
];

impl Method for ForestImportance {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Breiman 2001, Random forests, Machine Learning 45"
    }

    fn spec(&self) -> Spec {
        Spec::new("forest")
            .with("trees", self.trees)
            .with_opt("mtry", self.mtry, "auto")
            .with("importance", self.importance)
    }

    fn supports(&self, task: Task) -> bool {
        task != Task::Survival // a target set: a forest of predictive clustering trees
    }
}

impl Ranker for ForestImportance {
    fn check(&self, _data: &Dataset) -> Result<()> {
        self.forest().map(|_| ())
    }

    /// The grown forest and every tree's importances.
    fn memory(&self, data: &Dataset) -> u64 {
        let trees =
            self.forest().map_or(0, |f| f.forest_memory(data.n_rows(), crate::learners::leaf_width(data.target())));
        let per_tree = (self.trees as u64).saturating_mul(crate::memory::F64 * (data.n_features() as u64 + 4));
        trees.saturating_add(per_tree).saturating_add(data.feature_bytes())
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let forest = self.forest()?;
        let n = data.n_features();
        let rows: Vec<usize> = (0..data.n_rows()).collect();
        let features: Vec<usize> = (0..n).collect();
        let trees = forest.fit_trees(data, &features, &rows, seed);
        // the targets' variances, read once for every tree's out-of-bag error
        let row_error = RowError::of(data);
        let per_tree: Vec<Option<Vec<f64>>> = trees
            .par_iter()
            .enumerate()
            .map(|(t, (tree, sample))| match self.importance {
                Importance::Impurity => Some(impurity(tree, n)),
                _ => permutation(data, &row_error, tree, sample, self.importance == Importance::Permutation, seed, t),
            })
            .collect();
        let used = per_tree.iter().flatten().count();
        if used == 0 {
            return Err(Error::param("trees", "no tree has out-of-bag rows; use more rows or more trees"));
        }
        let mut total = vec![0.0; n];
        for v in per_tree.into_iter().flatten() {
            total.iter_mut().zip(v).for_each(|(t, x)| *t += x);
        }
        Ok(total.into_iter().map(|v| v / used as f64).collect())
    }
}

/// One tree's impurity decreases per feature, normalised to sum 1 (all 0 for a stump).
fn impurity(tree: &Tree, n: usize) -> Vec<f64> {
    let mut g = vec![0.0; n];
    tree.splits().for_each(|(f, gain)| g[f] += gain);
    let sum: f64 = g.iter().sum();
    if sum > 0.0 {
        g.iter_mut().for_each(|v| *v /= sum);
    }
    g
}

/// One tree's OOB permutation importances (errors by `row_error`); `None` without OOB rows.
fn permutation(
    data: &Dataset,
    row_error: &RowError<'_>,
    tree: &Tree,
    sample: &[usize],
    normalise: bool,
    seed: u64,
    t: usize,
) -> Option<Vec<f64>> {
    let mut in_bag = vec![false; data.n_rows()];
    sample.iter().for_each(|&r| in_bag[r] = true);
    let oob: Vec<usize> = (0..data.n_rows()).filter(|&r| !in_bag[r]).collect();
    if oob.is_empty() {
        return None;
    }
    let n = data.n_features();
    let error = |value: &dyn Fn(usize, usize) -> f64| -> f64 {
        let mut e = 0.0;
        for (p, &r) in oob.iter().enumerate() {
            e += row_error.at(tree.leaf_by(|f| value(f, p)), r);
        }
        e / oob.len() as f64
    };
    let base = error(&|f, p| data.feature(f)[oob[p]]);
    let denom = match row_error.smallest(oob.len()) {
        _ if !normalise => 1.0,
        Some(smallest) => base.max(smallest),
        None if base > 0.0 => base,
        None => 1.0,
    };
    let mut used = vec![false; n];
    tree.splits().for_each(|(f, _)| used[f] = true);
    let mut out = vec![0.0; n];
    for f in (0..n).filter(|&f| used[f]) {
        let mut perm: Vec<usize> = (0..oob.len()).collect();
        perm.shuffle(&mut rng_for(seed, &[u64::MAX, t as u64, f as u64]));
        let col = data.feature(f);
        let err = error(&|g, p| if g == f { col[oob[perm[p]]] } else { data.feature(g)[oob[p]] });
        out[f] = (err - base) / denom;
    }
    Some(out)
}

crate::method::from_spec!(ForestImportance);
