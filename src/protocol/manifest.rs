//! A curve run or a nested evaluation cut into independent units for a scheduler (Slurm array jobs,
//! Kubernetes indexed jobs): [`Manifest::plan`] (a [`CurveJob`]) or [`Manifest::plan_nested`] (a
//! [`NestedJob`]) checks the run and writes its manifest, [`Manifest::run_shard`] computes shard I of N
//! anywhere, [`Manifest::merge`] assembles exactly the [`Curves`] of the whole run and
//! [`Manifest::merge_nested`] exactly its [`Nested`] results. A curve run of several learners is one plan: each
//! learner's units are units of the manifest, and the merge gives one [`Curves`] per learner.
//!
//! The manifest records the [`Job`] (input paths absolute), a fingerprint of every input file and the
//! list of units; running and merging refuse a manifest whose inputs changed or that another featrank
//! version planned, and merging refuses parts of another manifest, a unit given twice or a unit missing
//! (naming them).

use std::path::{Path, PathBuf};

use polars::prelude::{ChunkCompareEq, Column, DataFrame, DataType};
use serde::{Deserialize, Serialize};

use crate::data::io;
use crate::error::{Error, Result};
use crate::eval::{CurveRun, Curves, Unit, UnitResult};
use crate::protocol::{CurveJob, Nested, NestedJob, NestedResult, NestedUnit};

/// The layout of a manifest file this version writes and reads: 2 since a run's settings are typed
/// ([`crate::eval::CurveOptions`], [`crate::protocol::NestedOptions`]: `"scheme": "kfold:folds=10"`).
pub const MANIFEST_FORMAT: u32 = 2;

/// A planned curve run or nested evaluation.
///
/// ```
/// use featrank::protocol::{CurveJob, Manifest, Shard};
/// let dir = tempfile::tempdir().unwrap();
/// let mut job = CurveJob { methods: vec!["relieff".into()], ..CurveJob::new("iris") };
/// (job.options.evaluation.resampling.repeats, job.options.expected) = (2, 3);
/// job.learners = vec!["knn:k=5".into(), "nb".into()]; // two learners, one plan: a Curves of each
/// let manifest = Manifest::plan(job.clone(), &dir.path().join("run.json")).unwrap();
/// let parts: Vec<_> = (0..2)
///     .map(|i| {
///         let part = dir.path().join(format!("part{i}.parquet"));
///         manifest.run_shard(format!("{i}/2").parse::<Shard>().unwrap(), &part, false, false).unwrap();
///         part
///     })
///     .collect();
/// let merged = Manifest::read(&dir.path().join("run.json")).unwrap().merge(&parts).unwrap();
/// assert_eq!(merged, job.evaluate(false).unwrap());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct Manifest {
    /// The featrank version that planned the run.
    featrank: String,
    /// The layout of the file ([`MANIFEST_FORMAT`]); absent in the first layout (its settings as separate
    /// texts: `"scheme": "kfold", "folds": 10`), which this version refuses rather than misread.
    #[serde(default)]
    format: u32,
    /// The run, input paths absolute.
    args: Job,
    /// Every input file with its size and FNV-1a fingerprint.
    inputs: Vec<Input>,
    /// The units, in the order shards take them (shard I of N: units I, I + N, …).
    units: Units,
    /// The fingerprint of the manifest file (what a part names).
    #[serde(skip)]
    id: String,
    /// Where the manifest file is.
    #[serde(skip)]
    path: PathBuf,
}

/// What a manifest plans: a curve run or a nested evaluation (in the manifest: `"kind": "curves"` or
/// `"nested"` beside the job's fields).
///
/// ```
/// use featrank::protocol::{CurveJob, Job};
/// let job = Job::Curves(CurveJob { data: "iris".into(), ..CurveJob::default() });
/// assert!(serde_json::to_string(&job).unwrap().starts_with(r#"{"kind":"curves","data":"iris""#));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Job {
    /// FFA/RFA curves (`featrank curves`).
    Curves(CurveJob),
    /// A nested evaluation (`featrank nested`).
    Nested(NestedJob),
}

