//! How a study's rows belong together: [`Groups`] (the samples of one patient, a batch, a site, a subject —
//! rows a resampling plan keeps on one side of every split) and [`TimeOrder`] (the rows' order in time, which
//! time-ordered plans follow). A dataset carries both through every row selection, so resampling inside a
//! training split (nested evaluation's inner folds, a learner's inner cross-validation, a ranker's own folds,
//! bootstraps and subsamples) keeps them too.

use polars::prelude::*;
use serde::{Deserialize, Serialize};

use super::Dataset;
use crate::error::{Error, Result};

/// Which group each row belongs to: one id per row, `0..n_groups()`, numbered in the sorted order of the
/// group values (numbers numerically, text alphabetically — `numpy.unique`'s order, so group *k* here is group
/// *k* in scikit-learn's splitters).
///
/// ```
/// use featrank::data::dataset::Groups;
/// let g = Groups::new("patient", &["p2", "p1", "p2", "p3"]).unwrap();
/// assert_eq!((g.n_groups(), g.ids(), g.labels()), (3, &[1, 0, 1, 2][..], &["p1".to_string(), "p2".into(), "p3".into()][..]));
/// assert_eq!(g.members(), vec![vec![1], vec![0, 2], vec![3]]);
/// assert!(Groups::new("patient", &["p1", ""]).is_err()); // an empty id names the row
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Groups {
    name: String,
    ids: Vec<u32>,
    labels: Vec<String>,
}

impl Groups {
    /// Groups from one value per row, compared as text; an empty value is an error naming its row.
    pub fn new<S: AsRef<str>>(name: &str, values: &[S]) -> Result<Groups> {
        if let Some(row) = values.iter().position(|v| v.as_ref().trim().is_empty()) {
            return Err(Error::column(name, format!("row {row} has no group id: every row needs one")));
        }
        let values: Vec<&str> = values.iter().map(AsRef::as_ref).collect();
        Ok(Groups::numbered(name, &values, |a, b| a.cmp(b), |v| v.to_string()))
    }

    /// Groups from a column of any type: integers (exactly) and floats are ordered as numbers, anything else as
    /// text. A missing value (null or NaN) is an error naming the column and the row.
    pub fn from_column(column: &Column) -> Result<Groups> {
        let name = column.name().to_string();
        if let Some(row) = missing_row(column)? {
            return Err(Error::column(name, format!("row {row} has no group id (missing): every row needs one")));
        }
        let dtype = column.dtype();
        if dtype.is_integer() && !matches!(dtype, DataType::UInt64) {
            let values: Vec<i64> = column.cast(&DataType::Int64)?.i64()?.into_no_null_iter().collect();
            return Ok(Groups::numbered(&name, &values, Ord::cmp, i64::to_string));
        }
        if dtype.is_primitive_numeric() {
            let values: Vec<f64> = column.cast(&DataType::Float64)?.f64()?.into_no_null_iter().collect();
            return Ok(Groups::numbered(&name, &values, f64::total_cmp, f64::to_string));
        }
        let text = column.cast(&DataType::String)?;
        let values: Vec<&str> = text.str()?.iter().map(|v| v.unwrap_or("")).collect();
        Groups::new(&name, &values)
    }

    /// Ids by the place of each value among the distinct values sorted by `cmp`; `text` writes a value.
    fn numbered<T: Clone>(
        name: &str,
        values: &[T],
        cmp: impl Fn(&T, &T) -> std::cmp::Ordering,
        text: impl Fn(&T) -> String,
    ) -> Groups {
        let mut distinct = values.to_vec();
        distinct.sort_by(&cmp);
        distinct.dedup_by(|a, b| cmp(a, b).is_eq());
        let id = |v: &T| distinct.binary_search_by(|d| cmp(d, v)).unwrap_or_default() as u32;
        Groups {
            name: name.to_string(),
            ids: values.iter().map(id).collect(),
            labels: distinct.iter().map(text).collect(),
        }
    }

    /// The column (or the name given) the groups came from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Each row's group id.
    pub fn ids(&self) -> &[u32] {
        &self.ids
    }

    /// Each group's value, by id.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Number of groups with at least one row.
    pub fn n_groups(&self) -> usize {
        let mut seen = vec![false; self.labels.len()];
        self.ids.iter().for_each(|&g| seen[g as usize] = true);
        seen.iter().filter(|&&s| s).count()
    }

