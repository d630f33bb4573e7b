//! The elastic-net path of a generalised linear model, as glmnet computes it (Friedman, Hastie & Tibshirani
//! 2010, *J. Stat. Softw.* 33(1)): for each λ of a decreasing sequence,
//!
//! min over (β₀, β) of  −ℓ(β₀, β)/n + λ [ (1 − α)/2 ‖β‖₂² + α ‖β‖₁ ],
//!
//! with ℓ the log-likelihood of the family ([`Family::Gaussian`]: ℓ/n = −RSS/2n; [`Family::Binomial`]:
//! the logistic log-likelihood of 0/1 responses; [`Family::Cox`]: Breslow's partial likelihood of survival
//! times, no intercept; [`Family::Multinomial`]: the softmax log-likelihood of K classes, one linear predictor
//! per class), α ∈ [0, 1] (0 ridge, 1 lasso) and the intercept β₀ unpenalised. Solved by cyclical coordinate descent with glmnet's devices: the columns standardised on the
//! rows given (mean 0, variance 1 with divisor n; coefficients returned on the original scale), warm starts
//! along the path, the sequential strong rule (Tibshirani et al. 2012, *JRSS B* 74(2)) to choose the features
//! a λ's descent visits, then a KKT check over all the others, and for the binomial family glmnet's
//! iteratively reweighted least squares (a quadratic approximation of ℓ around the current fit per outer
//! step; for the Cox family with the diagonal of the partial likelihood's Hessian as the weights, as glmnet's
//! coxnet).
//!
//! As in R's `glmnet` (so its paths are reproduced, `tests/suite/glmnet.rs`): the default sequence runs
//! from λ_max = max_j |⟨z_j, y − ȳ⟩| / (n·max(α, 0.001)) — the smallest λ with every coefficient zero, z_j
//! the standardised column; for the Cox family y − ȳ is the partial likelihood's gradient at η = 0 — down to `lambda_min_ratio`·λ_max (0.0001 when n > p, else 0.01) in
//! `n_lambda` (100) log-spaced steps, and stops early (after at least five) once the deviance explained
//! passes 0.999 or grows by less than 10⁻⁵ of itself (Cox, as glmnet's coxnet: past 0.99, or by less than 10⁻³ over
//! the last four λ); a sequence the user gives is run to its end. The
//! Gaussian response is standardised too (by its standard deviation s_y, divisor n) and the path solved at
//! λ/s_y, which is glmnet's convention: for α < 1 the ridge part of the penalty is then relative to s_y.
//! Constant columns keep a zero coefficient.
//!
//! Why featrank carries its own: linfa-elasticnet fits the Gaussian family at one λ (no path, no strong
//! rules, no binomial), linfa-logistic has no L1 penalty; the path is what the lasso rankers read (the λ at
//! which each feature enters) and what an inner cross-validation over λ reuses.

mod cv;
mod descent;
mod learner;

use ndarray::{Array2, ArrayView1, ArrayView2};

use crate::error::{Error, Result};
use crate::memory;
use descent::{Design, Solver};

pub(crate) use cv::null_model;
pub use cv::{CrossValidation, Lambda, Rule};
pub use learner::Glmnet;
pub(crate) use learner::{cox_path, responses, Penalty, ALPHA, PENALTY, REFERENCE};

