"""A user's own ranking method — a Python function or a scikit-learn object — run by featrank inside every split.

Glue only: the Rust side calls ``OwnRanker._scores`` with a split's training rows; what is done with the scores
(checks, rankings, curves) is the library's. ``featrank.ranker`` documents the contract.
"""

from __future__ import annotations

import contextlib
import inspect
import os
import threading
from typing import TYPE_CHECKING, Any, Callable, Iterator, Literal, Mapping

from .errors import ArgumentError, ParameterError
from ._docs import documented

if TYPE_CHECKING:
    import numpy as np

_SEED_SPACE = 2**32  # NumPy's and scikit-learn's seeds are below 2**32


class OwnRanker:
    """A user's ranking method with the options it runs under (made by ``featrank.ranker``; pickles when the
    method does). ``name``: what results record, ``python:`` in front."""

    def __init__(self, method: Any, name: str | None = None, *, importance_getter: str | Callable = "auto",
                 norm_order: float = 1, nonfinite: Literal["error", "lowest"] = "error",
                 grid: dict[str, list[Any]] | None = None, parameter: str = "method"):
        self.method = method
        self.estimator = hasattr(method, "fit")
        if not (self.estimator or callable(method)):
            raise ArgumentError._of(parameter, "a ranking spec (str), a function f(X, y) -> scores, or a scikit-learn "
                                    "estimator or selector (with fit)", method)
        if name is not None and not isinstance(name, str):
            raise ArgumentError._of("name", "a text", name)
        if name is not None and not name.strip():
            raise ParameterError._of("name", "a name with at least one character that is not a space")
        if not (isinstance(importance_getter, str) or callable(importance_getter)):
            raise ArgumentError._of("importance_getter", "'auto', an attribute path such as 'coef_' or a callable",
                                    importance_getter)
        if isinstance(norm_order, bool) or not isinstance(norm_order, (int, float)) or norm_order != norm_order:
            raise ArgumentError._of("norm_order", "a number (the order of the norm over classes: 1, 2, inf, ...)",
                                    norm_order)
        if nonfinite not in ("error", "lowest"):
            raise ParameterError._of("nonfinite", f"'error' or 'lowest', got {nonfinite!r}")
        if grid is not None and (not isinstance(grid, dict) or not grid
                                 or not all(isinstance(v, (list, tuple)) and v for v in grid.values())):
            raise ArgumentError._of("grid", "a dict of parameter names to non-empty lists of values", grid)
        self.name = f"python:{(name or _readable(method)).strip()}"
        self.importance_getter, self.norm_order, self.nonfinite, self.grid = importance_getter, norm_order, nonfinite, grid

    def __repr__(self) -> str:
        grid = f", grid={self.grid!r}" if self.grid else ""
        return f"featrank.ranker({self.name!r}{grid})"

    def points(self) -> list[OwnRanker]:
        """The method itself, or with a ``grid`` one ranker per combination of the values (an estimator through
        ``set_params`` on a clone, a function through keyword arguments), each named with its values."""
        if not self.grid:
            return [self]
        from itertools import product
        from functools import partial

        keys = list(self.grid)
        out = []
        for values in product(*(self.grid[k] for k in keys)):
            params = dict(zip(keys, values))
            if self.estimator:
                from sklearn.base import clone

                try:
                    method = clone(self.method).set_params(**params)
                except ValueError as e:
                    raise ParameterError._of("grid", str(e)) from None
            else:
                try:
                    inspect.signature(self.method).bind_partial(None, None, **params)
                except TypeError as e:
                    raise ParameterError._of("grid", f"{self.name} does not take {sorted(params)}: {e}") from None
                except ValueError:  # no signature to check against (a builtin): the call will say
                    pass
                method = partial(self.method, **params)
            label = ",".join(f"{k}={v!r}" if isinstance(v, str) else f"{k}={v}" for k, v in params.items())
            one = OwnRanker(method, f"{self.name[len('python:'):]}:{label}", importance_getter=self.importance_getter,
                            norm_order=self.norm_order, nonfinite=self.nonfinite)
            out.append(one)
        return out

    def _scores(self, X: Any, y: np.ndarray, names: list[str], seed: int) -> np.ndarray:
        """One score per column of ``X`` (the split's training rows: a read-only array, or a SciPy CSR matrix when
        the data is sparse) — called from Rust per split, on featrank's threads: in a worker process while a run
        has them (``workers``; the wait for the result lets the GIL go, so the splits' calls overlap), else here."""
        pool = _WORKERS
        if pool is not None and pool.takes(self):
            return pool.run(_compute, self, X, y, names, seed)
        return self._compute(X, y, names, seed)

    def _scores_shared(self, source: int, rows: np.ndarray, y: np.ndarray, seed: int) -> np.ndarray | None:
        """The scores of the split whose training rows are ``rows`` of the dataset ``source`` (its identity,
        ``Dataset._identity``) — called from Rust per split before ``_scores``: computed in a worker process that
        reads the rows from its copy of the run's whole data, written once (``_Workers.shared``), when the run
        has workers and that data is the run's; None otherwise (then ``_scores`` gets the rows themselves)."""
        pool = _WORKERS
        if pool is None or not pool.takes(self):
            return None
        path = pool.shared(source)
        if path is None:
            return None
        return pool.run(_compute_shared, self, path, rows, y, seed)

    def _compute(self, X: Any, y: np.ndarray, names: list[str], seed: int) -> np.ndarray:
        """The method's scores on ``X``, ``y`` (in this process)."""
        if hasattr(X, "flags"):  # a NumPy array (a sparse matrix has no flags)
            X.flags.writeable = False
        seed = int(seed) % _SEED_SPACE
        if self.estimator:
            from sklearn.base import clone

            model = clone(self.method)
            if model.get_params().get("random_state", False) is None:  # left to chance: featrank's seed
                model.set_params(random_state=seed)
            model.fit(X, y)
            return _importances(model, self.name, self.importance_getter, self.norm_order)
        kwargs: dict[str, Any] = {}
        try:
            parameters: Mapping[str, inspect.Parameter] = inspect.signature(self.method).parameters
        except (TypeError, ValueError):  # builtins without a signature
            parameters = {}
        if "feature_names" in parameters:
            kwargs["feature_names"] = names
        if "random_state" in parameters and parameters["random_state"].default is None:
            kwargs["random_state"] = seed
        out = self.method(X, y, **kwargs)
        if isinstance(out, tuple):  # scikit-learn's score_func convention: (scores, p-values)
            out = out[0]
        return _numbers(out, self.name)


