"""A progress bar for long Rust work: tqdm when installed (its notebook widget in Jupyter), silent otherwise.
The Rust side calls the callback with ``(label, done, total)`` about twenty times a second."""

from contextlib import contextmanager


@contextmanager
def bar(enabled):
    if not enabled:
        yield None
        return
    try:
        from tqdm.auto import tqdm
    except ImportError:
        yield None
        return
    state = {}

    def update(label, done, total):
        if "bar" not in state and total > 0:
            state["bar"] = tqdm(total=total, desc=label, leave=False)
        if "bar" in state:
            state["bar"].n = done
            state["bar"].refresh()

    try:
        yield update
    finally:
        if "bar" in state:
            state["bar"].close()
