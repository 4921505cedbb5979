"""Phase 2, Deployment: place units face down, reveal, pay, resolve reveal abilities.

A player's deployment is a short sequence of actions (place, move, take back, discard
a unit already in play) closed by ``done``, which also says which unplayed card to keep.
Discarding a unit in play follows the rule variant ``discard_in_play``: by default only
to make room for a unit the player can place (no free spot left).
Placing a unit you could not pay for is not offered: at the reveal it would only be
discarded, exactly as discarding it from your hand now.

Order at the reveal, for each player (the rulebook's order rule applies between players
only where they share something, i.e. Shapeshifters drawing from the same pile):

1. pay every new unit (a Monkey's -1 adds 1 gold that pays the others);
2. Shapeshifters turn into the unit they find;
3. reveal abilities of the new units, in spot order (F1 F2 B1 B2 F3);
4. every-Deployment abilities (Master Alchemist) of all units;
5. the owners' choices (Time Master, Master Alchemist targets).
   Steps 3 and 4 are one player's simultaneous abilities: where their order changes the
   result (a Master Alchemist counting the food of a Leviathan that a reveal ability ages),
   the owner chooses it (rule variant ``own_order=ask``, an ``order`` decision); with
   ``own_order=fixed`` the order above applies;
6. end of the phase: "after reveal" abilities (Kraken's level-2 penalty, which therefore
   counts buildings a Golem upgraded this turn), then the units are no longer new.
"""

from __future__ import annotations

from typing import Final, NamedTuple, TYPE_CHECKING, cast

from .abilities import RESOURCES, AgeTokens, Shapeshift
from .actions import (CHOOSE, DEPLOY, DEPLOYMENT_FIRST, DISCARD, DISCARDS, DONE, DONE_NOTHING, MOVE,
                      MOVES, ORDER, ORDERS, PLACE, RETURN, RETURNS, REVEAL_FIRST, TARGETS, Action,
                      ORDER_DECISION, for_card, make)
from .decisions import LATER, Decision, simple_by_seat
from .results import DeploymentResult
from .errors import IllegalActionError, Phrase
from .events import DEPLOY as EV_DEPLOY, DISCARD as EV_DISCARD, RULE_DEPLOYMENT
from .state import AGED, PER_AGE_TOKEN, SPOT_NAMES, Player, Unit

if TYPE_CHECKING:     # the game imports every phase
    from .cards import UnitType
    from .game import Game


def usable_spots(p: Player) -> int:
    """The spots ``p`` may use in a Deployment starting now: 4, and the 5th (F3) once a
    building of theirs is at level 2."""
    return 5 if 2 in p.buildings else 4


def start(game: Game) -> None:
    """Fix the number of usable spots now: a level-2 building built later this phase
    (Golem) opens the 5th spot only from the next Deployment."""
    deploys = simple_by_seat(DEPLOY)
    for seat, p in enumerate(game.players):
        p.spots = usable_spots(p)
        game.pending[seat] = deploys[seat]
    game.stage = "place"


def committed(p: Player) -> int:
    """Gold the units placed this Deployment will cost (a Monkey counts -1)."""
    return sum(u.type.cost for u in p.units if u is not None and u.new)


def free_gold(p: Player) -> int:
    """The gold not yet committed to units placed this Deployment: what a card placed now
    may cost (:meth:`Game.free_gold <papertales.game.Game.free_gold>` for the panels)."""
    return p.gold - committed(p)


# Precomputed tables indexed by bit masks of spots (bit s = spot s): the spots of a mask,
# discarding the unit at each spot of a mask, placing one card type on every free spot,
# and moving units between usable spots.
SPOTS_OF: Final = tuple(tuple(s for s in range(5) if m >> s & 1) for m in range(32))
DISCARDS_AT: Final = tuple(tuple(DISCARDS[s] for s in spots) for spots in SPOTS_OF)
_PLACES: Final[dict[str, list[tuple[Action, ...]]]] = {}


