//! `featrank.CriticalDifference`: the Nemenyi critical difference of a Friedman test and Demšar's diagram.

use featrank::compare::stats::CriticalDifference as RsCriticalDifference;
use pyo3::prelude::*;

use crate::figure::Figure;
use crate::{guarded, pickle};

/// Nemenyi's critical difference: ``cd``, the pairs it separates, Demšar's diagram (shown inline as SVG).
///
/// Made by ``Friedman.critical_difference``.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> f = featrank.friedman({"a": [0.9, 0.8, 0.7, 0.9], "b": [0.5, 0.6, 0.4, 0.5], "c": [0.7, 0.7, 0.6, 0.8]})
/// >>> cd = f.critical_difference(0.05)
/// >>> round(cd.cd, 3), cd.significant_pairs()
/// (1.657, [('a', 'b')])
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
    /// The ``(better, worse)`` pairs whose average ranks differ by at least the critical difference.
    ///
    /// Returns
    /// -------
    /// list of tuple of str
    ///
    /// Examples
    /// --------
    /// >>> import featrank, pandas as pd
    /// >>> eca = pd.DataFrame({"dataset": ["a", "b", "c", "d"], "relieff": [0.30, 0.12, 0.21, 0.08],
    /// ...                     "fisher": [0.25, 0.10, 0.20, 0.05], "random": [0.0, 0.01, -0.02, 0.0]})
    /// >>> friedman = featrank.friedman(eca)
    /// >>> friedman.critical_difference().significant_pairs()
    /// [('relieff', 'random')]
    fn significant_pairs(&self) -> Vec<(String, String)> {
        self.inner.significant_pairs().into_iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }
    /// The figure (SVG, shown inline in a notebook; ``save`` or ``.svg`` for the text).
    ///
    /// Returns
    /// -------
    /// Figure
    ///
    /// Examples
    /// --------
    /// >>> import featrank, pandas as pd
    /// >>> eca = pd.DataFrame({"dataset": ["a", "b", "c", "d"], "relieff": [0.30, 0.12, 0.21, 0.08],
    /// ...                     "fisher": [0.25, 0.10, 0.20, 0.05], "random": [0.0, 0.01, -0.02, 0.0]})
    /// >>> friedman = featrank.friedman(eca)
    /// >>> friedman.critical_difference().plot().svg.startswith("<svg")
    /// True
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
        pickle::reduce(py.get_type::<CriticalDifference>(), vec![pickle::json(&self.inner)?])
    }
    /// Rebuilt from what `__reduce__` gave.
    #[staticmethod]
    fn _from_state(parts: Vec<Vec<u8>>) -> PyResult<CriticalDifference> {
        Ok(CriticalDifference { inner: pickle::from_json(pickle::Parts::new("CriticalDifference", &parts).get(0)?)? })
    }
}

impl From<RsCriticalDifference> for CriticalDifference {
    fn from(inner: RsCriticalDifference) -> CriticalDifference {
        CriticalDifference { inner }
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CriticalDifference>()
}
