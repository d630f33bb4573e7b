//! The pieces of a curve run and what each computed: a [`Unit`] (the full set, a candidate or a random
//! ranking, in one repeat) and its [`UnitResult`], with the long table the CLI's `run` writes and `merge`
//! reads back.

use std::collections::HashMap;

use polars::prelude::*;
use serde::{Deserialize, Serialize};

use crate::data::long_table::LongTable;
use crate::data::{AsDataFrame, Frame};
use crate::error::{Error, Result};

/// One independent piece of a curve run.
///
/// ```
/// use featrank::eval::Unit;
/// let u = Unit::Random { ranking: 3, repeat: 1 };
/// let json = serde_json::to_string(&u).unwrap();
/// assert_eq!(json, r#"{"unit":"random","index":3,"repeat":1}"#);
/// assert_eq!(serde_json::from_str::<Unit>(&json).unwrap(), u);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "unit", rename_all = "snake_case")]
pub enum Unit {
    /// The full feature set in one repeat (the last point of every curve).
    Full {
        /// The repeat.
        repeat: usize,
    },
    /// FFA and RFA of candidate `index` (in the order given) in one repeat; a per-fold ranker first ranks
    /// the repeat's training splits.
    Candidate {
        /// Position of the candidate.
        #[serde(rename = "index")]
        candidate: usize,
        /// The repeat.
        repeat: usize,
    },
    /// Random ranking `index` of the expected curve in one repeat.
    Random {
        /// Stream of the random ranking.
        #[serde(rename = "index")]
        ranking: usize,
        /// The repeat.
        repeat: usize,
    },
}

impl Unit {
    fn label(self) -> &'static str {
        match self {
            Unit::Full { .. } => "full",
            Unit::Candidate { .. } => "candidate",
            Unit::Random { .. } => "random",
        }
    }

    fn parts(self) -> (usize, usize) {
        match self {
            Unit::Full { repeat } => (0, repeat),
            Unit::Candidate { candidate, repeat } => (candidate, repeat),
            Unit::Random { ranking, repeat } => (ranking, repeat),
        }
    }

    fn from_parts(label: &str, index: usize, repeat: usize) -> Result<Unit> {
        match label {
            "full" => Ok(Unit::Full { repeat }),
            "candidate" => Ok(Unit::Candidate { candidate: index, repeat }),
            "random" => Ok(Unit::Random { ranking: index, repeat }),
            other => Err(Error::param("unit", format!("unknown unit kind {other:?} (full, candidate or random)"))),
        }
    }
}

impl std::fmt::Display for Unit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (index, repeat) = self.parts();
        match self {
            Unit::Full { .. } => write!(f, "full set, repeat {repeat}"),
            _ => write!(f, "{} {index}, repeat {repeat}", self.label()),
        }
    }
}

/// The measure of one chain of subsets in one repeat, per size: on the pooled predictions of all splits,
/// and on each split's test rows alone.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Scores {
    pub(super) pooled: Vec<f64>,
    /// `splits[size][split]`
    pub(super) splits: Vec<Vec<f64>>,
}

/// What one [`Unit`] computed: its chains' values (the full set: one; a candidate: FFA then RFA; a random
/// ranking: one) and, for a per-fold candidate, the ranking of each split of the repeat.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitResult {
    pub(super) unit: Unit,
    pub(super) chains: Vec<Scores>,
    pub(super) orders: Vec<Vec<u32>>,
}

/// Names of the chains of a unit in a results table.
const SERIES: [&str; 2] = ["ffa", "rfa"];
/// The `series` of a per-fold candidate's split rankings in a results table.
const ORDER: &str = "order";

impl UnitResult {
    /// The unit these values belong to.
    pub fn unit(&self) -> Unit {
        self.unit
    }

