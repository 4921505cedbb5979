"""A guided first game (notebooks/01_learn_the_rules.ipynb): watch bots play phase by phase."""

from __future__ import annotations

import ipywidgets as W
from IPython.display import HTML

from papertales import render as R

from .eventlog import EventLog, summary_rows
from .kingdom import KingdomView
from .scorerace import ScoreRace
from .session import Session
from .stepper import GameStepper
from .texts import PHASE_EXPLAIN
from .wargraph import WarGraph, graph_for_session


class GuidedGame:
    """A game (bots only by default) that a notebook advances one phase per cell.

    ``panel()`` is the live stepper with the kingdoms and the event log (you may click it
    too); ``play_phase()`` plays the next phase and returns a static summary: what the
    phase does, what happened, and why each LP and gold changed."""

    def __init__(self, players: int = 3, seed: int = 7, humans=()):
        self.session = Session(players=players, seed=seed, humans=humans)
        self.stepper = GameStepper(self.session)
        self.kingdoms = KingdomView(session=self.session)
        self.why = EventLog(session=self.session)

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
            return HTML(R.CSS + "<div class='pt-root pt-msg pt-info'>The game is over.</div>")
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
        return HTML(f"{R.CSS}<div class='pt-root'><b>Final scores</b>{R.scores_html(g)}</div>")

    def summary(self, turn: int, phase: str | None) -> str:
        g = self.session.game
        evs = [e for e in g.events if e.turn == turn and (phase is None or e.phase == phase)]
        names = g.names
        rows = []
        for seat, kind, total, causes in summary_rows(evs, names):
            why = ", ".join(f"{R._e(c)} {R.signed(n)}" for c, n in causes.items())
            rows.append(f"<li><b>{R._e(R.seat_name(names, seat))}</b> {R.signed(total)} {'LP' if kind == 'lp' else 'gold'}: {why}</li>")
        other = [e.describe(names) for e in evs if e.kind in ("death", "build", "deploy", "war")]
        title = f"Turn {turn} — {R.PHASE_TITLES[phase]}" if phase else f"Turn {turn}"
        expl = PHASE_EXPLAIN.get(phase, "") if phase else ""
        lines = "".join(f"<li>{R._e(x)}</li>" for x in other[:30])
        return (f"{R.CSS}<div class='pt-root'><h4 style='margin:6px 0'>{title}</h4>"
                f"{'<div class=pt-msg pt-info>' + expl + '</div>' if expl else ''}"
                f"<div><b>LP and gold, with their causes:</b><ul>{''.join(rows) or '<li>no change</li>'}</ul></div>"
                f"{'<div><b>What happened:</b><ul>' + lines + '</ul></div>' if lines else ''}"
                f"<div><b>Now:</b> " + ", ".join(f"{R._e(p.name)} {p.lp} LP / {p.gold} gold" for p in g.players)
                + "</div></div>")

    def kingdoms_now(self) -> HTML:
        return HTML(R.CSS + "<div class='pt-root'>" + R.kingdoms_html(self.session.game) + "</div>")

    def war_graph(self, turn: int | None = None) -> WarGraph:
        """The wars of ``turn`` (default: the latest resolved), frozen: later cells do
        not change this picture.  Before any Wars: a preview of the kingdoms now."""
        before = self.session.wars_game(turn)
        return WarGraph(before if before is not None else self.session.game)

    def score_race(self) -> ScoreRace:
        return ScoreRace(session=self.session)


__all__ = ["GuidedGame", "graph_for_session"]
