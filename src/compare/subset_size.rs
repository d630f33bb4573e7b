//! How many features to keep: a subset size chosen from a ranking's FFA curve by a stated rule.
//!
//! Rules, on the FFA curve's mean per grid size (for a loss such as RMSE "best" is the lowest):
//! - **Best**: the size with the best mean (the smallest one on ties).
//! - **One standard error** (Breiman et al. 1984, §3.4; asked of RFECV in scikit-learn #23288): the
//!   smallest size whose mean is within one standard error of the best mean. The standard error is the
//!   best size's **corrected** one, √((1/J + n₂/n₁) σ̂²) over its J per-split values (Nadeau & Bengio
//!   2003; see [`crate::compare::significance`]) — the plain σ̂/√J of overlapping resamples is far too
//!   small. Curves without per-split values (read from a table) use the spread over repeats, σ_r/√r.
//! - **Within a tolerance**: the smallest size whose mean is within `tol` of the best mean.
//! - **At a size**: the given size, which must be on the grid — the fixed budgets of a paper's table
//!   ("AUC at 50 features"), where nested evaluation still chooses the parameters at that size.
//! - **Knee** (Kneedle, Satopää et al. 2011): sizes and means scaled to [0, 1] (means oriented so that
//!   higher is better), the size where the scaled mean most exceeds the scaled size (the largest value of
//!   the difference curve; no smoothing, the curve is already a mean over resamples). The point after
//!   which adding features buys least.

use polars::prelude::*;
use serde::{Deserialize, Serialize};

use crate::compare::significance::test_to_train;
use crate::data::Frame;
use crate::error::{Error, Result};
use crate::eval::{Curve, CurveKind, Curves};
use crate::math::std;

/// A rule that picks a subset size from an FFA curve; see the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum SizeRule {
    /// The best mean.
    Best,
    /// The smallest size within one corrected standard error of the best mean.
    OneStandardError,
    /// The smallest size within the given distance of the best mean.
    Within(f64),
    /// The knee of the curve (Kneedle).
    Knee,
    /// This size (a size of the grid).
    At(usize),
}

impl SizeRule {
    /// The rules a table shows by default: best, one standard error, within 0.01, knee.
    pub const DEFAULT: [SizeRule; 4] =
        [SizeRule::Best, SizeRule::OneStandardError, SizeRule::Within(0.01), SizeRule::Knee];

    /// The rule a nested evaluation chooses each inner curve's size by unless told: one corrected standard
    /// error (`1se`).
    pub const NESTED_DEFAULT: SizeRule = SizeRule::OneStandardError;

    /// `best`, `1se`, `within:0.01`, `knee`, `at:50` (also what `FromStr` reads).
    pub fn label(self) -> String {
        match self {
            SizeRule::Best => "best".into(),
            SizeRule::OneStandardError => "1se".into(),
            SizeRule::Within(t) => format!("within:{t}"),
            SizeRule::Knee => "knee".into(),
            SizeRule::At(k) => format!("at:{k}"),
        }
    }
}

impl std::fmt::Display for SizeRule {
    /// Its text ([`SizeRule::label`]), which parses back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label())
    }
}

impl std::str::FromStr for SizeRule {
    type Err = Error;
    fn from_str(s: &str) -> Result<SizeRule> {
        let bad = || {
            Error::param(
                "rule",
                format!("'{}' is not one of best, 1se, within:TOLERANCE, knee, at:SIZE", crate::error::quote(s)),
            )
        };
        match s.trim() {
            "best" => Ok(SizeRule::Best),
            "1se" => Ok(SizeRule::OneStandardError),
            "knee" => Ok(SizeRule::Knee),
            t if t.starts_with("at:") => match t["at:".len()..].trim().parse::<usize>() {
                Ok(k) if k > 0 => Ok(SizeRule::At(k)),
                _ => Err(Error::param(
                    "rule",
                    format!("the size of at must be a whole number above 0, got '{}'", crate::error::quote(t)),
                )),
            },
            t => {
                let tol: f64 = t.strip_prefix("within:").ok_or_else(bad)?.trim().parse().map_err(|_| bad())?;
                if tol >= 0.0 && tol.is_finite() {
                    Ok(SizeRule::Within(tol))
                } else {
                    Err(Error::param(
                        "rule",
                        format!("the tolerance of within must be a non-negative number, got {tol}"),
                    ))
                }
            }
        }
    }
}

/// One choice: the size `rule` picks on the FFA curve of `ranking`, and the curve's mean there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SizeChoice {
    /// The ranking whose FFA curve was read.
    pub ranking: String,
    /// The rule.
    pub rule: SizeRule,
    /// The chosen number of features.
    pub k: usize,
    /// The FFA mean at `k`.
    pub value: f64,
}

