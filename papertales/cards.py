"""Card packs: loading, validation and the precomputed card tables the engine runs on.

A pack is a JSON file (format ``papertales-pack/1``, documented in ``docs/card-packs.md``)
listing unit types and buildings.  Loading validates every field and compiles abilities
into hooks (see :mod:`papertales.abilities`), so the engine never parses data again.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar, cast
from importlib import resources as _resources
from pathlib import Path

from .abilities import HOOK_DEFAULTS, RES_INDEX, RESOURCES, Shapeshift, compile_abilities
from .errors import PackError, UnknownCardError
from .necropolis import PHASE_OF_TRIGGER, card_id, lich_king_card, necropolis_card
from .state import AGED, ALWAYS, IN_FRONT, PER_AGE_TOKEN

if TYPE_CHECKING:
    import os
    from types import EllipsisType

    from .abilities import AgeTokens, Ctx, Payout, UpgradeBuildings
    from .necropolis import LichKingCard, NecropolisCard

T = TypeVar("T")

PACK_FORMAT = "papertales-pack/1"

# production conditions (defined with the state that counts them)
_WHEN = {None: ALWAYS, "in_front": IN_FRONT, "per_age_token": PER_AGE_TOKEN, "aged": AGED}

_BUILDING_TRIGGERS = ("kingdom_strength", "wars", "income", "construction", "end_of_game")


_UNIT_FIELDS = ("index", "id", "name", "names", "copies", "cost", "strength", "produces",
                "text", "note", "uncertain", "pack", "uses_income", "shapeshifts", "kinds",
                "ability_phases") + tuple(HOOK_DEFAULTS)
_BUILDING_FIELDS = ("index", "id", "name", "names", "levels", "pack", "payments", "tile")


class UnitType:
    """One kind of unit card (Knight, Demon ...), with its compiled ability hooks."""

    __slots__ = _UNIT_FIELDS
    # declared types (the compiled engine reads them as typed fields)
    index: int
    id: str
    name: str
    names: dict[str, Any]          # as the pack wrote them (not checked)
    copies: int
    cost: int
    strength: int
    produces: tuple[tuple[int, int, int], ...]     # (resource, amount, when)
    text: str
    note: str
    uncertain: str
    pack: str
    uses_income: bool
    shapeshifts: bool
    kinds: frozenset[str]
    ability_phases: frozenset[str]
    strength_mods: tuple[Callable[[Ctx, int], int], ...]
    cannot_fight: Callable[[Ctx], bool] | None
    fights_from_back: bool
    kingdom_strength: tuple[Payout, ...]
    reveal: tuple[AgeTokens | UpgradeBuildings | Shapeshift, ...]       # effects
    deployment: tuple[AgeTokens | UpgradeBuildings | Shapeshift, ...]   # (age tokens only, so far)
    after_reveal: tuple[Payout, ...]
    wars: tuple[Payout, ...]
    income: tuple[Payout, ...]
    buy_resources: dict[int, int]
    no_land_cost: bool
    dies_at: int | None
    saves: int | None
    death: tuple[Payout, ...]
    unit_dies: tuple[Payout, ...]
    end_of_game: tuple[Payout, ...]

    def __repr__(self) -> str:
        return f"<UnitType {self.name}>"

    def copy(self) -> "UnitType":
        return _copy_fields(self, UnitType(), _UNIT_FIELDS)


class BuildingLevel:
    """One face of a building card.  ``produces`` and the hooks are cumulative: level 2
    carries level 1's abilities too, as the printed level-2 face does."""

    __slots__ = ("level", "cost", "gold_instead", "lp", "produces", "text", "uncertain",
                 "kingdom_strength", "wars", "income", "buy_resources", "no_land_cost",
                 "end_of_game")
    level: int
    cost: tuple[int, ...]
    gold_instead: int | None
    lp: int
    produces: tuple[tuple[int, int, int], ...]
    text: str
    uncertain: str
    kingdom_strength: tuple[Payout, ...]
    wars: tuple[Payout, ...]
    income: tuple[Payout, ...]
    buy_resources: dict[int, int]
    no_land_cost: bool
    end_of_game: tuple[Payout, ...]


