//! Side-by-side benchmark: full FFA+RFA curves with kNN (k = 10) and 10×10 CV on 1000×100 binary data,
//! featrank against the scikit-learn loop in `benches/sklearn_curves.py`, on the same data, folds and
//! ranking. Run with `cargo bench --bench curves_knn` (needs `python3 -m pip install scikit-learn pandas`).
//!
//! scikit-learn runs `FEATRANK_BENCH_SKLEARN_REPEATS` repeats (default 1, since ten take ~10 minutes);
//! the 10-repeat time is extrapolated linearly and the ratio printed both ways.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use featrank::polars::prelude::*;
use featrank::prelude::*;
use rand::Rng;

/// `combined`-like binary data: 3 copies each of single features with P(x = y) = 0.8/0.7/0.6, 3 copies
/// each of XOR pairs with P(x1 ⊕ x2 = y) = 0.8/0.7/0.6, the rest fair coins (seeds_errorcurves.md §3.1).
fn combined(rows: usize, seed: u64) -> (DataFrame, Vec<String>) {
    let mut rng = featrank::seed::rng_for(seed, &[]);
    let y: Vec<u8> = (0..rows).map(|_| rng.gen_range(0..2)).collect();
    let mut cols: Vec<Column> = Vec::new();
    let noisy = |p: f64, rng: &mut featrank::seed::Rng| -> Vec<u8> {
        y.iter().map(|&c| if rng.gen_bool(p) { c } else { 1 - c }).collect()
    };
    let mut relevant = Vec::new();
    for p in [0.8, 0.7, 0.6] {
        for copy in 0..3 {
            let name = format!("s{p}_{copy}");
            let v = noisy(p, &mut rng);
            cols.push(Column::new(name.as_str().into(), v.iter().map(|&b| b as f64).collect::<Vec<_>>()));
            relevant.push(name);
        }
    }
    for p in [0.8, 0.7, 0.6] {
        for copy in 0..3 {
            let x = noisy(p, &mut rng);
            let a: Vec<u8> = (0..rows).map(|_| rng.gen_range(0..2)).collect();
            let b: Vec<u8> = a.iter().zip(&x).map(|(a, x)| a ^ x).collect();
            for (half, v) in [("a", a), ("b", b)] {
                let name = format!("x{p}_{copy}{half}");
                cols.push(Column::new(name.as_str().into(), v.iter().map(|&b| b as f64).collect::<Vec<_>>()));
                relevant.push(name);
            }
        }
    }
    let mut order = relevant;
    for j in 0..(100 - cols.len()) {
        let name = format!("noise{j}");
        cols.push(Column::new(name.as_str().into(), (0..rows).map(|_| rng.gen_range(0..2) as f64).collect::<Vec<_>>()));
        order.push(name);
    }
    cols.push(Column::new("class".into(), y.iter().map(|&c| c as i64).collect::<Vec<_>>()));
    (DataFrame::new(rows, cols).unwrap(), order)
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    let (frame, order) = combined(1000, 1);
    let ds = Dataset::from_polars(&frame, "class").unwrap();
    let plan = CvPlan::stratified(&ds, 10, 10, 1).unwrap();
    let ranking = Ranking::from_order(&order).unwrap().with_name("truth");
    let sizes = Grid::Full.sizes(ds.n_features()).unwrap();

    featrank::io::write_csv(&frame, dir.join("data.csv")).unwrap();
    featrank::io::write_csv(&ranking.to_polars().unwrap(), dir.join("ranking.csv")).unwrap();
    let fold_cols: Vec<Column> = (0..plan.repeats())
        .map(|r| Column::new(format!("r{r}").into(), plan.assignment(r).iter().map(|&f| f as i64).collect::<Vec<_>>()))
        .collect();
    featrank::io::write_csv(&DataFrame::new(1000, fold_cols).unwrap(), dir.join("folds.csv")).unwrap();

    let run = |repeats: usize| {
        let p = CvPlan::from_assignments((0..repeats).map(|r| plan.assignment(r).iter().map(|&f| f as usize).collect()).collect(), 1000).unwrap();
        let start = Instant::now();
        let c = CurveSpec::new(Knn::new(10)).plan(p).grid(Grid::Full).expected(0).evaluate(&ds, std::slice::from_ref(&ranking)).unwrap();
        (start.elapsed().as_secs_f64(), c)
    };
    let threads = rayon::current_num_threads();
    let (t1, c1) = run(1);
    let (t10, _) = run(10);
    println!("featrank  kNN k=10, full FFA+RFA (100 sizes each), 1000x100 binary, {threads} threads");
    println!("  1 repeat  x 10 folds: {t1:8.2} s");
    println!("  10 repeats x 10 folds: {t10:8.2} s");

    let sk_repeats: usize = std::env::var("FEATRANK_BENCH_SKLEARN_REPEATS").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let sizes_arg = sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/sklearn_curves.py");
    let out = Command::new("python3")
        .arg(&script)
        .args([dir.join("data.csv"), dir.join("folds.csv"), dir.join("ranking.csv")])
        .args(["10", &sk_repeats.to_string(), &sizes_arg])
        .output();
    let out = match out {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            println!("scikit-learn: not run ({})", String::from_utf8_lossy(&o.stderr).lines().last().unwrap_or(""));
            return;
        }
        Err(e) => {
            println!("scikit-learn: not run (python3: {e})");
            return;
        }
    };
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let sk = v["seconds"].as_f64().unwrap();
    let per_repeat = sk / sk_repeats as f64;
    println!("scikit-learn loop (KNeighborsClassifier + MinMaxScaler per fold and size)");
    println!("  {sk_repeats} repeat(s) x 10 folds: {sk:8.2} s  (10 repeats extrapolated: {:.0} s)", per_repeat * 10.0);
    println!("ratio, 1 repeat:    featrank is {:.1}x faster", per_repeat / t1);
    println!("ratio, 10x10 CV:    featrank is {:.1}x faster", per_repeat * 10.0 / t10);
    if sk_repeats == 1 {
        let ffa: Vec<f64> = v["ffa"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        let mine = &c1.get("truth", CurveKind::Ffa).unwrap().mean;
        let diff = ffa.iter().zip(mine).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        println!("agreement: max |FFA featrank − FFA scikit-learn| over 100 sizes = {diff:.4} (neighbour tie rules differ)");
    }
}
