//! ARFF reader: the format's features, the bundled files, and malformed input.

use crate::common;

use featrank::data::io::arff::parse;
use featrank::prelude::{Dataset, Error};

const FULL: &str = r#"% a comment line
@RELATION 'test relation'   % trailing comment

@attribute 'sepal length' numeric
@attribute "petal, width" REAL
@attribute count integer
@attribute colour {red, 'dark blue', "green"}
@attribute note string
@attribute when date "yyyy-MM-dd"
@attribute class {yes,no}

@data
5.1, 0.2, 3, red, 'hello, world', "2020-01-02", yes
?, 1e-3, ?, 'dark blue', 'it\'s', ?, no
% comment between rows
4.0,0.5,7,green,plain,2021-03-04,yes
{0 2.5, 3 green, 4 'sparse text', 6 no}
{1 ?, 6 yes}
"#;

#[test]
fn parses_every_feature_of_the_format() {
    let df = parse(FULL, "full.arff").unwrap();
    assert_eq!(df.shape(), (5, 7));
    let names: Vec<String> = df.get_column_names().iter().map(|s| s.to_string()).collect();
    assert_eq!(names, ["sepal length", "petal, width", "count", "colour", "note", "when", "class"]);
    let sl: Vec<Option<f64>> = df.column("sepal length").unwrap().f64().unwrap().iter().collect();
    assert_eq!(sl, [Some(5.1), None, Some(4.0), Some(2.5), Some(0.0)]);
    let pw: Vec<Option<f64>> = df.column("petal, width").unwrap().f64().unwrap().iter().collect();
    assert_eq!(pw, [Some(0.2), Some(0.001), Some(0.5), Some(0.0), None]);
    let note = df.column("note").unwrap().str().unwrap().iter().map(|s| s.map(String::from)).collect::<Vec<_>>();
    assert_eq!(
        note,
        [
            Some("hello, world".into()),
            Some("it's".into()),
            Some("plain".into()),
            Some("sparse text".into()),
            Some(String::new())
        ]
    );
    let when = df.column("when").unwrap().str().unwrap().get(0).map(String::from);
    assert_eq!(when.as_deref(), Some("2020-01-02"));
    // Nominal attributes keep the declared levels and order.
    let ds = Dataset::from_polars(&df, "class").unwrap();
    assert_eq!(ds.class_names().unwrap(), ["yes", "no"]);
    assert_eq!(ds.labels().unwrap(), [0, 1, 0, 1, 0]);
    let colour = ds.feature_index("colour").unwrap();
    assert_eq!(
        ds.kind(colour),
        &featrank::prelude::FeatureKind::Nominal { levels: vec!["red".into(), "dark blue".into(), "green".into()] }
    );
    // The sparse row without a colour gets the first level (Weka's 0).
    assert_eq!(ds.feature(colour).to_vec(), [0.0, 1.0, 2.0, 2.0, 0.0]);
    common::assert_identical(&ds.to_polars().unwrap(), &df);
}

#[test]
fn every_bundled_arff_file_parses_with_its_readme_shape() {
    let mut seen = 0;
    for row in common::bundled_table().iter().filter(|r| r.file.ends_with(".arff")) {
        let path = format!("{}/data/{}", env!("CARGO_MANIFEST_DIR"), row.file);
        let df = featrank::data::io::read(&path).unwrap();
        assert_eq!(df.shape(), (row.rows, row.features + 1), "{}", row.file);
        let ds = Dataset::from_polars(&df, &row.target).unwrap();
        common::assert_identical(&ds.to_polars().unwrap(), &df);
        seen += 1;
    }
    assert_eq!(seen, 12);
}

fn parse_err(text: &str) -> (Error, String) {
    let e = parse(text, "bad.arff").unwrap_err();
    let m = e.to_string();
    (e, m)
}

#[test]
fn undeclared_nominal_value() {
    let (e, m) = parse_err("@relation r\n@attribute c {a,b}\n@data\na\nz\n");
    assert!(matches!(e, Error::Parse { line: Some(5), .. }), "{m}");
    assert!(m.contains("'z'") && m.contains("'c'") && m.contains("{a,b}") && m.contains("bad.arff"), "{m}");
}

#[test]
fn wrong_column_count() {
    let (e, m) = parse_err("@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n1,a\n2\n");
    assert!(matches!(e, Error::Parse { line: Some(6), .. }), "{m}");
    assert!(m.contains("expected 2 values, found 1"), "{m}");
    let (_, m) = parse_err("@relation r\n@attribute x numeric\n@data\n1,{2}\n");
    assert!(m.contains("instance weights"), "{m}");
}

#[test]
fn truncated_header() {
    let (e, m) = parse_err("@relation r\n@attribute x numeric\n@attribute c {a,b");
    assert!(matches!(e, Error::Parse { line: Some(3), .. }), "{m}");
    assert!(m.contains("missing closing"), "{m}");
    let (e, m) = parse_err("@relation r\n@attribute x numeric\n");
    assert!(matches!(e, Error::Parse { line: None, .. }), "{m}");
    assert!(m.contains("without an @data"), "{m}");
    let (_, m) = parse_err("");
    assert!(m.contains("@data"), "{m}");
}

#[test]
fn other_malformed_input() {
    let cases = [
        ("@relation r\n@attribute x numeric\n@data\nabc\n", "'abc' is not a number"),
        ("@relation r\n@attribute x numeric\n@attribute x numeric\n@data\n", "duplicate name 'x'"),
        ("@relation r\n@attribute x relational\n@data\n", "relational"),
        ("@relation r\n@attribute x blob\n@data\n", "unknown type 'blob'"),
        ("@relation r\n@attribute x\n@data\n", "has no type"),
        ("@relation r\n@attribute c {a,a}\n@data\n", "declares level 'a' twice"),
        ("@relation r\n@attribute c {}\n@data\n", "declares no levels"),
        ("@relation r\n@attribute s string\n@data\n'open\n", "unterminated quote"),
        ("@relation r\n@attribute x numeric\n@data\n{5 1}\n", "sparse index 5 is out of range"),
        ("@relation r\n@attribute x numeric\n@data\n{x 1}\n", "attribute index"),
        ("@relation r\n@attribute x numeric\n@data\n{0 1\n", "closing"),
        ("hello\n", "expected @relation"),
        ("@attribute x numeric\n@data\n1\n", "@relation"),
    ];
    for (text, want) in cases {
        let (_, m) = parse_err(text);
        assert!(m.contains(want), "{text:?}: got {m}");
    }
}

#[test]
fn gzip_and_non_utf8() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.arff.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(b"@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n1,a\n2,b\n").unwrap();
    std::fs::write(&p, enc.finish().unwrap()).unwrap();
    assert_eq!(featrank::data::io::read(&p).unwrap().shape(), (2, 2));
    let p = dir.path().join("bad.arff");
    std::fs::write(&p, b"@relation r\n@attribute s string\n@data\n'\xff'\n").unwrap();
    let m = featrank::data::io::read(&p).unwrap_err().to_string();
    assert!(m.contains("UTF-8") && m.contains("bad.arff"), "{m}");
}
