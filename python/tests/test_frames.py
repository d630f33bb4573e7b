"""Data in and out: pandas, Polars, pyarrow and NumPy give the same Dataset; results go back out as frames."""

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import featrank

VOTE = featrank.datasets.load("vote")


def test_every_input_gives_the_same_dataset():
    frame = VOTE.to_pandas()
    from_pandas = featrank.Dataset(frame, "Class")
    from_polars = featrank.Dataset(pl.from_pandas(frame), "Class")
    from_arrow = featrank.Dataset(pa.Table.from_pandas(frame, preserve_index=False), "Class")
    for d in (from_pandas, from_polars, from_arrow):
        assert d.feature_names == VOTE.feature_names
        assert np.array_equal(d.x, VOTE.x, equal_nan=True)
        assert np.array_equal(d.y, VOTE.y)
        assert d.classes == VOTE.classes
    # missing values kept: vote has them
    assert np.isnan(VOTE.x).sum() > 0


class OnlyArrow:
    """A table that speaks nothing but the Arrow PyCapsule interface (as DuckDB relations and other libraries do)."""

    def __init__(self, table):
        self.table = table

    def __arrow_c_stream__(self, requested_schema=None):
        return self.table.__arrow_c_stream__(requested_schema)


def test_tables_come_in_through_the_arrow_c_stream_whatever_their_column_types():
    frame = VOTE.to_pandas()
    # chunked, string views, a Polars categorical (a dictionary of string views), an object with only the stream
    chunked = pa.Table.from_batches(pa.Table.from_pandas(frame, preserve_index=False).to_batches(max_chunksize=100))
    views = pa.table({n: (c.cast(pa.string_view()) if pa.types.is_string(c.type) else c)
                      for n, c in zip(chunked.column_names, chunked.columns)})
    categorical = pl.from_pandas(frame).with_columns(pl.col(pl.String).cast(pl.Categorical))
    for table in (chunked, views, categorical, OnlyArrow(chunked)):
        d = featrank.Dataset(table, "Class")
        assert d.feature_names == VOTE.feature_names, type(table)
        assert np.array_equal(d.x, VOTE.x, equal_nan=True) and np.array_equal(d.y, VOTE.y), type(table)
    # nullable integers and booleans keep their missing values; a column of nothing is all missing (refused by name)
    d = featrank.Dataset(pl.DataFrame({"i": [1, None, 3, 4], "b": [True, None, False, True], "y": [0, 1, 0, 1]}), "y")
    assert np.isnan(d.x[1, 0]) and np.isnan(d.x[1, 1]) and d.x[0].tolist() == [1.0, 1.0]
    with pytest.raises(featrank.ColumnError, match="column 'none': every value is missing"):
        featrank.Dataset(pl.DataFrame({"i": [1, 2, 3, 4], "none": [None] * 4, "y": [0, 1, 0, 1]}), "y")
    with pytest.raises(featrank.Error, match="column 'when': dtype timestamp"):
        featrank.Dataset(pl.DataFrame({"when": pl.datetime_range(pl.datetime(2020, 1, 1), pl.datetime(2020, 1, 4),
                                                                 eager=True), "y": [0, 1, 0, 1]}), "y")


def test_numpy_x_y_and_target_default():
    iris = featrank.datasets.load("iris")
    d = featrank.Dataset(iris.x, iris.y)
    assert d.task == "classification" and d.feature_names == ["x0", "x1", "x2", "x3"] and d.target == "target"
    r = featrank.Dataset(iris.x[:, :3], iris.x[:, 3])
    assert r.task == "regression"
    # a frame's last column is the target when none is named, as the CLI reads files
    assert featrank.Dataset(iris.to_polars()).target == "class"
    # the same ranking from every door
    assert featrank.rank(d, "relieff", seed=2).scores.tolist() == featrank.rank(iris, "relieff", seed=2).scores.tolist()


def test_results_go_out_as_frames():
    iris = featrank.datasets.load("iris")
    c = featrank.curves(iris, rankers=["info-gain"], folds=3, repeats=1, expected=2, seed=1, progress=False)
    assert isinstance(c.to_polars(), pl.DataFrame) and isinstance(c.to_pandas(), pd.DataFrame)
    assert c.to_polars().columns == ["ranking", "curve", "mode", "k", "mean", "std", "lo", "hi"]
    eca = c.eca_table()
    assert eca.columns[0] == "ranking" and len(eca) == 1
    assert isinstance(eca.to_dict()["uniform"], np.ndarray)
    # eca(ranking) is the score, as Rust's Curves::eca: the table's cell, for any weighting
    for w in ("uniform", "position", "magnitude", "both"):
        assert c.eca("info-gain", weighting=w) == eca.to_dict()[w][0]
    assert c.eca("info-gain", baseline="info-gain") == 0.0
    with pytest.warns(DeprecationWarning, match="eca_table"):
        old = c.eca()
    assert old.to_dict()["uniform"].tolist() == eca.to_dict()["uniform"].tolist()
    with pytest.raises(featrank.ParameterError, match="weighting"):
        c.eca("info-gain", weighting="flat")


