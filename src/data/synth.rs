//! Synthetic data with exact ground truth (thesis §3.5, §5.1 Table 3; \[P18\] §4.1; \[P20\] Appendix 1).
//!
//! **Binary generators** `single`, `pair`, `combined`: the target y ~ Bernoulli(½); features are grouped in
//! *interaction sets*, each with a function f and a probability p = P(f(F_int) = y):
//! - a single feature: x = y with probability p, else 1 − y;
//! - an XOR pair: a ~ Bernoulli(½), z = y with probability p (else 1 − y), b = a ⊕ z, so a ⊕ b = z and each
//!   member alone is independent of y;
//! - irrelevant features: fair coins (p = ½).
//!
//! Every relevant set comes in `copies` independent realisations (redundancy). Defaults follow Table 3:
//! 1000 rows × 100 features, p ∈ {0.8, 0.7, 0.6}, 3 copies; `single` has 9 relevant features, `pair` 18 and
//! `combined` 27. Columns are named `f0, f1, …` and placed in a seeded random order, so that a ranker that
//! breaks ties by column order gains nothing; the class column is `class` with values 0/1.
//!
//! **Ground truth** (thesis §3.4): with one interaction set per feature, rel(F_i) = I(F_int; y)/|F_int|
//! (bits). I(F_int; y) = H(F_int) + H(y) − H(F_int, y) is computed here by enumerating the generator's exact
//! joint distribution; for these sets it equals 1 − H_b(p). The Bayes-optimal accuracy is computed from the
//! same model: the sets are conditionally independent votes given y, so the optimal rule is a
//! log-odds-weighted vote.
//!
//! **Madelon-style** continuous data (Guyon 2003): informative Gaussian clusters at the vertices of a
//! hypercube (each vertex a cluster, half the vertices per class), redundant features as random linear
//! combinations of the informative ones, and standard-normal noise features. Ground truth (a convention,
//! documented): informative 1, redundant ½, noise 0.
//!
//! **Multi-label** data ([`MultiLabel`], `synth/multi_label.rs`): each label the majority vote of features
//! shared by every label and features of its own, flipped with a known probability; exact per-label and
//! overall relevance.
//!
//! **Survival** ([`Survival`], `synth/survival.rs`): Cox–Weibull event times from planted coefficients and
//! independent uniform censoring at a chosen share (Bender, Augustin & Blettner 2005); relevance |β|.
//!
//! **Text** ([`Corpus`], `synth/corpus.rs`): a bag-of-words corpus held sparse — a Zipf background vocabulary
//! shared by every class and a known set of planted terms per class; exact relevance of each term's presence.
//!
//! **Noisy rankings R_θ** (\[P18\] §4.2, \[P20\]): exactly round(θ·n) features, chosen uniformly, get a random
//! relevance; the others keep their ground-truth relevance; the ranking sorts by relevance with ties kept
//! in column order, and keeps the relevances as scores (so rank distances see the ties as average ranks).
//! The random relevance is U(0, 1) as \[P20\] states ([`NoiseScale::Unit`]) or U(0, max relevance)
//! ([`NoiseScale::MaxRelevance`]); docs/references.md notes why the papers' numbers cannot be
//! matched exactly either way.

use polars::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_distr::{Distribution, StandardNormal};
use serde::{Deserialize, Serialize};

use crate::data::{Frame, Ranking};
use crate::error::{Error, Result};
use crate::math::entropy;
use crate::memory;
use crate::seed::{rng_for, Rng as SeededRng};

mod corpus;
mod multi_label;
mod replicates;
mod survival;
pub use corpus::{Corpus, CorpusData};
pub use multi_label::{MultiLabel, MultiLabelData};
pub use replicates::Replicates;
pub use survival::{Survival, SurvivalData};

/// The function of an interaction set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetKind {
    /// One feature that agrees with y with probability p.
    Single,
    /// Two features whose XOR agrees with y with probability p.
    Xor,
}

/// One interaction set of a binary generator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InteractionSet {
    /// Single or XOR pair.
    pub kind: SetKind,
    /// P(f(F_int) = y); 0.5 = irrelevant.
    pub p: f64,
    /// Member features (names).
    pub features: Vec<String>,
}

