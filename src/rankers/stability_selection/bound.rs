//! The error bounds of stability selection: see [`StabilityBound`].

use crate::error::{Error, Result};
use crate::spec::spec_words;

/// Bounds on the expected number of false selections E(V) of stability selection — the per-family error rate
/// (PFER) — for p features, q selected per subsample, a threshold π on the selection frequency and B
/// subsamples (B complementary pairs):
///
/// ```text
/// mb         E(V) ≤ q² / ((2π − 1) p)                                  π ∈ (½, 1]   (M&B 2010 Thm 1; holds for
///                                                                                     complementary pairs too, S&S Thm 1)
/// unimodal   E(V) ≤ q² / (C(π, B) p),  C = 2(2π − 1 − 1/(2B))          π ∈ (½ + min(θ², 1/(2B) + ¾θ²), ¾]
///                                      C = (1 + 1/B) / (4(1 − π + 1/(2B)))  π ∈ (¾, 1]     θ = q/p (S&S eq. 8)
/// r-concave  E(V) ≤ p · min(1, D(θ², 2πB − B, B, −½), D(θ, 2πB, 2B, −¼))                   (S&S eq. 9)
/// ```
///
/// D(η, t, B, r) is the largest upper tail P(X ≥ t) of an r-concave law on {0, …, B} with mean ηB; it is computed
/// as Shah & Samworth's code (and R's `stabs`, whose `minD` it follows) computes it: one root in a per support end
/// k, then the maximum of the tail over the interval between consecutive roots. The assumptions (unimodal or
/// r-concave selection frequencies of the features selected no better than chance) are S&S's. Every bound holds
/// under the weaker `mb` too, so an assumed bound outside its range of π or q gives way to `mb`'s, and the
/// reported bound is the smaller of those that apply ([`ErrorBound::formula`] says which).
///
/// Which error bound of stability selection.
///
/// ```
/// use featrank::rankers::StabilityBound;
/// let b = StabilityBound::Mb.pfer(5, 100, 0.75, 50).unwrap();
/// assert!((b.value - 25.0 / 50.0).abs() < 1e-12); // q² / ((2π − 1) p)
/// assert!(StabilityBound::Unimodal.pfer(5, 100, 0.75, 50).unwrap().value < b.value);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StabilityBound {
    /// Meinshausen & Bühlmann's, with no assumption.
    Mb,
    /// Shah & Samworth's under unimodal selection frequencies (complementary pairs).
    Unimodal,
    /// Shah & Samworth's under r-concave selection frequencies (complementary pairs).
    RConcave,
}

spec_words!(StabilityBound, "stability-selection bound", {
    StabilityBound::Mb => "mb" | "none",
    StabilityBound::Unimodal => "unimodal",
    StabilityBound::RConcave => "r-concave",
});

/// A bound on E(V) and the formula that gave it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ErrorBound {
    /// The bound on the expected number of false selections.
    pub value: f64,
    /// The formula it comes from: the one asked for, or `mb` where that one does not apply.
    pub formula: StabilityBound,
}

impl StabilityBound {
    /// The bound on E(V) for `q` of `p` features selected per subsample, threshold `threshold` ∈ (½, 1] and
    /// `b` subsamples (pairs): the smaller of this formula (where it applies) and `mb`'s.
    pub fn pfer(self, q: usize, p: usize, threshold: f64, b: usize) -> Result<ErrorBound> {
        if !(threshold > 0.5 && threshold <= 1.0) {
            return Err(Error::param("threshold", format!("must be in (0.5, 1] for an error bound, got {threshold}")));
        }
        if q == 0 || q > p {
            return Err(Error::param("q", format!("must be from 1 to the {p} features, got {q}")));
        }
        if b < 2 {
            return Err(Error::param("subsamples", format!("needs at least 2, got {b}")));
        }
        let (qf, pf) = (q as f64, p as f64);
        let mb = ErrorBound { value: qf * qf / ((2.0 * threshold - 1.0) * pf), formula: StabilityBound::Mb };
        let assumed = match self {
            StabilityBound::Mb => None,
            StabilityBound::Unimodal => unimodal_constant(threshold, b, qf / pf).map(|c| qf * qf / (pf * c)),
            StabilityBound::RConcave => r_concave(q, p, threshold, b).map(|d| d * pf),
        };
        Ok(match assumed {
            Some(value) if value < mb.value => ErrorBound { value, formula: self },
            _ => mb,
        })
    }

