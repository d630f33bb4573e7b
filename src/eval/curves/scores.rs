//! Scores read from [`Curves`]: ECA between two curves (\[P18\] Eq. 6), its samples per split or repeat,
//! and the splice point of two crossing rankings.

use super::{Baseline, Curve, CurveKind, Curves, Sample};
use crate::error::{Error, Result};
use crate::eval::eca::{eca, Eca, Weighting};

impl Curves {
    /// ECA of ranking `a` against `baseline` (another ranking's name, or `expected`).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let c = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(10)
    ///     .evaluate(&iris, &[good.with_name("good")]).unwrap();
    /// assert!(c.eca("good", Baseline::Expected, Weighting::Uniform).unwrap().eca > 0.0);
    /// assert!(c.eca("good", "good", Weighting::Uniform).unwrap().eca == 0.0);
    /// ```
    pub fn eca<'b>(&self, a: &str, baseline: impl Into<Baseline<'b>>, w: Weighting) -> Result<Eca> {
        self.eca_of(a, baseline.into(), w, &|c: &Curve| Some(c.mean.clone()))
    }

    /// Where to splice `head` and `tail` ([`Ranking::splice`](crate::data::Ranking::splice)): the grid size
    /// k at which `head`'s cumulative FFA advantage over `tail`, Σ_{sᵢ ≤ k} widthᵢ·(FFA_head(sᵢ) −
    /// FFA_tail(sᵢ)) (oriented so that positive = `head` better; widths as in ECA), is largest — `head`
    /// leads up to k and `tail` gains after it. `None` when the curves do not cross that way: `head` never
    /// leads, or `tail` never leads after the best k.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// // FFA means of two rankings of 4 features: a leads at k = 1, 2; b leads at k = 3
    /// let table = df!(
    ///     "ranking" => ["a", "a", "a", "a", "b", "b", "b", "b"],
    ///     "curve" => ["FFA"; 8],
    ///     "k" => [1u32, 2, 3, 4, 1, 2, 3, 4],
    ///     "mean" => [0.90, 0.92, 0.93, 0.95, 0.70, 0.90, 0.96, 0.95]
    /// ).unwrap();
    /// let curves = Curves::from_polars(&table, Measure::Accuracy).unwrap();
    /// assert_eq!(curves.splice_point("a", "b").unwrap(), Some(2));
    /// assert_eq!(curves.splice_point("b", "a").unwrap(), None); // b never leads first
    /// let a = Ranking::from_order(&["x", "y", "z", "w"]).unwrap().with_name("a");
    /// let b = Ranking::from_order(&["w", "z", "y", "x"]).unwrap().with_name("b");
    /// assert_eq!(a.splice(&b, 2).unwrap().order(), ["x", "y", "w", "z"]); // evaluate it like any ranking
    /// ```
    pub fn splice_point(&self, head: &str, tail: &str) -> Result<Option<usize>> {
        let ffa = |name: &str| {
            self.get(name, CurveKind::Ffa).ok_or_else(|| Error::Unknown {
                kind: "ranking".into(),
                name: name.into(),
                known: self.rankings().iter().map(|r| r.to_string()).collect(),
            })
        };
        let (h, t) = (ffa(head)?, ffa(tail)?);
        let sign = if self.measure.higher_is_better() { 1.0 } else { -1.0 };
        let d: Vec<f64> = h.mean.iter().zip(&t.mean).map(|(a, b)| sign * (a - b)).collect();
        let (mut lead, mut best, mut at, mut prev) = (0.0, 0.0, None, 0);
        for (i, (&s, &di)) in self.sizes.iter().zip(&d).enumerate() {
            lead += (s - prev) as f64 * di;
            prev = s;
            if lead > best {
                (best, at) = (lead, Some(i));
            }
        }
        Ok(at.filter(|&i| d[i + 1..].iter().any(|&x| x < 0.0)).map(|i| self.sizes[i]))
    }

    /// ECA of ranking `a` against `baseline` on every repeat or every split alone: the samples behind the
    /// tests of [`crate::compare::significance`]. Needs per-split values for [`Sample::Split`] (curves from
    /// a run or its JSON, not from a table).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let c = CurveSpec::new(Knn::new()).folds(5).repeats(3).expected(10)
    ///     .evaluate(&iris, &[good.with_name("good")]).unwrap();
    /// let per_split = c.eca_samples("good", Baseline::Expected, Weighting::Uniform, Sample::Split).unwrap();
    /// assert_eq!(per_split.len(), 15);
    /// assert!(per_split.iter().all(|&e| e > 0.0));
    /// ```
    pub fn eca_samples<'b>(
        &self,
        a: &str,
        baseline: impl Into<Baseline<'b>>,
        w: Weighting,
        sample: Sample,
    ) -> Result<Vec<f64>> {
        let baseline = baseline.into();
        let n = match sample {
            Sample::Repeat => self.curves.iter().map(|c| c.per_repeat.first().map_or(0, Vec::len)).min().unwrap_or(0),
            Sample::Split => self.curves.iter().map(|c| c.per_split.first().map_or(0, Vec::len)).min().unwrap_or(0),
        };
        if n == 0 {
            return Err(Error::param(
                "curves",
                format!("these curves keep no per-{} values (curves read from a table do not)", sample.label()),
            ));
        }
        (0..n)
            .map(|i| {
                let pick = |c: &Curve| -> Option<Vec<f64>> {
                    let v = match sample {
                        Sample::Repeat => &c.per_repeat,
                        Sample::Split => &c.per_split,
                    };
                    v.iter().map(|at| at.get(i).copied()).collect()
                };
                Ok(self.eca_of(a, baseline, w, &pick)?.eca)
            })
            .collect()
    }

    /// ECA of `a` against `baseline` from the values `pick` takes of each curve (its means, or one repeat's).
    fn eca_of(
        &self,
        a: &str,
        baseline: Baseline<'_>,
        w: Weighting,
        pick: &dyn Fn(&Curve) -> Option<Vec<f64>>,
    ) -> Result<Eca> {
        let values = |c: &Curve| {
            pick(c).filter(|v| v.len() == self.sizes.len()).ok_or_else(|| {
                Error::param(
                    "curves",
                    format!("the {} curve of '{}' does not cover every size", c.kind.label(), c.ranking),
                )
            })
        };
        let pair = |b: Baseline<'_>| -> Result<(Vec<f64>, Vec<f64>)> {
            let name = match b {
                Baseline::Ranking(name) => name,
                Baseline::Expected => {
                    let e = self.expected().ok_or_else(|| {
                        Error::param("baseline", "these curves have no expected curve (run with expected > 0)")
                    })?;
                    let v = values(e)?;
                    return Ok((v.clone(), v));
                }
            };
            match (self.get(name, CurveKind::Ffa), self.get(name, CurveKind::Rfa)) {
                (Some(f), Some(r)) => Ok((values(f)?, values(r)?)),
                _ => Err(Error::Unknown {
                    kind: "ranking".into(),
                    name: name.into(),
                    known: self.rankings().iter().map(|r| r.to_string()).collect(),
                }),
            }
        };
        let (x, y) = (pair(Baseline::Ranking(a))?, pair(baseline)?);
        let mut s = eca((&x.0, &x.1), (&y.0, &y.1), &self.sizes, w);
        if !self.measure.higher_is_better() {
            s = Eca { ffa_delta: -s.ffa_delta, rfa_delta: -s.rfa_delta, eca: -s.eca };
        }
        Ok(s)
    }
}
