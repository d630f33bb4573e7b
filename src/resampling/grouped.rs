//! Plans that keep every group of rows on one side of each split (a patient's samples, a batch, a subject):
//! group k-fold and stratified group k-fold as scikit-learn computes them, leave one group out, group holdout
//! and group bootstrap. The group algorithms work on the groups present (ids ascending: `numpy.unique`'s
//! order); the plan turns a group's fold into its rows' codes.
//!
//! - **Group k-fold** (scikit-learn's `GroupKFold`): the groups by size, largest first (equal sizes: the later
//!   group first), each to the fold with the fewest rows so far (ties: the first such fold) — fold sizes as even
//!   as whole groups allow. Shuffled, the groups' order is drawn first, so equal sizes fall in a random order.
//! - **Target sets**: iterative stratification (`stratification.rs`) of the groups, each group holding the labels
//!   any of its rows has.
//! - **Stratified group k-fold** (scikit-learn's `StratifiedGroupKFold`): the groups by the spread (population
//!   standard deviation) of their class counts, largest first (a stable sort); each to the fold that leaves the
//!   mean over classes of the standard deviation, over folds, of each fold's share of the class smallest (equal
//!   within `numpy.isclose`: the fold with fewer rows, then the first).

use ndarray::Array2;
use rand::seq::SliceRandom;

use crate::data::dataset::Groups;
use crate::data::{Dataset, Target};
use crate::error::{Error, Result};
use crate::seed::{bootstrap, Rng};

/// The groups present in `groups` (ids ascending) and, per row, the index of its group among them.
pub(super) fn present(groups: &Groups) -> (Vec<u32>, Vec<usize>) {
    let mut ids: Vec<u32> = groups.ids().to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut index = vec![usize::MAX; groups.labels().len()];
    ids.iter().enumerate().for_each(|(k, &g)| index[g as usize] = k);
    (ids, groups.ids().iter().map(|&g| index[g as usize]).collect())
}

/// Refuse fewer groups than `folds`, naming the groups' column.
pub(super) fn check_count(groups: &Groups, n_groups: usize, folds: usize) -> Result<()> {
    if n_groups < folds {
        return Err(Error::param(
            "folds",
            format!(
                "{folds} folds but '{}' has {n_groups} groups here: a group stays whole, so each fold needs one; use at \
                 most {n_groups} folds (or leave-one-group-out)",
                crate::error::quote(groups.name())
            ),
        ));
    }
    Ok(())
}

/// Refuse a class (or a survival target's events) found in fewer groups than `folds`: as stratified k-fold
/// refuses a class with fewer rows than folds, since some test fold would have none of it.
pub(super) fn check_classes(data: &Dataset, groups: &Groups, folds: usize) -> Result<()> {
    let Some((class, n)) = fewest_groups_of_a_class(data) else { return Ok(()) };
    if n < folds {
        let what = match data.survival() {
            Some(_) => "the events".to_string(),
            None => format!("class '{}'", crate::error::quote(&class)),
        };
        return Err(Error::param(
            "folds",
            format!(
                "{folds} folds but {what} occur in only {n} groups of '{}': a group stays whole, so some test fold \
                 would have none; use at most {n} folds, or group-kfold (featrank info --groups shows each class's \
                 groups)",
                crate::error::quote(groups.name())
            ),
        ));
    }
    Ok(())
}

/// The class (a survival target: `event`) present in the fewest groups, and how many groups hold it; `None` for
/// data without groups or classes.
pub(crate) fn fewest_groups_of_a_class(data: &Dataset) -> Option<(String, usize)> {
    let groups = data.groups()?;
    let (codes, n_classes) = classes(data)?;
    let name = |c: usize| match data.class_names() {
        Some(names) => names[c].clone(),
        None => "event".to_string(),
    };
    groups
        .holding(&codes, n_classes)
        .into_iter()
        .enumerate()
        .filter(|&(c, n)| n > 0 && (data.survival().is_none() || c == 1))
        .min_by_key(|&(c, n)| (n, c))
        .map(|(c, n)| (name(c), n))
}

/// The order in which the groups are dealt: ids ascending, or a seeded random order.
fn deal_order(n_groups: usize, rng: Option<&mut Rng>) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n_groups).collect();
    if let Some(rng) = rng {
        order.shuffle(rng);
    }
    order
}

/// Group k-fold: the fold of each group (`sizes[g]` rows), as described in the module's docs.
pub(super) fn group_folds(sizes: &[usize], folds: usize, rng: Option<&mut Rng>) -> Vec<u32> {
    let mut order = deal_order(sizes.len(), rng);
    // numpy: argsort(kind="stable")[::-1] — ascending and stable, then reversed
    order.sort_by_key(|&g| sizes[g]);
    order.reverse();
    let mut load = vec![0usize; folds];
    let mut fold_of = vec![0u32; sizes.len()];
    for g in order {
        let lightest = (0..folds).min_by_key(|&f| (load[f], f)).unwrap_or(0);
        load[lightest] += sizes[g];
        fold_of[g] = lightest as u32;
    }
    fold_of
}

