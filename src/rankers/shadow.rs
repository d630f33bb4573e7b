//! Shadow features: which features score above chance for a given ranker (Boruta's idea, Kursa &
//! Rudnicki 2010, with a per-feature permutation test and Benjamini–Hochberg control).
//!
//! Each of `R` rounds appends to the data a **shadow** of every feature — its values shuffled over the rows
//! by that round's own permutation, so that the shadow keeps the feature's distribution but loses its link
//! to the target — and ranks real and shadow features together with the base ranker. For feature j with
//! real scores `t_j⁽ʳ⁾` and shadow scores `s_j⁽ʳ⁾`:
//!
//! ```text
//! t_j = mean_r t_j⁽ʳ⁾      c_j = #{r : s_j⁽ʳ⁾ ≥ t_j}      p_j = (1 + c_j) / (R + 1)
//! q = Benjamini–Hochberg(p)      score_j = t_j − mean_r s_j⁽ʳ⁾
//! ```
//!
//! The test compares each feature with **its own** shadows, not with the best shadow of all features as
//! Boruta does: a feature with many distinct values is judged against shadows with as many. For a ranker
//! whose score of a feature depends only on that feature and the target (the filters, Fisher, MI) `t_j`
//! is the same in every round and `p_j` is an exact permutation p-value: under "feature j is independent
//! of the target" it is uniform on {1/(R+1), …, 1}. For multivariate rankers (ReliefF, forests, SVM-RFE)
//! the real scores vary with the rounds and `t_j` averages them, so the test is conservative (p-values
//! pile up near ½ rather than near 0). The smallest p-value is 1/(R+1): to confirm k of m features at
//! level q, R must exceed m/(q·k).
//!
//! Verdicts at level α: **confirmed** when q_j ≤ α; **rejected** when, with confidence 1 − α, more than a
//! fraction α of the feature's shadows score at least as high (the Clopper–Pearson lower bound of c_j / R
//! exceeds α), so that no number of further rounds would confirm it; **tentative** otherwise — more rounds
//! may decide.

use rand::seq::SliceRandom;
use rand::Rng as _;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Checked, Ranker};
use crate::data::ranking::rank_order;
use crate::data::{Dataset, Frame, Task};
use crate::error::{Error, Result};
use crate::math::{benjamini_hochberg, clopper_pearson_lower, mean};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::seed::rng_for;
use crate::spec::Spec;

/// Relative tolerance under which a shadow's score counts as equal to the real one (rounding in sums of
/// the same values in another order must not decide a permutation test).
const TIE: f64 = 1e-9;

/// Shadow-feature test of any ranker; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Filter, Criterion, ShadowFeatures, Relevance};
/// let wdbc = featrank::data::datasets::load("wdbc").unwrap().dataset().unwrap();
/// let shadows = ShadowFeatures::new(Filter::new(Criterion::InfoGain)).rounds(99);
/// assert_eq!(shadows.spec().to_string(), "shadow:base=(info-gain:mdl=cut-points),rounds=99,level=0.05");
/// let test = shadows.test(&wdbc, 1).unwrap();
/// assert_eq!(test.relevance[test.features.iter().position(|f| f == "worst area").unwrap()], Relevance::Confirmed);
/// let table = test.to_polars().unwrap(); // feature, score, rank, real_score, shadow_score, p_value, q_value, verdict
/// assert_eq!(table.height(), 30);
/// ```
#[derive(Debug)]
pub struct ShadowFeatures {
    base: Box<dyn Ranker>,
    rounds: usize,
    level: f64,
}

/// A feature's verdict from its shadows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Relevance {
    /// Scores above its shadows: Benjamini–Hochberg q ≤ α.
    Confirmed,
    /// Not decided: more rounds may confirm or reject it.
    Tentative,
    /// More than a fraction α of its shadows score as high, with confidence 1 − α.
    Rejected,
}

impl Relevance {
    /// `confirmed`, `tentative` or `rejected`.
    pub fn label(self) -> &'static str {
        match self {
            Relevance::Confirmed => "confirmed",
            Relevance::Tentative => "tentative",
            Relevance::Rejected => "rejected",
        }
    }
}

