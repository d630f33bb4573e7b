"""A user's own Python ranking method inside every split: featrank's cost around it, side by side with the plain
scikit-learn loop a user would otherwise write, in one run on the same data and folds.

Both do the same work: for every split of 5-fold CV × 2 repeats, rank the training rows with the user's method
— scikit-learn's ``mutual_info_classif`` (a function) or a random forest's ``feature_importances_`` (an
estimator) — then fit kNN (k = 10) on the top k and on the bottom k features (FFA and RFA) at every size of the
grid. The plain loop uses scikit-learn's ``KNeighborsClassifier``; featrank its own kNN. The user's method is
timed inside both runs (featrank: the wall time during which at least one call of it runs — calls overlap where
the method releases the GIL). The rest of featrank's run is its curves — timed alone with the built-in Fisher
score in the method's place — and the overhead around the method (the split's rows copied to NumPy, the GIL, the
checks of its output): the remainder, reported against the plain loop's total (target: ≤ 5 %).

usage: python3 benches/python_own_ranker.py [ROWS]   (`combined`, default 2,000 rows × 100 features; needs
scikit-learn)
"""

import functools
import sys
import time

import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.feature_selection import mutual_info_classif
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.neighbors import KNeighborsClassifier

import featrank

FOLDS, REPEATS, K = 5, 2, 10


def timed(f, spent):
    """``f`` recording the (start, end) of every call in ``spent``."""
    @functools.wraps(f)
    def run(X, y):
        start = time.perf_counter()
        out = f(X, y)
        spent.append((start, time.perf_counter()))
        return out
    return run


def covered(spans):
    """Seconds during which at least one call ran (featrank runs splits in parallel, so calls can overlap where
    the method releases the GIL): the union of the intervals."""
    total, end = 0.0, float("-inf")
    for a, b in sorted(spans):
        if b > end:
            total += b - max(a, end)
            end = b
    return total


def plain_loop(score, X, y, ids, sizes):
    """Rank each training split, then kNN on the top k (FFA) and the bottom k (RFA) features at every size."""
    for r in range(ids.shape[1]):
        for f in range(FOLDS):
            train, test = ids[:, r] != f, ids[:, r] == f
            order = np.argsort(-score(X[train], y[train]), kind="stable")
            for k in sizes:
                for kept in (order[:k], order[::-1][:k]):
                    model = KNeighborsClassifier(n_neighbors=K).fit(X[train][:, kept], y[train])
                    model.predict(X[test][:, kept])


def main():
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    synth = featrank.synth.generate("combined", rows=rows, seed=1)
    data = synth.data
    X, y = data.x, data.y
    ids = np.zeros((len(y), REPEATS), dtype=np.int64)
    splitter = RepeatedStratifiedKFold(n_splits=FOLDS, n_repeats=REPEATS, random_state=0)
    for i, (_, test) in enumerate(splitter.split(X, y)):
        ids[test, i // FOLDS] = i % FOLDS
    sizes = featrank.curves(data, rankings=[featrank.rank(data, "fisher")], folds=2, repeats=1, expected=0,
                            progress=False).sizes
    methods = {
        "mutual_info_classif": functools.partial(mutual_info_classif, random_state=0),
        "random forest importances": lambda X, y: RandomForestClassifier(n_estimators=50, random_state=0, n_jobs=1)
        .fit(X, y).feature_importances_,
    }
    print(f"{rows} rows × {X.shape[1]} features, {FOLDS}-fold × {REPEATS}, {len(sizes)} sizes, FFA + RFA, kNN k = {K}")
    grid = ",".join(map(str, sizes))
    start = time.perf_counter()
    featrank.curves(data, rankers="fisher", learner=f"knn:k={K}", folds=ids, grid=grid, expected=0, progress=False)
    curves = time.perf_counter() - start
    print(f"featrank's curves alone (the built-in Fisher score per split): {curves:.2f} s")
    print(f"{'method':<28}{'plain loop':>12}{'its method':>12}{'featrank':>10}{'its method':>12}"
          f"{'curves':>8}{'overhead':>10}{'of plain':>10}")
    for name, method in methods.items():
        spent_plain, spent_featrank = [], []
        start = time.perf_counter()
        plain_loop(timed(method, spent_plain), X, y, ids, sizes)
        plain = time.perf_counter() - start
        start = time.perf_counter()
        featrank.curves(data, rankers=featrank.ranker(timed(method, spent_featrank), name=name), learner=f"knn:k={K}",
                        folds=ids, grid=grid, expected=0, progress=False)
        total = time.perf_counter() - start
        own = covered(spent_featrank)
        overhead = total - own - curves
        print(f"{name:<28}{plain:>11.2f}s{covered(spent_plain):>11.2f}s{total:>9.2f}s{own:>11.2f}s"
              f"{curves:>7.2f}s{overhead:>9.2f}s{100 * overhead / plain:>9.1f}%")


if __name__ == "__main__":
    main()
