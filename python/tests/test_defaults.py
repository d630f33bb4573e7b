"""One home for every default — the Rust library (``CurveJob::default()``, ``NestedOptions::default()``): the
compiled functions take none, the public signatures read theirs from the library (``featrank/_defaults.py``),
and a call with defaults only gives what the CLI gives with defaults only (the Rust suite compares the CLI with
the library the same way)."""

import inspect

import numpy as np
import pandas as pd
import pytest

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
    assert (curves["learner"], curves["expected"]) == (d["learner"], d["expected"])
    # folds: None means the library's folds for a plain kfold, and the scheme's own splits for any other
    assert curves["folds"] is None and _defaults_of(featrank.nested)["folds"] is None
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


def test_folds_given_in_two_places_are_refused_naming_both(cli, tmp_path):
    import subprocess

    for scheme in ("kfold:folds=5", "holdout:0.3"):
        with pytest.raises(featrank.ParameterError) as e:
            featrank.curves("iris", rankers="fisher", scheme=scheme, folds=3, progress=False)
        assert e.value.parameter == "folds" and "folds=3" in str(e.value) and scheme in str(e.value), str(e.value)
        done = subprocess.run([cli, "curves", "iris", "--method", "fisher", "--scheme", scheme, "--folds", "3",
                               "--out", tmp_path / "c.csv"], capture_output=True, text=True)
        assert done.returncode != 0 and "folds=3" in done.stderr and scheme in done.stderr, done.stderr
    with pytest.raises(featrank.ParameterError, match="fold ids beside scheme"):
        featrank.curves("iris", rankers="fisher", scheme="bootstrap", folds=np.arange(150) % 3, progress=False)
    # the scheme's own folds alone, and folds with a plain kfold: each is the same 5-fold run
    one = featrank.curves("iris", rankers="fisher", scheme="kfold:folds=5", repeats=1, expected=0, progress=False)
    two = featrank.curves("iris", rankers="fisher", folds=5, repeats=1, expected=0, progress=False)
    pd.testing.assert_frame_equal(one.to_pandas(), two.to_pandas(), check_exact=True)


def test_a_level_means_the_same_verdicts_at_every_door(cli, tmp_path):
    # CLI: compare --level L --verdicts tests at α = 1 − L; Python: significance(level=L).verdicts() likewise
    run = featrank.curves("iris", rankers=["fisher", "relieff"], folds=3, repeats=6, expected=5, seed=2, progress=False)
    run.save_json(tmp_path / "run.json")
    for level in (0.8, 0.95):
        run_cli(cli, "compare", tmp_path / "run.json", "--level", level, "--out", tmp_path / "s.csv",
                "--verdicts", tmp_path / "v.csv")
        ours = run.significance(level=level).verdicts().to_pandas()
        pd.testing.assert_frame_equal(ours, read_csv(tmp_path / "v.csv"), check_exact=True, check_dtype=False)
        (tmp_path / "s.csv").unlink()
        (tmp_path / "v.csv").unlink()
        assert run.significance(level=level).verdicts().to_pandas().equals(
            run.significance(level=level).verdicts(alpha=round(1 - level, 12)).to_pandas())


def test_a_compiled_methods_shown_defaults_are_the_ones_it_uses():
    """Where a method's default is a library constant, its signature shows the value (``help()`` and the
    numpydoc say ``level=0.95``, not ``...``): calling it with the values shown gives what the defaults give,
    and another value gives something else (the parameter is not ignored)."""
    import inspect

    iris = featrank.datasets.load("iris")
    c = featrank.curves(iris, rankers=["fisher", "relieff"], folds=3, repeats=6, expected=5, seed=1, progress=False)
    shown = {name: {p.name: p.default for p in inspect.signature(getattr(featrank.Curves, name)).parameters.values()
                    if p.default is not inspect.Parameter.empty} for name in ("eca", "significance", "trade_off")}
    assert shown == {"eca": {"ranking": None, "baseline": "expected", "weighting": "uniform"},
                     "significance": {"level": 0.95, "weighting": "uniform"}, "trade_off": {"beta": 1.0}}
    assert c.eca("fisher") == c.eca("fisher", baseline="expected", weighting="uniform") != c.eca(
        "fisher", weighting="position")
    verdicts = c.significance().to_polars()
    assert verdicts.equals(c.significance(level=0.95, weighting="uniform").to_polars())
    assert not verdicts.equals(c.significance(level=0.8).to_polars())
    assert c.trade_off(2).to_polars().equals(c.trade_off(2, beta=1.0).to_polars())
    assert not c.trade_off(2).to_polars().equals(c.trade_off(2, beta=3.0).to_polars())
    f = featrank.friedman({"a": [0.9, 0.8, 0.7, 0.9], "b": [0.5, 0.6, 0.4, 0.5], "c": [0.7, 0.7, 0.6, 0.8]})
    assert inspect.signature(featrank.Friedman.critical_difference).parameters["alpha"].default == 0.05
    assert f.critical_difference().cd == f.critical_difference(0.05).cd != f.critical_difference(0.10).cd
