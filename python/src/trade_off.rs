//! `featrank.TradeOff`: the stability–accuracy trade-off of the rankers run inside the folds at one size.

use featrank::compare::TradeOff as RsTradeOff;
use pyo3::prelude::*;

use crate::figure::Figure;
use crate::table::Table;
use crate::{guarded, pickle};

/// The stability–accuracy trade-off at one size (a table with its figure): the Pareto front and RPT_β.
///
/// Made by ``Curves.trade_off``; ``front``, ``best_rpt``, ``plot()``.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> c = featrank.curves("iris", rankers=["fisher", "relieff"], folds=3, repeats=2, expected=0, seed=1,
/// ...                     progress=False)
/// >>> sorted(c.trade_off(2).front)
/// ['fisher', 'relieff']
#[pyclass(module = "featrank", name = "TradeOff", frozen, extends = Table)]
pub struct TradeOff {
    inner: RsTradeOff,
}

#[pymethods]
impl TradeOff {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<TradeOff>(), vec![pickle::json(&self.inner)?])
    }
    /// Rebuilt from what `__reduce__` gave.
    #[staticmethod]
    fn _from_state(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Py<TradeOff>> {
        let parts = pickle::Parts::new("TradeOff", &parts);
        TradeOff::create(py, pickle::from_json(parts.get(0)?)?)
    }
    /// The rankers on the Pareto front.
    #[getter]
    fn front(&self) -> Vec<String> {
        self.inner.front().into_iter().map(String::from).collect()
    }
    /// The ranker with the largest RPT_β (None for correlation or RMSE curves).
    #[getter]
    fn best_rpt(&self) -> Option<String> {
        self.inner.best_rpt().map(String::from)
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
    /// >>> curves.trade_off(2).plot().svg.startswith("<svg")
    /// True
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| self.inner.plot()).map(Figure::wrap)
    }
}

impl TradeOff {
    pub(crate) fn create(py: Python<'_>, inner: RsTradeOff) -> PyResult<Py<TradeOff>> {
        let base = Table::of(inner.to_polars(), inner.to_html())?;
        Py::new(py, PyClassInitializer::from(base).add_subclass(TradeOff { inner }))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TradeOff>()
}
