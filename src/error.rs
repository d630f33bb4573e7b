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
#[derive(Debug)]
pub enum Error {
    /// The data has no rows or no feature columns.
    EmptyData {
        /// What was empty (e.g. "the frame has no rows").
        what: String,
    },

    /// A column that was asked for does not exist.
    MissingColumn {
        /// The name that was asked for.
        column: String,
        /// The closest name when one is close ("did you mean …?") and the available names, closest
        /// first when there are many.
        available: String,
        /// The names closest to the one asked for, closest first (at most 5).
        suggestions: Vec<String>,
    },

    /// A column exists but cannot be used as it is.
    InvalidColumn {
        /// The column at fault.
        column: String,
        /// What is wrong with it.
        reason: String,
    },

    /// The target column cannot serve as the prediction target.
    InvalidTarget {
        /// The target column.
        column: String,
        /// What is wrong with it.
        reason: String,
    },

    /// Two columns (or attributes, or features in a ranking) share a name.
    DuplicateName {
        /// The repeated name.
        name: String,
        /// Where it was repeated (e.g. "ARFF header of iris.arff").
        context: String,
    },

    /// A parameter is out of its valid range.
    InvalidParameter {
        /// The parameter name as the user spells it.
        name: String,
        /// Why the value is invalid and what is accepted.
        reason: String,
    },

    /// A learner or ranker was asked to work on a task it does not handle.
    UnsupportedTask {
        /// The learner or ranker, by method name.
        method: String,
        /// The task of the data it was given.
        task: crate::task::Task,
        /// What to use instead.
        hint: String,
    },

    /// A computation met numbers it cannot work with (overflow, a singular system, no convergence).
    Numerical {
        /// The computation, named as the user knows it (parameter, column or method).
        what: String,
        /// What went wrong and what to try.
        reason: String,
    },

    /// A file could not be parsed.
    Parse {
        /// File name (or "<input>").
        source_name: String,
        /// 1-based line number, when known.
        line: Option<usize>,
        /// What is wrong.
        reason: String,
    },

    /// The file extension names no format featrank reads.
    UnsupportedFormat {
        /// The path given.
        path: String,
    },

    /// A named item (bundled dataset, method, learner) does not exist.
    Unknown {
        /// What kind of thing was looked up.
        kind: String,
        /// The name that was given.
        name: String,
        /// The known names.
        known: Vec<String>,
    },

    /// Reading or writing a file failed.
    Io {
        /// The file involved.
        path: String,
        /// The operating-system error.
        source: std::io::Error,
    },

    /// An error reported by polars that has no more specific meaning here.
    Polars(polars::error::PolarsError),

    /// Drawing a figure failed.
    Plot {
        /// The figure being drawn.
        what: String,
        /// What went wrong.
        reason: String,
    },

    /// Work whose memory estimate exceeds the limit, refused before it starts (see [`crate::memory`]).
    Memory {
        /// The work, named with its method and the data's shape.
        what: String,
        /// The estimate, in bytes.
        needed: u64,
        /// The limit, in bytes.
        limit: u64,
    },

    /// The work needs a cargo feature this build of featrank was compiled without.
    FeatureDisabled {
        /// The cargo feature.
        feature: &'static str,
        /// What was asked for (e.g. "reading data.parquet").
        what: String,
        /// What enabling it costs.
        cost: &'static str,
    },

    /// The device a run asked for ([`crate::device::Device`]) cannot do it: no GPU or driver found, a
    /// kernel that did not compile, GPU memory too small for the work (estimated before it starts).
    Device {
        /// The work, or the device's part in it.
        what: String,
        /// What was missing or went wrong, and what to do instead.
        reason: String,
    },

    /// Serialising or deserialising JSON failed.
    Json(serde_json::Error),

    /// The work was stopped on request ([`crate::progress::interrupt`], e.g. Ctrl-C in Python) before it
    /// finished; nothing of it is returned.
    Interrupted {
        /// The work that was stopped.
        what: String,
    },

    /// A user's own method — a Rust closure ([`crate::rankers::from_fn`]), a Python function or estimator, an
    /// external program — failed, or gave what featrank cannot use (scores of the wrong length, NaN, ±inf).
    External {
        /// The method as results name it (`python:mutual_info_classif`, `command:…`).
        method: String,
        /// Where it ran, e.g. `repeat 2, split 7` (empty when it ranked all rows).
        context: String,
        /// What went wrong: the method's own message, a program's exit status and the tail of its stderr.
        reason: String,
        /// The method's own error value, for a door that raises it again (Python: the exception the user's
        /// function raised, with the split in a note).
        payload: Option<std::sync::Arc<dyn std::any::Any + Send + Sync>>,
    },
}

