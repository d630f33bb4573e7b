//! [`Dataset`]: the feature matrix, its feature kinds and the target, built from a Polars DataFrame.
//!
//! Conventions (fixed once, used everywhere):
//! - Numeric columns (every integer and float type) become `f64` features. Integers beyond ±2⁵³ cannot be
//!   held exactly in `f64` and are refused with an error naming the column.
//! - Boolean, String, Categorical and Enum columns become **nominal** features: the values are integer codes
//!   `0..levels.len()` stored as `f64`, and [`FeatureKind::Nominal`] keeps the level names. Level order:
//!   Enum = declared order (ARFF nominal attributes arrive as Enum), Boolean = `false, true`, String and
//!   Categorical = sorted by byte order.
//! - Null and NaN are **missing**, stored as `NaN` in the matrix and never dropped or imputed here;
//!   [`Dataset::missing_mask`] gives the mask. Whether a missing cell was null or NaN is remembered so that
//!   [`Dataset::to_polars`] gives back the frame it was built from, value for value and dtype for dtype.
//! - The matrix is column-major (Fortran order): a feature is one contiguous slice, so feature subsets are
//!   views ([`Dataset::feature`], [`Dataset::columns`]) and never copies of the whole matrix.
//! - Target: classification (class codes `0..n_classes` with their names) or regression (`f64` values).
//!   [`TaskChoice::Auto`] picks regression for float columns and classification for everything else; override
//!   it with [`DatasetBuilder::task`]. [`Dataset::task`] shows the choice.

use std::collections::HashSet;
use std::sync::OnceLock;

use std::borrow::Cow;

use ndarray::{Array1, Array2, ArrayView1, CowArray, Ix1, ShapeBuilder};
use polars::prelude::*;
use serde::Serialize;

use crate::error::{Error, Result};

mod arrays;
mod from_polars;
mod linfa_data;
mod permuted;
mod source;
mod sparse;
mod structure;
mod summary;
mod survival;
mod targets;
mod to_polars;

pub use arrays::{Decoded, TargetValue};
pub use from_polars::{looks_like_identifier, DatasetBuilder};
use source::Source;
use sparse::Matrix;
pub(crate) use sparse::RowPositions;
pub use sparse::SparseMatrix;
use structure::Structure;
pub use structure::{Groups, TimeOrder};
pub(crate) use summary::{density_words, text_list};
pub use summary::{GroupsSummary, LabelSets, Summary, SurvivalSummary, TargetSummary};
pub use survival::{CumulativeHazard, Survival};

/// The magnitudes featrank's methods compute with safely: a numeric column whose largest |value| lies in
/// `[1e-150, 1e150]` (or is 0) keeps every square, sum of squares over 10⁹ cells, product of two values, range
/// and distance a normal, finite f64. Beyond it variances, ranges and kernels overflow to ∞ or underflow to 0
/// and rankings silently go wrong, so the checking paths refuse such a column by name
/// ([`Dataset::check_magnitudes`]); a Dataset itself holds any finite value.
pub const SAFE_MAGNITUDE: (f64, f64) = (1e-150, 1e150);

/// Largest magnitude an integer may have to be held exactly by `f64` (2⁵³).
const EXACT_INT_LIMIT: u64 = 9_007_199_254_740_992;

/// How a feature's values are to be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum FeatureKind {
    /// Real-valued; distances and splits use the value itself.
    Numeric,
    /// Categorical with the given level names; the matrix holds the level index (0-based) as `f64`.
    Nominal {
        /// Level names in code order.
        levels: Vec<String>,
    },
}

impl FeatureKind {
    /// `true` for [`FeatureKind::Nominal`].
    pub fn is_nominal(&self) -> bool {
        matches!(self, FeatureKind::Nominal { .. })
    }
}

pub use crate::task::Task;

/// How the task is chosen when a dataset is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TaskChoice {
    /// Regression for Float32/Float64 targets, classification for every other dtype.
    #[default]
    Auto,
    /// Always classification (numeric values become class labels).
    Classification,
    /// Always regression (the target must be numeric).
    Regression,
    /// A survival target: two target columns, the follow-up time then the event ([`Survival`]).
    Survival,
}

