"""Every result pickles, copies and deep-copies, equal after the round trip (joblib, multiprocessing, Dask and
caches need it): Dataset, Ranking, Table, Figure, Curves and its answers, Nested, Synthetic, Manifest."""

import copy
import pickle

import featrank
import featrank.cluster

IRIS = featrank.datasets.load("iris")


def same(a, b):
    """Equal as a user sees them: the same table (or SVG, or text)."""
    if hasattr(a, "to_polars"):
        return a.to_polars().equals(b.to_polars()) and type(a) is type(b)
    if isinstance(a, featrank.Figure):
        return a.svg == b.svg
    return repr(a) == repr(b)


def round_trips(obj):
    for again in (pickle.loads(pickle.dumps(obj)), copy.copy(obj), copy.deepcopy(obj)):
        assert type(again) is type(obj)
        assert same(obj, again), type(obj).__name__
    return pickle.loads(pickle.dumps(obj))


def test_data_and_rankings():
    back = round_trips(IRIS)
    assert (back.feature_names, back.target, back.task, back.classes) == (IRIS.feature_names, IRIS.target, IRIS.task,
                                                                             IRIS.classes)
    vote = featrank.datasets.load("vote")  # nominal features with missing values keep their levels and codes
    assert (round_trips(vote).x == vote.x)[~(vote.x != vote.x)].all()
    ranking = featrank.rank(IRIS, "relieff", seed=1)
    assert round_trips(ranking).order == ranking.order
    s = featrank.synth.generate("combined", rows=100, seed=1)
    assert round_trips(s).relevant == s.relevant


def test_curves_and_their_answers():
    c = featrank.curves(IRIS, rankers=["fisher", "relieff"], folds=3, repeats=3, expected=3, seed=1, progress=False)
    back = round_trips(c)
    assert back.rankings == c.rankings
    for answer in (c.eca_table(), c.significance(), c.stability(), c.trade_off(2), c.decide("1se"), c.plot()):
        round_trips(answer)
    assert round_trips(c.decide("1se")).k("fisher") == c.decide("1se").k("fisher")
    assert round_trips(c.significance()).verdict("fisher") == c.significance().verdict("fisher")
    n = featrank.nested(IRIS, ["fisher"], folds=3, inner_folds=2, grid="1,2,3,4", seed=1)
    assert round_trips(n).estimate == n.estimate


def test_a_manifest_pickles_as_its_file(tmp_path):
    m = featrank.cluster.plan("iris", tmp_path / "m.json", rankers=["fisher"], folds=2, repeats=1, expected=2)
    back = pickle.loads(pickle.dumps(m))
    assert (back.path, back.units) == (m.path, m.units)
