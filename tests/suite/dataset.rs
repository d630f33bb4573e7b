//! Dataset: conversion rules, the Polars round trip and the bad-input battery.

use crate::common;

use featrank::polars::prelude::*;
use featrank::prelude::{Dataset, Error, FeatureKind, Task, TaskChoice};

fn mixed_frame() -> DataFrame {
    let enum_dtype = DataType::from_frozen_categories(FrozenCategories::new(["low", "mid", "high"]).unwrap());
    let cat = Column::new("shade".into(), [Some("dark"), None, Some("light"), Some("dark")])
        .cast(&DataType::from_categories(Categories::global()))
        .unwrap();
    let level =
        Column::new("level".into(), [Some("high"), Some("low"), None, Some("mid")]).strict_cast(&enum_dtype).unwrap();
    DataFrame::new(
        4,
        vec![
            Column::new("f64".into(), [Some(1.5), None, Some(f64::NAN), Some(-0.0)]),
            Column::new("i64".into(), [Some(3i64), Some(-7), None, Some(9_007_199_254_740_992)]),
            Column::new("f32".into(), [Some(0.1f32), Some(2.5), Some(f32::NAN), None]),
            Column::new("u8".into(), [Some(1u8), Some(2), Some(3), Some(255)]),
            Column::new("flag".into(), [Some(true), None, Some(false), Some(true)]),
            Column::new("word, with \"quotes\" ü".into(), [Some("b"), Some("a"), None, Some("ç")]),
            cat,
            Column::new("class".into(), ["yes", "no", "yes", "maybe"]),
            level,
        ],
    )
    .unwrap()
}

#[test]
fn polars_round_trip_is_exact_with_missing_values() {
    let df = mixed_frame();
    let ds = Dataset::from_polars(&df, "class").unwrap();
    assert_eq!((ds.n_rows(), ds.n_features()), (4, 8));
    common::assert_identical(&ds.to_polars().unwrap(), &df);
}

#[test]
fn round_trip_with_integer_and_float_targets() {
    let df = df!("a" => [1.0, 2.0, 3.0, 4.0], "y" => [10i64, 2, 10, 2]).unwrap();
    let ds = Dataset::from_polars(&df, "y").unwrap();
    assert_eq!(ds.task(), Task::Classification);
    assert_eq!(ds.class_names().unwrap(), ["2", "10"], "integer classes are ordered by value");
    assert_eq!(ds.labels().unwrap(), [1, 0, 1, 0]);
    common::assert_identical(&ds.to_polars().unwrap(), &df);

    let df = df!("a" => [1.0, 2.0, 3.0], "y" => [0.25, f64::NAN, 2.0]).unwrap();
    let err = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(err.to_string().contains("row 1"), "{err}");
    let df = df!("a" => [1.0, 2.0, 3.0], "y" => [0.25, -1.0, 2.0]).unwrap();
    let ds = Dataset::from_polars(&df, "y").unwrap();
    assert_eq!(ds.task(), Task::Regression);
    assert_eq!(ds.values().unwrap(), [0.25, -1.0, 2.0]);
    common::assert_identical(&ds.to_polars().unwrap(), &df);
}

#[test]
fn conversion_rules() {
    let df = mixed_frame();
    let ds = Dataset::from_polars(&df, "class").unwrap();
    assert_eq!(ds.class_names().unwrap(), ["maybe", "no", "yes"]);
    assert_eq!(ds.class_counts().unwrap(), [1, 1, 2]);
    assert_eq!(ds.kind(0), &FeatureKind::Numeric);
    assert_eq!(ds.kind(3), &FeatureKind::Numeric);
    assert_eq!(ds.kind(4), &FeatureKind::Nominal { levels: vec!["false".into(), "true".into()] });
    assert_eq!(ds.kind(5), &FeatureKind::Nominal { levels: vec!["a".into(), "b".into(), "ç".into()] });
    // Enum keeps its declared order, even for levels no row uses.
    assert_eq!(ds.kind(7), &FeatureKind::Nominal { levels: vec!["low".into(), "mid".into(), "high".into()] });
    assert_eq!(ds.feature(7).to_vec()[..2], [2.0, 0.0]);
    // null and NaN are both missing; nothing is dropped.
    assert_eq!(ds.missing_counts(), [2, 1, 2, 0, 1, 1, 1, 1]);
    let mask = ds.missing_mask();
    assert!(mask[[1, 0]] && mask[[2, 0]] && !mask[[3, 0]]);
    assert_eq!(ds.feature(1)[3], 9_007_199_254_740_992.0);
    let cols = ds.columns(&[5, 0]).unwrap();
    assert_eq!(cols.get(1).as_ptr(), ds.feature(0).as_ptr(), "a view, not a copy");
    assert_eq!(cols.to_array().shape(), [4, 2]);
}

