"""The same seed gives bit-identical numbers in Python, the Rust library and the CLI: curves (per repeat and
per-fold rankings included, via the JSON both write), rankings, ECA, stability, decisions and tests, on three
datasets (bundled numeric, bundled nominal with missing values, a synthetic CSV read by pandas)."""

import json

import numpy as np
import pandas as pd
import pytest

import featrank
from conftest import read_csv, run_cli

RUN = dict(folds=5, repeats=2, expected=5, grid="full", seed=7)
RANKERS = ["relieff:k=10", "info-gain"]


@pytest.fixture(scope="module")
def combined_csv(tmp_path_factory, cli):
    d = tmp_path_factory.mktemp("combined")
    run_cli(cli, "synth", "combined", "--rows", 300, "--seed", 3, "--out", d / "data.csv", "--truth", d / "truth.csv")
    return d / "data.csv"


def _cases(combined_csv):
    # (name, Python dataset, CLI data argument, CLI target)
    return [
        ("iris", featrank.datasets.load("iris"), "iris", "class"),
        ("vote", featrank.datasets.load("vote"), "vote", "Class"),
        ("combined", featrank.Dataset(read_csv(combined_csv), "class"), combined_csv, "class"),
    ]


def test_a_file_read_by_featrank_equals_the_frame_read_by_pandas(combined_csv):
    mine, theirs = featrank.Dataset.read(str(combined_csv), "class"), featrank.Dataset(read_csv(combined_csv), "class")
    assert mine.feature_names == theirs.feature_names
    assert np.array_equal(mine.x, theirs.x) and np.array_equal(mine.y, theirs.y)


def _csv(path):
    return read_csv(path)


def test_curves_rankings_and_decisions_are_bit_identical(cli, combined_csv, tmp_path):
    for name, data, arg, target in _cases(combined_csv):
        d = tmp_path / name
        d.mkdir()
        ranking = featrank.rank(data, "relieff:k=10", seed=RUN["seed"])
        run_cli(cli, "rank", arg, "--target", target, "--method", "relieff:k=10", "--seed", RUN["seed"],
                "--out", d / "r.csv")
        theirs = _csv(d / "r.csv")
        assert list(theirs["feature"]) == ranking.order, name
        assert np.array_equal(theirs["score"].to_numpy(), ranking.scores), name

        curves = featrank.curves(data, rankings=[featrank.Ranking.read_csv(str(d / "r.csv"))], rankers=RANKERS,
                                 progress=False, **RUN)
        curves.save_json(str(d / "py.json"))
        args = ["curves", arg, "--target", target, "--ranking", d / "r.csv"]
        for m in RANKERS:
            args += ["--method", m]
        for key in ("folds", "repeats", "expected", "grid", "seed"):
            args += [f"--{key}", RUN[key]]
        run_cli(cli, *args, "--quiet", "--out", d / "c.csv", "--json", d / "cli.json", "--stability", d / "s.csv")
        # everything a run holds, per repeat and per split, byte for byte
        assert (d / "py.json").read_bytes() == (d / "cli.json").read_bytes(), name
        pd.testing.assert_frame_equal(curves.to_pandas(), _csv(d / "c.csv"), check_exact=True, check_dtype=False)
        pd.testing.assert_frame_equal(curves.stability().to_pandas(), _csv(d / "s.csv"), check_exact=True,
                                      check_dtype=False)
        run_cli(cli, "decide", d / "cli.json", "--out", d / "k.csv")
        pd.testing.assert_frame_equal(curves.decide().to_pandas(), _csv(d / "k.csv"), check_exact=True,
                                      check_dtype=False)
        run_cli(cli, "score", d / "c.csv", "--out", d / "eca.csv")
        pd.testing.assert_frame_equal(curves.compare().to_pandas(), _csv(d / "eca.csv"), check_exact=True,
                                      check_dtype=False)
        run_cli(cli, "compare", d / "cli.json", "--out", d / "t.csv")
        sig = curves.significance().to_pandas().replace({"fixed": "mine"})
        pd.testing.assert_frame_equal(sig, _csv(d / "t.csv"), check_exact=True, check_dtype=False)


def test_given_folds_give_the_cli_folds_file_run(cli, tmp_path):
    iris = featrank.datasets.load("iris")
    rng = np.random.default_rng(5)
    ids = np.stack([rng.permutation(np.arange(iris.n_rows) % 4) for _ in range(3)], axis=1)
    pd.DataFrame(ids, columns=["r0", "r1", "r2"]).to_csv(tmp_path / "folds.csv", index=False)
    curves = featrank.curves(iris, rankers=["relieff"], folds=ids, expected=3, seed=2, progress=False)
    curves.save_json(str(tmp_path / "py.json"))
    run_cli(cli, "curves", "iris", "--method", "relieff", "--folds-file", tmp_path / "folds.csv", "--expected", 3,
            "--seed", 2, "--quiet", "--out", tmp_path / "c.csv", "--json", tmp_path / "cli.json")
    assert (tmp_path / "py.json").read_bytes() == (tmp_path / "cli.json").read_bytes()
    assert "4-fold CV × 3 repeats" in curves.description
    # one repeat as a vector; scikit-learn's splitters give such ids
    one = featrank.curves(iris, rankers=["relieff"], folds=ids[:, 0], expected=0, progress=False)
    assert "4-fold CV × 1 repeats" in one.description


def test_nested_equals_the_cli(cli, tmp_path):
    iris = featrank.datasets.load("iris")
    n = featrank.nested(iris, ["relieff:k=[5,10]", "fisher"], learner="knn:k=[1,5]", folds=5, repeats=2, seed=3)
    done = run_cli(cli, "nested", "iris", "--method", "relieff:k=[5,10]", "--method", "fisher", "--learner",
                   "knn:k=[1,5]", "--folds", 5, "--repeats", 2, "--seed", 3, "--out", tmp_path / "n.csv")
    pd.testing.assert_frame_equal(n.to_pandas(), _csv(tmp_path / "n.csv"), check_exact=True, check_dtype=False)
    summary = read_csv(__import__("io").StringIO(done.stdout))
    pd.testing.assert_frame_equal(n.summary().to_pandas(), summary, check_exact=True, check_dtype=False)
    assert n.estimate[0] == summary["nested"][0] and n.optimism == summary["optimism"][0]
    assert "optimism" in n._repr_html_() and "<svg" in n._repr_html_()
