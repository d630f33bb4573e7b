//! Studies as they are designed: groups kept whole and time order followed by every plan, at every depth of
//! resampling; known answers of the time-ordered schemes (scikit-learn's `TimeSeriesSplit` by hand); the
//! leakage that plain k-fold shows on replicate rows and grouped folds remove.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use featrank::data::dataset::{Groups, TimeOrder};
use featrank::data::synth::Replicates;
use featrank::prelude::*;
use featrank::protocol::NestedSpec;
use featrank::rankers::from_fn;
use featrank::resampling::Scheme;

/// iris with its rows in groups of `size` consecutive rows (a class's 50 rows hold whole groups when `size`
/// divides 50).
fn grouped_iris(size: usize) -> Dataset {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let ids: Vec<String> = (0..150).map(|i| format!("g{:03}", i / size)).collect();
    iris.with_groups(Groups::new("plant", &ids).unwrap()).unwrap()
}

/// The groups of `rows`.
fn groups_of(data: &Dataset, rows: &[usize]) -> BTreeSet<u32> {
    rows.iter().map(|&r| data.groups().unwrap().ids()[r]).collect()
}

#[test]
fn every_scheme_keeps_every_group_on_one_side() {
    let data = grouped_iris(5);
    for scheme in [
        "kfold:folds=5",
        "group-kfold:folds=4",
        "group-kfold:folds=4,shuffle=false",
        "stratified-group-kfold:folds=5",
        "stratified-group-kfold:folds=5,shuffle=false",
        "leave-one-group-out",
        "holdout:0.3",
        "bootstrap",
    ] {
        let plan = CvPlan::new(&data, scheme.parse().unwrap(), 3, 7).unwrap();
        for (repeat, fold, (train, test)) in plan.splits() {
            assert!(!test.is_empty(), "{scheme}: split ({repeat}, {fold}) tests nothing");
            let (a, b) = (groups_of(&data, &train), groups_of(&data, &test));
            assert!(
                a.is_disjoint(&b),
                "{scheme}: split ({repeat}, {fold}) has groups {:?} on both sides",
                a.intersection(&b)
            );
        }
        if !matches!(plan.scheme(), Scheme::Holdout { .. } | Scheme::Bootstrap) {
            // the k-fold schemes test every row once per repeat
            for r in 0..plan.repeats() {
                let mut tested: Vec<usize> = (0..plan.folds()).flat_map(|f| plan.split(r, f).1).collect();
                tested.sort_unstable();
                assert_eq!(tested, (0..150).collect::<Vec<_>>(), "{scheme}");
            }
        }
    }
    // leave one group out: one split per group, one repeat whatever was asked
    let logo = CvPlan::new(&data, Scheme::LeaveOneGroupOut, 3, 0).unwrap();
    assert_eq!((logo.folds(), logo.repeats()), (30, 1));
    assert_eq!(logo.kept().groups, Some(("plant".to_string(), 30)));
}

#[test]
fn plain_kfold_on_grouped_data_is_stratified_group_kfold_and_balances_classes() {
    // 3 classes × 10 groups of 5: stratified group k-fold gives every fold 2 groups of every class
    let data = grouped_iris(5);
    let plan = CvPlan::stratified(&data, 5, 2, 3).unwrap();
    assert!(matches!(plan.scheme(), Scheme::StratifiedGroupKFold { folds: 5, shuffle: true }));
    let labels = data.labels().unwrap();
    for r in 0..2 {
        for f in 0..5 {
            let test = plan.split(r, f).1;
            let mut counts = [0usize; 3];
            test.iter().for_each(|&i| counts[labels[i]] += 1);
            assert_eq!(counts, [10, 10, 10], "repeat {r} fold {f}");
        }
    }
    // repeats draw different folds; the same seed the same ones
    assert_ne!(plan.assignment(0), plan.assignment(1));
    assert_eq!(plan, CvPlan::stratified(&data, 5, 2, 3).unwrap());
}

