//! A [`Dataset`] from and to `ndarray` arrays: what a Rust user's own code and models (linfa among them)
//! take.
//!
//! - In: [`Dataset::from_ndarray`] reads a records matrix, a target vector of any [`TargetValue`] and the
//!   feature names, through the same checks as a Polars frame ([`Dataset::from_polars`]).
//! - Out: [`Dataset::to_ndarray`] gives the `rows × features` matrix (row-major), and
//!   [`TargetValue::encode`] the target as a vector of the type a model wants.
//!
//! **Nominal features are refused on the way out, not one-hot encoded**: column `j` of the matrix is feature
//! `j` of the dataset — the name a [`crate::data::Ranking`] orders — and one-hot columns would break that
//! correspondence (a ranking's top 5 would no longer be 5 columns). featrank's own learners take nominal
//! features as they are; for an array, encode or drop such a column first (the error names it).

use ndarray::{Array2, ArrayView1, ArrayView2, AsArray, Ix1, Ix2};
use polars::prelude::{Column, DataFrame};

use super::SparseMatrix;
use super::{Dataset, Target, Task};
use crate::error::{Error, Result};

/// A target value a Rust array holds, and how it maps to a [`Dataset`]'s target:
///
/// | type | task | value |
/// |---|---|---|
/// | `usize` | classification | the class code, an index into [`Dataset::class_names`] (labels `0..k` given to [`Dataset::from_ndarray`] come back unchanged: numeric classes are ordered by value) |
/// | `bool` | classification, two classes | `true` = the second class of [`Dataset::class_names`] (`false`/`true`, `0`/`1`, `no`/`yes` all put the positive class second) |
/// | `String` | classification | the class name |
/// | `f64` | regression | the value |
///
/// ```
/// use featrank::prelude::*;
/// use featrank::data::TargetValue;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let codes = usize::encode(iris.target(), &[0, 50, 100]).unwrap();
/// assert_eq!(codes, [0, 1, 2]);
/// let names = String::encode(iris.target(), &[0]).unwrap();
/// assert_eq!(names, ["Iris-setosa"]);
/// let err = f64::encode(iris.target(), &[0]).unwrap_err();
/// assert!(err.to_string().contains("classification"));
/// ```
pub trait TargetValue: Clone + Send + Sync + 'static {
    /// The task whose target this type holds.
    const TASK: Task;

    /// The polars column of `values` named `name` (what [`Dataset::from_ndarray`] builds the target from).
    fn column(name: &str, values: Vec<Self>) -> Column;

    /// The values of `target` at `rows`, or an error when this type cannot hold that target (a class as
    /// `f64`, three classes as `bool`, a numeric target as a class).
    fn encode(target: &Target, rows: &[usize]) -> Result<Vec<Self>>;

    /// `predicted` values back as class codes of `target` (classification) or values (regression); a value
    /// that is no class of `target` is an error.
    fn decode(target: &Target, predicted: &[Self]) -> Result<Decoded>;
}

/// Predicted target values in a [`Dataset`]'s terms ([`TargetValue::decode`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Decoded {
    /// Class codes, indices into the dataset's class names.
    Classes(Vec<usize>),
    /// Regression values.
    Values(Vec<f64>),
}

/// The class codes and names of a classification target, or the error naming what `wanted` needs.
fn classes<'a>(target: &'a Target, wanted: &str) -> Result<(&'a [usize], &'a [String])> {
    match target {
        Target::Classes { codes, names } => Ok((codes, names)),
        Target::Values(_) => Err(Error::param(
            "target",
            format!("the target is numeric (regression); {wanted} holds classes — use f64 for a regression target"),
        )),
        Target::Set(_) => Err(several_targets()),
        Target::Survival(_) => Err(survival_target()),
    }
}

/// The error for a target set where one target is wanted.
fn several_targets() -> Error {
    Error::param("target", "the dataset has several targets; take one with Dataset::for_target(t)")
}

