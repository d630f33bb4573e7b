//! Univariate Cox: each feature alone in Cox's model of a survival target, scored by the χ²₁ statistic of the
//! test of β = 0 (Cox 1972; Therneau & Grambsch 2000, §3.4) — the filter scikit-survival's documentation pairs
//! with `SelectKBest`, mlr3filters' `univariate_cox`:
//! - `score` (the default): U(0)²/I(0), the score test at β = 0 — the log-rank test of the feature; closed
//!   form, no fit, defined for every feature;
//! - `wald`: β̂²·I(β̂), the squared z of R's `summary(coxph(…))`;
//! - `lr`: 2(ℓ(β̂) − ℓ(0)), the likelihood-ratio test.
//!
//! U and I are the partial likelihood's gradient and information (`learners/cox`, Efron's or Breslow's ties).
//! A feature's missing rows are left out of its model (R's `na.omit`); a constant feature scores 0. Where the
//! likelihood has no maximum (the feature orders the events perfectly) `wald` and `lr` are read after 100
//! Newton steps (the LR statistic then near its supremum, Wald's near 0: Hauck & Donner 1977). The table adds
//! each feature's signed z (√χ², the sign of its effect: + the event sooner with larger values) and its p-value.

use polars::prelude::*;

use super::fisher::numeric_values;
use super::{Checked, Ranker};
use crate::data::{Dataset, Frame, Ranking, Task};
use crate::error::{Error, Result};
use crate::learners::cox::{maximise, Response, Ties};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::Spec;

/// Which test of β = 0 scores a feature (module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CoxStatistic {
    /// The score (log-rank) test at β = 0.
    #[default]
    Score,
    /// The Wald test at the fitted β.
    Wald,
    /// The likelihood-ratio test.
    LikelihoodRatio,
}

impl CoxStatistic {
    const WORDS: &'static [&'static str] = &["score", "wald", "lr"];
}

impl std::str::FromStr for CoxStatistic {
    type Err = Error;
    fn from_str(s: &str) -> Result<CoxStatistic> {
        match s.to_ascii_lowercase().as_str() {
            "score" | "logrank" | "log-rank" => Ok(CoxStatistic::Score),
            "wald" => Ok(CoxStatistic::Wald),
            "lr" | "likelihood-ratio" => Ok(CoxStatistic::LikelihoodRatio),
            _ => Err(Error::param("statistic", format!("'{}' is not one of score, wald, lr", crate::error::quote(s)))),
        }
    }
}

impl std::fmt::Display for CoxStatistic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CoxStatistic::Score => "score",
            CoxStatistic::Wald => "wald",
            CoxStatistic::LikelihoodRatio => "lr",
        })
    }
}

/// Rank features of a survival target by a univariate Cox test (module docs).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Ranker, UnivariateCox};
/// let s = featrank::data::synth::Survival::new().rows(300).generate(3).unwrap();
/// let data = s.dataset().unwrap();
/// let ranking = UnivariateCox::new().rank(&data, 0).unwrap();
/// // the three largest planted effects (|β| = 1, 0.8, 0.6) among the top five of 100
/// let strongest = s.truth.ranking().unwrap().order()[..3].to_vec();
/// assert!(strongest.iter().all(|f| ranking.order()[..5].contains(f)), "{:?}", &ranking.order()[..5]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct UnivariateCox {
    statistic: CoxStatistic,
    ties: Ties,
}

/// The keys of `univariate-cox`.
const PARAMS: &[Param] = &[
    Param::new(
        "statistic",
        Values::Words(CoxStatistic::WORDS),
        "the test of β = 0: score (log-rank, no fit), wald or lr (likelihood ratio)",
    ),
    Param::new("ties", Values::Words(Ties::WORDS), "how tied event times enter: Efron's or Breslow's approximation"),
];

impl UnivariateCox {
    /// The score test, Efron's ties.
    pub fn new() -> UnivariateCox {
        UnivariateCox::default()
    }

    /// Which test scores a feature.
    pub fn statistic(mut self, statistic: CoxStatistic) -> UnivariateCox {
        self.statistic = statistic;
        self
    }

