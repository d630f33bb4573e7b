//! What several targets cost, side by side in one run: on Scene (2,407 × 294 × 6 labels; MEKA's file, from
//! `FEATRANK_DATA` or `shared/data/multilabel`, skipped with a message when absent) and the bundled emotions
//! (592 × 71 × 6), one fixed ReliefF ranking, every size, 10-fold CV:
//!
//! - kNN curves of the whole label set (one neighbour search votes all six labels) against kNN curves of one
//!   label alone and against six single-label runs — the bound: ≤ 1.5× one label;
//! - ML-kNN's curves (its leave-one-out search of the training rows) against kNN's;
//! - multi-label ReliefF against ReliefF on one label (bound: ≤ 2×) and binary-relevance ReliefF.
//!
//! Run with `cargo bench --bench multi_label`. Each time is the best of three runs.

use std::time::Instant;

use featrank::data::datasets;
use featrank::prelude::*;
use featrank::rankers::BinaryRelevance;

fn main() {
    println!("several targets, {} threads; best of 3 runs each", rayon::current_num_threads());
    let emotions = datasets::load("emotions").unwrap().dataset().unwrap();
    run("emotions", &emotions);
    match datasets::external_multi("Scene") {
        Ok(scene) => run("Scene", &scene),
        Err(e) => println!("\nScene skipped: {e}"),
    }
}

/// The best of three timings of `f`, in seconds.
fn best<T>(mut f: impl FnMut() -> T) -> f64 {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn run(name: &str, data: &Dataset) {
    println!("\n{name}: {} rows × {} features × {} labels", data.n_rows(), data.n_features(), data.n_targets());
    let ranking = ReliefF::new().rank(data, 1).unwrap();
    let curves = |learner: &str, data: &Dataset| {
        let plan = CvPlan::stratified(data, 10, 1, 1).unwrap();
        best(|| {
            CurveSpec::new(featrank::learners::parse(learner).unwrap())
                .plan(plan.clone())
                .grid(Grid::Full)
                .expected(0)
                .evaluate(data, std::slice::from_ref(&ranking))
                .unwrap()
        })
    };
    let labels: Vec<Dataset> = (0..data.n_targets()).map(|t| data.for_target(t).unwrap()).collect();
    let all = curves("knn", data);
    let one = curves("knn", &labels[0]);
    let each: f64 = labels.iter().map(|l| curves("knn", l)).sum();
    println!("  kNN curves, every size, 10-fold:");
    println!("    all {} labels at once {all:.2} s", data.n_targets());
    println!("    label '{}' alone {one:.2} s → {:.2}× (bound 1.5×)", data.target_names()[0], all / one);
    println!("    each label on its own, summed {each:.2} s → one search for all saves {:.1}×", each / all);
    let ml = curves("ml-knn", data);
    println!("  ML-kNN curves {ml:.2} s → {:.1}× kNN's (its training rows searched among themselves)", ml / all);
    let relief_all = best(|| ReliefF::new().scores(data, 1).unwrap());
    let relief_one = best(|| ReliefF::new().scores(&labels[0], 1).unwrap());
    let br = best(|| BinaryRelevance::new(ReliefF::new(), Aggregate::Mean).scores(data, 1).unwrap());
    println!(
        "  ReliefF: the label set {relief_all:.3} s, one label {relief_one:.3} s → {:.2}× (bound 2×); binary \
         relevance {br:.3} s",
        relief_all / relief_one
    );
}
