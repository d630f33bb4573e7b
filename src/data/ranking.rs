//! [`Ranking`]: an ordering of features, rank 1 = most relevant.
//!
//! A ranking is built from relevance scores (higher = more relevant), from an explicit order, or from a
//! Polars DataFrame with a `feature` column and a `score` and/or `rank` column.
//!
//! **Tie rule** (fixed once, everywhere): features with equal scores (or equal ranks) keep the order in
//! which they were given, i.e. the one listed first gets the better rank. The order of a ranking therefore
//! never depends on hashing, threads or sort stability.

use std::collections::HashMap;

use polars::prelude::*;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::data::{AsDataFrame, Dataset, Frame};
use crate::error::{Error, Result};
use crate::seed::rng_for;

/// An ordering of features with optional scores; rank 1 = most relevant.
///
/// ```
/// use featrank::prelude::*;
/// let r = Ranking::from_scores(&["a", "b", "c"], &[0.1, 0.9, 0.1]).unwrap();
/// assert_eq!(r.order(), ["b", "a", "c"]); // the tie a/c keeps the input order
/// assert_eq!(r.rank_of("c"), Some(3));
/// let df = r.to_polars().unwrap();
/// assert_eq!(Ranking::from_polars(&df).unwrap(), r);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ranking {
    name: String,
    /// Feature names in rank order (index 0 = rank 1).
    order: Vec<String>,
    /// Scores aligned with `order`, when the ranking came from scores.
    scores: Option<Vec<f64>>,
}

impl Ranking {
    /// Rank features by descending score; ties keep the input order.
    pub fn from_scores<S: AsRef<str>>(features: &[S], scores: &[f64]) -> Result<Ranking> {
        if features.len() != scores.len() {
            return Err(Error::param("scores", format!("{} scores for {} features", scores.len(), features.len())));
        }
        let mut names = checked_names(features)?;
        if let Some(i) = scores.iter().position(|s| s.is_nan()) {
            return Err(Error::param("scores", format!("feature '{}' has a NaN score", names[i])));
        }
        let idx = rank_order(scores);
        Ok(Ranking {
            name: "ranking".into(),
            // each name moved, not copied (10⁵ terms' names held once)
            order: idx.iter().map(|&i| std::mem::take(&mut names[i])).collect(),
            scores: Some(idx.iter().map(|&i| scores[i]).collect()),
        })
    }

    /// A ranking given as names in rank order (first = rank 1).
    pub fn from_order<S: AsRef<str>>(order: &[S]) -> Result<Ranking> {
        Ok(Ranking { name: "ranking".into(), order: checked_names(order)?, scores: None })
    }

    /// A uniformly random ranking of `features`, reproducible from `seed` and `stream`.
    pub fn random<S: AsRef<str>>(features: &[S], seed: u64, stream: u64) -> Result<Ranking> {
        let mut order = checked_names(features)?;
        order.shuffle(&mut rng_for(seed, &[stream]));
        Ok(Ranking { name: format!("random{stream}"), order, scores: None })
    }