/// Which binary generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Design {
    /// Single relevant features only.
    Single,
    /// XOR pairs only.
    Pair,
    /// Both.
    Combined,
}

/// Settings of the binary generators; `Binary::new(design)` gives Table 3's defaults.
///
/// ```
/// use featrank::data::synth::{Binary, Design};
/// let s = Binary::new(Design::Combined).rows(200).generate(7).unwrap();
/// assert_eq!(s.frame.shape(), (200, 101));
/// assert_eq!(s.truth.relevant().len(), 27);
/// assert!((s.truth.bayes_accuracy - 0.9775).abs() < 1e-3);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Binary {
    design: Design,
    rows: usize,
    features: usize,
    probabilities: Vec<f64>,
    copies: usize,
}

/// Generated data and its ground truth.
#[derive(Debug, Clone)]
pub struct Synthetic {
    /// Features then `class` (survival designs: `time` and `event`).
    pub frame: Frame,
    /// Exact ground truth.
    pub truth: GroundTruth,
}

/// Exact ground truth of a synthetic dataset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroundTruth {
    /// Feature names in column order.
    pub features: Vec<String>,
    /// Relevance per feature (bits for the binary generators), column order.
    pub relevance: Vec<f64>,
    /// The interaction sets (binary generators; empty for Madelon-style data).
    pub sets: Vec<InteractionSet>,
    /// Bayes-optimal accuracy with all relevant features (binary generators and null data; NaN for
    /// Madelon-style data, whose clusters overlap with no closed form).
    pub bayes_accuracy: f64,
}

impl Binary {
    /// Table 3's design: 1000 rows, 100 features, p ∈ {0.8, 0.7, 0.6}, 3 copies.
    pub fn new(design: Design) -> Binary {
        Binary { design, rows: 1000, features: 100, probabilities: vec![0.8, 0.7, 0.6], copies: 3 }
    }

    /// Number of rows.
    pub fn rows(mut self, rows: usize) -> Binary {
        self.rows = rows;
        self
    }

    /// Total number of features (relevant + irrelevant).
    pub fn features(mut self, n: usize) -> Binary {
        self.features = n;
        self
    }

    /// The probabilities p of the relevant sets (each in (0.5, 1]).
    pub fn probabilities(mut self, p: &[f64]) -> Binary {
        self.probabilities = p.to_vec();
        self
    }

    /// Copies of each relevant set.
    pub fn copies(mut self, c: usize) -> Binary {
        self.copies = c;
        self
    }

    /// The interaction sets (kind, p) in generation order, irrelevant singles last.
    fn plan(&self) -> Result<Vec<(SetKind, f64)>> {
        if self.rows < 2 {
            return Err(Error::param("rows", "need at least 2 rows"));
        }
        if let Some(p) = self.probabilities.iter().find(|p| !(**p > 0.5 && **p <= 1.0)) {
            return Err(Error::param("p", format!("{p} is not in (0.5, 1]")));
        }
        let kinds: &[SetKind] = match self.design {
            Design::Single => &[SetKind::Single],
            Design::Pair => &[SetKind::Xor],
            Design::Combined => &[SetKind::Xor, SetKind::Single],
        };
        let width: usize = kinds.iter().map(|k| if *k == SetKind::Xor { 2 } else { 1 }).sum();
        let used = width.saturating_mul(self.probabilities.len()).saturating_mul(self.copies);
        if used > self.features {
            return Err(Error::param(
                "features",
                format!("{} features cannot hold the {used} relevant ones", self.features),
            ));
        }
        check_memory(self.rows, self.features, 1)?;
        let mut sets = Vec::new();
        for &kind in kinds {
            for &p in &self.probabilities {
                sets.extend(std::iter::repeat_n((kind, p), self.copies));
            }
        }
        sets.extend(std::iter::repeat_n((SetKind::Single, 0.5), self.features - used));
        Ok(sets)
    }

