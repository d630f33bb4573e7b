"""featrank's exceptions, by kind. Every one is a ``featrank.Error`` (itself a ``ValueError``); where Python has
a built-in for the same trouble, the featrank error is that too, so ``except FileNotFoundError`` or
``except MemoryError`` catches it. Each carries what was at fault as attributes — the Rust library's
``featrank::Error`` variants, one class per kind. The classes are created by the compiled module, which raises
each error as the class of its kind.

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

from ._featrank import (
    ArgumentError,
    ColumnError,
    ColumnNotFoundError,
    DataError,
    DeviceError,
    Error,
    FeatrankWarning,
    FileError,
    MemoryLimitError,
    MethodError,
    MissingFileError,
    NumericalError,
    ParameterError,
    ParseError,
    SpecError,
    UnsupportedTaskError,
)

__all__ = [
    "ArgumentError", "ColumnError", "ColumnNotFoundError", "DataError", "DeviceError", "Error", "FeatrankWarning",
    "FileError", "MemoryLimitError", "MethodError", "MissingFileError", "NumericalError", "ParameterError",
    "ParseError", "SpecError", "UnsupportedTaskError",
]
