"""Sparse features as users hold them — SciPy CSR/CSC/COO matrices, a pandas frame of sparse columns, an AnnData —
kept sparse: the same rankings as the dense array, bit for bit; repeated cells summed; bad cells named."""

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp

import featrank

rng = np.random.default_rng(0)
ROWS, TERMS = 300, 500
# counts: ~3 % stored, the first five terms more frequent in class 1
y = np.arange(ROWS) % 2
dense = rng.poisson(0.03, size=(ROWS, TERMS)).astype(float)
dense[:, :5] += rng.poisson(0.4, size=(ROWS, 5)) * y[:, None]
X = sp.csr_matrix(dense)


@pytest.mark.parametrize("convert", [sp.csr_matrix, sp.csc_matrix, sp.coo_matrix, sp.csr_array])
def test_sparse_matrices_rank_as_the_dense_array(convert):
    d = featrank.Dataset(convert(dense), y)
    assert d.is_sparse and (d.n_rows, d.n_features) == (ROWS, TERMS)
    for method in ["chi2", "info-gain", "fisher", "relieff:k=5"]:
        a = featrank.rank(d, method)
        b = featrank.rank((dense, y), method)
        assert a.order == b.order and np.array_equal(a.scores, b.scores), method
    assert set(featrank.rank(d, "chi2").order[:5]) == {f"x{j}" for j in range(5)}


def test_the_summary_shows_the_density_and_x_is_the_dense_matrix():
    d = featrank.Dataset(X, y, feature_names=[f"term{j}" for j in range(TERMS)])
    assert d.feature_names[3] == "term3"
    text = d._repr_html_()
    assert "non-zero cells" in text and "density" in text
    assert np.array_equal(d.x, dense)


def test_coo_duplicates_are_summed_as_scipy_sums_them():
    coo = sp.coo_matrix(([1.0, 2.0, 5.0, 1.0], ([0, 0, 1, 3], [1, 1, 0, 2])), shape=(4, 3))
    d = featrank.Dataset(coo, [0, 1, 0, 1])
    assert np.array_equal(d.x, coo.toarray())
    assert d.x[0, 1] == 3.0


def test_compressed_columns_in_any_order_and_with_repeats_are_summed():
    # column 0 holds rows 2, 0, 2 (unsorted, row 2 twice), column 1 row 1
    csc = sp.csc_matrix((np.array([2.0, 1.0, 3.0, 7.0]), np.array([2, 0, 2, 1]), np.array([0, 3, 4])), shape=(3, 2))
    d = featrank.Dataset(csc, [0, 1, 0])
    assert np.array_equal(d.x, [[1.0, 0.0], [0.0, 7.0], [5.0, 0.0]])


def test_a_pandas_frame_of_sparse_columns_stays_sparse():
    frame = pd.DataFrame.sparse.from_spmatrix(X, columns=[f"t{j}" for j in range(TERMS)])
    d = featrank.Dataset(frame, y)
    assert d.is_sparse and d.feature_names[:2] == ["t0", "t1"]
    assert np.array_equal(featrank.rank(d, "chi2").scores, featrank.rank((dense, y), "chi2").scores)


def test_curves_and_the_selector_take_sparse_data():
    d = featrank.Dataset(X, y)
    c = featrank.curves(d, rankers=["chi2"], folds=3, repeats=1, expected=2, grid=[1, 2, 5, 10])
    same = featrank.curves((dense, y), rankers=["chi2"], folds=3, repeats=1, expected=2, grid=[1, 2, 5, 10])
    assert c.to_pandas().equals(same.to_pandas())
    from featrank.sklearn import FeatureSelector

    sel = FeatureSelector("chi2", k=5).fit(X, y)
    assert set(np.flatnonzero(sel.get_support())) == set(range(5))


def test_bad_sparse_input_names_the_cell_or_the_parameter():
    bad = sp.csr_matrix(([1.0, np.nan], ([0, 2], [1, 0])), shape=(3, 2))
    with pytest.raises(featrank.ParameterError, match=r"\(row 2, column 0\) is NaN"):
        featrank.Dataset(bad, [0, 1, 0])
    with pytest.raises(featrank.Error, match="3 values for 300 rows of X"):
        featrank.Dataset(X, [0, 1, 0])
    with pytest.raises(featrank.Error, match="2 names for 500 columns"):
        featrank.Dataset(X, y, feature_names=["a", "b"])
    with pytest.raises(featrank.Error, match="not a column name"):
        featrank.Dataset(X, "class")
    with pytest.raises(featrank.Error, match="complex"):
        featrank.Dataset(sp.csr_matrix(np.eye(3) * 1j), [0, 1, 0])


