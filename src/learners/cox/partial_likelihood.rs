//! Cox's partial likelihood (Cox 1972) and its maximisation: the risk sets of a survival response, the
//! log-likelihood with its gradient and information under Breslow's or Efron's handling of tied times, and
//! Newton–Raphson with step halving, optionally with a ridge penalty — what the `cox` learner and the
//! `univariate-cox` ranker fit; glmnet's Cox family (`learners/glmnet/descent.rs`) reads the same risk sets.
//!
//! With η = Zb, rows grouped by distinct event time t with D_t the d_t events at t and R_t = {i: t_i ≥ t}:
//! - Breslow: ℓ = Σ_t [Σ_{i∈D_t} η_i − d_t log Σ_{j∈R_t} e^{η_j}];
//! - Efron: ℓ = Σ_t [Σ_{i∈D_t} η_i − Σ_{r=0}^{d_t−1} log(Σ_{j∈R_t} e^{η_j} − (r/d_t) Σ_{j∈D_t} e^{η_j})];
//!
//! the two agree without ties. Gradient and information follow by differentiating each log term: for
//! A = Σ w_j, B = Σ w_j z_j, C = Σ w_j z_j z_jᵀ over its rows (w = e^η, Efron's terms less (r/d) of the
//! events' sums), the term −log A adds −B/A to the gradient and C/A − BBᵀ/A² to the information (as
//! R's `survival::coxph` computes them; Therneau & Grambsch 2000, §3.3).

use crate::error::{Error, Result};
use crate::math::cholesky_solve;

/// How tied event times enter the partial likelihood.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Ties {
    /// Breslow (1974): every event at a time against the whole risk set.
    Breslow,
    /// Efron (1977): the tied events leave the risk set gradually — closer to the exact likelihood; R's
    /// `coxph`, lifelines' and scikit-survival's default.
    #[default]
    Efron,
}

impl Ties {
    /// The words a spec takes.
    pub const WORDS: &'static [&'static str] = &["efron", "breslow"];
}

impl std::str::FromStr for Ties {
    type Err = Error;
    fn from_str(s: &str) -> Result<Ties> {
        match s.to_ascii_lowercase().as_str() {
            "efron" => Ok(Ties::Efron),
            "breslow" => Ok(Ties::Breslow),
            _ => Err(Error::param("ties", format!("'{}' is not one of efron, breslow", crate::error::quote(s)))),
        }
    }
}

impl std::fmt::Display for Ties {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Ties::Efron => "efron",
            Ties::Breslow => "breslow",
        })
    }
}

/// The rows of a survival response in groups of equal time, ascending: the risk set of a time is its group
/// and every later one (Breslow's ties).
pub(crate) struct RiskSets {
    /// Rows by ascending time.
    order: Vec<usize>,
    /// The end (exclusive, in `order`) of each group of equal times.
    ends: Vec<usize>,
}

impl RiskSets {
    pub fn new(time: &[f64]) -> RiskSets {
        let mut order: Vec<usize> = (0..time.len()).collect();
        order.sort_by(|&a, &b| time[a].total_cmp(&time[b]).then(a.cmp(&b)));
        let mut ends = Vec::new();
        for k in 1..=order.len() {
            if k == order.len() || time[order[k]] != time[order[k - 1]] {
                ends.push(k);
            }
        }
        RiskSets { order, ends }
    }

