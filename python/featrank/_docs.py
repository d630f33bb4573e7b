"""Every public parameter's meaning, written once. ``documented`` gives a function's docstring a numpydoc
``Parameters`` section built from its signature — each parameter's type as annotated and its default as the
signature holds it (the library's, through ``_defaults.py``) — and the texts here, so ``help()`` shows every
parameter with its default, and functions that share a parameter share its text. A parameter without a text is
recorded in ``UNDOCUMENTED`` (``python/tests/test_docs.py`` fails on it)."""

from __future__ import annotations

import inspect
import textwrap
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

MEANINGS: dict[str, str] = {
    "data": "The data: a ``Dataset``; a pandas or Polars DataFrame or a pyarrow Table (with ``target``); "
            "``(X, y)`` arrays (``y`` a label matrix for multi-label data, or scikit-survival's structured array "
            "for a survival target); a path (CSV, Parquet, ARFF, svmlight) or a bundled dataset's name.",
    "target": "The target column of a frame or file (default: the last column); a ``(time, event)`` pair of "
              "names for a survival target; or the labels or values ``y`` beside an array ``X``.",
    "targets": "Several target columns (multi-label or multi-target data); not with ``target``.",
    "groups": "Rows that belong together (a patient's samples, a batch, a subject): a column's name (taken out of "
              "the features) or one value per row, as scikit-learn's ``groups``. Every split keeps a group on one "
              "side — and so does every resampling inside a training split (nested evaluation's inner folds, a "
              "learner's inner CV, a ranker's folds, bootstraps, subsamples). ``\"kfold\"`` is then stratified group "
              "k-fold.",
    "order": "The rows' order in time for the time-ordered schemes (``\"time-series\"``, ``\"blocked\"``): a "
             "column's name (numbers, dates, datetimes; taken out of the features) or one time per row (None: the "
             "rows' own order). ``\"kfold\"`` on ordered rows is blocked.",
    "method": "A ranking method: a spec (``\"relieff:k=10\"``, ``\"info-gain\"``; ``featrank.rankers()`` lists "
              "them) or your own — a function ``f(X, y) -> scores``, a scikit-learn estimator or selector, "
              "``featrank.ranker(...)``.",
    "seed": "Seed of every random choice (folds, random rankings, rankers, learners): the same seed gives the "
            "same result on any number of threads.",
    "rankings": "Fixed rankings to judge (``featrank.Ranking``: ``rank``, ``Ranking.from_order``, "
                "``Ranking.read_csv``).",
    "rankers": "Ranking methods run inside every training split (specs or your own methods, as ``method`` of "
               "``rank``), so the curves carry no selection bias.",
    "learner": "The learner behind the curves: a spec (``\"svm:c=0.1\"``; ``featrank.learners()`` lists them) or a "
               "scikit-learn estimator; a list of them gives one ``Curves`` per learner on the same folds.",
    "folds": "Folds per repeat of a plain ``kfold`` scheme (None: the library's 10); or the folds themselves, "
             "0-based fold ids one per row or rows × repeats (e.g. from scikit-learn's splitters). Refused "
             "beside a scheme that sets its own splits (``\"kfold:folds=5\"``, ``\"holdout:0.33\"``).",
    "repeats": "Repeats of the scheme, each drawn from its own stream of the seed.",
    "scheme": "How rows are split: ``\"kfold\"`` (stratified, with ``folds``), ``\"kfold:folds=5\"``, "
              "``\"holdout:0.33\"`` (the test fraction) or ``\"bootstrap\"`` (out-of-bag rows test) — with "
              "``groups`` each keeps groups whole; ``\"group-kfold\"``, ``\"stratified-group-kfold\"`` "
              "(``shuffle=false``: scikit-learn's fixed order), ``\"leave-one-group-out\"``; "
              "``\"time-series:folds=5,gap=0,max_train=0,test=0\"`` (forward chaining, scikit-learn's "
              "``TimeSeriesSplit``) or ``\"blocked\"`` (contiguous folds), in the order of ``order``.",
    "grid": "The subset sizes: ``\"paper\"`` (the papers' grid), ``\"full\"`` (every size), sizes as text "
            "(``\"1,5,10\"``) or a list, ``range`` or array of whole numbers.",
    "expected": "Random rankings behind the expected curve (the baseline every ranking is judged against); 0: "
                "none.",
    "expected_repeats": "Repeats of the random rankings' runs (None: as many as ``repeats``).",
    "measure": "The performance measure (None: the task's — accuracy, RMSE, Hamming loss, Harrell's C; "
               "``featrank.measures()`` lists them).",
    "progress": "Show a progress bar (tqdm when installed); Ctrl-C interrupts within about a second either way.",
    "device": "Where kNN's distance chains run: ``\"cpu\"`` or ``\"gpu\"`` (an NVIDIA GPU, byte-identical "
              "curves; needs the driver and NVRTC, else a ``featrank.DeviceError``).",
    "n_jobs": "Worker processes for your own Python methods among the rankers (None or 1: this process; -1: "
              "every core; at most the cores): each split's call runs in a worker (the split's rows sent to it), so a method that "
              "holds the GIL (pure Python) uses every core. Methods whose work releases the GIL (NumPy, "
              "LightGBM, scikit-learn's trees, SHAP's C++) already overlap in this process, and a worker's start "
              "imports the method's modules once (SHAP: seconds): hence one process by default. The results are "
              "the same either way (each split keeps its seed), and the method's errors and warnings come back "
              "as here; what it changes outside its result (a counter, a dict of timings) changes in the worker. "
              "A method that cannot be sent to a process runs here, with a ``FeatrankWarning``. featrank's own "
              "methods use every core either way.",
    "inner_folds": "Folds of the inner cross-validation on each outer training split.",
    "rule": "How the inner curves choose the subset size: ``\"1se\"``, ``\"best\"``, ``\"within:0.01\"``, "
            "``\"knee\"``, or ``\"at:50\"`` (a fixed size).",
    "rules": "The size rules (as ``rule`` of ``nested``), one nested result each from the same inner curves "
             "(None: ``nested``'s rule).",
    "task": "What the target is: ``\"auto\"`` (read from it), ``\"classification\"``, ``\"regression\"``, "
            "``\"survival\"``, ….",
    "out": "The file to write.",
    "folds_file": "A CSV of fold ids (a column per repeat) every node reads instead of ``folds``.",
    "manifest": "The manifest's path (written by ``plan`` or ``plan_nested``).",
    "shard": "The shard to compute, ``\"I/N\"`` with I counted from 0.",
    "parts": "The files the shards wrote, each unit exactly once.",
    "allow_commands": "Run the programs the manifest's rankers name (``command:run=(…)``); only for a manifest "
                      "you trust: a manifest is data, a program is code.",
    "limit": "The memory limit: a size (``\"4G\"``, ``\"512M\"``) or a positive number of bytes; None: the "
             "default (``FEATRANK_MEMORY_LIMIT``, else the memory available).",
    "kind": "Which registry a name that is both a ranker and a learner (``forest``) means: ``\"ranker\"`` "
            "(None) or ``\"learner\"``.",
    "scores": "A row per dataset and a numeric column per method: a pandas or Polars DataFrame (other columns "
              "left out), a dict ``{method: scores}`` or a 2-D array (with ``methods``). Higher is better.",
    "methods": "The methods' names for the columns of a 2-D array (None: ``m0``, ``m1``, …).",
    "max_n": "The largest N of PI(N) (None: every feature).",
    "design": "The synthetic design: ``\"single\"``, ``\"pair\"``, ``\"combined\"``, ``\"madelon\"``, "
              "``\"null\"``, ``\"survival\"``, ``\"survival-null\"`` or ``\"replicates\"``.",
    "rows": "Rows to draw (None: the design's own).",
    "name": "The name results record as ``python:NAME`` (None: the function's name or the estimator's repr).",
    "importance_getter": "Where a fitted estimator's importances are (``\"auto\"``: ``feature_importances_`` or "
                         "``coef_``; an attribute path or a function of the fitted estimator), as "
                         "scikit-learn's ``SelectFromModel`` reads it.",
    "norm_order": "The norm over classes of a multi-class ``coef_``.",
    "nonfinite": "NaN or infinite scores: an error (``\"error\"``), or ranked last and first (``\"lowest\"``: "
                 "NaN and -inf last, +inf first, as ``SelectKBest`` treats NaN).",
}

