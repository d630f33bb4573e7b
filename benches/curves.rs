//! Side-by-side benchmark of full FFA+RFA curves on `combined` (1000 × 100 binary, ground-truth ranking),
//! featrank from Rust, featrank from Python (`benches/python_curves.py`, when `import featrank` works: `pip
//! install ./python`) and the scikit-learn loop in `benches/sklearn_curves.py`, on the same data, folds,
//! ranking and grid. Run with `cargo bench --bench curves` (needs `python3 -m pip install scikit-learn
//! pandas`; `FEATRANK_BENCH_PYTHON` names another interpreter, e.g. a virtual environment's).
//!
//! - kNN, k = 10, every subset size (100 per curve): featrank 1 and 10 repeats of 10-fold CV.
//! - quadratic SVM K = ⟨x, y⟩², C = 0.1, the papers' 60-point grid: featrank 1 and 10 repeats.
//!
//! - the papers' protocol: the expected curve of 100 random rankings with the quadratic SVM, 10×10 CV, with
//!   every ranking on all repeats and with `expected_repeats(1)`, and how far the shortcut moves the curve.
//!
//! scikit-learn runs `FEATRANK_BENCH_SKLEARN_REPEATS` repeats (default 1; ten take tens of minutes; 0
//! skips it); its 10-repeat time is extrapolated linearly and the ratio printed both ways. Arguments
//! after `--` pick learners by name: `cargo bench --bench curves -- svm`.
//!
//! Everything runs at the best vector level the CPU has, or the one `FEATRANK_SIMD` names (portable, avx2,
//! avx512; the protocol's plain loop is compiled for the same level); the argument `levels` runs the parts
//! named once per level the CPU has: `cargo bench --bench curves -- protocol levels`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use featrank::polars::prelude::*;
use featrank::prelude::*;

#[path = "support/knn_data.rs"]
#[allow(dead_code)]
mod knn_data;
#[path = "support/levels.rs"]
mod levels;
#[path = "support/peak.rs"]
mod peak;
#[path = "support/plain_knn.rs"]
mod plain_knn;
#[path = "support/python.rs"]
mod python;
use peak::step;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "levels") && levels::run_each(&args) {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    let s = Binary::new(Design::Combined).generate(1).unwrap();
    let ds = Dataset::from_polars(&s.frame, "class").unwrap();
    let plan = CvPlan::stratified(&ds, 10, 10, 1).unwrap();
    let ranking = s.truth.ranking().unwrap();
    featrank::data::io::write_csv(&s.frame, dir.join("data.csv")).unwrap();
    featrank::data::io::write_csv(ranking.to_polars().unwrap(), dir.join("ranking.csv")).unwrap();
    let fold_cols: Vec<Column> = (0..plan.repeats())
        .map(|r| Column::new(format!("r{r}").into(), plan.assignment(r).iter().map(|&f| f as i64).collect::<Vec<_>>()))
        .collect();
    featrank::data::io::write_csv(DataFrame::new(ds.n_rows(), fold_cols).unwrap(), dir.join("folds.csv")).unwrap();
    println!("combined 1000×100, ground-truth ranking, {} threads", rayon::current_num_threads());
    // `cargo bench --bench curves -- svm expected` runs only the parts named (knn, svm, expected, scaling,
    // protocol, shortcut).
    let only: Vec<String> = args.into_iter().filter(|a| !a.starts_with('-') && a != "levels").collect();
    let wanted = |part: &str| only.is_empty() || only.iter().any(|o| part.contains(o.as_str()));
    // kNN with exactly k voters, as scikit-learn's KNeighborsClassifier takes them (featrank's default also
    // lets rows tied with the k-th vote, as Weka's IBk does), so that both sides do the same work.
    for (learner, grid) in [("knn:k=10,ties=first", Grid::Full), ("svm:c=0.1", Grid::Paper)] {
        if wanted(learner) {
            compare(&dir, &ds, &plan, &ranking, learner, grid);
        }
    }
    if wanted("expected") {
        expected_curve(&ds, &plan, &ranking);
    }
    if wanted("scaling") {
        scaling();
    }
    protocol(&ds, &plan, &wanted);
}