#[test]
fn task_is_visible_and_overridable() {
    let df = df!("a" => [1.0, 2.0, 3.0, 4.0], "y" => [1.0, 2.0, 1.0, 2.0]).unwrap();
    assert_eq!(Dataset::from_polars(&df, "y").unwrap().task(), Task::Regression);
    let ds = Dataset::builder(&df, "y").task(TaskChoice::Classification).build().unwrap();
    assert_eq!(ds.task(), Task::Classification);
    assert_eq!(ds.class_names().unwrap(), ["1.0", "2.0"]);
    common::assert_identical(&ds.to_polars().unwrap(), &df);
    let df = df!("a" => [1.0, 2.0], "y" => ["p", "q"]).unwrap();
    let err = Dataset::builder(&df, "y").task(TaskChoice::Regression).build().unwrap_err();
    assert!(matches!(err, Error::InvalidTarget { .. }), "{err}");
    assert!(err.to_string().contains("'y'") && err.to_string().contains("numeric"), "{err}");
}

#[test]
fn select_features_keeps_values_and_target() {
    let ds = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let sub = ds.select_features(&["petallength", "sepalwidth"]).unwrap();
    assert_eq!(sub.feature_names(), ["petallength", "sepalwidth"]);
    assert_eq!(sub.feature(0), ds.feature(2));
    assert_eq!(sub.labels(), ds.labels());
    assert!(matches!(ds.select_features(&["nope"]), Err(Error::MissingColumn { .. })));
    assert!(matches!(ds.select_features(&["sepalwidth", "sepalwidth"]), Err(Error::DuplicateName { .. })));
}

// ---- the bad-input battery ----

fn msg(e: &Error) -> String {
    e.to_string()
}

#[test]
fn empty_frame() {
    let df = df!("a" => Vec::<f64>::new(), "y" => Vec::<&str>::new()).unwrap();
    let e = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(matches!(e, Error::EmptyData { .. }), "{e}");
    assert!(msg(&e).contains("no rows"));
    let df = df!("y" => ["a", "b"]).unwrap();
    let e = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(matches!(e, Error::EmptyData { .. }) && msg(&e).contains("no feature columns"), "{e}");
}

#[test]
fn target_column_missing() {
    let df = df!("a" => [1.0], "b" => [2.0]).unwrap();
    let e = Dataset::from_polars(&df, "class").unwrap_err();
    assert!(matches!(e, Error::MissingColumn { .. }));
    assert!(msg(&e).contains("'class'") && msg(&e).contains("a, b"), "{e}");
}

#[test]
fn target_all_null() {
    let df = df!("a" => [1.0, 2.0], "y" => [None::<&str>, None]).unwrap();
    let e = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(matches!(e, Error::InvalidTarget { .. }));
    assert!(msg(&e).contains("'y'") && msg(&e).contains("every value is missing"), "{e}");
}

#[test]
fn target_partly_null() {
    let df = df!("a" => [1.0, 2.0, 3.0], "y" => [Some("p"), None, Some("q")]).unwrap();
    let e = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(matches!(e, Error::InvalidTarget { .. }));
    assert!(msg(&e).contains("1 row(s)") && msg(&e).contains("row 1"), "{e}");
}

#[test]
fn single_class() {
    let df = df!("a" => [1.0, 2.0], "y" => ["only", "only"]).unwrap();
    let e = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(matches!(e, Error::InvalidTarget { .. }));
    assert!(msg(&e).contains("only one class ('only')"), "{e}");
    let df = df!("a" => [1.0, 2.0], "y" => [3.0, 3.0]).unwrap();
    let e = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(msg(&e).contains("every value equals 3"), "{e}");
}

