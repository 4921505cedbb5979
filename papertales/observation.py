"""What one seat may know: the observer that bots, the advisor and the panels look through.

Hidden from a seat: the other seats' hands, packs and kept cards; units placed this
Deployment and not yet revealed (their spot is seen, not their card); constructions
chosen by others while the Construction phase waits for everyone; the order of the draw
pile and of the Netherworld; the Necropolis cards not yet revealed.  The event log and the
phase results are filtered the same way.  A teaching "peek" is ``game.observation(None)``:
everything, for a spectator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .events import DISCARD, DRAFT, LICH_SEAT, Event
from .results import DraftResult

if TYPE_CHECKING:     # the game imports this observer
    from .decisions import Decision
    from .game import Game

HIDDEN = None       # what a face-down card shows


@dataclass(frozen=True, slots=True)
class UnitView:
    spot: int
    card: str | None     # None: placed face down, not yet revealed
    age: int
    new: bool


@dataclass(frozen=True, slots=True)
class KingdomView:
    seat: int
    name: str
    lp: int
    gold: int
    units: tuple[UnitView, ...]
    buildings: tuple[tuple[str, int], ...]     # (building id, level) of the built ones only
    hand: tuple[str, ...] | None   # card ids; None when hidden (then hand_size tells how many)
    hand_size: int
    pack: tuple[str, ...] | None
    kept: str | None     # the card kept for next turn ("" when hidden but present)
    passed: tuple[tuple[str, ...], ...] | None = None   # own only: what it remembers of the packs it passed on (recruitment.py)


@dataclass(frozen=True, slots=True)
class LichKingView:
    lp: int
    line: tuple[str | None, ...]          # Necropolis ids, None for the cards not yet revealed
    time: int
    lich_king_cards: tuple[str, ...]
    netherworld: tuple[str, ...]   # the cards the player put there, sorted (the order is unknown)


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int | None     # None: a spectator who sees everything
    turn: int
    phase: str
    stage: str
    kingdoms: tuple[KingdomView, ...]      # by seat
    decision: Decision | None     # the seat's pending Decision
    draw_size: int
    discard_size: int
    buildings: tuple[str, ...]     # the building ids of this game
    lich: LichKingView | None
    events: tuple[Event, ...]
    results: tuple[object, ...]    # the phases' records (papertales.results)


def observe(game: Game, seat: int | None) -> Observation:
    kingdoms: list[KingdomView] = []
    for s, p in enumerate(game.players):
        own = seat is None or s == seat
        units = tuple(UnitView(spot, u.type.id if own or not u.new else HIDDEN, u.age, u.new)
                      for spot, u in enumerate(p.units) if u is not None)
        buildings = tuple((game.buildings[i].id, lvl) for i, lvl in enumerate(p.buildings) if lvl)
        kingdoms.append(KingdomView(
            s, p.name, p.lp, p.gold, units, buildings,
            tuple(t.id for t in p.hand) if own else None, len(p.hand),
            tuple(t.id for t in p.pack) if own else None,
            (p.kept.id if own else "") if p.kept is not None else None,
            tuple(tuple(t.id for t in pack) for pack in p.passed) if own else None))
    lk = game.lich
    lich: LichKingView | None = None
    if lk is not None:
        lich = LichKingView(lk.lp, tuple(c.id if i < lk.revealed else None for i, c in enumerate(lk.line)),
                            lk.time, tuple(c.id for c in lk.cards), tuple(sorted(t.id for t in lk.netherworld)))
    return Observation(seat, game.turn, game.phase, game.stage, tuple(kingdoms),
                       game.decision(seat) if seat is not None else None,
                       len(game.draw), len(game.discard), tuple(b.id for b in game.buildings), lich,
                       tuple(e for e in game.events if visible(e, seat)),
                       tuple(_result_view(r, seat) for r in game.results))


def visible(event: Event, seat: int | None) -> bool:
    """May ``seat`` see this event?  Others' draft picks and the unplayed cards they
    discard are secret; everything else in the log is public."""
    if seat is None or event.seat == seat or event.seat == LICH_SEAT or event.seat < 0:
        return True
    if event.kind == DRAFT:
        return False
    if event.kind == DISCARD and event.key == "ev.discards_unplayed":
        return False
    return True


def _result_view(record: object, seat: int | None) -> object:
    if seat is None or not isinstance(record, DraftResult):
        return record
    return DraftResult(record.turn, tuple(k if s == seat else None for s, k in enumerate(record.kept)))
