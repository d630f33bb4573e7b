//! One spec grammar for learners and rankers, used by the CLI and the API alike.
//!
//! ```text
//! spec   = method [ ":" param { "," param } ]
//! param  = key "=" value
//! value  = text without , ( ) [ ] | "(" spec ")" | "[" value { "," value } "]"
//! ```
//!
//! A value in brackets is a **grid** of values to tune over (`ecfs:alpha=[0.1,0.3,0.5]`,
//! `svm:c=[0.01,0.1,1],kernel=[linear,poly]`): [`Spec::grid`] gives every combination. Everything that builds
//! one learner or ranker refuses a grid, naming the key.
//!
//! A bare value (`knn:10`) parses, but every method refuses it, naming the key it most likely meant
//! (`did you mean knn:k=10?`).
//!
//! `knn:k=10`, `relieff:k=10,m=all`, `svm:c=0.1,kernel=poly,degree=2`, and a ranker inside another in
//! parentheses: `bag:base=(relieff:k=5),bootstraps=20`. Every learner and ranker reports its **full**
//! spec (every parameter, defaults included) through `spec()`, and parsing that spec rebuilds an equal
//! model: [`Display`](std::fmt::Display) and [`FromStr`] round-trip, so a result that records a spec
//! records exactly what made it.

use std::fmt;
use std::str::FromStr;

use crate::error::{quote, Error, Result};

/// A method name with `key=value` parameters, e.g. `relieff:k=10,m=all`.
///
/// ```
/// use featrank::Spec;
/// let s: Spec = "relieff:k=10, m=all".parse().unwrap();
/// assert_eq!(s.method(), "relieff");
/// assert_eq!(s.get("k", 3usize).unwrap(), 10);
/// assert_eq!(s.get_or_none::<usize>("m", "all").unwrap(), None);
/// assert_eq!(s.to_string(), "relieff:k=10,m=all");
/// // a spec inside a spec sits in parentheses, and the whole round-trips
/// let bag = Spec::new("bag").with("base", &s).with("bootstraps", 20);
/// assert_eq!(bag.to_string(), "bag:base=(relieff:k=10,m=all),bootstraps=20");
/// assert_eq!(bag.to_string().parse::<Spec>().unwrap(), bag);
/// // a value needs its key
/// let err = featrank::learners::parse("knn:10").unwrap_err().to_string();
/// assert!(err.contains("did you mean knn:k=10?"), "{err}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    method: String,
    params: Vec<(String, String)>,
}

impl Spec {
    /// A spec with no parameters.
    pub fn new(method: &str) -> Spec {
        Spec { method: method.to_string(), params: Vec::new() }
    }

    /// Add `key=value` (the value as it displays; a spec value is put in parentheses when shown).
    pub fn with(mut self, key: &str, value: impl fmt::Display) -> Spec {
        self.params.push((key.to_string(), value.to_string()));
        self
    }

    /// Add `key=value`, or `key=none_word` when `value` is `None`.
    pub fn with_opt<T: fmt::Display>(self, key: &str, value: Option<T>, none_word: &str) -> Spec {
        match value {
            Some(v) => self.with(key, v),
            None => self.with(key, none_word),
        }
    }

    /// The same parameters under another method name (e.g. an alias resolved to its method).
    pub fn renamed(&self, method: &str) -> Spec {
        Spec { method: method.to_string(), params: self.params.clone() }
    }

    /// The method name.
    pub fn method(&self) -> &str {
        &self.method
    }