    /// Generate the data and its ground truth from `seed`.
    pub fn generate(&self, seed: u64) -> Result<Synthetic> {
        let plan = self.plan()?;
        let mut rng = rng_for(seed, &[0]);
        let y: Vec<u8> = (0..self.rows).map(|_| rng.gen_range(0..2)).collect();
        // Column positions: a seeded permutation of 0..n.
        let mut position: Vec<usize> = (0..self.features).collect();
        position.shuffle(&mut rng_for(seed, &[1]));
        let mut columns: Vec<Option<Vec<u8>>> = vec![None; self.features];
        let mut sets = Vec::new();
        let mut relevance = vec![0.0; self.features];
        let mut next = 0;
        for (kind, p) in plan {
            let agree = |rng: &mut SeededRng| -> Vec<u8> {
                y.iter().map(|&c| if rng.gen_bool(p) { c } else { 1 - c }).collect()
            };
            let values: Vec<Vec<u8>> = match kind {
                SetKind::Single => vec![agree(&mut rng)],
                SetKind::Xor => {
                    let z = agree(&mut rng);
                    let a: Vec<u8> = (0..self.rows).map(|_| rng.gen_range(0..2)).collect();
                    let b = a.iter().zip(&z).map(|(a, z)| a ^ z).collect();
                    vec![a, b]
                }
            };
            let rel = set_information(kind, p) / values.len() as f64;
            let mut names = Vec::new();
            for v in values {
                let col = position[next];
                next += 1;
                columns[col] = Some(v);
                relevance[col] = rel;
                names.push(format!("f{col}"));
            }
            sets.push(InteractionSet { kind, p, features: names });
        }
        let mut cols: Vec<Column> = columns
            .into_iter()
            .enumerate()
            .map(|(j, v)| Column::new(format!("f{j}").into(), v.unwrap_or_default()))
            .collect();
        cols.push(Column::new("class".into(), y));
        let frame = DataFrame::new(self.rows, cols)?;
        let relevant: Vec<&InteractionSet> = sets.iter().filter(|s| s.p > 0.5).collect();
        let truth = GroundTruth {
            features: (0..self.features).map(|j| format!("f{j}")).collect(),
            relevance,
            bayes_accuracy: bayes_accuracy(&relevant.iter().map(|s| s.p).collect::<Vec<_>>()),
            sets,
        };
        Ok(Synthetic { frame: frame.into(), truth })
    }
}

/// I(F_int; y) in bits, from the exact joint distribution of the set's features and y.
pub fn set_information(kind: SetKind, p: f64) -> f64 {
    let width = match kind {
        SetKind::Single => 1,
        SetKind::Xor => 2,
    };
    // joint[(x, y)] for every assignment x of the set's features, y ∈ {0, 1}
    let mut joint = vec![0.0; (1 << width) * 2];
    for y in 0..2usize {
        for x in 0..(1usize << width) {
            let f = match kind {
                SetKind::Single => x & 1,
                SetKind::Xor => (x & 1) ^ (x >> 1),
            };
            let p_f = if f == y { p } else { 1.0 - p };
            // P(y) · P(x | y): the first XOR member is a fair coin, the second is then fixed by f.
            let p_x = match kind {
                SetKind::Single => p_f,
                SetKind::Xor => 0.5 * p_f,
            };
            joint[x * 2 + y] = 0.5 * p_x;
        }
    }
    let px: Vec<f64> = joint.chunks(2).map(|c| c[0] + c[1]).collect();
    let py = [joint.iter().step_by(2).sum::<f64>(), joint.iter().skip(1).step_by(2).sum::<f64>()];
    entropy(&px) + entropy(&py) - entropy(&joint)
}

