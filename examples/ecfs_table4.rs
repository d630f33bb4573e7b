//! Reproduce the EC-FS paper's Table 4 ([EC-FS] §5, Exp. 2) with rankers run on the training split only:
//! 100 stratified 2/3–1/3 holdout splits, every ranker ranks each split's training rows, a linear SVM on the
//! top 50, 100, 150 and 200 features predicts the split's test rows, AUC (%) averaged over the splits.
//!
//! `cargo run --release --example ecfs_table4 -- [splits] [output.md]` (default 100 splits; the microarray
//! files are found as `featrank::data::datasets::external` finds them: `FEATRANK_DATA` or `shared/data`).
//!
//! Differences from the paper, stated in the output too: C is fixed at 1 (the paper chose C by 5-fold CV on
//! the training split); features are min-max scaled on the training split (featrank's SVM, as Weka's SMO);
//! SVM-RFE removes 10 % of the surviving features per step; Inf-FS uses FSLib's supervised graph (its
//! `infFS.m` default); the data files are the scikit-feature copies
//! (`colon` is its discretised {−2, 0, 2} version; `colon_continuous` is shown beside it); lymphoma is not
//! run because the available file is the 96-sample, 9-class set, not the paper's 45-sample two-class one.

use std::fmt::Write as _;
use std::time::Instant;

use featrank::prelude::*;

/// The paper's Table 4 cells (AUC %, budgets 50/100/150/200), as printed.
const PAPER: &[(&str, &str, [f64; 4])] = &[
    ("colon", "Fisher", [91.25, 88.44, 89.38, 87.81]),
    ("colon", "MI", [89.38, 90.31, 90.63, 90.94]),
    ("colon", "ReliefF", [80.94, 84.38, 85.94, 87.50]),
    ("colon", "SVM-RFE", [89.06, 85.00, 86.88, 85.62]),
    ("colon", "Inf-FS", [88.99, 89.41, 89.32, 89.01]),
    ("colon", "EC-FS", [91.40, 91.10, 91.11, 90.63]),
    ("leukemia", "Fisher", [99.33, 99.78, 99.78, 99.78]),
    ("leukemia", "MI", [99.33, 99.33, 99.56, 99.33]),
    ("leukemia", "ReliefF", [99.56, 99.78, 99.78, 99.78]),
    ("leukemia", "SVM-RFE", [100.0, 99.78, 99.56, 99.78]),
    ("leukemia", "Inf-FS", [99.91, 99.92, 99.97, 99.98]),
    ("leukemia", "EC-FS", [99.92, 99.92, 99.77, 99.85]),
    ("prostate", "Fisher", [96.10, 96.20, 96.30, 97.30]),
    ("prostate", "MI", [96.00, 96.90, 96.00, 96.20]),
    ("prostate", "ReliefF", [92.72, 93.46, 93.62, 93.85]),
    ("prostate", "SVM-RFE", [93.40, 96.40, 97.10, 96.32]),
    ("prostate", "Inf-FS", [96.80, 96.90, 97.10, 96.70]),
    ("prostate", "EC-FS", [96.28, 96.90, 96.80, 98.10]),
];

/// (paper's name, file, table) — `colon_continuous` is compared with the paper's colon row.
const DATASETS: &[(&str, &str)] =
    &[("colon", "colon"), ("colon", "colon_continuous"), ("leukemia", "ALLAML"), ("prostate", "Prostate_GE")];

const RANKERS: &[(&str, &str)] = &[
    ("Fisher", "fisher"),
    ("MI", "mi"),
    ("ReliefF", "relieff"),
    ("SVM-RFE", "svm-rfe:step=0.1"),
    // FSLib's infFS.m default (supervision = 1), the code the paper's comparison ran.
    ("Inf-FS", "inffs:supervised=true"),
    ("EC-FS", "ecfs"),
];

const BUDGETS: [usize; 4] = [50, 100, 150, 200];

