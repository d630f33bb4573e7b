//! The linfa door (cargo feature `linfa`): any linfa model as the curve learner, datasets both ways.
//! - A linfa logistic regression's curves equal, bit for bit, a hand-written loop calling linfa directly on
//!   the same folds (binary and multinomial).
//! - linfa-svm as the learner agrees with featrank's own SVM on the same folds (the same C-SVC problem;
//!   featrank's scaling is the identity on this data), within the solvers' tolerance.
//! - Conversions: ndarray and linfa datasets in and out, nominal features and missing values refused by
//!   name, a panicking model turned into an error, a ranking's top k as the user's own data.

use featrank::data::TargetValue;
use featrank::eval::Candidate;
use featrank::learners::LinfaLearner;
use featrank::prelude::*;
use featrank::protocol::NestedSpec;
use featrank::rankers::PermutationImportance;
use featrank::resampling::{Fold, Prediction};
use linfa::traits::{Fit, Predict, PredictInplace};
use linfa_logistic::{LogisticRegression, MultiLogisticRegression};
use ndarray::{array, Array1, Array2};

use crate::common::planted_gaussian;

/// Per size, per repeat: the accuracy of a hand-written loop over `plan` fitting `fit` on the top-k
/// features of `order` (dataset indices) and predicting class codes, pooled over the repeat's folds.
fn hand_loop(
    ds: &Dataset,
    plan: &CvPlan,
    order: &[usize],
    sizes: &[usize],
    fit: impl Fn(Array2<f64>, Array1<usize>, Array2<f64>) -> Array1<usize>,
) -> Vec<Vec<f64>> {
    let labels = ds.labels().unwrap();
    sizes
        .iter()
        .map(|&k| {
            (0..plan.repeats())
                .map(|repeat| {
                    let (mut correct, mut total) = (0usize, 0usize);
                    for fold in 0..plan.folds() {
                        let (train, test) = plan.split(repeat, fold);
                        let features = &order[..k];
                        let y: Array1<usize> = train.iter().map(|&r| labels[r]).collect();
                        let predicted =
                            fit(ds.matrix(&train, features).unwrap(), y, ds.matrix(&test, features).unwrap());
                        correct += test.iter().zip(&predicted).filter(|&(&r, &p)| labels[r] == p).count();
                        total += test.len();
                    }
                    correct as f64 / total as f64
                })
                .collect()
        })
        .collect()
}

/// The FFA curve of `ranking` with `model` as a [`LinfaLearner`] on `plan`, and [`hand_loop`]'s values.
fn curves_and_hand_loop<P>(
    ds: &Dataset,
    plan: &CvPlan,
    ranking: &Ranking,
    order: &[usize],
    model: P,
) -> (Curves, Vec<Vec<f64>>)
where
    P: Fit<Array2<f64>, Array1<usize>, linfa_logistic::error::Error> + Clone + Send + Sync + std::fmt::Debug + 'static,
    P::Object: PredictInplace<Array2<f64>, Array1<usize>>,
{
    let curves = CurveSpec::new(LinfaLearner::classifier(model.clone()))
        .plan(plan.clone())
        .grid(Grid::Full)
        .expected(0)
        .evaluate(ds, std::slice::from_ref(ranking))
        .unwrap();
    let expected = hand_loop(ds, plan, order, &curves.sizes, |x, y, test| {
        model.fit(&linfa::Dataset::new(x, y)).unwrap().predict(&test)
    });
    (curves, expected)
}

