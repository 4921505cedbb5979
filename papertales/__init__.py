"""Paper Tales Lab: a rules engine for the card game Paper Tales.

>>> from papertales import Game
>>> game = Game.new(players=4, seed=7).advance()
>>> game.pending_players()
[0, 1, 2, 3]
"""

import importlib

from ._build import choose_build

choose_build()       # compiled modules only when they match their sources (see _build)

from . import i18n, results, variants  # noqa: E402  (the build is chosen first)
from .abilities import RESOURCES  # noqa: E402
from .actions import Action  # noqa: E402
from .cards import BASE, BUILTIN_PACKS, PACK_FORMAT, CardSet, builtin_pack, card_set, load_pack  # noqa: E402
from .decisions import Decision  # noqa: E402
from .errors import (IllegalActionError, MissingExtraError, NotYourTurnError, PackError, PaperTalesError,
                     PositionError, SaveFileError)
from .events import (BLACK_ARMY, LICH_SEAT, PURPLE_ARMY, RULE_WARS, Event, cause_label, explain,
                     render_parts, totals)
from .game import Game, phase_help
from .turns import PHASES
from .i18n import LANGUAGES, card_name, get_language, set_language, t
from .necropolis import (ARMIES, LICH_KING_ABILITIES, PILES, REQUIREMENT_KINDS, lich_king_card,
                         necropolis_card)
from .necropolis import PHASE_NAMES as ABILITY_PHASES
from .solo import (LP_PER_ARMY_WIN, WarOutcome, end_gains as lich_king_end_gains, lp_per_army_win,  # noqa: E402
                   next_war_card, recruitment_gains, recruitment_record, war_outcome)
from .results import LP_PER_WAR  # noqa: E402

#: the submodules that are part of the public API (everything else is the engine's own)
PUBLIC_MODULES = ("bots", "registry", "i18n", "render", "results", "variants", "serialize", "position", "whatif", "coach",
                  "tournament", "cardstats", "lab", "advisor", "stats", "budget", "greedy", "ismcts", "observation",
                  "extras", "plans", "judgement")

__all__ = ["ABILITY_PHASES", "ARMIES", "Action", "BASE", "BLACK_ARMY", "BUILTIN_PACKS", "CardSet",
           "Decision", "Event", "Game", "IllegalActionError", "LANGUAGES", "LICH_KING_ABILITIES",
           "LICH_SEAT", "LP_PER_ARMY_WIN", "LP_PER_WAR", "MissingExtraError", "NotYourTurnError", "PACK_FORMAT", "PHASES", "PILES",
           "PUBLIC_MODULES", "PURPLE_ARMY", "WarOutcome", "PackError", "PaperTalesError", "PositionError",
           "REQUIREMENT_KINDS", "RESOURCES", "RULE_WARS", "SAVE_FORMAT", "SaveFileError",
           "bots", "builtin_pack", "card_name", "card_set", "cause_label", "dumps", "explain",
           "get_language", "i18n", "lich_king_card", "load_pack", "loads", "lp_per_army_win", "necropolis_card",
           "lich_king_end_gains", "next_war_card", "phase_help", "position", "serialize",
           "recruitment_gains", "recruitment_record", "render", "render_parts", "results", "set_language", "t",
           "totals", "variants", "war_outcome", "whatif", "compiled"]
__version__ = "0.1.0"

from . import game as _game  # noqa: E402

#: the public submodules loaded on first use (``papertales.render``, ``from papertales
#: import whatif``): a program that only plays games does not pay for the HTML, the
#: position format or the bots' tables at ``import papertales``
_LAZY = ("bots", "render", "serialize", "position", "whatif")
#: names taken from a lazy submodule: saving (``papertales.dumps(game)``,
#: ``papertales.loads(text)``) loads the file formats when first used
_LAZY_NAMES = {"dumps": ("serialize", "dumps"), "loads": ("serialize", "loads"),
               "SAVE_FORMAT": ("serialize", "FORMAT")}


def __getattr__(name: str) -> object:
    """PEP 562: load a lazy submodule when it is first asked for."""
    if name in _LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    if name in _LAZY_NAMES:
        module, attr = _LAZY_NAMES[name]
        return getattr(importlib.import_module(f"{__name__}.{module}"), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

#: True when the mypyc-compiled engine runs, False for the pure-Python one (from its sources,
#: or from bytecode alone as in the static site's wheel: scripts/build_site.py)
compiled = not _game.__file__.endswith((".py", ".pyc"))