/// What kind of trouble an [`Error`] is: how each door sorts errors (Python raises one `featrank.Error`
/// subclass per kind). [`Error::kind`] decides it for every variant, so a new variant cannot reach users
/// unsorted.
///
/// ```
/// use featrank::error::{Error, ErrorKind};
/// assert_eq!(Error::param("k", "must be ≥ 1").kind(), ErrorKind::Parameter);
/// assert_eq!(featrank::learners::parse("svn").unwrap_err().kind(), ErrorKind::Spec);
/// assert_eq!("relieff:(".parse::<featrank::Spec>().unwrap_err().kind(), ErrorKind::Spec);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Data that cannot serve: no rows or features, a name twice.
    Data,
    /// A column the data does not have.
    ColumnNotFound,
    /// A column or target that cannot be used as it is.
    Column,
    /// A parameter out of its range or unreadable.
    Parameter,
    /// A spec text that names nothing known or does not parse.
    Spec,
    /// A method asked to work on a task it does not handle.
    UnsupportedTask,
    /// Numbers a computation cannot work with.
    Numerical,
    /// A file whose contents (or name) do not parse.
    Parse,
    /// A file that does not exist.
    MissingFile,
    /// A file that cannot be read or written.
    File,
    /// Work over the memory limit, refused before it started.
    Memory,
    /// A device (the GPU) that cannot do the work, or a build without it.
    Device,
    /// Work stopped on request.
    Interrupted,
    /// A user's own method (a closure, a Python function or estimator, a program) failed or gave unusable
    /// scores.
    External,
    /// Anything else: a table library's, a figure's or JSON's own error, a build without a cargo feature.
    Other,
}

