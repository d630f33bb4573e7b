//! No crash, no nonsense: every number a user gives is checked against the memory limit before what it sizes
//! is made, every value range the methods meet is one they compute correctly (or is refused by name), and the
//! spec parser bounds what it reads.

use featrank::data::synth;
use featrank::prelude::*;
use featrank::protocol::{CurveJob, Manifest, NestedSpec, Shard};
use featrank::{learners, memory, rankers};
use proptest::prelude::*;

const HUGE: [usize; 2] = [1_000_000_000_000, usize::MAX];

/// A class column `sep` that separates the classes, and two noise columns, every value times `scale`.
fn separating(scale: f64) -> Dataset {
    let rows = 40;
    let mut rng = 7u64;
    let mut noise = move || {
        // a small LCG: values in [-3, 3)
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((rng >> 11) as f64 / (1u64 << 53) as f64) * 6.0 - 3.0
    };
    let y: Vec<&str> = (0..rows).map(|i| if i % 2 == 0 { "a" } else { "b" }).collect();
    let sep: Vec<f64> =
        (0..rows).map(|i| (if i % 2 == 0 { -1.0 } else { 1.0 }) * (1.0 + noise().abs() / 3.0) * scale).collect();
    let n1: Vec<f64> = (0..rows).map(|_| noise() * scale).collect();
    let n2: Vec<f64> = (0..rows).map(|_| noise() * scale).collect();
    Dataset::from_polars(df!("sep" => sep, "n1" => n1, "n2" => n2, "y" => y).unwrap(), "y").unwrap()
}

/// Every classification ranker of the registry, and the wrappers around one.
/// The learners that take a class target (ML-kNN takes labels only).
fn classification_learners() -> impl Iterator<Item = &'static str> {
    learners::REGISTRY.names().filter(|n| learners::parse(n).unwrap().supports(Task::Classification))
}

fn classification_rankers() -> Vec<String> {
    rankers::methods()
        .iter()
        .filter(|m| rankers::parse(m).unwrap().supports(Task::Classification))
        .map(|m| m.to_string())
        .chain(
            ["bag:base=(relieff),bootstraps=5", "shadow:base=(fisher),rounds=20", "turf:base=(relieff),keep=1"]
                .map(String::from),
        )
        .collect()
}

/// Scaling every value by a power of two (exact) changes no ranking and no curve, at either end of the range the
/// methods compute safely: ranges, variances, distances and kernels scale along instead of overflowing or
/// underflowing.
#[test]
fn rankings_and_curves_are_the_same_at_either_end_of_the_safe_range() {
    let plain = separating(1.0);
    for power in [490, -490] {
        let scaled = separating(2f64.powi(power));
        for spec in classification_rankers() {
            let ranker = rankers::parse(&spec).unwrap();
            let (a, b) = (ranker.rank(&plain, 3).unwrap(), ranker.rank(&scaled, 3).unwrap());
            assert_eq!(a.order(), b.order(), "{spec} at 2^{power}");
        }
        assert_eq!(ReliefF::new().rank(&scaled, 1).unwrap().order()[0], "sep");
        assert_eq!(SvmRfe::new().rank(&scaled, 1).unwrap().order()[0], "sep");
        assert_eq!(Fisher::new().rank(&scaled, 1).unwrap().order()[0], "sep");
        let r = Ranking::from_order(&["sep", "n1", "n2"]).unwrap();
        for name in classification_learners() {
            let spec = CurveSpec::new(learners::parse(name).unwrap()).folds(2).repeats(1).expected(2).seed(1);
            let (a, b) = (
                spec.evaluate(&plain, std::slice::from_ref(&r)).unwrap(),
                spec.evaluate(&scaled, std::slice::from_ref(&r)).unwrap(),
            );
            assert_eq!(a.to_polars().unwrap(), b.to_polars().unwrap(), "{name} at 2^{power}");
        }
    }
}

/// ±1e308 (its range overflows), 1e200 (its squares do) and 1e-200 (its squares underflow) are refused by
/// every ranker and every learner, naming the column and the power of ten to rescale it by.
#[test]
fn values_beyond_the_safe_range_are_refused_by_name() {
    for (scale, advice) in
        [(5e307, "divide it by 1e308"), (1e200, "divide it by 1e200"), (1e-200, "multiply it by 1e200")]
    {
        let base = separating(1.0);
        let mut df = base.to_polars().unwrap().into_inner();
        let wild: Vec<f64> = base.feature(0).iter().map(|v| v * scale).collect();
        df.with_column(Column::new("sep".into(), wild)).unwrap();
        let data = Dataset::from_polars(&df, "y").unwrap(); // a dataset holds it
        for spec in classification_rankers() {
            let err = rankers::parse(&spec).unwrap().rank(&data, 1).unwrap_err();
            let text = err.message();
            assert!(matches!(err, Error::InvalidColumn { ref column, .. } if column == "sep"), "{spec}: {text}");
            assert!(text.contains(advice), "{spec}: {text}");
        }
        for name in classification_learners() {
            let spec = CurveSpec::new(learners::parse(name).unwrap()).folds(2).repeats(1).expected(2);
            let err = spec.evaluate(&data, &[]).unwrap_err();
            assert!(matches!(err, Error::InvalidColumn { ref column, .. } if column == "sep"), "{name}: {err:?}");
        }
    }
    // a numeric target too
    let df = df!("a" => [1.0, 2.0, 3.0, 4.0], "t" => [1e300, -1e300, 2e300, 0.0]).unwrap();
    let err = RReliefF::new().rank(&Dataset::from_polars(&df, "t").unwrap(), 1).unwrap_err();
    assert!(matches!(err, Error::InvalidTarget { .. }), "{err:?}");
}

