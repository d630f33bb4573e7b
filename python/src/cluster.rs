//! `featrank.cluster`: plan a curve run as a manifest of independent units, compute shards of it on any
//! machine (from Python or with the `featrank` CLI — the manifest is the same file), merge the parts into
//! the run's `Curves`. The work is the library's [`featrank::eval::Manifest`].

use std::path::PathBuf;
use std::sync::Arc;

use featrank::eval::{CurveJob, Manifest as RsManifest, Shard};
use pyo3::prelude::*;

use crate::curves::Curves;
use crate::{blocking, guarded, Error};

/// A planned curve run: its units and the run they come from.
#[pyclass(module = "featrank.cluster", name = "Manifest", frozen)]
pub struct Manifest {
    inner: Arc<RsManifest>,
}

/// See `featrank.cluster.plan`; the defaults are the CLI's.
#[pyfunction(name = "plan_cluster_run")]
#[pyo3(signature = (data, out, *, target = None, task = "auto", rankings = None, rankers = None,
    learner = "knn:k=10", folds = 10, repeats = 10, folds_file = None, scheme = "kfold", grid = "paper",
    expected = 100, expected_repeats = None, measure = None, seed = 0))]
#[allow(clippy::too_many_arguments)]
fn plan(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    out: PathBuf,
    target: Option<String>,
    task: &str,
    rankings: Option<Vec<PathBuf>>,
    rankers: Option<Vec<String>>,
    learner: &str,
    folds: usize,
    repeats: usize,
    folds_file: Option<PathBuf>,
    scheme: &str,
    grid: &str,
    expected: usize,
    expected_repeats: Option<usize>,
    measure: Option<String>,
    seed: u64,
) -> PyResult<Manifest> {
    let data: PathBuf = data.extract().map_err(|_| {
        Error::new_err(
            "plan: `data` must be a file every cluster job can read (or a bundled dataset's name), not an object \
             in memory; save a DataFrame first, e.g. df.write_parquet(\"data.parquet\") or df.to_parquet(...)",
        )
    })?;
    let job = CurveJob {
        data: data.to_string_lossy().into_owned(),
        target,
        task: task.into(),
        rankings: rankings.unwrap_or_default(),
        methods: rankers.unwrap_or_default(),
        scheme: scheme.into(),
        learner: learner.into(),
        folds,
        repeats,
        folds_file,
        grid: grid.into(),
        expected,
        expected_repeats,
        measure,
        seed,
    };
    let manifest = blocking(py, None, || RsManifest::plan(job, &out))?;
    Ok(Manifest { inner: Arc::new(manifest) })
}

/// See `featrank.cluster.read`.
#[pyfunction(name = "read_manifest")]
fn read(py: Python<'_>, path: PathBuf) -> PyResult<Manifest> {
    Ok(Manifest { inner: Arc::new(blocking(py, None, || RsManifest::read(&path))?) })
}

#[pymethods]
impl Manifest {
    /// The manifest's file.
    #[getter]
    fn path(&self) -> PathBuf {
        self.inner.path().to_path_buf()
    }
    /// How many units the run has.
    #[getter]
    fn units(&self) -> usize {
        self.inner.units().len()
    }
    /// How many units shard `shard` (`"I/N"`) computes.
    fn shard_units(&self, shard: &str) -> PyResult<usize> {
        let shard: Shard = guarded(|| shard.parse())?;
        Ok(self.inner.shard_units(shard).len())
    }
    /// Compute shard `shard` (`"I/N"`, I from 0) and write its results to `out` (.parquet or .csv); gives the
    /// number of units computed. A progress bar when `progress` and tqdm is installed.
    #[pyo3(signature = (shard, out, *, progress = true))]
    fn run(&self, py: Python<'_>, shard: &str, out: PathBuf, progress: bool) -> PyResult<usize> {
        let shard: Shard = guarded(|| shard.parse())?;
        // featrank._progress.bar(progress) as a context manager around the blocking call
        let bar = py.import("featrank._progress")?.getattr("bar")?.call1((progress,))?;
        let callback = bar.call_method0("__enter__")?;
        let callback = (!callback.is_none()).then_some(&callback);
        let result = blocking(py, callback, || self.inner.run_shard(shard, &out, false));
        bar.call_method1("__exit__", (py.None(), py.None(), py.None()))?;
        result
    }
    /// The curves of the whole run from the parts the shards wrote (each unit exactly once): equal to what
    /// `featrank.curves` computes in one process.
    fn merge(&self, py: Python<'_>, parts: Vec<PathBuf>) -> PyResult<Curves> {
        Ok(Curves::from(blocking(py, None, || self.inner.merge(&parts))?))
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
        let (job, n, path) = (self.inner.job(), self.inner.units().len(), self.inner.path().display());
        let candidates: Vec<String> =
            job.rankings.iter().map(|p| p.display().to_string()).chain(job.methods.iter().cloned()).collect();
        format!(
            "featrank manifest {path}: {n} units\n  data {}, candidates [{}], learner {}, scheme {} ({} folds × {} repeats), \
             {} random rankings, seed {}\n  compute shard I of N (I from 0), e.g. as a Slurm array job --array=0-(N-1):\n    \
             python -m featrank.cluster run {path} I/N part-I.parquet      (or: featrank run --manifest {path} --shard I/N --out part-I.parquet)\n  \
             then: featrank.cluster.read(\"{path}\").merge([parts…]) → Curves",
            job.data,
            candidates.join(", "),
            job.learner,
            job.scheme,
            job.folds,
            job.repeats,
            job.expected,
            job.seed
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Manifest>()?;
    m.add_function(wrap_pyfunction!(plan, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    Ok(())
}
