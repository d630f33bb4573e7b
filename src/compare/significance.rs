//! Is ranking A really better than ranking B? Tests of ECA differences over the resamples of one run.
//!
//! Both rankings (or a ranking and the expected curve of random rankings) are evaluated on the same
//! splits, so ECA can be computed on every split alone (`Curves::eca_samples`). Those J = r·k values are
//! not independent — the training sets of different splits overlap — and the plain t-test on them rejects
//! far too often. Two tests that account for it:
//!
//! - **Corrected resampled t-test** (Nadeau & Bengio 2003; for r × k-fold CV, Bouckaert & Frank 2004):
//!   t = d̄ / √((1/J + n₂/n₁) σ̂²), with d̄ and σ̂² the mean and variance (J − 1) of the per-split
//!   ECAs and n₂/n₁ the test-to-train size ratio of a split (k-fold: 1/(k − 1); holdout with test
//!   fraction f: f/(1 − f); bootstrap: e⁻¹/(1 − e⁻¹), the out-of-bag to in-bag share of distinct rows);
//!   Student's t with J − 1 degrees of freedom, two-sided. The same standard error gives the confidence
//!   interval of ECA, d̄ ± t_{J−1, 1−α/2} · se.
//! - **Wilcoxon signed-rank test** on the r per-repeat ECAs (each repeat's curves from the pooled
//!   predictions of all its splits): exact for up to 200 non-zero differences (ties get average ranks and
//!   the exact null distribution of their sums), zero differences dropped (Wilcoxon's convention).
//!
//! Over a table of comparisons p-values are adjusted by Holm's step-down method (Holm 1979), separately
//! for the pairs of rankings and for the rankings against the expected curve.

use polars::prelude::*;
use serde::{Deserialize, Serialize};
use statrs::distribution::ContinuousCDF;

use crate::data::Frame;
use crate::error::{Error, Result};
use crate::eval::{Baseline, Curves, Sample, Weighting};
use crate::math::average_ranks;
pub use crate::math::{corrected_t_test, holm, CorrectedT};
use crate::resampling::Scheme;

/// n₂/n₁, the test-to-train size ratio of one split of `scheme` with `splits` splits per repeat (the correction
/// term of the resampled t-test): 1/(k − 1) for the k-fold schemes and leave one group out (groups taken as
/// equal), t/(1 − t) for holdout, e⁻¹/(1 − e⁻¹) for bootstrap; for k time-series splits, whose i-th trains on
/// about i test blocks, the mean of 1/i.
///
/// ```
/// use featrank::compare::significance::test_to_train;
/// use featrank::resampling::Scheme;
/// assert!((test_to_train(Scheme::KFold { folds: 10 }, 10) - 1.0 / 9.0).abs() < 1e-12);
/// assert!((test_to_train(Scheme::Holdout { test: 1.0 / 3.0 }, 1) - 0.5).abs() < 1e-12);
/// assert!((test_to_train(Scheme::LeaveOneGroupOut, 5) - 0.25).abs() < 1e-12);
/// ```
pub fn test_to_train(scheme: Scheme, splits: usize) -> f64 {
    match scheme {
        Scheme::Holdout { test } => test / (1.0 - test),
        Scheme::Bootstrap => {
            let out = (-1.0f64).exp();
            out / (1.0 - out)
        }
        Scheme::TimeSeries { folds, .. } => (1..=folds).map(|i| 1.0 / i as f64).sum::<f64>() / folds.max(1) as f64,
        _ => 1.0 / (splits.max(2) - 1) as f64,
    }
}

/// The Wilcoxon signed-rank test of paired differences.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Wilcoxon {
    /// W⁺, the sum of the ranks of |d| over positive differences.
    pub w_plus: f64,
    /// Non-zero differences ranked.
    pub n: usize,
    /// Two-sided p-value (1 when no difference is non-zero).
    pub p_value: f64,
    /// Whether the p-value is exact (up to 200 non-zero differences) or from the normal approximation
    /// with tie correction.
    pub exact: bool,
}