fn is_memory(r: Result<impl std::fmt::Debug>) -> bool {
    matches!(r, Err(Error::Memory { .. }))
}

/// Counts that size what a run holds are checked against the memory limit before anything they size is made
/// (each would otherwise abort the process on allocation).
#[test]
fn huge_counts_are_refused_before_they_allocate() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    for n in HUGE {
        let knn = || CurveSpec::new(Knn::new()).folds(2).repeats(1).expected(0);
        assert!(is_memory(knn().expected(n).evaluate(&iris, std::slice::from_ref(&r))), "expected {n}");
        assert!(is_memory(knn().repeats(n).evaluate(&iris, std::slice::from_ref(&r))), "repeats {n}");
        assert!(is_memory(CvPlan::new(&iris, Scheme::Bootstrap, n, 1)), "bootstrap repeats {n}");
        assert!(is_memory(CvPlan::new(&iris, Scheme::Holdout { test: 0.3 }, n, 1)), "holdout repeats {n}");
        for design in synth::DESIGNS {
            assert!(is_memory(synth::generate(design, Some(n), 1)), "{design} rows {n}");
        }
        assert!(is_memory(synth::Null::new().features(n).generate(1)), "null features {n}");
        assert!(is_memory(synth::Madelon::new().noise(n).rows(10).generate(1)), "madelon noise {n}");
        assert!(synth::Binary::new(synth::Design::Pair).copies(n).generate(1).is_err(), "copies {n}");
        for spec in [
            format!("forest:trees={n}"),
            format!("bag:base=(fisher),bootstraps={n}"),
            format!("shadow:base=(fisher),rounds={n}"),
            format!("permutation:repeats={n}"),
            format!("permutation:learner=(forest:trees={n})"),
        ] {
            assert!(is_memory(rankers::parse(&spec).unwrap().rank(&iris, 1)), "{spec}");
        }
        let forest = CurveSpec::new(RandomForest::new().trees(n)).folds(2).repeats(1).expected(0);
        assert!(is_memory(forest.evaluate(&iris, std::slice::from_ref(&r))), "forest learner {n}");
        // fold ids: a fold beyond the rows is refused by the ids it names, not by allocating a flag per fold
        let mut ids = vec![vec![0usize; 150]];
        ids[0][149] = n;
        let err = CvPlan::from_assignments(ids, 150).unwrap_err().to_string();
        assert!(err.contains(&format!("row 149 of repeat 0 has {n}")), "{err}");
    }
}

/// Every probability, level and α lies strictly between 0 and 1; NaN and the ends are refused by name.
#[test]
fn levels_and_alphas_lie_in_the_open_unit_interval() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    let curves = CurveSpec::new(Knn::new()).folds(2).repeats(3).expected(3).evaluate(&iris, &[r]).unwrap();
    let sig = curves.significance().unwrap();
    let name = curves.rankings()[0];
    for bad in [f64::NAN, 2.0, -1.0, 0.0, 1.0, f64::INFINITY] {
        let named = |e: Error, what: &str| matches!(e, Error::InvalidParameter { ref name, .. } if name == what);
        assert!(named(sig.verdict(name, bad).unwrap_err(), "alpha"), "verdict {bad}");
        assert!(named(sig.verdicts(bad).unwrap_err(), "alpha"), "verdicts {bad}");
        assert!(named(sig.wilcoxon_warning(bad).unwrap_err(), "alpha"), "wilcoxon {bad}");
        assert!(named(Significance::of_curves(&curves, Weighting::Uniform, bad).unwrap_err(), "level"), "level {bad}");
        assert!(named(featrank::compare::stats::nemenyi_cd(3, 5, bad).unwrap_err(), "alpha"), "nemenyi {bad}");
        assert!(named(featrank::math::probability("x", bad).unwrap_err(), "x"));
    }
    assert!(sig.verdict(name, 0.05).is_ok());
    // a memory limit of 0 bytes is refused, not read as "no limit"
    assert!(memory::set_limit(Some(0)).is_err());
    assert!(memory::parse_bytes("0").is_err());
    assert_eq!(memory::parse_bytes("18446744073709551615").unwrap(), u64::MAX);
}

