//! The multinomial family's path, as glmnet's `family = "multinomial"` (`type.multinomial = "ungrouped"`: each
//! class's coefficient of a feature penalised on its own): K classes, each with its linear predictor
//! η_c = β₀c + xᵀβ_c and P(c | x) = e^{η_c} / Σ_l e^{η_l}.
//!
//! Solved by glmnet's partial Newton steps: the classes in turn, each by one quadratic approximation of the
//! log-likelihood in its own coefficients with the other classes' fit held — a binomial fit of the class's 0/1
//! indicator with the offset o_i = −ln Σ_{l≠c} e^{η_il} ([`Solver::class`]) — descended to convergence, until a
//! round over the classes moves no coefficient by more than the tolerance and the KKT conditions hold for every
//! class. The likelihood is unchanged by adding one number to every class's intercept (or coefficient of a
//! feature): the intercepts are reported centred (Σ_c β₀c = 0, as glmnet's), and for α > 0 the penalty fixes the
//! coefficients (with α = 1 their median over the classes is 0 for an odd K; for an even K the lasso leaves an
//! interval, of which the descent's start decides).

use super::{stops, Design, Solver};
use crate::error::{Error, Result};
use crate::learners::glmnet::{ElasticNet, Family, Path};
use ndarray::Array2;

/// The path of every class, `indicators[c]` class c's 0/1 indicator per row (each row in exactly one class, every
/// class with a row): one [`Path`] per class, sharing the λ values and the deviance ratio.
pub(in crate::learners::glmnet) fn path(params: &ElasticNet, d: &Design, indicators: &[Vec<f64>]) -> Result<Vec<Path>> {
    let mut solvers: Vec<Solver<'_>> = indicators.iter().map(|y| Solver::class(params, d, y)).collect();
    let lambda_max = solvers.iter().map(Solver::lambda_max).fold(0.0, f64::max);
    let (lambdas, early_stop) = solvers[0].sequence(params, lambda_max);
    let mut etas = Predictors::new(solvers.iter().map(Solver::eta).collect());
    let null_deviance = deviance(&etas.eta, indicators);
    let classes = solvers.len();
    let (mut kept, mut ratios) = (Vec::with_capacity(lambdas.len()), Vec::with_capacity(lambdas.len()));
    let mut intercepts = vec![Vec::with_capacity(lambdas.len()); classes];
    let mut rows = vec![Vec::with_capacity(lambdas.len() * d.p); classes];
    let mut previous = lambda_max;
    for (k, &lambda) in lambdas.iter().enumerate() {
        // a default sequence starts at the null model, as the other families' (see `Solver::run`)
        if params.lambdas.is_some() || k > 0 {
            solvers.iter_mut().for_each(|s| s.screen(lambda, previous));
            match solve(&mut solvers, &mut etas, lambda) {
                // as glmnet: a λ that does not converge (the fit saturating on separable rows) ends the path
                Err(Error::Numerical { .. }) if k > 0 => break,
                other => other?,
            }
        }
        previous = lambda;
        let fits: Vec<(f64, Vec<f64>)> = solvers.iter().map(Solver::original_scale).collect();
        let centre = fits.iter().map(|(b0, _)| b0).sum::<f64>() / classes as f64;
        for (c, (b0, beta)) in fits.into_iter().enumerate() {
            intercepts[c].push(b0 - centre);
            rows[c].extend(beta);
        }
        kept.push(lambda);
        ratios.push(1.0 - deviance(&etas.eta, indicators) / null_deviance);
        if early_stop && stops(Family::Multinomial, &ratios) {
            break;
        }
    }
    let passes = solvers.iter().map(|s| s.passes).sum();
    Ok(intercepts
        .into_iter()
        .zip(rows)
        .map(|(intercepts, rows)| Path {
            family: Family::Multinomial,
            lambdas: kept.clone(),
            intercepts,
            coefficients: Array2::from_shape_vec((kept.len(), d.p), rows).expect("one row of p per λ"),
            deviance_ratio: ratios.clone(),
            null_deviance,
            passes,
        })
        .collect())
}

/// Rounds over the classes at one λ with glmnet's undamped steps: a fit that has not converged by then is
/// cycling (converging fits take 3–13 rounds on glass, iris and wine), and its steps are damped from there on
/// ([`Solver::approximate_damped`]); fits that converge within them are glmnet's, bit for bit as before.
const UNDAMPED_ROUNDS: usize = 30;

/// Every class's linear predictor η_ic and its exponential e^{η_ic}, per row (the offsets' sums).
struct Predictors {
    eta: Vec<Vec<f64>>,
    exp: Vec<Vec<f64>>,
}

