"""Machine instructions per game of random bots, per greedy decision or per search
iteration, counted by valgrind (cachegrind).

    python benchmarks/bench_instructions.py [--bot random|greedy|ismcts] [--games N]
                                            [--players 4] [--iterations 100]

Why?  This project's machine is shared and its timer varies by ±10% from one minute to
the next, so a 2% speed-up cannot be seen in games per second.  The number of instructions
is the same on every run: it compares two versions of the engine exactly (it is not a
speed; a cache miss costs more than an instruction).  Runs the work once and an empty
run once under valgrind and prints the difference per unit, for the build that is running
(``PAPERTALES_PURE=1`` for the pure one):

* ``random`` (default): complete games of random bots (``--games``, default 200), per game;
* ``greedy``: complete games of greedy bots (``--games``, default 10), per game and per
  decision;
* ``ismcts``: the search bot's analysis of the six positions of ``bench_bots.speed``
  (``--iterations`` each, default 100), per iteration.

Needs ``valgrind`` (Debian: ``apt-get install valgrind``); slow, about 50 times the normal run."""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

# the work measured: argv = bot, games (or iterations per position), players; prints the
# number of decisions (games) or iterations (search) it made
WORK = """
import sys
from papertales.bots import RandomBot, play
from papertales.game import Game
bot, count, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if bot == "ismcts":
    sys.path.insert(0, sys.argv[4])
    from bench_bots import speed_positions
    from papertales.ismcts import IsmctsBot
    positions = speed_positions()
    search = IsmctsBot(seed=1, iterations=max(count, 1))     # count 0: the empty run, nothing searched
    for g in positions if count else ():
        search.analyse(g, 0)
    print(count * len(positions))
else:
    from papertales.greedy import GreedyBot
    make = GreedyBot if bot == "greedy" else RandomBot
    decisions = 0
    for seed in range(count):
        g = Game.new(players=players, seed=seed, record_events=False)
        play(g, [make(seed * 10 + k) for k in range(players)])
        decisions += len(g.history)
    print(decisions)
"""


def instructions(bot: str, count: int, players: int) -> tuple[int, int]:
    """Instructions of the work and the decisions or iterations it made."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         # -P as the parent: run from a checkout, "-c" would import the checkout's pure engine
         sys.executable, *(["-P"] if sys.flags.safe_path else []), "-c", WORK, bot, str(count), str(players), os.path.dirname(os.path.abspath(__file__))],
        # string hashes fixed, so that sets and dicts are laid out alike on every run
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if match is None:
        raise SystemExit("bench_instructions: valgrind printed no instruction count:\n" + out.stderr[-2000:])
    return int(match.group(1).replace(",", "")), int(out.stdout.split()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", default="random", choices=("random", "greedy", "ismcts"))
    ap.add_argument("--games", type=int, default=None, help="games (default 200 random, 10 greedy)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=100, help="ismcts: iterations per position")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench_instructions: valgrind is not installed (Debian: apt-get install valgrind)")
    import papertales
    report = {"build": "compiled" if papertales.compiled else "pure", "bot": args.bot}
    if args.bot == "ismcts":
        work, iterations = instructions("ismcts", args.iterations, 4)
        report.update(iterations=iterations,
                      instructions_per_iteration=round((work - instructions("ismcts", 0, 4)[0]) / iterations))
    else:
        games = args.games if args.games is not None else (10 if args.bot == "greedy" else 200)
        work, decisions = instructions(args.bot, games, args.players)
        extra = work - instructions(args.bot, 0, args.players)[0]
        report.update(games=games, players=args.players, decisions=decisions,
                      instructions_per_game=round(extra / games),
                      instructions_per_decision=round(extra / decisions))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
