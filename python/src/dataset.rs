//! `featrank.Dataset`: numeric and nominal features (missing values kept) and a target; the bundled datasets.

use std::path::PathBuf;
use std::sync::Arc;

use featrank::data::{self, datasets, Frame, TaskChoice};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;

use crate::frames::Stream;
use pyo3::types::PyString;

use crate::frames::{self, frame_to, Library};
use crate::pickle;
use crate::{blocking, guarded};

/// The task a text names (`auto`, `classification`, `regression`).
pub(crate) fn task(text: &str) -> PyResult<TaskChoice> {
    guarded(|| text.parse())
}

/// A sparse X as `featrank._input._sparse_parts` gives it — `"csr"` or `"csc"`, the shape, the compressed arrays
/// (contiguous `int64` pointers, `uint32` indices, `float64` values) and the names (empty: `x0, x1, …`) — read
/// where NumPy holds it: compressed rows become columns with no copy of the input.
fn sparse_matrix(parts: &Bound<'_, PyAny>) -> PyResult<(data::dataset::SparseMatrix, Vec<String>)> {
    #[allow(clippy::type_complexity)]
    let (format, rows, width, indptr, indices, values, names): (
        String,
        usize,
        usize,
        PyReadonlyArray1<'_, i64>,
        PyReadonlyArray1<'_, u32>,
        PyReadonlyArray1<'_, f64>,
        Vec<String>,
    ) = parts.extract()?;
    // a negative pointer (a corrupt matrix) becomes a value the checks refuse by name
    let indptr: Vec<usize> = indptr.as_array().iter().map(|&p| usize::try_from(p).unwrap_or(usize::MAX)).collect();
    let (indices, values) = (indices.as_array(), values.as_array());
    let (Some(indices), Some(values)) = (indices.as_slice(), values.as_slice()) else {
        return guarded(|| Err(featrank::Error::param("x", "the compressed arrays must be contiguous")));
    };
    let x = guarded(|| match format.as_str() {
        "csr" => data::dataset::SparseMatrix::from_csr(rows, width, &indptr, indices, values),
        _ => data::dataset::SparseMatrix::from_csc_parts(rows, width, indptr, indices.to_vec(), values.to_vec()),
    })?;
    Ok((x, names))
}

/// Numeric and nominal features (missing values kept) and a target: a class, a number, a label set, several
/// targets or a survival time with its event.
///
/// Text columns become nominal features (a ``FeatrankWarning`` names them); a text column with a distinct value on
/// ≥ 90 % of at least 10 rows is refused as a row identifier (``ColumnError``) unless ``allow_identifiers=True``.
/// A SciPy sparse matrix (CSR, CSC, COO — repeated cells summed — or a pandas frame of sparse columns) stays
/// sparse: the rankers that score one feature at a time (χ², information gain, gain ratio, symmetrical
/// uncertainty, Fisher, MI) never densify it; the others and the learners take a dense copy of the columns they
/// need after the memory check (``MemoryLimitError`` naming the method when it does not fit).
///
/// Parameters
/// ----------
/// data : DataFrame, pyarrow.Table, array-like, sparse matrix, AnnData, str or os.PathLike
///     A pandas or polars DataFrame or a pyarrow Table (target default: the last column); a NumPy array ``X``
///     (features ``x0, x1, ...``) with ``y`` as ``target``; a SciPy sparse matrix; an AnnData (``var_names`` the
///     features, the target from ``obs``); or a path or a bundled dataset's name, read as ``Dataset.read``.
/// target : str, tuple of str, array-like or None, default None
///     The target column's name; ``("time", "event")`` for a survival target; or, beside an array ``X``, the
///     target itself: a vector, a rows × labels indicator matrix (scikit-learn's multi-label convention: NumPy,
///     SciPy sparse, or a DataFrame whose columns name the labels), rows × targets for several targets, or
///     scikit-survival's structured array (``Surv.from_arrays``: a bool event field and a float time field).
/// targets : list of str or None, default None
///     Several target columns: multi-label data (every target 0/1 or False/True), multi-target classification or
///     regression; ``["time", "event"]`` with ``task="survival"``. Not with ``target``.
/// task : {"auto", "classification", "regression", "survival"}, default "auto"
///     How the target is read: ``auto`` takes a float target as regression. A survival event may be bool, 0/1,
///     1/2 (2 = event) or two text levels (the second in order is the event); times must be positive.
/// feature_names : list of str or None, default None
///     Names of the columns of an array ``X`` (default ``x0, x1, ...``).
/// allow_identifiers : bool, default False
///     Keep a text column that looks like a row identifier as a nominal feature.
/// groups : str, array-like or None, default None
///     A column's name (taken out of the features) or one value per row — a patient, batch or subject id: each
///     group stays on one side of every split made on the data, at every depth.
/// order : str, array-like or None, default None
///     A column of times or one time per row: orders the rows for the time-ordered schemes.
///
/// Examples
/// --------
/// >>> import featrank, numpy as np, pandas as pd
/// >>> featrank.Dataset(np.eye(4), [0, 1, 0, 1]).n_features
/// 4
/// >>> featrank.Dataset(np.eye(4), [0, 1, 0, 1], groups=["a", "a", "b", "b"]).n_groups
/// 2
/// >>> df = pd.DataFrame({"age": [61.0, 48, 70, 55], "time": [5.0, 8, 2, 9], "death": [True, False, True, False]})
/// >>> featrank.Dataset(df, target=("time", "death")).task
/// 'survival'
#[pyclass(module = "featrank", name = "Dataset", frozen)]
pub struct Dataset {
    pub(crate) inner: Arc<data::Dataset>,
}

