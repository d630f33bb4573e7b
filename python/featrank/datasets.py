"""The bundled real datasets (embedded in the library): ``names()`` and ``load(name)``; the microarray sets that
are not bundled (colon, ALLAML, ...: see ``data/README.md``) with ``external(name)``, read from the folder in
``FEATRANK_DATA`` (a ``featrank.Error`` saying where it looked when absent).

>>> import featrank
>>> "ionosphere" in featrank.datasets.names()
True
>>> featrank.datasets.load("iris").n_rows
150
"""

from ._featrank import dataset_names as names, external_dataset as external, load_dataset as load

__all__ = ["external", "names", "load"]