/// Errors name the parameter the user gave and advice that can be followed.
#[test]
fn messages_name_the_parameter_given_and_quote_little() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let err = NestedSpec::new(&["fisher"], "knn").unwrap().inner_folds(1000).evaluate(&iris).unwrap_err();
    assert!(matches!(err, Error::InvalidParameter { ref name, .. } if name == "inner_folds"), "{err:?}");
    // one row of a class: no "use at most 1 folds"
    let df = df!("a" => [1.0, 2.0, 3.0, 4.0, 5.0], "y" => ["p", "p", "q", "q", "r"]).unwrap();
    let one = Dataset::from_polars(&df, "y").unwrap();
    let err = CvPlan::stratified(&one, 2, 1, 0).unwrap_err().message();
    assert!(err.contains("class 'r' has only 1 row") && !err.contains("at most 1 folds"), "{err}");
    // user text is quoted, not echoed whole
    let long = "x".repeat(100_000);
    for err in
        [rankers::parse(&long).unwrap_err(), learners::parse(&long).unwrap_err(), Error::missing_column(&long, &["a"])]
    {
        let text = err.message();
        assert!(text.len() < 1_000 && text.contains("(100000 characters)"), "{}", &text[..text.len().min(300)]);
    }
}

/// A manifest held in memory refuses to run or merge once an input changed, as the same manifest read from its
/// file does.
#[test]
fn a_manifest_in_memory_rechecks_its_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("d.csv");
    let csv = |scale: f64| {
        let mut s = String::from("a,b,y\n");
        (0..30).for_each(|i| s += &format!("{},{},{}\n", i as f64 * scale, (i * 7 % 5) as f64, i % 2));
        s
    };
    std::fs::write(&data, csv(1.0)).unwrap();
    let job = CurveJob {
        data: data.display().to_string(),
        methods: vec!["fisher".into()],
        options: CurveOptions {
            evaluation: featrank::eval::Evaluation {
                resampling: Resampling::new(Scheme::KFold { folds: 2 }, 1),
                ..Default::default()
            },
            expected: 2,
            ..CurveOptions::default()
        },
        ..CurveJob::default()
    };
    let manifest = Manifest::plan(job, &dir.path().join("m.json")).unwrap();
    let part = dir.path().join("p0.csv");
    manifest.run_shard("0/1".parse::<Shard>().unwrap(), &part, false, false).unwrap();
    std::fs::write(&data, csv(2.0)).unwrap();
    let changed = |e: Error| e.message().contains("changed since the run was planned");
    assert!(changed(
        manifest.run_shard("0/1".parse::<Shard>().unwrap(), &dir.path().join("p1.csv"), false, false).unwrap_err()
    ));
    assert!(changed(manifest.merge(&[&part]).unwrap_err()));
    assert!(changed(Manifest::read(manifest.path()).unwrap_err()));
}

#[test]
fn a_manifest_of_the_first_layout_is_refused_not_misread() {
    // The first layout wrote `"scheme": "kfold", "folds": 3`; read as today's it would lose the folds.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.json");
    Manifest::plan(CurveJob { methods: vec!["fisher".into()], ..CurveJob::new("iris") }, &path).unwrap();
    let mut json: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(json["format"], 2);
    json.as_object_mut().unwrap().remove("format");
    std::fs::write(&path, serde_json::to_vec(&json).unwrap()).unwrap();
    let err = Manifest::read(&path).unwrap_err().to_string();
    assert!(err.contains("manifest format 0") && err.contains("plan the run again"), "{err}");
}

proptest! {
    /// The parser reads specs of any depth and length without overflowing its stack: up to 32 levels and 4096
    /// characters they parse (and build, or fail with an error); beyond, they are refused with the limit named.
    #[test]
    fn the_spec_parser_bounds_depth_and_length(depth in 0usize..80, pad in 0usize..6000) {
        let mut text = format!("relieff:k={}", "1".repeat(pad.min(4000) / 4 + 1).chars().take(3).collect::<String>());
        for _ in 0..depth {
            text = format!("bag:base=({text}),bootstraps=2");
        }
        let padded = format!("{text}{}", " ".repeat(pad));
        let parsed = padded.parse::<Spec>();
        let built = rankers::parse(&padded);
        if padded.len() > featrank::spec::MAX_LEN {
            prop_assert!(parsed.unwrap_err().message().contains("a spec has at most 4096"));
        } else if depth > featrank::spec::MAX_DEPTH {
            prop_assert!(parsed.unwrap_err().message().contains("nests at most 32"));
            prop_assert!(built.is_err());
        } else {
            prop_assert!(parsed.is_ok());
            prop_assert!(built.is_ok(), "{}", built.unwrap_err());
        }
    }
}
