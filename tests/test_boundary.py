"""The panels and notebooks use the engine's public API only.

Public means: names listed in ``papertales.__all__``, and the submodules listed in
``papertales.PUBLIC_MODULES`` (each without its ``_private`` names).  Everything else
(``papertales.events``, ``papertales.solo``, a game's ``_ctx`` ...) is the engine's own
and may change without notice, so a panel reaching it would break silently."""

import ast
import json
from pathlib import Path

import papertales

ROOT = Path(__file__).resolve().parents[1]
ENGINE_OBJECTS = ("game", "g", "world", "session.game", "self.game", "self.session.game")


def _sources():
    for path in sorted((ROOT / "widgets").glob("*.py")):
        yield path.name, path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        yield path.name, "\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!")))


def _private(name):
    return name.startswith("_") and not name.startswith("__")


def violations(name, source):
    tree = ast.parse(source, name)
    engine_names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[0] == "papertales":
                    if len(parts) > 1 and parts[1] not in papertales.PUBLIC_MODULES:
                        yield f"{name}:{node.lineno}: import {a.name} (not a public module)"
                    engine_names.add((a.asname or a.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "papertales":
            parts = node.module.split(".")
            for a in node.names:
                if len(parts) == 1 and a.name not in papertales.__all__ + list(papertales.PUBLIC_MODULES):
                    yield f"{name}:{node.lineno}: from papertales import {a.name} (not in __all__)"
                if len(parts) > 1 and parts[1] not in papertales.PUBLIC_MODULES:
                    yield f"{name}:{node.lineno}: from {node.module} import {a.name} (not a public module)"
                if _private(a.name):
                    yield f"{name}:{node.lineno}: from {node.module} import {a.name} (private)"
                engine_names.add(a.asname or a.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            owner = ast.unparse(node.value)
            if (isinstance(base, ast.Name) and base.id in engine_names) or owner in ENGINE_OBJECTS:
                yield f"{name}:{node.lineno}: {owner}.{node.attr} (private)"


def test_panels_and_notebooks_use_only_the_public_api():
    found = [v for name, source in _sources() for v in violations(name, source)]
    assert found == []


def test_the_scan_catches_a_reach_around():
    bad = ("from papertales.events import LICH_SEAT\nfrom papertales import render as R\n"
           "R._e('x')\nfrom papertales import Game\nself.game._ctx(0)\nimport papertales.solo\n")
    found = list(violations("bad.py", bad))
    assert len(found) == 4, found


def test_everything_public_exists():
    import importlib
    for name in papertales.__all__:
        assert hasattr(papertales, name), name
    for module in papertales.PUBLIC_MODULES:
        importlib.import_module(f"papertales.{module}")
