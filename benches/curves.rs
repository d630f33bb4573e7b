//! Side-by-side benchmark of full FFA+RFA curves on `combined` (1000 × 100 binary, ground-truth ranking),
//! featrank against the scikit-learn loop in `benches/sklearn_curves.py` on the same data, folds, ranking
//! and grid. Run with `cargo bench --bench curves` (needs `python3 -m pip install scikit-learn pandas`).
//!
//! - kNN, k = 10, every subset size (100 per curve): featrank 1 and 10 repeats of 10-fold CV.
//! - quadratic SVM K = ⟨x, y⟩², C = 0.1, the papers' 60-point grid: featrank 1 and 10 repeats.
//!
//! scikit-learn runs `FEATRANK_BENCH_SKLEARN_REPEATS` repeats (default 1; ten take tens of minutes); its
//! 10-repeat time is extrapolated linearly and the ratio printed both ways.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;

use featrank::polars::prelude::*;
use featrank::prelude::*;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    let s = Binary::new(Design::Combined).generate(1).unwrap();
    let ds = Dataset::from_polars(&s.frame, "class").unwrap();
    let plan = CvPlan::stratified(&ds, 10, 10, 1).unwrap();
    let ranking = s.truth.ranking().unwrap();
    featrank::io::write_csv(&s.frame, dir.join("data.csv")).unwrap();
    featrank::io::write_csv(&ranking.to_polars().unwrap(), dir.join("ranking.csv")).unwrap();
    let fold_cols: Vec<Column> = (0..plan.repeats())
        .map(|r| Column::new(format!("r{r}").into(), plan.assignment(r).iter().map(|&f| f as i64).collect::<Vec<_>>()))
        .collect();
    featrank::io::write_csv(&DataFrame::new(ds.n_rows(), fold_cols).unwrap(), dir.join("folds.csv")).unwrap();
    println!("combined 1000×100, ground-truth ranking, {} threads", rayon::current_num_threads());
    compare(&dir, &ds, &plan, &ranking, "knn:10", Grid::Full);
    compare(&dir, &ds, &plan, &ranking, "svm:0.1", Grid::Paper);
}

fn compare(dir: &Path, ds: &Dataset, plan: &CvPlan, ranking: &Ranking, learner: &str, grid: Grid) {
    let sizes = grid.sizes(ds.n_features()).unwrap();
    let run = |repeats: usize| {
        let assignments = (0..repeats).map(|r| plan.assignment(r).iter().map(|&f| f as usize).collect()).collect();
        let p = CvPlan::from_assignments(assignments, ds.n_rows()).unwrap();
        let model: Arc<dyn Learner> = featrank::learners::parse(learner).unwrap().into();
        let start = Instant::now();
        let c = CurveSpec::with_learner(model).plan(p).grid(grid.clone()).expected(0).evaluate(ds, std::slice::from_ref(ranking)).unwrap();
        (start.elapsed().as_secs_f64(), c)
    };
    let (t1, c1) = run(1);
    let (t10, _) = run(10);
    println!("\n{learner}, FFA+RFA with {} sizes each", sizes.len());
    println!("  featrank      1 repeat  × 10 folds: {t1:8.2} s");
    println!("  featrank     10 repeats × 10 folds: {t10:8.2} s");

    let sk_repeats: usize = std::env::var("FEATRANK_BENCH_SKLEARN_REPEATS").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let sizes_arg = sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/sklearn_curves.py");
    let out = Command::new("python3")
        .arg(&script)
        .args([dir.join("data.csv"), dir.join("folds.csv"), dir.join("ranking.csv")])
        .args([learner, &sk_repeats.to_string(), &sizes_arg])
        .output();
    let out = match out {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            println!("  scikit-learn: not run ({})", String::from_utf8_lossy(&o.stderr).lines().last().unwrap_or(""));
            return;
        }
        Err(e) => {
            println!("  scikit-learn: not run (python3: {e})");
            return;
        }
    };
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let sk = v["seconds"].as_f64().unwrap();
    let per_repeat = sk / sk_repeats as f64;
    println!("  scikit-learn {sk_repeats} repeat(s) × 10 folds: {sk:8.2} s  (10 repeats extrapolated: {:.0} s)", per_repeat * 10.0);
    println!("  ratio, 1 repeat:  featrank is {:.1}× faster", per_repeat / t1);
    println!("  ratio, 10×10 CV:  featrank is {:.1}× faster", per_repeat * 10.0 / t10);
    if sk_repeats == 1 {
        let name = ranking.name();
        let theirs = |key: &str| -> Vec<f64> { v[key].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect() };
        let diff = |key: &str, kind| {
            let mine = &c1.get(name, kind).unwrap().mean;
            theirs(key).iter().zip(mine).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max)
        };
        println!(
            "  agreement: max |featrank − scikit-learn| over the grid: FFA {:.4}, RFA {:.4}",
            diff("ffa", CurveKind::Ffa),
            diff("rfa", CurveKind::Rfa)
        );
    }
}