    /// How many groups hold a row of each class, given each row's class (`codes`, of `n_classes`): the most
    /// folds a stratified plan that keeps groups whole can give every class a place in.
    ///
    /// ```
    /// use featrank::data::dataset::Groups;
    /// let g = Groups::new("patient", &["a", "a", "b", "c"]).unwrap();
    /// assert_eq!(g.holding(&[0, 1, 0, 0], 2), vec![3, 1]);
    /// ```
    pub fn holding(&self, codes: &[usize], n_classes: usize) -> Vec<usize> {
        let mut holds = vec![vec![false; self.labels.len()]; n_classes];
        self.ids.iter().zip(codes).for_each(|(&g, &c)| holds[c][g as usize] = true);
        holds.iter().map(|h| h.iter().filter(|&&x| x).count()).collect()
    }

    /// Each group's rows, ascending, by id (a group without rows here is empty).
    pub fn members(&self) -> Vec<Vec<usize>> {
        let mut members = vec![Vec::new(); self.labels.len()];
        self.ids.iter().enumerate().for_each(|(i, &g)| members[g as usize].push(i));
        members
    }

    /// The groups of the rows `rows` (a row may repeat).
    pub(super) fn take(&self, rows: &[usize]) -> Groups {
        Groups {
            name: self.name.clone(),
            ids: rows.iter().map(|&r| self.ids[r]).collect(),
            labels: self.labels.clone(),
        }
    }
}

/// The rows' order in time: the order they are in, or the values of a time column (numbers, dates or
/// datetimes). Forward-chaining and blocked plans follow it; two rows at the same time are refused there,
/// since no order between them exists.
///
/// ```
/// use featrank::data::dataset::TimeOrder;
/// let t = TimeOrder::values("day", vec![3.0, 1.0, 2.0]).unwrap();
/// assert_eq!(t.positions(3).unwrap(), vec![1, 2, 0]); // row 1 first, then row 2, then row 0
/// assert_eq!(TimeOrder::Rows.positions(3).unwrap(), vec![0, 1, 2]);
/// let tied = TimeOrder::values("day", vec![1.0, 1.0]).unwrap().positions(2).unwrap_err().to_string();
/// assert!(tied.contains("day") && tied.contains("rows 0 and 1"), "{tied}");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TimeOrder {
    /// The rows in the order they are in.
    Rows,
    /// A time column's values (dates and datetimes as their numbers).
    Values {
        /// The column's name.
        name: String,
        /// One time per row.
        values: Vec<f64>,
    },
}

impl TimeOrder {
    /// A time column's values; a missing (NaN) time is an error naming the column and the row.
    pub fn values(name: &str, values: Vec<f64>) -> Result<TimeOrder> {
        if let Some(row) = values.iter().position(|v| v.is_nan()) {
            return Err(Error::column(name, format!("row {row} has no time (missing): every row needs one")));
        }
        Ok(TimeOrder::Values { name: name.to_string(), values })
    }

    /// The time column of a frame: numbers, dates, datetimes or durations (as their numbers).
    pub fn from_column(column: &Column) -> Result<TimeOrder> {
        let name = column.name().to_string();
        let dtype = column.dtype();
        if !(dtype.is_primitive_numeric() || dtype.is_temporal()) {
            return Err(Error::column(
                name,
                format!("a time column must hold numbers, dates or datetimes, found {dtype}"),
            ));
        }
        if let Some(row) = missing_row(column)? {
            return Err(Error::column(name, format!("row {row} has no time (missing): every row needs one")));
        }
        let physical = column.to_physical_repr().cast(&DataType::Float64)?;
        TimeOrder::values(&name, physical.f64()?.into_no_null_iter().collect())
    }

    /// The rows in time order (`n` rows): position p holds the row that comes p-th. Two rows at the same time
    /// are an error naming the column and both rows.
    pub fn positions(&self, n: usize) -> Result<Vec<usize>> {
        match self {
            TimeOrder::Rows => Ok((0..n).collect()),
            TimeOrder::Values { name, values } => {
                let mut rows: Vec<usize> = (0..values.len()).collect();
                rows.sort_by(|&a, &b| values[a].total_cmp(&values[b]).then(a.cmp(&b)));
                if let Some(w) = rows.windows(2).find(|w| values[w[0]] == values[w[1]]) {
                    let (a, b) = (w[0].min(w[1]), w[0].max(w[1]));
                    return Err(Error::column(
                        name.as_str(),
                        format!(
                            "rows {a} and {b} have the same time ({}): a time-ordered plan needs one row per time — \
                             give groups for rows measured together, or a finer time",
                            values[a]
                        ),
                    ));
                }
                Ok(rows)
            }
        }
    }

