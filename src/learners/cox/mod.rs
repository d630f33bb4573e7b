//! Cox's proportional-hazards model as a learner (`cox:ties=efron,ridge=1`): h(t | x) = h₀(t) e^{xᵀβ}, β
//! maximising the partial likelihood (`partial_likelihood.rs`; Breslow's or Efron's ties) less a ridge
//! penalty (ridge/2)‖β‖² on the training rows' standardised columns; it predicts each test row's risk xᵀβ and
//! its cumulative hazard Ĥ₀(t)·exp(xᵀβ), Ĥ₀ Breslow's estimate on the training rows (its survival function for
//! the integrated Brier score).
//!
//! The columns are the learners' design matrix (`prepare.rs`: a nominal feature as 0/1 columns, a missing value
//! as the training mean or mode), standardised on the training rows (population SD; a constant column is
//! left out). With more columns than training rows and a ridge, the model is fitted in the rows' space: by the
//! representer theorem β = Zᵀa, so the partial likelihood depends on the n × n Gram matrix K = ZZᵀ alone;
//! with K = LLᵀ (Cholesky) and c = Lᵀa, η = Lc and ‖β‖² = ‖c‖², the same Newton steps on L's n columns give the
//! same maximum at O(n³) per step instead of O(np²) (K of rank below n gets 10⁻¹⁰ of its mean diagonal added).
//! `ridge=0` is R's `coxph` (and scikit-survival's `CoxPHSurvivalAnalysis`) unpenalised: it needs fewer
//! columns than events carry, and a column that orders the events perfectly has no maximum — both refused by
//! name.

mod partial_likelihood;

use partial_likelihood::no_maximum;
pub use partial_likelihood::Ties;
pub(crate) use partial_likelihood::{maximise, Response, RiskSets};

use crate::data::dataset::{CumulativeHazard, Survival};
use crate::data::{Dataset, FeatureKind, Task};
use crate::error::{Error, Result};
use crate::learners::{design_matrices, design_width, CheckedFold, Learner};
use crate::math::{cholesky, upper_solve};
use crate::memory::F64;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::{Fold, Prediction};
use crate::spec::Spec;

/// The Cox proportional-hazards model (module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::Cox;
/// use featrank::resampling::Fold;
/// let s = featrank::data::synth::Survival::new().rows(200).features(20).generate(1).unwrap();
/// let data = s.dataset().unwrap();
/// let plan = CvPlan::stratified(&data, 5, 1, 1).unwrap();
/// let (train, test) = plan.split(0, 0);
/// let fold = Fold { data: &data, train: &train, test: &test, seed: 0 };
/// let cox = Cox::new();
/// assert_eq!(cox.spec().to_string(), "cox:ties=efron,ridge=1");
/// let relevant: Vec<usize> = s.truth.relevant().iter().map(|f| data.feature_index(f).unwrap()).collect();
/// let risk = cox.fit_predict(&fold, &relevant).unwrap();
/// assert!(Measure::HarrellC.score(&data, &test, &risk).unwrap() > 0.7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cox {
    ties: Ties,
    ridge: f64,
}

impl Default for Cox {
    fn default() -> Self {
        Cox::new()
    }
}

/// The keys of the `cox` learner.
const PARAMS: &[Param] = &[
    Param::new("ties", Values::Words(Ties::WORDS), "how tied event times enter: Efron's or Breslow's approximation"),
    Param::new(
        "ridge",
        Values::non_negative(),
        "the ridge penalty (ridge/2)·Σβ² on standardised columns; 0: unpenalised (R's coxph), which needs fewer \
         columns than events",
    ),
];

