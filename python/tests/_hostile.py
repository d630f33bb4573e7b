"""The hostile battery behind ``test_hostile.py``: property-based (hypothesis) calls of every public entry
point with the numbers and texts a hostile or careless user gives — 0, −1, 2⁶³, 2⁶⁴ − 1, 10¹², NaN, ±inf,
bools, long and nested texts — one parameter at a time on small data. Run as ``python _hostile.py GROUP``
in a child process, so that an abort or a segfault fails the test instead of ending the test run.

Each call must return or raise a ``featrank.Error``: for a value the parameter cannot take at all (a negative
seed, a text for a count) a ``featrank.ArgumentError`` that names the parameter. Anything else — PyO3's own
``TypeError``/``OverflowError``, a crash, a call over the time limit — fails.
"""

import math
import sys
import tempfile
import time
import warnings

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import featrank

IRIS = featrank.datasets.load("iris")
RANKING = featrank.Ranking.from_order(["petalwidth", "petallength", "sepallength", "sepalwidth"])
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))
SECONDS = 60.0  # one call; a bound on the damage, not a timing test

HOSTILE_INTS = st.sampled_from([0, 1, 2, -1, 2**31, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 10**12, 10**15, -(2**63)])
INTS = st.one_of(HOSTILE_INTS, st.integers(min_value=-3, max_value=4))
FLOATS = st.one_of(st.sampled_from([0.0, 1.0, -1.0, 2.0, 1e-300, 1e308, -1e308, math.nan, math.inf, -math.inf, 0.5]),
                   st.floats(allow_nan=True, allow_infinity=True))
OTHER = st.sampled_from([True, False, None, "x", "", "10", [], [1], 1.5, object(), b"1"])
TEXT = st.one_of(
    st.text(max_size=50),
    st.sampled_from(["x" * 100_000, "relieff:k=" + "9" * 40, "(" * 5000, "[" * 40 + "]" * 40, "relieff:k=[",
                     "bag:base=(" * 40 + "relieff" + ")" * 40, "svm:c=nan", "knn:k=-1", "knn:k=1e12", "\x00", "é中"]),
)


CALLS = [0]


def check(call, value, own_type):
    """Run ``call(value)``: a result, or a featrank.Error for a value of the parameter's type."""
    CALLS[0] += 1
    shown = repr(value)[:200]
    start = time.monotonic()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call(value)
    except featrank.ArgumentError as e:
        assert not own_type, f"{shown}: {e} (a value of the parameter's own type)"
        # the parameter's name comes as a note of the conversion (on Python 3.10 too)
        assert e.parameter and str(e).startswith(f"invalid parameter '{e.parameter}': expected "), str(e)
        assert len(str(e)) < 5_000, f"{shown}: a message of {len(str(e))} characters"
    except featrank.Error as e:
        assert len(str(e)) < 5_000, f"{shown}: a message of {len(str(e))} characters"
    took = time.monotonic() - start
    assert took < SECONDS, f"{shown}: {took:.0f} s"


def ints(call):
    @SETTINGS
    @given(st.one_of(INTS.map(lambda v: (v, 0 <= v < 2**64)), OTHER.map(lambda v: (v, False))))
    def run(case):
        value, own = case
        # an int in 0 … 2⁶⁴ − 1 is the parameter's type; others are refused by the conversion
        check(call, value, own)
    run()


def floats(call):
    @SETTINGS
    @given(st.one_of(FLOATS.map(lambda v: (v, True)), OTHER.map(lambda v: (v, False))))
    def run(case):
        check(call, *case)
    run()


def texts(call):
    @SETTINGS
    @given(st.one_of(TEXT.map(lambda v: (v, True)), OTHER.map(lambda v: (v, isinstance(v, str)))))
    def run(case):
        check(call, *case)
    run()


def wrong_types(call):
    """Values of no type the parameter takes (one text where a list is meant, numbers, bytes, objects)."""
    for value in ["ab", 1, 1.5, b"x", object(), True]:
        check(call, value, False)


def small_curves(**kw):
    args = dict(rankings=[RANKING], folds=2, repeats=1, expected=2, seed=1, progress=False)
    args.update(kw)
    return featrank.curves(IRIS, **args)


