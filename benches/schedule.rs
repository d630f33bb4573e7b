//! How many cores one ranking's curves can keep busy, measured on a machine with two.
//!
//! The work: kNN curves (k = 10, FFA + RFA at every size, one repeat of stratified 10-fold CV) of one
//! ranking on 20 continuous features (Madelon-style and isotropic Gaussian data, as in the `floor`
//! benchmark). It runs once on all of rayon's threads (timed), then once recorded
//! ([`featrank::parallel::Schedule::record`]: every piece of parallel work — the run's units, FFA and RFA,
//! their folds, each fold's blocks of test rows — on one thread, with its time). The record is replayed on
//! 1–64 threads by a greedy scheduler ([`Schedule::simulate`](featrank::parallel::Schedule::simulate)):
//! efficiency = work / (threads × simulated time). The measured run's efficiency on its own threads is
//! printed beside the simulated one. Contention for memory bandwidth and cache between real cores is not
//! simulated, so the simulated efficiencies are what the division of the work allows.
//!
//! `cargo bench --bench schedule` runs 10,000 and 30,000 rows of both kinds; `cargo bench --bench schedule
//! -- 100000 gaussian` other sizes, one kind.

use std::time::Instant;

use featrank::parallel::Schedule;
use featrank::prelude::*;

#[path = "support/knn_data.rs"]
mod knn_data;
use knn_data::Kind;

const THREADS: [usize; 7] = [1, 2, 4, 8, 16, 32, 64];

fn main() {
    let picked: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if picked.is_empty() { vec![10_000, 30_000] } else { picked };
    let measured_threads = rayon::current_num_threads();
    println!(
        "kNN curves of one ranking (k = 10, FFA + RFA at every size, 10-fold CV × 1, 20 features): the measured \
         run on {measured_threads} threads, and the recorded pieces replayed on 1–64 threads"
    );
    for kind in Kind::from_args() {
        for &rows in &sizes {
            let (ds, truth) = kind.data(rows);
            let plan = CvPlan::stratified(&ds, 10, 1, 1).unwrap();
            let spec = CurveSpec::new(Knn::new()).plan(plan).grid(Grid::Full).expected(0);
            let run = || spec.evaluate(&ds, std::slice::from_ref(&truth)).unwrap();
            let start = Instant::now();
            let measured = run();
            let wall = start.elapsed();
            let (recorded, schedule) = Schedule::record(run).unwrap();
            assert_eq!(recorded, measured, "the recorded run gives the parallel run's curves");
            let work = schedule.work().as_secs_f64();
            println!(
                "\n{} {rows} rows: work {work:.2} s in {} pieces, critical path {:.3} s; measured {:.2} s on \
                 {measured_threads} threads = {:.0} % efficiency",
                kind.name(),
                schedule.pieces(),
                schedule.span().as_secs_f64(),
                wall.as_secs_f64(),
                100.0 * work / (measured_threads as f64 * wall.as_secs_f64())
            );
            println!("{:>8} {:>12} {:>9} {:>11}", "threads", "simulated s", "speed-up", "efficiency");
            for threads in THREADS {
                let t = schedule.simulate(threads).as_secs_f64();
                println!("{threads:>8} {t:>12.3} {:>9.1} {:>10.1}%", work / t, 100.0 * schedule.efficiency(threads));
            }
        }
    }
}
