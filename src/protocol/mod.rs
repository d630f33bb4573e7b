//! The protocol layer: what composes rankers, learners, curves and decisions into one evaluation —
//! nested cross-validation of a whole selection procedure ([`NestedSpec`]: rankers and learner tuned and
//! the subset size chosen inside every outer training split) — and the job descriptions and manifests that
//! run curves and nested evaluation shard by shard on a cluster ([`CurveJob`], [`NestedJob`], [`Manifest`]).

pub mod job;
pub mod manifest;
pub mod nested;

pub use job::{CurveJob, NestedJob};
pub use manifest::{Job, Manifest, Shard};
pub use nested::{
    Nested, NestedEstimate, NestedOptions, NestedResult, NestedRun, NestedSpec, NestedSplit, NestedUnit, OrdinaryBest,
};
