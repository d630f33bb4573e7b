"""Run a fixed set of calls through featrank's Python API and write every result (tables as CSV, figures as SVG,
texts, error classes and messages) and their SHA-256 sums into a folder, so that a refactoring can show "no
behaviour change" byte for byte through the installed wheel — the Python companion of scripts/cli_identity.sh:

    before-venv/bin/python scripts/python_identity.py before/
    after-venv/bin/python scripts/python_identity.py after/
    diff before/SHA256SUMS after/SHA256SUMS

Pickles are compared by what they restore (their bytes name the classes that rebuild them); a cluster run by
its merged result (a manifest names its format).
"""

import hashlib
import pathlib
import pickle
import sys
import tempfile
import warnings

import featrank
import featrank.cluster as cluster

out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
for old in out.iterdir():
    old.unlink()
warnings.simplefilter("ignore")
runs = 0


def save(name, value):
    """One result under `name`: a table as CSV, a figure as SVG, anything else as its text."""
    global runs
    runs += 1
    if hasattr(value, "to_pandas"):
        text = value.to_pandas().to_csv(index=False)
    elif hasattr(value, "svg"):
        text = value.svg
    else:
        text = repr(value)
    (out / f"{name}.txt").write_text(text)


def error(name, call, *args, **kwargs):
    try:
        call(*args, **kwargs)
        save(name, "no error")
    except Exception as e:  # noqa: BLE001 — the class and message are what is compared
        save(name, f"{type(e).__module__}.{type(e).__name__}: {e} | {getattr(e, 'parameter', None)} "
                   f"{getattr(e, 'suggestions', None)}")


iris, wine = featrank.datasets.load("iris"), featrank.datasets.load("wine")
diabetes, emotions = featrank.datasets.load("diabetes-progression"), featrank.datasets.load("emotions")
survival = featrank.synth.generate("survival", rows=120, seed=5).data  # a time and an event: univariate-cox
for name, table in [("rankers", featrank.rankers()), ("learners", featrank.learners()),
                    ("measures", featrank.measures())]:
    save(f"catalog-{name}", table)
specs = featrank.rankers().to_pandas()
for method, spec in zip(specs["method"], specs["spec"]):
    save(f"parameters-{method}", featrank.parameters(method))
    if method in ("command", "python"):  # the doors to a user's program or function: nothing of their own to run
        continue
    data = {"binary-relevance": emotions, "label-powerset": emotions, "rrelieff": diabetes,
            "univariate-cox": survival}.get(method, wine)
    cheap = {"forest": "forest:trees=20", "consensus": "consensus:folds=3", "permutation": "permutation:folds=3",
             "bag": "bag:base=(relieff),bootstraps=3", "shadow": "shadow:base=(fisher),rounds=20",
             "turf": "turf:base=(multisurf),keep=5", "ecfs": "ecfs:fisher=generalized",
             "binary-relevance": "binary-relevance:base=(fisher)",
             "label-powerset": "label-powerset:base=(info-gain)",
             "stability-selection": "stability-selection:base=(lasso-path),subsamples=10"}.get(method, method)
    save(f"rank-{method}", featrank.rank_table(data, cheap, seed=3))
for method in ["rrelieff", "forest:trees=20", "inffs", "laplacian"]:
    save(f"rank-diabetes-{method}", featrank.rank_table(diabetes, method, seed=1))

c = featrank.curves(wine, rankers=["relieff", "info-gain", "svm-rfe"], folds=5, repeats=3, expected=10,
                    grid="1,2,4,8,13", seed=2, progress=False)
save("curves", c)
save("curves-description", c.description)
save("curves-eca", c.eca())
save("curves-compare", c.compare())
save("curves-significance", c.significance())
save("curves-verdicts", c.significance().verdicts())
save("curves-stability", c.stability())
save("curves-trade-off", c.trade_off(4))
save("curves-decide", c.decide())
save("curves-plot", c.plot())
save("curves-rank-distribution", c.rank_distribution("relieff", top=5))
for learner, run in featrank.curves(iris, rankers="fisher", learner=["knn:k=5", "nb", "svm"], folds=3, repeats=2,
                                    expected=5, progress=False).items():
    save(f"curves-learner-{learner}", run)
