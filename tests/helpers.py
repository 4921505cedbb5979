"""Shared helpers for tests: build positions quickly and run single phases."""

from papertales import Game, fitting
from papertales.greedy import GreedyBot
from papertales.position import game_from_position


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


def cause(e) -> str:
    """An event's cause id (``"knight"``, ``"mine:2"``, ``"rule.wars"``): rule tests compare
    ids and numbers, never the words a language gives them (:func:`papertales.cause_label`)."""
    return e.cause


def lp_events(events, seat):
    return [(cause(e), e.amount) for e in events if e.seat == seat and e.kind == "lp"]


def gold_events(events, seat):
    return [(cause(e), e.amount) for e in events if e.seat == seat and e.kind == "gold"]


# ---------------------------------------------------------------------------------
# Driving whole phases and turns (added for the unit / building / rulebook tests).

def aged(card, age):
    """A position entry for a unit carrying ``age`` age tokens."""
    return {"card": card, "age": age}


def deploy(game, moves=None):
    """Run a Deployment phase from its start: apply each seat's actions in order
    (``{seat: ["place knight F1", ...]}``; strings or Actions), then ``done`` for every
    seat still placing, then reveal.  Stops at the end of the phase, or earlier at a
    pending choice (Time Master, Master Alchemist ...).  Returns the events so far."""
    assert game.phase == "deployment" and game.stage in ("start", "place"), (game.phase, game.stage)
    start = len(game.events)
    game.advance()
    for seat, actions in (moves or {}).items():
        for a in actions:
            game.apply(seat, a)
    for seat in game.pending_players():
        if game.decision(seat).kind == "deploy":
            game.apply(seat, "done")
    game.advance(until="phase")
    return game.events[start:]


def decide_passively(game, seat):
    """The quiet choice for ``seat``'s pending decision: draft the first card offered,
    deploy nothing and keep nothing, build nothing, save nobody, put age tokens on the
    first unit offered."""
    kind = game.decision(seat).kind
    if kind == "deploy":
        game.apply(seat, "done")
    elif kind in ("build", "save"):
        game.apply(seat, "pass")
    else:                                   # draft, draft_discard, target
        game.apply(seat, game.legal_actions(seat)[0])


def play_until(game, turn=None, phase=None, over=False):
    """Play passively (see :func:`decide_passively`) until the start of ``phase`` of
    ``turn`` (``phase="end"`` = the end-of-game scoring), or until the game is over.
    Returns the events produced."""
    start = len(game.events)
    while not game.is_over:
        if not over and game.turn == turn and game.phase == phase and game.stage == "start":
            break
        pending = game.pending_players()
        if pending:
            for seat in pending:
                while game.pending[seat] is not None:
                    decide_passively(game, seat)
        else:
            game.advance(until="phase")
    if not over:
        assert game.turn == turn and game.phase == phase, "the game ended first"
    return game.events[start:]


def building_levels(game, seat):
    """``{building id: level}`` of a kingdom (0 = not built), all the game's buildings."""
    return {B.id: lvl for B, lvl in zip(game.buildings, game.players[seat].buildings)}


def construct(game, seat, action):
    """``seat`` makes its Construction choice and every other pending seat passes, so the
    (secret, simultaneous) constructions are carried out.  Returns the events."""
    start = len(game.events)
    game.apply(seat, action)
    for other in game.pending_players():
        game.apply(other, "pass")
    return game.events[start:]


def greedy_until(phase, turn=2, seed=5, players=3):
    """Greedy bots play a game up to ``phase`` of ``turn``, with every seat still to
    decide there (the others then hold cards a seat has not seen)."""
    g = Game.new(players=players, seed=seed)
    bot = GreedyBot()
    while not (g.turn == turn and g.phase == phase and all(d is not None for d in g.pending)):
        pending = g.pending_players()
        if pending:
            fitting.play_decision(g, pending[0], bot)
        else:
            g.step()
    return g
