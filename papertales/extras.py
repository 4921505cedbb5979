"""Optional parts: the packages of an extra are imported through :func:`require`, which
says in one line which extra to install when one is missing, instead of a traceback.

The engine itself needs only the standard library (and tqdm for progress bars); the
extras are declared in pyproject.toml: ``app`` (the panels and charts), ``lab``
(tournaments: ratings, tables, Parquet files, Dask)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType

from .errors import MissingExtraError


def require(module: str, extra: str) -> ModuleType:
    """Import ``module`` (e.g. ``"dask.distributed"``), part of the extra ``extra``;
    raises :class:`MissingExtraError` naming the package and the extra when it is missing."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        missing = getattr(exc, "name", None) or module.split(".")[0]
        raise MissingExtraError("err.extra.missing", package=missing.split(".")[0], extra=extra) from None


def check(modules: Iterable[str], extra: str) -> None:
    """Make sure the top-level packages ``modules`` of ``extra`` are installed, without
    importing them (cheap: for a package whose modules import them later)."""
    from importlib.util import find_spec
    for module in modules:
        if find_spec(module) is None:
            raise MissingExtraError("err.extra.missing", package=module, extra=extra)
