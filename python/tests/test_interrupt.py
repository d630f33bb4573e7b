"""Ctrl-C interrupts a long run at its next work item and leaves the interpreter usable; progress reaches a
callback while the GIL is released."""

import os
import signal
import threading
import time

import pytest

import featrank

DATA = featrank.synth.generate("combined", rows=2000, seed=1).data


@pytest.fixture(autouse=True)
def python_handles_ctrl_c():
    """Python's own SIGINT handler for each test. A process started in the background of a non-interactive
    shell inherits SIGINT as ignored, and Python then never installs its handler (no KeyboardInterrupt at all),
    which is not what these tests are about."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_interrupts_a_long_run_and_the_next_call_works():
    # 200 random rankings on 2000 rows, 10 × 10 CV: minutes of work. SIGINT after 1 s.
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        featrank.curves(DATA, rankers=["relieff"], expected=200, grid="full", progress=False)
    stopped = time.monotonic() - start
    # a full run takes far longer than this (see the progress test's count of work items)
    assert stopped < 20, stopped
    small = featrank.curves(featrank.datasets.load("iris"), rankers=["relieff"], folds=3, repeats=1, expected=2,
                            progress=False)
    assert small.rankings == ["relieff"]


def test_progress_reaches_the_callback():
    seen = []
    featrank._featrank.curves(DATA, None, ["info-gain"], learner="knn:k=10", folds=5, repeats=2, scheme="kfold",
                              grid="paper", expected=50, expected_repeats=None, measure=None, seed=0,
                              progress=lambda label, done, total: seen.append((label, done, total)), fold_ids=None,
                              device="cpu")
    assert seen, "the callback was never called"
    assert all(label.startswith("featrank curves (knn") and 0 <= done <= total for label, done, total in seen)


def test_ctrl_c_interrupts_a_ranking_on_many_rows():
    # ReliefF with every row as a reference on 20,000 rows: N² distances, far more than a second
    big = featrank.synth.generate("combined", rows=20000, seed=1).data
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        featrank.rank(big, "relieff:k=10,m=all")
    assert time.monotonic() - start < 10
    assert featrank.rank(featrank.datasets.load("iris"), "relieff").order[0] == "petalwidth"


def test_ctrl_c_interrupts_a_run_of_a_python_ranker_at_its_next_split():
    # a user's method of 0.2 s per split on 10 × 10 splits: 20 s of work; SIGINT after 1 s
    def slow(X, y):
        time.sleep(0.2)
        return X.var(axis=0)

    iris = featrank.datasets.load("iris")
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        featrank.curves(iris, rankers=slow, folds=10, repeats=10, expected=0, progress=False)
    assert time.monotonic() - start < 6
    assert featrank.rank(iris, slow).name == "python:slow"