impl Error {
    /// The kind of trouble, for each variant ([`ErrorKind`]).
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::EmptyData { .. } | Error::DuplicateName { .. } => ErrorKind::Data,
            Error::MissingColumn { .. } => ErrorKind::ColumnNotFound,
            Error::InvalidColumn { .. } | Error::InvalidTarget { .. } => ErrorKind::Column,
            Error::InvalidParameter { name, .. } if name == crate::spec::SPEC_PARAMETER => ErrorKind::Spec,
            Error::InvalidParameter { .. } => ErrorKind::Parameter,
            Error::Unknown { .. } => ErrorKind::Spec,
            Error::UnsupportedTask { .. } => ErrorKind::UnsupportedTask,
            Error::Numerical { .. } => ErrorKind::Numerical,
            Error::Parse { .. } | Error::UnsupportedFormat { .. } => ErrorKind::Parse,
            Error::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => ErrorKind::MissingFile,
            Error::Io { .. } => ErrorKind::File,
            Error::Memory { .. } => ErrorKind::Memory,
            Error::Device { .. } | Error::FeatureDisabled { feature: "gpu", .. } => ErrorKind::Device,
            Error::Interrupted { .. } => ErrorKind::Interrupted,
            Error::External { .. } => ErrorKind::External,
            Error::Polars(_) | Error::Plot { .. } | Error::Json(_) | Error::FeatureDisabled { .. } => ErrorKind::Other,
        }
    }

    /// The message, e.g. `invalid parameter 'k': …`. Unlike `Display` it never shows the error in a
    /// notebook: use it to put one error's text inside another.
    pub fn message(&self) -> String {
        match self {
            Error::EmptyData { what } => format!("empty data: {what}"),
            Error::MissingColumn { column, available, .. } => {
                format!("column '{}' not found; {available}", quote(column))
            }
            Error::InvalidColumn { column, reason } => format!("column '{}': {reason}", quote(column)),
            Error::InvalidTarget { column, reason } => format!("target column '{}': {reason}", quote(column)),
            Error::DuplicateName { name, context } => format!("duplicate name '{}' in {context}", quote(name)),
            Error::InvalidParameter { name, reason } => format!("invalid parameter '{}': {reason}", quote(name)),
            Error::UnsupportedTask { method, task, hint } => {
                match task.is_structured() {
                    true => format!("{method} does not handle {} targets; {hint}", task.words()),
                    false => format!("{method} does not handle {task:?} targets; {hint}"),
                }
            }
            Error::Numerical { what, reason } => format!("numerical problem in {what}: {reason}"),
            Error::Parse { source_name, line, reason } => {
                format!("{source_name}{}: {reason}", line.map(|l| format!(", line {l}")).unwrap_or_default())
            }
            Error::UnsupportedFormat { path } => {
                format!("cannot read '{path}': unknown file extension (expected .csv, .csv.gz, .parquet or .arff)")
            }
            Error::Unknown { kind, name, known } => {
                let hint = did_you_mean(&ranked(name, known));
                format!("unknown {kind} '{}'; {hint}known: {}", quote(name), known.join(", "))
            }
            Error::Io { path, source } => format!("{path}: {source}"),
            Error::Polars(e) => format!("polars: {e}"),
            Error::Plot { what, reason } => format!("cannot draw the {what}: {reason}"),
            Error::Memory { what, needed, limit } => format!(
                "{what} would hold about {} (estimate), more than the memory limit of {}; ask for less (fewer rows or features, smaller counts where named) \
                 or raise the limit (FEATRANK_MEMORY_LIMIT, featrank::memory::set_limit, --memory-limit)",
                crate::memory::human(*needed),
                crate::memory::human(*limit)
            ),
            Error::FeatureDisabled { feature, what, cost } => format!(
                "{what} needs featrank's cargo feature `{feature}`, which this build lacks: depend on featrank with \
                 features = [\"{feature}\"] ({cost})"
            ),
            Error::Device { what, reason } => format!("{what} cannot run on the GPU: {reason}"),
            Error::Json(e) => format!("json: {e}"),
            Error::Interrupted { what } => format!("{what} was interrupted before it finished"),
            Error::External { method, context, reason, .. } => match context.is_empty() {
                true => format!("{method} failed: {reason}"),
                false => format!("{method} failed in {context}: {reason}"),
            },
        }
    }

    /// Shorthand for [`Error::InvalidParameter`].
    pub fn param(name: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::InvalidParameter { name: name.into(), reason: reason.into() }
    }

    /// Shorthand for [`Error::InvalidColumn`].
    pub fn column(column: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::InvalidColumn { column: column.into(), reason: reason.into() }
    }

    /// Shorthand for [`Error::InvalidTarget`].
    pub fn target(column: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::InvalidTarget { column: column.into(), reason: reason.into() }
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
        let ranked = ranked(column, available);
        let hint = did_you_mean(&ranked);
        let available = if available.len() <= 20 {
            let names: Vec<&str> = available.iter().map(|s| s.as_ref()).collect();
            format!("{hint}available columns: {}", names.join(", "))
        } else {
            let names: Vec<&str> = ranked.iter().take(20).map(|&(_, n)| n).collect();
            format!("{hint}{} columns, the closest: {}, …", available.len(), names.join(", "))
        };
        let suggestions = ranked.iter().take(5).map(|&(_, n)| n.to_string()).collect();
        Error::MissingColumn { column: column.to_string(), available, suggestions }
    }

    /// [`Error::External`] of `method` with no context and no payload (the ranking loops add where it ran).
    pub fn external(method: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::External { method: method.into(), context: String::new(), reason: reason.into(), payload: None }
    }

    /// The same error, said to have happened in `context` (e.g. `repeat 2, split 7`): a user's method's error
    /// keeps its kind and payload and gains the place; any other becomes an invalid `ranker` parameter naming
    /// the method and the place.
    pub fn in_context(self, method: &str, context: &str) -> Self {
        match self {
            Error::External { method, reason, payload, .. } => {
                Error::External { method, context: context.to_string(), reason, payload }
            }
            e @ (Error::Interrupted { .. } | Error::Memory { .. }) => e,
            e => Error::param("ranker", format!("{method} in {context}: {}", e.message())),
        }
    }

    /// [`Error::Io`] for `path`.
    pub fn io(path: impl AsRef<std::path::Path>, source: std::io::Error) -> Self {
        Error::Io { path: path.as_ref().display().to_string(), source }
    }
}

/// `candidates` with their similarity to `name`, most similar first: 2 for the same letters in another case,
/// 1 + Jaro–Winkler when one name contains the other (the closer in length first), else Jaro–Winkler.
fn ranked<'a, S: AsRef<str>>(name: &str, candidates: &'a [S]) -> Vec<(f64, &'a str)> {
    let similarity = |other: &str| {
        let (a, b) = (name.to_lowercase(), other.to_lowercase());
        if a == b {
            2.0
        } else if !a.is_empty() && !b.is_empty() && (a.contains(&b) || b.contains(&a)) {
            1.0 + strsim::jaro_winkler(&a, &b)
        } else {
            strsim::jaro_winkler(&a, &b)
        }
    };
    let mut ranked: Vec<(f64, &str)> = candidates.iter().map(|s| (similarity(s.as_ref()), s.as_ref())).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    ranked
}