impl TaskChoice {
    /// Every choice, in the order help texts list them.
    pub const ALL: [TaskChoice; 4] =
        [TaskChoice::Auto, TaskChoice::Classification, TaskChoice::Regression, TaskChoice::Survival];
}

impl std::str::FromStr for TaskChoice {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(TaskChoice::Auto),
            "classification" | "class" => Ok(TaskChoice::Classification),
            "regression" | "reg" => Ok(TaskChoice::Regression),
            "survival" | "surv" => Ok(TaskChoice::Survival),
            _ => Err(Error::param(
                "task",
                format!("'{}' is not one of auto, classification, regression, survival", crate::error::quote(s)),
            )),
        }
    }
}

impl std::fmt::Display for TaskChoice {
    /// `auto`, `classification` or `regression`: the text `FromStr` reads.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TaskChoice::Auto => "auto",
            TaskChoice::Classification => "classification",
            TaskChoice::Regression => "regression",
            TaskChoice::Survival => "survival",
        })
    }
}

/// The prediction target.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub enum Target {
    /// Class codes `0..names.len()` per row, and the class names in code order.
    Classes {
        /// Class code of each row.
        codes: Vec<usize>,
        /// Class names in code order.
        names: Vec<String>,
    },
    /// Real-valued target per row.
    Values(Vec<f64>),
    /// Several targets (multi-label or multi-target), each a `Classes` or `Values` target — never a set —
    /// in the order the columns were given; [`Dataset::target_names`] names them.
    Set(Vec<Target>),
    /// A time to an event with right censoring, read from two columns (time, event).
    Survival(Survival),
}

/// Where a column came from, so [`Dataset::to_polars`] can rebuild it exactly.
#[derive(Debug, Clone)]
struct Origin {
    name: String,
    dtype: DataType,
    /// Rows whose value was NaN rather than null (only float columns have any).
    nan_rows: Vec<usize>,
}

/// One slot of the original column order.
#[derive(Debug, Clone, Copy)]
enum Slot {
    Feature(usize),
    /// The `t`-th target (0 for a single target).
    Target(usize),
}

/// A table ready for ranking and evaluation: an `n_rows × n_features` matrix of `f64` (NaN = missing),
/// the kind of each feature, and a classification or regression target.
///
/// ```
/// use featrank::prelude::*;
/// let df = df!(
///     "width" => [1.0, 2.5, f64::NAN, 4.0],
///     "colour" => ["red", "blue", "red", "blue"],
///     "class" => ["yes", "no", "yes", "no"],
/// ).unwrap();
/// let ds = Dataset::from_polars(&df, "class").unwrap();
/// assert_eq!((ds.n_rows(), ds.n_features()), (4, 2));
/// assert_eq!(ds.class_names().unwrap(), ["no", "yes"]);
/// assert_eq!(ds.class_counts().unwrap(), [2, 2]);
/// assert!(ds.is_missing(2, 0));
/// assert!(ds.kind(1).is_nominal());
/// assert_eq!(ds.to_polars().unwrap().shape(), df.shape()); // an exact round trip, see tests/suite/dataset.rs
/// ```
#[derive(Debug, Clone)]
pub struct Dataset {
    /// Dense column-major `f64`, or sparse columns ([`SparseMatrix`]).
    x: Matrix,
    names: Vec<String>,
    kinds: Vec<FeatureKind>,
    /// One per feature, or none when every feature is a plain `Float64` column without NaN named as the
    /// feature (sparse data: 10⁵ terms keep no 10⁵ records); [`Dataset::origin`].
    origins: Vec<Origin>,
    target: Target,
    /// One per target, in the order of [`Dataset::targets`].
    target_origins: Vec<Origin>,
    /// The target names joined by `, ` (what errors and summaries call a target set).
    target_label: String,
    layout: Vec<Slot>,
    /// The first numeric column out of [`SAFE_MAGNITUDE`] and its largest magnitude, found once
    /// ([`Dataset::check_magnitudes`]).
    out_of_range: OnceLock<Option<(Place, f64)>>,
    /// The rows' groups and time order, if given ([`Dataset::groups`], [`Dataset::time_order`]).
    structure: Structure,
    /// The identity of the feature values, and the rows they were taken from ([`Dataset::source`]).
    source: Source,
}

