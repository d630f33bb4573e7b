//! Coordinate descent along the λ path: the standardised design, the strong rule, the KKT check and, for the
//! binomial family, the reweighting (see the parent module for the problem and its conventions).

use ndarray::{Array2, ArrayView1, ArrayView2};

use super::{ElasticNet, Family, Path};
use crate::error::{Error, Result};
use crate::learners::cox::RiskSets;

pub(super) mod multinomial;

/// glmnet's early stop of a default sequence: after at least `MIN_LAMBDAS` values, once the deviance ratio
/// passes `MAX_RATIO` or grows by less than `MIN_GAIN` of itself (`glmnet.control`: mnlam, devmax, fdev).
const MIN_LAMBDAS: usize = 5;
const MAX_RATIO: f64 = 0.999;
const MIN_GAIN: f64 = 1e-5;
/// The Cox family's early stop (glmnet's coxnet scales the same settings): the deviance ratio past 0.99, or a
/// gain over the last `MIN_LAMBDAS − 1` values below 10⁻³ of it.
const COX_MAX_RATIO: f64 = 0.99;
const COX_MIN_GAIN: f64 = 1e-3;
/// glmnet's floor on the α that scales λ_max, so ridge (α = 0) still gets a finite sequence.
const MIN_ALPHA_FOR_MAX: f64 = 1e-3;
/// Fitted probabilities are kept within [ε, 1 − ε] (glmnet's `pmin`), so weights stay positive.
const PMIN: f64 = 1e-5;
/// How often a multinomial class's step may be halved ([`Solver::damp`]): 2⁻³⁰ of a step is below any tolerance.
const HALVINGS: usize = 30;

/// The columns standardised on the rows given: z_ij = (x_ij − x̄_j)/s_j, s_j² = Σ (x_ij − x̄_j)²/n;
/// a constant column (s_j = 0) is all zeros and never enters.
pub(super) struct Design {
    n: usize,
    p: usize,
    /// Column-major n × p.
    z: Vec<f64>,
    mean: Vec<f64>,
    sd: Vec<f64>,
}

impl Design {
    pub fn standardise(x: ArrayView2<'_, f64>) -> Design {
        let (n, p) = x.dim();
        let mut z = vec![0.0; n * p];
        let (mut mean, mut sd) = (vec![0.0; p], vec![0.0; p]);
        for (j, col) in x.columns().into_iter().enumerate() {
            let m = col.sum() / n as f64;
            let s = (col.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / n as f64).sqrt();
            mean[j] = m;
            sd[j] = s;
            if s > 0.0 {
                for (zi, v) in z[j * n..(j + 1) * n].iter_mut().zip(col) {
                    *zi = (v - m) / s;
                }
            }
        }
        Design { n, p, z, mean, sd }
    }

    pub fn all_constant(&self) -> bool {
        self.sd.iter().all(|s| *s == 0.0)
    }

    fn col(&self, j: usize) -> &[f64] {
        &self.z[j * self.n..(j + 1) * self.n]
    }
}

/// The state of a path's descent: coefficients in standardised units, the weighted residual and the sets.
pub(super) struct Solver<'a> {
    family: Family,
    d: &'a Design,
    y: &'a [f64],
    alpha: f64,
    tol: f64,
    max_passes: usize,
    passes: usize,
    /// Gaussian: the response's mean and standard deviation (the path is solved for (y − ȳ)/s_y).
    y_mean: f64,
    y_sd: f64,
    b0: f64,
    beta: Vec<f64>,
    /// Observation weights of the current quadratic approximation (all 1 for the Gaussian family).
    w: Vec<f64>,
    /// The weighted working residual r_i = w_i (z_i − η_i) (Gaussian: the residual itself; binomial: y − p).
    r: Vec<f64>,
    /// v_j = Σ w_i z_ij² / n for the features visited, at the current weights.
    v: Vec<f64>,
    /// Features the descent visits at this λ: the strong set and every feature ever non-zero.
    working: Vec<bool>,
    /// Cox: the rows in groups of equal time, ascending.
    risk: Option<RiskSets>,
    /// A multinomial class's offset o_i = −ln Σ_{l≠c} e^{η_il} (the other classes' fit; empty otherwise): its
    /// probability is the logistic function of η_i + o_i.
    pub(super) offset: Vec<f64>,
}

