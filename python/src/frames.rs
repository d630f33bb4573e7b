//! Tables across the boundary as NumPy buffers, never one Python object per value (text columns cross
//! as integer codes and their levels).
//!
//! In: `featrank/_input.py` turns a pandas, Polars or pyarrow table, or NumPy arrays, into a list of
//! `(name, kind, values, extra)`: `"float"` (f64, NaN missing), `"int"` (i64, extra = missing mask or None),
//! `"bool"` (bool, extra = missing mask or None) or `"text"` (i64 codes, -1 missing; extra = the levels).
//! Out: a result's Polars frame becomes a dict of NumPy arrays (text as lists), then a Polars or pandas
//! DataFrame.

use featrank::data::Frame;
use featrank::polars::prelude::*;
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::Error;

/// One input column, read from its `(name, kind, values, extra)` tuple.
fn column(item: &Bound<'_, PyAny>) -> PyResult<Column> {
    let t = item.cast::<PyTuple>()?;
    let name: String = t.get_item(0)?.extract()?;
    let kind: String = t.get_item(1)?.extract()?;
    let values = t.get_item(2)?;
    let extra = t.get_item(3)?;
    let mask = |n: usize| -> PyResult<Vec<bool>> {
        if extra.is_none() {
            return Ok(vec![false; n]);
        }
        let m: PyReadonlyArray1<bool> = extra.extract()?;
        Ok(m.as_array().to_vec())
    };
    let series = match kind.as_str() {
        "float" => {
            let v: PyReadonlyArray1<f64> = values.extract()?;
            Series::new(name.as_str().into(), v.as_array().to_vec())
        }
        "int" => {
            let v: PyReadonlyArray1<i64> = values.extract()?;
            let m = mask(v.len()?)?;
            let vals: Vec<Option<i64>> = v.as_array().iter().zip(&m).map(|(&x, &miss)| (!miss).then_some(x)).collect();
            Series::new(name.as_str().into(), vals)
        }
        "bool" => {
            let v: PyReadonlyArray1<bool> = values.extract()?;
            let m = mask(v.len()?)?;
            let vals: Vec<Option<bool>> = v.as_array().iter().zip(&m).map(|(&x, &miss)| (!miss).then_some(x)).collect();
            Series::new(name.as_str().into(), vals)
        }
        "text" | "ordered" => {
            let codes: PyReadonlyArray1<i64> = values.extract()?;
            let levels: Vec<String> = extra.extract()?;
            let mut vals: Vec<Option<&str>> = Vec::with_capacity(codes.len()?);
            for &c in codes.as_array().iter() {
                vals.push(match usize::try_from(c) {
                    Ok(c) => Some(levels.get(c).map(String::as_str).ok_or_else(|| {
                        Error::new_err(format!("column '{name}': code {c} has no level ({} levels)", levels.len()))
                    })?),
                    Err(_) => None,
                });
            }
            let series = Series::new(name.as_str().into(), vals);
            if kind == "ordered" {
                // declared order kept, as the library keeps an Enum's (else levels are sorted)
                let err = |e: PolarsError| crate::to_py(e.into());
                let categories = FrozenCategories::new(levels.iter().map(String::as_str)).map_err(err)?;
                series.strict_cast(&DataType::from_frozen_categories(categories)).map_err(err)?
            } else {
                series
            }
        }
        other => return Err(Error::new_err(format!("column '{name}': unknown column kind '{other}'"))),
    };
    Ok(series.into_column())
}

/// The frame the input columns describe (one copy of each buffer).
pub(crate) fn frame_from_columns(columns: &Bound<'_, PyList>) -> PyResult<Frame> {
    let cols: Vec<Column> = columns.iter().map(|c| column(&c)).collect::<PyResult<_>>()?;
    let height = cols.first().map_or(0, |c| c.len());
    DataFrame::new(height, cols).map(Frame::from).map_err(|e| crate::to_py(e.into()))
}