impl Wilcoxon {
    /// The smallest two-sided p-value the test can give with its `n` differences: 2 / 2ⁿ, when every
    /// difference has the same sign (exact test). With 5 repeats it is 0.0625 — the test cannot reject at
    /// α = 0.05 however large the difference; 0 where the normal approximation is used.
    ///
    /// ```
    /// use featrank::compare::significance::wilcoxon_signed_rank;
    /// let w = wilcoxon_signed_rank(&[0.1, 0.2, 0.3, 0.4, 0.5]);
    /// assert_eq!((w.p_value, w.min_p_value()), (0.0625, 0.0625));
    /// ```
    pub fn min_p_value(&self) -> f64 {
        if self.exact {
            2f64.powi(1 - self.n as i32).min(1.0)
        } else {
            0.0
        }
    }
}

/// Wilcoxon's signed-rank test of `diffs` (NaN dropped, zeros dropped), two-sided.
///
/// ```
/// use featrank::compare::significance::wilcoxon_signed_rank;
/// // five positive differences: W⁺ = 15, the largest of 2⁵ sign patterns, p = 2/32
/// let w = wilcoxon_signed_rank(&[0.1, 0.2, 0.3, 0.4, 0.5]);
/// assert_eq!(w.w_plus, 15.0);
/// assert!((w.p_value - 2.0 / 32.0).abs() < 1e-12);
/// assert_eq!(wilcoxon_signed_rank(&[0.0, 0.0]).p_value, 1.0);
/// ```
pub fn wilcoxon_signed_rank(diffs: &[f64]) -> Wilcoxon {
    let d: Vec<f64> = diffs.iter().copied().filter(|v| !v.is_nan() && *v != 0.0).collect();
    let n = d.len();
    if n == 0 {
        return Wilcoxon { w_plus: 0.0, n, p_value: 1.0, exact: true };
    }
    let abs: Vec<f64> = d.iter().map(|v| v.abs()).collect();
    let ranks = average_ranks(&abs, false);
    let w_plus = d.iter().zip(&ranks).filter(|(v, _)| **v > 0.0).fold(0.0, |w, (_, r)| w + r);
    if n <= 200 {
        // Exact null distribution of W⁺ under random signs: ranks are multiples of ½, so count sums of
        // doubled ranks by dynamic programming.
        let twice: Vec<usize> = ranks.iter().map(|r| (2.0 * r).round() as usize).collect();
        let total: usize = twice.iter().sum();
        let mut ways = vec![0.0f64; total + 1];
        ways[0] = 1.0;
        let mut reach = 0;
        for &r in &twice {
            for s in (0..=reach).rev() {
                if ways[s] > 0.0 {
                    ways[s + r] += ways[s];
                }
            }
            reach += r;
        }
        let all: f64 = ways.iter().sum();
        let w = (2.0 * w_plus).round() as usize;
        let below: f64 = ways[..=w].iter().sum::<f64>() / all;
        let above: f64 = ways[w..].iter().sum::<f64>() / all;
        Wilcoxon { w_plus, n, p_value: (2.0 * below.min(above)).min(1.0), exact: true }
    } else {
        let nf = n as f64;
        let expect = nf * (nf + 1.0) / 4.0;
        // Tie correction: Σ (t³ − t)/48 over groups of tied |d|.
        let mut sorted = abs.clone();
        sorted.sort_by(f64::total_cmp);
        let mut ties = 0.0;
        let mut i = 0;
        while i < n {
            let j = (i..n).find(|&j| sorted[j] != sorted[i]).unwrap_or(n);
            let t = (j - i) as f64;
            ties += (t * t * t - t) / 48.0;
            i = j;
        }
        let var = nf * (nf + 1.0) * (2.0 * nf + 1.0) / 24.0 - ties;
        let z = (w_plus - expect).abs() / var.sqrt();
        let normal = statrs::distribution::Normal::new(0.0, 1.0).expect("the standard normal exists");
        Wilcoxon { w_plus, n, p_value: (2.0 * (1.0 - normal.cdf(z))).min(1.0), exact: false }
    }
}

