"""Every example in the package's docstrings runs and shows what it says."""

import doctest
import importlib

import pytest

MODULES = ["featrank", "featrank._own", "featrank.cluster", "featrank.datasets", "featrank.errors", "featrank.sklearn", "featrank.synth"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
