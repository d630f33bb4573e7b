//! Data with several targets (multi-label, multi-target): target sets built, refused and read back; MEKA's
//! ARFF convention; the summary's label statistics (against the published ones for Music and Scene, which
//! need `shared/data/multilabel` and are skipped, saying so, without it); Relief with a target distance and
//! the problem transformations recovering a synthetic generator's planted features; their identities.

use crate::common;
use featrank::data::synth::MultiLabel;
use featrank::data::{datasets, io, Target};
use featrank::prelude::*;
use featrank::rankers::{self, BinaryRelevance, LabelPowerset, RReliefF, Ranker, ReliefF, TargetDistance};
use featrank::resampling::Prediction;

fn frame() -> DataFrame {
    df!(
        "x" => [0.1, 0.7, 0.4, 0.9, 0.3, 0.6],
        "happy" => [0i64, 1, 0, 1, 0, 1],
        "kind" => ["u", "v", "u", "v", "u", "u"],
        "calm" => [true, true, false, false, true, false],
        "sad" => ["0", "0", "1", "0", "1", "1"],
        "w" => [Some(1.0), None, Some(3.0), Some(2.0), Some(5.0), Some(0.5)]
    )
    .unwrap()
}

#[test]
fn a_target_set_is_built_read_back_and_subset_exactly() {
    let df = frame();
    let ds = Dataset::from_polars_targets(&df, &["happy", "calm", "sad"]).unwrap();
    assert_eq!(ds.task(), Task::MultiLabel);
    assert_eq!((ds.n_features(), ds.n_targets()), (3, 3));
    assert_eq!(ds.feature_names(), ["x", "kind", "w"]);
    assert_eq!(ds.target_names(), ["happy", "calm", "sad"]);
    assert_eq!(ds.target_name(), "happy, calm, sad");
    assert!(ds.labels().is_none() && ds.values().is_none() && ds.class_names().is_none());
    // the frame comes back as it was: column order, dtypes, values, the null in w
    common::assert_identical(&ds.to_polars().unwrap(), &df);
    let y = ds.label_matrix().unwrap();
    assert_eq!(y.row(0).to_vec(), [false, true, false]);
    assert_eq!(y.row(2).to_vec(), [false, false, true]);
    // rows, features, one target, the label powerset
    let sub = ds.take_rows(&[2, 2, 5]).unwrap();
    assert_eq!(sub.label_matrix().unwrap().row(1).to_vec(), [false, false, true]);
    common::assert_identical(
        &sub.to_polars().unwrap(),
        &df.take(&featrank::polars::prelude::IdxCa::new("i".into(), [2 as featrank::polars::prelude::IdxSize, 2, 5]))
            .unwrap(),
    );
    let picked = ds.select_features(&["w"]).unwrap();
    assert_eq!((picked.n_features(), picked.n_targets(), picked.task()), (1, 3, Task::MultiLabel));
    let calm = ds.for_target(1).unwrap();
    assert_eq!(
        (calm.target_name(), calm.task(), calm.class_names().unwrap()),
        ("calm", Task::Classification, &["false".to_string(), "true".to_string()][..])
    );
    assert!(ds.for_target(3).unwrap_err().to_string().contains("target 3"));
    let lp = ds.label_powerset().unwrap();
    assert_eq!(lp.class_names().unwrap(), ["0,true,0", "1,true,0", "0,false,1", "1,false,0", "0,true,1", "1,false,1"]);
    let summary = ds.summary();
    let sets = summary.label_sets.unwrap();
    // labels per row: 1, 2, 1, 1, 2, 2 → cardinality 9/6, density 9/18, six distinct sets, none empty
    assert_eq!((sets.cardinality, sets.density, sets.distinct, sets.empty), (1.5, 0.5, 6, 0));
    assert_eq!(summary.targets.len(), 3);
    assert!(summary.to_string().contains("label cardinality: 1.500, density: 0.500, distinct label sets: 6"));
    assert!(summary.to_html().contains("cardinality 1.500"));
}

#[test]
fn multi_target_kinds_and_their_refusals() {
    let df = df!(
        "x" => [0.1, 0.7, 0.4, 0.9, 0.3, 0.6],
        "colour" => ["r", "g", "b", "r", "g", "b"],
        "size" => [1i64, 2, 1, 3, 2, 1],
        "w" => [1.5, 2.5, 0.5, 3.0, 2.0, 1.0],
        "h" => [10.0, 12.0, 9.0, 11.5, 10.5, 9.5],
        "flat" => [1i64, 1, 1, 1, 1, 1],
        "gap" => [Some(1i64), None, Some(0), Some(1), Some(0), Some(1)]
    )
    .unwrap();
    let mtc = Dataset::from_polars_targets(&df, &["colour", "size"]).unwrap();
    assert_eq!(mtc.task(), Task::MultiTargetClassification);
    assert!(mtc.label_matrix().is_none() && mtc.summary().label_sets.is_none());
    assert_eq!(mtc.label_powerset().unwrap().n_classes(), 4);
    let mtr = Dataset::from_polars_targets(&df, &["w", "h"]).unwrap();
    assert_eq!(mtr.task(), Task::MultiTargetRegression);
    assert!(mtr.label_powerset().unwrap_err().to_string().contains("label powerset"));
    let forced = Dataset::builder_targets(&df, &["size", "x"]).task(TaskChoice::Regression).build().unwrap();
    assert_eq!(forced.task(), Task::MultiTargetRegression);
    let err = |targets: &[&str]| Dataset::from_polars_targets(&df, targets).unwrap_err().to_string();
    assert!(err(&["w", "w"]).contains("duplicate name 'w'"), "{}", err(&["w", "w"]));
    assert!(err(&["w", "colour"]).contains("'colour'") && err(&["w", "colour"]).contains("all numeric"));
    assert!(err(&["size", "flat"]).contains("'flat'") && err(&["size", "flat"]).contains("one class"));
    assert!(err(&["size", "gap"]).contains("'gap'") && err(&["size", "gap"]).contains("missing"));
    assert!(err(&["size", "colr"]).contains("did you mean"));
    let all = ["x", "colour", "size", "w", "h", "flat", "gap"];
    assert!(err(&all).contains("no feature columns"));
    assert!(Dataset::from_polars_targets::<&str>(&df, &[]).unwrap_err().to_string().contains("targets"));
    // one name is an ordinary dataset
    assert_eq!(Dataset::from_polars_targets(&df, &["colour"]).unwrap().task(), Task::Classification);
}

