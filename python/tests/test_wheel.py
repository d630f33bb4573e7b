"""The suite tests the package a user installs: with ``FEATRANK_TEST_WHEEL=1`` (set by ``python/dist.sh``'s
callers: CI and ``scripts/main.sh``) ``featrank`` must come from an installed wheel in site-packages — not the
source tree, not an editable install — tagged abi3 and manylinux, with its type stub and ``py.typed``."""

import importlib.metadata
import os
import pathlib

import pytest

import featrank

pytestmark = pytest.mark.skipif(
    os.environ.get("FEATRANK_TEST_WHEEL") != "1", reason="FEATRANK_TEST_WHEEL=1 tests an installed wheel"
)


def test_featrank_is_the_installed_wheel_not_the_source_tree():
    here = pathlib.Path(featrank.__file__).resolve()
    assert "site-packages" in here.parts, here
    dist = importlib.metadata.distribution("featrank")
    assert dist.read_text("direct_url.json") is None or '"editable": true' not in dist.read_text("direct_url.json")
    wheel = dist.read_text("WHEEL") or ""
    tags = [line.split(":", 1)[1].strip() for line in wheel.splitlines() if line.startswith("Tag:")]
    assert tags and all(t.startswith("cp310-abi3-manylinux") for t in tags), tags


def test_the_wheel_carries_its_compiled_module_stub_and_marker():
    package = pathlib.Path(featrank.__file__).parent
    assert list(package.glob("_featrank*.so")), "no compiled module"
    assert (package / "_featrank.pyi").is_file()
    assert (package / "py.typed").is_file()
    assert featrank.__version__ == importlib.metadata.version("featrank")