    /// Read a frame with a `feature` column and a `score` and/or `rank` column. With `rank`, the order
    /// follows ascending rank (ties keep row order) and `score`, if present, is kept; with only `score`,
    /// as [`Ranking::from_scores`].
    pub fn from_polars(frame: impl AsDataFrame) -> Result<Ranking> {
        let frame = frame.as_data_frame();
        let names: Vec<String> = frame.get_column_names().iter().map(|s| s.to_string()).collect();
        let features =
            frame.column("feature").map_err(|_| Error::missing_column("feature", &names))?.cast(&DataType::String)?;
        let features: Vec<String> = features
            .str()?
            .iter()
            .enumerate()
            .map(|(i, f)| {
                f.map(str::to_string).ok_or_else(|| Error::column("feature", format!("row {i} has no feature name")))
            })
            .collect::<Result<_>>()?;
        let numeric = |col: &str| -> Result<Option<Vec<f64>>> {
            let Ok(c) = frame.column(col) else { return Ok(None) };
            if c.null_count() == c.len() {
                return Ok(None);
            }
            if !c.dtype().is_primitive_numeric() {
                return Err(Error::column(col, format!("must be numeric, found {}", c.dtype())));
            }
            let c = c.cast(&DataType::Float64)?;
            c.f64()?
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    v.filter(|v| !v.is_nan())
                        .ok_or_else(|| Error::column(col, format!("row {i} ('{}') has no value", features[i])))
                })
                .collect::<Result<Vec<_>>>()
                .map(Some)
        };
        let scores = numeric("score")?;
        match (numeric("rank")?, scores) {
            (Some(ranks), scores) => {
                let negated: Vec<f64> = ranks.iter().map(|r| -r).collect();
                let by_rank = Ranking::from_scores(&features, &negated)?;
                let scores = scores.map(|s| {
                    let pos: HashMap<&str, usize> = features.iter().enumerate().map(|(i, f)| (f.as_str(), i)).collect();
                    by_rank.order.iter().map(|f| s[pos[f.as_str()]]).collect()
                });
                Ok(Ranking { scores, ..by_rank })
            }
            (None, Some(scores)) => Ranking::from_scores(&features, &scores),
            (None, None) => Err(Error::missing_column("score' or 'rank", &names)),
        }
    }

    /// Read a ranking file (`feature,score` and/or `feature,rank`; .csv, .csv.gz or .parquet); the ranking is
    /// named after the file stem.
    pub fn read_csv(path: impl AsRef<std::path::Path>) -> Result<Ranking> {
        let path = path.as_ref();
        let frame = crate::data::io::read(path)?;
        let stem = path.file_name().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let stem = stem.split('.').next().unwrap_or("ranking").to_string();
        Ok(Ranking::from_polars(&frame)?.with_name(stem))
    }

    /// The same ranking with a display name (used as the ranking's label in curves and tables).
    pub fn with_name(mut self, name: impl Into<String>) -> Ranking {
        self.name = name.into();
        self
    }

    /// The display name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Feature names in rank order.
    pub fn order(&self) -> &[String] {
        &self.order
    }

    /// Scores in rank order, when known.
    pub fn scores(&self) -> Option<&[f64]> {
        self.scores.as_deref()
    }

    /// Number of ranked features.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// `true` for a ranking of no features (cannot be built; kept for API completeness).
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// "The best of both" (\[P20\] §4, water: one ranking orders the head better, another the tail): this
    /// ranking's top `k` features, then the remaining ones in `tail`'s order. Both must rank the same
    /// features. Named `head+tail@k`. [`crate::eval::Curves::splice_point`] finds `k` from two rankings' curves.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let a = Ranking::from_order(&["x", "y", "z", "w"]).unwrap().with_name("a");
    /// let b = Ranking::from_order(&["w", "z", "y", "x"]).unwrap().with_name("b");
    /// let s = a.splice(&b, 2).unwrap();
    /// assert_eq!(s.order(), ["x", "y", "w", "z"]);
    /// assert_eq!(s.name(), "a+b@2");
    /// assert!(a.splice(&Ranking::from_order(&["x", "y", "v", "w"]).unwrap(), 1).is_err());
    /// ```
    pub fn splice(&self, tail: &Ranking, k: usize) -> Result<Ranking> {
        if k > self.order.len() {
            return Err(Error::param("k", format!("the head has {} features, not {k}", self.order.len())));
        }
        let mut a: Vec<&String> = self.order.iter().collect();
        let mut b: Vec<&String> = tail.order.iter().collect();
        a.sort();
        b.sort();
        if a != b {
            let stray = a
                .iter()
                .find(|f| b.binary_search(f).is_err())
                .or_else(|| b.iter().find(|f| a.binary_search(f).is_err()));
            return Err(Error::param(
                "tail",
                format!(
                    "rankings '{}' and '{}' rank different features (e.g. '{}')",
                    self.name,
                    tail.name,
                    stray.map_or("", |f| f.as_str())
                ),
            ));
        }
        let head = &self.order[..k];
        let mut order: Vec<String> = head.to_vec();
        order.extend(tail.order.iter().filter(|f| !head.contains(f)).cloned());
        Ok(Ranking { name: format!("{}+{}@{k}", self.name, tail.name), order, scores: None })
    }

    /// The dataset with only this ranking's top `k` features, in rank order (target kept): what to fit
    /// one's own model on. `.to_ndarray()` of it gives the matrix, `.to_linfa()` a linfa
    /// dataset. The ranking must rank the dataset's features (as [`Ranking::positions_in`]).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let r = ReliefF::new().rank(&iris, 0).unwrap();
    /// let top = r.select(&iris, 2).unwrap();
    /// assert_eq!(top.feature_names(), &r.order()[..2]);
    /// assert_eq!(top.to_ndarray().unwrap().dim(), (150, 2));
    /// assert!(r.select(&iris, 5).is_err()); // iris has 4 features
    /// ```
    pub fn select(&self, data: &Dataset, k: usize) -> Result<Dataset> {
        let positions = self.positions_in(data)?;
        if k == 0 || k > positions.len() {
            let reason =
                format!("select between 1 and {} features (ranking '{}'), not {k}", positions.len(), self.name);
            return Err(Error::param("k", reason));
        }
        data.select_features(&self.order[..k])
    }

    /// 1-based rank of `feature`.
    pub fn rank_of(&self, feature: &str) -> Option<usize> {
        self.order.iter().position(|f| f == feature).map(|p| p + 1)
    }

    /// The dataset's feature indices in rank order. Every dataset feature must be ranked exactly once.
    pub fn positions_in(&self, data: &Dataset) -> Result<Vec<usize>> {
        // One lookup table, not a scan per feature: rankings of 10,000 genes are placed once per split.
        let index: std::collections::HashMap<&str, usize> =
            data.feature_names().iter().enumerate().map(|(j, n)| (n.as_str(), j)).collect();
        let positions = self
            .order
            .iter()
            .map(|f| {
                index.get(f.as_str()).copied().ok_or_else(|| {
                    Error::param(
                        "ranking",
                        format!("ranking '{}' names feature '{f}', which the dataset does not have", self.name),
                    )
                })
            })
            .collect::<Result<Vec<_>>>()?;
        if positions.len() != data.n_features() {
            let mut ranked = vec![false; data.n_features()];
            positions.iter().for_each(|&p| ranked[p] = true);
            let missing: Vec<&str> = (0..data.n_features())
                .filter(|&j| !ranked[j])
                .take(5)
                .map(|j| data.feature_names()[j].as_str())
                .collect();
            return Err(Error::param(
                "ranking",
                format!(
                    "ranking '{}' ranks {} of the dataset's {} features; unranked: {}",
                    self.name,
                    positions.len(),
                    data.n_features(),
                    missing.join(", ")
                ),
            ));
        }
        Ok(positions)
    }

    /// As a frame with columns `feature`, `score` (null when unknown) and `rank`, in rank order.
    pub fn to_polars(&self) -> Result<Frame> {
        let n = self.order.len();
        let score: Vec<Option<f64>> = match &self.scores {
            Some(s) => s.iter().map(|&v| Some(v)).collect(),
            None => vec![None; n],
        };
        Ok(DataFrame::new(
            n,
            vec![
                Column::new("feature".into(), &self.order),
                Column::new("score".into(), score),
                Column::new("rank".into(), (1..=n as u32).collect::<Vec<u32>>()),
            ],
        )?
        .into())
    }
}

/// Indices by descending score, ties in the given order: the order of every ranking made from scores.
pub(crate) fn rank_order(scores: &[f64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..scores.len()).collect();
    idx.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
    idx
}

/// Names as owned strings, refusing an empty list and repeated names.
fn checked_names<S: AsRef<str>>(features: &[S]) -> Result<Vec<String>> {
    if features.is_empty() {
        return Err(Error::param("features", "a ranking needs at least one feature"));
    }
    {
        let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::with_capacity(features.len());
        for f in features {
            if !seen.insert(f.as_ref()) {
                return Err(Error::DuplicateName { name: f.as_ref().to_string(), context: "the ranking".into() });
            }
        }
    } // the set is gone before the names are copied
    Ok(features.iter().map(|f| f.as_ref().to_string()).collect())
}
