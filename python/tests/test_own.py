"""The user's own ranking method inside every split: Python functions and scikit-learn objects where a spec is
taken, their curves equal to a plain scikit-learn loop over the same folds, and every wrong output named."""

import functools
import pickle

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.ensemble import RandomForestClassifier
from sklearn.feature_selection import RFE, SelectFromModel, SelectKBest, chi2, f_classif, mutual_info_classif
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.neighbors import KNeighborsClassifier

import featrank
from featrank.sklearn import FeatureSelector

X, Y = load_iris(return_X_y=True)
NAMES = ["sl", "sw", "pl", "pw"]
DATA = featrank.Dataset(X, Y, task="classification", feature_names=NAMES)
SIZES = [1, 2, 3, 4]


def fold_ids(repeats=2, folds=5, seed=0):
    """Fold ids (rows × repeats) from scikit-learn's splitter, as a user would bring them."""
    ids = np.zeros((len(Y), repeats), dtype=np.int64)
    splits = list(RepeatedStratifiedKFold(n_splits=folds, n_repeats=repeats, random_state=seed).split(X, Y))
    for i, (_, test) in enumerate(splits):
        ids[test, i // folds] = i % folds
    return ids


def plain_loop(score, ids, learner):
    """The scikit-learn way: per repeat, per fold, rank on the training rows (descending score, ties in column
    order) and fit the learner on the top k; accuracy of the pooled predictions per repeat, mean over repeats."""
    ffa = np.zeros((ids.shape[1], len(SIZES)))
    for r in range(ids.shape[1]):
        predicted = np.zeros((len(SIZES), len(Y)), dtype=np.int64)
        for f in range(ids[:, r].max() + 1):
            train, test = ids[:, r] != f, ids[:, r] == f
            order = np.argsort(-score(X[train], Y[train]), kind="stable")
            for s, k in enumerate(SIZES):
                model = learner.__class__(**learner.get_params()).fit(X[train][:, order[:k]], Y[train])
                predicted[s, test] = model.predict(X[test][:, order[:k]])
        ffa[r] = (predicted == Y).mean(axis=1)
    return ffa.mean(axis=0)


def featrank_ffa(ranker, ids, learner, name):
    c = featrank.curves(DATA, rankers=[ranker], learner=learner, folds=ids, grid=",".join(map(str, SIZES)),
                        expected=0, progress=False)
    t = c.to_pandas()
    return t[(t.ranking == name) & (t.curve == "FFA")].sort_values("k")["mean"].to_numpy()


def test_a_function_s_honest_curves_equal_a_plain_scikit_learn_loop():
    mi = functools.partial(mutual_info_classif, random_state=0)
    ids, knn = fold_ids(), KNeighborsClassifier(n_neighbors=5)
    expected = plain_loop(mi, ids, knn)
    got = featrank_ffa(featrank.ranker(mi, name="mi"), ids, knn, "python:mi")
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-12)


def test_an_estimator_s_honest_curves_equal_a_plain_scikit_learn_loop():
    forest = RandomForestClassifier(n_estimators=15, random_state=0)
    ids, knn = fold_ids(repeats=1), KNeighborsClassifier(n_neighbors=3)
    expected = plain_loop(lambda x, y: RandomForestClassifier(n_estimators=15, random_state=0).fit(x, y)
                          .feature_importances_, ids, knn)
    name = "python:RandomForestClassifier(n_estimators=15, random_state=0)"
    np.testing.assert_allclose(featrank_ffa(forest, ids, knn, name), expected, rtol=0, atol=1e-12)


def test_score_funcs_work_as_they_are_and_are_named():
    for f in (f_classif, chi2):
        r = featrank.rank(DATA, f)
        assert r.name == f"python:{f.__name__}"
        assert r.order == [NAMES[j] for j in np.argsort(-f(X, Y)[0], kind="stable")]
    assert featrank.rank(DATA, lambda X, y: X.var(axis=0)).name == "python:<lambda>"


