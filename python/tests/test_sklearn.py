"""scikit-learn conventions: the selector passes scikit-learn's own estimator checks and works in a
Pipeline under cross_val_score; any estimator serves as the curve learner."""

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.utils.estimator_checks import check_estimator

import featrank
from featrank.sklearn import FeatureSelector

IRIS = featrank.datasets.load("iris")


def test_check_estimator_battery_passes():
    # Every check runs; the only skip is scikit-learn's own array-API check without SCIPY_ARRAY_API.
    results = check_estimator(FeatureSelector(k=2), on_skip=None, on_fail=None)
    failed = [(r["check_name"], str(r["exception"])) for r in results if r["status"] == "failed"]
    skipped = {r["check_name"] for r in results if r["status"] == "skipped"}
    assert failed == []
    assert skipped <= {"check_array_api_input"}
    assert len(results) >= 40


def test_selector_keeps_the_rankers_top_features():
    sel = FeatureSelector("relieff:k=10", k=2, seed=1).fit(IRIS.x, IRIS.y)
    order = featrank.rank(IRIS, "relieff:k=10", seed=1).order
    kept = [IRIS.feature_names[j] for j in np.flatnonzero(sel.get_support())]
    assert sorted(kept) == sorted(order[:2])
    assert sel.ranking_.tolist() == [order.index(f) + 1 for f in IRIS.feature_names]
    assert sel.transform(IRIS.x).shape == (150, 2)


def test_rule_reads_the_honest_curves():
    sel = FeatureSelector("relieff", k="1se", folds=5, seed=1).fit(IRIS.x, IRIS.y)
    c = featrank.curves(featrank.Dataset(IRIS.x, IRIS.y, task="classification",
                                         feature_names=[f"x{j}" for j in range(4)]),
                        rankers=["relieff"], folds=5, repeats=1, expected=0, seed=1, progress=False)
    assert sel.k_ == c.decide("1se").k("relieff")


def test_pipeline_under_cross_val_score():
    pipe = make_pipeline(FeatureSelector("relieff", k=2), KNeighborsClassifier())
    scores = cross_val_score(pipe, IRIS.x, IRIS.y, cv=5)
    assert scores.mean() > 0.9


def test_any_estimator_as_the_curve_learner():
    ranking = featrank.Ranking.from_order(["petalwidth", "petallength", "sepallength", "sepalwidth"], name="good")
    c = featrank.curves(IRIS, rankings=[ranking], learner=LogisticRegression(max_iter=1000), folds=5, repeats=1,
                        expected=3, seed=1, progress=False)
    assert c.learner == "sklearn:model=(LogisticRegression(max_iter=1000))"  # what ran, parameters included
    table = c.to_pandas()
    ffa = table[(table.ranking == "good") & (table.curve == "FFA")].set_index("k")["mean"]
    # FFA(n) = RFA(n), and the two petal features alone separate iris well
    rfa = table[(table.ranking == "good") & (table.curve == "RFA")].set_index("k")["mean"]
    assert ffa[4] == rfa[4]
    assert ffa[2] > 0.9
    # the same as scikit-learn's own cross-validation on those two columns, fold for fold averaged
    assert abs(ffa[2] - cross_val_score(LogisticRegression(max_iter=1000), IRIS.x[:, [3, 2]], IRIS.y, cv=5).mean()) < 0.05


def test_a_failing_estimator_is_an_error():
    class Broken(LogisticRegression):
        def fit(self, X, y):
            raise RuntimeError("no")

    with pytest.raises(featrank.Error, match=r"Broken\(\) raised RuntimeError: no"):
        featrank.curves(IRIS, rankers=["relieff"], learner=Broken(), folds=3, repeats=1, expected=0, progress=False)
