"""Replaced widgets are closed: a long session does not pile up widget models (each one
lives in the kernel and in the page until it is closed)."""

from __future__ import annotations

import pytest
import ipywidgets as W

from papertales_widgets import App
from papertales_widgets.base import close_all, replace_children, widgets_under


def live() -> int:
    """Widgets alive in the kernel (ipywidgets' own registry; ``Widget.widgets`` is its
    deprecated public name)."""
    from ipywidgets.widgets.widget import _instances
    return len(_instances)


def play_to_the_end(app) -> None:
    """Seat 1 places up to two units a turn by clicking, takes the first option of every
    other decision; the bots play on with "to the end"."""
    st = app.stepper
    for _ in range(600):
        g = app.session.game
        if g.is_over:
            return
        panel = st.decision_panel(0)
        if panel is None:
            st.advance("end")
        elif panel.kind == "deploy":
            body = panel.deploy
            placed = sum(1 for u in g.players[0].units if u is not None and u.new)
            free = [b for b in body.hand_buttons if not b.disabled]
            if free and placed < 2:
                free[0].click()
                if body.spot_buttons:
                    next(iter(body.spot_buttons.values())).click()
                    continue
            body.done.click()
        else:
            panel.buttons[0].click()
    raise AssertionError("the game did not end")


@pytest.mark.slow
def test_four_games_leave_no_more_widgets_than_one():
    app = App(players=3, seed=7, humans=[0])
    counts = []
    for game in range(4):
        for tab in ("wars", "score", "whatif", "why"):
            app.select(tab)
        play_to_the_end(app)
        counts.append(live())
        app.stepper.seed.value = 20 + game
        app.stepper.on_new_game()
    assert not app.messages.errors and not app.stepper.messages.errors
    assert counts[3] <= 1.2 * counts[0], counts


def test_replace_children_closes_the_old_ones_but_not_what_stays():
    keep = W.Button(description="stays")
    old = W.VBox([W.HTML("old"), keep])
    box = W.VBox([old])
    inside = widgets_under(old, keep=[keep])
    assert keep not in inside and old.layout in inside
    replace_children(box, [keep])
    assert all(w.comm is None for w in inside)                 # closed, layouts too
    assert keep.comm is not None and box.children == (keep,)
    close_all(box)
    assert keep.comm is None and box.comm is None
