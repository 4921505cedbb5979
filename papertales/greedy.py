"""The greedy bot: one step of lookahead and a documented evaluation of a kingdom.

Why a heuristic player?  Random players throw their kingdoms away and put Knights in the
Back, so statistics over their games say little about good play; the greedy bot is the
fast, deterministic "decent player" for card statistics and the rollouts of the search bot.

Each decision: the bot looks at a world consistent with what it has seen
(:meth:`Game.determinize`), tries every action it is offered (:func:`bot_actions`) on a
copy (a card to draft or place: in that world, taken back after) and keeps the one whose
:func:`value` is highest (ties: the first listed).  In Deployment it places units one by
one while a placement raises the value, then ``done``.

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

from .abilities import Ctx, kingdom_payouts
from .bots import draw_pick_or_build
from .actions import (BUILD, DEPLOY, DONE, DONE_NOTHING, DRAFT, DRAFT_DISCARD, DROP, MOVE, MOVES, PASS,
                      PICK, PLACE, RETURN, Action, for_card)
from .deployment import DISCARDS_AT, place_actions, survey
from .determinize import determinize
from .rng import Rng
from .features import visible_opponent_strengths
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


def random_bot_action(game, seat, rng) -> Action:
    """One of :func:`bot_actions` ``(game, seat)`` drawn uniformly (the search's random
    rollouts): the same draw and the same action as ``acts[rng.below(len(acts))]``, but
    in drafts, constructions and deployments only the chosen action is built, as
    :class:`~papertales.bots.RandomBot` does."""
    kind = game.pending[seat].kind
    if kind == DRAFT or kind == DRAFT_DISCARD or kind == BUILD:
        return draw_pick_or_build(game, seat, kind, rng)
    if kind == DEPLOY:
        return _random_deployment(game, seat, rng)
    acts = bot_actions(game, seat)
    return acts[rng.below(len(acts))]


def _random_deployment(game, seat, rng) -> Action:
    """:func:`random_bot_action` in a Deployment.  The legal actions are listed as: the
    discards, each placeable card on each free spot, the take-backs (no bot's), the moves,
    then ``done`` and ``done CARD`` for each distinct card in hand."""
    p = game.players[seat]
    free, _, discardable, _, cards, placeable = survey(game, p)
    n_free = free.bit_count()
    places = len(placeable) * n_free
    moves = _crossing_moves(p)
    discards = DISCARDS_AT[discardable]
    i = rng.below(len(discards) + places + len(moves) + 1 + len(cards))
    if i < len(discards):
        return discards[i]
    i -= len(discards)
    if i < places:
        return place_actions(placeable[i // n_free], free)[i % n_free]
    i -= places
    if i < len(moves):
        return moves[i]
    i -= len(moves)
    return DONE_NOTHING if i == 0 else for_card(DONE, cards[i - 1])


def _crossing_moves(p) -> list[Action]:
    """The moves :func:`bot_actions` keeps (nothing moved yet), in the engine's order: a
    unit placed before this Deployment to a spot of the other row, free or held by a unit
    -- a swap, which the engine lists once, from the lower spot."""
    units = p.units
    out = []
    for s in range(p.spots):
        u = units[s]
        if u is not None and not u.new:
            row = IS_FRONT[s]
            for d in range(p.spots):
                if IS_FRONT[d] != row and (units[d] is None or d > s):
                    out.append(MOVES[s][d])
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


#: the parts of :func:`value`, in the order they are summed
PARTS = ("lp", "buildings", "end_of_game", "kept", "gold", "wars_now", "wars_later", "income", "resources")


def value(game, seat, theirs=None) -> float:
    """The documented evaluation (module docstring), from ``seat``'s point of view.
    ``theirs``: the opponents' strengths (:func:`opponent_strengths`), when already known."""
    return sum(_parts(game, seat, theirs))


def values(game) -> list[float]:
    """:func:`value` of every seat of a game between players (not solo), each kingdom's
    strength counted once: for itself and as its neighbours' opponent."""
    phase = _PHASE_INDEX.get(game.phase, 6)
    own = [_own_strength(game, s, p, phase, None) for s, p in enumerate(game.players)]
    return [sum(_parts(game, s, [own[opp][0] for opp in _opponents(game, s)], own[s])) for s in range(game.n)]


def components(game, seat) -> dict:
    """:func:`value` split into its documented parts (LP-equivalents):
    ``lp``, ``buildings``, ``end_of_game``, ``kept``, ``gold``, ``wars_now``,
    ``wars_later``, ``income``, ``resources`` (the coach words its reasons from them)."""
    return dict(zip(PARTS, _parts(game, seat, None)))


def _parts(game, seat, theirs, own=None) -> tuple:
    """The values of :data:`PARTS` (``theirs``, ``own``: the opponents' strengths and
    :func:`_own_strength`, when already known).  Each ability hook is evaluated with a
    fresh :class:`Ctx`, as the phases do; they share the kingdom's production, counted once."""
    p = game.players[seat]
    phase = _PHASE_INDEX.get(game.phase, 6)
    later_turns = TURNS - game.turn
    gold_value = GOLD_VALUE if (later_turns or phase <= 4) else 0.05
    res = production(p, game.buildings)
    buildings = 0
    for b, level in enumerate(p.buildings):
        if level:
            buildings += game.buildings[b].levels[level].lp
    end_of_game = 0.0
    for _, kind, amount in kingdom_payouts(game, Ctx(game, seat, p, res), "end_of_game"):
        end_of_game += amount if kind == "lp" else amount * 0.05
    committed = 0
    for u in p.units:
        if u is not None and u.new:
            committed += u.type.cost
    mine, lasting, _ = own if own is not None else _own_strength(game, seat, p, phase, res)
    if theirs is None:
        theirs = opponent_strengths(game, seat)
    wars_now = wars_later = 0.0
    for strength in theirs:
        if phase <= 2 and mine >= strength:
            wars_now += WAR_LP_NOW
        if later_turns and lasting >= strength:
            wars_later += WAR_LP_LATER * later_turns
    incomes = later_turns + (1 if phase <= 3 else 0)
    gold_income = income.total(game, seat, Ctx(game, seat, p, res)) * incomes * gold_value if incomes else 0.0
    builds = later_turns + (1 if phase <= 4 else 0)
    resources = sum(res) * RESOURCE_VALUE * min(builds, 2) if builds else 0.0
    return (float(p.lp), float(buildings), end_of_game, KEPT_VALUE if p.kept is not None else 0.0,
            (p.gold - committed) * gold_value, wars_now, wars_later, gold_income, resources)


def _own_strength(game, seat, p, phase, res) -> tuple[int, int, list[int]]:
    """``seat``'s war strength now, the part of it that outlives the coming Aging, and the
    spots of the units that die there."""
    ctx = Ctx(game, seat, p, res)
    mine = wars.kingdom_strength(game, seat, ctx)
    spared = game.saved[seat] if game.saved is not None else ()
    dying: list[int] = []
    lasting = mine
    if phase <= 5:
        for s, u in enumerate(p.units):
            if u is not None and _dies_next_aging(u) and s not in spared:
                dying.append(s)
                if wars.fights(ctx, s, u):
                    lasting -= wars.unit_strength(ctx, u)
    return mine, lasting, dying


def opponent_strengths(game, seat) -> list[int]:
    """The war strength of each of ``seat``'s opponents (:func:`_opponents`; solo: the Lich
    King's armies).  It depends on their kingdoms only."""
    opponents = _opponents(game, seat)
    if game.lich is not None:
        armies = game.lich.armies()
        return [armies[-1 - opp] for opp in opponents]
    if game.n == 2:                      # one opponent, fought twice
        return [wars.kingdom_strength(game, opponents[0])] * 2
    return [wars.kingdom_strength(game, opp) for opp in opponents]


def war_facts(game, seat) -> dict:
    """``seat``'s war strength (``strength``), what outlives the coming Aging (``lasting``),
    ``(opponent, strength)`` per war (``opponents``), the spots that die in that Aging
    (``dying``) and those of the units that fight (``fighting``)."""
    p = game.players[seat]
    mine, lasting, dying = _own_strength(game, seat, p, _PHASE_INDEX.get(game.phase, 6), None)
    opponents = list(zip(_opponents(game, seat), opponent_strengths(game, seat)))
    ctx = Ctx(game, seat, p)
    fighting = {s for s, u in enumerate(p.units) if u is not None and wars.fights(ctx, s, u)}
    return {"strength": mine, "lasting": lasting, "opponents": opponents, "dying": dying, "fighting": fighting}


def _opponents(game, seat) -> list[int]:
    n = game.n
    if n == 1:
        return [-1, -2]          # the Lich King's two armies
    if n == 2:
        return [1 - seat, 1 - seat]   # two wars may be won against one opponent
    return [(seat - 1) % n, (seat + 1) % n]


class GreedyBot:
    """The fitted evaluation (:class:`~papertales.evaluation.Evaluation`, expected final
    LP) one decision at a time; deterministic.

    * Draft: the card whose place in the hand raises the expected LP most -- the hand's
      cards are features of the evaluation, so a card is valued in this seat's plan.
    * Deployment: a whole plan to the end of the Deployment.  Each first step (a card on
      a Front or a Back spot, a discard, a move) is followed by the best next placements
      one by one, then ``done`` keeping the best card; the first step of the best plan is
      played (one step alone would be blind to a pair of cards that only work together).
    * Construction: each option valued as the Aging that follows sees it.
    * Anything else: the expected LP right after the action.

    It needs no sampled world: the evaluation reads only what the seat may know.
    ``lookahead=False`` plays Deployment one placement at a time (the search's fast
    rollouts)."""

    name = "greedy"

    def __init__(self, seed: int = 0, lookahead: bool = True, evaluation=None):
        from .evaluation import Evaluation
        self.seed = seed                  # no randomness: kept for the registry's signature
        self.ev = evaluation if evaluation is not None else Evaluation.default()
        self.lookahead = lookahead
        self.moves = MoveMemory()

    def choose(self, game, seat):
        world = game.clone()
        world.record_events = False
        return self.choose_in_world(world, seat, game)

    def choose_in_world(self, world, seat, game=None):
        """The choice in ``world``: a copy of the game (or a world sampled for the seat, in
        the search's rollouts) that this call may change."""
        game = game if game is not None else world
        actions = self.moves.actions(game, seat)
        if len(actions) == 1:
            return actions[0]
        kind = game.pending[seat].kind
        if kind == DRAFT or kind == DRAFT_DISCARD:
            best = self._draft(world, seat, kind)
        elif kind == DEPLOY:
            best = self._deploy(world, seat, actions)
        else:
            best = self._best_after(world, seat, kind, actions)
        self.moves.note(best)
        return best

    # ------------------------------------------------------------------ decisions

    def _draft(self, g, seat, kind) -> Action:
        """Keep the card that raises the expected LP most (2 players, the discard: the
        card that would raise it most, so that the opponent does not get it)."""
        p = g.players[seat]
        ev = self.ev
        best, best_v = None, None
        for t in _distinct(p.pack):
            p.hand.append(t)
            v = ev.value(g, seat)
            p.hand.pop()
            if best_v is None or v > best_v + 1e-9:
                best, best_v = t, v
        return for_card(PICK if kind == DRAFT else DROP, best.id)

    def _best_after(self, g, seat, kind, actions) -> Action:
        """The action after which the expected LP is highest (ties: the first listed)."""
        best, best_v = actions[0], None
        for a in actions:
            w = g.clone()
            if kind == BUILD:
                if a.kind != PASS:
                    construction.build(w, seat, a)
                v = self.ev.value(w, seat, "aging")
            else:
                w.apply_trusted(seat, a)
                v = self.ev.value(w, seat)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def _deploy(self, g, seat, actions) -> Action:
        """The first step of the best plan (class docstring).  Steps are tried on the
        seat's own kingdom and taken back (:func:`_step`); the opponents' strengths are
        read once, since nothing the seat does changes them."""
        plan = _Planner(self.ev, g, seat)
        done_action, best_v = plan.done()
        best = None
        for a in self._steps(g, seat, actions):
            undo = _step(g, seat, a)
            try:
                v = plan.complete() if self.lookahead else plan.value()
            finally:
                undo()
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best if best is not None else done_action

    @staticmethod
    def _steps(g, seat, actions) -> list[Action]:
        """The first steps worth trying: each card in hand on the first free Front and the
        first free Back spot (the evaluation sees a unit's row, not its spot), every
        discard and move the bot may make."""
        out = []
        tried = set()
        for a in actions:
            k = a.kind
            if k is PLACE:
                key = (a.a, IS_FRONT[a.b])
                if key in tried:
                    continue
                tried.add(key)
            elif k is DONE:
                continue
            out.append(a)
        return out


class _Planner:
    """Values Deployment plans of one seat in its game, which it changes and restores."""

    def __init__(self, ev, g, seat):
        self.ev, self.g, self.seat = ev, g, seat
        self.p = g.players[seat]
        self.theirs = visible_opponent_strengths(g, seat)
        self.cache: dict = {}

    def value(self) -> float:
        return self.ev.value(self.g, self.seat, None, self.theirs)

    def done(self) -> tuple[Action, float]:
        """``done`` keeping the card that adds most (or none), and the value then."""
        p = self.p
        hand = p.hand
        p.hand = []
        try:
            v = self.value()
        finally:
            p.hand = hand
        best, gain = DONE_NOTHING, 0.0
        if p.kept is None:
            for t in _distinct(hand):
                k = self.ev.keep_gain(self.g, t)
                if k > gain + 1e-9:
                    best, gain = for_card(DONE, t.id), k
        return best, v + gain

    def complete(self) -> float:
        """The value after the best next placements, one by one while one raises the
        value, then ``done`` (remembered per kingdom: plans meet in the same kingdoms)."""
        key = self._key()
        v = self.cache.get(key)
        if v is not None:
            return v
        undo = []
        try:
            while True:
                best, best_v = None, self.value()
                for card, spot in _placements(self.p):
                    back = _place(self.p, card, spot)
                    v = self.value()
                    back()
                    if v > best_v + 1e-9:
                        best, best_v = (card, spot), v
                if best is None:
                    break
                undo.append(_place(self.p, *best))
            v = self.done()[1]
        finally:
            for back in reversed(undo):
                back()
        self.cache[key] = v
        return v

    def _key(self):
        p = self.p
        rows = ([], [])
        for s, u in enumerate(p.units):
            if u is not None:
                rows[IS_FRONT[s]].append((u.type.id, u.age, u.new))
        return (tuple(sorted(rows[0])), tuple(sorted(rows[1])), tuple(sorted(t.id for t in p.hand)), p.spots)


def _placements(p) -> list[tuple]:
    """Each distinct card in hand the seat can still pay for, on the first free Front and
    the first free Back spot."""
    committed = 0
    free_front = free_back = None
    for s in range(p.spots):
        u = p.units[s]
        if u is None:
            if IS_FRONT[s]:
                if free_front is None:
                    free_front = s
            elif free_back is None:
                free_back = s
        elif u.new:
            committed += u.type.cost
    budget = p.gold - committed
    out = []
    for t in _distinct(p.hand):
        if t.cost <= budget:
            if free_front is not None:
                out.append((t, free_front))
            if free_back is not None:
                out.append((t, free_back))
    return out


def _place(p, card, spot):
    """Put ``card`` from the hand face down on ``spot``; returns what takes it back."""
    i = p.hand.index(card)
    del p.hand[i]
    old = p.units[spot]
    p.units[spot] = Unit(card, 0, True)

    def back():
        p.units[spot] = old
        p.hand.insert(i, card)
    return back


def _step(g, seat, a):
    """Make Deployment step ``a`` -- a placement, a move or a discard of a unit in play --
    on ``seat``'s kingdom as the engine would, as far as the evaluation can see (a
    discarded card's place on the discard pile is not); returns what takes it back."""
    p = g.players[seat]
    k = a.kind
    if k is PLACE:
        card = next(t for t in p.hand if t.id == a.a)
        return _place(p, card, a.b)
    units = p.units
    if k is MOVE:
        src, dst = a.a, a.b
        units[src], units[dst] = units[dst], units[src]

        def back():
            units[src], units[dst] = units[dst], units[src]
        return back
    spot, gone = a.a, units[a.a]             # a discard: the unit goes, nothing comes
    units[spot] = None

    def undiscard():
        units[spot] = gone
    return undiscard


def _distinct(cards) -> list:
    out, seen = [], set()
    for t in cards:
        if t.id not in seen:
            seen.add(t.id)
            out.append(t)
    return out


def _action_values(world, seat, kind, actions, theirs):
    """The value of ``seat``'s kingdom after each of its ``actions`` (not drafts), in
    order.  No other kingdom changes, so the opponents' strengths ``theirs`` stay right:
    a construction is carried out for the seat alone, and an action only makes the seat's
    decision -- the automatic stages that follow (the reveal, Wars, Aging ...) are not
    run.  Placing a card only puts it face down on its spot (it is paid for at the
    reveal): it is tried in ``world`` and taken back, once per spot that gives another
    kingdom (:func:`_first_equivalent_spots`).  Ending a Deployment keeping one card or
    another gives one value (a kept card counts 1 LP, whichever it is).  Any other action
    is tried on a copy of ``world``."""
    p = world.players[seat]
    first = _first_equivalent_spots(p.units, [s for s in range(p.spots) if p.units[s] is None])
    placed: dict[tuple[str, int], float] = {}       # (card id, first equivalent spot) -> value
    keeping = None                                  # the value after done keeping a card
    for a in actions:
        if a.kind == PLACE:
            key = (a.a, first[a.b])
            v = placed.get(key)
            if v is None:
                card = next(t for t in p.hand if t.id == a.a)
                v = placed[key] = _value_with(world, seat, card, key[1], theirs)
            yield v
        elif a.kind == DONE and a.a is not None:
            if keeping is None:
                keeping = _value_after(world, seat, kind, a, theirs)
            yield keeping
        else:
            yield _value_after(world, seat, kind, a, theirs)


def _value_after(world, seat, kind, action, theirs) -> float:
    """The value of ``seat``'s kingdom after ``action`` (see :func:`_action_values`), on
    a copy of ``world``."""
    g = world.clone()
    g.record_events = False
    if kind == BUILD:
        if action.kind != PASS:
            construction.build(g, seat, action)
    else:
        # offered for the seat's decision in the real game: as legal in the sampled world,
        # where the seat's own cards are the same
        g.apply_trusted(seat, action)
    return value(g, seat, theirs)


def _value_with(g, seat, card, spot, theirs) -> float:
    """The value of ``seat``'s kingdom with ``card`` just placed on ``spot`` (instead of
    the unit there, if any), tried in ``g`` and taken back."""
    units = g.players[seat].units
    old = units[spot]
    units[spot] = Unit(card, 0, True)
    try:
        return value(g, seat, theirs)
    finally:
        units[spot] = old


def best_spot(g, seat, card, theirs=None) -> tuple[int, float]:
    """Where ``card`` would stand best in ``seat``'s kingdom -- a free spot, or else instead
    of a unit -- and the kingdom's value then: how the bot judges a card it may draft.
    ``theirs``: the opponents' strengths, when already known."""
    p = g.players[seat]
    best, best_v = None, None
    free = [s for s in range(p.spots) if p.units[s] is None]
    first = _first_equivalent_spots(p.units, free)
    for s in [s for s in free if first[s] == s] if free else range(p.spots):
        v = _value_with(g, seat, card, s, theirs)
        if best_v is None or v > best_v:
            best, best_v = s, v
    return best, best_v


def _first_equivalent_spots(units, free) -> dict[int, int]:
    """For each ``free`` spot, the first free spot where a card gives the same kingdom's
    value: one of the same row (Front or Back) with no unit between the two.  The kingdom
    would hold the same units in the same order, and the evaluation sees a unit's spot
    only through its row and that order (ability hooks never see spots; spots spared in
    Aging are never free), so the values tie -- and on a tie the bots keep the earlier
    spot, listed first."""
    first: dict[int, int] = {}
    last: dict[bool, int] = {}       # row -> the last free spot seen in it
    for s in free:
        row = IS_FRONT[s]
        before = last.get(row)
        if before is not None and all(units[i] is None for i in range(before + 1, s)):
            first[s] = first[before]
        else:
            first[s] = s
        last[row] = s
    return first


def _card_gain(world, seat, action, kind, now, theirs) -> float:
    """What a drafted card would add: the kingdom's value with the card on its best spot,
    minus its value ``now`` (the card is tried in ``world`` and taken away again)."""
    card = next(t for t in world.players[seat].pack if t.id == action.a)
    gain = best_spot(world, seat, card, theirs)[1] - now
    return -gain if kind == DRAFT_DISCARD else gain