UNDOCUMENTED: dict[str, list[str]] = {}
"""Per documented function (``module.qualname``), the parameters that have no text: none."""


def _default(p: inspect.Parameter) -> str:
    if p.default is inspect.Parameter.empty:
        return ""
    return f", default {p.default!r}"


def documented(own: dict[str, str] | None = None) -> Callable[[F], F]:
    """Give a function's docstring its ``Parameters`` section (before its examples), from its signature and
    ``MEANINGS`` (``own``: texts for this function only, where a shared name means something else here)."""

    def wrap(fn: F) -> F:
        texts = {**MEANINGS, **(own or {})}
        lines, missing = ["Parameters", "----------"], []
        for p in inspect.signature(fn).parameters.values():
            if p.name == "self":
                continue
            annotation = p.annotation if p.annotation is not inspect.Parameter.empty else "Any"
            lines.append(f"{p.name} : {annotation}{_default(p)}")
            if p.name not in texts:
                missing.append(p.name)
            lines.append(textwrap.fill(texts.get(p.name, ""), 100, initial_indent="    ", subsequent_indent="    "))
        if missing:
            UNDOCUMENTED[f"{fn.__module__}.{fn.__qualname__}"] = missing
        doc = inspect.cleandoc(fn.__doc__ or "")
        head, sep, examples = doc.partition("\n>>> ")
        parts = [head.rstrip(), "\n".join(lines)]
        if sep:
            parts.append("Examples\n--------\n>>> " + examples)
        fn.__doc__ = "\n\n".join(parts) + "\n"
        return fn

    return wrap
