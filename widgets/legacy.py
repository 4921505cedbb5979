"""The Kingdom Legacy panel: the kingdom's cards (each at its current stage), the top of
the face-up draw pile, the legal moves as buttons in words, what each move did, the log
(newest first), the glory, undo and going back to any earlier move, the tools of a manual
step, and saving / loading a campaign through the browser (a file built when asked for and
downloaded, file uploads; no server path is ever typed or read).

With a campaign created with ``manual=True`` it is the companion of a real box: you
answer "which card is on top of your draw pile?" and the panel keeps the rules for you;
upload your pack file again to enter the cards you discovered since.  Before a move that
loses resources you have not spent, the panel asks first.  Every text comes from the
message catalogue (``legacy.panel.*`` and the engine's keys)."""

from __future__ import annotations

import base64
import json
import re
from html import escape
from typing import Any

import ipywidgets as W

from kingdom_legacy import STAGES, Campaign, LegacyError, Pack, SimpleBot, demo_pack, load_pack
from kingdom_legacy.actions import MANUAL, TOOLS, Action
from kingdom_legacy.cards import bundle_text, text
from kingdom_legacy.errors import Text, json_reason, without_bom
from kingdom_legacy.packtext import with_card
from kingdom_legacy.terminal import plain_word, words_of
from kingdom_legacy.events import action_text, decision_text, describe
from papertales.i18n import LANGUAGES, t

_STYLE = """<style>
.kl-root{font-family:system-ui,sans-serif;font-size:13px}
.kl-row{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0}
.kl-card{border:2px solid #8a6d3b;border-radius:6px;padding:4px 6px;width:190px;background:#fffaf0}
.kl-card.kl-obstacle{border-color:#b52b27;background:#fff0f0}
.kl-card.kl-permanent{border-color:#c9a227;background:#fffbe0}
.kl-card.kl-blocked{opacity:.55}
.kl-card b{font-size:14px}
.kl-muted{color:#666;font-size:12px}
.kl-help{background:#f4f7fb;border-left:3px solid #6b8fb8;padding:4px 8px;margin:4px 0;white-space:pre-wrap}
.kl-log{max-height:260px;overflow-y:auto;font-family:monospace;font-size:12px;white-space:pre-wrap}
.kl-msg-error{color:#b52b27}.kl-msg-ok{color:#2b5f2b}.kl-msg-warn{color:#8a5a00;font-weight:600}
.kl-msg ul{margin:2px 0 2px 18px;padding:0}
a.kl-download{display:inline-block;text-decoration:none;line-height:28px;padding:0 10px;border-radius:2px;
 background:#2196f3;color:#fff;font-family:system-ui,sans-serif;font-size:13px}
a.kl-download:hover{background:#1976d2}
</style>"""
_LOG_LINES = 60
#: what only the owner of the real box can answer: the bot buttons stop there
_YOURS = ("reveal", "enter")


