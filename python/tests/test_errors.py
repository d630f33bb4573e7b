"""Bad input arrives as featrank.Error (a ValueError) with the Rust message naming what is wrong; never a
crash, never a panic across the boundary."""

import numpy as np
import pandas as pd
import polars as pl
import pytest

import featrank

IRIS = featrank.datasets.load("iris")


def raises(fragment, call, *args, **kwargs):
    with pytest.raises(featrank.Error) as e:
        call(*args, **kwargs)
    assert isinstance(e.value, ValueError)
    assert fragment in str(e.value), str(e.value)
    return str(e.value)


def test_error_is_a_value_error():
    assert issubclass(featrank.Error, ValueError)


def test_wrong_dtypes_name_the_column():
    df = pd.DataFrame({"when": pd.to_datetime(["2020-01-01", "2020-01-02"]), "y": ["a", "b"]})
    raises("column 'when': dtype timestamp", featrank.Dataset, df, "y")
    raises("column 'x'", featrank.Dataset, pl.DataFrame({"x": [[1], [2]], "y": ["a", "b"]}), "y")


def test_frames_pyarrow_cannot_read():
    raises("Duplicate column names", featrank.Dataset, pd.DataFrame([[1, 2, 0], [3, 4, 1]], columns=["a", "a", "y"]), "y")
    raises("Conversion failed for column x", featrank.Dataset, pd.DataFrame({"x": [1, "a"], "y": ["a", "b"]}), "y")
    raises("cannot read NoneType as a table", featrank.Dataset, None, "y")


def test_empty_frames():
    raises("empty data", featrank.Dataset, pd.DataFrame(), None)
    raises("empty data", featrank.Dataset, pd.DataFrame({"a": [], "y": []}, dtype=float), "y")
    raises("empty data", featrank.Dataset, pl.DataFrame({"y": [1, 2]}), "y")


def test_mismatched_x_and_y():
    raises("'target': 3 values for 4 rows of X", featrank.Dataset, np.zeros((4, 2)), [0, 1, 0])
    raises("'X': expected a 2-D array", featrank.Dataset, np.zeros((2, 2, 2)), [0, 1])
    raises("'feature_names': 1 names for 2 columns", featrank.Dataset, np.zeros((2, 2)), [0, 1], feature_names=["a"])
    raises("with an array X give the labels", featrank.Dataset, np.zeros((2, 2)), "y")


def test_missing_targets():
    raises("target column 'target'", featrank.Dataset, np.eye(4), [0.5, np.nan, 1.5, 2.0])
    raises("target column 'y'", featrank.Dataset, pd.DataFrame({"x": [1.0, 2, 3], "y": ["a", None, "b"]}), "y")
    raises("every value is missing", featrank.Dataset, pd.DataFrame({"x": [1.0, 2], "y": [None, None]}), "y")


def test_infinite_values():
    raises("infinite values are not accepted", featrank.Dataset, np.array([[1.0, np.inf], [0, 1]]), [0, 1])
    raises("infinite values are not accepted", featrank.Dataset, pd.DataFrame({"x": [1, np.inf], "y": [0, 1]}), "y")


def test_a_target_that_does_not_exist():
    raises("column 'clas' not found; did you mean 'class'?", featrank.Dataset, IRIS.to_pandas(), "clas")


def test_unknown_specs_and_keys():
    raises("unknown ranking method 'relief'; did you mean 'relieff'? known: relieff", featrank.rank, IRIS, "relief")
    raises("'q'", featrank.rank, IRIS, "relieff:q=3")
    raises("did you mean knn:k=10?", featrank.curves, IRIS, rankers=["relieff"], learner="knn:10", progress=False)
    raises("unknown learner", featrank.curves, IRIS, rankers=["relieff"], learner="knm", progress=False)
    raises("a grid", featrank.rank, IRIS, "relieff:k=[5,10]")
    text = raises("invalid parameter 'learner': expected a spec such as 'knn:k=10'", featrank.curves, IRIS,
                  rankers=["relieff"], learner=3.5, progress=False)
    assert "or a scikit-learn estimator, got 3.5 (float)" in text


