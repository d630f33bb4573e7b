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
    """Numeric and nominal features (missing values kept) and a target: a class, a number, a label set, several
    targets or a survival time with its event.

    Text columns become nominal features (a ``FeatrankWarning`` names them); a text column with a distinct value on
    ≥ 90 % of at least 10 rows is refused as a row identifier (``ColumnError``) unless ``allow_identifiers=True``.
    A SciPy sparse matrix (CSR, CSC, COO — repeated cells summed — or a pandas frame of sparse columns) stays
    sparse: the rankers that score one feature at a time (χ², information gain, gain ratio, symmetrical
    uncertainty, Fisher, MI) never densify it; the others and the learners take a dense copy of the columns they
    need after the memory check (``MemoryLimitError`` naming the method when it does not fit).

    Parameters
    ----------
    data : DataFrame, pyarrow.Table, array-like, sparse matrix, AnnData, str or os.PathLike
        A pandas or polars DataFrame or a pyarrow Table (target default: the last column); a NumPy array ``X``
        (features ``x0, x1, ...``) with ``y`` as ``target``; a SciPy sparse matrix; an AnnData (``var_names`` the
        features, the target from ``obs``); or a path or a bundled dataset's name, read as ``Dataset.read``.
    target : str, tuple of str, array-like or None, default None
        The target column's name; ``("time", "event")`` for a survival target; or, beside an array ``X``, the
        target itself: a vector, a rows × labels indicator matrix (scikit-learn's multi-label convention: NumPy,
        SciPy sparse, or a DataFrame whose columns name the labels), rows × targets for several targets, or
        scikit-survival's structured array (``Surv.from_arrays``: a bool event field and a float time field).
    targets : list of str or None, default None
        Several target columns: multi-label data (every target 0/1 or False/True), multi-target classification or
        regression; ``["time", "event"]`` with ``task="survival"``. Not with ``target``.
    task : {"auto", "classification", "regression", "survival"}, default "auto"
        How the target is read: ``auto`` takes a float target as regression. A survival event may be bool, 0/1,
        1/2 (2 = event) or two text levels (the second in order is the event); times must be positive.
    feature_names : list of str or None, default None
        Names of the columns of an array ``X`` (default ``x0, x1, ...``).
    allow_identifiers : bool, default False
        Keep a text column that looks like a row identifier as a nominal feature.
    groups : str, array-like or None, default None
        A column's name (taken out of the features) or one value per row — a patient, batch or subject id: each
        group stays on one side of every split made on the data, at every depth.
    order : str, array-like or None, default None
        A column of times or one time per row: orders the rows for the time-ordered schemes.

    Examples
    --------
    >>> import featrank, numpy as np, pandas as pd
    >>> featrank.Dataset(np.eye(4), [0, 1, 0, 1]).n_features
    4
    >>> featrank.Dataset(np.eye(4), [0, 1, 0, 1], groups=["a", "a", "b", "b"]).n_groups
    2
    >>> df = pd.DataFrame({"age": [61.0, 48, 70, 55], "time": [5.0, 8, 2, 9], "death": [True, False, True, False]})
    >>> featrank.Dataset(df, target=("time", "death")).task
    'survival'
    """

    def __new__(cls, data: Any, target: Any = None, *, targets: Sequence[str] | None = None,
                task: _Task = "auto", feature_names: Sequence[str] | None = None,
                allow_identifiers: bool = False, groups: Any = None, order: Any = None) -> Dataset: ...
    @staticmethod
    def read(path: str | os.PathLike[str], target: str | None = None, *, targets: Sequence[str] | None = None,
             task: _Task = "auto", groups: str | None = None, order: str | None = None) -> Dataset:
        """A data file, or a bundled dataset by name, read as the CLI reads it.

        Parameters
        ----------
        path : str or os.PathLike
            A .csv, .csv.gz, .arff, .parquet or svmlight .svm file, or a bundled dataset's name.
        target : str or None, default None
            The target column (None: the dataset's own, the targets an ARFF file declares, else the last column).
        targets : list of str or None, default None
            Several target columns: a label set or several targets (not with ``target``).
        task : {"auto", "classification", "regression", "survival"}, default "auto"
            How the target is read (``auto``: from its type).
        groups : str or None, default None
            The column of the rows' groups (then not a feature).
        order : str or None, default None
            The column of the rows' times (then not a feature).

        Returns
        -------
        Dataset

        Examples
        --------
        >>> import featrank
        >>> featrank.Dataset.read("iris").n_rows
        150
        """
    def with_groups(self, groups: Any) -> Dataset:
        """This dataset with its rows in groups, which group-aware schemes keep together.

        Parameters
        ----------
        groups : array-like
            One value per row (a NumPy array, a list, a pandas or polars Series), numbers or text.

        Returns
        -------
        Dataset

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> iris.with_groups([i // 10 for i in range(150)]).n_groups
        15
        """
    def with_order(self, order: Any) -> Dataset:
        """This dataset with its rows ordered in time, for the time-series schemes.

        Parameters
        ----------
        order : array-like
            One time per row: numbers, dates or datetimes.

        Returns
        -------
        Dataset

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> iris.with_order(list(range(150))).n_rows
        150
        """
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
    _csr: Any
    """the sparse features as a SciPy CSR matrix, None when they are dense"""
    _identity: int | None
    """the identity of the features' values when they are this dataset's own (worker processes read a run's
    splits from the whole data by it), None for rows taken from another"""
    y: np.ndarray
    """class codes (int64, indexing ``classes``) or values (float64); with several targets rows × targets
    (labels 0/1 and class codes int64, values float64); a survival target as scikit-survival's structured array
    (the event field, bool, then the time field, float64, named as the columns)"""
    def select(self, features: Sequence[str]) -> Dataset:
        """The features named, in that order, with the target.

        Parameters
        ----------
        features : list of str
            Feature names.

        Returns
        -------
        Dataset

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> iris.select(["petallength", "sepalwidth"]).feature_names
        ['petallength', 'sepalwidth']
        """
    def take(self, rows: Sequence[int]) -> Dataset:
        """The rows given, in that order.

        Parameters
        ----------
        rows : list of int
            0-based row positions.

        Returns
        -------
        Dataset

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> iris.take([0, 50, 100]).n_rows
        3
        """
    def for_target(self, target: int | str) -> Dataset:
        """One target of a target set alone: binary relevance's view.

        Parameters
        ----------
        target : str or int
            The target's name or 0-based position.

        Returns
        -------
        Dataset

        Examples
        --------
        >>> import featrank
        >>> emotions = featrank.datasets.load("emotions")
        >>> emotions.for_target(0).target
        'amazed-suprised'
        """
    def label_powerset(self) -> Dataset:
        """The label sets (or combinations of class targets) as the classes of one target: label powerset's view.

        Returns
        -------
        Dataset

        Examples
        --------
        >>> import featrank
        >>> featrank.datasets.load("emotions").label_powerset().task
        'classification'
        """
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any:
        """The table as a polars DataFrame (``pip install polars``).

        Returns
        -------
        polars.DataFrame

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> iris.to_polars().shape
        (150, 5)
        """
    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (``pip install pandas``).

        Returns
        -------
        pandas.DataFrame

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> iris.to_pandas().shape
        (150, 5)
        """
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...

@final
class Ranking:
    """A feature ranking: features from most to least relevant (rank 1 first), with scores when a ranker made it.

    Made by ``featrank.rank``, ``Ranking.from_scores``, ``Ranking.from_order`` or ``Ranking.read_csv``.

    Examples
    --------
    >>> import featrank
    >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.2, 0.9, 0.5], name="mine")
    >>> r.order, r.rank_of("a"), r.top(2)
    (['b', 'c', 'a'], 3, ['b', 'c'])
    >>> r.to_pandas().columns.tolist()
    ['feature', 'score', 'rank']
    """

    @staticmethod
    def from_scores(features: Sequence[str], scores: Sequence[float], *, name: str | None = None) -> Ranking:
        """Features ordered by their scores: a higher score is more relevant; equal scores keep the order given.

        Parameters
        ----------
        features : list of str
            Feature names.
        scores : array-like of float
            One score per feature.
        name : str or None, default None
            The name curves label it by (None: ``ranking``).

        Returns
        -------
        Ranking

        Examples
        --------
        >>> import featrank
        >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
        >>> r.order, r.name
        (['b', 'c', 'a'], 'mine')
        """
    @staticmethod
    def from_order(order: Sequence[str], *, name: str | None = None) -> Ranking:
        """The features in an order, from most to least relevant.

        Parameters
        ----------
        order : list of str
            Feature names, most relevant first.
        name : str or None, default None
            The name curves label it by (None: ``ranking``).

        Returns
        -------
        Ranking

        Examples
        --------
        >>> import featrank
        >>> featrank.Ranking.from_order(["b", "a"]).name
        'ranking'
        """
    @staticmethod
    def read_csv(path: str | os.PathLike[str]) -> Ranking:
        """The ranking in a CSV file with ``feature,score`` and/or ``feature,rank`` columns.

        Parameters
        ----------
        path : str or os.PathLike
            The CSV file (what ``featrank rank`` writes).

        Returns
        -------
        Ranking

        Examples
        --------
        >>> import featrank, pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "fisher.csv"
        >>> featrank.rank_table("iris", "fisher").to_polars().write_csv(path)
        >>> featrank.Ranking.read_csv(path).order[:2]
        ['petallength', 'petalwidth']
        """
    def with_name(self, name: str) -> Ranking:
        """The same ranking under another name (curves are labelled by it).

        Parameters
        ----------
        name : str
            The new name.

        Returns
        -------
        Ranking

        Examples
        --------
        >>> import featrank
        >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
        >>> r.with_name("scores").name
        'scores'
        """
    name: str
    order: list[str]
    scores: np.ndarray | None
    def top(self, k: int) -> list[str]:
        """The first features.

        Parameters
        ----------
        k : int
            How many.

        Returns
        -------
        list of str

        Examples
        --------
        >>> import featrank
        >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
        >>> r.top(2)
        ['b', 'c']
        """
    def rank_of(self, feature: str) -> int | None:
        """The 1-based rank of a feature.

        Parameters
        ----------
        feature : str
            The feature's name.

        Returns
        -------
        int or None
            None when the ranking does not hold it.

        Examples
        --------
        >>> import featrank
        >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
        >>> r.rank_of("c"), r.rank_of("z")
        (2, None)
        """
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any:
        """The table as a polars DataFrame (``pip install polars``).

        Returns
        -------
        polars.DataFrame

        Examples
        --------
        >>> import featrank
        >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
        >>> r.to_polars().columns
        ['feature', 'score', 'rank']
        """
    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (``pip install pandas``).

        Returns
        -------
        pandas.DataFrame

        Examples
        --------
        >>> import featrank
        >>> r = featrank.Ranking.from_scores(["a", "b", "c"], [0.1, 0.9, 0.5], name="mine")
        >>> r.to_pandas().shape
        (3, 3)
        """
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...

