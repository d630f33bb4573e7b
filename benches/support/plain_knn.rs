//! The plain tiled kNN loop the benchmarks measure featrank against (`floor`) and scale work by (`curves`'
//! protocol): FFA and RFA curves at every size, k = [`K`], one repeat of 10-fold CV, without featrank's design.
//! It scales each fold by its training ranges as featrank does, then walks tiles of [`TEST_TILE`] test ×
//! [`TRAIN_TILE`] training rows: a tile's squared distances stay in cache while features are added one at a
//! time, and after each feature every (test row, size) keeps its k nearest so far (ties to the earlier
//! training row) — no bound, no blocking beyond the tile, no hand-written SIMD; rayon over (fold, test tile).

use featrank::prelude::*;
use rayon::prelude::*;

/// The neighbours that vote.
pub const K: usize = 10;
const TEST_TILE: usize = 32;
const TRAIN_TILE: usize = 2048;

/// FFA and RFA accuracies at every size (RFA with m features: the bottom m of the ranking) by the plain tiled
/// loop.
pub fn reference(ds: &Dataset, plan: &CvPlan, order: &[usize]) -> (Vec<f64>, Vec<f64>) {
    let n = order.len();
    let ffa_chain: Vec<usize> = order.to_vec();
    let rfa_chain: Vec<usize> = order.iter().rev().copied().collect();
    let labels = ds.labels().unwrap();
    let classes = ds.n_classes();
    let (mut ffa, mut rfa) = (vec![0usize; n], vec![0usize; n]);
    for fold in 0..plan.folds() {
        let (train, test) = plan.split(0, fold);
        // column-major, scaled by the training fold's ranges: (v − min) / (max − min), 0 when constant
        let scaled = |rows: &[usize]| -> Vec<Vec<f64>> {
            (0..n)
                .map(|j| {
                    let col = ds.feature(j);
                    let (lo, hi) = train
                        .iter()
                        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &i| (l.min(col[i]), h.max(col[i])));
                    rows.iter().map(|&i| if hi > lo { (col[i] - lo) / (hi - lo) } else { 0.0 }).collect()
                })
                .collect()
        };
        let (tr, te) = (scaled(&train), scaled(&test));
        let train_labels: Vec<usize> = train.iter().map(|&i| labels[i]).collect();
        let test_labels: Vec<usize> = test.iter().map(|&i| labels[i]).collect();
        for (chain, correct) in [(&ffa_chain, &mut ffa), (&rfa_chain, &mut rfa)] {
            let hits: Vec<Vec<usize>> = (0..test.len())
                .collect::<Vec<_>>()
                .par_chunks(TEST_TILE)
                .map(|tile| wide_tile(tile, &tr, &te, chain, &train_labels, classes, &test_labels))
                .collect();
            for h in hits {
                correct.iter_mut().zip(h).for_each(|(c, x)| *c += x);
            }
        }
    }
    let rows = ds.n_rows() as f64;
    let ffa: Vec<f64> = ffa.iter().map(|&c| c as f64 / rows).collect();
    // RFA is stored by the number of features, the chain's own order (the bottom m ranked)
    let rfa: Vec<f64> = rfa.iter().map(|&c| c as f64 / rows).collect();
    (ffa, rfa)
}

/// [`test_tile`] compiled for the vector level featrank runs at (`FEATRANK_SIMD`, else the best the CPU has:
/// AVX-512F, AVX2 or the baseline; the same dispatch as `featrank::simd`, no FMA): the floor is the plain loop
/// at the same vector width. (Its arguments stay separate: bundled in a struct or tuples, the loop ran 30 %
/// slower.)
fn wide_tile(
    tile: &[usize],
    tr: &[Vec<f64>],
    te: &[Vec<f64>],
    chain: &[usize],
    train_labels: &[usize],
    classes: usize,
    truth: &[usize],
) -> Vec<usize> {
    static LEVEL: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();
    let level = *LEVEL.get_or_init(|| featrank::simd::check().expect("FEATRANK_SIMD names a level this CPU runs"));
    // `test_tile` in a function compiled with `$feature`, when featrank runs at `$level`
    macro_rules! with {
        ($level:literal, $feature:tt) => {
            if level == $level {
                #[target_feature(enable = $feature)]
                unsafe fn run(
                    tile: &[usize],
                    tr: &[Vec<f64>],
                    te: &[Vec<f64>],
                    chain: &[usize],
                    train_labels: &[usize],
                    classes: usize,
                    truth: &[usize],
                ) -> Vec<usize> {
                    test_tile(tile, tr, te, chain, train_labels, classes, truth)
                }
                // SAFETY: `featrank::simd::check` accepts a level only when the CPU has its feature.
                return unsafe { run(tile, tr, te, chain, train_labels, classes, truth) };
            }
        };
    }
    #[cfg(target_arch = "x86_64")]
    {
        with!("avx512", "avx512f");
        with!("avx2", "avx2");
    }
    test_tile(tile, tr, te, chain, train_labels, classes, truth)
}

/// Correct predictions at every size of `chain` for the test rows `tile` (positions in `te`; their classes
/// `truth`).
#[inline(always)]
fn test_tile(
    tile: &[usize],
    tr: &[Vec<f64>],
    te: &[Vec<f64>],
    chain: &[usize],
    train_labels: &[usize],
    classes: usize,
    truth: &[usize],
) -> Vec<usize> {
    let (n, n_train) = (chain.len(), train_labels.len());
    // the K nearest (distance, training row) per (test row, size), ascending
    let mut best: Vec<Vec<(f64, u32)>> = vec![Vec::with_capacity(K + 1); tile.len() * n];
    let mut dist = vec![0.0; tile.len() * TRAIN_TILE];
    for start in (0..n_train).step_by(TRAIN_TILE) {
        let width = TRAIN_TILE.min(n_train - start);
        dist.iter_mut().for_each(|d| *d = 0.0);
        for (s, &j) in chain.iter().enumerate() {
            let train_col = &tr[j][start..start + width];
            for (t, &row) in tile.iter().enumerate() {
                let a = te[j][row];
                let d = &mut dist[t * TRAIN_TILE..t * TRAIN_TILE + width];
                d.iter_mut().zip(train_col).for_each(|(d, &b)| *d += (a - b) * (a - b));
                let kept = &mut best[t * n + s];
                let bound = |kept: &Vec<(f64, u32)>| if kept.len() < K { f64::INFINITY } else { kept[K - 1].0 };
                let mut within = bound(kept);
                for (r, &v) in d.iter().enumerate() {
                    if v < within {
                        let at = kept.partition_point(|&(x, _)| x <= v);
                        kept.insert(at, (v, (start + r) as u32));
                        kept.truncate(K);
                        within = bound(kept);
                    }
                }
            }
        }
    }
    let mut correct = vec![0usize; n];
    let mut votes = vec![0usize; classes];
    for (t, &row) in tile.iter().enumerate() {
        for (s, c) in correct.iter_mut().enumerate() {
            votes.iter_mut().for_each(|v| *v = 0);
            best[t * n + s].iter().for_each(|&(_, r)| votes[train_labels[r as usize]] += 1);
            // the most votes, ties to the lowest class index
            let predicted = (0..classes).fold(0, |b, c| if votes[c] > votes[b] { c } else { b });
            *c += (predicted == truth[row]) as usize;
        }
    }
    correct
}
