//! kNN curves against the machine's floor: featrank's curves beside a plain tiled loop written here — what the
//! work costs without featrank's design, and how far featrank is from it.
//!
//! The work: FFA and RFA curves at every size, k = 10, one repeat of stratified 10-fold CV, 20 continuous
//! features, the ranking by construction. The reference
//! (`reference`) scales each fold by its training ranges as featrank does, then walks tiles of 32 test × 2,048
//! training rows: a tile's squared distances stay in cache while features are added one at a time, and after
//! each feature every (test row, size) keeps its 10 nearest so far (ties to the earlier training row) —
//! no bound, no blocking beyond the tile, no hand-written SIMD; rayon over (fold, test tile). Its accuracies
//! equal featrank's with `ties=first` (asserted up to 10,000 rows); featrank's default (`ties=all`, Weka's rule)
//! is timed beside it.
//!
//! Two kinds of data: Madelon-style, where the first sizes fix the neighbourhoods and featrank's neighbour
//! bound prunes most training rows, and isotropic Gaussian, where every added feature moves the neighbours
//! and the bound prunes little ([`Kind`]).
//!
//! `cargo bench --bench floor` runs 1,000, 10,000 and 30,000 rows of both; `cargo bench --bench floor --
//! 100000 gaussian` other sizes, one kind.
//!
//! `cargo bench --bench floor -- smo` times instead the floor of one SMO iteration (`learners/smo.rs`): its
//! three passes over the active set — choose j from row K_i (the second-order rule, one division per row),
//! the gap's maximum, the gradient update with rows K_i and K_j beside the next i — on arrays that stay in L1
//! cache, compiled with AVX-512 or AVX2 as the solver is. The SVM protocol's account in the README compares it
//! with what an iteration costs inside the protocol.

use std::time::Instant;

use featrank::prelude::*;

#[path = "support/knn_data.rs"]
mod knn_data;
#[path = "support/plain_knn.rs"]
mod plain_knn;
use knn_data::Kind;
use plain_knn::{reference, K};

fn main() {
    if std::env::args().any(|a| a == "smo") {
        return smo_passes();
    }
    let picked: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if picked.is_empty() { vec![1_000, 10_000, 30_000] } else { picked };
    let kinds = Kind::from_args();
    println!(
        "kNN curves (k = {K}, FFA + RFA at every size, 10-fold CV × 1) against a plain tiled loop, 20 features, {} \
         threads",
        rayon::current_num_threads()
    );
    println!(
        "{:>9} {:>7}  {:>14} {:>14} {:>14} {:>8} {:>8}",
        "data", "N", "ties=first s", "ties=all s", "reference s", "first/ref", "all/ref"
    );
    for kind in kinds {
        for &rows in &sizes {
            let (ds, truth) = kind.data(rows);
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
                "{:>9} {rows:>7}  {t_first:>14.2} {t_all:>14.2} {t_ref:>14.2} {:>8.2} {:>8.2}",
                kind.name(),
                t_first / t_ref,
                t_all / t_ref
            );
        }
    }
}

