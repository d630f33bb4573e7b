"""One home for every default — the Rust library (``CurveJob::default()``, ``NestedOptions::default()``): the
compiled functions take none, the public signatures read theirs from the library (``featrank/_defaults.py``),
and a call with defaults only gives what the CLI gives with defaults only (the Rust suite compares the CLI with
the library the same way)."""

import inspect

import numpy as np
import pandas as pd

import featrank
from featrank import _defaults, _featrank, cluster
from featrank.sklearn import FeatureSelector

from conftest import read_csv, run_cli

COMPILED = [_featrank.curves, _featrank.nested, _featrank.plan_cluster_run, _featrank.plan_nested_cluster_run,
            _featrank.performance_index]


def _defaults_of(fn):
    return {p.name: p.default for p in inspect.signature(fn).parameters.values()
            if p.default is not inspect.Parameter.empty}


def test_the_compiled_functions_take_no_defaults():
    # Python owns each public signature; what the compiled side receives is always given in full
    assert {fn.__name__: _defaults_of(fn) for fn in COMPILED} == {fn.__name__: {} for fn in COMPILED}


def test_the_public_signatures_show_the_library_s_values():
    # the library's own values (not a copy in Python): 10×10 k-fold, the paper grid, knn:k=10, 1se
    d = _featrank._defaults()
    assert (d["learner"], d["folds"], d["repeats"], d["grid"], d["rule"], d["nested_repeats"]) == \
        ("knn:k=10", 10, 10, "paper", "1se", 1)
    curves = _defaults_of(featrank.curves)
    assert (curves["learner"], curves["folds"], curves["expected"]) == (d["learner"], d["folds"], d["expected"])
    assert _defaults_of(cluster.plan)["repeats"] == d["repeats"] and _defaults_of(featrank.nested)["repeats"] == 1
    assert _defaults_of(FeatureSelector.__init__)["learner"] == _defaults.LEARNER


def test_a_call_with_defaults_only_gives_the_cli_s_defaults_run(cli, tmp_path):
    iris = featrank.datasets.load("iris")
    curves = featrank.curves(iris, rankers="relieff", progress=False)
    run_cli(cli, "curves", "iris", "--method", "relieff", "--quiet", "--out", tmp_path / "c.csv")
    cli_curves = read_csv(tmp_path / "c.csv")
    pd.testing.assert_frame_equal(curves.to_pandas(), cli_curves, check_exact=True, check_dtype=False)
    assert "10-fold CV × 10 repeats" in curves.description and curves.learner == "knn:k=10,ties=all,distance=euclidean"
    nested = featrank.nested(iris, "fisher")
    run_cli(cli, "nested", "iris", "--method", "fisher", "--out", tmp_path / "n.csv")
    cli_nested = read_csv(tmp_path / "n.csv")
    pd.testing.assert_frame_equal(nested.to_pandas(), cli_nested, check_exact=True, check_dtype=False)
    assert np.isfinite(nested.estimate[0])