def test_scikit_learn_objects_by_the_selectfrommodel_rule():
    logistic = LogisticRegression(max_iter=2000)
    coef = LogisticRegression(max_iter=2000).fit(X, Y).coef_
    by_norm = np.linalg.norm(coef, axis=0, ord=1)  # multi-class coef_: the L1 norm over classes, as SelectFromModel
    np.testing.assert_array_equal(featrank.rank(DATA, logistic).scores, np.sort(by_norm)[::-1])
    kbest = SelectKBest(f_classif, k=2)
    np.testing.assert_array_equal(featrank.rank(DATA, kbest).scores, np.sort(f_classif(X, Y)[0])[::-1])
    rfe = RFE(LogisticRegression(max_iter=2000), n_features_to_select=1)
    ranking_ = RFE(LogisticRegression(max_iter=2000), n_features_to_select=1).fit(X, Y).ranking_
    assert featrank.rank(DATA, rfe).order == [NAMES[j] for j in np.argsort(ranking_, kind="stable")]
    sfm = SelectFromModel(RandomForestClassifier(n_estimators=10, random_state=1))
    imp = RandomForestClassifier(n_estimators=10, random_state=1).fit(X, Y).feature_importances_
    np.testing.assert_array_equal(featrank.rank(DATA, sfm).scores, np.sort(imp)[::-1])
    getter = featrank.ranker(LogisticRegression(max_iter=2000), importance_getter="coef_", norm_order=2)
    np.testing.assert_array_equal(featrank.rank(DATA, getter).scores, np.sort(np.linalg.norm(coef, axis=0, ord=2))[::-1])


def test_seeds_and_feature_names_reach_the_methods_that_ask():
    seen = {}

    def named(X, y, feature_names, random_state=None):
        seen["names"], seen["seed"] = feature_names, random_state
        return np.arange(X.shape[1], dtype=float)

    assert featrank.rank(DATA, named, seed=7).order == ["pw", "pl", "sw", "sl"]
    assert seen == {"names": NAMES, "seed": 7}
    # an estimator left to chance gets the seed: the same seed, the same ranking
    forest = RandomForestClassifier(n_estimators=5)
    np.testing.assert_array_equal(featrank.rank(DATA, forest, seed=3).scores, featrank.rank(DATA, forest, seed=3).scores)


def test_the_rows_a_function_gets_are_the_training_rows_and_read_only():
    sizes = []

    def probe(X, y):
        sizes.append(len(y))
        with pytest.raises(ValueError):
            X[0, 0] = 1.0
        return X.var(axis=0)

    featrank.curves(DATA, rankers=probe, folds=5, repeats=1, expected=0, progress=False)
    assert sorted(set(sizes)) == [120]


@pytest.mark.parametrize("out, message", [
    (lambda X, y: [1.0, 2.0], r"python:bad failed in repeat 0, split 0: gave 2 scores for 4 features"),
    (lambda X, y: [np.nan, 1.0, 2.0, 3.0], r"NaN score for feature 'sl'"),
    (lambda X, y: [np.inf, 1.0, 2.0, 3.0], r"inf score for feature 'sl'"),
    (lambda X, y: ["a", "b", "c", "d"], r"python:bad failed: gave <U1 values; a ranking method gives one number per"),
    (lambda X, y: np.ones((4, 2)), r"gave an array of shape \(4, 2\)"),
    (lambda X, y: None, r"gave object values"),
])
def test_wrong_output_is_a_method_error_naming_the_method(out, message):
    with pytest.raises(featrank.MethodError, match=message) as raised:
        featrank.curves(DATA, rankers=featrank.ranker(out, name="bad"), folds=3, repeats=1, expected=0,
                        progress=False)
    assert raised.value.method == "python:bad"  # raised by the library's contract or by featrank's Python side


def test_nonfinite_lowest_ranks_nan_last():
    r = featrank.rank(DATA, featrank.ranker(lambda X, y: [np.nan, 1.0, 2.0, np.inf], nonfinite="lowest"))
    assert r.order == ["pw", "pl", "sw", "sl"]


def test_a_function_s_own_exception_reaches_the_user_with_the_split_named():
    calls = []

    def fails_on_the_third(X, y):
        calls.append(1)
        if len(calls) >= 3:
            raise KeyError("no such gene")
        return X.var(axis=0)

    with pytest.raises(KeyError, match="no such gene") as raised:
        featrank.curves(DATA, rankers=fails_on_the_third, folds=4, repeats=1, expected=0, progress=False)
    notes = getattr(raised.value, "__notes__", [])
    if notes:  # Python >= 3.11
        assert notes[-1].startswith("featrank: raised by the ranking method python:fails_on_the_third in repeat 0, split")


