"""The public API: illegal and out-of-turn actions change nothing, saves are refused
when broken, decisions describe themselves."""

import json

import pytest

from papertales import (Action, Game, IllegalActionError, NotYourTurnError, PaperTalesError,
                        SaveFileError)
from papertales.serialize import dumps, loads
from papertales.actions import done, place
from papertales.bots import RandomBot
from papertales.rng import Rng


def _states_with_decisions(n_games=15):
    """Yield games paused at many different decisions."""
    for seed in range(n_games):
        g = Game.new(players=3 + seed % 3, seed=seed)
        bots = [RandomBot(seed + k) for k in range(g.n)]
        while not g.is_over:
            if not g.pending_players():
                g.advance()
                continue
            seat = g.pending_players()[0]
            yield g, seat
            g.apply(seat, bots[seat].choose(g, seat))


ILLEGAL_TRIES = [
    Action("pick", "no_such_card"), Action("drop", "knight"), Action("place", "kraken", 0),
    Action("place", "knight", 7), Action("move", 0, 0), Action("move", 3, 9), Action("return", 1),
    Action("discard", 4), Action("done", "dragon"), Action("target", 4), Action("build", "castle", 1),
    Action("build", "town", 3), Action("upgrade", "temple"), Action("save", 2), Action("pass"),
]


@pytest.mark.slow
def test_illegal_actions_raise_and_leave_the_state_unchanged():
    rng = Rng(5)
    checked = 0
    for g, seat in _states_with_decisions():
        if rng.below(4):
            continue
        legal = set(g.legal_actions(seat))
        before = dumps(g)
        for a in ILLEGAL_TRIES:
            if a in legal:
                continue
            with pytest.raises(IllegalActionError) as err:
                g.apply(seat, a)
            assert "Allowed:" in str(err.value)
            assert dumps(g) == before
            checked += 1
    assert checked > 500


def test_out_of_turn_action_is_refused_with_who_is_awaited():
    g = Game.new(players=3, seed=1).advance()
    g.apply(0, g.legal_actions(0)[0])
    before = dumps(g)
    with pytest.raises(NotYourTurnError, match="waiting for Player 2 \\(draft\\), Player 3 \\(draft\\)"):
        g.apply(0, g.legal_actions(1)[0])
    with pytest.raises(NotYourTurnError, match="seat must be a number from 0 to 2"):
        g.apply(7, Action("pass"))
    assert dumps(g) == before


def test_step_refuses_while_decisions_are_pending():
    g = Game.new(players=2, seed=1).advance()
    with pytest.raises(IllegalActionError, match="waiting for decisions"):
        g.step()


def test_actions_can_be_given_as_text_and_read_back():
    g = Game.new(players=2, seed=4).advance()
    card = g.players[0].pack[0].id
    g.apply(0, f"pick {card}")
    assert g.history[-1] == (0, Action("pick", card))
    assert str(place("time_master", 2)) == "place time_master B1"
    assert str(done("demon")) == "done demon" and str(done()) == "done"
    assert Action.parse("build town 2") == Action("build", "town", 2)
    assert Action.parse("move F1 B2") == Action("move", 0, 3)
    assert Action.parse("Place Knight f1") == place("knight", 0)
    assert place("time_master", 2).describe("en") == "place Time Master at B1"


def test_decision_prompts_say_what_to_do():
    g = Game.new(players=4, seed=2).advance()
    d = g.decision(1)
    assert d.kind == "draft" and "5 cards" in d.prompt
    assert g.decision(0).seat == 0


def test_new_game_rejects_bad_arguments():
    for kwargs in ({"players": 1}, {"players": 6}, {"players": "4"}, {"seed": "x"},
                   {"players": 3, "names": ["a", "b"]}):
        with pytest.raises(PaperTalesError):
            Game.new(**kwargs)


