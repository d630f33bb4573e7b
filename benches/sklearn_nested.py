"""The scikit-learn way of a nested evaluation, for side-by-side timing with featrank (benches/nested.rs).

cross_val_score(GridSearchCV(Pipeline([MinMaxScaler, SelectKBest(f_classif, k), SVC(kernel="linear", C)]),
{k, C}, cv=StratifiedKFold(INNER)), X, y, cv=the given outer folds): the subset size and C are chosen by the
inner CV of every outer training split (best mean accuracy), refitted there and scored on the outer test
rows — featrank's `NestedSpec` with the rule `best`. The univariate filter is the ANOVA F (featrank ranks by
the Fisher score; for two classes both order by a between/within ratio, not identically).

usage: python3 sklearn_nested.py DATA.csv FOLDS.csv SIZES CS INNER
  DATA.csv  features then a `class` column
  FOLDS.csv one column, the 0-based outer fold of each row
  SIZES, CS comma-separated subset sizes and SVM C values; INNER the inner folds
Prints one JSON object: seconds, accuracy (mean over outer folds).
"""
import json
import sys
import time

import numpy as np
import pandas as pd
from sklearn.feature_selection import SelectKBest, f_classif
from sklearn.model_selection import GridSearchCV, PredefinedSplit, StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC


def main():
    data, folds, sizes, cs, inner = sys.argv[1:6]
    df = pd.read_csv(data)
    y = df.pop("class").astype(str).to_numpy()
    X = df.to_numpy(dtype=float)
    outer = PredefinedSplit(pd.read_csv(folds).to_numpy()[:, 0])
    grid = {"select__k": [int(k) for k in sizes.split(",")], "svm__C": [float(c) for c in cs.split(",")]}
    pipe = Pipeline([("scale", MinMaxScaler()), ("select", SelectKBest(f_classif)), ("svm", SVC(kernel="linear"))])
    search = GridSearchCV(pipe, grid, cv=StratifiedKFold(int(inner), shuffle=True, random_state=0))
    start = time.perf_counter()
    scores = cross_val_score(search, X, y, cv=outer)
    print(json.dumps({"seconds": time.perf_counter() - start, "accuracy": float(np.mean(scores))}))


if __name__ == "__main__":
    main()
