"""The one-page app (notebooks/app.ipynb, served by Voilà): play a game against bots, or
alone against the Lich King (1 player: the Lich King panel takes the war graph's tab).

A language switch at the top (English / Polski) redraws every panel in the chosen
language (:meth:`App.set_language`); the default is :func:`papertales.i18n.get_language`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Callable, NamedTuple, cast

import ipywidgets as W

from papertales import Action, CardSet, Game, i18n
from papertales.i18n import t
from papertales.render import escape

from .base import MessageBox, Speaking, guarded, shared_layout, wrap
from .charts import bundle_preload, warm_up_plotly
from .eventlog import EventLog
from .kingdom import KingdomView
from .lichking import LichKingPanel
from .coach import ReviewPanel
from .scorerace import ScoreRace
from .session import Session
from .stepper import GameStepper
from .texts import app_intro, rules_summary
from .wargraph import WarGraph
from . import guide as first_game
from .guide import GuidePanel
from .whatif_editor import WhatIfEditor
from .legacy import LegacyPanel
from .link import LinkSettings, parse_link

class Tab(NamedTuple):
    """One tab of the app, declared once: everything else finds a tab by its name, never by
    its position."""
    name: str                                   #: what ``App.select`` and the code call it
    title: str                                  #: the catalogue key of its title
    panel: Callable[["App"], W.Widget]          #: the App's widget shown in it
    #: what to do when it is opened (build a panel on first use), or None
    on_open: Callable[["App"], object] | None = None
    #: makes its panel, which draws only while shown (``set_active``): the App makes it
    #: the first time the tab opens or the code asks for it (``App.panel``), so that a page
    #: sends the browser no widget of a tab nobody opened
    build: Callable[["App"], Any] | None = None

    @property
    def lazy(self) -> bool:
        return self.build is not None


def _lazy_tab(name: str, title: str, build: Callable[["App"], Any]) -> Tab:
    return Tab(name, title, lambda app: app.slot(name), build=build)


#: the tabs, in order
APP_TABS = (
    _lazy_tab("why", "app.tab.why", lambda app: EventLog(session=app.session, lang=app.lang)),
    _lazy_tab("wars", "app.tab.wars", lambda app: WarGraph(session=app.session, lazy=True, lang=app.lang)),
    _lazy_tab("score", "app.tab.score", lambda app: ScoreRace(session=app.session, lazy=True, lang=app.lang)),
    Tab("whatif", "app.tab.whatif", lambda app: app.whatif_box, on_open=lambda app: app.open_whatif()),
    Tab("rules", "app.tab.rules", lambda app: app.rules),
    _lazy_tab("review", "coach.ui.tab.review", lambda app: ReviewPanel(app.session, lazy=True, lang=app.lang)),
    Tab("legacy", "coach.ui.tab.legacy", lambda app: app.legacy_box, on_open=lambda app: app.open_legacy()),
)
#: in a solo game the Lich King panel takes the war graph's tab
SOLO_APP_TABS = tuple(_lazy_tab("lich", "app.tab.lich",
                                lambda app: LichKingPanel(session=app.session, lazy=True, show_banner=False,
                                                          lang=app.lang))
                      if tab.name == "wars" else tab for tab in APP_TABS)
#: the tabs made on first use, by name
LAZY_TABS = {tab.name: tab for tab in APP_TABS + SOLO_APP_TABS if tab.lazy}
#: the tabs' names, in order (``App.select`` takes these)
TABS = tuple(tab.name for tab in APP_TABS)
SOLO_TABS = tuple(tab.name for tab in SOLO_APP_TABS)


def app_tabs(solo: bool = False) -> tuple[Tab, ...]:
    return SOLO_APP_TABS if solo else APP_TABS


def tab_titles(solo: bool = False, lang: str | None = None) -> tuple[str, ...]:
    return tuple(t(tab.title, lang) for tab in app_tabs(solo))


def rules_html(solo: bool = False, lang: str | None = None) -> str:
    return wrap(rules_summary(solo, lang))


def language_options() -> list[tuple[str, str]]:
    """``[("English", "en"), ("Polski", "pl")]``: each language in its own words."""
    return [(t("app.lang.name", lang), lang) for lang in i18n.LANGUAGES]


class App(Speaking, W.VBox):
    """Stepper + kingdoms on top, explanation panels in tabs below.  Panels in hidden tabs
    are made when their tab first opens (or the code asks for one) and redraw only while it
    is open; the What-if editor is built on first use.

    ``players=1`` (or choosing "1 (solo vs the Lich King)" in the stepper) plays the solo
    mode: ``cards`` (default: the illustrative Necropolis cards) and ``lich_king_cards``
    set the Lich King up, and the Lich King panel replaces the war graph.  ``lang``: the
    language of the page (default: the current one); the switch at the top changes it."""

    whatif_box: W.VBox
    legacy_box: W.VBox
    rules: W.HTML

    def __init__(self, players: int = 3, seed: int = 7, humans: Iterable[int] = (0,), cards: CardSet | None = None,
                 lich_king_cards: int = 0, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        if lang is not None:
            i18n.set_language(lang)      # the engine's words (prompts, refusals) follow the page
        lang = self._init_language(lang)
        self.add_class("pt-app")
        self.add_class(f"pt-lang-{lang}")     # the page's script shows its busy sign in this language
        self.messages = MessageBox(lang=lang)
        self.warm_up = warm_up_plotly()
        self.plotly_preload = bundle_preload()     # the page fetches plotly.js once, when idle
        self.session = Session(players=players, seed=seed, humans=humans, cards=cards,
                               lich_king_cards=lich_king_cards, lang=lang)
        self.language = W.ToggleButtons(options=language_options(), value=lang,
                                        style={"button_width": "72px"},
                                        layout=W.Layout(flex="0 0 auto", width="auto", margin="6px 0 0 8px"))
        self.language.add_class("pt-language")
        self.language.observe(lambda ch: self.set_language(ch["new"]), names="value")
        self.header = W.HTML()
        self.header.add_class("pt-title")
        self.intro = W.HTML()                 # "How to play": after the game on a phone (pagejs)
        self.intro.add_class("pt-intro")
        self.guided = W.Button(button_style="success", icon="graduation-cap",
                               layout=W.Layout(width="auto", margin="6px 0 0 8px"))
        self.guided.add_class("pt-guided-start")
        self.guided.on_click(lambda _b: self.start_guided())
        self.guide: GuidePanel | None = None  # the guided first game's guide (built on first use)
        self.top = W.HBox([self.header, W.HBox([self.guided, self.language], layout=W.Layout(flex_flow="row wrap"))],
                          layout=W.Layout(justify_content="space-between", align_items="flex-start"))
        self.link_messages = MessageBox(lang=lang)     # what the page's link asked for and could not get
        self.link_messages.add_class("pt-link-messages")
        self.stepper = GameStepper(self.session, lich_king_cards=lich_king_cards, lang=lang,
                                   on_whatif=self.whatif_from_decision)
        self.kingdoms = KingdomView(session=self.session, lang=lang)
        self._slots = {name: W.VBox(layout=shared_layout()) for name in LAZY_TABS}
        self._panels: dict[str, Any] = {}     # the tabs' panels made so far (LAZY_TABS), by name
        self.whatif_box = W.VBox()
        self.whatif: WhatIfEditor | None = None
        self.whatif_load: Any = None          # its buttons (ipywidgets), built with it
        self.whatif_note: Any = None
        self.rules = W.HTML()
        self.rules.add_class("pt-rules")          # the rules summary: the same text in every game
        self.legacy_box = W.VBox()                 # Kingdom Legacy, built when its tab opens
        self.legacy: LegacyPanel | None = None
        self.tabs = W.Tab(children=[tab.panel(self) for tab in app_tabs(False)])
        self.tabs.titles = tab_titles(False, lang)
        self.tabs.selected_index = 0
        self.tabs.observe(self._on_tab, names="selected_index")
        self.panel("lich")         # made now: a solo game's start shows it at once (≤ 1 s, docs/performance.md)
        self.credits = W.HTML()               # the game's authors; this app is unofficial
        self.credits.add_class("pt-credits")
        self.children = [self.top, self.link_messages, self.intro, self.stepper, self.kingdoms, self.messages,
                         self.tabs, self.credits]
        self._solo: bool | None = None
        self._draw_header()
        self.session.observe(self._on_session)
        self._on_session(self.session)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def solo(self) -> bool:
        return self.session.game.lich is not None

    def slot(self, name: str) -> W.VBox:
        """Where the panel of the tab ``name`` (:data:`LAZY_TABS`) goes once it is made."""
        return self._slots[name]

    def panel(self, name: str) -> Any:
        """The panel of the tab ``name`` (:data:`LAZY_TABS`), made now if it was not yet:
        drawn if its tab is open, else when it opens."""
        made = self._panels.get(name)
        if made is None:
            made = self._panels[name] = LAZY_TABS[name].build(self)
            self._slots[name].children = [made]
            made.set_active(name == self.current_tab)
        return made

    @property
    def why(self) -> EventLog:
        return cast(EventLog, self.panel("why"))

    @property
    def wars(self) -> WarGraph:
        return cast(WarGraph, self.panel("wars"))

    @property
    def race(self) -> ScoreRace:
        return cast(ScoreRace, self.panel("score"))

    @property
    def lich(self) -> LichKingPanel:
        return cast(LichKingPanel, self.panel("lich"))

    @property
    def review(self) -> ReviewPanel:
        """The coach's game review."""
        return cast(ReviewPanel, self.panel("review"))

    def panels(self) -> dict[str, Any]:
        """The panels made so far that draw only while their tab is shown, by tab name."""
        return dict(self._panels)

    @property
    def current_tab(self) -> str:
        """The name of the open tab (``"why"``, ``"lich"``, ``"review"`` ...)."""
        return app_tabs(self.solo)[self.tabs.selected_index].name

    # -------------------------------------------------------------- language

    def _draw_header(self) -> None:
        self.header.value = wrap(f"<h2 style='margin:4px 0'>{escape(self.t('app.app.title'))}</h2>")
        self.guided.description = self.t("coach.guide.start")
        self.guided.tooltip = self.t("coach.guide.start_tip")
        self.intro.value = wrap(f"<div class='pt-msg pt-info'>{app_intro(self.lang)}</div>", css=False)
        self.credits.value = wrap(f"<p class='pt-muted' style='margin:10px 0 4px 0'>{escape(self.t('app.credits'))}</p>",
                                  css=False)

    @guarded()
    def set_language(self, lang: str) -> None:
        """Redraw the whole page in ``lang`` ("en" or "pl"); the engine's messages follow."""
        lang = i18n.check_language(lang)
        i18n.set_language(lang)
        self.remove_class(f"pt-lang-{self.lang}")
        self.add_class(f"pt-lang-{lang}")
        self.lang = lang
        self.messages.set_language(lang)
        self.link_messages.set_language(lang)
        if self.language.value != lang:
            self.language.value = lang          # calls back here, with nothing left to do
        self._draw_header()
        self.tabs.titles = tab_titles(self.solo, lang)
        self.rules.value = rules_html(self.solo, lang)
        panels = [self.kingdoms, *self._panels.values()]
        if self.legacy is not None:
            panels.append(self.legacy)
        if self.whatif is not None:
            panels.append(self.whatif)
        panels.append(self.stepper)     # last: it renames the default players, and all redraw
        if self.guide is not None:
            panels.append(self.guide)   # ... but for the guide, which rings a button of its decision box
        for panel in panels:
            switch = getattr(panel, "set_language", None)
            if callable(switch):
                switch(lang)
        if self.whatif is not None:
            self._whatif_labels()

    # -------------------------------------------------------------- the guided first game

    def start_guided(self) -> GuidePanel:
        """"Guided first game": the guide's fixed deal in the stepper, the guide above your
        decisions (:mod:`papertales_widgets.guide`)."""
        if self.guide is None:
            self.guide = GuidePanel(self.stepper, lang=self.lang, on_review=self.open_review)
            self.stepper.guide_slot.children = [self.guide]
        st = self.stepper                      # the setup row shows the guided deal
        st.players.value, st.seed.value = first_game.PLAYERS, first_game.SEED
        for i, seat in enumerate(st.seats[:first_game.PLAYERS]):
            seat.value = "human" if i == first_game.SEAT else first_game.BOTS
        st.do(self.guide.guide.start)
        return self.guide

    # -------------------------------------------------------------- the page's link

    def apply_link(self, query: str | LinkSettings) -> LinkSettings:
        """Start what the page's link asks for (``query``: its query string, e.g.
        ``"lang=pl&guided=1"``, or :class:`LinkSettings`): the language, then the guided
        first game (as its button does) or a new game with the players, seed, Lich King
        cards and bots given (as the stepper's *New game* does).  What the link gives
        wrongly is said at the top of the page and left out (README, "One link for the class")."""
        link = query if isinstance(query, LinkSettings) else parse_link(query)
        if link.lang is not None and link.lang != self.lang:
            self.set_language(link.lang)
        if link.problems:
            self.link_messages.warn(link.text(self.lang), words=link.text)
        if link.guided:
            self.start_guided()
        elif link.new_game:
            st = self.stepper
            n = link.players if link.players is not None else (1 if link.lich is not None else st.players.value)
            st.players.value = n
            if link.seed is not None:
                st.seed.value = link.seed
            if link.lich is not None:
                st.lich_count.value = link.lich
            bot_seats = [seat for i, seat in enumerate(st.seats[:n]) if i != 0]
            st.seats[0].value = "human"
            for i, seat in enumerate(bot_seats):
                if link.bots:
                    seat.value = link.bots[i % len(link.bots)]
                elif seat.value == "human":
                    seat.value = "random"
            st.on_new_game()
        return link

    def open_review(self) -> None:
        """The Game review tab, reviewing the game so far (the guide's "Open the game review")."""
        self.select("review")
        if not self.review.is_current():
            self.review.run()

    # -------------------------------------------------------------- tabs

    @guarded()
    def _on_session(self, session: Session | None = None) -> None:
        """A solo game shows the Lich King panel in the war graph's tab (opened when the
        solo mode starts), and the solo rules."""
        solo = self.solo
        if solo == self._solo:
            return
        self._solo = solo
        self.tabs.children = [tab.panel(self) for tab in app_tabs(solo)]
        self.tabs.titles = tab_titles(solo, self.lang)
        self.rules.value = rules_html(solo, self.lang)
        if solo:
            self.select("lich")
        hidden = self._panels.get("wars" if solo else "lich")
        if hidden is not None:
            hidden.set_active(False)
        self._on_tab()

    @guarded()
    def _on_tab(self, change: Mapping[str, Any] | None = None) -> None:
        current = app_tabs(self.solo)[self.tabs.selected_index]
        if current.lazy:
            self.panel(current.name)
        for name, panel in self.panels().items():
            panel.set_active(name == current.name)
        if current.on_open is not None:
            current.on_open(self)

    @guarded()
    def open_legacy(self) -> LegacyPanel:
        """Build the Kingdom Legacy panel (first time), in the page's language."""
        if self.legacy is None:
            self.legacy = LegacyPanel(lang=self.lang)
            self.legacy_box.children = [self.legacy]
        return self.legacy

    @guarded()
    def open_whatif(self) -> WhatIfEditor:
        """Build the What-if editor (first time) and load the kingdoms of the game.  It
        compares 2 to 5 kingdoms: in a solo game it starts from an empty table."""
        if self.whatif is None:
            self.whatif = WhatIfEditor(None if self.solo else self.session.position(), lang=self.lang)
            self.whatif_load = W.Button(button_style="info", layout=W.Layout(width="auto"))
            self.whatif_load.on_click(lambda _b: self.whatif.load(self.session.position()))
            self.whatif_note = W.HTML()
            self.whatif_box.children = [W.HBox([self.whatif_load, self.whatif_note]), self.whatif]
        self._whatif_labels()
        return self.whatif

    @guarded()
    def whatif_from_decision(self, seat: int, action: Action) -> None:
        """"What if I play this?": the What-if editor opens on the game as ``seat`` knows
        it, with ``action`` (one of the seat's pending choices) played."""
        pos = self.session.position(seat, action)
        editor = cast(WhatIfEditor, self.open_whatif())    # built, or its refusal raised
        self.select("whatif")
        editor.load(pos)
        if action.kind == "save":
            editor.choose_save(seat, action.a)

    def _whatif_labels(self):
        self.whatif_load.description = self.t("app.whatif.load_game")
        self.whatif_load.tooltip = self.t("app.whatif.load_game")
        self.whatif_load.disabled = self.solo
        self.whatif_note.value = (wrap(f"<span class='pt-muted'>{escape(self.t('app.whatif.solo_note'))}</span>")
                                  if self.solo else "")

    def tab_titles(self) -> tuple[str, ...]:
        return tuple(self.tabs.titles)

    def shown(self, name: str) -> tuple[str, W.Widget]:
        """(title, panel) of the tab ``name`` as the page shows it now (ValueError: no such
        tab in this game, e.g. "lich" outside the solo mode)."""
        names = [tab.name for tab in app_tabs(self.solo)]
        if name not in names:
            raise ValueError(self.t("app.app.no_tab", tab=name, tabs=", ".join(names)))
        i = names.index(name)
        return self.tabs.titles[i], self.panel(name) if name in LAZY_TABS else self.tabs.children[i]

    def select(self, title_or_index: str | int) -> None:
        """Open a tab by index, by name (``"why"``, ``"wars"``, ``"lich"``, ``"score"``,
        ``"whatif"``, ``"rules"``) or by the start of its title in the page's language."""
        if isinstance(title_or_index, str):
            want = title_or_index.lower()
            matches = [i for i, tab in enumerate(app_tabs(self.solo)) if tab.name == want]
            matches += [i for i, title in enumerate(self.tabs.titles) if title.lower().startswith(want)]
            if not matches:
                raise ValueError(self.t("app.app.no_tab", tab=title_or_index, tabs=", ".join(self.tabs.titles)))
            title_or_index = matches[0]
        self.tabs.selected_index = title_or_index
