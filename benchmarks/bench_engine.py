"""Engine speed: complete random 4-player games per second on one core, and peak memory.

    python benchmarks/bench_engine.py [--games 10000] [--players 4] [--events]

Reports games/s, microseconds per decision and the process's peak resident memory
(ru_maxrss), which covers the interpreter itself (~10 MB)."""

import argparse
import json
import resource
import time

from papertales.bots import RandomBot, play
from papertales.game import Game


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--events", action="store_true", help="keep the event log (default: off)")
    args = ap.parse_args()
    decisions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for seed in range(args.games):
        g = Game.new(players=args.players, seed=seed, record_events=args.events)
        play(g, [RandomBot(seed * 10 + k) for k in range(args.players)])
        decisions += len(g.history)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({
        "games": args.games, "players": args.players, "event_log": args.events,
        "games_per_second": round(args.games / elapsed, 1),
        "games_per_cpu_second": round(args.games / cpu, 1),
        "decisions_per_game": round(decisions / args.games, 1),
        "microseconds_per_decision": round(1e6 * elapsed / decisions, 2),
        "peak_rss_mb": round(peak_mb, 1),
    }, indent=2))


if __name__ == "__main__":
    main()