def place_actions(tid: str, free_mask: int) -> tuple[Action, ...]:
    """``place tid S`` for every spot S of ``free_mask``, in spot order (built once)."""
    table = _PLACES.get(tid)
    if table is None:
        acts = [make(PLACE, tid, s) for s in range(5)]
        table = _PLACES[tid] = [tuple(acts[s] for s in spots) for spots in SPOTS_OF]
    return table[free_mask]


def _move_table(n_spots: int) -> list[tuple[Action, ...]]:
    table: list[tuple[Action, ...]] = []
    for occupied in range(32):
        acts: list[Action] = []
        for s in range(n_spots):
            if occupied >> s & 1:
                acts.extend(MOVES[s][d] for d in range(n_spots)
                            if d != s and (not occupied >> d & 1 or d > s))
        table.append(tuple(acts))
    return table


_MOVES_BY_SPOTS: Final = {4: _move_table(4), 5: _move_table(5)}


class Survey(NamedTuple):
    """A player's deployment decision at a glance (what :func:`survey` returns)."""

    free: int               #: bit mask of the free usable spots
    free_gold: int          #: the gold not yet committed to units placed this Deployment
    discardable: int        #: bit mask of the units in play that may be discarded now
    placed: int             #: bit mask of the units placed this Deployment
    cards: list[str]        #: the distinct card ids in hand (each may be the one kept)
    placeable: list[str]    #: those of them that can be paid for and placed


#: ``Survey(...)`` without the Python-level ``__new__`` of a NamedTuple: survey runs for
#: every Deployment decision of every rollout
_SURVEY: Final = tuple.__new__


def survey(game: Game, p: Player) -> Survey:
    """A deployment decision in one pass, without listing its actions.  :func:`legal`, the
    random bot's sampler (:mod:`papertales.bots`) and the bots' shortcuts all build on it,
    so they cannot disagree."""
    units = p.units
    n_spots = p.spots
    placed = 0
    old = 0
    committed = 0
    for s in range(n_spots):
        u = units[s]
        if u is not None:
            if u.new:
                committed += u.type.cost
                placed |= 1 << s
            else:
                old |= 1 << s
    free_gold = p.gold - committed
    free = ((1 << n_spots) - 1) & ~(placed | old)
    if old and game.variants["discard_in_play"] != "any" and not _room_needed(p, free, free_gold):
        old = 0
    cards = []
    placeable = []
    for t in p.hand:
        tid = t.id
        if tid not in cards:
            cards.append(tid)
            if t.cost <= free_gold and free:
                placeable.append(tid)
    return _SURVEY(Survey, (free, free_gold, old, placed, cards, placeable))


def legal(game: Game, seat: int, decision: Decision) -> list[Action]:
    p = game.players[seat]
    units = p.units
    free, free_gold, discardable, placed, cards, placeable = survey(game, p)
    out = list(DISCARDS_AT[discardable])
    for tid in placeable:
        out += place_actions(tid, free)
    for s in SPOTS_OF[placed]:          # take back a unit placed this turn
        u = units[s]
        if u is not None and free_gold + u.type.cost >= 0:
            out.append(RETURNS[s])
    out += _MOVES_BY_SPOTS[p.spots][((1 << p.spots) - 1) & ~free]
    out.append(DONE_NOTHING)
    for tid in cards:
        out.append(for_card(DONE, tid))
    return out


def _room_needed(p: Player, free: int, free_gold: int) -> bool:
    """The printed reading of discarding units in play: only to make room, i.e. no free
    spot is left and a card in hand could be paid for and placed."""
    if free:
        return False
    for t in p.hand:        # a loop, not any(generator): survey asks at every deployment step
        if t.cost <= free_gold:
            return True
    return False


def _spot(p: Player, s: object, what: str) -> int:
    """``s`` when it is one of ``p``'s usable spots, else an error naming it by ``what``
    (a catalogue key, ``err.deploy.what.*``: worded in the language of whoever shows it)."""
    if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < p.spots:
        named = isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(SPOT_NAMES)
        given = SPOT_NAMES[cast(int, s)] if named else repr(s)
        raise IllegalActionError("err.deploy.not_usable", what=Phrase(what),
                                 usable=" ".join(SPOT_NAMES[:p.spots]), value=given)
    return s


