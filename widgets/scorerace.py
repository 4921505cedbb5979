"""Score race: LP of every player after each phase (plotly), the causes on hover; in a
solo game the Lich King runs too."""

from __future__ import annotations

from html import escape

import ipywidgets as W

from papertales import render as R
from papertales.solo import LICH

from .base import DrawnWhenVisible, MessageBox, guarded, sync_figure_state, wrap

LICH_COLOR = "#5b2a86"            # the Lich King's colour in every solo chart

SHORT = {"recruitment": "Rec", "deployment": "Dep", "wars": "War", "income": "Inc",
         "construction": "Con", "aging": "Age", "end": "End"}


def _steps(game):
    """The phases played so far, in order, as ``(turn, phase)`` (the current one included)."""
    out = []
    for turn in range(1, 5):
        for phase in R.PHASE_ORDER:
            out.append((turn, phase))
    out.append((4, "end"))
    cur = (game.turn, game.phase)
    if game.phase == "over":
        return out
    return out[:out.index(cur) + 1] if cur in out else out


def lp_series(game):
    """``(labels, {seat: [lp after each phase]}, {seat: [hover text]})``, starting at 0.
    In a solo game the Lich King is included under his event seat (``papertales.solo.LICH``)."""
    steps = _steps(game)
    seats = {s: game.players[s].name for s in range(game.n)}
    if game.lich is not None:
        seats[LICH] = R.LICH_KING
    index = {st: i for i, st in enumerate(steps)}
    gains = {s: [0] * len(steps) for s in seats}
    causes = {s: [{} for _ in steps] for s in seats}
    for e in game.events:
        if e.kind == "lp" and e.seat in seats:
            i = index.get((e.turn, e.phase))
            if i is None:
                continue
            gains[e.seat][i] += e.amount
            c = causes[e.seat][i]
            c[e.cause] = c.get(e.cause, 0) + e.amount
    labels = ["start"] + [f"T{t} {SHORT[p]}" for t, p in steps]
    values, hovers = {}, {}
    for s, name in seats.items():
        total = 0
        vals, hov = [0], [f"{escape(name)}: 0 LP at the start"]
        for i, (t, p) in enumerate(steps):
            total += gains[s][i]
            vals.append(total)
            why = ", ".join(f"{c} {R.signed(v)}" for c, v in causes[s][i].items()) or "no LP change"
            hov.append(f"{escape(name)}: {total} LP after turn {t} {R.PHASE_TITLES[p]}<br>{escape(why)}")
        values[s], hovers[s] = vals, hov
    return labels, values, hovers


class ScoreRace(DrawnWhenVisible, W.VBox):
    """LP per player after each phase; hover a point for the causes of that phase's LP."""

    def __init__(self, game=None, session=None, lazy=False, **kw):
        super().__init__(**kw)
        self.add_class("pt-scorerace")
        self.messages = MessageBox()
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

    def show(self, game) -> None:
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
        labels, values, hovers = lp_series(g)
        self.series = (labels, values, hovers)
        seats = list(values)                      # the players, then the Lich King in solo
        names = [R.seat_name(g.names, s) for s in seats]
        if self.fig is None or len(self.fig.data) != len(seats):
            self.fig = go.FigureWidget()
            for s in seats:
                color = LICH_COLOR if s == LICH else R.PLAYER_COLORS[s % 5]
                self.fig.add_trace(go.Scatter(mode="lines+markers", line=dict(color=color, width=3),
                                              hoverinfo="text"))
            self.fig.update_layout(height=400, width=980, margin=dict(l=40, r=10, t=30, b=60),
                                   yaxis=dict(title="LP", rangemode="tozero"), hovermode="closest",
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
        sync_figure_state(self.fig)
        now = ", ".join(f"{name} {values[s][-1]}" for s, name in zip(seats, names))
        self.caption.value = wrap(f"<div class='pt-muted'>LP now: {R._e(now)}. One point per phase; "
                                  "hover a point for the causes.</div>")
