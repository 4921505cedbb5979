"""Phase 6, Aging: units with age tokens die, the others grow older.

Order, for each player:

1. each Mystical Healer may spare one unit with exactly one token (a decision);
2. every unit carrying at least one token dies -- except a Relic of Wisdom (never) and a
   Salamander (needs two) -- unless spared;
3. death abilities, counted with the tokens the dying units carry: the dying unit's own
   (Sculptor, Demon, Monkey), then "each unit of yours that dies" (Palm Reader, Kraken:
   each copy in play scores, dying or not).  Gains are counted before losses, so the
   score floor of 0 only applies to the net result;
4. the dead go to the discard pile;
5. every survivor, spared ones included, takes one age token.

Only this is a death: units discarded in Deployment trigger nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .actions import PASS, SAVE, SAVES, SPARE, Action, PASS_ACTION
from .decisions import Decision
from .errors import IllegalActionError
from .events import DEATH, RULE_AGING, SPARED
from .results import AgingResult
from .state import SPOT_NAMES, Player, Unit

if TYPE_CHECKING:     # the game imports every phase
    from .game import Game


def dies(u: Unit) -> bool:
    at = u.type.dies_at
    return at is not None and u.age >= at


def start(game: Game) -> None:
    game.saved = [[] for _ in range(game.n)]
    for seat, p in enumerate(game.players):
        queue = []
        for s, u in enumerate(p.units):
            if u is not None and u.type.saves is not None and _candidates(p, u.type.saves, ()):
                queue.append(Decision(seat, SAVE, u.type.saves, u.type.id, s))
        if queue:
            game.pending[seat] = queue[0]
            game.queues[seat] = queue[1:]
    if any(game.pending):
        game.stage = "save"
    else:
        resolve(game)


def _candidates(p: Player, tokens: int, saved: Sequence[int]) -> list[int]:
    return [s for s, u in enumerate(p.units)
            if u is not None and u.age == tokens and dies(u) and s not in saved]


def _saved(game: Game) -> list[list[int]]:
    """The spots spared so far, per seat (set while Aging asks for decisions)."""
    assert game.saved is not None
    return game.saved


def legal(game: Game, seat: int, decision: Decision) -> list[Action]:
    p = game.players[seat]
    return [SAVES[s] for s in _candidates(p, decision.count, _saved(game)[seat])] + [PASS_ACTION]


def check(game: Game, seat: int, decision: Decision, action: Action) -> None:
    if action.kind == SPARE:
        cands = _candidates(game.players[seat], decision.count, _saved(game)[seat])
        if action.spot not in cands:
            raise IllegalActionError("err.aging.save" if cands else "err.aging.save_none",
                                     card=decision.cause, n=decision.count,
                                     spots=" ".join(SPOT_NAMES[s] for s in cands))
    elif action.kind != PASS:
        raise IllegalActionError("err.aging.kind", kind=action.kind)


def apply(game: Game, seat: int, decision: Decision, action: Action) -> None:
    if action.kind == SPARE:
        p = game.players[seat]
        spot = action.spot
        _saved(game)[seat].append(spot)
        game.log_event(seat, SPARED, 0, decision.cause, "ev.spared", {"card": p.units[spot].type.id, "spot": spot})
    game.decision_made(seat)


def all_decided(game: Game) -> None:
    game.stage = "resolve"


def resolve(game: Game) -> None:
    saved = game.saved or [[] for _ in range(game.n)]
    record = game.record_events
    deaths = []
    for seat, p in enumerate(game.players):
        units = p.units
        dying = []
        for s, u in enumerate(units):
            if u is not None:
                at = u.type.dies_at             # dies(u), inlined: this runs for every unit
                if at is not None and u.age >= at and s not in saved[seat]:
                    dying.append((s, u))
        if record:
            deaths.append(tuple((s, u.type.id, u.age) for s, u in dying))
        if dying:
            ctx = None                  # made for the first ability: most deaths have none
            gains: list[tuple[str, int, str, str, dict[str, Any]]] = []
            for _, u in dying:
                if u.type.death:
                    if ctx is None:
                        ctx = game.context(seat)
                    ctx.unit = u
                    for po in u.type.death:
                        v = po.value(ctx)
                        if v:
                            gains.append((po.kind, v, u.type.id, "ev.dies", {}))
            for w in units:
                if w is not None and w.type.unit_dies:
                    if ctx is None:
                        ctx = game.context(seat)
                    ctx.unit = w
                    for _, d in dying:
                        ctx.dying = d
                        for po in w.type.unit_dies:
                            v = po.value(ctx)
                            if v:
                                gains.append((po.kind, v, w.type.id, "ev.unit_dies_with",
                                              {"card": d.type.id, "n": d.age}))
            if len(gains) > 1:
                gains.sort(key=lambda g: -g[1])
            for kind, v, cause, key, params in gains:
                game.gain(seat, kind, v, cause, key, params)
            for s, u in dying:
                units[s] = None
                game.discard.append(u.type)
                if record:
                    game.log_event(seat, DEATH, u.age, RULE_AGING, "ev.unit_with_tokens", {"card": u.type.id, "n": u.age})
        for s, u in enumerate(units):
            if u is not None:
                game.add_age(seat, s, 1, RULE_AGING)
    if record:
        game.results.append(AgingResult(game.turn, tuple(deaths), tuple(tuple(s) for s in saved)))
    game.saved = None
    game.end_turn()