def test_bad_run_parameters():
    raises("folds", featrank.curves, IRIS, rankers=["relieff"], folds=1, progress=False)
    raises("the test fraction must lie in (0, 1), got 2", featrank.curves, IRIS, rankers=["relieff"], scheme="holdout:2", progress=False)
    raises("duplicate name 'relieff'", featrank.curves, IRIS, rankings=[featrank.rank(IRIS, "relieff")],
           rankers=["relieff"], progress=False)
    ids = np.arange(IRIS.n_rows) % 3
    raises("row 0 of repeat 0 has -1", featrank.curves, IRIS, folds=ids - 1, progress=False)
    raises("got float64 values", featrank.curves, IRIS, folds=ids.astype(float), progress=False)
    raises("got no values", featrank.curves, IRIS, folds=ids[:0], progress=False)
    raises("repeat 0 assigns 100 rows but the data has 150", featrank.curves, IRIS, folds=ids[:100], progress=False)
    raises("rule", lambda: featrank.curves(IRIS, rankers=["relieff"], folds=3, repeats=1, expected=0,
                                          progress=False).decide("fewest"))


def test_bad_nested_parameters():
    raises("kk", featrank.nested, IRIS, ["relieff:kk=[5,10]"])
    raises("'fewest' is not one of best, 1se", featrank.nested, IRIS, ["relieff"], rule="fewest")
    raises("the inner CV needs at least 2 folds, got 1", featrank.nested, IRIS, ["relieff"], inner_folds=1)
    raises("give at least one ranker", featrank.nested, IRIS, [])


def test_memory_limit_refuses_before_work():
    featrank.set_memory_limit("1K")
    try:
        raises("memory limit", featrank.curves, IRIS, rankers=["relieff"], progress=False)
    finally:
        featrank.set_memory_limit(None)
    raises("limit", featrank.set_memory_limit, "lots")


def test_selector_refuses_bad_k():
    from featrank.sklearn import FeatureSelector

    raises("'k': a number of features", FeatureSelector(k=0).fit, IRIS.x, IRIS.y)


def test_errors_by_kind_carry_what_was_at_fault(tmp_path):
    with pytest.raises(featrank.ColumnNotFoundError) as e:
        IRIS.select(["petal_width"])
    assert isinstance(e.value, KeyError) and isinstance(e.value, featrank.Error)
    assert e.value.column == "petal_width" and e.value.suggestions[0] == "petalwidth"
    assert str(e.value).startswith("column 'petal_width' not found")  # not KeyError's quoted repr
    with pytest.raises(FileNotFoundError) as e:
        featrank.read(tmp_path / "missing.csv")
    assert isinstance(e.value, featrank.MissingFileError) and e.value.filename.endswith("missing.csv")
    featrank.set_memory_limit("1K")
    try:
        with pytest.raises(MemoryError) as e:
            featrank.rank(IRIS, "svm-rfe")
        assert isinstance(e.value, featrank.MemoryLimitError) and e.value.limit == 1024 and e.value.needed > 1024
    finally:
        featrank.set_memory_limit(None)
    with pytest.raises(featrank.SpecError) as e:
        featrank.rank(IRIS, "mutual-infos")
    assert e.value.name == "mutual-infos" and "mi" in e.value.suggestions
    with pytest.raises(featrank.ParameterError) as e:
        featrank.rank(IRIS, "relieff:k=zero")
    assert e.value.parameter == "k"
    with pytest.raises(featrank.UnsupportedTaskError) as e:
        featrank.rank(IRIS, "rrelieff")
    assert (e.value.method, e.value.task) == ("rrelieff", "classification")
    import pickle

    again = pickle.loads(pickle.dumps(e.value))
    assert type(again) is featrank.UnsupportedTaskError and again.method == "rrelieff"


