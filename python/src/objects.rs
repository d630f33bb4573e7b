//! Data, rankings, tables and figures as Python objects; each shows itself with the library's own HTML or
//! SVG (`_repr_html_`, `_repr_svg_`) and leaves as a Polars or pandas DataFrame.

use std::path::PathBuf;
use std::sync::Arc;

use featrank::data::Frame;
use featrank::data::{self, datasets, synth, TaskChoice};
use featrank::report;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::frames::{self, frame_to, Library};
use crate::pickle;
use crate::{blocking, guarded};

/// The task a text names (`auto`, `classification`, `regression`).
pub(crate) fn task(text: &str) -> PyResult<TaskChoice> {
    guarded(|| text.parse())
}

/// A dataset: numeric and nominal features (missing values kept), a classification or regression target.
#[pyclass(module = "featrank", name = "Dataset", frozen)]
pub struct Dataset {
    pub(crate) inner: Arc<data::Dataset>,
}

impl Dataset {
    pub(crate) fn wrap(inner: data::Dataset) -> Dataset {
        Dataset { inner: Arc::new(inner) }
    }
}

#[pymethods]
impl Dataset {
    /// See the class docstring in `featrank/_featrank.pyi`.
    #[new]
    #[pyo3(signature = (data, target = None, *, targets = None, task = "auto", feature_names = None, allow_identifiers = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        target: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = crate::args::arg)] targets: Option<Vec<String>>,
        #[pyo3(from_py_with = crate::args::text)] task: &str,
        #[pyo3(from_py_with = crate::args::arg)] feature_names: Option<Vec<String>>,
        #[pyo3(from_py_with = crate::args::arg)] allow_identifiers: bool,
    ) -> PyResult<Dataset> {
        let input = py.import("featrank._input")?;
        let converted = input.call_method1("to_columns", (data, target, feature_names, targets))?;
        let (columns, target_names): (Bound<'_, PyList>, Vec<String>) = converted.extract()?;
        let frame = frames::frame_from_columns(&columns)?;
        let task = self::task(task)?;
        let ds = blocking(py, None, || {
            data::Dataset::builder_targets(&frame, &target_names)
                .task(task)
                .allow_identifiers(allow_identifiers)
                .build()
        })?;
        Ok(Dataset::wrap(ds))
    }

    /// A data file (.csv, .csv.gz, .arff, .parquet) or a bundled dataset by name, read as the CLI reads it.
    #[staticmethod]
    #[pyo3(signature = (path, target = None, *, targets = None, task = "auto"))]
    fn read(
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] path: PathBuf,
        #[pyo3(from_py_with = crate::args::text_or_none)] target: Option<&str>,
        #[pyo3(from_py_with = crate::args::arg)] targets: Option<Vec<String>>,
        #[pyo3(from_py_with = crate::args::text)] task: &str,
    ) -> PyResult<Dataset> {
        let task = self::task(task)?;
        let targets = match (target, targets) {
            (Some(_), Some(_)) => {
                return guarded(|| Err(featrank::Error::param("targets", "give target or targets, not both")))
            }
            (_, Some(many)) => many,
            (one, None) => one.map(str::to_string).into_iter().collect(),
        };
        blocking(py, None, || datasets::open_targets(&path.to_string_lossy(), &targets, task)).map(Dataset::wrap)
    }

    #[getter]
    fn n_rows(&self) -> usize {
        self.inner.n_rows()
    }
    #[getter]
    fn n_features(&self) -> usize {
        self.inner.n_features()
    }
    #[getter]
    fn feature_names(&self) -> Vec<String> {
        self.inner.feature_names().to_vec()
    }
    /// The target column; of several targets, their names joined by `, ` (`targets` lists them).
    #[getter]
    fn target(&self) -> String {
        self.inner.target_name().to_string()
    }
    #[getter]
    fn targets(&self) -> Vec<String> {
        self.inner.target_names().into_iter().map(str::to_string).collect()
    }
    #[getter]
    fn task(&self) -> &'static str {
        self.inner.task().words()
    }
    /// The class names in code order, as the target's values are (ints for an integer target, bools, str).
    #[getter]
    fn classes<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(column) = self.inner.class_column() else { return Ok(None) };
        let frame = guarded(|| {
            let column = column?;
            Ok(Frame::from(featrank::polars::prelude::DataFrame::new(column.len(), vec![column])?))
        })?;
        let values = frames::columns_of(py, &frame)?.values().get_item(0)?;
        if values.hasattr("tolist")? {
            return values.call_method0("tolist").map(Some);
        }
        Ok(Some(values))
    }
    /// The features' values, rows × features (float64; NaN missing; nominal features as level codes).
    #[getter]
    fn x<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<f64>> {
        numpy::ToPyArray::to_pyarray(&self.inner.x(), py)
    }
    /// The target: class codes (int64, indexing `classes`) or values (float64).
    #[getter]
    fn y<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        let column = |t: &data::Target| -> Vec<f64> {
            match t {
                data::Target::Classes { codes, .. } => codes.iter().map(|&c| c as f64).collect(),
                data::Target::Values(v) => v.clone(),
                data::Target::Set(_) => Vec::new(),
            }
        };
        match (self.inner.labels(), self.inner.values(), self.inner.label_matrix()) {
            (Some(l), _, _) => PyArray1::from_vec(py, l.iter().map(|&c| c as i64).collect()).into_any(),
            (None, Some(v), _) => PyArray1::from_slice(py, v).into_any(),
            (None, None, Some(labels)) => numpy::ToPyArray::to_pyarray(&labels.mapv(i64::from), py).into_any(),
            (None, None, None) => {
                let columns: Vec<Vec<f64>> = self.inner.targets().iter().map(column).collect();
                let y = featrank::ndarray::Array2::from_shape_fn((self.inner.n_rows(), columns.len()), |(i, t)| {
                    columns[t][i]
                });
                if self.inner.task() == data::Task::MultiTargetClassification {
                    numpy::ToPyArray::to_pyarray(&y.mapv(|c| c as i64), py).into_any()
                } else {
                    numpy::ToPyArray::to_pyarray(&y, py).into_any()
                }
            }
        }
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let frame = guarded(|| self.inner.to_polars())?;
        let task = match self.inner.task() {
            data::Task::Regression | data::Task::MultiTargetRegression => "regression",
            _ => "classification",
        };
        let parts = vec![pickle::parquet(&frame)?, pickle::json(&self.inner.target_names())?, task.into()];
        pickle::reduce(py, "Dataset", parts)
    }
    /// The features named, in that order, with the target.
    fn select(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] features: Vec<String>,
    ) -> PyResult<Dataset> {
        blocking(py, None, || self.inner.select_features(&features)).map(Dataset::wrap)
    }
    /// The rows given (0-based), in that order.
    fn take(&self, py: Python<'_>, #[pyo3(from_py_with = crate::args::arg)] rows: Vec<usize>) -> PyResult<Dataset> {
        blocking(py, None, || self.inner.take_rows(&rows)).map(Dataset::wrap)
    }
    /// One target of a target set alone (by name or 0-based position): binary relevance's view.
    fn for_target(&self, py: Python<'_>, target: &Bound<'_, PyAny>) -> PyResult<Dataset> {
        let index = match target.extract::<usize>() {
            Ok(i) => Ok(i),
            Err(_) => {
                let name = crate::args::text(target).map_err(|_| {
                    crate::args::argument_error(py, "a target's name (str) or 0-based position (int ≥ 0)", target)
                })?;
                let names = self.inner.target_names();
                names.iter().position(|n| *n == name).ok_or_else(|| {
                    featrank::Error::param(
                        "target",
                        format!("'{name}' is not a target (targets: {})", names.join(", ")),
                    )
                })
            }
        };
        blocking(py, None, || self.inner.for_target(index?)).map(Dataset::wrap)
    }
    /// The label sets (or combinations of class targets) as the classes of one target: label powerset's view.
    fn label_powerset(&self, py: Python<'_>) -> PyResult<Dataset> {
        blocking(py, None, || self.inner.label_powerset()).map(Dataset::wrap)
    }
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &guarded(|| self.inner.to_polars())?, Library::Polars)
    }
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &guarded(|| self.inner.to_polars())?, Library::Pandas)
    }
    fn __len__(&self) -> usize {
        self.inner.n_rows()
    }
    fn __repr__(&self) -> String {
        self.inner.summary().to_string()
    }
    fn _repr_html_(&self) -> String {
        self.inner.summary().to_html()
    }
}