    /// The largest q (at least 1) whose bound, and every smaller q's, is at most `pfer` — `stabs`'
    /// `stabsel_parameters(p, cutoff, PFER)`. When even q = 1 exceeds `pfer`, 1 (its bound then says so).
    pub fn largest_q(self, pfer: f64, p: usize, threshold: f64, b: usize) -> Result<usize> {
        let mut q = 1;
        while q < p && self.pfer(q + 1, p, threshold, b)?.value <= pfer {
            q += 1;
        }
        self.pfer(q, p, threshold, b)?;
        Ok(q)
    }
}

/// S&S's unimodal constant C(π, B) (`stabs`' `um_const`), `None` where π is outside its range for θ = q/p.
fn unimodal_constant(threshold: f64, b: usize, theta: f64) -> Option<f64> {
    let b = b as f64;
    if threshold <= 0.75 {
        let floor = 0.5 + (theta * theta).min(1.0 / (2.0 * b) + 0.75 * theta * theta);
        (threshold >= floor).then(|| 2.0 * (2.0 * threshold - 1.0 - 1.0 / (2.0 * b)))
    } else {
        Some((1.0 + 1.0 / b) / (4.0 * (1.0 - threshold + 1.0 / (2.0 * b))))
    }
}

/// S&S's r-concave bound over p (`stabs`' `minD` with r = (−½, −¼)), `None` where q is past the largest q it
/// takes or a tail cannot be computed.
fn r_concave(q: usize, p: usize, threshold: f64, b: usize) -> Option<f64> {
    // the threshold as a multiple of 1/(2B), rounded to 10 significant digits first as stabs does
    let which = significant(threshold * 2.0 * b as f64, 10).ceil() as i64;
    if q > largest_r_concave_q(p, b) {
        return None;
    }
    let theta = q as f64 / p as f64;
    let first = tail(theta * theta, which - b as i64, b, -0.5)?;
    let second = tail(theta, which, 2 * b, -0.25)?;
    Some(1f64.min(first).min(second))
}

/// The largest q the r-concave bound takes (`stabs`' `maxQ`): #{q ≤ p : ⌈4Bq/p⌉ + 1 − 2B < 0}.
fn largest_r_concave_q(p: usize, b: usize) -> usize {
    let factor = 4.0 * b as f64 / p as f64;
    (1..=p).filter(|&q| (q as f64 * factor).ceil() + 1.0 < 2.0 * (b as f64)).count()
}

