"""A guided first game (notebooks/01_learn_the_rules.ipynb): watch bots play phase by phase."""

from __future__ import annotations

import ipywidgets as W
from IPython.display import HTML

from papertales import render as R
from papertales.events import cause_label
from papertales.i18n import t
from papertales.render import escape

from .eventlog import EventLog, summary_rows
from .kingdom import KingdomView
from .scorerace import ScoreRace
from .session import Session
from .stepper import GameStepper
from .texts import phase_explain
from .wargraph import WarGraph, graph_for_session


class GuidedGame:
    """A game (bots only by default) that a notebook advances one phase per cell.

    ``panel()`` is the live stepper with the kingdoms and the event log (you may click it
    too); ``play_phase()`` plays the next phase and returns a static summary: what the
    phase does, what happened, and why each LP and gold changed.  Everything is said in
    ``lang`` (default: the current language)."""

    def __init__(self, players: int = 3, seed: int = 7, humans=(), lang=None):
        self.lang = R.lang_of(lang)
        self.session = Session(players=players, seed=seed, humans=humans, lang=self.lang)
        self.stepper = GameStepper(self.session, lang=self.lang)
        self.kingdoms = KingdomView(session=self.session, lang=self.lang)
        self.why = EventLog(session=self.session, lang=self.lang)

    def t(self, key, **params) -> str:
        return t(key, self.lang, **params)

    @property
    def game(self):
        return self.session.game

    def panel(self) -> W.VBox:
        return W.VBox([self.stepper, self.kingdoms, self.why])

    def play_phase(self) -> HTML:
        """Play the current phase to its end (bots decide) and summarise it."""
        g = self.session.game
        turn, phase = g.turn, g.phase
        if g.is_over:
            return HTML(f"{R.CSS}<div class='pt-root pt-msg pt-info'>{escape(self.t('app.tour.over'))}</div>")
        self.session.advance("phase")
        return HTML(self.summary(turn, phase))

    def play_turn(self) -> HTML:
        g = self.session.game
        turn = g.turn
        self.session.advance("turn")
        return HTML(self.summary(turn, None))

    def play_to_end(self) -> HTML:
        self.session.advance("end")
        g = self.session.game
        return HTML(f"{R.CSS}<div class='pt-root'><b>{escape(self.t('app.tour.final'))}</b>"
                    f"{R.scores_html(g, self.lang)}</div>")

    def summary(self, turn: int, phase: str | None) -> str:
        g = self.session.game
        lang = self.lang
        evs = [e for e in g.events if e.turn == turn and (phase is None or e.phase == phase)]
        names, cards = g.names, g.cards
        rows = []
        for seat, kind, total, causes in summary_rows(evs, names):
            why = ", ".join(f"{escape(cause_label(c, lang, cards))} {R.signed(n)}" for c, n in causes.items())
            unit = t("app.lp" if kind == "lp" else "app.gold", lang)
            rows.append(f"<li><b>{escape(R.seat_name(names, seat, lang))}</b> {R.signed(total)} {escape(unit)}: "
                        f"{why}</li>")
        other = [e.describe(names, lang, cards) for e in evs if e.kind in ("death", "built", "deploy", "war")]
        title = (self.t("app.tour.title_phase", turn=turn, phase=R.phase_title(phase, lang)) if phase
                 else self.t("app.tour.title_turn", turn=turn))
        expl = phase_explain(phase, lang) if phase else ""
        lines = "".join(f"<li>{escape(x)}</li>" for x in other[:30])
        now = ", ".join(self.t("app.tour.score", name=p.name, lp=R.lp_text(p.lp, lang), gold=R.gold_text(p.gold, lang))
                        for p in g.players)
        no_change = f"<li>{escape(self.t('app.tour.no_change'))}</li>"
        happened = (f"<div><b>{escape(self.t('app.tour.happened'))}</b><ul>{lines}</ul></div>" if lines else "")
        return (f"{R.CSS}<div class='pt-root'><h4 style='margin:6px 0'>{escape(title)}</h4>"
                f"{'<div class=pt-msg pt-info>' + expl + '</div>' if expl else ''}"
                f"<div><b>{escape(self.t('app.tour.changes'))}</b><ul>{''.join(rows) or no_change}</ul></div>"
                f"{happened}<div><b>{escape(self.t('app.tour.now'))}</b> {escape(now)}</div></div>")

    def kingdoms_now(self) -> HTML:
        return HTML(R.CSS + "<div class='pt-root'>" + R.kingdoms_html(self.session.game, lang=self.lang) + "</div>")

    def war_graph(self, turn: int | None = None) -> WarGraph:
        """The wars of ``turn`` (default: the latest resolved), frozen: later cells do
        not change this picture.  Before any Wars: a preview of the kingdoms now."""
        before = self.session.wars_game(turn)
        return WarGraph(before if before is not None else self.session.game, lang=self.lang)

    def score_race(self) -> ScoreRace:
        return ScoreRace(session=self.session, lang=self.lang)


__all__ = ["GuidedGame", "graph_for_session"]
