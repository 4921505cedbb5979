"""The import structure: one way, data <- rules <- players <- analysis <- face.

Read with ``ast`` from the sources (nothing is imported).  A module imports, at module
level, only modules of its own layer or below; the graph has no cycle; no import hides in
a function (the one lazy import allowed is a ``_repr_html_``'s: a notebook's drawing, never
on a game's path); no ``_private`` name is imported from another layer or package; and
``papertales`` never imports ``kingdom_legacy`` or the panels.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"papertales": "papertales", "kingdom_legacy": "kingdom_legacy", "papertales_widgets": "widgets"}
LAYERS = {   # papertales' modules, bottom up; kingdom_legacy sits on "data", the panels are "face"
    "data": "_build rng i18n errors files extras stats budget state abilities necropolis cards actions decisions "
            "events results variants expansion turns",
    "rules": "game recruitment deployment wars income construction aging scoring solo observation determinize "
             "serialize position",
    "players": "bots greedy plans ismcts montecarlo scripted styles drafted evaluation features",
    "analysis": "judgement coach advisor registry whatif tournament cardstats lab simulate fitting playthrough",
    "face": "render cli __init__ __main__",
}
ORDER = list(LAYERS)
LAYER = {f"papertales.{m}": i for i, mods in enumerate(LAYERS.values()) for m in mods.split()}
LAYER.update({"papertales": ORDER.index("face"), "kingdom_legacy": ORDER.index("data") + 0.5,
              "papertales_widgets": ORDER.index("face") + 0.5})


def modules():
    for package, folder in PACKAGES.items():
        for path in sorted((ROOT / folder).glob("*.py")):
            name = package if path.stem == "__init__" else f"{package}.{path.stem}"
            yield name, ast.parse(path.read_text(encoding="utf-8"))


def imports(name, tree):
    """(imported module, names, inside which function or None) of every import."""
    hidden = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
              for n in ast.walk(node)}
    owner = {id(n): f.name for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
             for n in ast.walk(f)}
    package = name if "." not in name else name.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if id(node) in hidden or not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Import):
            targets = [(a.name, []) for a in node.names]
        elif node.level:
            base = package if node.level == 1 else package.rsplit(".", node.level - 1)[0]
            base = f"{base}.{node.module}" if node.module else base
            targets = [(f"{base}.{a.name}", []) if not node.module else (base, [a.name]) for a in node.names]
        else:
            targets = [(node.module, [a.name for a in node.names])]
        for target, names in targets:
            if target.split(".")[0] in PACKAGES:
                yield target, names, owner.get(id(node))


def layer_of(module):
    while module not in LAYER and "." in module:
        module = module.rsplit(".", 1)[0]
    return LAYER.get(module)


def problems():
    found, graph = set(), {}
    for name, tree in modules():
        for target, names, function in imports(name, tree):
            here, there = layer_of(name), layer_of(target)
            if function is not None and function != "_repr_html_":
                found.add((name, target, f"imported inside {function}()"))
            elif function is None and target != name:
                graph.setdefault(name, set()).add(target)
                if here is not None and there is not None and there > here:
                    found.add((name, target, "imports upwards"))
            if name.startswith("papertales") and not name.startswith("papertales_") and \
                    target.split(".")[0] in ("kingdom_legacy", "papertales_widgets"):
                found.add((name, target, "the engine imports another package"))
            for n in names:
                if n.startswith("_") and not n.startswith("__") and (int(here or 0) != int(there or 0)
                                                                   or name.split(".")[0] != target.split(".")[0]):
                    found.add((name, f"{target}.{n}", "a private name across layers"))
    for start in graph:                               # cycles among module-level imports
        stack, seen = [(start, [start])], set()
        while stack:
            node, path = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    found.add((min(path), " -> ".join(path[path.index(min(path)):] + path[:path.index(min(path))]), "cycle"))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, path + [nxt]))
    return found


def test_imports_go_one_way():
    found = sorted(problems())
    assert not found, "imports against the layers (docstring):\n" + "\n".join(map(str, found))


#: what a panel must read from the engine, never work out again: the per-war LP (``War.lp``,
#: ``WarsResult.lp``) and the engine's records (``papertales.recruitment_record`` ...)
RULE_CONSTANTS = {"LP_PER_WAR"}


def rule_recomputations(name, tree):
    """A panel importing a rule's constant, or building an engine record itself."""
    records = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "papertales":
            for a in node.names:
                if a.name in RULE_CONSTANTS:
                    yield f"{name}: imports {a.name} (the engine's results carry the LP)"
                if node.module == "papertales.results":
                    records.add(a.asname or a.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in records:
            yield f"{name}:{node.lineno}: builds {node.func.id}(...) (the engine makes its records)"


def test_the_panels_recompute_no_rule():
    """Rules live in the engine: a panel reads its results and API (``Game.refusal``,
    ``Game.free_gold``, ``War.lp``, ``recruitment_record``, ``lich_king_end_gains``)."""
    found = [p for name, tree in modules() if name.startswith("papertales_widgets")
             for p in rule_recomputations(name, tree)]
    assert found == []


def test_the_rule_check_catches_a_recomputation():
    bad = ast.parse("from papertales import LP_PER_WAR\nfrom papertales.results import Quest\nQuest('x', 1, (), 1)\n")
    assert len(list(rule_recomputations("bad", bad))) == 2
