"""featrank: compute feature rankings and judge which to trust.

The Rust library behind a thin Python layer: FFA/RFA error curves under repeated cross-validation, the
expected curve of random rankings, ECA, stability, tests and subset-size decisions, and the rankers
(ReliefF family, forests, SVM-RFE, filters, mRMR family, EC-FS, Inf-FS, ...), all in the spec grammar of the
Rust API and the CLI (``relieff:k=10``, ``svm:c=0.1,kernel=linear``). Same seed, same numbers as the CLI.

>>> import featrank
>>> iris = featrank.datasets.load("iris")
>>> r = featrank.rank(iris, "relieff:k=10", seed=1)
>>> r.order[0]
'petalwidth'
"""

from __future__ import annotations

import os as _os
from functools import cache as _cache
from typing import TYPE_CHECKING, Any, Literal, Sequence, Union, overload

from ._types import _Device, _Grid, _Measure, _Rule, _Scheme  # the spec texts' Literal types

from ._featrank import (
    Curves,
    Dataset,
    Error,
    Figure,
    Nested,
    Ranking,
    Significance,
    SizeChoices,
    Stabilities,
    Synthetic,
    Table,
    TradeOff,
    __version__,
    learners,
    measures,
    rankers,
)
from ._featrank import parameters as _parameters
from ._featrank import set_memory_limit as _set_memory_limit
from ._featrank import rank as _rank
from ._featrank import rank_table as _rank_table
from .errors import *  # noqa: F403 — every exception class by kind and FeatrankWarning (featrank.errors.__all__)
from .errors import ArgumentError, ParameterError  # raised here by name
from ._featrank import CriticalDifference, Friedman
from ._featrank import curves as _curves
from ._featrank import friedman as _friedman
from ._featrank import PerformanceIndex
from ._featrank import performance_index as _performance_index
from ._featrank import nested as _nested
from ._featrank import splits as _splits
from . import datasets, synth
from ._own import OwnRanker, ranker
from ._own import _expand as _expand_grids
from ._own import workers as _workers
from ._progress import bar as _bar
from . import _defaults as _d
from ._docs import documented

if TYPE_CHECKING:
    import numpy.typing as _npt

Folds = Union[Sequence[int], Sequence[Sequence[int]], "_npt.NDArray[Any]"]
"""Fold ids as ``curves(folds=…)`` takes them: one 0-based fold per row, or rows × repeats (a column per
repeat), e.g. from scikit-learn's splitters."""

read = Dataset.read


@documented({"method": "A ranking method's or learner's name (aliases are read)."})
def parameters(method: str, kind: Literal["ranker", "learner"] | None = None) -> Table:
    """One ranking method's or learner's parameters: ``parameter``, ``default``, ``values`` (what it takes on
    its own), ``needs`` (the setting it applies with) and ``meaning``.

    >>> import featrank
    >>> featrank.parameters("relieff").to_pandas()["parameter"].tolist()
    ['k', 'm', 'convention', 'distance']
    """
    return _parameters(method, kind)


@documented()
def set_memory_limit(limit: str | int | None = None) -> None:
    """Refuse work whose memory estimate exceeds ``limit`` before it starts (a ``featrank.MemoryLimitError``). 0,
    negative numbers and bools are refused with a ``featrank.ParameterError``.

    >>> import featrank
    >>> featrank.set_memory_limit("8G")
    >>> featrank.set_memory_limit(None)
    """
    _set_memory_limit(limit)


DataLike = Any
"""What the entry points take as data: a Dataset; a pandas/Polars DataFrame or pyarrow Table (with ``target=``);
``(X, y)`` arrays; a path (``str`` or ``os.PathLike``) or a bundled dataset's name."""


def _dataset(data: DataLike, target: Any = None, targets: Sequence[str] | None = None, groups: Any = None,
             order: Any = None) -> Dataset:
    """``data`` as a Dataset: a Dataset as it is; a path (``str`` or ``os.PathLike``) or a bundled dataset's name
    read as ``Dataset.read`` reads it; a pandas/Polars DataFrame or pyarrow Table with ``target`` its target
    column's name (default: the last column) or ``targets`` several; ``(X, y)`` arrays or ``X`` with
    ``target=y``. ``groups`` and ``order``: a column's name, or one value per row."""
    if isinstance(data, Dataset):
        if target is not None or targets is not None:
            raise ParameterError._of("target", f"the Dataset has its target ('{data.target}'); give target= with a "
                                     "DataFrame, a table, arrays or a path")
        for name, value in (("groups", groups), ("order", order)):
            if isinstance(value, str):
                raise ParameterError._of(name, f"'{value}' names a column, but a Dataset's columns are its features: "
                                         f"give {name}= when building it, or one value per row")
        if groups is not None:
            data = data.with_groups(groups)
        return data if order is None else data.with_order(order)
    return Dataset(data, target, targets=targets, groups=groups, order=order)


