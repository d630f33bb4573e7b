//! The penalised GLM as a learner (`glmnet:alpha=1,lambda=cv,rule=min,folds=10`), and the penalty settings and
//! per-response fits it shares with the lasso rankers ([`crate::rankers::Lasso`], [`crate::rankers::LassoPath`]).
//!
//! A numeric target is fitted with the Gaussian family and predicted by η = β₀ + xβ; a survival target with the
//! Cox family (Breslow's ties, `ElasticNet::path_survival`), predicted by the risk η = xβ, λ fixed or chosen by
//! cv.glmnet's grouped partial-likelihood deviance (`ElasticNet::cross_validate_survival`). A class target with two
//! classes is one binomial fit (the later class is the 1) whose P(1 | x) = 1/(1 + e^{−η}) are the class
//! scores; with more classes, one multinomial fit (`ElasticNet::path_multinomial`, glmnet's ungrouped penalty: each
//! class's coefficient of a feature penalised on its own, one λ for all) whose softmax probabilities are the class
//! scores. The
//! columns are the learners' design matrix (`prepare.rs`: a nominal feature as 0/1 columns, a missing value
//! as the training mean or mode), standardised by the engine on the training rows; λ is fixed or chosen
//! inside the training rows (`cv.rs`), so a curve with this learner stays honest.

use ndarray::ArrayView2;

use super::cv::{class_probabilities, inner_folds, probability, Fit};
use super::{ElasticNet, Family, Lambda, Path, Rule};
use crate::data::{Dataset, Target, Task};
use crate::error::{Error, Result};
use crate::learners::{argmax, CheckedFold, Learner};
use crate::learners::{design_matrices, design_width};
use crate::memory::F64;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::Prediction;
use crate::spec::Spec;

/// The elastic-net penalty of a fit: the mixing α and how λ is chosen — what the `glmnet` learner and the
/// `lasso` ranker take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Penalty {
    pub alpha: f64,
    pub lambda: Lambda,
}

impl Default for Penalty {
    fn default() -> Self {
        Penalty { alpha: 1.0, lambda: Lambda::default() }
    }
}

/// The keys of a penalty: `alpha`, `lambda`, and with `lambda=cv` the `rule` and the inner `folds`.
pub(crate) const PENALTY: &[Param] = &[
    ALPHA,
    Param::new(
        "lambda",
        Values::positive().or("cv"),
        "the penalty λ on glmnet's scale, or cv: chosen by a cross-validation inside each training split",
    ),
    Param::new("rule", Values::Words(Rule::WORDS), "the λ of the least inner-CV loss, or the largest within 1 SE")
        .needs("lambda=cv"),
    Param::new("folds", Values::whole(3), "inner folds (fewer when a class has fewer training rows)")
        .needs("lambda=cv"),
];

/// The mixing α of the penalty.
pub(crate) const ALPHA: Param =
    Param::new("alpha", Values::real(0.0, 1.0), "1 the lasso, 0 ridge, between: the elastic net");

/// glmnet's paper and the rule of the inner cross-validation.
pub(crate) const REFERENCE: &str =
    "Friedman, Hastie & Tibshirani 2010, J. Stat. Softw. 33(1); Tibshirani 1996, JRSS B 58(1); Zou & Hastie 2005, JRSS B 67(2)";

impl Penalty {
    /// The penalty a spec's keys give (defaults: the lasso, λ by 10-fold CV, the minimum rule).
    pub fn from_spec(s: &Spec) -> Result<Penalty> {
        let lambda = match s.get_or_none::<f64>("lambda", "cv")? {
            None => Lambda::Cv { rule: s.get("rule", Rule::Min)?, folds: s.get("folds", 10)? },
            Some(l) => {
                if let Some(key) = ["rule", "folds"].into_iter().find(|k| s.value(k).is_some()) {
                    return Err(Error::param(key, format!("applies to lambda=cv, not to the fixed lambda={l}")));
                }
                Lambda::Fixed(l)
            }
        };
        Penalty { alpha: s.get("alpha", 1.0)?, lambda }.validated()
    }

    /// `spec` with the penalty's keys.
    pub fn write(&self, spec: Spec) -> Spec {
        let spec = spec.with("alpha", self.alpha);
        match self.lambda {
            Lambda::Fixed(l) => spec.with("lambda", l),
            Lambda::Cv { rule, folds } => spec.with("lambda", "cv").with("rule", rule).with("folds", folds),
        }
    }

    /// The one check of the settings on their own.
    pub fn validated(self) -> Result<Penalty> {
        ElasticNet::new(Family::Gaussian).alpha(self.alpha).check()?;
        match self.lambda {
            Lambda::Fixed(l) if !(l > 0.0 && l.is_finite()) => {
                Err(Error::param("lambda", format!("must be positive and finite, or cv; got {l}")))
            }
            Lambda::Cv { folds, .. } if folds < 3 => {
                Err(Error::param("folds", format!("the inner cross-validation needs at least 3 folds, got {folds}")))
            }
            _ => Ok(self),
        }
    }