def test_every_result_shows_itself():
    iris = featrank.datasets.load("iris")
    c = featrank.curves(iris, rankers=["relieff", "info-gain"], folds=3, repeats=2, expected=3, seed=1, progress=False)
    assert c._repr_svg_().startswith("<svg") and "knn" in c._repr_svg_()
    for table in (c.eca_table(), c.compare(), c.significance(), c.stability(), c.decide(), c.significance().verdicts()):
        assert table._repr_html_().startswith("<") and "<table" in table._repr_html_()
        assert "shape:" in repr(table)
    assert "<svg" in c.decide()._repr_html_() and "<svg" in c.stability()._repr_html_()
    assert c.stability().plot()._repr_svg_().startswith("<svg")
    t = c.trade_off(2)
    assert "<svg" in t._repr_html_() and t.plot()._repr_svg_().startswith("<svg")
    assert set(t.front) <= {"relieff", "info-gain"} and t.best_rpt in t.front
    # the points are the run's own φ and FFA values at k = 2
    phi = c.stability([2]).to_polars().select("ranking", "phi")
    joined = t.to_polars().join(phi, on="ranking", suffix="_stability")
    assert (joined["phi"] == joined["phi_stability"]).all() and len(joined) == 2
    with pytest.raises(featrank.Error, match="grid"):
        c.trade_off(7)
    dist = c.rank_distribution("relieff", 2)
    assert "<table" in dist._repr_html_() and len(dist) > 0
    assert "<table" in iris._repr_html_() and "<table" in featrank.rank(iris, "relieff")._repr_html_()
    assert "rows: 150" in repr(iris)
    s = featrank.synth.generate("combined", rows=100, seed=1)
    assert "relevant" in repr(s) and "<table" in s.truth_table()._repr_html_()
    assert s.truth.order[0] in s.relevant


def test_an_ordered_categorical_keeps_its_declared_level_order():
    # as a Polars Enum does in the Rust library; unordered text gets sorted levels, as the CLI reads files
    levels = ["low", "mid", "high"]
    grade = pd.Categorical(["high", "low", "mid", "high"], categories=levels, ordered=True)
    df = pd.DataFrame({"grade": grade, "class": pd.Categorical(["b", "a", "b", "a"], categories=["b", "a"],
                                                               ordered=True)})
    ordered = featrank.Dataset(df, "class")
    assert ordered.x[:, 0].tolist() == [2.0, 0.0, 1.0, 2.0]
    assert ordered.classes == ["b", "a"]
    plain = featrank.Dataset(df.astype(str), "class")
    assert plain.x[:, 0].tolist() == [0.0, 1.0, 2.0, 0.0]  # high, low, mid
    assert plain.classes == ["a", "b"]
    enum = featrank.Dataset(pl.from_pandas(df.astype(str)).with_columns(pl.col("grade").cast(pl.Enum(levels))),
                            "class")
    assert enum.x[:, 0].tolist() == [2.0, 0.0, 1.0, 2.0]


def test_class_labels_keep_the_targets_type():
    x = np.arange(8.0)
    for y, classes in [([3, 1] * 4, [1, 3]), ([True, False] * 4, [False, True]), (["b", "a"] * 4, ["a", "b"])]:
        d = featrank.Dataset(pd.DataFrame({"x": x, "y": y}), target="y", task="classification")
        assert d.classes == classes and [type(c) for c in d.classes] == [type(c) for c in classes], d.classes
        assert d.to_pandas()["y"].tolist() == y  # and the frame round-trips in that type
    assert featrank.Dataset(pd.DataFrame({"x": x, "y": x / 2}), target="y").classes is None


def test_results_speak_the_arrow_pycapsule_interface():
    """Every table featrank gives goes out through ``__arrow_c_stream__`` (the Arrow C stream in a PyCapsule):
    pyarrow and Polars read it to the same values, column types and names as ``to_polars()``; a capsule never
    read is released with it."""
    iris = featrank.datasets.load("iris")
    curves = featrank.curves(iris, rankers="fisher", folds=3, repeats=2, expected=2, progress=False)
    nested = featrank.nested(iris, ["fisher"], learner="knn:k=[3,5]", folds=3, inner_folds=3)
    results = {
        "dataset": VOTE,  # missing values and nominal features
        "ranking": featrank.rank(iris, "relieff", seed=1),
        "curves": curves,
        "eca table": curves.eca_table(),
        "nested": nested,
        "synthetic": featrank.synth.generate("single", seed=1),
    }
    for name, result in results.items():
        expected = result.to_polars()
        via_arrow = pl.DataFrame(pa.table(result))
        assert via_arrow.columns == expected.columns, name
        assert via_arrow.equals(expected), name
        assert pl.DataFrame(result).equals(expected), name  # Polars reads the capsule itself
        capsule = result.__arrow_c_stream__()
        assert type(capsule).__name__ == "PyCapsule"
        del capsule  # never read: released with the capsule
