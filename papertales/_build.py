"""Which build of the engine runs: the mypyc-compiled modules or the ``.py`` sources.

Why check at all?  A compiled module shadows its ``.py`` file, so a stale one would run old
rules.  The build (``setup.py``) records the SHA-256 of every source it compiled in
``_compiled.json``; compiled modules are used only when those hashes still match the
sources beside them.  Otherwise -- or with ``PAPERTALES_PURE=1`` -- a finder placed first on
``sys.meta_path`` loads every ``papertales.*`` module from its ``.py`` file.  Editable
installs build no compiled modules at all (see ``setup.py``).

It also holds the one :func:`mypyc_attr` the compiled modules declare their classes with
(mypy's, or a no-op where mypy is not installed), below every module that needs it."""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

try:                    # mypyc: let interpreted classes subclass a compiled one (game.Game, greedy.GreedyBot)
    from mypy_extensions import mypyc_attr as mypyc_attr     # (as: re-exported, for mypy --strict)
except ImportError:     # the pure engine without mypy installed: nothing to declare
    def mypyc_attr(*args: Any, **flags: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls

HERE = Path(__file__).resolve().parent


class SourceFinder:
    """Loads ``papertales.<module>`` from ``<module>.py`` even where a compiled module exists."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        package, _, module = name.partition(".")
        if package != "papertales" or not module or "." in module:
            return None
        source = HERE / f"{module}.py"
        return importlib.util.spec_from_file_location(name, source) if source.is_file() else None


def _stale() -> list[str]:
    """Compiled modules whose source changed since the build (all of them if unrecorded)."""
    try:
        recorded = json.loads((HERE / "_compiled.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ["(no build record)"]
    return [m for m, digest in recorded.items()
            if hashlib.sha256((HERE / f"{m}.py").read_bytes()).hexdigest() != digest]


def choose_build() -> None:
    """Run before any engine module is imported: fall back to the sources when needed."""
    if not any(any(HERE.glob(f"*{suffix}")) for suffix in importlib.machinery.EXTENSION_SUFFIXES):
        return                                  # a pure install: nothing to choose
    if os.environ.get("PAPERTALES_PURE") != "1":
        stale = _stale()
        if not stale:
            return
        warnings.warn(f"papertales: compiled modules do not match their sources ({', '.join(stale)}); "
                      "running the pure-Python engine (reinstall with 'pip install .' to compile again)",
                      RuntimeWarning, stacklevel=3)
    sys.meta_path.insert(0, SourceFinder())
