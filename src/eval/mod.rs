//! The evaluation layer: how a ranking is judged. A resampling [`CvPlan`](crate::resampling::CvPlan) with the one
//! cross-validated prediction loop, the subset-size [`Grid`], the [`Measure`](crate::resampling::Measure) of each point, FFA/RFA [`Curves`] with the
//! expected curve of random rankings, the [`Eca`] score and the Performance Index ([`PiCurve`]).

pub mod curves;
pub mod defaults;
pub mod eca;
pub mod evaluation;
pub mod fold_rankings;
pub mod grid;
pub mod pi;
pub mod run;

pub use curves::{Baseline, Candidate, Curve, CurveKind, CurveOptions, CurveSpec, Curves, Mode, Sample, EXPECTED};
pub use eca::{Eca, Weighting};
pub use evaluation::Evaluation;
pub use fold_rankings::FoldRankings;
pub use grid::Grid;
pub use pi::{PiCurve, PiPoint, PiSpec};
pub use run::{CurveRun, Unit, UnitResult};
