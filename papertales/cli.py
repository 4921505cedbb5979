"""The ``papertales`` command: play, explain what-if positions, simulate.

Every word it prints comes from the message catalogue (``papertales/i18n.py``, keys
``cli.*`` in ``papertales/locales/<lang>/cli.json``), in the language of ``--lang``
(default: the environment's locale, English otherwise).  JSON output keeps its keys in
English (they are an interface); only the texts meant for people follow the language.

Bad input gives one clear line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from importlib.metadata import EntryPoint, entry_points
from typing import Any, NoReturn, TextIO

from . import cardstats, fitting, i18n, lab, registry, tournament
from .cards import BASE, BUILTIN_PACKS, BuildingType, UnitType, builtin_pack, card_set, load_pack
from .errors import PaperTalesError
from .expansion import EXPANSIONS
from .i18n import LANGUAGES, card_name, get_language, set_language, t
from .solo import LICH
from . import variants
from .budget import parse_budget
from .necropolis import LichKingCard, NecropolisCard
from .registry import Bot
from .tournament import make_bot
from .events import LICH_SEAT, cause_label, seat_name, totals
from .bots import play
from .game import Game
from .extras import require
from .files import os_reason
from .position import load_position
from .whatif import evaluate
from .simulate import simulate

PROG = "papertales"
#: the commands of this package; other packages register theirs (entry points of the group
#: ``papertales.commands``: ``papertales legacy`` is Kingdom Legacy's, ``papertales app`` the
#: panels', see pyproject.toml)
COMMANDS = ("play", "whatif", "simulate", "pack", "tournament", "lab", "-h", "--help")
COMMAND_GROUP = "papertales.commands"
EXIT_BAD_INPUT = 2


def _help(key: str, **params: object) -> str:
    """A help text for argparse, which treats ``%`` as a format character."""
    return t(key, None, **params).replace("%", "%%")


class _Formatter(argparse.HelpFormatter):
    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, t("cli.usage") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse with its own words (usage, section titles, errors) from the catalogue."""

    def __init__(self, *args: Any, add_help: bool = True, formatter_class: type[argparse.HelpFormatter] = _Formatter,
                 **kwargs: Any) -> None:      # argparse.ArgumentParser's arguments
        kwargs.update(add_help=False, formatter_class=formatter_class)
        super().__init__(*args, **kwargs)
        self._positionals.title = t("cli.section.positionals")
        self._optionals.title = t("cli.section.options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_help("cli.help.help"))

    def error(self, message: str) -> NoReturn:            # one line, exit 2
        raise _BadInput(t("cli.error.see_help", message=_argparse_message(message), prog=self.prog))


class _BadInput(Exception):
    pass


# argparse's own messages (English, from its gettext domain) -> catalogue keys
_ARGPARSE_MESSAGES = (
    (re.compile(r"the following arguments are required: (?P<names>.*)", re.S), "cli.error.required"),
    (re.compile(r"invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)", re.S), "cli.error.invalid_choice"),
    (re.compile(r"unrecognized arguments: (?P<args>.*)", re.S), "cli.error.unrecognized"),
    (re.compile(r"expected one argument"), "cli.error.expected_one"),
    (re.compile(r"invalid int value: (?P<value>.*)", re.S), "cli.error.whole_number"),
    (re.compile(r"invalid \S+ value: (?P<value>.*)", re.S), "cli.error.invalid_value"),
    (re.compile(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)", re.S), "cli.error.ambiguous"),
)
_ARGUMENT = re.compile(r"argument (?P<name>.+?): (?P<message>.*)", re.S)


def _argparse_message(message: str) -> str:
    m = _ARGUMENT.fullmatch(message)
    if m:
        return t("cli.error.argument", name=m["name"], message=_argparse_message(m["message"]))
    for pattern, key in _ARGPARSE_MESSAGES:
        m = pattern.fullmatch(message)
        if m:
            return t(key, **m.groupdict()) if m.groupdict() else t(key)
    return message                      # already ours (an ArgumentTypeError from the catalogue)


def _language(text: str) -> str:
    if text not in LANGUAGES:
        raise argparse.ArgumentTypeError(t("cli.error.language", value=repr(text), allowed=", ".join(LANGUAGES)))
    return text


def _requested_language(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` before any ``--`` (read before parsing, so that
    every message of the run, parse errors included, is in that language)."""
    lang = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif word.startswith("--lang="):
            lang = word[len("--lang="):]
    return lang


def _players(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.error.players", value=repr(text))) from None
    if not 1 <= n <= 7:
        raise argparse.ArgumentTypeError(t("cli.error.players", value=n))
    return n


#: the most games one command plays (a million random games take some 15 minutes) and processes
MOST_GAMES, MOST_JOBS = 1_000_000, 256


def _count(most: int) -> Callable[[str], int]:
    """A whole number from 1 to ``most`` (--games, --jobs): a mistyped 10**20 games would
    never end, and their task list would fill the memory."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(t("cli.error.whole_number", value=repr(text))) from None
        if not 1 <= n <= most:
            raise argparse.ArgumentTypeError(t("cli.error.count", n=n, most=f"{most:,}"))
        return n
    return parse


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.error.whole_number", value=repr(text))) from None


def _lich_king_cards(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = None
    if n is None or not 0 <= n <= 4:
        raise argparse.ArgumentTypeError(t("cli.error.lich_king_cards", value=repr(text) if n is None else n))
    return n


def _bots(text: str) -> list[str]:
    """``--bots random,greedy``: names from :func:`papertales.registry.names`."""
    allowed = registry.names()
    chosen = [n.strip() for n in str(text).split(",")]
    bad = [n for n in chosen if n not in allowed]
    if bad or not chosen:
        raise argparse.ArgumentTypeError(t("cli.error.bots", value=", ".join(map(repr, bad)) or repr(text),
                                           allowed=", ".join(allowed)))
    return chosen


def _rule(text: str) -> tuple[str, str]:
    """``--rule NAME=VALUE``: a rule variant (:mod:`papertales.variants`)."""
    try:
        return variants.parse(text)
    except PaperTalesError:
        valid = "; ".join(f"{n}={'|'.join(v)}" for n, v in variants.OPTIONS.items())
        raise argparse.ArgumentTypeError(t("cli.error.rule", value=repr(text), valid=valid)) from None


def _budget(text: str) -> str:
    """``--budget 0.2s`` (seconds per decision) or ``50it`` (search iterations)."""
    try:
        parse_budget(text)
    except PaperTalesError:
        raise argparse.ArgumentTypeError(t("cli.error.budget", value=repr(text))) from None
    return text


def _rules(args: argparse.Namespace) -> dict[str, str] | None:
    return dict(getattr(args, "rule", None) or []) or None


# long: the whole command line declared in one place, in the order --help shows it
def build_parser(default_lang: str | None = None) -> _Parser:
    """The argument parser, its help in the current language; ``--lang`` defaults to
    ``default_lang`` (default: the current language)."""
    p = _Parser(prog=PROG, description=t("cli.description"))
    default_lang = default_lang or get_language()

    def lang_option(cmd: argparse.ArgumentParser, default: str) -> None:
        cmd.add_argument("--lang", type=_language, default=default, metavar="|".join(LANGUAGES),
                         help=_help("cli.help.lang", choices=", ".join(LANGUAGES), default=default_lang))

    lang_option(p, default_lang)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(parent: argparse._SubParsersAction[_Parser], name: str, help_key: str) -> _Parser:
        cmd = parent.add_parser(name, help=_help(help_key), description=t(help_key))
        lang_option(cmd, argparse.SUPPRESS)          # also accepted after the command
        return cmd

    def game_options(cmd: argparse.ArgumentParser) -> None:
        cmd.add_argument("--players", type=_players, default=None, metavar="N", help=_help("cli.help.players"))
        cmd.add_argument("--solo", action="store_true", help=_help("cli.help.solo"))
        cmd.add_argument("--lich-king-cards", type=_lich_king_cards, default=0, metavar="N",
                         help=_help("cli.help.lich_king_cards"))
        cmd.add_argument("--pack", action="append", default=[], metavar="FILE", help=_help("cli.help.pack"))
        cmd.add_argument("--expansion", choices=EXPANSIONS, default=None, help=_help("cli.help.expansion"))

    def rule_option(cmd: argparse.ArgumentParser) -> None:
        cmd.add_argument("--rule", type=_rule, action="append", default=[], metavar="NAME=VALUE",
                         help=_help("cli.help.rule"))

    def bot_options(cmd: argparse.ArgumentParser, default: list[str]) -> None:
        cmd.add_argument("--bots", type=_bots, default=default, metavar="BOT,BOT...",
                         help=_help("cli.help.bots", names=", ".join(registry.names()), default=",".join(default)))
        cmd.add_argument("--budget", type=_budget, default=None, metavar="0.2s|50it", help=_help("cli.help.budget"))

    play = command(sub, "play", "cli.help.play")
    game_options(play)
    bot_options(play, ["random"])
    rule_option(play)
    play.add_argument("--seed", type=_whole, default=0, metavar="N", help=_help("cli.help.seed"))
    play.add_argument("--json", action="store_true", help=_help("cli.help.play_json"))

    w = command(sub, "whatif", "cli.help.whatif")
    w.add_argument("position", help=_help("cli.help.position"))
    w.add_argument("--phase", choices=("deployment", "wars", "income", "construction", "aging", "end", "all"),
                   help=_help("cli.help.phase"))
    w.add_argument("--pack", action="append", default=[], metavar="FILE", help=_help("cli.help.whatif_pack"))
    rule_option(w)

    s = command(sub, "simulate", "cli.help.simulate")
    game_options(s)
    bot_options(s, ["random"])
    rule_option(s)
    s.add_argument("--games", type=_count(MOST_GAMES), default=1000, metavar="N", help=_help("cli.help.games", default=1000))
    s.add_argument("--jobs", type=_whole, default=0, metavar="N", help=_help("cli.help.jobs"))
    s.add_argument("--seed", type=_whole, default=1, metavar="N", help=_help("cli.help.first_seed"))
    s.add_argument("--json", action="store_true", help=_help("cli.help.simulate_json"))

    import os
    cores = os.cpu_count() or 1
    tr = command(sub, "tournament", "cli.help.tournament")
    game_options(tr)
    bot_options(tr, ["ismcts", "greedy", "random", "random"])
    rule_option(tr)
    tr.add_argument("--games", type=_count(MOST_GAMES), default=100, metavar="N", help=_help("cli.help.games", default=100))
    tr.add_argument("--seed", type=_whole, default=1, metavar="N", help=_help("cli.help.tournament_seed"))
    tr.add_argument("--jobs", type=_count(MOST_JOBS), default=cores, metavar="N", help=_help("cli.help.tournament_jobs", n=cores))
    tr.add_argument("--out", default=None, metavar="FILE", help=_help("cli.help.out"))
    tr.add_argument("--dask", default=None, metavar="ADDRESS|local", help=_help("cli.help.dask"))
    tr.add_argument("--json", action="store_true", help=_help("cli.help.tournament_json"))

    lab = command(sub, "lab", "cli.help.lab")
    lab_sub = lab.add_subparsers(dest="lab_command", required=True, parser_class=_Parser)
    cr = command(lab_sub, "cards", "cli.help.lab_cards")
    game_options(cr)
    bot_options(cr, ["greedy"])
    rule_option(cr)
    cr.add_argument("--games", type=_count(MOST_GAMES), default=200, metavar="N", help=_help("cli.help.games", default=200))
    cr.add_argument("--seed", type=_whole, default=1, metavar="N", help=_help("cli.help.tournament_seed"))
    cr.add_argument("--jobs", type=_count(MOST_JOBS), default=cores, metavar="N", help=_help("cli.help.tournament_jobs", n=cores))
    cr.add_argument("--json", action="store_true", help=_help("cli.help.json"))
    adv = command(lab_sub, "advise", "cli.help.lab_advise")
    game_options(adv)
    rule_option(adv)
    adv.add_argument("--seed", type=_whole, default=0, metavar="N", help=_help("cli.help.seed"))
    adv.add_argument("--budget", type=_budget, default="24it", metavar="0.5s|24it",
                     help=_help("cli.help.advise_budget", default="24it"))
    adv.add_argument("--json", action="store_true", help=_help("cli.help.json"))

    fit = command(lab_sub, "fit", "cli.help.lab_fit")
    fit.add_argument("--games", type=_count(MOST_GAMES), default=fitting.GAMES, metavar="N",
                     help=_help("cli.help.fit_games", default=fitting.GAMES))
    fit.add_argument("--solo-games", type=_count(MOST_GAMES), default=2500, metavar="N",
                     help=_help("cli.help.fit_solo_games", default=2500))
    fit.add_argument("--seed", type=_whole, default=1, metavar="N", help=_help("cli.help.tournament_seed"))
    fit.add_argument("--jobs", type=_count(MOST_JOBS), default=cores, metavar="N", help=_help("cli.help.tournament_jobs", n=cores))
    fit.add_argument("--out", default="evaluation.json", metavar="FILE", help=_help("cli.help.fit_out"))
    fit.add_argument("--doc", default=None, metavar="FILE", help=_help("cli.help.fit_doc"))

    pk = command(sub, "pack", "cli.help.pack_command")
    pk_sub = pk.add_subparsers(dest="pack_command", required=True, parser_class=_Parser)
    check = command(pk_sub, "check", "cli.help.pack_check")
    check.add_argument("file", help=_help("cli.help.pack_file"))
    return p


def _game_options(args: argparse.Namespace) -> dict[str, Any]:
    """Turn --players/--solo/--pack/--expansion into Game.new keyword arguments."""
    packs = list(args.pack)
    if args.solo:
        if args.players not in (None, 1):
            raise _BadInput(t("cli.error.solo_players"))
        players = 1
        loaded = [p if p in BUILTIN_PACKS else load_pack(p) for p in packs]
        if not any((builtin_pack(p) if isinstance(p, str) else p)["necropolis"] for p in loaded):
            packs.append("lich-king-illustrative")
    else:
        players = 4 if args.players is None else args.players
        if players == 1:
            raise _BadInput(t("cli.error.one_player"))
        if args.lich_king_cards:
            raise _BadInput(t("cli.error.lich_without_solo"))
    if players > 5 and args.expansion is None:
        raise _BadInput(t("cli.error.needs_expansion", n=players))
    names = [t("cli.player_solo")] if players == 1 else [t("cli.player", n=k + 1) for k in range(players)]
    opts: dict[str, Any] = {"players": players, "expansion": args.expansion, "names": names}
    if players == 1:
        opts["lich_king_cards"] = args.lich_king_cards
    if packs:
        opts["cards"] = card_set(*packs)
    if _rules(args):
        opts["rules"] = _rules(args)
    return opts


def _tournament_options(args: argparse.Namespace) -> dict[str, Any]:
    """The picklable Game.new options of a tournament (packs by name or file, not loaded)."""
    opts = _game_options(args)                    # checks the combination, loads packs once
    out: dict[str, Any] = {"players": opts["players"], "expansion": opts["expansion"], "packs": list(args.pack)}
    if opts["players"] == 1:
        out["lich_king_cards"] = opts["lich_king_cards"]
        added = "lich-king-illustrative"
        if added in opts["cards"].pack_ids and added not in out["packs"]:
            out["packs"].append(added)
    if "rules" in opts:
        out["rules"] = opts["rules"]
    return out


def phase_name(phase: str, lang: str | None = None) -> str:
    """A phase's name in words ("Wars", "Wojny")."""
    key = f"phase.{phase}.name"
    return t(key, lang) if i18n.has(key, lang) or i18n.has(key, i18n.DEFAULT) else phase


def _lich_king() -> str:
    return seat_name(LICH_SEAT)


def _causes(g: Game, seat: int) -> str:
    return ", ".join(f"{cause_label(c, cards=g.cards)} {v:+d}" for c, v in _by_cause(g, seat).items())


def _seat_bots(names: Sequence[str], n: int, seed: int, budget: str | None = None) -> list[Bot]:
    """One bot per seat (the ``--bots`` list repeated), seeded like ``random_game``'s."""
    return [make_bot(names[k % len(names)], seed * 1000 + k + 1, budget) for k in range(n)]


def _cmd_play(args: argparse.Namespace, out: TextIO) -> None:
    g = Game.new(seed=args.seed, **_game_options(args))
    play(g, _seat_bots(args.bots, g.n, args.seed, args.budget))
    names = g.names
    lich = g.lich
    winners = [names[s] for s in g.winners()] or ([_lich_king()] if lich else [])
    if args.json:
        summary: dict[str, Any] = {"seed": args.seed, "players": g.n, "names": names, "scores": g.scores,
                   "gold": [p.gold for p in g.players], "winners": winners,
                   "buildings": [b.id for b in g.buildings], "packs": list(g.cards.pack_ids),
                   "lp_by_cause": [_by_cause(g, s) for s in range(g.n)]}
        if lich:
            summary["lich_king"] = {"lp": lich.lp, "lp_by_cause": _by_cause(g, LICH),
                                    "necropolis": [card_name(c.id, cards=g.cards) for c in lich.line],
                                    "cards": [card_name(c.id, cards=g.cards) for c in lich.cards]}
        out.write(json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
        return
    _note_packs(g, out)
    lang = get_language()
    turn, phase = None, None
    for e in g.events:
        if (e.turn, e.phase) != (turn, phase):
            turn, phase = e.turn, e.phase
            out.write("\n" + t("cli.play.turn", turn=turn, phase=phase_name(phase)) + "\n")
        out.write(e.describe(names, lang, g.cards) + "\n")
    out.write("\n" + t("cli.play.final_scores") + "\n")
    for s, p in enumerate(g.players):
        out.write(t("cli.play.score", name=p.name, lp=p.lp, n=p.gold, causes=_causes(g, s)) + "\n")
    if lich:
        out.write(t("cli.play.lich_score", name=_lich_king(), lp=lich.lp, causes=_causes(g, LICH)) + "\n")
    out.write(t("cli.play.winner", names=t("cli.and").join(winners), n=len(winners)) + "\n")


def _note_packs(g: Game, out: TextIO) -> None:
    for p in g.cards.packs:
        if p["illustrative"]:
            out.write(t("cli.play.illustrative", id=p["id"]) + "\n")
    if g.options["expansion"]:
        out.write(t("cli.play.buildings", names=", ".join(card_name(b.id, cards=g.cards) for b in g.buildings)) + "\n")
    if g.lich:
        line = t("cli.play.necropolis", cards=", ".join(f"{c.pile}: {card_name(c.id, cards=g.cards)}"
                                                        for c in g.lich.line))
        if g.lich.cards:
            line += "; " + t("cli.play.lich_king_cards",
                             cards=", ".join(card_name(c.id, cards=g.cards) for c in g.lich.cards))
        out.write(line + "\n")


def _pack_card_name(c: UnitType | BuildingType | NecropolisCard | LichKingCard) -> str:
    """A card of a pack file in words: the catalogue's name of a shipped card (with the printed
    name beside a name of the project's own), else the pack's."""
    key = f"card.{c.id}.name"
    if not (i18n.has(key) or i18n.has(key, i18n.DEFAULT)):
        return c.name
    printed = i18n.printed_name(c.id)
    return t("cli.pack.own_name", name=card_name(c.id), printed=printed) if printed else card_name(c.id)


def _cmd_pack(args: argparse.Namespace, out: TextIO) -> None:
    pack = load_pack(args.file)
    key = "cli.pack.valid_illustrative" if pack["illustrative"] else "cli.pack.valid"
    out.write(t(key, file=args.file, id=pack["id"]) + "\n")
    for field in ("units", "buildings", "necropolis", "lich_king_cards"):
        items = pack[field]
        if items:
            out.write(t(f"cli.pack.{field}", n=len(items), names=", ".join(_pack_card_name(c) for c in items)) + "\n")
    copies = sum(u.copies for u in pack["units"])
    if copies:
        out.write(t("cli.pack.copies", n=copies) + "\n")
    if pack["incomplete"]:
        out.write(t("cli.pack.incomplete", n=len(pack["incomplete"]),
                    names=", ".join(e["name"] for e in pack["incomplete"])) + "\n")


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def _lp_text(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def _cmd_lab(args: argparse.Namespace, out: TextIO) -> None:
    if args.lab_command == "fit":
        _cmd_fit(args, out)
        return
    if args.lab_command == "cards":
        opts = _tournament_options(args)
        if set(args.bots) == {"random"}:
            sys.stderr.write(t("cli.lab.random_warning", prog=PROG) + "\n")
        players = opts.pop("players")
        rows = tournament.run(args.bots, games=args.games, seed=args.seed, players=players, jobs=args.jobs,
                              budget=args.budget, progress=not args.json, **opts)
        cards = card_set(*opts["packs"]) if opts.get("packs") else BASE
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", cardstats.RandomOnlyWarning)     # said above, on stderr
            stats = cardstats.card_stats(rows, cards=cards)
        for r in stats["units"]:
            r["card"] = card_name(r["id"], cards=cards)
        if args.json:
            out.write(json.dumps(stats, indent=2, ensure_ascii=False) + "\n")
            return
        out.write(t("cli.lab.source", source=cardstats.source_text(stats)) + "\n")
        heads = [t(f"cli.lab.col.{c}") for c in ("card", "tier", "pick", "pick_index", "revealed",
                                                 "win_with", "win_without", "difference")]
        w0 = max(18, len(heads[0]) + 2, *(len(r["card"]) + 2 for r in stats["units"]))
        widths = [w0, 6, 8, 8, 10, 20, 12, 22]
        out.write(f"{heads[0]:<{w0}}" + "".join(f"{h:>{w}}" for h, w in zip(heads[1:], widths[1:])) + "\n")
        for r in stats["units"]:
            ci = r["win_rate_revealed_ci"]
            dci = r["win_difference_ci"]
            win = f"{_pct(r['win_rate_revealed'])} [{_pct(ci[0])}-{_pct(ci[1])}]"
            diff = "-" if r["win_difference"] is None else \
                f"{100 * r['win_difference']:+.1f} [{100 * dci[0]:+.0f},{100 * dci[1]:+.0f}]"
            idx = "-" if r["mean_pick_index"] is None else f"{r['mean_pick_index']:.2f}"
            out.write(f"{r['card']:<{w0}}{r['tier']:>6}{_pct(r['pick_rate']):>8}{idx:>8}"
                      f"{_pct(r['revealed_rate']) + ' ' + str(r['revealed']):>10}{win:>20}{_pct(r['win_rate_not']):>12}"
                      f"{diff:>22}\n")
        out.write(t("cli.lab.buildings") + "\n")
        for b in stats["buildings"]:
            out.write(t("cli.lab.building_row", name=card_name(b["id"], cards=cards), built=100 * b["built_rate"],
                        level=b["mean_level"] or 0, win=_pct(b["win_rate_built"]), tier=b["tier"]) + "\n")
        out.write(t("cli.lab.tiers", tiers="  ".join(f"{k}: {', '.join(card_name(c, cards=cards) for c in v) or '-'}"
                                                 for k, v in stats["tiers"].items() if k != "?")) + "\n")
        out.write(t("cli.lab.rarely", cards=", ".join(card_name(c, cards=cards) for c in stats["rarely_played"])
                    or "-") + "\n")
        return
    opts = _game_options(args)
    g = Game.new(seed=args.seed, **opts).advance()
    advice = lab.advise(g, 0, budget=args.budget, seed=args.seed)
    if args.json:
        out.write(json.dumps([{**r, "action": str(r["action"]), "also": [str(a) for a in r["also"]]} for r in advice],
                             indent=2, ensure_ascii=False) + "\n")
        return
    out.write(t("cli.lab.advise_heading", name=g.players[0].name, budget=args.budget) + "\n")
    width = max(28, *(len(r["text"]) for r in advice))
    for r in advice:
        out.write(t("cli.lab.advise_row", text=f"{r['text']:<{width}}", lp=_lp_text(r["expected_lp"]),
                    low=_lp_text(r["lp_low"]), high=_lp_text(r["lp_high"]),
                    win=_pct(r["win_chance"]), reason=r["reason"]) + "\n")


def _cmd_fit(args: argparse.Namespace, out: TextIO) -> None:
    """Refit the evaluation's weights from scratch (papertales.fitting.refit)."""
    start = time.monotonic()

    def say(r: int, spec: dict[str, Any]) -> None:
        out.write(t("cli.fit.round", round=r, bots=", ".join(spec["bots"]), explore=spec["explore"],
                    seconds=round(time.monotonic() - start)) + "\n")
        out.flush()

    data = fitting.refit(games=args.games, solo_games=args.solo_games, seed=args.seed, jobs=args.jobs, say=say)
    try:
        fitting.save(data, args.out)
        if args.doc:
            with open(args.doc, "w", encoding="utf-8") as f:
                f.write(fitting.describe(data))
    except OSError as exc:
        raise _BadInput(t("cli.error.cannot_write", path=exc.filename or args.out, reason=os_reason(exc))) from None
    out.write(t("cli.fit.done", out=args.out, seconds=round(time.monotonic() - start)) + "\n")


def _cmd_tournament(args: argparse.Namespace, out: TextIO) -> None:
    opts = _tournament_options(args)
    players = opts.pop("players")
    if len(args.bots) > 1 and players != 1 and args.players is None:
        players = len(args.bots)
    if args.out and not args.out.endswith((".parquet", ".csv")):
        raise _BadInput(t("cli.error.out", value=args.out))
    require("openskill.models", "lab")          # the summary's ratings
    if args.out and args.out.endswith(".parquet"):
        require("pandas", "lab")
        require("pyarrow", "lab")
    rows = tournament.run(args.bots, games=args.games, seed=args.seed, players=players, jobs=args.jobs,
                          budget=args.budget, dask=args.dask, **opts)
    if args.out:
        tournament.write(rows, args.out)
    s = tournament.summary(rows)
    s.update({"seed": args.seed, "budget": args.budget, "lineup": args.bots})
    if args.json:
        out.write(json.dumps(s, indent=2) + "\n")
        return
    out.write(t("cli.tournament.heading", games=s["games"], players=s["players"], seed=args.seed,
                bots=", ".join(args.bots)) + "\n")
    for name, r in sorted(s["bots"].items(), key=lambda kv: -(kv[1]["rating"] or 0)):
        out.write(t("cli.tournament.row", bot=f"{name:<8}", seats=r["seats"], win=100 * r["win_rate"],
                    low=100 * r["win_rate_ci"][0], high=100 * r["win_rate_ci"][1], lp=r["mean_lp"],
                    rating=r["rating"]) + "\n")
    if "lich_king" in s:
        lk = s["lich_king"]
        out.write(t("cli.tournament.lich_king", name=_lich_king(), win=100 * lk["win_rate"],
                    low=100 * lk["win_rate_ci"][0], high=100 * lk["win_rate_ci"][1], lp=lk["mean_lp"]) + "\n")
    if args.out:
        out.write(t("cli.tournament.written", path=args.out, n=len(rows)) + "\n")


def _by_cause(g: Game, seat: int) -> dict[str, int]:
    return totals(g.events, seat)


def _cmd_whatif(args: argparse.Namespace, out: TextIO) -> None:
    import warnings
    cards = card_set(*args.pack) if args.pack else None
    with warnings.catch_warnings(record=True) as said:      # e.g. too few Beyond the Gates tiles
        warnings.simplefilter("always")
        game = load_position(args.position, cards, _rules(args))
    for w in said:
        sys.stderr.write(f"{PROG}: {w.message}\n")
    phases = (args.phase,) if args.phase else None      # None: what the position's phase calls for
    out.write(json.dumps(evaluate(game, phases), indent=2, ensure_ascii=False) + "\n")


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> None:
    from tqdm import tqdm  # type: ignore[import-untyped]   # tqdm ships no type hints (types-tqdm has them)

    if not 0 <= args.jobs <= MOST_JOBS:
        raise _BadInput(t("cli.error.jobs", value=args.jobs, most=MOST_JOBS))
    # the catalogue's words around tqdm's fields: "{bar} {n_fmt}/{total_fmt} games [0:01<0:02]"
    shape = t("cli.simulate.progress", bar="|{bar}|", done="{n_fmt}", total="{total_fmt}")
    with tqdm(total=args.games, file=sys.stderr, bar_format=shape + " [{elapsed}<{remaining}]") as bar:
        r = simulate(games=args.games, seed=args.seed, progress=lambda done, total: bar.update(done - bar.n),
                     jobs=args.jobs, bots=args.bots, budget=args.budget, **_game_options(args))
    if args.json:
        out.write(json.dumps(r, indent=2) + "\n")
        return
    out.write(", ".join((t("cli.simulate.games", n=r["games"]), t("cli.simulate.players", n=r["players"]),
                         t("cli.simulate.seeds", first=args.seed, last=args.seed + r["games"] - 1))) + "\n")
    for k in range(r["players"]):
        line = t("cli.simulate.seat", seat=k + 1, mean=r["mean_lp"][k], win=100 * r["win_rate"][k])
        if args.bots != ["random"]:
            line += f" ({r['bots'][k]})"
        out.write(line + "\n")
    if "lich_king" in r:
        lk = r["lich_king"]
        out.write(t("cli.simulate.lich_king", name=_lich_king(), mean=lk["mean_lp"],
                    win=100 * lk["win_rate"]) + "\n")
    out.write(t("cli.simulate.best", lp=r["best_score"]["lp"], seed=r["best_score"]["seed"]) + "\n")
    out.write(t("cli.simulate.speed", rate=r["games_per_second"], seconds=r["seconds"], n=r["jobs"]) + "\n")


def _error_text(exc: BaseException) -> str:
    if isinstance(exc, OSError) and not isinstance(exc, PaperTalesError):
        reason = os_reason(exc)
        return t("cli.error.cannot_read", path=exc.filename, reason=reason) if exc.filename else reason
    return str(exc)


def registered_commands() -> dict[str, EntryPoint]:
    """``{name: entry point}`` of the commands other installed packages add to ``papertales``
    (loaded only when one is run: papertales never imports them itself)."""
    return {ep.name: ep for ep in entry_points(group=COMMAND_GROUP)}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] not in COMMANDS:
        command = registered_commands().get(argv[0])
        if command is not None:              # another package's command: papertales legacy, app ...
            try:
                run = command.load()
            except PaperTalesError as exc:   # e.g. `papertales app` without the app extra
                sys.stderr.write(t("cli.error.line", prog=PROG, message=str(exc)) + "\n")
                return EXIT_BAD_INPUT
            code: int = run(argv[1:], out)       # the command's exit code
            return code
    # the run's language: --lang, else the environment's; the caller's choice comes back after
    before = get_language()
    explicit = before != i18n.environment_language()
    requested = _requested_language(argv)
    if requested in LANGUAGES:
        set_language(requested)
    try:
        args = build_parser(before).parse_args(argv)
        set_language(args.lang)
        {"play": _cmd_play, "whatif": _cmd_whatif, "simulate": _cmd_simulate,
         "pack": _cmd_pack, "lab": _cmd_lab,
         "tournament": _cmd_tournament}[args.command](args, out)
    except BrokenPipeError:                  # e.g. piped into `head`
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (_BadInput, PaperTalesError, ValueError, OSError) as exc:
        sys.stderr.write(t("cli.error.line", prog=PROG, message=_error_text(exc)) + "\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        sys.stderr.write(t("cli.error.interrupted", prog=PROG) + "\n")
        return 130
    finally:
        set_language(before if explicit else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