def test_data_goes_in_as_frames_arrays_and_paths(tmp_path):
    pdf = IRIS.to_pandas()
    order = featrank.rank(IRIS, "fisher").order
    assert featrank.rank(pdf, "fisher", target="class").order == order
    assert featrank.rank(pl.from_pandas(pdf), "fisher", target="class").order == order
    assert featrank.rank((IRIS.x, IRIS.y), "fisher").order == [f"x{j}" for j in [IRIS.feature_names.index(f) for f in order]]
    path = tmp_path / "iris.csv"
    pdf.to_csv(path, index=False)
    assert featrank.rank(path, "fisher").order == order  # os.PathLike, target: the last column
    assert featrank.rank_table("iris", "fisher").to_pandas()["feature"].tolist() == order
    c = featrank.curves(pdf, rankers="fisher", target="class", folds=2, repeats=1, expected=2, progress=False)
    assert c.rankings == ["fisher"]  # one spec given alone, not its letters
    n = featrank.nested(pdf, "fisher", target="class", folds=2, inner_folds=2, grid="1,2")
    assert len(n.choices()) == 2
    raises("invalid parameter 'target': the Dataset has its target", featrank.rank, IRIS, "fisher", target="class")


def test_the_hostile_cases_of_the_issue_are_refused_or_correct():
    raises("would hold about", featrank.curves, IRIS, rankers=["fisher"], expected=10**12, progress=False)
    raises("would hold about", featrank.synth.generate, "pair", rows=10**12)
    deep = "relieff"
    for _ in range(3000):
        deep = f"bag:base=({deep}),bootstraps=2"
    raises("a spec has at most 4096", featrank.rank, IRIS, deep)
    raises("nests at most 32", featrank.rank, IRIS, "bag:base=(" * 40 + "relieff" + ")" * 40)
    big = np.column_stack([np.where(np.arange(40) % 2 == 0, -1e308, 1e308), np.random.default_rng(1).normal(size=40)])
    y = np.where(np.arange(40) % 2 == 0, "a", "b")
    for method in ["relieff", "svm-rfe", "fisher"]:
        with pytest.raises(featrank.ColumnError) as e:
            featrank.rank((big, y), method)
        assert e.value.column == "x0"
    c = featrank.curves(IRIS, rankers=["fisher"], folds=2, repeats=3, expected=3, progress=False)
    for alpha in [2, -1, float("nan"), 0, 1]:
        raises("must lie in (0, 1)", c.significance().verdicts, alpha=alpha)
        raises("must lie in (0, 1)", c.significance().verdict, "fisher", alpha=alpha)
    raises("0, which would refuse all work", featrank.set_memory_limit, 0)
    raises("the bool True", featrank.set_memory_limit, True)
    assert "Bayes accuracy unknown" in repr(featrank.synth.generate("madelon", rows=20))
    raises("invalid parameter 'inner_folds'", featrank.nested, IRIS, ["fisher"], inner_folds=1000)
    one = featrank.Dataset(np.arange(5.0).reshape(5, 1), ["p", "p", "q", "q", "r"])
    msg = raises("class 'r' has only 1 row", featrank.curves, one, rankers=["fisher"], folds=2, progress=False)
    assert "at most 1 folds" not in msg
    raises("X of shape (5, 0) has no feature columns", featrank.Dataset, np.zeros((5, 0)), ["a"] * 5)
    ids = np.zeros(150, dtype=np.uint64)
    ids[1::2] = 1
    ids[0] = 2**64 - 1
    raises(str(2**64 - 1), featrank.curves, IRIS, rankers=["fisher"], folds=ids, progress=False)
    msg = raises("(100000 characters)", featrank.rank, IRIS, "x" * 100_000)
    assert len(msg) < 1000


def test_a_manifest_object_rechecks_its_inputs(tmp_path):
    data = tmp_path / "d.csv"
    IRIS.to_pandas().to_csv(data, index=False)
    m = featrank.cluster.plan(str(data), tmp_path / "m.json", rankers=["fisher"], folds=2, repeats=1, expected=2)
    m.run("0/1", tmp_path / "p0.csv", progress=False)
    IRIS.to_pandas().iloc[::-1].to_csv(data, index=False)
    raises("changed since the run was planned", m.run, "0/1", tmp_path / "p1.csv", progress=False)
    raises("changed since the run was planned", m.merge, [tmp_path / "p0.csv"])


