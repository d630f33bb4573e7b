//! [`Summary`]: shape, classes, missing values, constant features and text columns of a [`Dataset`].

use polars::prelude::DataType;
use serde::Serialize;

use super::{Dataset, FeatureKind, Task};

impl Dataset {
    /// A short description of shape, classes and missing values (what `featrank info` prints).
    pub fn summary(&self) -> Summary {
        let missing = self.missing_counts();
        let constant = self.constant_features();
        Summary {
            rows: self.n_rows(),
            features: self.n_features(),
            numeric: self.kinds.iter().filter(|k| !k.is_nominal()).count(),
            nominal: self.kinds.iter().filter(|k| k.is_nominal()).count(),
            target: self.target_name().to_string(),
            task: self.task(),
            classes: self
                .class_names()
                .unwrap_or_default()
                .iter()
                .cloned()
                .zip(self.class_counts().unwrap_or_default())
                .collect(),
            missing: self.names.iter().zip(&missing).filter(|(_, &m)| m > 0).map(|(n, &m)| (n.clone(), m)).collect(),
            missing_cells: missing.iter().sum(),
            constant: constant.iter().map(|&j| self.names[j].clone()).collect(),
            text: self.text_features(),
        }
    }

    /// `(feature, levels)` of the features read from text (String) columns as nominal ones.
    pub fn text_features(&self) -> Vec<(String, usize)> {
        self.origins
            .iter()
            .zip(&self.kinds)
            .filter(|(o, _)| o.dtype == DataType::String)
            .map(|(o, k)| (o.name.clone(), if let FeatureKind::Nominal { levels } = k { levels.len() } else { 0 }))
            .collect()
    }
}

/// Shape, classes and missing values of a dataset; `serde` serialisable for `featrank info --json`.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Number of rows.
    pub rows: usize,
    /// Number of features.
    pub features: usize,
    /// Numeric features.
    pub numeric: usize,
    /// Nominal features.
    pub nominal: usize,
    /// Target column.
    pub target: String,
    /// Classification or regression.
    pub task: Task,
    /// `(class, count)` in code order (empty for regression).
    pub classes: Vec<(String, usize)>,
    /// `(feature, missing cells)` for features with any.
    pub missing: Vec<(String, usize)>,
    /// Missing cells in all.
    pub missing_cells: usize,
    /// Constant features.
    pub constant: Vec<String>,
    /// `(feature, levels)` of the text (String) columns read as nominal features: free text such as a
    /// hospital's name becomes one level per distinct value, which is rarely what a user meant.
    pub text: Vec<(String, usize)>,
}

/// `hospital (12 levels), ward (3 levels)`.
pub(crate) fn text_list(text: &[(String, usize)]) -> String {
    text.iter().map(|(c, n)| format!("{c} ({n} levels)")).collect::<Vec<_>>().join(", ")
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "rows: {}", self.rows)?;
        writeln!(f, "features: {} ({} numeric, {} nominal)", self.features, self.numeric, self.nominal)?;
        match self.task {
            Task::Classification => {
                writeln!(f, "target: {} (classification, {} classes)", self.target, self.classes.len())?;
                for (c, n) in &self.classes {
                    writeln!(f, "  {c}: {n}")?;
                }
            }
            Task::Regression => writeln!(f, "target: {} (regression)", self.target)?,
        }
        writeln!(f, "missing cells: {}", self.missing_cells)?;
        for (c, n) in &self.missing {
            writeln!(f, "  {c}: {n}")?;
        }
        if !self.constant.is_empty() {
            writeln!(f, "constant features: {}", self.constant.join(", "))?;
        }
        if !self.text.is_empty() {
            writeln!(f, "text columns read as nominal features: {}", text_list(&self.text))?;
        }
        Ok(())
    }
}
