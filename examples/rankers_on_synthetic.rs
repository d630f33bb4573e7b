//! Thesis §5.3 / [P20] App. 3 at full size: the four rankers of the papers (ReliefF, random forest,
//! information gain, SVM-RFE) plus featrank's other rankers (filters, the mRMR family with MDL and with the
//! binary values kept, FCBF, the Laplacian score, MultiSURF and MultiSURF*) on a synthetic design, judged by ECA
//! against the expected curve of random rankings and by their agreement with the ground truth.
//!
//! `cargo run --release --example rankers_on_synthetic -- [design] [repeats] [learner] [expected]`
//! (defaults: combined, 10 repeats of 10-fold CV, svm:c=0.1 — the papers' quadratic SVM — and 100 random
//! rankings).

use std::time::Instant;

use featrank::compare::distance::spearman;
use featrank::prelude::*;
use featrank::rankers::parse;

fn main() -> featrank::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let design = match args.get(1).map(String::as_str).unwrap_or("combined") {
        "single" => Design::Single,
        "pair" => Design::Pair,
        _ => Design::Combined,
    };
    let repeats: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let learner = featrank::learners::parse(args.get(3).map(String::as_str).unwrap_or("svm:c=0.1"))?;
    let expected: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(100);

    let s = Binary::new(design).generate(1)?;
    let data = Dataset::from_polars(&s.frame, "class")?;
    let gt = s.truth.ranking()?;
    let mut rankings = vec![gt.clone()];
    let methods = [
        "relieff",
        "forest",
        "info-gain",
        "svm-rfe",
        "gain-ratio",
        "symmetrical-uncertainty",
        "chi2",
        "fisher",
        "mi",
        "ecfs",
        "inffs",
        "mrmr",
        "jmi",
        "cmim",
        "disr",
        "jmim",
        "jmi:discretise=equal-width,bins=2",
        "cmim:discretise=equal-width,bins=2",
        "laplacian",
        "multisurf",
        "multisurf-star",
        "fcbf",
    ];
    for method in methods {
        let start = Instant::now();
        let r = parse(method)?.rank(&data, 1)?.with_name(method);
        println!(
            "{method:<36} ranked in {:>7.2} s; Spearman with GT {:.3}",
            start.elapsed().as_secs_f64(),
            spearman(&gt, &r)?
        );
        rankings.push(r);
    }
    let start = Instant::now();
    let curves = CurveSpec::new(learner)
        .folds(10)
        .repeats(repeats)
        .expected(expected)
        .seed(1)
        .progress(true)
        .evaluate(&data, &rankings)?;
    println!(
        "curves ({}, {repeats}×10 CV, {expected} random rankings): {:.1} s",
        curves.learner,
        start.elapsed().as_secs_f64()
    );
    println!("{:<36}{:>10}{:>10}{:>10}{:>10}", "ECA vs expected", "uniform", "position", "magnitude", "both");
    for r in &rankings {
        print!("{:<36}", r.name());
        for w in Weighting::ALL {
            print!("{:>10.4}", curves.eca(r.name(), Baseline::Expected, w)?.eca);
        }
        println!();
    }
    Ok(())
}
