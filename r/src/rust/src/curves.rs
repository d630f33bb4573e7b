//! `featrank::curves()`: FFA/RFA curves of rankers run inside every training split (and the random rankings'
//! expected curve), and what R asks of them — the long table, the figure, JSON, the comparison layer's answers.

use std::sync::Arc;

use featrank::data::Ranking;
use featrank::eval::{Candidate, CurveSpec, Curves as RsCurves};
use featrank::learners::Learner;
use savvy::{savvy, IntegerSexp, ListSexp, Sexp, StringSexp, TypedSexp};

use crate::data::Dataset;
use crate::settings::Settings;

/// One learner's curves (R's `featrank_curves` wraps it).
/// @noRd
#[savvy]
pub struct Curves {
    inner: Arc<RsCurves>,
}

/// The curves of several learners on one plan (`learner = c(…)`), one `Curves` each in the learners' order.
/// @noRd
#[savvy]
pub struct CurveRuns {
    runs: Vec<Arc<RsCurves>>,
}

/// The curves of the spec texts `rankers` and the R functions `own` (a named list, `own.rs`; `own_at`: their
/// 0-based places in the user's list) run inside every
/// training split of `data`'s plan, for each learner of `learners`; every setting given (`r/R/curves.R` owns the
/// defaults, read from the library).
/// @noRd
#[savvy]
#[allow(clippy::too_many_arguments)]
fn fr_curves(
    data: &Dataset,
    rankers: StringSexp,
    learners: StringSexp,
    settings: ListSexp,
    own_at: IntegerSexp,
    own: Option<ListSexp>,
    rankings: Option<ListSexp>,
) -> savvy::Result<CurveRuns> {
    let settings = Settings::of(&settings)?;
    let options = settings.curve_options()?;
    let models: Vec<Arc<dyn Learner>> = learners
        .iter()
        .map(|l| crate::guarded(|| featrank::learners::parse(l)).map(Arc::from))
        .collect::<Result<_, _>>()?;
    let Some(first) = models.first().cloned() else {
        return Err(crate::to_r(featrank::Error::param("learner", "at least one learner")));
    };
    let mut candidates: Vec<Candidate> = Vec::new();
    for (name, table) in rankings.iter().flat_map(ListSexp::iter) {
        let ranking = fixed(table)?.with_name(name);
        candidates.push(Candidate::Fixed(ranking));
    }
    for r in rankers.iter() {
        let ranker = crate::guarded(|| featrank::rankers::parse(r))?;
        candidates.push(Candidate::PerFold { name: r.trim().to_string(), ranker: ranker.into() });
    }
    let own = crate::own::Functions::new(own)?;
    let names = own.names().to_vec();
    let resampling = options.evaluation.resampling;
    let spec = CurveSpec::new(first).options(options);
    let data = data.inner.clone();
    let at: Vec<usize> = own_at.iter().map(|&p| usize::try_from(p).unwrap_or(usize::MAX)).collect();
    let runs = crate::blocking(&own, move |caller| {
        // each R function where the user's list had it
        for (i, name) in names.iter().enumerate() {
            let candidate = Candidate::PerFold { name: name.clone(), ranker: caller.ranker(i, name).into() };
            candidates.insert(at.get(i).copied().unwrap_or(usize::MAX).min(candidates.len()), candidate);
        }
        let ds = resampling.in_order(&data)?; // a copy only to set a time order
        match models.len() {
            1 => Ok(vec![spec.evaluate_all(&ds, &candidates)?]),
            _ => spec.evaluate_learners(&ds, &candidates, &models),
        }
    })?;
    Ok(CurveRuns { runs: runs.into_iter().map(Arc::new).collect() })
}

/// A fixed ranking from R's table (`list(columns, levels)`: feature and score and/or rank), as a ranking file is
/// read (`Ranking::from_polars`).
fn fixed(table: Sexp) -> savvy::Result<Ranking> {
    let TypedSexp::List(parts) = table.into_typed() else {
        return Err(crate::to_r(featrank::Error::param("rankings", "tables of feature and score or rank")));
    };
    let (Some(columns), Some(levels)) = (parts.get("columns"), parts.get("levels")) else {
        return Err(crate::to_r(featrank::Error::param("rankings", "tables of feature and score or rank")));
    };
    let frame = crate::frames::frame_from_r(&ListSexp::try_from(columns)?, &ListSexp::try_from(levels)?)?;
    crate::guarded(|| Ranking::from_polars(&frame))
}

