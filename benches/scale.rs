//! Many rows: kNN curves and rankers as the rows N grow to 100,000, with time and **peak memory** (the
//! process's resident high-water mark, reset before each step) beside featrank's own estimate and the
//! test × train distance matrices that kNN would hold without blocking (one per fold at work).
//!
//! Data: Madelon-style, 5 informative + 5 redundant + 10 noise continuous features, two classes. kNN
//! (k = 10) curves of the ground-truth ranking, FFA + RFA at every size, one repeat of 10-fold CV; at the
//! smaller N also with one block of all test rows (`memory::set_working_memory`), the old layout, to show
//! what blocking costs or saves in time. Rankers on all rows. `cargo bench --bench scale` (arguments after
//! `--` pick the N: `cargo bench --bench scale -- 10000 30000`).

#[path = "support/peak.rs"]
mod peak;

use featrank::memory;
use featrank::prelude::*;
use peak::step;

fn main() {
    let threads = rayon::current_num_threads();
    let picked: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if picked.is_empty() { vec![10_000, 30_000, 100_000] } else { picked };
    println!(
        "many rows: Madelon-style data, 20 features, {threads} threads; peak = resident high-water mark of the process"
    );
    println!("{:>7}  {:<34} {:>9} {:>11} {:>11} {:>13}", "N", "step", "time s", "peak MiB", "estimate", "one block");
    for rows in sizes {
        let s = Madelon::new().rows(rows).informative(5).redundant(5).noise(10).generate(1).unwrap();
        let ds = Dataset::from_polars(&s.frame, "class").unwrap();
        drop(s.frame);
        let truth = s.truth.ranking().unwrap();
        let plan = CvPlan::stratified(&ds, 10, 1, 1).unwrap();
        let (train, test) = plan.largest_split();
        let estimate = Knn::new().memory(&ds, train, test) * threads as u64;
        let one_block = memory::F64 * (train * test * threads) as u64;
        let curves = || {
            CurveSpec::new(Knn::new())
                .plan(plan.clone())
                .grid(Grid::Full)
                .expected(0)
                .evaluate(&ds, std::slice::from_ref(&truth))
                .unwrap()
        };
        let (blocked, t, peak) = step(curves);
        row(rows, "knn curves, blocked (default)", t, peak, &memory::human(estimate), &memory::human(one_block));
        if one_block < 8 << 30 {
            memory::set_working_memory(Some(u64::MAX));
            let (whole, t, peak) = step(curves);
            memory::set_working_memory(None);
            row(rows, "knn curves, one block", t, peak, "", &memory::human(one_block));
            let same = blocked.get("truth", CurveKind::Ffa).map(|c| &c.mean)
                == whole.get("truth", CurveKind::Ffa).map(|c| &c.mean);
            assert!(same, "blocking changed the curve");
        }
        let rankers: Vec<(&str, Box<dyn Ranker>)> = vec![
            ("info-gain", Box::new(Filter::new(Criterion::InfoGain))),
            ("mrmr", Box::new(InfoSelection::new(SelectionCriterion::MrmrDifference))),
            ("fcbf", Box::new(Fcbf::new())),
            ("forest (100 trees)", Box::new(ForestImportance::new())),
            ("relieff (m = 1000 sampled rows)", Box::new(ReliefF::new().sample(1000))),
        ];
        for (name, ranker) in rankers {
            let (_, t, peak) = step(|| ranker.rank(&ds, 1).unwrap());
            row(rows, name, t, peak, &memory::human(ranker.memory(&ds)), "");
        }
    }
    println!("\nestimate: what featrank checks against the memory limit before the work starts (kNN: per fold at work × threads).");
    println!("one block: 8 bytes × test × train rows × threads, the distance matrices kNN held before blocking.");
}

fn row(rows: usize, step: &str, t: f64, peak: u64, estimate: &str, one_block: &str) {
    println!("{rows:>7}  {step:<34} {t:>9.2} {:>11.0} {estimate:>11} {one_block:>13}", peak as f64 / (1 << 20) as f64);
}