#[test]
fn meka_arff_declares_its_targets() {
    let text = |relation: &str| {
        format!(
            "@relation '{relation}'\n@attribute a {{0,1}}\n@attribute b {{0,1}}\n@attribute x numeric\n\
             @attribute z numeric\n@data\n1,0,0.5,1\n0,1,0.25,2\n1,1,0.75,3\n0,0,0.1,4\n"
        )
    };
    let targets = |relation: &str| io::arff::parse_with_targets(&text(relation), "t.arff").map(|(_, t)| t);
    assert_eq!(targets("Toy: -C 2").unwrap(), ["a", "b"]);
    assert_eq!(targets("Toy: -C 2 -split-number 3").unwrap(), ["a", "b"]);
    assert_eq!(targets("Toy: -C -2").unwrap(), ["x", "z"]);
    assert!(targets("plain name").unwrap().is_empty());
    for bad in ["Toy: -C 0", "Toy: -C", "Toy: -C six", "Toy: -C 4", "Toy: -C -9"] {
        let e = targets(bad).unwrap_err().to_string();
        assert!(e.contains("t.arff, line 1") && (e.contains("-C") || e.contains("targets")), "{bad}: {e}");
    }
    // a file with no target flag: its declared targets; a flag overrides them
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("toy.arff");
    std::fs::write(&path, text("Toy: -C 2")).unwrap();
    let path = path.to_string_lossy();
    let ds = datasets::open(&path, None, TaskChoice::Auto).unwrap();
    assert_eq!((ds.task(), ds.feature_names()), (Task::MultiLabel, &["x".to_string(), "z".to_string()][..]));
    assert_eq!(datasets::open(&path, Some("z"), TaskChoice::Auto).unwrap().task(), Task::Regression);
    assert_eq!(datasets::open(&path, Some("x,z"), TaskChoice::Auto).unwrap().task(), Task::MultiTargetRegression);
}

/// Label statistics of the MEKA files against Tsoumakas et al.'s published ones (Mulan's table: emotions
/// 593 rows, cardinality 1.869, density 0.311, 27 distinct sets; scene 2407 rows, 1.074, 0.179, 15). MEKA's
/// Music has 592 rows (one fewer than Mulan's emotions), so its figures differ in the third decimal.
#[test]
fn music_and_scene_label_statistics_match_the_published_ones() {
    for (name, rows, features, cardinality, density, distinct) in
        [("Music", 592, 71, 1.869, 0.311, 27), ("Scene", 2407, 294, 1.074, 0.179, 15)]
    {
        let ds = match name {
            "Music" => datasets::load("emotions").unwrap().dataset(), // bundled: MEKA's Music byte for byte
            _ => datasets::external_multi(name),
        };
        let ds = match ds {
            Ok(ds) => ds,
            Err(e) => {
                println!("SKIPPED {name}: {e}");
                continue;
            }
        };
        assert_eq!((ds.n_rows(), ds.n_features(), ds.n_targets(), ds.task()), (rows, features, 6, Task::MultiLabel));
        let sets = ds.summary().label_sets.unwrap();
        assert!((sets.cardinality - cardinality).abs() < 0.002, "{name}: cardinality {}", sets.cardinality);
        assert!((sets.density - density).abs() < 0.002, "{name}: density {}", sets.density);
        assert_eq!(sets.distinct, distinct, "{name}");
    }
    if let Ok(flare) = datasets::external_multi("solar_flare") {
        assert_eq!((flare.task(), flare.n_targets(), flare.n_features()), (Task::MultiTargetClassification, 3, 10));
    }
}

