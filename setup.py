"""Build hook: compile the engine's hot modules with mypyc, or fall back to pure Python.

The compiled modules are the very same ``.py`` files (mypyc turns their type annotations
into C), so there is one source of rules.  The project metadata lives in pyproject.toml;
this file only decides about the extension modules:

* ``PAPERTALES_PURE=1`` (environment) or an editable install (``pip install -e .``): pure
  Python, so editing a rule takes effect at once and no stale compiled module can run;
* otherwise mypyc compiles :data:`ENGINE`; if mypyc or a C compiler is missing, or the
  build fails, the install goes on with the pure-Python engine and says so in one line.
"""

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

#: the modules a simulation spends its time in (not cli, render, i18n, serialize ...)
ENGINE = ["rng", "state", "actions", "decisions", "abilities", "cards", "events", "results", "variants",
          "expansion", "turns", "game", "recruitment", "deployment", "wars", "income", "construction",
          "aging", "scoring", "solo", "bots", "features", "evaluation", "greedy", "determinize", "drafted", "montecarlo",
          "ismcts"]
HERE = Path(__file__).resolve().parent
#: the app's files, copied into papertales_widgets (same paths) so that an installed
#: ``papertales app`` serves it (papertales_widgets/serve.py); the checkout keeps them at the top
APP_FILES = ["notebooks/app.ipynb", "share/jupyter/voila/templates/papertales/conf.json",
             "share/jupyter/voila/templates/papertales/index.html.j2"]


def say(message):
    print(f"papertales: {message}", file=sys.stderr, flush=True)


def engine_extensions():
    if os.environ.get("PAPERTALES_PURE") == "1":
        say("PAPERTALES_PURE=1: installing the pure-Python engine")
        return []
    if "editable_wheel" in sys.argv:
        say("editable install: the pure-Python engine (run 'pip install .' for the compiled one)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc is not installed: installing the pure-Python engine")
        return []
    # the other modules are type-checked silently: only the compiled ones must be clean
    try:
        return mypycify(["--follow-imports=silent"] + [f"papertales/{m}.py" for m in ENGINE],
                        opt_level="3")
    except (SystemExit, Exception) as exc:    # mypyc's type check failed: the errors are printed above
        say(f"mypyc refused the engine's types ({type(exc).__name__}; tests/test_types.py shows why): "
            "installing the pure-Python engine")
        return []


class BuildSources(build_py):
    """Start from an empty build folder (pip builds in place, in ./build): a pure or failed
    build must never ship an earlier build's compiled modules, and a file moved or removed
    since (a message catalogue moved to another package) must not come back from there.
    Then copy the app's notebook and template into the panels' package (:data:`APP_FILES`)."""

    def run(self):
        lib = Path(self.build_lib)
        for path in lib.glob("*__mypyc*"):
            path.unlink(missing_ok=True)
        for package in ("papertales", "papertales_widgets", "kingdom_legacy"):
            shutil.rmtree(lib / package, ignore_errors=True)
        super().run()
        for name in APP_FILES:
            target = lib / "papertales_widgets" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(HERE / name, target)

    def get_outputs(self, include_bytecode=True):
        return super().get_outputs(include_bytecode) + [
            str(Path(self.build_lib) / "papertales_widgets" / name) for name in APP_FILES]


class BuildEngine(build_ext):
    """Compile, or fall back to the pure engine on any compiler failure; record the hash of
    every compiled source so that papertales can refuse modules older than their source."""

    def run(self):
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:          # no compiler, a compiler error ...
            say(f"compiling the engine failed ({type(exc).__name__}; is a C compiler installed?): "
                "installing the pure-Python engine")
            for ext in self.extensions:       # no half-built set of modules
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []
            return
        target = Path(HERE if self.inplace else self.build_lib) / "papertales" / "_compiled.json"
        target.write_text(json.dumps({m: hashlib.sha256((HERE / "papertales" / f"{m}.py").read_bytes()).hexdigest()
                                      for m in ENGINE}, indent=1) + "\n", encoding="utf-8")
        say(f"compiled the engine with mypyc ({len(ENGINE)} modules)")

    def get_outputs(self):
        return super().get_outputs() if self.extensions else []


setup(ext_modules=engine_extensions(), cmdclass={"build_py": BuildSources, "build_ext": BuildEngine})