/// The error for a survival target where classes or values are wanted.
fn survival_target() -> Error {
    Error::param("target", "the target is a survival time with an event (Dataset::survival), not classes or values")
}

/// Every row exists.
fn check_rows(target: &Target, rows: &[usize]) -> Result<()> {
    let n = match target {
        Target::Classes { codes, .. } => codes.len(),
        Target::Values(v) => v.len(),
        Target::Set(_) => return Err(several_targets()),
        Target::Survival(_) => return Err(survival_target()),
    };
    match rows.iter().find(|&&r| r >= n) {
        Some(r) => Err(Error::param("rows", format!("row {r} is out of range ({n} rows)"))),
        None => Ok(()),
    }
}

/// Predicted class codes, each checked against the class count.
fn codes_within(names: &[String], codes: impl Iterator<Item = usize>) -> Result<Decoded> {
    let k = names.len();
    let codes: Vec<usize> = codes.collect();
    match codes.iter().find(|&&c| c >= k) {
        Some(c) => Err(Error::param("prediction", format!("class code {c} is no class of the target ({k} classes)"))),
        None => Ok(Decoded::Classes(codes)),
    }
}

impl TargetValue for usize {
    const TASK: Task = Task::Classification;

    fn column(name: &str, values: Vec<usize>) -> Column {
        Column::new(name.into(), values.into_iter().map(|v| v as u64).collect::<Vec<u64>>())
    }

    fn encode(target: &Target, rows: &[usize]) -> Result<Vec<usize>> {
        check_rows(target, rows)?;
        let (codes, _) = classes(target, "usize")?;
        Ok(rows.iter().map(|&r| codes[r]).collect())
    }

    fn decode(target: &Target, predicted: &[usize]) -> Result<Decoded> {
        let (_, names) = classes(target, "usize")?;
        codes_within(names, predicted.iter().copied())
    }
}

impl TargetValue for bool {
    const TASK: Task = Task::Classification;

    fn column(name: &str, values: Vec<bool>) -> Column {
        Column::new(name.into(), values)
    }

    fn encode(target: &Target, rows: &[usize]) -> Result<Vec<bool>> {
        check_rows(target, rows)?;
        let (codes, names) = classes(target, "bool")?;
        if names.len() != 2 {
            let reason = format!("bool holds two classes; the target has {} ({})", names.len(), names.join(", "));
            return Err(Error::param("target", format!("{reason} — use usize or String")));
        }
        Ok(rows.iter().map(|&r| codes[r] == 1).collect())
    }

    fn decode(target: &Target, predicted: &[bool]) -> Result<Decoded> {
        let (_, names) = classes(target, "bool")?;
        codes_within(names, predicted.iter().map(|&p| p as usize))
    }
}

impl TargetValue for String {
    const TASK: Task = Task::Classification;

    fn column(name: &str, values: Vec<String>) -> Column {
        Column::new(name.into(), values)
    }

    fn encode(target: &Target, rows: &[usize]) -> Result<Vec<String>> {
        check_rows(target, rows)?;
        let (codes, names) = classes(target, "String")?;
        Ok(rows.iter().map(|&r| names[codes[r]].clone()).collect())
    }

    fn decode(target: &Target, predicted: &[String]) -> Result<Decoded> {
        let (_, names) = classes(target, "String")?;
        let code = |p: &String| {
            names.iter().position(|n| n == p).ok_or_else(|| {
                Error::param("prediction", format!("'{}' is no class of the target", crate::error::quote(p)))
            })
        };
        Ok(Decoded::Classes(predicted.iter().map(code).collect::<Result<_>>()?))
    }
}

impl TargetValue for f64 {
    const TASK: Task = Task::Regression;

    fn column(name: &str, values: Vec<f64>) -> Column {
        Column::new(name.into(), values)
    }

