//! `featrank.Table`: a result table shown as HTML in a notebook and as text in a terminal; the catalogs of the
//! library's registries.

use featrank::data::Frame;
use pyo3::prelude::*;

use crate::frames::Stream;

use crate::frames::{self, frame_to, Library};
use crate::{guarded, pickle};

/// A result table: shown as HTML in a notebook, as text in a terminal; ``to_polars()`` / ``to_pandas()``.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> t = featrank.rank_table(featrank.datasets.load("iris"), "fisher")
/// >>> t.columns[:3], len(t), t.to_dict()["feature"][0]
/// (['feature', 'score', 'rank'], 4, 'petallength')
#[pyclass(module = "featrank", name = "Table", frozen, subclass)]
pub struct Table {
    frame: Frame,
    html: String,
}

impl Table {
    pub(crate) fn new(frame: Frame, html: String) -> Table {
        Table { frame, html }
    }

    /// A table shown with the frame's own HTML.
    pub(crate) fn from_frame(frame: Frame) -> Table {
        let html = frame.to_html();
        Table { frame, html }
    }

    /// A library result as a table with its HTML as the library draws it.
    pub(crate) fn of(frame: featrank::Result<Frame>, html: featrank::Result<String>) -> PyResult<Table> {
        Ok(Table::new(guarded(|| frame)?, guarded(|| html)?))
    }
}

#[pymethods]
impl Table {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<Table>(), vec![pickle::parquet(&self.frame)?, self.html.clone().into_bytes()])
    }
    /// Rebuilt from what `__reduce__` gave: the frame as Parquet and the HTML.
    #[staticmethod]
    fn _from_state(parts: Vec<Vec<u8>>) -> PyResult<Table> {
        let parts = pickle::Parts::new("Table", &parts);
        Ok(Table::new(pickle::from_parquet(parts.get(0)?)?, pickle::text(parts.get(1)?)?))
    }
    /// The table as a polars DataFrame (``pip install polars``).
    ///
    /// Returns
    /// -------
    /// polars.DataFrame
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> table = curves.eca_table()
    /// >>> table.to_polars().shape
    /// (2, 5)
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &self.frame, Library::Polars)
    }
    /// The table as a pandas DataFrame (``pip install pandas``).
    ///
    /// Returns
    /// -------
    /// pandas.DataFrame
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> table = curves.eca_table()
    /// >>> table.to_pandas().shape
    /// (2, 5)
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &self.frame, Library::Pandas)
    }
    /// ``to_polars()``'s table as an Arrow C stream: ``pyarrow.table(x)``, ``polars.DataFrame(x)``, DuckDB.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(&self, py: Python<'py>, requested_schema: Option<Bound<'py, PyAny>>) -> Stream<'py> {
        crate::frames::arrow_stream(py, &self.frame, requested_schema)
    }
    /// The columns as a dict of NumPy arrays (text columns as lists).
    ///
    /// Returns
    /// -------
    /// dict
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> table = curves.eca_table()
    /// >>> table.to_dict()["ranking"]
    /// ['relieff', 'fisher']
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        frames::columns_of(py, &self.frame)
    }
    #[getter]
    fn columns(&self) -> Vec<String> {
        self.frame.get_column_names().iter().map(|c| c.to_string()).collect()
    }
    fn __len__(&self) -> usize {
        self.frame.height()
    }
    fn __repr__(&self) -> String {
        format!("{}", *self.frame)
    }
    fn _repr_html_(&self) -> String {
        self.html.clone()
    }
}

/// A catalog of the library's registries as a table.
fn catalog(frame: featrank::Result<Frame>) -> PyResult<Table> {
    Ok(Table::from_frame(guarded(|| frame)?))
}

/// Every ranking method: `method`, `spec` (every parameter at its default), `classification`, `regression`,
/// `aliases` (other names it answers to, e.g. `mutual-info` for `mi`), `parameters`, `reference`.
#[pyfunction]
fn rankers() -> PyResult<Table> {
    catalog(featrank::rankers::catalog())
}

/// Every learner: `learner`, `spec` (every parameter at its default), `classification`, `regression`,
/// `aliases`, `parameters`, `reference`.
#[pyfunction]
fn learners() -> PyResult<Table> {
    catalog(featrank::learners::catalog())
}

/// One ranking method's or learner's parameters: `parameter`, `default`, `values`, `needs`, `meaning`.
/// `kind` = "ranker" or "learner" picks where a name is both (`forest`); by default a ranker first.
#[pyfunction]
#[pyo3(signature = (method, kind))]
fn parameters(
    #[pyo3(from_py_with = crate::args::text)] method: &str,
    #[pyo3(from_py_with = crate::args::text_or_none)] kind: Option<&str>,
) -> PyResult<Table> {
    catalog(match kind {
        Some("ranker") => featrank::rankers::parameters(method),
        Some("learner") => featrank::learners::parameters(method),
        None => {
            featrank::rankers::parameters(method).or_else(|e| featrank::learners::parameters(method).map_err(|_| e))
        }
        Some(other) => Err(featrank::Error::param("kind", format!("'{other}' is neither 'ranker' nor 'learner'"))),
    })
}

/// Every measure: `measure`, `task`, `higher_is_better`, `low`, `high`.
#[pyfunction]
fn measures() -> PyResult<Table> {
    catalog(featrank::resampling::Measure::catalog())
}

/// The words each closed setting takes, from the library's own lists: `measure`, `weighting`, `task`,
/// `design` — what `featrank._types`' `Literal`s are checked against (a test).
#[pyfunction]
fn _vocabulary() -> std::collections::BTreeMap<&'static str, Vec<String>> {
    use featrank::{data::synth::DESIGNS, data::TaskChoice, eval::Weighting, resampling::Measure};
    std::collections::BTreeMap::from([
        ("measure", Measure::ALL.iter().map(|m| m.label().to_string()).collect()),
        ("weighting", Weighting::ALL.iter().map(|w| w.label().to_string()).collect()),
        ("task", TaskChoice::ALL.iter().map(|t| t.to_string()).collect()),
        ("design", DESIGNS.iter().map(|d| d.to_string()).collect()),
    ])
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Table>()?;
    m.add_function(wrap_pyfunction!(_vocabulary, m)?)?;
    m.add_function(wrap_pyfunction!(rankers, m)?)?;
    m.add_function(wrap_pyfunction!(learners, m)?)?;
    m.add_function(wrap_pyfunction!(parameters, m)?)?;
    m.add_function(wrap_pyfunction!(measures, m)?)?;
    Ok(())
}
