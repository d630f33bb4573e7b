//! Comparing methods over datasets (`featrank.friedman`): the Friedman and Iman–Davenport tests, then the
//! Nemenyi critical difference and its diagram — the library's `compare::stats`, shown as a table and a figure.

use featrank::compare::stats::{self, Friedman as RsFriedman};
use pyo3::prelude::*;

use crate::critical_difference::CriticalDifference;
use crate::table::Table;
use crate::{guarded, pickle};

/// Friedman's test of `scores[dataset][method]` (higher = better; see `featrank.friedman` for frames).
#[pyfunction]
#[pyo3(signature = (methods, scores))]
fn friedman(
    py: Python<'_>,
    #[pyo3(from_py_with = crate::args::arg)] methods: Vec<String>,
    #[pyo3(from_py_with = crate::args::arg)] scores: Vec<Vec<f64>>,
) -> PyResult<Py<Friedman>> {
    Friedman::create(py, guarded(|| stats::friedman(&methods, &scores))?)
}

/// Friedman's test over datasets (``featrank.friedman``): the average ranks (a table, best first) and the
/// tests' statistics; ``critical_difference(alpha)``.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> f = featrank.friedman({"a": [0.9, 0.8, 0.7], "b": [0.5, 0.6, 0.4]})
/// >>> f.average_ranks, f.datasets
/// ([1.0, 2.0], 3)
#[pyclass(module = "featrank", name = "Friedman", frozen, extends = Table)]
pub struct Friedman {
    inner: RsFriedman,
}

#[pymethods]
impl Friedman {
    #[getter]
    fn methods(&self) -> Vec<String> {
        self.inner.methods.clone()
    }
    #[getter]
    fn average_ranks(&self) -> Vec<f64> {
        self.inner.average_ranks.clone()
    }
    #[getter]
    fn datasets(&self) -> usize {
        self.inner.datasets
    }
    #[getter]
    fn chi2(&self) -> f64 {
        self.inner.chi2
    }
    #[getter]
    fn chi2_p(&self) -> f64 {
        self.inner.chi2_p
    }
    #[getter]
    fn iman_davenport(&self) -> f64 {
        self.inner.iman_davenport
    }
    #[getter]
    fn iman_davenport_p(&self) -> f64 {
        self.inner.iman_davenport_p
    }
    /// The Nemenyi critical difference of the average ranks, with its diagram (Demšar 2006).
    ///
    /// Parameters
    /// ----------
    /// alpha : float, default 0.05
    ///     The level (the library's ``compare::DEFAULT_ALPHA``): 0.05 or 0.10.
    ///
    /// Returns
    /// -------
    /// CriticalDifference
    ///     ``cd``, ``significant_pairs()``, ``plot()``.
    ///
    /// Examples
    /// --------
    /// >>> import featrank, pandas as pd
    /// >>> eca = pd.DataFrame({"dataset": ["a", "b", "c", "d"], "relieff": [0.30, 0.12, 0.21, 0.08],
    /// ...                     "fisher": [0.25, 0.10, 0.20, 0.05], "random": [0.0, 0.01, -0.02, 0.0]})
    /// >>> friedman = featrank.friedman(eca)
    /// >>> friedman.critical_difference(0.05).significant_pairs()
    /// [('relieff', 'random')]
    #[pyo3(signature = (alpha = featrank::compare::DEFAULT_ALPHA), text_signature = "($self, /, alpha=0.05)")]
    fn critical_difference(&self, #[pyo3(from_py_with = crate::args::arg)] alpha: f64) -> PyResult<CriticalDifference> {
        guarded(|| self.inner.critical_difference(alpha)).map(CriticalDifference::from)
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<Friedman>(), vec![pickle::json(&self.inner)?])
    }
    /// Rebuilt from what `__reduce__` gave.
    #[staticmethod]
    fn _from_state(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Py<Friedman>> {
        Friedman::create(py, pickle::from_json(pickle::Parts::new("Friedman", &parts).get(0)?)?)
    }
}

impl Friedman {
    fn create(py: Python<'_>, inner: RsFriedman) -> PyResult<Py<Friedman>> {
        let base = Table::new(guarded(|| inner.to_polars())?, guarded(|| inner.to_html())?);
        Py::new(py, PyClassInitializer::from(base).add_subclass(Friedman { inner }))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(friedman, m)?)?;
    m.add_class::<Friedman>()
}
