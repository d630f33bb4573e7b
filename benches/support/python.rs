//! A peer's Python script beside a benchmark: the data and the folds written as CSV, one JSON object back.

use std::path::{Path, PathBuf};
use std::process::Command;

use featrank::polars::prelude::*;
use featrank::prelude::*;

/// Write `ds` to `dir/{name}.csv` (its features, then its target as `class`) and the fold of every row in the
/// plan's first `repeats` repeats to `dir/{name}_folds.csv` (one column per repeat); returns both paths.
#[allow(dead_code)] // not every benchmark writes its data this way
pub fn write_inputs(dir: &Path, name: &str, ds: &Dataset, plan: &CvPlan, repeats: usize) -> (PathBuf, PathBuf) {
    let (data, folds) = (dir.join(format!("{name}.csv")), dir.join(format!("{name}_folds.csv")));
    let mut frame = ds.to_polars().unwrap().into_inner();
    let y = frame.drop_in_place(ds.target_name()).unwrap().with_name("class".into());
    frame.with_column(y).unwrap();
    featrank::data::io::write_csv(&frame, &data).unwrap();
    let columns: Vec<Column> = (0..repeats)
        .map(|r| Column::new(format!("r{r}").into(), plan.assignment(r).iter().map(|&f| f as i64).collect::<Vec<_>>()))
        .collect();
    featrank::data::io::write_csv(DataFrame::new(ds.n_rows(), columns).unwrap(), &folds).unwrap();
    (data, folds)
}

/// Run `benches/{script}` with `args` under `FEATRANK_BENCH_PYTHON` (default `python3`) and read the JSON it
/// prints; the reason when it did not run (e.g. scikit-learn not installed).
pub fn script_json<S: AsRef<std::ffi::OsStr>>(script: &str, args: &[S]) -> Result<serde_json::Value, String> {
    let python = std::env::var("FEATRANK_BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches").join(script);
    let out = Command::new(&python)
        .arg(&path)
        .args(args)
        .output()
        .map_err(|e| format!("{script}: not run ({python}: {e})"))?;
    if !out.status.success() {
        let last = String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("").to_string();
        return Err(format!("{script}: not run ({last})"));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| format!("{script}: unreadable output ({e})"))
}
