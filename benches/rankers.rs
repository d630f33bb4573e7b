//! Side-by-side benchmark of three rankers against the tools a user would otherwise run, same data and
//! settings, printing the time ratios (run with `cargo bench --bench rankers`; needs
//! `python3 -m pip install scikit-learn pandas skrebate`):
//! - ReliefF, k = 10, all instances, on 2600 × 500 Madelon-like continuous data — skrebate's ReliefF;
//! - MultiSURF on the same data — skrebate's MultiSURF (the scores agree to 1e-15 on the bundled sets:
//!   `tests/suite/rankers.rs`);
//! - SVM-RFE, linear C = 0.1, one feature per step, on 62 × 2000 (microarray shape) — sklearn's RFE(SVC);
//! - random-forest permutation importance, 100 trees, on 1000 × 100 `combined` — sklearn's
//!   RandomForestClassifier + permutation_importance (featrank permutes within each tree's OOB rows,
//!   scikit-learn over the whole data with the whole forest: same amount of permutation work per tree);
//! - mRMR (difference form) on the microarray set `colon` (62 × 2000, values already in three levels,
//!   so both sides count the same cells) — pymrmr, Peng's own C++ mRMR and the fastest Python mRMR we
//!   found (ITMO_FS took 384 s and scikit-feature 15 s with a wrong order for 50 features). featrank
//!   ranks all 2000 features; pymrmr, which recomputes every pair at every step, selects the first 50.
//!   Needs `colon.csv.gz` (see `datasets::external`) and `pip install Cython wheel setuptools &&
//!   pip install --no-build-isolation pymrmr`; skipped with a message otherwise.
//!
//! Both sides use every core (featrank: rayon; scikit-learn/skrebate: n_jobs=-1). Agreement is printed
//! as the Spearman correlation of the two score vectors and the overlap of their top 20 features (the
//! forest's noise features have random importances on both sides, so its Spearman is low by nature).

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use featrank::math::average_ranks;
use featrank::prelude::*;
use featrank::rankers::parse;

fn spearman(a: &[f64], b: &[f64]) -> f64 {
    featrank::math::pearson(&average_ranks(a, true), &average_ranks(b, true))
}

/// How many of the top `k` features by `a` are also in the top `k` by `b`.
fn top_overlap(a: &[f64], b: &[f64], k: usize) -> usize {
    let top = |s: &[f64]| {
        let mut idx: Vec<usize> = (0..s.len()).collect();
        idx.sort_by(|&x, &y| s[y].total_cmp(&s[x]));
        idx.truncate(k);
        idx
    };
    let (ta, tb) = (top(a), top(b));
    ta.iter().filter(|i| tb.contains(i)).count()
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data/rankers");
    std::fs::create_dir_all(&dir).unwrap();
    let combined = Binary::new(Design::Combined).generate(3).unwrap();
    let cases = [
        ("relieff", Madelon::new().generate(1).unwrap().frame, "relieff"),
        ("multisurf", Madelon::new().generate(1).unwrap().frame, "multisurf"),
        ("rfe", Madelon::new().rows(62).noise(1980).generate(2).unwrap().frame, "svm-rfe"),
        ("forest", combined.frame.clone(), "forest"),
    ];
    let mut ours = Vec::new();
    for (file, frame, method) in &cases {
        featrank::data::io::write_csv(frame, dir.join(format!("{file}.csv"))).unwrap();
        let data = Dataset::from_polars(frame, "class").unwrap();
        let ranker = parse(method).unwrap();
        let start = Instant::now();
        let scores = ranker.scores(&data, 0).unwrap();
        ours.push((start.elapsed().as_secs_f64(), scores, data.n_rows(), data.n_features()));
    }
    // mRMR: featrank's full ranking against the peer's first 50.
    let colon = featrank::data::datasets::external("colon");
    let mrmr = match &colon {
        Ok(colon) => {
            featrank::data::io::write_csv(&colon.frame, dir.join("mrmr.csv")).unwrap();
            let data = Dataset::from_polars(&colon.frame, &colon.targets[0]).unwrap();
            let start = Instant::now();
            let scores = parse("mrmr:discretise=equal-width,bins=3").unwrap().scores(&data, 0).unwrap();
            let seconds = start.elapsed().as_secs_f64();
            let mut order: Vec<usize> = (0..scores.len()).collect();
            order.sort_by(|&x, &y| scores[y].total_cmp(&scores[x]));
            Some((seconds, order, data.n_features()))
        }
        Err(e) => {
            let _ = std::fs::remove_file(dir.join("mrmr.csv"));
            println!("mRMR skipped: {e}");
            None
        }
    };
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/sklearn_rankers.py");
    let out = Command::new("python3").arg(&script).arg(&dir).output().expect("python3 runs");
    if !out.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&out.stderr));
        panic!("the scikit-learn side failed; pip install scikit-learn pandas skrebate");
    }
    let theirs: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    println!("threads: featrank {} (rayon), peers n_jobs=-1", rayon::current_num_threads());
    println!(
        "{:<10}{:>12}{:>12}{:>12}{:>10}{:>10}{:>10}",
        "ranker", "data", "featrank s", "peer s", "ratio", "Spearman", "top-20"
    );
    for ((file, _, method), (t, scores, rows, cols)) in cases.iter().zip(&ours) {
        let peer = &theirs[*file];
        let pt = peer["seconds"].as_f64().unwrap();
        let ps: Vec<f64> = peer["scores"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
        println!(
            "{:<10}{:>12}{:>12.3}{:>12.3}{:>9.1}×{:>10.3}{:>10}",
            method,
            format!("{rows}×{cols}"),
            t,
            pt,
            pt / t,
            spearman(scores, &ps),
            format!("{}/20", top_overlap(scores, &ps, 20))
        );
    }
    if let Some((t, order, n)) = &mrmr {
        let peer = &theirs["mrmr"];
        let pt = peer["seconds"].as_f64().unwrap();
        let theirs: Vec<usize> =
            peer["order"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap() as usize).collect();
        let same_prefix = order.iter().zip(&theirs).take_while(|(a, b)| a == b).count();
        let common = theirs.iter().filter(|f| order[..theirs.len()].contains(f)).count();
        println!(
            "mrmr: colon 62×{n}: featrank all {n} features {t:.3} s, pymrmr first {k} {pt:.3} s: {:.1}× for {:.0}× the \
             features; the first {same_prefix} of {k} in the same order, {common}/{k} in common",
            pt / t,
            *n as f64 / theirs.len() as f64,
            k = theirs.len()
        );
    }
    // The forest's two importances disagree; the ground truth of `combined` says which is right.
    let relevant = combined.truth.relevant();
    let names = combined.frame.get_column_names();
    let hits = |s: &[f64]| {
        let mut idx: Vec<usize> = (0..s.len()).collect();
        idx.sort_by(|&x, &y| s[y].total_cmp(&s[x]));
        idx[..relevant.len()].iter().filter(|&&i| relevant.contains(&names[i].as_str())).count()
    };
    let peer: Vec<f64> = theirs["forest"]["scores"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    println!(
        "forest: truly relevant among the top {}: featrank (OOB, per tree) {}, scikit-learn (in-sample) {}",
        relevant.len(),
        hits(&ours[3].1),
        hits(&peer)
    );
}