    /// Results as one long table (what `featrank run` writes): `unit, index, repeat` name the unit;
    /// `series` is `ffa` or `rfa` (a value: `position` = index of the size, `split` = −1 for the pooled
    /// predictions, else the split) or `order` (a per-fold ranking: `split`, `position` = rank − 1,
    /// `value` = feature index). Values are stored exactly, so [`UnitResult::from_polars`] gives back the
    /// same bits.
    pub fn to_polars(results: &[UnitResult]) -> Result<Frame> {
        let mut t = Table::default();
        for r in results {
            for (c, scores) in r.chains.iter().enumerate() {
                for (s, (&pooled, splits)) in scores.pooled.iter().zip(&scores.splits).enumerate() {
                    t.push(r.unit, SERIES[c], s, -1, pooled);
                    for (f, &v) in splits.iter().enumerate() {
                        t.push(r.unit, SERIES[c], s, f as i32, v);
                    }
                }
            }
            for (f, order) in r.orders.iter().enumerate() {
                for (p, &j) in order.iter().enumerate() {
                    t.push(r.unit, ORDER, p, f as i32, j as f64);
                }
            }
        }
        let n = t.value.len();
        let columns = vec![
            Column::new("unit".into(), t.unit),
            Column::new("index".into(), t.index),
            Column::new("repeat".into(), t.repeat),
            Column::new("series".into(), t.series),
            Column::new("position".into(), t.position),
            Column::new("split".into(), t.split),
            Column::new("value".into(), t.value),
        ];
        Ok(DataFrame::new(n, columns)?.into())
    }

    /// Read results back from the table of [`UnitResult::to_polars`] (extra columns are ignored).
    pub fn from_polars(table: impl AsDataFrame) -> Result<Vec<UnitResult>> {
        let t = LongTable::new(table.as_data_frame());
        let int = |name: &str| t.whole(name, "a unit results table has an empty cell");
        let (unit, series) = (t.texts("unit")?, t.texts("series")?);
        let (index, repeat, position, split) = (int("index")?, int("repeat")?, int("position")?, int("split")?);
        let value = t.floats("value")?;
        let mut out: Vec<UnitResult> = Vec::new();
        let mut at: HashMap<Unit, usize> = HashMap::new();
        for i in 0..value.len() {
            let bad = |what: &str| Error::param("unit results", format!("row {i}: {what}"));
            if index[i] < 0 || repeat[i] < 0 || position[i] < 0 || split[i] < -1 {
                return Err(bad("negative index, repeat, position or split"));
            }
            // A whole table has a row for every position and split it names: larger ones are corrupt.
            if position[i] as usize >= value.len() || split[i] + 1 > value.len() as i64 {
                return Err(bad("position or split beyond the table's rows"));
            }
            let u = Unit::from_parts(&unit[i], index[i] as usize, repeat[i] as usize)?;
            let k = *at.entry(u).or_insert_with(|| {
                out.push(UnitResult { unit: u, chains: Vec::new(), orders: Vec::new() });
                out.len() - 1
            });
            let r = &mut out[k];
            let (p, f) = (position[i] as usize, split[i]);
            if series[i] == ORDER {
                let f = usize::try_from(f).map_err(|_| bad("a ranking row without a split"))?;
                grow(&mut r.orders, f + 1, Vec::new);
                grow(&mut r.orders[f], p + 1, || u32::MAX);
                let j = value[i];
                if !(j >= 0.0 && j.fract() == 0.0 && j < u32::MAX as f64) {
                    return Err(bad(&format!("feature index {j} of a ranking is not a whole number ≥ 0")));
                }
                r.orders[f][p] = j as u32;
                continue;
            }
            let c = SERIES
                .iter()
                .position(|s| *s == series[i])
                .ok_or_else(|| bad(&format!("unknown series {:?}", series[i])))?;
            grow(&mut r.chains, c + 1, || Scores { pooled: Vec::new(), splits: Vec::new() });
            let scores = &mut r.chains[c];
            grow(&mut scores.pooled, p + 1, || f64::NAN);
            grow(&mut scores.splits, p + 1, Vec::new);
            match usize::try_from(f) {
                Err(_) => scores.pooled[p] = value[i],
                Ok(f) => {
                    grow(&mut scores.splits[p], f + 1, || f64::NAN);
                    scores.splits[p][f] = value[i];
                }
            }
        }
        Ok(out)
    }
}

/// Columns of a results table, filled row by row.
#[derive(Default)]
struct Table {
    unit: Vec<&'static str>,
    index: Vec<u32>,
    repeat: Vec<u32>,
    series: Vec<&'static str>,
    position: Vec<u32>,
    split: Vec<i32>,
    value: Vec<f64>,
}

impl Table {
    fn push(&mut self, unit: Unit, series: &'static str, position: usize, split: i32, value: f64) {
        let (index, repeat) = unit.parts();
        self.unit.push(unit.label());
        self.index.push(index as u32);
        self.repeat.push(repeat as u32);
        self.series.push(series);
        self.position.push(position as u32);
        self.split.push(split);
        self.value.push(value);
    }
}

fn grow<T>(v: &mut Vec<T>, len: usize, fill: impl FnMut() -> T) {
    if v.len() < len {
        v.resize_with(len, fill);
    }
}
