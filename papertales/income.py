"""Phase 4, Income: 2 gold plus every income ability of units and buildings."""

from __future__ import annotations

BASE_INCOME = 2


def items(game, seat, ctx=None) -> list[tuple[str, int]]:
    """``(cause, gold)`` rows of this turn's income, the base 2 first.

    Also used during Wars by the Ogre, whose strength counts this gold in advance."""
    p = game.players[seat]
    if ctx is None:
        ctx = game.ctx(seat)
    rows = [("Income", BASE_INCOME)]
    for u in p.units:
        if u is not None and u.type.income:
            ctx.unit = u
            for po in u.type.income:
                v = po.value(ctx)
                if v:
                    rows.append((u.type.name, v))
    for b, level in enumerate(p.buildings):
        if level:
            B = game.buildings[b]
            for po in B.levels[level].income:
                v = po.value(ctx)
                if v:
                    rows.append((f"{B.name} (level {level})", v))
    return rows


def total(game, seat, ctx=None) -> int:
    return sum(v for _, v in items(game, seat, ctx))


def resolve(game) -> None:
    for seat in range(game.n):
        for cause, gold in items(game, seat):
            game.gain_gold(seat, gold, cause, "base income" if cause == "Income" else "income ability")
    game.end_phase()
