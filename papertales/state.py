"""The compact state of one kingdom: units in spots, buildings, gold, LP, hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:               # the card types are data this module only holds
    from .cards import BuildingLevel, UnitType

#: when a unit produces its resources (``UnitType.produces``): always, in the Front,
#: per age token, once aged
ALWAYS: Final = 0
IN_FRONT: Final = 1
PER_AGE_TOKEN: Final = 2
AGED: Final = 3

#: Spot indices: two Front spots, two Back spots, and the 5th spot (Front) that a
#: level-2 building unlocks.
SPOTS: Final = 5
FRONT_SPOTS: Final = (0, 1, 4)
BACK_SPOTS: Final = (2, 3)
# typed as tuples of any length: a compiled module indexes them as they are, where a
# fixed-length tuple type is unboxed and would be boxed again at every index
IS_FRONT: Final[tuple[bool, ...]] = (True, True, False, False, True)
SPOT_NAMES: Final[tuple[str, ...]] = ("F1", "F2", "B1", "B2", "F3")
SPOT_INDEX: Final = {name: i for i, name in enumerate(SPOT_NAMES)}


class Unit:
    """A unit card in play: its type, its age tokens, and whether it was placed this
    Deployment (still face down until the reveal)."""

    __slots__ = ("type", "age", "new")
    type: UnitType
    age: int
    new: bool

    def __init__(self, utype: UnitType, age: int = 0, new: bool = False) -> None:
        self.type = utype
        self.age = age
        self.new = new

    def copy(self) -> "Unit":
        return Unit(self.type, self.age, self.new)

    def __repr__(self) -> str:
        return f"<{self.type.name} age={self.age}{' new' if self.new else ''}>"


class Player:
    """One seat.  Cards in hand, pack, kept card and units are unit types (objects from
    the game's :class:`~papertales.cards.CardSet`); buildings is a list of levels
    (0 = not built) indexed like ``CardSet.buildings``."""

    __slots__ = ("name", "gold", "lp", "hand", "pack", "kept", "units", "buildings", "spots", "passed")
    name: str
    gold: int
    lp: int
    hand: list[UnitType]
    pack: list[UnitType]
    kept: UnitType | None
    units: list[Unit | None]
    buildings: list[int]
    spots: int
    passed: tuple[tuple[UnitType, ...], ...]

    def __init__(self, name: str, n_buildings: int, gold: int = 3) -> None:
        self.name = name
        self.gold = gold
        self.lp = 0
        self.hand = []          # cards drafted this turn (and the card kept from last turn)
        self.pack = []          # the pack being drafted from (Recruitment only)
        self.kept = None        # the unit type kept on the Player's Aid for next turn
        self.units = [None] * SPOTS
        self.buildings = [0] * n_buildings
        self.spots = 4          # spots usable in the current Deployment
        self.passed = ()        # what it remembers of the packs it passed on this turn (recruitment.py)

    def clone(self) -> "Player":
        p = Player(self.name, 0, self.gold)
        p.lp = self.lp
        p.hand = self.hand[:]
        p.pack = self.pack[:]
        p.kept = self.kept
        p.units = [u.copy() if u is not None else None for u in self.units]
        p.buildings = self.buildings[:]
        p.spots = self.spots
        p.passed = self.passed
        return p

    @property
    def unit_count(self) -> int:
        return sum(1 for u in self.units if u is not None)



def production(player: Player, buildings: tuple[Any, ...]) -> list[int]:
    """Resources ``[wood, food, ore]`` the kingdom produces right now."""
    res = [0, 0, 0]
    for spot, u in enumerate(player.units):
        if u is None:
            continue
        for r, amount, when in u.type.produces:
            if when == ALWAYS:
                res[r] += amount
            elif when == IN_FRONT:
                if IS_FRONT[spot]:
                    res[r] += amount
            elif when == PER_AGE_TOKEN:
                res[r] += amount * u.age
            elif when == AGED:
                if u.age:
                    res[r] += amount
    for b, level in enumerate(player.buildings):
        if level:
            face: BuildingLevel = buildings[b].levels[level]
            for r, amount, _ in face.produces:
                res[r] += amount
    return res
