"""Kingdom Legacy: Feudal Kingdom — a rules engine for the solo legacy deck-building game.

Cards are data (:mod:`kingdom_legacy.cards`, ``docs/kingdom-legacy.md``); the package ships
only an INVENTED demo kingdom, never the printed cards.  Owners enter the cards of their
own box as their own pack.  Every text shown to a person comes from the message catalogue
``papertales.i18n`` (keys ``legacy.*``), whose words for this game live here, in
``kingdom_legacy/locales/<lang>/`` (added to the catalogue on import)."""

from papertales.i18n import register_catalogue

register_catalogue(__name__)      # before the modules below, which may word things at import

from .actions import Action  # noqa: E402
from .bots import BOTS, RandomBot, SimpleBot, play_campaign  # noqa: E402
from .campaign import Campaign  # noqa: E402
from .cards import STAGES, Pack, demo_pack, load_pack  # noqa: E402
from .errors import IllegalAction, LegacyError, LossWarning, PackError, SaveError  # noqa: E402

__all__ = ["Action", "BOTS", "Campaign", "IllegalAction", "LegacyError", "LossWarning", "Pack", "PackError",
           "RandomBot", "STAGES", "SaveError", "SimpleBot", "demo_pack", "load_pack", "play_campaign"]
