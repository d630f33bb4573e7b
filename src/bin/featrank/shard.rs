//! `featrank plan / run / merge`: a curve run cut into independent units for a scheduler (Slurm array
//! jobs, Kubernetes indexed jobs), computed shard by shard, merged into exactly what `featrank curves`
//! writes.
//!
//! The manifest records the run's arguments (input paths made absolute), a fingerprint of every input
//! file and the list of units; `run` and `merge` refuse a manifest whose inputs changed or that another
//! featrank version planned, and `merge` refuses parts of another manifest, a unit given twice or a unit
//! missing (naming them).

use std::path::{Path, PathBuf};

use featrank::data::io;
use featrank::eval::{Unit, UnitResult};
use featrank::Error;
use polars::prelude::{Column, DataType};
use serde::{Deserialize, Serialize};

use crate::cli::{refuse_overwriting, write_atomically, Outputs, RunArgs};

/// A planned curve run.
#[derive(Serialize, Deserialize)]
struct Manifest {
    /// The featrank version that planned the run.
    featrank: String,
    /// The arguments of the run, input paths absolute.
    args: RunArgs,
    /// Every input file with its size and FNV-1a fingerprint.
    inputs: Vec<Input>,
    /// The units, in the order shards take them (shard I of N: units I, I + N, …).
    units: Vec<Unit>,
}

/// An input file as it was at planning time.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Input {
    path: PathBuf,
    bytes: u64,
    fnv1a: String,
}

/// The column of a part that names its manifest (the manifest file's fingerprint).
const MANIFEST_COLUMN: &str = "manifest";

/// `featrank plan`: check the run as `featrank curves` would (memory estimate included) and write its
/// manifest.
pub fn plan(mut args: RunArgs, out: &Path) -> Result<(), Error> {
    let absolute = |p: &Path| std::fs::canonicalize(p).map_err(|e| Error::io(p, e));
    if Path::new(&args.data).exists() {
        args.data = absolute(Path::new(&args.data))?.to_string_lossy().into_owned();
    }
    args.rankings = args.rankings.iter().map(|p| absolute(p)).collect::<Result<_, _>>()?;
    args.folds_file = args.folds_file.as_deref().map(absolute).transpose()?;
    refuse_overwriting(&args.inputs(), out)?;
    let (data, candidates) = args.load()?;
    let spec = args.spec(false)?;
    let units = spec.prepare(&data, &candidates)?.units();
    let manifest = Manifest { featrank: env!("CARGO_PKG_VERSION").into(), inputs: fingerprints(&args)?, args, units };
    let text = serde_json::to_string_pretty(&manifest).map_err(Error::from)?;
    write_atomically(out, |tmp| std::fs::write(tmp, text.as_bytes()).map_err(|e| Error::io(tmp, e)))?;
    eprintln!(
        "featrank plan: {} units written to {}; compute shard I of N with `featrank run --manifest {} --shard I/N --out PART`",
        manifest.units.len(),
        out.display(),
        out.display()
    );
    Ok(())
}

/// `featrank run`: compute shard `I/N` of a manifest's units.
pub fn run(manifest_path: &Path, shard: &str, out: &Path, quiet: bool) -> Result<(), Error> {
    let (manifest, id) = read_manifest(manifest_path)?;
    let (i, n) = parse_shard(shard)?;
    let mut inputs = manifest.args.inputs();
    inputs.push(manifest_path);
    refuse_overwriting(&inputs, out)?;
    let (data, candidates) = manifest.args.load()?;
    let spec = manifest.args.spec(!quiet)?;
    let run = spec.prepare(&data, &candidates)?;
    same_units(&manifest, &run.units())?;
    let mine: Vec<Unit> = manifest.units.iter().skip(i).step_by(n).copied().collect();
    let results = run.compute(&mine)?;
    let mut frame = UnitResult::to_polars(&results)?.into_inner();
    let height = frame.height();
    frame.with_column(Column::new(MANIFEST_COLUMN.into(), vec![id.as_str(); height]))?;
    write_atomically(out, |tmp| io::write(&frame, tmp))?;
    if !quiet {
        eprintln!(
            "featrank run: shard {i}/{n}: {} of {} units written to {}",
            mine.len(),
            manifest.units.len(),
            out.display()
        );
    }
    Ok(())
}

/// `featrank merge`: every unit's results, from the parts, into the outputs of `featrank curves`.
pub fn merge(manifest_path: &Path, parts: &[PathBuf], outputs: &Outputs) -> Result<(), Error> {
    let (manifest, id) = read_manifest(manifest_path)?;
    // Parts and the manifest are inputs too: no output may overwrite them.
    let mut inputs = manifest.args.inputs();
    inputs.push(manifest_path);
    inputs.extend(parts.iter().map(|p| p.as_path()));
    outputs.check(&inputs, !manifest.args.methods.is_empty())?;
    let (data, candidates) = manifest.args.load()?;
    let spec = manifest.args.spec(false)?;
    let run = spec.prepare(&data, &candidates)?;
    same_units(&manifest, &run.units())?;
    let mut results = Vec::with_capacity(manifest.units.len());
    for part in parts {
        let table = io::read(part)?;
        let ids = table
            .column(MANIFEST_COLUMN)
            .map_err(|_| {
                Error::param(
                    "parts",
                    format!("{} has no `{MANIFEST_COLUMN}` column: not written by `featrank run`", part.display()),
                )
            })?
            .cast(&DataType::String)?;
        if ids.str()?.iter().any(|v| v != Some(id.as_str())) {
            return Err(Error::param(
                "parts",
                format!("{} was computed for another manifest than {}", part.display(), manifest_path.display()),
            ));
        }
        results.extend(
            UnitResult::from_polars(&table).map_err(|e| Error::param("parts", format!("{}: {e}", part.display())))?,
        );
    }
    outputs.write(&run.assemble(results)?)
}

/// Read a manifest, refuse another version's or one whose inputs changed, and give its fingerprint.
fn read_manifest(path: &Path) -> Result<(Manifest, String), Error> {
    let text = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let manifest: Manifest = serde_json::from_slice(&text)
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
    Ok((manifest, fnv1a(&text)))
}

/// Every input file of the run (a bundled dataset is not a file).
fn fingerprints(args: &RunArgs) -> Result<Vec<Input>, Error> {
    args.inputs()
        .into_iter()
        .filter(|p| p.exists() || p != &Path::new(&args.data))
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

/// The run rebuilt from the manifest must have the manifest's units.
fn same_units(manifest: &Manifest, units: &[Unit]) -> Result<(), Error> {
    if manifest.units != units {
        return Err(Error::param(
            "manifest",
            "its units are not those of the run its arguments describe (edited by hand?)",
        ));
    }
    Ok(())
}

/// `I/N` with N ≥ 1 and 0 ≤ I < N.
fn parse_shard(text: &str) -> Result<(usize, usize), Error> {
    let bad = || Error::param("shard", format!("expected I/N with 0 ≤ I < N (e.g. 0/8), got {text:?}"));
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if n == 0 || i >= n {
        return Err(bad());
    }
    Ok((i, n))
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
