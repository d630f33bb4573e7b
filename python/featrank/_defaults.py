"""The library's defaults, read once from the compiled module (``CurveJob::default()``,
``NestedOptions::default()``): the public signatures take theirs from here, so each default has one home — the
Rust library — and the compiled functions take none."""

from __future__ import annotations

from typing import cast

from ._featrank import _defaults
from ._types import _Device, _Grid, _Rule, _Scheme, _Task  # the spec texts' Literal types

_D = _defaults()

LEARNER = cast(str, _D["learner"])
"""The curve learner: kNN with k = 10."""
TASK = cast("_Task", _D["task"])
SCHEME = cast("_Scheme", _D["scheme"])
FOLDS = cast(int, _D["folds"])
REPEATS = cast(int, _D["repeats"])
GRID = cast("_Grid", _D["grid"])
EXPECTED = cast(int, _D["expected"])
"""Random rankings behind the expected curve."""
SEED = cast(int, _D["seed"])
DEVICE = cast("_Device", _D["device"])
NESTED_REPEATS = cast(int, _D["nested_repeats"])
INNER_FOLDS = cast(int, _D["inner_folds"])
RULE = cast("_Rule", _D["rule"])
