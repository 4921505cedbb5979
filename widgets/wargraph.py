"""War graph: the ring of players (networkx), who beat whom, drawn with plotly.

A node is a player with the kingdom's strength (hover: the strength of each unit and
bonus); an arrow goes from the winner to the loser of each war won, labelled with the LP
it gave.  A tie gives two arrows.  With two players there is one pair, and the double win
(at least twice the opponent's strength) is spelled out on the arrow.

The data come from the engine's what-if evaluation (``papertales.whatif.evaluate``), which
runs the real Wars phase on a copy; each war event carries its opponent and both
strengths as data.  The graph of a resolved turn is computed from the game as it stood
just before its Wars (the session keeps that copy).  A solo game has no graph: its
opponents are the Lich King's armies (see ``LichKingPanel``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

import ipywidgets as W

from papertales import Game, PaperTalesError
from papertales import render as R
from papertales import RULE_WARS
from papertales.i18n import t
from papertales.render import escape
from papertales.whatif import evaluate

from .base import DrawnWhenVisible, MessageBox, Speaking, guarded, wrap
from .charts import Figure, figure_widget, sync_figure_state
from .session import Session

if TYPE_CHECKING:
    import networkx as nx


def _neighbours(n: int, seat: int) -> list[int]:
    return [1 - seat] if n == 2 else [(seat - 1) % n, (seat + 1) % n]


def war_graph(game: Game, title: str | None = None, lang: str | None = None) -> nx.DiGraph:
    """The wars the kingdoms of ``game`` would fight now (exactly: the engine runs them,
    also while decisions are pending).

    Nodes: seats with ``name``, ``strength``, ``breakdown`` [(cause, strength, note)],
    ``war_lp`` (LP from wars) and ``other_lp`` (LP from war abilities).  Edges: winner ->
    loser with ``wars`` (1, or 2 for a two-player double win) and ``lp``.  Opponents and
    strengths come from the war events' data ``(opponent, strength, opponent's strength)``.
    The ring of neighbours is ``G.graph["ring"]``; the words (unit names, notes, details,
    the title) are in ``lang`` (``G.graph["lang"]``)."""
    import networkx as nx       # when a graph is first drawn: its 280 modules cost a second of the static site's start
    lang = R.lang_of(lang)
    if game.lich is not None:
        raise PaperTalesError(t("app.wg.solo_error", lang))
    ev = evaluate(game, phases=("wars",), lang=lang)
    n = game.n
    G = nx.DiGraph(turn=game.turn, n=n, lang=lang, title=title or t("app.wg.title", lang, turn=game.turn))
    for p in ev["players"]:
        rows = [(r["name"], r["strength"], r["note"] or "") for r in p["strength"]["breakdown"]]
        G.add_node(p["seat"], name=p["name"], strength=p["strength"]["total"], breakdown=rows,
                   war_lp=0, other_lp=0, won=0)
    for e in ev["wars"]["events"]:
        if e["kind"] == "war":
            opp, strength, _ = e["data"]
            G.nodes[e["seat"]]["strength"] = strength         # the strength the Wars used
            if e["amount"]:
                G.nodes[e["seat"]]["won"] += e["amount"]
                G.add_edge(e["seat"], opp, wars=e["amount"], detail=e["detail"])
        elif e["kind"] == "lp" and e["seat"] >= 0:
            key = "war_lp" if e["cause"] == RULE_WARS else "other_lp"
            G.nodes[e["seat"]][key] += e["amount"]
    for u, v, data in G.edges(data=True):        # the winner's LP from wars, shared by the wars won
        data["lp"] = data["wars"] * G.nodes[u]["war_lp"] // G.nodes[u]["won"]
    G.graph["ring"] = sorted({tuple(sorted((s, nb))) for s in range(n) for nb in _neighbours(n, s)})
    return G


def graph_for_session(session: Session, turn: int | Literal["now"] | None = None,
                      lang: str | None = None) -> tuple[nx.DiGraph, str]:
    """``(graph, label)`` for a session: the resolved Wars of ``turn`` (default: of the
    current turn if they happened), else a preview of the kingdoms as they stand."""
    game = session.game
    if turn is None:
        turn = game.turn
    before = session.wars_game(turn) if turn != "now" else None
    if before is not None:
        return war_graph(before, t("app.wg.title_resolved", lang, turn=turn), lang), "resolved"
    visible = session.visible_game(game) if hasattr(session, "visible_game") else game
    G = war_graph(visible, t("app.wg.title_preview", lang, turn=game.turn), lang)
    G.graph["hidden"] = visible is not game         # face-down units are not counted
    return G, "preview"


# ------------------------------------------------------------------ plotly

def _circle(n: int) -> list[tuple[float, float]]:
    """networkx's ``circular_layout`` of ``n`` nodes in plain Python (it needs numpy, which the
    static site, Pyodide offline, does not have): node ``i`` at angle 2πi/n, then centred on
    0 and scaled so that the largest coordinate is 1."""
    points = [(math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)) for i in range(n)]
    mx, my = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
    points = [(x - mx, y - my) for x, y in points]
    lim = max(max(abs(x), abs(y)) for x, y in points)
    return [(x / lim, y / lim) for x, y in points]


def _layout(G: nx.DiGraph) -> dict[int, tuple[float, float]]:
    """Players around a table: networkx's circular layout (:func:`_circle`), seat 0 at the
    top, clockwise."""
    if G.number_of_nodes() == 2:
        return {0: (-1.0, 0.0), 1: (1.0, 0.0)}
    seats = sorted(G.nodes)
    return {s: (y, x) for s, (x, y) in zip(seats, _circle(len(seats)))}


def figure_parts(G: nx.DiGraph) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Traces and annotations (plain dicts) for the graph, in the graph's language."""
    lang = G.graph.get("lang")
    pos = _layout(G)
    n = G.number_of_nodes()
    ring_x, ring_y = [], []
    for a, b in G.graph["ring"]:
        ring_x += [pos[a][0], pos[b][0], None]
        ring_y += [pos[a][1], pos[b][1], None]
    xs, ys, texts, hovers, colors = [], [], [], [], []
    for s in range(n):
        d = G.nodes[s]
        xs.append(pos[s][0])
        ys.append(pos[s][1])
        strength = escape(t("render.kingdom.strength", lang, n=d["strength"]))
        texts.append(f"<b>{escape(d['name'])}</b><br>{strength}")
        lines = [f"<b>{escape(d['name'])}</b>: {strength}"]
        for cause, st, note in d["breakdown"]:
            lines.append(f"{escape(cause)}: {st}" + (f"  <i>({escape(note)})</i>" if note else ""))
        if not d["breakdown"]:
            lines.append(escape(t("app.wg.no_units", lang)))
        lines.append(escape(t("app.wg.lp_from_wars", lang, lp=d["war_lp"])
                            + (t("app.wg.lp_from_abilities", lang, lp=d["other_lp"]) if d["other_lp"] else "")))
        hovers.append("<br>".join(lines))
        colors.append(R.PLAYER_COLORS[s % len(R.PLAYER_COLORS)])
    annotations = []
    r = 0.2                                   # node radius in data units
    for u, v, data in G.edges(data=True):
        (x0, y0), (x1, y1) = pos[u], pos[v]
        dx, dy = x1 - x0, y1 - y0
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        off = 0.07 if G.has_edge(v, u) else 0.0     # a tie: two arrows side by side
        px, py = -uy * off, ux * off
        sx, sy = x0 + ux * r + px, y0 + uy * r + py
        ex, ey = x1 - ux * r + px, y1 - uy * r + py
        wars = data["wars"]
        label = escape(t("app.wg.arrow", lang, n=wars, lp=R.lp_text(data["lp"], lang)))
        winner = G.nodes[u]["name"]
        hover = escape(t("app.wg.beats.you" if R.is_you(winner) else "app.wg.beats", lang, winner=winner,
                         loser=G.nodes[v]["name"], detail=data["detail"])
                       + (t("app.wg.double_win", lang) if wars == 2 else ""))
        annotations.append(dict(x=ex, y=ey, ax=sx, ay=sy, xref="x", yref="y", axref="x", ayref="y",
                                showarrow=True, arrowhead=3, arrowsize=1.3, arrowwidth=2.5 if wars == 1 else 4,
                                arrowcolor=R.PLAYER_COLORS[u % len(R.PLAYER_COLORS)], text="",
                                hovertext=hover))
        mx, my = (sx + ex) / 2 + px * 1.8, (sy + ey) / 2 + py * 1.8
        annotations.append(dict(x=mx, y=my, xref="x", yref="y", showarrow=False, text=f"<b>{label}</b>",
                                bgcolor="rgba(255,255,255,0.85)", font=dict(size=12), hovertext=hover))
    if n == 2:
        annotations.append(dict(x=0, y=-0.55, xref="x", yref="y", showarrow=False,
                                text=escape(t("app.wg.two_players", lang)),
                                font=dict(size=11, color="#555")))
    if not G.number_of_edges():
        annotations.append(dict(x=0, y=0, xref="x", yref="y", showarrow=False,
                                text=escape(t("app.wg.no_war", lang)),
                                font=dict(color="#888")))
    ring = dict(type="scatter", x=ring_x, y=ring_y, mode="lines", hoverinfo="skip",
                line=dict(color="#cccccc", width=1, dash="dot"), showlegend=False)
    nodes = dict(type="scatter", x=xs, y=ys, mode="markers+text", text=texts, textposition="middle center",
                 hovertext=hovers, hoverinfo="text", showlegend=False,
                 marker=dict(size=78, color=colors, opacity=0.9, line=dict(color="#333", width=1)),
                 textfont=dict(color="white", size=11))
    return [ring, nodes], annotations