#[test]
fn logistic_regression_curves_equal_a_hand_loop_over_the_same_folds() {
    // two classes: binary logistic regression; three: multinomial
    for classes in [2, 3] {
        let ds = Dataset::from_polars(planted_gaussian(90, 3, 3, classes, classes as u64), "class").unwrap();
        let order = [4usize, 0, 2, 5, 1, 3];
        let names: Vec<&str> = order.iter().map(|&j| ds.feature_names()[j].as_str()).collect();
        let ranking = Ranking::from_order(&names).unwrap().with_name("r");
        let plan = CvPlan::stratified(&ds, 5, 2, 11).unwrap();
        let (curves, expected) = if classes == 2 {
            curves_and_hand_loop(&ds, &plan, &ranking, &order, LogisticRegression::default().max_iterations(50))
        } else {
            curves_and_hand_loop(&ds, &plan, &ranking, &order, MultiLogisticRegression::default().max_iterations(50))
        };
        assert_eq!(curves.sizes, [1, 2, 3, 4, 5, 6]);
        assert!(curves.learner.starts_with("linfa:model=("), "{}", curves.learner);
        assert!(curves.learner.contains("LogisticRegression"), "{}", curves.learner);
        let ffa = curves.get("r", CurveKind::Ffa).unwrap();
        println!("{classes} classes: FFA {:?}", ffa.mean);
        assert_eq!(ffa.per_repeat, expected, "{classes} classes");
        assert!(ffa.mean[1] > 0.6, "the strongest planted feature is second in the order: {:?}", ffa.mean);
    }
}

/// 200 rows, 5 features in [0, 1]; rows 0–9 are 0 and rows 10–19 are 1 in every feature, so every
/// training fold's range is exactly [0, 1] and featrank's min-max scaling is the identity; a noisy linear
/// class.
fn unit_cube() -> Dataset {
    use rand::Rng;
    let mut rng = featrank::seed::rng_for(5, &[]);
    let (n, d) = (200, 5);
    let x = Array2::from_shape_fn((n, d), |(i, _)| match i {
        0..=9 => 0.0,
        10..=19 => 1.0,
        _ => rng.r#gen::<f64>(),
    });
    let y: Vec<String> = (0..n)
        .map(|i| {
            let s = x[[i, 0]] + 0.6 * x[[i, 1]] - 0.3 * x[[i, 2]] + 0.2 * rng.r#gen::<f64>();
            if s > 0.75 { "yes" } else { "no" }.to_string()
        })
        .collect();
    Dataset::from_ndarray(&x, &Array1::from(y), &["a", "b", "c", "d", "e"]).unwrap()
}

#[test]
fn linfa_svm_as_the_learner_agrees_with_featrank_svm_on_the_same_folds() {
    let ds = unit_cube();
    let plan = CvPlan::stratified(&ds, 5, 1, 3).unwrap();
    for fold in 0..5 {
        let (train, _) = plan.split(0, fold);
        assert!(
            train.iter().any(|&r| r < 10) && train.iter().any(|&r| (10..20).contains(&r)),
            "scaling is the identity"
        );
    }
    let order: Vec<usize> = vec![0, 1, 2, 3, 4];
    let sizes: Vec<usize> = (1..=5).collect();
    let ours = Svm::new().kernel(Kernel::Linear).c(1.0).tol(1e-6);
    let params = linfa_svm::Svm::<f64, bool>::params().pos_neg_weights(1.0, 1.0).linear_kernel().eps(1e-7);
    let theirs = LinfaLearner::binary(params);
    let (mut same, mut total) = (0, 0);
    for fold in 0..5 {
        let (train, test) = plan.split(0, fold);
        let f = Fold { data: &ds, train: &train, test: &test, seed: 0 };
        let a = ours.fit_predict_nested(&f, &order, &sizes).unwrap();
        let b = theirs.fit_predict_nested(&f, &order, &sizes).unwrap();
        for (pa, pb) in a.iter().zip(&b) {
            let (Prediction::Classes { labels: la, .. }, Prediction::Classes { labels: lb, .. }) = (pa, pb) else {
                panic!("classification")
            };
            same += la.iter().zip(lb).filter(|(x, y)| x == y).count();
            total += la.len();
        }
    }
    println!("featrank SVM and linfa-svm: the same label on {same} of {total} (fold, size, row)");
    assert_eq!(total, 1000);
    assert!(same >= 990, "{same}/{total}");
    // the same through curves: every point within 0.01
    let curves = |l: Box<dyn Learner>| {
        let r = Ranking::from_order(&["a", "b", "c", "d", "e"]).unwrap().with_name("r");
        let c = CurveSpec::new(l).plan(plan.clone()).grid(Grid::Full).expected(0).evaluate(&ds, &[r]).unwrap();
        c.get("r", CurveKind::Ffa).unwrap().mean.clone()
    };
    let (a, b) = (curves(Box::new(ours)), curves(Box::new(theirs)));
    println!("FFA featrank SVM {a:?}\nFFA linfa-svm     {b:?}");
    assert!(a.iter().zip(&b).all(|(x, y)| (x - y).abs() <= 0.01), "{a:?} vs {b:?}");
    assert!(a[2] > 0.85, "{a:?}");
}

