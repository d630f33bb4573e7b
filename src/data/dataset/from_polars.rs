//! Building a [`Dataset`] from a Polars frame: [`DatasetBuilder`] and the reading of feature and target
//! columns (the conventions are in the [module docs](super)).

use std::collections::{BTreeMap, BTreeSet, HashSet};

use ndarray::{Array2, ShapeBuilder};
use polars::prelude::*;

use super::{
    text_list, Dataset, FeatureKind, Groups, Matrix, Origin, Slot, SparseMatrix, Target, TaskChoice, TimeOrder,
    EXACT_INT_LIMIT,
};
use crate::data::AsDataFrame;
use crate::error::{Error, Result};

/// Options for building a [`Dataset`]; start with [`Dataset::builder`].
///
/// ```
/// use featrank::prelude::*;
/// let df = df!("x" => [1.0, 2.0, 3.0], "y" => [0.5, 1.5, 2.5]).unwrap();
/// let ds = Dataset::builder(&df, "y").task(TaskChoice::Regression).build().unwrap();
/// assert_eq!(ds.task(), Task::Regression);
/// ```
#[derive(Debug, Clone)]
pub struct DatasetBuilder<'a> {
    frame: &'a DataFrame,
    targets: Vec<String>,
    task: TaskChoice,
    allow_all_missing: bool,
    allow_identifiers: bool,
    quiet: bool,
    /// Features held sparse, with their names; the frame then holds only the target columns.
    sparse: Option<(SparseMatrix, Vec<String>)>,
    /// The column of the rows' groups, and of their times: neither is a feature.
    groups: Option<String>,
    time: Option<String>,
}

impl<'a> DatasetBuilder<'a> {
    /// Choose the task instead of [`TaskChoice::Auto`].
    pub fn task(mut self, task: TaskChoice) -> Self {
        self.task = task;
        self
    }

    /// Keep features whose every value is missing (default: refuse them with an error naming the column).
    pub fn allow_all_missing(mut self, allow: bool) -> Self {
        self.allow_all_missing = allow;
        self
    }

    /// Keep text columns that look like row identifiers as nominal features (default: refuse them, naming the
    /// column — see [`looks_like_identifier`]).
    pub fn allow_identifiers(mut self, allow: bool) -> Self {
        self.allow_identifiers = allow;
        self
    }

    /// Give no [notices](crate::notice) (e.g. for a dataset rebuilt from one already built and reported).
    pub fn quiet(mut self, quiet: bool) -> Self {
        self.quiet = quiet;
        self
    }

    /// Take the features from a sparse matrix (kept sparse: see [`SparseMatrix`]) named `names` (empty: `x0, x1,
    /// …`); the frame then holds only the target columns, one row per matrix row.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::data::dataset::SparseMatrix;
    /// let x = SparseMatrix::from_triplets(4, 2, &[0, 1, 3], &[0, 0, 1], &[1.0, 2.0, 5.0]).unwrap();
    /// let labels = df!("topic" => ["sport", "sport", "news", "news"]).unwrap();
    /// let ds = Dataset::builder(&labels, "topic").sparse_features(x, &["goal", "vote"]).build().unwrap();
    /// assert!(ds.is_sparse());
    /// assert_eq!((ds.n_rows(), ds.feature_names()[1].as_str(), ds.n_classes()), (4, "vote", 2));
    /// ```
    pub fn sparse_features<S: AsRef<str>>(mut self, x: SparseMatrix, names: &[S]) -> Self {
        self.sparse = Some((x, names.iter().map(|n| n.as_ref().to_string()).collect()));
        self
    }

    /// Take the rows' groups from `column` (a patient, batch or subject id: [`Groups::from_column`]), which is
    /// then no feature: every plan on the dataset keeps a group on one side of each split.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let df = df!("x" => [0.1, 0.5, 0.2, 0.9], "patient" => ["a", "a", "b", "b"], "y" => ["p", "p", "q", "q"]).unwrap();
    /// let ds = Dataset::builder(&df, "y").groups("patient").build().unwrap();
    /// assert_eq!((ds.n_features(), ds.groups().unwrap().n_groups()), (1, 2));
    /// ```
    pub fn groups(mut self, column: &str) -> Self {
        self.groups = Some(column.to_string());
        self
    }

