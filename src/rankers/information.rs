//! Multivariate information-theoretic selection: mRMR (difference and quotient forms), JMI, CMIM, DISR and
//! JMIM, as greedy forward selection in the framework of Brown, Pocock, Zhao & Luján (JMLR 2012).
//!
//! Features are discretised as the filters discretise them ([`Discretisation`]: supervised MDL by default,
//! equal-width as an option; nominal features keep their levels) and a missing value is spread over its
//! feature's present levels in proportion to their frequencies, as the filters spread it. Information is
//! in bits. The first feature is the one with the largest relevance I(X;Y) (the information gain, equal
//! to [`super::Filter`]'s `info-gain` score); then, with S the features selected so far, each step adds the
//! remaining feature with the largest criterion J:
//!
//! ```text
//! mRMR, difference (MID)  J(X) = I(X;Y) − 1/|S| Σ_{Z∈S} I(X;Z)             Peng, Long & Ding 2005
//! mRMR, quotient (MIQ)    J(X) = I(X;Y) / (1/|S| Σ_{Z∈S} I(X;Z) + 0.01)   Ding & Peng 2005
//! JMI                     J(X) = Σ_{Z∈S} I(XZ;Y)                           Yang & Moody 1999
//! CMIM                    J(X) = min_{Z∈S} I(X;Y | Z)                       Fleuret 2004
//! DISR                    J(X) = Σ_{Z∈S} I(XZ;Y) / H(XZY)                  Meyer, Schretter & Bontempi 2008
//! JMIM                    J(X) = min_{Z∈S} I(XZ;Y)                         Bennasar, Hicks & Setchi 2015
//! ```
//!
//! (MIQ's 0.01, from Peng's own `mrmr_miq_d`, keeps a feature with almost no relevance and no
//! redundancy from winning by a near-zero quotient.) Selecting until every feature is placed gives a
//! full ranking; a feature's score is `n − t` where t is the step (1-based) that selected it, so higher =
//! selected earlier. Criteria within 1e-12 (relative) of each other tie, and ties go to the feature that
//! comes first in the dataset. The work is O(n² · rows) table counts for n features, in parallel over
//! the candidates of a step.

use rayon::prelude::*;

use super::discretize::{Discrete, Discretisation};
use super::{Checked, Ranker};
use crate::data::{Dataset, Task};
use crate::error::Result;
use crate::math::entropy;
use crate::method::Method;
use crate::param::Param;
use crate::spec::{spec_words, Spec};

/// The criterion of an [`InfoSelection`]; see the module docs. Its spec word is the method name.
///
/// ```
/// use featrank::rankers::SelectionCriterion;
/// assert_eq!("mrmr".parse::<SelectionCriterion>().unwrap(), SelectionCriterion::MrmrDifference);
/// assert_eq!(SelectionCriterion::Cmim.to_string(), "cmim");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelectionCriterion {
    /// mRMR, difference form: relevance minus mean redundancy.
    MrmrDifference,
    /// mRMR, quotient form: relevance over mean redundancy.
    MrmrQuotient,
    /// Joint mutual information.
    Jmi,
    /// Conditional mutual information maximisation.
    Cmim,
    /// Double input symmetrical relevance.
    Disr,
    /// Joint mutual information maximisation.
    Jmim,
}

spec_words!(SelectionCriterion, "selection criterion", {
    SelectionCriterion::MrmrDifference => "mrmr",
    SelectionCriterion::MrmrQuotient => "mrmr-quotient",
    SelectionCriterion::Jmi => "jmi",
    SelectionCriterion::Cmim => "cmim",
    SelectionCriterion::Disr => "disr",
    SelectionCriterion::Jmim => "jmim",
});