    /// How tied event times enter the partial likelihood.
    pub fn ties(mut self, ties: Ties) -> UnivariateCox {
        self.ties = ties;
        self
    }

    /// From the spec `univariate-cox:statistic=score,ties=efron`.
    pub fn from_spec(s: &Spec) -> Result<UnivariateCox> {
        s.check_params(PARAMS)?;
        let d = UnivariateCox::new();
        Ok(UnivariateCox { statistic: s.get("statistic", d.statistic)?, ties: s.get("ties", d.ties)? })
    }

    /// Each feature's χ²₁ statistic and the sign of its effect.
    fn statistics(&self, data: &Dataset) -> Result<Vec<(f64, f64)>> {
        let survival = data.survival().ok_or_else(|| Error::UnsupportedTask {
            method: self.name(),
            task: data.task(),
            hint: "it ranks for a survival target".into(),
        })?;
        let each = crate::parallel::map(data.n_features(), |f| -> Result<(f64, f64)> {
            let x = numeric_values(data, f, "univariate-cox")?;
            let rows: Vec<usize> = (0..x.len()).filter(|&i| !x[i].is_nan()).collect();
            let n = rows.len() as f64;
            let mean = rows.iter().map(|&i| x[i]).sum::<f64>() / n;
            let sd = (rows.iter().map(|&i| (x[i] - mean).powi(2)).sum::<f64>() / n).sqrt();
            let event: Vec<bool> = rows.iter().map(|&i| survival.event()[i]).collect();
            if !(sd > 0.0) || !event.contains(&true) {
                return Ok((0.0, 0.0));
            }
            let time: Vec<f64> = rows.iter().map(|&i| survival.time()[i]).collect();
            let z: Vec<f64> = rows.iter().map(|&i| (x[i] - mean) / sd).collect();
            let response = Response::new(&time, &event, self.ties);
            if self.statistic == CoxStatistic::Score {
                let null = response.evaluate(&z, 1, &[0.0], 0.0, true);
                let (u, i) = (null.gradient[0], null.information[0]);
                return Ok(if i > 0.0 { (u * u / i, u.signum()) } else { (0.0, 0.0) });
            }
            let best = maximise(&response, &z, 1, 0.0)?;
            let b = best.b[0];
            let chi2 = match self.statistic {
                CoxStatistic::Wald => b * b * best.at.information[0],
                _ => (2.0 * (best.at.value - best.null.value)).max(0.0),
            };
            Ok((chi2, b.signum()))
        });
        each.into_iter().collect()
    }
}

impl Method for UnivariateCox {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Cox 1972, JRSS B 34(2); Therneau & Grambsch 2000, Modeling Survival Data, §3.4; Bommert et al. 2021, \
         Brief. Bioinform. 23(1)"
    }

    fn spec(&self) -> Spec {
        Spec::new("univariate-cox").with("statistic", self.statistic).with("ties", self.ties)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Survival
    }
}

impl Ranker for UnivariateCox {
    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        Ok(self.statistics(data.dataset())?.into_iter().map(|(chi2, _)| chi2).collect())
    }

    /// `feature, score, rank, z, p_value`: the χ²₁ statistic, its signed square root and its p-value.
    fn table(&self, data: &Dataset, _seed: u64) -> Result<Frame> {
        self.checked(data)?;
        let stats = self.statistics(data)?;
        let scores: Vec<f64> = stats.iter().map(|s| s.0).collect();
        let ranking = Ranking::from_scores(data.feature_names(), &scores)?.with_name(self.name());
        let at: Vec<usize> = ranking.order().iter().map(|f| data.feature_index(f)).collect::<Result<_>>()?;
        let z: Vec<f64> = at.iter().map(|&j| stats[j].1 * stats[j].0.sqrt()).collect();
        let p: Vec<f64> = at.iter().map(|&j| statrs::function::erf::erfc((stats[j].0 / 2.0).sqrt())).collect();
        let mut frame: DataFrame = ranking.to_polars()?.into();
        frame.with_column(Column::new("z".into(), z))?;
        frame.with_column(Column::new("p_value".into(), p))?;
        Ok(frame.into())
    }
}

crate::method::from_spec!(UnivariateCox);