    /// Take the rows' order in time from `column` (numbers, dates or datetimes: [`TimeOrder::from_column`]),
    /// which is then no feature.
    pub fn time_order(mut self, column: &str) -> Self {
        self.time = Some(column.to_string());
        self
    }

    /// Validate the frame and build the dataset.
    pub fn build(mut self) -> Result<Dataset> {
        if self.groups.is_some() || self.time.is_some() {
            let (groups, time) = (self.groups.take(), self.time.take());
            let df = self.frame;
            let names: Vec<String> = df.get_column_names().iter().map(|s| s.to_string()).collect();
            let column = |name: &String| -> Result<&Column> {
                if self.targets.contains(name) {
                    return Err(Error::column(name.as_str(), "is the target: it cannot also group or order the rows"));
                }
                df.column(name).map_err(|_| Error::missing_column(name, &names))
            };
            let groups = groups.as_ref().map(|g| column(g).and_then(Groups::from_column)).transpose()?;
            let time = time.as_ref().map(|t| column(t).and_then(TimeOrder::from_column)).transpose()?;
            let rest = df.drop_many(groups.iter().map(|g| g.name()).chain(time.iter().filter_map(|t| t.name())));
            let mut ds = DatasetBuilder { frame: &rest, ..self }.build()?;
            if let Some(g) = groups {
                ds = ds.with_groups(g)?;
            }
            if let Some(t) = time {
                ds = ds.with_time_order(t)?;
            }
            return Ok(ds);
        }
        let df = self.frame;
        let names: Vec<String> = df.get_column_names().iter().map(|s| s.to_string()).collect();
        let mut seen = HashSet::new();
        for n in &names {
            if !seen.insert(n.as_str()) {
                return Err(Error::DuplicateName { name: n.clone(), context: "the frame's columns".into() });
            }
        }
        if self.targets.is_empty() {
            return Err(Error::param("targets", "name at least one target column"));
        }
        let mut chosen = HashSet::new();
        if let Some(twice) = self.targets.iter().find(|t| !chosen.insert(t.as_str())) {
            return Err(Error::DuplicateName { name: twice.clone(), context: "the targets".into() });
        }
        let target_pos = self
            .targets
            .iter()
            .map(|t| names.iter().position(|n| n == t).ok_or_else(|| Error::missing_column(t, &names)))
            .collect::<Result<Vec<usize>>>()?;
        let n_rows = df.height();
        if n_rows == 0 {
            return Err(Error::EmptyData { what: "the frame has no rows".into() });
        }
        if self.sparse.is_none() && names.len() <= self.targets.len() {
            return Err(Error::EmptyData {
                what: format!("the frame has no feature columns besides the target '{}'", self.targets.join(", ")),
            });
        }

        if let Some(extra) = names.iter().find(|n| self.sparse.is_some() && !self.targets.contains(n)) {
            return Err(Error::column(
                extra.clone(),
                "the features come from the sparse matrix, so the frame beside it holds only the target columns",
            ));
        }
        let n_features = names.len() - self.targets.len();
        let cells = (n_rows as u64).saturating_mul(names.len() as u64);
        if self.sparse.is_none() {
            crate::memory::check(cells.saturating_mul(crate::memory::F64), || {
                format!("a dataset of {n_rows} rows × {n_features} features (column-major f64)")
            })?;
        }
        if self.task == TaskChoice::Survival {
            let [time, event] = target_pos[..] else {
                return Err(Error::param(
                    "target",
                    format!(
                        "a survival target is two columns, the time then the event (e.g. \"time,event\"); {} given: {}",
                        self.targets.len(),
                        self.targets.join(", ")
                    ),
                ));
            };
            let (target, origins) = super::survival::read_survival(&df.columns()[time], &df.columns()[event])?;
            return self.assemble(target, origins, &target_pos);
        }
        let (mut members, target_origins): (Vec<Target>, Vec<Origin>) = target_pos
            .iter()
            .map(|&p| read_target(&df.columns()[p], self.task))
            .collect::<Result<Vec<_>>>()?
            .into_iter()
            .unzip();
        if let Some(t) = members.iter().position(|m| std::mem::discriminant(m) != std::mem::discriminant(&members[0])) {
            let kind = |m: &Target| if matches!(m, Target::Values(_)) { "numeric (regression)" } else { "classes" };
            return Err(Error::target(
                target_origins[t].name.clone(),
                format!(
                    "it is read as {} but '{}' as {}; a target set is all classes (multi-label or multi-target \
                     classification) or all numeric (multi-target regression) — choose the task for all of them",
                    kind(&members[t]),
                    target_origins[0].name,
                    kind(&members[0])
                ),
            ));
        }
        let target = if members.len() == 1 { members.remove(0) } else { Target::Set(members) };
        self.assemble(target, target_origins, &target_pos)
    }

