"""Several targets from Python: multi-label and multi-target datasets from frames and MEKA ARFF files, their
rankings equal to the CLI's bit for bit, pickling, and the errors by kind."""

import pickle

import numpy as np
import pandas as pd
import pytest

import featrank
from conftest import read_csv, run_cli

MEKA = """@relation 'Toy: -C 2'
@attribute happy {0,1}
@attribute calm {0,1}
@attribute x numeric
@attribute z numeric
@attribute noise numeric
@data
"""


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    rng = np.random.default_rng(3)
    x, z, noise = rng.random(80), rng.random(80), rng.random(80)
    happy, calm = (x > 0.5).astype(int), (z + 0.1 * rng.random(80) > 0.55).astype(int)
    path = tmp_path_factory.mktemp("meka") / "toy.arff"
    rows = "".join(f"{h},{c},{float(a)!r},{float(b)!r},{float(n)!r}\n" for h, c, a, b, n in zip(happy, calm, x, z, noise))
    path.write_text(MEKA + rows)
    frame = pd.DataFrame({"x": x, "z": z, "noise": noise, "happy": happy, "calm": calm})
    return path, frame


def test_a_frame_with_targets_is_multi_label(toy):
    _, frame = toy
    ds = featrank.Dataset(frame, targets=["happy", "calm"])
    assert (ds.task, ds.targets, ds.target, ds.feature_names) == (
        "multi-label", ["happy", "calm"], "happy, calm", ["x", "z", "noise"])
    assert ds.y.shape == (80, 2) and ds.y.dtype == np.int64
    assert np.array_equal(ds.y, frame[["happy", "calm"]].to_numpy())
    assert featrank.Dataset(frame, "happy").targets == ["happy"]
    reg = featrank.Dataset(frame, targets=["x", "z"])
    assert reg.task == "multi-target regression" and reg.y.dtype == np.float64
    assert "label sets" in ds._repr_html_() or "cardinality" in ds._repr_html_()


def test_meka_arff_reads_its_targets_and_ranks_as_the_cli(toy, cli, tmp_path):
    path, frame = toy
    ds = featrank.Dataset.read(path)
    assert ds.task == "multi-label" and ds.targets == ["happy", "calm"]
    for method in ["relieff", "binary-relevance:base=(info-gain)", "label-powerset:base=(relieff:k=5)"]:
        out = tmp_path / "r.csv"
        run_cli(cli, "rank", path, "--method", method, "--out", out)
        theirs = read_csv(out)
        mine = featrank.rank(ds, method)
        assert mine.order == list(theirs["feature"]), method
        assert np.array_equal(np.array(mine.scores), theirs["score"].to_numpy()), method
    # the same numbers from the frame, and the CLI's --targets on a CSV
    csv = tmp_path / "toy.csv"
    frame.to_csv(csv, index=False)
    run_cli(cli, "rank", csv, "--targets", "happy,calm", "--method", "relieff", "--out", tmp_path / "c.csv")
    from_frame = featrank.rank(frame, "relieff", targets=["happy", "calm"])
    assert from_frame.order == list(read_csv(tmp_path / "c.csv")["feature"])
    assert from_frame.order[:2] == ["x", "z"] or set(from_frame.order[:2]) == {"x", "z"}


def test_target_sets_pickle(toy):
    _, frame = toy
    ds = featrank.Dataset(frame, targets=["happy", "calm"])
    back = pickle.loads(pickle.dumps(ds))
    assert (back.task, back.targets) == (ds.task, ds.targets)
    assert np.array_equal(back.y, ds.y) and np.array_equal(back.x, ds.x)


def test_refusals_are_errors_by_kind(toy):
    _, frame = toy
    with pytest.raises(featrank.UnsupportedTaskError) as e:
        featrank.rank(frame, "fisher", targets=["happy", "calm"])
    assert e.value.task == "multi-label" and "binary-relevance" in str(e.value)
    with pytest.raises(featrank.ColumnNotFoundError):
        featrank.Dataset(frame, targets=["happy", "clam"])
    with pytest.raises(featrank.Error, match="not both"):
        featrank.Dataset(frame, "happy", targets=["calm"])
    with pytest.raises(featrank.Error, match="duplicate"):
        featrank.Dataset(frame, targets=["happy", "happy"])
    with pytest.raises(featrank.ParameterError, match="distance"):
        featrank.rank(frame, "relieff:distance=jaccard", targets=["x", "z"])