/// The expected curve of 100 random rankings (plus the ranking's own two curves), kNN k = 10, every
/// size, 10×10 CV: 100 chains of 100 sizes × 100 folds. Target: under 3 minutes.
fn expected_curve(ds: &Dataset, plan: &CvPlan, ranking: &Ranking) {
    let start = Instant::now();
    let c = CurveSpec::new(Knn::new())
        .plan(plan.clone())
        .grid(Grid::Full)
        .expected(100)
        .evaluate(ds, std::slice::from_ref(ranking))
        .unwrap();
    let t = start.elapsed().as_secs_f64();
    let e = c.expected().unwrap();
    println!("\nexpected curve, 100 random rankings + the ranking, knn:k=10, every size, 10×10 CV: {t:.1} s");
    println!("  E[FFA] at k = 1, 10, 100: {:.4} {:.4} {:.4}", e.mean[0], e.mean[9], e.mean[99]);
}

/// The papers' SVM protocol ([P18]): the expected curve of 100 random rankings, quadratic SVM (C = 0.1),
/// 10×10 CV, paper grid. Every ranking on all repeats is timed on `FEATRANK_BENCH_SVM_RANKINGS` rankings
/// (default 10) and extrapolated to 100; the shortcut `expected_repeats(1)` (each random ranking on one
/// repeat) runs all 100, and once more on the same rankings as the full run to show how far it moves the
/// curve and its band. kNN, where the full protocol is cheap, gives the same at 100 rankings beside the noise
/// floor: the full protocol with other random rankings. Parts `protocol` (SVM) and `shortcut` (kNN).
fn protocol(ds: &Dataset, plan: &CvPlan, wanted: &dyn Fn(&str) -> bool) {
    let run = |learner: Box<dyn Learner>, rankings: usize, each: Option<usize>, seed: u64| {
        let mut spec = CurveSpec::new(learner).plan(plan.clone()).grid(Grid::Paper).expected(rankings).seed(seed);
        if let Some(r) = each {
            spec = spec.expected_repeats(r);
        }
        let start = Instant::now();
        let c = spec.evaluate(ds, &[]).unwrap();
        (start.elapsed().as_secs_f64(), c.expected().unwrap().clone())
    };
    let band = |e: &Curve| {
        featrank::math::mean(
            &e.hi.as_ref().unwrap().iter().zip(e.lo.as_ref().unwrap()).map(|(h, l)| h - l).collect::<Vec<_>>(),
        )
    };
    let gap = |a: &Curve, b: &Curve| a.mean.iter().zip(&b.mean).map(|(x, y)| (x - y).abs()).fold(0.0, f64::max);
    if wanted("protocol") {
        let m: usize = std::env::var("FEATRANK_BENCH_SVM_RANKINGS").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
        println!(
            "\nthe papers' protocol: expected curve of random rankings, svm:c=0.1 (quadratic), 10×10 CV, paper grid; \
             vector level {}",
            levels::current()
        );
        let (t_all, all) = run(Box::new(Svm::new()), m, None, 0);
        let full = t_all * 100.0 / m as f64;
        println!("  every ranking on all 10 repeats: {m} rankings {t_all:.1} s, 100 rankings extrapolated {full:.0} s");
        // The work in machine-independent terms (#50 states its target so: ten rankings within 86× this loop).
        let (data, truth) = knn_data::Kind::Gaussian.data(10_000);
        let (order, cv) = (truth.positions_in(&data).unwrap(), CvPlan::stratified(&data, 10, 1, 1).unwrap());
        let start = Instant::now();
        plain_knn::reference(&data, &cv, &order);
        let t_loop = start.elapsed().as_secs_f64();
        println!(
            "  the plain kNN loop of benches/floor.rs, 10,000 Gaussian rows, same run: {t_loop:.2} s; ten rankings \
             take {:.0}× it",
            full / 10.0 / t_loop
        );
        let (t_one, _) = run(Box::new(Svm::new()), 100, Some(1), 0);
        println!("  expected_repeats(1), 100 rankings: {t_one:.1} s ({:.1}× less)", full / t_one);
        let (_, one) = run(Box::new(Svm::new()), m, Some(1), 0);
        println!(
            "  the same {m} rankings, all repeats vs one each: max |Δ E[FFA]| {:.4}; mean 5–95% band {:.4} vs {:.4}",
            gap(&all, &one),
            band(&all),
            band(&one)
        );
    }
    if wanted("shortcut") {
        let (t_knn, all) = run(Box::new(Knn::new()), 100, None, 0);
        let (_, other) = run(Box::new(Knn::new()), 100, None, 1);
        let (_, one) = run(Box::new(Knn::new()), 100, Some(1), 0);
        println!(
            "\nknn:k=10, expected curve of 100 random rankings ({t_knn:.1} s on all repeats): max |Δ E[FFA]| all vs one repeat \
             each {:.4}, vs other random rankings {:.4}; mean 5–95% band {:.4} vs {:.4} (one repeat each)",
            gap(&all, &one),
            gap(&all, &other),
            band(&all),
            band(&one)
        );
    }
}

