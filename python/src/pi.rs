//! The Performance Index of rankings on data with missing values (`featrank.performance_index`, Fakhraei et
//! al.): the library's `eval::pi`, shown as a figure over the table of its points.

use featrank::eval::pi::{pi_table, PiCurve, PiSpec};
use pyo3::prelude::*;

use crate::curves::learner;
use crate::dataset::Dataset;
use crate::figure::Figure;
use crate::ranking::Ranking;
use crate::table::Table;
use crate::{blocking, guarded, pickle};

/// The compiled side of `featrank.performance_index` (`featrank/__init__.py` owns the signature and its
/// defaults): every setting given.
#[pyfunction]
#[pyo3(signature = (data, rankings, *, learner, folds, max_n, seed))]
fn performance_index(
    py: Python<'_>,
    data: &Dataset,
    rankings: Vec<PyRef<'_, Ranking>>,
    learner: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::args::arg)] folds: usize,
    #[pyo3(from_py_with = crate::args::arg)] max_n: Option<usize>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Py<PerformanceIndex>> {
    let mut spec = PiSpec::new(self::learner(learner)?).folds(folds).seed(seed);
    if let Some(n) = max_n {
        spec = spec.max_n(n);
    }
    let rankings: Vec<featrank::data::Ranking> = rankings.iter().map(|r| r.inner.clone()).collect();
    let data = data.inner.clone();
    let curves = blocking(py, None, || rankings.iter().map(|r| spec.evaluate(&data, r)).collect())?;
    PerformanceIndex::create(py, curves)
}

/// PI(N) of each ranking for N = 1, 2, … (``featrank.performance_index``): the figure, then the table
/// ``ranking, n, rows, accuracy, pi``.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> vote = featrank.datasets.load("vote")
/// >>> pi = featrank.performance_index(vote, featrank.rank(vote, "consensus", seed=1), max_n=3, seed=1)
/// >>> pi.columns
/// ['ranking', 'n', 'rows', 'accuracy', 'pi']
#[pyclass(module = "featrank", name = "PerformanceIndex", frozen, extends = Table)]
pub struct PerformanceIndex {
    curves: Vec<PiCurve>,
}

#[pymethods]
impl PerformanceIndex {
    /// The figure (SVG, shown inline in a notebook; ``save`` or ``.svg`` for the text).
    ///
    /// Returns
    /// -------
    /// Figure
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> vote = featrank.datasets.load("vote")
    /// >>> pi = featrank.performance_index(vote, featrank.rank(vote, "consensus", seed=1), max_n=3, seed=1)
    /// >>> pi.plot().svg.startswith("<svg")
    /// True
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| featrank::report::figure::pi_plot(&self.curves)).map(Figure::wrap)
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<PerformanceIndex>(), vec![pickle::json(&self.curves)?])
    }
    /// Rebuilt from what `__reduce__` gave.
    #[staticmethod]
    fn _from_state(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Py<PerformanceIndex>> {
        PerformanceIndex::create(py, pickle::from_json(pickle::Parts::new("PerformanceIndex", &parts).get(0)?)?)
    }
}

impl PerformanceIndex {
    fn create(py: Python<'_>, curves: Vec<PiCurve>) -> PyResult<Py<PerformanceIndex>> {
        let frame = guarded(|| pi_table(&curves))?;
        let figure = guarded(|| featrank::report::figure::pi_plot(&curves))?;
        let caption =
            "the Performance Index: PI(N), the mean accuracy of the top-i subsets (i ≤ N) weighted by n_i / i";
        let html =
            format!("<div>{}</div>{}", figure.svg(), featrank::report::Table::new(&frame).caption(caption).to_html());
        let base = Table::new(frame, html);
        Py::new(py, PyClassInitializer::from(base).add_subclass(PerformanceIndex { curves }))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(performance_index, m)?)?;
    m.add_class::<PerformanceIndex>()?;
    Ok(())
}
