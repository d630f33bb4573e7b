//! Runs described by files and spec texts alone — a curve run ([`CurveJob`], what `featrank curves` takes) and a
//! nested evaluation ([`NestedJob`], what `featrank nested` takes): what a cluster
//! [`Manifest`](crate::protocol::Manifest) records and what the Python layer's `featrank.cluster` plans.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::compare::SizeRule;
use crate::data::{datasets, io, Dataset, Ranking};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::eval::{defaults, Candidate, CurveSpec, RunOptions};
use crate::learners;
use crate::protocol::NestedSpec;
use crate::resampling::CvPlan;

/// A curve run that any process can rebuild: the data file (or a bundled dataset's name), fixed rankings
/// as files, per-fold rankers and the learner as spec texts, and the run's options. Defaults are the
/// CLI's: 10×10 k-fold, `knn:k=10`, the paper grid, 100 random rankings, seed 0.
///
/// ```
/// use featrank::protocol::CurveJob;
/// let job = CurveJob { data: "iris".into(), methods: vec!["relieff".into()], repeats: 1, expected: 2, ..CurveJob::default() };
/// let (data, candidates) = job.load().unwrap();
/// let curves = job.spec(false).unwrap().evaluate_all(&data, &candidates).unwrap();
/// assert_eq!(curves.rankings(), vec!["relieff"]);
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CurveJob {
    /// A data file, or the name of a bundled dataset.
    pub data: String,
    /// The target column (None: the bundled dataset's, else the last column).
    pub target: Option<String>,
    /// `auto`, `classification` or `regression`.
    pub task: String,
    /// Fixed rankings: CSV files with `feature,score` and/or `feature,rank`.
    pub rankings: Vec<PathBuf>,
    /// Rankers run on every split's training rows, in the spec grammar (e.g. `relieff:k=10`).
    pub methods: Vec<String>,
    /// `kfold` (with `folds`), `holdout:F` or `bootstrap`.
    pub scheme: String,
    /// The learner's spec, e.g. `knn:k=10`, `svm:c=0.1`.
    pub learner: String,
    /// Folds per repeat of `kfold`.
    pub folds: usize,
    /// Repeats of the resampling.
    pub repeats: usize,
    /// A CSV of fold ids (one column per repeat) that overrides `folds` and `repeats`.
    pub folds_file: Option<PathBuf>,
    /// `full`, `paper`, or subset sizes separated by commas.
    pub grid: String,
    /// Random rankings behind the expected curve.
    pub expected: usize,
    /// Repeats each random ranking is evaluated on (None: all).
    pub expected_repeats: Option<usize>,
    /// The measure (None: the task's default).
    pub measure: Option<String>,
    /// Seed of folds, random rankings and learners.
    pub seed: u64,
    /// Where the learner computes (kNN only on the GPU); absent from older manifests: the CPU.
    #[serde(default)]
    pub device: Device,
}

impl Default for CurveJob {
    fn default() -> Self {
        let o = RunOptions::default();
        CurveJob {
            data: String::new(),
            target: None,
            task: defaults::TASK.into(),
            rankings: Vec::new(),
            methods: Vec::new(),
            scheme: o.scheme.into(),
            learner: defaults::LEARNER.into(),
            folds: o.folds,
            repeats: o.repeats,
            folds_file: None,
            grid: o.grid.into(),
            expected: o.expected,
            expected_repeats: o.expected_repeats,
            measure: None,
            seed: o.seed,
            device: o.device,
        }
    }
}

impl CurveJob {
    /// The files the run reads (a bundled dataset's name is listed too; it names no file).
    pub fn inputs(&self) -> Vec<&Path> {
        let mut inputs: Vec<&Path> = vec![self.data.as_ref()];
        inputs.extend(self.rankings.iter().map(|p| p.as_path()));
        inputs.extend(self.folds_file.as_deref());
        inputs
    }

    /// The same job with every input file's path made absolute, so that it can run from any folder.
    pub fn absolute(mut self) -> Result<CurveJob> {
        absolute_data(&mut self.data)?;
        self.rankings = self.rankings.iter().map(|p| absolute(p)).collect::<Result<_>>()?;
        self.folds_file = self.folds_file.as_deref().map(absolute).transpose()?;
        Ok(self)
    }

    /// The dataset ([`datasets::open`]) and the candidates: fixed rankings, then per-fold rankers.
    pub fn load(&self) -> Result<(Dataset, Vec<Candidate>)> {
        let ds = datasets::open(&self.data, self.target.as_deref(), self.task.parse()?)?;
        let mut candidates =
            self.rankings.iter().map(|p| Ranking::read_csv(p).map(Candidate::Fixed)).collect::<Result<Vec<_>>>()?;
        for m in &self.methods {
            candidates.push(Candidate::parse(m)?);
        }
        Ok((ds, candidates))
    }