/// `x` rounded to `digits` significant digits (R's `signif`).
fn significant(x: f64, digits: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(digits - 1 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

/// D(η, t, B, r): the largest P(X ≥ t) over r-concave laws on {0, …, B} with mean ηB (S&S's `D`); 1 when t is
/// below the first support end, `None` when ηB is too large for the support.
fn tail(eta: f64, which: i64, b: usize, r: f64) -> Option<f64> {
    let s = 1.0 / r;
    let mean = eta * b as f64;
    let start = (2.0 * mean).ceil() as i64 + 1;
    if which < start {
        return Some(1.0);
    }
    if start >= b as i64 {
        return None; // stabs stops here too ("theta too large", or no interval between two roots)
    }
    let start = start as usize;
    // a[k]: the a at which the law ∝ (a + i)^s on {0, …, k} has mean ηB; decreasing in k
    let mut a = vec![100_000.0; b + 1];
    for k in start..=b {
        let mean_at = |x: f64| {
            let (mut num, mut den) = (0.0, 0.0);
            for i in 0..=k {
                let w = (x + i as f64).powf(s);
                num += i as f64 * w;
                den += w;
            }
            num / den - mean
        };
        a[k] = root(mean_at, 0.00001, a[k - 1])?;
    }
    let t = which as usize;
    let mut best = 0.0f64;
    for k in start..b {
        let tail_at = |x: f64| {
            let head: f64 = (0..t).map(|i| (x + i as f64).powf(s)).sum();
            let den: f64 = (0..=k).map(|i| (k + 1 - i) as f64 * (x + i as f64).powf(s)).sum();
            1.0 - (k as f64 + 1.0 - mean) * head / den
        };
        let x = brent_min(|x| -tail_at(x), a[k + 1], a[k], f64::EPSILON.powf(0.25));
        best = best.max(tail_at(x));
    }
    Some(best)
}

/// A root of `f` in [lo, hi] where f changes sign, by bisection to the last bits (`None` without a change).
fn root(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> Option<f64> {
    let (mut flo, fhi) = (f(lo), f(hi));
    if flo == 0.0 {
        return Some(lo);
    }
    if fhi == 0.0 {
        return Some(hi);
    }
    if flo.signum() == fhi.signum() || !flo.is_finite() || !fhi.is_finite() {
        return None;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        let fm = f(mid);
        if fm == 0.0 {
            return Some(mid);
        }
        if fm.signum() == flo.signum() {
            (lo, flo) = (mid, fm);
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// The minimiser of `f` on [a, b] by Brent's golden-section and parabolic search (Brent 1973, `fmin`; what R's
/// `optimize` runs), to tolerance `tol`.
fn brent_min(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64, tol: f64) -> f64 {
    let c = (3.0 - 5f64.sqrt()) * 0.5;
    let eps = f64::EPSILON.sqrt();
    let mut v = a + c * (b - a);
    let (mut w, mut x) = (v, v);
    let (mut d, mut e) = (0.0f64, 0.0f64);
    let mut fx = f(x);
    let (mut fv, mut fw) = (fx, fx);
    let tol3 = tol / 3.0;
    loop {
        let xm = (a + b) * 0.5;
        let tol1 = eps * x.abs() + tol3;
        let t2 = tol1 * 2.0;
        if (x - xm).abs() <= t2 - (b - a) * 0.5 {
            break;
        }
        let (mut p, mut q, mut r) = (0.0, 0.0, 0.0);
        if e.abs() > tol1 {
            r = (x - w) * (fx - fv);
            q = (x - v) * (fx - fw);
            p = (x - v) * q - (x - w) * r;
            q = (q - r) * 2.0;
            if q > 0.0 {
                p = -p;
            } else {
                q = -q;
            }
            r = e;
            e = d;
        }
        if p.abs() >= (q * 0.5 * r).abs() || p <= q * (a - x) || p >= q * (b - x) {
            e = if x < xm { b - x } else { a - x };
            d = c * e;
        } else {
            d = p / q;
            let u = x + d;
            if u - a < t2 || b - u < t2 {
                d = if x >= xm { -tol1 } else { tol1 };
            }
        }
        let u = if d.abs() >= tol1 {
            x + d
        } else if d > 0.0 {
            x + tol1
        } else {
            x - tol1
        };
        let fu = f(u);
        if fu <= fx {
            if u < x {
                b = x;
            } else {
                a = x;
            }
            (v, w, x) = (w, x, u);
            (fv, fw, fx) = (fw, fx, fu);
        } else {
            if u < x {
                a = u;
            } else {
                b = u;
            }
            if fu <= fw || w == x {
                (v, fv, w, fw) = (w, fw, u, fu);
            } else if fu <= fv || v == x || v == w {
                (v, fv) = (u, fu);
            }
        }
    }
    x
}
