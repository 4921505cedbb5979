"""Phase 5, Construction: one action per player -- build a new building (level 1, or
straight to level 2 by producing both levels' resources) or upgrade one to level 2.

Resources are never spent: the kingdom only has to produce them.  A new building costs
2 gold of land per building already owned (Landlord: none).  Gold can stand in for a
missing resource where a card allows it (Wood Merchant: wood; Grand Architect: any), and
each Temple level may be paid with gold instead of its ore.  The engine always charges the
cheapest way to pay, so an option is one action with one gold price.
"""

from __future__ import annotations

from typing import Any, Final, Sequence, TYPE_CHECKING

from .abilities import RESOURCES
from .actions import BUILD, CONSTRUCT, PASS, UPGRADE, Action, PASS_ACTION, make
from .decisions import Decision, simple_by_seat
from .errors import IllegalActionError
from .events import BUILT, building_cause
from .results import ConstructionResult
from .state import Player, production

if TYPE_CHECKING:     # the game imports every phase
    from .game import Game

LAND_COST_PER_BUILDING: Final = 2


def _helpers(game: Game, p: Player) -> tuple[dict[int, int], bool]:
    """Gold prices for missing resources and whether land is free, from cards in play."""
    buy: dict[int, int] = {}
    free_land = False
    for u in p.units:
        if u is not None:
            t = u.type
            if t.buy_resources:
                for r, price in t.buy_resources.items():
                    buy[r] = min(price, buy.get(r, price))
            if t.no_land_cost:
                free_land = True
    for b, level in enumerate(p.buildings):
        if level:
            L = game.buildings[b].levels[level]
            if L.buy_resources:
                for r, price in L.buy_resources.items():
                    buy[r] = min(price, buy.get(r, price))
            if L.no_land_cost:
                free_land = True
    return buy, free_land


def resource_gold(ways: Sequence[tuple[tuple[int, ...], int, tuple[Any, ...]]], res: list[int],
                  buy: dict[int, int]) -> tuple[int, tuple[tuple[int, ...], int, tuple[Any, ...]]] | None:
    """Cheapest of the payment ``ways`` (see ``BuildingType.payments``) given the
    resources ``res`` the kingdom produces and the gold ``buy`` prices of missing ones:
    ``(gold, way)``, or None if no way can be paid."""
    best: tuple[int, tuple[tuple[int, ...], int, tuple[Any, ...]]] | None = None
    if not buy:                         # nothing can be bought: a way is paid or it is not
        for way in ways:
            need = way[0]
            if need[0] <= res[0] and need[1] <= res[1] and need[2] <= res[2]:
                if best is None or way[1] < best[0]:
                    best = (way[1], way)
        return best
    for way in ways:
        need, gold, _ = way
        for r in (0, 1, 2):
            missing = need[r] - res[r]
            if missing > 0:
                price = buy.get(r)
                if price is None:
                    break
                gold += missing * price
        else:
            if best is None or gold < best[0]:
                best = (gold, way)
    return best


def _how(way: tuple[tuple[int, ...], int, tuple[Any, ...]], res: list[int],
         buy: dict[int, int]) -> list[list[Any]]:
    need, _, how = way
    out: list[list[Any]] = list(how)
    for r in (0, 1, 2):
        missing = need[r] - res[r]
        if missing > 0:
            out.append(["how.bought", {"n": missing, "resource": RESOURCES[r], "gold": missing * buy[r]}])
    return out




def _prices(game: Game, p: Player) -> tuple[list[int], dict[int, int], bool, int, int]:
    """What every construction of ``p`` is priced from: the resources produced, the gold
    prices of missing ones, whether land is free, buildings owned, the land cost."""
    res = production(p, game.buildings)
    buy, free_land = _helpers(game, p)
    owned = len(p.buildings) - p.buildings.count(0)
    return res, buy, free_land, owned, 0 if free_land else LAND_COST_PER_BUILDING * owned