    /// The fit of every response of `data`'s `rows` ([`responses`]) on `x` (those rows' design matrix), the
    /// inner folds drawn from `seed`. `folds_of` gives the dataset whose target the inner folds stratify.
    pub fn fits(
        &self,
        data: &Dataset,
        rows: &[usize],
        x: ArrayView2<'_, f64>,
        seed: u64,
        folds_of: impl FnOnce() -> Result<Dataset>,
    ) -> Result<Vec<(Option<usize>, Fit)>> {
        let (family, ys) = responses(data, rows)?;
        let folds = match self.lambda {
            Lambda::Cv { folds, .. } => inner_folds(&folds_of()?, folds, seed)?,
            Lambda::Fixed(_) => Vec::new(),
        };
        let net = ElasticNet::new(family).alpha(self.alpha);
        if family == Family::Multinomial {
            let indicators: Vec<Vec<f64>> = ys.iter().map(|(_, y)| y.clone()).collect();
            let fits = Fit::classes(&net, x, &indicators, self.lambda, &folds)?;
            return Ok(ys.into_iter().map(|(class, _)| class).zip(fits).collect());
        }
        ys.into_iter().map(|(class, y)| Ok((class, Fit::new(&net, x, &y, self.lambda, &folds)?))).collect()
    }

    /// The Cox fit (Breslow's ties) of `data`'s survival target on `rows`, `x` those rows' design matrix: the path
    /// down to a fixed λ, or the whole path with λ chosen by the inner cross-validation's grouped deviance
    /// ([`ElasticNet::cross_validate_survival`]; the folds, drawn from `seed`, stratify `folds_of`'s events).
    pub fn cox_fit(
        &self,
        data: &Dataset,
        rows: &[usize],
        x: ArrayView2<'_, f64>,
        seed: u64,
        folds_of: impl FnOnce() -> Result<Dataset>,
    ) -> Result<Fit> {
        let net = ElasticNet::new(Family::Cox).alpha(self.alpha);
        let path = match self.lambda {
            Lambda::Fixed(lambda) => cox_path(data, rows, x, net.stop_at(lambda))?,
            Lambda::Cv { rule, folds } => {
                let folds = inner_folds(&folds_of()?, folds, seed)?;
                let (time, event) = survival_rows(data, rows)?;
                let (path, cv) = net.cross_validate_survival(x, &time, &event, &folds)?;
                return Ok(Fit::Path(path, cv.index(rule)));
            }
        };
        let last = path.len() - 1;
        Ok(Fit::Path(path, last))
    }
}

/// The responses of `data`'s target on `rows`: the numeric target (Gaussian), or the 0/1 indicators of the classes
/// present — for two classes one, binomial (class `Some(c)`: the later class, whose indicator is 1); for more one
/// per class, multinomial.
pub(crate) fn responses(data: &Dataset, rows: &[usize]) -> Result<(Family, Vec<(Option<usize>, Vec<f64>)>)> {
    match data.target() {
        Target::Values(v) => Ok((Family::Gaussian, vec![(None, rows.iter().map(|&i| v[i]).collect())])),
        Target::Classes { codes, names } => {
            let mut present = vec![false; names.len()];
            rows.iter().for_each(|&i| present[codes[i]] = true);
            let classes: Vec<usize> = (0..names.len()).filter(|&c| present[c]).collect();
            let (family, fitted) = if classes.len() == 2 {
                (Family::Binomial, &classes[1..])
            } else {
                (Family::Multinomial, &classes[..])
            };
            let indicator = |c: usize| rows.iter().map(|&i| (codes[i] == c) as u8 as f64).collect();
            Ok((family, fitted.iter().map(|&c| (Some(c), indicator(c))).collect()))
        }
        Target::Set(_) => Err(Error::param("target", "the elastic net fits one target; wrap it in binary-relevance")),
        Target::Survival(_) => Err(Error::param("target", "a survival target is fitted by the Cox family (cox_fit)")),
    }
}

/// The Cox path (Breslow's ties) of `data`'s survival target on `rows`, `x` those rows' design matrix: `net`'s
/// whole path, or down to the λ its `stop_at` gives. Refused, naming the event column, when every row is censored.
pub(crate) fn cox_path(data: &Dataset, rows: &[usize], x: ArrayView2<'_, f64>, net: ElasticNet) -> Result<Path> {
    let (time, event) = survival_rows(data, rows)?;
    net.path_survival(x, &time, &event)
}

/// The times and 0/1 events of `data`'s survival target on `rows`; refused, naming the event column, when every
/// row is censored.
fn survival_rows(data: &Dataset, rows: &[usize]) -> Result<(Vec<f64>, Vec<f64>)> {
    let s = data.survival().ok_or_else(|| Error::param("target", "the Cox family needs a survival target"))?;
    let time: Vec<f64> = rows.iter().map(|&i| s.time()[i]).collect();
    let event: Vec<f64> = rows.iter().map(|&i| f64::from(u8::from(s.event()[i]))).collect();
    if !event.contains(&1.0) {
        return Err(Error::target(
            data.target_names()[1],
            format!("all {} training rows are censored: a Cox model needs at least one event", event.len()),
        ));
    }
    Ok((time, event))
}

