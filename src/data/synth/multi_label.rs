//! Multi-label data with exact ground truth ([`MultiLabel`]).

use polars::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;

use super::{check_memory, GroundTruth};
use crate::data::Frame;
use crate::error::{Error, Result};
use crate::math::entropy;
use crate::memory;
use crate::seed::rng_for;

/// Multi-label data with exact ground truth: label l is the **majority vote** of its relevant features —
/// `shared` features relevant to every label and `own` features of its own — flipped with probability
/// `flip`; every feature is a fair coin, `noise` of them relevant to no label. Columns `f0, f1, …` are
/// placed in a seeded random order (as for [`Binary`](crate::data::Binary)); the labels are `y0, y1, …`
/// with values 0/1.
///
/// **Ground truth.** Per label, a relevant feature's relevance is I(F; y_l) in bits, computed by
/// enumerating the vote's exact distribution (all members of a vote are equally relevant to it); a
/// feature's overall relevance is the sum over labels, so a shared feature ranks above any label's own
/// ones (for the defaults: 3 × 0.1187 bits against 0.1187: 1 − H_b(0.7)). The Bayes-optimal Hamming accuracy with
/// every relevant feature is 1 − `flip`.
///
/// ```
/// use featrank::data::synth::MultiLabel;
/// use featrank::data::Task;
/// let s = MultiLabel::new().rows(200).generate(1).unwrap();
/// let ds = s.dataset().unwrap();
/// assert_eq!((ds.task(), ds.n_targets(), ds.n_features()), (Task::MultiLabel, 3, 1 + 3 * 2 + 20));
/// assert_eq!(s.truth.relevant().len(), 7);
/// assert!((s.per_label[0].relevance.iter().sum::<f64>() - 3.0 * 0.1187).abs() < 1e-4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MultiLabel {
    rows: usize,
    labels: usize,
    shared: usize,
    own: usize,
    noise: usize,
    flip: f64,
}

/// Multi-label data from [`MultiLabel`] and its ground truth.
#[derive(Debug, Clone)]
pub struct MultiLabelData {
    /// Features, then the labels.
    pub frame: Frame,
    /// The label columns.
    pub targets: Vec<String>,
    /// Overall relevance (the sum over labels); `bayes_accuracy` is the Hamming accuracy 1 − flip.
    pub truth: GroundTruth,
    /// Each label's own ground truth (relevance to that label alone).
    pub per_label: Vec<GroundTruth>,
}

impl Default for MultiLabel {
    fn default() -> Self {
        MultiLabel::new()
    }
}

impl MultiLabel {
    /// 500 rows, 3 labels, 1 shared and 2 own features per label (votes of 3), 20 noise features, flip 0.1.
    pub fn new() -> MultiLabel {
        MultiLabel { rows: 500, labels: 3, shared: 1, own: 2, noise: 20, flip: 0.1 }
    }

    /// Number of rows.
    pub fn rows(mut self, n: usize) -> MultiLabel {
        self.rows = n;
        self
    }

    /// Number of labels (≥ 2).
    pub fn labels(mut self, n: usize) -> MultiLabel {
        self.labels = n;
        self
    }

    /// Features relevant to every label.
    pub fn shared(mut self, n: usize) -> MultiLabel {
        self.shared = n;
        self
    }

    /// Features relevant to one label, per label.
    pub fn own(mut self, n: usize) -> MultiLabel {
        self.own = n;
        self
    }

    /// Features relevant to no label.
    pub fn noise(mut self, n: usize) -> MultiLabel {
        self.noise = n;
        self
    }

    /// Probability that a label is flipped after the vote, in [0, ½).
    pub fn flip(mut self, p: f64) -> MultiLabel {
        self.flip = p;
        self
    }

