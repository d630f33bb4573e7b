//! Library-wide settings seen from Python: the defaults every public signature reads
//! (`featrank/_defaults.py`), and the memory limit.

use pyo3::prelude::*;

use crate::guarded;

/// The library's defaults of a curve run, a nested evaluation and the Performance Index, by name — read from
/// `CurveJob::default()`, `NestedOptions::default()` and the library's constants, the one home of each: the
/// Python signatures take their defaults from here (`featrank/_defaults.py`).
#[pyfunction]
fn _defaults(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyDict>> {
    use featrank::protocol::{CurveJob, NestedOptions};
    use featrank::resampling::Scheme;
    let (curves, nested) = (CurveJob::default(), NestedOptions::default());
    let o = &curves.options;
    // Python takes the scheme's kind and the folds apart (`scheme="kfold", folds=10`), as the CLI does.
    let (scheme, folds) = match o.evaluation.resampling.scheme {
        Scheme::KFold { folds } => ("kfold".to_string(), folds),
        other => (other.to_string(), featrank::eval::defaults::FOLDS),
    };
    let out = pyo3::types::PyDict::new(py);
    out.set_item("learner", curves.learners.first())?;
    out.set_item("task", curves.task.to_string())?;
    out.set_item("scheme", scheme)?;
    out.set_item("folds", folds)?;
    out.set_item("repeats", o.evaluation.resampling.repeats)?;
    out.set_item("grid", o.evaluation.grid.to_string())?;
    out.set_item("expected", o.expected)?;
    out.set_item("seed", o.evaluation.seed)?;
    out.set_item("device", o.device.to_string())?;
    out.set_item("nested_repeats", nested.evaluation.resampling.repeats)?;
    out.set_item("inner_folds", nested.inner_folds)?;
    out.set_item("rule", nested.rules.first().map(|r| r.label()))?;
    Ok(out)
}

/// Set the memory limit: a size (`"4G"`, `"512M"`, or a positive number of bytes), or None for the default
/// (`FEATRANK_MEMORY_LIMIT`, else the memory available). 0, negative numbers and bools are refused.
#[pyfunction]
#[pyo3(signature = (limit))]
fn set_memory_limit(limit: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let refuse = |what: String| {
        crate::to_py(featrank::Error::param(
            "limit",
            format!("a size such as \"4G\" or a positive number of bytes, or None for the default; got {what}"),
        ))
    };
    let bytes = match limit {
        None => None,
        Some(v) if v.is_instance_of::<pyo3::types::PyString>() => {
            let text: String = v.extract()?;
            Some(guarded(|| featrank::memory::parse_bytes(&text))?)
        }
        Some(v) if v.is_instance_of::<pyo3::types::PyBool>() => return Err(refuse(format!("the bool {v}"))),
        Some(v) => match v.extract::<u64>() {
            Ok(0) => return Err(refuse("0, which would refuse all work".into())),
            Ok(n) => Some(n),
            Err(_) => return Err(refuse(v.repr().map_or_else(|_| "another type".into(), |r| r.to_string()))),
        },
    };
    guarded(|| featrank::memory::set_limit(bytes))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(set_memory_limit, m)?)?;
    Ok(())
}
