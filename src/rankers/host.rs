//! Rankers a host language names (`python:import=(mypackage.rankers:shap_importance)`): a spec that a cluster
//! manifest can carry for a user's own function, built by the host's package when it runs featrank. featrank's
//! Python extension opens this door when it loads ([`set_host`]); elsewhere (the CLI, a Rust program) such a
//! spec is refused with the way to run it.

use std::sync::OnceLock;

use super::{Checked, Ranker};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::Spec;
use crate::task::Task;

/// How a host builds the ranker a `python:…` spec names.
pub type HostBuild = fn(&Spec) -> Result<Box<dyn Ranker>>;

static HOST: OnceLock<HostBuild> = OnceLock::new();

/// Open the door: `build` makes the rankers of `python:…` specs from now on (the first call wins; featrank's
/// Python extension makes it when it loads).
pub fn set_host(build: HostBuild) {
    let _ = HOST.set(build);
}

/// The keys of a host's ranker.
const PARAMS: &[Param] = &[Param::new(
    "import",
    Values::Import,
    "module:attribute of a function f(X, y) -> scores or a scikit-learn object, importable where the run runs",
)];

/// The ranker a `python:…` spec names: built by the host when it first runs (so that catalogs and manifests
/// read the spec without importing anything); where no host is, it refuses to run, saying where it runs.
///
/// ```
/// use featrank::rankers::Ranker;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let unhosted = featrank::rankers::parse("python:import=(mymodule:score)").unwrap();
/// assert!(unhosted.rank(&iris, 0).unwrap_err().to_string().contains("runs only inside Python"));
/// ```
pub(crate) fn build(spec: &Spec) -> Result<Box<dyn Ranker>> {
    spec.check_params(PARAMS)?;
    let target = spec.value("import").unwrap_or_default();
    if target.split_once(':').is_none_or(|(module, attribute)| module.trim().is_empty() || attribute.trim().is_empty())
    {
        return Err(Error::param(
            "import",
            format!("'{target}' is not module:attribute (e.g. mypackage.rankers:score)"),
        ));
    }
    Ok(Box::new(Hosted { spec: spec.clone(), ranker: OnceLock::new() }))
}

/// A host's ranker: its spec, and the ranker the host built from it on first use.
#[derive(Debug)]
struct Hosted {
    spec: Spec,
    ranker: OnceLock<Box<dyn Ranker>>,
}

impl Hosted {
    /// The host's ranker, built on first use; without a host, the error saying where it runs.
    fn resolved(&self) -> Result<&dyn Ranker> {
        if let Some(ranker) = self.ranker.get() {
            return Ok(ranker.as_ref());
        }
        let Some(build) = HOST.get() else {
            return Err(Error::param(
                "import",
                format!(
                    "'{}' names a Python function: it runs only inside Python, where featrank's package imports it \
                     (featrank.curves, or python -m featrank.cluster run … --allow-commands for a manifest); from \
                     the CLI, run it as a program: command:run=(python3 my_ranker.py)",
                    self.spec
                ),
            ));
        };
        let built = build(&self.spec)?;
        Ok(self.ranker.get_or_init(|| built).as_ref())
    }
}

impl Method for Hosted {
    fn spec(&self) -> Spec {
        self.spec.clone()
    }

    /// Every task (the host's ranker says which it takes when it runs).
    fn supports(&self, _task: Task) -> bool {
        true
    }

    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "a user's Python function or scikit-learn object, imported by featrank's Python package"
    }
}

impl Ranker for Hosted {
    /// The host builds it (imports it) and runs its checks.
    fn check(&self, data: &Dataset) -> Result<()> {
        self.resolved()?.check(data)
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        self.resolved()?.scores_checked(data, seed)
    }
}