@documented()
def rank(data: DataLike, method: str | Any, *, target: Any = None, targets: Sequence[str] | None = None,
         seed: int = _d.SEED) -> Ranking:
    """The ranking ``method`` computes on all rows of ``data``: a ``Ranking`` (``order``, ``scores``,
    ``rank_of``, ``top``).

    >>> import featrank, pandas as pd
    >>> df = pd.DataFrame({"signal": [0.1, 0.2, 0.9, 1.0] * 5, "noise": [0.5, 0.1, 0.4, 0.2] * 5,
    ...                    "y": ["a", "a", "b", "b"] * 5})
    >>> featrank.rank(df, "relieff", target="y").order
    ['signal', 'noise']
    """
    return _rank(_dataset(data, target, targets), method, seed=seed)


@documented()
def rank_table(data: DataLike, method: str | Any, *, target: Any = None, targets: Sequence[str] | None = None,
               seed: int = _d.SEED) -> Table:
    """The ranking of ``method`` as a table: ``feature, score, rank`` (and the method's extra columns, e.g. the
    shadow features' ``p_value, q_value, verdict``) — what ``featrank rank`` writes.

    >>> import featrank
    >>> featrank.rank_table("iris", "fisher").to_polars().columns
    ['feature', 'score', 'rank']
    """
    return _rank_table(_dataset(data, target, targets), method, seed=seed)


@overload
def curves(data: DataLike, rankings: Ranking | Sequence[Ranking] | None = None,
           rankers: str | Any | Sequence[str | Any] | None = None, *, target: Any = None,
           targets: Sequence[str] | None = None, groups: Any = None, order: Any = None, learner: list[Any] | tuple[Any, ...],
           folds: int | Folds | None = None, repeats: int = _d.REPEATS, scheme: _Scheme = _d.SCHEME, grid: _Grid | Sequence[int] = _d.GRID,
           expected: int = _d.EXPECTED, expected_repeats: int | None = None, measure: _Measure | None = None,
           seed: int = _d.SEED, progress: bool = True, device: _Device = _d.DEVICE,
           n_jobs: int | None = 1) -> dict[str, Curves]: ...
@overload
def curves(data: DataLike, rankings: Ranking | Sequence[Ranking] | None = None,
           rankers: str | Any | Sequence[str | Any] | None = None, *, target: Any = None,
           targets: Sequence[str] | None = None, groups: Any = None, order: Any = None, learner: Any = _d.LEARNER,
           folds: int | Folds | None = None, repeats: int = _d.REPEATS, scheme: _Scheme = _d.SCHEME, grid: _Grid | Sequence[int] = _d.GRID,
           expected: int = _d.EXPECTED, expected_repeats: int | None = None, measure: _Measure | None = None,
           seed: int = _d.SEED, progress: bool = True, device: _Device = _d.DEVICE,
           n_jobs: int | None = 1) -> Curves: ...
