//! featrank's exception classes, created here when the module loads — one per kind of the library's error
//! ([`featrank::error::ErrorKind`]), chosen by an exhaustive match on that kind — and the library's errors
//! raised as them, with what was at fault as attributes.
//!
//! Every class is a `featrank.Error` (a `ValueError`); where Python has a built-in exception for the same
//! trouble the class is that too (a missing file is a `FileNotFoundError`, a memory refusal a `MemoryError`),
//! so Python's own `except` clauses catch it. The classes are built as Python builds a `class` statement
//! (`type(name, bases, namespace)`): `pyo3::create_exception!` gives one base, several are needed here.

use featrank::error::ErrorKind;
use pyo3::create_exception;
use pyo3::exceptions::{
    PyArithmeticError, PyBaseException, PyFileNotFoundError, PyKeyError, PyMemoryError, PyOSError, PyRuntimeError,
    PyTypeError, PyUserWarning, PyValueError,
};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};
use pyo3::{wrap_pyfunction, PyTypeInfo};

create_exception!(
    featrank,
    Error,
    PyValueError,
    "Every error featrank reports: bad input, an unknown spec, work beyond the memory limit. Its message names \
     the column or parameter at fault."
);

/// featrank's classes: the exceptions (one per [`ErrorKind`], some shared) and the warning category.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Class {
    Error,
    Parameter,
    Argument,
    Spec,
    Column,
    ColumnNotFound,
    Data,
    UnsupportedTask,
    Numerical,
    File,
    MissingFile,
    Parse,
    MemoryLimit,
    Device,
    Method,
    Warning,
}

impl Class {
    /// The class of each kind of error, for every kind.
    pub(crate) fn of(kind: ErrorKind) -> Class {
        match kind {
            ErrorKind::Data => Class::Data,
            ErrorKind::ColumnNotFound => Class::ColumnNotFound,
            ErrorKind::Column => Class::Column,
            ErrorKind::Parameter => Class::Parameter,
            ErrorKind::Spec => Class::Spec,
            ErrorKind::UnsupportedTask => Class::UnsupportedTask,
            ErrorKind::Numerical => Class::Numerical,
            ErrorKind::Parse => Class::Parse,
            ErrorKind::MissingFile => Class::MissingFile,
            ErrorKind::File => Class::File,
            ErrorKind::Memory => Class::MemoryLimit,
            ErrorKind::Device => Class::Device,
            ErrorKind::External => Class::Method,
            ErrorKind::Interrupted | ErrorKind::Other => Class::Error,
        }
    }

