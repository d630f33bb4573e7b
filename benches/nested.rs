//! Nested evaluation, side by side: what it costs against the ordinary curves it corrects, and against the
//! scikit-learn way — `cross_val_score(GridSearchCV(Pipeline([MinMaxScaler, SelectKBest(f_classif),
//! SVC(kernel="linear")])))` over the same sizes and C values on the same outer folds
//! (`benches/sklearn_nested.py`; needs `python3 -m pip install scikit-learn pandas`).
//!
//! featrank: Fisher ranking inside every (inner and outer) training fold, linear SVM C ∈ {0.01, 0.1, 1, 10},
//! the size and C chosen by the best mean of a stratified 5-fold inner CV, outer stratified 10-fold CV.
//! The ordinary curves are the same grid's curves on the outer folds alone (what a user reads the best
//! point from). Data: `combined` (200 × 100, synthetic) and colon (62 × 2000; skipped when absent, see
//! `featrank::data::datasets::external`). `cargo bench --bench nested`.

use std::path::{Path, PathBuf};
use std::time::Instant;

#[path = "support/python.rs"]
mod python;

use featrank::compare::SizeRule;
use featrank::prelude::*;
use featrank::protocol::NestedSpec;

const CS: &str = "0.01,0.1,1,10";
const INNER: usize = 5;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    println!(
        "nested evaluation: Fisher + linear SVM C ∈ {{{CS}}}, size and C chosen by {INNER}-fold inner CV, outer \
         stratified 10-fold CV, {} threads",
        rayon::current_num_threads()
    );
    let combined = Binary::new(Design::Combined).rows(200).generate(1).unwrap();
    run(&dir, "combined200", &Dataset::from_polars(&combined.frame, "class").unwrap(), &[5, 10, 20, 50]);
    match datasets::external("colon_continuous") {
        Ok(colon) => run(&dir, "colon_continuous", &colon.dataset().unwrap(), &[5, 10, 20, 50, 100, 200]),
        Err(e) => println!("\ncolon_continuous: skipped ({e})"),
    }
}

fn run(dir: &Path, name: &str, ds: &Dataset, sizes: &[usize]) {
    let grid = Grid::Custom(sizes.to_vec());
    let all_sizes = grid.sizes(ds.n_features()).unwrap();
    println!("\n{name} ({} × {}), sizes {all_sizes:?}", ds.n_rows(), ds.n_features());
    let learner = format!("svm:kernel=linear,c=[{CS}]");
    let plan = CvPlan::new(ds, Scheme::KFold { folds: 10 }, 1, 7).unwrap();
    let start = Instant::now();
    for point in learner.parse::<featrank::spec::Spec>().unwrap().grid() {
        CurveSpec::new(learners::parse(&point.to_string()).unwrap())
            .plan(plan.clone())
            .grid(grid.clone())
            .expected(0)
            .evaluate_all(ds, &[featrank::eval::Candidate::parse("fisher").unwrap()])
            .unwrap();
    }
    let ordinary = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let nested = NestedSpec::new(&["fisher"], &learner)
        .unwrap()
        .folds(10)
        .inner_folds(INNER)
        .rule(SizeRule::Best)
        .grid(grid)
        .seed(7)
        .evaluate(ds)
        .unwrap();
    let secs = start.elapsed().as_secs_f64();
    let e = nested.estimate().unwrap();
    println!(
        "  featrank ordinary curves (4 grid points) {ordinary:7.2} s   nested {secs:7.2} s (×{:.1} the ordinary \
         run)   accuracy {:.3}, ordinary best {:.3}",
        secs / ordinary,
        e.mean,
        nested.ordinary.value
    );
    sklearn(dir, name, ds, &plan, &all_sizes, secs, e.mean);
}

fn sklearn(dir: &Path, name: &str, ds: &Dataset, plan: &CvPlan, sizes: &[usize], featrank_s: f64, ours: f64) {
    let (data, folds) = python::write_inputs(dir, name, ds, plan, 1);
    let sizes_arg = sizes.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",");
    let args = [data.display().to_string(), folds.display().to_string(), sizes_arg, CS.into(), INNER.to_string()];
    let v = match python::script_json("sklearn_nested.py", &args) {
        Ok(v) => v,
        Err(why) => return println!("  scikit-learn: {why}"),
    };
    let secs = v["seconds"].as_f64().unwrap();
    println!(
        "  scikit-learn cross_val_score(GridSearchCV(Pipeline)) {secs:7.2} s   accuracy {:.3}   featrank is {:.1}× faster \
         (accuracy {:+.3})",
        v["accuracy"].as_f64().unwrap(),
        secs / featrank_s,
        ours - v["accuracy"].as_f64().unwrap()
    );
}
