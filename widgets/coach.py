"""The coach in the app: the Hint button of a decision, the Game review, the solo draft
preview (the engine side is :mod:`papertales.coach`; every word from ``coach.*`` keys).

* :class:`HintBox` sits in each decision box: **Hint** ranks the options (expected LP,
  win chance, why) in about a second, with a busy sign while it thinks.
* :class:`ReviewPanel` (a tab of the app) reviews a seat's decisions against the coach's
  choice, as chess sites do: a graph of the chance to win after each decision with its
  95 % band and the key moments marked, and each decision with the LP it cost, a verdict
  coloured through CSS classes (a background set on an ipywidgets layout never reaches
  the page), and the better move with why; a download of the review (HTML, with the graph)
  a student can hand in.  Hint, guide and review share one judgement per decision
  (:func:`papertales.judgement.judge`: the same worlds and seed), so they never disagree.  A point of the graph, a key moment or a row takes
  the game back to that step (``Session.restore`` when an undo step exists, else the game
  is replayed up to it and continued with ``Session.load_game``).  It runs on demand,
  and by itself when its tab is open at the end of the game (or opened after it).
* :func:`solo_pass_html`: under each card of a solo draft, what the Lich King gains this
  turn if you pass it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import base64

import ipywidgets as W

from papertales import coach, Game
from papertales import render as R
from papertales.i18n import number, t
from papertales.render import escape

from .reviewfile import POINT_COLORS, cost_text, review_html, summary_text
from .base import DrawnWhenVisible, MessageBox, Speaking, button, guarded, html, replace_children, shared_layout, wrap
from .charts import Figure, figure_widget, sync_figure_state
from .session import Session


_CSS = """<style>
table.pt-hint-table td,table.pt-hint-table th{padding:2px 6px;vertical-align:top}
table.pt-hint-table tr.pt-hint-best td{background:#e3f4e1;font-weight:600}
@media (max-width:640px){
table.pt-hint-table,table.pt-hint-table tbody,table.pt-hint-table tr,table.pt-hint-table td{display:block}
table.pt-hint-table tr.pt-hint-head{display:none}
table.pt-hint-table tr.pt-hint-row{border-bottom:1px solid #ddd;padding:3px 0}
table.pt-hint-table td.pt-hint-rank,table.pt-hint-table td.pt-hint-option{display:inline;padding-right:0}
table.pt-hint-table td.pt-hint-rank:after{content:"."}
table.pt-hint-table td.pt-hint-option:after{content:"\\A";white-space:pre}
table.pt-hint-table td.pt-hint-lp,table.pt-hint-table td.pt-hint-win{display:inline-block}
table.pt-hint-table td[data-label]:before{content:attr(data-label) ": ";color:#555;font-weight:400}
table.pt-hint-table tr.pt-hint-best td.pt-hint-why{font-weight:400}
}
.pt-busy{color:#5b2a86;font-weight:600}
.pt-busy:before{content:"";display:inline-block;width:10px;height:10px;margin-right:6px;border:2px solid #5b2a86;
border-top-color:transparent;border-radius:50%;animation:pt-spin .8s linear infinite}
@keyframes pt-spin{to{transform:rotate(360deg)}}
.pt-solo-pass{font-size:12px;color:#5b2a86}
</style>"""


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{round(100 * x)}%"


def _lp(x: float | None, lang: str | None = None) -> str:
    if x is None:
        return "—"
    return number(x, lang)


def _lp_range(o: coach.Option, lang: str | None = None) -> str:
    """The expected final LP and, small, its 95 % range."""
    if o.lp is None:
        return "—"
    return (f"{_lp(o.lp, lang)} <span class='pt-muted pt-hint-range'>"
            f"({_lp(o.lp_low, lang)}–{_lp(o.lp_high, lang)})</span>")


def _band(o: coach.Option) -> str:
    """The chance to win and, small, its 95 % band."""
    if o.win is None:
        return "—"
    return f"{_pct(o.win)} <span class='pt-muted pt-hint-range'>({_pct(o.win_low)}–{_pct(o.win_high)})</span>"


def hint_html(h: coach.Hint, lang: str | None = None) -> str:
    """The ranked options of a :class:`papertales.coach.Hint` as a table."""
    head = "".join(f"<th>{escape(t('coach.ui.col.' + c, lang))}</th>" for c in ("rank", "option", "lp", "win", "reason"))
    lp_label, win_label = escape(t("coach.ui.col.lp", lang)), escape(t("coach.ui.col.win", lang))
    rows = []
    for i, o in enumerate(h.options, 1):
        cls = "pt-hint-row pt-hint-best" if i == 1 else "pt-hint-row"
        rows.append(f"<tr class='{cls}' data-rank='{i}' data-action='{escape(str(o.action))}'>"
                    f"<td class='pt-hint-rank'>{i}</td><td class='pt-hint-option'>{escape(o.text)}</td>"
                    f"<td class='pt-hint-lp' data-label='{lp_label}' data-lp='{'' if o.lp is None else round(o.lp, 3)}'>"
                    f"{_lp_range(o, lang)}</td>"
                    f"<td class='pt-hint-win' data-label='{win_label}'>{_band(o)}</td>"
                    f"<td class='pt-hint-why'>{escape(o.reason)}</td></tr>")
    note = escape(f"{t('coach.ui.hint_note', lang, n=h.worlds)} {t('coach.ui.hint_method', lang)} "
                  f"{t('coach.ui.chance_bias', lang)}")
    return (f"{_CSS}<table class='pt-table pt-hint-table'><tr class='pt-hint-head'>{head}</tr>{''.join(rows)}</table>"
            f"<div class='pt-muted'>{note}</div>")


class HintBox(Speaking, W.VBox):
    """A **Hint** button for ``seat``'s pending decision in ``game``; pressing it ranks the
    options (see :func:`papertales.coach.hint`: ``worlds`` sampled worlds per option, the
    same hint on any machine, the same numbers as the guide and the review)."""

    def __init__(self, game: Game, seat: int, lang: str | None = None, worlds: int = coach.WORLDS,
                 players: Sequence[str] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-hint-box")
        self.game, self.seat, self.worlds, self.players = game, seat, worlds, players
        self.result: coach.Hint | None = None
        self.result_lang: str | None = None
        self.messages = MessageBox(lang=self.lang)
        self.button = button(button_style="info", icon="lightbulb-o", layout=shared_layout(width="auto"))
        self.button.add_class("pt-hint")
        self.button.on_click(self.show)
        self.busy = html(layout=W.Layout(display="none"))
        self.busy.add_class("pt-hint-busy")
        self.table = html()
        self.table.add_class("pt-hint-result")
        self.children = [W.HBox([self.button, self.busy]), self.messages, self.table]
        self.relabel()

    def relabel(self) -> None:
        self.button.description = self.t("coach.ui.hint")
        self.button.tooltip = self.t("coach.ui.hint_tip")
        self.busy.value = wrap(f"<span class='pt-busy'>{escape(self.t('coach.ui.thinking'))}</span>", css=False) + _CSS

    def redraw(self) -> None:
        if self.result is not None:
            if self.result_lang != self.lang:       # the reasons are words: ask again (the numbers are kept)
                self.result = coach.hint(self.game, self.seat, worlds=self.worlds, lang=self.lang, players=self.players)
                self.result_lang = self.lang
            self.table.value = wrap(hint_html(self.result, self.lang))

    @guarded()
    def show(self, _b: object = None) -> coach.Hint | None:
        """Think (the busy sign shows meanwhile) and show the ranked options."""
        self.messages.clear()
        self.busy.layout.display = None
        self.button.disabled = True
        try:
            self.result = coach.hint(self.game, self.seat, worlds=self.worlds, lang=self.lang, players=self.players)
        finally:
            self.busy.layout.display = "none"
            self.button.disabled = False
        self.result_lang = self.lang
        self.redraw()
        return self.result


# ------------------------------------------------------------------ the game review

#: the colour of each verdict (CSS classes ``pt-verdict-*``)
VERDICT_COLORS = {"fine": "#e3f4e1", "inaccuracy": "#fff6d5", "mistake": "#ffe3c4", "blunder": "#f9d0cd"}
_VERDICT_RULES = "".join(f".pt-review .pt-verdict-{name}{{background-color:{color}}}"
                         for name, color in VERDICT_COLORS.items())
REVIEW_CSS = f"""<style>{_VERDICT_RULES}
.pt-review .pt-review-row{{border-bottom:1px solid #ddd;padding:3px 6px;border-radius:4px;margin:1px 0}}
.pt-review .pt-review-row.pt-key{{box-shadow:inset 4px 0 0 #5b2a86}}
.pt-review .pt-review-row .widget-html{{flex:1 1 320px;min-width:0}}
.pt-review .pt-review-line{{font-size:13px;line-height:1.35}}
.pt-review .pt-review-when{{color:#555;margin-right:6px}}
.pt-review .pt-chip{{display:inline-block;padding:0 7px;border-radius:9px;font-size:12px;font-weight:600;margin:0 4px}}
.pt-review .pt-chip.pt-verdict-fine{{border:1px solid #7a9a78}}
.pt-review .pt-chip.pt-verdict-inaccuracy{{border:1px solid #d4a600}}
.pt-review .pt-chip.pt-verdict-mistake{{border:1px solid #e67e22}}
.pt-review .pt-chip.pt-verdict-blunder{{border:1px solid #c62828}}
.pt-review .pt-review-better{{margin-top:1px}}
.pt-review .pt-review-plot{{max-width:100%;overflow-x:auto}}
.pt-review .pt-review-plot > *{{flex:1 1 auto;min-width:0}}
</style>"""


def verdict_label(name: str, lang: str | None = None) -> str:
    return t(f"coach.ui.verdict.{name}", lang)


def _when(r: coach.ReviewRow, lang: str | None) -> str:
    return t("coach.ui.review.when", lang, turn=r.turn, phase=R.phase_title(r.phase, lang))


def row_html(number: int, r: coach.ReviewRow, lang: str | None = None) -> str:
    """One reviewed decision: when, the move played (a whole Deployment: its plan), the
    verdict with the LP it cost (95 % range) and the chance to win after the suggestion
    and after the move; when the coach prefers another move, that move and why."""
    if r.forced:
        verdict = f"<span class='pt-muted'>{escape(t('coach.ui.review.forced', lang))}</span>"
    else:
        cost = "" if r.followed else escape(cost_text(r, lang)) + " · "
        win = t("coach.ui.review.win", lang, before=_pct(r.win_before), after=_pct(r.win_after))
        verdict = (f"<span class='pt-chip pt-verdict-{r.verdict}'>{escape(verdict_label(r.verdict, lang))}</span>"
                   f"<span class='pt-review-cost'>{cost}</span><span class='pt-muted'>{escape(win)}</span>")
    if r.followed:
        better = f"<span class='pt-muted'>{escape(t('coach.ui.review.same', lang))}</span>" if not r.forced else ""
    else:
        better = escape(t("coach.ui.review.better", lang, why=cast(coach.Why, r.why).text))
    return (f"<div class='pt-review-line' data-index='{r.index}' data-verdict='{r.verdict}'>"
            f"<span class='pt-review-when'>{escape(t('coach.ui.review.number', lang, n=number))} · "
            f"{escape(_when(r, lang))}</span> <b class='pt-review-played'>{escape(r.text)}</b> {verdict}"
            f"<div class='pt-review-better'>{better}</div></div>")


class ReviewPanel(Speaking, DrawnWhenVisible, W.VBox):
    """The review of one seat's decisions (default: the first human seat), after chess
    sites' game reviews: a graph of the chance to win after each decision with its 95 %
    band and the key moments marked (click a point to go back to it), the key moments as
    buttons, each decision with its verdict (coloured by the ``pt-verdict-*`` CSS classes),
    what it cost and, when the coach prefers another move, that move and why; and a
    download of the whole review.  ``worlds`` sampled worlds per decision: the hint's and
    the guide's (:data:`papertales.coach.WORLDS`), so that the three agree.  A new or
    opened game clears it."""

    def __init__(self, session: Session, lazy: bool = False, lang: str | None = None, worlds: int = coach.WORLDS, **kw: Any) -> None:
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-review")
        self.session, self.worlds = session, worlds
        self.active = not lazy
        self.messages = MessageBox(lang=self.lang)
        self.rows: list[coach.ReviewRow] = []    # of the last review, in self.lang
        self._rows_lang: str | None = None
        self._game: Game | None = None            # the game reviewed (a copy)
        self._players: tuple[str, ...] | None = None    # who played it (the chances' players)
        self._reviewed: tuple[int, int, int] | None = None    # (game id, history length, seat) of the last review
        self._generation = session.generation
        self._auto_done: tuple[int, int, int] | None = None
        #: the decision the game was taken back to, by its place in the game's history (a row's
        #: ``index``): the rows are made again in another language, the decision stays
        self._went: int | None = None
        self.seat = W.Dropdown(layout=W.Layout(width="260px"))
        self.seat.add_class("pt-review-seat")
        self.run_button = W.Button(button_style="primary", icon="search", layout=W.Layout(width="auto"))
        self.run_button.add_class("pt-review-run")
        self.run_button.on_click(lambda _b: self.run())
        self.export_button = W.Button(icon="download", layout=W.Layout(width="auto", display="none"))
        self.export_button.add_class("pt-review-export")
        self.export_button.on_click(lambda _b: self.export())
        self.download = W.HTML()
        self.download.add_class("pt-review-download")
        self.busy = W.HTML(layout=W.Layout(display="none"))
        self.busy.add_class("pt-review-busy")
        self.head = W.HTML()
        self.summary = W.HTML()
        self.summary.add_class("pt-review-summary")
        self.plot_box = W.Box(layout=W.Layout(width="100%"))
        self.plot_box.add_class("pt-review-plot")
        self.fig: Figure = None
        self._plotted: list = []      # the rows drawn as points, in order
        self.moments = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.moments.add_class("pt-key-moments")
        self.table = W.VBox()
        self.table.add_class("pt-review-table")
        self.children = [self.head, W.HBox([self.seat, self.run_button, self.export_button, self.busy],
                                           layout=W.Layout(flex_flow="row wrap")),
                         self.messages, self.download, self.summary, self.plot_box, self.moments, self.table]
        self.relabel()
        session.observe(lambda _s: self._on_session())
        self._on_session()

    # -------------------------------------------------------------- words

    def relabel(self) -> None:
        self.seat.description = self.t("coach.ui.review.seat")
        self.run_button.description = self.t("coach.ui.review.run")
        self.run_button.tooltip = self.t("coach.ui.review.run_tip")
        self.export_button.description = self.t("coach.ui.review.export")
        self.export_button.tooltip = self.t("coach.ui.review.export_tip")
        self.download.value = ""
        self.head.value = wrap(f"{REVIEW_CSS}<b>{escape(self.t('coach.ui.review.title'))}</b> "
                               f"<span class='pt-muted'>{escape(self.t('coach.ui.review.intro'))}</span>")
        self._seat_options()

    def _seat_options(self) -> None:
        g = self.session.game
        seats = list(self.session.humans) or list(range(g.n))
        value = self.seat.value if self.seat.value in seats else seats[0]
        self.seat.options = [(g.players[s].name, s) for s in seats]
        self.seat.value = value

    # -------------------------------------------------------------- running

    def _key(self) -> tuple[int, int, int]:
        g = self.session.game
        return (id(g), len(g.history), self.seat.value)

    def is_current(self) -> bool:
        """Is the review shown the review of the game as it is now?"""
        return self._reviewed == self._key()

    def clear(self) -> None:
        """Forget the review (a new or another game)."""
        self.rows, self._rows_lang, self._game, self._reviewed, self._went = [], None, None, None, None
        self._auto_done = None
        self.download.value = ""
        self.export_button.layout.display = "none"
        self.plot_box.layout.display = "none"
        self.redraw()

    def _on_session(self) -> None:
        self._seat_options()
        g = self.session.game
        if self.session.generation != self._generation:
            self._generation = self.session.generation
            if self._reviewed is not None:
                self.clear()
        self.download.value = ""                  # a link is of the review as it was asked for
        if self.rows and self._reviewed != self._key():
            if self._went is not None:
                n, r = next((n, r) for n, r in enumerate(self.rows, 1) if r.index == self._went)
                note = self.t("coach.ui.review.went", n=n, when=_when(r, self.lang))
            else:
                note = self.t("coach.ui.review.stale")
            self.summary.value = wrap(f"<span class='pt-muted pt-review-stale'>{escape(note)}</span>")
        if g.is_over and self.active and self._auto_done != self._key():
            self._auto_done = self._key()
            self.run()

    def set_active(self, active: bool) -> None:
        self.active = active
        if active and self.session.game.is_over and self._auto_done != self._key():
            self._auto_done = self._key()
            self.run()
        elif active and self._dirty:
            self.redraw()

    @guarded()
    def run(self) -> list[coach.ReviewRow]:
        """Review the chosen seat's decisions so far (the busy sign counts them)."""
        self.messages.clear()
        g = self.session.game
        seat = self.seat.value
        self.busy.layout.display = None
        self.run_button.disabled = True

        def progress(done: int, total: int) -> None:
            self.busy.value = wrap(f"<span class='pt-busy'>{escape(self.t('coach.ui.review.busy', done=done, total=total))}"
                                   "</span>", css=False) + _CSS
        progress(0, len(coach.decisions(g, seat)))
        try:
            self.rows = coach.review(g, seat, worlds=self.worlds, progress=progress, lang=self.lang,
                                     players=self.session.players)
            self._players = self.session.players
        finally:
            self.busy.layout.display = "none"
            self.run_button.disabled = False
        self._rows_lang = self.lang
        self._game = g.clone()
        self._reviewed = self._key()
        self._review_seat = seat
        self._went = None
        self.download.value = ""
        self.redraw()
        return self.rows

    def rows_in(self, lang: str) -> list[coach.ReviewRow]:
        """The rows in ``lang``: their words are asked again (the judgements are kept)."""
        if self._rows_lang != lang and self._game is not None:
            self.rows = coach.review(self._game, self._review_seat, worlds=self.worlds, lang=lang, players=self._players)
            self._rows_lang = lang
        return self.rows

    @guarded()
    def export(self) -> str:
        """The review as a file a student can hand in: a download link (a data URL of
        :func:`.reviewfile.review_html`, built only when asked for)."""
        rows = self.rows_in(self.lang)
        if not rows:
            self.download.value = ""
            return ""
        assert self._game is not None             # the rows are a review of it
        html = review_html(self._game, self._review_seat, rows, self.lang, self.worlds)
        data = base64.b64encode(html.encode("utf-8")).decode("ascii")
        name = f"papertales-review-seed{self._game.seed}-turn{self._game.turn}.html"
        self.download.value = wrap(
            f'<a class="pt-review-link pt-linkbutton" download="{escape(name)}" '
            f'href="data:text/html;base64,{data}">⬇ {escape(self.t("coach.ui.review.save_as", name=name))}</a>',
            css=False)
        return html

    # -------------------------------------------------------------- drawing

    def refresh(self) -> None:
        if self._stale():
            return
        lang = self.lang
        if self._reviewed is None:
            self.summary.value = ""
            replace_children(self.table, [])
            replace_children(self.moments, [])
            self.plot_box.layout.display = "none"
            self.export_button.layout.display = "none"
            return
        assert self._game is not None             # reviewed: run() kept a copy
        rows = self.rows_in(lang)
        if not rows:
            self.summary.value = wrap(escape(self.t("coach.ui.review.empty",
                                                    name=self._game.players[self._review_seat].name)))
            replace_children(self.table, [])
            replace_children(self.moments, [])
            self.plot_box.layout.display = "none"
            self.export_button.layout.display = "none"
            return
        self.export_button.layout.display = None
        self.summary.value = wrap(f"<div class='pt-msg pt-info'>{escape(summary_text(self._game, rows, lang))}"
                                  f" <span class='pt-muted'>{escape(self.t('coach.ui.review.graph_tip'))}"
                                  f" {escape(self.t('coach.ui.chance_bias'))}</span></div>")
        moments = coach.key_moments(rows)
        key = {id(r) for r in moments}
        self._draw_graph(rows, moments)
        self._draw_moments(moments)
        table = []
        for n, r in enumerate(rows, 1):
            go = W.Button(description=self.t("coach.ui.review.go"), tooltip=self.t("coach.ui.review.go_tip"),
                          icon="undo", layout=W.Layout(width="auto"))
            go.add_class("pt-review-go")
            go.on_click(lambda _b, i=n - 1: self.go_to(self.rows[i]))
            row = W.HBox([W.HTML(wrap(row_html(n, r, lang), css=False)), go],
                         layout=W.Layout(align_items="center", flex_flow="row wrap"))
            row.add_class("pt-review-row")
            row.add_class(f"pt-verdict-{r.verdict}")
            if id(r) in key:
                row.add_class("pt-key")
            table.append(row)
        replace_children(self.table, table)

    def _draw_moments(self, moments: Sequence[coach.ReviewRow]) -> None:
        """The key moments (:func:`papertales.coach.key_moments`) as buttons that go there."""
        lang = self.lang
        buttons = []
        for i, r in enumerate(moments, 1):
            b = W.Button(description=self.t("coach.ui.review.moment", k=i, when=_when(r, lang),
                                            verdict=verdict_label(r.verdict, lang), cost=_lp(r.cost, lang)),
                         tooltip=self.t("coach.ui.review.go_tip"), layout=W.Layout(width="auto"))
            b.add_class("pt-key-moment")
            b.add_class(f"pt-verdict-{r.verdict}")
            b.on_click(lambda _b, r=r: self.go_to(r))
            buttons.append(b)
        label = W.HTML(wrap(f"<b>{escape(self.t('coach.ui.review.moments'))}</b> "
                            + ("" if buttons else escape(self.t("coach.ui.review.no_moments"))), css=False))
        replace_children(self.moments, [label] + buttons)

    def _draw_graph(self, rows, moments):
        """The chance to win after each decision with its 95 % band (grey); coloured
        points for the verdicts worse than fine, the key moments numbered.  A click on a
        point goes to that decision."""
        import plotly.graph_objects as go
        lang = self.lang
        self._plotted = plotted = [r for r in rows if r.win_after is not None]
        numbers = {id(r): i for i, r in enumerate(rows, 1)}
        marks = {id(r): i for i, r in enumerate(moments, 1)}
        xs = [numbers[id(r)] for r in plotted]
        ys = [round(100 * r.win_after, 1) for r in plotted]
        band = ([round(100 * r.win_after_high, 1) for r in plotted]
                + [round(100 * r.win_after_low, 1) for r in reversed(plotted)])
        hover = [f"{self.t('coach.ui.review.number', n=numbers[id(r)])} · {_when(r, lang)}<br>"
                 f"{escape(r.text)}: {verdict_label(r.verdict, lang)} ({_lp(r.cost, lang)})<br>"
                 f"{self.t('coach.ui.review.band', win=_pct(r.win_after), low=_pct(r.win_after_low), high=_pct(r.win_after_high))}"
                 for r in plotted]
        colors = [POINT_COLORS[r.verdict] for r in plotted]
        sizes = [16 if id(r) in marks else (11 if r.verdict != "fine" else 7) for r in plotted]
        labels = [str(marks[id(r)]) if id(r) in marks else "" for r in plotted]
        if self.fig is None:
            self.fig = figure_widget()
            self.fig.add_trace(go.Scatter(mode="lines", fill="toself", line=dict(width=0), fillcolor="rgba(91,42,134,0.15)",
                                          hoverinfo="skip", showlegend=False))
            self.fig.add_trace(go.Scatter(mode="lines+markers+text", line=dict(color="#5b2a86", width=2),
                                          textposition="top center", hoverinfo="text", showlegend=False))
            self.fig.update_layout(height=260, autosize=True, margin=dict(l=50, r=10, t=20, b=40),
                                   plot_bgcolor="#fafafa", hovermode="closest", clickmode="event",
                                   yaxis=dict(range=[-5, 105]), dragmode=False)
            self.fig._config = {"responsive": True, "displayModeBar": False}   # follows the page's width
            self.fig.data[1].on_click(lambda _trace, points, _state: self.go_to_point(points.point_inds))
            self.plot_box.children = [self.fig]
        with self.fig.batch_update():
            area, tr = self.fig.data
            area.x, area.y = xs + xs[::-1], band
            tr.x, tr.y, tr.hovertext, tr.text = xs, ys, hover, labels
            tr.marker.color, tr.marker.size = colors, sizes
            self.fig.layout.xaxis.title = self.t("coach.ui.review.axis_x")
            self.fig.layout.yaxis.title = self.t("coach.ui.review.axis_win")
        sync_figure_state(self.fig)
        self.plot_box.layout.display = None if plotted else "none"

    @guarded()
    def go_to_point(self, indices: Sequence[int]) -> None:
        """A click on the graph: back to the decision of the point clicked."""
        for i in indices:
            self.go_to(self._plotted[i])
            return

    @guarded()
    def go_to(self, row: coach.ReviewRow) -> None:
        """Back to the step of ``row``: the undo step taken just before that decision, or
        (when there is none) the game replayed up to it."""
        s = self.session
        seat = self._review_seat
        self._went = row.index
        assert self._game is not None             # the row is of its review
        line = self._game.history[:row.index]           # the reviewed game up to that decision
        for i in range(len(s.history) - 1, -1, -1):
            cp = s.history[i]
            if cp.game.history == line and cp.game.pending[seat] is not None:
                s.restore(i)
                return
        g = coach.replay(self._game, row.index)
        self._generation = s.generation + 1              # the review's own replay: keep the review
        s.load_game(g, humans=s.humans)


# ------------------------------------------------------------------ solo draft preview

def solo_pass_html(game: Game, lang: str | None = None) -> dict[str, str]:
    """``{card id: html}``: under each offered card of a solo draft, the LP the Lich King
    gains this turn if you pass it (:func:`papertales.coach.solo_draft_preview`)."""
    out = {}
    for p in coach.solo_draft_preview(game):
        text = t("coach.ui.solo_pass", lang, lk=R.lich_king_name(lang), n=p.lp)
        tip = t("coach.ui.solo_pass_tip", lang, total=p.total_if_kept)
        out[p.card] = (f"{_CSS}<div class='pt-root'><span class='pt-solo-pass' data-card='{escape(p.card)}' "
                       f"data-pass-lp='{p.lp}' "
                       f"title='{escape(tip)}'>{escape(text)}</span></div>")
    return out
