//! # featrank
//!
//! Compute feature rankings and find out which ranking to trust.
//!
//! Data flows one way: a Polars `DataFrame` becomes a [`Dataset`](dataset::Dataset) (numeric and nominal
//! features, missing values kept as NaN, a classification or regression target); rankers turn it into
//! rankings; FFA/RFA error curves, the ECA score and stability curves judge the rankings.
//!
//! ```
//! use featrank::prelude::*;
//! let iris = featrank::datasets::load("iris").unwrap().dataset().unwrap();
//! assert_eq!((iris.n_rows(), iris.n_features(), iris.n_classes()), (150, 4, 3));
//! ```
#![warn(missing_docs)]

pub mod comparison;
pub mod curves;
pub mod cv;
pub mod dataset;
pub mod display;
pub mod distance;
pub mod datasets;
pub mod error;
pub mod grid;
pub mod io;
pub mod learners;
pub mod measure;
pub mod plot;
pub mod progress;
pub mod ranking;
pub mod rankers;
pub mod score;
pub mod seed;
mod simd;
pub mod stability;
pub mod stats;
pub mod synth;

pub use error::{Error, Result};
/// The ndarray version featrank uses (re-exported so notebooks never mix versions).
pub use ndarray;
/// The polars version featrank uses (re-exported so notebooks never mix versions).
pub use polars;

/// Everything a notebook needs with one `use featrank::prelude::*;`.
pub mod prelude {
    pub use crate::display::Table;
    pub use crate::plot::Figure;
    pub use crate::dataset::{Columns, Dataset, DatasetBuilder, FeatureKind, Summary, Target, Task, TaskChoice};
    pub use crate::comparison::{Comparison, EcaRow};
    pub use crate::curves::{Curve, CurveKind, CurveSpec, Curves};
    pub use crate::cv::CvPlan;
    pub use crate::datasets::{self, Bundled};
    pub use crate::grid::Grid;
    pub use crate::learners::{DecisionTree, Kernel, Knn, Learner, Mlp, Multiclass, NaiveBayes, RandomForest, Svm};
    pub use crate::rankers::{
        Aggregate, Consensus, Criterion, EcFs, Ensemble, Filter, Fisher, FisherVariant, ForestImportance, Importance,
        InfFs, MutualInfo, RReliefF, Ranker, ReliefF, SvmRfe,
    };
    pub use crate::measure::Measure;
    pub use crate::ranking::Ranking;
    pub use crate::score::{Eca, PiCurve, Weighting};
    pub use crate::stats::{CriticalDifference, Friedman};
    pub use crate::stability::{Resampling, StabilityCurve};
    pub use crate::synth::{Binary, Design, GroundTruth, Madelon, NoiseScale, Synthetic};
    pub use crate::error::{Error, Result};
    pub use crate::io::{self, read};
    pub use ndarray::{self, Array1, Array2, ArrayView1, ArrayView2};
    pub use polars::prelude::{df, Column, DataFrame, DataType, NamedFrom, Series};
}
