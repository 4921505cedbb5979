"""The solo mode's own cards: Necropolis cards and Lich King (difficulty) cards.

Their printed values are not known to us, so they are always data from a pack
(see ``docs/card-packs.md``).  A Necropolis card's quest is a *requirement*: a predicate
over a card's printed attributes, checked against the cards left in the Netherworld with
the printed strength and with every conditional production counted as met.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Callable, cast

from .abilities import RES_INDEX, RESOURCES
from .errors import PackError

if TYPE_CHECKING:     # the cards import these loaders
    from .cards import UnitType

#: a compiled quest requirement
Predicate = Callable[["UnitType"], bool]

PILES = ("1", "2", "3", "4", "E")

#: The printed phase icon each ability trigger belongs to (for "ability_phase").
PHASE_OF_TRIGGER = {
    "reveal": "deployment", "deployment": "deployment", "after_reveal": "deployment",
    "strength": "wars", "wars": "wars", "income": "income", "construction": "construction",
    "aging": "aging", "death": "aging", "unit_dies": "aging", "end_of_game": "end_of_game",
}
PHASE_NAMES = ("deployment", "wars", "income", "construction", "aging", "end_of_game")


#: a card id is written in the action notation (``pick my_squire``) and in event causes
ID_PATTERN = re.compile(r"\w+")


def card_id(value: object, where: str) -> str:
    """A card id from a pack: lowercase letters, digits and ``_`` (no space, no capital:
    ids are read back from the notation, which is case-blind and split at spaces)."""
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value) or value != value.lower():
        raise PackError("err.pack.id", where=where, value=repr(value))
    return value


def _int(value: object, where: str, lo: int = -30, hi: int = 30) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PackError("err.pack.whole_number", where=where, value=repr(value))
    if not lo <= value <= hi:
        raise PackError("err.pack.range", where=where, lo=lo, hi=hi, value=value)
    return value


def requirement(spec: object, where: str) -> Predicate:
    """Compile a quest requirement into ``f(unit_type) -> bool``.

    Vocabulary: ``strength_at_least``, ``strength_at_most``, ``cost_at_least``,
    ``cost_at_most``, ``produces`` (wood/food/ore), ``ability_phase`` (deployment, wars,
    income, construction, aging, end_of_game), ``card`` (a unit id), ``kind`` (e.g. relic,
    artifact), and the combinators ``all``, ``any`` (lists) and ``not``."""
    if not isinstance(spec, dict) or len(spec) != 1:
        raise PackError("err.pack.requirement", where=where, allowed=", ".join(_REQUIREMENTS))
    (key, value), = spec.items()
    if key not in _REQUIREMENTS:
        raise PackError("err.pack.requirement_unknown", where=where, value=repr(key),
                        allowed=", ".join(_REQUIREMENTS))
    return _REQUIREMENTS[key](value, f"{where}.{key}")


def _produces(value: object, where: str) -> Predicate:
    if not isinstance(value, str) or value not in RES_INDEX:
        raise PackError("err.pack.one_of", where=where, allowed=", ".join(RESOURCES), value=repr(value))
    r = RES_INDEX[value]
    return lambda t: any(res == r for res, _, _ in t.produces)   # conditions count as met


def _phase(value: object, where: str) -> Predicate:
    if value not in PHASE_NAMES:
        raise PackError("err.pack.one_of", where=where, allowed=", ".join(PHASE_NAMES), value=repr(value))
    return lambda t: value in t.ability_phases


def _many(combine: Callable[[Iterable[bool]], bool]) -> Callable[[object, str], Predicate]:
    def build(value: object, where: str) -> Predicate:
        if not isinstance(value, list) or not value:
            raise PackError("err.pack.requirements", where=where)
        preds = [requirement(v, f"{where}[{i}]") for i, v in enumerate(value)]
        return lambda t: combine(p(t) for p in preds)
    return build


def _str(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise PackError("err.pack.text", where=where, value=repr(value))
    return value


_REQUIREMENTS: dict[str, Callable[[object, str], Predicate]] = {
    "strength_at_least": lambda v, w: (lambda n: lambda t: t.strength >= n)(_int(v, w)),
    "strength_at_most": lambda v, w: (lambda n: lambda t: t.strength <= n)(_int(v, w)),
    "cost_at_least": lambda v, w: (lambda n: lambda t: t.cost >= n)(_int(v, w)),
    "cost_at_most": lambda v, w: (lambda n: lambda t: t.cost <= n)(_int(v, w)),
    "produces": _produces,
    "ability_phase": _phase,
    "card": lambda v, w: (lambda i: lambda t: t.id == i)(_str(v, w)),
    "kind": lambda v, w: (lambda k: lambda t: k in t.kinds)(_str(v, w)),
    "all": _many(all),
    "any": _many(any),
    "not": lambda v, w: (lambda p: lambda t: not p(t))(requirement(v, w)),
}


def _check_keys(obj: Iterable[str], allowed: Sequence[str], where: str) -> None:
    extra = set(obj) - set(allowed)
    if extra:
        raise PackError("err.pack.unknown_fields", where=where, fields=", ".join(sorted(extra)),
                        allowed=", ".join(allowed))


class NecropolisCard:
    __slots__ = ("id", "name", "pile", "immediate_lp", "quest_lp", "quest", "requirement",
                 "quest_text", "black", "purple", "text", "pack", "spec")
    id: str
    name: str
    pile: str
    immediate_lp: int
    quest_lp: int
    quest: Callable[[UnitType], bool] | None     # the compiled requirement (None: no quest)
    requirement: Any                # the requirement as the pack wrote it (None: no quest)
    quest_text: str
    black: int
    purple: int
    text: str
    pack: str
    spec: dict[str, Any]            # the pack's JSON

    def __repr__(self) -> str:
        return f"<Necropolis {self.name} ({self.pile})>"


def necropolis_card(spec: object, where: str, pack_id: str) -> NecropolisCard:
    if not isinstance(spec, dict):
        raise PackError("err.pack.necropolis_object", where=where)
    _check_keys(spec, ("id", "name", "pile", "immediate_lp", "quest", "black", "purple", "text"), where)
    c = NecropolisCard()
    c.id = card_id(spec.get("id"), f"{where}.id")
    where = f"{where} ('{c.id}')"
    c.name = _str(spec.get("name", c.id), f"{where}.name")
    c.pile = cast(str, spec.get("pile"))     # checked just below
    if c.pile not in PILES:
        raise PackError("err.pack.pile", where=where, allowed=", ".join(PILES), value=repr(c.pile))
    for key in ("immediate_lp", "black", "purple"):
        if key not in spec:
            raise PackError("err.pack.required", where=where, field=key)
        v = _int(spec[key], f"{where}.{key}", 0)
        setattr(c, key, v)
    quest = spec.get("quest")
    if quest is None:
        c.quest_lp, c.quest, c.requirement, c.quest_text = 0, None, None, ""
    else:
        if not isinstance(quest, dict):
            raise PackError("err.pack.quest_object", where=f"{where}.quest")
        _check_keys(quest, ("requirement", "lp", "text"), f"{where}.quest")
        if "lp" not in quest or "requirement" not in quest:
            raise PackError("err.pack.quest_fields", where=f"{where}.quest")
        c.quest_lp = _int(quest["lp"], f"{where}.quest.lp", 0)
        c.requirement = quest["requirement"]
        c.quest = requirement(quest["requirement"], f"{where}.quest.requirement")
        c.quest_text = quest.get("text", "")
    c.text = spec.get("text", "")
    c.pack = pack_id
    c.spec = spec                  # the pack entry it was built from
    return c


class LichKingCard:
    """A difficulty card: extra abilities of the Lich King for the whole game."""

    __slots__ = ("id", "name", "text", "recruitment_lp", "quest_bonus", "black", "purple",
                 "lp_per_army_win", "end_lp", "pack", "spec")
    id: str
    name: str
    text: str
    recruitment_lp: int
    quest_bonus: int
    black: int
    purple: int
    lp_per_army_win: int
    end_lp: int
    pack: str
    spec: dict[str, Any]            # the pack's JSON


_LK_EFFECTS = {
    ("recruitment", "gain_lp"): "recruitment_lp",
    ("quest", "bonus_per_match"): "quest_bonus",
    ("wars", "gain_lp_per_army_win"): "lp_per_army_win",
    ("end_of_game", "gain_lp"): "end_lp",
}


#: the vocabulary of packs, public for forms that write packs: the quest requirement
#: kinds and the Lich King card abilities as ``(on, do)`` pairs (armies also take "army")
REQUIREMENT_KINDS = tuple(_REQUIREMENTS)
LICH_KING_ABILITIES = (("wars", "army_strength"),) + tuple(_LK_EFFECTS)
ARMIES = ("black", "purple", "both")


def lich_king_card(spec: object, where: str, pack_id: str) -> LichKingCard:
    if not isinstance(spec, dict):
        raise PackError("err.pack.lich_king_object", where=where)
    _check_keys(spec, ("id", "name", "abilities", "text"), where)
    c = LichKingCard()
    c.id = card_id(spec.get("id"), f"{where}.id")
    where = f"{where} ('{c.id}')"
    c.name = _str(spec.get("name", c.id), f"{where}.name")
    c.text = spec.get("text", "")
    c.pack = pack_id
    c.spec = spec                  # the pack entry it was built from
    c.recruitment_lp = c.quest_bonus = c.black = c.purple = c.lp_per_army_win = c.end_lp = 0
    abilities = spec.get("abilities", [])
    if not isinstance(abilities, list) or not abilities:
        raise PackError("err.pack.lich_king_abilities", where=where)
    allowed = [f"{on}/{do}" for on, do in LICH_KING_ABILITIES]
    for i, a in enumerate(abilities):
        w = f"{where}.abilities[{i}]"
        if not isinstance(a, dict):
            raise PackError("err.pack.lich_king_ability", where=w)
        key = (a.get("on"), a.get("do"))
        amount = _int(a.get("amount"), f"{w}.amount")
        if key == ("wars", "army_strength"):
            army = a.get("army", "both")
            if army not in ARMIES:
                raise PackError("err.pack.army", where=f"{w}.army", value=repr(army))
            if army in ("black", "both"):
                c.black += amount
            if army in ("purple", "both"):
                c.purple += amount
        elif all(isinstance(k, str) for k in key) and key in _LK_EFFECTS:
            attr = _LK_EFFECTS[key]
            setattr(c, attr, getattr(c, attr) + amount)
        else:
            raise PackError("err.pack.lich_king_unknown", where=w, on=repr(key[0]), do=repr(key[1]),
                            allowed=", ".join(allowed))
    return c