#[test]
fn feature_all_null() {
    let df = df!("a" => [1.0, 2.0], "gone" => [None::<f64>, None], "y" => ["p", "q"]).unwrap();
    let e = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(matches!(e, Error::InvalidColumn { .. }));
    assert!(msg(&e).contains("'gone'") && msg(&e).contains("every value is missing"), "{e}");
    let ds = Dataset::builder(&df, "y").allow_all_missing(true).build().unwrap();
    assert_eq!(ds.missing_counts(), [0, 2]);
    common::assert_identical(&ds.to_polars().unwrap(), &df);
}

#[test]
fn constant_column_is_kept_and_reported() {
    let df =
        df!("a" => [1.0, 2.0, 3.0], "k" => [5.0, 5.0, 5.0], "s" => ["x", "x", "x"], "y" => ["p", "q", "p"]).unwrap();
    let ds = Dataset::from_polars(&df, "y").unwrap();
    assert_eq!(ds.constant_features(), [1, 2]);
    assert_eq!(ds.summary().constant, ["k", "s"]);
}

#[test]
fn duplicate_column_names() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("dup.csv");
    std::fs::write(&p, "a,b,a,y\n1,2,3,p\n4,5,6,q\n").unwrap();
    let e = featrank::data::io::read(&p).unwrap_err();
    assert!(matches!(e, Error::DuplicateName { .. }));
    assert!(msg(&e).contains("'a'") && msg(&e).contains("CSV header"), "{e}");
}

#[test]
fn non_utf8_and_ragged_csv() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("latin1.csv");
    std::fs::write(&p, b"a,y\n1,caf\xe9\n2,x\n").unwrap();
    let e = featrank::data::io::read(&p).unwrap_err();
    assert!(matches!(e, Error::Parse { line: Some(2), .. }), "{e}");
    assert!(msg(&e).contains("UTF-8") && msg(&e).contains("latin1.csv"), "{e}");

    let p = dir.path().join("ragged.csv");
    std::fs::write(&p, "a,b,y\n1,2,p\n3,4,q,extra\n").unwrap();
    let e = featrank::data::io::read(&p).unwrap_err();
    assert!(matches!(e, Error::Parse { .. }), "{e}");
    assert!(msg(&e).contains("ragged.csv"), "{e}");
}

#[test]
fn unsupported_values() {
    let df = df!("a" => [1.0, f64::INFINITY], "y" => ["p", "q"]).unwrap();
    let e = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(msg(&e).contains("'a'") && msg(&e).contains("infinite"), "{e}");
    let df = df!("a" => [1i64, 9_007_199_254_740_993], "y" => ["p", "q"]).unwrap();
    let e = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(msg(&e).contains("'a'") && msg(&e).contains("2^53"), "{e}");
}

#[test]
fn unknown_file_extension() {
    let e = featrank::data::io::read("table.xlsx").unwrap_err();
    assert!(matches!(e, Error::UnsupportedFormat { .. }));
    assert!(msg(&e).contains("table.xlsx") && msg(&e).contains(".arff"), "{e}");
}

#[test]
fn missing_file_names_the_path() {
    let e = featrank::data::io::read("no/such/file.csv").unwrap_err();
    assert!(matches!(e, Error::Io { .. }));
    assert!(msg(&e).contains("no/such/file.csv"), "{e}");
}

#[test]
fn csv_and_parquet_files_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let df = df!(
        "x" => [Some(1.5), None, Some(-2.0)],
        "name, quoted \"ü\"" => [Some("a,b"), Some("c"), None],
        "y" => ["p", "q", "p"],
    )
    .unwrap();
    let pq = dir.path().join("t.parquet");
    let mut file = std::fs::File::create(&pq).unwrap();
    ParquetWriter::new(&mut file).finish(&mut df.clone()).unwrap();
    common::assert_identical(&featrank::data::io::read(&pq).unwrap(), &df);
    let csv = dir.path().join("t.csv");
    featrank::data::io::write_csv(&df, &csv).unwrap();
    common::assert_identical(&featrank::data::io::read(&csv).unwrap(), &df);
    // gzip-compressed CSV, and Weka's "?" as missing
    use std::io::Write;
    let gz = dir.path().join("t.csv.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(b"x,y\n1,p\n?,q\n3,p\n").unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    let back = featrank::data::io::read(&gz).unwrap();
    assert_eq!(back.column("x").unwrap().null_count(), 1);
    assert!(back.column("x").unwrap().dtype().is_primitive_numeric());
}