@documented()
def curves(data: DataLike, rankings: Ranking | Sequence[Ranking] | None = None,
           rankers: str | Any | Sequence[str | Any] | None = None, *, target: Any = None,
           targets: Sequence[str] | None = None, groups: Any = None, order: Any = None, learner: Any = _d.LEARNER,
           folds: int | Folds | None = None, repeats: int = _d.REPEATS, scheme: _Scheme = _d.SCHEME, grid: _Grid | Sequence[int] = _d.GRID,
           expected: int = _d.EXPECTED, expected_repeats: int | None = None, measure: _Measure | None = None,
           seed: int = _d.SEED, progress: bool = True, device: _Device = _d.DEVICE,
           n_jobs: int | None = 1) -> Curves | dict[str, Curves]:
    """FFA/RFA error curves of ``rankings`` (fixed) and ``rankers`` (run on the training rows of every split, so
    the curves carry no selection bias — what the XAI literature calls ROAR and KAR: RFA and FFA with
    retraining), with the expected curve of random rankings: a ``Curves`` (``eca()``, ``compare()``,
    ``significance()``, ``stability()``, ``decide()``, ``plot()``), or with a list of learners a dict of them keyed
    by what each run records as its learner. Multi-label and multi-target data are judged by Hamming loss (or
    the measure given), a survival target by Harrell's C.

    Your own methods among ``rankers``: a function ``f(X, y) -> scores`` such as scikit-learn's
    ``mutual_info_classif``, an estimator (``RandomForestClassifier()``: its ``feature_importances_``), a
    selector (``SelectKBest``, ``RFE``, ``SelectFromModel``) or ``featrank.ranker(...)`` (a name, a ``grid`` of
    parameters: one curve per point). Fold ids given as ``folds`` set the repeats too. ``device="gpu"`` needs
    the NVIDIA driver and NVRTC (the CUDA toolkit's or ``pip install nvidia-cuda-nvrtc-cu12``).

    >>> import featrank
    >>> iris = featrank.datasets.load("iris")
    >>> c = featrank.curves(iris, rankers=["relieff"], folds=5, repeats=2, expected=5, seed=1, progress=False)
    >>> c.rankings
    ['relieff']
    >>> by_learner = featrank.curves(iris, rankers="fisher", learner=["knn:k=5", "nb"], folds=3, repeats=1,
    ...                              expected=0, progress=False)
    >>> list(by_learner)
    ['knn:k=5,ties=all,distance=euclidean', 'nb']
    """
    if isinstance(learner, (list, tuple)):
        if not learner:
            raise ArgumentError._of("learner", "a learner (a spec or a scikit-learn estimator) or a non-empty list of "
                                    "them", learner)
        learner = list(learner)  # the library runs them on one plan (CurveSpec::evaluate_learners)
    fold_ids = None
    if folds is not None and not isinstance(folds, int):
        import numpy as np  # here, not at import: `import featrank` stays milliseconds

        fold_ids = np.asarray(folds)
        if fold_ids.size == 0 or fold_ids.dtype.kind not in "iu":
            got = "no values" if fold_ids.size == 0 else f"{fold_ids.dtype} values"
            raise ParameterError._of("folds", f"a number of folds or integer fold ids, got {got}")
        if fold_ids.ndim == 0:  # a NumPy integer
            folds, fold_ids = int(fold_ids), None
        elif fold_ids.dtype.kind == "u" and fold_ids.max() > np.iinfo(np.int64).max:
            raise ParameterError._of("folds", f"fold ids are 0, 1, …, folds − 1; got {fold_ids.max()}")
        else:
            fold_ids, folds = fold_ids.astype(np.int64).reshape(len(fold_ids), -1), None  # folds: from the ids
    rankings, rankers = _one_or_many(rankings), _expand_grids(_one_or_many(rankers))
    if rankings is not None and not all(isinstance(r, Ranking) for r in rankings):
        wrong = next(r for r in rankings if not isinstance(r, Ranking))
        raise ArgumentError._of("rankings", "a Ranking or a list of Rankings (featrank.Ranking.from_order, "
                                "from_scores, read_csv, rank)", wrong)
    if device in ("gpu", "cuda"):
        _load_pip_nvrtc()
    dataset = _dataset(data, target, targets, groups, order)
    with _bar(progress) as callback, _workers(n_jobs, dataset):
        run = _curves(dataset, rankings, rankers, learner=learner, folds=folds, repeats=repeats,
                      scheme=scheme, grid=grid, expected=expected, expected_repeats=expected_repeats, measure=measure,
                      seed=seed, progress=callback, fold_ids=fold_ids, device=device)
    if isinstance(run, list):  # one run per learner, keyed by what each records as its learner
        return {one.learner: one for one in run}
    return run


@documented({"repeats": "Repeats of the scheme (one for a scheme without random draws)."})
def splits(data: DataLike, *, target: Any = None, groups: Any = None, order: Any = None, folds: int | None = None,
           repeats: int = 1, scheme: _Scheme = _d.SCHEME, seed: int = _d.SEED) -> list[tuple[Any, Any]]:
    """The plan featrank makes on ``data``: every split of every repeat as ``(train, test)`` arrays of row indices
    — what a curve run with the same ``scheme``, ``folds``, ``repeats`` and ``seed`` evaluates on, and what
    scikit-learn's ``cv=`` takes. With ``groups`` no group is on both sides; time-ordered schemes follow ``order``.

    >>> import featrank, numpy as np
    >>> X, y = np.arange(20.0).reshape(10, 2), [0, 1] * 5
    >>> [test.tolist() for _, test in featrank.splits((X, y), scheme="time-series:folds=2,test=3")]
    [[4, 5, 6], [7, 8, 9]]
    >>> pairs = featrank.splits((X, y), groups=[0, 0, 1, 1, 2, 2, 3, 3, 4, 4], scheme="leave-one-group-out")
    >>> len(pairs), pairs[0][1].tolist()
    (5, [0, 1])
    """
    return _splits(_dataset(data, target, groups=groups, order=order), scheme=scheme, folds=folds, repeats=repeats,
                   seed=seed)


