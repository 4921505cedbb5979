"""Paper Tales Lab notebook panels (ipywidgets) over the ``papertales`` engine.

Import name ``papertales_widgets`` (the folder ``widgets/`` of the repository).  Panels
talk to the engine only through its public API:

* :class:`GameStepper` — new game (2-5 players, or 1: solo against the Lich King),
  advance one decision / phase / turn / to the end, undo, the 6-phase track, human decisions;
* :class:`KingdomView` — every kingdom as cards; :class:`EventLog` — the "Why?" panel;
* :class:`WarGraph` — the ring of players and the wars won; :class:`ScoreRace` — LP per phase;
* :class:`WhatIfEditor` — build a position, see what the phases would do;
* :class:`App` — all of it on one page (``notebooks/app.ipynb``, served by Voilà); in a
  solo game the :class:`LichKingPanel` takes the war graph's tab; its "Guided first game"
  button plays the guided deal of :mod:`papertales_widgets.guide` (a suggestion and its
  reason at each of your decisions, "Try again" after a clear mistake) and its *Game
  review* tab is :class:`papertales_widgets.coach.ReviewPanel`;
* :class:`GuidedGame` — the guided first game in a notebook, phase by phase
  (``notebooks/01_learn_the_rules.ipynb``);
* :class:`SoloGame` (the stepper set to one player, your kingdom and the
  :class:`LichKingPanel`) — the solo mode against the Lich King;
  :class:`CompanionPanel` — score the Lich King of a physical solo game;
  :class:`PackEditor` — enter your own Necropolis and Lich King cards
  (``notebooks/03_solo_vs_lich_king.ipynb``).
"""

from papertales.extras import check
from papertales.i18n import register_catalogue

#: the packages of the ``app`` extra the panels import (one line naming the extra when one is missing)
APP_PACKAGES = ("ipywidgets", "IPython", "plotly", "networkx", "anywidget")
check(APP_PACKAGES, "app")
# the panels' words (``widgets/locales/<lang>/``: app, coach, solo, the notebooks' prose ...)
register_catalogue(__name__)

from .app import App  # noqa: E402  (after the check: the panels import these packages)
from .companion import CompanionPanel, PackEditor  # noqa: E402
from .eventlog import EventLog  # noqa: E402
from .kingdom import KingdomView  # noqa: E402
from .lichking import LichKingPanel, SoloGame  # noqa: E402
from .positions import LESSONS, lesson_position  # noqa: E402
from .scorerace import ScoreRace, lp_series  # noqa: E402
from .session import Session  # noqa: E402
from .stepper import DecisionPanel, GameStepper  # noqa: E402
from .tour import GuidedGame  # noqa: E402
from .wargraph import WarGraph, war_graph  # noqa: E402
from .whatif_editor import WhatIfEditor, aging_outcome  # noqa: E402


def lesson_editor(name: str) -> WhatIfEditor:
    """The What-if editor loaded with a prepared teaching position (see ``LESSONS``)."""
    lesson = LESSONS[name]
    return WhatIfEditor(lesson_position(name), title=lesson["title"], lesson=lesson["text"])


__all__ = ["App", "CompanionPanel", "DecisionPanel", "EventLog", "GameStepper", "GuidedGame",
           "KingdomView", "LESSONS", "LichKingPanel", "PackEditor", "ScoreRace", "Session", "SoloGame",
           "WarGraph", "WhatIfEditor", "aging_outcome", "lesson_editor", "lesson_position", "lp_series",
           "war_graph"]
__version__ = "0.1.0"
