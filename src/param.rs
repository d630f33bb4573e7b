//! What a method's parameters mean and which values they take: each ranker and learner lists its keys as
//! [`Param`]s (`Ranker::parameters`, `Learner::parameters`), the catalogs show them (`featrank methods`,
//! Python's `featrank.rankers()`), and a test holds every listed range to the parser: the values at a
//! range's ends are taken, the values just outside are refused by name.

use std::fmt;

/// One `key=value` parameter of a method: its key, the values it takes and what it does.
///
/// ```
/// use featrank::param::{Param, Values};
/// let k = Param::new("k", Values::whole(1), "neighbours per class");
/// assert_eq!(k.values.to_string(), "whole number ≥ 1");
/// let alpha = Param::new("alpha", Values::real(0.0, 1.0), "weight of the first term");
/// assert_eq!(alpha.values.to_string(), "real in [0, 1]");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Param {
    /// The key in the spec (`k` in `relieff:k=10`).
    pub key: &'static str,
    /// The values it takes on its own (limits that depend on the data, such as k < rows, are in `meaning`).
    pub values: Values,
    /// What it does, in a few words.
    pub meaning: &'static str,
    /// The setting of another parameter it needs (`kernel=gaussian` for `width`), or empty.
    pub needs: &'static str,
}

impl Param {
    /// A parameter that applies whatever the other parameters say.
    pub const fn new(key: &'static str, values: Values, meaning: &'static str) -> Param {
        Param { key, values, meaning, needs: "" }
    }

    /// The same parameter, taken only with another parameter's setting (`kernel=gaussian`).
    pub const fn needs(self, setting: &'static str) -> Param {
        Param { needs: setting, ..self }
    }
}

/// The values a parameter takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Values {
    /// A whole number from `min` to `max` (`u64::MAX`: no upper limit), or the word `or` (`all`, `auto`,
    /// `none`) when it is not empty.
    Whole {
        /// The smallest value taken.
        min: u64,
        /// The largest value taken.
        max: u64,
        /// A word taken instead of a number, or empty.
        or: &'static str,
    },
    /// A finite real number between `min` and `max`, each end taken when its flag says so, or the word `or`.
    Real {
        /// The lower end.
        min: f64,
        /// The upper end (`f64::INFINITY`: no upper limit; the value itself is finite).
        max: f64,
        /// Whether `min` itself is taken.
        min_in: bool,
        /// Whether `max` itself is taken.
        max_in: bool,
        /// A word taken instead of a number, or empty.
        or: &'static str,
    },
    /// One of these words.
    Words(&'static [&'static str]),
    /// One of these words, or the second field's word (`auto`) that leaves the choice to the data.
    WordsOr(&'static [&'static str], &'static str),
    /// `true` or `false`.
    Flag,
    /// A ranker or learner spec in parentheses (`base=(relieff:k=5)`); the field names which.
    Spec(&'static str),
    /// The name of a measure (`featrank methods` lists them).
    Measure,
    /// A command line in parentheses (`run=(Rscript rank.R)`): a program and its arguments.
    Command,
    /// A `module:attribute` a host language imports, in parentheses (`import=(mypackage.rankers:score)`).
    Import,
}

impl Values {
    /// A whole number ≥ `min`.
    pub const fn whole(min: u64) -> Values {
        Values::Whole { min, max: u64::MAX, or: "" }
    }

    /// A whole number ≥ `min`, or the word `or`.
    pub const fn whole_or(min: u64, or: &'static str) -> Values {
        Values::Whole { min, max: u64::MAX, or }
    }

    /// A real number in the closed interval [`min`, `max`].
    pub const fn real(min: f64, max: f64) -> Values {
        Values::Real { min, max, min_in: true, max_in: true, or: "" }
    }

    /// A real number in the open interval (`min`, `max`).
    pub const fn open(min: f64, max: f64) -> Values {
        Values::Real { min, max, min_in: false, max_in: false, or: "" }
    }

    /// A finite real number > 0.
    pub const fn positive() -> Values {
        Values::open(0.0, f64::INFINITY)
    }

    /// A finite real number ≥ 0.
    pub const fn non_negative() -> Values {
        Values::Real { min: 0.0, max: f64::INFINITY, min_in: true, max_in: false, or: "" }
    }

    /// The same range, also taking the word `or`.
    pub const fn or(self, word: &'static str) -> Values {
        match self {
            Values::Whole { min, max, .. } => Values::Whole { min, max, or: word },
            Values::Real { min, max, min_in, max_in, .. } => Values::Real { min, max, min_in, max_in, or: word },
            Values::Words(words) | Values::WordsOr(words, _) => Values::WordsOr(words, word),
            other => other,
        }
    }
}

