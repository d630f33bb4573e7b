//! The svmlight / LIBSVM format: one row per line, `<label> <index>:<value> …`, every absent cell 0 — how
//! LIBSVM's data sets (news20, rcv1, real-sim, …) and scikit-learn's `dump_svmlight_file` hold sparse data.
//! Read as sparse features ([`SparseMatrix`], compressed rows turned into columns) and a frame of targets:
//! - indices are one-based as LIBSVM writes them, or zero-based where some index is 0 (scikit-learn's
//!   `zero_based="auto"`); feature `f<index>` is named by the file's own index, and every index up to the
//!   largest is a column;
//! - a label that is a whole number is a class, another number a value to regress (what the task choice
//!   decides when it is given); labels joined by commas (`1,3`) — or a line starting with a feature, no label
//!   — make a multi-label target set (scikit-learn's `multilabel=True`): one 0/1 target `label_<value>` per label;
//! - `qid:` tokens are skipped; `#` starts a comment; a repeated index on a line is summed.
//!
//! ```
//! use featrank::data::io::svmlight;
//! let text = "1 1:0.5 3:2\n-1 2:1\n1 3:1 # a comment\n";
//! let (x, targets, names) = svmlight::parse(text, "mini.svm").unwrap();
//! assert_eq!((x.n_rows(), x.n_cols(), x.nnz()), (3, 3, 4));
//! assert_eq!(names, ["f1", "f2", "f3"]);
//! assert_eq!(targets.get_column_names()[0].as_str(), "target");
//! assert_eq!(x.dense_column(2), vec![2.0, 0.0, 1.0]);
//! ```

use polars::prelude::*;

use crate::data::dataset::SparseMatrix;
use crate::error::{Error, Result};

/// The sparse features, the target frame (`target`, or one `label_<value>` column per label) and the
/// feature names of svmlight `text`; `source` names it in errors.
pub fn parse(text: &str, source: &str) -> Result<(SparseMatrix, DataFrame, Vec<String>)> {
    let fail = |line: usize, reason: String| Error::Parse { source_name: source.into(), line: Some(line), reason };
    // every stored cell is at least `i:v` and a space: the file's size bounds what the rows can hold
    crate::memory::check((text.len() as u64 / 2).saturating_mul(12), || format!("the sparse rows of {source}"))?;
    let (mut indptr, mut indices, mut values) = (vec![0usize], Vec::new(), Vec::new());
    let mut labels: Vec<&str> = Vec::new();
    let (mut smallest, mut largest) = (u64::MAX, 0u64);
    for (at, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let mut tokens = line.split_ascii_whitespace().peekable();
        let Some(&first) = tokens.peek() else { continue };
        labels.push(match first.contains(':') {
            true => "", // no label: a multi-label row without labels
            false => tokens.next().unwrap_or(""),
        });
        for token in tokens {
            let (index, value) =
                token.split_once(':').ok_or_else(|| fail(at + 1, format!("'{token}' is not index:value")))?;
            if index == "qid" {
                continue;
            }
            let index: u64 =
                index.parse().map_err(|_| fail(at + 1, format!("'{index}' in '{token}' is not a feature index")))?;
            let value: f64 =
                value.parse().map_err(|_| fail(at + 1, format!("'{value}' in '{token}' is not a number")))?;
            if !value.is_finite() {
                return Err(fail(at + 1, format!("the value of feature {index} is {value}")));
            }
            if index >= u32::MAX as u64 {
                return Err(fail(at + 1, format!("feature index {index} is beyond 2³² − 1")));
            }
            (smallest, largest) = (smallest.min(index), largest.max(index));
            indices.push(index as u32);
            values.push(value);
        }
        indptr.push(values.len());
    }
    if labels.is_empty() {
        return Err(Error::EmptyData { what: format!("{source} holds no rows") });
    }
    if indices.is_empty() {
        return Err(Error::EmptyData { what: format!("{source} holds no feature values") });
    }
    let shift = u32::from(smallest > 0); // one-based unless some index is 0
    indices.iter_mut().for_each(|i| *i -= shift);
    let width = (largest + 1 - u64::from(shift)) as usize;
    let x = SparseMatrix::from_csr(labels.len(), width, &indptr, &indices, &values)?;
    let names = (0..width).map(|j| format!("f{}", j as u64 + u64::from(shift))).collect();
    Ok((x, targets(&labels, source)?, names))
}

/// The labels as one target column (whole numbers: `Int64`; other numbers: `Float64`) or, where some row has
/// several or none, one 0/1 column per label.
fn targets(labels: &[&str], source: &str) -> Result<DataFrame> {
    let bad = |row: usize, label: &str| Error::Parse {
        source_name: source.into(),
        line: None,
        reason: format!("row {}: the label '{label}' is not a number", row + 1),
    };
    if labels.iter().any(|l| l.is_empty() || l.contains(',')) {
        let sets: Vec<Vec<i64>> = labels
            .iter()
            .enumerate()
            .map(|(r, l)| l.split(',').filter(|p| !p.is_empty()).map(|p| p.parse().map_err(|_| bad(r, p))).collect())
            .collect::<Result<_>>()?;
        let mut all: Vec<i64> = sets.iter().flatten().copied().collect();
        all.sort_unstable();
        all.dedup();
        let columns = all
            .iter()
            .map(|&v| {
                let column: Vec<i32> = sets.iter().map(|s| i32::from(s.contains(&v))).collect();
                Column::new(format!("label_{v}").into(), column)
            })
            .collect();
        return Ok(DataFrame::new(labels.len(), columns)?);
    }
    let whole: std::result::Result<Vec<i64>, _> = labels.iter().map(|l| l.parse::<i64>()).collect();
    let column = match whole {
        Ok(classes) => Column::new("target".into(), classes),
        Err(_) => {
            let values = labels.iter().enumerate().map(|(r, l)| l.parse::<f64>().map_err(|_| bad(r, l)));
            Column::new("target".into(), values.collect::<Result<Vec<f64>>>()?)
        }
    };
    Ok(DataFrame::new(labels.len(), vec![column])?)
}
