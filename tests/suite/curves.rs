//! FFA/RFA curves: the paper's identities, a hand-computed example, planted features, determinism across
//! thread counts, and bad input.

use crate::common;

use featrank::polars::prelude::*;
use featrank::prelude::*;
use featrank::resampling::{Fold, Prediction};

fn planted_dataset() -> Dataset {
    Dataset::from_polars(common::planted(300, 3, 7, 0.9, 11), "class").unwrap()
}

fn names(ds: &Dataset) -> Vec<String> {
    ds.feature_names().to_vec()
}

#[test]
fn ffa_n_equals_rfa_n_bit_for_bit() {
    let ds = featrank::data::datasets::load("wine").unwrap().dataset().unwrap();
    let r = Ranking::from_scores(&names(&ds), &(0..13).map(|i| ((i * 7) % 13) as f64).collect::<Vec<_>>()).unwrap();
    for learner in
        [Box::new(Knn::new()) as Box<dyn Learner>, Box::new(RandomForest::new().trees(5)), Box::new(NaiveBayes::new())]
    {
        let curves =
            CurveSpec::new(learner).folds(5).repeats(2).expected(0).evaluate(&ds, std::slice::from_ref(&r)).unwrap();
        let ffa = curves.get("ranking", CurveKind::Ffa).unwrap();
        let rfa = curves.get("ranking", CurveKind::Rfa).unwrap();
        let (a, b) = (ffa.per_repeat.last().unwrap(), rfa.per_repeat.last().unwrap());
        assert!(a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits()), "{a:?} vs {b:?}");
        assert_eq!(ffa.mean.last().unwrap().to_bits(), rfa.mean.last().unwrap().to_bits());
        assert_eq!(curves.sizes, (1..=13).collect::<Vec<_>>());
    }
}

#[test]
fn hand_computed_knn1_two_folds() {
    // 8 rows, 3 binary features, kNN k = 1, folds: rows 0-3 | rows 4-7. Worked out by hand:
    // f1 is the class; FFA (f1, f2, f3) = 1, 1, 1; RFA: {f3} = 4/8, {f2,f3} = 4/8, all = 1.
    let df = df!(
        "f1" => [0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0],
        "f2" => [0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0],
        "f3" => [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0],
        "class" => ["A", "A", "B", "B", "A", "A", "B", "B"],
    )
    .unwrap();
    let ds = Dataset::from_polars(&df, "class").unwrap();
    let plan = CvPlan::from_assignments(vec![vec![0, 0, 0, 0, 1, 1, 1, 1]], 8).unwrap();
    let r = Ranking::from_order(&["f1", "f2", "f3"]).unwrap();
    let curves = CurveSpec::new(Knn::new().k(1)).plan(plan).expected(0).evaluate(&ds, &[r]).unwrap();
    assert_eq!(curves.get("ranking", CurveKind::Ffa).unwrap().mean, [1.0, 1.0, 1.0]);
    assert_eq!(curves.get("ranking", CurveKind::Rfa).unwrap().mean, [0.5, 0.5, 1.0]);
}

#[test]
fn expected_curve_does_not_depend_on_the_rankings() {
    let ds = planted_dataset();
    let n = names(&ds);
    let spec = CurveSpec::new(Knn::new().k(5)).folds(3).repeats(2).expected(8).seed(5);
    let a = spec.evaluate(&ds, &[Ranking::from_order(&n).unwrap().with_name("a")]).unwrap();
    let rev: Vec<String> = n.iter().rev().cloned().collect();
    let b = spec
        .evaluate(
            &ds,
            &[Ranking::from_order(&rev).unwrap().with_name("b"), Ranking::random(&n, 9, 0).unwrap().with_name("c")],
        )
        .unwrap();
    assert_eq!(a.expected().unwrap(), b.expected().unwrap());
    let e = a.expected().unwrap();
    let (lo, hi) = (e.lo.as_ref().unwrap(), e.hi.as_ref().unwrap());
    assert!((0..e.mean.len()).all(|s| lo[s] <= hi[s]));
    // The expected curve ends at the shared full-set value, where every random ranking agrees.
    let full = *a.get("a", CurveKind::Ffa).unwrap().mean.last().unwrap();
    let last = e.mean.len() - 1;
    assert!((e.mean[last] - full).abs() < 1e-12 && (lo[last] - hi[last]).abs() < 1e-12);
}

