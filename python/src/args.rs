//! Arguments converted the featrank way: a value a parameter cannot take (`seed=-1`, `folds="10"`,
//! `feature_names="ab"`) is a `featrank.ArgumentError` — a `ParameterError` and a `TypeError` — saying what the
//! parameter accepts and what it got; PyO3 notes the parameter's name on it ("while processing 'seed'"), which
//! the Python class reads as its `parameter` and puts in its message.

use std::path::PathBuf;

use std::str::FromStr;

use featrank::compare::SizeRule;
use featrank::device::Device;
use featrank::eval::{CurveOptions, Evaluation, Grid};
use featrank::protocol::NestedOptions;
use featrank::resampling::{Measure, Resampling};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyString};

/// What a parameter of this type accepts, as the error says it.
pub(crate) trait Accepts {
    const WHAT: &'static str;
    /// Python's `True`/`False` are ints; refuse them where a count or a seed is meant.
    const NOT_BOOL: bool = false;
    /// Python's `str` is a sequence of texts; refuse it where a list is meant.
    const NOT_TEXT: bool = false;
    /// `None` is accepted too.
    const OPTIONAL: bool = false;
}

impl Accepts for u64 {
    const WHAT: &'static str = "a whole number from 0 to 18446744073709551615 (2⁶⁴ − 1)";
    const NOT_BOOL: bool = true;
}
impl Accepts for usize {
    const WHAT: &'static str = "a whole number from 0 to 18446744073709551615 (2⁶⁴ − 1)";
    const NOT_BOOL: bool = true;
}
impl Accepts for f64 {
    const WHAT: &'static str = "a real number";
    const NOT_BOOL: bool = true;
}
impl Accepts for bool {
    const WHAT: &'static str = "True or False";
}
impl Accepts for String {
    const WHAT: &'static str = "a text (str)";
}
impl Accepts for PathBuf {
    const WHAT: &'static str = "a path (str or os.PathLike)";
}
impl Accepts for Vec<String> {
    const WHAT: &'static str = "a list of texts (str)";
    const NOT_TEXT: bool = true;
}
impl Accepts for Vec<usize> {
    const WHAT: &'static str = "a list of whole numbers ≥ 0";
    const NOT_TEXT: bool = true;
}
impl Accepts for Vec<f64> {
    const WHAT: &'static str = "a list of real numbers";
    const NOT_TEXT: bool = true;
}
impl Accepts for Vec<Vec<f64>> {
    const WHAT: &'static str = "rows of real numbers (a list of lists)";
    const NOT_TEXT: bool = true;
}
impl Accepts for Vec<PathBuf> {
    const WHAT: &'static str = "a list of paths (str or os.PathLike)";
    const NOT_TEXT: bool = true;
}

impl<X: Accepts> Accepts for Option<X> {
    const WHAT: &'static str = X::WHAT;
    const NOT_BOOL: bool = X::NOT_BOOL;
    const NOT_TEXT: bool = X::NOT_TEXT;
    const OPTIONAL: bool = true;
}

/// A parameter's value converted as `T` is (`#[pyo3(from_py_with = arg)]`), or refused with a
/// `featrank.ArgumentError` that says what the parameter accepts.
pub(crate) fn arg<T>(obj: &Bound<'_, PyAny>) -> PyResult<T>
where
    T: for<'a, 'py> FromPyObject<'a, 'py> + Accepts,
{
    let refused = (T::NOT_BOOL && obj.is_instance_of::<PyBool>()) || (T::NOT_TEXT && obj.is_instance_of::<PyString>());
    if !refused {
        if let Ok(value) = obj.extract::<T>() {
            return Ok(value);
        }
    }
    let what = format!(
        "{}{}{}",
        T::WHAT,
        if T::OPTIONAL { " or None" } else { "" },
        if T::NOT_TEXT && obj.is_instance_of::<PyString>() { ", not one text" } else { "" }
    );
    Err(argument_error(obj.py(), &what, obj))
}

/// `featrank.ArgumentError` for `parameter`, raised inside a function (where the conversion's note is absent).
pub(crate) fn refused(py: Python<'_>, parameter: &str, what: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let error = argument_error(py, what, got);
    match error.value(py).call_method1("add_note", (format!("while processing '{parameter}'"),)) {
        Ok(_) => error,
        Err(e) => e,
    }
}

/// `featrank.ArgumentError("expected …, got …")`.
pub(crate) fn argument_error(py: Python<'_>, what: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let message = crate::errors::expected(what, got);
    match crate::errors::Class::Argument.get(py).and_then(|class| class.call1((message.clone(),))) {
        Ok(value) => PyErr::from_value(value),
        Err(_) => crate::Error::new_err(message),
    }
}

/// A text parameter, borrowed (`#[pyo3(from_py_with = text)]` on a `&str`), or refused with a
/// `featrank.ArgumentError`.
pub(crate) fn text<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<&'a str> {
    match obj.cast::<PyString>() {
        Ok(s) => s.to_str(),
        Err(_) => Err(argument_error(obj.py(), <String as Accepts>::WHAT, obj)),
    }
}