impl Values {
    /// Check a spec's `value` for the key `key` against a numeric range — the one check of every listed range,
    /// for a method parsed from a spec and one built with setters alike ([`crate::spec::Spec::check_params`]):
    /// a number outside it, NaN or ±∞ is an [`Error::InvalidParameter`](crate::Error::InvalidParameter) naming
    /// `key` and the range. Text that is no number, words and nested specs are left to the parameter's own
    /// reading, which names what it takes.
    ///
    /// ```
    /// use featrank::param::Values;
    /// assert!(Values::whole_or(1, "all").check("m", "all").is_ok());
    /// let err = Values::whole(1).check("k", "0").unwrap_err().to_string();
    /// assert_eq!(err, "invalid parameter 'k': 0 is outside its range, whole number ≥ 1");
    /// assert!(Values::open(0.0, 1.0).check("decay", "1").is_err() && Values::real(0.0, 1.0).check("a", "1").is_ok());
    /// assert!(Values::positive().check("c", "NaN").is_err());
    /// ```
    pub fn check(&self, key: &str, value: &str) -> crate::error::Result<()> {
        let inside = match *self {
            Values::Whole { or, .. } | Values::Real { or, .. } if !or.is_empty() && value == or => true,
            Values::Whole { min, max, .. } => match value.parse::<u64>() {
                Ok(v) => v >= min && v <= max,
                Err(_) => value.parse::<f64>().is_err(), // -1, 2.5, NaN: numbers outside; other text: its reading
            },
            Values::Real { min, max, min_in, max_in, .. } => value.parse::<f64>().map_or(true, |v| {
                v.is_finite() && (if min_in { v >= min } else { v > min }) && (if max_in { v <= max } else { v < max })
            }),
            _ => true,
        };
        match inside {
            true => Ok(()),
            false => Err(crate::error::Error::param(key, format!("{value} is outside its range, {self}"))),
        }
    }
}

/// A number as a range shows it: whole numbers without a fraction.
fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

impl fmt::Display for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let or =
            |f: &mut fmt::Formatter<'_>, word: &str| if word.is_empty() { Ok(()) } else { write!(f, " or {word}") };
        match *self {
            Values::Whole { min, max, or: word } => {
                match max {
                    u64::MAX => write!(f, "whole number ≥ {min}")?,
                    _ => write!(f, "whole number in [{min}, {max}]")?,
                }
                or(f, word)
            }
            Values::Real { min, max, min_in, max_in, or: word } => {
                match (max.is_infinite(), min_in) {
                    _ if min.is_infinite() && max.is_infinite() => write!(f, "finite real")?,
                    (true, true) => write!(f, "real ≥ {}", number(min))?,
                    (true, false) => write!(f, "real > {}", number(min))?,
                    _ => write!(
                        f,
                        "real in {}{}, {}{}",
                        if min_in { '[' } else { '(' },
                        number(min),
                        number(max),
                        if max_in { ']' } else { ')' }
                    )?,
                }
                or(f, word)
            }
            Values::Words(words) => write!(f, "{}", words.join(" | ")),
            Values::WordsOr(words, word) => write!(f, "{} | {word}", words.join(" | ")),
            Values::Flag => write!(f, "true | false"),
            Values::Spec(kind) => write!(f, "a {kind} spec in ( )"),
            Values::Measure => write!(f, "a measure name"),
            Values::Command => write!(f, "a command line in ( )"),
            Values::Import => write!(f, "module:attribute in ( )"),
        }
    }
}

/// One row of a method catalog ([`catalog`]): what `featrank methods` and Python's `featrank.rankers()` show.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The method name a spec starts with.
    pub method: String,
    /// The spec with every parameter at its default.
    pub spec: String,
    /// Whether it handles a class target.
    pub classification: bool,
    /// Whether it handles a numeric target.
    pub regression: bool,
    /// Whether it handles multi-label data.
    pub multi_label: bool,
    /// Whether it handles several class or several numeric targets.
    pub multi_target: bool,
    /// Whether it handles a censored time to an event.
    pub survival: bool,
    /// Other names it answers to.
    pub aliases: Vec<String>,
    /// Its parameters.
    pub parameters: &'static [Param],
    /// Where it is published.
    pub reference: &'static str,
}

