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
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:  # the spec texts' Literal types, from the stub (featrank/_featrank.pyi)
    from ._featrank import _Grid, _Measure, _Rule, _Scheme

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
    set_memory_limit,
)
from ._featrank import rank as _rank
from ._featrank import rank_table as _rank_table
from .errors import (
    ColumnError,
    ColumnNotFoundError,
    DataError,
    FileError,
    MemoryLimitError,
    MissingFileError,
    NumericalError,
    ParameterError,
    ParseError,
    SpecError,
    UnsupportedTaskError,
)
from ._featrank import curves as _curves
from ._featrank import nested as _nested
from . import datasets, synth
from ._progress import bar as _bar

read = Dataset.read


DataLike = Any
"""What the entry points take as data: a Dataset; a pandas/Polars DataFrame or pyarrow Table (with ``target=``);
``(X, y)`` arrays; a path (``str`` or ``os.PathLike``) or a bundled dataset's name."""


def _dataset(data: DataLike, target: Any = None) -> Dataset:
    """``data`` as a Dataset: a Dataset as it is; a path (``str`` or ``os.PathLike``) or a bundled dataset's name
    read as ``Dataset.read`` reads it; a pandas/Polars DataFrame or pyarrow Table with ``target`` its target
    column's name (default: the last column); ``(X, y)`` arrays or ``X`` with ``target=y``."""
    if isinstance(data, Dataset):
        if target is not None:
            raise ParameterError._of("target", f"the Dataset has its target ('{data.target}'); give target= with a "
                                     "DataFrame, a table, arrays or a path")
        return data
    if isinstance(data, (str, _os.PathLike)):
        return Dataset.read(data, target)
    return Dataset(data, target)


def rank(data: DataLike, method: str, *, target: Any = None, seed: int = 0) -> Ranking:
    """The ranking ``method`` (a spec: ``relieff:k=10``, ``info-gain``, ...) computes on all rows of ``data`` — a
    Dataset, a pandas/Polars DataFrame or pyarrow Table (``target``: the target column, default the last), ``(X,
    y)``, or a path or bundled dataset's name.

    >>> import featrank, pandas as pd
    >>> df = pd.DataFrame({"signal": [0.1, 0.2, 0.9, 1.0] * 5, "noise": [0.5, 0.1, 0.4, 0.2] * 5,
    ...                    "y": ["a", "a", "b", "b"] * 5})
    >>> featrank.rank(df, "relieff", target="y").order
    ['signal', 'noise']
    """
    return _rank(_dataset(data, target), method, seed=seed)


def rank_table(data: DataLike, method: str, *, target: Any = None, seed: int = 0) -> Table:
    """The ranking of ``method`` as a table: ``feature, score, rank`` (and the method's extra columns, e.g. the
    shadow features' ``p_value, q_value, verdict``) — what ``featrank rank`` writes. ``data`` as in ``rank``.

    >>> import featrank
    >>> featrank.rank_table("iris", "fisher").to_polars().columns
    ['feature', 'score', 'rank']
    """
    return _rank_table(_dataset(data, target), method, seed=seed)


def curves(data: DataLike, rankings: Ranking | Sequence[Ranking] | None = None,
           rankers: str | Sequence[str] | None = None, *, target: Any = None, learner: Any = "knn:k=10",
           folds: Any = 10, repeats: int = 10, scheme: _Scheme = "kfold", grid: _Grid = "paper", expected: int = 100,
           expected_repeats: int | None = None, measure: _Measure | None = None, seed: int = 0,
           progress: bool = True) -> Curves:
    """FFA/RFA error curves of ``rankings`` (fixed) and ``rankers`` (specs run inside every training split) on
    ``data`` — a Dataset, a DataFrame or table with ``target``, ``(X, y)``, or a path (as in ``rank``).

    ``folds`` is a number of folds, or the folds themselves: fold ids (0, 1, ...) one per row, or an array of
    rows × repeats (e.g. from scikit-learn's splitters), which then sets the repeats too. See
    ``featrank/_featrank.pyi`` for every parameter. ``progress=True`` shows a tqdm bar when tqdm is
    installed; Ctrl-C (or the notebook's stop button) interrupts within about a second.

    >>> import featrank
    >>> iris = featrank.datasets.load("iris")
    >>> c = featrank.curves(iris, rankers=["relieff"], folds=5, repeats=2, expected=5, seed=1, progress=False)
    >>> c.rankings
    ['relieff']
    """
    fold_ids = None
    if not isinstance(folds, int):
        import numpy as np  # here, not at import: `import featrank` stays milliseconds

        fold_ids = np.asarray(folds)
        if fold_ids.size == 0 or fold_ids.dtype.kind not in "iu":
            got = "no values" if fold_ids.size == 0 else f"{fold_ids.dtype} values"
            raise Error(f"invalid parameter 'folds': a number of folds or integer fold ids, got {got}")
        if fold_ids.ndim == 0:  # a NumPy integer
            folds, fold_ids = int(fold_ids), None
        elif fold_ids.dtype.kind == "u" and fold_ids.max() > np.iinfo(np.int64).max:
            raise Error(f"invalid parameter 'folds': fold ids are 0, 1, …, folds − 1; got {fold_ids.max()}")
        else:
            fold_ids, folds = fold_ids.astype(np.int64).reshape(len(fold_ids), -1), 10  # folds: from the ids
    rankings, rankers = _one_or_many(rankings), _one_or_many(rankers)
    with _bar(progress) as callback:
        return _curves(_dataset(data, target), rankings, rankers, learner=learner, folds=folds, repeats=repeats, scheme=scheme,
                       grid=grid, expected=expected, expected_repeats=expected_repeats, measure=measure, seed=seed,
                       progress=callback, fold_ids=fold_ids)


def nested(data: DataLike, rankers: str | Sequence[str], *, target: Any = None, learner: str = "knn:k=10",
           folds: int = 10, repeats: int = 1, scheme: _Scheme = "kfold", inner_folds: int = 5, rule: _Rule = "1se",
           grid: _Grid = "paper", measure: _Measure | None = None, seed: int = 0) -> Nested:
    """The honest estimate of a whole selection procedure: for every outer split an inner stratified CV on its
    training rows chooses the ranker's and the learner's parameters (grids in the spec grammar:
    ``"relieff:k=[5,10,20]"``, ``learner="svm:c=[0.1,1,10]"``) and the subset size (``rule``: ``1se``,
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
    return _nested(_dataset(data, target), _one_or_many(rankers) or [], learner=learner, folds=folds, repeats=repeats, scheme=scheme,
                   inner_folds=inner_folds, rule=rule, grid=grid, measure=measure, seed=seed)


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
    "ColumnError", "ColumnNotFoundError", "DataError", "FileError", "MemoryLimitError", "MissingFileError",
    "NumericalError", "ParameterError", "ParseError", "SpecError", "UnsupportedTaskError",
    "Curves", "Dataset", "Error", "Figure", "Nested", "Ranking", "Significance", "SizeChoices", "Stabilities", "Synthetic",
    "TradeOff",
    "Table", "__version__", "cluster", "curves", "datasets", "learners", "measures", "nested", "rank", "rank_table", "rankers", "read", "set_memory_limit", "synth",
]