/// An optional text parameter, borrowed (`#[pyo3(from_py_with = text_or_none)]` on an `Option<&str>`).
pub(crate) fn text_or_none<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<Option<&'a str>> {
    match obj.cast::<PyString>() {
        Ok(s) => s.to_str().map(Some),
        Err(_) if obj.is_none() => Ok(None),
        Err(_) => Err(argument_error(obj.py(), "a text (str) or None", obj)),
    }
}

/// A setting written in the library's own words (a measure `"auc"`, a device `"gpu"`, a rule `"within:0.01"`):
/// read by `T`'s own `FromStr` here, its refusal of the kind and words the library gives it
/// (`#[pyo3(from_py_with = crate::args::word::<Measure>)]`); not a text: a `featrank.ArgumentError`.
pub(crate) fn word<T: FromStr<Err = featrank::Error>>(obj: &Bound<'_, PyAny>) -> PyResult<T> {
    let text = text(obj)?;
    crate::guarded(|| text.parse())
}

/// [`word`], or `None`.
pub(crate) fn word_or_none<T: FromStr<Err = featrank::Error>>(obj: &Bound<'_, PyAny>) -> PyResult<Option<T>> {
    if obj.is_none() {
        return Ok(None);
    }
    word(obj).map(Some)
}

/// A list of [`word`]s (a list of rules).
pub(crate) fn words<T: FromStr<Err = featrank::Error>>(obj: &Bound<'_, PyAny>) -> PyResult<Vec<T>> {
    let texts: Vec<String> = arg(obj)?;
    texts.iter().map(|t| crate::guarded(|| t.parse())).collect()
}

/// [`words`], or `None`.
pub(crate) fn words_or_none<T: FromStr<Err = featrank::Error>>(obj: &Bound<'_, PyAny>) -> PyResult<Option<Vec<T>>> {
    if obj.is_none() {
        return Ok(None);
    }
    words(obj).map(Some)
}

/// The subset sizes of a curve as Python gives them: a grid's name or its sizes in the spec grammar (`"paper"`,
/// `"full"`, `"1,5,10"`, read by [`Grid`]'s `FromStr`), or the sizes themselves — a list, a `range`, a NumPy
/// array of whole numbers — taken as they are, not written out as text first.
pub(crate) fn grid(obj: &Bound<'_, PyAny>) -> PyResult<Grid> {
    if obj.is_instance_of::<PyString>() {
        return word(obj);
    }
    let whole = |k: PyResult<Bound<'_, PyAny>>| k.ok().filter(|k| !k.is_instance_of::<PyBool>())?.extract().ok();
    let sizes: Option<Vec<usize>> = match obj.is_instance_of::<PyBytes>() {
        true => None, // bytes iterate as numbers, not as sizes
        false => obj.try_iter().ok().and_then(|items| items.map(whole).collect()),
    };
    match sizes {
        Some(sizes) if !sizes.is_empty() => Ok(Grid::Custom(sizes)),
        _ => Err(argument_error(
            obj.py(),
            "a grid's name ('paper', 'full'), sizes as text ('1,5,10') or a non-empty list of whole numbers",
            obj,
        )),
    }
}

/// A curve run's settings, each already converted under its parameter's name, as the library's
/// [`CurveOptions`] — the one place `featrank.curves` and `featrank.cluster.plan` make it.
#[allow(clippy::too_many_arguments)]
pub(crate) fn curve_options(
    scheme: &str,
    folds: Option<usize>,
    repeats: usize,
    grid: Grid,
    expected: usize,
    expected_repeats: Option<usize>,
    measure: Option<Measure>,
    seed: u64,
    device: Device,
) -> PyResult<CurveOptions> {
    let evaluation = self::evaluation(scheme, folds, repeats, grid, measure, seed)?;
    Ok(CurveOptions { evaluation, expected, expected_repeats, device })
}

/// A nested evaluation's settings, each already converted, as the library's [`NestedOptions`] — the one place
/// `featrank.nested` and `featrank.cluster.plan_nested` make it.
#[allow(clippy::too_many_arguments)]
pub(crate) fn nested_options(
    scheme: &str,
    folds: Option<usize>,
    repeats: usize,
    inner_folds: usize,
    rules: Vec<SizeRule>,
    grid: Grid,
    measure: Option<Measure>,
    seed: u64,
) -> PyResult<NestedOptions> {
    let evaluation = self::evaluation(scheme, folds, repeats, grid, measure, seed)?;
    Ok(NestedOptions { evaluation, inner_folds, rules })
}

/// The settings a curve run and a nested evaluation share, as the library's [`Evaluation`]: the scheme, folds
/// and repeats become one [`Resampling`] (folds beside a scheme with its own splits refused, naming both).
fn evaluation(
    scheme: &str,
    folds: Option<usize>,
    repeats: usize,
    grid: Grid,
    measure: Option<Measure>,
    seed: u64,
) -> PyResult<Evaluation> {
    let resampling = crate::guarded(|| Resampling::from_text(scheme, folds, repeats))?;
    Ok(Evaluation { resampling, grid, measure, seed })
}
