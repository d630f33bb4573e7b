//! A [`Dataset`] back to a Polars frame: the original column order, names and dtypes.

use polars::prelude::*;

use super::{Dataset, FeatureKind, Origin, Slot, Target};
use crate::data::Frame;
use crate::error::Result;

impl Dataset {
    /// Back to a Polars DataFrame: the original column order, names and dtypes; null stays null and
    /// NaN stays NaN. `DataFrame → Dataset → DataFrame` is the identity.
    pub fn to_polars(&self) -> Result<Frame> {
        let columns = self
            .layout
            .iter()
            .map(|slot| match *slot {
                Slot::Feature(j) => self.feature_column(j),
                Slot::Target(t) => self.target_column(t),
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(DataFrame::new(self.n_rows(), columns)?.into())
    }

    fn feature_column(&self, j: usize) -> Result<Column> {
        let origin = &*self.origin(j);
        let values = self.feature(j);
        match &self.kinds[j] {
            FeatureKind::Numeric => numeric_column(origin, values.iter().copied()),
            FeatureKind::Nominal { levels } => {
                let codes = values.iter().map(|v| (!v.is_nan()).then_some(*v as usize));
                nominal_column(origin, levels, codes)
            }
        }
    }

    /// The class names in code order as a column of the target's own dtype (integer classes stay integers,
    /// booleans booleans); `None` for regression.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let df = df!("x" => [1.0, 2.0, 3.0, 4.0], "y" => [3i64, 1, 3, 1]).unwrap();
    /// let ds = Dataset::builder(&df, "y").task(TaskChoice::Classification).build().unwrap();
    /// let classes = ds.class_column().unwrap().unwrap();
    /// assert_eq!(classes.dtype(), &DataType::Int64);
    /// assert_eq!(classes.i64().unwrap().into_no_null_iter().collect::<Vec<_>>(), vec![1, 3]);
    /// ```
    pub fn class_column(&self) -> Option<Result<Column>> {
        match &self.target {
            Target::Values(_) | Target::Set(_) | Target::Survival(_) => None,
            Target::Classes { names, .. } => {
                Some(nominal_column(&self.target_origins[0], names, (0..names.len()).map(Some)))
            }
        }
    }

    /// Target `t` as the column it was read from.
    fn target_column(&self, t: usize) -> Result<Column> {
        let origin = &self.target_origins[t];
        if let Target::Survival(s) = &self.target {
            return match t {
                0 => numeric_column(origin, s.time().iter().copied()),
                _ => nominal_column(origin, s.levels(), s.event().iter().map(|&e| Some(e as usize))),
            };
        }
        match &self.targets()[t] {
            Target::Values(v) => numeric_column(origin, v.iter().copied()),
            Target::Classes { codes, names } => nominal_column(origin, names, codes.iter().map(|&c| Some(c))),
            Target::Set(_) | Target::Survival(_) => unreachable!("a target set's members are single targets"),
        }
    }
}

/// Rebuild a numeric column with its original dtype (missing → null, except rows that were NaN).
fn numeric_column(origin: &Origin, values: impl Iterator<Item = f64>) -> Result<Column> {
    let mut nan_rows = origin.nan_rows.iter().peekable();
    let vals: Vec<Option<f64>> = values
        .enumerate()
        .map(|(i, v)| {
            if nan_rows.peek() == Some(&&i) {
                nan_rows.next();
                Some(f64::NAN)
            } else {
                (!v.is_nan()).then_some(v)
            }
        })
        .collect();
    let col = Column::new(origin.name.as_str().into(), vals);
    Ok(col.strict_cast(&origin.dtype)?)
}

/// Rebuild a nominal column (codes → level names) with its original dtype.
fn nominal_column(origin: &Origin, levels: &[String], codes: impl Iterator<Item = Option<usize>>) -> Result<Column> {
    let name: PlSmallStr = origin.name.as_str().into();
    if origin.dtype == DataType::Boolean {
        let vals: Vec<Option<bool>> = codes.map(|c| c.map(|c| levels[c] == "true")).collect();
        return Ok(Column::new(name, vals));
    }
    let vals: Vec<Option<&str>> = codes.map(|c| c.map(|c| levels[c].as_str())).collect();
    let col = Column::new(name, vals);
    Ok(col.strict_cast(&origin.dtype)?)
}
