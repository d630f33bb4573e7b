"""One definition of every default (`featrank::eval::defaults`): each Python signature that writes one out
says the same, and a call with defaults only gives what the CLI gives with defaults only (the Rust suite
compares the CLI with the library the same way)."""

import ast
import inspect
import pathlib

import numpy as np
import pandas as pd

import featrank
from featrank import _featrank, cluster
from featrank.sklearn import FeatureSelector

from conftest import read_csv, run_cli

D = _featrank._defaults()
CURVES = {k: D[k] for k in ("learner", "task", "scheme", "folds", "repeats", "grid", "expected", "seed")}
NESTED = {**{k: D[k] for k in ("learner", "task", "scheme", "folds", "grid", "inner_folds", "rule", "seed")},
          "repeats": D["nested_repeats"]}
STUB = pathlib.Path(_featrank.__file__).with_name("_featrank.pyi")


def _differences(name, defaults, expected):
    return [f"{name}({k}={defaults[k]!r}) but the library's default is {v!r}"
            for k, v in expected.items() if k in defaults and defaults[k] is not None and defaults[k] != v]


def _signature(fn):
    return {p.name: p.default for p in inspect.signature(fn).parameters.values()
            if p.default is not inspect.Parameter.empty}


def _stub(name):
    tree = ast.parse(STUB.read_text())
    fn = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == name)
    args = fn.args.args[len(fn.args.args) - len(fn.args.defaults):] + fn.args.kwonlyargs
    values = fn.args.defaults + fn.args.kw_defaults
    return {a.arg: ast.literal_eval(v) for a, v in zip(args, values) if v is not None}


def test_every_python_signature_says_the_library_defaults():
    assert D["learner"] == "knn:k=10" and D["folds"] == 10 and D["rule"] == "1se"
    wrong = []
    for name, fn, expected in [("featrank.curves", featrank.curves, CURVES), ("featrank.nested", featrank.nested, NESTED),
                               ("cluster.plan", cluster.plan, CURVES), ("cluster.plan_nested", cluster.plan_nested, NESTED),
                               ("_featrank.curves", _featrank.curves, CURVES), ("_featrank.nested", _featrank.nested, NESTED)]:
        found = _signature(fn)
        assert set(expected) - {"task", "rule", "expected", "inner_folds"} <= set(found) | {"learner"}, (name, found)
        wrong += _differences(name, found, expected)
    for name, expected in [("curves", CURVES), ("nested", NESTED), ("plan_cluster_run", CURVES),
                           ("plan_nested_cluster_run", NESTED)]:
        wrong += _differences(f"stub {name}", _stub(name), expected)
    wrong += _differences("FeatureSelector", _signature(FeatureSelector.__init__), {"learner": D["learner"], "seed": D["seed"]})
    assert not wrong, "\n".join(wrong)


def test_a_call_with_defaults_only_gives_the_cli_s_defaults_run(cli, tmp_path):
    iris = featrank.datasets.load("iris")
    curves = featrank.curves(iris, rankers="relieff", progress=False)
    run_cli(cli, "curves", "iris", "--method", "relieff", "--quiet", "--out", tmp_path / "c.csv")
    cli_curves = read_csv(tmp_path / "c.csv")
    pd.testing.assert_frame_equal(curves.to_pandas(), cli_curves, check_exact=True, check_dtype=False)
    assert "10-fold CV × 10 repeats" in curves.description and curves.learner == "knn:k=10,ties=all"
    nested = featrank.nested(iris, "fisher")
    run_cli(cli, "nested", "iris", "--method", "fisher", "--out", tmp_path / "n.csv")
    cli_nested = read_csv(tmp_path / "n.csv")
    pd.testing.assert_frame_equal(nested.to_pandas(), cli_nested, check_exact=True, check_dtype=False)
    assert np.isfinite(nested.estimate[0])
