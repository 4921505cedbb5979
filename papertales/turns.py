"""The calendar of a game: four turns of six phases, then the end.

Its own module, below :mod:`papertales.game`, so that what only needs the order of the
phases (the drawing in :mod:`papertales.render`, the features of a position) does not
import the rules."""

from __future__ import annotations

from typing import Final

TURNS: Final = 4
PHASES = ("recruitment", "deployment", "wars", "income", "construction", "aging")
END, OVER = "end", "over"
#: how far into a turn a phase is (0-5), the end of the game after all (6): a bot's or a
#: feature's "is this phase still to come this turn?"
PHASE_INDEX: Final = {**{phase: i for i, phase in enumerate(PHASES)}, END: len(PHASES), OVER: len(PHASES)}
