//! Feature rankers behind one [`Ranker`] trait: every method the seeds use or compare against.
//!
//! Every method — its name, aliases, spec with every default, the tasks it handles, its parameters and its
//! reference — is one entry of [`REGISTRY`]: `featrank methods`, Python's `featrank.rankers()` and the site's
//! Methods pages list them from there, so a method added to it is listed everywhere. The families: the Relief
//! family (nearest neighbours: [`ReliefF`], [`RReliefF`], [`Surf`], [`Turf`]), embedded rankers
//! ([`ForestImportance`], [`SvmRfe`], [`Lasso`], [`LassoPath`]), filters (contingency [`Filter`]s, [`Fisher`], [`MutualInfo`],
//! [`Variance`], the information-theoretic [`InfoSelection`] and [`Fcbf`], survival's [`UnivariateCox`]), feature
//! graphs ([`EcFs`], [`InfFs`], [`LaplacianScore`]), single-feature classifiers ([`Consensus`]), and rankers
//! around another ranker or learner ([`Ensemble`], [`PermutationImportance`], [`ShadowFeatures`],
//! [`StabilitySelection`], the problem transformations [`BinaryRelevance`] and [`LabelPowerset`]); a user's own
//! method enters as a function ([`from_fn`]), a program ([`Command`]) or a linfa model.
//!
//! **Several targets** (multi-label, multi-target): ReliefF and RReliefF rank them directly with a distance
//! between target vectors ([`TargetDistance`]); the problem transformations above bring every other ranker.
//!
//! A ranker turns a [`Dataset`](crate::data::Dataset) into one relevance score per feature (higher = more
//! relevant); [`Ranker::rank`] sorts them into a [`Ranking`](crate::data::Ranking) whose ties keep the dataset's feature order. Every
//! random choice draws from the seed passed in, so the same seed gives the same ranking on any number
//! of threads. Every entry point runs the same checks first ([`Ranker::checked`]); a ranker implements
//! `check` (its parameters against the data) and `scores_checked` (the work).
//!
//! **Weka conventions.** Where Weka 3.6, the papers' tool, has the method, the defaults follow Weka
//! where the method leaves room, and the alternatives are named options: MDL discretisation charging
//! the candidate cut points ([`MdlCost`], `mdl=instances` for the published cost), Relief-family
//! neighbour ties and missing-value diffs ([`ReliefConvention`], `convention=rsk`), multi-class SVM-RFE
//! per class and round-robin ([`RfeMulticlass`], `multiclass=ovo|ovr`). The test module `weka` compares
//! with scores Weka itself computed (`scripts/weka/references.sh` regenerates them).

mod command;
mod consensus;
mod discretize;
mod ecfs;
mod ensemble;
mod fcbf;
mod filters;
mod fisher;
mod forest;
mod from_fn;
mod host;
mod inffs;
mod information;
mod laplacian;
mod lasso;
mod linfa_model;
mod mutual_info;
mod permutation;
mod problem_transformation;
mod ranker;
mod relief;
mod relief_targets;
mod shadow;
mod stability_selection;
mod surf;
mod svm_rfe;
mod turf;
mod univariate_cox;
mod variance;

pub use crate::data::Aggregate;
pub use command::Command;
pub use consensus::Consensus;
pub use discretize::{mdl_cut_points, Discretisation, MdlCost};
pub use ecfs::EcFs;
pub use ensemble::Ensemble;
pub use fcbf::{Fcbf, FcbfRole, FcbfSelection};
pub use filters::{Criterion, Filter};
pub use fisher::{Fisher, FisherVariant};
pub use forest::{ForestImportance, Importance};
pub use from_fn::{from_fn, FnRanker, NonFinite};
pub use host::{set_host, HostBuild};
pub use inffs::InfFs;
pub use information::{InfoSelection, SelectionCriterion};
pub use laplacian::LaplacianScore;
pub use lasso::{Lasso, LassoPath};
pub use linfa_model::LinfaRanker;
pub use mutual_info::MutualInfo;
pub use permutation::{Importances, PermutationImportance};
pub use problem_transformation::{BinaryRelevance, Combine, LabelPowerset};
pub use relief::{RReliefF, ReliefConvention, ReliefF};
pub use relief_targets::TargetDistance;
pub use shadow::{Relevance, ShadowFeatures, ShadowTest};
pub use stability_selection::{ErrorBound, SelectionFrequencies, StabilityBound, StabilitySelection, Subsampling};
pub use surf::{Surf, SurfVariant};
pub use svm_rfe::{RfeMulticlass, SvmRfe};
pub use turf::Turf;
pub use univariate_cox::{CoxStatistic, UnivariateCox};
pub use variance::Variance;

