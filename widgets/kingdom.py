"""Kingdom view: every player's Front and Back spots, buildings, gold and LP."""

from __future__ import annotations

import ipywidgets as W

from papertales import render as R

from .base import DrawnWhenVisible, Speaking, wrap


class KingdomView(Speaking, DrawnWhenVisible, W.VBox):
    """Every kingdom drawn as HTML cards (strength as computed now, resources, age
    tokens), buildings with their levels, gold and LP.

    ``show`` a game directly, or ``follow`` a session to redraw after every change.  With
    a human seat (``viewer``), the units the others placed this Deployment stay face
    down until the reveal, and the viewer's hand is shown."""

    def __init__(self, game=None, session=None, viewer=None, lang=None, **kw):
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-kingdom-view")
        self.html = W.HTML()
        self.children = [self.html]
        self.viewer = viewer
        self.humans = ()
        self.game = None
        if session is not None:
            self.follow(session)
        elif game is not None:
            self.show(game)

    def follow(self, session) -> None:
        self.session = session
        session.observe(self._on_change)
        self._on_change(session)

    def _on_change(self, session) -> None:
        self.humans = tuple(session.humans)
        self.viewer = session.humans[0] if len(session.humans) == 1 else None
        self.show(session.game)

    def show(self, game) -> None:
        self.game = game
        if self._stale():              # redrawn when it becomes visible (see App)
            return
        self.html.value = wrap(R.kingdoms_html(game, viewer=self.viewer, humans=self.humans,
                                               show_hands=self.humans, lang=self.lang))

    def redraw(self) -> None:
        if self.game is not None:
            self.show(self.game)