    /// The dataset of the frame's feature columns (or the sparse matrix) and the target read from the columns
    /// at `target_pos`.
    fn assemble(self, target: Target, target_origins: Vec<Origin>, target_pos: &[usize]) -> Result<Dataset> {
        let df = self.frame;
        let (n_rows, n_features) = (df.height(), df.width() - target_pos.len());
        if let Some((x, names)) = self.sparse {
            return sparse_dataset(x, names, n_rows, target, target_origins);
        }

        let mut x = Array2::<f64>::zeros((n_rows, n_features).f());
        let mut feat_names = Vec::with_capacity(n_features);
        let mut kinds = Vec::with_capacity(n_features);
        let mut origins = Vec::with_capacity(n_features);
        let mut layout = Vec::with_capacity(df.width());
        for (pos, col) in df.columns().iter().enumerate() {
            if let Some(t) = target_pos.iter().position(|&p| p == pos) {
                layout.push(Slot::Target(t));
                continue;
            }
            let j = feat_names.len();
            let mut out = x.column_mut(j);
            let out = out.as_slice_mut().expect("column-major matrix has contiguous columns");
            let (kind, origin) = read_feature(col, out)?;
            if let (FeatureKind::Nominal { levels }, DataType::String) = (&kind, &origin.dtype) {
                let present = out.iter().filter(|v| !v.is_nan()).count();
                if !self.allow_identifiers && looks_like_identifier(levels.len(), present) {
                    return Err(Error::column(
                        origin.name,
                        format!(
                            "it looks like a row identifier, not a feature: {} distinct text values in {present} \
                             rows (as a nominal feature it would top information-based rankings and mean nothing); \
                             drop the column, or keep it with allow_identifiers(true) (Python: allow_identifiers=True)",
                            levels.len()
                        ),
                    ));
                }
            }
            if !self.allow_all_missing && out.iter().all(|v| v.is_nan()) {
                return Err(Error::column(
                    origin.name,
                    "every value is missing; drop the column or use allow_all_missing(true)",
                ));
            }
            layout.push(Slot::Feature(j));
            feat_names.push(origin.name.clone());
            kinds.push(kind);
            origins.push(origin);
        }
        let data = Dataset::from_parts(Matrix::Dense(x), feat_names, kinds, origins, (target, target_origins), layout);
        let text = data.text_features();
        if !text.is_empty() && !self.quiet {
            crate::notice::emit(
                crate::notice::NoticeKind::TextAsNominal,
                format!(
                    "text columns read as nominal features: {} (the dataset's summary lists every column's kind)",
                    text_list(&text)
                ),
            );
        }
        Ok(data)
    }
}

