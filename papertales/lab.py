"""Strategy lab: which cards go with winning, and what the coach thinks of a decision.

* :func:`card_report` plays a seat-rotated tournament between competent bots
  (:mod:`papertales.tournament`, default ``greedy``) and returns the per-unit statistics
  of :mod:`papertales.cardstats` (pick rate, revealed rate, win rate with and without, with
  intervals).
* :func:`advise` ranks the options of a pending decision by the coach: an information-set
  search (:meth:`papertales.ismcts.IsmctsBot.analyse`) that plays in worlds sampled by
  :meth:`Game.determinize` -- every card the seat cannot see dealt again at random -- so
  the advice never peeks.  :class:`AdvisorBot` lets a seat follow the advice.
"""

from __future__ import annotations

from .game import Game
from .greedy import MoveMemory, bot_actions
from .i18n import t

DEFAULT_BUDGET = "200it"


def card_report(players=4, games=200, seed=1, bots=("greedy",), jobs=1, progress=False, **options) -> list[dict]:
    """Per unit type, from a tournament of ``games`` games between ``bots``: the rows of
    :func:`papertales.cardstats.card_stats` (``id``, ``card``: its name in the pack,
    ``revealed`` seat-games, ``win_rate_revealed`` ...), sorted by win-rate difference."""
    from . import cardstats, tournament
    bots = list(bots)
    rows = tournament.run(bots, games=games, seed=seed, players=players, jobs=jobs, progress=progress, **options)
    return cardstats.card_stats(rows)["units"]


def _coach(budget, seed, rollout):
    from .ismcts import IsmctsBot
    from .tournament import parse_budget
    opts = parse_budget(budget if budget is not None else DEFAULT_BUDGET)
    return IsmctsBot(seed=seed, rollout=rollout, **opts)


def advise(game: Game, seat: int, budget=DEFAULT_BUDGET, seed: int = 0, lang: str | None = None,
           actions=None, rollout: str = "random") -> list[dict]:
    """Rank ``seat``'s options (default: the bots' options, :func:`papertales.greedy.bot_actions`:
    every legal action but take-backs and moves that only shuffle the kingdom) by the coach's
    search with ``budget`` (``"200it"`` iterations or ``"0.5s"`` per decision).  Each row:
    the ``action``, its ``text`` in words (in ``lang``, default: the current language),
    ``visits``, ``win_rate`` (the search's estimate of the win chance) and ``mean_lp`` (the
    LP it leads to, or the evaluation's LP-equivalent at the end of the turn); most visited
    first.  The game is not changed; the same seed and an iteration budget give the same
    advice."""
    if game.pending[seat] is None:
        raise ValueError(t("cli.error.no_decision", lang, name=game.players[seat].name))
    actions = list(actions) if actions is not None else bot_actions(game, seat)
    stats = _coach(budget, seed, rollout).analyse(game, seat, actions)
    seen = {s.action for s in stats}
    rows = [{"action": s.action, "text": s.action.describe(lang, game.cards), "visits": s.visits,
             "win_rate": round(s.reward, 3), "mean_lp": round(s.lp, 2)} for s in stats]
    rows += [{"action": a, "text": a.describe(lang, game.cards), "visits": 0, "win_rate": 0.0, "mean_lp": 0.0}
             for a in actions if a not in seen]
    return rows


class AdvisorBot:
    """A seat that follows the coach's first advice (:func:`advise`); its Deployment
    always ends, as the search bot's does (a unit moves at most once per Deployment)."""

    name = "advisor"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None):
        budget = {"iterations": iterations} if iterations else {"seconds": seconds} if seconds else None
        self.budget = budget or DEFAULT_BUDGET
        self.seed = seed
        self.calls = 0
        self.moves = MoveMemory()

    def choose(self, game, seat):
        actions = self.moves.actions(game, seat)
        if len(actions) == 1:
            return actions[0]
        self.calls += 1
        best = advise(game, seat, self.budget, seed=self.seed * 7919 + self.calls, actions=actions)[0]["action"]
        self.moves.note(best)
        return best
