//! `featrank.curves(...)` and what a run answers: ECA, comparisons, tests, stability, subset sizes.

use std::path::PathBuf;
use std::sync::Arc;

use featrank::compare::Stabilities as RsStabilities;
use featrank::compare::TradeOff as RsTradeOff;
use featrank::compare::{Significance as RsSignificance, SizeChoices as RsSizeChoices, SizeRule};
use featrank::eval::{Candidate, CurveSpec, Curves as RsCurves, RunOptions};
use featrank::learners::Learner;
use featrank::resampling::CvPlan;
use numpy::PyReadonlyArray2;
use pyo3::prelude::*;

use crate::frames::{frame_to, Library};
use crate::learner::PyLearner;
use crate::objects::{Dataset, Figure, Ranking, Table};
use crate::{blocking, guarded, pickle, Error, OrRaise};

/// FFA/RFA curves of rankings (fixed) and rankers (run inside every training split), with the expected
/// curve of random rankings.
#[pyclass(module = "featrank", name = "Curves", frozen)]
pub struct Curves {
    inner: Arc<RsCurves>,
}

impl From<RsCurves> for Curves {
    fn from(run: RsCurves) -> Curves {
        Curves { inner: Arc::new(run) }
    }
}

/// The learner a Python value names: a spec text, or a scikit-learn estimator (cloned and fitted per split).
pub(crate) fn learner(value: &Bound<'_, PyAny>) -> PyResult<Box<dyn Learner>> {
    if let Ok(text) = value.extract::<String>() {
        return guarded(|| featrank::learners::parse(&text));
    }
    Ok(Box::new(PyLearner::new(value)?))
}

/// See `featrank.curves` in `featrank/_featrank.pyi`; the defaults are the CLI's.
#[pyfunction]
#[pyo3(signature = (data, rankings = None, rankers = None, *, learner = None, folds = featrank::eval::defaults::FOLDS,
    repeats = featrank::eval::defaults::REPEATS, scheme = featrank::eval::defaults::SCHEME, grid = featrank::eval::defaults::GRID,
    expected = featrank::eval::defaults::RANDOM_RANKINGS, expected_repeats = None, measure = None, seed = featrank::eval::defaults::SEED,
    progress = None, fold_ids = None, device = "cpu"),
    text_signature = "(data, rankings=None, rankers=None, *, learner=None, folds=10, repeats=10, scheme='kfold', \
    grid='paper', expected=100, expected_repeats=None, measure=None, seed=0, progress=None, fold_ids=None, device='cpu')")]
#[allow(clippy::too_many_arguments)]
fn curves(
    py: Python<'_>,
    data: &Dataset,
    rankings: Option<Vec<PyRef<'_, Ranking>>>,
    #[pyo3(from_py_with = crate::args::arg)] rankers: Option<Vec<String>>,
    learner: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = crate::args::arg)] folds: usize,
    #[pyo3(from_py_with = crate::args::arg)] repeats: usize,
    #[pyo3(from_py_with = crate::args::text)] scheme: &str,
    #[pyo3(from_py_with = crate::args::text)] grid: &str,
    #[pyo3(from_py_with = crate::args::arg)] expected: usize,
    #[pyo3(from_py_with = crate::args::arg)] expected_repeats: Option<usize>,
    #[pyo3(from_py_with = crate::args::text_or_none)] measure: Option<&str>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
    progress: Option<&Bound<'_, PyAny>>,
    fold_ids: Option<PyReadonlyArray2<'_, i64>>,
    #[pyo3(from_py_with = crate::args::text)] device: &str,
) -> PyResult<Curves> {
    let model = match learner {
        Some(l) => self::learner(l)?,
        None => guarded(|| featrank::learners::parse(featrank::eval::defaults::LEARNER))?,
    };
    let device = guarded(|| device.parse())?;
    let options =
        RunOptions { scheme, folds, repeats, grid, expected, expected_repeats, measure, seed, progress: false, device };
    let mut spec = guarded(|| CurveSpec::with_options(model, &options))?;
    if let Some(ids) = fold_ids {
        spec = spec.plan(plan_of(ids.as_array(), data.inner.n_rows())?);
    }
    let mut candidates: Vec<Candidate> =
        rankings.unwrap_or_default().iter().map(|r| Candidate::Fixed(r.inner.clone())).collect();
    for m in rankers.unwrap_or_default() {
        candidates.push(guarded(|| featrank::eval::Candidate::parse(&m))?);
    }
    let ds = data.inner.clone();
    let run = blocking(py, progress, || spec.evaluate_all(&ds, &candidates))?;
    Ok(Curves { inner: Arc::new(run) })
}

