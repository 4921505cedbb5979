"""The Kingdom Legacy panel: the kingdom's cards (each at its current stage), the top of
the face-up draw pile, the legal actions as buttons, the event log, the glory total, and
saving / loading a campaign through the browser (a download link and a file upload; no
server path is ever typed).

With a campaign created with ``manual=True`` it is the companion of a real box: you
answer "which card is on top of your draw pile?" and the panel keeps the rules for you.
Every text comes from the message catalogue (``legacy.panel.*`` and the engine's keys)."""

from __future__ import annotations

import base64
from html import escape

import ipywidgets as W

from kingdom_legacy import Campaign, LegacyError, SimpleBot, demo_pack
from kingdom_legacy.cards import bundle_text, text
from kingdom_legacy.events import action_text, describe
from papertales.i18n import t

_STYLE = """<style>
.kl-root{font-family:system-ui,sans-serif;font-size:13px}
.kl-row{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0}
.kl-card{border:2px solid #8a6d3b;border-radius:6px;padding:4px 6px;width:190px;background:#fffaf0}
.kl-card.kl-obstacle{border-color:#b52b27;background:#fff0f0}
.kl-card.kl-permanent{border-color:#c9a227;background:#fffbe0}
.kl-card.kl-blocked{opacity:.55}
.kl-card b{font-size:14px}
.kl-muted{color:#666;font-size:12px}
.kl-log{max-height:260px;overflow-y:auto;font-family:monospace;font-size:12px;white-space:pre-wrap}
.kl-msg-error{color:#b52b27}.kl-msg-ok{color:#2b7a2b}
</style>"""
_LOG_LINES = 40