def graph_table_html(G: nx.DiGraph) -> str:
    """The same facts as the picture, as a table: strength per unit and the wars won."""
    lang = G.graph.get("lang")
    rows = []
    for s in sorted(G.nodes):
        d = G.nodes[s]
        units = ("<br>".join(f"{escape(c)} <b>{st}</b> <span class='pt-muted'>{escape(note)}</span>"
                             for c, st, note in d["breakdown"])
                 or f"<span class='pt-muted'>{escape(t('app.wg.no_units', lang))}</span>")
        beaten = ", ".join(f"{escape(G.nodes[v]['name'])}" + (" (×2)" if data["wars"] == 2 else "")
                           for _, v, data in G.out_edges(s, data=True)) or "—"
        lp = d["war_lp"] + d["other_lp"]
        rows.append(f"<tr data-seat='{s}'><td><b>{escape(d['name'])}</b></td>"
                    f"<td class='pt-wg-strength'><b>{d['strength']}</b></td><td>{units}</td>"
                    f"<td>{beaten}</td><td class='pt-plus'>+{escape(R.lp_text(lp, lang))}</td></tr>")
    head = "".join(f"<th>{escape(t('app.wg.col.' + c, lang))}</th>"
                   for c in ("player", "strength", "per_unit", "beats", "lp"))
    return f"<table class='pt-table pt-war-table'><tr>{head}</tr>" + "".join(rows) + "</table>"


