"""Survival targets from Python: a (time, event) pair of a frame, scikit-survival's structured y, its bundled
data; honest curves of a univariate Cox ranker with the Cox learner equal to a plain scikit-survival loop over
the same folds; a user's function given the structured y; errors by kind; pickling."""

import pickle

import numpy as np
import pandas as pd
import pytest

import featrank

sksurv = pytest.importorskip("sksurv")
from sksurv.datasets import load_whas500  # noqa: E402
from sksurv.linear_model import CoxPHSurvivalAnalysis  # noqa: E402
from sksurv.metrics import concordance_index_censored  # noqa: E402
from sksurv.util import Surv  # noqa: E402


@pytest.fixture(scope="module")
def whas():
    """WHAS500 (Hosmer, Lemeshow & May 2008; inside scikit-survival's wheel): its numeric columns, 500 rows."""
    x, y = load_whas500()
    x = x.select_dtypes("number").astype(float)
    return x, y


def test_a_frame_with_a_time_and_an_event_column_is_a_survival_dataset(whas):
    x, y = whas
    frame = x.assign(lenfol=y["lenfol"], fstat=y["fstat"].astype(int))
    ds = featrank.Dataset(frame, target=("lenfol", "fstat"))
    assert (ds.task, ds.targets, ds.n_features) == ("survival", ["lenfol", "fstat"], x.shape[1])
    assert ds.y.dtype.names == ("fstat", "lenfol")
    np.testing.assert_array_equal(ds.y["fstat"], y["fstat"])
    np.testing.assert_array_equal(ds.y["lenfol"], y["lenfol"])
    # the same data as (X, y) with scikit-survival's y, in either field order, and by targets + task
    same = featrank.Dataset(x, y)
    assert (same.task, same.targets) == ("survival", ["lenfol", "fstat"])
    swapped = np.empty(len(y), dtype=[("time", "<f8"), ("dead", "?")])
    swapped["time"], swapped["dead"] = y["lenfol"], y["fstat"]
    assert featrank.Dataset(x.to_numpy(), swapped).targets == ["time", "dead"]
    assert featrank.Dataset(frame, targets=["lenfol", "fstat"], task="survival").task == "survival"
    again = pickle.loads(pickle.dumps(ds))
    assert again.task == "survival" and again.y.tobytes() == ds.y.tobytes()


def test_bad_survival_targets_are_errors_by_kind():
    frame = pd.DataFrame({"g": [0.1, 0.5, 0.9, 0.3], "t": [1.0, -2.0, 3.0, 4.0], "e": [1, 0, 1, 1]})
    with pytest.raises(featrank.ColumnError, match="'t'.*row 1"):
        featrank.Dataset(frame, target=("t", "e"))
    frame["t"] = [1.0, 2.0, 3.0, 4.0]
    frame["e"] = [0, 1, 2, 1]
    with pytest.raises(featrank.ColumnError, match="'e'"):
        featrank.Dataset(frame, target=("t", "e"))
    frame["e"] = [0, 0, 0, 0]
    with pytest.raises(featrank.ColumnError, match="no row has an event"):
        featrank.Dataset(frame, target=("t", "e"))
    wrong = np.empty(4, dtype=[("a", "<f8"), ("b", "<f8")])
    with pytest.raises(featrank.ParameterError, match="bool event field"):
        featrank.Dataset(np.eye(4), wrong)
    short = np.empty(3, dtype=[("event", "?"), ("time", "<f8")])
    with pytest.raises(featrank.ParameterError, match="3 survival times for 4 rows"):
        featrank.Dataset(np.eye(4), short)


def univariate_cox_coefficients(x, y):
    """Each column alone in scikit-survival's Cox model: |β| as the score (a user's own survival ranker)."""
    return np.array([abs(CoxPHSurvivalAnalysis(ties="breslow").fit(x[:, [j]], y).coef_[0]) for j in range(x.shape[1])])


def test_honest_survival_curves_equal_a_plain_scikit_survival_loop(whas):
    x, y = whas
    x, names = x.to_numpy(), list(x.columns)
    sizes, folds, repeats = [1, 2, 4, x.shape[1]], 5, 2
    rng = np.random.default_rng(4)
    ids = np.stack([rng.permutation(np.arange(len(y)) % folds) for _ in range(repeats)], axis=1)
    # the plain loop: rank on the training rows, fit Cox on the top k, Harrell's C on each test fold, mean of folds
    plain = np.zeros((repeats, len(sizes)))
    for r in range(repeats):
        for f in range(folds):
            train, test = ids[:, r] != f, ids[:, r] == f
            order = np.argsort(-univariate_cox_coefficients(x[train], y[train]), kind="stable")
            for s, k in enumerate(sizes):
                model = CoxPHSurvivalAnalysis(ties="breslow").fit(x[train][:, order[:k]], y[train])
                risk = model.predict(x[test][:, order[:k]])
                plain[r, s] += concordance_index_censored(y[test]["fstat"], y[test]["lenfol"], risk)[0] / folds
    seen = []

    def own(X, y_split):
        seen.append(y_split.dtype.names)
        return univariate_cox_coefficients(X, y_split)

    ds = featrank.Dataset(pd.DataFrame(x, columns=names), y)
    c = featrank.curves(ds, rankers=[featrank.ranker(own, name="cox-coef")], learner="cox:ridge=0,ties=breslow",
                        folds=ids, grid=",".join(map(str, sizes)), expected=0, progress=False)
    t = c.to_pandas()
    ffa = t[(t.ranking == "python:cox-coef") & (t.curve == "FFA")].sort_values("k")
    np.testing.assert_allclose(ffa["mean"].to_numpy(), plain.mean(axis=0), rtol=0, atol=1e-9)
    assert set(seen) == {("fstat", "lenfol")} and len(seen) == folds * repeats
    assert c.measure == "c_index"


def test_survival_rankers_run_inside_the_splits_and_the_others_are_refused_by_name(whas):
    x, y = whas
    ds = featrank.Dataset(x, y)
    c = featrank.curves(ds, rankers=["univariate-cox", "variance", "univariate-cox:statistic=wald"], learner="cox",
                        folds=5, repeats=2, expected=5, progress=False)
    t = c.to_pandas()
    cox = t[(t.ranking == "univariate-cox") & (t.curve == "FFA")].sort_values("k")["mean"].to_numpy()
    assert 0.6 < cox.max() < 0.9
    table = featrank.rank_table(ds, "univariate-cox")
    assert table.to_polars().columns[:5] == ["feature", "score", "rank", "z", "p_value"]
    with pytest.raises(featrank.UnsupportedTaskError, match="survival"):
        featrank.rank(ds, "relieff")
    with pytest.raises(featrank.UnsupportedTaskError, match="cox"):
        featrank.curves(ds, rankers=["variance"], learner="svm", folds=3, repeats=1, expected=0, progress=False)
