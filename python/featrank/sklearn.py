"""scikit-learn conventions: ``FeatureSelector``, a selector for a ``Pipeline``, and any estimator as the
learner of ``featrank.curves`` (``learner=LogisticRegression()``).

>>> from sklearn.pipeline import make_pipeline
>>> from sklearn.neighbors import KNeighborsClassifier
>>> from featrank.sklearn import FeatureSelector
>>> import featrank
>>> iris = featrank.datasets.load("iris")
>>> pipe = make_pipeline(FeatureSelector("relieff", k=2), KNeighborsClassifier()).fit(iris.x, iris.y)
>>> pipe[0].get_support().sum()
np.int64(2)
"""

from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, clone, is_classifier, is_regressor
from sklearn.feature_selection import SelectorMixin
from sklearn.utils.multiclass import type_of_target
from sklearn.utils.validation import check_is_fitted, validate_data

from . import Dataset, curves, rank
from .errors import ParameterError
from . import _defaults as _d


class FeatureSelector(SelectorMixin, BaseEstimator):
    """Keep the features a featrank ranker puts first.

    Parameters
    ----------
    method : str or your own method
        A ranker in featrank's spec grammar: ``"relieff:k=10"``, ``"info-gain"``, ``"forest"``,
        ``"svm-rfe"``, ``"mrmr"``, ``"ecfs"``, ``"rrelieff"`` (regression), ...; or your own, as
        ``featrank.ranker`` takes it: a function ``f(X, y) -> scores`` (``mutual_info_classif``), a scikit-learn
        estimator (``RandomForestClassifier()``) or selector, ``featrank.ranker(...)``. A rule for ``k`` runs
        it inside every training fold.
    k : int or str
        How many features to keep: a number, or a rule read off honest FFA curves of ``method`` (ranked inside
        every training fold of ``folds``-fold CV on the data given to ``fit``): ``"1se"`` (the fewest
        features within one corrected standard error of the best), ``"best"``, ``"within:0.01"``, ``"knee"``.
    learner : str
        The curve learner for a rule (``"knn:k=10"``, ``"svm:c=0.1,kernel=linear"``, ...).
    folds, repeats : int, default 5 and 1
        Cross-validation of the curves behind a rule: fewer than ``featrank.curves``' 10 × 10 on purpose, as
        the selector runs once per fit of a search or a pipeline.
    seed : int
        Seed of the ranker and the folds; same seed, same selection.
    n_jobs : int or None, default 1
        Worker processes for your own Python method in the curves behind a rule (None or 1: this process; -1:
        every core), as ``featrank.curves``' ``n_jobs``: a gain only for a method that holds the GIL.

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        The ranker's score of each column (higher = more relevant; NaN for rankers that give only an order).
    ranking_ : ndarray of shape (n_features,)
        1-based rank of each column.
    k_ : int
        The number of features kept.
    n_features_in_, feature_names_in_ : as in scikit-learn.

    Examples
    --------
    >>> import featrank
    >>> from featrank.sklearn import FeatureSelector
    >>> iris = featrank.datasets.load("iris")
    >>> sel = FeatureSelector("relieff", k="1se", seed=1).fit(iris.x, iris.y)
    >>> 1 <= sel.k_ <= 4
    True
    """

    def __init__(self, method="relieff", k=10, *, learner=_d.LEARNER, folds=5, repeats=1, seed=_d.SEED, n_jobs=1):
        self.method = method
        self.k = k
        self.learner = learner
        self.folds = folds
        self.repeats = repeats
        self.seed = seed
        self.n_jobs = n_jobs

    def fit(self, X, y, groups=None):
        """Rank the columns of ``X`` (``y``: labels or values, or a rows × labels indicator matrix / rows ×
        targets for several targets) and choose how many to keep. ``groups`` (one value per row: a patient,
        batch or subject id) keeps each group on one side of every split the ranker and the curves behind a rule
        make; inside ``GridSearchCV(..., cv=GroupKFold())`` it arrives by scikit-learn's metadata routing
        (``sklearn.set_config(enable_metadata_routing=True)``, ``FeatureSelector(...).set_fit_request(groups=True)``)."""
        # a rows × labels indicator matrix (multi-label) or rows × targets: a target set; one column: one target
        shape = getattr(y, "shape", None)  # not np.shape: array-likes may refuse NumPy's functions
        if shape is None and isinstance(y, (list, tuple)) and len(y) and isinstance(y[0], (list, tuple)):
            shape = (len(y), len(y[0]))
        several = shape is not None and len(shape) == 2 and shape[1] > 1
        # sparse X stays sparse (the Dataset keeps it so; rankers without a sparse algorithm densify after the
        # memory check); NaN allowed in dense X (missing values)
        X, y = validate_data(self, X, y, accept_sparse=("csr", "csc", "coo"), ensure_all_finite="allow-nan",
                             dtype=np.float64, multi_output=several)
        task = "auto" if several else "regression" if type_of_target(y) == "continuous" else "classification"
        names = [f"x{j}" for j in range(X.shape[1])]
        data = Dataset(X, y, task=task, feature_names=names, groups=None if groups is None else np.asarray(groups))
        ranking = rank(data, self.method, seed=self.seed)
        position = {f: i for i, f in enumerate(names)}
        self.ranking_ = np.empty(len(names), dtype=np.int64)
        self.scores_ = np.full(len(names), np.nan)
        scores = ranking.scores
        for r, f in enumerate(ranking.order):
            self.ranking_[position[f]] = r + 1
            if scores is not None:
                self.scores_[position[f]] = scores[r]
        if isinstance(self.k, str):
            run = curves(data, rankers=[self.method], learner=self.learner, folds=self.folds, repeats=self.repeats,
                         expected=0, seed=self.seed, progress=False, n_jobs=self.n_jobs)
            self.k_ = run.decide(self.k).k(run.rankings[0], self.k)
        elif isinstance(self.k, (int, np.integer)) and not isinstance(self.k, bool) and self.k >= 1:
            self.k_ = int(min(self.k, len(names)))
        else:
            raise ParameterError._of("k", f"a number of features (at least 1) or a rule such as '1se', got {self.k!r}")
        return self

    def _get_support_mask(self):
        check_is_fitted(self)
        return self.ranking_ <= self.k_

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        tags.input_tags.sparse = True
        tags.target_tags.required = True
        return tags


def _kind(estimator):
    """(classifier, regressor) of a scikit-learn estimator."""
    return bool(is_classifier(estimator)), bool(is_regressor(estimator))


def _fit_predict(estimator, X_train, y_train, X_test, n_classes):
    """A clone of ``estimator`` fitted on the training rows: class codes and per-class scores of the test
    rows (``n_classes`` > 0), or predicted values and None (regression). Called from Rust per split and size."""
    model = clone(estimator).fit(X_train, y_train)
    if n_classes == 0:
        return np.ascontiguousarray(model.predict(X_test), dtype=np.float64), None
    labels = np.asarray(model.predict(X_test)).astype(np.int64)
    scores = np.zeros((X_test.shape[0], n_classes))
    if hasattr(model, "predict_proba"):
        scores[:, np.asarray(model.classes_, dtype=np.int64)] = model.predict_proba(X_test)
    else:
        scores[np.arange(len(labels)), labels] = 1.0
    return labels, scores