/// One SMO iteration's passes over `a` active rows, repeated on the same cached arrays: µs per iteration.
fn smo_passes() {
    println!("one SMO iteration's three passes on cached data (the floor of an iteration), 1 thread");
    for a in [200, 400, 896] {
        let reps = 2_000_000 / a;
        #[cfg(target_arch = "x86_64")]
        let t = if std::arch::is_x86_feature_detected!("avx512f") {
            #[target_feature(enable = "avx512f")]
            unsafe fn run(a: usize, reps: usize) -> f64 {
                passes(a, reps)
            }
            // SAFETY: the CPU supports AVX-512F, checked just above.
            unsafe { run(a, reps) }
        } else if std::arch::is_x86_feature_detected!("avx2") {
            #[target_feature(enable = "avx2")]
            unsafe fn run(a: usize, reps: usize) -> f64 {
                passes(a, reps)
            }
            // SAFETY: the CPU supports AVX2, checked just above.
            unsafe { run(a, reps) }
        } else {
            passes(a, reps)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let t = passes(a, reps);
        println!("  {a:>4} active rows: {:.3} µs per iteration", t * 1e6 / reps as f64);
    }
}

/// The passes of `learners/smo.rs` (`working_set` with a known i, then `step`'s gradient pass), `reps` times;
/// seconds.
#[inline(always)]
fn passes(a: usize, reps: usize) -> f64 {
    let y: Vec<f64> = (0..a).map(|t| if t % 3 == 0 { 1.0 } else { -1.0 }).collect();
    let mut g: Vec<f64> = (0..a).map(|t| ((t * 7919) % 1000) as f64 / 1000.0 - 0.5).collect();
    let low: Vec<f64> = (0..a).map(|t| if t % 5 == 0 { f64::INFINITY } else { 0.0 }).collect();
    let up: Vec<f64> = (0..a).map(|t| if t % 7 == 0 { f64::NEG_INFINITY } else { 0.0 }).collect();
    let diag: Vec<f64> = (0..a).map(|t| 1.0 + t as f64).collect();
    let (ki, kj): (Vec<f64>, Vec<f64>) = (0..a).map(|t| (0.1 * t as f64, 0.05 * t as f64)).unzip();
    let mut vals = vec![0.0; a];
    let mut sink = 0.0;
    let start = Instant::now();
    for r in 0..reps {
        let gmax = 0.3 + (r % 7) as f64 * 0.01;
        let mut lanes = [f64::NEG_INFINITY; 8];
        for ((l, y), g) in low.chunks_exact(8).zip(y.chunks_exact(8)).zip(g.chunks_exact(8)) {
            let (l, y, g): (&[f64; 8], &[f64; 8], &[f64; 8]) =
                (l.try_into().expect("8"), y.try_into().expect("8"), g.try_into().expect("8"));
            for q in 0..8 {
                let v = y[q] * g[q] - l[q];
                lanes[q] = if v > lanes[q] { v } else { lanes[q] };
            }
        }
        let neg_gmin = lanes.iter().fold(f64::NEG_INFINITY, |m, &x| m.max(x));
        for (v, (((&l, &y), &g), (&d, &kt))) in
            vals.iter_mut().zip(low.iter().zip(&y).zip(&g).zip(diag.iter().zip(&ki)))
        {
            let b = gmax - (l - y * g);
            let quad = 2.0 + d - 2.0 * kt;
            let quad = if quad > 0.0 { quad } else { 1e-12 };
            *v = if b > 0.0 { b * b / quad } else { -1.0 };
        }
        let (best, j) = first_max(&vals);
        let (di, dj) = (1e-9, -1e-9);
        let (g, y, up, ki, kj, vals) = (&mut g[..a], &y[..a], &up[..a], &ki[..a], &kj[..a], &mut vals[..a]);
        for p in 0..a {
            g[p] += y[p] * (ki[p] * di + kj[p] * dj);
            vals[p] = up[p] - y[p] * g[p];
        }
        let (next, i) = first_max(vals);
        sink += neg_gmin + best + next + (i + j) as f64;
    }
    std::hint::black_box(sink);
    start.elapsed().as_secs_f64()
}

/// The largest value and its first position, in eight lanes per block of 64 as the solver's `argmax`: each
/// block's maximum, then a search of the winning block.
#[inline(always)]
fn first_max(v: &[f64]) -> (f64, usize) {
    let (mut best, mut at) = (f64::NEG_INFINITY, 0);
    for (b, block) in v.chunks(64).enumerate() {
        let mut m = [f64::NEG_INFINITY; 8];
        let chunks = block.chunks_exact(8);
        let mut top = chunks.remainder().iter().fold(f64::NEG_INFINITY, |m, &x| if x > m { x } else { m });
        for chunk in chunks {
            let chunk: &[f64; 8] = chunk.try_into().expect("chunks of 8");
            for l in 0..8 {
                m[l] = if chunk[l] > m[l] { chunk[l] } else { m[l] };
            }
        }
        top = m.iter().fold(top, |m, &x| if x > m { x } else { m });
        if top > best {
            best = top;
            at = b;
        }
    }
    (best, at * 64 + v[at * 64..].iter().position(|&x| x == best).unwrap_or(0))
}
