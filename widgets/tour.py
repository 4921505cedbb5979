"""The guided first game in a notebook (notebooks/01_learn_the_rules.ipynb): the app's
guided game (:mod:`.guide`: a fixed deal, you in seat 1 against two bots, the guide above
your decisions) with the kingdoms and the *Why?* log, and methods that let the guide play
for you phase by phase, each summarised: what the guide said at your decisions, what
happened, and why every LP and gold coin changed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as W
from IPython.display import HTML

from papertales import Game, render as R
from papertales import cause_label
from papertales.i18n import t
from papertales.render import escape

from .coach import ReviewPanel
from .eventlog import EventLog, summary_rows
from .guide import CSS as GUIDE_CSS
from .guide import PLAYERS, SEAT, SEED, GuidePanel
from .happened import PHASE_OF, happened
from .kingdom import KingdomView
from .scorerace import ScoreRace
from .session import Session
from .stepper import GameStepper
from .texts import phase_explain
from .wargraph import WarGraph, graph_for_session


class GuidedGame:
    """The guided first game for a notebook.  ``panel()`` is the live stepper with the
    guide, the kingdoms and the event log (play by clicking); ``play_phase()`` lets the
    guide play the current phase for you (its suggestion at each of your decisions) and
    returns a static summary.  Everything is said in ``lang`` (default: the current
    language)."""

    #: at most this many lines in a summary's "what happened" (it says when it is shortened)
    LIMIT = 30

    def __init__(self, lang: str | None = None) -> None:
        self.lang = R.lang_of(lang)
        self.session = Session(players=PLAYERS, seed=SEED, humans=[SEAT], lang=self.lang)
        self.stepper = GameStepper(self.session, lang=self.lang)
        self.guide = GuidePanel(self.stepper, lang=self.lang)
        self.stepper.guide_slot.children = [self.guide]
        self.guide.guide.start()
        self.kingdoms = KingdomView(session=self.session, lang=self.lang)
        self.why = EventLog(session=self.session, lang=self.lang)

    def t(self, key: str, **params: object) -> str:
        return t(key, self.lang, **params)

    @property
    def game(self) -> Game:
        return self.session.game

    def panel(self) -> W.VBox:
        return W.VBox([self.stepper, self.kingdoms, self.why])

    def _play(self, done: Callable[[Game], bool]) -> list[str]:
        """Play until ``done(game)``: your decisions as the guide suggests (what it said
        about each is returned as HTML), the rest phase by phase."""
        said: list[str] = []
        guide = self.guide.guide
        while not done(self.session.game) and not self.session.game.is_over:
            if guide.waiting():
                if guide.guided(self.session.game):
                    said.append(f"<li class='pt-guide-said'>{guide.decision_html(self.lang, own=False)}</li>")
                guide.follow()
            else:
                self.session.advance("phase")
        return said

    def play_phase(self) -> HTML:
        """Play the current phase to its end (the guide decides for you, bots for the
        others) and summarise it."""
        g = self.session.game
        turn, phase = g.turn, g.phase
        if g.is_over:
            return HTML(f"{R.CSS}<div class='pt-root pt-msg pt-info'>{escape(self.t('app.tour.over'))}</div>")
        said = self._play(lambda g: (g.turn, g.phase) != (turn, phase))
        return HTML(self.summary(turn, phase, said))

    def play_turn(self) -> HTML:
        """Play the rest of the current turn (the guide decides for you) and summarise it."""
        turn = self.session.game.turn
        said = self._play(lambda g: g.turn != turn)
        return HTML(self.summary(turn, None, said))

    def play_to_end(self) -> HTML:
        """Play the rest of the game (the guide's moves for you); show the final scores and
        how the end-game scoring (buildings and end-of-game abilities) gave its LP."""
        self._play(lambda g: g.is_over)
        g = self.session.game
        end = [r for r in g.results if type(r).__name__ == "EndResult"]
        sections, _ = happened(g, [], end, self.lang)
        lines = "".join(f"<li>{escape(text)}</li>" for _, _, ls in sections for _, text in ls)
        return HTML(f"{R.CSS}<div class='pt-root'><b>{escape(self.t('app.tour.final'))}</b>"
                    f"{R.scores_html(g, self.lang)}"
                    f"<div class='pt-msg pt-info'>{escape(self.t('app.tour.end_scoring'))}</div>"
                    f"<ul class='pt-end-scoring'>{lines}</ul></div>")

    def summary(self, turn: int, phase: str | None, said: Sequence[str] = ()) -> str:
        """What happened in ``phase`` of ``turn`` (the whole turn: None), after what the
        guide ``said`` at your decisions."""
        g = self.session.game
        lang = self.lang
        evs = [e for e in g.events if e.turn == turn and (phase is None or e.phase == phase)]
        names, cards = g.names, g.cards
        rows = []
        for seat, kind, total, causes in summary_rows(evs, names):
            why = ", ".join(f"{escape(cause_label(c, lang, cards))} {R.signed(n)}" for c, n in causes.items())
            rows.append(f"<li><b>{escape(R.seat_name(names, seat, lang))}</b> "
                        f"{escape(R.change_text(kind, total, lang))}: {why}</li>")
        results = [r for r in g.results
                   if r.turn == turn and (phase is None or PHASE_OF.get(type(r).__name__) == phase)]
        sections, cut = happened(g, evs, results, lang, limit=self.LIMIT)
        title = (self.t("app.tour.title_phase", turn=turn, phase=R.phase_title(phase, lang)) if phase
                 else self.t("app.tour.title_turn", turn=turn))
        expl = phase_explain(phase, lang) if phase else ""
        lines = "".join(f"<li>{escape(text)}</li>" for _, _, ls in sections for _, text in ls)
        if cut:
            lines += f"<li class='pt-muted pt-h-cut'>{escape(self.t('app.happened.shortened', n=cut))}</li>"
        now = ", ".join(self.t("app.tour.score", name=p.name, lp=R.lp_text(p.lp, lang), gold=R.gold_text(p.gold, lang))
                        for p in g.players)
        no_change = f"<li>{escape(self.t('app.tour.no_change'))}</li>"
        what = (f"<div><b>{escape(self.t('app.tour.happened'))}</b><ul>{lines}</ul></div>" if lines else "")
        guide = (f"{GUIDE_CSS}<div class='pt-guide'><b>{escape(self.t('coach.guide.said'))}</b><ol>{''.join(said)}</ol></div>"
                 if said else "")
        return (f"{R.CSS}<div class='pt-root'><h4 style='margin:6px 0'>{escape(title)}</h4>"
                f"{'<div class=pt-msg pt-info>' + expl + '</div>' if expl else ''}{guide}"
                f"<div><b>{escape(self.t('app.tour.changes'))}</b><ul>{''.join(rows) or no_change}</ul></div>"
                f"{what}<div><b>{escape(self.t('app.tour.now'))}</b> {escape(now)}</div></div>")

    def kingdoms_now(self) -> HTML:
        return HTML(R.CSS + "<div class='pt-root'>" + R.kingdoms_html(self.session.game, lang=self.lang) + "</div>")

    def war_graph(self, turn: int | None = None) -> WarGraph:
        """The wars of ``turn`` (default: the latest resolved), frozen: later cells do
        not change this picture.  Before any Wars: a preview of the kingdoms now."""
        before = self.session.wars_game(turn)
        return WarGraph(before if before is not None else self.session.game, lang=self.lang)

    def score_race(self) -> ScoreRace:
        return ScoreRace(session=self.session, lang=self.lang)

    def review(self) -> ReviewPanel:
        """The game review of your decisions (:class:`~papertales_widgets.coach.ReviewPanel`),
        with a fixed number of sampled worlds; it runs at once when the game is over."""
        return ReviewPanel(self.session, lang=self.lang)


__all__ = ["GuidedGame", "graph_for_session"]