#[test]
fn group_kfold_balances_rows_as_scikit_learn_does() {
    // sizes 6, 5, 4, 3, 2, 1 into 3 folds, largest first to the lightest fold: {6, 1}, {5, 2}, {4, 3}
    let ids: Vec<String> = [6, 5, 4, 3, 2, 1].iter().enumerate().flat_map(|(g, &n)| vec![format!("g{g}"); n]).collect();
    let n = ids.len();
    let frame = df!("x" => (0..n).map(|i| i as f64).collect::<Vec<_>>(), "y" => (0..n).map(|i| (i % 2) as f64).collect::<Vec<_>>()).unwrap();
    let data = Dataset::builder(&frame, "y").task(TaskChoice::Regression).build().unwrap();
    let data = data.with_groups(Groups::new("g", &ids).unwrap()).unwrap();
    let plan = CvPlan::new(&data, "group-kfold:folds=3,shuffle=false".parse().unwrap(), 1, 0).unwrap();
    let sizes: Vec<usize> = (0..3).map(|f| plan.split(0, f).1.len()).collect();
    assert_eq!(sizes, vec![7, 7, 7]);
    let fold_of_group: Vec<u32> = [0, 6, 11, 15, 18, 20].iter().map(|&row| plan.assignment(0)[row]).collect();
    assert_eq!(fold_of_group, vec![0, 1, 2, 2, 1, 0]);
}

