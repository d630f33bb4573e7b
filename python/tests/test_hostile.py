"""A hostile battery at the Python boundary (``_hostile.py``, property-based with hypothesis): every entry
point meets 0, −1, 2⁶⁴ − 1, 10¹², NaN, ±inf, bools and long or deeply nested texts and answers with a result or
a featrank error — never an abort, a segfault or a hang. Each group runs in its own interpreter, so a crash
fails its test instead of the run."""

import pathlib
import subprocess
import sys

import pytest

from _hostile import GROUPS

HERE = pathlib.Path(__file__).resolve().parent


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_hostile_inputs_never_crash_the_interpreter(group):
    child = subprocess.run([sys.executable, str(HERE / "_hostile.py"), group], capture_output=True, text=True,
                           timeout=1500)
    assert child.returncode == 0, f"exit {child.returncode} (a negative code is a signal)\n{child.stdout[-3000:]}\n{child.stderr[-6000:]}"
