"""Kingdom Legacy: Feudal Kingdom — a rules engine for the solo legacy deck-building game.

Cards are data (:mod:`kingdom_legacy.cards`, ``docs/kingdom-legacy.md``); the package ships
only an INVENTED demo kingdom, never the printed cards.  Owners enter the cards of their
own box as their own pack.  Every text shown to a person comes from the message catalogue
``papertales.i18n`` (keys ``legacy.*``)."""

from .actions import Action
from .bots import BOTS, RandomBot, SimpleBot, play_campaign
from .campaign import Campaign
from .cards import STAGES, Pack, demo_pack, load_pack
from .errors import IllegalAction, LegacyError, LossWarning, PackError, SaveError

__all__ = ["Action", "BOTS", "Campaign", "IllegalAction", "LegacyError", "LossWarning", "Pack", "PackError",
           "RandomBot", "STAGES", "SaveError", "SimpleBot", "demo_pack", "load_pack", "play_campaign"]
