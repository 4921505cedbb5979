"""Kingdom view: every player's Front and Back spots, buildings, gold and LP."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from papertales import Game, render as R

from .base import DrawnWhenVisible, Speaking, guarded, MessageBox, wrap
from .session import Session


def changes_between(before: Game | None, game: Game) -> dict[int, dict[str, int]]:
    """``{seat: {"lp": delta, "gold": delta}}``: what the last step changed (public facts)."""
    if before is None or before.n != game.n:
        return {}
    out: dict[int, dict[str, int]] = {}
    for s, (a, b) in enumerate(zip(before.players, game.players)):
        d = {"lp": b.lp - a.lp, "gold": b.gold - a.gold}
        if d["lp"] or d["gold"]:
            out[s] = d
    return out


class KingdomView(Speaking, DrawnWhenVisible, W.VBox):
    """Every kingdom drawn as HTML cards (strength as computed now, resources, age
    tokens), buildings with their levels, gold and LP.

    ``show`` a game directly, or ``follow`` a session to redraw after every change.  With
    a human seat (``viewer``), the units the others placed this Deployment stay face
    down until the reveal, and the viewer's hand is shown.  Following a session, a
    "Peek (teaching)" switch (off by default) shows everything; the badges the last step
    changed are highlighted, and a legend says what the badges mean."""

    def __init__(self, game: Game | None = None, session: Session | None = None, viewer: int | None = None, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-kingdom-view")
        self.messages = MessageBox(lang=self.lang)
        self.html = W.HTML()
        self.legend = W.HTML()
        self.peek = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.peek.add_class("pt-peek")
        self.peek.observe(self._on_peek, names="value")
        self.peek_note = W.HTML()
        self.children = [self.html]
        self.viewer = viewer
        self.humans: tuple[int, ...] = ()
        self.game: Game | None = None
        self.session: Session | None = None
        self.changes: dict[int, dict[str, int]] = {}
        self.relabel()
        if session is not None:
            self.follow(session)
        elif game is not None:
            self.show(game)

    def relabel(self) -> None:
        self.peek.description = self.t("app.kingdom.peek")
        self.peek.tooltip = self.t("app.kingdom.peek_tip")
        self.legend.value = wrap(R.legend_html(self.lang), css=False)

    def follow(self, session: Session) -> None:
        self.session = session
        bar = W.HBox([self.peek, self.peek_note], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.children = [self.html, self.legend, bar, self.messages]
        session.observe(self._on_change)
        self._on_change(session)

    @guarded()
    def _on_peek(self, change: Mapping[str, Any] | None = None) -> None:
        if self.session is not None:
            self.session.set_peek(bool(self.peek.value))

    def _on_change(self, session: Session) -> None:
        self.humans = tuple(session.humans)
        self.viewer = session.observer
        if self.peek.value != session.peek:
            self.peek.value = session.peek
        self.peek.layout.display = None if session.viewer is not None else "none"   # spectators see all
        self.peek_note.value = (wrap(f"<span class='pt-msg pt-stale-note'>{R.escape(self.t('app.kingdom.peeking'))}"
                                     f"</span>", css=False) if session.peek and session.viewer is not None else "")
        self.changes = changes_between(session.before_last_step(), session.game)
        self.show(session.game)

    def show(self, game: Game) -> None:
        self.game = game
        if self._stale():              # redrawn when it becomes visible (see App)
            return
        hands = tuple(range(game.n)) if self.session is not None and self.session.peek else self.humans
        self.html.value = wrap(R.kingdoms_html(game, viewer=self.viewer, humans=self.humans,
                                               show_hands=hands, lang=self.lang, changes=self.changes))

    def redraw(self) -> None:
        if self.game is not None:
            self.show(self.game)
