"""Reference selection orders of mRMR (difference form), JMI and CMIM from ITMO_FS, an independent
implementation (pip install ITMO_FS), on the complete rows of bundled all-nominal datasets.

usage: python3 scripts/itmo/info_reference.py > tests/reference/itmo_information.csv
Writes dataset,criterion,order (feature names in selection order, joined by ';').
Rows with a missing value are dropped (ITMO_FS has no missing-value convention); the test drops the same rows.
"""
import sys
import warnings

import numpy as np

warnings.filterwarnings("ignore")
from ITMO_FS.filters.multivariate import MultivariateFilter  # noqa: E402

DATASETS = ["vote", "breast-cancer", "soybean"]
CRITERIA = {"mrmr": "MRMR", "jmi": "JMI", "cmim": "CMIM"}


def load(name):
    """All-nominal ARFF: attribute names, then the complete rows as codes (any coding serves: MI ignores it)."""
    names, rows, in_data = [], [], False
    for line in open(f"data/{name}.arff"):
        line = line.strip()
        if not line or line.startswith("%"):
            continue
        if line.lower().startswith("@attribute"):
            names.append(line.split(None, 2)[1].strip("'\""))
        elif line.lower().startswith("@data"):
            in_data = True
        elif in_data:
            values = [v.strip().strip("'\"").strip() for v in line.split(",")]
            if "?" not in values:
                rows.append(values)
    codes = [{v: i for i, v in enumerate(sorted(set(col)))} for col in zip(*rows)]
    data = np.array([[codes[j][v] for j, v in enumerate(r)] for r in rows])
    return names[:-1], data[:, :-1], data[:, -1]


print("dataset,criterion,order")
for name in DATASETS:
    features, X, y = load(name)
    for ours, theirs in CRITERIA.items():
        f = MultivariateFilter(theirs, X.shape[1])
        f.fit(X, y)
        order = ";".join(features[i] for i in f.selected_features)
        print(f"{name},{ours},{order}")
        sys.stdout.flush()
