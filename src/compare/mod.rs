//! The comparison layer: rankings and rankers side by side, and the decisions drawn from them. ECA tables
//! ([`Comparison`]), stability of a ranker across resamples, distances between rankings, Friedman/Nemenyi
//! statistics over datasets, tests of one ranking against another or against random rankings
//! ([`Significance`]), the number of features to keep ([`SizeChoices`]) and the stability–accuracy trade-off
//! ([`TradeOff`]) — each also reached from the
//! curve run itself (`curves.compare()`, `curves.stability()`, …; see [`from_curves`]).

pub mod comparison;
pub mod distance;
pub mod from_curves;
pub mod significance;
pub mod stability;
pub mod stats;
pub mod subset_size;
pub mod trade_off;

pub use comparison::{Comparison, EcaRow};
pub use significance::{PairTest, Significance, Verdict};
pub use stability::{stability_table, FoldStability, Nogueira, Stabilities, StabilityCurve, Test};
pub use stats::{CriticalDifference, Friedman};
pub use subset_size::{SizeChoice, SizeChoices, SizeRule};
pub use trade_off::{TradeOff, TradeOffPoint};

/// The significance level α of a test unless told: 0.05 (Demšar 2006's Nemenyi tables, the papers' verdicts) —
/// [`Significance::verdicts`]' and [`Friedman::critical_difference`]'s in Python.
pub const DEFAULT_ALPHA: f64 = 0.05;
