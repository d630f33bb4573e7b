//! Contingency-table filters: information gain, gain ratio, symmetrical uncertainty and χ² (thesis §2.5;
//! Weka's InfoGain/GainRatio/SymmetricalUncertainty/ChiSquared attribute evaluators).
//!
//! Each feature becomes a table of counts n(v, c) over its values v and the classes c: nominal features
//! by level, numeric features by the intervals of supervised MDL discretisation ([`super::mdl_cut_points`],
//! charging Weka's [`MdlCost::CutPoints`] by default; `mdl=instances` for the published criterion).
//! Missing values are distributed over the present values in proportion to the values' frequencies,
//! class by class (Weka's default). With H in bits:
//! - info gain IG = H(C) − H(C | F);
//! - gain ratio IG / H(F) (0 when H(F) = 0);
//! - symmetrical uncertainty 2·IG / (H(C) + H(F)) (0 when both are 0);
//! - χ² = Σ (n(v,c) − E)² / E with E = n(v)·n(c)/N.

use super::discretize::{mdl_cut_points_sparse, Discrete, Discretisation, MdlCost};
use super::{Checked, Ranker};
use crate::data::{Dataset, Task};
use crate::error::Result;
use crate::math::entropy;
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::{spec_words, Spec};

/// Which contingency statistic a [`Filter`] scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Criterion {
    /// H(C) − H(C | F).
    InfoGain,
    /// IG / H(F).
    GainRatio,
    /// 2·IG / (H(C) + H(F)).
    SymmetricalUncertainty,
    /// Pearson's χ² of the value × class table.
    ChiSquared,
}

spec_words!(Criterion, "filter criterion", {
    Criterion::InfoGain => "info-gain",
    Criterion::GainRatio => "gain-ratio",
    Criterion::SymmetricalUncertainty => "symmetrical-uncertainty",
    Criterion::ChiSquared => "chi2",
});

/// A univariate filter over value × class contingency tables.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::rankers::{Criterion, Filter, Ranker};
/// // Hand-checkable: x copies the class (IG = H(C) = 1 bit), z is independent of it (IG = 0).
/// let df = df!("x" => ["a", "a", "b", "b"], "z" => ["p", "q", "p", "q"], "y" => ["0", "0", "1", "1"]).unwrap();
/// let data = Dataset::from_polars(&df, "y").unwrap();
/// let ig = Filter::new(Criterion::InfoGain).scores(&data, 0).unwrap();
/// assert_eq!(ig, vec![1.0, 0.0]);
/// let chi2 = Filter::new(Criterion::ChiSquared).scores(&data, 0).unwrap();
/// assert_eq!(chi2, vec![4.0, 0.0]);
/// // The spec names the discretisation's MDL cost (Weka's by default).
/// assert_eq!(Filter::new(Criterion::InfoGain).spec().to_string(), "info-gain:mdl=cut-points");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    criterion: Criterion,
    mdl: MdlCost,
}

impl Filter {
    /// A filter scoring `criterion`, numeric features discretised with Weka's MDL cost.
    pub fn new(criterion: Criterion) -> Filter {
        Filter { criterion, mdl: MdlCost::default() }
    }

    /// The MDL cost of the discretisation of numeric features ([`MdlCost`]).
    pub fn mdl(mut self, cost: MdlCost) -> Filter {
        self.mdl = cost;
        self
    }

    /// From the spec: the method name is the criterion (`info-gain`, `gain-ratio`,
    /// `symmetrical-uncertainty`, `chi2`); `mdl=cut-points|instances` (default `cut-points`, Weka's).
    pub fn from_spec(s: &Spec) -> Result<Filter> {
        s.check_params(PARAMS)?;
        Ok(Filter::new(s.method().parse()?).mdl(s.get("mdl", MdlCost::default())?))
    }
}

/// The keys of the contingency filters.
const PARAMS: &[Param] = &[Param::new(
    "mdl",
    Values::Words(MdlCost::WORDS),
    "the cost MDL discretisation charges for a cut: Weka's (cut-points) or the paper's (instances)",
)];

impl Method for Filter {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        match self.criterion {
            Criterion::InfoGain => "Quinlan 1986, Machine Learning 1; discretised as Fayyad & Irani 1993",
            Criterion::GainRatio => "Quinlan 1993, C4.5; discretised as Fayyad & Irani 1993",
            Criterion::SymmetricalUncertainty => {
                "Press et al. 1988, Numerical Recipes; Hall 1999; discretised as Fayyad & Irani 1993"
            }
            Criterion::ChiSquared => "Liu & Setiono 1995, ICTAI; discretised as Fayyad & Irani 1993",
        }
    }

    fn spec(&self) -> Spec {
        Spec::new(&self.criterion.to_string()).with("mdl", self.mdl)
    }

    fn supports(&self, task: Task) -> bool {
        task == Task::Classification
    }
}

