"""How FSLib's mutual-information binning shifts EC-FS — the check behind docs/results/ecfs_table4.md.

FSLib's `muteinf` (used by its `ECFS.m`) bins a feature twice: the marginal with MATLAB's `hist` (edges halfway
between bin centres) and the joint with intervals [xl, xl + width) whose left ends are summed one width at a
time. A value exactly on an edge — 0 of the {−2, 0, 2} discretised colon — can then sit in one bin for the
marginal and another for the joint, which corrupts the MI. featrank bins once, ⌊(v − min)/width⌋ for both.
This script computes both MIs and EC-FS (α = 0.5) in NumPy, checks that its featrank-binned MI and EC-FS equal
featrank's own rankings, and prints how far the FSLib-binned EC-FS ranking lies from it.

usage: featrank rank DATA --method ecfs --out ecfs.csv; featrank rank DATA --method mi --out mi.csv
       python3 scripts/fslib/mi_binning.py DATA.csv.gz ecfs.csv mi.csv       (needs numpy, pandas, scipy)
"""
import sys

import numpy as np
import pandas as pd
from scipy.stats import spearmanr

df = pd.read_csv(sys.argv[1]); y = df.pop("class").to_numpy(); X = df.to_numpy(float); names = list(df.columns)
classes = sorted(set(y)); c = np.array([classes.index(v) for v in y]); n = len(y); K = len(classes)
def mi(x, binning):
    lo, hi = x.min(), x.max()
    if hi <= lo: return 0.0
    nb = int(min(max(np.floor(n/10), 10), 20)); w = (hi-lo)/nb
    if binning == "featrank":
        bm = np.minimum(np.floor((x-lo)/w).astype(int), nb-1); bj = bm
    else:  # FSLib muteinf: hist() for the marginal, cumulative intervals for the joint
        xx = lo + w*np.arange(nb+1); xx[-1] = hi; centers = xx[:-1] + w/2
        edges = (centers[1:] + centers[:-1]) / 2
        bm = np.searchsorted(edges, x, side="right")
        xl = [lo]
        for j in range(nb-1): xl.append(xl[-1] + w)
        xl = np.array(xl); bj = np.searchsorted(xl, x, side="right") - 1
    pA = np.bincount(bm, minlength=nb)/n; pA[pA == 0] = 1e-5
    pY = np.bincount(c, minlength=K)/n
    p = np.zeros((K, nb))
    np.add.at(p, (c, bj), 1)
    p[p == 0] = 1e-5; p /= n
    info = np.sum(p*np.log(p/(pA[None,:]*pY[:,None])))
    HA = -np.sum(pA*np.log(pA)); HY = -np.sum(pY*np.log(pY))
    return 2*info/(HA+HY)
def ecfs(m, alpha=0.5):
    a, b = X[c == 0], X[c == 1]
    f = (a.mean(0)-b.mean(0))**2/(a.var(0, ddof=1)+b.var(0, ddof=1))
    f[~np.isfinite(f)] = 0
    v = np.abs(f+m)/2; s = X.std(0, ddof=1)
    Kk = np.outer(v, v); Kk = (Kk-Kk.min())/(Kk.max()-Kk.min())
    S = np.maximum.outer(s, s); S = (S-S.min())/(S.max()-S.min())
    A = alpha*Kk+(1-alpha)*S
    u = np.ones(len(v))/np.sqrt(len(v))
    for _ in range(100000):
        nu = A@u; nu /= np.linalg.norm(nu)
        if np.max(np.abs(nu-u)) < 1e-13: u = nu; break
        u = nu
    return np.abs(u)
m_f = np.array([mi(X[:, j], "featrank") for j in range(X.shape[1])])
m_l = np.array([mi(X[:, j], "fslib") for j in range(X.shape[1])])
ours = pd.read_csv(sys.argv[2]).set_index("feature")["score"].reindex(names).to_numpy()
print("MI featrank-binned vs featrank CLI: max |diff|", np.max(np.abs(m_f - pd.read_csv(sys.argv[3]).set_index("feature")["score"].reindex(names).to_numpy())))
e_f, e_l = ecfs(m_f), ecfs(m_l)
print("EC-FS python(featrank MI) vs CLI: spearman", spearmanr(e_f, ours).correlation, "max rel diff", np.max(np.abs(e_f-ours))/np.max(ours))
print("MI: features whose value changes", np.sum(np.abs(m_f-m_l) > 1e-12), "of", len(m_f), "; spearman", spearmanr(m_f, m_l).correlation)
top = lambda e, k: set(np.argsort(-e, kind="stable")[:k])
for k in (50, 100, 200):
    print(f"EC-FS top-{k} overlap featrank MI vs FSLib MI: {len(top(e_f,k) & top(e_l,k))}/{k}")
print("EC-FS spearman featrank MI vs FSLib MI:", spearmanr(e_f, e_l).correlation)