@disjoint_base
class Table:
    """A result table: shown as HTML in a notebook, as text in a terminal; ``to_polars()`` / ``to_pandas()``.

    Examples
    --------
    >>> import featrank
    >>> t = featrank.rank_table(featrank.datasets.load("iris"), "fisher")
    >>> t.columns[:3], len(t), t.to_dict()["feature"][0]
    (['feature', 'score', 'rank'], 4, 'petallength')
    """

    columns: list[str]
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any:
        """The table as a polars DataFrame (``pip install polars``).

        Returns
        -------
        polars.DataFrame

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> table = curves.eca_table()
        >>> table.to_polars().shape
        (2, 5)
        """
    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (``pip install pandas``).

        Returns
        -------
        pandas.DataFrame

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> table = curves.eca_table()
        >>> table.to_pandas().shape
        (2, 5)
        """
    def to_dict(self) -> dict[str, Any]:
        """The columns as a dict of NumPy arrays (text columns as lists).

        Returns
        -------
        dict

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> table = curves.eca_table()
        >>> table.to_dict()["ranking"]
        ['relieff', 'fisher']
        """
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...

@final
class Figure:
    """A figure (SVG): shown inline in a notebook; ``save(path)`` writes it.

    Examples
    --------
    >>> import featrank, tempfile, pathlib
    >>> fig = featrank.curves("iris", rankers="fisher", folds=2, repeats=1, expected=2, progress=False).plot()
    >>> fig.svg.startswith("<svg")
    True
    >>> with tempfile.TemporaryDirectory() as d:
    ...     fig.savefig(pathlib.Path(d) / "curves.svg")
    """

    svg: str
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the SVG to a file.

        Parameters
        ----------
        path : str or os.PathLike
            The file to write.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> figure = curves.plot()
        >>> figure.save(folder / "curves.svg")
        >>> (folder / "curves.svg").read_text() == figure.svg
        True
        """
    def savefig(self, path: str | os.PathLike[str]) -> None:
        """Write the figure to a file in the format its extension names, as matplotlib's ``savefig``.

        featrank draws SVG; for PNG, convert ``figure.svg`` with a renderer such as cairosvg or resvg.

        Parameters
        ----------
        path : str or os.PathLike
            A ``.svg`` file (another extension is refused, naming the formats taken).

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> figure = curves.plot()
        >>> figure.savefig(folder / "curves.svg")
        >>> (folder / "curves.svg").exists()
        True
        """
    def _repr_svg_(self) -> str: ...

