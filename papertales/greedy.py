"""The greedy bot: the fitted evaluation, one decision at a time.

Why a greedy player?  It is the fast, deterministic "decent player" of the lab: the card
statistics come from its games, the search bot and the coach play their sampled worlds
on with it, and it is the level every smarter bot must clear.  Its judgement is the
fitted evaluation (:mod:`papertales.evaluation`: a seat's expected final LP), so it drafts
a card for what the card is worth in its hand and plans its whole Deployment
(:class:`GreedyBot`).

:func:`bot_actions` lists the moves a bot considers (no take-backs, no moves that only
shuffle the kingdom), :func:`random_bot_action` draws one of them uniformly (the search's
random rollouts) and :class:`MoveMemory` lets each unit move once per Deployment, so a
bot-driven Deployment always ends.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from .bots import draw_pick_or_build
from .actions import (BUILD, DEPLOY, DISCARD, DONE, DONE_NOTHING, DRAFT, DRAFT_DISCARD, DROP, MOVE, MOVES, PASS,
                      PICK, PLACE, RETURN, Action, for_card)
from .deployment import DISCARDS_AT, SPOTS_OF, place_actions, survey
from .evaluation import Evaluation
from .features import visible_opponent_strengths
from .state import IS_FRONT, Player, Unit
from .cards import UnitType
from .game import Game
from . import construction
from ._build import mypyc_attr

#: what puts a kingdom back as it was before a step tried on it
Undo = Callable[[], None]


def bot_actions(game: Game, seat: int, moved: set[int] | tuple[int, ...] = ()) -> list[Action]:
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
            _, src, dst = a
            unit = p.units[src]
            if unit is None or unit.new or IS_FRONT[src] == IS_FRONT[dst] or src in moved or dst in moved:
                continue
        out.append(a)
    return out


def random_bot_action(game: Game, seat: int, rng: Any) -> Action:
    """One of :func:`bot_actions` ``(game, seat)`` drawn uniformly (the search's random
    rollouts): the same draw and the same action as ``acts[rng.below(len(acts))]``, but
    in drafts, constructions and deployments only the chosen action is built, as
    :class:`~papertales.bots.RandomBot` does."""
    d = game.pending[seat]
    assert d is not None          # a bot is asked only when it has a decision
    kind = d.kind
    if kind == DRAFT or kind == DRAFT_DISCARD or kind == BUILD:
        return draw_pick_or_build(game, seat, kind, rng)
    if kind == DEPLOY:
        return _random_deployment(game, seat, rng)
    acts = bot_actions(game, seat)
    i: int = rng.below(len(acts))
    return acts[i]


def _random_deployment(game: Game, seat: int, rng: Any) -> Action:
    """:func:`random_bot_action` in a Deployment.  The legal actions are listed as: the
    discards, each placeable card on each free spot, the take-backs (no bot's), the moves,
    then ``done`` and ``done CARD`` for each distinct card in hand."""
    p = game.players[seat]
    free, _, discardable, _, cards, placeable = survey(game, p)
    n_free = free.bit_count()
    places = len(placeable) * n_free
    moves = _crossing_moves(p, ())
    discards = DISCARDS_AT[discardable]
    i: int = rng.below(len(discards) + places + len(moves) + 1 + len(cards))
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


def _crossing_moves(p: Player, moved: set[int] | tuple[int, ...]) -> list[Action]:
    """The moves :func:`bot_actions` keeps (``moved``: spots already moved this
    Deployment), in the engine's order: a unit placed before this Deployment to a spot of
    the other row, free or held by a unit -- a swap, which the engine lists once, from the
    lower spot."""
    units = p.units
    out = []
    for s in range(p.spots):
        u = units[s]
        if u is not None and not u.new and s not in moved:
            row = IS_FRONT[s]
            for d in range(p.spots):
                if IS_FRONT[d] != row and (units[d] is None or d > s) and d not in moved:
                    out.append(MOVES[s][d])
    return out


def deployment_steps(game: Game, seat: int, moved: set[int] | tuple[int, ...] = ()) -> list[Action]:
    """The first steps of a Deployment the greedy bot tries, in :func:`bot_actions`'
    order: every discard and move it offers, and each card in hand that can be placed on
    the first free Front and the first free Back spot (the evaluation sees a unit's row,
    not its spot).  Built from the survey, without listing a placement on every spot."""
    p = game.players[seat]
    free, _, discardable, _, _, placeable = survey(game, p)
    out = list(DISCARDS_AT[discardable])
    if placeable:
        firsts = 0                       # the first free spot of each row, as a mask
        rows = 0                         # the rows found: bit 1 Front, bit 2 Back
        for s in SPOTS_OF[free]:
            row = 1 if IS_FRONT[s] else 2
            if not rows & row:
                rows |= row
                firsts |= 1 << s
        for tid in placeable:
            out += place_actions(tid, firsts)
    out += _crossing_moves(p, moved)
    return out


#: the actions of a Deployment
DEPLOY_KINDS = (PLACE, MOVE, RETURN, DISCARD, DONE)


def moved_this_deployment(game: Game, seat: int) -> set[int]:
    """The spots ``seat`` has moved units from or to in the Deployment under way (read
    from the history: its actions back to its last one that was no Deployment action)."""
    spots: set[int] = set()
    d = game.pending[seat]
    if d is None or d.kind != DEPLOY:
        return spots
    history = game.history
    for i in range(len(history) - 1, -1, -1):      # newest first (mypyc cannot loop over reversed() here)
        s, a = history[i]
        if s != seat:
            continue
        if a.kind not in DEPLOY_KINDS:
            break
        if a.kind == MOVE:
            spots.update((a.spot, a.to))
    return spots


class MoveMemory:
    """The spots a bot has moved units between in the current Deployment, so that
    :func:`bot_actions` offers each unit one move at most."""

    __slots__ = ("key", "spots")

    key: tuple[int, str] | None
    spots: set[int]

    def __init__(self) -> None:
        self.key = None
        self.spots = set()

    def actions(self, game: Game, seat: int) -> list[Action]:
        """:func:`bot_actions` for ``seat``, forgetting the moves of earlier phases."""
        key = (game.turn, game.phase)
        if key != self.key:
            self.key, self.spots = key, set()
        return bot_actions(game, seat, self.spots)

    def deployment_steps(self, game: Game, seat: int) -> list[Action]:
        """:func:`deployment_steps` for ``seat``, forgetting the moves of earlier phases."""
        key = (game.turn, game.phase)
        if key != self.key:
            self.key, self.spots = key, set()
        return deployment_steps(game, seat, self.spots)

    def recall(self, game: Game, seat: int) -> None:
        """Remember the moves ``seat`` made in the Deployment under way (read from the
        history): a bot asked to go on with a Deployment it did not start."""
        self.key = (game.turn, game.phase)
        self.spots = moved_this_deployment(game, seat)

    def note(self, action: Action) -> None:
        if action.kind is MOVE:
            self.spots.update((action.spot, action.to))


@mypyc_attr(allow_interpreted_subclasses=True)     # the shortcut test checks it from a subclass
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

    name: ClassVar[str] = "greedy"
    #: the constructor's options but ``seed``, for the registry (a compiled signature is unreadable)
    options: ClassVar[tuple[str, ...]] = ("lookahead", "evaluation")

    def __init__(self, seed: int = 0, lookahead: bool = True, evaluation: Evaluation | None = None) -> None:
        self.seed = seed                  # no randomness: kept for the registry's signature
        self.ev = evaluation if evaluation is not None else Evaluation.default()
        self.lookahead = lookahead
        self.moves = MoveMemory()

    def choose(self, game: Game, seat: int) -> Action:
        world = game.clone()
        world.record_events = False
        return self.choose_in_world(world, seat, game)

    def choose_in_world(self, world: Game, seat: int, game: Game | None = None) -> Action:
        """The choice in ``world``: a copy of the game (or a world sampled for the seat, in
        the search's rollouts) that this call may change."""
        game = game if game is not None else world
        d = game.pending[seat]
        assert d is not None
        kind = d.kind
        if kind == DEPLOY:
            steps = self.moves.deployment_steps(game, seat)
            if not steps and not game.players[seat].hand:
                return DONE_NOTHING                  # the only choice
            best = self._deploy(world, seat, steps)
            self.moves.note(best)
            return best
        actions = self.moves.actions(game, seat)
        if len(actions) == 1:
            return actions[0]
        if kind == DRAFT or kind == DRAFT_DISCARD:
            best = self._draft(world, seat, kind)
        else:
            best = self._best_after(world, seat, kind, actions)
        self.moves.note(best)
        return best

    # ------------------------------------------------------------------ decisions

    def _draft(self, g: Game, seat: int, kind: str) -> Action:
        """Keep the card that raises the expected LP most (2 players, the discard: the
        card that would raise it most, so that the opponent does not get it)."""
        p = g.players[seat]
        ev = self.ev
        theirs = visible_opponent_strengths(g, seat)
        best, best_v = p.pack[0], None
        options = _distinct(p.pack)
        for t, v in zip(options, ev.values_with_card(g, seat, options, theirs)):
            if best_v is None or v > best_v + 1e-9:
                best, best_v = t, v
        return for_card(PICK if kind == DRAFT else DROP, best.id)

    def _best_after(self, g: Game, seat: int, kind: str, actions: list[Action]) -> Action:
        """The action after which the expected LP is highest (ties: the first listed)."""
        best, best_v = actions[0], None
        theirs = visible_opponent_strengths(g, seat)      # no action of the seat's changes them
        for a in actions:
            if kind == BUILD:
                v = self._value_built(g, seat, a, theirs)
            else:
                w = g.clone()
                w.apply_trusted(seat, a)
                v = self.ev.value(w, seat, None, theirs)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def _value_built(self, g: Game, seat: int, a: Action, theirs: list[float]) -> float:
        """The expected LP after construction ``a`` (or a pass), valued as the Aging that
        follows sees it: built in ``g`` itself and taken back (a build changes only the
        seat's gold and buildings), with no event logged."""
        if a.kind == PASS:
            return self.ev.value(g, seat, "aging", theirs)
        p = g.players[seat]
        gold, levels, logged = p.gold, p.buildings[:], g.record_events
        g.record_events = False
        try:
            construction.build(g, seat, a)
            return self.ev.value(g, seat, "aging", theirs)
        finally:
            p.gold = gold
            p.buildings[:] = levels
            g.record_events = logged

    def _deploy(self, g: Game, seat: int, steps: list[Action]) -> Action:
        """The first step of the best plan (class docstring) of those in ``steps``
        (:func:`deployment_steps`).  Steps are tried on the seat's own kingdom and taken
        back (:func:`_step`); the opponents' strengths are read once, since nothing the
        seat does changes them."""
        plan = _Planner(self.ev, g, seat)
        done_action, best_v = plan.done()
        best = None
        for a in steps:
            undo = _step(g, seat, a)
            try:
                v = plan.complete() if self.lookahead else plan.value()
            finally:
                undo()
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best if best is not None else done_action


def best_done(game: Game, seat: int, ev: Evaluation | None = None) -> Action:
    """``done`` keeping the card the evaluation adds most for (or none): how the greedy bot
    ends a Deployment."""
    g = game.clone()
    g.record_events = False
    return _Planner(ev if ev is not None else Evaluation.default(), g, seat).done()[0]


class _Planner:
    """Values Deployment plans of one seat in its game, which it changes and restores."""

    def __init__(self, ev: Evaluation, g: Game, seat: int) -> None:
        self.ev, self.g, self.seat = ev, g, seat
        self.p = g.players[seat]
        self.theirs = visible_opponent_strengths(g, seat)
        self.cache: dict[tuple[Any, ...], float] = {}

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
        now = self.value()
        try:
            while True:
                best, best_v = None, now
                for card, spot in _placements(self.p):
                    back = _place(self.p, card, spot)
                    v = self.value()
                    back()
                    if v > best_v + 1e-9:
                        best, best_v = (card, spot), v
                if best is None:
                    break
                undo.append(_place(self.p, *best))
                now = best_v          # the value just read with that card there: not read again
            v = self.done()[1]
        finally:
            for back in reversed(undo):
                back()
        self.cache[key] = v
        return v

    def _key(self) -> tuple[Any, ...]:
        p = self.p
        rows: tuple[list[tuple[str, int, bool]], list[tuple[str, int, bool]]] = ([], [])
        for s, u in enumerate(p.units):
            if u is not None:
                rows[IS_FRONT[s]].append((u.type.id, u.age, u.new))
        return (tuple(sorted(rows[0])), tuple(sorted(rows[1])), tuple(sorted(t.id for t in p.hand)), p.spots)


def _placements(p: Player) -> list[tuple[UnitType, int]]:
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


def _place(p: Player, card: UnitType, spot: int) -> Undo:
    """Put ``card`` from the hand face down on ``spot``; returns what takes it back."""
    i = p.hand.index(card)
    del p.hand[i]
    old = p.units[spot]
    p.units[spot] = Unit(card, 0, True)

    def back() -> None:
        p.units[spot] = old
        p.hand.insert(i, card)
    return back


def _step(g: Game, seat: int, a: Action) -> Undo:
    """Make Deployment step ``a`` -- a placement, a move or a discard of a unit in play --
    on ``seat``'s kingdom as the engine would, as far as the evaluation can see (a
    discarded card's place on the discard pile is not); returns what takes it back."""
    p = g.players[seat]
    k, first, second = a          # as fields: place CARD SPOT, move SPOT TO, discard SPOT
    if k is PLACE:
        i = 0
        while p.hand[i].id != first:       # a step is a legal placement: its card is in the hand
            i += 1
        return _place(p, p.hand[i], second)
    units = p.units
    if k is MOVE:
        src, dst = first, second
        units[src], units[dst] = units[dst], units[src]

        def back() -> None:
            units[src], units[dst] = units[dst], units[src]
        return back
    spot, gone = first, units[first]       # a discard: the unit goes, nothing comes
    units[spot] = None

    def undiscard() -> None:
        units[spot] = gone
    return undiscard


def _distinct(cards: list[UnitType]) -> list[UnitType]:
    out: list[UnitType] = []
    seen: set[str] = set()
    for t in cards:
        if t.id not in seen:
            seen.add(t.id)
            out.append(t)
    return out
