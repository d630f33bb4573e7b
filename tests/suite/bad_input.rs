//! The bad-input battery across entry points: every ranker and every learner (through error curves) meets
//! awkward but valid datasets, and every parameter meets values out of range. Each call must give a
//! result with the documented shape (finite scores, curves in range) or a readable error — never a panic.

use crate::common;
use std::panic::{catch_unwind, AssertUnwindSafe};

use featrank::prelude::*;
use featrank::rankers;

/// The case whose values lie at both ends of [`featrank::data::SAFE_MAGNITUDE`]: every method computes with it.
const SAFE_ENDS: &str = "values at the ends of the safe range";

/// The case whose values lie beyond [`featrank::data::SAFE_MAGNITUDE`]: every method refuses it by name.
const BEYOND: &str = "values beyond the safe range";

/// Whether `e` is the documented refusal of a column beyond the safe range.
fn refused_beyond(case: &str, e: &Error) -> bool {
    case == BEYOND && matches!(e, Error::InvalidColumn { column, .. } if column == "h")
}

/// Awkward but valid datasets: `(case, data)`.
fn awkward() -> Vec<(&'static str, Dataset)> {
    let y20: Vec<&str> = (0..20).map(|i| if i % 2 == 0 { "p" } else { "q" }).collect();
    let signal: Vec<f64> = (0..20).map(|i| (i % 2) as f64 + 0.1 * i as f64).collect();
    let build = |df: DataFrame| Dataset::builder(&df, "y").allow_all_missing(true).build().unwrap();
    let mut cases = vec![
        ("one feature", build(df!("a" => &signal, "y" => &y20).unwrap())),
        ("two rows", build(df!("a" => [0.0, 1.0], "b" => ["u", "v"], "y" => ["p", "q"]).unwrap())),
        (
            "constant columns",
            build(df!("k" => vec![5.0; 20], "s" => vec!["x"; 20], "a" => &signal, "y" => &y20).unwrap()),
        ),
        (
            "all-missing column",
            build(df!("gone" => vec![None::<f64>; 20], "a" => &signal, "y" => &y20).unwrap()),
        ),
        (
            SAFE_ENDS,
            build(
                df!("h" => (0..20).map(|i| if i % 2 == 0 { 1e150 } else { -1e150 }).collect::<Vec<f64>>(),
                    "t" => (0..20).map(|i| 1e-150 * (i + 1) as f64).collect::<Vec<f64>>(), "y" => &y20)
                .unwrap(),
            ),
        ),
        (
            BEYOND,
            build(
                df!("h" => (0..20).map(|i| if i % 2 == 0 { 1e300 } else { -1e300 }).collect::<Vec<f64>>(),
                    "t" => (0..20).map(|i| 1e-300 * i as f64).collect::<Vec<f64>>(), "y" => &y20)
                .unwrap(),
            ),
        ),
        (
            "class of two rows",
            build(
                df!("a" => (0..12).map(|i| i as f64).collect::<Vec<f64>>(),
                    "y" => (0..12).map(|i| if i < 2 { "rare" } else if i % 2 == 0 { "p" } else { "q" }).collect::<Vec<_>>())
                .unwrap(),
            ),
        ),
        (
            "level seen once",
            build(
                df!("n" => (0..20).map(|i| if i == 7 { "once" } else if i % 2 == 0 { "u" } else { "v" }).collect::<Vec<_>>(),
                    "a" => &signal, "y" => &y20)
                .unwrap(),
            ),
        ),
        (
            "half missing",
            build(
                df!("m" => (0..20).map(|i| if i % 3 == 0 { None } else { Some(i as f64) }).collect::<Vec<_>>(),
                    "n" => (0..20).map(|i| if i % 2 == 1 { None } else { Some(if i % 4 == 0 { "u" } else { "v" }) }).collect::<Vec<_>>(),
                    "y" => &y20)
                .unwrap(),
            ),
        ),
    ];
    let reg = df!("a" => &signal, "b" => (0..20).map(|i| (i * 7 % 5) as f64).collect::<Vec<f64>>(),
        "y" => (0..20).map(|i| i as f64 * 0.5).collect::<Vec<f64>>())
    .unwrap();
    cases.push(("regression", Dataset::from_polars(&reg, "y").unwrap()));
    let labels = df!("m" => (0..20).map(|i| if i % 3 == 0 { None } else { Some(i as f64) }).collect::<Vec<_>>(),
        "n" => (0..20).map(|i| if i % 4 == 1 { None } else { Some(if i % 3 == 0 { "u" } else { "v" }) }).collect::<Vec<_>>(),
        "a" => &signal, "l1" => (0..20).map(|i| i % 2).collect::<Vec<i32>>(), "l2" => (0..20).map(|i| i % 5 == 0).collect::<Vec<bool>>(),
        "l3" => (0..20).map(|i| if i == 3 { 1 } else { 0 }).collect::<Vec<i32>>())
    .unwrap();
    let labels = Dataset::builder_targets(&labels, &["l1", "l2", "l3"]).allow_all_missing(true).build().unwrap();
    cases.push(("multi-label with a label of one row", labels));
    let targets = df!("a" => &signal, "b" => (0..20).map(|i| (i * 7 % 5) as f64).collect::<Vec<f64>>(),
        "t1" => (0..20).map(|i| i as f64 * 0.5).collect::<Vec<f64>>(), "t2" => (0..20).map(|i| (i % 3) as f64).collect::<Vec<f64>>())
    .unwrap();
    cases.push(("multi-target regression", Dataset::from_polars_targets(&targets, &["t1", "t2"]).unwrap()));
    // survival: tied times, three events among 20 rows, a constant and a half-missing feature
    let survival = df!("a" => &signal, "k" => vec![5.0; 20],
        "m" => (0..20).map(|i| if i % 3 == 0 { None } else { Some(i as f64) }).collect::<Vec<_>>(),
        "time" => (0..20).map(|i| 1.0 + (i / 4) as f64).collect::<Vec<f64>>(),
        "event" => (0..20).map(|i| i % 7 == 0).collect::<Vec<bool>>())
    .unwrap();
    cases.push((
        "survival with three events and tied times",
        Dataset::from_polars_survival(&survival, "time", "event").unwrap(),
    ));
    // rows in groups: pairs (every resampling inside a split keeps a pair whole), and two halves (fewer groups
    // than most inner folds: refused by the groups' name, or as many folds as there are groups)
    let grouped = |size: usize| {
        let ids: Vec<String> = (0..20).map(|i| format!("g{}", i / size)).collect();
        build(
            df!("a" => &signal, "b" => (0..20).map(|i| (i * 7 % 5) as f64).collect::<Vec<f64>>(), "y" => &y20).unwrap(),
        )
        .with_groups(featrank::data::dataset::Groups::new("batch", &ids).unwrap())
        .unwrap()
    };
    cases.push((GROUPED, grouped(2)));
    cases.push((TWO_GROUPS, grouped(10)));
    cases
}