def options(game: Game, seat: int, explain: bool = False) -> list[tuple[Action, int, list[list[Any]] | None]]:
    """Every construction the player can afford now: ``(action, gold, explanation)``;
    the explanation (how it is paid) is only written with ``explain=True``."""
    p = game.players[seat]
    res, buy, free_land, owned, land = _prices(game, p)
    out: list[tuple[Action, int, list[list[Any]] | None]] = []
    for b, level in enumerate(p.buildings):
        if level == 0:
            if land > p.gold:           # not even the land can be paid
                continue
            B = game.buildings[b]
            for target in (1, 2):
                paid = resource_gold(B.payments[(0, target)], res, buy)
                if paid is None or land + paid[0] > p.gold:
                    break               # level 2 needs all that level 1 needs, and more
                gold = land + paid[0]
                why: list[list[Any]] | None = None
                if explain:
                    why = [["how.land_free" if free_land and owned else "how.land", {"gold": land}]] \
                        + _how(paid[1], res, buy)
                out.append((_actions(B.id)[target], gold, why))
        elif level == 1:
            B = game.buildings[b]
            paid = resource_gold(B.payments[(1, 2)], res, buy)
            if paid is not None and paid[0] <= p.gold:
                why = [["how.no_land", {}]] + _how(paid[1], res, buy) if explain else None
                out.append((_actions(B.id)[0], paid[0], why))
    return out


#: building id -> its shared actions ``(upgrade B, build B 1, build B 2)``
_ACTIONS: Final[dict[str, tuple[Action, Action, Action]]] = {}


def _actions(building_id: str) -> tuple[Action, Action, Action]:
    """The actions of one building, built once: index 0 upgrades, index L builds level L."""
    actions = _ACTIONS.get(building_id)
    if actions is None:
        actions = _ACTIONS[building_id] = (make(UPGRADE, building_id), make(CONSTRUCT, building_id, 1),
                                           make(CONSTRUCT, building_id, 2))
    return actions


def start(game: Game) -> None:
    # a player's options cannot change before their choice is carried out, so they are
    # computed once here (explained only when the event log is kept)
    game.build_options = [options(game, seat, game.record_events) for seat in range(game.n)]
    game.build_choices = [None] * game.n
    builds = simple_by_seat(BUILD)
    for seat in range(game.n):
        game.pending[seat] = builds[seat] if game.build_options[seat] else None
    game.stage = "build"
    if not any(game.pending):
        all_decided(game)


def offered(game: Game, seat: int) -> list[tuple[Action, int, list[list[Any]] | None]]:
    """This stage's options of ``seat`` (computed once, see :func:`start`); the legal
    actions are their actions and ``pass``."""
    cache = game.build_options
    return cache[seat] if cache is not None else options(game, seat, game.record_events)


def legal(game: Game, seat: int, decision: Decision) -> list[Action]:
    return [a for a, _, _ in offered(game, seat)] + [PASS_ACTION]


def check(game: Game, seat: int, decision: Decision, action: Action) -> None:
    if action.kind != PASS and not any(a == action for a, _, _ in offered(game, seat)):
        if action.kind not in (CONSTRUCT, UPGRADE):
            raise IllegalActionError("err.build.kind", kind=action.kind)
        raise IllegalActionError("err.build.cannot", action=str(action))


def apply(game: Game, seat: int, decision: Decision, action: Action) -> None:
    """Choices are secret until everyone has chosen: the choice is only recorded here
    and carried out in :func:`all_decided` (so nobody sees another's building early)."""
    if action.kind != PASS:
        assert game.build_choices is not None
        game.build_choices[seat] = action
    game.decision_made(seat)


