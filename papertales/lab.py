"""Strategy lab: which cards go with winning, and what the coach thinks of a decision.

* :func:`card_report` plays a seat-rotated tournament between competent bots
  (:mod:`papertales.tournament`, default ``greedy``) and returns the per-unit statistics
  of :mod:`papertales.cardstats` (pick rate, revealed rate, win rate with and without, with
  intervals).
* :func:`advise` ranks the options of a pending decision as the coach's hint does
  (:func:`papertales.coach.hint`): every option played in the same worlds sampled from what
  the seat has seen, ranked by expected final LP.  :class:`AdvisorBot` lets a seat follow
  the advice.
"""

from __future__ import annotations

from .game import Game
from .greedy import MoveMemory

DEFAULT_BUDGET = "24it"


def card_report(players=4, games=200, seed=1, bots=("greedy",), jobs=1, progress=False, **options) -> list[dict]:
    """Per unit type, from a tournament of ``games`` games between ``bots``: the rows of
    :func:`papertales.cardstats.card_stats` (``id``, ``card``: its name in the pack,
    ``revealed`` seat-games, ``win_rate_revealed`` ...), sorted by win-rate difference."""
    from . import cardstats, tournament
    bots = list(bots)
    rows = tournament.run(bots, games=games, seed=seed, players=players, jobs=jobs, progress=progress, **options)
    return cardstats.card_stats(rows)["units"]


def _budget(budget) -> dict:
    """``"24it"`` -> 24 sampled worlds per option, ``"0.5s"`` -> as many as fit in 0.5 s."""
    from .tournament import parse_budget
    opts = parse_budget(budget if budget is not None else DEFAULT_BUDGET)
    if "iterations" in opts:
        return {"worlds": opts["iterations"]}
    return {"seconds": opts["seconds"]}


def advise(game: Game, seat: int, budget=DEFAULT_BUDGET, seed: int = 0, lang: str | None = None) -> list[dict]:
    """``seat``'s options ranked by the coach (:func:`papertales.coach.hint`) with
    ``budget`` (``"24it"``: 24 sampled worlds per option, or ``"0.5s"``).  Each row: the
    ``action`` (``also``: the moves that give the same game), its ``text`` in ``lang``,
    ``worlds``, ``expected_lp`` with its 95 % interval ``lp_low`` .. ``lp_high``,
    ``win_chance`` and the ``reason``; the highest expected final LP first.  The game is
    not changed; the same seed and a world count give the same advice."""
    from .coach import hint
    h = hint(game, seat, seed=seed, lang=lang, **_budget(budget))
    return [{"action": o.action, "also": list(o.also), "text": o.text, "worlds": o.worlds, "expected_lp": o.lp,
             "lp_low": o.lp_low, "lp_high": o.lp_high, "win_chance": o.win, "reason": o.reason}
            for o in h.options]


class AdvisorBot:
    """A seat that follows the coach's first advice (:func:`advise`); its Deployment
    always ends, as the bots' does (a unit moves at most once per Deployment)."""

    name = "advisor"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None):
        budget = {"iterations": iterations} if iterations else {"seconds": seconds} if seconds else None
        self.budget = budget or DEFAULT_BUDGET
        self.seed = seed
        self.calls = 0
        self.moves = MoveMemory()

    def choose(self, game, seat):
        from .coach import hint
        actions = self.moves.actions(game, seat)
        if len(actions) == 1:
            return actions[0]
        self.calls += 1
        best = hint(game, seat, seed=self.seed * 7919 + self.calls, lang="en", actions=actions,
                    **_budget(self.budget)).best.action
        self.moves.note(best)
        return best