def test_hamming_loss_curves_equal_the_cli(toy, cli, tmp_path):
    path, _ = toy
    ds = featrank.Dataset.read(path)
    mine = featrank.curves(ds, rankers="relieff", folds=4, repeats=2, expected=5, grid="full", seed=3,
                           progress=False)
    out = tmp_path / "c.csv"
    run_cli(cli, "curves", path, "--method", "relieff", "--folds", 4, "--repeats", 2, "--expected", 5,
            "--grid", "full", "--seed", 3, "--out", out)
    theirs = read_csv(out)
    table = mine.to_pandas()
    assert np.array_equal(table["mean"].to_numpy(), theirs["mean"].to_numpy())
    assert "hamming" in mine.description
    # lower is better: relieff's curve at 2 features beats (is below) the random rankings' mean
    relieff = table[(table.ranking == "relieff") & (table.curve == "FFA")].set_index("k")["mean"]
    random = table[table.curve == "expected"].set_index("k")["mean"]
    assert relieff[2] < random[2]


@pytest.mark.parametrize("learner, named", [("ml-knn:k=5", "ml-knn"), ("br:base=(nb)", "binary-relevance"),
                                            ("forest:trees=10", "forest")])
def test_multi_label_learners_give_the_cli_s_curves(toy, cli, tmp_path, learner, named):
    path, _ = toy
    mine = featrank.curves(featrank.Dataset.read(path), rankers="relieff", learner=learner, folds=4, repeats=1,
                           expected=3, grid="full", seed=5, progress=False)
    out = tmp_path / "c.csv"
    run_cli(cli, "curves", path, "--method", "relieff", "--learner", learner, "--folds", 4, "--repeats", 1,
            "--expected", 3, "--grid", "full", "--seed", 5, "--out", out)
    assert np.array_equal(mine.to_pandas()["mean"].to_numpy(), read_csv(out)["mean"].to_numpy())
    assert named in mine.description


def test_the_forest_ranks_a_target_set_with_one_tree_per_split_for_all_labels(toy):
    # a forest of predictive clustering trees: x (happy's feature) and z (calm's) above the noise
    _, frame = toy
    for importance in ["permutation", "impurity"]:
        r = featrank.rank(frame, f"forest:trees=50,importance={importance}", targets=["happy", "calm"], seed=1)
        assert sorted(r.order[:2]) == ["x", "z"], importance


def test_curves_take_a_frame_with_targets(toy):
    _, frame = toy
    kw = dict(rankers="relieff", learner="ml-knn:k=5", folds=3, repeats=1, expected=2, seed=2, progress=False)
    direct = featrank.curves(frame, targets=["happy", "calm"], **kw)
    built = featrank.curves(featrank.Dataset(frame, targets=["happy", "calm"]), **kw)
    assert direct.to_pandas().equals(built.to_pandas())
    assert "hamming" in direct.description


def test_one_target_alone_and_the_label_sets(toy):
    _, frame = toy
    ds = featrank.Dataset(frame, targets=["happy", "calm"])
    calm = ds.for_target("calm")
    assert (calm.task, calm.targets, calm.feature_names) == ("classification", ["calm"], ["x", "z", "noise"])
    assert np.array_equal(calm.y, frame["calm"].to_numpy())
    assert ds.for_target(0).targets == ["happy"]
    with pytest.raises(featrank.Error, match="'sad' is not a target"):
        ds.for_target("sad")
    with pytest.raises(featrank.ArgumentError, match="name .* or 0-based position"):
        ds.for_target(-1)
    lp = ds.label_powerset()
    assert lp.task == "classification" and len(set(lp.y)) == len(set(zip(frame.happy, frame.calm)))
    # each label's own ranking: x decides happy, z decides calm
    assert [featrank.rank(ds.for_target(t), "relieff", seed=1).top(1) for t in ds.targets] == [["x"], ["z"]]