def _compute(own: OwnRanker, X: Any, y: Any, names: list[str], seed: int) -> tuple[np.ndarray, list[tuple]]:
    """``own``'s scores, computed in a worker process, with the warnings the method gave (message, category, file,
    line) for the calling process to give again."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scores = own._compute(X, y, names, seed)
    return scores, [(str(w.message), w.category, w.filename, w.lineno) for w in caught]


def _compute_shared(own: OwnRanker, path: str, rows: np.ndarray, y: Any, seed: int
                    ) -> tuple[np.ndarray, list[tuple]]:
    """``_compute`` on rows ``rows`` of the run's data at ``path`` (``_Workers.shared``), which this process maps
    into memory at its first split of the run and keeps."""
    x, names = _SHARED.get(path) or _open_shared(path)
    X = x[rows]  # a copy of the split's rows (a CSR matrix for sparse data), as the calling process would send
    return _compute(own, X, y, names, seed)


_SHARED: dict[str, tuple[Any, list[str]]] = {}
"""In a worker process: the run's data it has opened (``_compute_shared``), by file."""


def _open_shared(path: str) -> tuple[Any, list[str]]:
    """The data and feature names written at ``path`` (a file of the current run: the worker keeps that run's
    only). Dense data is mapped, its memory the page cache's, shared by every worker; sparse data is read whole."""
    import json

    import numpy as np

    _SHARED.clear()
    with open(os.path.join(os.path.dirname(path), "names.json"), encoding="utf-8") as f:
        names = json.load(f)
    if path.endswith(".npz"):
        import scipy.sparse

        _SHARED[path] = (scipy.sparse.load_npz(path).tocsr(), names)
    else:
        _SHARED[path] = (np.load(path, mmap_mode="r"), names)
    return _SHARED[path]


