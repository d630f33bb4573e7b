//! # featrank
//!
//! Compute feature rankings and find out which ranking to trust.
//!
//! Data flows one way: a Polars `DataFrame` becomes a [`Dataset`](data::Dataset) (numeric and nominal
//! features, missing values kept as NaN, a classification or regression target); rankers turn it into
//! rankings; FFA/RFA error curves, the ECA score and stability curves judge the rankings.
//!
//! ```
//! use featrank::prelude::*;
//! let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
//! assert_eq!((iris.n_rows(), iris.n_features(), iris.n_classes()), (150, 4, 3));
//! ```
#![warn(missing_docs)]

// The layers from the bottom up (ARCHITECTURE.md; tests/suite/layers.rs keeps them): a module imports only
// from its own layer and those below it. Base:
pub mod device;
pub mod error;
pub mod math;
pub mod memory;
pub mod method;
pub mod notice;
pub mod parallel;
pub mod param;
pub mod progress;
pub(crate) mod reuse;
pub mod seed;
pub mod simd;
pub mod spec;
pub mod task;

pub mod data;

// resampling: splits, folds, predictions and measures, below the methods
pub mod resampling;

// methods: learners and rankers, one layer (each nests the other in a spec)
pub mod learners;
pub mod rankers;

pub mod eval;

pub mod compare;

pub mod protocol;

pub mod report;

pub use error::{Error, Result};
/// The ndarray version featrank uses (re-exported so notebooks never mix versions).
pub use ndarray;
/// The polars version featrank uses (re-exported so notebooks never mix versions).
pub use polars;
pub use spec::Spec;

/// Everything a notebook needs with one `use featrank::prelude::*;`.
pub mod prelude {
    pub use crate::compare::{
        stability_table, Comparison, CriticalDifference, EcaRow, FoldStability, Friedman, Nogueira, Significance,
        SizeChoices, SizeRule, Stabilities, StabilityCurve, TradeOff, Verdict,
    };
    pub use crate::data::{
        self, datasets, io, io::read, Aggregate, Binary, Bundled, Columns, Dataset, DatasetBuilder, Design,
        FeatureKind, Frame, GroundTruth, Madelon, NoiseScale, Null, Ranking, Summary, Synthetic, Target, Task,
        TaskChoice,
    };
    pub use crate::device::Device;
    pub use crate::error::{Error, Result};
    pub use crate::eval::{
        Baseline, Candidate, Curve, CurveKind, CurveOptions, CurveSpec, Curves, Eca, FoldRankings, Grid, Mode, PiCurve,
        PiSpec, Sample, Weighting,
    };
    pub use crate::learners::{
        self, DecisionTree, Kernel, Knn, KnnDistance, KnnTies, Learner, MlKnn, Mlp, Multiclass, NaiveBayes,
        RandomForest, Svm, WeightedKnn,
    };
    pub use crate::method::Method;
    pub use crate::rankers::{
        self, Consensus, Criterion, EcFs, Ensemble, Fcbf, Filter, Fisher, FisherVariant, ForestImportance, Importance,
        InfFs, InfoSelection, LaplacianScore, Lasso, LassoPath, MutualInfo, PermutationImportance, RReliefF, Ranker,
        Relevance, ReliefF, SelectionCriterion, ShadowFeatures, StabilitySelection, Surf, SurfVariant, SvmRfe, Turf,
    };
    pub use crate::report::{Figure, Table};
    pub use crate::resampling::{CvPlan, Measure, Resampling, Scheme};
    pub use crate::spec::Spec;
    pub use ndarray::{self, Array1, Array2, ArrayView1, ArrayView2};
    pub use polars::prelude::{df, Column, DataFrame, DataType, NamedFrom, Series};
}