def group_curves():
    for name in ["folds", "repeats", "expected", "expected_repeats", "seed"]:
        ints(lambda v, name=name: small_curves(**{name: v}))
    for name in ["learner", "scheme", "grid", "measure"]:
        texts(lambda v, name=name: small_curves(**{name: v}))
    texts(lambda v: small_curves(rankings=None, rankers=[v]))
    for name in ["rankers", "rankings"]:
        wrong_types(lambda v, name=name: small_curves(**{name: v}))
    wrong_types(lambda v: featrank.Dataset(np.eye(4), [0, 1, 0, 1], feature_names=v))
    wrong_types(lambda v: IRIS.select(v))
    wrong_types(lambda v: featrank.Ranking.from_order(v))
    c = small_curves(expected=3, repeats=3)
    floats(lambda v: c.significance(level=v))
    sig = c.significance()
    floats(lambda v: sig.verdicts(alpha=v))
    floats(lambda v: sig.verdict(c.rankings[0], alpha=v))
    texts(lambda v: c.decide(v))
    ints(lambda v: c.trade_off(v))
    ints(lambda v: c.rank_distribution(c.rankings[0], v))


def group_rank():
    texts(lambda v: featrank.rank(IRIS, v, seed=1))
    ints(lambda v: featrank.rank(IRIS, "fisher", seed=v))
    for template in ["relieff:k={}", "forest:trees={}", "bag:base=(fisher),bootstraps={}", "shadow:base=(fisher),rounds={}",
                     "permutation:repeats={}", "permutation:learner=(forest:trees={})", "turf:base=(relieff),keep={}"]:
        ints(lambda v, t=template: featrank.rank(IRIS, t.format(v), seed=1))
    ints(lambda v: RANKING.top(v))


def array_with(v):
    """A 4 × 2 array holding ``v`` (an object array where NumPy cannot make ``v`` a number: featrank's to refuse)."""
    rows = [[v, 1.0], [2.0, v], [3.0, 0.0], [4.0, 1.0]]
    try:
        return np.array(rows)
    except (ValueError, TypeError):
        out = np.empty((4, 2), dtype=object)
        for i, row in enumerate(rows):
            for j, cell in enumerate(row):
                out[i, j] = cell
        return out


def group_data():
    ints(lambda v: featrank.synth.generate("pair", rows=v))
    ints(lambda v: featrank.synth.generate("madelon", rows=v))
    ints(lambda v: featrank.synth.generate("null", rows=v))
    ints(lambda v: featrank.synth.generate("combined", rows=200, seed=v))
    texts(lambda v: featrank.synth.generate(v))
    ints(lambda v: featrank.set_memory_limit(v))
    texts(lambda v: featrank.set_memory_limit(v))
    featrank.set_memory_limit(None)
    ints(lambda v: IRIS.take([v]))
    texts(lambda v: IRIS.select([v]))
    texts(lambda v: featrank.Dataset(IRIS.to_pandas(), v))
    floats(lambda v: featrank.Dataset(array_with(v), ["a", "b", "a", "b"]))
    floats(lambda v: featrank.rank(featrank.Dataset(array_with(v), ["a", "b", "a", "b"]), "relieff"))
    ints(lambda v: small_curves(folds=np.full(150, v, dtype=np.uint64 if v >= 0 and v < 2**64 else np.int64)
                                if isinstance(v, int) and -(2**63) <= v < 2**64 else v))


def group_nested():
    base = dict(folds=2, inner_folds=2, grid="1,2", seed=1)
    for name in ["folds", "repeats", "inner_folds", "seed"]:
        ints(lambda v, name=name: featrank.nested(IRIS, ["fisher"], **{**base, name: v}))
    for name in ["learner", "rule", "grid", "scheme"]:
        texts(lambda v, name=name: featrank.nested(IRIS, ["fisher"], **{**base, name: v}))
    texts(lambda v: featrank.nested(IRIS, v, **base))
    with tempfile.TemporaryDirectory() as d:
        m = featrank.cluster.plan("iris", f"{d}/m.json", rankers=["fisher"], folds=2, repeats=1, expected=2)
        texts(lambda v: m.shard_units(v))
        texts(lambda v: m.run(v, f"{d}/p.csv", progress=False))


def group_own():
    """Your own ranking methods: what they return, what they are named, what is given as one."""
    floats(lambda v: featrank.rank(IRIS, lambda X, y: [v, 1.0, 2.0, 3.0]))
    floats(lambda v: small_curves(rankings=None, rankers=[featrank.ranker(lambda X, y: [v] * 4, nonfinite="lowest")]))
    texts(lambda v: featrank.rank(IRIS, featrank.ranker(lambda X, y: X.var(axis=0), name=v)))
    wrong_types(lambda v: featrank.rank(IRIS, v))
    wrong_types(lambda v: small_curves(rankings=None, rankers=[lambda X, y: v]))
    wrong_types(lambda v: featrank.nested(IRIS, [featrank.ranker(lambda X, y: v, name="v")], folds=2, inner_folds=2))


GROUPS = {name[len("group_"):]: f for name, f in globals().items() if name.startswith("group_")}

if __name__ == "__main__":
    GROUPS[sys.argv[1]]()
    print(f"hostile battery {sys.argv[1]}: {CALLS[0]} calls passed")
