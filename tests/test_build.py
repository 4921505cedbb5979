"""Which build runs: CI sets PAPERTALES_EXPECT_BUILD so that a silent fallback to the pure
engine (or a compiled module shadowing an edited source) fails instead of passing."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import papertales

ROOT = Path(__file__).resolve().parents[1]


def test_the_expected_build_runs():
    expected = os.environ.get("PAPERTALES_EXPECT_BUILD")
    if expected is None:
        pytest.skip("PAPERTALES_EXPECT_BUILD is not set (scripts/test.sh sets it)")
    assert expected in ("pure", "compiled")
    assert papertales.compiled == (expected == "compiled")
    if papertales.compiled:     # built from these very sources, not from an older checkout
        recorded = json.loads((Path(papertales.__file__).parent / "_compiled.json").read_text())
        stale = [m for m, digest in recorded.items()
                 if hashlib.sha256((ROOT / "papertales" / f"{m}.py").read_bytes()).hexdigest() != digest]
        assert not stale, f"the installed compiled modules are older than {stale}: reinstall"


def test_papertales_pure_forces_the_sources():
    code = "import papertales, papertales.game as g; print(papertales.compiled, g.__file__.endswith('.py'))"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PAPERTALES_PURE": "1"},
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]