/// `expected_repeats(r)`: random ranking i is evaluated on repeats i·r … i·r + r − 1 only. Checked against
/// runs on one-repeat plans (kNN needs no seed, so a repeat's value does not depend on its index).
#[test]
fn expected_repeats_evaluates_each_random_ranking_on_its_own_repeats() {
    let ds = planted_dataset();
    let plan = CvPlan::stratified(&ds, 3, 2, 7).unwrap();
    let spec = |plan: CvPlan, m: usize| CurveSpec::new(Knn::new().k(5)).plan(plan).grid(Grid::Full).expected(m).seed(5);
    let all = spec(plan.clone(), 2).evaluate(&ds, &[]).unwrap();
    assert_eq!(spec(plan.clone(), 2).expected_repeats(2).evaluate(&ds, &[]).unwrap(), all, "all repeats = the default");
    let short = spec(plan.clone(), 2).expected_repeats(1).evaluate(&ds, &[]).unwrap();
    assert_eq!(short.expected_repeats, Some(1));
    let one_repeat = |r: usize| {
        CvPlan::from_assignments(vec![plan.assignment(r).iter().map(|&f| f as usize).collect()], ds.n_rows()).unwrap()
    };
    let mean_of = |plan: CvPlan, m: usize| spec(plan, m).evaluate(&ds, &[]).unwrap().expected().unwrap().mean.clone();
    // Ranking 0 on repeat 0; ranking 1 on repeat 1 = twice the mean of rankings 0 and 1 there, minus ranking 0's.
    let r0 = mean_of(one_repeat(0), 1);
    let (first, both) = (mean_of(one_repeat(1), 1), mean_of(one_repeat(1), 2));
    let e = short.expected().unwrap();
    assert_eq!(e.per_repeat.len(), ds.n_features());
    for s in 0..ds.n_features() {
        let r1 = 2.0 * both[s] - first[s];
        assert!((e.per_repeat[s][0] - r0[s]).abs() < 1e-12, "size {}: {} vs {}", s + 1, e.per_repeat[s][0], r0[s]);
        assert!((e.per_repeat[s][1] - r1).abs() < 1e-12, "size {}: {} vs {r1}", s + 1, e.per_repeat[s][1]);
        assert!((e.mean[s] - (r0[s] + r1) / 2.0).abs() < 1e-12);
        assert_eq!(e.per_split[s].len(), 2 * 3);
    }
    for (m, r) in [(2, 0), (2, 3), (1, 1)] {
        let err = spec(plan.clone(), m).expected_repeats(r).evaluate(&ds, &[]).unwrap_err().to_string();
        assert!(err.contains("expected_repeats"), "{err}");
    }
}

#[test]
fn perfect_ranking_beats_the_expected_curve_where_relevant_features_are() {
    let ds = planted_dataset();
    let r = Ranking::from_order(&names(&ds)).unwrap().with_name("truth");
    let curves = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(20).seed(3).evaluate(&ds, &[r]).unwrap();
    let ffa = curves.get("truth", CurveKind::Ffa).unwrap();
    let rfa = curves.get("truth", CurveKind::Rfa).unwrap();
    let e = curves.expected().unwrap();
    for k in 0..3 {
        assert!(ffa.mean[k] > e.mean[k], "FFA({}) = {} vs expected {}", k + 1, ffa.mean[k], e.mean[k]);
        assert!(rfa.mean[k] < e.mean[k], "RFA({}) = {} vs expected {}", k + 1, rfa.mean[k], e.mean[k]);
    }
    // RFA on the noise features stays near chance.
    assert!((rfa.mean[0] - 0.5).abs() < 0.1, "{}", rfa.mean[0]);
}

#[test]
fn same_seed_same_curves_with_one_and_two_threads() {
    let ds = planted_dataset();
    let r = Ranking::from_order(&names(&ds)).unwrap();
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            CurveSpec::new(RandomForest::new().trees(5))
                .folds(3)
                .repeats(2)
                .expected(3)
                .seed(17)
                .evaluate(&ds, std::slice::from_ref(&r))
                .unwrap()
        })
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn knn_incremental_path_equals_refit() {
    let ds = featrank::data::datasets::load("credit-g").unwrap().dataset().unwrap();
    let plan = CvPlan::stratified(&ds, 5, 1, 2).unwrap();
    let (train, test) = plan.split(0, 1);
    let fold = Fold { data: &ds, train: &train, test: &test, seed: 0 };
    let order: Vec<usize> = (0..ds.n_features()).rev().collect();
    let sizes = [1, 2, 5, 9, 20];
    let knn = Knn::new();
    let fast = knn.fit_predict_nested(&fold, &order, &sizes).unwrap();
    let slow: Vec<Prediction> = sizes.iter().map(|&k| knn.fit_predict(&fold, &order[..k]).unwrap()).collect();
    assert_eq!(fast, slow);
}

