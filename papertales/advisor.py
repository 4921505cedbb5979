"""The advisor: a seat that follows the coach's first advice.

:class:`AdvisorBot` asks :func:`papertales.coach.hint` at every decision with more than one
real option and plays its best move, with ``iterations`` sampled worlds per option (the
same moves on any machine) or ``seconds`` of sampling; :func:`worlds_budget` turns a budget
as written (``"24it"``, ``"0.5s"``) into the coach's arguments.
"""

from __future__ import annotations

from .budget import parse_budget
from .coach import hint
from .greedy import MoveMemory

DEFAULT_BUDGET = "24it"


def worlds_budget(budget) -> dict:
    """``"24it"`` -> 24 sampled worlds per option, ``"0.5s"`` -> as many as fit in 0.5 s."""
    opts = parse_budget(budget if budget is not None else DEFAULT_BUDGET)
    if "iterations" in opts:
        return {"worlds": opts["iterations"]}
    return {"seconds": opts["seconds"]}


class AdvisorBot:
    """A seat that follows the coach's first advice (:func:`papertales.lab.advise`); its Deployment
    always ends, as the bots' does (a unit moves at most once per Deployment)."""

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
        best = hint(game, seat, seed=self.seed * 7919 + self.calls, lang="en", actions=actions,
                    **worlds_budget(self.budget)).best.action
        self.moves.note(best)
        return best