/// The likelihood of an elastic-net path.
///
/// ```
/// use featrank::learners::glmnet::{ElasticNet, Family};
/// use featrank::ndarray::array;
///
/// let x = array![[0.1, 1.0], [0.4, 0.0], [0.35, 1.0], [0.8, 0.0], [0.9, 1.0], [0.2, 0.0]];
/// let y = [0.0, 1.0, 0.0, 1.0, 1.0, 0.0]; // 0/1 responses: the binomial family
/// let path = ElasticNet::new(Family::Binomial).n_lambda(10).path(x.view(), &y)?;
/// assert_eq!(path.family(), Family::Binomial);
/// assert!(path.deviance_ratio().windows(2).all(|w| w[1] >= w[0] - 1e-12)); // more explained as λ falls
/// # Ok::<(), featrank::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Squared error: ℓ/n = −Σ (y_i − β₀ − x_iᵀβ)² / 2n; any finite response.
    Gaussian,
    /// Logistic regression of a 0/1 response: ℓ = Σ y_i η_i − log(1 + e^{η_i}), η_i = β₀ + x_iᵀβ.
    Binomial,
    /// Cox's proportional hazards for survival times t_i with event indicators δ_i (1 an event, 0 censored):
    /// Breslow's partial likelihood ℓ = Σ_{i: δ_i = 1} [η_i − log Σ_{j: t_j ≥ t_i} e^{η_j}], η_i = x_iᵀβ (no
    /// intercept: it cancels); tied times share their risk set, a censored time tied with an event is at risk
    /// (Simon, Friedman, Hastie & Tibshirani 2011). Fitted by [`ElasticNet::path_survival`].
    Cox,
    /// Multinomial logistic regression of K classes: ℓ = Σ_i [η_{i,y_i} − log Σ_c e^{η_ic}], η_ic = β₀c + x_iᵀβ_c,
    /// each class's coefficient of a feature penalised on its own (glmnet's `type.multinomial = "ungrouped"`),
    /// the intercepts centred to sum 0. Fitted by [`ElasticNet::path_multinomial`], one [`Path`] per class.
    Multinomial,
}

/// An elastic-net path's settings: family, mixing α, the λ sequence, the convergence tolerance.
///
/// ```
/// use featrank::learners::glmnet::{ElasticNet, Family};
/// use featrank::ndarray::array;
///
/// // y depends on the first column only
/// let x = array![[1.0, 0.3], [2.0, -0.1], [3.0, 0.4], [4.0, 0.0], [5.0, -0.2], [6.0, 0.1]];
/// let y = [1.1, 2.0, 2.9, 4.2, 5.0, 5.9];
/// let path = ElasticNet::new(Family::Gaussian).n_lambda(20).path(x.view(), &y)?;
/// assert_eq!(path.coefficients(0).iter().filter(|b| **b != 0.0).count(), 0); // λ_max: none enter
/// assert_eq!(path.entry()[0], Some(1));               // the first column enters at the second λ
/// assert!(path.entry()[1].unwrap() > 1);              // the second later, if at all
/// let last = path.len() - 1;
/// assert!((path.coefficients(last)[0] - 0.98).abs() < 0.05);
/// # Ok::<(), featrank::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ElasticNet {
    family: Family,
    alpha: f64,
    n_lambda: usize,
    lambda_min_ratio: Option<f64>,
    lambdas: Option<Vec<f64>>,
    stop_at: Option<f64>,
    tol: f64,
    max_passes: usize,
}

/// The most λ values a path takes (glmnet's default is 100).
pub const MAX_LAMBDAS: usize = 10_000;

impl ElasticNet {
    /// The lasso (α = 1) of `family` with glmnet's defaults: 100 λ values, tolerance 10⁻⁷, at most 10⁵
    /// passes over the features in all.
    pub fn new(family: Family) -> Self {
        ElasticNet {
            family,
            alpha: 1.0,
            n_lambda: 100,
            lambda_min_ratio: None,
            lambdas: None,
            stop_at: None,
            tol: 1e-7,
            max_passes: 100_000,
        }
    }

    /// The mixing α ∈ [0, 1]: 1 the lasso, 0 ridge regression, between them the elastic net.
    pub fn alpha(mut self, alpha: f64) -> Self {
        self.alpha = alpha;
        self
    }

    /// How many λ values the default sequence has (1 ..= [`MAX_LAMBDAS`]).
    pub fn n_lambda(mut self, n: usize) -> Self {
        self.n_lambda = n;
        self
    }

    /// The smallest λ of the default sequence as a fraction of λ_max, in (0, 1).
    pub fn lambda_min_ratio(mut self, ratio: f64) -> Self {
        self.lambda_min_ratio = Some(ratio);
        self
    }