save("curves-labels", featrank.curves(emotions, rankers="relieff", folds=3, repeats=1, expected=3,
                                      grid="1,5,20", progress=False))
save("curves-holdout", featrank.curves(iris, rankers="fisher", scheme="holdout:0.33", repeats=4, expected=5,
                                       progress=False))
save("curves-defaults", featrank.curves(iris, rankers="relieff", progress=False))
n = featrank.nested(wine, ["relieff:k=[5,10]"], learner="knn:k=[5,10]", folds=3, inner_folds=3, grid="2,4,8")
save("nested", n)
save("nested-summary", n.summary())
save("nested-defaults", featrank.nested(iris, "fisher"))
vote = featrank.datasets.load("vote")
save("performance-index", featrank.performance_index(vote, featrank.rank(vote, "consensus", seed=1), max_n=4))
f = featrank.friedman({"a": [0.3, 0.1, 0.2, 0.08], "b": [0.28, 0.12, 0.22, 0.05], "c": [0.1, 0.02, 0.05, 0.01]})
save("friedman", f)
save("critical-difference", f.critical_difference(0.1).significant_pairs())
s = featrank.synth.generate("combined", rows=200, seed=1)
save("synth-truth", s.truth_table())
save("synth-data", s.data)
for name, value in [("curves", c), ("nested", n), ("friedman", f), ("table", c.eca()), ("significance",
                    c.significance()), ("stability", c.stability()), ("decide", c.decide()), ("synth", s.data)]:
    save(f"pickle-{name}", pickle.loads(pickle.dumps(value)))
with tempfile.TemporaryDirectory() as folder:
    folder = pathlib.Path(folder)
    m = cluster.plan("iris", folder / "run.json", rankers=["relieff"], repeats=2, expected=3, seed=1)
    parts = [folder / f"part{i}.csv" for i in range(2)]
    [m.run(f"{i}/2", part, progress=False) for i, part in enumerate(parts)]
    save("cluster-merged", cluster.read(folder / "run.json").merge(parts))
# Tables in: every column type a frame or an array may hold, from pandas, Polars, pyarrow and NumPy (the data read
# back, its summary, or the error).
import decimal  # noqa: E402

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import polars as pl  # noqa: E402
import pyarrow as pa  # noqa: E402

y = [0, 1, 0, 1, 1, 0]
frames = {
    "pandas-types": pd.DataFrame({
        "f64": [1.5, np.nan, 2.0, 3.0, 4.0, 5.0], "f32": np.array([1, 2, 3, 4, 5, 6], dtype=np.float32),
        "f16": np.array([1, 2, 3, 4, 5, 6], dtype=np.float16), "i8": np.array([1, 2, 3, 4, 5, 6], dtype=np.int8),
        "u64": np.array([1, 2, 3, 4, 5, 2**40], dtype=np.uint64), "nullable": pd.array([1, None, 3, 4, 5, 6], "Int64"),
        "flag": [True, False, True, True, False, False], "maybe": pd.array([True, None, False, True, False, True]),
        "text": ["a", "b", None, "a", "c", "b"], "cat": pd.Categorical(["x", "y", "x", None, "y", "x"]),
        "ordered": pd.Categorical(["lo", "hi", "mid", "lo", None, "hi"], categories=["lo", "mid", "hi"], ordered=True),
        "numcat": pd.Categorical([1, 2, 1, 2, 1, 3]), "y": y}),
    "pandas-index": pd.DataFrame({"a": [1.0, 2, 3, 4, 5, 6], "y": y}, index=[10, 11, 12, 13, 14, 15]),
    "pandas-decimal": pd.DataFrame({"d": [decimal.Decimal("1.25")] * 3 + [decimal.Decimal("2.5")] * 3, "y": y}),
    "pandas-empty-text": pd.DataFrame({"none": [None] * 6, "a": [1.0, 2, 3, 4, 5, 6], "y": y}),
    "polars-types": pl.DataFrame({
        "f": [1.0, None, 3.0, 4.0, 5.0, 6.0], "i": pl.Series([1, None, 3, 4, 5, 6], dtype=pl.Int32),
        "u": pl.Series([1, 2, 3, 4, 5, 6], dtype=pl.UInt8), "b": [True, None, False, True, True, False],
        "s": ["p", "q", "p", None, "q", "p"], "c": pl.Series(["u", "v", "u", "v", None, "u"], dtype=pl.Categorical),
        "e": pl.Series(["lo", "hi", "lo", "mid", "hi", None], dtype=pl.Enum(["lo", "mid", "hi"])), "y": y}),
    "pyarrow-chunked": pa.Table.from_batches([pa.record_batch({"a": [1.0, 2.0, 3.0], "s": ["x", "y", "x"], "y": y[:3]}),
                                              pa.record_batch({"a": [4.0, 5.0, 6.0], "s": ["y", "x", "z"], "y": y[3:]})]),
    "pyarrow-view": pa.table({"v": pa.array(["a", "b", "a", "b", "c", "a"], pa.string_view()), "y": y}),
}


