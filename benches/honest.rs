//! Honest curves, side by side: per-fold ReliefF (ranked on every training fold) with kNN and quadratic
//! SVM curves, 10 × 10 stratified CV on the paper grid, against (a) the same run with one ReliefF ranking
//! made on all rows (the overhead of honesty) and (b) the scikit-learn way, a
//! `Pipeline([MinMaxScaler, skrebate ReliefF(k), KNeighborsClassifier])` in `cross_val_score` per size on
//! the same folds (`benches/sklearn_honest.py`; needs `python3 -m pip install scikit-learn skrebate pandas`).
//!
//! Data: `combined` (1000 × 100 binary, synthetic) and colon (62 × 2000; skipped when absent, see
//! `featrank::data::datasets::external`). scikit-learn runs one repeat on `FEATRANK_BENCH_SKLEARN_SIZES`
//! sizes of the grid (default 5, evenly spread; each size costs the same, a ReliefF fit per fold), and its
//! full 10 × 10 time is extrapolated linearly in sizes and repeats. `cargo bench --bench honest`.

use std::path::{Path, PathBuf};
use std::time::Instant;

#[path = "support/python.rs"]
mod python;

use featrank::prelude::*;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    println!(
        "honest curves: per-fold ReliefF (k = 10), 10 × 10 stratified CV, paper grid, {} threads",
        rayon::current_num_threads()
    );
    let combined = Binary::new(Design::Combined).generate(1).unwrap();
    run(&dir, "combined", &Dataset::from_polars(&combined.frame, "class").unwrap());
    match datasets::external("colon") {
        Ok(colon) => run(&dir, "colon", &colon.dataset().unwrap()),
        Err(e) => println!("\ncolon: skipped ({e})"),
    }
}

fn run(dir: &Path, name: &str, ds: &Dataset) {
    let plan = CvPlan::stratified(ds, 10, 10, 1).unwrap();
    let sizes = Grid::Paper.sizes(ds.n_features()).unwrap();
    println!("\n{name} ({} × {}), {} sizes per curve", ds.n_rows(), ds.n_features(), sizes.len());
    let time = |learner: Box<dyn Learner>, candidate: Candidate| {
        let start = Instant::now();
        let c = CurveSpec::new(learner).plan(plan.clone()).expected(0).evaluate_all(ds, &[candidate]).unwrap();
        (start.elapsed().as_secs_f64(), c)
    };
    let start = Instant::now();
    let fixed = ReliefF::new().rank(ds, 0).unwrap().with_name("fixed");
    let rank_once = start.elapsed().as_secs_f64();
    let mut knn_per_fold = 0.0;
    let mut knn_curve = Vec::new();
    // Exactly k voters, as scikit-learn's KNeighborsClassifier takes them (featrank's default lets rows tied with
    // the k-th vote too, as Weka's IBk does), so that both sides do the same work.
    for (label, learner) in [("knn:k=10,ties=first", "knn:k=10,ties=first"), ("svm (quadratic, C = 0.1)", "svm")] {
        let (t_fixed, _) = time(learners::parse(learner).unwrap(), fixed.clone().into());
        let (t_fold, c) = time(learners::parse(learner).unwrap(), Candidate::per_fold(ReliefF::new()));
        println!("  {label:<26} fixed ranking {:8.2} s (+ {rank_once:.2} s ranking)   per-fold {t_fold:8.2} s   overhead ×{:.2}", t_fixed, t_fold / (t_fixed + rank_once));
        if learner.starts_with("knn") {
            knn_per_fold = t_fold;
            knn_curve = c.get("relieff", CurveKind::Ffa).unwrap().mean.clone();
        }
    }
    sklearn(dir, name, ds, &plan, &sizes, knn_per_fold, &knn_curve);
}

fn sklearn(dir: &Path, name: &str, ds: &Dataset, plan: &CvPlan, sizes: &[usize], featrank_s: f64, ffa: &[f64]) {
    let n_sizes: usize = std::env::var("FEATRANK_BENCH_SKLEARN_SIZES").ok().and_then(|v| v.parse().ok()).unwrap_or(5);
    if n_sizes == 0 {
        return;
    }
    let m = n_sizes.min(sizes.len());
    let picked: Vec<usize> = (0..m).map(|i| i * (sizes.len() - 1) / (m - 1).max(1)).collect();
    let (data, folds) = python::write_inputs(dir, name, ds, plan, 1);
    let sizes_arg = picked.iter().map(|&i| sizes[i].to_string()).collect::<Vec<_>>().join(",");
    let args = [data.display().to_string(), folds.display().to_string(), sizes_arg];
    let v = match python::script_json("sklearn_honest.py", &args) {
        Ok(v) => v,
        Err(why) => return println!("  scikit-learn: {why}"),
    };
    let secs = v["seconds"].as_f64().unwrap();
    let full = secs / picked.len() as f64 * sizes.len() as f64 * plan.repeats() as f64;
    println!(
        "  scikit-learn Pipeline(ReliefF, kNN): {secs:.1} s for {} sizes × 1 repeat → 10 × 10 on {} sizes ≈ {full:.0} s; featrank is {:.0}× faster",
        picked.len(),
        sizes.len(),
        full / featrank_s
    );
    let theirs: Vec<f64> = v["ffa"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    let diffs: Vec<String> =
        picked.iter().zip(&theirs).map(|(&i, t)| format!("k={} {:+.3}", sizes[i], ffa[i] - t)).collect();
    println!("  FFA accuracy, featrank (10 repeats) − scikit-learn (1 repeat): {}", diffs.join(", "));
}
