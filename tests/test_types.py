"""``mypy --strict`` on the engine's modules: the ones mypyc compiles (setup.py ENGINE),
whose annotations become run-time types there, so a wrong one is a bug in the compiled
build only.  The configuration is in pyproject.toml (``[tool.mypy]``): no strict flag is
relaxed; a relaxation would be an override naming its flag, its modules and why."""

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


def test_the_relaxed_modules_are_engine_modules():
    """An override naming a module that is not compiled (a typo, a renamed module) relaxes nothing."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    engine = {f"papertales.{m}" for m in engine_modules()}
    for override in config.get("overrides", []):      # none left: every module is strict
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        assert set(modules) <= engine, set(modules) - engine
        assert set(override) - {"module"}, "an override that relaxes nothing"


def test_mypy_strict_passes_on_the_engine(tmp_path):
    if importlib.util.find_spec("mypy") is None:
        # scripts/test.sh installs the [types] extra and sets PAPERTALES_REQUIRE_MYPY: there a
        # missing mypy fails instead of skipping
        assert os.environ.get("PAPERTALES_REQUIRE_MYPY") != "1", "mypy is missing: pip install -e '.[types]'"
        pytest.skip("mypy is not installed (pip install -e '.[types]')")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache"),
                           *[f"papertales/{m}.py" for m in engine_modules()]],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"no issues found in {len(engine_modules())} source files" in done.stdout