/// A frame as a dict of NumPy arrays (numbers; integers with missing values become floats with NaN) and
/// lists (text, None missing), in column order.
pub(crate) fn columns_of<'py>(py: Python<'py>, frame: &Frame) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    let err = |e: PolarsError| crate::to_py(e.into());
    for col in frame.columns() {
        let name = col.name().as_str();
        let dtype = col.dtype();
        if dtype.is_integer() && col.null_count() == 0 {
            let c = col.cast(&DataType::Int64).map_err(err)?;
            let v: Vec<i64> = c.i64().map_err(err)?.into_no_null_iter().collect();
            out.set_item(name, PyArray1::from_vec(py, v))?;
        } else if dtype.is_primitive_numeric() {
            let c = col.cast(&DataType::Float64).map_err(err)?;
            let v: Vec<f64> = c.f64().map_err(err)?.iter().map(|x| x.unwrap_or(f64::NAN)).collect();
            out.set_item(name, PyArray1::from_vec(py, v))?;
        } else if matches!(dtype, DataType::Boolean) && col.null_count() == 0 {
            let v: Vec<bool> = col.bool().map_err(err)?.iter().map(|b| b.unwrap_or(false)).collect();
            out.set_item(name, PyArray1::from_vec(py, v))?;
        } else {
            let c = col.cast(&DataType::String).map_err(err)?;
            let v: Vec<Option<&str>> = c.str().map_err(err)?.iter().collect();
            out.set_item(name, v)?;
        }
    }
    Ok(out)
}

/// Which DataFrame library a table goes out to.
#[derive(Clone, Copy)]
pub(crate) enum Library {
    Polars,
    Pandas,
}

/// A frame as a Polars or pandas DataFrame (the library imported on first use).
pub(crate) fn frame_to<'py>(py: Python<'py>, frame: &Frame, library: Library) -> PyResult<Bound<'py, PyAny>> {
    let cols = columns_of(py, frame)?;
    let (module, hint) = match library {
        Library::Polars => ("polars", "pip install polars"),
        Library::Pandas => ("pandas", "pip install pandas"),
    };
    let lib = py.import(module).map_err(|_| Error::new_err(format!("{module} is not installed ({hint})")))?;
    lib.getattr("DataFrame")?.call1((cols,))
}

/// What `__arrow_c_stream__` returns: a PyCapsule holding an Arrow C stream.
pub(crate) type Stream<'py> = PyResult<Bound<'py, pyo3::types::PyCapsule>>;

/// The frame through the Arrow C stream interface (`__arrow_c_stream__`, the Arrow PyCapsule protocol): a
/// capsule named `arrow_array_stream` holding the frame's record batches (each a struct array of its columns),
/// which pyarrow (`pyarrow.table(t)`), polars (`polars.DataFrame(t)`), DuckDB and pandas through pyarrow read
/// without converting a value at a time. Strings go out as `large_utf8` (what every reader takes). A
/// `requested_schema` is not applied: the protocol lets a producer keep its own schema.
pub(crate) fn arrow_stream<'py>(
    py: Python<'py>,
    frame: &Frame,
    requested_schema: Option<Bound<'py, PyAny>>,
) -> Stream<'py> {
    use polars_arrow::array::{Array, StructArray};
    use polars_arrow::datatypes::{ArrowDataType, Field as ArrowField};
    let _ = requested_schema;
    let mut df: DataFrame = (**frame).clone();
    df.rechunk_mut();
    let compat = CompatLevel::oldest();
    let fields: Vec<ArrowField> = df.schema().to_arrow(compat).iter_values().cloned().collect();
    let dtype = ArrowDataType::Struct(fields);
    let batches = df
        .iter_chunks(compat, false)
        .map(|batch| {
            let rows = batch.height();
            let array = StructArray::try_new(dtype.clone(), rows, batch.into_arrays(), None)
                .map_err(|e| Error::new_err(format!("cannot stream this table as Arrow: {e}")))?;
            Ok(Box::new(array) as Box<dyn Array>)
        })
        .collect::<PyResult<Vec<_>>>()?;
    let stream = polars_arrow::ffi::export_iterator(
        Box::new(batches.into_iter().map(Ok)),
        ArrowField::new("".into(), dtype, false),
    );
    // A reader moves the stream out (its release set to null); one that never reads it leaves it to the
    // stream's own Drop, which releases it.
    pyo3::types::PyCapsule::new_with_value_and_destructor(py, stream, c"arrow_array_stream", |_, _| {})
}