class LegacyPanel(W.VBox):
    """``LegacyPanel(lang="en")``: a demo campaign; ``campaign=`` to show your own."""

    def __init__(self, lang: str = "en", campaign: Campaign | None = None, pack=None, seed: int = 1, **kw):
        super().__init__(**kw)
        self.lang = lang
        self.campaign = campaign or Campaign.new(pack or demo_pack(), seed)
        self.header = W.HTML()
        self.board = W.HTML()
        self.message = W.HTML()
        self.actions_box = W.VBox()
        self.log_view = W.HTML()
        self.download = W.HTML()
        self.buttons: list[W.Button] = []
        self.bot_button = W.Button(description=t("legacy.panel.bot", lang))
        self.turn_button = W.Button(description=t("legacy.panel.bot_turn", lang))
        self.new_button = W.Button(description=t("legacy.panel.new", lang))
        self.upload = W.FileUpload(accept=".json", multiple=False, description=t("legacy.panel.load", lang))
        self.bot_button.on_click(lambda _: self.bot_step())
        self.turn_button.on_click(lambda _: self.bot_turn())
        self.new_button.on_click(lambda _: self.new_campaign())
        self.upload.observe(self._on_upload, names="value")
        self.actions_title = W.HTML(f"<b>{escape(t('legacy.panel.actions', lang))}</b>")
        self.log_title = W.HTML(f"<b>{escape(t('legacy.panel.log', lang))}</b>")
        self.children = [self.header, self.board, self.message, self.actions_title, self.actions_box,
                         W.HBox([self.bot_button, self.turn_button, self.new_button]),
                         W.HBox([self.download, self.upload]), self.log_title, self.log_view]
        self.refresh()

    def set_language(self, lang) -> None:
        """Redraw the panel in ``lang`` (the app's language switch calls this)."""
        self.lang = lang
        self.bot_button.description = t("legacy.panel.bot", lang)
        self.turn_button.description = t("legacy.panel.bot_turn", lang)
        self.new_button.description = t("legacy.panel.new", lang)
        self.upload.description = t("legacy.panel.load", lang)
        self.actions_title.value = f"<b>{escape(t('legacy.panel.actions', lang))}</b>"
        self.log_title.value = f"<b>{escape(t('legacy.panel.log', lang))}</b>"
        self.refresh()

    # ------------------------------------------------------------------ acting

    def act(self, action) -> bool:
        """Apply ``action`` (text or Action); a refused one is shown, nothing changes."""
        try:
            self.campaign.apply(action)
        except LegacyError as exc:
            self._say("error", t("legacy.panel.refused", self.lang, message=exc.message(self.lang)))
            return False
        self._say("ok", t("legacy.panel.done", self.lang, action=str(action)))
        self.refresh(keep_message=True)
        return True

    def bot_step(self) -> None:
        c = self.campaign
        if c.is_over or c.manual and c.decision() == "reveal":
            return
        self.act(SimpleBot(len(c.history)).choose(c))

    def bot_turn(self) -> None:
        c = self.campaign
        start = (c.round, c.turn)
        while not c.is_over and (c.round, c.turn) == start and not (c.manual and c.decision() == "reveal"):
            if not self.act(SimpleBot(len(c.history)).choose(c)):
                break

    def new_campaign(self) -> None:
        self.campaign = Campaign.new(self.campaign.pack, self.campaign.seed + 1)
        self.message.value = ""
        self.refresh()

    # ------------------------------------------------------------------ files (browser only)

    def save_text(self) -> str:
        return self.campaign.to_json()

    def load_text(self, data, name: str = "campaign.json") -> bool:
        """Load a campaign from the text of a file the browser sent; a broken file is
        refused whole and the current campaign stays."""
        try:
            self.campaign = Campaign.from_json(data)
        except LegacyError as exc:
            self._say("error", t("legacy.panel.refused", self.lang, message=exc.message(self.lang)))
            return False
        self.refresh()
        self._say("ok", t("legacy.panel.loaded", self.lang, name=name))
        return True

    def _on_upload(self, change) -> None:
        value = change["new"]
        files = list(value.values()) if isinstance(value, dict) else list(value)
        if not files:
            return
        f = files[0]
        content = f["content"] if isinstance(f, dict) else f.content
        name = f.get("name", "campaign.json") if isinstance(f, dict) else getattr(f, "name", "campaign.json")
        self.load_text(bytes(content).decode("utf-8", errors="replace"), name)

    # ------------------------------------------------------------------ drawing

    def _say(self, kind, msg) -> None:
        self.message.value = f'<div class="kl-root kl-msg-{kind}">{escape(msg)}</div>'

    def _card_html(self, n) -> str:
        c, lang = self.campaign, self.lang
        v = c.card_view(n, lang)
        cls = "kl-card" + (" kl-obstacle" if v["obstacle"] else "") + (" kl-permanent" if v["permanent"] else "") \
            + (" kl-blocked" if v["blocked_by"] else "")
        notes = []
        if v["blocked_by"]:
            notes.append(t("legacy.panel.blocked", lang, by=v["blocked_by"]))
        if v["attached_to"]:
            notes.append(t("legacy.panel.equipped", lang, to=v["attached_to"]))
        stickers = [s for s in v["stickers"] if s[0] == v["stage"]]
        if stickers:
            notes.append(t("legacy.panel.stickers", lang, list=", ".join(
                t("legacy.sticker." + s[1], lang) for s in stickers)))
        checks = [x for x in v["checks"] if x[0] == v["stage"]]
        if checks:
            notes.append(t("legacy.panel.checks", lang, n=len(checks)))
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
        if not keep_message:
            self.message.value = ""
        decision = t("legacy.decision." + c.decision(), lang)
        head = [t("legacy.panel.title", lang, pack=text(c.pack.name, lang)),
                t("legacy.panel.round", lang, round=c.round, turn=c.turn),
                t("legacy.panel.glory", lang, n=c.glory()),
                t("legacy.panel.pool", lang, what=bundle_text(c.pool, lang)),
                t("legacy.panel.decision", lang, what=decision)]
        notice = text(c.pack.raw.get("notice"), lang) if c.pack.invented else ""
        companion = t("legacy.panel.companion", lang) if c.manual else ""
        self.header.value = (_STYLE + '<div class="kl-root"><h3>' + escape(head[0]) + "</h3>"
                             + " · ".join(escape(x) for x in head[1:])
                             + "".join(f'<div class="kl-muted">{escape(x)}</div>' for x in (notice, companion) if x)
                             + "</div>")
        top = c.top_card()
        top_html = self._card_html(top) if top else \
            f'<span class="kl-muted">{escape(t("legacy.lesson.top_none", lang))}</span>'
        self.board.value = ('<div class="kl-root">'
                            + self._row(t("legacy.panel.play", lang), c.play)
                            + self._row(t("legacy.panel.permanent", lang), c.permanent)
                            + f"<div><b>{escape(t('legacy.panel.top', lang))}</b> "
                            + f'<span class="kl-muted">{escape(t("legacy.panel.deck", lang, n=len(c.deck)))}</span></div>'
                            + f"<div class='kl-row'>{top_html}</div>"
                            + self._row(t("legacy.panel.discard", lang), c.discard)
                            + f'<div class="kl-muted">{escape(t("legacy.panel.box", lang, n=len(c.box)))}</div>'
                            + "</div>")
        self.buttons = []
        for a in c.legal_actions():
            b = W.Button(description=action_text(c, a, lang), tooltip=str(a),
                         layout=W.Layout(width="auto", max_width="100%"))
            b.action = a
            b.on_click(self._on_click)
            self.buttons.append(b)
        self.actions_box.children = self.buttons
        lines = [describe(c, e, lang) for e in c.events[-_LOG_LINES:]]
        self.log_view.value = f'<div class="kl-root kl-log">{escape(chr(10).join(lines))}</div>'
        data = base64.b64encode(self.save_text().encode("utf-8")).decode("ascii")
        self.download.value = (f'<a download="kingdom-legacy-campaign.json" '
                               f'href="data:application/json;base64,{data}">'
                               f'{escape(t("legacy.panel.save", lang))}</a>')

    def _on_click(self, button) -> None:
        self.act(button.action)
