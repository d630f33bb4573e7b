//! `featrank.cluster`: plan a curve run or a nested evaluation as a manifest of independent units, compute
//! shards of it on any machine (from Python or with the `featrank` CLI — the manifest is the same file),
//! merge the parts into the run's `Curves` or `Nested`. The work is the library's
//! [`featrank::protocol::Manifest`].

use std::path::PathBuf;
use std::sync::Arc;

use featrank::compare::SizeRule;
use featrank::device::Device;
use featrank::eval::Grid;
use featrank::protocol::{CurveJob, Job, Manifest as RsManifest, NestedJob, Shard};
use featrank::resampling::Measure;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::curves::Curves;
use crate::nested::Nested;
use crate::{blocking, guarded};

/// A planned curve run (``featrank.cluster.plan``) or nested evaluation (``featrank.cluster.plan_nested``): its
/// units and the run they come from.
///
/// A manifest pickles as its file: unpickled, it is read again and its inputs checked.
///
/// Examples
/// --------
/// >>> import featrank.cluster as cluster, pathlib, tempfile
/// >>> m = cluster.plan("iris", pathlib.Path(tempfile.mkdtemp()) / "run.json", rankers=["fisher"], repeats=2,
/// ...                  expected=2, seed=1)
/// >>> m.kind, m.units
/// ('curves', 8)
#[pyclass(module = "featrank.cluster", name = "Manifest", frozen)]
pub struct Manifest {
    inner: Arc<RsManifest>,
}

/// The compiled side of `featrank.cluster.plan` (`featrank/cluster.py` owns the signature and its defaults):
/// every setting given.
#[pyfunction(name = "plan_cluster_run")]
#[pyo3(signature = (data, out, *, target, task, groups, order, rankings, rankers, learners, folds, repeats, folds_file, scheme, grid,
    expected, expected_repeats, measure, seed, device))]
#[allow(clippy::too_many_arguments)]
fn plan(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::args::arg)] out: PathBuf,
    #[pyo3(from_py_with = crate::args::arg)] target: Option<String>,
    #[pyo3(from_py_with = crate::args::text)] task: &str,
    #[pyo3(from_py_with = crate::args::arg)] groups: Option<String>,
    #[pyo3(from_py_with = crate::args::arg)] order: Option<String>,
    #[pyo3(from_py_with = crate::args::arg)] rankings: Option<Vec<PathBuf>>,
    #[pyo3(from_py_with = crate::args::arg)] rankers: Option<Vec<String>>,
    #[pyo3(from_py_with = crate::args::arg)] learners: Vec<String>,
    #[pyo3(from_py_with = crate::args::arg)] folds: Option<usize>,
    #[pyo3(from_py_with = crate::args::arg)] repeats: usize,
    #[pyo3(from_py_with = crate::args::arg)] folds_file: Option<PathBuf>,
    #[pyo3(from_py_with = crate::args::text)] scheme: &str,
    #[pyo3(from_py_with = crate::args::grid)] grid: Grid,
    #[pyo3(from_py_with = crate::args::arg)] expected: usize,
    #[pyo3(from_py_with = crate::args::arg)] expected_repeats: Option<usize>,
    #[pyo3(from_py_with = crate::args::word_or_none)] measure: Option<Measure>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
    #[pyo3(from_py_with = crate::args::word)] device: Device,
) -> PyResult<Manifest> {
    let data = data_path(data)?;
    let job = CurveJob {
        data: data.to_string_lossy().into_owned(),
        target,
        task: guarded(|| task.parse())?,
        structure: featrank::data::datasets::Structure { groups, order },
        rankings: rankings.unwrap_or_default(),
        methods: rankers.unwrap_or_default(),
        learners,
        folds_file,
        options: crate::args::curve_options(
            scheme,
            folds,
            repeats,
            grid,
            expected,
            expected_repeats,
            measure,
            seed,
            device,
        )?,
    };
    let manifest = blocking(py, None, || RsManifest::plan(job, &out))?;
    Ok(Manifest { inner: Arc::new(manifest) })
}

