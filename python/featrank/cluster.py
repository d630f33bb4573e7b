"""A curve run or a nested evaluation on a cluster, through the scheduler you already have (Slurm array jobs,
Kubernetes indexed jobs) or the engine (Dask, Ray).

``plan`` checks a curve run as ``featrank.curves`` would (memory estimate included), ``plan_nested`` a nested
evaluation as ``featrank.nested`` would, and each writes a manifest of its independent units; each job computes
shard ``I/N`` of it (``Manifest.run`` here, ``python -m featrank.cluster run`` on a node, or the ``featrank run``
CLI — the manifest is the same file); ``Manifest.merge`` assembles the parts into exactly the ``Curves`` (or the
``Nested`` result) of the whole run — or ``run_dask`` / ``run_ray`` run every shard on a Dask or Ray cluster and
merge them here. A manifest whose input files changed, another version's manifest, a part of
another manifest, a unit given twice or missing: all refused with a ``featrank.Error``.

>>> import tempfile, pathlib, featrank, featrank.cluster as cluster
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> m = cluster.plan("iris", folder / "run.json", rankers=["relieff"], repeats=2, expected=3, seed=1)
>>> parts = [folder / f"part{i}.parquet" for i in range(2)]
>>> [m.run(f"{i}/2", part, progress=False) for i, part in enumerate(parts)]
[5, 5]
>>> cluster.read(folder / "run.json").merge(parts).rankings
['relieff']

A nested evaluation: one unit per outer split (its inner curves, choice, refit and score) and the units of the
ordinary curves.

>>> n = cluster.plan_nested("iris", folder / "nested.json", ["fisher"], learner="knn:k=[1,5]", folds=4,
...                         grid="1,2,3,4")
>>> n.units
8
>>> nparts = [folder / f"nested{i}.csv" for i in range(3)]
>>> [n.run(f"{i}/3", part, progress=False) for i, part in enumerate(nparts)]
[3, 3, 2]
>>> merged = n.merge(nparts)
>>> merged.estimate == featrank.nested(featrank.datasets.load("iris"), ["fisher"], learner="knn:k=[1,5]",
...                                    folds=4, grid="1,2,3,4").estimate
True

Command line on a node: ``python -m featrank.cluster run MANIFEST I/N OUT`` (``I`` from 0, e.g.
``$SLURM_ARRAY_TASK_ID``).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Callable, Sequence

from . import _defaults as _d
from ._docs import documented
from ._featrank import Manifest
from ._featrank import plan_cluster_run as _plan
from ._featrank import plan_nested_cluster_run as _plan_nested
from ._featrank import read_manifest as read

from ._types import _Device, _Grid, _Measure, _Scheme, _Task  # the spec texts' Literal types


@documented({
    "data": "A data file every node can read, or a bundled dataset's name (not an object in memory).",
    "out": "The manifest to write (JSON).",
    "rankings": "Fixed rankings as CSV files (``feature,score`` or an order).",
    "rankers": "Ranking methods run inside every training split: specs, or module-level functions a node "
               "imports (``python:import=(module:name)``).",
    "learner": "A learner spec, or a list of them (one plan with every learner's units; the merge gives a dict "
               "of ``Curves`` keyed by learner).",
    "device": "Where the shards' kNN chains run: ``\"cpu\"`` or ``\"gpu\"``.",
})
def plan(data: str | os.PathLike[str], out: str | os.PathLike[str], *, target: str | None = None,
         task: _Task = _d.TASK, groups: str | None = None, order: str | None = None, rankings: Sequence[str | os.PathLike[str]] | None = None,
         rankers: Sequence[str | Callable] | None = None, learner: str | Sequence[str] = _d.LEARNER,
         folds: int | None = None, repeats: int = _d.REPEATS, folds_file: str | os.PathLike[str] | None = None, scheme: _Scheme = _d.SCHEME,
         grid: _Grid | Sequence[int] = _d.GRID, expected: int = _d.EXPECTED, expected_repeats: int | None = None,
         measure: _Measure | None = None, seed: int = _d.SEED, device: _Device = _d.DEVICE) -> Manifest:
    """Check a curve run as ``featrank.curves`` would (the memory estimate included) and write its manifest to
    ``out``: a ``Manifest`` whose units any scheduler runs shard by shard (``run``) and ``merge`` joins into
    exactly what ``featrank.curves`` gives.

    >>> import tempfile, pathlib, featrank.cluster as cluster
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> m = cluster.plan("iris", folder / "run.json", rankers=["fisher"], repeats=2, expected=2, seed=1)
    >>> m.units
    8
    """
    learners = [learner] if isinstance(learner, str) else learner
    return _plan(data, out, target=target, task=task, groups=groups, order=order, rankings=rankings, rankers=_specs(rankers), learners=learners,
                 folds=folds, repeats=repeats, folds_file=folds_file, scheme=scheme, grid=grid, expected=expected,
                 expected_repeats=expected_repeats, measure=measure, seed=seed, device=device)


@documented({
    "data": "A data file every node can read, or a bundled dataset's name (not an object in memory).",
    "out": "The manifest to write (JSON).",
    "rankers": "The candidate rankers: specs with grids (``\"relieff:k=[5,10,20]\"``), or module-level "
               "functions a node imports.",
    "learner": "The learner, a spec with a grid to tune (``\"svm:c=[0.1,1,10]\"``).",
    "repeats": "Repeats of the outer scheme.",
})
def plan_nested(data: str | os.PathLike[str], out: str | os.PathLike[str], rankers: Sequence[str | Callable], *,
                target: str | None = None, task: _Task = _d.TASK, groups: str | None = None, order: str | None = None,
                learner: str = _d.LEARNER, folds: int | None = None,
                repeats: int = _d.NESTED_REPEATS, scheme: _Scheme = _d.SCHEME, inner_folds: int = _d.INNER_FOLDS,
                rules: Sequence[str] | None = None, grid: _Grid | Sequence[int] = _d.GRID, measure: _Measure | None = None,
                seed: int = _d.SEED) -> Manifest:
    """Check a nested evaluation as ``featrank.nested`` would and write its manifest to ``out``: a ``Manifest``
    whose ``merge`` gives a ``Nested`` per rule, exactly what ``featrank.nested`` gives.

    >>> import tempfile, pathlib, featrank.cluster as cluster
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> cluster.plan_nested("iris", folder / "nested.json", ["fisher"], folds=4, grid="1,2,3,4").units
    6
    """
    return _plan_nested(data, out, _specs(rankers), target=target, task=task, groups=groups, order=order, learner=learner, folds=folds,
                        repeats=repeats, scheme=scheme, inner_folds=inner_folds,
                        rules=[_d.RULE] if rules is None else rules, grid=grid, measure=measure, seed=seed)


def _specs(rankers: Any) -> Any:
    """Rankers as the texts a manifest holds: specs, and functions a node can import as
    ``python:import=(module:qualname)`` (a lambda or a notebook's function is refused with the way to run it)."""
    from ._own import _spec_of

    if rankers is None or isinstance(rankers, str):
        return rankers
    return [_spec_of(r) for r in rankers] if isinstance(rankers, (list, tuple)) else rankers


@documented({"out": "The part to write (.parquet or .csv)."})
def run(manifest: str | os.PathLike[str], shard: str, out: str | os.PathLike[str], *, progress: bool = True,
        allow_commands: bool = False) -> int:
    """Compute one shard of a manifest into ``out``; gives the number of units computed (what a node runs, also
    as ``python -m featrank.cluster run MANIFEST I/N OUT``).

    >>> import tempfile, pathlib, featrank.cluster as cluster
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = cluster.plan("iris", folder / "run.json", rankers=["fisher"], repeats=2, expected=2, seed=1)
    >>> cluster.run(folder / "run.json", "0/2", folder / "part0.csv", progress=False)
    4
    """
    return read(manifest).run(shard, out, progress=progress, allow_commands=allow_commands)


@documented()
def merge(manifest: str | os.PathLike[str], parts: Sequence[str | os.PathLike[str]]) -> Any:
    """The result of the whole run from the parts its shards wrote: ``Curves`` (a dict keyed by learner for
    several learners), or ``Nested`` for a nested manifest (a list of them, one per rule, for several rules).

    >>> import tempfile, pathlib, featrank.cluster as cluster
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = cluster.plan("iris", folder / "run.json", rankers=["fisher"], repeats=2, expected=2, seed=1)
    >>> parts = [folder / "part.csv"]
    >>> cluster.run(folder / "run.json", "0/1", parts[0], progress=False)
    8
    >>> cluster.merge(folder / "run.json", parts).rankings
    ['fisher']
    """
    return read(manifest).merge(list(parts))


def _part(manifest: str, shard: str, allow_commands: bool) -> bytes:
    """One shard computed on an engine's worker, its part given back as Parquet bytes (so the merge needs no
    shared folder for the parts; the manifest and its inputs are read where the worker runs)."""
    import pathlib
    import tempfile

    with tempfile.TemporaryDirectory(prefix="featrank-part-") as folder:
        out = pathlib.Path(folder) / "part.parquet"
        read(manifest).run(shard, out, progress=False, allow_commands=allow_commands)
        return out.read_bytes()


def _merged(manifest: str, parts: Sequence[bytes]) -> Any:
    """The merge of the parts' bytes, written to a temporary folder here."""
    import pathlib
    import tempfile

    with tempfile.TemporaryDirectory(prefix="featrank-parts-") as folder:
        paths = []
        for i, data in enumerate(parts):
            paths.append(pathlib.Path(folder) / f"part{i}.parquet")
            paths[-1].write_bytes(data)
        return read(manifest).merge(paths)


def _shards(manifest: str, shards: int | None, slots: int) -> int:
    """How many shards: as given, else four per slot of the engine (its workers' threads or CPUs), at most one
    per unit."""
    from .errors import ArgumentError, ParameterError

    units = read(manifest).units
    if shards is None:
        return max(1, min(units, 4 * max(1, slots)))
    if isinstance(shards, bool) or not isinstance(shards, int):
        raise ArgumentError._of("shards", "a whole number of shards", shards)
    if shards < 1:
        raise ParameterError._of("shards", f"at least 1 shard, got {shards}")
    return min(shards, units)


@documented({
    "client": "The Dask client of the cluster to run on (``distributed.Client``: a ``LocalCluster``, "
              "dask-jobqueue's ``SLURMCluster``, …); None: the client already made in this session.",
    "shards": "Tasks to cut the run into (None: four per worker thread, at most one per unit).",
})
def run_dask(manifest: str | os.PathLike[str], client: Any = None, *, shards: int | None = None,
             allow_commands: bool = False) -> Any:
    """Every shard of a manifest as a task of a Dask cluster, merged here: the same result, byte for byte, as
    ``featrank.curves`` (or ``featrank.nested``) in one process. The workers read the manifest and its data
    where they run (a shared folder on a cluster, as for Slurm arrays) and send their parts back as bytes.
    Needs ``pip install "featrank[dask]"``.

    >>> import tempfile, pathlib, featrank, featrank.cluster as cluster
    >>> from distributed import Client, LocalCluster
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> m = cluster.plan("iris", folder / "run.json", rankers=["fisher"], folds=3, repeats=2, expected=2, seed=1)
    >>> with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as lc, Client(lc) as client:
    ...     curves = cluster.run_dask(folder / "run.json", client)
    >>> curves.to_polars().equals(featrank.curves("iris", rankers=["fisher"], folds=3, repeats=2, expected=2,
    ...                                           seed=1, progress=False).to_polars())
    True
    """
    if client is None:
        from .errors import ArgumentError

        try:
            from distributed import get_client
        except ImportError as e:
            raise ModuleNotFoundError("featrank.cluster.run_dask needs Dask: pip install 'featrank[dask]'") from e
        try:
            client = get_client()
        except ValueError:  # distributed's "No clients found"
            raise ArgumentError._of("client", "a distributed.Client (none was made in this session)", None) from None
    path = os.path.abspath(manifest)
    n = _shards(path, shards, sum(client.nthreads().values()))
    futures = [client.submit(_part, path, f"{i}/{n}", allow_commands, pure=False) for i in range(n)]
    return _merged(path, client.gather(futures))


@documented({"shards": "Tasks to cut the run into (None: four per CPU of the Ray cluster, at most one per unit)."})
def run_ray(manifest: str | os.PathLike[str], *, shards: int | None = None, allow_commands: bool = False) -> Any:
    """Every shard of a manifest as a Ray task, merged here: the same result, byte for byte, as ``featrank.curves``
    (or ``featrank.nested``) in one process. Runs on the Ray cluster this session joined (``ray.init(...)``; Ray
    starts a local one when none was); the workers read the manifest and its data where they run and send their
    parts back as bytes. Needs ``pip install "featrank[ray]"``.

    >>> import tempfile, pathlib, featrank, featrank.cluster as cluster, ray
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> m = cluster.plan("iris", folder / "run.json", rankers=["fisher"], folds=3, repeats=2, expected=2, seed=1)
    >>> _ = ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    >>> curves = cluster.run_ray(folder / "run.json")
    >>> ray.shutdown()
    >>> curves.to_polars().equals(featrank.curves("iris", rankers=["fisher"], folds=3, repeats=2, expected=2,
    ...                                           seed=1, progress=False).to_polars())
    True
    """
    try:
        import ray
    except ImportError as e:
        raise ModuleNotFoundError("featrank.cluster.run_ray needs Ray: pip install 'featrank[ray]'") from e

    path = os.path.abspath(manifest)
    if not ray.is_initialized():
        ray.init()
    n = _shards(path, shards, int(ray.cluster_resources().get("CPU", 1)))
    task = ray.remote(_part)
    return _merged(path, ray.get([task.remote(path, f"{i}/{n}", allow_commands) for i in range(n)]))


def main(argv=None):
    """``python -m featrank.cluster run MANIFEST I/N OUT``: compute one shard (for a scheduler's job script)."""
    parser = argparse.ArgumentParser(prog="python -m featrank.cluster", description=main.__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("run", help="compute shard I/N of a manifest")
    one.add_argument("manifest")
    one.add_argument("shard", help="I/N, I counted from 0")
    one.add_argument("out", help="the part to write (.parquet or .csv)")
    one.add_argument("--quiet", action="store_true", help="no progress bar")
    one.add_argument("--allow-commands", action="store_true",
                     help="run the programs the manifest's rankers name (command:run=(…)); only for a manifest you trust")
    args = parser.parse_args(argv)
    from . import Error

    try:
        done = run(args.manifest, args.shard, args.out, progress=not args.quiet, allow_commands=args.allow_commands)
    except Error as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        print(f"featrank run: shard {args.shard}: {done} units written to {args.out}", file=sys.stderr)
    return 0


__all__ = ["Manifest", "merge", "plan", "plan_nested", "read", "run", "run_dask", "run_ray"]

if __name__ == "__main__":
    sys.exit(main())
