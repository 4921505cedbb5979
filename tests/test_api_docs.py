"""The API reference (``docs/api``, Sphinx autodoc) covers every public module and builds
from the docstrings without a warning: a docstring that is not valid reStructuredText, or a
module that no longer imports, fails here instead of in a reader's browser."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import papertales

ROOT = Path(__file__).resolve().parents[1]
API = ROOT / "docs" / "api"


def test_every_public_module_is_in_the_reference():
    """A module added to ``papertales.PUBLIC_MODULES`` gets its page section too."""
    pages = "".join(page.read_text(encoding="utf-8") for page in API.glob("*.rst"))
    missing = [m for m in papertales.PUBLIC_MODULES if f".. automodule:: papertales.{m}\n" not in pages]
    assert not missing, f"add them to their layer's page in docs/api/: {missing}"


@pytest.mark.slow                      # about ten seconds: every public module is imported and rendered
def test_the_api_reference_builds_without_warnings(tmp_path):
    if importlib.util.find_spec("sphinx") is None:
        pytest.skip("sphinx is not installed (it comes with the test extra: pip install -e '.[test]')")
    # PAPERTALES_PURE: the docstrings are read from the sources, also under the compiled
    # install, whose compiled functions may keep none (papertales/_build.py)
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           "-d", str(tmp_path / "doctrees"), str(API), str(tmp_path / "html")],
                          cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "PAPERTALES_PURE": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "html" / "index.html").is_file()
