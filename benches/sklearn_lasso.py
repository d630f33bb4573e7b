"""The scikit-learn way of honest lasso curves, for side-by-side timing with featrank (benches/lasso_honest.rs).

For every split of every repeat: StandardScaler and an L1 LogisticRegression (liblinear, C = 1/(λ·n_train): glmnet's
λ on scikit-learn's scale) fitted on the training rows rank the features by |coefficient| (ties by column order);
then for every subset size k the same model is refitted on the training rows' top-k columns and scored on the test
rows. Accuracy is pooled over a repeat's test rows, then averaged over repeats, as featrank does.

usage: python3 sklearn_lasso.py DATA.csv FOLDS.csv SIZES LAMBDA
  DATA.csv  features then a `class` column
  FOLDS.csv one column per repeat, the 0-based fold id of each row
  SIZES     comma-separated subset sizes
  LAMBDA    glmnet's λ
Prints one JSON object: seconds, sizes, ffa (mean accuracy per size).
"""
import json
import sys
import time
import warnings

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler


def main():
    data, folds, sizes, lam = sys.argv[1:5]
    df = pd.read_csv(data)
    y = df.pop("class").astype(str).to_numpy()
    X = df.to_numpy(dtype=float)
    assignment = pd.read_csv(folds).to_numpy()
    sizes = [int(s) for s in sizes.split(",")]
    lam = float(lam)
    warnings.simplefilter("ignore")
    start = time.perf_counter()
    correct = np.zeros((assignment.shape[1], len(sizes)))
    for r in range(assignment.shape[1]):
        for f in np.unique(assignment[:, r]):
            train, test = assignment[:, r] != f, assignment[:, r] == f
            scaler = StandardScaler().fit(X[train])
            xtr, xte = scaler.transform(X[train]), scaler.transform(X[test])
            model = lambda: LogisticRegression(penalty="l1", solver="liblinear", C=1.0 / (lam * train.sum()))
            order = np.argsort(-np.abs(model().fit(xtr, y[train]).coef_[0]), kind="stable")
            for s, k in enumerate(sizes):
                top = order[:k]
                fit = model().fit(xtr[:, top], y[train])
                correct[r, s] += (fit.predict(xte[:, top]) == y[test]).sum()
    seconds = time.perf_counter() - start
    ffa = (correct / len(y)).mean(axis=0)
    print(json.dumps({"seconds": seconds, "sizes": sizes, "ffa": ffa.tolist()}))


if __name__ == "__main__":
    main()
