//! What every method states, and the one registry of each kind of method.
//!
//! [`Method`] is what rankers and learners both state about themselves: their full [`Spec`], the tasks they
//! handle, their parameters and where they are published. It is the supertrait of
//! [`Ranker`](crate::rankers::Ranker) and [`Learner`](crate::learners::Learner).
//!
//! A [`Registry`] is one table of [`Entry`]s — name, aliases, the spec its catalog row shows, how to build it —
//! from which everything that lists or reads methods of a kind comes: the method names
//! ([`Registry::names`]), canonical names ([`Registry::canonical`]), parsing ([`Registry::parse`]) with its
//! did-you-mean, the catalogs ([`Registry::catalog`], [`Registry::parameters`]), the CLI's help and the tests'
//! method lists. Adding a method of one type is its file and one line of its registry, `own::<Type>(name,
//! aliases)` ([`crate::rankers::REGISTRY`], [`crate::learners::REGISTRY`]): the type's [`FromSpec`] builds it and
//! its `Default` is the method at every default.

use std::sync::Arc;

use crate::error::{Error, Result};
use crate::param::Param;
use crate::spec::Spec;
use crate::task::Task;

/// What a ranker or a learner states about itself: its spec, the tasks it handles, its parameters and its
/// reference — what the catalogs show and what a run records.
///
/// ```
/// use featrank::prelude::*;
/// let knn = Knn::new().k(5);
/// assert_eq!(knn.spec().to_string(), "knn:k=5,ties=all,distance=euclidean");
/// assert_eq!(knn.name(), "knn");
/// assert!(knn.supports(Task::Classification));
/// assert_eq!(ReliefF::new().parameters()[0].key, "k");
/// ```
pub trait Method: Send + Sync + std::fmt::Debug {
    /// The full spec: the method and every parameter, e.g. `relieff:k=10,m=all`; parsing its text with the
    /// kind's registry rebuilds an equal method.
    fn spec(&self) -> Spec;

    /// The name its results carry; the method name of its spec (e.g. `relieff`) by default.
    fn name(&self) -> String {
        self.spec().method().to_string()
    }

    /// Whether it handles `task`.
    fn supports(&self, task: Task) -> bool;

    /// The keys its spec takes, with the values each takes and what it does; what the catalogs show
    /// ([`Registry::parameters`]). The default lists none.
    fn parameters(&self) -> &'static [Param] {
        &[]
    }

    /// Where the method is published (authors, year, venue); what the catalogs show. The default is empty.
    fn reference(&self) -> &'static str {
        ""
    }
}

macro_rules! forward_method {
    ($($t:ty),*) => {$(
        impl<M: Method + ?Sized> Method for $t {
            fn spec(&self) -> Spec {
                (**self).spec()
            }
            fn name(&self) -> String {
                (**self).name()
            }
            fn supports(&self, task: Task) -> bool {
                (**self).supports(task)
            }
            fn parameters(&self) -> &'static [Param] {
                (**self).parameters()
            }
            fn reference(&self) -> &'static str {
                (**self).reference()
            }
        }
    )*};
}
// Boxed, shared and borrowed methods are methods, so notebooks pass them without wrapping.
forward_method!(Box<M>, Arc<M>, &M);

/// One method of a registry: its name, the other names users write for it, the spec its catalog row shows and
/// how it is built from a spec.
pub struct Entry<T: ?Sized + 'static> {
    /// The method name a spec starts with, e.g. `relieff`.
    pub name: &'static str,
    /// Other names users write for it (names are also read in any case and with `_` for `-`).
    pub aliases: &'static [&'static str],
    /// The spec its catalog row shows: the name, or for a method around another one of its kind, the name
    /// with a base (`bag:base=(relieff)`).
    pub example: &'static str,
    /// Builds it from a spec whose method is `name` (the spec's own parameter checks included).
    pub build: fn(&Spec) -> Result<Box<T>>,
    /// The method at every default, from its type's [`Default`] — for a method of one type under one name
    /// ([`FromSpec`]); none for one around another or a user's program. Its spec is the bare name's: the
    /// constructor's defaults and the parser's are one (a test holds every entry to it).
    pub default: Option<fn() -> Box<T>>,
    /// What it is: a method of its own, one around another of its kind, or the door to a user's program.
    pub role: Role,
}

