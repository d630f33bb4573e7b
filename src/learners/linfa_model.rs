//! [`LinfaLearner`]: any linfa model as a curve learner.
//!
//! linfa (rust-ml/linfa) is Rust's scikit-learn: every model is a set of hyperparameters implementing
//! `Fit` on a `Dataset`, whose fitted object implements `PredictInplace`. The adapter fits a copy of the
//! model's parameters on each fold's training rows (the features of the subset, raw: no scaling — the
//! model's own preprocessing is the user's choice) and predicts the test rows; nothing is shared between
//! folds or sizes, so a curve refits at every size (a linfa model has no incremental path).
//!
//! Targets are mapped both ways by [`TargetValue`]: `usize` class codes ([`LinfaLearner::classifier`]),
//! `bool` for two classes ([`LinfaLearner::binary`], `true` = the second class), `f64` values
//! ([`LinfaLearner::regressor`]), or any [`TargetValue`] through [`LinfaLearner::new`]. linfa models
//! predict labels, not class probabilities: each predicted class scores 1 and the others 0, so AUC measures
//! the hard labels.
//!
//! A linfa model takes neither nominal features nor missing values: both are refused before any work,
//! naming the column. A model that panics (linfa asserts shapes and some solvers assert convergence) gives a
//! featrank error naming the model, not an abort.

use std::fmt;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};

use ::linfa::dataset::DatasetBase;
use ::linfa::traits::{Fit, PredictInplace};
use ndarray::{Array1, Array2};

use super::{CheckedFold, Learner};
use crate::data::{Dataset, Decoded, TargetValue, Task};
use crate::error::{Error, Result};
use crate::method::Method;
use crate::resampling::Prediction;
use crate::spec::Spec;

/// A linfa model (its hyperparameters, `P`) as a [`Learner`]: fitted on every fold's training rows with
/// targets of type `L`; `E` is the model's error type. Recorded in results as `linfa:model=…` — the
/// parameters' `Debug` on one line, or the name given by [`LinfaLearner::named`].
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::LinfaLearner;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let model = linfa_logistic::MultiLogisticRegression::default().max_iterations(50);
/// let learner = LinfaLearner::classifier(model).named("multinomial logistic regression");
/// let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
/// let curves = CurveSpec::new(learner).folds(5).repeats(1).expected(0).evaluate(&iris, &[r]).unwrap();
/// assert_eq!(curves.learner, "linfa:model=multinomial logistic regression");
/// assert!(curves.get("ranking", CurveKind::Ffa).unwrap().mean[0] > 0.9);
/// ```
pub struct LinfaLearner<P, L, E> {
    params: P,
    name: Option<String>,
    marker: PhantomData<fn() -> (L, E)>,
}

impl<P: Clone, L, E> Clone for LinfaLearner<P, L, E> {
    fn clone(&self) -> Self {
        LinfaLearner { params: self.params.clone(), name: self.name.clone(), marker: PhantomData }
    }
}

impl<P: fmt::Debug, L, E> fmt::Debug for LinfaLearner<P, L, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LinfaLearner").field("params", &self.params).field("name", &self.name).finish()
    }
}

impl<P, L, E> LinfaLearner<P, L, E>
where
    P: Fit<Array2<f64>, Array1<L>, E>,
    E: std::error::Error + From<::linfa::error::Error>,
{
    /// The model `params` with targets of any [`TargetValue`] `L` (e.g. `String` class names); the
    /// constructors below fix `L` for the usual cases.
    pub fn new(params: P) -> Self {
        LinfaLearner { params, name: None, marker: PhantomData }
    }
}

impl<P, E> LinfaLearner<P, usize, E>
where
    P: Fit<Array2<f64>, Array1<usize>, E>,
    E: std::error::Error + From<::linfa::error::Error>,
{
    /// A classifier fitted on class codes (`usize`, indices into the dataset's class names): logistic
    /// regression, Gaussian naive Bayes, decision trees, … .
    pub fn classifier(params: P) -> Self {
        LinfaLearner::new(params)
    }
}