#[test]
fn time_series_splits_are_scikit_learns() {
    // TimeSeriesSplit(n_splits=3, gap=1) on 10 rows: test blocks of 10 // 4 = 2 rows from row 4
    let frame = df!("x" => (0..10).map(|i| i as f64).collect::<Vec<_>>(), "y" => (0..10).map(|i| (i % 2) as f64).collect::<Vec<_>>()).unwrap();
    let data = Dataset::builder(&frame, "y").task(TaskChoice::Regression).build().unwrap();
    let expanding = CvPlan::new(&data, "time-series:folds=3,gap=1".parse().unwrap(), 10, 0).unwrap();
    assert_eq!(expanding.repeats(), 1); // no random draw: one repeat (and a notice)
    let splits: Vec<(Vec<usize>, Vec<usize>)> = (0..3).map(|f| expanding.split(0, f)).collect();
    assert_eq!(splits[0], ((0..3).collect(), vec![4, 5]));
    assert_eq!(splits[1], ((0..5).collect(), vec![6, 7]));
    assert_eq!(splits[2], ((0..7).collect(), vec![8, 9]));
    assert_eq!(expanding.test_rows(0), (4..10).collect::<Vec<_>>());
    // max_train_size=2, test_size=3: a sliding window of 2 rows before each block of 3
    let sliding = CvPlan::new(&data, "time-series:folds=2,max_train=2,test=3".parse().unwrap(), 1, 0).unwrap();
    assert_eq!(sliding.split(0, 0), (vec![2, 3], vec![4, 5, 6]));
    assert_eq!(sliding.split(0, 1), (vec![5, 6], vec![7, 8, 9]));
    // the order from a time column: the rows reversed in time
    let reversed = data
        .clone()
        .with_time_order(TimeOrder::values("day", (0..10).rev().map(f64::from).collect()).unwrap())
        .unwrap();
    let plan = CvPlan::new(&reversed, "time-series:folds=3,gap=1".parse().unwrap(), 1, 0).unwrap();
    assert_eq!(plan.split(0, 0), ((7..10).collect(), vec![4, 5]));
    assert_eq!(plan.kept().time.as_deref(), Some("day"));
    // blocked: contiguous blocks of 4, 3, 3 rows
    let blocked = CvPlan::new(&data, "blocked:folds=3".parse().unwrap(), 1, 0).unwrap();
    assert_eq!(blocked.assignment(0), &[0, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
    // ordered data: a plain k-fold (every inner one too) is blocked
    let inner = CvPlan::stratified(&reversed, 2, 1, 0).unwrap();
    assert_eq!(inner.assignment(0), &[1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
}

#[test]
fn bad_designs_are_errors_naming_what_is_wrong() {
    let data = grouped_iris(50); // 3 groups
    let few = CvPlan::new(&data, Scheme::KFold { folds: 5 }, 1, 0).unwrap_err().to_string();
    assert!(few.contains("'plant' has 3 groups") && few.contains("at most 3 folds"), "{few}");
    // 30 groups, but each class in 10 of them: 12 stratified folds would leave a class out of some test fold
    let rare = CvPlan::new(&grouped_iris(5), Scheme::KFold { folds: 12 }, 1, 0).unwrap_err().to_string();
    assert!(rare.contains("occur in only 10 groups of 'plant'") && rare.contains("at most 10 folds"), "{rare}");
    assert!(CvPlan::new(&grouped_iris(5), "group-kfold:folds=12".parse().unwrap(), 1, 0).is_ok());
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let none = CvPlan::new(&iris, Scheme::LeaveOneGroupOut, 1, 0).unwrap_err().to_string();
    assert!(none.contains("--groups"), "{none}");
    let frame =
        df!("x" => [1.0, 2.0, 3.0, 4.0], "id" => [Some(1.0), Some(2.0), None, Some(2.0)], "y" => ["a", "b", "a", "b"])
            .unwrap();
    let missing = Dataset::builder(&frame, "y").groups("id").build().unwrap_err().to_string();
    assert!(missing.contains("id") && missing.contains("row 2"), "{missing}");
    let frame =
        df!("x" => [1.0, 2.0, 3.0, 4.0], "id" => [1.0, 2.0, f64::NAN, 2.0], "y" => ["a", "b", "a", "b"]).unwrap();
    let nan = Dataset::builder(&frame, "y").groups("id").build().unwrap_err().to_string();
    assert!(nan.contains("row 2"), "{nan}");
    let target = Dataset::builder(&frame, "y").groups("y").build().unwrap_err().to_string();
    assert!(target.contains("is the target"), "{target}");
    let frame =
        df!("x" => [1.0, 2.0, 3.0, 4.0, 5.0], "day" => [1.0, 2.0, 2.0, 3.0, 4.0], "y" => [0.1, 0.2, 0.3, 0.4, 0.5])
            .unwrap();
    let tied = Dataset::builder(&frame, "y").time_order("day").build().unwrap();
    let ties = CvPlan::new(&tied, "time-series:folds=2".parse().unwrap(), 1, 0).unwrap_err().to_string();
    assert!(ties.contains("day") && ties.contains("rows 1 and 2"), "{ties}");
    let long = CvPlan::new(&tied, "time-series:folds=2,test=3".parse().unwrap(), 1, 0);
    assert!(long.is_err());
    // a scheme that needs the classes on a numeric target
    let numeric = tied.clone().with_groups(Groups::new("g", &["a", "a", "b", "c", "c"]).unwrap()).unwrap();
    assert!(CvPlan::new(&numeric, "stratified-group-kfold:folds=2".parse().unwrap(), 1, 0).is_err());
    assert!(CvPlan::new(&numeric, "group-kfold:folds=2".parse().unwrap(), 1, 0).is_ok());
}

/// Every dataset a ranker saw holds whole groups: each group's rows all, or none (a bootstrap: a multiple).
fn assert_whole(seen: &[Vec<u32>], sizes: &HashMap<u32, usize>) {
    assert!(!seen.is_empty());
    for ids in seen {
        let mut count: HashMap<u32, usize> = HashMap::new();
        ids.iter().for_each(|&g| *count.entry(g).or_default() += 1);
        for (g, n) in count {
            assert_eq!(n % sizes[&g], 0, "group {g}: {n} of its {} rows in one training set", sizes[&g]);
        }
    }
}

#[test]
fn no_group_is_divided_at_any_depth_of_resampling() {
    // the group id as a feature too, so that a ranker sees which groups it was given
    let data = grouped_iris(5);
    let ids: Vec<f64> = data.groups().unwrap().ids().iter().map(|&g| g as f64).collect();
    let mut frame = data.to_polars().unwrap();
    frame.with_column(Column::new("gid".into(), ids.clone())).unwrap();
    let data = Dataset::builder(&frame, "class").build().unwrap().with_groups(data.groups().unwrap().clone()).unwrap();
    let gid = data.feature_names().iter().position(|f| f == "gid").unwrap();
    let sizes: HashMap<u32, usize> = (0..30).map(|g| (g, 5)).collect();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let recorder = || {
        let seen = seen.clone();
        from_fn("recorder", move |d: &Dataset, _| {
            seen.lock().unwrap().push(d.feature(gid).iter().map(|&v| v as u32).collect::<Vec<u32>>());
            Ok((0..d.n_features()).map(|j| j as f64).collect())
        })
    };
    // a curve run's splits, and a nested run's outer and inner splits
    CurveSpec::new(Knn::new())
        .folds(5)
        .repeats(2)
        .expected(0)
        .grid(Grid::Custom(vec![1, 2]))
        .evaluate_all(&data, &[Candidate::PerFold { name: "recorder".into(), ranker: Arc::new(recorder()) }])
        .unwrap();
    NestedSpec::new(&[], "knn:k=5")
        .unwrap()
        .ranker("recorder", recorder())
        .folds(5)
        .inner_folds(3)
        .grid(Grid::Custom(vec![1, 2]))
        .evaluate(&data)
        .unwrap();
    let calls = seen.lock().unwrap().clone();
    assert!(calls.len() >= 10 + 5 * 3, "{} rankings", calls.len());
    assert_whole(&calls, &sizes);
    // inside a ranker: consensus and permutation importance cross-validate, glmnet's λ is chosen by an inner
    // CV, bag draws bootstraps — on a split's rows, each such plan is the grouped one
    let train = CvPlan::stratified(&data, 5, 1, 0).unwrap().split(0, 0).0;
    let inner = data.take_rows(&train).unwrap();
    assert_eq!(inner.groups().unwrap().n_groups(), 24);
    let plan = CvPlan::stratified(&inner, 4, 1, 1).unwrap();
    for (_, _, (a, b)) in plan.splits() {
        assert!(groups_of(&inner, &a).is_disjoint(&groups_of(&inner, &b)));
    }
    for spec in [
        "bag:base=(fisher),bootstraps=5",
        "stability-selection:base=(fisher),subsamples=5",
        "permutation:folds=3",
        "consensus:folds=3",
        "lasso",
    ] {
        featrank::rankers::parse(spec).unwrap().rank(&inner, 0).unwrap_or_else(|e| panic!("{spec}: {e}"));
    }
}

#[test]
fn replicate_rows_leak_under_plain_kfold_and_not_under_grouped_folds() {
    let s = Replicates::new().subjects(40).replicates(4).features(20).generate(3).unwrap();
    let grouped = s.dataset().unwrap();
    let plain = Dataset::from_polars(&s.frame.drop("subject").unwrap(), "class").unwrap();
    let run = |data: &Dataset| {
        let curves = CurveSpec::new(Knn::new().k(1))
            .folds(5)
            .repeats(3)
            .expected(0)
            .grid(Grid::Custom(vec![20]))
            .evaluate(data, &[Ranking::from_order(&(0..20).map(|j| format!("f{j}")).collect::<Vec<_>>()).unwrap()])
            .unwrap();
        (curves.curves[0].mean[0], curves)
    };
    let (leaky, _) = run(&plain);
    let (honest, curves) = run(&grouped);
    // a row's nearest neighbour is its own subject's replicate: plain folds score near 1
    assert!(leaky > 0.9, "plain k-fold: {leaky}");
    // grouped folds know nothing of a new subject: near the Bayes accuracy 1/2 (40 subjects: ± 0.16 at 2 SE)
    assert!((honest - 0.5).abs() < 0.16, "grouped: {honest}");
    assert!(curves.description().contains("groups of 'subject' kept whole (40)"), "{}", curves.description());
}

#[test]
fn a_target_set_s_groups_are_stratified_iteratively_and_kept_whole() {
    let s = featrank::data::synth::MultiLabel::new().rows(200).generate(2).unwrap();
    let ids: Vec<String> = (0..200).map(|i| format!("p{}", i / 4)).collect();
    let data = s.dataset().unwrap().with_groups(Groups::new("patient", &ids).unwrap()).unwrap();
    let plan = CvPlan::stratified(&data, 5, 2, 1).unwrap();
    assert!(matches!(plan.scheme(), Scheme::StratifiedGroupKFold { folds: 5, .. }));
    let labels = data.label_matrix().unwrap();
    for (r, f, (train, test)) in plan.splits() {
        assert!(groups_of(&data, &train).is_disjoint(&groups_of(&data, &test)), "({r}, {f})");
        // every label in every test fold, near its share (a fold holds 10 of the 50 groups)
        for l in 0..labels.ncols() {
            let (all, here) =
                ((0..200).filter(|&i| labels[[i, l]]).count(), test.iter().filter(|&&i| labels[[i, l]]).count());
            assert!(
                here > 0 && (here as f64 - all as f64 / 5.0).abs() <= all as f64 / 5.0 * 0.6,
                "label {l}: {here} of {all}"
            );
        }
    }
}

#[test]
fn huge_settings_are_refused_not_overflowed() {
    let frame = df!("x" => (0..10).map(|i| i as f64).collect::<Vec<_>>(), "y" => (0..10).map(|i| (i % 2) as f64).collect::<Vec<_>>()).unwrap();
    let plain = Dataset::builder(&frame, "y").task(TaskChoice::Regression).build().unwrap();
    let ids: Vec<String> = (0..10).map(|i| format!("g{}", i / 2)).collect();
    let grouped = plain.clone().with_groups(Groups::new("g", &ids).unwrap()).unwrap();
    let huge = usize::MAX;
    for (scheme, data) in [
        (format!("time-series:folds={huge}"), &plain),
        (format!("time-series:folds=2,test={huge}"), &plain),
        (format!("time-series:folds=2,gap={huge}"), &plain),
        (format!("blocked:folds={huge}"), &plain),
        (format!("group-kfold:folds={huge}"), &grouped),
        (format!("kfold:folds={huge}"), &grouped),
    ] {
        let err = CvPlan::new(data, scheme.parse().unwrap(), 1, 0).unwrap_err().to_string();
        assert!(err.contains("folds"), "{scheme}: {err}");
    }
}
