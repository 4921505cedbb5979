"""The ``papertales`` command: play, explain what-if positions, simulate.

Bad input gives one clear line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys

from .cards import BUILTIN_PACKS, load_pack
from .errors import PaperTalesError
from .expansion import EXPANSIONS
from .solo import LICH

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
    if not 1 <= n <= 7:
        raise argparse.ArgumentTypeError(f"players must be from 2 to 5 (up to 7 with the expansion), got {n}")
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

    def game_options(cmd):
        cmd.add_argument("--players", type=_players, default=None,
                         help="2 to 5 players (6 or 7 with --expansion beyond-the-gates)")
        cmd.add_argument("--solo", action="store_true", help="one player against the Lich King")
        cmd.add_argument("--lich-king-cards", type=int, default=0, metavar="N",
                         help="solo difficulty: 0 to 4 Lich King cards")
        cmd.add_argument("--pack", action="append", default=[], metavar="FILE",
                         help="add a card pack (JSON file or built-in pack id); repeatable")
        cmd.add_argument("--expansion", choices=EXPANSIONS, default=None,
                         help="Beyond the Gates: building tiles, 6 and 7 players")

    play = sub.add_parser("play", help="a full game between random bots, with the log of causes")
    game_options(play)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--json", action="store_true", help="print a JSON summary instead of the log")

    w = sub.add_parser("whatif", help="explain a position (strength, wars, income, construction, aging)")
    w.add_argument("position", help="position JSON file (docs/whatif-positions.md)")
    w.add_argument("--phase", choices=("wars", "income", "construction", "aging"),
                   help="only this phase (default: all)")

    s = sub.add_parser("simulate", help="many games between random bots: mean LP, win rates, speed")
    game_options(s)
    s.add_argument("--games", type=_positive, default=1000)
    s.add_argument("--jobs", type=int, default=1, help="worker processes (0: one per core); same results")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    lab = sub.add_parser("lab", help="strategy lab: card report, advice on a decision")
    lab_sub = lab.add_subparsers(dest="lab_command", required=True, parser_class=_Parser)
    cr = lab_sub.add_parser("cards", help="which cards go with high scores, over many bot games")
    game_options(cr)
    cr.add_argument("--games", type=_positive, default=300)
    cr.add_argument("--seed", type=int, default=1)
    cr.add_argument("--json", action="store_true")
    adv = lab_sub.add_parser("advise", help="rank the first draft picks of seat 1 in a seeded game")
    game_options(adv)
    adv.add_argument("--seed", type=int, default=0)
    adv.add_argument("--rollouts", type=_positive, default=40)
    adv.add_argument("--json", action="store_true")

    pk = sub.add_parser("pack", help="card packs")
    pk_sub = pk.add_subparsers(dest="pack_command", required=True, parser_class=_Parser)
    check = pk_sub.add_parser("check", help="validate a pack file and summarise it")
    check.add_argument("file")
    return p


def _game_options(args):
    """Turn --players/--solo/--pack/--expansion into Game.new keyword arguments."""
    from .cards import card_set
    packs = list(args.pack)
    if args.solo:
        if args.players not in (None, 1):
            raise _BadInput("--solo is a one-player game; leave out --players")
        players = 1
        from .cards import builtin_pack
        loaded = [p if p in BUILTIN_PACKS else load_pack(p) for p in packs]
        if not any((builtin_pack(p) if isinstance(p, str) else p)["necropolis"] for p in loaded):
            packs.append("lich-king-illustrative")
    else:
        players = 4 if args.players is None else args.players
        if players == 1:
            raise _BadInput("a one-player game is the solo mode: use --solo")
        if args.lich_king_cards:
            raise _BadInput("--lich-king-cards only makes sense with --solo")
    if players > 5 and args.expansion is None:
        raise _BadInput(f"{players} players need --expansion beyond-the-gates (it brings the 6th and 7th seats)")
    opts = {"players": players, "expansion": args.expansion}
    if players == 1:
        opts["lich_king_cards"] = args.lich_king_cards
    if packs:
        opts["cards"] = card_set(*packs)
    return opts


def _cmd_play(args, out):
    from .bots import random_game
    g = random_game(seed=args.seed, **_game_options(args))
    names = g.names
    lich = g.lich
    winners = [names[s] for s in g.winners()] or (["Lich King"] if lich else [])
    if args.json:
        summary = {"seed": args.seed, "players": g.n, "names": names, "scores": g.scores,
                   "gold": [p.gold for p in g.players], "winners": winners,
                   "buildings": [b.id for b in g.buildings], "packs": list(g.cards.pack_ids),
                   "lp_by_cause": [_by_cause(g, s) for s in range(g.n)]}
        if lich:
            summary["lich_king"] = {"lp": lich.lp, "lp_by_cause": _by_cause(g, LICH),
                                    "necropolis": [c.name for c in lich.line],
                                    "cards": [c.name for c in lich.cards]}
        out.write(json.dumps(summary, indent=2) + "\n")
        return
    _note_packs(g, out)
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
    if lich:
        causes = ", ".join(f"{c} {v:+d}" for c, v in _by_cause(g, LICH).items())
        out.write(f"Lich King: {lich.lp} LP  [{causes}]\n")
    out.write("Winner: " + " and ".join(winners) + "\n")


def _note_packs(g, out):
    for p in g.cards.packs:
        if p["illustrative"]:
            out.write(f"Note: pack '{p['id']}' is ILLUSTRATIVE, not the printed cards.\n")
    if g.options["expansion"]:
        out.write("Buildings: " + ", ".join(b.name for b in g.buildings) + "\n")
    if g.lich:
        out.write("Necropolis line: " + ", ".join(f"{c.pile}: {c.name}" for c in g.lich.line)
                  + ("; Lich King cards: " + ", ".join(c.name for c in g.lich.cards) if g.lich.cards else "") + "\n")


def _cmd_pack(args, out):
    pack = load_pack(args.file)
    out.write(f"{args.file}: pack '{pack['id']}' is valid"
              + (" (illustrative)" if pack["illustrative"] else "") + "\n")
    for key, label in (("units", "units"), ("buildings", "buildings"), ("necropolis", "Necropolis cards"),
                       ("lich_king_cards", "Lich King cards")):
        items = pack[key]
        if items:
            out.write(f"  {len(items)} {label}: {', '.join(c.name for c in items)}\n")
    copies = sum(u.copies for u in pack["units"])
    if copies:
        out.write(f"  {copies} unit cards in all\n")
    if pack["incomplete"]:
        out.write(f"  {len(pack['incomplete'])} known but not playable (values missing): "
                  + ", ".join(e["name"] for e in pack["incomplete"]) + "\n")


def _cmd_lab(args, out):
    from . import lab
    opts = _game_options(args)
    if args.lab_command == "cards":
        rows = lab.card_report(games=args.games, seed=args.seed, **opts)
        if args.json:
            out.write(json.dumps(rows, indent=2) + "\n")
            return
        out.write(f"{'card':<18}{'revealed':>9}{'LP with':>9}{'without':>9}{'diff':>7}{'win% with':>11}\n")
        for r in rows:
            out.write(f"{r['card']:<18}{r['revealed']:>9}{r['mean_lp_with']:>9.2f}{r['mean_lp_without']:>9.2f}"
                      f"{r['lp_difference']:>+7.2f}{100 * r['win_rate_with']:>10.1f}%\n")
        return
    from .game import Game
    g = Game.new(seed=args.seed, **opts).advance()
    rows = lab.advise(g, 0, rollouts=args.rollouts, seed=args.seed)
    if args.json:
        out.write(json.dumps([{k: v for k, v in r.items() if k != "action"} for r in rows], indent=2) + "\n")
        return
    out.write(f"{g.players[0].name}'s first pick, {args.rollouts} random continuations each:\n")
    for r in rows:
        out.write(f"  {r['text']:<28} mean {r['mean_lp']:6.2f} LP, wins {100 * r['win_rate']:5.1f}%\n")


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

    if args.jobs < 0:
        raise _BadInput(f"--jobs must be 0 (one per core) or more, got {args.jobs}")
    r = simulate(games=args.games, seed=args.seed, progress=progress, jobs=args.jobs, **_game_options(args))
    if args.json:
        out.write(json.dumps(r, indent=2) + "\n")
        return
    out.write(f"{r['games']} games, {r['players']} players, seeds {args.seed}..{args.seed + r['games'] - 1}\n")
    for k in range(r["players"]):
        out.write(f"  seat {k + 1}: mean {r['mean_lp'][k]:6.2f} LP, wins {100 * r['win_rate'][k]:5.1f}%\n")
    if "lich_king" in r:
        lk = r["lich_king"]
        out.write(f"  Lich King: mean {lk['mean_lp']:6.2f} LP, wins {100 * lk['win_rate']:5.1f}%\n")
    out.write(f"best score {r['best_score']['lp']} LP (seed {r['best_score']['seed']})\n")
    out.write(f"{r['games_per_second']} games/s ({r['seconds']} s, {r['jobs']} process{'es' if r['jobs'] > 1 else ''})\n")


def main(argv=None, out=None) -> int:
    out = out or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        {"play": _cmd_play, "whatif": _cmd_whatif, "simulate": _cmd_simulate,
         "pack": _cmd_pack, "lab": _cmd_lab}[args.command](args, out)
    except BrokenPipeError:                  # e.g. piped into `head`
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (_BadInput, PaperTalesError, ValueError, OSError) as exc:
        sys.stderr.write(f"papertales: error: {exc}\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        sys.stderr.write("papertales: interrupted\n")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
