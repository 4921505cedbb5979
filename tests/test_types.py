"""``mypy --strict`` on every module of ``papertales``, and on the engine's modules by
themselves: the ones mypyc compiles (setup.py ENGINE), whose annotations become run-time
types there, so a wrong one is a bug in the compiled build only.  The configuration is in
pyproject.toml (``[tool.mypy]``): no strict flag is relaxed for any ``papertales`` module;
an override there would name its flag, its modules (of another package) and why."""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def engine_modules() -> list[str]:
    """setup.py's ENGINE list, read without running setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "ENGINE" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("no ENGINE list in setup.py")


def package_modules() -> list[Path]:
    """Every module of ``papertales`` (its subpackages too)."""
    return sorted((ROOT / "papertales").rglob("*.py"))


def test_no_papertales_module_is_relaxed():
    """The whole package is strict: an override may not name a ``papertales`` module (a
    pattern such as ``papertales.*`` included), and one that names no flag relaxes nothing."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    for override in config.get("overrides", []):      # none: every module is strict
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        relaxed = [m for m in modules if m == "papertales" or m.startswith("papertales.")]
        assert not relaxed, relaxed
        assert set(override) - {"module"}, "an override that relaxes nothing"


def _mypy(tmp_path: Path, *paths: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec("mypy") is None:
        # scripts/test.sh installs the [types] extra and sets PAPERTALES_REQUIRE_MYPY: there a
        # missing mypy fails instead of skipping
        assert os.environ.get("PAPERTALES_REQUIRE_MYPY") != "1", "mypy is missing: pip install -e '.[types]'"
        pytest.skip("mypy is not installed (pip install -e '.[types]')")
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache"), *paths],
                          cwd=ROOT, capture_output=True, text=True)


def test_mypy_strict_passes_on_the_engine(tmp_path):
    """The compiled modules by themselves (what mypyc sees)."""
    done = _mypy(tmp_path, *[f"papertales/{m}.py" for m in engine_modules()])
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"no issues found in {len(engine_modules())} source files" in done.stdout


def test_mypy_strict_passes_on_the_whole_package(tmp_path):
    """Every module of ``papertales``: the engine, the players, the analyses, the faces."""
    done = _mypy(tmp_path, "papertales")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"no issues found in {len(package_modules())} source files" in done.stdout