    /// A λ sequence of one's own (positive, decreasing), run to its end instead of the default one.
    pub fn lambdas(mut self, lambdas: Vec<f64>) -> Self {
        self.lambdas = Some(lambdas);
        self
    }

    /// A fit at one λ: the default sequence's values above `lambda`, then `lambda` itself (warm starts down to it, as
    /// glmnet advises for a single λ), with no early stop. The path's last λ is `lambda` unless a λ before it does not
    /// converge.
    pub fn stop_at(mut self, lambda: f64) -> Self {
        self.stop_at = Some(lambda);
        self
    }

    /// The convergence tolerance: a λ's descent stops when no coefficient moved by more than √tol in
    /// standardised units (glmnet's `thresh`: max_j v_j Δβ_j² < tol, v_j the column's weighted variance).
    pub fn tol(mut self, tol: f64) -> Self {
        self.tol = tol;
        self
    }

    /// The most passes over the features the whole path may take (glmnet's `maxit`); more is an error.
    pub fn max_passes(mut self, passes: usize) -> Self {
        self.max_passes = passes;
        self
    }

    /// The one check of the settings (also run by [`ElasticNet::path`]).
    pub fn check(&self) -> Result<()> {
        if !(0.0..=1.0).contains(&self.alpha) {
            return Err(Error::param("alpha", format!("must lie in [0, 1] (0 ridge, 1 lasso), got {}", self.alpha)));
        }
        if self.n_lambda == 0 || self.n_lambda > MAX_LAMBDAS {
            return Err(Error::param("n_lambda", format!("must lie in 1..={MAX_LAMBDAS}, got {}", self.n_lambda)));
        }
        if let Some(r) = self.lambda_min_ratio.filter(|r| !(*r > 0.0 && *r < 1.0)) {
            return Err(Error::param("lambda_min_ratio", format!("must lie in (0, 1), got {r}")));
        }
        if let Some(l) = &self.lambdas {
            if l.is_empty() || l.len() > MAX_LAMBDAS {
                return Err(Error::param("lambdas", format!("needs 1..={MAX_LAMBDAS} values, got {}", l.len())));
            }
            if let Some(bad) = l.iter().find(|v| !(v.is_finite() && **v > 0.0)) {
                return Err(Error::param("lambdas", format!("every λ must be positive and finite, got {bad}")));
            }
            if l.windows(2).any(|w| w[1] >= w[0]) {
                return Err(Error::param("lambdas", "must decrease strictly (warm starts run from large λ to small)"));
            }
        }
        if let Some(l) = self.stop_at {
            if !(l.is_finite() && l > 0.0) {
                return Err(Error::param("lambda", format!("must be positive and finite, got {l}")));
            }
            if self.lambdas.is_some() {
                return Err(Error::param("lambda", "a fit at one λ takes no λ sequence of its own"));
            }
        }
        if !(self.tol > 0.0 && self.tol.is_finite()) {
            return Err(Error::param("tol", format!("must be positive and finite, got {}", self.tol)));
        }
        if self.max_passes == 0 {
            return Err(Error::param("max_passes", "must be at least 1"));
        }
        Ok(())
    }

    /// The path for the `n × p` matrix `x` (finite values; rows are observations) and the response `y`
    /// (finite; 0/1 for [`Family::Binomial`], both present). The Cox family takes its times by
    /// [`ElasticNet::path_survival`].
    ///
    /// A λ whose descent does not converge within `max_passes` (a binomial fit saturating on separable rows)
    /// ends the path there, as glmnet's does: the path keeps the λ values before it (the first λ failing is an
    /// error).
    pub fn path(&self, x: ArrayView2<'_, f64>, y: &[f64]) -> Result<Path> {
        if self.family == Family::Cox {
            return Err(Error::param("family", "the Cox family takes survival times: ElasticNet::path_survival"));
        }
        self.fit(x, y, None)
    }