def build_figure(G: nx.DiGraph, widget: bool = True) -> Figure:
    import plotly.graph_objects as go
    traces, annotations = figure_parts(G)
    cls = figure_widget if widget else go.Figure
    fig = cls(data=[go.Scatter(**{k: v for k, v in t.items() if k != "type"}) for t in traces])
    fig.update_layout(title=dict(text=G.graph.get("title", ""), x=0.02), annotations=annotations,
                      xaxis=dict(visible=False, range=[-1.5, 1.5]),
                      yaxis=dict(visible=False, range=[-1.4, 1.4], scaleanchor="x"),
                      height=430, width=560, margin=dict(l=10, r=10, t=40, b=10),
                      plot_bgcolor="white", hoverlabel=dict(align="left"))
    if widget:
        sync_figure_state(fig)
    return fig


def update_figure(fig: Figure, G: nx.DiGraph) -> None:
    traces, annotations = figure_parts(G)
    with fig.batch_update():
        for tr, new in zip(fig.data, traces):
            tr.update({k: v for k, v in new.items() if k != "type"})
        fig.layout.annotations = annotations
        fig.layout.title.text = G.graph.get("title", "")
    sync_figure_state(fig)


class WarGraph(Speaking, DrawnWhenVisible, W.VBox):
    """The war graph panel.  ``turn``: which Wars (a resolved turn or the preview)."""

    def __init__(self, game: Game | None = None, session: Session | None = None, lazy: bool = False, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        lang = self._init_language(lang)
        self.add_class("pt-wargraph")
        self.messages = MessageBox(lang=lang)
        self._relabelling = False
        self.which = W.Dropdown(options=[(t("app.wg.which.current", lang), "current")], value="current",
                                description=t("app.wg.which", lang), layout=W.Layout(width="280px"))
        self.which.observe(self._on_which, names="value")
        self.caption = W.HTML()
        self.fig = None
        self.graph = None
        self.session = session
        self.game = game
        self.active = not lazy
        self.plot_box = W.Box()
        self.table = W.HTML(layout=W.Layout(margin="30px 0 0 10px", max_width="560px"))
        self.table.add_class("pt-wargraph-table")
        self.children = [self.which, self.messages, self.caption, self.plot_box]
        if session is not None:
            session.observe(lambda s: self.refresh())
        self.refresh()

    def _turn_options(self) -> list[tuple[str, int | str]]:
        opts: list[tuple[str, int | str]] = [(self.t("app.wg.which.current"), "current"), (self.t("app.wg.which.now"), "now")]
        if self.session is not None:
            opts += [(self.t("app.wg.which.turn", turn=turn), turn) for turn in sorted(self.session.wars_games)]
        return opts

    def relabel(self) -> None:
        self.which.description = self.t("app.wg.which")
        self._relabelling = True
        try:
            value = self.which.value
            self.which.options = self._turn_options() if self.session is not None else [
                (self.t("app.wg.which.current"), "current")]
            self.which.value = value
        finally:
            self._relabelling = False

    @guarded()
    def _on_which(self, _change: Mapping[str, Any] | None = None) -> None:
        if not self._relabelling:
            self.refresh()

    @guarded()
    def refresh(self) -> None:
        if self._stale():
            return
        game = self.session.game if self.session is not None else self.game
        if game is not None and game.lich is not None:      # solo: nothing to draw here
            self.graph = None
            self.plot_box.layout.display = "none"
            self.caption.value = wrap(f"<div class='pt-muted'>{escape(self.t('app.wg.solo_caption'))}</div>")
            return
        self.plot_box.layout.display = None
        if self.session is not None:
            opts = self._turn_options()
            if [o[1] for o in self.which.options] != [o[1] for o in opts]:
                value = self.which.value if self.which.value in [o[1] for o in opts] else "current"
                self._relabelling = True
                try:
                    self.which.options = opts
                    self.which.value = value
                finally:
                    self._relabelling = False
            which = None if self.which.value == "current" else self.which.value
            G, kind = graph_for_session(self.session, which, self.lang)
        else:
            self.which.layout.display = "none"
            if self.game is None:
                return
            G, kind = war_graph(self.game, lang=self.lang), "preview"
        self.show_graph(G)
        lang = self.lang
        total = ", ".join(f"{G.nodes[s]['name']} +{R.lp_text(G.nodes[s]['war_lp'] + G.nodes[s]['other_lp'], lang)}"
                          for s in G.nodes)
        caption = t("app.wg.caption_resolved" if kind == "resolved" else "app.wg.caption_preview", lang, total=total)
        if G.graph.get("hidden"):
            caption += " " + t("app.wg.hidden_not_counted", lang)
        self.caption.value = wrap(f"<div class='pt-muted'>{escape(caption)}</div>")

    def show(self, game: Game) -> None:
        """Show the wars the kingdoms of ``game`` would fight (no session)."""
        self.game = game
        self.refresh()

    def show_graph(self, G: nx.DiGraph) -> None:
        self.graph = G
        if self.fig is None:
            self.fig = build_figure(G)
            self.plot_box.children = [self.fig, self.table]
        else:
            update_figure(self.fig, G)
        self.table.value = wrap(graph_table_html(G), css=False)


__all__ = ["WarGraph", "war_graph", "graph_for_session", "build_figure", "PaperTalesError"]