/// A fitted Cox model ([`Cox::fit`]): coefficients on the features' own scale, their standard errors and the
/// partial log-likelihood.
#[derive(Debug, Clone, PartialEq)]
pub struct CoxFit {
    /// The features, in the order given.
    pub features: Vec<String>,
    /// β per feature, on the feature's own scale (0 for a feature constant on the rows).
    pub coefficients: Vec<f64>,
    /// The standard error of each coefficient, √ of the inverse information's diagonal (`None` when fitted
    /// in the rows' space, with more features than rows).
    pub standard_errors: Option<Vec<f64>>,
    /// The partial log-likelihood at β (without the penalty) and at β = 0.
    pub log_likelihood: f64,
    /// The partial log-likelihood at β = 0.
    pub null_log_likelihood: f64,
    /// Newton steps taken.
    pub steps: usize,
}

/// A fit on standardised columns: b (per kept column), the columns' means and SDs, and the likelihood.
struct Standardised {
    kept: Vec<usize>,
    mean: Vec<f64>,
    sd: Vec<f64>,
    b: Vec<f64>,
    /// The inverse information's diagonal (primal fits only).
    variance: Option<Vec<f64>>,
    log_likelihood: f64,
    null_log_likelihood: f64,
    steps: usize,
}

impl Cox {
    /// Efron's ties, ridge 1.
    pub fn new() -> Cox {
        Cox { ties: Ties::Efron, ridge: 1.0 }
    }

    /// How tied event times enter the partial likelihood.
    pub fn ties(mut self, ties: Ties) -> Cox {
        self.ties = ties;
        self
    }

    /// The ridge penalty on standardised columns (0: unpenalised).
    pub fn ridge(mut self, ridge: f64) -> Cox {
        self.ridge = ridge;
        self
    }

    /// From the spec `cox:ties=efron,ridge=1`.
    pub fn from_spec(s: &Spec) -> Result<Cox> {
        s.check_params(PARAMS)?;
        let d = Cox::new();
        Ok(Cox { ties: s.get("ties", d.ties)?, ridge: s.get("ridge", d.ridge)? })
    }

    /// Fit on the `rows` of `data` (a survival target) with the numeric `features`: β on each feature's own
    /// scale, as R's `coxph(Surv(time, event) ~ ., ties = "efron")` reports it when `ridge` is 0.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::learners::Cox;
    /// let df = df!(
    ///     "x" => [0.5, 1.5, 0.2, 2.2, 1.0, 0.1, 1.8, 0.7],
    ///     "time" => [5.0, 2.0, 8.0, 1.0, 4.0, 9.0, 3.0, 4.0],
    ///     "event" => [1, 1, 0, 1, 1, 1, 0, 1],
    /// ).unwrap();
    /// let data = Dataset::from_polars_survival(&df, "time", "event").unwrap();
    /// let fit = Cox::new().ridge(0.0).fit(&data, &(0..8).collect::<Vec<_>>(), &[0]).unwrap();
    /// assert!(fit.coefficients[0] > 0.0); // larger x, earlier event
    /// assert!(fit.log_likelihood > fit.null_log_likelihood);
    /// ```
    pub fn fit(&self, data: &Dataset, rows: &[usize], features: &[usize]) -> Result<CoxFit> {
        self.spec().check_values(PARAMS)?; // the settings on their own, as every learner's `checked`
        let this = *self;
        let fold = Fold { data, train: rows, test: &[], seed: 0 };
        fold.validate(features)?;
        if let Some(&j) = features.iter().find(|&&j| matches!(data.kind(j), FeatureKind::Nominal { .. })) {
            return Err(Error::column(data.feature_names()[j].clone(), "Cox::fit takes numeric features"));
        }
        let x: Vec<Vec<f64>> = features.iter().map(|&j| rows.iter().map(|&i| data.feature(j)[i]).collect()).collect();
        if let Some(j) = x.iter().position(|c| c.iter().any(|v| v.is_nan())) {
            return Err(Error::column(data.feature_names()[features[j]].clone(), "Cox::fit takes no missing values"));
        }
        let s = this.fit_columns(data, rows, &x)?;
        let mut coefficients = vec![0.0; features.len()];
        let mut errors = vec![0.0; features.len()];
        for (k, &c) in s.kept.iter().enumerate() {
            coefficients[c] = s.b[k] / s.sd[k];
            if let Some(v) = &s.variance {
                errors[c] = v[k].sqrt() / s.sd[k];
            }
        }
        Ok(CoxFit {
            features: features.iter().map(|&j| data.feature_names()[j].clone()).collect(),
            coefficients,
            standard_errors: s.variance.is_some().then_some(errors),
            log_likelihood: s.log_likelihood,
            null_log_likelihood: s.null_log_likelihood,
            steps: s.steps,
        })
    }

