"""A search's budget as people write it: ``"50it"`` (iterations: the same choices on any
machine) or ``"0.2s"`` / ``"200ms"`` (time: as much as fits).

>>> parse_budget("50it"), parse_budget("0.2s"), parse_budget(None)
({'iterations': 50}, {'seconds': 0.2}, {})
"""

from __future__ import annotations

from typing import TypedDict, cast

from .errors import PaperTalesError


class Budget(TypedDict, total=False):
    """A parsed budget: ``iterations`` or ``seconds`` (a bot's constructor options)."""
    iterations: int
    seconds: float


def parse_budget(text: str | Budget | None) -> Budget:
    """``"0.2s"`` -> ``{"seconds": 0.2}``, ``"50it"`` -> ``{"iterations": 50}``; None -> {}."""
    if text is None or text == "":
        return {}
    if isinstance(text, dict):
        return cast(Budget, dict(text))
    s = str(text).strip().lower()
    try:
        if s.endswith("it"):
            n = int(s[:-2])
            if n >= 1:
                return {"iterations": n}
        elif s.endswith("ms"):
            x = float(s[:-2]) / 1000
            if x > 0:
                return {"seconds": x}
        elif s.endswith("s"):
            x = float(s[:-1])
            if x > 0:
                return {"seconds": x}
    except ValueError:
        pass
    raise PaperTalesError("err.tournament.budget", value=text)