/// The data of a cluster run: a path or a bundled dataset's name.
fn data_path(data: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    data.extract().map_err(|_| {
        let what = "a file every cluster job can read (or a bundled dataset's name), not an object in memory; save \
                    a DataFrame first, e.g. df.write_parquet(\"data.parquet\") or df.to_parquet(...)";
        crate::args::refused(data.py(), "data", what, data)
    })
}

/// The compiled side of `featrank.cluster.plan_nested` (`featrank/cluster.py` owns the signature and its
/// defaults): every setting given.
#[pyfunction(name = "plan_nested_cluster_run")]
#[pyo3(signature = (data, out, rankers, *, target, task, groups, order, learner, folds, repeats, scheme, inner_folds, rules, grid,
    measure, seed))]
#[allow(clippy::too_many_arguments)]
fn plan_nested(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::args::arg)] out: PathBuf,
    #[pyo3(from_py_with = crate::args::arg)] rankers: Vec<String>,
    #[pyo3(from_py_with = crate::args::arg)] target: Option<String>,
    #[pyo3(from_py_with = crate::args::text)] task: &str,
    #[pyo3(from_py_with = crate::args::arg)] groups: Option<String>,
    #[pyo3(from_py_with = crate::args::arg)] order: Option<String>,
    #[pyo3(from_py_with = crate::args::text)] learner: &str,
    #[pyo3(from_py_with = crate::args::arg)] folds: Option<usize>,
    #[pyo3(from_py_with = crate::args::arg)] repeats: usize,
    #[pyo3(from_py_with = crate::args::text)] scheme: &str,
    #[pyo3(from_py_with = crate::args::arg)] inner_folds: usize,
    #[pyo3(from_py_with = crate::args::words)] rules: Vec<SizeRule>,
    #[pyo3(from_py_with = crate::args::grid)] grid: Grid,
    #[pyo3(from_py_with = crate::args::word_or_none)] measure: Option<Measure>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
) -> PyResult<Manifest> {
    let data = data_path(data)?;
    let job = NestedJob {
        data: data.to_string_lossy().into_owned(),
        target,
        task: guarded(|| task.parse())?,
        structure: featrank::data::datasets::Structure { groups, order },
        rankers,
        learner: learner.into(),
        options: crate::args::nested_options(scheme, folds, repeats, inner_folds, rules, grid, measure, seed)?,
    };
    let manifest = blocking(py, None, || RsManifest::plan_nested(job, &out))?;
    Ok(Manifest { inner: Arc::new(manifest) })
}

/// See `featrank.cluster.read`.
#[pyfunction(name = "read_manifest")]
fn read(py: Python<'_>, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<Manifest> {
    Ok(Manifest { inner: Arc::new(blocking(py, None, || RsManifest::read(&path))?) })
}

