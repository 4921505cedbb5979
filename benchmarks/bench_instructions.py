"""Machine instructions per random 4-player game, counted by valgrind (cachegrind).

    python benchmarks/bench_instructions.py [--games 200] [--players 4]

Why?  This project's machine is shared and its timer varies by ±10% from one minute to
the next, so a 2% speed-up cannot be seen in games per second.  The number of instructions
is the same on every run: it compares two versions of the engine exactly (it is not a
speed; a cache miss costs more than an instruction).  Runs the games once and zero games
once under valgrind and prints the difference per game, for the build that is running
(``PAPERTALES_PURE=1`` for the pure one).  Needs ``valgrind`` (Debian: ``apt-get install
valgrind``); slow, about 50 times the normal run."""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

PLAY = """
import sys
from papertales.bots import RandomBot, play
from papertales.game import Game
players = int(sys.argv[2])
for seed in range(int(sys.argv[1])):
    g = Game.new(players=players, seed=seed, record_events=False)
    play(g, [RandomBot(seed * 10 + k) for k in range(players)])
"""


def instructions(games: int, players: int) -> int:
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", PLAY, str(games), str(players)],
        capture_output=True, text=True, check=True, env=os.environ.copy())
    match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if match is None:
        raise SystemExit("bench_instructions: valgrind printed no instruction count:\n" + out.stderr[-2000:])
    return int(match.group(1).replace(",", ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench_instructions: valgrind is not installed (Debian: apt-get install valgrind)")
    import papertales
    per_game = (instructions(args.games, args.players) - instructions(0, args.players)) / args.games
    print(json.dumps({"build": "compiled" if papertales.compiled else "pure", "games": args.games,
                      "players": args.players, "instructions_per_game": round(per_game)}, indent=2))


if __name__ == "__main__":
    main()
