"""Engine speed: complete random 4-player games per second on one core, and peak memory.

    python benchmarks/bench_engine.py [--games 10000] [--players 4] [--rounds 3] [--events]

Plays ``--games`` games ``--rounds`` times (the same seeds each round) and reports the best
and the median round, since this machine's speed varies from moment to moment; then the
microseconds per decision and the process's peak resident memory (ru_maxrss), which
includes the interpreter itself (about 10 MB).  With the compiled build installed it runs
itself a second time with ``PAPERTALES_PURE=1``, so one command measures both builds; the
games are the same in both (tests/test_fingerprints.py)."""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import papertales
from papertales.bots import RandomBot, play
from papertales.game import Game


def one_round(games, players, events):
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        g = Game.new(players=players, seed=seed, record_events=events)
        play(g, [RandomBot(seed * 10 + k) for k in range(players)])
        decisions += len(g.history)
    return time.process_time() - start, decisions


def measure(args) -> dict:
    times = []
    for _ in range(args.rounds):
        cpu, decisions = one_round(args.games, args.players, args.events)
        times.append(cpu)
    best, median = min(times), statistics.median(times)
    return {
        "build": "compiled" if papertales.compiled else "pure",
        "games": args.games, "players": args.players, "event_log": args.events,
        "rounds": args.rounds,
        "games_per_cpu_second_best": round(args.games / best, 1),
        "games_per_cpu_second_median": round(args.games / median, 1),
        "decisions_per_game": round(decisions / args.games, 1),
        "microseconds_per_decision_best": round(1e6 * best / decisions, 2),
        "microseconds_per_decision_median": round(1e6 * median / decisions, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def bots_and_tournaments(games) -> dict:
    """The bots' speed (ismcts iterations/s, greedy decisions/s: ``bench_bots.speed``) and
    tournament games per second on 1 and 2 processes (greedy vs 3 random), with the ratio."""
    sys.path.insert(0, os.path.dirname(__file__))
    from bench_bots import speed
    from papertales.tournament import run
    out = speed(iterations=100)
    for jobs in (1, 2):
        start = time.perf_counter()
        run("greedy,random,random,random", games=games, seed=1, jobs=jobs, progress=False)
        out[f"tournament_games_per_second_{jobs}_process"] = round(games / (time.perf_counter() - start), 1)
    out["tournament_scaling_2_over_1"] = round(out["tournament_games_per_second_2_process"]
                                               / out["tournament_games_per_second_1_process"], 2)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--events", action="store_true", help="keep the event log (default: off)")
    ap.add_argument("--one", action="store_true", help="only the build that is running")
    ap.add_argument("--tournament-games", type=int, default=200,
                    help="games for the bots' and tournaments' speed (0: skip them)")
    args = ap.parse_args()
    results = [measure(args)]
    if args.tournament_games:
        results[0].update(bots_and_tournaments(args.tournament_games))
    if papertales.compiled and not args.one:
        again = subprocess.run([sys.executable, __file__, *sys.argv[1:], "--one", "--tournament-games",
                                str(args.tournament_games)], check=True,
                               env={**os.environ, "PAPERTALES_PURE": "1"}, capture_output=True, text=True)
        results += json.loads(again.stdout)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
