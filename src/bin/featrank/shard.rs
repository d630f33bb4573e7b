//! `featrank plan / run / merge` (and `featrank nested --plan`): the CLI of [`Manifest`] — a curve run or a
//! nested evaluation cut into independent units for a scheduler, computed shard by shard, merged into
//! exactly what `featrank curves` or `featrank nested` writes.

use std::path::{Path, PathBuf};

use featrank::data::io;
use featrank::protocol::{CurveJob, Job, Manifest, Nested, NestedJob, Shard};
use featrank::Error;

use crate::cli::Outputs;
use crate::written::{self, Claims};

/// `featrank plan`: check the run as `featrank curves` would (memory estimate included) and write its
/// manifest.
pub fn plan(job: CurveJob, out: &Path) -> Result<(), Error> {
    planned(&Manifest::plan(job, out)?);
    Ok(())
}

/// `featrank nested --plan`: check the nested run as `featrank nested` would and write its manifest.
pub fn plan_nested(job: NestedJob, out: &Path) -> Result<(), Error> {
    planned(&Manifest::plan_nested(job, out)?);
    Ok(())
}

fn planned(manifest: &Manifest) {
    let out = manifest.path().display();
    eprintln!(
        "featrank plan: {} units written to {out}; compute shard I of N with `featrank run --manifest {out} --shard I/N --out PART`",
        manifest.unit_count(),
    );
}

/// `featrank run`: compute shard `I/N` of a manifest's units.
pub fn run(manifest_path: &Path, shard: &str, out: &Path, quiet: bool, allow_commands: bool) -> Result<(), Error> {
    let manifest = Manifest::read(manifest_path)?;
    let shard: Shard = shard.parse()?;
    let done = manifest.run_shard(shard, out, !quiet, allow_commands)?;
    if !quiet {
        eprintln!(
            "featrank run: shard {shard}: {done} of {} units written to {}",
            manifest.unit_count(),
            out.display()
        );
    }
    Ok(())
}

/// `featrank merge`: every unit's results, from the parts, into the outputs of `featrank curves` (or of
/// `featrank nested` for a nested manifest).
pub fn merge(manifest_path: &Path, parts: &[PathBuf], outputs: &Outputs, figure: Option<&Path>) -> Result<(), Error> {
    let manifest = Manifest::read(manifest_path)?;
    // Parts and the manifest are inputs too: no output may overwrite them.
    let mut inputs = manifest.job().inputs();
    inputs.push(manifest.path());
    inputs.extend(parts.iter().map(|p| p.as_path()));
    match manifest.job() {
        Job::Curves(job) => {
            if figure.is_some() {
                return Err(Error::param("figure", "--figure applies to a nested run's merge, not to curves"));
            }
            outputs.check(&inputs, !job.methods.is_empty(), job.learners.len())?;
            outputs.write(&manifest.merge(parts)?)
        }
        Job::Nested(job) => {
            if job.options.rules.len() != 1 {
                let rules: Vec<String> = job.options.rules.iter().map(|r| r.label()).collect();
                let what = format!("the CLI merges a run of one size rule; this one has {rules:?}");
                return Err(Error::param("rules", format!("{what} (merge it with featrank.cluster)")));
            }
            if outputs.json.is_some() || outputs.stability.is_some() {
                return Err(Error::param(
                    "json",
                    "--json and --stability apply to curve runs; a nested run writes --out and --figure",
                ));
            }
            check_nested_outputs(&inputs, &outputs.out, figure)?;
            write_nested(&manifest.merge_nested(parts)?, &outputs.out, figure)
        }
    }
}

/// Before any work: refuse a nested run's outputs that are inputs or named twice.
pub fn check_nested_outputs(inputs: &[&Path], out: &Path, figure: Option<&Path>) -> Result<(), Error> {
    Claims::of(inputs).table(out, "out")?.file_if(figure)?;
    Ok(())
}

/// What `featrank nested` writes: the answer on stdout, every outer split's choice to `out`, the figure.
pub fn write_nested(runs: &[Nested], out: &Path, figure: Option<&Path>) -> Result<(), Error> {
    let [nested] = runs else {
        return Err(Error::param("rules", format!("one size rule's run is written here, got {}", runs.len())));
    };
    io::write_csv_to(&nested.summary()?, &mut std::io::stdout().lock())?;
    written::table(out, nested.to_polars()?)?;
    written::figure(figure, || nested.plot())
}
