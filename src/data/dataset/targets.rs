//! Several targets: a [`Dataset`]'s target set one target at a time, as a label matrix, one target alone
//! (binary relevance) or as one class target of label sets (label powerset).

use std::sync::OnceLock;

use ndarray::Array2;
use polars::prelude::DataType;

use super::{target_label, Dataset, Origin, Slot, Target};
use crate::data::Task;
use crate::error::{Error, Result};

impl Target {
    /// The target of the given rows, in that order (a row may repeat).
    pub(super) fn take(&self, rows: &[usize]) -> Target {
        match self {
            Target::Classes { codes, names } => {
                Target::Classes { codes: rows.iter().map(|&r| codes[r]).collect(), names: names.clone() }
            }
            Target::Values(v) => Target::Values(rows.iter().map(|&r| v[r]).collect()),
            Target::Set(members) => Target::Set(members.iter().map(|t| t.take(rows)).collect()),
            Target::Survival(s) => Target::Survival(s.take(rows)),
        }
    }

    /// Whether this is a class target whose two classes are a label's absence and presence: `0`/`1`
    /// (any numeric spelling) or `false`/`true`.
    pub(super) fn is_label(&self) -> bool {
        let Target::Classes { names, .. } = self else { return false };
        let words = |n: &String| match n.as_str() {
            "false" => Some(0.0),
            "true" => Some(1.0),
            other => other.parse::<f64>().ok(),
        };
        let mut v: Vec<f64> = names.iter().filter_map(words).collect();
        v.sort_by(f64::total_cmp);
        names.len() == 2 && v == [0.0, 1.0]
    }

    /// For a label — a class target whose two classes are `0`/`1` (any numeric spelling) or `false`/`true` —
    /// the code of its presence (`1` or `true`); `None` for other targets.
    pub fn positive_code(&self) -> Option<usize> {
        let Target::Classes { names, .. } = self else { return None };
        if !self.is_label() {
            return None;
        }
        names.iter().position(|n| n == "true" || n.parse::<f64>().is_ok_and(|v| v == 1.0))
    }

    /// For a label ([`Target::is_label`]): whether each row has the label.
    fn presence(&self) -> Option<Vec<bool>> {
        let (Target::Classes { codes, .. }, Some(on)) = (self, self.positive_code()) else { return None };
        Some(codes.iter().map(|&c| c == on).collect())
    }
}

impl Dataset {
    /// The targets one by one: the one target, or each member of a target set.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let df = df!("x" => [0.1, 0.7, 0.4, 0.9], "happy" => [0, 1, 0, 1], "calm" => [1, 1, 0, 0]).unwrap();
    /// let ds = Dataset::from_polars_targets(&df, &["happy", "calm"]).unwrap();
    /// assert_eq!(ds.targets().len(), 2);
    /// assert_eq!(ds.target_names(), ["happy", "calm"]);
    /// assert_eq!(ds.task(), Task::MultiLabel);
    /// ```
    pub fn targets(&self) -> &[Target] {
        match &self.target {
            Target::Set(members) => members,
            one => std::slice::from_ref(one),
        }
    }

    /// Number of targets (1 unless the dataset has a target set; a survival target is one, read from two
    /// columns).
    pub fn n_targets(&self) -> usize {
        self.targets().len()
    }

    /// The target columns' names, in the order of [`Dataset::targets`] (a survival target's: time, event).
    pub fn target_names(&self) -> Vec<&str> {
        self.target_origins.iter().map(|o| o.name.as_str()).collect()
    }

    /// Multi-label data: `rows × labels`, `true` where the row has the label; `None` for other tasks.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let df = df!("x" => [0.1, 0.7, 0.4], "a" => [true, false, true], "b" => [1, 1, 0]).unwrap();
    /// let ds = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap();
    /// let y = ds.label_matrix().unwrap();
    /// assert_eq!(y.row(2).to_vec(), vec![true, false]);
    /// ```
    pub fn label_matrix(&self) -> Option<Array2<bool>> {
        if self.task() != Task::MultiLabel {
            return None;
        }
        let columns: Vec<Vec<bool>> = self.targets().iter().map(Target::presence).collect::<Option<_>>()?;
        Some(Array2::from_shape_fn((self.n_rows(), columns.len()), |(i, t)| columns[t][i]))
    }

