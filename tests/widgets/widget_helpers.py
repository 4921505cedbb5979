"""Helpers for the panel tests: the panels are driven from Python (values, click())."""

from __future__ import annotations

from papertales.position import game_from_position
from papertales_widgets import GameStepper, Session


def position_game(phase, *players, turn=1, seed=0):
    return game_from_position({"turn": turn, "phase": phase, "players": list(players)}, seed=seed)


def stepper_for(game, humans=(0,)):
    """A stepper whose session continues ``game`` (seat 0 human, others bots)."""
    session = Session(players=2, seed=0, humans=())
    session.load_game(game, humans=list(humans))
    return GameStepper(session)


def buttons(panel, text):
    return [b for b in panel.buttons if text in b.description]


