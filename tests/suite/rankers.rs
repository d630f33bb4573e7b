//! Every ranker: hand-computed tiny cases, planted relevant features, the digests' invariants, thread-count
//! independence, bad input, and the synthetic ordering ReliefF > RF > IG ≈ SVM-RFE (thesis §5.3.5).

use crate::common;

use featrank::prelude::*;
use featrank::rankers::{self, parse, ReliefConvention};

fn dataset(df: &DataFrame) -> Dataset {
    Dataset::from_polars(df, "class").unwrap()
}

fn top(r: &Ranking, k: usize) -> Vec<String> {
    let mut t = r.order()[..k].to_vec();
    t.sort();
    t
}

/// ReliefF weights on six rows, worked out by hand (k = 1, all instances):
/// x0 = 0,1,2,7,8,10 (range 10), x1 = p,p,q,q,q,p, class a,a,a,b,b,b. Per reference row the nearest
/// hit/miss and the diffs (x0, x1): row0 H1 M5 → (−.1+1.0, 0); row1 H0 M5 → (−.1+.9, 0);
/// row2 H1 M3 → (−.1+.5, −1); row3 H4 M2 → (−.1+.5, 0); row4 H3 M2 → (−.1+.6, 0);
/// row5 H4 M1 → (−.2+.9, −1). W = sums / 6 = (3.7/6, −2/6).
#[test]
fn relieff_weights_computed_by_hand() {
    let df = df!(
        "x0" => [0.0, 1.0, 2.0, 7.0, 8.0, 10.0],
        "x1" => ["p", "p", "q", "q", "q", "p"],
        "class" => ["a", "a", "a", "b", "b", "b"]
    )
    .unwrap();
    let w = ReliefF::new().k(1).scores(&dataset(&df), 0).unwrap();
    assert!((w[0] - 3.7 / 6.0).abs() < 1e-12, "{w:?}");
    assert!((w[1] + 2.0 / 6.0).abs() < 1e-12, "{w:?}");
}

/// Missing values follow Robnik-Šikonja & Kononenko: with one nominal value missing, diff = 1 − P(v | class).
#[test]
fn relieff_missing_nominal_uses_class_probabilities() {
    // Row 2's x is missing; its class a has x = p twice → P(p | a) = 1, P(q | a) = 0.
    let df = df!(
        "x" => [Some("p"), Some("p"), None, Some("q"), Some("q"), Some("q")],
        "class" => ["a", "a", "a", "b", "b", "b"]
    )
    .unwrap();
    let data = dataset(&df);
    let w = ReliefF::new().k(1).convention(ReliefConvention::Rsk).scores(&data, 0).unwrap();
    // By hand (distance = diff of x): row0 H1(0) M3(1) → +1; row1 H0 M3 → +1;
    // row2 (missing, class a): diff to p-rows = 1 − P(p|a) = 0, to q-rows = 1 − P(q|a) = 1 → H0 (0), M3 (1) → +1;
    // row3 H4 (0) M: rows 0,1 diff 1, row 2 diff 1 − P(q|a) = 1 → M0 → +1; rows 4, 5 likewise → W = 6/6.
    assert!((w[0] - 1.0).abs() < 1e-12, "{w:?}");
}

/// Every registered ranker of its own that takes `task` and is expected to find planted main effects: the
/// registry's list, less those that by design do not (their reasons below).
fn supervised(task: Task) -> Vec<&'static str> {
    // The Laplacian score, the variance and (unsupervised by default) Inf-FS never see the target. The far terms of SURF* and MultiSURF*
    // count against main effects (`far_terms_count_against_main_effects`). DISR is left out on purpose: it divides by the joint entropy H(XZY), so a noise feature that MDL
    // makes constant (H adds nothing) beats a second relevant one — DISR's own normalisation, checked
    // in `information_selection_starts_with_the_information_gain_winner`.
    let blind = ["inffs", "disr", "laplacian", "variance", "surf-star", "multisurf-star"];
    rankers::methods().into_iter().filter(|m| !blind.contains(m) && parse(m).unwrap().supports(task)).collect()
}

#[test]
fn every_classification_ranker_puts_planted_features_on_top() {
    let data = dataset(&common::planted_gaussian(300, 3, 17, 2, 5));
    for method in supervised(Task::Classification) {
        let r = parse(method).unwrap().rank(&data, 1).unwrap();
        assert_eq!(top(&r, 3), ["r0", "r1", "r2"], "{method}: {:?}", &r.order()[..5]);
        assert_eq!(r.name(), method);
        println!("{method:<24} top 5: {:?}", &r.order()[..5]);
    }
}

#[test]
fn multiclass_rankers_find_planted_features() {
    let data = dataset(&common::planted_gaussian(300, 3, 12, 3, 6));
    for method in supervised(Task::Classification) {
        let spec = if method == "ecfs" { "ecfs:fisher=generalized".to_string() } else { method.to_string() };
        let r = parse(&spec).unwrap().rank(&data, 2).unwrap();
        assert_eq!(top(&r, 3), ["r0", "r1", "r2"], "{method}: {:?}", &r.order()[..5]);
    }
    // One-vs-rest SVM-RFE too.
    let ovr = parse("svm-rfe:multiclass=ovr").unwrap().rank(&data, 0).unwrap();
    assert_eq!(top(&ovr, 3), ["r0", "r1", "r2"]);
}