pub use ranker::{Checked, Ranker};

use crate::error::Result;
use crate::method::{Entry, FromSpec, Registry, Role};
use crate::spec::Spec;

/// Every ranking method: its name, aliases, catalog spec and builder — the one list the method names
/// ([`methods`]), [`canonical`], [`parse`], the catalogs, the CLI's help and the tests' lists come from. Besides
/// the methods of their own, `bag` wraps any of them in a bootstrap ensemble, `shadow` tests any of them against
/// shadow features, `turf` runs any of them (meant: the Relief family) with iterative removal of the worst
/// features, and `binary-relevance` / `label-powerset` bring any of them to target sets.
///
/// ```
/// use featrank::rankers::REGISTRY;
/// assert_eq!(REGISTRY.entry("boruta").unwrap().name, "shadow");
/// assert!(REGISTRY.entry("bag").unwrap().wraps());
/// ```
pub static REGISTRY: Registry<dyn Ranker> = Registry {
    kind: "ranking method",
    column: "method",
    entries: &[
        own::<ReliefF>("relieff", &[]),
        own::<RReliefF>("rrelieff", &[]),
        own::<ForestImportance>("forest", &["random-forest"]),
        own::<SvmRfe>("svm-rfe", &["rfe"]),
        named("info-gain", &["information-gain", "infogain"], filter, || Box::new(Filter::new(Criterion::InfoGain))),
        named("gain-ratio", &[], filter, || Box::new(Filter::new(Criterion::GainRatio))),
        named("symmetrical-uncertainty", &["su"], filter, || Box::new(Filter::new(Criterion::SymmetricalUncertainty))),
        named("chi2", &["chi-squared"], filter, || Box::new(Filter::new(Criterion::ChiSquared))),
        own::<Fisher>("fisher", &["fisher-score"]),
        own::<MutualInfo>("mi", &["mutual-info", "mutual-information"]),
        own::<EcFs>("ecfs", &[]),
        own::<InfFs>("inffs", &[]),
        own::<Consensus>("consensus", &[]),
        entry("permutation", &[], |s| Ok(Box::new(PermutationImportance::from_spec(s)?))),
        named("mrmr", &[], information, || Box::new(InfoSelection::new(SelectionCriterion::MrmrDifference))),
        named("mrmr-quotient", &[], information, || Box::new(InfoSelection::new(SelectionCriterion::MrmrQuotient))),
        named("jmi", &[], information, || Box::new(InfoSelection::new(SelectionCriterion::Jmi))),
        named("cmim", &[], information, || Box::new(InfoSelection::new(SelectionCriterion::Cmim))),
        named("disr", &[], information, || Box::new(InfoSelection::new(SelectionCriterion::Disr))),
        named("jmim", &[], information, || Box::new(InfoSelection::new(SelectionCriterion::Jmim))),
        own::<Fcbf>("fcbf", &[]),
        own::<LaplacianScore>("laplacian", &["laplacian-score"]),
        own::<Variance>("variance", &[]),
        own::<Lasso>("lasso", &["elastic-net", "enet", "glmnet"]),
        own::<LassoPath>("lasso-path", &["entry-order", "lasso-entry"]),
        own::<UnivariateCox>("univariate-cox", &["cox-score", "cox-filter", "univariate_cox"]),
        named("surf", &[], surf, || Box::new(Surf::new(SurfVariant::Surf))),
        named("surf-star", &["surf*"], surf, || Box::new(Surf::new(SurfVariant::SurfStar))),
        named("multisurf", &[], surf, || Box::new(Surf::new(SurfVariant::MultiSurf))),
        named("multisurf-star", &["multisurf*"], surf, || Box::new(Surf::new(SurfVariant::MultiSurfStar))),
        wrapper("bag", &["ensemble"], "bag:base=(relieff)", |s| Ok(Box::new(Ensemble::from_spec(s)?))),
        wrapper("shadow", &["boruta"], "shadow:base=(relieff)", |s| Ok(Box::new(ShadowFeatures::from_spec(s)?))),
        wrapper("turf", &[], "turf:base=(relieff)", |s| Ok(Box::new(Turf::from_spec(s)?))),
        wrapper("stability-selection", &["stabsel"], "stability-selection:base=(lasso-path)", |s| {
            Ok(Box::new(StabilitySelection::from_spec(s)?))
        }),
        wrapper("binary-relevance", &["br"], "binary-relevance:base=(relieff)", |s| {
            Ok(Box::new(BinaryRelevance::from_spec(s)?))
        }),
        wrapper("label-powerset", &["lp"], "label-powerset:base=(relieff)", |s| {
            Ok(Box::new(LabelPowerset::from_spec(s)?))
        }),
        Entry {
            name: "command",
            aliases: &["program"],
            example: "command:run=(python3 rank.py)",
            build: |s| Ok(Box::new(Command::from_spec(s)?)),
            default: None,
            role: Role::External,
        },
        Entry {
            name: "python",
            aliases: &[],
            example: "python:import=(mymodule:score)",
            build: host::build,
            default: None,
            role: Role::External,
        },
    ],
};