    /// The fit on columns `x` (one vector per column, one value per row of `rows`), standardised here.
    fn fit_columns(&self, data: &Dataset, rows: &[usize], x: &[Vec<f64>]) -> Result<Standardised> {
        let survival = data.survival().ok_or_else(|| crate::learners::unsupported(self, data.task()))?;
        let time: Vec<f64> = rows.iter().map(|&i| survival.time()[i]).collect();
        let event: Vec<bool> = rows.iter().map(|&i| survival.event()[i]).collect();
        if !event.iter().any(|&e| e) {
            return Err(Error::target(
                data.target_names()[1],
                format!("all {} training rows are censored: a Cox model needs at least one event", rows.len()),
            ));
        }
        let n = rows.len();
        let (mut kept, mut mean, mut sd) = (Vec::new(), Vec::new(), Vec::new());
        for (c, col) in x.iter().enumerate() {
            let m = col.iter().sum::<f64>() / n as f64;
            let s = (col.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / n as f64).sqrt();
            if s > 0.0 {
                kept.push(c);
                mean.push(m);
                sd.push(s);
            }
        }
        let p = kept.len();
        let response = Response::new(&time, &event, self.ties);
        // standardised rows, row-major n × p
        let mut z = vec![0.0; n * p];
        for (k, &c) in kept.iter().enumerate() {
            for i in 0..n {
                z[i * p + k] = (x[c][i] - mean[k]) / sd[k];
            }
        }
        let fitted = |b: Vec<f64>, variance, best: partial_likelihood::Maximum| Standardised {
            kept: kept.clone(),
            mean: mean.clone(),
            sd: sd.clone(),
            b,
            variance,
            log_likelihood: best.at.value + 0.5 * self.ridge * best.b.iter().map(|v| v * v).sum::<f64>(),
            null_log_likelihood: best.null.value,
            steps: best.steps,
        };
        if p <= n || self.ridge == 0.0 {
            let best = maximise(&response, &z, p, self.ridge)?;
            if !best.converged {
                return Err(no_maximum());
            }
            let variance = (0..p)
                .map(|k| {
                    let unit: Vec<f64> = (0..p).map(|q| (q == k) as u8 as f64).collect();
                    crate::math::cholesky_solve(&best.at.information, p, &unit).map(|v| v[k])
                })
                .collect();
            return Ok(fitted(best.b.clone(), variance, best));
        }
        // the rows' space: K = ZZᵀ = LLᵀ, η = Lc, β = Zᵀ L⁻ᵀ c (module docs)
        let mut k = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..=i {
                let v: f64 = z[i * p..(i + 1) * p].iter().zip(&z[j * p..(j + 1) * p]).map(|(a, b)| a * b).sum();
                k[i * n + j] = v;
                k[j * n + i] = v;
            }
        }
        let l = cholesky(&k, n)
            .or_else(|| {
                let jitter = 1e-10 * (0..n).map(|i| k[i * n + i]).sum::<f64>() / n as f64;
                (0..n).for_each(|i| k[i * n + i] += jitter);
                cholesky(&k, n)
            })
            .ok_or_else(|| {
                Error::param("features", "the standardised columns' Gram matrix is not positive definite")
            })?;
        let best = maximise(&response, &l, n, self.ridge)?;
        if !best.converged {
            return Err(no_maximum());
        }
        let a = upper_solve(&l, n, best.b.clone());
        let b: Vec<f64> = (0..p).map(|k| (0..n).map(|i| z[i * p + k] * a[i]).sum()).collect();
        Ok(fitted(b, None, best))
    }
}

