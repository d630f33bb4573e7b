//! `featrank.Stabilities`: the stability of the rankers run inside the folds, over the training splits.

use featrank::compare::Stabilities as RsStabilities;
use pyo3::prelude::*;

use crate::figure::Figure;
use crate::table::Table;
use crate::{guarded, pickle};

/// Stability over the training splits (a table): Canberra, Kuncheva, Nogueira's φ with its interval and test.
///
/// Made by ``Curves.stability``; ``plot()`` draws the stability curves.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> c = featrank.curves("iris", rankers="fisher", folds=3, repeats=2, expected=0, seed=1, progress=False)
/// >>> c.stability().to_pandas().query("k == 1")["phi"].tolist()
/// [1.0]
#[pyclass(module = "featrank", name = "Stabilities", frozen, extends = Table)]
pub struct Stabilities {
    inner: RsStabilities,
}

#[pymethods]
impl Stabilities {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<Stabilities>(), vec![pickle::json(&self.inner)?])
    }
    /// Rebuilt from what `__reduce__` gave.
    #[staticmethod]
    fn _from_state(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Py<Stabilities>> {
        let parts = pickle::Parts::new("Stabilities", &parts);
        Stabilities::create(py, pickle::from_json(parts.get(0)?)?)
    }
    /// The figure (SVG, shown inline in a notebook; ``save`` or ``.svg`` for the text).
    ///
    /// Returns
    /// -------
    /// Figure
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.stability().plot().svg.startswith("<svg")
    /// True
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| self.inner.plot()).map(Figure::wrap)
    }
}

impl Stabilities {
    pub(crate) fn create(py: Python<'_>, inner: RsStabilities) -> PyResult<Py<Stabilities>> {
        let base = Table::of(inner.to_polars(), inner.to_html())?;
        Py::new(py, PyClassInitializer::from(base).add_subclass(Stabilities { inner }))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Stabilities>()
}