/// The outcome of a shadow-feature test, in the dataset's feature order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShadowTest {
    /// The ranker tested (its spec).
    pub ranker: String,
    /// Rounds run.
    pub rounds: usize,
    /// The level α of the verdicts.
    pub level: f64,
    /// Feature names.
    pub features: Vec<String>,
    /// Mean real score `t_j` over the rounds.
    pub real_score: Vec<f64>,
    /// Mean score of the feature's shadows.
    pub shadow_score: Vec<f64>,
    /// Rounds whose shadow scored at least `t_j`.
    pub exceedances: Vec<usize>,
    /// Permutation p-value (1 + c_j)/(R + 1).
    pub p_value: Vec<f64>,
    /// Benjamini–Hochberg q-value.
    pub q_value: Vec<f64>,
    /// Verdict at `level`.
    pub relevance: Vec<Relevance>,
}

impl ShadowTest {
    /// `t_j − mean shadow score`: the ranking's score (higher = further above chance).
    pub fn scores(&self) -> Vec<f64> {
        self.real_score.iter().zip(&self.shadow_score).map(|(t, s)| t - s).collect()
    }

    /// The confirmed features, in the dataset's order (owned, so a notebook cell can keep them).
    pub fn confirmed(&self) -> Vec<String> {
        self.with(Relevance::Confirmed)
    }

    /// The features with the given verdict, in the dataset's order.
    pub fn with(&self, verdict: Relevance) -> Vec<String> {
        self.features.iter().zip(&self.relevance).filter(|&(_, &v)| v == verdict).map(|(f, _)| f.clone()).collect()
    }

    /// The table `feature, score, rank, real_score, shadow_score, p_value, q_value, verdict` in rank order.
    pub fn to_polars(&self) -> Result<Frame> {
        use polars::prelude::*;
        let scores = self.scores();
        let order = rank_order(&scores);
        let pick = |v: &[f64]| order.iter().map(|&j| v[j]).collect::<Vec<f64>>();
        Ok(DataFrame::new(
            order.len(),
            vec![
                Column::new("feature".into(), order.iter().map(|&j| self.features[j].as_str()).collect::<Vec<_>>()),
                Column::new("score".into(), pick(&scores)),
                Column::new("rank".into(), (1..=order.len() as u32).collect::<Vec<u32>>()),
                Column::new("real_score".into(), pick(&self.real_score)),
                Column::new("shadow_score".into(), pick(&self.shadow_score)),
                Column::new("p_value".into(), pick(&self.p_value)),
                Column::new("q_value".into(), pick(&self.q_value)),
                Column::new("verdict".into(), order.iter().map(|&j| self.relevance[j].label()).collect::<Vec<_>>()),
            ],
        )?
        .into())
    }
}

impl ShadowFeatures {
    /// Shadows for `base`, 400 rounds, level 0.05. 400 rounds can confirm features when at least 1 in 20
    /// of all features is relevant (1/(R + 1) ≤ α·k/m); fewer rounds are cheaper but confirm only larger
    /// relevant fractions.
    pub fn new(base: impl Ranker + 'static) -> ShadowFeatures {
        ShadowFeatures { base: Box::new(base), rounds: 400, level: 0.05 }
    }

    /// Rounds of fresh shadows (at least 1; the smallest p-value is 1/(rounds + 1)).
    pub fn rounds(mut self, rounds: usize) -> ShadowFeatures {
        self.rounds = rounds;
        self
    }

    /// The level α of the verdicts (the false-discovery rate of the confirmed set), in (0, 1).
    pub fn level(mut self, level: f64) -> ShadowFeatures {
        self.level = level;
        self
    }

    /// From the spec `shadow:base=(SPEC),rounds=400,level=0.05` (`base` is required).
    pub fn from_spec(s: &Spec) -> Result<ShadowFeatures> {
        s.check_params(PARAMS)?;
        let base = s
            .value("base")
            .ok_or_else(|| Error::param("base", "shadow needs a base ranker, e.g. shadow:base=(relieff)"))?;
        Ok(ShadowFeatures {
            base: crate::spec::nested("base", super::parse(base))?,
            rounds: s.get("rounds", 400)?,
            level: s.get("level", 0.05)?,
        })
    }

    /// Run the rounds and test every feature; see the module docs.
    pub fn test(&self, data: &Dataset, seed: u64) -> Result<ShadowTest> {
        self.test_checked(self.checked(data)?, seed)
    }