    fn encode(target: &Target, rows: &[usize]) -> Result<Vec<f64>> {
        check_rows(target, rows)?;
        match target {
            Target::Values(v) => Ok(rows.iter().map(|&r| v[r]).collect()),
            Target::Classes { .. } => Err(Error::param(
                "target",
                "the target holds classes (classification); f64 holds a numeric target — use usize, bool or String",
            )),
            Target::Set(_) => Err(several_targets()),
            Target::Survival(_) => Err(survival_target()),
        }
    }

    fn decode(target: &Target, predicted: &[f64]) -> Result<Decoded> {
        match target {
            Target::Values(_) => Ok(Decoded::Values(predicted.to_vec())),
            Target::Classes { .. } => Err(Error::param("prediction", "numbers predicted for a classification target")),
            Target::Set(_) => Err(several_targets()),
            Target::Survival(_) => Err(survival_target()),
        }
    }
}

impl Dataset {
    /// A dataset from a records matrix `x` (rows × features; NaN = missing), a target `y` (one value per
    /// row: `usize`, `bool` or `String` classes, `f64` values — see [`TargetValue`]) and the feature names
    /// (empty: `x0, x1, …`); the target column is named `target`. The same checks as a Polars frame (every
    /// feature numeric; a constant or missing target refused).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let x = ndarray::array![[1.0, 0.5], [2.0, 0.1], [3.0, 0.7], [4.0, 0.2]];
    /// let ds = Dataset::from_ndarray(&x, &ndarray::array![0usize, 0, 1, 1], &["dose", "age"]).unwrap();
    /// assert_eq!((ds.n_rows(), ds.feature_names()), (4, &["dose".to_string(), "age".to_string()][..]));
    /// assert_eq!(ds.labels().unwrap(), [0, 0, 1, 1]);
    /// assert_eq!(ds.to_ndarray().unwrap(), x);
    /// let reg = Dataset::from_ndarray(&x, &ndarray::array![0.3, 0.1, 0.9, 0.4], &[] as &[&str]).unwrap();
    /// assert_eq!((reg.task(), reg.feature_names()[1].as_str()), (Task::Regression, "x1"));
    /// ```
    pub fn from_ndarray<'a, T, S>(
        x: impl AsArray<'a, f64, Ix2>,
        y: impl AsArray<'a, T, Ix1>,
        names: &[S],
    ) -> Result<Dataset>
    where
        T: TargetValue,
        S: AsRef<str>,
    {
        Dataset::from_arrays(x.into(), y.into(), names, "target")
    }

    /// A dataset of sparse features `x` (kept sparse: see [`SparseMatrix`]), a target `y` (one value per row, as
    /// [`Dataset::from_ndarray`]) and the feature names (empty: `x0, x1, …`); the target column is named
    /// `target`.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::data::dataset::SparseMatrix;
    /// // 4 documents × 3 terms, counts; term 0 appears only in class 1
    /// let x = SparseMatrix::from_triplets(4, 3, &[2, 3, 0, 1, 3], &[0, 0, 1, 2, 2], &[2.0, 1.0, 1.0, 3.0, 1.0]).unwrap();
    /// let ds = Dataset::from_sparse(x, &ndarray::array![0usize, 0, 1, 1], &["goal", "match", "vote"]).unwrap();
    /// assert_eq!(ds.summary().density, Some(5.0 / 12.0));
    /// let chi2 = featrank::rankers::parse("chi2").unwrap().rank(&ds, 0).unwrap();
    /// assert_eq!(chi2.order()[0], "goal");
    /// ```
    pub fn from_sparse<'a, T, S>(x: SparseMatrix, y: impl AsArray<'a, T, Ix1>, names: &[S]) -> Result<Dataset>
    where
        T: TargetValue,
        S: AsRef<str>,
    {
        let y = y.into();
        let frame = DataFrame::new(y.len(), vec![T::column("target", y.to_vec())])?;
        Dataset::builder(&frame, "target").sparse_features(x, names).build()
    }

    /// [`Dataset::from_ndarray`] with the target named `target`.
    pub(crate) fn from_arrays<T: TargetValue, S: AsRef<str>>(
        x: ArrayView2<'_, f64>,
        y: ArrayView1<'_, T>,
        names: &[S],
        target: &str,
    ) -> Result<Dataset> {
        let (rows, width) = x.dim();
        if y.len() != rows {
            return Err(Error::param("y", format!("{} target values for {rows} rows of x", y.len())));
        }
        let names: Vec<String> = if names.is_empty() {
            (0..width).map(|j| format!("x{j}")).collect()
        } else if names.len() == width {
            names.iter().map(|n| n.as_ref().to_string()).collect()
        } else {
            return Err(Error::param("names", format!("{} names for {width} columns of x", names.len())));
        };
        let mut columns: Vec<Column> =
            names.iter().zip(x.columns()).map(|(n, c)| Column::new(n.as_str().into(), c.to_vec())).collect();
        columns.push(T::column(target, y.to_vec()));
        let frame = DataFrame::new(rows, columns)?;
        Dataset::from_polars(&frame, target)
    }

    /// The features as a `rows × features` matrix (row-major; NaN = missing): column `j` is feature `j`,
    /// so a [`crate::data::Ranking`]'s names map to columns. A nominal feature is refused, naming it (see
    /// the module's note: encode or drop it first).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let x = iris.to_ndarray().unwrap();
    /// assert_eq!(x.dim(), (150, 4));
    /// assert_eq!(x.column(2), iris.feature(2));
    /// ```
    pub fn to_ndarray(&self) -> Result<Array2<f64>> {
        self.check_numeric()?;
        Ok(self.x.dense("an array of the features")?.as_standard_layout().into_owned())
    }

    /// The values of `features` at `rows`, as a `rows × features` matrix (row-major; NaN = missing), in the
    /// orders given: what a model from outside featrank fits on. An index out of range is an error, and so is a
    /// matrix over the memory limit (rows may repeat).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let x = iris.matrix(&[0, 100], &[3, 0]).unwrap();
    /// assert_eq!(x, ndarray::array![[0.2, 5.1], [2.5, 6.3]]);
    /// ```
    pub fn matrix(&self, rows: &[usize], features: &[usize]) -> Result<Array2<f64>> {
        let (n, m) = (self.n_rows(), self.n_features());
        if let Some(r) = rows.iter().find(|&&r| r >= n) {
            return Err(Error::param("rows", format!("row {r} is out of range ({n} rows)")));
        }
        if let Some(j) = features.iter().find(|&&j| j >= m) {
            return Err(Error::param("features", format!("feature index {j} is out of range ({m} features)")));
        }
        let cells = (rows.len() as u64).saturating_mul(features.len() as u64);
        crate::memory::check(cells.saturating_mul(crate::memory::F64), || {
            format!("a matrix of {} rows × {} features", rows.len(), features.len())
        })?;
        Ok(Array2::from_shape_fn((rows.len(), features.len()), |(i, f)| self.x.get(rows[i], features[f])))
    }

    /// Every feature is numeric; else an error naming the first nominal one (what [`Dataset::to_ndarray`]
    /// and models from outside featrank need).
    pub(crate) fn check_numeric(&self) -> Result<()> {
        match self.kinds.iter().position(|k| k.is_nominal()) {
            Some(j) => Err(Error::InvalidColumn {
                column: self.names[j].clone(),
                reason: "is nominal: an array holds numbers, one column per feature — encode it as numbers or \
                         leave it out (select_features) first; featrank's own learners take it as it is"
                    .into(),
            }),
            None => Ok(()),
        }
    }

    /// No feature has a missing value; else an error naming the first that has, with its count.
    pub(crate) fn check_complete(&self) -> Result<()> {
        let counts = self.missing_counts();
        match counts.iter().position(|&c| c > 0) {
            Some(j) => Err(Error::InvalidColumn {
                column: self.names[j].clone(),
                reason: format!(
                    "has {} missing values: this model takes none — impute them or leave the feature out first",
                    counts[j]
                ),
            }),
            None => Ok(()),
        }
    }
}