impl Predictors {
    fn new(eta: Vec<Vec<f64>>) -> Predictors {
        let exp = eta.iter().map(|e| e.iter().map(|v| v.exp()).collect()).collect();
        Predictors { eta, exp }
    }

    /// Class c's new linear predictor.
    fn set(&mut self, c: usize, eta: Vec<f64>) {
        self.exp[c] = eta.iter().map(|v| v.exp()).collect();
        self.eta[c] = eta;
    }

    /// Every class's linear predictor less `by` (which changes no probability).
    fn shift(&mut self, by: f64) {
        let scale = (-by).exp();
        for (eta, exp) in self.eta.iter_mut().zip(&mut self.exp) {
            eta.iter_mut().for_each(|e| *e -= by);
            exp.iter_mut().for_each(|e| *e *= scale);
        }
    }

    /// Class c's offset per row, o_i = −ln Σ_{l≠c} e^{η_il}: from the kept exponentials, or where their sum
    /// overflows or underflows, with the largest η taken out first.
    fn offset(&self, c: usize) -> Vec<f64> {
        let others = |i: usize| self.eta.iter().enumerate().filter(move |&(l, _)| l != c).map(move |(_, e)| e[i]);
        (0..self.eta[c].len())
            .map(|i| {
                let sum: f64 = self.exp.iter().enumerate().filter(|&(l, _)| l != c).map(|(_, e)| e[i]).sum();
                if sum > 0.0 && sum.is_finite() {
                    return -sum.ln();
                }
                let top = others(i).fold(f64::NEG_INFINITY, f64::max);
                -(top + others(i).map(|e| (e - top).exp()).sum::<f64>().ln())
            })
            .collect()
    }
}

/// Solve every class at one λ from the current (warm) start: rounds of one approximation per class until no
/// coefficient moves, then the KKT check of every class at the final fit (a feature that fails it joins that
/// class's working set and the rounds go on).
fn solve(solvers: &mut [Solver<'_>], etas: &mut Predictors, lambda: f64) -> Result<()> {
    let tol = solvers[0].tol;
    let classes = solvers.len() as f64;
    let mut round = 0;
    loop {
        round += 1;
        let mut moved = 0.0f64;
        let (mut shifts, mut weights) = (Vec::with_capacity(solvers.len()), Vec::with_capacity(solvers.len()));
        for c in 0..solvers.len() {
            solvers[c].offset = etas.offset(c);
            let (m, shift) = match round > UNDAMPED_ROUNDS {
                true => solvers[c].approximate_damped(lambda)?,
                false => solvers[c].approximate(lambda)?,
            };
            moved = moved.max(m);
            shifts.push(shift);
            // the intercept's move in the units of the coefficients' (glmnet's: Σ_i w_i Δβ₀² / n, the weights of the
            // approximation), so a class whose rows are all fitted to the probability bounds counts little
            weights.push(solvers[c].w.iter().sum::<f64>() / solvers[c].d.n as f64);
            etas.set(c, solvers[c].eta());
        }
        // Every class's intercept moved by the same amount changes no probability: the intercepts are kept
        // centred (else, with probabilities clamped on separable rows, they drift together without end) and
        // only their moves apart count.
        let centre = solvers.iter().map(|s| s.b0).sum::<f64>() / classes;
        let common = shifts.iter().sum::<f64>() / classes;
        solvers.iter_mut().for_each(|s| s.b0 -= centre);
        etas.shift(centre);
        moved = shifts.iter().zip(&weights).map(|(d, w)| w * (d - common).powi(2)).fold(moved, f64::max);
        if moved < tol {
            let mut violated = false;
            for c in 0..solvers.len() {
                solvers[c].offset = etas.offset(c);
                solvers[c].reweight();
                violated |= solvers[c].kkt_violations(lambda);
            }
            if !violated {
                return Ok(());
            }
        }
    }
}

/// The multinomial deviance per row: −2/n Σ_i ln P(y_i | x_i), P the softmax of the classes' η.
fn deviance(etas: &[Vec<f64>], indicators: &[Vec<f64>]) -> f64 {
    let n = etas[0].len();
    let mut total = 0.0;
    for i in 0..n {
        let top = etas.iter().map(|e| e[i]).fold(f64::NEG_INFINITY, f64::max);
        let log_sum = top + etas.iter().map(|e| (e[i] - top).exp()).sum::<f64>().ln();
        let own: f64 = etas.iter().zip(indicators).map(|(e, y)| y[i] * e[i]).sum();
        total += log_sum - own;
    }
    2.0 * total / n as f64
}