class BuildingType:
    """A building card.  ``payments[(from_level, to_level)]`` lists, precomputed, every way
    to pay that construction: ``(resources needed, gold, explanation)`` -- one way, or
    more when a face may be paid with gold instead (Temple)."""

    __slots__ = _BUILDING_FIELDS
    index: int
    id: str
    name: str
    names: dict[str, Any]          # as the pack wrote them (not checked)
    levels: tuple[Any, ...]        # (None, level 1, level 2): BuildingLevel but at index 0
    pack: str
    payments: dict[tuple[int, int], tuple[tuple[tuple[int, ...], int, tuple[Any, ...]], ...]]
    tile: bool

    def __repr__(self) -> str:
        return f"<BuildingType {self.name}>"

    def copy(self) -> "BuildingType":
        return _copy_fields(self, BuildingType(), _BUILDING_FIELDS)


def _copy_fields(source: T, target: T, fields: tuple[str, ...]) -> T:
    """``copy.copy`` by hand: the compiled build's card types do not support ``copy``."""
    for name in fields:
        setattr(target, name, getattr(source, name))
    return target


class CardSet:
    """The card tables of one game: unit types, buildings and the shuffled-in deck."""

    def __init__(self, packs: Iterable[dict[str, Any]]) -> None:
        self.packs = tuple(packs)
        units: list[UnitType] = []
        buildings: list[BuildingType] = []
        for pack in self.packs:   # copies: the same pack may serve several card sets
            units.extend(u.copy() for u in pack["units"])
            buildings.extend(b.copy() for b in pack["buildings"])
        ids = [u.id for u in units]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise PackError("err.pack.unit_ids_twice", ids=", ".join(sorted(dup)))
        bids = [b.id for b in buildings]
        bdup = {i for i in bids if bids.count(i) > 1}
        if bdup:
            raise PackError("err.pack.building_ids_twice", ids=", ".join(sorted(bdup)))
        for i, u in enumerate(units):
            u.index = i
        for i, b in enumerate(buildings):
            b.index = i
        self.units = tuple(units)
        self.buildings = tuple(buildings)
        self.unit_by_id = {u.id: u for u in units}
        self.building_by_id = {b.id: b for b in buildings}
        self.deck = tuple(u for u in units for _ in range(u.copies))
        self.pack_ids = tuple(p["id"] for p in self.packs)
        self.necropolis: tuple[NecropolisCard, ...] = tuple(c for p in self.packs for c in p["necropolis"])
        self.lich_king_cards: tuple[LichKingCard, ...] = tuple(c for p in self.packs for c in p["lich_king_cards"])
        for key, items in (("err.pack.necropolis_ids_twice", self.necropolis),
                           ("err.pack.lich_king_ids_twice", self.lich_king_cards)):
            seen = [c.id for c in items]
            dup = {i for i in seen if seen.count(i) > 1}
            if dup:
                raise PackError(key, ids=", ".join(sorted(dup)))

    def name_of(self, ident: str) -> str | None:
        """The pack's own name of a unit, building, Necropolis or Lich King card id."""
        c = self.unit_by_id.get(ident) or self.building_by_id.get(ident)
        if c is not None:
            return c.name
        for n in self.necropolis:            # one loop per type: mypyc checks each variable's type
            if n.id == ident:
                return n.name
        for k in self.lich_king_cards:
            if k.id == ident:
                return k.name
        return None

    def unit(self, ident: str) -> UnitType:
        """Look a unit type up by id (``"time_master"``) or name (``"Time Master"``)."""
        u = self.unit_by_id.get(ident) or self.unit_by_id.get(_as_id(ident))
        if u is None:
            raise UnknownCardError("err.cards.unknown_unit", value=repr(ident),
                                   known=", ".join(sorted(self.unit_by_id)))
        return u

    def building(self, ident: str) -> BuildingType:
        b = self.building_by_id.get(ident) or self.building_by_id.get(_as_id(ident))
        if b is None:
            raise UnknownCardError("err.cards.unknown_building", value=repr(ident),
                                   known=", ".join(self.building_by_id))
        return b


