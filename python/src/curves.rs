//! `featrank.curves(...)` and what a run answers: ECA, comparisons, tests, stability, subset sizes.

use std::path::PathBuf;
use std::sync::Arc;

use featrank::compare::Stabilities as RsStabilities;
use featrank::compare::TradeOff as RsTradeOff;
use featrank::compare::{Significance as RsSignificance, SizeChoices as RsSizeChoices, SizeRule};
use featrank::device::Device;
use featrank::eval::{Candidate, CurveSpec, Curves as RsCurves, Grid};
use featrank::learners::Learner;
use featrank::resampling::{CvPlan, Measure};
use numpy::PyReadonlyArray2;
use pyo3::prelude::*;

use crate::frames::Stream;
use pyo3::types::{PyList, PyTuple};

use crate::dataset::Dataset;
use crate::figure::Figure;
use crate::frames::{frame_to, Library};
use crate::learner::PyLearner;
use crate::ranking::Ranking;
use crate::significance::Significance;
use crate::size_choices::SizeChoices;
use crate::stabilities::Stabilities;
use crate::table::Table;
use crate::trade_off::TradeOff;
use crate::{blocking, guarded, pickle};

/// FFA/RFA curves of rankings (fixed) and rankers (run inside every training split), with the expected curve of
/// random rankings; what a run answers (ECA, significance, stability, sizes) hangs off it.
///
/// Made by ``featrank.curves``.
///
/// Examples
/// --------
/// >>> import featrank
/// >>> c = featrank.curves("iris", rankers=["fisher", "relieff"], folds=3, repeats=2, expected=5, seed=1,
/// ...                     progress=False)
/// >>> c.rankings, c.sizes
/// (['fisher', 'relieff'], [1, 2, 3, 4])
/// >>> c.to_pandas().columns.tolist()
/// ['ranking', 'curve', 'mode', 'k', 'mean', 'std', 'lo', 'hi']
/// >>> c.decide("1se").k("fisher") <= 4
/// True
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

/// The compiled side of `featrank.curves` (`featrank/__init__.py` owns the signature and its defaults, read
/// from the library's): every setting given. `learner` a list: one run per learner on one plan
/// (`CurveSpec::evaluate_learners`), a list of `Curves` in the learners' order.
#[pyfunction]
#[pyo3(signature = (data, rankings, rankers, *, learner, folds, repeats, scheme, grid, expected, expected_repeats,
    measure, seed, progress, fold_ids, device))]
