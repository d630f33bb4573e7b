"""The scikit-learn way of computing FFA/RFA curves, for side-by-side timing with featrank.

For every repeat, fold and subset size it scales the training fold to [0, 1] (MinMaxScaler fitted on the
training rows), fits the model on the top-k (FFA) or bottom-k (RFA) features and predicts the test rows;
accuracy is computed on the predictions of all folds of a repeat pooled. Models:
  knn:k=K  KNeighborsClassifier(n_neighbors=K)
  svm:c=C  SVC(kernel="poly", degree=2, gamma=1, coef0=0, C=C, tol=2·τ) — the papers' K(x, y) = <x, y>^2;
           featrank's tol τ (default 0.001) is Weka's, which stops at a KKT violation of 2τ, LIBSVM's eps

usage: python3 sklearn_curves.py DATA.csv FOLDS.csv RANKING.csv LEARNER REPEATS SIZES
  DATA.csv    features then a `class` column
  FOLDS.csv   one column per repeat, the 0-based fold id of each row
  RANKING.csv a `feature` column in rank order
  SIZES       comma-separated subset sizes
Prints one JSON object: seconds, ffa and rfa (mean accuracy per size over the repeats run).
"""
import json
import sys
import time

import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC


def model_for(learner):
    """featrank's spec grammar, method:key=value,... (only the keys this benchmark uses)."""
    name, _, params = learner.partition(":")
    params = dict(p.split("=", 1) for p in params.split(",") if p)
    if name == "knn":
        return lambda: KNeighborsClassifier(n_neighbors=int(params.get("k", 10)))
    c, eps = float(params.get("c", 0.1)), 2 * float(params.get("tol", 0.001))
    return lambda: SVC(kernel="poly", degree=2, gamma=1.0, coef0=0.0, C=c, tol=eps)


def curve(X, y, folds, order, sizes, make):
    out = []
    for size in sizes:
        cols = order[:size]
        pred = np.empty_like(y)
        for f in np.unique(folds):
            test = folds == f
            train = ~test
            scaler = MinMaxScaler().fit(X[train][:, cols])
            model = make().fit(scaler.transform(X[train][:, cols]), y[train])
            pred[test] = model.predict(scaler.transform(X[test][:, cols]))
        out.append(float((pred == y).mean()))
    return out


def main():
    data, folds, ranking, learner, repeats, sizes = sys.argv[1:7]
    df = pd.read_csv(data)
    y = df.pop("class").to_numpy()
    X = df.to_numpy(dtype=float)
    names = list(df.columns)
    order = [names.index(f) for f in pd.read_csv(ranking)["feature"]]
    folds = pd.read_csv(folds).to_numpy()
    sizes = [int(s) for s in sizes.split(",")]
    make, repeats = model_for(learner), int(repeats)
    start = time.perf_counter()
    ffa, rfa = [], []
    for r in range(repeats):
        ffa.append(curve(X, y, folds[:, r], order, sizes, make))
        rfa.append(curve(X, y, folds[:, r], order[::-1], sizes, make))
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "ffa": np.mean(ffa, axis=0).tolist(), "rfa": np.mean(rfa, axis=0).tolist()}))


if __name__ == "__main__":
    main()