/// A method of one type that a registry builds from its spec, and whose [`Default`] is the method at every
/// parameter's default — what a registry entry of its own type takes (`own::<ReliefF>("relieff", …)` in
/// [`crate::rankers::REGISTRY`]): `from_spec` reads each key a spec gives and takes the `Default`'s value for
/// the others, so a default is written once, in the constructor.
///
/// ```
/// use featrank::prelude::*;
/// use featrank::method::FromSpec;
/// let parsed = <ReliefF as FromSpec>::from_spec(&"relieff".parse().unwrap()).unwrap();
/// assert_eq!(parsed.spec(), ReliefF::default().spec());
/// ```
pub trait FromSpec: Sized + Default {
    /// Build it from a spec whose method is its name; absent keys take the `Default`'s values.
    fn from_spec(s: &Spec) -> Result<Self>;
}

/// [`FromSpec`] for types whose inherent `from_spec` it forwards to.
macro_rules! from_spec {
    ($($t:ty),+ $(,)?) => {$(
        impl $crate::method::FromSpec for $t {
            fn from_spec(s: &$crate::spec::Spec) -> $crate::error::Result<Self> {
                <$t>::from_spec(s)
            }
        }
    )+};
}
pub(crate) use from_spec;

/// What a registry entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A method of its own (`relieff`): in [`Registry::names`] and the tests' lists of methods.
    Own,
    /// A method around another one of its kind (`bag:base=(relieff)`).
    Wrapper,
    /// A user's own program run as the method (`command:run=(…)`): listed and parsed, never run by the tests'
    /// sweeps over every method (it needs a program).
    External,
}

impl<T: ?Sized> Entry<T> {
    /// Whether it wraps another method of its kind (its catalog row shows a base).
    pub fn wraps(&self) -> bool {
        self.role == Role::Wrapper
    }
}

impl<T: ?Sized> std::fmt::Debug for Entry<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("name", &self.name).field("aliases", &self.aliases).finish_non_exhaustive()
    }
}

/// The methods of one kind (rankers, learners) as one table of [`Entry`]s.
///
/// ```
/// use featrank::rankers::{Ranker, REGISTRY};
/// assert_eq!(REGISTRY.canonical("Mutual_Info"), "mi");
/// assert!(REGISTRY.names().any(|n| n == "relieff"));
/// assert_eq!(REGISTRY.parse("relieff:k=5").unwrap().spec().to_string(), "relieff:k=5,m=all,convention=weka");
/// let err = REGISTRY.parse("relief").unwrap_err().to_string();
/// assert!(err.contains("did you mean 'relieff'"), "{err}");
/// ```
#[derive(Debug)]
pub struct Registry<T: ?Sized + 'static> {
    /// What its methods are called in messages, e.g. `ranking method`.
    pub kind: &'static str,
    /// The first column of its catalog, e.g. `method`.
    pub column: &'static str,
    /// Its methods, in the order the catalogs and lists show them: methods of their own first, then those
    /// around another one.
    pub entries: &'static [Entry<T>],
}

