//! Any scikit-learn estimator as a curve learner: cloned, fitted and asked to predict on every split and
//! subset size, through `featrank.sklearn._fit_predict` (the Python side holds no algorithm: it calls the
//! user's model). Slower than the built-in learners, which reuse work across sizes.

use featrank::data::Task;
use featrank::learners::{CheckedFold, Learner};
use featrank::method::Method;
use featrank::resampling::Prediction;
use featrank::{Error, Result, Spec};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

/// A scikit-learn estimator (any object with `fit` and `predict`), by reference.
#[derive(Debug)]
pub(crate) struct PyLearner {
    estimator: Py<PyAny>,
    /// The estimator's repr on one line, e.g. `LogisticRegression(C=0.5, max_iter=1000)`.
    model: String,
    classifier: bool,
    regressor: bool,
}

impl PyLearner {
    pub(crate) fn new(estimator: &Bound<'_, PyAny>) -> PyResult<PyLearner> {
        let py = estimator.py();
        if !(estimator.hasattr("fit")? && estimator.hasattr("predict")?) {
            let what = "a spec such as 'knn:k=10' (featrank.learners() lists them) or a scikit-learn estimator";
            return Err(crate::args::refused(py, "learner", what, estimator));
        }
        let helper = py.import("featrank.sklearn")?;
        let (classifier, regressor): (bool, bool) = helper.call_method1("_kind", (estimator,))?.extract()?;
        // scikit-learn's repr names the parameters that differ from their defaults: what ran, on one line
        let model = estimator.repr()?.to_string().split_whitespace().collect::<Vec<_>>().join(" ");
        Ok(PyLearner { estimator: estimator.clone().unbind(), model, classifier, regressor })
    }
}

impl Method for PyLearner {
    fn spec(&self) -> Spec {
        Spec::new("sklearn").with("model", &self.model)
    }

    fn supports(&self, task: Task) -> bool {
        match task {
            Task::Classification => self.classifier,
            Task::Regression => self.regressor,
            _ => false,
        }
    }
}

impl Learner for PyLearner {
    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let (n_train, n_test, n) = (fold.train.len(), fold.test.len(), features.len());
        let x_train = fold.data.matrix(fold.train, features)?.into_raw_vec_and_offset().0;
        let x_test = fold.data.matrix(fold.test, features)?.into_raw_vec_and_offset().0;
        let k = fold.data.n_classes();
        let failed = |e: PyErr| Error::param("learner", format!("{} raised {e}", self.model));
        Python::attach(|py| -> Result<Prediction> {
            let shape = |rows: usize, v: Vec<f64>| -> Result<Bound<'_, PyArray2<f64>>> {
                PyArray1::from_vec(py, v).reshape([rows, n]).map_err(failed)
            };
            let (xtr, xte) = (shape(n_train, x_train)?, shape(n_test, x_test)?);
            let helper = py.import("featrank.sklearn").map_err(failed)?;
            match (fold.data.labels(), fold.data.values()) {
                (Some(labels), _) => {
                    let y: Vec<i64> = fold.train.iter().map(|&r| labels[r] as i64).collect();
                    let out = helper
                        .call_method1("_fit_predict", (self.estimator.bind(py), xtr, PyArray1::from_vec(py, y), xte, k))
                        .map_err(failed)?;
                    let (codes, scores): (PyReadonlyArray1<i64>, PyReadonlyArray2<f64>) =
                        out.extract().map_err(|e: PyErr| failed(e))?;
                    let labels = codes.as_array().iter().map(|&c| c.clamp(0, k as i64 - 1) as usize).collect();
                    let scores: Vec<f64> = scores.as_array().iter().copied().collect();
                    if scores.len() != n_test * k {
                        return Err(Error::param("learner", format!("{} gave scores of the wrong shape", self.model)));
                    }
                    Ok(Prediction::Classes { labels, scores })
                }
                (None, Some(values)) => {
                    let y: Vec<f64> = fold.train.iter().map(|&r| values[r]).collect();
                    let out = helper
                        .call_method1("_fit_predict", (self.estimator.bind(py), xtr, PyArray1::from_vec(py, y), xte, 0))
                        .map_err(failed)?;
                    let (values, _): (PyReadonlyArray1<f64>, Bound<'_, PyAny>) =
                        out.extract().map_err(|e: PyErr| failed(e))?;
                    Ok(Prediction::Values(values.as_array().to_vec()))
                }
                (None, None) => Err(Error::param("learner", "the data has no target")),
            }
        })
    }
}