def test_clone_is_independent():
    g = Game.new(players=3, seed=9).advance()
    c = g.clone()
    c.apply(0, c.legal_actions(0)[0])
    assert g.players[0].hand == [] and len(c.players[0].hand) == 1
    assert dumps(c) != dumps(g)


# ------------------------------------------------------------------ save files

def _saved():
    g = Game.new(players=3, seed=12)
    bots = [RandomBot(k) for k in range(3)]
    while g.turn < 2 or g.phase != "deployment" or not g.pending_players():
        if not g.pending_players():
            g.advance()
        else:
            s = g.pending_players()[0]
            g.apply(s, bots[s].choose(g, s))
    return g


def test_save_and_load_give_the_identical_game():
    g = _saved()
    h = loads(dumps(g))
    assert dumps(h) == dumps(g)
    assert h.legal_actions(0) == g.legal_actions(0)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.__setitem__("format", "other/9"), "unknown save format"),
    (lambda d: d["players"][0].__setitem__("gold", -2), "gold must be between"),
    (lambda d: d["draw"].__setitem__(0, "unicorn"), "unknown card 'unicorn'"),
    (lambda d: d["draw"].append("knight"), "do not add up"),
    (lambda d: d["draw"].pop(), "do not add up"),
    (lambda d: d["players"][1]["units"].append(None), "must list 5 spots"),
    (lambda d: d["players"][0].__setitem__("buildings", {"castle": 1}), "unknown building 'castle'"),
    (lambda d: d.__setitem__("phase", "party"), "unknown phase"),
    (lambda d: d.pop("rng"), "missing field rng"),
    (lambda d: d["pending"].__setitem__(0, ["dance"]), "malformed decision"),
    (lambda d: d["history"].append([0, ["fly"]]), "not an action"),
    (lambda d: d.__setitem__("turn", 9), "turn must be between 1 and 4"),
])
def test_broken_save_files_are_refused(mutate, message):
    data = json.loads(dumps(_saved()))
    mutate(data)
    with pytest.raises(SaveFileError, match=message):
        loads(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format": "papertales-game/1"}'])
def test_malformed_json_is_refused(text):
    with pytest.raises(SaveFileError):
        loads(text)


def test_unit_strengths_as_data():
    from helpers import position
    g = position({"front": ["ogre", "leviathan"], "back": ["archer", "farmer"]}, {"front": ["knight"]})
    rows = g.unit_strengths(0)
    # Ogre 2 + 2 gold of income; Leviathan 4 + 2 x 1 food (Farmer); Archer fights from the
    # Back; Farmer in the Back does not fight
    assert [(r["spot"], r["card"], r["strength"], r["fights"]) for r in rows] == [
        (0, "ogre", 4, True), (1, "leviathan", 6, True), (2, "archer", 2, True), (3, "farmer", 1, False)]
    assert g.strength(0) == 4 + 6 + 2


def test_whatif_evaluation_works_while_decisions_are_pending():
    from papertales.whatif import evaluate
    g = Game.new(players=3, seed=1).advance()
    before = dumps(g)
    r = evaluate(g)
    assert r["wars"]["lp_after"] == [6, 6, 6]       # empty kingdoms: every war is a 0-0 tie
    assert dumps(g) == before


def test_war_events_carry_opponent_and_strengths_as_data():
    from helpers import position
    g = position({"front": ["knight"]}, {"front": ["veteran", "farmer"]}, {"front": ["cook"]})
    g.advance(until="phase")
    wars = {(e.seat, e.params["opponent"]): (e.amount, e.params["strength"], e.params["against"])
            for e in g.events if e.kind == "war"}
    # Knight 4, Veteran 3 + Farmer 1 = 4, Cook 1: seat 0 ties seat 1 and beats seat 2
    assert wars[(0, 1)] == (1, 4, 4) and wars[(1, 0)] == (1, 4, 4)
    assert wars[(0, 2)] == (1, 4, 1) and wars[(2, 0)] == (0, 1, 4)
    assert loads(dumps(g)).events == g.events
