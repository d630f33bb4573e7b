"""Type stubs of the Rust extension (python/src/). Every class shows itself in a notebook: tables as HTML
(``_repr_html_``), figures and curves as SVG (``_repr_svg_``)."""

import os
from typing import Any, Callable, Literal, Sequence, final, overload

import numpy as np
from typing_extensions import disjoint_base

__all__ = ['Error', 'ArgumentError', 'ColumnError', 'ColumnNotFoundError', 'DataError', 'DeviceError',
           'FeatrankWarning', 'FileError', 'MemoryLimitError', 'MethodError', 'MissingFileError', 'NumericalError',
           'ParameterError', 'ParseError', 'SpecError', 'UnsupportedTaskError', '__version__', 'Dataset', 'Ranking', 'Table', 'Figure', 'Synthetic', 'synthetic', 'dataset_names',
           'load_dataset', 'external_dataset', 'rank', 'rank_table', 'set_memory_limit', 'Curves', 'Significance',
           'Stabilities', 'TradeOff', 'SizeChoices', 'curves', 'Manifest', 'plan_cluster_run',
           'plan_nested_cluster_run', 'read_manifest', 'splits', 'Nested', 'nested', 'rankers', 'learners', '_vocabulary', 'measures',
           'parameters', '_defaults', 'Friedman', 'CriticalDifference', 'friedman',
           'PerformanceIndex', 'performance_index']

from ._types import _Design, _Device, _Grid, _Measure, _Rule, _Scheme, _Task, _Weighting

__version__: str

class Error(ValueError):
    """Every error featrank reports (bad input, an unknown spec, work beyond the memory limit); the message
    names the column or parameter at fault."""

# featrank's exception classes by kind (created by the module; documented in featrank.errors)
class ParameterError(Error):
    parameter: str | None
    @classmethod
    def _of(cls, parameter: str, reason: str) -> ParameterError: ...

class ArgumentError(ParameterError, TypeError):
    @property  # type: ignore[override]
    def parameter(self) -> str | None: ...  # type: ignore[override]
    @classmethod
    def _of(cls, parameter: str, what: str, got: Any) -> ArgumentError: ...  # type: ignore[override]

class SpecError(ParameterError):
    name: str | None
    kind: str | None
    suggestions: list[str]

class ColumnError(Error):
    column: str | None
    @classmethod
    def _of(cls, column: str, reason: str) -> ColumnError: ...

class ColumnNotFoundError(ColumnError, KeyError):
    suggestions: list[str]

class DataError(Error):
    @classmethod
    def _of(cls, what: str) -> DataError: ...
    @classmethod
    def _duplicate(cls, name: str, context: str) -> DataError: ...

class UnsupportedTaskError(DataError):
    method: str | None
    task: str | None

class NumericalError(Error, ArithmeticError):
    what: str | None

class FileError(Error, OSError):
    path: str | None

class MissingFileError(FileError, FileNotFoundError): ...

class ParseError(Error):
    source: str | None
    line: int | None

class MemoryLimitError(Error, MemoryError):
    needed: int | None
    limit: int | None

class DeviceError(Error, RuntimeError): ...

class MethodError(Error):
    method: str | None
    context: str | None
    @classmethod
    def _of(cls, method: str, reason: str) -> MethodError: ...

class FeatrankWarning(UserWarning): ...