    /// The class object (created when the module loaded).
    pub(crate) fn get(self, py: Python<'_>) -> PyResult<Bound<'_, PyType>> {
        let classes = CLASSES.get(py).ok_or_else(|| Error::new_err("featrank's exception classes are not created"))?;
        Ok(classes[self as usize].bind(py).clone())
    }
}

/// A base of a class: one of featrank's, or one of Python's.
enum Base {
    Own(Class),
    Python(for<'py> fn(Python<'py>) -> Bound<'py, PyType>),
}

/// A class attribute's value before an instance sets its own.
enum Initial {
    Nothing,
    NoNames,
}

/// What a class is: its name, bases, docstring, the attributes it declares (name, type as annotated,
/// initial value) and whether its message is shown as written (`KeyError` and `OSError` decorate theirs).
struct Entry {
    class: Class,
    name: &'static str,
    bases: &'static [Base],
    doc: &'static str,
    attributes: &'static [(&'static str, &'static str, Initial)],
    plain: bool,
}

/// Every class, each after its featrank bases.
const ENTRIES: [Entry; 15] = [
    Entry {
        class: Class::Parameter,
        name: "ParameterError",
        bases: &[Base::Own(Class::Error)],
        doc: "A parameter out of its range or unreadable. ``parameter``: its name as the user spells it.",
        attributes: &[("parameter", "str | None", Initial::Nothing)],
        plain: false,
    },
    Entry {
        class: Class::Argument,
        name: "ArgumentError",
        bases: &[Base::Own(Class::Parameter), Base::Python(PyTypeError::type_object)],
        doc: "A value a parameter cannot take, refused when the call converts its arguments (a negative seed, a \
              text\nfor a count, one text for a list); also a ``TypeError``. ``parameter``: the parameter's name, \
              which the\nconversion notes on the error (``__notes__``, on Python 3.10 too).\n\n\
              >>> import featrank\n\
              >>> try:\n\
              ...     featrank.rank(featrank.datasets.load(\"iris\"), \"fisher\", seed=-1)\n\
              ... except featrank.ArgumentError as e:\n\
              ...     print(e.parameter, \"|\", e)\n\
              seed | invalid parameter 'seed': expected a whole number from 0 to 18446744073709551615 (2⁶⁴ − 1), \
              got -1 (int)\n",
        attributes: &[],
        plain: false,
    },
    Entry {
        class: Class::Spec,
        name: "SpecError",
        bases: &[Base::Own(Class::Parameter)],
        doc: "A spec text (``relieff:k=10``, a scheme, a grid, a rule) that names nothing known or does not \
              parse.\n``name``: the name given; ``kind``: what was looked up (``ranking method``, ``learner``, …) \
              or None;\n``suggestions``: the known names.",
        attributes: &[
            ("name", "str | None", Initial::Nothing),
            ("kind", "str | None", Initial::Nothing),
            ("suggestions", "list[str]", Initial::NoNames),
        ],
        plain: false,
    },
    Entry {
        class: Class::Column,
        name: "ColumnError",
        bases: &[Base::Own(Class::Error)],
        doc: "A column (or the target) that cannot be used as it is. ``column``: its name.",
        attributes: &[("column", "str | None", Initial::Nothing)],
        plain: false,
    },
    Entry {
        class: Class::ColumnNotFound,
        name: "ColumnNotFoundError",
        bases: &[Base::Own(Class::Column), Base::Python(PyKeyError::type_object)],
        doc: "A column name that the data does not have (also a ``KeyError``). ``column``: the name asked for;\n\
              ``suggestions``: the closest names the data has, closest first.",
        attributes: &[("suggestions", "list[str]", Initial::NoNames)],
        plain: true,
    },
    Entry {
        class: Class::Data,
        name: "DataError",
        bases: &[Base::Own(Class::Error)],
        doc: "Data that cannot serve: no rows or features, a name twice, a task a method does not handle.",
        attributes: &[],
        plain: false,
    },
    Entry {
        class: Class::UnsupportedTask,
        name: "UnsupportedTaskError",
        bases: &[Base::Own(Class::Data)],
        doc: "A method asked to work on a task it does not handle. ``method``, ``task``.",
        attributes: &[("method", "str | None", Initial::Nothing), ("task", "str | None", Initial::Nothing)],
        plain: false,
    },
    Entry {
        class: Class::Numerical,
        name: "NumericalError",
        bases: &[Base::Own(Class::Error), Base::Python(PyArithmeticError::type_object)],
        doc: "A computation that met numbers it cannot work with (also an ``ArithmeticError``). ``what``.",
        attributes: &[("what", "str | None", Initial::Nothing)],
        plain: false,
    },
    Entry {
        class: Class::File,
        name: "FileError",
        bases: &[Base::Own(Class::Error), Base::Python(PyOSError::type_object)],
        doc: "A file that cannot be read or written (also an ``OSError``, whose filename and errno it sets). \
              ``path``:\nthe file.",
        attributes: &[("path", "str | None", Initial::Nothing)],
        plain: true,
    },
    Entry {
        class: Class::MissingFile,
        name: "MissingFileError",
        bases: &[Base::Own(Class::File), Base::Python(PyFileNotFoundError::type_object)],
        doc: "A file that does not exist (also a ``FileNotFoundError``). ``path``.",
        attributes: &[],
        plain: false,
    },
    Entry {
        class: Class::Parse,
        name: "ParseError",
        bases: &[Base::Own(Class::Error)],
        doc: "A file whose contents do not parse. ``source``: the file; ``line``: 1-based, when known.",
        attributes: &[("source", "str | None", Initial::Nothing), ("line", "int | None", Initial::Nothing)],
        plain: false,
    },
    Entry {
        class: Class::MemoryLimit,
        name: "MemoryLimitError",
        bases: &[Base::Own(Class::Error), Base::Python(PyMemoryError::type_object)],
        doc: "Work whose memory estimate exceeds the limit, refused before it started (also a ``MemoryError``).\n\
              ``needed`` and ``limit`` in bytes; raise the limit with ``featrank.set_memory_limit``.",
        attributes: &[("needed", "int | None", Initial::Nothing), ("limit", "int | None", Initial::Nothing)],
        plain: false,
    },
    Entry {
        class: Class::Device,
        name: "DeviceError",
        bases: &[Base::Own(Class::Error), Base::Python(PyRuntimeError::type_object)],
        doc: "The device a run asked for cannot do it (also a ``RuntimeError``): a featrank built without its cargo\n\
              feature ``gpu``, no NVIDIA GPU or driver found, NVRTC missing, or too little GPU memory for the work \
              (refused\nbefore it starts). ``device=\"cpu\"`` gives the same curves.\n\n\
              >>> import featrank\n\
              >>> issubclass(featrank.DeviceError, RuntimeError), issubclass(featrank.DeviceError, featrank.Error)\n\
              (True, True)\n",
        attributes: &[],
        plain: false,
    },
    Entry {
        class: Class::Method,
        name: "MethodError",
        bases: &[Base::Own(Class::Error)],
        doc: "Your own ranking method (a function, an estimator, a program) gave what featrank cannot use: scores \
              of the\nwrong length, not numbers, NaN or infinite (see ``featrank.ranker``'s ``nonfinite``), or a \
              program that failed.\nThe message names the method and, inside a curve run, the repeat and split. An \
              exception your function\nraises reaches you as itself, with the split in a note. ``method``: the \
              method's spec; ``context``: where\n(the repeat and split), or empty.\n\n\
              >>> import featrank\n\
              >>> try:\n\
              ...     featrank.rank(\"iris\", featrank.ranker(lambda X, y: [1.0, 2.0], name=\"short\"))\n\
              ... except featrank.MethodError as e:\n\
              ...     print(e)\n\
              python:short failed: gave 2 scores for 4 features\n",
        attributes: &[("method", "str | None", Initial::Nothing), ("context", "str | None", Initial::Nothing)],
        plain: false,
    },
    Entry {
        class: Class::Warning,
        name: "FeatrankWarning",
        bases: &[Base::Python(PyUserWarning::type_object)],
        doc: "What featrank tells without stopping (the Rust library's notices): text columns read as nominal \
              features,\na Wilcoxon test that cannot reach the level asked for. Python's filters apply, e.g.\n\
              ``warnings.simplefilter(\"error\", featrank.FeatrankWarning)`` makes each one an exception.\n\n\
              >>> import warnings, pandas as pd, featrank\n\
              >>> df = pd.DataFrame({\"city\": [\"a\", \"b\", \"c\"] * 4, \"size\": range(12), \"y\": [0, 1] * 6})\n\
              >>> with warnings.catch_warnings(record=True) as caught:\n\
              ...     warnings.simplefilter(\"always\")\n\
              ...     data = featrank.Dataset(df, target=\"y\")\n\
              >>> caught[0].category.__name__, str(caught[0].message)[:41]\n\
              ('FeatrankWarning', 'text columns read as nominal features: ci')\n",
        attributes: &[],
        plain: false,
    },
];

/// The class objects, indexed by [`Class`].
static CLASSES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

/// Create every class and add it to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let error = py.get_type::<Error>();
    m.add("Error", &error)?;
    let mut made: Vec<Option<Bound<'_, PyType>>> = vec![None; ENTRIES.len() + 1];
    made[Class::Error as usize] = Some(error);
    let builtins = py.import("builtins")?;
    for entry in &ENTRIES {
        let bases = entry
            .bases
            .iter()
            .map(|base| match base {
                Base::Own(class) => made[*class as usize].clone().ok_or_else(|| Error::new_err("a base made later")),
                Base::Python(class) => Ok(class(py)),
            })
            .collect::<PyResult<Vec<_>>>()?;
        let namespace = namespace(m, entry)?;
        let class = builtins.getattr("type")?.call1((entry.name, PyTuple::new(py, bases)?, namespace))?;
        let class = class.cast_into::<PyType>()?;
        m.add(entry.name, &class)?;
        made[entry.class as usize] = Some(class);
    }
    let classes = made.into_iter().map(|c| c.map(Bound::unbind)).collect::<Option<Vec<_>>>();
    let classes = classes.ok_or_else(|| Error::new_err("a class without its entry"))?;
    let _ = CLASSES.set(py, classes);
    Ok(())
}

