"""Data as users hold it: a path where a Dataset is made, a label matrix y for several targets (NumPy, pandas,
SciPy sparse), subset sizes as a list or a range."""

import pathlib

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import make_multilabel_classification

import featrank
from featrank.sklearn import FeatureSelector

X, Y = make_multilabel_classification(n_samples=120, n_features=8, n_classes=3, n_labels=2, random_state=0)


def test_a_dataset_from_a_path_or_a_name_is_read_as_read_reads_it(tmp_path):
    iris = featrank.datasets.load("iris")
    assert featrank.Dataset("iris").to_pandas().equals(iris.to_pandas())
    path = tmp_path / "iris.csv"
    iris.to_pandas().to_csv(path, index=False)
    for given in (path, str(path)):
        d = featrank.Dataset(given, "class")
        assert d.target == "class" and d.to_pandas().equals(featrank.Dataset.read(path, "class").to_pandas())
    with pytest.raises(featrank.ParameterError, match="feature_names and allow_identifiers apply to frames"):
        featrank.Dataset(path, feature_names=["a"])


def test_a_label_matrix_is_a_target_set():
    d = featrank.Dataset(X, Y)
    assert d.task == "multi-label" and d.targets == ["y0", "y1", "y2"]
    same = featrank.Dataset(pd.DataFrame(np.column_stack([X, Y]), columns=[f"x{j}" for j in range(8)] + ["y0", "y1", "y2"]),
                            targets=["y0", "y1", "y2"])
    assert featrank.rank(d, "relieff").order == featrank.rank(same, "relieff").order
    named = featrank.Dataset(X, pd.DataFrame(Y, columns=["rock", "jazz", "folk"]))
    assert named.targets == ["rock", "jazz", "folk"]
    import scipy.sparse as sp

    assert featrank.Dataset(X, sp.csr_matrix(Y)).targets == ["y0", "y1", "y2"]
    assert featrank.Dataset((X, Y[:, :1])).targets == ["target"]  # one column: one target
    with pytest.raises(featrank.Error, match="119 rows of labels for 120 rows"):
        featrank.Dataset(X, Y[:-1])


def test_feature_selector_takes_a_label_matrix():
    from sklearn.multioutput import MultiOutputClassifier
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline

    for model in (KNeighborsClassifier(5), MultiOutputClassifier(KNeighborsClassifier(5))):
        pipe = make_pipeline(FeatureSelector("relieff", k=3), model).fit(X, Y)
        assert pipe.predict(X).shape == Y.shape
    rule = FeatureSelector("relieff", k="1se", folds=3).fit(X, Y)   # the rule reads Hamming-loss curves
    assert 1 <= rule.k_ <= 8
    sel = FeatureSelector("relieff", k=3).fit(X, Y)
    assert sel.get_support().sum() == 3
    assert sel.ranking_.tolist() == [featrank.rank(featrank.Dataset(X, Y), "relieff").order.index(f"x{j}") + 1
                                     for j in range(8)]


def test_subset_sizes_as_a_list_or_a_range():
    iris = featrank.datasets.load("iris")
    run = dict(rankers="fisher", folds=3, repeats=1, expected=0, progress=False)
    text = featrank.curves(iris, grid="1,2,4", **run).to_pandas()
    for grid in ([1, 2, 4], np.array([1, 2, 4])):
        assert featrank.curves(iris, grid=grid, **run).to_pandas().equals(text)
    assert featrank.curves(iris, grid=range(1, 5, 3), **run).sizes == [1, 4]
    for bad in ([], [1.5, 2], [True]):
        with pytest.raises(featrank.ArgumentError, match="grid"):
            featrank.curves(iris, grid=bad, **run)
    n = featrank.nested(iris, ["fisher"], folds=3, inner_folds=2, grid=[1, 2], seed=1)
    assert set(n.to_pandas()["k"]) <= {1, 2}
