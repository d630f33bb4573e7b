//! [`Curves`] in and out: the long Polars table and JSON.

use polars::prelude::*;

use super::{Curve, CurveKind, Curves, Mode, EXPECTED};
use crate::data::long_table::LongTable;
use crate::data::{AsDataFrame, Frame};
use crate::error::{Error, Result};
#[cfg(doc)]
use crate::eval::CurveSpec;
use crate::math::quantile;
use crate::resampling::{Measure, Scheme};

impl Curves {
    /// Long table with columns `ranking, curve, mode, k, mean, std, lo, hi`: `mean` and `std` over the values
    /// the curve averages — its repeats, or for the expected curve its random rankings — and `lo`, `hi` their 5 %
    /// and 95 % quantiles (null only for a ranking's curve read from a table without them); `mode` is
    /// `fixed`, `per-fold` or `random`.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let run = CurveSpec::new(Knn::new()).folds(3).repeats(4).expected(5).seed(1).evaluate(&iris, &[good]).unwrap();
    /// let table = run.to_polars().unwrap();
    /// assert_eq!(table.column("lo").unwrap().null_count(), 0); // every row: rankings and the expected curve
    /// ```
    pub fn to_polars(&self) -> Result<Frame> {
        let (mut ranking, mut curve, mut mode, mut k) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut mean, mut std, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for c in &self.curves {
            for (s, &size) in self.sizes.iter().enumerate() {
                ranking.push(c.ranking.clone());
                curve.push(c.kind.label());
                mode.push(c.mode.label());
                k.push(size as u32);
                mean.push(c.mean[s]);
                std.push(c.std[s]);
                let spread = |q: f64, kept: &Option<Vec<f64>>| match kept {
                    Some(v) => Some(v[s]),
                    None => c.per_repeat.get(s).map(|r| quantile(r, q)),
                };
                lo.push(spread(0.05, &c.lo));
                hi.push(spread(0.95, &c.hi));
            }
        }
        Ok(DataFrame::new(
            k.len(),
            vec![
                Column::new("ranking".into(), ranking),
                Column::new("curve".into(), curve),
                Column::new("mode".into(), mode),
                Column::new("k".into(), k),
                Column::new("mean".into(), mean),
                Column::new("std".into(), std),
                Column::new("lo".into(), lo),
                Column::new("hi".into(), hi),
            ],
        )?
        .into())
    }

    /// The long tables of several runs — e.g. one per learner ([`CurveSpec::evaluate_learners`]) — as one, a
    /// column `learner` (each run's learner) first: what `featrank curves` writes for several `--learner`s.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let learners: Vec<Arc<dyn Learner>> = vec![Arc::new(Knn::new().k(5)), Arc::new(NaiveBayes::new())];
    /// let runs = CurveSpec::new(Knn::new()).folds(3).repeats(1).expected(2)
    ///     .evaluate_learners(&iris, &[Candidate::parse("fisher").unwrap()], &learners).unwrap();
    /// let table = Curves::to_polars_by_learner(&runs).unwrap();
    /// assert_eq!(table.get_column_names()[0].as_str(), "learner");
    /// assert_eq!(table.height(), runs[0].to_polars().unwrap().height() * 2);
    /// ```
    pub fn to_polars_by_learner(runs: &[Curves]) -> Result<Frame> {
        let mut tables = runs.iter().map(|run| {
            let mut table = run.to_polars()?;
            let learner = Column::new("learner".into(), vec![run.learner.as_str(); table.height()]);
            table.insert_column(0, learner)?;
            Ok::<_, Error>(table)
        });
        let Some(first) = tables.next() else {
            return Err(Error::param("learners", "no run to put in a table"));
        };
        let mut all: DataFrame = first?.into();
        for table in tables {
            let table = table?;
            all.vstack_mut(&table)?;
        }
        Ok(all.into())
    }

    /// Save as JSON (everything, per-repeat values included).
    pub fn save_json(&self, path: impl AsRef<std::path::Path>) -> Result<()> {
        let path = path.as_ref();
        let text = serde_json::to_string(self)?;
        std::fs::write(path, text).map_err(|e| Error::io(path, e))
    }

