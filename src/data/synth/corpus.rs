//! A bag-of-words text corpus with exact ground truth ([`Corpus`]): sparse term counts.

use rand::seq::SliceRandom;
use rand::Rng;

use super::GroundTruth;
use crate::data::dataset::SparseMatrix;
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::memory;
use crate::seed::rng_for;

/// A synthetic text corpus: `documents` documents of `length` words each, over a vocabulary of `terms`
/// terms, in `classes` balanced classes; the features are the term counts (a sparse matrix, most cells 0).
///
/// **How a word is drawn.** With probability `signal` from its class's own `planted` terms (uniformly);
/// otherwise from the whole vocabulary by Zipf's law, P(term of rank r) ∝ 1/r^`zipf` (ranks assigned to the
/// terms in a seeded random order, planted terms included). So a term that is not planted has the same
/// distribution in every class, and a planted term is more frequent in its class.
///
/// **Ground truth.** A term's relevance is the mutual information in bits between its *presence* in a
/// document and the class, exact: with p_c the probability that one word is the term in class c, the term is
/// present with probability q_c = 1 − (1 − p_c)^length, and I = H_b(mean q) − mean H_b(q_c). Terms that are
/// not planted have relevance 0 exactly; planted terms rank by their Zipf rank (a rarer background makes the
/// planted boost show more). `bayes_accuracy` is NaN (no closed form).
///
/// ```
/// use featrank::data::synth::Corpus;
/// use featrank::rankers::Ranker;
/// let c = Corpus::new().documents(400).terms(2_000).generate(3).unwrap();
/// let ds = &c.dataset;
/// assert!(ds.is_sparse() && ds.n_features() == 2_000);
/// assert!(ds.summary().density.unwrap() < 0.05);
/// assert_eq!(c.truth.relevant().len(), 2 * 10);
/// // χ² on term presence finds the planted terms first
/// let top: Vec<String> = featrank::rankers::parse("chi2").unwrap().rank(ds, 0).unwrap().order()[..10].to_vec();
/// let planted = c.truth.relevant();
/// assert!(top.iter().filter(|t| planted.contains(&t.as_str())).count() >= 9, "{top:?}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Corpus {
    documents: usize,
    terms: usize,
    classes: usize,
    planted: usize,
    length: usize,
    signal: f64,
    zipf: f64,
}

/// A corpus from [`Corpus`]: the dataset (sparse counts, target `class`) and its ground truth.
#[derive(Debug, Clone)]
pub struct CorpusData {
    /// Term counts `t0, t1, …` (sparse) and the class `c0, c1, …`.
    pub dataset: Dataset,
    /// Relevance per term (bits: presence × class); the planted terms are the relevant ones.
    pub truth: GroundTruth,
}

impl Default for Corpus {
    fn default() -> Self {
        Corpus::new()
    }
}

impl Corpus {
    /// 2,000 documents of 100 words, 10,000 terms, 2 classes with 10 planted terms each, signal 0.05, Zipf
    /// exponent 1.
    pub fn new() -> Corpus {
        Corpus { documents: 2_000, terms: 10_000, classes: 2, planted: 10, length: 100, signal: 0.05, zipf: 1.0 }
    }

    /// Number of documents (rows).
    pub fn documents(mut self, n: usize) -> Corpus {
        self.documents = n;
        self
    }

    /// Vocabulary size (features).
    pub fn terms(mut self, n: usize) -> Corpus {
        self.terms = n;
        self
    }

    /// Number of classes (≥ 2).
    pub fn classes(mut self, n: usize) -> Corpus {
        self.classes = n;
        self
    }

    /// Planted (class-bearing) terms per class.
    pub fn planted(mut self, n: usize) -> Corpus {
        self.planted = n;
        self
    }

    /// Words per document.
    pub fn length(mut self, n: usize) -> Corpus {
        self.length = n;
        self
    }

    /// Probability that a word comes from its class's planted terms (0 ≤ signal < 1).
    pub fn signal(mut self, p: f64) -> Corpus {
        self.signal = p;
        self
    }

    /// Zipf exponent of the background vocabulary (≥ 0; 0 = uniform).
    pub fn zipf(mut self, s: f64) -> Corpus {
        self.zipf = s;
        self
    }

    /// Generate the corpus; the same seed gives the same corpus.
    pub fn generate(&self, seed: u64) -> Result<CorpusData> {
        let Corpus { documents, terms, classes, planted, length, signal, zipf } = *self;
        if classes < 2 {
            return Err(Error::param("classes", format!("need at least 2 classes, got {classes}")));
        }
        if documents < classes.saturating_mul(2) {
            return Err(Error::param("documents", format!("need at least 2 documents per class, got {documents}")));
        }
        if planted == 0 || planted.saturating_mul(classes) > terms {
            return Err(Error::param(
                "planted",
                format!("{planted} planted terms × {classes} classes must be at least 1 and fit the {terms} terms"),
            ));
        }
        if length == 0 || length > 100_000 {
            return Err(Error::param("length", format!("words per document: 1 to 100,000, got {length}")));
        }
        if !(0.0..1.0).contains(&signal) {
            return Err(Error::param("signal", format!("needs 0 ≤ signal < 1, got {signal}")));
        }
        if !(zipf.is_finite() && zipf >= 0.0) {
            return Err(Error::param("zipf", format!("needs a finite exponent ≥ 0, got {zipf}")));
        }
        let words = (documents as u64).saturating_mul(length as u64);
        memory::check(words.saturating_mul(3 * memory::F64).saturating_add(terms as u64 * 4 * memory::F64), || {
            format!("a synthetic corpus of {documents} documents × {length} words over {terms} terms")
        })?;
        // Term t's Zipf rank is rank[t]; class c's planted terms are terms c·planted … (c + 1)·planted − 1 of a
        // seeded shuffle of the vocabulary.
        let mut rank: Vec<usize> = (0..terms).collect();
        rank.shuffle(&mut rng_for(seed, &[1]));
        let mut by_rank = vec![0usize; terms];
        rank.iter().enumerate().for_each(|(t, &r)| by_rank[r] = t);
        let weight = |r: usize| 1.0 / ((r + 1) as f64).powf(zipf);
        let total: f64 = (0..terms).map(weight).sum();
        let mut cumulative = Vec::with_capacity(terms);
        let mut acc = 0.0;
        for r in 0..terms {
            acc += weight(r) / total;
            cumulative.push(acc);
        }
        let mut order: Vec<usize> = (0..terms).collect();
        order.shuffle(&mut rng_for(seed, &[2]));
        let planted_of = |c: usize| &order[c * planted..(c + 1) * planted];
        let mut rng = rng_for(seed, &[0]);
        let (mut rows, mut cols, mut values) = (Vec::new(), Vec::new(), Vec::new());
        let class: Vec<usize> = (0..documents).map(|d| d % classes).collect();
        let mut count = std::collections::BTreeMap::new();
        for (d, &c) in class.iter().enumerate() {
            count.clear();
            for _ in 0..length {
                let t = if rng.gen_bool(signal) {
                    planted_of(c)[rng.gen_range(0..planted)]
                } else {
                    let u: f64 = rng.r#gen();
                    by_rank[cumulative.partition_point(|&p| p < u).min(terms - 1)]
                };
                *count.entry(t).or_insert(0.0) += 1.0;
            }
            for (&t, &n) in &count {
                rows.push(d);
                cols.push(t);
                values.push(n);
            }
        }
        let x = SparseMatrix::from_triplets(documents, terms, &rows, &cols, &values)?;
        let names: Vec<String> = (0..terms).map(|t| format!("t{t}")).collect();
        let labels: Vec<String> = class.iter().map(|c| format!("c{c}")).collect();
        let dataset = Dataset::from_sparse(x, &ndarray::Array1::from(labels), &names)?;
        // Exact relevance of each planted term's presence.
        let h = |p: f64| if p <= 0.0 || p >= 1.0 { 0.0 } else { -p * p.log2() - (1.0 - p) * (1.0 - p).log2() };
        let mut relevance = vec![0.0; terms];
        for c in 0..classes {
            for &t in planted_of(c) {
                let background = (1.0 - signal) * weight(rank[t]) / total;
                let q: Vec<f64> = (0..classes)
                    .map(|k| {
                        let p = background + if k == c { signal / planted as f64 } else { 0.0 };
                        1.0 - (1.0 - p).powi(length as i32)
                    })
                    .collect();
                let mean = q.iter().sum::<f64>() / classes as f64;
                relevance[t] = h(mean) - q.iter().map(|&q| h(q)).sum::<f64>() / classes as f64;
            }
        }
        let truth = GroundTruth { features: names, relevance, sets: Vec::new(), bayes_accuracy: f64::NAN };
        Ok(CorpusData { dataset, truth })
    }
}
