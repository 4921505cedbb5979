"""What a learner reads from the coach, measured (the goals of "the coach teaches").

Nothing here is a test: it prints numbers for docs/teaching.md (games, seeds and the
machine are printed with them).

* ``--part reasons``: the reasons of the guided line's hints and of the reviews of games
  whose seat 1 is played by another player (the greedy bot, the random bot): how many add
  up to the LP shown (the parts shown, each to a tenth, against the difference to a tenth,
  within 0.1), how many name a card, a neighbour or a building (in the parts or in the
  two options' words; and in the parts alone), and how many say "about equal".
* ``--part steady``: a seat that always plays the coach's suggestion (3 players, two greedy
  bots): the review's plotted chance to win after each decision, and the mean jump between
  consecutive decisions of one phase of one turn (the draft's picks), with how many jumps
  stay within the plotted band; and how many of those decisions the review calls anything
  but fine.
* ``--part speed``: CPU seconds of a hint and of a whole 3-player review.

The chances are read as the app reads them, told who plays each seat (:data:`TABLE`;
``--speed-table human,random,random`` times the app's own table, where the chance is read
to the game's end).

Run on the compiled engine for the app's speed:
``.venv-compiled/bin/python -P benchmarks/bench_coach.py --part all``.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import papertales
from papertales import Game, coach, judgement
from papertales.registry import get

NAMED = ("war", "ability", "building", "play", "kept", "hand")
#: who plays each seat of these games, as the app tells the coach: a person in seat 0 (the
#: seat reviewed), greedy bots in the others
TABLE = ("human", "greedy", "greedy")


def names_something(game, why) -> bool:
    """Does the reason name a card, a neighbour or a building (a named part, or the
    options' own words naming a card or a building)?"""
    if why.names_something:
        return True
    cards = [c.name for c in game.cards.units] + [b.name for b in game.buildings]
    words = why.better + " " + why.worse
    return any(name in words for name in cards)


def adds_up(why) -> bool:
    return abs(sum(v for v, _, _ in why.parts) - round(why.lp, 1)) <= 0.1 + 1e-9


def played_game(seed: int, seat_bot: str, seat: int = 0, others: Sequence[str] = ("greedy",) * 3) -> Game:
    """3 players, seat ``seat`` by ``seat_bot``, each other seat ``s`` by ``others[s]``."""
    g = Game.new(players=3, seed=seed)
    bots = {s: get(seat_bot if s == seat else others[s], seed * 1000 + s + 1) for s in range(3)}
    while not g.is_over:
        if not any(g.pending):
            g.advance()
            continue
        s = next(s for s, d in enumerate(g.pending) if d is not None)
        g.apply(s, bots[s].choose(g, s))
    return g


def coach_game(seed: int, seat: int = 0) -> tuple[Game, list]:
    """3 players, seat ``seat`` always playing the coach's suggestion, the others greedy;
    with the hints it followed."""
    g = Game.new(players=3, seed=seed)
    bots = {s: get("greedy", seed * 1000 + s + 1) for s in range(3)}
    hints = []
    while not g.is_over:
        if not any(g.pending):
            g.advance()
            continue
        s = next(s for s, d in enumerate(g.pending) if d is not None)
        if s == seat:
            h = coach.hint(g, s, lang="en")
            hints.append((g.clone(), h))
            for a in h.best.plan:
                g.apply(s, a)
        else:
            g.apply(s, bots[s].choose(g, s))
    return g, hints


def part_reasons(review_games: int, lang: str) -> dict:
    sys.path.insert(0, str(Path(__file__).resolve().parent))     # python -P leaves the script's folder out
    from bench_guide import play                  # the guided line as the app plays it
    from papertales_widgets.guide import SEED, TURNS
    whys = []
    line, _ = play(SEED, turns=TURNS)
    for index, _plan in coach.decisions(line, 0):
        g = coach.replay(line, index)
        if g.turn <= TURNS:
            whys += [(g, o.why) for o in coach.hint(g, 0, lang=lang).options if o.why is not None]
    guided = len(whys)
    reviewed = 0
    for i in range(review_games):
        bot = ("greedy", "random")[i % 2]
        g = played_game(100 + i, bot)
        for r in coach.review(g, 0, lang=lang):
            if r.why is not None:
                whys.append((g, r.why))
            reviewed += not r.forced
    add = sum(adds_up(w) for _, w in whys)
    named = sum(names_something(g, w) for g, w in whys)
    parts = sum(w.names_something for _, w in whys)
    equal = sum(w.equal for _, w in whys)
    return {"reasons": len(whys), "from_guided_hints": guided, "review_decisions": reviewed,
            "review_games": review_games, "add_up": add, "add_up_share": round(add / len(whys), 3),
            "name_something": named, "name_share": round(named / len(whys), 3),
            "a_part_names_something": parts, "part_name_share": round(parts / len(whys), 3),
            "about_equal": equal, "lang": lang}


def part_steady(seeds) -> dict:
    jumps, within, not_fine, decisions = [], 0, 0, 0
    per_seed = {}
    for seed in seeds:
        g, _ = coach_game(seed)
        rows = coach.review(g, 0, lang="en", players=TABLE)
        not_fine += sum(r.verdict != "fine" for r in rows)
        decisions += sum(not r.forced for r in rows)
        mine = []
        for a, b in zip(rows, rows[1:]):
            if (a.turn, a.phase) == (b.turn, b.phase) and a.win_after is not None and b.win_after is not None:
                j = abs(b.win_after - a.win_after)
                mine.append(j)
                within += b.win_after_low <= a.win_after <= b.win_after_high
        jumps += mine
        per_seed[seed] = {"jumps": len(mine), "mean_jump_points": round(100 * sum(mine) / max(len(mine), 1), 2),
                          "max_jump_points": round(100 * max(mine, default=0), 1),
                          "chance_after": [round(100 * r.win_after, 1) for r in rows if r.win_after is not None]}
    return {"seeds": list(seeds), "jumps": len(jumps), "mean_jump_points": round(100 * sum(jumps) / len(jumps), 2),
            "within_band": within, "not_fine": not_fine, "decisions": decisions, "per_seed": per_seed}


def part_speed(seeds, table=TABLE) -> dict:
    hints, reviews = [], []
    for seed in seeds:
        g = played_game(seed, "greedy", others=[p if p != "human" else "greedy" for p in table])
        judgement._cache.clear()
        t = time.process_time()
        rows = coach.review(g, 0, lang="en", players=table)
        reviews.append({"seed": seed, "decisions": len(rows), "cpu_s": round(time.process_time() - t, 2)})
        judgement._cache.clear()
        for r in rows[::4]:
            pos = coach.replay(g, r.index)
            t = time.process_time()
            coach.hint(pos, 0, lang="en", players=table)
            hints.append(time.process_time() - t)
    return {"table": list(table), "hint_cpu_s_mean": round(sum(hints) / len(hints), 3),
            "hint_cpu_s_max": round(max(hints), 3), "hints": len(hints), "reviews": reviews}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=("reasons", "steady", "speed", "all"), default="all")
    ap.add_argument("--review-games", type=int, default=8)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--steady-seeds", default="3,8", help="the deals of --part steady (comma-separated; "
                    "docs/teaching.md also reports 3,8,11,12,13,14,15,16)")
    ap.add_argument("--speed-table", default=",".join(TABLE),
                    help="who plays each seat in --part speed (registry names, human for a person)")
    a = ap.parse_args(argv)
    out = {"machine": {"python": sys.version.split()[0], "machine": platform.machine(),
                       "engine": "compiled" if papertales.compiled else "pure", "worlds": coach.WORLDS}}
    if a.part in ("reasons", "all"):
        out["reasons"] = part_reasons(a.review_games, a.lang)
        print(json.dumps(out["reasons"]), flush=True)
    if a.part in ("steady", "all"):
        out["steady"] = part_steady(tuple(int(x) for x in a.steady_seeds.split(",")))
        print(json.dumps({k: v for k, v in out["steady"].items() if k != "per_seed"}), flush=True)
    if a.part in ("speed", "all"):
        out["speed"] = part_speed((3, 8), tuple(a.speed_table.split(",")))
        print(json.dumps(out["speed"]), flush=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
