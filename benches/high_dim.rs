//! High-dimensional data, the whole pipeline: Prostate_GE (102 × 5,966) and ALLAML (72 × 7,129) from
//! `../shared/data` (`FEATRANK_DATA`; skipped with a message when absent), with time and **peak memory**
//! (the process's resident high-water mark, reset before each step) per step:
//!
//! 1. the six rankers of [EC-FS] Table 4 on all rows, next to FSLib's published times (MATLAB, [EC-FS]
//!    Appendix B.5: Prostate 102 × 6,034, Leukemia 72 × 7,129);
//! 2. each ranker inside every training split of 10 × 10 stratified CV (100 rankings);
//! 3. kNN (k = 10) and quadratic SVM (C = 0.1) curves of the six rankers run inside the folds, with the
//!    expected curve of 100 random rankings, 10 × 10 CV, paper grid (the rankers are run again inside
//!    these runs, so a curve step's time includes step 2's).
//!
//! `cargo bench --bench high_dim` (arguments after `--`: `repeats=R expected=M` shrink the run, `curves=0`
//! stops after the rankers).

#[path = "support/peak.rs"]
mod peak;

use featrank::prelude::*;
use peak::step;

/// The rankers of [EC-FS] Table 4 (as in `examples/ecfs_table4.rs`) and FSLib's seconds on
/// (Prostate, Leukemia).
const RANKERS: &[(&str, &str, [f64; 2])] = &[
    ("Fisher", "fisher", [0.02, 0.01]),
    ("MI", "mi", [1.01, 0.21]),
    ("ReliefF", "relieff", [2.68, 1.09]),
    ("SVM-RFE", "svm-rfe:step=0.1", [0.3, 0.14]),
    ("Inf-FS", "inffs:supervised=true", [26.85, 5.49]),
    ("EC-FS", "ecfs", [2.81, 1.50]),
];

fn main() {
    let arg = |key: &str, default: usize| {
        std::env::args()
            .skip(1)
            .find_map(|a| a.strip_prefix(&format!("{key}=")).and_then(|v| v.parse().ok()))
            .unwrap_or(default)
    };
    let (repeats, expected, with_curves) = (arg("repeats", 10), arg("expected", 100), arg("curves", 1) != 0);
    let threads = rayon::current_num_threads();
    println!("high-dimensional pipeline: {threads} threads; {repeats} × 10-fold CV; {expected} random rankings; peak = resident high-water mark");
    for (file, fslib) in [("Prostate_GE", 0), ("ALLAML", 1)] {
        let (data, t, peak) = step(|| datasets::external(file).and_then(|b| b.dataset()));
        let data = match data {
            Ok(d) => d,
            Err(e) => {
                println!("\n{file}: skipped ({e})");
                continue;
            }
        };
        println!("\n{file} ({} × {})", data.n_rows(), data.n_features());
        println!("{:<52} {:>9} {:>9} {:>12}", "step", "time s", "peak MiB", "FSLib s");
        row("load", t, peak, None);
        let rankers: Vec<(&str, Box<dyn Ranker>, f64)> =
            RANKERS.iter().map(|&(name, spec, times)| (name, rankers::parse(spec).unwrap(), times[fslib])).collect();
        for (name, ranker, fslib_time) in &rankers {
            let (_, t, peak) = step(|| ranker.rank(&data, 1).unwrap());
            row(&format!("{name}, all rows"), t, peak, Some(*fslib_time));
        }
        let plan = CvPlan::stratified(&data, 10, repeats, 1).unwrap();
        for (name, ranker, _) in &rankers {
            let (_, t, peak) = step(|| FoldRankings::compute(&data, &plan, ranker.as_ref(), 1, || ()).unwrap());
            row(&format!("{name}, inside {} splits", 10 * repeats), t, peak, None);
        }
        if !with_curves {
            continue;
        }
        let candidates: Vec<Candidate> = RANKERS
            .iter()
            .map(|&(name, spec, _)| Candidate::PerFold {
                name: name.into(),
                ranker: rankers::parse(spec).unwrap().into(),
            })
            .collect();
        let learners: [(&str, Box<dyn Learner>); 2] = [("kNN", Box::new(Knn::new())), ("SVM", Box::new(Svm::new()))];
        for (name, learner) in learners {
            let spec = CurveSpec::new(learner).plan(plan.clone()).expected(expected).seed(1);
            let (curves, t, peak) = step(|| spec.evaluate_all(&data, &candidates).unwrap());
            row(&format!("{name} curves, 6 rankers in folds + {expected} random"), t, peak, None);
            let eca: Vec<String> = RANKERS
                .iter()
                .map(|(r, _, _)| {
                    format!("{r} {:.3}", curves.eca(r, Baseline::Expected, Weighting::Uniform).unwrap().eca)
                })
                .collect();
            println!("    ECA vs random: {}", eca.join(", "));
        }
    }
}

fn row(step: &str, t: f64, peak: u64, fslib: Option<f64>) {
    let fslib = fslib.map_or(String::new(), |s| format!("{s:.2}"));
    println!("{step:<52} {t:>9.2} {:>9.0} {fslib:>12}", peak as f64 / (1 << 20) as f64);
}
