"""The advisor: a seat that follows the coach's first advice.

:class:`AdvisorBot` asks the coach (:func:`papertales.judgement.judge`, the hint's judgement)
at every decision with more than one real option and plays its suggestion -- in a
Deployment the suggested plan, step by step --
with ``iterations`` sampled worlds per option (the same moves on any machine);
:func:`worlds_budget` turns a budget as written (``"24it"``) into the coach's world count.
The coach counts its budget in worlds only: one judgement for one position, whatever the
machine's speed.
"""

from __future__ import annotations

from typing import ClassVar

from .actions import Action
from .budget import Budget, parse_budget
from .errors import PaperTalesError
from .game import Game
from .greedy import MoveMemory
from .judgement import judge
from .plans import next_step

DEFAULT_BUDGET = "24it"


def worlds_budget(budget: str | Budget | None) -> int:
    """``"24it"`` -> 24 sampled worlds per option; a time budget is refused, saying why."""
    opts = parse_budget(budget if budget is not None else DEFAULT_BUDGET)
    if "iterations" not in opts:
        raise PaperTalesError("err.advisor.worlds", value=budget)
    return opts["iterations"]


class AdvisorBot:
    """A seat that follows the coach's suggestions (:func:`papertales.lab.advise`); its
    Deployment always ends, as the bots' does (the plan it follows ends in ``done``)."""

    name: ClassVar[str] = "advisor"

    def __init__(self, seed: int = 0, iterations: int | None = None) -> None:
        self.worlds = iterations or worlds_budget(DEFAULT_BUDGET)
        self.seed = seed
        self.calls = 0
        self.moves = MoveMemory()
        self.plan: list[Action] = []                 # the rest of the Deployment plan being played

    def choose(self, game: Game, seat: int) -> Action:
        if (a := next_step(self.plan, game, seat)) is not None:
            return a
        actions = self.moves.actions(game, seat)
        if len(actions) == 1:
            return actions[0]
        self.calls += 1
        best = judge(game, seat, self.worlds, self.seed, chance=False).best    # its chance is not needed
        self.plan = list(best.plan[1:])
        self.moves.note(best.action)
        return best.action