def _in_hand(p: Player, card_id: object) -> int:
    """Index of the first card ``card_id`` in the hand, or -1."""
    for i, t in enumerate(p.hand):
        if t.id == card_id:
            return i
    return -1


def check(game: Game, seat: int, decision: Decision, action: Action) -> None:
    """Raise :class:`IllegalActionError` saying why, unless ``action`` is legal now."""
    p = game.players[seat]
    kind = action.kind
    units = p.units
    if kind == PLACE:
        s = _spot(p, action.to, "err.deploy.what.spot")
        if units[s] is not None:
            raise IllegalActionError("err.deploy.occupied", spot=s, card=cast(Unit, units[s]).type.id)
        i = _in_hand(p, action.card)
        if i < 0:
            raise IllegalActionError("err.deploy.not_in_hand", value=repr(action.card))
        t = p.hand[i]
        if t.cost > free_gold(p):
            raise IllegalActionError("err.deploy.too_dear", card=t.id, n=t.cost, free=free_gold(p), gold=p.gold)
    elif kind == MOVE:
        s = _spot(p, action.spot, "err.deploy.what.unit_to_move")
        d = _spot(p, action.to, "err.deploy.what.destination")
        if units[s] is None:
            raise IllegalActionError("err.deploy.nothing_to_move", spot=s)
        if s == d:
            raise IllegalActionError("err.deploy.same_spot")
    elif kind == RETURN:
        s = _spot(p, action.spot, "err.deploy.what.spot")
        u = units[s]
        if u is None or not u.new:
            raise IllegalActionError("err.deploy.return_not_new", spot=s)
        if committed(p) - u.type.cost > p.gold:
            raise IllegalActionError("err.deploy.return_unpaid", card=u.type.id)
    elif kind == DISCARD:
        s = _spot(p, action.spot, "err.deploy.what.spot")
        u = units[s]
        if u is None or u.new:
            raise IllegalActionError("err.deploy.discard_new", spot=s)
        if game.variants["discard_in_play"] == "when_full":
            free = any(units[i] is None for i in range(p.spots))
            if not _room_needed(p, free, free_gold(p)):
                raise IllegalActionError("err.deploy.discard_free_spot" if free else "err.deploy.discard_cannot_pay")
    elif kind == DONE:
        if action.card is not None and _in_hand(p, action.card) < 0:
            raise IllegalActionError("err.deploy.keep", value=repr(action.card))
    else:
        raise IllegalActionError("err.deploy.kind", kind=kind)


def apply(game: Game, seat: int, decision: Decision, action: Action) -> None:
    """Carry out a legal action (checked by :func:`check`, or listed by the engine)."""
    p = game.players[seat]
    kind, card_or_spot, spot = action        # unpacked, not read by name: the inner loop
    units = p.units
    if kind == PLACE:
        units[spot] = Unit(p.hand.pop(_in_hand(p, card_or_spot)), 0, True)
    elif kind == MOVE:
        s, d = card_or_spot, spot
        units[s], units[d] = units[d], units[s]
    elif kind == RETURN:
        s = card_or_spot
        u = units[s]
        units[s] = None
        p.hand.append(u.type)
    elif kind == DISCARD:
        s = card_or_spot
        u = units[s]
        units[s] = None
        game.discard.append(u.type)
        if game.record_events:
            game.log_event(seat, EV_DISCARD, 0, RULE_DEPLOYMENT, "ev.discards_unit", {"card": u.type.id, "spot": s})
    else:                               # done: keep one unplayed card, discard the others
        keep = None if card_or_spot is None else p.hand[_in_hand(p, card_or_spot)]
        dropped = []
        for t in p.hand:
            if t is keep:
                keep = None          # keep exactly one copy
                p.kept = t
            else:
                game.discard.append(t)
                dropped.append(t.id)
        p.hand = []
        if dropped and game.record_events:
            game.log_event(seat, EV_DISCARD, 0, RULE_DEPLOYMENT, "ev.discards_unplayed", {"cards": dropped})
        game.decision_made(seat)