/// Brute-force kNN on numeric features, written out from the definition: min-max scaling by the
/// training rows, squared Euclidean distance summed feature by feature in `features` order, the k
/// smallest (distance, training position) pairs — and, with `ties`, every other row as near as the k-th
/// — an unweighted vote with ties to the lowest class.
fn knn_by_definition(
    ds: &Dataset,
    train: &[usize],
    test: &[usize],
    features: &[usize],
    k: usize,
    ties: KnnTies,
) -> (Vec<usize>, Vec<f64>) {
    let codes = ds.labels().unwrap();
    let n_classes = ds.n_classes();
    let ranges: Vec<(f64, f64)> = (0..ds.n_features())
        .map(|j| {
            let col = ds.feature(j);
            let lo = train.iter().map(|&i| col[i]).fold(f64::INFINITY, f64::min);
            let hi = train.iter().map(|&i| col[i]).fold(f64::NEG_INFINITY, f64::max);
            (lo, hi)
        })
        .collect();
    let scaled = |j: usize, v: f64| {
        let (lo, hi) = ranges[j];
        if hi > lo {
            (v - lo) / (hi - lo)
        } else {
            0.0
        }
    };
    let (mut labels, mut scores) = (Vec::new(), Vec::new());
    for &t in test {
        let mut d: Vec<(f64, usize)> = train
            .iter()
            .enumerate()
            .map(|(p, &r)| {
                let dist = features.iter().fold(0.0, |acc, &j| {
                    let diff = scaled(j, ds.feature(j)[t]) - scaled(j, ds.feature(j)[r]);
                    acc + diff * diff
                });
                (dist, p)
            })
            .collect();
        d.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let voters = match ties {
            KnnTies::First => k,
            KnnTies::All => d.iter().filter(|p| p.0 <= d[k - 1].0).count(),
        };
        let mut votes = vec![0.0; n_classes];
        d[..voters].iter().for_each(|&(_, p)| votes[codes[train[p]]] += 1.0);
        let best = (0..n_classes).fold(0, |b, c| if votes[c] > votes[b] { c } else { b });
        labels.push(best);
        scores.extend(votes.iter().map(|v| v / voters as f64));
    }
    (labels, scores)
}

/// The curve path keeps each test row's neighbours between sizes and searches only rows within the
/// farthest of them (distances only grow). On binary data, where distances tie massively, and on
/// continuous data, every size of both chains must pick exactly the neighbours of a full sort, under
/// both tie rules.
#[test]
fn knn_curve_neighbours_equal_a_full_sort() {
    let binary = Binary::new(Design::Single).rows(150).features(24).generate(4).unwrap();
    let binary = Dataset::from_polars(&binary.frame, "class").unwrap();
    let wdbc = featrank::data::datasets::load("wdbc").unwrap().dataset().unwrap();
    for ds in [binary, wdbc] {
        let plan = CvPlan::stratified(&ds, 5, 1, 3).unwrap();
        let (train, test) = plan.split(0, 2);
        let fold = Fold { data: &ds, train: &train, test: &test, seed: 0 };
        let n = ds.n_features();
        let sizes: Vec<usize> = (1..=n).filter(|&s| n < 25 || s % 3 == 1 || s == n).collect();
        for order in [(0..n).collect::<Vec<_>>(), (0..n).rev().collect()] {
            for (k, ties) in [1, 10].into_iter().flat_map(|k| [(k, KnnTies::All), (k, KnnTies::First)]) {
                let got = Knn::new().k(k).ties(ties).fit_predict_nested(&fold, &order, &sizes).unwrap();
                for (&size, pred) in sizes.iter().zip(&got) {
                    let (labels, scores) = knn_by_definition(&ds, &train, &test, &order[..size], k, ties);
                    assert_eq!(pred, &Prediction::Classes { labels, scores }, "k = {k}, {ties:?}, size {size}");
                }
            }
        }
    }
}

/// A feature spanning ±1.7e308 overflows its range, so half its scaled values are NaN; they count as
/// missing, distances stay finite and every neighbour bound holds. k = 0 is refused, not a panic.
#[test]
fn knn_refuses_overflowing_ranges_by_name_and_k_zero() {
    let big: Vec<f64> = (0..40).map(|i| if i % 2 == 0 { 1.7e308 } else { -1.7e308 }).collect();
    let small: Vec<f64> = (0..40).map(|i| (i % 7) as f64).collect();
    let class: Vec<&str> = (0..40).map(|i| if i % 3 == 0 { "a" } else { "b" }).collect();
    let df = df!("big" => big, "small" => small, "class" => class).unwrap();
    let ds = Dataset::from_polars(&df, "class").unwrap();
    let plan = CvPlan::stratified(&ds, 4, 1, 1).unwrap();
    let (train, test) = plan.split(0, 0);
    let fold = Fold { data: &ds, train: &train, test: &test, seed: 0 };
    for order in [[0, 1], [1, 0]] {
        let e = Knn::new().k(5).fit_predict_nested(&fold, &order, &[1, 2]).unwrap_err();
        assert!(matches!(e, Error::InvalidColumn { ref column, .. } if column == "big"), "{e}");
    }
    let ds = ds.select_features(&["small"]).unwrap();
    let fold = Fold { data: &ds, train: &train, test: &test, seed: 0 };
    let e = Knn::new().k(0).fit_predict(&fold, &[0]).unwrap_err();
    assert!(e.to_string().contains('k'), "{e}");
}

#[test]
fn regression_curves_with_knn_and_forest() {
    let b = featrank::data::datasets::load("diabetes-progression").unwrap();
    let ds = b.dataset().unwrap();
    assert_eq!(ds.task(), Task::Regression);
    let r = Ranking::from_order(&["bmi", "s5", "bp", "s4", "s3", "s6", "s1", "age", "s2", "sex"]).unwrap();
    for learner in [Box::new(Knn::new()) as Box<dyn Learner>, Box::new(RandomForest::new().trees(10))] {
        let curves =
            CurveSpec::new(learner).folds(5).repeats(1).expected(0).evaluate(&ds, std::slice::from_ref(&r)).unwrap();
        assert_eq!(curves.measure, Measure::Correlation);
        let ffa = curves.get("ranking", CurveKind::Ffa).unwrap();
        let rfa = curves.get("ranking", CurveKind::Rfa).unwrap();
        // bmi alone correlates well with progression (≈0.5–0.6); sex alone barely does.
        assert!(ffa.mean[0] > 0.45, "{:?}", ffa.mean);
        assert!(rfa.mean[0] < 0.2, "{:?}", rfa.mean);
    }
    let e = CurveSpec::new(NaiveBayes::new()).evaluate(&ds, &[r]).unwrap_err();
    assert!(
        matches!(e, Error::UnsupportedTask { .. }) && e.to_string().contains("nb does not handle Regression"),
        "{e}"
    );
}

#[test]
fn svm_curves_on_iris() {
    let ds = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    for m in [Multiclass::OneVsOne, Multiclass::OneVsRest] {
        let c = CurveSpec::new(Svm::new().c(1.0).multiclass(m))
            .folds(5)
            .repeats(1)
            .expected(0)
            .evaluate(&ds, std::slice::from_ref(&r))
            .unwrap();
        let ffa = &c.get("ranking", CurveKind::Ffa).unwrap().mean;
        let rfa = &c.get("ranking", CurveKind::Rfa).unwrap().mean;
        assert!(rfa[0] < 0.75, "{m:?} {rfa:?}");
        assert!(ffa[3] > 0.85, "{m:?} {ffa:?}");
        if m == Multiclass::OneVsOne {
            // Pairwise machines separate the three species on petal width alone; one-vs-rest cannot
            // isolate the middle species with the homogeneous kernel x², as expected.
            assert!(ffa[0] > 0.9, "{m:?} {ffa:?}");
        }
    }
}

#[test]
fn measures_on_known_values() {
    use featrank::math::{auc, pearson};
    assert_eq!(auc(&[0.1, 0.4, 0.35, 0.8], &[false, false, true, true]), Some(0.75));
    assert_eq!(auc(&[1.0, 1.0], &[true, false]), Some(0.5));
    assert_eq!(auc(&[1.0], &[true]), None);
    assert!((pearson(&[1.0, 2.0, 3.0], &[2.0, 4.0, 6.5]) - 0.9986).abs() < 1e-3);
    assert_eq!(pearson(&[1.0, 2.0], &[3.0, 3.0]), 0.0);
    let df = df!("x" => [0.0, 1.0, 2.0, 3.0, 4.0, 5.0], "y" => ["a", "a", "a", "a", "b", "b"]).unwrap();
    let ds = Dataset::from_polars(&df, "y").unwrap();
    let pred = Prediction::Classes { labels: vec![0; 6], scores: [1.0, 0.0].repeat(6) };
    let rows: Vec<usize> = (0..6).collect();
    assert!((Measure::Accuracy.score(&ds, &rows, &pred).unwrap() - 4.0 / 6.0).abs() < 1e-12);
    assert_eq!(Measure::BalancedAccuracy.score(&ds, &rows, &pred).unwrap(), 0.5);
    assert_eq!(Measure::MacroAuc.score(&ds, &rows, &pred).unwrap(), 0.5);
}

#[test]
fn cv_plan_is_stratified_and_accepts_user_folds() {
    let ds = featrank::data::datasets::load("glass").unwrap().dataset().unwrap();
    let plan = CvPlan::stratified(&ds, 5, 3, 1).unwrap();
    let counts = ds.class_counts().unwrap();
    for r in 0..3 {
        for f in 0..5 {
            let (_, test) = plan.split(r, f);
            let labels = ds.labels().unwrap();
            for (c, &n) in counts.iter().enumerate() {
                let got = test.iter().filter(|&&i| labels[i] == c).count() as f64;
                assert!((got - n as f64 / 5.0).abs() < 1.0, "class {c} fold {f}: {got} of {n}");
            }
        }
    }
    assert_ne!(plan.assignment(0), plan.assignment(1), "repeats differ");
    assert_eq!(plan, CvPlan::stratified(&ds, 5, 3, 1).unwrap(), "same seed, same plan");
    let df = df!("r0" => [0i64, 1, 0, 1], "r1" => [1i64, 1, 0, 0]).unwrap();
    let p = CvPlan::from_polars(&df).unwrap();
    assert_eq!((p.folds(), p.repeats()), (2, 2));
    assert_eq!(p.split(1, 0), (vec![0, 1], vec![2, 3]));
}

#[test]
fn grid_schedules() {
    let g = Grid::Paper.sizes(12_625).unwrap();
    assert_eq!(&g[..3], &[1, 2, 3]);
    assert!(g.contains(&51) && g.contains(&56) && g.contains(&501) && g.contains(&1132));
    assert_eq!(g.last(), Some(&12_625));
    assert_eq!(g.len(), 51 + 90 + 19 + 1);
    assert_eq!(Grid::Full.sizes(3).unwrap(), [1, 2, 3]);
    assert!(Grid::Custom(vec![0]).sizes(3).is_err());
    assert!(Grid::Custom(vec![4]).sizes(3).is_err());
    assert_eq!("2,5".parse::<Grid>().unwrap(), Grid::Custom(vec![2, 5]));
}

#[test]
fn table_and_json_round_trip() {
    let ds = planted_dataset();
    let r = Ranking::from_order(&names(&ds)).unwrap();
    let c = CurveSpec::new(Knn::new().k(3))
        .folds(2)
        .repeats(2)
        .expected(4)
        .grid(Grid::Custom(vec![1, 5]))
        .evaluate(&ds, &[r])
        .unwrap();
    let t = c.to_polars().unwrap();
    assert_eq!(t.shape(), (3 * 3, 8));
    // lo/hi on every row: the 5 % and 95 % quantiles of the repeats (of the random rankings for the expected curve)
    assert_eq!(t.column("lo").unwrap().null_count(), 0);
    let col = |name: &str| t.column(name).unwrap().f64().unwrap().into_no_null_iter().collect::<Vec<f64>>();
    let (mean, lo, hi) = (col("mean"), col("lo"), col("hi"));
    let ffa = &c.curves[0];
    for (s, repeats) in ffa.per_repeat.iter().enumerate() {
        assert_eq!((lo[s], hi[s]), (featrank::math::quantile(repeats, 0.05), featrank::math::quantile(repeats, 0.95)));
    }
    assert!((0..t.height()).all(|i| lo[i] <= mean[i] + 1e-12 && mean[i] <= hi[i] + 1e-12));
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("c.json");
    c.save_json(&p).unwrap();
    assert_eq!(Curves::load_json(&p).unwrap(), c);
}