/// A k-fold plan from fold ids, one row per data row and one column per repeat.
fn plan_of(ids: numpy::ndarray::ArrayView2<'_, i64>, n_rows: usize) -> PyResult<CvPlan> {
    let columns = ids
        .columns()
        .into_iter()
        .enumerate()
        .map(|(r, column)| {
            column
                .iter()
                .enumerate()
                .map(|(row, &id)| {
                    usize::try_from(id).map_err(|_| {
                        crate::to_py(featrank::Error::param(
                            "folds",
                            format!("fold ids are 0, 1, …; row {row} of repeat {r} has {id}"),
                        ))
                    })
                })
                .collect::<PyResult<Vec<usize>>>()
        })
        .collect::<PyResult<Vec<_>>>()?;
    guarded(|| CvPlan::from_assignments(columns, n_rows))
}

/// A table with its HTML as the library draws it.
fn table(frame: featrank::Result<featrank::data::Frame>, html: featrank::Result<String>) -> PyResult<Table> {
    Ok(Table::new(frame.or_raise()?, html.or_raise()?))
}

#[pymethods]
impl Curves {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "Curves", vec![pickle::json(&*self.inner)?])
    }
    /// Curves saved with `save_json` (per-repeat values and per-fold rankings included).
    #[staticmethod]
    fn load_json(py: Python<'_>, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<Curves> {
        Ok(Curves { inner: Arc::new(blocking(py, None, || RsCurves::load_json(&path))?) })
    }
    fn save_json(&self, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<()> {
        guarded(|| self.inner.save_json(path))
    }
    /// The learner's full spec, e.g. `knn:k=10,ties=all`.
    #[getter]
    fn learner(&self) -> String {
        self.inner.learner.clone()
    }
    /// The names of the rankings and rankers, in the run's order.
    #[getter]
    fn rankings(&self) -> Vec<String> {
        self.inner.rankings().into_iter().map(str::to_string).collect()
    }
    /// The subset sizes of the curves.
    #[getter]
    fn sizes(&self) -> Vec<usize> {
        self.inner.sizes.clone()
    }
    /// What was run: learner, scheme, repeats, rankings, modes.
    #[getter]
    fn description(&self) -> String {
        self.inner.description()
    }
    /// ECA against the expected curve of random rankings, four weightings.
    fn eca(&self) -> PyResult<Table> {
        let frame = guarded(|| self.inner.eca_table())?;
        let html = frame.to_html();
        Ok(Table::new(frame, html))
    }
    /// Every ranking against every other and against the expected curve (ECA, rank distances).
    fn compare(&self) -> PyResult<Table> {
        let cmp = guarded(|| self.inner.compare())?;
        table(cmp.to_polars(), cmp.to_html())
    }
    /// Is a ranking better than random rankings, or than another? Corrected resampled t-test, Wilcoxon,
    /// Holm; `level` of the intervals, `weighting` of the ECA.
    #[pyo3(signature = (*, level = 0.95, weighting = "uniform"))]
    fn significance(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] level: f64,
        #[pyo3(from_py_with = crate::args::text)] weighting: &str,
    ) -> PyResult<Py<Significance>> {
        let w = guarded(|| weighting.parse())?;
        Significance::create(py, guarded(|| RsSignificance::of_curves(&self.inner, w, level))?)
    }
    /// Stability of the rankers run inside the folds (Canberra, Kuncheva, Nogueira's φ with its interval),
    /// at `sizes` (default: the curves' sizes).
    #[pyo3(signature = (sizes = None))]
    fn stability(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] sizes: Option<Vec<usize>>,
    ) -> PyResult<Py<Stabilities>> {
        let sizes = sizes.unwrap_or_else(|| self.inner.sizes.clone());
        Stabilities::create(py, guarded(|| RsStabilities::of_curves(&self.inner, &sizes))?)
    }
    /// Stability and accuracy of the top-`k` sets of the rankers run inside the folds, together: the Pareto
    /// front (no other ranker as stable and as good) and RPT_β, the F-measure of φ and the accuracy (Saeys et
    /// al. 2008; β > 1 favours stability).
    #[pyo3(signature = (k, *, beta = 1.0))]
    fn trade_off(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] k: usize,
        #[pyo3(from_py_with = crate::args::arg)] beta: f64,
    ) -> PyResult<Py<TradeOff>> {
        TradeOff::create(py, guarded(|| RsTradeOff::of_curves(&self.inner, k)?.with_beta(beta))?)
    }
    /// How many features to keep: `rule` (`best`, `1se`, `within:0.01`, `knee`, `at:50`) or several `rules`;
    /// default all four.
    #[pyo3(signature = (rule = None, *, rules = None))]
    fn decide(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::text_or_none)] rule: Option<&str>,
        #[pyo3(from_py_with = crate::args::arg)] rules: Option<Vec<String>>,
    ) -> PyResult<Py<SizeChoices>> {
        let texts: Vec<String> = match (rule, rules) {
            (Some(_), Some(_)) => return Err(Error::new_err("decide: give `rule` or `rules`, not both")),
            (Some(r), None) => vec![r.to_string()],
            (None, Some(rs)) => rs,
            (None, None) => SizeRule::DEFAULT.iter().map(|r| r.label()).collect(),
        };
        let parsed: Vec<SizeRule> = texts.iter().map(|t| guarded(|| t.parse())).collect::<PyResult<_>>()?;
        SizeChoices::create(py, guarded(|| RsSizeChoices::of_curves(&self.inner, &parsed))?, self.inner.clone())
    }
    /// How often each feature of the ranker `name` (run inside the folds) reached each of the first
    /// `top` ranks over the training splits.
    #[pyo3(signature = (name, top = 20))]
    fn rank_distribution(
        &self,
        #[pyo3(from_py_with = crate::args::text)] name: &str,
        #[pyo3(from_py_with = crate::args::arg)] top: usize,
    ) -> PyResult<Table> {
        let frame = guarded(|| self.inner.fold_rankings(name)?.rank_distribution(top))?;
        let html = frame.to_html();
        Ok(Table::new(frame, html))
    }
    /// The FFA/RFA figure with the band of random rankings.
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| self.inner.plot()).map(Figure::wrap)
    }
    fn save_svg(&self, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<()> {
        guarded(|| self.inner.save_svg(path))
    }
    /// Long table: ranking, curve, mode, k, mean, std, lo, hi.
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &guarded(|| self.inner.to_polars())?, Library::Polars)
    }
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &guarded(|| self.inner.to_polars())?, Library::Pandas)
    }
    fn _repr_svg_(&self) -> PyResult<String> {
        Ok(guarded(|| self.inner.plot())?.svg().to_string())
    }
    fn __repr__(&self) -> String {
        format!("{}\n(a figure in a notebook; .to_polars() for the table)", self.inner.description())
    }
}