/// The cases whose rows are in groups of 2 rows, and in 2 groups of 10.
const GROUPED: &str = "rows grouped in pairs";
const TWO_GROUPS: &str = "rows in two groups";

/// Whether `e` is the documented refusal of more folds than the groups allow.
fn too_few_groups(e: &Error) -> bool {
    let text = e.to_string();
    text.contains("'batch' has") || text.contains("groups of 'batch'")
}

/// Outcomes of a battery: results, errors, and every failure (a panic, a bad result, an unreadable or
/// undocumented error).
#[derive(Default)]
struct Battery {
    results: usize,
    errors: usize,
    failures: Vec<String>,
}

impl Battery {
    /// Run `f`: a result is judged by `ok`, an error must be readable and is judged by `err`; each judge
    /// returns a complaint or `None`. A panic is a failure.
    fn run<T>(
        &mut self,
        what: &str,
        f: impl FnOnce() -> featrank::Result<T>,
        ok: impl FnOnce(&T) -> Option<String>,
        err: impl FnOnce(&Error) -> Option<String>,
    ) {
        let complaint = match catch_unwind(AssertUnwindSafe(f)) {
            Ok(Ok(v)) => {
                self.results += 1;
                ok(&v)
            }
            Ok(Err(e)) => {
                self.errors += 1;
                if e.to_string().len() < 10 {
                    Some(format!("unhelpful error '{e}'"))
                } else {
                    err(&e)
                }
            }
            Err(p) => {
                let msg =
                    p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
                Some(format!("PANIC {}", msg.unwrap_or_default()))
            }
        };
        if let Some(c) = complaint {
            self.failures.push(format!("{what}: {c}"));
        }
    }