#[pymethods]
impl Manifest {
    /// A manifest pickles as its file: unpickled, it is read again, its inputs checked.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let path = self.inner.path().to_string_lossy().into_owned();
        crate::pickle::reduce(py.get_type::<Manifest>(), vec![path.into_bytes()])
    }
    /// Rebuilt from what `__reduce__` gave: its file, read again (its inputs checked).
    #[staticmethod]
    fn _from_state(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Manifest> {
        let path = PathBuf::from(crate::pickle::text(crate::pickle::Parts::new("Manifest", &parts).get(0)?)?);
        Ok(Manifest { inner: Arc::new(blocking(py, None, || RsManifest::read(&path))?) })
    }
    /// The manifest's file.
    #[getter]
    fn path(&self) -> PathBuf {
        self.inner.path().to_path_buf()
    }
    /// How many units the run has.
    #[getter]
    fn units(&self) -> usize {
        self.inner.unit_count()
    }
    /// `"curves"` or `"nested"`: what the manifest plans.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner.job() {
            Job::Curves(_) => "curves",
            Job::Nested(_) => "nested",
        }
    }
    /// How many units one shard computes.
    ///
    /// Parameters
    /// ----------
    /// shard : str
    ///     ``"I/N"``: shard I (from 0) of N.
    ///
    /// Returns
    /// -------
    /// int
    ///
    /// Examples
    /// --------
    /// >>> import featrank.cluster as cluster, pathlib, tempfile
    /// >>> folder = pathlib.Path(tempfile.mkdtemp())
    /// >>> manifest = cluster.plan("iris", folder / "run.json", rankers=["relieff"], repeats=2, expected=3, seed=1)
    /// >>> [manifest.shard_units(f"{i}/3") for i in range(3)]
    /// [4, 3, 3]
    fn shard_units(&self, #[pyo3(from_py_with = crate::args::text)] shard: &str) -> PyResult<usize> {
        let shard: Shard = guarded(|| shard.parse())?;
        Ok(self.inner.shard_unit_count(shard))
    }
    /// Compute one shard of the run and write its results to a file.
    ///
    /// Parameters
    /// ----------
    /// shard : str
    ///     ``"I/N"``: shard I (from 0) of N, e.g. a Slurm array task's index.
    /// out : str or os.PathLike
    ///     The part file to write (.parquet or .csv).
    /// progress : bool, default True
    ///     A progress bar when tqdm is installed.
    /// allow_commands : bool, default False
    ///     Run a manifest whose rankers run programs (``command:run=(…)``); refused otherwise (a manifest is data,
    ///     a program code).
    ///
    /// Returns
    /// -------
    /// int
    ///     The number of units computed.
    ///
    /// Examples
    /// --------
    /// >>> import featrank.cluster as cluster, pathlib, tempfile
    /// >>> folder = pathlib.Path(tempfile.mkdtemp())
    /// >>> manifest = cluster.plan("iris", folder / "run.json", rankers=["relieff"], repeats=2, expected=3, seed=1)
    /// >>> manifest.run("0/2", folder / "part0.parquet", progress=False)
    /// 5
    #[pyo3(signature = (shard, out, *, progress = true, allow_commands = false))]
    fn run(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::text)] shard: &str,
        #[pyo3(from_py_with = crate::args::arg)] out: PathBuf,
        #[pyo3(from_py_with = crate::args::arg)] progress: bool,
        #[pyo3(from_py_with = crate::args::arg)] allow_commands: bool,
    ) -> PyResult<usize> {
        let shard: Shard = guarded(|| shard.parse())?;
        if matches!(self.inner.job(), Job::Curves(job) if job.options.device == featrank::device::Device::Gpu) {
            // pip's NVRTC, as `featrank.curves(device="gpu")` finds it
            py.import("featrank")?.getattr("_load_pip_nvrtc")?.call0()?;
        }
        // featrank._progress.bar(progress) as a context manager around the blocking call
        let bar = py.import("featrank._progress")?.getattr("bar")?.call1((progress,))?;
        let callback = bar.call_method0("__enter__")?;
        let callback = (!callback.is_none()).then_some(&callback);
        let result = blocking(py, callback, || self.inner.run_shard(shard, &out, false, allow_commands));
        bar.call_method1("__exit__", (py.None(), py.None(), py.None()))?;
        result
    }
    /// The run's result from the parts the shards wrote (each unit exactly once).
    ///
    /// Equal to what one process computes.
    ///
    /// Parameters
    /// ----------
    /// parts : list of str or os.PathLike
    ///     The part files.
    ///
    /// Returns
    /// -------
    /// Curves, dict, Nested or list of Nested
    ///     A curve run's ``Curves`` (of several learners, a dict keyed by learner); a nested run's ``Nested`` (of
    ///     several rules, one per rule).
    ///
    /// Examples
    /// --------
    /// >>> import featrank.cluster as cluster, pathlib, tempfile
    /// >>> folder = pathlib.Path(tempfile.mkdtemp())
    /// >>> manifest = cluster.plan("iris", folder / "run.json", rankers=["relieff"], repeats=2, expected=3, seed=1)
    /// >>> parts = [folder / f"part{i}.parquet" for i in range(2)]
    /// >>> [manifest.run(f"{i}/2", part, progress=False) for i, part in enumerate(parts)]
    /// [5, 5]
    /// >>> manifest.merge(parts).rankings
    /// ['relieff']
    fn merge(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] parts: Vec<PathBuf>,
    ) -> PyResult<Py<PyAny>> {
        match self.inner.job() {
            Job::Curves(_) => {
                let mut runs = blocking(py, None, || self.inner.merge(&parts))?;
                if runs.len() == 1 {
                    return Ok(Curves::from(runs.remove(0)).into_pyobject(py)?.into_any().unbind());
                }
                // keyed by what each run records as its learner, as `featrank.curves` keys them
                let by_learner = PyDict::new(py);
                for run in runs {
                    by_learner.set_item(run.learner.clone(), Curves::from(run))?;
                }
                Ok(by_learner.into_any().unbind())
            }
            Job::Nested(job) => {
                let mut runs: Vec<Nested> =
                    blocking(py, None, || self.inner.merge_nested(&parts))?.into_iter().map(Nested::from).collect();
                if job.options.rules.len() == 1 {
                    Ok(runs.remove(0).into_pyobject(py)?.into_any().unbind())
                } else {
                    Ok(runs.into_pyobject(py)?.into_any().unbind())
                }
            }
        }
    }
    fn __repr__(&self) -> String {
        self.text()
    }
    fn _repr_html_(&self) -> String {
        let escaped = self.text().replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
        format!("<pre>{escaped}</pre>")
    }
}