/// Stratified group k-fold: the fold of each group from its class counts (`counts[g][c]`), as described in the
/// module's docs.
pub(super) fn stratified_group_folds(counts: &[Vec<usize>], folds: usize, rng: Option<&mut Rng>) -> Vec<u32> {
    let n_classes = counts.first().map_or(0, Vec::len);
    let totals: Vec<f64> = (0..n_classes).map(|c| counts.iter().map(|g| g[c] as f64).sum()).collect();
    let spread = |g: &[usize]| std(&g.iter().map(|&v| v as f64).collect::<Vec<_>>());
    let mut order = deal_order(counts.len(), rng);
    let spreads: Vec<f64> = counts.iter().map(|g| spread(g)).collect();
    order.sort_by(|&a, &b| spreads[b].total_cmp(&spreads[a]));
    let mut per_fold = vec![vec![0.0f64; n_classes]; folds];
    let mut fold_of = vec![0u32; counts.len()];
    for g in order {
        let (mut best, mut best_eval, mut best_size) = (0usize, f64::INFINITY, f64::INFINITY);
        for f in 0..folds {
            (0..n_classes).for_each(|c| per_fold[f][c] += counts[g][c] as f64);
            let eval = (0..n_classes)
                .map(|c| std(&per_fold.iter().map(|fold| fold[c] / totals[c]).collect::<Vec<_>>()))
                .sum::<f64>()
                / n_classes.max(1) as f64;
            (0..n_classes).for_each(|c| per_fold[f][c] -= counts[g][c] as f64);
            let size: f64 = per_fold[f].iter().sum();
            let close = (eval - best_eval).abs() <= 1e-8 + 1e-5 * best_eval.abs();
            if eval < best_eval || (close && size < best_size) {
                (best, best_eval, best_size) = (f, eval, size);
            }
        }
        (0..n_classes).for_each(|c| per_fold[best][c] += counts[g][c] as f64);
        fold_of[g] = best as u32;
    }
    fold_of
}

/// The population standard deviation (`numpy.std`).
fn std(values: &[f64]) -> f64 {
    let n = values.len().max(1) as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// The classes a grouped plan balances: a class target's classes, a survival target's events and censored
/// rows; `None` for other targets (their groups are balanced by size only).
pub(super) fn classes(data: &Dataset) -> Option<(Vec<usize>, usize)> {
    match data.target() {
        Target::Classes { codes, names } => Some((codes.clone(), names.len())),
        Target::Survival(s) => Some((s.event().iter().map(|&e| e as usize).collect(), 2)),
        _ => None,
    }
}

/// Each present group's class counts (`index`: each row's group; `classes`: each row's class of `n_classes`),
/// the classes no row has left out.
pub(super) fn class_counts(index: &[usize], n_groups: usize, classes: &[usize], n_classes: usize) -> Vec<Vec<usize>> {
    let mut counts = vec![vec![0usize; n_classes]; n_groups];
    index.iter().zip(classes).for_each(|(&g, &c)| counts[g][c] += 1);
    let used: Vec<usize> = (0..n_classes).filter(|&c| counts.iter().any(|g| g[c] > 0)).collect();
    counts.into_iter().map(|g| used.iter().map(|&c| g[c]).collect()).collect()
}

/// Which labels each present group has (`labels`: rows × labels; `index`: each row's group of `n_groups`): what
/// iterative stratification (`stratification.rs`) balances when a target set's rows come in groups.
pub(super) fn presence(labels: &Array2<bool>, index: &[usize], n_groups: usize) -> Array2<bool> {
    let mut has = Array2::from_elem((n_groups, labels.ncols()), false);
    for (row, &g) in index.iter().enumerate() {
        labels.row(row).iter().enumerate().filter(|&(_, &l)| l).for_each(|(l, _)| has[[g, l]] = true);
    }
    has
}

/// Group holdout (scikit-learn's `GroupShuffleSplit`): round(`test` · G) of the G groups (at least 1, at most
/// G − 1), drawn at random, test; code 1 = test, 0 = train per row.
pub(super) fn holdout(index: &[usize], n_groups: usize, test: f64, rng: &mut Rng) -> Vec<u32> {
    let order = deal_order(n_groups, Some(rng));
    let t = ((test * n_groups as f64).round() as usize).clamp(1, n_groups - 1);
    let mut tested = vec![0u32; n_groups];
    order[..t].iter().for_each(|&g| tested[g] = 1);
    index.iter().map(|&g| tested[g]).collect()
}

/// Group bootstrap: G groups drawn with replacement; each row is drawn as often as its group (0 = out of bag).
/// `None` when every group was drawn.
pub(super) fn bootstrap_rows(index: &[usize], n_groups: usize, rng: &mut Rng) -> Option<Vec<u32>> {
    let mut drawn = vec![0u32; n_groups];
    bootstrap(rng, n_groups).into_iter().for_each(|g| drawn[g] += 1);
    drawn.contains(&0).then(|| index.iter().map(|&g| drawn[g]).collect())
}

/// The units resampling inside a training split draws whole: each row alone, or with groups each group's rows
/// (ascending); units in the order of their first row.
pub(crate) fn units(data: &Dataset) -> Vec<Vec<usize>> {
    let Some(groups) = data.groups() else { return (0..data.n_rows()).map(|i| vec![i]).collect() };
    let mut units: Vec<Vec<usize>> = groups.members().into_iter().filter(|m| !m.is_empty()).collect();
    units.sort_by_key(|m| m[0]);
    units
}

/// A bootstrap sample of `data`'s rows that keeps groups whole: n rows drawn with replacement, or with groups G
/// groups drawn with replacement and all their rows taken (ascending within a group, groups in the order drawn).
pub(crate) fn bootstrap_sample(data: &Dataset, rng: &mut Rng) -> Vec<usize> {
    if data.groups().is_none() {
        return bootstrap(rng, data.n_rows());
    }
    let units = units(data);
    bootstrap(rng, units.len()).into_iter().flat_map(|u| units[u].iter().copied()).collect()
}
