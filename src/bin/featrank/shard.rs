//! `featrank plan / run / merge`: the CLI of [`Manifest`] — a curve run cut into independent units for a
//! scheduler, computed shard by shard, merged into exactly what `featrank curves` writes.

use std::path::{Path, PathBuf};

use featrank::eval::{Manifest, Shard};
use featrank::Error;

use crate::cli::{Outputs, RunArgs};

/// `featrank plan`: check the run as `featrank curves` would (memory estimate included) and write its
/// manifest.
pub fn plan(args: RunArgs, out: &Path) -> Result<(), Error> {
    let manifest = Manifest::plan(args.into(), out)?;
    eprintln!(
        "featrank plan: {} units written to {}; compute shard I of N with `featrank run --manifest {} --shard I/N --out PART`",
        manifest.units().len(),
        out.display(),
        out.display()
    );
    Ok(())
}

/// `featrank run`: compute shard `I/N` of a manifest's units.
pub fn run(manifest_path: &Path, shard: &str, out: &Path, quiet: bool) -> Result<(), Error> {
    let manifest = Manifest::read(manifest_path)?;
    let shard: Shard = shard.parse()?;
    let done = manifest.run_shard(shard, out, !quiet)?;
    if !quiet {
        eprintln!(
            "featrank run: shard {shard}: {done} of {} units written to {}",
            manifest.units().len(),
            out.display()
        );
    }
    Ok(())
}

/// `featrank merge`: every unit's results, from the parts, into the outputs of `featrank curves`.
pub fn merge(manifest_path: &Path, parts: &[PathBuf], outputs: &Outputs) -> Result<(), Error> {
    let manifest = Manifest::read(manifest_path)?;
    // Parts and the manifest are inputs too: no output may overwrite them.
    let mut inputs = manifest.job().inputs();
    inputs.push(manifest.path());
    inputs.extend(parts.iter().map(|p| p.as_path()));
    outputs.check(&inputs, !manifest.job().methods.is_empty())?;
    outputs.write(&manifest.merge(parts)?)
}