/// How many learners' curves a run holds.
/// @noRd
#[savvy]
fn fr_runs_len(runs: &CurveRuns) -> savvy::Result<Sexp> {
    savvy::OwnedIntegerSexp::try_from_scalar(runs.runs.len() as i32)?.into()
}

/// The curves of the learner at `index` (1-based).
/// @noRd
#[savvy]
fn fr_runs_get(runs: &CurveRuns, index: i32) -> savvy::Result<Curves> {
    let inner = usize::try_from(index - 1).ok().and_then(|i| runs.runs.get(i)).cloned();
    inner.map(|inner| Curves { inner }).ok_or_else(|| savvy::Error::new("no such learner"))
}

/// Curves read back from the JSON `fr_curves_json` (or the CLI's `--json`) wrote.
/// @noRd
#[savvy]
fn fr_curves_load(path: &str) -> savvy::Result<Curves> {
    Ok(Curves { inner: Arc::new(crate::guarded(|| RsCurves::load_json(path))?) })
}

/// Everything about the curves, per-repeat values and per-fold rankings included, as the CLI's JSON.
/// @noRd
#[savvy]
fn fr_curves_json(curves: &Curves) -> savvy::Result<Sexp> {
    let text = crate::guarded(|| Ok(serde_json::to_string(&*curves.inner)?))?;
    crate::text(&text)
}

/// The long table: ranking, size, mean, sd, … (`Curves::to_polars`).
/// @noRd
#[savvy]
fn fr_curves_table(curves: &Curves) -> savvy::Result<Sexp> {
    let table = crate::guarded(|| curves.inner.to_polars())?;
    crate::frames::frame_to_r(&table)
}

/// The FFA/RFA figure as SVG.
/// @noRd
#[savvy]
fn fr_curves_svg(curves: &Curves) -> savvy::Result<Sexp> {
    crate::text(crate::guarded(|| curves.inner.plot())?.svg())
}

/// What was run, in words; the learner, the rankings' names, the measure and the sizes.
/// @noRd
#[savvy]
fn fr_curves_info(curves: &Curves) -> savvy::Result<Sexp> {
    let c = &curves.inner;
    let sizes: Vec<f64> = c.sizes.iter().map(|&k| k as f64).collect();
    let mut out = savvy::OwnedListSexp::new(5, true)?;
    out.set_name_and_value(0, "description", crate::text(&c.description())?)?;
    out.set_name_and_value(1, "learner", crate::text(&c.learner)?)?;
    out.set_name_and_value(2, "rankings", crate::texts(&c.rankings())?)?;
    out.set_name_and_value(3, "measure", crate::text(c.measure.label())?)?;
    out.set_name_and_value(4, "sizes", savvy::OwnedRealSexp::try_from_slice(sizes)?)?;
    out.into()
}

/// One of the comparison layer's answers about the curves, as a table: `eca` (ECA of every pair and against the
/// expected curve), `significance`, `stability`, `decide` (the subset size each rule chooses).
/// @noRd
#[savvy]
fn fr_curves_answer(curves: &Curves, what: &str) -> savvy::Result<Sexp> {
    let c = &curves.inner;
    let table = crate::guarded(|| match what {
        "eca" => c.eca_table(),
        "significance" => c.significance()?.to_polars(),
        "stability" => c.stability()?.to_polars(),
        "decide" => c.decide()?.to_polars(),
        other => Err(featrank::Error::param("what", format!("no answer '{other}'"))),
    })?;
    crate::frames::frame_to_r(&table)
}

/// The stability–accuracy trade-off of the per-split rankers' top-`k` sets: its table and its figure (SVG).
/// @noRd
#[savvy]
fn fr_curves_trade_off(curves: &Curves, k: f64) -> savvy::Result<Sexp> {
    let k = usize::try_from(crate::settings::Settings::whole("k", k)?).unwrap_or(usize::MAX);
    let t = crate::guarded(|| curves.inner.trade_off(k))?;
    let (table, figure) = crate::guarded(|| Ok((t.to_polars()?, t.plot()?)))?;
    let mut out = savvy::OwnedListSexp::new(2, true)?;
    out.set_name_and_value(0, "table", crate::frames::frame_to_r(&table)?)?;
    out.set_name_and_value(1, "svg", crate::text(figure.svg())?)?;
    out.into()
}

/// The figure of the subset sizes each rule chooses, on the curves.
/// @noRd
#[savvy]
fn fr_curves_decide_svg(curves: &Curves) -> savvy::Result<Sexp> {
    let c = &curves.inner;
    crate::text(crate::guarded(|| c.decide()?.plot(c))?.svg())
}