    /// The Cox path ([`Family::Cox`]) for `x` and survival times `time` (finite, > 0) with `event` 1 for an event and
    /// 0 for a censored time (at least one event).
    ///
    /// ```
    /// use featrank::learners::glmnet::{ElasticNet, Family};
    /// use featrank::ndarray::array;
    ///
    /// // the first column shortens the time to an event, the second is noise
    /// let x = array![[2.0, 0.1], [1.5, -0.3], [1.0, 0.2], [0.5, 0.0], [0.0, -0.1], [-0.5, 0.3], [-1.0, 0.1]];
    /// let time = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];
    /// let event = [1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0];
    /// let path = ElasticNet::new(Family::Cox).n_lambda(20).path_survival(x.view(), &time, &event)?;
    /// assert_eq!(path.entry()[0], Some(1));                // the first column enters first
    /// assert!(path.coefficients(path.len() - 1)[0] > 0.0); // a higher value, a higher hazard
    /// assert_eq!(path.intercept(0), 0.0);
    /// # Ok::<(), featrank::Error>(())
    /// ```
    pub fn path_survival(&self, x: ArrayView2<'_, f64>, time: &[f64], event: &[f64]) -> Result<Path> {
        if self.family != Family::Cox {
            return Err(Error::param("family", format!("survival times need the Cox family, not {:?}", self.family)));
        }
        if time.len() != x.nrows() {
            return Err(Error::param("time", format!("has {} values for {} rows", time.len(), x.nrows())));
        }
        if let Some(i) = time.iter().position(|t| !(t.is_finite() && *t > 0.0)) {
            return Err(Error::param("time", format!("row {i} is {}: survival times must be finite and > 0", time[i])));
        }
        self.fit(x, event, Some(time))
    }

    /// The multinomial path ([`Family::Multinomial`]) for `x` and one class per row, coded `0..K` (K ≥ 2, every code
    /// used): one [`Path`] per class, in code order, sharing the λ values and the deviance ratio; class c's
    /// probability is e^{η_c} / Σ_l e^{η_l}, η_c its path's [`Path::linear_predictor`]. λ_max is the largest over
    /// the classes, and the default sequence stops early as the binomial family's (glmnet's).
    ///
    /// ```
    /// use featrank::learners::glmnet::{ElasticNet, Family};
    /// use featrank::ndarray::array;
    ///
    /// // three classes along the first column; the second is noise
    /// let x = array![[0.0, 0.3], [0.2, -0.1], [0.9, 0.4], [1.1, 0.0], [2.0, -0.2], [2.1, 0.1], [0.1, 0.2], [1.0, -0.3], [1.9, 0.0]];
    /// let class = [0, 0, 1, 1, 2, 2, 0, 1, 2];
    /// let paths = ElasticNet::new(Family::Multinomial).n_lambda(20).path_multinomial(x.view(), &class)?;
    /// assert_eq!(paths.len(), 3);
    /// let last = paths[0].len() - 1;
    /// assert!(paths[2].coefficients(last)[0] > 0.0 && paths[0].coefficients(last)[0] < 0.0);
    /// let intercepts: f64 = paths.iter().map(|p| p.intercept(last)).sum();
    /// assert!(intercepts.abs() < 1e-9); // centred, as glmnet's
    /// # Ok::<(), featrank::Error>(())
    /// ```
    pub fn path_multinomial(&self, x: ArrayView2<'_, f64>, class: &[usize]) -> Result<Vec<Path>> {
        if self.family != Family::Multinomial {
            return Err(Error::param(
                "family",
                format!("classes coded 0..K need the multinomial family, not {:?}", self.family),
            ));
        }
        self.check()?;
        if class.len() != x.nrows() {
            return Err(Error::param("class", format!("has {} values for {} rows", class.len(), x.nrows())));
        }
        let k = class.iter().max().map_or(0, |&c| c.saturating_add(1));
        if k > class.len() {
            // a code past the rows is refused before it sizes anything
            return Err(Error::param(
                "class",
                format!("code {} for {} rows: codes run 0..K, every one used", k - 1, class.len()),
            ));
        }
        let mut counts = vec![0usize; k];
        class.iter().for_each(|&c| counts[c] += 1);
        if let Some(c) = counts.iter().position(|&n| n == 0) {
            return Err(Error::param("class", format!("code {c} has no row: codes run 0..K, every one used")));
        }
        if k < 2 {
            return Err(Error::param("class", "the multinomial family needs at least 2 classes among the rows"));
        }
        let design = self.design(x, k)?;
        let indicators: Vec<Vec<f64>> =
            (0..k).map(|c| class.iter().map(|&y| f64::from(u8::from(y == c))).collect()).collect();
        descent::multinomial::path(self, &design, &indicators)
    }