    /// The groups as ranges of `order`.
    pub fn groups(&self) -> impl DoubleEndedIterator<Item = std::ops::Range<usize>> + '_ {
        self.ends.iter().enumerate().map(|(g, &end)| if g == 0 { 0..end } else { self.ends[g - 1]..end })
    }

    /// S_i = Σ_{j: t_j ≥ t_i} e^{η_j} of each row.
    pub fn sums(&self, eta: &[f64]) -> Vec<f64> {
        let mut s = vec![0.0; eta.len()];
        let mut running = 0.0;
        for g in self.groups().rev() {
            running += self.order[g.clone()].iter().map(|&i| eta[i].exp()).sum::<f64>();
            self.order[g].iter().for_each(|&i| s[i] = running);
        }
        s
    }

    /// The gradient ∂ℓ/∂η_k = δ_k − e^{η_k} Σ_{i ∈ D, t_i ≤ t_k} 1/S_i into `r` and the Hessian's diagonal
    /// e^{η_k} Σ 1/S_i − e^{2η_k} Σ 1/S_i² into `w` (D: the events).
    pub fn reweight(&self, eta: &[f64], event: &[f64], w: &mut [f64], r: &mut [f64]) {
        let s = self.sums(eta);
        let (mut a, mut b) = (0.0, 0.0);
        for g in self.groups() {
            for &i in &self.order[g.clone()] {
                if event[i] == 1.0 {
                    a += 1.0 / s[i];
                    b += 1.0 / (s[i] * s[i]);
                }
            }
            for &k in &self.order[g] {
                let e = eta[k].exp();
                r[k] = event[k] - e * a;
                w[k] = e * a - e * e * b;
            }
        }
    }

    /// The deviance per row 2(ℓ_saturated − ℓ)/n, ℓ_saturated = −Σ_groups d_g log d_g (d_g events at a time).
    pub fn deviance(&self, eta: &[f64], event: &[f64]) -> f64 {
        let s = self.sums(eta);
        let mut dev = 0.0;
        for g in self.groups() {
            let d = self.order[g.clone()].iter().filter(|&&i| event[i] == 1.0).count() as f64;
            if d > 0.0 {
                dev -= d * d.ln();
            }
            for &i in &self.order[g] {
                if event[i] == 1.0 {
                    dev -= eta[i] - s[i].ln();
                }
            }
        }
        2.0 * dev / eta.len() as f64
    }
}

/// The penalised log partial likelihood ℓ(Zb) − (ridge/2)‖b‖² at `b`, its gradient and its information
/// (the negative Hessian, row-major m × m; only when `information`) for the `n × m` row-major design `z`.
pub(crate) struct Evaluation {
    pub value: f64,
    pub gradient: Vec<f64>,
    pub information: Vec<f64>,
}

/// A survival response ready for the partial likelihood: the rows' times in risk sets and their events.
pub(crate) struct Response<'a> {
    risk: RiskSets,
    event: &'a [bool],
    ties: Ties,
}

