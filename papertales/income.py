"""Phase 4, Income: 2 gold plus every income ability of units and buildings."""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from .abilities import Ctx, kingdom_payouts
from .events import RULE_INCOME
from .results import IncomeResult

if TYPE_CHECKING:     # the game imports every phase
    from .game import Game

BASE_INCOME: Final = 2


def items(game: Game, seat: int, ctx: Ctx | None = None) -> list[tuple[str, int]]:
    """``(cause, gold)`` rows of this turn's income, the base 2 first.

    Also used during Wars by the Ogre, whose strength counts this gold in advance."""
    if ctx is None:
        ctx = game.context(seat)
    rows = [(RULE_INCOME, BASE_INCOME)]
    for cause, _, v in kingdom_payouts(game, ctx, "income"):   # a loop: no comprehension to create
        rows.append((cause, v))
    return rows


def total(game: Game, seat: int, ctx: Ctx | None = None) -> int:
    gold = 0
    for _, v in items(game, seat, ctx):
        gold += v
    return gold


def resolve(game: Game) -> None:
    rows = []
    for seat in range(game.n):
        rows.append(items(game, seat))
    if game.record_events:
        game.results.append(IncomeResult(game.turn, tuple(tuple(r) for r in rows)))
    for seat in range(game.n):
        for cause, gold in rows[seat]:
            game.gain_gold(seat, gold, cause, "ev.base_income" if cause == RULE_INCOME else "ev.income_ability")
    game.end_phase()
