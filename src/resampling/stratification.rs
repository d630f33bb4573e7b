//! The strata of stratified plans ([`strata`]: classes, groups of a numeric target in order, a survival target's
//! events and censored rows), and iterative stratification (Sechidis, Tsoumakas & Vlahavas 2011, ECML PKDD): k folds of data with several
//! targets whose every label keeps, as nearly as it can, its share in every fold — what stratified k-fold
//! does for one class target. The labels are indicator columns: a multi-label dataset's labels, or one
//! column per class of every target of multi-target classification.
//!
//! The algorithm: every fold j wants n/k rows and, of every label l, n_l/k rows. While rows remain, take
//! the label with the fewest remaining rows (ties: the lower label index); deal its remaining rows, in a
//! seeded random order, each to the fold that wants that label most (ties: the fold that wants the most
//! rows, then a seeded random choice), and lower that fold's wants for every label of the row. Rows with
//! no label go last to the folds that want the most rows.

use ndarray::Array2;
use rand::seq::SliceRandom;
use rand::Rng;

use crate::data::{Dataset, Target};
use crate::seed::Rng as SeededRng;

/// The indicator columns iterative stratification balances, `rows × indicators`: a multi-label dataset's
/// labels, or one per class of each class target of a target set; `None` for other data.
pub(crate) fn indicators(data: &Dataset) -> Option<Array2<bool>> {
    if let Some(labels) = data.label_matrix() {
        return Some(labels);
    }
    let Target::Set(members) = data.target() else { return None };
    let mut columns: Vec<Vec<bool>> = Vec::new();
    for member in members {
        if let Target::Classes { codes, names } = member {
            columns.extend((0..names.len()).map(|c| codes.iter().map(|&x| x == c).collect()));
        }
    }
    (!columns.is_empty()).then(|| Array2::from_shape_fn((data.n_rows(), columns.len()), |(i, c)| columns[c][i]))
}

/// The fold (0..`folds`) of every row by iterative stratification of `labels` (`rows × labels`).
pub(crate) fn folds_of(labels: &Array2<bool>, folds: usize, rng: &mut SeededRng) -> Vec<u32> {
    let (n, n_labels) = labels.dim();
    let mut fold_of = vec![u32::MAX; n];
    let share = 1.0 / folds as f64;
    let mut want_rows = vec![n as f64 * share; folds];
    let mut want: Vec<Vec<f64>> =
        (0..n_labels).map(|l| vec![labels.column(l).iter().filter(|&&b| b).count() as f64 * share; folds]).collect();
    let mut remaining: Vec<usize> = (0..n).collect();
    remaining.shuffle(rng);
    loop {
        // the label with the fewest remaining rows
        let mut counts = vec![0usize; n_labels];
        for &i in &remaining {
            for (l, c) in counts.iter_mut().enumerate() {
                *c += labels[[i, l]] as usize;
            }
        }
        let Some(label) = (0..n_labels).filter(|&l| counts[l] > 0).min_by_key(|&l| (counts[l], l)) else { break };
        let (take, keep): (Vec<usize>, Vec<usize>) = remaining.iter().partition(|&&i| labels[[i, label]]);
        for i in take {
            let j = choose(&want[label], &want_rows, rng);
            fold_of[i] = j as u32;
            want_rows[j] -= 1.0;
            for (l, w) in want.iter_mut().enumerate() {
                if labels[[i, l]] {
                    w[j] -= 1.0;
                }
            }
        }
        remaining = keep;
    }
    for i in remaining {
        let j = choose(&want_rows, &want_rows, rng);
        fold_of[i] = j as u32;
        want_rows[j] -= 1.0;
    }
    fold_of
}

/// The fold with the largest `first` want, ties to the largest `then` want, then a seeded random one.
fn choose(first: &[f64], then: &[f64], rng: &mut SeededRng) -> usize {
    let best = first.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tied: Vec<usize> = (0..first.len()).filter(|&j| first[j] == best).collect();
    let most = tied.iter().map(|&j| then[j]).fold(f64::NEG_INFINITY, f64::max);
    let tied: Vec<usize> = tied.into_iter().filter(|&j| then[j] == most).collect();
    tied[rng.gen_range(0..tied.len())]
}

/// Rows grouped for stratification: one group per class, or for a numeric target consecutive groups of
/// `size` rows in target order; a survival target's censored rows and its events (so every fold has its share
/// of events); a target set's rows are one group (plain random folds).
pub(super) fn strata(data: &Dataset, size: usize) -> Vec<Vec<usize>> {
    match data.target() {
        Target::Classes { codes, names } => {
            let mut groups = vec![Vec::new(); names.len()];
            codes.iter().enumerate().for_each(|(i, &c)| groups[c].push(i));
            groups
        }
        Target::Values(v) => {
            let mut idx: Vec<usize> = (0..v.len()).collect();
            idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]).then(a.cmp(&b)));
            idx.chunks(size.max(1)).map(<[usize]>::to_vec).collect()
        }
        Target::Set(_) => vec![(0..data.n_rows()).collect()],
        Target::Survival(s) => {
            let (events, censored): (Vec<usize>, Vec<usize>) = (0..s.time().len()).partition(|&i| s.event()[i]);
            vec![censored, events]
        }
    }
}
