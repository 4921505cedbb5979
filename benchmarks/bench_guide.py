"""The guided first game and the coach's line, measured (issue: "a guided first game worth
copying").  Nothing here is a test: it prints numbers for docs/teaching.md.

* ``--part line``: the guided deal (``papertales_widgets.guide.SEED``) played by following
  the guide: the decisions of the guided turns (their kinds, a Mystical Healer's choice),
  the CPU seconds of each suggestion, and the game played on to the end by the coach,
  against the same deal with the greedy bot in your seat (the two bots are greedy).
* ``--part deals``: the same comparison over many deals (seat 1 against two greedy bots):
  the coach's final LP minus greedy's in the same deal, with its 95 % interval, and how
  often each wins -- is the line worth copying beyond the one deal?
* ``--part seeds``: deals that meet the guided game's wishes (12-18 decisions in two
  turns, a Healer's choice, a building each turn, a unit dying in an Aging).

Run on the compiled engine for the app's speed:
``.venv-compiled/bin/python -P benchmarks/bench_guide.py --part line``.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time

import papertales
from papertales import Game, coach
from papertales_widgets.guide import MODE, Guide
from papertales_widgets.session import Session

PLAYERS, SEAT, TURNS = 3, 0, 2


def play(seed: int, seat_player: str = "coach", turns: int | None = None) -> tuple[Game, list]:
    """The deal ``seed`` played as the app plays it (a :class:`Session`: 3 players, greedy
    bots seeded as the app seeds them, the bots deciding before you), your seat by the
    guide's suggestions -- or by the greedy bot (``seat_player="greedy"``); ``turns``: stop
    after them.  Returns the game and, per suggestion, ``(turn, kind, CPU seconds)``."""
    bots = {s: "greedy" for s in range(PLAYERS) if s != SEAT or seat_player == "greedy"}
    session = Session(players=PLAYERS, seed=seed, humans=[SEAT])
    guide = Guide(session)
    session.new_game(players=PLAYERS, seed=seed, humans=[] if seat_player == "greedy" else [SEAT], bots=bots,
                     mode=MODE)
    steps = []
    g = session.game
    while not g.is_over and (turns is None or g.turn <= turns):
        if guide.waiting():
            kind = g.pending[SEAT].kind
            t0 = time.process_time()
            coach.hint(g, SEAT, lang="en")
            steps.append((g.turn, kind, time.process_time() - t0))
            guide.follow()
        else:
            session.advance("phase")
        g = session.game
    return g, steps


def outcome(g: Game) -> dict:
    lp = g.players[SEAT].lp
    return {"lp": lp, "win": SEAT in g.winners(), "rank": 1 + sum(p.lp > lp for p in g.players)}


def wishes(g: Game, steps) -> dict:
    """What the guided game asks of a deal (module docstring)."""
    kinds = [k for _, k, _ in steps]
    built = [r.built[SEAT] for r in g.results if type(r).__name__ == "ConstructionResult" and r.turn <= TURNS]
    deaths = [d for r in g.results if type(r).__name__ == "AgingResult" and r.turn <= TURNS for d in r.deaths[SEAT]]
    return {"decisions": len(steps), "healer": "save" in kinds, "built": sum(1 for b in built if b),
            "deaths": len(deaths), "kinds": kinds}


def part_line(seed: int) -> dict:
    guided, steps = play(seed, turns=TURNS)
    coach_game, _ = play(seed)
    greedy_game, _ = play(seed, "greedy")
    cpu = [c for _, _, c in steps]
    return {"seed": seed, **wishes(guided, steps), "step_cpu_s_max": round(max(cpu), 3),
            "step_cpu_s_mean": round(sum(cpu) / len(cpu), 3),
            "coach": outcome(coach_game), "greedy": outcome(greedy_game),
            "scores_coach": coach_game.scores, "scores_greedy": greedy_game.scores}


def part_deals(first: int, n: int) -> dict:
    diffs, wins = [], {"coach": 0, "greedy": 0}
    for seed in range(first, first + n):
        a, _ = play(seed)
        b, _ = play(seed, "greedy")
        diffs.append(a.players[SEAT].lp - b.players[SEAT].lp)
        wins["coach"] += SEAT in a.winners()
        wins["greedy"] += SEAT in b.winners()
    m = sum(diffs) / n
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return {"deals": n, "first_seed": first, "lp_coach_minus_greedy": round(m, 2),
            "interval95": [round(m - h, 2), round(m + h, 2)], "wins": wins}


def part_seeds(first: int, n: int) -> list:
    out = []
    for seed in range(first, first + n):
        g, steps = play(seed, turns=TURNS)
        w = wishes(g, steps)
        if 12 <= w["decisions"] <= 18 and w["healer"] and w["built"] == TURNS and w["deaths"]:
            out.append({"seed": seed, **w})
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=("line", "deals", "seeds"), default="line")
    ap.add_argument("--seed", type=int, default=None, help="the deal (default: the guided game's)")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--deals", type=int, default=40)
    a = ap.parse_args(argv)
    info = {"python": sys.version.split()[0], "machine": platform.machine(),
            "engine": "compiled" if papertales.compiled else "pure", "worlds": coach.WORLDS}
    if a.part == "line":
        if a.seed is None:
            from papertales_widgets.guide import SEED
            a.seed = SEED
        result = part_line(a.seed)
    elif a.part == "deals":
        result = part_deals(a.first, a.deals)
    else:
        result = part_seeds(a.first, a.deals)
    print(json.dumps({"part": a.part, "result": result, "machine": info}, indent=1))


if __name__ == "__main__":
    main()