/// One comparison: `ranking` against `baseline` (another ranking or the expected curve).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairTest {
    /// The ranking tested.
    pub ranking: String,
    /// The other ranking, or `expected`.
    pub baseline: String,
    /// ECA of the mean curves (as [`Curves::eca`]); positive = `ranking` better.
    pub eca: f64,
    /// The corrected resampled t-test of the per-split ECAs; its mean is their mean.
    pub t_test: CorrectedT,
    /// Lower end of the confidence interval of ECA (from the corrected t-test).
    pub lo: f64,
    /// Upper end of the confidence interval.
    pub hi: f64,
    /// Holm-adjusted p-value of the t-test within its family.
    pub t_p_holm: f64,
    /// The Wilcoxon signed-rank test of the per-repeat ECAs.
    pub wilcoxon: Wilcoxon,
    /// Holm-adjusted p-value of the Wilcoxon test within its family.
    pub wilcoxon_p_holm: f64,
}

/// A ranking against random rankings: better, worse, or not distinguishable at the level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// ECA > 0 and the Holm-adjusted corrected t-test rejects equality.
    Better,
    /// ECA < 0 and the test rejects equality.
    Worse,
    /// The test does not reject equality.
    NotDistinguishable,
}

impl Verdict {
    /// `better`, `worse` or `not distinguishable`.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Better => "better",
            Verdict::Worse => "worse",
            Verdict::NotDistinguishable => "not distinguishable",
        }
    }
}

/// Every pair of rankings of a run, and every ranking against the expected curve, tested.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::compare::{Significance, Verdict};
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
/// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(5).expected(20).seed(1)
///     .evaluate(&iris, &[good.clone().with_name("good"), good.with_name("same")]).unwrap();
/// let sig = Significance::of_curves(&curves, Weighting::Uniform, 0.95).unwrap();
/// let same = sig.pair("good", "same").unwrap();
/// assert_eq!((same.eca, same.t_test.p_value, same.wilcoxon.p_value), (0.0, 1.0, 1.0));
/// assert_eq!(sig.verdict("good", 0.05).unwrap(), Verdict::Better);
/// assert_eq!(sig.to_polars().unwrap().height(), 3); // one pair, two against the expected curve
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Significance {
    /// The weighting of the ECAs tested.
    pub weighting: Weighting,
    /// Confidence level of the intervals.
    pub level: f64,
    /// n₂/n₁ of the run's splits.
    pub test_to_train: f64,
    /// Pairs of rankings (in the run's order, each pair once), then each ranking against the expected curve.
    pub tests: Vec<PairTest>,
}

impl Significance {
    /// The level of the intervals unless told: 95 % (the CLI's `compare --level`, Python's
    /// `Curves.significance(level=…)`, [`Curves::significance`]).
    pub const DEFAULT_LEVEL: f64 = 0.95;