    /// The curve spec the job describes (progress lines on stderr when `progress`).
    pub fn spec(&self, progress: bool) -> Result<CurveSpec> {
        let options = RunOptions {
            scheme: &self.scheme,
            folds: self.folds,
            repeats: self.repeats,
            grid: &self.grid,
            expected: self.expected,
            expected_repeats: self.expected_repeats,
            measure: self.measure.as_deref(),
            seed: self.seed,
            progress,
            device: self.device,
        };
        let mut spec = CurveSpec::with_options(learners::parse(&self.learner)?, &options)?;
        if let Some(f) = &self.folds_file {
            spec = spec.plan(CvPlan::from_polars(&io::read(f)?)?);
        }
        Ok(spec)
    }
}

/// Make a data path absolute (a bundled dataset's name stays as it is).
fn absolute_data(data: &mut String) -> Result<()> {
    if Path::new(data.as_str()).exists() {
        *data = absolute(Path::new(data.as_str()))?.to_string_lossy().into_owned();
    }
    Ok(())
}

fn absolute(p: &Path) -> Result<PathBuf> {
    std::fs::canonicalize(p).map_err(|e| Error::io(p, e))
}

/// A nested evaluation that any process can rebuild: the data file (or a bundled dataset's name), the
/// ranker and learner grids as spec texts, the outer resampling, the inner folds and the size rules. Defaults
/// are the CLI's: outer 10-fold CV once, inner 5-fold, `knn:k=10`, the 1-SE rule, the paper grid, seed 0.
///
/// ```
/// use featrank::protocol::NestedJob;
/// let job = NestedJob { data: "iris".into(), rankers: vec!["fisher".into()], learner: "knn:k=[1,5]".into(), folds: 4, grid: "1,2,3,4".into(), ..NestedJob::default() };
/// let nested = job.spec().unwrap().evaluate_rules(&job.load().unwrap(), &job.rules().unwrap()).unwrap();
/// assert_eq!(nested[0].splits.len(), 4);
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct NestedJob {
    /// A data file, or the name of a bundled dataset.
    pub data: String,
    /// The target column (None: the bundled dataset's, else the last column).
    pub target: Option<String>,
    /// `auto`, `classification` or `regression`.
    pub task: String,
    /// Rankers or grids of rankers in the spec grammar, e.g. `relieff:k=[5,10,20]`.
    pub rankers: Vec<String>,
    /// The learner or a grid of learners, e.g. `svm:c=[0.1,1,10]`.
    pub learner: String,
    /// Outer resampling: `kfold` (with `folds`), `holdout:F` or `bootstrap`.
    pub scheme: String,
    /// Outer folds per repeat of `kfold`.
    pub folds: usize,
    /// Repeats of the outer resampling.
    pub repeats: usize,
    /// Folds of the inner stratified CV.
    pub inner_folds: usize,
    /// The size rules (`best`, `1se`, `within:TOL`, `knee`, `at:SIZE`): one nested result each, from the same
    /// inner curves.
    pub rules: Vec<String>,
    /// `full`, `paper`, or subset sizes separated by commas.
    pub grid: String,
    /// The measure (None: the task's default).
    pub measure: Option<String>,
    /// Seed of the splits, rankers and learners.
    pub seed: u64,
}

impl Default for NestedJob {
    fn default() -> Self {
        let o = RunOptions::default();
        NestedJob {
            data: String::new(),
            target: None,
            task: defaults::TASK.into(),
            rankers: Vec::new(),
            learner: defaults::LEARNER.into(),
            scheme: o.scheme.into(),
            folds: o.folds,
            repeats: defaults::NESTED_REPEATS,
            inner_folds: defaults::INNER_FOLDS,
            rules: vec![defaults::RULE.to_string()],
            grid: o.grid.into(),
            measure: None,
            seed: o.seed,
        }
    }
}

impl NestedJob {
    /// The files the run reads (a bundled dataset's name is listed too; it names no file).
    pub fn inputs(&self) -> Vec<&Path> {
        vec![self.data.as_ref()]
    }

    /// The same job with its data path made absolute.
    pub fn absolute(mut self) -> Result<NestedJob> {
        absolute_data(&mut self.data)?;
        Ok(self)
    }

    /// The dataset ([`datasets::open`]).
    pub fn load(&self) -> Result<Dataset> {
        datasets::open(&self.data, self.target.as_deref(), self.task.parse()?)
    }

    /// The nested spec the job describes (every grid point checked).
    pub fn spec(&self) -> Result<NestedSpec> {
        let options = RunOptions {
            scheme: &self.scheme,
            folds: self.folds,
            repeats: self.repeats,
            grid: &self.grid,
            measure: self.measure.as_deref(),
            seed: self.seed,
            ..RunOptions::default()
        };
        let rankers: Vec<&str> = self.rankers.iter().map(String::as_str).collect();
        Ok(NestedSpec::new(&rankers, &self.learner)?.options(&options)?.inner_folds(self.inner_folds))
    }

    /// The size rules, parsed.
    pub fn rules(&self) -> Result<Vec<SizeRule>> {
        self.rules.iter().map(|r| r.parse()).collect()
    }
}