/// A class's namespace: its docstring, module, declared attributes and the methods of its own.
fn namespace<'py>(m: &Bound<'py, PyModule>, entry: &Entry) -> PyResult<Bound<'py, PyDict>> {
    let py = m.py();
    let namespace = PyDict::new(py);
    namespace.set_item("__doc__", entry.doc)?;
    namespace.set_item("__module__", "featrank.errors")?;
    namespace.set_item("__qualname__", entry.name)?;
    let annotations = PyDict::new(py);
    for (name, annotation, initial) in entry.attributes {
        annotations.set_item(name, annotation)?;
        match initial {
            Initial::Nothing => namespace.set_item(name, py.None())?,
            Initial::NoNames => namespace.set_item(name, PyList::empty(py))?,
        }
    }
    namespace.set_item("__annotations__", annotations)?;
    if entry.plain {
        namespace.set_item("__str__", PyBaseException::type_object(py).getattr("__str__")?)?;
    }
    let functools = py.import("functools")?;
    let method = |f: Bound<'py, PyAny>| functools.getattr("partialmethod")?.call1((f,));
    let class_method = |f: Bound<'py, PyAny>| builtins_call(py, "classmethod", f);
    match entry.class {
        Class::Parameter => namespace.set_item("_of", class_method(wrap_pyfunction!(parameter_of, m)?.into_any())?)?,
        Class::Column => namespace.set_item("_of", class_method(wrap_pyfunction!(column_of, m)?.into_any())?)?,
        Class::Data => {
            namespace.set_item("_of", class_method(wrap_pyfunction!(empty_of, m)?.into_any())?)?;
            namespace.set_item("_duplicate", class_method(wrap_pyfunction!(duplicate_of, m)?.into_any())?)?;
        }
        Class::Method => namespace.set_item("_of", class_method(wrap_pyfunction!(method_of, m)?.into_any())?)?,
        Class::Argument => {
            namespace.set_item("_of", class_method(wrap_pyfunction!(argument_of, m)?.into_any())?)?;
            let parameter = builtins_call(py, "property", wrap_pyfunction!(noted_parameter, m)?.into_any())?;
            namespace.set_item("parameter", parameter)?;
            namespace.set_item("__str__", method(wrap_pyfunction!(argument_str, m)?.into_any())?)?;
            if !PyBaseException::type_object(py).hasattr("add_note")? {
                // Python 3.10: PyO3 calls `add_note` to name the parameter; keep the note as 3.11 does
                namespace.set_item("add_note", method(wrap_pyfunction!(add_note, m)?.into_any())?)?;
            }
        }
        _ => {}
    }
    Ok(namespace)
}