    fn finish(self, label: &str) {
        println!("{label}: {} results, {} errors", self.results, self.errors);
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
    }
}

#[test]
fn every_ranker_on_every_awkward_dataset() {
    let mut battery = Battery::default();
    for (case, data) in awkward() {
        for &method in rankers::methods().iter().chain(common::WRAPPED_RANKERS) {
            let ranker = rankers::parse(method).unwrap();
            let n = data.n_features();
            battery.run(
                &format!("{method} on '{case}'"),
                || ranker.scores(&data, 1),
                |s| {
                    (s.len() != n || s.iter().any(|v| !v.is_finite()))
                        .then(|| format!("scores {s:?} (want {n} finite values)"))
                },
                |e| {
                    let documented = e.to_string().contains("needs numeric features") // fisher, ecfs, inffs
                        || e.to_string().contains("each test fold needs an event") // more folds than events
                        || matches!(case, "two rows" | "class of two rows")
                        || refused_beyond(case, e)
                        || (case == TWO_GROUPS && too_few_groups(e));
                    (ranker.supports(data.task()) && !documented).then(|| format!("supported task but error: {e}"))
                },
            );
        }
    }
    battery.finish("rankers");
}

#[test]
fn every_learner_on_every_awkward_dataset() {
    let mut battery = Battery::default();
    for (case, data) in awkward() {
        let ranking = Ranking::random(data.feature_names(), 1, 0).unwrap();
        let specs = [
            "knn:k=3",
            "weighted-knn:k=3",
            "svm:c=0.1",
            "nb",
            "tree",
            "forest:trees=10",
            "mlp:epochs=20",
            "glmnet:folds=3",
            "cox",
            "rsf:trees=5",
            "ml-knn:k=3",
            "binary-relevance:base=(nb)",
            "br:base=(svm:c=0.1)",
        ];
        common::covers_every_learner(&specs);
        for spec in specs {
            let learner: std::sync::Arc<dyn featrank::learners::Learner> =
                featrank::learners::parse(spec).unwrap().into();
            let supported = learner.supports(data.task());
            battery.run(
                &format!("{spec} curves on '{case}'"),
                || {
                    CurveSpec::new(learner)
                        .folds(2)
                        .repeats(1)
                        .expected(2)
                        .evaluate(&data, std::slice::from_ref(&ranking))
                },
                |c| {
                    c.curves
                        .iter()
                        .flat_map(|c| &c.mean)
                        .any(|v| !v.is_finite())
                        .then(|| "non-finite curve values".into())
                },
                |e| match case {
                    _ if !supported => {
                        (!matches!(e, Error::UnsupportedTask { .. })).then(|| format!("not refused by task: {e}"))
                    }
                    BEYOND => (!refused_beyond(case, e)).then(|| format!("not refused by the column's name: {e}")),
                    SAFE_ENDS => Some(format!("values within the safe range refused: {e}")),
                    _ => None,
                },
            );
        }
    }
    battery.finish("learners");
}

#[test]
fn folds_larger_than_a_class_are_refused_by_name() {
    let (_, data) = awkward().into_iter().find(|(c, _)| *c == "class of two rows").unwrap();
    let r = Ranking::random(data.feature_names(), 1, 0).unwrap();
    let e = CurveSpec::new(Knn::new().k(3)).folds(5).evaluate(&data, &[r]).unwrap_err().to_string();
    assert!(e.contains("rare") && e.contains('5'), "{e}");
}