#[allow(clippy::too_many_arguments)]
fn curves(
    py: Python<'_>,
    data: &Dataset,
    rankings: Option<Vec<PyRef<'_, Ranking>>>,
    rankers: Option<Vec<Bound<'_, PyAny>>>,
    learner: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::args::arg)] folds: Option<usize>,
    #[pyo3(from_py_with = crate::args::arg)] repeats: usize,
    #[pyo3(from_py_with = crate::args::text)] scheme: &str,
    #[pyo3(from_py_with = crate::args::grid)] grid: Grid,
    #[pyo3(from_py_with = crate::args::arg)] expected: usize,
    #[pyo3(from_py_with = crate::args::arg)] expected_repeats: Option<usize>,
    #[pyo3(from_py_with = crate::args::word_or_none)] measure: Option<Measure>,
    #[pyo3(from_py_with = crate::args::arg)] seed: u64,
    progress: Option<&Bound<'_, PyAny>>,
    fold_ids: Option<PyReadonlyArray2<'_, i64>>,
    #[pyo3(from_py_with = crate::args::word)] device: Device,
) -> PyResult<Py<PyAny>> {
    let several = learner.is_instance_of::<PyList>() || learner.is_instance_of::<PyTuple>();
    let models: Vec<Arc<dyn Learner>> = match several {
        true => learner.try_iter()?.map(|l| self::learner(&l?).map(Arc::from)).collect::<PyResult<_>>()?,
        false => vec![Arc::from(self::learner(learner)?)],
    };
    let Some(first) = models.first() else {
        return Err(crate::args::refused(py, "learner", "a learner or a non-empty list of them", learner));
    };
    let options =
        crate::args::curve_options(scheme, folds, repeats, grid, expected, expected_repeats, measure, seed, device)?;
    let ordered = guarded(|| options.evaluation.resampling.in_order(&data.inner))?; // a copy only to set a time order
    let mut spec = CurveSpec::new(first.clone()).options(options);
    if fold_ids.is_some() && scheme.trim() != "kfold" {
        let reason = format!("fold ids beside scheme '{scheme}': the ids are the splits; leave the scheme out");
        return Err(crate::to_py(featrank::Error::param("folds", reason)));
    }
    if let Some(ids) = fold_ids {
        spec = spec.plan(plan_of(ids.as_array(), data.inner.n_rows())?);
    }
    let mut candidates: Vec<Candidate> =
        rankings.unwrap_or_default().iter().map(|r| Candidate::Fixed(r.inner.clone())).collect();
    for m in rankers.unwrap_or_default() {
        candidates.push(crate::own_ranker::candidate(&m)?);
    }
    let ds = ordered;
    if several {
        let runs = blocking(py, progress, || spec.evaluate_learners(&ds, &candidates, &models))?;
        let runs: Vec<Curves> = runs.into_iter().map(Curves::from).collect();
        return Ok(runs.into_pyobject(py)?.into_any().unbind());
    }
    let run = blocking(py, progress, || spec.evaluate_all(&ds, &candidates))?;
    Ok(Curves::from(run).into_pyobject(py)?.into_any().unbind())
}

/// A k-fold plan from fold ids, one row per data row and one column per repeat (checked by the library).
fn plan_of(ids: numpy::ndarray::ArrayView2<'_, i64>, n_rows: usize) -> PyResult<CvPlan> {
    let columns = ids.columns().into_iter().map(|column| column.to_vec()).collect();
    guarded(|| CvPlan::from_fold_ids(columns, n_rows))
}