impl Job {
    /// The files the run reads (a bundled dataset's name is listed too; it names no file).
    pub fn inputs(&self) -> Vec<&Path> {
        match self {
            Job::Curves(job) => job.inputs(),
            Job::Nested(job) => job.inputs(),
        }
    }

    /// The data file or bundled dataset's name.
    pub fn data(&self) -> &str {
        match self {
            Job::Curves(job) => &job.data,
            Job::Nested(job) => &job.data,
        }
    }

    fn absolute(self) -> Result<Job> {
        Ok(match self {
            Job::Curves(job) => Job::Curves(job.absolute()?),
            Job::Nested(job) => Job::Nested(job.absolute()?),
        })
    }
}

/// The units of a manifest's run.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
enum Units {
    Curves(Vec<Unit>),
    Nested(Vec<NestedUnit>),
}

impl Units {
    fn len(&self) -> usize {
        match self {
            Units::Curves(u) => u.len(),
            Units::Nested(u) => u.len(),
        }
    }
}

/// Units `index`, `index + count`, … of `units`.
fn shard_of<T: Copy>(units: &[T], shard: Shard) -> Vec<T> {
    units.iter().skip(shard.index).step_by(shard.count).copied().collect()
}

/// An input file as it was at planning time.
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Input {
    path: PathBuf,
    bytes: u64,
    fnv1a: String,
}

