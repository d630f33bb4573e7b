//! [P18] Table 3 at full size: ECA(GT, R_θ) on the `combined` data for the four weightings, next to the
//! rank distance 1 − mean Spearman, and the correlation of each row with the distance.
//!
//! `cargo run --release --example synthetic_validation -- [design] [m] [repeats] [learner] [noise]`
//! (defaults: combined, 100 noisy rankings per θ, 10 repeats of 10-fold CV, knn:k=10, noise `unit` =
//! U(0, 1) as [P20] states, or `max` = U(0, max relevance)). `svm:c=0.1` is the papers' learner:
//! `-- combined 20 1 svm:c=0.1 unit` took 19 min on two cores and printed (paper's row and correlation in
//! brackets)
//!
//! ```text
//! θ               0.05     0.1    0.15     0.2     0.3     0.5       1   corr.
//! 1 − ρ          0.136   0.246   0.337   0.396   0.561   0.778   1.028          (0.1 … 1.048)
//! uniform        0.017   0.030   0.046   0.054   0.084   0.125   0.202   0.988  (0.992)
//! position       0.064   0.083   0.097   0.092   0.115   0.136   0.199   0.976  (0.991)
//! magnitude      0.133   0.156   0.185   0.182   0.235   0.267   0.263   0.945  (0.998)
//! both           0.153   0.166   0.189   0.184   0.223   0.254   0.253   0.958  (0.982)
//! ```
//!
//! and `-- combined 20 1 svm:c=0.1 max` (26 min) printed
//!
//! ```text
//! θ               0.05     0.1    0.15     0.2     0.3     0.5       1   corr.
//! 1 − ρ          0.109   0.193   0.267   0.324   0.457   0.660   1.028   (0.1   0.171 0.252 0.32  0.432 0.652 1.048)
//! uniform        0.007   0.012   0.021   0.031   0.044   0.078   0.202   0.967  (0.992)
//! position       0.003   0.006   0.013   0.019   0.024   0.054   0.199   0.931  (0.991)
//! magnitude      0.023   0.040   0.065   0.090   0.114   0.162   0.263   0.998  (0.998; 0.029 0.061 0.070 0.09 0.115 0.174 0.263)
//! both           0.019   0.029   0.053   0.074   0.092   0.135   0.253   0.993  (0.982)
//! ```
//!
//! U(0, max relevance) reproduces the paper's distance row and its |δ|-weighted rows (values and
//! correlations); U(0, 1) comes closer on the w = 1/r row. With kNN and 100 rankings per θ (one 10-fold CV,
//! 6 min each) the correlations are 0.986/0.978/0.894/0.962 (unit) and 0.955/0.919/0.999/0.983 (max).

use featrank::compare::distance::spearman;
use featrank::math::pearson;
use featrank::prelude::*;

fn main() -> featrank::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let design = match args.get(1).map(String::as_str).unwrap_or("combined") {
        "single" => Design::Single,
        "pair" => Design::Pair,
        _ => Design::Combined,
    };
    let m: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let repeats: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    let learner = featrank::learners::parse(args.get(4).map(String::as_str).unwrap_or("knn:k=10"))?;
    let noise = match args.get(5).map(String::as_str) {
        Some("max") => NoiseScale::MaxRelevance,
        _ => NoiseScale::Unit,
    };

    let s = Binary::new(design).generate(1)?;
    let ds = Dataset::from_polars(&s.frame, "class")?;
    let gt = s.truth.ranking()?;
    let thetas = [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1.0];
    let families: Vec<Vec<Ranking>> = thetas
        .iter()
        .map(|&t| (0..m).map(|i| s.truth.noisy_ranking(t, noise, 7, i)).collect())
        .collect::<featrank::Result<_>>()?;
    let mut all = vec![gt.clone()];
    families.iter().for_each(|f| all.extend(f.iter().cloned()));
    let mut curves =
        CurveSpec::new(learner).folds(10).repeats(repeats).expected(0).seed(1).progress(true).evaluate(&ds, &all)?;
    // E[FFA]_θ and E[RFA]_θ: the mean curves of each family, as [P18] §4.2 scores R_θ.
    for (t, f) in thetas.iter().zip(&families) {
        let members: Vec<&str> = f.iter().map(|r| r.name()).collect();
        curves = curves.with_family_mean(&members, &format!("R_{t}"))?;
    }
    let dist: Vec<f64> = families
        .iter()
        .map(|f| 1.0 - f.iter().map(|r| spearman(&gt, r).unwrap()).sum::<f64>() / f.len() as f64)
        .collect();
    println!("{design:?}, {} learner, {noise:?} noise, {m} noisy rankings per θ, {repeats}×10 CV", curves.learner);
    print!("{:<12}", "θ");
    thetas.iter().for_each(|t| print!("{t:>8}"));
    println!("{:>8}", "corr.");
    print!("{:<12}", "1 − ρ");
    dist.iter().for_each(|d| print!("{d:>8.3}"));
    println!();
    for w in Weighting::ALL {
        let row: Vec<f64> = thetas
            .iter()
            .map(|t| curves.eca(GroundTruth::NAME, format!("R_{t}").as_str(), w).expect("computed above").eca)
            .collect();
        print!("{:<12}", w.label());
        row.iter().for_each(|v| print!("{v:>8.3}"));
        println!("{:>8.3}", pearson(&row, &dist));
    }
    Ok(())
}