def test_ml_knn_agrees_with_scikit_multilearn():
    """featrank's ML-kNN curves against scikit-multilearn's MLkNN (an independent implementation) on the same
    folds, features min-max scaled by each training fold as featrank scales them. Two adaptations, both to
    the paper's definition: scikit-multilearn counts a training row among its own neighbours unless told to
    skip the first (``ignore_first_neighbours=1``, then it would skip the test rows' nearest too), so its
    counts are made skipping it and its predictions without; and its ``NearestNeighbors(k)`` call predates
    scikit-learn's keyword-only arguments. Continuous data, so no distance ties."""
    mlknn_module = pytest.importorskip("skmultilearn.adapt.mlknn")
    from sklearn.neighbors import NearestNeighbors
    mlknn_module.NearestNeighbors = lambda k: NearestNeighbors(n_neighbors=k)
    rng = np.random.default_rng(11)
    n, k = 150, 7
    x = rng.normal(size=(n, 5))
    y = np.column_stack([x[:, 0] + 0.5 * rng.normal(size=n) > 0, x[:, 1] * x[:, 2] > 0, x[:, 3] > 0.8]).astype(int)
    frame = pd.DataFrame(x, columns=[f"x{j}" for j in range(5)]).assign(a=y[:, 0], b=y[:, 1], c=y[:, 2])
    folds = np.arange(n) % 5
    rng.shuffle(folds)
    order = ["x3", "x0", "x4", "x1", "x2"]
    curves = featrank.curves(frame, rankings=featrank.Ranking.from_order(order), targets=["a", "b", "c"],
                             learner=f"ml-knn:k={k}", folds=folds, expected=0, grid="full", progress=False)
    table = curves.to_pandas()
    ffa = table[table.curve == "FFA"].set_index("k")["mean"]
    for size in range(1, 6):
        wrong = 0
        for f in range(5):
            train, test = folds != f, folds == f
            cols = [int(c[1:]) for c in order[:size]]
            lo, hi = x[train][:, cols].min(axis=0), x[train][:, cols].max(axis=0)
            scaled = (x[:, cols] - lo) / (hi - lo)
            model = mlknn_module.MLkNN(k=k, s=1.0, ignore_first_neighbours=1).fit(scaled[train], y[train])
            model.ignore_first_neighbours = 0
            wrong += int((model.predict(scaled[test]).toarray() != y[test]).sum())
        assert abs(ffa[size] - wrong / y.size) < 1e-12, (size, ffa[size], wrong / y.size)


def test_mulan_files_take_their_labels_from_the_xml_file(tmp_path):
    arff = ("@relation toy\n@attribute a numeric\n@attribute up {0,1}\n@attribute b numeric\n@attribute down {0,1}\n"
            "@data\n1,1,2,0\n2,0,1,1\n3,1,0,1\n4,0,5,0\n")
    (tmp_path / "toy-test.arff").write_text(arff)
    (tmp_path / "toy.xml").write_text('<labels xmlns="http://mulan.sourceforge.net/labels">'
                                      '<label name="up"></label><label name="down"></label></labels>')
    beside = featrank.Dataset(tmp_path / "toy-test.arff")
    assert beside.targets == ["up", "down"] and beside.task == "multi-label" and beside.feature_names == ["a", "b"]
    (tmp_path / "plain.arff").write_text(arff)
    named = featrank.Dataset(str(tmp_path / "plain.arff"), target=str(tmp_path / "toy.xml"))
    assert named.targets == ["up", "down"] and np.array_equal(named.y, beside.y)
    (tmp_path / "wrong.xml").write_text('<labels><label name="left"/></labels>')
    with pytest.raises(featrank.Error, match="left"):
        featrank.Dataset(str(tmp_path / "plain.arff"), target=str(tmp_path / "wrong.xml"))