impl Entry {
    /// The row of a method: its full default `spec`, the tasks it handles (`supports`), the other names
    /// that mean it (`aliases`), its parameters and its reference.
    pub fn new(
        spec: &crate::spec::Spec,
        supports: impl Fn(crate::task::Task) -> bool,
        aliases: &[&str],
        parameters: &'static [Param],
        reference: &'static str,
    ) -> Entry {
        let method = spec.method().to_string();
        Entry {
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            spec: spec.to_string(),
            classification: supports(crate::task::Task::Classification),
            regression: supports(crate::task::Task::Regression),
            multi_label: supports(crate::task::Task::MultiLabel),
            multi_target: supports(crate::task::Task::MultiTargetClassification)
                || supports(crate::task::Task::MultiTargetRegression),
            survival: supports(crate::task::Task::Survival),
            parameters,
            reference,
            method,
        }
    }
}

/// The parameters in one cell: `k: whole number ≥ 1; m: whole number ≥ 1 or all`.
fn summary(params: &[Param]) -> String {
    let each = params.iter().map(|p| match p.needs {
        "" => format!("{}: {}", p.key, p.values),
        needs => format!("{} ({needs}): {}", p.key, p.values),
    });
    each.collect::<Vec<_>>().join("; ")
}

/// A catalog as a table: `first` (the method, under the name the registry uses: `method`, `learner`), `spec`,
/// `classification`, `regression`, `multi-label`, `multi-target`, `survival` (the tasks it handles), `aliases`, `parameters`
/// (each key with the values it takes) and `reference`.
pub fn catalog(first: &str, rows: &[Entry]) -> polars::prelude::PolarsResult<polars::prelude::DataFrame> {
    use polars::prelude::*;
    let text =
        |name: &str, f: &dyn Fn(&Entry) -> String| Column::new(name.into(), rows.iter().map(f).collect::<Vec<_>>());
    let flag =
        |name: &str, f: &dyn Fn(&Entry) -> bool| Column::new(name.into(), rows.iter().map(f).collect::<Vec<_>>());
    DataFrame::new(
        rows.len(),
        vec![
            text(first, &|r| r.method.clone()),
            text("spec", &|r| r.spec.clone()),
            flag("classification", &|r| r.classification),
            flag("regression", &|r| r.regression),
            flag("multi-label", &|r| r.multi_label),
            flag("multi-target", &|r| r.multi_target),
            flag("survival", &|r| r.survival),
            text("aliases", &|r| r.aliases.join(", ")),
            text("parameters", &|r| summary(r.parameters)),
            text("reference", &|r| r.reference.to_string()),
        ],
    )
}

/// One method's parameters as a table: `parameter`, `default`, `values`, `needs` (the setting it applies
/// with) and `meaning`. A default is the value in the full spec `rebuild` gives for `spec` (with the setting
/// the parameter needs added); none where the data decides (`measure` of permutation importance) and none for
/// a key `spec` itself writes (a wrapper's `base`, which the user must give).
pub fn table(
    params: &[Param],
    spec: &str,
    rebuild: impl Fn(&str) -> Option<crate::spec::Spec>,
) -> polars::prelude::PolarsResult<polars::prelude::DataFrame> {
    use polars::prelude::*;
    let written = spec.parse::<crate::spec::Spec>().ok();
    let default = |p: &Param| {
        if written.as_ref().is_some_and(|w| w.value(p.key).is_some()) {
            return None;
        }
        let full = match p.needs {
            "" => rebuild(spec)?,
            needs => rebuild(&format!("{spec}{}{needs}", if spec.contains(':') { "," } else { ":" }))?,
        };
        full.value(p.key).map(str::to_string)
    };
    let text =
        |name: &str, f: &dyn Fn(&Param) -> String| Column::new(name.into(), params.iter().map(f).collect::<Vec<_>>());
    DataFrame::new(
        params.len(),
        vec![
            text("parameter", &|p| p.key.to_string()),
            Column::new("default".into(), params.iter().map(&default).collect::<Vec<Option<String>>>()),
            text("values", &|p| p.values.to_string()),
            text("needs", &|p| p.needs.to_string()),
            text("meaning", &|p| p.meaning.to_string()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_written() {
        assert_eq!(Values::whole_or(1, "all").to_string(), "whole number ≥ 1 or all");
        assert_eq!(Values::Whole { min: 2, max: 9, or: "" }.to_string(), "whole number in [2, 9]");
        assert_eq!(Values::open(0.0, 1.0).to_string(), "real in (0, 1)");
        assert_eq!(Values::positive().or("auto").to_string(), "real > 0 or auto");
        assert_eq!(
            Values::Real { min: 0.0, max: 1.0, min_in: true, max_in: false, or: "" }.to_string(),
            "real in [0, 1)"
        );
        assert_eq!(Values::Words(&["weka", "rsk"]).to_string(), "weka | rsk");
        assert_eq!(Values::Words(&["binary", "generalized"]).or("auto").to_string(), "binary | generalized | auto");
        assert_eq!(Values::Spec("ranker").to_string(), "a ranker spec in ( )");
    }
}