#[test]
fn a_linfa_learner_runs_wherever_a_learner_does() {
    let ds = Dataset::from_polars(planted_gaussian(80, 2, 3, 2, 9), "class").unwrap();
    let lr = || LinfaLearner::classifier(LogisticRegression::default().max_iterations(30)).named("logistic");
    // honest curves: a ranker inside every training split
    let curves = CurveSpec::new(lr())
        .folds(4)
        .repeats(1)
        .expected(3)
        .evaluate_all(&ds, &[Candidate::per_fold(ReliefF::new())])
        .unwrap();
    assert_eq!(curves.learner, "linfa:model=logistic");
    assert_eq!(curves.fold_rankings("relieff").unwrap().len(), 4);
    // permutation importance of the model
    let p = PermutationImportance::new(lr()).folds(4).repeats(2);
    assert_eq!(p.spec().to_string(), "permutation:learner=(linfa:model=logistic),folds=4,repeats=2");
    let top = p.rank(&ds, 0).unwrap().order()[0].clone();
    assert!(top.starts_with('r'), "a planted feature first, not {top}");
    // nested evaluation with the model's parameters fixed
    let nested =
        NestedSpec::with_learner(&["relieff", "fisher"], lr()).unwrap().folds(3).inner_folds(3).evaluate(&ds).unwrap();
    assert_eq!(nested.learners, ["linfa:model=logistic"]);
    assert!(nested.splits.iter().all(|s| s.learner == "linfa:model=logistic"));
    assert!(nested.estimate().unwrap().mean > 0.6);
    // regression: linfa-svm's ε-SVR
    let x = Array2::from_shape_fn((60, 3), |(i, j)| ((i * (j + 3)) % 17) as f64 / 17.0);
    let y: Array1<f64> = x.rows().into_iter().map(|r| 2.0 * r[1] - r[0]).collect();
    let reg = Dataset::from_ndarray(&x, &y, &[] as &[&str]).unwrap();
    let svr = LinfaLearner::regressor(linfa_svm::Svm::<f64, f64>::params().c_svr(10.0, Some(0.01)).linear_kernel());
    let r = Ranking::from_order(&["x1", "x0", "x2"]).unwrap();
    let curves =
        CurveSpec::new(svr).folds(3).repeats(1).expected(0).measure(Measure::Rmse).evaluate(&reg, &[r]).unwrap();
    let rmse = &curves.get("ranking", CurveKind::Ffa).unwrap().mean;
    println!("SVR RMSE by size: {rmse:?}");
    assert!(rmse[1] < 0.5 * rmse[0], "x0 adds what x1 alone misses: {rmse:?}");
}

/// A model that panics while fitting.
#[derive(Debug)]
struct Panicky;

impl Fit<Array2<f64>, Array1<usize>, linfa::Error> for Panicky {
    type Object = Panicky;
    fn fit(&self, _: &linfa::DatasetBase<Array2<f64>, Array1<usize>>) -> Result<Panicky, linfa::Error> {
        panic!("the solver diverged")
    }
}