@documented({
    "rankers": "The candidate rankers: specs with grids (``\"relieff:k=[5,10,20]\"``) and your own methods "
               "(their parameters through ``featrank.ranker(estimator, grid={\"max_depth\": [2, 4]})``); spec "
               "points come first.",
    "learner": "The learner, a spec with a grid to tune (``\"svm:c=[0.1,1,10]\"``).",
    "repeats": "Repeats of the outer scheme.",
    "folds": "Outer folds per repeat of a plain ``kfold`` scheme (None: the library's 10); refused beside a "
             "scheme that sets its own splits.",
})
def nested(data: DataLike, rankers: str | Any | Sequence[str | Any], *, target: Any = None, groups: Any = None,
           order: Any = None, learner: str = _d.LEARNER,
           folds: int | None = None, repeats: int = _d.NESTED_REPEATS, scheme: _Scheme = _d.SCHEME,
           inner_folds: int = _d.INNER_FOLDS, rule: _Rule = _d.RULE, grid: _Grid | Sequence[int] = _d.GRID,
           measure: _Measure | None = None, seed: int = _d.SEED, n_jobs: int | None = 1) -> Nested:
    """The honest estimate of a whole selection procedure: for every outer split an inner stratified CV on its
    training rows chooses the ranker's and the learner's parameters (grids in the spec grammar:
    ``"relieff:k=[5,10,20]"``, ``learner="svm:c=[0.1,1,10]"``; your own methods as in ``curves``, their parameters
    through ``featrank.ranker(estimator, grid={"max_depth": [2, 4]})``; spec points come first, then your own) and
    the subset size (``rule``: ``1se``,
    ``best``, ``within:0.01``, ``knee``; ``at:50`` keeps 50 features and tunes the rest); the choice is refitted on the outer training rows and scored on the
    outer test rows. ``.estimate`` (mean, lo, hi), ``.optimism`` (the ordinary curves' best point minus the
    estimate), ``.summary()``, ``.choices()``, ``.plot()``; shows itself in a notebook. Ctrl-C interrupts it
    (no progress bar yet: the inner runs are many and short).

    >>> import featrank
    >>> iris = featrank.datasets.load("iris")
    >>> n = featrank.nested(iris, ["relieff:k=[5,10]"], learner="knn:k=[1,5]", folds=5, seed=1)
    >>> len(n.choices()), n.estimate[0] > 0.85
    (5, True)
    """
    dataset = _dataset(data, target, groups=groups, order=order)
    with _workers(n_jobs, dataset):
        return _nested(dataset, _expand_grids(_one_or_many(rankers)) or [],
                       learner=learner, folds=folds, repeats=repeats, scheme=scheme, inner_folds=inner_folds,
                       rule=rule, grid=grid, measure=measure, seed=seed)


@documented()
def friedman(scores: Any, methods: Sequence[str] | None = None) -> Friedman:
    """Do the methods differ over the datasets? Friedman's χ²_F and Iman–Davenport's F_F on the methods' ranks per
    dataset (rank 1 = highest score; Demšar 2006, as [P18] §5.3 compares rankers by ECA), shown as the average
    ranks best first; ``.critical_difference(alpha)`` gives Nemenyi's CD and its diagram. Higher scores are
    better: give ECA or accuracy, or negate an error.

    >>> import featrank, pandas as pd
    >>> eca = pd.DataFrame({"dataset": ["a", "b", "c", "d"], "relieff": [0.30, 0.12, 0.21, 0.08],
    ...                     "info-gain": [0.28, 0.10, 0.22, 0.05], "random-forest": [0.10, 0.02, 0.05, 0.01]})
    >>> f = featrank.friedman(eca)
    >>> f.to_dict()["method"], round(f.chi2, 2)
    (['relieff', 'info-gain', 'random-forest'], 6.5)
    >>> f.critical_difference(0.05).significant_pairs()
    [('relieff', 'random-forest')]
    """
    if isinstance(scores, dict):
        names, rows = list(scores), [list(r) for r in zip(*scores.values())]
    elif hasattr(scores, "columns") and hasattr(scores, "dtypes"):  # a pandas or Polars DataFrame
        if type(scores).__module__.startswith("pandas"):
            numeric = scores.select_dtypes("number")
            names, rows = [str(c) for c in numeric.columns], numeric.to_numpy(dtype=float).tolist()
        else:
            names = [c for c, t in zip(scores.columns, scores.dtypes) if t.is_numeric()]
            rows = [list(r) for r in scores.select(names).rows()]
    else:
        import numpy as np

        try:
            array = np.asarray(scores, dtype=float)
        except (ValueError, TypeError):
            raise ArgumentError._of("scores", "a DataFrame, a dict {method: scores} or a 2-D array of numbers",
                                    scores) from None
        if array.ndim != 2:
            raise ParameterError._of("scores", f"a 2-D array (a row per dataset), got shape {array.shape}")
        names, rows = [f"m{j}" for j in range(array.shape[1])], array.tolist()
    if isinstance(methods, str):
        raise ArgumentError._of("methods", "a list of method names, not one text", methods)
    if methods is not None:
        names = list(methods)
    return _friedman(names, rows)


