"""Reference Laplacian-score rankings from scikit-feature (pip install skfeature-chappers), an independent
implementation of He, Cai & Niyogi (2005), for featrank's `laplacian` ranker.

usage: python3 scripts/skfeature/laplacian_reference.py > tests/reference/skfeature_laplacian.csv
Writes dataset,k,t,order (feature names best first, joined by ';').

Graph: k nearest neighbours, heat kernel, symmetric (max), as skfeature's construct_W builds it; featrank's
graph has no self-loops and weights exp(-d²/t), so the diagonal is cleared and skfeature's t_sk is chosen
with 2·t_sk² = t. t is the mean squared distance over the graph's edges (featrank's `t=auto`), written out
so that the test passes it explicitly.
"""
import warnings

import numpy as np
import pandas as pd
from scipy.io import arff
from sklearn.metrics import pairwise_distances

warnings.filterwarnings("ignore")
from skfeature.function.similarity_based.lap_score import lap_score  # noqa: E402
from skfeature.utility.construct_W import construct_W  # noqa: E402

K = 5


def load(name):
    if name == "iris":
        data, meta = arff.loadarff("data/iris.arff")
        names = meta.names()[:-1]
        return names, np.array([[row[n] for n in names] for row in data], dtype=float)
    df = pd.read_csv(f"data/{name}.csv")
    features = list(df.columns[:-1]) if name == "wdbc" else [c for c in df.columns if c != "class"]
    return features, df[features].to_numpy(dtype=float)


print("dataset,k,t,order")
for name in ["wdbc", "wine", "iris"]:
    features, X = load(name)
    d2 = pairwise_distances(X) ** 2
    np.fill_diagonal(d2, np.inf)
    nearest = np.argsort(d2, axis=1, kind="stable")[:, :K]
    edges = {(min(i, j), max(i, j)) for i in range(len(X)) for j in nearest[i]}
    t = float(np.mean([d2[i, j] for i, j in edges]))
    W = construct_W(X, neighbor_mode="knn", weight_mode="heat_kernel", k=K, t=np.sqrt(t / 2.0)).tolil()
    W.setdiag(0)
    order = lap_score(X, W=W.tocsc(), mode="index")
    print(f"{name},{K},{t!r},{';'.join(features[i] for i in order)}")
