"""Phase 4, Income: 2 gold plus every income ability of units and buildings."""

from __future__ import annotations

from .abilities import kingdom_payouts

BASE_INCOME = 2


def items(game, seat, ctx=None) -> list[tuple[str, int]]:
    """``(cause, gold)`` rows of this turn's income, the base 2 first.

    Also used during Wars by the Ogre, whose strength counts this gold in advance."""
    if ctx is None:
        ctx = game.ctx(seat)
    return [("Income", BASE_INCOME)] + [(cause, v) for cause, _, v in kingdom_payouts(game, ctx, "income")]


def total(game, seat, ctx=None) -> int:
    return sum(v for _, v in items(game, seat, ctx))


def resolve(game) -> None:
    for seat in range(game.n):
        for cause, gold in items(game, seat):
            game.gain_gold(seat, gold, cause, "base income" if cause == "Income" else "income ability")
    game.end_phase()