/// A dataset of sparse features `x` named `names` (empty: `x0, x1, …`) and the target read from the frame.
fn sparse_dataset(
    x: SparseMatrix,
    names: Vec<String>,
    n_rows: usize,
    target: Target,
    target_origins: Vec<Origin>,
) -> Result<Dataset> {
    let width = x.n_cols();
    if x.n_rows() != n_rows {
        return Err(Error::param("y", format!("{n_rows} target values for the {} rows of x", x.n_rows())));
    }
    if width == 0 {
        return Err(Error::EmptyData { what: "the sparse matrix has no columns".into() });
    }
    // a name and a kind per column, whether stored or not
    crate::memory::check((width as u64).saturating_mul(96), || {
        format!("the names and kinds of a sparse matrix's {width} columns")
    })?;
    let given = !names.is_empty();
    let names: Vec<String> = match names.len() {
        0 => (0..width).map(|j| format!("x{j}")).collect(),
        n if n == width => names,
        n => return Err(Error::param("names", format!("{n} names for {width} columns of x"))),
    };
    // names made here differ from one another: only the targets' names can clash with them
    let mut seen: HashSet<&str> = target_origins.iter().map(|o| o.name.as_str()).collect();
    let clash = match given {
        true => names.iter().find(|n| !seen.insert(n.as_str())),
        false => names.iter().find(|n| seen.contains(n.as_str())),
    };
    if let Some(d) = clash {
        return Err(Error::DuplicateName { name: d.clone(), context: "the features and targets".into() });
    }
    let mut layout: Vec<Slot> = (0..width).map(Slot::Feature).collect();
    layout.extend((0..target_origins.len()).map(Slot::Target));
    let kinds = vec![FeatureKind::Numeric; width];
    // no origin per column: every one is a plain Float64 column without NaN, named as its feature
    Ok(Dataset::from_parts(Matrix::Sparse(x), names, kinds, vec![], (target, target_origins), layout))
}

/// Whether a text column with `levels` distinct values in `present` non-missing rows is a row identifier
/// (a name, a sample ID): at least 10 values, at least 90 % of them distinct. As a nominal feature such a
/// column has a level per row, so it splits the classes perfectly on the training rows (maximal information
/// gain, a pure tree split) and predicts nothing.
///
/// ```
/// use featrank::data::dataset::looks_like_identifier;
/// assert!(looks_like_identifier(569, 569));
/// assert!(!looks_like_identifier(3, 569));
/// assert!(!looks_like_identifier(5, 5)); // too few rows to tell
/// ```
pub fn looks_like_identifier(levels: usize, present: usize) -> bool {
    present >= 10 && levels * 10 >= present * 9
}

/// Read a feature column into `out` (NaN = missing) and say how to rebuild it.
fn read_feature(col: &Column, out: &mut [f64]) -> Result<(FeatureKind, Origin)> {
    let name = col.name().to_string();
    let dtype = col.dtype().clone();
    if dtype.is_primitive_numeric() {
        let nan_rows = read_numeric(col, out)?;
        return Ok((FeatureKind::Numeric, Origin { name, dtype, nan_rows }));
    }
    let (codes, levels) = read_nominal(col)?;
    for (o, c) in out.iter_mut().zip(codes) {
        *o = c.map_or(f64::NAN, |c| c as f64);
    }
    Ok((FeatureKind::Nominal { levels }, Origin { name, dtype, nan_rows: vec![] }))
}

/// Copy a numeric column into `out`; return the rows that held NaN (as opposed to null).
pub(super) fn read_numeric(col: &Column, out: &mut [f64]) -> Result<Vec<usize>> {
    let name = col.name().to_string();
    let too_big = match col.dtype() {
        DataType::Int64 => {
            col.i64()?.iter().flatten().find(|v| v.unsigned_abs() > EXACT_INT_LIMIT).map(|v| v.to_string())
        }
        DataType::UInt64 => col.u64()?.iter().flatten().find(|&v| v > EXACT_INT_LIMIT).map(|v| v.to_string()),
        _ => None,
    };
    if let Some(v) = too_big {
        return Err(Error::column(name, format!("integer {v} is beyond ±2^53 and cannot be held exactly as f64")));
    }
    let as_f64 = col.cast(&DataType::Float64)?;
    let mut nan_rows = Vec::new();
    for (i, (o, v)) in out.iter_mut().zip(as_f64.f64()?.iter()).enumerate() {
        *o = match v {
            Some(v) if v.is_nan() => {
                nan_rows.push(i);
                f64::NAN
            }
            Some(v) if v.is_infinite() => {
                return Err(Error::column(name, format!("row {i} holds {v}; infinite values are not accepted")))
            }
            Some(v) => v,
            None => f64::NAN,
        };
    }
    Ok(nan_rows)
}

