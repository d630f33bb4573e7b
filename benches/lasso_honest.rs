//! Honest curves of the lasso, side by side: the `lasso` ranker (|standardised coefficient| at a fixed λ) run on
//! every training split and the `glmnet` learner (the same λ) refitted on each split's top-k features, against the
//! scikit-learn way of the same work — per split a `StandardScaler` and an L1 `LogisticRegression` (liblinear,
//! C = 1/(λ·n_train), glmnet's λ on sklearn's scale) fitted on the training rows for the ranking, then one refit
//! per subset size on the top-k columns, scored on the test rows (`benches/sklearn_lasso.py`; needs
//! `python3 -m pip install scikit-learn pandas`). Same data, same folds, same sizes.
//!
//! Data: 60 × 10,000 standard-normal columns (the microarray shape), the first 10 shifted by the class (by 1.5
//! down to 0.6: a linear signal the lasso can find), 5 × 2 stratified CV, the paper grid. Prints the CPU, both
//! times, their ratio and both FFA accuracy curves at a few sizes.
//! `cargo bench --bench lasso_honest`.

use std::path::PathBuf;
use std::time::Instant;

#[path = "support/cpu.rs"]
mod cpu;
#[path = "support/python.rs"]
mod python;

use cpu::cpu;

use featrank::prelude::*;

/// glmnet's λ on its own scale (the mean log-likelihood).
const LAMBDA: f64 = 0.05;

/// `rows` × `columns` standard-normal values, two alternating classes, column j < `informative` shifted by
/// (1.5 − 0.1 j) in the second class.
fn shifted(rows: usize, columns: usize, informative: usize) -> Dataset {
    use featrank::polars::prelude::*;
    use rand::Rng;
    let mut rng = featrank::seed::rng_for(1, &[]);
    let class: Vec<usize> = (0..rows).map(|i| i % 2).collect();
    let mut cols: Vec<Column> = (0..columns)
        .map(|j| {
            let shift = if j < informative { 1.5 - 0.1 * j as f64 } else { 0.0 };
            let v: Vec<f64> =
                class.iter().map(|&c| shift * c as f64 + rng.sample::<f64, _>(rand_distr::StandardNormal)).collect();
            Column::new(format!("g{j}").into(), v)
        })
        .collect();
    cols.push(Column::new("class".into(), class.iter().map(|c| format!("c{c}")).collect::<Vec<_>>()));
    Dataset::from_polars(&DataFrame::new(rows, cols).unwrap(), "class").unwrap()
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    let ds = shifted(60, 10_000, 10);
    let plan = CvPlan::stratified(&ds, 5, 2, 1).unwrap();
    let sizes = Grid::Paper.sizes(ds.n_features()).unwrap();
    println!(
        "honest lasso curves: lasso:lambda={LAMBDA} per split + glmnet:lambda={LAMBDA}, {} × {}, 5 × 2 CV, {} sizes, {} threads; {}",
        ds.n_rows(),
        ds.n_features(),
        sizes.len(),
        rayon::current_num_threads(),
        cpu()
    );
    let learner = learners::parse(&format!("glmnet:alpha=1,lambda={LAMBDA}")).unwrap();
    let ranker = Candidate::parse(&format!("lasso:alpha=1,lambda={LAMBDA}")).unwrap();
    let start = Instant::now();
    let curves = CurveSpec::new(learner).plan(plan.clone()).expected(0).evaluate_all(&ds, &[ranker]).unwrap();
    let ours = start.elapsed().as_secs_f64();
    let ffa = curves.get(&curves.rankings()[0], CurveKind::Ffa).unwrap().mean.clone();
    println!("  featrank: {ours:.2} s");
    let (data, folds) = python::write_inputs(&dir, "lasso_madelon", &ds, &plan, plan.repeats());
    let sizes_arg = sizes.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",");
    let args = [data.display().to_string(), folds.display().to_string(), sizes_arg, LAMBDA.to_string()];
    let v = match python::script_json("sklearn_lasso.py", &args) {
        Ok(v) => v,
        Err(why) => return println!("  scikit-learn: {why}"),
    };
    let theirs_s = v["seconds"].as_f64().unwrap();
    println!("  scikit-learn (StandardScaler + L1 LogisticRegression per split and size): {theirs_s:.2} s; featrank is {:.1}× faster", theirs_s / ours);
    let theirs: Vec<f64> = v["ffa"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    let at: Vec<String> = [0, 4, 9, 19, 49, sizes.len() - 1]
        .iter()
        .filter(|&&i| i < sizes.len())
        .map(|&i| format!("k={}: {:.3} / {:.3}", sizes[i], ffa[i], theirs[i]))
        .collect();
    println!("  FFA accuracy, featrank / scikit-learn: {}", at.join(", "));
}
