//! `featrank.nested(...)`: the nested estimate of a whole selection procedure ([`featrank::protocol::NestedSpec`]).

use std::sync::Arc;

use featrank::compare::SizeRule;
use featrank::eval::Grid;
use featrank::protocol::Nested as RsNested;
use featrank::resampling::Measure;
use pyo3::prelude::*;

use crate::frames::Stream;

use crate::dataset::Dataset;
use crate::figure::Figure;
use crate::frames::{frame_to, Library};
use crate::table::Table;
use crate::{blocking, guarded, pickle, OrRaise};

/// The result of a nested evaluation (``featrank.nested``): each outer split's choice and score, the estimate,
/// the optimism.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> n = featrank.nested("iris", ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
/// >>> len(n.choices()), 0.8 < n.estimate[0] <= 1
/// (3, True)
#[pyclass(module = "featrank", name = "Nested", frozen)]
pub struct Nested {
    inner: Arc<RsNested>,
}

/// The compiled side of `featrank.nested` (`featrank/__init__.py` owns the signature and its defaults, read
/// from the library's): every setting given.
#[pyfunction]
#[pyo3(signature = (data, rankers, *, learner, folds, repeats, scheme, inner_folds, rule, grid, measure, seed))]
#[allow(clippy::too_many_arguments)]
fn nested(
    py: Python<'_>,
    data: &Dataset,
    rankers: Vec<Bound<'_, PyAny>>,
    #[pyo3(from_py_with = crate::args::text)] learner: &str,
    #[pyo3(from_py_with = crate::args::arg)] folds: Option<usize>,
    #[pyo3(from_py_with = crate::args::arg)] repeats: usize,
    #[pyo3(from_py_with = crate::args::text)] scheme: &str,
    #[pyo3(from_py_with = crate::args::arg)] inner_folds: usize,
    #[pyo3(from_py_with = crate::args::word)] rule: SizeRule,
    #[pyo3(from_py_with = crate::args::grid)] grid: Grid,
    #[pyo3(from_py_with = crate::args::word_or_none)] measure: Option<Measure>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Nested> {
    // spec texts (grids included) through the library's parsing; a user's own methods as points of the grid
    let texts: Vec<String> = rankers.iter().filter_map(|r| r.extract::<String>().ok()).collect();
    let methods: Vec<&str> = texts.iter().map(String::as_str).collect();
    let options = crate::args::nested_options(scheme, folds, repeats, inner_folds, vec![rule], grid, measure, seed)?;
    let options_resampling = options.evaluation.resampling;
    let mut spec = guarded(|| options.spec(&methods, learner))?;
    for r in rankers.iter().filter(|r| r.extract::<String>().is_err()) {
        let (name, ranker) = crate::own_ranker::ranker(r, "rankers")?;
        spec = spec.ranker(name, ranker);
    }
    let ds = guarded(|| options_resampling.in_order(&data.inner))?; // a copy only to set a time order
    Ok(Nested { inner: Arc::new(blocking(py, None, || spec.evaluate(&ds))?) })
}

impl From<RsNested> for Nested {
    fn from(nested: RsNested) -> Nested {
        Nested { inner: Arc::new(nested) }
    }
}

#[pymethods]
impl Nested {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<Nested>(), vec![pickle::json(&*self.inner)?])
    }
    /// Rebuilt from what `__reduce__` gave.
    #[staticmethod]
    fn _from_state(parts: Vec<Vec<u8>>) -> PyResult<Nested> {
        Ok(Nested::from(pickle::from_json::<RsNested>(pickle::Parts::new("Nested", &parts).get(0)?)?))
    }
    /// What was run: the grids, outer and inner resampling, rule, measure.
    #[getter]
    fn description(&self) -> String {
        self.inner.description()
    }
    /// The nested estimate: `(mean, lo, hi)`, the 95 % corrected resampled t interval.
    #[getter]
    fn estimate(&self) -> PyResult<(f64, f64, f64)> {
        let e = self.inner.estimate().or_raise()?;
        Ok((e.mean, e.lo, e.hi))
    }
    /// The ordinary curves' best point minus the nested estimate (positive: the ordinary answer is optimistic).
    #[getter]
    fn optimism(&self) -> PyResult<f64> {
        self.inner.optimism().or_raise()
    }
    /// The answer in one row: the nested estimate and its interval, the ordinary best and the optimism.
    ///
    /// Returns
    /// -------
    /// Table
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
    /// >>> nested.summary().to_polars().columns[:4]
    /// ['measure', 'nested', 'nested_lo', 'nested_hi']
    fn summary(&self) -> PyResult<Table> {
        let frame = self.inner.summary().or_raise()?;
        Ok(Table::from_frame(frame))
    }
    /// Every outer split's choice and score.
    ///
    /// Returns
    /// -------
    /// Table
    ///     ``repeat, fold, ranker, learner, k, inner, outer``.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
    /// >>> nested.choices().to_polars().shape
    /// (3, 7)
    fn choices(&self) -> PyResult<Table> {
        let frame = self.inner.to_polars().or_raise()?;
        Ok(Table::from_frame(frame))
    }
    /// The chosen sizes and the outer values, with the nested estimate and the ordinary best.
    ///
    /// Returns
    /// -------
    /// Figure
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
    /// >>> nested.plot().svg.startswith("<svg")
    /// True
    fn plot(&self) -> PyResult<Figure> {
        Ok(Figure::wrap(self.inner.plot().or_raise()?))
    }
    /// ``to_polars()``'s table as an Arrow C stream: ``pyarrow.table(x)``, ``polars.DataFrame(x)``, DuckDB.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(&self, py: Python<'py>, requested_schema: Option<Bound<'py, PyAny>>) -> Stream<'py> {
        crate::frames::arrow_stream(py, &self.inner.to_polars().or_raise()?, requested_schema)
    }
    /// ``choices()`` as a polars DataFrame (``pip install polars``).
    ///
    /// Returns
    /// -------
    /// polars.DataFrame
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
    /// >>> nested.to_polars().shape
    /// (3, 7)
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &self.inner.to_polars().or_raise()?, Library::Polars)
    }
    /// ``choices()`` as a pandas DataFrame (``pip install pandas``).
    ///
    /// Returns
    /// -------
    /// pandas.DataFrame
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
    /// >>> nested.to_pandas().shape
    /// (3, 7)
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &self.inner.to_polars().or_raise()?, Library::Pandas)
    }
    fn __repr__(&self) -> PyResult<String> {
        let e = self.inner.estimate().or_raise()?;
        Ok(format!(
            "{}\nnested estimate {:.4} [{:.4}, {:.4}] · ordinary best {:.4} · optimism {:+.4}",
            self.inner.description(),
            e.mean,
            e.lo,
            e.hi,
            self.inner.ordinary.value,
            self.inner.optimism().or_raise()?
        ))
    }
    fn _repr_html_(&self) -> PyResult<String> {
        self.inner.to_html().or_raise()
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Nested>()?;
    m.add_function(wrap_pyfunction!(nested, m)?)?;
    Ok(())
}