@final
class Dataset:
    """Numeric and nominal features (missing values kept), a classification, regression or survival target.

    ``Dataset(df, target="class")`` from a pandas or Polars DataFrame or a pyarrow Table (target default: the
    last column); ``Dataset(X, y)`` from NumPy arrays (features ``x0, x1, ...`` unless ``feature_names``), with
    ``y`` a rows × labels indicator matrix (scikit-learn's multi-label convention; NumPy, SciPy sparse, or a
    DataFrame whose columns name the labels) or rows × targets for several targets (``y0, y1, ...``);
    ``Dataset("data.csv", target="class")`` — a path or a bundled dataset's name — reads it as ``Dataset.read``.
    ``task``: ``"auto"`` (float target = regression), ``"classification"``, ``"regression"`` or ``"survival"``.
    A survival target is two columns, the follow-up time then the event: ``Dataset(df, target=("time", "event"))``
    (a lifelines-style frame), ``Dataset(X, y)`` with ``y`` scikit-survival's structured array
    (``Surv.from_arrays``, ``sksurv.datasets``: a bool event field and a float time field), or
    ``targets=["time", "event"], task="survival"``; the event as bool, 0/1, 1/2 (2 = event) or two text levels
    (the second in order is the event); times must be positive. Several
    target columns (``targets=["happy", "sad", ...]``) make multi-label data (every target 0/1 or False/True),
    multi-target classification or multi-target regression data; ``Dataset.read`` takes MEKA's ARFF files
    (``@relation 'Music: -C 6'``) with their targets and no flag. ``Dataset(X_sparse, y)`` keeps a SciPy sparse
    matrix (CSR, CSC, COO — repeated cells summed — or a pandas frame of sparse columns) sparse: the rankers that
    score one feature at a time (χ², information gain, gain ratio, symmetrical uncertainty, Fisher, MI) never
    densify it, the others and the learners take a dense copy of the columns they need after the memory check
    (``MemoryLimitError`` naming the method when it does not fit). ``Dataset(adata, target="cell_type")`` takes an
    AnnData (``X`` sparse or dense, ``var_names`` the features, the target from ``obs``). Text columns
    become nominal features (a ``FeatrankWarning`` names them); a text column with a distinct value on ≥ 90 % of
    at least 10 rows is refused as a row identifier (``ColumnError``) unless ``allow_identifiers=True``.
    ``groups`` (a column's name, taken out of the features, or one value per row: a patient, batch or subject
    id) keeps each group on one side of every split made on the data, at every depth; ``order`` (a column of
    times or one time per row) orders the rows for the time-ordered schemes.

    >>> import featrank, numpy as np
    >>> featrank.Dataset(np.eye(4), [0, 1, 0, 1]).n_features
    4
    >>> featrank.Dataset(np.eye(4), [0, 1, 0, 1], groups=["a", "a", "b", "b"]).n_groups
    2
    """

    def __new__(cls, data: Any, target: Any = None, *, targets: Sequence[str] | None = None,
                task: _Task = "auto", feature_names: Sequence[str] | None = None,
                allow_identifiers: bool = False, groups: Any = None, order: Any = None) -> Dataset: ...
    @staticmethod
    def read(path: str | os.PathLike[str], target: str | None = None, *, targets: Sequence[str] | None = None,
             task: _Task = "auto", groups: str | None = None, order: str | None = None) -> Dataset:
        """A .csv, .csv.gz, .arff or .parquet file, an svmlight / LIBSVM file (.svm, .svmlight, .libsvm: sparse), or a
        bundled dataset by name, read as the CLI reads it; ``groups`` and ``order`` name its columns of the rows'
        groups and times."""
    def with_groups(self, groups: Any) -> Dataset:
        """This dataset with its rows in groups: one value per row (an array, a list, a Series)."""
    def with_order(self, order: Any) -> Dataset:
        """This dataset with its rows ordered in time: one time per row (numbers, dates, datetimes)."""
    groups: list[str] | None
    """the group of every row (its value as text), or None"""
    n_groups: int | None
    """the number of groups, or None"""
    n_rows: int
    n_features: int
    feature_names: list[str]
    target: str
    """the target column; of several targets their names joined by ", " """
    targets: list[str]
    """every target column (one unless multi-label or multi-target)"""
    task: str
    """classification, regression, multi-label, multi-target classification, multi-target regression or survival"""
    classes: list[Any] | None
    """the class labels in code order, in the target's own type (int, bool or str); None for regression"""
    x: np.ndarray
    """rows × features, float64, NaN missing, nominal features as level codes (sparse features: a dense copy,
    refused by ``MemoryLimitError`` when it does not fit)"""
    is_sparse: bool
    """whether the features are held sparse (a SciPy sparse matrix or an AnnData came in)"""
    y: np.ndarray
    """class codes (int64, indexing ``classes``) or values (float64); with several targets rows × targets
    (labels 0/1 and class codes int64, values float64); a survival target as scikit-survival's structured array
    (the event field, bool, then the time field, float64, named as the columns)"""
    def select(self, features: Sequence[str]) -> Dataset: ...
    def take(self, rows: Sequence[int]) -> Dataset: ...
    def for_target(self, target: int | str) -> Dataset:
        """One target of a target set alone (by name or 0-based position), e.g. to rank each label by itself."""
    def label_powerset(self) -> Dataset:
        """One class target whose classes are the label sets (multi-label or multi-target classification)."""
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any: ...
    def to_pandas(self) -> Any: ...
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...

