"""Solo mode against the Lich King: the Lich King panel and a solo game driver.

* :class:`LichKingPanel` shows a solo game from the Lich King's side: his Necropolis line
  (the Time pawn, the revealed cards), what he scored at the end of each Recruitment --
  per Necropolis card, which Netherworld cards met its quest and the LP they gave (plotly
  bars) plus the immediate gain --, his two armies against your strength, a score race
  you vs the Lich King and every LP change of both sides with its cause.
* :class:`SoloGame` plays a whole solo game: the app's :class:`GameStepper` set to one
  player (new game with seed, number of Lich King cards and which cards; next phase / next
  turn / to the end, undo, your decisions), your kingdom and the Lich King panel.  The app
  itself (:class:`~papertales_widgets.app.App`) plays solo games too, with this panel in a
  tab.

Every word comes from the message catalogue (``papertales/locales/<lang>/solo.json``):
each panel takes ``lang`` and redraws in another language with ``set_language``.

The Necropolis and Lich King cards shipped with the engine are *illustrative*, not the
printed ones: every panel says so whenever they are in use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from papertales import Game, PaperTalesError
from papertales.i18n import t
from papertales.render import escape

from .base import DrawnWhenVisible, MessageBox, guarded
from .charts import Figure, sync_figure_state
from .kingdom import KingdomView
from .session import Session
from .solocalc import Armies, Gains, SoloRecord, cause_rows, current_armies, live_gains, solo_record
from .solocards import (LICH_COLOR, PLAYER_COLOR, Html, illustrative_html, illustrative_titles, panel_language,
                        phase_name, solo_cards, swrap, t_html)
from .solodraw import (N_SLOTS, armies_figure, armies_text_html, gains_figure, h4, lich_cards_html, lp_log_html,
                       matches_table_html, necropolis_html, race_figure, rows_table_html, solo_lp_series,
                       turn_label, update_armies_figure, update_gains_figure)
from .stepper import DecisionPanel, GameStepper


class LichKingPanel(DrawnWhenVisible, W.VBox):
    """A solo game seen from the Lich King's side.  ``show`` a game, or follow a session
    (its multi-player games are ignored: the app switches between both).  ``lazy``: draw
    only while ``set_active(True)`` (a hidden tab of the app).  ``lang``: one of ``LANGUAGES`` (default:
    the lab's language); ``set_language`` redraws in another one."""

    def __init__(self, game: Game | None = None, session: Session | None = None, show_banner: bool = True, lazy: bool = False, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.add_class("pt-lichking")
        self.lang = panel_language(lang)
        self.show_banner = show_banner      # the illustrative-cards warning (the stepper shows its own)
        self.active = not lazy
        self.messages = MessageBox()
        self.banner = W.HTML()
        self.header = W.HTML()
        self.line_html = W.HTML()
        self.gains_head = W.HTML()
        self.gains_turn = W.ToggleButtons(options=[], style={"button_width": "auto"})
        self.gains_turn.observe(self._on_turn, names="value")
        self.gains_box = W.Box()
        self.gains_html = W.HTML()
        self.armies_head = W.HTML()
        self.armies_box = W.Box()
        self.armies_html = W.HTML()
        self.race_box = W.Box()
        self.log_html = W.HTML()
        self.log_box = W.Accordion(children=[self.log_html])
        self.log_box.selected_index = None
        self.gains_fig: Figure
        self.armies_fig: Figure
        self.race_fig: Figure
        self.gains_fig = self.armies_fig = self.race_fig = None
        self.game: Game | None = None
        self.record = SoloRecord()
        self.gains: Gains | None = None       # the Gains shown
        self.armies: Armies | None = None     # the Armies shown
        self._updating = False
        self._label()
        # the armies (what your next decision is about) right under his line, then his gains
        self.children = [self.messages, self.banner, self.header, self.line_html, self.armies_head,
                         self.armies_html, self.armies_box, self.gains_head, self.gains_turn,
                         self.gains_box, self.gains_html, self.race_box, self.log_box]
        if session is not None:
            session.observe(self._on_session)
            self._on_session(session)
        elif game is not None:
            self.show(game)

    def _label(self) -> None:
        """The words that do not depend on the game."""
        lang = self.lang
        self.gains_turn.description = t("solo.gains.of", lang)
        self.gains_head.value = swrap(h4(t_html("solo.gains.heading", lang)))
        self.armies_head.value = swrap(h4(t_html("solo.armies.heading", lang, wars=phase_name("wars", lang))))
        self.log_box.set_title(0, t("solo.log.title", lang))

    def set_language(self, lang: str) -> None:
        """Show everything in ``lang`` (en, pl) from now on."""
        self.lang = panel_language(lang)
        self._label()
        self.gains_fig = self.armies_fig = self.race_fig = None     # drawn again with their words
        self.gains_box.children = self.armies_box.children = self.race_box.children = ()
        shown = self.gains_turn.value
        self._updating = True
        try:
            self.gains_turn.options = []
        finally:
            self._updating = False
        self.redraw()
        if shown is not None and shown in [v for _, v in self.gains_turn.options]:
            self.gains_turn.value = shown          # the same Recruitment, in the new words

    def _on_session(self, session: Session) -> None:
        self.show(session.game if session.game.lich is not None else None)

    def show(self, game: Game | None) -> None:
        self.game = game
        if self._stale():
            return
        self.refresh()

    def redraw(self) -> None:
        self.show(self.game)

    @guarded()
    def refresh(self) -> None:
        g = self.game
        if g is None:
            return
        lang = self.lang
        if g.lich is None:
            raise PaperTalesError(t("solo.error.not_solo", lang))
        self.messages.clear()
        self.banner.value = swrap(illustrative_html(illustrative_titles(g.cards, lang), lang)) if self.show_banner else ""
        self.record = solo_record(g, lang)
        lk = g.lich
        p = g.players[0]
        you = Html(f"<span style='color:{PLAYER_COLOR}'><b>{escape(p.name)}</b> "
                   f"<b data-player-lp='{p.lp}'>{p.lp}</b> {t_html('solo.lp', lang)}</span>")
        lich = Html(f"<span style='color:{LICH_COLOR}'><b>{t_html('solo.lich_king', lang)}</b> "
                    f"<b data-lich-lp='{lk.lp}'>{lk.lp}</b> {t_html('solo.lp', lang)}</span>")
        tie = f" {t_html('solo.header.tie', lang)}" if p.lp == lk.lp else ""
        self.header.value = swrap(
            f"<div style='font-size:15px;margin:4px 0'><b>{t_html('solo.turn_title', lang, turn=g.turn)}</b> — "
            f"{t_html('solo.header.score', lang, you=you, lich=lich)}{tie}</div>")
        cards_html = "".join(
            necropolis_html(c, revealed=i < lk.revealed, current=i == lk.time, cards=g.cards,
                            turn_label=turn_label(i, lang), lang=lang)
            for i, c in enumerate(lk.line))
        self.line_html.value = swrap(f"<div class='pt-necro-line'>{cards_html}</div>{lich_cards_html(lk.cards, lang)}")
        # the Recruitment gains: the engine's records, and the Netherworld now during a Recruitment
        options = [(t("solo.turn", lang, turn=n), n) for n in sorted(self.record.recruitment)]
        live = live_gains(g)
        if live is not None:
            options.append((t("solo.gains.now", lang), 0))
        self._updating = True
        try:
            if list(self.gains_turn.options) != options:
                self.gains_turn.options = options
                self.gains_turn.value = options[-1][1] if options else None
        finally:
            self._updating = False
        self._draw_gains(live)
        self.armies = current_armies(g, self.record, lang)
        if self.armies_fig is None:
            self.armies_fig = armies_figure(lang)
            self.armies_box.children = [self.armies_fig]
        update_armies_figure(self.armies_fig, self.armies, lang)
        self.armies_html.value = swrap(armies_text_html(self.armies, lang))
        labels, values, hovers = solo_lp_series(g, lang)
        self.series = (labels, values, hovers)
        if self.race_fig is None:
            self.race_fig = race_figure((p.name, t("solo.lich_king", lang)), lang)
            self.race_box.children = [self.race_fig]
        # an empty race says nothing: it shows once somebody has scored
        self.race_box.layout.display = "" if any(values["you"]) or any(values["lich"]) else "none"
        with self.race_fig.batch_update():
            for tr, k in zip(self.race_fig.data, ("you", "lich")):
                tr.x, tr.y, tr.hovertext = labels, values[k], hovers[k]
            self.race_fig.layout.xaxis.categoryorder = "array"
            self.race_fig.layout.xaxis.categoryarray = labels
        sync_figure_state(self.race_fig)
        self.log_html.value = swrap(lp_log_html(g, lang))

    @guarded()
    def _on_turn(self, _change: Mapping[str, Any] | None = None) -> None:
        if not self._updating and self.game is not None:
            self._draw_gains(live_gains(self.game))

    def _draw_gains(self, live: Gains | None) -> None:
        g = self.game
        assert g is not None                  # drawn for a game shown
        lang = self.lang
        which = self.gains_turn.value
        gains = live if which == 0 else self.record.recruitment.get(which)
        self.gains = gains
        if self.gains_fig is None:
            self.gains_fig = gains_figure(lang)
            self.gains_box.children = [self.gains_fig]
        if gains is None:
            title = t("solo.gains.none", lang)
            update_gains_figure(self.gains_fig, None, title, lang=lang)
            self.gains_html.value = swrap(f"<div class='pt-muted'>{escape(title)}</div>")
            return
        if gains.live:
            title = t("solo.gains.title.live", lang, turn=gains.turn, n=len(gains.netherworld), left=N_SLOTS)
        else:
            title = t("solo.gains.title.scored", lang, turn=gains.turn, n=gains.total)
        update_gains_figure(self.gains_fig, gains, title, g.cards, lang)
        self.gains_html.value = swrap(matches_table_html(gains, g.cards, lang)
                                      + rows_table_html(cause_rows(gains, lang), gains.total, lang))


# ------------------------------------------------------------------ a solo game

def _stepper_part(name: str) -> property:
    return property(lambda self: getattr(self.stepper, name), doc=f"``stepper.{name}``")


class SoloGame(W.VBox):
    """Play a solo game against the Lich King: the app's :class:`GameStepper` set to one
    player (seed, difficulty, cards; advance, undo, your decisions, the illustrative-cards
    warning, the solo phase texts and game-over box), your kingdom and the Lich King panel.

    Everything is the stepper's: the attributes below only name its parts for notebooks."""

    def __init__(self, seed: int = 5, lich_king_cards: int = 0, pack: dict[str, Any] | None = None,
                 name: str | None = None, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.add_class("pt-solo-game")
        self.lang = panel_language(lang)
        name = name or t("solo.you", self.lang)
        self.session = Session(players=1, seed=int(seed), humans=[0], names=[name], cards=solo_cards(pack),
                               lich_king_cards=lich_king_cards)
        self.stepper = GameStepper(self.session, names=[name], solo_only=True, lang=self.lang)
        if pack is not None:
            self.stepper.use_pack(pack)
        self.kingdom = KingdomView(session=self.session, lang=self.lang)
        self.lich = LichKingPanel(session=self.session, show_banner=False, lang=self.lang)
        self.children = [self.stepper, self.kingdom, self.lich]

    def set_language(self, lang: str) -> None:
        """Show every part in ``lang`` (en, pl) from now on."""
        self.lang = panel_language(lang)
        for part in (self.stepper, self.kingdom, self.lich):
            if hasattr(part, "set_language"):
                part.set_language(self.lang)

    def use_pack(self, pack: dict[str, Any]) -> None:
        """Offer a validated pack (``papertales.load_pack``) for the next new game."""
        self.stepper.use_pack(pack)

    @property
    def game(self) -> Game:
        return self.session.game

    def decision_panel(self) -> DecisionPanel | None:
        return self.stepper.decision_panel(0)

    # the stepper's parts under the names notebooks and tests use
    seed = _stepper_part("seed")
    lich_count = _stepper_part("lich_count")
    card_source = _stepper_part("card_source")
    new_button = _stepper_part("new_button")
    next_phase = _stepper_part("next_phase")
    next_turn = _stepper_part("next_turn")
    to_end = _stepper_part("to_end")
    undo_button = _stepper_part("undo_button")
    messages = _stepper_part("messages")
    banner = _stepper_part("banner")
    status = _stepper_part("status")
    final = _stepper_part("final")
