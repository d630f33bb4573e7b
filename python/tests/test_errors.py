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
    raises("target: 3 values for 4 rows of X", featrank.Dataset, np.zeros((4, 2)), [0, 1, 0])
    raises("X: expected a 2-D array", featrank.Dataset, np.zeros((2, 2, 2)), [0, 1])
    raises("feature_names: 1 names for 2 columns", featrank.Dataset, np.zeros((2, 2)), [0, 1], feature_names=["a"])
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
    raises("unknown ranking method 'relief'; known: relieff", featrank.rank, IRIS, "relief")
    raises("'q'", featrank.rank, IRIS, "relieff:q=3")
    raises("did you mean knn:k=10?", featrank.curves, IRIS, rankers=["relieff"], learner="knn:10", progress=False)
    raises("unknown learner", featrank.curves, IRIS, rankers=["relieff"], learner="knm", progress=False)
    raises("a grid", featrank.rank, IRIS, "relieff:k=[5,10]")
    raises("expected a spec such as 'knn:k=10' or a scikit-learn estimator", featrank.curves, IRIS,
           rankers=["relieff"], learner=3.5, progress=False)


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
    raises("give at least one spec", featrank.nested, IRIS, [])


def test_memory_limit_refuses_before_work():
    featrank.set_memory_limit("1K")
    try:
        raises("memory limit", featrank.curves, IRIS, rankers=["relieff"], progress=False)
    finally:
        featrank.set_memory_limit(None)
    raises("limit", featrank.set_memory_limit, "lots")


def test_selector_refuses_bad_k():
    from featrank.sklearn import FeatureSelector

    raises("k: a number of features", FeatureSelector(k=0).fit, IRIS.x, IRIS.y)
