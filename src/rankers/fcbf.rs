//! FCBF, the fast correlation-based filter (Yu & Liu 2003): relevance and redundancy both measured by the
//! symmetrical uncertainty SU(X, Z) = 2 I(X;Z) / (H(X) + H(Z)) (0 when both entropies are 0).
//!
//! 1. Keep the features with SU(X, Y) ≥ δ (`delta`, default 0) and sort them by SU(X, Y), largest first.
//! 2. The first feature not yet removed, X_p, is *predominant*; every later X_q with
//!    SU(X_p, X_q) ≥ SU(X_q, Y) is *redundant* (X_p covers it) and removed. Repeat with the next survivor.
//!
//! The predominant features are FCBF's selection. For a full ranking featrank places them first, then the
//! redundant features, then those below δ, each group by SU(X, Y) (ties to 12 decimals in dataset order);
//! a feature's score is `n − position + 1`. [`Fcbf::select`] (and `featrank rank`, through
//! [`Ranker::table`]) also says which group each feature is in and which feature covers a redundant one.
//! Features are discretised and missing values spread over the present levels exactly as
//! [`super::InfoSelection`] does (MDL by default, information in bits).

use rayon::prelude::*;

use super::discretize::Discretisation;
use super::information::{PairEntropies, Weighted};
use super::{Checked, Ranker};
use crate::data::ranking::rank_order;
use crate::data::{Dataset, Frame, Task};
use crate::error::{Error, Result};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::{spec_words, Spec};

/// FCBF (module docs): predominant features by symmetrical uncertainty, redundant ones after them.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Fcbf, FcbfRole};
/// // `s` copies the class in 7 of 8 rows, `t` is an exact copy of `s`, `n` is noise.
/// let y = ["a", "a", "a", "a", "b", "b", "b", "b"];
/// let s = ["0", "0", "0", "1", "1", "1", "1", "1"];
/// let n = ["0", "1", "0", "1", "0", "1", "0", "1"];
/// let df = df!("n" => n, "s" => s, "t" => s, "y" => y).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let fcbf = Fcbf::new().select(&data).unwrap();
/// assert_eq!(fcbf.roles, vec![FcbfRole::Redundant, FcbfRole::Predominant, FcbfRole::Redundant]);
/// assert_eq!(fcbf.covered_by[2], Some(1)); // t is covered by s
/// assert_eq!(Fcbf::new().rank(&data, 0).unwrap().order(), ["s", "t", "n"]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Fcbf {
    delta: f64,
    discretisation: Discretisation,
}

/// What FCBF makes of a feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FcbfRole {
    /// Selected: no feature ranked above covers it.
    Predominant,
    /// Covered by a predominant feature: SU(X_p, X) ≥ SU(X, Y).
    Redundant,
    /// SU(X, Y) below δ.
    Irrelevant,
}

spec_words!(FcbfRole, "FCBF role", {
    FcbfRole::Predominant => "predominant",
    FcbfRole::Redundant => "redundant",
    FcbfRole::Irrelevant => "irrelevant",
});

/// FCBF's result, per feature in dataset order.
#[derive(Debug, Clone, PartialEq)]
pub struct FcbfSelection {
    /// Feature names.
    pub features: Vec<String>,
    /// SU(X, Y), the relevance.
    pub su: Vec<f64>,
    /// Predominant, redundant or irrelevant.
    pub roles: Vec<FcbfRole>,
    /// For a redundant feature, the predominant feature (index) that covers it.
    pub covered_by: Vec<Option<usize>>,
    /// The ranking scores (module docs): higher = earlier.
    pub scores: Vec<f64>,
}

impl Default for Fcbf {
    fn default() -> Self {
        Fcbf::new()
    }
}

impl Fcbf {
    /// δ = 0, numeric features discretised by MDL (Weka's cost).
    pub fn new() -> Fcbf {
        Fcbf { delta: 0.0, discretisation: Discretisation::default() }
    }

    /// The relevance threshold δ on SU(X, Y), in [0, 1].
    pub fn delta(mut self, delta: f64) -> Fcbf {
        self.delta = delta;
        self
    }

    /// How numeric features are discretised.
    pub fn discretisation(mut self, how: Discretisation) -> Fcbf {
        self.discretisation = how;
        self
    }

    /// From the spec: `fcbf:delta=0`, with the discretisation keys of [`super::InfoSelection`]
    /// (`discretise=mdl|equal-width`, `mdl`, `bins`).
    pub fn from_spec(s: &Spec) -> Result<Fcbf> {
        s.check_params(PARAMS)?;
        Ok(Fcbf { delta: s.get("delta", 0.0)?, discretisation: Discretisation::from_spec(s)? })
    }

