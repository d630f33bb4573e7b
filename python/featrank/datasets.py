"""The bundled real datasets (embedded in the library): ``names()`` and ``load(name)``.

>>> import featrank
>>> "ionosphere" in featrank.datasets.names()
True
>>> featrank.datasets.load("iris").n_rows
150
"""

from ._featrank import dataset_names as names, load_dataset as load

__all__ = ["names", "load"]
