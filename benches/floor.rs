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
//! 100000 gaussian` other sizes, one kind. Each vector level the CPU has runs in turn (`FEATRANK_SIMD`:
//! portable, avx2, avx512 — featrank and the plain loop compiled for the same level, so a machine with
//! AVX-512 measures what a CPU with AVX2 only gets); `FEATRANK_SIMD=avx2 cargo bench --bench floor` runs one.
//!
//! `cargo bench --bench floor -- smo` times instead the floor of one SMO iteration (`learners/smo.rs`): its
//! passes over the active set (`learners/smo/passes.rs`, compiled from the solver's own file) — choose j
//! from row K_i (the second-order rule, one division per row) beside the gap's maximum, then the gradient
//! update with rows K_i and K_j beside the next i — on arrays that stay in L1 cache, on the CPU's widest
//! registers as in the solver. The SVM protocol's account in docs/guide/benchmarks.md compares it
//! with what an iteration costs inside the protocol.

use std::time::Instant;

use featrank::prelude::*;

#[path = "support/knn_data.rs"]
mod knn_data;
#[path = "support/levels.rs"]
mod levels;
#[path = "support/plain_knn.rs"]
mod plain_knn;
use knn_data::Kind;
use plain_knn::{reference, K};
// The solver's own passes, compiled from its source file (they are private to the library), with the
// library's error type where the vector-level module names it.
mod error {
    pub use featrank::error::*;
}
#[allow(dead_code, unused_imports, unused_macros)]
#[path = "../src/simd.rs"]
mod simd;
#[allow(dead_code, unused_imports)]
#[path = "../src/learners/smo/passes.rs"]
mod solver_passes;
use solver_passes::{Candidates, Passes, Step};

fn main() {
    if levels::run_each(&std::env::args().skip(1).collect::<Vec<_>>()) {
        return;
    }
    if std::env::args().any(|a| a == "smo") {
        return smo_passes();
    }
    let picked: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if picked.is_empty() { vec![1_000, 10_000, 30_000] } else { picked };
    let kinds = Kind::from_args();
    println!(
        "kNN curves (k = {K}, FFA + RFA at every size, 10-fold CV × 1) against a plain tiled loop, 20 features, {} \
         threads, vector level {} (featrank and the loop)",
        rayon::current_num_threads(),
        levels::current()
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

/// One SMO iteration's passes over `a` active rows, repeated on the same cached arrays: µs per iteration,
/// for each way of running them at this level (the portable loops compiled for the level's registers, as in
/// the solver, and at `avx512` the passes written for its registers).
fn smo_passes() {
    let level = levels::current();
    println!("one SMO iteration's passes on cached data (the floor of an iteration), 1 thread, vector level {level}");
    let mut ways = vec![Passes::Portable];
    #[cfg(target_arch = "x86_64")]
    if level == "avx512" {
        ways.push(Passes::Avx512);
    }
    for a in [200, 400, 896] {
        let reps = 2_000_000 / a;
        let times: Vec<String> = ways
            .iter()
            .map(|&which| {
                #[cfg(target_arch = "x86_64")]
                let t = match level {
                    "avx512" => {
                        #[target_feature(enable = "avx512f")]
                        unsafe fn run(a: usize, reps: usize, which: Passes) -> f64 {
                            passes(a, reps, which)
                        }
                        // SAFETY: `featrank::simd::check` accepted the level: the CPU supports AVX-512F.
                        unsafe { run(a, reps, which) }
                    }
                    "avx2" => {
                        #[target_feature(enable = "avx2")]
                        unsafe fn run(a: usize, reps: usize, which: Passes) -> f64 {
                            passes(a, reps, which)
                        }
                        // SAFETY: `featrank::simd::check` accepted the level: the CPU supports AVX2.
                        unsafe { run(a, reps, which) }
                    }
                    _ => passes(a, reps, which),
                };
                #[cfg(not(target_arch = "x86_64"))]
                let t = passes(a, reps, which);
                format!("{which:?} {:.3}", t * 1e6 / reps as f64)
            })
            .collect();
        println!("  {a:>4} active rows, µs per iteration: {}", times.join(", "));
    }
}

/// The solver's passes (`learners/smo/passes.rs`: choose j and the gap, then update the gradient and find
/// the next i), `reps` times; seconds.
#[inline(always)]
fn passes(a: usize, reps: usize, which: Passes) -> f64 {
    let y: Vec<f64> = (0..a).map(|t| if t % 3 == 0 { 1.0 } else { -1.0 }).collect();
    let mut g: Vec<f64> = (0..a).map(|t| ((t * 7919) % 1000) as f64 / 1000.0 - 0.5).collect();
    let low: Vec<f64> = (0..a).map(|t| if t % 5 == 0 { f64::INFINITY } else { 0.0 }).collect();
    let up: Vec<f64> = (0..a).map(|t| if t % 7 == 0 { f64::NEG_INFINITY } else { 0.0 }).collect();
    let diag: Vec<f64> = (0..a).map(|t| 1.0 + t as f64).collect();
    let (ki, kj): (Vec<f64>, Vec<f64>) = (0..a).map(|t| (0.1 * t as f64, 0.05 * t as f64)).unzip();
    let mut scratch = vec![0.0; a];
    let mut sink = 0.0;
    let start = Instant::now();
    for r in 0..reps {
        let gmax = 0.3 + (r % 7) as f64 * 0.01;
        let candidates = Candidates { low: &low, y: &y, g: &g, diag: &diag, ki: &ki, i: 1, gmax };
        let (best, j, neg_gmin) = which.select_j(&candidates, &mut scratch);
        let step = Step { y: &y, up: &up, ki: &ki, kj: &kj, di: 1e-9, dj: -1e-9 };
        let (next, i) = which.update(&mut g, &step, &mut scratch);
        sink += neg_gmin + best + next + (i + j) as f64;
    }
    std::hint::black_box(sink);
    start.elapsed().as_secs_f64()
}