    /// The column the order came from (`None`: the rows' own order).
    pub fn name(&self) -> Option<&str> {
        match self {
            TimeOrder::Rows => None,
            TimeOrder::Values { name, .. } => Some(name),
        }
    }

    /// The order of the rows `rows`, in that order (a row may repeat: ties then follow, refused where order
    /// matters).
    pub(super) fn take(&self, rows: &[usize]) -> TimeOrder {
        match self {
            TimeOrder::Rows => {
                if rows.windows(2).all(|w| w[0] < w[1]) {
                    TimeOrder::Rows
                } else {
                    TimeOrder::Values { name: "row".into(), values: rows.iter().map(|&r| r as f64).collect() }
                }
            }
            TimeOrder::Values { name, values } => {
                TimeOrder::Values { name: name.clone(), values: rows.iter().map(|&r| values[r]).collect() }
            }
        }
    }
}

/// The first row of `column` with a null or a NaN.
fn missing_row(column: &Column) -> Result<Option<usize>> {
    if column.null_count() > 0 {
        let nulls = column.is_null();
        return Ok(nulls.iter().position(|v| v == Some(true)));
    }
    if column.dtype().is_float() {
        let values = column.cast(&DataType::Float64)?;
        return Ok(values.f64()?.into_no_null_iter().position(f64::is_nan));
    }
    Ok(None)
}

impl Dataset {
    /// The rows' groups, if the data has them ([`Dataset::with_groups`], [`DatasetBuilder::groups`](super::DatasetBuilder::groups)).
    pub fn groups(&self) -> Option<&Groups> {
        self.structure.groups.as_ref()
    }

    /// The rows' order in time, if the data has one ([`Dataset::with_time_order`]).
    pub fn time_order(&self) -> Option<&TimeOrder> {
        self.structure.time.as_ref()
    }

    /// This dataset with its rows in `groups` (one id per row): every plan made on it — k-fold, holdout,
    /// bootstrap, and every resampling inside a training split — keeps each group on one side of a split.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::data::dataset::Groups;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let plants: Vec<String> = (0..150).map(|i| format!("plant{}", i / 3)).collect(); // 3 leaves per plant
    /// let grouped = iris.with_groups(Groups::new("plant", &plants).unwrap()).unwrap();
    /// let plan = CvPlan::stratified(&grouped, 5, 1, 0).unwrap();
    /// let fold = plan.assignment(0);
    /// assert!((0..150).all(|i| fold[i] == fold[3 * (i / 3)])); // a plant's leaves share a fold
    /// ```
    pub fn with_groups(mut self, groups: Groups) -> Result<Dataset> {
        if groups.ids.len() != self.n_rows() {
            return Err(Error::column(
                groups.name,
                format!("{} group ids for {} rows: give one per row", groups.ids.len(), self.n_rows()),
            ));
        }
        self.structure.groups = Some(groups);
        Ok(self)
    }

    /// This dataset with its rows' order in time: time-ordered plans follow it, and resampling inside their
    /// training splits is blocked (contiguous in time), never shuffled.
    pub fn with_time_order(mut self, order: TimeOrder) -> Result<Dataset> {
        if let TimeOrder::Values { name, values } = &order {
            if values.len() != self.n_rows() {
                return Err(Error::column(
                    name.as_str(),
                    format!("{} times for {} rows: give one per row", values.len(), self.n_rows()),
                ));
            }
        }
        self.structure.time = Some(order);
        Ok(self)
    }
}

/// What a dataset knows of its rows beyond their values: their groups and their order in time.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Structure {
    pub(super) groups: Option<Groups>,
    pub(super) time: Option<TimeOrder>,
}

impl Structure {
    /// The structure of the rows `rows`.
    pub(super) fn take(&self, rows: &[usize]) -> Structure {
        Structure { groups: self.groups.as_ref().map(|g| g.take(rows)), time: self.time.as_ref().map(|t| t.take(rows)) }
    }
}
