"""The strength ladder of the bots (a benchmark and a report, not a test).

    python benchmarks/bench_bots.py [--part all|greedy|ismcts|speed|solo]
                                    [--budget 1s] [--minutes 20] [--jobs 2] [--games 400]
                                    [--solo-games 200] [--solo-budget 30it] [--out ladder.json]

* ``greedy``: ``greedy`` against 3 ``random``, seat-rotated 4-player games (goal: wins >= 0.50);
* ``ismcts``: ``ismcts`` at ``--budget`` per decision against 3 ``greedy``, as many games
  as fit in ``--minutes`` of wall time (goal: wins >= 0.40);
* a rating table (Plackett-Luce, ``openskill``) over every 4-player game played here;
* ``speed``: ismcts iterations per second and greedy decisions per second;
* ``solo``: each bot's win rate against the Lich King at 0-4 Lich King cards with the
  illustrative pack (``--solo-games`` per level; ismcts at ``--solo-budget``).

Every number comes with its 95 % interval (Wilson for win rates).  Games are seeded from
(seed, game index), so a run can be repeated; a budget in seconds depends on the machine.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from papertales import tournament as T


def ci(r):
    low, high = r["win_rate_ci"]
    return f"{r['win_rate']:.3f} [{low:.3f}, {high:.3f}]"


def line(name, r, goal=None):
    extra = f"  goal >= {goal:.2f}: {'met' if r['win_rate'] >= goal else 'NOT met'}" if goal is not None else ""
    print(f"  {name:<8} seats {r['seats']:>5}  win rate {ci(r)}  mean LP {r['mean_lp']:6.2f} "
          f"[{r['mean_lp_ci'][0]:.2f}, {r['mean_lp_ci'][1]:.2f}]{extra}", flush=True)


def timed_games(bots, minutes, jobs, budget, seed, max_games):
    """Play slices of games until ``minutes`` of wall time are used (or ``max_games``)."""
    rows, first = [], 0
    deadline = time.monotonic() + 60 * minutes
    slice_ = max(2, 2 * jobs)
    while first < max_games and time.monotonic() < deadline:
        rows += T.run(bots, games=min(slice_, max_games - first), seed=seed, first=first, jobs=jobs,
                      budget=budget, progress=False)
        first += slice_
        s = T.summary(rows)["bots"]
        print(f"    {first} games: " + ", ".join(f"{k} {ci(v)}" for k, v in s.items()), file=sys.stderr, flush=True)
    return rows


def speed_positions():
    """The positions the search bot's speed is measured on: the first draft and a
    deployment of turn 2, of three seeded 4-player games."""
    from papertales import Game
    from papertales.bots import RandomBot
    positions = []
    for seed in range(3):
        g = Game.new(players=4, seed=seed).advance()
        positions.append(g)
        g2 = Game.new(players=4, seed=seed)
        bots = [RandomBot(k) for k in range(4)]
        while not (g2.turn == 2 and g2.phase == "deployment" and g2.pending_players()):
            if g2.pending_players():
                s = g2.pending_players()[0]
                g2.apply(s, bots[s].choose(g2, s))
            else:
                g2.step()
        positions.append(g2)
    return positions


def speed(budget_iterations=300):
    from papertales import Game
    from papertales.bots import play
    from papertales.greedy import GreedyBot
    from papertales.ismcts import IsmctsBot
    positions = speed_positions()
    bot = IsmctsBot(seed=1, iterations=budget_iterations)
    start = time.perf_counter()
    for g in positions:
        bot.analyse(g, 0)
    its = budget_iterations * len(positions) / (time.perf_counter() - start)
    decisions, start = 0, time.perf_counter()
    for seed in range(10):
        g = Game.new(players=4, seed=seed, record_events=False)
        greedy = [GreedyBot(seed * 10 + k) for k in range(4)]
        count = [0]

        class Counting:
            def __init__(self, b):
                self.b = b

            def choose(self, game, seat):
                count[0] += 1
                return self.b.choose(game, seat)
        play(g, [Counting(b) for b in greedy])
        decisions += count[0]
    dps = decisions / (time.perf_counter() - start)
    return {"ismcts_iterations_per_second": round(its, 1), "greedy_decisions_per_second": round(dps, 1)}


def solo(games, budget, jobs, seed):
    out = {}
    for cards in range(5):
        out[cards] = {}
        for bot in ("random", "greedy", "ismcts"):
            n = games if bot != "ismcts" else max(10, games // 4)
            rows = T.run([bot], games=n, seed=seed + cards, players=1, jobs=jobs, budget=budget,
                         progress=False, lich_king_cards=cards)
            r = T.summary(rows)["bots"][bot]
            out[cards][bot] = r
            print(f"  {cards} Lich King cards, {bot:<7} ({n} games): win rate {ci(r)}, mean LP {r['mean_lp']:.2f}, "
                  f"Lich King mean LP {T.summary(rows)['lich_king']['mean_lp']:.2f}", flush=True)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", default="all", choices=("all", "greedy", "ismcts", "speed", "solo"))
    ap.add_argument("--budget", default="1s", help="ismcts budget per decision (1s, 0.2s, 200it)")
    ap.add_argument("--minutes", type=float, default=20.0, help="wall time for the ismcts games")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--games", type=int, default=400, help="greedy vs 3 random games")
    ap.add_argument("--max-ismcts-games", type=int, default=2000)
    ap.add_argument("--solo-games", type=int, default=200)
    ap.add_argument("--solo-budget", default="30it")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", default=None, help="also write the numbers as JSON")
    args = ap.parse_args()
    report = {"args": vars(args)}
    every = []
    if args.part in ("all", "greedy"):
        print(f"greedy vs 3 random, {args.games} seat-rotated 4-player games:", flush=True)
        rows = T.run(["greedy", "random", "random", "random"], games=args.games, seed=args.seed,
                     jobs=args.jobs, progress=False)
        s = T.summary(rows)["bots"]
        line("greedy", s["greedy"], 0.5)
        line("random", s["random"])
        report["greedy_vs_random"] = s
        every += rows
    if args.part in ("all", "ismcts"):
        print(f"ismcts ({args.budget} per decision) vs 3 greedy, up to {args.minutes} minutes:", flush=True)
        start = time.monotonic()
        rows = timed_games(["ismcts", "greedy", "greedy", "greedy"], args.minutes, args.jobs, args.budget,
                           args.seed + 1, args.max_ismcts_games)
        s = T.summary(rows)
        print(f"  {s['games']} games in {time.monotonic() - start:.0f} s", flush=True)
        line("ismcts", s["bots"]["ismcts"], 0.4)
        line("greedy", s["bots"]["greedy"])
        report["ismcts_vs_greedy"] = s
        offset = 1 + max((r["game"] for r in every), default=-1)
        every += [{**r, "game": r["game"] + offset} for r in rows]
    if every:
        print("ratings over every 4-player game above (Plackett-Luce, ordinal = mu - 3 sigma):", flush=True)
        rated = T.ratings(every)
        for name, r in sorted(rated.items(), key=lambda kv: -kv[1]["ordinal"]):
            print(f"  {name:<8} mu {r['mu']:6.2f}  sigma {r['sigma']:5.2f}  ordinal {r['ordinal']:6.2f}", flush=True)
        report["ratings"] = rated
    if args.part in ("all", "speed"):
        sp = speed()
        print(f"speed: ismcts {sp['ismcts_iterations_per_second']} iterations/s, "
              f"greedy {sp['greedy_decisions_per_second']} decisions/s", flush=True)
        report["speed"] = sp
    if args.part in ("all", "solo"):
        print(f"solo against the Lich King (illustrative pack), {args.solo_games} games per bot and level "
              f"(ismcts: a quarter, at {args.solo_budget}):", flush=True)
        report["solo"] = solo(args.solo_games, args.solo_budget, args.jobs, args.seed + 7)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
