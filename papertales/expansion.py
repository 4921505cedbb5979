"""Beyond the Gates: which buildings a game uses (the building-tile draw) and how many
players it allows.

Base game: every player gets Town, Tavern, Mine, Temple and Barracks (plus any building a
user pack adds that is not an expansion tile).  With Beyond the Gates' buildings, everyone
gets Mine, Tavern, Temple and Town, and three tiles drawn at random from Barracks and the
expansion's buildings (packs mark them ``"tile": true``) give the three others -- the same
seven buildings for every player.

The box holds 7 tiles (Barracks and the 6 new buildings), but their cards are not known to
us: they come from user packs.  With fewer than 7 tiles in the loaded packs the draw is not
the printed one, and the engine says so (a :class:`TileSetWarning`) and deals what exists:
three tiles drawn from those present, or all of them when fewer than three are loaded (with
the shipped packs alone, only Barracks: every player gets the base game's five buildings)."""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

from .errors import PaperTalesError
from .i18n import card_name, t

if TYPE_CHECKING:     # the cards and the generator are data this module only reads
    from .cards import BuildingType, CardSet
    from .rng import Rng

BEYOND_THE_GATES = "beyond-the-gates"
EXPANSIONS = (BEYOND_THE_GATES,)
FIXED_WITH_TILES = ("town", "tavern", "mine", "temple")
TILES_DRAWN = 3
TILES_IN_BOX = 7
MAX_PLAYERS = {None: 5, BEYOND_THE_GATES: 7}


class TileSetWarning(UserWarning):
    """Beyond the Gates is played with fewer building tiles than the box holds."""


def tile_candidates(cards: CardSet) -> list[BuildingType]:
    """The building tiles the loaded packs provide: Barracks and every ``"tile": true``
    building, in pack order."""
    return [b for b in cards.buildings if b.tile or b.id == "barracks"]


def tile_shortfall(cards: CardSet) -> str | None:
    """None when the packs hold the box's 7 tiles, else a sentence saying what is dealt
    instead (in the current language)."""
    tiles = tile_candidates(cards)
    if len(tiles) >= TILES_IN_BOX:
        return None
    names = ", ".join(card_name(b.id, cards=cards) for b in tiles)
    dealt = min(TILES_DRAWN, len(tiles))
    return t("cli.expansion.tiles_missing", n=len(tiles), box=TILES_IN_BOX, names=names, dealt=dealt,
             total=len(FIXED_WITH_TILES) + dealt)


def building_set(cards: CardSet, expansion: str | None, rng: Rng) -> tuple[BuildingType, ...]:
    if expansion is None:
        return tuple(b for b in cards.buildings if not b.tile)
    if expansion not in EXPANSIONS:
        raise PaperTalesError("err.expansion.unknown", value=repr(expansion), known=", ".join(EXPANSIONS))
    fixed = [cards.building(i) for i in FIXED_WITH_TILES]
    tiles = tile_candidates(cards)
    short = tile_shortfall(cards)
    if short:
        warnings.warn(short, TileSetWarning, stacklevel=3)
    rng.shuffle(tiles)
    drawn = tiles[:TILES_DRAWN]
    return tuple(sorted(fixed + drawn, key=lambda b: b.index))