/// Bayes-optimal accuracy of conditionally independent binary votes with P(vote = y) = p each, y ~ Bern(½).
///
/// ```
/// let acc = featrank::data::synth::bayes_accuracy(&[0.8]);
/// assert!((acc - 0.8).abs() < 1e-12);
/// assert!((featrank::data::synth::bayes_accuracy(&[0.8, 0.8, 0.8]) - 0.896).abs() < 1e-12);
/// ```
pub fn bayes_accuracy(p: &[f64]) -> f64 {
    // Distribution of the log-likelihood ratio given y = 1 and y = 0, over all vote patterns.
    let mut states: Vec<(f64, f64, f64)> = vec![(0.0, 1.0, 1.0)]; // (llr, P(pattern | y=1), P(pattern | y=0))
    for &q in p {
        let w = (q / (1.0 - q)).ln();
        let mut next = Vec::with_capacity(states.len() * 2);
        for &(llr, p1, p0) in &states {
            next.push((llr + w, p1 * q, p0 * (1.0 - q)));
            next.push((llr - w, p1 * (1.0 - q), p0 * q));
        }
        // merge equal llr values to keep the state count small
        next.sort_by(|a, b| a.0.total_cmp(&b.0));
        states = Vec::with_capacity(next.len());
        for s in next {
            match states.last_mut() {
                Some(last) if (last.0 - s.0).abs() < 1e-9 => {
                    last.1 += s.1;
                    last.2 += s.2;
                }
                _ => states.push(s),
            }
        }
    }
    states.iter().map(|&(_, p1, p0)| 0.5 * p1.max(p0)).sum()
}

impl GroundTruth {
    /// The name of the ground-truth ranking in tables and figures (figures draw it black and dashed).
    pub const NAME: &'static str = "GT";

    /// Names of the relevant features (relevance > 0).
    pub fn relevant(&self) -> Vec<&str> {
        self.features.iter().zip(&self.relevance).filter(|&(_, &r)| r > 0.0).map(|(f, _)| f.as_str()).collect()
    }

    /// The ground-truth ranking R_GT (scores = relevance; ties in column order).
    pub fn ranking(&self) -> Result<Ranking> {
        Ok(Ranking::from_scores(&self.features, &self.relevance)?.with_name(GroundTruth::NAME))
    }

    /// `feature, relevance, rank` in rank order (rank 1 = most relevant).
    pub fn to_polars(&self) -> Result<Frame> {
        let r = self.ranking()?;
        let rel: Vec<f64> = r.scores().unwrap_or_default().to_vec();
        Ok(DataFrame::new(
            r.len(),
            vec![
                Column::new("feature".into(), r.order()),
                Column::new("relevance".into(), rel),
                Column::new("rank".into(), (1..=r.len() as u32).collect::<Vec<_>>()),
            ],
        )?
        .into())
    }

    /// The ranking of a method that finds the individually relevant features but not the interacting ones
    /// (as \[P20\] Fig. 4 shows for IG and SVM-RFE): relevant singles first in ground-truth order, then every
    /// other feature (XOR members and irrelevant ones) in a seeded random order.
    ///
    /// ```
    /// use featrank::data::synth::{Binary, Design};
    /// let t = Binary::new(Design::Combined).rows(10).generate(1).unwrap().truth;
    /// let blind = t.interaction_blind_ranking(5).unwrap();
    /// let gt = t.ranking().unwrap();
    /// assert_eq!(blind.order()[..3], gt.order()[..3]); // the three p = 0.8 singles lead both
    /// ```
    pub fn interaction_blind_ranking(&self, seed: u64) -> Result<Ranking> {
        let gt = self.ranking()?;
        let is_single =
            |f: &String| self.sets.iter().any(|s| s.kind == SetKind::Single && s.p > 0.5 && s.features.contains(f));
        let mut order: Vec<String> = gt.order().iter().filter(|f| is_single(f)).cloned().collect();
        let mut rest: Vec<String> = gt.order().iter().filter(|f| !is_single(f)).cloned().collect();
        rest.shuffle(&mut rng_for(seed, &[]));
        order.extend(rest);
        Ok(Ranking::from_order(&order)?.with_name("interaction-blind"))
    }

    /// A noisy ranking R_θ (see the module docs), realisation `stream` of `seed`.
    pub fn noisy_ranking(&self, theta: f64, scale: NoiseScale, seed: u64, stream: u64) -> Result<Ranking> {
        if !(0.0..=1.0).contains(&theta) {
            return Err(Error::param("theta", format!("{theta} is not in [0, 1]")));
        }
        let n = self.features.len();
        let mut rng = rng_for(seed, &[theta.to_bits(), stream]);
        let mut idx: Vec<usize> = (0..n).collect();
        idx.shuffle(&mut rng);
        let top = match scale {
            NoiseScale::Unit => 1.0,
            NoiseScale::MaxRelevance => self.relevance.iter().cloned().fold(0.0, f64::max),
        };
        let mut rel = self.relevance.clone();
        for &j in &idx[..(theta * n as f64).round() as usize] {
            rel[j] = rng.r#gen::<f64>() * top;
        }
        Ok(Ranking::from_scores(&self.features, &rel)?.with_name(format!("theta{theta}_{stream}")))
    }
}