#[test]
fn regression_rankers() {
    use rand::Rng;
    let mut rng = featrank::seed::rng_for(3, &[]);
    let n = 300;
    let x0: Vec<f64> = (0..n).map(|_| rng.r#gen()).collect();
    let x1: Vec<f64> = (0..n).map(|_| rng.r#gen()).collect();
    let noise: Vec<Vec<f64>> = (0..6).map(|_| (0..n).map(|_| rng.r#gen()).collect()).collect();
    let y: Vec<f64> = (0..n).map(|i| 3.0 * x0[i] + x1[i] + 0.1 * rng.r#gen::<f64>()).collect();
    let mut cols = vec![Column::new("x0".into(), x0), Column::new("x1".into(), x1)];
    noise.into_iter().enumerate().for_each(|(j, v)| cols.push(Column::new(format!("n{j}").into(), v)));
    cols.push(Column::new("y".into(), y));
    let data = Dataset::from_polars(DataFrame::new(n, cols).unwrap(), "y").unwrap();
    for method in supervised(Task::Regression) {
        let r = parse(method).unwrap().rank(&data, 0).unwrap();
        assert_eq!(&r.order()[..2], ["x0", "x1"], "{method}");
    }
    let impurity = ForestImportance::new().importance(Importance::Impurity).rank(&data, 0).unwrap();
    assert_eq!(&impurity.order()[..2], ["x0", "x1"]);
    // A class-only ranker refuses a numeric target and says what to use instead.
    let err = ReliefF::new().rank(&data, 0).unwrap_err().to_string();
    assert!(err.contains("rrelieff"), "{err}");
}

/// Same seed ⇒ bit-identical scores on 1 and 3 threads.
#[test]
fn scores_do_not_depend_on_thread_count() {
    let data = dataset(&common::planted_gaussian(200, 3, 9, 3, 7));
    let run = |threads: usize, spec: &str| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let ranker = parse(spec).unwrap();
        pool.install(|| ranker.scores(&data, 11).unwrap())
    };
    for spec in ["relieff", "forest", "forest:importance=impurity", "svm-rfe", "inffs", "consensus:folds=5"] {
        assert_eq!(run(1, spec), run(3, spec), "{spec}");
    }
    let ens = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| Ensemble::new(Box::new(ReliefF::new()), 8, Aggregate::Mean).scores(&data, 5).unwrap())
    };
    assert_eq!(ens(1), ens(3));
}

/// EC-FS structural facts (digest A.5 / D.1): α = 1 with v_min = 0 ranks by v = (f + m)/2; α = 0 ranks by
/// σ; a feature dominating another in both v and σ is never ranked below it.
#[test]
fn ecfs_invariants() {
    let mut df = common::planted_gaussian(200, 3, 9, 2, 8);
    // A constant feature makes v_min = 0; scaled copies vary σ independently of f and m.
    df.with_column(Column::new("const".into(), vec![1.0; 200])).unwrap();
    let scaled: Vec<f64> = df.column("n0").unwrap().f64().unwrap().into_no_null_iter().map(|v| 5.0 * v).collect();
    df.with_column(Column::new("n0x5".into(), scaled)).unwrap();
    let data = Dataset::builder(&df, "class").build().unwrap();
    let f = Fisher::new().variant(FisherVariant::Binary).scores(&data, 0).unwrap();
    let m = MutualInfo::new().scores(&data, 0).unwrap();
    let v: Vec<f64> = f.iter().zip(&m).map(|(f, m)| (f + m) / 2.0).collect();
    let sigma: Vec<f64> = (0..data.n_features())
        .map(|j| {
            let x: Vec<f64> = data.feature(j).to_vec();
            let mean = x.iter().sum::<f64>() / x.len() as f64;
            (x.iter().map(|a| (a - mean).powi(2)).sum::<f64>() / (x.len() - 1) as f64).sqrt()
        })
        .collect();
    let order_by = |s: &[f64]| Ranking::from_scores(data.feature_names(), s).unwrap().order().to_vec();
    let ecfs = |alpha: f64| EcFs::new().alpha(alpha).scores(&data, 0).unwrap();
    assert_eq!(order_by(&ecfs(1.0)), order_by(&v));
    assert_eq!(order_by(&ecfs(0.0)), order_by(&sigma));
    let s = ecfs(0.5);
    for i in 0..v.len() {
        for k in 0..v.len() {
            if v[i] >= v[k] && sigma[i] >= sigma[k] {
                assert!(s[i] >= s[k] - 1e-12, "{i} dominates {k} but scores lower");
            }
        }
    }
    // Inf-FS with α = 1 keeps only the dispersion graph: ranking by σ as well.
    let inf = InfFs::new().alpha(1.0).scores(&data, 0).unwrap();
    assert_eq!(order_by(&inf), order_by(&sigma));
    // Supervised Inf-FS with α = 0 keeps only the class graph f_i f_j / f_max² (rank one, as the constant
    // feature makes f_min = 0): S = Σ (rA)^l has row sums ∝ f_i, so it ranks by the Fisher ratio.
    let sup = InfFs::new().alpha(0.0).supervised(true).scores(&data, 0).unwrap();
    assert_eq!(order_by(&sup), order_by(&f));
    // Two classes only, said by the parameter's name.
    let wine = featrank::data::datasets::load("wine").unwrap().dataset().unwrap();
    let e = InfFs::new().supervised(true).rank(&wine, 0).unwrap_err().to_string();
    assert!(e.contains("supervised") && e.contains("3 classes"), "{e}");
}

/// Information gain with a missing value distributed over the present values (Weka's rule), by hand:
/// x = a, a, b, ? and y = 0, 0, 1, 1. The missing row (class 1) splits 2/3 to a, 1/3 to b:
/// n(a) = (2, 2/3), n(b) = (0, 4/3); IG = 1 − (8/3)/4 · H(3/4, 1/4) = 0.4591479…
#[test]
fn info_gain_distributes_missing_values() {
    let df = df!("x" => [Some("a"), Some("a"), Some("b"), None], "class" => ["0", "0", "1", "1"]).unwrap();
    let ig = Filter::new(Criterion::InfoGain).scores(&dataset(&df), 0).unwrap();
    let h = -(0.75f64 * 0.75f64.log2() + 0.25 * 0.25f64.log2());
    assert!((ig[0] - (1.0 - 2.0 / 3.0 * h)).abs() < 1e-12, "{ig:?}");
}

/// Weka's InfoGain and ChiSquared on vote both put physician-fee-freeze first.
#[test]
fn filters_on_a_nominal_dataset_with_missing_values() {
    let vote = featrank::data::datasets::load("vote").unwrap().dataset().unwrap();
    for c in [Criterion::InfoGain, Criterion::GainRatio, Criterion::SymmetricalUncertainty, Criterion::ChiSquared] {
        let r = Filter::new(c).rank(&vote, 0).unwrap();
        assert_eq!(r.order()[0], "physician-fee-freeze", "{c:?}");
    }
    // MDL discretisation on a numeric dataset: petal features carry the information in iris.
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let r = Filter::new(Criterion::InfoGain).rank(&iris, 0).unwrap();
    assert_eq!(top(&r, 2), ["petallength", "petalwidth"]);
}

/// Consensus never imputes: a feature observed only on rows of one class has no evidence (AUC 0.5),
/// and a strong feature with 40 % of its values missing still leads.
#[test]
fn consensus_uses_available_cases_only() {
    let mut df = common::planted_gaussian(200, 2, 6, 2, 9);
    let r0: Vec<Option<f64>> = df
        .column("r0")
        .unwrap()
        .f64()
        .unwrap()
        .into_no_null_iter()
        .enumerate()
        .map(|(i, v)| if i % 5 < 2 { None } else { Some(v) })
        .collect();
    df.with_column(Column::new("r0".into(), r0)).unwrap();
    let one_class: Vec<Option<f64>> = (0..200).map(|i| if i % 2 == 0 { Some(i as f64) } else { None }).collect();
    df.with_column(Column::new("only_c0".into(), one_class)).unwrap();
    let data = dataset(&df);
    let table = Consensus::new().auc_table(&data, 0).unwrap();
    println!("{table}");
    let consensus = table.column("consensus").unwrap().f64().unwrap();
    let rows = table.column("rows").unwrap().u32().unwrap();
    let idx = |name: &str| data.feature_index(name).unwrap();
    assert_eq!(rows.get(idx("r0")), Some(120));
    assert_eq!(consensus.get(idx("only_c0")), Some(0.5));
    let r = Consensus::new().rank(&data, 0).unwrap();
    assert_eq!(r.order()[0], "r0");
    assert!(consensus.get(idx("r0")).unwrap() > 0.75);
    assert!((0..6).all(|j| consensus.get(idx(&format!("n{j}"))).unwrap() < 0.6));
}

/// Ensemble aggregates: per feature best ≤ median ≤ worst and best ≤ mean ≤ worst; the thesis names
/// max/min map to best/worst.
#[test]
fn ensemble_aggregates_are_ordered() {
    let data = dataset(&common::planted_gaussian(150, 3, 7, 2, 10));
    let e = Ensemble::new(Box::new(ForestImportance::new().trees(20)), 9, Aggregate::Mean);
    let ranks = e.bootstrap_ranks(&data, 4).unwrap();
    assert_eq!(ranks.len(), 9);
    for row in &ranks {
        let mut sorted = row.clone();
        sorted.sort_by(f64::total_cmp);
        assert_eq!(sorted, (1..=10).map(f64::from).collect::<Vec<_>>(), "each bootstrap ranking is a permutation");
    }
    let agg = |a: Aggregate| Ensemble::new(Box::new(ForestImportance::new().trees(20)), 9, a).scores(&data, 4).unwrap();
    let (mean, median, best, worst) =
        (agg(Aggregate::Mean), agg(Aggregate::Median), agg(Aggregate::Best), agg(Aggregate::Worst));
    for f in 0..10 {
        // Scores are minus ranks.
        assert!(best[f] >= median[f] && median[f] >= worst[f]);
        assert!(best[f] >= mean[f] && mean[f] >= worst[f]);
    }
    assert_eq!("max".parse::<Aggregate>().unwrap(), Aggregate::Best);
    assert_eq!("min".parse::<Aggregate>().unwrap(), Aggregate::Worst);
    let r = Ensemble::new(Box::new(ReliefF::new()), 10, Aggregate::Median).rank(&data, 1).unwrap();
    assert_eq!(top(&r, 3), ["r0", "r1", "r2"]);
}

#[test]
fn bad_input_gives_errors_naming_the_problem() {
    let data = dataset(&common::planted_gaussian(60, 2, 3, 3, 11));
    let msg = |r: featrank::Result<Ranking>| r.unwrap_err().to_string();
    // Parameters.
    for (method, param, name) in [
        ("relieff", "k=0", "k"),
        ("forest", "trees=0", "trees"),
        ("svm-rfe", "step=0", "step"),
        ("svm-rfe", "step=1.5", "step"),
        ("svm-rfe", "c=-1", "c"),
        ("ecfs", "alpha=2", "alpha"),
        ("inffs", "decay=1", "decay"),
        ("consensus", "folds=1", "folds"),
        ("fisher", "variant=cubic", "cubic"),
        ("relieff", "trees=3", "trees"),
    ] {
        let err = parse(&format!("{method}:{param}")).unwrap_err().to_string();
        assert!(err.contains(name), "{method} {param}: {err}");
    }
    assert!(parse("relieff:k=1,k=2").unwrap_err().to_string().contains("given twice"));
    // More reference instances than rows.
    assert!(msg(ReliefF::new().sample(61).rank(&data, 0)).contains("only 60 rows"));
    // Three classes: EC-FS and the binary Fisher formula refuse and point to the extension.
    assert!(msg(EcFs::new().rank(&data, 0)).contains("generalized"));
    assert!(msg(Fisher::new().variant(FisherVariant::Binary).rank(&data, 0)).contains("exactly 2 classes"));
    // One class left after selecting rows (a frame with one class is refused when it is read).
    let one = data.take_rows(&[0, 3, 6, 9]).unwrap();
    for method in rankers::methods().iter().filter(|m| parse(m).unwrap().supports(Task::Classification)) {
        let err = parse(method).unwrap().rank(&one, 0).unwrap_err().to_string();
        assert!(err.contains("two classes"), "{method}: {err}");
    }
    // Nominal features with many levels where a method needs numbers: the column is named.
    let soy = featrank::data::datasets::load("soybean").unwrap().dataset().unwrap();
    let err = msg(Fisher::new().rank(&soy, 0));
    assert!(err.contains("nominal with"), "{err}");
    // A constant target for RReliefF.
    let flat = df!("x" => [1.0, 2.0, 3.0, 4.0], "y" => [1.0, 2.0, 2.0, 2.0]).unwrap();
    let flat = Dataset::from_polars(&flat, "y").unwrap().take_rows(&[1, 2, 3]).unwrap();
    assert!(msg(RReliefF::new().rank(&flat, 0)).contains("constant"));
    // Zero bootstraps.
    assert!(msg(Ensemble::new(Box::new(Fisher::new()), 0, Aggregate::Mean).rank(&data, 0)).contains("bootstrap"));
}

/// Constant and all-missing-free degenerate features never panic and score as uninformative.
#[test]
fn constant_features_score_zero_or_lowest() {
    let mut df = common::planted_gaussian(100, 2, 2, 2, 12);
    df.with_column(Column::new("flat".into(), vec![3.0; 100])).unwrap();
    let data = dataset(&df);
    let flat = data.feature_index("flat").unwrap();
    for method in ["relieff", "info-gain", "gain-ratio", "symmetrical-uncertainty", "chi2", "fisher", "mi"] {
        let s = parse(method).unwrap().scores(&data, 0).unwrap();
        assert_eq!(s[flat], 0.0, "{method}");
    }
    for method in ["forest", "svm-rfe", "ecfs", "consensus"] {
        let r = parse(method).unwrap().rank(&data, 0).unwrap();
        assert!(r.rank_of("flat").unwrap() > 2, "{method}: {:?}", r.order());
    }
}

/// Thesis §5.3.5 / 004 App. 3: on `combined`, ECA against the expected curve orders the rankers
/// ReliefF > random forest > information gain ≈ SVM-RFE, all above random. CI-sized: kNN curves
/// (the quadratic SVM is the papers' learner; the example `rankers_on_synthetic` runs it at full
/// size), 2 × 10-fold CV, 20 random rankings.
#[test]
fn synthetic_combined_orders_relieff_forest_ig_svmrfe() {
    let s = Binary::new(Design::Combined).generate(1).unwrap();
    let data = Dataset::from_polars(&s.frame, "class").unwrap();
    let methods = ["relieff", "forest", "info-gain", "svm-rfe"];
    let rankings: Vec<Ranking> = methods.iter().map(|m| parse(m).unwrap().rank(&data, 1).unwrap()).collect();
    let curves =
        CurveSpec::new(Knn::new()).folds(10).repeats(2).expected(20).seed(1).evaluate(&data, &rankings).unwrap();
    let eca: Vec<f64> =
        methods.iter().map(|m| curves.eca(m, Baseline::Expected, Weighting::Uniform).unwrap().eca).collect();
    println!(
        "ECA vs expected (uniform), combined, knn:k=10, 2×10 CV: {:?}",
        methods.iter().zip(&eca).collect::<Vec<_>>()
    );
    let [relieff, forest, ig, rfe] = [eca[0], eca[1], eca[2], eca[3]];
    assert!(relieff > forest, "ReliefF {relieff} vs RF {forest}");
    // RF ahead of both univariate-in-effect rankers by a clear margin; those two close together.
    assert!(forest > ig.max(rfe) + 0.02, "RF {forest} vs IG {ig}, SVM-RFE {rfe}");
    assert!((ig - rfe).abs() < 0.03, "IG {ig} vs SVM-RFE {rfe}");
    assert!(ig.min(rfe) > 0.05, "all above random");
}

/// mRMR (difference form), JMI and CMIM select in the order ITMO_FS, an independent implementation,
/// selects on the complete rows of the all-nominal bundled datasets (`scripts/itmo/info_reference.py`).
#[test]
fn information_selection_agrees_with_itmo_fs() {
    let path = format!("{}/tests/reference/itmo_information.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let cells: Vec<&str> = line.splitn(3, ',').collect();
        let (name, criterion, order) = (cells[0], cells[1], cells[2]);
        let data = featrank::data::datasets::load(name).unwrap().dataset().unwrap();
        let complete: Vec<usize> =
            (0..data.n_rows()).filter(|&i| (0..data.n_features()).all(|j| !data.is_missing(i, j))).collect();
        let data = data.take_rows(&complete).unwrap();
        let ours = parse(criterion).unwrap().rank(&data, 0).unwrap();
        let theirs: Vec<&str> = order.split(';').collect();
        let same = ours.order().iter().zip(&theirs).take_while(|(a, b)| a == *b).count();
        println!("{name} {criterion}: first {same} of {} in the same order", theirs.len());
        assert_eq!(ours.order(), &theirs[..], "{name} {criterion}");
        checked += 1;
    }
    assert_eq!(checked, 9);
}

/// The XOR pairs of `combined` (known answer): alone each partner carries no information about the class.
/// Kept as 0/1 values (`discretise=equal-width,bins=2`), JMI and DISR take the 9 single features first and,
/// once chance picks one partner of a pair, take the other partner next — they see the interaction.
/// CMIM and JMIM take the minimum over every selected feature, and a partner tells nothing given a single
/// feature, so they pick the first partner but not the second right after it. With the default MDL
/// discretisation a partner, useless alone, becomes one interval (constant), and no criterion can see
/// the pair: the discretisation is univariate and supervised.
#[test]
fn information_selection_on_the_xor_pairs_of_combined() {
    use featrank::data::synth::{Binary, Design, SetKind};
    let s = Binary::new(Design::Combined).generate(1).unwrap();
    let data = Dataset::from_polars(&s.frame, "class").unwrap();
    let set_of = |f: &str| s.truth.sets.iter().find(|set| set.p > 0.5 && set.features.iter().any(|x| x == f));
    let singles: Vec<&str> =
        s.truth.relevant().into_iter().filter(|f| set_of(f).is_some_and(|set| set.kind == SetKind::Single)).collect();
    // positions at which the second partner of a pair directly follows the first, in the top 40
    let adjacent_pairs = |r: &Ranking| {
        r.order()[..40]
            .windows(2)
            .filter(|w| set_of(&w[0]).is_some_and(|a| a.kind == SetKind::Xor && a.features.contains(&w[1])))
            .count()
    };
    for spec in ["jmi", "disr", "cmim", "jmim", "mrmr", "mrmr-quotient"] {
        let binary = parse(&format!("{spec}:discretise=equal-width,bins=2")).unwrap().rank(&data, 0).unwrap();
        let mdl = parse(spec).unwrap().rank(&data, 0).unwrap();
        let top9: Vec<&str> = binary.order()[..9].iter().map(String::as_str).collect();
        println!(
            "{spec}: singles in the top 9: {}; adjacent XOR pairs in the top 40: {} (0/1 values), {} (MDL)",
            top9.iter().filter(|f| singles.contains(f)).count(),
            adjacent_pairs(&binary),
            adjacent_pairs(&mdl)
        );
        if spec != "mrmr-quotient" {
            assert!(singles.iter().all(|f| top9.contains(f)), "{spec}: the 9 singles first: {top9:?}");
        }
        match spec {
            "jmi" | "disr" => assert!(adjacent_pairs(&binary) >= 2, "{spec} completes the pairs it starts"),
            "cmim" | "jmim" => assert_eq!(adjacent_pairs(&binary), 0, "{spec}: the minimum hides the partner"),
            _ => {}
        }
        assert_eq!(adjacent_pairs(&mdl), 0, "{spec}: MDL makes partners constant");
    }
}

/// Every information criterion picks first the feature with the largest information gain (the relevance
/// I(X;Y) with the filters' discretisation and missing-value spread), on nominal data with missing values
/// and on numeric data; scores give the selection order.
#[test]
fn information_selection_starts_with_the_information_gain_winner() {
    for name in ["vote", "wdbc", "credit-g"] {
        let data = featrank::data::datasets::load(name).unwrap().dataset().unwrap();
        let ig = parse("info-gain").unwrap().rank(&data, 0).unwrap();
        for spec in ["mrmr", "mrmr-quotient", "jmi", "cmim", "disr", "jmim", "jmi:discretise=equal-width,bins=5"] {
            let r = parse(spec).unwrap().rank(&data, 0).unwrap();
            if !spec.contains("equal-width") {
                assert_eq!(r.order()[0], ig.order()[0], "{name} {spec}");
            }
            let scores = r.scores().unwrap();
            assert!(
                scores.windows(2).all(|w| w[0] == w[1] + 1.0) && scores[scores.len() - 1] == 1.0,
                "{name} {spec}: n − step"
            );
        }
    }
    // DISR's normalisation by H(XZY): after the strongest planted feature, a noise feature made constant
    // by MDL (it adds no entropy) scores SR(XZ;Y) = SR(Z;Y), above a second relevant feature.
    let planted = dataset(&common::planted_gaussian(300, 3, 17, 2, 5));
    let disr = parse("disr").unwrap().rank(&planted, 0).unwrap();
    assert_eq!(&disr.order()[..2], ["r0", "n0"]);
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    for (bad, key) in [
        ("jmi:discretise=equal-width,bins=1", "bins"),
        ("jmi:bins=4", "bins"),
        ("jmi:discretise=equal-width,mdl=instances", "mdl"),
        ("jmi:discretise=kmeans", "kmeans"),
        ("fcbf:delta=1.5", "delta"),
        ("fcbf:bins=3", "bins"),
    ] {
        let err = parse(bad).and_then(|r| r.rank(&iris, 0)).unwrap_err().to_string();
        assert!(err.contains(key), "{bad}: {err}");
    }
}

/// The Laplacian score ranks as scikit-feature's `lap_score` on the same graph (k = 5 neighbours, heat
/// kernel, no self-loops; `scripts/skfeature/laplacian_reference.py`) on wdbc, wine and iris; the kernel
/// width written in the reference is the one `t=auto` computes, so the default ranks the same. Constant
/// features come last, and missing values are refused by column name.
#[test]
fn laplacian_score_agrees_with_scikit_feature() {
    use featrank::rankers::LaplacianScore;
    let path = format!("{}/tests/reference/skfeature_laplacian.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().skip(1) {
        let cells: Vec<&str> = line.splitn(4, ',').collect();
        let (name, k, t) = (cells[0], cells[1].parse::<usize>().unwrap(), cells[2].parse::<f64>().unwrap());
        let theirs: Vec<&str> = cells[3].split(';').collect();
        let data = featrank::data::datasets::load(name).unwrap().dataset().unwrap();
        let ours = LaplacianScore::new().k(k).t(t).rank(&data, 0).unwrap();
        assert_eq!(ours.order(), &theirs[..], "{name}");
        assert_eq!(LaplacianScore::new().k(k).rank(&data, 0).unwrap().order(), &theirs[..], "{name}: t=auto");
        assert!(ours.scores().unwrap().iter().all(|&s| (-2.0..=0.0).contains(&s)), "{name}: LS in [0, 2]");
    }
    let df = df!("c" => [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "x" => [0.0, 0.1, 0.2, 3.0, 3.1, 3.2], "class" => ["a", "a", "a", "b", "b", "b"]).unwrap();
    let r = LaplacianScore::new().k(2).rank(&dataset(&df), 0).unwrap();
    assert_eq!(r.order(), ["x", "c"]);
    let vote = featrank::data::datasets::load("vote").unwrap().dataset().unwrap();
    let err = LaplacianScore::new().rank(&vote, 0).unwrap_err().to_string();
    assert!(err.contains("missing values"), "{err}");
    assert!(LaplacianScore::new().k(0).rank(&data_iris(), 0).unwrap_err().to_string().contains("'k'"));
    assert!(LaplacianScore::new().t(-1.0).rank(&data_iris(), 0).unwrap_err().to_string().contains("'t'"));
}

fn data_iris() -> Dataset {
    featrank::data::datasets::load("iris").unwrap().dataset().unwrap()
}

/// The SURF family scores as scikit-rebate 0.8.4, its authors' implementation
/// (`scripts/skrebate/relief_reference.py`), to 1e-9: complete continuous data (wdbc, glass; wine with
/// three classes), mixed data where the ramp applies (ionosphere), nominal data with missing values
/// (vote, MultiSURF and MultiSURF*) and a numeric target (diabetes-progression).
#[test]
fn surf_family_agrees_with_skrebate() {
    use std::collections::BTreeMap;
    let path = format!("{}/tests/reference/skrebate_relief.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut groups: BTreeMap<(String, String), Vec<(String, f64)>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let (name, method, score) = (cells[0], cells[1], cells[cells.len() - 1].parse::<f64>().unwrap());
        let feature = cells[2..cells.len() - 1].join(",");
        groups.entry((name.into(), method.into())).or_default().push((feature, score));
    }
    let mut compared = 0;
    for ((name, method), theirs) in &groups {
        if method == "turf" {
            continue;
        }
        let data = featrank::data::datasets::load(name).unwrap().dataset().unwrap();
        let ours = parse(method).unwrap().scores(&data, 0).unwrap();
        assert_eq!(ours.len(), theirs.len(), "{name} {method}");
        let worst = ours.iter().zip(theirs).map(|(a, (_, b))| (a - b).abs()).fold(0.0, f64::max);
        println!("{name} {method}: max |Δ| = {worst:.2e}");
        assert!(worst < 1e-9, "{name} {method}: max |Δ| = {worst:e}");
        compared += 1;
    }
    assert_eq!(compared, 22);
}

/// The XOR pairs of `combined` (known answer): a partner tells nothing about the class alone, so
/// univariate filters (information gain) leave the pairs among the noise, while the Relief family, whose
/// neighbourhoods hold the partner fixed, ranks both partners of most pairs above every noise feature.
#[test]
fn relief_family_finds_the_xor_pairs_of_combined() {
    use featrank::data::synth::{Binary, Design, SetKind};
    let s = Binary::new(Design::Combined).generate(1).unwrap();
    let data = Dataset::from_polars(&s.frame, "class").unwrap();
    let partners: Vec<&str> = s
        .truth
        .sets
        .iter()
        .filter(|set| set.p > 0.5 && set.kind == SetKind::Xor)
        .flat_map(|set| set.features.iter().map(String::as_str))
        .collect();
    let relevant = s.truth.relevant();
    // partners ranked above the best noise feature
    let above_noise = |r: &Ranking| {
        let first_noise = r.order().iter().position(|f| !relevant.contains(&f.as_str())).unwrap();
        r.order()[..first_noise].iter().filter(|f| partners.contains(&f.as_str())).count()
    };
    for spec in
        ["info-gain", "relieff", "surf", "surf-star", "multisurf", "multisurf-star", "turf:base=(multisurf),keep=30"]
    {
        let r = parse(spec).unwrap().rank(&data, 0).unwrap();
        let found = above_noise(&r);
        println!("{spec:<32} XOR partners above every noise feature: {found}/{}", partners.len());
        if spec == "info-gain" {
            assert_eq!(found, 0, "a univariate filter cannot see a partner");
        } else {
            assert!(3 * found >= 2 * partners.len(), "{spec}: {found} of {} partners", partners.len());
        }
    }
}

/// TuRF as scikit-rebate's `TURF(MultiSURF, pct=0.5, num_scores_to_return=5)` runs it on wdbc and
/// ionosphere: the same survivors in the same order, then the same features in each eliminated round
/// (scikit-rebate gives a round one shared score; featrank orders it by that round's scores).
#[test]
fn turf_agrees_with_skrebate() {
    use featrank::rankers::{Surf, SurfVariant, Turf};
    let path = format!("{}/tests/reference/skrebate_relief.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    for name in ["wdbc", "ionosphere"] {
        let mut theirs: Vec<(String, f64)> = text
            .lines()
            .filter(|l| l.starts_with(&format!("{name},turf,")))
            .map(|l| {
                let (rest, score) = l.rsplit_once(',').unwrap();
                (rest.splitn(3, ',').nth(2).unwrap().to_string(), score.parse().unwrap())
            })
            .collect();
        theirs.sort_by(|a, b| b.1.total_cmp(&a.1));
        let data = featrank::data::datasets::load(name).unwrap().dataset().unwrap();
        let turf = Turf::new(Box::new(Surf::new(SurfVariant::MultiSurf))).pct(0.5).keep(5);
        let ours = turf.rank(&data, 0).unwrap();
        assert_eq!(ours.scores().unwrap()[0], data.n_features() as f64);
        // runs of equal scores in scikit-rebate's list: one feature (a survivor) or a whole round
        let mut start = 0;
        let mut rounds = 0;
        while start < theirs.len() {
            let end = start + theirs[start..].iter().take_while(|t| t.1 == theirs[start].1).count();
            let mut a: Vec<&str> = theirs[start..end].iter().map(|t| t.0.as_str()).collect();
            let mut b: Vec<&str> = ours.order()[start..end].iter().map(String::as_str).collect();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{name}: positions {start}..{end}");
            rounds += (end - start > 1) as usize;
            start = end;
        }
        assert_eq!(rounds, 2, "{name}: two rounds of elimination");
    }
    let wdbc = featrank::data::datasets::load("wdbc").unwrap().dataset().unwrap();
    let msg = |spec: &str| parse(spec).and_then(|r| r.rank(&wdbc, 0)).unwrap_err().to_string();
    assert!(msg("turf:base=(multisurf),pct=1").contains("'pct'"));
    assert!(msg("turf:base=(multisurf),keep=0").contains("'keep'"));
    assert!(msg("turf:pct=0.5").contains("'base'"));
    assert!(msg("turf:base=(rrelieff)").contains("Classification"));
}
/// The far terms of SURF* and MultiSURF* reward features whose far misses agree and far hits differ
/// (SURF*: minus the near score over rows farther than the mean distance; MultiSURF*: the score of
/// 1 − diff over the extreme far rows). Under a main effect the far misses differ most in the relevant
/// features, so on planted Gaussian main effects both rank them among the last five of twenty — the
/// weakness for which the methods' authors recommend MultiSURF (Urbanowicz et al. 2018), which, like SURF,
/// finds them first (the planted tests above).
#[test]
fn far_terms_count_against_main_effects() {
    let data = dataset(&common::planted_gaussian(300, 3, 17, 2, 5));
    for spec in ["surf-star", "multisurf-star"] {
        let r = parse(spec).unwrap().rank(&data, 1).unwrap();
        let last5 = &r.order()[r.order().len() - 5..];
        assert!(["r0", "r1", "r2"].iter().all(|f| last5.contains(&f.to_string())), "{spec}: {:?}", r.order());
    }
}

/// FCBF against the `fcbf` package (an independent implementation of Yu & Liu 2003;
/// `scripts/fcbf/fcbf_reference.py`) on five complete numeric datasets, both binned into 5 equal-width
/// intervals: SU(X, class) to 1e-12, the same predominant features in the same order, the rest redundant.
#[test]
fn fcbf_agrees_with_the_fcbf_package() {
    use featrank::rankers::{Discretisation, Fcbf, FcbfRole};
    let path = format!("{}/tests/reference/fcbf.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    for name in ["wdbc", "wine", "ionosphere", "iris", "glass"] {
        let data = featrank::data::datasets::load(name).unwrap().dataset().unwrap();
        let ours = Fcbf::new().discretisation(Discretisation::EqualWidth(5)).select(&data).unwrap();
        let mut theirs_selected: Vec<(usize, String)> = Vec::new();
        let mut max_delta: f64 = 0.0;
        for line in text.lines().skip(1).filter(|l| l.starts_with(&format!("{name},"))) {
            let fields: Vec<&str> = line.split(',').collect();
            let f = data.feature_index(fields[1]).unwrap();
            let su: f64 = fields[2].parse().unwrap();
            max_delta = max_delta.max((ours.su[f] - su).abs());
            let expected = if fields[3] == "predominant" { FcbfRole::Predominant } else { FcbfRole::Redundant };
            assert_eq!(ours.roles[f], expected, "{name} {}", fields[1]);
            if expected == FcbfRole::Predominant {
                theirs_selected.push((fields[4].parse().unwrap(), fields[1].to_string()));
            }
        }
        assert!(max_delta < 1e-12, "{name}: SU differs by {max_delta:e}");
        theirs_selected.sort();
        let theirs: Vec<&str> = theirs_selected.iter().map(|(_, f)| f.as_str()).collect();
        let ranking = Fcbf::new().discretisation(Discretisation::EqualWidth(5)).rank(&data, 0).unwrap();
        assert_eq!(&ranking.order()[..theirs.len()], theirs.as_slice(), "{name}: selection order");
        println!("{name}: {} of {} features predominant, max |ΔSU| = {max_delta:.1e}", theirs.len(), data.n_features());
    }
}

/// FCBF's known answers on `combined`: with the default MDL discretisation it keeps the nine single
/// relevant features as predominant and drops every XOR partner among the redundant or irrelevant (a
/// partner alone has SU 0 with the class: FCBF, like every univariate relevance, cannot see it); an exact
/// copy of a feature is covered by it.
#[test]
fn fcbf_known_answers_on_combined() {
    use featrank::data::synth::{Binary, Design, SetKind};
    use featrank::rankers::{Fcbf, FcbfRole};
    let s = Binary::new(Design::Combined).generate(1).unwrap();
    let mut frame = s.frame.clone();
    let copy = frame.column(s.truth.relevant()[0]).unwrap().clone().with_name("copy".into());
    frame.with_column(copy).unwrap();
    let data = Dataset::from_polars(&frame, "class").unwrap();
    let fcbf = Fcbf::new().select(&data).unwrap();
    let role = |f: &str| fcbf.roles[data.feature_index(f).unwrap()];
    for set in &s.truth.sets {
        for f in &set.features {
            match set.kind {
                SetKind::Single if set.p > 0.5 && f != s.truth.relevant()[0] => {
                    assert_eq!(role(f), FcbfRole::Predominant, "single {f}")
                }
                SetKind::Xor => assert_ne!(role(f), FcbfRole::Predominant, "XOR partner {f}"),
                _ => {}
            }
        }
    }
    let (original, copy) = (data.feature_index(s.truth.relevant()[0]).unwrap(), data.feature_index("copy").unwrap());
    let pair = [fcbf.roles[original], fcbf.roles[copy]];
    assert!(pair.contains(&FcbfRole::Predominant) && pair.contains(&FcbfRole::Redundant), "{pair:?}");
    let covered =
        if fcbf.roles[copy] == FcbfRole::Redundant { fcbf.covered_by[copy] } else { fcbf.covered_by[original] };
    assert!(covered == Some(original) || covered == Some(copy));
}

/// The catalog lists every method with its full default spec (which parses back to itself) and its aliases,
/// and every alias (and `_` for `-`) reaches its method.
#[test]
fn catalog_specs_round_trip_and_aliases_reach_their_methods() {
    let table = rankers::catalog().unwrap();
    let specs: Vec<String> = table.column("spec").unwrap().str().unwrap().iter().flatten().map(String::from).collect();
    for spec in &specs {
        assert_eq!(&rankers::parse(spec).unwrap().spec().to_string(), spec);
    }
    for (alias, method) in rankers::REGISTRY.aliases() {
        // the entry's catalog spec under the alias (a wrapper's base, a program's command line kept)
        let example = rankers::REGISTRY.entry(method).unwrap().example;
        let text = format!("{alias}{}", &example[method.len()..]);
        assert_eq!(rankers::parse(&text).unwrap().spec().method(), method, "{alias}");
    }
    assert_eq!(rankers::parse("info_gain:mdl=instances").unwrap().spec().to_string(), "info-gain:mdl=instances");
    let err = rankers::parse("relieef").unwrap_err().to_string();
    assert!(err.contains("did you mean 'relieff'?"), "{err}");
    let learners = featrank::learners::catalog().unwrap();
    assert_eq!(learners.height(), featrank::learners::REGISTRY.entries.len()); // binary-relevance included
}