@final
class Ranking:
    """Features from most to least relevant (rank 1 first), with scores when a ranker made it.

    >>> import featrank
    >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.2, 0.9, 0.5], name="mine")
    >>> r.order, r.rank_of("a"), r.top(2)
    (['b', 'c', 'a'], 3, ['b', 'c'])
    >>> r.to_pandas().columns.tolist()
    ['feature', 'score', 'rank']
    """

    @staticmethod
    def from_scores(features: Sequence[str], scores: Sequence[float], *, name: str | None = None) -> Ranking: ...
    @staticmethod
    def from_order(order: Sequence[str], *, name: str | None = None) -> Ranking: ...
    @staticmethod
    def read_csv(path: str | os.PathLike[str]) -> Ranking:
        """A ``feature,score`` and/or ``feature,rank`` CSV (named after the file)."""
    def with_name(self, name: str) -> Ranking: ...
    name: str
    order: list[str]
    scores: np.ndarray | None
    def top(self, k: int) -> list[str]: ...
    def rank_of(self, feature: str) -> int | None: ...
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any: ...
    def to_pandas(self) -> Any: ...
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...

@disjoint_base
class Table:
    """A result table: HTML in a notebook, text in a terminal.

    >>> import featrank
    >>> t = featrank.rank_table(featrank.datasets.load("iris"), "fisher")
    >>> t.columns[:3], len(t), t.to_dict()["feature"][0]
    (['feature', 'score', 'rank'], 4, 'petallength')
    """

    columns: list[str]
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any: ...
    def to_pandas(self) -> Any: ...
    def to_dict(self) -> dict[str, Any]: ...
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...

@final
class Figure:
    """An SVG figure.

    >>> import featrank, tempfile, pathlib
    >>> fig = featrank.curves("iris", rankers="fisher", folds=2, repeats=1, expected=2).plot()
    >>> fig.svg.startswith("<svg")
    True
    >>> with tempfile.TemporaryDirectory() as d:
    ...     fig.savefig(pathlib.Path(d) / "curves.svg")
    """

    svg: str
    def save(self, path: str | os.PathLike[str]) -> None: ...
    def savefig(self, path: str | os.PathLike[str]) -> None:
        """Write the figure in the format its extension names (``.svg``)."""
    def _repr_svg_(self) -> str: ...