/// The bundled sets with several targets are data/README.md's second table: the file's checksum
/// (uncompressed), shape, targets and task, and the CLI's `info` reads the targets the file declares.
#[test]
fn bundled_sets_with_several_targets_match_the_data_readme() {
    use std::io::Read;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/README.md")).unwrap();
    let rows: Vec<Vec<String>> = text
        .lines()
        .skip_while(|l| !l.starts_with("| name | file | targets |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split(" | ").map(|c| c.trim().to_string()).collect())
        .collect();
    assert_eq!(rows.len(), 2);
    for f in rows {
        let path = format!("{}/data/{}", env!("CARGO_MANIFEST_DIR"), f[1]);
        let mut arff = Vec::new();
        flate2::read::GzDecoder::new(std::fs::File::open(&path).unwrap()).read_to_end(&mut arff).unwrap();
        use sha2::Digest;
        let sha: String = sha2::Sha256::digest(&arff).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(sha, f[6], "{}", f[1]);
        let b = datasets::load(&f[0]).unwrap();
        assert_eq!(datasets::file_name(&f[0]).unwrap(), f[1]);
        let ds = b.dataset().unwrap();
        let shape = (ds.n_targets().to_string(), ds.n_rows().to_string(), ds.n_features().to_string());
        assert_eq!(shape, (f[2].clone(), f[3].clone(), f[4].clone()), "{}", f[0]);
        assert_eq!(ds.task().words(), f[5], "{}", f[0]);
        assert_eq!(b.targets, ds.target_names(), "{}", f[0]);
        assert_eq!(io::read(&path).unwrap().shape(), (ds.n_rows(), ds.n_features() + ds.n_targets()));
    }
}

/// The generator's exact relevance: a member of a majority vote of 3 fair coins, the vote flipped with
/// probability q, has I(F; y) = 1 − H_b(¾(1 − q) + ¼q) bits.
#[test]
fn the_multi_label_generator_has_exact_ground_truth() {
    let s = MultiLabel::new().generate(5).unwrap();
    let hb = |p: f64| -p * p.log2() - (1.0 - p) * (1.0 - p).log2();
    let member = 1.0 - hb(0.75 * 0.9 + 0.25 * 0.1);
    for (l, truth) in s.per_label.iter().enumerate() {
        let relevant: Vec<f64> = truth.relevance.iter().copied().filter(|&r| r > 0.0).collect();
        assert_eq!(relevant.len(), 3, "label {l}");
        assert!(relevant.iter().all(|r| (r - member).abs() < 1e-12));
    }
    let top = s.truth.ranking().unwrap();
    assert!((s.truth.relevance.iter().copied().fold(0.0, f64::max) - 3.0 * member).abs() < 1e-12);
    // the empirical label agreement with the noiseless vote ≈ 1 − flip
    let ds = s.dataset().unwrap();
    assert_eq!(ds.task(), Task::MultiLabel);
    assert_eq!(top.len(), 27);
    assert!(MultiLabel::new().flip(0.5).generate(1).unwrap_err().to_string().contains("flip"));
    assert!(MultiLabel::new().labels(1).generate(1).unwrap_err().to_string().contains("labels"));
    assert!(MultiLabel::new().own(20).generate(1).unwrap_err().to_string().contains("own"));
}

/// Every ranker for several targets puts the 7 planted features (1 shared, 2 per label) first; the
/// target-distance Reliefs and binary relevance put the shared one, relevant to every label, first of all.
#[test]
fn rankers_recover_the_planted_features() {
    let s = MultiLabel::new().rows(600).generate(11).unwrap();
    let ds = s.dataset().unwrap();
    let mut relevant: Vec<&str> = s.truth.relevant();
    relevant.sort();
    let shared = s.truth.ranking().unwrap().order()[0].clone();
    for spec in [
        "relieff",
        "relieff:distance=jaccard",
        "relieff:distance=subset",
        "rrelieff",
        "binary-relevance:base=(relieff)",
        "binary-relevance:base=(info-gain)",
        "binary-relevance:base=(forest:trees=50)",
        "binary-relevance:base=(relieff),aggregate=best,on=ranks",
        "label-powerset:base=(relieff)",
        "label-powerset:base=(symmetrical-uncertainty)",
    ] {
        let r = rankers::parse(spec).unwrap().rank(&ds, 1).unwrap();
        let mut top: Vec<&str> = r.order()[..7].iter().map(String::as_str).collect();
        top.sort();
        assert_eq!(top, relevant, "{spec}: {:?}", &r.order()[..10]);
        if spec == "relieff" || spec == "binary-relevance:base=(relieff)" {
            assert_eq!(r.order()[0], shared, "{spec}");
        }
    }
    // the mean of ranks loses the own features among the noise (module docs), but keeps the shared one first
    let ranks = rankers::parse("br:base=(relieff),on=ranks").unwrap().rank(&ds, 1).unwrap();
    assert_eq!(ranks.order()[0], shared);
    let found = ranks.order()[..7].iter().filter(|f| relevant.contains(&f.as_str())).count();
    assert!(found < 7, "{:?}", &ranks.order()[..7]);
    // per-label rankings: each label's three voters first
    let per = BinaryRelevance::new(ReliefF::new(), Aggregate::Mean).per_target(&ds, 1).unwrap();
    for (l, r) in per.iter().enumerate() {
        let mut top: Vec<&str> = r.order()[..3].iter().map(String::as_str).collect();
        top.sort();
        let mut want = s.per_label[l].relevant();
        want.sort();
        assert_eq!((r.name(), top), (format!("y{l}").as_str(), want));
    }
}

/// Identities: a target set of copies is its one target — ReliefF with the Hamming distance on two copies
/// of a label equals RReliefF on the label as a 0/1 number, and on two numeric targets that are affine
/// images of each other it equals RReliefF on one of them (range scaling makes every diff equal).
#[test]
fn a_set_of_copies_ranks_as_its_one_target() {
    let s = MultiLabel::new().rows(150).generate(2).unwrap();
    let mut frame = s.frame.clone().into_inner();
    let y0 = frame.column("y0").unwrap().cast(&DataType::Float64).unwrap();
    frame.with_column(y0.with_name("y0_value".into())).unwrap();
    frame.with_column(frame.column("y0").unwrap().clone().with_name("y0_copy".into())).unwrap();
    let features: Vec<String> = s.truth.features.clone();
    let keep = |extra: &[&str]| {
        let mut cols: Vec<String> = features.clone();
        cols.extend(extra.iter().map(|s| s.to_string()));
        frame.select(cols).unwrap()
    };
    let pair = Dataset::from_polars_targets(keep(&["y0", "y0_copy"]), &["y0", "y0_copy"]).unwrap();
    let one = Dataset::from_polars(keep(&["y0_value"]), "y0_value").unwrap();
    assert_eq!((pair.task(), one.task()), (Task::MultiLabel, Task::Regression));
    let a = ReliefF::new().scores(&pair, 0).unwrap();
    let b = RReliefF::new().scores(&one, 0).unwrap();
    a.iter().zip(&b).for_each(|(x, y)| assert!((x - y).abs() < 1e-12, "{x} vs {y}"));
    // numeric: w and 3w − 2
    let w: Vec<f64> = (0..150).map(|i| ((i * 37) % 101) as f64 / 10.0).collect();
    let x: Vec<f64> = w.iter().enumerate().map(|(i, v)| v + ((i * 7) % 5) as f64 * 0.3).collect();
    let noise: Vec<f64> = (0..150).map(|i| ((i * 53) % 97) as f64).collect();
    let df = df!("x" => &x, "noise" => &noise, "w" => &w, "w3" => w.iter().map(|v| 3.0 * v - 2.0).collect::<Vec<_>>())
        .unwrap();
    let pair = Dataset::from_polars_targets(&df, &["w", "w3"]).unwrap();
    let one = Dataset::from_polars(df.drop("w3").unwrap(), "w").unwrap();
    let (a, b) = (RReliefF::new().scores(&pair, 0).unwrap(), RReliefF::new().scores(&one, 0).unwrap());
    a.iter().zip(&b).for_each(|(x, y)| assert!((x - y).abs() < 1e-12, "{x} vs {y}"));
    assert!(a[0] > a[1]);
}

/// Methods that take one target refuse a target set by name, and say what to use; binary relevance leaves
/// out a label constant on the rows at hand and refuses when every label is.
#[test]
fn single_target_methods_refuse_target_sets_and_say_what_to_use() {
    let ds = MultiLabel::new().rows(60).generate(4).unwrap().dataset().unwrap();
    let e = rankers::parse("fisher").unwrap().rank(&ds, 0).unwrap_err();
    assert!(matches!(e, Error::UnsupportedTask { .. }), "{e}");
    let text = e.to_string();
    assert!(text.contains("fisher does not handle multi-label targets") && text.contains("binary-relevance"), "{text}");
    let r = Ranking::random(ds.feature_names(), 1, 0).unwrap();
    let e = CurveSpec::new(NaiveBayes::new()).folds(3).evaluate(&ds, &[r]).unwrap_err().to_string();
    assert!(e.contains("nb does not handle multi-label targets") && e.contains("knn"), "{e}");
    assert!(rankers::parse("relieff:distance=jaccard")
        .unwrap()
        .rank(
            &Dataset::from_polars_targets(
                df!("x" => [1.0, 2.0, 3.0], "a" => [1.0, 2.0, 0.5], "b" => [0.0, 1.0, 3.0]).unwrap(),
                &["a", "b"]
            )
            .unwrap(),
            0
        )
        .unwrap_err()
        .to_string()
        .contains("distance"));
    assert!(LabelPowerset::new(ReliefF::new())
        .rank(
            &Dataset::from_polars_targets(
                df!("x" => [1.0, 2.0, 3.0], "a" => [1.0, 2.0, 0.5], "b" => [0.0, 1.0, 3.0]).unwrap(),
                &["a", "b"]
            )
            .unwrap(),
            0
        )
        .is_err());
    // rows where y2 never applies: binary relevance ranks with y0 and y1 alone
    let y2 = ds.for_target(2).unwrap();
    let rows: Vec<usize> = (0..60).filter(|&i| y2.labels().unwrap()[i] == 0).collect();
    let sub = ds.take_rows(&rows).unwrap();
    let br = BinaryRelevance::new(ReliefF::new(), Aggregate::Mean);
    assert_eq!(br.per_target(&sub, 0).unwrap().len(), 2);
    let flat = df!("x" => [0.1, 0.5, 0.9, 0.3], "a" => [0, 1, 0, 1], "b" => [1, 0, 0, 1]).unwrap();
    let flat = Dataset::from_polars_targets(&flat, &["a", "b"]).unwrap().take_rows(&[0, 0]).unwrap();
    assert!(br.rank(&flat, 0).unwrap_err().to_string().contains("constant"));
    match &flat.targets()[0] {
        Target::Classes { codes, .. } => assert_eq!(codes, &[0, 0]),
        other => panic!("{other:?}"),
    }
}

/// Binary relevance and label powerset spell themselves, round-trip, and appear in the catalog with the
/// tasks they take.
#[test]
fn wrappers_round_trip_and_are_catalogued() {
    for spec in
        ["br:base=(relieff:k=5)", "lp:base=(info-gain)", "binary-relevance:base=(forest),aggregate=best,on=ranks"]
    {
        let r = rankers::parse(spec).unwrap();
        assert_eq!(rankers::parse(&r.spec().to_string()).unwrap().spec(), r.spec(), "{spec}");
    }
    assert_eq!(rankers::parse("br:base=(relieff)").unwrap().name(), "relieff-br-mean");
    assert!(rankers::parse("br").unwrap_err().to_string().contains("base"));
    let t = rankers::catalog().unwrap();
    let row = |m: &str| t.column("method").unwrap().str().unwrap().iter().position(|x| x == Some(m)).unwrap();
    let flag = |c: &str, m: &str| t.column(c).unwrap().bool().unwrap().get(row(m)).unwrap();
    assert!(flag("multi-label", "relieff") && flag("multi-target", "rrelieff") && !flag("multi-label", "fisher"));
    assert!(flag("multi-label", "binary-relevance") && flag("multi-target", "binary-relevance"));
    assert!(flag("multi-label", "label-powerset") && !flag("classification", "label-powerset"));
    // the survival rankers say so, and a class-only one does not claim it
    assert!(flag("survival", "univariate-cox") && flag("survival", "variance") && !flag("survival", "fisher"));
    assert_eq!(
        ReliefF::new().distance(TargetDistance::Subset).spec().to_string(),
        "relieff:k=10,m=all,convention=weka,distance=subset"
    );
}

/// Binary relevance's kNN is kNN per label with the same neighbours: on the same folds, a label set's
/// Hamming loss is 1 − the mean of the per-label kNN accuracies, at every size and repeat, and its mean
/// accuracy over labels is exactly that mean (up to the order of summation).
#[test]
fn br_knn_curves_are_the_per_label_knn_curves() {
    let s = MultiLabel::new().rows(200).noise(6).generate(8).unwrap();
    let ds = s.dataset().unwrap();
    let order = s.truth.ranking().unwrap();
    let plan = featrank::resampling::CvPlan::stratified(&ds, 5, 2, 3).unwrap();
    let run = |data: &Dataset, measure| {
        CurveSpec::new(Knn::new().k(5))
            .plan(plan.clone())
            .measure(measure)
            .expected(0)
            .evaluate(data, std::slice::from_ref(&order))
            .unwrap()
    };
    let set = run(&ds, Measure::HammingLoss);
    let hamming = &set.get("GT", CurveKind::Ffa).unwrap().per_repeat;
    let per_label: Vec<Vec<Vec<f64>>> = (0..3)
        .map(|l| {
            run(&ds.for_target(l).unwrap(), Measure::Accuracy).get("GT", CurveKind::Ffa).unwrap().per_repeat.clone()
        })
        .collect();
    for (k, reps) in hamming.iter().enumerate() {
        for (r, &h) in reps.iter().enumerate() {
            let mean = per_label.iter().map(|p| p[k][r]).sum::<f64>() / 3.0;
            assert!((h - (1.0 - mean)).abs() < 1e-12, "size {k} repeat {r}: {h} vs 1 − {mean}");
        }
    }
    assert!(!Measure::HammingLoss.higher_is_better());
}

/// Hand-computed measures: 4 rows × 2 labels (truth and prediction below).
#[test]
fn multi_label_measures_have_hand_computed_values() {
    // truth  a b     predicted a b
    //   r0   1 0               1 0   (exact)
    //   r1   0 1               1 1   (a: FP)
    //   r2   1 1               0 1   (a: FN)
    //   r3   0 0               0 0   (exact)
    let df = df!("x" => [0.1, 0.2, 0.3, 0.4], "a" => [1, 0, 1, 0], "b" => [0, 1, 1, 0]).unwrap();
    let ds = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap();
    let labels =
        |l: Vec<usize>| featrank::resampling::Prediction::Classes { scores: vec![0.0; 2 * l.len()], labels: l };
    let pred = featrank::resampling::Prediction::Set(vec![labels(vec![1, 1, 0, 0]), labels(vec![0, 1, 1, 0])]);
    let score = |m: Measure| m.score(&ds, &[0, 1, 2, 3], &pred).unwrap();
    assert_eq!(score(Measure::HammingLoss), 2.0 / 8.0);
    assert_eq!(score(Measure::SubsetAccuracy), 2.0 / 4.0);
    // a: TP 1, FP 1, FN 1 → F1 = 2/4; b: TP 2 → F1 = 1; micro: TP 3, FP 1, FN 1 → 6/8
    assert_eq!(score(Measure::MacroF1), (0.5 + 1.0) / 2.0);
    assert_eq!(score(Measure::MicroF1), 6.0 / 8.0);
    assert!(Measure::MeanAccuracy.score(&ds, &[0, 1, 2, 3], &pred).is_ok()); // task is checked by the runs
                                                                             // multi-target regression: perfect on t1, the mean on t2 (RRMSE 1) → aRRMSE ½; correlations 1 and 0
    let df = df!("x" => [0.1, 0.2, 0.3, 0.4], "t1" => [1.0, 2.0, 3.0, 4.0], "t2" => [2.0, 4.0, 6.0, 8.0]).unwrap();
    let ds = Dataset::from_polars_targets(&df, &["t1", "t2"]).unwrap();
    let values = featrank::resampling::Prediction::Set(vec![
        featrank::resampling::Prediction::Values(vec![1.0, 2.0, 3.0, 4.0]),
        featrank::resampling::Prediction::Values(vec![5.0; 4]),
    ]);
    assert_eq!(Measure::Arrmse.score(&ds, &[0, 1, 2, 3], &values).unwrap(), 0.5);
    assert_eq!(Measure::MeanCorrelation.score(&ds, &[0, 1, 2, 3], &values).unwrap(), 0.5);
    assert_eq!("hamming".parse::<Measure>().unwrap(), Measure::HammingLoss);
    let e = CurveSpec::new(Knn::new().k(1))
        .folds(2)
        .measure(Measure::Accuracy)
        .evaluate(&ds, &[Ranking::from_order(&["x"]).unwrap()]);
    assert!(e.unwrap_err().to_string().contains("measure"));
}

/// The ground truth's Hamming-loss curve lies below the expected band of random rankings (lower is
/// better) and its ECA against it is positive; ReliefF run inside every training fold (400 rows) finds at
/// least 6 of the 7 planted features in its top 7 in every split, all 7 in most.
#[test]
fn curves_judge_multi_label_rankings_honestly() {
    let s = MultiLabel::new().rows(500).generate(21).unwrap();
    let ds = s.dataset().unwrap();
    let gt = s.truth.ranking().unwrap();
    let curves = CurveSpec::new(Knn::new().k(10))
        .folds(5)
        .repeats(2)
        .expected(20)
        .evaluate_all(&ds, &[Candidate::from(gt), Candidate::parse("relieff").unwrap()])
        .unwrap();
    assert_eq!(curves.measure, Measure::HammingLoss);
    let ffa = curves.get("GT", CurveKind::Ffa).unwrap();
    let expected = curves.expected().unwrap();
    let lo = expected.lo.as_ref().unwrap();
    // from 5 features on (the shared one and at least two labels' own voters) the ground truth beats every
    // random ranking but the luckiest 5 %
    for ((size, gt), best) in curves.sizes.iter().zip(&ffa.mean).zip(lo).take(10).skip(4) {
        assert!(gt < best, "size {size}: GT {gt} vs the expected band's best {best}");
    }
    let table = curves.eca_table().unwrap().to_polars().unwrap();
    println!("{table}");
    let eca = table.column("uniform").unwrap().f64().unwrap().get(0).unwrap();
    assert!(eca > 0.0, "ECA of GT against random: {eca}");
    let mut relevant = s.truth.relevant();
    relevant.sort();
    let splits: Vec<usize> = curves
        .fold_rankings("relieff")
        .unwrap()
        .rankings()
        .iter()
        .flatten()
        .map(|split| split.order()[..7].iter().filter(|f| relevant.contains(&f.as_str())).count())
        .collect();
    assert_eq!(splits.len(), 10);
    assert!(splits.iter().all(|&found| found >= 6), "{splits:?}");
    assert!(splits.iter().filter(|&&found| found == 7).count() >= 7, "{splits:?}");
}

/// Iterative stratification keeps every label's share in every fold close to n_l / k — within 4 rows, and
/// on average less than a third as far from it as random folds (0.53 rows against 2.64 in the first
/// repeat); fold sizes stay within 15 % of n / k (the algorithm deals rows by label, not by size);
/// multi-target regression folds have equal sizes.
#[test]
fn iterative_stratification_keeps_label_proportions() {
    use rand::seq::SliceRandom;
    let s = MultiLabel::new().rows(403).labels(5).generate(2).unwrap();
    let ds = s.dataset().unwrap();
    let labels = ds.label_matrix().unwrap();
    let deviation = |fold_of: &dyn Fn(usize) -> usize| -> (f64, f64) {
        let (mut sum, mut worst) = (0.0, 0.0f64);
        for f in 0..10 {
            for l in 0..5 {
                let total = labels.column(l).iter().filter(|&&b| b).count() as f64;
                let here = (0..403).filter(|&i| fold_of(i) == f && labels[[i, l]]).count() as f64;
                sum += (here - total / 10.0).abs();
                worst = worst.max((here - total / 10.0).abs());
            }
        }
        (sum / 50.0, worst)
    };
    let plan = featrank::resampling::CvPlan::stratified(&ds, 10, 3, 9).unwrap();
    for r in 0..3 {
        let mut fold_of = vec![0; 403];
        for f in 0..10 {
            let (_, test) = plan.split(r, f);
            assert!((34..=46).contains(&test.len()), "fold size {}", test.len());
            test.iter().for_each(|&i| fold_of[i] = f);
        }
        let (mean, worst) = deviation(&|i| fold_of[i]);
        let mut rows: Vec<usize> = (0..403).collect();
        rows.shuffle(&mut featrank::seed::rng_for(r as u64, &[]));
        let mut random = vec![0; 403];
        rows.iter().enumerate().for_each(|(p, &i)| random[i] = p % 10);
        let (random_mean, _) = deviation(&|i| random[i]);
        println!("repeat {r}: mean deviation {mean:.2} (random folds {random_mean:.2}), worst {worst:.2}");
        assert!(worst <= 4.0 && mean < 0.3 * random_mean, "{mean} {worst} {random_mean}");
    }
    assert_eq!(plan, featrank::resampling::CvPlan::stratified(&ds, 10, 3, 9).unwrap(), "seeded");
    let df = df!("x" => (0..23).map(|i| i as f64).collect::<Vec<_>>(), "t1" => (0..23).map(|i| (i * 3 % 7) as f64).collect::<Vec<_>>(),
        "t2" => (0..23).map(|i| (i % 5) as f64).collect::<Vec<_>>()).unwrap();
    let mtr = Dataset::from_polars_targets(&df, &["t1", "t2"]).unwrap();
    let plan = featrank::resampling::CvPlan::stratified(&mtr, 4, 1, 1).unwrap();
    let sizes: Vec<usize> = (0..4).map(|f| plan.split(0, f).1.len()).collect();
    assert!(sizes.iter().all(|&s| (5..=6).contains(&s)), "{sizes:?}");
}

/// Continuous features and three labels of different kinds (a threshold, an interaction, a rare label).
fn continuous_labels(rows: usize, seed: u64) -> Dataset {
    use rand::Rng;
    use rand_distr::StandardNormal;
    let mut rng = featrank::seed::rng_for(seed, &[]);
    let x: Vec<Vec<f64>> = (0..5).map(|_| (0..rows).map(|_| rng.sample(StandardNormal)).collect()).collect();
    let noise: Vec<f64> = (0..rows).map(|_| rng.sample::<f64, _>(StandardNormal) * 0.5).collect();
    let a: Vec<i32> = (0..rows).map(|i| (x[0][i] + noise[i] > 0.0) as i32).collect();
    let b: Vec<i32> = (0..rows).map(|i| (x[1][i] * x[2][i] > 0.0) as i32).collect();
    let c: Vec<i32> = (0..rows).map(|i| (x[0][i] > 1.0) as i32).collect();
    let mut cols: Vec<Column> = x.iter().enumerate().map(|(j, v)| Column::new(format!("x{j}").into(), v)).collect();
    cols.extend([Column::new("a".into(), a), Column::new("b".into(), b), Column::new("c".into(), c)]);
    Dataset::from_polars_targets(&DataFrame::new(rows, cols).unwrap(), &["a", "b", "c"]).unwrap()
}

/// ML-kNN by its definition (Zhang & Zhou 2007), written out plainly: features min-max scaled by the
/// training rows, squared Euclidean distance summed in the features' order, the k nearest other training
/// rows (ties by training position), the smoothed prior and likelihoods. Per label: (codes, scores of 1).
fn ml_knn_by_definition(
    data: &Dataset,
    train: &[usize],
    test: &[usize],
    features: &[usize],
    k: usize,
) -> Vec<(Vec<usize>, Vec<f64>)> {
    let scaled = |j: usize, v: f64| {
        let col = data.feature(j);
        let lo = train.iter().map(|&i| col[i]).fold(f64::INFINITY, f64::min);
        let hi = train.iter().map(|&i| col[i]).fold(f64::NEG_INFINITY, f64::max);
        if hi > lo {
            (v - lo) / (hi - lo)
        } else {
            0.0
        }
    };
    let dist = |a: usize, b: usize| {
        features.iter().fold(0.0, |d, &j| {
            let diff = scaled(j, data.feature(j)[a]) - scaled(j, data.feature(j)[b]);
            d + diff * diff
        })
    };
    let nearest = |row: usize, skip: Option<usize>| {
        let mut by: Vec<(f64, usize)> =
            (0..train.len()).filter(|&p| Some(p) != skip).map(|p| (dist(row, train[p]), p)).collect();
        by.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
        by[..k].iter().map(|&(_, p)| train[p]).collect::<Vec<usize>>()
    };
    let labels = data.label_matrix().unwrap();
    (0..data.n_targets())
        .map(|l| {
            let has = |r: usize| labels[[r, l]];
            let count = |near: &[usize]| near.iter().filter(|&&r| has(r)).count();
            let (mut with, mut without) = (vec![0.0; k + 1], vec![0.0; k + 1]);
            for (p, &r) in train.iter().enumerate() {
                let j = count(&nearest(r, Some(p)));
                if has(r) {
                    with[j] += 1.0
                } else {
                    without[j] += 1.0
                }
            }
            let m = train.len() as f64;
            let prior = (1.0 + with.iter().sum::<f64>()) / (2.0 + m);
            let like = |c: &[f64], j: usize| (1.0 + c[j]) / ((k + 1) as f64 + c.iter().sum::<f64>());
            let on = data.targets()[l].positive_code().unwrap();
            test.iter()
                .map(|&t| {
                    let j = count(&nearest(t, None));
                    let (p1, p0) = (prior * like(&with, j), (1.0 - prior) * like(&without, j));
                    (if p1 >= p0 { on } else { 1 - on }, p1 / (p1 + p0))
                })
                .unzip()
        })
        .collect()
}

/// ML-kNN's curve chain (training rows searched among themselves, each left out of its own neighbours)
/// gives the definition's predictions and posteriors at every size of a chain, on every fold.
#[test]
fn ml_knn_is_its_definition_at_every_size() {
    let ds = continuous_labels(90, 4);
    let plan = featrank::resampling::CvPlan::stratified(&ds, 3, 1, 5).unwrap();
    let order = [3, 0, 4, 1, 2];
    let sizes = [1, 2, 3, 5];
    for f in 0..3 {
        let (train, test) = plan.split(0, f);
        let fold = featrank::resampling::Fold { data: &ds, train: &train, test: &test, seed: 0 };
        let nested = MlKnn::new().k(7).fit_predict_nested(&fold, &order, &sizes).unwrap();
        for (&size, p) in sizes.iter().zip(&nested) {
            let want = ml_knn_by_definition(&ds, &train, &test, &order[..size], 7);
            let Prediction::Set(each) = p else { panic!("{p:?}") };
            for (l, (p, (codes, scores))) in each.iter().zip(&want).enumerate() {
                let Prediction::Classes { labels, scores: got } = p else { panic!("{p:?}") };
                assert_eq!(labels, codes, "fold {f}, size {size}, label {l}");
                let on = ds.targets()[l].positive_code().unwrap();
                for (t, s) in scores.iter().enumerate() {
                    assert!((got[2 * t + on] - s).abs() < 1e-12, "fold {f}, size {size}, label {l}, row {t}");
                }
            }
            let refit = MlKnn::new().k(7).fit_predict(&fold, &order[..size]).unwrap();
            assert_eq!(&refit, p, "size {size}: the chain and a single fit differ");
        }
    }
    // k must leave a neighbour to count in the smallest training fold
    let fold = featrank::resampling::Fold { data: &ds, train: &[0, 1, 2], test: &[3], seed: 0 };
    let e = MlKnn::new().k(3).fit_predict(&fold, &[0]).unwrap_err().to_string();
    assert!(e.contains("k = 3") && e.contains("below"), "{e}");
    assert!(featrank::learners::parse("ml-knn:smoothing=0").unwrap_err().to_string().contains("smoothing"));
}

/// The training rows' counts leave each row out: with k = 1, a row's nearest other row has the opposite
/// label, and ML-kNN learns it (counting a row as its own neighbour would learn the opposite).
#[test]
fn ml_knn_learns_from_the_other_rows_only() {
    let df = df!("x" => [0.0, 1.0, 10.0, 11.0, 0.2], "a" => [0, 1, 0, 1, 1], "b" => [1, 1, 0, 0, 1]).unwrap();
    let ds = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap();
    let fold = featrank::resampling::Fold { data: &ds, train: &[0, 1, 2, 3], test: &[4], seed: 0 };
    let Prediction::Set(each) = MlKnn::new().k(1).fit_predict(&fold, &[0]).unwrap() else { unreachable!() };
    // the test row's nearest (x = 0) lacks a; the rows lacking a neighbour (C = 0) all have a:
    // P(H₁)P(E₀|H₁) = ½ · 3/4 against ½ · 1/4
    let Prediction::Classes { labels, scores } = &each[0] else { unreachable!() };
    assert_eq!((labels[0], scores[1]), (1, 0.75));
}

/// Binary relevance around kNN is kNN's own vote per label (the same neighbours): the same curves bit for
/// bit. Around naive Bayes it is naive Bayes on each label alone, fold by fold; a label absent from a
/// training fold is predicted absent (score 1) without asking the base learner.
#[test]
fn binary_relevance_learner_is_its_base_per_target() {
    let s = MultiLabel::new().rows(150).noise(4).generate(5).unwrap();
    let ds = s.dataset().unwrap();
    let order = s.truth.ranking().unwrap();
    let plan = featrank::resampling::CvPlan::stratified(&ds, 5, 2, 2).unwrap();
    let curve = |spec: &str| {
        let c = CurveSpec::new(featrank::learners::parse(spec).unwrap())
            .plan(plan.clone())
            .expected(0)
            .evaluate(&ds, std::slice::from_ref(&order))
            .unwrap();
        let bits = |k| c.get("GT", k).unwrap().per_repeat.iter().flatten().map(|v: &f64| v.to_bits()).collect();
        (bits(CurveKind::Ffa), bits(CurveKind::Rfa)) as (Vec<u64>, Vec<u64>)
    };
    assert_eq!(curve("knn:k=7"), curve("br:base=(knn:k=7)"));
    let features: Vec<usize> = (0..ds.n_features()).collect();
    for f in 0..5 {
        let (train, test) = plan.split(1, f);
        let fold = featrank::resampling::Fold { data: &ds, train: &train, test: &test, seed: 3 };
        let br = featrank::learners::BinaryRelevance::new(NaiveBayes::new()).fit_predict(&fold, &features).unwrap();
        let each: Vec<Prediction> = (0..ds.n_targets())
            .map(|t| {
                let one = ds.for_target(t).unwrap();
                NaiveBayes::new().fit_predict(&featrank::resampling::Fold { data: &one, ..fold }, &features).unwrap()
            })
            .collect();
        assert_eq!(br, Prediction::Set(each), "fold {f}");
    }
    let df = df!("x" => [0.0, 0.2, 0.8, 1.0, 0.5], "a" => [0, 0, 1, 1, 1], "rare" => [0, 0, 0, 0, 1]).unwrap();
    let ds = Dataset::from_polars_targets(&df, &["a", "rare"]).unwrap();
    let fold = featrank::resampling::Fold { data: &ds, train: &[0, 1, 2, 3], test: &[4], seed: 0 };
    let p = featrank::learners::parse("br:base=(svm:c=1)").unwrap().fit_predict(&fold, &[0]).unwrap();
    let Prediction::Set(each) = p else { unreachable!() };
    assert_eq!(each[1], Prediction::Classes { labels: vec![0], scores: vec![1.0, 0.0] });
    // a base that takes no numeric target is refused before any work, naming the wrapper
    let mtr = Dataset::from_polars_targets(
        df!("x" => [1.0, 2.0, 3.0, 4.0, 5.0], "t1" => [1.0, 2.0, 0.5, 3.0, 1.0], "t2" => [0.0, 1.0, 3.0, 2.0, 2.0])
            .unwrap(),
        &["t1", "t2"],
    )
    .unwrap();
    let r = Ranking::from_order(mtr.feature_names()).unwrap();
    let e = CurveSpec::new(featrank::learners::parse("br:base=(nb)").unwrap()).folds(2).evaluate(&mtr, &[r]);
    let text = e.unwrap_err().to_string();
    assert!(text.contains("nb-br does not handle multi-target regression"), "{text}");
}

/// The cluster path takes target sets as it takes one target: a job on the bundled emotions (its targets
/// from the file) planned, run in two shards and merged gives the curves of the same job run at once, bit
/// for bit — with ML-kNN, ReliefF in every training fold and the Hamming loss.
#[test]
fn plan_run_merge_gives_a_target_set_s_curves_bit_for_bit() {
    use featrank::protocol::{CurveJob, Manifest, Shard};
    let dir = tempfile::tempdir().unwrap();
    let job = CurveJob {
        data: "emotions".into(),
        methods: vec!["relieff".into()],
        learners: vec!["ml-knn:k=5".into()],
        options: featrank::eval::CurveOptions {
            evaluation: featrank::eval::Evaluation {
                resampling: featrank::resampling::Resampling::new(Scheme::KFold { folds: 3 }, 1),
                grid: "1,2,5,10,71".parse().unwrap(),
                measure: None,
                seed: 4,
            },
            expected: 3,
            ..Default::default()
        },
        ..CurveJob::default()
    };
    let (data, candidates) = job.load().unwrap();
    assert_eq!((data.task(), data.n_targets()), (Task::MultiLabel, 6));
    let direct = job.specs(&data, false).unwrap()[0].evaluate_all(&data, &candidates).unwrap();
    assert!(direct.description().contains("hamming"), "{}", direct.description());
    let manifest = Manifest::plan(job, &dir.path().join("m.json")).unwrap();
    let parts: Vec<std::path::PathBuf> = (0..2)
        .map(|i| {
            let part = dir.path().join(format!("p{i}.parquet"));
            manifest.run_shard(format!("{i}/2").parse::<Shard>().unwrap(), &part, false, false).unwrap();
            part
        })
        .collect();
    let merged = manifest.merge(&parts).unwrap();
    assert_eq!(merged[0].to_polars().unwrap(), direct.to_polars().unwrap());
}

/// Nested evaluation on labels: the inner CV chooses ReliefF's k and the size by the Hamming loss (lower is
/// better), and the estimate is a loss between 0 and the rate of the rarer value of the labels.
#[test]
fn nested_evaluation_takes_a_target_set() {
    use featrank::protocol::NestedSpec;
    let s = MultiLabel::new().rows(120).noise(4).generate(6).unwrap();
    let ds = s.dataset().unwrap();
    let spec = NestedSpec::new(&["relieff:k=[5,10]"], "knn:k=[3,7]").unwrap().folds(3).inner_folds(3).seed(2);
    let nested = spec.evaluate(&ds).unwrap();
    let e = nested.estimate().unwrap();
    assert!(0.0 <= e.lo && e.lo <= e.mean && e.mean <= e.hi, "{e:?}");
    // the planted labels are learnable: clearly below always predicting each label's majority value
    let majority = (0..ds.n_targets())
        .map(|t| {
            let counts = ds.for_target(t).unwrap().class_counts().unwrap();
            *counts.iter().min().unwrap() as f64 / ds.n_rows() as f64
        })
        .sum::<f64>()
        / ds.n_targets() as f64;
    assert!(e.mean < majority - 0.05, "Hamming loss {} against the majority rule's {majority}", e.mean);
    assert_eq!(nested.to_polars().unwrap().height(), 3);
}

/// Mulan's files: labels wherever they stand in the ARFF file, named by an XML file found beside it by stem
/// (`toy-train.arff` + `toy.xml`) or named as the target; nested labels count; a label the ARFF lacks, or a
/// file that is no label file, is an error naming it. Then Mulan's own emotions split (391 / 202 rows,
/// 72 attributes, 6 labels) where `shared/data` has it.
#[test]
fn mulan_arff_files_take_their_labels_from_the_xml_beside_them() {
    let dir = tempfile::tempdir().unwrap();
    let arff = "@relation toy\n@attribute a numeric\n@attribute up {0,1}\n@attribute b numeric\n\
                @attribute down {0,1}\n@attribute c numeric\n@data\n1,1,2,0,3\n2,0,1,1,0\n3,1,0,1,1\n4,0,5,0,2\n";
    let path = dir.path().join("toy-train.arff");
    std::fs::write(&path, arff).unwrap();
    let xml = r#"<?xml version="1.0" encoding="utf-8"?>
<labels xmlns="http://mulan.sourceforge.net/labels"><label name="up"><label name="down"></label></label></labels>"#;
    std::fs::write(dir.path().join("toy.xml"), xml).unwrap();
    let ds = datasets::open(path.to_str().unwrap(), None, TaskChoice::Auto).unwrap();
    assert_eq!(
        (ds.task(), ds.target_names(), ds.feature_names()),
        (Task::MultiLabel, vec!["up", "down"], &["a", "b", "c"].map(String::from)[..])
    );
    // named as the target, for a file whose name does not lead to it
    let other = dir.path().join("other.arff");
    std::fs::write(&other, arff).unwrap();
    let named = dir.path().join("toy.xml");
    let ds = datasets::open(other.to_str().unwrap(), named.to_str(), TaskChoice::Auto).unwrap();
    assert_eq!(ds.target_names(), vec!["up", "down"]);
    // without an XML file the last column is the target, as for any ARFF file
    assert_eq!(datasets::open(other.to_str().unwrap(), None, TaskChoice::Auto).unwrap().target_names(), vec!["c"]);
    // errors: a label the ARFF lacks, a file that is no label file
    std::fs::write(dir.path().join("bad.xml"), r#"<labels><label name="sideways"/></labels>"#).unwrap();
    let e = datasets::open(other.to_str().unwrap(), dir.path().join("bad.xml").to_str(), TaskChoice::Auto);
    let e = e.unwrap_err().to_string();
    assert!(e.contains("sideways") && e.contains("bad.xml"), "{e}");
    std::fs::write(dir.path().join("none.xml"), "<labels><label/></labels>").unwrap();
    let e = datasets::open(other.to_str().unwrap(), dir.path().join("none.xml").to_str(), TaskChoice::Auto);
    assert!(e.unwrap_err().to_string().contains("without a name"));
    // Mulan's standard emotions split
    let Some(mulan) = common::shared_data("multilabel/mulan/emotions.xml").map(|f| f.with_file_name("")) else {
        println!("SKIPPED Mulan's emotions split: shared/data/multilabel/mulan not found (set FEATRANK_DATA)");
        return;
    };
    for (file, rows) in [("emotions-train.arff.gz", 391), ("emotions-test.arff.gz", 202)] {
        let ds = datasets::open(mulan.join(file).to_str().unwrap(), None, TaskChoice::Auto).unwrap();
        assert_eq!((ds.n_rows(), ds.n_features(), ds.n_targets(), ds.task()), (rows, 72, 6, Task::MultiLabel));
        assert_eq!(ds.target_names()[0], "amazed-suprised");
    }
}

/// A problem transformation inside another hands the inner one a single target, which it cannot split again:
/// refused naming the spec the user wrote (not an internal name like `relieff-br-mean-br-mean`) and what the
/// inner one was handed.
#[test]
fn nested_problem_transformations_are_refused_in_the_users_words() {
    let data = datasets::load("emotions").unwrap().dataset().unwrap();
    for spec in ["br:base=(br:base=(relieff))", "br:base=(lp:base=(relieff))", "lp:base=(br:base=(relieff))"] {
        let e = rankers::parse(spec).unwrap().rank(&data, 1).unwrap_err().to_string();
        assert!(!e.contains("-br-mean") && !e.contains("relieff-lp"), "{spec}: {e}");
        assert!(
            e.starts_with(
                spec.split(':').next().map(|w| if w == "br" { "binary-relevance" } else { "label-powerset" }).unwrap()
            ),
            "{spec}: {e}"
        );
        assert!(e.contains("does not rank: put a ranker of one classification target inside"), "{spec}: {e}");
    }
    // one transformation around a single-target ranker still ranks
    assert!(rankers::parse("br:base=(lp:base=(relieff))").is_ok());
    assert_eq!(rankers::parse("br:base=(relieff)").unwrap().rank(&data, 1).unwrap().len(), data.n_features());
}
