//! Honest survival curves, side by side: univariate Cox (the score test) ranked on every training split and the
//! Cox learner (Efron's ties, ridge 1) on the top k, Harrell's C per test fold — 200 patients × 10,000 synthetic
//! genes (Cox–Weibull, 5 with an effect, 30 % censored), 10 × 5 stratified CV, FFA and RFA on 11 sizes from 1 to
//! 10,000 — against the scikit-survival way (`benches/sksurv_honest.py`; `pip install scikit-survival`): each
//! gene ranked by the C-index of its own `CoxPHSurvivalAnalysis` (the user guide's `SelectKBest` pattern), then
//! `CoxPHSurvivalAnalysis` on the top k. scikit-survival runs one split, the FFA sizes up to 100 (beyond, its k × k
//! Newton Hessian does not fit), and its time is multiplied by the 50 splits; featrank's is the whole run, FFA
//! and RFA, every size; beside its time, the process's peak resident memory during the run.
//! `cargo bench --bench survival`.

use std::path::PathBuf;

use featrank::data::synth;
use featrank::polars::prelude::*;
use featrank::prelude::*;

#[path = "support/peak.rs"]
mod peak;
#[path = "support/python.rs"]
mod python;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    let (rows, genes) = (200, 10_000);
    let s = synth::Survival::new().rows(rows).features(genes).generate(1).unwrap();
    let ds = s.dataset().unwrap();
    let plan = CvPlan::stratified(&ds, 5, 10, 1).unwrap();
    let sizes = vec![1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, genes];
    println!(
        "honest survival curves: univariate-cox + cox, {rows} × {genes}, 10 × 5 stratified CV, {} sizes, FFA + RFA, {} threads",
        sizes.len(),
        rayon::current_num_threads()
    );
    let (curves, featrank_s, peak) = peak::step(|| {
        CurveSpec::new(featrank::learners::Cox::new())
            .plan(plan.clone())
            .grid(Grid::Custom(sizes.clone()))
            .expected(0)
            .evaluate_all(&ds, &[Candidate::parse("univariate-cox").unwrap()])
            .unwrap()
    });
    let ffa = &curves.get("univariate-cox", CurveKind::Ffa).unwrap().mean;
    println!(
        "  featrank: {featrank_s:.1} s for 50 splits, peak memory {:.0} MiB; Harrell's C by size {:?}",
        peak as f64 / (1 << 20) as f64,
        rounded(ffa)
    );
    // scikit-survival on the first split: the data as time, event and the genes
    let data = dir.join("survival.csv");
    featrank::data::io::write_csv(&s.frame, &data).unwrap();
    let folds = dir.join("survival_folds.csv");
    let column = Column::new("r0".into(), plan.assignment(0).iter().map(|&f| f as i64).collect::<Vec<_>>());
    featrank::data::io::write_csv(DataFrame::new(rows, vec![column]).unwrap(), &folds).unwrap();
    let arg = sizes.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",");
    match python::script_json("sksurv_honest.py", &[data.display().to_string(), folds.display().to_string(), arg]) {
        Ok(v) => {
            let (rank, fit) = (v["rank_seconds"].as_f64().unwrap(), v["fit_seconds"].as_f64().unwrap());
            let whole = 50.0 * (rank + fit);
            println!(
                "  scikit-survival: one split {rank:.1} s ranking + {fit:.1} s fitting {} FFA sizes → 50 splits ≈ {whole:.0} s \
                 (no RFA, no size above 100); featrank is {:.0}× faster doing more",
                v["sizes"].as_array().unwrap().len(),
                whole / featrank_s
            );
        }
        Err(why) => println!("  scikit-survival: {why}"),
    }
}

fn rounded(v: &[f64]) -> Vec<f64> {
    v.iter().map(|x| (x * 1000.0).round() / 1000.0).collect()
}