# long: one panel for a whole campaign (setup, the turn, card entry, saves), whose parts share the
# campaign, its undo and the language
class LegacyPanel(W.VBox):
    """``LegacyPanel(lang="en")``: a demo campaign; ``campaign=`` to show your own."""

    def __init__(self, lang: str = "en", campaign: Campaign | None = None, pack: Pack | None = None, seed: int = 1,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.lang = lang
        self.campaign = campaign or Campaign.new(pack or demo_pack(), seed)
        self.ticks = 0
        self.waiting: Action | None = None           # a move that loses resources, waiting for "yes"
        self.restart_asked = False                   # a restart waiting for "yes"
        self.undo_asked: int | None = None           # companion mode: a step to go back to, waiting for "yes"
        self.before_restart: Campaign | None = None  # the campaign a restart set aside: "undo" brings it back
        self.header = W.HTML()
        self.explain = W.HTML()
        self.board = W.HTML()
        self.message = W.HTML()
        self.tick = W.HTML()
        self.actions_box = W.VBox()
        self.log_view = W.HTML()
        self.download = W.HTML()
        self.save_button = self._button(self.show_download, style="primary")
        self.buttons: list[W.Button] = []
        b = self._button
        self.confirm_button = b(self.confirm, style="warning")
        self.cancel_button = b(self.cancel)
        self.confirm_box = W.HBox([self.confirm_button, self.cancel_button], layout=W.Layout(display="none"))
        self.manual_text = W.HTML()
        self.tool_menu = W.Dropdown(layout=W.Layout(width="150px"))
        self.tool_moves = W.Dropdown(layout=W.Layout(width="460px"))
        self.tool_button = b(lambda: self.act(self.tool_moves.value))
        self.tool_menu.observe(lambda _: self._fill_tool_moves(), names="value")
        self.manual_box = W.VBox([self.manual_text, W.HBox([self.tool_menu, self.tool_moves, self.tool_button])])
        self.typed = W.Text(layout=W.Layout(width="260px"))
        self.type_button = b(self.type_move)
        self.bot_button = b(self.bot_step)
        self.turn_button = b(self.bot_turn)
        self.undo_button = b(self.undo)
        self.back_menu = W.Dropdown(layout=W.Layout(width="260px"))
        self.back_button = b(self.go_back)
        self.new_button = b(self.new_campaign)
        self.upload = W.FileUpload(accept=".json", multiple=False)
        self.pack_upload = W.FileUpload(accept=".json", multiple=False)
        self.upload.observe(self._on_upload, names="value")
        self.pack_upload.observe(self._on_pack_upload, names="value")
        self.actions_title = W.HTML()
        self.log_title = W.HTML()
        wide = {"style": {"description_width": "initial"}, "layout": W.Layout(width="460px")}
        self.enter_title = W.HTML()
        self.enter_fields = {f: W.Text(**wide) for f in ("name", "keywords", "production", "upgrades", "equip",
                                                         "checkboxes")}
        self.enter_fields["glory"] = W.BoundedIntText(min=0, max=99, **wide)
        self.enter_fields["effects"] = W.Textarea(**wide)
        self.enter_flags = {f: W.Checkbox(indent=False) for f in ("permanent", "parchment", "obstacle")}
        self.enter_stage = W.Dropdown(**wide)
        self.enter_side = W.Checkbox(indent=False)
        self.enter_kept: dict = {}                   # the stages of the card filled in so far
        self.enter_for = None                        # ... and which card they are of
        self.pack_file: tuple[str, str] | None = None  # (pack id, text) of the pack file you uploaded
        self.enter_json = W.Textarea(layout=W.Layout(width="460px", height="60px"))
        self.enter_button = b(self.enter_card, style="success")
        self.keep_stage_button = b(self.keep_stage)
        self.enter_box = W.VBox([self.enter_title, self.enter_stage, *self.enter_fields.values(),
                                 W.HBox(list(self.enter_flags.values()) + [self.enter_side]), self.enter_json,
                                 W.HBox([self.keep_stage_button, self.enter_button])])
        self.pack_button = self._button(self.show_pack_download)
        self.children = [self.tick, self.header, self.explain, self.message, self.confirm_box, self.enter_box,
                         self.actions_title, self.actions_box, self.manual_box, W.HBox([self.typed, self.type_button]),
                         W.HBox([self.bot_button, self.turn_button, self.undo_button, self.back_menu,
                                 self.back_button, self.new_button]),
                         self.board, W.HBox([self.save_button, self.pack_button, self.upload, self.pack_upload]),
                         self.download,
                         self.log_title, self.log_view]
        self.set_language(lang)

    @staticmethod
    def _button(fn, style=""):
        button = W.Button(button_style=style, layout=W.Layout(width="auto"))
        button.on_click(lambda _: fn())
        return button

    def set_language(self, lang: str) -> None:
        """Redraw the panel in ``lang`` (the app's language switch calls this)."""
        self.lang = lang
        for button, key in ((self.cancel_button, "cancel"), (self.tool_button, "tool_do"),
                            (self.type_button, "type_do"), (self.bot_button, "bot"), (self.turn_button, "bot_turn"),
                            (self.back_button, "back")):
            button.description = t("legacy.panel." + key, lang)
        self.save_button.description = "⬇ " + t("legacy.panel.save", lang)
        self.pack_button.description = "⬇ " + t("legacy.panel.save_pack", lang)
        self.enter_button.description = t("legacy.panel.enter_do", lang)
        self.keep_stage_button.description = t("legacy.panel.enter_keep", lang)
        self.enter_stage.description = t("legacy.panel.enter.stage", lang)
        stage = self.enter_stage.value or "front"
        self.enter_stage.options = [(t("legacy.stage." + s, lang), s) for s in STAGES]
        self.enter_stage.value = stage
        self.enter_side.description = t("legacy.panel.enter.choose_side", lang)
        for f, w in self.enter_fields.items():
            w.description = t("legacy.panel.enter." + f, lang)
            if f != "glory":
                w.placeholder = t("legacy.panel.enter_example." + f, lang)
        for f, w in self.enter_flags.items():
            w.description = t("legacy.flag." + f, lang)
        self.enter_json.placeholder = t("legacy.panel.enter_json", lang)
        self.upload.description = t("legacy.panel.load", lang)
        self.pack_upload.description = t("legacy.panel.load_pack", lang)
        self.typed.placeholder = t("legacy.panel.type", lang)
        self.actions_title.value = f"<b>{escape(t('legacy.panel.actions', lang))}</b>"
        self.log_title.value = f"<b>{escape(t('legacy.panel.log', lang))}</b>"
        self.refresh(keep_message=True)

    # ------------------------------------------------------------------ acting

    def act(self, action: str | Action, confirmed: bool = False) -> bool:
        """Apply ``action`` (text or Action) and say in words what it did; a move that loses
        unspent resources is only announced until confirmed; a refused one changes
        nothing."""
        c, lang = self.campaign, self.lang
        self.restart_asked, self.undo_asked = False, None
        try:
            a = Action.parse(action)
            if not confirmed and c.is_legal(a):
                lost = c.losses(a)
                if lost:
                    self.waiting = a
                    self.refresh()
                    self._say("warn", t("legacy.panel.warn_loss", lang, what=bundle_text(lost, lang, c.pack),
                                        action=action_text(c, a, lang)))
                    return False
            words = action_text(c, a, lang) if c.is_legal(a) else str(a)
            mark = len(c.events)
            c.apply(a)
        except LegacyError as exc:
            self.refresh()
            self._say("error", t("legacy.panel.refused", lang, message=exc.message(lang)))
            return False
        self.waiting = None
        self.refresh()
        self._say("ok", t("legacy.panel.done", lang, action=words), c.describe(lang, c.events[mark:]))
        return True

    def confirm(self) -> None:
        if self.restart_asked:
            self._start_again()
        elif self.undo_asked is not None:
            step, self.undo_asked = self.undo_asked, None
            self._time_travel(lambda c: c.back_to(step), "legacy.panel.went_back", asked=True)
        elif self.waiting is not None:
            self.act(self.waiting, confirmed=True)

    def cancel(self) -> None:
        self.waiting = None
        self.restart_asked = False
        self.undo_asked = None
        self.refresh()
        self._say("ok", t("legacy.panel.cancelled", self.lang))

    def type_move(self) -> None:
        if self.typed.value.strip() and self.act(self.typed.value.strip()):
            self.typed.value = ""

    def bot_step(self) -> None:
        c = self.campaign
        if c.is_over or c.manual and c.decision() in _YOURS:
            return
        self.act(SimpleBot(len(c.history)).choose(c), confirmed=True)

    def bot_turn(self) -> None:
        c = self.campaign
        start = (c.round, c.turn)
        while not c.is_over and (c.round, c.turn) == start and not (c.manual and c.decision() in _YOURS):
            if not self.act(SimpleBot(len(c.history)).choose(c), confirmed=True):
                break

    def undo(self) -> None:
        if not self.campaign.history and self.before_restart is not None:
            self.campaign, self.before_restart = self.before_restart, None
            self.waiting, self.restart_asked = None, False
            self.refresh()
            self._say("ok", t("legacy.panel.restart_undone", self.lang, step=len(self.campaign.history)))
            return
        self._time_travel(lambda c: c.undo(), "legacy.panel.undone", step=len(self.campaign.history) - 1)

    def go_back(self) -> None:
        step = self.back_menu.value
        if step is not None:
            self._time_travel(lambda c: c.back_to(step), "legacy.panel.went_back", step=step)

    def _time_travel(self, how, key, step=None, asked=False) -> None:
        """Undo or go back; in companion mode it asks first when your real box cannot follow."""
        self.restart_asked, self.undo_asked = False, None
        crossings = [] if asked else self.campaign.undo_crossings(step)
        if crossings:
            self.undo_asked = step
            self.refresh()
            self._say("warn", t("legacy.panel.undo_warn", self.lang, step=step, what="; ".join(
                t("legacy.undo." + kind, self.lang, card=n) for kind, n in crossings)))
            return
        try:
            how(self.campaign)
        except LegacyError as exc:
            self._say("error", t("legacy.panel.refused", self.lang, message=exc.message(self.lang)))
            return
        self.waiting = None
        self.refresh()
        self._say("ok", t(key, self.lang, step=len(self.campaign.history)))

    def new_campaign(self) -> None:
        """Asks first when there are moves to lose (one click must not wipe a campaign)."""
        c = self.campaign
        if not c.pack.invented and not c.can_restart():
            self._say("error", t("legacy.panel.refused", self.lang,
                                 message=t("legacy.error.restart", self.lang, card=c.pack.reset_until)))
            return
        if not c.history:
            self._start_again()
            return
        self.waiting, self.restart_asked = None, True
        self.refresh()
        self._say("warn", t("legacy.panel.restart_ask", self.lang, n=len(c.history)))

    def _start_again(self) -> None:
        """The invented demo: a new campaign (new seed), in the same mode.  Your own box: the
        campaign starts again, which the rules allow until the reset card is discovered.
        The campaign before is kept: "undo" brings it back."""
        c = self.campaign
        kept = c.clone()
        if c.pack.invented:
            self.campaign = Campaign.new(c.pack, c.seed + 1, manual=c.manual)
        else:
            c.restart(c.seed + 1)
        self.before_restart = kept if kept.history else None
        self.waiting, self.restart_asked = None, False
        self.refresh()
        self._say("ok", t("legacy.panel.started", self.lang)
                  + (" " + t("legacy.panel.restart_kept", self.lang) if self.before_restart else ""))

    # ------------------------------------------------------------------ entering a card just discovered

    def enter_card(self) -> bool:
        """Companion mode: the card just discovered, from the form (as the card shows it) or
        from its JSON; a card that cannot be read is refused and nothing changes."""
        c, lang = self.campaign, self.lang
        if c.decision() != "enter":
            return False
        n = c.pending["card"]
        try:
            raw = self._card_from_form(n)
            mark = len(c.events)
            c.enter_card(raw)
        except LegacyError as exc:
            self._say("error", t("legacy.panel.refused", lang, message=exc.message(lang)))
            return False
        self._clear_form()
        self.refresh()
        self._say("ok", t("legacy.panel.entered", lang, card=n), c.describe(lang, c.events[mark:]))
        return True

    def keep_stage(self) -> None:
        """The stage filled in is kept; the form is free for another stage of the same card
        (its back, or a stage turned 180°: upgrades name the stage they lead to)."""
        try:
            stage = self._stage_from_form()
        except LegacyError as exc:
            self._say("error", t("legacy.panel.refused", self.lang, message=exc.message(self.lang)))
            return
        self.enter_kept[self.enter_stage.value] = stage
        self._clear_form()
        left = [s for s in STAGES if s not in self.enter_kept]
        self.enter_stage.value = left[0] if left else self.enter_stage.value
        self._say("ok", t("legacy.panel.enter_kept", self.lang, list=", ".join(
            t("legacy.stage." + s, self.lang) for s in STAGES if s in self.enter_kept)))

    def _clear_form(self) -> None:
        for w in self.enter_fields.values():
            w.value = 0 if isinstance(w, W.BoundedIntText) else ""
        for w in self.enter_flags.values():
            w.value = False
        self.enter_json.value = ""

    def _card_from_form(self, n) -> dict:
        """The card: its JSON when typed, else the stages kept and the one in the form."""
        typed = self.enter_json.value.strip()
        if typed:
            try:
                raw = json.loads(typed)
            except json.JSONDecodeError as exc:
                raise LegacyError("legacy.cli.enter_json", column=exc.colno, reason=json_reason(exc)) from None
            if not isinstance(raw, dict):
                raise LegacyError("legacy.cli.enter_object")
            raw = raw if "stages" in raw else {"stages": {"front": raw}}
            return {"number": n, **raw}
        stages = dict(self.enter_kept)
        if self.enter_fields["name"].value.strip() or not stages:
            stages[self.enter_stage.value] = self._stage_from_form()
        return {"number": n, **({"choose_side": True} if self.enter_side.value else {}),
                "stages": {s: stages[s] for s in STAGES if s in stages}}

    def _stage_from_form(self) -> dict:
        f = {k: (w.value.strip() if isinstance(w.value, str) else w.value) for k, w in self.enter_fields.items()}
        if not f["name"]:
            raise LegacyError("legacy.panel.enter_no_name")
        pack = self.campaign.pack
        words = words_of(pack)
        resources = {w: r for w, r in words.items() if r in pack.all_resources}
        front = {"name": f["name"], "keywords": [w for w in re.split(r"[,\s]+", f["keywords"].lower()) if w]}
        front.update({k: True for k, w in self.enter_flags.items() if w.value})
        if f["production"]:
            front["production"] = [_bundle(o, resources, "production") for o in f["production"].split("/")]
        if f["upgrades"]:
            front["upgrades"] = [_upgrade(u, words, resources) for u in f["upgrades"].split(";") if u.strip()]
        if f["effects"]:
            try:
                front["effects"] = json.loads(f["effects"])
            except json.JSONDecodeError as exc:
                raise LegacyError("legacy.cli.enter_json", column=exc.colno, reason=json_reason(exc)) from None
        if f["equip"]:
            if not re.fullmatch(r"[a-z_]+", f["equip"].lower()):
                raise LegacyError("legacy.panel.enter_bad_equip", value=f["equip"][:40])
            front["equip"] = f["equip"].lower()
        if f["checkboxes"]:
            front["checkboxes"] = [_box(b, resources) for b in f["checkboxes"].split(";")]
        if f["glory"]:
            front["glory"] = f["glory"]
        return front

    def show_pack_download(self) -> str:
        """Your pack with every card entered so far (blanks left out): the pack file grows as
        you play.  Built only when asked for, like the campaign's file."""
        c, lang = self.campaign, self.lang
        data = self._pack_file_text()
        name = f"{c.pack.id}.json"
        self.download.value = ('<div class="kl-root"><a class="kl-download" download="' + escape(name)
                               + '" href="data:application/json;base64,'
                               + base64.b64encode(data.encode("utf-8")).decode("ascii") + '">⬇ '
                               + escape(t("legacy.panel.save_as", lang, name=name)) + "</a></div>")
        return self.download.value

    def _pack_file_text(self) -> str:
        """The pack file you uploaded with the cards entered since written into it, the rest
        as you wrote it; the pack as JSON when you uploaded none of this box."""
        pack = self.campaign.pack.without_placeholders()
        if self.pack_file is None or self.pack_file[0] != pack.id:
            return json.dumps(pack.raw, ensure_ascii=False, indent=1)
        data = self.pack_file[1]
        have = {x["number"]: x for x in json.loads(without_bom(data))["cards"]}
        for n, card in sorted(pack.cards.items()):
            if have.get(n) != card.raw:
                data = with_card(data, card.raw)
        return data

    # ------------------------------------------------------------------ files (browser only)

    def save_text(self) -> str:
        return self.campaign.to_json()

    def load_text(self, data: str | bytes, name: str = "campaign.json") -> bool:
        """Load a campaign from the text of a file the browser sent; a broken file is
        refused whole and the current campaign stays."""
        try:
            self.campaign = Campaign.from_json(data)
        except LegacyError as exc:
            self._say("error", t("legacy.panel.not_loaded", self.lang, name=name, message=exc.message(self.lang)))
            return False
        self.waiting, self.restart_asked, self.before_restart = None, False, None
        self.refresh()
        self._say("ok", t("legacy.panel.loaded", self.lang, name=name))
        return True

    def load_pack_text(self, data: str | bytes, name: str = "pack.json") -> bool:
        """Your pack file: the cards entered since go into this campaign; a pack of another
        box starts a new companion campaign of it."""
        c = self.campaign
        try:
            pack = load_pack(data, name)
            if pack.id == c.pack.id and pack.box_size == c.pack.box_size:
                entered = c.update_cards(pack)
                msg = t("legacy.panel.pack_entered", self.lang, name=name,
                        cards=", ".join(map(str, entered)) or t("legacy.lesson.none", self.lang))
            else:
                self.campaign = Campaign.new(pack, 0, manual=True)
                self.before_restart = c if c.history else None     # the campaign it replaces: undo brings it back
                msg = t("legacy.panel.pack_new", self.lang, name=name) + (
                    ". " + t("legacy.panel.restart_kept", self.lang) if self.before_restart else "")
        except LegacyError as exc:
            self._say("error", t("legacy.panel.refused", self.lang, message=exc.message(self.lang)))
            return False
        self.pack_file = (pack.id, data) if isinstance(data, str) else None
        self.waiting = None
        self.refresh()
        self._say("ok", msg)
        return True

    @staticmethod
    def _uploaded(change):
        value = change["new"]
        files = list(value.values()) if isinstance(value, dict) else list(value)
        if not files:
            return None, None
        f = files[0]
        content = f["content"] if isinstance(f, dict) else f.content
        name = f.get("name", "file.json") if isinstance(f, dict) else getattr(f, "name", "file.json")
        return bytes(content), name

    def _on_upload(self, change) -> None:
        data, name = self._uploaded(change)
        if data is not None:
            self.load_text(data, name)

    def _on_pack_upload(self, change) -> None:
        data, name = self._uploaded(change)
        if data is None:
            return
        try:
            text_ = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            self._say("error", t("legacy.panel.refused", self.lang,
                                 message=t("legacy.pack.encoding", self.lang, file=name, position=exc.start)))
            return
        self.load_pack_text(text_, name)

    # ------------------------------------------------------------------ drawing

    def _say(self, kind, msg, lines=()) -> None:
        items = "".join(f"<li>{escape(x)}</li>" for x in lines)
        self.message.value = (f'<div class="kl-root kl-msg kl-msg-{kind}">{escape(msg)}'
                              + (f"<ul>{items}</ul>" if items else "") + "</div>")

    def _card_html(self, n) -> str:
        c, lang = self.campaign, self.lang
        v = c.card_view(n, lang)
        cls = "kl-card" + (" kl-obstacle" if v["obstacle"] else "") + (" kl-permanent" if v["permanent"] else "") \
            + (" kl-blocked" if v["blocked_by"] else "")
        notes = []
        if v["placeholder"]:
            notes.append(t("legacy.panel.placeholder", lang))
        if v["blocked_by"]:
            notes.append(t("legacy.panel.blocked", lang, by=v["blocked_by"]))
        if v["attached_to"]:
            notes.append(t("legacy.panel.equipped", lang, to=v["attached_to"]))
        if v["tab"]:
            notes.append(t("legacy.panel.tab", lang))
        stickers = [s for s in v["stickers"] if s[0] == v["stage"] and s[1] not in ("glory", "effect")]
        if stickers:
            notes.append(t("legacy.panel.stickers", lang, list=", ".join(
                bundle_text({s[1]: 1}, lang, c.pack) for s in stickers)))
        checks = [x for x in v["checks"] if x[0] == v["stage"]]
        if checks:
            notes.append(t("legacy.panel.checks", lang, n=len(checks)))
        if any(s == v["stage"] for s, _ in v["struck"]):
            notes.append(t("legacy.panel.struck", lang))
        lines = "<br>".join(escape(x) for x in v["lines"])
        extra = "".join(f'<div class="kl-muted">{escape(x)}</div>' for x in notes)
        return (f'<div class="{cls}" data-card="{n}" data-stage="{v["stage"]}"><b>#{n} {escape(v["name"])}</b>'
                f'<div class="kl-muted">{escape(t("legacy.stage." + v["stage"], lang))}</div>'
                f'<div>{lines}</div>{extra}</div>')

    def _row(self, title, cards) -> str:
        inner = "".join(self._card_html(n) for n in cards) or \
            f'<span class="kl-muted">{escape(t("legacy.panel.empty", self.lang))}</span>'
        return f"<div><b>{escape(title)}</b></div><div class='kl-row'>{inner}</div>"

    def refresh(self, keep_message: bool = False) -> None:
        c, lang = self.campaign, self.lang
        self.ticks += 1
        self.tick.value = f'<span class="kl-tick" data-tick="{self.ticks}"></span>'
        if not keep_message:
            self.message.value = ""
        d = c.decision()
        where = t("legacy.panel.round_start", lang, round=c.round) if c.turn == 0 else \
            t("legacy.panel.round", lang, round=c.round, turn=c.turn)
        head = [t("legacy.panel.title", lang, pack=text(c.pack.name, lang)), where,
                t("legacy.panel.glory", lang, n=c.glory()),
                t("legacy.panel.pool", lang, what=bundle_text(c.pool, lang, c.pack)),
                t("legacy.panel.decision", lang, what=decision_text(c, lang))]
        notice = text(c.pack.raw.get("notice"), lang) if c.pack.invented else ""
        companion = t("legacy.panel.companion", lang) if c.manual else ""
        self.header.value = (_STYLE + '<div class="kl-root"><h3>' + escape(head[0]) + "</h3>"
                             + " · ".join(escape(x) for x in head[1:])
                             + "".join(f'<div class="kl-muted">{escape(x)}</div>' for x in (notice, companion) if x)
                             + "</div>")
        help_key = "legacy.panel.help." + d + ("_final" if d == "over" and not c.legal_actions() else "")
        self.explain.value = f'<div class="kl-root kl-help">{escape(t(help_key, lang))}</div>'
        self._draw_board()
        self._draw_actions()
        self._draw_controls()
        lines = [describe(c, e, lang) for e in c.events[-_LOG_LINES:]][::-1]
        self.log_view.value = f'<div class="kl-root kl-log">{escape(chr(10).join(lines))}</div>'
        self.download.value = ""                  # a file of an earlier position is not kept in the page

    def show_download(self) -> str:
        """Build the campaign's file now and show its link (the file is built only when asked
        for, and goes away with the next change: it holds the whole pack, and in the demo the
        cards still in the box, which golden rule 2 says nobody reads before discovering)."""
        c, lang = self.campaign, self.lang
        data = base64.b64encode(self.save_text().encode("utf-8")).decode("ascii")
        name = f"kingdom-legacy-{c.pack.id}-round{c.round}.json"
        warning = t("legacy.panel.save_warning", lang) if any(n in c.box for n in c.pack.cards) else ""
        self.download.value = ('<div class="kl-root">'
                               + (f'<div class="kl-muted">{escape(warning)}</div>' if warning else "")
                               + f'<a class="kl-download" download="{escape(name)}" '
                               f'href="data:application/json;base64,{data}">'
                               f'⬇ {escape(t("legacy.panel.save_as", lang, name=name))}</a></div>')
        return self.download.value

    def _draw_board(self) -> None:
        c, lang = self.campaign, self.lang
        top = c.top_card()
        top_html = self._card_html(top) if top else \
            f'<span class="kl-muted">{escape(t("legacy.lesson.top_none", lang))}</span>'
        tabs = ", ".join(t("legacy.cli.tab_at", lang, card=f"#{n}", n=pos) for pos, n in c.tabs_in_deck())
        tab_line = f'<div class="kl-muted">{escape(t("legacy.panel.tabs", lang, cards=tabs))}</div>' if tabs else ""
        self.board.value = ('<div class="kl-root">'
                            + self._row(t("legacy.panel.play", lang), c.play)
                            + self._row(t("legacy.panel.permanent", lang), c.permanent)
                            + f"<div><b>{escape(t('legacy.panel.top', lang))}</b> "
                            + f'<span class="kl-muted">{escape(t("legacy.panel.deck", lang, n=len(c.deck)))}</span></div>'
                            + f"<div class='kl-row'>{top_html}</div>" + tab_line
                            + self._row(t("legacy.panel.discard", lang), c.discard)
                            + f'<div class="kl-muted">{escape(t("legacy.panel.box", lang, n=len(c.box)))} · '
                            + f'{escape(t("legacy.panel.destroyed", lang, n=len(c.destroyed)))}</div>'
                            + "</div>")

    def _draw_actions(self) -> None:
        c, lang = self.campaign, self.lang
        manual = c.decision() == "manual"
        for old in self.buttons:                             # replaced buttons are closed, not left alive
            old.close()
        self.buttons = []
        for a in c.legal_actions():
            if manual and a != Action(MANUAL, "done"):
                continue                                     # the tools are in the menus below
            button = W.Button(description=action_text(c, a, lang), tooltip=str(a),
                              layout=W.Layout(width="auto", max_width="100%"))
            button.action = a
            button.on_click(self._on_click)
            self.buttons.append(button)
        self.actions_box.children = self.buttons
        self.manual_box.layout.display = "" if manual else "none"
        entering = c.decision() == "enter"
        self.enter_box.layout.display = "" if entering else "none"
        waiting = c.pending["card"] if entering else None
        if waiting != self.enter_for:                        # another card: nothing kept of the one before
            self.enter_for, self.enter_kept = waiting, {}
            self.enter_stage.value, self.enter_side.value = "front", False
        if entering:
            self.enter_title.value = (f'<div class="kl-root kl-help">'
                                      f'{escape(t("legacy.panel.enter_title", lang, card=c.pending["card"]))}</div>')
        if manual:
            said = c.manual_text(lang)
            self.manual_text.value = ('<div class="kl-root kl-help">'
                                      + escape(t("legacy.panel.manual_card", lang, text=said) if said
                                               else t("legacy.panel.manual_free", lang)) + "</div>")
            tools = [tool for tool in TOOLS if tool not in ("start", "done")]
            self.tool_menu.options = [(t("legacy.panel.tool." + tool, lang), tool) for tool in tools]
            self._fill_tool_moves()
        asked = self.waiting is not None or self.restart_asked or self.undo_asked is not None
        self.confirm_box.layout.display = "" if asked else "none"
        self.confirm_button.description = t("legacy.panel.restart_yes" if self.restart_asked else "legacy.panel.undo_yes"
                                            if self.undo_asked is not None else "legacy.panel.confirm", lang)

    def _fill_tool_moves(self) -> None:
        c = self.campaign
        if c.decision() != "manual":
            self.tool_moves.options = []
            return
        moves = [a for a in c.legal_actions() if a.kind == MANUAL and a.a == self.tool_menu.value]
        self.tool_moves.options = [(action_text(c, a, self.lang), str(a)) for a in moves]
        self.tool_button.disabled = not moves

    def _draw_controls(self) -> None:
        c, lang = self.campaign, self.lang
        steps = [(t("legacy.panel.step_start", lang), 0)] + [
            (f"{i}: {h}", i) for i, h in enumerate(c.history, 1)]
        self.back_menu.options = steps[::-1]
        self.back_menu.value = len(c.history)
        self.back_button.disabled = not c.history
        self.undo_button.disabled = not c.history and self.before_restart is None
        self.undo_button.description = t("legacy.panel.undo" if c.history or self.before_restart is None
                                         else "legacy.panel.undo_restart", lang)
        if c.pack.invented:
            self.new_button.description = t("legacy.panel.new", lang)
            self.new_button.disabled, self.new_button.tooltip = False, ""
        else:
            self.new_button.description = t("legacy.panel.restart", lang)
            self.new_button.disabled = not c.can_restart()
            self.new_button.tooltip = "" if c.can_restart() else \
                t("legacy.error.restart", lang, card=c.pack.reset_until)

    def _on_click(self, button) -> None:
        self.act(button.action)


def _bundle(typed, resources, field, bad="legacy.panel.enter_bad") -> dict:
    """Resources as typed in the form: "1 wood + 1 stone" (or "drewno 2", "2 monety");
    ``resources``: every typed name of a resource -> the resource; ``bad``: the message of
    an item not understood."""
    out = {}
    for item in re.split(r"[+,]", typed):
        parts = item.split()
        amounts = [int(x) for x in parts if x.isdigit()]
        names = [resources.get(plain_word(x)) for x in parts if not x.isdigit()]
        if len(amounts) > 1 or len(names) != 1 or names[0] is None:
            raise LegacyError(bad, field=Text("legacy.panel.enter." + field), value=item.strip()[:40] or "-")
        out[names[0]] = out.get(names[0], 0) + (amounts[0] if amounts else 1)
    return out


def _upgrade(typed, words, resources) -> dict:
    """An upgrade as typed: "2 wood > back" (the cost, then the stage it turns the card to)."""
    cost, _, to = typed.partition(">")
    stage = words.get(plain_word(to.strip()), to.strip())
    if stage not in STAGES:
        raise LegacyError("legacy.panel.enter_bad", field=Text("legacy.panel.enter.upgrades"), value=typed.strip()[:40])
    return {"cost": _bundle(cost, resources, "upgrades"), "to": stage}


def _box(typed, resources) -> dict:
    """A checkbox as typed: what marking it gives and the glory it counts, "1 goods + 1 glory"
    (the word for glory in either language)."""
    words = dict(resources)
    for language in LANGUAGES:
        words.update({plain_word(w): "glory" for w in t("legacy.panel.enter_glory_words", language).split("|")})
    got = _bundle(typed, words, "checkboxes", "legacy.panel.enter_bad_box")
    glory = got.pop("glory", 0)
    return {**({"gain": got} if got else {}), **({"glory": glory} if glory else {})}
