"""Studies as they are designed, from Python: featrank's grouped and time-ordered splits equal scikit-learn's
splitters where those are deterministic, no group is ever on both sides, groups reach ``FeatureSelector``
through scikit-learn's metadata routing, and a bad design is refused with the class its Rust error has."""

import pickle

import numpy as np
import pandas as pd
import pytest
import sklearn
from sklearn.model_selection import (GridSearchCV, GroupKFold, LeaveOneGroupOut, StratifiedGroupKFold,
                                     TimeSeriesSplit)
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline

import featrank
from featrank.sklearn import FeatureSelector


def _tests(pairs):
    """Each split's test rows, as sorted tuples, in split order."""
    return [tuple(sorted(test.tolist())) for _, test in pairs]


def _design(seed, groups=20, classes=2):
    """Groups of distinct sizes (1 … groups rows) in a shuffled row order, labels drawn per row."""
    rng = np.random.default_rng(seed)
    g = np.repeat(rng.permutation(groups) * 10 + 3, np.arange(1, groups + 1))  # ids not 0..G-1, sizes distinct
    rng.shuffle(g)
    return rng.normal(size=(len(g), 3)), rng.integers(0, classes, len(g)), g


@pytest.mark.parametrize("seed", range(5))
def test_group_kfold_equals_scikit_learns(seed):
    X, y, g = _design(seed)
    ours = featrank.splits((X, y), groups=g, scheme="group-kfold:folds=4,shuffle=false")
    theirs = list(GroupKFold(n_splits=4).split(X, y, g))
    assert _tests(ours) == _tests(theirs)
    for (train, test), (their_train, _) in zip(ours, theirs):
        assert train.tolist() == sorted(their_train.tolist())


@pytest.mark.parametrize("seed", range(5))
def test_stratified_group_kfold_equals_scikit_learns(seed):
    X, y, g = _design(seed, groups=15, classes=3)
    ours = featrank.splits((X, y), groups=g, scheme="stratified-group-kfold:folds=3,shuffle=false")
    theirs = list(StratifiedGroupKFold(n_splits=3).split(X, y, g))
    assert _tests(ours) == _tests(theirs)


def test_leave_one_group_out_equals_scikit_learns():
    X, y, g = _design(1, groups=6)
    ours = featrank.splits((X, y), groups=g, scheme="leave-one-group-out", repeats=3)  # fixed splits: one repeat
    assert _tests(ours) == _tests(LeaveOneGroupOut().split(X, y, g))


@pytest.mark.parametrize("settings", [dict(n_splits=5), dict(n_splits=3, gap=2), dict(n_splits=4, max_train_size=7),
                                      dict(n_splits=3, test_size=4, gap=1, max_train_size=10)])
def test_time_series_equals_scikit_learns(settings):
    X, y = np.arange(80.0).reshape(40, 2), [0, 1] * 20
    keys = {"n_splits": "folds", "gap": "gap", "max_train_size": "max_train", "test_size": "test"}
    scheme = "time-series:" + ",".join(f"{keys[k]}={v}" for k, v in settings.items())
    ours = featrank.splits((X, y), scheme=scheme)
    theirs = list(TimeSeriesSplit(**settings).split(X))
    assert [(a.tolist(), b.tolist()) for a, b in ours] == [(a.tolist(), b.tolist()) for a, b in theirs]
    # a time column gives the same splits in time order whatever the rows' order
    perm = np.random.default_rng(0).permutation(40)
    shuffled = featrank.splits((X[perm], [y[i] for i in perm]), order=perm, scheme=scheme)
    assert [sorted(perm[test].tolist()) for _, test in shuffled] == [b.tolist() for _, b in theirs]


def test_every_grouped_scheme_keeps_groups_apart():
    X, y, g = _design(3, groups=12)
    for scheme in ["kfold:folds=4", "group-kfold:folds=3", "stratified-group-kfold:folds=3", "holdout:0.3", "bootstrap",
                   "leave-one-group-out"]:
        for train, test in featrank.splits((X, y), groups=g, scheme=scheme, repeats=3, seed=2):
            assert not set(g[train]) & set(g[test]), scheme


def test_a_frames_column_groups_the_rows_and_is_no_feature():
    s = featrank.synth.generate("replicates", rows=80, seed=1)
    df = pd.DataFrame(s.data.x, columns=s.data.feature_names)
    df["subject"] = s.data.groups
    df["class"] = s.data.y
    data = featrank.Dataset(df, target="class", groups="subject")
    assert (data.n_groups, data.n_features, "subject" in data.feature_names) == (20, 50, False)
    assert pickle.loads(pickle.dumps(data)).groups == data.groups
    settings = dict(rankers="fisher", learner="knn:k=1", folds=5, repeats=2, expected=0, grid=[50], progress=False)
    leaky = featrank.curves(df.drop(columns="subject"), target="class", **settings)
    honest = featrank.curves(df, target="class", groups="subject", **settings)
    assert "groups of 'subject' kept whole (20)" in honest.description
    ffa = lambda c: c.to_pandas().query("curve == 'FFA'")["mean"].iloc[0]
    # a row's nearest neighbour is its own subject's replicate: plain folds leak; grouped folds know nothing
    assert ffa(leaky) > 0.9 and ffa(honest) < 0.75


def test_feature_selector_receives_groups_through_metadata_routing():
    X, y, g = _design(4, groups=12)
    seen = []

    class Recording(FeatureSelector):
        def fit(self, X, y, groups=None):
            seen.append(None if groups is None else len(set(groups)))
            return super().fit(X, y, groups=groups)

    with sklearn.config_context(enable_metadata_routing=True):
        pipe = make_pipeline(Recording("fisher", k="1se", folds=3).set_fit_request(groups=True),
                             KNeighborsClassifier())
        search = GridSearchCV(pipe, {"kneighborsclassifier__n_neighbors": [1, 3]}, cv=GroupKFold(n_splits=3))
        search.fit(X, y, groups=g)
    # every fit saw the groups of its training rows (8 of 12 groups in a 3-fold split), and the refit all 12
    assert seen and all(s is not None for s in seen)
    assert seen[-1] == 12 and set(seen[:-1]) <= {7, 8, 9}


def test_bad_designs_are_refused_with_their_kind():
    X, y, g = _design(5, groups=3)
    with pytest.raises(featrank.ParameterError, match="3 groups"):
        featrank.splits((X, y), groups=g, scheme="group-kfold:folds=5")
    with pytest.raises(featrank.ParameterError, match="groups"):
        featrank.splits((X, y), groups=g[:-1])
    with pytest.raises(featrank.ParameterError, match="--groups"):
        featrank.splits((X, y), scheme="leave-one-group-out")
    with pytest.raises(featrank.ColumnError, match="row 2"):
        featrank.splits((X[:4], y[:4]), groups=[1.0, 2.0, np.nan, 2.0])
    with pytest.raises(featrank.ColumnError, match="same time"):
        featrank.splits((X[:6], y[:6]), order=[1, 2, 2, 3, 4, 5], scheme="time-series:folds=2")
    with pytest.raises(featrank.ColumnNotFoundError):
        featrank.Dataset(pd.DataFrame({"a": [1.0, 2.0], "y": [0, 1]}), target="y", groups="patient")
    with pytest.raises(featrank.ParameterError, match="names a column"):
        featrank.splits(featrank.datasets.load("iris"), groups="species")
