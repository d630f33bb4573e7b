//! [P18] Table 5 with the papers' protocol, on the Table 5 datasets featrank can obtain: ECA(r, random),
//! w = 1, of information gain, random-forest importance, ReliefF and SVM-RFE (each ranking the whole
//! dataset, Weka's conventions), from quadratic-SVM curves (C = 0.1) under one 10-fold CV, the [P20] grid.
//!
//! breast-cancer, german (credit-g), ionosphere, breast-w and sonar are bundled; colon (`colon_continuous`)
//! and SRBCT are external sets (`FEATRANK_DATA`, `shared/data`) and are skipped, saying so, when absent.
//!
//! At w = 1 the score against random rankings does not depend on the random rankings: the expected curve
//! serves as both the FFA and the RFA baseline, so it cancels and ECA(r, random) = Σ wᵢ(FFA_r − RFA_r)ᵢ / 2Σ wᵢ
//! (asserted below). The values are therefore those of the papers' 100 random rankings while the test draws
//! ten; only the expected curve's band would differ.

use featrank::compare::stats::friedman;
use featrank::eval::eca::weighted_delta;
use featrank::prelude::*;
use featrank::rankers::{Criterion, Filter, ForestImportance, Ranker, ReliefF, SvmRfe};

const METHODS: [&str; 4] = ["IG", "RF", "ReliefF", "SVM-RFE"];
const NAN: f64 = f64::NAN;

/// Dataset, its [P18] Table 5 row, and its row of the thesis' Table 6 (the same protocol and rankers,
/// two decimals; NaN where the thesis has no value or no row).
const ROWS: [(&str, [f64; 4], [f64; 4]); 7] = [
    ("breast-cancer", [0.025, 0.013, 0.012, -0.003], [0.01, 0.0, 0.01, NAN]),
    ("breast-w", [0.246, 0.206, 0.190, 0.194], [0.01, 0.0, 0.01, NAN]),
    ("colon_continuous", [0.099, 0.049, 0.163, 0.116], [NAN; 4]),
    ("german", [0.023, -0.002, 0.013, 0.022], [0.02, -0.01, 0.01, NAN]),
    ("ionosphere", [0.116, 0.088, 0.041, 0.136], [0.05, 0.05, 0.02, 0.06]),
    ("sonar", [0.066, 0.060, 0.096, 0.070], [0.02, 0.03, 0.03, 0.02]),
    ("SRBCT", [0.142, 0.084, 0.292, 0.261], [NAN; 4]),
];

/// One dataset's scores: ECA with featrank's grid widths, ECA as a plain mean over the grid points, and
/// the largest |ECA| the curves allow, (max − min)/2 over every point of every curve of the run.
struct Scores {
    widths: [f64; 4],
    points: [f64; 4],
    bound: f64,
}

fn score(data: &Dataset) -> Scores {
    let rankings = vec![
        Filter::new(Criterion::InfoGain).rank(data, 1).unwrap().with_name("IG"),
        ForestImportance::new().rank(data, 1).unwrap().with_name("RF"),
        ReliefF::new().rank(data, 1).unwrap().with_name("ReliefF"),
        SvmRfe::new().tol(1e-10).rank(data, 1).unwrap().with_name("SVM-RFE"),
    ];
    let curves =
        CurveSpec::new(Svm::new()).folds(10).repeats(1).expected(10).seed(1).evaluate(data, &rankings).unwrap();
    let all = curves.curves.iter().flat_map(|c| c.mean.iter().copied());
    let (lo, hi) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let points: Vec<usize> = (1..=curves.sizes.len()).collect();
    let (mut widths, mut plain) = ([0.0; 4], [0.0; 4]);
    for (j, r) in METHODS.iter().enumerate() {
        let gap: Vec<f64> = {
            let (f, b) = (curves.get(r, CurveKind::Ffa).unwrap(), curves.get(r, CurveKind::Rfa).unwrap());
            f.mean.iter().zip(&b.mean).map(|(f, b)| f - b).collect()
        };
        widths[j] = curves.eca(r, Baseline::Expected, Weighting::Uniform).unwrap().eca;
        let cancelled = weighted_delta(&gap, &curves.sizes, Weighting::Uniform) / 2.0;
        assert!((widths[j] - cancelled).abs() < 1e-12, "{r}: ECA {} vs half the FFA − RFA gap {cancelled}", widths[j]);
        assert!(widths[j].abs() <= (hi - lo) / 2.0 + 1e-12);
        plain[j] = weighted_delta(&gap, &points, Weighting::Uniform) / 2.0;
    }
    Scores { widths, points: plain, bound: (hi - lo) / 2.0 }
}

