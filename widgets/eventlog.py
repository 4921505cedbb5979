"""The "Why?" panel: every LP and gold change with its cause, filtered by player.  In a
solo game the Lich King's events are shown under his name (and he can be chosen)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from papertales import Game, render as R
from papertales import LICH_SEAT, Event, cause_label
from papertales.i18n import t

from .base import DrawnWhenVisible, MessageBox, Speaking, guarded, options, wrap
from .session import Session

SCOPES = (("app.log.scope.phase", "phase"), ("app.log.scope.turn", "turn"), ("app.log.scope.game", "game"))
MONEY = ("lp", "gold")
#: what the default filter shows: LP, gold and deaths (Aging is seen)
SHOWN = MONEY + ("death", "spared")


def select_events(events: Sequence[Event], seat: int | None = None, scope: str = "phase", money_only: bool = True,
                  lang: str | None = None) -> tuple[str, list[Event]]:
    """``(title, events)`` for the filters.  ``scope="phase"`` is the latest phase in
    which something (of the chosen kinds, for the chosen player) happened."""
    evs = [e for e in events
           if (seat is None or e.seat == seat) and (not money_only or e.kind in SHOWN)]
    if not evs:
        return t("app.log.title.nothing", lang), []
    last = evs[-1]
    if scope == "phase":
        title = t("app.log.title.phase", lang, turn=last.turn, phase=R.phase_title(last.phase, lang))
        return title, [e for e in evs if (e.turn, e.phase) == (last.turn, last.phase)]
    if scope == "turn":
        return t("app.log.title.turn", lang, turn=last.turn), [e for e in evs if e.turn == last.turn]
    return t("app.log.title.game", lang), evs


def summary_rows(events: Iterable[Event], names: Sequence[str]) -> list[tuple[int, str, int, dict[str, int]]]:
    """Per player (the Lich King last, in solo) and kind, the total and its causes:
    ``[(seat, kind, total, {cause: n})]``."""
    out: dict[tuple[int, str], tuple[int, dict[str, int]]] = {}
    for e in events:
        if e.kind in MONEY and (e.seat >= 0 or e.seat == LICH_SEAT):
            key = (e.seat, e.kind)
            total, causes = out.get(key, (0, {}))
            causes[e.cause] = causes.get(e.cause, 0) + e.amount
            out[key] = (total + e.amount, causes)
    order = sorted(out, key=lambda k: (k[0] < 0, k))
    return [(seat, kind, *out[seat, kind]) for seat, kind in order]


def player_options(game: Game, lang: str | None = None) -> list[tuple[str, int]]:
    """The player filter: everybody, each player, and the Lich King in a solo game."""
    opts = [(t("app.log.all_players", lang), -1)] + [(n, i) for i, n in enumerate(game.names)]
    if game.lich is not None:
        opts = [(t("app.log.you_and_lich", lang), -1)] + opts[1:] + [(R.lich_king_name(lang), LICH_SEAT)]
    return opts


class EventLog(Speaking, DrawnWhenVisible, W.VBox):
    """Why did the score change?  The event log of the game with its causes."""

    def __init__(self, game: Game | None = None, session: Session | None = None, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        lang = self._init_language(lang)
        self.add_class("pt-eventlog")
        self.messages = MessageBox(lang=lang)
        self.player = W.Dropdown(options=[(t("app.log.all_players", lang), -1)], value=-1,
                                 description=t("app.log.player", lang), layout=W.Layout(width="220px"))
        self.player.add_class("pt-log-player")
        self.scope = W.ToggleButtons(options=options(SCOPES, lang), value="phase")
        self.scope.style.button_width = "110px"
        self.money_only = W.Checkbox(value=True, description=t("app.log.money_only", lang), indent=False)
        self.summary = W.HTML()
        self.table = W.HTML()
        self.table.add_class("pt-log-table")
        for w in (self.player, self.scope, self.money_only):
            w.observe(self._on_filter, names="value")
        self.children = [W.HBox([self.player, self.scope, self.money_only],
                                layout=W.Layout(flex_flow="row wrap")),
                         self.messages, self.summary, self.table]
        self.game: Game | None = None
        self._names: list[tuple[str, int]] | None = None
        self.session = session
        if session is not None:
            session.observe(lambda s: self.show(s.game))
            self.show(session.game)
        elif game is not None:
            self.show(game)

    @guarded()
    def _on_filter(self, _change: Mapping[str, Any] | None = None) -> None:
        if not self._relabelling:
            self.render()

    _relabelling = False

    def relabel(self) -> None:
        self._relabelling = True
        try:
            self.player.description = self.t("app.log.player")
            scope = self.scope.value
            self.scope.options = options(SCOPES, self.lang)
            self.scope.value = scope
            self.money_only.description = self.t("app.log.money_only")
            self._names = None
        finally:
            self._relabelling = False

    def show(self, game: Game) -> None:
        self.game = game
        if self._stale():
            return
        self.render()

    def redraw(self) -> None:
        if self.game is not None:
            self.show(self.game)

    def render(self) -> None:
        g = self.game
        if g is None:
            return
        lang = self.lang
        names = g.names
        opts = player_options(g, lang)
        if opts != self._names:
            self._names = opts
            current = self.player.value
            self._relabelling = True
            try:
                self.player.options = opts
                self.player.value = current if current in [v for _, v in opts] else -1
            finally:
                self._relabelling = False
        seat = None if self.player.value == -1 else self.player.value
        events = g.events
        if self.session is not None and self.session.game is g and self.session.observer is not None:
            events = self.session.visible_events()      # others' picks stay secret
        title, evs = select_events(events, seat, self.scope.value, self.money_only.value, lang)
        rows = []
        for seat, kind, total, causes in summary_rows(evs, names):
            why = ", ".join(f"{R.escape(cause_label(c, lang, g.cards))} {R.signed(n)}" for c, n in causes.items())
            cls = "pt-plus" if total >= 0 else "pt-minus"
            rows.append(f"<tr data-seat='{seat}' data-kind='{kind}'><td>{R.escape(R.seat_name(names, seat, lang))}</td>"
                        f"<td class='{cls}'>{R.escape(R.change_text(kind, total, lang))}</td><td>{why}</td></tr>")
        head = "".join(f"<th>{R.escape(t(k, lang))}</th>"
                       for k in ("app.log.col.player", "app.log.col.total", "app.log.col.causes"))
        summary = (f"<table class='pt-table pt-summary'><tr>{head}</tr>" + "".join(rows) + "</table>") if rows else ""
        heading = R.escape(t("app.log.heading", lang, title=title))
        self.summary.value = wrap(f"<div><b>{heading}</b></div>{summary}")
        self.table.value = wrap(R.events_table_html(evs, names, limit=400, lang=lang, cards=g.cards), css=False)
