"""End of the game: building LP, end-of-game abilities (Relic of Wisdom), the winner.

Most LP wins; a tie goes to the most gold left; a tie on both is a shared victory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .abilities import kingdom_payouts
from .events import building_cause
from .results import EndResult
from .state import Player

if TYPE_CHECKING:     # the game imports every phase
    from .game import Game


def resolve(game: Game) -> None:
    score_kingdoms(game)
    game.end_phase()
    record_end(game)


def record_end(game: Game) -> None:
    """Keep the end-of-game scoring as an :class:`~papertales.results.EndResult`."""
    if game.record_events:
        rows: list[list[tuple[str, int]]] = [[] for _ in range(game.n)]
        for e in game.events:
            if e.phase == "end" and e.kind == "lp" and e.seat >= 0:
                rows[e.seat].append((e.cause, e.amount))
        game.results.append(EndResult(game.turn, tuple(tuple(r) for r in rows), tuple(game.winners())))


def score_kingdoms(game: Game) -> None:
    """Building LP and end-of-game abilities of every kingdom."""
    for seat, p in enumerate(game.players):
        for b, level in enumerate(p.buildings):
            if level:
                B = game.buildings[b]
                L = B.levels[level]
                if L.lp:
                    game.gain_lp(seat, L.lp, building_cause(B.id, level), "ev.building_end")
        for cause, kind, v in kingdom_payouts(game, game.context(seat), "end_of_game"):
            game.gain(seat, kind, v, cause, "ev.end_of_game")


def winners(players: list[Player]) -> list[int]:
    """Seats that win: most LP, then most gold; several seats share a full tie."""
    best = max((p.lp, p.gold) for p in players)
    return [i for i, p in enumerate(players) if (p.lp, p.gold) == best]