impl Manifest {
    /// What was planned and how a scheduler's array job computes it.
    fn text(&self) -> String {
        let (n, path) = (self.inner.unit_count(), self.inner.path().display());
        let (what, result) = match self.inner.job() {
            Job::Curves(job) => {
                let candidates: Vec<String> =
                    job.rankings.iter().map(|p| p.display().to_string()).chain(job.methods.iter().cloned()).collect();
                let (o, r) = (&job.options, &job.options.evaluation.resampling);
                let what = format!(
                    "curves of data {}, candidates [{}], learner {}, scheme {} ({} splits × {} repeats), {} random rankings, seed {}",
                    job.data,
                    candidates.join(", "),
                    job.learners.join(", "),
                    r.scheme,
                    r.scheme.splits().map_or("one per group".to_string(), |k| k.to_string()),
                    r.repeats,
                    o.expected,
                    o.evaluation.seed
                );
                (what, "Curves")
            }
            Job::Nested(job) => {
                let (o, r) = (&job.options, &job.options.evaluation.resampling);
                let rules: Vec<String> = o.rules.iter().map(|r| r.label()).collect();
                let what = format!(
                    "nested evaluation of data {}, rankers [{}], learner {}, outer {} ({} splits × {} repeats), inner {} folds, rules [{}], seed {}",
                    job.data,
                    job.rankers.join(", "),
                    job.learner,
                    r.scheme,
                    r.scheme.splits().map_or("one per group".to_string(), |k| k.to_string()),
                    r.repeats,
                    o.inner_folds,
                    rules.join(", "),
                    o.evaluation.seed
                );
                (what, "Nested")
            }
        };
        format!(
            "featrank manifest {path}: {n} units\n  {what}\n  compute shard I of N (I from 0), e.g. as a Slurm array job --array=0-(N-1):\n    \
             python -m featrank.cluster run {path} I/N part-I.parquet      (or: featrank run --manifest {path} --shard I/N --out part-I.parquet)\n  \
             then: featrank.cluster.read(\"{path}\").merge([parts…]) → {result}"
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Manifest>()?;
    m.add_function(wrap_pyfunction!(plan, m)?)?;
    m.add_function(wrap_pyfunction!(plan_nested, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    Ok(())
}
