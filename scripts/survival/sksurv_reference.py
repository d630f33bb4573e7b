"""scikit-survival's Harrell C, Uno's C, integrated Brier score, Cox model and random survival forest on a bundled
dataset with survival times built from it: the reference of featrank's `c_index`, `uno_c` and `ibs` measures and
`cox` and `rsf` learners (tests/suite/survival.rs builds the same times).

usage: python scripts/survival/sksurv_reference.py > tests/reference/sksurv.csv   (pip install scikit-survival)
"""

import numpy as np
from sksurv.ensemble import RandomSurvivalForest
from sksurv.linear_model import CoxPHSurvivalAnalysis
from sksurv.metrics import concordance_index_censored, concordance_index_ipcw, integrated_brier_score
from sksurv.util import Surv

table = np.genfromtxt("data/diabetes-progression.csv", delimiter=",", names=True)
features = table.dtype.names[:10]
x = np.column_stack([table[f] for f in features])
i = np.arange(len(table))
event = i % 4 != 0
cases = {"ties": 1000 / table["progression"], "distinct": 1000 / table["progression"] + i * 1e-4}
print("case,kind,term,value")
for name, time in cases.items():
    # Harrell's C of each feature as a risk score, as it is and rounded to 2 decimals (tied risks)
    for t in range(10):
        for kind, risk in (("cindex", x[:, t]), ("cindex_rounded", np.round(x[:, t], 2))):
            print(f"{name},{kind},{t + 1},{concordance_index_censored(event, time, risk)[0]:.17g}")
    # Uno's C: the censoring distribution of the training rows (i % 3 != 0), the test rows i % 3 == 0, tau the 80 %
    # quantile of the training times (numpy's default, linear)
    train, test = i % 3 != 0, i % 3 == 0
    y_train, y_test = Surv.from_arrays(event[train], time[train]), Surv.from_arrays(event[test], time[test])
    tau = np.quantile(time[train], 0.8)
    for t in range(10):
        for kind, risk in (("uno", x[test, t]), ("uno_rounded", np.round(x[test, t], 2))):
            print(f"{name},{kind},{t + 1},{concordance_index_ipcw(y_train, y_test, risk, tau=tau)[0]:.17g}")
    # the integrated Brier score on featrank's grid: the test rows' distinct event times before tau and before
    # their last time
    grid = np.unique(time[test][event[test] & (time[test] < min(tau, time[test].max()))])
    for ties in ("efron", "breslow"):
        model = CoxPHSurvivalAnalysis(ties=ties, n_iter=1000, tol=1e-14).fit(x, Surv.from_arrays(event, time))
        for t, b in enumerate(model.coef_):
            print(f"{name},coef_{ties},{t + 1},{b:.17g}")
        # the model fitted on the training rows: the test rows' Breslow survival functions
        fit = CoxPHSurvivalAnalysis(ties=ties, n_iter=1000, tol=1e-14).fit(x[train], y_train)
        survival = np.vstack([f(grid) for f in fit.predict_survival_function(x[test])])
        print(f"{name},ibs_{ties},0,{integrated_brier_score(y_train, y_test, survival, grid):.17g}")
    # a random survival forest (100 trees, sqrt of the features per split, leaves of 3 rows) fitted on the
    # training rows: Harrell's C of its risk on the test rows, one forest per seed (the spread a forest has)
    for seed in range(5):
        forest = RandomSurvivalForest(n_estimators=100, max_features="sqrt", min_samples_leaf=3, random_state=seed)
        risk = forest.fit(x[train], y_train).predict(x[test])
        print(f"{name},rsf_cindex,{seed},{concordance_index_censored(event[test], time[test], risk)[0]:.17g}")
