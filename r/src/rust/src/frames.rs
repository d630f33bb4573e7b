//! Tables across the door: R's columns into a polars frame (a factor as an `Enum` keeping its levels' order, `NA` as
//! a missing value), and any table of the library back as a named list of R vectors, which `r/R/` makes a
//! data.frame.

use featrank::polars::prelude::*;
use savvy::{
    ListSexp, OwnedIntegerSexp, OwnedListSexp, OwnedLogicalSexp, OwnedRealSexp, OwnedStringSexp, Sexp, TypedSexp,
};

/// A frame of R's columns `columns` (a named list of double, integer, logical or character vectors); `levels`: for
/// each column NULL, or a factor's levels (its values then given as text).
pub(crate) fn frame_from_r(columns: &ListSexp, levels: &ListSexp) -> savvy::Result<DataFrame> {
    let mut out = Vec::with_capacity(columns.len());
    for (j, (name, values)) in columns.iter().enumerate() {
        let name = PlSmallStr::from_str(name);
        let column = match values.into_typed() {
            TypedSexp::Real(v) => {
                Series::new(name, v.iter().map(|&x| (!x.is_nan()).then_some(x)).collect::<Vec<Option<f64>>>())
            }
            TypedSexp::Integer(v) => Series::new(
                name,
                v.iter().map(|&x| (x != i32::MIN).then_some(i64::from(x))).collect::<Vec<Option<i64>>>(),
            ),
            TypedSexp::Logical(v) => Series::new(
                name,
                v.as_slice_raw().iter().map(|&x| (x != i32::MIN).then_some(x != 0)).collect::<Vec<Option<bool>>>(),
            ),
            TypedSexp::String(v) => {
                use savvy::NotAvailableValue;
                let texts: Vec<Option<&str>> = v.iter().map(|s| (!s.is_na()).then_some(s)).collect();
                let series = Series::new(name.clone(), texts);
                match levels.get_by_index(j).map(Sexp::into_typed) {
                    Some(TypedSexp::String(l)) => {
                        let categories = FrozenCategories::new(l.iter()).map_err(polars_error)?;
                        series.cast(&DataType::from_frozen_categories(categories)).map_err(polars_error)?
                    }
                    _ => series,
                }
            }
            _ => {
                let why = "featrank reads columns of numbers, logicals, text and factors";
                return Err(crate::to_r(featrank::Error::column(name.as_str(), why)));
            }
        };
        out.push(column.into_column());
    }
    DataFrame::new_infer_height(out).map_err(polars_error)
}

fn polars_error(e: PolarsError) -> savvy::Error {
    crate::to_r(featrank::Error::Polars(e))
}

/// A table as a named list of R vectors: numbers as doubles (integers as integers where they fit), booleans as
/// logicals, everything else as text; a missing value as `NA`.
pub(crate) fn frame_to_r(frame: &DataFrame) -> savvy::Result<Sexp> {
    let mut out = OwnedListSexp::new(frame.width(), true)?;
    for (j, column) in frame.columns().iter().enumerate() {
        let series = column.as_materialized_series();
        let n = series.len();
        let value: Sexp = match series.dtype() {
            DataType::Boolean => {
                let mut v = OwnedLogicalSexp::new(n)?;
                for (i, x) in series.bool().map_err(polars_error)?.iter().enumerate() {
                    match x {
                        Some(x) => v.set_elt(i, x)?,
                        None => v.set_na(i)?,
                    }
                }
                v.into()
            }
            DataType::Int8 | DataType::Int16 | DataType::Int32 | DataType::UInt8 | DataType::UInt16 => {
                integers(series)?
            }
            DataType::Int64 | DataType::UInt32 | DataType::UInt64 => {
                let wide = series.cast(&DataType::Int64).map_err(polars_error)?;
                let fits = wide
                    .i64()
                    .map_err(polars_error)?
                    .iter()
                    .flatten()
                    .all(|x| x > i64::from(i32::MIN) && x <= i64::from(i32::MAX));
                match fits {
                    true => integers(series)?,
                    false => doubles(series)?,
                }
            }
            d if d.is_primitive_numeric() => doubles(series)?,
            _ => {
                let text = series.cast(&DataType::String).map_err(polars_error)?;
                let mut v = OwnedStringSexp::new(n)?;
                for (i, x) in text.str().map_err(polars_error)?.iter().enumerate() {
                    match x {
                        Some(x) => v.set_elt(i, x)?,
                        None => v.set_na(i)?,
                    }
                }
                v.into()
            }
        };
        out.set_name_and_value(j, series.name().as_str(), value)?;
    }
    out.into()
}

fn integers(series: &Series) -> savvy::Result<Sexp> {
    let cast = series.cast(&DataType::Int32).map_err(polars_error)?;
    let mut v = OwnedIntegerSexp::new(series.len())?;
    for (i, x) in cast.i32().map_err(polars_error)?.iter().enumerate() {
        match x {
            Some(x) => v.set_elt(i, x)?,
            None => v.set_na(i)?,
        }
    }
    v.into()
}

fn doubles(series: &Series) -> savvy::Result<Sexp> {
    let cast = series.cast(&DataType::Float64).map_err(polars_error)?;
    let mut v = OwnedRealSexp::new(series.len())?;
    for (i, x) in cast.f64().map_err(polars_error)?.iter().enumerate() {
        match x {
            Some(x) => v.set_elt(i, x)?,
            None => v.set_na(i)?,
        }
    }
    v.into()
}