/// Integer codes (None = missing) and level names of a Boolean/String/Categorical/Enum column.
/// With `numeric_order`, levels that all parse as numbers are ordered by value (used for class labels).
pub(super) fn read_nominal(col: &Column) -> Result<(Vec<Option<usize>>, Vec<String>)> {
    let name = col.name().to_string();
    let dtype = col.dtype();
    let levels: Vec<String> = match dtype {
        DataType::Boolean => vec!["false".into(), "true".into()],
        DataType::Enum(fcats, _) => fcats.categories().values_iter().map(|s| s.to_string()).collect(),
        DataType::String | DataType::Categorical(_, _) | DataType::Null => {
            let strings = col.cast(&DataType::String)?;
            let set: BTreeSet<&str> = strings.str()?.iter().flatten().collect();
            set.into_iter().map(|s| s.to_string()).collect()
        }
        other => {
            return Err(Error::column(
                name,
                format!("dtype {other} is not supported; cast it to a numeric or string column"),
            ))
        }
    };
    let index: BTreeMap<&str, usize> = levels.iter().enumerate().map(|(i, l)| (l.as_str(), i)).collect();
    let strings = col.cast(&DataType::String)?;
    let codes = strings.str()?.iter().map(|v| v.map(|s| index[s])).collect();
    Ok((codes, levels))
}

/// Read the target column for the chosen task.
fn read_target(col: &Column, task: TaskChoice) -> Result<(Target, Origin)> {
    let name = col.name().to_string();
    let dtype = col.dtype().clone();
    if col.null_count() == col.len() {
        return Err(Error::target(name, "every value is missing"));
    }
    let is_float = matches!(dtype, DataType::Float32 | DataType::Float64);
    let regression = match task {
        TaskChoice::Regression => true,
        TaskChoice::Classification | TaskChoice::Survival => false,
        TaskChoice::Auto => is_float,
    };
    if regression {
        if !dtype.is_primitive_numeric() {
            return Err(Error::target(name, format!("regression needs a numeric target, found dtype {dtype}")));
        }
        let mut values = vec![0.0; col.len()];
        let nan_rows = read_numeric(col, &mut values)?;
        check_no_missing_target(&name, values.iter().map(|v| v.is_nan()))?;
        let first = values[0];
        if values.iter().all(|&v| v == first) {
            return Err(Error::target(name, format!("every value equals {first}; nothing to predict")));
        }
        return Ok((Target::Values(values), Origin { name, dtype, nan_rows }));
    }
    let (codes, mut levels) = if dtype.is_primitive_numeric() { numeric_classes(col)? } else { read_nominal(col)? };
    check_no_missing_target(&name, codes.iter().map(|c| c.is_none()))?;
    let mut codes: Vec<usize> = codes.into_iter().map(|c| c.unwrap_or_default()).collect();
    // Drop declared levels that no row uses (an Enum may declare more), keeping their order.
    let mut used = vec![false; levels.len()];
    for &c in &codes {
        used[c] = true;
    }
    if used.iter().any(|u| !u) {
        let remap: Vec<usize> = used
            .iter()
            .scan(0, |next, &u| {
                let r = *next;
                *next += u as usize;
                Some(r)
            })
            .collect();
        codes.iter_mut().for_each(|c| *c = remap[*c]);
        levels = levels.into_iter().zip(&used).filter(|&(_, &u)| u).map(|(l, _)| l).collect();
    }
    if levels.len() < 2 {
        return Err(Error::target(
            name,
            format!("only one class ('{}') is present; classification needs at least two", levels[0]),
        ));
    }
    Ok((Target::Classes { codes, names: levels }, Origin { name, dtype, nan_rows: vec![] }))
}