    /// Load what [`Curves::save_json`] wrote.
    pub fn load_json(path: impl AsRef<std::path::Path>) -> Result<Curves> {
        let path = path.as_ref();
        let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
        let on_disk = file.metadata().map_err(|e| Error::io(path, e))?.len();
        let text = crate::data::io::within_limit::read_input(file, on_disk, false, &path.display().to_string())?;
        serde_json::from_slice(&text).map_err(|e| Error::Parse {
            source_name: path.display().to_string(),
            line: Some(e.line()),
            reason: format!("not the JSON of a curve run (`featrank curves --json`, Curves::save_json): {e}"),
        })
    }

    /// Rebuild curves from the long table of [`Curves::to_polars`] (`ranking, curve, k, mean`, and `mode`,
    /// `std`, `lo`, `hi` if present; without `mode`, rankings read as fixed). Per-repeat values and run settings are not in the table: repeats, folds and
    /// seed read 0, and `measure` says how to read the values.
    pub fn from_polars(table: impl AsDataFrame, measure: Measure) -> Result<Curves> {
        let table = table.as_data_frame();
        let t = LongTable::new(table);
        let (ranking, curve) = (t.texts("ranking")?, t.texts("curve")?);
        let modes = match t.has("mode") {
            true => t.texts("mode")?,
            false => vec![String::new(); table.height()],
        };
        t.column("k")?;
        let k = t.optional_floats("k")?;
        let floats = |c: &str| t.optional_floats(c);
        let (mean, std, lo, hi) = (floats("mean")?, floats("std")?, floats("lo")?, floats("hi")?);
        let mut curves: Vec<Curve> = Vec::new();
        let mut sizes: Vec<usize> = Vec::new();
        for i in 0..table.height() {
            let kind = match curve[i].as_str() {
                "FFA" => CurveKind::Ffa,
                "RFA" => CurveKind::Rfa,
                EXPECTED => CurveKind::Expected,
                other => return Err(Error::column("curve", format!("row {i}: '{other}' is not FFA, RFA or expected"))),
            };
            let mode = match (modes[i].as_str(), kind) {
                ("", CurveKind::Expected) | ("random", _) => Mode::Random,
                ("" | "fixed", _) => Mode::Fixed,
                ("per-fold", _) => Mode::PerFold,
                (other, _) => {
                    return Err(Error::column("mode", format!("row {i}: '{other}' is not fixed, per-fold or random")))
                }
            };
            let (Some(size), Some(m)) = (k[i], mean[i]) else {
                return Err(Error::column("k/mean", format!("row {i} has no value")));
            };
            if !(size >= 0.0 && size.fract() == 0.0) {
                return Err(Error::column("k", format!("row {i}: {size} is not a subset size")));
            }
            let idx = match curves.iter().position(|c| c.ranking == ranking[i] && c.kind == kind) {
                Some(p) => p,
                None => {
                    curves.push(Curve {
                        ranking: ranking[i].clone(),
                        kind,
                        mode,
                        mean: vec![],
                        std: vec![],
                        lo: lo[i].map(|_| vec![]),
                        hi: hi[i].map(|_| vec![]),
                        per_repeat: vec![],
                        per_split: vec![],
                    });
                    curves.len() - 1
                }
            };
            let c = &mut curves[idx];
            if idx == 0 {
                sizes.push(size as usize);
            }
            c.mean.push(m);
            c.std.push(std[i].unwrap_or(0.0));
            if let (Some(v), Some(x)) = (c.lo.as_mut(), lo[i]) {
                v.push(x);
            }
            if let (Some(v), Some(x)) = (c.hi.as_mut(), hi[i]) {
                v.push(x);
            }
        }
        if curves.is_empty() {
            return Err(Error::EmptyData { what: "the curves table has no rows".into() });
        }
        if sizes[0] == 0 || sizes.windows(2).any(|w| w[1] <= w[0]) {
            return Err(Error::column("k", "subset sizes must start at 1 or more and increase along each curve"));
        }
        if let Some(c) = curves.iter().find(|c| c.mean.len() != sizes.len()) {
            return Err(Error::column(
                "k",
                format!(
                    "curve {} of '{}' has {} points, the first curve {}",
                    c.kind.label(),
                    c.ranking,
                    c.mean.len(),
                    sizes.len()
                ),
            ));
        }
        Ok(Curves {
            learner: String::new(),
            measure,
            sizes,
            scheme: Scheme::default(),
            folds: 0,
            kept: Default::default(),
            repeats: 0,
            expected: 0,
            expected_repeats: None,
            seed: 0,
            curves,
            fold_rankings: Vec::new(),
        })
    }
}