/// A feature ranking: features from most to least relevant, with scores when a ranker made it.
#[pyclass(module = "featrank", name = "Ranking", frozen)]
#[derive(Clone)]
pub struct Ranking {
    pub(crate) inner: data::Ranking,
}

#[pymethods]
impl Ranking {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "Ranking", vec![pickle::json(&self.inner)?])
    }
    /// Higher score = more relevant; equal scores keep the order given.
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
    /// Features from most to least relevant.
    #[staticmethod]
    #[pyo3(signature = (order, *, name = None))]
    fn from_order(
        #[pyo3(from_py_with = crate::args::arg)] order: Vec<String>,
        #[pyo3(from_py_with = crate::args::arg)] name: Option<String>,
    ) -> PyResult<Ranking> {
        Ok(Ranking { inner: guarded(|| data::Ranking::from_order(&order))? }.named(name))
    }
    /// A `feature,score` and/or `feature,rank` CSV.
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
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &guarded(|| self.inner.to_polars())?, Library::Polars)
    }
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

/// A result table: shown as HTML in a notebook, as text in a terminal; `to_polars()` / `to_pandas()`.
#[pyclass(module = "featrank", name = "Table", frozen, subclass)]
pub struct Table {
    frame: Frame,
    html: String,
}

impl Table {
    pub(crate) fn new(frame: Frame, html: String) -> Table {
        Table { frame, html }
    }
}