/// The range of the random relevance given to noised features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoiseScale {
    /// U(0, 1) as \[P20\] states.
    Unit,
    /// U(0, largest ground-truth relevance).
    MaxRelevance,
}

/// Expected number of relevant features among the top-k (`top = true`) or bottom-k of a ranking of n
/// features with `relevant` relevant ones: under the ground-truth ranking, and under a random ranking
/// (thesis §4.2, Table 1). Returns `(ground truth, random)`.
///
/// ```
/// // the thesis' toy example: n = 10, 5 relevant, k = 3
/// assert_eq!(featrank::data::synth::expected_relevant(10, 5, 3, true), (3.0, 1.5));
/// assert_eq!(featrank::data::synth::expected_relevant(10, 5, 3, false), (0.0, 1.5));
/// ```
pub fn expected_relevant(n: usize, relevant: usize, k: usize, top: bool) -> (f64, f64) {
    let random = k as f64 * relevant as f64 / n as f64;
    let irrelevant = n.saturating_sub(relevant);
    let gt = if top { k.min(relevant) } else { k.saturating_sub(irrelevant) };
    (gt as f64, random)
}

/// Settings of the Madelon-style generator.
///
/// ```
/// use featrank::data::synth::Madelon;
/// let s = Madelon::new().rows(100).noise(10).generate(1).unwrap();
/// assert_eq!(s.frame.shape(), (100, 5 + 15 + 10 + 1));
/// assert_eq!(s.truth.relevant().len(), 20);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Madelon {
    rows: usize,
    informative: usize,
    redundant: usize,
    noise: usize,
    separation: f64,
}

impl Default for Madelon {
    fn default() -> Self {
        Madelon::new()
    }
}

impl Madelon {
    /// NIPS 2003 Madelon's shape: 2600 rows, 5 informative, 15 redundant, 480 noise features.
    pub fn new() -> Madelon {
        Madelon { rows: 2600, informative: 5, redundant: 15, noise: 480, separation: 1.0 }
    }

    /// Number of rows.
    pub fn rows(mut self, n: usize) -> Madelon {
        self.rows = n;
        self
    }

    /// Informative features (the hypercube's dimension, 1..=16).
    pub fn informative(mut self, n: usize) -> Madelon {
        self.informative = n;
        self
    }

    /// Redundant features.
    pub fn redundant(mut self, n: usize) -> Madelon {
        self.redundant = n;
        self
    }

    /// Noise features.
    pub fn noise(mut self, n: usize) -> Madelon {
        self.noise = n;
        self
    }

    /// Half the hypercube's side (cluster separation).
    pub fn separation(mut self, s: f64) -> Madelon {
        self.separation = s;
        self
    }