@final
class Curves:
    """FFA/RFA curves of rankings (fixed) and rankers (run inside every training split), with the expected curve of
    random rankings; what a run answers (ECA, significance, stability, sizes) hangs off it.

    Made by ``featrank.curves``.

    Examples
    --------
    >>> import featrank
    >>> c = featrank.curves("iris", rankers=["fisher", "relieff"], folds=3, repeats=2, expected=5, seed=1,
    ...                     progress=False)
    >>> c.rankings, c.sizes
    (['fisher', 'relieff'], [1, 2, 3, 4])
    >>> c.to_pandas().columns.tolist()
    ['ranking', 'curve', 'mode', 'k', 'mean', 'std', 'lo', 'hi']
    >>> c.decide("1se").k("fisher") <= 4
    True
    """

    @staticmethod
    def load_json(path: str | os.PathLike[str]) -> Curves:
        """The curves ``save_json`` (or the CLI's ``--json``) wrote to a file.

        Parameters
        ----------
        path : str or os.PathLike
            The JSON file.

        Returns
        -------
        Curves

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "curves.json"
        >>> curves.save_json(path)
        >>> featrank.Curves.load_json(path).sizes == curves.sizes
        True
        """
    def save_json(self, path: str | os.PathLike[str]) -> None:
        """Write the curves to a file as JSON, all of them: per-repeat values and per-fold rankings.

        ``Curves.load_json`` reads them back; the Rust library and the CLI read the same file.

        Parameters
        ----------
        path : str or os.PathLike
            The file to write.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "curves.json"
        >>> curves.save_json(path)
        >>> featrank.Curves.load_json(path).rankings
        ['relieff', 'fisher']
        """
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
        """ECA of a ranking's curves against a baseline: the score Rust's `Curves::eca` gives.

        Positive = better than the baseline, whatever the measure's direction (Slavkov et al. 2018, Eqs. 1-4).
        Without a ranking (deprecated: use ``eca_table()``), the table, with a ``DeprecationWarning``.

        Parameters
        ----------
        ranking : str or None, default None
            The name of a ranking or ranker of the run (``curves.rankings``).
        baseline : str, default "expected"
            ``"expected"``: the expected curve of the random rankings; or another ranking's name.
        weighting : {"uniform", "position", "magnitude", "both"}, default "uniform"
            How the points of the curves are weighted (the library's ``Weighting::default()``).

        Returns
        -------
        float
            The ECA score (a ``Table`` when no ranking is given).

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.eca("relieff") > 0
        True
        >>> round(curves.eca("relieff", baseline="fisher", weighting="position"), 4)
        -0.0016
        """
    def eca_table(self) -> Table:
        """ECA against the expected curve of random rankings, under every weighting.

        Returns
        -------
        Table
            ``ranking`` and one column per weighting (``uniform``, ``position``, ``magnitude``, ``both``).

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.eca_table().to_polars().columns
        ['ranking', 'uniform', 'position', 'magnitude', 'both']
        """
    def compare(self) -> Table:
        """Every ranking against every other and against the expected curve: ECA and rank distances.

        Returns
        -------
        Table
            One row per (ranking, baseline, weighting): ``ffa_delta``, ``rfa_delta`` and ``eca``.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.compare().to_polars().columns
        ['ranking', 'baseline', 'weighting', 'ffa_delta', 'rfa_delta', 'eca']
        """
    def significance(self, *, level: float = ..., weighting: _Weighting = ...) -> Significance:
        """Is a ranking better than random rankings, or than another?

        The corrected resampled t-test (Nadeau & Bengio 2003) and Wilcoxon's signed-rank test on the ECA per repeat,
        Holm-adjusted over the rankings.

        Parameters
        ----------
        level : float, default 0.95
            Level of the intervals (the library's ``Significance::DEFAULT_LEVEL``); verdicts use α = 1 − level.
        weighting : {"uniform", "position", "magnitude", "both"}, default "uniform"
            Weighting of the ECA (the library's ``Weighting::default()``).

        Returns
        -------
        Significance
            A table: ``verdicts()``, ``verdict(ranking)``.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.significance(level=0.9).verdict("relieff")
        'better'
        """
    def stability(self, sizes: Sequence[int] | None = None) -> Stabilities:
        """Stability of the rankers run inside the folds: Canberra, Kuncheva and Nogueira's φ with its interval.

        Parameters
        ----------
        sizes : list of int or None, default None
            The top-k sizes to measure at (None: the curves' sizes).

        Returns
        -------
        Stabilities
            One row per (ranking, k); ``plot()`` draws the stability curves.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.stability(sizes=[1, 2]).to_polars()["k"].to_list()
        [1, 2, 1, 2]
        """
    def decide(self, rule: str | None = None, *, rules: Sequence[str] | None = None) -> SizeChoices:
        """How many features to keep, by one rule or several, per ranking.

        Parameters
        ----------
        rule : str or None, default None
            One rule: ``best``, ``1se``, ``within:0.01``, ``knee`` or ``at:50``.
        rules : list of str or None, default None
            Several rules (not with ``rule``). Neither: ``best``, ``1se``, ``within:0.01`` and ``knee``.

        Returns
        -------
        SizeChoices
            One row per (ranking, rule): the chosen k and its value; ``k(ranking, rule)``, ``plot()``.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.decide("1se").k("relieff")
        1
        >>> curves.decide(rules=["best", "1se"]).k("relieff", rule="best")
        4
        """
    def trade_off(self, k: int, *, beta: float = ...) -> TradeOff:
        """Stability and accuracy of the rankers' top-k sets together (Saeys et al. 2008).

        The Pareto front (no other ranker as stable and as accurate) and RPT_β, the F-measure of Nogueira's φ and
        the accuracy.

        Parameters
        ----------
        k : int
            The size of the top-k sets (a size of the curves).
        beta : float, default 1.0
            RPT's β: above 1 favours stability (the library's ``TradeOff::DEFAULT_BETA``).

        Returns
        -------
        TradeOff
            One row per ranker: ``accuracy``, ``phi``, ``on_front``, ``rpt``.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.trade_off(2, beta=2.0).to_polars()["on_front"].to_list()
        [True, True]
        """
    def rank_distribution(self, name: str, top: int = 20) -> Table:
        """How often each feature of a per-fold ranker reached each of the first ranks over the training splits.

        Parameters
        ----------
        name : str
            The ranker's name in the run (``curves.rankings``).
        top : int, default 20
            How many ranks to count.

        Returns
        -------
        Table
            One row per feature.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.rank_distribution("relieff", top=2).to_polars().shape[0]
        4
        """
    def plot(self) -> Figure:
        """The FFA/RFA figure with the band of random rankings.

        Returns
        -------
        Figure
            SVG, shown inline in a notebook.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.plot().svg.startswith("<svg")
        True
        """
    def save_svg(self, path: str | os.PathLike[str]) -> None:
        """Write the FFA/RFA figure to a file as SVG.

        Parameters
        ----------
        path : str or os.PathLike
            The file to write.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "curves.svg"
        >>> curves.save_svg(path)
        >>> path.read_text().startswith("<svg")
        True
        """
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any:
        """The table as a polars DataFrame (``pip install polars``).

        Returns
        -------
        polars.DataFrame

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.to_polars().columns
        ['ranking', 'curve', 'mode', 'k', 'mean', 'std', 'lo', 'hi']
        """
    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (``pip install pandas``).

        Returns
        -------
        pandas.DataFrame

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.to_pandas().columns.tolist()
        ['ranking', 'curve', 'mode', 'k', 'mean', 'std', 'lo', 'hi']
        """
    def _repr_svg_(self) -> str: ...

@final
class Significance(Table):
    """The tests of a run (a table): each ranking against the expected curve and against each other — ECA with its
    interval, the corrected t-test over splits (what the verdicts use) and Wilcoxon over repeats.

    Made by ``Curves.significance``; ``verdicts(alpha)`` against random rankings, ``verdict(name)``.

    Examples
    --------
    >>> import featrank
    >>> c = featrank.curves("iris", rankers="fisher", folds=5, repeats=6, expected=10, seed=1, progress=False)
    >>> c.significance().verdict("fisher")
    'better'
    """

    def verdicts(self, alpha: float | None = None) -> Table:
        """Better / worse / not distinguishable from random rankings, per ranking (Holm-adjusted).

        Parameters
        ----------
        alpha : float or None, default None
            The level of the tests (None: 1 − the level of the intervals, as the CLI's ``compare --level``).

        Returns
        -------
        Table
            ``ranking, eca, eca_lo, eca_hi, t_p_holm, verdict``.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> significance = curves.significance()
        >>> significance.verdicts(alpha=0.01).to_polars()["verdict"].to_list()
        ['better', 'better']
        """
    def verdict(self, ranking: str, alpha: float | None = None) -> str:
        """One ranking's verdict against random rankings: ``better``, ``worse`` or ``not distinguishable``.

        Parameters
        ----------
        ranking : str
            The ranking's name.
        alpha : float or None, default None
            As in ``verdicts``.

        Returns
        -------
        str

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> significance = curves.significance()
        >>> significance.verdict("fisher")
        'better'
        """

@final
class Stabilities(Table):
    """Stability over the training splits (a table): Canberra, Kuncheva, Nogueira's φ with its interval and test.

    Made by ``Curves.stability``; ``plot()`` draws the stability curves.

    Examples
    --------
    >>> import featrank
    >>> c = featrank.curves("iris", rankers="fisher", folds=3, repeats=2, expected=0, seed=1, progress=False)
    >>> c.stability().to_pandas().query("k == 1")["phi"].tolist()
    [1.0]
    """

    def plot(self) -> Figure:
        """The figure (SVG, shown inline in a notebook; ``save`` or ``.svg`` for the text).

        Returns
        -------
        Figure

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.stability().plot().svg.startswith("<svg")
        True
        """

@final
class TradeOff(Table):
    """The stability–accuracy trade-off at one size (a table with its figure): the Pareto front and RPT_β.

    Made by ``Curves.trade_off``; ``front``, ``best_rpt``, ``plot()``.

    Examples
    --------
    >>> import featrank
    >>> c = featrank.curves("iris", rankers=["fisher", "relieff"], folds=3, repeats=2, expected=0, seed=1,
    ...                     progress=False)
    >>> sorted(c.trade_off(2).front)
    ['fisher', 'relieff']
    """
    front: list[str]
    best_rpt: str | None
    def plot(self) -> Figure:
        """The figure (SVG, shown inline in a notebook; ``save`` or ``.svg`` for the text).

        Returns
        -------
        Figure

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.trade_off(2).plot().svg.startswith("<svg")
        True
        """

@final
class SizeChoices(Table):
    """Subset sizes chosen from the FFA curves by one or several rules (a table with its figure).

    Made by ``Curves.decide``; ``k(ranking, rule)``, ``plot()``.

    Examples
    --------
    >>> import featrank
    >>> c = featrank.curves("iris", rankers="fisher", folds=3, repeats=2, expected=0, seed=1, progress=False)
    >>> c.decide(rules=["best", "at:2"]).k("fisher", rule="at:2")
    2
    """
    def k(self, ranking: str, rule: _Rule | None = None) -> int:
        """The number of features a rule chose for a ranking.

        Parameters
        ----------
        ranking : str
            The ranking's name.
        rule : str or None, default None
            A rule of this table (None: ``1se``, the rule a nested evaluation chooses by unless told).

        Returns
        -------
        int

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.decide(rules=["best", "1se"]).k("relieff", rule="best")
        4
        """
    def plot(self) -> Figure:
        """The figure (SVG, shown inline in a notebook; ``save`` or ``.svg`` for the text).

        Returns
        -------
        Figure

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
        ...                          seed=1, progress=False)
        >>> curves.decide().plot().svg.startswith("<svg")
        True
        """

@final
class Synthetic:
    """Synthetic data with exact ground truth (``featrank.synth.generate``).

    Examples
    --------
    >>> import featrank
    >>> s = featrank.synth.generate("pair", rows=100, seed=1)
    >>> s.data.n_rows, set(s.truth.top(len(s.relevant))) == set(s.relevant)
    (100, True)
    """

    data: Dataset
    truth: Ranking
    relevant: list[str]
    def truth_table(self) -> Table:
        """Every feature's exact relevance: the ground truth as a table.

        Returns
        -------
        Table
            ``feature, relevance, rank``: relevance in bits, rank 1 the most relevant.

        Examples
        --------
        >>> import featrank
        >>> pair = featrank.synth.generate("pair", rows=200, seed=1)
        >>> pair.truth_table().to_polars().columns
        ['feature', 'relevance', 'rank']
        """
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any:
        """The data as a polars DataFrame (``pip install polars``).

        Returns
        -------
        polars.DataFrame

        Examples
        --------
        >>> import featrank
        >>> pair = featrank.synth.generate("pair", rows=200, seed=1)
        >>> pair.to_polars().shape
        (200, 101)
        """
    def to_pandas(self) -> Any:
        """The data as a pandas DataFrame (``pip install pandas``).

        Returns
        -------
        pandas.DataFrame

        Examples
        --------
        >>> import featrank
        >>> pair = featrank.synth.generate("pair", rows=200, seed=1)
        >>> pair.to_pandas().shape
        (200, 101)
        """

@final
class Nested:
    """The result of a nested evaluation (``featrank.nested``): each outer split's choice and score, the estimate,
    the optimism.

    Examples
    --------
    >>> import featrank
    >>> n = featrank.nested("iris", ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
    >>> len(n.choices()), 0.8 < n.estimate[0] <= 1
    (3, True)
    """
    description: str
    estimate: tuple[float, float, float]
    optimism: float
    def summary(self) -> Table:
        """The answer in one row: the nested estimate and its interval, the ordinary best and the optimism.

        Returns
        -------
        Table

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
        >>> nested.summary().to_polars().columns[:4]
        ['measure', 'nested', 'nested_lo', 'nested_hi']
        """
    def choices(self) -> Table:
        """Every outer split's choice and score.

        Returns
        -------
        Table
            ``repeat, fold, ranker, learner, k, inner, outer``.

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
        >>> nested.choices().to_polars().shape
        (3, 7)
        """
    def plot(self) -> Figure:
        """The chosen sizes and the outer values, with the nested estimate and the ordinary best.

        Returns
        -------
        Figure

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
        >>> nested.plot().svg.startswith("<svg")
        True
        """
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The same table as ``to_polars()`` through the Arrow PyCapsule interface."""
    def to_polars(self) -> Any:
        """``choices()`` as a polars DataFrame (``pip install polars``).

        Returns
        -------
        polars.DataFrame

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
        >>> nested.to_polars().shape
        (3, 7)
        """
    def to_pandas(self) -> Any:
        """``choices()`` as a pandas DataFrame (``pip install pandas``).

        Returns
        -------
        pandas.DataFrame

        Examples
        --------
        >>> import featrank
        >>> iris = featrank.datasets.load("iris")
        >>> nested = featrank.nested(iris, ["fisher"], learner="knn:k=[1,5]", folds=3, inner_folds=3, seed=1)
        >>> nested.to_pandas().shape
        (3, 7)
        """
    def _repr_html_(self) -> str: ...

def nested(data: Dataset, rankers: Sequence[str | Any], *, learner: str, folds: int | None, repeats: int, scheme: _Scheme,
           inner_folds: int, rule: _Rule, grid: _Grid | Sequence[int], measure: _Measure | None, seed: int) -> Nested:
    """The compiled side of ``featrank.nested``, which owns the signature and its defaults: every setting given."""

@final
class Manifest:
    """A planned curve run (``featrank.cluster.plan``) or nested evaluation (``featrank.cluster.plan_nested``): its
    units and the run they come from.

    A manifest pickles as its file: unpickled, it is read again and its inputs checked.

    Examples
    --------
    >>> import featrank.cluster as cluster, pathlib, tempfile
    >>> m = cluster.plan("iris", pathlib.Path(tempfile.mkdtemp()) / "run.json", rankers=["fisher"], repeats=2,
    ...                  expected=2, seed=1)
    >>> m.kind, m.units
    ('curves', 8)
    """
    path: os.PathLike[str]
    units: int
    kind: str
    def shard_units(self, shard: str) -> int:
        """How many units one shard computes.

        Parameters
        ----------
        shard : str
            ``"I/N"``: shard I (from 0) of N.

        Returns
        -------
        int

        Examples
        --------
        >>> import featrank.cluster as cluster, pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> manifest = cluster.plan("iris", folder / "run.json", rankers=["relieff"], repeats=2, expected=3, seed=1)
        >>> [manifest.shard_units(f"{i}/3") for i in range(3)]
        [4, 3, 3]
        """
    def run(self, shard: str, out: str | os.PathLike[str], *, progress: bool = True,
            allow_commands: bool = False) -> int:
        """Compute one shard of the run and write its results to a file.

        Parameters
        ----------
        shard : str
            ``"I/N"``: shard I (from 0) of N, e.g. a Slurm array task's index.
        out : str or os.PathLike
            The part file to write (.parquet or .csv).
        progress : bool, default True
            A progress bar when tqdm is installed.
        allow_commands : bool, default False
            Run a manifest whose rankers run programs (``command:run=(…)``); refused otherwise (a manifest is data,
            a program code).

        Returns
        -------
        int
            The number of units computed.

        Examples
        --------
        >>> import featrank.cluster as cluster, pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> manifest = cluster.plan("iris", folder / "run.json", rankers=["relieff"], repeats=2, expected=3, seed=1)
        >>> manifest.run("0/2", folder / "part0.parquet", progress=False)
        5
        """
    def merge(self, parts: Sequence[str | os.PathLike[str]]) -> Curves | dict[str, Curves] | Nested | list[Nested]:
        """The run's result from the parts the shards wrote (each unit exactly once).

        Equal to what one process computes.

        Parameters
        ----------
        parts : list of str or os.PathLike
            The part files.

        Returns
        -------
        Curves, dict, Nested or list of Nested
            A curve run's ``Curves`` (of several learners, a dict keyed by learner); a nested run's ``Nested`` (of
            several rules, one per rule).

        Examples
        --------
        >>> import featrank.cluster as cluster, pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> manifest = cluster.plan("iris", folder / "run.json", rankers=["relieff"], repeats=2, expected=3, seed=1)
        >>> parts = [folder / f"part{i}.parquet" for i in range(2)]
        >>> [manifest.run(f"{i}/2", part, progress=False) for i, part in enumerate(parts)]
        [5, 5]
        >>> manifest.merge(parts).rankings
        ['relieff']
        """
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
    """Friedman's test over datasets (``featrank.friedman``): the average ranks (a table, best first) and the
    tests' statistics; ``critical_difference(alpha)``.

    Examples
    --------
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
        """The Nemenyi critical difference of the average ranks, with its diagram (Demšar 2006).

        Parameters
        ----------
        alpha : float, default 0.05
            The level (the library's ``compare::DEFAULT_ALPHA``): 0.05 or 0.10.

        Returns
        -------
        CriticalDifference
            ``cd``, ``significant_pairs()``, ``plot()``.

        Examples
        --------
        >>> import featrank, pandas as pd
        >>> eca = pd.DataFrame({"dataset": ["a", "b", "c", "d"], "relieff": [0.30, 0.12, 0.21, 0.08],
        ...                     "fisher": [0.25, 0.10, 0.20, 0.05], "random": [0.0, 0.01, -0.02, 0.0]})
        >>> friedman = featrank.friedman(eca)
        >>> friedman.critical_difference(0.05).significant_pairs()
        [('relieff', 'random')]
        """

@final
class CriticalDifference:
    """Nemenyi's critical difference: ``cd``, the pairs it separates, Demšar's diagram (shown inline as SVG).

    Made by ``Friedman.critical_difference``.

    Examples
    --------
    >>> import featrank
    >>> f = featrank.friedman({"a": [0.9, 0.8, 0.7, 0.9], "b": [0.5, 0.6, 0.4, 0.5], "c": [0.7, 0.7, 0.6, 0.8]})
    >>> cd = f.critical_difference(0.05)
    >>> round(cd.cd, 3), cd.significant_pairs()
    (1.657, [('a', 'b')])
    """

    cd: float
    alpha: float
    methods: list[str]
    average_ranks: list[float]
    def significant_pairs(self) -> list[tuple[str, str]]:
        """The ``(better, worse)`` pairs whose average ranks differ by at least the critical difference.

        Returns
        -------
        list of tuple of str

        Examples
        --------
        >>> import featrank, pandas as pd
        >>> eca = pd.DataFrame({"dataset": ["a", "b", "c", "d"], "relieff": [0.30, 0.12, 0.21, 0.08],
        ...                     "fisher": [0.25, 0.10, 0.20, 0.05], "random": [0.0, 0.01, -0.02, 0.0]})
        >>> friedman = featrank.friedman(eca)
        >>> friedman.critical_difference().significant_pairs()
        [('relieff', 'random')]
        """
    def plot(self) -> Figure:
        """The figure (SVG, shown inline in a notebook; ``save`` or ``.svg`` for the text).

        Returns
        -------
        Figure

        Examples
        --------
        >>> import featrank, pandas as pd
        >>> eca = pd.DataFrame({"dataset": ["a", "b", "c", "d"], "relieff": [0.30, 0.12, 0.21, 0.08],
        ...                     "fisher": [0.25, 0.10, 0.20, 0.05], "random": [0.0, 0.01, -0.02, 0.0]})
        >>> friedman = featrank.friedman(eca)
        >>> friedman.critical_difference().plot().svg.startswith("<svg")
        True
        """
    def _repr_svg_(self) -> str: ...

def friedman(methods: Sequence[str], scores: Sequence[Sequence[float]]) -> Friedman: ...

@final
class PerformanceIndex(Table):
    """PI(N) of each ranking for N = 1, 2, … (``featrank.performance_index``): the figure, then the table
    ``ranking, n, rows, accuracy, pi``.

    Examples
    --------
    >>> import featrank
    >>> vote = featrank.datasets.load("vote")
    >>> pi = featrank.performance_index(vote, featrank.rank(vote, "consensus", seed=1), max_n=3, seed=1)
    >>> pi.columns
    ['ranking', 'n', 'rows', 'accuracy', 'pi']
    """

    def plot(self) -> Figure:
        """The figure (SVG, shown inline in a notebook; ``save`` or ``.svg`` for the text).

        Returns
        -------
        Figure

        Examples
        --------
        >>> import featrank
        >>> vote = featrank.datasets.load("vote")
        >>> pi = featrank.performance_index(vote, featrank.rank(vote, "consensus", seed=1), max_n=3, seed=1)
        >>> pi.plot().svg.startswith("<svg")
        True
        """

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
