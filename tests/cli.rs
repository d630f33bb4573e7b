//! The `featrank` binary: `info` on every bundled file gives the data README's figures; bad input gives one
//! error line and a non-zero exit.

mod common;

use std::process::Command;

fn featrank(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_featrank"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

#[test]
fn info_matches_the_data_readme_for_every_bundled_file() {
    let table = common::bundled_table();
    assert_eq!(table.len(), featrank::datasets::names().len());
    for row in &table {
        let path = format!("data/{}", row.file);
        let out = featrank(&["info", &path, "--target", &row.target, "--json"]);
        assert!(out.status.success(), "{}: {}", row.file, String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["rows"], row.rows, "{}", row.file);
        assert_eq!(v["features"], row.features, "{}", row.file);
        assert_eq!(v["missing_cells"], row.missing, "{}", row.file);
        let classes: Vec<(String, usize)> = serde_json::from_value(v["classes"].clone()).unwrap();
        if row.classes.is_some() {
            assert_eq!(classes, row.counts, "{}", row.file);
            assert_eq!(Some(classes.len()), row.classes);
        }
        // The bundled copy inside the library is the same data.
        let b = featrank::datasets::load(&row.name).unwrap();
        assert_eq!(featrank::datasets::file_name(&row.name).unwrap(), row.file);
        assert_eq!(b.frame.shape(), (row.rows, row.features + 1));
    }
}

#[test]
fn bundled_files_match_their_checksums() {
    for row in common::bundled_table() {
        let bytes = std::fs::read(format!("{}/data/{}", env!("CARGO_MANIFEST_DIR"), row.file)).unwrap();
        assert_eq!(sha256_hex(&bytes), row.sha256, "{}", row.file);
    }
}

#[test]
fn info_text_output() {
    let out = featrank(&["info", "data/iris.arff", "--target", "class"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("rows: 150"), "{text}");
    assert!(text.contains("features: 4 (4 numeric, 0 nominal)"), "{text}");
    assert!(text.contains("Iris-virginica: 50"), "{text}");
    let out = featrank(&["info", "vote"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("features: 16 (0 numeric, 16 nominal)") && text.contains("missing cells: 392"), "{text}");
}

#[test]
fn bad_input_gives_one_error_line_and_nonzero_exit() {
    let cases: &[(&[&str], &str)] = &[
        (&["info", "data/iris.arff", "--target", "nope"], "column 'nope' not found"),
        (&["info", "missing.csv", "--target", "y"], "missing.csv"),
        (&["info", "data/README.md", "--target", "y"], "unknown file extension"),
        (&["info", "data/iris.arff", "--task", "sideways"], "invalid parameter 'task'"),
        (&["info", "data/iris.arff", "--task", "regression"], "regression needs a numeric target"),
    ];
    for (args, want) in cases {
        let out = featrank(args);
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(want), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(data).iter().map(|b| format!("{b:02x}")).collect()
}