#[test]
fn bad_input() {
    let ds = planted_dataset();
    let n = names(&ds);
    let spec = CurveSpec::new(Knn::new().k(3)).folds(2).repeats(1).expected(0);
    let mut unknown = n.clone();
    unknown[0] = "ghost".into();
    let e = spec.evaluate(&ds, &[Ranking::from_order(&unknown).unwrap()]).unwrap_err();
    assert!(e.to_string().contains("'ghost'"), "{e}");
    let e = spec.evaluate(&ds, &[Ranking::from_order(&n[..5]).unwrap()]).unwrap_err();
    assert!(e.to_string().contains("ranks 5 of the dataset's 10 features"), "{e}");
    let mut dup = n.clone();
    dup[1] = dup[0].clone();
    let e = Ranking::from_order(&dup).unwrap_err();
    assert!(matches!(e, Error::DuplicateName { .. }), "{e}");
    let r = Ranking::from_order(&n).unwrap();
    let e = CurveSpec::new(Knn::new().k(301)).folds(2).repeats(1).evaluate(&ds, std::slice::from_ref(&r)).unwrap_err();
    assert!(e.to_string().contains("k = 301 exceeds"), "{e}");
    let tiny = df!("a" => [1.0, 2.0, 3.0, 4.0, 5.0], "y" => ["p", "p", "p", "q", "q"]).unwrap();
    let tiny = Dataset::from_polars(&tiny, "y").unwrap();
    let e =
        CurveSpec::new(Knn::new().k(1)).folds(3).evaluate(&tiny, &[Ranking::from_order(&["a"]).unwrap()]).unwrap_err();
    assert!(e.to_string().contains("class 'q' has only 2 rows"), "{e}");
    let e =
        CurveSpec::new(Knn::new().k(1)).folds(1).evaluate(&tiny, &[Ranking::from_order(&["a"]).unwrap()]).unwrap_err();
    assert!(e.to_string().contains("at least 2 folds"), "{e}");
    let e = CurveSpec::new(Knn::new().k(1)).repeats(0).evaluate(&ds, std::slice::from_ref(&r)).unwrap_err();
    assert!(e.to_string().contains("repeats"), "{e}");
    let e = spec.clone().evaluate(&ds, &[r.clone(), r.clone()]).unwrap_err();
    assert!(matches!(e, Error::DuplicateName { .. }), "{e}");
    let e = spec.clone().measure(Measure::Rmse).evaluate(&ds, std::slice::from_ref(&r)).unwrap_err();
    assert!(e.to_string().contains("Rmse does not apply"), "{e}");
    let e = Ranking::from_scores(&["a", "b"], &[1.0, f64::NAN]).unwrap_err();
    assert!(e.to_string().contains("'b' has a NaN score"), "{e}");
    assert!(featrank::learners::parse("knn:k=0").is_err());
    assert!(featrank::learners::parse("forest:trees=0").is_err());
    assert!(featrank::learners::parse("lasso").unwrap_err().to_string().contains("unknown learner"));
}

#[test]
fn ranking_frames() {
    let df = df!("feature" => ["a", "b", "c"], "rank" => [2i64, 1, 3]).unwrap();
    let r = Ranking::from_polars(&df).unwrap();
    assert_eq!(r.order(), ["b", "a", "c"]);
    assert_eq!(r.scores(), None);
    assert_eq!(Ranking::from_polars(r.to_polars().unwrap()).unwrap(), r);
    let df = df!("feature" => ["a", "b", "c"], "score" => [0.5, 0.5, 0.9]).unwrap();
    let r = Ranking::from_polars(&df).unwrap();
    assert_eq!(r.order(), ["c", "a", "b"]);
    assert_eq!(r.scores(), Some(&[0.9, 0.5, 0.5][..]));
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(serde_json::from_str::<Ranking>(&json).unwrap(), r);
    let e = Ranking::from_polars(df!("feature" => ["a"]).unwrap()).unwrap_err();
    assert!(e.to_string().contains("'score' or 'rank'"), "{e}");
}

#[test]
fn hand_built_folds_and_tables_give_errors_not_panics() {
    let ds = planted_dataset();
    let knn = Knn::new().k(3);
    let empty = Fold { data: &ds, train: &[], test: &[0, 1], seed: 0 };
    assert!(knn.fit_predict(&empty, &[0]).unwrap_err().to_string().contains("no training rows"));
    let (train, test) = (vec![0, 1, 2, 3, 4], vec![5, 999]);
    let bad_row = Fold { data: &ds, train: &train, test: &test, seed: 0 };
    for l in [Box::new(knn) as Box<dyn Learner>, Box::new(NaiveBayes::new()), Box::new(DecisionTree::new())] {
        assert!(l.fit_predict(&bad_row, &[0]).unwrap_err().to_string().contains("row 999"));
    }
    let ok = Fold { data: &ds, train: &train, test: &[5, 6], seed: 0 };
    assert!(knn.fit_predict(&ok, &[42]).unwrap_err().to_string().contains("feature index 42"));
    assert!(knn.fit_predict_nested(&ok, &[0, 1], &[1, 3]).unwrap_err().to_string().contains("size 3"));
    assert!(NaiveBayes::new().fit_predict_nested(&ok, &[0, 1], &[2, 1]).unwrap_err().to_string().contains("ascending"));
    let pred = knn.fit_predict(&ok, &[0]).unwrap();
    assert!(Measure::Accuracy.score(&ds, &[5, 1000], &pred).unwrap_err().to_string().contains("row 1000"));
    let table =
        df!("ranking" => ["a", "a"], "curve" => ["FFA", "FFA"], "k" => [2i64, 1], "mean" => [0.5, 0.6]).unwrap();
    assert!(Curves::from_polars(&table, Measure::Accuracy).unwrap_err().to_string().contains("increase"));
    assert_eq!(featrank::data::synth::expected_relevant(5, 9, 2, false), (2.0, 3.6));
}

