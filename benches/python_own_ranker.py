"""A user's own Python ranking method inside every split: featrank's cost around it, side by side with the plain
scikit-learn loop a user would otherwise write, in one run on the same data and folds.

Both do the same work: for every split of 5-fold CV × 2 repeats, rank the training rows with the user's method
— scikit-learn's ``mutual_info_classif`` (a function) or a random forest's ``feature_importances_`` (an
estimator) — then fit kNN (k = 10) on the top k and on the bottom k features (FFA and RFA) at every size of the
grid. The plain loop uses scikit-learn's ``KNeighborsClassifier``; featrank its own kNN. The user's method is
timed inside both runs; featrank's overhead is everything its run spends beyond the method (the curves
included), reported against the plain loop's total (target: ≤ 5 %).

usage: python3 benches/python_own_ranker.py [ROWS]   (default 2,000 rows × 40 features; needs scikit-learn)
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
    @functools.wraps(f)
    def run(X, y):
        start = time.perf_counter()
        out = f(X, y)
        spent.append(time.perf_counter() - start)
        return out
    return run


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
    print(f"{'method':<28}{'plain loop':>12}{'its method':>12}{'featrank':>10}{'its method':>12}"
          f"{'overhead':>10}{'of plain':>10}")
    for name, method in methods.items():
        spent_plain, spent_featrank = [], []
        start = time.perf_counter()
        plain_loop(timed(method, spent_plain), X, y, ids, sizes)
        plain = time.perf_counter() - start
        start = time.perf_counter()
        featrank.curves(data, rankers=featrank.ranker(timed(method, spent_featrank), name=name), learner=f"knn:k={K}",
                        folds=ids, grid=",".join(map(str, sizes)), expected=0, progress=False)
        total = time.perf_counter() - start
        overhead = total - sum(spent_featrank)
        print(f"{name:<28}{plain:>11.2f}s{sum(spent_plain):>11.2f}s{total:>9.2f}s{sum(spent_featrank):>11.2f}s"
              f"{overhead:>9.2f}s{100 * overhead / plain:>9.1f}%")


if __name__ == "__main__":
    main()
