//! `featrank.Significance`: the tests of a run — is a ranking better than random rankings, or than another.

use featrank::compare::Significance as RsSignificance;
use pyo3::prelude::*;

use crate::table::Table;
use crate::{guarded, pickle};

/// The tests of a run (a table): each ranking against the expected curve and against each other — ECA with its
/// interval, the corrected t-test over splits (what the verdicts use) and Wilcoxon over repeats.
///
/// Made by ``Curves.significance``; ``verdicts(alpha)`` against random rankings, ``verdict(name)``.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> c = featrank.curves("iris", rankers="fisher", folds=5, repeats=6, expected=10, seed=1, progress=False)
/// >>> c.significance().verdict("fisher")
/// 'better'
#[pyclass(module = "featrank", name = "Significance", frozen, extends = Table)]
pub struct Significance {
    inner: RsSignificance,
}

#[pymethods]
impl Significance {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<Significance>(), vec![pickle::json(&self.inner)?])
    }
    /// Rebuilt from what `__reduce__` gave.
    #[staticmethod]
    fn _from_state(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Py<Significance>> {
        let parts = pickle::Parts::new("Significance", &parts);
        Significance::create(py, pickle::from_json(parts.get(0)?)?)
    }
    /// Better / worse / not distinguishable from random rankings, per ranking (Holm-adjusted).
    ///
    /// Parameters
    /// ----------
    /// alpha : float or None, default None
    ///     The level of the tests (None: 1 − the level of the intervals, as the CLI's ``compare --level``).
    ///
    /// Returns
    /// -------
    /// Table
    ///     ``ranking, eca, eca_lo, eca_hi, t_p_holm, verdict``.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> significance = curves.significance()
    /// >>> significance.verdicts(alpha=0.01).to_polars()["verdict"].to_list()
    /// ['better', 'better']
    #[pyo3(signature = (alpha = None))]
    fn verdicts(&self, #[pyo3(from_py_with = crate::args::arg)] alpha: Option<f64>) -> PyResult<Table> {
        let alpha = alpha.unwrap_or_else(|| self.inner.alpha());
        let frame = guarded(|| self.inner.verdicts(alpha))?;
        Ok(Table::from_frame(frame))
    }
    /// One ranking's verdict against random rankings: ``better``, ``worse`` or ``not distinguishable``.
    ///
    /// Parameters
    /// ----------
    /// ranking : str
    ///     The ranking's name.
    /// alpha : float or None, default None
    ///     As in ``verdicts``.
    ///
    /// Returns
    /// -------
    /// str
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> significance = curves.significance()
    /// >>> significance.verdict("fisher")
    /// 'better'
    #[pyo3(signature = (ranking, alpha = None))]
    fn verdict(
        &self,
        #[pyo3(from_py_with = crate::args::text)] ranking: &str,
        #[pyo3(from_py_with = crate::args::arg)] alpha: Option<f64>,
    ) -> PyResult<String> {
        let alpha = alpha.unwrap_or_else(|| self.inner.alpha());
        guarded(|| self.inner.verdict(ranking, alpha)).map(|v| v.label().to_string())
    }
}

impl Significance {
    pub(crate) fn create(py: Python<'_>, inner: RsSignificance) -> PyResult<Py<Significance>> {
        let base = Table::of(inner.to_polars(), inner.to_html())?;
        Py::new(py, PyClassInitializer::from(base).add_subclass(Significance { inner }))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Significance>()
}
