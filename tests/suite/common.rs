//! Helpers shared by the integration tests.
#![allow(dead_code)]

use featrank::polars::prelude::*;

/// Every value of a frame as exact text (`null`, `NaN`, shortest round-trip floats), column by column,
/// together with names and dtypes; two frames are identical iff these are equal.
pub fn exact_text(df: &DataFrame) -> Vec<(String, String, Vec<String>)> {
    df.columns()
        .iter()
        .map(|c| {
            let s = c.as_materialized_series();
            let values = s.iter().map(|v| format!("{v:?}")).collect();
            (c.name().to_string(), format!("{:?}", c.dtype()), values)
        })
        .collect()
}

/// Assert two frames are identical: names, dtypes, and every value (null vs NaN distinguished).
pub fn assert_identical(a: &DataFrame, b: &DataFrame) {
    assert_eq!(a.shape(), b.shape(), "shapes differ");
    let (ta, tb) = (exact_text(a), exact_text(b));
    for (ca, cb) in ta.iter().zip(&tb) {
        assert_eq!(ca.0, cb.0, "column names differ");
        assert_eq!(ca.1, cb.1, "dtypes of column '{}' differ", ca.0);
        assert_eq!(ca.2, cb.2, "values of column '{}' differ", ca.0);
    }
}

/// The rows of the summary table in data/README.md: (name, file, target, rows, features, classes,
/// class counts, missing cells, sha256).
pub struct BundledRow {
    pub name: String,
    pub file: String,
    pub target: String,
    pub rows: usize,
    pub features: usize,
    pub classes: Option<usize>,
    pub counts: Vec<(String, usize)>,
    pub missing: usize,
    pub sha256: String,
}

pub fn bundled_table() -> Vec<BundledRow> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/README.md")).unwrap();
    text.lines()
        .skip_while(|l| !l.starts_with("| name |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let f: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            BundledRow {
                name: f[0].into(),
                file: f[1].into(),
                target: f[2].into(),
                rows: f[3].parse().unwrap(),
                features: f[4].parse().unwrap(),
                classes: f[5].parse().ok(),
                counts: if f[6] == "–" {
                    vec![]
                } else {
                    f[6].split("; ")
                        .map(|kv| {
                            let (k, v) = kv.rsplit_once(": ").unwrap();
                            (k.to_string(), v.parse().unwrap())
                        })
                        .collect()
                },
                missing: f[7].parse().unwrap(),
                sha256: f[8].into(),
            }
        })
        .collect()
}

/// A binary classification frame with `relevant` features that equal the class with probability `p`
/// and `noise` fair coins; relevant features come first (`r0..`), then noise (`n0..`), then `class`.
pub fn planted(rows: usize, relevant: usize, noise: usize, p: f64, seed: u64) -> DataFrame {
    use rand::Rng;
    let mut rng = featrank::seed::rng_for(seed, &[]);
    let y: Vec<u8> = (0..rows).map(|_| rng.gen_range(0..2)).collect();
    let mut cols = Vec::new();
    for j in 0..relevant {
        let v: Vec<f64> = y.iter().map(|&c| if rng.gen_bool(p) { c as f64 } else { 1.0 - c as f64 }).collect();
        cols.push(Column::new(format!("r{j}").into(), v));
    }
    for j in 0..noise {
        let v: Vec<f64> = (0..rows).map(|_| rng.gen_range(0..2) as f64).collect();
        cols.push(Column::new(format!("n{j}").into(), v));
    }
    let labels: Vec<&str> = y.iter().map(|&c| if c == 1 { "pos" } else { "neg" }).collect();
    cols.push(Column::new("class".into(), labels));
    DataFrame::new(rows, cols).unwrap()
}

/// A numeric classification frame with `classes` classes: relevant features `r0..` whose class means
/// differ by 1.5, 1.2, 0.9, … standard deviations (strongest first), then `noise` standard normal
/// features `n0..`, then `class`.
pub fn planted_gaussian(rows: usize, relevant: usize, noise: usize, classes: usize, seed: u64) -> DataFrame {
    use rand::Rng;
    use rand_distr::StandardNormal;
    let mut rng = featrank::seed::rng_for(seed, &[1]);
    let y: Vec<usize> = (0..rows).map(|i| i % classes).collect();
    let mut cols = Vec::new();
    for j in 0..relevant {
        let shift = 1.5 - 0.3 * j as f64;
        let v: Vec<f64> = y.iter().map(|&c| shift * c as f64 + rng.sample::<f64, _>(StandardNormal)).collect();
        cols.push(Column::new(format!("r{j}").into(), v));
    }
    for j in 0..noise {
        let v: Vec<f64> = (0..rows).map(|_| rng.sample::<f64, _>(StandardNormal)).collect();
        cols.push(Column::new(format!("n{j}").into(), v));
    }
    let labels: Vec<String> = y.iter().map(|c| format!("c{c}")).collect();
    cols.push(Column::new("class".into(), labels));
    DataFrame::new(rows, cols).unwrap()
}

/// A test that lists learner specs covers every learner the registry knows (a new learner cannot slip
/// past the batteries).
pub fn covers_every_learner(specs: &[&str]) {
    for m in featrank::learners::REGISTRY.all_names() {
        assert!(specs.iter().any(|s| s.split(':').next() == Some(m)), "learner {m} is missing from {specs:?}");
    }
}

/// Rankers that wrap another ranker (not in `rankers::methods()`, which lists the methods without a base),
/// cheap enough for the batteries; `every_wrapper_is_in_the_batteries` holds it to the registry.
pub const WRAPPED_RANKERS: &[&str] = &[
    "bag:base=(relieff),bootstraps=3",
    "shadow:base=(relieff),rounds=5",
    "turf:base=(multisurf),keep=2",
    "stability-selection:base=(fisher),subsamples=3",
    "binary-relevance:base=(relieff)",
    "label-powerset:base=(relieff)",
];

#[test]
fn every_wrapper_is_in_the_batteries() {
    for e in featrank::rankers::REGISTRY.entries.iter().filter(|e| e.wraps()) {
        let listed = WRAPPED_RANKERS.iter().any(|s| s.split(':').next() == Some(e.name));
        assert!(listed, "the wrapper {} is missing from WRAPPED_RANKERS", e.name);
    }
}

/// Every `.rs` file under `dir`, recursively.
pub fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The file `relative` under the shared data folder — `FEATRANK_DATA`, or `shared/data` beside the checkout
/// or above it — when it is there (CI has it; a user's clone does not).
pub fn shared_data(relative: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("FEATRANK_DATA")
        .map(std::path::PathBuf::from)
        .into_iter()
        .chain(std::env::current_dir().unwrap().ancestors().map(|a| a.join("shared").join("data")))
        .map(|d| d.join(relative))
        .find(|f| f.is_file())
}
