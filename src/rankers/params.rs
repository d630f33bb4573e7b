//! `key=value` parameters of a ranker as the CLI passes them (`--param k=10 --param trees=100`).

use std::collections::BTreeMap;
use std::str::FromStr;

use crate::error::{Error, Result};

/// Parsed `key=value` pairs; each ranker takes the keys it knows and refuses the others.
///
/// ```
/// use featrank::rankers::Params;
/// let p = Params::parse(&["k=10", "alpha=0.5"]).unwrap();
/// assert_eq!(p.get::<usize>("k", 3, &["k", "alpha"]).unwrap(), 10);
/// assert_eq!(p.get::<usize>("m", 3, &["k", "alpha", "m"]).unwrap(), 3);
/// assert!(Params::parse(&["k"]).is_err());
/// assert!(p.get::<usize>("alpha", 3, &["k", "alpha"]).is_err()); // 0.5 is not a whole number
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Params {
    values: BTreeMap<String, String>,
}

impl Params {
    /// Parse `key=value` strings; a repeated key or a missing `=` is an error.
    pub fn parse<S: AsRef<str>>(pairs: &[S]) -> Result<Params> {
        let mut values = BTreeMap::new();
        for pair in pairs {
            let pair = pair.as_ref();
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| Error::param("param", format!("'{pair}' is not of the form key=value")))?;
            if values.insert(k.trim().to_string(), v.trim().to_string()).is_some() {
                return Err(Error::param(k.trim(), "given twice"));
            }
        }
        Ok(Params { values })
    }

    /// The value of `key` parsed as `T`, or `default` when absent. Any key not in `known` is refused,
    /// so a typo never silently falls back to a default.
    pub fn get<T: FromStr>(&self, key: &str, default: T, known: &[&str]) -> Result<T> {
        self.check_keys(known)?;
        match self.values.get(key) {
            None => Ok(default),
            Some(v) => v
                .parse::<T>()
                .map_err(|_| Error::param(key, format!("cannot read '{v}' as a {}", std::any::type_name::<T>()))),
        }
    }

    /// Refuse any key not in `known`.
    pub fn check_keys(&self, known: &[&str]) -> Result<()> {
        match self.values.keys().find(|k| !known.contains(&k.as_str())) {
            None => Ok(()),
            Some(bad) if known.is_empty() => Err(Error::param(bad, "unknown parameter; this method takes none")),
            Some(bad) => Err(Error::param(bad, format!("unknown parameter; this method takes: {}", known.join(", ")))),
        }
    }
}
