"""Synthetic data with exact ground truth: ``generate(design, rows=None, seed=0)``.

Designs: ``single``, ``pair``, ``combined`` (binary features in interaction sets, [P18]), ``madelon``,
``null`` (no feature relevant), ``survival`` (Cox–Weibull times with censoring, target ``("time", "event")``)
and ``survival-null``. The result has ``.data`` (a Dataset), ``.truth`` (the ground-truth Ranking),
``.relevant`` and ``.truth_table()``.

>>> import featrank
>>> s = featrank.synth.generate("combined", rows=200, seed=1)
>>> s.data.n_rows, len(s.relevant) > 0
(200, True)
"""

from __future__ import annotations

from ._featrank import Synthetic
from ._featrank import synthetic as _synthetic
from . import _defaults as _d


def generate(design: str, *, rows: int | None = None, seed: int = _d.SEED) -> Synthetic:
    """Synthetic data by design: ``single``, ``pair``, ``combined``, ``madelon``, ``null``, ``survival`` or
    ``survival-null``; ``rows`` (default:
    the design's), ``seed``."""
    return _synthetic(design, rows=rows, seed=seed)


__all__ = ["generate"]
