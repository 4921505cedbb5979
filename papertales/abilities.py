"""The ability vocabulary: every card ability is data (``{"on": trigger, "do": verb, ...}``)
compiled once, at load time, into small callables stored on the card type.

Why a registry?  The phases never ask "which card is this?"; they ask a card type for its
hooks of one trigger (``unit_type.income``, ``unit_type.reveal`` ...) and call them.  A new
card -- base game, expansion or a user's own pack -- only needs a new entry here when it
does something no other card does.

Triggers and what their hooks return:

=================  ==========================================================  ==========
trigger            when                                                        hook
=================  ==========================================================  ==========
strength           while computing a unit's war strength                       ``f(ctx, s) -> s``
kingdom_strength   while computing a kingdom's war strength (buildings)        ``Payout``
reveal             once, when the unit is revealed in Deployment               ``Effect``
deployment         every Deployment while the unit is in play                  ``Effect``
after_reveal       once, at the very end of the Deployment it was revealed in  ``Payout``
wars               every Wars phase                                            ``Payout``
income             every Income phase                                          ``Payout``
construction       every Construction phase                                    flags
aging              every Aging phase (who dies, who is spared)                  flags
death              when this unit dies in Aging                                ``Payout``
unit_dies          for each unit of yours dying in Aging, this one included    ``Payout``
end_of_game        once, after turn 4                                          ``Payout``
=================  ==========================================================  ==========
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Collection

from .errors import PackError
from .state import production

if TYPE_CHECKING:     # the game runs the abilities
    from .game import Game

RESOURCES = ("wood", "food", "ore")
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}


class Ctx:
    """What an ability may look at while it is evaluated for one player.

    One instance is reused for every hook of a player in a phase: phases fill in the
    fields they know (``wars_won`` in Wars; ``dying`` in Aging ...).  The kingdom's
    resources (``res``) are counted the first time an ability asks: most hooks never do."""

    __slots__ = ("game", "seat", "player", "_res", "unit", "wars_won", "dying",
                 "income_gold", "strengths")
    game: Any
    seat: int
    player: Any
    _res: list[int] | None
    unit: Any
    wars_won: int
    dying: Any
    income_gold: int
    strengths: Any

    def __init__(self, game: Any, seat: int, player: Any, res: list[int] | None = None) -> None:
        self.game = game
        self.seat = seat
        self.player = player
        self._res = res
        self.unit = None
        self.wars_won = 0
        self.dying = None
        self.income_gold = 0
        self.strengths = ()

    @property
    def res(self) -> list[int]:
        """``[wood, food, ore]`` the kingdom produces now."""
        res = self._res
        if res is None:
            res = self._res = production(self.player, self.game.buildings)
        return res


# ---------------------------------------------------------------- quantities ("per")

def _resource_quantity(index: int) -> Callable[[Ctx], int]:
    return lambda ctx: ctx.res[index]


def _units_with_strength(spec: dict[str, Any], where: str) -> Callable[[Ctx], int]:
    at_least = _int(spec, "at_least", where)
    return lambda ctx: sum(1 for s in ctx.strengths if s >= at_least)


def _wars_won(ctx: Ctx) -> int: return ctx.wars_won


def _age_tokens(ctx: Ctx) -> int:
    age: int = ctx.unit.age         # a typed local: Ctx.unit is Any
    return age


def _age_tokens_in_kingdom(ctx: Ctx) -> int: return sum(u.age for u in ctx.player.units if u is not None)
def _income_gold(ctx: Ctx) -> int: return ctx.income_gold
def _level2_buildings(ctx: Ctx) -> int: return sum(1 for lvl in ctx.player.buildings if lvl == 2)
def _buildings(ctx: Ctx) -> int: return sum(1 for lvl in ctx.player.buildings if lvl)


def _dying_age_tokens(ctx: Ctx) -> int:
    age: int = ctx.dying.age        # a typed local: Ctx.dying is Any
    return age


def _plain(quantity: Callable[[Ctx], int]) -> Callable[[dict[str, Any], str], Callable[[Ctx], int]]:
    """The builder of a quantity that takes no parameters."""
    return lambda spec, where: quantity


def _resource(index: int) -> Callable[[dict[str, Any], str], Callable[[Ctx], int]]:
    return lambda spec, where: _resource_quantity(index)


#: quantity name -> builder ``f(spec, where)`` of ``f(ctx) -> int``
QUANTITIES: dict[str, Callable[[dict[str, Any], str], Callable[[Ctx], int]]] = {
    "war_won": _plain(_wars_won),
    "wood": _resource(0),
    "food": _resource(1),
    "ore": _resource(2),
    "age_token": _plain(_age_tokens),
    "age_tokens_in_kingdom": _plain(_age_tokens_in_kingdom),
    "income_gold": _plain(_income_gold),
    "level2_building": _plain(_level2_buildings),
    "building": _plain(_buildings),
    "unit_with_strength": _units_with_strength,
    "dying_age_token": _plain(_dying_age_tokens),
}

# ---------------------------------------------------------------- conditions ("if")


def _cond_produces(value: object, where: str) -> Callable[[Ctx], bool]:
    if not isinstance(value, str) or value not in RES_INDEX:
        raise PackError("err.pack.if_produces", where=where, allowed=", ".join(RESOURCES), value=repr(value))
    i = RES_INDEX[value]
    return lambda ctx: ctx.res[i] > 0


def _cond_age_at_least(value: object, where: str) -> Callable[[Ctx], bool]:
    n = _as_int(value, where + ".if.age_tokens_at_least")
    return lambda ctx: ctx.unit.age >= n


def _cond_age_exactly(value: object, where: str) -> Callable[[Ctx], bool]:
    n = _as_int(value, where + ".if.age_tokens_exactly")
    return lambda ctx: ctx.unit.age == n


#: condition name -> builder ``f(value, where)`` of ``f(ctx) -> bool`` (the value is checked there)
CONDITIONS: dict[str, Callable[[object, str], Callable[[Ctx], bool]]] = {
    "produces": _cond_produces,
    "age_tokens_at_least": _cond_age_at_least,
    "age_tokens_exactly": _cond_age_exactly,
}


#: the range of any number in an ability (a card of the base game uses at most 6)
MOST = 20


def _as_int(value: object, where: str, lo: int = -MOST, hi: int = MOST) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PackError("err.pack.whole_number", where=where, value=repr(value))
    if not lo <= value <= hi:
        raise PackError("err.pack.range", where=where, lo=lo, hi=hi, value=value)
    return value


def _int(spec: dict[str, Any], key: str, where: str, default: int | None = None, lo: int = -MOST,
         hi: int = MOST) -> int:
    if key not in spec:
        if default is None:
            raise PackError("err.pack.required", where=where, field=key)
        return default
    return _as_int(spec[key], f"{where}.{key}", lo, hi)


def _quantity(spec: dict[str, Any], key: str, where: str) -> Callable[[Ctx], int] | None:
    name = spec.get(key)
    if name is None:
        return None
    if not isinstance(name, str) or name not in QUANTITIES:
        raise PackError("err.pack.field_one_of", where=where, field=key, allowed=", ".join(sorted(QUANTITIES)),
                        value=repr(name))
    return QUANTITIES[name](spec, where)


def _condition(spec: dict[str, Any], where: str) -> Callable[[Ctx], bool] | None:
    cond = spec.get("if")
    if cond is None:
        return None
    if not isinstance(cond, dict) or len(cond) != 1:
        raise PackError("err.pack.if", where=where, allowed=", ".join(CONDITIONS))
    (name, value), = cond.items()
    if not isinstance(name, str) or name not in CONDITIONS:
        raise PackError("err.pack.condition", where=where, value=repr(name), allowed=", ".join(CONDITIONS))
    return CONDITIONS[name](value, where)


# ---------------------------------------------------------------- compiled hooks

class Payout:
    """An ability that yields LP or gold (``kind``); ``value(ctx)`` only computes, never
    changes the game, so the same hook serves the phase and the what-if preview."""

    __slots__ = ("kind", "value", "spec")
    kind: str
    value: Callable[[Ctx], int]
    spec: dict[str, Any]

    def __init__(self, kind: str, value: Callable[[Ctx], int], spec: dict[str, Any]) -> None:
        self.kind = kind
        self.value = value
        self.spec = spec


def _payout(spec: dict[str, Any], where: str) -> Payout:
    kind = {"gain_lp": "lp", "gain_gold": "gold"}.get(spec["do"], "strength")
    amount = _int(spec, "amount", where)
    per = _quantity(spec, "per", where)
    times = _quantity(spec, "times", where)
    cond = _condition(spec, where)

    def value(ctx: Ctx) -> int:
        if cond is not None and not cond(ctx):
            return 0
        v = amount
        if per is not None:
            v *= per(ctx)
        if times is not None:
            v *= times(ctx)
        return v

    return Payout(kind, value, spec)


class AgeTokens:
    """Put age tokens on this unit, on each other unit, or on one unit the owner chooses."""

    __slots__ = ("target", "amount", "per", "spec")
    TARGETS = ("self", "others", "chosen")

    def __init__(self, spec: dict[str, Any], where: str) -> None:
        self.target = spec.get("target")
        if self.target not in self.TARGETS:
            raise PackError("err.pack.field_one_of", where=where, field="target", allowed=", ".join(self.TARGETS),
                            value=repr(self.target))
        self.amount = _int(spec, "amount", where, lo=0, hi=10)     # age tokens are never taken away
        self.per = _quantity(spec, "per", where)
        self.spec = spec

    def resolve(self, game: Game, seat: int, spot: int, cause: str) -> None:
        n = self.amount
        if self.per is not None:
            ctx = game.context(seat)
            ctx.unit = game.players[seat].units[spot]
            n *= self.per(ctx)
        if n <= 0:
            return
        units = game.players[seat].units
        if self.target == "self":
            game.add_age(seat, spot, n, cause)
        elif self.target == "others":
            for s, u in enumerate(units):
                if u is not None and s != spot:
                    game.add_age(seat, s, n, cause)
        else:
            game.ask_target(seat, n, cause)


class UpgradeBuildings:
    """Flip every level-1 building of the owner to level 2, paying nothing."""

    __slots__ = ("spec",)

    def __init__(self, spec: dict[str, Any], where: str) -> None:
        self.spec = spec

    def resolve(self, game: Game, seat: int, spot: int, cause: str) -> None:
        game.upgrade_all_buildings(seat, cause)


class Shapeshift:
    """Replace this unit with the first draw-pile card costing at most ``max_cost``."""

    __slots__ = ("max_cost", "age_tokens", "spec")

    def __init__(self, spec: dict[str, Any], where: str) -> None:
        self.max_cost = _int(spec, "max_cost", where)
        self.age_tokens = _int(spec, "age_tokens", where, default=0, lo=0, hi=10)
        self.spec = spec

    def resolve(self, game: Game, seat: int, spot: int, cause: str) -> None:
        game.shapeshift(seat, spot, self.max_cost, self.age_tokens, cause)


def _strength_set(spec: dict[str, Any], where: str) -> Callable[[Ctx, int], int]:
    value = _int(spec, "value", where)
    cond = _condition(spec, where)
    if cond is None:
        return lambda ctx, s: value
    return lambda ctx, s: value if cond(ctx) else s


def _strength_add(spec: dict[str, Any], where: str) -> Callable[[Ctx, int], int]:
    amount = _int(spec, "amount", where)
    per = _quantity(spec, "per", where)
    if per is None:
        return lambda ctx, s: s + amount
    return lambda ctx, s: s + amount * per(ctx)


def _resources_list(spec: dict[str, Any], where: str) -> dict[int, int]:
    res = spec.get("resources")
    if not isinstance(res, list) or not res or any(not isinstance(r, str) or r not in RES_INDEX for r in res):
        raise PackError("err.pack.resources", where=where, allowed=", ".join(RESOURCES))
    price = _int(spec, "price", where, default=1, lo=0)
    return {RES_INDEX[r]: price for r in res}


def _always(ctx: Ctx) -> bool: return True


# (trigger, verb) -> (hook attribute, how to store, builder)
#   how: "append" collects into a tuple; "set" stores one value; "merge" merges dicts.
#   builder: f(spec, where) -> the hook's value, of the attribute's type (hence Any)
EFFECTS: dict[str, dict[str, tuple[str, str, Callable[[dict[str, Any], str], Any]]]] = {
    "strength": {
        "set_strength": ("strength_mods", "append", lambda s, w: (0, _strength_set(s, w))),
        "add_strength": ("strength_mods", "append", lambda s, w: (1, _strength_add(s, w))),
        "cannot_fight": ("cannot_fight", "set", lambda s, w: _condition(s, w) or _always),
        "fight_from_back": ("fights_from_back", "set", lambda s, w: True),
    },
    "kingdom_strength": {
        "add_strength": ("kingdom_strength", "append", _payout),
    },
    "reveal": {
        "age_tokens": ("reveal", "append", AgeTokens),
        "upgrade_buildings": ("reveal", "append", UpgradeBuildings),
        "shapeshift": ("reveal", "append", Shapeshift),
    },
    "deployment": {
        "age_tokens": ("deployment", "append", AgeTokens),
    },
    "after_reveal": {"gain_lp": ("after_reveal", "append", _payout),
                     "gain_gold": ("after_reveal", "append", _payout)},
    "wars": {"gain_lp": ("wars", "append", _payout), "gain_gold": ("wars", "append", _payout)},
    "income": {"gain_gold": ("income", "append", _payout)},
    "construction": {
        "buy_resources": ("buy_resources", "merge", _resources_list),
        "no_land_cost": ("no_land_cost", "set", lambda s, w: True),
    },
    "aging": {
        "never_dies": ("dies_at", "set", lambda s, w: None),
        "dies_at": ("dies_at", "set", lambda s, w: _int(s, "age_tokens", w, lo=0)),
        "save_unit": ("saves", "set", lambda s, w: _int(s, "age_tokens", w, lo=0)),
    },
    "death": {"gain_lp": ("death", "append", _payout), "gain_gold": ("death", "append", _payout)},
    "unit_dies": {"gain_lp": ("unit_dies", "append", _payout),
                  "gain_gold": ("unit_dies", "append", _payout)},
    "end_of_game": {"gain_lp": ("end_of_game", "append", _payout),
                    "gain_gold": ("end_of_game", "append", _payout)},
}

#: Hook attributes every card type carries, with the value meaning "no such ability".
HOOK_DEFAULTS: dict[str, object] = {
    "strength_mods": (), "cannot_fight": None, "fights_from_back": False,
    "kingdom_strength": (), "reveal": (), "deployment": (), "after_reveal": (),
    "wars": (), "income": (), "buy_resources": {}, "no_land_cost": False,
    "dies_at": 1, "saves": None, "death": (), "unit_dies": (), "end_of_game": (),
}


def compile_abilities(specs: object, where: str, allowed_triggers: Collection[str] | None = None) -> dict[str, Any]:
    """Turn a card's ability list into its hook attributes (see :data:`HOOK_DEFAULTS`)."""
    if not isinstance(specs, list):
        raise PackError("err.pack.abilities", where=where)
    hooks: dict[str, Any] = {}
    for i, spec in enumerate(specs):
        w = f"{where}.abilities[{i}]"
        if not isinstance(spec, dict):
            raise PackError("err.pack.ability", where=w)
        trigger, verb = spec.get("on"), spec.get("do")
        triggers = EFFECTS if allowed_triggers is None else allowed_triggers
        if not isinstance(trigger, str) or trigger not in triggers:
            raise PackError("err.pack.trigger", where=w, value=repr(trigger), allowed=", ".join(triggers))
        verbs = EFFECTS[str(trigger)]
        if not isinstance(verb, str) or verb not in verbs:
            raise PackError("err.pack.verb", where=w, trigger=repr(trigger), value=repr(verb),
                            allowed=", ".join(verbs))
        attr, how, build = verbs[verb]
        value = build(spec, w)
        if how == "append":
            hooks[attr] = hooks.get(attr, ()) + (value,)
        elif how == "merge":
            hooks[attr] = {**hooks.get(attr, {}), **value}
        else:
            hooks[attr] = value
    if "strength_mods" in hooks:   # "instead of" replacements first, then bonuses
        hooks["strength_mods"] = tuple(f for _, f in sorted(hooks["strength_mods"], key=lambda p: p[0]))
    return hooks


def kingdom_payouts(game: Any, ctx: Ctx, hook: str) -> list[tuple[str, str, int]]:
    """``(cause, kind, value)`` for every non-zero payout of ``hook`` ("wars", "income",
    "end_of_game" ...) on the units of ``ctx.player``, then on its buildings."""
    out = []
    p = ctx.player
    for u in p.units:
        if u is not None:
            hooks = getattr(u.type, hook)
            if hooks:
                ctx.unit = u
                for po in hooks:
                    v = po.value(ctx)
                    if v:
                        out.append((u.type.id, po.kind, v))
    for b, level in enumerate(p.buildings):
        if level:
            B = game.buildings[b]
            for po in getattr(B.levels[level], hook):
                v = po.value(ctx)
                if v:
                    out.append((f"{B.id}:{level}", po.kind, v))
    return out
