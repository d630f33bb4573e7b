"""Write the Python notebooks from the cell lists below (markdown cells start with '# md'). Run it after
editing a notebook's cells here: `python3 python/notebooks/make_notebooks.py`."""
import json
import pathlib

HERE = pathlib.Path(__file__).parent


def notebook(cells):
    out = []
    for text in cells:
        text = text.strip("\n")
        if text.startswith("# md\n"):
            out.append({"cell_type": "markdown", "id": f"cell-{len(out)}", "metadata": {}, "source": text[5:]})
        else:
            out.append({"cell_type": "code", "id": f"cell-{len(out)}", "metadata": {}, "execution_count": None,
                        "outputs": [], "source": text})
    return {
        "cells": out,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


QUICKSTART = [
    """# md
# 01 — Quickstart from Python: rank features, draw error curves, score the rankings

The Python twin of `notebooks/01_quickstart.ipynb`: the same Rust library, the same spec grammar and, with the
same seed, the same numbers as the Rust API and the `featrank` CLI. Every result shows itself: a cell that ends
with one draws a figure or a table.""",
    """import featrank
print("featrank", featrank.__version__)""",
    """# md
## A bundled dataset

`ionosphere`: 351 radar returns, 34 numeric features, two classes. Your own data comes in as a pandas or Polars
DataFrame (`featrank.Dataset(df, target="class")`), a pyarrow Table or NumPy `X, y` (`featrank.Dataset(X, y)`).""",
    """print(", ".join(featrank.datasets.names()))
data = featrank.datasets.load("ionosphere")
data""",
    """# md
## Three rankings

ReliefF (k = 10 nearest hits and misses), information gain (after MDL discretisation) and random-forest
permutation importance, each from its spec as in the CLI (`featrank rank --method ...`). Same seed, same ranking.""",
    """relief = featrank.rank(data, "relieff:k=10", seed=1).with_name("ReliefF")
ig = featrank.rank(data, "info-gain", seed=1).with_name("IG")
forest = featrank.rank(data, "forest", seed=1).with_name("RF")
for r in (relief, ig, forest):
    print(f"{r.name:>8}: {', '.join(r.top(5))}")
relief""",
    """# md
## Error curves

A ranking is good when a model on its **top** k features is accurate (FFA) and a model on its **bottom** k is
poor (RFA). The grey band is 50 random rankings. kNN (k = 10), 10-fold CV twice; a progress bar shows while it
runs (tqdm), and the notebook's stop button interrupts it.""",
    """curves = featrank.curves(data, rankings=[relief, ig, forest], learner="knn:k=10", folds=10, repeats=2,
                         expected=50, grid="full", seed=7)
curves""",
    """# md
Both curves end in the same model, the one on all features — **FFA(n) = RFA(n)**. The long table goes to
Polars or pandas:""",
    """import polars as pl
table = curves.to_polars()
table.filter(pl.col("k") == data.n_features).pivot(on="curve", index="ranking", values="mean")""",
    """# md
## Scores

ECA against the expected curve (positive = better than random), four weightings; then every ranking against
every other.""",
    """curves.eca_table()""",
    """curves.compare()""",
    """# md
## Honest curves

Give rankers instead of rankings and each runs inside every training split, so no test row helps choose the
features — and the same run says how stable each ranker is.""",
    """honest = featrank.curves(data, rankers=["relieff:k=10", "info-gain"], folds=10, repeats=2, expected=20, seed=7)
honest.stability(sizes=[1, 2, 5, 10, 20])""",
    """# md
## Keeping the results""",
    """import os
os.makedirs("out", exist_ok=True)
curves.save_svg("out/01_ionosphere_curves.svg")
curves.to_pandas().to_csv("out/01_ionosphere_curves.csv", index=False)
print("saved out/01_ionosphere_curves.svg and .csv")""",
    """# md
## When something is wrong

Every error is a `featrank.Error` (a `ValueError`) whose message names the column or parameter at fault:""",
    """try:
    featrank.Dataset(data.to_pandas(), "Class")
except featrank.Error as e:
    print("featrank.Error:", e)""",
]

DECISIONS = [
    """# md
# 08 — From curves to decisions, from Python

The Python twin of `notebooks/08_decisions.ipynb`: **how many features** to keep, whether ranking **A beats B**
beyond resampling noise, whether a ranking is **better than random**, and **which features are real** — all from
one run of curves, plus a scikit-learn selector that applies the decision inside a `Pipeline`.""",
    """import featrank""",
    """# md
## Synthetic data with known truth

`combined`: 1,000 rows, 100 binary features of which 27 carry the class (single features, pairs, XOR-like
interactions). The ground-truth ranking (fixed) against ReliefF and information gain ranked inside every split.""",
    """s = featrank.synth.generate("combined", seed=1)
print(s)
curves = featrank.curves(s.data, rankings=[s.truth.with_name("GT")], rankers=["relieff", "info-gain"],
                         folds=10, repeats=5, expected=20, seed=1)
curves""",
    """# md
### How many features?

*best* (peak of the mean), *1se* (fewest features within one corrected standard error of the peak), *within:0.01*
and *knee*.""",
    """sizes = curves.decide()
sizes""",
    """print(f"ground truth: best at k = {sizes.k('GT', 'best')}, one standard error at k = {sizes.k('GT', '1se')}; "
      f"{len(s.relevant)} features are relevant")""",
    """# md
### Is A better than B, and better than random?""",
    """tests = curves.significance()
tests""",
    """for r in curves.rankings:
    print(f"{r:>10}: {tests.verdict(r)}")""",
    """# md
### Stable and accurate?

A ranker that picks different features on every split is hard to trust even when its curve is high. At the size
the 1-SE rule chose, each ranker run inside the splits is a point (Nogueira's φ of its top-k sets, its accuracy
there); the **Pareto front** holds those no other beats on both, and RPT (Saeys et al. 2008) is the one number
that weighs them equally (`beta=2` favours stability).""",
    """k = sizes.k("relieff", "1se")
both = curves.trade_off(k)
print(f"k = {k}: on the front {both.front}; best RPT {both.best_rpt}")
both""",
    """# md
## How good is the whole procedure? Nested evaluation

The best point of a curve was picked after seeing the curve: an optimistic estimate of the model it selects. Nested
evaluation chooses the ranker's and the learner's parameters and the subset size (1-SE rule) by an inner 5-fold CV
on every outer training split, refits the choice, and scores it on the outer test rows. On Alon et al.'s colon data
(62 tissues × 2,000 genes; not bundled — set `FEATRANK_DATA` to the folder holding `colon.csv.gz`) or, without it,
on null data with the same shape, where the honest answer is chance.""",
    """try:
    data, name = featrank.datasets.external("colon"), "colon"
except featrank.Error as e:
    print(f"colon not found ({e}); using null data of the same shape instead")
    data, name = featrank.synth.generate("null", rows=62, seed=1).data, "null data"
nested = featrank.nested(data, ["relieff:k=10", "fisher"], learner="svm:c=[0.1,1],kernel=linear", folds=10,
                         repeats=1, grid="1,2,5,10,20,50,100,200,500", seed=1)
mean, lo, hi = nested.estimate
print(f"{name}: nested accuracy {mean:.3f} [{lo:.3f}, {hi:.3f}]; the ordinary curves' best point claims "
      f"{mean + nested.optimism:.3f} (optimism {nested.optimism:+.3f})")
nested""",
    """# md
## Which features are real? Shadow features

Each feature against shuffled copies of itself over 99 rounds: p-values, Benjamini–Hochberg q-values, verdicts.""",
    """shadows = featrank.rank_table(s.data, "shadow:base=(relieff),rounds=99", seed=1)
df = shadows.to_pandas()
confirmed = set(df.loc[df.verdict == "confirmed", "feature"])
print(f"confirmed {len(confirmed)}: {len(confirmed & set(s.relevant))} of the {len(s.relevant)} relevant, "
      f"{len(confirmed - set(s.relevant))} irrelevant")
shadows""",
    """# md
## The decision inside a scikit-learn pipeline

`FeatureSelector("relieff", k="1se")` reads the 1-SE size off honest curves of its own training data, then keeps
ReliefF's top features; `cross_val_score` refits all of it in every fold.""",
    """from sklearn.model_selection import cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from featrank.sklearn import FeatureSelector

wdbc = featrank.datasets.load("wdbc")
pipe = make_pipeline(FeatureSelector("relieff", k="1se", seed=1), KNeighborsClassifier(10))
scores = cross_val_score(pipe, wdbc.x, wdbc.y, cv=5)
print(f"accuracy {scores.mean():.3f} ± {scores.std():.3f} with", pipe.fit(wdbc.x, wdbc.y)[0].k_, "features")""",
    """# md
## Your own model as the curve learner

Any scikit-learn estimator or pipeline draws the curves (cloned and fitted on every split and size — slower than
the built-in learners, which reuse work across sizes).""",
    """from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
logistic = make_pipeline(StandardScaler(), LogisticRegression())   # scaled inside each training split
featrank.curves(wdbc, rankers=["relieff", "info-gain"], learner=logistic, folds=5, repeats=1, expected=3,
                grid="1,2,3,5,8,13,21,30", seed=2)""",
]

SYNTHETIC = [
    """# md
# 02 — Synthetic validation from Python: does the ECA score follow ranking quality?

The Python twin of `notebooks/02_synthetic_validation.ipynb`. On real data nobody knows the correct ranking; on
synthetic data we do. We generate the binary `combined` data (Slavkov et al. 2018, Table 3), whose ground truth —
each feature's relevance in bits — is exact, spoil that ranking by a controlled amount θ, and check that both the
rank distance to the truth and the ECA score grow with θ. Then the rankers meet the truth.""",
    """import numpy as np
import pandas as pd
import featrank

synth = featrank.synth.generate("combined", seed=1)
data, truth = synth.data, synth.truth
print(synth)
synth.truth_table()""",
    """# md
## Rankings of controlled quality

A fraction θ of the features gets a random relevance in [0, max relevance]; θ = 1 is a random ranking. The
distance to the truth is 1 − Spearman ρ, averaged over 20 realisations ([P20] Eq. 6).""",
    """table = synth.truth_table().to_pandas()
features, relevance = table["feature"].tolist(), table["relevance"].to_numpy()
rng = np.random.default_rng(7)

def noisy(theta, name):
    scores = relevance.copy()
    spoiled = rng.choice(len(scores), size=round(theta * len(scores)), replace=False)
    scores[spoiled] = rng.uniform(0, relevance.max(), size=len(spoiled))
    return featrank.Ranking.from_scores(features, scores.tolist(), name=name)

def spearman(a, b):
    ra = np.array([a.rank_of(f) for f in features], dtype=float)
    rb = np.array([b.rank_of(f) for f in features], dtype=float)
    return np.corrcoef(ra, rb)[0, 1]

thetas = [0.05, 0.1, 0.2, 0.5, 1.0]
families = {theta: [noisy(theta, f"θ={theta} #{t}") for t in range(20)] for theta in thetas}
distance = {theta: 1 - np.mean([spearman(truth, r) for r in rs]) for theta, rs in families.items()}
pd.DataFrame({"θ": thetas, "distance to the truth": [distance[t] for t in thetas]})""",
    """# md
## Error curves of the noisy rankings

Every noisy ranking's FFA/RFA curves (kNN, 5-fold CV), then ECA of the ground truth against each: positive =
the truth is better. The mean over each θ's 20 rankings should rise with θ, as the distance does.""",
    """rankings = [truth.with_name("GT")] + [r for rs in families.values() for r in rs]
curves = featrank.curves(data, rankings=rankings, learner="knn:k=10", folds=5, repeats=1, expected=0,
                         grid="1,2,3,4,5,6,8,10,12,15,20,30,50,100", seed=1)
eca = curves.compare().to_pandas()
eca.head()""",
    """gt_vs = eca[(eca["ranking"] == "GT") & (eca["weighting"] == "uniform")].set_index("baseline")["eca"]
summary = pd.DataFrame({
    "θ": thetas,
    "distance": [distance[t] for t in thetas],
    "ECA(GT, R_θ), mean of 20": [gt_vs[[r.name for r in families[t]]].mean() for t in thetas],
})
assert summary["ECA(GT, R_θ), mean of 20"].is_monotonic_increasing
print(f"corr(ECA, distance) = {np.corrcoef(summary.iloc[:, 1], summary.iloc[:, 2])[0, 1]:.3f}")
summary""",
    """# md
## The rankers against the truth

ReliefF finds the XOR pairs (it looks at neighbours), information gain cannot (each feature of a pair alone
says nothing about the class); both beat random rankings. The shaded band is the expected curve of 20 random
rankings.""",
    """shown = featrank.curves(data, rankings=[truth.with_name("GT")], rankers=["relieff", "info-gain"],
                        learner="knn:k=10", folds=5, repeats=2, expected=20,
                        grid="1,2,3,4,5,6,8,10,12,15,20,30,50,100", seed=1)
shown""",
    """found = {name: len(set(shown.rank_distribution(name, top=len(synth.relevant)).to_pandas()
                             .query("top_" + str(len(synth.relevant)) + " >= 0.5")["feature"]) & set(synth.relevant))
         for name in ["relieff", "info-gain"]}
print(f"relevant features in the top {len(synth.relevant)} of most splits: {found} of {len(synth.relevant)}")
shown.eca_table()""",
]

SELECTION_BIAS = [
    """# md
# 07 — Selection bias and nested evaluation from Python

The Python twin of `notebooks/07_selection_bias.ipynb`. A ranking made on **all rows** and then judged by
cross-validation has already seen every test row: with many more features than rows, some features separate the
classes by chance, the ranking finds them, and the curves say that noise predicts (Ambroise & McLachlan 2002).
Give `featrank.curves` a **ranker** instead of a ranking and it ranks inside every training split; give
`featrank.nested` the whole procedure and an inner CV chooses the ranker, the learner's parameters and the
subset size, so that no number is chosen on the rows that judge it.""",
    """import pandas as pd
import featrank

null = featrank.synth.generate("null", seed=1)   # 60 rows × 2000 standard-normal features, labels independent
noise = null.data
print(null)""",
    """# md
## Pure noise

Fisher score ranks the features once on all rows (a fixed ranking) and once inside every training fold; kNN
(k = 5), 10-fold CV repeated 5 times, 20 random rankings. Chance is 0.5.""",
    """fixed = featrank.rank(noise, "fisher").with_name("Fisher, all rows")
curves = featrank.curves(noise, rankings=[fixed], rankers=["fisher"], learner="knn:k=5", folds=10, repeats=5,
                         expected=20, seed=1)
curves""",
    """table = curves.to_polars().to_pandas()
ffa = table[(table["curve"] != "RFA") & table["k"].isin([1, 5, 10, 20, 50])]
ffa.pivot_table(index="k", columns="ranking", values="mean").round(3)""",
    """# md
The fixed ranking's top genes "predict" pure noise far above chance; ranked inside the folds, the same method
stays within chance's spread. One number per ranking, against the expected curve:""",
    """curves.significance().verdicts()""",
    """# md
## The same with scikit-learn

The mistake is as easy in scikit-learn: select on all rows, then cross-validate. `FeatureSelector` inside a
`Pipeline` ranks inside each training split.""",
    """from sklearn.model_selection import cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from featrank.sklearn import FeatureSelector

X, y = noise.x, noise.y
top = [noise.feature_names.index(f) for f in fixed.top(20)]
biased = cross_val_score(KNeighborsClassifier(5), X[:, top], y, cv=10).mean()
honest = cross_val_score(make_pipeline(FeatureSelector("fisher", k=20), KNeighborsClassifier(5)), X, y, cv=10).mean()
pd.DataFrame({"20 Fisher features chosen": ["on all rows, then CV", "inside each training split"],
              "accuracy on pure noise": [round(biased, 3), round(honest, 3)]})""",
    """# md
## Stability from the same run

Every split's ranking was kept (50 per ranker): their stability (Canberra, Kuncheva, Nogueira's φ with its
interval) comes from the same run. Stability measures how much the splits' rankings agree, not whether they are
right: 10-fold training splits share 90 % of their rows, so Fisher's top genes on noise agree far above chance —
stable, and stably meaningless. Read stability beside the curves, never alone.""",
    """curves.stability(sizes=[5, 10, 20, 50])""",
    """# md
## Nested evaluation on real data

The Wisconsin breast-cancer data (569 × 30, bundled). The outer 5-fold CV scores a procedure whose every choice —
ReliefF or Fisher, the SVM's C, the subset size by the one-standard-error rule — is made by an inner 5-fold CV on
the outer training rows. The optimism is how much the ordinary curves' best point flatters the same procedure.""",
    """wdbc = featrank.datasets.load("wdbc")
nested = featrank.nested(wdbc, ["relieff:k=10", "fisher"], learner="svm:c=[0.1,1],kernel=linear", folds=5,
                         grid="1,2,3,5,8,13,21,30", seed=1)
print(f"nested estimate {nested.estimate[0]:.3f} [{nested.estimate[1]:.3f}, {nested.estimate[2]:.3f}], "
      f"optimism of the ordinary best point {nested.optimism:+.3f}")
nested""",
    """nested.choices()""",
    """# md
## Samples of one subject: a leak through the study's design

Several rows per patient (biopsies, replicates, time points) are more alike than rows of different patients.
Folds that shuffle rows put one patient's samples on both sides of a split, and the model is tested on what it has
seen. `synth.generate("replicates")`: 30 subjects of 4 rows, 50 features, each subject's class drawn apart from
every feature — nothing predicts a new subject's class. `groups="subject"` keeps every subject on one side of
every split (stratified group k-fold), and of every resampling inside a training split too.""",
    """rep = featrank.synth.generate("replicates", seed=1)
df = pd.DataFrame(rep.data.x, columns=rep.data.feature_names)
df["subject"], df["class"] = rep.data.groups, rep.data.y
settings = dict(rankers=["fisher"], learner="knn:k=10", folds=5, repeats=2, expected=10, seed=1, progress=False)
divided = featrank.curves(df.drop(columns="subject"), target="class", **settings)
kept = featrank.curves(df, target="class", groups="subject", **settings)
pd.DataFrame({"folds": ["rows shuffled: a subject on both sides", "subjects kept whole (" + kept.description.split(" · ")[1] + ")"],
              "ECA of Fisher against random rankings": [round(c.eca("fisher"), 3) for c in (divided, kept)],
              "best FFA accuracy": [round(c.to_pandas().query("curve == 'FFA' and ranking == 'fisher'")["mean"].max(), 3)
                                    for c in (divided, kept)]})""",
    """kept""",
    """# md
The same folds serve scikit-learn: `featrank.splits` gives any featrank plan as `(train, test)` index pairs, what
`cv=` takes (here the grouped plan: the subjects' rows never on both sides).""",
    """from sklearn.model_selection import cross_val_score

X, y = rep.data.x, rep.data.y
pd.DataFrame({"folds": ["shuffled rows", "subjects kept whole"],
              "kNN accuracy, all 50 features": [
                  round(cross_val_score(KNeighborsClassifier(10), X, y, cv=featrank.splits((X, y), folds=5)).mean(), 3),
                  round(cross_val_score(KNeighborsClassifier(10), X, y,
                                        cv=featrank.splits((X, y), groups=rep.data.groups, folds=5)).mean(), 3)]})""",
]


REAL_DATA = [
    """# md
# 04 — Comparing rankers over real datasets: Friedman, Nemenyi and the critical-difference diagram

The Python twin of `notebooks/04_real_data_comparison.ipynb`. Slavkov et al. (2018, Table 5) scored four rankers —
information gain, random-forest importance, ReliefF and SVM-RFE — on 28 datasets by their ECA against random
rankings and compared them with the Friedman test and Nemenyi's post-hoc test (Demšar 2006). This notebook
re-analyses the paper's printed table, then runs a comparison of its own on seven bundled datasets — with the
rankers run **inside** every training split, so no test row helps choose the features — and reads it the same
way.""",
    """import featrank
import pandas as pd""",
    """# md
## The paper's Table 5, re-analysed

One row per dataset, one column per ranker (ECA, w = 1; higher is better). The digest of the paper lists the
expected statistics: average ranks IG 2.196, RF 3.518, ReliefF 1.946, SVM-RFE 2.339; χ²_F = 24.54; F_F = 11.14;
CD = 0.8864 at α = 0.05.""",
    """table5 = pd.DataFrame(
    [[0.269, 0.299, 0.316, 0.297], [0.056, 0.007, 0.027, 0.043], [0.041, 0.041, 0.057, 0.053],
     [0.277, 0.260, 0.266, 0.209], [0.125, 0.059, 0.167, 0.161], [0.025, 0.013, 0.012, -0.003],
     [0.246, 0.206, 0.190, 0.194], [0.050, 0.037, 0.128, 0.110], [0.085, -0.081, 0.079, 0.066],
     [0.279, -0.056, 0.283, 0.248], [0.083, 0.040, 0.033, 0.154], [0.028, -0.009, -0.026, 0.004],
     [0.099, 0.049, 0.163, 0.116], [0.167, 0.192, 0.215, 0.149], [0.032, 0.008, 0.067, 0.086],
     [0.023, -0.002, 0.013, 0.022], [0.159, 0.039, 0.150, 0.130], [0.178, 0.057, 0.163, 0.163],
     [0.146, 0.058, 0.110, 0.147], [0.116, 0.088, 0.041, 0.136], [0.140, 0.056, 0.175, 0.164],
     [0.118, 0.045, 0.355, 0.281], [0.212, 0.067, 0.236, 0.232], [0.066, 0.060, 0.096, 0.070],
     [0.142, 0.084, 0.292, 0.261], [0.072, -0.052, 0.082, 0.069], [0.193, 0.181, 0.217, 0.144],
     [0.180, -0.190, 0.188, 0.210]],
    columns=["IG", "RF", "ReliefF", "SVM-RFE"])
paper = featrank.friedman(table5)
print(f"χ²_F = {paper.chi2:.2f} (p = {paper.chi2_p:.2g}), F_F = {paper.iman_davenport:.2f}")
assert abs(paper.chi2 - 24.54) < 0.01 and abs(paper.iman_davenport - 11.14) < 0.01
paper""",
    """paper_cd = paper.critical_difference(0.05)
print(f"CD = {paper_cd.cd:.4f}; significantly different: {paper_cd.significant_pairs()}")
paper_cd""",
    """# md
## A comparison of our own, honest

Seven bundled datasets (UCI, as in the papers), the four rankers of the paper plus mRMR (Peng et al. 2005,
which the paper did not have), each run inside every training split of a 5-fold CV repeated twice, kNN curves (k = 10), ECA against 20 random rankings.
Each run is one line; the ECA table of each dataset becomes a row of the comparison.""",
    """names = ["breast-cancer", "breast-w", "credit-g", "diabetes", "ionosphere", "sonar", "vote"]
rankers = ["info-gain", "forest", "relieff", "svm-rfe", "mrmr"]
rows = {}
for name in names:
    run = featrank.curves(name, rankers=rankers, learner="knn:k=10", folds=5, repeats=2, expected=20, seed=1,
                          progress=False)
    eca = run.eca_table().to_pandas()
    rows[name] = eca.set_index("ranking")["uniform"]
    print(f"{name:>14}: best {rows[name].idxmax()} (ECA {rows[name].max():.3f})")
ours = pd.DataFrame(rows).T
ours.round(3)""",
    """# md
A ranker's assumptions are checked, not ignored: the Fisher score, say, refuses these datasets' nominal features
by name instead of ranking their level codes. Friedman and Nemenyi over the seven datasets:""",
    """mine = featrank.friedman(ours)
mine""",
    """mine.critical_difference(0.05)""",
    """# md
With seven datasets the critical difference is wide (five methods, N = 7): read the average ranks as a first
indication and the diagram's bars as "not told apart". The paper needed 28 datasets to separate RF from the rest.""",
]


CONSENSUS = [
    """# md
# 06 — Missing values: consensus ranking and the Performance Index

The Python twin of `notebooks/06_missing_values_consensus.ipynb`. Clinical and survey data have holes, and
imputing them changes what a ranker sees. Fakhraei et al. rank each feature by the **consensus** of five
classifiers (tree, naive Bayes, linear SVM, 3-NN, multilayer perceptron), each trained on that feature alone on the
rows where it is present, scored by cross-validated AUC. They judge rankings by the **Performance Index**: PI(N)
is the mean of the accuracies of the top-i subsets (i ≤ N), each on the rows complete on its features, weighted
by n_i / i.

The `vote` data (435 members of Congress, 16 votes, a few percent missing) is the example; a pandas DataFrame
with NaN works the same way (`featrank.Dataset(df, target=...)`: missing values are kept, never imputed).""",
    """import featrank
vote = featrank.datasets.load("vote")
vote""",
    """# md
## The consensus ranking

`rank_table` gives every feature's consensus score (the five classifiers' cross-validated AUCs on that feature
alone, combined) and its rank; ReliefF and information gain rank the same data for comparison.""",
    """featrank.rank_table(vote, "consensus", seed=1)""",
    """rankings = [featrank.rank(vote, "consensus", seed=1).with_name("consensus"),
            featrank.rank(vote, "relieff", seed=1).with_name("ReliefF"),
            featrank.rank(vote, "info-gain", seed=1).with_name("IG")]
for r in rankings:
    print(f"{r.name:>9}: {', '.join(r.top(5))}")""",
    """# md
## Performance Index curves

Naive Bayes, 10-fold CV on the rows complete on each top-i subset, N = 1 … 16.""",
    """pi = featrank.performance_index(vote, rankings, learner="nb", folds=10, seed=1)
last = pi.to_pandas().groupby("ranking").last()
print(last[["n", "rows", "pi"]])
pi""",
    """# md
## The same rankings by error curves

The PI drops incomplete rows; error curves keep every row and let the learner handle the holes (kNN uses Weka's
distance: a missing nominal value differs by 1 from anything). The two views need not agree.""",
    """curves = featrank.curves(vote, rankings=rankings, learner="knn:k=10", folds=10, repeats=2, expected=50,
                         grid="full", seed=1, progress=False)
curves""",
    """curves.eca_table()""",
]


MULTI_LABEL = [
    """# md
# 09 — Several targets: ranking and error curves for multi-label data

The Python twin of `notebooks/09_multi_label.ipynb`. `emotions` (bundled; MEKA's `Music`): 592 pieces of music,
71 rhythm and timbre features, six emotion labels a piece may have together (Trohidis et al. 2008). Which
features matter for the label **set**? Rank them with a ranker that sees every label at once (ReliefF with a
distance between label sets) or one label at a time (binary relevance), and judge the rankings with error
curves of a multi-label learner, scored by Hamming loss (the share of wrong labels: **lower is better**).""",
    """import featrank
emotions = featrank.datasets.load("emotions")
print(emotions.task, "with", len(emotions.targets), "labels:", ", ".join(emotions.targets))
emotions""",
    """# md
## Rankings of the label set

- `relieff`: ReliefF on the label set, the distance between two rows' labels the Hamming distance (Petković et
  al. 2018; `distance=jaccard` and `subset` are the alternatives);
- `br:base=(relieff)`: binary relevance — ReliefF per label, each feature's scores averaged over the labels;
- `br:base=(info-gain)`: the same with information gain.""",
    """rankings = [featrank.rank(emotions, spec, seed=1).with_name(name)
            for spec, name in [("relieff", "ReliefF"), ("br:base=(relieff)", "BR-ReliefF"),
                               ("br:base=(info-gain)", "BR-IG")]]
for r in rankings:
    print(f"{r.name:>11}: {', '.join(r.top(4))}")
featrank.rank_table(emotions, "relieff", seed=1)""",
    """# md
## Honest error curves with binary-relevance kNN

The rankers run inside every training split (folds iteratively stratified, so every label keeps its share);
kNN (k = 10) votes every label from the same neighbours. 10-fold CV twice, 20 random rankings for the expected
curve.""",
    """rankers = ["relieff", "br:base=(relieff)", "br:base=(info-gain)"]
knn = featrank.curves(emotions, rankers=rankers, learner="knn:k=10", measure="hamming", folds=10, repeats=2,
                      expected=20, seed=1, progress=False)
knn""",
    """knn.eca_table()""",
    """# md
## The same rankers judged by ML-kNN

ML-kNN (Zhang & Zhou 2007) decides each label by a Bayesian rule on how many of the k nearest neighbours have it,
learned from the training rows' own neighbourhoods. A second learner is a check that a ranking's advantage is
not the learner's taste.""",
    """mlknn = featrank.curves(emotions, rankers=rankers, learner="ml-knn:k=10", measure="hamming", folds=10,
                        repeats=2, expected=20, seed=1, progress=False)
mlknn""",
    """mlknn.eca_table()""",
    """# md
## Stable rankers, and how many features

How alike the rankings of the 20 training splits are (Nogueira's stability, 1 = the same features every time),
and the sizes the curves suggest (*best*, *1se*: the fewest features within one standard error of the best).""",
    """knn.stability(sizes=[1, 5, 10, 20, 40])""",
    """knn.decide()""",
]


WHICH_IMPORTANCE = [
    """# md
# 10 — Which importance should I trust? Gradient-boosting gain, mean |SHAP|, permutation, ReliefF and mRMR, judged honestly

A gradient-boosted model gives three answers to "which features matter": its **gain** importance, the mean
absolute **SHAP** value (Lundberg & Lee 2017), and **permutation importance**. Filters (ReliefF, mRMR) give more.
They disagree; which to trust is an empirical question, and featrank answers it the way the papers behind it do:
**error curves**. Keep the top k features and retrain (FFA — *keep and retrain*, KAR in the XAI literature), or
keep the bottom k (RFA — *remove and retrain*, ROAR; Hooker et al. 2019), against the curve of random rankings.

Every method here — your own Python functions and scikit-learn estimators included — runs **inside each training
split**: the importances never see the rows that judge them, so the curves carry no selection bias
(notebook 07 shows what happens otherwise). Needs the extras `pip install "featrank[xai]"` (shap, lightgbm).""",
    """import time
import warnings

warnings.filterwarnings("ignore", message="IProgress not found")  # shap's progress bar, without ipywidgets
import numpy as np
import pandas as pd
import featrank
import lightgbm as lgb
import shap

warnings.filterwarnings("ignore", message=".*LightGBM binary classifier.*")  # shap's note on its output's shape
data = featrank.datasets.load("wdbc")   # Wisconsin diagnostic breast cancer: 569 × 30, two classes
data""",
    """# md
## The methods, as users already write them

A **scikit-learn estimator** is cloned and fitted on each split's training rows; featrank reads its
`feature_importances_` (LightGBM's `importance_type="gain"`: the total gain of the splits on each feature).
A **function** `f(X, y) -> scores` gets the split's training rows; here mean |SHAP| of a model fitted on them
(SHAP's TreeExplainer on the same booster). `featrank.ranker` gives each a name; results record it as `python:…`.
A small timer records how long the Python methods themselves take.""",
    """spent = {}

def timed(name, f):
    def run(X, y):
        start = time.perf_counter()
        out = f(X, y)
        spent[name] = spent.get(name, 0.0) + time.perf_counter() - start
        return out
    return run

def booster():
    return lgb.LGBMClassifier(n_estimators=100, learning_rate=0.1, num_leaves=15, importance_type="gain",
                              random_state=0, verbose=-1)

def gain(X, y):
    return booster().fit(X, y).feature_importances_

def mean_abs_shap(X, y):
    model = booster().fit(X, y)
    values = shap.TreeExplainer(model).shap_values(X)
    values = values[1] if isinstance(values, list) else values   # older shap: one array per class
    return np.abs(values).mean(axis=0)

methods = [
    featrank.ranker(timed("gain", gain), name="lightgbm-gain"),
    featrank.ranker(timed("shap", mean_abs_shap), name="mean-abs-shap"),
    "permutation:learner=(forest:trees=100),repeats=5",   # held-out permutation importance (featrank's own)
    "relieff:k=10",
    "mrmr",
]""",
    """# md
## Honest curves: keep the top k (KAR) and remove it (ROAR)

kNN (k = 10) on the kept features, 5-fold CV repeated 6 times (enough repeats for the Wilcoxon test below),
20 random rankings for the expected curve; every method ranks the training rows of each of the 30 splits.""",
    """start = time.perf_counter()
curves = featrank.curves(data, rankers=methods, learner="knn:k=10", folds=5, repeats=6, expected=20, seed=1,
                         progress=False)
total = time.perf_counter() - start
curves""",
    """# md
One number per method — ECA, the area between its curve and random rankings' (higher = better than random, for
the top of the ranking and against it) — and a verdict with its interval. A model's own importance explains
*that model*; whether its order is the best order to *select* by is what these numbers say, and a filter can win
it. `compare()` gives every pair of methods.""",
    """curves.significance().verdicts()""",
    """curves.eca_table()""",
    """# md
## Are the methods stable?

The same run kept every split's ranking: how much do the 30 rankings of each method agree on its top features
(Nogueira's φ with its interval; 0 = chance, 1 = the same set every time)?""",
    """curves.stability(sizes=[3, 5, 10])""",
    """# md
## How many features?

The subset size each rule reads off each method's FFA curve (the fewest features within one corrected standard
error of the best; the knee; …):""",
    """curves.decide()""",
    """# md
## The estimate of the whole procedure

The curves' best point was chosen on the same splits it is scored on. A nested run chooses the method (SHAP or
gain) and the subset size by an inner CV on each outer training split and scores the choice on the outer test
rows: the honest estimate of "rank with a booster, keep what the 1-SE rule says, fit kNN".""",
    """nested = featrank.nested(data, [featrank.ranker(gain, name="lightgbm-gain"),
                                  featrank.ranker(mean_abs_shap, name="mean-abs-shap")],
                         learner="knn:k=10", folds=5, inner_folds=3, grid="1,2,3,5,8,13,21,30", seed=1)
print(f"nested accuracy {nested.estimate[0]:.3f} [{nested.estimate[1]:.3f}, {nested.estimate[2]:.3f}]; "
      f"the ordinary curves' best point flatters it by {nested.optimism:+.3f}")
nested.choices()""",
    """# md
## What the Python methods cost

featrank's own work (the kNN curves at every size, the random rankings, the built-in rankers) runs in Rust, in
parallel, with the GIL released; the GIL is taken only while a Python method runs.""",
    """python = spent.get("gain", 0.0) + spent.get("shap", 0.0)
pd.DataFrame({"seconds": [round(spent.get("gain", 0.0), 2), round(spent.get("shap", 0.0), 2),
                          round(total - python, 2), round(total, 2)]},
             index=["LightGBM gain (30 fits)", "mean |SHAP| (30 fits + explanations)",
                    "featrank: built-in rankers, curves, random rankings", "the whole run"])""",
]


SINGLE_CELL = [
    """# md
# 12 — Single cells: which marker genes predict the cell type?

scanpy finds marker genes with `rank_genes_groups` (a t-test, a Wilcoxon test or a logistic regression per cell
type). featrank asks the question a marker panel is for — *do the genes it ranks first tell the cell types apart?*
— with honest FFA curves: every method, scanpy's too, ranks the training cells of each split only, and a kNN
classifier is judged on the held-out cells with the top k genes. The data is `pbmc68k_reduced`, which ships
inside scanpy: 700 blood cells × 765 genes, log-normalised expression in `raw` (a sparse CSR matrix, 33 %
non-zero), 10 cell types in `obs["bulk_labels"]`.""",
    """import warnings

import anndata
import numpy as np
import pandas as pd
import scanpy as sc
import featrank

from importlib.metadata import version

print("featrank", featrank.__version__, "· scanpy", version("scanpy"))""",
    """cells = sc.datasets.pbmc68k_reduced().raw.to_adata()  # log-normalised counts, sparse, with obs
data = featrank.Dataset(cells, target="bulk_labels")
data""",
    """# md
## scanpy's marker ranking as your own method

`rank_genes_groups` scores every gene for every cell type (one against the rest). A function that runs it on the
training cells it is given and keeps each gene's best score over the types (*how strongly is it a marker of some
type*) is a ranking method featrank can run inside every split: it gets the split's cells as a CSR matrix, their
types as codes and the gene names.""",
    """def scanpy_markers(method):
    def markers(X, y, feature_names):
        split = anndata.AnnData(X=X, var=pd.DataFrame(index=list(feature_names)),
                                obs=pd.DataFrame({"type": pd.Categorical(y.astype(str))},
                                                 index=[str(i) for i in range(len(y))]))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # logreg's convergence notes
            sc.tl.rank_genes_groups(split, "type", method=method, use_raw=False)
        found = split.uns["rank_genes_groups"]
        best = pd.Series(-np.inf, index=split.var_names)
        for group in found["scores"].dtype.names:  # each type's genes, with their scores
            score = pd.Series(found["scores"][group].astype(float), index=found["names"][group])
            best = np.maximum(best, score.reindex(best.index).fillna(-np.inf))
        return best.to_numpy()
    return featrank.ranker(markers, name=f"scanpy-{method}")

methods = ["fisher", "info-gain", "relieff",
           scanpy_markers("t-test"), scanpy_markers("wilcoxon"), scanpy_markers("logreg")]""",
    """# md
## The top genes of each method on all 700 cells""",
    """rankings = [featrank.rank(data, m) for m in methods]
pd.DataFrame({r.name: r.order[:10] for r in rankings})""",
    """# md
## Honest curves

5-fold CV × 6 repeats (stratified; the smallest type has 8 cells), kNN (k = 10, cosine distance) on the top k
genes (FFA) and the bottom k (RFA), 10 random rankings for the expected curve.""",
    """curves = featrank.curves(data, rankers=methods, learner="knn:k=10,distance=cosine",
                         grid=[1, 2, 5, 10, 20, 50, 100, 200, 400], folds=5, repeats=6, expected=10, seed=1,
                         progress=False)
curves""",
    """# md
ECA — the area between a method's curves and the random rankings' expected curve (higher is better) — under
its four weightings:""",
    """curves.eca_table()""",
    """# md
## Is the difference real, and are the panels stable?

Each method's ECA against the random rankings (corrected t-test over the 30 splits, Holm-adjusted), then how
much the top 10 and top 50 genes change from split to split (Kuncheva's index: 1 = the same genes every time).""",
    """curves.significance().verdicts()""",
    """curves.stability(sizes=[10, 50])""",
    """# md
How many genes? The smallest panel whose accuracy is within one standard error of the best, per method:""",
    """curves.decide("1se")""",
]


SPARSE_TEXT = [
    """# md
# 11 — Sparse text: which terms carry the class?

Text is held as a sparse matrix — documents × terms, mostly zeros. featrank keeps it sparse: the rankers that
score one term at a time (χ², information gain, …) read its compressed columns, the curves give each learner only
the columns they reach, and `knn:distance=cosine` (the distance text is compared with) and naive Bayes work on
the whole vocabulary as it is held. A SciPy CSR matrix goes in as scikit-learn users hold it; an AnnData
(single-cell data) goes in the same way, with its genes and an `obs` column.""",
    """import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.feature_selection import chi2
import featrank

print("featrank", featrank.__version__)""",
    """# md
## A corpus with known class-bearing terms

2,000 documents of 130 words over a 20,000-term Zipf vocabulary, two classes; 5 % of each document's words come
from 10 terms planted for its class. The 20 planted terms are the ground truth.""",
    """def corpus(docs, terms, seed=0):
    rng = np.random.default_rng(seed)
    length, signal, planted = 130, 0.05, 10
    zipf = 1.0 / np.arange(1, terms + 1)
    zipf = zipf[rng.permutation(terms)] / zipf.sum()
    y = np.arange(docs) % 2
    words = rng.choice(terms, size=(docs, length), p=zipf)
    own = rng.permutation(terms)[: 2 * planted].reshape(2, planted)
    chosen = rng.random((docs, length)) < signal
    words[chosen] = own[y[np.nonzero(chosen)[0]], rng.integers(0, planted, chosen.sum())]
    rows = np.repeat(np.arange(docs), length)
    X = sp.coo_matrix((np.ones(rows.size), (rows, words.ravel())), shape=(docs, terms)).tocsr()
    return X, np.where(y == 1, "sport", "politics"), {f"w{t}" for t in own.ravel()}

X, y, planted = corpus(2_000, 20_000)
data = featrank.Dataset(X, y, feature_names=[f"w{t}" for t in range(X.shape[1])])
data""",
    """# md
## Rankings — featrank's and your own

χ² and information gain as Weka computes them (on MDL-discretised counts), beside scikit-learn's count χ²
(`sklearn.feature_selection.chi2`) passed as a plain function: inside featrank it gets each split's rows as a
SciPy CSR matrix, as it would in a scikit-learn pipeline.""",
    """def count_chi2(X, y):
    return np.nan_to_num(chi2(X, y)[0])  # an empty term's χ² is NaN

methods = ["chi2", "info-gain", featrank.ranker(count_chi2, name="sklearn-chi2")]
top = {getattr(m, "name", m): featrank.rank(data, m).order[:20] for m in methods}
pd.DataFrame({"planted terms in the top 20": {name: len(planted & set(order)) for name, order in top.items()}})""",
    """# md
## Honest curves with the cosine kNN

Each method ranks the training rows of every split; kNN (k = 10, cosine) is fitted on the top k terms (FFA) and
on the bottom k (RFA), up to 500 terms — and on the whole vocabulary, which stays sparse. 5-fold CV × 2, with 10
random rankings for the expected curve.""",
    """curves = featrank.curves(data, rankers=methods, learner="knn:k=10,distance=cosine",
                         grid=[1, 2, 5, 10, 20, 50, 100, 200, 500], folds=5, repeats=2, expected=10, seed=1,
                         progress=False)
curves""",
    """curves.eca_table()""",
    """# md
## Do the per-split rankings agree, and is the difference real?""",
    """curves.stability(sizes=[10, 20])""",
    """curves.significance().verdicts()""",
    """# md
## Single-cell data: an AnnData

`featrank.Dataset(adata, target="cell_type")` takes scanpy's container: `X` (sparse or dense) with `var_names` as
the features and the target from `obs`. Here a small synthetic one: Poisson counts, 5 marker genes per cell type.""",
    """try:
    import anndata
except ImportError:
    anndata = None
    print("pip install 'featrank[anndata]' to read AnnData")
if anndata is not None:
    rng = np.random.default_rng(2)
    cells, genes = 600, 2_000
    kind = rng.integers(0, 3, cells)
    counts = rng.poisson(0.1, size=(cells, genes)).astype(float)
    for t in range(3):
        counts[kind == t, 5 * t:5 * t + 5] += rng.poisson(1.5, size=((kind == t).sum(), 5))
    adata = anndata.AnnData(X=sp.csr_matrix(counts),
                            obs=pd.DataFrame({"cell_type": np.array(["B", "T", "NK"])[kind]},
                                             index=[f"cell{i}" for i in range(cells)]),
                            var=pd.DataFrame(index=[f"gene{g}" for g in range(genes)]))
    cells_data = featrank.Dataset(adata, target="cell_type")
    display(cells_data, featrank.rank(cells_data, "fisher").to_pandas().head(15))""",
]


PENALISED = [
    """# md
# 13 — Penalised models and stability selection on a microarray-like study

With 60 patients and 2,000 genes the first model a bioinformatician reaches for is the **lasso**: its coefficients
rank the genes, and the order in which genes enter its path is a ranking too. **Stability selection**
(Meinshausen & Bühlmann 2010; Shah & Samworth 2013) asks a sharper question — which genes does the lasso pick on
*most halves* of the patients — and bounds the expected number of false selections. featrank runs all of them
inside every training split, against ReliefF and the band of random rankings, so the comparison stays honest.

The data are synthetic so the truth is known: 10 of the 2,000 genes shift with the class (two correlated
blocks of 5), the rest are noise.""",
    """import numpy as np
import pandas as pd
import featrank

rng = np.random.default_rng(7)
n, p = 60, 2000
y = np.repeat(["relapse", "remission"], n // 2)
X = rng.standard_normal((n, p))
shift = np.where(y == "relapse", 1.0, -1.0)
for block in (range(0, 5), range(5, 10)):       # two co-regulated blocks of 5 informative genes
    common = rng.standard_normal(n)
    for j in block:
        X[:, j] = 0.9 * shift + 0.6 * common + 0.8 * rng.standard_normal(n)
genes = [f"g{j:04d}" for j in range(p)]
truth = set(genes[:10])
study = pd.DataFrame(X, columns=genes).assign(outcome=y)
study.iloc[:5, [0, 1, 2, 10, 11, -1]]""",
    """# md
## Stability selection on all patients, with its error bound

`stability-selection:base=(lasso-path)`: 50 complementary pairs of halves (100 subsamples, stratified by class);
on each the first q genes to enter the lasso path are selected. q is the largest whose Shah–Samworth bound
(unimodal) on the expected number of false selections at threshold 0.75 is at most 1. The table carries the q,
the threshold and the bound on every row.""",
    """table = featrank.rank_table(study, "stability-selection:base=(lasso-path)", target="outcome", seed=1)
top = table.to_polars().head(12).to_pandas()
top.assign(true_gene=top["feature"].isin(truth))""",
    """# md
`selected` marks the genes whose frequency reaches the threshold; `pfer_bound` is how many of them may be false,
in expectation, at most. How many true genes each ranking puts in its top 10 — the lasso (λ by 10-fold CV inside
the rows), its order of entry, stability selection over the path, and ReliefF. The lasso keeps one or two genes
of a correlated block and drops the rest (the L1 penalty's known behaviour); over many halves stability selection
sees more of each block:""",
    """rankers = ["lasso", "lasso-path", "stability-selection:base=(lasso-path),subsamples=25", "relieff:k=10"]
found = {}
for r in rankers:
    order = featrank.rank(study, r, target="outcome", seed=1).order
    found[r] = len(truth & set(order[:10]))
pd.DataFrame({"true genes in the top 10": found})""",
    """# md
## Honest curves: every ranker inside every training split

5-fold CV repeated 6 times (enough for the Wilcoxon test to reach α = 0.05); each ranker (lasso's inner CV included) sees only the training patients of a split;
kNN (k = 5) judges the top-k genes; 20 random rankings give the band.""",
    """curves = featrank.curves(study, rankers=rankers, target="outcome", learner="knn:k=5", folds=5, repeats=6,
                         grid=[1, 2, 3, 5, 10, 20, 50, 100], expected=20, seed=1)
curves""",
    """curves.eca_table()""",
    """# md
Each ranking against the random band, as one decision per ranking:""",
    """curves.significance().verdicts()""",
    """# md
The bound is for the genes stability selection *selects* at the threshold, not for every k of the curve. The same
specs run from the CLI (`featrank rank … --method "stability-selection:base=(lasso-path)"`) and from Rust
(`featrank::rankers::StabilitySelection`).""",
]


SURVIVAL = [
    """# md
# 14 — Which gene ranking predicts survival?

In cancer genomics the outcome is most often a **time to an event with censoring**: each patient has a follow-up
time and whether the event (here: distant metastasis) was seen then, or the patient was still free of it when
follow-up ended. featrank takes such a target as it is — a (time, event) pair of a frame, or scikit-survival's
structured `y` — and judges gene rankings for it as it judges them for a class: every ranker runs inside each
training split, a Cox model fits the top-k genes, **Harrell's C** on each test fold says how well its risk orders
the patients (0.5: no better than chance), and a band of random rankings says what chance gives.

The data: 198 node-negative breast-cancer patients with 76 genes measured on their tumours (Desmedt et al. 2007;
inside scikit-survival's wheel as `load_breast_cancer`), 51 of them with metastasis during follow-up.""",
    """import numpy as np
import featrank
from sksurv.datasets import load_breast_cancer
from sksurv.metrics import concordance_index_censored

X, y = load_breast_cancer()
genes = X[[c for c in X.columns if c.endswith("_at")]]      # the 76 genes (age, grade, … left out)
data = featrank.Dataset(genes, y)                            # y: scikit-survival's (event, time) records
data""",
    """# md
## Rankings on all patients

`univariate-cox` scores each gene alone by the score (log-rank) test of a Cox model, with its signed z and
p-value; `variance` ignores the outcome — Bommert et al. (2021) found it the best survival filter on gene
expression, so it is the baseline to beat.""",
    """featrank.rank_table(data, "univariate-cox").to_polars().head(8)""",
    """# md
## Your own method, inside every split

A user's function gets the training rows' `X` and their `y` as scikit-survival holds it. This one scores a gene by
how far its own concordance with the outcome is from 0.5 (either direction).""",
    """def gene_concordance(X, y):
    event, time = y.dtype.names
    c = [concordance_index_censored(y[event], y[time], X[:, j])[0] for j in range(X.shape[1])]
    return np.abs(np.array(c) - 0.5)

own = featrank.ranker(gene_concordance, name="gene-c")""",
    """# md
## Honest curves with the Cox model

5-fold CV stratified by event, repeated 6 times; the Cox learner (Efron's ties, a light ridge on standardised
genes) fits the top-k genes of each split's ranking; C is computed per test fold and averaged over the folds (risk
scores of different folds' models are not on one scale); 20 random rankings give the band.""",
    """curves = featrank.curves(data, rankers=["univariate-cox", "variance", own], learner="cox", folds=5, repeats=6,
                         grid=[1, 2, 3, 5, 10, 20, 40, 76], expected=20, seed=1)
curves""",
    """curves.eca_table()""",
    """# md
Is each ranking better than random genes — one decision per ranking — and how stable are the genes it picks
across the splits? On this set the answer is sobering, and it is the band that gives it: the 76 genes were
themselves chosen for their prognostic value (Desmedt et al. 2007), so random subsets of them already reach
C ≈ 0.65, and no ranking's advantage over random genes survives the corrected test — univariate Cox, the
outcome-blind variance and the user's function alike. Without the band each curve alone would look like a
success.""",
    """curves.significance().verdicts()""",
    """curves.stability()""",
    """curves.decide()""",
    """# md
## A bundled clinical study, and a learner without a model

featrank ships one real survival study, so the CLI and Rust can run it too: `pbc`, the Mayo Clinic trial in
primary biliary cholangitis (418 patients, 17 covariates with missing values, 161 deaths; transplants censored).
Bilirubin leads univariate Cox, as it leads the Mayo risk score.""",
    """pbc = featrank.datasets.load("pbc")      # the time and event come with it
featrank.rank_table(pbc, "univariate-cox").to_polars().head(6)""",
    """# md
**kNN survival** fits no model: a test patient's 15 nearest training patients give their Nelson–Aalen hazard,
and the risk is their expected number of deaths. It runs on kNN's incremental neighbour chain, so a curve at
every size costs what a kNN curve costs, and it needs neither a ridge nor fewer covariates than deaths.""",
    """pbc_curves = featrank.curves(pbc, rankers=["univariate-cox", "variance"], learner="knn:k=15", folds=5,
                             repeats=6, grid=[1, 2, 3, 5, 8, 12, 17], expected=10, seed=1)
pbc_curves""",
    """pbc_curves.significance().verdicts()""",
    """# md
A **random survival forest** (`rsf`: log-rank splits, Ishwaran et al. 2008) ranks too: its permutation importance is
the drop in C when a covariate is shuffled among held-out patients (here on all patients, 3-fold CV inside).""",
    """featrank.rank_table(pbc, "permutation:learner=(rsf:trees=50),folds=3,repeats=1", seed=1).to_polars().head(6)""",
    """# md
Here the band tells the other half of the story: on a clinical study the outcome-blind `variance` filter does
worse than covariates taken at random (it puts the laboratory values with the widest units first), while
univariate Cox is clearly better. The integrated Brier score (`measure="ibs"`) judges the predicted survival
functions themselves rather than the order of the risks; `learner="rsf"` is a random survival forest.""",
    """# md
## The null design: selection bias with censored data

On survival data with **no** signal (Cox–Weibull times independent of all 100 features; `survival-null`), the
best point of ordinary curves — the size picked after looking at them — sits above what the procedure delivers
(the optimism). The nested estimate chooses the size inside each outer training split (here the best inner C)
and its interval holds 0.5.""",
    """null = featrank.synth.generate("survival-null", rows=120, seed=3)
featrank.nested(null.data, ["univariate-cox"], learner="cox", folds=5, repeats=2, inner_folds=3,
                grid=[1, 2, 3, 5, 10, 20, 50, 100], rule="best")""",
    """# md
The same run from the CLI: `featrank curves study.csv --target time,event --task survival --method univariate-cox
--learner cox` (or `featrank curves pbc --method univariate-cox --learner knn:k=15`); from Rust:
`Dataset::from_polars_survival(&df, "time", "event")`, `featrank::data::datasets::load("pbc")` and
`featrank::learners::Cox`.""",
]

for name, cells in [("01_quickstart.ipynb", QUICKSTART), ("02_synthetic_validation.ipynb", SYNTHETIC),
                    ("04_real_data_comparison.ipynb", REAL_DATA), ("06_missing_values_consensus.ipynb", CONSENSUS),
                    ("07_selection_bias.ipynb", SELECTION_BIAS), ("08_decisions.ipynb", DECISIONS),
                    ("09_multi_label.ipynb", MULTI_LABEL), ("10_which_importance.ipynb", WHICH_IMPORTANCE),
                    ("11_sparse_text.ipynb", SPARSE_TEXT),
                    ("12_single_cell.ipynb", SINGLE_CELL), ("13_penalised_models.ipynb", PENALISED),
                    ("14_survival.ipynb", SURVIVAL)]:
    (HERE / name).write_text(json.dumps(notebook(cells), indent=1) + "\n")