def build(game: Game, seat: int, action: Action) -> tuple[str, int, int]:
    """Carry out one chosen construction now: ``(building id, level, gold paid)``.  The
    phase does it for everyone once all have chosen; a bot or the coach does it for one
    seat on a copy, to see the kingdom it gives."""
    for offer, gold, why in offered(game, seat):
        if offer == action:
            break
    else:                               # apply() records only offered actions
        raise IllegalActionError("err.build.cannot", action=str(action))
    p = game.players[seat]
    for i, B in enumerate(game.buildings):
        if B.id == action.card:
            break
    level = action.level
    if gold:
        game.gain_gold(seat, -gold, building_cause(B.id, level), "ev.pays", {"how": why})
    p.buildings[i] = level
    if game.record_events:
        game.log_event(seat, BUILT, level, building_cause(B.id, level),
                  "ev.builds" if action.kind == CONSTRUCT else "ev.upgrades", {"card": B.id, "level": level})
    return (B.id, level, gold)


def all_decided(game: Game) -> None:
    choices = game.build_choices
    assert choices is not None
    built: list[tuple[str, int, int] | None] = []
    for seat, a in enumerate(choices):
        built.append(None if a is None else build(game, seat, a))
    if game.record_events:
        game.results.append(ConstructionResult(game.turn, tuple(built)))
    game.build_options = None
    game.build_choices = None
    game.end_phase()


def explain_all(game: Game, seat: int) -> list[dict[str, Any]]:
    """Every building and level of ``seat``, possible or not: one row each, in building
    order, level 1 before level 2.  Exactly the rows :func:`options` offers are possible
    (same action, same gold price); the others say why not.  Language-free:

    ``{"building": id, "level": 1 | 2, "kind": "build" | "upgrade", "direct": bool (level 2
    straight from nothing), "action": Action or None, "possible": bool, "gold": price or None,
    "how": [[key, params], ...] or None, "reason": [[key, params], ...] or None}``

    Reasons: ``cli.construction.why.built`` (already at that level or higher),
    ``cli.construction.why.missing`` (one part per resource the kingdom lacks and cannot buy),
    ``cli.construction.why.gold`` (the price is more gold than the player has)."""
    p = game.players[seat]
    res, buy, free_land, owned, land = _prices(game, p)
    rows: list[dict[str, Any]] = []
    for b, level in enumerate(p.buildings):
        B = game.buildings[b]
        for target in (1, 2):
            row: dict[str, Any] = {"building": B.id, "level": target, "kind": UPGRADE if level == 1 and target == 2 else CONSTRUCT,
                   "direct": level == 0 and target == 2, "action": None, "possible": False,
                   "gold": None, "how": None, "reason": None}
            rows.append(row)
            if level >= target:
                row["reason"] = [["cli.construction.why.built", {"card": B.id, "level": level}]]
                continue
            ways = B.payments[(level, target)]
            paid = resource_gold(ways, res, buy)
            if paid is None:
                # the way needing the fewest resources nobody can buy (a Temple always has one)
                def lacking(way: tuple[tuple[int, ...], int, tuple[Any, ...]]) -> list[tuple[int, int]]:
                    return [(r, way[0][r]) for r in (0, 1, 2) if way[0][r] > res[r] and r not in buy]
                worst = min((lacking(w) for w in ways), key=len)
                row["reason"] = [["cli.construction.why.missing", {"resource": RESOURCES[r], "need": need, "have": res[r]}]
                                 for r, need in worst]
                continue
            how: list[list[Any]]
            if level == 0:
                gold = land + paid[0]
                how = [["how.land_free" if free_land and owned else "how.land", {"gold": land}]] \
                    + _how(paid[1], res, buy)
                action = _actions(B.id)[target]
            else:
                gold = paid[0]
                how = [["how.no_land", {}]] + _how(paid[1], res, buy)
                action = _actions(B.id)[0]
            row["gold"], row["how"] = gold, how
            if gold > p.gold:
                row["reason"] = [["cli.construction.why.gold", {"n": gold, "have": p.gold}]]
            else:
                row["possible"], row["action"] = True, action
    return rows
