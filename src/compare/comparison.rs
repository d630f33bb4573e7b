//! [`Comparison`]: curves, their ECA scores against each other and the expected curve, and stability.

use polars::prelude::*;
use serde::{Deserialize, Serialize};

use crate::compare::StabilityCurve;
use crate::data::Frame;
use crate::error::Result;
use crate::eval::{Baseline, Curves, Weighting};

/// One ECA score: `ranking` against `baseline` (another ranking or `expected`) under one weighting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EcaRow {
    /// The ranking scored.
    pub ranking: String,
    /// The ranking it is compared with, or `expected`.
    pub baseline: String,
    /// The weighting of point differences.
    pub weighting: Weighting,
    /// Weighted mean FFA difference.
    pub ffa_delta: f64,
    /// Weighted mean RFA difference.
    pub rfa_delta: f64,
    /// (FFA_δ − RFA_δ)/2, positive = `ranking` better.
    pub eca: f64,
}

/// Curves with every ECA score (each ranking against every other and against the expected curve, four
/// weightings) and, optionally, stability curves per ranker.
///
/// ```
/// use featrank::prelude::*;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
/// let bad = Ranking::from_order(&["sepalwidth", "sepallength", "petallength", "petalwidth"]).unwrap();
/// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(10)
///     .evaluate(&iris, &[good.with_name("good"), bad.with_name("bad")]).unwrap();
/// let cmp = Comparison::new(curves).unwrap();
/// assert!(cmp.eca("good", "bad", Weighting::Uniform).unwrap().eca > 0.0);
/// assert_eq!(cmp.to_polars().unwrap().height(), (2 + 2) * 4); // 2 ordered pairs + 2 vs expected
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// The curves scored.
    pub curves: Curves,
    /// One row per (ranking, baseline, weighting).
    pub scores: Vec<EcaRow>,
    /// Stability curves by ranker name.
    pub stability: Vec<(String, StabilityCurve)>,
}

impl Comparison {
    /// Score every ranking against every other ranking and against the expected curve (if present).
    /// Takes the curves or a reference to them (then copies them into the comparison).
    pub fn new(curves: impl Into<Curves>) -> Result<Comparison> {
        let curves = curves.into();
        let names: Vec<String> = curves.rankings().iter().map(|s| s.to_string()).collect();
        let mut baselines: Vec<Baseline<'_>> = names.iter().map(Baseline::from).collect();
        if curves.expected().is_some() {
            baselines.push(Baseline::Expected);
        }
        let mut scores = Vec::new();
        for a in &names {
            for &b in baselines.iter().filter(|b| b.name() != a) {
                for w in Weighting::ALL {
                    let s = curves.eca(a, b, w)?;
                    scores.push(EcaRow {
                        ranking: a.clone(),
                        baseline: b.name().to_string(),
                        weighting: w,
                        ffa_delta: s.ffa_delta,
                        rfa_delta: s.rfa_delta,
                        eca: s.eca,
                    });
                }
            }
        }
        Ok(Comparison { curves, scores, stability: Vec::new() })
    }

    /// Attach the stability curve of `ranker`.
    pub fn with_stability(mut self, ranker: impl Into<String>, curve: StabilityCurve) -> Comparison {
        self.stability.push((ranker.into(), curve));
        self
    }

    /// Attach the stability curve of every per-fold candidate of the curves, computed from the rankings
    /// that run made ([`crate::compare::FoldStability`]; no second run).
    pub fn with_fold_stability(mut self) -> Result<Comparison> {
        for st in self.curves.stability()?.rankers {
            self.stability.push((st.ranking, st.curve));
        }
        Ok(self)
    }

    /// The score of `ranking` against `baseline` under `w`.
    pub fn eca<'b>(&self, ranking: &str, baseline: impl Into<Baseline<'b>>, w: Weighting) -> Option<&EcaRow> {
        let baseline = baseline.into();
        self.scores.iter().find(|r| r.ranking == ranking && r.baseline == baseline.name() && r.weighting == w)
    }

    /// The ECA table: `ranking, baseline, weighting, ffa_delta, rfa_delta, eca`.
    pub fn to_polars(&self) -> Result<Frame> {
        let s = &self.scores;
        Ok(DataFrame::new(
            s.len(),
            vec![
                Column::new("ranking".into(), s.iter().map(|r| r.ranking.as_str()).collect::<Vec<_>>()),
                Column::new("baseline".into(), s.iter().map(|r| r.baseline.as_str()).collect::<Vec<_>>()),
                Column::new("weighting".into(), s.iter().map(|r| r.weighting.label()).collect::<Vec<_>>()),
                Column::new("ffa_delta".into(), s.iter().map(|r| r.ffa_delta).collect::<Vec<_>>()),
                Column::new("rfa_delta".into(), s.iter().map(|r| r.rfa_delta).collect::<Vec<_>>()),
                Column::new("eca".into(), s.iter().map(|r| r.eca).collect::<Vec<_>>()),
            ],
        )?
        .into())
    }

    /// ECA of every ranking against the expected curve: `ranking` and one column per weighting.
    pub fn versus_expected(&self) -> Result<Frame> {
        let names = self.curves.rankings();
        let mut columns = vec![Column::new("ranking".into(), &names)];
        for w in Weighting::ALL {
            let v: Vec<Option<f64>> = names.iter().map(|r| self.eca(r, Baseline::Expected, w).map(|s| s.eca)).collect();
            columns.push(Column::new(w.label().into(), v));
        }
        Ok(DataFrame::new(names.len(), columns)?.into())
    }

    /// The pairwise ECA matrix under `w`: `ranking` and one column per ranking (row against column;
    /// positive = row better, null on the diagonal). Antisymmetric by construction of ECA.
    pub fn eca_matrix(&self, w: Weighting) -> Result<Frame> {
        let names = self.curves.rankings();
        let mut columns = vec![Column::new("ranking".into(), &names)];
        for b in &names {
            let v: Vec<Option<f64>> = names.iter().map(|a| self.eca(a, *b, w).map(|s| s.eca)).collect();
            columns.push(Column::new((*b).into(), v));
        }
        Ok(DataFrame::new(names.len(), columns)?.into())
    }

    /// The stability table: `ranker, k, canberra, kuncheva` (kuncheva null where undefined).
    pub fn stability_to_polars(&self) -> Result<Frame> {
        let (mut ranker, mut k, mut ca, mut ki) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (name, c) in &self.stability {
            for (s, &size) in c.sizes.iter().enumerate() {
                ranker.push(name.as_str());
                k.push(size as u32);
                ca.push(c.canberra[s]);
                ki.push(c.kuncheva[s]);
            }
        }
        Ok(DataFrame::new(
            k.len(),
            vec![
                Column::new("ranker".into(), ranker),
                Column::new("k".into(), k),
                Column::new("canberra".into(), ca),
                Column::new("kuncheva".into(), ki),
            ],
        )?
        .into())
    }
}