/// The tests of a run (a table); `verdicts(alpha)` against random rankings, `verdict(name)`.
#[pyclass(module = "featrank", name = "Significance", frozen, extends = Table)]
pub struct Significance {
    inner: RsSignificance,
}

#[pymethods]
impl Significance {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "Significance", vec![pickle::json(&self.inner)?])
    }
    /// Better / worse / not distinguishable from random rankings, per ranking (Holm-adjusted).
    #[pyo3(signature = (alpha = 0.05))]
    fn verdicts(&self, #[pyo3(from_py_with = crate::args::arg)] alpha: f64) -> PyResult<Table> {
        let frame = guarded(|| self.inner.verdicts(alpha))?;
        let html = frame.to_html();
        Ok(Table::new(frame, html))
    }
    /// One ranking's verdict against random rankings: `better`, `worse` or `not distinguishable`.
    #[pyo3(signature = (ranking, alpha = 0.05))]
    fn verdict(
        &self,
        #[pyo3(from_py_with = crate::args::text)] ranking: &str,
        #[pyo3(from_py_with = crate::args::arg)] alpha: f64,
    ) -> PyResult<String> {
        guarded(|| self.inner.verdict(ranking, alpha)).map(|v| v.label().to_string())
    }
}

/// Stability over the training splits (a table); `plot()`.
#[pyclass(module = "featrank", name = "Stabilities", frozen, extends = Table)]
pub struct Stabilities {
    inner: RsStabilities,
}

#[pymethods]
impl Stabilities {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "Stabilities", vec![pickle::json(&self.inner)?])
    }
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| self.inner.plot()).map(Figure::wrap)
    }
}

/// The stability–accuracy trade-off at one size (a table with its figure); `front`, `best_rpt`, `plot()`.
#[pyclass(module = "featrank", name = "TradeOff", frozen, extends = Table)]
pub struct TradeOff {
    inner: RsTradeOff,
}

