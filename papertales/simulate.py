"""Many seeded games between bots, summarised: mean LP per seat, win rates, speed."""

from __future__ import annotations

import time

from .bots import RandomBot, play
from .game import Game


def simulate(players=4, games=1000, seed=1, bot=RandomBot, progress=None, **options) -> dict:
    """Play ``games`` games; game ``i`` uses seed ``seed + i`` (so any single game can be
    replayed with ``papertales play --seed``).  A shared victory counts 1/k to each winner."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    lp = [0] * players
    wins = [0.0] * players
    gold = [0] * players
    best = None
    lich_lp = lich_wins = 0
    start = time.perf_counter()
    for i in range(games):
        s = seed + i
        g = Game.new(players=players, seed=s, record_events=False, **options)
        play(g, [bot(s * 1000 + k + 1) for k in range(players)])
        for k, p in enumerate(g.players):
            lp[k] += p.lp
            gold[k] += p.gold
        w = g.winners()
        for k in w:
            wins[k] += 1 / len(w)
        if g.lich is not None:
            lich_lp += g.lich.lp
            lich_wins += not w
        top = max(g.scores)
        if best is None or top > best[0]:
            best = (top, s)
        if progress is not None:
            progress(i + 1, games)
    elapsed = time.perf_counter() - start
    extra = {}
    if lich_lp or lich_wins:
        extra["lich_king"] = {"mean_lp": round(lich_lp / games, 3), "win_rate": round(lich_wins / games, 4)}
    return extra | {
        "players": players, "games": games, "first_seed": seed,
        "mean_lp": [round(x / games, 3) for x in lp],
        "mean_gold_left": [round(x / games, 3) for x in gold],
        "win_rate": [round(x / games, 4) for x in wins],
        "best_score": {"lp": best[0], "seed": best[1]},
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }
