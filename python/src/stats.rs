//! Comparing methods over datasets (`featrank.friedman`): the Friedman and Iman–Davenport tests, then the
//! Nemenyi critical difference and its diagram — the library's `compare::stats`, shown as a table and a figure.

use featrank::compare::stats::{self, CriticalDifference as RsCriticalDifference, Friedman as RsFriedman};
use pyo3::prelude::*;

use crate::guarded;
use crate::objects::{Figure, Table};
use crate::pickle;

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

/// Average ranks (a table, best first) and the tests' statistics; `critical_difference(alpha)`.
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
    /// The Nemenyi critical difference at level `alpha`, with its diagram.
    #[pyo3(signature = (alpha = 0.05))]
    fn critical_difference(&self, #[pyo3(from_py_with = crate::args::arg)] alpha: f64) -> PyResult<CriticalDifference> {
        guarded(|| self.inner.critical_difference(alpha)).map(|inner| CriticalDifference { inner })
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "Friedman", vec![pickle::json(&self.inner)?])
    }
}

impl Friedman {
    fn create(py: Python<'_>, inner: RsFriedman) -> PyResult<Py<Friedman>> {
        let base = Table::new(guarded(|| inner.to_polars())?, guarded(|| inner.to_html())?);
        Py::new(py, PyClassInitializer::from(base).add_subclass(Friedman { inner }))
    }
}

/// The Nemenyi critical difference: `cd`, the pairs it separates, Demšar's diagram (shown inline).
#[pyclass(module = "featrank", name = "CriticalDifference", frozen)]
pub struct CriticalDifference {
    inner: RsCriticalDifference,
}

#[pymethods]
impl CriticalDifference {
    #[getter]
    fn cd(&self) -> f64 {
        self.inner.cd
    }
    #[getter]
    fn alpha(&self) -> f64 {
        self.inner.alpha
    }
    #[getter]
    fn methods(&self) -> Vec<String> {
        self.inner.methods.clone()
    }
    #[getter]
    fn average_ranks(&self) -> Vec<f64> {
        self.inner.average_ranks.clone()
    }
    /// `(better, worse)` pairs whose average ranks differ by at least CD.
    fn significant_pairs(&self) -> Vec<(String, String)> {
        self.inner.significant_pairs().into_iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| self.inner.plot()).map(Figure::wrap)
    }
    fn _repr_svg_(&self) -> PyResult<String> {
        guarded(|| self.inner.plot()).map(|f| f.svg().to_string())
    }
    fn __repr__(&self) -> String {
        format!(
            "CriticalDifference(cd={:.4}, alpha={}, methods={}, datasets={})",
            self.inner.cd,
            self.inner.alpha,
            self.inner.methods.len(),
            self.inner.datasets
        )
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "CriticalDifference", vec![pickle::json(&self.inner)?])
    }
}

/// A pickled object of this module (see `pickle.rs`), `None` for another module's kind.
pub(crate) fn restore(py: Python<'_>, kind: &str, parts: &pickle::Parts<'_>) -> Option<PyResult<Py<PyAny>>> {
    Some(match kind {
        "Friedman" => (|| Friedman::create(py, pickle::from_json(parts.get(0)?)?).map(Py::into_any))(),
        "CriticalDifference" => {
            (|| Ok(Py::new(py, CriticalDifference { inner: pickle::from_json(parts.get(0)?)? })?.into_any()))()
        }
        _ => return None,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(friedman, m)?)?;
    m.add_class::<Friedman>()?;
    m.add_class::<CriticalDifference>()?;
    Ok(())
}
