"""The scikit-learn way of honest FFA curves, for side-by-side timing with featrank (benches/honest.rs).

For every subset size k: Pipeline([MinMaxScaler, ReliefF(n_features_to_select=k, n_neighbors=10) from
skrebate, KNeighborsClassifier(10)]) scored with cross_val_score on the given folds of one repeat, so the
ranker runs inside every training fold (and again for every k: a pipeline cannot share the ranking between
sizes). Accuracy per fold is averaged (featrank pools a repeat's predictions; the means agree within noise).

usage: python3 sklearn_honest.py DATA.csv FOLDS.csv SIZES
  DATA.csv  features then a `class` column
  FOLDS.csv one column per repeat, the 0-based fold id of each row (the first repeat is used)
  SIZES     comma-separated subset sizes
Prints one JSON object: seconds, sizes, ffa (mean accuracy per size).
"""
import json
import sys
import time

import numpy as np
import pandas as pd
from sklearn.model_selection import PredefinedSplit, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import MinMaxScaler
from skrebate import ReliefF


def main():
    data, folds, sizes = sys.argv[1:4]
    df = pd.read_csv(data)
    y = df.pop("class").astype(str).to_numpy()
    X = df.to_numpy(dtype=float)
    split = PredefinedSplit(pd.read_csv(folds).to_numpy()[:, 0])
    sizes = [int(s) for s in sizes.split(",")]
    start = time.perf_counter()
    ffa = []
    for k in sizes:
        pipe = Pipeline([
            ("scale", MinMaxScaler()),
            ("relieff", ReliefF(n_features_to_select=k, n_neighbors=10)),
            ("knn", KNeighborsClassifier(n_neighbors=10)),
        ])
        ffa.append(float(np.mean(cross_val_score(pipe, X, y, cv=split))))
    print(json.dumps({"seconds": time.perf_counter() - start, "sizes": sizes, "ffa": ffa}))


if __name__ == "__main__":
    main()
