"""Synthetic data with exact ground truth: ``generate(design, rows=None, seed=0)``.

Designs: ``single``, ``pair``, ``combined`` (binary features in interaction sets, [P18]), ``madelon``,
``null`` (no feature relevant), ``survival`` (Cox–Weibull times with censoring, target ``("time", "event")``)
``survival-null`` and ``replicates`` (four rows per subject, the class the subject's and independent of the
features: group by its ``subject`` column, or cross-validation leaks). The result has ``.data`` (a Dataset), ``.truth`` (the ground-truth Ranking),
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
from ._docs import documented
from ._types import _Design


@documented()
def generate(design: _Design, *, rows: int | None = None, seed: int = _d.SEED) -> Synthetic:
    """Synthetic data of a design with its exact ground truth: ``.data`` (a Dataset), ``.truth`` (the
    ground-truth Ranking), ``.relevant``, ``.truth_table()``.

    >>> import featrank
    >>> s = featrank.synth.generate("survival", rows=100, seed=2)
    >>> s.data.target, s.data.n_rows
    ('time, event', 100)
    """
    return _synthetic(design, rows=rows, seed=seed)


__all__ = ["generate"]