impl Method for Cox {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Cox 1972, JRSS B 34(2); Efron 1977, JASA 72; Breslow 1974, Biometrics 30; Verweij & van Houwelingen 1994, \
         Stat. Med. 13 (ridge)"
    }

    fn spec(&self) -> Spec {
        Spec::new("cox").with("ties", self.ties).with("ridge", self.ridge)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Survival
    }
}

impl Learner for Cox {
    /// The fold's design matrices and standardised copy, and the information (or Gram) matrix and its factor.
    fn memory(&self, data: &Dataset, train: usize, test: usize) -> u64 {
        let (n, w) = ((train + test) as u64, design_width(data) as u64);
        let m = w.min(train as u64);
        F64 * (2 * n * w + 3 * m * m + 2 * (train as u64).pow(2))
    }

    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        if features.is_empty() {
            return Err(Error::param("features", "the Cox model needs at least one feature"));
        }
        let (xtr, xte, _) = design_matrices(fold, features);
        let columns: Vec<Vec<f64>> = xtr.columns().into_iter().map(|c| c.to_vec()).collect();
        let s = self.fit_columns(fold.data, fold.train, &columns)?;
        let eta = |x: &ndarray::Array2<f64>| -> Vec<f64> {
            (0..x.nrows())
                .map(|i| s.kept.iter().enumerate().map(|(k, &c)| (x[[i, c]] - s.mean[k]) / s.sd[k] * s.b[k]).sum())
                .collect()
        };
        let (risk, train_risk) = (eta(&xte), eta(&xtr));
        let survival =
            fold.data.survival().ok_or_else(|| Error::param("target", "the Cox model needs survival data"))?;
        let (times, baseline, shift) = breslow(survival, fold.train, &train_risk);
        let hazard = risk
            .iter()
            .map(|&r| {
                let scale = (r - shift).exp();
                CumulativeHazard::new(times.clone(), baseline.iter().map(|h| h * scale).collect())
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Prediction::Hazard { risk, hazard })
    }
}

/// Breslow's estimate of the baseline cumulative hazard from the training rows' linear predictors `eta`:
/// Ĥ₀(t) = Σ_{tⱼ ≤ t} dⱼ / Σ_{i: tᵢ ≥ tⱼ} exp(ηᵢ − c) over the distinct event times tⱼ (dⱼ events at tⱼ), with
/// c = max ηᵢ against overflow, so a row's hazard is Ĥ₀(t)·exp(η − c) (Breslow 1974; scikit-survival's
/// `BreslowEstimator`, whatever the ties of the fit). The event times, Ĥ₀ at each, and c.
fn breslow(s: &Survival, train: &[usize], eta: &[f64]) -> (Vec<f64>, Vec<f64>, f64) {
    let shift = eta.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut order: Vec<usize> = (0..train.len()).collect();
    order.sort_by(|&a, &b| s.time()[train[a]].total_cmp(&s.time()[train[b]]).then(a.cmp(&b)));
    // the risk set's sum at each row of the order: the rows from it on
    let mut at_risk = vec![0.0; order.len() + 1];
    for k in (0..order.len()).rev() {
        at_risk[k] = at_risk[k + 1] + (eta[order[k]] - shift).exp();
    }
    let (mut times, mut baseline, mut total, mut k) = (Vec::new(), Vec::new(), 0.0, 0);
    while k < order.len() {
        let t = s.time()[train[order[k]]];
        let same = order[k..].iter().take_while(|&&i| s.time()[train[i]] == t).count();
        let events = order[k..k + same].iter().filter(|&&i| s.event()[train[i]]).count();
        if events > 0 {
            total += events as f64 / at_risk[k];
            times.push(t);
            baseline.push(total);
        }
        k += same;
    }
    (times, baseline, shift)
}

crate::method::from_spec!(Cox);
