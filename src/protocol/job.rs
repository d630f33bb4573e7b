//! Runs described by files and spec texts alone — a curve run ([`CurveJob`], what `featrank curves` takes) and a
//! nested evaluation ([`NestedJob`], what `featrank nested` takes): what a cluster
//! [`Manifest`](crate::protocol::Manifest) records and what the Python layer's `featrank.cluster` plans.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::compare::SizeRule;
use crate::data::datasets::Structure;
use crate::data::{datasets, io, Dataset, Ranking, TaskChoice};
use crate::error::{Error, Result};
use crate::eval::{defaults, Candidate, CurveOptions, CurveSpec, Curves, Grid};
use crate::learners::{self, Learner};
use crate::protocol::NestedSpec;
use crate::resampling::{CvPlan, Measure, Resampling, Scheme};

/// A curve run that any process can rebuild: the data file (or a bundled dataset's name), fixed rankings
/// as files, per-fold rankers and the learner as spec texts, and the run's [`CurveOptions`] — what
/// `featrank curves` and `featrank plan` take (their flags are derived from it behind the cargo feature
/// `cli`) and what a cluster manifest records. Defaults are [`CurveOptions::default`]'s and `knn:k=10`.
///
/// ```
/// use featrank::protocol::CurveJob;
/// let mut job = CurveJob::new("iris");
/// job.methods = vec!["relieff".into()];
/// job.options.resampling.repeats = 1;
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
        let ds = open(&self.data, self.target.as_deref(), self.task, &self.structure, self.options.resampling)?;
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
/// job.options.resampling.scheme = featrank::resampling::Scheme::KFold { folds: 4 };
/// job.options.grid = "1,2,3,4".parse().unwrap();
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
        open(&self.data, self.target.as_deref(), self.task, &self.structure, self.options.resampling)
    }

    /// The nested spec the job describes (every grid point checked).
    pub fn spec(&self) -> Result<NestedSpec> {
        let rankers: Vec<&str> = self.rankers.iter().map(String::as_str).collect();
        self.options.spec(&rankers, &self.learner)
    }
}

/// A nested evaluation's settings, typed, with their defaults — what `featrank nested`'s flags (derived
/// from it behind the cargo feature `cli`), a manifest (serde) and Python's `featrank.nested` share: the
/// outer resampling (default one 10-fold CV), the inner folds (5), the size rules (`1se`), the grid (the
/// papers'), the measure (the task's) and the seed (0).
///
/// ```
/// use featrank::protocol::NestedOptions;
/// let o = NestedOptions { inner_folds: 3, ..NestedOptions::default() };
/// let json = serde_json::to_string(&o).unwrap();
/// assert!(json.contains(r#""scheme":"kfold:folds=10","repeats":1"#) && json.contains(r#""rules":["1se"]"#), "{json}");
/// assert_eq!(serde_json::from_str::<NestedOptions>(&json).unwrap(), o);
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let o = NestedOptions { grid: "1,2,4".parse().unwrap(), ..o };
/// let nested = o.spec(&["fisher"], "knn:k=[1,5]").unwrap().folds(3).evaluate(&iris).unwrap();
/// assert_eq!(nested.splits.len(), 3);
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[cfg_attr(feature = "cli", command(mut_arg("repeats", |a| a.default_value(defaults::NESTED_REPEATS.to_string())
    .help("Repeats of the outer resampling")),
    mut_arg("scheme", |a| a.help("Outer resampling: kfold (with --folds), holdout:0.33, bootstrap, group-kfold, \
        stratified-group-kfold, leave-one-group-out, time-series or blocked (see `featrank curves --help`); --repeats of it")),
    mut_arg("folds", |a| a.help("Outer folds per repeat"))))]
pub struct NestedOptions {
    /// The outer resampling: its scheme and repeats.
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub resampling: Resampling,
    /// Folds of the inner stratified CV.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = defaults::INNER_FOLDS))]
    pub inner_folds: usize,
    /// How each grid point's subset size is chosen on its inner curve: best, 1se, within:TOL, knee, or
    /// at:SIZE (a fixed size of the grid: the parameters are still chosen there).
    #[serde(with = "rules_as_text")]
    #[cfg_attr(feature = "cli", arg(long = "rule", default_value = SizeRule::NESTED_DEFAULT.label(),
        value_parser = crate::spec::flag::<SizeRule>))]
    pub rules: Vec<SizeRule>,
    /// full, paper, or a comma-separated list of subset sizes.
    #[serde(with = "crate::spec::as_text")]
    #[cfg_attr(feature = "cli", arg(long, default_value_t = Grid::default(), value_parser = crate::spec::flag::<Grid>))]
    pub grid: Grid,
    /// The measure (default: the task's).
    #[serde(with = "crate::spec::as_text::option")]
    #[cfg_attr(feature = "cli", arg(long, value_parser = crate::spec::flag::<Measure>, help = Measure::help()))]
    pub measure: Option<Measure>,
    /// Seed of the splits, rankers and learners.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = defaults::SEED))]
    pub seed: u64,
}

impl Default for NestedOptions {
    fn default() -> NestedOptions {
        NestedOptions {
            resampling: Resampling::new(Scheme::default(), defaults::NESTED_REPEATS),
            inner_folds: defaults::INNER_FOLDS,
            rules: vec![SizeRule::NESTED_DEFAULT],
            grid: Grid::default(),
            measure: None,
            seed: defaults::SEED,
        }
    }
}

impl NestedOptions {
    /// The nested spec of the ranker grids `rankers` and the learner grid `learner` (spec texts, every point
    /// checked) with these settings; its rule is the first of [`NestedOptions::rules`].
    pub fn spec(&self, rankers: &[&str], learner: &str) -> Result<NestedSpec> {
        let mut spec = NestedSpec::new(rankers, learner)?
            .resampling(self.resampling)
            .grid(self.grid.clone())
            .seed(self.seed)
            .inner_folds(self.inner_folds);
        if let Some(&rule) = self.rules.first() {
            spec = spec.rule(rule);
        }
        if let Some(m) = self.measure {
            spec = spec.measure(m);
        }
        Ok(spec)
    }
}

/// The size rules of a manifest as their texts (`["1se", "at:10"]`).
mod rules_as_text {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::compare::SizeRule;

    pub fn serialize<S: Serializer>(rules: &[SizeRule], s: S) -> Result<S::Ok, S::Error> {
        rules.iter().map(|r| r.label()).collect::<Vec<_>>().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SizeRule>, D::Error> {
        let texts = Vec::<String>::deserialize(d)?;
        texts
            .iter()
            .map(|t| t.parse().map_err(|e: crate::error::Error| serde::de::Error::custom(e.message())))
            .collect()
    }
}