class _Workers:
    """The worker processes a run's Python methods use (``workers``): started when the first split needs them —
    loky's reusable executor (joblib's; it sends lambdas and a notebook's functions with cloudpickle, and keeps
    its processes for the next run), else the standard library's, started fresh."""

    def __init__(self, n: int, data: Any = None):
        self.n = n
        self.data = data  # the run's featrank.Dataset, which the workers get once (``shared``), or None
        self._folder: str | None = None  # the data written for the workers ("": it could not be)
        self._lock = threading.Lock()
        self._executor: Any = None
        self._local: dict[int, bool] = {}  # per method: False when it cannot be sent to a process
        self._owned = False  # whether the executor is this run's own (the standard library's), shut at its end

    def takes(self, own: OwnRanker) -> bool:
        """Whether ``own`` runs in the workers: not when it cannot be sent there (a ``FeatrankWarning`` says
        why, once; it then runs in this process, as with ``n_jobs=1``)."""
        key = id(own)
        if key not in self._local:
            try:
                self._dumps(own)
                self._local[key] = True
            except Exception as e:  # what a pickler raises on an object it cannot send varies (TypeError, …)
                import warnings

                from .errors import FeatrankWarning

                warnings.warn(f"{own.name} runs in this process, one split at a time: it cannot be sent to worker "
                              f"processes ({type(e).__name__}: {e}); n_jobs=1 says so without this warning",
                              FeatrankWarning, stacklevel=2)
                self._local[key] = False
        return self._local[key]

    @staticmethod
    def _dumps(obj: Any) -> bytes:
        try:
            from joblib.externals.loky.backend.reduction import dumps
        except ImportError:
            import pickle

            return pickle.dumps(obj)
        return dumps(obj)

    def run(self, fn: Callable, *args: Any) -> np.ndarray:
        """``fn(*args)`` in a worker: its scores, its warnings given again here, where the user's filters are."""
        import warnings

        with self._lock:
            if self._executor is None:
                self._executor = self._start()
        scores, caught = self._executor.submit(fn, *args).result()
        for message, category, filename, lineno in caught:
            warnings.warn_explicit(message, category, filename, lineno)
        return scores

    def shared(self, source: int) -> str | None:
        """The file the workers read the run's data from — the features as one float64 rows × features array
        (``Dataset.x``), or for sparse data SciPy's CSR matrix, beside them their names — written at the first
        split that needs it, so each worker reads the data once instead of being sent every split's training
        rows; None when ``source`` is not the run's data (then each split's rows are sent)."""
        data = self.data
        if data is None or data._identity != source:
            return None
        name = "x.npz" if data.is_sparse else "x.npy"
        with self._lock:
            if self._folder is None:
                self._folder = self._write(data, name)
            return os.path.join(self._folder, name) if self._folder else None

    @staticmethod
    def _write(data: Any, name: str) -> str:
        """A temporary folder holding ``data``'s features as ``name`` and their names; "" when it cannot be written
        (a full disk: a ``FeatrankWarning`` says so, and each split's rows are sent as without it)."""
        import json
        import shutil
        import tempfile

        folder = ""
        try:
            folder = tempfile.mkdtemp(prefix="featrank-data-")
            if data.is_sparse:
                import scipy.sparse

                scipy.sparse.save_npz(os.path.join(folder, name), data._csr, compressed=False)
            else:
                import numpy as np

                np.save(os.path.join(folder, name), np.ascontiguousarray(data.x))
            with open(os.path.join(folder, "names.json"), "w", encoding="utf-8") as f:
                json.dump(data.feature_names, f)
            return folder
        except OSError as e:
            import warnings

            from .errors import FeatrankWarning

            if folder:
                shutil.rmtree(folder, ignore_errors=True)
            warnings.warn(f"the workers are sent each split's rows: the data could not be written for them once "
                          f"({e})", FeatrankWarning, stacklevel=2)
            return ""

    def _start(self) -> Any:
        # each worker's numerical libraries (OpenMP, BLAS) get the cores divided among the workers
        threads = str(max(1, _cores() // self.n))
        env = {name: threads for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")}
        try:
            from joblib.externals.loky import get_reusable_executor
        except ImportError:
            import concurrent.futures
            import multiprocessing

            self._owned = True
            return concurrent.futures.ProcessPoolExecutor(self.n, mp_context=multiprocessing.get_context("spawn"))
        self._owned = False
        return get_reusable_executor(max_workers=self.n, timeout=300, env=env)

    def close(self) -> None:
        """The standard library's executor ends with its run; loky's stays for the next (until idle 300 s)."""
        if self._executor is not None and self._owned:
            self._executor.shutdown(wait=True, cancel_futures=True)
        if self._folder:  # the workers that mapped it keep what they read until their next run
            import shutil

            shutil.rmtree(self._folder, ignore_errors=True)


_WORKERS: _Workers | None = None
"""The worker processes of the run under way (``workers``), or None: methods run in this process."""


def _cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _jobs(n_jobs: int | None) -> int:
    """``n_jobs`` as a number of processes: None or 1 this process, -1 every core, k that many — at most the cores
    (featrank's threads, one per core, make the calls: more workers would only wait, and a huge number would start
    that many processes)."""
    if n_jobs is None:
        return 1
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, int):
        raise ArgumentError._of("n_jobs", "a whole number of processes (-1: every core; None or 1: this process)",
                                n_jobs)
    if n_jobs == -1:
        return _cores()
    if n_jobs < 1:
        raise ParameterError._of("n_jobs", f"1 or more processes, or -1 for every core, got {n_jobs}")
    return min(n_jobs, _cores())


@contextlib.contextmanager
def workers(n_jobs: int | None = 1, data: Any = None) -> Iterator[None]:
    """Within the block, the splits' calls of users' Python methods run in ``n_jobs`` worker processes (started
    when the first split needs them); ``n_jobs=1`` keeps them in this process. Each split's seed is the one it
    gets in this process, so the results are the same either way. ``data``: the run's ``featrank.Dataset``,
    which the workers then read the splits' rows from (sent once, ``_Workers.shared``)."""
    global _WORKERS
    n = _jobs(n_jobs)
    if n == 1:
        yield
        return
    previous, _WORKERS = _WORKERS, _Workers(n, data)
    try:
        yield
    finally:
        pool, _WORKERS = _WORKERS, previous
        pool.close()


@documented({
    "method": "Your method: a function ``f(X, y) -> scores`` or a scikit-learn estimator or selector (below).",
    "grid": "Parameter values to tune in ``nested`` (or compare in ``curves``), e.g. ``{\"max_depth\": [2, 4]}``.",
})
def ranker(method: Any, name: str | None = None, *, importance_getter: str | Callable = "auto", norm_order: float = 1,
           nonfinite: Literal["error", "lowest"] = "error", grid: dict[str, list[Any]] | None = None) -> OwnRanker:
    """Your own ranking method, to run wherever featrank takes a ranker (``rank``, ``curves(rankers=…)``,
    ``nested``, ``FeatureSelector``) — inside every training split, as featrank's own methods run.

    ``method`` is
    - a function ``f(X, y) -> scores`` (or ``(scores, p_values)``, scikit-learn's ``score_func`` convention, so
      ``mutual_info_classif``, ``f_classif``, ``chi2`` work as they are): ``X`` the split's training rows as a
      read-only float64 array (nominal features as codes, missing values NaN), ``y`` their classes as codes
      0, 1, … (``Dataset.classes`` order) or their values — for several targets a rows × targets matrix (0/1 for
      multi-label data, scikit-learn's indicator matrix); a function with a ``feature_names`` parameter gets
      the column names, one with ``random_state=None`` gets the split's seed;
    - a scikit-learn estimator or selector, cloned and fitted on each split (``random_state=None`` set to the
      split's seed), scored by the first of: ``scores_`` (``SelectKBest``), minus ``ranking_`` (``RFE``,
      ``RFECV``), ``SelectFromModel``'s own rule on its fitted estimator, scikit-learn's ``SelectFromModel`` rule
      on ``feature_importances_`` or ``coef_`` (``importance_getter``, ``norm_order``: the norm of a multi-class
      ``coef_`` over classes), or ``get_support()`` (kept 1, dropped 0; ties keep the column order).

    Higher scores rank first.

    A function or estimator given directly where a ranker is taken is the same as ``ranker(method)``.

    >>> import featrank
    >>> from sklearn.feature_selection import f_classif
    >>> featrank.rank("iris", f_classif).name
    'python:f_classif'
    >>> featrank.rank("iris", featrank.ranker(lambda X, y: X.var(axis=0), name="variance")).order[0]
    'petallength'
    """
    return OwnRanker(method, name, importance_getter=importance_getter, norm_order=norm_order, nonfinite=nonfinite,
                     grid=grid)


def _own(method: Any, parameter: str = "method") -> OwnRanker:
    """A ranker object as an ``OwnRanker`` (called from Rust for anything that is not a spec text; ``parameter``
    is the one it was given as)."""
    if isinstance(method, OwnRanker):
        if method.grid:
            raise ParameterError._of("grid", f"{method.name} has a grid; a grid is tuned by featrank.nested or "
                                     "compared by featrank.curves, one ranking is made by one point")
        return method
    return OwnRanker(method, parameter=parameter)


def _imported(target: str, name: str) -> OwnRanker:
    """The object ``module:attribute`` names (a spec ``python:import=(…)``: what a cluster manifest carries), as a
    ranker named ``name`` (the spec's text)."""
    import importlib

    module, _, attribute = target.partition(":")
    obj: Any = importlib.import_module(module.strip())
    for part in attribute.strip().split("."):
        obj = getattr(obj, part)
    import copy

    own = copy.copy(obj) if isinstance(obj, OwnRanker) else OwnRanker(obj, parameter="import")
    own.name = name  # the spec's text, on a copy: the module's own object keeps its name
    return own


def _spec_of(method: Any) -> str:
    """A ranker as the text a cluster manifest carries: a spec as it is; a function a node can import as
    ``python:import=(module:qualname)``; anything else refused with the way to run it."""
    if isinstance(method, str):
        return method
    module, qualname = getattr(method, "__module__", None), getattr(method, "__qualname__", "")
    why = None
    if not inspect.isfunction(method):
        why = (f"{_readable(method)} is not a function; a node imports functions by name: write a module-level "
               "function that fits it and returns its scores")
    elif module in (None, "__main__") or "<" in qualname:
        where = "a lambda" if qualname.endswith("<lambda>") else f"{qualname}, defined in {module or 'no module'},"
        why = (f"{where} cannot be imported by a node: put it in a module the nodes can import (e.g. my_rankers.py "
               "beside the data, on PYTHONPATH) and pass my_rankers.score")
    else:
        import importlib

        try:
            found: Any = importlib.import_module(module)
            for part in qualname.split("."):
                found = getattr(found, part)
        except (ImportError, AttributeError) as e:
            found = e
        if found is not method:
            why = f"{module}:{qualname} does not import as this function here ({found!r}); the nodes could not either"
    if why:
        raise ArgumentError._of("rankers", f"spec texts or importable functions for a cluster plan ({why})", method)
    return f"python:import=({module}:{qualname})"


def _expand(rankers: list[Any] | None) -> list[Any] | None:
    """Rankers with their grids spread into one ranker per point (``curves``, ``nested``)."""
    if rankers is None:
        return None
    out: list[Any] = []
    for r in rankers:
        out.extend(r.points() if isinstance(r, OwnRanker) else [r])
    return out


def _readable(method: Any) -> str:
    """A function's name (through ``functools.partial``), or an estimator's repr on one line."""
    if hasattr(method, "fit"):
        return " ".join(repr(method).split())
    inner = getattr(method, "func", method)
    return getattr(inner, "__name__", None) or " ".join(repr(method).split())


def _numbers(out: Any, name: str) -> np.ndarray:
    """A method's output as a 1-D float64 array, or a ``featrank.MethodError`` saying what it gave."""
    import numpy as np

    from .errors import MethodError

    try:
        array = np.asarray(out)
    except Exception:
        array = None
    if array is None or array.dtype.kind not in "biuf":
        what = type(out).__name__ if array is None else f"{array.dtype} values"
        raise MethodError._of(name, f"gave {what}; a ranking method gives one number per feature")
    if array.ndim != 1:
        raise MethodError._of(name, f"gave an array of shape {array.shape}; a ranking method gives one number "
                              "per feature (1-D)")
    return np.ascontiguousarray(array, dtype=np.float64)


def _importances(model: Any, name: str, getter: Any, norm_order: float) -> np.ndarray:
    """A fitted scikit-learn object's scores by the rule ``ranker`` states."""
    import numpy as np
    from sklearn.feature_selection import SelectFromModel

    from .errors import MethodError

    if hasattr(model, "scores_"):
        return _numbers(model.scores_, name)
    if hasattr(model, "ranking_"):
        return -_numbers(model.ranking_, name)
    from sklearn.feature_selection._base import _get_feature_importances  # SelectFromModel's own rule

    if isinstance(model, SelectFromModel):
        values = _get_feature_importances(model.estimator_, model.importance_getter, transform_func="norm",
                                          norm_order=model.norm_order)
        return _numbers(values, name)
    if getter != "auto" or hasattr(model, "feature_importances_") or hasattr(model, "coef_"):
        values = _get_feature_importances(model, getter, transform_func="norm", norm_order=norm_order)
        return _numbers(values, name)
    if hasattr(model, "get_support"):
        return _numbers(model.get_support().astype(np.float64), name)
    raise MethodError._of(name, f"the fitted {type(model).__name__} has none of scores_, ranking_, "
                      "feature_importances_, coef_ or get_support(); give featrank.ranker(..., importance_getter=...) "
                      "the attribute that holds its importances")
