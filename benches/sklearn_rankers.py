"""The scikit-learn / skrebate way of computing three feature rankings, for side-by-side timing with featrank.

usage: python3 sklearn_rankers.py DIR
  DIR/relieff.csv  ReliefF, k = 10 neighbours, all instances (skrebate.ReliefF, n_jobs=-1)
  DIR/multisurf.csv  MultiSURF (skrebate.MultiSURF, n_jobs=-1)
  DIR/rfe.csv      SVM-RFE, linear SVC with C = 0.1 on min-max scaled features, step 1 (sklearn RFE)
  DIR/forest.csv   random forest, 100 trees, ceil(log2 n) + 1 features per split, then permutation
                   importance (sklearn.inspection.permutation_importance, 1 repeat, n_jobs=-1)
  DIR/mrmr.csv     (when present) mRMR, difference form, the first 50 features, by pymrmr (Peng's own C++
                   mRMR; `pip install Cython wheel setuptools && pip install --no-build-isolation pymrmr`)
Each file holds the features then a `class` column. Prints one JSON object with seconds and scores
(higher = more relevant; for RFE the negated ranking_; for mRMR the selection order as column indices).
"""
import json
import math
import os
import sys
import time

import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.feature_selection import RFE
from sklearn.inspection import permutation_importance
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC
from skrebate import MultiSURF, ReliefF


def load(path):
    df = pd.read_csv(path)
    y = df.pop("class").astype(str).to_numpy()
    return df.to_numpy(dtype=float), y


def main(d):
    out = {}
    X, y = load(f"{d}/relieff.csv")
    t = time.perf_counter()
    r = ReliefF(n_neighbors=10, n_features_to_select=X.shape[1], n_jobs=-1).fit(X, y)
    out["relieff"] = {"seconds": time.perf_counter() - t, "scores": r.feature_importances_.tolist()}

    X, y = load(f"{d}/multisurf.csv")
    t = time.perf_counter()
    r = MultiSURF(n_features_to_select=X.shape[1], n_jobs=-1).fit(X, y)
    out["multisurf"] = {"seconds": time.perf_counter() - t, "scores": r.feature_importances_.tolist()}

    X, y = load(f"{d}/rfe.csv")
    t = time.perf_counter()
    Xs = MinMaxScaler().fit_transform(X)
    rfe = RFE(SVC(kernel="linear", C=0.1), n_features_to_select=1, step=1).fit(Xs, y)
    out["rfe"] = {"seconds": time.perf_counter() - t, "scores": (-rfe.ranking_).astype(float).tolist()}

    X, y = load(f"{d}/forest.csv")
    t = time.perf_counter()
    mtry = math.ceil(math.log2(X.shape[1])) + 1
    rf = RandomForestClassifier(n_estimators=100, max_features=mtry, n_jobs=-1, random_state=0).fit(X, y)
    fit = time.perf_counter() - t
    imp = permutation_importance(rf, X, y, n_repeats=1, random_state=0, n_jobs=-1)
    out["forest"] = {"seconds": time.perf_counter() - t, "fit_seconds": fit, "scores": imp.importances_mean.tolist()}
    if os.path.exists(f"{d}/mrmr.csv"):
        out["mrmr"] = mrmr(f"{d}/mrmr.csv", 50)
    print(json.dumps(out))


def mrmr(path, k):
    """pymrmr's first `k` mRMR (MID) features, as column indices; its report to stdout is silenced."""
    import pymrmr

    df = pd.read_csv(path)
    y = df.pop("class")
    frame = pd.concat([y, df], axis=1)  # pymrmr wants the class first
    saved = os.dup(1)
    sys.stdout.flush()
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 1)
        t = time.perf_counter()
        chosen = pymrmr.mRMR(frame, "MID", k)
        seconds = time.perf_counter() - t
        os.dup2(saved, 1)
    columns = list(df.columns)
    return {"seconds": seconds, "order": [columns.index(c) for c in chosen]}


if __name__ == "__main__":
    main(sys.argv[1])