def legal_target(game: Game, seat: int, decision: Decision) -> list[Action]:
    """A reveal choice (Time Master, Master Alchemist): any unit of the player's."""
    return [TARGETS[s] for s, u in enumerate(game.players[seat].units) if u is not None]


def check_target(game: Game, seat: int, decision: Decision, action: Action) -> None:
    units = game.players[seat].units
    s = action.spot
    if action.kind != CHOOSE or not isinstance(s, int) or not 0 <= s < len(units) or units[s] is None:
        occupied = " ".join(SPOT_NAMES[i] for i, u in enumerate(units) if u is not None)
        raise IllegalActionError("err.deploy.target", spots=occupied)


def apply_target(game: Game, seat: int, decision: Decision, action: Action) -> None:
    game.add_age(seat, action.spot, decision.count, decision.cause)
    game.decision_made(seat)


def all_decided(game: Game) -> None:
    if game.stage == "place":
        game.stage = "reveal"
    else:                      # the last reveal choice was made
        game.stage = "finish"


def reveal(game: Game) -> None:
    """Reveal every placed unit, pay, and resolve reveal / Deployment abilities."""
    players = game.players
    shifters = 0
    for p in players:
        for u in p.units:
            if u is not None and u.new and u.type.shapeshifts:
                shifters += 1
                break
    # Shapeshifters draw from the same pile: with two or more, the order rule decides
    order = game.resolution_order() if shifters > 1 else range(game.n)
    record = game.record_events
    ask_order = game.variants["own_order"] == "ask"
    shown: list[tuple[tuple[int, str], ...]] = [()] * game.n
    paid = [0] * game.n
    for seat in order:
        p = players[seat]
        units = p.units
        revealed = []           # a loop, not a comprehension: it runs for every player
        for s, u in enumerate(units):
            if u is not None and u.new:
                revealed.append((u.type.cost, s, u.type))
        if len(revealed) > 1:
            revealed.sort()
        if record:
            shown[seat] = tuple((s, t.id) for _, s, t in sorted(revealed, key=lambda r: r[1]))
            paid[seat] = sum(c for c, _, _ in revealed)
        for cost, s, t in revealed:    # negative costs first: a Monkey's gold pays the others
            if record:
                game.log_event(seat, EV_DEPLOY, 0, t.id, "ev.reveals", {"card": t.id, "spot": s})
            if cost:
                game.gain_gold(seat, -cost, t.id, "ev.negative_cost" if cost < 0 else "ev.deployment_cost")
        if shifters:
            for s in range(len(units)):
                u = units[s]
                if u is not None and u.new and u.type.shapeshifts:
                    for e in u.type.reveal:
                        if isinstance(e, Shapeshift):
                            e.resolve(game, seat, s, u.type.id)
        if ask_order and order_matters(p):
            game.pending[seat] = Decision(seat, ORDER_DECISION)
            continue
        resolve_reveal_abilities(game, seat)
        resolve_deployment_abilities(game, seat)
    if record:
        game.results.append(DeploymentResult(game.turn, tuple(shown), tuple(paid)))
    if any(game.pending):
        game.stage = "choose"
    else:
        finish(game)


def resolve_reveal_abilities(game: Game, seat: int) -> None:
    """Reveal abilities of the new units (Shapeshifters excepted), in spot order."""
    for s, u in enumerate(game.players[seat].units):
        if u is not None and u.new:
            for e in u.type.reveal:
                if not isinstance(e, Shapeshift):
                    e.resolve(game, seat, s, u.type.id)


def resolve_deployment_abilities(game: Game, seat: int, later: bool = False) -> None:
    """Every-Deployment abilities of all units.  With ``later``, each is queued behind the
    owner's pending choices and resolved when its turn comes (so that it counts the age
    tokens those choices put down)."""
    for s, u in enumerate(game.players[seat].units):
        if u is not None and u.type.deployment:
            if later:
                game.queues[seat].append(Decision(seat, LATER, cause=u.type.id, spot=s))
            else:
                for e in u.type.deployment:
                    e.resolve(game, seat, s, u.type.id)


