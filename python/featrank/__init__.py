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

from ._featrank import (
    Curves,
    Dataset,
    Error,
    Figure,
    Ranking,
    Significance,
    SizeChoices,
    Stabilities,
    Synthetic,
    Table,
    __version__,
    rank,
    rank_table,
    set_memory_limit,
)
from ._featrank import curves as _curves
from . import datasets, synth
from ._progress import bar as _bar

read = Dataset.read


def curves(data, rankings=None, rankers=None, *, learner="knn:k=10", folds=10, repeats=10, scheme="kfold",
           grid="paper", expected=100, expected_repeats=None, measure=None, seed=0, progress=True):
    """FFA/RFA error curves of ``rankings`` (fixed) and ``rankers`` (specs run inside every training split).

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
        if fold_ids.dtype.kind not in "iu":
            raise Error(f"invalid parameter 'folds': a number of folds or integer fold ids, got {fold_ids.dtype} values")
        if fold_ids.ndim == 0:  # a NumPy integer
            folds, fold_ids = int(fold_ids), None
        else:
            fold_ids, folds = fold_ids.astype(np.int64).reshape(len(fold_ids), -1), 10  # folds: from the ids
    with _bar(progress) as callback:
        return _curves(data, rankings, rankers, learner=learner, folds=folds, repeats=repeats, scheme=scheme,
                       grid=grid, expected=expected, expected_repeats=expected_repeats, measure=measure, seed=seed,
                       progress=callback, fold_ids=fold_ids)


def __getattr__(name):
    # featrank.cluster on first use: imported eagerly, `python -m featrank.cluster` would warn that it runs a
    # module already imported
    if name == "cluster":
        import importlib

        return importlib.import_module(".cluster", __name__)
    raise AttributeError(f"module 'featrank' has no attribute {name!r}")


__all__ = [
    "Curves", "Dataset", "Error", "Figure", "Ranking", "Significance", "SizeChoices", "Stabilities", "Synthetic",
    "Table", "__version__", "cluster", "curves", "datasets", "rank", "rank_table", "read", "set_memory_limit", "synth",
]
