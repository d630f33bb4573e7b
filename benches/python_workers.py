"""A user's own Python ranking method in one process against worker processes (``n_jobs``), side by side in one run
on the same data and folds: notebook 10's methods (a LightGBM booster's gain importance and its mean |SHAP|, on
wdbc, 5-fold CV × 2 repeats) and a method that holds the GIL (a pure-Python loop of the same length per split).

Each is timed with ``n_jobs=1`` (this process: featrank's threads call the method at once where it lets the GIL go),
with ``n_jobs=-1`` on a cold start (the workers start and import the method's modules) and warm (loky keeps its
workers for the next run), median of three; the curves are checked equal. The CPU, its cores and vector level are
printed first.

Then ``data_once``: the run's data written once for the workers against each split's rows sent with its call.

usage: python3 benches/python_workers.py        (needs scikit-learn; lightgbm and shap for notebook 10's methods)
"""

import os
import platform
import statistics
import time
import warnings

import numpy as np

import featrank

warnings.filterwarnings("ignore")


def cpu():
    """The CPU's model, the cores this process may use and the widest vector level it has."""
    model, flags = platform.processor() or "?", ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name") and model in ("?", "", platform.machine()):
                    model = line.split(":", 1)[1].strip()
                if line.startswith("flags"):
                    flags = line
                    break
    except OSError:
        pass
    level = "AVX-512" if "avx512f" in flags else "AVX2" if "avx2" in flags else "below AVX2"
    return f"{model}, {len(os.sched_getaffinity(0))} cores, {level}"


def pure_python(X, y):
    """Holds the GIL for its whole call (≈ 50 ms on a Zen 5)."""
    total = 0.0
    for i in range(2_000_000):
        total += i * 0.5
    return X.var(axis=0) + total * 0.0


def methods():
    out = {"pure Python (holds the GIL)": pure_python}
    try:
        import lightgbm as lgb
        import shap
    except ImportError:
        print("lightgbm or shap missing: notebook 10's methods left out (pip install 'featrank[xai]')")
        return out

    def booster():
        return lgb.LGBMClassifier(n_estimators=100, learning_rate=0.1, num_leaves=15, importance_type="gain",
                                  random_state=0, verbose=-1, n_jobs=1)

    def gain(X, y):
        return booster().fit(X, y).feature_importances_

    def mean_abs_shap(X, y):
        model = booster().fit(X, y)
        values = shap.TreeExplainer(model).shap_values(X)
        values = values[1] if isinstance(values, list) else values
        return np.abs(values).mean(axis=0)

    out["LightGBM gain + mean abs SHAP (notebook 10)"] = [featrank.ranker(gain, name="gain"),
                                                         featrank.ranker(mean_abs_shap, name="shap")]
    return out


def run(data, rankers, n_jobs, learner=None):
    """One timed curve run (``learner`` None: the library's default) and its table."""
    start = time.perf_counter()
    settings = {} if learner is None else {"learner": learner}
    curves = featrank.curves(data, rankers=rankers, folds=5, repeats=2, expected=0, seed=1, grid="1,2,5,10,30",
                             progress=False, n_jobs=n_jobs, **settings)
    return time.perf_counter() - start, curves.to_polars()


def main():
    print(f"CPU: {cpu()}")
    data = featrank.datasets.load("wdbc")
    print(f"| method | n_jobs=1 | n_jobs=-1, cold | n_jobs=-1, warm | 1 / warm |\n|---|---|---|---|---|")
    for name, rankers in methods().items():
        rankers = rankers if isinstance(rankers, list) else [featrank.ranker(rankers, name="own")]
        from joblib.externals.loky import get_reusable_executor

        get_reusable_executor().shutdown(wait=True, kill_workers=True)  # a cold start: no workers left from before
        cold, reference = run(data, rankers, -1)
        here = [run(data, rankers, 1) for _ in range(3)]
        warm = [run(data, rankers, -1) for _ in range(3)]
        assert all(t.equals(reference) for _, t in here + warm), "curves differ between one process and workers"
        one, many = statistics.median(t for t, _ in here), statistics.median(t for t, _ in warm)
        print(f"| {name} | {one:.2f} s | {cold:.2f} s | {many:.2f} s | {one / many:.2f}× |")


def variance(X, y):
    """A quick method (NumPy, lets the GIL go): what the data's transport costs shows."""
    return X.var(axis=0)


def data_once():
    """The run's data written once for the workers (each split's row numbers sent) against each split's training
    rows sent with its call — the same run on a dataset that is ``take`` of all rows of the first, which the workers
    hold no copy of — on a wide and a tall study (5-fold CV × 2 repeats, the variance ranker, naive Bayes curves at
    5 sizes, warm workers, median of three; the curves checked equal)."""
    import pickle

    print("\n| study | per split sent: rows / their numbers | n_jobs=1 | -1, rows sent | -1, data once | sent / once |"
          "\n|---|---|---|---|---|---|")
    rng = np.random.default_rng(0)
    for name, (n, p) in {"genes: 200 × 20,000": (200, 20_000), "rows: 20,000 × 500": (20_000, 500)}.items():
        x = rng.standard_normal((n, p))
        data = featrank.Dataset(x, rng.integers(0, 2, n))
        sent = data.take(list(range(n)))  # rows of another dataset: each split's rows go with its call
        rankers = [featrank.ranker(variance, name="variance")]
        train = int(n * 0.8)
        bytes_rows = len(pickle.dumps(x[:train])) / 1e6
        bytes_ids = len(pickle.dumps(np.arange(train, dtype=np.int64))) / 1e6
        run(data, rankers, -1, "nb")  # workers started, modules imported
        times = {}
        for key, d, jobs in (("one", data, 1), ("sent", sent, -1), ("once", data, -1)):
            results = [run(d, rankers, jobs, "nb") for _ in range(3)]
            times[key] = statistics.median(t for t, _ in results)
            times[key + " table"] = results[0][1]
        assert times["one table"].equals(times["sent table"]) and times["one table"].equals(times["once table"])
        print(f"| {name} | {bytes_rows:.1f} MB / {bytes_ids:.3f} MB | {times['one']:.2f} s | {times['sent']:.2f} s | "
              f"{times['once']:.2f} s | {times['sent'] / times['once']:.2f}× |")


if __name__ == "__main__":
    main()
    data_once()
