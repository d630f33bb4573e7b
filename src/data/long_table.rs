//! [`LongTable`]: the one reader of featrank's own long tables (a curves table, a shard's unit results, a
//! nested run's results) read back from a file — each column by name, cast to what it holds, a missing column
//! an [`Error::MissingColumn`] naming the columns the table has, an empty cell where none may be an
//! [`Error::InvalidColumn`] naming the column.

use polars::prelude::{Column, DataFrame, DataType};

use crate::error::{Error, Result};

/// One of featrank's own long tables, its columns read by name.
///
/// ```
/// use featrank::data::long_table::LongTable;
/// use featrank::polars::prelude::*;
/// let df = df!("unit" => ["a", "b"], "index" => [Some(0i64), None], "mean" => [0.5, 0.25]).unwrap();
/// let t = LongTable::new(&df);
/// assert_eq!(t.texts("unit").unwrap(), ["a", "b"]);
/// assert_eq!(t.floats("mean").unwrap(), [0.5, 0.25]);
/// assert_eq!(t.optional_floats("std").unwrap(), [None, None]); // absent: no values
/// assert!(t.whole("index", "a unit table has an empty cell").unwrap_err().to_string().contains("'index'"));
/// assert!(t.texts("series").unwrap_err().to_string().contains("unit, index, mean"));
/// ```
#[derive(Debug)]
pub struct LongTable<'a> {
    table: &'a DataFrame,
    names: Vec<String>,
}

impl<'a> LongTable<'a> {
    /// The columns of `table`.
    pub fn new(table: &'a DataFrame) -> LongTable<'a> {
        let names = table.get_column_names().iter().map(|s| s.to_string()).collect();
        LongTable { table, names }
    }

    /// The column `name`, or the error naming the columns the table has.
    pub fn column(&self, name: &str) -> Result<&'a Column> {
        self.table.column(name).map_err(|_| Error::missing_column(name, &self.names))
    }

    /// Whether the table has a column `name`.
    pub fn has(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }

    /// The column as text (an empty cell: empty text).
    pub fn texts(&self, name: &str) -> Result<Vec<String>> {
        let c = self.column(name)?.cast(&DataType::String)?;
        Ok(c.str()?.iter().map(|v| v.unwrap_or_default().to_string()).collect())
    }

    /// The column as numbers (an empty cell: NaN).
    pub fn floats(&self, name: &str) -> Result<Vec<f64>> {
        let c = self.column(name)?.cast(&DataType::Float64)?;
        Ok(c.f64()?.iter().map(|v| v.unwrap_or(f64::NAN)).collect())
    }

    /// The column as numbers with its empty cells; a table without the column has no values (`None` in every
    /// row).
    pub fn optional_floats(&self, name: &str) -> Result<Vec<Option<f64>>> {
        match self.has(name) {
            true => Ok(self.column(name)?.cast(&DataType::Float64)?.f64()?.iter().collect()),
            false => Ok(vec![None; self.table.height()]),
        }
    }

    /// The column as whole numbers; an empty cell is an error naming the column with `empty` as the reason.
    pub fn whole(&self, name: &str, empty: &str) -> Result<Vec<i64>> {
        let c = self.column(name)?.cast(&DataType::Int64)?;
        c.i64()?.iter().map(|v| v.ok_or_else(|| Error::column(name, empty))).collect()
    }
}
