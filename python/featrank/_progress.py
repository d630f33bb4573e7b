"""A progress bar for long Rust work: tqdm when installed (its notebook widget when ipywidgets is there too),
silent otherwise. The Rust side calls the callback with ``(label, done, total)`` about twenty times a second;
tqdm draws at most twice a second."""

from contextlib import contextmanager


def _tqdm():
    try:
        import ipywidgets  # noqa: F401  (tqdm.auto warns and falls back to text without it)
        from tqdm.auto import tqdm
    except ImportError:
        try:
            from tqdm import tqdm
        except ImportError:
            return None
    return tqdm


@contextmanager
def bar(enabled):
    tqdm = _tqdm() if enabled else None
    if tqdm is None:
        yield None
        return
    state = {}

    def update(label, done, total):
        if "bar" not in state and total > 0:
            state["bar"] = tqdm(total=total, desc=label, leave=False, mininterval=0.5)
        if "bar" in state and done > state["bar"].n:
            state["bar"].update(done - state["bar"].n)

    try:
        yield update
    finally:
        if "bar" in state:
            state["bar"].close()
