"""The ``papertales`` command: play, explain what-if positions, simulate.

Bad input gives one clear line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import PaperTalesError

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):            # one line, exit 2
        raise _BadInput(f"{message} (see '{self.prog} --help')")


class _BadInput(Exception):
    pass


def _players(text):
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"players must be a number from 2 to 5, got {text!r}") from None
    if not 2 <= n <= 5:
        raise argparse.ArgumentTypeError(f"players must be from 2 to 5, got {n}")
    return n


def _positive(text):
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {n}")
    return n


def build_parser():
    p = _Parser(prog="papertales", description="Paper Tales Lab: rules engine, what-if positions, simulations.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    play = sub.add_parser("play", help="a full game between random bots, with the log of causes")
    play.add_argument("--players", type=_players, default=4)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--json", action="store_true", help="print a JSON summary instead of the log")

    w = sub.add_parser("whatif", help="explain a position (strength, wars, income, construction, aging)")
    w.add_argument("position", help="position JSON file (docs/whatif-positions.md)")
    w.add_argument("--phase", choices=("wars", "income", "construction", "aging"),
                   help="only this phase (default: all)")

    s = sub.add_parser("simulate", help="many games between random bots: mean LP, win rates, speed")
    s.add_argument("--players", type=_players, default=4)
    s.add_argument("--games", type=_positive, default=1000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    return p


def _cmd_play(args, out):
    from .bots import random_game
    g = random_game(players=args.players, seed=args.seed)
    names = g.names
    if args.json:
        summary = {"seed": args.seed, "players": args.players, "names": names, "scores": g.scores,
                   "gold": [p.gold for p in g.players], "winners": [names[s] for s in g.winners()],
                   "lp_by_cause": [_by_cause(g, s) for s in range(g.n)]}
        out.write(json.dumps(summary, indent=2) + "\n")
        return
    turn, phase = None, None
    for e in g.events:
        if (e.turn, e.phase) != (turn, phase):
            turn, phase = e.turn, e.phase
            out.write(f"\n== Turn {turn} - {phase} ==\n")
        out.write(e.describe(names) + "\n")
    out.write("\n== Final scores ==\n")
    for s, p in enumerate(g.players):
        causes = ", ".join(f"{c} {v:+d}" for c, v in _by_cause(g, s).items())
        out.write(f"{p.name}: {p.lp} LP, {p.gold} gold  [{causes}]\n")
    out.write("Winner: " + " and ".join(names[s] for s in g.winners()) + "\n")


def _by_cause(g, seat):
    from .events import totals
    return totals(g.events, seat)


def _cmd_whatif(args, out):
    from .whatif import EVALUATED, evaluate, load_position
    game = load_position(args.position)
    phases = (args.phase,) if args.phase else EVALUATED
    out.write(json.dumps(evaluate(game, phases), indent=2, ensure_ascii=False) + "\n")


def _cmd_simulate(args, out):
    from .simulate import simulate
    err = sys.stderr
    tty = err.isatty()
    tick = max(1, args.games // (100 if tty else 10))

    def progress(done, total):
        if done % tick == 0 or done == total:
            width = 30
            filled = width * done // total
            err.write(f"{chr(13) if tty else ''}[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
            if done == total or not tty:
                err.write("\n")
            err.flush()

    r = simulate(players=args.players, games=args.games, seed=args.seed, progress=progress)
    if args.json:
        out.write(json.dumps(r, indent=2) + "\n")
        return
    out.write(f"{r['games']} games, {r['players']} players, seeds {args.seed}..{args.seed + r['games'] - 1}\n")
    for k in range(r["players"]):
        out.write(f"  seat {k + 1}: mean {r['mean_lp'][k]:6.2f} LP, wins {100 * r['win_rate'][k]:5.1f}%\n")
    out.write(f"best score {r['best_score']['lp']} LP (seed {r['best_score']['seed']})\n")
    out.write(f"{r['games_per_second']} games/s ({r['seconds']} s)\n")


def main(argv=None, out=None) -> int:
    out = out or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        {"play": _cmd_play, "whatif": _cmd_whatif, "simulate": _cmd_simulate}[args.command](args, out)
    except (_BadInput, PaperTalesError, ValueError, OSError) as exc:
        sys.stderr.write(f"papertales: error: {exc}\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        sys.stderr.write("papertales: interrupted\n")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