def dataset(name, *args, **kwargs):
    """A Dataset read back (its table and its description), or the error."""
    try:
        data = featrank.Dataset(*args, **kwargs)
        save(f"in-{name}", data)
        save(f"in-{name}-shown", repr(data))
    except Exception as e:  # noqa: BLE001
        save(f"in-{name}", f"{type(e).__module__}.{type(e).__name__}: {e}")


for name, frame in frames.items():
    dataset(name, frame, target="y")
dataset("big-uint", pd.DataFrame({"u": np.array([1, 2**63 + 5] * 3, dtype=np.uint64), "y": y}), "y")
dataset("dates", pd.DataFrame({"t": pd.date_range("2020", periods=6), "y": y}), "y")
dataset("lists", pl.DataFrame({"l": [[1], [2], [3], [4], [5], [6]], "y": y}), "y")
dataset("duplicate", pd.DataFrame([[1.0, 2.0, 0]] * 6, columns=["a", "a", "y"]), "y")
dataset("numpy", np.arange(12.0).reshape(6, 2), np.array(["u", "v", "u", "v", "u", "v"]))
dataset("numpy-object", np.array([["a", 1], ["b", 2], ["a", 3], ["b", 4], ["a", 5], ["c", 6]], dtype=object), y,
        feature_names=["s", "n"])
dataset("numpy-labels", np.arange(12.0).reshape(6, 2), np.array([[0, 1]] * 3 + [[1, 0]] * 3))
dataset("targets", pd.DataFrame({"a": [1.0, 2, 3, 4, 5, 6], "l1": y, "l2": y[::-1]}), targets=["l1", "l2"])

error("error-unknown-ranker", featrank.rank, iris, "relief")
error("error-unknown-learner", featrank.curves, iris, learner="svn", progress=False)
error("error-bad-k", featrank.rank, iris, "relieff:k=0")
error("error-bad-seed", featrank.rank, iris, "fisher", seed=-1)
error("error-bad-grid", featrank.curves, iris, grid="most", progress=False)
error("error-bad-scheme", featrank.curves, iris, scheme="holdout:2", progress=False)
error("error-bad-measure", featrank.curves, iris, measure="speed", progress=False)
error("error-column", iris.select, ["petal_width"])
error("error-task", featrank.rank, iris, "rrelieff")
error("error-missing-file", featrank.read, "missing.csv")

with open(out / "SHA256SUMS", "w") as sums:
    for path in sorted(out.glob("*.txt")):
        sums.write(f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.name}\n")
print(f"{runs} results hashed in {out / 'SHA256SUMS'}")