/// The sizes chosen by several rules on the FFA curve of every ranking of a run.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::compare::{SizeChoices, SizeRule};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
/// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(3).evaluate(&iris, &[good.with_name("good")]).unwrap();
/// let chosen = SizeChoices::of_curves(&curves, &SizeRule::DEFAULT).unwrap();
/// let best = chosen.get("good", SizeRule::Best).unwrap();
/// let one_se = chosen.get("good", SizeRule::OneStandardError).unwrap();
/// assert!(one_se.k <= best.k);
/// assert_eq!(chosen.to_polars().unwrap().height(), 4);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SizeChoices {
    /// The grid sizes of the curves.
    pub sizes: Vec<usize>,
    /// One row per (ranking, rule), rankings in the run's order.
    pub choices: Vec<SizeChoice>,
}

impl SizeChoices {
    /// Apply every rule to the FFA curve of every ranking of `curves`.
    pub fn of_curves(curves: &Curves, rules: &[SizeRule]) -> Result<SizeChoices> {
        if rules.is_empty() {
            return Err(Error::param("rules", "give at least one rule"));
        }
        let higher = curves.measure.higher_is_better();
        let ratio = test_to_train(curves.scheme, curves.folds);
        let mut choices = Vec::new();
        for name in curves.rankings() {
            let ffa = curves
                .get(name, CurveKind::Ffa)
                .ok_or_else(|| Error::param("curves", format!("no FFA curve of '{name}'")))?;
            for &rule in rules {
                let at = choose(ffa, &curves.sizes, rule, higher, ratio)?;
                choices.push(SizeChoice { ranking: name.to_string(), rule, k: curves.sizes[at], value: ffa.mean[at] });
            }
        }
        Ok(SizeChoices { sizes: curves.sizes.clone(), choices })
    }

    /// The choice of `rule` for `ranking`.
    pub fn get(&self, ranking: &str, rule: SizeRule) -> Option<&SizeChoice> {
        self.choices.iter().find(|c| c.ranking == ranking && c.rule == rule)
    }

    /// The table `ranking, rule, k, value`.
    pub fn to_polars(&self) -> Result<Frame> {
        let c = &self.choices;
        Ok(DataFrame::new(
            c.len(),
            vec![
                Column::new("ranking".into(), c.iter().map(|c| c.ranking.as_str()).collect::<Vec<_>>()),
                Column::new("rule".into(), c.iter().map(|c| c.rule.label()).collect::<Vec<_>>()),
                Column::new("k".into(), c.iter().map(|c| c.k as u64).collect::<Vec<_>>()),
                Column::new("value".into(), c.iter().map(|c| c.value).collect::<Vec<_>>()),
            ],
        )?
        .into())
    }
}

/// The grid position `rule` picks on `curve` (means at `sizes`); `higher`: whether higher means are better.
fn choose(curve: &Curve, sizes: &[usize], rule: SizeRule, higher: bool, ratio: f64) -> Result<usize> {
    let m = &curve.mean;
    if m.len() != sizes.len() || m.is_empty() || m.iter().any(|v| v.is_nan()) {
        return Err(Error::param("curves", format!("the FFA curve of '{}' has no value at every size", curve.ranking)));
    }
    // Oriented so that larger is better.
    let v: Vec<f64> = m.iter().map(|&x| if higher { x } else { -x }).collect();
    let best = (0..v.len()).fold(0, |b, i| if v[i] > v[b] { i } else { b });
    let first_within = |tol: f64| (0..v.len()).find(|&i| v[i] >= v[best] - tol).unwrap_or(best);
    Ok(match rule {
        SizeRule::Best => best,
        SizeRule::Within(tol) => first_within(tol),
        SizeRule::OneStandardError => first_within(standard_error(curve, best, ratio)),
        SizeRule::At(k) => sizes.iter().position(|&s| s == k).ok_or_else(|| {
            Error::param("rule", format!("at:{k} is not a size of the curves (the grid has {sizes:?})"))
        })?,
        SizeRule::Knee => {
            let (lo, hi) = v.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| (a.min(x), b.max(x)));
            let (s0, s1) = (sizes[0] as f64, sizes[sizes.len() - 1] as f64);
            if hi <= lo || s1 <= s0 {
                0
            } else {
                let diff = |i: usize| (v[i] - lo) / (hi - lo) - (sizes[i] as f64 - s0) / (s1 - s0);
                (0..v.len()).fold(0, |b, i| if diff(i) > diff(b) { i } else { b })
            }
        }
    })
}

/// The corrected standard error of the curve's mean at grid position `at` (see the module docs).
fn standard_error(curve: &Curve, at: usize, ratio: f64) -> f64 {
    let splits: Vec<f64> =
        curve.per_split.get(at).map_or(Vec::new(), |v| v.iter().copied().filter(|x| !x.is_nan()).collect());
    if splits.len() >= 2 {
        let s = std(&splits);
        ((1.0 / splits.len() as f64 + ratio) * s * s).sqrt()
    } else {
        let repeats = curve.per_repeat.get(at).map_or(&[][..], |v| &v[..]);
        if repeats.len() >= 2 {
            std(repeats) / (repeats.len() as f64).sqrt()
        } else {
            0.0
        }
    }
}
