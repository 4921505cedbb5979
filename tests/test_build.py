"""Which build runs: CI sets PAPERTALES_EXPECT_BUILD so that a silent fallback to the pure
engine (or a compiled module shadowing an edited source) fails instead of passing."""

import os
import subprocess
import sys

import pytest

import papertales


def test_the_expected_build_runs():
    expected = os.environ.get("PAPERTALES_EXPECT_BUILD")
    if expected is None:
        pytest.skip("PAPERTALES_EXPECT_BUILD is not set (scripts/test.sh sets it)")
    assert expected in ("pure", "compiled")
    assert papertales.compiled == (expected == "compiled")


def test_papertales_pure_forces_the_sources():
    code = "import papertales, papertales.game as g; print(papertales.compiled, g.__file__.endswith('.py'))"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PAPERTALES_PURE": "1"},
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]