fn soft(u: f64, t: f64) -> f64 {
    if u > t {
        u - t
    } else if u < -t {
        u + t
    } else {
        0.0
    }
}

impl<'a> Solver<'a> {
    /// The solver at β = 0 for the response `y` (Cox: the event indicators, with the times `time`).
    pub fn new(params: &ElasticNet, d: &'a Design, y: &'a [f64], time: Option<&[f64]>) -> Solver<'a> {
        let n = d.n as f64;
        let y_mean = y.iter().sum::<f64>() / n;
        let (y_sd, r, b0) = match params.family {
            Family::Gaussian => {
                let sd = (y.iter().map(|v| (v - y_mean) * (v - y_mean)).sum::<f64>() / n).sqrt();
                let sd = if sd > 0.0 { sd } else { 1.0 };
                (sd, y.iter().map(|v| (v - y_mean) / sd).collect(), 0.0)
            }
            Family::Binomial | Family::Multinomial => {
                (1.0, y.iter().map(|v| v - y_mean).collect(), (y_mean / (1.0 - y_mean)).ln())
            }
            Family::Cox => (1.0, vec![0.0; d.n], 0.0),
        };
        let w = match params.family {
            Family::Gaussian => vec![1.0; d.n],
            Family::Binomial | Family::Multinomial => vec![y_mean * (1.0 - y_mean); d.n],
            Family::Cox => vec![0.0; d.n],
        };
        let mut solver = Solver {
            family: params.family,
            d,
            y,
            alpha: params.alpha,
            tol: params.tol,
            max_passes: params.max_passes,
            passes: 0,
            y_mean,
            y_sd,
            b0,
            beta: vec![0.0; d.p],
            w,
            r,
            v: vec![1.0; d.p],
            working: vec![false; d.p],
            risk: time.map(RiskSets::new),
            offset: Vec::new(),
        };
        if let Some(risk) = &solver.risk {
            risk.reweight(&vec![0.0; d.n], y, &mut solver.w, &mut solver.r);
        }
        solver
    }

    /// The solver of one class c of a multinomial fit, `y` its 0/1 indicator, at the null model: its intercept
    /// ln ȳ_c and offset −ln(1 − ȳ_c) (every class's η_l = ln ȳ_l), so its probability is ȳ_c.
    pub fn class(params: &ElasticNet, d: &'a Design, y: &'a [f64]) -> Solver<'a> {
        let mut solver = Solver::new(&ElasticNet { family: Family::Binomial, ..params.clone() }, d, y, None);
        solver.family = Family::Multinomial;
        solver.b0 = solver.y_mean.ln();
        solver.offset = vec![-(1.0 - solver.y_mean).ln(); d.n];
        solver
    }

    /// g_j = ⟨z_j, r⟩ / n: the gradient of the smooth part at β_j = its current value, before the shift.
    fn gradient(&self, j: usize) -> f64 {
        // ndarray's dot: unrolled over several accumulators, so it vectorises
        ArrayView1::from(self.d.col(j)).dot(&ArrayView1::from(&self.r[..])) / self.d.n as f64
    }

    fn weighted_variance(&self, j: usize) -> f64 {
        self.d.col(j).iter().zip(&self.w).map(|(z, w)| w * z * z).sum::<f64>() / self.d.n as f64
    }

    /// λ_max in the solver's units (Gaussian: of the standardised response).
    fn lambda_max(&self) -> f64 {
        let a = self.alpha.max(MIN_ALPHA_FOR_MAX);
        (0..self.d.p).filter(|&j| self.d.sd[j] > 0.0).map(|j| self.gradient(j).abs()).fold(0.0, f64::max) / a
    }

    /// One pass over the features in `set` (and the binomial intercept); the largest v_j Δβ_j².
    fn pass(&mut self, lambda: f64, set: &[usize]) -> Result<f64> {
        self.passes += 1;
        if self.passes > self.max_passes {
            return Err(Error::Numerical {
                what: "max_passes".into(),
                reason: format!(
                    "the elastic-net path took more than {} passes over the features without converging; raise \
                     max_passes, loosen tol or stop the path at a larger λ",
                    self.max_passes
                ),
            });
        }
        let (l1, l2) = (lambda * self.alpha, lambda * (1.0 - self.alpha));
        let n = self.d.n as f64;
        let mut largest = 0.0f64;
        for &j in set {
            let old = self.beta[j];
            let vj = self.v[j];
            let new = soft(self.gradient(j) + vj * old, l1) / (vj + l2);
            let delta = new - old;
            if delta != 0.0 {
                self.beta[j] = new;
                for ((r, z), w) in self.r.iter_mut().zip(self.d.col(j)).zip(&self.w) {
                    *r -= delta * w * z;
                }
                largest = largest.max(vj * delta * delta);
            }
        }
        if matches!(self.family, Family::Binomial | Family::Multinomial) {
            let sw: f64 = self.w.iter().sum();
            let delta = self.r.iter().sum::<f64>() / sw;
            self.b0 += delta;
            for (r, w) in self.r.iter_mut().zip(&self.w) {
                *r -= delta * w;
            }
            largest = largest.max(sw / n * delta * delta);
        }
        Ok(largest)
    }

    /// Descent to convergence over the working set: a full pass, then passes over the non-zero features
    /// until they settle, repeated until a full pass changes nothing beyond the tolerance.
    fn descend(&mut self, lambda: f64) -> Result<()> {
        loop {
            let set: Vec<usize> = (0..self.d.p).filter(|&j| self.working[j]).collect();
            if self.pass(lambda, &set)? < self.tol {
                return Ok(());
            }
            loop {
                let active: Vec<usize> = set.iter().copied().filter(|&j| self.beta[j] != 0.0).collect();
                if self.pass(lambda, &active)? < self.tol {
                    break;
                }
            }
        }
    }

    /// Features outside the working set whose KKT condition |g_j| ≤ λα fails join it; whether any did.
    fn kkt_violations(&mut self, lambda: f64) -> bool {
        let mut any = false;
        for j in 0..self.d.p {
            if !self.working[j] && self.d.sd[j] > 0.0 && self.gradient(j).abs() > lambda * self.alpha {
                self.working[j] = true;
                self.v[j] = self.weighted_variance(j);
                any = true;
            }
        }
        any
    }

    /// The linear predictor η_i = β₀ + Σ_j z_ij β_j of the current fit (binomial; over the non-zero β_j).
    fn eta(&self) -> Vec<f64> {
        let mut eta = vec![self.b0; self.d.n];
        for j in (0..self.d.p).filter(|&j| self.beta[j] != 0.0) {
            for (e, z) in eta.iter_mut().zip(self.d.col(j)) {
                *e += self.beta[j] * z;
            }
        }
        eta
    }

    /// The log-odds η_i + o_i of a binomial fit (a multinomial class's against the other classes).
    fn logits(&self) -> Vec<f64> {
        let mut eta = self.eta();
        eta.iter_mut().zip(&self.offset).for_each(|(e, o)| *e += o);
        eta
    }

    /// Binomial and Cox: the weights and working residual of the quadratic approximation at the current fit.
    fn reweight(&mut self) {
        let d = self.d;
        match &self.risk {
            Some(risk) => risk.reweight(&self.eta(), self.y, &mut self.w, &mut self.r),
            None => {
                let logits = self.logits();
                for (((w, r), e), y) in self.w.iter_mut().zip(&mut self.r).zip(&logits).zip(self.y) {
                    let p = (1.0 / (1.0 + (-e).exp())).clamp(PMIN, 1.0 - PMIN);
                    *w = p * (1.0 - p);
                    *r = y - p;
                }
            }
        }
        for j in (0..d.p).filter(|&j| self.working[j]) {
            self.v[j] = self.weighted_variance(j);
        }
    }

    /// The deviance per row of the current fit (Gaussian: of the standardised response).
    fn deviance(&self) -> f64 {
        let n = self.d.n as f64;
        match self.family {
            Family::Gaussian => self.r.iter().map(|r| r * r).sum::<f64>() / n,
            // (a multinomial class: its own deviance given the other classes' fit)
            Family::Binomial | Family::Multinomial => {
                // −2 log-likelihood of a 0/1 response: 2 [log(1 + e^η) − yη], computed stably
                let dev: f64 = (self.logits().iter().zip(self.y))
                    .map(|(&e, y)| 2.0 * ((if e > 0.0 { e + (-e).exp().ln_1p() } else { e.exp().ln_1p() }) - y * e))
                    .sum();
                dev / n
            }
            Family::Cox => self.risk.as_ref().map_or(0.0, |risk| risk.deviance(&self.eta(), self.y)),
        }
    }

    /// Solve at one λ from the current (warm) start.
    fn solve(&mut self, lambda: f64) -> Result<()> {
        match self.family {
            Family::Gaussian => loop {
                self.descend(lambda)?;
                if !self.kkt_violations(lambda) {
                    return Ok(());
                }
            },
            // outer: reweight and descend until the coefficients stop moving between approximations (a
            // multinomial class alone never: the multinomial driver steps its classes in turn)
            Family::Binomial | Family::Cox | Family::Multinomial => loop {
                let (moved, shift) = self.approximate(lambda)?;
                if moved.max(0.25 * shift * shift) < self.tol {
                    self.reweight();
                    if !self.kkt_violations(lambda) {
                        return Ok(());
                    }
                }
            },
        }
    }

    /// One quadratic approximation at the current fit, descended to convergence: the largest v_j Δβ_j² it made,
    /// and the intercept's change Δβ₀ (the binomial and Cox fits count its move as ¼ Δβ₀², the multinomial driver
    /// with the approximation's weights).
    pub(super) fn approximate(&mut self, lambda: f64) -> Result<(f64, f64)> {
        let before: Vec<f64> = self.beta.clone();
        let b0_before = self.b0;
        self.reweight();
        self.descend(lambda)?;
        let moved = (0..self.d.p)
            .filter(|&j| self.working[j])
            .map(|j| self.v[j] * (self.beta[j] - before[j]).powi(2))
            .fold(0.0, f64::max);
        Ok((moved, self.b0 - b0_before))
    }

    /// [`Solver::approximate`] with its step halved while it raises the penalised objective (at most
    /// [`HALVINGS`] times): a multinomial class's, given the other classes' fit. The partial Newton steps alone can
    /// overshoot where rows are fitted near the probability bounds, and the classes' steps then cycle without end —
    /// glmnet's too ("convergence … not reached after maxit iterations"; seen on 3 of glass's features, 6 classes,
    /// λ = 0.05: 25,000 rounds, then `max_passes`). Steps that never raise the objective cannot cycle.
    pub(super) fn approximate_damped(&mut self, lambda: f64) -> Result<(f64, f64)> {
        let (before, b0_before, start) = (self.beta.clone(), self.b0, self.objective(lambda));
        let (mut moved, mut shift) = self.approximate(lambda)?;
        for _ in 0..HALVINGS {
            if self.objective(lambda) <= start {
                break;
            }
            self.beta.iter_mut().zip(&before).for_each(|(b, old)| *b = 0.5 * (*b + old));
            self.b0 = 0.5 * (self.b0 + b0_before);
            (moved, shift) = (moved / 4.0, shift / 2.0);
        }
        Ok((moved, shift))
    }

    /// The penalised objective of the current fit in the solver's units: the deviance per row over 2 plus
    /// λ (α ‖β‖₁ + (1 − α) ‖β‖²₂ / 2) (a multinomial class's, given the other classes' fit).
    fn objective(&self, lambda: f64) -> f64 {
        let (l1, l2) = (self.beta.iter().map(|b| b.abs()).sum::<f64>(), self.beta.iter().map(|b| b * b).sum::<f64>());
        self.deviance() / 2.0 + lambda * (self.alpha * l1 + (1.0 - self.alpha) * l2 / 2.0)
    }

    /// The λ sequence in the solver's units (Gaussian: λ / s_y) from `lambda_max`, and whether it may stop early
    /// (a default sequence may; one the user gives, or one that stops at a λ, runs to its end).
    pub(super) fn sequence(&self, params: &ElasticNet, lambda_max: f64) -> (Vec<f64>, bool) {
        let (n, p) = (self.d.n, self.d.p);
        let mut lambdas: Vec<f64> = match &params.lambdas {
            Some(l) => l.iter().map(|v| v / self.y_sd).collect(),
            None => {
                let ratio = params.lambda_min_ratio.unwrap_or(if n > p { 1e-4 } else { 1e-2 });
                let m = params.n_lambda;
                (0..m)
                    .map(|k| match m {
                        1 => lambda_max,
                        _ => lambda_max * ratio.powf(k as f64 / (m - 1) as f64),
                    })
                    .collect()
            }
        };
        if let Some(stop) = params.stop_at.map(|l| l / self.y_sd) {
            lambdas.retain(|&v| v > stop);
            lambdas.push(stop);
        }
        (lambdas, params.lambdas.is_none() && params.stop_at.is_none())
    }

    /// The sequential strong rule before solving at `lambda` after `previous`: features with
    /// |g_j(λ_{k−1})| ≥ α (2λ_k − λ_{k−1}) join the working set.
    pub(super) fn screen(&mut self, lambda: f64, previous: f64) {
        let cut = self.alpha * (2.0 * lambda - previous);
        for j in 0..self.d.p {
            if !self.working[j] && self.d.sd[j] > 0.0 && self.gradient(j).abs() >= cut {
                self.working[j] = true;
                self.v[j] = self.weighted_variance(j);
            }
        }
    }

    /// The current fit on the columns' own scale: the intercept (the Cox family's none: a shift of η cancels) and
    /// one coefficient per column (a constant column's 0).
    pub(super) fn original_scale(&self) -> (f64, Vec<f64>) {
        let (mut b0, centred) = match self.family {
            Family::Gaussian => (self.y_mean, 1.0),
            Family::Binomial | Family::Multinomial => (self.b0, 1.0),
            Family::Cox => (0.0, 0.0),
        };
        let beta: Vec<f64> = (0..self.d.p)
            .map(|j| if self.d.sd[j] > 0.0 { self.y_sd * self.beta[j] / self.d.sd[j] } else { 0.0 })
            .collect();
        for (b, m) in beta.iter().zip(&self.d.mean) {
            b0 -= centred * b * m;
        }
        (b0, beta)
    }

    /// The whole path.
    pub fn run(mut self, params: &ElasticNet) -> Result<Path> {
        let lambda_max = self.lambda_max();
        let (lambdas, early_stop) = self.sequence(params, lambda_max);
        let null_deviance = self.deviance();
        let mut kept = Vec::with_capacity(lambdas.len());
        let mut intercepts = Vec::with_capacity(lambdas.len());
        let mut rows: Vec<f64> = Vec::with_capacity(lambdas.len() * self.d.p);
        let mut ratios = Vec::with_capacity(lambdas.len());
        let mut previous = lambda_max;
        for (k, &lambda) in lambdas.iter().enumerate() {
            // A default sequence starts at the null model, as glmnet's does (for α < 0.001 too, whose λ_max
            // is scaled by 0.001 and would let ridge coefficients in).
            if params.lambdas.is_some() || k > 0 {
                self.screen(lambda, previous);
                match self.solve(lambda) {
                    // as glmnet: a λ that does not converge (a binomial fit saturating on separable rows) ends
                    // the path, which keeps the λ values solved before it
                    Err(Error::Numerical { .. }) if k > 0 => break,
                    other => other?,
                }
            }
            previous = lambda;
            let (b0, beta) = self.original_scale();
            rows.extend(beta);
            kept.push(lambda * self.y_sd);
            intercepts.push(b0);
            ratios.push(1.0 - self.deviance() / null_deviance);
            if early_stop && stops(self.family, &ratios) {
                break;
            }
        }
        let coefficients = Array2::from_shape_vec((kept.len(), self.d.p), rows).expect("one row of p per λ");
        Ok(Path {
            family: self.family,
            lambdas: kept,
            intercepts,
            coefficients,
            deviance_ratio: ratios,
            null_deviance: null_deviance
                * match self.family {
                    Family::Gaussian => self.y_sd * self.y_sd,
                    Family::Binomial | Family::Multinomial | Family::Cox => 1.0,
                },
            passes: self.passes,
        })
    }
}

/// Whether a default sequence stops after the deviance ratios so far (glmnet's rule: after at least five λ, the
/// ratio past its maximum or its gain too small; the Cox family's over the last four λ).
pub(super) fn stops(family: Family, ratios: &[f64]) -> bool {
    let (min_gain, max_ratio, lag) = match family {
        Family::Cox => (COX_MIN_GAIN, COX_MAX_RATIO, MIN_LAMBDAS - 1),
        _ => (MIN_GAIN, MAX_RATIO, 1),
    };
    let Some(&ratio) = ratios.last() else { return false };
    ratios.len() >= MIN_LAMBDAS && (ratio - ratios[ratios.len() - 1 - lag] < min_gain * ratio || ratio > max_ratio)
}