impl<T: ?Sized + Method> Registry<T> {
    /// The names of the methods of their own (not around another one of the kind, not a user's program), in
    /// order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.entries.iter().filter(|e| e.role == Role::Own).map(|e| e.name)
    }

    /// Every method's name, those around another one included, in order.
    pub fn all_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.entries.iter().map(|e| e.name)
    }

    /// The methods around another one of the kind as `name:base=(…)`, separated by commas — how help texts
    /// show them.
    pub fn wrapper_forms(&self) -> String {
        let forms: Vec<String> =
            self.entries.iter().filter(|e| e.wraps()).map(|e| format!("{}:base=(…)", e.name)).collect();
        forms.join(", ")
    }

    /// The entry of a name or alias ([`Registry::canonical`]).
    pub fn entry(&self, name: &str) -> Option<&'static Entry<T>> {
        let name = self.canonical(name);
        self.entries.iter().find(|e| e.name == name)
    }

    /// The method a name means: the name in lower case with `_` read as `-`, or the method its alias names.
    pub fn canonical(&self, name: &str) -> String {
        let name = name.trim().to_ascii_lowercase().replace('_', "-");
        let by_alias = self.entries.iter().find(|e| e.aliases.contains(&name.as_str()));
        by_alias.map_or(name, |e| e.name.to_string())
    }

    /// Every `(alias, method)` pair, in the entries' order.
    pub fn aliases(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.entries.iter().flat_map(|e| e.aliases.iter().map(move |&a| (a, e.name)))
    }

    /// Build a method from its spec text (see [`Spec`]).
    pub fn parse(&self, spec: &str) -> Result<Box<T>> {
        self.from_spec(&spec.parse()?)
    }

    /// Build a method from a parsed [`Spec`]; its name may be an alias. A name no entry has is an
    /// [`Error::Unknown`] listing every name (the closest first in the message).
    pub fn from_spec(&self, s: &Spec) -> Result<Box<T>> {
        s.refuse_grid()?;
        let method = self.canonical(s.method());
        if method != s.method() {
            return self.from_spec(&s.renamed(&method));
        }
        match self.entries.iter().find(|e| e.name == method) {
            Some(entry) => (entry.build)(s),
            None => Err(self.unknown(&method)),
        }
    }

    /// Every part of `spec` — the spec itself, or one nested in a parameter at any depth — that names a
    /// user's program ([`Role::External`]), as text: what a cluster manifest must be allowed to run.
    ///
    /// ```
    /// use featrank::rankers::REGISTRY;
    /// let spec = "bag:base=(command:run=(Rscript rank.R))".parse().unwrap();
    /// assert_eq!(REGISTRY.programs(&spec), ["command:run=Rscript rank.R"]);
    /// assert!(REGISTRY.programs(&"bag:base=(relieff)".parse().unwrap()).is_empty());
    /// ```
    pub fn programs(&self, spec: &Spec) -> Vec<String> {
        let mut found = Vec::new();
        if self.entry(spec.method()).is_some_and(|e| e.role == Role::External) {
            found.push(spec.to_string());
        }
        for (_, value) in spec.params() {
            if let Ok(inner) = value.parse::<Spec>() {
                found.extend(self.programs(&inner));
            }
        }
        found
    }

    /// The error for a name no entry has.
    pub fn unknown(&self, name: &str) -> Error {
        Error::Unknown {
            kind: self.kind.into(),
            name: name.into(),
            known: self.all_names().map(String::from).collect(),
        }
    }

    /// Every method as a table: the name (column [`Registry::column`]), `spec` (every parameter at its
    /// default), `classification`, `regression`, `multi-label`, `multi-target`, `survival` (the tasks it handles),
    /// `aliases`, `parameters` (each key with the values it takes) and `reference`.
    pub fn catalog(&self) -> Result<polars::prelude::DataFrame> {
        let rows = self.entries.iter().map(|e| {
            let m = self.parse(e.example)?;
            Ok(crate::param::Entry::new(&m.spec(), |t| m.supports(t), e.aliases, m.parameters(), m.reference()))
        });
        Ok(crate::param::catalog(self.column, &rows.collect::<Result<Vec<_>>>()?)?)
    }

    /// One method's parameters as a table: `parameter`, `default`, `values`, `needs` and `meaning`
    /// ([`crate::param::table`]); its name may be an alias.
    pub fn parameters(&self, name: &str) -> Result<polars::prelude::DataFrame> {
        let Some(entry) = self.entry(name) else {
            let name = self.canonical(name);
            return Err(self.parse(&name).err().unwrap_or_else(|| self.unknown(&name)));
        };
        let params = self.parse(entry.example)?.parameters();
        Ok(crate::param::table(params, entry.example, |spec| self.parse(spec).ok().map(|m| m.spec()))?)
    }
}
