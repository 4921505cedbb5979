"""Score race: LP of every player after each phase (plotly), the causes on hover; in a
solo game the Lich King runs too."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from papertales import Game, render as R
from papertales import LICH_SEAT as LICH, cause_label
from papertales.i18n import t
from papertales.render import escape

from .base import DrawnWhenVisible, MessageBox, Speaking, guarded, wrap
from .charts import figure_widget, sync_figure_state
from .session import Session

LICH_COLOR = "#5b2a86"            # the Lich King's colour in every solo chart


def _steps(game: Game) -> list[tuple[int, str]]:
    """The phases played so far, in order, as ``(turn, phase)`` (the current one included)."""
    out: list[tuple[int, str]] = []
    for turn in range(1, 5):
        for phase in R.PHASE_ORDER:
            out.append((turn, phase))
    out.append((4, "end"))
    cur = (game.turn, game.phase)
    if game.phase == "over":
        return out
    return out[:out.index(cur) + 1] if cur in out else out


def lp_series(game: Game, lang: str | None = None) -> tuple[list[str], dict[int, list[int]], dict[int, list[str]]]:
    """``(labels, {seat: [lp after each phase]}, {seat: [hover text]})``, starting at 0.
    In a solo game the Lich King is included under his event seat (``papertales.solo.LICH``)."""
    steps = _steps(game)
    seats = {s: game.players[s].name for s in range(game.n)}
    if game.lich is not None:
        seats[LICH] = R.lich_king_name(lang)
    index = {st: i for i, st in enumerate(steps)}
    gains = {s: [0] * len(steps) for s in seats}
    causes: dict[int, list[dict[str, int]]] = {s: [{} for _ in steps] for s in seats}
    for e in game.events:
        if e.kind == "lp" and e.seat in seats:
            i = index.get((e.turn, e.phase))
            if i is None:
                continue
            gains[e.seat][i] += e.amount
            c = causes[e.seat][i]
            c[e.cause] = c.get(e.cause, 0) + e.amount
    labels = [t("app.race.start", lang)] + [t("app.race.step", lang, turn=turn, phase=t(f"app.race.short.{p}", lang))
                                             for turn, p in steps]
    values: dict[int, list[int]] = {}
    hovers: dict[int, list[str]] = {}
    for s, name in seats.items():
        total = 0
        vals, hov = [0], [escape(t("app.race.hover_start", lang, name=name))]
        for i, (turn, p) in enumerate(steps):
            total += gains[s][i]
            vals.append(total)
            why = (", ".join(f"{cause_label(c, lang, game.cards)} {R.signed(v)}" for c, v in causes[s][i].items())
                   or t("app.race.no_change", lang))
            after = t("app.race.hover", lang, name=name, lp=R.lp_text(total, lang), turn=turn,
                      phase=R.phase_title(p, lang))
            hov.append(f"{escape(after)}<br>{escape(why)}")
        values[s], hovers[s] = vals, hov
    return labels, values, hovers


class ScoreRace(Speaking, DrawnWhenVisible, W.VBox):
    """LP per player after each phase; hover a point for the causes of that phase's LP."""

    def __init__(self, game: Game | None = None, session: Session | None = None, lazy: bool = False, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        lang = self._init_language(lang)
        self.add_class("pt-scorerace")
        self.messages = MessageBox(lang=lang)
        self.fig = None
        self.plot_box = W.Box()
        self.caption = W.HTML()
        self.children = [self.messages, self.caption, self.plot_box]
        self.game = game
        self.active = not lazy
        if session is not None:
            session.observe(lambda s: self.show(s.game))
            self.game = session.game
        self.refresh()

    def show(self, game: Game) -> None:
        self.game = game
        self.refresh()

    @guarded()
    def refresh(self) -> None:
        if self._stale():
            return
        if self.game is None:
            return
        import plotly.graph_objects as go
        g = self.game
        lang = self.lang
        labels, values, hovers = lp_series(g, lang)
        self.series = (labels, values, hovers)
        seats = list(values)                      # the players, then the Lich King in solo
        names = [R.seat_name(g.names, s, lang) for s in seats]
        if self.fig is None or len(self.fig.data) != len(seats):
            self.fig = figure_widget()
            for s in seats:
                color = LICH_COLOR if s == LICH else R.PLAYER_COLORS[s % 5]
                self.fig.add_trace(go.Scatter(mode="lines+markers", line=dict(color=color, width=3),
                                              hoverinfo="text"))
            self.fig.update_layout(height=400, width=980, margin=dict(l=40, r=10, t=30, b=60),
                                   yaxis=dict(rangemode="tozero"), hovermode="closest",
                                   legend=dict(orientation="h", y=1.12), plot_bgcolor="#fafafa",
                                   xaxis=dict(tickangle=-45))
            self.plot_box.children = [self.fig]
        with self.fig.batch_update():
            for s, name, tr in zip(seats, names, self.fig.data):
                tr.x = labels
                tr.y = values[s]
                tr.hovertext = hovers[s]
                tr.name = name
                tr.line.color = LICH_COLOR if s == LICH else R.PLAYER_COLORS[s % 5]
            self.fig.layout.xaxis.categoryorder = "array"
            self.fig.layout.xaxis.categoryarray = labels
            self.fig.layout.yaxis.title = t("app.race.axis", lang)
        sync_figure_state(self.fig)
        now = ", ".join(f"{name} {values[s][-1]}" for s, name in zip(seats, names))
        self.caption.value = wrap(f"<div class='pt-muted'>{escape(t('app.race.caption', lang, now=now))}</div>")