    /// The path of either response: `y` (Cox: the event indicators) and, for the Cox family, the times.
    fn fit(&self, x: ArrayView2<'_, f64>, y: &[f64], time: Option<&[f64]>) -> Result<Path> {
        self.check()?;
        if self.family == Family::Multinomial {
            return Err(Error::param(
                "family",
                "the multinomial family takes class codes: ElasticNet::path_multinomial",
            ));
        }
        if y.len() != x.nrows() {
            return Err(Error::param("y", format!("has {} values for {} rows", y.len(), x.nrows())));
        }
        if let Some(i) = y.iter().position(|v| !v.is_finite()) {
            return Err(Error::param("y", format!("row {i} is {} (the response must be finite)", y[i])));
        }
        if self.family == Family::Binomial {
            if let Some(i) = y.iter().position(|v| *v != 0.0 && *v != 1.0) {
                return Err(Error::param("y", format!("the binomial family takes 0/1 responses; row {i} is {}", y[i])));
            }
            let ones = y.iter().filter(|v| **v == 1.0).count();
            if ones == 0 || ones == y.len() {
                return Err(Error::param("y", "the binomial family needs both classes among the rows"));
            }
        }
        if self.family == Family::Cox {
            if let Some(i) = y.iter().position(|v| *v != 0.0 && *v != 1.0) {
                return Err(Error::param("event", format!("takes 1 (an event) or 0 (censored); row {i} is {}", y[i])));
            }
            if !y.contains(&1.0) {
                return Err(Error::param("event", "every time is censored: the partial likelihood needs an event"));
            }
        }
        if self.family == Family::Gaussian && y.iter().all(|v| *v == y[0]) {
            return Err(Error::param("y", format!("is constant ({}): there is nothing to explain", y[0])));
        }
        let design = self.design(x, 1)?;
        Solver::new(self, &design, y, time).run(self)
    }

    /// The standardised copy of `x` (at least 2 rows and 1 column, finite, not every column constant) for a fit of
    /// `responses` linear predictors, its memory checked first.
    fn design(&self, x: ArrayView2<'_, f64>, responses: usize) -> Result<Design> {
        let (n, p) = x.dim();
        if n < 2 || p == 0 {
            return Err(Error::EmptyData {
                what: format!("the elastic net needs at least 2 rows and 1 feature, got {n} × {p}"),
            });
        }
        if let Some(((i, j), v)) = x.indexed_iter().find(|(_, v)| !v.is_finite()) {
            return Err(Error::param("x", format!("row {i}, column {j} is {v}: impute missing values first")));
        }
        let lambdas_kept = self.lambdas.as_ref().map_or(self.n_lambda, Vec::len) as u64;
        // The standardised copy, then per response the coefficient table, the per-feature and per-row work arrays.
        let (n, p, k) = (n as u64, p as u64, responses as u64);
        let bytes = (n * p).saturating_add(k.saturating_mul(lambdas_kept * p + 8 * p + 4 * n)).saturating_mul(8);
        memory::check(bytes, || format!("an elastic-net path on {n} rows × {p} features"))?;
        let design = Design::standardise(x);
        if design.all_constant() {
            return Err(Error::param("x", "every column is constant: no feature can enter"));
        }
        Ok(design)
    }
}

