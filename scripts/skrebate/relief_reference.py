"""Reference scores of the SURF family and TuRF from scikit-rebate (pip install skrebate==0.8.4), the
implementation of the methods' authors, for featrank's `surf`, `surf-star`, `multisurf`, `multisurf-star`
and `turf` rankers.

usage: python3 scripts/skrebate/relief_reference.py > tests/reference/skrebate_relief.csv
Writes dataset,method,feature,score (full precision).

Discrete features are passed explicitly as featrank decides them (nominal columns, and numeric columns
with at most 10 distinct present values), so that both sides use the same split. SURF and SURF* are
compared on complete data only: with missing values scikit-rebate averages their threshold over one
triangle of the distance matrix (see src/rankers/surf.rs). TuRF: MultiSURF inside, pct 0.5, at most 5
scores (scikit-rebate gives every feature of an eliminated round the same score); discrete features by the
threshold alone, since TURF hands its base the column subsets.
"""
import warnings

import numpy as np
import pandas as pd
from scipy.io import arff

warnings.filterwarnings("ignore")
from skrebate import SURF, TURF, MultiSURF, MultiSURFstar, SURFstar  # noqa: E402

THRESHOLD = 10
TARGETS = {"wdbc": "diagnosis", "wine": "class", "diabetes-progression": "progression"}


def load(name):
    """Feature names, X (NaN = missing, nominal values as codes), y, the discrete column indices."""
    if name in TARGETS:
        df = pd.read_csv(f"data/{name}.csv")
        target = TARGETS[name]
        features = [c for c in df.columns if c != target]
        X = df[features].to_numpy(dtype=float)
        y = df[target].to_numpy()
        nominal = set()
    else:
        data, meta = arff.loadarff(f"data/{name}.arff")
        names = meta.names()
        features, target = names[:-1], names[-1]
        nominal = {j for j, f in enumerate(features) if meta[f][0] == "nominal"}
        cols = []
        for j, f in enumerate(features):
            if j in nominal:
                levels = list(meta[f][1])
                cols.append([np.nan if v == b"?" else float(levels.index(v.decode())) for v in data[f]])
            else:
                cols.append([float(v) for v in data[f]])
        X = np.array(cols).T
        y = np.array([v.decode() for v in data[target]])
    if y.dtype.kind not in "fi":
        y = np.unique(y, return_inverse=True)[1]
    discrete = [j for j in range(X.shape[1]) if j in nominal or len(np.unique(X[~np.isnan(X[:, j]), j])) <= THRESHOLD]
    return features, X, y.astype(float), discrete


def run(name, methods):
    features, X, y, discrete = load(name)
    complete = not np.isnan(X).any()
    label = "continuous" if name == "diabetes-progression" else None
    for method, cls in methods:
        if method in ("surf", "surf-star") and not complete:
            continue
        if method == "turf":
            # the threshold decides (no nominal columns here): indices passed in would not follow TURF's subsets
            est = TURF(MultiSURF(categorical_threshold=THRESHOLD, label_type=label), pct=0.5, num_scores_to_return=5)
        else:
            est = cls(categorical_features=discrete, label_type=label)
        est.fit(X.copy(), y)
        for f, s in zip(features, est.feature_importances_):
            print(f"{name},{method},{f},{float(s)!r}")


ALL = [("surf", SURF), ("surf-star", SURFstar), ("multisurf", MultiSURF), ("multisurf-star", MultiSURFstar)]
print("dataset,method,feature,score")
for name in ["wdbc", "wine", "ionosphere", "glass", "vote", "diabetes-progression"]:
    run(name, ALL)
run("wdbc", [("turf", None)])
run("ionosphere", [("turf", None)])
