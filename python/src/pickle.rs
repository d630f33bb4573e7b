//! Results that pickle (and `copy`/`deepcopy`): every class's `__reduce__` gives its own `_from_state` (a
//! static method, pickled by reference to the class) and its state — serde JSON of the library's result types,
//! a Parquet image of a table's frame — so joblib, multiprocessing, Dask and caches can move results between
//! processes. These are the helpers they share; no class is rebuilt here.

use featrank::data::io::{read_bytes, Format};
use featrank::data::Frame;
use featrank::polars::prelude::ParquetWriter;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple, PyType};
use serde::{de::DeserializeOwned, Serialize};

use crate::{guarded, to_py};

/// `(class._from_state, ([parts…],))`: what a class's `__reduce__` returns.
pub(crate) fn reduce<'py>(class: Bound<'py, PyType>, parts: Vec<Vec<u8>>) -> PyResult<Bound<'py, PyTuple>> {
    let py = class.py();
    let restore = class.getattr("_from_state")?;
    let parts: Vec<Bound<'py, PyBytes>> = parts.iter().map(|p| PyBytes::new(py, p)).collect();
    (restore, (parts,)).into_pyobject(py)
}

/// A value as JSON bytes (serde; floats round-trip exactly).
pub(crate) fn json(value: &impl Serialize) -> PyResult<Vec<u8>> {
    serde_json::to_vec(value).map_err(|e| to_py(e.into()))
}

/// A value back from JSON bytes.
pub(crate) fn from_json<T: DeserializeOwned>(bytes: &[u8]) -> PyResult<T> {
    serde_json::from_slice(bytes).map_err(|e| to_py(e.into()))
}

/// A frame as Parquet bytes (dtypes kept).
pub(crate) fn parquet(frame: &Frame) -> PyResult<Vec<u8>> {
    let mut bytes = Vec::new();
    guarded(|| Ok(ParquetWriter::new(&mut bytes).finish(&mut (**frame).clone())?))?;
    Ok(bytes)
}

/// A frame back from Parquet bytes.
pub(crate) fn from_parquet(bytes: &[u8]) -> PyResult<Frame> {
    guarded(|| read_bytes(bytes, Format::Parquet, "a pickled table"))
}

/// A text part.
pub(crate) fn text(bytes: &[u8]) -> PyResult<String> {
    String::from_utf8(bytes.to_vec()).map_err(|e| crate::Error::new_err(format!("a pickled text part: {e}")))
}

/// The parts of a pickled object's state, named by its class for errors.
pub(crate) struct Parts<'a> {
    class: &'a str,
    parts: &'a [Vec<u8>],
}

impl<'a> Parts<'a> {
    /// The parts `__reduce__` gave an object of `class`.
    pub(crate) fn new(class: &'a str, parts: &'a [Vec<u8>]) -> Parts<'a> {
        Parts { class, parts }
    }

    /// Part `i`, or an error naming what lacks it.
    pub(crate) fn get(&self, i: usize) -> PyResult<&'a [u8]> {
        self.parts
            .get(i)
            .map(Vec::as_slice)
            .ok_or_else(|| crate::Error::new_err(format!("a pickled {} lacks part {i}", self.class)))
    }
}
