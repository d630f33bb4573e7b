//! Feature rankers behind one [`Ranker`] trait: every method the seeds use or compare against.
//!
//! | method (CLI name) | type | paper |
//! |---|---|---|
//! | [`ReliefF`] (`relieff`), [`RReliefF`] (`rrelieff`) | nearest neighbours | thesis §2.1–2.2 |
//! | [`ForestImportance`] (`forest`) | embedded, random forest | thesis §2.3 |
//! | [`SvmRfe`] (`svm-rfe`) | wrapper/embedded, linear SVM | thesis §2.4 |
//! | [`Filter`] (`info-gain`, `gain-ratio`, `symmetrical-uncertainty`, `chi2`) | contingency filters | thesis §2.5 |
//! | [`Fisher`] (`fisher`), [`MutualInfo`] (`mi`) | univariate filters | EC-FS paper |
//! | [`EcFs`] (`ecfs`), [`InfFs`] (`inffs`) | feature graphs | EC-FS paper, Inf-FS |
//! | [`Consensus`] (`consensus`) | single-feature classifiers | Fakhraei et al. |
//! | [`Ensemble`] (`--bootstrap`) | bootstrap aggregation of any ranker | thesis §2.6, §6.1 |
//!
//! A ranker turns a [`Dataset`](crate::data::Dataset) into one relevance score per feature (higher = more
//! relevant); [`Ranker::rank`] sorts them into a [`Ranking`](crate::data::Ranking) whose ties keep the dataset's feature order. Every
//! random choice draws from the seed passed in, so the same seed gives the same ranking on any number
//! of threads. Every entry point runs the same checks first ([`Ranker::checked`]); a ranker implements
//! `check` (its parameters against the data) and `scores_checked` (the work).

mod consensus;
mod discretize;
mod ecfs;
mod ensemble;
mod filters;
mod fisher;
mod forest;
mod inffs;
mod mutual_info;
mod params;
mod relief;
mod svm_rfe;

pub use consensus::Consensus;
pub use discretize::mdl_cut_points;
pub use ecfs::EcFs;
pub use ensemble::{Aggregate, Ensemble};
pub use filters::{Criterion, Filter};
pub use fisher::{Fisher, FisherVariant};
pub use forest::{ForestImportance, Importance};
pub use inffs::InfFs;
pub use mutual_info::MutualInfo;
pub use params::Params;
pub use relief::{RReliefF, ReliefF};
pub use svm_rfe::SvmRfe;

pub use crate::data::ranker::{Checked, Ranker};
use crate::error::{Error, Result};

/// The method names [`parse`] knows.
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
];

/// Build a ranker from its CLI name and `key=value` parameters (each method documents its keys).
///
/// ```
/// use featrank::rankers::{parse, Params};
/// let r = parse("relieff", &Params::parse(&["k=5"]).unwrap()).unwrap();
/// assert_eq!(r.name(), "relieff");
/// assert!(parse("relieff", &Params::parse(&["k=0"]).unwrap()).is_err());
/// assert!(parse("relieff", &Params::parse(&["trees=5"]).unwrap()).is_err()); // unknown key
/// assert!(parse("lasso", &Params::default()).is_err());
/// ```
pub fn parse(method: &str, params: &Params) -> Result<Box<dyn Ranker>> {
    let ranker: Box<dyn Ranker> = match method {
        "relieff" => Box::new(ReliefF::from_params(params)?),
        "rrelieff" => Box::new(RReliefF::from_params(params)?),
        "forest" => Box::new(ForestImportance::from_params(params)?),
        "svm-rfe" => Box::new(SvmRfe::from_params(params)?),
        "info-gain" => Box::new(Filter::from_params(Criterion::InfoGain, params)?),
        "gain-ratio" => Box::new(Filter::from_params(Criterion::GainRatio, params)?),
        "symmetrical-uncertainty" => Box::new(Filter::from_params(Criterion::SymmetricalUncertainty, params)?),
        "chi2" => Box::new(Filter::from_params(Criterion::ChiSquared, params)?),
        "fisher" => Box::new(Fisher::from_params(params)?),
        "mi" => Box::new(MutualInfo::from_params(params)?),
        "ecfs" => Box::new(EcFs::from_params(params)?),
        "inffs" => Box::new(InfFs::from_params(params)?),
        "consensus" => Box::new(Consensus::from_params(params)?),
        other => {
            return Err(Error::Unknown { kind: "ranking method".into(), name: other.into(), known: METHODS.join(", ") })
        }
    };
    Ok(ranker)
}

/// Sum of per-chunk results in chunk order: a parallel reduction whose floating-point result does not
/// depend on the number of threads. `work(range)` returns a vector of length `len`.
pub(crate) fn ordered_sum<F>(items: usize, chunk: usize, len: usize, work: F) -> Vec<f64>
where
    F: Fn(std::ops::Range<usize>) -> Vec<f64> + Sync,
{
    use rayon::prelude::*;
    let starts: Vec<usize> = (0..items).step_by(chunk.max(1)).collect();
    let parts: Vec<Vec<f64>> = starts.par_iter().map(|&s| work(s..(s + chunk).min(items))).collect();
    let mut total = vec![0.0; len];
    for p in parts {
        total.iter_mut().zip(p).for_each(|(t, v)| *t += v);
    }
    total
}
