//! What exists: the bundled datasets, the ranking methods and the learners, from the library's registries.

use savvy::{savvy, Sexp};

/// The bundled datasets' names.
/// @noRd
#[savvy]
fn fr_datasets() -> savvy::Result<Sexp> {
    crate::texts(&featrank::data::datasets::names())
}

/// The catalog of `what`: `rankers` or `learners` (name, default spec, tasks, aliases, parameters, reference).
/// @noRd
#[savvy]
fn fr_catalog(what: &str) -> savvy::Result<Sexp> {
    let table = crate::guarded(|| match what {
        "rankers" => featrank::rankers::catalog(),
        "learners" => featrank::learners::catalog(),
        "measures" => featrank::resampling::Measure::catalog(),
        other => Err(featrank::Error::param("what", format!("no catalog '{other}'"))),
    })?;
    crate::frames::frame_to_r(&table)
}

/// Synthetic data with exact ground truth (`design`: single, pair, combined, madelon, null, survival,
/// survival-null, replicates), as the CLI's `synth` makes it: `list(data = <columns>, truth = <columns>)`.
/// @noRd
#[savvy]
fn fr_synth(design: &str, seed: f64, rows: Option<f64>) -> savvy::Result<Sexp> {
    use crate::settings::Settings;
    let seed = Settings::whole("seed", seed)?;
    let rows =
        rows.map(|r| Settings::whole("rows", r).map(|r| usize::try_from(r).unwrap_or(usize::MAX))).transpose()?;
    let s = crate::guarded(|| featrank::data::synth::generate(design, rows, seed))?;
    let truth = crate::guarded(|| s.truth.to_polars())?;
    let mut out = savvy::OwnedListSexp::new(2, true)?;
    out.set_name_and_value(0, "data", crate::frames::frame_to_r(&s.frame)?)?;
    out.set_name_and_value(1, "truth", crate::frames::frame_to_r(&truth)?)?;
    out.into()
}