impl<P, E> LinfaLearner<P, bool, E>
where
    P: Fit<Array2<f64>, Array1<bool>, E>,
    E: std::error::Error + From<::linfa::error::Error>,
{
    /// A two-class classifier fitted on `bool` targets (`true` = the dataset's second class), e.g.
    /// linfa-svm's `Svm::<f64, bool>::params()`.
    pub fn binary(params: P) -> Self {
        LinfaLearner::new(params)
    }
}

impl<P, E> LinfaLearner<P, f64, E>
where
    P: Fit<Array2<f64>, Array1<f64>, E>,
    E: std::error::Error + From<::linfa::error::Error>,
{
    /// A regressor fitted on `f64` targets: linear regression, elastic net, SVR, … .
    pub fn regressor(params: P) -> Self {
        LinfaLearner::new(params)
    }
}

impl<P, L, E> LinfaLearner<P, L, E> {
    /// The name results record (`linfa:model=name`) instead of the parameters' `Debug`.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// The model's parameters.
    pub fn params(&self) -> &P {
        &self.params
    }
}

impl<P: fmt::Debug, L, E> LinfaLearner<P, L, E> {
    /// What ran, on one line: the given name or the parameters' `Debug`.
    fn model(&self) -> String {
        match &self.name {
            Some(name) => name.clone(),
            None => format!("{:?}", self.params).split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }

    /// `f()`, with a panic inside the model turned into an error naming the model and `stage`.
    fn guarded<T>(&self, stage: &str, f: impl FnOnce() -> T) -> Result<T> {
        catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
            let why = crate::error::panic_text(&*payload);
            Error::param("learner", format!("linfa model {} panicked while {stage}: {why}", self.model()))
        })
    }
}

impl<P, L, E> Method for LinfaLearner<P, L, E>
where
    P: Fit<Array2<f64>, Array1<L>, E> + Send + Sync + fmt::Debug + 'static,
    P::Object: PredictInplace<Array2<f64>, Array1<L>>,
    L: TargetValue,
    E: std::error::Error + From<::linfa::error::Error> + 'static,
{
    fn spec(&self) -> Spec {
        Spec::new("linfa").with("model", self.model())
    }

    fn supports(&self, task: Task) -> bool {
        task == L::TASK
    }

    fn reference(&self) -> &'static str {
        "the linfa crate of the model (rust-ml/linfa)"
    }
}

impl<P, L, E> Learner for LinfaLearner<P, L, E>
where
    P: Fit<Array2<f64>, Array1<L>, E> + Send + Sync + fmt::Debug + 'static,
    P::Object: PredictInplace<Array2<f64>, Array1<L>>,
    L: TargetValue,
    E: std::error::Error + From<::linfa::error::Error> + 'static,
{
    /// Numeric, complete features, and a target `L` can hold (e.g. two classes for `bool`).
    fn check(&self, data: &Dataset, _min_train: usize) -> Result<()> {
        data.check_numeric()?;
        data.check_complete()?;
        L::encode(data.target(), &[]).map(|_| ())
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let data = fold.data;
        let train =
            DatasetBase::new(data.matrix(fold.train, features)?, Array1::from(L::encode(data.target(), fold.train)?));
        let x_test = data.matrix(fold.test, features)?;
        let model = self
            .guarded("fitting", || self.params.fit(&train))?
            .map_err(|e| Error::param("learner", format!("linfa model {} failed to fit: {e}", self.model())))?;
        let predicted = self.guarded("predicting", || {
            let mut y = model.default_target(&x_test);
            model.predict_inplace(&x_test, &mut y);
            y
        })?;
        if predicted.len() != fold.test.len() {
            let reason = format!(
                "linfa model {} predicted {} values for {} rows",
                self.model(),
                predicted.len(),
                fold.test.len()
            );
            return Err(Error::param("learner", reason));
        }
        Ok(match L::decode(data.target(), &predicted.into_raw_vec_and_offset().0)? {
            Decoded::Classes(labels) => {
                let k = data.n_classes();
                let mut scores = vec![0.0; labels.len() * k];
                labels.iter().enumerate().for_each(|(i, &c)| scores[i * k + c] = 1.0);
                Prediction::Classes { labels, scores }
            }
            Decoded::Values(values) => Prediction::Values(values),
        })
    }
}