/// Class codes of a numeric target, classes ordered by value and named by their polars string form.
fn numeric_classes(col: &Column) -> Result<(Vec<Option<usize>>, Vec<String>)> {
    let mut values = vec![0.0; col.len()];
    read_numeric(col, &mut values)?;
    let strings = col.cast(&DataType::String)?;
    // Classes ordered by value; keyed by the bit pattern of the (never NaN) value.
    let mut distinct: BTreeMap<u64, (f64, String)> = BTreeMap::new();
    for (v, s) in values.iter().zip(strings.str()?.iter()) {
        if let (Some(s), false) = (s, v.is_nan()) {
            distinct.entry((v + 0.0).to_bits()).or_insert_with(|| (v + 0.0, s.to_string()));
        }
    }
    let mut sorted: Vec<(f64, String)> = distinct.into_values().collect();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let index: BTreeMap<u64, usize> = sorted.iter().enumerate().map(|(i, (v, _))| (v.to_bits(), i)).collect();
    let codes = values.iter().map(|v| (!v.is_nan()).then(|| index[&(v + 0.0).to_bits()])).collect();
    Ok((codes, sorted.into_iter().map(|(_, s)| s).collect()))
}

fn check_no_missing_target(name: &str, missing: impl Iterator<Item = bool>) -> Result<()> {
    let rows: Vec<usize> = missing.enumerate().filter(|(_, m)| *m).map(|(i, _)| i).collect();
    if let Some(first) = rows.first() {
        return Err(Error::target(
            name,
            format!(
                "{} row(s) have a missing value (first: row {first}); remove them before building the dataset",
                rows.len()
            ),
        ));
    }
    Ok(())
}

impl Dataset {
    /// Build from a frame, with `target` as the target column and the task chosen by [`TaskChoice::Auto`].
    pub fn from_polars(frame: impl AsDataFrame, target: &str) -> Result<Dataset> {
        Dataset::builder(&frame, target).build()
    }

    /// Build from a frame with several target columns: multi-label data when every target's classes are
    /// 0/1 or false/true, else multi-target classification, or multi-target regression when the targets
    /// are numeric (float columns, or [`TaskChoice::Regression`] through [`Dataset::builder_targets`]).
    /// One name gives an ordinary single-target dataset. A name given twice, a target that is missing or
    /// constant, or a mix of class and numeric targets is an error naming the column.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let df = df!("x" => [0.1, 0.7, 0.4, 0.9], "w" => [1.0, 3.0, 2.0, 4.0], "h" => [1.5, 0.5, 2.5, 3.5]).unwrap();
    /// let ds = Dataset::from_polars_targets(&df, &["w", "h"]).unwrap();
    /// assert_eq!((ds.task(), ds.n_features(), ds.target_name()), (Task::MultiTargetRegression, 1, "w, h"));
    /// assert!(Dataset::from_polars_targets(&df, &["w", "w"]).is_err());
    /// ```
    pub fn from_polars_targets<S: AsRef<str>>(frame: impl AsDataFrame, targets: &[S]) -> Result<Dataset> {
        Dataset::builder_targets(&frame, targets).build()
    }

    /// A [`DatasetBuilder`] for several target columns ([`Dataset::from_polars_targets`]).
    pub fn builder_targets<'a, S: AsRef<str>>(frame: &'a impl AsDataFrame, targets: &[S]) -> DatasetBuilder<'a> {
        DatasetBuilder {
            targets: targets.iter().map(|t| t.as_ref().to_string()).collect(),
            ..Dataset::builder(frame, "")
        }
    }

    /// Start a [`DatasetBuilder`] to set the task or other options.
    pub fn builder<'a>(frame: &'a impl AsDataFrame, target: &str) -> DatasetBuilder<'a> {
        DatasetBuilder {
            frame: frame.as_data_frame(),
            targets: vec![target.to_string()],
            task: TaskChoice::Auto,
            allow_all_missing: false,
            allow_identifiers: false,
            quiet: false,
            sparse: None,
            groups: None,
            time: None,
        }
    }
}