impl Dataset {
    pub(crate) fn wrap(inner: data::Dataset) -> Dataset {
        Dataset { inner: Arc::new(inner) }
    }

    /// `ds` with the groups and the time order given as `(name, one value per row)` (`featrank._input.column`
    /// reads the values into a column of a type featrank reads).
    fn structured(
        py: Python<'_>,
        mut ds: data::Dataset,
        groups: Option<(String, Bound<'_, PyAny>)>,
        order: Option<(String, Bound<'_, PyAny>)>,
    ) -> PyResult<Dataset> {
        if groups.is_none() && order.is_none() {
            return Ok(Dataset::wrap(ds));
        }
        let input = py.import("featrank._input")?;
        let rows = ds.n_rows();
        let column = |(name, values): (String, Bound<'_, PyAny>)| -> PyResult<featrank::polars::prelude::Column> {
            let table = input.call_method1("column", (name, values, rows))?;
            let frame = frames::frame_from_arrow(&table)?;
            Ok(frame.columns()[0].clone())
        };
        let groups = groups.map(column).transpose()?;
        let order = order.map(column).transpose()?;
        ds = blocking(py, None, || {
            if let Some(g) = &groups {
                ds = ds.with_groups(data::dataset::Groups::from_column(g)?)?;
            }
            if let Some(t) = &order {
                ds = ds.with_time_order(data::dataset::TimeOrder::from_column(t)?)?;
            }
            Ok(ds)
        })?;
        Ok(Dataset::wrap(ds))
    }
}

/// The column a `groups=` or `order=` argument names, when it is a name (`str`).
fn column_name<'a>(value: Option<&'a Bound<'_, PyAny>>) -> Option<&'a str> {
    value.and_then(|v| v.cast::<PyString>().ok()).and_then(|s| s.to_str().ok())
}

#[pymethods]
impl Dataset {
    /// The dataset of `data` (the class docstring documents every parameter).
    #[new]
    #[pyo3(signature = (data, target = None, *, targets = None, task = "auto", feature_names = None, allow_identifiers = false,
        groups = None, order = None))]
    #[allow(clippy::too_many_arguments)]
    fn new<'py>(
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
        target: Option<&Bound<'py, PyAny>>,
        #[pyo3(from_py_with = crate::args::arg)] targets: Option<Vec<String>>,
        #[pyo3(from_py_with = crate::args::text)] task: &str,
        #[pyo3(from_py_with = crate::args::arg)] feature_names: Option<Vec<String>>,
        #[pyo3(from_py_with = crate::args::arg)] allow_identifiers: bool,
        groups: Option<&Bound<'py, PyAny>>,
        order: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Dataset> {
        if data.is_instance_of::<PyString>() || data.hasattr("__fspath__")? {
            // a file's columns, read there; values per row set once it is read
            let (group_column, order_column) = (column_name(groups), column_name(order));
            // a path or a bundled dataset's name: read as `Dataset.read` reads it
            if feature_names.is_some() || allow_identifiers {
                let why =
                    "feature_names and allow_identifiers apply to frames and arrays; a file's header names its columns";
                return guarded(|| Err(featrank::Error::param("data", why)));
            }
            let target: Option<String> = match target {
                Some(t) => Some(t.extract().map_err(|_| crate::args::refused(py, "target", "a column name (str)", t))?),
                None => None,
            };
            let read =
                Dataset::read(py, data.extract()?, target.as_deref(), targets, task, group_column, order_column)?;
            let groups = groups.filter(|_| group_column.is_none()).map(|g| ("groups".to_string(), g.clone()));
            let order = order.filter(|_| order_column.is_none()).map(|t| ("order".to_string(), t.clone()));
            let read = Arc::try_unwrap(read.inner).unwrap_or_else(|shared| (*shared).clone()); // held only here
            return Dataset::structured(py, read, groups, order);
        }
        let input = py.import("featrank._input")?;
        // a frame's column named as the groups or the order leaves the frame: its values are set on the dataset
        let mut data = data.clone();
        let mut take = |value: Option<&Bound<'py, PyAny>>, default: &'static str| -> PyResult<_> {
            let Some(value) = value else { return Ok(None) };
            let Some(name) = column_name(Some(value)) else { return Ok(Some((default.to_string(), value.clone()))) };
            let (rest, values): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
                input.call_method1("split_column", (&data, name, default))?.extract()?;
            data = rest;
            Ok(Some((name.to_string(), values)))
        };
        let (groups, order) = (take(groups, "groups")?, take(order, "order")?);
        let converted = input.call_method1("to_columns", (&data, target, feature_names, targets))?;
        let (table, target_names, sparse, survival): (Bound<'_, PyAny>, Vec<String>, Option<Bound<'_, PyAny>>, bool) =
            converted.extract()?;
        let frame = frames::frame_from_arrow(&table)?;
        // a (time, event) pair or scikit-survival's structured y is a survival target
        let task = if survival && task == "auto" { TaskChoice::Survival } else { self::task(task)? };
        let sparse = sparse.map(|s| sparse_matrix(&s)).transpose()?;
        let ds = blocking(py, None, || {
            let builder =
                data::Dataset::builder_targets(&frame, &target_names).task(task).allow_identifiers(allow_identifiers);
            match sparse {
                Some((x, names)) => builder.sparse_features(x, &names).build(),
                None => builder.build(),
            }
        })?;
        Dataset::structured(py, ds, groups, order)
    }

    /// A data file, or a bundled dataset by name, read as the CLI reads it.
    ///
    /// Parameters
    /// ----------
    /// path : str or os.PathLike
    ///     A .csv, .csv.gz, .arff, .parquet or svmlight .svm file, or a bundled dataset's name.
    /// target : str or None, default None
    ///     The target column (None: the dataset's own, the targets an ARFF file declares, else the last column).
    /// targets : list of str or None, default None
    ///     Several target columns: a label set or several targets (not with ``target``).
    /// task : {"auto", "classification", "regression", "survival"}, default "auto"
    ///     How the target is read (``auto``: from its type).
    /// groups : str or None, default None
    ///     The column of the rows' groups (then not a feature).
    /// order : str or None, default None
    ///     The column of the rows' times (then not a feature).
    ///
    /// Returns
    /// -------
    /// Dataset
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> featrank.Dataset.read("iris").n_rows
    /// 150
    #[staticmethod]
    #[pyo3(signature = (path, target = None, *, targets = None, task = "auto", groups = None, order = None))]
    fn read(
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] path: PathBuf,
        #[pyo3(from_py_with = crate::args::text_or_none)] target: Option<&str>,
        #[pyo3(from_py_with = crate::args::arg)] targets: Option<Vec<String>>,
        #[pyo3(from_py_with = crate::args::text)] task: &str,
        #[pyo3(from_py_with = crate::args::text_or_none)] groups: Option<&str>,
        #[pyo3(from_py_with = crate::args::text_or_none)] order: Option<&str>,
    ) -> PyResult<Dataset> {
        let task = self::task(task)?;
        let targets = match (target, targets) {
            (Some(_), Some(_)) => {
                return guarded(|| Err(featrank::Error::param("targets", "give target or targets, not both")))
            }
            (_, Some(many)) => many,
            (one, None) => one.map(str::to_string).into_iter().collect(),
        };
        let structure = datasets::Structure { groups: groups.map(str::to_string), order: order.map(str::to_string) };
        blocking(py, None, || datasets::open_structured(&path.to_string_lossy(), &targets, task, &structure))
            .map(Dataset::wrap)
    }

    /// This dataset with its rows in groups, which group-aware schemes keep together.
    ///
    /// Parameters
    /// ----------
    /// groups : array-like
    ///     One value per row (a NumPy array, a list, a pandas or polars Series), numbers or text.
    ///
    /// Returns
    /// -------
    /// Dataset
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> iris.with_groups([i // 10 for i in range(150)]).n_groups
    /// 15
    fn with_groups(&self, py: Python<'_>, groups: &Bound<'_, PyAny>) -> PyResult<Dataset> {
        Dataset::structured(py, (*self.inner).clone(), Some(("groups".to_string(), groups.clone())), None)
    }

    /// This dataset with its rows ordered in time, for the time-series schemes.
    ///
    /// Parameters
    /// ----------
    /// order : array-like
    ///     One time per row: numbers, dates or datetimes.
    ///
    /// Returns
    /// -------
    /// Dataset
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> iris.with_order(list(range(150))).n_rows
    /// 150
    fn with_order(&self, py: Python<'_>, order: &Bound<'_, PyAny>) -> PyResult<Dataset> {
        Dataset::structured(py, (*self.inner).clone(), None, Some(("order".to_string(), order.clone())))
    }

    /// The group of every row (its value as text), or None.
    #[getter]
    fn groups(&self) -> Option<Vec<String>> {
        let g = self.inner.groups()?;
        Some(g.ids().iter().map(|&id| g.labels()[id as usize].clone()).collect())
    }

    /// The number of groups, or None.
    #[getter]
    fn n_groups(&self) -> Option<usize> {
        self.inner.groups().map(|g| g.n_groups())
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
    fn x<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        let x = guarded(|| self.inner.x())?;
        Ok(numpy::ToPyArray::to_pyarray(&*x, py))
    }
    /// The identity of the features' values when they are this dataset's own, None for rows taken from another
    /// (`featrank::data::Dataset::source`): worker processes read a run's splits from the whole data by it.
    #[getter]
    fn _identity(&self) -> Option<u64> {
        match self.inner.source() {
            (id, None) => Some(id),
            (_, Some(_)) => None,
        }
    }
    /// The sparse features as a SciPy CSR matrix (None when they are dense): what worker processes read a run's
    /// splits of sparse data from.
    #[getter]
    fn _csr<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.sparse().map(|x| crate::own_ranker::csr(py, x)).transpose()
    }
    /// Whether the features are held sparse (SciPy sparse matrices and AnnData enter so).
    #[getter]
    fn is_sparse(&self) -> bool {
        self.inner.is_sparse()
    }
    /// The target: class codes (int64, indexing `classes`) or values (float64); a survival target as
    /// scikit-survival's structured array (a bool event field and a float time field, named as the columns).
    #[getter]
    fn y<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let column = |t: &data::Target| -> Vec<f64> {
            match t {
                data::Target::Classes { codes, .. } => codes.iter().map(|&c| c as f64).collect(),
                data::Target::Values(v) => v.clone(),
                data::Target::Set(_) | data::Target::Survival(_) => Vec::new(),
            }
        };
        if let Some(s) = self.inner.survival() {
            let names = self.inner.target_names();
            return crate::own_ranker::structured(
                py,
                s,
                names[0],
                names[1],
                &(0..self.inner.n_rows()).collect::<Vec<_>>(),
            );
        }
        Ok(match (self.inner.labels(), self.inner.values(), self.inner.label_matrix()) {
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
        })
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let frame = guarded(|| self.inner.to_polars())?;
        let task = match self.inner.task() {
            data::Task::Regression | data::Task::MultiTargetRegression => "regression",
            data::Task::Survival => "survival",
            _ => "classification",
        };
        let parts = vec![
            pickle::parquet(&frame)?,
            pickle::json(&self.inner.target_names())?,
            task.into(),
            pickle::json(&self.inner.groups())?,
            pickle::json(&self.inner.time_order())?,
        ];
        pickle::reduce(py.get_type::<Dataset>(), parts)
    }
    /// Rebuilt from what `__reduce__` gave: the frame, the target names, the task, the groups and the time order.
    #[staticmethod]
    fn _from_state(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Dataset> {
        let parts = pickle::Parts::new("Dataset", &parts);
        let frame = pickle::from_parquet(parts.get(0)?)?;
        let targets: Vec<String> = pickle::from_json(parts.get(1)?)?;
        let task = self::task(&pickle::text(parts.get(2)?)?)?;
        let groups: Option<data::dataset::Groups> = pickle::from_json(parts.get(3)?)?;
        let order: Option<data::dataset::TimeOrder> = pickle::from_json(parts.get(4)?)?;
        let ds = blocking(py, None, || {
            let mut ds = data::Dataset::builder_targets(&frame, &targets)
                .task(task)
                .allow_all_missing(true)
                .allow_identifiers(true)
                .quiet(true)
                .build()?;
            if let Some(g) = groups {
                ds = ds.with_groups(g)?;
            }
            if let Some(t) = order {
                ds = ds.with_time_order(t)?;
            }
            Ok(ds)
        })?;
        Ok(Dataset::wrap(ds))
    }
    /// The features named, in that order, with the target.
    ///
    /// Parameters
    /// ----------
    /// features : list of str
    ///     Feature names.
    ///
    /// Returns
    /// -------
    /// Dataset
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> iris.select(["petallength", "sepalwidth"]).feature_names
    /// ['petallength', 'sepalwidth']
    fn select(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] features: Vec<String>,
    ) -> PyResult<Dataset> {
        blocking(py, None, || self.inner.select_features(&features)).map(Dataset::wrap)
    }
    /// The rows given, in that order.
    ///
    /// Parameters
    /// ----------
    /// rows : list of int
    ///     0-based row positions.
    ///
    /// Returns
    /// -------
    /// Dataset
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> iris.take([0, 50, 100]).n_rows
    /// 3
    fn take(&self, py: Python<'_>, #[pyo3(from_py_with = crate::args::arg)] rows: Vec<usize>) -> PyResult<Dataset> {
        blocking(py, None, || self.inner.take_rows(&rows)).map(Dataset::wrap)
    }
    /// One target of a target set alone: binary relevance's view.
    ///
    /// Parameters
    /// ----------
    /// target : str or int
    ///     The target's name or 0-based position.
    ///
    /// Returns
    /// -------
    /// Dataset
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> emotions = featrank.datasets.load("emotions")
    /// >>> emotions.for_target(0).target
    /// 'amazed-suprised'
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
    ///
    /// Returns
    /// -------
    /// Dataset
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> featrank.datasets.load("emotions").label_powerset().task
    /// 'classification'
    fn label_powerset(&self, py: Python<'_>) -> PyResult<Dataset> {
        blocking(py, None, || self.inner.label_powerset()).map(Dataset::wrap)
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
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> iris.to_polars().shape
    /// (150, 5)
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
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> iris.to_pandas().shape
    /// (150, 5)
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

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Dataset>()?;
    m.add_function(wrap_pyfunction!(dataset_names, m)?)?;
    m.add_function(wrap_pyfunction!(load_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(external_dataset, m)?)?;
    Ok(())
}