/// How an entry builds its ranker from a spec.
type Build = fn(&Spec) -> Result<Box<dyn Ranker>>;

/// A method of its own, one type under one name: built by its [`FromSpec`], at its defaults its `Default`; its
/// catalog row shows its name.
const fn own<R: Ranker + FromSpec + 'static>(
    name: &'static str,
    aliases: &'static [&'static str],
) -> Entry<dyn Ranker> {
    Entry { name, aliases, example: name, build: build::<R>, default: Some(at_defaults::<R>), role: Role::Own }
}

/// A method of its own built by `build`, a type that needs another method (no default).
const fn entry(name: &'static str, aliases: &'static [&'static str], build: Build) -> Entry<dyn Ranker> {
    Entry { name, aliases, example: name, build, default: None, role: Role::Own }
}

/// One name of a type under several (`info-gain` of the filters): built by `build`, at its defaults `default`.
const fn named(
    name: &'static str,
    aliases: &'static [&'static str],
    build: Build,
    default: fn() -> Box<dyn Ranker>,
) -> Entry<dyn Ranker> {
    Entry { name, aliases, example: name, build, default: Some(default), role: Role::Own }
}

fn build<R: Ranker + FromSpec + 'static>(s: &Spec) -> Result<Box<dyn Ranker>> {
    Ok(Box::new(R::from_spec(s)?))
}

fn at_defaults<R: Ranker + FromSpec + 'static>() -> Box<dyn Ranker> {
    Box::new(R::default())
}

/// A method around another ranker: its catalog row shows `example`, with a base.
const fn wrapper(
    name: &'static str,
    aliases: &'static [&'static str],
    example: &'static str,
    build: Build,
) -> Entry<dyn Ranker> {
    Entry { name, aliases, example, build, default: None, role: Role::Wrapper }
}

/// The four contingency filters, one type.
fn filter(s: &Spec) -> Result<Box<dyn Ranker>> {
    Ok(Box::new(Filter::from_spec(s)?))
}

/// The six greedy information criteria, one type.
fn information(s: &Spec) -> Result<Box<dyn Ranker>> {
    Ok(Box::new(InfoSelection::from_spec(s)?))
}

/// The four SURF variants, one type.
fn surf(s: &Spec) -> Result<Box<dyn Ranker>> {
    Ok(Box::new(Surf::from_spec(s)?))
}

/// The ranking methods that stand on their own (the wrappers around another ranker aside), in the registry's
/// order.
///
/// ```
/// let methods = featrank::rankers::methods();
/// assert_eq!(methods[0], "relieff");
/// assert!(!methods.contains(&"bag"));
/// ```
pub fn methods() -> Vec<&'static str> {
    REGISTRY.names().collect()
}

/// The ranking method a name means: itself, the method an alias names, or the name with `_` read as `-`.
///
/// ```
/// assert_eq!(featrank::rankers::canonical("mutual_info"), "mi");
/// assert_eq!(featrank::rankers::canonical("svm_rfe"), "svm-rfe");
/// assert_eq!(featrank::rankers::canonical("relieff"), "relieff");
/// ```
pub fn canonical(name: &str) -> String {
    REGISTRY.canonical(name)
}

