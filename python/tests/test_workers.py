"""A user's own Python method in worker processes (``n_jobs``): the same results as in one process, its errors and
warnings as in one process, and a method that cannot be sent to a process kept in this one, said so."""

import os
import threading
import warnings

import numpy as np
import pytest

import featrank

IRIS = featrank.datasets.load("iris")


def variance(X, y):
    return X.var(axis=0)


def in_a_file(path):
    """A method that records the process it ran in (a side effect every process can see: a file)."""
    def method(X, y):
        with open(path, "a") as f:
            f.write(f"{os.getpid()}\n")
        return X.var(axis=0)
    return method


@pytest.mark.parametrize("method", [variance, lambda X, y: X.mean(axis=0),
                                    "sklearn.ensemble.RandomForestClassifier"])
def test_curves_in_workers_equal_curves_in_this_process(method):
    if isinstance(method, str):
        from sklearn.ensemble import RandomForestClassifier
        method = RandomForestClassifier(n_estimators=10)  # random_state None: each split's seed, in either process
    run = dict(rankers=[method], folds=3, repeats=2, expected=3, seed=4, progress=False)
    here = featrank.curves(IRIS, n_jobs=1, **run)
    there = featrank.curves(IRIS, n_jobs=2, **run)
    assert here.to_polars().equals(there.to_polars())
    assert here.stability().to_polars().equals(there.stability().to_polars())


def test_the_splits_run_in_other_processes(tmp_path):
    path = tmp_path / "pids.txt"
    featrank.curves(IRIS, rankers=[featrank.ranker(in_a_file(path), name="where")], folds=3, repeats=2, expected=0,
                    progress=False, n_jobs=2)
    pids = {int(line) for line in path.read_text().split()}
    assert len(path.read_text().split()) == 6 and os.getpid() not in pids, pids


def how_it_came(path):
    """A method that records how its split's rows reached its process: read from the run's data the worker holds
    ("shared"), or sent with the call ("sent"); and that it got the split's rows and the features' names."""
    def method(X, y, feature_names):
        import sys

        assert X.shape[0] == len(y) and X.shape[1] == len(feature_names)
        assert not hasattr(X, "flags") or not X.flags.writeable  # a sparse X is a CSR matrix
        callers, frame = set(), sys._getframe()
        while frame is not None:
            callers.add(frame.f_code.co_name)
            frame = frame.f_back
        with open(path, "a") as f:
            f.write(("shared" if "_compute_shared" in callers else "sent") + "\n")
        squares = X.multiply(X) if hasattr(X, "multiply") else X * X  # a sparse X is a CSR matrix
        return np.asarray(X.sum(axis=0)).ravel() + np.asarray(squares.sum(axis=0)).ravel() / 7
    return method


def test_the_workers_read_each_split_from_one_copy_of_the_data(tmp_path):
    path = tmp_path / "how.txt"
    run = dict(folds=3, repeats=2, expected=0, seed=3, progress=False)
    there = featrank.curves(IRIS, rankers=[featrank.ranker(how_it_came(path), name="how")], n_jobs=2, **run)
    assert path.read_text().split() == ["shared"] * 6  # the splits' rows were not sent: their numbers were
    here = featrank.curves(IRIS, rankers=[featrank.ranker(how_it_came(tmp_path / "here.txt"), name="how")], **run)
    assert here.to_polars().equals(there.to_polars())
    # nested runs' inner splits are rows of rows of the data: read from the same copy
    featrank.nested(IRIS, [featrank.ranker(how_it_came(path), name="how")], learner="knn", folds=3, inner_folds=3,
                    grid="1,2", n_jobs=2)
    assert set(path.read_text().split()) == {"shared"} and len(path.read_text().split()) >= 6 + 3 * 3


