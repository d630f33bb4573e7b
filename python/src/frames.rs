//! Tables across the boundary: in through the Arrow PyCapsule interface, out as NumPy buffers or through it.
//!
//! In: `featrank/_input.py` turns a pandas, Polars or pyarrow table, or NumPy arrays, into one pyarrow table of
//! the column types featrank reads — float64 (NaN missing), int64 and bool (null missing), large_string, and an
//! ordered categorical as a dictionary of large_string levels — and [`frame_from_arrow`] imports it through its
//! Arrow C stream (`__arrow_c_stream__`), holding pyarrow's buffers without copying them.
//! Out: a result's Polars frame becomes a dict of NumPy arrays (text as lists), then a Polars or pandas
//! DataFrame; or an Arrow C stream ([`arrow_stream`]).

use featrank::data::Frame;
use featrank::polars::prelude::*;
use numpy::PyArray1;
use polars_arrow::array::{Array, DictionaryArray, StructArray, Utf8Array};
use polars_arrow::datatypes::{ArrowDataType, Field as ArrowField};
use polars_arrow::ffi::{ArrowArrayStream, ArrowArrayStreamReader};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict};

use crate::Error;

/// The frame of a table that speaks the Arrow C stream interface (`__arrow_c_stream__`): each record batch's
/// columns, read as featrank reads them — float64, int64, bool and strings as they are, an ordered dictionary of
/// strings as an Enum keeping its levels' declared order (else levels are sorted).
pub(crate) fn frame_from_arrow(table: &Bound<'_, PyAny>) -> PyResult<Frame> {
    let capsule = table.call_method0("__arrow_c_stream__")?.cast_into::<PyCapsule>()?;
    let stream = capsule.pointer_checked(Some(c"arrow_array_stream"))?.cast::<ArrowArrayStream>();
    // SAFETY: the capsule holds an ArrowArrayStream (its name says so); it is moved out, leaving a released
    // (empty) stream behind for the capsule's destructor, as the protocol asks of a consumer.
    let stream = unsafe { std::ptr::replace(stream.as_ptr(), ArrowArrayStream::empty()) };
    let err = |e: PolarsError| crate::to_py(e.into());
    // SAFETY: a stream just taken from its producer, read once.
    let mut reader = unsafe { ArrowArrayStreamReader::try_new(Box::new(stream)) }.map_err(err)?;
    let ArrowDataType::Struct(fields) = reader.field().dtype().clone() else {
        return Err(not_a_table());
    };
    let mut chunks: Vec<Vec<Box<dyn Array>>> = vec![Vec::new(); fields.len()];
    // SAFETY: as above.
    while let Some(batch) = unsafe { reader.next() } {
        let batch = batch.map_err(err)?;
        let batch = batch.as_any().downcast_ref::<StructArray>().ok_or_else(not_a_table)?;
        for (chunk, values) in chunks.iter_mut().zip(batch.values()) {
            chunk.push(values.clone());
        }
    }
    let columns =
        fields.iter().zip(chunks).map(|(field, chunks)| column(field, chunks)).collect::<PyResult<Vec<_>>>()?;
    let height = columns.first().map_or(0, |c| c.len());
    DataFrame::new(height, columns).map(Frame::from).map_err(err)
}

/// The refusal of a stream whose batches are not tables (struct arrays of columns): a `ParseError`.
fn not_a_table() -> PyErr {
    let reason = "a table's stream has struct batches (one array per column); this one does not".into();
    crate::to_py(featrank::Error::Parse { source_name: "<Arrow stream>".into(), line: None, reason })
}

/// One column from its Arrow chunks.
fn column(field: &ArrowField, chunks: Vec<Box<dyn Array>>) -> PyResult<Column> {
    let name = field.name.clone();
    let err = |e: PolarsError| crate::to_py(e.into());
    let series = match field.dtype() {
        ArrowDataType::Dictionary(_, _, true) => {
            let bad = |what: &str| {
                crate::to_py(featrank::Error::column(name.as_str(), format!("an ordered categorical {what}")))
            };
            let mut values: Vec<Option<&str>> = Vec::new();
            let mut levels: Option<Vec<&str>> = None;
            for chunk in &chunks {
                let dictionary =
                    chunk.as_any().downcast_ref::<DictionaryArray<i32>>().ok_or_else(|| bad("with int32 codes"))?;
                let words = dictionary.values().as_any().downcast_ref::<Utf8Array<i64>>();
                let words: Vec<&str> = words.ok_or_else(|| bad("with text levels"))?.values_iter().collect();
                for code in dictionary.keys().iter() {
                    let word = code.map(|&c| usize::try_from(c).ok().and_then(|c| words.get(c).copied()));
                    values.push(word.map(|w| w.ok_or_else(|| bad("with a code that has no level"))).transpose()?);
                }
                if levels.get_or_insert_with(|| words.clone()) != &words {
                    return Err(bad("whose batches have different levels"));
                }
            }
            // declared order kept, as the library keeps an Enum's
            let categories = FrozenCategories::new(levels.unwrap_or_default()).map_err(err)?;
            Series::new(name, values).strict_cast(&DataType::from_frozen_categories(categories)).map_err(err)?
        }
        ArrowDataType::Float64
        | ArrowDataType::Int64
        | ArrowDataType::Boolean
        | ArrowDataType::LargeUtf8
        | ArrowDataType::Utf8
        | ArrowDataType::Utf8View => match chunks.is_empty() {
            // a table of no rows may stream no batch
            true => Series::new_empty(name, &DataType::from_arrow_dtype(field.dtype())),
            false => Series::try_from((name, chunks)).map_err(err)?,
        },
        other => {
            let reason = format!(
                "Arrow type {other:?} is not read here (float64, int64, bool, text and ordered categoricals are)"
            );
            return Err(crate::to_py(featrank::Error::column(name.as_str(), reason)));
        }
    };
    Ok(series.into_column())
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
    let lib = py.import(module).map_err(|e| {
        let missing = pyo3::exceptions::PyModuleNotFoundError::new_err(format!("{module} is not installed ({hint})"));
        missing.set_cause(py, Some(e));
        missing
    })?;
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
