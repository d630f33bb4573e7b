//! A curve run cut into independent units for a scheduler (Slurm array jobs, Kubernetes indexed jobs):
//! [`Manifest::plan`] checks the run and writes its manifest, [`Manifest::run_shard`] computes shard I of N
//! anywhere, [`Manifest::merge`] assembles exactly the [`Curves`] of the whole run.
//!
//! The manifest records the [`CurveJob`] (input paths absolute), a fingerprint of every input file and the
//! list of units; running and merging refuse a manifest whose inputs changed or that another featrank
//! version planned, and merging refuses parts of another manifest, a unit given twice or a unit missing
//! (naming them).

use std::path::{Path, PathBuf};

use polars::prelude::{Column, DataType};
use serde::{Deserialize, Serialize};

use crate::data::io;
use crate::error::{Error, Result};
use crate::eval::{CurveJob, CurveRun, Curves, Unit, UnitResult};

/// A planned curve run.
///
/// ```
/// use featrank::eval::{CurveJob, Manifest, Shard};
/// let dir = tempfile::tempdir().unwrap();
/// let job = CurveJob { data: "iris".into(), methods: vec!["relieff".into()], repeats: 2, expected: 3, ..CurveJob::default() };
/// let manifest = Manifest::plan(job.clone(), &dir.path().join("run.json")).unwrap();
/// let parts: Vec<_> = (0..2)
///     .map(|i| {
///         let part = dir.path().join(format!("part{i}.parquet"));
///         manifest.run_shard(format!("{i}/2").parse::<Shard>().unwrap(), &part, false).unwrap();
///         part
///     })
///     .collect();
/// let merged = Manifest::read(&dir.path().join("run.json")).unwrap().merge(&parts).unwrap();
/// let (data, candidates) = job.load().unwrap();
/// assert_eq!(merged, job.spec(false).unwrap().evaluate_all(&data, &candidates).unwrap());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct Manifest {
    /// The featrank version that planned the run.
    featrank: String,
    /// The run, input paths absolute.
    args: CurveJob,
    /// Every input file with its size and FNV-1a fingerprint.
    inputs: Vec<Input>,
    /// The units, in the order shards take them (shard I of N: units I, I + N, …).
    units: Vec<Unit>,
    /// The fingerprint of the manifest file (what a part names).
    #[serde(skip)]
    id: String,
    /// Where the manifest file is.
    #[serde(skip)]
    path: PathBuf,
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
/// use featrank::eval::Shard;
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
        let bad = || Error::param("shard", format!("expected I/N with 0 ≤ I < N (e.g. 0/8), got {text:?}"));
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

impl Manifest {
    /// Check `job` as a curve run would (memory estimate included), make its paths absolute and write its
    /// manifest to `out` (JSON).
    pub fn plan(job: CurveJob, out: &Path) -> Result<Manifest> {
        let job = job.absolute()?;
        io::refuse_overwriting(&job.inputs(), out)?;
        let (data, candidates) = job.load()?;
        let units = job.spec(false)?.prepare(&data, &candidates)?.units();
        let mut manifest = Manifest {
            featrank: env!("CARGO_PKG_VERSION").into(),
            inputs: fingerprints(&job)?,
            args: job,
            units,
            id: String::new(),
            path: out.to_path_buf(),
        };
        let text = serde_json::to_string_pretty(&manifest)?;
        io::write_atomically(out, |tmp| std::fs::write(tmp, text.as_bytes()).map_err(|e| Error::io(tmp, e)))?;
        manifest.id = fnv1a(text.as_bytes());
        Ok(manifest)
    }

    /// Read a manifest; refuse another version's or one whose inputs changed since planning.
    pub fn read(path: &Path) -> Result<Manifest> {
        let text = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        let mut manifest: Manifest = serde_json::from_slice(&text)
            .map_err(|e| Error::param("manifest", format!("{} is not a featrank manifest: {e}", path.display())))?;
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
        let now = fingerprints(&manifest.args)?;
        if now.len() != manifest.inputs.len() {
            return Err(Error::param("manifest", format!("an input file of {} is missing", path.display())));
        }
        if let Some((was, is)) = manifest.inputs.iter().zip(&now).find(|(a, b)| a != b) {
            return Err(Error::param(
                "manifest",
                format!(
                    "{} changed since the run was planned ({} bytes, fingerprint {} then; {} bytes, {} now)",
                    was.path.display(),
                    was.bytes,
                    was.fnv1a,
                    is.bytes,
                    is.fnv1a
                ),
            ));
        }
        manifest.id = fnv1a(&text);
        manifest.path = path.to_path_buf();
        Ok(manifest)
    }

    /// The run the manifest describes.
    pub fn job(&self) -> &CurveJob {
        &self.args
    }

    /// The manifest's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The units of the run, in the order shards take them.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The units shard `shard` computes.
    pub fn shard_units(&self, shard: Shard) -> Vec<Unit> {
        self.units.iter().skip(shard.index).step_by(shard.count).copied().collect()
    }

    /// Compute `shard`'s units and write them to `out` (.parquet or .csv), each row naming this manifest.
    /// Gives the number of units computed.
    pub fn run_shard(&self, shard: Shard, out: &Path, progress: bool) -> Result<usize> {
        let mut inputs = self.args.inputs();
        inputs.push(&self.path);
        io::refuse_overwriting(&inputs, out)?;
        let (data, candidates) = self.args.load()?;
        let spec = self.args.spec(progress)?;
        let run = self.rebuild(spec.prepare(&data, &candidates)?)?;
        let mine = self.shard_units(shard);
        let results = run.compute(&mine)?;
        let mut frame = UnitResult::to_polars(&results)?.into_inner();
        let height = frame.height();
        frame.with_column(Column::new(MANIFEST_COLUMN.into(), vec![self.id.as_str(); height]))?;
        io::write_atomically(out, |tmp| io::write(&frame, tmp))?;
        Ok(mine.len())
    }

    /// Every unit's results, from the parts written by [`Manifest::run_shard`], assembled into the curves of
    /// the whole run (equal to what one process computes).
    pub fn merge(&self, parts: &[impl AsRef<Path>]) -> Result<Curves> {
        let (data, candidates) = self.args.load()?;
        let spec = self.args.spec(false)?;
        let run = self.rebuild(spec.prepare(&data, &candidates)?)?;
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
                UnitResult::from_polars(&table)
                    .map_err(|e| Error::param("parts", format!("{}: {e}", part.display())))?,
            );
        }
        run.assemble(results)
    }

    /// The run rebuilt from the manifest's job, refused unless it has the manifest's units.
    fn rebuild<'a>(&self, run: CurveRun<'a>) -> Result<CurveRun<'a>> {
        if self.units != run.units() {
            return Err(Error::param(
                "manifest",
                "its units are not those of the run its arguments describe (edited by hand?)",
            ));
        }
        Ok(run)
    }
}

/// Every input file of the run (a bundled dataset is not a file).
fn fingerprints(job: &CurveJob) -> Result<Vec<Input>> {
    job.inputs()
        .into_iter()
        .filter(|p| p.exists() || p != &Path::new(&job.data))
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
fn fnv1a(bytes: &[u8]) -> String {
    let mut hash = Fnv1a::default();
    hash.update(bytes);
    hash.hex()
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
