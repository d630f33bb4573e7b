//! Feature rankers behind one [`Ranker`] trait: every method the seeds use or compare against.
//!
//! | method (CLI name) | type | paper |
//! |---|---|---|
//! | [`ReliefF`] (`relieff`), [`RReliefF`] (`rrelieff`) | nearest neighbours | thesis §2.1–2.2 |
//! | [`ForestImportance`] (`forest`) | embedded, random forest | thesis §2.3 |
//! | [`SvmRfe`] (`svm-rfe`) | wrapper/embedded, linear SVM | thesis §2.4 |
//! | [`Filter`] (`info-gain`, `gain-ratio`, `symmetrical-uncertainty`, `chi2`) | contingency filters | thesis §2.5 |
//! | [`Fisher`] (`fisher`), [`MutualInfo`] (`mi`) | univariate filters | EC-FS paper |
//! | [`InfoSelection`] (`mrmr`, `mrmr-quotient`, `jmi`, `cmim`, `disr`, `jmim`) | greedy multivariate information | Brown et al. 2012 |
//! | [`Fcbf`] (`fcbf`) | predominant features by symmetrical uncertainty, redundant ones after them | Yu & Liu 2003 |
//! | [`Surf`] (`surf`, `surf-star`, `multisurf`, `multisurf-star`) | Relief with distance-threshold neighbourhoods | Urbanowicz et al. 2018 |
//! | [`Turf`] (`turf:base=(…)`) | iterative removal around a Relief-family ranker | Moore & White 2007 |
//! | [`EcFs`] (`ecfs`), [`InfFs`] (`inffs`) | feature graphs | EC-FS paper, Inf-FS |
//! | [`LaplacianScore`] (`laplacian`) | unsupervised, neighbour graph of the rows | He, Cai & Niyogi 2005 |
//! | [`Consensus`] (`consensus`) | single-feature classifiers | Fakhraei et al. |
//! | [`Ensemble`] (`bag:base=(…)`, CLI `--bootstrap`) | bootstrap aggregation of any ranker | thesis §2.6, §6.1 |
//! | [`PermutationImportance`] (`permutation:learner=(…)`) | held-out permutation importance of any learner | Breiman 2001 |
//! | [`ShadowFeatures`] (`shadow:base=(…)`) | which features beat their shuffled shadows (p, q, verdict) | Boruta |
//! | [`BinaryRelevance`] (`binary-relevance:base=(…)`), [`LabelPowerset`] (`label-powerset:base=(…)`) | any single-target ranker on multi-label and multi-target data | Tsoumakas & Katakis 2007 |
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

mod consensus;
mod discretize;
mod ecfs;
mod ensemble;
mod fcbf;
mod filters;
mod fisher;
mod forest;
mod inffs;
mod information;
mod laplacian;
mod mutual_info;
mod permutation;
mod problem_transformation;
mod relief;
mod relief_targets;
mod shadow;
mod surf;
mod svm_rfe;
mod turf;

pub use crate::data::Aggregate;
pub use consensus::Consensus;
pub use discretize::{mdl_cut_points, Discretisation, MdlCost};
pub use ecfs::EcFs;
pub use ensemble::Ensemble;
pub use fcbf::{Fcbf, FcbfRole, FcbfSelection};
pub use filters::{Criterion, Filter};
pub use fisher::{Fisher, FisherVariant};
pub use forest::{ForestImportance, Importance};
pub use inffs::InfFs;
pub use information::{InfoSelection, SelectionCriterion};
pub use laplacian::LaplacianScore;
pub use mutual_info::MutualInfo;
pub use permutation::{Importances, PermutationImportance};
pub use problem_transformation::{BinaryRelevance, Combine, LabelPowerset};
pub use relief::{RReliefF, ReliefConvention, ReliefF};
pub use relief_targets::TargetDistance;
pub use shadow::{Relevance, ShadowFeatures, ShadowTest};
pub use surf::{Surf, SurfVariant};
pub use svm_rfe::{RfeMulticlass, SvmRfe};
pub use turf::Turf;

pub use crate::data::ranker::{Checked, Ranker};
use crate::error::{Error, Result};
use crate::spec::Spec;

/// The ranking methods [`parse`] knows; besides them, `bag` wraps any of them in a bootstrap ensemble,
/// `shadow` tests any of them against shadow features and `turf` runs any of them (meant: the Relief
/// family) with iterative removal of the worst features.
pub const METHODS: &[&str] = &[
    "relieff",
    "rrelieff",
    "forest",
    "svm-rfe",
    "info-gain",
    "gain-ratio",
    "symmetrical-uncertainty",
    "chi2",
    "fisher",
    "mi",
    "ecfs",
    "inffs",
    "consensus",
    "permutation",
    "mrmr",
    "mrmr-quotient",
    "jmi",
    "cmim",
    "disr",
    "jmim",
    "fcbf",
    "laplacian",
    "surf",
    "surf-star",
    "multisurf",
    "multisurf-star",
];

/// Other names users write for a ranking method, and the method each means (names are also read with `_` for
/// `-`: `info_gain`, `svm_rfe`).
pub const ALIASES: &[(&str, &str)] = &[
    ("mutual-info", "mi"),
    ("mutual-information", "mi"),
    ("information-gain", "info-gain"),
    ("infogain", "info-gain"),
    ("su", "symmetrical-uncertainty"),
    ("chi-squared", "chi2"),
    ("fisher-score", "fisher"),
    ("laplacian-score", "laplacian"),
    ("random-forest", "forest"),
    ("rfe", "svm-rfe"),
    ("multisurf*", "multisurf-star"),
    ("surf*", "surf-star"),
    ("ensemble", "bag"),
    ("boruta", "shadow"),
    ("br", "binary-relevance"),
    ("lp", "label-powerset"),
];

