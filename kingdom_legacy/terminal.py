"""Play a campaign in the terminal: ``papertales legacy play --pack my-box.json``.

You type moves in the action notation (``produce 3 1``, ``upgrade 5 back``, ``manual move 7
discard``) or the number of a listed move; the session shows the state, the legal moves in
words with their notation, and after each move what happened and why.  It warns before a
move that loses resources you have not spent, takes moves back (``undo``), saves after
every move when given a file, and goes on from a saved file.  Every text comes from the
message catalogue."""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from papertales.i18n import LANGUAGES, catalogue, t

from .actions import MANUAL, REVEAL, TOOLS, Action
from .campaign import Campaign
from .cards import Pack, bundle_text, load_pack, resource_name, sticker_text, text
from .errors import IllegalAction, LegacyError, json_reason, os_reason, without_bom
from .events import action_text, card_label, decision_text
from .lesson import stages_text
from .packtext import with_card

COMMANDS = ("help", "legal", "show", "state", "log", "history", "undo", "back", "restart", "save", "reload", "yes",
            "quit", "exit")
LOG_LINES = 15


def plain_word(word: str) -> str:
    """A word as compared: lower case, no Polish marks ("użyj" and "uzyj" are the same)."""
    word = word.lower().replace("ł", "l")
    return "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))


def words_of(pack: Pack) -> dict[str, str]:
    """Every word a person may type in either language -> the notation's English word: the
    commands, moves, tools, places and stages (``legacy.word.*``) and the resources' names in
    every form ("moneta", "monetę", "monety")."""
    out: dict[str, str] = {}
    for lang in LANGUAGES:
        for key, value in catalogue(lang).items():
            if key.startswith("legacy.word."):
                english = str(catalogue("en")[key])
                for w in str(value).split("|"):
                    out[plain_word(w)] = english
        for r in pack.all_resources:
            for n in (1, 2, 5):
                for case in ("nom", "acc"):
                    out[plain_word(resource_name(r, n, lang, pack, case))] = r
    return out