def _as_id(name: str) -> str:
    return str(name).strip().lower().replace(" ", "_").replace("-", "_")


# ------------------------------------------------------------------ validation helpers

def _need(obj: dict[str, Any], key: str, kind: type[T], where: str, default: T | EllipsisType = ...) -> T:
    if key not in obj:
        if default is ...:
            raise PackError("err.pack.required", where=where, field=key)
        return default
    value = obj[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        kinds = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise PackError("err.pack.type", where=where, field=key, kinds=kinds, value=repr(value))
    return cast(T, value)       # a kind, as checked above


def _ranged(value: int, where: str, lo: int, hi: int) -> int:
    if not lo <= value <= hi:
        raise PackError("err.pack.range", where=where, lo=lo, hi=hi, value=value)
    return value


def _check_keys(obj: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    extra = set(obj) - set(allowed)
    if extra:
        raise PackError("err.pack.unknown_fields", where=where, fields=", ".join(sorted(extra)),
                        allowed=", ".join(allowed))


def _production(items: object, where: str, allow_when: bool = True) -> tuple[tuple[int, int, int], ...]:
    if not isinstance(items, list):
        raise PackError("err.pack.produces_list", where=where)
    out: list[tuple[int, int, int]] = []
    for i, p in enumerate(items):
        w = f"{where}.produces[{i}]"
        if not isinstance(p, dict):
            raise PackError("err.pack.produces_object", where=w)
        _check_keys(p, ("resource", "amount", "when") if allow_when else ("resource", "amount"), w)
        res = p.get("resource")
        if not isinstance(res, str) or res not in RES_INDEX:
            raise PackError("err.pack.resource", where=w, allowed=", ".join(RESOURCES), value=repr(res))
        amount = _ranged(_need(p, "amount", int, w), f"{w}.amount", 1, 10)
        when = p.get("when")
        if not (when is None or isinstance(when, str)) or when not in _WHEN:
            raise PackError("err.pack.when", where=w, value=repr(when))
        out.append((RES_INDEX[res], amount, _WHEN[when]))
    return tuple(out)


def _cost(obj: object, where: str) -> tuple[int, ...]:
    if not isinstance(obj, dict) or any(k not in RES_INDEX for k in obj):
        raise PackError("err.pack.cost", where=where, allowed=", ".join(RESOURCES))
    c = [0, 0, 0]
    for k, v in obj.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10:
            raise PackError("err.pack.cost_value", where=where, name=k, value=repr(v))
        c[RES_INDEX[k]] = v
    return tuple(c)


_UNIT_KEYS = ("id", "name", "names", "copies", "cost", "strength", "produces", "abilities",
              "text", "note", "uncertain", "kinds")


def _unit(spec: object, where: str, pack_id: str, extra_kinds: tuple[str, ...] = ()) -> UnitType:
    if not isinstance(spec, dict):
        raise PackError("err.pack.unit_object", where=where)
    uid = card_id(_need(spec, "id", str, where), f"{where}.id")
    where = f"{where} ('{uid}')"
    _check_keys(spec, _UNIT_KEYS, where)
    u = UnitType()
    u.id = uid
    u.name = _need(spec, "name", str, where)
    u.names = _need(spec, "names", dict, where, {})
    u.copies = _ranged(_need(spec, "copies", int, where), f"{where}.copies", 0, 20)
    u.cost = _ranged(_need(spec, "cost", int, where), f"{where}.cost", -10, 30)
    u.strength = _ranged(_need(spec, "strength", int, where), f"{where}.strength", -10, 30)
    u.produces = _production(_need(spec, "produces", list, where, []), where)
    u.text = _need(spec, "text", str, where)
    u.note = _need(spec, "note", str, where, "")
    u.uncertain = _need(spec, "uncertain", str, where, "")
    u.pack = pack_id
    u.index = -1
    specs = _need(spec, "abilities", list, where, [])
    hooks = compile_abilities(specs, where)
    kinds = _need(spec, "kinds", list, where, [])
    if not all(isinstance(k, str) for k in kinds):
        raise PackError("err.pack.kinds", where=where)
    u.kinds = frozenset(kinds) | frozenset(extra_kinds)
    u.ability_phases = frozenset(PHASE_OF_TRIGGER[a["on"]] for a in specs)
    u.uses_income = any(isinstance(a, dict) and "income_gold" in (a.get("per"), a.get("times"))
                        for a in specs)
    for attr, default in HOOK_DEFAULTS.items():
        setattr(u, attr, hooks.get(attr, default))
    u.shapeshifts = any(isinstance(e, Shapeshift) for e in u.reveal)
    return u


def _building(spec: object, where: str, pack_id: str) -> BuildingType:
    if not isinstance(spec, dict):
        raise PackError("err.pack.building_object", where=where)
    bid = card_id(_need(spec, "id", str, where), f"{where}.id")
    where = f"{where} ('{bid}')"
    _check_keys(spec, ("id", "name", "names", "level1", "level2", "note", "tile"), where)
    b = BuildingType()
    b.id = bid
    b.name = _need(spec, "name", str, where)
    b.names = _need(spec, "names", dict, where, {})
    b.pack = pack_id
    b.index = -1
    b.tile = _need(spec, "tile", bool, where, False)
    levels: list[Any] = [None]             # as BuildingType.levels
    prev: BuildingLevel | None = None
    for lvl in (1, 2):
        w = f"{where}.level{lvl}"
        face = _need(spec, f"level{lvl}", dict, where)
        _check_keys(face, ("cost", "gold_instead", "lp", "produces", "abilities", "text", "uncertain"), w)
        L = BuildingLevel()
        L.level = lvl
        L.cost = _cost(_need(face, "cost", dict, w), w)
        gi = face.get("gold_instead")
        if gi is not None and (isinstance(gi, bool) or not isinstance(gi, int) or not 0 <= gi <= 30):
            raise PackError("err.pack.gold_instead", where=w, value=repr(gi))
        L.gold_instead = gi
        L.lp = _ranged(_need(face, "lp", int, w), f"{w}.lp", -30, 30)
        L.text = _need(face, "text", str, w)
        L.uncertain = _need(face, "uncertain", str, w, "")
        own = _production(_need(face, "produces", list, w, []), w, allow_when=False)
        hooks = compile_abilities(_need(face, "abilities", list, w, []), w, _BUILDING_TRIGGERS)
        L.produces = (prev.produces if prev else ()) + own
        for attr in ("kingdom_strength", "wars", "income", "end_of_game"):
            setattr(L, attr, (getattr(prev, attr) if prev else ()) + hooks.get(attr, ()))
        L.buy_resources = {**(prev.buy_resources if prev else {}), **hooks.get("buy_resources", {})}
        L.no_land_cost = (prev.no_land_cost if prev else False) or hooks.get("no_land_cost", False)
        levels.append(L)
        prev = L
    b.levels = tuple(levels)
    b.payments = {(0, 1): _payments(levels[1:2]), (0, 2): _payments(levels[1:3]),
                  (1, 2): _payments(levels[2:3])}
    return b


def _payments(faces: list[BuildingLevel]) -> tuple[tuple[tuple[int, ...], int, tuple[Any, ...]], ...]:
    ways: list[tuple[tuple[int, ...], int, tuple[Any, ...]]] = [((0, 0, 0), 0, ())]
    for f in faces:
        nxt: list[tuple[tuple[int, ...], int, tuple[Any, ...]]] = []
        for need, gold, how in ways:
            nxt.append((tuple(a + b for a, b in zip(need, f.cost)), gold, how))
            if f.gold_instead is not None:
                nxt.append((need, gold + f.gold_instead,
                            how + (["how.level_with_gold", {"level": f.level, "gold": f.gold_instead}],)))
        ways = nxt
    return tuple(ways)


def load_pack(source: dict[str, Any] | str | os.PathLike[str], name: str | None = None) -> dict[str, Any]:
    """Load and validate a pack from a path, a JSON string's parsed dict, or a file object.

    Returns ``{"id", "title", "illustrative", "units": [UnitType], "buildings": [...]}``.
    Raises :class:`PackError` naming the file, the card and the field on any problem."""
    if isinstance(source, dict):
        data, label = source, name or "<pack>"
    else:
        path = Path(source)
        label = name or str(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise PackError("err.pack.no_file", where=label) from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise PackError("err.pack.json", where=label, error=str(exc)) from None
    if not isinstance(data, dict):
        raise PackError("err.pack.object", where=label)
    _check_keys(data, ("format", "id", "title", "illustrative", "source", "units", "buildings",
                       "artifacts", "necropolis", "lich_king_cards", "incomplete"), label)
    if data.get("format") != PACK_FORMAT:
        raise PackError("err.pack.format", where=label, expected=repr(PACK_FORMAT), value=repr(data.get("format")))
    pack_id = _need(data, "id", str, label)
    units = [_unit(u, f"{label}: units[{i}]", pack_id)
             for i, u in enumerate(_need(data, "units", list, label, []))]
    units += [_unit(u, f"{label}: artifacts[{i}]", pack_id, ("artifact",))
              for i, u in enumerate(_need(data, "artifacts", list, label, []))]
    buildings = [_building(b, f"{label}: buildings[{i}]", pack_id)
                 for i, b in enumerate(_need(data, "buildings", list, label, []))]
    necro = [necropolis_card(c, f"{label}: necropolis[{i}]", pack_id)
             for i, c in enumerate(_need(data, "necropolis", list, label, []))]
    lk = [lich_king_card(c, f"{label}: lich_king_cards[{i}]", pack_id)
          for i, c in enumerate(_need(data, "lich_king_cards", list, label, []))]
    for kind, items in (("units", units), ("buildings", buildings), ("necropolis", necro), ("lich_king_cards", lk)):
        twice = _twice(items)
        if twice:
            raise PackError("err.pack.ids_twice", where=f"{label}: {kind}", ids=", ".join(twice))
    incomplete = _need(data, "incomplete", list, label, [])
    for i, entry in enumerate(incomplete):
        w = f"{label}: incomplete[{i}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise PackError("err.pack.incomplete_name", where=w)
        _check_keys(entry, ("name", "kind", "copies", "known", "source"), w)
    return {"id": pack_id, "title": _need(data, "title", str, label, pack_id),
            "illustrative": _need(data, "illustrative", bool, label, False),
            "source": _need(data, "source", str, label, ""),
            "units": units, "buildings": buildings, "necropolis": necro,
            "lich_king_cards": lk, "incomplete": incomplete}


def _twice(items: Any) -> list[str]:
    """The ids that appear more than once among ``items`` (cards of one kind)."""
    ids = [c.id for c in items]
    return sorted({i for i in ids if ids.count(i) > 1})


def _load_builtin(filename: str) -> dict[str, Any]:
    text = _resources.files("papertales.data").joinpath(filename).read_text(encoding="utf-8")
    return load_pack(json.loads(text), name=f"papertales/data/{filename}")


#: Packs shipped with the engine, by pack id.
BUILTIN_PACKS = {"base": "base.json",
                 "lich-king-illustrative": "lich_king_illustrative.json",
                 "beyond-the-gates": "beyond_the_gates.json"}
_LOADED: dict[str, dict[str, Any]] = {}


def builtin_pack(pack_id: str) -> dict[str, Any]:
    if pack_id not in BUILTIN_PACKS:
        raise PackError("err.pack.no_builtin", value=repr(pack_id), known=", ".join(BUILTIN_PACKS))
    if pack_id not in _LOADED:
        _LOADED[pack_id] = _load_builtin(BUILTIN_PACKS[pack_id])
    return _LOADED[pack_id]


def card_set(*packs: dict[str, Any] | str | os.PathLike[str]) -> CardSet:
    """The base game plus ``packs`` (pack dicts, built-in pack ids or file paths)."""
    loaded = [BASE_PACK]
    for p in packs:
        if isinstance(p, dict):
            loaded.append(p)
        elif p in BUILTIN_PACKS:
            loaded.append(builtin_pack(p))
        else:
            loaded.append(load_pack(p))
    return CardSet([p for i, p in enumerate(loaded) if p["id"] not in [q["id"] for q in loaded[:i]]])


BASE_PACK = builtin_pack("base")
BASE = CardSet([BASE_PACK])
