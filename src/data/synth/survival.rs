//! Survival data with exact ground truth ([`Survival`]): Cox–Weibull times from planted coefficients.

use polars::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_distr::{Distribution, StandardNormal};

use super::{check_memory, GroundTruth};
use crate::data::{Dataset, Frame};
use crate::error::{Error, Result};
use crate::memory;
use crate::seed::rng_for;

/// Survival data from a Cox model with a Weibull baseline hazard (Bender, Augustin & Blettner 2005, Stat. Med.
/// 24): features x ~ N(0, 1) independent; the hazard h(t | x) = λν t^{ν−1} e^{xᵀβ}, so the event time
/// T = (−log U / (λ e^{xᵀβ}))^{1/ν} with U ~ U(0, 1); independent censoring C ~ U(0, c) with c chosen on the
/// drawn times so that the expected share of censored rows is `censoring` (mean over rows of min(T_i, c)/c);
/// the row holds min(T, C) and the event T ≤ C. `relevant` features carry the coefficients β_j = ±`effect`·(1,
/// 0.8, 0.6, …) (signs alternating, magnitudes falling by 0.2 of `effect` down to a floor of 0.2 of it), the
/// others none; columns `f0, f1, …` in a seeded random order, then `time` and `event` (0/1).
///
/// **Ground truth**: a feature's relevance is |β_j| (its log hazard ratio per standard deviation), 0 for
/// noise; `bayes_accuracy` holds the oracle's Harrell C — the concordance of the true risk xᵀβ with the drawn
/// times on these rows — the best a risk score can expect. `relevant(0)` is the null design: no feature
/// carries anything, and every ranking's honest curve sits at C ≈ 0.5.
///
/// ```
/// use featrank::data::synth::Survival;
/// let s = Survival::new().rows(300).generate(1).unwrap();
/// let data = s.dataset().unwrap();
/// assert_eq!((data.n_rows(), data.n_features()), (300, 100));
/// let events = data.survival().unwrap().n_events();
/// assert!((150..=270).contains(&events), "{events}"); // 30 % censored on average
/// assert_eq!(s.truth.relevant().len(), 5);
/// assert!(s.truth.bayes_accuracy > 0.7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Survival {
    rows: usize,
    features: usize,
    relevant: usize,
    effect: f64,
    censoring: f64,
    shape: f64,
}

/// Survival data from [`Survival`] and its ground truth.
#[derive(Debug, Clone)]
pub struct SurvivalData {
    /// Features, then `time` and `event`.
    pub frame: Frame,
    /// Relevance |β_j| per feature; `bayes_accuracy` the oracle's Harrell C.
    pub truth: GroundTruth,
    /// The planted coefficient of each feature, in column order.
    pub coefficients: Vec<f64>,
    /// The share of rows censored in the data drawn.
    pub censored: f64,
}

impl SurvivalData {
    /// The frame as a [`Dataset`] with the target (`time`, `event`).
    pub fn dataset(&self) -> Result<Dataset> {
        Dataset::from_polars_survival(&self.frame, "time", "event")
    }
}

impl Default for Survival {
    fn default() -> Self {
        Survival::new()
    }
}

impl Survival {
    /// 200 rows, 100 features of which 5 relevant, effect 1, 30 % censored, Weibull shape 1.5 (rising hazard).
    pub fn new() -> Survival {
        Survival { rows: 200, features: 100, relevant: 5, effect: 1.0, censoring: 0.3, shape: 1.5 }
    }

    /// Number of rows.
    pub fn rows(mut self, n: usize) -> Survival {
        self.rows = n;
        self
    }

    /// Number of features, relevant ones included.
    pub fn features(mut self, n: usize) -> Survival {
        self.features = n;
        self
    }

    /// Number of features with an effect (0: the null design).
    pub fn relevant(mut self, n: usize) -> Survival {
        self.relevant = n;
        self
    }

    /// The largest |β|, in log hazard ratio per standard deviation.
    pub fn effect(mut self, effect: f64) -> Survival {
        self.effect = effect;
        self
    }

    /// The expected share of censored rows, in [0, 1).
    pub fn censoring(mut self, share: f64) -> Survival {
        self.censoring = share;
        self
    }

    /// The Weibull shape ν (1: exponential times, constant hazard).
    pub fn shape(mut self, shape: f64) -> Survival {
        self.shape = shape;
        self
    }