/// A column of a dataset: a feature or a target, by index.
#[derive(Debug, Clone, Copy)]
enum Place {
    Feature(usize),
    Target(usize),
}

impl Dataset {
    /// Number of rows (instances).
    pub fn n_rows(&self) -> usize {
        self.x.n_rows()
    }

    /// Number of features (the target is not counted).
    pub fn n_features(&self) -> usize {
        self.x.n_cols()
    }

    /// Feature names in column order.
    pub fn feature_names(&self) -> &[String] {
        &self.names
    }

    /// Index of the feature called `name`.
    pub fn feature_index(&self, name: &str) -> Result<usize> {
        self.names.iter().position(|n| n == name).ok_or_else(|| Error::missing_column(name, &self.names))
    }

    /// Kind of feature `j`.
    pub fn kind(&self, j: usize) -> &FeatureKind {
        &self.kinds[j]
    }

    /// Kinds of all features.
    pub fn kinds(&self) -> &[FeatureKind] {
        &self.kinds
    }

    /// The whole `n_rows × n_features` matrix (column-major; NaN = missing): borrowed when the features are
    /// dense, a copy after the memory check when they are sparse ([`Dataset::densify`]).
    pub fn x(&self) -> Result<Cow<'_, Array2<f64>>> {
        self.x.dense("the whole feature matrix")
    }

    /// Feature `j`: a contiguous view of dense data, or a sparse feature with its zeros filled in (`n_rows`
    /// values; a sparse matrix has no missing cells). Like slice indexing, panics if `j ≥ n_features()`; use
    /// [`Dataset::feature_index`] to look a name up with an error, or [`Dataset::columns`] for checked views.
    pub fn feature(&self, j: usize) -> CowArray<'_, f64, Ix1> {
        match self.x.column(j) {
            Cow::Borrowed(c) => CowArray::from(ArrayView1::from(c)),
            Cow::Owned(c) => CowArray::from(Array1::from(c)),
        }
    }

    /// Refuse, by name, the first numeric feature (or a numeric target) whose largest magnitude lies outside
    /// [`SAFE_MAGNITUDE`], with the power of ten to divide or multiply it by; rankers' and learners' checking
    /// paths call it, and the scan runs once per dataset.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let df = df!("big" => [1e300, -1e300, 2e300, -2e300], "ok" => [1.0, 2.0, 3.0, 4.0], "y" => ["a", "b", "a", "b"]).unwrap();
    /// let ds = Dataset::from_polars(&df, "y").unwrap(); // a dataset holds any finite value …
    /// let err = ds.check_magnitudes().unwrap_err().to_string(); // … the methods refuse what they cannot compute with
    /// assert!(err.starts_with("column 'big': its values reach 2e300"), "{err}");
    /// assert!(err.contains("divide it by 1e300"), "{err}");
    /// assert!(ReliefF::new().rank(&ds, 1).is_err());
    /// ```
    pub fn check_magnitudes(&self) -> Result<()> {
        let found = *self.out_of_range.get_or_init(|| {
            let out = |v: ArrayView1<'_, f64>| {
                let top = v.iter().filter(|v| !v.is_nan()).fold(0.0f64, |m, v| m.max(v.abs()));
                (top > SAFE_MAGNITUDE.1 || (top > 0.0 && top < SAFE_MAGNITUDE.0)).then_some(top)
            };
            // a sparse feature's zeros do not move its largest magnitude: its stored values suffice
            let stored = |j: usize| match &self.x {
                Matrix::Sparse(s) => out(ArrayView1::from(s.column(j).1)),
                Matrix::Dense(_) => out(self.feature(j).view()),
            };
            let numeric = (0..self.n_features()).filter(|&j| !self.kinds[j].is_nominal());
            numeric.filter_map(|j| stored(j).map(|top| (Place::Feature(j), top))).next().or_else(|| {
                self.targets().iter().enumerate().find_map(|(t, target)| match target {
                    Target::Values(v) => out(ArrayView1::from(v.as_slice())).map(|top| (Place::Target(t), top)),
                    Target::Survival(s) => out(ArrayView1::from(s.time())).map(|top| (Place::Target(t), top)),
                    _ => None,
                })
            })
        });
        let Some((column, top)) = found else { return Ok(()) };
        let power = top.log10().round() as i32;
        let (verb, by) = if power > 0 { ("divide", power) } else { ("multiply", -power) };
        let reason = format!(
            "its values reach {top:e} in magnitude, outside the {:e} … {:e} featrank's methods compute with safely \
             (squares and ranges of larger values overflow f64, of smaller ones underflow); rescale it, e.g. {verb} it \
             by 1e{by}",
            SAFE_MAGNITUDE.0, SAFE_MAGNITUDE.1
        );
        Err(match column {
            Place::Feature(j) => Error::column(self.names[j].clone(), reason),
            Place::Target(t) => Error::target(self.target_origins[t].name.clone(), reason),
        })
    }

    /// A view of the features `indices` (in that order); nothing is copied.
    pub fn columns<'a>(&'a self, indices: &'a [usize]) -> Result<Columns<'a>> {
        if let Some(&bad) = indices.iter().find(|&&j| j >= self.n_features()) {
            return Err(Error::param(
                "indices",
                format!("feature index {bad} is out of range (the dataset has {} features)", self.n_features()),
            ));
        }
        Ok(Columns { data: self, indices })
    }

    /// Name of the target column; of a target set, the names joined by `, `.
    pub fn target_name(&self) -> &str {
        &self.target_label
    }

    /// The target (of several targets: [`Target::Set`]).
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// The learning task: classification or regression for one target; for several, multi-label (every
    /// target a 0/1 or false/true label), multi-target classification or multi-target regression.
    pub fn task(&self) -> Task {
        match &self.target {
            Target::Classes { .. } => Task::Classification,
            Target::Values(_) => Task::Regression,
            Target::Set(members) if members.iter().all(Target::is_label) => Task::MultiLabel,
            Target::Set(members) if matches!(members.first(), Some(Target::Values(_))) => Task::MultiTargetRegression,
            Target::Set(_) => Task::MultiTargetClassification,
            Target::Survival(_) => Task::Survival,
        }
    }

    /// Class code per row (classification only).
    pub fn labels(&self) -> Option<&[usize]> {
        match &self.target {
            Target::Classes { codes, .. } => Some(codes),
            Target::Values(_) | Target::Set(_) | Target::Survival(_) => None,
        }
    }

    /// Class names in code order (classification only).
    pub fn class_names(&self) -> Option<&[String]> {
        match &self.target {
            Target::Classes { names, .. } => Some(names),
            Target::Values(_) | Target::Set(_) | Target::Survival(_) => None,
        }
    }

    /// Number of classes (0 for regression and target sets).
    pub fn n_classes(&self) -> usize {
        self.class_names().map_or(0, |n| n.len())
    }

    /// Rows per class in code order (classification only).
    pub fn class_counts(&self) -> Option<Vec<usize>> {
        let labels = self.labels()?;
        let mut counts = vec![0; self.n_classes()];
        for &c in labels {
            counts[c] += 1;
        }
        Some(counts)
    }

    /// Regression target values (regression only).
    pub fn values(&self) -> Option<&[f64]> {
        match &self.target {
            Target::Values(v) => Some(v),
            Target::Classes { .. } | Target::Set(_) | Target::Survival(_) => None,
        }
    }

    /// `true` where cell `(row, feature)` is missing.
    pub fn is_missing(&self, row: usize, feature: usize) -> bool {
        self.x.get(row, feature).is_nan()
    }

    /// `n_rows × n_features` mask, `true` = missing (all `false` for sparse features).
    pub fn missing_mask(&self) -> Array2<bool> {
        match &self.x {
            Matrix::Dense(x) => x.mapv(f64::is_nan),
            Matrix::Sparse(s) => Array2::from_elem((s.n_rows(), s.n_cols()), false),
        }
    }

    /// Missing cells per feature (none for sparse features).
    pub fn missing_counts(&self) -> Vec<usize> {
        match &self.x {
            Matrix::Dense(x) => x.columns().into_iter().map(|c| c.iter().filter(|v| v.is_nan()).count()).collect(),
            Matrix::Sparse(s) => vec![0; s.n_cols()],
        }
    }

    /// Indices of features whose present values are all equal (a constant feature carries no
    /// information; it is kept, and rankers give it the lowest relevance).
    pub fn constant_features(&self) -> Vec<usize> {
        if let Matrix::Sparse(s) = &self.x {
            // a sparse column is constant when it stores nothing, or a value in every row that is always the same
            let constant = |(rows, v): (&[u32], &[f64])| {
                rows.is_empty() || (rows.len() == s.n_rows() && v.iter().all(|&a| a == v[0]))
            };
            return (0..s.n_cols()).filter(|&j| constant(s.column(j))).collect();
        }
        (0..self.n_features())
            .filter(|&j| {
                let mut present = self.feature(j).into_iter().filter(|v| !v.is_nan());
                match present.next() {
                    Some(first) => present.all(|v| v == first),
                    None => true,
                }
            })
            .collect()
    }

    /// A new dataset with only the features `names` (in that order) and the same target.
    pub fn select_features<S: AsRef<str>>(&self, names: &[S]) -> Result<Dataset> {
        let idx = names.iter().map(|n| self.feature_index(n.as_ref())).collect::<Result<Vec<_>>>()?;
        let mut seen = HashSet::new();
        if let Some(d) = names.iter().map(|n| n.as_ref()).find(|n| !seen.insert(*n)) {
            return Err(Error::DuplicateName { name: d.to_string(), context: "the selected features".into() });
        }
        if idx.is_empty() {
            return Err(Error::param("names", "select at least one feature"));
        }
        Ok(self.select_indices(&idx))
    }

    /// A new dataset with the features at `idx` (in range, in that order) and the same target, stored as this
    /// one is (sparse stays sparse).
    pub(crate) fn select_indices(&self, idx: &[usize]) -> Dataset {
        self.with_matrix(self.x.select_columns(idx), idx)
    }

    /// This dataset's target and rows with the features `x`, which are this dataset's features `idx`.
    fn with_matrix(&self, x: Matrix, idx: &[usize]) -> Dataset {
        let mut layout: Vec<Slot> = (0..idx.len()).map(Slot::Feature).collect();
        layout.extend((0..self.target_origins.len()).map(Slot::Target));
        let names = idx.iter().map(|&j| self.names[j].clone()).collect();
        let kinds = idx.iter().map(|&j| self.kinds[j].clone()).collect();
        self.with_features(x, names, kinds, idx.iter().filter_map(|&j| self.origins.get(j).cloned()).collect(), layout)
    }

    /// This dataset's target and rows with other features (their values new: a new [`Dataset::source`]).
    fn with_features(
        &self,
        x: Matrix,
        names: Vec<String>,
        kinds: Vec<FeatureKind>,
        origins: Vec<Origin>,
        layout: Vec<Slot>,
    ) -> Dataset {
        Dataset {
            x,
            names,
            kinds,
            origins,
            target: self.target.clone(),
            target_origins: self.target_origins.clone(),
            target_label: self.target_label.clone(),
            layout,
            out_of_range: OnceLock::new(),
            structure: self.structure.clone(),
            source: Source::new(),
        }
    }

    /// A new dataset with the given rows, in that order; a row may repeat (a bootstrap sample). Class
    /// names are kept even if a class has no row in the sample.
    pub fn take_rows(&self, rows: &[usize]) -> Result<Dataset> {
        if rows.is_empty() {
            return Err(Error::EmptyData { what: "no rows selected".into() });
        }
        if let Some(&bad) = rows.iter().find(|&&r| r >= self.n_rows()) {
            return Err(Error::param("rows", format!("row {bad} is out of range ({} rows)", self.n_rows())));
        }
        let x = self.x.take_rows(rows);
        let remap = |o: &Origin| {
            if o.nan_rows.is_empty() {
                return o.clone(); // most columns (every sparse one) had no NaN: no pass over the rows
            }
            let nan: HashSet<usize> = o.nan_rows.iter().copied().collect();
            Origin { nan_rows: (0..rows.len()).filter(|&p| nan.contains(&rows[p])).collect(), ..o.clone() }
        };
        Ok(Dataset {
            x,
            names: self.names.clone(),
            kinds: self.kinds.clone(),
            origins: self.origins.iter().map(remap).collect(),
            target: self.target.take(rows),
            target_origins: self.target_origins.iter().map(remap).collect(),
            target_label: self.target_label.clone(),
            layout: self.layout.clone(),
            out_of_range: OnceLock::new(),
            structure: self.structure.take(rows),
            source: self.source.take(rows),
        })
    }
}

