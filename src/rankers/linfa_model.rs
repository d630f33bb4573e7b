//! [`LinfaRanker`]: any linfa model as a ranker — fitted on the rows ranked (a split's
//! training rows inside a curve run), its scores read from the fitted model by a function the user gives: a
//! logistic regression's |coefficients|, an elastic net's, a tree's importances. With
//! [`LinfaRanker::standardized`] the model is fitted on the columns scaled to mean 0 and standard deviation 1
//! over those rows, so that coefficients compare across features measured in different units.
//!
//! It is a ranker of a user's own method ([`crate::rankers::from_fn`]): the same checks before it, one finite
//! score per feature after it, a panic or a failed fit an [`Error::External`] naming it. Nominal features and
//! missing values are refused by name before any work, as linfa takes neither.

use std::fmt;
use std::marker::PhantomData;

use ::linfa::dataset::DatasetBase;
use ::linfa::traits::Fit;
use ndarray::{Array1, Array2, Axis};

use super::from_fn::checked_scores;
use super::{Checked, NonFinite, Ranker};
use crate::data::{Dataset, TargetValue, Task};
use crate::error::{panic_text, Error, Result};
use crate::method::Method;
use crate::spec::Spec;

/// A linfa model's parameters `P` fitted on targets `L` (error type `E`), with the function `F` from the
/// fitted model to one score per feature.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::LinfaRanker;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let model = linfa_logistic::MultiLogisticRegression::default().max_iterations(100);
/// // |coefficients| summed over classes, on standardised features
/// let ranker = LinfaRanker::classifier("logistic", model, |fit: &linfa_logistic::MultiFittedLogisticRegression<f64, usize>| {
///     fit.params().rows().into_iter().map(|row| row.iter().map(|c| c.abs()).sum()).collect()
/// }).standardized();
/// assert!(["petalwidth", "petallength"].contains(&ranker.rank(&iris, 0).unwrap().order()[0].as_str()));
/// let curves = CurveSpec::new(Knn::new()).folds(5).expected(0)
///     .evaluate_all(&iris, &[Candidate::per_fold(ranker)]).unwrap();
/// assert_eq!(curves.rankings(), ["logistic"]);
/// ```
pub struct LinfaRanker<P, L, E, F> {
    name: String,
    params: P,
    scores: F,
    standardized: bool,
    marker: PhantomData<fn() -> (L, E)>,
}

impl<P, L, E, F> LinfaRanker<P, L, E, F>
where
    P: Fit<Array2<f64>, Array1<L>, E>,
    E: std::error::Error + From<::linfa::error::Error>,
    F: Fn(&P::Object) -> Vec<f64>,
{
    /// The model `params` with targets of any [`TargetValue`] `L`, named `name` in results.
    pub fn new(name: impl Into<String>, params: P, scores: F) -> Self {
        LinfaRanker { name: name.into(), params, scores, standardized: false, marker: PhantomData }
    }

    /// Fit on the columns standardised over the rows ranked (mean 0, standard deviation 1; a constant column
    /// stays 0), so that coefficients compare across features.
    pub fn standardized(mut self) -> Self {
        self.standardized = true;
        self
    }
}

impl<P, E, F> LinfaRanker<P, usize, E, F>
where
    P: Fit<Array2<f64>, Array1<usize>, E>,
    E: std::error::Error + From<::linfa::error::Error>,
    F: Fn(&P::Object) -> Vec<f64>,
{
    /// A classifier fitted on class codes (`usize`).
    pub fn classifier(name: impl Into<String>, params: P, scores: F) -> Self {
        LinfaRanker::new(name, params, scores)
    }
}

impl<P, E, F> LinfaRanker<P, f64, E, F>
where
    P: Fit<Array2<f64>, Array1<f64>, E>,
    E: std::error::Error + From<::linfa::error::Error>,
    F: Fn(&P::Object) -> Vec<f64>,
{
    /// A regressor fitted on `f64` targets (linear regression, elastic net, …).
    pub fn regressor(name: impl Into<String>, params: P, scores: F) -> Self {
        LinfaRanker::new(name, params, scores)
    }
}

impl<P, L, E, F> fmt::Debug for LinfaRanker<P, L, E, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LinfaRanker").field("name", &self.name).field("standardized", &self.standardized).finish()
    }
}

impl<P, L, E, F> Method for LinfaRanker<P, L, E, F>
where
    P: Send + Sync,
    L: TargetValue,
    F: Send + Sync,
{
    /// The name it was given (a model cannot be rebuilt from text: results record its name).
    fn spec(&self) -> Spec {
        Spec::new(&self.name)
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn supports(&self, task: Task) -> bool {
        task == L::TASK
    }

    fn reference(&self) -> &'static str {
        "the linfa crate of the model (rust-ml/linfa)"
    }
}

impl<P, L, E, F> Ranker for LinfaRanker<P, L, E, F>
where
    P: Fit<Array2<f64>, Array1<L>, E> + Send + Sync,
    L: TargetValue,
    E: std::error::Error + From<::linfa::error::Error>,
    F: Fn(&P::Object) -> Vec<f64> + Send + Sync,
{
    /// Numeric, complete features and a target `L` can hold.
    fn check(&self, data: &Dataset) -> Result<()> {
        data.check_numeric()?;
        data.check_complete()?;
        L::encode(data.target(), &[]).map(|_| ())
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let rows: Vec<usize> = (0..data.n_rows()).collect();
        let mut x = data.to_ndarray()?;
        if self.standardized {
            for mut column in x.axis_iter_mut(Axis(1)) {
                let mean = column.mean().unwrap_or(0.0);
                let sd = column.std(0.0);
                column.mapv_inplace(|v| if sd > 0.0 { (v - mean) / sd } else { 0.0 });
            }
        }
        let train = DatasetBase::new(x, Array1::from(L::encode(data.target(), &rows)?));
        let work = || -> Result<Vec<f64>> {
            let fitted =
                self.params.fit(&train).map_err(|e| Error::external(&self.name, format!("failed to fit: {e}")))?;
            Ok((self.scores)(&fitted))
        };
        let scores = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
            .map_err(|p| Error::external(&self.name, format!("panicked: {}", panic_text(&*p))))??;
        checked_scores(&self.name, data, scores, NonFinite::Refuse)
    }
}
