"""Paper Tales Lab: a rules engine for the card game Paper Tales.

>>> from papertales import Game
>>> game = Game.new(players=4, seed=7).advance()
>>> game.pending_players()
[0, 1, 2, 3]
"""

from .actions import Action
from .cards import BASE, CardSet, load_pack
from .errors import (IllegalActionError, NotYourTurnError, PackError, PaperTalesError,
                     PositionError, SaveFileError)
from .events import Event, explain, totals
from .game import PHASE_HELP, PHASES, Decision, Game

__all__ = ["Action", "BASE", "CardSet", "Decision", "Event", "Game", "IllegalActionError",
           "NotYourTurnError", "PHASES", "PHASE_HELP", "PackError", "PaperTalesError",
           "PositionError", "SaveFileError", "explain", "load_pack", "totals"]
__version__ = "0.1.0"
