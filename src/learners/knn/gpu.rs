//! kNN's nested chain on the GPU ([`Device::Gpu`](crate::device::Device)): the kernel `gpu.cu` adds each size's
//! new features to the distances of a block of test rows in the chain's order, rounding as the CPU does (NVRTC
//! with `--fmad=false`), and finds each row's voters by (distance, row) as the CPU's selection does; the CPU
//! votes them. So the predictions — and the curves — are byte-identical to the CPU's. A row whose voters
//! (ties included) exceed what the kernel writes is selected here from its distances, read back.

use cudarc::driver::{LaunchConfig, PushKernelArg};

use super::{Knn, Tally, TrainColumn, Vote};
use crate::device::cuda;
use crate::error::Result;
use crate::memory::{human, F64};
use crate::resampling::{Fold, Prediction};

/// The kernel's source.
const SOURCE: &str = include_str!("gpu.cu");
/// Threads per test row.
const BLOCK: u32 = 256;
/// The device's share of its free memory a fold's work may take.
const SHARE: f64 = 0.8;

/// Voters the kernel writes per test row (more, from ties: the row is selected on the CPU).
fn cap(k: usize) -> usize {
    (4 * k).max(64)
}

/// GPU bytes a fold's work holds beside its test rows: the chain's training columns and their kinds.
fn fixed_bytes(train: usize, chain: usize) -> u64 {
    F64 * train as u64 * chain as u64 + chain as u64
}

/// GPU bytes per test row: its distances, its chain values, its voters and their count.
fn row_bytes(train: usize, chain: usize, k: usize) -> u64 {
    F64 * (train + chain) as u64 + 4 * (cap(k) as u64 + 1)
}

impl Knn {
    /// Refuse before any work when the GPU cannot hold the training columns of `chain` features and one test
    /// row's distances to `train` rows.
    pub(super) fn check_gpu(&self, train: usize, chain: usize) -> Result<()> {
        let gpu = cuda::get("kNN curves")?;
        let k = self.k.min(train);
        let needed = fixed_bytes(train, chain).saturating_add(row_bytes(train, chain, k));
        let free = gpu.free_memory()?;
        if needed as f64 > SHARE * free as f64 {
            return Err(gpu.error(
                "kNN curves",
                format!(
                    "{train} training rows × {chain} features need about {} of GPU memory, {} of it free; use \
                     device cpu or fewer rows",
                    human(needed),
                    human(free)
                ),
            ));
        }
        Ok(())
    }