    /// Generate from `seed`. Errors name the parameter: fewer than 2 labels, a vote of no feature or of
    /// more than 16, a flip outside [0, ½), fewer than 10 rows, data over the memory limit.
    pub fn generate(&self, seed: u64) -> Result<MultiLabelData> {
        let vote = self.shared.saturating_add(self.own);
        if self.labels < 2 {
            return Err(Error::param("labels", format!("need at least 2 labels, got {}", self.labels)));
        }
        if vote == 0 || vote > 16 {
            return Err(Error::param("own", format!("a label votes over shared + own features: 1 to 16, got {vote}")));
        }
        if !(0.0..0.5).contains(&self.flip) {
            return Err(Error::param("flip", format!("needs 0 ≤ flip < 0.5, got {}", self.flip)));
        }
        if self.rows < 10 {
            return Err(Error::param("rows", format!("need at least 10 rows, got {}", self.rows)));
        }
        let n = self.own.saturating_mul(self.labels).saturating_add(self.shared).saturating_add(self.noise);
        check_memory(self.rows, n.saturating_add(self.labels), memory::F64)?;
        let mut position: Vec<usize> = (0..n).collect();
        position.shuffle(&mut rng_for(seed, &[1]));
        let mut rng = rng_for(seed, &[0]);
        let columns: Vec<Vec<u8>> = (0..n).map(|_| (0..self.rows).map(|_| rng.gen_range(0..2)).collect()).collect();
        // Feature i of the plan (shared, then each label's own, then noise) sits in column position[i].
        let members = |l: usize| (0..self.shared).chain((0..self.own).map(move |o| self.shared + l * self.own + o));
        let information = vote_information(vote, self.flip);
        let mut per_label = Vec::with_capacity(self.labels);
        let mut labels = Vec::with_capacity(self.labels);
        for l in 0..self.labels {
            let mut relevance = vec![0.0; n];
            members(l).for_each(|i| relevance[position[i]] = information);
            let y: Vec<u8> = (0..self.rows)
                .map(|r| {
                    let ones = members(l).filter(|&i| columns[i][r] == 1).count();
                    let vote = (2 * ones > vote) as u8;
                    if rng.gen_bool(self.flip) {
                        1 - vote
                    } else {
                        vote
                    }
                })
                .collect();
            labels.push(y);
            per_label.push(relevance);
        }
        let names: Vec<String> = (0..n).map(|j| format!("f{j}")).collect();
        let mut placed: Vec<Option<&Vec<u8>>> = vec![None; n];
        columns.iter().enumerate().for_each(|(i, c)| placed[position[i]] = Some(c));
        let mut cols: Vec<Column> = names
            .iter()
            .zip(placed)
            .map(|(name, c)| Column::new(name.into(), c.cloned().unwrap_or_default()))
            .collect();
        let targets: Vec<String> = (0..self.labels).map(|l| format!("y{l}")).collect();
        cols.extend(targets.iter().zip(labels).map(|(name, y)| Column::new(name.into(), y)));
        let truth = |relevance: Vec<f64>| GroundTruth {
            features: names.clone(),
            relevance,
            sets: Vec::new(),
            bayes_accuracy: 1.0 - self.flip,
        };
        let overall = (0..n).map(|j| per_label.iter().map(|r| r[j]).sum()).collect();
        Ok(MultiLabelData {
            frame: DataFrame::new(self.rows, cols)?.into(),
            targets,
            truth: truth(overall),
            per_label: per_label.into_iter().map(truth).collect(),
        })
    }
}

impl MultiLabelData {
    /// The dataset: the features and the label set.
    pub fn dataset(&self) -> Result<crate::data::Dataset> {
        crate::data::Dataset::from_polars_targets(&self.frame, &self.targets)
    }
}

/// I(F; y) in bits for one member F of a majority vote of `width` fair coins (y = 1 when more than half
/// are 1), the vote flipped with probability `flip`: by enumerating the vote's distribution.
fn vote_information(width: usize, flip: f64) -> f64 {
    // joint[f * 2 + y]
    let mut joint = [0.0; 4];
    let each = 1.0 / (1u64 << width) as f64;
    for x in 0..(1usize << width) {
        let vote = (2 * x.count_ones() as usize > width) as usize;
        let f = x & 1;
        joint[f * 2 + vote] += each * (1.0 - flip);
        joint[f * 2 + (1 - vote)] += each * flip;
    }
    let pf = [joint[0] + joint[1], joint[2] + joint[3]];
    let py = [joint[0] + joint[2], joint[1] + joint[3]];
    entropy(&pf) + entropy(&py) - entropy(&joint)
}
