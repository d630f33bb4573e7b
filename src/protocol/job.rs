//! Runs described by files and spec texts alone — a curve run ([`CurveJob`], what `featrank curves` takes) and a
//! nested evaluation ([`NestedJob`], what `featrank nested` takes): what a cluster
//! [`Manifest`](crate::protocol::Manifest) records and what the Python layer's `featrank.cluster` plans.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::data::datasets::Structure;
use crate::data::{datasets, io, Dataset, Ranking, TaskChoice};
use crate::error::{Error, Result};
use crate::eval::{defaults, Candidate, CurveOptions, CurveSpec, Curves};
use crate::learners::{self, Learner};
use crate::protocol::{NestedOptions, NestedSpec};
use crate::resampling::{CvPlan, Resampling};

/// A curve run that any process can rebuild: the data file (or a bundled dataset's name), fixed rankings
/// as files, per-fold rankers and the learner as spec texts, and the run's [`CurveOptions`] — what
/// `featrank curves` and `featrank plan` take (their flags are derived from it behind the cargo feature
/// `cli`) and what a cluster manifest records. Defaults are [`CurveOptions::default`]'s and `knn:k=10`.
///
/// ```
/// use featrank::protocol::CurveJob;
/// let mut job = CurveJob::new("iris");
/// job.methods = vec!["relieff".into()];
/// job.options.evaluation.resampling.repeats = 1;
/// job.options.expected = 2;
/// let (data, candidates) = job.load().unwrap();
/// let curves = job.specs(&data, false).unwrap()[0].evaluate_all(&data, &candidates).unwrap();
/// assert_eq!(curves.rankings(), vec!["relieff"]);
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct CurveJob {
    /// A data file, or the name of a bundled dataset.
    pub data: String,
    /// Target column (default: the bundled dataset's target, else the targets an ARFF file declares in
    /// MEKA's convention or Mulan's XML label file beside it names, else the last column); several,
    /// comma-separated, make multi-label or multi-target data; a Mulan .xml label file, its labels.
    #[cfg_attr(feature = "cli", arg(long, visible_alias = "targets"))]
    pub target: Option<String>,
    /// auto, classification, regression or survival (two targets: time, event); several targets: multi-label or
    /// multi-target, told from them.
    #[serde(with = "crate::spec::as_text")]
    #[cfg_attr(feature = "cli", arg(long, default_value_t = TaskChoice::Auto, value_parser = crate::spec::flag::<TaskChoice>))]
    pub task: TaskChoice,
    /// The columns of the rows' groups and time order (`--groups`, `--order`).
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub structure: Structure,
    /// A fixed ranking: a CSV with `feature,score` and/or `feature,rank` (repeatable). The same order
    /// is used in every split.
    #[cfg_attr(feature = "cli", arg(long = "ranking"))]
    pub rankings: Vec<PathBuf>,
    /// A ranker run on every split's training rows only (repeatable; the honest estimate), in the spec
    /// grammar of `featrank rank --method`, e.g. relieff:k=10, info-gain. Its curves are named by the
    /// text given.
    #[cfg_attr(feature = "cli", arg(long = "method"))]
    pub methods: Vec<String>,
    /// The learner and its parameters; several run one after another on one plan (a table with a `learner`
    /// column).
    #[cfg_attr(feature = "cli", arg(long = "learner", default_value = defaults::LEARNER, help = learners::help()))]
    pub learners: Vec<String>,
    /// CSV of fold ids: one row per data row, one column per repeat (overrides --folds/--repeats).
    #[cfg_attr(feature = "cli", arg(long))]
    pub folds_file: Option<PathBuf>,
    /// The resampling, grid, random rankings, measure, seed and device.
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub options: CurveOptions,
}

impl Default for CurveJob {
    /// [`CurveJob::new`] of no data yet (for struct updates: `CurveJob { data: …, ..Default::default() }`).
    fn default() -> CurveJob {
        CurveJob::new("")
    }
}

impl CurveJob {
    /// A run on `data` (a file or a bundled dataset's name) with every other setting at its default and no
    /// ranking yet.
    pub fn new(data: impl Into<String>) -> CurveJob {
        CurveJob {
            data: data.into(),
            target: None,
            task: TaskChoice::Auto,
            structure: Structure::default(),
            rankings: Vec::new(),
            methods: Vec::new(),
            learners: vec![defaults::LEARNER.into()],
            folds_file: None,
            options: CurveOptions::default(),
        }
    }

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

    /// The dataset ([`datasets::open_structured`]) and the candidates: fixed rankings, then per-fold rankers.
    pub fn load(&self) -> Result<(Dataset, Vec<Candidate>)> {
        let ds =
            open(&self.data, self.target.as_deref(), self.task, &self.structure, self.options.evaluation.resampling)?;
        let mut candidates =
            self.rankings.iter().map(|p| Ranking::read_csv(p).map(Candidate::Fixed)).collect::<Result<Vec<_>>>()?;
        for m in &self.methods {
            candidates.push(Candidate::parse(m)?);
        }
        Ok((ds, candidates))
    }

    /// The curve specs the job describes on `data`, one per learner in their order, all on one plan
    /// ([`CurveSpec::with_learners`]; progress lines on stderr when `progress`).
    pub fn specs(&self, data: &Dataset, progress: bool) -> Result<Vec<CurveSpec>> {
        let learners: Vec<Arc<dyn Learner>> =
            self.learners.iter().map(|l| learners::parse(l).map(Arc::from)).collect::<Result<_>>()?;
        let Some(first) = learners.first() else {
            return Err(Error::param("learner", "give at least one learner"));
        };
        let mut spec = CurveSpec::new(first.clone()).options(self.options.clone()).progress(progress);
        if let Some(f) = &self.folds_file {
            spec = spec.plan(CvPlan::from_polars(&io::read(f)?)?);
        }
        spec.with_learners(data, &learners)
    }

