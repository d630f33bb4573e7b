//! Multilayer perceptron with Weka's MultilayerPerceptron defaults (the fifth classifier of the
//! consensus ranking, Fakhraei et al. 2014).
//!
//! One hidden layer of ⌊(attributes + classes)/2⌋ sigmoid units (at least 1), one sigmoid output per
//! class with target 1/0, squared error, stochastic gradient descent over the training rows (order
//! shuffled once per fit, seeded), learning rate 0.3, momentum 0.2, 500 epochs, initial weights uniform
//! in [−0.05, 0.05]. Inputs are the SMO design matrix (min-max, nominal → 0/1, missing → mean/mode)
//! mapped to [−1, 1] as Weka does. Class scores are the outputs normalised to sum 1.

use rand::seq::SliceRandom;
use rand::Rng as _;

use super::prepare::design_matrices;
use super::{argmax, CheckedFold, Learner};
use crate::data::Task;
use crate::error::Result;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::resampling::Prediction;
use crate::seed::rng_for;
use crate::spec::Spec;

/// Multilayer perceptron classifier; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::learners::Mlp;
/// use featrank::resampling::Fold;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let plan = CvPlan::stratified(&iris, 5, 1, 1).unwrap();
/// let (train, test) = plan.split(0, 0);
/// let fold = Fold { data: &iris, train: &train, test: &test, seed: 0 };
/// let pred = Mlp::new().fit_predict(&fold, &[2, 3]).unwrap();
/// assert!(Measure::Accuracy.score(&iris, &test, &pred).unwrap() > 0.85);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mlp {
    epochs: usize,
    rate: f64,
    momentum: f64,
}

impl Default for Mlp {
    fn default() -> Self {
        Mlp::new()
    }
}

impl Mlp {
    /// Weka's defaults: 500 epochs, learning rate 0.3, momentum 0.2.
    pub fn new() -> Mlp {
        Mlp { epochs: 500, rate: 0.3, momentum: 0.2 }
    }

    /// Training epochs (≥ 1).
    pub fn epochs(mut self, n: usize) -> Mlp {
        self.epochs = n;
        self
    }

    /// Learning rate of gradient descent (> 0).
    pub fn rate(mut self, rate: f64) -> Mlp {
        self.rate = rate;
        self
    }

    /// Momentum of gradient descent, in [0, 1).
    pub fn momentum(mut self, momentum: f64) -> Mlp {
        self.momentum = momentum;
        self
    }

    /// From the spec `mlp:epochs=500,rate=0.3,momentum=0.2`.
    pub fn from_spec(s: &Spec) -> Result<Mlp> {
        s.check_params(PARAMS)?;
        let d = Mlp::new();
        Ok(Mlp {
            epochs: s.get("epochs", d.epochs)?,
            rate: s.get("rate", d.rate)?,
            momentum: s.get("momentum", d.momentum)?,
        })
    }
}

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

/// The keys of the multilayer perceptron.
const PARAMS: &[Param] = &[
    Param::new("epochs", Values::whole(1), "passes over the training rows"),
    Param::new("rate", Values::positive(), "learning rate"),
    Param::new(
        "momentum",
        Values::Real { min: 0.0, max: 1.0, min_in: true, max_in: false, or: "" },
        "momentum of the weight updates",
    ),
];

impl Method for Mlp {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "Rumelhart, Hinton & Williams 1986, Nature 323; as Weka's MultilayerPerceptron"
    }

    fn spec(&self) -> Spec {
        Spec::new("mlp").with("epochs", self.epochs).with("rate", self.rate).with("momentum", self.momentum)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Learner for Mlp {
    fn fit_predict_checked(&self, fold: &CheckedFold<'_>, features: &[usize]) -> Result<Prediction> {
        let codes = fold.data.labels().ok_or_else(|| super::unsupported(self, fold.data.task()))?;
        let (xtr, xte, _) = design_matrices(fold, features);
        let d = xtr.ncols();
        let k = fold.data.n_classes();
        let h = ((d + k) / 2).max(1);
        let mut rng = rng_for(fold.seed, &[0x6d6c70]);
        // Weights with the bias last: hidden h × (d + 1), output k × (h + 1).
        let mut w1: Vec<f64> = (0..h * (d + 1)).map(|_| rng.gen_range(-0.05..0.05)).collect();
        let mut w2: Vec<f64> = (0..k * (h + 1)).map(|_| rng.gen_range(-0.05..0.05)).collect();
        let (mut m1, mut m2) = (vec![0.0; w1.len()], vec![0.0; w2.len()]);
        let input = |x: ndarray::ArrayView1<'_, f64>, buf: &mut Vec<f64>| {
            buf.clear();
            buf.extend(x.iter().map(|v| 2.0 * v - 1.0));
            buf.push(1.0);
        };
        let forward = |w1: &[f64], w2: &[f64], inp: &[f64], hid: &mut Vec<f64>, out: &mut Vec<f64>| {
            hid.clear();
            hid.extend(w1.chunks(d + 1).map(|w| sigmoid(w.iter().zip(inp).map(|(a, b)| a * b).sum())));
            hid.push(1.0);
            out.clear();
            out.extend(w2.chunks(h + 1).map(|w| sigmoid(w.iter().zip(hid.iter()).map(|(a, b)| a * b).sum())));
        };
        let mut order: Vec<usize> = (0..xtr.nrows()).collect();
        order.shuffle(&mut rng);
        let (mut inp, mut hid, mut out) = (Vec::new(), Vec::new(), Vec::new());
        let mut delta_out = vec![0.0; k];
        for _ in 0..self.epochs {
            // many epochs are time, not memory: a stop request ends the fit at the next epoch
            crate::progress::check_interrupt("mlp training")?;
            for &r in &order {
                input(xtr.row(r), &mut inp);
                forward(&w1, &w2, &inp, &mut hid, &mut out);
                let target = codes[fold.train[r]];
                for c in 0..k {
                    let t = (c == target) as u8 as f64;
                    delta_out[c] = (t - out[c]) * out[c] * (1.0 - out[c]);
                }
                for j in 0..h {
                    let back: f64 = (0..k).map(|c| delta_out[c] * w2[c * (h + 1) + j]).sum();
                    let delta = back * hid[j] * (1.0 - hid[j]);
                    for (i, &x) in inp.iter().enumerate() {
                        let p = j * (d + 1) + i;
                        m1[p] = self.rate * delta * x + self.momentum * m1[p];
                        w1[p] += m1[p];
                    }
                }
                for (c, &dc) in delta_out.iter().enumerate().take(k) {
                    for (j, &hv) in hid.iter().enumerate() {
                        let p = c * (h + 1) + j;
                        m2[p] = self.rate * dc * hv + self.momentum * m2[p];
                        w2[p] += m2[p];
                    }
                }
            }
        }
        let mut labels = Vec::with_capacity(xte.nrows());
        let mut scores = Vec::with_capacity(xte.nrows() * k);
        for row in xte.rows() {
            input(row, &mut inp);
            forward(&w1, &w2, &inp, &mut hid, &mut out);
            let sum: f64 = out.iter().sum();
            labels.push(argmax(&out));
            scores.extend(out.iter().map(|o| if sum > 0.0 { o / sum } else { 1.0 / k as f64 }));
        }
        Ok(Prediction::Classes { labels, scores })
    }
}

crate::method::from_spec!(Mlp);