/// Time of both curves (one repeat of 10-fold CV) as the rows N and the features n grow, on `combined`
/// data with its ground-truth ranking: kNN at every size, the SVM on the papers' grid.
/// How time and peak memory grow: curves (kNN k = 10 at every size, quadratic SVM C = 0.1 on the paper
/// grid; FFA + RFA of each ranking, 10-fold CV) against the rows N, the features n, the repeats and the
/// number of rankings, one at a time from N = 1000, n = 100, 1 repeat, 1 ranking; then the main rankers
/// against N and n. Peak = the process's resident high-water mark during the step (data included).
fn scaling() {
    println!(
        "\nscaling: combined data; curves = FFA + RFA of each ranking, 10-fold CV; peak = resident high-water mark"
    );
    println!(
        "{:>6} {:>5} {:>7} {:>8} {:>9} {:>9} {:>9} {:>9}",
        "N", "n", "repeats", "rankings", "knn s", "knn MiB", "svm s", "svm MiB"
    );
    let mib = |b: u64| b as f64 / (1 << 20) as f64;
    let base = (1000, 100, 1, 1);
    let mut cases = vec![base];
    cases.extend([250, 500, 2000, 4000].map(|rows| (rows, 100, 1, 1)));
    cases.extend([50, 200, 400].map(|n| (1000, n, 1, 1)));
    cases.extend([3, 10].map(|repeats| (1000, 100, repeats, 1)));
    cases.extend([3, 10].map(|rankings| (1000, 100, 1, rankings)));
    for (rows, n, repeats, rankings) in cases {
        let s = Binary::new(Design::Combined).rows(rows).features(n).generate(2).unwrap();
        let ds = Dataset::from_polars(&s.frame, "class").unwrap();
        let truth = s.truth.ranking().unwrap();
        // The ground truth and rankings - 1 seeded shuffles of it.
        let candidates: Vec<Ranking> = (0..rankings)
            .map(|i| {
                let mut order: Vec<String> = truth.order().to_vec();
                if i > 0 {
                    use rand::seq::SliceRandom;
                    use rand::SeedableRng;
                    order.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(i as u64));
                }
                Ranking::from_order(&order).unwrap().with_name(format!("r{i}"))
            })
            .collect();
        let time = |learner: Box<dyn Learner>, grid: Grid| {
            let spec = CurveSpec::new(learner).folds(10).repeats(repeats).grid(grid).expected(0);
            let (_, t, peak) = step(|| spec.evaluate(&ds, &candidates).unwrap());
            (t, peak)
        };
        let (knn, knn_peak) = time(Box::new(Knn::new()), Grid::Full);
        let (svm, svm_peak) = if rows <= 2000 { time(Box::new(Svm::new()), Grid::Paper) } else { (f64::NAN, 0) };
        println!(
            "{rows:>6} {n:>5} {repeats:>7} {rankings:>8} {knn:>9.2} {:>9.0} {svm:>9.2} {:>9.0}",
            mib(knn_peak),
            mib(svm_peak)
        );
    }
    println!("\nrankers on all rows, combined data");
    // (name, spec, largest N timed): SVM-RFE refits an SVM per step, O(N²) each.
    let rankers: Vec<(&str, &str, usize)> = vec![
        ("relieff", "relieff:k=10", usize::MAX),
        ("multisurf", "multisurf", usize::MAX),
        ("forest", "forest:trees=100", usize::MAX),
        ("svm-rfe", "svm-rfe", 4000),
        ("info-gain", "info-gain", usize::MAX),
        ("mrmr", "mrmr", usize::MAX),
    ];
    print!("{:>6} {:>5}", "N", "n");
    for (name, _, _) in &rankers {
        print!(" {:>10} {:>6}", format!("{name} s"), "MiB");
    }
    println!();
    for (rows, n) in [(1000, 100), (4000, 100), (16000, 100), (1000, 400), (1000, 1600)] {
        let s = Binary::new(Design::Combined).rows(rows).features(n).generate(2).unwrap();
        let ds = Dataset::from_polars(&s.frame, "class").unwrap();
        print!("{rows:>6} {n:>5}");
        for &(_, spec, max_rows) in &rankers {
            if rows > max_rows {
                print!(" {:>10} {:>6}", "-", "-");
                continue;
            }
            let ranker = featrank::rankers::parse(spec).unwrap();
            let (_, t, peak) = step(|| ranker.rank(&ds, 1).unwrap());
            print!(" {t:>10.2} {:>6.0}", mib(peak));
        }
        println!();
    }
}

