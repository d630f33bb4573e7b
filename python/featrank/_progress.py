"""A progress bar for long Rust work. The Rust side calls the callback with ``(label, done, total)`` about twenty
times a second; the bar draws at most twice a second.

- In a terminal: tqdm when installed, silent otherwise.
- In a notebook with ipywidgets: tqdm's widget.
- In a notebook without ipywidgets: one display updated in place (an HTML ``<progress>`` with its text), so the
  saved notebook keeps one line — the final count and time — instead of a fragment per redraw of a text bar.
"""

import time
from contextlib import contextmanager


def _in_notebook():
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


def _tqdm():
    try:
        import ipywidgets  # noqa: F401  (tqdm.auto warns and falls back to text without it)
        from tqdm.auto import tqdm
    except ImportError:
        if _in_notebook():
            return _DisplayBar
        try:
            from tqdm import tqdm
        except ImportError:
            return None
    return tqdm


class _Line:
    """One progress line as HTML (a <progress> element) and as text."""

    def __init__(self, label, done, total, seconds, finished):
        self.label, self.done, self.total, self.seconds, self.finished = label, done, total, seconds, finished

    def __repr__(self):
        state = ("done" if self.done == self.total else "stopped") if self.finished else "running"
        return f"{self.label}: {self.done}/{self.total} ({state}, {self.seconds:.1f} s)"

    def _repr_html_(self):
        import html

        return (f'<div style="font-family:monospace"><progress value="{self.done}" max="{self.total}"></progress> '
                f"{html.escape(repr(self))}</div>")


class _DisplayBar:
    """The subset of tqdm's interface ``bar`` uses, drawn as one notebook display updated in place."""

    def __init__(self, total, desc, leave=False, mininterval=0.5):
        from IPython.display import display

        self.n, self.total, self.desc, self.mininterval = 0, total, desc, mininterval
        self.start = self.drawn = time.monotonic()
        self.handle = display(self._line(False), display_id=True)

    def _line(self, finished):
        return _Line(self.desc, self.n, self.total, time.monotonic() - self.start, finished)

    def update(self, n):
        self.n += n
        if time.monotonic() - self.drawn >= self.mininterval:
            self.drawn = time.monotonic()
            self.handle.update(self._line(False))

    def close(self):
        self.handle.update(self._line(True))


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
    except BaseException:
        if "bar" in state:
            state["bar"].close()
        raise
    if "bar" in state:  # the work finished: its last item may have come after the last poll
        state["bar"].update(state["bar"].total - state["bar"].n)
        state["bar"].close()