#[pymethods]
impl Table {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "Table", vec![pickle::parquet(&self.frame)?, self.html.clone().into_bytes()])
    }
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &self.frame, Library::Polars)
    }
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &self.frame, Library::Pandas)
    }
    /// The columns as a dict of NumPy arrays (text columns as lists).
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

/// A figure (SVG): shown inline in a notebook; `save(path)` writes it.
#[pyclass(module = "featrank", name = "Figure", frozen)]
pub struct Figure {
    inner: report::Figure,
}

impl Figure {
    pub(crate) fn wrap(inner: report::Figure) -> Figure {
        Figure { inner }
    }
}

#[pymethods]
impl Figure {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "Figure", vec![self.inner.svg().as_bytes().to_vec()])
    }
    /// The SVG text.
    #[getter]
    fn svg(&self) -> String {
        self.inner.svg().to_string()
    }
    /// Write the SVG to `path`.
    fn save(&self, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<()> {
        guarded(|| self.inner.save_svg(&path))
    }
    /// Write the figure to `path` in the format its extension names, as matplotlib's `savefig`: `.svg`
    /// (featrank draws SVG; for PNG, convert `fig.svg` with a renderer such as cairosvg or resvg).
    fn savefig(&self, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<()> {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("svg") => guarded(|| self.inner.save_svg(&path)),
            other => Err(crate::to_py(featrank::Error::param(
                "path",
                format!(
                    "{}: featrank draws SVG; save as .svg, or convert fig.svg with a renderer (e.g. \
                     cairosvg.svg2png(bytestring=fig.svg.encode(), write_to=\"figure.png\"))",
                    other.map_or("no extension".to_string(), |e| format!("'.{e}'"))
                ),
            ))),
        }
    }
    fn _repr_svg_(&self) -> String {
        self.inner.svg().to_string()
    }
    fn __repr__(&self) -> String {
        format!(
            "<featrank.Figure: SVG, {} bytes; shown inline in a notebook, .save(path) writes it>",
            self.inner.svg().len()
        )
    }
}

/// Synthetic data with exact ground truth (`featrank.synth`).
#[pyclass(module = "featrank", name = "Synthetic", frozen)]
pub struct Synthetic {
    inner: synth::Synthetic,
    data: Py<Dataset>,
}

impl Synthetic {
    fn create(py: Python<'_>, inner: synth::Synthetic) -> PyResult<Synthetic> {
        let ds = blocking(py, None, || data::Dataset::from_polars(&inner.frame, "class"))?;
        Ok(Synthetic { inner, data: Py::new(py, Dataset::wrap(ds))? })
    }
}

