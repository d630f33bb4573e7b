//! The one error type of featrank.
//!
//! Every public function that can meet bad input returns `Result<_, featrank::Error>`. Each variant
//! names the column, parameter, file or line at fault so the message alone tells a user what to fix.
//!
//! ```
//! use featrank::prelude::*;
//! let df = df!("x" => [1.0, 2.0], "y" => ["a", "b"]).unwrap();
//! let err = Dataset::from_polars(&df, "label").unwrap_err();
//! assert!(matches!(err, Error::MissingColumn { .. }));
//! assert!(err.to_string().contains("label"));
//! ```

/// Result alias used throughout featrank.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything that can go wrong in featrank, each variant naming what was at fault.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The data has no rows or no feature columns.
    #[error("empty data: {what}")]
    EmptyData {
        /// What was empty (e.g. "the frame has no rows").
        what: String,
    },

    /// A column that was asked for does not exist.
    #[error("column '{column}' not found; {available}")]
    MissingColumn {
        /// The name that was asked for.
        column: String,
        /// The closest name when one is close ("did you mean …?") and the available names, closest
        /// first when there are many.
        available: String,
    },

    /// A column exists but cannot be used as it is.
    #[error("column '{column}': {reason}")]
    InvalidColumn {
        /// The column at fault.
        column: String,
        /// What is wrong with it.
        reason: String,
    },

    /// The target column cannot serve as the prediction target.
    #[error("target column '{column}': {reason}")]
    InvalidTarget {
        /// The target column.
        column: String,
        /// What is wrong with it.
        reason: String,
    },

    /// Two columns (or attributes, or features in a ranking) share a name.
    #[error("duplicate name '{name}' in {context}")]
    DuplicateName {
        /// The repeated name.
        name: String,
        /// Where it was repeated (e.g. "ARFF header of iris.arff").
        context: String,
    },

    /// A parameter is out of its valid range.
    #[error("invalid parameter '{name}': {reason}")]
    InvalidParameter {
        /// The parameter name as the user spells it.
        name: String,
        /// Why the value is invalid and what is accepted.
        reason: String,
    },

    /// A learner or ranker was asked to work on a task it does not handle.
    #[error("{method} does not handle {task:?} targets; {hint}")]
    UnsupportedTask {
        /// The learner or ranker, by method name.
        method: String,
        /// The task of the data it was given.
        task: crate::data::Task,
        /// What to use instead.
        hint: String,
    },

    /// A computation met numbers it cannot work with (overflow, a singular system, no convergence).
    #[error("numerical problem in {what}: {reason}")]
    Numerical {
        /// The computation, named as the user knows it (parameter, column or method).
        what: String,
        /// What went wrong and what to try.
        reason: String,
    },

    /// A file could not be parsed.
    #[error("{source_name}{}: {reason}", line.map(|l| format!(", line {l}")).unwrap_or_default())]
    Parse {
        /// File name (or "<input>").
        source_name: String,
        /// 1-based line number, when known.
        line: Option<usize>,
        /// What is wrong.
        reason: String,
    },

    /// The file extension names no format featrank reads.
    #[error("cannot read '{path}': unknown file extension (expected .csv, .csv.gz, .parquet or .arff)")]
    UnsupportedFormat {
        /// The path given.
        path: String,
    },

    /// A named item (bundled dataset, method, learner) does not exist.
    #[error("unknown {kind} '{name}'; known: {known}")]
    Unknown {
        /// What kind of thing was looked up.
        kind: String,
        /// The name that was given.
        name: String,
        /// The known names, comma separated.
        known: String,
    },

    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file involved.
        path: String,
        /// The operating-system error.
        source: std::io::Error,
    },

    /// An error reported by polars that has no more specific meaning here.
    #[error("polars: {0}")]
    Polars(#[from] polars::error::PolarsError),

    /// Drawing a figure failed.
    #[error("cannot draw the {what}: {reason}")]
    Plot {
        /// The figure being drawn.
        what: String,
        /// What went wrong.
        reason: String,
    },

    /// Work whose memory estimate exceeds the limit, refused before it starts (see [`crate::memory`]).
    #[error(
        "{what} would hold about {} (estimate), more than the memory limit of {}; use fewer rows or features, \
         or raise the limit (FEATRANK_MEMORY_LIMIT, featrank::memory::set_limit, --memory-limit)",
        crate::memory::human(*.needed),
        crate::memory::human(*.limit)
    )]
    Memory {
        /// The work, named with its method and the data's shape.
        what: String,
        /// The estimate, in bytes.
        needed: u64,
        /// The limit, in bytes.
        limit: u64,
    },

    /// The work needs a cargo feature this build of featrank was compiled without.
    #[error(
        "{what} needs featrank's cargo feature `{feature}`, which this build lacks: depend on featrank with \
         features = [\"{feature}\"] ({cost})"
    )]
    FeatureDisabled {
        /// The cargo feature.
        feature: &'static str,
        /// What was asked for (e.g. "reading data.parquet").
        what: String,
        /// What enabling it costs.
        cost: &'static str,
    },

    /// Serialising or deserialising JSON failed.
    #[error("json: {0}")]
    Json(#[from] serde_json::Error),
}

