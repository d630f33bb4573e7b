//! `featrank.splits`: the (train, test) row indices of a plan, as scikit-learn's `cv=` takes them.

use numpy::PyArray1;
use pyo3::prelude::*;

use crate::dataset::Dataset;
use crate::{blocking, guarded};

/// The compiled side of `featrank.splits` (`featrank/__init__.py` owns the signature and its defaults): every
/// split of every repeat of the plan the library makes on `data`, as `(train, test)` arrays of row indices.
#[pyfunction(name = "splits")]
#[pyo3(signature = (data, *, scheme, folds, repeats, seed))]
fn splits<'py>(
    py: Python<'py>,
    data: &Dataset,
    #[pyo3(from_py_with = crate::args::text)] scheme: &str,
    #[pyo3(from_py_with = crate::args::arg)] folds: Option<usize>,
    #[pyo3(from_py_with = crate::args::arg)] repeats: usize,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Vec<(Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>)>> {
    let resampling = guarded(|| featrank::resampling::Resampling::from_text(scheme, folds, repeats))?;
    let ds = guarded(|| resampling.in_order(&data.inner))?;
    let plan = blocking(py, None, || resampling.plan(&ds, seed))?;
    let index = |rows: Vec<usize>| PyArray1::from_vec(py, rows.into_iter().map(|r| r as i64).collect());
    Ok(plan.splits().map(|(_, _, (train, test))| (index(train), index(test))).collect())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(splits, m)?)
}