#[pymethods]
impl Synthetic {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "Synthetic", vec![pickle::parquet(&self.inner.frame)?, pickle::json(&self.inner.truth)?])
    }
    /// The data (target `class`).
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
    /// Feature, relevance (bits) and interaction set of every feature.
    fn truth_table(&self) -> PyResult<Table> {
        let frame = guarded(|| self.inner.truth.to_polars())?;
        let html = frame.to_html();
        Ok(Table::new(frame, html))
    }
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &self.inner.frame, Library::Polars)
    }
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
#[pyo3(signature = (design, *, rows = None, seed = 0))]
fn synthetic(
    py: Python<'_>,
    #[pyo3(from_py_with = crate::args::text)] design: &str,
    #[pyo3(from_py_with = crate::args::arg)] rows: Option<usize>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Synthetic> {
    let s = blocking(py, None, || synth::generate(design, rows, seed))?;
    Synthetic::create(py, s)
}

/// A pickled object of this module (see `pickle.rs`), `None` for another module's kind.
pub(crate) fn restore(py: Python<'_>, kind: &str, parts: &pickle::Parts<'_>) -> Option<PyResult<Py<PyAny>>> {
    let object = |o: PyResult<Bound<'_, PyAny>>| o.map(Bound::unbind);
    Some(match kind {
        "Dataset" => (|| {
            let frame = pickle::from_parquet(parts.get(0)?)?;
            let targets: Vec<String> = pickle::from_json(parts.get(1)?)?;
            let task = self::task(&pickle::text(parts.get(2)?)?)?;
            let ds = guarded(|| {
                data::Dataset::builder_targets(&frame, &targets)
                    .task(task)
                    .allow_all_missing(true)
                    .allow_identifiers(true)
                    .quiet(true)
                    .build()
            })?;
            object(Dataset::wrap(ds).into_pyobject(py).map(Bound::into_any))
        })(),
        "Ranking" => {
            (|| object(Ranking { inner: pickle::from_json(parts.get(0)?)? }.into_pyobject(py).map(Bound::into_any)))()
        }
        "Table" => (|| {
            let table = Table::new(pickle::from_parquet(parts.get(0)?)?, pickle::text(parts.get(1)?)?);
            object(table.into_pyobject(py).map(Bound::into_any))
        })(),
        "Figure" => (|| {
            let figure = Figure::wrap(report::Figure::from_svg(pickle::text(parts.get(0)?)?));
            object(figure.into_pyobject(py).map(Bound::into_any))
        })(),
        "Synthetic" => (|| {
            let inner = synth::Synthetic {
                frame: pickle::from_parquet(parts.get(0)?)?,
                truth: pickle::from_json(parts.get(1)?)?,
            };
            object(Synthetic::create(py, inner)?.into_pyobject(py).map(Bound::into_any))
        })(),
        _ => return None,
    })
}

/// A catalog of the library's registries as a table.
fn catalog(frame: featrank::Result<Frame>) -> PyResult<Table> {
    let frame = guarded(|| frame)?;
    let html = frame.to_html();
    Ok(Table::new(frame, html))
}