/// The table next to the paper's, with what agrees and why the rest does not:
/// - breast-cancer, german and sonar: every cell within 0.03 of [P18]; ionosphere's ReliefF too.
/// - ionosphere: [P18]'s IG, RF and SVM-RFE are about twice what the same author's thesis reports for the
///   same protocol; featrank agrees with the thesis within 0.02 in all four cells.
/// - breast-w: every [P18] value exceeds what the curves allow (the SVM's accuracy spans 0.68–0.97 over every
///   point of the run's curves, so |ECA| ≤ 0.14); the thesis reports 0.01, 0, 0.01 for the same protocol, and
///   featrank's values are within 0.04 of those.
/// - colon and SRBCT (2000 and 2308 features, where the [P20] grid is not every size): [P18]'s values are
///   closer to a plain mean over the grid points, which stresses the first 50 sizes, than to the
///   width-weighted mean (featrank's ECA, approximating every size) in at least 7 of the 8 cells.
#[test]
fn p18_table5_with_the_papers_protocol() {
    let mut rows = Vec::new();
    println!("[P18] Table 5, ECA(r, random) w = 1; featrank (plain mean over grid points) / P18 / thesis Table 6");
    for (name, p18, thesis) in ROWS {
        let data = match featrank::data::datasets::load(name).or_else(|_| featrank::data::datasets::external(name)) {
            Ok(b) => b.dataset().unwrap(),
            Err(e) => {
                println!("{name}: skipped, not available here ({e})");
                continue;
            }
        };
        let s = score(&data);
        let cells: Vec<String> = (0..4)
            .map(|j| format!("{:>6.3} ({:>6.3}) / {:>6.3} / {:>5.2}", s.widths[j], s.points[j], p18[j], thesis[j]))
            .collect();
        println!("{name:>16} {} | bound {:.3}", cells.join(" | "), s.bound);
        rows.push((name, p18, thesis, s));
    }
    let within = |a: f64, b: f64, tol: f64| (a - b).abs() <= tol;
    let mut microarray_closer = (0, 0);
    for (name, p18, thesis, s) in &rows {
        match *name {
            "breast-cancer" | "german" | "sonar" => {
                for j in 0..4 {
                    assert!(within(s.widths[j], p18[j], 0.03), "{name} {}: {} vs {}", METHODS[j], s.widths[j], p18[j]);
                }
            }
            "ionosphere" => {
                assert!(within(s.widths[2], p18[2], 0.03));
                for j in 0..4 {
                    assert!(
                        within(s.widths[j], thesis[j], 0.02),
                        "ionosphere {}: {} vs thesis {}",
                        METHODS[j],
                        s.widths[j],
                        thesis[j]
                    );
                }
            }
            "breast-w" => {
                assert!(p18.iter().all(|&p| p > s.bound), "bound {}", s.bound);
                for j in 0..3 {
                    assert!(
                        within(s.widths[j], thesis[j], 0.04),
                        "breast-w {}: {} vs thesis {}",
                        METHODS[j],
                        s.widths[j],
                        thesis[j]
                    );
                }
            }
            _ => {
                for (j, &paper) in p18.iter().enumerate().take(4) {
                    microarray_closer.1 += 1;
                    if (s.points[j] - paper).abs() < (s.widths[j] - paper).abs() {
                        microarray_closer.0 += 1;
                    }
                }
            }
        }
    }
    if microarray_closer.1 == 8 {
        assert!(microarray_closer.0 >= 7, "plain grid mean closer to [P18] in {} of 8 cells", microarray_closer.0);
    }
    // Friedman over the datasets at hand, next to [P18]'s own rows of the same datasets.
    let ours: Vec<Vec<f64>> = rows.iter().map(|r| r.3.widths.to_vec()).collect();
    let theirs: Vec<Vec<f64>> = rows.iter().map(|r| r.1.to_vec()).collect();
    let (f_ours, f_p18) = (friedman(&METHODS, &ours).unwrap(), friedman(&METHODS, &theirs).unwrap());
    let ranks = |f: &Friedman| {
        METHODS.iter().zip(&f.average_ranks).map(|(m, r)| format!("{m} {r:.2}")).collect::<Vec<_>>().join(", ")
    };
    println!(
        "Friedman average ranks over {} datasets: featrank {} (p = {:.2}); [P18] {} (p = {:.2})",
        rows.len(),
        ranks(&f_ours),
        f_ours.iman_davenport_p,
        ranks(&f_p18),
        f_p18.iman_davenport_p
    );
    assert_eq!(f_ours.datasets, rows.len());
}
