"""Which build runs: CI sets PAPERTALES_EXPECT_BUILD so that a silent fallback to the pure
engine (or a compiled module shadowing an edited source) fails instead of passing."""

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import papertales
import papertales.bots  # noqa: F401  (loaded for the check below)
import papertales.state  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]


def _expected_build() -> str:
    """``PAPERTALES_EXPECT_BUILD`` (set by scripts/test.sh), or else what the installed
    package was built as: compiled modules beside it mean a compiled install, which must run
    them unless ``PAPERTALES_PURE=1`` asks for the sources."""
    expected = os.environ.get("PAPERTALES_EXPECT_BUILD")
    if expected is not None:
        return expected
    package = Path(papertales.__file__).parent
    built = any(any(package.glob(f"*{suffix}")) for suffix in importlib.machinery.EXTENSION_SUFFIXES)
    return "compiled" if built and os.environ.get("PAPERTALES_PURE") != "1" else "pure"


def test_the_expected_build_runs():
    expected = _expected_build()
    assert expected in ("pure", "compiled")
    assert papertales.compiled == (expected == "compiled")
    assert all(getattr(papertales, m).__file__.endswith(".py") != papertales.compiled
               for m in ("game", "state", "bots"))                 # one build for every module
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