#[test]
fn parameters_out_of_range_are_refused_by_name() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let r = Ranking::from_order(iris.feature_names()).unwrap();
    let curves = |spec: CurveSpec| spec.evaluate(&iris, std::slice::from_ref(&r)).map(|_| ()).unwrap_err().to_string();
    assert!(curves(CurveSpec::new(Knn::new().k(3)).folds(1)).contains("folds"));
    assert!(curves(CurveSpec::new(Knn::new().k(3)).repeats(0)).contains("repeats"));
    assert!(curves(CurveSpec::new(Knn::new().k(3)).grid(Grid::Custom(vec![0]))).contains("grid"));
    for (spec, name) in [
        ("knn:k=0", "k"),
        ("svm:c=0", "c"),
        ("svm:c=-1", "c"),
        ("forest:trees=0", "trees"),
        ("svm:c=x", "'c'"),
        ("svm:0.1", "did you mean svm:c=0.1?"),
        ("knn:10", "did you mean knn:k=10?"),
        ("knn:k=3,c=1", "'c'"),
        ("mlp:momentum=1", "momentum"),
        ("tree:min_leaf=0", "min_leaf"),
        ("svm:kernel=cubic", "cubic"),
    ] {
        let e = featrank::learners::parse(spec).map(|_| ()).unwrap_err().to_string();
        assert!(e.contains(name), "{spec}: {e}");
    }
    let big_k = curves(CurveSpec::new(Knn::new().k(500)).folds(2));
    assert!(big_k.contains('k') && big_k.contains("500"), "{big_k}");
    for (method, param, name) in [
        ("relieff", "k=0", "k"),
        ("forest", "trees=0", "trees"),
        ("svm-rfe", "c=0", "c"),
        ("svm-rfe", "step=0", "step"),
        ("ecfs", "alpha=1.5", "alpha"),
        ("inffs", "alpha=-1", "alpha"),
        ("consensus", "folds=1", "folds"),
    ] {
        let e = rankers::parse(&format!("{method}:{param}")).map(|_| ()).unwrap_err().to_string();
        assert!(e.contains(name), "{method} {param}: {e}");
    }
    let truth = Binary::new(Design::Combined).rows(20).generate(1).unwrap().truth;
    for theta in [-0.1, 1.1, f64::NAN] {
        assert!(truth.noisy_ranking(theta, NoiseScale::Unit, 1, 0).unwrap_err().to_string().contains("theta"));
    }
    assert!(Binary::new(Design::Combined).rows(0).generate(1).is_err());
    assert!(featrank::compare::stats::nemenyi_cd(3, 10, 1.5).unwrap_err().to_string().contains("alpha"));
    assert!(featrank::compare::stats::friedman(&["a"], &[vec![1.0], vec![2.0]])
        .unwrap_err()
        .to_string()
        .contains("methods"));
}

#[test]
fn rankings_scores_stability_and_statistics_refuse_bad_input_by_name() {
    let err = |r: featrank::Result<()>| r.unwrap_err().to_string();
    // rankings
    assert!(err(Ranking::from_scores(&["a", "b"], &[1.0, f64::NAN]).map(|_| ())).contains("'b' has a NaN score"));
    assert!(err(Ranking::from_scores(&["a", "a"], &[1.0, 2.0]).map(|_| ())).contains("'a'"));
    assert!(err(Ranking::from_scores(&["a"], &[1.0, 2.0]).map(|_| ())).contains("scores"));
    assert!(err(Ranking::from_order::<&str>(&[]).map(|_| ())).len() > 10);
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let partial = Ranking::from_order(&["petalwidth", "petallength"]).unwrap();
    let stranger = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "colour"]).unwrap();
    for r in [&partial, &stranger] {
        let e = err(CurveSpec::new(Knn::new().k(3)).folds(2).evaluate(&iris, std::slice::from_ref(r)).map(|_| ()));
        assert!(e.contains("sepalwidth") || e.contains("colour"), "{e}");
    }
    // scores
    let full = Ranking::from_order(iris.feature_names()).unwrap().with_name("r");
    let c = CurveSpec::new(Knn::new().k(3)).folds(2).expected(0).evaluate(&iris, std::slice::from_ref(&full)).unwrap();
    assert!(err(c.eca("r", Baseline::Expected, Weighting::Uniform).map(|_| ())).contains("expected"));
    assert!(err(c.eca("nope", "r", Weighting::Uniform).map(|_| ())).contains("'nope'"));
    assert!(err(PiSpec::new(NaiveBayes::new()).folds(5).max_n(0).seed(1).evaluate(&iris, &full).map(|_| ()))
        .contains("max_n"));
    // one fold would give an empty curve silently; a numeric target has no accuracy to index
    assert!(err(PiSpec::new(NaiveBayes::new()).folds(1).evaluate(&iris, &full).map(|_| ())).contains("folds"));
    let diabetes = featrank::data::datasets::load("diabetes-progression").unwrap().dataset().unwrap();
    let d_full = Ranking::from_order(diabetes.feature_names()).unwrap();
    let e = PiSpec::new(DecisionTree::new()).folds(3).evaluate(&diabetes, &d_full).unwrap_err();
    assert!(matches!(e, Error::UnsupportedTask { .. }), "{e}");
    // stability
    use featrank::compare::stability::stability_curve;
    assert!(err(stability_curve(std::slice::from_ref(&full), &[1]).map(|_| ())).contains("two rankings"));
    assert!(err(stability_curve(&[full.clone(), full.clone()], &[0]).map(|_| ())).contains("size 0"));
    assert!(err(stability_curve(&[full.clone(), full.clone()], &[5]).map(|_| ())).contains("size 5"));
    assert!(stability_curve(&[full.clone(), stranger], &[1]).is_err());
    // statistics
    use featrank::compare::stats::{friedman, nemenyi_cd};
    assert!(err(friedman(&["a", "b"], &[vec![1.0, f64::NAN], vec![1.0, 2.0]]).map(|_| ())).contains("NaN"));
    assert!(err(friedman(&["a", "b"], &[vec![1.0, 2.0]]).map(|_| ())).contains("2 datasets"));
    assert!(err(friedman(&["a", "b"], &[vec![1.0, 2.0], vec![1.0]]).map(|_| ())).contains("dataset 1"));
    assert!(err(nemenyi_cd(3, 0, 0.05).map(|_| ())).contains("'n'"));
    // figures of nothing
    let empty = featrank::eval::pi::PiCurve { ranking: "r".into(), points: vec![] };
    assert!(err(empty.plot().map(|_| ())).contains("no PI point"));
    assert!(err(featrank::report::figure::stability_plot(&[]).map(|_| ())).contains("no stability curve"));
}

