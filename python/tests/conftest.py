"""Shared fixtures: the featrank CLI (for bit-identity with the Rust library) and a scratch folder."""

import os
import pathlib
import shutil
import subprocess

import pandas as pd
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """The `featrank` binary: $FEATRANK_CLI, else the workspace's release or debug build, else built here."""
    given = os.environ.get("FEATRANK_CLI")
    if given:
        return given
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "featrank"
        if path.exists():
            return str(path)
    cargo = shutil.which("cargo")
    if cargo is None:
        pytest.fail("the featrank CLI is needed for the bit-identity tests: set FEATRANK_CLI or install cargo")
    subprocess.run([cargo, "build", "--locked", "--release", "--bin", "featrank"], cwd=ROOT, check=True)
    return str(ROOT / "target" / "release" / "featrank")


def read_csv(source, **options):
    """``pandas.read_csv`` with correctly rounded floats, for comparisons bit for bit with the CLI's CSV: pandas
    2's default parser can be one ulp off (``0.9620000000000001`` reads as ``0.962``), so there it reads with
    ``float_precision="round_trip"``; pandas 3 rounds correctly by default and deprecates the option."""
    if int(pd.__version__.split(".")[0]) < 3:
        options.setdefault("float_precision", "round_trip")
    return pd.read_csv(source, **options)


def run_cli(cli, *args):
    done = subprocess.run([cli, *map(str, args)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done
