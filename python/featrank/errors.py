"""featrank's exceptions, by kind. Every one is a ``featrank.Error`` (itself a ``ValueError``); where Python has
a built-in for the same trouble, the featrank error is that too, so ``except FileNotFoundError`` or
``except MemoryError`` catches it. Each carries what was at fault as attributes — the Rust library's
``featrank::Error`` variants, one class per kind.

>>> import featrank
>>> iris = featrank.datasets.load("iris")
>>> try:
...     iris.select(["petal_width"])
... except featrank.ColumnNotFoundError as e:
...     (e.column, e.suggestions[0], isinstance(e, KeyError))
('petal_width', 'petalwidth', True)
>>> try:
...     featrank.rank(iris, "relieff:k=zero")
... except featrank.ParameterError as e:
...     e.parameter
'k'
"""

from __future__ import annotations

from typing import Any

from ._featrank import Error


def _plain(self) -> str:
    # KeyError and OSError decorate their text (quotes, errno); a featrank error shows its message as written
    return str(self.args[0]) if self.args else ""


class ParameterError(Error):
    """A parameter out of its range or unreadable. ``parameter``: its name as the user spells it."""

    parameter: str | None = None

    @classmethod
    def _of(cls, parameter: str, reason: str) -> "ParameterError":
        # the message the Rust library writes for the same trouble
        error = cls(f"invalid parameter '{parameter}': {reason}")
        error.parameter = parameter
        return error


class ArgumentError(ParameterError, TypeError):
    """A value a parameter cannot take, refused when the call converts its arguments (a negative seed, a text
    for a count, one text for a list); also a ``TypeError``. ``parameter``: the parameter's name, which the
    conversion notes on the error (``__notes__``, on Python 3.10 too).

    >>> import featrank
    >>> try:
    ...     featrank.rank(featrank.datasets.load("iris"), "fisher", seed=-1)
    ... except featrank.ArgumentError as e:
    ...     print(e.parameter, "|", e)
    seed | invalid parameter 'seed': expected a whole number from 0 to 18446744073709551615 (2⁶⁴ − 1), got -1 (int)
    """

    @classmethod
    def _of(cls, parameter: str, what: str, got: Any) -> "ArgumentError":  # type: ignore[override]
        # as the compiled module's conversions raise it (python/src/args.rs)
        shown = repr(got)
        shown = shown if len(shown) <= 200 else f"{shown[:200]}… ({len(shown)} characters)"
        error = cls(f"expected {what}, got {shown} ({type(got).__name__})")
        error.add_note(f"while processing '{parameter}'")
        return error

    if not hasattr(BaseException, "add_note"):  # Python 3.10

        def add_note(self, note: str) -> None:
            """Python 3.11's ``BaseException.add_note``: the compiled module's argument conversion calls it to
            name the parameter (``while processing 'seed'``), which ``parameter`` and the message read."""
            self.__notes__ = [*getattr(self, "__notes__", ()), note]

    @property
    def parameter(self) -> str | None:  # type: ignore[override]
        for note in getattr(self, "__notes__", ()):
            if note.startswith("while processing '") and note.endswith("'"):
                return note[len("while processing '"):-1]
        return None

    def __str__(self) -> str:
        reason = _plain(self)
        name = self.parameter
        return f"invalid parameter '{name}': {reason}" if name else reason


class SpecError(ParameterError):
    """A spec text (``relieff:k=10``, a scheme, a grid, a rule) that names nothing known or does not parse.
    ``name``: the name given; ``kind``: what was looked up (``ranking method``, ``learner``, …) or None;
    ``suggestions``: the known names."""

    name: str | None = None
    kind: str | None = None
    suggestions: list[str] = []


class ColumnError(Error):
    """A column (or the target) that cannot be used as it is. ``column``: its name."""

    column: str | None = None


class ColumnNotFoundError(ColumnError, KeyError):
    """A column name that the data does not have. ``column``: the name asked for; ``suggestions``: the closest
    names the data has, closest first."""

    column: str | None  # declared again (no value) so that the reference documents it here too
    suggestions: list[str] = []
    __str__ = _plain


class DataError(Error):
    """Data that cannot serve: no rows or features, a name twice, a task a method does not handle."""


class UnsupportedTaskError(DataError):
    """A method asked to work on a task it does not handle. ``method``, ``task``."""

    method: str | None = None
    task: str | None = None


class NumericalError(Error, ArithmeticError):
    """A computation that met numbers it cannot work with. ``what``."""

    what: str | None = None


class FileError(Error, OSError):
    """A file that cannot be read or written. ``path``; ``filename`` as ``OSError`` has it."""

    path: str | None = None
    filename: Any  # OSError's, declared (no value) so that the reference documents it
    __str__ = _plain


class MissingFileError(FileError, FileNotFoundError):
    """A file that does not exist (also a ``FileNotFoundError``). ``path``."""

    path: str | None  # declared again (no value) so that the reference documents it here too


class ParseError(Error):
    """A file whose contents do not parse. ``source``: the file; ``line``: 1-based, when known."""

    source: str | None = None
    line: int | None = None


class MemoryLimitError(Error, MemoryError):
    """Work whose memory estimate exceeds the limit, refused before it started (also a ``MemoryError``).
    ``needed`` and ``limit`` in bytes; raise the limit with ``featrank.set_memory_limit``."""

    needed: int | None = None
    limit: int | None = None


class DeviceError(Error, RuntimeError):
    """The device a run asked for cannot do it (also a ``RuntimeError``): a featrank built without its cargo
    feature ``gpu``, no NVIDIA GPU or driver found, NVRTC missing, or too little GPU memory for the work (refused
    before it starts). ``device="cpu"`` gives the same curves.

    >>> import featrank
    >>> issubclass(featrank.DeviceError, RuntimeError), issubclass(featrank.DeviceError, featrank.Error)
    (True, True)
    """


class MethodError(Error):
    """Your own ranking method (a function, an estimator, a program) gave what featrank cannot use: scores of the
    wrong length, not numbers, NaN or infinite (see ``featrank.ranker``'s ``nonfinite``), or a program that failed.
    The message names the method and, inside a curve run, the repeat and split. An exception your function
    raises reaches you as itself, with the split in a note.

    >>> import featrank
    >>> try:
    ...     featrank.rank("iris", featrank.ranker(lambda X, y: [1.0, 2.0], name="short"))
    ... except featrank.MethodError as e:
    ...     print(e)
    python:short failed: gave 2 scores for 4 features
    """


class FeatrankWarning(UserWarning):
    """What featrank tells without stopping (the Rust library's notices): text columns read as nominal features,
    a Wilcoxon test that cannot reach the level asked for. Python's filters apply, e.g.
    ``warnings.simplefilter("error", featrank.FeatrankWarning)`` makes each one an exception.

    >>> import warnings, pandas as pd, featrank
    >>> df = pd.DataFrame({"city": ["a", "b", "c"] * 4, "size": range(12), "y": [0, 1] * 6})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     data = featrank.Dataset(df, target="y")
    >>> caught[0].category.__name__, str(caught[0].message)[:41]
    ('FeatrankWarning', 'text columns read as nominal features: ci')
    """


__all__ = [
    "ArgumentError", "ColumnError", "ColumnNotFoundError", "DataError", "DeviceError", "Error", "FeatrankWarning", "FileError", "MemoryLimitError",
    "MethodError", "MissingFileError", "NumericalError", "ParameterError", "ParseError", "SpecError", "UnsupportedTaskError",
]
