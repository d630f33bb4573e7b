//! kNN curves against the machine's floor: featrank's curves beside a plain tiled loop written here — what the
//! work costs without featrank's design, and how far featrank is from it.
//!
//! The work: FFA and RFA curves at every size, k = 10, one repeat of stratified 10-fold CV, Madelon-style
//! continuous data (5 informative + 5 redundant + 10 noise features), the ground-truth ranking. The reference
//! (`reference`) scales each fold by its training ranges as featrank does, then walks tiles of 32 test × 2,048
//! training rows: a tile's squared distances stay in cache while features are added one at a time, and after
//! each feature every (test row, size) keeps its 10 nearest so far (ties to the earlier training row) —
//! no bound, no blocking beyond the tile, no hand-written SIMD; rayon over (fold, test tile). Its accuracies
//! equal featrank's with `ties=first` (asserted up to 10,000 rows); featrank's default (`ties=all`, Weka's rule)
//! is timed beside it.
//!
//! `cargo bench --bench floor` runs 1,000, 10,000 and 30,000 rows; `cargo bench --bench floor -- 100000` any
//! others.

use std::time::Instant;

use featrank::prelude::*;
use rayon::prelude::*;

const K: usize = 10;
const TEST_TILE: usize = 32;
const TRAIN_TILE: usize = 2048;

fn main() {
    let picked: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if picked.is_empty() { vec![1_000, 10_000, 30_000] } else { picked };
    println!(
        "kNN curves (k = {K}, FFA + RFA at every size, 10-fold CV × 1) against a plain tiled loop, Madelon-style \
         data with 20 features, {} threads",
        rayon::current_num_threads()
    );
    println!(
        "{:>7}  {:>14} {:>14} {:>14} {:>8} {:>8}",
        "N", "ties=first s", "ties=all s", "reference s", "first/ref", "all/ref"
    );
    for rows in sizes {
        let s = Madelon::new().rows(rows).informative(5).redundant(5).noise(10).generate(1).unwrap();
        let ds = Dataset::from_polars(&s.frame, "class").unwrap();
        let truth = s.truth.ranking().unwrap();
        let order = truth.positions_in(&ds).unwrap();
        let plan = CvPlan::stratified(&ds, 10, 1, 1).unwrap();
        let featrank = |ties: KnnTies| {
            let start = Instant::now();
            let c = CurveSpec::new(Knn::new().k(K).ties(ties))
                .plan(plan.clone())
                .grid(Grid::Full)
                .expected(0)
                .evaluate(&ds, std::slice::from_ref(&truth))
                .unwrap();
            (start.elapsed().as_secs_f64(), c)
        };
        let (t_first, curves) = featrank(KnnTies::First);
        let (t_all, _) = featrank(KnnTies::All);
        let start = Instant::now();
        let (ffa, rfa) = reference(&ds, &plan, &order);
        let t_ref = start.elapsed().as_secs_f64();
        if rows <= 10_000 {
            let name = truth.name();
            assert_eq!(curves.get(name, CurveKind::Ffa).unwrap().mean, ffa, "FFA at {rows} rows");
            assert_eq!(curves.get(name, CurveKind::Rfa).unwrap().mean, rfa, "RFA at {rows} rows");
        }
        println!(
            "{rows:>7}  {t_first:>14.2} {t_all:>14.2} {t_ref:>14.2} {:>8.2} {:>8.2}",
            t_first / t_ref,
            t_all / t_ref
        );
    }
}

/// FFA and RFA accuracies at every size (RFA with m features: the bottom m of the ranking) by the plain tiled
/// loop.
fn reference(ds: &Dataset, plan: &CvPlan, order: &[usize]) -> (Vec<f64>, Vec<f64>) {
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
        for (chain, correct) in [(&ffa_chain, &mut ffa), (&rfa_chain, &mut rfa)] {
            let hits: Vec<Vec<usize>> = (0..test.len())
                .collect::<Vec<_>>()
                .par_chunks(TEST_TILE)
                .map(|tile| test_tile(tile, &tr, &te, chain, &train_labels, classes, |t| labels[test[t]]))
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

/// Correct predictions at every size of `chain` for the test rows `tile` (positions in `te`).
fn test_tile(
    tile: &[usize],
    tr: &[Vec<f64>],
    te: &[Vec<f64>],
    chain: &[usize],
    train_labels: &[usize],
    classes: usize,
    truth: impl Fn(usize) -> usize,
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
            *c += (predicted == truth(row)) as usize;
        }
    }
    correct
}