def test_paths_are_str_or_pathlike_and_figures_savefig(tmp_path):
    c = featrank.curves(IRIS, rankers="fisher", folds=2, repeats=1, expected=2, progress=False)
    c.save_json(tmp_path / "c.json")
    assert featrank.Curves.load_json(tmp_path / "c.json").rankings == ["fisher"]
    c.save_svg(tmp_path / "a.svg")
    c.plot().savefig(tmp_path / "b.SVG")
    assert (tmp_path / "b.SVG").read_text().startswith("<svg")
    with pytest.raises(featrank.ParameterError) as e:
        c.plot().savefig(tmp_path / "c.png")
    assert "featrank draws SVG" in str(e.value) and e.value.parameter == "path"
    (tmp_path / "r.csv").write_text("feature,score\npetalwidth,2\nsepalwidth,1\n")
    assert featrank.Ranking.read_csv(tmp_path / "r.csv").order == ["petalwidth", "sepalwidth"]


def test_methods_can_be_listed_and_aliases_work():
    rankers = featrank.rankers().to_pandas().set_index("method")
    assert "mutual-info" in rankers.loc["mi", "aliases"] and rankers.loc["relieff", "spec"].startswith("relieff:k=10")
    assert featrank.rank(IRIS, "mutual-info").order == featrank.rank(IRIS, "mi").order
    learners = featrank.learners().to_pandas()
    assert set(learners["learner"]) >= {"knn", "svm", "nb", "tree", "forest", "mlp"}
    assert "naive-bayes" in learners.set_index("learner").loc["nb", "aliases"]
    # a learner's alias runs the learner, recorded by its own name
    c = featrank.curves(IRIS, rankers="fisher", learner="Naive_Bayes", folds=2, repeats=1, expected=0,
                        progress=False)
    assert c.learner == "nb"
    assert "rmse" in featrank.measures().to_pandas()["measure"].tolist()
    with pytest.raises(featrank.SpecError) as e:
        featrank.rank(IRIS, "relieef")
    assert "did you mean 'relieff'?" in str(e.value)


def test_each_method_lists_its_parameters_with_ranges_and_a_reference():
    rankers = featrank.rankers().to_pandas().set_index("method")
    assert "k: whole number ≥ 1" in rankers.loc["relieff", "parameters"]
    assert "Kononenko" in rankers.loc["relieff", "reference"]
    assert rankers["reference"].str.len().min() > 0 and featrank.learners().to_pandas()["reference"].str.len().min() > 0
    svm = featrank.parameters("svc", kind="learner").to_pandas().set_index("parameter")
    assert svm.loc["width", "needs"] == "kernel=rbf" and svm.loc["width", "default"] == "1"
    assert featrank.parameters("forest").to_pandas()["parameter"].tolist() == ["trees", "mtry", "importance"]
    # a value outside the listed range is refused, naming the parameter
    with pytest.raises(featrank.ParameterError) as e:
        featrank.rank(IRIS, "inffs:decay=1")
    assert e.value.parameter == "decay"
    with pytest.raises(featrank.SpecError) as e:
        featrank.parameters("relief")
    assert "did you mean 'relieff'?" in str(e.value)
    with pytest.raises(featrank.ParameterError) as e:
        featrank.parameters("knn", kind="model")
    assert e.value.parameter == "kind"


def test_a_vector_level_the_cpu_cannot_run_is_refused_at_import():
    import os
    import subprocess
    import sys

    env = dict(os.environ, FEATRANK_SIMD="sse9")
    out = subprocess.run([sys.executable, "-c", "import featrank"], env=env, capture_output=True, text=True)
    assert out.returncode != 0 and "ImportError" in out.stderr and "'sse9' is no vector level" in out.stderr
    env["FEATRANK_SIMD"] = "portable"
    out = subprocess.run([sys.executable, "-c", "import featrank; print(featrank.rank('iris', 'relieff').order[0])"],
                         env=env, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == featrank.rank("iris", "relieff").order[0]