/// Greedy forward selection by an information-theoretic criterion; see the module docs.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{InfoSelection, SelectionCriterion};
/// // y = a XOR b; `s` copies y in 3 of 4 rows, `n` is noise. Alone a and b say nothing about y.
/// let a = [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1];
/// let b = [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1];
/// let y: Vec<i32> = a.iter().zip(&b).map(|(a, b)| a ^ b).collect();
/// let s: Vec<i32> = y.iter().enumerate().map(|(i, &y)| if i % 4 == 3 { 1 - y } else { y }).collect();
/// let n = [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1];
/// let df = df!("n" => n.map(|v| v.to_string()), "a" => a.map(|v| v.to_string()), "b" => b.map(|v| v.to_string()),
///     "s" => s.iter().map(|v| v.to_string()).collect::<Vec<_>>(), "y" => y.iter().map(|v| v.to_string()).collect::<Vec<_>>()).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// // JMI: s first (the only relevant one alone), then the pair that completes y given s.
/// let jmi = InfoSelection::new(SelectionCriterion::Jmi).rank(&data, 0).unwrap();
/// assert_eq!(jmi.order()[0], "s");
/// assert_eq!(InfoSelection::new(SelectionCriterion::Cmim).spec().to_string(), "cmim:discretise=mdl,mdl=cut-points");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct InfoSelection {
    criterion: SelectionCriterion,
    discretisation: Discretisation,
}

impl InfoSelection {
    /// Selection by `criterion`, numeric features discretised by MDL (Weka's cost).
    pub fn new(criterion: SelectionCriterion) -> InfoSelection {
        InfoSelection { criterion, discretisation: Discretisation::default() }
    }

    /// How numeric features are discretised.
    pub fn discretisation(mut self, how: Discretisation) -> InfoSelection {
        self.discretisation = how;
        self
    }

    /// From the spec: the method name is the criterion (`mrmr`, `mrmr-quotient`, `jmi`, `cmim`, `disr`,
    /// `jmim`); `discretise=mdl` (default, with `mdl=cut-points|instances`) or `discretise=equal-width`
    /// (with `bins=10`).
    pub fn from_spec(s: &Spec) -> Result<InfoSelection> {
        s.check_params(PARAMS)?;
        let criterion: SelectionCriterion = s.method().parse()?;
        let discretisation = Discretisation::from_spec(s)?;
        Ok(InfoSelection { criterion, discretisation })
    }

    /// The criterion of candidate `x` from its accumulated pair terms after `selected` steps.
    fn value(&self, relevance: f64, acc: f64, selected: usize) -> f64 {
        match self.criterion {
            SelectionCriterion::MrmrDifference => relevance - acc / selected as f64,
            SelectionCriterion::MrmrQuotient => relevance / (acc / selected as f64 + 0.01),
            _ => acc,
        }
    }

    /// Fold the pair terms of candidate x with the newest selected feature z into x's accumulator.
    fn accumulate(&self, acc: f64, t: &PairEntropies) -> f64 {
        match self.criterion {
            SelectionCriterion::MrmrDifference | SelectionCriterion::MrmrQuotient => acc + t.mi_xz(),
            SelectionCriterion::Jmi => acc + t.joint_relevance(),
            SelectionCriterion::Disr => acc + if t.h_xzy > 0.0 { t.joint_relevance() / t.h_xzy } else { 0.0 },
            SelectionCriterion::Cmim => acc.min(t.conditional_relevance()),
            SelectionCriterion::Jmim => acc.min(t.joint_relevance()),
        }
    }

    fn start(&self) -> f64 {
        match self.criterion {
            SelectionCriterion::Cmim | SelectionCriterion::Jmim => f64::INFINITY,
            _ => 0.0,
        }
    }
}

/// The keys of the greedy information criteria: the discretisation's.
const PARAMS: &[Param] = &Discretisation::PARAMS;