@final
class Curves:
    """FFA/RFA curves with the expected curve of random rankings; what a run answers hangs off it.

    >>> import featrank
    >>> c = featrank.curves("iris", rankers=["fisher", "relieff"], folds=3, repeats=2, expected=5, seed=1)
    >>> c.rankings, c.sizes
    (['fisher', 'relieff'], [1, 2, 3, 4])
    >>> c.to_pandas().columns.tolist()
    ['ranking', 'curve', 'mode', 'k', 'mean', 'std', 'lo', 'hi']
    >>> c.decide("1se").k("fisher") <= 4
    True
    """

    @staticmethod
    def load_json(path: str | os.PathLike[str]) -> Curves: ...
    def save_json(self, path: str | os.PathLike[str]) -> None: ...
    learner: str
    rankings: list[str]
    measure: str
    """the measure of every point (accuracy, c_index, ...)"""
    sizes: list[int]
    description: str
    @overload
    def eca(self, ranking: str, *, baseline: str = "expected", weighting: _Weighting = "uniform") -> float: ...
    @overload
    def eca(self, ranking: None = None, *, baseline: str = "expected", weighting: _Weighting = "uniform") -> Table:
        """ECA of ``ranking`` against ``baseline`` (``"expected"``: random rankings, or another ranking's name),
        weighted by ``weighting``: positive = better. Without a ranking (deprecated: ``eca_table()``), the table."""
    def eca_table(self) -> Table:
        """ECA against random rankings, four weightings (uniform, position, magnitude, both)."""
    def compare(self) -> Table:
        """Every ranking against every other and against the expected curve."""
    def significance(self, *, level: float = ..., weighting: _Weighting = ...) -> Significance:
        """``level`` of the intervals (default 0.95) and ``weighting`` of the ECA (default ``"uniform"``): the
        library's ``Significance::DEFAULT_LEVEL`` and ``Weighting::default()``."""
    def stability(self, sizes: Sequence[int] | None = None) -> Stabilities: ...
    def decide(self, rule: str | None = None, *, rules: Sequence[str] | None = None) -> SizeChoices:
        """Subset sizes: ``best``, ``1se``, ``within:0.01``, ``knee`` (default all four), ``at:50``."""
    def trade_off(self, k: int, *, beta: float = ...) -> TradeOff:
        """Stability (Nogueira's φ) and accuracy of the per-fold rankers' top-k sets: Pareto front and RPT_β
        (``beta`` default 1: the library's ``TradeOff::DEFAULT_BETA``)."""
    def rank_distribution(self, name: str, top: int = 20) -> Table: ...
    def plot(self) -> Figure: ...
    def save_svg(self, path: str | os.PathLike[str]) -> None: ...
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any: ...
    def to_pandas(self) -> Any: ...
    def _repr_svg_(self) -> str: ...

@final
class Significance(Table):
    """Each ranking against the expected curve and against each other: ECA with its interval, the corrected
    t-test over splits (what the verdicts use) and Wilcoxon over repeats.

    >>> import featrank
    >>> c = featrank.curves("iris", rankers="fisher", folds=5, repeats=6, expected=10, seed=1)
    >>> c.significance().verdict("fisher")
    'better'
    """

    def verdicts(self, alpha: float | None = None) -> Table:
        """Better / worse / not distinguishable from random rankings, per ranking (Holm-adjusted), at ``alpha``;
        None: 1 − the intervals' level (``significance(level=0.95)``: 0.05), as the CLI's ``compare --level``."""
    def verdict(self, ranking: str, alpha: float | None = None) -> str:
        """One ranking's verdict against random rankings at ``alpha`` (None: 1 − the intervals' level)."""

@final
class Stabilities(Table):
    """Stability of the rankers run inside the folds: Canberra, Kuncheva, Nogueira's φ with interval and test.

    >>> import featrank
    >>> c = featrank.curves("iris", rankers="fisher", folds=3, repeats=2, expected=0, seed=1)
    >>> c.stability().to_pandas().query("k == 1")["phi"].tolist()
    [1.0]
    """

    def plot(self) -> Figure: ...

@final
class TradeOff(Table):
    front: list[str]
    best_rpt: str | None
    def plot(self) -> Figure: ...

@final
class SizeChoices(Table):
    def k(self, ranking: str, rule: _Rule | None = None) -> int:
        """The number of features `rule` chose for `ranking` (default: ``1se``, the rule a nested evaluation
        chooses by unless told)."""
    def plot(self) -> Figure: ...

@final
class Synthetic:
    """Synthetic data with its ground truth (``featrank.synth.generate``).

    >>> import featrank
    >>> s = featrank.synth.generate("pair", rows=100, seed=1)
    >>> s.data.n_rows, set(s.truth.top(len(s.relevant))) == set(s.relevant)
    (100, True)
    """

    data: Dataset
    truth: Ranking
    relevant: list[str]
    def truth_table(self) -> Table: ...
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any: ...
    def to_pandas(self) -> Any: ...