/// The ranking method a name means: itself, the method an alias names ([`ALIASES`]), or the name with `_`
/// read as `-`.
///
/// ```
/// assert_eq!(featrank::rankers::canonical("mutual_info"), "mi");
/// assert_eq!(featrank::rankers::canonical("svm_rfe"), "svm-rfe");
/// assert_eq!(featrank::rankers::canonical("relieff"), "relieff");
/// ```
pub fn canonical(name: &str) -> String {
    crate::spec::canonical_name(name, ALIASES)
}

/// The wrappers around another ranker, with the base their catalog row shows.
const WRAPPERS: &[&str] = &[
    "bag:base=(relieff)",
    "shadow:base=(relieff)",
    "turf:base=(relieff)",
    "binary-relevance:base=(relieff)",
    "label-powerset:base=(relieff)",
];

/// Every ranking method as a table: `method`, `spec` (every parameter at its default, the text `parse`
/// reads), `classification`, `regression`, `multi-label`, `multi-target` (the tasks it handles; a wrapper's
/// are its base's), `aliases`, `parameters` (each key with the values it takes; [`parameters`] has one
/// method's in full) and `reference` — what `featrank methods` prints and Python's `featrank.rankers()` shows.
///
/// ```
/// let t = featrank::rankers::catalog().unwrap();
/// assert_eq!(t.height(), featrank::rankers::METHODS.len() + 5);
/// let mi = t.column("method").unwrap().str().unwrap().iter().position(|m| m == Some("mi")).unwrap();
/// assert!(t.column("aliases").unwrap().str().unwrap().get(mi).unwrap().contains("mutual-info"));
/// assert!(t.column("reference").unwrap().str().unwrap().get(0).unwrap().contains("Kononenko"));
/// ```
pub fn catalog() -> Result<crate::data::Frame> {
    let entries = METHODS.iter().chain(WRAPPERS).map(|text| {
        let r = parse(text)?;
        Ok(crate::param::Entry::new(&r.spec(), |t| r.supports(t), ALIASES, r.parameters(), r.reference()))
    });
    Ok(crate::param::catalog("method", &entries.collect::<Result<Vec<_>>>()?)?.into())
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
    let method = canonical(method);
    let text = METHODS.iter().chain(WRAPPERS).find(|t| t.split(':').next() == Some(method.as_str()));
    let Some(text) = text else {
        return Err(parse(&method)
            .err()
            .unwrap_or_else(|| Error::param("method", format!("{method} has no catalog row"))));
    };
    let params = parse(text)?.parameters();
    Ok(crate::param::table(params, text, |spec| parse(spec).ok().map(|r| r.spec()))?.into())
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
/// assert!(parse("lasso").is_err());
/// // a bootstrap ensemble of any ranker
/// assert_eq!(parse("bag:base=(relieff:k=5),bootstraps=10").unwrap().name(), "relieff-bag10-mean");
/// // shadow features of any ranker
/// assert_eq!(parse("shadow:base=(fisher),rounds=50").unwrap().name(), "fisher-shadow");
/// ```
pub fn parse(spec: &str) -> Result<Box<dyn Ranker>> {
    from_spec(&spec.parse()?)
}

/// Build a ranker from a parsed [`Spec`].
pub fn from_spec(s: &Spec) -> Result<Box<dyn Ranker>> {
    s.refuse_grid()?;
    let method = canonical(s.method());
    if method != s.method() {
        return from_spec(&s.renamed(&method));
    }
    let ranker: Box<dyn Ranker> = match s.method() {
        "relieff" => Box::new(ReliefF::from_spec(s)?),
        "rrelieff" => Box::new(RReliefF::from_spec(s)?),
        "forest" => Box::new(ForestImportance::from_spec(s)?),
        "svm-rfe" => Box::new(SvmRfe::from_spec(s)?),
        "info-gain" | "gain-ratio" | "symmetrical-uncertainty" | "chi2" => Box::new(Filter::from_spec(s)?),
        "fisher" => Box::new(Fisher::from_spec(s)?),
        "mi" => Box::new(MutualInfo::from_spec(s)?),
        "ecfs" => Box::new(EcFs::from_spec(s)?),
        "inffs" => Box::new(InfFs::from_spec(s)?),
        "consensus" => Box::new(Consensus::from_spec(s)?),
        "permutation" => Box::new(PermutationImportance::from_spec(s)?),
        "mrmr" | "mrmr-quotient" | "jmi" | "cmim" | "disr" | "jmim" => Box::new(InfoSelection::from_spec(s)?),
        "fcbf" => Box::new(Fcbf::from_spec(s)?),
        "laplacian" => Box::new(LaplacianScore::from_spec(s)?),
        "surf" | "surf-star" | "multisurf" | "multisurf-star" => Box::new(Surf::from_spec(s)?),
        "turf" => Box::new(Turf::from_spec(s)?),
        "bag" => Box::new(Ensemble::from_spec(s)?),
        "shadow" => Box::new(ShadowFeatures::from_spec(s)?),
        "binary-relevance" => Box::new(BinaryRelevance::from_spec(s)?),
        "label-powerset" => Box::new(LabelPowerset::from_spec(s)?),
        other => {
            return Err(Error::Unknown {
                kind: "ranking method".into(),
                name: other.into(),
                known: format!("{}, bag, shadow, turf, binary-relevance, label-powerset", METHODS.join(", ")),
            })
        }
    };
    Ok(ranker)
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
