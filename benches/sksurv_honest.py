"""The scikit-survival way of an honest survival curve, for side-by-side timing with featrank (benches/survival.rs).

On one training split: rank every feature by the C-index of a Cox model of that feature alone (scikit-survival's
user guide: `fit_and_score_features` inside `SelectKBest`), then for every subset size k fit
`CoxPHSurvivalAnalysis` on the top k and score Harrell's C on the test rows (`concordance_index_censored`).
Sizes above `MAX_K` are skipped: its Newton steps hold a k × k Hessian (10,000 features: 800 MB, a 10¹² solve).

usage: python3 sksurv_honest.py DATA.csv FOLDS.csv SIZES
  DATA.csv  features, then `time` and `event`
  FOLDS.csv one column per repeat, the 0-based fold id of each row (fold 0 of the first repeat is the test split)
  SIZES     comma-separated subset sizes
Prints one JSON object: rank_seconds, fit_seconds, sizes (those fitted), c (Harrell's C per fitted size).
"""
import json
import sys
import time

import numpy as np
import pandas as pd
from sksurv.linear_model import CoxPHSurvivalAnalysis
from sksurv.metrics import concordance_index_censored
from sksurv.util import Surv

MAX_K = 100


def main():
    data, folds, sizes = sys.argv[1:4]
    df = pd.read_csv(data)
    y = Surv.from_arrays(df.pop("event").astype(bool).to_numpy(), df.pop("time").to_numpy())
    X = df.to_numpy(dtype=float)
    test = pd.read_csv(folds).to_numpy()[:, 0] == 0
    train = ~test
    start = time.perf_counter()
    scores = np.empty(X.shape[1])
    for j in range(X.shape[1]):
        model = CoxPHSurvivalAnalysis().fit(X[train][:, [j]], y[train])
        scores[j] = model.score(X[train][:, [j]], y[train])
    order = np.argsort(-scores, kind="stable")
    rank_seconds = time.perf_counter() - start
    start = time.perf_counter()
    fitted, c = [], []
    for k in (int(s) for s in sizes.split(",")):
        if k > MAX_K:
            continue
        model = CoxPHSurvivalAnalysis(alpha=1.0).fit(X[train][:, order[:k]], y[train])
        risk = model.predict(X[test][:, order[:k]])
        c.append(concordance_index_censored(y[test]["event"], y[test]["time"], risk)[0])
        fitted.append(k)
    print(json.dumps({"rank_seconds": rank_seconds, "fit_seconds": time.perf_counter() - start, "sizes": fitted, "c": c}))


main()