def test_sparse_data_is_read_once_too_and_rows_of_another_dataset_are_sent(tmp_path):
    import scipy.sparse

    run = dict(folds=3, repeats=1, expected=0, seed=3, progress=False)
    x = IRIS.x.copy()
    x[x < 3] = 0  # a third of the cells zero
    sparse = featrank.Dataset(scipy.sparse.csr_matrix(x), IRIS.y)
    for data, how in ((sparse, "shared"), (IRIS.take(list(range(0, 150, 2))), "sent")):
        path = tmp_path / f"{how}.txt"
        method = featrank.ranker(how_it_came(path), name="how")
        assert featrank.curves(data, rankers=[method], n_jobs=2, **run).to_polars().equals(
            featrank.curves(data, rankers=[method], **run).to_polars())
        assert path.read_text().split() == [how] * 3 + ["sent"] * 3  # 3 in workers, then 3 in this process


def test_data_that_cannot_be_written_is_sent_with_a_warning(tmp_path, monkeypatch):
    import tempfile

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "mkdtemp", full)
    path = tmp_path / "how.txt"
    with pytest.warns(featrank.FeatrankWarning, match="No space left on device"):
        featrank.curves(IRIS, rankers=[featrank.ranker(how_it_came(path), name="how")], folds=3, repeats=1,
                        expected=0, progress=False, n_jobs=2)
    assert path.read_text().split() == ["sent"] * 3


def test_nested_in_workers_equals_nested_in_this_process():
    run = dict(learner="knn:k=[1,5]", folds=3, inner_folds=3, grid="1,2,3,4", seed=2)
    here = featrank.nested(IRIS, [featrank.ranker(variance, name="var")], n_jobs=1, **run)
    there = featrank.nested(IRIS, [featrank.ranker(variance, name="var")], n_jobs=2, **run)
    assert here.choices().to_polars().equals(there.choices().to_polars()) and here.estimate == there.estimate


def raises(X, y):
    raise ZeroDivisionError("no scores today")


def warns(X, y):
    warnings.warn("a method's own warning", RuntimeWarning)
    return X.var(axis=0)


def test_a_raising_method_raises_as_in_one_process():
    with pytest.raises(ZeroDivisionError, match="no scores today") as e:
        featrank.curves(IRIS, rankers=[raises], folds=3, repeats=1, expected=0, progress=False, n_jobs=2)
    assert any("python:raises" in note and "split" in note for note in getattr(e.value, "__notes__", []))


def test_a_methods_warnings_reach_the_caller():
    with pytest.warns(RuntimeWarning, match="a method's own warning"):
        featrank.curves(IRIS, rankers=[warns], folds=3, repeats=1, expected=0, progress=False, n_jobs=2)


def test_a_method_that_cannot_be_sent_runs_here_and_says_so():
    lock = threading.Lock()

    def holds_a_lock(X, y, _lock=lock):
        return X.var(axis=0)

    with pytest.warns(featrank.FeatrankWarning, match="cannot be sent to worker processes"):
        there = featrank.curves(IRIS, rankers=[holds_a_lock], folds=3, repeats=1, expected=0, progress=False,
                                n_jobs=2)
    here = featrank.curves(IRIS, rankers=[holds_a_lock], folds=3, repeats=1, expected=0, progress=False)
    assert here.to_polars().equals(there.to_polars())


@pytest.mark.parametrize("n_jobs, error", [(0, featrank.ParameterError), (-2, featrank.ParameterError),
                                           (2.5, featrank.ArgumentError), (True, featrank.ArgumentError)])
def test_bad_n_jobs_is_refused_by_name(n_jobs, error):
    with pytest.raises(error, match="n_jobs"):
        featrank.curves(IRIS, rankers=[variance], folds=3, repeats=1, expected=0, progress=False, n_jobs=n_jobs)


def test_the_feature_selector_passes_n_jobs_on():
    from featrank.sklearn import FeatureSelector

    here = FeatureSelector(variance, k="1se", seed=1).fit(IRIS.x, IRIS.y)
    there = FeatureSelector(variance, k="1se", seed=1, n_jobs=2).fit(IRIS.x, IRIS.y)
    assert here.k_ == there.k_ and np.array_equal(here.ranking_, there.ranking_)


def test_more_workers_than_cores_are_not_started():
    from featrank import _own

    assert _own._jobs(10**9) == _own._cores() and _own._jobs(-1) == _own._cores() and _own._jobs(None) == 1

