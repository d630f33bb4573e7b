"""Sparse text, side by side in one run: featrank on a SciPy CSR matrix against what a scikit-learn user runs on
the same matrix, labels and folds.

The corpus: DOCS documents × TERMS terms (default 20,000 × 100,000), two balanced classes, 130 words per
document drawn from a Zipf(1) vocabulary, 5 % of them from 10 planted terms of the document's class — about
0.1 % of the cells stored. (featrank's own generator is ``featrank::data::synth::Corpus`` in Rust; the same model
is drawn here with NumPy so that scikit-learn gets the very same CSR matrix.)

1. **Rankings**: featrank's χ² and information gain (Weka's, on MDL-discretised counts; the sparse path counts
   each term's stored values, its zeros at once) against scikit-learn's ``chi2`` (the count statistic) and
   ``mutual_info_classif(discrete_features=True)``: wall time, peak memory above the loaded matrix (each in a
   process of its own), and how many of the 20 planted terms each puts in its top 20.
2. **Honest curves**: FFA and RFA of χ² ranked inside each of 10 folds, kNN (k = 10, cosine) and naive Bayes at
   sizes 1 … 1,000 — featrank's ``curves`` (which also evaluates the full vocabulary, sparse as held) against the
   plain scikit-learn loop (``SelectKBest(chi2)`` on the training split, then ``KNeighborsClassifier(metric=
   "cosine", algorithm="brute")`` and ``GaussianNB`` on the top k and on the bottom k; GaussianNB needs dense
   input, so the loop densifies the k columns, as featrank does).

usage: python3 benches/text_sparse.py [DOCS TERMS] [rankings|curves]    (needs scikit-learn and SciPy; both parts
unless one is named)
"""

import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy.sparse as sp

FOLDS, SIZES = 10, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]


def corpus(docs, terms, seed=0):
    """CSR term counts, classes, and the planted terms (10 per class)."""
    rng = np.random.default_rng(seed)
    length, signal, planted = 130, 0.05, 10
    zipf = 1.0 / np.arange(1, terms + 1)
    zipf = zipf[rng.permutation(terms)]
    zipf /= zipf.sum()
    y = np.arange(docs) % 2
    words = rng.choice(terms, size=(docs, length), p=zipf)
    own = rng.permutation(terms)[: 2 * planted].reshape(2, planted)
    chosen = rng.random((docs, length)) < signal
    words[chosen] = own[y[np.nonzero(chosen)[0]], rng.integers(0, planted, chosen.sum())]
    rows = np.repeat(np.arange(docs), length)
    X = sp.coo_matrix((np.ones(rows.size), (rows, words.ravel())), shape=(docs, terms)).tocsr()  # duplicates summed
    return X, y, set(own.ravel().tolist())


def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def one(path, what):
    """Run one ranking in this process: seconds, peak bytes above the loaded matrix, planted terms in its top 20."""
    data = np.load(path)
    X = sp.csr_matrix((data["data"], data["indices"], data["indptr"]), shape=tuple(data["shape"]))
    y, planted = data["y"], set(data["planted"].tolist())
    import featrank  # both libraries loaded (and their lazy imports made) before the baseline: the peak is the work's own
    from sklearn.feature_selection import chi2, mutual_info_classif

    small = X[:40, :50]
    featrank.rank(featrank.Dataset(small, y[:40]), "chi2").order
    chi2(small, y[:40]), mutual_info_classif(small, y[:40], discrete_features=True, random_state=0)
    base = rss()
    start = time.perf_counter()
    if what.startswith("featrank"):
        method = what.split(":", 1)[1]
        ranking = featrank.rank(featrank.Dataset(X, y), method)
        top = [int(name[1:]) for name in ranking.top(20)]
    else:
        scores = chi2(X, y)[0] if what == "sklearn:chi2" else mutual_info_classif(X, y, discrete_features=True,
                                                                                   random_state=0)
        top = np.argsort(-np.nan_to_num(scores), kind="stable")[:20].tolist()
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - base
    print(f"{seconds:.3f} {max(peak, 0)} {len(planted & set(top))}")