impl Ranker for Filter {
    /// One feature at a time; a sparse feature's table is counted from its stored values, its zeros at once
    /// (the same table as its dense column gives, in time proportional to the stored values).
    fn accepts_sparse(&self) -> bool {
        true
    }

    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> Result<Vec<f64>> {
        let data = data.dataset();
        let codes = data.labels().expect("checked: classification");
        let k = data.n_classes();
        let totals: Vec<f64> =
            data.class_counts().expect("checked: classification").iter().map(|&c| c as f64).collect();
        // features in parallel, each scored on its own (the same numbers on any number of threads)
        Ok(crate::parallel::map(data.n_features(), |f| {
            let table = match data.sparse() {
                Some(x) => sparse_contingency(x.column(f), codes, &totals, self.mdl),
                None => contingency(data, f, codes, k, self.mdl),
            };
            score(self.criterion, &table, k)
        }))
    }
}

/// Counts n(v, c), row-major `values × classes`, missing values distributed (see module docs).
fn contingency(data: &Dataset, f: usize, codes: &[usize], k: usize, mdl: MdlCost) -> Vec<f64> {
    let d = Discrete::of(data, f, codes, k, Discretisation::Mdl(mdl));
    let mut table = vec![0.0; d.levels * k];
    let mut missing = vec![0.0; k];
    for (&v, &c) in d.codes.iter().zip(codes) {
        if v == Discrete::MISSING {
            missing[c] += 1.0;
        } else {
            table[v as usize * k + c] += 1.0;
        }
    }
    let row_totals: Vec<f64> = table.chunks(k).map(|r| r.iter().sum()).collect();
    let present: f64 = row_totals.iter().sum();
    if present > 0.0 {
        for (v, &rt) in row_totals.iter().enumerate() {
            for c in 0..k {
                table[v * k + c] += missing[c] * rt / present;
            }
        }
    }
    table
}

/// [`contingency`] of a sparse feature (stored values at `rows`, 0 elsewhere; `totals` = rows per class).
fn sparse_contingency((rows, values): (&[u32], &[f64]), codes: &[usize], totals: &[f64], mdl: MdlCost) -> Vec<f64> {
    let k = totals.len();
    let cuts = mdl_cut_points_sparse(rows, values, codes, totals, mdl);
    let bin = |v: f64| cuts.partition_point(|&c| c < v);
    let mut table = vec![0.0; (cuts.len() + 1) * k];
    let mut zeros = totals.to_vec();
    for (&r, &v) in rows.iter().zip(values) {
        let c = codes[r as usize];
        table[bin(v) * k + c] += 1.0;
        zeros[c] -= 1.0;
    }
    let z = bin(0.0);
    zeros.iter().enumerate().for_each(|(c, &m)| table[z * k + c] += m);
    table
}

fn score(criterion: Criterion, table: &[f64], k: usize) -> f64 {
    let rows: Vec<f64> = table.chunks(k).map(|r| r.iter().sum()).collect();
    let cols: Vec<f64> = (0..k).map(|c| table.iter().skip(c).step_by(k).sum()).collect();
    let n: f64 = rows.iter().sum();
    if n <= 0.0 {
        return 0.0;
    }
    let h_c = entropy(&cols);
    let h_f = entropy(&rows);
    let h_c_given_f: f64 = table.chunks(k).zip(&rows).map(|(r, &t)| t / n * entropy(r)).sum();
    let ig = (h_c - h_c_given_f).max(0.0);
    match criterion {
        Criterion::InfoGain => ig,
        Criterion::GainRatio => {
            if h_f > 0.0 {
                ig / h_f
            } else {
                0.0
            }
        }
        Criterion::SymmetricalUncertainty => {
            if h_c + h_f > 0.0 {
                2.0 * ig / (h_c + h_f)
            } else {
                0.0
            }
        }
        Criterion::ChiSquared => {
            let mut chi = 0.0;
            for (v, &rt) in rows.iter().enumerate() {
                for (c, &ct) in cols.iter().enumerate() {
                    let e = rt * ct / n;
                    if e > 0.0 {
                        chi += (table[v * k + c] - e).powi(2) / e;
                    }
                }
            }
            chi
        }
    }
}
