//! The Fisher score (EC-FS paper §3; FSLib's `fisher` for two classes, Gu, Li & Han 2011 for more).
//!
//! - binary: f = (μ₁ − μ₂)² / (σ₁² + σ₂²), class means and sample variances (divisor n_c − 1);
//! - generalised: f = Σ_c n_c (μ_c − μ)² / Σ_c n_c σ_c², population variances.
//!
//! A zero denominator is replaced by 10000 as FSLib does (a constant feature scores 0, a feature that
//! is constant within each class but differs between them scores numerator / 10000). Missing values are
//! skipped feature by feature. Numeric features only; a two-level nominal feature counts as 0/1.

use super::{Checked, Ranker};
use crate::data::dataset::RowPositions;
use crate::data::{Dataset, FeatureKind, Task};
use crate::error::{Error, Result};
use crate::math::ClassMoments;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::{spec_words, Spec};

/// Which Fisher formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FisherVariant {
    /// (μ₁ − μ₂)² / (σ₁² + σ₂²); two classes only.
    Binary,
    /// Σ n_c (μ_c − μ)² / Σ n_c σ_c²; any number of classes.
    Generalized,
}

spec_words!(FisherVariant, "Fisher variant", {
    FisherVariant::Binary => "binary",
    FisherVariant::Generalized => "generalized" | "generalised",
});

/// Fisher-score filter: binary formula for two classes, the generalised one for more (or as chosen).
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Fisher, Ranker};
/// // Class means 0 and 2, sample variances 1 and 1: f = 4 / 2 = 2.
/// let df = df!("x" => [-1.0, 0.0, 1.0, 1.0, 2.0, 3.0], "y" => ["a", "a", "a", "b", "b", "b"]).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// assert_eq!(Fisher::new().scores(&data, 0).unwrap(), vec![2.0]);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Fisher {
    variant: Option<FisherVariant>,
}

impl Fisher {
    /// Binary formula for two classes, generalised for more.
    pub fn new() -> Fisher {
        Fisher { variant: None }
    }

    /// Force one formula.
    pub fn variant(mut self, v: FisherVariant) -> Fisher {
        self.variant = Some(v);
        self
    }

    /// From the spec `fisher:variant=auto|binary|generalized`.
    pub fn from_spec(s: &Spec) -> Result<Fisher> {
        s.check_params(PARAMS)?;
        Ok(Fisher { variant: s.get_or_none("variant", "auto")? })
    }
}

/// The keys of the Fisher score.
const PARAMS: &[Param] = &[Param::new(
    "variant",
    Values::Words(FisherVariant::WORDS).or("auto"),
    "the two-class or the many-class formula; auto picks by the number of classes",
)];

impl Method for Fisher {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Duda, Hart & Stork 2001, Pattern Classification; Gu, Li & Han 2011, UAI"
    }

    fn spec(&self) -> Spec {
        Spec::new("fisher").with_opt("variant", self.variant, "auto")
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Ranker for Fisher {
    /// One feature at a time, from its non-zero cells (`math::ClassMoments`): a sparse feature costs its stored
    /// values, with the same scores as its dense copy.
    fn accepts_sparse(&self) -> bool {
        true
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let present = data.class_counts().expect("classification").iter().filter(|&&c| c > 0).count();
        let variant =
            self.variant.unwrap_or(if present == 2 { FisherVariant::Binary } else { FisherVariant::Generalized });
        fisher_scores(data, variant, "fisher")
    }
}

/// Fisher scores of every feature (see module docs); `method` names the caller in errors.
pub(crate) fn fisher_scores(data: &Dataset, variant: FisherVariant, method: &str) -> Result<Vec<f64>> {
    let codes = data.labels().expect("classification");
    let counts = data.class_counts().expect("classification");
    let present: Vec<usize> = (0..counts.len()).filter(|&c| counts[c] > 0).collect();
    if variant == FisherVariant::Binary && present.len() != 2 {
        return Err(Error::target(
            data.target_name(),
            format!(
                "{method}: the binary Fisher score needs exactly 2 classes, the data has {}; select the generalized \
                 (multi-class) variant explicitly",
                present.len()
            ),
        ));
    }
    let k = counts.len();
    let rows: Vec<usize> = (0..data.n_rows()).collect();
    let everyone = RowPositions::of(&rows, rows.len());
    let scores = crate::parallel::map(data.n_features(), |f| -> Result<f64> {
        if let FeatureKind::Nominal { .. } = data.kind(f) {
            numeric_values(data, f, method)?; // refused by name where it has more than two levels
        }
        // class moments from the non-zero cells (a sparse feature: its stored values; the same bits dense)
        let mut cells = Vec::new();
        data.nonzero_at(f, &everyone, &mut cells);
        let ClassMoments { n, sum, mean, ss: sq } = ClassMoments::of(&cells, |r| codes[r], &counts);
        let (num, den) = match variant {
            FisherVariant::Binary => {
                let (a, b) = (present[0], present[1]);
                let var = |c: usize| if n[c] > 1.0 { sq[c] / (n[c] - 1.0) } else { 0.0 };
                ((mean[a] - mean[b]).powi(2), var(a) + var(b))
            }
            FisherVariant::Generalized => {
                let total: f64 = n.iter().sum();
                let mu = if total > 0.0 { sum.iter().sum::<f64>() / total } else { 0.0 };
                ((0..k).map(|c| n[c] * (mean[c] - mu).powi(2)).sum(), sq.iter().sum())
            }
        };
        Ok(num / if den > 0.0 { den } else { 10000.0 })
    });
    scores.into_iter().collect()
}

/// Feature `f` as numbers: numeric as is, a two-level nominal as 0/1; more levels are refused. (Magnitudes
/// are within [`crate::data::SAFE_MAGNITUDE`]: the checking path refused any other, so means, variances and
/// correlations stay finite.)
pub(crate) fn numeric_values(data: &Dataset, f: usize, method: &str) -> Result<Vec<f64>> {
    match data.kind(f) {
        FeatureKind::Numeric => Ok(data.feature(f).to_vec()),
        FeatureKind::Nominal { levels } if levels.len() <= 2 => Ok(data.feature(f).to_vec()),
        FeatureKind::Nominal { levels } => Err(Error::column(
            &data.feature_names()[f],
            format!(
                "{method} needs numeric features; this one is nominal with {} levels (one-hot encode it first, or \
                 use relieff / info-gain, which handle nominal features)",
                levels.len()
            ),
        )),
    }
}

crate::method::from_spec!(Fisher);
