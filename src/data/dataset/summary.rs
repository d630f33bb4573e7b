//! [`Summary`]: shape, classes, missing values, constant features and text columns of a [`Dataset`].

use polars::prelude::DataType;
use serde::Serialize;

use super::{Dataset, FeatureKind, Target, Task};

impl Dataset {
    /// A short description of shape, classes and missing values (what `featrank info` prints).
    pub fn summary(&self) -> Summary {
        let missing = self.missing_counts();
        let constant = self.constant_features();
        Summary {
            rows: self.n_rows(),
            features: self.n_features(),
            density: self.sparse().map(|s| s.density()),
            stored: self.sparse().map(|s| s.nnz()),
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
            targets: self.target_summaries(),
            label_sets: self.label_sets(),
            survival: self.survival().map(|s| SurvivalSummary {
                events: s.n_events(),
                censored: s.time().len() - s.n_events(),
                shortest: s.time().iter().copied().fold(f64::INFINITY, f64::min),
                longest: s.time().iter().copied().fold(0.0, f64::max),
            }),
            missing: self.names.iter().zip(&missing).filter(|&(_, &m)| m > 0).map(|(n, &m)| (n.clone(), m)).collect(),
            missing_cells: missing.iter().sum(),
            constant: constant.iter().map(|&j| self.names[j].clone()).collect(),
            text: self.text_features(),
            groups: self.groups().map(|g| {
                let sizes: Vec<usize> = g.members().iter().map(Vec::len).filter(|&n| n > 0).collect();
                let classes = match self.target() {
                    Target::Classes { codes, names } => {
                        names.iter().cloned().zip(g.holding(codes, names.len())).collect()
                    }
                    _ => Vec::new(),
                };
                GroupsSummary {
                    column: g.name().to_string(),
                    groups: sizes.len(),
                    smallest: sizes.iter().copied().min().unwrap_or(0),
                    largest: sizes.iter().copied().max().unwrap_or(0),
                    classes,
                }
            }),
            order: self.time_order().map(|t| t.name().unwrap_or("the rows' own order").to_string()),
        }
    }

    /// Each target of a target set with its class sizes (none for numeric targets); empty for one target.
    fn target_summaries(&self) -> Vec<TargetSummary> {
        if self.n_targets() < 2 {
            return Vec::new();
        }
        let names = self.target_names();
        self.targets()
            .iter()
            .zip(names)
            .map(|(t, name)| TargetSummary {
                name: name.to_string(),
                classes: match t {
                    Target::Classes { codes, names } => {
                        let mut counts = vec![0; names.len()];
                        codes.iter().for_each(|&c| counts[c] += 1);
                        names.iter().cloned().zip(counts).collect()
                    }
                    _ => Vec::new(),
                },
            })
            .collect()
    }

    /// Label cardinality, density and distinct label sets of multi-label data (Tsoumakas & Katakis 2007).
    fn label_sets(&self) -> Option<LabelSets> {
        let y = self.label_matrix()?;
        let per_row: Vec<usize> = y.rows().into_iter().map(|r| r.iter().filter(|&&b| b).count()).collect();
        let cardinality = per_row.iter().sum::<usize>() as f64 / y.nrows() as f64;
        let distinct: std::collections::HashSet<Vec<bool>> = y.rows().into_iter().map(|r| r.to_vec()).collect();
        Some(LabelSets {
            cardinality,
            density: cardinality / y.ncols() as f64,
            distinct: distinct.len(),
            empty: per_row.iter().filter(|&&c| c == 0).count(),
        })
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
    /// Classification or regression; for several targets multi-label or multi-target.
    pub task: Task,
    /// Each target of a target set with its class sizes (empty for one target).
    pub targets: Vec<TargetSummary>,
    /// Multi-label data: label cardinality, density, distinct label sets.
    pub label_sets: Option<LabelSets>,
    /// A survival target: events, censored rows and the range of the times.
    pub survival: Option<SurvivalSummary>,
    /// `(class, count)` in code order (empty for regression).
    pub classes: Vec<(String, usize)>,
    /// `(feature, missing cells)` for features with any.
    pub missing: Vec<(String, usize)>,
    /// Missing cells in all.
    pub missing_cells: usize,
    /// Sparse features: the share of cells stored (non-zero); `None` for dense features.
    pub density: Option<f64>,
    /// Sparse features: the number of stored (non-zero) cells; `None` for dense features.
    pub stored: Option<usize>,
    /// Constant features.
    pub constant: Vec<String>,
    /// `(feature, levels)` of the text (String) columns read as nominal features: free text such as a
    /// hospital's name becomes one level per distinct value, which is rarely what a user meant.
    pub text: Vec<(String, usize)>,
    /// The rows' groups, if the data has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<GroupsSummary>,
    /// The column that orders the rows in time (or the rows' own order), if the data has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
}

/// The rows' groups in a [`Summary`]: how many, how large, and in how many groups each class occurs — the
/// most folds a stratified group plan can give every class a place in.
#[derive(Debug, Clone, Serialize)]
pub struct GroupsSummary {
    /// The groups' column.
    pub column: String,
    /// Number of groups.
    pub groups: usize,
    /// Rows of the smallest group.
    pub smallest: usize,
    /// Rows of the largest group.
    pub largest: usize,
    /// `(class, groups with a row of it)` of a class target (empty otherwise).
    pub classes: Vec<(String, usize)>,
}

/// One target of a target set in a [`Summary`].
#[derive(Debug, Clone, Serialize)]
pub struct TargetSummary {
    /// The target column.
    pub name: String,
    /// `(class, rows)` in code order (for a label: `0` and `1` or `false` and `true`); empty when numeric.
    pub classes: Vec<(String, usize)>,
}

/// A survival target in a [`Summary`].
#[derive(Debug, Clone, Copy, Serialize)]
pub struct SurvivalSummary {
    /// Rows whose event was seen.
    pub events: usize,
    /// Rows censored (followed without the event).
    pub censored: usize,
    /// The shortest time.
    pub shortest: f64,
    /// The longest time.
    pub longest: f64,
}

/// How labels combine in multi-label data (Tsoumakas & Katakis 2007, §4).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct LabelSets {
    /// Label cardinality: the mean number of labels per row.
    pub cardinality: f64,
    /// Label density: the cardinality divided by the number of labels.
    pub density: f64,
    /// Distinct label sets among the rows.
    pub distinct: usize,
    /// Rows with no label.
    pub empty: usize,
}