def test_an_anndata_enters_with_its_genes_and_an_obs_column():
    anndata = pytest.importorskip("anndata")
    adata = anndata.AnnData(X=X.copy(), obs=pd.DataFrame({"cell_type": np.where(y == 1, "T", "B")},
                                                          index=[f"c{i}" for i in range(ROWS)]),
                            var=pd.DataFrame(index=[f"g{j}" for j in range(TERMS)]))
    d = featrank.Dataset(adata, target="cell_type")
    assert d.is_sparse and d.feature_names[0] == "g0" and d.classes == ["B", "T"]
    assert featrank.rank(d, "chi2").order[:5] == ["g" + n[1:] for n in featrank.rank((dense, y), "chi2").order[:5]]
    with pytest.raises(featrank.ColumnNotFoundError, match="'louvain' not found in the AnnData's obs; it has cell_type"):
        featrank.Dataset(adata, target="louvain")
    with pytest.raises(featrank.Error, match="name the column of obs"):
        featrank.Dataset(adata)


def test_cosine_knn_on_sparse_text_agrees_with_scikit_learn_on_the_same_folds():
    from sklearn.neighbors import KNeighborsClassifier

    # continuous tf-idf-like values: no two distances tie, so the k nearest are the same rows in both
    Xw = sp.random(240, 80, density=0.1, random_state=1, format="csr") + sp.csr_matrix(dense[:240, :80])
    yw = (np.asarray(Xw[:, :5].sum(axis=1)).ravel() > np.median(np.asarray(Xw[:, :5].sum(axis=1)))).astype(int)
    fold_ids = np.arange(240) % 4
    order = [f"x{j}" for j in range(80)]
    run = featrank.curves(featrank.Dataset(Xw, yw), featrank.Ranking.from_order(order), folds=fold_ids, repeats=1,
                          expected=0, grid=[80], learner="knn:k=5,ties=first,distance=cosine")
    featrank_accuracy = run.to_pandas().query("curve == 'FFA' and k == 80")["mean"].iloc[0]
    right = 0
    for f in range(4):
        train, test = fold_ids != f, fold_ids == f
        knn = KNeighborsClassifier(n_neighbors=5, metric="cosine", algorithm="brute").fit(Xw[train], yw[train])
        right += (knn.predict(Xw[test]) == yw[test]).sum()
    assert featrank_accuracy == pytest.approx(right / 240, abs=1e-12)


def test_a_users_method_gets_each_split_as_a_sparse_matrix():
    from sklearn.feature_selection import chi2

    seen = []

    def counts(X, y):
        seen.append((type(X).__name__, X.shape))
        return np.nan_to_num(chi2(X, y)[0])  # an empty term's χ² is NaN

    ranking = featrank.rank(featrank.Dataset(X, y), counts)
    assert seen == [("csr_matrix", (ROWS, TERMS))]
    assert np.allclose(sorted(ranking.scores, reverse=True), sorted(np.nan_to_num(chi2(X, y)[0]), reverse=True))
    seen.clear()
    featrank.curves(featrank.Dataset(X, y), rankers=[counts], folds=3, repeats=1, expected=0, grid=[1, 5])
    assert [s[0] for s in seen] == ["csr_matrix"] * 3 and all(s[1][0] == ROWS * 2 // 3 for s in seen)


def test_svmlight_files_written_by_scikit_learn_read_as_the_matrix(tmp_path):
    from sklearn.datasets import dump_svmlight_file

    path = tmp_path / "counts.svm"
    dump_svmlight_file(X, y, str(path), zero_based=False)  # one-based, as LIBSVM writes
    d = featrank.Dataset(path)
    assert d.is_sparse and (d.n_rows, d.n_features) == (ROWS, TERMS) and d.feature_names[0] == "f1"
    a, b = featrank.rank(d, "chi2"), featrank.rank((X, y), "chi2")
    assert np.array_equal(a.scores, b.scores)
    assert [name.replace("f", "x") for name in a.order] == [f"x{int(n[1:]) + 1}" for n in b.order]
    # a label matrix: labels joined by commas, one 0/1 target per label
    Y = np.stack([y, 1 - y, (np.arange(ROWS) % 3 == 0)], axis=1).astype(int)
    dump_svmlight_file(X, Y, str(tmp_path / "labels.svm"), multilabel=True, zero_based=True)
    d = featrank.Dataset(str(tmp_path / "labels.svm"))
    assert d.targets == ["label_0", "label_1", "label_2"] and d.feature_names[0] == "f0"
    assert d.task == "multi-label" and np.array_equal(d.y, Y)
    with pytest.raises(featrank.Error, match="line 2"):
        (tmp_path / "bad.svm").write_text("1 1:2\n1 2=3\n")
        featrank.Dataset(tmp_path / "bad.svm")


def test_variance_is_scikit_learns_variance_threshold_statistic_on_sparse_and_dense_data():
    from sklearn.feature_selection import VarianceThreshold

    expected = VarianceThreshold().fit(dense).variances_
    for data in [(X, y), (dense, y)]:
        ranking = featrank.rank(data, "variance")
        scores = dict(zip(ranking.order, ranking.scores))
        got = np.array([scores[f"x{j}"] for j in range(TERMS)])
        assert np.allclose(got, expected, rtol=1e-12, atol=1e-15)
    assert np.array_equal(featrank.rank((X, y), "variance").scores, featrank.rank((dense, y), "variance").scores)
