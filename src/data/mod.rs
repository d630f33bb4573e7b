//! The data layer: what everything else reads. A Polars frame becomes a [`Dataset`]; a [`Ranking`] orders
//! its features; [`io`] reads and writes files; [`datasets`] holds the bundled real data and [`synth`]
//! generates data with exact ground truth.

pub mod aggregate;
pub mod dataset;
pub mod datasets;
pub mod frame;
pub mod io;
pub mod long_table;
pub mod ranking;
pub mod synth;

pub use aggregate::Aggregate;
pub use dataset::{
    Columns, Dataset, DatasetBuilder, Decoded, FeatureKind, Summary, Target, TargetValue, Task, TaskChoice,
    SAFE_MAGNITUDE,
};
pub use datasets::Bundled;
pub use frame::{AsDataFrame, Frame};
pub use ranking::Ranking;
pub use synth::{Binary, Design, GroundTruth, Madelon, NoiseScale, Null, Synthetic};
