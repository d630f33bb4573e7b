"""featrank's Python path on the curve benchmark: the same data, folds, ranking, learner and sizes as
``sklearn_curves.py``, through ``featrank.curves`` (the Rust core behind the Python layer).

usage: python3 python_curves.py DATA.csv FOLDS.csv RANKING.csv LEARNER REPEATS SIZES
Prints one JSON object: seconds (the curves call), total (reading included), ffa and rfa (mean per size).
"""
import json
import sys
import time

import featrank
import pandas as pd


def main():
    data, folds, ranking, learner, repeats, sizes = sys.argv[1:7]
    start = time.perf_counter()
    ds = featrank.Dataset(pd.read_csv(data), "class")
    ranking = featrank.Ranking.read_csv(ranking)
    folds = pd.read_csv(folds).to_numpy()[:, : int(repeats)]
    begin = time.perf_counter()
    curves = featrank.curves(ds, rankings=[ranking], learner=learner, folds=folds, grid=sizes, expected=0,
                             progress=False)
    end = time.perf_counter()
    table = curves.to_pandas()
    mean = {kind: table[table["curve"] == kind]["mean"].tolist() for kind in ("ffa", "rfa")}
    print(json.dumps({"seconds": end - begin, "total": end - start, **mean}))


if __name__ == "__main__":
    main()
