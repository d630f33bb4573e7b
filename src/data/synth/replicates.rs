//! Replicate rows per subject with exact ground truth ([`Replicates`]): the design where plain k-fold leaks.

use polars::prelude::*;
use rand::seq::SliceRandom;
use rand_distr::{Distribution, StandardNormal};

use super::{check_memory, GroundTruth, Synthetic};
use crate::error::{Error, Result};
use crate::memory;
use crate::seed::rng_for;

/// Several rows per subject (biopsies, replicates, time points of one patient) whose class is the subject's
/// and independent of every feature: subject s has a profile μ_s ~ N(0, I) over the features and a class drawn
/// (balanced) apart from it; each of its rows is μ_s + `spread`·ε, ε ~ N(0, I). Columns `subject` (`s000`,
/// `s001`, …), `f0, f1, …`, `class`.
///
/// **Ground truth**: no feature says anything about a new subject's class — every relevance is 0 and the Bayes
/// accuracy is 1/2. But a row's nearest rows are its own subject's, which share its class: cross-validation
/// that puts a subject's rows on both sides of a split scores well above 1/2 (a leak), while folds that keep
/// each subject whole (`Dataset::with_groups`, the `subject` column) score about 1/2.
///
/// ```
/// use featrank::data::synth::Replicates;
/// let s = Replicates::new().subjects(20).replicates(3).generate(1).unwrap();
/// assert_eq!(s.frame.shape(), (60, 52)); // subject, 50 features, class
/// let data = s.dataset().unwrap(); // grouped by subject
/// assert_eq!(data.groups().unwrap().n_groups(), 20);
/// assert!(s.truth.relevant().is_empty());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Replicates {
    subjects: usize,
    replicates: usize,
    features: usize,
    spread: f64,
}

impl Default for Replicates {
    fn default() -> Self {
        Replicates::new()
    }
}

impl Replicates {
    /// 30 subjects of 4 rows each, 50 features, replicate spread 0.3.
    pub fn new() -> Replicates {
        Replicates { subjects: 30, replicates: 4, features: 50, spread: 0.3 }
    }

    /// Number of subjects (at least 4: two of each class).
    pub fn subjects(mut self, n: usize) -> Replicates {
        self.subjects = n;
        self
    }

    /// Rows per subject (at least 1).
    pub fn replicates(mut self, n: usize) -> Replicates {
        self.replicates = n;
        self
    }

    /// Number of features (at least 1).
    pub fn features(mut self, n: usize) -> Replicates {
        self.features = n;
        self
    }

    /// The standard deviation of a row around its subject's profile (≥ 0; the profiles' is 1).
    pub fn spread(mut self, s: f64) -> Replicates {
        self.spread = s;
        self
    }

    /// Generate from `seed`.
    pub fn generate(&self, seed: u64) -> Result<Synthetic> {
        if self.subjects < 4 {
            return Err(Error::param("subjects", format!("need at least 4 subjects, got {}", self.subjects)));
        }
        if self.replicates == 0 {
            return Err(Error::param("replicates", "need at least 1 row per subject"));
        }
        if self.features == 0 {
            return Err(Error::param("features", "need at least 1 feature"));
        }
        if !(self.spread >= 0.0 && self.spread.is_finite()) {
            return Err(Error::param("spread", format!("must be a finite number ≥ 0, got {}", self.spread)));
        }
        let rows = self.subjects.saturating_mul(self.replicates);
        check_memory(rows, self.features, memory::F64)?;
        let mut rng = rng_for(seed, &[0]);
        let subject_of = |i: usize| i / self.replicates;
        let mut cols: Vec<Column> = Vec::with_capacity(self.features + 2);
        let names: Vec<String> = (0..self.subjects).map(|s| format!("s{s:03}")).collect();
        cols.push(Column::new("subject".into(), (0..rows).map(|i| names[subject_of(i)].as_str()).collect::<Vec<_>>()));
        for j in 0..self.features {
            let profile: Vec<f64> = (0..self.subjects).map(|_| StandardNormal.sample(&mut rng)).collect();
            let v: Vec<f64> = (0..rows)
                .map(|i| {
                    profile[subject_of(i)] + {
                        let e: f64 = StandardNormal.sample(&mut rng);
                        self.spread * e
                    }
                })
                .collect();
            cols.push(Column::new(format!("f{j}").into(), v));
        }
        let mut class: Vec<u32> = (0..self.subjects).map(|s| (s % 2) as u32).collect();
        class.shuffle(&mut rng_for(seed, &[1]));
        cols.push(Column::new("class".into(), (0..rows).map(|i| class[subject_of(i)]).collect::<Vec<_>>()));
        Ok(Synthetic {
            frame: DataFrame::new(rows, cols)?.into(),
            truth: GroundTruth {
                features: (0..self.features).map(|j| format!("f{j}")).collect(),
                relevance: vec![0.0; self.features],
                sets: Vec::new(),
                bayes_accuracy: 0.5,
            },
        })
    }
}
