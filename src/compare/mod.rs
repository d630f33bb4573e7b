//! The comparison layer: rankings and rankers side by side. ECA tables ([`Comparison`]), stability of a
//! ranker across resamples, distances between rankings, and Friedman/Nemenyi statistics over datasets.

pub mod comparison;
pub mod distance;
pub mod stability;
pub mod stats;

pub use comparison::{Comparison, EcaRow};
pub use stability::{FoldStability, Nogueira, StabilityCurve, Test};
pub use stats::{CriticalDifference, Friedman};
