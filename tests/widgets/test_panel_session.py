"""The session behind the stepper: advancing, blocking on humans, undo."""

import pytest

from papertales import PHASES, Game, IllegalActionError
from papertales.serialize import dumps
from papertales_widgets import Session


def test_new_game_stops_at_the_first_human_decision():
    s = Session(players=3, seed=7, humans=[0])
    g = s.game
    assert g.phase == "recruitment"
    assert s.waiting_humans() == [0]
    assert g.pending_players() == [0]            # the bots already picked (simultaneous)
    assert len(g.players[1].hand) == 1 and len(g.players[0].hand) == 0


def test_advancing_past_a_human_decision_is_refused():
    s = Session(players=3, seed=7, humans=[0])
    before = dumps(s.game)
    with pytest.raises(IllegalActionError, match="waiting for a decision of You"):
        s.advance("phase")
    assert dumps(s.game) == before


def test_next_phase_goes_through_the_six_phases_in_order():
    s = Session(players=4, seed=3, humans=[])
    seen = [(s.game.turn, s.game.phase)]
    while not s.game.is_over:
        s.advance("phase")
        seen.append((s.game.turn, s.game.phase))
    expected = [(1, "recruitment")] + [(t, p) for t in range(1, 5) for p in PHASES][1:] + [(4, "end"), (4, "over")]
    assert seen == expected


def test_a_bot_game_played_by_the_session_is_the_engine_game_replayed():
    s = Session(players=4, seed=5, humans=[])
    s.advance("end")
    g = s.game
    assert g.is_over
    again = Game.new(players=4, seed=5, names=g.names)
    for seat, action in g.history:
        if not again.pending_players():
            again.advance()
        again.apply(seat, action)
    again.advance()
    assert again.scores == g.scores and again.is_over


def test_next_turn_and_next_decision():
    s = Session(players=3, seed=2, humans=[])
    s.advance("turn")
    assert (s.game.turn, s.game.phase) == (2, "recruitment")
    n = len(s.game.history)
    s.advance("decision")
    assert len(s.game.history) > n                # the bots made one decision each
    assert s.game.phase == "recruitment"


def test_human_decision_resumes_the_goal_of_the_last_button():
    s = Session(players=3, seed=7, humans=[0])
    s.goal = ("end", 1, "recruitment")            # as after "Play to the end"
    while not s.game.is_over:
        seat = s.waiting_humans()[0]
        s.act(seat, s.game.legal_actions(seat)[0] if s.game.decision(seat).kind != "deploy" else "done")
    assert s.game.is_over


def test_undo_restores_the_game_and_the_bots():
    s = Session(players=3, seed=4, humans=[0])
    start = dumps(s.game)
    card = s.game.legal_actions(0)[0]
    s.act(0, card)
    after_first = dumps(s.game)
    assert after_first != start
    s.undo()
    assert dumps(s.game) == start
    s.act(0, card)                                # same choice -> same bots' answers
    assert dumps(s.game) == after_first


def test_restore_to_any_earlier_checkpoint():
    s = Session(players=3, seed=4, humans=[])
    states = [dumps(s.game)]
    for _ in range(4):
        s.advance("phase")
        states.append(dumps(s.game))
    assert len(s.history) == 4
    s.restore(1)
    assert dumps(s.game) == states[1]
    assert len(s.history) == 1
    with pytest.raises(IllegalActionError):
        s.restore(7)


def test_illegal_human_action_changes_nothing():
    s = Session(players=3, seed=7, humans=[0])
    before, checkpoints = dumps(s.game), len(s.history)
    with pytest.raises(IllegalActionError, match="not in your pack"):
        s.act(0, "pick dragonfly")
    assert dumps(s.game) == before and len(s.history) == checkpoints


def test_bots_cannot_be_played_by_hand():
    s = Session(players=3, seed=7, humans=[0])
    with pytest.raises(IllegalActionError, match="played by a bot"):
        s.act(1, "pass")


def test_the_game_before_each_wars_is_kept():
    s = Session(players=3, seed=1, humans=[])
    s.advance("turn")
    before = s.wars_game(1)
    assert before is not None and (before.phase, before.turn) == ("wars", 1)
    assert s.wars_game(2) is None
