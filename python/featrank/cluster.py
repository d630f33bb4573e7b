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

import argparse
import sys

from ._featrank import Manifest
from ._featrank import plan_cluster_run as plan
from ._featrank import plan_nested_cluster_run as plan_nested
from ._featrank import read_manifest as read


def run(manifest, shard, out, *, progress=True):
    """Compute shard ``shard`` (``"I/N"``, I from 0) of the manifest at path ``manifest`` into ``out``
    (.parquet or .csv); gives the number of units computed. A tqdm bar when ``progress`` and tqdm is installed."""
    return read(manifest).run(shard, out, progress=progress)


def merge(manifest, parts):
    """The result of the whole run from the parts its shards wrote (each unit exactly once): ``Curves``, or
    ``Nested`` for a nested manifest."""
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
    args = parser.parse_args(argv)
    from . import Error

    try:
        done = run(args.manifest, args.shard, args.out, progress=not args.quiet)
    except Error as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        print(f"featrank run: shard {args.shard}: {done} units written to {args.out}", file=sys.stderr)
    return 0


__all__ = ["Manifest", "merge", "plan", "plan_nested", "read", "run"]

if __name__ == "__main__":
    sys.exit(main())
