//! A user's own ranking method — a Python function or a scikit-learn object (`featrank.ranker`,
//! `featrank/_own.py`) — as a library ranker ([`featrank::rankers::from_fn`]): on each set of rows it ranks
//! (a split's training rows inside a curve run) the GIL is taken, `OwnRanker._scores` called with the rows as a
//! read-only NumPy array, and the GIL let go; featrank's own work around it stays parallel. Its scores are held
//! to the library's contract there (one finite score per feature); an exception it raises travels inside
//! [`featrank::Error::External`] and is raised again as itself, the split named in a note (`to_py`).

use std::sync::Arc;

use featrank::data::{Dataset, Target, Task};
use featrank::eval::Candidate;
use featrank::rankers::{from_fn, NonFinite, Ranker};
use featrank::{Error, Result};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;

use crate::guarded;

/// A Python value where a ranker is taken (the parameter `parameter`): a spec text, else a function or
/// scikit-learn object (or a `featrank.ranker(...)`) as a ranker, with the name results give it.
pub(crate) fn ranker(value: &Bound<'_, PyAny>, parameter: &str) -> PyResult<(String, Box<dyn Ranker>)> {
    if let Ok(text) = value.extract::<String>() {
        let ranker = guarded(|| featrank::rankers::parse(&text))?;
        return Ok((text.trim().to_string(), ranker));
    }
    let own = value.py().import("featrank._own")?.getattr("_own")?.call1((value, parameter))?;
    built(own)
}

/// The rankers of `python:import=(module:attribute)` specs (`featrank::rankers::set_host`, opened when the
/// extension loads): the object imported (`featrank._own._imported`), named by the spec's text.
pub(crate) fn host(spec: &featrank::Spec) -> Result<Box<dyn Ranker>> {
    let (target, name) = (spec.value("import").unwrap_or_default().to_string(), spec.to_string());
    Python::attach(|py| {
        let own = py.import("featrank._own")?.getattr("_imported")?.call1((target, &name))?;
        built(own).map(|(_, ranker)| ranker)
    })
    .map_err(|e| Python::attach(|py| external(py, &name, e)))
}

/// An `OwnRanker` as a library ranker, with the name results give it.
fn built(own: Bound<'_, PyAny>) -> PyResult<(String, Box<dyn Ranker>)> {
    let name: String = own.getattr("name")?.extract()?;
    let nonfinite = match own.getattr("nonfinite")?.extract::<String>()?.as_str() {
        "lowest" => NonFinite::Lowest,
        _ => NonFinite::Refuse,
    };
    let handle: Arc<Py<PyAny>> = Arc::new(own.unbind());
    let label = name.clone();
    let ranker = from_fn(name.clone(), move |data: &Dataset, seed| scores(&handle, &label, data, seed))
        .nonfinite(nonfinite)
        .tasks(&Task::ALL)
        .sparse(true);
    Ok((name, Box::new(ranker)))
}

/// A ranker run inside every training split: a spec's candidate (named by the spec as given) or a user's own.
pub(crate) fn candidate(value: &Bound<'_, PyAny>) -> PyResult<Candidate> {
    let (name, ranker) = ranker(value, "rankers")?;
    Ok(Candidate::PerFold { name, ranker: ranker.into() })
}

/// `own._scores(X, y, names, seed)` on the rows of `data`, with the GIL held only for the call: `X` a NumPy array, or
/// for sparse features a SciPy CSR matrix (as a scikit-learn user holds text).
fn scores(own: &Py<PyAny>, name: &str, data: &Dataset, seed: u64) -> Result<Vec<f64>> {
    if let Some(scores) = shared(own, name, data, seed)? {
        return Ok(scores);
    }
    if let Some(sparse) = data.sparse() {
        return Python::attach(|py| -> Result<Vec<f64>> {
            let x = csr(py, sparse).map_err(|e| external(py, name, e))?;
            call(py, own, name, data, x, seed)
        });
    }
    let rows: Vec<usize> = (0..data.n_rows()).collect();
    let features: Vec<usize> = (0..data.n_features()).collect();
    let x = data.matrix(&rows, &features)?.into_raw_vec_and_offset().0;
    let (n, p) = (data.n_rows(), data.n_features());
    Python::attach(|py| -> Result<Vec<f64>> {
        let x = PyArray1::from_vec(py, x).reshape([n, p]).map_err(|e| external(py, name, e))?;
        call(py, own, name, data, x.into_any(), seed)
    })
}