/// A density as a percentage with the digits that show it (`0.1 %`, `0.0042 %`).
pub(crate) fn density_words(d: f64) -> String {
    let pct = 100.0 * d;
    if pct == 0.0 || pct >= 1.0 {
        format!("{pct:.1} %")
    } else {
        format!("{:.*} %", (1 - pct.log10().floor() as i32).max(1) as usize, pct)
    }
}

/// `hospital (12 levels), ward (3 levels)`.
pub(crate) fn text_list(text: &[(String, usize)]) -> String {
    text.iter().map(|(c, n)| format!("{c} ({n} levels)")).collect::<Vec<_>>().join(", ")
}

/// Constant features a summary's text names at most (sparse data may have thousands of empty columns).
const SHOWN: usize = 10;

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "rows: {}", self.rows)?;
        writeln!(f, "features: {} ({} numeric, {} nominal)", self.features, self.numeric, self.nominal)?;
        if let (Some(d), Some(n)) = (self.density, self.stored) {
            writeln!(f, "sparse: {n} non-zero cells, density {}", density_words(d))?;
        }
        match self.task {
            Task::Classification => {
                writeln!(f, "target: {} (classification, {} classes)", self.target, self.classes.len())?;
                for (c, n) in &self.classes {
                    writeln!(f, "  {c}: {n}")?;
                }
            }
            Task::Regression => writeln!(f, "target: {} (regression)", self.target)?,
            Task::Survival => {
                let s = self.survival.expect("a survival task has its summary");
                writeln!(
                    f,
                    "target: {} (survival: {} events, {} censored, times {} … {})",
                    self.target, s.events, s.censored, s.shortest, s.longest
                )?
            }
            task => {
                writeln!(
                    f,
                    "targets: {} ({task_words}, {} targets)",
                    self.target,
                    self.targets.len(),
                    task_words = task.words()
                )?;
                for t in &self.targets {
                    let classes: Vec<String> = t.classes.iter().map(|(c, n)| format!("{c}: {n}")).collect();
                    match classes.is_empty() {
                        true => writeln!(f, "  {}", t.name)?,
                        false => writeln!(f, "  {}: {}", t.name, classes.join(", "))?,
                    }
                }
                if let Some(l) = &self.label_sets {
                    writeln!(
                        f,
                        "label cardinality: {:.3}, density: {:.3}, distinct label sets: {}, rows without a label: {}",
                        l.cardinality, l.density, l.distinct, l.empty
                    )?;
                }
            }
        }
        writeln!(f, "missing cells: {}", self.missing_cells)?;
        for (c, n) in &self.missing {
            writeln!(f, "  {c}: {n}")?;
        }
        if !self.constant.is_empty() {
            let shown = self.constant.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
            match self.constant.len() {
                n if n > SHOWN => writeln!(f, "constant features: {n}, e.g. {shown}, …")?,
                _ => writeln!(f, "constant features: {shown}")?,
            }
        }
        if !self.text.is_empty() {
            writeln!(f, "text columns read as nominal features: {}", text_list(&self.text))?;
        }
        if let Some(g) = &self.groups {
            writeln!(f, "groups: {} in '{}', {} … {} rows each", g.groups, g.column, g.smallest, g.largest)?;
            if !g.classes.is_empty() {
                let classes: Vec<String> = g.classes.iter().map(|(c, n)| format!("{c}: {n}")).collect();
                writeln!(f, "  groups with each class: {}", classes.join(", "))?;
            }
        }
        if let Some(order) = &self.order {
            writeln!(f, "time order: {order}")?;
        }
        Ok(())
    }
}