/// "did you mean 'x'? " when the most similar candidate is close (similarity ≥ 0.8), else nothing.
fn did_you_mean(ranked: &[(f64, &str)]) -> String {
    match ranked.first() {
        Some(&(score, name)) if score >= 0.8 => format!("did you mean '{name}'? "),
        _ => String::new(),
    }
}

/// A caught panic's message (the text `panic!` was given), or `(no message)`.
pub(crate) fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(no message)".into())
}

/// At most [`QUOTE`] characters of `text` a user gave, for a message: longer text is cut, with its length
/// said (`abc… (100000 characters)`), so that a message stays readable whatever the input.
///
/// ```
/// let long = "x".repeat(100_000);
/// let shown = featrank::error::quote(&long);
/// assert!(shown.len() < 250 && shown.ends_with("… (100000 characters)"), "{shown}");
/// assert_eq!(featrank::error::quote("relieff"), "relieff");
/// ```
pub fn quote(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTE) {
        None => text.into(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], text.chars().count()).into(),
    }
}

/// How many characters of a user's text a message quotes ([`quote`]).
pub const QUOTE: usize = 200;

/// The message ([`Error::message`]). In an evcxr notebook the error is also shown as a red box in the
/// cell's output: evcxr prints an error that `?` returns to stderr, which reaches Jupyter after the
/// cell has finished (and a headless run often never); the box travels with the cell's rich output, so
/// the error is seen every time. Formatting an error twice shows it twice; [`Error::message`] never does.
impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let message = self.message();
        if in_notebook() {
            show_in_notebook(&message);
        }
        f.write_str(&message)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            Error::Polars(e) => Some(e),
            Error::Json(e) => Some(e),
            _ => None,
        }
    }
}

impl From<polars::error::PolarsError> for Error {
    fn from(e: polars::error::PolarsError) -> Error {
        Error::Polars(e)
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Error {
        Error::Json(e)
    }
}

/// Whether this process is an evcxr kernel's (evcxr sets `EVCXR_IS_RUNTIME` in the process that runs cells).
fn in_notebook() -> bool {
    static IN: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *IN.get_or_init(|| std::env::var_os("EVCXR_IS_RUNTIME").is_some())
}

/// Whether an error with this message is new to the cell: not the one shown less than a second ago. User
/// code that formats an error and then returns it with `?` formats it twice; the box shows once (a cell
/// takes longer than that to compile and run again).
fn first_showing(message: &str, now: std::time::Instant) -> bool {
    static LAST: std::sync::Mutex<Option<(String, std::time::Instant)>> = std::sync::Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let repeat = last.as_ref().is_some_and(|(m, at)| m == message && now.duration_since(*at).as_secs_f64() < 1.0);
    *last = Some((message.to_string(), now));
    !repeat
}

/// The error as rich output of the running cell (evcxr's `EVCXR_BEGIN_CONTENT` protocol on stdout), once
/// however often it is formatted ([`first_showing`]).
fn show_in_notebook(message: &str) {
    if !first_showing(message, std::time::Instant::now()) {
        return;
    }
    let text = message.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    println!(
        "EVCXR_BEGIN_CONTENT text/html\n<div class=\"featrank-error\" style=\"color:#b00020;background:#fff5f5;\
         border-left:4px solid #b00020;padding:6px 10px;white-space:pre-wrap;font-family:monospace\">\
         <b>featrank error</b>: {text}</div>\nEVCXR_END_CONTENT"
    );
}

#[cfg(test)]
mod tests {
    use super::first_showing;
    use std::time::{Duration, Instant};

    #[test]
    fn an_error_formatted_twice_shows_once() {
        let t = Instant::now();
        assert!(first_showing("column 'x' not found", t));
        assert!(!first_showing("column 'x' not found", t + Duration::from_millis(5)), "formatted again at once");
        assert!(first_showing("another error", t + Duration::from_millis(6)));
        assert!(first_showing("column 'x' not found", t + Duration::from_millis(7)), "a different one came between");
        assert!(first_showing("column 'x' not found", t + Duration::from_secs(3)), "the cell ran again");
    }
}