/// The penalised GLM as a learner: Gaussian for a numeric target, binomial (multinomial beyond two classes)
/// for a class target, Cox for a survival target; λ fixed or chosen by an inner cross-validation on each training split.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::Glmnet;
/// use featrank::resampling::Fold;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let plan = CvPlan::stratified(&iris, 5, 1, 1).unwrap();
/// let (train, test) = plan.split(0, 0);
/// let fold = Fold { data: &iris, train: &train, test: &test, seed: 0 };
/// let lasso = Glmnet::new();
/// assert_eq!(lasso.spec().to_string(), "glmnet:alpha=1,lambda=cv,rule=min,folds=10");
/// let pred = lasso.fit_predict(&fold, &[2, 3]).unwrap();
/// assert!(Measure::Accuracy.score(&iris, &test, &pred).unwrap() > 0.85);
/// let ridge = featrank::learners::parse("glmnet:alpha=0,lambda=0.01").unwrap();
/// assert_eq!(ridge.spec().to_string(), "glmnet:alpha=0,lambda=0.01");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Glmnet {
    penalty: Penalty,
}

impl Glmnet {
    /// The lasso, λ by 10-fold cross-validation inside each training split, the minimum rule.
    pub fn new() -> Glmnet {
        Glmnet::default()
    }

    /// The mixing α ∈ [0, 1] (1 the lasso, 0 ridge regression).
    pub fn alpha(mut self, alpha: f64) -> Glmnet {
        self.penalty.alpha = alpha;
        self
    }

    /// How λ is chosen: fixed, or by an inner cross-validation.
    pub fn lambda(mut self, lambda: Lambda) -> Glmnet {
        self.penalty.lambda = lambda;
        self
    }

    /// From the spec `glmnet:alpha=1,lambda=cv,rule=min,folds=10` (or `lambda=0.05`, a fixed λ).
    pub fn from_spec(s: &Spec) -> Result<Glmnet> {
        s.check_params(PENALTY)?;
        Ok(Glmnet { penalty: Penalty::from_spec(s)? })
    }
}

impl Method for Glmnet {
    fn parameters(&self) -> &'static [Param] {
        PENALTY
    }

    fn reference(&self) -> &'static str {
        REFERENCE
    }

    fn spec(&self) -> Spec {
        self.penalty.write(Spec::new("glmnet"))
    }

    /// Classes, numbers and survival (the Cox family).
    fn supports(&self, task: Task) -> bool {
        matches!(task, Task::Classification | Task::Regression | Task::Survival)
    }
}

impl Learner for Glmnet {
    fn check(&self, _data: &Dataset, _min_train: usize) -> Result<()> {
        self.penalty.validated().map(|_| ())
    }

    /// The fold's design matrices, the engine's standardised copy and an inner fold's, and a path's
    /// coefficients (100 λ) per response.
    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        let (n, w) = ((train + test) as u64, design_width(data) as u64);
        let responses = data.n_classes().max(1) as u64;
        F64 * (3 * n * w + 100 * w * responses + test as u64 * responses)
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let data = fold.data;
        if features.is_empty() {
            return Err(Error::param("features", "the elastic net needs at least one feature"));
        }
        let (xtr, xte, _) = design_matrices(fold, features);
        // the inner folds stratify the training rows' target (one feature carries it)
        let carrier = || data.select_indices(&features[..1]).take_rows(fold.train);
        if data.survival().is_some() {
            let fit = self.penalty.cox_fit(data, fold.train, xtr.view(), fold.seed, carrier)?;
            return Ok(Prediction::Risk(fit.eta(xte.view())?));
        }
        let fits = self.penalty.fits(data, fold.train, xtr.view(), fold.seed, carrier)?;
        let Some(names) = data.class_names() else {
            return Ok(Prediction::Values(fits[0].1.eta(xte.view())?));
        };
        let k = names.len();
        let mut scores = vec![0.0; xte.nrows() * k];
        if let [(Some(one), ref fit)] = fits[..] {
            // two classes: P(1 | x) of the binomial fit, the other class's its complement
            let codes = data.labels().expect("a class target has codes");
            let zero = (0..k).find(|&c| c != one && fold.train.iter().any(|&i| codes[i] == c));
            for (row, eta) in scores.chunks_mut(k).zip(fit.eta(xte.view())?) {
                row[one] = probability(eta);
                if let Some(zero) = zero {
                    row[zero] = 1.0 - row[one];
                }
            }
        } else {
            // more: the multinomial fit's softmax over the classes present (a class absent from the training rows 0)
            let etas: Vec<Vec<f64>> = fits.iter().map(|(_, fit)| fit.eta(xte.view())).collect::<Result<_>>()?;
            for ((class, _), p) in fits.iter().zip(class_probabilities(&etas)) {
                let c = class.expect("a class target's responses name their class");
                scores.iter_mut().skip(c).step_by(k).zip(p).for_each(|(s, p)| *s = p);
            }
        }
        let labels = scores.chunks(k).map(argmax).collect();
        Ok(Prediction::Classes { labels, scores })
    }
}

crate::method::from_spec!(Glmnet);