    /// Test every pair of rankings of `curves` and every ranking against the expected curve (when the
    /// run has one) under weighting `w`, with intervals at `level` (e.g. 0.95). The curves must keep
    /// per-split values (a run or its JSON; not a curves table).
    pub fn of_curves(curves: &Curves, w: Weighting, level: f64) -> Result<Significance> {
        crate::math::probability("level", level)?;
        let ratio = test_to_train(curves.scheme, curves.folds);
        let names = curves.rankings();
        let mut pairs: Vec<(String, Baseline<'_>)> = Vec::new();
        for (i, a) in names.iter().enumerate() {
            for b in &names[i + 1..] {
                pairs.push((a.to_string(), Baseline::Ranking(b)));
            }
        }
        if curves.expected().is_some() {
            pairs.extend(names.iter().map(|a| (a.to_string(), Baseline::Expected)));
        }
        let mut tests = Vec::with_capacity(pairs.len());
        for (a, b) in &pairs {
            let splits = curves.eca_samples(a, *b, w, Sample::Split)?;
            let repeats = curves.eca_samples(a, *b, w, Sample::Repeat)?;
            let t_test = corrected_t_test(&splits, ratio)?;
            let (lo, hi) = t_test.interval(level);
            tests.push(PairTest {
                ranking: a.clone(),
                baseline: b.name().to_string(),
                eca: curves.eca(a, *b, w)?.eca,
                t_test,
                lo,
                hi,
                t_p_holm: f64::NAN,
                wilcoxon: wilcoxon_signed_rank(&repeats),
                wilcoxon_p_holm: f64::NAN,
            });
        }
        // Holm within each family: pairs of rankings, and rankings against the expected curve.
        for expected in [false, true] {
            let at: Vec<usize> =
                (0..tests.len()).filter(|&i| (tests[i].baseline == crate::eval::EXPECTED) == expected).collect();
            let t = holm(&at.iter().map(|&i| tests[i].t_test.p_value).collect::<Vec<_>>());
            let wx = holm(&at.iter().map(|&i| tests[i].wilcoxon.p_value).collect::<Vec<_>>());
            for (k, &i) in at.iter().enumerate() {
                tests[i].t_p_holm = t[k];
                tests[i].wilcoxon_p_holm = wx[k];
            }
        }
        let sig = Significance { weighting: w, level, test_to_train: ratio, tests };
        if let Some(warning) = sig.wilcoxon_warning(sig.alpha())? {
            crate::notice::emit(crate::notice::NoticeKind::WilcoxonFloor, warning);
        }
        Ok(sig)
    }

    /// The significance level that matches the intervals, α = 1 − level: what the verdicts use unless told
    /// (the CLI's `compare --level 0.9 --verdicts`, Python's `verdicts()`), so a level means the same at every
    /// door.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::compare::Significance;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let run = CurveSpec::new(Knn::new()).folds(3).repeats(2).expected(3).evaluate(&iris, &[r]).unwrap();
    /// let sig = Significance::of_curves(&run, Weighting::Uniform, 0.9).unwrap();
    /// assert!((sig.alpha() - 0.1).abs() < 1e-12);
    /// ```
    pub fn alpha(&self) -> f64 {
        1.0 - self.level
    }

    /// Whether the Wilcoxon test over repeats can reach `alpha` with this run's repeats (its smallest p-value,
    /// 2 / 2ʳ, is at most `alpha`).
    pub fn wilcoxon_reaches(&self, alpha: f64) -> bool {
        self.tests.iter().map(|t| t.wilcoxon).max_by_key(|w| w.n).is_none_or(|w| w.min_p_value() <= alpha)
    }

    /// The test of `ranking` against `baseline` (either order for two rankings; the sign follows the
    /// stored order).
    pub fn pair(&self, ranking: &str, baseline: &str) -> Option<&PairTest> {
        self.tests.iter().find(|t| {
            (t.ranking == ranking && t.baseline == baseline) || (t.ranking == baseline && t.baseline == ranking)
        })
    }

    /// A warning when the Wilcoxon test cannot reach `alpha` with this run's repeats (its smallest
    /// p-value is 2 / 2ʳ), e.g. `with 5 repeats the Wilcoxon test's p-value cannot go below 0.0625, so it
    /// cannot reject at α = 0.05: …`; `None` when it can.
    pub fn wilcoxon_warning(&self, alpha: f64) -> Result<Option<String>> {
        crate::math::probability("alpha", alpha)?;
        // the test with the most non-zero differences has as many as the run has repeats
        let Some(most) = self.tests.iter().map(|t| t.wilcoxon).max_by_key(|w| w.n) else { return Ok(None) };
        let (floor, repeats) = (most.min_p_value(), most.n);
        Ok((!self.wilcoxon_reaches(alpha)).then(|| {
            format!(
                "with {repeats} repeats the Wilcoxon test's p-value cannot go below {floor:.4}, so it cannot reject at \
                 α = {alpha:.2}: read the corrected t-test, or run at least {} repeats",
                (1.0 - alpha.log2()).ceil() as usize
            )
        }))
    }

    /// Whether `ranking` beats random rankings at significance `alpha`: the Holm-adjusted corrected t-test
    /// against the expected curve.
    pub fn verdict(&self, ranking: &str, alpha: f64) -> Result<Verdict> {
        crate::math::probability("alpha", alpha)?;
        let t = self.pair(ranking, crate::eval::EXPECTED).ok_or_else(|| {
            Error::param(
                "ranking",
                format!("no test of '{ranking}' against the expected curve (run with expected > 0)"),
            )
        })?;
        Ok(if t.t_p_holm >= alpha {
            Verdict::NotDistinguishable
        } else if t.t_test.mean > 0.0 {
            Verdict::Better
        } else {
            Verdict::Worse
        })
    }

    /// The table: `ranking, baseline, weighting, eca, eca_lo, eca_hi, t, t_p_value, t_p_holm, wilcoxon_w,
    /// wilcoxon_p_value, wilcoxon_p_holm, wilcoxon_min_p` (the smallest p-value the Wilcoxon test can
    /// reach with these repeats: [`Wilcoxon::min_p_value`]).
    pub fn to_polars(&self) -> Result<Frame> {
        let s = &self.tests;
        let f = |g: &dyn Fn(&PairTest) -> f64| s.iter().map(g).collect::<Vec<f64>>();
        Ok(DataFrame::new(
            s.len(),
            vec![
                Column::new("ranking".into(), s.iter().map(|t| t.ranking.as_str()).collect::<Vec<_>>()),
                Column::new("baseline".into(), s.iter().map(|t| t.baseline.as_str()).collect::<Vec<_>>()),
                Column::new("weighting".into(), vec![self.weighting.label(); s.len()]),
                Column::new("eca".into(), f(&|t| t.eca)),
                Column::new("eca_lo".into(), f(&|t| t.lo)),
                Column::new("eca_hi".into(), f(&|t| t.hi)),
                Column::new("t".into(), f(&|t| t.t_test.t)),
                Column::new("t_p_value".into(), f(&|t| t.t_test.p_value)),
                Column::new("t_p_holm".into(), f(&|t| t.t_p_holm)),
                Column::new("wilcoxon_w".into(), f(&|t| t.wilcoxon.w_plus)),
                Column::new("wilcoxon_p_value".into(), f(&|t| t.wilcoxon.p_value)),
                Column::new("wilcoxon_p_holm".into(), f(&|t| t.wilcoxon_p_holm)),
                Column::new("wilcoxon_min_p".into(), f(&|t| t.wilcoxon.min_p_value())),
            ],
        )?
        .into())
    }

    /// Per ranking against the expected curve at `alpha`: `ranking, eca, eca_lo, eca_hi, t_p_holm, verdict`.
    pub fn verdicts(&self, alpha: f64) -> Result<Frame> {
        crate::math::probability("alpha", alpha)?;
        let rows: Vec<&PairTest> = self.tests.iter().filter(|t| t.baseline == crate::eval::EXPECTED).collect();
        let verdicts =
            rows.iter().map(|t| self.verdict(&t.ranking, alpha).map(Verdict::label)).collect::<Result<Vec<_>>>()?;
        Ok(DataFrame::new(
            rows.len(),
            vec![
                Column::new("ranking".into(), rows.iter().map(|t| t.ranking.as_str()).collect::<Vec<_>>()),
                Column::new("eca".into(), rows.iter().map(|t| t.eca).collect::<Vec<_>>()),
                Column::new("eca_lo".into(), rows.iter().map(|t| t.lo).collect::<Vec<_>>()),
                Column::new("eca_hi".into(), rows.iter().map(|t| t.hi).collect::<Vec<_>>()),
                Column::new("t_p_holm".into(), rows.iter().map(|t| t.t_p_holm).collect::<Vec<_>>()),
                Column::new("verdict".into(), verdicts),
            ],
        )?
        .into())
    }
}