def test_what_is_not_a_method_is_refused_by_name():
    with pytest.raises(featrank.ArgumentError, match="a function f\\(X, y\\) -> scores"):
        featrank.rank(DATA, 3)
    with pytest.raises(featrank.ParameterError, match="nonfinite"):
        featrank.ranker(f_classif, nonfinite="zero")
    with pytest.raises(featrank.ParameterError, match="grid"):
        featrank.rank(DATA, featrank.ranker(RandomForestClassifier(), grid={"max_depth": [2, 3]}))
    with pytest.raises(featrank.ArgumentError, match="norm_order"):
        featrank.ranker(LogisticRegression(), norm_order="x")
    with pytest.raises(featrank.ArgumentError, match="importance_getter"):
        featrank.ranker(LogisticRegression(), importance_getter=3)
    with pytest.raises(featrank.ParameterError, match="python:<lambda> does not take \\['k'\\]"):
        featrank.curves(DATA, rankers=featrank.ranker(lambda X, y: X.var(0), grid={"k": [1]}), folds=2, expected=0,
                        progress=False)


def test_results_and_pickles_keep_the_record():
    c = featrank.curves(DATA, rankers=["fisher", f_classif], folds=3, repeats=1, expected=0, progress=False)
    assert c.rankings == ["fisher", "python:f_classif"]
    again = pickle.loads(pickle.dumps(c))
    assert again.rankings == c.rankings and again.to_pandas().equals(c.to_pandas())
    assert len(c.stability().to_pandas()) > 0  # per-fold rankings kept: stability of the user's method


def test_nested_tunes_an_estimator_s_parameters_through_a_grid():
    tuned = featrank.ranker(RandomForestClassifier(n_estimators=5, random_state=0), name="rf",
                            grid={"max_depth": [1, 3]})
    n = featrank.nested(DATA, ["fisher", tuned], learner="knn:k=5", folds=3, inner_folds=3, seed=1)
    assert set(n.to_pandas()["ranker"]) <= {"fisher", "python:rf:max_depth=1", "python:rf:max_depth=3"}
    assert n.estimate[0] > 0.8
    c = featrank.curves(DATA, rankers=tuned, folds=3, repeats=1, expected=0, progress=False)
    assert c.rankings == ["python:rf:max_depth=1", "python:rf:max_depth=3"]


def test_feature_selector_takes_a_function_and_a_rule():
    sel = FeatureSelector(f_classif, k="1se", folds=3, seed=1).fit(X, Y)
    assert 1 <= sel.k_ <= 4
    assert sel.ranking_.tolist() == list(np.argsort(np.argsort(-f_classif(X, Y)[0], kind="stable")) + 1)


def test_target_sets_reach_a_method_as_scikit_learn_holds_them():
    from sklearn.datasets import make_multilabel_classification

    Xm, Ym = make_multilabel_classification(n_samples=90, n_features=6, n_classes=3, random_state=1)
    data = featrank.Dataset(Xm, Ym)
    seen = []

    def shape(X, y):
        seen.append((y.shape, y.dtype.kind))
        return X.var(axis=0)

    featrank.rank(data, shape)
    assert seen == [((90, 3), "i")]
    forest = RandomForestClassifier(n_estimators=10, random_state=0)   # multi-output: one forest for the set
    imp = RandomForestClassifier(n_estimators=10, random_state=0).fit(Xm, Ym).feature_importances_
    np.testing.assert_array_equal(featrank.rank(data, forest).scores, np.sort(imp)[::-1])
    c = featrank.curves(data, rankers=[forest, "relieff"], folds=3, repeats=1, expected=0, progress=False)
    assert c.rankings[0].startswith("python:RandomForestClassifier") and "hamming" in c.description.lower()
    values = featrank.Dataset(Xm, Ym * 1.5 + 0.25)   # float columns: multi-target regression
    featrank.rank(values, shape)
    assert seen[-1] == ((90, 3), "f")
