"""A game review as a file a student can hand in: one HTML page with the graph inside.

The page is built from the review's rows (:func:`papertales.coach.review`) and nothing
else, so it holds what the review shows -- the reviewed seat's own moves and the coach's
reasons, which read only what that seat saw -- never another seat's hidden cards.  The
graph is SVG drawn with the standard library (:class:`.svg.Svg`), so the file opens in any
browser without a network.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import cast

from papertales import Game, coach
from papertales.coach import ReviewRow, Why
from papertales import render as R
from papertales.i18n import number, t

from .svg import Svg

#: the colour of a verdict's point in the graphs
POINT_COLORS = {"fine": "#7a9a78", "inaccuracy": "#d4a600", "mistake": "#e67e22", "blunder": "#c62828"}


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{round(100 * x)}%"


def summary_text(game: Game, rows: Sequence[ReviewRow], lang: str | None = None) -> str:
    """One sentence: how many decisions got each verdict and the LP lost in all."""
    s = coach.summary(rows)
    over = t("coach.ui.review.over", lang) + " " if game.is_over else ""
    return over + t("coach.ui.review.summary", lang, fine=s["fine"], inaccuracy=s["inaccuracy"], mistake=s["mistake"],
                    blunder=s["blunder"], cost=number(s["cost"], lang))


def review_svg(rows: Sequence[ReviewRow], lang: str | None = None, width: int = 640, height: int = 240) -> str:
    """The chance to win after each decision, its 95 % band, the key moments numbered."""
    svg = Svg(width, height, t("coach.ui.review.axis_win", lang))
    plotted = [(i, r) for i, r in enumerate(rows, 1) if r.win_after is not None]
    left, right, top, bottom = 44, width - 12, 30, height - 34
    n = max(len(rows), 2)

    def x_of(i: int) -> float:
        return left + (i - 1) / (n - 1) * (right - left)

    def y_of(p: float | None) -> float:
        assert p is not None                # a plotted decision has its chances
        return bottom - p * (bottom - top)

    for p in (0.0, 0.25, 0.5, 0.75, 1.0):
        svg.line(left, y_of(p), right, y_of(p), stroke="#e3e3e3")
        svg.text(left - 6, y_of(p) + 4, _pct(p), anchor="end", size=10, fill="#555")
    svg.text((left + right) / 2, height - 6, t("coach.ui.review.axis_x", lang), anchor="middle", size=11, fill="#555")
    if plotted:
        band = [(x_of(i), y_of(r.win_after_high)) for i, r in plotted]
        band += [(x_of(i), y_of(r.win_after_low)) for i, r in reversed(plotted)]
        svg.parts.append('<polygon fill="rgba(91,42,134,0.15)" points="'
                         + " ".join(f"{x:.1f},{y:.1f}" for x, y in band) + '"/>')
        for (i, a), (j, b) in zip(plotted, plotted[1:]):
            svg.line(x_of(i), y_of(a.win_after), x_of(j), y_of(b.win_after), stroke="#5b2a86", width=2)
        marks = {id(r): k for k, r in enumerate(coach.key_moments(rows), 1)}
        for i, r in plotted:
            svg.circle(x_of(i), y_of(r.win_after), 6 if id(r) in marks else 3.5, POINT_COLORS[r.verdict])
            if id(r) in marks:
                svg.text(x_of(i), y_of(r.win_after) - 9, marks[id(r)], anchor="middle", size=11)
    return svg.markup


def cost_text(r: ReviewRow, lang: str | None = None) -> str:
    """A move the coach would not have played: its expected final LP against the
    suggestion's, signed, with the whole 95 % interval of that difference (a "fine" move's
    reaches above 0: it may be as good)."""
    d = cast(Why, r.why)         # the suggestion's reason: its LP is suggestion minus move
    return t("coach.ui.review.cost", lang, lp=coach.signed(-d.lp, lang), low=coach.signed(-d.high, lang),
             high=coach.signed(-d.low, lang))


def review_html(game: Game, seat: int, rows: Sequence[ReviewRow], lang: str | None = None, worlds: int = coach.WORLDS) -> str:
    """The whole review of ``seat`` in ``game`` as a self-contained HTML page (``worlds``:
    the sampled worlds per decision it was made with)."""
    name = game.players[seat].name
    title = t("coach.ui.review.file_title", lang, name=name, seed=game.seed, players=game.n)
    lines = []
    for k, r in enumerate(rows, 1):
        when = t("coach.ui.review.when", lang, turn=r.turn, phase=R.phase_title(r.phase, lang))
        if r.forced:
            verdict, detail = t("coach.ui.review.forced", lang), ""
        else:
            verdict = t(f"coach.ui.verdict.{r.verdict}", lang)
            detail = "" if r.followed else t("coach.ui.review.better", lang, why=cast(Why, r.why).text)
        cost = "" if r.followed or r.forced else cost_text(r, lang)
        lines.append(f"<tr class='v-{r.verdict}'><td>{k}</td><td>{escape(when)}</td><td>{escape(r.text)}</td>"
                     f"<td>{escape(verdict)}</td><td>{escape(cost)}</td><td>{_pct(r.win_after)}</td>"
                     f"<td>{escape(detail)}</td></tr>")
    head = "".join(f"<th>{escape(t(f'coach.ui.review.file_col.{c}', lang))}</th>"
                   for c in ("n", "when", "move", "verdict", "cost", "win", "better"))
    moments = "".join(f"<li>{escape(t('coach.ui.review.when', lang, turn=r.turn, phase=R.phase_title(r.phase, lang)))}"
                      f": {escape(r.text)} — {escape(t(f'coach.ui.verdict.{r.verdict}', lang))}, "
                      f"−{escape(number(r.cost, lang))} LP</li>" for r in coach.key_moments(rows))
    return (f"<!DOCTYPE html>\n<html lang='{escape(lang or 'en')}'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>body{{font-family:sans-serif;max-width:960px;margin:1em auto;"
            "padding:0 1em}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:3px 6px;"
            "vertical-align:top;text-align:left}.v-inaccuracy{background:#fff6d5}.v-mistake{background:#ffe3c4}"
            ".v-blunder{background:#f9d0cd}</style></head><body>"
            f"<h1>{escape(title)}</h1><p>{escape(summary_text(game, rows, lang))}</p>"
            f"<p>{escape(t('coach.ui.review.file_how', lang, n=worlds))}</p>"
            f"{review_svg(rows, lang)}"
            f"<h2>{escape(t('coach.ui.review.moments', lang))}</h2>"
            f"<ol>{moments or '<li>' + escape(t('coach.ui.review.no_moments', lang)) + '</li>'}</ol>"
            f"<h2>{escape(t('coach.ui.review.file_decisions', lang))}</h2><table><tr>{head}</tr>{''.join(lines)}</table>"
            f"<p><small>{escape(t('coach.ui.review.file_credits', lang))}</small></p></body></html>\n")