impl Error {
    /// Shorthand for [`Error::InvalidParameter`].
    pub fn param(name: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::InvalidParameter {
            name: name.into(),
            reason: reason.into(),
        }
    }

    /// Shorthand for [`Error::InvalidColumn`].
    pub fn column(column: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::InvalidColumn {
            column: column.into(),
            reason: reason.into(),
        }
    }

    /// Shorthand for [`Error::InvalidTarget`].
    pub fn target(column: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::InvalidTarget {
            column: column.into(),
            reason: reason.into(),
        }
    }

    /// [`Error::MissingColumn`]: "did you mean …?" when a name is close (same letters in another case,
    /// one containing the other, or a Jaro–Winkler similarity of at least 0.8), then the available names —
    /// all of them in their order when there are at most 20, else the 20 closest.
    ///
    /// ```
    /// let names = (0..30).map(|i| format!("f{i}")).chain(["diagnosis".to_string()]).collect::<Vec<_>>();
    /// let err = featrank::Error::missing_column("Diagnosis", &names).to_string();
    /// assert!(err.starts_with("column 'Diagnosis' not found; did you mean 'diagnosis'? 31 columns, the closest: diagnosis, "));
    /// ```
    pub fn missing_column<S: AsRef<str>>(column: &str, available: &[S]) -> Self {
        let similarity = |name: &str| {
            let (a, b) = (column.to_lowercase(), name.to_lowercase());
            if a == b {
                2.0
            } else if !a.is_empty() && !b.is_empty() && (a.contains(&b) || b.contains(&a)) {
                1.5
            } else {
                strsim::jaro_winkler(&a, &b)
            }
        };
        let mut ranked: Vec<(f64, &str)> = available.iter().map(|s| (similarity(s.as_ref()), s.as_ref())).collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let hint = match ranked.first() {
            Some(&(score, name)) if score >= 0.8 => format!("did you mean '{name}'? "),
            _ => String::new(),
        };
        let available = if available.len() <= 20 {
            let names: Vec<&str> = available.iter().map(|s| s.as_ref()).collect();
            format!("{hint}available columns: {}", names.join(", "))
        } else {
            let names: Vec<&str> = ranked.iter().take(20).map(|&(_, n)| n).collect();
            format!("{hint}{} columns, the closest: {}, …", available.len(), names.join(", "))
        };
        Error::MissingColumn {
            column: column.to_string(),
            available,
        }
    }

    /// [`Error::Io`] for `path`.
    pub fn io(path: impl AsRef<std::path::Path>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.as_ref().display().to_string(),
            source,
        }
    }
}
