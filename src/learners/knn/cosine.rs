//! kNN's cosine chain (`knn:distance=cosine`; the distance in the [parent module](super)): dot products and
//! squared norms grown feature by feature from the fold's non-zero entries, so sparse features are used as they
//! are held.

use super::{block_rows, Knn, Tally, Vote};
use crate::data::dataset::RowPositions;
use crate::resampling::{Fold, Prediction};

impl Knn {
    /// The cosine chain (module docs) on test rows in blocks, in parallel, as [`Knn::nested_tally`] runs the
    /// Euclidean one.
    pub(super) fn nested_cosine(&self, fold: &Fold<'_>, order: &[usize], sizes: &[usize]) -> Vec<Prediction> {
        let chain = &order[..sizes.last().copied().unwrap_or(0).min(order.len())];
        let entries = CosineEntries::of(fold, chain);
        // a block holds two test × train matrices: the dot products and the distances
        let rows = block_rows(2 * fold.train.len(), fold.test.len(), true).max(1);
        let starts: Vec<usize> = (0..fold.test.len().max(1)).step_by(rows).collect();
        let per_block = crate::parallel::map(starts.len(), |b| {
            let at = starts[b]..(starts[b] + rows).min(fold.test.len());
            let block = Fold { test: &fold.test[at.clone()], ..*fold };
            self.cosine_chain(&block, at.start, sizes, &entries, &mut Vote::new(fold.data))
        });
        let mut out: Option<Vec<Prediction>> = None;
        for more in per_block {
            match out.as_mut() {
                None => out = Some(more),
                Some(out) => out.iter_mut().zip(more).for_each(|(p, m)| Vote::join(p, m)),
            }
        }
        out.unwrap_or_default()
    }

    /// The cosine chain on one block of test rows, the fold's test rows from position `first` on.
    fn cosine_chain(
        &self,
        fold: &Fold<'_>,
        first: usize,
        sizes: &[usize],
        entries: &CosineEntries,
        tally: &mut Vote,
    ) -> Vec<Prediction> {
        let (n_train, n_test) = (fold.train.len(), fold.test.len());
        let (mut dot, mut dist) = (vec![0.0; n_test * n_train], vec![0.0; n_test * n_train]);
        let (mut test_norm, mut train_norm) = (vec![0.0; n_test], vec![0.0; n_train]);
        let mut cursor: Vec<usize> = (0..n_test).map(|t| entries.test_start[first + t]).collect();
        let (mut added, mut near) = (0, Vec::new());
        let mut out = Vec::with_capacity(sizes.len());
        for &k in sizes {
            let k = k.min(entries.train_start.len() - 1);
            for &(r, b) in &entries.train[entries.train_start[added]..entries.train_start[k]] {
                train_norm[r as usize] += b * b;
            }
            for (t, c) in cursor.iter_mut().enumerate() {
                let end = entries.test_start[first + t + 1];
                let row = &mut dot[t * n_train..(t + 1) * n_train];
                while *c < end && (entries.test[*c].0 as usize) < k {
                    let (p, a) = entries.test[*c];
                    test_norm[t] += a * a;
                    let p = p as usize;
                    for &(r, b) in &entries.train[entries.train_start[p]..entries.train_start[p + 1]] {
                        row[r as usize] += a * b;
                    }
                    *c += 1;
                }
            }
            added = k;
            // row by row over slices, with the CPU's widest vectors (the same bits on every level: sqrt and
            // division round exactly)
            crate::simd::wide!(knn_cosine, || {
                for ((out, row), &nt) in dist.chunks_mut(n_train).zip(dot.chunks(n_train)).zip(&test_norm) {
                    distances(out, row, nt, &train_norm);
                }
            });
            // cosine distances do not only grow with the features: no bound from the previous size
            near.clear();
            out.push(self.predict(fold, &dist, &mut near, tally));
        }
        out
    }
}

/// 1 − a·b / √(‖a‖²‖b‖²) of one test row (`nt` = ‖a‖²) to every training row, 1 where a norm is 0.
#[inline(always)]
fn distances(out: &mut [f64], dot: &[f64], nt: f64, train_norm: &[f64]) {
    for ((d, &ab), &nr) in out.iter_mut().zip(dot).zip(train_norm) {
        let norm = (nt * nr).sqrt();
        *d = if norm > 0.0 { (1.0 - ab / norm).max(0.0) } else { 1.0 };
    }
}

/// A fold's non-zero entries of the cosine chain's features, made once per fold: by feature for the training
/// rows (`train[train_start[p]..train_start[p + 1]]`: feature `chain[p]`'s (training position, value)), by test
/// row for the test rows (`test[test_start[t]..test_start[t + 1]]`: test row `t`'s (chain position, value), in
/// chain order) — so a block of test rows visits only its own entries.
struct CosineEntries {
    train_start: Vec<usize>,
    train: Vec<(u32, f64)>,
    test_start: Vec<usize>,
    test: Vec<(u32, f64)>,
}

impl CosineEntries {
    fn of(fold: &Fold<'_>, chain: &[usize]) -> CosineEntries {
        let n = fold.data.n_rows();
        let (train_at, test_at) = (RowPositions::of(fold.train, n), RowPositions::of(fold.test, n));
        let (mut train, mut train_start, mut buffer) = (Vec::new(), vec![0], Vec::new());
        let mut by_feature: Vec<(u32, u32, f64)> = Vec::new(); // (test position, chain position, value)
        for (p, &j) in chain.iter().enumerate() {
            fold.data.nonzero_at(j, &train_at, &mut buffer);
            train.extend_from_slice(&buffer);
            train_start.push(train.len());
            fold.data.nonzero_at(j, &test_at, &mut buffer);
            by_feature.extend(buffer.iter().map(|&(t, a)| (t, p as u32, a)));
        }
        // by test row, chain order kept within a row (a stable counting sort)
        let mut test_start = vec![0usize; fold.test.len() + 1];
        by_feature.iter().for_each(|&(t, _, _)| test_start[t as usize + 1] += 1);
        (0..fold.test.len()).for_each(|t| test_start[t + 1] += test_start[t]);
        let mut fill = test_start.clone();
        let mut test = vec![(0u32, 0.0); by_feature.len()];
        for &(t, p, a) in &by_feature {
            test[fill[t as usize]] = (p, a);
            fill[t as usize] += 1;
        }
        CosineEntries { train_start, train, test_start, test }
    }
}
