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

/// A feature ranking: features from most to least relevant (rank 1 first), with scores when a ranker made it.
///
/// Made by ``featrank.rank``, ``Ranking.from_scores``, ``Ranking.from_order`` or ``Ranking.read_csv``.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.2, 0.9, 0.5], name="mine")
/// >>> r.order, r.rank_of("a"), r.top(2)
/// (['b', 'c', 'a'], 3, ['b', 'c'])
/// >>> r.to_pandas().columns.tolist()
/// ['feature', 'score', 'rank']
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
    /// Features ordered by their scores: a higher score is more relevant; equal scores keep the order given.
    ///
    /// Parameters
    /// ----------
    /// features : list of str
    ///     Feature names.
    /// scores : array-like of float
    ///     One score per feature.
    /// name : str or None, default None
    ///     The name curves label it by (None: ``ranking``).
    ///
    /// Returns
    /// -------
    /// Ranking
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
    /// >>> r.order, r.name
    /// (['b', 'c', 'a'], 'mine')
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
    /// The features in an order, from most to least relevant.
    ///
    /// Parameters
    /// ----------
    /// order : list of str
    ///     Feature names, most relevant first.
    /// name : str or None, default None
    ///     The name curves label it by (None: ``ranking``).
    ///
    /// Returns
    /// -------
    /// Ranking
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> featrank.Ranking.from_order(["b", "a"]).name
    /// 'ranking'
    #[staticmethod]
    #[pyo3(signature = (order, *, name = None))]
    fn from_order(
        #[pyo3(from_py_with = crate::args::arg)] order: Vec<String>,
        #[pyo3(from_py_with = crate::args::arg)] name: Option<String>,
    ) -> PyResult<Ranking> {
        Ok(Ranking { inner: guarded(|| data::Ranking::from_order(&order))? }.named(name))
    }
    /// The ranking in a CSV file with ``feature,score`` and/or ``feature,rank`` columns.
    ///
    /// Parameters
    /// ----------
    /// path : str or os.PathLike
    ///     The CSV file (what ``featrank rank`` writes).
    ///
    /// Returns
    /// -------
    /// Ranking
    ///
    /// Examples
    /// --------
    /// >>> import featrank, pathlib, tempfile
    /// >>> path = pathlib.Path(tempfile.mkdtemp()) / "fisher.csv"
    /// >>> featrank.rank_table("iris", "fisher").to_polars().write_csv(path)
    /// >>> featrank.Ranking.read_csv(path).order[:2]
    /// ['petallength', 'petalwidth']
    #[staticmethod]
    fn read_csv(#[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<Ranking> {
        Ok(Ranking { inner: guarded(|| data::Ranking::read_csv(&path))? })
    }
    /// The same ranking under another name (curves are labelled by it).
    ///
    /// Parameters
    /// ----------
    /// name : str
    ///     The new name.
    ///
    /// Returns
    /// -------
    /// Ranking
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
    /// >>> r.with_name("scores").name
    /// 'scores'
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
    /// The first features.
    ///
    /// Parameters
    /// ----------
    /// k : int
    ///     How many.
    ///
    /// Returns
    /// -------
    /// list of str
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
    /// >>> r.top(2)
    /// ['b', 'c']
    fn top(&self, #[pyo3(from_py_with = crate::args::arg)] k: usize) -> Vec<String> {
        self.inner.order().iter().take(k).cloned().collect()
    }
    /// The 1-based rank of a feature.
    ///
    /// Parameters
    /// ----------
    /// feature : str
    ///     The feature's name.
    ///
    /// Returns
    /// -------
    /// int or None
    ///     None when the ranking does not hold it.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
    /// >>> r.rank_of("c"), r.rank_of("z")
    /// (2, None)
    fn rank_of(&self, #[pyo3(from_py_with = crate::args::text)] feature: &str) -> Option<usize> {
        self.inner.rank_of(feature)
    }
    /// ``to_polars()``'s table as an Arrow C stream: ``pyarrow.table(x)``, ``polars.DataFrame(x)``, DuckDB.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(&self, py: Python<'py>, requested_schema: Option<Bound<'py, PyAny>>) -> Stream<'py> {
        crate::frames::arrow_stream(py, &guarded(|| self.inner.to_polars())?, requested_schema)
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
    /// >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
    /// >>> r.to_polars().columns
    /// ['feature', 'score', 'rank']
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &guarded(|| self.inner.to_polars())?, Library::Polars)
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
    /// >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
    /// >>> r.to_pandas().shape
    /// (3, 3)
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