/// Shard `index` of `count`: the units `index`, `index + count`, … of a manifest. Parsed from `I/N`,
/// counted from 0 as Slurm array and Kubernetes indexed-job indices are.
///
/// ```
/// use featrank::protocol::Shard;
/// assert_eq!("3/8".parse::<Shard>().unwrap(), Shard { index: 3, count: 8 });
/// assert!("8/8".parse::<Shard>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = Error;
    fn from_str(text: &str) -> Result<Shard> {
        let bad = || {
            Error::param(
                "shard",
                format!("expected I/N with 0 ≤ I < N (e.g. 0/8), got \"{}\"", crate::error::quote(text)),
            )
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) =
            (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The column of a part that names its manifest (the manifest file's fingerprint).
const MANIFEST_COLUMN: &str = "manifest";
/// The column of a part of a run with several learners that names each row's learner (its index in the
/// job's learners); a run of one learner's parts have none.
const LEARNER_COLUMN: &str = "learner";

impl Manifest {
    /// Check `job` as a curve run would (memory estimate included), make its paths absolute and write its
    /// manifest to `out` (JSON).
    pub fn plan(job: CurveJob, out: &Path) -> Result<Manifest> {
        Manifest::plan_job(Job::Curves(job), out)
    }

    /// Check `job` as a nested evaluation would (every grid point, the inner runs, the memory estimate), make
    /// its paths absolute and write its manifest to `out` (JSON): one unit per outer split and the units of
    /// the ordinary curves.
    ///
    /// ```
    /// use featrank::protocol::{Manifest, NestedJob, Shard};
    /// let dir = tempfile::tempdir().unwrap();
    /// let mut job = NestedJob { learner: "knn:k=[1,5]".into(), ..NestedJob::new("iris", &["fisher"]) };
    /// (job.options.evaluation.resampling.scheme, job.options.evaluation.grid) = (featrank::resampling::Scheme::KFold { folds: 4 }, "1,2,3,4".parse().unwrap());
    /// let manifest = Manifest::plan_nested(job.clone(), &dir.path().join("run.json")).unwrap();
    /// let parts: Vec<_> = (0..3)
    ///     .map(|i| {
    ///         let part = dir.path().join(format!("part{i}.csv"));
    ///         manifest.run_shard(format!("{i}/3").parse::<Shard>().unwrap(), &part, false, false).unwrap();
    ///         part
    ///     })
    ///     .collect();
    /// let merged = manifest.merge_nested(&parts).unwrap();
    /// assert_eq!(merged, job.spec().unwrap().evaluate_rules(&job.load().unwrap(), &job.options.rules).unwrap());
    /// ```
    pub fn plan_nested(job: NestedJob, out: &Path) -> Result<Manifest> {
        Manifest::plan_job(Job::Nested(job), out)
    }

    fn plan_job(job: Job, out: &Path) -> Result<Manifest> {
        let job = job.absolute()?;
        io::refuse_overwriting(&job.inputs(), out)?;
        let units = match &job {
            Job::Curves(job) => {
                let (data, candidates) = job.load()?;
                // A plan may be made where no GPU is (a login node): each learner is checked against the device,
                // its run on the CPU (the units depend neither on the device nor on the learner).
                let mut units = Vec::new();
                for spec in job.specs(&data, false)? {
                    crate::learners::on_device(spec.learner(), job.options.device)?;
                    let spec = spec.device(crate::device::Device::Cpu);
                    units = spec.prepare(&data, &candidates)?.units();
                }
                Units::Curves(units)
            }
            Job::Nested(job) => {
                let (data, spec) = (job.load()?, job.spec()?);
                Units::Nested(spec.prepare(&data, &job.options.rules)?.units())
            }
        };
        let mut manifest = Manifest {
            featrank: env!("CARGO_PKG_VERSION").into(),
            format: MANIFEST_FORMAT,
            inputs: fingerprints(&job)?,
            args: job,
            units,
            id: String::new(),
            path: out.to_path_buf(),
        };
        let text = serde_json::to_string_pretty(&manifest)?;
        io::write_atomically(out, |tmp| std::fs::write(tmp, text.as_bytes()).map_err(|e| Error::io(tmp, e)))?;
        manifest.id = manifest_id(text.as_bytes());
        Ok(manifest)
    }

    /// Read a manifest; refuse another version's or one whose inputs changed since planning.
    pub fn read(path: &Path) -> Result<Manifest> {
        let text = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        let mut manifest: Manifest = serde_json::from_slice(&text)
            .map_err(|e| Error::param("manifest", format!("{} is not a featrank manifest: {e}", path.display())))?;
        if manifest.format != MANIFEST_FORMAT {
            return Err(Error::param(
                "manifest",
                format!(
                    "{} is in manifest format {}; this featrank reads format {MANIFEST_FORMAT}: plan the run again",
                    path.display(),
                    manifest.format
                ),
            ));
        }
        if manifest.featrank != env!("CARGO_PKG_VERSION") {
            return Err(Error::param(
                "manifest",
                format!(
                    "{} was planned by featrank {}; this is {}",
                    path.display(),
                    manifest.featrank,
                    env!("CARGO_PKG_VERSION")
                ),
            ));
        }
        manifest.path = path.to_path_buf();
        manifest.check_inputs()?;
        manifest.id = manifest_id(&text);
        Ok(manifest)
    }

    /// Refuse work on inputs that changed since planning (a missing file, another size or fingerprint):
    /// [`Manifest::read`], [`Manifest::run_shard`] and the merges check it, so a manifest held in memory is
    /// held to the same inputs as its file.
    fn check_inputs(&self) -> Result<()> {
        let now = fingerprints(&self.args)?;
        if now.len() != self.inputs.len() {
            return Err(Error::param("manifest", format!("an input file of {} is missing", self.path.display())));
        }
        match self.inputs.iter().zip(&now).find(|(a, b)| a != b) {
            None => Ok(()),
            Some((was, is)) => Err(Error::param(
                "manifest",
                format!(
                    "{} changed since the run was planned ({} bytes, fingerprint {} then; {} bytes, {} now); plan the \
                     run again",
                    was.path.display(),
                    was.bytes,
                    was.fnv1a,
                    is.bytes,
                    is.fnv1a
                ),
            )),
        }
    }

    /// The run the manifest describes.
    pub fn job(&self) -> &Job {
        &self.args
    }

    /// The manifest's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many units the run has (of a curve run: each learner's).
    pub fn unit_count(&self) -> usize {
        self.units.len() * self.learner_count()
    }

    /// How many units shard `shard` computes (units I, I + N, …).
    pub fn shard_unit_count(&self, shard: Shard) -> usize {
        self.unit_count().saturating_sub(shard.index).div_ceil(shard.count)
    }

    /// How many learners the run has one result of (a nested run: one, whatever its learner grid).
    fn learner_count(&self) -> usize {
        match &self.args {
            Job::Curves(job) => job.learners.len(),
            Job::Nested(_) => 1,
        }
    }

    /// Compute `shard`'s units and write them to `out` (.parquet or .csv), each row naming this manifest.
    /// Gives the number of units computed.
    /// A manifest is data and a program is code: one whose rankers name a program (`command:run=(…)`,
    /// [`Manifest::programs`]) is refused unless `allow_programs` (`featrank run --allow-commands`) — give it
    /// only for a manifest whose author you trust.
    pub fn run_shard(&self, shard: Shard, out: &Path, progress: bool, allow_programs: bool) -> Result<usize> {
        let programs = self.programs();
        if !programs.is_empty() && !allow_programs {
            return Err(Error::param(
                "manifest",
                format!(
                    "{} runs programs ({}); a manifest is data, a program is code: run it only if you trust \
                     whoever wrote it, with featrank run --allow-commands (Python: Manifest.run(…, \
                     allow_commands=True))",
                    self.path.display(),
                    programs.join("; ")
                ),
            ));
        }
        let mut inputs = self.args.inputs();
        inputs.push(&self.path);
        io::refuse_overwriting(&inputs, out)?;
        self.check_inputs()?;
        let (mut frame, done) = match (&self.args, &self.units) {
            (Job::Curves(job), Units::Curves(units)) => {
                let (data, candidates) = job.load()?;
                let specs = job.specs(&data, progress)?;
                // the units of learner 0, then of learner 1, …
                let work: Vec<(usize, Unit)> =
                    (0..specs.len()).flat_map(|l| units.iter().map(move |&u| (l, u))).collect();
                let mine = shard_of(&work, shard);
                let mut frame: Option<DataFrame> = None;
                for (l, spec) in specs.iter().enumerate() {
                    let run = self.rebuild_curves(spec.prepare(&data, &candidates)?, units)?;
                    let theirs: Vec<Unit> = mine.iter().filter(|w| w.0 == l).map(|w| w.1).collect();
                    let mut part = UnitResult::to_polars(&run.compute(&theirs)?)?.into_inner();
                    if specs.len() > 1 {
                        part.with_column(Column::new(LEARNER_COLUMN.into(), vec![l as u64; part.height()]))?;
                    }
                    match frame.as_mut() {
                        None => frame = Some(part),
                        Some(frame) => _ = frame.vstack_mut(&part)?,
                    }
                }
                (frame.ok_or_else(|| Error::param("learner", "give at least one learner"))?, mine.len())
            }
            (Job::Nested(job), Units::Nested(units)) => {
                let (data, spec, rules) = (job.load()?, job.spec()?, job.options.rules.clone());
                let run = spec.prepare(&data, &rules)?;
                self.same_units(&run.units() == units)?;
                let mine = shard_of(units, shard);
                (run.to_polars(&run.compute(&mine)?)?.into_inner(), mine.len())
            }
            _ => return Err(self.edited()),
        };
        let height = frame.height();
        frame.with_column(Column::new(MANIFEST_COLUMN.into(), vec![self.id.as_str(); height]))?;
        io::write_atomically(out, |tmp| io::write(&frame, tmp))?;
        Ok(done)
    }

    /// The programs the run's rankers would run ([`crate::method::Registry::programs`]), as spec texts.
    pub fn programs(&self) -> Vec<String> {
        let rankers: &[String] = match &self.args {
            Job::Curves(job) => &job.methods,
            Job::Nested(job) => &job.rankers,
        };
        let specs = rankers.iter().filter_map(|r| r.parse::<crate::spec::Spec>().ok());
        specs.flat_map(|s| crate::rankers::REGISTRY.programs(&s)).collect()
    }

    /// Every unit's results, from the parts written by [`Manifest::run_shard`], assembled into the curves of
    /// the whole run, one per learner in their order (equal to what one process computes:
    /// [`CurveJob::evaluate`]). A nested manifest is merged by [`Manifest::merge_nested`].
    pub fn merge(&self, parts: &[impl AsRef<Path>]) -> Result<Vec<Curves>> {
        let (Job::Curves(job), Units::Curves(units)) = (&self.args, &self.units) else {
            return Err(Error::param(
                "manifest",
                format!("{} plans a nested evaluation: merge it with merge_nested", self.path.display()),
            ));
        };
        self.check_inputs()?;
        let (data, candidates) = job.load()?;
        let specs = job.specs(&data, false)?;
        let results = self.read_parts(parts, |table| by_learner(table, specs.len()))?;
        let mut each: Vec<Vec<UnitResult>> = vec![Vec::new(); specs.len()];
        for (l, result) in results {
            each[l].push(result);
        }
        let runs = specs
            .iter()
            .zip(each)
            .map(|(spec, results)| self.rebuild_curves(spec.prepare(&data, &candidates)?, units)?.assemble(results));
        runs.collect()
    }

    /// Every unit's results, from the parts written by [`Manifest::run_shard`], assembled into the nested
    /// results of the whole run, one per size rule (equal to what one process computes).
    pub fn merge_nested(&self, parts: &[impl AsRef<Path>]) -> Result<Vec<Nested>> {
        let (Job::Nested(job), Units::Nested(units)) = (&self.args, &self.units) else {
            return Err(Error::param(
                "manifest",
                format!("{} plans a curve run: merge it with merge", self.path.display()),
            ));
        };
        self.check_inputs()?;
        let (data, spec, rules) = (job.load()?, job.spec()?, job.options.rules.clone());
        let run = spec.prepare(&data, &rules)?;
        self.same_units(&run.units() == units)?;
        let results: Vec<NestedResult> = self.read_parts(parts, |table| run.from_polars(table))?;
        run.assemble(results)
    }

    /// The results in `parts`, each part checked to name this manifest.
    fn read_parts<R>(
        &self,
        parts: &[impl AsRef<Path>],
        read: impl Fn(&polars::prelude::DataFrame) -> Result<Vec<R>>,
    ) -> Result<Vec<R>> {
        let mut results = Vec::with_capacity(self.units.len());
        for part in parts {
            let part = part.as_ref();
            let table = io::read(part)?;
            let ids = table
                .column(MANIFEST_COLUMN)
                .map_err(|_| {
                    Error::param(
                        "parts",
                        format!("{} has no `{MANIFEST_COLUMN}` column: not written by a shard run", part.display()),
                    )
                })?
                .cast(&DataType::String)?;
            if ids.str()?.iter().any(|v| v != Some(self.id.as_str())) {
                return Err(Error::param("parts", format!("{} was computed for another manifest", part.display())));
            }
            results.extend(
                read(&table).map_err(|e| Error::param("parts", format!("{}: {}", part.display(), e.message())))?,
            );
        }
        Ok(results)
    }

    /// The run rebuilt from the manifest's job, refused unless it has the manifest's units.
    fn rebuild_curves<'a>(&self, run: CurveRun<'a>, units: &[Unit]) -> Result<CurveRun<'a>> {
        self.same_units(run.units() == units)?;
        Ok(run)
    }

    fn same_units(&self, same: bool) -> Result<()> {
        if same {
            Ok(())
        } else {
            Err(self.edited())
        }
    }

    fn edited(&self) -> Error {
        Error::param("manifest", "its units are not those of the run its arguments describe (edited by hand?)")
    }
}

/// A part's unit results, each with its learner's index: from the part's learner column when the run has
/// several learners (refused when it has none, or names a learner the run does not have), else all of learner 0.
fn by_learner(table: &DataFrame, learners: usize) -> Result<Vec<(usize, UnitResult)>> {
    let Ok(column) = table.column(LEARNER_COLUMN) else {
        return match learners {
            1 => Ok(UnitResult::from_polars(table)?.into_iter().map(|r| (0, r)).collect()),
            n => Err(Error::column(
                LEARNER_COLUMN,
                format!("missing; a part of a run of {n} learners names each row's learner"),
            )),
        };
    };
    let index = column.cast(&DataType::Int64)?;
    let index = index.i64()?;
    if let Some(bad) = index.iter().find(|l| !l.is_some_and(|l| (0..learners as i64).contains(&l))) {
        let bad = bad.map_or("an empty cell".into(), |l| l.to_string());
        return Err(Error::column(
            LEARNER_COLUMN,
            format!("learner {bad}: the run has learners 0 to {}", learners - 1),
        ));
    }
    let mut out = Vec::new();
    for l in 0..learners {
        let rows = table.filter(&index.equal(l as i64))?;
        out.extend(UnitResult::from_polars(&rows)?.into_iter().map(|r| (l, r)));
    }
    Ok(out)
}

/// Every input file of the run (a bundled dataset is not a file).
fn fingerprints(job: &Job) -> Result<Vec<Input>> {
    job.inputs()
        .into_iter()
        .filter(|p| p.exists() || p != &Path::new(job.data()))
        .map(|p| {
            // streamed: an input is fingerprinted without holding it
            let mut file = std::io::BufReader::new(std::fs::File::open(p).map_err(|e| Error::io(p, e))?);
            let (mut hash, mut bytes) = (Fnv1a::default(), 0u64);
            loop {
                let chunk = std::io::BufRead::fill_buf(&mut file).map_err(|e| Error::io(p, e))?;
                if chunk.is_empty() {
                    break;
                }
                hash.update(chunk);
                let n = chunk.len();
                bytes += n as u64;
                std::io::BufRead::consume(&mut file, n);
            }
            Ok(Input { path: p.to_path_buf(), bytes, fnv1a: hash.hex() })
        })
        .collect()
}

/// FNV-1a, 64 bits, as hex: a fingerprint for change detection (not a cryptographic hash).
/// The id a manifest's parts carry: `fnv1a-` and the hash of its file. The prefix keeps a CSV reader from
/// taking an id such as `5109e83379429484` for a number (it did: 5.109e86, and the part then looked
/// like another manifest's).
fn manifest_id(bytes: &[u8]) -> String {
    let mut hash = Fnv1a::default();
    hash.update(bytes);
    format!("fnv1a-{}", hash.hex())
}

/// The 64-bit FNV-1a hash, fed in pieces.
struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    fn update(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
    }

    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    /// A part's manifest column is read back as the text written, whatever the hash's digits.
    #[test]
    fn ids_never_read_as_numbers() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..200u32 {
            let id = super::manifest_id(&i.to_le_bytes());
            assert!(id.starts_with("fnv1a-") && id.parse::<f64>().is_err(), "{id}");
            let df = polars::prelude::df!("manifest" => [id.as_str()]).unwrap();
            let path = dir.path().join(format!("{i}.csv"));
            crate::data::io::write(df, &path).unwrap();
            let back = crate::data::io::read(&path).unwrap();
            assert_eq!(back.column("manifest").unwrap().str().unwrap().get(0), Some(id.as_str()));
        }
    }
}
