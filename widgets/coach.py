"""The coach in the app: the Hint button of a decision, the Game review, the solo draft
preview (the engine side is :mod:`papertales.coach`; every word from ``coach.*`` keys).

* :class:`HintBox` sits in each decision box: **Hint** ranks the options (expected LP,
  win chance, a one-line reason) in about a second, with a busy sign while it thinks.
* :class:`ReviewPanel` (a tab of the app) reviews a seat's decisions against the coach's
  choice: the LP each cost and a verdict, colour-coded; each row can take the game back
  to that step (``Session.restore`` when an undo step exists, else the game is replayed
  up to it and continued with ``Session.load_game``).  It runs on demand, and by itself
  when its tab is open at the end of the game (or opened after it).
* :func:`solo_pass_html`: under each card of a solo draft, what the Lich King gains this
  turn if you pass it.
"""

from __future__ import annotations

import ipywidgets as W

from papertales import coach
from papertales import render as R
from papertales.i18n import t
from papertales.render import escape

from .base import DrawnWhenVisible, MessageBox, Speaking, guarded, wrap

HINT_SECONDS = 0.8           # the search's budget for a hint (plus the reasons: about 1 s)
REVIEW_SECONDS = 0.15        # per reviewed decision in the app
VERDICT_COLORS = {"fine": "#e3f4e1", "inaccuracy": "#fff6d5", "mistake": "#ffe3c4", "blunder": "#f9d0cd"}

_CSS = """<style>
table.pt-hint-table td,table.pt-hint-table th{padding:2px 6px;vertical-align:top}
table.pt-hint-table tr.pt-hint-best td{background:#e3f4e1;font-weight:600}
.pt-busy{color:#5b2a86;font-weight:600}
.pt-busy:before{content:"";display:inline-block;width:10px;height:10px;margin-right:6px;border:2px solid #5b2a86;
border-top-color:transparent;border-radius:50%;animation:pt-spin .8s linear infinite}
@keyframes pt-spin{to{transform:rotate(360deg)}}
.pt-review-row{border-bottom:1px solid #ddd;align-items:center}
.pt-review-cell{padding:2px 4px;font-size:13px}
.pt-solo-pass{font-size:12px;color:#5b2a86}
</style>"""


def _pct(x) -> str:
    return "—" if x is None else f"{round(100 * x)}%"