    /// The parameters in the order given.
    pub fn params(&self) -> impl Iterator<Item = (&str, &str)> {
        self.params.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Refuse any key not in `known`, so a typo never silently falls back to a default.
    /// A bare value (`knn:10`) is refused with the key it most likely meant (`did you mean knn:k=10?`),
    /// and a list (a grid, [`Spec::grid`]) with the key it stands for: one model takes one value.
    pub fn check_keys(&self, known: &[&str]) -> Result<()> {
        self.refuse_grid()?;
        match self.params.iter().find(|(k, _)| !known.contains(&k.as_str())).map(|(k, v)| (k, v)) {
            None => Ok(()),
            Some((bare, v)) if bare.is_empty() => {
                let (method, v) = (quote(&self.method), quote(v));
                Err(Error::param(
                    "spec",
                    match known.first() {
                        _ if known.contains(&v.as_ref()) => {
                            format!("'{method}:{v}': the parameter '{v}' has no value; write {method}:{v}=VALUE")
                        }
                        Some(key) => format!(
                            "'{method}:{v}' names no parameter; did you mean {method}:{key}={v}? {method} takes: {}",
                            known.join(", ")
                        ),
                        None => format!("'{method}:{v}': {method} takes no parameters"),
                    },
                ))
            }
            Some((bad, _)) if known.is_empty() => {
                Err(Error::param(bad, format!("unknown parameter; {} takes none", self.method)))
            }
            Some((bad, _)) => {
                Err(Error::param(bad, format!("unknown parameter; {} takes: {}", self.method, known.join(", "))))
            }
        }
    }

    /// [`Spec::check_keys`] with the keys of a method's [`Param`](crate::param::Param) list — the one list of
    /// keys the parser takes and the catalogs show — and each value given against its key's range
    /// ([`Values::check`](crate::param::Values::check)): the one check of a method's parameters on their own,
    /// whether it is parsed from a spec or built with setters (the rankers' and learners' `checked` run it on
    /// the method's [`spec`](crate::method::Method::spec), [`Spec::check_values`]).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let err = featrank::rankers::parse("relieff:k=0").unwrap_err().to_string();
    /// assert_eq!(err, "invalid parameter 'k': 0 is outside its range, whole number ≥ 1");
    /// // built with setters: refused by the same check before any work
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// assert_eq!(ReliefF::new().k(0).rank(&iris, 0).unwrap_err().to_string(), err);
    /// ```
    pub fn check_params(&self, params: &[crate::param::Param]) -> Result<()> {
        self.check_keys(&params.iter().map(|p| p.key).collect::<Vec<_>>())?;
        self.check_values(params)
    }

    /// Each value whose key `params` lists, against its range ([`Values::check`](crate::param::Values::check));
    /// keys it does not list are left alone (a user's own method's spec carries its own).
    pub fn check_values(&self, params: &[crate::param::Param]) -> Result<()> {
        for (key, value) in &self.params {
            if let Some(p) = params.iter().find(|p| p.key == key) {
                p.values.check(key, value)?;
            }
        }
        Ok(())
    }

    /// Whether any value is a list (a grid to tune over).
    pub fn is_grid(&self) -> bool {
        self.params.iter().any(|(_, v)| list_items(v).is_some())
    }

    /// Every combination of the listed values, in order (the first listed key varies slowest); a spec
    /// without lists gives itself.
    ///
    /// ```
    /// use featrank::Spec;
    /// let grid: Spec = "svm:c=[0.1, 1],kernel=[linear,poly],tol=0.001".parse().unwrap();
    /// assert_eq!(grid.to_string(), "svm:c=[0.1,1],kernel=[linear,poly],tol=0.001"); // round-trips
    /// let each: Vec<String> = grid.grid().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(each, ["svm:c=0.1,kernel=linear,tol=0.001", "svm:c=0.1,kernel=poly,tol=0.001",
    ///                   "svm:c=1,kernel=linear,tol=0.001", "svm:c=1,kernel=poly,tol=0.001"]);
    /// // one model is one point of the grid: a list is refused where a model is built
    /// let err = featrank::learners::parse("svm:c=[0.1,1]").unwrap_err().to_string();
    /// assert!(err.contains("'c=[0.1,1]' is a grid"), "{err}");
    /// ```
    pub fn grid(&self) -> Vec<Spec> {
        let mut out = vec![Spec::new(&self.method)];
        for (k, v) in &self.params {
            let values: Vec<&str> = match list_items(v) {
                Some(Ok(items)) => items
                    .into_iter()
                    .map(|i| i.strip_prefix('(').and_then(|i| i.strip_suffix(')')).unwrap_or(i))
                    .collect(),
                _ => vec![v.as_str()],
            };
            out = out.into_iter().flat_map(|s| values.iter().map(move |v| s.clone().with(k, v))).collect();
        }
        out
    }

    /// Refuse a grid (a list value), naming its key: one model takes one value. The registries
    /// (`learners::from_spec`, `rankers::from_spec`) and [`Spec::check_keys`] call it.
    pub fn refuse_grid(&self) -> Result<()> {
        match self.params.iter().find(|(_, v)| list_items(v).is_some()) {
            Some((k, v)) => Err(Error::param(
                k.as_str(),
                format!("'{k}={v}' is a grid of values, for tuning; a single {} takes one value", self.method),
            )),
            None => Ok(()),
        }
    }

    /// The raw value of `key`, if given.
    pub fn value(&self, key: &str) -> Option<&str> {
        self.params.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The value of `key` read as `T`, or `default` when absent.
    pub fn get<T: FromStr>(&self, key: &str, default: T) -> Result<T> {
        match self.value(key) {
            None => Ok(default),
            Some(v) => read(key, v),
        }
    }

    /// The value of `key` read as `T`; `None` when absent or equal to `none_word` (e.g. `m=all`).
    pub fn get_or_none<T: FromStr>(&self, key: &str, none_word: &str) -> Result<Option<T>> {
        match self.value(key) {
            None => Ok(None),
            Some(v) if v == none_word => Ok(None),
            Some(v) => read(key, v).map(Some),
        }
    }
}

/// A CLI flag's value through the type's own `FromStr`, its error as the library words it (clap's
/// `value_parser = crate::spec::flag::<Grid>`): the one reader of the typed flags of runs and jobs.
#[cfg(feature = "cli")]
pub(crate) fn flag<T: FromStr<Err = Error>>(text: &str) -> std::result::Result<T, String> {
    text.parse().map_err(|e: Error| e.message())
}

/// A method built from the spec nested under `key` (`base=(relieff:k=5)`), its error naming `key`:
/// `invalid parameter 'base': unknown ranking method 'relief'; did you mean 'relieff'? …`.
///
/// ```
/// let err = featrank::rankers::parse("bag:base=(relief)").unwrap_err().to_string();
/// assert!(err.starts_with("invalid parameter 'base': unknown ranking method 'relief'"), "{err}");
/// ```
pub fn nested<T>(key: &str, built: Result<T>) -> Result<T> {
    built.map_err(|e| Error::param(key, e.message()))
}

/// The longest spec text the parser reads (a grid of many values fits easily).
pub const MAX_LEN: usize = 4096;

/// How deep specs nest (`bag:base=(shadow:base=(…))`) and lists sit in them: far beyond any real use, and
/// well within what building the nested learners and rankers can recurse through.
pub const MAX_DEPTH: usize = 32;

fn read<T: FromStr>(key: &str, v: &str) -> Result<T> {
    v.parse::<T>().map_err(|_| Error::param(key, format!("cannot read '{}' as a {}", quote(v), kind_of::<T>())))
}

/// A readable name of a value type for messages.
fn kind_of<T>() -> &'static str {
    let full = std::any::type_name::<T>();
    match full {
        "usize" | "u64" | "u32" => "whole number ≥ 0",
        "f64" | "f32" => "number",
        "bool" => "true/false",
        _ => full.rsplit("::").next().unwrap_or(full),
    }
}

/// Whether a value must sit in parentheses to parse back.
fn needs_parens(v: &str) -> bool {
    v.contains([',', '(', ')', '=', ':']) && list_items(v).is_none()
}

/// The items of a list value `[a, b, …]` (trimmed; an empty list or item is an error), or `None` when `v`
/// is not a list.
fn list_items(v: &str) -> Option<std::result::Result<Vec<&str>, String>> {
    let inner = v.strip_prefix('[')?.strip_suffix(']')?;
    Some(split_top(inner).and_then(|items| {
        let items: Vec<&str> = items.into_iter().map(str::trim).collect();
        match items.iter().any(|i| i.is_empty()) {
            true => Err(format!("'{v}' has an empty item")),
            false => Ok(items),
        }
    }))
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.method)?;
        for (i, (k, v)) in self.params.iter().enumerate() {
            let sep = if i == 0 { ':' } else { ',' };
            if k.is_empty() {
                write!(f, "{sep}{v}")?; // a bare value, kept so that check_keys can name the key meant
            } else if needs_parens(v) {
                write!(f, "{sep}{k}=({v})")?;
            } else {
                write!(f, "{sep}{k}={v}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Spec {
    type Err = Error;

    fn from_str(s: &str) -> Result<Spec> {
        let bad = |why: String| Error::param(SPEC_PARAMETER, format!("'{}': {why}", quote(s)));
        if s.len() > MAX_LEN {
            return Err(bad(format!("{} characters; a spec has at most {MAX_LEN}", s.chars().count())));
        }
        let depth = s
            .chars()
            .scan(0i64, |d, c| {
                *d += match c {
                    '(' | '[' => 1,
                    ')' | ']' => -1,
                    _ => 0,
                };
                Some(*d)
            })
            .max()
            .unwrap_or(0);
        if depth > MAX_DEPTH as i64 {
            return Err(bad(format!(
                "nested {depth} deep; a spec nests at most {MAX_DEPTH} parentheses or brackets deep"
            )));
        }
        let (method, rest) = match s.split_once(':') {
            Some((m, r)) => (m.trim(), Some(r)),
            None => (s.trim(), None),
        };
        if method.is_empty() || method.contains(['(', ')', ',', '=']) {
            return Err(bad(format!("'{}' is not a method name", quote(method))));
        }
        let mut spec = Spec::new(method);
        let Some(rest) = rest else { return Ok(spec) };
        for part in split_top(rest).map_err(bad)? {
            // a bare value is kept under the empty key, so the method's `check_keys` can name the key meant
            let (k, v) = match part.split_once('=') {
                Some(kv) => kv,
                None if part.trim().is_empty() => return Err(bad("an empty parameter".into())),
                None if spec.value("").is_some() => {
                    return Err(bad(format!(
                        "'{}' is not key=value; name the parameter, e.g. {method}:KEY={}",
                        part.trim(),
                        part.trim()
                    )))
                }
                None => ("", part),
            };
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() && part.contains('=') {
                return Err(bad(format!("'{part}' has no key")));
            }
            let list;
            let v = match (v.strip_prefix('(').and_then(|v| v.strip_suffix(')')), list_items(v)) {
                (Some(inner), _) => inner.trim(),
                (None, Some(items)) => {
                    let items = items.map_err(bad)?;
                    if let Some(nested) = items.iter().find(|i| i.starts_with('[')) {
                        return Err(bad(format!("'{nested}' is a list inside a list")));
                    }
                    list = format!("[{}]", items.join(","));
                    &list
                }
                (None, None) if v.contains(['(', ')', '[', ']']) => {
                    return Err(bad(format!("unbalanced parentheses or brackets in '{}'", quote(v))))
                }
                (None, None) => v,
            };
            if spec.value(k).is_some() {
                return Err(Error::param(k, format!("given twice in '{}'", quote(s))));
            }
            spec.params.push((k.to_string(), v.to_string()));
        }
        Ok(spec)
    }
}

/// Split at commas outside parentheses and brackets.
fn split_top(s: &str) -> std::result::Result<Vec<&str>, String> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' => depth = depth.checked_sub(1).ok_or_else(|| "a ')' without its '('".to_string())?,
            ']' => depth = depth.checked_sub(1).ok_or_else(|| "a ']' without its '['".to_string())?,
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err("a '(' or '[' left open".into());
    }
    parts.push(&s[start..]);
    Ok(parts)
}

/// The parameter name of a spec text that does not parse (`invalid parameter 'spec': …`); such errors are of
/// the kind [`crate::error::ErrorKind::Spec`].
pub const SPEC_PARAMETER: &str = "spec";

/// `FromStr` and `Display` for a parameter enum from one word list, so the two cannot drift:
/// `spec_words!(Type, "what it is", { Type::A => "a" | "alias", Type::B => "b" });` — the first word is the
/// one displayed, the others are also read.
macro_rules! spec_words {
    ($t:ty, $kind:expr_2021, { $($v:path => $word:literal $(| $alias:literal)*),+ $(,)? }) => {
        impl std::str::FromStr for $t {
            type Err = $crate::error::Error;
            fn from_str(s: &str) -> $crate::error::Result<Self> {
                match s {
                    $($word $(| $alias)* => Ok($v),)+
                    other => Err($crate::error::Error::Unknown {
                        kind: $kind.into(),
                        name: other.into(),
                        known: [$($word.to_string()),+].to_vec(),
                    }),
                }
            }
        }
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(match self { $($v => $word,)+ })
            }
        }
        impl $t {
            /// The words a spec writes for it (aliases aside), as [`crate::param::Values::Words`] lists them.
            pub const WORDS: &'static [&'static str] = &[$($word),+];
        }
    };
}
pub(crate) use spec_words;

/// Serde of a value as its text (`Display` to write, `FromStr` to read), for settings whose text is the
/// form users know (`kfold:folds=10`, `paper`, `accuracy`): `#[serde(with = "crate::spec::as_text")]`.
pub mod as_text {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Write `value` as its text.
    pub fn serialize<T: std::fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    /// Read a value from its text.
    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: std::str::FromStr<Err = crate::error::Error>,
        D: Deserializer<'de>,
    {
        String::deserialize(d)?.parse().map_err(|e: crate::error::Error| serde::de::Error::custom(e.message()))
    }

    /// The same for an optional value (`null` when absent).
    pub mod option {
        use serde::{Deserialize, Deserializer, Serializer};

        /// Write `value` as its text, or `null`.
        pub fn serialize<T: std::fmt::Display, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
            match value {
                Some(v) => s.collect_str(v),
                None => s.serialize_none(),
            }
        }

        /// Read a value from its text, or `None` from `null`.
        pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
        where
            T: std::str::FromStr<Err = crate::error::Error>,
            D: Deserializer<'de>,
        {
            Option::<String>::deserialize(d)?
                .map(|text| text.parse().map_err(|e: crate::error::Error| serde::de::Error::custom(e.message())))
                .transpose()
        }
    }
}