/// The scores a worker process computes on the rows of `data` read from its copy of the run's whole data
/// (`own._scores_shared(source, rows, y, seed)`: the rows' numbers there, not their values, are sent), or `None`
/// when there is no such copy (no workers, or `data`'s rows are not taken from the run's data).
fn shared(own: &Py<PyAny>, name: &str, data: &Dataset, seed: u64) -> Result<Option<Vec<f64>>> {
    let (source, Some(rows)) = data.source() else { return Ok(None) };
    Python::attach(|py| -> Result<Option<Vec<f64>>> {
        let y = target(py, data).map_err(|e| external(py, name, e))?;
        let rows = PyArray1::from_iter(py, rows.iter().map(|&r| r as i64));
        let out =
            own.bind(py).call_method1("_scores_shared", (source, rows, y, seed)).map_err(|e| external(py, name, e))?;
        if out.is_none() {
            return Ok(None);
        }
        let scores: PyReadonlyArray1<f64> = out.extract().map_err(|e: PyErr| external(py, name, e))?;
        Ok(Some(scores.as_array().to_vec()))
    })
}

/// `own._scores(x, y, names, seed)`.
fn call(
    py: Python<'_>,
    own: &Py<PyAny>,
    name: &str,
    data: &Dataset,
    x: Bound<'_, PyAny>,
    seed: u64,
) -> Result<Vec<f64>> {
    let y = target(py, data).map_err(|e| external(py, name, e))?;
    let names = data.feature_names().to_vec();
    let out = own.bind(py).call_method1("_scores", (x, y, names, seed)).map_err(|e| external(py, name, e))?;
    let scores: PyReadonlyArray1<f64> = out.extract().map_err(|e: PyErr| external(py, name, e))?;
    Ok(scores.as_array().to_vec())
}

/// The sparse features as a SciPy CSR matrix (built from the compressed columns they are held in).
pub(crate) fn csr<'py>(py: Python<'py>, x: &featrank::data::dataset::SparseMatrix) -> PyResult<Bound<'py, PyAny>> {
    let (indptr, rows, values) = x.parts();
    let indptr: Vec<i64> = indptr.iter().map(|&p| p as i64).collect();
    let rows: Vec<i64> = rows.iter().map(|&r| i64::from(r)).collect();
    let parts = (PyArray1::from_slice(py, values), PyArray1::from_vec(py, rows), PyArray1::from_vec(py, indptr));
    let csc = py.import("scipy.sparse")?.call_method1("csc_matrix", (parts, (x.n_rows(), x.n_cols())))?;
    csc.call_method0("tocsr")
}

/// The rows' target as NumPy: class codes (int64) or values (float64); for a target set a rows × targets matrix —
/// 0/1 labels for multi-label data (scikit-learn's indicator matrix), class codes for multi-target
/// classification, values for multi-target regression; a survival target as scikit-survival's structured array.
fn target<'py>(py: Python<'py>, data: &Dataset) -> PyResult<Bound<'py, PyAny>> {
    let rows = data.n_rows();
    let column = |t: &Target| -> Vec<f64> {
        match t {
            Target::Classes { codes, .. } => codes.iter().map(|&c| c as f64).collect(),
            Target::Values(values) => values.clone(),
            Target::Set(_) | Target::Survival(_) => vec![f64::NAN; rows],
        }
    };
    Ok(match data.target() {
        Target::Survival(s) => {
            let names = data.target_names();
            structured(py, s, names[0], names[1], &(0..rows).collect::<Vec<_>>())?
        }
        Target::Classes { codes, .. } => PyArray1::from_iter(py, codes.iter().map(|&c| c as i64)).into_any(),
        Target::Values(values) => PyArray1::from_slice(py, values).into_any(),
        Target::Set(members) => {
            let columns: Vec<Vec<f64>> = match data.label_matrix() {
                Some(m) => {
                    m.columns().into_iter().map(|c| c.iter().map(|&on| f64::from(u8::from(on))).collect()).collect()
                }
                None => members.iter().map(column).collect(),
            };
            let shape = [rows, columns.len()];
            let by_row: Vec<f64> = (0..rows).flat_map(|i| columns.iter().map(move |c| c[i])).collect();
            match data.task() {
                Task::MultiTargetRegression => PyArray1::from_vec(py, by_row).reshape(shape)?.into_any(),
                _ => PyArray1::from_iter(py, by_row.into_iter().map(|v| v as i64)).reshape(shape)?.into_any(),
            }
        }
    })
}

/// A survival target's `rows` as scikit-survival's structured array: fields `event` (bool) then `time` (float64),
/// named as the dataset's columns (`featrank._input.structured_y` builds it).
pub(crate) fn structured<'py>(
    py: Python<'py>,
    s: &featrank::data::dataset::Survival,
    time: &str,
    event: &str,
    rows: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let t = PyArray1::from_iter(py, rows.iter().map(|&i| s.time()[i]));
    let e = PyArray1::from_iter(py, rows.iter().map(|&i| s.event()[i]));
    py.import("featrank._input")?.call_method1("structured_y", (event, e, time, t))
}

/// A Python exception as the library's error of a user's method, the exception kept to be raised again.
fn external(py: Python<'_>, name: &str, e: PyErr) -> Error {
    let kind = e.get_type(py).name().map(|n| n.to_string()).unwrap_or_else(|_| "exception".into());
    Error::External {
        method: name.to_string(),
        context: String::new(),
        reason: format!("{kind}: {}", e.value(py)),
        payload: Some(Arc::new(e)),
    }
}
