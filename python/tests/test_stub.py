"""The type stub of the compiled module (``featrank/_featrank.pyi``) agrees with it: every class, function,
parameter and default the module has, the stub has (mypy's stubtest), and the package type-checks against it."""

import subprocess
import sys

import pytest

def run(*args, cwd):
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=cwd)


def test_the_stub_matches_the_compiled_module(tmp_path):
    pytest.importorskip("mypy")
    result = run("mypy.stubtest", "featrank._featrank", cwd=tmp_path)
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-2000:]


def test_the_package_type_checks_against_its_stub(tmp_path):
    pytest.importorskip("mypy")
    result = run("mypy", "--ignore-missing-imports", "--cache-dir", str(tmp_path / "cache"), "-p", "featrank", cwd=tmp_path)
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-2000:]
