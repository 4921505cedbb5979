"""The one-page app (notebooks/app.ipynb, served by Voilà): play a game against bots."""

from __future__ import annotations

import os
import threading

import ipywidgets as W

from papertales import render as R
from papertales.whatif import position_of

from .base import MessageBox, guarded, wrap
from .eventlog import EventLog
from .kingdom import KingdomView
from .scorerace import ScoreRace
from .session import Session
from .stepper import GameStepper
from .texts import APP_INTRO, PHASE_EXPLAIN
from .wargraph import WarGraph

TAB_TITLES = ("Why? (event log)", "War graph", "Score race", "What-if editor", "Rules in short")


def rules_html() -> str:
    phases = "".join(f"<li>{PHASE_EXPLAIN[p]}</li>" for p in R.PHASE_ORDER)
    return wrap("<p>Paper Tales is played in 4 turns of 6 phases; the player with the most Legend "
                "Points (LP) wins (ties: most gold).</p>"
                f"<ol>{phases}</ol><p>{PHASE_EXPLAIN['end']}</p>")


def warm_up_plotly():
    """Import plotly's FigureWidget ahead of the chart tabs: its import chain (plotly.io ->
    nbformat -> jsonschema) takes seconds.  In a kernel that Voilà preheats, do it now
    (nobody waits yet); elsewhere in a background thread, a little later, so that the
    page becomes interactive first."""
    def work():
        try:
            import plotly.graph_objs._figurewidget  # noqa: F401
        except Exception:          # noqa: BLE001 - the tab that needs it will show the error
            pass
    if os.environ.get("VOILA_PREHEAT") == "True":
        work()
        return None
    t = threading.Timer(8.0, work)
    t.daemon = True
    t.start()
    return t


class App(W.VBox):
    """Stepper + kingdoms on top, explanation panels in tabs below.  Panels in hidden tabs
    redraw only when their tab is opened; the What-if editor is built on first use."""

    def __init__(self, players: int = 3, seed: int = 7, humans=(0,), **kw):
        super().__init__(**kw)
        self.add_class("pt-app")
        self.messages = MessageBox()
        self.warm_up = warm_up_plotly()
        self.session = Session(players=players, seed=seed, humans=humans)
        self.header = W.HTML(wrap(
            "<h2 style='margin:4px 0'>Paper Tales Lab — play a game against bots</h2>"
            f"<div class='pt-msg pt-info'>{APP_INTRO}</div>"))
        self.stepper = GameStepper(self.session)
        self.kingdoms = KingdomView(session=self.session)
        self.why = EventLog(session=self.session)
        self.wars = WarGraph(session=self.session, lazy=True)
        self.race = ScoreRace(session=self.session, lazy=True)
        self.whatif_box = W.VBox()
        self.whatif = None
        self.rules = W.HTML(rules_html())
        self.tabs = W.Tab(children=[self.why, self.wars, self.race, self.whatif_box, self.rules])
        for i, t in enumerate(TAB_TITLES):
            self.tabs.set_title(i, t)
        self.tabs.selected_index = 0
        self.tabs.observe(self._on_tab, names="selected_index")
        self.children = [self.header, self.stepper, self.kingdoms, self.messages, self.tabs]

    @property
    def game(self):
        return self.session.game

    def panels(self):
        return {0: self.why, 1: self.wars, 2: self.race}

    @guarded()
    def _on_tab(self, change=None):
        index = self.tabs.selected_index
        for i, panel in self.panels().items():
            panel.set_active(i == index)
        if index == 3:
            self.open_whatif()

    @guarded()
    def open_whatif(self):
        """Build the What-if editor (first time) and load the kingdoms of the game."""
        from .whatif_editor import WhatIfEditor
        if self.whatif is None:
            self.whatif = WhatIfEditor(position_of(self.session.game))
            load = W.Button(description="Load the kingdoms of the current game", button_style="info",
                            layout=W.Layout(width="auto"))
            load.on_click(lambda _b: self.whatif.load(position_of(self.session.game)))
            self.whatif_box.children = [load, self.whatif]
        return self.whatif

    def select(self, title_or_index) -> None:
        """Open a tab by index or title (for notebooks and tests)."""
        if isinstance(title_or_index, str):
            title_or_index = [t.split(" ")[0].lower() for t in TAB_TITLES].index(title_or_index.lower().split(" ")[0])
        self.tabs.selected_index = title_or_index
