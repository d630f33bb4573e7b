//! `featrank::rank()`: one ranking method on all the rows given, as the CLI's `rank` writes it.

use savvy::{savvy, ListSexp, Sexp};

use crate::data::Dataset;

/// The table of `method` (a spec text) or of the R function `own` (a named list of one) on `data`: feature, score,
/// rank (and for shadow features p_value, q_value, verdict).
/// @noRd
#[savvy]
fn fr_rank(data: &Dataset, seed: f64, method: Option<&str>, own: Option<ListSexp>) -> savvy::Result<Sexp> {
    let seed = crate::settings::Settings::whole("seed", seed)?;
    let own = crate::own::Functions::new(own)?;
    let (names, data, method) = (own.names().to_vec(), data.inner.clone(), method.map(str::to_string));
    let table = crate::blocking(&own, move |caller| {
        let ranker = match (&method, names.first()) {
            (Some(text), _) => featrank::rankers::parse(text)?,
            (None, Some(name)) => caller.ranker(0, name),
            (None, None) => return Err(featrank::Error::param("method", "a spec text or a function")),
        };
        ranker.table(&data, seed)
    })?;
    crate::frames::frame_to_r(&table)
}
