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
    __str__ = _plain


class MissingFileError(FileError, FileNotFoundError):
    """A file that does not exist (also a ``FileNotFoundError``). ``path``."""


class ParseError(Error):
    """A file whose contents do not parse. ``source``: the file; ``line``: 1-based, when known."""

    source: str | None = None
    line: int | None = None


class MemoryLimitError(Error, MemoryError):
    """Work whose memory estimate exceeds the limit, refused before it started (also a ``MemoryError``).
    ``needed`` and ``limit`` in bytes; raise the limit with ``featrank.set_memory_limit``."""

    needed: int | None = None
    limit: int | None = None


__all__ = [
    "ColumnError", "ColumnNotFoundError", "DataError", "Error", "FileError", "MemoryLimitError", "MissingFileError",
    "NumericalError", "ParameterError", "ParseError", "SpecError", "UnsupportedTaskError",
]
