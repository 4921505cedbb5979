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
from .decisions import Decision
from .events import Event, cause_label, explain, totals
from .game import PHASES, Game, phase_help
from .i18n import LANGUAGES, card_name, get_language, set_language, t

__all__ = ["Action", "BASE", "CardSet", "Decision", "Event", "Game", "IllegalActionError",
           "LANGUAGES", "NotYourTurnError", "PHASES", "PackError", "PaperTalesError",
           "PositionError", "SaveFileError", "card_name", "cause_label", "explain",
           "get_language", "load_pack", "phase_help", "set_language", "t", "totals"]
__version__ = "0.1.0"
