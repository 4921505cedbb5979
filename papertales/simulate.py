"""Many seeded games between bots, summarised: mean LP per seat, win rates, speed.

Game ``i`` uses seed ``seed + i`` whatever the number of worker processes, so the summary
does not depend on ``jobs`` and any single game can be replayed with
``papertales play --seed``."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from typing import Any, TypedDict

from .bots import RandomBot, play
from .budget import Budget, parse_budget
from .errors import ArgumentError
from .game import Game
from .registry import Bot
from .tournament import check_bots, make_bot

CHUNK = 50          # games per task handed to a worker process

#: a bot factory: ``make(seed, seat)``
MakeBot = Callable[[int, int], Bot]


class _Tally(TypedDict):
    """Sums over games: per seat, then the Lich King's, then the best score (LP, seed)."""
    lp: list[int]
    gold: list[int]
    wins: list[float]
    lich_lp: int
    lich_wins: int
    best: tuple[int, int] | None


_JOB: tuple[int, MakeBot, dict[str, Any]] | None = None
# (players, make(seed, seat), options) of the running simulation, inherited by workers


def _named(names: Sequence[str], budget: str | Budget | None) -> MakeBot:
    """A bot factory ``make(seed, seat)`` for a list of bot names, repeated over the seats."""

    def make(seed: int, seat: int) -> Bot:
        return make_bot(names[seat % len(names)], seed, budget)
    return make


def _tally(first: int, count: int) -> tuple[int, _Tally]:
    """Sums over games ``first .. first + count - 1``."""
    assert _JOB is not None, "set by simulate"
    players, make, options = _JOB
    t: _Tally = {"lp": [0] * players, "gold": [0] * players, "wins": [0.0] * players,
         "lich_lp": 0, "lich_wins": 0, "best": None}
    for s in range(first, first + count):
        g = Game.new(players=players, seed=s, record_events=False, **options)
        play(g, [make(s * 1000 + k + 1, k) for k in range(players)])
        for k, p in enumerate(g.players):
            t["lp"][k] += p.lp
            t["gold"][k] += p.gold
        w = g.winners()
        for k in w:
            t["wins"][k] += 1 / len(w)
        if g.lich is not None:
            t["lich_lp"] += g.lich.lp
            t["lich_wins"] += not w
        top = max(g.scores)
        if t["best"] is None or top > t["best"][0]:
            t["best"] = (top, s)
    return count, t


def _tally_chunk(chunk: tuple[int, int]) -> tuple[int, _Tally]:
    return _tally(*chunk)


def simulate(players: int = 4, games: int = 1000, seed: int = 1, bot: Callable[[int], Bot] = RandomBot,
             progress: Callable[[int, int], object] | None = None, jobs: int = 1, bots: str | Sequence[str] | None = None,
             budget: str | Budget | None = None, **options: Any) -> dict[str, Any]:
    """Play ``games`` games on ``jobs`` processes (0: one per core).  A shared victory
    counts 1/k to each winner.  ``bots``: bot names (:func:`papertales.registry.names`), one
    per seat, the list repeated over the seats (instead of the class ``bot``); ``budget``:
    the search bot's budget (``"0.2s"``, ``"50it"``)."""
    names = None
    make: MakeBot
    if bots:
        names = check_bots(bots)
        parse_budget(budget)
        make = _named(names, budget)
    else:
        def make_one(seed: int, seat: int) -> Bot:
            return bot(seed)
        make = make_one
    global _JOB
    if games < 1:
        raise ArgumentError("err.simulate.games", value=games)
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if jobs < 1:
        raise ArgumentError("err.simulate.jobs", value=jobs)
    chunks = [(first, min(CHUNK, seed + games - first)) for first in range(seed, seed + games, CHUNK)]
    _JOB = (players, make, options)
    total: _Tally = {"lp": [0] * players, "gold": [0] * players, "wins": [0.0] * players,
             "lich_lp": 0, "lich_wins": 0, "best": None}
    done = 0
    start = time.perf_counter()

    def add(result: tuple[int, _Tally]) -> None:
        nonlocal done
        count, t = result
        for key in ("lp", "gold", "wins"):
            total[key] = [a + b for a, b in zip(total[key], t[key])]
        total["lich_lp"] += t["lich_lp"]
        total["lich_wins"] += t["lich_wins"]
        b = t["best"]
        assert b is not None, "a chunk plays at least one game"
        if total["best"] is None or b[0] > total["best"][0]:     # chunks arrive in seed order
            total["best"] = b
        done += count
        if progress is not None:
            progress(done, games)

    try:
        if jobs == 1 or len(chunks) == 1:
            for first, count in chunks:
                add(_tally(first, count))
        else:
            # fork: the workers inherit _JOB (card sets hold compiled abilities that do not pickle)
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                for result in pool.imap(_tally_chunk, chunks):
                    add(result)
    finally:
        _JOB = None
    elapsed = time.perf_counter() - start
    extra: dict[str, Any] = {}
    if players == 1:
        extra["lich_king"] = {"mean_lp": round(total["lich_lp"] / games, 3),
                              "win_rate": round(total["lich_wins"] / games, 4)}
    best = total["best"]
    assert best is not None, "at least one game was played"
    if names:
        extra["bots"] = [names[k % len(names)] for k in range(players)]
    return extra | {
        "players": players, "games": games, "first_seed": seed, "jobs": jobs,
        "mean_lp": [round(x / games, 3) for x in total["lp"]],
        "mean_gold_left": [round(x / games, 3) for x in total["gold"]],
        "win_rate": [round(x / games, 4) for x in total["wins"]],
        "best_score": {"lp": best[0], "seed": best[1]},
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }
