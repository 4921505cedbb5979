"""The ``legacy`` command (``papertales legacy ...``).

``legacy play --pack my-box.json`` (or ``--demo``, the invented kingdom) plays a campaign in
the terminal: you type the moves (:mod:`kingdom_legacy.terminal`); ``--companion`` for a
real box (you say which card is on top of your pile), ``--save FILE`` saves after every
move, ``--resume FILE`` goes on from a save.  With ``--bot simple|random`` a bot plays the
whole campaign instead and the log and glory are printed (``--json``: one object).
``legacy pack check FILE`` checks a pack: exit 0 when valid, exit 2 with one line naming
file, card, stage and field otherwise.

Every text comes from the message catalogue; bad input gives one line on stderr and exit
code 2, never a traceback."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from papertales.i18n import LANGUAGES, t

from .bots import BOTS, play_campaign
from .campaign import Campaign
from .cards import Pack, demo_pack, load_pack, text
from .errors import LegacyError, os_reason
from .terminal import Session, write_atomic

EXIT_BAD_INPUT = 2


class _Bad(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def _parse(argv: list[str]) -> tuple[list[str], dict[str, Any]]:
    opts: dict[str, Any] = {"demo": False, "pack": None, "seed": 0, "bot": None, "expansions": False, "json": False,
            "lang": None, "help": False, "companion": False, "save": None, "resume": None}
    words = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            opts["help"] = True
        elif a in ("--demo", "--json", "--expansions", "--companion"):
            opts[a[2:]] = True
        elif a in ("--pack", "--seed", "--bot", "--lang", "--save", "--resume"):
            if i + 1 >= len(argv):
                raise _Bad("legacy.cli.value", option=a)
            v: Any = argv[i + 1]
            i += 1
            if a == "--seed":
                try:
                    v = int(v)
                except ValueError:
                    raise _Bad("legacy.cli.number", option=a, value=v) from None
            elif a == "--lang" and v not in LANGUAGES:
                raise _Bad("legacy.cli.lang", value=v, allowed=", ".join(LANGUAGES))
            elif a == "--bot" and v not in BOTS:
                raise _Bad("legacy.cli.bot", value=v)
            opts[a[2:]] = v
        elif a.startswith("-"):
            raise _Bad("legacy.cli.unknown", arg=a)
        else:
            words.append(a)
        i += 1
    return words, opts


def main(argv: list[str] | None = None, out: TextIO | None = None, inp: Iterable[str] | None = None) -> int:
    out = out or sys.stdout
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = None
    if "--lang" in argv:
        i = argv.index("--lang")
        if i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            lang = argv[i + 1]
    try:
        words, opts = _parse(argv)
        lang = opts["lang"]
        if opts["help"] or not words:
            out.write(t("legacy.cli.usage", lang, languages="|".join(LANGUAGES)) + "\n")
            return 0 if opts["help"] else EXIT_BAD_INPUT
        if words == ["play"]:
            if opts["bot"]:
                _play(opts, out, lang)
            else:
                return _interactive(opts, out, lang, inp or sys.stdin)
        elif len(words) == 3 and words[:2] == ["pack", "check"]:
            _check(words[2], out, lang)
        else:
            raise _Bad("legacy.cli.unknown", arg=" ".join(words))
    except _Bad as exc:
        sys.stderr.write(t("legacy.cli.error", lang, message=t(exc.key, lang, **exc.params)) + "\n")
        return EXIT_BAD_INPUT
    except LegacyError as exc:
        sys.stderr.write(t("legacy.cli.error", lang, message=exc.message(lang)) + "\n")
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:                   # Ctrl-C before a campaign began: nothing to save
        out.write("\n")
        return 130
    return 0


def _check(path: str, out: TextIO, lang: str | None) -> None:
    pack = load_pack(path)
    out.write(t("legacy.cli.valid", lang, file=path, id=pack.id, n=len(pack.cards), box=pack.box_size,
                final=pack.final_card) + "\n")


def _pack(opts: dict[str, Any]) -> Pack | None:
    if opts["pack"]:
        return load_pack(opts["pack"])
    if opts["demo"]:
        return demo_pack()
    if opts["resume"]:
        return None
    raise _Bad("legacy.cli.need_pack")


def _interactive(opts: dict[str, Any], out: TextIO, lang: str | None, inp: Iterable[str]) -> int:
    if opts["json"] or opts["expansions"]:
        raise _Bad("legacy.cli.bot_only")
    pack = _pack(opts)
    if opts["resume"]:
        try:
            data = Path(opts["resume"]).read_bytes()
        except OSError as exc:
            raise LegacyError("legacy.cli.cannot_read", file=opts["resume"], reason=os_reason(exc)) from None
        try:
            c = Campaign.from_json(data, pack)
        except LegacyError as exc:
            raise LegacyError("legacy.cli.in_file", file=opts["resume"], message=exc) from None
    else:
        c = Campaign.new(pack, opts["seed"], manual=opts["companion"])
    lang = c.lang = lang or c.lang              # a resumed campaign keeps its language unless --lang says
    session = Session(c, out, lang, opts["save"] or opts["resume"], opts["pack"])
    if inp is sys.stdin and inp.isatty():
        return session.run(session.typed(), typed=True)
    return session.run(inp)


def _play(opts: dict[str, Any], out: TextIO, lang: str | None) -> None:
    if opts["companion"] or opts["resume"]:
        raise _Bad("legacy.cli.not_with_bot")
    c = play_campaign(_pack(opts), opts["seed"], opts["bot"], expansions=opts["expansions"])
    pack = c.pack0                              # the pack it was played with
    if opts["save"]:
        write_atomic(opts["save"], c.to_json())
    scores = [{"after": s["after"], "glory": s["glory"]} for s in c.scores]
    if opts["json"]:
        data = {"pack": pack.id, "invented": pack.invented, "seed": opts["seed"], "bot": opts["bot"],
                "glory": c.glory(), "scores": scores, "rounds": c.round, "actions": len(c.history),
                "history": c.history, "log": c.describe(lang)}
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
        return
    out.write(t("legacy.cli.header", lang, pack=text(pack.name, lang), bot=opts["bot"], seed=opts["seed"]) + "\n")
    if pack.invented:
        out.write(t("legacy.cli.notice", lang) + "\n")
    for line in c.describe(lang):
        out.write(line + "\n")
    out.write(t("legacy.cli.rounds", lang, n=c.round, actions=len(c.history)) + "\n")
    for s in scores:
        after = t("legacy.cli.after_base", lang) if s["after"] == "base" else \
            t("legacy.cli.after_expansion", lang, card=s["after"].split(":")[1])
        out.write(t("legacy.cli.score_after", lang, after=after, n=s["glory"]) + "\n")
    out.write(t("legacy.cli.glory", lang, n=c.glory()) + "\n")


if __name__ == "__main__":
    sys.exit(main())
