"""The campaign's code stays one a reader can follow (issue #27): one part of
:class:`Campaign` per concern, each under 400 lines, no function over 80, and every rule
step and effect step reached through a table that names it, never by a name put together
at run time."""

import ast
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import kingdom_legacy
from kingdom_legacy import Campaign
from kingdom_legacy.cards import STATIC_KINDS, STEP_KINDS
from kingdom_legacy.flow import FLOWS, LOSING_FLOWS, Flow
from kingdom_legacy.steps import OWN_STEPS, TARGET_STEPS, EffectSteps
from kingdom_legacy.terminal import COMMANDS, HANDLERS

PACKAGE = Path(kingdom_legacy.__file__).parent
#: the checkout (its pyproject.toml and sources), also when the tests run an installed build
ROOT = Path(__file__).resolve().parents[2]


def test_every_step_kind_of_the_format_has_exactly_one_handler():
    kinds = list(STATIC_KINDS) + list(OWN_STEPS) + list(TARGET_STEPS)
    assert sorted(kinds) == sorted(STEP_KINDS) and len(set(kinds)) == len(kinds)
    assert all(getattr(EffectSteps, f.__name__) is f for f in [*OWN_STEPS.values(), *TARGET_STEPS.values()])


def test_every_rule_step_put_on_the_work_stack_is_in_the_table():
    """The names written into ``work`` (and save files) are the keys of FLOWS, each one a
    method of the flow part."""
    pushed = set()
    for path in PACKAGE.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        pushed |= set(re.findall(r'"t": "flow", "name": "(\w+)"', source))
        for names in re.findall(r'for name in \(([^)]*)\):\n\s+self\.work\.append\(\{"t": "flow"', source):
            pushed |= set(re.findall(r'"(\w+)"', names))
    assert pushed and pushed <= set(FLOWS) and set(LOSING_FLOWS) <= set(FLOWS)
    assert all(getattr(Flow, f.__name__) is f for f in FLOWS.values())


def test_nothing_is_called_by_a_name_put_together():
    assert set(COMMANDS) - set(HANDLERS) == {"yes", "quit", "exit"} and set(HANDLERS) <= set(COMMANDS)
    for path in PACKAGE.glob("*.py"):
        assert not re.search(r"getattr\(self, [^)]*\+", path.read_text(encoding="utf-8")), path.name


def test_no_class_over_400_lines_and_no_function_over_80():
    long = []
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            size = getattr(node, "end_lineno", 0) - getattr(node, "lineno", 0) + 1
            if isinstance(node, ast.ClassDef) and size > 400 or isinstance(node, ast.FunctionDef) and size > 80:
                long.append(f"{path.name}: {node.name} ({size} lines)")
    assert long == []


def test_the_campaign_is_made_of_its_parts_and_keeps_only_slots():
    """Each part builds on the one below it only (so a part never calls up into another)."""
    assert [k.__module__.split(".")[-1] for k in Campaign.__mro__[1:-1]] == [
        "acting", "companion", "refusals", "decisions", "flow", "steps", "moves", "facts", "state"]
    assert all(k.__dict__.get("__slots__") == () for k in Campaign.__mro__[:-2])    # the state has them all
    assert not hasattr(Campaign.new(), "__dict__")


def test_mypy_strict_passes_on_kingdom_legacy(tmp_path):
    """The whole package is strict, nothing relaxed (issue #27): a function without types
    fails here."""
    if importlib.util.find_spec("mypy") is None:
        assert os.environ.get("PAPERTALES_REQUIRE_MYPY") != "1", "mypy is missing: pip install -e '.[types]'"
        pytest.skip("mypy is not installed (pip install -e '.[types]')")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache"), "kingdom_legacy"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout
