"""A curve run or a nested evaluation on a cluster, through the scheduler you already have (Slurm array jobs,
Kubernetes indexed jobs).

``plan`` checks a curve run as ``featrank.curves`` would (memory estimate included), ``plan_nested`` a nested
evaluation as ``featrank.nested`` would, and each writes a manifest of its independent units; each job computes
shard ``I/N`` of it (``Manifest.run`` here, ``python -m featrank.cluster run`` on a node, or the ``featrank run``
CLI — the manifest is the same file); ``Manifest.merge`` assembles the parts into exactly the ``Curves`` (or the
``Nested`` result) of the whole run. A manifest whose input files changed, another version's manifest, a part of
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
from . import _grid_text
from ._featrank import Manifest
from ._featrank import plan_cluster_run as _plan
from ._featrank import plan_nested_cluster_run as _plan_nested
from ._featrank import read_manifest as read

from ._types import _Device, _Grid, _Measure, _Scheme, _Task  # the spec texts' Literal types


def plan(data: str | os.PathLike[str], out: str | os.PathLike[str], *, target: str | None = None,
         task: _Task = _d.TASK, rankings: Sequence[str | os.PathLike[str]] | None = None,
         rankers: Sequence[str | Callable] | None = None, learner: str | Sequence[str] = _d.LEARNER,
         folds: int = _d.FOLDS, repeats: int = _d.REPEATS, folds_file: str | os.PathLike[str] | None = None, scheme: _Scheme = _d.SCHEME,
         grid: _Grid | Sequence[int] = _d.GRID, expected: int = _d.EXPECTED, expected_repeats: int | None = None,
         measure: _Measure | None = None, seed: int = _d.SEED, device: _Device = _d.DEVICE) -> Manifest:
    """Check a curve run as ``featrank.curves`` would (a data file or bundled dataset's name, fixed rankings as
    CSV files, rankers as specs or module-level functions a node imports, ``python:import=(module:name)``; the
    memory estimate included) and write its manifest to ``out``; ``device``:
    where its shards' kNN chains run; ``learner``: a spec, or a list of them (one plan, every learner's units;
    the merge gives a dict of ``Curves`` keyed by learner, as ``featrank.curves`` does). The other parameters are
    ``featrank.curves``'s."""
    learners = [learner] if isinstance(learner, str) else learner
    return _plan(data, out, target=target, task=task, rankings=rankings, rankers=_specs(rankers), learners=learners,
                 folds=folds, repeats=repeats, folds_file=folds_file, scheme=scheme, grid=_grid_text(grid), expected=expected,
                 expected_repeats=expected_repeats, measure=measure, seed=seed, device=device)


def plan_nested(data: str | os.PathLike[str], out: str | os.PathLike[str], rankers: Sequence[str | Callable], *,
                target: str | None = None, task: _Task = _d.TASK, learner: str = _d.LEARNER, folds: int = _d.FOLDS,
                repeats: int = _d.NESTED_REPEATS, scheme: _Scheme = _d.SCHEME, inner_folds: int = _d.INNER_FOLDS,
                rules: Sequence[str] | None = None, grid: _Grid | Sequence[int] = _d.GRID, measure: _Measure | None = None,
                seed: int = _d.SEED) -> Manifest:
    """Check a nested evaluation as ``featrank.nested`` would (a data file or bundled dataset's name, ranker and
    learner grids as specs) and write its manifest to ``out``; ``rules``: the size rules, one nested result
    each from the same inner curves (default ``featrank.nested``'s rule). The other parameters are
    ``featrank.nested``'s."""
    return _plan_nested(data, out, _specs(rankers), target=target, task=task, learner=learner, folds=folds,
                        repeats=repeats, scheme=scheme, inner_folds=inner_folds,
                        rules=[_d.RULE] if rules is None else rules, grid=_grid_text(grid), measure=measure, seed=seed)


def _specs(rankers: Any) -> Any:
    """Rankers as the texts a manifest holds: specs, and functions a node can import as
    ``python:import=(module:qualname)`` (a lambda or a notebook's function is refused with the way to run it)."""
    from ._own import _spec_of

    if rankers is None or isinstance(rankers, str):
        return rankers
    return [_spec_of(r) for r in rankers] if isinstance(rankers, (list, tuple)) else rankers


def run(manifest, shard, out, *, progress=True, allow_commands=False):
    """Compute shard ``shard`` (``"I/N"``, I from 0) of the manifest at path ``manifest`` into ``out``
    (.parquet or .csv); gives the number of units computed. A tqdm bar when ``progress`` and tqdm is installed.
    A manifest whose rankers run programs (``command:run=(…)``) is refused unless ``allow_commands``: a manifest
    is data, a program is code."""
    return read(manifest).run(shard, out, progress=progress, allow_commands=allow_commands)


def merge(manifest, parts):
    """The result of the whole run from the parts its shards wrote (each unit exactly once): ``Curves`` (a dict
    keyed by learner for several learners), or ``Nested`` for a nested manifest."""
    return read(manifest).merge(list(parts))


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


__all__ = ["Manifest", "merge", "plan", "plan_nested", "read", "run"]

if __name__ == "__main__":
    sys.exit(main())
