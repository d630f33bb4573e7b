//! `featrank.Ranking`: features from most to least relevant; `featrank.rank` and `featrank.rank_table`.

use std::path::PathBuf;

use featrank::data;
use featrank::rankers::Ranker;
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::frames::Stream;

use crate::dataset::Dataset;
use crate::frames::{frame_to, Library};
use crate::pickle;
use crate::table::Table;
use crate::{blocking, guarded};

/// A feature ranking: features from most to least relevant, with scores when a ranker made it.
#[pyclass(module = "featrank", name = "Ranking", frozen)]
#[derive(Clone)]
pub struct Ranking {
    pub(crate) inner: data::Ranking,
}

#[pymethods]
impl Ranking {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<Ranking>(), vec![pickle::json(&self.inner)?])
    }
    /// Rebuilt from what `__reduce__` gave: the ranking as JSON.
    #[staticmethod]
    fn _from_state(parts: Vec<Vec<u8>>) -> PyResult<Ranking> {
        Ok(Ranking { inner: pickle::from_json(pickle::Parts::new("Ranking", &parts).get(0)?)? })
    }
    /// `features` ordered by their `scores`: higher score = more relevant; equal scores keep the order given;
    /// `name` labels it in curves (default: `ranking`).
    #[staticmethod]
    #[pyo3(signature = (features, scores, *, name = None))]
    fn from_scores(
        #[pyo3(from_py_with = crate::args::arg)] features: Vec<String>,
        #[pyo3(from_py_with = crate::args::arg)] scores: Vec<f64>,
        #[pyo3(from_py_with = crate::args::arg)] name: Option<String>,
    ) -> PyResult<Ranking> {
        let r = guarded(|| data::Ranking::from_scores(&features, &scores))?;
        Ok(Ranking { inner: r }.named(name))
    }
    /// The features in `order`, from most to least relevant; `name` labels it in curves (default: `ranking`).
    #[staticmethod]
    #[pyo3(signature = (order, *, name = None))]
    fn from_order(
        #[pyo3(from_py_with = crate::args::arg)] order: Vec<String>,
        #[pyo3(from_py_with = crate::args::arg)] name: Option<String>,
    ) -> PyResult<Ranking> {
        Ok(Ranking { inner: guarded(|| data::Ranking::from_order(&order))? }.named(name))
    }
    /// The ranking in the CSV at `path`: `feature,score` and/or `feature,rank` columns.
    #[staticmethod]
    fn read_csv(#[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<Ranking> {
        Ok(Ranking { inner: guarded(|| data::Ranking::read_csv(&path))? })
    }
    /// The same ranking under another name (curves are labelled by it).
    fn with_name(&self, #[pyo3(from_py_with = crate::args::arg)] name: String) -> Ranking {
        self.clone().named(Some(name))
    }
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }
    /// Feature names, most relevant first.
    #[getter]
    fn order(&self) -> Vec<String> {
        self.inner.order().to_vec()
    }
    /// Scores in the order of `order` (None for a ranking given as an order).
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<f64>>> {
        self.inner.scores().map(|s| PyArray1::from_slice(py, s))
    }
    /// The first `k` features.
    fn top(&self, #[pyo3(from_py_with = crate::args::arg)] k: usize) -> Vec<String> {
        self.inner.order().iter().take(k).cloned().collect()
    }
    /// 1-based rank of a feature (None when absent).
    fn rank_of(&self, #[pyo3(from_py_with = crate::args::text)] feature: &str) -> Option<usize> {
        self.inner.rank_of(feature)
    }
    /// ``to_polars()``'s table as an Arrow C stream: ``pyarrow.table(x)``, ``polars.DataFrame(x)``, DuckDB.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(&self, py: Python<'py>, requested_schema: Option<Bound<'py, PyAny>>) -> Stream<'py> {
        crate::frames::arrow_stream(py, &guarded(|| self.inner.to_polars())?, requested_schema)
    }
    /// The table as a polars DataFrame (``pip install polars``).
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &guarded(|| self.inner.to_polars())?, Library::Polars)
    }
    /// The table as a pandas DataFrame (``pip install pandas``).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &guarded(|| self.inner.to_polars())?, Library::Pandas)
    }
    fn __len__(&self) -> usize {
        self.inner.len()
    }
    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("ranking '{}'\n{}", self.inner.name(), *guarded(|| self.inner.to_polars())?))
    }
    fn _repr_html_(&self) -> PyResult<String> {
        guarded(|| self.inner.to_html())
    }
}

impl Ranking {
    fn named(mut self, name: Option<String>) -> Ranking {
        if let Some(n) = name {
            self.inner = self.inner.with_name(n);
        }
        self
    }
}

/// The ranking `method` (a spec: `relieff:k=10`, `info-gain`, …; or a user's own: a function or a
/// scikit-learn object) computes on all rows of `data`, named as the method (`python:…` for a user's own).
#[pyfunction]
#[pyo3(signature = (data, method, *, seed))]
fn rank(
    py: Python<'_>,
    data: &Dataset,
    method: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Ranking> {
    let (_, ranker) = crate::own_ranker::ranker(method, "method")?;
    let ds = data.inner.clone();
    let r = blocking(py, None, || ranker.rank(&ds, seed))?;
    Ok(Ranking { inner: r })
}

/// The ranking of `method` as a table: `feature, score, rank`, and for shadow features also `p_value,
/// q_value, verdict` — what `featrank rank` writes.
#[pyfunction]
#[pyo3(signature = (data, method, *, seed))]
fn rank_table(
    py: Python<'_>,
    data: &Dataset,
    method: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Table> {
    let (_, ranker) = crate::own_ranker::ranker(method, "method")?;
    let ds = data.inner.clone();
    let frame = blocking(py, None, || ranker.table(&ds, seed))?;
    Ok(Table::from_frame(frame))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Ranking>()?;
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(rank_table, m)?)?;
    Ok(())
}