    /// Generate from `seed`.
    pub fn generate(&self, seed: u64) -> Result<Synthetic> {
        if !(1..=16).contains(&self.informative) {
            return Err(Error::param("informative", "must be in 1..=16"));
        }
        if self.rows < 2 {
            return Err(Error::param("rows", "need at least 2 rows"));
        }
        if !(self.separation > 0.0 && self.separation.is_finite()) {
            return Err(Error::param("separation", "must be positive"));
        }
        let n = self.informative.saturating_add(self.redundant).saturating_add(self.noise);
        check_memory(self.rows, n, memory::F64)?;
        let mut rng = rng_for(seed, &[0]);
        let vertices = 1usize << self.informative;
        let mut vertex_class: Vec<u8> = (0..vertices).map(|v| (v % 2) as u8).collect();
        vertex_class.shuffle(&mut rng);
        let mix: Vec<Vec<f64>> =
            (0..self.redundant).map(|_| (0..self.informative).map(|_| rng.gen_range(-1.0..1.0)).collect()).collect();
        let mut position: Vec<usize> = (0..n).collect();
        position.shuffle(&mut rng_for(seed, &[1]));
        let mut columns = vec![Vec::with_capacity(self.rows); n];
        let mut y = Vec::with_capacity(self.rows);
        for _ in 0..self.rows {
            let v = rng.gen_range(0..vertices);
            y.push(vertex_class[v]);
            let info: Vec<f64> = (0..self.informative)
                .map(|d| {
                    let centre = if (v >> d) & 1 == 1 { self.separation } else { -self.separation };
                    let e: f64 = StandardNormal.sample(&mut rng);
                    centre + e
                })
                .collect();
            for (d, x) in info.iter().enumerate() {
                columns[position[d]].push(*x);
            }
            for (r, w) in mix.iter().enumerate() {
                columns[position[self.informative + r]].push(w.iter().zip(&info).map(|(w, x)| w * x).sum());
            }
            for z in 0..self.noise {
                let x: f64 = StandardNormal.sample(&mut rng);
                columns[position[self.informative + self.redundant + z]].push(x);
            }
        }
        let mut relevance = vec![0.0; n];
        (0..self.informative).for_each(|d| relevance[position[d]] = 1.0);
        (0..self.redundant).for_each(|r| relevance[position[self.informative + r]] = 0.5);
        let mut cols: Vec<Column> =
            columns.into_iter().enumerate().map(|(j, v)| Column::new(format!("f{j}").into(), v)).collect();
        cols.push(Column::new("class".into(), y));
        Ok(Synthetic {
            frame: DataFrame::new(self.rows, cols)?.into(),
            truth: GroundTruth {
                features: (0..n).map(|j| format!("f{j}")).collect(),
                relevance,
                sets: Vec::new(),
                bayes_accuracy: f64::NAN,
            },
        })
    }
}

/// Null data: standard-normal features and balanced class labels drawn independently of them, so nothing
/// predicts the class (Ambroise & McLachlan's check of selection bias). Every feature's relevance is 0 and
/// the Bayes accuracy is 1/classes.
///
/// ```
/// use featrank::data::synth::Null;
/// let s = Null::new().rows(60).features(2000).generate(1).unwrap();
/// assert_eq!(s.frame.shape(), (60, 2001));
/// assert!(s.truth.relevant().is_empty());
/// assert_eq!(s.truth.bayes_accuracy, 0.5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Null {
    rows: usize,
    features: usize,
    classes: usize,
}

impl Default for Null {
    fn default() -> Self {
        Null::new()
    }
}

impl Null {
    /// 60 rows (patients), 2000 features (genes), 2 classes.
    pub fn new() -> Null {
        Null { rows: 60, features: 2000, classes: 2 }
    }

    /// Number of rows.
    pub fn rows(mut self, n: usize) -> Null {
        self.rows = n;
        self
    }

    /// Number of features.
    pub fn features(mut self, n: usize) -> Null {
        self.features = n;
        self
    }

    /// Number of classes; rows are dealt to them in turn (sizes differ by at most one), then shuffled.
    pub fn classes(mut self, n: usize) -> Null {
        self.classes = n;
        self
    }

    /// Generate from `seed`.
    pub fn generate(&self, seed: u64) -> Result<Synthetic> {
        if self.classes < 2 {
            return Err(Error::param("classes", format!("need at least 2 classes, got {}", self.classes)));
        }
        if self.rows < 2 * self.classes {
            return Err(Error::param("rows", format!("need at least 2 rows per class, got {}", self.rows)));
        }
        if self.features == 0 {
            return Err(Error::param("features", "need at least 1 feature"));
        }
        check_memory(self.rows, self.features, memory::F64)?;
        let mut rng = rng_for(seed, &[0]);
        let mut cols: Vec<Column> = (0..self.features)
            .map(|j| {
                let v: Vec<f64> = (0..self.rows).map(|_| StandardNormal.sample(&mut rng)).collect();
                Column::new(format!("f{j}").into(), v)
            })
            .collect();
        let mut y: Vec<u32> = (0..self.rows).map(|i| (i % self.classes) as u32).collect();
        y.shuffle(&mut rng_for(seed, &[1]));
        cols.push(Column::new("class".into(), y));
        Ok(Synthetic {
            frame: DataFrame::new(self.rows, cols)?.into(),
            truth: GroundTruth {
                features: (0..self.features).map(|j| format!("f{j}")).collect(),
                relevance: vec![0.0; self.features],
                sets: Vec::new(),
                bayes_accuracy: 1.0 / self.classes as f64,
            },
        })
    }
}