def sklearn_curves(X, y, fold_ids):
    """The plain loop: χ² on each training split, then kNN (cosine) and Gaussian NB on the top and bottom k."""
    from sklearn.feature_selection import chi2
    import warnings

    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier

    right = {(learner, kind, k): 0 for learner in ("knn", "nb") for kind in ("ffa", "rfa") for k in SIZES}
    right["knn", "ffa", X.shape[1]] = 0
    for f in range(FOLDS):
        train, test = fold_ids != f, fold_ids == f
        # the whole vocabulary: kNN takes it sparse (GaussianNB would need a 16 GB dense copy: left out)
        knn = KNeighborsClassifier(n_neighbors=10, metric="cosine", algorithm="brute").fit(X[train], y[train])
        right["knn", "ffa", X.shape[1]] += (knn.predict(X[test]) == y[test]).sum()
        order = np.argsort(-np.nan_to_num(chi2(X[train], y[train])[0]), kind="stable")
        for kind, ranked in (("ffa", order), ("rfa", order[::-1])):
            for k in SIZES:
                cols = ranked[:k]
                Xtr, Xte = X[train][:, cols], X[test][:, cols]
                knn = KNeighborsClassifier(n_neighbors=10, metric="cosine", algorithm="brute").fit(Xtr, y[train])
                right["knn", kind, k] += (knn.predict(Xte) == y[test]).sum()
                with warnings.catch_warnings():  # GaussianNB divides by a zero variance on all-zero columns
                    warnings.simplefilter("ignore", RuntimeWarning)
                    nb = GaussianNB().fit(Xtr.toarray(), y[train])
                    right["nb", kind, k] += (nb.predict(Xte.toarray()) == y[test]).sum()
    return {key: v / len(y) for key, v in right.items()}


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--one":
        return one(sys.argv[2], sys.argv[3])
    parts = [a for a in sys.argv[1:] if a in ("rankings", "curves")] or ["rankings", "curves"]
    sizes = [int(a) for a in sys.argv[1:] if a.isdigit()]
    docs, terms = sizes if len(sizes) == 2 else (20_000, 100_000)
    X, y, planted = corpus(docs, terms)
    matrix_mb = (X.data.nbytes + X.indices.nbytes + X.indptr.nbytes) / 2**20
    print(f"corpus: {docs} documents × {terms} terms, {X.nnz} stored counts ({100 * X.nnz / docs / terms:.3f} % "
          f"dense), CSR {matrix_mb:.1f} MB; {os.cpu_count()} CPUs")
    if "rankings" in parts:
        rankings(X, y, planted)
    if "curves" in parts:
        curves(X, y, docs)


def rankings(X, y, planted):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "corpus.npz")
        np.savez(path, data=X.data, indices=X.indices, indptr=X.indptr, shape=X.shape, y=y,
                 planted=np.array(sorted(planted)))
        print("\n| ranking | featrank s | peak MB | planted in top 20 | scikit-learn | s | peak MB | planted in top 20 | speed-up |")
        print("|---|---|---|---|---|---|---|---|---|")
        for ours, theirs in (("featrank:chi2", "sklearn:chi2"), ("featrank:info-gain", "sklearn:mi")):
            runs = {}
            for what in (ours, theirs):
                out = subprocess.run([sys.executable, __file__, "--one", path, what], capture_output=True, text=True,
                                     check=True).stdout.split()
                runs[what] = (float(out[0]), int(out[1]) / 2**20, int(out[2]))
            (a, pa, ta), (b, pb, tb) = runs[ours], runs[theirs]
            name = {"sklearn:chi2": "chi2", "sklearn:mi": "mutual_info_classif(discrete)"}[theirs]
            print(f"| {ours.split(':')[1]} | {a:.2f} | {pa:.0f} | {ta} | {name} | {b:.2f} | {pb:.0f} | {tb} | "
                  f"{b / a:.1f}× |")


def curves(X, y, docs):
    import featrank

    fold_ids = (np.arange(docs) // 2) % FOLDS  # both classes in every fold, half each
    start = time.perf_counter()
    runs = featrank.curves(featrank.Dataset(X, y), rankers=["chi2"], learner=["knn:k=10,distance=cosine", "nb"],
                           folds=fold_ids, repeats=1, expected=0, grid=SIZES, progress=False)
    ours = time.perf_counter() - start
    start = time.perf_counter()
    theirs = sklearn_curves(X, y, fold_ids)
    loop = time.perf_counter() - start
    print(f"\nhonest curves, 10 folds, χ² per fold, sizes 1 … 1000 (FFA and RFA), kNN (cosine) and naive Bayes:")
    print(f"featrank {ours:.1f} s · scikit-learn loop {loop:.1f} s · {loop / ours:.1f}× (both fit kNN on the whole "
          f"vocabulary too; featrank also naive Bayes, sparse as held — the loop's GaussianNB would need it dense)")
    print("\n(the rankings differ: featrank's χ² is Weka's, on MDL-discretised counts — most terms get 0 and tie, which"
          " orders RFA's bottom k differently; scikit-learn's is the count statistic)")
    print("\n| learner | curve | k | featrank accuracy | scikit-learn accuracy |")
    print("|---|---|---|---|---|")
    names = {"knn": "knn:k=10,ties=all,distance=cosine", "nb": "nb"}
    for learner in ("knn", "nb"):
        table = runs[names[learner]].to_pandas()
        for kind in ("ffa", "rfa"):
            for k in (10, 100, 1000) + ((X.shape[1],) if (learner, kind) == ("knn", "ffa") else ()):
                ours_acc = table.query(f"curve == '{kind.upper()}' and k == {k}")["mean"].iloc[0]
                print(f"| {learner} | {kind.upper()} | {k} | {ours_acc:.4f} | {theirs[learner, kind, k]:.4f} |")


if __name__ == "__main__":
    main()