/// Run `benches/NAME` on the benchmark's data, folds and ranking with `args` and read the JSON it prints; the
/// reason it did not run otherwise.
fn compare(dir: &Path, ds: &Dataset, plan: &CvPlan, ranking: &Ranking, learner: &str, grid: Grid) {
    let sizes = grid.sizes(ds.n_features()).unwrap();
    let run = |repeats: usize| {
        let assignments = (0..repeats).map(|r| plan.assignment(r).iter().map(|&f| f as usize).collect()).collect();
        let p = CvPlan::from_assignments(assignments, ds.n_rows()).unwrap();
        let model: Arc<dyn Learner> = featrank::learners::parse(learner).unwrap().into();
        let start = Instant::now();
        let c = CurveSpec::new(model)
            .plan(p)
            .grid(grid.clone())
            .expected(0)
            .evaluate(ds, std::slice::from_ref(ranking))
            .unwrap();
        (start.elapsed().as_secs_f64(), c)
    };
    let (t1, c1) = run(1);
    let (t10, _) = run(10);
    println!("\n{learner}, FFA+RFA with {} sizes each", sizes.len());
    println!("  featrank      1 repeat  × 10 folds: {t1:8.2} s");
    println!("  featrank     10 repeats × 10 folds: {t10:8.2} s");
    let sizes_arg = sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
    let script = |name: &str, repeats: usize| {
        let inputs = ["data.csv", "folds.csv", "ranking.csv"].map(|f| dir.join(f).display().to_string());
        let args = [&inputs[..], &[learner.to_string(), repeats.to_string(), sizes_arg.clone()]].concat();
        python::script_json(name, &args).map_err(|why| println!("  {why}"))
    };
    // the same curves through the Python layer (`pip install ./python`; FEATRANK_BENCH_PYTHON picks the
    // interpreter): the call alone, and with reading the CSV into pandas and across
    if let (Ok(p1), Ok(p10)) = (script("python_curves.py", 1), script("python_curves.py", 10)) {
        let (s1, s10) = (p1["seconds"].as_f64().unwrap(), p10["seconds"].as_f64().unwrap());
        println!(
            "  featrank from Python, 1 / 10 repeats: {s1:.2} s / {s10:.2} s ({:+.1} % / {:+.1} % against Rust; with pandas \
             reading the CSV: {:.2} s / {:.2} s)",
            100.0 * (s1 / t1 - 1.0),
            100.0 * (s10 / t10 - 1.0),
            p1["total"].as_f64().unwrap(),
            p10["total"].as_f64().unwrap()
        );
        let same = |key: &str, kind| {
            let mine = &c1.get(ranking.name(), kind).unwrap().mean;
            p1[key].as_array().unwrap().iter().zip(mine).all(|(a, b)| a.as_f64() == Some(*b))
        };
        println!(
            "  Python path = Rust path, every point of 1 repeat: {}",
            same("ffa", CurveKind::Ffa) && same("rfa", CurveKind::Rfa)
        );
    }

    let sk_repeats: usize =
        std::env::var("FEATRANK_BENCH_SKLEARN_REPEATS").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    if sk_repeats == 0 {
        return;
    }
    let Ok(v) = script("sklearn_curves.py", sk_repeats) else {
        return;
    };
    let sk = v["seconds"].as_f64().unwrap();
    let per_repeat = sk / sk_repeats as f64;
    println!(
        "  scikit-learn {sk_repeats} repeat(s) × 10 folds: {sk:8.2} s  (10 repeats extrapolated: {:.0} s)",
        per_repeat * 10.0
    );
    println!("  ratio, 1 repeat:  featrank is {:.1}× faster", per_repeat / t1);
    println!("  ratio, 10×10 CV:  featrank is {:.1}× faster", per_repeat * 10.0 / t10);
    if sk_repeats == 1 {
        let name = ranking.name();
        let theirs =
            |key: &str| -> Vec<f64> { v[key].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect() };
        let diff = |key: &str, kind| {
            let mine = &c1.get(name, kind).unwrap().mean;
            theirs(key).iter().zip(mine).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max)
        };
        println!(
            "  agreement: max |featrank − scikit-learn| over the grid: FFA {:.4}, RFA {:.4}",
            diff("ffa", CurveKind::Ffa),
            diff("rfa", CurveKind::Rfa)
        );
    }
}