def resolve_later(game: Game, seat: int, decision: Decision) -> None:
    """Resolve an every-Deployment ability queued by :func:`resolve_deployment_abilities`."""
    spot = cast(int, decision.spot)
    u = game.players[seat].units[spot]
    if u is not None and u.type.id == decision.cause:
        for e in u.type.deployment:
            e.resolve(game, seat, spot, decision.cause)


def order_matters(p: Player) -> bool:
    """Does the order of this player's own reveal abilities and every-Deployment
    abilities change the result?  Only when a Deployment ability counts a resource
    (Master Alchemist: food) that a unit produces according to its age tokens (Leviathan,
    Adventurer) and a reveal ability may put age tokens on that unit first."""
    indices: list[int] = []
    for u in p.units:
        if u is not None and u.type.deployment:     # rare: most units have none
            for e in u.type.deployment:
                if isinstance(e, AgeTokens) and e.spec.get("per") in RESOURCES:
                    indices.append(RESOURCES.index(e.spec["per"]))
    if not indices:
        return False
    for s, u in enumerate(p.units):
        if u is None or not u.new:
            continue
        for e in u.type.reveal:
            if not isinstance(e, AgeTokens):
                continue
            for d, v in enumerate(p.units):
                if v is None or (e.target == "others" and d == s) or (e.target == "self" and d != s):
                    continue
                for r, _, when in v.type.produces:
                    if r in indices and (when == PER_AGE_TOKEN or (when == AGED and v.age == 0)):
                        return True
    return False


def legal_order(game: Game, seat: int, decision: Decision) -> list[Action]:
    return list(ORDERS)


def check_order(game: Game, seat: int, decision: Decision, action: Action) -> None:
    if action.kind != ORDER or action.first not in (REVEAL_FIRST, DEPLOYMENT_FIRST):
        raise IllegalActionError("err.deploy.order", first=REVEAL_FIRST, second=DEPLOYMENT_FIRST)


def apply_order(game: Game, seat: int, decision: Decision, action: Action) -> None:
    if action.first == REVEAL_FIRST:
        resolve_reveal_abilities(game, seat)
        resolve_deployment_abilities(game, seat, later=bool(game.queues[seat]))
    else:
        resolve_deployment_abilities(game, seat)
        resolve_reveal_abilities(game, seat)
    game.decision_made(seat)


def finish(game: Game) -> None:
    for seat, p in enumerate(game.players):
        ctx = None
        for u in p.units:
            if u is not None and u.new:
                if u.type.after_reveal:
                    if ctx is None:
                        ctx = game.context(seat)
                    ctx.unit = u
                    for po in u.type.after_reveal:
                        v = po.value(ctx)
                        if v:
                            game.gain(seat, po.kind, v, u.type.id)
                u.new = False
    game.end_phase()


def shapeshift(game: Game, seat: int, spot: int, max_cost: int, age_tokens: int, cause: str) -> None:
    """Turn over draw-pile cards until one costs at most ``max_cost``; it replaces the unit
    at ``spot`` for free, carrying ``age_tokens`` tokens.  The cards passed over and the
    Shapeshifter itself go to the discard pile."""
    p = game.players[seat]
    old = p.units[spot]
    assert old is not None
    passed: list[UnitType] = []
    found: UnitType | None = None
    for _ in range(len(game.draw) + len(game.discard) + 1):
        card = game.draw_card()
        if card is None:
            break
        if card.cost <= max_cost:
            found = card
            break
        passed.append(card)
        game.discard.append(card)
    game.discard.append(old.type)
    if passed:
        game.log_event(seat, EV_DISCARD, 0, cause, "ev.turns_over", {"cards": [c.id for c in passed]})
    if found is None:
        p.units[spot] = None
        game.log_event(seat, EV_DISCARD, 0, cause, "ev.finds_nothing")
        return
    p.units[spot] = Unit(found, 0, True)
    game.log_event(seat, EV_DEPLOY, 0, cause, "ev.becomes", {"card": found.id, "spot": spot})
    if age_tokens:
        game.add_age(seat, spot, age_tokens, cause)