class Session:
    """One campaign played through lines of text (a terminal, or a script in the tests)."""

    def __init__(self, campaign: Campaign, out: TextIO, lang: str | None = None,
                 save_path: str | Path | None = None, pack_path: str | Path | None = None) -> None:
        self.c = campaign
        self.out = out
        self.lang = lang
        self.save_path = save_path
        self.pack_path = pack_path
        self.listed: list[Action] = []
        self.warned: Action | None = None            # a move that loses resources, waiting for "yes"
        self.restart_asked: tuple[int | None] | None = None      # (seed,) of a restart waiting for "yes"
        self.undo_asked: tuple[int, str] | None = None         # (step, message key) of an undo waiting for "yes"
        self.words = words_of(campaign.pack)
        self.before_restart: Campaign | None = None  # the campaign a restart set aside: undo brings it back

    # ------------------------------------------------------------------ output

    def say(self, key: str, **params: Any) -> None:
        self.out.write(t(key, self.lang, **params) + "\n")

    def line(self, s: str = "") -> None:
        self.out.write(s + "\n")

    def show(self) -> None:
        """The state in a few lines, then what is asked and the legal moves."""
        c, lang = self.c, self.lang
        head = t("legacy.cli.round_start", lang, round=c.round) if c.turn == 0 else \
            t("legacy.cli.round_turn", lang, round=c.round, turn=c.turn)
        self.line(t("legacy.cli.status", lang, where=head, glory=c.glory(),
                    pool=bundle_text(c.pool, lang, c.pack)))
        none = t("legacy.lesson.none", lang)
        self.say("legacy.cli.in_play", cards=", ".join(self._label(n) for n in c.play) or none)
        if c.permanent:
            self.say("legacy.cli.permanent", cards=", ".join(self._label(n) for n in c.permanent))
        top = c.top_card()
        self.say("legacy.cli.piles", top=self._label(top) if top else "-", deck=len(c.deck), discard=len(c.discard),
                 box=len(c.box), destroyed=len(c.destroyed))
        tabs = c.tabs_in_deck()
        if tabs:
            self.say("legacy.cli.tabs", cards=", ".join(
                t("legacy.cli.tab_at", lang, card=self._label(n), n=pos) for pos, n in tabs))
        self.say("legacy.cli.now", what=decision_text(c, lang))
        if c.decision() == "manual":
            self._show_manual()
            return
        if c.decision() == "enter":
            n = c.pending["card"]
            self.say("legacy.cli.enter_card", card=n)
            self.line("  " + json.dumps({"name": t("legacy.cli.enter_example", lang), "keywords": ["building"],
                                         "production": [{"wood": 1}]}, ensure_ascii=False))
        self.listed = c.legal_actions()
        if c.is_over:
            self.say("legacy.cli.over" if self.listed else "legacy.cli.over_final", glory=c.glory())
        for i, a in enumerate(self.listed, 1):
            self.line(f"  {i:>2}  {str(a):<22} {action_text(c, a, lang)}")

    def _label(self, n: int) -> str:
        c = self.c
        label = card_label(c, n, None, self.lang)
        notes = [t("legacy.stage." + c.cards[n]["stage"], self.lang)]
        if c.is_blocked(n):
            notes.append(t("legacy.cli.blocked", self.lang))
        if n in c.attached:
            notes.append(t("legacy.cli.equips", self.lang, card=c.attached[n]))
        return f"{label} ({', '.join(notes)})"

    def _show_manual(self) -> None:
        c, lang = self.c, self.lang
        said = c.manual_text(lang)
        if said:
            self.say("legacy.cli.manual_text", card=card_label(c, c.pending["card"], c.pending["stage"], lang),
                     text=said)
        self.say("legacy.cli.tools")
        for tool in TOOLS:
            if tool != "start":
                self.line("   " + t(f"legacy.usage.manual_{tool}", lang))
        left = [f"{sid}: {sticker_text(sid, c.pack, lang)} ×{k}" for sid, k in c.stickers.items() if k > 0]
        if left:
            self.say("legacy.cli.stickers", list="; ".join(left))
        self.listed = [Action(MANUAL, "done")]

    def show_events(self, since: int) -> None:
        for ln in self.c.describe(self.lang, self.c.events[since:]):
            self.line("  · " + ln)

    # ------------------------------------------------------------------ input

    def run(self, lines: Iterable[str], typed: bool = False) -> int:
        """Play the lines (``typed``: they come from a person at the terminal, who sees what
        they type: no echo, and a word on how to go on when leaving)."""
        c = self.c
        self.say("legacy.cli.welcome", pack=text(c.pack.name, self.lang))
        if c.pack.invented:
            self.say("legacy.cli.notice")
        if c.manual:
            self.say("legacy.panel.companion")
        self.say("legacy.cli.how")
        self.show()
        under_way = None                    # the campaign before the line being done
        try:
            for raw in lines:
                if not typed:
                    self.out.write("> " + raw.rstrip("\n") + "\n")
                under_way = self.c.clone()
                go_on = self.handle(raw.strip())
                under_way = None
                if not go_on:
                    break
            else:
                self.say("legacy.cli.end_of_input")
        except KeyboardInterrupt:           # Ctrl-C: a move under way is not left half done; then save and leave
            if under_way is not None:
                self.c = under_way
            self.out.write("\n")
            self.say("legacy.cli.interrupted")
        self.autosave()
        if typed:
            self.say("legacy.cli.saved_on_leaving" if self.save_path else "legacy.cli.not_saved_on_leaving",
                     file=self.save_path)
        return 0

    def typed(self) -> Iterator[str]:
        """Lines typed at the terminal: a prompt, line editing and history (readline where
        Python has it); Ctrl-D ends the input."""
        try:
            import readline  # noqa: F401  (input() edits lines and keeps a history once it is loaded)
        except ImportError:
            pass
        while True:
            try:
                yield input(t("legacy.cli.prompt", self.lang))
            except EOFError:
                self.out.write("\n")
                return

    def handle(self, cmd: str) -> bool:
        """Do one line; False to stop."""
        if cmd.startswith(("{", "[")):
            try:
                self.enter_line(cmd)
            except LegacyError as exc:
                self.say("legacy.cli.refused", message=exc.message(self.lang))
            return True
        cmd_words = cmd.split()
        words = [self.words.get(plain_word(w), w) for w in cmd_words]
        if not words:
            self.show()
            return True
        cmd = " ".join(words)
        head, rest = words[0].lower(), words[1:]
        if head == "save":
            rest = cmd_words[1:]            # a file name is not a word to translate
        warned, self.warned = self.warned, None
        restart, self.restart_asked = self.restart_asked, None
        undo, self.undo_asked = self.undo_asked, None
        if head in ("quit", "exit"):
            self.say("legacy.cli.bye")
            return False
        try:
            if head == "yes":
                if restart is not None:
                    self._restart(*restart)
                elif undo is not None:
                    self._go_back(*undo, confirmed=True)
                elif warned is None:
                    self.say("legacy.cli.nothing_to_confirm")
                else:
                    self.act(warned, confirmed=True)
            elif head in HANDLERS:
                HANDLERS[head](self, rest)
            elif head == REVEAL and len(rest) > 1:
                self.reveal_many(rest)
            elif (i := _number(head)) is not None and not rest:
                if not 1 <= i <= len(self.listed):
                    self.say("legacy.cli.no_such_number", n=i, count=len(self.listed))
                else:
                    self.act(self.listed[i - 1])
            else:
                self.act(Action.parse(cmd))
        except LegacyError as exc:
            self.say("legacy.cli.refused", message=exc.message(self.lang))
            if exc.key == "legacy.error.parse_kind":        # not a move: maybe a command, in the game's language
                self.say("legacy.cli.commands_hint", list=", ".join(
                    t("legacy.word." + w, self.lang).split("|")[0] for w in COMMANDS if w != "exit"))
        return True

    def act(self, a: Action, confirmed: bool = False) -> None:
        c = self.c
        if not confirmed and c.is_legal(a):
            lost = c.losses(a)
            if lost:
                self.warned = a
                self.say("legacy.cli.warn_loss", what=bundle_text(lost, self.lang, c.pack), action=str(a))
                return
        words = action_text(c, a, self.lang) if c.is_legal(a) else str(a)
        mark = len(c.events)
        c.apply(a)
        self.say("legacy.cli.done", words=words, action=str(a))
        self.show_events(mark)
        self.autosave()
        self.show()

    def reveal_many(self, cards: list[str]) -> None:
        """Companion mode: several cards of your pile at once (``reveal 3 5 7``), in turn, up
        to the first one refused."""
        for n in cards:
            self.act(Action.parse(f"{REVEAL} {n}"))

    def enter_line(self, line: str) -> None:
        """A card typed on one line as in the pack file (the card, or only its front stage);
        without a number it is the card the campaign waits for.  The pack file grows."""
        c = self.c
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LegacyError("legacy.cli.enter_json", column=exc.colno, reason=json_reason(exc)) from None
        except RecursionError:
            raise LegacyError("legacy.cli.enter_object") from None
        if not isinstance(raw, dict):
            raise LegacyError("legacy.cli.enter_object")
        if "stages" not in raw:
            raw = {"stages": {"front": raw}}
        if "number" not in raw:
            if c.decision() != "enter":
                raise LegacyError("legacy.cli.enter_which")
            raw = {"number": c.pending["card"], **raw}
        mark = len(c.events)
        c.enter_card(raw)
        self.say("legacy.cli.entered", card=raw["number"])
        self.grow_pack(raw)
        self.show_events(mark)
        self.autosave()
        self.show()

    def grow_pack(self, raw: dict[str, Any]) -> None:
        """Write a card just entered into your pack file too (the whole file or nothing):
        only the card's text is added, the rest of your file stays as you wrote it."""
        if not self.pack_path:
            self.say("legacy.cli.pack_not_grown")
            return
        try:
            old = Path(self.pack_path).read_bytes().decode("utf-8")
            new = with_card(old, raw)
            cards = [x for x in json.loads(without_bom(old))["cards"] if x["number"] != raw["number"]] + [raw]
            if json.loads(without_bom(new))["cards"] != sorted(cards, key=lambda x: x["number"]):
                raise ValueError("the file's cards are not in number order")
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            self.say("legacy.cli.pack_not_grown_file", file=self.pack_path)
            return
        write_atomic(self.pack_path, new)
        self.say("legacy.cli.pack_grown", file=self.pack_path)

    def autosave(self) -> None:
        if self.save_path:
            write_atomic(self.save_path, self.c.to_json())

    # ------------------------------------------------------------------ commands

    def cmd_help(self, rest: list[str]) -> None:
        self.say("legacy.cli.help")

    def cmd_legal(self, rest: list[str]) -> None:
        acts = self.c.legal_actions()
        self.line(", ".join(map(str, acts)) or "-")

    def cmd_state(self, rest: list[str]) -> None:
        self.show()

    def cmd_show(self, rest: list[str]) -> None:
        n = _number(rest[0]) if len(rest) == 1 else None
        if n is None:
            self.say("legacy.cli.usage_show")
            return
        self.line(stages_text(self.c, n, self.lang))

    def cmd_log(self, rest: list[str]) -> None:
        typed = _number(rest[0]) if rest else None
        n = typed if typed else LOG_LINES
        for ln in self.c.describe(self.lang)[-n:]:
            self.line("  " + ln)

    def cmd_history(self, rest: list[str]) -> None:
        for i, h in enumerate(self.c.history, 1):
            self.line(f"  {i:>4}  {h}")
        if not self.c.history:
            self.say("legacy.cli.no_history")

    def cmd_undo(self, rest: list[str]) -> None:
        typed = _number(rest[0]) if rest else None
        n = typed if typed is not None else 1
        if not self.c.history and self.before_restart is not None and n == 1:
            self.c, self.before_restart = self.before_restart, None
            self.say("legacy.cli.restart_undone", step=len(self.c.history))
            self.autosave()
            self.show()
        elif 1 <= n <= len(self.c.history):
            self._go_back(len(self.c.history) - n, "legacy.cli.undone")
        else:
            self.c.undo(n)                  # refused: says what can be taken back

    def cmd_back(self, rest: list[str]) -> None:
        step = _number(rest[0]) if len(rest) == 1 else None
        if step is None:
            self.say("legacy.cli.usage_back")
            return
        self._go_back(step, "legacy.cli.back")

    def _go_back(self, step: int, key: str, confirmed: bool = False) -> None:
        """Undo to ``step``; in companion mode it asks first when your real box cannot follow
        (the reset card discovered, cards destroyed)."""
        crossings = [] if confirmed else self.c.undo_crossings(step)
        if crossings:
            self.undo_asked = (step, key)
            self.say("legacy.cli.undo_warn", step=step, what="; ".join(
                t("legacy.undo." + kind, self.lang, card=n) for kind, n in crossings))
            return
        n = len(self.c.history) - step
        self.c.back_to(step)
        self.say(key, n=n, step=len(self.c.history))
        self.autosave()
        self.show()

    def cmd_restart(self, rest: list[str]) -> None:
        seed = _number(rest[0]) if rest else None
        if rest and (seed is None or len(rest) > 1):
            self.say("legacy.cli.usage_restart")
            return
        if not self.c.can_restart():
            raise IllegalAction("legacy.error.restart", card=self.c.pack.reset_until)
        if not self.c.history:
            self._restart(seed)             # nothing to lose
            return
        self.restart_asked = (seed,)
        self.say("legacy.cli.restart_ask", n=len(self.c.history))

    def _restart(self, seed: int | None) -> None:
        """Start again, the campaign before kept: in memory for ``undo``, and next to the
        save file (``kingdom.before-restart.json``) when there is one."""
        kept = self.c.clone()
        backup = None
        if self.save_path and self.c.history:
            p = Path(self.save_path)
            backup = p.with_name(p.stem + ".before-restart" + p.suffix)
            write_atomic(backup, kept.to_json())
        self.c.restart(seed)
        self.before_restart = kept if kept.history else None
        self.say("legacy.cli.restarted", seed=self.c.seed)
        if backup:
            self.say("legacy.cli.restart_kept_file", file=str(backup))
        elif self.before_restart:
            self.say("legacy.cli.restart_kept")
        self.autosave()
        self.show()

    def cmd_save(self, rest: list[str]) -> None:
        path = rest[0] if rest else self.save_path
        if not path:
            self.say("legacy.cli.usage_save")
            return
        write_atomic(path, self.c.to_json())
        self.say("legacy.cli.saved", file=path)

    def cmd_reload(self, rest: list[str]) -> None:
        if not self.pack_path:
            self.say("legacy.cli.no_pack_file")
            return
        mark = len(self.c.events)
        changed = self.c.update_cards(load_pack(self.pack_path))
        self.say("legacy.cli.reloaded", file=self.pack_path,
                 cards=", ".join(map(str, changed)) or t("legacy.lesson.none", self.lang))
        self.show_events(mark)             # a card that had a blank takes its place (a parchment is followed)
        self.autosave()
        self.show()



#: the commands that are not moves, each with its method (``yes`` and ``quit`` are answered
#: in :meth:`Session.handle` itself)
HANDLERS = {
    "help": Session.cmd_help,
    "legal": Session.cmd_legal,
    "show": Session.cmd_show,
    "state": Session.cmd_state,
    "log": Session.cmd_log,
    "history": Session.cmd_history,
    "undo": Session.cmd_undo,
    "back": Session.cmd_back,
    "restart": Session.cmd_restart,
    "save": Session.cmd_save,
    "reload": Session.cmd_reload,
}

def _number(word: str) -> int | None:
    """A whole number typed in plain digits, else None."""
    return int(word) if word.isascii() and word.isdigit() and len(word) < 20 else None


def write_atomic(path: str | Path, data: str) -> None:
    """Write the whole file or nothing (a crash never leaves half a save), its line endings
    as they are in ``data`` on every system."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    try:
        tmp.write_bytes(data.encode("utf-8"))
        os.replace(tmp, p)
    except OSError as exc:
        raise LegacyError("legacy.cli.cannot_write", file=str(path), reason=os_reason(exc)) from None