fn main() -> featrank::Result<()> {
    let splits: usize =
        std::env::args().nth(1).map_or(Ok(100), |s| s.parse()).map_err(|_| Error::param("splits", "a whole number"))?;
    let out = std::env::args().nth(2);
    let mut report = String::new();
    let _ = writeln!(
        report,
        "# EC-FS Table 4, ranked on the training split only\n\n{splits} stratified 2/3–1/3 holdout splits; linear SVM \
         (C = 1, features min-max scaled on the training split); AUC (%) on the test third, mean over splits; \
         rankers run inside every split (featrank `Candidate::per_fold`). Paper: Roffo & Melzi 2016, Table 4 \
         (C chosen by 5-fold CV). Δ = featrank − paper.\n"
    );
    for &(paper_name, file) in DATASETS {
        let data = match datasets::external(file) {
            Ok(b) => b.dataset()?,
            Err(e) => {
                println!("skipping {file}: {e}");
                continue;
            }
        };
        let candidates: Vec<Candidate> = RANKERS
            .iter()
            .map(|&(name, spec)| Ok(Candidate::PerFold { name: name.into(), ranker: rankers::parse(spec)?.into() }))
            .collect::<featrank::Result<_>>()?;
        let start = Instant::now();
        let curves = CurveSpec::new(Svm::new().kernel(Kernel::Linear).c(1.0))
            .scheme(Scheme::Holdout { test: 1.0 / 3.0 })
            .repeats(splits)
            .grid(Grid::Custom(BUDGETS.to_vec()))
            .measure(Measure::MacroAuc)
            .expected(20)
            .seed(2016)
            .progress(true)
            .evaluate_all(&data, &candidates)?;
        let secs = start.elapsed().as_secs_f64();
        let _ = writeln!(
            report,
            "## {file} ({} × {}, classes {:?}) — compared with the paper's {paper_name}; run {secs:.0} s\n",
            data.n_rows(),
            data.n_features(),
            data.class_counts().unwrap_or_default()
        );
        let _ =
            writeln!(report, "| method | 50 | 100 | 150 | 200 | mean | paper mean | Δ 50 | Δ 100 | Δ 150 | Δ 200 |");
        let _ = writeln!(report, "|---|---|---|---|---|---|---|---|---|---|---|");
        let mut ours_mean = Vec::new();
        let mut paper_mean = Vec::new();
        for &(name, _) in RANKERS {
            let c = curves.get(name, CurveKind::Ffa).ok_or_else(|| Error::param("curves", "missing curve"))?;
            let ours: Vec<f64> = (0..4).map(|i| 100.0 * c.mean[i]).collect();
            let paper = PAPER.iter().find(|p| p.0 == paper_name && p.1 == name).map(|p| p.2).unwrap_or([f64::NAN; 4]);
            let m = ours.iter().sum::<f64>() / 4.0;
            let pm = paper.iter().sum::<f64>() / 4.0;
            ours_mean.push((name, m));
            paper_mean.push((name, pm));
            let _ = writeln!(
                report,
                "| {name} | {:.2} | {:.2} | {:.2} | {:.2} | {m:.2} | {pm:.2} | {:+.2} | {:+.2} | {:+.2} | {:+.2} |",
                ours[0],
                ours[1],
                ours[2],
                ours[3],
                ours[0] - paper[0],
                ours[1] - paper[1],
                ours[2] - paper[2],
                ours[3] - paper[3]
            );
        }
        if let Some(e) = curves.expected() {
            let _ = writeln!(
                report,
                "| 20 random rankings | {:.2} | {:.2} | {:.2} | {:.2} | | | | | | |",
                100.0 * e.mean[0],
                100.0 * e.mean[1],
                100.0 * e.mean[2],
                100.0 * e.mean[3]
            );
        }
        let order = |v: &mut Vec<(&str, f64)>| {
            v.sort_by(|a, b| b.1.total_cmp(&a.1));
            v.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(" > ")
        };
        let _ = writeln!(
            report,
            "\nBy mean AUC — featrank: {}; paper: {}.\n",
            order(&mut ours_mean),
            order(&mut paper_mean)
        );
        println!("{file}: {secs:.0} s");
    }
    print!("{report}");
    if let Some(path) = out {
        std::fs::write(&path, &report).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}