impl PredictInplace<Array2<f64>, Array1<usize>> for Panicky {
    fn predict_inplace(&self, _: &Array2<f64>, _: &mut Array1<usize>) {}
    fn default_target(&self, x: &Array2<f64>) -> Array1<usize> {
        Array1::zeros(x.nrows())
    }
}

#[test]
fn what_a_linfa_model_cannot_take_is_refused_by_name() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let r = Ranking::from_order(iris.feature_names()).unwrap();
    let run = |learner: Box<dyn Learner>, data: &Dataset, r: &Ranking| {
        CurveSpec::new(learner)
            .folds(3)
            .repeats(1)
            .expected(0)
            .evaluate(data, std::slice::from_ref(r))
            .unwrap_err()
            .to_string()
    };
    // a panic inside the model is an error naming it
    let err = run(Box::new(LinfaLearner::classifier(Panicky)), &iris, &r);
    assert!(err.contains("panicked while fitting: the solver diverged") && err.contains("Panicky"), "{err}");
    // bool holds two classes; iris has three
    let svm = LinfaLearner::binary(linfa_svm::Svm::<f64, bool>::params());
    let err = run(Box::new(svm), &iris, &r);
    assert!(err.contains("bool holds two classes; the target has 3"), "{err}");
    // a classifier on a regression target: the task is named
    let reg = Dataset::from_ndarray(&array![[1.0], [2.0], [3.0], [4.0]], &array![0.1, 0.5, 0.2, 0.9], &["x"]).unwrap();
    let err = run(Box::new(LinfaLearner::classifier(Panicky)), &reg, &Ranking::from_order(&["x"]).unwrap());
    assert!(err.contains("does not handle Regression"), "{err}");
    // a nominal feature and missing values: the column is named
    let df = df!(
        "width" => [1.0, 2.5, f64::NAN, 4.0, 1.5, 2.0],
        "colour" => ["red", "blue", "red", "blue", "red", "blue"],
        "class" => ["yes", "no", "yes", "no", "yes", "no"],
    )
    .unwrap();
    let mixed = Dataset::from_polars(&df, "class").unwrap();
    let lr = || Box::new(LinfaLearner::classifier(LogisticRegression::default())) as Box<dyn Learner>;
    let both = Ranking::from_order(&["width", "colour"]).unwrap();
    let err = run(lr(), &mixed, &both);
    assert!(err.contains("'colour'") && err.contains("nominal"), "{err}");
    let err = mixed.to_ndarray().unwrap_err().to_string();
    assert!(err.contains("'colour'") && err.contains("nominal"), "{err}");
    let width = mixed.select_features(&["width"]).unwrap();
    let err = run(lr(), &width, &Ranking::from_order(&["width"]).unwrap());
    assert!(err.contains("'width'") && err.contains("1 missing values"), "{err}");
    let err = width.to_linfa::<usize>().unwrap_err().to_string();
    assert!(err.contains("'width'") && err.contains("missing"), "{err}");
    assert!(width.to_ndarray().unwrap()[[2, 0]].is_nan(), "to_ndarray keeps NaN = missing");
}