    /// Generate from `seed`. Errors name the parameter: fewer than 10 rows, no feature, more relevant features
    /// than features, an effect, shape or censoring share out of range, data over the memory limit.
    pub fn generate(&self, seed: u64) -> Result<SurvivalData> {
        if self.rows < 10 {
            return Err(Error::param("rows", format!("need at least 10 rows, got {}", self.rows)));
        }
        if self.features == 0 || self.relevant > self.features {
            return Err(Error::param(
                "relevant",
                format!(
                    "need 1 or more features and at most that many relevant: {} of {}",
                    self.relevant, self.features
                ),
            ));
        }
        if !(self.effect > 0.0 && self.effect <= 5.0) {
            return Err(Error::param("effect", format!("needs 0 < effect ≤ 5, got {}", self.effect)));
        }
        if !(self.shape > 0.0 && self.shape <= 10.0) {
            return Err(Error::param("shape", format!("needs 0 < shape ≤ 10, got {}", self.shape)));
        }
        if !(0.0..1.0).contains(&self.censoring) {
            return Err(Error::param("censoring", format!("needs 0 ≤ censoring < 1, got {}", self.censoring)));
        }
        let (n, p) = (self.rows, self.features);
        check_memory(n, p.saturating_add(2), memory::F64)?;
        let mut position: Vec<usize> = (0..p).collect();
        position.shuffle(&mut rng_for(seed, &[1]));
        let mut coefficients = vec![0.0; p];
        for k in 0..self.relevant {
            let size = self.effect * (1.0 - 0.2 * k as f64).max(0.2);
            coefficients[position[k]] = if k % 2 == 0 { size } else { -size };
        }
        let mut rng = rng_for(seed, &[0]);
        let x: Vec<Vec<f64>> = (0..p).map(|_| (0..n).map(|_| StandardNormal.sample(&mut rng)).collect()).collect();
        let risk: Vec<f64> = (0..n)
            .map(|i| (0..p).filter(|&j| coefficients[j] != 0.0).map(|j| x[j][i] * coefficients[j]).sum())
            .collect();
        const SCALE: f64 = 0.1;
        let mut times = rng_for(seed, &[2]);
        let t: Vec<f64> = risk
            .iter()
            .map(|r| {
                let u: f64 = times.gen_range(f64::MIN_POSITIVE..1.0);
                (-u.ln() / (SCALE * r.exp())).powf(1.0 / self.shape)
            })
            .collect();
        let limit = censoring_limit(&t, self.censoring);
        let mut censor = rng_for(seed, &[3]);
        let (mut time, mut event) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for &ti in &t {
            let c = if limit.is_finite() { censor.gen_range(0.0..limit).max(f64::MIN_POSITIVE) } else { f64::INFINITY };
            time.push(ti.min(c));
            event.push((ti <= c) as u8 as i32);
        }
        let censored = event.iter().filter(|&&e| e == 0).count() as f64 / n as f64;
        let names: Vec<String> = (0..p).map(|j| format!("f{j}")).collect();
        let mut cols: Vec<Column> = names.iter().zip(x).map(|(name, v)| Column::new(name.as_str().into(), v)).collect();
        cols.push(Column::new("time".into(), time.clone()));
        cols.push(Column::new("event".into(), event.clone()));
        let observed = crate::data::dataset::Survival::new(time, event.iter().map(|&e| e == 1).collect())?;
        let oracle = observed.concordance(&(0..n).collect::<Vec<_>>(), &risk)?;
        Ok(SurvivalData {
            frame: DataFrame::new(n, cols)?.into(),
            truth: GroundTruth {
                features: names,
                relevance: coefficients.iter().map(|b| b.abs()).collect(),
                sets: Vec::new(),
                bayes_accuracy: oracle,
            },
            coefficients,
            censored,
        })
    }
}

/// The c of C ~ U(0, c) whose expected censored share over times `t`, mean(min(t_i, c)/c), is `share` (∞ for
/// 0); the share falls as c grows, so bisection on a log scale finds it.
fn censoring_limit(t: &[f64], share: f64) -> f64 {
    if share <= 0.0 {
        return f64::INFINITY;
    }
    let expected = |c: f64| t.iter().map(|&ti| ti.min(c) / c).sum::<f64>() / t.len() as f64;
    let (mut lo, mut hi) = (1e-12_f64, t.iter().copied().fold(0.0, f64::max) * 1e6);
    for _ in 0..200 {
        let mid = (lo * hi).sqrt();
        if expected(mid) > share {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo * hi).sqrt()
}
