"""End of the game: building LP, end-of-game abilities (Relic of Wisdom), the winner.

Most LP wins; a tie goes to the most gold left; a tie on both is a shared victory."""

from __future__ import annotations

from .abilities import kingdom_payouts


def resolve(game) -> None:
    score_kingdoms(game)
    game.end_phase()


def score_kingdoms(game) -> None:
    """Building LP and end-of-game abilities of every kingdom."""
    for seat, p in enumerate(game.players):
        for b, level in enumerate(p.buildings):
            if level:
                B = game.buildings[b]
                L = B.levels[level]
                if L.lp:
                    game.gain_lp(seat, L.lp, f"{B.name} (level {level})", "building at the end of the game")
        for cause, kind, v in kingdom_payouts(game, game.ctx(seat), "end_of_game"):
            game.gain(seat, kind, v, cause, "end of the game")


def winners(players) -> list[int]:
    """Seats that win: most LP, then most gold; several seats share a full tie."""
    best = max((p.lp, p.gold) for p in players)
    return [i for i, p in enumerate(players) if (p.lp, p.gold) == best]