#[test]
fn datasets_go_to_and_from_ndarray_and_linfa() {
    let x = array![[0.5, 1.0], [0.1, 2.0], [0.9, 3.0], [0.3, 4.0], [0.7, 5.0], [0.2, 6.0]];
    // usize labels 0..k come back unchanged; bool, String and f64 targets as their tasks
    let ds = Dataset::from_ndarray(&x, &array![2usize, 0, 1, 2, 0, 1], &["p", "q"]).unwrap();
    assert_eq!((ds.task(), ds.class_names().unwrap()), (Task::Classification, &["0", "1", "2"].map(String::from)[..]));
    let lin = ds.to_linfa::<usize>().unwrap();
    assert_eq!(lin.records(), &x);
    assert_eq!(lin.targets(), &array![2usize, 0, 1, 2, 0, 1]);
    assert_eq!(
        (lin.feature_names(), lin.target_names()),
        (&["p", "q"].map(String::from)[..], &["target".to_string()][..])
    );
    assert_eq!(Dataset::try_from(&lin).unwrap().to_polars().unwrap(), ds.to_polars().unwrap());
    let names = lin.clone().map_targets(|&c| ["low", "mid", "high"][c].to_string()).with_target_names(vec!["level"]);
    let named = Dataset::try_from(&names).unwrap();
    assert_eq!(
        (named.target_name(), named.class_names().unwrap()),
        ("level", &["high", "low", "mid"].map(String::from)[..])
    );
    assert_eq!(String::encode(named.target(), &[0, 1]).unwrap(), ["high", "low"]);
    let two = Dataset::from_ndarray(&x, &array![true, false, true, true, false, false], &["p", "q"]).unwrap();
    assert_eq!(two.to_linfa::<bool>().unwrap().targets(), &array![true, false, true, true, false, false]);
    assert!(two.to_linfa::<f64>().unwrap_err().to_string().contains("classification"));
    let reg = Dataset::from_ndarray(&x, &array![0.5, 0.25, 1.0, 2.0, 4.0, 8.0], &["p", "q"]).unwrap();
    assert_eq!(reg.task(), Task::Regression);
    assert_eq!(reg.to_linfa::<f64>().unwrap().targets(), &array![0.5, 0.25, 1.0, 2.0, 4.0, 8.0]);
    assert!(reg.to_linfa::<usize>().unwrap_err().to_string().contains("regression"));
    // linfa's default feature names (none given) become x0, x1, …
    let plain = linfa::Dataset::new(x.clone(), array![0.5, 0.25, 1.0, 2.0, 4.0, 8.0]);
    assert_eq!(Dataset::try_from(&plain).unwrap().feature_names(), ["x0", "x1"]);
    // shapes that do not fit are errors naming the argument
    let err = Dataset::from_ndarray(&x, &array![1usize, 0], &["p", "q"]).unwrap_err().to_string();
    assert!(err.contains("'y'") && err.contains("2 target values for 6 rows"), "{err}");
    let err = Dataset::from_ndarray(&x, &array![1usize, 0, 1, 0, 1, 0], &["p"]).unwrap_err().to_string();
    assert!(err.contains("'names'"), "{err}");
    let err = Dataset::from_ndarray(&x, &array![1usize, 0, 1, 0, 1, 0], &["p", "p"]).unwrap_err().to_string();
    assert!(err.contains("'p'"), "{err}");
    let err = Dataset::from_ndarray(&x, &Array1::from(vec![1usize; 6]), &["p", "q"]).unwrap_err().to_string();
    assert!(err.contains("one class"), "{err}");
    // a ranking's top k as the user's own data
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let ranking = ReliefF::new().rank(&iris, 0).unwrap();
    let top = ranking.select(&iris, 2).unwrap().to_linfa::<usize>().unwrap();
    assert_eq!(top.feature_names(), &ranking.order()[..2]);
    let j = iris.feature_index(&ranking.order()[1]).unwrap();
    assert_eq!(top.records().column(1), iris.feature(j));
    let err = ranking.select(&iris, 0).unwrap_err().to_string();
    assert!(err.contains("'k'") && err.contains("between 1 and 4"), "{err}");
    let model = MultiLogisticRegression::default().max_iterations(100).fit(&top).unwrap();
    let accuracy = model.predict(top.records()).iter().zip(top.targets()).filter(|(a, b)| a == b).count();
    assert!(accuracy >= 140, "{accuracy}/150 on the top two features");
}

#[test]
fn a_matrix_beyond_any_memory_is_refused_before_it_is_made() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    // rows and features may repeat: 10⁷ × 10⁴ cells would be 800 GB
    let (rows, features) = (vec![0usize; 10_000_000], vec![1usize; 10_000]);
    let err = iris.matrix(&rows, &features).unwrap_err().to_string();
    assert!(err.contains("10000000 rows × 10000 features"), "{err}");
}