#[pymethods]
impl Curves {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<Curves>(), vec![pickle::json(&*self.inner)?])
    }
    /// Rebuilt from what `__reduce__` gave: the run as JSON.
    #[staticmethod]
    fn _from_state(parts: Vec<Vec<u8>>) -> PyResult<Curves> {
        Ok(Curves::from(pickle::from_json::<RsCurves>(pickle::Parts::new("Curves", &parts).get(0)?)?))
    }
    /// The curves ``save_json`` (or the CLI's ``--json``) wrote to a file.
    ///
    /// Parameters
    /// ----------
    /// path : str or os.PathLike
    ///     The JSON file.
    ///
    /// Returns
    /// -------
    /// Curves
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> import pathlib, tempfile
    /// >>> path = pathlib.Path(tempfile.mkdtemp()) / "curves.json"
    /// >>> curves.save_json(path)
    /// >>> featrank.Curves.load_json(path).sizes == curves.sizes
    /// True
    #[staticmethod]
    fn load_json(py: Python<'_>, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<Curves> {
        Ok(Curves { inner: Arc::new(blocking(py, None, || RsCurves::load_json(&path))?) })
    }
    /// Write the curves to a file as JSON, all of them: per-repeat values and per-fold rankings.
    ///
    /// ``Curves.load_json`` reads them back; the Rust library and the CLI read the same file.
    ///
    /// Parameters
    /// ----------
    /// path : str or os.PathLike
    ///     The file to write.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> import pathlib, tempfile
    /// >>> path = pathlib.Path(tempfile.mkdtemp()) / "curves.json"
    /// >>> curves.save_json(path)
    /// >>> featrank.Curves.load_json(path).rankings
    /// ['relieff', 'fisher']
    fn save_json(&self, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<()> {
        guarded(|| self.inner.save_json(path))
    }
    /// The learner's full spec, e.g. `knn:k=10,ties=all,distance=euclidean`.
    #[getter]
    fn learner(&self) -> String {
        self.inner.learner.clone()
    }
    /// The names of the rankings and rankers, in the run's order.
    #[getter]
    fn rankings(&self) -> Vec<String> {
        self.inner.rankings().into_iter().map(str::to_string).collect()
    }
    /// The measure of every point (`accuracy`, `c_index`, …; `higher_is_better` says its direction).
    #[getter]
    fn measure(&self) -> &'static str {
        self.inner.measure.label()
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
    /// ECA of a ranking's curves against a baseline: the score Rust's `Curves::eca` gives.
    ///
    /// Positive = better than the baseline, whatever the measure's direction (Slavkov et al. 2018, Eqs. 1-4).
    /// Without a ranking (deprecated: use ``eca_table()``), the table, with a ``DeprecationWarning``.
    ///
    /// Parameters
    /// ----------
    /// ranking : str or None, default None
    ///     The name of a ranking or ranker of the run (``curves.rankings``).
    /// baseline : str, default "expected"
    ///     ``"expected"``: the expected curve of the random rankings; or another ranking's name.
    /// weighting : {"uniform", "position", "magnitude", "both"}, default "uniform"
    ///     How the points of the curves are weighted (the library's ``Weighting::default()``).
    ///
    /// Returns
    /// -------
    /// float
    ///     The ECA score (a ``Table`` when no ranking is given).
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.eca("relieff") > 0
    /// True
    /// >>> round(curves.eca("relieff", baseline="fisher", weighting="position"), 4)
    /// -0.0016
    #[pyo3(signature = (ranking = None, *, baseline = featrank::eval::EXPECTED,
        weighting = featrank::eval::Weighting::default().label()),
        text_signature = "($self, /, ranking=None, *, baseline='expected', weighting='uniform')")]
    fn eca<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = crate::args::text_or_none)] ranking: Option<&str>,
        #[pyo3(from_py_with = crate::args::text)] baseline: &str,
        #[pyo3(from_py_with = crate::args::text)] weighting: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let Some(ranking) = ranking else {
            let category = py.get_type::<pyo3::exceptions::PyDeprecationWarning>();
            PyErr::warn(
                py,
                &category,
                c"Curves.eca() without a ranking is Curves.eca_table(); eca(ranking) is its score",
                1,
            )?;
            return Ok(Bound::new(py, self.eca_table()?)?.into_any());
        };
        let w = guarded(|| weighting.parse())?;
        let against = match baseline {
            featrank::eval::EXPECTED => featrank::eval::Baseline::Expected,
            other => featrank::eval::Baseline::Ranking(other),
        };
        Ok(guarded(|| self.inner.eca(ranking, against, w))?.eca.into_pyobject(py)?.into_any())
    }
    /// ECA against the expected curve of random rankings, under every weighting.
    ///
    /// Returns
    /// -------
    /// Table
    ///     ``ranking`` and one column per weighting (``uniform``, ``position``, ``magnitude``, ``both``).
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.eca_table().to_polars().columns
    /// ['ranking', 'uniform', 'position', 'magnitude', 'both']
    fn eca_table(&self) -> PyResult<Table> {
        let frame = guarded(|| self.inner.eca_table())?;
        Ok(Table::from_frame(frame))
    }
    /// Every ranking against every other and against the expected curve: ECA and rank distances.
    ///
    /// Returns
    /// -------
    /// Table
    ///     One row per (ranking, baseline, weighting): ``ffa_delta``, ``rfa_delta`` and ``eca``.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.compare().to_polars().columns
    /// ['ranking', 'baseline', 'weighting', 'ffa_delta', 'rfa_delta', 'eca']
    fn compare(&self) -> PyResult<Table> {
        let cmp = guarded(|| self.inner.compare())?;
        Table::of(cmp.to_polars(), cmp.to_html())
    }
    /// Is a ranking better than random rankings, or than another?
    ///
    /// The corrected resampled t-test (Nadeau & Bengio 2003) and Wilcoxon's signed-rank test on the ECA per repeat,
    /// Holm-adjusted over the rankings.
    ///
    /// Parameters
    /// ----------
    /// level : float, default 0.95
    ///     Level of the intervals (the library's ``Significance::DEFAULT_LEVEL``); verdicts use α = 1 − level.
    /// weighting : {"uniform", "position", "magnitude", "both"}, default "uniform"
    ///     Weighting of the ECA (the library's ``Weighting::default()``).
    ///
    /// Returns
    /// -------
    /// Significance
    ///     A table: ``verdicts()``, ``verdict(ranking)``.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.significance(level=0.9).verdict("relieff")
    /// 'better'
    #[pyo3(signature = (*, level = featrank::compare::Significance::DEFAULT_LEVEL,
        weighting = featrank::eval::Weighting::default().label()),
        text_signature = "($self, /, *, level=0.95, weighting='uniform')")]
    fn significance(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] level: f64,
        #[pyo3(from_py_with = crate::args::text)] weighting: &str,
    ) -> PyResult<Py<Significance>> {
        let w = guarded(|| weighting.parse())?;
        Significance::create(py, guarded(|| RsSignificance::of_curves(&self.inner, w, level))?)
    }
    /// Stability of the rankers run inside the folds: Canberra, Kuncheva and Nogueira's φ with its interval.
    ///
    /// Parameters
    /// ----------
    /// sizes : list of int or None, default None
    ///     The top-k sizes to measure at (None: the curves' sizes).
    ///
    /// Returns
    /// -------
    /// Stabilities
    ///     One row per (ranking, k); ``plot()`` draws the stability curves.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.stability(sizes=[1, 2]).to_polars()["k"].to_list()
    /// [1, 2, 1, 2]
    #[pyo3(signature = (sizes = None))]
    fn stability(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] sizes: Option<Vec<usize>>,
    ) -> PyResult<Py<Stabilities>> {
        let sizes = sizes.unwrap_or_else(|| self.inner.sizes.clone());
        Stabilities::create(py, guarded(|| RsStabilities::of_curves(&self.inner, &sizes))?)
    }
    /// Stability and accuracy of the rankers' top-k sets together (Saeys et al. 2008).
    ///
    /// The Pareto front (no other ranker as stable and as accurate) and RPT_β, the F-measure of Nogueira's φ and
    /// the accuracy.
    ///
    /// Parameters
    /// ----------
    /// k : int
    ///     The size of the top-k sets (a size of the curves).
    /// beta : float, default 1.0
    ///     RPT's β: above 1 favours stability (the library's ``TradeOff::DEFAULT_BETA``).
    ///
    /// Returns
    /// -------
    /// TradeOff
    ///     One row per ranker: ``accuracy``, ``phi``, ``on_front``, ``rpt``.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.trade_off(2, beta=2.0).to_polars()["on_front"].to_list()
    /// [True, True]
    #[pyo3(signature = (k, *, beta = featrank::compare::TradeOff::DEFAULT_BETA),
        text_signature = "($self, /, k, *, beta=1.0)")]
    fn trade_off(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::arg)] k: usize,
        #[pyo3(from_py_with = crate::args::arg)] beta: f64,
    ) -> PyResult<Py<TradeOff>> {
        TradeOff::create(py, guarded(|| RsTradeOff::of_curves(&self.inner, k)?.with_beta(beta))?)
    }
    /// How many features to keep, by one rule or several, per ranking.
    ///
    /// Parameters
    /// ----------
    /// rule : str or None, default None
    ///     One rule: ``best``, ``1se``, ``within:0.01``, ``knee`` or ``at:50``.
    /// rules : list of str or None, default None
    ///     Several rules (not with ``rule``). Neither: ``best``, ``1se``, ``within:0.01`` and ``knee``.
    ///
    /// Returns
    /// -------
    /// SizeChoices
    ///     One row per (ranking, rule): the chosen k and its value; ``k(ranking, rule)``, ``plot()``.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.decide("1se").k("relieff")
    /// 1
    /// >>> curves.decide(rules=["best", "1se"]).k("relieff", rule="best")
    /// 4
    #[pyo3(signature = (rule = None, *, rules = None))]
    fn decide(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::word_or_none)] rule: Option<SizeRule>,
        #[pyo3(from_py_with = crate::args::words_or_none)] rules: Option<Vec<SizeRule>>,
    ) -> PyResult<Py<SizeChoices>> {
        let parsed: Vec<SizeRule> = match (rule, rules) {
            (Some(_), Some(_)) => {
                return Err(crate::to_py(featrank::Error::param("rules", "give `rule` or `rules`, not both")))
            }
            (Some(r), None) => vec![r],
            (None, Some(rs)) => rs,
            (None, None) => SizeRule::DEFAULT.to_vec(),
        };
        SizeChoices::create(py, guarded(|| RsSizeChoices::of_curves(&self.inner, &parsed))?, self.inner.clone())
    }
    /// How often each feature of a per-fold ranker reached each of the first ranks over the training splits.
    ///
    /// Parameters
    /// ----------
    /// name : str
    ///     The ranker's name in the run (``curves.rankings``).
    /// top : int, default 20
    ///     How many ranks to count.
    ///
    /// Returns
    /// -------
    /// Table
    ///     One row per feature.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.rank_distribution("relieff", top=2).to_polars().shape[0]
    /// 4
    #[pyo3(signature = (name, top = 20))]
    fn rank_distribution(
        &self,
        #[pyo3(from_py_with = crate::args::text)] name: &str,
        #[pyo3(from_py_with = crate::args::arg)] top: usize,
    ) -> PyResult<Table> {
        let frame = guarded(|| self.inner.fold_rankings(name)?.rank_distribution(top))?;
        Ok(Table::from_frame(frame))
    }
    /// The FFA/RFA figure with the band of random rankings.
    ///
    /// Returns
    /// -------
    /// Figure
    ///     SVG, shown inline in a notebook.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.plot().svg.startswith("<svg")
    /// True
    fn plot(&self) -> PyResult<Figure> {
        guarded(|| self.inner.plot()).map(Figure::wrap)
    }
    /// Write the FFA/RFA figure to a file as SVG.
    ///
    /// Parameters
    /// ----------
    /// path : str or os.PathLike
    ///     The file to write.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> import pathlib, tempfile
    /// >>> path = pathlib.Path(tempfile.mkdtemp()) / "curves.svg"
    /// >>> curves.save_svg(path)
    /// >>> path.read_text().startswith("<svg")
    /// True
    fn save_svg(&self, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<()> {
        guarded(|| self.inner.save_svg(path))
    }
    /// ``to_polars()``'s table as an Arrow C stream: ``pyarrow.table(x)``, ``polars.DataFrame(x)``, DuckDB.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(&self, py: Python<'py>, requested_schema: Option<Bound<'py, PyAny>>) -> Stream<'py> {
        crate::frames::arrow_stream(py, &guarded(|| self.inner.to_polars())?, requested_schema)
    }
    /// The table as a polars DataFrame (``pip install polars``).
    ///
    /// Returns
    /// -------
    /// polars.DataFrame
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.to_polars().columns
    /// ['ranking', 'curve', 'mode', 'k', 'mean', 'std', 'lo', 'hi']
    fn to_polars<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        frame_to(py, &guarded(|| self.inner.to_polars())?, Library::Polars)
    }
    /// The table as a pandas DataFrame (``pip install pandas``).
    ///
    /// Returns
    /// -------
    /// pandas.DataFrame
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> curves.to_pandas().columns.tolist()
    /// ['ranking', 'curve', 'mode', 'k', 'mean', 'std', 'lo', 'hi']
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

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Curves>()?;
    m.add_function(wrap_pyfunction!(curves, m)?)?;
    Ok(())
}
