"""Synthetic data with exact ground truth: ``generate(design, rows=None, seed=0)``.

Designs: ``single``, ``pair``, ``combined`` (binary features in interaction sets, [P18]), ``madelon`` and
``null`` (no feature relevant). The result has ``.data`` (a Dataset), ``.truth`` (the ground-truth Ranking),
``.relevant`` and ``.truth_table()``.

>>> import featrank
>>> s = featrank.synth.generate("combined", rows=200, seed=1)
>>> s.data.n_rows, len(s.relevant) > 0
(200, True)
"""

from ._featrank import synthetic as generate

__all__ = ["generate"]
