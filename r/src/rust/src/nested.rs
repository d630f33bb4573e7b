//! `featrank::nested()`: nested evaluation — grids of rankers and learners, the subset size chosen inside every
//! outer training split, the outer estimate and the ordinary best point's optimism.

use std::sync::Arc;

use featrank::protocol::Nested as RsNested;
use savvy::{savvy, ListSexp, Sexp, StringSexp};

use crate::data::Dataset;
use crate::settings::Settings;

/// A nested evaluation's results (R's `featrank_nested` wraps it).
/// @noRd
#[savvy]
pub struct Nested {
    inner: Arc<RsNested>,
}

/// The nested evaluation of the spec texts `rankers` (grids included) and the R functions `own` with the learner
/// spec `learner` (a grid too); every setting given.
/// @noRd
#[savvy]
fn fr_nested(
    data: &Dataset,
    rankers: StringSexp,
    learner: &str,
    settings: ListSexp,
    own: Option<ListSexp>,
) -> savvy::Result<Nested> {
    let options = Settings::of(&settings)?.nested_options()?;
    let texts: Vec<&str> = rankers.iter().collect();
    let resampling = options.evaluation.resampling;
    let spec = crate::guarded(|| options.spec(&texts, learner))?;
    let own = crate::own::Functions::new(own)?;
    let names = own.names().to_vec();
    let data = data.inner.clone();
    let nested = crate::blocking(&own, move |caller| {
        let mut spec = spec;
        for (i, name) in names.iter().enumerate() {
            spec = spec.ranker(name.clone(), caller.ranker(i, name));
        }
        let ds = resampling.in_order(&data)?; // a copy only to set a time order
        spec.evaluate(&ds)
    })?;
    Ok(Nested { inner: Arc::new(nested) })
}

/// One row per outer split: repeat, fold, ranker, learner, k, inner, outer.
/// @noRd
#[savvy]
fn fr_nested_table(nested: &Nested) -> savvy::Result<Sexp> {
    let table = crate::guarded(|| nested.inner.to_polars())?;
    crate::frames::frame_to_r(&table)
}

/// The estimate (mean, lo, hi of its 95 % interval), the optimism and what was run, in words.
/// @noRd
#[savvy]
fn fr_nested_info(nested: &Nested) -> savvy::Result<Sexp> {
    let n = &nested.inner;
    let (estimate, optimism) = crate::guarded(|| Ok((n.estimate()?, n.optimism()?)))?;
    let mut out = savvy::OwnedListSexp::new(4, true)?;
    let interval = [estimate.mean, estimate.lo, estimate.hi];
    out.set_name_and_value(0, "estimate", savvy::OwnedRealSexp::try_from_slice(interval)?)?;
    out.set_name_and_value(1, "optimism", savvy::OwnedRealSexp::try_from_scalar(optimism)?)?;
    out.set_name_and_value(2, "measure", crate::text(n.measure.label())?)?;
    out.set_name_and_value(3, "description", crate::text(&n.description())?)?;
    out.into()
}

/// The figure of the outer values and the ordinary best point, as SVG.
/// @noRd
#[savvy]
fn fr_nested_svg(nested: &Nested) -> savvy::Result<Sexp> {
    crate::text(crate::guarded(|| nested.inner.plot())?.svg())
}
