"""The one-page app (notebooks/app.ipynb, served by Voilà): play a game against bots, or
alone against the Lich King (1 player: the Lich King panel takes the war graph's tab)."""

from __future__ import annotations

import os
import threading

import ipywidgets as W

from papertales import render as R
from papertales.whatif import position_of

from .base import MessageBox, guarded, wrap
from .eventlog import EventLog
from .kingdom import KingdomView
from .lichking import LichKingPanel
from .scorerace import ScoreRace
from .session import Session
from .stepper import GameStepper
from .texts import APP_INTRO, PHASE_EXPLAIN, SOLO_PHASE_EXPLAIN, SOLO_RULES
from .wargraph import WarGraph

TAB_TITLES = ("Why? (event log)", "War graph", "Score race", "What-if editor", "Rules in short")
#: in a solo game the Lich King panel takes the war graph's tab
SOLO_TAB_TITLES = ("Why? (event log)", "Lich King", "Score race", "What-if editor", "Rules in short")


def rules_html(solo: bool = False) -> str:
    if solo:
        texts = {**PHASE_EXPLAIN, **SOLO_PHASE_EXPLAIN}
        phases = "".join(f"<li>{texts[p]}</li>" for p in R.PHASE_ORDER)
        return wrap(f"{SOLO_RULES}<ol>{phases}</ol><p>{texts['end']}</p>")
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
    redraw only when their tab is opened; the What-if editor is built on first use.

    ``players=1`` (or choosing "1 (solo vs the Lich King)" in the stepper) plays the solo
    mode: ``cards`` (default: the illustrative Necropolis cards) and ``lich_king_cards``
    set the Lich King up, and the Lich King panel replaces the war graph."""

    def __init__(self, players: int = 3, seed: int = 7, humans=(0,), cards=None, lich_king_cards=0, **kw):
        super().__init__(**kw)
        self.add_class("pt-app")
        self.messages = MessageBox()
        self.warm_up = warm_up_plotly()
        self.session = Session(players=players, seed=seed, humans=humans, cards=cards,
                               lich_king_cards=lich_king_cards)
        self.header = W.HTML(wrap(
            "<h2 style='margin:4px 0'>Paper Tales Lab — play a game against bots or the Lich King</h2>"
            f"<div class='pt-msg pt-info'>{APP_INTRO}</div>"))
        self.stepper = GameStepper(self.session, lich_king_cards=lich_king_cards)
        self.kingdoms = KingdomView(session=self.session)
        self.why = EventLog(session=self.session)
        self.wars = WarGraph(session=self.session, lazy=True)
        self.lich = LichKingPanel(session=self.session, lazy=True, show_banner=False)
        self.race = ScoreRace(session=self.session, lazy=True)
        self.whatif_box = W.VBox()
        self.whatif = None
        self.whatif_load = None
        self.rules = W.HTML()
        self.tabs = W.Tab(children=[self.why, self.wars, self.race, self.whatif_box, self.rules])
        self.tabs.titles = TAB_TITLES
        self.tabs.selected_index = 0
        self.tabs.observe(self._on_tab, names="selected_index")
        self.children = [self.header, self.stepper, self.kingdoms, self.messages, self.tabs]
        self._solo = None
        self.session.observe(self._on_session)
        self._on_session(self.session)

    @property
    def game(self):
        return self.session.game

    @property
    def solo(self) -> bool:
        return self.session.game.lich is not None

    def panels(self):
        return {0: self.why, 1: self.lich if self.solo else self.wars, 2: self.race}

    @guarded()
    def _on_session(self, session=None):
        """A solo game shows the Lich King panel in the war graph's tab (opened when the
        solo mode starts), and the solo rules."""
        solo = self.solo
        if solo == self._solo:
            return
        self._solo = solo
        children = list(self.tabs.children)
        children[1] = self.lich if solo else self.wars
        self.tabs.children = children
        self.tabs.titles = SOLO_TAB_TITLES if solo else TAB_TITLES
        self.rules.value = rules_html(solo)
        if solo:
            self.tabs.selected_index = 1
        (self.wars if solo else self.lich).set_active(False)
        self._on_tab()

    @guarded()
    def _on_tab(self, change=None):
        index = self.tabs.selected_index
        for i, panel in self.panels().items():
            panel.set_active(i == index)
        if index == 3:
            self.open_whatif()

    @guarded()
    def open_whatif(self):
        """Build the What-if editor (first time) and load the kingdoms of the game.  It
        compares 2 to 5 kingdoms: in a solo game it starts from an empty table."""
        from .whatif_editor import WhatIfEditor
        if self.whatif is None:
            self.whatif = WhatIfEditor(None if self.solo else position_of(self.session.game))
            self.whatif_load = W.Button(description="Load the kingdoms of the current game", button_style="info",
                                        layout=W.Layout(width="auto"))
            self.whatif_load.on_click(lambda _b: self.whatif.load(position_of(self.session.game)))
            self.whatif_note = W.HTML()
            self.whatif_box.children = [W.HBox([self.whatif_load, self.whatif_note]), self.whatif]
        self.whatif_load.disabled = self.solo
        self.whatif_note.value = wrap("<span class='pt-muted'>A solo game has one kingdom: the editor compares "
                                      "2 to 5, so build a table of your own.</span>") if self.solo else ""
        return self.whatif

    def tab_titles(self) -> tuple:
        return tuple(self.tabs.titles)

    def select(self, title_or_index) -> None:
        """Open a tab by index or by the start of its title ("why", "lich", "score" ...)."""
        if isinstance(title_or_index, str):
            want = title_or_index.lower()
            matches = [i for i, t in enumerate(self.tabs.titles) if t.lower().startswith(want)]
            if not matches:
                raise ValueError(f"no tab {title_or_index!r}; the tabs are {', '.join(self.tabs.titles)}")
            title_or_index = matches[0]
        self.tabs.selected_index = title_or_index
