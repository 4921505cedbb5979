"""The coach in the app: the Hint button of a decision, the Game review, the solo draft
preview (the engine side is :mod:`papertales.coach`; every word from ``coach.*`` keys).

* :class:`HintBox` sits in each decision box: **Hint** ranks the options (expected LP,
  win chance, a one-line reason) in about a second, with a busy sign while it thinks.
* :class:`ReviewPanel` (a tab of the app) reviews a seat's decisions against the coach's
  choice, as chess sites do: a graph of the chance to win after each decision with the
  key moments marked, and each decision with the LP it cost, a verdict coloured through
  CSS classes (a background set on an ipywidgets layout never reaches the page), and the
  better move with what it gives.  A point of the graph, a key moment or a row takes
  the game back to that step (``Session.restore`` when an undo step exists, else the game
  is replayed up to it and continued with ``Session.load_game``).  It runs on demand,
  and by itself when its tab is open at the end of the game (or opened after it).
* :func:`solo_pass_html`: under each card of a solo draft, what the Lich King gains this
  turn if you pass it.
"""

from __future__ import annotations

import ipywidgets as W

from papertales import coach
from papertales import render as R
from papertales.i18n import number, t
from papertales.render import escape

from .base import DrawnWhenVisible, MessageBox, Speaking, guarded, replace_children, sync_figure_state, wrap

HINT_SECONDS = 0.8           # the search's budget for a hint (plus the reasons: about 1 s)
REVIEW_SECONDS = 0.15        # per reviewed decision in the app

_CSS = """<style>
table.pt-hint-table td,table.pt-hint-table th{padding:2px 6px;vertical-align:top}
table.pt-hint-table tr.pt-hint-best td{background:#e3f4e1;font-weight:600}
.pt-busy{color:#5b2a86;font-weight:600}
.pt-busy:before{content:"";display:inline-block;width:10px;height:10px;margin-right:6px;border:2px solid #5b2a86;
border-top-color:transparent;border-radius:50%;animation:pt-spin .8s linear infinite}
@keyframes pt-spin{to{transform:rotate(360deg)}}
.pt-solo-pass{font-size:12px;color:#5b2a86}
</style>"""


def _pct(x) -> str:
    return "—" if x is None else f"{round(100 * x)}%"


def _lp(x, lang=None) -> str:
    if x is None:
        return "—"
    return number(x, lang)


def _lp_range(o, lang=None) -> str:
    """The expected final LP and, small, its 95 % range."""
    if o.lp is None:
        return "—"
    return (f"{_lp(o.lp, lang)} <span class='pt-muted pt-hint-range'>"
            f"({_lp(o.lp_low, lang)}–{_lp(o.lp_high, lang)})</span>")


def hint_html(h, lang=None) -> str:
    """The ranked options of a :class:`papertales.coach.Hint` as a table."""
    head = "".join(f"<th>{escape(t('coach.ui.col.' + c, lang))}</th>" for c in ("rank", "option", "lp", "win", "reason"))
    rows = []
    for i, o in enumerate(h.options, 1):
        cls = "pt-hint-row pt-hint-best" if i == 1 else "pt-hint-row"
        also = ""
        if o.also:
            moves = ", ".join(a.describe(lang) for a in o.also)
            also = f" <span class='pt-muted'>{escape(t('coach.ui.also', lang, moves=moves))}</span>"
        rows.append(f"<tr class='{cls}' data-rank='{i}' data-action='{escape(str(o.action))}'>"
                    f"<td>{i}</td><td>{escape(o.text)}{also}</td>"
                    f"<td data-lp='{'' if o.lp is None else round(o.lp, 3)}'>{_lp_range(o, lang)}</td>"
                    f"<td>{_pct(o.win)}</td><td>{escape(o.reason)}</td></tr>")
    note = escape(t("coach.ui.hint_note", lang, n=h.worlds))
    return (f"{_CSS}<table class='pt-table pt-hint-table'><tr>{head}</tr>{''.join(rows)}</table>"
            f"<div class='pt-muted'>{note}</div>")


