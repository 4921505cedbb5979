"""The greedy bot: one step of lookahead and a documented evaluation of a kingdom.

Why a heuristic player?  Random players throw their kingdoms away and put Knights in the
Back, so statistics over their games say little about good play; the greedy bot is the
fast, deterministic "decent player" for card statistics and the rollouts of the search bot.

Each decision: the bot looks at a world consistent with what it has seen
(:meth:`Game.determinize`), tries every action it is offered (:func:`bot_actions`) on a
copy and keeps the one whose :func:`value` is highest (ties: the first listed).  In
Deployment it places units one by one while a placement raises the value, then ``done``.

The value of a seat, in LP-equivalents (:func:`value`):

* LP now, plus the LP its buildings and end-of-game abilities (Relic of Wisdom) would score;
* gold: 0.5 LP per coin while there is something left to buy (less on turn 4);
* gold committed to face-down units is spent already (their cost is subtracted);
* a card kept for next turn: 1 LP;
* war strength against each opponent: 3 LP for each war it would win this turn if the Wars
  phase is still to come, plus 1.5 LP per war for each later turn (units stay, but others
  grow too), counting units that die in this turn's Aging for this turn only;
* income: the gold of the next Income phases, at the value of gold;
* resources: 0.4 LP per resource produced while buildings can still be built (they are
  never spent, and pay for every building);
* the coming Aging: a unit that dies there loses its future war and production value.
"""

from __future__ import annotations

from .actions import MOVE, RETURN
from .rng import Rng
from .state import IS_FRONT, Unit, production
from . import construction, income, wars

TURNS = 4
_PHASE_INDEX = {"recruitment": 0, "deployment": 1, "wars": 2, "income": 3, "construction": 4,
                "aging": 5, "end": 6, "over": 6}
GOLD_VALUE = 0.5
RESOURCE_VALUE = 0.4
WAR_LP_NOW = 3.0
WAR_LP_LATER = 1.5
KEPT_VALUE = 1.0


def bot_actions(game, seat, moved=()) -> list:
    """The actions a bot considers: all legal ones but those that only shuffle the kingdom
    around -- taking back a unit just placed, moving a new unit, moving a unit within its
    row, or moving a unit a second time (``moved``: spots already moved this Deployment).
    So a bot-driven Deployment always ends."""
    out = []
    p = game.players[seat]
    for a in game.legal_actions(seat):
        k = a.kind
        if k is RETURN:
            continue
        if k is MOVE:
            u = p.units[a.a]
            if u.new or IS_FRONT[a.a] == IS_FRONT[a.b] or a.a in moved or a.b in moved:
                continue
        out.append(a)
    return out


class MoveMemory:
    """The spots a bot has moved units between in the current Deployment, so that
    :func:`bot_actions` offers each unit one move at most."""

    __slots__ = ("key", "spots")

    def __init__(self):
        self.key = None
        self.spots = set()

    def actions(self, game, seat) -> list:
        """:func:`bot_actions` for ``seat``, forgetting the moves of earlier phases."""
        key = (game.turn, game.phase)
        if key != self.key:
            self.key, self.spots = key, set()
        return bot_actions(game, seat, self.spots)

    def note(self, action) -> None:
        if action.kind is MOVE:
            self.spots.update((action.a, action.b))


def _dies_next_aging(u) -> bool:
    at = u.type.dies_at
    return at is not None and u.age >= at


def value(game, seat) -> float:
    """The documented evaluation (module docstring), from ``seat``'s point of view."""
    return sum(components(game, seat).values())


