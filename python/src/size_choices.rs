//! `featrank.SizeChoices`: how many features to keep, chosen on the FFA curves by size rules.

use std::sync::Arc;

use featrank::compare::{SizeChoices as RsSizeChoices, SizeRule};
use featrank::eval::Curves as RsCurves;
use pyo3::prelude::*;

use crate::figure::Figure;
use crate::table::Table;
use crate::{guarded, pickle};

/// Subset sizes chosen from the FFA curves by one or several rules (a table with its figure).
///
/// Made by ``Curves.decide``; ``k(ranking, rule)``, ``plot()``.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> c = featrank.curves("iris", rankers="fisher", folds=3, repeats=2, expected=0, seed=1, progress=False)
/// >>> c.decide(rules=["best", "at:2"]).k("fisher", rule="at:2")
/// 2
#[pyclass(module = "featrank", name = "SizeChoices", frozen, extends = Table)]
pub struct SizeChoices {
    inner: RsSizeChoices,
    curves: Arc<RsCurves>,
}

#[pymethods]
impl SizeChoices {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<SizeChoices>(), vec![pickle::json(&self.inner)?, pickle::json(&*self.curves)?])
    }
    /// Rebuilt from what `__reduce__` gave.
    #[staticmethod]
    fn _from_state(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Py<SizeChoices>> {
        let parts = pickle::Parts::new("SizeChoices", &parts);
        SizeChoices::create(py, pickle::from_json(parts.get(0)?)?, Arc::new(pickle::from_json(parts.get(1)?)?))
    }
    /// The number of features a rule chose for a ranking.
    ///
    /// Parameters
    /// ----------
    /// ranking : str
    ///     The ranking's name.
    /// rule : str or None, default None
    ///     A rule of this table (None: ``1se``, the rule a nested evaluation chooses by unless told).
    ///
    /// Returns
    /// -------
    /// int
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.decide(rules=["best", "1se"]).k("relieff", rule="best")
    /// 4
    #[pyo3(signature = (ranking, rule = None))]
    fn k(
        &self,
        #[pyo3(from_py_with = crate::args::text)] ranking: &str,
        #[pyo3(from_py_with = crate::args::word_or_none)] rule: Option<SizeRule>,
    ) -> PyResult<usize> {
        let rule = rule.unwrap_or(SizeRule::NESTED_DEFAULT);
        self.inner.get(ranking, rule).map(|c| c.k).ok_or_else(|| {
            let reason = format!("no choice of rule '{}' for ranking '{ranking}' in this table", rule.label());
            crate::to_py(featrank::Error::param("ranking", reason))
        })
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
    /// >>> curves.decide().plot().svg.startswith("<svg")
    /// True
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| self.inner.plot(&self.curves)).map(Figure::wrap)
    }
}

impl SizeChoices {
    pub(crate) fn create(py: Python<'_>, inner: RsSizeChoices, curves: Arc<RsCurves>) -> PyResult<Py<SizeChoices>> {
        let figure = guarded(|| inner.plot(&curves))?;
        let html = format!("<div>{}</div>{}", figure.svg(), guarded(|| inner.to_html())?);
        let base = Table::new(guarded(|| inner.to_polars())?, html);
        Py::new(py, PyClassInitializer::from(base).add_subclass(SizeChoices { inner, curves }))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SizeChoices>()
}