#[test]
fn per_fold_candidates_and_schemes_refuse_bad_input_by_name() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let err = |r: featrank::Result<Curves>| r.map(|_| ()).unwrap_err().to_string();
    let spec = CurveSpec::new(Knn::new().k(3)).folds(3).repeats(1).expected(0);
    // a ranker that cannot rank the task is refused before any work, by name
    let e = err(spec.clone().evaluate_all(&iris, &[Candidate::per_fold(RReliefF::new())]));
    assert!(e.contains("rrelieff") && e.contains("relieff"), "{e}");
    // two candidates with one name
    let e = err(spec
        .clone()
        .evaluate_all(&iris, &[Candidate::per_fold(Fisher::new()), Candidate::per_fold(Fisher::new())]));
    assert!(e.contains("'fisher'"), "{e}");
    let fixed = Fisher::new().rank(&iris, 0).unwrap();
    let e = err(spec.clone().evaluate_all(&iris, &[fixed.into(), Candidate::per_fold(Fisher::new())]));
    assert!(e.contains("'fisher'") && e.contains("with_name"), "{e}");
    // schemes out of range name their parameter
    let e = err(spec
        .clone()
        .scheme(Scheme::Holdout { test: 1.0 })
        .evaluate_all(&iris, &[Candidate::per_fold(Fisher::new())]));
    assert!(e.contains("test") && e.contains("(0, 1)"), "{e}");
    let e =
        err(spec.clone().scheme(Scheme::KFold { folds: 1 }).evaluate_all(&iris, &[Candidate::per_fold(Fisher::new())]));
    assert!(e.contains("folds"), "{e}");
    let e = err(spec
        .clone()
        .scheme(Scheme::Bootstrap)
        .repeats(0)
        .evaluate_all(&iris, &[Candidate::per_fold(Fisher::new())]));
    assert!(e.contains("repeats"), "{e}");
    // per-fold rankings: out-of-range lookups and unknown names are errors
    let c = spec.evaluate_all(&iris, &[Candidate::per_fold(Fisher::new())]).unwrap();
    let fr = c.fold_rankings("fisher").unwrap();
    assert!(fr.get(1, 0).unwrap_err().to_string().contains("repeat"));
    assert!(fr.get(0, 3).is_err());
    assert!(c.fold_rankings("relieff").unwrap_err().to_string().contains("fisher"));
    assert!(featrank::compare::stability::FoldStability::compute(fr, &[0]).is_err());
    assert!(featrank::compare::stability::FoldStability::compute(fr, &[5]).is_err());
}
