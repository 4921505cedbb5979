"""Strategy lab: which cards go with winning, and what the coach thinks of a decision.

* :func:`card_report` plays a seat-rotated tournament between competent bots
  (:mod:`papertales.tournament`, default ``greedy``) and returns the per-unit statistics
  of :mod:`papertales.cardstats` (pick rate, revealed rate, win rate with and without, with
  intervals).
* :func:`advise` ranks the options of a pending decision as the coach's hint does
  (:func:`papertales.coach.hint`): every option played in the same worlds sampled from what
  the seat has seen, ranked by expected final LP.  :class:`~papertales.advisor.AdvisorBot`
  lets a seat follow the advice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict

from . import cardstats, tournament
from .advisor import DEFAULT_BUDGET, AdvisorBot, worlds_budget
from .budget import Budget
from .actions import Action
from .coach import hint
from .game import Game

__all__ = ["AdvisorBot", "DEFAULT_BUDGET", "advise", "card_report"]


class Advice(TypedDict):
    """One option of :func:`advise` (its docstring says what each field is)."""
    action: Action
    plan: list[Action]
    also: list[tuple[Action, ...]]
    text: str
    worlds: int
    expected_lp: float | None
    lp_low: float | None
    lp_high: float | None
    win_chance: float | None
    reason: str


def card_report(players: int = 4, games: int = 200, seed: int = 1, bots: Iterable[str] = ("greedy",), jobs: int = 1,
                progress: bool = False, **options: Any) -> list[dict[str, Any]]:
    """Per unit type, from a tournament of ``games`` games between ``bots``: the rows of
    :func:`papertales.cardstats.card_stats` (``id``, ``card``: its name in the pack,
    ``revealed`` seat-games, ``win_rate_revealed`` ...), sorted by win-rate difference."""
    bots = list(bots)
    rows = tournament.run(bots, games=games, seed=seed, players=players, jobs=jobs, progress=progress, **options)
    units: list[dict[str, Any]] = cardstats.card_stats(rows)["units"]
    return units


def advise(game: Game, seat: int, budget: str | Budget | None = DEFAULT_BUDGET, seed: int = 0,
           lang: str | None = None) -> list[Advice]:
    """``seat``'s options ranked by the coach (:func:`papertales.coach.hint`) with
    ``budget`` (``"24it"``: 24 sampled worlds per option).  Each row: the ``action`` and
    the whole ``plan`` (a Deployment), ``also`` the plans that give the same game, its
    ``text`` in ``lang``, ``worlds``, ``expected_lp`` with its 95 % interval ``lp_low`` ..
    ``lp_high``, ``win_chance`` and the ``reason``; the coach's suggestion first.  The game
    is not changed; the same seed and a world count give the same advice."""
    h = hint(game, seat, seed=seed, lang=lang, worlds=worlds_budget(budget))
    return [{"action": o.action, "plan": list(o.plan), "also": list(o.also), "text": o.text, "worlds": o.worlds,
             "expected_lp": o.lp,
             "lp_low": o.lp_low, "lp_high": o.lp_high, "win_chance": o.win, "reason": o.reason}
            for o in h.options]
