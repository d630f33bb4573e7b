//! `featrank.synth`: synthetic data with exact ground truth.

use featrank::data::synth;
use pyo3::prelude::*;

use crate::frames::Stream;

use crate::dataset::Dataset;
use crate::frames::{frame_to, Library};
use crate::ranking::Ranking;
use crate::table::Table;
use crate::{blocking, guarded, pickle};

/// Synthetic data with exact ground truth (``featrank.synth.generate``).
///
/// Examples
/// --------
/// >>> import featrank
/// >>> s = featrank.synth.generate("pair", rows=100, seed=1)
/// >>> s.data.n_rows, set(s.truth.top(len(s.relevant))) == set(s.relevant)
/// (100, True)
#[pyclass(module = "featrank", name = "Synthetic", frozen)]
pub struct Synthetic {
    inner: synth::Synthetic,
    data: Py<Dataset>,
}

impl Synthetic {
    fn create(py: Python<'_>, inner: synth::Synthetic) -> PyResult<Synthetic> {
        let ds = blocking(py, None, || inner.dataset())?;
        Ok(Synthetic { inner, data: Py::new(py, Dataset::wrap(ds))? })
    }
}

#[pymethods]
impl Synthetic {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(
            py.get_type::<Synthetic>(),
            vec![pickle::parquet(&self.inner.frame)?, pickle::json(&self.inner.truth)?],
        )
    }
    /// Rebuilt from what `__reduce__` gave: the frame and the ground truth.
    #[staticmethod]
    fn _from_state(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Synthetic> {
        let parts = pickle::Parts::new("Synthetic", &parts);
        let inner =
            synth::Synthetic { frame: pickle::from_parquet(parts.get(0)?)?, truth: pickle::from_json(parts.get(1)?)? };
        Synthetic::create(py, inner)
    }
    /// The data (target `class`; the survival designs: `time` and `event`).
    #[getter]
    fn data(&self, py: Python<'_>) -> Py<Dataset> {
        self.data.clone_ref(py)
    }
    /// The ground-truth ranking: features by their exact relevance.
    #[getter]
    fn truth(&self) -> PyResult<Ranking> {
        Ok(Ranking { inner: guarded(|| self.inner.truth.ranking())?.with_name("ground truth") })
    }
    /// The relevant features.
    #[getter]
    fn relevant(&self) -> Vec<String> {
        self.inner.truth.relevant().iter().map(|s| s.to_string()).collect()
    }
    /// Every feature's exact relevance: the ground truth as a table.
    ///
    /// Returns
    /// -------
    /// Table
    ///     ``feature, relevance, rank``: relevance in bits, rank 1 the most relevant.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> pair = featrank.synth.generate("pair", rows=200, seed=1)
    /// >>> pair.truth_table().to_polars().columns
    /// ['feature', 'relevance', 'rank']
    fn truth_table(&self) -> PyResult<Table> {
        let frame = guarded(|| self.inner.truth.to_polars())?;
        Ok(Table::from_frame(frame))
    }
    /// ``to_polars()``'s table as an Arrow C stream: ``pyarrow.table(x)``, ``polars.DataFrame(x)``, DuckDB.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(&self, py: Python<'py>, requested_schema: Option<Bound<'py, PyAny>>) -> Stream<'py> {
        crate::frames::arrow_stream(py, &self.inner.frame, requested_schema)
    }
    /// The data as a polars DataFrame (``pip install polars``).
    ///
    /// Returns
    /// -------
    /// polars.DataFrame
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> pair = featrank.synth.generate("pair", rows=200, seed=1)
    /// >>> pair.to_polars().shape
    /// (200, 101)
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &self.inner.frame, Library::Polars)
    }
    /// The data as a pandas DataFrame (``pip install pandas``).
    ///
    /// Returns
    /// -------
    /// pandas.DataFrame
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> pair = featrank.synth.generate("pair", rows=200, seed=1)
    /// >>> pair.to_pandas().shape
    /// (200, 101)
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &self.inner.frame, Library::Pandas)
    }
    fn __repr__(&self) -> String {
        let t = &self.inner.truth;
        let bayes = match t.bayes_accuracy {
            b if b.is_nan() => "Bayes accuracy unknown (no closed form for this design)".to_string(),
            b => format!("Bayes accuracy {b:.3}"),
        };
        format!(
            "synthetic data: {} rows × {} features, {} relevant, {bayes}",
            self.inner.frame.height(),
            t.features.len(),
            t.relevant().len(),
        )
    }
}

/// Synthetic data by design: `single`, `pair`, `combined`, `madelon` or `null`.
#[pyfunction]
#[pyo3(signature = (design, *, rows, seed))]
fn synthetic(
    py: Python<'_>,
    #[pyo3(from_py_with = crate::args::text)] design: &str,
    #[pyo3(from_py_with = crate::args::arg)] rows: Option<usize>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Synthetic> {
    let s = blocking(py, None, || synth::generate(design, rows, seed))?;
    Synthetic::create(py, s)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Synthetic>()?;
    m.add_function(wrap_pyfunction!(synthetic, m)?)?;
    Ok(())
}