    /// The predictions at every size of the chain, computed on the GPU (blocks of test rows as many as its
    /// free memory holds; one fold at a time has the device).
    pub(super) fn nested_gpu(&self, fold: &Fold<'_>, order: &[usize], sizes: &[usize]) -> Result<Vec<Prediction>> {
        if fold.test.is_empty() {
            return Ok(self.nested(fold, order, sizes, None));
        }
        let gpu = cuda::get("kNN curves")?;
        let n_train = fold.train.len();
        let k = self.k.min(n_train);
        let cap = cap(k);
        let function = gpu.function(SOURCE, &format!("#define K {k}\n#define BLOCK {BLOCK}"), "knn_chain_step")?;
        let chain = &order[..sizes.last().copied().unwrap_or(0).min(order.len())];
        let columns: Vec<TrainColumn> = chain.iter().map(|&j| TrainColumn::new(fold, j)).collect();
        let train: Vec<f64> = columns.iter().flat_map(|c| c.values.iter().copied()).collect();
        let nominal: Vec<u8> = columns.iter().map(|c| c.nominal as u8).collect();
        let fail = |what: &str, e: cudarc::driver::DriverError| gpu.error(what, e);

        let (_busy, stream) = gpu.claim()?;
        let free = gpu.free_memory()?;
        let budget = (SHARE * free as f64) as u64;
        let fixed = fixed_bytes(n_train, chain.len());
        let rows = (budget.saturating_sub(fixed) / row_bytes(n_train, chain.len(), k)).min(fold.test.len() as u64);
        // the host's copies of a block (its voters, its test values) stay within the working memory
        let host = (crate::memory::working_memory() / (4 * (cap as u64 + 1) + F64 * chain.len() as u64)).max(1);
        if rows == 0 {
            return Err(gpu.error(
                "kNN curves",
                format!(
                    "{n_train} training rows × {} features need more than the {} of GPU memory free",
                    chain.len(),
                    human(free)
                ),
            ));
        }
        let train_d = stream.clone_htod(&train).map_err(|e| fail("copying the training columns", e))?;
        let nominal_d = stream.clone_htod(&nominal).map_err(|e| fail("copying the training columns", e))?;

        let mut tally = Vote::new(fold.data);
        let mut out: Option<Vec<Prediction>> = None;
        let (mut candidates, mut near, mut voters) = (Vec::new(), Vec::new(), Vec::new());
        for block in fold.test.chunks(rows.min(host) as usize) {
            let block_fold = Fold { test: block, ..*fold };
            let n = block.len();
            let test: Vec<f64> = chain
                .iter()
                .zip(&columns)
                .flat_map(|(&j, c)| block.iter().map(move |&t| c.scale(fold.data.feature(j)[t])))
                .collect();
            let test_d = stream.clone_htod(&test).map_err(|e| fail("copying the test rows", e))?;
            let mut dist = stream.alloc_zeros::<f64>(n * n_train).map_err(|e| fail("the distances", e))?;
            let mut count_d = stream.alloc_zeros::<i32>(n).map_err(|e| fail("the voters", e))?;
            let mut voters_d = stream.alloc_zeros::<i32>(n * cap).map_err(|e| fail("the voters", e))?;
            let (mut count, mut found) = (vec![0i32; n], vec![0i32; n * cap]);
            let mut row = Vec::new();
            let mut per_size = Vec::with_capacity(sizes.len());
            let mut added = 0i32;
            let config = LaunchConfig { grid_dim: (n as u32, 1, 1), block_dim: (BLOCK, 1, 1), shared_mem_bytes: 0 };
            let (n_train_i, rows_i, ties_all, cap_i) =
                (n_train as i32, n as i32, (self.ties == super::KnnTies::All) as i32, cap as i32);
            for &size in sizes {
                let to = size.min(chain.len()) as i32;
                let mut launch = stream.launch_builder(&function);
                launch
                    .arg(&mut dist)
                    .arg(&train_d)
                    .arg(&test_d)
                    .arg(&nominal_d)
                    .arg(&added)
                    .arg(&to)
                    .arg(&n_train_i)
                    .arg(&rows_i)
                    .arg(&ties_all)
                    .arg(&cap_i)
                    .arg(&mut count_d)
                    .arg(&mut voters_d);
                // SAFETY: the arguments match the kernel's signature and every buffer has the sizes it indexes.
                unsafe { launch.launch(config) }.map_err(|e| fail("the kNN kernel", e))?;
                added = to;
                stream.memcpy_dtoh(&count_d, &mut count).map_err(|e| fail("reading the voters", e))?;
                stream.memcpy_dtoh(&voters_d, &mut found).map_err(|e| fail("reading the voters", e))?;
                for (t, &c) in count.iter().enumerate() {
                    let c = c as usize;
                    if c <= cap {
                        voters.clear();
                        voters.extend(found[t * cap..t * cap + c].iter().map(|&r| r as usize));
                        voters.sort_unstable();
                    } else {
                        // ties beyond what the kernel wrote: this row's distances, selected as the CPU does
                        row.resize(n_train, 0.0);
                        stream
                            .memcpy_dtoh(&dist.slice(t * n_train..(t + 1) * n_train), &mut row)
                            .map_err(|e| fail("reading the distances", e))?;
                        self.voters(&row, k, None, &mut candidates, &mut near, &mut voters);
                        near.clear();
                    }
                    tally.row(&block_fold, &voters);
                }
                per_size.push(tally.take(&block_fold));
            }
            match out.as_mut() {
                None => out = Some(per_size),
                Some(out) => out.iter_mut().zip(per_size).for_each(|(p, m)| Vote::join(p, m)),
            }
        }
        Ok(out.unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learners::KnnTies;

    /// The kernel's selection step by step on the CPU, one test row (`gpu.cu`'s `knn_chain_step` after its
    /// distances): each of `threads` threads keeps its K nearest of rows t, t + threads, … by (total_cmp key,
    /// row) and the smallest key it dropped; K block-wide minima; then ties "all" from the lists, or from a
    /// thread's rows again where it dropped one at most as far as the K-th. The voters and their count.
    fn kernel_model(row: &[f64], k: usize, threads: usize, ties_all: bool, cap: usize) -> (usize, Vec<usize>) {
        let key = |d: f64| {
            let bits = d.to_bits() as i64;
            bits ^ (((bits >> 63) as u64) >> 1) as i64
        };
        let mut lists = vec![Vec::<(i64, usize)>::new(); threads];
        let mut dropped = vec![i64::MAX; threads];
        for (i, &d) in row.iter().enumerate() {
            let (list, t) = (&mut lists[i % threads], i % threads);
            list.push((key(d), i));
            list.sort();
            if list.len() > k {
                dropped[t] = dropped[t].min(list.pop().unwrap().0);
            }
        }
        let mut taken = vec![0; threads];
        let mut top = Vec::new();
        for _ in 0..k {
            let (t, &best) =
                (0..threads).filter_map(|t| lists[t].get(taken[t]).map(|b| (t, b))).min_by_key(|&(_, b)| *b).unwrap();
            taken[t] += 1;
            top.push(best);
        }
        let kth = top[k - 1].0;
        if !ties_all {
            return (k, top.iter().map(|&(_, r)| r).collect());
        }
        let mut voters = Vec::new();
        for t in 0..threads {
            if dropped[t] <= kth {
                voters.extend((t..row.len()).step_by(threads).filter(|&i| key(row[i]) <= kth));
            } else {
                voters.extend(lists[t].iter().filter(|&&(c, _)| c <= kth).map(|&(_, r)| r));
            }
        }
        let count = voters.len();
        voters.truncate(cap);
        (count, voters)
    }

    /// The kernel's selection gives the CPU's voters — distinct distances, heavy ties (a few distinct values),
    /// a thread holding all the nearest rows, both tie rules, k from 1 to more than a thread's share of rows.
    #[test]
    fn the_kernel_s_selection_gives_the_cpu_s_voters() {
        use rand::Rng;
        let mut rng = crate::seed::rng_for(5, &[]);
        let mut checked_overflow = false;
        for case in 0..300 {
            let n = rng.gen_range(1..400);
            let levels = [2, 3, 10, 1_000_000][case % 4];
            let mut row: Vec<f64> = (0..n).map(|_| rng.gen_range(0..levels) as f64 / 7.0).collect();
            if case % 5 == 0 {
                // the nearest rows all belong to thread 0
                (0..n).step_by(8).for_each(|i| row[i] *= 1e-3);
            }
            let k = rng.gen_range(1..=n.min(40));
            for ties in [KnnTies::All, KnnTies::First] {
                let knn = Knn::new().k(k).ties(ties);
                let (mut candidates, mut near, mut expected) = (Vec::new(), Vec::new(), Vec::new());
                knn.voters(&row, k, None, &mut candidates, &mut near, &mut expected);
                let cap = cap(k);
                let (count, mut voters) = kernel_model(&row, k, 8, ties == KnnTies::All, cap);
                assert_eq!(count, expected.len(), "case {case}: n = {n}, k = {k}, {ties:?}");
                if count <= cap {
                    voters.sort_unstable();
                    assert_eq!(voters, expected, "case {case}: n = {n}, k = {k}, {ties:?}");
                } else {
                    checked_overflow = true; // the host selects this row from its distances with `voters`
                }
            }
        }
        assert!(checked_overflow);
    }

    /// The kernel compiles for small and the largest k, and with FMA contraction off its PTX holds no
    /// fused multiply-add: every sum is rounded as the CPU rounds it. Needs NVRTC (no GPU): where it is
    /// missing the test says so and checks nothing, unless `FEATRANK_REQUIRE_NVRTC` is set (CI sets it).
    #[test]
    fn kernel_compiles_without_fused_multiply_add() {
        // SAFETY: only tries to load the library by name.
        if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
            assert!(std::env::var_os("FEATRANK_REQUIRE_NVRTC").is_none(), "FEATRANK_REQUIRE_NVRTC is set");
            eprintln!("NVRTC (libnvrtc.so) not found: the kernel's compilation is not checked here");
            return;
        }
        for k in [1, 10, crate::learners::knn::GPU_MAX_K] {
            let ptx = cuda::compile(&format!("#define K {k}\n#define BLOCK {BLOCK}\n{SOURCE}")).unwrap().to_src();
            assert!(ptx.contains(".entry knn_chain_step"), "k = {k}");
            assert!(ptx.contains("add.rn.f64") || ptx.contains("add.f64"), "k = {k}");
            assert!(!ptx.contains("fma.rn.f64"), "k = {k}: FMA contraction would change the last bits");
        }
        // the same source with contraction allowed does fuse (so the check above can fail)
        let fused = cudarc::nvrtc::compile_ptx(format!("#define K 10\n#define BLOCK {BLOCK}\n{SOURCE}")).unwrap();
        assert!(fused.to_src().contains("fma.rn.f64"));
    }
}
