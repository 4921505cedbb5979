"""Beyond the Gates: which buildings a game uses (the building-tile draw) and how many
players it allows.

Base game: every player gets Town, Tavern, Mine, Temple and Barracks (plus any building a
user pack adds that is not an expansion tile).  With Beyond the Gates' buildings, everyone
gets Mine, Tavern, Temple and Town, and three tiles drawn at random from Barracks and the
expansion's buildings (packs mark them ``"tile": true``) give the three others -- the same
seven buildings for every player."""

from __future__ import annotations

from .errors import PaperTalesError

BEYOND_THE_GATES = "beyond-the-gates"
EXPANSIONS = (BEYOND_THE_GATES,)
FIXED_WITH_TILES = ("town", "tavern", "mine", "temple")
TILES_DRAWN = 3
MAX_PLAYERS = {None: 5, BEYOND_THE_GATES: 7}


def building_set(cards, expansion, rng) -> tuple:
    if expansion is None:
        return tuple(b for b in cards.buildings if not b.tile)
    if expansion not in EXPANSIONS:
        raise PaperTalesError(f"unknown expansion {expansion!r}; known: {', '.join(EXPANSIONS)}")
    fixed = [cards.building(i) for i in FIXED_WITH_TILES]
    tiles = [b for b in cards.buildings if b.tile or b.id == "barracks"]
    rng.shuffle(tiles)
    drawn = tiles[:TILES_DRAWN]
    return tuple(sorted(fixed + drawn, key=lambda b: b.index))