fn builtins_call<'py>(py: Python<'py>, name: &str, f: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    py.import("builtins")?.getattr(name)?.call1((f,))
}

/// `ParameterError._of(parameter, reason)`: the error the Rust library writes for the same trouble.
#[pyfunction]
fn parameter_of<'py>(class: &Bound<'py, PyType>, parameter: &str, reason: &str) -> PyResult<Bound<'py, PyAny>> {
    let error = class.call1((featrank::Error::param(parameter, reason).message(),))?;
    error.setattr("parameter", parameter)?;
    Ok(error)
}

/// The error the Rust library raises for `e`, as a value to raise from Python.
fn value_of(py: Python<'_>, e: featrank::Error) -> Bound<'_, PyAny> {
    to_py(e).into_value(py).into_bound(py).into_any()
}

/// `ColumnError._of(column, reason)`: a column that cannot be used as it is ([`featrank::Error::InvalidColumn`]).
#[pyfunction]
fn column_of<'py>(class: &Bound<'py, PyType>, column: &str, reason: &str) -> Bound<'py, PyAny> {
    value_of(class.py(), featrank::Error::column(column, reason))
}

/// `DataError._of(what)`: data with no rows or no features ([`featrank::Error::EmptyData`]).
#[pyfunction]
fn empty_of<'py>(class: &Bound<'py, PyType>, what: &str) -> Bound<'py, PyAny> {
    value_of(class.py(), featrank::Error::EmptyData { what: what.into() })
}

/// `DataError._duplicate(name, context)`: a name twice ([`featrank::Error::DuplicateName`]).
#[pyfunction]
fn duplicate_of<'py>(class: &Bound<'py, PyType>, name: &str, context: &str) -> Bound<'py, PyAny> {
    value_of(class.py(), featrank::Error::DuplicateName { name: name.into(), context: context.into() })
}

/// `MethodError._of(method, reason)`: a user's method that gave what featrank cannot use, as the library's
/// contract refuses it ([`featrank::Error::External`]: `method` set, no split yet).
#[pyfunction]
fn method_of<'py>(class: &Bound<'py, PyType>, method: &str, reason: &str) -> Bound<'py, PyAny> {
    value_of(class.py(), featrank::Error::external(method, reason))
}

/// `ArgumentError._of(parameter, what, got)`: as the module's conversions raise it (`args.rs`), with the
/// parameter's name in a note.
#[pyfunction]
fn argument_of<'py>(
    _class: &Bound<'py, PyType>,
    parameter: &str,
    what: &str,
    got: &Bound<'py, PyAny>,
) -> Bound<'py, PyAny> {
    let py = got.py();
    crate::args::refused(py, parameter, what, got).into_value(py).into_bound(py).into_any()
}