@final
class Nested:
    """A nested evaluation (``featrank.nested``): every outer split's choice and score."""
    description: str
    estimate: tuple[float, float, float]
    optimism: float
    def summary(self) -> Table: ...
    def choices(self) -> Table: ...
    def plot(self) -> Figure: ...
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any: ...
    def to_pandas(self) -> Any: ...
    def _repr_html_(self) -> str: ...

def nested(data: Dataset, rankers: Sequence[str | Any], *, learner: str, folds: int | None, repeats: int, scheme: _Scheme,
           inner_folds: int, rule: _Rule, grid: _Grid | Sequence[int], measure: _Measure | None, seed: int) -> Nested:
    """The compiled side of ``featrank.nested``, which owns the signature and its defaults: every setting given."""

@final
class Manifest:
    """A planned curve run (``featrank.cluster.plan``) or nested evaluation (``featrank.cluster.plan_nested``):
    its units and the run they come from."""
    path: os.PathLike[str]
    units: int
    kind: str
    def shard_units(self, shard: str) -> int: ...
    def run(self, shard: str, out: str | os.PathLike[str], *, progress: bool = True,
            allow_commands: bool = False) -> int:
        """Compute shard ``"I/N"`` (I from 0) into ``out`` (.parquet or .csv); the number of units computed. A
        manifest whose rankers run programs (``command:run=(…)``) only with ``allow_commands=True``."""
    def merge(self, parts: Sequence[str | os.PathLike[str]]) -> Curves | dict[str, Curves] | Nested | list[Nested]:
        """The result of the whole run from the shards' parts (each unit exactly once): ``Curves`` (a dict keyed
        by learner when planned with several learners), or for a nested manifest ``Nested`` (a list, one per rule,
        when planned with several rules)."""
    def _repr_html_(self) -> str: ...

def plan_cluster_run(data: str | os.PathLike[str], out: str | os.PathLike[str], *, target: str | None, task: _Task,
                     groups: str | None, order: str | None,
                     rankings: Sequence[str | os.PathLike[str]] | None, rankers: Sequence[str] | None,
                     learners: Sequence[str], folds: int | None, repeats: int, folds_file: str | os.PathLike[str] | None,
                     scheme: _Scheme, grid: _Grid | Sequence[int], expected: int, expected_repeats: int | None, measure: _Measure | None, seed: int,
                     device: _Device) -> Manifest:
    """The compiled side of ``featrank.cluster.plan``, which owns the signature and its defaults."""
def plan_nested_cluster_run(data: str | os.PathLike[str], out: str | os.PathLike[str], rankers: Sequence[str], *,
                            target: str | None, task: _Task, groups: str | None, order: str | None, learner: str,
                            folds: int | None, repeats: int, scheme: _Scheme,
                            inner_folds: int, rules: Sequence[str], grid: _Grid | Sequence[int], measure: _Measure | None,
                            seed: int) -> Manifest:
    """The compiled side of ``featrank.cluster.plan_nested``, which owns the signature and its defaults."""