    /// Run the job: one [`Curves`] per learner, in their order, all on one plan — what `featrank curves`
    /// computes.
    pub fn evaluate(&self, progress: bool) -> Result<Vec<Curves>> {
        let (data, candidates) = self.load()?;
        self.specs(&data, progress)?.iter().map(|spec| spec.evaluate_all(&data, &candidates)).collect()
    }
}

/// Make a data path absolute (a bundled dataset's name stays as it is).
fn absolute_data(data: &mut String) -> Result<()> {
    if Path::new(data.as_str()).exists() {
        *data = absolute(Path::new(data.as_str()))?.to_string_lossy().into_owned();
    }
    Ok(())
}

/// A job's data ([`datasets::open_structured`]); rows without a time column follow their own order under a
/// time-ordered scheme, so that resampling inside its training splits is blocked too.
fn open(
    data: &str,
    target: Option<&str>,
    task: TaskChoice,
    structure: &Structure,
    resampling: Resampling,
) -> Result<Dataset> {
    let targets: Vec<&str> = target.into_iter().collect();
    let ds = datasets::open_structured(data, &targets, task, structure)?;
    if let std::borrow::Cow::Owned(ordered) = resampling.in_order(&ds)? {
        return Ok(ordered);
    }
    Ok(ds)
}

fn absolute(p: &Path) -> Result<PathBuf> {
    std::fs::canonicalize(p).map_err(|e| Error::io(p, e))
}

/// A nested evaluation that any process can rebuild: the data file (or a bundled dataset's name), the
/// ranker and learner grids as spec texts, and the [`NestedOptions`] — what `featrank nested` takes (its flags
/// derived from it behind the cargo feature `cli`) and what a cluster manifest records.
///
/// ```
/// use featrank::protocol::NestedJob;
/// let mut job = NestedJob::new("iris", &["fisher"]);
/// job.learner = "knn:k=[1,5]".into();
/// job.options.evaluation.resampling.scheme = featrank::resampling::Scheme::KFold { folds: 4 };
/// job.options.evaluation.grid = "1,2,3,4".parse().unwrap();
/// let nested = job.spec().unwrap().evaluate_rules(&job.load().unwrap(), &job.options.rules).unwrap();
/// assert_eq!(nested[0].splits.len(), 4);
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct NestedJob {
    /// A data file, or the name of a bundled dataset.
    pub data: String,
    /// Target column (default: the bundled dataset's target, else the targets an ARFF file declares in
    /// MEKA's convention or Mulan's XML label file beside it names, else the last column); several,
    /// comma-separated, make multi-label or multi-target data; a Mulan .xml label file, its labels.
    #[cfg_attr(feature = "cli", arg(long, visible_alias = "targets"))]
    pub target: Option<String>,
    /// auto, classification, regression or survival (two targets: time, event); several targets: multi-label or
    /// multi-target, told from them.
    #[serde(with = "crate::spec::as_text")]
    #[cfg_attr(feature = "cli", arg(long, default_value_t = TaskChoice::Auto, value_parser = crate::spec::flag::<TaskChoice>))]
    pub task: TaskChoice,
    /// The columns of the rows' groups and time order (`--groups`, `--order`).
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub structure: Structure,
    /// A ranker or a grid of rankers (repeatable), e.g. `relieff:k=[5,10,20]`, `info-gain`.
    #[cfg_attr(feature = "cli", arg(long = "method", required = true))]
    pub rankers: Vec<String>,
    /// The learner or a grid of learners, e.g. svm:c=[0.01,0.1,1,10].
    #[cfg_attr(feature = "cli", arg(long, default_value = defaults::LEARNER))]
    pub learner: String,
    /// The outer resampling, inner folds, size rules, grid, measure and seed.
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub options: NestedOptions,
}

impl Default for NestedJob {
    /// [`NestedJob::new`] of no data and no ranker yet (for struct updates).
    fn default() -> NestedJob {
        NestedJob::new("", &[])
    }
}

impl NestedJob {
    /// A nested evaluation of the ranker grids `rankers` on `data` (a file or a bundled dataset's name) with
    /// every other setting at its default.
    pub fn new(data: impl Into<String>, rankers: &[&str]) -> NestedJob {
        NestedJob {
            data: data.into(),
            target: None,
            task: TaskChoice::Auto,
            structure: Structure::default(),
            rankers: rankers.iter().map(|r| r.to_string()).collect(),
            learner: defaults::LEARNER.into(),
            options: NestedOptions::default(),
        }
    }

    /// The files the run reads (a bundled dataset's name is listed too; it names no file).
    pub fn inputs(&self) -> Vec<&Path> {
        vec![self.data.as_ref()]
    }

    /// The same job with its data path made absolute.
    pub fn absolute(mut self) -> Result<NestedJob> {
        absolute_data(&mut self.data)?;
        Ok(self)
    }

    /// The dataset ([`datasets::open_structured`]).
    pub fn load(&self) -> Result<Dataset> {
        open(&self.data, self.target.as_deref(), self.task, &self.structure, self.options.evaluation.resampling)
    }

    /// The nested spec the job describes (every grid point checked).
    pub fn spec(&self) -> Result<NestedSpec> {
        let rankers: Vec<&str> = self.rankers.iter().map(String::as_str).collect();
        self.options.spec(&rankers, &self.learner)
    }
}