impl Method for InfoSelection {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        match self.criterion {
            SelectionCriterion::MrmrDifference => "Peng, Long & Ding 2005, IEEE TPAMI 27",
            SelectionCriterion::MrmrQuotient => "Ding & Peng 2005, J Bioinform Comput Biol 3",
            SelectionCriterion::Jmi => "Yang & Moody 1999, NIPS",
            SelectionCriterion::Cmim => "Fleuret 2004, JMLR 5",
            SelectionCriterion::Disr => "Meyer, Schretter & Bontempi 2008, IEEE J Sel Top Signal Process 2",
            SelectionCriterion::Jmim => "Bennasar, Hicks & Setchi 2015, Expert Syst Appl 42",
        }
    }

    fn spec(&self) -> Spec {
        self.discretisation.add_to(Spec::new(&self.criterion.to_string()))
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Ranker for InfoSelection {
    fn check(&self, _data: &Dataset) -> Result<()> {
        self.discretisation.check()
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let classes = data.labels().expect("checked: classification");
        let (k, m) = (data.n_classes(), data.n_features());
        let features = Weighted::all(data, classes, self.discretisation);
        let relevance: Vec<f64> = features.par_iter().map(|x| x.relevance(classes, k)).collect();
        let mut acc = vec![self.start(); m];
        let mut chosen = vec![false; m];
        let mut scores = vec![0.0; m];
        let mut last = best_of((0..m).map(|x| (x, relevance[x])));
        for step in 0..m {
            chosen[last] = true;
            scores[last] = (m - step) as f64;
            if step + 1 == m {
                break;
            }
            let z = &features[last];
            let remaining: Vec<usize> = (0..m).filter(|&x| !chosen[x]).collect();
            let updated: Vec<f64> = remaining
                .par_iter()
                .map(|&x| self.accumulate(acc[x], &PairEntropies::of(&features[x], z, classes, k)))
                .collect();
            remaining.iter().zip(&updated).for_each(|(&x, &a)| acc[x] = a);
            last = best_of(remaining.iter().map(|&x| (x, self.value(relevance[x], acc[x], step + 1))));
        }
        Ok(scores)
    }
}

/// The first candidate whose value no later one exceeds by more than 1e-12 (relative): ties go to the
/// earlier feature, and rounding cannot break them.
fn best_of(candidates: impl Iterator<Item = (usize, f64)>) -> usize {
    let mut best: Option<(usize, f64)> = None;
    for (x, v) in candidates {
        match best {
            Some((_, b)) if v <= b + 1e-12 * b.abs().max(1.0) => {}
            _ => best = Some((x, v)),
        }
    }
    best.map_or(0, |(x, _)| x)
}

/// A discretised feature with the spread of its missing values.
pub(super) struct Weighted {
    d: Discrete,
    marginal: Vec<f64>,
}

impl Weighted {
    fn new(d: Discrete) -> Weighted {
        let marginal = d.marginal();
        Weighted { d, marginal }
    }

    /// Every feature of classification `data` (class codes `classes`), discretised.
    pub(super) fn all(data: &Dataset, classes: &[usize], discretisation: Discretisation) -> Vec<Weighted> {
        let k = data.n_classes();
        (0..data.n_features())
            .into_par_iter()
            .map(|f| Weighted::new(Discrete::of(data, f, classes, k, discretisation)))
            .collect()
    }

    /// Row i's weight on each level: one level when present, the marginal when missing.
    fn spread(&self, i: usize) -> Spread<'_> {
        match self.d.codes[i] {
            Discrete::MISSING => Spread::Many(&self.marginal),
            c => Spread::One(c as usize),
        }
    }

    /// H(X), H(Y) and H(XY) in bits from the value × class table.
    fn class_entropies(&self, classes: &[usize], k: usize) -> (f64, f64, f64) {
        let mut table = vec![0.0; self.d.levels * k];
        for (i, &c) in classes.iter().enumerate() {
            self.spread(i).each(|a, w| table[a * k + c] += w);
        }
        let rows: Vec<f64> = table.chunks(k).map(|r| r.iter().sum()).collect();
        let cols: Vec<f64> = (0..k).map(|c| table.iter().skip(c).step_by(k).sum()).collect();
        (entropy(&rows), entropy(&cols), entropy(&table))
    }

    /// I(X;Y) in bits.
    fn relevance(&self, classes: &[usize], k: usize) -> f64 {
        let (h_x, h_y, h_xy) = self.class_entropies(classes, k);
        (h_x + h_y - h_xy).max(0.0)
    }

    /// SU(X, Y) = 2 I(X;Y) / (H(X) + H(Y)), 0 when both entropies are 0.
    pub(super) fn class_su(&self, classes: &[usize], k: usize) -> f64 {
        let (h_x, h_y, h_xy) = self.class_entropies(classes, k);
        symmetrical_uncertainty(h_x, h_y, h_xy)
    }
}