@documented({
    "learner": "The learner of the subsets' accuracies: a spec or a scikit-learn estimator.",
    "folds": "Folds of the cross-validated accuracies.",
})
def performance_index(data: DataLike, rankings: Ranking | Sequence[Ranking], *, target: Any = None,
                      learner: Any = "nb", folds: int = _d.FOLDS, max_n: int | None = None,
                      seed: int = _d.SEED) -> PerformanceIndex:
    """The Performance Index of rankings on data with missing values (Fakhraei et al.): for the top-N features,
    PI(N) is the mean of the cross-validated accuracies acc_i of the top-i subsets (i ≤ N), each on the rows
    complete on its features (n_i of them), weighted by n_i / i — a ranking that puts reliable, well-populated
    features first scores high.

    >>> import featrank
    >>> vote = featrank.datasets.load("vote")
    >>> pi = featrank.performance_index(vote, featrank.rank(vote, "consensus", seed=1), max_n=3, seed=1)
    >>> pi.columns
    ['ranking', 'n', 'rows', 'accuracy', 'pi']
    """
    rankings = _one_or_many(rankings) or []
    if not all(isinstance(r, Ranking) for r in rankings):
        wrong = next(r for r in rankings if not isinstance(r, Ranking))
        raise ArgumentError._of("rankings", "a Ranking or a list of Rankings", wrong)
    return _performance_index(_dataset(data, target), rankings, learner=learner, folds=folds, max_n=max_n, seed=seed)


@_cache
def _load_pip_nvrtc() -> None:
    """For ``device="gpu"``, once: pip's NVRTC (``pip install nvidia-cuda-nvrtc-cu12``) is not on the loader's
    path; loaded into the process by its path (as PyTorch does), the Rust side then finds it by name."""
    try:
        import nvidia.cuda_nvrtc as package  # only where pip installed it
    except ImportError:
        return
    import ctypes
    import glob

    for folder in getattr(package, "__path__", []):
        for name in ("libnvrtc-builtins.so.*", "libnvrtc.so.*"):
            for path in sorted(glob.glob(_os.path.join(folder, "lib", name))):
                try:
                    ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
                except OSError:
                    pass


def _one_or_many(specs: Any) -> list[Any] | None:
    """A list of specs (or paths) from one given alone (a ``str`` or path is one, not its characters)."""
    if specs is None:
        return None
    if isinstance(specs, (str, _os.PathLike)) or not hasattr(specs, "__iter__"):
        return [specs]
    return list(specs)


def __getattr__(name):
    # featrank.cluster on first use: imported eagerly, `python -m featrank.cluster` would warn that it runs a
    # module already imported
    if name == "cluster":
        import importlib

        return importlib.import_module(".cluster", __name__)
    raise AttributeError(f"module 'featrank' has no attribute {name!r}")


__all__ = [
    "ArgumentError", "ColumnError", "ColumnNotFoundError", "DataError", "DeviceError", "FeatrankWarning", "FileError", "MemoryLimitError", "MethodError", "MissingFileError",
    "NumericalError", "ParameterError", "ParseError", "SpecError", "UnsupportedTaskError",
    "CriticalDifference", "Curves", "Dataset", "Friedman", "PerformanceIndex", "Error", "Figure", "Nested", "OwnRanker", "Ranking", "Significance", "SizeChoices", "Stabilities", "Synthetic",
    "TradeOff",
    "Table", "__version__", "cluster", "curves", "datasets", "friedman", "learners", "measures", "nested", "parameters", "performance_index", "rank", "rank_table", "ranker", "rankers", "read", "set_memory_limit", "splits", "synth",
]
