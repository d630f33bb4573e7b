"""Comparing over datasets and on data with holes, from Python: ``featrank.friedman`` reproduces the papers'
statistics from their printed table (Demšar's tests as [P18] §5.3 applies them), the critical difference its
value, ``performance_index`` the hand-computed PI, several learners give one run each on the same folds, and
every new result pickles."""

import math
import pathlib
import pickle

import numpy as np
import pandas as pd
import polars as pl
import pytest

import featrank
from conftest import read_csv

# [P18] Table 5: ECA (w = 1) of IG, RF, ReliefF, SVM-RFE on 28 datasets, as printed
TABLE5_CSV = pathlib.Path(__file__).resolve().parents[2] / "tests" / "reference" / "p18_table5.csv"
METHODS = ["IG", "RF", "ReliefF", "SVM-RFE"]
TABLE5 = read_csv(TABLE5_CSV)[METHODS].to_numpy().tolist()


def test_friedman_reproduces_the_papers_table5_statistics_from_every_input_shape():
    frames = [pd.DataFrame(TABLE5, columns=METHODS).assign(dataset=[f"d{i}" for i in range(28)]),
              pl.DataFrame(np.array(TABLE5), schema=METHODS), dict(zip(METHODS, zip(*TABLE5)))]
    results = [featrank.friedman(f) for f in frames] + [featrank.friedman(np.array(TABLE5), methods=METHODS)]
    for f in results:
        assert f.methods == METHODS and f.datasets == 28
        assert np.allclose(f.average_ranks, [2.196, 3.518, 1.946, 2.339], atol=5e-4)
        assert abs(f.chi2 - 24.54) < 0.005 and abs(f.iman_davenport - 11.14) < 0.005
    cd = results[0].critical_difference(0.05)
    assert abs(cd.cd - 0.8864) < 5e-5
    assert cd.significant_pairs() == [("ReliefF", "RF"), ("IG", "RF"), ("SVM-RFE", "RF")]
    assert "CD =" in cd._repr_svg_()
    assert results[0].to_dict()["method"] == ["ReliefF", "IG", "SVM-RFE", "RF"]  # best first


def test_friedman_refuses_what_it_cannot_test():
    with pytest.raises(featrank.ParameterError, match="at least 2 datasets"):
        featrank.friedman({"a": [0.1], "b": [0.2]})
    with pytest.raises(featrank.ParameterError):
        featrank.friedman(np.zeros(3))
    with pytest.raises(featrank.ArgumentError):
        featrank.friedman(TABLE5, methods="IG")  # one text where a list is meant
    with pytest.raises(featrank.ParameterError, match="alpha"):
        featrank.friedman(TABLE5, methods=METHODS).critical_difference(1.5)


def test_performance_index_is_the_weighted_mean_of_the_subsets_accuracies():
    vote = featrank.datasets.load("vote")
    ranking = featrank.rank(vote, "consensus", seed=1)
    pi = featrank.performance_index(vote, ranking, max_n=4, seed=1).to_pandas()
    assert pi["n"].tolist() == [1, 2, 3, 4] and (pi["rows"].diff().dropna() <= 0).all()
    weights = pi["rows"] / pi["n"]
    expected = (weights * pi["accuracy"]).cumsum() / weights.cumsum()
    assert np.allclose(pi["pi"], expected, rtol=0, atol=1e-12)
    with pytest.raises(featrank.ParameterError, match="max_n"):
        featrank.performance_index(vote, ranking, max_n=17)


def test_several_learners_give_one_run_each_on_the_same_folds():
    iris = featrank.datasets.load("iris")
    runs = featrank.curves(iris, rankers="fisher", learner=["knn:k=5", "nb"], folds=3, repeats=2, expected=0,
                           seed=4, progress=False)
    assert list(runs) == ["knn:k=5,ties=all,distance=euclidean", "nb"]  # what each run records as its learner
    alone = featrank.curves(iris, rankers="fisher", learner="nb", folds=3, repeats=2, expected=0, seed=4,
                            progress=False)
    assert runs["nb"].to_polars().equals(alone.to_polars())
    with pytest.raises(featrank.ParameterError, match="given twice"):
        featrank.curves(iris, rankers="fisher", learner=["nb", "nb"], folds=2, repeats=1, expected=0, progress=False)
    with pytest.raises(featrank.ArgumentError):
        featrank.curves(iris, rankers="fisher", learner=[], progress=False)


def test_the_new_results_pickle():
    f = featrank.friedman(TABLE5, methods=METHODS)
    cd = f.critical_difference(0.1)
    vote = featrank.datasets.load("vote")
    pi = featrank.performance_index(vote, featrank.rank(vote, "info-gain"), max_n=3, seed=1)
    for obj in (f, pi):
        back = pickle.loads(pickle.dumps(obj))
        assert type(back) is type(obj) and back.to_polars().equals(obj.to_polars())
    back = pickle.loads(pickle.dumps(cd))
    assert (back.cd, back.significant_pairs(), back._repr_svg_()) == (cd.cd, cd.significant_pairs(), cd._repr_svg_())
    assert math.isclose(pickle.loads(pickle.dumps(f)).chi2, f.chi2)