/// The library's defaults of a curve run and a nested evaluation (`featrank::eval::defaults`), by name:
/// what the test suite compares every Python signature with.
#[pyfunction]
fn _defaults(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyDict>> {
    use featrank::eval::defaults as d;
    let out = pyo3::types::PyDict::new(py);
    for (k, v) in
        [("learner", d::LEARNER), ("task", d::TASK), ("scheme", d::SCHEME), ("grid", d::GRID), ("rule", d::RULE)]
    {
        out.set_item(k, v)?;
    }
    for (k, v) in [
        ("folds", d::FOLDS),
        ("repeats", d::REPEATS),
        ("expected", d::RANDOM_RANKINGS),
        ("nested_repeats", d::NESTED_REPEATS),
        ("inner_folds", d::INNER_FOLDS),
    ] {
        out.set_item(k, v)?;
    }
    out.set_item("seed", d::SEED)?;
    Ok(out)
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
#[pyo3(signature = (method, kind = None))]
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

/// The bundled datasets' names.
#[pyfunction]
fn dataset_names() -> Vec<&'static str> {
    datasets::names()
}

/// A bundled dataset with its default target and task.
#[pyfunction]
fn load_dataset(py: Python<'_>, #[pyo3(from_py_with = crate::args::text)] name: &str) -> PyResult<Dataset> {
    blocking(py, None, || datasets::load(name)?.dataset()).map(Dataset::wrap)
}

/// A dataset that is not bundled (colon, ALLAML, …: see `data/README.md`), read from the folder in
/// `FEATRANK_DATA` or a `shared/data` folder above the working directory; `featrank.Error` saying where it
/// looked when absent.
#[pyfunction]
fn external_dataset(py: Python<'_>, #[pyo3(from_py_with = crate::args::text)] name: &str) -> PyResult<Dataset> {
    blocking(py, None, || datasets::external(name)?.dataset()).map(Dataset::wrap)
}

/// The ranking `method` (a spec: `relieff:k=10`, `info-gain`, …) computes on all rows of `data`.
#[pyfunction]
#[pyo3(signature = (data, method, *, seed = 0))]
fn rank(
    py: Python<'_>,
    data: &Dataset,
    #[pyo3(from_py_with = crate::args::text)] method: &str,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Ranking> {
    let ds = data.inner.clone();
    let r = blocking(py, None, || featrank::rankers::parse(method)?.rank(&ds, seed))?;
    Ok(Ranking { inner: r })
}

/// The ranking of `method` as a table: `feature, score, rank`, and for shadow features also `p_value,
/// q_value, verdict` — what `featrank rank` writes.
#[pyfunction]
#[pyo3(signature = (data, method, *, seed = 0))]
fn rank_table(
    py: Python<'_>,
    data: &Dataset,
    #[pyo3(from_py_with = crate::args::text)] method: &str,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Table> {
    let ds = data.inner.clone();
    let frame = blocking(py, None, || featrank::rankers::parse(method)?.table(&ds, seed))?;
    let html = frame.to_html();
    Ok(Table::new(frame, html))
}

/// Set the memory limit: a size (`"4G"`, `"512M"`, or a positive number of bytes), or None for the default
/// (`FEATRANK_MEMORY_LIMIT`, else the memory available). 0, negative numbers and bools are refused.
#[pyfunction]
#[pyo3(signature = (limit = None))]
fn set_memory_limit(limit: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let refuse = |what: String| {
        crate::to_py(featrank::Error::param(
            "limit",
            format!("a size such as \"4G\" or a positive number of bytes, or None for the default; got {what}"),
        ))
    };
    let bytes = match limit {
        None => None,
        Some(v) if v.is_instance_of::<pyo3::types::PyString>() => {
            let text: String = v.extract()?;
            Some(guarded(|| featrank::memory::parse_bytes(&text))?)
        }
        Some(v) if v.is_instance_of::<pyo3::types::PyBool>() => return Err(refuse(format!("the bool {v}"))),
        Some(v) => match v.extract::<u64>() {
            Ok(0) => return Err(refuse("0, which would refuse all work".into())),
            Ok(n) => Some(n),
            Err(_) => return Err(refuse(v.repr().map_or_else(|_| "another type".into(), |r| r.to_string()))),
        },
    };
    guarded(|| featrank::memory::set_limit(bytes))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Dataset>()?;
    m.add_class::<Ranking>()?;
    m.add_class::<Table>()?;
    m.add_class::<Figure>()?;
    m.add_class::<Synthetic>()?;
    m.add_function(wrap_pyfunction!(synthetic, m)?)?;
    m.add_function(wrap_pyfunction!(dataset_names, m)?)?;
    m.add_function(wrap_pyfunction!(load_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(external_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(rank_table, m)?)?;
    m.add_function(wrap_pyfunction!(set_memory_limit, m)?)?;
    m.add_function(wrap_pyfunction!(rankers, m)?)?;
    m.add_function(wrap_pyfunction!(parameters, m)?)?;
    m.add_function(wrap_pyfunction!(_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(learners, m)?)?;
    m.add_function(wrap_pyfunction!(measures, m)?)?;
    Ok(())
}