/// Notices collected by the sink of the test below (other tests' notices may land here too while it runs).
static HEARD: std::sync::Mutex<Vec<featrank::notice::Notice>> = std::sync::Mutex::new(Vec::new());

#[test]
fn text_columns_are_a_notice_and_identifier_columns_are_refused_by_name() {
    use featrank::notice::{self, NoticeKind};
    fn hear(n: notice::Notice) {
        HEARD.lock().unwrap().push(n);
    }
    let ids: Vec<String> = (0..40).map(|i| format!("patient-{i:03}")).collect();
    let df = df!(
        "sample_id" => ids,
        "ward_of_admission" => (0..40).map(|i| ["A", "B", "C"][i % 3]).collect::<Vec<_>>(),
        "age" => (0..40).map(|i| 40.0 + i as f64).collect::<Vec<_>>(),
        "y" => (0..40).map(|i| i % 2).collect::<Vec<i32>>()
    )
    .unwrap();
    // One level per row: refused, naming the column, how many values, and both ways out.
    let err = Dataset::from_polars(&df, "y").unwrap_err();
    assert!(matches!(&err, Error::InvalidColumn { column, .. } if column == "sample_id"), "{err}");
    let text = err.to_string();
    assert!(text.contains("row identifier") && text.contains("40 distinct text values in 40 rows"), "{text}");
    assert!(text.contains("drop the column") && text.contains("allow_identifiers(true)"), "{text}");
    // Kept on request, as a nominal feature with 40 levels; the text columns are one notice to the sink.
    notice::set_sink(Some(hear));
    let kept = Dataset::builder(&df, "y").allow_identifiers(true).build().unwrap();
    notice::set_sink(None);
    assert_eq!(kept.summary().text, vec![("sample_id".to_string(), 40), ("ward_of_admission".to_string(), 3)]);
    let heard = HEARD.lock().unwrap().clone();
    let ours: Vec<_> = heard.iter().filter(|n| n.message.contains("ward_of_admission")).collect();
    assert_eq!(ours.len(), 1, "{heard:?}");
    assert_eq!(ours[0].kind, NoticeKind::TextAsNominal);
    assert!(ours[0].message.starts_with("text columns read as nominal features: sample_id (40 levels)"), "{heard:?}");
    // Few distinct values, or too few rows to tell: a feature.
    assert!(!featrank::data::dataset::looks_like_identifier(35, 40));
    assert!(featrank::data::dataset::looks_like_identifier(36, 40));
    assert!(!featrank::data::dataset::looks_like_identifier(9, 9));
    // a numeric column with a value per row is a feature (a measurement may well be distinct on every row)
    assert!(Dataset::from_polars(df.drop("sample_id").unwrap(), "y").is_ok());
}

#[test]
fn text_columns_read_as_nominal_features_are_reported_with_their_levels() {
    let df = df!(
        "age" => [50.0, 61.0, 45.0, 70.0],
        "hospital" => ["St Mary", "Royal Free", "St Mary", "Guy's"],
        "diagnosis" => ["M", "B", "B", "M"]
    )
    .unwrap();
    let summary = Dataset::from_polars(&df, "diagnosis").unwrap().summary();
    assert_eq!(summary.text, vec![("hospital".to_string(), 3)]);
    assert!(summary.to_string().contains("text columns read as nominal features: hospital (3 levels)"), "{summary}");
    assert!(summary.to_html().contains("hospital (3 levels)"));
    // A wrong target name: "did you mean", and among many columns the closest are listed first.
    let names: Vec<String> = (0..30).map(|i| format!("feature_{i}")).chain(["diagnosis".to_string()]).collect();
    let wide = DataFrame::new(2, names.iter().map(|n| Column::new(n.into(), [1.0, 2.0])).collect()).unwrap();
    let err = Dataset::from_polars(&wide, "diagnostic").unwrap_err().to_string();
    assert!(
        err.starts_with("column 'diagnostic' not found; did you mean 'diagnosis'? 31 columns, the closest: diagnosis,"),
        "{err}"
    );
    let err = Dataset::from_polars(&df, "zzz").unwrap_err().to_string();
    assert_eq!(err, "column 'zzz' not found; available columns: age, hospital, diagnosis");
}