def read_manifest(path: str | os.PathLike[str]) -> Manifest: ...
def splits(data: Dataset, *, scheme: _Scheme, folds: int | None, repeats: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """The compiled side of ``featrank.splits``, which owns the signature and its defaults."""
def curves(data: Dataset, rankings: Sequence[Ranking] | None, rankers: Sequence[str | Any] | None, *, learner: Any,
           folds: int | None, repeats: int, scheme: _Scheme, grid: _Grid | Sequence[int], expected: int, expected_repeats: int | None,
           measure: _Measure | None, seed: int, progress: Callable[[str, int, int], None] | None,
           fold_ids: np.ndarray | None, device: _Device) -> Curves | list[Curves]:
    """The compiled side of ``featrank.curves``, which owns the signature and its defaults; ``learner`` a list:
    one run per learner on one plan, a list of ``Curves``. ``fold_ids``: int64
    rows × repeats, each column a repeat's 0-based fold per row (overrides ``folds`` and ``repeats``;
    ``featrank.curves`` accepts them as ``folds=``). ``device``: ``"gpu"`` runs kNN's distance chains on an
    NVIDIA GPU (the driver and NVRTC needed; byte-identical curves)."""
def rank(data: Dataset, method: str | Any, *, seed: int) -> Ranking: ...
def rank_table(data: Dataset, method: str | Any, *, seed: int) -> Table: ...
def synthetic(design: _Design, *, rows: int | None, seed: int) -> Synthetic: ...
def dataset_names() -> list[str]: ...
def load_dataset(name: str) -> Dataset: ...
def external_dataset(name: str) -> Dataset: ...
def set_memory_limit(limit: str | int | None) -> None:
    """Refuse work whose memory estimate exceeds ``limit``: a size (``"4G"``, ``"512M"``, or a positive number
    of bytes); ``None`` returns to the default (``FEATRANK_MEMORY_LIMIT``, else the memory available). 0,
    negative numbers and bools are refused with ``featrank.Error``."""
@final
class Friedman(Table):
    """Friedman's test over datasets (``featrank.friedman``): the average ranks best first (a table) and the tests.

    >>> import featrank
    >>> f = featrank.friedman({"a": [0.9, 0.8, 0.7], "b": [0.5, 0.6, 0.4]})
    >>> f.average_ranks, f.datasets
    ([1.0, 2.0], 3)
    """

    methods: list[str]
    average_ranks: list[float]
    datasets: int
    chi2: float
    chi2_p: float
    iman_davenport: float
    iman_davenport_p: float
    def critical_difference(self, alpha: float = ...) -> CriticalDifference:
        """The Nemenyi critical difference at level ``alpha`` (default 0.05: the library's
        ``compare::DEFAULT_ALPHA``), with its diagram."""

@final
class CriticalDifference:
    """Nemenyi's critical difference and Demšar's diagram (shown inline as SVG)."""

    cd: float
    alpha: float
    methods: list[str]
    average_ranks: list[float]
    def significant_pairs(self) -> list[tuple[str, str]]: ...
    def plot(self) -> Figure: ...
    def _repr_svg_(self) -> str: ...

def friedman(methods: Sequence[str], scores: Sequence[Sequence[float]]) -> Friedman: ...

@final
class PerformanceIndex(Table):
    """PI(N) of each ranking (``featrank.performance_index``): the figure over ``ranking, n, rows, accuracy, pi``."""

    def plot(self) -> Figure: ...

def performance_index(data: Dataset, rankings: Sequence[Ranking], *, learner: Any, folds: int, max_n: int | None,
                      seed: int) -> PerformanceIndex:
    """The compiled side of ``featrank.performance_index``, which owns the signature and its defaults."""
def rankers() -> Table:
    """Every ranking method: ``method``, ``spec`` (every parameter at its default), ``classification``,
    ``regression``, ``aliases``, ``parameters`` (each key with the values it takes), ``reference``."""
def learners() -> Table:
    """Every learner: ``learner``, ``spec`` (every parameter at its default), ``classification``, ``regression``,
    ``aliases`` (``naive-bayes`` → ``nb``, ``random-forest`` → ``forest``, …), ``parameters``, ``reference``."""
def parameters(method: str, kind: Literal["ranker", "learner"] | None) -> Table:
    """One ranking method's or learner's parameters: ``parameter``, ``default``, ``values`` (what it takes on
    its own), ``needs`` (the setting it applies with) and ``meaning``. A name that is both (``forest``) is the
    ranker unless ``kind="learner"``; aliases are read.

    >>> import featrank
    >>> t = featrank.parameters("relieff").to_pandas()
    >>> t.loc[0, "parameter"], t.loc[0, "default"], t.loc[0, "values"]
    ('k', '10', 'whole number ≥ 1')
    >>> list(featrank.parameters("forest", kind="learner").to_pandas()["parameter"])
    ['trees', 'mtry']
    """
def _vocabulary() -> dict[str, list[str]]: ...
def measures() -> Table:
    """Every measure: ``measure``, ``task``, ``higher_is_better``, ``low``, ``high``."""
def _defaults() -> dict[str, str | int]:
    """The library's defaults of a curve run and a nested evaluation, by name: where the public signatures take
    theirs from (``featrank/_defaults.py``)."""
