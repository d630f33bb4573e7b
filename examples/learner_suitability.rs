//! Which curve learner separates rankings of different quality? ([P20] Figs. 5–6, thesis App. A)
//!
//! On `combined` data, two rankings built from the ground truth differ only in where the XOR features go:
//! - `aware`: the ground-truth ranking (ReliefF-like: singles and XOR pairs by relevance);
//! - `blind`: the relevant singles first, then XOR members shuffled among the irrelevant features
//!   (IG/SVM-RFE-like: they find the singles and place the XOR features at random).
//!
//! For each learner the FFA and RFA differences (aware − blind, uniform weights) are printed; a learner
//! separates the rankings on a curve when |δ| is well above the run-to-run noise (the std of the curves).
//!
//! `cargo run --release --example learner_suitability -- [repeats] [learners…]`
//! (defaults: 2 repeats; knn:k=10 nb tree forest:trees=100 svm:c=0.1).

use featrank::eval::eca::weighted_delta;
use featrank::prelude::*;

fn main() -> featrank::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let repeats: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let learners: Vec<String> = if args.len() > 2 {
        args[2..].to_vec()
    } else {
        ["knn:k=10", "nb", "tree", "forest:trees=100", "svm:c=0.1"].iter().map(|s| s.to_string()).collect()
    };
    let s = Binary::new(Design::Combined).generate(1)?;
    let ds = Dataset::from_polars(&s.frame, "class")?;
    let aware = s.truth.ranking()?.with_name("aware");
    let blind = s.truth.interaction_blind_ranking(5)?.with_name("blind");
    println!("combined data, aware vs blind rankings, {repeats}×10 CV, uniform weights");
    println!("{:<12}{:>10}{:>10}{:>10}{:>10}", "learner", "FFA_δ", "RFA_δ", "FFA std", "RFA std");
    for spec in &learners {
        let learner = featrank::learners::parse(spec)?;
        let c = CurveSpec::new(learner)
            .folds(10)
            .repeats(repeats)
            .expected(0)
            .seed(3)
            .progress(true)
            .evaluate(&ds, &[aware.clone(), blind.clone()])?;
        let delta = |kind| {
            let (a, b) = (&c.get("aware", kind).unwrap().mean, &c.get("blind", kind).unwrap().mean);
            let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
            weighted_delta(&d, &c.sizes, Weighting::Uniform)
        };
        let noise = |kind| {
            let sd = &c.get("aware", kind).unwrap().std;
            sd.iter().sum::<f64>() / sd.len() as f64
        };
        println!(
            "{:<12}{:>10.4}{:>10.4}{:>10.4}{:>10.4}",
            spec,
            delta(CurveKind::Ffa),
            delta(CurveKind::Rfa),
            noise(CurveKind::Ffa),
            noise(CurveKind::Rfa)
        );
    }
    Ok(())
}