#[pymethods]
impl TradeOff {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "TradeOff", vec![pickle::json(&self.inner)?])
    }
    /// The rankers on the Pareto front.
    #[getter]
    fn front(&self) -> Vec<String> {
        self.inner.front().into_iter().map(String::from).collect()
    }
    /// The ranker with the largest RPT_β (None for correlation or RMSE curves).
    #[getter]
    fn best_rpt(&self) -> Option<String> {
        self.inner.best_rpt().map(String::from)
    }
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| self.inner.plot()).map(Figure::wrap)
    }
}

/// Subset sizes chosen from the FFA curves (a table with its figure); `k(ranking, rule)`, `plot()`.
#[pyclass(module = "featrank", name = "SizeChoices", frozen, extends = Table)]
pub struct SizeChoices {
    inner: RsSizeChoices,
    curves: Arc<RsCurves>,
}

#[pymethods]
impl SizeChoices {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py, "SizeChoices", vec![pickle::json(&self.inner)?, pickle::json(&*self.curves)?])
    }
    /// The number of features `rule` chose for `ranking`.
    #[pyo3(signature = (ranking, rule = "1se"))]
    fn k(
        &self,
        #[pyo3(from_py_with = crate::args::text)] ranking: &str,
        #[pyo3(from_py_with = crate::args::text)] rule: &str,
    ) -> PyResult<usize> {
        let rule: SizeRule = guarded(|| rule.parse())?;
        self.inner.get(ranking, rule).map(|c| c.k).ok_or_else(|| {
            Error::new_err(format!("no choice of rule '{}' for ranking '{ranking}' in this table", rule.label()))
        })
    }
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| self.inner.plot(&self.curves)).map(Figure::wrap)
    }
}

impl Significance {
    pub(crate) fn create(py: Python<'_>, inner: RsSignificance) -> PyResult<Py<Significance>> {
        let base = table(inner.to_polars(), inner.to_html())?;
        Py::new(py, PyClassInitializer::from(base).add_subclass(Significance { inner }))
    }
}

impl Stabilities {
    pub(crate) fn create(py: Python<'_>, inner: RsStabilities) -> PyResult<Py<Stabilities>> {
        let base = table(inner.to_polars(), inner.to_html())?;
        Py::new(py, PyClassInitializer::from(base).add_subclass(Stabilities { inner }))
    }
}

impl TradeOff {
    pub(crate) fn create(py: Python<'_>, inner: RsTradeOff) -> PyResult<Py<TradeOff>> {
        let base = table(inner.to_polars(), inner.to_html())?;
        Py::new(py, PyClassInitializer::from(base).add_subclass(TradeOff { inner }))
    }
}

impl SizeChoices {
    pub(crate) fn create(py: Python<'_>, inner: RsSizeChoices, curves: Arc<RsCurves>) -> PyResult<Py<SizeChoices>> {
        let figure = guarded(|| inner.plot(&curves))?;
        let html = format!("<div>{}</div>{}", figure.svg(), guarded(|| inner.to_html())?);
        let base = Table::new(guarded(|| inner.to_polars())?, html);
        Py::new(py, PyClassInitializer::from(base).add_subclass(SizeChoices { inner, curves }))
    }
}

/// A pickled object of this module (see `pickle.rs`), `None` for another module's kind.
pub(crate) fn restore(py: Python<'_>, kind: &str, parts: &pickle::Parts<'_>) -> Option<PyResult<Py<PyAny>>> {
    Some(match kind {
        "Curves" => (|| Ok(Py::new(py, Curves::from(pickle::from_json::<RsCurves>(parts.get(0)?)?))?.into_any()))(),
        "Significance" => (|| Significance::create(py, pickle::from_json(parts.get(0)?)?).map(Py::into_any))(),
        "Stabilities" => (|| Stabilities::create(py, pickle::from_json(parts.get(0)?)?).map(Py::into_any))(),
        "TradeOff" => (|| TradeOff::create(py, pickle::from_json(parts.get(0)?)?).map(Py::into_any))(),
        "SizeChoices" => (|| {
            SizeChoices::create(py, pickle::from_json(parts.get(0)?)?, Arc::new(pickle::from_json(parts.get(1)?)?))
                .map(Py::into_any)
        })(),
        _ => return None,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Curves>()?;
    m.add_class::<Significance>()?;
    m.add_class::<Stabilities>()?;
    m.add_class::<TradeOff>()?;
    m.add_class::<SizeChoices>()?;
    m.add_function(wrap_pyfunction!(curves, m)?)?;
    Ok(())
}