    fn test_checked(&self, data: Checked<'_>, seed: u64) -> Result<ShadowTest> {
        let data = data.dataset();
        let (n, m) = (data.n_rows(), data.n_features());
        // rounds[r] = the base ranker's 2m scores (real, then shadows) in round r
        let rounds: Vec<Vec<f64>> = (0..self.rounds)
            .into_par_iter()
            .map(|r| {
                let mut rng = rng_for(seed, &[r as u64]);
                let perms: Vec<Vec<usize>> = (0..m)
                    .map(|_| {
                        let mut p: Vec<usize> = (0..n).collect();
                        p.shuffle(&mut rng);
                        p
                    })
                    .collect();
                let augmented = data.with_shadows(&perms)?;
                self.base
                    .scores(&augmented, rng.r#gen())
                    .map_err(|e| Error::param("base", format!("shadow round {r}: {}", e.message())))
            })
            .collect::<Result<_>>()?;
        let real_score: Vec<f64> = (0..m).map(|j| mean(&rounds.iter().map(|s| s[j]).collect::<Vec<_>>())).collect();
        let shadow_score: Vec<f64> =
            (0..m).map(|j| mean(&rounds.iter().map(|s| s[m + j]).collect::<Vec<_>>())).collect();
        let exceedances: Vec<usize> = (0..m)
            .map(|j| {
                let t = real_score[j];
                rounds.iter().filter(|s| s[m + j] >= t - TIE * t.abs()).count()
            })
            .collect();
        let p_value: Vec<f64> = exceedances.iter().map(|&c| (1 + c) as f64 / (self.rounds + 1) as f64).collect();
        let q_value = benjamini_hochberg(&p_value);
        let relevance = (0..m)
            .map(|j| {
                if q_value[j] <= self.level {
                    Relevance::Confirmed
                } else if clopper_pearson_lower(exceedances[j], self.rounds, 1.0 - self.level) > self.level {
                    Relevance::Rejected
                } else {
                    Relevance::Tentative
                }
            })
            .collect();
        Ok(ShadowTest {
            ranker: self.base.spec().to_string(),
            rounds: self.rounds,
            level: self.level,
            features: data.feature_names().to_vec(),
            real_score,
            shadow_score,
            exceedances,
            p_value,
            q_value,
            relevance,
        })
    }
}

/// The keys of shadow features.
const PARAMS: &[Param] = &[
    Param::new("base", Values::Spec("ranker"), "the ranker run on the data with its shuffled shadows"),
    Param::new("rounds", Values::whole(1), "rounds of fresh shadows"),
    Param::new("level", Values::open(0.0, 1.0), "false-discovery rate of the Benjamini–Hochberg verdicts"),
];

impl Method for ShadowFeatures {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Kursa & Rudnicki 2010, Feature selection with the Boruta package, J Stat Softw 36"
    }

    fn spec(&self) -> Spec {
        Spec::new("shadow").with("base", self.base.spec()).with("rounds", self.rounds).with("level", self.level)
    }

    fn name(&self) -> String {
        format!("{}-shadow", self.base.name())
    }

    fn supports(&self, task: Task) -> bool {
        self.base.supports(task)
    }
}

impl Ranker for ShadowFeatures {
    fn check(&self, data: &Dataset) -> Result<()> {
        if self.rounds == 0 {
            return Err(Error::param("rounds", "needs at least 1 round of shadows"));
        }
        crate::math::probability("level", self.level)?;
        self.base.check(data)
    }

    /// Every round's 2m scores, and per round at work at once the data with its shadows, the permutations
    /// and the base ranker's working set on twice the features (counted as four times its set on the data,
    /// enough for work quadratic in the features).
    fn memory(&self, data: &Dataset) -> u64 {
        let (n, m) = (data.n_rows() as u64, data.n_features() as u64);
        let scores = (self.rounds as u64).saturating_mul(crate::memory::F64 * (2 * m + 3));
        let round = crate::memory::F64 * (3 * n * m) + self.base.memory(data).saturating_mul(4);
        let parallel = rayon::current_num_threads().min(self.rounds) as u64;
        scores.saturating_add(parallel.saturating_mul(round))
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        Ok(self.test_checked(data, seed)?.scores())
    }

    fn table(&self, data: &Dataset, seed: u64) -> Result<Frame> {
        self.test(data, seed)?.to_polars()
    }
}
