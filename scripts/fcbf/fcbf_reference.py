"""Reference FCBF selections from the `fcbf` package (pip install fcbf==0.1.2 --no-deps; needs numpy, pandas,
scipy), an independent implementation of Yu & Liu (2003), for featrank's `fcbf` ranker.

usage: python3 scripts/fcbf/fcbf_reference.py > tests/reference/fcbf.csv
Writes dataset,feature,su,role,position: SU(X, class) at full precision; role `predominant` (selected; position
= 1-based order of selection) or `redundant` (position empty). δ = 0.

The package counts categories, so numeric features are binned first exactly as featrank's
`discretise=equal-width,bins=5` bins them: width = (max − min)/5, bin = min(floor((v − min)/width), 4).
Datasets without missing values only (the package drops missing values; featrank spreads them).
"""
import sys
import warnings

import numpy as np
import pandas as pd
from scipy.io import arff

warnings.filterwarnings("ignore")
from fcbf import fcbf  # noqa: E402

BINS = 5
TARGETS = {"wdbc": "diagnosis", "wine": "class"}


def load(name):
    if name in TARGETS:
        df = pd.read_csv(f"data/{name}.csv")
        y = df.pop(TARGETS[name]).astype(str)
    else:
        data, meta = arff.loadarff(f"data/{name}.arff")
        df = pd.DataFrame(data)
        y = df.pop(meta.names()[-1]).map(lambda v: v.decode())
        df.columns = [c.strip("'") for c in df.columns]  # scipy keeps the quotes of some names
    return df.astype(float), y.rename("class")


def binned(col):
    v = col.to_numpy(dtype=float)
    lo, hi = v.min(), v.max()
    if not hi > lo:
        return pd.Series(np.zeros(len(v), dtype=int), name=col.name)
    width = (hi - lo) / BINS
    return pd.Series(np.minimum(np.floor((v - lo) / width).astype(int), BINS - 1), name=col.name)


def main():
    out = sys.stdout
    out.write("dataset,feature,su,role,position\n")
    for name in ["wdbc", "wine", "ionosphere", "iris", "glass"]:
        X, y = load(name)
        Xb = pd.concat([binned(X[c]) for c in X.columns], axis=1)
        selected, _, su = fcbf(Xb, y, su_threshold=0.0, base=2)
        for f in X.columns:
            if f in selected:
                out.write(f"{name},{f},{float(su[f])!r},predominant,{selected.index(f) + 1}\n")
            else:
                out.write(f"{name},{f},{float(su[f])!r},redundant,\n")


if __name__ == "__main__":
    main()
