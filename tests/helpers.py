"""Shared helpers for tests: build positions quickly and run single phases."""

from papertales.whatif import game_from_position


def position(*players, turn=1, phase="wars", seed=0):
    """A game whose kingdoms are the given player dicts (see docs/whatif-positions.md)."""
    return game_from_position({"turn": turn, "phase": phase, "players": list(players)}, seed=seed)


def run_phase(game, phase=None):
    """Run the current (or given) phase's automatic stages until the phase ends or a
    decision is pending.  Returns the events it produced."""
    if phase is not None:
        game.phase, game.stage = phase, "start"
    start = len(game.events)
    game.advance(until="phase")
    return game.events[start:]


def lp_events(events, seat):
    return [(e.cause, e.amount) for e in events if e.seat == seat and e.kind == "lp"]


def gold_events(events, seat):
    return [(e.cause, e.amount) for e in events if e.seat == seat and e.kind == "gold"]