impl Synthetic {
    /// The frame as a [`Dataset`](crate::data::Dataset): target `class`, or for the survival designs `time` and
    /// `event`; the rows grouped by `subject` where there is such a column ([`Replicates`]).
    ///
    /// ```
    /// let s = featrank::data::synth::generate("survival", Some(50), 1).unwrap();
    /// assert_eq!(s.dataset().unwrap().task(), featrank::data::Task::Survival);
    /// ```
    pub fn dataset(&self) -> Result<crate::data::Dataset> {
        let columns = self.frame.get_column_names();
        let grouped = columns.iter().any(|c| c.as_str() == "subject");
        match columns.iter().any(|c| c.as_str() == "class") {
            true if grouped => crate::data::Dataset::builder(&self.frame, "class").groups("subject").build(),
            true => crate::data::Dataset::from_polars(&self.frame, "class"),
            false => crate::data::Dataset::from_polars_survival(&self.frame, "time", "event"),
        }
    }
}

/// Refuse a table of `rows` × `features` cells of `cell` bytes over the memory limit, before it is drawn
/// (each column is held twice while the frame is built; one name per feature).
pub(crate) fn check_memory(rows: usize, features: usize, cell: u64) -> Result<()> {
    let (rows, features) = (rows as u64, features as u64);
    let cells = rows.saturating_add(1).saturating_mul(features.saturating_add(1));
    let bytes = cells.saturating_mul(2 * cell).saturating_add(features.saturating_mul(64));
    memory::check(bytes, || format!("synthetic data of {rows} rows × {features} features"))
}

/// The designs [`generate`] knows.
pub const DESIGNS: &[&str] =
    &["single", "pair", "combined", "madelon", "null", "survival", "survival-null", "replicates"];

/// Synthetic data by design name (`single`, `pair`, `combined` — [`Binary`], 1000 rows unless `rows` —
/// `madelon` — [`Madelon`] —, `null` — [`Null`] —, `survival` and its null design `survival-null` —
/// [`Survival`] — or `replicates` — [`Replicates`], `rows` / 4 subjects of 4 rows) with default settings
/// otherwise; what `featrank synth` and the Python layer generate.
///
/// ```
/// let s = featrank::data::synth::generate("combined", Some(200), 1).unwrap();
/// assert_eq!(s.frame.height(), 200);
/// assert!(featrank::data::synth::generate("xor", None, 1).is_err());
/// ```
pub fn generate(design: &str, rows: Option<usize>, seed: u64) -> Result<Synthetic> {
    match design {
        "madelon" => {
            let m = Madelon::new();
            rows.map_or(m.clone(), |r| m.rows(r)).generate(seed)
        }
        "null" => {
            let m = Null::new();
            rows.map_or(m, |r| m.rows(r)).generate(seed)
        }
        "replicates" => {
            let m = Replicates::new();
            rows.map_or(m, |r| m.subjects(r / 4)).generate(seed)
        }
        "survival" | "survival-null" => {
            let m = Survival::new().relevant(if design == "survival" { 5 } else { 0 });
            let d = rows.map_or(m, |r| m.rows(r)).generate(seed)?;
            Ok(Synthetic { frame: d.frame, truth: d.truth })
        }
        other => {
            let d = match other {
                "single" => Design::Single,
                "pair" => Design::Pair,
                "combined" => Design::Combined,
                _ => {
                    return Err(Error::Unknown {
                        kind: "design".into(),
                        name: other.into(),
                        known: DESIGNS.iter().map(|d| d.to_string()).collect(),
                    })
                }
            };
            Binary::new(d).rows(rows.unwrap_or(1000)).generate(seed)
        }
    }
}