/// An elastic-net path: for each λ the intercept and the coefficients on the original scale of the columns.
///
/// ```
/// use featrank::learners::glmnet::{ElasticNet, Family};
/// use featrank::ndarray::array;
///
/// let x = array![[1.0, 5.0], [2.0, 3.0], [3.0, 4.0], [4.0, 1.0], [5.0, 2.0]];
/// let y = [2.1, 3.9, 6.2, 7.8, 10.1]; // ≈ 2 × the first column
/// let path = ElasticNet::new(Family::Gaussian).lambdas(vec![1.0, 0.1, 0.001]).path(x.view(), &y)?;
/// assert_eq!(path.len(), 3);
/// let eta = path.linear_predictor(x.view(), 2)?;    // the fit at the smallest λ
/// assert!((eta[0] - 2.1).abs() < 0.3);
/// assert_eq!(path.entry()[0], Some(0));              // the first column is in from the largest λ on
/// # Ok::<(), featrank::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    family: Family,
    lambdas: Vec<f64>,
    intercepts: Vec<f64>,
    coefficients: Array2<f64>,
    deviance_ratio: Vec<f64>,
    null_deviance: f64,
    passes: usize,
}

impl Path {
    /// The family fitted.
    pub fn family(&self) -> Family {
        self.family
    }

    /// How many λ values were fitted (fewer than asked when the default sequence stopped early).
    pub fn len(&self) -> usize {
        self.lambdas.len()
    }

    /// Whether no λ was fitted (never: a path has at least one).
    pub fn is_empty(&self) -> bool {
        self.lambdas.is_empty()
    }

    /// The λ values, decreasing.
    pub fn lambdas(&self) -> &[f64] {
        &self.lambdas
    }

    /// The intercept at the `k`-th λ.
    ///
    /// # Panics
    /// If `k` ≥ [`Path::len`], as indexing a slice does.
    pub fn intercept(&self, k: usize) -> f64 {
        self.intercepts[k]
    }

    /// The coefficients at the `k`-th λ, one per column of `x`, on the columns' own scale.
    ///
    /// # Panics
    /// If `k` ≥ [`Path::len`], as indexing a slice does.
    pub fn coefficients(&self, k: usize) -> ArrayView1<'_, f64> {
        self.coefficients.row(k)
    }

    /// The fraction of the null deviance explained at each λ (glmnet's `dev.ratio`).
    pub fn deviance_ratio(&self) -> &[f64] {
        &self.deviance_ratio
    }

    /// The deviance of the intercept-only model (glmnet's `nulldev`, divided by n here and there).
    pub fn null_deviance(&self) -> f64 {
        self.null_deviance
    }

    /// Passes over features the path took in all.
    pub fn passes(&self) -> usize {
        self.passes
    }

    /// For each feature, the index of the first λ at which its coefficient is non-zero (`None`: never).
    pub fn entry(&self) -> Vec<Option<usize>> {
        (0..self.coefficients.ncols()).map(|j| self.coefficients.column(j).iter().position(|b| *b != 0.0)).collect()
    }

    /// The linear predictor η = β₀ + xβ of each row of `x` at the `k`-th λ (for the binomial family the
    /// log-odds of a 1; for the Cox family, with β₀ = 0, the log relative hazard).
    pub fn linear_predictor(&self, x: ArrayView2<'_, f64>, k: usize) -> Result<Vec<f64>> {
        if k >= self.len() {
            return Err(Error::param(
                "k",
                format!("the path has {} λ values (0..{}), got {k}", self.len(), self.len()),
            ));
        }
        if x.ncols() != self.coefficients.ncols() {
            return Err(Error::param(
                "x",
                format!("has {} columns; the path was fitted on {}", x.ncols(), self.coefficients.ncols()),
            ));
        }
        let beta = self.coefficients.row(k);
        Ok(x.rows().into_iter().map(|row| self.intercepts[k] + row.dot(&beta)).collect())
    }
}
