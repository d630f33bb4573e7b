//! [P18] Table 5 with the papers' protocol: ECA(r, random), w = 1, of information gain, random-forest
//! importance, ReliefF and SVM-RFE, with quadratic-SVM curves (C = 0.1) under 10-fold CV.
//!
//! ```text
//! cargo run --release --example table5 [-- RANDOM [REPEATS]]   # defaults: 100 random rankings, 1 repeat
//! ```
use featrank::prelude::*;
use featrank::rankers::{Criterion, Filter, ForestImportance, ReliefF, SvmRfe};
use std::time::Instant;

fn main() -> featrank::Result<()> {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let random = args.first().copied().unwrap_or(100);
    let repeats = args.get(1).copied().unwrap_or(1);
    let sets = [
        ("breast-cancer", 0.025, 0.013, 0.012, -0.003),
        ("breast-w", 0.246, 0.206, 0.190, 0.194),
        ("colon_continuous", 0.099, 0.049, 0.163, 0.116),
        ("german", 0.023, -0.002, 0.013, 0.022),
        ("ionosphere", 0.116, 0.088, 0.041, 0.136),
        ("sonar", 0.066, 0.060, 0.096, 0.070),
        ("SRBCT", 0.142, 0.084, 0.292, 0.261),
    ];
    for (name, ig, rf, rl, svm) in sets {
        let data = match featrank::data::datasets::load(name).or_else(|_| featrank::data::datasets::external(name)) {
            Ok(b) => b.dataset()?,
            Err(e) => { println!("{name}: skipped ({e})"); continue; }
        };
        let t = Instant::now();
        let rankings = vec![
            Filter::new(Criterion::InfoGain).rank(&data, 1)?.with_name("IG"),
            ForestImportance::new().rank(&data, 1)?.with_name("RF"),
            ReliefF::new().rank(&data, 1)?.with_name("ReliefF"),
            SvmRfe::new().tol(1e-10).rank(&data, 1)?.with_name("SVM-RFE"),
        ];
        let t_rank = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let curves = CurveSpec::new(Svm::new()).folds(10).repeats(repeats).expected(random).seed(1).evaluate(&data, &rankings)?;
        let t_curves = t.elapsed().as_secs_f64();
        let paper = [ig, rf, rl, svm];
        let mut line = format!("{name:>16} {:>4}×{:<5}", data.n_rows(), data.n_features());
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for c in &curves.curves { for &v in &c.mean { lo = lo.min(v); hi = hi.max(v); } }
        for (j, r) in ["IG", "RF", "ReliefF", "SVM-RFE"].iter().enumerate() {
            let e = curves.eca(r, Baseline::Expected, Weighting::Uniform)?.eca;
            let f = curves.get(r, CurveKind::Ffa).unwrap();
            let b = curves.get(r, CurveKind::Rfa).unwrap();
            let plain = f.mean.iter().zip(&b.mean).map(|(x, y)| x - y).sum::<f64>() / (2.0 * f.mean.len() as f64);
            line += &format!(" | {e:>6.3} ({plain:>6.3}) vs {:>6.3}", paper[j]);
        }
        println!("{line} | bound {:.3} | rank {t_rank:.1} s curves {t_curves:.1} s", (hi - lo) / 2.0);
    }
    Ok(())
}
