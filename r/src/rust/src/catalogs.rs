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