def components(game, seat) -> dict:
    """:func:`value` split into its documented parts (LP-equivalents):
    ``lp``, ``buildings``, ``end_of_game``, ``kept``, ``gold``, ``wars_now``,
    ``wars_later``, ``income``, ``resources`` (the coach words its reasons from them)."""
    p = game.players[seat]
    phase = _PHASE_INDEX.get(game.phase, 6)
    later_turns = TURNS - game.turn
    wars_now = phase <= 2
    gold_value = GOLD_VALUE if (later_turns or phase <= 4) else 0.05
    out = dict.fromkeys(("lp", "buildings", "end_of_game", "kept", "gold", "wars_now", "wars_later",
                         "income", "resources"), 0.0)
    out["lp"] = float(p.lp)
    ctx = game._ctx(seat)
    out["buildings"] = float(sum(lvl and game.buildings[b].levels[lvl].lp for b, lvl in enumerate(p.buildings)))
    for _, kind, amount in _payouts(game, ctx, "end_of_game"):
        out["end_of_game"] += amount if kind == "lp" else amount * 0.05
    committed = sum(u.type.cost for u in p.units if u is not None and u.new)
    if p.kept is not None:
        out["kept"] = KEPT_VALUE
    out["gold"] = (p.gold - committed) * gold_value
    f = war_facts(game, seat)
    for _, theirs in f["opponents"]:
        if wars_now and f["strength"] >= theirs:
            out["wars_now"] += WAR_LP_NOW
        if later_turns and f["lasting"] >= theirs:
            out["wars_later"] += WAR_LP_LATER * later_turns
    incomes = later_turns + (1 if phase <= 3 else 0)
    if incomes:
        out["income"] = income.total(game, seat, game._ctx(seat)) * incomes * gold_value
    builds = later_turns + (1 if phase <= 4 else 0)
    if builds:
        out["resources"] = sum(production(p, game.buildings)) * RESOURCE_VALUE * min(builds, 2)
    return out


def war_facts(game, seat) -> dict:
    p = game.players[seat]
    phase = _PHASE_INDEX.get(game.phase, 6)
    ctx = game._ctx(seat)
    mine = wars.kingdom_strength(game, seat, ctx)
    spared = game.saved[seat] if game.saved is not None else ()
    dying = [s for s, u in enumerate(p.units)
             if u is not None and phase <= 5 and _dies_next_aging(u) and s not in spared]
    lasting = mine - sum(wars.unit_strength(ctx, p.units[s]) for s in dying if wars.fights(ctx, s, p.units[s]))
    armies = game.lich.armies() if game.lich is not None else ()
    opponents = []
    for opp in _opponents(game, seat):
        theirs = armies[-1 - opp] if opp < 0 else wars.kingdom_strength(game, opp)
        opponents.append((opp, theirs))
    ctx = game._ctx(seat)
    fighting = {s for s, u in enumerate(p.units) if u is not None and wars.fights(ctx, s, u)}
    return {"strength": mine, "lasting": lasting, "opponents": opponents, "dying": dying, "fighting": fighting}


def _payouts(game, ctx, hook):
    from .abilities import kingdom_payouts
    return kingdom_payouts(game, ctx, hook)


def _opponents(game, seat) -> list[int]:
    n = game.n
    if n == 1:
        return [-1, -2]          # the Lich King's two armies
    if n == 2:
        return [1 - seat, 1 - seat]   # two wars may be won against one opponent
    return [(seat - 1) % n, (seat + 1) % n]


class GreedyBot:
    """One-step lookahead on :func:`value`; deterministic for a given seed."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)
        self.moves = MoveMemory()

    def choose(self, game, seat):
        return self.choose_in_world(game.determinize(seat, self.rng), seat, game)

    def choose_in_world(self, world, seat, game=None):
        """The choice in an already sampled ``world`` (the search bot's rollouts)."""
        game = game if game is not None else world
        actions = self.moves.actions(game, seat)
        if len(actions) == 1:
            return actions[0]
        kind = game.decision(seat).kind
        best, best_v = actions[0], None
        for a in actions:
            v = self._score(world, seat, kind, a)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        self.moves.note(best)
        return best

    def _score(self, world, seat, kind, action) -> float:
        g = world.clone()
        g.record_events = False
        if kind in ("draft", "draft_discard"):
            return _card_score(g, seat, action, kind)
        if kind == "build":
            if action.kind != "pass":
                construction._build(g, seat, action)
            return value(g, seat)
        g.apply(seat, action)
        return value(g, seat)


def best_spot(g, seat, card) -> tuple[int, float]:
    """Where ``card`` would stand best in ``seat``'s kingdom -- a free spot, or else instead
    of a unit -- and the kingdom's value then: how the bot judges a card it may draft."""
    p = g.players[seat]
    best, best_v = None, None
    spots = [s for s in range(p.spots) if p.units[s] is None] or list(range(p.spots))
    for s in spots:
        old = p.units[s]
        p.units[s] = Unit(card, 0, True)
        v = value(g, seat)
        p.units[s] = old
        if best_v is None or v > best_v:
            best, best_v = s, v
    return best, best_v


def _card_score(g, seat, action, kind) -> float:
    """What a drafted card would add: the kingdom's value with the card on its best spot,
    minus the value without it."""
    card = next(t for t in g.players[seat].pack if t.id == action.a)
    gain = best_spot(g, seat, card)[1] - value(g, seat)
    return -gain if kind == "draft_discard" else gain