#[test]
fn units_computed_apart_and_round_tripped_through_a_table_give_the_same_curves() {
    use featrank::eval::{Unit, UnitResult};
    // Holdout splits, AUC, a fixed ranking, a per-fold ranker and the expected curve's shortcut: every kind
    // of unit.
    let ds = planted_dataset();
    let fixed = Ranking::from_order(&names(&ds)).unwrap().with_name("given");
    let candidates = [Candidate::from(fixed), Candidate::per_fold(Fisher::new())];
    let spec = CurveSpec::new(Knn::new().k(3))
        .scheme(Scheme::Holdout { test: 0.3 })
        .repeats(4)
        .measure(Measure::MacroAuc)
        .expected(6)
        .expected_repeats(2)
        .seed(9);
    let whole = spec.evaluate_all(&ds, &candidates).unwrap();
    let run = spec.prepare(&ds, &candidates).unwrap();
    let units = run.units();
    assert_eq!(units.len(), 4 * (1 + 2) + 6 * 2);
    assert!(units.contains(&Unit::Random { ranking: 5, repeat: (5 * 2 + 1) % 4 }));
    // Three interleaved shards, each through the long table and back, assembled in reverse order.
    let mut results = Vec::new();
    for shard in 0..3 {
        let mine: Vec<Unit> = units.iter().skip(shard).step_by(3).copied().collect();
        let table = UnitResult::to_polars(&run.compute(&mine).unwrap()).unwrap();
        results.extend(UnitResult::from_polars(&table).unwrap());
    }
    results.reverse();
    assert_eq!(run.assemble(results.clone()).unwrap(), whole);
    let bits = |c: &Curves| serde_json::to_string(c).unwrap();
    assert_eq!(bits(&run.assemble(results.clone()).unwrap()), bits(&whole));

    // Missing, repeated and foreign units are refused by name; so is a unit that is not in the run.
    let err = run.assemble(results[1..].to_vec()).unwrap_err().to_string();
    assert!(err.contains("1 of 24 units are missing"), "{err}");
    let mut twice = results.clone();
    twice.push(results[0].clone());
    assert!(run.assemble(twice).unwrap_err().to_string().contains("given twice"));
    let err = run.compute(&[Unit::Random { ranking: 0, repeat: 3 }]).unwrap_err().to_string();
    assert!(err.contains("random 0, repeat 3 is not a unit of this run"), "{err}");
    // A corrupt table (a position far beyond its rows) is refused, not allocated.
    let mut table = UnitResult::to_polars(&run.compute(&units[..1]).unwrap()).unwrap().into_inner();
    let mut position: Vec<u32> = vec![0; table.height()];
    position[0] = u32::MAX;
    table.with_column(Column::new("position".into(), position)).unwrap();
    let err = UnitResult::from_polars(&table).unwrap_err().to_string();
    assert!(err.contains("beyond the table's rows"), "{err}");
    // Results of another grid do not fit.
    let other = CurveSpec::new(Knn::new().k(3))
        .scheme(Scheme::Holdout { test: 0.3 })
        .repeats(4)
        .grid(Grid::Custom(vec![1, 2, 5]))
        .seed(9);
    let other_run = other.prepare(&ds, &candidates).unwrap();
    let foreign = other_run.compute(&[Unit::Candidate { candidate: 0, repeat: 0 }]).unwrap();
    let mut mixed: Vec<UnitResult> =
        results.into_iter().filter(|r| r.unit() != Unit::Candidate { candidate: 0, repeat: 0 }).collect();
    mixed.extend(foreign);
    let err = run.assemble(mixed).unwrap_err().to_string();
    assert!(err.contains("do not fit this run"), "{err}");
}