    /// The same features with only target `t` of a target set (binary relevance: one label or target at a
    /// time). `t` out of range is an error naming it.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let df = df!("x" => [0.1, 0.7, 0.4, 0.9], "a" => [0, 1, 0, 1], "b" => [1, 1, 0, 0]).unwrap();
    /// let ds = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap();
    /// let b = ds.for_target(1).unwrap();
    /// assert_eq!((b.target_name(), b.task(), b.labels().unwrap()), ("b", Task::Classification, &[1, 1, 0, 0][..]));
    /// ```
    pub fn for_target(&self, t: usize) -> Result<Dataset> {
        let target = self.targets().get(t).cloned().ok_or_else(|| {
            Error::param("target", format!("target {t} is out of range (the dataset has {} targets)", self.n_targets()))
        })?;
        Ok(self.with_target(target, vec![self.target_origins[t].clone()]))
    }

    /// The same features with one class target: each row's combination of a multi-label or multi-target
    /// classification target set (label powerset; Tsoumakas & Katakis 2007). A class is named by its
    /// members' values joined by `,` in target order (for labels: `0,1,1,0,0,0`); classes in order of first
    /// appearance. The target is called by the joined target names.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let df = df!("x" => [0.1, 0.7, 0.4, 0.9], "a" => [0, 1, 0, 1], "b" => [1, 1, 1, 0]).unwrap();
    /// let lp = Dataset::from_polars_targets(&df, &["a", "b"]).unwrap().label_powerset().unwrap();
    /// assert_eq!(lp.class_names().unwrap(), ["0,1", "1,1", "1,0"]);
    /// assert_eq!(lp.labels().unwrap(), [0, 1, 0, 2]);
    /// ```
    pub fn label_powerset(&self) -> Result<Dataset> {
        if !matches!(self.task(), Task::MultiLabel | Task::MultiTargetClassification) {
            return Err(Error::UnsupportedTask {
                method: "label powerset".into(),
                task: self.task(),
                hint: "it combines several class targets (multi-label or multi-target classification)".into(),
            });
        }
        let members: Vec<(&[usize], &[String])> = self
            .targets()
            .iter()
            .filter_map(|t| match t {
                Target::Classes { codes, names } => Some((codes.as_slice(), names.as_slice())),
                _ => None,
            })
            .collect();
        let mut classes: Vec<Vec<usize>> = Vec::new();
        let mut index = std::collections::HashMap::new();
        let codes = (0..self.n_rows())
            .map(|i| {
                let key: Vec<usize> = members.iter().map(|(c, _)| c[i]).collect();
                *index.entry(key.clone()).or_insert_with(|| {
                    classes.push(key);
                    classes.len() - 1
                })
            })
            .collect();
        let names = classes
            .iter()
            .map(|key| key.iter().zip(&members).map(|(&c, (_, n))| n[c].as_str()).collect::<Vec<_>>().join(","))
            .collect();
        let origin = Origin { name: self.target_label.clone(), dtype: DataType::String, nan_rows: vec![] };
        Ok(self.with_target(Target::Classes { codes, names }, vec![origin]))
    }

    /// These features with another target (`origins`: one per target).
    fn with_target(&self, target: Target, target_origins: Vec<Origin>) -> Dataset {
        let mut layout: Vec<Slot> = self.layout.iter().copied().filter(|s| matches!(s, Slot::Feature(_))).collect();
        layout.extend((0..target_origins.len()).map(Slot::Target));
        Dataset {
            x: self.x.clone(),
            names: self.names.clone(),
            kinds: self.kinds.clone(),
            origins: self.origins.clone(),
            target,
            target_label: target_label(&target_origins),
            target_origins,
            layout,
            out_of_range: OnceLock::new(),
            structure: self.structure.clone(),
            source: self.source.clone(),
        }
    }
}