impl Dataset {
    /// Where feature `j` came from.
    fn origin(&self, j: usize) -> Cow<'_, Origin> {
        match self.origins.get(j) {
            Some(o) => Cow::Borrowed(o),
            None => Cow::Owned(Origin { name: self.names[j].clone(), dtype: DataType::Float64, nan_rows: vec![] }),
        }
    }

    /// A dataset of these parts, checked by the builder that made them (`targets`: the target and the origin of
    /// each of its members).
    fn from_parts(
        x: Matrix,
        names: Vec<String>,
        kinds: Vec<FeatureKind>,
        origins: Vec<Origin>,
        (target, target_origins): (Target, Vec<Origin>),
        layout: Vec<Slot>,
    ) -> Dataset {
        let target_label = target_label(&target_origins);
        Dataset {
            x,
            names,
            kinds,
            origins,
            target,
            target_origins,
            target_label,
            layout,
            out_of_range: OnceLock::new(),
            structure: Structure::default(),
            source: Source::new(),
        }
    }
}

/// What a dataset calls its target(s): the one name, or the names joined by `, `.
fn target_label(origins: &[Origin]) -> String {
    origins.iter().map(|o| o.name.as_str()).collect::<Vec<_>>().join(", ")
}

/// A borrowed selection of a dataset's features; see [`Dataset::columns`].
///
/// ```
/// use featrank::prelude::*;
/// let df = df!("a" => [1.0, 2.0], "b" => [3.0, 4.0], "y" => ["p", "q"]).unwrap();
/// let ds = Dataset::from_polars(&df, "y").unwrap();
/// let cols = ds.columns(&[1]).unwrap();
/// assert_eq!(cols.get(0).to_vec(), vec![3.0, 4.0]);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Columns<'a> {
    data: &'a Dataset,
    indices: &'a [usize],
}

impl<'a> Columns<'a> {
    /// Number of selected features.
    pub fn len(&self) -> usize {
        self.indices.len()
    }

    /// `true` when nothing is selected.
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// The `i`-th selected feature (see [`Dataset::feature`]).
    pub fn get(&self, i: usize) -> CowArray<'a, f64, Ix1> {
        self.data.feature(self.indices[i])
    }

    /// Dataset indices of the selection.
    pub fn indices(&self) -> &'a [usize] {
        self.indices
    }

    /// Kind of the `i`-th selected feature.
    pub fn kind(&self, i: usize) -> &'a FeatureKind {
        self.data.kind(self.indices[i])
    }

    /// Copy the selection into a new `n_rows × len` column-major matrix.
    pub fn to_array(&self) -> Array2<f64> {
        let mut out = Array2::zeros((self.data.n_rows(), self.len()).f());
        for (i, mut col) in out.columns_mut().into_iter().enumerate() {
            col.assign(&self.get(i));
        }
        out
    }
}