/// Every ranking method as a table: `method`, `spec` (every parameter at its default, the text `parse`
/// reads), `classification`, `regression`, `multi-label`, `multi-target`, `survival` (the tasks it handles; a wrapper's
/// are its base's), `aliases`, `parameters` (each key with the values it takes; [`parameters`] has one
/// method's in full) and `reference` — what `featrank methods` prints and Python's `featrank.rankers()` shows.
///
/// ```
/// let t = featrank::rankers::catalog().unwrap();
/// assert_eq!(t.height(), featrank::rankers::REGISTRY.entries.len());
/// let mi = t.column("method").unwrap().str().unwrap().iter().position(|m| m == Some("mi")).unwrap();
/// assert!(t.column("aliases").unwrap().str().unwrap().get(mi).unwrap().contains("mutual-info"));
/// assert!(t.column("reference").unwrap().str().unwrap().get(0).unwrap().contains("Kononenko"));
/// ```
pub fn catalog() -> Result<crate::data::Frame> {
    Ok(REGISTRY.catalog()?.into())
}

/// One ranking method's parameters as a table: `parameter`, `default`, `values` (what it takes on its own),
/// `needs` (the setting it applies with) and `meaning` — what `featrank methods METHOD` prints and Python's
/// `featrank.parameters(METHOD)` shows. Aliases are read ([`canonical`]).
///
/// ```
/// let t = featrank::rankers::parameters("relieff").unwrap();
/// assert_eq!(t.column("parameter").unwrap().str().unwrap().get(0), Some("k"));
/// assert_eq!(t.column("default").unwrap().str().unwrap().get(0), Some("10"));
/// assert_eq!(t.column("values").unwrap().str().unwrap().get(0), Some("whole number ≥ 1"));
/// assert!(featrank::rankers::parameters("relief").unwrap_err().to_string().contains("relieff"));
/// ```
pub fn parameters(method: &str) -> Result<crate::data::Frame> {
    Ok(REGISTRY.parameters(method)?.into())
}

/// Build a ranker from its spec (see [`Spec`]): the method name, then `key=value` parameters (each method
/// documents its keys; left out, they take their defaults). The CLI's `--method` takes the same text.
///
/// ```
/// use featrank::rankers::{parse, Ranker};
/// let r = parse("relieff:k=5").unwrap();
/// assert_eq!(r.spec().to_string(), "relieff:k=5,m=all,convention=weka");
/// assert_eq!(parse(&r.spec().to_string()).unwrap().spec(), r.spec()); // round-trips
/// assert!(parse("relieff:k=0").is_err());
/// assert!(parse("relieff:trees=5").is_err()); // unknown key
/// assert!(parse("lars").is_err());
/// assert_eq!(parse("elastic-net:alpha=0.5").unwrap().spec().to_string(), "lasso:alpha=0.5,lambda=cv,rule=min,folds=10");
/// // a bootstrap ensemble of any ranker
/// assert_eq!(parse("bag:base=(relieff:k=5),bootstraps=10").unwrap().name(), "relieff-bag10-mean");
/// // shadow features of any ranker
/// assert_eq!(parse("shadow:base=(fisher),rounds=50").unwrap().name(), "fisher-shadow");
/// ```
pub fn parse(spec: &str) -> Result<Box<dyn Ranker>> {
    REGISTRY.parse(spec)
}

/// Build a ranker from a parsed [`Spec`].
pub fn from_spec(s: &Spec) -> Result<Box<dyn Ranker>> {
    REGISTRY.from_spec(s)
}

/// Sum of per-chunk results in chunk order: a parallel reduction whose floating-point result does not
/// depend on the number of threads. `work(range)` returns a vector of length `len`. Each chunk first checks
/// for an interrupt ([`crate::progress::interrupt`]), so a ranking over many rows stops within one chunk.
pub(crate) fn ordered_sum<F>(items: usize, chunk: usize, len: usize, work: F) -> Result<Vec<f64>>
where
    F: Fn(std::ops::Range<usize>) -> Vec<f64> + Sync,
{
    use rayon::prelude::*;
    let starts: Vec<usize> = (0..items).step_by(chunk.max(1)).collect();
    let parts: Vec<Vec<f64>> = starts
        .par_iter()
        .map(|&s| crate::progress::check_interrupt("ranking").map(|_| work(s..(s + chunk).min(items))))
        .collect::<Result<_>>()?;
    let mut total = vec![0.0; len];
    for p in parts {
        total.iter_mut().zip(p).for_each(|(t, v)| *t += v);
    }
    Ok(total)
}