class HintBox(Speaking, W.VBox):
    """A **Hint** button for ``seat``'s pending decision in ``game``; pressing it ranks the
    options (see :func:`papertales.coach.hint`) in ``seconds`` of sampling, or in ``worlds``
    sampled worlds per option when given (the same hint on any machine)."""

    def __init__(self, game, seat: int, seconds: float = HINT_SECONDS, lang=None, worlds: int | None = None, **kw):
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-hint-box")
        self.game, self.seat, self.seconds, self.worlds = game, seat, seconds, worlds
        self.result = None
        self.messages = MessageBox(lang=self.lang)
        self.button = W.Button(button_style="info", icon="lightbulb-o", layout=W.Layout(width="auto"))
        self.button.add_class("pt-hint")
        self.button.on_click(self.show)
        self.busy = W.HTML(layout=W.Layout(display="none"))
        self.busy.add_class("pt-hint-busy")
        self.table = W.HTML()
        self.table.add_class("pt-hint-result")
        self.children = [W.HBox([self.button, self.busy]), self.messages, self.table]
        self.relabel()

    def relabel(self) -> None:
        self.button.description = self.t("coach.ui.hint")
        self.button.tooltip = self.t("coach.ui.hint_tip")
        self.busy.value = wrap(f"<span class='pt-busy'>{escape(self.t('coach.ui.thinking'))}</span>", css=False) + _CSS

    def redraw(self) -> None:
        if self.result is not None:
            self.table.value = wrap(hint_html(self.result, self.lang))

    @guarded()
    def show(self, _b=None):
        """Think (the busy sign shows meanwhile) and show the ranked options."""
        self.messages.clear()
        self.busy.layout.display = None
        self.button.disabled = True
        try:
            self.result = coach.hint(self.game, self.seat, seconds=None if self.worlds else self.seconds,
                                     worlds=self.worlds, lang=self.lang)
        finally:
            self.busy.layout.display = "none"
            self.button.disabled = False
        self.redraw()
        return self.result


# ------------------------------------------------------------------ the game review

#: the colour of each verdict (CSS classes ``pt-verdict-*``)
VERDICT_COLORS = {"fine": "#e3f4e1", "inaccuracy": "#fff6d5", "mistake": "#ffe3c4", "blunder": "#f9d0cd"}
#: the colour of a verdict's point in the win-chance graph
POINT_COLORS = {"fine": "#7a9a78", "inaccuracy": "#d4a600", "mistake": "#e67e22", "blunder": "#c62828"}

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


def verdict_label(name, lang=None) -> str:
    return t(f"coach.ui.verdict.{name}", lang)


def _when(r, lang) -> str:
    return t("coach.ui.review.when", lang, turn=r.turn, phase=R.phase_title(r.phase, lang))


def row_html(number: int, r, why, lang=None, cards=None) -> str:
    """One reviewed decision: when, the move played, the verdict with the LP it cost (95 %
    range) and the chance to win before and after; when the coach prefers another move,
    that move and what it gives (``why``: ``(LP, words)`` parts)."""
    played = r.text(lang, cards)
    if r.forced:
        verdict = f"<span class='pt-muted'>{escape(t('coach.ui.review.forced', lang))}</span>"
    else:
        cost = "" if r.best == r.action else escape(t(
            "coach.ui.review.cost", lang, cost=_lp(r.cost, lang), low=_lp(max(r.cost_low, 0.0), lang),
            high=_lp(r.cost_high, lang))) + " · "
        win = t("coach.ui.review.win", lang, before=_pct(r.win_before), after=_pct(r.win_after))
        verdict = (f"<span class='pt-chip pt-verdict-{r.verdict}'>{escape(verdict_label(r.verdict, lang))}</span>"
                   f"<span class='pt-review-cost'>{cost}</span><span class='pt-muted'>{escape(win)}</span>")
    if r.best == r.action:
        better = f"<span class='pt-muted'>{escape(t('coach.ui.review.same', lang))}</span>" if not r.forced else ""
    else:
        gives = t("coach.reason.join", lang).join(w for _, w in why) or t("coach.reason.nothing", lang)
        better = escape(t("coach.ui.review.better", lang, best=r.best_text(lang, cards), why=gives))
    return (f"<div class='pt-review-line' data-index='{r.index}' data-verdict='{r.verdict}'>"
            f"<span class='pt-review-when'>{escape(t('coach.ui.review.number', lang, n=number))} · "
            f"{escape(_when(r, lang))}</span> <b class='pt-review-played'>{escape(played)}</b> {verdict}"
            f"<div class='pt-review-better'>{better}</div></div>")