impl<'a> Response<'a> {
    /// The response of `time`, `event` (one per row).
    pub fn new(time: &[f64], event: &'a [bool], ties: Ties) -> Response<'a> {
        Response { risk: RiskSets::new(time), event, ties }
    }

    /// The partial likelihood's value, gradient and (with `information`) information at `b` ([`Evaluation`]).
    pub fn evaluate(&self, z: &[f64], m: usize, b: &[f64], ridge: f64, information: bool) -> Evaluation {
        let n = self.event.len();
        let eta: Vec<f64> = (0..n).map(|i| z[i * m..(i + 1) * m].iter().zip(b).map(|(z, b)| z * b).sum()).collect();
        // weights relative to the largest η: every sum shares the factor e^{−max}, which the logs add back
        let top = eta.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let w: Vec<f64> = eta.iter().map(|e| (e - top).exp()).collect();
        let mm = if information { m * m } else { 0 };
        let (mut s0, mut s1, mut s2) = (0.0, vec![0.0; m], vec![0.0; mm]);
        let (mut d1, mut d2) = (vec![0.0; m], vec![0.0; mm]);
        let mut value = 0.0;
        let mut gradient = vec![0.0; m];
        let mut info = vec![0.0; mm];
        let add = |sum0: &mut f64, sum1: &mut [f64], sum2: &mut [f64], i: usize| {
            let row = &z[i * m..(i + 1) * m];
            *sum0 += w[i];
            sum1.iter_mut().zip(row).for_each(|(s, x)| *s += w[i] * x);
            if information {
                for (a, &xa) in row.iter().enumerate() {
                    let wa = w[i] * xa;
                    sum2[a * m..(a + 1) * m].iter_mut().zip(row).for_each(|(s, xb)| *s += wa * xb);
                }
            }
        };
        for g in self.risk.groups().rev() {
            let rows = &self.risk.order[g];
            rows.iter().for_each(|&i| add(&mut s0, &mut s1, &mut s2, i));
            let events: Vec<usize> = rows.iter().copied().filter(|&i| self.event[i]).collect();
            if events.is_empty() {
                continue;
            }
            let d = events.len();
            let mut d0 = 0.0;
            d1.iter_mut().for_each(|v| *v = 0.0);
            d2.iter_mut().for_each(|v| *v = 0.0);
            for &i in &events {
                value += eta[i] - top;
                gradient.iter_mut().zip(&z[i * m..(i + 1) * m]).for_each(|(g, x)| *g += x);
                if self.ties == Ties::Efron && d > 1 {
                    add(&mut d0, &mut d1, &mut d2, i);
                }
            }
            // Breslow: d equal terms; Efron: term r takes r/d of the events' sums off the risk set's
            let terms: Vec<(f64, f64)> = match (self.ties, d) {
                (Ties::Breslow, _) | (_, 1) => vec![(0.0, d as f64)],
                (Ties::Efron, _) => (0..d).map(|r| (r as f64 / d as f64, 1.0)).collect(),
            };
            for (phi, times) in terms {
                let a = s0 - phi * d0;
                value -= times * a.ln();
                for (k, g) in gradient.iter_mut().enumerate() {
                    *g -= times * (s1[k] - phi * d1[k]) / a;
                }
                if information {
                    for p in 0..m {
                        let bp = (s1[p] - phi * d1[p]) / a;
                        for q in 0..m {
                            let bq = (s1[q] - phi * d1[q]) / a;
                            info[p * m + q] += times * ((s2[p * m + q] - phi * d2[p * m + q]) / a - bp * bq);
                        }
                    }
                }
            }
        }
        if ridge > 0.0 {
            value -= 0.5 * ridge * b.iter().map(|v| v * v).sum::<f64>();
            gradient.iter_mut().zip(b).for_each(|(g, b)| *g -= ridge * b);
            (0..mm / m.max(1)).for_each(|k| info[k * m + k] += ridge);
        }
        Evaluation { value, gradient, information: info }
    }

    /// The number of events.
    pub fn events(&self) -> usize {
        self.event.iter().filter(|&&e| e).count()
    }
}

/// The maximiser of the penalised partial likelihood, the number of Newton steps taken and the evaluation
/// there (its information is the inverse variance of the coefficients).
pub(crate) struct Maximum {
    pub b: Vec<f64>,
    pub steps: usize,
    pub at: Evaluation,
    /// The evaluation at b = 0 (the score test's gradient and information; the null log-likelihood).
    pub null: Evaluation,
    /// Whether the likelihood's change fell below the tolerance; `false` after 100 steps (the likelihood grows
    /// without a maximum: a column that orders the events perfectly — monotone likelihood).
    pub converged: bool,
}

/// Newton steps at most; a step that lowers the likelihood is halved up to `HALVINGS` times.
const MAX_STEPS: usize = 100;
const HALVINGS: usize = 40;

/// Newton–Raphson from b = 0 with step halving, to a relative change of the penalised log-likelihood below
/// 10⁻¹³ (R's coxph stops at 10⁻⁹), or the last of 100 steps ([`Maximum::converged`]). An information matrix
/// that is not positive definite (collinear columns without a ridge) is an error that says so.
pub(crate) fn maximise(response: &Response<'_>, z: &[f64], m: usize, ridge: f64) -> Result<Maximum> {
    let mut b = vec![0.0; m];
    let null = response.evaluate(z, m, &b, ridge, true);
    let mut at =
        Evaluation { value: null.value, gradient: null.gradient.clone(), information: null.information.clone() };
    for steps in 1..=MAX_STEPS {
        let step = cholesky_solve(&at.information, m, &at.gradient).ok_or_else(|| {
            Error::param(
                "ridge",
                format!(
                    "the Cox model's information matrix is singular for these {m} columns (collinear, or more \
                     columns than the {} events carry without a penalty); use ridge > 0",
                    response.events()
                ),
            )
        })?;
        let mut scale = 1.0;
        let mut next = None;
        for _ in 0..=HALVINGS {
            let trial: Vec<f64> = b.iter().zip(&step).map(|(b, s)| b + scale * s).collect();
            let e = response.evaluate(z, m, &trial, ridge, false);
            if e.value.is_finite() && e.value >= at.value - 1e-12 * at.value.abs() {
                next = Some((trial, e.value));
                break;
            }
            scale *= 0.5;
        }
        let Some((trial, value)) = next else {
            return Ok(Maximum { b, steps, at, null, converged: true });
        };
        let change = (value - at.value).abs();
        b = trial;
        at = response.evaluate(z, m, &b, ridge, true);
        if change <= 1e-13 * value.abs().max(1e-300) {
            return Ok(Maximum { b, steps, at, null, converged: true });
        }
    }
    Ok(Maximum { b, steps: MAX_STEPS, at, null, converged: false })
}

/// The error of a fit that did not converge ([`Maximum::converged`]).
pub(crate) fn no_maximum() -> Error {
    Error::param(
        "ridge",
        format!(
            "the Cox model did not converge in {MAX_STEPS} Newton steps: its partial likelihood grows without a \
             maximum (a column orders the events perfectly — monotone likelihood); use ridge > 0"
        ),
    )
}