/// Feature-weighted kNN (thesis §7.2: feature weights as a utility).
/// - By hand: training rows (x, noise) a: (0, 0), (0.4, 10); b: (1, 10), (0.6, 0); test (0.45, 0). Both
///   columns scale to [0, 1]. Plain 1-NN: d² to (0.6, 0) is 0.0225, to (0, 0) 0.2025, the others above 1 → b.
///   Fisher's score of `noise` is 0 (mean 5 in both classes), so its weight is 0 and the weighted distance
///   is x's alone: (0.4) at 0.0025 beats (0.6) at 0.0225 → a.
/// - On `combined` (27 relevant of 100 features) the weighted curve no longer falls as irrelevant features
///   are added: at all 100 features it beats plain kNN, and its range over the sizes is smaller.
/// - It is a learner like any other: nested grids, spec round trip, bad weights refused by name.
#[test]
fn weighted_knn_follows_the_relevant_features() {
    use featrank::learners::WeightedKnn;
    let df = df!(
        "x" => [0.0, 0.4, 1.0, 0.6, 0.45],
        "noise" => [0.0, 10.0, 10.0, 0.0, 0.0],
        "y" => ["a", "a", "b", "b", "a"]
    )
    .unwrap();
    let data = Dataset::from_polars(&df, "y").unwrap();
    let fold = Fold { data: &data, train: &[0, 1, 2, 3], test: &[4], seed: 0 };
    let class = |l: &dyn Learner| match l.fit_predict(&fold, &[0, 1]).unwrap() {
        Prediction::Classes { labels, .. } => labels[0],
        _ => unreachable!(),
    };
    assert_eq!(class(&Knn::new().k(1)), 1, "plain 1-NN follows the noise to b");
    assert_eq!(class(&WeightedKnn::new(Fisher::new()).k(1)), 0, "Fisher-weighted 1-NN follows x to a");

    let s = Binary::new(Design::Combined).rows(300).generate(2).unwrap();
    let data = Dataset::from_polars(&s.frame, "class").unwrap();
    let ffa = |learner: &str| {
        let c = CurveSpec::new(featrank::learners::parse(learner).unwrap())
            .folds(5)
            .repeats(2)
            .expected(0)
            .grid(Grid::Custom(vec![5, 10, 20, 50]))
            .evaluate_all(&data, &[featrank::eval::Candidate::parse("relieff").unwrap()])
            .unwrap();
        c.get("relieff", CurveKind::Ffa).unwrap().mean.clone()
    };
    let (plain, weighted) = (ffa("knn"), ffa("weighted-knn:weights=(relieff)"));
    let range =
        |v: &[f64]| v.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b)) - v.iter().fold(f64::INFINITY, |a, &b| a.min(b));
    assert!(weighted[4] > plain[4] + 0.03, "all 100 features: weighted {weighted:?} vs plain {plain:?}");
    assert!(range(&weighted) < range(&plain), "weighted {weighted:?} vs plain {plain:?}");

    let spec = "weighted-knn:k=5,ties=first,weights=(fisher:variant=auto)";
    assert_eq!(featrank::learners::parse(spec).unwrap().spec().to_string(), spec);
    let iris = datasets::load("iris").unwrap().dataset().unwrap();
    let nested = featrank::protocol::NestedSpec::new(&["fisher"], "weighted-knn:k=[1,5],weights=(relieff)")
        .unwrap()
        .folds(3)
        .inner_folds(3)
        .evaluate(&iris)
        .unwrap();
    assert!(nested.splits.iter().all(|s| s.learner.starts_with("weighted-knn:k=")));
    let bad = featrank::learners::parse("weighted-knn:weights=(relieff:kk=1)").unwrap_err().to_string();
    assert!(bad.contains("kk"), "{bad}");
    // a ranker that cannot score the target's task is refused by name, with the one that can
    let reg = datasets::load("diabetes-progression").unwrap().dataset().unwrap();
    let r = Ranking::from_order(reg.feature_names()).unwrap();
    let refused =
        CurveSpec::new(WeightedKnn::new(ReliefF::new())).folds(3).evaluate(&reg, std::slice::from_ref(&r)).unwrap_err();
    assert!(refused.to_string().contains("'weights'") && refused.to_string().contains("rrelieff"), "{refused}");
    assert!(CurveSpec::new(WeightedKnn::new(RReliefF::new())).folds(3).expected(0).evaluate(&reg, &[r]).is_ok());
}