class ReviewPanel(Speaking, DrawnWhenVisible, W.VBox):
    """The review of one seat's decisions (default: the first human seat), after chess
    sites' game reviews: a graph of the chance to win after each decision with the key
    moments marked (click a point to go back to it), the key moments as buttons, and each
    decision with its verdict (coloured by the ``pt-verdict-*`` CSS classes), what it cost
    and, when the coach prefers another move, that move and what it gives.  ``worlds``
    fixes the sampled worlds per decision (the same review every time); otherwise each
    decision gets ``seconds``."""

    def __init__(self, session, seconds: float = REVIEW_SECONDS, lazy: bool = False, lang=None,
                 worlds: int | None = None, **kw):
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-review")
        self.session, self.seconds, self.worlds = session, seconds, worlds
        self.active = not lazy
        self.messages = MessageBox(lang=self.lang)
        self.rows = []                # papertales.coach.ReviewRow of the last review
        self._why: dict = {}          # language -> each row's (LP, words) parts
        self._game = None             # the game reviewed (a copy)
        self._reviewed = None         # (game id, history length, seat) of the last review
        self._auto_done = None
        self._went = None             # the row the game was taken back to
        self.seat = W.Dropdown(layout=W.Layout(width="260px"))
        self.seat.add_class("pt-review-seat")
        self.run_button = W.Button(button_style="primary", icon="search", layout=W.Layout(width="auto"))
        self.run_button.add_class("pt-review-run")
        self.run_button.on_click(lambda _b: self.run())
        self.busy = W.HTML(layout=W.Layout(display="none"))
        self.busy.add_class("pt-review-busy")
        self.head = W.HTML()
        self.summary = W.HTML()
        self.summary.add_class("pt-review-summary")
        self.plot_box = W.Box(layout=W.Layout(width="100%"))
        self.plot_box.add_class("pt-review-plot")
        self.fig = None
        self._plotted: list = []      # the rows drawn as points, in order
        self.moments = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.moments.add_class("pt-key-moments")
        self.table = W.VBox()
        self.table.add_class("pt-review-table")
        self.children = [self.head, W.HBox([self.seat, self.run_button, self.busy],
                                           layout=W.Layout(flex_flow="row wrap")),
                         self.messages, self.summary, self.plot_box, self.moments, self.table]
        self.relabel()
        session.observe(lambda _s: self._on_session())
        self._on_session()

    # -------------------------------------------------------------- words

    def relabel(self) -> None:
        self.seat.description = self.t("coach.ui.review.seat")
        self.run_button.description = self.t("coach.ui.review.run")
        self.run_button.tooltip = self.t("coach.ui.review.run_tip")
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

    def _key(self):
        g = self.session.game
        return (id(g), len(g.history), self.seat.value)

    def is_current(self) -> bool:
        """Is the review shown the review of the game as it is now?"""
        return self._reviewed == self._key()

    def _on_session(self) -> None:
        self._seat_options()
        g = self.session.game
        if self.rows and self._reviewed != self._key():
            if self._went is not None:
                r = self._went
                note = self.t("coach.ui.review.went", n=self.rows.index(r) + 1, when=_when(r, self.lang))
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
    def run(self):
        """Review the chosen seat's decisions so far (the busy sign counts them)."""
        self.messages.clear()
        g = self.session.game
        seat = self.seat.value
        self.busy.layout.display = None
        self.run_button.disabled = True

        def progress(done, total):
            self.busy.value = wrap(f"<span class='pt-busy'>{escape(self.t('coach.ui.review.busy', done=done, total=total))}"
                                   "</span>", css=False) + _CSS
        progress(0, sum(1 for s, _ in g.history if s == seat))
        try:
            self.rows = coach.review(g, seat, seconds=None if self.worlds else self.seconds, worlds=self.worlds,
                                     progress=progress, lang=self.lang)
        finally:
            self.busy.layout.display = "none"
            self.run_button.disabled = False
        self._game = g.clone()
        self._why = {self.lang: [r.why for r in self.rows]}
        self._reviewed = self._key()
        self._review_seat = seat
        self._went = None
        self.redraw()
        return self.rows

    def why(self, lang) -> list:
        """Each row's "what the better move gives" in ``lang`` (the game replayed once)."""
        if lang not in self._why:
            g = coach.fresh_game(self._game)
            out = []
            rows = {r.index: r for r in self.rows}
            for index, (seat, action) in enumerate(self._game.history):
                if not any(g.pending):
                    g.advance()
                r = rows.get(index)
                if r is not None:
                    out.append(tuple(coach.reasons(g, seat, r.best, r.action, lang)[:3]) if r.why else ())
                g.apply(seat, action)
            self._why[lang] = out
        return self._why[lang]

    # -------------------------------------------------------------- drawing

    def refresh(self) -> None:
        if self._stale():
            return
        lang, g = self.lang, self.session.game
        if self._reviewed is None:
            self.summary.value = ""
            replace_children(self.table, [])
            replace_children(self.moments, [])
            return
        if not self.rows:
            self.summary.value = wrap(escape(self.t("coach.ui.review.empty", name=g.players[self._review_seat].name)))
            replace_children(self.table, [])
            replace_children(self.moments, [])
            self.plot_box.layout.display = "none"
            return
        s = coach.summary(self.rows)
        over = self.t("coach.ui.review.over") + " " if self._game.is_over else ""
        self.summary.value = wrap(f"<div class='pt-msg pt-info'>{escape(over)}"
                                  + escape(self.t("coach.ui.review.summary", fine=s["fine"], inaccuracy=s["inaccuracy"],
                                                  mistake=s["mistake"], blunder=s["blunder"],
                                                  cost=_lp(s["cost"], lang)))
                                  + f" <span class='pt-muted'>{escape(self.t('coach.ui.review.graph_tip'))}</span></div>")
        key = {id(r) for r in coach.key_moments(self.rows)}
        self._draw_graph(key)
        self._draw_moments()
        cards = self._game.cards
        rows = []
        for n, (r, why) in enumerate(zip(self.rows, self.why(lang)), 1):
            go = W.Button(description=self.t("coach.ui.review.go"), tooltip=self.t("coach.ui.review.go_tip"),
                          icon="undo", layout=W.Layout(width="auto"))
            go.add_class("pt-review-go")
            go.on_click(lambda _b, r=r: self.go_to(r))
            row = W.HBox([W.HTML(wrap(row_html(n, r, why, lang, cards), css=False)), go],
                         layout=W.Layout(align_items="center", flex_flow="row wrap"))
            row.add_class("pt-review-row")
            row.add_class(f"pt-verdict-{r.verdict}")
            if id(r) in key:
                row.add_class("pt-key")
            rows.append(row)
        replace_children(self.table, rows)

    def _draw_moments(self) -> None:
        """The key moments (:func:`papertales.coach.key_moments`) as buttons that go there."""
        lang = self.lang
        buttons = []
        for i, r in enumerate(coach.key_moments(self.rows), 1):
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

    def _draw_graph(self, key: set) -> None:
        """The chance to win after each decision; coloured points for the verdicts worse
        than fine, the key moments numbered.  A click on a point goes to that decision."""
        import plotly.graph_objects as go
        lang = self.lang
        cards = self._game.cards
        self._plotted = [r for r in self.rows if r.win_after is not None]
        numbers = {id(r): i for i, r in enumerate(self.rows, 1)}
        moments = {id(r): i for i, r in enumerate(coach.key_moments(self.rows), 1)}
        xs = [numbers[id(r)] for r in self._plotted]
        ys = [round(100 * r.win_after, 1) for r in self._plotted]
        hover = [f"{self.t('coach.ui.review.number', n=numbers[id(r)])} · {_when(r, lang)}<br>"
                 f"{r.text(lang, cards)}: {verdict_label(r.verdict, lang)} ({_lp(r.cost, lang)})" for r in self._plotted]
        colors = [POINT_COLORS[r.verdict] for r in self._plotted]
        sizes = [16 if id(r) in key else (11 if r.verdict != "fine" else 7) for r in self._plotted]
        labels = [str(moments[id(r)]) if id(r) in moments else "" for r in self._plotted]
        if self.fig is None:
            self.fig = go.FigureWidget()
            self.fig.add_trace(go.Scatter(mode="lines+markers+text", line=dict(color="#5b2a86", width=2),
                                          textposition="top center", hoverinfo="text", showlegend=False))
            self.fig.update_layout(height=260, autosize=True, margin=dict(l=50, r=10, t=20, b=40),
                                   plot_bgcolor="#fafafa", hovermode="closest", clickmode="event",
                                   yaxis=dict(range=[-5, 105]), dragmode=False)
            self.fig._config = {"responsive": True, "displayModeBar": False}   # follows the page's width
            self.fig.data[0].on_click(lambda _trace, points, _state: self.go_to_point(points.point_inds))
            self.plot_box.children = [self.fig]
        with self.fig.batch_update():
            tr = self.fig.data[0]
            tr.x, tr.y, tr.hovertext, tr.text = xs, ys, hover, labels
            tr.marker.color, tr.marker.size = colors, sizes
            self.fig.layout.xaxis.title = self.t("coach.ui.review.axis_x")
            self.fig.layout.yaxis.title = self.t("coach.ui.review.axis_win")
        sync_figure_state(self.fig)
        self.plot_box.layout.display = None if self._plotted else "none"

    @guarded()
    def go_to_point(self, indices) -> None:
        """A click on the graph: back to the decision of the point clicked."""
        for i in indices:
            self.go_to(self._plotted[i])
            return

    @guarded()
    def go_to(self, row) -> None:
        """Back to the step of ``row``: the undo step taken just before that decision, or
        (when there is none) the game replayed up to it."""
        s = self.session
        seat = self._review_seat
        self._went = row
        line = self._game.history[:row.index]           # the reviewed game up to that decision
        for i in range(len(s.history) - 1, -1, -1):
            cp = s.history[i]
            if cp.game.history == line and cp.game.pending[seat] is not None:
                s.restore(i)
                return
        g = coach.fresh_game(self._game)
        for seat_, action in line:
            if not any(g.pending):
                g.advance()
            g.apply(seat_, action)
        while not any(g.pending) and not g.is_over:
            g.advance()
        s.load_game(g, humans=s.humans)


# ------------------------------------------------------------------ solo draft preview

def solo_pass_html(game, lang=None) -> dict:
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
