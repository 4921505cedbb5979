"""The examples in the engine's docstrings run, and say what they show.

The examples are read from the source files with ``ast`` and ``doctest.DocTestParser``,
not from the imported modules' ``__doc__``: a module compiled by mypyc (the regular
install, ``scripts/test.sh`` step 2) may keep no docstring of its functions, and
``doctest.testmod`` would then find nothing and pass.  Each example runs in the imported
module's namespace, so under the compiled install it exercises the compiled code.

Which modules: the package itself, :data:`papertales.PUBLIC_MODULES`, and every other
module of ``papertales/`` whose source holds an example (found here, so a new example
anywhere runs without being listed)."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

import papertales

SOURCE = Path(papertales.__file__).resolve().parent
#: the examples compare text, so they are worded in one language whatever the machine's locale
FLAGS = doctest.ELLIPSIS


def _source(module: str) -> Path:
    """The source file of ``papertales`` or ``papertales.<name>`` (shipped next to a compiled module)."""
    return SOURCE / ("__init__.py" if module == "papertales" else f"{module.split('.', 1)[1]}.py")


def _docstrings(path: Path):
    """(qualified name, line of the docstring, docstring) of the module and of every class,
    function and method in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []

    def visit(node, prefix):
        body = getattr(node, "body", [])
        doc = ast.get_docstring(node, clean=False) if isinstance(
            node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) else None
        if doc is not None:
            out.append((prefix, body[0].lineno, doc))
        for child in body:
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, f"{prefix}.{child.name}")

    visit(tree, "")
    return out


def _tests(module: str) -> list[doctest.DocTest]:
    path = _source(module)
    parser = doctest.DocTestParser()
    out = []
    for name, line, doc in _docstrings(path):
        test = parser.get_doctest(doc, {}, module + name, str(path), line - 1)
        if test.examples:
            out.append(test)
    return out


def _with_examples() -> list[str]:
    listed = ["papertales"] + [f"papertales.{m}" for m in papertales.PUBLIC_MODULES]
    found = [f"papertales.{p.stem}" for p in sorted(SOURCE.glob("*.py"))
             if p.stem != "__init__" and ">>>" in p.read_text(encoding="utf-8")]
    return [m for m in dict.fromkeys(listed + found) if _tests(m)]


MODULES = _with_examples()


def test_the_engine_has_examples_to_run():
    """Not a test that passes on nothing: the examples the docs rely on are there."""
    assert {"papertales", "papertales.actions", "papertales.events", "papertales.rng", "papertales.i18n",
            "papertales.decisions", "papertales.registry"} <= set(MODULES)
    assert sum(len(t.examples) for m in MODULES for t in _tests(m)) >= 25


@pytest.mark.parametrize("module", MODULES)
def test_the_examples_of(module):
    from papertales import i18n
    mod = importlib.import_module(module)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    out = []
    before = i18n._current[0]
    i18n.set_language("en")
    try:
        for test in _tests(module):
            test.globs = dict(vars(mod))
            runner.run(test, out=out.append)
    finally:
        i18n._current[0] = before
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, "".join(out)


@pytest.mark.parametrize("module", MODULES)
def test_the_source_holds_every_example_the_module_has(module):
    """What doctest finds in the imported module (all of it in pure Python, perhaps less when
    compiled) is among what the source gives: reading the source loses nothing."""
    mod = importlib.import_module(module)
    from_source = {(t.name, e.source) for t in _tests(module) for e in t.examples}
    for test in doctest.DocTestFinder(recurse=True).find(mod, module):
        if test.filename and Path(test.filename).resolve() != _source(module):
            continue                    # an object imported from another module: checked there
        for example in test.examples:
            assert any(src == example.source for _, src in from_source), (test.name, example.source)