enum Spread<'a> {
    One(usize),
    Many(&'a [f64]),
}

impl Spread<'_> {
    fn each(&self, mut f: impl FnMut(usize, f64)) {
        match self {
            Spread::One(a) => f(*a, 1.0),
            Spread::Many(p) => p.iter().enumerate().filter(|&(_, &w)| w > 0.0).for_each(|(a, &w)| f(a, w)),
        }
    }
}

/// SU from two entropies and their joint entropy: 2 (H(A) + H(B) − H(AB)) / (H(A) + H(B)), 0 when
/// H(A) + H(B) = 0.
fn symmetrical_uncertainty(h_a: f64, h_b: f64, h_ab: f64) -> f64 {
    if h_a + h_b > 0.0 {
        (2.0 * (h_a + h_b - h_ab) / (h_a + h_b)).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// The entropies (bits) of a candidate X, a selected Z and the class Y that the criteria need.
pub(super) struct PairEntropies {
    h_x: f64,
    h_z: f64,
    h_y: f64,
    h_xz: f64,
    h_zy: f64,
    h_xzy: f64,
}

impl PairEntropies {
    /// From the X × Z × Y table of counts (missing values spread over their feature's levels).
    pub(super) fn of(x: &Weighted, z: &Weighted, classes: &[usize], k: usize) -> PairEntropies {
        let (lx, lz) = (x.d.levels, z.d.levels);
        let mut t = vec![0.0; lx * lz * k];
        for (i, &c) in classes.iter().enumerate() {
            let sz = z.spread(i);
            x.spread(i).each(|a, wa| sz.each(|b, wb| t[(a * lz + b) * k + c] += wa * wb));
        }
        let mut xz = vec![0.0; lx * lz];
        let mut zy = vec![0.0; lz * k];
        let (mut px, mut pz, mut py) = (vec![0.0; lx], vec![0.0; lz], vec![0.0; k]);
        for a in 0..lx {
            for b in 0..lz {
                for c in 0..k {
                    let v = t[(a * lz + b) * k + c];
                    xz[a * lz + b] += v;
                    zy[b * k + c] += v;
                    px[a] += v;
                    pz[b] += v;
                    py[c] += v;
                }
            }
        }
        PairEntropies {
            h_x: entropy(&px),
            h_z: entropy(&pz),
            h_y: entropy(&py),
            h_xz: entropy(&xz),
            h_zy: entropy(&zy),
            h_xzy: entropy(&t),
        }
    }

    /// I(X;Z) = H(X) + H(Z) − H(XZ).
    fn mi_xz(&self) -> f64 {
        (self.h_x + self.h_z - self.h_xz).max(0.0)
    }

    /// SU(X, Z), FCBF's redundancy.
    pub(super) fn su_xz(&self) -> f64 {
        symmetrical_uncertainty(self.h_x, self.h_z, self.h_xz)
    }

    /// I(XZ;Y) = H(XZ) + H(Y) − H(XZY).
    fn joint_relevance(&self) -> f64 {
        (self.h_xz + self.h_y - self.h_xzy).max(0.0)
    }

    /// I(X;Y | Z) = H(XZ) + H(ZY) − H(XZY) − H(Z).
    fn conditional_relevance(&self) -> f64 {
        (self.h_xz + self.h_zy - self.h_xzy - self.h_z).max(0.0)
    }
}