    /// Run FCBF on `data` (checked first).
    pub fn select(&self, data: &Dataset) -> Result<FcbfSelection> {
        self.selection(self.checked(data)?)
    }

    fn selection(&self, data: Checked<'_>) -> Result<FcbfSelection> {
        let data = data.dataset();
        let classes = data.labels().expect("checked: classification");
        let (k, m) = (data.n_classes(), data.n_features());
        let features = Weighted::all(data, classes, self.discretisation);
        let su: Vec<f64> = features.par_iter().map(|x| x.class_su(classes, k)).collect();
        let mut order: Vec<usize> = (0..m).collect();
        // SU lies in [0, 1]: equal to 12 decimals is a tie, kept in dataset order (a stable sort).
        let key = |f: usize| (su[f] * 1e12).round() as i64;
        order.sort_by_key(|&f| std::cmp::Reverse(key(f)));
        let mut roles = vec![FcbfRole::Irrelevant; m];
        let mut covered_by = vec![None; m];
        let relevant: Vec<usize> = order.iter().copied().filter(|&f| su[f] >= self.delta).collect();
        relevant.iter().for_each(|&f| roles[f] = FcbfRole::Predominant);
        for (at, &p) in relevant.iter().enumerate() {
            if roles[p] != FcbfRole::Predominant {
                continue;
            }
            let later: Vec<usize> =
                relevant[at + 1..].iter().copied().filter(|&q| roles[q] == FcbfRole::Predominant).collect();
            let covered: Vec<bool> = later
                .par_iter()
                .map(|&q| PairEntropies::of(&features[p], &features[q], classes, k).su_xz() >= su[q])
                .collect();
            for (&q, _) in later.iter().zip(&covered).filter(|&(_, &c)| c) {
                roles[q] = FcbfRole::Redundant;
                covered_by[q] = Some(p);
            }
        }
        let mut scores = vec![0.0; m];
        let mut position = 0;
        for role in [FcbfRole::Predominant, FcbfRole::Redundant, FcbfRole::Irrelevant] {
            for &f in order.iter().filter(|&&f| roles[f] == role) {
                scores[f] = (m - position) as f64;
                position += 1;
            }
        }
        Ok(FcbfSelection { features: data.feature_names().to_vec(), su, roles, covered_by, scores })
    }
}

impl FcbfSelection {
    /// `feature, score, rank, su, role, covered_by` in rank order (what `featrank rank` writes).
    pub fn to_polars(&self) -> Result<Frame> {
        use polars::prelude::*;
        let order = rank_order(&self.scores);
        let name = |j: usize| self.features[j].as_str();
        Ok(DataFrame::new(
            order.len(),
            vec![
                Column::new("feature".into(), order.iter().map(|&j| name(j)).collect::<Vec<_>>()),
                Column::new("score".into(), order.iter().map(|&j| self.scores[j]).collect::<Vec<_>>()),
                Column::new("rank".into(), (1..=order.len() as u32).collect::<Vec<u32>>()),
                Column::new("su".into(), order.iter().map(|&j| self.su[j]).collect::<Vec<_>>()),
                Column::new("role".into(), order.iter().map(|&j| self.roles[j].to_string()).collect::<Vec<_>>()),
                Column::new(
                    "covered_by".into(),
                    order.iter().map(|&j| self.covered_by[j].map(name)).collect::<Vec<_>>(),
                ),
            ],
        )?
        .into())
    }
}

/// The keys of FCBF: the SU threshold, then the discretisation's.
const PARAMS: &[Param] = &[
    Param::new(
        "delta",
        Values::real(0.0, 1.0),
        "features with SU(feature, class) below it are dropped before the redundancy pass",
    ),
    Discretisation::PARAMS[0],
    Discretisation::PARAMS[1],
    Discretisation::PARAMS[2],
];

impl Method for Fcbf {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Yu & Liu 2003, Feature selection for high-dimensional data: a fast correlation-based filter solution, ICML"
    }

    fn spec(&self) -> Spec {
        self.discretisation.add_to(Spec::new("fcbf").with("delta", self.delta))
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Ranker for Fcbf {
    fn check(&self, _data: &Dataset) -> Result<()> {
        if !(0.0..=1.0).contains(&self.delta) {
            return Err(Error::param("delta", format!("must lie in [0, 1] (SU is), got {}", self.delta)));
        }
        self.discretisation.check()
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        Ok(self.selection(data)?.scores)
    }

    fn table(&self, data: &Dataset, _seed: u64) -> Result<Frame> {
        self.select(data)?.to_polars()
    }
}

crate::method::from_spec!(Fcbf);
