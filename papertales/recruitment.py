"""Phase 1, Recruitment: the draft.

Everyone is dealt a pack (5 cards; 9 with two players), keeps one card and passes the rest,
until the packs are empty.  Packs go left (to the next seat) on turns 1 and 3 and right on
turns 2 and 4.  With two players each kept card is followed by discarding one card of the
pack.  At the end the card kept from last turn's Deployment joins the hand.

Each seat remembers the packs it passed on (``Player.passed``), as a player does: during the
draft, each pack as it passed it on; once the draft ends (3 players or more), of each such
pack the cards the next seats took from it, one each in turn (what came back to the seat
left out), until the next Recruitment.  The worlds of the search and the coach deal what it
knows of them (:mod:`papertales.determinize`, :mod:`papertales.drafted`).
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from .actions import DRAFT, DRAFT_DISCARD, Action, DROP, PICK, for_card
from .decisions import Decision, simple, simple_by_seat
from .results import DraftResult
from .errors import IllegalActionError
from .events import DRAFT as EV_DRAFT, RULE_TWO_PLAYER_DRAFT
from .state import Player

if TYPE_CHECKING:     # the game imports every phase
    from .cards import UnitType
    from .game import Game

HAND: Final = 5
HAND_TWO_PLAYERS: Final = 9


def start(game: Game) -> None:
    """Deal a pack to every seat (reshuffling the discard pile when the draw pile ends)."""
    size = HAND_TWO_PLAYERS if game.n == 2 else HAND
    for p in game.players:
        p.pack = game.draw_cards(size)
        p.passed = ()                   # last turn's memory: a new draft begins
    game.stage = "draft"
    _open_round(game)


def _open_round(game: Game) -> None:
    """Ask everyone for a pick; a pack of one card needs no decision and is taken."""
    players = game.players
    for p in players:
        if len(p.pack) != 1:
            break
    else:                               # every pack is down to one card
        for seat, p in enumerate(players):
            t = p.pack.pop()
            p.hand.append(t)
            if game.record_events:
                game.log_event(seat, EV_DRAFT, 0, "", "ev.takes_last", {"card": t.id})
        finish(game)
        return
    pending = game.pending
    drafts = simple_by_seat(DRAFT)
    for seat, p in enumerate(players):
        pending[seat] = drafts[seat] if p.pack else None
    if not any(pending):
        finish(game)


def taken_from_passed(passed: tuple[tuple[UnitType, ...], ...], picks: list[UnitType],
                      n: int) -> tuple[tuple[UnitType, ...], ...]:
    """At the end of a draft of ``n`` > 2 players: of each pack a seat passed on (``passed``,
    round by round), the cards the next seats took, one each in turn.  A pack still holding
    cards after ``n - 1`` seats came back to the seat: those cards it then passed on again
    (``passed[i + n]``) or picked (``picks[i + n]``, its picks in order) are left out.  A
    hand that is not the draft's picks (a what-if position) gives no memory."""
    if len(picks) != HAND:
        return ()
    out = []
    for i, pack in enumerate(passed):
        taken = list(pack)
        back = list(passed[i + n]) if i + n < len(passed) else []
        if i + n < len(picks):
            back.append(picks[i + n])
        for c in back:
            if c in taken:
                taken.remove(c)
        out.append(tuple(taken))
    return tuple(out)


def choices(p: Player) -> list[str]:
    """The distinct card ids of the pack, in pack order: one action each (see :func:`legal`;
    the random bot samples from this list without building the actions)."""
    seen: list[str] = []
    for t in p.pack:
        if t.id not in seen:
            seen.append(t.id)
    return seen


def legal(game: Game, seat: int, decision: Decision) -> list[Action]:
    kind = PICK if decision.kind == DRAFT else DROP
    return [for_card(kind, tid) for tid in choices(game.players[seat])]


def check(game: Game, seat: int, decision: Decision, action: Action) -> None:
    kind = PICK if decision.kind == DRAFT else DROP
    if action.kind != kind:
        raise IllegalActionError("err.draft.pick_expected" if kind == PICK else "err.draft.drop_expected")
    if not any(t.id == action.card for t in game.players[seat].pack):
        raise IllegalActionError("err.draft.not_in_pack", value=repr(action.card))


def apply(game: Game, seat: int, decision: Decision, action: Action) -> None:
    p = game.players[seat]
    pack = p.pack
    for i, t in enumerate(pack):        # the first card of the chosen id leaves the pack
        if t.id == action.card:
            break
    del pack[i]
    if decision.kind == DRAFT:
        p.hand.append(t)
        if game.record_events:
            game.log_event(seat, EV_DRAFT, 0, "", "ev.keeps", {"card": t.id})
        if game.n == 2 and p.pack:
            game.pending[seat] = simple(DRAFT_DISCARD, seat)
            return
    else:
        game.discard.append(t)
        if game.record_events:
            game.log_event(seat, EV_DRAFT, 0, RULE_TWO_PLAYER_DRAFT, "ev.discards_card", {"card": t.id})
    game.decision_made(seat)


def direction(turn: int) -> int:
    """Where packs go on ``turn``: +1 to the next seat (left) on turns 1 and 3, -1 (right)
    on turns 2 and 4."""
    return 1 if turn % 2 == 1 else -1


def all_decided(game: Game) -> None:
    """Everyone picked: pass the packs on, then open the next round."""
    players = game.players
    n = game.n
    step = direction(game.turn)
    packs = [p.pack for p in players]
    for p in players:                           # each seat remembers what it passes on
        if p.pack:
            p.passed += (tuple(p.pack),)
    left = False
    for seat, p in enumerate(players):
        p.pack = pack = packs[(seat - step) % n]
        if pack:
            left = True
    if left:
        _open_round(game)
    else:
        finish(game)


def finish(game: Game) -> None:
    n = game.n
    for p in game.players:
        p.passed = taken_from_passed(p.passed, p.hand, n) if n > 2 else ()
    if game.record_events:
        game.results.append(DraftResult(game.turn, tuple(tuple(t.id for t in p.hand) for p in game.players)))
    for seat, p in enumerate(game.players):
        if p.kept is not None:
            p.hand.append(p.kept)
            if game.record_events:
                game.log_event(seat, EV_DRAFT, 0, "", "ev.takes_kept", {"card": p.kept.id})
            p.kept = None
    game.end_phase()