def _lp(x, lang=None) -> str:
    if x is None:
        return "—"
    return f"{x:.1f}".replace(".", t("coach.decimal_mark", lang))


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
    options (see :func:`papertales.coach.hint`)."""

    def __init__(self, game, seat: int, seconds: float = HINT_SECONDS, lang=None, **kw):
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-hint-box")
        self.game, self.seat, self.seconds = game, seat, seconds
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
            self.result = coach.hint(self.game, self.seat, seconds=self.seconds, lang=self.lang)
        finally:
            self.busy.layout.display = "none"
            self.button.disabled = False
        self.redraw()
        return self.result


# ------------------------------------------------------------------ the game review

def verdict_label(name, lang=None) -> str:
    return t(f"coach.ui.verdict.{name}", lang)


class ReviewPanel(Speaking, DrawnWhenVisible, W.VBox):
    """The review of one seat's decisions (default: the first human seat)."""

    COLUMNS = ("when", "played", "coach", "cost", "verdict")

    def __init__(self, session, seconds: float = REVIEW_SECONDS, lazy: bool = False, lang=None, **kw):
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-review")
        self.session, self.seconds = session, seconds
        self.active = not lazy
        self.messages = MessageBox(lang=self.lang)
        self.rows = []                # papertales.coach.ReviewRow of the last review
        self._reviewed = None         # (game id, history length, seat) of the last review
        self._auto_done = None
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
        self.table = W.VBox()
        self.table.add_class("pt-review-table")
        self.children = [self.head, W.HBox([self.seat, self.run_button, self.busy]), self.messages,
                         self.summary, self.table]
        self.relabel()
        session.observe(lambda _s: self._on_session())
        self._on_session()

    # -------------------------------------------------------------- words

    def relabel(self) -> None:
        self.seat.description = self.t("coach.ui.review.seat")
        self.run_button.description = self.t("coach.ui.review.run")
        self.run_button.tooltip = self.t("coach.ui.review.run_tip")
        self.head.value = wrap(f"<b>{escape(self.t('coach.ui.review.title'))}</b> "
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

    def _on_session(self) -> None:
        self._seat_options()
        g = self.session.game
        if self.rows and self._reviewed != self._key():
            self.summary.value = wrap(f"<span class='pt-muted'>{escape(self.t('coach.ui.review.stale'))}</span>")
        if g.is_over and self.active and self._auto_done != self._key():
            self._auto_done = self._key()
            self.run()

    def set_active(self, active: bool) -> None:
        self.active = active
        if active and self.session.game.is_over and self._auto_done != self._key():
            self._auto_done = self._key()
            self.run()

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
            self.rows = coach.review(g, seat, seconds=self.seconds, progress=progress)
        finally:
            self.busy.layout.display = "none"
            self.run_button.disabled = False
        self._reviewed = self._key()
        self._review_seat = seat
        self.redraw()
        return self.rows

    # -------------------------------------------------------------- drawing

    def refresh(self) -> None:
        if self._stale():
            return
        lang, g = self.lang, self.session.game
        if self._reviewed is None:
            self.summary.value = ""
            self.table.children = []
            return
        if not self.rows:
            self.summary.value = wrap(escape(self.t("coach.ui.review.empty", name=g.players[self._review_seat].name)))
            self.table.children = []
            return
        s = coach.summary(self.rows)
        over = self.t("coach.ui.review.over") + " " if g.is_over else ""
        self.summary.value = wrap(f"<div class='pt-msg pt-info'>{escape(over)}"
                                  + escape(self.t("coach.ui.review.summary", fine=s["fine"], inaccuracy=s["inaccuracy"],
                                                  mistake=s["mistake"], blunder=s["blunder"],
                                                  cost=f"{s['cost']:.1f}")) + "</div>")
        widths = ("150px", "260px", "260px", "70px", "110px")
        head = W.HBox([W.HTML(wrap(f"<b>{escape(self.t('coach.ui.review.col.' + c))}</b>", css=False),
                              layout=W.Layout(width=w)) for c, w in zip(self.COLUMNS, widths)])
        rows = [head]
        cards = g.cards
        for r in self.rows:
            when = R.phase_title(r.phase, lang)
            cells = [self.t("coach.ui.review.when", turn=r.turn, phase=when),
                     r.text(lang, cards),
                     self.t("coach.ui.review.same") if r.best == r.action else r.best_text(lang, cards),
                     f"{r.cost:.1f}", verdict_label(r.verdict, lang)]
            row = W.HBox([W.HTML(wrap(f"<span class='pt-review-cell'>{escape(c)}</span>", css=False),
                                 layout=W.Layout(width=w)) for c, w in zip(cells, widths)],
                         layout=W.Layout(align_items="center"))
            go = W.Button(description=self.t("coach.ui.review.go"), tooltip=self.t("coach.ui.review.go_tip"),
                          icon="undo", layout=W.Layout(width="auto"))
            go.add_class("pt-review-go")
            go.on_click(lambda _b, r=r: self.go_to(r))
            row.children = list(row.children) + [go]
            row.add_class("pt-review-row")
            row.add_class(f"pt-verdict-{r.verdict}")
            row.layout.background = VERDICT_COLORS[r.verdict]        # colour-coded verdict
            rows.append(row)
        self.table.children = rows

    @guarded()
    def go_to(self, row) -> None:
        """Back to the step of ``row``: the undo step taken just before that decision, or
        (when there is none) the game replayed up to it."""
        s = self.session
        seat = self._review_seat
        for i in range(len(s.history) - 1, -1, -1):
            cp = s.history[i]
            if len(cp.game.history) == row.index and cp.game.pending[seat] is not None:
                s.restore(i)
                return
        g = coach.fresh_game(s.game)
        for seat_, action in s.game.history[:row.index]:
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