/// "expected …, got … (type)" with the value quoted as the library quotes a user's text.
pub(crate) fn expected(what: &str, got: &Bound<'_, PyAny>) -> String {
    let shown = got.repr().map(|r| r.to_string()).unwrap_or_else(|_| "an object".into());
    let kind = got.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    format!("expected {what}, got {} ({kind})", featrank::error::quote(&shown))
}

/// `ArgumentError.parameter`: the name PyO3's conversion noted ("while processing 'seed'"), or None.
#[pyfunction]
fn noted_parameter(error: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let Ok(notes) = error.getattr("__notes__") else { return Ok(None) };
    for note in notes.try_iter()? {
        let note: String = note?.extract().unwrap_or_default();
        if let Some(name) = note.strip_prefix("while processing '").and_then(|n| n.strip_suffix('\'')) {
            return Ok(Some(name.to_string()));
        }
    }
    Ok(None)
}

/// `str(ArgumentError)`: "invalid parameter 'seed': expected …" once the parameter is known.
#[pyfunction]
fn argument_str(error: &Bound<'_, PyAny>) -> PyResult<String> {
    let args = error.getattr("args")?.cast_into::<PyTuple>()?;
    let reason = match args.len() {
        0 => String::new(),
        _ => args.get_item(0)?.str()?.to_string(),
    };
    Ok(match noted_parameter(error)? {
        Some(name) => format!("invalid parameter '{name}': {reason}"),
        None => reason,
    })
}

/// Python 3.11's `BaseException.add_note` on 3.10: the note kept in `__notes__`.
#[pyfunction]
fn add_note(error: &Bound<'_, PyAny>, note: &str) -> PyResult<()> {
    let notes: Vec<String> = error.getattr("__notes__").and_then(|n| n.extract()).unwrap_or_default();
    error.setattr("__notes__", [notes, vec![note.to_string()]].concat())
}

/// A featrank error as the class of its kind, with what was at fault as attributes (`column`, `parameter`,
/// `suggestions`, …); its message is the plain one, never the notebook box. The user's own exception, raised
/// inside their ranking method, comes back as itself with where it was raised in a note.
pub(crate) fn to_py(e: featrank::Error) -> PyErr {
    Python::attach(|py| typed(py, &e).unwrap_or_else(|_| Error::new_err(e.message())))
}

fn typed(py: Python<'_>, e: &featrank::Error) -> PyResult<PyErr> {
    use featrank::Error as E;
    if let E::External { method, context, payload: Some(payload), .. } = e {
        if let Some(raised) = payload.downcast_ref::<PyErr>() {
            let raised = raised.clone_ref(py);
            let at = if context.is_empty() { String::new() } else { format!(" in {context}") };
            let note = format!("featrank: raised by the ranking method {method}{at}");
            if raised.value(py).hasattr("add_note")? {
                raised.value(py).call_method1("add_note", (note,))?;
            } else {
                // Python 3.10: tracebacks do not show notes, but `__notes__` holds them as on 3.11
                add_note(raised.value(py), &note)?;
            }
            return Ok(raised);
        }
    }
    let value = Class::of(e.kind()).get(py)?.call1((e.message(),))?;
    match e {
        E::MissingColumn { column, suggestions, .. } => {
            value.setattr("column", column)?;
            value.setattr("suggestions", suggestions)?;
        }
        E::InvalidColumn { column, .. } | E::InvalidTarget { column, .. } => value.setattr("column", column)?,
        E::InvalidParameter { name, .. } => value.setattr("parameter", name)?,
        E::Unknown { kind, name, known } => {
            value.setattr("name", name)?;
            value.setattr("kind", kind)?;
            value.setattr("suggestions", known)?;
        }
        E::UnsupportedTask { method, task, .. } => {
            value.setattr("method", method)?;
            value.setattr("task", task.words())?;
        }
        E::Numerical { what, .. } => value.setattr("what", what)?,
        E::External { method, context, .. } => {
            value.setattr("method", method)?;
            value.setattr("context", context)?;
        }
        E::Parse { source_name, line, .. } => {
            value.setattr("source", source_name)?;
            value.setattr("line", line)?;
        }
        E::UnsupportedFormat { path } => value.setattr("source", path)?,
        E::Io { path, source } => {
            value.setattr("path", path)?;
            value.setattr("filename", path)?;
            value.setattr("errno", source.raw_os_error())?;
        }
        E::Memory { needed, limit, .. } => {
            value.setattr("needed", needed)?;
            value.setattr("limit", limit)?;
        }
        _ => {}
    }
    Ok(PyErr::from_value(value))
}
